"""Multi-node training options are timed over the offer's own node network (nodenet).

The recommendations timed every training run over several nodes at sizing's assumed fabric,
400 Gb/s per GPU (3,200 Gb/s per 8-GPU node, as AWS p5 and Azure ND H100 v5), even where the
offer states a slower one: AWS p4d/p4de.24xlarge carry 400 Gbps EFA per node
(catalog/sources/node_network.toml), 50 Gb/s per A100. The option's speed was not /v1/sizing's
for the same GPUs given that network (``node_network_gbit_s``), and nothing said which network
the run was timed at. Now each offer's run over its nodes is timed at the offer's stated
network per GPU (``plans.node_net_gb_s``), the option says it, and an offer that states a fast
fabric but no speed says the assumed one.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.plans import node_net_gb_s
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.domain.sizing.speed import INTER_NODE_GB_S_PER_GPU
from tests.unit.kb_fixtures import TODAY, catalog


def rec(**body: Any) -> Recommendation:
    req = msgspec.convert(body, RecommendationRequest)
    return recommend(req, catalog(), TODAY)


FULL_70B = dict(model="llama-3.1-70b", workload="finetune", finetune={"method": "full"},
                training_tokens=200_000_000, allow_multi_node=True,
                gpus=["a100-sxm-80gb", "a100-sxm-40gb"], top_n=8)


def _sized_tps(gpu: str, count: int, gbit_per_node: float | None, **body: Any) -> float:
    req = msgspec.convert(dict(model=body["model"], task=body["workload"],
                               finetune=body.get("finetune"), gpu=gpu, gpu_count=count,
                               training_tokens=body["training_tokens"],
                               node_network_gbit_s=gbit_per_node,
                               # the recommendations' default headroom: their step and layout
                               min_memory_headroom_pct=10), SizingRequest)
    tps = size(req, catalog()).performance.training_tokens_per_s
    assert tps is not None
    return tps


def test_node_network_per_gpu_is_the_offers_own() -> None:
    by_id = catalog().offers_by_id
    assert node_net_gb_s(by_id["aws-p4d-24xlarge"]) == pytest.approx(400 / 8 / 8)
    p5 = next(o for o in catalog().offers if o.instance_type == "p5.48xlarge")
    assert node_net_gb_s(p5) == pytest.approx(INTER_NODE_GB_S_PER_GPU)
    unstated = next(o for o in catalog().offers
                    if o.network == "infiniband" and not o.network_gbps)
    assert node_net_gb_s(unstated) is None


def test_p4de_option_is_timed_at_its_400_gbps_efa_as_sizing_times_it() -> None:
    r = rec(**FULL_70B)
    p4de = [o for o in r.options if o.offer.instance_type == "p4de.24xlarge"]
    assert p4de, [o.offer.id for o in r.options]
    o = p4de[0]
    assert o.nodes > 1
    gpus = o.nodes * o.offer.gpu_count
    stated = _sized_tps("a100-sxm-80gb", gpus, 400, **FULL_70B)
    assumed = _sized_tps("a100-sxm-80gb", gpus, None, **FULL_70B)
    assert stated < assumed  # the slower network shows in sizing
    assert o.performance.training_tokens_per_s == pytest.approx(stated, rel=1e-9)
    assert "timed at the offer's 400 Gb/s efa per node (50 Gb/s per GPU" in o.why


def test_an_offer_with_an_unstated_speed_says_the_assumed_fabric() -> None:
    r = rec(**FULL_70B)
    cw = [o for o in r.options if o.offer.provider == "coreweave" and o.nodes > 1]
    assert cw, [o.offer.id for o in r.options]
    o = cw[0]
    assumed = _sized_tps("a100-sxm-80gb", o.nodes * o.offer.gpu_count, None, **FULL_70B)
    assert o.performance.training_tokens_per_s == pytest.approx(assumed, rel=1e-9)
    assert "timed at an assumed 400 Gb/s per GPU" in o.why
    assert "states infiniband network but not its speed" in o.why


def test_a_deadline_spread_over_p4d_nodes_is_timed_at_p4d_network() -> None:
    body = dict(model="llama-3.1-8b", workload="pretrain", training_tokens=100_000_000_000,
                allow_multi_node=True, max_job_hours=120,
                gpus=["a100-sxm-40gb", "a100-sxm-80gb"], top_n=4)
    r = rec(**body)
    p4d = [o for o in r.options if o.offer.instance_type == "p4d.24xlarge"]
    assert p4d, [o.offer.id for o in r.options]
    o = p4d[0]
    gpus = o.nodes * o.offer.gpu_count
    stated = _sized_tps("a100-sxm-40gb", gpus, 400, **body)
    assert stated < _sized_tps("a100-sxm-40gb", gpus, None, **body)
    assert o.performance.training_tokens_per_s == pytest.approx(stated, rel=1e-9)


def test_one_node_options_say_nothing_of_a_node_network() -> None:
    r = rec(model="llama-3.1-8b", workload="finetune", finetune={"method": "lora"},
            training_tokens=50_000_000, top_n=5)
    assert r.options
    for o in r.options:
        assert o.nodes == 1
        assert "collectives between the nodes" not in o.why


def test_romanian_options_say_the_node_network_in_romanian() -> None:
    from service.adapters.messages_files import shipped_messages
    from service.domain.answer.localised import localise_recommendation

    ro = localise_recommendation(rec(**FULL_70B), shipped_messages(), "ro")
    whys = {o.offer.instance_type: o.why for o in ro.options}
    p4de = whys["p4de.24xlarge"]
    assert "la rețeaua declarată a ofertei, 400 Gb/s efa pe nod (50 Gb/s pe GPU, față de " \
           "400 Gb/s pe GPU la cele mai rapide rețele)" in p4de, p4de
    assert "collectives" not in p4de
    cw = next(o.why for o in ro.options if o.offer.provider == "coreweave")
    assert "o valoare presupusă de 400 Gb/s pe GPU" in cw, cw
    assert "but not its speed" not in cw
