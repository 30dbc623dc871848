"""Small /v1/ask fixes (audit buyer20 #10, #11 and lesser ones): a stated checkpoint interval
priced on spot, a unit cost asked of a sized media job leading, the cost per 1k tokens
leading, a 1M tokens "input + output" split said, and a day's price beside a month's."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize(("q", "pct"), [
    ("LoRA fine-tune Llama 3.1 8B on 2B tokens on spot, checkpoint every 2 hours: "
     "expected cost?", "5.8%"),
    ("Fine-tuning LoRA Llama 3.1 8B pe 2B tokeni pe spot, checkpoint la fiecare 2 ore: "
     "cât costă?", "5,8%"),
])
def test_spot_finetune_counts_the_stated_checkpoint_interval(q: str, pct: str) -> None:
    # 5 interruptions per 100 h x (10 min restart + 120 / 2 min lost) / 60 = 5.83 %; the
    # 30-minute default's 2.1 % was said
    text = head(ask(q))
    assert pct in text
    assert "2.1%" not in text and "2,1%" not in text


@pytest.mark.parametrize(("q", "lead"), [
    ("Transcribe 300 hours of audio with Whisper on an L4: what is the cost per audio hour?",
     "About $0.0075 per hour of audio"),
    ("Transcriere 300 de ore de audio cu Whisper pe un L4: cât costă pe oră de audio?",
     "Aproximativ 0,0075\u00a0USD pe oră de audio"),
])
def test_cost_per_audio_hour_of_a_job_leads(q: str, lead: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(lead)  # was the job's $2.29 total
    assert ("2.29" in text) or ("2,29" in text)  # the job's total after it
    quantity, value, _ = asked(r)
    assert quantity == "per_audio_hour_usd"
    assert value == pytest.approx(0.38 / 50.9, rel=0.02)


def test_cost_per_image_of_a_job_leads() -> None:
    r = ask("100k SDXL images on an L40S, cost per image?")
    text = head(r)
    assert text.startswith("About $0.0011 per 1024×1024 image")  # was the $108.27 total
    assert "$108.27" in text
    assert asked(r)[0] == "per_image_usd"


@pytest.mark.parametrize(("q", "lead"), [
    ("Llama 3.1 8B on an H100: cost per 1k tokens?", "About $0.00014 per 1,000 output tokens"),
    ("Cât costă 1.000 de tokeni cu Llama 3.1 8B pe un L4?",
     # $2.58 per 1M at the recommendations' saturated load (10 % of the memory kept free,
     # buyer audit 27c #3): was 0,0013 ($1.35 per 1M with all the memory used)
     "Aproximativ 0,0026\u00a0USD pe 1.000 de tokeni de ieșire"),
])
def test_cost_per_1k_tokens_leads(q: str, lead: str) -> None:
    r = ask(q)
    assert head(r).startswith(lead)  # was the per-1M price first
    assert asked(r)[0] == "per_thousand_output_tokens_usd"


def test_1m_tokens_input_plus_output_says_the_split() -> None:
    text = head(ask("Llama 3.1 8B on an H100, 1M tokens input + output: how much?"))
    # 1M split as the priced requests are (3,584 in, 512 out): 125,000 output tokens
    assert "read as input and output together" in text
    assert "125,000 output tokens" in text
    assert "generating 1,000,000 output tokens" not in text


@pytest.mark.parametrize(("q", "day"), [
    ("How much is an H100 per hour, per day and per month?", "a day (24 h at $1.29/h)"),
    ("Cât costă un H100 pe oră, pe zi și pe lună?", "pe zi (24 h la 1,29\u00a0USD/oră)"),
])
def test_hour_day_and_month_all_said(q: str, day: str) -> None:
    text = head(ask(q))
    assert day in text  # the day was left out
    assert ("928.80" in text) or ("928,80" in text)


def test_month_alone_says_no_day() -> None:
    assert "a day (" not in head(ask("How much is an H100 per month?"))
