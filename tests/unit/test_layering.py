"""The direction of imports, enforced: the pure core (``service.domain``) imports no web
framework, no Slack or Redis client, no ML library and nothing of the adapters or the API;
the evaluation harnesses only the core; the adapters nothing of the API; and no module
imports, directly or through others, itself (imports inside functions count: a lazy import
is still an arrow). Read from the source with ``ast``; nothing is imported."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"

FRAMEWORKS = ("litestar", "uvicorn", "slack_sdk", "redis", "torch", "faiss",
              "sentence_transformers", "numpy", "bm25s", "httpx", "aiohttp",
              "prometheus_client", "structlog")
RULES: dict[str, tuple[str, ...]] = {
    # layer: the module prefixes it must not import
    "service.domain": (*FRAMEWORKS, "service.api", "service.adapters", "service.app",
                       "service.cli", "service.settings", "service.evaluation",
                       "service.logging"),
    "service.evaluation": (*FRAMEWORKS, "service.api", "service.adapters", "service.app",
                           "service.cli", "service.settings"),
    "service.adapters": ("litestar", "service.api", "service.app", "service.cli"),
    "service.settings": ("service.adapters", "service.api", "service.app", "litestar"),
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in SERVICE.rglob("*.py")
           if "_data" not in p.parts and p.name != "__main__.py"}


def imports(name: str) -> Iterator[tuple[str, int]]:
    """Every module ``name`` imports (at any depth of its code), with the line."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield target, node.lineno
            for alias in node.names:  # "from service.domain import sizing" is a module
                if f"{target}.{alias.name}" in MODULES:
                    yield f"{target}.{alias.name}", node.lineno


def _in(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def violations() -> list[str]:
    out = []
    for name in sorted(MODULES):
        for layer, banned in RULES.items():
            if not _in(name, layer):
                continue
            for target, line in imports(name):
                for b in banned:
                    if _in(target, b):
                        out.append(f"{MODULES[name].relative_to(ROOT)}:{line}: {name} "
                                   f"imports {target} ({layer} must not import {b})")
    return out


def cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), over the service's
    own modules; an import of a package counts as an arrow to its ``__init__``."""
    graph = {name: sorted({t for t, _ in imports(name) if t in MODULES and t != name})
             for name in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_core_and_the_adapters_import_in_one_direction() -> None:
    assert violations() == []


def test_no_import_cycles() -> None:
    assert cycles() == []


def test_the_checks_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules and the cycle search catch what they are for (on made-up modules)."""
    fake = {"service.domain.x": "from litestar import get\nfrom service.domain import y\n",
            "service.domain.y": "import service.domain.x\n"}
    paths = {name: ROOT / "build" / f"{name}.py" for name in fake}
    monkeypatch.setattr(Path, "read_text",
                        lambda self, encoding=None: fake.get(
                            next((n for n, p in paths.items() if p == self), ""), ""))
    monkeypatch.setattr(f"{__name__}.MODULES", paths)
    monkeypatch.setattr(f"{__name__}.module_name", lambda p: p.stem)
    assert any("imports litestar" in v for v in violations())
    assert cycles() == [["service.domain.x", "service.domain.y"]]
