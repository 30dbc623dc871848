"""/v1/ask money questions (r12c, audit ro2 #5 and #10): the hours a sum buys of a GPU ("câte
ore de A100 primesc cu 50 de dolari?") and the GPUs a month's budget keeps running ("câte H100
îmi permit cu 5.000 USD pe lună?") were answered with a guidance passage; an egress question
worded around the data ("am 150 de GB de date, cât costă egress-ul la GCP?") gave the rate
alone, not the total that "egress-ul pentru 150 GB" gives."""

from __future__ import annotations

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, machine_price
from tests.unit.ask_fixtures import first_sentence as _first


def first_sentence(r: AskResponse) -> str:
    """The lead, its no-break spaces ("16,64\u00a0USD") read as spaces."""
    return _first(r).replace("\u00a0", " ")


@pytest.mark.parametrize(("question", "gpu", "budget"), [
    ("Câte ore de A100 primesc cu 50 de dolari?", "a100-sxm-40gb", 50.0),
    ("How many hours of A100 do I get for $50?", "a100-sxm-40gb", 50.0),
    ("Câte ore de H100 primesc cu 100 USD?", "h100-sxm", 100.0),
    ("Câte ore de GPU H100 pot cumpăra cu 500 de dolari?", "h100-sxm", 500.0),
    ("How many hours of H100 can I buy with $500?", "h100-sxm", 500.0),
])
def test_hours_a_sum_buys_lead(question: str, gpu: str, budget: float) -> None:
    r = ask(question)
    quantity, hours, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h"), r.answer
    assert hours == pytest.approx(budget / machine_price(gpu), rel=1e-6)
    assert r.intent == "cost"


def test_fifty_dollars_of_a100_is_about_69_hours() -> None:
    r = ask("Câte ore de A100 primesc cu 50 de dolari?")
    assert asked(r)[1] == pytest.approx(69.44, abs=0.01)
    assert first_sentence(r).startswith("Cu 50,00 USD, 1 × NVIDIA A100"), first_sentence(r)
    assert "69,4 ore" in first_sentence(r)


@pytest.mark.parametrize(("question", "gpus", "left"), [
    ("Câte H100 îmi permit cu 5.000 USD pe lună?", 5, "356,00 USD"),
    ("How many H100s can I afford with $5,000 per month?", 5, "$356.00"),
    ("Am un buget de 1.000 USD pe lună, câte H100 pot închiria?", 1, "71,20 USD"),
    ("I have a budget of $1,000 per month, how many H100s can I rent?", 1, "$71.20"),
])
def test_gpus_a_months_budget_keeps_running(question: str, gpus: int, left: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, value, unit) == ("gpus_affordable", gpus, "GPUs"), r.answer
    lead = first_sentence(r)
    # 1.29 USD/h x 720 h = 928.80 a month each
    month = machine_price("h100-sxm") * 720
    assert month == pytest.approx(928.80)
    assert f"{gpus} × NVIDIA H100" in lead, lead
    assert ("928,80 USD" in lead) or ("$928.80" in lead), lead
    assert left in lead, lead


def test_a_months_budget_below_one_gpu_says_so_with_the_hours() -> None:
    r = ask("How many H100s can I afford with $500 a month?")
    quantity, hours, _ = asked(r)
    assert quantity == "budget_hours", r.answer
    assert hours == pytest.approx(500 / 1.29, rel=1e-6)
    assert first_sentence(r).startswith("With $500.00 a month, not one NVIDIA H100"), r.answer


@pytest.mark.parametrize(("question", "total"), [
    ("Am 150 de GB de date, cât costă egress-ul la GCP?", "16,64 USD"),
    ("I have 150 GB of data, how much does egress cost at GCP?", "$16.64"),
])
def test_egress_of_the_data_stated_leads_with_its_total(question: str, total: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("egress_usd", "USD"), r.answer
    # (150 GB = 139.7 GiB - the first free GiB) x 0.12 USD/GiB
    assert value == pytest.approx((150 / 1.073741824 - 1) * 0.12, rel=1e-3)
    assert total in first_sentence(r), r.answer
