"""Counts, rates and memory of /v1/ask, fixed (task ask_counts): one default load for every
answer (a context of 4,096 tokens, 3,584 in and 512 out, as the recommendations and the cost
answer size it; the count, speed and concurrency answers said 2,560 = 2,048 + 512); an image
rate asked per day / hour leads with that rate in both languages (it led with the memory and
the seconds per image); the memory left on a GPU after loading a model is answered first,
with the tokens of KV cache it holds. Each in English and Romanian where the audit found it."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.numbers.context import (
    ASK_CONTEXT_TOKENS,
    ASK_OUTPUT_TOKENS,
    ASK_PROMPT_TOKENS,
    gpu_count_for_users,
)
from service.domain.fields import DEFAULT_CONTEXT_TOKENS, DEFAULT_OUTPUT_TOKENS
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# 1. one default load ----------------------------------------------------------------------


def test_the_default_ask_load_is_the_recommendations_context() -> None:
    assert ASK_CONTEXT_TOKENS == DEFAULT_CONTEXT_TOKENS == 4096
    assert ASK_OUTPUT_TOKENS == DEFAULT_OUTPUT_TOKENS == 512
    assert ASK_PROMPT_TOKENS == 3584


def test_users_count_holds_requests_of_4096_tokens() -> None:
    r = ask("How many H100s do I need for Llama 3.1 8B with 100 users?")
    assert asked(r)[:2] == ("gpu_count", 1)
    got = gpu_count_for_users(catalog(), "llama-3.1-8b", None, "h100-sxm", 100, 3584)
    assert got is not None and got[3] == 110  # 176 at 2,560 tokens: the same KV cache
    assert "110 requests of 4,096 tokens" in head(r), r.answer
    assert "2,560" not in r.answer
    # the cost of the same load sizes the same context
    c = ask("What does it cost per month to serve Llama 3.1 8B to 100 users on H100s?")
    assert "1 × NVIDIA H100" in head(c)


def test_users_count_ro_says_4096() -> None:
    r = ask("Câte H100 pentru 200 de utilizatori cu Llama 3.1 70B?")
    assert asked(r)[:2] == ("gpu_count", 8)
    got = gpu_count_for_users(catalog(), "llama-3.1-70b", None, "h100-sxm", 200, 3584)
    assert got is not None and got[:3] == (8, 2, 4)
    assert got[3] == 118  # 188 at 2,560 tokens ("118 cereri": no "de" after 101-119)
    assert "118 cereri de 4.096 de tokeni" in head(r), r.answer
    assert "2.560" not in r.answer
    # re-pinned: serving start transient (d85c4ba+1)
    # the cost answer lists the same 8 × H100 for the same load (at fp8 since the start transient)
    c = ask("What does it cost per month to serve Llama 3.1 70B to 200 users on H100s?")
    # re-pinned: serving start transient (d85c4ba+1)
    assert "8 × NVIDIA H100 SXM5 80GB at fp8" in head(c)


def test_speed_is_for_3584_in_and_512_out() -> None:
    r = ask("How fast is Llama 3.1 8B on an H100?")
    assert "(3,584 input and 512 output tokens)" in first_sentence(r), r.answer
    s = _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1, input_tokens=3584,
              output_tokens=512)
    assert s.performance is not None and s.performance.decode_tokens_per_s
    assert asked(r)[1] == pytest.approx(s.performance.decode_tokens_per_s)


def test_users_on_one_h100_70b_fp8_at_4096() -> None:
    r = ask("How many users can one H100 serve with Llama 3.1 70B at fp8?")
    assert asked(r)[:2] == ("max_batch_size", 1)
    assert "4,096 tokens (3,584 in, 512 out)" in head(r), r.answer
    # the engine admits what the sizing of that load gives (it said 2 at 2,560 tokens)
    s = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=1,
              input_tokens=3584, output_tokens=512)
    assert s.max_batch_size == 1
    assert s.performance is not None and s.performance.max_concurrency == 1
    assert "admits up to 2" not in r.answer


def test_users_count_70b_fp8_matches_the_cost_answer() -> None:
    r = ask("How many H100 for Llama 3.1 70B at fp8 with 100 users?")
    assert asked(r)[:2] == ("gpu_count", 4)
    assert "of 4,096 tokens" in head(r)
    c = ask("What does it cost per month to serve Llama 3.1 70B at fp8 to 100 users on H100s?")
    assert "4 × NVIDIA H100 SXM5 80GB" in head(c)


# 2. an image rate asked leads ---------------------------------------------------------------


def test_images_per_day_lead() -> None:
    r = ask("How many SDXL images per day on an L4?")
    q, v, unit = asked(r)
    assert (q, unit) == ("images_per_day", "images/day")
    assert v == pytest.approx(86_400 / 19.101, rel=0.002)  # about 4,523
    s = first_sentence(r)
    assert s.startswith("Stable Diffusion XL 1.0 (base) at fp16 makes about 4,523 1024×1024 "
                        "images per day"), r.answer
    assert s.index("images per day") < s.index("19.1 s") < s.index("10.7 GiB")


def test_images_per_hour_lead_ro() -> None:
    r = ask("Câte imagini SDXL pe oră pe un L4?")
    assert asked(r)[0] == "images_per_hour"
    s = first_sentence(r)
    assert "face aproximativ 188 de imagini de 1024×1024 pe oră" in s, r.answer
    assert s.index("188 de imagini") < s.index("19,1 s") < s.index("10,7 GiB")


def test_images_per_day_lead_ro() -> None:
    r = ask("Câte imagini SDXL pe zi pe un L4?")
    assert asked(r)[0] == "images_per_day"
    assert "4.523 de imagini de 1024×1024 pe zi" in first_sentence(r), r.answer


# 3. the memory left after loading -----------------------------------------------------------


def _left_8b_h100() -> tuple[float, float]:
    s = _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1, input_tokens=4096,
              output_tokens=0)
    p = s.memory.per_gpu
    cap = s.capacity_per_gpu_gib or 0.0
    left = cap - (p.weights_gib + p.activations_gib + p.overhead_gib)
    return left, left * 2**30 / (s.kv_cache_bytes_per_token or 1)


def test_memory_left_on_h100() -> None:
    left, tokens = _left_8b_h100()
    assert left == pytest.approx(55.17, abs=0.01)
    assert tokens == pytest.approx(451_976, abs=50)
    r = ask("How much memory is left on an H100 after loading Llama 3.1 8B?")
    assert asked(r) == ("left_gib", pytest.approx(left), "GiB")
    s = first_sentence(r)
    assert "about 55.2 GiB" in s and "71.7 GiB" in s, r.answer
    assert "452,000 tokens" in head(r), r.answer
    assert "128 KiB per token" in head(r)
    assert "110 requests of 4,096 tokens" in head(r)


def test_memory_left_on_h100_ro() -> None:
    left, _ = _left_8b_h100()
    r = ask("Câtă memorie rămâne pe un H100 după încărcarea Llama 3.1 8B?")
    assert asked(r) == ("left_gib", pytest.approx(left), "GiB")
    s = first_sentence(r)
    assert "rămân aproximativ 55,2 GiB" in s and "71,7 GiB" in s, r.answer
    assert "452.000 de tokeni" in head(r), r.answer
