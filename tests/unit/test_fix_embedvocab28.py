"""An embedding model's vocabulary table is a lookup, not FLOPs (buyer audit 28a #6).

bge-m3 and bge-large-en-v1.5 have the same encoder (24 layers, hidden 1,024, 16 heads,
intermediate 4,096); only the vocabulary differs (250,002 against 30,522). The prefill model
charged 2 x all parameters per token, the 256 M-entry table of bge-m3 (45 % of its 568 M)
included, so bge-m3 was timed 1.63 x slower (369,901 against 602,911 tokens/s on an H100) and
its jobs cost ~60 % more. An embedding model's pass now multiplies its layers' matrices only
(``ParamBreakdown.linear``); a generating model's prefill is unchanged.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.models import param_breakdown
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.settings import Settings


@cache
def catalog() -> Catalog:
    s = Settings.from_env()
    return load_catalog(s.catalog_dir, s.stale_after_days)


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _tps(model: str, gpu: str) -> float:
    r = _size(model=model, gpu=gpu, input_tokens=512, output_tokens=0)
    assert r.performance is not None and r.performance.embedded_tokens_per_s
    return r.performance.embedded_tokens_per_s


@pytest.mark.parametrize("gpu", ["h100-sxm", "l4", "t4", "v100-sxm2-16gb"])
def test_same_encoder_same_speed(gpu: str) -> None:
    assert _tps("bge-m3", gpu) == pytest.approx(_tps("bge-large-en-v1.5", gpu), rel=0.01)


def test_speed_is_that_of_the_layers_matrices() -> None:
    # 2 x the layers' matrices per token: bge-large's 24 x (4 x 1,024^2 + 2 x 1,024 x 4,096)
    # = 302 M, against the 335 M of all its parameters
    arch = catalog().registry.models["bge-large-en-v1.5"].architecture
    assert arch is not None
    assert param_breakdown(arch).linear == pytest.approx(24 * (4 * 1024**2 + 2 * 1024 * 4096),
                                                         rel=0.01)
    assert _tps("bge-large-en-v1.5", "h100-sxm") > 640_000  # 602,911 when all were counted


def test_a_generating_model_keeps_its_prefill() -> None:
    # Llama 3.1 8B's prefill counts its whole parameter count, as calibrated: the same time
    # to first token as before the change (87.9 ms for 2,048 tokens on an H100)
    r = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=2048, output_tokens=256)
    assert r.performance is not None and r.performance.time_to_first_token_ms is not None
    assert r.performance.time_to_first_token_ms == pytest.approx(87.9036, rel=1e-4)
