"""A day's or a week's price asked in words is read as such: "how much per day to run llama
3.1 8b on one l40s?" was a fit answer with no cost at all, and Romanian "cât costă pe zi"
gave the hour and the month; the usage a price is for ("8 hours a day") is not a day asked."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _cost_sub
from tests.unit.ask_fixtures import ask


@pytest.mark.parametrize(("question", "quantity", "lead"), [
    ("how much per day to run llama 3.1 8b on one l40s?", "per_day_usd", "About $"),
    ("cât costă pe zi să rulez llama 3.1 8b pe un L40S?", "per_day_usd", "Aproximativ "),
    ("what is the weekly cost of llama 3.1 8b on an l40s?", "per_week_usd", "About $"),
])
def test_a_day_or_week_asked_leads_with_it(question: str, quantity: str, lead: str) -> None:
    r = ask(question)
    assert r.numbers.asked is not None and r.numbers.asked.quantity == quantity
    assert r.answer.startswith(lead)


@pytest.mark.parametrize(("text", "sub"), [
    ("how much per day for an h100", "day"),
    ("daily cost of an h100", "day"),
    ("cat costa pe zi un h100", "day"),
    ("how much a week for an h100", "week"),
    ("how much per hour for an h100 if i run it 8 hours a day", "hour"),
    ("price of an h100 running 12 ore pe zi", "hour"),
    ("how much to run an h100 8h/day", "hour"),
    ("cat costa 2 milioane de cereri pe zi cu llama 3.1 8b", "hour"),
    ("cost of serving 50k requests a day with llama 3.1 8b", "hour"),
    ("monthly cost of an h100 at 8 hours a day", "month"),
])
def test_usage_per_day_is_not_a_day_asked(text: str, sub: str) -> None:
    assert _cost_sub(text) == sub
