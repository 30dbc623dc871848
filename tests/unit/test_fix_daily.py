"""A day, a week or a year asked of a token job or a steady rate leads with that period's
figure, the month after it (audit daily: "What's the daily cost of serving 10M tokens of
Llama 3.1 70B?" led with "The job costs about $8.03 ..." and the month, never the day; "cât
costă pe zi 5M de tokeni" was one job, no day and no month; "per day for 10M tokens an hour"
led with the month of an endpoint)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_JOB_EN = re.compile(r"The job costs about \$([\d,]+\.\d\d) on ")
_JOB_RO = re.compile(r"Jobul costă aproximativ ([\d.]+,\d\d)\s++USD pe ")  # \s: a no-break space


def _usd(raw: str, ro: bool = False) -> float:
    return float(raw.replace(".", "").replace(",", ".") if ro else raw.replace(",", ""))


def _per_job(text: str, ro: bool = False) -> float:
    m = (_JOB_RO if ro else _JOB_EN).search(text)
    assert m is not None, text
    return _usd(m.group(1), ro)


def test_daily_token_job_leads_with_the_day_then_the_month() -> None:
    # "serving" -> "generating": tokens served as users ask lead with the always-on endpoint
    # now, never a daily batch (audit chatbot22; test_fix_chatbot22); this pins the job's day
    r = ask("What's the daily cost of generating 10M tokens of Llama 3.1 70B?")
    text = head(r)
    job = _per_job(text)
    first = first_sentence(r)
    assert first.startswith(f"About ${job:,.2f} a day for the job run once a day"), text
    q, value, unit = asked(r)
    assert (q, unit) == ("per_day_usd", "USD/day") and value == pytest.approx(job, abs=0.01)
    # the job's setup right after, the month of 30 runs after that
    assert text.index("The job costs about") < text.index("a month for the job run 30 times")


def test_weekly_and_yearly_token_jobs_count_the_runs() -> None:
    week = ask("how much a week to generate 10M tokens a day with Llama 3.1 70B")
    job = _per_job(head(week))
    assert first_sentence(week).startswith("About $") and " a week for the job run 7 times a " \
        "week (1 a day × 7 days)" in first_sentence(week), head(week)
    assert asked(week)[0] == "per_week_usd"
    assert asked(week)[1] == pytest.approx(7 * job, rel=0.002)
    year = ask("yearly cost of 10M tokens a day with Llama 3.1 70B")
    assert "a year for the job run 365 times a year (1 a day × 365 days)" in first_sentence(year)
    assert asked(year)[0] == "per_year_usd"
    assert asked(year)[1] == pytest.approx(365 * _per_job(head(year)), rel=0.002)
    assert "a month for the job run 30 times a month" in head(year)  # the month kept


def test_week_said_before_the_tokens_is_a_weeks_tokens() -> None:
    r = ask("how much per week for 70M tokens of Llama 3.1 70B")
    assert first_sentence(r).startswith("About $"), head(r)
    assert "a week for the job run once a week" in first_sentence(r)
    assert asked(r)[0] == "per_week_usd"
    assert "a month for the job run 4.29 times a month" in head(r)


def test_romanian_day_before_the_tokens_leads_with_the_day() -> None:
    r = ask("cât costă pe zi 5M de tokeni cu Llama 3.1 8B")
    text = head(r)
    job = _per_job(text, ro=True)
    assert first_sentence(r).startswith("Aproximativ "), text
    assert "USD pe zi pentru jobul rulat o dată pe zi" in first_sentence(r)
    q, value, _ = asked(r)
    assert q == "per_day_usd" and value == pytest.approx(job, abs=0.01)
    assert "pe lună pentru jobul rulat de 30 de ori pe lună (1 pe zi × 30 de zile)" in text


def test_romanian_week_before_the_tokens() -> None:
    r = ask("cât costă pe săptămână 20M de tokeni cu Llama 3.1 8B")
    assert "USD pe săptămână pentru jobul rulat o dată pe săptămână" in first_sentence(r), \
        head(r)
    assert asked(r)[0] == "per_week_usd"


def test_day_asked_of_a_steady_rate_leads_with_the_day() -> None:
    r = ask("how much per day for 10M tokens an hour with Llama 3.1 8B")
    first = first_sentence(r)
    assert re.match(r"About \$[\d,.]+ a day \(24 h at \$[\d.]+/h\)\.", first), head(r)
    assert asked(r)[0] == "per_day_usd"
    assert "/month at 24 h/day" in head(r)  # the month after it


@pytest.mark.parametrize(("question", "runs"), [
    ("cât costă pe zi 5M de tokeni cu Llama 3.1 8B", (1.0, "day")),
    ("how much per week for 70M tokens of Llama 3.1 70B", (1.0, "week")),
    ("cost per day for 10M tokens with Llama 3.1 8B", (1.0, "day")),
    ("per month cost for 1B output tokens of Llama 3.1 8B", (1.0, "month")),
    # the hours of use a day are no day's tokens; a training run keeps its one run
    ("H100 running 8 hours a day: cost of 10M tokens with Llama 3.1 8B", None),
    ("monthly cost to fine-tune Llama 3.1 8B on 100M tokens", None),
])
def test_period_before_the_tokens_is_read(question: str,
                                          runs: tuple[float, str] | None) -> None:
    assert stated(question, catalog().registry).job_runs == runs


@pytest.mark.parametrize(("question", "lead"), [
    ("weekly cost of 50 users on Llama 3.1 8B", "a week (7 days of 24 h at"),
    ("how much per week for an H100 running 8h a day", "a week (7 days of 8 h at"),
    ("yearly cost of an A100 80GB 24/7", "a year (24 h/day, 365 days a year, at"),
    ("what does it cost per year to serve Qwen2.5 72B to 100 users",
     "a year (24 h/day, 365 days a year, at"),
    ("cost anual pentru un H100 non-stop", "pe an (24 h/zi, 365 de zile pe an, la"),
])
def test_other_periods_keep_leading(question: str, lead: str) -> None:
    assert lead in first_sentence(ask(question))


@pytest.mark.parametrize(("question", "only"), [
    ("I run a batch job of 200 million output tokens with Llama 3.1 8B every week. Cost?", True),
    ("cost of 10M tokens once a day with Llama 3.1 8B", True),
    ("What's the daily cost of serving 10M tokens of Llama 3.1 70B?", False),
    ("how much a week to generate 10M tokens a day with Llama 3.1 70B", False),
])
def test_a_schedule_alone_asks_no_period(question: str, only: bool) -> None:
    """The runs' own "every week" is no week asked: the run's cost keeps leading there."""
    assert stated(question, catalog().registry).runs_period_only is only
    if only:
        assert asked(ask(question))[0] == "per_job_usd"
