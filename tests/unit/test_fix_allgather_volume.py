"""The datasheet collective model charged every op an all-reduce's ring volume.

``efficiency._link_model`` (a GPU or GPU count with no measured curve) priced a collective at
latency + bytes x 2(n-1)/n / bandwidth whatever its ``op``; an all-gather (and a
reduce-scatter) moves (n-1)/n of the message per GPU on a ring (nccl-tests
doc/PERFORMANCE.md, the bus-bandwidth factors), half of it. ``speed._gather_s`` worked around
it by pricing an all-gather as half an all-reduce, and ``comm_model``'s host-routed check
compared a measured all-gather curve with the all-reduce's datasheet time (so aiconfigurator's
host-routed 4-GPU L40S all-gather passed it at 2.3x, where like with like it is 4.5x).

The real registry and measured tables (catalog/)."""

from __future__ import annotations

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.gpus import GPU
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.efficiency import EMPTY, comm_model
from service.domain.sizing.memory import TrainingPlan, weight_bytes
from service.domain.sizing.requests import DEFAULT_TARGETS
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import training_speed
from service.paths import default_data_dir

MSG = 64.0 * 2**20


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _gpu(catalog: Catalog, gid: str) -> GPU:
    return catalog.registry.gpus[gid]


# an NVSwitch board, an Infinity Fabric mesh, a bridged PCIe card (wider than a pair: PCIe),
# a plain PCIe card
@pytest.mark.parametrize("gid", ["h100-sxm", "mi300x", "rtx-a6000", "rtx-4090"])
@pytest.mark.parametrize("n", [2, 4, 8])
def test_datasheet_all_gather_moves_n_minus_1_over_n_of_the_message(
        catalog: Catalog, gid: str, n: int) -> None:
    g = _gpu(catalog, gid)
    gather = comm_model(EMPTY, g, "all_gather", n)
    reduce = comm_model(EMPTY, g, "all_reduce", n)
    assert gather.curve is None and reduce.curve is None
    assert gather.bandwidth == reduce.bandwidth and gather.latency_s0 == reduce.latency_s0
    lat = gather.latency_s0
    assert gather.seconds(MSG) == pytest.approx(lat + (n - 1) / n * MSG / gather.bandwidth,
                                                rel=1e-12)
    assert reduce.seconds(MSG) == pytest.approx(lat + 2 * (n - 1) / n * MSG / reduce.bandwidth,
                                                rel=1e-12)
    # half the all-reduce's bandwidth term, the same per-call latency
    assert gather.seconds(MSG) - lat == pytest.approx((reduce.seconds(MSG) - lat) / 2,
                                                      rel=1e-12)
    assert "(n-1)/n" in gather.source and "(n-1)/n" not in reduce.source, gather.source


def test_host_routed_check_compares_an_all_gather_with_an_all_gather(
        catalog: Catalog) -> None:
    """aiconfigurator's L40S server routes 4 GPUs through the host: its all-gather is 4.5x the
    datasheet all-gather (2.3x the datasheet all-reduce); its pairs are kept."""
    l40s = _gpu(catalog, "l40s")
    four = comm_model(catalog.perf, l40s, "all_gather", 4)
    assert four.curve is None and "not used" in four.source, four.source
    assert comm_model(catalog.perf, l40s, "all_gather", 2).curve is not None
    # NVSwitch systems keep their measured all-gather
    assert comm_model(catalog.perf, _gpu(catalog, "h100-sxm"), "all_gather", 8).curve is not None


def _zero3(catalog: Catalog, n: int) -> TrainingPlan:
    entry = catalog.registry.find_model("llama-3.1-8b")
    assert entry is not None
    return TrainingPlan(model=sized_from_entry(entry), precision=get_precision("bf16"),
                        method="full", rank=16, targets=list(DEFAULT_TARGETS),
                        optimizer="adamw", checkpointing=True, flash=True, micro_batch=1,
                        seq=2048, zero_stage=3, cpu_offload=False, gpus=n)


@pytest.mark.parametrize(("gid", "n"), [("rtx-4090", 4), ("h20", 8), ("l40s", 4)])
def test_zero3_prices_its_all_gathers_with_the_all_gather_model(
        catalog: Catalog, gid: str, n: int) -> None:
    """ZeRO-3's two all-gathers of the weights and one reduce-scatter of the gradients, each
    priced by the all-gather model itself (no half-an-all-reduce workaround)."""
    plan = _zero3(catalog, n)
    g = _gpu(catalog, gid)
    got = training_speed(plan, g, catalog.perf)
    gather = comm_model(catalog.perf, g, "all_gather", n)
    weights = weight_bytes(plan.model, plan.precision)
    grads = plan.trainable() * 2.0  # bf16 gradients
    assert got.comm_s == pytest.approx(2 * gather.seconds(weights) + gather.seconds(grads),
                                       rel=1e-12)
    assert "priced as half an all-reduce" not in got.comm, got.comm
    assert gather.source in got.comm, got.comm
