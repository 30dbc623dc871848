"""Kimi K2 Thinking is its own catalog entry, sized in the format it is released in: INT4
weight-only routed experts (group 32, compressed-tensors, trained with QAT) and bf16 for the
rest. It was an alias of Kimi K2 (FP8 blocks) and sized at 958 GiB of FP8 weights on
8 x H200, where its checkpoint is about 594 GB and Moonshot deploys it on one 8 x H200 node."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import PRECISIONS, find_precision, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir

THINKING = "moonshotai/Kimi-K2-Thinking"


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def test_int4_experts_precision_counts_its_group_scales() -> None:
    """4-bit symmetric weights plus one bf16 scale per 32 (the checkpoint's
    quantization_config): 4 + 16/32 = 4.5 bits, on the routed experts only."""
    p = find_precision("int4-experts")
    assert p is not None and p.id == "int4-experts"
    assert p.bits_linear == pytest.approx(4.5)
    assert p.scope == "experts" and p.compute == "bf16" and not p.gguf
    # its own spellings reach it, and no existing spelling moved
    for alias in p.aliases:
        found = find_precision(alias)
        assert found is not None and found.id == "int4-experts", alias
    for q in PRECISIONS:
        if q.id != "int4-experts":
            assert find_precision(q.id) is q
    assert find_precision("int4") is get_precision("int4")
    assert find_precision("w4a16") is get_precision("int4")


@pytest.mark.parametrize("name", [THINKING, "Kimi-K2-Thinking", "kimi-k2-thinking"])
def test_thinking_resolves_to_its_own_entry(name: str) -> None:
    m = catalog().registry.model(name)
    assert m.id == "kimi-k2-thinking"
    assert m.native_precision == "int4-experts"
    assert m.hf_repo == THINKING
    assert m.architecture is not None and m.architecture.max_context == 262144


@pytest.mark.parametrize("name", ["Kimi-K2-Instruct", "moonshotai/Kimi-K2-Instruct",
                                  "Kimi K2", "kimi-k2"])
def test_plain_kimi_k2_is_unchanged(name: str) -> None:
    m = catalog().registry.model(name)
    assert m.id == "kimi-k2" and m.native_precision == "fp8"
    assert m.architecture is not None and m.architecture.max_context == 131072
    assert m.total_params == 1026408232448


def test_thinking_is_sized_at_int4_experts_and_fits_one_h200_node() -> None:
    """The audit's request: 8 x H200, 16 requests of 2,048 + 512 tokens."""
    r = _size(model=THINKING, gpu="h200-sxm", gpu_count=8, batch_size=16,
              input_tokens=2048, output_tokens=512)
    assert r.weights == "int4-experts"
    # routed experts 1,014.7 B x 4.5 bits + 11.7 B x 16 bits = 594 GB = 553 GiB (the shared
    # expert is counted with the experts at 4.5 bits: 3.8 GB less than the checkpoint's bf16)
    assert 545 < r.memory.weights_gib < 556, r.memory.weights_gib
    assert r.fits and r.runs
    assert r.capacity_per_gpu_gib is not None
    assert r.memory.per_gpu_gib < 0.85 * r.capacity_per_gpu_gib  # real headroom
    fp8 = _size(model=THINKING, gpu="h200-sxm", gpu_count=8, weights="fp8")
    assert fp8.memory.weights_gib > 1.6 * r.memory.weights_gib


def test_plain_kimi_k2_still_sized_at_fp8() -> None:
    r = _size(model="kimi-k2", gpu="h200-sxm", gpu_count=8, batch_size=16,
              input_tokens=2048, output_tokens=512)
    assert r.weights == "fp8"
    assert r.memory.weights_gib > 900


@pytest.mark.parametrize(("engine", "gid", "ok"), [
    ("vllm", "h200-sxm", True),
    ("vllm", "a100-sxm-80gb", True),     # Marlin MoE from compute capability 8.0
    ("vllm", "v100-sxm2-32gb", False),
    ("sglang", "h200-sxm", True),
    ("sglang", "a100-sxm-80gb", True),
    ("tensorrt-llm", "b200", False),    # its Kimi K2 Thinking guide runs the NVFP4 checkpoint
    ("llama.cpp", "h200-sxm", False),   # GGUF only
])
def test_int4_experts_kernels(engine: str, gid: str, ok: bool) -> None:
    reg = catalog().registry
    s = reg.kernels.supported(engine, get_precision("int4-experts"), reg.gpus[gid])
    assert s.ok is ok, s.reason
    if ok:
        assert s.rule and s.sources and "http" in s.sources[0]
