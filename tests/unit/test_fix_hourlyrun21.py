"""A job run every hour said as "every hour" / "orar" / "în fiecare oră" / "la fiecare oră" is
24 runs a day, as "hourly job" reads; a schedule said makes "a batch of 1M tokens" the job's
tokens, not the price per 1M asked; an embedding job that names no model is answered with the
catalog's default embedding model, said as assumed.

- "Every hour I run a batch of 1M tokens through Llama 3.1 8B; what does it cost per month?"
  led with "About $0.35 per 1M output tokens ...": now "About $55.60 a month for the job run
  720 times a month (24 a day × 30 days)", each run within its 1-hour slot.
- "How much to embed a 500M-token corpus?" was the price-comparison passage and no figure: now
  the job on the cheapest fitting GPU with bge-large-en-v1.5, said as assumed.
"""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_EN = "Every hour I run a batch of 1M tokens through Llama 3.1 8B; what does it cost per month?"
_RO = [
    "Orar rulez un lot de 1M de tokeni prin Llama 3.1 8B; cât costă pe lună?",
    "În fiecare oră rulez un lot de 1M de tokeni prin Llama 3.1 8B; cât costă pe lună?",
    "La fiecare oră rulez un lot de 1M de tokeni prin Llama 3.1 8B; cât costă pe lună?",
]


@pytest.mark.parametrize("q", [
    _EN, *_RO,
    "each hour we run a 1M-token job with Llama 3.1 8B",
    "once an hour I run a batch of 1M tokens with Llama 3.1 8B",
    "Cât costă un job rulat orar de 1M de tokeni cu Llama 3.1 8B?",
])
def test_every_hour_is_twenty_four_runs_a_day(q: str) -> None:
    assert stated(q, catalog().registry).job_runs == (24.0, "day")


@pytest.mark.parametrize("q", [
    "Care este tariful orar al unui H100?",
    "what is the hourly cost of an H100?",
    "fine-tune Llama 3.1 8B on 100M tokens with a checkpoint every hour: cost?",
])
def test_hourly_price_and_checkpoints_are_no_schedule(q: str) -> None:
    assert stated(q, catalog().registry).job_runs is None


def test_every_hour_batch_is_priced_as_720_runs_a_month() -> None:
    r = ask(_EN)
    first = first_sentence(r)
    # was "About $0.35 per 1M output tokens for Meta Llama 3.1 8B at fp8 ..."
    assert "a month for the job run 720 times a month (24 a day × 30 days)" in first, head(r)
    assert asked(r)[0] == "per_month_usd"
    assert "within the 1 hour until its next run" in r.answer, head(r)


@pytest.mark.parametrize("q", _RO)
def test_romanian_hourly_batch_is_priced_as_720_runs_a_month(q: str) -> None:
    r = ask(q)
    # was "Aproximativ 0,35 USD pe 1M de tokeni de ieșire ..."
    assert "pe lună pentru jobul rulat de 720 de ori pe lună (24 pe zi × 30 de zile)" in (
        first_sentence(r)), head(r)


def test_twice_daily_batch_of_1m_tokens_is_the_job() -> None:
    r = ask("Twice daily I run a batch of 1M tokens through Llama 3.1 8B; what does it cost "
            "per month?")
    # was the price per 1M output tokens
    assert "a month for the job run 60 times a month (2 a day × 30 days)" in first_sentence(r)


@pytest.mark.parametrize("q", [
    "What do 1M tokens cost with Llama 3.1 8B?",
    "What does it cost per 1M tokens to run Llama 3.1 8B every day?",
])
def test_price_per_million_stays(q: str) -> None:
    # the setup cheapest per token leads (audit 25a #6; was $0.35 on the RTX A4000, the
    # first by the month)
    assert first_sentence(ask(q)).startswith("About $0.11 per 1M output tokens"), head(ask(q))


def test_embedding_corpus_without_a_model_assumes_bge_large() -> None:
    r = ask("How much to embed a 500M-token corpus?")
    text = head(r)
    # was the price-comparison passage and no figure
    assert first_sentence(r).startswith("Embedding 500,000,000 tokens with BAAI "
                                        "bge-large-en-v1.5 (embedding)"), text
    assert " costs about $" in first_sentence(r), text
    assert "(Assuming BAAI bge-large-en-v1.5 (embedding), the catalog's default embedding " \
           "model: the question names none.)" in r.answer, text


def test_romanian_embedding_corpus_without_a_model_assumes_a_model() -> None:
    r = ask("Cât costă să fac embeddings pentru un corpus de 500M de tokeni?")
    text = head(r)
    # a Romanian question assumes the catalog's multilingual bge-m3, not the English-only
    # bge-large-en-v1.5 (audit llmstore21: tests/unit/test_fix_llmstore21.py)
    assert first_sentence(r).startswith("Embedding-ul a 500.000.000 de tokeni cu BAAI "
                                        "bge-m3 (multilingual embedding)"), text
    assert "(Presupunând BAAI bge-m3 (multilingual embedding), modelul multilingv de " \
           "embedding din catalog" in r.answer, text


def test_embedding_with_bge_large_named_is_unchanged() -> None:
    named = ask("How much to embed 500M tokens with bge-large?")
    assumed = ask("How much to embed a 500M-token corpus?")
    assert "Assuming" not in named.answer
    assert first_sentence(named) == first_sentence(assumed)
