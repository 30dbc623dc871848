"""Offer catalog: importers (SkyPilot v8, FSDL), the strict loader, and the shipped data."""

from __future__ import annotations

import csv
import datetime as dt
import io
import shutil
import sys
from pathlib import Path

import pytest

from service.adapters.catalog_files import Problem, load_registry
from service.adapters.importers import (
    ImportError_,
    diff_offers,
    map_gpu,
    parse_fsdl,
    parse_skypilot,
    write_offers,
)
from service.adapters.offers_files import (
    ID_PATTERN,
    MAX_ID_LENGTH,
    id_problem,
    load_offer_file,
    load_offers,
    load_providers,
)
from service.domain.catalog.offers import OFFER_COLUMNS, Offer
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir

SOURCES = Path("/work/shared/reference/catalog_sources")
SKY = SOURCES / "skypilot-catalog" / "v8"
FSDL = SOURCES / "fsdl-cloud-gpus" / "cloud-gpus.csv"
needs_sources = pytest.mark.skipif(not SKY.is_dir(), reason="reference price tables not present")
SKY_PROVIDERS = sorted(d.name for d in SKY.iterdir() if (d / "vms.csv").is_file()) \
    if SKY.is_dir() else []
AS_OF = dt.date(2026, 9, 30)
CATALOG = default_data_dir("catalog")


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(CATALOG).registry


def sky(provider: str, registry: Registry, text: str | None = None) -> list[Offer]:
    text = text if text is not None else (SKY / provider / "vms.csv").read_text()
    return parse_skypilot(text, provider, AS_OF, f"test {provider}", registry).offers


# ------------------------------------------------------------------ shipped catalog


def test_shipped_catalog_loads_with_zero_problems(registry: Registry) -> None:
    offers, providers, problems = load_offers(CATALOG, registry)
    assert problems == []
    assert len(providers) >= 14
    assert len(offers) >= 200
    provider_ids = {p.id for p in providers}
    assert {o.provider for o in offers} <= provider_ids
    assert len({o.provider for o in offers}) >= 14
    assert all(o.gpu in registry.gpus for o in offers)
    assert len({o.id for o in offers}) == len(offers)


def test_shipped_hand_checked_hyperscaler_rows(registry: Registry) -> None:
    offers = {o.id: o for o in load_offers(CATALOG, registry)[0]}
    nd = offers["azure-standard-nd96isr-h100-v5"]
    assert (nd.gpu_count, nd.network, nd.network_gbps) == (8, "infiniband", 3200)
    p5 = offers["aws-p5-48xlarge"]
    assert (p5.network, p5.network_gbps, p5.interconnect) == ("efa", 3200, "nvswitch")
    p5e = offers["aws-p5e-48xlarge"]
    assert p5e.on_demand_usd_h is None and p5e.spot_usd_h is not None
    assert offers["gcp-a2-ultragpu-8g"].spot_usd_h is None
    assert offers["azure-standard-nc40ads-h100-v5"].gpu == "h100-nvl"


def test_unsourced_provider_policies_stay_null(registry: Registry) -> None:
    providers = {p.id: p for p in load_offers(CATALOG, registry)[1]}
    cudo = providers["cudo"]
    assert cudo.billing_granularity is None and cudo.egress_usd_per_gb is None
    assert "not sourced" in cudo.note
    assert providers["lambda"].egress_usd_per_gb == 0
    assert providers["aws"].spot_notice_s == 120


@pytest.fixture(scope="module")
def rebuilt(registry: Registry) -> dict[str, list[Offer]]:
    """What scripts/build_catalog.py builds from the reference sources (nothing written)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_catalog", Path(__file__).resolve().parents[2] / "scripts" / "build_catalog.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    by_provider, _, _, _ = mod.build(SOURCES, SOURCES.parent / "provider_policies", registry)
    if hasattr(mod, "apply_reserved"):  # main() adds the reserved prices after build()
        mod.apply_reserved(by_provider)
    return dict(by_provider)


SHIPPED_FILES = sorted(p.stem for p in (CATALOG / "offers").glob("*.csv"))


@needs_sources
@pytest.mark.parametrize("provider", SHIPPED_FILES)
def test_shipped_file_is_a_reimport_of_the_source(provider: str, registry: Registry,
                                                  rebuilt: dict[str, list[Offer]]) -> None:
    """Re-running the build on the same sources is a no-op against every shipped file."""
    shipped = [o for _, o in load_offer_file(CATALOG / "offers" / f"{provider}.csv",
                                             f"offers/{provider}.csv", registry, None, [])]
    d = diff_offers(shipped, rebuilt.get(provider, []))
    assert d.empty, (d.added, d.removed, d.changed)


# ------------------------------------------------------------------ broken copy


def _rewrite(path: Path, edit: dict[int, dict[str, str]]) -> None:
    rows = list(csv.reader(io.StringIO(path.read_text(), newline="")))
    header = rows[0]
    for line, changes in edit.items():
        row = rows[line - 1]
        for col, value in changes.items():
            row[header.index(col)] = value
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    path.write_text(buf.getvalue())


def test_broken_copy_gives_five_precise_problems(tmp_path: Path, registry: Registry) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG / "offers", root / "offers")
    shutil.copy(CATALOG / "providers.toml", root / "providers.toml")
    target = root / "offers" / "lambda.csv"
    rows = list(csv.DictReader(io.StringIO(target.read_text(), newline="")))
    od = float(rows[2]["on_demand_usd_h"])
    _rewrite(target, {
        2: {"gpu": "h100-sxm9"},
        3: {"on_demand_usd_h": "-1.5"},
        4: {"spot_usd_h": str(od * 2)},
        5: {"as_of": ""},
        7: {"id": rows[4]["id"]},  # line 7 repeats line 6's id
    })
    _, _, problems = load_offers(root, registry)
    assert [(p.file, p.line) for p in problems] == [("offers/lambda.csv", n)
                                                    for n in (2, 3, 4, 5, 7)]
    msgs = [p.message for p in problems]
    assert "unknown GPU id 'h100-sxm9'" in msgs[0]
    assert "on_demand_usd_h" in msgs[1] and "> 0" in msgs[1]
    assert "spot" in msgs[2] and "above on-demand" in msgs[2]
    assert "missing as_of" in msgs[3]
    assert "duplicate offer id" in msgs[4] and "offers/lambda.csv:6" in msgs[4]


def test_loader_rejects_wrong_columns_unknown_provider_and_absurd_price(
        tmp_path: Path, registry: Registry) -> None:
    root = tmp_path / "catalog"
    (root / "offers").mkdir(parents=True)
    shutil.copy(CATALOG / "providers.toml", root / "providers.toml")
    (root / "offers" / "aws.csv").write_text("id,provider,gpu\na,aws,t4\n")
    good = ",".join(OFFER_COLUMNS)
    (root / "offers" / "nosuch.csv").write_text(
        good + "\nnosuch-x,nosuch,x,,t4,1,none,,,,,,1.0,,,,,,2026-01-01,assumed,s,\n"
        "nosuch-y,nosuch,y,,t4,1,none,,,,,,1999,,,,,,2026-01-01,assumed,s,\n")
    _, _, problems = load_offers(root, registry)
    text = [str(p) for p in problems]
    assert any(t.startswith("offers/aws.csv:1: wrong column set") for t in text)
    assert any(t.startswith("offers/nosuch.csv:2:") and "unknown provider 'nosuch'" in t
               for t in text)
    assert any(t.startswith("offers/nosuch.csv:3:") and "absurd" in t for t in text)


# ------------------------------------------------------------------ importing each source


EXPECTED_UNMAPPED = {"cudo": {"A800"}, "shadeform": {"A16"}}


@needs_sources
@pytest.mark.parametrize("provider", SKY_PROVIDERS)
def test_import_each_skypilot_file(provider: str, registry: Registry) -> None:
    res = parse_skypilot((SKY / provider / "vms.csv").read_text(), provider, AS_OF, "t",
                         registry)
    assert res.offers
    assert all(o.provider == provider and o.gpu in registry.gpus for o in res.offers)
    assert set(EXPECTED_UNMAPPED.get(provider, set())) <= set(res.unmapped)
    assert all(n > 0 for n in res.unmapped.values())
    again = parse_skypilot((SKY / provider / "vms.csv").read_text(), provider, AS_OF, "t",
                           registry)
    assert diff_offers(res.offers, again.offers).empty


@needs_sources
def test_import_fsdl(registry: Registry) -> None:
    res = parse_fsdl(FSDL.read_text(), dt.date(2025, 3, 7), "fsdl", registry)
    assert len(res.offers) > 150
    assert {"K80 (12 GB)", "P4 (8 GB)"} <= set(res.unmapped)
    providers = {o.provider for o in res.offers}
    assert {"aws", "gcp", "azure", "oci", "runpod", "paperspace", "fluidstack",
            "ovhcloud"} <= providers
    ids = [o.id for o in res.offers]
    assert len(ids) == len(set(ids))  # GCP reuses n1-highmem-8 for several GPUs
    p4de = next(o for o in res.offers if o.id == "aws-p4de-24xlarge")
    assert (p4de.gpu, p4de.gpu_count, p4de.interconnect) == ("a100-sxm-80gb", 8, "nvswitch")
    only = parse_fsdl(FSDL.read_text(), dt.date(2025, 3, 7), "fsdl", registry,
                      providers={"runpod"})
    assert {o.provider for o in only.offers} == {"runpod"}


@needs_sources
def test_reimport_via_file_round_trip_is_a_noop(tmp_path: Path, registry: Registry) -> None:
    offers = sky("lambda", registry)
    path = tmp_path / "offers" / "lambda.csv"
    write_offers(path, offers)
    loaded = [o for _, o in load_offer_file(path, "offers/lambda.csv", registry, None, [])]
    assert diff_offers(loaded, sky("lambda", registry)).empty
    assert not list(path.parent.glob(".*tmp"))  # no temp file left behind


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("text", "needle"), [
    ("", "empty file"),
    ("   \r\n\n", "empty file"),
    ('{"InstanceType": "x", "Price": 1}', "missing required column"),
    ("\x89PNG\r\n\x1a\n\x00\x00", "binary"),
    ("InstanceType,Foo,Bar\nx,1,2\n", "missing required column"),
    ("InstanceType,AcceleratorName,AcceleratorCount,Price,Region,Colour\n", "unknown column"),
    ("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nx,H100,1\n", "line 2"),
])
def test_skypilot_bad_input_raises_clearly(text: str, needle: str, registry: Registry) -> None:
    with pytest.raises(ImportError_, match=needle):
        parse_skypilot(text, "lambda", AS_OF, "t", registry)


def test_fsdl_bad_input_raises_clearly(registry: Registry) -> None:
    with pytest.raises(ImportError_, match="empty file"):
        parse_fsdl("", AS_OF, "t", registry)
    with pytest.raises(ImportError_, match=r"missing required column.*On-demand"):
        parse_fsdl("Cloud,GPU Type,GPUs\nAWS,T4,1\n", AS_OF, "t", registry)


# ------------------------------------------------------------------ quirks

HEAD = ("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,"
        "SpotPrice")


def info(name: str, count: int, size: int, total: int | None = None) -> str:
    total = total if total is not None else size * count
    return (f"\"{{'Gpus': [{{'Name': '{name}', 'Count': {count}, 'MemoryInfo': "
            f"{{'SizeInMiB': {size}}}}}], 'TotalGpuMemoryInMiB': {total}}}\"")


@needs_sources
def test_vast_zero_spot_means_none(registry: Registry) -> None:
    offers = sky("vast", registry)
    assert offers and all(o.spot_usd_h is None for o in offers)
    text = ("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,"
            f"SpotPrice,Region\r\n1x-L4,L4,1,8,32,{info('L4', 1, 23034)},0.40,0.00,"
            '"Ohio, US, NA"')
    (o,) = sky("vast", registry, text)
    assert (o.spot_usd_h, o.on_demand_usd_h, o.regions) == (None, 0.4, ["Ohio, US, NA"])


@needs_sources
def test_primeintellect_spot_rows_merge_into_on_demand(registry: Registry) -> None:
    offers = {o.instance_type: o for o in sky("primeintellect", registry)}
    a100 = offers["datacrunch__1xA100_80GB__22__120"]
    assert (a100.on_demand_usd_h, a100.spot_usd_h) == (1.12, 0.53)
    assert not any(t.endswith("__SPOT") for t in offers)


def test_primeintellect_spot_merge_synthetic(registry: Registry) -> None:
    head = ("InstanceType,UpstreamCloudId,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,"
            "GpuInfo,Region,AvailabilityZone,Price,SpotPrice")
    gi = '"{""Gpus"":[{""Name"":""L40S"",""Count"":1,""MemoryInfo"":{""SizeInMiB"":49152}}]}"'
    text = "\n".join([
        head,
        f"dc__1xL40S,u,20,60,L40S,1,{gi},FI,FIN-02,0.91,",
        f"dc__1xL40S__SPOT,u,20,60,L40S,1,{gi},FI,FIN-02,,0.26",
        f"dc__2xL40S__SPOT,u,20,60,L40S,2,{gi},FI,FIN-02,,0.5",
    ])
    res = parse_skypilot(text, "primeintellect", AS_OF, "t", registry)
    by = {o.instance_type: o for o in res.offers}
    assert (by["dc__1xL40S"].on_demand_usd_h, by["dc__1xL40S"].spot_usd_h) == (0.91, 0.26)
    assert (by["dc__2xL40S"].on_demand_usd_h, by["dc__2xL40S"].spot_usd_h) == (None, 0.5)
    assert by["dc__1xL40S"].regions == ["FI/FIN-02"]


@needs_sources
def test_mithril_auction_price_is_spot_only(registry: Registry) -> None:
    offers = sky("mithril", registry)
    assert len(offers) == 4
    assert all(o.on_demand_usd_h is None and o.spot_usd_h for o in offers)
    eight = next(o for o in offers if o.instance_type == "h100-80gb.sxm.8x")
    assert (eight.gpu, eight.gpu_count, eight.interconnect) == ("h100-sxm", 8, "nvswitch")


@needs_sources
def test_lambda_regions_merge_and_per_gpu_memory(registry: Registry) -> None:
    offers = {o.instance_type: o for o in sky("lambda", registry)}
    a10 = offers["gpu_1x_a10"]
    assert len(a10.regions) == 17 and a10.on_demand_usd_h == 1.29
    assert a10.interconnect == "none"
    # TotalGpuMemoryInMiB is per GPU in lambda's file: 8x 40960 MiB is 8 x A100 40GB, not 5 GB
    assert offers["gpu_8x_a100"].gpu == "a100-sxm-40gb"
    assert offers["gpu_8x_a100"].interconnect == "nvswitch"
    assert offers["gpu_8x_a100_80gb_sxm4"].gpu == "a100-sxm-80gb"
    assert offers["gpu_1x_h100_pcie"].gpu == "h100-pcie"
    assert offers["gpu_4x_h100_sxm5"].interconnect == "nvlink"
    assert offers["gpu_2x_a6000"].interconnect == "pcie"


def test_region_merge_keeps_cheapest_price_level(registry: Registry) -> None:
    text = "\n".join([HEAD] + [
        f"L40S_1x,L40S,1,8,32,{price},{region},{info('L40S', 1, 46080)},"
        for price, region in (("0.80", "US"), ("0.80", "CA"), ("0.95", "DE"))])
    res = parse_skypilot(text, "lium", AS_OF, "t", registry)
    (o,) = res.offers
    assert (o.on_demand_usd_h, o.regions) == (0.8, ["CA", "US"])
    assert any("0.95" in s and "DE" in s for s in res.skipped)


def test_shadeform_gb_seeweb_zero_mib_and_line_endings(registry: Registry) -> None:
    # shadeform: "SizeInMiB" 80 is 80 GB; CRLF; no final newline
    text = HEAD + "\r\n" + (f"x_A100-80GBx2,A100,2,16,90,3.0,ny,{info('A100', 2, 80, 160)},")
    (o,) = sky("shadeform", registry, text)
    assert (o.gpu, o.gpu_count, o.interconnect) == ("a100-sxm-80gb", 2, "nvlink")
    # seeweb: 0 MiB -> memory ignored, the name decides
    text = HEAD + "\n" + f"ECS1GPU12,RTX PRO 6000 96GB,1,16,120,1.25,,{info('x', 1, 0, 0)},\n"
    (o,) = sky("seeweb", registry, text)
    assert (o.gpu, o.regions) == ("rtx-pro-6000-server", [])


def test_column_order_and_vast_style_node_totals(registry: Registry) -> None:
    text = "\n".join([
        "Region,SpotPrice,Price,GpuInfo,MemoryGiB,vCPUs,AcceleratorCount,AcceleratorName,"
        "InstanceType",
        f"X,0.00,0.76,{info('A100', 1, 40960, 40960)},64,32,1,A100,1x-A100_SXM4",
        f"X,0.00,1.49,{info('A100', 2, 81920, 81920)},64,32,2,A100,2x-A100_SXM4",
        f"X,0.00,4.53,{info('H100', 2, 191660, 191660)},64,32,2,H100,2x-H100_NVL",
    ])
    by = {o.instance_type: o for o in sky("vast", registry, text)}
    assert by["2x-A100_SXM4"].gpu == "a100-sxm-40gb"  # SizeInMiB is the node total here
    assert by["2x-H100_NVL"].gpu == "h100-nvl"


def test_memory_that_fits_no_variant_is_unmapped(registry: Registry) -> None:
    text = HEAD + "\n" + f"1x-RTX_4060_Ti,RTX4060,1,8,32,0.13,GB,{info('RTX4060', 1, 16380)},"
    res = parse_skypilot(text, "vast", AS_OF, "t", registry)
    assert res.offers == [] and res.unmapped == {"RTX4060 (16380 MiB)": 1}


def test_map_gpu_disambiguation(registry: Registry) -> None:
    def gid(name: str, mem: tuple[float, ...] = (), hint: str = "") -> str | None:
        g = map_gpu(registry, name, mem_gib=mem, hint_text=hint)
        return g.id if g else None

    assert gid("A100", (80.0,)) == "a100-sxm-80gb"
    assert gid("A100", (80.0,), "epyc-genoa-a100-pcie_1x2v4gb") == "a100-pcie-80gb"
    assert gid("H100", (80.0,), "gpu_1x_h100_pcie") == "h100-pcie"
    assert gid("H100-80G-PCIe-NVLink") == "h100-pcie"
    assert gid("V100", (32.0,)) == "v100-sxm2-32gb"
    assert gid("NVIDIA-H100-80GB-HBM3") == "h100-sxm"
    assert gid("A800") is None


def test_duplicate_instance_types_get_stable_suffixed_ids(registry: Registry) -> None:
    text = ("Cloud,GPU Type,GPU Arch,GPUs,GPU RAM,vCPUs,RAM,On-demand,Per-GPU,Spot,Name\n"
            "GCP,V100 (16 GB),Volta,1,16,8,52,2.95,2.95,0.84,n1-highmem-8\n"
            "GCP,T4 (16 GB),Turing,1,16,8,52,0.82,0.82,0.21,n1-highmem-8\n"
            "GCP,T4 (16 GB),Turing,2,32,16,104,1.65,0.82,0.42,n1-highmem-16\n")
    ids = sorted(o.id for o in parse_fsdl(text, AS_OF, "t", registry).offers)
    assert ids == ["gcp-n1-highmem-16", "gcp-n1-highmem-8-t4", "gcp-n1-highmem-8-v100-sxm2-16gb"]


def test_write_offers_format(tmp_path: Path, registry: Registry) -> None:
    offers = [
        Offer(id="p-b", provider="p", instance_type="b", regions=["r2", "r1"], gpu="t4",
              gpu_count=1, on_demand_usd_h=0.5, as_of=AS_OF, source="s"),
        Offer(id="p-a", provider="p", instance_type="a", regions=[], gpu="l4", gpu_count=2,
              interconnect="pcie", spot_usd_h=0.25, as_of=AS_OF, source="s, quoted"),
    ]
    path = tmp_path / "p.csv"
    write_offers(path, offers)
    lines = path.read_text().splitlines()
    assert lines[0] == ",".join(OFFER_COLUMNS)
    assert lines[1] == "p-a,p,a,,l4,2,pcie,,,,,,,0.25,,,,,2026-09-30,assumed,\"s, quoted\","
    assert lines[2].startswith("p-b,p,b,r2;r1,t4,1,unknown,")
    d = diff_offers(offers[:1], offers[1:])
    assert (d.added, d.removed, d.changed) == (["p-a"], ["p-b"], [])
    changed = Offer(id="p-b", provider="p", instance_type="b", regions=["r2", "r1"], gpu="t4",
                    gpu_count=1, on_demand_usd_h=0.55, as_of=AS_OF, source="s")
    d = diff_offers(offers, [offers[1], changed])
    assert d.changed == ["p-b"] and d.price_changes[0].new == 0.55


# ------------------------------------------------------------------ ids and control characters


def test_shipped_ids_match_the_id_pattern(registry: Registry) -> None:
    offers, providers, _ = load_offers(CATALOG, registry)
    assert all(ID_PATTERN.fullmatch(o.id) and len(o.id) <= MAX_ID_LENGTH for o in offers)
    assert all(ID_PATTERN.fullmatch(p.id) for p in providers)


@pytest.mark.parametrize(("value", "needle"), [
    ("a\x00b", "control character (U+0000 at position 2)"),
    ("a\tb", "control character (U+0009"),
    ("a\u200bb", "control character (U+200B"),  # zero-width space: invisible
    ("a\u2028b", "control character (U+2028"),
    ("AWS-P5", "is not lowercase letters and digits"),
    ("aws p5", "is not lowercase"),
    ("aws--p5", "is not lowercase"),
    ("-aws", "is not lowercase"),
    ("aws/p5", "is not lowercase"),
    ("aws-p5.48xlarge", "is not lowercase"),
    ("a" * 201, "201 characters long, over 200"),
])
def test_id_problem(value: str, needle: str) -> None:
    msg = id_problem(value, "offer")
    assert msg is not None and needle in msg
    assert not any(ch in msg for ch in "\x00\t\u200b\u2028")  # the message never echoes them


def test_id_problem_accepts_good_ids() -> None:
    for good in ("aws-p5-48xlarge", "cr8dl", "a", "x" * MAX_ID_LENGTH, "gcp-n1-highmem-8-t4"):
        assert id_problem(good, "offer") is None


def test_loader_reports_bad_ids_and_control_characters_with_file_and_line(
        tmp_path: Path, registry: Registry) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG / "offers", root / "offers")
    shutil.copy(CATALOG / "providers.toml", root / "providers.toml")
    target = root / "offers" / "lambda.csv"
    _rewrite(target, {
        2: {"id": "lambda-\x00"},
        3: {"instance_type": "gpu_1x\x1b[2J"},
        4: {"regions": "us-east-1;us-west\x07"},
        5: {"id": "Lambda-X"},
        6: {"id": "lambda-" + "y" * 300},
        7: {"source": "see\x85 here"},  # NEL: str.strip() whitespace, still a control char
    })
    offers, _, problems = load_offers(root, registry)
    assert [(p.file, p.line) for p in problems] == [("offers/lambda.csv", n)
                                                    for n in (2, 3, 4, 5, 6, 7)]
    msgs = [p.message for p in problems]
    assert "offer id contains a control character (U+0000 at position 8)" in msgs[0]
    assert "instance_type contains a control character (U+001B at position 7)" in msgs[1]
    assert "regions contains a control character (U+0007" in msgs[2]
    assert "offer id 'Lambda-X' is not lowercase" in msgs[3]
    assert "307 characters long, over 200" in msgs[4] and len(msgs[4]) < 200
    assert "source contains a control character (U+0085" in msgs[5]
    assert not any(ch in str(p) for p in problems for ch in "\x00\x1b\x07\x85")
    assert not any(o.provider == "lambda" and not ID_PATTERN.fullmatch(o.id) for o in offers)


def test_trailing_control_character_is_not_stripped_away(tmp_path: Path,
                                                         registry: Registry) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG / "offers", root / "offers")
    shutil.copy(CATALOG / "providers.toml", root / "providers.toml")
    _rewrite(root / "offers" / "lambda.csv", {2: {"id": "lambda-x\x1f"}})  # str.strip() eats it
    _, _, problems = load_offers(root, registry)
    assert [str(p).split(": ", 1)[0] for p in problems] == ["offers/lambda.csv:2"]
    assert "U+001F" in problems[0].message


def test_provider_ids_and_fields_are_checked(tmp_path: Path) -> None:
    text = (CATALOG / "providers.toml").read_text()
    path = tmp_path / "providers.toml"
    bad = text.replace('id = "aws"', 'id = "AWS_1"', 1).replace(
        'id = "azure"', 'id = "azure\\u0000"', 1)
    path.write_text(bad)
    problems: list[Problem] = []
    providers = load_providers(path, problems)
    lines = bad.splitlines()
    aws_line = next(i for i, s in enumerate(lines, 1) if s == 'id = "AWS_1"')
    azure_line = next(i for i, s in enumerate(lines, 1) if s.startswith('id = "azure\\u0000'))
    assert [(p.line, p.message.split(": ", 1)[1][:40]) for p in problems] == [
        (aws_line, "provider id 'AWS_1' is not lowercase let"),
        (azure_line, "provider id contains a control character"),
    ]
    assert {p.id for p in providers} & {"AWS_1", "azure\x00"} == set()
    # a newline in prose is fine (multi-line TOML strings), an escape is not
    assert 'reserved_terms = "Savings Plans' in text
    path.write_text(text.replace('reserved_terms = "Savings Plans',
                                 'reserved_terms = """Savings\nPlans', 1).replace(
        'up to 72% off"', 'up to 72% off"""', 1))
    problems = []
    assert any(p.id == "aws" for p in load_providers(path, problems)) and problems == []
    path.write_text(text.replace('name = "Amazon Web Services (EC2)"', 'name = "A\\u001bWS"',
                                 1))
    problems = []
    load_providers(path, problems)
    assert len(problems) == 1 and "name contains a control character (U+001B" in str(problems[0])


# ------------------------------------------------------------------ reload shrink guard


def test_shrink_guard_rule(registry: Registry) -> None:
    from service.domain.catalog.snapshot import Catalog, shrink_problems

    def snap(*counts: tuple[str, int]) -> Catalog:
        offers = tuple(Offer(id=f"{p}-{i}", provider=p, instance_type="x", regions=[],
                             gpu="t4", gpu_count=1, on_demand_usd_h=1.0, as_of=AS_OF,
                             source="s") for p, n in counts for i in range(n))
        return Catalog(registry=registry, version="v", offers=offers)

    old = snap(("aws", 3), ("gcp", 1))
    assert shrink_problems(old, snap(("aws", 1), ("gcp", 1))) == []  # 4 -> 2: exactly half
    assert shrink_problems(old, snap(("aws", 3), ("gcp", 1), ("new", 5))) == []
    assert shrink_problems(old, snap(("aws", 1), ("gcp", 0))) == [
        "offers/gcp.csv (provider 'gcp'): 1 → 0 offers",
        "all providers: 4 → 1 offers (more than half gone)"]
    assert shrink_problems(old, snap(("gcp", 1), ("new", 3))) == [
        "offers/aws.csv (provider 'aws'): 3 → 0 offers"]
    assert shrink_problems(snap(), snap()) == []
