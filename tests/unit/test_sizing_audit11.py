"""Audit 11, sizing under load: a batch over the KV cache is timed with admission queuing
(not refused as "does not fit ... nor at int4"), and llama.cpp's figures come from the
stated load and rate through the slot model the recommendations use."""

from __future__ import annotations

import msgspec

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import fake, offer, shipped


def sized(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), shipped())


OVER_KV = dict(model="llama-3.1-70b", weights="fp8", engine="tensorrt-llm", gpu="h200-sxm",
               batch_size=64, input_tokens=8192, output_tokens=1024, kv_cache="fp8")


def test_a_batch_over_the_kv_cache_is_timed_with_the_rest_queued() -> None:
    r = sized(**OVER_KV)
    assert r.fits is False  # all 64 at once do not fit: honest about the request as asked
    p = r.performance
    assert p is not None and p.time_to_first_token_ms and p.time_per_output_token_ms
    assert p.requests_per_s and p.max_concurrency and p.max_concurrency < 64
    # the queue wait is in the TTFT: far above one prompt's own prefill
    alone = sized(**{**OVER_KV, "batch_size": 1}).performance
    assert alone is not None and alone.time_to_first_token_ms
    assert p.time_to_first_token_ms > 5 * alone.time_to_first_token_ms
    text = " ".join(r.warnings)
    # the count held at full context is max_batch_size's (it said max_concurrency, the
    # admission at actual context, beside a smaller max_batch_size: fix/batchwarn)
    assert f"{r.max_batch_size} of the 64 requests fit in the KV cache at once" in text
    assert "wait in the queue" in text and "hold all 64" in text
    assert "nor at" not in text and "int4" not in text  # the weights fit at fp8


def test_weights_that_do_not_fit_still_get_the_lower_precision_hint() -> None:
    r = sized(model="llama-3.1-70b", weights="bf16", gpu="h100-sxm", batch_size=1)
    assert r.fits is False and r.performance is None
    assert any("does not fit" in w and "fp8" in w for w in r.warnings)


def test_more_requests_than_the_engine_runs_at_once_are_said_to_queue() -> None:
    r = sized(model="gpt-oss-120b", weights="mxfp4", engine="vllm", gpu="h100-sxm",
              gpu_count=2, batch_size=512, input_tokens=1024, output_tokens=1024)
    assert r.fits is True and r.performance is not None
    assert r.performance.max_concurrency == 256
    assert any("256 of the 512 concurrent requests run at once" in w
               and "time_to_first_token_ms includes the wait" in w for w in r.warnings)


Q4 = dict(model="llama-3-8b", weights="q4_k_m", gpu="rtx-4090", input_tokens=512,
          output_tokens=128)


def test_llama_cpp_figures_are_at_the_stated_load() -> None:
    one = sized(**Q4, batch_size=1).performance
    eight = sized(**Q4, batch_size=8).performance
    assert one is not None and eight is not None
    # one user: its prompt then 128 decode steps, under 1 request/s (not the maximum)
    assert one.time_per_output_token_ms and one.output_tokens_per_s
    assert one.time_to_first_token_ms
    cycle_s = (one.time_to_first_token_ms + 127 * one.time_per_output_token_ms) / 1000
    assert one.requests_per_s is not None and one.max_requests_per_s is not None
    assert abs(one.requests_per_s - 1 / cycle_s) < 0.01 * one.requests_per_s
    assert one.requests_per_s < 1.0 < one.max_requests_per_s
    assert one.load == "closed loop, 1 concurrent requests"
    # eight users: the others' prompts delay the first token and the decodes
    assert eight.time_to_first_token_ms and eight.time_per_output_token_ms
    assert eight.time_to_first_token_ms > 1.5 * one.time_to_first_token_ms
    assert eight.time_per_output_token_ms > one.time_per_output_token_ms
    assert eight.requests_per_s is not None and one.requests_per_s < eight.requests_per_s
    amd = sized(model="mistral-nemo-12b", weights="q8_0", gpu="rx-7900-xtx", batch_size=4,
                input_tokens=1024, output_tokens=256).performance
    assert amd is not None and amd.time_per_output_token_ms and amd.output_tokens_per_s


def test_llama_cpp_request_rate_is_timed_and_warned_over_capacity() -> None:
    closed = sized(**Q4, batch_size=1).performance
    at2 = sized(**Q4, batch_size=1, request_rate_per_s=2).performance
    assert closed is not None and at2 is not None
    assert at2.requests_per_s == 2 and at2.load == "open loop, 2 requests/s"
    assert at2.time_to_first_token_ms and closed.time_to_first_token_ms
    assert at2.time_to_first_token_ms > closed.time_to_first_token_ms
    over = sized(**Q4, batch_size=1, request_rate_per_s=30)
    assert over.performance is not None and over.performance.time_to_first_token_ms is None
    assert any("30 requests/s is more than this setup serves" in w for w in over.warnings)


def test_recommendations_time_llama_cpp_with_sizing_s_model() -> None:
    rec = fake([offer("one", "rtx-4090", 1, 0.5)], model="llama-3-8b", workload="serving",
               weights="q4_k_m", engine="llama.cpp", concurrent_requests=4,
               context_tokens=640, output_tokens=128)
    o = rec.options[0]
    s = sized(**Q4, batch_size=4).performance
    assert s is not None and s.time_to_first_token_ms and s.time_per_output_token_ms
    assert o.performance.time_to_first_token_ms is not None
    assert o.performance.time_per_output_token_ms is not None
    assert abs(o.performance.time_to_first_token_ms - s.time_to_first_token_ms) < 1.0
    assert abs(o.performance.time_per_output_token_ms - s.time_per_output_token_ms) < 0.05
