"""No input answers 500: every field of every request body, replaced in turn by hostile values
(deep nesting, huge and non-finite numbers, NUL bytes, wrong types, over-long strings and
lists), and whole bodies that are not what a route expects. Each gets a 2xx or a 4xx
problem+json; the values a client sent are never echoed back unbounded."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.domain.answer.compose import AskContext, AskRequest
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import FinetuneOptions, SizingRequest
from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio
JSON = {"content-type": "application/json"}
RAW = "\x00RAW\x00"  # a placeholder replaced by raw JSON text after encoding

# (label, value); a str starting with RAW is spliced into the body as raw JSON text
HOSTILE: list[tuple[str, Any]] = [
    ("deep list", RAW + "[" * 1000 + "]" * 1000),
    ("deep object", RAW + '{"a":' * 1000 + "1" + "}" * 1000),
    ("huge int", RAW + "9" * 5000),
    ("huge negative", RAW + "-" + "9" * 400),
    ("1e999", RAW + "1e999"),
    ("-1e999", RAW + "-1e999"),
    ("2**64", 2**64),
    ("tiny float", 5e-324),
    ("negative", -1),
    ("zero", 0),
    ("fraction", 0.5),
    ("true", True),
    ("null", None),
    ("NUL string", "\x00"),
    ("nan string", "nan"),
    ("inf string", "inf"),
    ("empty string", ""),
    ("long string", "x" * 5000),
    ("bidi and zero-width", "\u202e\u200b" * 50),
    ("empty list", []),
    ("long list", ["us"] * 5000),
    ("list of NULs", ["\x00"] * 3),
    ("object", {"a": 1}),
    ("object with NUL key", {"\x00": "\x00"}),
]

VALID: dict[str, dict[str, Any]] = {
    "/v1/sizing": {"model": "llama 3.1 8b", "gpu": "RTX 4090", "weights": "fp8",
                   "input_tokens": 4096, "output_tokens": 256, "price_per_gpu_hour_usd": 0.7},
    "/v1/recommendations": {"model": "llama 3.1 8b", "workload": "serving",
                            "context_tokens": 4096, "concurrent_requests": 4,
                            "max_usd_per_month": 2000, "regions": ["us"],
                            "providers": ["lambda"]},
    "/v1/ask": {"question": "How much VRAM for Llama 3.1 8B at fp8?", "lang": "en",
                "context": {"model": "llama 3.1 8b"}},
}
FINETUNE_BODY = {"model": "llama 3.1 8b", "task": "finetune", "gpu": "A100 80GB",
                 "finetune": {"method": "lora"}}

FIELDS: list[tuple[str, tuple[str, ...], dict[str, Any]]] = []
for _path, _struct in (("/v1/sizing", SizingRequest),
                       ("/v1/recommendations", RecommendationRequest),
                       ("/v1/ask", AskRequest)):
    FIELDS += [(_path, (f.name,), VALID[_path]) for f in msgspec.structs.fields(_struct)]
FIELDS += [("/v1/sizing", ("finetune", f.name), FINETUNE_BODY)
           for f in msgspec.structs.fields(FinetuneOptions)]
FIELDS += [("/v1/ask", ("context", f.name), VALID["/v1/ask"])
           for f in msgspec.structs.fields(AskContext)]
FIELDS += [("/v1/sizing", ("hf_config", key), {"hf_config": {
    "model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096,
    "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336,
    "vocab_size": 128256}}) for key in ("model_type", "num_hidden_layers", "hidden_size",
                                        "num_key_value_heads", "sliding_window", "text_config")]


def _body(base: dict[str, Any], field: tuple[str, ...], value: Any) -> bytes:
    body = json.loads(json.dumps(base))
    target = body
    for key in field[:-1]:
        target = target.setdefault(key, {})
    raw = isinstance(value, str) and value.startswith(RAW)
    target[field[-1]] = RAW if raw else value
    text = json.dumps(body)
    return (text.replace(json.dumps(RAW), value[len(RAW):]) if raw else text).encode()


async def _check(client: AsyncTestClient, path: str, body: bytes,  # type: ignore[type-arg]
                 headers: dict[str, str] | None = None) -> int:
    r = await client.post(path, content=body, headers=headers or JSON)
    assert r.status_code < 500, (path, body[:120], r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert r.headers["content-type"].startswith("application/problem+json"), r.text[:200]
        assert len(r.content) < 4096, (path, body[:120], len(r.content))  # nothing echoed whole
    return r.status_code


@pytest.mark.parametrize(("path", "field", "base"), FIELDS,
                         ids=[f"{p}:{'.'.join(f)}" for p, f, _ in FIELDS])
async def test_every_field_with_hostile_values(client: AsyncTestClient,  # type: ignore[type-arg]
                                               path: str, field: tuple[str, ...],
                                               base: dict[str, Any]) -> None:
    if path == "/v1/ask":
        await wait_ready(client)
    statuses = {label: await _check(client, path, _body(base, field, value))
                for label, value in HOSTILE}
    # the hostile values are refused; a handful happen to be valid for some fields
    assert statuses["deep list"] == 400 and statuses["huge int"] == 400
    assert statuses["NUL string"] in (200, 400, 404, 422)


WHOLE_BODIES: list[bytes] = [
    b"[" * 1000 + b"]" * 1000, b'{"a":' * 1000 + b"1" + b"}" * 1000, b"null", b"[]", b"1",
    b'"text"', b"", b"{", b"\xff\xfe\x00", b"\xef\xbb\xbf{}", b'{"model": "\xc3\x28"}',
    b"{" + b'"k": 1, ' * 3000 + b'"k": 2}', b'{"model": "llama 3 8b", "model": "x"}',
]


@pytest.mark.parametrize("path", sorted(VALID))
async def test_whole_bodies_that_are_not_a_request(client: AsyncTestClient,  # type: ignore[type-arg]
                                                   path: str) -> None:
    for body in WHOLE_BODIES:
        status = await _check(client, path, body)
        assert 400 <= status < 500, (path, body[:40], status)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "application/xml", "multipart/form-data; b=x"])
async def test_non_json_bodies_get_415(client: AsyncTestClient,  # type: ignore[type-arg]
                                       content_type: str) -> None:
    body = json.dumps(VALID["/v1/sizing"]).encode()
    r = await client.post("/v1/sizing", content=body, headers={"content-type": content_type})
    assert r.status_code == 415, r.text
    assert r.json()["type"] == "/problems/unsupported-media-type"
    ok = await client.post("/v1/sizing", content=body,
                           headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 200
    # no content type at all: read as JSON (curl without -H, simple scripts)
    assert (await client.post("/v1/sizing", content=body, headers={})).status_code == 200


async def test_paths_and_queries_with_hostile_values(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for path in ("/static/a%00b", "/v1/models/a%00b", "/v1/gpus/" + "x" * 5000,
                 "/v1/offers?gpu=" + "x" * 5000,
                 "/v1/offers/" + "%ff" * 100, "/v1/models?min_params_b=1e999",
                 "/v1/offers?limit=" + "9" * 5000):
        r = await client.get(path)
        assert 400 <= r.status_code < 500, (path[:60], r.status_code, r.text[:200])
        assert len(r.content) < 4096, (path[:60], len(r.content))
    r = await client.get("/v1/offers?region=%00")  # not a continent, country or region id
    assert r.status_code == 400 and "north-america" in r.json()["suggestions"]
