"""Training answers priced and sized as /v1/recommendations price and size them (audit train2
#6, #7, #9, #11): a fine-tune with a deadline or a budget leads with spot where the
recommendations do (a fine-tune checkpoints and is interruptible by default), the on-demand
cost beside it, on-demand kept where spot is ruled out; a deadline's count keeps the 10 %
memory headroom; "keeps 10% of each GPU's memory free" only where it does; the multi-node
deadline note claims no slowdown its numbers do not show."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head
from tests.unit.rec_fixtures import real

_70B = ("Full fine-tune Llama 3.1 70B on 1B tokens in 48 hours: how many H100s and what does "
        "it cost?")


def _spot_lead() -> float:
    """The recommendations' spot total for the 70B run within 48 hours: $782.56 on AWS's
    p5 spot price ($1.27/GPU-h, trusted since a high price is judged against AWS's own:
    it was $1,512 at CoreWeave's spot while AWS's prices were doubted)."""
    rec = real(model="llama-3.1-70b", workload="finetune", training_tokens=1e9,
               finetune={"method": "full"}, allow_multi_node=True, max_job_hours=48,
               gpus=["H100"])
    lead = rec.options[0]
    assert lead.pricing_model == "spot" and lead.cost.per_job_usd is not None
    return lead.cost.per_job_usd


def test_deadline_fine_tune_leads_with_spot_as_recommendations() -> None:
    spot = _spot_lead()
    r = ask(_70B)
    text = head(r)
    assert asked(r)[:2] == ("gpu_count", 16)
    assert "within 2 days on spot takes 16 × NVIDIA H100 SXM5 80GB" in text
    # the same run's total as the recommendations' spot option, on-demand beside (within a
    # dollar: the answer's is $0.70 above the recommendations' $781.86, its storage)
    said = re.search(r"about \$([\d,.]+) in all", text)
    assert said is not None, text
    assert float(said[1].replace(",", "")) == pytest.approx(spot, abs=1), text
    assert "On demand, without restarts, it takes 16 × NVIDIA H100 SXM5 80GB" in text
    # (3,559 before one copy of a sharded checkpoint was stored for the run: fix pretrain;
    # 3,552 before fix/trainperf counted the network between nodes once: re-pinned)
    assert "about $3,256 in all" in text.split("On demand, without restarts")[1]


def test_deadline_fine_tune_spot_ro() -> None:
    text = head(ask("Fine-tuning complet la Llama 3.1 70B pe 1B de tokeni în 48 de ore: câte "
                    "H100 îmi trebuie și cât costă?"))
    assert "pe spot cere 16 × NVIDIA H100 SXM5 80GB" in text
    said = re.search(r"aproximativ ([\d.,]+)\u00a0USD în total", text)  # a no-break space
    assert said is not None, text
    assert float(said[1].replace(".", "").replace(",", ".")) == pytest.approx(_spot_lead(),
                                                                              abs=1), text
    assert "La cerere, fără reporniri, cere 16 × NVIDIA H100 SXM5 80GB" in text


@pytest.mark.parametrize("q", [
    _70B + " The job cannot be interrupted.",
    "Full fine-tune Llama 3.1 70B on 1B tokens in 48 hours on demand: how many H100s and what "
    "does it cost?",
])
def test_deadline_fine_tune_stays_on_demand_where_spot_ruled_out(q: str) -> None:
    text = head(ask(q))
    assert "on spot" not in text
    # re-pinned: fix/trainperf counts the network between nodes once (was $3,552)
    assert "about $3,256 in all" in text
    assert "On demand, without restarts" not in text


def test_budget_fine_tune_leads_with_spot_as_recommendations() -> None:
    r = ask("LoRA fine-tune Llama 3.1 70B on 1B tokens in 3 days with a budget of $500")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    assert value == pytest.approx(65.04, abs=0.01)  # 4 x B200 on spot at verda
    text = head(r)
    assert "costs about $65.04 on 4 × NVIDIA B200 180GB (HGX) at verda" in text
    assert "That is on spot" in text
    assert "On demand it is about $251.37 on 2 × NVIDIA B200 180GB (HGX)" in text


@pytest.mark.parametrize("q", [
    "How many H100s do I need to full fine-tune Mistral 7B on 2B tokens in 3 days?",
    "How many H100s do I need to full fine-tune Mistral 7B?",
])
def test_deadline_count_keeps_the_headroom(q: str) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", 2)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.total_gib == pytest.approx(68.4, abs=0.05)  # ZeRO-3, not 74.7


def test_headroom_claim_follows_the_numbers() -> None:
    text = head(ask("Full fine-tune Qwen2.5 72B on 16 H100s with ZeRO-3: memory per GPU?"))
    assert "78.4 GiB per GPU" in text
    assert "keeps 10% of each GPU's memory free" not in text
    assert "leaves only 1% of each GPU's memory free" in text


def test_multi_node_deadline_note_claims_no_slowdown() -> None:
    rec = real(model="llama-3.1-70b", workload="pretrain", training_tokens=1e11,
               allow_multi_node=True, max_job_hours=72)
    notes = [a.reason for a in rec.assumptions if a.name == "max_job_hours"]
    assert notes and "slows each" not in notes[0]
    assert "faster or slower per node" in notes[0]
