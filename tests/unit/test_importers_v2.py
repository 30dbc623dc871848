"""Offer catalog v2 importers: SkyPilot v9 columns and exports, honest dates (as_of_kind), the
source's cautions, sentinel and impossible prices, TPU slices, region price levels kept apart,
hand-read pricing pages, and the shipped catalog's coverage."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.importers import (
    ImportError_,
    map_gpu,
    offers_csv,
    parse_hyperscaler,
    parse_pricing_pages,
    parse_skypilot,
    source_cautions,
)
from service.adapters.offers_files import load_offer_file, load_offers
from service.domain.catalog.offers import OFFER_COLUMNS, Offer
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
NEWER = Path("/work/shared/reference/catalog_sources/skypilot-catalog-newer")
needs_newer = pytest.mark.skipif(not NEWER.is_dir(), reason="newer SkyPilot files not present")
AS_OF = dt.date(2026, 9, 30)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(CATALOG).registry


def sky(text: str, registry: Registry, provider: str = "p", **kw: object):
    return parse_skypilot(text, provider, AS_OF, "src", registry, **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------ schema


def test_columns_place_as_of_kind_after_as_of_and_caution_after_source() -> None:
    cols = list(OFFER_COLUMNS)
    assert cols[cols.index("as_of") + 1] == "as_of_kind"
    assert cols[cols.index("source") + 1] == "caution"


def test_as_of_kind_is_validated_and_defaults_to_assumed() -> None:
    import msgspec

    base = dict(id="p-a", provider="p", instance_type="a", regions=[], gpu="t4", gpu_count=1,
                on_demand_usd_h=1.0, as_of="2026-09-30", source="s")
    assert msgspec.convert(base, Offer).as_of_kind == "assumed"
    assert msgspec.convert({**base, "as_of_kind": "published"}, Offer).as_of_kind == "published"
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({**base, "as_of_kind": "guessed"}, Offer)


def test_loader_requires_as_of_kind_and_rejects_unknown_kinds(tmp_path: Path,
                                                              registry: Registry) -> None:
    header = ",".join(OFFER_COLUMNS)
    path = tmp_path / "p.csv"
    path.write_text(header + "\n"
                    "p-a,p,a,,t4,1,none,,,,,,1.0,,,,,,2026-01-01,,s,\n"
                    "p-b,p,b,,t4,1,none,,,,,,1.0,,,,,,2026-01-01,someday,s,\n"
                    "p-c,p,c,,t4,1,none,,,,,,1.0,,,,,,2026-01-01,published,s,looks wrong\n")
    problems: list = []
    got = load_offer_file(path, "offers/p.csv", registry, None, problems)
    text = [str(p) for p in problems]
    assert any("offers/p.csv:2:" in t and "missing as_of_kind" in t for t in text)
    assert any("offers/p.csv:3:" in t and "as_of_kind" in t for t in text)
    assert [(o.id, o.as_of_kind, o.caution) for _, o in got] == [
        ("p-c", "published", "looks wrong")]


# ------------------------------------------------------------------ v9 columns and exports


V9_AWS = ("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,"
          "GpuInfo_SizeInMiB_per_gpu,Price,SpotPrice,Region,AvailabilityZone,Arch,LocalDiskType,"
          "NVMeSupported,LocalDiskSize,LocalDiskCount\n"
          "p4de.24xlarge,A100-80GB,8.0,96.0,1152.0,81920,40.96,12.0,us-east-1,use1-az1,x86_64,"
          "ssd,True,1000.0,8.0\n"
          "p4de.24xlarge,A100-80GB,8.0,96.0,1152.0,81920,40.96,14.0,us-east-1,use1-az2,x86_64,"
          "ssd,True,1000.0,8.0\n"
          "p5.48xlarge,H100,8.0,192.0,2048.0,81920,55.04,55.04,us-east-1,use1-az1,x86_64,ssd,"
          "True,3800.0,8.0\n"
          "p5e.48xlarge,H200,8.0,192.0,2048.0,144384,,19.2,us-east-2,use2-az3,x86_64,ssd,True,"
          "3800.0,8.0\n")


def test_v9_columns_and_per_gpu_memory_column(registry: Registry) -> None:
    res = sky(V9_AWS, registry, "aws")
    by = {o.id: o for o in res.offers}
    assert by["aws-p4de-24xlarge"].gpu == "a100-sxm-80gb"
    assert by["aws-p5-48xlarge"].spot_usd_h is None  # spot == on-demand: no spot offer
    p5e = by["aws-p5e-48xlarge"]
    assert (p5e.gpu, p5e.on_demand_usd_h, p5e.spot_usd_h) == ("h200-sxm", None, 19.2)


def test_dearer_zone_is_dropped_by_default_and_kept_apart_with_split_regions(
        registry: Registry) -> None:
    merged = sky(V9_AWS, registry, "aws")
    assert [o.spot_usd_h for o in merged.offers if o.instance_type == "p4de.24xlarge"] == [12.0]
    assert any("dropped dearer region prices" in s for s in merged.skipped)
    split = sky(V9_AWS, registry, "aws", split_regions=True)
    p4de = {o.id: o for o in split.offers if o.instance_type == "p4de.24xlarge"}
    assert p4de["aws-p4de-24xlarge"].regions == ["us-east-1/use1-az1"]
    other = p4de["aws-p4de-24xlarge-us-east-1-use1-az2"]
    assert (other.spot_usd_h, other.regions) == (14.0, ["us-east-1/use1-az2"])


@pytest.mark.parametrize(("column", "values", "expected"), [
    # node totals (hyperstack, jarvislabs, vast, yotta, fluidstack, seeweb)
    ("TotalGpuMemoryInMiB", ("81920", "163840"), "a100-pcie-80gb"),
    # per GPU in GB (shadeform, runpod)
    ("GpuInfo_MemoryInfo_SizeInMiB", ("80", "80"), "a100-pcie-80gb"),
    # named per GPU but growing with the count (verda): read as node totals
    ("GpuInfo_MemoryInfo_SizeInMiB", ("40960", "81920"), "a100-pcie-40gb"),
    ("GpuPerGpuMiB", ("40960", "40960"), "a100-pcie-40gb"),
])
def test_memory_columns_of_the_exports(column: str, values: tuple[str, str], expected: str,
                                       registry: Registry) -> None:
    text = (f"InstanceType,AcceleratorName,AcceleratorCount,Price,Region,{column}\n"
            f"x1-pcie,A100,1,1.0,r,{values[0]}\nx2-pcie,A100,2,2.0,r,{values[1]}\n")
    offers = sky(text, registry).offers
    assert {o.gpu for o in offers} == {expected}


def test_verda_names_with_node_memory_and_nvlink_suffix_map(registry: Registry) -> None:
    assert map_gpu(registry, "A100-80GB-640GB").id == "a100-sxm-80gb"  # type: ignore[union-attr]
    assert map_gpu(registry, "H100-NVLINK", mem_gib=[80]).id == "h100-sxm"  # type: ignore[union-attr]


def test_unknown_column_is_still_an_error(registry: Registry) -> None:
    with pytest.raises(ImportError_, match="unknown column"):
        sky("InstanceType,AcceleratorName,AcceleratorCount,Price,Region,Bogus\n"
            "a,T4,1,1.0,r,x\n", registry)


# ------------------------------------------------------------------ prices the source warns about


GCP = ("InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo_SizeInMiB,Region,"
       "AvailabilityZone,Price,SpotPrice\n"
       ",,,A100,2,40960,us-central1,us-central1-f,5.86782,3.0798\n"
       ",,,tpu-v6e-1,1,,us-central1,us-central1-a,2.7,0.59266\n"
       ",,,tpu-v6e-1,1,,us-central2,us-central2-b,700.0,700.0\n"
       ",,,tpu-v6e-1,1,,southamerica-west1,southamerica-west1-a,2.7,700.0\n"
       ",,,tpu-v6e-256,1,,us-central1,us-central1-a,691.2,151.72224\n"
       ",,,tpu-v5p-12288,1,,us-central1,us-central1-a,25804.8,4795.33056\n")


def test_gcp_accelerator_rows_tpu_slices_and_700_sentinels(registry: Registry) -> None:
    res = sky(GCP, registry, "gcp", split_regions=True)
    by = {o.id: o for o in res.offers}
    assert set(by) == {"gcp-tpu-v6e-1", "gcp-tpu-v6e-1-southamerica-west1-southamerica-west1-a"}
    tpu = by["gcp-tpu-v6e-1"]
    assert (tpu.gpu, tpu.gpu_count, tpu.on_demand_usd_h, tpu.spot_usd_h) == (
        "tpu-v6e", 1, 2.7, 0.59266)
    assert by["gcp-tpu-v6e-1-southamerica-west1-southamerica-west1-a"].spot_usd_h is None
    skipped = "\n".join(res.skipped)
    assert "accelerator-only rows" in skipped  # the A100 GPU price without its host VM
    assert skipped.count("sentinel value") == 3
    assert "256 TPU chips" in skipped and "6144 TPU chips" in skipped


MITHRIL = ("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,"
           "GpuPerGpuMiB\n"
           "h100-80gb.sxm.8x,H100,8,168,1814,8.0,8.0,us-central2-a,81920\n"
           "a100-80gb.sxm.1x,A100,1,26,190,0.01,0.01,us-central3-a,81920\n")


def test_placeholder_prices_dropped_odd_ones_kept_with_the_source_caution(
        registry: Registry) -> None:
    res = sky(MITHRIL, registry, "mithril", caution="SOURCE.txt: 'PRICES LOOK WRONG'")
    assert [(o.id, o.on_demand_usd_h, o.spot_usd_h, o.caution) for o in res.offers] == [
        ("mithril-h100-80gb-sxm-8x", None, 8.0, "SOURCE.txt: 'PRICES LOOK WRONG'")]
    assert any("a100-80gb.sxm.1x" in s and "below $0.05" in s for s in res.skipped)


def test_spot_above_on_demand_dropped_and_said_in_caution(registry: Registry) -> None:
    text = ("InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region\n"
            "a,T4,1,1.0,1.5,r\nb,T4,1,1.0,0.00,r\n")
    by = {o.id: o for o in sky(text, registry, cautions={"a": "per-type note"}).offers}
    assert by["p-a"].spot_usd_h is None
    assert by["p-a"].caution.startswith("per-type note | source spot $1.5/h is above")
    assert (by["p-b"].spot_usd_h, by["p-b"].caution) == (None, "")  # vast 0.00: no spot


def test_as_of_kind_flows_into_offers_and_csv(registry: Registry) -> None:
    text = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\na,T4,1,1.0,r\n"
    offers = sky(text, registry, as_of_kind="published").offers
    assert offers[0].as_of_kind == "published"
    assert offers_csv(offers).splitlines()[1].endswith(",2026-09-30,published,src,")


def test_hyperscaler_notes_become_cautions(registry: Registry) -> None:
    header = ("provider,instance_type,region,gpu,gpu_count,vcpus,ram_gib,on_demand_usd_h,"
              "spot_usd_h,as_of,source\n")
    text = header + (
        "AWS,p4d.24xlarge,us-east-1,A100,8,96,1152,21.96,2.47,c,x; spot az1 2.47 looks "
        "anomalous; other AZs 7.9\n"
        "Azure,Standard_NC48ads_A100_v4,eastus,A100-80GB,2,48,440,7.346,,c,y; cross-check: "
        "z lists 9.554 $/h eastus\n"
        "GCP,g2-standard-4,us-central1,L4,1,4,16,0.7,0.9,c,w\n")
    by = {o.id: o for o in parse_hyperscaler(text, AS_OF, registry).offers}
    # a note about the spot price alone drops that price, not the row's on-demand price
    # (buyer audit 27a #6): no caution, the spot price gone, said in the source
    p4d = by["aws-p4d-24xlarge"]
    assert (p4d.caution, p4d.spot_usd_h, p4d.on_demand_usd_h) == ("", None, 21.96)
    assert "spot $2.47/h dropped: the source says spot az1 2.47 looks anomalous" in p4d.source
    assert "lists 9.554 $/h" in by["azure-standard-nc48ads-a100-v4"].caution
    assert by["gcp-g2-standard-4"].spot_usd_h is None
    assert "above on-demand" in by["gcp-g2-standard-4"].caution
    assert all(o.as_of_kind == "assumed" for o in by.values())
    assert source_cautions("a; CAUTION b; c") == ["CAUTION b"]


# ------------------------------------------------------------------ pricing pages


PAGES_HEADER = ("provider,instance_type,regions,gpu,gpu_count,vcpus,ram_gib,disk_gb,network,"
                "network_gbps,on_demand_usd_h,spot_usd_h,reserved_usd_h,reserved_term,as_of,"
                "as_of_kind,source,caution\n")


def test_pricing_pages_rows(registry: Registry) -> None:
    text = ("# a comment\n" + PAGES_HEADER
            + "x,H100 SXM (per GPU-hour),,h100-sxm,1,,,,,,2.69,,,,2026-11-09,retrieved,"
              "https://x/pricing,\n"
            + "x,MI325X,,MI325X,8,,,,,,16.0,,,,2026-11-09,retrieved,https://x/pricing,\n"
            + "x,Gadget,,no-such-gpu,1,,,,,,1.0,,,,2026-11-09,retrieved,https://x,\n")
    res = parse_pricing_pages(text, registry)
    by = {o.id: o for o in res.offers}
    assert by["x-h100-sxm-per-gpu-hour"].as_of_kind == "retrieved"
    assert (by["x-mi325x"].gpu, by["x-mi325x"].interconnect) == ("mi325x", "unknown")
    assert res.unmapped == {"no-such-gpu": 1}


@pytest.mark.parametrize("row", [
    "x,a,,t4,1,,,,,,1.0,,,,2026-11-09,guessed,https://x,\n",       # bad as_of_kind
    "x,a,,t4,1,,,,,,,,,,2026-11-09,retrieved,https://x,\n",       # no price at all
    "x,a,,t4,1,,,,,,1.0,2.0,,,2026-11-09,retrieved,https://x,\n",  # spot above on-demand
])
def test_pricing_pages_mistakes_stop_the_build(row: str, registry: Registry) -> None:
    with pytest.raises(ImportError_):
        parse_pricing_pages(PAGES_HEADER + row, registry)


def test_pricing_pages_duplicate_id_stops_the_build(registry: Registry) -> None:
    row = "x,a,,t4,1,,,,,,1.0,,,,2026-11-09,retrieved,https://x,\n"
    with pytest.raises(ImportError_, match="also on line"):
        parse_pricing_pages(PAGES_HEADER + row + row, registry)


# ------------------------------------------------------------------ shipped catalog


@pytest.fixture(scope="module")
def shipped(registry: Registry) -> list[Offer]:
    offers, _, problems = load_offers(CATALOG, registry)
    assert problems == []
    return offers


def test_shipped_catalog_size_and_date_kinds(shipped: list[Offer]) -> None:
    assert len(shipped) >= 1000
    assert len({o.provider for o in shipped}) >= 30
    assert {o.as_of_kind for o in shipped} == {"published", "retrieved", "assumed"}
    # FSDL: the table's own last-edit date; SkyPilot: unknown, the 2026-09-30 upper bound
    for o in shipped:
        if o.source.startswith("FSDL"):
            assert (o.as_of, o.as_of_kind) == (dt.date(2025, 3, 7), "published")
        if o.source.startswith("SkyPilot"):
            assert (o.as_of, o.as_of_kind) == (AS_OF, "assumed")


@needs_newer
def test_shipped_newer_rows_name_file_and_commit(shipped: list[Offer]) -> None:
    newer = [o for o in shipped if "skypilot-catalog-newer/" in o.source
             and o.source.startswith("SkyPilot")]
    assert len(newer) >= 400
    assert all(" @ " in o.source and "commit date unknown" in o.source for o in newer)
    assert {o.provider for o in newer} >= {"lambda", "nebius", "vast", "seeweb", "fluidstack",
                                          "verda", "hyperbolic", "hyperstack", "jarvislabs",
                                          "lium", "yotta", "daytona", "shadeform", "gcp", "aws",
                                          "runpod"}


def test_shipped_cautions_recorded(shipped: list[Offer]) -> None:
    by = {o.id: o for o in shipped}
    assert "PRICES LOOK WRONG" in by["mithril-h100-80gb-sxm-8x"].caution
    # the p4d's note doubts its spot price alone: dropped, said in the source (27a #6)
    assert by["aws-p4d-24xlarge"].caution == "" and by["aws-p4d-24xlarge"].spot_usd_h is None
    assert "spot $2.4655/h dropped" in by["aws-p4d-24xlarge"].source
    assert "1GPU but lists 4x H100" in by["seeweb-ecs1gpu8"].caution
    assert not any(o.provider == "mithril" and o.gpu in ("a100-sxm-80gb", "b200")
                   for o in shipped)  # the $0.01 per GPU-hour placeholders
    assert all(o.spot_usd_h is None or o.on_demand_usd_h is None
               or o.spot_usd_h < o.on_demand_usd_h for o in shipped)
    assert not any(700.0 in (o.on_demand_usd_h, o.spot_usd_h) for o in shipped)


def test_shipped_page_rows_cite_a_url_and_a_read_date(shipped: list[Offer]) -> None:
    pages = [o for o in shipped if o.as_of_kind == "retrieved"]
    assert len(pages) >= 20
    assert all(re.search(r"[a-z0-9-]+(\.[a-z0-9-]+)+/", o.source) for o in pages)
    assert all(o.as_of.isoformat() in o.source for o in pages)


FRESH_FROM = dt.date(2026, 12, 3) - dt.timedelta(days=90)


@pytest.mark.parametrize("gpu", ["h100-sxm", "h200-sxm", "b200", "a100-sxm-80gb", "l40s",
                                 "rtx-4090", "rtx-5090", "l4"])
def test_shipped_coverage_of_the_cards_people_ask_about(gpu: str,
                                                        shipped: list[Offer]) -> None:
    fresh = [o for o in shipped if o.gpu == gpu and o.as_of >= FRESH_FROM]
    assert len(fresh) >= 3 and len({o.provider for o in fresh}) >= 2


def test_shipped_coverage_known_gaps(shipped: list[Offer]) -> None:
    """A10G is an AWS-only part (one provider by construction); MI300X has two sourced offers
    (Crusoe, DigitalOcean). Raise these when more sources come in."""
    a10g = {o.provider for o in shipped if o.gpu == "a10g"}
    assert a10g == {"aws"}
    mi300x = [o for o in shipped if o.gpu == "mi300x" and o.as_of >= FRESH_FROM]
    assert len({o.provider for o in mi300x}) >= 2


def test_runpod_bare_a100_80gb_is_the_pcie_card(registry: Registry) -> None:
    text = ("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
            "1x_A100-80GB_SECURE,A100-80GB,1,1.64,CA\n")
    assert sky(text, registry, "runpod").offers[0].gpu == "a100-pcie-80gb"
    assert sky(text, registry, "lambda").offers[0].gpu == "a100-sxm-80gb"
