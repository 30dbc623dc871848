"""Where the kernel check sizes another precision than the model's own (its format cannot
run on the GPU), the ``weights_precision`` assumption describes the precision sized: the
bits the memory figures use. It described the replaced format ("int4-experts … 4.5 bits"
beside 958 GiB of FP8 weights)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.catalog.precisions import get_precision
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import catalog


@pytest.mark.parametrize(("body", "own"), [
    ({"model": "kimi-k2-thinking", "gpu": "mi300x", "gpu_count": 8}, "int4-experts"),
    ({"model": "gpt-oss-120b", "gpu": "v100-sxm2-32gb", "gpu_count": 4}, "mxfp4"),
])
def test_the_precision_assumption_is_the_one_sized(body: dict[str, object], own: str) -> None:
    r = size(msgspec.convert(body, SizingRequest), catalog())
    assert r.weights != own
    said = next(a for a in r.assumptions if a.name == "weights_precision")
    assert said.value == r.weights
    bits = get_precision(r.weights).bits_linear
    assert f"{bits:g} bits per quantized weight" in said.reason, said.reason
    assert f"in place of {own}" in said.reason, said.reason
    assert any(a.name == "weights_precision_replaced" for a in r.assumptions)


def test_a_precision_that_runs_is_said_as_before() -> None:
    r = size(msgspec.convert({"model": "kimi-k2-thinking", "gpu": "h200-sxm", "gpu_count": 8},
                             SizingRequest), catalog())
    said = next(a for a in r.assumptions if a.name == "weights_precision")
    assert said.value == r.weights == "int4-experts"
    assert "in place of" not in said.reason
