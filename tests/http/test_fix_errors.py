"""One error shape per kind of bad input, on every route.

- A name the catalog does not know (model, GPU, weights, engine, provider, region) is
  ``/problems/unknown-<kind>`` with ``suggestions``, wherever it is given: /v1/sizing,
  /v1/recommendations (a 400 ``invalid-input`` without suggestions before), /v1/offers and
  /v1/ask alike; in a body a 400 at the value's path, in a query a 404 (audit buyer18a #5:
  a 404 with no path for a body's value read as "no such endpoint").
- A name of only whitespace is empty: the 400 ``validation-error`` at its path that ``""``
  gets (``gpu=%20`` was a 404 "unknown gpu ' '" with no suggestion).
- An enum value out of its set says which values are accepted (``interconnect=NVLink``
  answered "Invalid enum value 'NVLink'" and nothing else).
- A pasted config.json with ``num_key_value_heads: 0`` is a 400 at that key, as the other
  zero sizes are (it was sized as multi-head attention: 4x the KV cache of the GQA it says).
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio

M = "llama-3.1-70b"


def _problem(r: Any) -> dict[str, Any]:
    assert r.headers["content-type"].startswith("application/problem+json"), r.text
    body: dict[str, Any] = r.json()
    assert body["status"] == r.status_code
    return body


UNKNOWN_NAMES = [
    ("post", "/v1/sizing", {"model": M, "gpu": "h100-sxm", "weights": "fp7"}, "weights", "fp8"),
    ("post", "/v1/sizing", {"model": M, "gpu": "h100-sxm", "engine": "vllmm"}, "engine", "vllm"),
    ("post", "/v1/sizing", {"model": M, "gpu": "h900"}, "gpu", "h100-sxm"),
    ("post", "/v1/sizing", {"model": "llama-3.1-70", "gpu": "h100-sxm"}, "model",
     "llama-3.1-70b"),
    ("post", "/v1/recommendations", {"model": M, "weights": "fp7"}, "weights", "fp8"),
    ("post", "/v1/recommendations", {"model": M, "engine": "vllmm"}, "engine", "vllm"),
    ("post", "/v1/recommendations", {"model": M, "gpus": ["h900"]}, "gpu", "h100-sxm"),
    ("post", "/v1/recommendations", {"model": M, "providers": ["runpd"]}, "provider",
     "runpod"),
    ("post", "/v1/recommendations", {"model": M, "exclude_providers": ["runpd"]}, "provider",
     "runpod"),
    ("post", "/v1/recommendations", {"model": M, "regions": ["europe", "mars"]}, "region",
     "europe"),
    ("post", "/v1/recommendations", {"model": "llama-3.1-70"}, "model", "llama-3.1-70b"),
    ("get", "/v1/offers?gpu=h900", None, "gpu", "h100-sxm"),
    ("get", "/v1/offers?provider=runpd", None, "provider", "runpod"),
    ("get", "/v1/offers?region=mars", None, "region", "europe"),
]


@pytest.mark.parametrize(("method", "route", "body", "kind", "near"), UNKNOWN_NAMES)
async def test_an_unknown_catalog_name_is_the_same_problem_everywhere(
        client: AsyncTestClient, method: str, route: str, body: dict[str, Any] | None,  # type: ignore[type-arg]
        kind: str, near: str) -> None:
    r = await (client.post(route, json=body) if method == "post" else client.get(route))
    # a body's value is a 400 at its path (was a 404 for all: audit buyer18a #5), and so is
    # a query filter's, at the parameter (a 404 with no path before audit buyer26c #10)
    assert r.status_code == 400, r.text
    problem = _problem(r)
    assert problem.get("errors")
    assert problem["type"] == f"/problems/unknown-{kind}"
    assert problem["detail"].startswith(f"unknown {kind} ")
    assert near in problem["suggestions"]


async def test_unknown_weights_on_sizing_is_the_problem_ask_gives(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    await wait_ready(client)
    sized = _problem(await client.post("/v1/sizing", json={
        "model": M, "gpu": "h100-sxm", "weights": "fp7"}))
    asked = _problem(await client.post("/v1/ask", json={
        "question": "Does it fit?", "context": {"model": M, "weights": "fp7"}}))
    for key in ("type", "status", "suggestions"):
        assert sized[key] == asked[key], key


BLANK = [
    ("post", "/v1/sizing", {"model": "{}", "gpu": "h100-sxm"}, "$.model"),
    ("post", "/v1/sizing", {"model": M, "gpu": "{}"}, "$.gpu"),
    ("post", "/v1/sizing", {"model": M, "gpu": "h100-sxm", "weights": "{}"}, "$.weights"),
    ("post", "/v1/recommendations", {"model": "{}"}, "$.model"),
    ("post", "/v1/recommendations", {"model": M, "gpus": ["h100", "{}"]}, "$.gpus[1]"),
    ("post", "/v1/recommendations", {"model": M, "regions": ["{}"]}, "$.regions[0]"),
    ("post", "/v1/ask", {"question": "Does it fit?", "context": {"gpu": "{}"}},
     "$.context.gpu"),
    ("get", "/v1/offers?gpu={}", None, "$.gpu"),
    ("get", "/v1/offers?region={}", None, "$.region"),
    ("get", "/v1/offers?provider={}", None, "$.provider"),
]


@pytest.mark.parametrize(("method", "route", "body", "path"), BLANK)
async def test_a_blank_name_is_the_400_an_empty_one_gets(
        client: AsyncTestClient, method: str, route: str, body: dict[str, Any] | None,  # type: ignore[type-arg]
        path: str) -> None:
    async def send(value: str) -> Any:
        if method == "get":
            return await client.get(route.replace("{}", value))
        fill = {k: ([value if x == "{}" else x for x in v] if isinstance(v, list) else
                    {kk: value if vv == "{}" else vv for kk, vv in v.items()}
                    if isinstance(v, dict) else value if v == "{}" else v)
                for k, v in (body or {}).items()}
        return await client.post(route, json=fill)

    empty = await send("")
    assert empty.status_code == 400, empty.text
    for blank in (" ", "%20%09" if method == "get" else " \t "):
        r = await send(blank)
        assert r.status_code == 400, r.text
        problem = _problem(r)
        assert problem["type"] == _problem(empty)["type"] == "/problems/validation-error"
        assert [e["path"] for e in problem["errors"]] == [path]


@pytest.mark.parametrize(("query", "allowed"), [
    # NVLink and PRICE are read in any case now (audit buyer26c #9)
    ("interconnect=infiniband", ["nvlink", "nvswitch", "pcie"]),
    ("sort=cheapest", ["price", "price_per_gpu"]),
])
async def test_an_enum_query_value_out_of_its_set_lists_the_allowed_ones(
        client: AsyncTestClient, query: str, allowed: list[str]) -> None:  # type: ignore[type-arg]
    r = await client.get(f"/v1/offers?{query}")
    assert r.status_code == 400, r.text
    problem = _problem(r)
    message = problem["errors"][0]["message"]
    assert all(f"'{a}'" in message for a in allowed), message
    assert all(f"'{a}'" in problem["detail"] for a in allowed)


async def test_an_enum_body_value_out_of_its_set_lists_the_allowed_ones(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"model": M, "task": "training"})
    assert r.status_code == 400, r.text
    problem = _problem(r)
    assert problem["errors"][0]["path"] == "$.task"
    message = problem["errors"][0]["message"]
    assert all(f"'{t}'" in message for t in ("inference", "finetune", "pretrain")), message


BASE_CFG = {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
            "vocab_size": 128256, "max_position_embeddings": 131072,
            "torch_dtype": "bfloat16"}


@pytest.mark.parametrize(("key", "value"), [
    ("num_key_value_heads", 0), ("num_key_value_heads", -8), ("num_key_value_heads", 5),
    ("num_key_value_heads", 64), ("num_attention_heads", 0), ("num_hidden_layers", 0),
    ("hidden_size", 0),
])
async def test_a_wrong_head_or_size_in_hf_config_is_a_400_at_its_key(
        client: AsyncTestClient, key: str, value: int) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"hf_config": {**BASE_CFG, key: value},
                                              "gpu": "h100-sxm"})
    assert r.status_code == 400, r.text
    problem = _problem(r)
    assert [e["path"] for e in problem["errors"]] == [f"$.hf_config.{key}"], problem


async def test_a_right_hf_config_still_sizes_its_gqa_cache(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"hf_config": BASE_CFG, "gpu": "h100-sxm"})
    assert r.status_code == 200, r.text
    # 32 layers x 8 KV heads x 128 head dim x 2 (K and V) x 2 bytes (bf16)
    assert r.json()["kv_cache_bytes_per_token"] == 32 * 8 * 128 * 2 * 2
    no_kv = {k: v for k, v in BASE_CFG.items() if k != "num_key_value_heads"}
    r = await client.post("/v1/sizing", json={"hf_config": no_kv, "gpu": "h100-sxm"})
    assert r.status_code == 200, r.text  # absent: multi-head attention, as transformers reads it
    assert r.json()["kv_cache_bytes_per_token"] == 32 * 32 * 128 * 2 * 2
