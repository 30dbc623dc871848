"""GPUs priced with no model at a provider (buyer audit 25a #2, nodeprice).

"how much do 2 H100s cost per month on AWS?" was priced as AWS's whole 8-GPU p5.48xlarge,
$39,629/month with 6 GPUs idle, and called "the cheapest way to get 2", though the same
answer named AWS's 1-GPU p5.4xlarge at $6.88/h: two of them cost $13.76/h, $9,907/month.
4 H100 were the same $39,629 (four p5.4xlarge: $19,814); 2 L40S the 4-GPU g6e.12xlarge at
$7,555 (two g6e.xlarge: $2,680). RunPod's 2 H100 were already 2 machines of 1 GPU.

Now separate smaller machines that make up the count lead where they cost less in all, said
joined over the network, and the one machine that holds them all follows with what it gives
(its GPUs joined by NVLink, or over PCIe), the one a model split by tensor parallelism needs.
A tie to the cent goes to the one machine (GCP's 2-GPU A100 machine); a machine or node
asked stays one machine. Prices are read from the catalog, not pinned."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head

_MONTH_H = 720.0  # 24 h/day, 30 days/month


def _od(offer_id: str) -> float:
    """An offer's on-demand $/h, from the catalog."""
    v = next(v for v in catalog().views(TODAY) if v.id == offer_id)
    assert v.on_demand_usd_h is not None
    return v.on_demand_usd_h


def _single_cheapest(gpu: str) -> float:
    """The cheapest trusted on-demand price of a 1-GPU machine of ``gpu``, any provider."""
    return min(v.on_demand_usd_h for v in catalog().views(TODAY)
               if v.gpu == gpu and v.gpu_count == 1 and not v.stale and not v.suspect
               and v.on_demand_usd_h is not None)


def _lead(r: AskResponse) -> str:
    return head(r).split(". ")[0]


_SEPARATE = [
    # (question, GPUs, the 1-GPU offer that makes them up, the one machine that holds them)
    ("how much do 2 H100s cost per month on AWS?", 2, "aws-p5-4xlarge", "aws-p5-48xlarge"),
    ("how much do 4 H100s cost per month on AWS?", 4, "aws-p5-4xlarge", "aws-p5-48xlarge"),
    ("how much do 3 H100s cost per month on AWS?", 3, "aws-p5-4xlarge", "aws-p5-48xlarge"),
    ("price for 2 L40S on AWS per month", 2, "aws-g6e-xlarge", "aws-g6e-12xlarge"),
    ("Cât costă 2 H100 pe lună la AWS?", 2, "aws-p5-4xlarge", "aws-p5-48xlarge"),
    ("cât costă 4 H100 pe lună la AWS?", 4, "aws-p5-4xlarge", "aws-p5-48xlarge"),
]


@pytest.mark.parametrize(("q", "n", "single", "whole"), _SEPARATE)
def test_separate_machines_lead_where_cheaper(q: str, n: int, single: str,
                                              whole: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")
    # 2 x $6.88 x 720 = $9,907 (was the whole 8-GPU machine, $55.04 x 720 = $39,629)
    assert value == pytest.approx(n * _od(single) * _MONTH_H, rel=1e-6), r.answer
    assert value < _od(whole) * _MONTH_H
    lead = _lead(r)
    if r.lang == "ro":
        assert f"{n} mașini cu 1 ×" in lead and "legate prin rețea" in lead, lead
        assert "cel mai ieftin mod" not in r.answer
        assert "toată mașina cu" in head(r) and "paralelism tensorial" in head(r)
    else:
        assert f"{n} machines of 1 ×" in lead and "joined over the network" in lead, lead
        assert "the cheapest way" not in r.answer
        # the one machine follows, with what it gives and its own price
        assert "independent replicas" in head(r) and "tensor parallelism" in head(r)
        assert "the whole machine of" in head(r)
    money = re.escape(f"{_od(whole) * _MONTH_H:,.0f}") if r.lang == "en" else re.escape(
        f"{_od(whole) * _MONTH_H:,.0f}".replace(",", "."))
    assert re.search(money, head(r)), head(r)
    # the separate machines first, the one machine after them
    assert head(r).index("machine" if r.lang == "en" else "mașini") < head(r).index(
        "tensor" if r.lang == "en" else "tensorial")


@pytest.mark.parametrize(("q", "link"), [
    ("how much do 2 H100s cost per month on AWS?", "its GPUs joined by NVLink"),
    ("price for 2 L40S on AWS per month", "its GPUs joined over PCIe"),
    ("Cât costă 2 H100 pe lună la AWS?", "legate prin NVLink"),
])
def test_the_one_machine_says_its_link(q: str, link: str) -> None:
    assert link in head(ask(q))


def test_an_hour_and_a_run_are_priced_alike() -> None:
    hour = ask("how much do 2 H100s cost per hour on AWS?")
    assert asked(hour)[:2] == ("per_hour_usd", pytest.approx(2 * _od("aws-p5-4xlarge")))
    run = ask("how much do 2 H100s cost for 10 hours on AWS?")
    quantity, value, _ = asked(run)
    # AWS bills by the second: 10 hours of 2 x p5.4xlarge, $137.60 (was $550.40)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(10 * 2 * _od("aws-p5-4xlarge"), abs=0.01), run.answer
    assert "2 machines of 1 ×" in _lead(run)
    assert f"${10 * _od('aws-p5-48xlarge'):,.2f} for 10 hours" in head(run), head(run)


def test_no_provider_named_compares_the_same_way() -> None:
    # 4 A100 40GB: four single-GPU machines ($0.72/h each) before primeintellect's 8-GPU
    # machine rented whole ($5.77/h), which was "the cheapest way to get 4"
    r = ask("how much do 4 A100s cost per hour?")
    assert asked(r)[:2] == ("per_hour_usd",
                            pytest.approx(4 * _single_cheapest("a100-sxm-40gb")))
    assert "the cheapest way" not in r.answer and "machines of 1 ×" in _lead(r)


def test_storage_month_compares_the_same_way() -> None:
    r = ask("how much do 2 H100 cost per month on AWS with 1 TB of storage?")
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd"
    gpu = 2 * _od("aws-p5-4xlarge") * _MONTH_H
    assert gpu < value < gpu + 200, r.answer  # was the 8-GPU machine's $39,629 + storage
    assert "2 machines of 1 ×" in _lead(r) and "the whole machine of 8" in head(r)


@pytest.mark.parametrize(("q", "offer", "n"), [
    # the 8-GPU machine is the right one for 8 GPUs
    ("how much do 8 H100s cost per month on AWS?", "aws-p5-48xlarge", 8),
    # one machine of 2 costs what two of 1 cost, to the cent: the one machine leads
    ("how much do 2 A100 cost per month on GCP?", "gcp-a2-highgpu-2g", 2),
])
def test_one_machine_still_leads_where_no_dearer(q: str, offer: str, n: int) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("per_month_usd", pytest.approx(_od(offer) * _MONTH_H))
    assert head(r).startswith(f"A machine with {n} ×"), head(r)
    assert "joined over the network" not in head(r)


def test_a_machine_asked_stays_one_machine() -> None:
    r = ask("how much is a machine with 2 H100 on AWS per hour?")
    assert asked(r)[:2] == ("per_hour_usd", pytest.approx(_od("aws-p5-48xlarge")))
    assert "machines of 1 ×" not in head(r)
