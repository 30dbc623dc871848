"""Sizing runs on the event loop (service/api/compute.py, ``bounded=True``): its cost must
stay small for every registry model and every kind of request within the field limits,
caches cold, or one request would hold every other on its worker. Measured ~3 ms at worst
on the 2-CPU development machine; the bound leaves room for a slow CI runner."""

from __future__ import annotations

import contextlib
import gc
import time
from typing import Any

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.domain.errors import DomainError
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

MAX_CPU_MS = 40.0
HEAVY: tuple[dict[str, Any], ...] = (
    {},
    {"gpu": "h100-sxm", "gpu_count": 8, "input_tokens": 1_000_000, "batch_size": 4096},
    {"task": "finetune", "finetune": {"method": "qlora"}, "gpu_count": 8},
    {"task": "finetune", "finetune": {"method": "full"}, "gpu": "a100-sxm-80gb"},
    {"task": "pretrain", "gpu_count": 8},
    {"weights": "q4_k_m", "engine": "llama.cpp", "gpu": "rtx-4090"},
)


def test_every_model_sizes_within_the_bound_with_cold_caches() -> None:
    catalog = load_catalog(default_data_dir("catalog"), 90)
    worst: tuple[float, str] = (0.0, "")
    sized = 0
    for model_id in catalog.registry.models:
        for extra in HEAVY:
            try:
                req = msgspec.convert({"model": model_id, **extra}, SizingRequest)
            except msgspec.ValidationError:
                continue
            gc.disable()  # the computation's own cost, not a collection that falls in it
            started = time.thread_time()
            try:
                size(req, catalog)
                sized += 1
            except DomainError:
                pass  # refused with a 4xx: also bounded
            ms = (time.thread_time() - started) * 1e3
            gc.enable()
            if ms >= MAX_CPU_MS:
                # once more on a fresh catalog (its caches cold again), the smaller kept: a
                # case over the bound twice is the code's cost, once a neighbour's (this
                # shared host measured one case 43 ms in a run and under 30 ms in the next)
                ms = min(ms, _cold_ms(req))
            worst = max(worst, (ms, f"{model_id} {extra}"))
    assert sized > 200
    assert worst[0] < MAX_CPU_MS, worst


def _cold_ms(req: SizingRequest) -> float:
    """The CPU time of ``req`` on a freshly loaded catalog (every derived table cold)."""
    catalog = load_catalog(default_data_dir("catalog"), 90)
    gc.disable()
    started = time.thread_time()
    with contextlib.suppress(DomainError):  # refused with a 4xx: also bounded
        size(req, catalog)
    ms = (time.thread_time() - started) * 1e3
    gc.enable()
    return ms


def test_an_inline_architecture_sizes_within_the_bound() -> None:
    """A request-supplied architecture shares no cached table: every GPU's decode step is
    made for it, still within the bound."""
    catalog = load_catalog(default_data_dir("catalog"), 90)
    req = msgspec.convert({"hf_config": {
        "model_type": "mixtral", "hidden_size": 6144, "intermediate_size": 16384,
        "num_hidden_layers": 56, "num_attention_heads": 48, "num_key_value_heads": 8,
        "vocab_size": 32768, "num_local_experts": 8, "num_experts_per_tok": 2},
        "gpu_count": 8, "input_tokens": 65536, "batch_size": 64}, SizingRequest)
    started = time.thread_time()
    size(req, catalog)
    assert (time.thread_time() - started) * 1e3 < MAX_CPU_MS
