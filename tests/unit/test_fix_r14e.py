"""Budget counts and per-minute GPU prices (audit regress13 items 9 and 11).

9. "how many A100s can I buy with $50,000" was answered as a month's rental with no word that
   buying is not priced; "8x H100 nodes ... $50,000 a month" gave no count (4 nodes, $9,680
   left); "H100s ... $100 for 10 hours" gave one H100's 10 hours (7 H100s: 100 / 12.90);
   "hours of H100 spot ... $100" gave the spot price alone (100 h at $1.00/h).
11. "How much is an H100 per minute?", "Cât costă un H100 pe minut?" and "What does Whisper
   large-v3 cost per minute on an L4?" got the billing-granularity list: a per-minute price
   is the hourly price / 60; the per-audio-minute answer's spot line is per minute too.
"""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _text(r: object) -> str:
    return head(r).replace("\xa0", " ")  # type: ignore[arg-type]


def test_buy_is_said_as_rental() -> None:
    r = ask("How many A100s can I buy with $50,000?")
    q, n, unit = asked(r)
    assert (q, n, unit) == ("gpus_affordable", 96, "GPUs"), r.answer
    t = _text(r)
    assert t.startswith("This service prices renting GPUs, not buying them"), r.answer


def test_nodes_a_month() -> None:
    r = ask("How many 8x H100 nodes can I afford with $50,000 a month?")
    q, n, unit = asked(r)
    assert (q, n, unit) == ("nodes_affordable", 4, "machines"), r.answer
    t = _text(r)
    assert "4 × 8 × NVIDIA H100" in t or "4 machines" in t, r.answer
    assert "$9,680" in t, r.answer


def test_gpus_for_hours() -> None:
    r = ask("How many H100s can I rent for $100 for 10 hours?")
    q, n, unit = asked(r)
    assert (q, n, unit) == ("gpus_affordable", 7, "GPUs"), r.answer
    t = _text(r)
    assert "$12.90" in t and "$9.70" in t, r.answer


def test_spot_hours_for_budget() -> None:
    r = ask("How many hours of H100 spot do I get for $100?")
    q, h, unit = asked(r)
    assert (q, unit) == ("budget_hours", "h"), r.answer
    assert h == pytest.approx(100.0), r.answer
    assert "$1.00/h" in _text(r), r.answer


@pytest.mark.parametrize("question,money", [
    ("How much is an H100 per minute?", "$0.0215"),
    ("Cât costă un H100 pe minut?", "0,0215 USD"),
])
def test_gpu_per_minute(question: str, money: str) -> None:
    r = ask(question)
    q, v, unit = asked(r)
    assert (q, unit) == ("per_gpu_minute_usd", "USD/min"), r.answer
    assert v == pytest.approx(1.29 / 60), r.answer
    assert money in _text(r), r.answer
    assert "Billed per second" not in r.answer and "Facturare pe secundă" not in r.answer


def test_billing_per_minute_stays_billing() -> None:
    r = ask("Which providers bill H100 per minute?")
    assert "per minute:" in r.answer or "Billed per" in r.answer, r.answer


def test_whisper_per_minute_on_l4() -> None:
    r = ask("What does Whisper large-v3 cost per minute on an L4?")
    q, v, unit = asked(r)
    assert (q, unit) == ("per_audio_minute_usd", "USD"), r.answer
    assert v == pytest.approx(0.0075 / 60, rel=0.05), r.answer  # $0.0075 per audio hour, L4
    assert "Billed per second" not in r.answer
    assert "per minute of audio" in _text(r), r.answer


def test_audio_minute_spot_line_per_minute() -> None:
    r = ask("How much per minute of audio to transcribe with Whisper large-v3?")
    t = _text(r)
    spot = t[t.index("Spot"):]
    assert "per minute of audio" in spot.split(".")[0] + spot, r.answer
    assert "per hour of audio" not in spot.split(". ")[0], r.answer


def test_buy_romanian_said_as_rental() -> None:
    r = ask("Câte A100 pot cumpăra cu 50.000 USD?")
    assert _text(r).startswith("Acest serviciu prețuiește închirierea"), r.answer
