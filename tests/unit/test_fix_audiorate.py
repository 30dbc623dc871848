"""/v1/ask, buyer audit (audiorate): two speeds answered with the wrong quantity.

1. "How many seconds of audio per second does Whisper large-v3 transcribe on an L4?" (Bark's
   "seconds of speech per second" too, and "câte secunde de audio pe secundă") was answered
   with the billing-granularity list ("Billed per second: Amazon Web Services, ..."), "per
   second" read as billing: now the throughput in the unit asked, the same figure as "hours of
   audio per hour" (the batch a transcription or generation job runs at on that GPU); "how
   many x real time" / "times faster than real time" get the real-time factor's answer.
2. A prompt-processing (prefill) speed asked ("prompt processing tokens/s", "prefill speed",
   llama-bench's "pp512", "input tokens per second", "viteza de prefill", "procesarea
   promptului") was answered with the decode speed (136 tokens/s for Llama 3.1 8B on an H100):
   now the sizing's prefill tokens/s of one request at the prompt stated (pp512: 512 tokens) or
   the default 3,584 leads, its time within the time to the first token, the decode after it.
"""

from __future__ import annotations

import pytest

from service.domain.answer.understand import prompt_tokens
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence


def _perf(**kw: object) -> object:
    r = size(SizingRequest(**kw), catalog())  # type: ignore[arg-type]
    assert r.performance is not None
    return r.performance


# -- 1. seconds of audio per second ------------------------------------------------------------


@pytest.mark.parametrize("question,per_hour", [
    ("how many seconds of audio per second does whisper large v3 transcribe on an L4?",
     "how many hours of audio per hour can whisper large v3 transcribe on an L4?"),
    ("câte secunde de audio pe secundă transcrie whisper large v3 pe un L4?",
     "how many hours of audio per hour can whisper large v3 transcribe on an L4?"),
    ("how many seconds of speech per second can bark generate on an A10G?",
     "how many hours of audio per hour can bark generate on an A10G?"),
    ("bark TTS on an L4: seconds of audio generated per second?",
     "how many hours of audio per hour can bark generate on an L4?"),
    ("câte secunde de audio pe secundă generează bark pe un L4?",
     "how many hours of audio per hour can bark generate on an L4?"),
])
def test_audio_seconds_per_second_is_the_rate_not_billing(question: str, per_hour: str) -> None:
    r = ask(question)
    assert r.intent == "media", r.answer  # was billing
    assert not r.answer.startswith(("Billed", "Facturare")), r.answer
    q, v, unit = asked(r)
    assert (q, unit) == ("audio_seconds_per_s", "s/s"), r.answer
    # the same throughput "hours of audio per hour" gives (50.9 for Whisper on an L4)
    hq, hv, _ = asked(ask(per_hour))
    assert hq == "audio_hours_per_hour"
    assert v == pytest.approx(hv, rel=1e-9)
    said = first_sentence(r)
    assert ("seconds of audio per second" in said
            or "secunde de audio pe secundă" in said), said


def test_whisper_on_an_l4_in_seconds_of_audio_a_second() -> None:
    r = ask("how many seconds of audio per second does whisper large v3 transcribe on an L4?")
    _, v, _ = asked(r)
    assert 30 < v < 80, v  # about 51 at the job's batch of 24 (one stream: about 9.5)
    assert first_sentence(r).startswith(
        "OpenAI Whisper large-v3 at bf16 transcribes about"), r.answer
    ro = ask("câte secunde de audio pe secundă transcrie whisper large v3 pe un L4?")
    assert "transcrie aproximativ" in first_sentence(ro), ro.answer
    bark = ask("câte secunde de audio pe secundă generează bark pe un L4?")
    assert "generează aproximativ" in first_sentence(bark), bark.answer


@pytest.mark.parametrize("question", [
    "how many x real time is whisper large v3 on an L4?",
    "how many times faster than real time does whisper large v3 run on an L4?",
    "whisper large v3 on an L4: how many times real time per second?",
    "de câte ori mai repede decât timpul real transcrie whisper large v3 pe un L4?",
])
def test_times_real_time_is_the_real_time_factor(question: str) -> None:
    r = ask(question)
    assert r.intent == "media", r.answer
    q, v, _ = asked(r)
    assert q == "real_time_factor", r.answer  # was billing, a fit's yes, or the memory
    assert 0 < v < 1, v


@pytest.mark.parametrize("question", [
    "does AWS bill per second?",
    "is whisper large v3 on AWS billed per second?",
    "AWS facturează pe secundă sau pe oră?",
])
def test_billing_per_second_stays_billing(question: str) -> None:
    assert ask(question).intent == "billing"


# -- 2. prefill / prompt processing ------------------------------------------------------------


@pytest.mark.parametrize("question,gpu,weights,inp", [
    ("prompt processing tokens/s for llama 3.1 8b on an H100", "h100-sxm", "bf16", 3584),
    ("how many input tokens per second does llama 3.1 8b process on an H100?", "h100-sxm",
     "bf16", 3584),
    ("how fast does llama 3.1 8b read the prompt on an H100?", "h100-sxm", "bf16", 3584),
    ("viteza de prefill pentru llama 3.1 8b pe un H100", "h100-sxm", "bf16", 3584),
    ("care este viteza de procesare a promptului pentru llama 3.1 8b pe un H100?", "h100-sxm",
     "bf16", 3584),
    ("llama 3.1 8b Q4_K_M prompt processing speed on an L40S", "l40s", "q4_k_m", 3584),
    ("prefill speed of llama 3.1 8b q4_k_m on L40S", "l40s", "q4_k_m", 3584),
    ("llama 3.1 8b q4_k_m pp512 on an L40S", "l40s", "q4_k_m", 512),
    ("procesarea promptului pentru llama 3.1 8b q4_k_m pe un L40S: câți tokeni pe secundă?",
     "l40s", "q4_k_m", 3584),
])
def test_prefill_speed_leads(question: str, gpu: str, weights: str, inp: int) -> None:
    r = ask(question)
    assert r.intent == "speed", r.answer
    q, v, unit = asked(r)
    assert (q, unit) == ("prefill_tokens_per_s", "tokens/s"), r.answer  # was the decode's
    p = _perf(model="llama-3.1-8b", gpu=gpu, weights=weights, input_tokens=inp,
              output_tokens=512)
    assert v == pytest.approx(p.prefill_tokens_per_s, rel=1e-9)  # type: ignore[attr-defined]
    decode = p.decode_tokens_per_s  # type: ignore[attr-defined]
    assert v > 20 * decode
    said = first_sentence(r)
    n = f"{inp:,}" if r.lang == "en" else f"{inp:,}".replace(",", ".")
    assert n in said, said  # the prompt's length, stated or the default
    # the decode speed after it, in the same sentence
    assert ("then generates about" in said or "apoi generează aproximativ" in said), said


def test_h100_prefill_figures() -> None:
    # Llama 3.1 8B on an H100: about 44,000 prompt tokens/s (81 ms for 3,584 tokens, within
    # the 125 ms to the first token), then 136 tokens/s; it led with the 136
    r = ask("prompt processing tokens/s for llama 3.1 8b on an H100")
    assert first_sentence(r).startswith(
        "Meta Llama 3.1 8B at bf16 on 1 × NVIDIA H100 SXM5 80GB processes a 3,584-token "
        "prompt at about 44,"), r.answer
    assert "then generates about 136 tokens/s" in first_sentence(r), r.answer


def test_pp512_is_a_prompt_of_512_tokens() -> None:
    assert prompt_tokens("llama 3.1 8b q4_k_m pp512 on an L40S") == 512
    assert prompt_tokens("pp2048 speed of llama 3 8b on a 4090") == 2048
    assert prompt_tokens("the ppl of llama 3 8b") is None
    assert prompt_tokens("llama 3.1 405b with tp8 pp16 on h100s") is None  # pipeline stages


def test_prefill_with_no_gpu_says_the_setup_picked() -> None:
    r = ask("prefill speed of llama 3.1 8b")
    assert asked(r)[0] == "prefill_tokens_per_s", r.answer
    assert first_sentence(r).startswith("On the smallest setup that holds it"), r.answer
    ro = ask("viteza de prefill pentru llama 3.1 8b")
    assert asked(ro)[0] == "prefill_tokens_per_s", ro.answer
    assert first_sentence(ro).startswith("Pe cea mai mică configurație"), ro.answer


def test_prefill_only_request_asks_the_prefill_rate() -> None:
    r = ask("prefill speed for llama 3.1 8b on an H100, 0 output tokens, 4000 input tokens")
    q, v, _ = asked(r)
    assert q == "prefill_tokens_per_s", r.answer
    p = _perf(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=4000, output_tokens=0)
    assert v == pytest.approx(p.prefill_tokens_per_s, rel=1e-9)  # type: ignore[attr-defined]


@pytest.mark.parametrize("question,quantity", [
    ("how fast is llama 3.1 8b on an H100?", "decode_tokens_per_s"),
    ("what is the ttft of llama 3.1 8b on an H100?", "time_to_first_token_ms"),
    ("tokens/s for llama 3.1 8b on an H100", "decode_tokens_per_s"),
])
def test_decode_and_ttft_questions_unchanged(question: str, quantity: str) -> None:
    assert asked(ask(question))[0] == quantity
