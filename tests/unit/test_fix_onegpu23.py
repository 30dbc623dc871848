"""/v1/ask: one rule for "one H100" and "an H100" in every cost answer (audit round 23,
onegpu). The price per 1M tokens and the job kept a count written ("one H100", "a single
H100", "un singur H100") and said how many of the users it holds (per1musers), but the hour
and the month read "one H100" as "an H100": "how much per month to serve llama 3.1 70b fp8
on one h100 for 30 users?" was "One NVIDIA H100 SXM5 80GB does not hold ... so the price is
for 2 × NVIDIA H100 SXM5 80GB ...: about $1,871/month", the count asked dropped and the
users one H100 holds never said. Now:

- a count written is kept in the hour and the month too: the lead says how many of the users
  it holds at once, that the price is for those and the fewest that hold them all, whose
  price follows ("For all 30 at once, 2 × H100 cost about $2.58/h ...");
- one GPU by its article names the GPU: the fewest that hold the users are priced, the lead
  saying how many of them one GPU holds ("One H100 holds only 1 of the 30 ..."), as the
  price per 1M tokens words it (was "does not hold" with no number).
"""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head, machine_price

MONTH_ONE_EN = "how much per month to serve llama 3.1 70b fp8 on one h100 for 30 users?"
MONTH_ONE_RO = ("cât costă pe lună llama 3.1 70b fp8 pe un singur H100 pentru 30 de "
                "utilizatori?")
HOUR_ONE_EN = "cost per hour of llama 3.1 70b fp8 on a single H100 with 30 users"
H100 = "NVIDIA H100 SXM5 80GB"


def test_month_on_one_h100_keeps_the_count_and_says_the_users_it_holds() -> None:
    r = ask(MONTH_ONE_EN)
    text = head(r)
    assert text.startswith(f"1 × {H100} holds only 1 of the 30 concurrent requests of Meta "
                           "Llama 3.1 70B at fp8"), r.answer
    assert f"(2 × {H100} are the fewest that hold all 30)" in text, r.answer
    assert f"in all for 1 × {H100} running 24 h/day" in text, r.answer
    quantity, value, unit = asked(r)
    assert quantity == "per_month_usd" and unit == "USD"
    # one H100's month (GPU time and the weights' disk), was $1,871 for 2 x H100
    assert machine_price("h100-sxm") * 720 <= value < 2 * machine_price("h100-sxm") * 720
    m = re.search(rf"For all 30 at once, 2 × {H100} cost about \$([\d.]+)/h", text)
    assert m is not None, r.answer
    assert float(m[1]) == pytest.approx(2 * machine_price("h100-sxm"), abs=0.01)


def test_month_on_one_h100_in_romanian() -> None:
    r = ask(MONTH_ONE_RO)
    text = head(r)
    assert text.startswith(f"1 × {H100} ține deodată doar 1 din cele 30 de cereri simultane "
                           "pentru Meta Llama 3.1 70B la fp8"), r.answer
    assert (f"2 × {H100} sunt cele mai puține care le țin pe toate cele 30" in text), r.answer
    assert f"Pentru toate cele 30 de cereri deodată, 2 × {H100} costă aproximativ" in text
    assert asked(r)[1] == pytest.approx(asked(ask(MONTH_ONE_EN))[1])


def test_hour_on_a_single_h100_keeps_the_count_and_says_the_users_it_holds() -> None:
    r = ask(HOUR_ONE_EN)
    text = head(r)
    assert text.startswith(f"1 × {H100} holds only 1 of the 30 concurrent requests"), r.answer
    assert f": 1 × {H100} for Meta Llama 3.1 70B at fp8 costs about $" in text, r.answer
    quantity, value, unit = asked(r)
    assert quantity == "per_hour_usd" and unit == "USD/h"
    assert value == pytest.approx(machine_price("h100-sxm"), abs=0.01)  # was 2 x H100's
    assert f"For all 30 at once, 2 × {H100} cost about" in text, r.answer


@pytest.mark.parametrize(("q", "start"), [
    ("cost per hour of llama 3.1 70b fp8 on an H100 with 30 users",
     f"One {H100} holds only 1 of the 30 concurrent requests of Meta Llama 3.1 70B at fp8"),
    ("how much per month to serve llama 3.1 70b fp8 on an h100 for 30 users?",
     f"One {H100} holds only 1 of the 30 concurrent requests of Meta Llama 3.1 70B at fp8"),
    ("cât costă pe oră llama 3.1 70b fp8 pe un H100 pentru 30 de utilizatori?",
     f"Un {H100} ține doar 1 din cele 30 de cereri simultane pentru Meta Llama 3.1 70B"),
])
def test_an_h100_prices_the_fewest_and_says_how_many_one_holds(q: str, start: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(start), r.answer  # was "does not hold", no number
    assert re.search(rf"(the price is for|prețul este pentru) 2 × {H100}", text), r.answer
    assert "For all 30" not in text and "Pentru toate cele 30" not in text, r.answer
    assert asked(r)[1] > 1.5 * machine_price("h100-sxm"), r.answer  # 2 x H100 priced


def test_a_count_of_two_says_the_users_it_holds_by_the_hour() -> None:
    r = ask("cost per hour of llama 3.1 70b fp8 on 2 x H100 with 300 users")
    text = head(r)
    m = re.match(rf"2 × {H100} holds only (\d+) of the 300 concurrent requests", text)
    assert m is not None and 1 <= int(m[1]) < 300, r.answer  # was said nowhere
    assert asked(r)[1] == pytest.approx(machine_price("h100-sxm", 2), abs=0.01)


@pytest.mark.parametrize("q", [
    "cost per hour of llama 3.1 8b fp8 on one h100 with 20 users",
    "how much per month to serve llama 3.1 70b fp8 on one h100?",
])
def test_a_count_that_holds_the_users_or_no_users_is_unchanged(q: str) -> None:
    text = head(ask(q))
    assert "holds only" not in text and "do not hold" not in text, text
    assert "For all" not in text, text
    assert f"1 × {H100}" in text, text
