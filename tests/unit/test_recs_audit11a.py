"""Buyer audit 11 (a), the recommendation items: a diffusion (or embedding) rate target sized
to at most 80 % busy replicas, as LLM rates and /v1/sizing are; a refused offer's time to
first token from the load model at the layout nearest the targets (not a pruning bound of
another layout); training options with the memory headroom; an over-budget refusal that
names its instances; and a quality handicap for every precision weights=auto tries. Small
fake catalogs on the real registry, so that a catalog update does not move them."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.catalog.precisions import get_precision
from service.domain.recommend.context import AUTO_IMAGE, AUTO_LLM, QUALITY_HANDICAP
from service.domain.recommend.types import Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import HEADROOM_LOAD, size
from tests.unit.rec_fixtures import fake, offer, real, registry, shipped


def _assumption(r: Recommendation, name: str) -> str:
    return next(a.reason for a in r.assumptions if a.name == name)


# --- 1. a rate target for an image or embedding model: replicas at most 80 % busy ----------


@pytest.mark.parametrize("gpu", ["v100-sxm2-16gb", "rtx-5070"])
def test_a_diffusion_rate_target_keeps_every_replica_at_most_80_percent_busy(gpu: str) -> None:
    """The audit's request (SDXL, 2 requests/s, 8 h/day): 7 x 4 V100 served 2.009 images/s,
    99.6 % of capacity, where /v1/sizing warns that requests queue without bound above 80 %;
    the why now says how busy the replicas are and the rule."""
    r = fake([offer("x4", gpu, 4, 4.0, interconnect="none")], model="sdxl",
             workload="serving", target_requests_per_s=2, hours_per_day=8)
    assert r.options
    o = r.options[0]
    images = o.performance.images_per_s
    assert images is not None
    assert 2 / images <= HEADROOM_LOAD + 1e-9
    # the fewest nodes that do: one node less would be over 80 %
    assert 2 / (images / o.nodes * (o.nodes - 1)) > HEADROOM_LOAD
    assert f"~{100 * 2 / images:.0f}% busy" in o.why
    assert "at most 80% busy" in o.why


def test_an_embedding_rate_target_keeps_every_replica_at_most_80_percent_busy() -> None:
    r = fake([offer("l4", "l4", 1, 0.8, interconnect="none")], model="bge-large-en-v1.5",
             workload="serving", context_tokens=512, target_requests_per_s=3000)
    assert r.options
    o = r.options[0]
    tokens = o.performance.embedded_tokens_per_s
    assert tokens is not None
    assert 3000 * 512 / tokens <= HEADROOM_LOAD + 1e-9
    assert "at most 80% busy" in o.why


# --- 2. a refused offer's time to first token: a real figure, the nearest layout ------------

LATENCY = {"model": "llama 3.1 8b", "workload": "serving", "concurrent_requests": 4,
           "context_tokens": 2048, "output_tokens": 256, "max_time_to_first_token_ms": 200,
           "min_decode_tokens_per_s": 60}


def test_a_refused_offer_quotes_the_load_models_ttft_at_its_nearest_layout() -> None:
    """The audit: 4 x RTX 3060 refused at "670 ms > 200 ms at the least" (bf16 over 2 GPUs'
    pruning floor), where /v1/sizing gives 200.07 ms for int8 over 4 at one request."""
    r = fake([offer("3060x4", "rtx-3060", 4, 0.21, interconnect="pcie")], **LATENCY)
    (rej,) = [x for x in r.rejected if x.offer_id == "3060x4"]
    assert "at the least" not in rej.reason
    assert "time to first token 200.1 ms > 200 ms" in rej.reason
    assert "(int8 weights, tensor parallel 4)" in rej.reason
    sized = size(msgspec.convert(dict(model="llama 3.1 8b", weights="int8", gpu="rtx-3060",
                                      gpu_count=4, batch_size=1, input_tokens=1792,
                                      output_tokens=256), SizingRequest), shipped())
    assert sized.performance is not None
    ttft = sized.performance.time_to_first_token_ms
    assert ttft is not None and round(ttft, 1) == 200.1


@pytest.mark.parametrize("gpu", ["rtx-3060", "a10g", "t4"])
def test_every_ttft_a_refusal_quotes_is_the_load_models_at_one_request(gpu: str) -> None:
    """Whatever layout a refusal names, its TTFT is /v1/sizing's for that layout at one
    request (the load model's), never a lower bound."""
    r = fake([offer("o", gpu, 4, 0.21, interconnect="pcie")], **LATENCY)
    quoted = 0
    for rej in r.rejected:
        m = re.search(r"time to first token ([\d,.]+) ms > .*\((\S+) weights, "
                      r"(?:tensor parallel (\d+)|one GPU each)\)", rej.reason)
        if m is None:
            continue
        t = int(m.group(3) or 1)
        sized = size(msgspec.convert(dict(model="llama 3.1 8b", weights=m.group(2), gpu=gpu,
                                          gpu_count=t, batch_size=1, input_tokens=1792,
                                          output_tokens=256), SizingRequest), shipped())
        assert sized.performance is not None
        ttft = sized.performance.time_to_first_token_ms
        assert ttft is not None
        said = float(m.group(1).replace(",", ""))
        assert abs(said - ttft) <= 0.5 + 0.001 * ttft, (rej.reason, ttft)
        quoted += 1
    assert quoted, [x.reason for x in r.rejected]


# --- 3. training options keep the memory headroom ---------------------------------------------

QLORA_70B = {"model": "llama 3.1 70b", "workload": "finetune", "finetune": {"method": "qlora"},
             "training_tokens": 20_000_000}


def test_a_training_option_keeps_the_memory_headroom() -> None:
    """The audit: 8 x RTX 6000 Ada ranked with DDP at 45.8 of 47.5 GiB (3.6 % headroom,
    against the 10 % default): the least sharding that leaves the headroom is chosen."""
    r = fake([offer("ada8", "rtx-6000-ada", 8, 6.0, interconnect="pcie")], **QLORA_70B)
    assert r.options
    o = r.options[0]
    assert o.fit.headroom_pct >= 10
    assert "DDP" not in o.fit.parallelism
    assert not any(w.startswith("headroom under") for w in o.warnings)


def test_without_headroom_training_may_use_the_memory_to_the_last_gib() -> None:
    r = fake([offer("ada8", "rtx-6000-ada", 8, 6.0, interconnect="pcie")], **QLORA_70B,
             min_memory_headroom_pct=0)
    assert r.options
    assert "DDP" in r.options[0].fit.parallelism


def test_one_gpu_that_holds_the_training_state_only_without_the_headroom_is_out() -> None:
    ada = [offer("ada1", "rtx-6000-ada", 1, 1.0, interconnect="none")]
    assert not fake(ada, **QLORA_70B).options
    (o,) = fake(ada, **QLORA_70B, min_memory_headroom_pct=0).options
    assert o.fit.headroom_pct < 10


# --- 4. an over-budget refusal names its instances ---------------------------------------------


def test_an_over_budget_refusal_says_how_many_instances_its_cost_is_for() -> None:
    """The audit: "price_usd_h 7.98 … ($17,466/month)", three instances the entry never said."""
    # re-pinned: serving start transient in the solve: 16 users (was 8: one 4 x H100 now
    # carries 8 users at 1,992 ms against the default 2,000 ms, a single instance; 16 need 2)
    r = fake([offer("h100x4", "h100-sxm", 4, 7.47)], model="llama-3.1-405b",
             workload="serving", concurrent_requests=16, max_usd_per_month=2000)
    (rej,) = [x for x in r.rejected if x.offer_id == "h100x4"]
    m = re.search(r"\((\d+) instances of 4 x NVIDIA H100[^:]*: \$([\d,]+)/month\)", rej.reason)
    assert m is not None, rej.reason
    nodes, month = int(m.group(1)), float(m.group(2).replace(",", ""))
    assert nodes > 1
    # the month's compute is the instances x the entry's price x the hours (storage besides)
    assert rej.price_usd_h is not None
    compute = nodes * rej.price_usd_h * 24 * 30
    assert compute <= month <= compute * 1.05


# --- 5. a quality handicap for every precision weights=auto tries ------------------------------


@pytest.mark.parametrize("engine", [None, "llama.cpp"])
def test_gpt_oss_states_its_quality_handicap(engine: str | None) -> None:
    """The audit: "ranks with a quality handicap: " with nothing after it (MXFP4 had none; x1.1
    was applied unsaid)."""
    body: dict[str, object] = {"model": "gpt-oss-120b", "workload": "serving"}
    if engine:
        body["engine"] = engine
    reason = _assumption(real(**body), "precisions_tried")
    assert not reason.rstrip().endswith(":")
    assert "mxfp4 x1.0" in reason


def test_every_precision_auto_tries_has_a_quality_handicap() -> None:
    reg = registry()
    tried = {*AUTO_LLM, *AUTO_IMAGE, "nf4"}
    for eid in reg.engines.ids:
        tried.update(reg.engines[eid].auto_weights or ())
    tried.update(m.native_precision for m in reg.models.values() if m.native_precision)
    missing = sorted(p for p in tried if get_precision(p).id not in QUALITY_HANDICAP)
    assert missing == []


def test_the_same_machine_in_two_regions_does_not_crowd_out_a_cheaper_option() -> None:
    """Ranking stops planning where an offer's least cost is above the top_n-th candidate's:
    the same machine at the same price under two ids is one option, so it counts once (with
    gpt-oss-120b two cudo A40 ids at $573 left 4 x RTX A5000 at $588 unplanned, and $682
    ranked 5th)."""
    offers = [offer("cheap", "a10g", 1, 0.60, interconnect="none"),
              offer("twin-a", "l4", 1, 0.70, interconnect="none", regions=("r1",)),
              offer("twin-b", "l4", 1, 0.70, interconnect="none", regions=("r2",)),
              offer("next", "rtx-a5000", 1, 0.75, interconnect="none"),
              offer("dear", "rtx-a6000", 1, 0.90, interconnect="none")]
    r = fake(offers, model="llama 3.1 8b", weights="bf16", workload="serving", top_n=3)
    assert [o.offer.id for o in r.options] == ["cheap", "twin-a", "next"]
    assert r.options[1].offer.regions == ["r1", "r2"]
