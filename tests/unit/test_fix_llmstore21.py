"""An LLM batch job with only its storage stated is the job; an embedding job that names no
model and is not English only assumes the catalog's multilingual model (audit llmstore21).

1. "Summarise 1 million documents of 2,000 tokens with Llama 3.1 8B on an H100 with 2 TB of
   storage" (and its Romanian) was intent storage_egress, "Storing 2,000 GB costs from $120.00
   a month at RunPod to $372.53 at Lambda"; now the job on the H100 with the 2,000 GB priced
   for the job's hours in its breakdown (compute + storage = the total), as the same question
   with "what will it cost" answers it ($57.32 = $41.28 + $16.04).
2. "Cât costă să fac embeddings pentru un corpus de 500M de tokeni?" assumed BAAI
   bge-large-en-v1.5, an English-only model; a Romanian question, or a corpus said
   multilingual or in another language, now assumes BAAI bge-m3 (the catalog's multilingual
   embedding model: "more than 100 working languages", its model card) and says why.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import classify
from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_JOB = ("Summarise 1 million documents of 2,000 tokens with Llama 3.1 8B on an H100 with 2 TB "
        "of storage")
_JOB_RO = ("Rezumă 1 milion de documente de 2.000 de tokeni cu Llama 3.1 8B pe un H100, cu 2 TB "
           "de stocare")


def _usd(pattern: str, text: str, ro: bool = False) -> float:
    m = re.search(pattern, text.replace("\u00a0", " "))
    assert m is not None, (pattern, text)
    s = m.group(1)
    return float(s.replace(".", "").replace(",", ".") if ro else s.replace(",", ""))


# -- 1. an LLM batch job with its storage alone ----------------------------------------------


@pytest.mark.parametrize("question", [
    _JOB, _JOB_RO,
    "Batch 100M tokens with Llama 3.1 8B on an H100 with 500 GB of storage",
    "Summarise 1 million documents of 2,000 tokens with Llama 3.1 8B on an H100 with 1 TB of "
    "egress",
])
def test_llm_job_with_storage_or_egress_alone_is_the_jobs_cost(question: str) -> None:
    # was ("storage_egress", "storage") / ("storage_egress", "egress")
    assert classify(question, "llm", 1, True, None) == ("cost", "job")


def test_llm_job_with_storage_alone_sums_compute_and_storage() -> None:
    r = ask(_JOB)
    assert r.intent == "cost"  # was storage_egress
    first = first_sentence(r)
    # was "Storing 2,000 GB costs from $120.00 a month at RunPod to $372.53 at Lambda ..."
    assert not first.startswith("Storing"), first
    assert first.startswith("1,000,000 requests to Meta Llama 3.1 8B"), first
    assert "NVIDIA H100" in first, first
    total = _usd(r"cost about \$([\d,.]+):", first)
    compute = _usd(r"That is \$([\d,.]+) compute", head(r))
    storage = _usd(r"\+ \$([\d,.]+) storage for the 2,000 GB stored over the job's time",
                   head(r))
    assert compute + storage == pytest.approx(total, abs=0.02)
    assert 0 < storage < 120.0  # the job's hours of the month, not the month
    # the same as the question that asks its cost
    priced = ask(_JOB + ", what will it cost?")
    assert asked(r)[:2] == ("per_job_usd", pytest.approx(asked(priced)[1]))


def test_romanian_llm_job_with_storage_alone_is_the_job() -> None:
    r = ask(_JOB_RO)
    assert r.intent == "cost"  # was storage_egress
    first = first_sentence(r)
    assert first.startswith("1.000.000 de cereri către Meta Llama 3.1 8B"), first
    assert "stocare pentru cei 2.000 GB stocați pe durata jobului" in head(r), head(r)
    assert asked(r)[0] == "per_job_usd"
    assert asked(r)[1] == pytest.approx(asked(ask(_JOB))[1])


@pytest.mark.parametrize(("question", "expected"), [
    # a fit asked stays the fit; storage with no job stays a price; a time asked is the job's
    # time (it was storage_egress too)
    ("Does Llama 3.1 8B fit on an H100 to summarise 1 million documents of 2,000 tokens with "
     "2 TB of storage?", ("fits", None)),
    ("How long to summarise 1 million documents of 2,000 tokens with Llama 3.1 8B on an H100 "
     "with 2 TB of storage?", ("cost", "time")),
    ("Serve Llama 3.1 8B on an H100 with 500 GB of storage", ("storage_egress", "storage")),
])
def test_llm_storage_questions_that_are_not_the_jobs_cost(
        question: str, expected: tuple[str, str | None]) -> None:
    assert classify(question, "llm", 1, True, None) == expected


# -- 2. the embedding model assumed for a text that is not English only ------------------------


def test_romanian_embedding_question_assumes_the_multilingual_model() -> None:
    r = ask("Cât costă să fac embeddings pentru un corpus de 500M de tokeni?")
    first = first_sentence(r)
    # was "... cu BAAI bge-large-en-v1.5 (embedding) ..."
    assert "bge-m3" in first and "bge-large-en" not in first, first
    text = head(r)
    assert "modelul multilingv de embedding din catalog" in text, text
    assert "este pusă în română" in text and "peste 100 de limbi" in text, text
    assert asked(r)[0] == "per_job_usd"


@pytest.mark.parametrize("question", [
    "How much to embed a 500M-token multilingual corpus?",
    "How much to embed 500M tokens of German documents?",
])
def test_multilingual_corpus_assumes_the_multilingual_model(question: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert "bge-m3" in first and "bge-large-en" not in first, first
    text = head(r)
    assert "the catalog's multilingual embedding model" in text, text
    assert "its corpus is not English only" in text, text
    assert "more than 100 languages" in text, text


@pytest.mark.parametrize("question", [
    "How much to embed a 500M-token corpus?",
    "Cât costă să fac embeddings pentru un corpus în engleză de 500M de tokeni?",
])
def test_english_corpus_keeps_the_english_default(question: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert "bge-large-en-v1.5" in first and "bge-m3" not in r.answer, first
