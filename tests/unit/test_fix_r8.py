"""Readings a regression audit (regress8) found over-reaching or missing after this session's
spot, item and translation readings: a suggested spot ("couldn't we use spot?") is a question,
not a ban; "we don't want / can't have interruptions" rules spot out; documents counted before
"we want to summarise them" are a job; "is it not cheaper to translate" still translates."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _NO_SPOT, _NOT_INTERRUPTIBLE, _translation
from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize("question", [
    "Couldn't we use spot instances to cut the cost of 100,000 SDXL images?",
    "Can't we use spot to save money on 100,000 SDXL images?",
])
def test_a_suggested_spot_is_no_ban(question: str) -> None:
    assert _NO_SPOT.search(question.lower()) is None
    r = ask(question)
    assert asked(r)[1] == pytest.approx(19.97, abs=0.01)  # the spot job leads, as asked
    assert "Not on spot" not in head(r)


@pytest.mark.parametrize("question, said", [
    ("We don't want interruptions: 100,000 SDXL images, cost?", "Not on spot"),
    ("We can't have interruptions: 100,000 SDXL images, cost?", "Not on spot"),
    ("Nu vrem întreruperi: 100.000 de imagini SDXL, cât costă?", "Nu pe spot"),
])
def test_unwanted_interruptions_rule_spot_out(question: str, said: str) -> None:
    assert _NOT_INTERRUPTIBLE.search(question.lower()) or "întreruperi" in question
    r = ask(question)
    assert asked(r)[1] == pytest.approx(44.19, abs=0.01)  # on-demand only
    assert said in head(r)


def test_we_still_mind_nothing() -> None:
    # regress7 #1 stays fixed: not minding interruptions welcomes spot
    assert _NOT_INTERRUPTIBLE.search("i don't mind interruptions") is None
    assert _NOT_INTERRUPTIBLE.search("we don't need restarts from zero") is None


def test_documents_with_the_verb_after_them_are_a_job() -> None:
    r = ask("Our company has 10,000 documents; we want to summarise them with Llama 3.1 8B. "
            "Cost?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    # re-pinned: start transient + round 14 (4 x RTX 3060 at int8; was $0.37 on 4 x RTX 5070)
    assert value == pytest.approx(0.39, abs=0.01)
    assert head(r).startswith("10,000 requests")


@pytest.mark.parametrize("text, is_translation", [
    ("is it not cheaper to translate 200m tokens with llama 3.1 8b than with 70b?", True),
    ("process 100m tokens of text (no translation, just chat answers)", False),
    ("we don't need to translate anything, generate 100m tokens", False),
    ("fara traducere, doar raspunsuri", False),
])
def test_a_denial_bears_on_the_translation_only_through_function_words(
        text: str, is_translation: bool) -> None:
    assert _translation(text) is is_translation
