"""Model variants that differ in what sizing reads get their own entries (audit: the
Mistral-7B-Instruct-v0.2 alias sized v0.1's 4,096-token sliding window, 8x too little KV at
30k tokens; Qwen3-235B-A22B-Instruct-2507 got the April release's 40,960-token limit)."""

from __future__ import annotations

import msgspec

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import shipped

GIB = 2**30


def _size(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), shipped())


def test_mistral_v02_attends_to_its_whole_context() -> None:
    r = _size(model="Mistral-7B-Instruct-v0.2", gpu="a10g", input_tokens=30000,
              output_tokens=2000)
    assert r.model.id == "mistral-7b-v0.2"
    # 32 layers x 8 KV heads x 128 x 2 (K and V) x 2 bytes = 131,072 B a token, no window
    kv = r.memory.kv_cache_gib
    assert kv is not None
    assert abs(kv - 32000 * 131072 / GIB) < 0.01, kv
    v01 = _size(model="mistral-7b-v0.1", gpu="a10g", input_tokens=30000, output_tokens=2000)
    assert (v01.memory.kv_cache_gib or 0.0) < kv / 4


def test_qwen3_235b_2507_takes_its_262k_context() -> None:
    r = _size(model="Qwen/Qwen3-235B-A22B-Instruct-2507", gpu="h200", gpu_count=8,
              weights="fp8", input_tokens=200000, output_tokens=1000)
    assert r.model.id == "qwen3-235b-a22b-2507"
    assert not any("more than the model supports" in w for w in r.warnings)
    april = _size(model="qwen3-235b-a22b", gpu="h200", gpu_count=8, weights="fp8",
                  input_tokens=200000, output_tokens=1000)
    assert any("more than the model supports" in w for w in april.warnings)
