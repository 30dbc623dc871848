"""Two quantities asked: the first asked leads and is numbers.asked, the same in English and
Romanian (audit r22 pretrainro).

- "pre-antrenare" (hyphenated) was no pre-training read, and "cât durează și cât costă" made
  the cost numbers.asked ($966.66) where "how long and how much" made it the time (68.6 h);
  the English said no "on-demand prices" sentence where the Romanian did.
- "how many hours of audio per hour ..., and cost per audio hour?" led with the cost.
- "tokens/s per user and TTFT?" had the TTFT as numbers.asked.
- "fp8 vs int4 ..., tokens/s difference?" had precision_bits 4 as numbers.asked.
"""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_PRE_EN = "pretrain a 1B model on 100B tokens: how long and how much on 8x H100?"
_PRE_RO = ("pre-antrenare a unui model de 1B pe 100B de tokeni: cât durează și cât costă pe "
           "8x H100?")


def test_pretrain_time_and_cost_reads_the_time_first_in_both_languages() -> None:
    en, ro = ask(_PRE_EN), ask(_PRE_RO)
    q_en, v_en, u_en = asked(en)
    q_ro, v_ro, u_ro = asked(ro)
    assert (q_en, u_en) == ("training_hours", "h")
    assert (q_ro, u_ro) == (q_en, u_en)  # was per_training_run_usd 966.66 in Romanian
    assert v_ro == pytest.approx(v_en)
    assert v_en == pytest.approx(68.6, abs=0.05)
    assert ro.extracted.workload == en.extracted.workload == "pretrain"
    assert first_sentence(en).startswith("For 100,000,000,000 training tokens: about 68.6 hours")
    assert first_sentence(ro).startswith(
        "Pentru 100.000.000.000 de tokeni de antrenare: aproximativ 68,6 ore")
    # the basis of the cost asked beside the time, in both (the English lacked it)
    assert "That is on on-demand prices." in head(en)
    assert "Prețul este cel la cerere." in head(ro)


def test_cost_asked_before_time_still_leads_with_the_cost() -> None:
    r = ask("pre-antrenare a unui model de 1B pe 100B de tokeni: cât costă și cât durează pe "
            "8x H100?")
    assert asked(r)[0] == "per_training_run_usd"


@pytest.mark.parametrize(("question", "ratio"), [
    ("Whisper large-v3: how many hours of audio per hour on an L4, and cost per audio hour?",
     "50.9"),
    ("Whisper large-v3: how many hours of audio per hour on an A10G, and cost per audio hour?",
     "59.0"),
    ("Whisper large-v3: câte ore de audio pe oră pe un L4 și cât costă pe oră de audio?",
     "50,9"),
])
def test_audio_rate_asked_first_leads_before_its_cost(question: str, ratio: str) -> None:
    r = ask(question)
    quantity, _, unit = asked(r)
    assert (quantity, unit) == ("audio_hours_per_hour", "h/h")
    first = first_sentence(r)
    assert f"{ratio} hours of audio per hour" in first or f"{ratio} ore de audio pe oră" in first
    assert "$" not in first and "USD" not in first
    # the cost per hour of audio is still said, after the rate
    assert "per hour of audio" in head(r) or "pe oră de audio" in head(r)


def test_audio_cost_asked_first_keeps_the_cost_lead() -> None:
    r = ask("Whisper large-v3 on an L4: cost per audio hour and how many hours of audio per hour?")
    assert asked(r)[0] == "per_audio_hour_usd"


@pytest.mark.parametrize("question", [
    "Llama 3.1 8B for 500 users: tokens/s per user and TTFT?",
    "Llama 3.1 8B pentru 500 de utilizatori: tokeni/s per utilizator și TTFT?",
])
def test_tokens_per_s_asked_before_ttft_is_the_number_asked(question: str) -> None:
    quantity, value, unit = asked(ask(question))
    assert (quantity, unit) == ("decode_tokens_per_s", "tokens/s")  # was the TTFT, in ms
    assert value == pytest.approx(17.6, abs=0.05)


def test_ttft_asked_first_stays_the_number_asked() -> None:
    assert asked(ask("Llama 3.1 8B for 500 users: TTFT and tokens/s per user?"))[0] == (
        "time_to_first_token_ms")


@pytest.mark.parametrize(("question", "lead"), [
    ("fp8 vs int4 for llama 3.1 70b on H100, tokens/s difference?",
     "Meta Llama 3.1 70B at fp8 is about 51% slower than at int4 (29.7 against 60.9 tokens/s"),
    ("fp8 vs int4 pentru llama 3.1 70b pe H100, diferența de tokeni/s?",
     "Meta Llama 3.1 70B la fp8 este cu aproximativ 51% mai lent decât la int4 (29,7 față de "
     "60,9 tokeni/s"),
])
def test_precision_speed_difference_asks_the_speeds(question: str, lead: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("decode_tokens_per_s", "tokens/s")  # was precision_bits 4
    assert value == pytest.approx(29.7, abs=0.05)
    assert lead in first_sentence(r)
