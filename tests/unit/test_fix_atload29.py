"""A price per million output tokens asked at a stated load leads with the tokens that load
makes, as the recommendations' ``per_million_output_tokens_at_load_usd`` prices them, and
gives full load's after it (audit buyer29a #6: "cost per 1M tokens for Llama 3.1 70B at 10
requests per second" led with $0.83 at full load, $1.12 at that load, where "... on H100s"
led with the load's); a stated number of users is never said to be "one request"."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.kb_fixtures import TODAY, ask, catalog, head


def _at_load(body: dict[str, object]) -> tuple[float, float]:
    rec = recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)
    cost = rec.options[0].cost
    assert cost.per_million_output_tokens_at_load_usd is not None
    assert cost.per_million_output_tokens_usd is not None
    return cost.per_million_output_tokens_at_load_usd, cost.per_million_output_tokens_usd


@pytest.mark.parametrize(("q", "words"), [
    ("What's the cost per 1M tokens for Llama 3.1 70B at 10 requests per second?",
     ("carrying 10 requests/s", "at full load (", "it would be $")),
    ("Cât costă 1 milion de tokeni pentru Llama 3.1 70B la 10 cereri pe secundă?",
     ("care duce 10 cereri pe secundă", "la încărcare maximă (", "ar fi ")),
])
def test_rate_leads_with_the_price_at_that_load(q: str, words: tuple[str, ...]) -> None:
    at, full = _at_load({"model": "llama-3.1-70b", "target_requests_per_s": 10})
    assert at > full * 1.1  # the two differ: the test can tell them apart
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_million_output_tokens_at_load_usd"
    assert r.numbers.asked.value == pytest.approx(at, rel=1e-9)
    text = head(r)
    for word in words:
        assert word in text, text
    # the load's price first, full load's after it
    lead = f"{at:.2f}".replace(".", "," if r.lang == "ro" else ".")
    tail = f"{full:.2f}".replace(".", "," if r.lang == "ro" else ".")
    assert text.index(lead) < text.index(tail), text


@pytest.mark.parametrize("q", [
    "Cost per 1M tokens for Llama 3.1 8B with 50 concurrent users?",
    "Cost per 1M tokens for Llama 3.1 70B with 20 concurrent users?",
])
def test_users_stated_are_not_one_request(q: str) -> None:
    r = ask(q)
    assert "the memory is for one request" not in r.answer
    assert "concurrent requests: " in r.answer
