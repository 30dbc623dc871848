"""Rates in the core's texts are written out, never in exponent form: "at 5e+03 requests/s its
replicas are ~79% busy" (f"{rate:,.3g}") and "(5.4e+03 requests/s)" read as a bug to a buyer."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.locale import sig3
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, catalog


@pytest.mark.parametrize(("value", "text"), [
    (0.31664, "0.317"), (31.62, "31.6"), (146.3, "146"), (999.6, "1,000"), (5400.0, "5,400"),
    (4411.2, "4,411"), (2_500_000.0, "2,500,000")])
def test_three_figures_without_an_exponent(value: float, text: str) -> None:
    assert sig3(value) == text


def _texts(obj: Any) -> str:
    return msgspec.json.encode(obj).decode()


def test_a_high_rate_is_written_out_in_sizing_and_recommendations() -> None:
    r = size(msgspec.convert({"model": "bge-large-en-v1.5", "gpu": "l4",
                              "request_rate_per_s": 5400}, SizingRequest), catalog())
    words = " ".join(r.warnings) + _texts(r.assumptions)
    assert "5400" in words or "5,400" in words
    rec = recommend(RecommendationRequest(model="bge-large-en-v1.5",
                                          target_requests_per_s=5400), catalog(), TODAY)
    assert rec.options
    for text in (words, _texts(rec.options)):
        assert "e+0" not in text, text
