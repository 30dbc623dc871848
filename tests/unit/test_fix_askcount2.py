"""A count with a price, "top-ranked" against "cheapest", and a request rate asked with
"which GPU" in /v1/ask (audit reg6), each failing before its change:

1. "how many … and how much per month?", "… cât costă pe lună?" gave the count and an hourly
   price (no ranked offer of exactly that many of the GPU: the price of the cheapest machine),
   and "how many A10G … and what's the monthly bill?" was read as a speed question; every
   month wording now gives the count and its month;
2. a count for users with no GPU named was recommended at 2,048 tokens in where the cost
   answer (and /v1/recommendations' default) reads 3,584 in and 512 out: "top-ranked option"
   and "cheapest option" named different setups; both read the load alike now, and the count
   calls its setup the cheapest only when no option listed below it costs less;
3. "which GPU for llama 3.1 8b at 50 requests per second?" answered one request's memory; it
   answers as "which GPU should I rent … at 50 requests per second" does (the recommendation
   at that rate: its GPUs and count and their price)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import (
    TODAY,
    ask,
    asked,
    catalog,
    first_sentence,
    head,
    machine_price,
)


def _rec(**kw: object) -> Recommendation:
    req = msgspec.convert({"workload": "serving", **kw}, RecommendationRequest)
    return recommend(req, catalog(), TODAY, explain=False)


def _lead_offer(q: str) -> str:
    r = ask(q)
    recs = r.numbers.recommendations if r.numbers else []
    assert recs, r.answer
    return recs[0].offer_id


# -- 1. a count and its month, whatever the month's wording -----------------------------------


@pytest.mark.parametrize("q", [
    "How many L40S to serve Qwen2.5 32B to 24 users at 8k context, and what's the monthly bill?",
    "How many A10G for 12 users of mistral 7b, and per month?",
    "Câte H100 pentru Llama 3.1 70B la 40 de utilizatori și cât plătim lunar?",
    "Câte H100 pentru Llama 3.1 70B la 40 de utilizatori, și pe lună?",
    "How many H100 for llama 3.1 70b at 40 users and how much per month?",
])
def test_every_month_wording_asks_the_price(q: str) -> None:
    assert stated(q, catalog().registry).price_asked


@pytest.mark.parametrize("q", [
    "How many H100 for llama 3.1 8b at 10 million requests per month?",  # a load, no price
    "How many H100 for llama 3.1 70b at 40 users?",
    "How many H100 for llama 3.1 8b under $500 a month?",  # a budget
    "Câte H100 pentru llama 3.1 8b sub 500 de dolari pe lună?",
    "Which providers bill per second?",  # billing
])
def test_a_load_per_month_is_no_price_asked(q: str) -> None:
    assert not stated(q, catalog().registry).price_asked


def test_a_count_and_how_much_per_month_gives_the_month() -> None:
    r = ask("How many L40S to serve Qwen2.5 32B to 24 users at 8k context, and how much per "
            "month?")
    # the 4 that hold them miss the default targets (9.7 tokens/s, 4.1 s): the count that meets
    # them leads, the recommendations' setup at bf16, and its month is the one said; the 4
    # are said second (audit buyer17 #12; was 4 and $1,101/month)
    quantity, n, _ = asked(r)
    recs = r.numbers.recommendations if r.numbers else []
    assert quantity == "gpu_count" and recs and recs[0].gpu_count * recs[0].nodes == n > 4
    month = recs[0].per_month_usd
    assert month is not None
    assert f"That setup costs about ${month:,.0f}/month" in head(r), head(r)
    assert "Memory alone holds them on 4 × NVIDIA L40S 48GB" in head(r), head(r)


def test_a_count_and_its_month_in_romanian_without_a_ranked_offer() -> None:
    r = ask("Câte H100 ne trebuie pentru Llama 3.1 70B la 40 de utilizatori și cât costă pe "
            "lună?")
    assert asked(r)[:2] == ("gpu_count", 4), r.answer
    month = machine_price("h100-sxm", 4) * 720
    assert f"{month:,.0f}".replace(",", ".") + "\u00a0USD/lună" in head(r), head(r)


def test_a_count_at_a_speed_and_its_monthly_bill() -> None:
    r = ask("How many A10G for 12 concurrent users of mistral 7b at 30 tok/s per user and "
            "what's the monthly bill?")
    quantity, n, _ = asked(r)
    assert quantity == "gpu_count", r.answer
    recs = r.numbers.recommendations if r.numbers else []
    assert recs and recs[0].gpu_count * recs[0].nodes == n, r.answer
    month = recs[0].per_month_usd
    assert month is not None
    assert f"${month:,.0f}/month" in head(r), head(r)


# -- 2. "top-ranked" and "cheapest" read the load alike ---------------------------------------


def test_top_ranked_and_cheapest_name_the_same_setup() -> None:
    top = _lead_offer("what's the top-ranked option for llama 3.1 70b at 10 users?")
    cheapest = _lead_offer("What's the cheapest option for llama 3.1 70b with 10 users?")
    api = _rec(model="llama-3.1-70b", concurrent_requests=10).options[0].offer.id
    assert top == cheapest == api


def test_a_count_is_the_cheapest_only_when_none_listed_costs_less() -> None:
    r = ask("how many GPUs for llama 3.1 8b at 100 users?")
    recs = r.numbers.recommendations if r.numbers else []
    want = _rec(model="llama-3.1-8b", concurrent_requests=100, context_tokens=4096,
                output_tokens=512, top_n=3).options
    assert recs and recs[0].offer_id == want[0].offer.id, r.answer
    cheaper = [x for x in recs[1:] if x.per_hour_usd < recs[0].per_hour_usd]
    assert cheaper  # the catalog ranks a cheaper RTX 3060 below the RTX 3090
    first = first_sentence(r)
    assert "the cheapest setup" not in first and "top-ranked" in first, first


# -- 3. a request rate asked with "which GPU" ---------------------------------------------------


@pytest.mark.parametrize(("q", "same_as"), [
    ("Which GPU for llama 3.1 8b at 50 requests per second?",
     "Ce GPU îmi trebuie pentru llama 3.1 8b la 50 de cereri pe secundă?"),
    ("What GPU do I need for llama 3.1 8b serving 50 requests/s?",
     "Ce GPU îmi trebuie pentru llama 3.1 8b la 50 de cereri pe secundă?"),
    ("Which GPU for llama 3.1 8b at 2 million requests per day?",
     "Which GPU should I rent for llama 3.1 8b at 2 million requests per day?"),
])
def test_which_gpu_at_a_request_rate_is_the_recommendation_at_that_rate(q: str,
                                                                         same_as: str) -> None:
    r = ask(q)
    assert r.intent == "cost", r.answer
    assert _lead_offer(q) == _lead_offer(same_as)
    assert "requests per second" in head(r), head(r)
    assert asked(r)[0] == "per_hour_usd"
