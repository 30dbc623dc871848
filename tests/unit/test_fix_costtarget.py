"""A cost asked with a per-user speed target ("how much does it cost to serve llama 70b to
50 users at 25 tokens/s each?") led with the setup and its speed, and gave the speed as the
number asked; the month leads now and is the number asked, the speed after it. "Cheapest
GPU … at 30 tokens/s" asks which setup, and keeps the speed."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence


@pytest.mark.parametrize(("question", "lead"), [
    ("How much does it cost to serve llama 3.1 70b to 50 users at 25 tokens/s each?", "About $"),
    ("Cât costă să servesc llama 3.1 70b la 50 de utilizatori cu 25 de tokeni/s fiecare?",
     "Aproximativ "),
])
def test_a_cost_with_a_speed_target_leads_with_the_month(question: str, lead: str) -> None:
    r = ask(question)
    q, value, unit = asked(r)
    assert (q, unit) == ("per_month_usd", "USD") and value > 0, r.answer
    assert first_sentence(r).startswith(lead), r.answer
    recs = r.numbers.recommendations if r.numbers else None
    assert recs, r.answer
    assert value == pytest.approx(recs[0].per_month_usd, rel=1e-6)


def test_which_setup_for_a_speed_keeps_the_speed() -> None:
    r = ask("cheapest GPU to serve llama 3.1 8b to 32 users at 30 tokens/s each")
    assert asked(r)[0] == "decode_tokens_per_s"
