"""A card to buy ("what GPU should I buy ... at home", "ce placă să cumpăr ... acasă") is
answered with the memory and the cards that hold the model, never a cloud rental's hourly
price (audit regress2 #15: "the cheapest match ... $0.15/h"); renting stays the price."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask


@pytest.mark.parametrize(("question", "gib"), [
    ("What GPU should I buy to run Llama 3.1 8B at home?", "17.0 GiB"),
    ("Ce placă video să cumpăr pentru Llama 3.1 8B acasă?", "17,0 GiB"),
    ("Which GPU to buy for Qwen3 32B locally?", "64.2 GiB"),
])
def test_a_card_to_buy_is_its_memory_not_a_rental(question: str, gib: str) -> None:
    r = ask(question)
    first = r.answer.split("\n\n")[0]
    assert r.intent == "memory", (r.intent, first)
    assert gib in first and "/h" not in first and "/oră" not in first, first


def test_renting_is_still_priced() -> None:
    r = ask("What GPU should I rent for Llama 3.1 8B?")
    assert r.intent == "cost" and "/h" in r.answer.split(". ")[0], r.answer
