"""Round 13's "no output" and GGUF readings were too narrow (audit regress13 #1, #6):

1. "no output or generation", "no generation required", "no output (just scoring)", "without
   generating any output", "no output and 2k-token prompts", "no output needed", "we just
   classify 10M tokens" were priced as 10M output tokens ($13.84 on an L4) where the job is
   prefill alone ($0.38: 10M / 4,297 tokens/s = 39 minutes, billed for 1 h at $0.38/h).
2. "in GGUF format, 8-bit" was timed on vLLM at int8 (30.0 tokens/s on a T4), and "GGUF or
   AWQ" / "GGUF vs AWQ" read AWQ as the GGUF file's precision ("llama.cpp cannot run
   awq-int4", 50.8 tokens/s at bf16)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

# -- 1. "no output" followed by another phrase -----------------------------------------------

_PREFILL_L4 = [
    "Process 10M tokens through Llama 3.1 8B with no output or generation on an L4: cost?",
    "Process 10M tokens with Llama 3.1 8B on an L4, no generation required: cost?",
    "Score 10M tokens with Llama 3.1 8B on an L4, no output (just scoring): cost?",
    "Run 10M prompt tokens through Llama 3.1 8B on an L4 without generating any output, just "
    "embeddings-style scoring: cost?",
    "We just classify 10M tokens with Llama 3.1 8B on an L4: cost?",
    "Procesez 10M de tokeni cu Llama 3.1 8B pe un L4, fără ieșire sau generare: cât costă?",
    "Procesez 10M de tokeni cu Llama 3.1 8B pe un L4, fără generare necesară: cât costă?",
]


@pytest.mark.parametrize("text", [*_PREFILL_L4,
    "Score 5M tokens with Llama 3.1 8B on an H100, no output and 2k-token prompts: cost?",
    "How much to process 10M tokens with Llama 3.1 8B, no output needed?",
])
def test_no_output_with_more_words_is_no_output(text: str) -> None:
    assert stated(text, catalog().registry).output_tokens == 0  # was None: generation


@pytest.mark.parametrize("q", _PREFILL_L4)
def test_no_output_jobs_priced_as_prefill(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert "Generat" not in text, text  # "Generating 10,000,000 output tokens"
    assert asked(r)[1] == pytest.approx(0.38, abs=0.01)  # was $13.84 (or $2.30) as output


def test_no_output_and_prompt_length_is_prefill_minutes() -> None:
    r = ask("Score 5M tokens with Llama 3.1 8B on an H100, no output and 2k-token prompts: cost?")
    text = head(r)
    assert "prefill only" in text and "about 1.8 minutes" in text, text  # was 19 minutes


def test_no_output_needed_without_gpu_is_prefill() -> None:
    r = ask("How much to process 10M tokens with Llama 3.1 8B, no output needed?")
    assert "prefill only" in head(r)
    assert asked(r)[1] == pytest.approx(0.12, abs=0.01)  # was $0.72 as output tokens


@pytest.mark.parametrize("text", [
    "Summarise 10M tokens with Llama 3.1 8B, no output or input limits: cost?",
    "Summarise 10M tokens with Llama 3.1 8B (no output (length cap) here): cost?",
    "Summarise 10M tokens with Llama 3.1 8B, no output limit or streaming needed: cost?",
    "We just read 10M tokens of reviews about Llama 3.1 8B: what does generating them cost?",
    "We only classify quality later; generate 10M tokens with Llama 3.1 8B: cost?",
])
def test_bounded_output_stays_generation(text: str) -> None:
    assert stated(text, catalog().registry).output_tokens != 0


# -- 2. GGUF: a format word between, a weighed pair ----------------------------------------------


def test_gguf_format_then_bits_is_a_gguf_file() -> None:
    assert stated("Llama 3.1 8B in GGUF format, 8-bit, on a T4: speed?",
                  catalog().registry).gguf_file


def test_gguf_format_8_bit_timed_on_llama_cpp_q8_0() -> None:
    r = ask("Llama 3.1 8B in GGUF format, 8-bit, on a T4: speed?")
    text = head(r)
    # "8-bit" beside GGUF is read as q8_0 itself (gguf8): timed at q8_0 directly, no longer
    # through "llama.cpp cannot run int8 ... At q8_0, the nearest precision"
    assert "at q8_0" in text and "cannot run" not in text, text  # was "at int8", vLLM
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value == pytest.approx(31.4, abs=0.1)  # llama.cpp q8_0; vLLM int8 gave 30.0


@pytest.mark.parametrize("text", [
    "Should I use GGUF or AWQ for Llama 3.1 8B on a 4090? tokens/s?",
    "Llama 3.1 8B GGUF vs AWQ on an RTX 4090: which is faster?",
    "Llama 3.1 8B: GGUF sau AWQ pe un 4090? câți tokeni/s?",
])
def test_gguf_weighed_against_awq_is_no_gguf_file(text: str) -> None:
    assert not stated(text, catalog().registry).gguf_file


@pytest.mark.parametrize("q", [
    "Should I use GGUF or AWQ for Llama 3.1 8B on a 4090? tokens/s?",
    "Should I use AWQ or GGUF for Llama 3.1 8B on a 4090? tokens/s?",
])
def test_gguf_or_awq_times_awq_on_vllm(q: str) -> None:
    r = ask(q)
    text = head(r)
    # the pair is now weighed (gguf8): GGUF as q4_k_m on llama.cpp beside AWQ on vLLM, so
    # llama.cpp is named (as the GGUF side's engine), never as unable to run awq-int4
    assert "cannot run" not in text and "awq-int4 on llama.cpp" not in text, text
    assert "awq-int4 on vLLM" in text and "q4_k_m on llama.cpp" in text, text
    assert "about 147 tokens/s" in text  # was 50.8 at bf16 for "GGUF or AWQ"


def test_gguf_vs_awq_never_says_cannot_run_awq() -> None:
    text = head(ask("Llama 3.1 8B GGUF vs AWQ on an RTX 4090: which is faster?"))
    assert "cannot run awq-int4" not in text, text
    assert "at awq-int4" in text
