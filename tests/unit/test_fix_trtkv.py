"""TensorRT-LLM's KV cache is ``free_gpu_memory_fraction`` (0.9 by default) of the memory FREE
once the engine has loaded its weights and reserved its activations (TensorRT-LLM docs, "How to
Change KV Cache Behavior": "90% of free GPU memory for KV cache"), where vLLM's
gpu_memory_utilization is a share of TOTAL memory. The service said so in the engine assumption
but computed 79.65 GiB total x 0.9 for TensorRT-LLM too: 70B FP8 on one H100 got a KV cache of
about 4 GiB instead of about 10 GiB."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir

ASKED = {"model": "llama-3.3-70b", "gpu": "h100-sxm", "weights": "fp8",
         "batch_size": 512, "input_tokens": 128, "output_tokens": 128}


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _note(r: SizingResult, name: str) -> str:
    return next(a.reason for a in r.assumptions if a.name == name)


def test_engine_data_says_which_memory_the_fraction_is_of() -> None:
    engines = catalog().registry.engines.by_id
    assert engines["tensorrt-llm"].memory_fraction_of == "free"
    assert engines["vllm"].memory_fraction_of == "total"
    assert engines["sglang"].memory_fraction_of == "total"


def test_trtllm_kv_budget_is_the_fraction_of_the_memory_left_after_weights() -> None:
    r = _size(engine="tensorrt-llm", **ASKED)
    assert r.gpu is not None and r.capacity_per_gpu_gib is not None
    per = r.memory.per_gpu
    resident = per.total_gib - per.kv_cache_gib  # weights + activations + runtime overhead
    free = r.gpu.usable_gib - resident
    assert free > 0
    assert r.capacity_per_gpu_gib == pytest.approx(resident + 0.9 * free)
    # ~8 GiB of KV cache (0.9 x (79.15 usable - ~70.1 GiB of FP8 weights, activations for
    # max_num_tokens 8192 and runtime)), where 0.9 x 79.65 GiB total left ~1.6 GiB
    total_rule = 0.9 * r.gpu.memory_gib - resident
    assert 0.9 * free > 4 * total_rule > 0
    note = _note(r, "capacity_per_gpu_gib")
    assert "free" in note and "x 0.9 (tensorrt-llm" not in note, note
    # more KV room: more sequences and a longer context than the total-memory rule allowed
    assert r.max_context_tokens is not None and r.max_batch_size is not None
    v = _size(engine="vllm", **ASKED)
    assert v.max_batch_size is not None and v.max_context_tokens is not None
    assert r.max_batch_size > 2 * v.max_batch_size


def test_vllm_keeps_its_share_of_total_memory() -> None:
    r = _size(engine="vllm", **ASKED)
    assert r.gpu is not None
    assert r.capacity_per_gpu_gib == pytest.approx(0.9 * r.gpu.memory_gib)
    assert "x 0.9 (vllm memory fraction)" in _note(r, "capacity_per_gpu_gib")


def test_trtllm_nothing_free_when_the_weights_do_not_fit() -> None:
    """Weights past the card leave no free memory: the capacity is the usable memory and the
    plan does not fit (never a capacity that grows with the weights)."""
    r = _size(engine="tensorrt-llm", model="llama-3.3-70b", gpu="h100-sxm", weights="bf16",
              batch_size=1, input_tokens=128, output_tokens=128)
    assert r.gpu is not None
    assert r.fits is False
    assert r.capacity_per_gpu_gib == pytest.approx(r.gpu.usable_gib)


def test_trtllm_layout_fit_agrees_with_the_answer() -> None:
    """The layout search weighs each layout against its own capacity (the free memory depends
    on the weights per GPU), so the candidate chosen fits exactly when the answer does."""
    for batch in (1, 40, 50, 64):
        r = _size(engine="tensorrt-llm", model="llama-3.3-70b", gpu="h100-sxm", gpu_count=2,
                  weights="fp8", batch_size=batch, input_tokens=5000, output_tokens=500)
        assert r.layout is not None
        chosen = r.layout.candidates[0]
        assert chosen.fits == r.fits, (batch, chosen, r.fits, r.capacity_per_gpu_gib)
