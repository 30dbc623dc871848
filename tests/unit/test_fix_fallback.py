"""A bare size ("a 50B model") is sized at the parameter count stated, and one GPU named that
cannot hold a model at its own precision answers at the largest precision that fits there.

1. A size with no catalog model within 10 % of it is sized by its stand-in's architecture
   scaled to the stated count (its weights are then params x bytes: 50e9 x 2 B = 93.1 GiB at
   fp16), never as the stand-in's own smaller count (TII Falcon 40B: 76.9 GiB), and the first
   sentence is the memory asked, not the stand-in's context limit. "A 70B model" is still
   Llama 3.1 70B.
2. "How many users can an H100 serve with llama 3.1 70b?", the max context on an H100 and an
   H200 compared with two H100s: bf16 does not fit one GPU, so the figures are at fp8 (what
   /v1/sizing gives for fp8 on that GPU), said so, never a bare 0."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

GIB = 2**30


def _size(**kw: Any) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


@pytest.mark.parametrize(("q", "b", "weights"), [
    ("How much VRAM does a 50B model need at fp16?", 50, "fp16"),
    ("How much VRAM does a 45B model need at fp16?", 45, "fp16"),
    ("Cât VRAM îi trebuie unui model de 50B la fp16?", 50, "fp16"),
    ("How much VRAM does a 100B model need at bf16?", 100, "bf16"),
])
def test_a_size_the_catalog_lacks_is_sized_at_that_size(q: str, b: int, weights: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    s = r.numbers.sizing
    weights_gib = b * 1e9 * 2 / GIB  # 16-bit weights: 2 bytes a parameter
    assert s.weights == weights
    assert s.weights_gib == pytest.approx(weights_gib, rel=0.005), r.answer
    assert s.total_gib > weights_gib
    quantity, value, _ = asked(r)
    assert quantity == "total_gib" and value == pytest.approx(s.total_gib, abs=0.01)
    first = first_sentence(r)
    # the GiB asked first, for the size stated; no other model's context refusal
    assert f"{b}B" in first and "GiB" in first, first
    assert "max_model_len" not in head(r) and "2,048" not in first and "2.048" not in first


def test_a_size_near_a_catalog_model_is_that_model() -> None:
    r = ask("How much VRAM does a 70B model need at fp16?")
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.model == "llama-3.1-70b"
    assert first_sentence(r).startswith("Meta Llama 3.1 70B at fp16")


@pytest.mark.parametrize("q", [
    "How many users can an H100 serve with llama 3.1 70b?",
    "How many users can one H100 serve with llama 3.1 70b?",
    "Câți utilizatori poate servi un H100 cu llama 3.1 70b?",
])
def test_max_users_on_one_gpu_falls_back_to_a_precision_that_fits(q: str) -> None:
    r = ask(q)
    fp8 = _size(model="llama-3.1-70b", gpu="h100-sxm", weights="fp8", input_tokens=3584,
                output_tokens=512)
    assert fp8.max_batch_size
    quantity, value, _ = asked(r)
    assert quantity == "max_batch_size" and value == fp8.max_batch_size, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is not False
    assert r.numbers.sizing is not None and r.numbers.sizing.weights == "fp8"
    assert "bf16" in head(r) and "fp8" in head(r)


def test_max_context_on_one_gpu_falls_back_to_a_precision_that_fits() -> None:
    for q in ("What is the max context for llama 3.1 70b on an H100?",
              "Care este contextul maxim pentru llama 3.1 70b pe un H100?"):
        r = ask(q)
        fp8 = _size(model="llama-3.1-70b", gpu="h100-sxm", weights="fp8")
        assert fp8.max_context_tokens
        quantity, value, _ = asked(r)
        assert quantity == "max_context_tokens" and value == fp8.max_context_tokens, r.answer
        assert "bf16" in head(r) and "fp8" in head(r)


def test_compare_gives_the_named_gpu_a_figure_at_a_precision_that_fits() -> None:
    r = ask("Is llama 3.1 70b faster on an H200 than on two H100s?")
    # one request at the default 3,584 tokens in and 512 out (41.0 tokens/s; 41.3 at the
    # 2,048 in of before: a longer KV cache read per token)
    fp8 = _size(model="llama-3.1-70b", gpu="h200-sxm", weights="fp8", input_tokens=3584,
                output_tokens=512)
    assert fp8.fits and fp8.performance is not None
    tps = fp8.performance.decode_tokens_per_s
    assert tps is not None
    text = head(r)
    h200 = catalog().registry.gpus["h200-sxm"].name
    # both sides at fp8, the precision that fits the H200 (task ask_counts2: like for like;
    # the row said "1 x H200 at fp8" beside 2 x H100 at bf16)
    assert "at fp8, the largest precision that fits every setup compared" in text, text
    assert f"1 × {h200} about {tps:,.1f} tokens/s" in text, text
