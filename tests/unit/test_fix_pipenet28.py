"""Pipeline stages across a slow node network are timed (sizing audit 28, pipenet).

/v1/sizing timed Llama 3.1 70B full fine-tuning on 32 x H100 as TP2 x PP16 x DP1 at the same
tokens/s over 25 Gb/s per node as over the 400 Gb/s per GPU fabric: the pipeline's send of
each micro-batch's activations (and receive of their gradients) between stages on different
nodes was counted only where tensor x data parallel filled a node, though the stages are
outermost in Megatron-LM's rank order and cross nodes as soon as the plan spans them. The
layout search then escaped a slow network into pipelines timed as free (8B pre-training on
128 x H100 at 25 Gb/s: TP1 x PP32 x DP4, its 15 node boundaries not timed).

Now each 1F1B slot waits on the slowest boundary: 2 x (the micro-batch's 16-bit hidden
states / tp, sequence parallel) per GPU, at the node's network shared by the GPUs that send
at once (2 x tp x dp, at most the node's), none faster than its own NIC."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import catalog


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _tps(r: SizingResult) -> float:
    assert r.performance is not None and r.performance.training_tokens_per_s
    return r.performance.training_tokens_per_s


def _layout(r: SizingResult) -> str:
    return next(a.value for a in r.assumptions if a.name == "layout")


_70B_32 = {"model": "llama-3.1-70b", "task": "finetune", "finetune": {"method": "full"},
           "gpu": "h100-sxm", "gpu_count": 32,
           "parallelism": {"tensor": 2, "pipeline": 16, "data": 1}}


def test_70b_tp2_pp16_over_25g_is_slower_by_the_pipeline_sends() -> None:
    fast, slow = _size(**_70B_32), _size(**_70B_32, node_network_gbit_s=25)
    assert _layout(fast) == _layout(slow) == "TP2 x PP16 x DP1 x ZeRO-0"
    # derived apart from the model: 64 micro-batches of 1 x 2,048 tokens, 16 stages, 1F1B
    # in m + p - 1 slots; the default slot from the default tokens/s (no data parallel: no
    # gradient reduction), then the 25 Gb/s slot trades its sends for the slower ones
    m, p, tokens, hidden, tp = 64, 16, 2048, 8192, 2
    sent = 2.0 * tokens * hidden / tp  # bytes each way per GPU, seq / tp (sequence parallel)
    slot_fast = m * tokens / ((m + p - 1) * _tps(fast))
    p2p_fast = 2 * sent / 50e9  # one 400 Gb/s NIC per GPU
    # 25 Gb/s per node = 3.125 GB/s shared by 2 x tp x dp = 4 GPUs sending at once
    p2p_slow = 2 * sent / (25e9 / 8 / 4)
    assert p2p_slow == pytest.approx(0.0429, rel=0.01)  # 43 ms a micro-batch
    want = m * tokens / ((m + p - 1) * (slot_fast - p2p_fast + p2p_slow))
    assert _tps(slow) == pytest.approx(want, rel=0.01)
    # about a third slower: 43 ms on a ~83 ms slot
    assert 0.6 < _tps(slow) / _tps(fast) < 0.7
    comm = next(a.reason for a in slow.assumptions if a.name == "training_communication")
    assert "between the stages on different nodes" in comm and "0.781 GB/s" in comm, comm


def test_searched_70b_on_32_h100_feels_the_network() -> None:
    body = {**_70B_32, "min_memory_headroom_pct": 10}
    del body["parallelism"]
    rates = [_tps(_size(**body, **({"node_network_gbit_s": g} if g else {})))
             for g in (None, 100, 25)]
    assert rates[0] > rates[1] > rates[2]
    assert rates[2] < 0.85 * rates[0]


def test_70b_on_64_h100_slows_with_each_slower_network() -> None:
    body = {"model": "llama-3.1-70b", "task": "finetune", "finetune": {"method": "full"},
            "gpu": "h100-sxm", "gpu_count": 64}
    r400, r100, r25 = (_tps(_size(**body, node_network_gbit_s=g)) for g in (400, 100, 25))
    assert r400 > r100 > r25


def test_pretrain_search_leaves_pipelines_timed_as_free() -> None:
    # 8B pre-training on 128 x H100 over 25 Gb/s per node: the old search picked
    # TP1 x PP32 x DP4 (pipeline across 16 nodes, sends not timed) at the 400 Gb/s speed
    body = {"model": "llama-3.1-8b", "task": "pretrain", "gpu": "h100-sxm", "gpu_count": 128,
            "training_tokens": 10_000_000_000}
    fast, slow = _size(**body, node_network_gbit_s=400), _size(**body, node_network_gbit_s=25)
    assert _tps(slow) < 0.7 * _tps(fast)
    assert _layout(slow) != "TP1 x PP32 x DP4 x ZeRO-0"


def test_a_layout_that_hides_the_network_stays_equal() -> None:
    # LoRA on 16 x H100: data parallel alone, its small gradient all-reduce overlapped with
    # the backward: no pipeline sends, the network does not show
    body = {"model": "llama-3-8b", "task": "finetune", "finetune": {"method": "lora"},
            "gpu": "h100-sxm", "gpu_count": 16, "min_memory_headroom_pct": 10}
    fast, slow = _size(**body), _size(**body, node_network_gbit_s=25)
    assert _layout(slow) == _layout(fast) == "TP1 x PP1 x DP16 x ZeRO-0"
    assert _tps(slow) == _tps(fast)


def test_a_pipeline_within_one_node_sends_nothing_over_the_network() -> None:
    body = {"model": "llama-3.1-8b", "task": "finetune", "finetune": {"method": "full"},
            "gpu": "h100-sxm", "gpu_count": 8,
            "parallelism": {"tensor": 2, "pipeline": 4, "data": 1}}
    fast, slow = _size(**body), _size(**body, node_network_gbit_s=25)
    assert _tps(slow) == _tps(fast)
    comm = next(a.reason for a in slow.assumptions if a.name == "training_communication")
    assert "different nodes" not in comm
