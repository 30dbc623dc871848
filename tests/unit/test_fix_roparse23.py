"""Two Romanian readings (audit roparse23).

1. "Cât costă transcrierea a 1000 de ore cu Whisper large-v3?" was "1.000 de ore pe 1 × NVIDIA
   Tesla V100 ... costă aproximativ 141,02 USD: 0,14 USD/oră la verda": the hours read as GPU
   hours rented, not hours of audio (the noun "transcrierea" takes "a" before the count, which
   the reading of "transcribe N hours" did not allow). With "pe spot față de la cerere" no
   number came, and "... a 500 de ore ... pe un L4?" gave the rate per audio hour. Now the
   same job as the English "how much to transcribe 1000 hours with whisper large-v3?": about
   1,44 USD on-demand, 0,76 USD spot; 500 hours on an L4 about 3,81 USD.
2. "..., prompt de 2k și 500 de tokeni ieșire: câte H100 ..." read the output as the 512
   default: "tokeni ieșire" with no "de" between was not an output. Now 500, as in English.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence

_RO_1000 = "Cât costă transcrierea a 1000 de ore cu Whisper large-v3?"
_EN_1000 = "how much to transcribe 1000 hours with whisper large-v3?"
_RO_SPOT = "Cât costă transcrierea a 1000 de ore cu Whisper large-v3 pe spot față de la cerere?"
_EN_SPOT = "how much to transcribe 1000 hours with whisper large-v3 on spot vs on-demand?"
_RO_L4 = "Cât costă transcrierea a 500 de ore cu Whisper large-v3 pe un L4?"
_EN_L4 = "how much to transcribe 500 hours with whisper large-v3 on an L4?"


@pytest.mark.parametrize(("question", "hours"), [
    (_RO_1000, 1000), (_RO_SPOT, 1000), (_RO_L4, 500),
    ("Cat costa transcrierea a 1000 de ore cu Whisper large-v3?", 1000),  # no diacritics
    ("Cât costă transcrierea a 1.000 de ore cu Whisper large-v3?", 1000),
    ("Cât costă transcrierea celor 2000 de ore cu Whisper large-v3?", 2000),
    ("Cât costă a transcrie 1000 de ore cu Whisper large-v3?", 1000),
    ("Cât costă să transcriu 1000 de ore cu Whisper large-v3?", 1000),
    (_EN_1000, 1000),
])
def test_transcribing_n_hours_is_hours_of_audio(question: str, hours: int) -> None:
    st = stated(question, catalog().registry)
    assert st.items == hours and st.audio_hours


@pytest.mark.parametrize(("ro", "en"), [(_RO_1000, _EN_1000), (_RO_SPOT, _EN_SPOT),
                                        (_RO_L4, _EN_L4)])
def test_the_romanian_job_costs_what_the_english_one_does(ro: str, en: str) -> None:
    r_ro, r_en = ask(ro), ask(en)
    q_ro, v_ro, u_ro = asked(r_ro)
    q_en, v_en, _ = asked(r_en)
    assert (q_ro, u_ro) == (q_en, "USD"), r_ro.answer
    assert q_ro in ("job_usd", "per_job_usd"), r_ro.answer
    assert v_ro == pytest.approx(v_en)
    first = first_sentence(r_ro)
    assert "de ore de audio" in first, first
    assert "pe oră de audio" not in first, first


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def test_the_job_figures() -> None:
    first = _plain(first_sentence(ask(_RO_1000)))
    assert first.startswith("1.000 de ore de audio"), first
    assert "1,44 USD" in first, first
    assert "141,02 USD" not in first, first
    spot = ask(_RO_SPOT)
    assert asked(spot)[1] == pytest.approx(0.76, abs=0.01)
    assert "1,44 USD" in _plain(spot.answer)
    assert asked(ask(_RO_L4))[1] == pytest.approx(3.81, abs=0.01)


_RO_GPUS = ("Llama 3.1 70B la 2 cereri pe secundă, prompt de 2k și 500 de tokeni ieșire: câte "
            "H100 îmi trebuie?")
_EN_GPUS = ("Llama 3.1 70B at 2 requests per second, 2k prompt and 500 output tokens: how many "
            "H100s do I need?")


@pytest.mark.parametrize(("question", "prompt", "output"), [
    (_RO_GPUS, 2048, 500),
    (_RO_GPUS.replace("500 de tokeni ieșire", "500 tokeni ieșire"), 2048, 500),
    (_RO_GPUS.replace("500 de tokeni ieșire", "500 tokeni iesire"), 2048, 500),
    (_RO_GPUS.replace("500 de tokeni ieșire", "500 de tokeni de ieșire"), 2048, 500),
    (_RO_GPUS.replace("500 de tokeni ieșire", "500 tokeni output"), 2048, 500),
    (_RO_GPUS.replace("prompt de 2k", "2000 de tokeni intrare"), 2000, 500),
    (_RO_GPUS.replace("prompt de 2k", "2000 tokeni intrare"), 2000, 500),
    (_EN_GPUS, 2048, 500),
    (_EN_GPUS.replace("500 output tokens", "500 tokens output"), 2048, 500),
])
def test_output_tokens_said_without_de(question: str, prompt: int, output: int) -> None:
    st = stated(question, catalog().registry)
    assert (st.prompt_tokens, st.output_tokens) == (prompt, output)


def test_the_gpu_count_reads_the_same_request_in_both_languages() -> None:
    ro, en = ask(_RO_GPUS), ask(_EN_GPUS)
    assert asked(ro) == asked(en)
    assert "500 de ieșire" in first_sentence(ro), first_sentence(ro)
    assert "512 de ieșire" not in first_sentence(ro)
    assert ro.numbers is not None and en.numbers is not None
    assert ro.numbers.sizing == en.numbers.sizing
