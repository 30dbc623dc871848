"""Training-layout interconnect slips (trainnet).

1. Past one node the training layout search weighed tensor parallel for every GPU and method:
   QLoRA of Llama 3.1 70B on 16 x H100 was laid out TP2 x DP8, and on PCIe cards (L40S,
   RTX 4090, H100 PCIe) tensor parallel 2-4 crossed PCIe every layer (LoRA 70B on 16 x H100
   PCIe: TP2 x PP4 x DP2). The within-node search already refused both; the two now share one
   rule (``layout.tensor_parallel_refusal``), a QLoRA base (bitsandbytes NF4) is laid out data
   parallel only, and the layout's reason says why.
2. V100 SXM2 was timed as if an NVSwitch joined its GPUs (150 GB/s each way for any group);
   its board is DGX-1's hybrid cube-mesh: GPUs 0-1 share one NVLink (25 GB/s each way), GPUs
   0-3 make two undirected rings (100 GB/s), the eight three (150 GB/s). The topology is data
   (catalog/gpus.toml ``link_matrix``), and the collectives are timed by the rings it makes.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.catalog.gpus import GPU
from service.domain.sizing.efficiency import LINK_SHARE, comm_model
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import ask, catalog


def sized(model: str, gpu: str, n: int, method: str, seq: int = 4096) -> SizingResult:
    body: dict[str, Any] = {"model": model, "task": "finetune", "gpu": gpu, "gpu_count": n,
                            "finetune": {"method": method, "sequence_length": seq},
                            "training_tokens": 10_000_000}
    return size(msgspec.convert(body, SizingRequest), catalog())


def gpu(gid: str) -> GPU:
    return catalog().registry.gpus[gid]


# -- 1. tensor parallel only where the trainer and the fabric carry it ------------------------

@pytest.mark.parametrize(("model", "card", "seq"), [
    ("llama 3.1 70b", "H100", 4096),       # was TP2 x PP1 x DP8
    ("llama 3.1 8b", "H100", 32768),       # was TP4 x PP1 x DP4
    ("qwen2.5 32b", "A100 SXM 80GB", 32768),  # was TP8 x PP1 x DP2
    ("llama 3.1 70b", "L40S", 32768),      # was TP2 x PP2 x DP4
])
def test_qlora_past_one_node_is_data_parallel_only(model: str, card: str, seq: int) -> None:
    r = sized(model, card, 16, "qlora", seq)
    lay = r.layout
    assert lay is not None
    assert (lay.tensor, lay.pipeline) == (1, 1), lay.label
    assert all(c.tensor == 1 and c.pipeline == 1 for c in lay.candidates)
    assert "data parallel only" in lay.reason and "bitsandbytes" in lay.reason


@pytest.mark.parametrize(("model", "card", "method"), [
    ("llama 3.1 70b", "H100 PCIe", "lora"),       # was TP2 x PP4 x DP2
    ("llama 3.1 70b", "A100 PCIe 80GB", "full"),  # was TP2 x PP8 x DP1
    ("llama 3.1 8b", "RTX 4090", "lora"),         # was TP2 x PP1 x DP8
    ("qwen2.5 32b", "L40S", "full"),
])
def test_no_tensor_parallel_over_pcie_past_one_node(model: str, card: str,
                                                    method: str) -> None:
    r = sized(model, card, 16, method)
    lay = r.layout
    assert lay is not None
    assert lay.tensor == 1, lay.label
    assert all(c.tensor == 1 for c in lay.candidates)
    assert "no tensor parallel" in lay.reason and "PCIe" in lay.reason


def test_within_a_node_that_fits_nothing_says_why_no_tensor_parallel() -> None:
    r = sized("llama 3.1 70b", "L40S", 8, "lora", 32768)
    assert r.fits is False and r.layout is not None and r.layout.tensor == 1
    assert "tensor x data parallel not weighed" in r.layout.reason
    assert "has no NVLink" in r.layout.reason


def test_nvlink_switch_training_keeps_its_layout() -> None:
    # LoRA and full fine-tuning on NVSwitch GPUs are laid out as before
    # pipeline sends between the nodes timed (pipenet28); re-pinned at the merge of
    # fix/trainperf (the network between nodes counted once): TP2 x PP4 x DP2 now times 0.8 %
    # faster than TP4 x PP1 x DP4 (24,675 vs 24,476 tokens/s), a near tie the search settles
    assert sized("llama 3.1 70b", "H100", 16, "lora").layout.label == (  # type: ignore[union-attr]
        "TP2 x PP4 x DP2 x ZeRO-0")
    r = sized("llama 3.1 70b", "H100", 8, "lora", 32768)
    assert r.layout is not None and r.layout.label == "TP4 x PP1 x DP2 x ZeRO-0"


def test_qlora_on_pcie_is_not_suggested_a_tensor_parallel_layout() -> None:
    q = ("How many RTX 4090 do I need to QLoRA fine-tune Llama 3.1 70B with 32k context on "
         "16 GPUs?")
    r = ask(q)
    assert r.answer.startswith("No, QLoRA fine-tuning of Meta Llama 3.1 70B does not fit on "
                               "16 × NVIDIA GeForce RTX 4090 24GB"), r.answer
    # the warnings close the answer: no tensor-parallel layout offered as the way to fit
    assert "TP4" not in r.answer and "tensor 4" not in r.answer
    ro = ask("Câte RTX 4090 îmi trebuie pentru fine-tuning QLoRA la Llama 3.1 70B cu context "
             "de 32k pe 16 GPU-uri?")
    assert ro.answer.startswith("Nu, fine-tuning QLoRA pentru Meta Llama 3.1 70B nu încape pe "
                                "16 × NVIDIA GeForce RTX 4090 24GB"), ro.answer
    assert "tensor 4" not in ro.answer


# -- 2. V100 SXM2's hybrid cube-mesh, as data ---------------------------------------------------

@pytest.mark.parametrize(("n", "stride", "each_way_gb_s"), [
    (2, 1, 25.0),   # GPUs 0-1: one NVLink (was 150)
    (4, 1, 100.0),  # GPUs 0-3: two rings, four directed
    (8, 1, 150.0),  # all eight: three rings, as the DGX-1 white paper says (as before)
    (4, 2, 50.0),   # data-parallel GPUs 0, 2, 4, 6 of a TP2 layout: one ring
])
def test_v100_sxm2_collectives_follow_the_cube_mesh(n: int, stride: int,
                                                    each_way_gb_s: float) -> None:
    for gid in ("v100-sxm2-16gb", "v100-sxm2-32gb"):
        c = comm_model(catalog().perf, gpu(gid), "all_reduce", n, stride)
        assert c.curve is None
        assert c.bandwidth == pytest.approx(each_way_gb_s * 1e9 * LINK_SHARE)
        assert "link_matrix" in c.source


def test_a_group_no_nvlink_ring_joins_crosses_pcie() -> None:
    # GPUs 0-4: GPU 4 links only to GPU 0 among them
    c = comm_model(catalog().perf, gpu("v100-sxm2-16gb"), "all_reduce", 5)
    assert c.bandwidth == pytest.approx(16.0 * 1e9 * LINK_SHARE)
    assert "cross PCIe" in c.source


def test_switched_and_bridged_links_are_timed_as_before() -> None:
    perf = catalog().perf
    h100 = comm_model(perf, gpu("h100-sxm"), "all_reduce", 2)
    assert h100.curve is not None  # measured NVSwitch curve
    a100p = comm_model(perf, gpu("a100-pcie-80gb"), "all_reduce", 2)
    assert a100p.bandwidth == pytest.approx(300e9 * LINK_SHARE)  # its bridge, 600 GB/s
    a6000 = comm_model(perf, gpu("rtx-a6000"), "all_reduce", 4)
    assert "bridge joins pairs" in a6000.source


def test_v100_pair_training_is_timed_over_one_nvlink() -> None:
    r = sized("llama 3.1 8b", "V100", 2, "lora")
    assert r.performance is not None and r.performance.training_tokens_per_s is not None
    comm = " ".join(a.reason for a in r.assumptions)
    assert "1 link of 50 GB/s join the pair, 25 GB/s each way" in comm


def test_link_matrix_is_validated() -> None:
    base = {"id": "x", "name": "X", "vendor": "NVIDIA", "memory_gb": 16,
            "bandwidth_gb_s": 900, "source": "s", "link": "nvlink", "link_gb_s": 300}
    with pytest.raises(msgspec.ValidationError, match="symmetric"):
        msgspec.convert({**base, "link_matrix": [[0, 1], [2, 0]], "link_lane_gb_s": 50}, GPU)
    with pytest.raises(msgspec.ValidationError, match="exceed link_gb_s"):
        msgspec.convert({**base, "link_matrix": [[0, 7], [7, 0]], "link_lane_gb_s": 50}, GPU)
    with pytest.raises(msgspec.ValidationError, match="set both"):
        msgspec.convert({**base, "link_lane_gb_s": 50}, GPU)
