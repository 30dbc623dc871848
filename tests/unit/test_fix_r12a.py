"""/v1/ask readings that changed the numbers (audit ro2 items 1, 2 and 9):

1. Romanian "200.000 de prompturi de 1.000 de tokeni" read the count as the prompt's length, then
   the 1,000 tokens as the whole request (488 in + 512 out): 1.6 h and $5.17 where English says
   2.3 h and $7.75. A prompt's tokens are its input, as English "prompts of N tokens" reads;
2. a first-token latency target ("latență sub 200 ms la primul token", "latența primului token
   sub 200 ms", "first-token latency under 200 ms") was dropped and answered a 1.2 s card's
   decode speed; it is the same target as "TTFT sub 200 ms" (RTX 4090 at int8, 168 ms);
3. "40GB A100s" (the memory before the name) was read as the 80GB card (2 GPUs for Llama 3.1
   70B); the stated size picks the 40GB variant (4), as "A100 de 40GB" did.
"""

from __future__ import annotations

import pytest

from service.domain.answer.understand import prompt_tokens
from tests.unit.ask_fixtures import ask, asked, head

# -- 1. prompts of N tokens in Romanian ---------------------------------------------------------


def test_prompt_tokens_reads_the_length_not_the_romanian_count() -> None:
    assert prompt_tokens("200.000 de prompturi de 1.000 de tokeni cu Llama 3.1 8B") == 1000
    assert prompt_tokens("100.000 de prompturi de 2.000 de tokeni pe un L4") == 2000
    assert prompt_tokens("200.000 de prompturi a câte 1.000 de tokeni de intrare") == 1000


@pytest.mark.parametrize("question", [
    "În cât timp termin 200.000 de prompturi de 1.000 de tokeni cu Llama 3.1 8B pe 2 H100?",
    "În cât timp termin 200.000 de prompturi a câte 1.000 de tokeni de intrare cu Llama 3.1 8B "
    "pe 2 H100?",
])
def test_romanian_prompts_job_time_matches_english(question: str) -> None:
    en = ask("In how much time do I finish 200,000 prompts of 1,000 tokens with Llama 3.1 8B "
             "on 2 H100?")
    ro = ask(question)
    q, hours, unit = asked(ro)
    assert (q, unit) == ("job_hours", "h"), ro.answer
    assert hours == pytest.approx(asked(en)[1], rel=1e-9), ro.answer
    # the same job read with "cereri" (right already): 2.25 h on 2 H100 when audited; the
    # prompts read as 488 input tokens took 1.55 h
    same = ask("În cât timp termin 200.000 de cereri de 1.000 de tokeni cu Llama 3.1 8B pe "
               "2 H100?")
    assert hours == pytest.approx(asked(same)[1], rel=1e-9), ro.answer
    short = ask("În cât timp termin 200.000 de cereri de 488 de tokeni de intrare cu Llama 3.1 "
                "8B pe 2 H100?")
    assert hours > 1.2 * asked(short)[1], ro.answer
    assert "1.000 de tokeni de intrare și 512 de ieșire" in head(ro), ro.answer
    assert "488 de tokeni" not in head(ro), ro.answer


def test_romanian_prompts_job_cost_matches_english() -> None:
    ro = ask("Cât costă 100.000 de prompturi de 2.000 de tokeni cu Llama 3.1 8B pe un L4?")
    en = ask("How much do 100,000 prompts of 2,000 tokens cost with Llama 3.1 8B on an L4?")
    assert asked(ro)[0] == "per_job_usd", ro.answer
    assert asked(ro)[1] == pytest.approx(asked(en)[1], rel=1e-9), ro.answer
    # re-pinned: start transient + round 14 (was 29.97, then 39.20, then 38.43 at full memory);
    # at the served load, 10 % of the memory free (68 tokens/s on the L4, was 143:
    # test_fix_tokjob28)
    assert asked(ro)[1] == pytest.approx(80.71, abs=0.01), ro.answer
    assert "2.000 de tokeni de intrare" in head(ro) and "1.488 de tokeni" not in head(ro), ro.answer


def test_romanian_thousands_of_prompts_with_de() -> None:
    # "10k de prompturi de 512 tokeni": 10,000 prompts of 512 input tokens, as English reads it
    # (a 10,240-token context before: 1.6 h)
    ro = ask("Cât durează 10k de prompturi de 512 tokeni cu Llama 3.1 8B pe un H100?")
    en = ask("How long to process 10k prompts of 512 tokens with Llama 3.1 8B on an H100?")
    assert asked(ro)[0] == "job_hours", ro.answer
    assert asked(ro)[1] == pytest.approx(asked(en)[1], rel=1e-9), ro.answer
    assert asked(ro)[1] < 0.2, ro.answer
    assert "512 tokeni de intrare" in head(ro), ro.answer


# -- 2. a first-token latency target ------------------------------------------------------------


@pytest.mark.parametrize("question, words", [
    ("Vreau latență sub 200 ms la primul token pentru Llama 3.1 8B, ce GPU?",
     "timp până la primul token sub 200 ms"),
    ("Vreau latența primului token sub 200 ms cu Llama 3.1 8B, ce GPU aleg?",
     "timp până la primul token sub 200 ms"),
    ("I want first-token latency under 200 ms for Llama 3.1 8B, which GPU?",
     "time to first token under 200 ms"),
])
def test_first_token_latency_target_is_a_ttft_limit(question: str, words: str) -> None:
    r = ask(question)
    same = ask("Vreau TTFT sub 200 ms pentru Llama 3.1 8B, ce GPU?")
    q, ms, unit = asked(r)
    assert (q, unit) == ("time_to_first_token_ms", "ms"), r.answer
    assert ms == pytest.approx(asked(same)[1], rel=1e-9), r.answer
    assert ms < 200, r.answer  # 168 ms; the RTX 4000 Ada answered before takes about 1.2 s
    assert words in head(r), r.answer
    assert "RTX 4090" in head(r) and "RTX 4000 Ada" not in head(r), r.answer


# -- 3. a memory size written before the GPU's name ---------------------------------------------


@pytest.mark.parametrize("question", [
    "On how many 40GB A100s does Llama 3.1 70B in bf16 fit?",
    "How many 40GB A100 cards for Llama 3.1 70B in bf16?",
    "How many 40GB A100s for Llama 3.1 70B?",
    "How many 40 GB A100s for Llama 3.1 70B?",
])
def test_memory_before_the_name_picks_that_variant(question: str) -> None:
    r = ask(question)
    assert asked(r) == ("gpu_count", 4, "GPUs"), r.answer  # was 2 (the 80GB card)
    assert "4 × NVIDIA A100 SXM4 40GB" in head(r), r.answer
    assert "80GB" not in head(r), r.answer
    ro = ask("Pe câte A100 de 40GB încape Llama 3.1 70B în bf16?")
    assert asked(ro) == ("gpu_count", 4, "GPUs"), ro.answer


def test_80gb_before_the_name_stays_the_80gb_card() -> None:
    r = ask("How many 80GB A100s for Llama 3.1 70B in bf16?")
    assert asked(r) == ("gpu_count", 2, "GPUs"), r.answer
    assert "2 × NVIDIA A100 SXM4 80GB" in head(r), r.answer
    assert "is read as" not in head(r), r.answer
