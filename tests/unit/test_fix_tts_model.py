"""A text-to-speech question that names no model (or only a size near it) is answered with the
catalog's speech generator, Suno Bark, said as assumed; it was sized as Llama 3.2 1B, a chat
endpoint of 4,096 tokens, in English and in Romanian."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, head


@pytest.mark.parametrize(("q", "said"), [
    ("What GPU for text-to-speech with a 1B model?", "Assuming Suno Bark"),
    ("Ce GPU pentru text-to-speech cu un model de 1B?", "Presupunând Suno Bark"),
    ("how much vram for tts", "Assuming Suno Bark"),
])
def test_text_to_speech_is_sized_as_bark(q: str, said: str) -> None:
    text = head(ask(q))
    assert said in text, text
    assert "Llama" not in text


def test_a_size_far_from_bark_is_not_read_as_bark() -> None:
    text = head(ask("what gpu for text to speech with a 7B model"))
    assert "Bark" not in text


def test_a_7b_model_without_speech_is_unchanged() -> None:
    assert "Mistral 7B" in head(ask("what gpu for a 7B model"))
