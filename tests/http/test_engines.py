"""An engine is a field value checked against the catalog's engines (catalog/engines.toml):
an unknown one is ``/problems/unknown-engine``, a 400 at ``$.engine``, with the nearest ids as
suggestions, as every unknown catalog name in a body is (README, Errors)."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("route", "body"), [
    ("/v1/sizing", {"model": "llama-3-8b", "engine": "vlm"}),
    ("/v1/recommendations", {"model": "llama-3-8b", "engine": "vlm"}),
])
async def test_unknown_engine_is_400_with_suggestions(client: AsyncTestClient, route: str,  # type: ignore[type-arg]
                                                      body: dict) -> None:
    r = await client.post(route, json=body)
    assert r.status_code == 400, r.text  # a body's value: 400 at its path (was 404, buyer18a #5)
    assert r.headers["content-type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["type"] == "/problems/unknown-engine"
    assert "did you mean: vllm" in problem["detail"]
    assert problem["suggestions"][0] == "vllm"


async def test_every_shipped_engine_is_accepted(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for engine in ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "diffusers"):
        model = "sdxl" if engine == "diffusers" else "llama-3-8b"
        r = await client.post("/v1/sizing", json={"model": model, "engine": engine})
        assert r.status_code == 200, r.text
        assert r.json()["engine"] == engine
    # an engine asked for a model kind it does not serve is a 400 naming the engines that do
    r = await client.post("/v1/sizing", json={"model": "llama-3-8b", "engine": "diffusers"})
    assert r.status_code == 400 and "engines that do" in r.text, r.text
