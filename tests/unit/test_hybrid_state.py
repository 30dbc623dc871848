"""A hybrid model (linear attention + softmax attention layers: Qwen3.5, MiniMax) keeps a fixed
recurrent state per running sequence beside its KV cache: memory, the largest batch and the
serving model's admission count it, and a model with no linear-attention layer is unchanged."""

from __future__ import annotations

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.models import kv_bytes, linear_state_bytes, seq_cache_bytes
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import kv_admission
from service.domain.sizing.sizing import size, sized_from_entry
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def test_state_is_part_of_each_sequence(catalog: Catalog) -> None:
    a = sized_from_entry(catalog.registry.model("qwen3.5-27b")).arch
    assert a is not None and a.linear_attention_layers > 0
    state = linear_state_bytes(a, 2.0)
    assert state > 10 * 2**20  # tens of MiB per sequence in bf16
    # constant in the context; the KV cache grows with it
    assert seq_cache_bytes(a, 1000, 2.0) == kv_bytes(a, 1000, 2.0) + state
    assert seq_cache_bytes(a, 8000, 2.0) - seq_cache_bytes(a, 1000, 2.0) == pytest.approx(
        kv_bytes(a, 8000, 2.0) - kv_bytes(a, 1000, 2.0))
    dense = sized_from_entry(catalog.registry.model("llama-3.1-8b")).arch
    assert dense is not None
    assert seq_cache_bytes(dense, 4096, 2.0) == kv_bytes(dense, 4096, 2.0)


def test_admission_reserves_the_state() -> None:
    # 1 GiB of KV pool, 16-token blocks of 1 KiB per token: 2,048 tokens a sequence
    budget, per_token = float(2**30), 1024.0
    without = kv_admission(budget, lambda t: t * per_token, 16, 1024, 2048, 10_000)
    with_state = kv_admission(budget, lambda t: t * per_token + 64 * 2**20, 16, 1024, 2048,
                              10_000)
    assert without == 512  # 65,536 blocks // 128 blocks a sequence
    # each sequence now takes 2 MiB of blocks + 64 MiB of state: 1 GiB / 66 MiB
    assert with_state == 15
    # a state larger than the pool admits nothing
    assert kv_admission(budget, lambda t: t * per_token + 2.0 * 2**30, 16, 1024, 2048,
                        10_000) == 0


def test_sizing_counts_the_state_in_memory_and_concurrency(catalog: Catalog) -> None:
    r = size(SizingRequest(model="qwen3.5-27b", gpu="h100-sxm", input_tokens=2048,
                           output_tokens=512, batch_size=8), catalog)
    a = sized_from_entry(catalog.registry.model("qwen3.5-27b")).arch
    assert a is not None and r.memory.kv_cache_gib is not None
    expected = 8 * seq_cache_bytes(a, 2560, 2.0) / 2**30
    assert r.memory.kv_cache_gib == pytest.approx(expected)
    assert r.memory.kv_cache_gib > 8 * kv_bytes(a, 2560, 2.0) / 2**30 * 1.05
    assert r.max_batch_size is not None and r.performance is not None
    assert r.performance.max_concurrency is not None
    # the engine admits in paged blocks at a sequence's actual context (on average its prompt
    # and half its output), the largest batch holds every sequence at its full context
    assert r.performance.max_concurrency <= r.max_batch_size * 2560 / (2048 + 256) + 1


def test_encoder_decoder_models_default_to_an_engine_that_serves_them(catalog: Catalog) -> None:
    """vLLM serves no T5/BART since its V1 engine: the default is the first engine of
    catalog/engines.toml with encoder_decoder = true, and asking for vLLM warns."""
    r = size(SizingRequest(model="t5-11b", gpu="a100-sxm-80gb"), catalog)
    assert r.engine == "tensorrt-llm"
    assert not any("encoder-decoder" in w for w in r.warnings)
    forced = size(SizingRequest(model="flan-t5-xl", gpu="l4", engine="vllm"), catalog)
    assert forced.engine == "vllm"
    assert any("does not serve encoder-decoder" in w and "tensorrt-llm" in w
               for w in forced.warnings)
    # a decoder-only model keeps its default engine
    assert size(SizingRequest(model="llama-3.1-8b", gpu="l4"), catalog).engine == "vllm"
