"""Llama 4's chunked local attention bounds its KV cache (buyer audit round 23).

Llama 4 Scout and Maverick attend in 8,192-token chunks (config attention_chunk_size) on the
36 RoPE layers and over the whole context only on the 12 NoPE layers (every 4th:
transformers Llama4TextConfig's no_rope_layers / layer_types). A chunked layer keeps at most
one chunk of KV, and vLLM's hybrid KV cache manager allocates it so
(ChunkedLocalAttentionSpec; on for Llama 4 by default since
VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE defaults to true, docs.vllm.ai v0.16.0
vllm.envs). The catalog sized the KV cache as full attention on all 48 layers: "Llama 4 Scout
with 1M context" needed 395.7 GiB (192.0 GiB KV). With the chunked layers at one chunk the KV
is 12 x 1,048,576 x 4 KiB = 48 GiB + 36 x 8,192 x 4 KiB = 1.125 GiB = 49.125 GiB.
"""

from __future__ import annotations

import msgspec
import pytest

from service.domain.catalog.models import kv_bytes
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, first_sentence

GIB = 2**30
_PER_TOKEN_LAYER = 2 * 8 * 128 * 2  # K and V, 8 KV heads x 128, 16-bit: 4 KiB


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


@pytest.mark.parametrize("model", ["llama-4-scout", "llama-4-maverick"])
def test_llama4_chunked_layers_are_windowed_at_the_chunk(model: str) -> None:
    m = catalog().registry.models[model]
    a = m.architecture
    assert a is not None
    assert a.sliding_window == 8192 and a.n_sliding == 36  # was None, 0: full on all 48
    assert a.num_layers - a.n_sliding == 12
    # the rule is cited where the fields are
    assert "VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE" in m.notes
    assert "attention_chunk_size 8192" in m.notes


@pytest.mark.parametrize(("tokens", "gib"), [
    (8192, 1.5),                     # inside one chunk: every layer holds every token
    (131_072, 6.0 + 1.125),          # was 24.0
    (1_048_576, 48.0 + 1.125),       # was 192.0
    (10_485_760, 480.0 + 1.125),     # was 1,920.0
])
def test_scout_kv_bytes_at_long_contexts(tokens: int, gib: float) -> None:
    a = catalog().registry.models["llama-4-scout"].architecture
    assert a is not None
    assert kv_bytes(a, tokens, 2.0) / GIB == pytest.approx(gib)
    expected = (12 * tokens + 36 * min(tokens, 8192)) * _PER_TOKEN_LAYER / GIB
    assert gib == pytest.approx(expected)


@pytest.mark.parametrize("model", ["llama-4-scout", "llama-4-maverick"])
@pytest.mark.parametrize(("context", "kv_gib"), [
    (8192, 1.5), (131_072, 7.125), (1_048_576, 49.125)])
def test_sizing_kv_at_8k_128k_1m(model: str, context: int, kv_gib: float) -> None:
    r = _size(model=model, gpu="H200 SXM", gpu_count=8, input_tokens=context - 512,
              output_tokens=512)
    assert r.memory.kv_cache_gib == pytest.approx(kv_gib, abs=1e-3)
    note = next(x for x in r.assumptions if x.name == "kv_cache")
    assert "36 sliding-window layers capped at 8192 tokens" in note.reason


def test_sizing_scout_1m_total_and_decode() -> None:
    r = _size(model="llama-4-scout", gpu="H200 SXM", gpu_count=8, input_tokens=1_048_064,
              output_tokens=512)
    assert r.memory.total_gib == pytest.approx(263.2, abs=0.1)  # was 406.0
    # the decode step reads 49 GiB of KV, not 192: faster than the full-attention reading
    full = msgspec.structs.replace(
        catalog().registry.models["llama-4-scout"].architecture,
        sliding_window=None, sliding_window_layers=None)
    r_full = _size(architecture=msgspec.to_builtins(full), gpu="H200 SXM", gpu_count=8,
                   input_tokens=1_048_064, output_tokens=512)
    assert r_full.memory.kv_cache_gib == pytest.approx(192.0)
    assert r.performance is not None and r_full.performance is not None
    assert r.performance.decode_tokens_per_s > 1.4 * r_full.performance.decode_tokens_per_s


def test_ask_scout_1m_vram() -> None:
    # "1M" is 1,000,000 tokens (audit buyer28a #8): 12 x 1,000,000 x 4 KiB = 45.8 GiB + 1.125
    lead = first_sentence(ask("Llama 4 Scout with 1M context: how much VRAM?"))
    assert "about 250.6 GiB in total (202.4 GiB weights, 46.9 GiB KV cache" in lead, lead


def test_ask_scout_1m_vram_in_romanian() -> None:
    lead = first_sentence(ask("Llama 4 Scout cu context de 1M: cât VRAM?"))
    assert "250,6 GiB în total (202,4 GiB greutăți, 46,9 GiB cache KV" in lead, lead


def test_ask_maverick_1m_vram() -> None:
    lead = first_sentence(ask("Llama 4 Maverick with 1M context: how much VRAM?"))
    assert "46.9 GiB KV cache" in lead and "192.0 GiB" not in lead, lead
