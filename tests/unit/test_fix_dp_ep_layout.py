"""Attention data parallel x expert parallel (SGLang's DP-attention + EP layout) is timed as
what it is, and the layout's reasons state the real reasons.

A fixed ``data`` x ``expert`` layout used to be timed as one replica of ``tensor`` (1) GPU
holding every expert: no sequence fitted, so it answered fits and runs with zero throughput and
no warning. Each replica now holds its own requests' KV beside the dense weights and 1/``expert``
of the routed experts, its expert GEMMs see the tokens of the whole expert group, and an
all-to-all dispatches and combines the tokens of every MoE layer."""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@functools.cache
def catalog() -> Catalog:
    return Catalog(registry=load_registry(default_data_dir("catalog")).registry)


def run(**fields: Any) -> SizingResult:
    return size(msgspec.convert(fields, SizingRequest), catalog())


def lost(r: SizingResult, tensor: int, pipeline: int, data: int, expert: int) -> str:
    assert r.layout is not None
    for c in r.layout.candidates:
        if (c.tensor, c.pipeline, c.data, c.expert) == (tensor, pipeline, data, expert):
            assert c.lost is not None
            return c.lost
    raise AssertionError(f"no candidate TP{tensor} PP{pipeline} DP{data} EP{expert}")


DS = {"model": "deepseek-v3", "gpu": "h200-sxm", "gpu_count": 8, "input_tokens": 8000,
      "output_tokens": 1000, "batch_size": 32, "price_per_gpu_hour_usd": 3.5}

DP_EP_CASES = [
    pytest.param({**DS, "parallelism": {"tensor": 1, "pipeline": 1, "data": 8, "expert": 8}},
                 id="deepseek-v3-dp8-ep8"),
    pytest.param({"model": "qwen3-235b-a22b", "weights": "fp8", "gpu": "h100-sxm",
                  "gpu_count": 8, "input_tokens": 8000, "output_tokens": 1000,
                  "batch_size": 32, "price_per_gpu_hour_usd": 3.5,
                  "parallelism": {"tensor": 1, "pipeline": 1, "data": 8, "expert": 8}},
                 id="qwen3-235b-fp8-dp8-ep8"),
    pytest.param({"model": "mixtral-8x7b", "gpu": "h100-sxm", "gpu_count": 2,
                  "input_tokens": 2000, "output_tokens": 500, "batch_size": 16,
                  "price_per_gpu_hour_usd": 3.5,
                  "parallelism": {"tensor": 1, "pipeline": 1, "data": 2, "expert": 2}},
                 id="mixtral-dp2-ep2"),
    pytest.param({**DS, "input_tokens": 32000, "engine": "sglang",
                  "parallelism": {"tensor": 1, "pipeline": 1, "data": 8, "expert": 8}},
                 id="deepseek-v3-32k-sglang-dp8-ep8"),
]


@pytest.mark.parametrize("req", DP_EP_CASES)
def test_a_fitting_dp_ep_layout_is_timed(req: dict[str, Any]) -> None:
    r = run(**req)
    assert r.fits is True and r.runs is True
    p = r.performance
    assert p is not None
    assert p.max_concurrency and p.max_concurrency > 0
    assert p.max_throughput_tokens_per_s and p.max_throughput_tokens_per_s > 0
    assert p.requests_per_s and p.requests_per_s > 0
    assert p.time_per_output_token_ms is not None and p.time_per_output_token_ms > 0
    assert p.time_to_first_token_ms is not None
    assert r.cost is not None and r.cost.per_million_output_tokens_usd is not None
    # what runs at once is every replica's KV admission (at the actual context, so at least
    # what memory holds at the full context, as for every layout)
    assert r.max_batch_size is not None and p.max_concurrency >= r.max_batch_size
    speed = next(a for a in r.assumptions if a.name == "layout_speed")
    assert "all-to-all" in speed.reason


def test_dp_ep_timing_is_comparable_to_tensor_parallel_over_the_same_gpus() -> None:
    """Both layouts read the same routed experts per GPU; DP-attention reads the dense weights
    whole on each GPU but keeps only its own requests' latent KV (TP8 keeps every request's
    latent KV on every GPU): the per-token time is within a small factor of TP8's, and the
    sequences that fit at once are more."""
    dp = run(**DS, parallelism={"tensor": 1, "pipeline": 1, "data": 8, "expert": 8})
    tp = run(**DS, parallelism={"tensor": 8, "pipeline": 1, "data": 1, "expert": 8})
    assert dp.performance is not None and tp.performance is not None
    a, b = dp.performance, tp.performance
    assert a.time_per_output_token_ms is not None and b.time_per_output_token_ms is not None
    assert 0.33 < a.time_per_output_token_ms / b.time_per_output_token_ms < 3.0
    assert a.max_concurrency is not None and b.max_concurrency is not None
    assert a.max_concurrency > b.max_concurrency
    # the decode speed of one sequence is the replica's step, not one GPU reading every expert
    assert a.decode_tokens_per_s is not None and b.decode_tokens_per_s is not None
    assert a.decode_tokens_per_s > 0.33 * b.decode_tokens_per_s


def test_fixed_layout_candidates_say_the_request_set_it() -> None:
    r = run(**DS, parallelism={"tensor": 1, "pipeline": 1, "data": 8, "expert": 8})
    why = lost(r, 8, 1, 1, 8)
    assert "over 8 GPUs of one node" not in why
    assert "parallelism" in why


# --- the search's reasons --------------------------------------------------------------------

DS_32K = {"model": "deepseek-v3", "weights": "fp8", "gpu": "h200", "gpu_count": 8,
          "input_tokens": 32000, "output_tokens": 1000, "batch_size": 32}


def test_pipeline_reason_names_the_memory_of_the_wider_tensor_group() -> None:
    r = run(**DS_32K)
    assert r.layout is not None
    assert (r.layout.tensor, r.layout.pipeline) == (4, 2)
    reason = r.layout.reason
    # 128 heads: tensor parallel 8 splits them; it lost on memory
    assert "attention heads do not split further" not in reason
    assert "tensor parallel 8 needs 149.1 GiB per GPU" in reason
    assert "latent" in reason


def test_dp_ep_candidate_gets_a_true_reason() -> None:
    r = run(**DS_32K)
    for shape in ((1, 1, 8, 8), (2, 1, 4, 8)):
        why = lost(r, *shape)
        assert "pipeline of 1 stages" not in why
        assert "data parallel" in why and "tensor parallel 4" in why
