"""Audit fitspeed22: "does it fit, and how fast?" dropped the yes or no and gave the speed
alone (numbers.asked.yes null): "Does Llama 3.1 70B fp8 fit on 1x H100 and how many
tokens/s?" answered "... generates about 29.7 tokens/s" although it is a tight fit (71.4 of
the 71.7 GiB usable, as "does 70B fp8 fit on one H100?" says: "Yes, barely"). Likewise
Qwen3-235B-A22B on 8 x H100, Llama 3.1 405B on 8 x MI300X, gpt-oss-120b on one H100; where
the model's own precision does not fit and the speed falls back to a smaller one ("No at
bf16 ... Yes at fp8") the numbers' yes stayed null. "Bark on an L4, is it real time?" gave
"0.4 seconds of audio per second" alone, and "can Bark run in real time on an L4?" said a
fit's "Yes" for it.

Now the fit answer's verdict leads ("Yes" / "Yes, barely", with the GiB per GPU of the
usable), the speed after it, and the numbers keep yes; a real time asked is Yes or No by one
stream's seconds of audio per second against one. A verdict the speed answer says itself
(users stated that wait) stays as it was."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, first_sentence, head


def _yes(q: str) -> bool | None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None, r.answer
    return r.numbers.asked.yes


def test_tight_fit_and_speed_en() -> None:
    q = "Does Llama 3.1 70B fp8 fit on 1x H100 and how many tokens/s?"
    r = ask(q)
    lead = first_sentence(r)
    assert lead.startswith("Yes, barely: Meta Llama 3.1 70B at fp8 fits on "
                           "1 × NVIDIA H100 SXM5 80GB"), lead
    assert "71.4 GiB per GPU of the 71.7 GiB usable" in lead, lead
    assert "only 0.3 GiB per GPU stay free" in lead, lead
    # the speed right after the verdict, still the number asked
    assert "generates about 29.7 tokens/s for one request" in head(r), head(r)
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.quantity == "decode_tokens_per_s" and a.yes is True, a


def test_tight_fit_and_speed_ro() -> None:
    r = ask("Încape Llama 3.1 70B fp8 pe 1x H100 și câți tokeni/s dă?")
    lead = first_sentence(r)
    assert lead.startswith("Da, la limită: Meta Llama 3.1 70B la fp8 încape pe "
                           "1 × NVIDIA H100 SXM5 80GB"), lead
    assert "rămân libere doar 0,3 GiB pe GPU" in lead, lead
    assert "generează aproximativ 29,7 tokeni/s pentru o cerere" in head(r), head(r)
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.yes is True, a


@pytest.mark.parametrize(("q", "start"), [
    ("Does Qwen3-235B-A22B fit on 8x H100 and how fast is it?",
     "Yes, Qwen3 235B-A22B at bf16 fits on 8 × NVIDIA H100 SXM5 80GB: it needs about 56.3 GiB "
     "per GPU of the 71.7 GiB usable"),
    ("Încape Qwen3-235B-A22B pe 8x H100 și cât de rapid este?",
     "Da, Qwen3 235B-A22B la bf16 încape pe 8 × NVIDIA H100 SXM5 80GB: are nevoie de "
     "aproximativ 56,3 GiB pe GPU din cei 71,7 GiB utilizabili"),
    ("Does Llama 3.1 405B fit on 8x MI300X and how fast is it?",
     "Yes, Meta Llama 3.1 405B at bf16 fits on 8 × AMD Instinct MI300X 192GB"),
    ("Does gpt-oss-120b fit on one H100 and how fast is it?",
     "Yes, OpenAI gpt-oss-120b at mxfp4 fits on 1 × NVIDIA H100 SXM5 80GB: it needs about "
     "62.2 GiB per GPU of the 71.7 GiB usable"),
])
def test_roomy_fit_and_speed_leads_with_yes(q: str, start: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(start), first_sentence(r)
    assert "barely" not in head(r) and "la limită" not in head(r), head(r)
    assert ("tokens/s for one request" in head(r) or "tokeni/s pentru o cerere" in head(r))
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.quantity == "decode_tokens_per_s" and a.yes is True, a


@pytest.mark.parametrize("q", [
    "Does Qwen3-235B-A22B fit on 4x H100 and how fast is it?",
    "Încape Qwen3-235B-A22B pe 4x H100 și cât de rapid este?",
    "Does Mixtral 8x22B fit on 4x A100 and how fast is it?",
    "Mixtral 8x22B pe 2x A100 80GB: încape și câți tokeni/s dă?",
])
def test_own_precision_no_keeps_its_lead_and_sets_no(q: str) -> None:
    # the model's own bf16 does not fit: "No at bf16 ... Yes at fp8" leads as before, and
    # the numbers say no, as "does it fit?" alone does for the same setup
    r = ask(q)
    assert head(r).startswith(("No at bf16:", "Nu la bf16:")), head(r)
    assert _yes(q) is False


def test_users_that_wait_keep_their_own_verdict() -> None:
    r = ask("deepseek-r1-distill-llama-70b on 2 A100 80GB: does it fit and how fast for 10 "
            "users?")
    assert head(r).startswith("No: 2 × NVIDIA A100 SXM4 80GB holds only 6 of the 10"), head(r)
    assert "Yes," not in first_sentence(r)


def test_speed_without_fit_asked_has_no_verdict() -> None:
    r = ask("How fast is Llama 3.1 8B on an H100?")
    assert not head(r).startswith(("Yes", "No")), head(r)
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.yes is None, a


@pytest.mark.parametrize("q", ["Bark on an L4, is it real time?",
                               "Can Bark run in real time on an L4?"])
def test_bark_is_not_real_time_on_an_l4(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert lead.startswith("No: Suno Bark at bf16 on 1 × NVIDIA L4 24GB is slower than real "
                           "time: one stream gets about 0.4 seconds of audio per second"), lead
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.quantity == "audio_seconds_per_s" and a.yes is False, a


def test_bark_real_time_ro() -> None:
    r = ask("Bark pe un L4, este în timp real?")
    assert first_sentence(r).startswith("Nu: Suno Bark la bf16 pe 1 × NVIDIA L4 24GB e mai "
                                        "lent decât timpul real"), first_sentence(r)
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.yes is False, a


def test_whisper_keeps_up_with_real_time() -> None:
    r = ask("Can whisper large-v3 transcribe in real time on a T4?")
    assert first_sentence(r).startswith("Yes: OpenAI Whisper large-v3 at fp16 on "
                                        "1 × NVIDIA T4 16GB keeps up with real time"), head(r)
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.yes is True and a.value > 1, a


def test_audio_speed_without_real_time_asked_has_no_verdict() -> None:
    r = ask("How fast is Bark on an L4?")
    assert not head(r).startswith(("Yes", "No")), head(r)
