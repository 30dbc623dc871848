"""The recommender's search and the serving model made cheaper without changing an answer:
the step model's GEMM fast path gives the same seconds to the bit, and the plan search that
stops early (layouts that cannot need fewer nodes than the best so far; alternatives that
cannot cost less than the answer) gives the same recommendation byte for byte, with fewer
load solves."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest

import service.domain.recommend.alternatives as alternatives
import service.domain.recommend.capability as capability
import service.domain.recommend.plans as plans
from service.domain.catalog.derived import Derived
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.efficiency import gemm_model
from service.domain.sizing.serving import step_cost
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import kernel_compute
from tests.unit.rec_fixtures import TODAY, shipped


def _fresh() -> Catalog:
    """The shipped catalog with empty derived tables (no load solved yet)."""
    return dataclasses.replace(shipped(), derived=Derived())


@pytest.mark.parametrize("gpu_id", ["h100-sxm", "l40s", "rtx-4090", "mi300x", "v100-sxm2-32gb",
                                    "b200"])
@pytest.mark.parametrize("model_id", ["llama-3.1-70b", "qwen3-30b-a3b"])
def test_the_gemm_fast_path_gives_the_same_seconds_to_the_bit(gpu_id: str,
                                                                model_id: str) -> None:
    cat = shipped()
    reg = cat.registry
    gpu = reg.gpus[gpu_id]
    model = sized_from_entry(reg.model(model_id))
    engine = reg.engines.get("vllm")
    kv = find_kv_type("fp16")
    assert kv is not None
    for p_id in ("bf16", "fp8", "awq-int4"):
        p = get_precision(p_id)
        compute = kernel_compute(gpu, p, engine)
        cost = step_cost(model, p, kv, engine, gpu, 2, cat.perf, compute, 1e15)
        slow = msgspec.structs.replace(cost, fast=None)
        curve = gemm_model(cat.perf, gpu, compute).curve
        # below, at and between the measured points, and past the last one
        ms = [0.5, 1.0, 1.5, 2.0, 3.0, 7.7, 64.0, 100.3, 8192.0, 20000.0, 1e6]
        if curve is not None:
            ms += list(curve.m) + [x * 1.01 for x in curve.m]
        for m in ms:
            assert cost.linear_s(m) == slow.linear_s(m), (p_id, m)
        if curve is not None:
            assert cost.fast is not None  # the fast path is the one taken


def _solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = capability.serve

    def counted(*a: Any, **k: Any) -> Any:
        calls[0] += 1
        return real(*a, **k)

    monkeypatch.setattr(capability, "serve", counted)
    return calls


REQUESTS = [
    # a throughput target over many shapes: the rate's replica search (where the first
    # layouts tried are rarely beaten, so little is skipped: the answer must still be equal)
    {"model": "qwen2.5-7b", "workload": "serving", "context_tokens": 2048, "output_tokens": 512,
     "concurrent_requests": 256, "engine": "vllm", "target_output_tokens_per_s": 5000,
     "min_decode_tokens_per_s": 30},
    # latency targets: the node search; alternatives relax them
    {"model": "llama-3.1-8b", "workload": "serving", "context_tokens": 8192,
     "output_tokens": 128, "concurrent_requests": 128, "weights": "bf16",
     "max_time_to_first_token_ms": 3000, "min_decode_tokens_per_s": 20, "hours_per_day": 20},
]


@pytest.mark.parametrize("body", REQUESTS, ids=["throughput", "latency"])
def test_the_early_stops_change_no_answer_and_solve_fewer_loads(
        body: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    req = msgspec.convert(body, RecommendationRequest)
    calls = _solves(monkeypatch)
    bounded = msgspec.json.encode(recommend(req, _fresh(), TODAY))
    bounded_solves = calls[0]
    with monkeypatch.context() as m:
        layout, rank = plans._layout_plan, alternatives.rank_offers
        m.setattr(plans, "_layout_plan",
                  lambda ctx, gpu, p, cap, limit=None: layout(ctx, gpu, p, cap, None))
        m.setattr(alternatives, "rank_offers",
                  lambda *a, ceiling=None, **k: rank(*a, **k))
        calls[0] = 0
        full = msgspec.json.encode(recommend(req, _fresh(), TODAY))
        full_solves = calls[0]
    assert bounded == full
    assert bounded_solves <= full_solves
    if "max_time_to_first_token_ms" in body:
        assert bounded_solves < 0.9 * full_solves, (bounded_solves, full_solves)
