"""/v1/ask reads a context said as a bare number ("at 32768 context", "la 32768 context") and
gives "context" one meaning in an answer: the API's ``context_tokens``, prompt plus output
(openapi AskContext.context_tokens, /v1/recommendations ``context_tokens``). "8 users at 8k
context" is 8,192 tokens a request, 7,680 in and 512 out: the memory, the speed, the price,
the load sentence and ``numbers.sizing`` all use that one reading. A prompt stated as one
("1k in 1k out", "4000 input tokens") stays the input."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.understand import extract
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _ctx(q: str) -> int | None:
    return extract(q, catalog().registry).context_tokens


# -- reading the number -------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "tokens"), [
    ("How much VRAM do I need for llama 3.1 70b in fp8 with 8 concurrent users at 32768 "
     "context?", 32768),
    ("llama 3.1 70b fp8 with 32768 context", 32768),
    ("llama 3.1 70b fp8 with 32,768 context", 32768),
    ("llama 3.1 70b fp8 at 8192 context", 8192),
    ("llama 3.1 70b fp8 with a 32768-token context", 32768),
    ("llama 3.1 70b fp8 with 32768 tokens of context", 32768),
    ("llama 3.1 70b fp8 with a context of 32768", 32768),
    ("llama 3.1 70b fp8 with context length 32768", 32768),
    ("llama 3.1 70b fp8 32k context", 32768),
    ("Câtă memorie pentru llama 3.1 70b fp8 cu 8 utilizatori simultani la 32768 context?", 32768),
    ("Câtă memorie pentru llama 3.1 70b fp8 cu context de 32768?", 32768),
    ("Câtă memorie pentru llama 3.1 70b fp8 cu 32768 de tokeni de context?", 32768),
])
def test_a_context_said_as_a_number_is_read(question: str, tokens: int) -> None:
    assert _ctx(question) == tokens


def test_the_memory_answer_uses_the_bare_number() -> None:
    bare = ask("How much VRAM do I need for llama 3.1 70b in fp8 with 8 concurrent users at "
               "32768 context?")
    said = ask("How much VRAM do I need for llama 3.1 70b in fp8 with 8 concurrent users at "
               "context length 32768?")
    assert bare.extracted.context_tokens == 32768
    assert "32,768 tokens of context" in head(bare), bare.answer
    assert "4,096" not in head(bare)
    assert bare.numbers is not None and said.numbers is not None
    assert bare.numbers.sizing is not None and said.numbers.sizing is not None
    assert bare.numbers.sizing.total_gib == said.numbers.sizing.total_gib


def test_romanian_bare_number_is_the_same_context() -> None:
    a = ask("Câtă memorie îmi trebuie pentru llama 3.1 70b în fp8 cu 8 utilizatori simultani "
            "la 32768 context?")
    b = ask("Câtă memorie îmi trebuie pentru llama 3.1 70b în fp8 cu 8 utilizatori simultani "
            "cu context de 32768?")
    assert a.numbers is not None and b.numbers is not None
    assert a.numbers.sizing is not None and b.numbers.sizing is not None
    assert a.numbers.sizing.context_tokens == b.numbers.sizing.context_tokens == 32768
    assert a.numbers.sizing.total_gib == b.numbers.sizing.total_gib


# -- one meaning of "context" in an answer -------------------------------------------------------

# Llama 3.1 70B's KV cache: 80 layers x 8 KV heads x 128 dims x 2 (K and V) x 2 bytes (fp16)
# = 327,680 bytes a token (the model's config.json); 8 requests of 8,192 tokens hold
# 8 x 8,192 x 327,680 B = 20.0 GiB.
_KV_8_AT_8K_GIB = 8 * 8192 * 80 * 8 * 128 * 2 * 2 / 2**30


def test_cost_month_load_is_the_context_stated() -> None:
    r = ask("How much per month to serve llama 3.1 70b fp8 on H100 SXM for 8 concurrent users "
            "at 8k context?")
    assert "8,192 tokens of context (7,680 in, 512 out)" in r.answer, r.answer
    assert "8,192 tokens in" not in r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.context_tokens == 8192
    assert r.numbers.sizing.kv_cache_gib == pytest.approx(_KV_8_AT_8K_GIB, abs=0.01)


def test_cost_month_load_romanian() -> None:
    r = ask("Cât costă pe lună să servesc llama 3.1 70b fp8 pe H100 SXM pentru 8 utilizatori "
            "simultani la context de 8k?")
    assert "8.192 de tokeni de context (7.680 de intrare, 512 " in r.answer, r.answer


def test_speed_at_users_is_sized_at_the_context_stated() -> None:
    r = ask("How fast is llama 3.1 70b fp8 on H100 SXM for 8 concurrent users at 8k context?")
    ref = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
                input_tokens=7680, output_tokens=512, batch_size=8)
    assert ref.performance is not None and ref.performance.time_to_first_token_ms
    assert "(8,192 tokens per request)" in head(r), r.answer
    assert f"first token after {ref.performance.time_to_first_token_ms:,.0f} ms" in head(r), \
        r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.context_tokens == 8192
    assert r.numbers.sizing.kv_cache_gib == pytest.approx(_KV_8_AT_8K_GIB, abs=0.01)


def test_cost_per_million_at_users_is_sized_at_the_context_stated() -> None:
    r = ask("How much does it cost per 1M output tokens to serve llama 3.1 70b fp8 on H100 SXM "
            "for 8 concurrent users at 8k context?")
    ref = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
                input_tokens=7680, output_tokens=512, batch_size=8)
    assert ref.performance is not None and ref.performance.output_tokens_per_s
    # the load the price divides by: 8 requests of 8,192 tokens (7,680 in, 512 out)
    total = f"{ref.performance.output_tokens_per_s:,.0f}"
    assert f"producing about {total} tokens/s in total" in head(r), r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.context_tokens == 8192


def test_a_prompt_stated_as_such_stays_the_input() -> None:
    r = ask("How fast is llama 3.1 70b fp8 on 2x H100 SXM with 1k in 1k out?")
    ref = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
                input_tokens=1024, output_tokens=1024)
    assert ref.performance is not None and ref.performance.time_to_first_token_ms
    assert f"first token after {ref.performance.time_to_first_token_ms:,.0f} ms" in r.answer, \
        r.answer
    r2 = ask("How fast is llama 3.1 70b fp8 on 2x H100 SXM with 4000 input tokens?")
    assert r2.numbers is not None and r2.numbers.sizing is not None
    assert r2.numbers.sizing.context_tokens == 4000 + 512
