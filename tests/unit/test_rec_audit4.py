"""Blind buyer audit 4 of /v1/recommendations: a spot price at exactly a tenth of on-demand
ranked as if real, ZeRO-3 where DDP fits, a reserved rate shown without its commitment, a
$0.20 job said as "$0", several instances worded as one machine, and spot-only offers for
work that cannot be interrupted. Small fake catalogs on the real registry (with the trust
flags the loader computes), and the shipped catalog where the audit quoted it."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.precisions import find_precision
from service.domain.catalog.regions import index_regions
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import SPOT_MAX_DISCOUNT, assess
from service.domain.recommend.context import usd
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.layout import search_training
from service.domain.sizing.memory import TrainingPlan
from service.domain.sizing.requests import FinetuneOptions, SizingRequest
from service.domain.sizing.sizing import resolve_model
from tests.unit.rec_fixtures import (
    TODAY,
    fake,
    offer,
    provider,
    real,
    region_table,
    registry,
    shipped,
)


def trusted(providers: tuple[Provider, ...], offers: list[Offer],
            **body: object) -> Recommendation:
    """Recommend over ``offers`` with the trust flags the catalog loader computes."""
    kept, trust = assess(offers, 90)
    catalog = Catalog(registry=registry(), offers=kept, providers=providers, version="test",
                      perf=shipped().perf, trust=trust,
                      regions=index_regions(region_table(), list(kept)))
    return recommend(msgspec.convert(body, RecommendationRequest), catalog, TODAY)


EMBED_JOB = dict(model="bge-large-en-v1.5", workload="batch", context_tokens=512,
                 output_tokens=1, job_embed_tokens=1e9)

# --- 1. a spot price at the provider's documented maximum discount ----------------------------


def _p5en(spot: float) -> Offer:
    return offer("p5en-az2", "h200-sxm", 8, 68.35968, provider="aws",
                 interconnect="nvswitch", network="efa", spot=spot)


def test_spot_at_a_tenth_of_on_demand_is_suspect() -> None:
    """Audit: AWS p5en.48xlarge eu-south-2 spot $6.836 against on-demand $68.36 (exactly
    90% off, AWS's own "up to 90%") was not flagged and ranked #3 for an embedding job."""
    _, trust = assess([_p5en(6.836)], 90)
    t = trust["p5en-az2"]
    assert t.suspect and t.spot_reasons and t.offer_reasons == ()
    assert "documented maximum spot discount of 90%" in t.spot_reasons[0]
    # a real discount under the maximum (the same type in the next zone: $17.38) stands
    _, trust = assess([_p5en(17.3763)], 90)
    assert "p5en-az2" not in trust
    assert SPOT_MAX_DISCOUNT == {"aws": 0.90, "gcp": 0.91, "azure": 0.90}


def test_the_shipped_p5en_spot_placeholder_is_flagged() -> None:
    t = shipped().trust_of("aws-p5en-48xlarge-eu-south-2-eus2-az2")
    assert t.spot_reasons and not t.offer_reasons
    assert not shipped().trust_of("aws-p5en-48xlarge-eu-south-2-eus2-az1").spot_reasons


def test_spot_far_below_other_providers_spot_is_suspect() -> None:
    """The spot price against the median of fresh spot prices for the same GPU and count
    across providers (each provider once): under 0.4x is doubted, like the on-demand rule."""
    offers = [offer(f"h100-{p}", "h100-sxm", 8, 24.0, provider=p, spot=s)
              for p, s in (("beta", 12.0), ("gamma", 14.0), ("delta", 16.0), ("eps", 2.0))]
    _, trust = assess(offers, 90)
    assert set(trust) == {"h100-eps"}
    reason = trust["h100-eps"].spot_reasons[0]
    assert "0.15x the median" in reason
    assert "of 4 providers' fresh spot prices for 8 x h100-sxm" in reason


def test_a_suspect_spot_price_is_not_ranked_but_the_on_demand_price_is() -> None:
    providers = (provider("aws"),)
    r = trusted(providers, [_p5en(6.836)], **EMBED_JOB)
    assert r.options, r.reason
    assert all(o.pricing_model != "spot" for o in r.options)
    assert all(o.cost.per_hour_usd == pytest.approx(68.35968) for o in r.options)
    assert not any("suspect" in w for o in r.options for w in o.warnings)
    # asked for, the spot price ranks with its doubt said
    r = trusted(providers, [_p5en(6.836)], include_suspect=True, **EMBED_JOB)
    spot = [o for o in r.options if o.pricing_model == "spot"]
    assert spot and any("documented maximum spot discount" in w for w in spot[0].warnings)
    assert spot[0].offer.suspect_reasons
    # a spot-only offer with a doubted spot price is left out
    peers = [offer(f"h200-{p}", "h200-sxm", 8, 30.0, provider=p, spot=16.0)
             for p in ("beta", "gamma", "delta")]
    only = offer("spot-only", "h200-sxm", 8, None, provider="aws", spot=4.0)
    everyone = tuple(provider(p) for p in ("aws", "beta", "gamma", "delta"))
    r = trusted(everyone, [only, *peers], **EMBED_JOB)
    assert r.options and all(o.offer.id != "spot-only" for o in r.options)
    r = trusted(everyone, [only, *peers], include_suspect=True, **EMBED_JOB)
    assert r.options[0].offer.id == "spot-only"


# --- 2. DDP where it fits ---------------------------------------------------------------------


@pytest.mark.parametrize(("gpu", "count", "interconnect"),
                         [("l40s", 4, "pcie"), ("h100-sxm", 2, "nvlink"),
                          ("h100-sxm", 8, "nvswitch")])
def test_pretraining_uses_ddp_where_a_replica_fits(gpu: str, count: int,
                                                   interconnect: str) -> None:
    """Audit: Llama 3.2 1B pre-training on 4 x L40S / 2 x H100 was sharded with ZeRO-3 while
    a full replica (~20.3 GiB) fits one GPU; the sizing layout search picks DDP."""
    r = fake([offer("node", gpu, count, 2.0 * count, interconnect=interconnect)],
             model="llama-3.2-1b", workload="pretrain", training_tokens=1e9)
    assert r.options, r.reason
    o = r.options[0]
    assert o.fit.parallelism == "data parallel (DDP)", o.fit.parallelism
    # 20.3 GiB checkpointed; unset, checkpointing is off where the run fits without it (22.9
    # GiB) and the PCIe L40S runs micro-batch 2, DDP's all-reduce bounding 1 (26.5 GiB)
    pcie = interconnect == "pcie"
    assert "ZeRO" not in o.why and o.fit.per_gpu_used_gib == pytest.approx(
        26.5 if pcie else 22.9, abs=0.2)
    g = registry().gpus[gpu]
    p = find_precision(o.weights)
    assert p is not None
    ft = FinetuneOptions(method="full")
    layout, plan = search_training(
        TrainingPlan(model=resolve_model(SizingRequest(model="llama-3.2-1b"), registry()),
                     precision=p, method="full",
                     rank=ft.lora_rank, targets=list(ft.target_modules),
                     optimizer=ft.optimizer, checkpointing=False,
                     flash=ft.flash_attention, micro_batch=2 if pcie else 1,
                     seq=ft.sequence_length, zero_stage=3, cpu_offload=ft.cpu_offload,
                     gpus=count), g, None)
    assert layout.zero_stage == 0
    assert plan.per_gpu().total_gib == pytest.approx(o.fit.per_gpu_used_gib, abs=0.01)


def test_pretraining_shards_only_where_ddp_does_not_fit() -> None:
    r = fake([offer("h100x8", "h100-sxm", 8, 24.0, interconnect="nvswitch")],
             model="llama-3.1-8b", workload="pretrain", training_tokens=1e9)
    assert r.options, r.reason
    par = r.options[0].fit.parallelism
    assert "ZeRO" in par and "DDP" not in par


def test_a_requested_zero_stage_is_kept() -> None:
    r = fake([offer("h100x2", "h100-sxm", 2, 6.0)], model="llama-3.2-1b",
             workload="pretrain", training_tokens=1e9,
             finetune={"method": "full", "zero_stage": 3})
    assert r.options, r.reason
    assert r.options[0].fit.parallelism == "data parallel (ZeRO-3/FSDP)"


# --- 3. a reserved price always says it is reserved, with its term ----------------------------

TERM = "contract of agreed duration; a published 'from' rate"


def _reserved_offers() -> list[Offer]:
    return [offer("a4000-r", "rtx-a4000", 1, 0.15, interconnect="none", reserved=0.11,
                  term=TERM),
            offer("v100", "v100-sxm2-16gb", 1, 0.14, interconnect="none")]


def test_a_reserved_price_is_labelled_with_its_term_in_every_option() -> None:
    """Audit: a reserved rate (0.11 USD/h) showed among other matches, cheaper than the
    cheapest match (0.15 USD/h), with nothing to say it needs a commitment."""
    r = fake(_reserved_offers(), model="bge-large-en-v1.5", workload="serving",
             context_tokens=512, output_tokens=1, hours_per_day=24)
    reserved = [o for o in r.options if o.pricing_model == "reserved"]
    assert reserved, [o.pricing_model for o in r.options]
    for o in reserved:
        assert f"(reserved, {TERM}, price" in o.why, o.why
    for o in r.options:
        if o.pricing_model != "reserved":
            assert "reserved, " not in o.why.split(";")[0]


def test_a_reserved_price_is_labelled_in_alternatives() -> None:
    """An alternative priced at a reserved rate says so, with the term: 8B at bf16 fits no
    16 GB card; FP8 fits the A4000, reserved for a steady use."""
    r = fake([offer("a4000", "rtx-a4000", 1, 0.5, reserved=0.2, term="1-year term",
                    interconnect="none")],
             model="llama-3.1-8b", workload="serving", context_tokens=2048,
             output_tokens=256, weights="bf16", hours_per_day=24)
    alts = [a for a in r.alternatives if a.offer_id == "a4000"]
    assert alts, r.alternatives
    for a in alts:
        assert "(reserved, 1-year term)" in a.effect, a.effect


# --- 4. money under $10 keeps its cents -------------------------------------------------------


def test_a_cheap_job_keeps_its_cents() -> None:
    """Audit: an embedding job costing $0.20 said "$0 for the job"."""
    r = fake([offer("l4", "l4", 1, 0.80, interconnect="none")], **EMBED_JOB)
    assert r.options, r.reason
    for o in r.options:
        assert o.cost.per_job_usd is not None and o.cost.per_job_usd < 10
        assert f"{usd(o.cost.per_job_usd)} for the job" in o.why
        assert re.search(r"\$\d\.\d\d for the job", o.why), o.why
        assert "$0 for the job" not in o.why


def test_usd_keeps_cents_below_ten_dollars_only() -> None:
    assert usd(0.2) == "$0.20" and usd(9.994) == "$9.99"
    assert usd(10.4) == "$10" and usd(12345.6) == "$12,346"


# --- 5. several instances are worded as several instances -------------------------------------


def test_several_instances_read_as_instances() -> None:
    """Audit: "4 x NVIDIA L4 at aws" was 4 separate g6.xlarge (1 GPU each; nodes 4)."""
    r = fake([offer("g6.xlarge", "l4", 1, 0.805, interconnect="none")],
             model="llama-3.1-8b", workload="serving", weights="fp8", context_tokens=2048,
             output_tokens=256, target_output_tokens_per_s=4000)
    assert r.options, r.reason
    o = r.options[0]
    assert o.nodes > 1
    assert o.why.startswith(f"{o.nodes} instances of 1 x NVIDIA L4 24GB (g6.xlarge) at alpha")
    one = fake([offer("g6.xlarge", "l4", 1, 0.805, interconnect="none")],
               model="llama-3.1-8b", workload="serving", weights="fp8",
               context_tokens=2048, output_tokens=256)
    assert one.options and one.options[0].nodes == 1
    assert one.options[0].why.startswith("1 x NVIDIA L4 24GB at alpha")


# --- 6. no spot-only offer for work that cannot be interrupted --------------------------------


@pytest.mark.parametrize("body", [
    dict(model="llama-3.1-8b", workload="serving", context_tokens=2048, output_tokens=256),
    dict(model="llama-3.1-70b", workload="serving", context_tokens=4096, output_tokens=512,
         include_suspect=True, include_stale=True),
    dict(model="bge-large-en-v1.5", workload="serving", context_tokens=512, output_tokens=1),
    dict(model="llama-3.2-1b", workload="pretrain", training_tokens=1e10),
    dict(model="llama-3.1-8b", workload="pretrain", training_tokens=2e12,
         include_suspect=True, include_stale=True),
])
def test_no_spot_price_for_uninterruptible_work_over_the_shipped_catalog(
        body: dict[str, object]) -> None:
    r = real(**body)
    assert r.options, r.reason
    offers = shipped().offers_by_id
    for o in r.options:
        assert o.pricing_model != "spot", o.why
        src = offers[o.offer.id]
        assert src.on_demand_usd_h is not None or src.reserved_usd_h is not None
    for a in r.alternatives:
        if a.offer_id is not None and a.offer_id in offers:
            src = offers[a.offer_id]
            assert src.on_demand_usd_h is not None or src.reserved_usd_h is not None, a
            assert "(spot)" not in a.effect and "spot capacity" not in a.effect, a


def test_an_unstated_interconnect_is_doubted_only_where_the_gpu_comes_as_a_pcie_card() -> None:
    """2 x MI300X (OAM, Infinity Fabric by construction) warned 'a tensor-parallel split needs
    NVLink'; an L40S (no NVLink at all) is on PCIe whatever the offer states."""
    offers = [offer("mi", "mi300x", 2, 4.0, interconnect="unknown"),
              offer("l40s4", "l40s", 4, 3.0, interconnect="unknown")]
    rec = fake(offers, model="llama-3.1-70b", workload="serving", concurrent_requests=8,
               top_n=5, max_time_to_first_token_ms=60000, min_decode_tokens_per_s=1)
    by = {o.offer.id: o for o in rec.options}
    assert "mi" in by and by["mi"].fit.gpus_per_replica > 1
    assert not any("interconnect" in w or "PCIe" in w for w in by["mi"].warnings)
    assert "l40s4" in by and by["l40s4"].fit.gpus_per_replica > 1
    assert any("on PCIe only" in w for w in by["l40s4"].warnings)
    assert not any("not stated" in w for w in by["l40s4"].warnings)
