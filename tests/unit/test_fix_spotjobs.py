"""The jobs asked on spot against on-demand (a media job on a GPU named, a pre-training run
of stated tokens, a training run on a GPU count stated) are priced and written by ONE step,
terms._spot_and_on_demand, so that a fix to the comparison lands in one place; the answers
are those the four separate paths gave (fix/spotjobs: 48 questions, identical before and
after)."""

from __future__ import annotations

from typing import Any

import pytest

import service.domain.answer.numbers.terms as terms
from tests.unit.ask_fixtures import ask, head


@pytest.mark.parametrize(("question", "lead", "first"), [
    ("100k SDXL images on an L40S: spot vs on-demand?", "on-demand",
     "100,000 1024×1024 images with Stable Diffusion XL 1.0 (base) at fp16 on 1 × NVIDIA "
     "L40S 48GB cost about $108.27"),
    ("cost to pretrain a 13B model on 1T tokens on H100 spot vs on-demand", "spot",
     "To pre-train a 13B model (Mistral NeMo 12B (2407)'s architecture scaled to 13B "
     "parameters: 43 layers) (full) on 1,000,000,000,000 tokens within 30 days on spot takes "
     "104 × NVIDIA H100 SXM5 80GB"),  # was 120; re-pinned: fix/trainperf counts the network
    #                                 between nodes once
    ("LoRA Llama 3.1 8B on 100M tokens on 1x A100 spot vs on-demand", "cheaper",
     "LoRA fine-tuning of Meta Llama 3.1 8B on 100,000,000 tokens costs about $1.35 on 1 × "
     "NVIDIA A100 SXM4 40GB at verda ($0.22/h for the setup, spot)"),
])
def test_spot_jobs_priced_by_one_step(monkeypatch: pytest.MonkeyPatch, question: str,
                                      lead: str, first: str) -> None:
    step = terms._spot_and_on_demand
    leads: list[str] = []

    def traced(*a: Any, **k: Any) -> bool:
        leads.append(a[3] if len(a) > 3 else k["lead"])
        return step(*a, **k)

    monkeypatch.setattr(terms, "_spot_and_on_demand", traced)
    text = head(ask(question))
    assert leads == [lead]
    assert text.startswith(first)
