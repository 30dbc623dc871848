"""A training option says the step it was sized with (audit fix recstep).

Where a training request leaves ``finetune.gradient_checkpointing`` or ``micro_batch_size``
unset, each node shape is sized with the fastest step that fits it within the headroom
(``sizing.fastest_training_step``), so the ranked options of one answer may differ: LoRA on
Llama-3.1-8B runs without checkpointing on an 80 GB H100 and with it on a 24 GB RTX 4090. An
option did not say which, so its tokens/s could not be reproduced: POST /v1/recommendations
{"model": "llama-3.1-70b", "workload": "finetune", "finetune": {"method": "lora"}, ...}
ranked 8 x H100 at ~10,030 training tokens/s (checkpointed: without it the run does not
leave the 10 % headroom), while POST /v1/sizing for the same 8 x H100 answers ~14,999 (off:
sizing fits against the whole usable memory). Each training option now carries
``fit.gradient_checkpointing``, ``fit.micro_batch_size`` and ``fit.zero_stage``; given to
/v1/sizing's ``finetune`` they give the option's speed.

Small fake catalogs on the real registry (tests/unit/rec_fixtures.py), so that a catalog
update does not move them."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import fake, offer, shipped

OFFERS = [
    offer("h100x8", "h100-sxm", 8, 20.0, network="infiniband"),
    offer("h100x1", "h100-sxm", 1, 2.5),
    offer("4090x1", "rtx-4090", 1, 0.4),
    offer("l40sx4", "l40s", 4, 4.0, interconnect="pcie"),
    offer("a100x8", "a100-sxm-80gb", 8, 12.0, network="infiniband"),
    offer("b200x8", "b200", 8, 40.0, network="infiniband"),
]

LORA_8B: dict[str, Any] = {"model": "llama-3.1-8b", "workload": "finetune",
                           "finetune": {"method": "lora"}, "training_tokens": 1e8, "top_n": 20}
FULL_8B: dict[str, Any] = {**LORA_8B, "finetune": {"method": "full"}}
LORA_70B: dict[str, Any] = {**LORA_8B, "model": "llama-3.1-70b"}
FULL_70B: dict[str, Any] = {**LORA_8B, "model": "llama-3.1-70b",
                            "finetune": {"method": "full"}, "allow_multi_node": True}


def _rec(body: dict[str, Any]) -> Recommendation:
    r = fake(OFFERS, **body)
    assert r.options, r.reason
    return r


def _resize(body: dict[str, Any], o: Option, *, step: bool = True) -> SizingResult:
    """/v1/sizing for the option's GPU, count and weights; with ``step``, its step too."""
    ft = dict(body["finetune"])
    req = {"model": body["model"], "task": body["workload"], "weights": o.weights,
           "gpu": o.offer.gpu, "gpu_count": o.offer.gpu_count * o.nodes, "finetune": ft,
           "training_tokens": body["training_tokens"]}
    if step:
        ft.update(gradient_checkpointing=o.fit.gradient_checkpointing,
                  micro_batch_size=o.fit.micro_batch_size, zero_stage=o.fit.zero_stage)
        # and its layout (audit train_consistency: past one node the search may split the
        # model tensor x pipeline x data)
        req["parallelism"] = {"tensor": o.fit.tensor_parallel_gpus,
                              "pipeline": o.fit.pipeline_stages,
                              "data": o.fit.data_parallel_ranks}
    return size(msgspec.convert(req, SizingRequest), shipped())


def _by_gpu(r: Recommendation, gpu: str, count: int) -> Option:
    got = [o for o in r.options if o.offer.gpu == gpu and o.offer.gpu_count * o.nodes == count]
    assert got, [(o.offer.gpu, o.offer.gpu_count, o.nodes) for o in r.options]
    return got[0]


@pytest.mark.parametrize("body", [
    # 70b-full: a multi-node option's layout (tensor x pipeline x data, chosen within
    # min_memory_headroom_pct) is stated in option.fit and given as /v1/sizing's parallelism
    # (audit train_consistency; xfail before)
    LORA_8B, FULL_8B, LORA_70B, FULL_70B],
    ids=["8b-lora", "8b-full", "70b-lora", "70b-full"])
def test_every_training_option_states_its_step_and_sizing_reproduces_its_speed(
        body: dict[str, Any]) -> None:
    r = _rec(body)
    for o in r.options:
        f = o.fit
        assert isinstance(f.gradient_checkpointing, bool), (o.offer.id, f)
        assert isinstance(f.micro_batch_size, int) and f.micro_batch_size >= 1, (o.offer.id, f)
        assert f.zero_stage in (0, 1, 2, 3), (o.offer.id, f)
        s = _resize(body, o)
        assert s.fits and s.performance is not None, (o.offer.id, s.warnings)
        assert s.performance.training_tokens_per_s == pytest.approx(
            o.performance.training_tokens_per_s, rel=1e-9), o.offer.id
        # the option's words say the same step
        ck = "on" if f.gradient_checkpointing else "off"
        assert f"gradient checkpointing {ck}, micro-batch {f.micro_batch_size}" in o.why, o.why


def test_options_of_one_answer_may_take_different_steps() -> None:
    """8B LoRA: an 80 GB H100 keeps every activation, a 24 GB RTX 4090 checkpoints."""
    r = _rec(LORA_8B)
    assert _by_gpu(r, "h100-sxm", 1).fit.gradient_checkpointing is False
    assert _by_gpu(r, "rtx-4090", 1).fit.gradient_checkpointing is True


def test_a_micro_batch_raised_past_one_is_stated() -> None:
    """8B full fine-tune on 4 x L40S over PCIe: ZeRO-3 bound by communication at micro-batch
    1, so two sequences a GPU carry the same collectives over twice the tokens."""
    o = _by_gpu(_rec(FULL_8B), "l40s", 4)
    assert o.fit.micro_batch_size == 2 and o.fit.zero_stage == 3, o.fit


def test_the_step_is_what_sizing_alone_would_not_guess() -> None:
    """70B LoRA on 8 x H100: the option checkpoints to keep the 10 % headroom; /v1/sizing
    without the step fits against all the usable memory and answers another speed, with the
    option's step the option's own."""
    o = _by_gpu(_rec(LORA_70B), "h100-sxm", 8)
    assert o.fit.gradient_checkpointing is True, o.fit
    guessed = _resize(LORA_70B, o, step=False).performance
    stated = _resize(LORA_70B, o).performance
    assert guessed is not None and stated is not None
    assert guessed.training_tokens_per_s != pytest.approx(o.performance.training_tokens_per_s)
    assert stated.training_tokens_per_s == pytest.approx(o.performance.training_tokens_per_s)


def test_serving_options_carry_no_training_step() -> None:
    r = fake(OFFERS, model="llama-3.1-8b", top_n=3)
    assert r.options
    for o in r.options:
        assert o.fit.gradient_checkpointing is None
        assert o.fit.micro_batch_size is None
        assert o.fit.zero_stage is None
