"""Audit buyer21 #5 and #6 (fix/memqlora):

5. "memory, time and cost" of a fine-tune on a GPU named (with a deadline, or a count that
   holds it): the memory asked first leads (it was missing, or said last); an example's "1k
   tokens" is 1,000 tokens (a token count in prose), not 1,024 (a sequence length's "2k"
   stays 2,048).
6. "QLoRA 70B", "LoRA 13B": the method and the size, never an unknown model's name.
"""

from __future__ import annotations

import pytest

from service.domain.answer.understand import training_examples, training_pairs, unknown_model
from tests.unit.ask_fixtures import ask, catalog, first_sentence

_DEADLINE_EN = ("Fine-tune Mistral 7B with LoRA on 20k examples x 2k tokens x 3 epochs on A100 "
                "80GB by Friday (3 days): memory, time and cost?")
_DEADLINE_RO = ("Fac fine-tuning LoRA la Mistral 7B pe 20k exemple x 2k tokeni x 3 epoci pe "
                "A100 80GB, termen 3 zile: memoria, timpul și costul?")


@pytest.mark.parametrize(("question", "fits", "within"), [
    (_DEADLINE_EN, "fits on 1 × NVIDIA A100 SXM4 80GB: about 25.8 GiB per GPU", "within 3 days"),
    (_DEADLINE_RO, "încape pe 1 × NVIDIA A100 SXM4 80GB: aproximativ 25,8 GiB pe GPU",
     "în cel mult 3 zile"),
])
def test_deadline_on_a_named_gpu_leads_with_the_memory(question: str, fits: str,
                                                        within: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert fits in first, first  # was the deadline plan, no memory anywhere
    assert not first.startswith(("Yes", "Da")), first  # no yes or no was asked
    assert within in r.answer


@pytest.mark.parametrize(("question", "needs", "cost"), [
    ("LoRA fine-tune Llama 3.1 8B, 100k examples x 512 tokens x 2 epochs on V100s: memory, "
     "time, cost", "needs 2 × NVIDIA Tesla V100 SXM2 16GB: about 10.5 GiB per GPU", "$0.82"),
    ("Fine-tuning LoRA la Llama 3.1 8B, 100k exemple x 512 tokeni x 2 epoci pe V100: "
     "memoria, timpul, costul",
     "are nevoie de 2 × NVIDIA Tesla V100 SXM2 16GB: aproximativ 10,5 GiB pe GPU", "0,82"),
])
def test_named_gpu_cost_path_leads_with_the_memory_asked_first(question: str, needs: str,
                                                                cost: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert needs in first, first  # was "... costs about $0.73", the memory last
    assert cost in r.answer and cost not in first


def test_cost_alone_still_leads_with_the_cost() -> None:
    r = ask("LoRA fine-tune Llama 3.1 8B, 100k examples x 512 tokens x 2 epochs on V100s: cost?")
    assert "costs about $0.82" in first_sentence(r)  # 4 x V100: a pair shares one NVLink


@pytest.mark.parametrize(("question", "read"), [
    ("LoRA fine-tune Llama 3.1 8B on 50k examples x 1k tokens x 3 epochs: cost?", (50_000, 1_000)),
    ("20k exemple x 2k tokeni x 3 epoci", (20_000, 2_000)),
    ("10k examples of 4k tokens", (10_000, 4_000)),
])
def test_an_examples_k_tokens_is_a_thousand(question: str, read: tuple[int, int]) -> None:
    assert training_examples(question) == read  # was 1,024 per "k"


def test_a_pairs_k_tokens_is_a_thousand() -> None:
    assert training_pairs("5000 dpo pairs of 2k tokens") == (5_000, 2_000)


def test_example_tokens_total_is_decimal() -> None:
    r = ask("LoRA fine-tune Llama 3.1 8B on 50k examples x 1k tokens x 3 epochs: cost?")
    assert "150,000,000 (50,000 examples × 1,000 tokens × 3 epochs)" in first_sentence(r)


@pytest.mark.parametrize("question", [
    "QLoRA 70B: how much memory?", "LoRA 13B: how much memory?", "QLoRA 8B on a 4090: memory?",
    "QLoRA 8B pe un 4090: câtă memorie?", "DoRA 8B: how much memory?",
])
def test_a_method_and_a_size_is_no_unknown_model(question: str) -> None:
    assert unknown_model(question, catalog().registry) is None


@pytest.mark.parametrize(("question", "lead", "assumed"), [
    ("QLoRA 70B: how much memory?",
     "QLoRA fine-tuning of Meta Llama 3.1 70B (nf4 base) needs about 45.8 GiB",
     "Assuming a 70B model such as Meta Llama 3.1 70B"),
    # a bare 13B is a current layout scaled to 13B, never Llama 2 13B (audit buyer25b #4)
    ("LoRA 13B: how much memory?", "LoRA fine-tuning of a 13B model (Mistral NeMo 12B (2407)'s "
     "architecture scaled to 13B parameters: 43 layers) (bf16 base) needs",
     "A size alone is sized on a current layout"),
    ("QLoRA 8B on a 4090: memory?", "QLoRA fine-tuning of Meta Llama 3.1 8B fits on 1 × "
     "NVIDIA GeForce RTX 4090 24GB", "Assuming an 8B model such as Meta Llama 3.1 8B"),
    # capitalised: no "Da, " before it, no yes or no was asked (fix/askedmem)
    ("QLoRA 8B pe un 4090: câtă memorie?", "Fine-tuning QLoRA pentru Meta Llama 3.1 8B încape",
     "Presupunând un model de 8B, de exemplu Meta Llama 3.1 8B"),
])
def test_a_method_and_a_size_answers_the_fine_tune_memory(question: str, lead: str,
                                                          assumed: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert lead in first, first
    assert "not in the catalog" not in r.answer and "nu este în catalog" not in r.answer
    assert "KV" not in first
    assert assumed in r.answer
