"""/v1/recommendations keeps each option's engine's own KV cache where none is asked, as
/v1/sizing does (fix/recskv): TensorRT-LLM's fp8 and nvfp4 builds keep an fp8 cache
(catalog/engines.toml, ``fp8_kv_with_weights``). The recommendations defaulted to fp16, so
Llama 3.1 8B at fp8 on TensorRT-LLM for 64 users was ranked with twice the KV memory and
slower steps than /v1/sizing gives the same GPUs (2 x L40S at $549/month where 4 x RTX 5070
hold the load at $268), and /v1/ask priced it so."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import TODAY, ask, catalog

LOAD: dict[str, object] = {"model": "llama 3.1 8b", "concurrent_requests": 64,
                           "context_tokens": 5000, "output_tokens": 1000}


@cache
def _rec(key: str) -> Recommendation:
    body = msgspec.json.decode(key)
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY,
                     explain=False)


def rec(**body: object) -> Recommendation:
    return _rec(msgspec.json.encode({**LOAD, "top_n": 3, **body}).decode())


def sized_as(o: Option, body: dict[str, object]) -> SizingResult:
    """/v1/sizing for one replica of option ``o``: its GPU, count, layout, weights and the
    requests each replica holds, with the request's engine and KV cache (if any)."""
    f = o.fit
    req: dict[str, object] = {
        "model": body["model"], "weights": o.weights, "gpu": o.offer.gpu,
        "gpu_count": f.gpus_per_replica,
        "input_tokens": int(str(body["context_tokens"])) - int(str(body["output_tokens"])),
        "output_tokens": body["output_tokens"],
        "batch_size": o.performance.users_per_replica or 1}
    for k in ("engine", "kv_cache"):
        if k in body:
            req[k] = body[k]
    if f.tensor_parallel_gpus:
        req["parallelism"] = {"tensor": f.tensor_parallel_gpus,
                              "pipeline": f.pipeline_stages or 1}
    return size(msgspec.convert(req, SizingRequest), catalog())


def assert_as_sized(r: Recommendation, body: dict[str, object]) -> list[SizingResult]:
    assert r.options
    out = []
    for o in r.options:
        s = sized_as(o, {**LOAD, **body})
        perf = s.performance
        assert perf is not None
        assert o.fit.per_gpu_used_gib == pytest.approx(s.memory.per_gpu.total_gib, abs=0.01)
        assert o.performance.time_per_output_token_ms == pytest.approx(
            perf.time_per_output_token_ms, rel=1e-6)
        assert o.performance.time_to_first_token_ms == pytest.approx(
            perf.time_to_first_token_ms, rel=1e-6)
        out.append(s)
    return out


def test_the_request_leaves_the_kv_cache_to_the_engine() -> None:
    assert RecommendationRequest(model="llama 3.1 8b").kv_cache is None


def test_tensorrt_llm_fp8_options_are_sized_as_sizing_sizes_them() -> None:
    body: dict[str, object] = {"weights": "fp8", "engine": "tensorrt-llm"}
    r = rec(**body)
    sized = assert_as_sized(r, body)
    assert all(s.kv_cache == "fp8" for s in sized)
    said = {a.name: a for a in r.assumptions}
    assert said["kv_cache_default"].value == "fp8"
    # sizing's own words, the one rule of both
    assert said["kv_cache_default"].reason == next(
        a.reason for a in sized[0].assumptions if a.name == "kv_cache_default")
    # the fp8 cache holds the 64 users on one replica of 4 x RTX 5070 (two with a 16-bit one)
    assert any(o.offer.gpu == "rtx-5070" and o.nodes == 1
               and o.performance.users_per_replica == 64 for o in r.options)
    # the cache is already 8-bit: no "kv_cache fp8" alternative is offered as a saving
    full = recommend(msgspec.convert({**LOAD, **body, "top_n": 3}, RecommendationRequest),
                     catalog(), TODAY)
    assert not any(a.change.startswith("kv_cache") for a in full.alternatives)


def test_an_explicit_kv_cache_is_honoured() -> None:
    body: dict[str, object] = {"weights": "fp8", "engine": "tensorrt-llm", "kv_cache": "fp16"}
    r = rec(**body)
    sized = assert_as_sized(r, body)
    assert all(s.kv_cache == "fp16" for s in sized)
    assert "kv_cache_default" not in {a.name for a in r.assumptions}
    # 16-bit: more memory per request than the engine's own fp8 cache
    assert min(o.fit.per_gpu_used_gib / (o.performance.users_per_replica or 1)
               for o in r.options if o.offer.gpu == "rtx-5070") > min(
        o.fit.per_gpu_used_gib / (o.performance.users_per_replica or 1)
        for o in rec(weights="fp8", engine="tensorrt-llm").options
        if o.offer.gpu == "rtx-5070")


def test_auto_weights_on_tensorrt_llm_keep_each_builds_cache() -> None:
    """bf16 and int8 options keep a 16-bit cache, fp8 ones an fp8 cache: each as sized."""
    body: dict[str, object] = {"engine": "tensorrt-llm"}
    r = rec(**body)
    sized = assert_as_sized(r, body)
    assert {(o.weights, s.kv_cache) for o, s in zip(r.options, sized, strict=True)} >= {
        ("fp8", "fp8")}
    assert all(s.kv_cache == ("fp8" if o.weights in ("fp8", "nvfp4") else "fp16")
               for o, s in zip(r.options, sized, strict=True))
    said = [a for a in r.assumptions if a.name == "kv_cache_default"]
    assert len(said) == 1 and "TensorRT-LLM's fp8 builds" in said[0].reason


@pytest.mark.parametrize("body", [
    {"weights": "fp8", "engine": "vllm"},
    {"weights": "bf16"},
    {"weights": "q4_k_m", "concurrent_requests": 8},
])
def test_other_engines_keep_a_16_bit_cache_unchanged(body: dict[str, object]) -> None:
    r = rec(**body)
    sized = assert_as_sized(r, body)
    assert all(s.kv_cache == "fp16" for s in sized)
    names = {a.name for a in r.assumptions}
    assert "kv_cache_default" not in names and "engine" not in names


def test_a_diffusion_model_takes_no_kv_cache() -> None:
    r = recommend(msgspec.convert({"model": "flux.1-dev", "top_n": 2}, RecommendationRequest),
                  catalog(), TODAY, explain=False)
    assert r.options
    assert "kv_cache_default" not in {a.name for a in r.assumptions}


@pytest.mark.parametrize("q", [
    "Cheapest GPU to serve Llama 3.1 8B fp8 on TensorRT-LLM for 64 users with 4000 input and "
    "1000 output tokens?",
    "Care e cel mai ieftin GPU pentru Llama 3.1 8B fp8 pe TensorRT-LLM, 64 de utilizatori, 4000 "
    "tokeni de intrare și 1000 de ieșire?",
])
def test_ask_prices_the_setup_the_sizing_sizes(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations
    lead = r.numbers.recommendations[0]
    body: dict[str, object] = {"weights": "fp8", "engine": "tensorrt-llm"}
    top = rec(**body).options[0]
    # the recommendations' lead, sized with the engine's fp8 cache as /v1/sizing sizes it
    assert (lead.offer_id, lead.nodes, lead.weights) == (top.offer.id, top.nodes, top.weights)
    assert lead.per_month_usd == pytest.approx(top.cost.per_month_usd)
    s = sized_as(top, {**LOAD, **body})
    assert s.kv_cache == "fp8"
    assert top.fit.per_gpu_used_gib == pytest.approx(s.memory.per_gpu.total_gib, abs=0.01)
