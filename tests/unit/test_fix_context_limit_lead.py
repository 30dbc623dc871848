"""Every /v1/ask answer sized past the model's context limit leads with it: the memory,
concurrency and cost answers gave their figures ("needs about 41.5 GiB … It fits on 1 × RTX
6000 Ada") with the limit only under Warnings, where no engine serves such a request (and
/v1/recommendations now refuses it, so a cost question fell back to a memory answer)."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, first_sentence


@pytest.mark.parametrize("q", [
    "How much VRAM does Llama 3.1 8B need with 200k context?",
    "How many users can Llama 3.1 8B serve with 200k context on an H100?",
])
def test_an_answer_past_the_limit_leads_with_it(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert "131,072" in lead and "No engine serves this" in lead, r.answer


def test_a_cost_past_the_limit_says_no_and_prices_at_the_limit() -> None:
    r = ask("How much does Llama 3.1 8B with 200k context cost per month on an H100?")
    lead = first_sentence(r)
    # fix/overlimit: the cost is no longer the memory at 204,800 tokens under "No engine serves
    # this"; a plain No leads and the month is priced at the model's 131,072-token limit
    assert "131,072" in lead and lead.startswith("No: "), r.answer
    assert "At its limit of 131,072 tokens" in r.answer and "/month in all" in r.answer


def test_romanian_too() -> None:
    r = ask("Câtă memorie îi trebuie lui Llama 3.1 8B cu context de 200k?")
    assert "131.072" in first_sentence(r) and "Niciun motor" in first_sentence(r), r.answer


def test_within_the_limit_no_such_lead() -> None:
    r = ask("How much VRAM does Llama 3.1 8B need with 100k context?")
    assert "No engine" not in r.answer and "max_model_len" not in first_sentence(r)
