"""The images a budget buys, asked per another period than the budget's: "Câte imagini SDXL
pe zi putem genera cu 1.000 USD pe lună?" ("how many SDXL images a DAY with $1,000 a MONTH")
answered 1,813,443 images per month (fix/mediaask's lead); now the same machines' images per
day (60,448 = the month's over its 30 days)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _images_period
from tests.unit.ask_fixtures import ask, asked, first_sentence


@pytest.mark.parametrize(("folded", "period"), [
    ("how many sdxl images per day with $1000 a month", "day"),
    ("how many sdxl images a day can i generate", "day"),
    ("cate imagini sdxl pe zi putem genera cu 1.000 usd pe luna", "day"),
    ("how many images per month", "month"),
    ("images per hour on an h100", "hour"),
    ("how many sdxl images can i generate with $1000", None),
])
def test_the_period_images_are_asked_per(folded: str, period: str | None) -> None:
    assert _images_period(folded) == period


def test_images_a_day_with_a_monthly_budget() -> None:
    month = ask("I have $1000/month, how many SDXL images per month can I generate?")
    day = ask("I have $1000/month, how many SDXL images a day can I generate?")
    assert asked(day)[0] == "images", day.answer
    assert asked(day)[1] == pytest.approx(asked(month)[1] / 30), (day.answer, month.answer)
    assert "images per day" in first_sentence(day), day.answer


def test_images_a_day_with_a_monthly_budget_ro() -> None:
    r = ask("Câte imagini SDXL pe zi putem genera cu 1.000 USD pe lună?")
    month = ask("I have $1000/month, how many SDXL images per month can I generate?")
    assert asked(r)[1] == pytest.approx(asked(month)[1] / 30), r.answer
    assert "de imagini de 1024×1024 pe zi" in first_sentence(r), r.answer
