"""A language model's batch job stated with its storage is the job, with or without a GPU named
and a cost word; a job's cost quotes a job-cost passage, never the fine-tuning budget (audit
storejob22).

1. "Summarise 1 million documents of 2,000 tokens with Llama 3.1 8B, with 2 TB of storage" (no
   GPU named; with or without "what will it cost"; and its Romanian) was intent storage_egress,
   "Storing 2,000 GB costs from $120.00 a month at RunPod to $372.53 at Lambda"; now the job on
   the cheapest setup for it, the 2,000 GB kept for the job's hours in its total ("the job
   costs about $31.51 on 8 x RTX 3090 ... Of which $8.93 for keeping the 2,000 GB stated for
   the job's 17.5 hours; without it the job costs $22.58").
2. "Run batch inference on 100M tokens with Llama 3.1 8B with 2 TB storage" (no GPU named) was
   a fit ("... needs about 17.0 GiB in total ... It fits on ..."); now the job's cost with its
   storage. With an H100 named (EN and RO) it stays the job on the H100, compute + storage.
3. The cost:job passages led with "Estimating the cost of a fine-tuning job" (and held
   "Budgeting evaluation runs"): an inference job's cost quoted them; now the per-token cost of
   batch inference leads, a media job's quotes its model's passage.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import _choose
from service.domain.answer.intent import answers, classify
from service.domain.answer.knowledge import ScoredId
from tests.unit.ask_fixtures import ask, asked, first_sentence, head, knowledge

# an unknown storage or egress price's stand-in, said in place after its amount (standin2)
_NOTE = r"(?: \(.*?an upper bound\))?"

_DOCS = ("Summarise 1 million documents of 2,000 tokens with Llama 3.1 8B, with 2 TB of "
         "storage")
_DOCS_RO = "Rezumă 1 milion de documente de 2.000 de tokeni cu Llama 3.1 8B, cu 2 TB de stocare"
_BATCH = "Run batch inference on 100M tokens with Llama 3.1 8B with 2 TB storage"
_BATCH_H100 = "Run batch inference on 100M tokens with Llama 3.1 8B on an H100 with 2 TB storage"
_BATCH_H100_RO = ("Rulează inferență batch pe 100M de tokeni cu Llama 3.1 8B pe un H100 cu 2 TB "
                  "de stocare")


def _usd(pattern: str, text: str, ro: bool = False) -> float:
    m = re.search(pattern, text.replace("\u00a0", " "))
    assert m is not None, (pattern, text)
    s = m.group(1).rstrip(".,")  # "... costs $22.58." ends a sentence
    return float(s.replace(".", "").replace(",", ".") if ro else s.replace(",", ""))


# -- 1. and 2. the job with its storage, no GPU named -----------------------------------------


@pytest.mark.parametrize("question", [
    _DOCS, _DOCS_RO, _BATCH,
    _DOCS + ", what will it cost?",
    "What will it cost to summarise 1 million documents of 2,000 tokens with Llama 3.1 8B with "
    "2 TB of storage?",
    "How much to batch 100M tokens with Llama 3.1 8B with 2 TB of storage?",
    "Cât costă să rezum 1 milion de documente de 2.000 de tokeni cu Llama 3.1 8B cu 2 TB de "
    "stocare?",
    _BATCH_H100, _BATCH_H100_RO,
])
def test_llm_job_with_storage_is_the_jobs_cost(question: str) -> None:
    # was ("storage_egress", "storage"), or ("fits", None) for _BATCH
    gpus = 1 if "H100" in question else 0
    assert classify(question, "llm", gpus, True, None) == ("cost", "job")


@pytest.mark.parametrize(("question", "expected"), [
    # a fit asked stays the fit; storage with no job stays a price; a time asked is the job's
    ("Does Llama 3.1 8B fit to summarise 1 million documents of 2,000 tokens with 2 TB of "
     "storage?", ("fits", None)),
    ("How long to summarise 1 million documents of 2,000 tokens with Llama 3.1 8B with 2 TB of "
     "storage?", ("cost", "time")),
    ("Serve Llama 3.1 8B with 500 GB of storage", ("storage_egress", "storage")),
    ("How much is 2 TB of storage per month?", ("storage_egress", "storage")),
])
def test_llm_storage_questions_that_are_not_the_jobs_cost(
        question: str, expected: tuple[str, str | None]) -> None:
    assert classify(question, "llm", 0, "Llama" in question, None) == expected


def test_llm_job_with_storage_and_no_gpu_totals_compute_and_storage() -> None:
    r = ask(_DOCS)
    assert r.intent == "cost"  # was storage_egress
    first = first_sentence(r)
    # was "Storing 2,000 GB costs from $120.00 a month at RunPod to $372.53 at Lambda ..."
    assert not first.startswith("Storing"), first
    assert "512,000,000 output tokens: the job costs about $" in first, first
    total = _usd(r"the job costs about \$([\d,.]+) on", first)
    text = head(r)
    storage = _usd(r"Of which \$([\d,.]+)" + _NOTE + r" for keeping the 2,000 GB stated for "
                   r"the job's", text)
    without = _usd(r"without it the job costs \$([\d,.]+)", text)
    assert storage + without == pytest.approx(total, abs=0.02)
    assert 0 < storage < 120.0  # the job's hours of the month, not the month
    assert asked(r)[0] == "per_job_usd"
    assert asked(r)[1] == pytest.approx(total, abs=0.01)
    # the same as the question that asks its cost
    priced = ask(_DOCS + ", what will it cost?")
    assert asked(priced)[:2] == asked(r)[:2]


def test_romanian_llm_job_with_storage_and_no_gpu_is_the_job() -> None:
    r = ask(_DOCS_RO)
    assert r.intent == "cost"  # was storage_egress
    first = first_sentence(r)
    assert "jobul costă aproximativ" in first, first
    assert "păstrarea celor 2.000 GB de stocare pe durata jobului" in head(r), head(r)
    assert asked(r)[0] == "per_job_usd"
    assert asked(r)[1] == pytest.approx(asked(ask(_DOCS))[1])


def test_batch_tokens_with_storage_and_no_gpu_is_the_job_not_a_fit() -> None:
    r = ask(_BATCH)
    assert r.intent == "cost"  # was fits
    first = first_sentence(r)
    # was "Meta Llama 3.1 8B at bf16 with 4,096 tokens of context needs about 17.0 GiB ..."
    assert first.startswith("The job costs about $"), first
    assert "for keeping the 2,000 GB stated for the job's" in head(r), head(r)
    assert asked(r)[0] == "per_job_usd"


@pytest.mark.parametrize(("question", "ro"), [(_BATCH_H100, False), (_BATCH_H100_RO, True)])
def test_batch_tokens_on_an_h100_with_storage_is_the_jobs_total(question: str, ro: bool) -> None:
    r = ask(question)
    assert r.intent == "cost"
    first = first_sentence(r)
    total = _usd(r"(?:costs about|costă aproximativ) \$?([\d.,]+)", first, ro)
    text = head(r)
    compute = _usd(r"(?:That is|Adică) \$?([\d.,]+) (?:USD )?(?:compute|calcul)", text, ro)
    storage = _usd(r"\+ \$?([\d.,]+) (?:USD )?sto", text, ro)
    assert compute + storage == pytest.approx(total, abs=0.02)
    assert asked(r)[:2] == ("per_job_usd", pytest.approx(total, abs=0.01))


# -- 3. the passage a job's cost quotes --------------------------------------------------------


def test_a_jobs_cost_quotes_no_fine_tuning_budget() -> None:
    want = answers("cost", "job")
    assert want[0] == "cost-per-million-tokens"  # was finetune-job-cost
    assert "finetune-job-cost" not in want and "evaluation-runs" not in want
    # the retrieval of "Rulează inferență batch ... cu 2 TB de stocare" ranked them first
    ranked = [ScoredId(pid, 1.0 / (i + 1)) for i, pid in enumerate(
        ("finetune-job-cost", "evaluation-runs", "batching-throughput-latency",
         "storage-weights-checkpoints", "reading-price-comparison", "cost-per-million-tokens"))]
    got = _choose(ranked, knowledge().passages, "ro", want)
    assert got[0].id not in ("finetune-job-cost", "evaluation-runs"), got[0]


@pytest.mark.parametrize("question", [_DOCS, _BATCH_H100, _BATCH_H100_RO])
def test_an_llm_jobs_answer_quotes_the_per_token_cost(question: str) -> None:
    r = ask(question)
    assert r.passages and r.passages[0].id == "cost-per-million-tokens", r.passages[:1]


def test_a_transcription_jobs_cost_quotes_whisper() -> None:
    r = ask("Whisper large-v3 on an L4, 2,000 hours of audio, send out 50 GB")
    assert (r.intent, asked(r)[0]) == ("cost", "job_usd")
    assert r.passages and r.passages[0].id == "audio-whisper-asr", r.passages[:1]
