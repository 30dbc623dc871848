"""Node networks as catalog data: catalog/sources/node_network.toml fills the offers' network
columns through scripts/build_catalog.py, every rule sourced, a conflict with a hand check or an
unknown network value stops the build, and the shipped catalog carries the fast fabrics."""

from __future__ import annotations

import datetime as dt
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.offers_files import load_offers
from service.domain.catalog.offers import Offer
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
AS_OF = dt.date(2026, 11, 1)


@cache
def build_module() -> Any:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "scripts" / "build_catalog.py"
    spec = importlib.util.spec_from_file_location("build_catalog_node_network", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def offer(oid: str, provider: str, instance_type: str, gpu: str = "h100-sxm",
          network: str | None = None, gbps: float | None = None) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=instance_type, regions=["r1"], gpu=gpu,
                 gpu_count=8, network=network, network_gbps=gbps,  # type: ignore[arg-type]
                 on_demand_usd_h=10.0, as_of=AS_OF, source="test")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "node_network.toml"
    path.write_text(text)
    return path


def test_first_matching_rule_fills_network_and_leaves_source_alone(tmp_path: Path) -> None:
    rules = write(tmp_path, '''
[[rule]]
provider = "p"
instance_pattern = "FAST-*"
network = "infiniband"
network_gbps = 3200
source = "page A, 2026-01-01"

[[rule]]
provider = "p"
instance_pattern = "*"
network = "ethernet"
source = "page B, undated"

[[rule]]
provider = "q"
instance_pattern = "*"
source = "a decision: on-demand instances are not on the cluster fabric"
''')
    offers = {"p": [offer("p-fast", "p", "fast-8x"), offer("p-slow", "p", "slow-8x")],
              "q": [offer("q-1", "q", "gpu_8x_h100")]}
    log = build_module().apply_node_network(offers, rules)
    got = {o.id: (o.network, o.network_gbps, o.source) for o in offers["p"] + offers["q"]}
    assert got == {"p-fast": ("infiniband", 3200.0, "test"), "p-slow": ("ethernet", None, "test"),
                   "q-1": (None, None, "test")}
    assert len(log) == 2 and "3200" in log[0]


def test_gpu_narrows_a_rule(tmp_path: Path) -> None:
    rules = write(tmp_path, '''
[[rule]]
provider = "p"
instance_pattern = "*"
gpu = "b200"
network = "roce"
source = "s"
''')
    offers = {"p": [offer("p-h", "p", "x"), offer("p-b", "p", "y", gpu="b200")]}
    build_module().apply_node_network(offers, rules)
    assert [o.network for o in offers["p"]] == [None, "roce"]


def test_a_hand_checked_network_must_agree_with_its_rule(tmp_path: Path) -> None:
    rules = write(tmp_path, '''
[[rule]]
provider = "p"
instance_pattern = "*"
network = "efa"
network_gbps = 3200
source = "s"
''')
    same = {"p": [offer("p-1", "p", "x", network="efa", gbps=3200)]}
    assert build_module().apply_node_network(same, rules) == []
    other = {"p": [offer("p-1", "p", "x", network="efa", gbps=400)]}
    with pytest.raises(SystemExit, match="p-1 has network efa 400 Gb/s, the rule says efa 3200"):
        build_module().apply_node_network(other, rules)


@pytest.mark.parametrize(("body", "needle"), [
    ('network = "tcpx"\nsource = "s"', "not one of"),
    ('network = "efa"\nnetwork_gbps = 0\nsource = "s"', "0 < Gb/s"),
    ('network_gbps = 100\nsource = "s"', "needs a network"),
    ('network = "efa"', "source are required"),
    ('network = "efa"\nsource = "s"\nspeed = 1', "unknown key"),
])
def test_bad_rules_stop_the_build(tmp_path: Path, body: str, needle: str) -> None:
    rules = write(tmp_path, f'[[rule]]\nprovider = "p"\ninstance_pattern = "*"\n{body}\n')
    with pytest.raises(SystemExit, match=needle):
        build_module().load_node_network(rules)


def test_shipped_rules_are_sourced_and_valid() -> None:
    rules = build_module().load_node_network()
    assert len(rules) >= 20
    for r in rules:
        assert len(r["source"]) > 20, r


def test_shipped_catalog_has_fast_node_networks_where_sourced() -> None:
    offers, _, problems = load_offers(CATALOG, load_registry(CATALOG).registry)
    assert not problems
    by_type = {(o.provider, o.instance_type): o for o in offers}
    expect = {("aws", "p4d.24xlarge"): ("efa", 400), ("aws", "p5.48xlarge"): ("efa", 3200),
              ("aws", "p5en.48xlarge"): ("efa", 3200), ("aws", "p6-b200.48xlarge"): ("efa", 3200),
              ("gcp", "a3-ultragpu-8g"): ("roce", 3200),
              ("gcp", "a3-highgpu-8g"): ("ethernet", 1000),
              ("azure", "Standard_ND96amsr_A100_v4"): ("infiniband", 1600),
              ("azure", "Standard_ND96isr_H100_v5"): ("infiniband", 3200),
              ("oci", "BM.GPU.A100-v2.8"): ("roce", None),
              ("coreweave", "HGX H100 (8-GPU node)"): ("infiniband", None),
              ("nebius", "gpu-h100-sxm_8gpu-128vcpu-1600gb"): ("infiniband", None)}
    for key, (net, gbps) in expect.items():
        o = by_type[key]
        assert (o.network, o.network_gbps) == (net, gbps), key
    # on-demand Lambda instances and RunPod pods are not on a cluster fabric: left empty
    assert all(o.network is None for o in offers if o.provider in ("lambda", "runpod"))
    # single-GPU Nebius VMs stay unknown
    assert by_type[("nebius", "gpu-h100-sxm_1gpu-16vcpu-200gb")].network is None
    assert sum(o.network is not None for o in offers) >= 80
