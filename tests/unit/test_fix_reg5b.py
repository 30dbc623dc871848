"""A named provider whose only machine holding the GPUs asked is doubted (audit regress5 #4):
Nebius's 8-GPU H100/H200/B200 boxes carry undated prices ($23.60/$28.00/$44.00 per machine)
that conflict with Nebius's own dated per-GPU rates ($4.50/$5.40/$8.50, "effective October 1,
2026", catalog/offers/nebius.csv). The answer prices that machine at its catalog price with the
doubt and the dated rate as the likely current price, never 8 single-GPU VMs "joined over the
network" for a model that must sit in one machine, and never hours with no cost. In English and
in Romanian, with the same numbers."""
from __future__ import annotations

from tests.unit.ask_fixtures import ask, head


def test_serving_405b_on_8_h200_at_nebius_is_one_machine_with_dated_rate() -> None:
    text = head(ask("How much to serve Llama 3.1 405B fp8 on 8 H200 at Nebius?"))
    assert "joined over the network" not in text
    assert "8 × NVIDIA H200 SXM 141GB at nebius for $28.00/h" in text  # the catalog's machine price
    assert "$5.40/h per GPU" in text and "$43.20/h for 8" in text  # Nebius's dated rate


def test_price_of_8_h100_at_nebius_en_ro() -> None:
    en = head(ask("What's Nebius's price for 8 H100?"))
    assert "$23.60/h at nebius" in en
    assert "8 machines of 1 × NVIDIA H100 SXM5" not in en
    assert "$4.50/h per GPU" in en and "$36.00/h for 8" in en
    ro = head(ask("Cât costă 8 H100 la Nebius pe oră?"))
    assert "8 mașini cu 1 × NVIDIA H100 SXM5" not in ro
    ro = ro.replace("\xa0", " ")
    assert "23,60 USD/oră la nebius" in ro
    assert "4,50 USD/oră pe GPU" in ro and "36,00 USD/oră pentru 8" in ro


def test_full_finetune_on_8_b200_at_nebius_has_cost_with_both_rates() -> None:
    text = head(ask("Cost to fine-tune Llama 3.1 70B full on 8 B200 at Nebius for 1B tokens"))
    assert "22.2 hours" in text
    assert "about $988.36 in all" in text  # the catalog's $44.00/h machine
    # 22.2 h x 8 x $8.50 at the dated rate
    assert "$8.50/h per GPU" in text and "$1,509" in text and "$68.00/h for 8" in text


def test_full_finetune_8b_on_8_h100_at_nebius_has_cost() -> None:
    text = head(ask("Fine-tune Llama 3.1 8B full on 8 H100 at Nebius for 1B tokens: cost?"))
    assert "about $103.36 in all" in text
    assert "$36.00/h for 8" in text


def test_cheapest_way_to_serve_405b_at_nebius_is_priced() -> None:
    text = head(ask("Cheapest way to serve Llama 3.1 405B at Nebius?"))
    assert "No offer in the catalog" not in text
    assert "at nebius for $23.60/h" in text
    assert "8 × NVIDIA H200 SXM 141GB" in text and "$28.00/h" in text
    # the lead's doubt, as the 8 x H100 price answer gives it
    assert "$4.50/h per GPU" in text and "$36.00/h for 8" in text
