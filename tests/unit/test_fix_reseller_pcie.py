"""Resold machines take their upstream's form factor: Shadeform's "hyperstack_H100x4" and
PrimeIntellect's "hyperstack__4xH100_80GB__124__720" are Hyperstack's n3-H100x4, an
"H100-80G-PCIe" machine (skypilot-catalog-newer/hyperstack/vms.csv), not an SXM node on NVLink;
Shadeform's "lambdalabs_H100" (26 vCPU / 200 GiB) is Lambda's gpu_1x_h100_pcie
(lambda/vms.csv ``gpu_1x_h100_pcie,H100,1,26,200``)."""

from __future__ import annotations

import datetime as dt

import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.importers import parse_skypilot
from service.adapters.offers_files import load_offer_file
from service.domain.catalog.offers import Offer
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
AS_OF = dt.date(2026, 9, 30)

# The upstream's own rows (shapes and names as in skypilot-catalog-newer/hyperstack/vms.csv).
HYPERSTACK = "\n".join([
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,TotalGpuMemoryInMiB,Price,"
    "Region,SpotPrice",
    "n3-H100x1,H100-80G-PCIe,1,28,180.0,81920,1.9,CANADA-1,",
    "n3-H100x4,H100-80G-PCIe,4,124,720.0,327680,7.6,CANADA-1,",
    "n3-H100x8-NVLink,H100-80G-PCIe-NVLink,8,252,1440.0,655360,15.6,CANADA-1,",
    "n3-A100x8,A100-80G-PCIe,8,252,1440.0,655360,10.8,CANADA-1,",
    "n3-H100-SXM5x8,H100-80G-SXM5,8,192,1800.0,655360,19.2,CANADA-1,",
])
# Shadeform's resale of them (skypilot-catalog-newer/shadeform/vms.csv: GB in the MiB column).
SHADEFORM = "\n".join([
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,"
    "GpuInfo_MemoryInfo_SizeInMiB,SpotPrice",
    "hyperstack_H100,H100,1.0,28.0,180,1.9,montreal-canada-2,80,",
    "hyperstack_H100x4,H100,4.0,124.0,720,7.6,montreal-canada-2,80,",
    "hyperstack_H100x8-NVLINK,H100,8.0,252.0,1440,15.6,montreal-canada-2,80,",
    "hyperstack_A100-80GBx8,A100-80GB,8.0,252.0,1440,10.8,montreal-canada-2,80,",
    # no upstream row of this shape (the upstream's SXM5 node has 1800 GiB): left as named
    "hyperstack_H100-sxm5x8,H100,8.0,192.0,960,19.2,houston-usa-3,80,",
    # a shape the upstream does not sell: nothing to take, the importer's default stays
    "hyperstack_H100x3,H100,3.0,90.0,540,5.7,montreal-canada-2,80,",
])
# PrimeIntellect's resale (skypilot-catalog/v8/primeintellect/vms.csv: SizeInMiB per node).
PRIME = "\n".join([
    "InstanceType,UpstreamCloudId,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,"
    "Region,AvailabilityZone,Price,SpotPrice",
    'hyperstack__8xH100_80GB__252__1440__NVLINK,n3-H100x8-NVLink,252.0,1440,H100,8.0,'
    '"{""Gpus"":[{""Name"":""H100"",""Count"":8,""MemoryInfo"":{""SizeInMiB"":655360}}]}",'
    'CA,CANADA-1,15.6,',
    'hyperstack__1xH100_80GB__28__180,n3-H100x1,28.0,180,H100,1.0,'
    '"{""Gpus"":[{""Name"":""H100"",""Count"":1,""MemoryInfo"":{""SizeInMiB"":81920}}]}",'
    'CA,CANADA-1,1.9,',
])


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(CATALOG).registry


def _upstream(registry: Registry) -> dict[str, list[Offer]]:
    up = parse_skypilot(HYPERSTACK, "hyperstack", AS_OF, "hs", registry)
    return {"hyperstack": up.offers}


def test_direct_rows_are_pcie(registry: Registry) -> None:
    """The upstream's own rows, as the importer reads them: the reference for the resales."""
    by = {o.instance_type: o for o in _upstream(registry)["hyperstack"]}
    # the machine named NVLink has its PCIe cards bridged (review of fix/pcienvl: the importer
    # reads the name; it was "pcie", timed without the bridge since fix/pcienvl)
    assert (by["n3-H100x8-NVLink"].gpu, by["n3-H100x8-NVLink"].interconnect) == ("h100-pcie",
                                                                                  "nvlink")
    assert by["n3-A100x8"].gpu == "a100-pcie-80gb"
    assert (by["n3-H100-SXM5x8"].gpu, by["n3-H100-SXM5x8"].interconnect) == ("h100-sxm",
                                                                              "nvswitch")


def test_shadeform_resale_takes_the_upstream_form_factor(registry: Registry) -> None:
    res = parse_skypilot(SHADEFORM, "shadeform", AS_OF, "sf", registry,
                         upstream=_upstream(registry))
    by = {o.instance_type: o for o in res.offers}
    got = {t: (o.gpu, o.gpu_count, o.interconnect) for t, o in by.items()}
    assert got["hyperstack_H100"] == ("h100-pcie", 1, "none")
    assert got["hyperstack_H100x4"] == ("h100-pcie", 4, "pcie")
    # the "-NVLink" PCIe machine exactly as the direct n3-H100x8-NVLink row is
    assert got["hyperstack_H100x8-NVLINK"] == ("h100-pcie", 8, "nvlink")  # bridged, as upstream
    assert got["hyperstack_A100-80GBx8"] == ("a100-pcie-80gb", 8, "pcie")
    # the name says SXM5 and no upstream row has its shape: unchanged
    assert got["hyperstack_H100-sxm5x8"] == ("h100-sxm", 8, "nvswitch")
    # no upstream row of that shape: the importer's own mapping stays
    assert got["hyperstack_H100x3"] == ("h100-sxm", 3, "nvlink")
    # the offer says where its form factor came from
    assert "n3-H100x4" in by["hyperstack_H100x4"].source
    assert by["hyperstack_H100x3"].source == "sf"


def test_primeintellect_resale_takes_the_upstream_form_factor(registry: Registry) -> None:
    res = parse_skypilot(PRIME, "primeintellect", AS_OF, "pi", registry,
                         upstream=_upstream(registry))
    got = {o.instance_type: (o.gpu, o.interconnect) for o in res.offers}
    assert got["hyperstack__8xH100_80GB__252__1440__NVLINK"] == ("h100-pcie", "nvlink")  # bridged
    assert got["hyperstack__1xH100_80GB__28__180"] == ("h100-pcie", "none")


def test_without_upstream_rows_nothing_changes(registry: Registry) -> None:
    """The rule needs the upstream's rows; without them the importer maps as before."""
    res = parse_skypilot(SHADEFORM, "shadeform", AS_OF, "sf", registry)
    assert {o.gpu for o in res.offers} == {"h100-sxm", "a100-sxm-80gb"}


def test_ambiguous_upstream_shape_changes_nothing(registry: Registry) -> None:
    """Two upstream machines of one shape with different GPUs settle nothing."""
    up = parse_skypilot(HYPERSTACK, "hyperstack", AS_OF, "hs", registry).offers
    sxm = parse_skypilot(HYPERSTACK.replace("n3-H100x4,H100-80G-PCIe", "n3-H100-SXMx4,H100-SXM"),
                         "hyperstack", AS_OF, "hs", registry).offers
    res = parse_skypilot(SHADEFORM, "shadeform", AS_OF, "sf", registry,
                         upstream={"hyperstack": [*up, *sxm]})
    by = {o.instance_type: o for o in res.offers}
    assert by["hyperstack_H100x4"].gpu == "h100-sxm"
    assert by["hyperstack_H100"].gpu == "h100-pcie"


# ------------------------------------------------------------------ the shipped catalog

RESOLD_PCIE = {
    "shadeform": {
        "shadeform-hyperstack-h100": "h100-pcie",
        "shadeform-hyperstack-h100x2": "h100-pcie",
        "shadeform-hyperstack-h100x4": "h100-pcie",
        "shadeform-hyperstack-h100x8-nvlink": "h100-pcie",
        "shadeform-hyperstack-a100-80gb": "a100-pcie-80gb",
        "shadeform-hyperstack-a100-80gbx2": "a100-pcie-80gb",
        "shadeform-hyperstack-a100-80gbx4": "a100-pcie-80gb",
        "shadeform-hyperstack-a100-80gbx8": "a100-pcie-80gb",
        "shadeform-lambdalabs-h100": "h100-pcie",
    },
    "primeintellect": {
        "primeintellect-hyperstack-1xh100-80gb-28-180": "h100-pcie",
        "primeintellect-hyperstack-2xh100-80gb-60-360": "h100-pcie",
        "primeintellect-hyperstack-4xh100-80gb-124-720": "h100-pcie",
        "primeintellect-hyperstack-8xh100-80gb-252-1440": "h100-pcie",
        "primeintellect-hyperstack-1xa100-80gb-28-120": "a100-pcie-80gb",
        "primeintellect-hyperstack-2xa100-80gb-60-240": "a100-pcie-80gb",
        "primeintellect-hyperstack-4xa100-80gb-124-480": "a100-pcie-80gb",
        "primeintellect-hyperstack-8xa100-80gb-252-1920-nvlink": "a100-pcie-80gb",
    },
}


def _shipped(provider: str, registry: Registry) -> dict[str, Offer]:
    rows = load_offer_file(CATALOG / "offers" / f"{provider}.csv", f"offers/{provider}.csv",
                           registry, None, [])
    return {o.id: o for _, o in rows}


@pytest.mark.parametrize("provider", sorted(RESOLD_PCIE))
def test_shipped_resold_hyperstack_and_lambda_pcie_are_pcie(provider: str,
                                                            registry: Registry) -> None:
    shipped = _shipped(provider, registry)
    wrong = {oid: (shipped[oid].gpu, shipped[oid].interconnect)
             for oid, gid in RESOLD_PCIE[provider].items()
             if shipped[oid].gpu != gid
             or shipped[oid].interconnect != ("none" if shipped[oid].gpu_count == 1
                                              # a machine named NVLink is bridged
                                              else "nvlink" if "nvlink" in oid else "pcie")}
    assert not wrong


def test_shipped_resold_sxm_machines_stay_sxm(registry: Registry) -> None:
    """The resellers' real SXM machines keep their SXM part and NVSwitch."""
    shade = _shipped("shadeform", registry)
    prime = _shipped("primeintellect", registry)
    for o in (shade["shadeform-hyperstack-h100-sxm5x8"],
              prime["primeintellect-hyperstack-8xh100-80gb-192-960"],
              prime["primeintellect-lambdalabs-8xa100-80gb-240-1800"]):
        assert (o.gpu_count, o.interconnect) == (8, "nvswitch"), o.id
        assert o.gpu in ("h100-sxm", "a100-sxm-80gb"), o.id
