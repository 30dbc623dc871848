"""A GPU and a bare period ("16-GPU H100 cluster per day?", "un H100 pe lună?") is its price
for that period (it was general guidance, an empty number), and a 24-hour span with weekdays
("9-17 în zilele lucrătoare", "9-17 on weekdays") is office hours (it billed 24 h a day)."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask


@pytest.mark.parametrize(("question", "want"), [
    ("16-GPU H100 cluster per day?", "$672.00 a day"),
    ("an H100 per month?", "/month"),
    ("un H100 pe lună?", "USD/lună"),
])
def test_a_gpu_and_a_bare_period_is_its_price(question: str, want: str) -> None:
    r = ask(question)
    assert r.intent == "cost", (r.intent, r.answer)
    assert want in r.answer.split(". ")[0], r.answer


@pytest.mark.parametrize("question", ["H100 tokens per day?", "how many H100 per day?"])
def test_a_count_or_a_rate_per_period_is_not_a_price(question: str) -> None:
    assert ask(question).intent != "cost"


@pytest.mark.parametrize(("question", "want"), [
    ("Cât costă un H100 pe lună, 9-17 în zilele lucrătoare?", "la 8 h/zi, 21,4 zile/lună"),
    ("How much is an H100 per month, 9-17 on weekdays?", "at 8 h/day, 21.4 days/month"),
])
def test_a_24_hour_span_on_weekdays_is_office_hours(question: str, want: str) -> None:
    r = ask(question)
    assert want in r.answer, r.answer
    assert "24 h" not in r.answer.split(". ")[0], r.answer
