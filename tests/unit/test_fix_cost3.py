"""/v1/ask money-over-time items left open (audit cost, /tmp/audit/out/cost.md), fixed:

2. repeated short runs are priced per run as each provider bills it, the cheapest after
   billing leading, as /v1/recommendations ranks a usage with ``sessions_per_day``;
3. the GPU count stated is kept in every figure of a billing-granularity answer;
8. spot against on-demand is like for like (the model's cheapest of each), a spot month
   carries the recommendations' restart overhead, and a fine-tune's spot vs on-demand
   question answers both job totals;
9. an instance type named is priced for a short run with its minimum charge, and "100 GB of
   disk" is a storage price.

Expected figures come from the catalog (machine prices, billing terms) and the
recommendations' own rules, never from an answer."""

from __future__ import annotations

import pytest

from service.domain.recommend.context import (
    billed_for,
    billing_terms_of,
)
from service.domain.recommend.types import MONTH_DAYS
from tests.unit.ask_fixtures import ask, asked, catalog, head


def _offer(provider: str, gpu: str, count: int) -> float:
    return min(o.on_demand_usd_h for o in catalog().offers
               if o.provider == provider and o.gpu == gpu and o.gpu_count == count
               and o.on_demand_usd_h is not None)


def _run_month(provider: str, gpu: str, count: int, run_h: float, runs: int) -> float:
    """A month of ``runs`` runs a day of ``run_h`` each at ``provider``, each billed as the
    recommendations bill a session (granularity, minimum charge)."""
    p = catalog().providers_by_id[provider]
    gran, minimum, _ = billing_terms_of(p)
    return _offer(provider, gpu, count) * billed_for(run_h, gran, minimum) * runs * MONTH_DAYS


# -- 2: repeated short runs ------------------------------------------------------------------------


def test_repeated_runs_lead_with_the_cheapest_billed() -> None:
    r = ask("I run a 10-minute job on one H100 20 times a day. What does it cost per month?")
    q, usd, unit = asked(r)
    assert (q, unit) == ("per_gpu_month_usd", "USD")
    vast = _run_month("vast", "h100-sxm", 1, 10 / 60, 20)
    assert usd == pytest.approx(vast)  # $180.00 billed per second, not $774.00
    assert usd < 200
    assert "at vast" in head(r)
    # the lowest hourly price, billed an hour a run, follows with its month
    assert "$1.29/h at hyperbolic, comes to $774.00/month" in head(r)


def test_repeated_runs_ro_eight_h100() -> None:
    r = ask("Cât costă un job de 10 minute pe 8 H100, de 20 de ori pe zi, pe lună?")
    q, usd, _ = asked(r)
    assert q == "per_month_usd"
    assert "8 × NVIDIA H100 SXM5 80GB" in head(r)
    # billed per second at vast, 100 h a month of 8 GPUs; lium billed 20 h a day is 8.400 USD
    assert usd == pytest.approx(_run_month("vast", "h100-sxm", 8, 10 / 60, 20))
    assert usd < _run_month("lium", "h100-sxm", 8, 10 / 60, 20)
    assert "20 × 10 minute pe zi" in head(r)
    assert "8.400\xa0USD/lună" in head(r)


# -- 3: the GPU count kept in the billing answer ---------------------------------------------------


def test_billing_granularity_answer_keeps_eight_gpus() -> None:
    r = ask("I run a 10-minute job on 8 H100s 20 times a day. What does it cost per month, "
            "and does billing granularity matter?")
    q, usd, _ = asked(r)
    assert q == "billed_per_second_usd"
    lium = _offer("lium", "h100-sxm", 8)
    assert usd == pytest.approx(lium * 100)  # 100 h a month of the 8-GPU machine: $1,400
    assert "8 × NVIDIA H100 SXM5 80GB at $14.00/h" in head(r)
    assert "$8,400 billed per hour" in head(r)
    assert "one NVIDIA H100" not in head(r)


# -- 8: spot against on-demand ---------------------------------------------------------------------


def test_spot_month_like_for_like_with_restart_overhead() -> None:
    r = ask("How much does it cost per month to serve Llama 3.1 8B on spot?")
    q, usd, _ = asked(r)
    assert q == "spot_per_month_usd"
    # primeintellect's A6000 at $0.12/h, 720 h: $86.40 of GPU time; a served model keeps no
    # checkpoint, so no restart overhead (audit regress5 #7; it was $88.20 with 2.1 % more)
    assert "$86.40 of GPU time at $0.12/h" in head(r)
    assert usd - 0.12 * 720 == pytest.approx(3.17, abs=0.01)  # the weights' disk
    assert "2.1% more run time" not in head(r)
    # the saving is like for like, the A6000's own on-demand price (audit ask_ro #10: the
    # A6000's spot against an RTX 3090 on-demand was "33% less"); the model's cheapest
    # on-demand setup, another card, is said after it with no percentage (test_fix_bspot)
    # (primeintellect's own on-demand $0.47 of the same offer, like for like: audit
    # buyer27a #9; it was cudo's $0.4698, $341.42)
    assert "$341.57/month on-demand at $0.47/h (74% less), at primeintellect." in head(r)
    assert "on another card: 1 × NVIDIA GeForce RTX 3090 24GB at openrelay, $0.18/h" in head(r)


def test_qlora_spot_vs_on_demand_gives_both_job_totals() -> None:
    r = ask("What does it cost to fine-tune Llama 3.1 70B with QLoRA on 1B tokens on spot "
            "vs on-demand?")
    q, usd, _ = asked(r)
    assert q == "per_job_usd"
    assert "spot" in head(r) and "On demand it is about $" in head(r)
    assert "/h against" not in head(r)  # no longer two hourly rates only
    assert usd > 10


# -- 9: an instance type and disk ------------------------------------------------------------------


def test_thirty_seconds_on_p5_pays_the_minute() -> None:
    r = ask("How much does a 30-second job cost on AWS p5.48xlarge?")
    hour = min(o.on_demand_usd_h for o in catalog().offers
               if o.instance_type == "p5.48xlarge" and o.on_demand_usd_h is not None)
    assert asked(r) == ("per_job_usd", pytest.approx(hour * 60 / 3600), "USD")  # $0.92
    assert "p5.48xlarge (8 × NVIDIA H100 SXM5 80GB)" in head(r)
    assert "minimum charge per start" in head(r)


@pytest.mark.parametrize(("q", "first"), [
    ("How much is 100 GB of disk per month at RunPod?",
     "Storing 100 GB at RunPod costs about $7.00 a month"),
    ("How much is 100 GB of disk per month at Nebius?",
     "The catalog has no storage price for Nebius AI Cloud, so storing 100 GB a month there "
     "costs an unknown amount, not zero."),
])
def test_disk_per_month_is_a_storage_price(q: str, first: str) -> None:
    r = ask(q)
    assert r.intent == "storage_egress"
    assert head(r).startswith(first)
