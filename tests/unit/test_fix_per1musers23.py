"""/v1/ask: a price per 1M tokens on a GPU named, with users stated (audit round 23,
per1musers). "If I pay $2/hr for an H100, what's my cost per million tokens for Llama 3.1
70B fp8 with 30 users?" was "About $19.29 per 1M output tokens ... on 1 × H100 ... at full
load of about 29 tokens/s in total": one H100 holds the 70B weights at fp8 but only 1 of the
30 requests, and that one stream was priced as the load with no word. Now:

- one GPU by its article ("an H100", "un H100", "an L4") names the GPU, not a count: the
  price is for the fewest of it that hold all the users (2 × H100 at $2/h per GPU, the 30
  users' tokens/s), the lead saying how many of them one GPU holds and why;
- a count written ("one H100", "un singur H100", "2 x H100") is kept, the lead saying how
  many of the users it holds, that the price is for those, and the count that holds all.
"""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

OWN_EN = ("if i pay $2/hr for an h100, what's my cost per million tokens for llama 3.1 70b fp8"
          " with 30 users?")
OWN_RO = ("Plătim 2 USD pe oră pentru un H100, cât ne costă 1M de tokeni cu llama 3.1 70b fp8"
          " pentru 30 de utilizatori?")


def test_own_price_for_an_h100_prices_the_h100s_that_hold_the_users() -> None:
    r = ask(OWN_EN)
    text = head(r)
    assert text.startswith("One NVIDIA H100 SXM5 80GB holds only 1 of the 30 concurrent "
                           "requests of Meta Llama 3.1 70B at fp8"), r.answer
    assert ("on 2 × NVIDIA H100 SXM5 80GB at your price of $2.00/h per GPU "
            "($4.00/h for the setup, with 30 concurrent requests producing about") in text
    quantity, value, unit = asked(r)
    assert quantity == "per_million_output_tokens_usd" and unit == "USD"
    tps = float(re.search(r"producing about ([\d,]+) tokens/s", text)[1].replace(",", ""))
    assert value == pytest.approx(4.0 / (tps * 3600) * 1e6, rel=0.01)
    assert 1.0 < value < 2.0, r.answer  # was $19.29: one stream on one H100


def test_own_price_for_an_h100_in_romanian() -> None:
    r = ask(OWN_RO)
    text = head(r)
    assert text.startswith("Un NVIDIA H100 SXM5 80GB ține doar 1 din cele 30 de cereri "
                           "simultane pentru Meta Llama 3.1 70B la fp8"), r.answer
    assert ("pe 2 × NVIDIA H100 SXM5 80GB la prețul dumneavoastră de 2,00\xa0USD/oră pe GPU "
            "(4,00\xa0USD/oră pentru tot setup-ul, cu 30 de cereri simultane") in text, r.answer
    assert asked(r)[1] == pytest.approx(ask(OWN_EN).numbers.asked.value)  # type: ignore[union-attr]


@pytest.mark.parametrize(("q", "start"), [
    ("cost per million tokens for llama 3.1 70b fp8 on one h100 with 30 users?",
     "1 × NVIDIA H100 SXM5 80GB holds only 1 of the 30 concurrent requests of Meta Llama "
     "3.1 70B at fp8"),
    ("Cât costă 1M de tokeni pentru llama 3.1 70b fp8 pe un singur H100 cu 30 de "
     "utilizatori?",
     "1 × NVIDIA H100 SXM5 80GB ține deodată doar 1 din cele 30 de cereri simultane pentru "
     "Meta Llama 3.1 70B la fp8"),
])
def test_a_count_of_one_is_kept_and_says_how_many_users_it_holds(q: str, start: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(start), r.answer
    assert ("2 × NVIDIA H100 SXM5 80GB are the fewest that hold all 30" in text
            or "2 × NVIDIA H100 SXM5 80GB sunt cele mai puține care le țin pe toate cele 30"
            in text), r.answer
    assert re.search(r"(on|pe) 1 × NVIDIA H100 SXM5 80GB (at|la) ", text), r.answer


def test_l4_with_users_says_how_many_fit() -> None:
    r = ask("cost per million tokens for llama 3.1 8b on an L4 at $0.50/hr with 20 users?")
    text = head(r)
    m = re.match(r"One NVIDIA L4 24GB holds only (\d+) of the 20 concurrent requests", text)
    assert m is not None and 1 <= int(m[1]) < 20, r.answer
    assert ("on 2 × NVIDIA L4 24GB at your price of $0.50/h per GPU ($1.00/h for the setup, "
            "with 20 concurrent requests") in text, r.answer


def test_a_count_stated_keeps_it_and_says_the_users_it_holds() -> None:
    r = ask("cost per million tokens for llama 3.1 70b fp8 on 2 x h100 with 200 users?")
    text = head(r)
    m = re.match(r"2 × NVIDIA H100 SXM5 80GB holds only (\d+) of the 200 concurrent requests",
                 text)
    assert m is not None and int(m[1]) < 200, r.answer
    assert "are the fewest that hold all 200" in text, r.answer


@pytest.mark.parametrize("q", [
    "if i pay $2/hr for an h100, what's my cost per million tokens for llama 3.1 70b fp8?",
    "cost per million tokens for llama 3.1 8b on one h100 with 20 users?",
])
def test_no_users_or_users_that_fit_are_unchanged(q: str) -> None:
    text = head(ask(q))
    assert "holds only" not in text and "do not hold" not in text, text
    assert "on 1 × NVIDIA H100 SXM5 80GB " in text, text


@pytest.mark.parametrize(("q", "counted"), [
    ("cost on one h100?", True), ("cost on 1 x h100?", True),
    ("cost on a single h100?", True), ("Cât costă pe un singur H100?", True),
    ("cost on an h100?", False), ("Cât costă pe un H100?", False), ("cost on h100?", False),
])
def test_a_count_of_one_is_told_from_an_article(q: str, counted: bool) -> None:
    assert stated(q, catalog().registry).gpu_one_counted is counted
