"""Daily use stated in minutes (audit 25a #1): "90 minutes a day", "45 min/day", "90 de
minute pe zi", "30 de minute zilnic", "1 hour 30 minutes a day" are hours of use a day (N/60),
never dropped for 24 h/day ("an H100 for 90 minutes a day, every weekday" was $3,538/month at
24 h/day on AWS, $221.14 billed; "45 minutes per day on RunPod" $1,433 for $44.78). A run's
minutes ("10 minutes, 12 times a day", "a 15-minute job 20 times a day") stay runs, billed per
run. The hours a day are said with the minutes kept ("0.75 h/day", not "0.8 h/day", which the
month's figure does not match), in English and in Romanian.

Expected figures are recomputed from the catalog, never copied from an answer."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head

MONTH_DAYS = 30.0
WEEKDAYS = MONTH_DAYS * 5 / 7


def _price(provider: str, gpu: str) -> float:
    """The cheapest on-demand price per GPU of ``provider``'s offers of ``gpu``."""
    return min(v.price_per_gpu_usd_h for v in catalog().views(TODAY)
               if v.provider == provider and v.gpu == gpu
               and v.price_per_gpu_usd_h is not None)


@pytest.mark.parametrize(("q", "hours"), [
    ("we need an H100 for 90 minutes a day, every weekday. cost per month on AWS?", 1.5),
    ("H100 for 45 minutes per day on RunPod, monthly cost?", 0.75),
    ("H100 for 45 min/day on RunPod, how much per month?", 0.75),
    ("H100 on RunPod for 90 minutes daily, cost per month?", 1.5),
    ("an A100 on runpod 1 hour 30 minutes a day, monthly cost?", 1.5),
    ("avem nevoie de un H100 90 de minute pe zi, în zilele lucrătoare. cât costă pe lună la AWS?",
     1.5),
    ("un H100 la RunPod 30 de minute pe zi, cât costă pe lună?", 0.5),
    ("H100 la RunPod, 45 de minute zilnic, cât costă pe lună?", 0.75),
])
def test_minutes_a_day_are_hours_of_use(q: str, hours: float) -> None:
    assert stated(q, catalog().registry).hours_per_day == pytest.approx(hours)


@pytest.mark.parametrize("q", [
    "we need an H100 for 90 minutes a day, every weekday. cost per month on AWS?",
    "avem nevoie de un H100 90 de minute pe zi, în zilele lucrătoare. cât costă pe lună la AWS?",
])
def test_aws_weekday_month_at_ninety_minutes(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    expected = 1.5 * WEEKDAYS * _price("aws", "h100-sxm")
    assert quantity == "per_gpu_month_usd" and unit == "USD"
    assert value == pytest.approx(expected, rel=1e-6)
    assert value < 300  # was $3,538 at 24 h/day
    text = head(r)
    assert "24 h/" not in text
    assert ("1.5 h/day" in text) if "USD/lună" not in text else ("1,5 h/zi" in text)


@pytest.mark.parametrize(("q", "said"), [
    ("H100 for 45 minutes per day on RunPod, monthly cost?", "0.75 h/day"),
    ("H100 la RunPod, 45 de minute zilnic, cât costă pe lună?", "0,75 h/zi"),
])
def test_runpod_month_at_forty_five_minutes(q: str, said: str) -> None:
    r = ask(q)
    _, value, _ = asked(r)
    assert value == pytest.approx(0.75 * MONTH_DAYS * _price("runpod", "h100-pcie"), rel=1e-6)
    text = head(r)
    assert said in text and "24 h/" not in text and "0.8 h" not in text and "0,8 h" not in text


def test_twenty_minutes_a_day_cost_per_day() -> None:
    r = ask("H100 on RunPod 20 minutes a day, cost per day?")
    per_h = _price("runpod", "h100-pcie")
    _, value, _ = asked(r)
    assert value == pytest.approx(per_h / 3, rel=1e-6)
    assert "0.33 h" in head(r)


@pytest.mark.parametrize(("q", "hours", "sessions"), [
    ("H100 on RunPod, 10 minutes, 12 times a day, monthly cost?", 2.0, 12),
    ("H100 on RunPod, a 15-minute job 20 times a day, monthly cost?", 5.0, 20),
    ("H100 la RunPod, 10 minute, de 12 ori pe zi, cât costă pe lună?", 2.0, 12),
])
def test_runs_in_minutes_stay_runs(q: str, hours: float, sessions: int) -> None:
    st = stated(q, catalog().registry)
    assert st.hours_per_day == pytest.approx(hours)
    assert st.sessions_per_day == sessions


def test_minutes_of_audio_stay_audio() -> None:
    # transcribed minutes a day are audio, not hours of use
    q = "we transcribe 600 minutes a day with whisper large v3 on an L4, monthly cost?"
    assert stated(q, catalog().registry).hours_per_day is None


@pytest.mark.parametrize("q", [
    "Whisper large-v3: 2.000 de apeluri de 10 minute pe zi pe un L4, cât costă pe lună?",
    "Whisper large-v3: 2,000 calls of 10 minutes a day on an L4, monthly cost?",
])
def test_an_items_minutes_are_no_day_of_use(q: str) -> None:
    # each call's 10 minutes: 333 hours of audio a day, no 10 minutes of use a day
    assert stated(q, catalog().registry).hours_per_day is None


def test_timp_de_minutes_a_day() -> None:
    q = "un H100 la RunPod timp de 90 de minute pe zi, cât costă pe lună?"
    assert stated(q, catalog().registry).hours_per_day == pytest.approx(1.5)
