"""INT8 W8A8 on Blackwell, and OpenRelay's billing (audit recommend3 #2, #3).

- vLLM's INT8 W8A8 rule had a floor (7.5) and no ceiling, so an RTX 5070 (12.0) or a B200
  (10.0) ran int8 and led the ranking (8B at 20 req/s: 9 x 4 x RTX 5070 at $2,414/month).
  vLLM does not run int8 there (its CUTLASS int8 kernels stop below SM100, PR #25935 and the
  INT8 W8A8 doc's "not supported on compute capability >= 10.0"), nor does SGLang
  (sgl-kernel int8_scaled_mm: SM75-SM90 only). The rules now stop below 10.0 and int8 falls
  to fp8 there, its [nearest]: 12 nodes at $3,219.15.
- OpenRelay's offers said "per-second billing" in their quoted source while billing was
  "unknown; billed per hour": the claim is not on any page read (only a third-party
  transcription's summary says it), so the offers no longer make it.
"""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import _cover
from service.domain.catalog.kernels import Hardware
from service.domain.catalog.precisions import get_precision
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.rec_fixtures import TODAY, registry, shipped


def _rec(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), shipped(), TODAY)


def _support(engine: str, precision: str, gpu: str):  # type: ignore[no-untyped-def]
    reg = registry()
    return reg.kernels.supported(engine, get_precision(precision), reg.gpus[gpu])


# -- the rules ----------------------------------------------------------------------------------

@pytest.mark.parametrize("gpu", ["rtx-5070", "rtx-5090", "rtx-pro-6000-ws", "b200"])
@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_int8_w8a8_refused_on_blackwell(engine: str, gpu: str) -> None:
    s = _support(engine, "int8", gpu)
    assert s.status == "refused"
    assert "compute capability >= " in s.reason and "and < 10.0" in s.reason
    # fp8 runs there, and is what int8 falls back to
    reg = registry()
    lookup = {p: get_precision(p) for p in ("int8", "fp8", "bf16", "fp16")}
    near = reg.kernels.nearest_supported(engine, get_precision("int8"), reg.gpus[gpu], lookup)
    assert near is not None and near.id == "fp8"


@pytest.mark.parametrize(("engine", "gpu", "rule"), [
    ("vllm", "h100-sxm", "vllm-int8-w8a8"),
    ("vllm", "rtx-4090", "vllm-int8-w8a8"),
    ("vllm", "t4", "vllm-int8-w8a8"),
    ("sglang", "h100-sxm", "sglang-int8"),
    ("sglang", "a100-sxm-80gb", "sglang-int8"),
])
def test_int8_w8a8_still_runs_before_blackwell(engine: str, gpu: str, rule: str) -> None:
    s = _support(engine, "int8", gpu)
    assert s.status == "ok" and s.rule == rule


def test_tensorrt_llm_int8_left_as_documented() -> None:
    # ModelOpt's support matrix: INT8 SmoothQuant "Ampere and later" (no ceiling documented)
    assert _support("tensorrt-llm", "int8", "b200").status == "ok"


def test_cuda_below_words_and_covers() -> None:
    h = Hardware(cuda_min="7.5", cuda_below="10.0")
    assert h.words() == "NVIDIA compute capability >= 7.5 and < 10.0"
    reg = registry()
    assert h.covers(reg.gpus["h100-sxm"]) is True
    assert h.covers(reg.gpus["b200"]) is False
    assert h.covers(reg.gpus["rtx-5090"]) is False


def test_cuda_below_said_in_romanian() -> None:
    ro = shipped_messages().section("ro", "answer")
    assert _cover("NVIDIA compute capability >= 7.5 and < 10.0", ro) == (
        "NVIDIA cu capabilitate de calcul >= 7.5 și < 10.0")
    en = shipped_messages().section("en", "answer")
    assert _cover("NVIDIA compute capability >= 7.5 and < 10.0", en) == (
        "NVIDIA compute capability >= 7.5 and < 10.0")


# -- the recommendation -----------------------------------------------------------------------

def test_8b_at_20_rps_does_not_lead_with_int8_on_blackwell() -> None:
    r = _rec(model="llama-3.1-8b", target_requests_per_s=20)
    assert r.options
    blackwell = {"rtx-5070", "rtx-5090", "rtx-5080", "rtx-5070-ti", "rtx-5060-ti-16gb",
                 "rtx-pro-6000-ws", "rtx-pro-6000-server", "b200"}
    for o in r.options:
        if o.offer.gpu in blackwell:
            assert o.weights != "int8", o.offer.id


def test_rtx_5070_plan_is_fp8_at_its_price() -> None:
    r = _rec(model="llama-3.1-8b", target_requests_per_s=20, gpus=["rtx-5070"])
    lead = r.options[0]
    assert lead.offer.id == "vast-4x-rtx-5070-32-65536"
    assert lead.weights == "fp8"
    assert lead.nodes == 12
    assert lead.cost.per_month_usd == pytest.approx(3219.15, abs=0.01)


def test_rtx_5070_int8_asked_is_refused_naming_fp8() -> None:
    r = _rec(model="llama-3.1-8b", target_requests_per_s=20, gpus=["rtx-5070"],
             weights="int8")
    assert all(o.weights != "int8" for o in r.options)


# -- OpenRelay ----------------------------------------------------------------------------------

def test_openrelay_offers_make_no_unsourced_billing_claim() -> None:
    cat = shipped()
    offers = [o for o in cat.offers if o.provider == "openrelay"]
    assert len(offers) == 3
    for o in offers:
        assert "per-second" not in o.source
        assert "per GPU-hour" in o.source
    prov = next(p for p in cat.providers if p.id == "openrelay")
    assert prov.billing_granularity is None
    assert "per-second billing" in prov.note and "not sourced" in prov.note


def test_openrelay_whisper_job_billed_per_hour_consistently() -> None:
    r = _rec(model="whisper-large-v3", workload="batch", job_audio_hours=3,
             providers=["openrelay"])
    o = r.options[0]
    assert "openrelay: billing granularity unknown; billed per hour here" in o.warnings
    assert "per-second" not in o.offer.source
