"""Audit fix recfit (/tmp/audit/out/b4.txt), in /v1/ask:

1. "Llama 3.1 70B with 128k context for 1 user, what GPUs, and does it fit in 2 x A100 80GB
   at bf16?" led with the cheapest match (8 x A100) and never answered the fit asked: the
   fit on the setup stated now leads (No: the GiB per GPU against the usable, the fewest of
   that GPU that hold it), the recommendation after it. A fit that holds says Yes.
2. "how much per year for 8x A100 80GB on-demand vs reserved?" led with the saving alone
   ("about $16,819 over the 1-year term"): both totals over the term now lead, reserved and
   on-demand at the same provider, the saving after them. English and Romanian.

Expected figures are recomputed from /v1/sizing and the catalog, never copied from an answer."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence, head

YEAR_H = 8760

FIT_Q = ("Llama 3.1 70B with 128k context for 1 user, what GPUs, and does it fit in 2 x "
         "A100 80GB at bf16?")


def _per_gpu(count: int, context: int) -> float:
    r = size(msgspec.convert({"model": "llama-3.1-70b", "weights": "bf16",
                              "gpu": "a100-sxm-80gb", "gpu_count": count, "batch_size": 1,
                              "input_tokens": context, "output_tokens": 0}, SizingRequest),
             catalog())
    return r.memory.per_gpu_gib


def test_fit_asked_with_what_gpus_leads_with_the_no() -> None:
    r = ask(FIT_Q)
    first, text = first_sentence(r), head(r)
    assert first.startswith("No, Meta Llama 3.1 70B at bf16 does not fit on 2 × NVIDIA A100"), \
        text
    assert f"about {_per_gpu(2, 131072):.1f} GiB per GPU" in first, text
    # the fewest A100s that hold it, with their GiB per GPU, then the recommendation
    assert f"it takes 4 × NVIDIA A100 SXM4 80GB (about {_per_gpu(4, 131072):.1f} GiB" in text
    assert text.index("it takes 4 ×") < text.index("The cheapest match is")


def test_fit_asked_that_holds_says_yes_first() -> None:
    r = ask("Llama 3.1 8B for 1 user, what GPUs, and does it fit in 1 x L4?")
    assert first_sentence(r).startswith("Yes, Meta Llama 3.1 8B at bf16 fits on 1 × NVIDIA L4"), \
        r.answer
    assert "The cheapest match is" in head(r)


def _money(text: str, ro: bool) -> list[float]:
    if ro:
        return [float(x.replace(".", "").replace(",", "."))
                for x in re.findall(r"([\d.]+(?:,\d+)?)\s*USD", text)]
    return [float(x.replace(",", "")) for x in re.findall(r"\$([\d,]+(?:\.\d+)?)", text)]


@pytest.mark.parametrize("question, ro", [
    ("how much per year for 8x A100 80GB on-demand vs reserved?", False),
    ("cât costă pe an 8x A100 80GB on-demand față de rezervat?", True),
])
def test_reserved_year_leads_with_both_totals(question: str, ro: bool) -> None:
    views = [v for v in catalog().views(TODAY) if v.gpu == "a100-sxm-80gb"
             and v.reserved_usd_h is not None and v.on_demand_usd_h is not None]
    v = min(views, key=lambda x: x.reserved_usd_h or 0.0)
    assert v.reserved_usd_h is not None and v.on_demand_usd_h is not None
    reserved = v.reserved_usd_h * 8 * YEAR_H
    on_demand = v.on_demand_usd_h * 8 * YEAR_H
    r = ask(question)
    first = first_sentence(r)
    assert v.provider in first, r.answer
    assert _money(first, ro)[:2] == [round(reserved), round(on_demand)], first
    # the saving, their difference, after them
    rest = head(r)[len(first):]
    assert round(on_demand - reserved) in _money(rest, ro), rest
