"""Recommendations: deadline scale-out, SGLang fp8 on Ampere, mllama's cross-attention KV,
no-match reason heads in Romanian.

1. A batch job whose one instance was too slow for ``max_job_hours`` was rejected ("takes
   4.5 h, more than the 2 h allowed") though its requests are independent: N instances finish
   in 1/N of the time for about the same GPU-hours.
2. SGLang with fp8 weights was refused on Ampere; SGLang runs FP8 checkpoints there weight-only
   through FP8 Marlin (fp8_utils.can_auto_enable_marlin_fp8: 80 <= sm < 89).
3. The recommender counted Llama 3.2 Vision's KV per request without its image's
   cross-attention KV (8 layers x 6,404 tokens), which /v1/sizing counts.
4. No-match reason heads (price trust, billing, hardware, targets) stayed English in Romanian.
"""

from __future__ import annotations

import re

import msgspec

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.models import kv_bytes, seq_cache_bytes
from service.domain.catalog.precisions import get_precision
from service.domain.recommend.alternatives import _kv_dominant
from service.domain.recommend.context import Ctx
from service.domain.recommend.options import refused_but_large_enough
from service.domain.recommend.pricing import deadline_reason
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import resolve_model, size
from tests.unit.rec_fixtures import TODAY, fake, offer, shipped

BATCH = {"model": "llama-3.1-8b", "workload": "batch", "job_output_tokens": 1e9,
         "context_tokens": 2048, "output_tokens": 512, "interruptible": False,
         "weights": "bf16"}
ONE_H100 = [offer("h100x1", "h100-sxm", 1, 3.0)]


# --- 1. a batch job scales out to meet its deadline ---------------------------------------


def test_a_deadline_one_instance_misses_is_met_by_the_fewest_instances() -> None:
    free = fake(ONE_H100, **BATCH)
    one = free.options[0]
    hours = one.performance.job_hours or 0.0
    assert one.nodes == 1 and hours > 3, hours
    rec = fake(ONE_H100, **BATCH, max_job_hours=hours / 2.5)
    assert rec.options, rec.reason
    o = rec.options[0]
    assert o.nodes == 3  # ceil(2.5): two would take hours / 2 > hours / 2.5
    assert abs((o.performance.job_hours or 0.0) - hours / 3) < 1e-6
    assert (o.performance.job_hours or 0.0) <= hours / 2.5
    # three times the instances for a third of the time: the compute costs the same
    assert o.cost.per_hour_usd == 9.0
    assert abs((o.cost.per_job_usd or 0.0) - (one.cost.per_job_usd or 0.0)) < 0.02 * (
        one.cost.per_job_usd or 1.0)
    assert o.why.startswith("3 instances of 1 x NVIDIA H100"), o.why
    said = (f"The deadline ({hours / 2.5:g} h, max_job_hours) set the instance count: the "
            "job's independent requests split over 3 instances (3 replicas) running in "
            f"parallel, each finishing its share in ~{hours / 3:,.1f} h, where 1 instance "
            f"would take ~{hours:,.1f} h")
    assert said in o.why, o.why


def test_spot_scales_out_for_its_restarts_and_wins_on_price() -> None:
    spot = [offer("h100x1", "h100-sxm", 1, 3.0, spot=1.0)]
    body = {**BATCH, "interruptible": True}
    hours = fake(spot, **body).options[0].performance.job_hours or 0.0
    # on-demand meets 1.01 x the hours on one instance; spot, with its restarts, needs two
    rec = fake(spot, **body, max_job_hours=hours * 1.01)
    o = rec.options[0]
    assert (o.pricing_model, o.nodes) == ("spot", 2), (o.pricing_model, o.nodes)
    spot_hours = (o.performance.job_hours or 0.0) * (1 + (o.cost.expected_spot_overhead_pct
                                                          or 0.0) / 100)
    assert spot_hours <= hours * 1.01
    only_spot = fake([offer("h100x1", "h100-sxm", 1, None, spot=1.0)], **body,
                     max_job_hours=hours * 1.01)
    assert [(x.pricing_model, x.nodes) for x in only_spot.options] == [("spot", 2)]


def test_past_the_cap_the_reason_says_the_instances() -> None:
    rec = fake(ONE_H100, **{**BATCH, "job_output_tokens": 1e12}, max_job_hours=1)
    assert rec.options == []
    r = rec.rejected[0].reason
    assert re.fullmatch(r"takes \d[\d,.]* h on 256 instances \(the most planned\), more than "
                        r"the 1 h allowed \(max_job_hours\)", r), r
    assert deadline_reason(2.34, 2, instances=256) == (
        "takes 2.3 h on 256 instances (the most planned), more than the 2 h allowed "
        "(max_job_hours)")


def test_images_scale_out_too() -> None:
    body = {"model": "sdxl", "workload": "batch", "job_images": 200_000,
            "interruptible": False}
    one = fake(ONE_H100, **body).options[0]
    hours = one.performance.job_hours or 0.0
    rec = fake(ONE_H100, **body, max_job_hours=hours / 4)
    assert rec.options and rec.options[0].nodes == 4, rec.reason
    assert abs((rec.options[0].performance.job_hours or 0.0) - hours / 4) < 1e-6


def test_training_is_not_scaled_out() -> None:
    body = {"model": "llama-3.1-8b", "workload": "finetune", "training_tokens": 1e8,
            "finetune": {"method": "lora"}}
    hours = fake(ONE_H100, **body).options[0].performance.job_hours or 0.0
    rec = fake(ONE_H100, **body, max_job_hours=hours / 2)
    assert rec.options == []
    assert rec.rejected[0].reason.startswith("takes ")
    assert "instances" not in rec.rejected[0].reason


# --- 2. SGLang fp8 on Ampere: weight-only FP8 Marlin ---------------------------------------


def test_sglang_fp8_runs_weight_only_on_ampere() -> None:
    reg = shipped().registry
    fp8 = get_precision("fp8")
    for gpu in ("a100-sxm-80gb", "a10", "rtx-a6000", "rtx-3090"):
        s = reg.kernels.supported("sglang", fp8, reg.gpus[gpu])
        assert (s.status, s.rule, s.compute) == ("runs_as", "sglang-fp8-marlin", "fp16"), gpu
    # FP8 tensor cores from 8.9: W8A8 there
    assert reg.kernels.supported("sglang", fp8, reg.gpus["h100-sxm"]).rule == "sglang-fp8"
    rec = fake([offer("a100x1", "a100-sxm-80gb", 1, 1.5)], model="llama-3.1-8b",
               engine="sglang", weights="fp8")
    assert rec.options, rec.reason
    assert any(w.startswith("weight-only fp8: sglang runs fp8 on NVIDIA A100 SXM4 80GB as "
                            "FP8-Marlin weight-only W8A16") for w in rec.options[0].warnings)


# --- 3. Llama 3.2 Vision: the image's cross-attention KV -----------------------------------


def _ctx(**body: object) -> Ctx:
    req = msgspec.convert(body, RecommendationRequest)
    cat = shipped()
    model = resolve_model(SizingRequest(model=req.model), cat.registry)
    return Ctx(req=req, model=model, catalog=cat, registry=cat.registry,
               providers={p.id: p for p in cat.providers}, today=TODAY,
               stale_days=cat.stale_after_days, interruptible=False, hours_per_day=24.0,
               engine="vllm", max_storage_price=0.1, max_egress_price=0.1)


def test_the_vision_models_request_counts_its_cross_attention_kv() -> None:
    ctx = _ctx(model="llama-3.2-11b-vision", concurrent_requests=8, context_tokens=4096,
               weights="bf16")
    a = ctx.model.arch
    assert a is not None and a.cross_attention_layers == 8 and a.cross_attention_tokens == 6404
    # 8 layers x 6,404 tokens x 8 KV heads x 128 x 2 (K, V) x 2 bytes = 0.195 GiB per request
    extra = seq_cache_bytes(a, 4096, 2) - kv_bytes(a, 4096, 2)
    assert abs(extra - 8 * 6404 * 8 * 128 * 2 * 2) < 1
    # 8 requests: 8 x 0.695 GiB = 5.56 GiB of KV, over a quarter of the 19.9 GiB of weights
    # (8 x 0.5 without the image's: 4.0, under it)
    assert _kv_dominant(ctx, get_precision("bf16"))
    sized = size(msgspec.convert({"model": "llama-3.2-11b-vision", "gpu": "h100-sxm",
                                  "weights": "bf16", "batch_size": 1, "input_tokens": 3584,
                                  "output_tokens": 512}, SizingRequest), shipped())
    # the near-miss filter: weights plus one request, as sizing counts it
    one = get_precision("bf16")
    large = refused_but_large_enough(ctx, one)
    need = sized.memory.weights_gib + sized.memory.kv_cache_gib
    assert abs(need - (19.87 + 0.695)) < 0.01
    small = offer("tiny", "rtx-4090", 1, 1.0)  # 24 GB: 21.2 usable with the headroom
    assert large(small) is (need <= 0.9 * shipped().registry.gpus["rtx-4090"].usable_gib)


# --- 4. no-match reason heads in Romanian ---------------------------------------------------

MESSAGES = shipped_messages()


def _ro(text: str) -> str:
    return localise(text, MESSAGES.section("ro", "answer"), MESSAGES.formatter("ro"),
                    MESSAGES.section("ro", "pricing")).replace("\u00a0", " ")


def test_no_match_heads_in_romanian() -> None:
    assert _ro("price trust: the 3 offers that fit have stale (2) or suspect (1) prices; "
               "include_stale or include_suspect to rank them with a warning") == (
        "încrederea în prețuri: ofertele care încap (3) au prețuri vechi (2) sau suspecte "
        "(1); include_stale sau include_suspect pentru a le clasa cu un avertisment")
    assert _ro("billing: 1 offer fit but only a spot price, and the workload is not "
               "interruptible") == (
        "facturarea: ofertele care încap (1) au doar preț spot, iar sarcina nu poate fi "
        "întreruptă")
    said = _ro("the targets: 12 offers fit in memory but none meets the targets (for example: "
               "misses the latency target: time to first token 250 ms > 200 ms with 4 "
               "concurrent requests per replica (bf16 weights, tensor parallel 2)); relax a "
               "target or allow more GPUs")
    assert said.startswith("țintele: ofertele care încap în memorie (12) nu ating țintele (de "
                           "exemplu: ratează ținta de latență"), said
    assert said.endswith("); relaxați o țintă sau permiteți mai multe GPU-uri"), said
    said = _ro("the hardware: 133 offers large enough for the ~8 GiB of weights cannot run "
               "mxfp4 (for example: no usable price); choose another precision or engine")
    assert said == ("hardware-ul: ofertele destul de mari pentru cei ~8 GiB de greutăți (133) "
                    "nu pot rula mxfp4 (de exemplu: niciun preț utilizabil); alegeți altă "
                    "precizie sau alt motor"), said


def test_the_deadline_past_the_cap_in_romanian() -> None:
    assert _ro("takes 2.8 h on 256 instances (the most planned), more than the 2 h allowed "
               "(max_job_hours)") == (
        "durează 2,8 h pe 256 de instanțe (cele mai multe planificate), peste limita de 2 h "
        "(max_job_hours)")
