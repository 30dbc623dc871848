"""A job run fewer than 24 h a day that takes longer than one day's hours (audit multiday): its
calendar days and stop/resume points are said, and its volume (weights, data, checkpoints) is
billed for every hour of those days, not only for the GPU hours. An 8B full fine-tune of ~23 h
at 8 h/day priced storage at ~$1.42 (23 h of the month's price) where keeping the volume for
its 3 calendar days is ~$4.43 (72 h). Serving, a job run 24 h/day and a job done within a
day's hours are unchanged."""

from __future__ import annotations

import math

import pytest

from service.domain.recommend.types import Option, Recommendation
from tests.unit.ask_fixtures import ask, first_sentence
from tests.unit.rec_fixtures import fake, offer
from tests.unit.test_answer_warnings import say

FULL_8B = {"model": "llama-3.1-8b", "workload": "finetune", "finetune": {"method": "full"},
           "weights": "bf16"}
B200 = [offer("b200-1", "b200", 1, 2.0)]
B200_SPOT = [offer("b200-1s", "b200", 1, None, spot=1.0)]


def _top(rec: Recommendation) -> Option:
    assert rec.options, rec.reason
    return rec.options[0]


def test_job_calendar_whole_days_and_stops() -> None:
    from service.domain.recommend.pricing import job_calendar, job_storage_hours

    cal = job_calendar(23.05, 8.0)
    assert cal is not None
    assert (cal.days, cal.stops, cal.storage_hours) == (3, 2, 72.0)
    cal = job_calendar(16.0, 8.0)  # exactly two days' hours: 2 days, one stop
    assert cal is not None and (cal.days, cal.stops) == (2, 1)
    # two sessions of 4 h a day: 20 h is 5 runs over 3 days, 4 stops
    cal = job_calendar(20.0, 8.0, sessions_per_day=2)
    assert cal is not None and (cal.days, cal.stops, cal.storage_hours) == (3, 4, 72.0)
    # round the clock, or within one day's hours: no calendar, the job's own hours
    assert job_calendar(30.0, 24.0) is None
    assert job_calendar(8.0, 8.0) is None
    assert job_storage_hours(30.0, None) == 30.0


def test_multi_day_finetune_storage_for_calendar_days() -> None:
    rec = fake(B200, **FULL_8B, training_tokens=1.5e9, hours_per_day=8, interruptible=False)
    o = _top(rec)
    h = o.performance.job_hours
    assert h is not None and 16 < h < 24  # ~23 h at the B200's rate: 3 days at 8 h/day
    assert o.performance.calendar_days == math.ceil(h / 8) == 3
    assert o.performance.stop_resume_points == 2
    c = o.cost
    assert c.storage_hours_per_job == 72.0
    assert c.storage_per_month_usd is not None and c.storage_per_job_usd is not None
    # the volume's month price for 72 h, not for the ~23 GPU hours (was $1.42, now $4.43 at
    # the shipped catalog's rate; here at the fake provider's $0.10/GB-month)
    assert c.storage_per_job_usd == pytest.approx(c.storage_per_month_usd * 72 / 730, rel=1e-3)
    assert c.storage_per_job_usd > 3 * c.storage_per_month_usd * h / 730 * 0.99
    # and in the total: compute (per-second billing) plus that storage
    assert c.per_job_usd == pytest.approx(2.0 * h + c.storage_per_job_usd, rel=1e-6)
    said = [w for w in o.warnings if w.startswith("runs 8 h/day")]
    assert said == [
        f"runs 8 h/day: the job's ~{h:,.1f} h span 3 calendar days (rounded up to whole days), "
        "with 2 stop/resume points: it must checkpoint before each stop and resume from it; "
        "storage is billed for all 3 days (72 h), not only for the job's hours: a volume is "
        "billed while it exists, whether or not the GPUs run"]
    notes = {a.name: a for a in rec.assumptions}
    assert "job_days" in notes and "days x 24 h" in notes["job_days"].value


def test_spot_calendar_counts_the_expected_restarts() -> None:
    # ~15.8 h of compute, ~16.2 h with spot's 2.08 % restarts: 3 days at 8 h/day, not 2
    rec = fake(B200_SPOT, **FULL_8B, training_tokens=1.03e9, hours_per_day=8)
    o = _top(rec)
    h = o.performance.job_hours
    assert o.pricing_model == "spot" and h is not None and h < 16 < h * 1.0208
    assert o.performance.calendar_days == 3 and o.performance.stop_resume_points == 2
    assert o.cost.storage_hours_per_job == 72.0
    assert any(w.startswith("runs 8 h/day: the job's ~16.2 h with spot's expected restarts")
               for w in o.warnings), o.warnings


@pytest.mark.parametrize("hours_per_day", [None, 24])
def test_round_the_clock_job_unchanged(hours_per_day: float | None) -> None:
    body = dict(FULL_8B, training_tokens=1.5e9, interruptible=False)
    if hours_per_day is not None:
        body["hours_per_day"] = hours_per_day
    rec = fake(B200, **body)
    o = _top(rec)
    h = o.performance.job_hours
    assert h is not None
    assert o.performance.calendar_days is None and o.performance.stop_resume_points is None
    # storage for the job's own hours, as before
    assert o.cost.storage_hours_per_job == pytest.approx(h)
    assert o.cost.storage_per_job_usd == pytest.approx(
        (o.cost.storage_per_month_usd or 0) * h / 730, rel=1e-3)
    assert not any(w.startswith("runs ") for w in o.warnings)
    assert "job_days" not in {a.name for a in rec.assumptions}


def test_job_within_one_day_unchanged() -> None:
    rec = fake(B200, **FULL_8B, training_tokens=3e8, hours_per_day=8, interruptible=False)
    o = _top(rec)
    h = o.performance.job_hours
    assert h is not None and h < 8
    assert o.performance.calendar_days is None
    assert o.cost.storage_hours_per_job == pytest.approx(max(h, 1.0))


def test_serving_a_few_hours_a_day_unchanged() -> None:
    # an endpoint run 8 h/day resumes no job: no calendar, no job storage, month pricing
    rec = fake([offer("h100-1", "h100-sxm", 1, 2.0)], model="llama-3.1-8b", hours_per_day=8)
    o = _top(rec)
    assert o.performance.calendar_days is None and o.performance.stop_resume_points is None
    assert o.cost.storage_per_job_usd is None and o.cost.storage_hours_per_job is None
    c = o.cost
    assert c.per_month_usd == pytest.approx(
        (c.compute_per_month_usd or 0) + (c.storage_per_month_usd or 0)
        + (c.egress_per_month_usd or 0), abs=0.02)
    assert c.billed_hours_per_month == 8 * 30
    assert not any(w.startswith("runs ") for w in o.warnings)
    assert "job_days" not in {a.name for a in rec.assumptions}


def test_calendar_warning_in_romanian() -> None:
    one = ("runs 8 h/day: the job's ~11.8 h with spot's expected restarts span 2 calendar days "
           "(rounded up to whole days), with 1 stop/resume point: it must checkpoint before each "
           "stop and resume from it; storage is billed for all 2 days (48 h), not only for the "
           "job's hours: a volume is billed while it exists, whether or not the GPUs run")
    many = ("runs 7.5 h/day: the job's ~1,234.5 h span 165 calendar days (rounded up to whole "
            "days), with 164 stop/resume points: it must checkpoint before each stop and resume "
            "from it; storage is billed for all 165 days (3,960 h), not only for the job's "
            "hours: a volume is billed while it exists, whether or not the GPUs run")
    assert say(one, "en") == one and say(many, "en") == many
    ro = say(one, "ro")
    assert ro.startswith("rulează 8 h/zi: cele ~11,8 h ale jobului cu repornirile așteptate "
                         "pe spot se întind pe 2 zile calendaristice"), ro
    assert "cu o oprire și reluare;" in ro and "toate cele 2 zile (48 h)" in ro
    ro = say(many, "ro")
    assert "~1.234,5 h" in ro and "165 de zile calendaristice" in ro, ro
    assert "cu 164 de opriri și reluări;" in ro and "(3.960 h)" in ro


def test_ask_says_the_calendar_days() -> None:
    r = ask("How long does a full fine-tune of Llama 3.1 8B on 3B tokens take if I run it 8 "
            "hours a day?")
    first = first_sentence(r)
    assert "calendar days at 8 h/day)" in first, first
    assert "stop/resume point" in r.answer and "storage is billed for all" in r.answer
    ro = ask("Cât durează un fine-tune complet Llama 3.1 8B pe 3 miliarde de tokeni dacă rulez "
             "8 ore pe zi?")
    first = first_sentence(ro)
    assert "zile calendaristice la 8 h/zi)" in first, first
    assert "opriri și reluări" in ro.answer or "o oprire și reluare" in ro.answer, ro.answer
    # no hours a day stated: no calendar said
    plain = ask("How long does a full fine-tune of Llama 3.1 8B on 3B tokens take?")
    assert "calendar days" not in plain.answer
