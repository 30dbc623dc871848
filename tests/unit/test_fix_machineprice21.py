"""A training run priced on a whole machine for fewer GPUs than it has says the machine's
price as the machine's (integrator's review of session 21): "LoRA ... on an A100 80GB at AWS"
said "about $75.49 at $27.45/h per GPU (aws, the whole machine of 8 x NVIDIA A100 SXM4 80GB)"
where $27.45/h is the 8-GPU machine's hourly price (AWS rents A100s eight at a time); now
"at $27.45/h for the machine". A price that is per GPU keeps "per GPU".

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

from tests.unit.ask_fixtures import ask, catalog, head


def _machine_price(provider: str, gpu: str, count: int) -> float:
    prices = [o.on_demand_usd_h for o in catalog().offers
              if o.provider == provider and o.gpu == gpu and o.gpu_count == count
              and o.on_demand_usd_h]
    assert prices, (provider, gpu, count)
    return min(prices)


def test_a_whole_machine_for_one_gpu_is_priced_per_machine() -> None:
    text = head(ask("LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS, "
                    "what will it cost?")).replace("\u00a0", " ")
    m = re.search(r"at \$([\d,.]+)/h for the machine \(aws, the whole machine of 8 ", text)
    assert m is not None, text
    assert float(m.group(1).replace(",", "")) == round(
        _machine_price("aws", "a100-sxm-80gb", 8), 2)
    assert "/h per GPU (aws, the whole machine" not in text


def test_romanian_says_it_per_machine_too() -> None:
    text = head(ask("Fine-tune LoRA Llama 3.1 8B pe 50M de tokeni pe un A100 80GB la AWS, "
                    "cât costă?")).replace("\u00a0", " ")
    assert "/oră pentru mașină (aws, toată mașina cu 8 " in text, text
    assert "/oră pe GPU (aws, toată mașina" not in text


def test_a_price_per_gpu_stays_per_gpu() -> None:
    text = head(ask("LoRA Llama 3.1 8B on 50M tokens on an H100 at lambda: cost?"))
    assert "/h per GPU (lambda)" in text, text
    assert "for the machine" not in text
