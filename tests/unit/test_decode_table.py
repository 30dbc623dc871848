"""fits_on's decode table (sizing.DecodeTable) is shared by every request for one model,
precision and engine: what a request gets must not depend on what was asked before it."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir


def _fresh() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _fits(catalog: Catalog, body: dict[str, Any]) -> list[tuple[str, int, float | None]]:
    r = size(msgspec.convert(body, SizingRequest), catalog)
    return [(f.gpu, f.gpu_count, f.decode_tokens_per_s) for f in r.fits_on]


TRT = {"model": "llama-3.1-70b", "engine": "tensorrt-llm", "weights": "fp8", "gpu": "h100-sxm"}


def test_trt_llm_capacity_is_each_counts_own() -> None:
    """TensorRT-LLM's KV fraction is of the memory left after each plan's weights, so the
    capacity is the plan's at each count: the table kept the first request's (8 GPUs at a
    100k context), and a later 1-GPU request listed the RTX 4000 Ada at 8 instead of 4."""
    small = {**TRT, "gpu_count": 1, "input_tokens": 1000, "output_tokens": 100}
    big = {**TRT, "gpu_count": 8, "input_tokens": 100000, "output_tokens": 1000}
    fresh = _fits(_fresh(), small)
    after = _fresh()
    _fits(after, big)
    assert _fits(after, small) == fresh
    assert ("rtx-4000-ada", 4) in {(g, n) for g, n, _ in fresh}


@pytest.mark.parametrize("first_batch", [1, 64])
def test_a_batch_asked_before_changes_nothing(first_batch: int) -> None:
    """One table per model, precision and engine serves every batch: the steps of one batch
    are never another's."""
    body = {"model": "llama-3.1-8b", "gpu": "l40s", "batch_size": 16, "input_tokens": 4096,
            "output_tokens": 512}
    fresh = _fits(_fresh(), body)
    warm = _fresh()
    _fits(warm, {**body, "batch_size": first_batch, "input_tokens": 1000})
    assert _fits(warm, body) == fresh
    assert fresh and all(s is not None and s > 0 for _, _, s in fresh)
