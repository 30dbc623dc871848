"""A serving option's ``fit`` states one replica's split as fields (tensor_parallel_gpus x
pipeline_stages), which /v1/sizing takes as its ``parallelism`` to size that replica; /v1/ask
and the Romanian rendering read the split from the fields (they parsed ``parallelism``'s
English text: cost.py ``_replica_layout``, localised.py ``_TP_PP``, a fix at the wrong depth
noted in the last review). Training options keep their layout (tensor x pipeline x data)."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_why
from service.domain.recommend.types import Option
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.rec_fixtures import fake, offer, shipped


def _serving_options() -> list[Option]:
    rec = fake([offer("h8", "h100-sxm", 8, 24.0, network="infiniband"),
                offer("h2", "h100-sxm", 2, 6.0),
                offer("l8", "l4", 8, 6.4, interconnect="pcie"),
                offer("a1", "a100-sxm-80gb", 1, 1.5)],
               model="llama-3.1-405b", workload="serving", weights="bf16",
               concurrent_requests=4, allow_multi_node=True, top_n=10)
    return list(rec.options)


@pytest.fixture(scope="module")
def options() -> list[Option]:
    return _serving_options()


def test_serving_fit_states_the_replica_split(options: list[Option]) -> None:
    assert options
    for o in options:
        f = o.fit
        assert f.tensor_parallel_gpus is not None and f.pipeline_stages is not None
        assert f.tensor_parallel_gpus * f.pipeline_stages == f.gpus_per_replica
        assert f.data_parallel_ranks is None  # a training layout's field only


def test_a_replica_over_nodes_is_tensor_by_pipeline(options: list[Option]) -> None:
    over = [o for o in options if o.nodes > 1]
    assert over, [o.fit.parallelism for o in options]
    o = over[0]
    assert (o.fit.tensor_parallel_gpus, o.fit.pipeline_stages) == (8, o.nodes)
    why = localise_why(o, shipped_messages(), "ro")
    assert f"paralelism tensorial 8 × pipeline {o.nodes}: o replică pe" in why


def test_sizing_takes_the_option_split_as_its_parallelism() -> None:
    rec = fake([offer("h2", "h100-sxm", 2, 6.0), offer("r2", "rtx-5090", 2, 1.6,
                                                        interconnect="pcie")],
               model="llama-3.1-70b", workload="serving", concurrent_requests=20, top_n=10)
    split = [o for o in rec.options if o.fit.gpus_per_replica > 1]
    assert split
    for o in split:
        f = o.fit
        body = {"model": "llama-3.1-70b", "gpu": o.offer.gpu, "gpu_count": f.gpus_per_replica,
                "weights": o.weights, "batch_size": 1,
                "parallelism": {"tensor": f.tensor_parallel_gpus,
                                "pipeline": f.pipeline_stages, "data": 1}}
        sized = size(msgspec.convert(body, SizingRequest), shipped())
        assert "set by the request's parallelism" in sized.layout.reason


def test_a_layer_split_engine_runs_every_gpu_as_a_stage() -> None:
    rec = fake([offer("r2", "rtx-5090", 2, 1.6, interconnect="pcie")],
               model="llama-3.1-70b", workload="serving", engine="llama.cpp",
               concurrent_requests=2, top_n=5)
    layer = [o for o in rec.options if o.fit.parallelism.startswith("layer split")]
    assert layer, [o.fit.parallelism for o in rec.options]
    f = layer[0].fit
    assert (f.tensor_parallel_gpus, f.pipeline_stages) == (1, f.gpus_per_replica)
    assert "împărțire pe straturi" in localise_why(layer[0], shipped_messages(), "ro")


def test_training_options_keep_their_layout() -> None:
    rec = fake([offer("h8", "h100-sxm", 8, 24.0)], model="llama-3.1-8b", workload="finetune",
               finetune={"method": "full"}, training_tokens=1e8, top_n=3)
    assert rec.options
    f = rec.options[0].fit
    assert f.data_parallel_ranks is not None and f.zero_stage is not None
    assert f.tensor_parallel_gpus * f.pipeline_stages * f.data_parallel_ranks == 8
