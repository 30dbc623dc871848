"""Audit r23 ratemonth: a count at a request rate on the GPU named ("how many H100s at 2
req/s") had two defects.

- A month asked beside the count got the hour alone: "Llama 3.1 70B at 2 req/s, 2k in 500
  out: how many h100s and cost per month?" said "$7.47/h for 1 instance of 4 × H100", no
  month. Now the month of the setup priced, as the cost answers price it (24 h/day × 30
  days, storage counted), follows its hour; numbers.asked stays the count (asked first).
- With no precision stated the lead was the model's own bf16 (4 × H100, $7.47/h; 4 × A10G,
  $5.67/h), ~2-3 × dearer than the fp8 setup the same answer gave next "as the
  recommendations size it" (2 × H100, $2.58/h; 3 × A10G, $3.02/h), which
  /v1/recommendations ranks first. Now the count is sized at the recommendations'
  precision (prices.rate_weights), the model's own said after as the unquantised option; a
  precision stated keeps leading.
"""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

_H100 = "NVIDIA H100 SXM5 80GB"
_A10G = "NVIDIA A10G 24GB (AWS)"


def _lead_month(body: dict[str, object]) -> tuple[int, str, float, float]:
    """/v1/recommendations' lead for ``body``: (GPUs in all, precision, $/h, $/month)."""
    req = msgspec.convert({"workload": "serving", "top_n": 3, **body}, RecommendationRequest)
    o = recommend(req, catalog(), TODAY, explain=False).options[0]
    assert o.cost.per_month_usd is not None
    return (o.offer.gpu_count * o.nodes, o.weights, o.cost.per_hour_usd,
            o.cost.per_month_usd)


_H100_BODY = {"model": "llama-3.1-70b", "target_requests_per_s": 2, "context_tokens": 2548,
              "output_tokens": 500, "gpus": ["h100-sxm"]}
_A10G_BODY = {"model": "llama-3.1-8b", "target_requests_per_s": 10, "context_tokens": 700,
              "output_tokens": 200, "gpus": ["a10g"]}


def _usd(v: float, ro: bool) -> str:
    if ro:
        return f"{v:,.0f}".replace(",", ".") + " USD/lună"
    return f"${v:,.0f}/month"


@pytest.mark.parametrize(("question", "ro"), [
    ("llama 3.1 70b at 2 req/s, 2k in 500 out: how many h100s and cost per month?", False),
    ("llama 3.1 70b at 2 req/s, 2k in 500 out: how many h100s … what's the monthly cost?",
     False),
    ("Llama 3.1 70B la 2 cereri pe secundă, prompt de 2k și 500 de tokeni de ieșire: câte "
     "H100 și cât costă pe lună?", True),
])
def test_h100_count_at_a_rate_leads_with_the_recommendations_setup_and_its_month(
        question: str, ro: bool) -> None:
    n, weights, hour, month = _lead_month(_H100_BODY)
    assert (n, weights) == (2, "fp8")
    r = ask(question)
    assert asked(r)[:2] == ("gpu_count", 2)  # was 4 (bf16); the count asked first leads
    first = first_sentence(r)
    # was "... Meta Llama 3.1 70B at bf16 needs about 4 × NVIDIA H100 SXM5 80GB ..."
    assert (" at fp8 needs about 2 × " in first) or (" la fp8 are nevoie de aproximativ 2 × "
                                                     in first)
    text = head(r).replace("\u00a0", " ")
    # the month of the setup priced, as /v1/recommendations prices it ($1,871, storage in)
    assert _usd(month, ro) in text, text
    assert f"{hour:.2f}".replace(".", "," if ro else ".") in text
    assert ("24 h/day, 30 days/month" in text) or ("24 h/zi, 30 de zile/lună" in text)
    # the model's own precision, after, as the unquantised option (its 4 × H100, $7.47/h)
    own = ("Unquantised, at the model's own bf16: 4 × " if not ro
           else "Necuantizat, la precizia proprie a modelului, bf16: 4 × ")
    assert own in text
    assert text.index(own) > text.index(_usd(month, ro))
    assert "as the recommendations size it" not in text  # (said once: it is the lead)


def test_a10g_count_at_a_rate_leads_with_fp8_and_its_month() -> None:
    n, weights, hour, month = _lead_month(_A10G_BODY)
    assert (n, weights) == (3, "fp8")
    r = ask("llama 3.1 8b at 10 req/s, 500 in 200 out: how many A10Gs and monthly cost?")
    assert asked(r)[:2] == ("gpu_count", 3)  # was 4 at bf16 ($5.67/h)
    assert f"at fp8 needs about 3 × {_A10G}" in first_sentence(r)
    text = head(r)
    assert f"${hour:.2f}/h" in text and _usd(month, False) in text
    # fp8 on an Ampere card runs weight-only, said beside the pick
    assert "weight-only" in text or "W8A16" in text, text
    assert f"Unquantised, at the model's own bf16: 4 × {_A10G}" in text


def test_a_precision_stated_keeps_leading_with_its_month() -> None:
    r = ask("llama 3.1 70b at bf16 at 2 req/s, 2k in 500 out: how many h100s and cost per "
            "month?")
    assert asked(r)[:2] == ("gpu_count", 4)
    assert f"at bf16 needs about 4 × {_H100}" in first_sentence(r)
    n, weights, hour, month = _lead_month({**_H100_BODY, "weights": "bf16"})
    assert (n, weights) == (4, "bf16")
    text = head(r)
    assert f"${hour:.2f}/h" in text and _usd(month, False) in text
    assert "Unquantised" not in text


def test_no_month_asked_says_no_month() -> None:
    r = ask("llama 3.1 70b at 2 req/s, 2k in 500 out: how many h100s?")
    assert asked(r)[:2] == ("gpu_count", 2)
    assert "/month" not in head(r)
    assert "$2.58/h" in head(r)
