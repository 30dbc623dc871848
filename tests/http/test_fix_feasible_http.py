"""/v1/sizing: a combination a kernel rule refuses is ``fits: false`` with ``max_batch_size``
0 and ``runs: false``, its memory kept in ``fits_in_memory`` (audit buyer20 #8)."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio


async def test_sizing_refused_is_not_fits(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={
        "model": "llama-3.1-70b", "weights": "fp8", "gpu": "v100-sxm2-16gb", "gpu_count": 8})
    assert r.status_code == 200, r.text
    b = r.json()
    assert b["runs"] is False and b["fits"] is False and b["max_batch_size"] == 0
    assert b["fits_in_memory"] is True and b["memory"]["per_gpu_gib"] > 0
    assert any(w.startswith("impossible combination") for w in b["warnings"])
    sd = (await client.post("/v1/sizing", json={
        "model": "sdxl", "gpu": "t4", "weights": "bf16"})).json()
    assert sd["runs"] is False and sd["fits"] is False and sd["fits_in_memory"] is True
    ok = (await client.post("/v1/sizing", json={
        "model": "llama-3.1-8b", "weights": "int8", "gpu": "t4"})).json()
    assert ok["runs"] is True and ok["fits"] is True and ok["max_batch_size"] > 0


async def test_fits_on_rows_name_their_precision(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    b = (await client.post("/v1/sizing", json={"model": "whisper-large-v3"})).json()
    rows = {f["gpu"]: f for f in b["fits_on"]}
    assert rows["gtx-1080"]["weights"] == "fp16"
    assert rows["a100-sxm-80gb"]["weights"] is None
