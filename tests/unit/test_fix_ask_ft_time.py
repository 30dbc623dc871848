""""How long to fine-tune ... on N examples" on /v1/ask, fixed: the examples (or samples,
"exemple", "eșantioane"; with k/M suffixes and thousands separators) times the tokens of one
example (when stated; else the sequence length the fine-tuning is sized at, said as assumed)
times the epochs (when stated; else one, said) are the training tokens, and the time of the
run on the GPU named leads, as it does for the same tokens stated as tokens. English and
Romanian, with the same numbers."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence

# the sizing's default sequence length (FinetuneOptions.sequence_length): the length an
# example is assumed to fill when the question does not say
_SEQ = 2048


def _hours_of(q: str) -> float:
    kind, value, unit = asked(ask(q))
    assert (kind, unit) == ("training_hours", "h"), (q, kind)
    return value


@pytest.mark.parametrize(("text", "want"), [
    ("how long to fine-tune llama 3.1 8b with lora on 10k examples on an a100?", (10_000, None)),
    ("how long to fine-tune llama 3.1 8b with lora on 10,000 examples of 1000 tokens on an h100?",
     (10_000, 1000)),
    ("how long to finetune llama 3.1 8b on 10k samples, 3 epochs, a100 80gb?", (10_000, None)),
    ("fine-tune on 2.5k training examples of about 512 tokens each", (2_500, 512)),
    ("fine-tune on 50k 1000-token examples", (50_000, 1000)),
    ("fine-tune on 1M samples, 300 tokens per sample", (1_000_000, 300)),
    ("cât durează fine-tuning-ul llama 3.1 8b cu lora pe 10k exemple pe un a100?", (10_000, None)),
    ("fine-tuning pe 10.000 de eșantioane de 512 tokeni", (10_000, 512)),
    ("fine-tuning pe 20 de mii de exemple", (20_000, None)),
    ("what does lora mean, for example on llama 3.1 8b?", None),
    ("de exemplu, cât costă un h100?", None),
])
def test_examples_are_read(text: str, want: tuple[int, int | None] | None) -> None:
    from service.domain.answer.understand import training_examples

    assert training_examples(text) == want


@pytest.mark.parametrize(("q", "tokens_q", "factor"), [
    # 10,000 examples x 2,048 tokens (assumed) x 1 epoch (assumed) = 20,480,000 tokens
    ("how long to fine-tune llama 3.1 8b with lora on 10k examples on an a100?",
     "how long to fine-tune llama 3.1 8b with lora on 10M tokens on an a100?",
     10_000 * _SEQ / 10e6),
    # 10,000 examples x 1,000 tokens x 1 epoch = 10,000,000 tokens
    ("how long to fine-tune llama 3.1 8b with lora on 10,000 examples of 1000 tokens on an h100?",
     # examples of 1,000 tokens train at that sequence length (test_fix_train_ask), as the
     # same tokens stated with it
     "how long to fine-tune llama 3.1 8b with lora on 10M tokens with a sequence length of "
     "1000 on an h100?", 1.0),
    # 10,000 x 2,048 x 3 epochs = 61,440,000 tokens
    ("how long to finetune llama 3.1 8b on 10k samples, 3 epochs, a100 80gb?",
     "how long to finetune llama 3.1 8b on 10M tokens, a100 80gb?", 3 * 10_000 * _SEQ / 10e6),
    ("cât durează fine-tuning-ul llama 3.1 8b cu lora pe 10k exemple pe un a100?",
     "cât durează fine-tuning-ul llama 3.1 8b cu lora pe 10M tokeni pe un a100?",
     10_000 * _SEQ / 10e6),
    ("cât durează fine-tuning-ul llama 3.1 8b pe 10.000 de eșantioane, 2 epoci, pe un a100 80gb?",
     "cât durează fine-tuning-ul llama 3.1 8b pe 10M tokeni pe un a100 80gb?",
     2 * 10_000 * _SEQ / 10e6),
])
def test_time_of_examples_leads(q: str, tokens_q: str, factor: float) -> None:
    """The time leads (asked: training_hours), the same hours as the same tokens stated as
    tokens on the same GPU (the time is the tokens over the setup's tokens/s)."""
    assert _hours_of(q) == pytest.approx(_hours_of(tokens_q) * factor, rel=1e-6)


def test_assumed_length_and_epoch_are_said() -> None:
    r = ask("how long to fine-tune llama 3.1 8b with lora on 10k examples on an a100?")
    s = first_sentence(r)
    assert "20,480,000" in s and "10,000 examples × 2,048 tokens × 1 epoch" in s, s
    assert re.search(r"2,048 tokens per example[^.]*assumed|assumed[^.]*2,048 tokens per ex", s), s
    assert "1 epoch" in s and "A100" in r.answer.split("\n\n")[0], r.answer


def test_stated_length_and_epochs_are_not_called_assumed() -> None:
    s = first_sentence(ask("how long to fine-tune llama 3.1 8b with lora on 10,000 examples of "
                           "1000 tokens, 2 epochs, on an h100?"))
    assert "20,000,000 (10,000 examples × 1,000 tokens × 2 epochs)" in s, s
    assert "assumed" not in s, s


def test_romanian_says_it_too() -> None:
    r = ask("cât durează fine-tuning-ul llama 3.1 8b cu lora pe 10k exemple pe un a100?")
    s = first_sentence(r)
    assert "20.480.000 (10.000 de exemple × 2.048 de tokeni × 1 epocă" in s, s
    assert "presupun" in s, s


def test_tokens_stated_as_tokens_keep_their_answer() -> None:
    s = first_sentence(ask("how long to fine-tune llama 3.1 8b with lora on 10M tokens on one "
                           "a100 80gb?"))
    assert s.startswith("For 10,000,000 training tokens: about "), s
