"""/v1/sizing answers an encoder-decoder model (T5) end to end over HTTP."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio

GIB = 2**30


async def test_sizing_t5_11b_on_an_a100(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={
        "model": "google-t5/t5-11b", "gpu": "A100 80GB", "weights": "bf16",
        "input_tokens": 512, "output_tokens": 128})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["model"]["id"] == "t5-11b"
    assert body["model"]["total_params"] == 11_307_321_344
    # decoder and embedding: the parameters one generated token passes through
    assert body["model"]["active_params"] < body["model"]["total_params"]
    mem = body["memory"]
    # 11,307,321,344 parameters x 2 bytes (bf16) = 21.06 GiB
    assert mem["weights_gib"] == pytest.approx(11_307_321_344 * 2 / GIB)
    # 24 decoder layers x 2 (K, V) x 128 heads x 128 x 2 B = 1.5 MiB per token, over the 128
    # generated tokens (self-attention) and the 512 input tokens (cross-attention)
    assert body["kv_cache_bytes_per_token"] == 1_572_864
    assert mem["kv_cache_gib"] == pytest.approx((512 + 128) * 1_572_864 / GIB)
    assert body["fits"] is True
    perf = body["performance"]
    assert perf is not None and perf["decode_tokens_per_s"] > 0
    assert perf["time_to_first_token_ms"] > 0


async def test_sizing_pasted_t5_config(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"hf_config": {
        "model_type": "t5", "d_model": 768, "d_kv": 64, "d_ff": 3072, "num_heads": 12,
        "num_layers": 12, "vocab_size": 32128, "relative_attention_num_buckets": 32}})
    assert r.status_code == 200, r.text
    assert r.json()["model"]["total_params"] == 222_903_552  # t5-base, exact
