"""English articles before numbers said with a vowel sound, and one full stop after a catalog
note (audit api #9: "(Assuming a 8B model ...)", "a 80B model", "Conflicting, so unknown..")."""

from __future__ import annotations

import pytest

from service.domain.locale import english_articles
from tests.unit.ask_fixtures import ask, head


@pytest.mark.parametrize(("text", "said"), [
    ("Assuming a 8B model such as", "Assuming an 8B model such as"),
    ("No, a 80B model does not fit", "No, an 80B model does not fit"),
    ("A 18B model", "An 18B model"),
    ("a 11B vision model", "an 11B vision model"),
    ("a 11,000-token prompt", "an 11,000-token prompt"),
    ("a 8-GPU machine", "an 8-GPU machine"),
    # "a" stays before numbers said with a consonant, and inside words
    ("a 110B model", "a 110B model"),
    ("a 1,100-token prompt", "a 1,100-token prompt"),
    ("a 70B model", "a 70B model"),
    ("Llama 8B", "Llama 8B"),
    ("an 8B model", "an 8B model"),
])
def test_english_articles(text: str, said: str) -> None:
    assert english_articles(text) == said
    assert english_articles(said) == said  # idempotent


def test_the_answer_says_an_8b_model() -> None:
    text = head(ask("How much VRAM for a 8B model?"))
    assert "an 8B model" in text and "a 8B" not in text, text
    text = head(ask("Can I run an 80B model on 2 H100?"))
    assert "a 80B" not in text, text


def test_a_catalog_note_ends_with_one_full_stop() -> None:
    text = head(ask("egress 1TB at nebius"))
    assert "unknown.." not in text and ".." not in text.replace("...", ""), text
