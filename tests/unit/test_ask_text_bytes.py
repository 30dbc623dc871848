"""A training set stated as a size of text ("on 1 GB of text", "pe 500 MB de text") is read as
its tokens at about 4 bytes a token (OpenAI's rule of thumb for English), said with the
assumption; before, the answers asked for the dataset's tokens ("state the dataset size") or
priced nothing ("the question does not give its hours")."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import BYTES_PER_TOKEN, _fold, _text_bytes
from tests.unit.ask_fixtures import ask, first_sentence


@pytest.mark.parametrize(("text", "size"), [
    ("fine-tune llama 3.1 8b on 1 GB of text", 1e9),
    ("pretrain a 1b model on 10 gb of raw english text", 1e10),
    ("500 MB de text", 5e8),
    ("1,5 GB de date de antrenare", 1.5e9),
    ("a 10 GB corpus", 1e10),
    ("3 gigabytes of training data", 3e9),
    ("1,000 GB of text", 1e12),
])
def test_a_size_of_text_is_read(text: str, size: float) -> None:
    assert _text_bytes(_fold(text)) == size


@pytest.mark.parametrize("text", [
    "I have 40 GB of VRAM", "1 TB of data egress", "80 GB A100", "100 GB of storage",
    "150 GB of data", "a 24 GB card"])
def test_other_sizes_are_not_text(text: str) -> None:
    assert _text_bytes(_fold(text)) is None


def test_lora_on_a_gigabyte_of_text_is_timed_and_priced() -> None:
    r = ask("how long to LoRA fine-tune llama 3.1 8b on 1 GB of text on an A100?")
    lead = first_sentence(r)
    assert lead.startswith(f"For {int(1e9 / BYTES_PER_TOKEN):,} (1 GB of text at about 4 bytes a "
                           "token: OpenAI's rule of thumb for English")
    assert "hours at" in lead and "$" in lead
    assert "state the dataset size" not in r.answer


def test_epochs_multiply_the_text_tokens_in_romanian() -> None:
    r = ask("LoRA pe llama 3.1 8b, 2 epoci pe 1,5 GB de text pe un H100: cât durează?")
    lead = first_sentence(r)
    assert "750.000.000 (1,5 GB de text la aproximativ 4 octeți pe token × 2 epoci" in lead
    assert "ore la" in lead


def test_pretraining_on_text_is_costed() -> None:
    r = ask("how much to pretrain a 1B model on 10 GB of text?")
    assert "on 2,500,000,000 (10 GB of text at about 4 bytes a token" in first_sentence(r)
    assert "costs about $" in first_sentence(r)


def test_stated_tokens_win_over_the_size() -> None:
    r = ask("LoRA fine-tune llama 3.1 8b on 100M tokens (about 1 GB of text) on an H100: "
            "how long?")
    assert "104,857,600" in r.answer or "100,000,000" in r.answer
    assert "bytes a token" not in r.answer
