from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import yaml

from service.settings import DOCUMENTED, PREFIX

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
K8S = DEPLOY / "k8s"
DOCKERFILE = DEPLOY / "Dockerfile"
SECRET_SETTINGS = {f"{PREFIX}{n}" for n in ("ADMIN_KEY", "SLACK_SIGNING_SECRET",
                                             "SLACK_BOT_TOKEN")}


def _manifests() -> list[dict[str, Any]]:
    """Every Kubernetes object under deploy/k8s (the kustomization itself is not one)."""
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


def _one(kind: str, name: str) -> dict[str, Any]:
    found = [d for d in _manifests() if d["kind"] == kind and d["metadata"]["name"] == name]
    assert len(found) == 1, f"expected one {kind} {name}, found {len(found)}"
    return found[0]


def _containers(doc: dict[str, Any]) -> list[dict[str, Any]]:
    if doc["kind"] in ("Deployment", "StatefulSet", "DaemonSet"):
        return list(doc["spec"]["template"]["spec"]["containers"])
    return []


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) per instruction, line continuations joined, comments dropped."""
    text = "\n".join(line for line in DOCKERFILE.read_text().splitlines()
                     if not line.lstrip().startswith("#"))
    text = re.sub(r"\\\n", " ", text)
    out = []
    for line in text.splitlines():
        if line.strip():
            instr, _, args = line.strip().partition(" ")
            out.append((instr.upper(), args.strip()))
    return out


def _dockerfile_env() -> dict[str, str]:
    env = {}
    for instr, args in _dockerfile_instructions():
        if instr == "ENV":
            for token in shlex.split(args):
                name, eq, value = token.partition("=")
                assert eq, f"use the ENV NAME=value form: {args!r}"
                env[name] = value
    return env


def test_every_setting_deployed_is_documented() -> None:
    names: set[str] = set()
    for doc in _manifests():
        if doc["kind"] == "ConfigMap":
            names |= set(doc.get("data") or {})
        if doc["kind"] == "Secret":
            names |= set(doc.get("stringData") or {}) | set(doc.get("data") or {})
        for c in _containers(doc):
            names |= {e["name"] for e in c.get("env") or []}
    names |= set(_dockerfile_env())
    settings = {n for n in names if n.startswith(PREFIX)}
    assert f"{PREFIX}PORT" in settings and f"{PREFIX}ADMIN_KEY" in settings  # the scan works
    documented = {name for name, _, _ in DOCUMENTED}
    assert sorted(settings - documented) == [], "set in deploy/ but not in service.settings"


def test_secrets_live_only_in_the_secret() -> None:
    secret = _one("Secret", "gpu-advisor-secrets")
    values = secret.get("stringData") or {}
    assert {k for k in values if k.startswith(PREFIX)} == SECRET_SETTINGS
    assert all(str(v).startswith("change-me-") for v in values.values())
    config = _one("ConfigMap", "gpu-advisor-config")
    assert not SECRET_SETTINGS & set(config["data"])
    assert not SECRET_SETTINGS & set(_dockerfile_env())
    for doc in _manifests():
        for c in _containers(doc):
            assert not SECRET_SETTINGS & {e["name"] for e in c.get("env") or []}


def test_deployment_probes_ports_and_references() -> None:
    dep = _one("Deployment", "gpu-advisor")
    [container] = _containers(dep)
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
    [port] = container["ports"]
    svc = _one("Service", "gpu-advisor")
    [svc_port] = svc["spec"]["ports"]
    target = svc_port["targetPort"]
    assert target in (port["containerPort"], port.get("name"))
    assert port["containerPort"] == int(_dockerfile_env()[f"{PREFIX}PORT"])
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert container[probe]["httpGet"]["port"] in (port["containerPort"], port.get("name"))
    assert svc["spec"]["selector"].items() <= dep["spec"]["template"]["metadata"]["labels"].items()

    refs = container["envFrom"]
    config_refs = {r["configMapRef"]["name"] for r in refs if "configMapRef" in r}
    secret_refs = {r["secretRef"]["name"] for r in refs if "secretRef" in r}
    existing = {(d["kind"], d["metadata"]["name"]) for d in _manifests()}
    assert config_refs and secret_refs
    assert {("ConfigMap", n) for n in config_refs} <= existing
    assert {("Secret", n) for n in secret_refs} <= existing

    pod = dep["spec"]["template"]["spec"]
    sec = container["securityContext"]
    assert sec["readOnlyRootFilesystem"] is True and sec["allowPrivilegeEscalation"] is False
    assert (sec.get("runAsNonRoot") or pod["securityContext"].get("runAsNonRoot")) is True
    tmp = {m["name"] for m in container["volumeMounts"] if m["mountPath"] == "/tmp"}
    assert {v["name"] for v in pod["volumes"] if "emptyDir" in v} >= tmp != set()


def test_kustomization_lists_every_manifest() -> None:
    kust = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    files = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert sorted(kust["resources"]) == sorted(files)
    assert not list(K8S.glob("*.yml")), "use .yaml"


def test_redis_url_points_at_the_redis_service() -> None:
    config = _one("ConfigMap", "gpu-advisor-config")
    url = config["data"][f"{PREFIX}REDIS_URL"]
    m = re.fullmatch(r"redis://([a-z0-9-]+):(\d+)(/\d+)?", url)
    assert m, url
    svc = _one("Service", m.group(1))
    assert int(m.group(2)) in {p["port"] for p in svc["spec"]["ports"]}


def test_dockerfile_runs_as_non_root_and_builds_the_index() -> None:
    instructions = _dockerfile_instructions()
    users = [args for instr, args in instructions if instr == "USER"]
    assert users, "no USER line: the container would run as root"
    assert users[-1].split(":")[0] not in ("root", "0")
    runs = [args for instr, args in instructions if instr == "RUN"]
    assert any("gpu-advisor index build" in r for r in runs)
    assert any("download.pytorch.org/whl/cpu" in r for r in runs), "torch must be the CPU build"
    env = _dockerfile_env()
    assert env[f"{PREFIX}HOST"] == "0.0.0.0"
    assert env["HF_HUB_OFFLINE"] == "1"
    expose = [args for instr, args in instructions if instr == "EXPOSE"]
    assert expose == [env[f"{PREFIX}PORT"]]
    assert any(instr == "HEALTHCHECK" and "/healthz" in args for instr, args in instructions)
