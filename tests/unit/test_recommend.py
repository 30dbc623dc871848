"""Scenario tests, one per guidance rule, on a small fake catalog (real registry)."""

from __future__ import annotations

import datetime as dt
from functools import cache

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.context import billed_hours
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)
AS_OF = dt.date(2026, 11, 1)


@cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def provider(pid: str, granularity: str = "second", egress: float | None = 0.0,
             storage: float | None = 0.1, minimum: int | None = None) -> Provider:
    return Provider(id=pid, name=pid.title(), billing_granularity=granularity,  # type: ignore[arg-type]
                    minimum_charge_s=minimum, egress_usd_per_gb=egress,
                    storage_usd_per_gb_month=storage, as_of=AS_OF, source="test")


def offer(oid: str, gpu: str, count: int, od: float | None, spot: float | None = None,
          prov: str = "alpha", interconnect: str = "none", network: str | None = None,
          reserved: float | None = None) -> Offer:
    return Offer(id=oid, provider=prov, instance_type=oid, regions=["r1"], gpu=gpu,
                 gpu_count=count, interconnect=interconnect,  # type: ignore[arg-type]
                 network=network, on_demand_usd_h=od, spot_usd_h=spot,  # type: ignore[arg-type]
                 reserved_usd_h=reserved, reserved_term="1y" if reserved else None,
                 as_of=AS_OF, source="test")


PROVIDERS = [provider("alpha"), provider("beta", egress=0.09), provider("hourly", "hour"),
             provider("free", egress=0.0)]

OFFERS = [
    offer("a-4090", "rtx-4090", 1, 0.40, spot=0.25),
    offer("a-l40s", "l40s", 1, 0.95, spot=0.60),
    offer("a-a100", "a100-sxm-80gb", 1, 1.60, spot=0.90),
    offer("a-h100", "h100-sxm", 1, 2.50, spot=1.50),
    offer("a-h100x2", "h100-sxm", 2, 5.00, interconnect="nvlink"),
    offer("a-a100x2-pcie", "a100-pcie-80gb", 2, 3.00, interconnect="pcie"),
    offer("a-h100x8", "h100-sxm", 8, 20.0, interconnect="nvswitch", network="infiniband",
          reserved=14.0),
]


def run(offers: list[Offer] | None = None, providers: list[Provider] | None = None,
        **kw: object) -> Recommendation:
    req = msgspec.convert(kw, RecommendationRequest)
    catalog = Catalog(registry=registry(), offers=tuple(offers or OFFERS),
                      providers=tuple(providers or PROVIDERS), version="test")
    return recommend(req, catalog, TODAY)


def test_quantized_13b_fits_24gb_card_and_wins() -> None:
    rec = run(model="llama-2-13b", workload="serving", context_tokens=4096)
    top = rec.options[0]
    assert top.offer.gpu == "rtx-4090"
    assert top.weights != "bf16"  # 26 GB of bf16 weights do not fit 24 GB
    assert top.fit.per_gpu_used_gib < 24
    assert "4090" in top.why and "$" in top.why


def test_70b_bf16_needs_two_80gb_gpus_with_nvlink_or_quantization() -> None:
    rec = run(model="llama-3.1-70b", weights="bf16", workload="serving", context_tokens=8192)
    assert rec.options, rec.reason
    for o in rec.options:
        assert o.offer.gpu_count * o.nodes >= 2
        assert o.fit.gpus_per_replica >= 2
    nvlink = [o for o in rec.options if o.offer.interconnect in ("nvlink", "nvswitch")]
    assert nvlink
    pcie = [o for o in rec.options if o.offer.interconnect == "pcie"]
    assert all(any("PCIe" in w for w in o.warnings) for o in pcie)
    rejected = {r.offer_id: r.reason for r in rec.rejected}
    assert "a-h100" in rejected and "GiB" in rejected["a-h100"]
    changes = " ".join(a.change for a in rec.alternatives)
    assert "int4" in changes or "fp8" in changes


def test_long_context_endpoint_is_sized_by_kv_cache() -> None:
    short = run(model="llama-3.1-8b", weights="bf16", workload="serving",
                context_tokens=4096, concurrent_requests=16)
    long = run(model="llama-3.1-8b", weights="bf16", workload="serving",
               context_tokens=131072, concurrent_requests=16)
    # 16 users at 4k fit one 48 GB card with the 10 % memory headroom (a 24 GB card would
    # need several nodes of replicas)
    assert short.options[0].offer.gpu in ("rtx-4090", "l40s")
    assert short.options[0].nodes == 1
    top = long.options[0]
    kv_per_seq_gib = 131072 * 131072 / 2**30  # 128 KiB per token
    assert kv_per_seq_gib == 16
    # 16 users x 16 GiB of KV cache dwarf 15 GiB of weights: many more GPUs than weights need
    assert top.offer.gpu_count * top.nodes >= 3
    assert (long.options[0].cost.per_month_usd or 0) > 3 * (short.options[0].cost.per_month_usd
                                                             or 0)


def test_production_endpoint_is_never_spot() -> None:
    rec = run(model="llama-3.1-8b", workload="serving")
    assert rec.options
    assert all(o.pricing_model == "on_demand" for o in rec.options)


def test_checkpointed_qlora_may_use_spot_with_expected_cost() -> None:
    rec = run(model="llama-3.1-8b", workload="finetune", finetune={"method": "qlora"},
              training_tokens=50_000_000, checkpoint_interval_minutes=20)
    top = rec.options[0]
    assert top.pricing_model == "spot"
    assert top.weights == "nf4"
    assert top.cost.expected_spot_overhead_pct is not None
    assert top.cost.expected_spot_overhead_pct > 0
    assert top.cost.per_job_usd is not None and top.performance.job_hours is not None
    assert "restarts" in top.pricing_reason


def test_intermittent_use_prefers_per_second_billing() -> None:
    offers = [offer("h-l40s", "l40s", 1, 1.0, prov="hourly"),
              offer("s-l40s", "l40s", 1, 1.0, prov="alpha")]
    rec = run(offers=offers, model="llama-3.1-8b", workload="serving", hours_per_day=2,
              sessions_per_day=4)
    assert rec.options[0].offer.id == "s-l40s"
    by_id = {o.offer.id: o for o in rec.options}
    assert by_id["h-l40s"].cost.billed_hours_per_month == pytest.approx(4 * 30)
    assert by_id["s-l40s"].cost.billed_hours_per_month == pytest.approx(2 * 30)


def test_billing_rounding_and_minimum() -> None:
    assert billed_hours(0.25, provider("x", "hour"))[0] == 1
    assert billed_hours(0.25, provider("x", "minute"))[0] == pytest.approx(0.25)
    assert billed_hours(0.01, provider("x", "second", minimum=60))[0] == pytest.approx(1 / 60)
    hours, known = billed_hours(0.5, None)
    assert hours == 1 and not known


def test_egress_heavy_use_moves_to_free_egress_provider() -> None:
    offers = [offer("paid-egress", "l40s", 1, 0.90, prov="beta"),
              offer("free-egress", "l40s", 1, 1.00, prov="free")]
    quiet = run(offers=offers, model="llama-3.1-8b", workload="serving")
    assert quiet.options[0].offer.id == "paid-egress"
    heavy = run(offers=offers, model="llama-3.1-8b", workload="serving",
                egress_gb_per_month=10_000)
    assert heavy.options[0].offer.id == "free-egress"
    paid = next(o for o in heavy.options if o.offer.id == "paid-egress")
    assert paid.cost.egress_per_month_usd == pytest.approx(900)


def test_pretraining_suggests_multi_node_infiniband_and_reserved() -> None:
    rec = run(model="llama-3.1-8b", workload="pretrain", training_tokens=2e12)
    assert rec.options
    top = rec.options[0]
    assert top.offer.id == "a-h100x8"
    assert top.pricing_model == "reserved"
    multi = [a for a in rec.alternatives if "multi-node" in a.change]
    assert multi and "infiniband" in multi[0].change
    assert "days" in multi[0].effect


def test_budget_rejects_with_amount() -> None:
    # without headroom 2 x H100 ($5/h) fits 70B bf16 at 8k and is over a $4/h budget by $1
    rec = run(model="llama-3.1-70b", weights="bf16", workload="serving", max_usd_per_hour=4,
              min_memory_headroom_pct=0)
    reasons = [r.reason for r in rec.rejected]
    assert any(r.startswith("over budget by $1.00/h") for r in reasons), reasons


def test_impossible_request_is_an_answer() -> None:
    rec = run(model="llama-3.1-405b", weights="bf16", workload="serving")
    assert rec.options == []
    assert rec.reason is not None and "405" in rec.reason and "GiB" in rec.reason
    assert "multi-node" in rec.reason and "fp8" in rec.reason


def test_same_input_same_order() -> None:
    a = run(model="llama-3.1-8b", workload="batch", job_output_tokens=1e8)
    b = run(model="llama-3.1-8b", workload="batch", job_output_tokens=1e8)
    assert [o.offer.id for o in a.options] == [o.offer.id for o in b.options]
    assert a.options[0].pricing_model == "spot"  # batch is interruptible by default


def test_latency_target_rejects_slow_cards() -> None:
    rec = run(model="llama-3.1-8b", weights="bf16", workload="serving",
              min_decode_tokens_per_s=80)
    assert all((o.performance.decode_tokens_per_s_per_user or 0) >= 80 for o in rec.options)
    assert any("latency target" in r.reason for r in rec.rejected)
