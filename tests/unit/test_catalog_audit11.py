"""Audit 11: an 8-GPU board of an NVSwitch part says nvswitch (B300 was missed), Azure NCv3 is a
V100 card rather than SXM2, and instance types their provider has retired (Azure NCv3, NCv2)
are not offers."""

from __future__ import annotations

import datetime as dt

import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.importers import interconnect, parse_fsdl, retired
from service.adapters.offers_files import load_offers
from service.domain.catalog.offers import Offer
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
FSDL_HEADER = "Cloud,GPU Type,GPU Arch,GPUs,GPU RAM,vCPUs,RAM,On-demand,Per-GPU,Spot,Name\n"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(CATALOG).registry


@pytest.fixture(scope="module")
def offers(registry: Registry) -> list[Offer]:
    loaded, _, problems = load_offers(CATALOG, registry)
    assert not problems
    return loaded


def _spec_says_nvswitch_board(registry: Registry, gid: str) -> bool:
    """Read from catalog/gpus.toml, independently of the importer: an SXM part whose link is
    named NVSwitch."""
    gpu = registry.gpus[gid]
    return gpu.form_factor.startswith("SXM") and "NVSwitch" in gpu.link_name


def test_every_eight_gpu_offer_of_an_nvswitch_part_says_nvswitch(
        registry: Registry, offers: list[Offer]) -> None:
    wrong = [f"{o.id} ({o.gpu} x{o.gpu_count}: {o.interconnect})" for o in offers
             if o.gpu_count >= 8 and _spec_says_nvswitch_board(registry, o.gpu)
             and o.interconnect != "nvswitch"]
    assert wrong == []


def test_the_nvswitch_parts_of_the_registry_include_b300_and_b200(registry: Registry) -> None:
    parts = {g for g in registry.gpus if _spec_says_nvswitch_board(registry, g)}
    assert {"b300", "b200", "h100-sxm", "h200-sxm", "a100-sxm-80gb"} <= parts
    assert "v100-sxm2-16gb" not in parts  # a hybrid cube mesh, not an NVSwitch board


@pytest.mark.parametrize("gid", ["b300", "b200", "h100-sxm", "h200-sxm", "a100-sxm-40gb"])
def test_interconnect_of_eight_gpus_on_an_nvswitch_board(registry: Registry, gid: str) -> None:
    gpu = registry.gpus[gid]
    assert interconnect(gpu, 8) == "nvswitch"
    assert interconnect(gpu, 4) == "nvlink"
    assert interconnect(gpu, 1) == "none"


def test_b300_offers_of_eight_gpus_are_relabelled(offers: list[Offer]) -> None:
    by_id = {o.id: o for o in offers}
    for oid in ("aws-p6-b300-48xlarge", "verda-8b300-240v", "lium-b300-8x", "daytona-8x-b300"):
        assert by_id[oid].interconnect == "nvswitch", oid


def test_v100_sxm2_and_amd_oam_boards_are_not_called_nvswitch(registry: Registry) -> None:
    assert interconnect(registry.gpus["v100-sxm2-32gb"], 8) == "nvlink"
    assert interconnect(registry.gpus["mi300x"], 8) == "unknown"


# ------------------------------------------------------------------ Azure NCv3 / NCv2


def _fsdl(registry: Registry, rows: str):
    return parse_fsdl(FSDL_HEADER + rows, dt.date(2025, 3, 7), "fsdl", registry)


def test_azure_ncv3_is_a_v100_card_and_retired(registry: Registry) -> None:
    res = _fsdl(registry, "Azure,V100 (16 GB),Volta,2,32,12,224,6.12,3.06,2.70,NC12s v3\n"
                          "Azure,V100 (16 GB),Volta,4,64,24,448,12.24,3.06,5.40,NC24s v3\n")
    assert res.offers == []
    said = " ".join(res.skipped)
    assert "Standard_NC12s_v3 (2 x v100-pcie-16gb): retired by the provider on 2025-09-30" in said
    assert "Standard_NC24s_v3 (4 x v100-pcie-16gb)" in said
    assert "ncv3-nc6s-nc12s-nc24s-retirement.md" in said


def test_azure_ncv2_is_retired_and_current_families_are_kept(registry: Registry) -> None:
    res = _fsdl(registry, "Azure,P100 (16 GB),Pascal,1,16,6,112,2.07,2.07,0.22,NC6s v2\n"
                          "Azure,T4 (16 GB),Turing,1,16,4,28,0.53,0.53,0.21,NC4as T4 v3\n")
    assert [o.instance_type for o in res.offers] == ["Standard_NC4as_T4_v3"]
    assert any("Standard_NC6s_v2 (1 x p100-pcie): retired by the provider on 2023-08-31" in s
               for s in res.skipped)


def test_retirement_lookup_spellings() -> None:
    end = retired("azure", "Standard_NC24s_v3")
    assert end is not None and end.on == dt.date(2025, 9, 30) and end.source.startswith("https://")
    assert retired("azure", "NC6s v3") == end
    assert retired("azure", "Standard_NC24ads_A100_v4") is None
    assert retired("aws", "NC6s_v3") is None


def test_no_shipped_offer_is_a_retired_instance(offers: list[Offer]) -> None:
    assert [o.id for o in offers if retired(o.provider, o.instance_type)] == []
    assert not [o.id for o in offers if o.provider == "azure" and "v3" in o.id
                and o.gpu.startswith("v100")]
