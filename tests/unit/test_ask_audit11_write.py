"""Answers, audit 11 (the writing): a request rate on a GPU named is counted on that GPU; a
speech model's throughput is on the batch its cost is; a GPU comparison under a load is at
that load; a training run compared on GPUs answers for each; "would fit in memory" is never
said of what does not fit."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, setups_for, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _size(**kw: Any) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _num(text: str) -> str:
    """An English number as the Romanian answer writes it (1,454.5 -> 1.454,5)."""
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


# -- 1. a request rate on the GPU named -------------------------------------------------------


@pytest.mark.parametrize(("q", "gpu", "name"), [
    ("How many A100 GPUs do I need for 50 requests per second with Llama 3.1 8B?",
     "a100-sxm-40gb", "NVIDIA A100 SXM4 40GB"),
    ("Câte GPU-uri A100 îmi trebuie pentru 50 de cereri pe secundă cu Llama 3.1 8B?",
     "a100-sxm-40gb", "NVIDIA A100 SXM4 40GB"),
    ("How many A100 80GB GPUs do I need for 50 requests per second with Llama 3.1 8B?",
     "a100-sxm-80gb", "NVIDIA A100 SXM4 80GB"),
])
def test_a_rate_on_a_gpu_named_is_counted_on_that_gpu(q: str, gpu: str, name: str) -> None:
    r = ask(q)
    # counted at the precision the recommendations lead with on that GPU where none is stated
    # (fix/ratemonth: it pinned bf16, the model's own, which now follows as the unquantised
    # option); the count is checked at the precision led with
    led = re.search(r" (?:at|la) ([\w-]++) (?:needs|are nevoie)", first_sentence(r))
    assert led is not None, r.answer
    weights = led.group(1)
    # the fewest GPUs in all over setups of 1, 2, 4 and 8 of it, each under 80 % of what it
    # serves (the speed answer's count too; audit regress6 #12: this pinned 1-GPU replicas)
    n, one = 0, None
    for k in (1, 2, 4, 8):
        sized = _size(model="llama-3.1-8b", gpu=gpu, gpu_count=k, request_rate_per_s=50,
                      input_tokens=3584, output_tokens=512, weights=weights)
        assert sized.performance is not None and sized.performance.max_requests_per_s
        total = setups_for(50, sized.performance.max_requests_per_s) * k
        if one is None or total < n:
            n, one = total, sized
    assert one is not None and one.performance is not None
    assert one.performance.max_requests_per_s
    # the count asked and led with is the GPUs rented (whole machines of the offer priced),
    # with the ``n`` that carry the rate in brackets where those make more: it pinned ``n``,
    # 36, led and asked while 40 were priced (audit countlead22)
    priced = re.search(r"\((\d+) (?:de )?(?:GPUs in all|GPU-uri în total),", head(r))
    assert priced is not None, r.answer
    rented = int(priced.group(1))
    assert asked(r)[:2] == ("gpu_count", rented) and rented >= n
    s = first_sentence(r)
    assert f"{rented} × {name}" in s and weights in s, s
    # (where the recommendations' setup leads, fix/ratemonth, its count keeps 10 % of the
    # memory free, and the count at a replica's 100 %-busy capacity, ``n``, is said after it)
    said_n = (f"({n} " in s or f"it would be {n} ×" in r.answer or f"ar fi {n} ×" in r.answer)
    assert rented == n or said_n, s
    assert "RTX" not in s, s  # (int8 may lead now: the recommendations' precision there)
    # what one setup of the width chosen serves, said
    most = f"{one.performance.max_requests_per_s:.2f}"
    assert most in r.answer or most.replace(".", ",") in r.answer, r.answer


def test_a_rate_on_a_gpu_that_does_not_run_the_models_own_precision() -> None:
    """A T4 runs no bf16: the count is of T4s at the nearest precision that runs there."""
    r = ask("How many T4 GPUs for 5 requests per second with Llama 3.1 8B?")
    s = first_sentence(r)
    # (fix/ratemonth: the lead is the recommendations' precision on the T4, awq-int4; the
    # unquantised option after it is fp16, the 16 bits the T4 runs, never bf16)
    assert "× NVIDIA T4 16GB" in s and "bf16" not in s and "RTX" not in s, s
    assert "Unquantised, at the model's own fp16: " in r.answer and "bf16:" not in r.answer


# -- 2. a speech model's throughput on the batch its cost is ----------------------------------


@pytest.mark.parametrize(("q", "cost_q"), [
    ("How many hours of audio per hour can Whisper large v3 transcribe on a T4?",
     "How much does Whisper large-v3 cost per audio hour on a T4?"),
    ("Câte ore de audio pe oră transcrie Whisper large v3 pe un T4?",
     "Cât costă pe oră de audio Whisper large-v3 pe un T4?"),
])
def test_audio_throughput_is_on_the_batch_the_cost_is(q: str, cost_q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert quantity == "audio_hours_per_hour" and unit == "h/h"
    cost = ask(cost_q)
    ratio = re.search(r"(\d+[.,]\d) (?:de )?(?:hours of audio per hour|ore de audio pe oră)",
                      head(cost))
    assert ratio is not None, head(cost)
    assert f"{value:.1f}" == ratio.group(1).replace(",", "."), (head(r), head(cost))
    assert value > 30  # batch 1 is about 9.6
    assert re.search(r"batch of 24|lot \(batch\) de 24", head(r)), head(r)


def test_audio_throughput_on_an_a100_is_above_a_t4s() -> None:
    t4 = asked(ask("How many hours of audio per hour can Whisper large v3 transcribe on a T4?"))
    a100 = ask("How many hours of audio per hour can Whisper large v3 transcribe on an A100?")
    want = _size(model="whisper-large-v3", gpu="a100-sxm-40gb", batch_size=24)
    assert want.performance is not None and want.performance.audio_seconds_per_s
    assert asked(a100)[1] == pytest.approx(want.performance.audio_seconds_per_s, rel=0.01)
    assert asked(a100)[1] > t4[1]
    assert "batch of 24" in head(a100)


def test_audio_throughput_at_batch_1_says_so() -> None:
    r = ask("Does Whisper large v3 fit on a T4?")
    assert "batch of 1" in head(r), head(r)


@pytest.mark.parametrize("q", ["Compare T4 and A100 for Whisper large v3",
                               "Compară T4 cu A100 pentru Whisper large v3"])
def test_audio_compared_on_the_batch_the_cost_is(q: str) -> None:
    s = first_sentence(ask(q))
    t4 = _size(model="whisper-large-v3", gpu="t4", batch_size=24)
    assert t4.performance is not None and t4.performance.audio_seconds_per_s
    got = f"{t4.performance.audio_seconds_per_s:.1f}"
    assert got in s or got.replace(".", ",") in s, s
    assert re.search(r"batch of 24|lot \(batch\) de 24", s), s


# -- 3. a GPU comparison under a load ---------------------------------------------------------


@pytest.mark.parametrize("q", [
    "Compare the RTX 4090 and the A100 80GB for Llama 3.1 8B with 16 users",
    "Compară RTX 4090 cu A100 80GB pentru Llama 3.1 8B cu 16 utilizatori",
])
def test_a_comparison_with_users_is_at_that_load(q: str) -> None:
    r = ask(q)
    s = first_sentence(r)
    ro = "Compară" in q
    assert "16" in s
    # the A100 holds the 16 requests of 4,096 tokens: its speed per user and first token at
    # that load
    x = _size(model="llama-3.1-8b", gpu="a100-sxm-80gb", batch_size=16, input_tokens=3584,
              output_tokens=512)
    a100 = x.performance
    assert x.fits and a100 is not None
    assert a100.output_tokens_per_s_per_user and a100.time_to_first_token_ms
    tps = f"{a100.output_tokens_per_s_per_user:.1f}"
    ttft = f"{a100.time_to_first_token_ms:,.0f}"
    assert (_num(tps) if ro else tps) in s, s
    assert (_num(ttft) if ro else ttft) in s, s
    # the 4090 holds fewer than 16 at 4,096 tokens (it held them at the 2,560 of before):
    # how many its memory holds, never a speed for a load it cannot carry
    x = _size(model="llama-3.1-8b", gpu="rtx-4090", batch_size=16, input_tokens=3584,
              output_tokens=512)
    assert not x.fits and x.performance is not None and x.max_batch_size
    # those held at full length, max_batch_size as the sizing's queue warning says it (was
    # max_concurrency, the admission at actual context: fix/batchwarn)
    held = x.max_batch_size
    assert 0 < held < 16
    nofit = (f"RTX 4090 24GB nu ține 16 cereri simultan (memoria lui ține aproximativ {held})"
             if ro else
             f"RTX 4090 24GB does not hold 16 requests at once (its memory holds about {held})")
    assert nofit in s, s
    slow = x.performance.output_tokens_per_s_per_user
    assert slow is not None and f"{slow:.1f}" not in s and _num(f"{slow:.1f}") not in s, s
    assert asked(r)[:2] == ("output_tokens_per_s_per_user", a100.output_tokens_per_s_per_user)
    assert "50.8" not in s and "50,8" not in s  # one request's speed on the 4090 (4,096 tokens)


def test_a_comparison_without_users_stays_at_one_request() -> None:
    r = ask("Compare the RTX 4090 and the A100 80GB for Llama 3.1 8B")
    assert asked(r)[0] == "decode_tokens_per_s"
    assert "50.8 tokens/s" in first_sentence(r)  # 3,584 in + 512 out (51.4 at 2,048 in)


# -- 4. a training run compared on GPUs -------------------------------------------------------


@pytest.mark.parametrize("q", [
    "Compare A100 40GB and L40S for LoRA fine-tuning of Llama 3.1 8B",
    "Compară A100 40GB cu L40S pentru fine-tuning LoRA pe Llama 3.1 8B",
])
def test_a_fine_tuning_comparison_answers_for_each_gpu(q: str) -> None:
    r = ask(q)
    s = first_sentence(r)
    ro = "Compară" in q
    for gpu, name in (("a100-sxm-40gb", "NVIDIA A100 SXM4 40GB"), ("l40s", "NVIDIA L40S 48GB")):
        x = _size(model="llama-3.1-8b", gpu=gpu, task="finetune", finetune={"method": "lora"})
        assert x.fits and x.performance is not None and x.performance.training_tokens_per_s
        assert f"1 × {name}" in s, s
        tps = f"{x.performance.training_tokens_per_s:,.0f}"
        assert (_num(tps) if ro else tps) in s, s
        usable = [float(v.replace(",", ".")) for v in re.findall(
            r"(\d+[.,]\d) GiB (?:usable|utilizabili)", s)]
        assert any(abs(v - (x.capacity_per_gpu_gib or 0)) < 0.06 for v in usable), s
    assert re.search(r"/h per GPU|/oră pe GPU", s), s  # the prices the catalog has
    assert asked(r)[0] == "training_tokens_per_s"


def test_a_training_comparison_with_tokens_gives_each_gpus_hours() -> None:
    s = first_sentence(ask(
        "Compare H100 and RTX 4090 for full fine-tuning of Llama 3.1 8B on 100M tokens"))
    assert "NVIDIA H100 SXM5 80GB" in s and "NVIDIA GeForce RTX 4090 24GB" in s, s
    assert s.count("hours for 100,000,000 tokens") == 2, s
    assert s.count("for the run") == 2, s


# -- 5. never "would fit" past the usable memory ----------------------------------------------


@pytest.mark.parametrize(("q", "yes_words", "no_words"), [
    ("Merge Llama 3.1 8B în bf16 pe un T4?", ("nu încape", "nici nu rulează bf16"),
     "ar încăpea"),
    ("Does Llama 3.1 8B run in bf16 on a T4?", ("does not fit", "cannot run bf16"),
     "would fit"),
    ("Merge Llama 3.1 8B în bf16 pe un V100?", ("nu încape", "nici nu rulează bf16"),
     "ar încăpea"),
    ("Does Llama 3.1 8B run in bf16 on a V100?", ("does not fit", "cannot run bf16"),
     "would fit"),
])
def test_no_fit_and_no_kernel_says_both(q: str, yes_words: tuple[str, ...], no_words: str
                                        ) -> None:
    r = ask(q)
    s = first_sentence(r)
    assert s.startswith(("No", "Nu")), s
    for word in yes_words:
        assert word in s, s
    assert no_words not in s, s
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


def test_fits_but_no_kernel_still_says_it_would_fit() -> None:
    s = first_sentence(ask("Does Llama 3.1 8B fit in bf16 on a V100 32GB?"))
    assert "would fit in memory" in s and "cannot run bf16" in s, s
