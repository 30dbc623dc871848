"""Spot's expected restart overhead for a training job over several machines counts every
machine's interruptions, as the recommendations do (``Ctx.spot_overhead_of``: a training
plan's every node): a synchronous run stops whenever any of its machines is reclaimed
(audit buyer29a #2: 8 nodes of 8 x H100 with a checkpoint every 2 hours were said to add
5.8 %, one machine's figure, where the recommendations count 46.7 %)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.context import spot_overhead_fraction
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.kb_fixtures import TODAY, ask, catalog, head


def test_recommendations_count_eight_nodes() -> None:
    body = {"model": "llama 3.1 70b", "workload": "pretrain", "training_tokens": 1e11,
            "interruptible": True, "allow_multi_node": True,
            "checkpoint_interval_minutes": 120, "gpus": ["H100 SXM"]}
    rec = recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)
    o = rec.options[0]
    assert o.nodes == 8 and o.pricing_model == "spot"
    assert o.cost.expected_spot_overhead_pct == pytest.approx(
        100 * spot_overhead_fraction(120, 8), abs=0.01)


@pytest.mark.parametrize(("q", "pct", "nodes"), [
    ("How much does a spot interruption cost when pretraining Llama 3.1 70B on 8 nodes of "
     "8 H100 with checkpoints every 2 hours?", "46.7%", "any of its 8 machines"),
    ("Cât mă costă întreruperile spot la pre-antrenarea Llama 3.1 70B pe 8 noduri de 8 H100 "
     "cu checkpoint la fiecare 2 ore?", "46,7%", "cele 8 mașini"),
    ("Should I use spot for a 3-day full fine-tune of Llama 3.1 70B on 16 H100?", "4.2%",
     "any of its 2 machines"),
])
def test_ask_counts_every_machine(q: str, pct: str, nodes: str) -> None:
    text = head(ask(q))
    assert pct in text.replace("\u202f", "").replace(" %", "%"), text
    assert nodes in text, text


def test_one_machine_unchanged() -> None:
    text = head(ask("Should I use spot for fine-tuning Llama 3 8B for 10 hours on one H100 "
                    "with a checkpoint every 60 minutes?"))
    assert "machines is reclaimed" not in text
    want = f"{100 * spot_overhead_fraction(60, 1):.1f}%"
    assert want in text.replace(" %", "%"), text
