"""Buyer audit 29b #8: large pre-training runs came out at 26-30 % effective MFU.

Past one node the GPU computed at the multi-node share of its peak (0.35 full, "for the
gradient sync between machines") and the same step then added, timed and not overlapped,
the pipeline bubble, the tensor-parallel all-reduces, the pipeline sends and the gradient
sync between the nodes: the network counted twice. Llama 3.1 405B on 4,096 H100 (15T tokens)
came out at 107 tokens/s per GPU, 26 % of the bf16 peak, where Llama 3's 405B run measured
38-43 % (arXiv 2407.21783, Table 4) and Meta's 30.84M H100-hours for 15.6T tokens imply about
35 % overall. Now the multi-node share stands for the collectives only where they are not
timed; a timed plan computes at the one-node share with its timed costs on top.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import TODAY, ask, catalog, head

H100_BF16_FLOPS = 989.5e12


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _rec(**body: Any) -> Recommendation:
    return recommend(msgspec.convert({"weights": "auto", "top_n": 3, **body},
                                     RecommendationRequest), catalog(), TODAY)


def _pretrain(model: str, gpus: int) -> tuple[SizingResult, float, float]:
    """The sizing, its tokens/s per GPU and its 6·N MFU (PaLM's count) per GPU."""
    r = _size(model=model, task="pretrain", gpu="H100", gpu_count=gpus,
              training_tokens=15_000_000_000_000)
    assert r.performance is not None and r.performance.training_tokens_per_s
    per_gpu = r.performance.training_tokens_per_s / gpus
    return r, per_gpu, 6 * r.model.active_params * per_gpu / H100_BF16_FLOPS


def _mfu_note(r: SizingResult) -> float:
    note = next(a for a in r.assumptions if a.name == "training_flops")
    return float(note.reason.split()[1])


def test_405b_on_4096_h100_is_not_counted_twice() -> None:
    r, per_gpu, mfu = _pretrain("llama 3.1 405b", 4096)
    # was 107 tokens/s per GPU, 26 %: now the compute runs at the one-node 0.40 with the
    # bubble and the collectives timed on top, under Table 4's 38-43 % (its 16M-token
    # batch has a smaller bubble than the 4M-token one planned here)
    assert _mfu_note(r) == pytest.approx(0.40)
    assert per_gpu > 115
    assert 0.28 < mfu < 0.43
    # Meta's 30.84M H100-hours for 15.6T tokens (model card): within 20 % at 15T
    gpu_hours = r.performance.training_hours * 4096 if r.performance else 0.0
    assert gpu_hours == pytest.approx(30.84e6 * 15 / 15.6, rel=0.20)


def test_smaller_runs_stay_in_range() -> None:
    # 8B on one node of 8 H100: the one-node rule, unchanged (0.39 by 6·N)
    r8, _, mfu8 = _pretrain("llama 3.1 8b", 8)
    assert _mfu_note(r8) == pytest.approx(0.40)
    assert mfu8 == pytest.approx(0.387, abs=0.005)
    # 70B on 1,024 H100: 5.3M GPU-hours for 15T, within Meta's 7.0M for 15.6T (which counts
    # its downtime, 8k sequences and restarts too) and above the 405B's MFU bound
    r70, _, mfu70 = _pretrain("llama 3.1 70b", 1024)
    assert r70.performance is not None and r70.performance.training_hours
    gpu_hours = r70.performance.training_hours * 1024
    assert 4.5e6 < gpu_hours < 7.0e6
    assert mfu70 < 0.43


def test_untimed_collectives_keep_the_multi_node_share() -> None:
    from service.domain.catalog.precisions import get_precision
    from service.domain.sizing.memory import TrainingPlan
    from service.domain.sizing.sizing import sized_from_entry
    from service.domain.sizing.speed import training_speed
    cat = catalog()
    gpu = cat.registry.gpu("h100-sxm")
    plan = TrainingPlan(model=sized_from_entry(cat.registry.model("llama-3.1-70b")),
                        precision=get_precision("bf16"), method="full", rank=16, targets=[],
                        optimizer="adamw", checkpointing=True, flash=True, micro_batch=1,
                        seq=2048, zero_stage=3, cpu_offload=False, gpus=16)
    # timed (the measured collective curves): the one-node share, the network on top
    timed = training_speed(plan, gpu, cat.perf)
    assert timed.mfu == pytest.approx(0.40) and timed.comm_s is not None
    # not timed (no collective model): the multi-node share stands for the network
    untimed = training_speed(plan, gpu, None)
    assert untimed.mfu == pytest.approx(0.35) and untimed.comm_s is None
    # one node: the one-node share either way
    one = training_speed(dataclasses.replace(plan, gpus=8), gpu, None)
    assert one.mfu == pytest.approx(0.40)


@pytest.mark.parametrize(("q", "said"), [
    ("What MFU do you assume for full fine-tuning Llama 3.1 70B on 16 H100?",
     "The sizing assumes an MFU of 0.40 for full training"),
    ("Ce MFU presupuneți pentru fine-tuning complet Llama 3.1 70B pe 16 H100?",
     "Dimensionarea presupune un MFU de 0,40 pentru antrenarea completă"),
])
def test_mfu_asked_across_nodes(q: str, said: str) -> None:
    text = head(ask(q))
    assert text.startswith(said)
    assert ("only where the collectives between them are not timed" in text
            or "doar unde comunicarea dintre ele nu e cronometrată" in text)


@pytest.mark.parametrize(("q", "ro"), [
    ("How many H100s to pretrain Llama 3.1 70B on 15T tokens in 60 days?", False),
    ("Câte H100 îmi trebuie ca să preantrenez Llama 3.1 70B pe 15T tokeni în 60 de zile?",
     True),
])
def test_70b_in_60_days_on_h100_is_planned_alike(q: str, ro: bool) -> None:
    r = _rec(model="llama-3.1-70b", workload="pretrain", training_tokens=15e12,
             max_job_hours=60 * 24, allow_multi_node=True, gpus=["h100-sxm"])
    # was no option (512 nodes took 1,521 h); now a plan within 4,096 H100 meets 1,440 h
    assert r.options
    o = r.options[0]
    gpus = o.nodes * o.offer.gpu_count
    assert o.nodes > 1 and gpus <= 4096 and o.performance.job_hours is not None
    assert o.performance.job_hours <= 1440
    a = ask(q)
    text = head(a)
    assert ("nu se poate realiza" if ro else "not reachable") not in text
    assert a.numbers is not None and a.numbers.asked is not None
    assert a.numbers.asked.quantity == "gpu_count" and a.numbers.asked.value == gpus
    assert [x.offer_id for x in a.numbers.recommendations] == [o.offer.id]


@pytest.mark.parametrize(("q", "ro"), [
    ("How many H100s to pretrain Llama 3.1 405B on 15T tokens in 90 days?", False),
    ("Câte H100 îmi trebuie ca să preantrenez Llama 3.1 405B pe 15T tokeni în 90 de zile?",
     True),
])
def test_405b_fastest_plan_rate(q: str, ro: bool) -> None:
    text = head(ask(q)).replace("\xa0", " ")
    assert ("nu se poate realiza" if ro else "not reachable") in text
    # the fastest plan's rate per GPU, said in the answer: was 106 tokens/s per GPU
    rate = "121 de tokeni/s pe GPU" if ro else "121 tokens/s per GPU"
    assert rate in text, text[:600]
