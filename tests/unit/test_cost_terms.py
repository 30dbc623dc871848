"""Cost terms: cumulative egress tiers, unknown storage/egress prices counted at the highest
sourced rate (never $0) with a warning, minimum charges per instance family, reserved prices;
and on the shipped catalog, 20 TB/month of egress at a hyperscaler costs over $1,000."""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.offers_files import load_providers
from service.domain.catalog.offers import GIB_IN_GB, EgressTier, MinimumCharge, Offer, Provider
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.context import (
    FALLBACK_EGRESS_USD_GB,
    FALLBACK_STORAGE_USD_GB_MONTH,
    unknown_price_defaults,
)
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)
AS_OF = dt.date(2026, 11, 1)
CATALOG = default_data_dir("catalog")

AWS_TIERS = (EgressTier(up_to=100, usd=0.0), EgressTier(up_to=10240, usd=0.09),
             EgressTier(up_to=51200, usd=0.085), EgressTier(up_to=153600, usd=0.07),
             EgressTier(usd=0.05))


@cache
def registry() -> Registry:
    return load_registry(CATALOG).registry


def prov(pid: str, **kw: object) -> Provider:
    base: dict[str, object] = {"id": pid, "name": pid.title(), "billing_granularity": "second",
                               "as_of": AS_OF.isoformat(), "source": "test"}
    return msgspec.convert({**base, **kw}, Provider)


def offer(oid: str, provider: str, od: float, gpu: str = "l40s", count: int = 1,
          instance_type: str | None = None, reserved: float | None = None) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=instance_type or oid, regions=["r1"],
                 gpu=gpu, gpu_count=count, on_demand_usd_h=od, reserved_usd_h=reserved,
                 reserved_term="1y contract" if reserved else None, as_of=AS_OF,
                 source="test")


def run(offers: list[Offer], providers: list[Provider], **kw: object) -> Recommendation:
    req = msgspec.convert(kw, RecommendationRequest)
    catalog = Catalog(registry=registry(), offers=tuple(offers), providers=tuple(providers),
                      version="test")
    return recommend(req, catalog, TODAY)


# --- tiered egress ----------------------------------------------------------------------------

def test_egress_tiers_are_cumulative_over_the_month() -> None:
    aws = prov("aws", egress_tiers=[msgspec.to_builtins(t) for t in AWS_TIERS])
    assert aws.egress_usd(50) == 0.0  # inside the free 100 GB
    assert aws.egress_usd(1000) == pytest.approx(900 * 0.09)
    # 20 TB: 100 GB free, 10,140 GB at $0.09, the 9,760 GB above 10 TB at $0.085 (not the
    # whole volume at the lower band's rate)
    assert aws.egress_usd(20_000) == pytest.approx(10_140 * 0.09 + 9_760 * 0.085)
    assert aws.egress_usd(200_000) == pytest.approx(
        10_140 * 0.09 + 40_960 * 0.085 + 102_400 * 0.07 + 46_400 * 0.05)
    assert aws.highest_egress_usd_per_gb == pytest.approx(0.09)


def test_egress_tiers_per_gib_are_converted_and_a_flat_price_is_one_band() -> None:
    gcp = prov("gcp", egress_unit="GiB", egress_tiers=[
        {"up_to": 1, "usd": 0.0}, {"up_to": 1024, "usd": 0.12}, {"up_to": 10240, "usd": 0.11},
        {"usd": 0.08}])
    gib = 20_000 / GIB_IN_GB
    assert gcp.egress_usd(20_000) == pytest.approx(1023 * 0.12 + 9216 * 0.11
                                                   + (gib - 10240) * 0.08)
    assert gcp.highest_egress_usd_per_gb == pytest.approx(0.12 / GIB_IN_GB)
    flat = prov("flat", egress_usd_per_gb=0.01)
    assert flat.egress_usd(1000) == pytest.approx(10.0)
    free = prov("free", egress_usd_per_gb=0.0)
    assert free.egress_known and free.egress_usd(1e6) == 0.0
    assert prov("unknown").egress_usd(1000) is None


def test_bounded_last_tier_continues_at_its_rate() -> None:
    p = prov("p", egress_tiers=[{"up_to": 100, "usd": 0.0}, {"up_to": 1000, "usd": 0.05}])
    assert p.egress_usd(2000) == pytest.approx(1900 * 0.05)


def test_egress_tiers_must_ascend_with_only_the_last_open() -> None:
    with pytest.raises(msgspec.ValidationError, match="ascend"):
        prov("p", egress_tiers=[{"up_to": 100, "usd": 0.1}, {"up_to": 50, "usd": 0.05}])
    with pytest.raises(msgspec.ValidationError, match="open-ended"):
        prov("p", egress_tiers=[{"usd": 0.1}, {"up_to": 50, "usd": 0.05}])


def test_recommendation_counts_egress_by_tiers() -> None:
    aws = prov("aws", egress_tiers=[msgspec.to_builtins(t) for t in AWS_TIERS],
               storage_usd_per_gb_month=0.08)
    rec = run([offer("aws-l40s", "aws", 1.0)], [aws], model="llama-3.1-8b",
              workload="serving", egress_gb_per_month=20_000)
    top = rec.options[0]
    assert top.cost.egress_per_month_usd == pytest.approx(10_140 * 0.09 + 9_760 * 0.085,
                                                          abs=0.01)
    assert not any("egress price unknown" in w for w in top.warnings)


# --- unknown prices: conservative default and a warning ---------------------------------------

def test_unknown_price_defaults_are_the_highest_sourced_rates_never_zero() -> None:
    providers = [prov("free", egress_usd_per_gb=0.0, storage_usd_per_gb_month=0.05),
                 prov("aws", egress_tiers=[msgspec.to_builtins(t) for t in AWS_TIERS],
                      storage_usd_per_gb_month=0.08),
                 prov("gib", storage_usd_per_gb_month=0.20, storage_unit="GiB"),
                 prov("unknown")]
    storage, egress = unknown_price_defaults(providers)
    assert egress == pytest.approx(0.09)
    assert storage == pytest.approx(0.20 / GIB_IN_GB)
    # only free egress sourced: still not $0
    assert unknown_price_defaults([prov("free", egress_usd_per_gb=0.0)]) == (
        FALLBACK_STORAGE_USD_GB_MONTH, FALLBACK_EGRESS_USD_GB)
    assert unknown_price_defaults([]) == (FALLBACK_STORAGE_USD_GB_MONTH,
                                          FALLBACK_EGRESS_USD_GB)


def test_unknown_egress_is_counted_at_the_highest_sourced_rate_with_a_warning() -> None:
    providers = [prov("known", egress_usd_per_gb=0.0, storage_usd_per_gb_month=0.1),
                 prov("pricey", egress_usd_per_gb=0.12, storage_usd_per_gb_month=0.1),
                 prov("mystery")]
    rec = run([offer("m-l40s", "mystery", 0.5)], providers, model="llama-3.1-8b",
              workload="serving", egress_gb_per_month=20_000, storage_gb=100)
    top = rec.options[0]
    assert top.offer.provider == "mystery"
    assert top.cost.egress_per_month_usd == pytest.approx(20_000 * 0.12)
    assert top.cost.storage_per_month_usd == pytest.approx(100 * 0.1)
    assert ("egress price unknown for mystery: counted at $0.12/GB, the highest sourced rate"
            in top.warnings)
    assert any(w.startswith("storage price unknown for mystery: counted at $0.1/GB-month")
               for w in top.warnings)


def test_unknown_egress_never_costs_zero_when_only_free_egress_is_sourced() -> None:
    providers = [prov("free", egress_usd_per_gb=0.0), prov("mystery")]
    rec = run([offer("m-l40s", "mystery", 0.5)], providers, model="llama-3.1-8b",
              workload="serving", egress_gb_per_month=1000)
    assert rec.options[0].cost.egress_per_month_usd == pytest.approx(
        1000 * FALLBACK_EGRESS_USD_GB)


def test_free_egress_is_a_sourced_zero_without_warning() -> None:
    providers = [prov("free", egress_usd_per_gb=0.0, storage_usd_per_gb_month=0.1),
                 prov("aws", egress_tiers=[msgspec.to_builtins(t) for t in AWS_TIERS])]
    rec = run([offer("f-l40s", "free", 0.5)], providers, model="llama-3.1-8b",
              workload="serving", egress_gb_per_month=20_000)
    top = rec.options[0]
    assert top.cost.egress_per_month_usd == 0.0
    assert not any("egress" in w for w in top.warnings)


# --- minimum charges per instance family ------------------------------------------------------

def oci() -> Provider:
    return prov("oci", minimum_charge_s=60, egress_usd_per_gb=0.0,
                storage_usd_per_gb_month=0.1, minimum_charges=[
                    {"instance_pattern": "BM.*", "minimum_charge_s": 3600, "source": "test"},
                    {"instance_pattern": "VM.*", "minimum_charge_s": 60, "source": "test"}])


def test_minimum_charge_matches_instance_family() -> None:
    p = oci()
    assert p.minimum_charge_for("BM.GPU.H100.8") == 3600
    assert p.minimum_charge_for("bm.gpu.a100-v2.8") == 3600  # case-insensitive
    assert p.minimum_charge_for("VM.GPU.A10.1") == 60
    assert p.minimum_charge_for("other") == 60  # the provider-wide minimum
    assert MinimumCharge(instance_pattern="x*", minimum_charge_s=1, source="s")


def test_oci_bare_metal_bills_at_least_an_hour_per_session() -> None:
    offers = [offer("oci-bm", "oci", 10.0, gpu="h100-sxm", instance_type="BM.GPU.H100.8"),
              offer("oci-vm", "oci", 10.0, gpu="h100-sxm", instance_type="VM.GPU.H100.1")]
    # 4 sessions of 15 minutes a day, 30 days: 30 billed hours on a VM, 120 on bare metal
    rec = run(offers, [oci()], model="llama-3.1-8b", workload="serving", hours_per_day=1,
              sessions_per_day=4, top_n=5)
    by_id = {o.offer.id: o for o in rec.options}
    assert by_id["oci-vm"].cost.billed_hours_per_month == pytest.approx(30)
    assert by_id["oci-bm"].cost.billed_hours_per_month == pytest.approx(120)
    assert any("1-hour minimum charge" in w for w in by_id["oci-bm"].warnings)
    assert not any("minimum charge" in w for w in by_id["oci-vm"].warnings)


def test_shipped_oci_bare_metal_minimum_is_an_hour() -> None:
    problems: list[object] = []
    providers = {p.id: p for p in load_providers(CATALOG / "providers.toml",
                                                 problems)}  # type: ignore[arg-type]
    assert not problems
    assert providers["oci"].minimum_charge_for("BM.GPU.H100.8") == 3600
    assert providers["oci"].minimum_charge_for("VM.GPU.A10.1") == 60


def test_shipped_gcp_bills_per_second_after_a_minute() -> None:
    """cloud.google.com/compute/vm-instance-pricing#billingmodel: a 1-minute minimum, then
    1-second increments (it was unknown: billed per hour with a warning)."""
    problems: list[object] = []
    providers = {p.id: p for p in load_providers(CATALOG / "providers.toml",
                                                 problems)}  # type: ignore[arg-type]
    assert not problems
    gcp = providers["gcp"]
    assert gcp.billing_granularity == "second"
    assert gcp.minimum_charge_for("a2-highgpu-1g") == 60
    assert "vm-instance-pricing" in (gcp.note or "")
    # 4 sessions of 15 minutes a day, 30 days: 30 billed hours, not 120, and no warning
    rec = run([offer("gcp-a2", "gcp", 4.0, gpu="a100-sxm-40gb", instance_type="a2-highgpu-1g")],
              [gcp], model="llama-3.1-8b", workload="serving", hours_per_day=1,
              sessions_per_day=4, top_n=5)
    top = rec.options[0]
    assert top.cost.billed_hours_per_month == pytest.approx(30)
    assert not any("granularity unknown" in w for w in top.warnings)


# --- reserved prices --------------------------------------------------------------------------

def test_reserved_price_applies_to_steady_use() -> None:
    providers = [prov("hs", egress_usd_per_gb=0.0, storage_usd_per_gb_month=0.07)]
    rec = run([offer("hs-l40", "hs", 1.0, reserved=0.7)], providers, model="llama-3.1-8b",
              workload="serving", hours_per_day=24)
    top = rec.options[0]
    assert top.pricing_model == "reserved"
    assert "1y contract" in top.pricing_reason
    # the same machine with no commitment is a separate option, priced on demand
    flexible = [o for o in rec.options if o.offer.id == "hs-l40" and o.pricing_model ==
                "on_demand"]
    assert len(flexible) == 1 and flexible[0].rank > top.rank
    assert flexible[0].cost.per_hour_usd == pytest.approx(1.0)
    assert (flexible[0].cost.per_month_usd or 0) > (top.cost.per_month_usd or 0)
    part_time = run([offer("hs-l40", "hs", 1.0, reserved=0.7)], providers,
                    model="llama-3.1-8b", workload="serving", hours_per_day=4)
    assert part_time.options[0].pricing_model == "on_demand"


# --- the shipped catalog ----------------------------------------------------------------------

def shipped_providers() -> dict[str, Provider]:
    problems: list[object] = []
    out = {p.id: p for p in load_providers(CATALOG / "providers.toml",
                                           problems)}  # type: ignore[arg-type]
    assert not problems, problems
    return out


def test_shipped_cost_terms_are_sourced() -> None:
    providers = shipped_providers()
    for pid in ("aws", "gcp", "azure", "oci"):
        p = providers[pid]
        assert p.egress_tiers, pid
        assert "http" in p.egress_source or "." in p.egress_source, pid
        assert any(ch.isdigit() for ch in p.egress_source), f"{pid}: no date in the source"
    for pid in ("lambda", "runpod", "coreweave", "hyperstack"):
        assert providers[pid].egress_usd_per_gb == 0.0, pid  # sourced free egress
        assert providers[pid].egress_source, pid
    for p in providers.values():
        if p.storage_usd_per_gb_month is not None or p.object_storage_usd_per_gb_month:
            assert p.storage_source, p.id


@pytest.mark.parametrize("pid", ["aws", "gcp", "azure"])
def test_20_tb_of_egress_at_a_hyperscaler_costs_over_1000_a_month(pid: str) -> None:
    """On the real catalog: a recommendation at a hyperscaler with 20 TB/month of egress."""
    from service.adapters.catalog_loader import load_catalog

    catalog = load_catalog(Path(CATALOG))
    # Azure's prices are an older SkyPilot v6 snapshot (dated 2025-04-28: stale); the egress
    # is what is checked here
    req = msgspec.convert({"model": "llama-3.1-8b", "workload": "serving",
                           "egress_gb_per_month": 20_000, "providers": [pid],
                           "include_stale": pid == "azure"},
                          RecommendationRequest)
    rec = recommend(req, catalog, TODAY, explain=False)
    assert rec.options, rec.reason
    for o in rec.options:
        assert o.offer.provider == pid
        assert o.cost.egress_per_month_usd is not None
        assert o.cost.egress_per_month_usd > 1000, (o.offer.id, o.cost)
        assert not any("egress price unknown" in w for w in o.warnings)


# --- the build script's cost-terms part --------------------------------------------------------

def _build_module() -> Any:
    import importlib.util
    import sys

    path = Path(__file__).resolve().parents[2] / "scripts" / "build_catalog.py"
    spec = importlib.util.spec_from_file_location("build_catalog_cost_terms", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_generated_toml_round_trips_tiers_and_minimum_charges(tmp_path: Path) -> None:
    mod = _build_module()
    costs, rules = mod.load_cost_terms()
    assert {"aws", "gcp", "azure", "oci", "coreweave", "lambda", "runpod",
            "hyperstack"} <= set(costs)
    assert rules and all(r.get("source") and r.get("term") for r in rules)
    table = {"id": "oci", "name": "OCI", "as_of": AS_OF, "source": "test", **costs["oci"]}
    path = tmp_path / "providers.toml"
    path.write_text(mod.providers_toml([table]))
    problems: list[object] = []
    (p,) = load_providers(path, problems)  # type: ignore[arg-type]
    assert not problems
    assert p.minimum_charge_for("BM.GPU.H100.8") == 3600
    assert p.egress_usd(20_000) == pytest.approx((20_000 - 10_240) * 0.0085)


def test_reserved_rules_fill_offers_below_on_demand_only(tmp_path: Path) -> None:
    mod = _build_module()
    terms = tmp_path / "cost_terms.toml"
    terms.write_text('''
[[reserved]]
provider = "hs"
gpu = "l40"
instance_pattern = "*nvlink*"
usd_per_gpu_h = 0.9
term = "nvlink term"
source = "nvlink source"
as_of = 2026-07-01
as_of_kind = "published"

[[reserved]]
provider = "hs"
gpu = "l40"
usd_per_gpu_h = 0.7
term = "1y contract"
source = "rate card, 2026-08-26"
as_of = 2026-08-26
as_of_kind = "retrieved"

[[reserved]]
offer_id = "hs-x"
usd_h = 0.5
term = "one offer"
source = "s"
as_of = 2026-08-01
as_of_kind = "retrieved"
''')
    offers = {"hs": [offer("hs-l40x2", "hs", 2.0, gpu="l40", count=2),
                     offer("hs-l40x2-nvlink", "hs", 2.0, gpu="l40", count=2,
                           instance_type="n3-L40x2-NVLink"),
                     offer("hs-cheap", "hs", 0.5, gpu="l40"),
                     offer("hs-x", "hs", 1.0),
                     offer("hs-a6000", "hs", 1.0, gpu="rtx-a6000")]}
    log = mod.apply_reserved(offers, terms)
    got = {o.id: (o.reserved_usd_h, o.reserved_term) for o in offers["hs"]}
    assert got["hs-l40x2"] == (1.4, "1y contract")
    assert got["hs-l40x2-nvlink"] == (1.8, "nvlink term")
    assert got["hs-cheap"] == (None, None)  # $0.70 is not below its $0.50 on-demand
    assert got["hs-x"] == (0.5, "one offer")
    assert got["hs-a6000"] == (None, None)
    assert "rate card, 2026-08-26" in offers["hs"][0].source
    assert any("NOT applied to hs-cheap" in line for line in log)
    # each reserved price carries its rule's own date, not the on-demand row's
    dates = {o.id: (o.reserved_as_of, o.reserved_as_of_kind) for o in offers["hs"]}
    assert dates["hs-l40x2"] == (dt.date(2026, 8, 26), "retrieved")
    assert dates["hs-l40x2-nvlink"] == (dt.date(2026, 7, 1), "published")
    assert dates["hs-cheap"] == (None, None)


def test_a_reserved_rule_without_its_date_is_refused(tmp_path: Path) -> None:
    mod = _build_module()
    terms = tmp_path / "cost_terms.toml"
    terms.write_text('[[reserved]]\nprovider = "hs"\ngpu = "l40"\nusd_per_gpu_h = 0.7\n'
                     'term = "1y"\nsource = "rate card, 2026-08-26"\n')
    with pytest.raises(SystemExit, match="as_of"):
        mod.load_cost_terms(terms)
