"""Training answers that led with the wrong thing (buyer audit, task trainlead).

1. A pre-training run with no deadline that takes months on the cheapest setup, or on the
   fewest GPUs named that hold it, led with that setup ("how much to pretrain a 7B model on
   1T tokens?": 8 x B200 for 72 days; "... on H100s": 2 x H100 for 659 days, the 56-GPU plan
   in a warning). The plan that finishes within 30 days now leads, said as assumed, with the
   smaller setup's own days and cost beside it; short runs (1B on 20B tokens) are unchanged.
2. A bare size in millions ("a 125M model") was no size, and a pre-training run from scratch
   with no tokens gave the memory: 125M is 0.125B (a stand-in scaled to it), and a time or a
   cost with no tokens is for ~20 tokens per parameter (Hoffmann et al. 2022,
   arXiv:2203.15556), said as assumed.
3. Preference pairs ("20k pairs", "20k de perechi") were no training set: each pair is two
   sequences of the fine-tune's sequence length, and "how long to DPO ... on an H100" leads
   with the time and cost on the fewest H100s that hold it, not with the memory on one."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

# --- 1. a long pre-training run leads with the plan within 30 days -------------------------------


@pytest.mark.parametrize("question", [
    "how much to pretrain a 7B model on 1T tokens?",
    "pre-training a 7B model on 1T tokens, what do I need?",
])
def test_long_pretrain_leads_with_a_30_day_plan(question: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    assert "within 30 days" in first and "nodes of 8 ×" in first, first
    days = float(first.split("about ")[1].split(" days")[0])
    assert days <= 30, first
    text = head(r)
    assert "No deadline was stated: this is a plan that finishes within 30 days." in text
    # the cheapest setup's own months, as an aside
    assert "it takes about 72.5 days" in text, text


def test_long_pretrain_cost_asks_the_plans_cost() -> None:
    r = ask("how much to pretrain a 7B model on 1T tokens?")
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert f"${value:,.0f}" in first_sentence(r)


def test_long_pretrain_on_a_gpu_named_leads_with_its_plan() -> None:
    r = ask("pretraining a 7B model on 1T tokens on H100s")
    first = first_sentence(r)
    assert first.startswith("To pre-train") and "within 30 days" in first, first
    assert "× NVIDIA H100" in first and "2 × NVIDIA H100" not in first, first
    text = head(r)
    assert "No deadline was stated" in text
    assert "On 2 × NVIDIA H100 SXM5 80GB at hyperbolic it takes about 659 days" in text, text
    # the plan is the answer, not a warning beside another one
    assert "over 30 days" not in r.answer


def test_long_pretrain_in_romanian() -> None:
    r = ask("cât costă pre-antrenarea unui model 7B pe 1T de tokeni?")
    first = first_sentence(r)
    assert "în cel mult 30 de zile" in first and "noduri de 8 ×" in first, first
    assert "Nu s-a dat un termen" in head(r)


def test_short_pretrain_is_unchanged() -> None:
    r = ask("how long to pretrain a 1B model on 20B tokens?")
    first = first_sentence(r)
    assert first.startswith("Pre-training Meta Llama 3.2 1B"), first
    assert "hours" in first and "within 30 days" not in first
    assert "No deadline was stated" not in r.answer


def test_a_count_stated_is_still_answered_as_stated() -> None:
    r = ask("how long to pretrain a 7B model on 1T tokens on 8 H100s?")
    assert "within 30 days" not in first_sentence(r)
    assert "No deadline was stated" not in r.answer


# --- 2. a size in millions, pre-training from scratch with no tokens -----------------------------


@pytest.mark.parametrize(("text", "b"), [
    ("train a 125M model from scratch", 0.125),
    ("how long to train a 125M parameter model from scratch?", 0.125),
    ("a 350m-parameter model", 0.35),
    ("antrenează un model de 125M de la zero", 0.125),
    ("125 de milioane de parametri", 0.125),
])
def test_a_size_in_millions_is_read(text: str, b: float) -> None:
    assert extract(text, catalog().registry).params_b == pytest.approx(b)


@pytest.mark.parametrize("text", ["llama 3.1 8b on 10M tokens", "1M context for a 7B model",
                                  "$1M budget"])
def test_millions_of_other_things_are_no_size(text: str) -> None:
    assert extract(text, catalog().registry).params_b in (None, 7.0)


def test_from_scratch_with_tokens_gives_a_time() -> None:
    r = ask("train a 125M model from scratch on 10B tokens, how long on an A100?")
    assert asked(r)[0] == "training_hours"
    assert "0.125B model" in r.answer and "0.1B" not in r.answer


def test_from_scratch_without_tokens_assumes_20_per_parameter() -> None:
    r = ask("how long to train a 125M parameter model from scratch?")
    first = first_sentence(r)
    assert first.startswith("Pre-training a 0.125B model"), first
    assert "2,500,000,000" in first and "20 tokens per parameter" in first, first
    assert "2203.15556" in first
    assert asked(r)[0] == "training_hours"


def test_from_scratch_without_tokens_in_romanian() -> None:
    r = ask("cât durează antrenarea de la zero a unui model de 125M?")
    first = first_sentence(r)
    assert "2.500.000.000" in first and "20 de tokeni per parametru" in first, first
    assert asked(r)[0] == "training_hours"


def test_memory_asked_has_no_assumed_tokens() -> None:
    r = ask("how much memory to pretrain a 1B model?")
    assert "tokens per parameter" not in head(r)
    assert asked(r)[0] == "total_gib"


# --- 3. preference pairs -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "want"), [
    ("how long to DPO llama 3.1 8b on 20k pairs on an H100?", (20_000, None)),
    ("cât durează DPO pe llama 3.1 8b cu 20k de perechi pe un H100?", (20_000, None)),
    ("5000 preference pairs of 1024 tokens", (5_000, 1_024)),
    ("2 pairs of H100s", None),
])
def test_pairs_are_read(text: str, want: tuple[int, int | None] | None) -> None:
    from service.domain.answer.understand import training_pairs

    assert training_pairs(text) == want


def test_dpo_on_pairs_leads_with_time() -> None:
    r = ask("how long to DPO llama 3.1 8b on 20k pairs on an H100?")
    first = first_sentence(r)
    assert first.startswith("Full DPO fine-tuning of Meta Llama 3.1 8B on 81,920,000"), first
    # 1.3 hours on 3 x H100, the fewest that keep the headroom (fix/smallfix; it pinned the
    # 57 minutes on 4, the count doubled past 2)
    assert "20,000 pairs × 2 sequences" in first and "1.3 hours on 3 × NVIDIA H100" in first, \
        first
    assert "$" in first and not first.startswith("No")
    quantity, _, _ = asked(r)
    assert quantity == "training_hours"
    assert "It does not fit on 1 × NVIDIA H100 SXM5 80GB" in head(r)


def test_dpo_on_pairs_in_romanian() -> None:
    r = ask("cât durează DPO pe llama 3.1 8b cu 20k de perechi pe un H100?")
    first = first_sentence(r)
    assert first.startswith("Fine-tuning DPO complet pentru Meta Llama 3.1 8B pe 81.920.000"), \
        first
    assert "20.000 de perechi × 2 secvențe" in first and "durează aproximativ" in first, first
    assert asked(r)[0] == "training_hours"
    assert "Nu încape pe 1 × NVIDIA H100" in head(r)
