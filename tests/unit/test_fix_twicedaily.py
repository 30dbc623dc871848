"""A schedule said as "twice-daily" / "thrice daily" / "hourly job" / "zilnic de două ori" is
that many runs ("twice a day" was read; "twice-daily" ran once a day), and a "<n>M-token"
compound before a dataset or a corpus is the job's tokens, never a context.

- "What is the weekly cost of a twice-daily 10M-token batch with Llama 3.1 8B on an H100?"
  led with "About $2.58 a day for the job run once a day": now $36.19 a week, 14 runs, as
  "twice a day" reads.
- "How long does it take to fine-tune Llama 3.1 8B on a 50M-token dataset?" was a No, a
  52,428,800-token context past the model's limit: now the fine-tuning of 50,000,000 tokens.
"""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


@pytest.mark.parametrize(("q", "runs"), [
    ("weekly cost of a twice-daily 10M-token batch with Llama 3.1 8B", (2.0, "day")),
    ("weekly cost of a twice daily 10M-token batch with Llama 3.1 8B", (2.0, "day")),
    ("daily cost of a thrice-daily 10M-token batch with Llama 3.1 8B", (3.0, "day")),
    ("a batch run 3 times daily with Llama 3.1 8B: cost?", (3.0, "day")),
    ("daily cost of an hourly 1M-token job with Llama 3.1 8B", (24.0, "day")),
    ("the job runs hourly with Llama 3.1 8B: daily cost?", (24.0, "day")),
    ("Cât costă pe săptămână un job de 10M de tokeni, rulat zilnic de două ori?", (2.0, "day")),
    ("Cât costă un job de 10M de tokeni rulat de două ori zilnic?", (2.0, "day")),
    # unchanged readings
    ("weekly cost of 10M tokens twice a day with Llama 3.1 8B", (2.0, "day")),
    ("daily cost of 1B tokens with Llama 3.1 8B", (1.0, "day")),
])
def test_count_before_a_period_adverb_is_the_runs(q: str, runs: tuple[float, str]) -> None:
    assert stated(q, catalog().registry).job_runs == runs


def test_hourly_price_is_no_schedule() -> None:
    assert stated("what is the hourly cost of an H100?", catalog().registry).job_runs is None


def test_weekly_cost_of_a_twice_daily_batch_is_fourteen_runs() -> None:
    r = ask("What is the weekly cost of a twice-daily 10M-token batch with Llama 3.1 8B on an "
            "H100?")
    first = first_sentence(r)
    # was "About $2.58 a day for the job run once a day, billed on its own."
    assert "a week for the job run 14 times a week (2 a day × 7 days)" in first, head(r)
    assert asked(r)[0] == "per_week_usd"


def test_romanian_zilnic_de_doua_ori_is_two_runs_a_day() -> None:
    r = ask("Cât costă pe săptămână un job de 10M de tokeni cu Llama 3.1 8B pe un H100, rulat "
            "zilnic de două ori?")
    # was "Aproximativ 2,58 USD pe zi pentru jobul rulat o dată pe zi"
    assert "pe săptămână pentru jobul rulat de 14 ori pe săptămână" in first_sentence(r), head(r)


@pytest.mark.parametrize("q", [
    "fine-tune Llama 3.1 8B on a 50M-token dataset",
    "fine-tune Llama 3.1 8B on a 50M-token training set",
    "fine-tune Llama 3.1 8B on a 2M-token data set",
    "embed a 500k-token corpus with bge-large",
    "embed a 500k-token text corpus with bge-large",
    "fine-tune Llama 3.1 8B on a 2M-token collection",
])
def test_compound_before_a_dataset_is_no_context(q: str) -> None:
    assert extract(q, catalog().registry).context_tokens is None


@pytest.mark.parametrize(("q", "ctx"), [
    ("Does Llama 3.1 8B fit on an H100 with a 32k-token context?", 32768),
    ("How much VRAM does Llama 3.1 8B need for 8k-token prompts?", 8192),
    ("Llama 3.1 8B with a 1M-token context", 1_000_000),  # a million (buyer28a #8)
])
def test_context_compounds_stay_contexts(q: str, ctx: int) -> None:
    assert extract(q, catalog().registry).context_tokens == ctx


def test_finetune_on_a_50m_token_dataset_is_the_training_job() -> None:
    r = ask("How long does it take to fine-tune Llama 3.1 8B on a 50M-token dataset?")
    text = head(r)
    assert not first_sentence(r).startswith("No"), text  # was a No: a 52,428,800-token context
    assert "52,428,800" not in r.answer
    assert "on 50,000,000 tokens takes about" in first_sentence(r), text
