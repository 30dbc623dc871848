"""/v1/ask leads with the quantity asked: "how long" for a media or fine-tuning job leads with
the job's hours (the cost after them), "how much per hour ... 8 hours a day" with the price
by the hour (the month at that usage after it), and a job's length is said in duration words
("1 hour", "59 minutes"), never "1 hours"."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, first_sentence, head, machine_price

# (how long, how much): the same job asked both ways
_JOBS = [
    ("about how long to transcribe 10000 hours of audio with whisper large-v3 on an L4?",
     "how much to transcribe 10000 hours of audio with whisper large-v3 on an L4?"),
    ("how long to generate 1 million SDXL images on an L40S?",
     "how much to generate 1 million SDXL images on an L40S?"),
    ("how long to generate 100 clips with wan 2.1 on an H100?",
     "how much to generate 100 clips with wan 2.1 on an H100?"),
    ("how long to transcribe 10000 hours of audio with whisper large-v3?",
     "how much to transcribe 10000 hours of audio with whisper large-v3?"),
    ("how long to generate 1 million SDXL images?",
     "how much to generate 1 million SDXL images?"),
    ("cât durează să transcriu 10000 de ore de audio cu whisper large-v3 pe un L4?",
     "cât costă să transcriu 10000 de ore de audio cu whisper large-v3 pe un L4?"),
    ("cât durează să generez 1 milion de imagini SDXL pe un L40S?",
     "cât costă să generez 1 milion de imagini SDXL pe un L40S?"),
]


def _money(r: AskResponse) -> str:
    """The first amount of money of the lead: "$74.65", "74,65 USD"."""
    m = re.search(r"\$[\d,.]+\d|\d[\d.,]*\s?USD(?!/)", first_sentence(r))
    assert m is not None, first_sentence(r)
    return m.group(0)


def _hours_text(value: float, lang: str) -> str:
    """The number the duration words write for ``value`` hours (as _W.duration: one decimal
    under 100 hours, none from 100, minutes under an hour, one hour in words)."""
    if round(value, 1) == 1 and value >= 1:
        return "1 hour" if lang == "en" else "o oră"
    if value < 1:
        n = value * 60
        text = f"{n:,.1f}" if n < 10 else f"{n:,.0f}"
    else:
        text = f"{value:,.1f}" if value < 100 else f"{value:,.0f}"
    if lang == "ro":
        text = text.replace(",", " ").replace(".", ",").replace(" ", ".")
    return text


@pytest.mark.parametrize(("how_long", "how_much"), _JOBS)
def test_how_long_for_a_media_job_leads_with_its_hours_then_the_cost(
        how_long: str, how_much: str) -> None:
    r, c = ask(how_long), ask(how_much)
    quantity, hours, unit = asked(r)
    assert (quantity, unit) == ("job_hours", "h"), first_sentence(r)
    # the cost question is answered as it was: the job's cost leads
    assert asked(c)[0] in ("job_usd", "per_job_usd")
    assert asked(c)[2] == "USD"
    lead = first_sentence(r)
    said = _hours_text(hours, r.lang)
    cost = _money(c)
    assert said in lead and cost in lead, lead
    assert lead.index(said) < lead.index(cost), lead


@pytest.mark.parametrize("question", [
    "How much per hour for an H100 if I run it 8 hours a day?",
    "What is the hourly price of an H100 if I use it 8 hours a day?",
    "cât costă pe oră un H100 dacă îl folosesc 8 ore pe zi?",
])
def test_a_price_per_hour_with_a_daily_usage_leads_with_the_hour(question: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_gpu_hour_usd", "USD/h"), first_sentence(r)
    assert value == pytest.approx(machine_price("h100-sxm"))
    lead = first_sentence(r)
    hour = lead.index("/h" if r.lang == "en" else "/oră")
    month = lead.index("/month" if r.lang == "en" else "/lună")
    assert hour < month, lead
    assert ("8 h/day" if r.lang == "en" else "8 h/zi") in lead  # the month at that usage


@pytest.mark.parametrize("question", [
    "How much for an H100 if I run it 8 hours a day?",
    "cât costă un H100 dacă îl folosesc 8 ore pe zi?",
])
def test_a_price_with_a_daily_usage_and_no_hour_asked_still_leads_with_the_month(
        question: str) -> None:
    assert asked(ask(question))[0] == "per_gpu_month_usd"


_ONE_HOURS = re.compile(r"\b1(?:[.,]0)? (?:hours|ore)\b")


@pytest.mark.parametrize("question", [
    "how long to transcribe 100 hours of audio with whisper large-v3 on an H100?",
    "how much to transcribe 100 hours of audio with whisper large-v3 on an H100?",
    "how much to fine-tune llama 3 8b on 50M tokens?",
    "cât costă fine-tuning pentru llama 3 8b pe 50M de tokeni?",
])
def test_a_job_near_one_hour_is_said_in_duration_words(question: str) -> None:
    text = head(ask(question))
    assert not _ONE_HOURS.search(text), text


@pytest.mark.parametrize("question", [
    "how long to fine-tune llama 3 8b on 50M tokens?",
    "cât durează fine-tuning pentru llama 3 8b pe 50M de tokeni?",
    "how long to fine-tune llama 3 8b on 50M tokens on one h100",
])
def test_how_long_for_a_fine_tuning_leads_with_its_hours(question: str) -> None:
    r = ask(question)
    quantity, hours, unit = asked(r)
    assert (quantity, unit) == ("training_hours", "h"), first_sentence(r)
    lead = first_sentence(r)
    said = _hours_text(hours, r.lang)
    money = re.search(r"\$[\d,.]+\d|\d[\d.,]*\s?USD(?!/)", lead)
    assert said in lead and money is not None, lead
    assert lead.index(said) < money.start(), lead


def test_how_much_for_a_fine_tuning_still_leads_with_its_cost() -> None:
    assert asked(ask("how much to fine-tune llama 3 8b on 50M tokens?"))[:3:2] == (
        "per_job_usd", "USD")
