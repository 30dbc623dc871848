"""Training money and wording (audit train2 #4, #11, #12): the tokens a budget buys, one
machine said as one (not "1 nodes") with an explanation, FSDP named only for the ZeRO stage it
matches, no "Da:" before a Romanian answer that asks no yes or no, and the multi-node note
saying what its own per-node rates show."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head
from tests.unit.rec_fixtures import real


@pytest.mark.parametrize(("q", "tokens"), [
    # $500 / $1.52/h x 23,438 tokens/s x 3,600 (4 x L40S at lium, the most tokens per $ of
    # all the recommendations' options; was 4 x RTX 3060's 9.49e9, audit regress10 #2)
    ("With a budget of $500, how many tokens can I fine-tune Llama 3.1 8B on with LoRA?",
     2.78e10),
    ("Am un buget de 500 de dolari. Pe câți tokeni pot face fine-tuning LoRA la Llama 3.1 8B?",
     2.78e10),
    # $200 / $30.32/h x 33,961 tokens/s x 3,600 (8 x B200 at verda; was 4 x RTX A6000's
    # 3.29e8)
    ("With a $200 budget, how many tokens can I LoRA fine-tune Llama 3.1 70B on?", 8.06e8),
])
def test_budget_buys_tokens(q: str, tokens: float) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("training_tokens", "tokens")
    text = head(r)
    # (audit buyer17 #5: spot is ranked too and trains more per dollar, so it leads, said to be
    # spot; ``tokens``, the on-demand figure that led before, is said after it)
    assert value > tokens and (" on spot: " in text or " pe spot: " in text)
    said = f"{tokens:,.0f}"
    assert said in text or said.replace(",", ".") in text, text
    assert "which the question does not give" not in text
    assert "pe care întrebarea nu le dă" not in text


def test_one_machine_is_not_one_nodes() -> None:
    r = ask("Continued pretraining of Qwen2.5 7B on 20B tokens must finish within a week: "
            "cheapest setup?")
    text = head(r)
    assert "1 nodes" not in text
    assert "takes one machine of 2 × NVIDIA B200 180GB (HGX)" in text
    assert "no network" not in text or "1 nodes" not in text
    # (the recommendations listed with the answer were its lead's plan, "One machine of 2 x
    # B200: no network between machines is needed."; since fix pretrain they are the
    # recommendations' own ranking, which leads with 3 x H100 at hyperbolic: noted as left)


def test_fsdp_named_for_its_zero_stage() -> None:
    text = head(ask("How many H100s do I need to full fine-tune Mistral 7B?"))
    assert "with ZeRO-3 (FSDP FULL_SHARD) sharding" in text
    assert "(FSDP) sharding" not in text


def test_ro_statement_then_question_has_no_da() -> None:
    r = ask("Am 20.000 de exemple de 1.000 de tokeni. Cât durează fine-tuning-ul LoRA la "
            "Llama 3.1 8B pe un H100 și cât costă?")
    # the time asked first ("Cât durează ... și cât costă?") is the number asked, as in English
    # (audit r22 pretrainro: it was the cost, per_training_run_usd)
    assert asked(r)[0] == "training_hours"
    text = head(r)
    assert not text.startswith("Da:")
    assert text.startswith("Pentru 20.000.000")


def test_multi_node_note_follows_its_rates() -> None:
    rec = real(model="llama-3.1-70b", workload="pretrain", training_tokens=1e11,
               allow_multi_node=True, max_job_hours=72)
    o = next(o for o in rec.options if o.offer.id == "aws-p6-b200-48xlarge")
    # 15,442 tokens/s per node over 25 nodes against 12,518 on one (1e11 in 2,219 h);
    # re-pinned: fix/trainperf counts the network between nodes once (was 13,524 over 29
    # nodes, 7 % fewer node-hours): 25 x 72.0 h against 2,219 h
    assert "~15,442 per node against ~12,518 on 1 node: faster per node" in o.why
    assert "slows each" not in o.why
    assert "19% fewer node-hours" in o.why
