"""/v1/ask "node/server/machine" words (audit reg3), each pinned in English and Romanian where
it has words:

1. a node word prices the catalog's largest whole machine of a GPU only where it is the thing
   priced and attached to the GPU ("an H100 node", "a node of H100s", "nod de H100", "un
   server cu H100-uri"); never with a count of one stated ("one", "a single", "single-GPU",
   "un singur", "o mașină cu un H100") nor where the word is another thing's ("our inference
   server", "a state machine", "serverul nostru"): was 8 x H100 at $10,080/month for one card;
2. "an H100 node" with no count is that largest machine's GPUs for the sizing, speed,
   training and fit answers as it is for the price (was 1 x H100), and a cost of "an 8x H100
   node for a 2-week training run" with no model prices the GPUs for those hours (was only a
   guidance passage)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, machine_price


def _largest(gpu: str) -> int:
    """The largest whole machine of ``gpu`` any trusted on-demand offer rents."""
    return max(v.gpu_count for v in catalog().views(TODAY) if v.gpu == gpu and not v.stale
               and not v.suspect and v.on_demand_usd_h is not None)


# -- 1. the node word's reading ----------------------------------------------------------------

ONE_CARD = [
    "How much is an H100 for our inference server per month?",
    "How much does a server with one L40S cost per month?",
    "How much is a virtual machine with one RTX 4090 per hour?",
    "How much does one A10G cost per hour for our state machine workflow?",
    "What is the price of a single-GPU H100 machine per hour?",
    "Cât costă un H100 pe lună? Serverul nostru are deja două A100.",
    "Cât costă o mașină cu un singur H100 pe oră?",
    "Cât costă o mașină cu un H100 pe oră?",
    "How much is a single H100 server per hour?",
]


@pytest.mark.parametrize("q", ONE_CARD)
def test_a_count_of_one_or_another_things_word_is_no_node(q: str) -> None:
    assert not stated(q, catalog().registry).node
    r = ask(q)
    first = first_sentence(r)
    assert "A machine with" not in first and "O mașină cu" not in first, first
    quantity, _, _ = asked(r)
    assert quantity in ("per_gpu_hour_usd", "per_gpu_month_usd"), r.answer


@pytest.mark.parametrize("q", [
    "How much does an H100 node cost per hour?",
    "How much is an H100 server per hour?",
    "How much is an H100 GPU server per hour?",
    "How much is a node of H100s per hour?",
    "How much is an 8x H100 node per hour?",
    "Cât costă un nod H100 pe oră?",
    "Cât costă un nod de H100 pe oră?",
    "Cât costă un server cu H100-uri pe oră?",
])
def test_a_node_word_attached_to_the_gpu_is_its_machine(q: str) -> None:
    assert stated(q, catalog().registry).node
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_hour_usd"
    assert value == pytest.approx(machine_price("h100-sxm", 8))
    assert "8 × NVIDIA H100" in first_sentence(r), first_sentence(r)


def test_a_count_with_a_node_word_prices_that_count() -> None:
    r = ask("How much is a server with 4 A100s per month?")
    assert r.extracted.gpu_count == 4
    assert asked(r)[0] == "per_month_usd"
    assert "4 × NVIDIA A100" in first_sentence(r), first_sentence(r)


# -- 2. a node's GPUs beyond its price ---------------------------------------------------------


@pytest.mark.parametrize(("q", "days"), [
    ("How many days does it take to pretrain a 1B model on 100B tokens on an H100 node?",
     "2.9 days"),
    ("Câte zile durează preantrenarea unui model de 1B pe 100B de tokeni pe un nod de H100?",
     "2,9 zile"),
])
def test_a_node_trains_on_its_machine_and_days_lead(q: str, days: str) -> None:
    assert _largest("h100-sxm") == 8
    r = ask(q)
    by_count = ask("How long to pretrain a 1B model on 100B tokens on 8 H100?")
    quantity, value, unit = asked(r)
    # fix/terse24: days asked are the asked quantity in days (it was the hours, 68.6 h)
    assert (quantity, unit) == ("training_days", "days")
    assert value * 24 == pytest.approx(asked(by_count)[1], rel=1e-3)
    assert value * 24 == pytest.approx(68.6, abs=0.05)
    assert days in first_sentence(r), first_sentence(r)


def test_a_node_serves_on_its_machine() -> None:
    r = ask("Is an H100 node enough to serve llama-3.1-405b in fp8 for 100 users?")
    by_count = ask("Is 8x H100 enough to serve llama-3.1-405b in fp8 for 100 users?")
    assert "8 × NVIDIA H100" in first_sentence(r), first_sentence(r)
    assert asked(r) == asked(by_count)


@pytest.mark.parametrize("q", [
    "How much does an 8x H100 node cost for a 2-week training run?",
    "How much does an H100 node cost for a 2-week training run?",
])
def test_a_node_for_a_training_run_with_no_model_is_its_hours(q: str) -> None:
    r = ask(q)
    quantity, total, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    assert total == pytest.approx(machine_price("h100-sxm", 8) * 336)
    assert "336 hours" in first_sentence(r), first_sentence(r)
