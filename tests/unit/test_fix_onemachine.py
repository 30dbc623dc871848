"""Multi-GPU layouts of training answers (buyer audit onemachine,
/tmp/audit/prompt_fix_onemachine.md):

1. One machine of 16 GPUs was timed as two nodes of 8: "need to pretrain 1.3B model on 26B
   tokens in 2 days, how many a100s?" said 16 × A100 at 13,272 tokens/s per GPU ("the
   multi-node rate"), 34 h and $1,896 on gcp's a2-megagpu-16g, with the warning "16 GPUs span
   at least 2 nodes of 8", where that row is ONE machine of 16 × A100 40GB on NVSwitch (two
   HGX A100 baseboards joined all to all). /v1/recommendations timed it the same way. Now a
   machine of more than 8 GPUs joined all to all is one node (``layout.machine_node``):
   15,168 tokens/s per GPU, as on 8, ~29.8 h and ~$1,659, in /v1/ask and in the
   recommendations alike. /v1/sizing, given no machine, still counts nodes of 8.
2. "how much do I save with spot for a full finetune of llama 3.1 70b lasting 3 days?" was
   priced on 8 single-GPU runpod pods "joined over the network": one training job sharded
   over its GPUs runs in one machine that holds them, or over machines with a fast network
   between them (the ``basis(fabric=True)`` rule).

Throughputs and prices are not pinned: each test compares the answer with the sizing or the
recommendation it rests on."""

from __future__ import annotations

import re

import msgspec

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing import layout
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head

_A100 = "a100-sxm-40gb"


def _size(machine_gpus: int | None = None, **kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog(), machine_gpus=machine_gpus)


def _per_gpu(r: SizingResult) -> float:
    assert r.performance is not None and r.performance.training_tokens_per_s
    return r.performance.training_tokens_per_s / r.gpu_count


def _names(r: SizingResult) -> set[str]:
    return {a.name for a in r.assumptions}


# -- 1. one machine of 16 GPUs is one node ---------------------------------------------------

def test_machine_node_only_for_large_all_to_all_machines() -> None:
    gpus, node = catalog().registry.gpus, layout.machine_node
    assert node(gpus[_A100], 16) == 16  # gcp a2-megagpu-16g: NVSwitch
    assert node(gpus[_A100], layout.NODE_GPUS) is None  # a node of 8 as ever
    assert node(gpus[_A100], None) is None  # no machine known (/v1/sizing)
    assert node(gpus["l40s"], 10) is None  # 10 PCIe cards: not all to all


def test_sizing_times_a_16_gpu_machine_as_one_node() -> None:
    kw = {"model": "llama-3.2-1b", "task": "pretrain", "gpu": _A100, "training_tokens": 26e9}
    eight = _size(**kw, gpu_count=8)
    machine = _size(machine_gpus=16, **kw, gpu_count=16)
    two_nodes = _size(**kw, gpu_count=16)  # /v1/sizing: no machine, nodes of 8
    assert "multi_node" not in _names(machine) and "one_machine" in _names(machine)
    assert not any("span at least" in x for x in machine.warnings)
    assert abs(_per_gpu(machine) / _per_gpu(eight) - 1) < 0.01
    assert "multi_node" in _names(two_nodes)
    # two nodes are never faster than the machine; a 1B's gradient sync between them hides
    # under its accumulated micro-batches (timed, no multi-node share on top: audit 29b #8)
    assert _per_gpu(two_nodes) <= _per_gpu(machine) * (1 + 1e-9)


def test_recommendation_times_the_16_gpu_machine_as_one_node() -> None:
    req = msgspec.convert({"model": "llama-3.2-1b", "workload": "pretrain",
                           "training_tokens": 26e9, "gpus": [_A100], "providers": ["gcp"],
                           "include_suspect": True, "top_n": 10}, RecommendationRequest)
    rec = recommend(req, catalog(), TODAY)
    tps = {o.offer.id: o.performance.training_tokens_per_s for o in rec.options}
    sixteen, eight = tps["gcp-a2-megagpu-16g"], tps["gcp-a2-highgpu-8g"]
    assert sixteen is not None and eight is not None
    # the same rate per GPU as one node of 8: it was 16 x the two-node rate (13,272 / 15,168)
    assert abs(sixteen / 16 / (eight / 8) - 1) < 0.01


_Q = "need to pretrain 1.3B model on 26B tokens in 2 days, how many a100s?"
_Q_RO = "am nevoie să pre-antrenez un model de 1.3B pe 26B tokeni în 2 zile, câte a100?"
_Q_EIGHT = "need to pretrain 1.3B model on 26B tokens in 3 days, how many a100s?"


def _rate(text: str, ro: bool = False) -> float:
    m = re.search(r"(?:at|la) ([\d.,]+) (?:de )?tokeni?s?/s (?:per|pe) GPU", text)
    assert m is not None, text
    v = m.group(1)
    return float(v.replace(".", "").replace(",", ".") if ro else v.replace(",", ""))


def _billed_hours(text: str, ro: bool = False) -> float:
    m = re.search(r"(?:billed for|facturat pentru) ([\d.,]+) (?:hours|de ore|ore)", text)
    assert m is not None, text
    v = m.group(1)
    return float(v.replace(".", "").replace(",", ".") if ro else v.replace(",", ""))


def test_ask_16_a100_deadline_is_the_recommendations_plan() -> None:
    # the deadline's plan is /v1/recommendations' own (buyer audit 29b #2): 2 networked
    # nodes of 8 x A100 at aws for about $1,494, cheaper than gcp's one machine of 16
    # ($1,659, which this test once required), timed at the multi-node rate
    for q, ro in ((_Q, False), (_Q_RO, True)):
        r = ask(q)
        text = head(r)
        assert asked(r)[1] == 16, text
        assert ("2 noduri de 8 ×" if ro else "2 nodes of 8 ×") in text, text
        m = re.search(r"pentru aproximativ ([\d.]+)\xa0USD" if ro else r"for about \$([\d,]+)",
                      text)
        assert m is not None, text
        assert float(m.group(1).replace(",", "").replace(".", "")) < 1659, text


# -- 2. a sharded fine-tune on spot is priced on machines that hold it -------------------------

_SPOT = "how much do I save with spot for a full finetune of llama 3.1 70b lasting 3 days?"
_SPOT_RO = "cât economisesc cu spot pentru un fine-tuning complet llama 3.1 70b de 3 zile?"


def test_spot_full_finetune_not_split_over_single_gpu_pods() -> None:
    for q, ro in ((_SPOT, False), (_SPOT_RO, True)):
        text = head(ask(q))
        m = re.search(r"(?:on|pe) (\d+) × ", text)
        assert m is not None and int(m.group(1)) > 1, text
        # it was "at runpod, 8 machines of 1 × AMD Instinct MI300X 192GB, joined over the
        # network": one machine of the count now (or machines with a fast network)
        assert "machines of 1 ×" not in text and "mașini cu 1 ×" not in text, text
        assert "joined over the network" not in text and "legate prin rețea" not in text, text
        one = "one machine of" if not ro else "o mașină cu"
        assert one in text, text
