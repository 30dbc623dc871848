"""/v1/ask periods, KV memory and a context read from a count (audits reg6, docs2), English and
Romanian:

1. "a month and a half", "1.5 months", "one and a half months", "o lună și jumătate" are
   1.5 months of hours, the total asked (were one month's price, per_month_usd);
2. "for N months" is N of the month every other answer prices (MONTH_DAYS x 24 h = 720 h):
   "for 12 months" is "for a year", "for 2 months" twice the month (was N x 730 h);
3. "KV memory", "memorie KV", "the memory the KV takes" ask the KV cache, as "KV cache
   memory" does (were a GPU count or the total memory);
4. "10k examples of 1000 tokens" states no 10k context: the 10k counts examples (was
   extracted.context_tokens 10240)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import details, stated
from service.domain.recommend.types import MONTH_DAYS
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

MONTH_H = MONTH_DAYS * 24.0  # the answers' month (recommend.types.MONTH_DAYS of 24 h days)

# -- 1. a month and a half ---------------------------------------------------------------------


@pytest.mark.parametrize("question", [
    "how much for 2 H100 for a month and a half?",
    "how much for 2 H100 for 1.5 months?",
    "What's the monthly bill for 2 H100 over one and a half months?",
])
def test_a_month_and_a_half_is_priced_as_its_hours(question: str) -> None:
    _, month, _ = asked(ask("how much for 2 H100 per month?"))
    r = ask(question)
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    assert total == pytest.approx(1.5 * month, rel=1e-6), head(r)
    assert f"{1.5 * MONTH_H:,.0f} hours" in first_sentence(r), first_sentence(r)


def test_o_luna_si_jumatate_is_priced_as_its_hours() -> None:
    _, month, _ = asked(ask("Cât costă un H100 pe lună?"))
    r = ask("Cât costă un H100 pentru o lună și jumătate?")
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    assert total == pytest.approx(1.5 * month, rel=1e-6), head(r)
    assert "1.080 de ore" in first_sentence(r), first_sentence(r)


def test_a_month_and_a_half_on_spot_is_the_period_total() -> None:
    r = ask("how much is an H100 for a month and a half, spot?")
    quantity, total, _ = asked(r)
    # the length's total on spot, as "for 2 weeks, spot" gives it (was $720.00/month)
    assert quantity == "spot_usd", head(r)
    assert "1,080 hours" in first_sentence(r), first_sentence(r)
    _, month, _ = asked(ask("how much is an H100 per month, spot?"))
    assert total >= 1.5 * month * (1 - 1e-6), head(r)


def test_half_a_month_is_half_of_its_hours() -> None:
    r = ask("how much for 2 H100 for half a month?")
    assert asked(r)[0] == "per_job_usd", head(r)
    assert "360 hours" in first_sentence(r), first_sentence(r)


# -- 2. the month of "for N months" -------------------------------------------------------------


def test_twelve_months_are_a_year() -> None:
    _, year, _ = asked(ask("how much for an H100 for a year?"))
    r = ask("how much for an H100 for 12 months?")
    assert asked(r)[0] == "per_job_usd", head(r)
    assert asked(r)[1] == pytest.approx(year, rel=1e-6), (head(r), year)
    # a year of 365 days, as "for a year" (audit cost #14; was 12 x 720 = 8,640 hours)
    assert "8,760 hours" in first_sentence(r), first_sentence(r)


@pytest.mark.parametrize(("question", "month_question", "months", "hours"), [
    ("how much for 2 H100 for 2 months?", "how much for 2 H100 per month?", 2, "1,440 hours"),
    ("how much for an H100 for 3 months?", "how much for an H100 per month?", 3, "2,160 hours"),
    ("Cât costă un H100 pentru 2 luni?", "Cât costă un H100 pe lună?", 2, "1.440 de ore"),
])
def test_n_months_are_n_of_the_answers_month(question: str, month_question: str, months: int,
                                             hours: str) -> None:
    _, month, _ = asked(ask(month_question))
    r = ask(question)
    quantity, total, _ = asked(r)
    assert quantity == "per_job_usd", head(r)
    assert total == pytest.approx(months * month, rel=1e-6), (head(r), month)
    assert hours in first_sentence(r), first_sentence(r)


# -- 3. KV memory --------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "gib"), [
    # 32 x 4,096 tokens x 327,680 B (Llama 3.1 70B: 80 layers x 8 KV heads x 128 x 2 x 2 B)
    ("how much KV memory does llama 3.1 70b take with 32 users at 4k each?", 40.0),
    ("Câtă memorie KV ocupă Llama 3.1 70B cu 32 de utilizatori a câte 4k tokeni fiecare?",
     40.0),
    # 32,768 tokens x 131,072 B (Llama 3.1 8B: 32 layers x 8 KV heads x 128 x 2 x 2 B)
    ("Câtă memorie KV ocupă Llama 3.1 8B la 32k context?", 4.0),
    ("how much memory does the KV take for llama 3.1 8b at 32k context?", 4.0),
])
def test_kv_memory_asks_the_kv_cache(question: str, gib: float) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("kv_cache_gib", "GiB"), head(r)
    assert value == pytest.approx(gib, rel=1e-3), head(r)


@pytest.mark.parametrize("question", [
    "how much memory does llama 3.1 8b need at 32k context with fp8 kv?",
    "how much VRAM for llama 3.1 70b with kv in fp8 at 8k context?",
])
def test_memory_with_a_kv_precision_is_still_the_total(question: str) -> None:
    assert asked(ask(question))[0] == "total_gib", head(ask(question))


# -- 4. a count of examples is no context ---------------------------------------------------------


def test_a_count_of_examples_is_no_context() -> None:
    r = ask("How long to fine-tune llama 3.1 8b on 10k examples of 1000 tokens for 3 epochs "
            "on 1 H100?")
    assert r.extracted is not None
    assert r.extracted.context_tokens in (None, 1000), r.extracted
    assert "30,000,000" in first_sentence(r), first_sentence(r)


# -- a half month as a deadline -------------------------------------------------------------------


@pytest.mark.parametrize("question", [
    "I need to fine-tune llama 3.1 8b on 500M tokens in a month and a half",
    "Trebuie să fac fine-tuning la llama 3.1 8b pe 500M de tokeni într-o lună și jumătate",
])
def test_in_a_month_and_a_half_is_a_deadline_of_its_hours(question: str) -> None:
    """"in a month and a half" is written "in 1.5 month" for the readers of a length: still a
    deadline, of 1.5 of the deadline's 720-hour months (it read "in a month", 720 h)."""
    assert stated(question, catalog().registry).deadline_hours == pytest.approx(1.5 * MONTH_H)
    assert details(question, catalog().registry, []).duration_hours is None
