"""Audit oor: a value a question states that no field of the API takes (a GPU count, a context,
a token count or a budget at or below zero, or past the bound of the same field in the API) was
dropped, read as 1 or had its sign dropped, and the answer was for another question ("0 H100s"
was "Yes ... 1 x H100", "-2 H100s" two H100s, "a -32k context" 32,768 tokens, "0 tokens" an
hour's price, 10^30 tokens a memory answer). Now the first sentence says the value as read and
the range that is taken, ``numbers`` (so ``numbers.asked``) is null and the guidance passage
still follows. A hyphen inside a range or a compound ("2-4", "8-bit", "H100-80GB",
"gpt-4o-mini") is no minus sign. Every case has its Romanian twin, and Slack's ``/gpu ask``
says the same."""

from __future__ import annotations

import pytest

from service.adapters.slack.commands import BotData, run_ask
from service.domain.answer.understand import extract, minus_before
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence, knowledge


def _first(question: str) -> tuple[str, object]:
    r = ask(question)
    assert r.numbers is None or r.numbers.asked is None, r.answer
    assert "\n\n" in r.answer, r.answer  # the guidance passage follows the refusal
    return first_sentence(r).replace("\xa0", " "), r


@pytest.mark.parametrize(("question", "said"), [
    ("Can I serve Llama 3.1 8B on 0 H100s?",
     "0 GPUs cannot run a model: ask with 1 GPU or more, at most 4,096"),
    ("How fast is Llama 3.1 8B on -2 H100s?",
     "-2 GPUs cannot run a model: ask with 1 GPU or more, at most 4,096"),
    ("Pot rula Llama 3.1 8B pe 0 H100?",
     "0 GPU-uri nu pot rula un model: întrebați cu cel puțin 1 GPU și cel mult 4.096 de"
     " GPU-uri"),
    ("Cât de rapid e Llama 3.1 8B pe -2 H100?",
     "-2 GPU-uri nu pot rula un model: întrebați cu cel puțin 1 GPU"),
])
def test_gpu_count_below_one_is_refused(question: str, said: str) -> None:
    first, r = _first(question)
    assert first.startswith(said), first
    assert r.numbers is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(("question", "said"), [
    # the bound is fields.TOKENS_MAX: 10,485,760 (Llama 4 Scout's config), was 10,000,000
    # (audit buyer16 #8)
    ("Llama 3.1 8B with a -32k context, how much VRAM?",
     "A context of -32,768 tokens cannot be sized: ask with 1 to 10,485,760 tokens"),
    ("Llama 3.1 8B cu un context de -32k, câtă memorie?",
     "Un context de -32.768 de tokeni nu poate fi calculat: întrebați cu 1 până la"
     " 10.485.760 de tokeni"),
])
def test_negative_context_is_refused(question: str, said: str) -> None:
    first, _ = _first(question)
    assert first.startswith(said), first


@pytest.mark.parametrize(("question", "said"), [
    ("Cost to generate 0 tokens with Llama 3.1 8B on an H100?",
     "0 tokens is not an amount of work this service prices: ask with more than 0 and at most"
     " 1,000,000,000,000,000 tokens"),
    ("How much to process 1000000000000000000000000000000 tokens with Llama 3.1 8B?",
     "1000000000000000000000000000000 tokens is not an amount of work"),
    ("Cost to generate -500 million tokens with Llama 3.1 8B on an H100?",
     "-500,000,000 tokens is not an amount of work"),
    ("Cât costă să generez 0 tokeni cu Llama 3.1 8B pe un H100?",
     "0 tokeni nu este o cantitate de lucru pe care o calculează acest serviciu: întrebați cu"
     " mai mult de 0 și cel mult 1.000.000.000.000.000 de tokeni"),
])
def test_token_count_out_of_range_is_refused(question: str, said: str) -> None:
    first, _ = _first(question)
    assert first.startswith(said), first


@pytest.mark.parametrize(("question", "said"), [
    ("Which GPU for Llama 3.1 8B with a budget of $0/h?",
     "No offer is within a budget of $0.00/h"),
    ("Ce GPU pentru Llama 3.1 70B cu un buget de -5 dolari pe oră?",
     "Un buget de -5,00 USD/oră nu este valid"),
    # (a budget past the field's bound rules nothing out: answered without it, audit regress6
    # 8; tests/unit/test_fix_r6oor.py)
])
def test_budget_out_of_range_is_refused(question: str, said: str) -> None:
    first, r = _first(question)
    assert first.startswith(said), first
    assert r.numbers is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("question", [
    "Llama 3.1 8B on 2-4 H100s?",
    "Llama 3.1 8B at 8-bit on H100-80GB, how fast?",
    "gpt-4o-mini vs llama 3.1 8b on 2 H100, does it fit?",
    "Llama 3.1 8B with 2000 input tokens and 0 output tokens on H100, how fast?",
])
def test_hyphens_and_valid_zeros_are_answered(question: str) -> None:
    r = ask(question)
    assert r.numbers is not None and r.numbers.asked is not None, r.answer
    assert "cannot run a model" not in r.answer and "not an amount" not in r.answer


def test_minus_needs_a_space_or_the_start_before_it() -> None:
    assert minus_before("-2 h100s", 1)
    assert minus_before("on -2 h100s", 4)
    assert minus_before("on (-2 h100s)", 5)
    assert not minus_before("2-4 h100s", 2)
    assert not minus_before("gpt-4o-mini", 4)
    assert not minus_before("h100-80gb", 5)
    reg = catalog().registry
    assert extract("Llama 3.1 8B on -2 H100s", reg).gpu_count == -2
    assert extract("Llama 3.1 8B on 0 H100s", reg).gpu_count == 0
    assert extract("Llama 3.1 8B with a -32k context", reg).context_tokens == -32768


@pytest.mark.parametrize(("question", "said"), [
    ("Can I serve Llama 3.1 8B on 0 H100s?", "0 GPUs cannot run a model"),
    ("Pot rula Llama 3.1 8B pe -2 H100?", "-2 GPU-uri nu pot rula un model"),
])
def test_slack_ask_refuses_too(question: str, said: str) -> None:
    msg = run_ask(question, BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                                    public_url="https://gpu.example.com",
                                    messages=knowledge().messages))
    text = "\n".join([str(msg["text"])] + [
        b["text"]["text"] for b in msg["blocks"] if b["type"] == "section"])
    assert said in text.replace("\xa0", " "), text
    assert "fits on 1" not in text and "încape pe 1" not in text, text
