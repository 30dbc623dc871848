"""A setup that does not fit says what would make it fit on the same GPUs (a buyer audit found
FLUX.1-dev on an RTX 4090 answered `fits: false` with nothing else): the first lower precision
the engine runs there whose memory fits, or that none does."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import FinetuneOptions, SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


@pytest.mark.parametrize("body,fits_at", [
    ({"model": "flux.1-dev", "gpu": "rtx-4090"}, "fp8"),
    ({"model": "llama-3.1-70b", "gpu": "h100-sxm", "weights": "bf16"}, "fp8"),
    ({"model": "llama-3.1-405b", "gpu": "h100-sxm", "gpu_count": 8, "weights": "bf16"}, "fp8"),
    ({"model": "llama-3.1-8b", "gpu": "t4", "weights": "fp16", "input_tokens": 8000}, "int8"),
])
def test_a_setup_that_does_not_fit_names_the_precision_that_would(
        catalog: Catalog, body: dict[str, object], fits_at: str) -> None:
    r = _size(catalog, **body)
    assert r.fits is False
    hint = next(w for w in r.warnings if w.startswith("does not fit"))
    assert f"; {fits_at} weights need" in hint, hint
    # and it does fit there
    again = _size(catalog, **{**body, "weights": fits_at})
    assert again.fits is True, again.memory.per_gpu_gib


def test_no_lower_precision_that_fits_is_said(catalog: Catalog) -> None:
    r = _size(catalog, model="llama-3.1-70b", gpu="rtx-4090")
    hint = next(w for w in r.warnings if w.startswith("does not fit"))
    assert "nor at" in hint and "awq-int4" in hint and "fits_on" in hint


def test_a_setup_that_fits_has_no_hint(catalog: Catalog) -> None:
    r = _size(catalog, model="llama-3.1-8b", gpu="h100-sxm")
    assert r.fits and not any(w.startswith("does not fit") for w in r.warnings)


def test_training_that_does_not_fit_says_how_many_gpus_would(catalog: Catalog) -> None:
    """Full fine-tuning of Llama 3.1 8B on one A100 80GB said fits: false with no warning."""
    r = size(SizingRequest(model="llama-3.1-8b", gpu="a100-sxm-80gb", task="finetune",
                           finetune=FinetuneOptions(method="full")), catalog)
    assert r.fits is False
    assert len(r.warnings) == 1 and r.warnings[0].startswith("does not fit: ")
    assert "2 GPUs with ZeRO-3 need" in r.warnings[0]
    two = size(SizingRequest(model="llama-3.1-8b", gpu="a100-sxm-80gb", gpu_count=2,
                             task="finetune", finetune=FinetuneOptions(method="full",
                                                                       zero_stage=3)), catalog)
    assert two.fits and not two.warnings


def test_an_open_loop_says_the_memory_of_the_requests_in_flight(catalog: Catalog) -> None:
    """kv_cache_gib stayed at one request's at any rate: at 2 requests/s on an H100 about 10
    requests are in flight (Little's law), and the answer says what their KV cache needs."""
    r = size(SizingRequest(model="llama-3.1-8b", gpu="h100-sxm", request_rate_per_s=2),
             catalog)
    w = [x for x in r.warnings if "in flight (Little's law)" in x]
    assert len(w) == 1 and "and fits; set batch_size to" in w[0]
    assert not [x for x in size(SizingRequest(model="llama-3.1-8b", gpu="h100-sxm",
                                              batch_size=8), catalog).warnings
                if "in flight" in x]  # a closed loop's memory is already its users'
