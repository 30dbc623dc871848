"""Two defects of the training speed model (``speed.training_tokens_per_s``).

A. The sequence length was ignored: POST /v1/recommendations {"model": "llama-3.1-8b",
   "workload": "finetune", "finetune": {"method": "lora", "sequence_length": 131072},
   "training_tokens": 1e8} got the same tokens/s at 2,048 and 131,072 tokens (B200 25,684),
   although causal attention then costs ~34 GFLOP per token forward against ~16 for the
   linear layers.
B. Multi-GPU communication was ignored: full fine-tuning of llama-3.1-8b on 4 x L40S (PCIe)
   with ZeRO-3 was answered at 4 x one L40S's tokens/s, although every step all-gathers the
   16 GB of bf16 weights twice and reduce-scatters as many gradients over PCIe.

The real registry and measured tables (catalog/), as the recommendations use them."""

from __future__ import annotations

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.gpus import GPU
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import TrainingPlan, lora_params
from service.domain.sizing.requests import DEFAULT_TARGETS
from service.domain.sizing.serving import attention_flops_per_pair
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import training_speed, training_tokens_per_s
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _gpu(catalog: Catalog, name: str) -> GPU:
    g = catalog.registry.find_gpu(name)
    assert g is not None, name
    return g


def _plan(catalog: Catalog, *, method: str = "lora", seq: int = 2048, gpus: int = 1,
          zero: int = 0, checkpointing: bool = True) -> TrainingPlan:
    entry = catalog.registry.find_model("llama-3.1-8b")
    assert entry is not None
    return TrainingPlan(model=sized_from_entry(entry), precision=get_precision("bf16"),
                        method=method, rank=16, targets=list(DEFAULT_TARGETS),
                        optimizer="adamw", checkpointing=checkpointing, flash=True,
                        micro_batch=1, seq=seq, zero_stage=zero, cpu_offload=False,
                        gpus=gpus)


def _flops_per_token(plan: TrainingPlan) -> tuple[float, float]:
    """(linear, attention) training FLOPs per token, recomputed from the architecture: linear
    6N (full) / 4N (LoRA), +2N with checkpointing; causal attention A x s/2 forward (A: FLOPs
    per query per context token over the layers), x3 with its backward, x4 with recompute,
    LoRA included (attention has no weights: its backward is all activation gradients); LoRA
    adds its adapters' own 6 FLOPs per parameter (8 with recompute)."""
    a = plan.model.arch
    assert a is not None and not a.sliding_window
    n = plan.model.active_params
    linear = (6.0 if plan.method == "full" else 4.0) * n + (2.0 * n if plan.checkpointing
                                                             else 0.0)
    if plan.method != "full":
        linear += (8.0 if plan.checkpointing else 6.0) * lora_params(a, plan.rank, plan.targets)
    attn = (4.0 if plan.checkpointing else 3.0) * attention_flops_per_pair(a) * plan.seq / 2
    return linear, attn


@pytest.mark.parametrize("method", ["lora", "full"])
@pytest.mark.parametrize("checkpointing", [True, False])
def test_long_sequence_is_slower_by_the_attention_flops(catalog: Catalog, method: str,
                                                        checkpointing: bool) -> None:
    b200 = _gpu(catalog, "B200")
    short, long_ = (_plan(catalog, method=method, seq=s, checkpointing=checkpointing)
                    for s in (2048, 131072))
    tps_short = training_tokens_per_s(short, b200, catalog.perf)[0]
    tps_long, _, rule = training_tokens_per_s(long_, b200, catalog.perf)
    lin, attn_short = _flops_per_token(short)
    _, attn_long = _flops_per_token(long_)
    expected = (lin + attn_long) / (lin + attn_short)
    assert expected > 2.5  # 8B at 128k: attention is most of a token's FLOPs
    assert tps_short / tps_long == pytest.approx(expected, rel=1e-9)
    assert "attention" in rule and "131,072" in rule, rule


def test_one_gpu_short_context_unchanged_but_the_attention_term(catalog: Catalog) -> None:
    """One GPU: nothing to communicate; the old rule (tokens/s = peak x MFU / (mult x N))
    scaled only by the attention term's share."""
    for name in ("L40S", "H100 SXM", "RTX 4090"):
        g = _gpu(catalog, name)
        for method in ("lora", "full"):
            plan = _plan(catalog, method=method, seq=2048)
            tps, mfu, _ = training_tokens_per_s(plan, g, catalog.perf)
            lin, attn = _flops_per_token(plan)
            old = (g.tflops("bf16") or 1.0) * 1e12 * mfu / lin
            assert tps == pytest.approx(old * lin / (lin + attn), rel=1e-9)
            assert 0.95 < tps / old < 1.0  # 2,048 tokens: attention adds a few %


def test_zero3_over_pcie_is_communication_bound(catalog: Catalog) -> None:
    l40s, h100 = _gpu(catalog, "L40S"), _gpu(catalog, "H100 SXM")
    one, four = (_plan(catalog, method="full", gpus=n, zero=3 if n > 1 else 0)
                 for n in (1, 4))

    def scaling(g: GPU) -> float:
        """Per-GPU tokens/s of 4 GPUs against one GPU's (1.0: perfect data parallel)."""
        return (training_tokens_per_s(four, g, catalog.perf)[0] / 4
                / training_tokens_per_s(one, g, catalog.perf)[0])

    # ZeRO-3 moves ~3 x 16 GB per step over PCIe: seconds against a ~0.9 s compute step
    assert scaling(l40s) < 0.7
    # NVSwitch: the same traffic hides behind the compute
    assert scaling(h100) == pytest.approx(1.0)
    assert scaling(l40s) < scaling(h100)


def test_ddp_lora_moves_only_the_adapters_gradients(catalog: Catalog) -> None:
    """LoRA under DDP all-reduces ~40 M adapter gradients: hidden even over PCIe; ZeRO-3
    all-gathers the frozen 16 GB base as well."""
    l40s = _gpu(catalog, "L40S")
    one = training_tokens_per_s(_plan(catalog), l40s, catalog.perf)[0]
    ddp = training_tokens_per_s(_plan(catalog, gpus=4, zero=0), l40s, catalog.perf)[0]
    z3 = training_tokens_per_s(_plan(catalog, gpus=4, zero=3), l40s, catalog.perf)[0]
    assert ddp / 4 == pytest.approx(one)
    assert z3 < ddp * 0.7


def test_without_tables_communication_is_not_timed(catalog: Catalog) -> None:
    """No perf tables passed: today's rule (data parallel scales perfectly), and the rule
    says the communication was not timed."""
    l40s = _gpu(catalog, "L40S")
    one = training_tokens_per_s(_plan(catalog, method="full"), l40s)[0]
    four = training_speed(_plan(catalog, method="full", gpus=4, zero=3), l40s, None)
    assert four.tokens_per_s == pytest.approx(4 * one)
    assert four.comm_s is None and "not timed" in four.comm, four.comm


def test_the_step_says_what_it_waits_for(catalog: Catalog) -> None:
    """The communication is priced from the collective model and said: ZeRO-3's two
    all-gathers of the weights and the gradients' reduce-scatter, step = max(compute,
    communication)."""
    got = training_speed(_plan(catalog, method="full", gpus=4, zero=3),
                         _gpu(catalog, "L40S"), catalog.perf)
    assert got.comm_s is not None and got.comm_s > got.compute_s
    assert got.bound == "communication"
    assert "all-gather" in got.comm and "reduce-scatter" in got.comm, got.comm
    assert "overlap" in got.comm, got.comm
    nv = training_speed(_plan(catalog, method="full", gpus=4, zero=3),
                        _gpu(catalog, "H100 SXM"), catalog.perf)
    assert nv.comm_s is not None and nv.comm_s < nv.compute_s and nv.bound == "compute"
    assert "measured" in nv.comm, nv.comm
