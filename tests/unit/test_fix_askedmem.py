"""fix/askedmem: a fine-tune answer that leads with the memory asked reports that memory as
``numbers.asked`` (it reported the run's cost or hours, said after it), and a fit on a GPU
named opens with "Yes," only where a yes or no was asked ("... on a 4090: memory?" opened
with "Yes,")."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence


def _first_gib(text: str) -> float:
    """The first GiB figure said in ``text`` (English or Romanian numbers)."""
    m = re.search(r"([\d.,]+) GiB", text)
    assert m is not None, text
    n = m.group(1)
    return float(n.replace(",", "") if "." in n else n.replace(".", "").replace(",", "."))


@pytest.mark.parametrize(("question", "quantity"), [
    # the named-GPU time path: memory first, the time after it
    ("QLoRA fine tune Llama 3.1 8B on a single RTX 4090: how much VRAM and how long for 5k "
     "examples x 512 tokens x 3 epochs?", "per_gpu_gib"),
    # _train_job: no GPU named, the run's memory leads (asked was per_job_usd)
    ("QLoRA fine-tune Llama 3.1 70B: memory, time and cost for 100M tokens?", "total_gib"),
    ("QLoRA fine-tune Llama 3.1 70B: memorie, timp și cost pentru 100M de tokeni?",
     "total_gib"),
    # the named-GPU cost path: the count that holds it and its memory lead (asked was
    # per_training_run_usd)
    ("LoRA fine-tune Llama 3.1 8B, 100k examples x 512 tokens x 2 epochs on V100s: memory, "
     "time, cost", "per_gpu_gib"),
    ("Fine-tuning LoRA la Llama 3.1 8B, 100k exemple x 512 tokeni x 2 epoci pe V100: "
     "memoria, timpul, costul", "per_gpu_gib"),
    # the deadline path: the memory asked first leads the plan (asked was the plan's)
    ("Fine-tune Mistral 7B with LoRA on 20k examples x 2k tokens x 3 epochs on A100 80GB by "
     "Friday (3 days): memory, time and cost?", "per_gpu_gib"),
    ("Fac fine-tuning LoRA la Mistral 7B pe 20k exemple x 2k tokeni x 3 epoci pe A100 80GB, "
     "termen 3 zile: memoria, timpul și costul?", "per_gpu_gib"),
])
def test_memory_led_finetune_reports_the_memory_asked(question: str, quantity: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    q, value, unit = asked(r)
    assert (q, unit) == (quantity, "GiB"), (q, first)
    assert round(value, 1) == _first_gib(first), first  # the first figure said
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None  # no yes or no was asked
    assert not first.startswith(("Yes", "Da")), first


@pytest.mark.parametrize(("question", "lead"), [
    ("LoRA Llama 3.1 8B on a 4090: memory?", "LoRA fine-tuning of Meta Llama 3.1 8B fits on"),
    ("QLoRA 8B on a 4090: memory?", "QLoRA fine-tuning of Meta Llama 3.1 8B fits on"),
    ("LoRA Llama 3.1 8B pe un 4090: memorie?",
     "Fine-tuning LoRA pentru Meta Llama 3.1 8B încape pe"),
])
def test_named_gpu_fit_not_asked_yes_no_has_no_yes(question: str, lead: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert first.startswith(lead), first  # was "Yes, ..." / "Da, ..."
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_gpu_gib"
    assert r.numbers.asked.yes is None


@pytest.mark.parametrize(("question", "lead"), [
    ("Does LoRA Llama 3.1 8B fit on a 4090?", "Yes, LoRA fine-tuning"),
    ("Încape LoRA Llama 3.1 8B pe un 4090?", "Da, fine-tuning LoRA"),
])
def test_named_gpu_fit_asked_yes_no_keeps_its_yes(question: str, lead: str) -> None:
    r = ask(question)
    assert first_sentence(r).startswith(lead), first_sentence(r)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True
