"""Prefill of hybrid linear-attention models counted every layer as softmax attention.

POST /v1/sizing {"model": "qwen3.5-27b", "gpu": "h100-sxm", "input_tokens": 131072,
"output_tokens": 1, "weights": "fp8"} answered a time to first token of 24,984 ms with the
quadratic attention term of all 64 layers, although only 16 are softmax attention (the other
48 are Gated DeltaNet, linear in the prompt: catalog/models/qwen3.5-27b.toml). MiniMax-Text-01
(10 softmax layers of 80) and Qwen3.5-35B-A3B (10 of 40) had the same fault. The KV cache
already counted the softmax layers alone (``Architecture.kv_layers``); prefill attention now
does too.

The real registry and measured tables (catalog/), as the sizing endpoint uses them."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.models import Architecture
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing import serving, speed
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size, sized_from_entry
from service.paths import default_data_dir

HYBRIDS = [("qwen3.5-27b", 16), ("qwen3.5-35b-a3b", 10), ("minimax-text-01", 10)]
"""Hybrid models and their softmax-attention layers (the catalog entries' notes)."""


def _catalog() -> Catalog:
    """A fresh snapshot: the load models cached on one would outlive a patched formula."""
    return load_catalog(default_data_dir("catalog"), 90)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return _catalog()


def _arch(catalog: Catalog, model: str) -> Architecture:
    a = sized_from_entry(catalog.registry.model(model)).arch
    assert a is not None
    return a


def _all_layers_softmax(a: Architecture) -> float:
    """The formula before the fix: every layer's query attends to the context."""
    if a.is_mla:
        qk = (a.qk_nope_head_dim or 0) + (a.qk_rope_head_dim or 0)
        return 2.0 * a.num_layers * a.num_attention_heads * (qk + (a.v_head_dim or 0))
    return 4.0 * a.num_layers * a.q_width


def _ttft_ms(catalog: Catalog, **req: object) -> float:
    r = size(msgspec.convert(req, SizingRequest), catalog)
    assert r.performance is not None and r.performance.time_to_first_token_ms is not None
    return r.performance.time_to_first_token_ms


QWEN_131K = dict(model="qwen3.5-27b", gpu="h100-sxm", weights="fp8", output_tokens=1)


@pytest.mark.parametrize(("model", "softmax_layers"), HYBRIDS)
def test_attention_flops_count_the_softmax_layers_alone(catalog: Catalog, model: str,
                                                        softmax_layers: int) -> None:
    a = _arch(catalog, model)
    assert a.kv_layers == softmax_layers
    assert serving.attention_flops_per_pair(a) == 4.0 * softmax_layers * a.q_width
    # training's causal attention per token follows the same layers: s/2 context on average
    assert speed.causal_attention_flops(a, 8192) == pytest.approx(
        4.0 * softmax_layers * a.q_width * 8192 / 2)


def test_qwen35_27b_ttft_at_131k_is_quadratic_in_16_of_64_layers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The TTFT's quadratic coefficient (second difference over prompts of 64k, 96k and 128k
    tokens, whole chunks of the step budget) is 16/64 of what all 64 layers as softmax
    attention give, and the 131k answer falls well below the all-softmax one."""
    lengths = (65536, 98304, 131072)
    fixed = _catalog()
    ours = [_ttft_ms(fixed, input_tokens=s, **QWEN_131K) for s in lengths]
    monkeypatch.setattr(serving, "attention_flops_per_pair", _all_layers_softmax)
    monkeypatch.setattr(speed, "attention_flops_per_pair", _all_layers_softmax)
    every = [_ttft_ms(_catalog(), input_tokens=s, **QWEN_131K) for s in lengths]

    def second_difference(t: list[float]) -> float:
        return t[0] - 2 * t[1] + t[2]

    assert second_difference(ours) / second_difference(every) == pytest.approx(16 / 64, rel=0.02)
    assert ours[-1] < 0.5 * every[-1]


def test_dense_answers_unchanged_to_the_bit(catalog: Catalog) -> None:
    """Models without linear-attention layers (dense, sliding window, MoE, MLA; the serving
    model and llama.cpp's prefill formula) answer the same TTFT and decode speed as before the
    fix: (TTFT ms, decode tokens/s) taken from the code just before it, with this catalog."""
    cases: list[tuple[dict[str, object], tuple[float, float]]] = [
        (dict(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=32768, output_tokens=256,
              weights="fp8"), (864.2239324903179, 153.49816521441048)),
        (dict(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=4, input_tokens=120000,
              output_tokens=1, weights="fp8"), (11704.949958605435, 63.078014248270534)),
        (dict(model="gemma-2-9b", gpu="h100-sxm", input_tokens=7000, output_tokens=256),
         (264.19935690877844, 114.87361829250212)),
        (dict(model="mixtral-8x7b", gpu="h100-sxm", gpu_count=2, input_tokens=30000,
              output_tokens=256), (951.2869132637335, 128.28628495840337)),
        (dict(model="deepseek-v3", gpu="h200", gpu_count=8, input_tokens=65536,
              output_tokens=256, weights="fp8"), (3126.1907212893047, 115.2263259592599)),
        (dict(model="llama-3.1-8b", gpu="rtx-4090", engine="llama.cpp", input_tokens=16384,
              output_tokens=256, weights="q4_k_m"), (5056.941329620944, 95.50922947290711)),
        (dict(model="gemma-2-9b", gpu="rtx-4090", engine="llama.cpp", input_tokens=7000,
              output_tokens=256, weights="q4_k_m"), (1600.0286280106232, 81.3373744150939)),
    ]
    for req, before in cases:
        r = size(msgspec.convert(req, SizingRequest), catalog)
        assert r.performance is not None, req
        assert (r.performance.time_to_first_token_ms,
                r.performance.decode_tokens_per_s) == before, req


def test_dense_attention_formula_unchanged(catalog: Catalog) -> None:
    """The same formula as before for every model without linear-attention layers."""
    checked: list[Callable[[Architecture, int], float]] = [
        lambda a, s: serving.attention_flops_per_pair(a),
        lambda a, s: speed.causal_attention_flops(a, s)]
    for m in ("llama-3.1-8b", "gemma-2-9b", "deepseek-v3", "mixtral-8x7b"):
        a = _arch(catalog, m)
        assert not a.linear_attention_layers
        assert checked[0](a, 0) == _all_layers_softmax(a)
        t2, w = 16384.0 ** 2, float(a.sliding_window or 0)
        slid = 2.0 * 16384 * w - w * w if w else t2
        per_layer = _all_layers_softmax(a) / a.num_layers / 2
        assert checked[1](a, 16384) == (
            per_layer * ((a.num_layers - a.n_sliding) * t2 + a.n_sliding * slid) / 16384)
