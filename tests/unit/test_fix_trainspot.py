"""Training runs asked on spot against on-demand are priced as runs (buyer audit 17 #1, #2):
"LoRA ... on N tokens" with no "fine-tune" is the fine-tune's job (it was N output tokens
generated at fp8 on other GPUs), and a pre-training run of stated tokens gets both totals,
spot with its restarts and on-demand, and their difference (it was two hourly prices of one
card), EN and RO."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head

_LORA = "LoRA llama 3.1 70b on 500M tokens: spot vs on-demand cost?"


def test_lora_tokens_on_spot_is_the_fine_tune_job() -> None:
    r = ask(_LORA)
    text = head(r)
    tuned = ask("LoRA fine-tune llama 3.1 70b on 500M tokens: spot vs on-demand cost?")
    assert asked(r) == asked(tuned)  # the same run, whether "fine-tune" is said or not
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    assert value == pytest.approx(32.91, abs=0.01)  # 2 x B200 on spot, 16.4 h
    assert "LoRA fine-tuning of Meta Llama 3.1 70B on 500,000,000 tokens costs about $32.91" in text
    assert "On demand it is about $129.47 on 2 × NVIDIA B200 180GB (HGX)" in text
    assert "output tokens" not in text and "fp8" not in text  # was $113.17, a generation job


def test_lora_tokens_on_spot_ro() -> None:
    r = ask("LoRA pe llama 3.1 70b pe 500M tokeni: cât costă spot față de on-demand?")
    text = head(r)
    assert asked(r)[:2] == asked(ask(_LORA))[:2]
    assert "Fine-tuning LoRA pentru Meta Llama 3.1 70B pe 500.000.000 de tokeni" in text
    assert "La cerere costă aproximativ 129,47\u00a0USD" in text
    assert "tokeni de ieșire" not in text


@pytest.mark.parametrize("q", [
    "cost to pretrain a 13B model on 1T tokens on H100 spot vs on-demand",
    "how much to pretrain a 13B model on 1T tokens on spot H100s vs on-demand?",
])
def test_pretrain_spot_vs_on_demand_gives_both_totals(q: str) -> None:
    r = ask(q)
    text = head(r)
    quantity, spot_usd, unit = asked(r)
    assert (quantity, unit) == ("per_training_run_usd", "USD")
    # the on-demand run is the cost answer's own (80 x H100 within 30 days)
    od = ask("pretraining 13B on 1T tokens, cost on H100s?")
    od_usd = asked(od)[1]
    assert spot_usd < od_usd
    # re-pinned: fix/trainperf counts the network between nodes once (was 120 x H100, 31.2 %
    # for restarts over 15 instances, and 96 x H100 on demand)
    assert "within 30 days on spot takes 104 × NVIDIA H100 SXM5 80GB" in text
    assert "27.1% for restarts" in text  # over its 13 instances
    assert "No deadline was stated: both runs are planned to finish within 30 days" in text
    assert ("On demand, with no restarts, to pre-train a 13B model (Mistral NeMo 12B (2407)'s "
            "architecture scaled to 13B parameters: 43 layers) (full) on "
            "1,000,000,000,000 tokens within 30 days takes 80 × NVIDIA H100 SXM5 80GB") in text
    # 73 % since AWS's p5 spot price ($1.27/GPU-h) is trusted (47 % on CoreWeave's spot)
    pct = round(100 * (od_usd - spot_usd) / od_usd)
    assert (f"Spot saves about ${od_usd - spot_usd:,.0f} ({pct}%) on the run: "
            f"${spot_usd:,.0f} against ${od_usd:,.0f} on-demand, in all.") in text
    assert "/h against" not in text  # was "$1.00/h against $1.29/h on-demand" of 1 x H100


@pytest.mark.parametrize("q", [
    "pretraining 7B on 1T tokens: spot vs on demand cost",
    "pretraining a 1B model on 100B tokens: spot vs on-demand, what's the total cost?",
])
def test_pretrain_spot_vs_on_demand_no_gpu_named(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert asked(r)[::2] == ("per_training_run_usd", "USD")
    assert "within 30 days on spot takes" in text
    assert "On demand, with no restarts, " in text
    assert "Spot saves about" in text
    assert "RTX A6000" not in text  # 4 x RTX A6000 for 7B on 1T tokens: decades


@pytest.mark.parametrize("q", [
    "Cât costă pre-antrenarea unui model de 13B pe 1T tokeni pe H100, spot vs on-demand?",
    "Cât costă pre-antrenarea unui model de 7B pe 1T tokeni, spot sau la cerere?",
])
def test_pretrain_spot_vs_on_demand_ro(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert asked(r)[::2] == ("per_training_run_usd", "USD")
    assert "în cel mult 30 de zile pe spot cere" in text
    assert "Nu s-a dat un termen: ambele rulări sunt planificate" in text
    assert "La cerere, fără reporniri, preantrenarea" in text
    assert "Spot economisește aproximativ" in text
    assert "USD/oră față de" not in text


def test_pretrain_spot_ruled_out_is_the_on_demand_run() -> None:
    r = ask("pretrain 13B on 1T tokens on spot, the job can't be interrupted: cost?")
    text = head(r)
    assert "on spot" not in text.split("Not on spot")[0]
    assert "Not on spot: the job cannot be interrupted" in text
    assert asked(r)[1] == asked(ask("pretraining 13B on 1T tokens, cost?"))[1]
