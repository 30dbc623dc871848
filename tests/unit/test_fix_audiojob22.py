"""A transcription job stated as "N hours of transcription" ("1000 de ore de transcriere") is
that many hours of audio: its total leads, the rate per audio hour after it (audit audiojob22).

1. "How much does 1000 hours of transcription with Whisper large-v3 cost on an L4?" was "About
   $0.0075 per hour of audio ... : 50.9 hours of audio per hour at $0.38/h": the unit rate, no
   job. Now "1,000 hours of audio with OpenAI Whisper large-v3 at bf16 on 1 x NVIDIA L4 24GB
   cost about $7.62: about 19.6 hours of GPU time at 50.9 hours of audio per hour", the total
   "transcribe 1000 hours of audio ... how long and total cost?" gives. The same for "500 hours
   ... on a T4" and the Romanian "Cât costă 1000 de ore de transcriere ... pe un L4?".
2. A rate stays a rate: "how many hours of audio per hour", "an hour of transcription".

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence

_L4 = "How much does 1000 hours of transcription with Whisper large-v3 cost on an L4?"
_L4_RO = "Cât costă 1000 de ore de transcriere cu Whisper large-v3 pe un L4?"
_T4 = "How much does 500 hours of transcription with Whisper large-v3 cost on a T4?"
_L4_AUDIO = "What does transcribing 1000 hours of audio with Whisper large-v3 cost on an L4?"


@pytest.mark.parametrize(("question", "hours"), [
    (_L4, 1000), (_L4_RO, 1000), (_T4, 500),
    ("Cât costă 500 de ore de transcriere pe un T4?", 500),
    ("What do 2,000 hours of transcription cost?", 2000),
])
def test_hours_of_transcription_are_the_jobs_audio_hours(question: str, hours: int) -> None:
    st = stated(question, catalog().registry)
    assert st.items == hours and st.audio_hours


@pytest.mark.parametrize("question", [_L4, _L4_RO, _T4])
def test_the_jobs_total_leads(question: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert value > 0
    assert (quantity, unit) == ("job_usd", "USD"), r.answer
    first = first_sentence(r)
    assert "per hour of audio" not in first and "pe oră de audio" not in first, first
    assert first.startswith(("1,000 hours of audio", "1.000 de ore de audio",
                             "500 hours of audio")), first
    # the rate per audio hour comes after the total, in the same sentence
    assert first.index("cost") < first.index("of audio per hour" if "hours" in first
                                             else "de audio pe oră"), first


def test_the_total_is_the_one_the_service_gives_for_hours_of_audio() -> None:
    en, ro, audio = ask(_L4), ask(_L4_RO), ask(_L4_AUDIO)
    assert asked(en)[1] == pytest.approx(asked(audio)[1])
    assert asked(ro)[1] == pytest.approx(asked(en)[1])
    assert asked(en)[1] == pytest.approx(7.62, abs=0.01)
    assert "19.6 hours" in first_sentence(en)
    assert "19,6 ore" in first_sentence(ro)


@pytest.mark.parametrize("question", [
    "How many hours of audio per hour can an L4 transcribe with Whisper large-v3?",
    "What does an hour of transcription cost on an L4 with Whisper large-v3?",
    "How many hours of transcription per hour can an L4 do with Whisper large-v3?",
])
def test_a_rate_is_no_job(question: str) -> None:
    assert not stated(question, catalog().registry).items
    r = ask(question)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity != "job_usd", r.answer
