"""/v1/ask durations and deadlines (regression audit reg3b), English and Romanian:

1. a can-I question with a job's size (documents to embed, hours of audio) and a deadline
   ("by Friday", "in 3 hours") is a Yes or a No by the job's time on the GPUs named, with
   that time, and on a No the count that finishes in time (job hours / deadline hours,
   rounded up) with its cost (was a Yes on memory alone, or a cost with no verdict);
2. storage for a stated length with no GPU is that length's share of a 730-hour month
   (pricing.job_storage_usd), the month's price beside it (was the month's price alone);
3. "for 3 months" / "timp de 3 luni" / "pentru 3 luni" is a length of 3 × 720 hours (the
   answers' month, MONTH_DAYS x 24 h, since askperiod2: was 730 h), totalled as "for 2 weeks"
   is (was a month's or an hour's price); "luni" there is no Monday;
4. a weekday deadline attaches only to a job to plan, never to a plain price question.

TODAY (tests/unit/ask_fixtures) is Thursday 2026-12-03: "by Friday" is 1 day, 24 hours."""

from __future__ import annotations

import math

import pytest

from service.domain.answer.intent import details, stated
from service.domain.recommend.pricing import job_storage_usd
from service.domain.recommend.types import MONTH_DAYS
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_PROVIDERS = [p.id for p in catalog().providers]

# -- 1. a job against its deadline ------------------------------------------------------------


@pytest.mark.parametrize(("q", "deadline_h", "no"), [
    ("Can I embed 500 million documents with bge-large by Friday on one L4?", 24.0, "No"),
    ("Pot face embedding la 500 de milioane de documente cu bge-large până vineri pe un L4?",
     24.0, "Nu"),
    ("Can I transcribe 100,000 hours of audio with whisper-large-v3 by Friday on one L4?",
     24.0, "No"),
])
def test_a_job_past_its_deadline_is_a_no_with_the_gpus_that_make_it(
        q: str, deadline_h: float, no: str) -> None:
    r = ask(q)
    first = first_sentence(r)
    assert first.startswith(no), first
    quantity, job_h, unit = asked(r)
    assert (quantity, unit) == ("job_hours", "h")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    assert job_h > deadline_h * 10  # hundreds of hours on one L4: far past a day
    need = math.ceil(job_h / deadline_h)
    text = head(r)
    assert f"{need:,}".replace(",", "." if no == "Nu" else ",") + " × NVIDIA L4" in text, text
    assert ("USD" if no == "Nu" else "$") in text  # what that count costs


@pytest.mark.parametrize(("q", "yes"), [
    ("Can I embed 1 million documents with bge-large in 30 days on one L4?", "Yes"),
    ("Pot face embedding la 1 milion de documente cu bge-large în 30 de zile pe un L4?", "Da"),
    ("Can I embed 2 million texts with snowflake-arctic-embed-m in 3 hours on one L4?", None),
])
def test_a_job_and_a_deadline_are_answered_against_the_time(q: str, yes: str | None) -> None:
    r = ask(q)
    quantity, job_h, unit = asked(r)
    assert (quantity, unit) == ("job_hours", "h"), head(r)
    assert r.numbers is not None and r.numbers.asked is not None
    deadline = stated(q, catalog().registry).deadline_hours
    assert deadline is not None
    assert r.numbers.asked.yes is (job_h <= deadline)
    if yes is not None:
        assert first_sentence(r).startswith(yes), head(r)


# -- 2. storage for a stated length -----------------------------------------------------------


def test_storage_for_hours_at_one_provider_is_prorated() -> None:
    r = ask("How much to store 500 GB for 48 hours on Lambda?")
    lam = catalog().providers_by_id["lambda"]
    month = lam.storage_usd(500.0)
    assert month is not None
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("storage_usd", "USD")
    assert total == pytest.approx(job_storage_usd(month, 48.0))
    first = first_sentence(r)
    assert f"${total:,.2f}" in first and f"${month:,.2f}" in first, first
    assert first.index(f"${total:,.2f}") < first.index(f"${month:,.2f}")  # the total leads


@pytest.mark.parametrize(("q", "gb", "hours"), [
    ("How much to store 500 GB for 48 hours?", 500.0, 48.0),
    ("Cât costă să stochez 2 TB timp de 100 de ore?", 2000.0, 100.0),
    # 3 months of storage are 3 of its monthly price, 3 x job_storage_usd's 730-hour month
    # (audit ask_ro #12: 3 x 720 h on a 730-hour month's price was 1.4 % short)
    ("How much to store 1 TB for 3 months?", 1000.0, 3 * 730.0),
])
def test_storage_for_a_length_is_prorated_across_providers(q: str, gb: float,
                                                             hours: float) -> None:
    r = ask(q)
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("storage_usd", "USD"), head(r)
    months = [c for p in catalog().providers if (c := p.storage_usd(gb)) is not None]
    assert total == pytest.approx(job_storage_usd(min(months), hours))


# -- 3. lengths in months ---------------------------------------------------------------------


@pytest.mark.parametrize(("q", "months"), [
    ("How much does it cost to rent an A100 for 3 months?", 3),
    ("Cât costă un A100 timp de 3 luni?", 3),
    ("Vreau să închiriez un A100 pentru 3 luni, cât costă?", 3),
    ("How much does llama-3.1-70b on 4 H100 cost for 6 months?", 6),
])
def test_months_are_a_length_of_720_hours_each(q: str, months: int) -> None:
    d = details(q, catalog().registry, _PROVIDERS)
    # the month every "per month" answer prices (MONTH_DAYS x 24 h), so that "for 12 months"
    # is "for a year" (was 730 h: $11,300 against $11,146, askperiod2)
    assert d.duration_hours == months * MONTH_DAYS * 24.0
    assert stated(q, catalog().registry).deadline_weekday is None  # "luni" is no Monday
    r = ask(q)
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    # the total for the length, far more than a month's price
    assert total > 2 * 720 * 0.1, head(r)
    assert "/month" not in first_sentence(r) and "/lună" not in first_sentence(r)


def test_gpus_with_storage_for_months_are_totalled() -> None:
    q = "Am nevoie de 2 H100 și 1 TB de stocare pentru 3 luni, cât costă?"
    month = ask("Am nevoie de 2 H100 și 1 TB de stocare, cât costă pe lună?")
    r = ask(q)
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    _, per_month, _ = asked(month)
    # 3 × 720 hours of the GPUs and the storage: 3 months (the month answer is 720 h of GPU
    # time; storage pro-rated on a 730-hour month), never one month's
    assert total == pytest.approx(3 * per_month, rel=0.05)


def test_in_months_is_still_a_deadline_not_a_length() -> None:
    q = "I need to fine-tune llama 3.1 8b on 500M tokens in 2 months"
    assert stated(q, catalog().registry).deadline_hours is not None
    assert details(q, catalog().registry, _PROVIDERS).duration_hours is None


# -- 4. a weekday deadline only with a job ----------------------------------------------------


@pytest.mark.parametrize("q", [
    "By Friday I need a cost estimate: how much is llama-3.1-70b on 2 H100 per month?",
    "Până vineri am nevoie de o estimare: cât costă llama-3.1-70b pe 2 H100 pe lună?",
])
def test_a_weekday_deadline_needs_a_job(q: str) -> None:
    text = head(ask(q))
    assert "Deadline" not in text and "Termen" not in text, text


def test_a_weekday_deadline_stays_with_a_job() -> None:
    text = head(ask("I need to fine-tune llama 3.1 8b on 500M tokens by Friday"))
    assert "by Friday, 2026-12-04: 1 day" in text, text
