"""Round 11's GGUF and "no output" readings caught too much (audit regress12 #2, #3, #6):

1. The word "GGUF" anywhere switched to llama.cpp and rewrote the stated precision ("70B fp8
   on 2 H100 ... faster than a GGUF build?" was "llama.cpp cannot run fp8", 33.8 tokens/s at
   bf16; "fp16 (not GGUF)" was timed on llama.cpp, 47.8 instead of 38.8 tokens/s). Only a GGUF
   format the question runs, with no other precision stated, is a GGUF file.
2. "no output limit", "without output constraints", "only score quality", "I just read" were
   read as zero output tokens: generation jobs priced as prefill alone.
3. Prefill jobs on a GPU named dropped the stated precision (sized at bf16), and "100M tokens
   with 70B fp8 on H100, no output" was priced as 100M output tokens ($80.54) with no caveat."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

# -- 1. GGUF: only a GGUF file the question runs -----------------------------------------------


@pytest.mark.parametrize("text", [
    "Llama 3.1 70B fp8 on 2 H100: how many tokens/s? Is it faster than a GGUF build?",
    "Llama 3.1 8B in AWQ on an RTX 4090, or should we use GGUF? tokens/s?",
    "How much VRAM does Llama 3.1 8B in AWQ need? (we used GGUF before)",
    "How much VRAM does Llama 3.1 70B in AWQ need? We used GGUF before.",
    "Llama 3.1 8B fp16 (not GGUF) on a 3090: how many tokens/s?",
    "What does 1M output tokens cost with Llama 3.1 8B int8 on an L4 (not a GGUF)?",
    "Llama 3.1 8B fp8 on an L40S: tokens/s? We're comparing with our GGUF Q4_K_M setup.",
    "Llama 3.1 8B bf16 pe un 3090, nu GGUF: câți tokeni/s?",
])
def test_negated_or_compared_gguf_is_no_gguf_file(text: str) -> None:
    assert not stated(text, catalog().registry).gguf_file


@pytest.mark.parametrize("text", [
    "Can I run Llama 3.1 8B in GGUF F16 on a 3090? how many tokens/s?",
    "Pot rula Llama 3.1 8B în GGUF F16 pe un 3090? câți tokeni/s?",
    "Llama 3.1 8B GGUF Q4_K_M on a 3090: how many tokens/s?",
    "A GGUF file of Llama 3.1 8B on a 3090: how many tokens/s?",
    "Llama 3.1 8B F16 GGUF on a 3090: how many tokens/s?",
])
def test_gguf_file_run_is_read(text: str) -> None:
    assert stated(text, catalog().registry).gguf_file


def test_fp8_compared_with_gguf_keeps_fp8_on_vllm() -> None:
    r = ask("Llama 3.1 70B fp8 on 2 H100: how many tokens/s? Is it faster than a GGUF build?")
    text = head(r)
    assert "llama.cpp" not in text, text
    assert "at fp8 on 2 × NVIDIA H100" in text
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value == pytest.approx(51.5, abs=0.1)  # the old tree's fp8 figure (was 33.8 bf16)


def test_awq_or_gguf_keeps_awq() -> None:
    r = ask("Llama 3.1 8B in AWQ on an RTX 4090, or should we use GGUF? tokens/s?")
    text = head(r)
    assert "cannot run" not in text and "llama.cpp" not in text, text
    assert "at awq-int4" in text
    assert asked(r)[1] == pytest.approx(147, abs=1)  # was 50.8 at bf16


def test_awq_used_gguf_before_fits_a_gpu() -> None:
    r = ask("How much VRAM does Llama 3.1 8B in AWQ need? (we used GGUF before)")
    text = head(r)
    assert "No single node" not in text, text
    assert "It fits on 1 × NVIDIA GeForce RTX 3080 10GB" in text
    # vLLM's overhead, as the old tree: llama.cpp's 6.4 GiB fitted no GPU in the answer
    assert asked(r)[1] == pytest.approx(7.39, abs=0.01)


def test_fp16_not_gguf_is_timed_on_vllm() -> None:
    r = ask("Llama 3.1 8B fp16 (not GGUF) on a 3090: how many tokens/s?")
    text = head(r)
    assert "llama.cpp" not in text, text
    assert asked(r)[1] == pytest.approx(38.8, abs=0.1)  # vLLM's; llama.cpp gave 47.8


def test_gguf_f16_still_on_llama_cpp() -> None:
    r = ask("Can I run Llama 3.1 8B in GGUF F16 on a 3090? how many tokens/s?")
    assert "default engine for GGUF files" in head(r)
    assert asked(r)[1] == pytest.approx(47.8, abs=0.1)


# -- 2. "no output" only where nothing is generated ---------------------------------------------


@pytest.mark.parametrize("text", [
    "Summarise 10M tokens of documents with Llama 3.1 8B, no output limit: what does it cost?",
    "Translate 5M tokens with Llama 3.1 8B without output constraints: cost?",
    "Process 10M tokens with Llama 3.1 8B on an H100 (no output length cap): how much?",
    "We need no output streaming: generate 10M tokens with Llama 3.1 8B, cost?",
    "We only score quality later; generate 10M tokens with Llama 3.1 8B: cost?",
    "I just read about Llama 3.1 8B: what does processing 10M tokens cost?",
    "Translate 2M tokens with Llama 3.1 8B, no output formatting needed: cost?",
    "Summarise 1,000 documents of 3,000 tokens each with Llama 3.1 8B, no output beyond 200 "
    "tokens: cost?",
    "Summarise 1,000 documents of 3,000 tokens each with Llama 3.1 8B, without output longer "
    "than 300 tokens: cost?",
    "How fast is Llama 3.1 8B on an L4 with no output limit?",
    "10M de tokeni cu Llama 3.1 8B, fără ieșire limitată: cât costă?",
])
def test_output_wording_is_not_no_output(text: str) -> None:
    assert stated(text, catalog().registry).output_tokens != 0


@pytest.mark.parametrize("text", [
    "Classify 10M tokens of tickets with Llama 3.1 8B, no output: cost?",
    "embed 10M tokens with Llama 3.1 8B (no output)",
    "Process 10M tokens with Llama 3.1 8B with no output tokens, on an L4 spot: cost?",
    "Run 20M tokens through Llama 3.1 8B without generating anything, on 2 H100s: cost?",
    "Reranking 10M tokens with Llama 3.1 8B (no completions): cost?",
    "How much per million tokens for Llama 3.1 8B with no output?",
    "prefill only: 10M tokens with Llama 3.1 8B",
    "Prefill-only: 100M tokens through Llama 3.1 70B fp8 on H100: what does it cost?",
    "Score 50M tokens with Llama 3.1 8B, just scoring the prompts: how long on an L4?",
    "10M de tokeni cu Llama 3.1 8B (fără ieșire)",
    "10M de tokeni cu Llama 3.1 8B, fără ieșire: cât costă?",
])
def test_no_output_still_read(text: str) -> None:
    assert stated(text, catalog().registry).output_tokens == 0


def test_no_output_limit_is_priced_as_generation() -> None:
    r = ask("Summarise 10M tokens of documents with Llama 3.1 8B, no output limit: "
            "what does it cost?")
    text = head(r)
    assert "prefill only" not in text, text
    # generation, as the old tree (not $0.12 as prefill); $0.72 -> $0.75 when int8 stopped
    # running on Blackwell (r14int8: the RTX 5070 setup runs fp8)
    assert asked(r)[1] == pytest.approx(0.75, abs=0.01)


def test_no_output_limit_speed_gives_tokens_per_s() -> None:
    r = ask("How fast is Llama 3.1 8B on an L4 with no output limit?")
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"  # was a 993 ms prefill, no tokens/s
    assert value == pytest.approx(16.1, abs=0.1)


# -- 3. prefill jobs on a GPU named keep the precision ----------------------------------------


@pytest.mark.parametrize("q, weights", [
    ("Process 10M tokens with Llama 3.1 8B fp8 on an H100, no output: cost?", "fp8"),
    ("Process 10M tokens with Llama 3.1 8B int8 on an L4, no output: cost?", "int8"),
    ("Run 100M prompt tokens through Llama 3.1 70B fp8 on 2 H100s, no output: cost?", "fp8"),
])
def test_prefill_on_gpu_keeps_stated_precision(q: str, weights: str) -> None:
    r = ask(q)
    text = head(r)
    assert "prefill only" in text, text
    assert f"at {weights}" in text and "at bf16" not in text
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == weights


@pytest.mark.parametrize("q", [
    "Process 100M tokens with Llama 3.1 70B fp8 on H100, no output: cost?",
    "Prefill-only: 100M tokens through Llama 3.1 70B fp8 on H100: what does it cost?",
])
def test_70b_fp8_prefill_on_h100_is_prefill(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert "prefill only" in text, text
    assert "Generating" not in text
    assert "at fp8" in text
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert 4 < value < 12  # about 100M / ~9.5k tokens/s = 2.9 h at about $2.58/h, not $80.54


def test_no_output_priced_as_output_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no prefill can be sized, the tokens priced as output keep round 10's caveat
    (round 11 dropped it whenever output_tokens was 0)."""
    from service.domain.answer.numbers import cost

    monkeypatch.setattr(cost, "_prefill_tokens_job", lambda w, gid: False)
    r = ask("Process 100M tokens with Llama 3.1 70B fp8 on H100, no output: cost?")
    text = head(r)
    assert text.startswith("Generating 100,000,000 output tokens"), text
    assert ("The 100,000,000 tokens are read as output tokens, in requests of 3,584 input and "
            "512 output tokens each (assumed") in text
