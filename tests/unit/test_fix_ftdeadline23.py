"""A fine-tune with a deadline leads with the cheapest plan that meets it, not the fewest GPUs,
and a GPU count the question states is kept (audit buyer22b #6, /tmp/r23/ftdeadline.md):

1. "QLoRA fine-tune of llama 3.1 70b on 200M tokens using spot H100s, finish within 3 days"
   led with 1 × H100 for $54.63 (53.4 h on spot) where 8 × H100 finish the same job in 4.4 h
   for $34.25, the plan /v1/recommendations ranks first for the same body. The sizing's own
   rate per GPU is higher on 4 or more H100 (FSDP shards the frozen NF4 base, so the run fits
   without activation recomputation) than on one (recomputation on): the cheaper plan is the
   model's own estimate. Now the cheapest count leads (a tie to the fewer GPUs) and the
   fewest that meet the deadline follow it with their time and cost.
2. A count stated with a deadline on spot ("on 2 H100s, spot, within 10 hours") was dropped
   for the count that meets it ("takes 4 × H100"), and "on 2 GPUs" too (4 × L40S). The count
   stated is kept: whether it meets the deadline, and if not, the count that would.

Figures are compared with /v1/recommendations for the same job, never pinned."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

JOB = {"model": "llama-3.1-70b", "workload": "finetune", "finetune": {"method": "qlora"},
       "training_tokens": 200_000_000, "max_job_hours": 72, "top_n": 5}


def _cheapest_spot(gpu: str) -> tuple[int, float]:
    """The count and whole-job cost of the first option /v1/recommendations gives the job on
    ``gpu`` (a fine-tune is interruptible by default: spot, with its restarts)."""
    req = msgspec.convert({**JOB, "gpus": [gpu]}, RecommendationRequest)
    o = recommend(req, catalog(), TODAY).options[0]
    assert o.cost.per_job_usd is not None
    return o.offer.gpu_count * o.nodes, o.cost.per_job_usd


def _lead_count(text: str) -> int:
    m = re.search(r"(\d+) × NVIDIA H100", text)
    assert m, text
    return int(m.group(1))


@pytest.mark.parametrize("question", [
    "QLoRA fine-tune of llama 3.1 70b on 200M tokens using spot H100s, finish within 3 days",
    "spot H100 for a 3 day qlora job on llama 3.1 70b, 200M tokens: cost and risk?",
    "fine-tuning QLoRA pentru llama 3.1 70b pe 200M de tokeni pe H100, spot, gata în 3 zile",
])
def test_deadline_leads_with_cheapest_count(question: str) -> None:
    r = ask(question)
    count, usd = _cheapest_spot("h100-sxm")
    q, value, unit = asked(r)
    assert (q, unit) == ("per_training_run_usd", "USD"), r.answer
    # the plan the recommendations rank first: 8 x H100, not 1 x H100 at $54.63
    assert value == pytest.approx(usd, abs=0.01), r.answer
    assert _lead_count(first_sentence(r)) == count == 8, r.answer


@pytest.mark.parametrize(("question", "fewest"), [
    ("QLoRA fine-tune of llama 3.1 70b on 200M tokens using spot H100s, finish within 3 days",
     "The fewest GPUs that finish within 3 days are 1 × NVIDIA H100"),
    ("fine-tuning QLoRA pentru llama 3.1 70b pe 200M de tokeni pe H100, spot, gata în 3 zile",
     "Cele mai puține GPU-uri care termină în cel mult 3 zile sunt 1 × NVIDIA H100"),
])
def test_fewest_plan_said_after_cheapest(question: str, fewest: str) -> None:
    text = head(ask(question))
    assert fewest in text, text
    # after the lead, with the reason its rate per GPU is lower
    assert text.index(fewest) > len(first_sentence(ask(question)))
    assert "gradient checkpointing" in text, text


def test_no_gpu_named_cheapest_count_of_the_gpu() -> None:
    # no GPU named, spot: the GPU chosen is planned at its cheapest count; the GPUs are now
    # the spot recommendations' own, so 4 x B200 at $15.21 leads (it was 8 x H100 at $34.25,
    # the fewest 4 x H100 after it, among the on-demand top 3's GPUs: audit spotgpus23)
    en = ask("qlora fine-tune llama 3.1 70b on 200M tokens, spot, finish within 3 days")
    ro = ask("fine-tuning QLoRA pentru llama 3.1 70b pe 200M de tokeni, spot, gata în 3 zile")
    count, usd = _cheapest_spot("b200")  # was "h100-sxm" (audit spotgpus23)
    for r in (en, ro):
        assert asked(r)[1] == pytest.approx(usd, abs=0.01), r.answer
        assert f"{count} × NVIDIA B200" in first_sentence(r), r.answer  # was 8 × H100


def test_stated_count_on_spot_missing_the_deadline_is_kept() -> None:
    r = ask("qlora fine-tune llama 3.1 70b on 200M tokens on 2 H100s, spot, within 10 hours")
    first = first_sentence(r)
    assert first.startswith("No: on 2 × NVIDIA H100"), r.answer
    assert "more than 10 hours; 4 × NVIDIA H100" in first, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    assert r.numbers.asked.value > 10  # the 2 GPUs' own hours, with restarts


@pytest.mark.parametrize("question", [
    "qlora fine-tune llama 3.1 70b on 200M tokens on 2 H100s, spot, within 2 days",
    "qlora fine-tune llama 3.1 70b on 200M tokens on 2 GPUs, spot, within 2 days",
])
def test_stated_count_on_spot_meeting_the_deadline_is_kept(question: str) -> None:
    r = ask(question)
    first = first_sentence(r)
    # was 4 × L40S for "on 2 GPUs"; the 2 stated are planned and said to meet it
    assert re.search(r"takes 2 × NVIDIA", first), r.answer
    assert first.startswith("Yes"), r.answer
