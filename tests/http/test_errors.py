"""Every error is RFC 9457 problem+json with the field path where there is one."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings

pytestmark = pytest.mark.anyio
JSON = {"content-type": "application/json"}


def _problem(r) -> dict:  # type: ignore[no-untyped-def]
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    for key in ("type", "title", "status", "detail"):
        assert key in body
    assert body["status"] == r.status_code
    return body


async def test_malformed_json_is_400(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", content=b"{bad", headers=JSON)
    assert r.status_code == 400
    assert _problem(r)["type"] == "/problems/malformed-json"


async def test_unknown_route_with_bad_body_is_404_problem(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/anything", content=b"{bad", headers=JSON)
    assert r.status_code == 404
    _problem(r)


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"model": "llama-3-8b", "task": "finetune", "finetune": {"lora_rank": 0}},
         "$.finetune.lora_rank"),
        ({"model": "llama-3-8b", "task": "finetune", "finetune": {"lora_rnk": 4}},
         "$.finetune.lora_rnk"),
        ({"model": "llama-3-8b", "batch_size": -1}, "$.batch_size"),
        ({"model": "llama-3-8b", "batch_size": 200_000}, "$.batch_size"),
        ({"model": "llama-3-8b", "input_tokens": 20_000_000}, "$.input_tokens"),
        ({"model": "llama-3-8b", "gpu_count": 0}, "$.gpu_count"),
        ({"model": "llama-3-8b", "task": "dance"}, "$.task"),
        ({"model": "llama-3-8b", "price_per_gpu_hour_usd": -2}, "$.price_per_gpu_hour_usd"),
        ({"model": 5}, "$.model"),
        ({"model": "llama-3-8b", "colour": "red"}, "$.colour"),
    ],
)
async def test_validation_names_the_field(client: AsyncTestClient, body: dict, path: str) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json=body)
    assert r.status_code == 400, r.text
    problem = _problem(r)
    assert [e["path"] for e in problem["errors"]] == [path]


async def test_nan_is_rejected(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", content=b'{"model": "llama-3-8b", '
                          b'"price_per_gpu_hour_usd": NaN}', headers=JSON)
    assert r.status_code == 400
    _problem(r)


async def test_incompatible_combination_explains(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"model": "llama-3-8b", "task": "finetune",
                                             "weights": "fp32", "finetune": {"method": "qlora"}})
    assert r.status_code == 400
    assert "4-bit" in _problem(r)["detail"]


async def test_model_and_architecture_together_is_400(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={})
    assert r.status_code == 400
    assert "exactly one" in _problem(r)["detail"]


async def test_unknown_model_400_with_suggestions(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"model": "llama 3 8c"})
    assert r.status_code == 400  # a body's value: 400 at $.model (was 404, buyer18a #5)
    body = _problem(r)
    assert 1 <= len(body["suggestions"]) <= 3
    assert "llama-3-8b" in body["suggestions"]


async def test_unknown_gpu_404(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/v1/gpus/rtx-4099")
    assert r.status_code == 404
    assert "rtx-4090" in _problem(r)["suggestions"]


async def test_hf_config_missing_fields_422(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={"hf_config": {"model_type": "llama",
                                                            "num_hidden_layers": 32}})
    assert r.status_code == 422
    paths = {e["path"] for e in _problem(r)["errors"]}
    assert "$.hf_config.hidden_size" in paths


async def test_body_over_limit_is_413(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", content=b'{"model": "' + b"x" * 100 * 1024 + b'"}',
                          headers=JSON)
    assert r.status_code == 413
    _problem(r)


async def test_unhandled_error_is_500_without_internals() -> None:
    app = create_app(Settings(), configure_logs=False)

    def boom(*_a: object, **_k: object) -> None:
        raise RuntimeError("secret internal detail")

    import service.api.routes.sizing as sizing_route

    original = sizing_route.size
    sizing_route.size = boom  # type: ignore[assignment]
    try:
        async with AsyncTestClient(app=app) as c:
            r = await c.post("/v1/sizing", json={"model": "llama-3-8b"},
                             headers={"x-request-id": "req-500"})
    finally:
        sizing_route.size = original
    assert r.status_code == 500
    body = _problem(r)
    assert body["request_id"] == "req-500"
    assert "secret" not in r.text and "Traceback" not in r.text


async def test_rate_limit_429_with_retry_after() -> None:
    app = create_app(Settings(rate_limit_per_minute=2), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        codes = [(await c.get("/v1/gpus")).status_code for _ in range(3)]
        assert codes[:2] == [200, 200]
        r = await c.get("/v1/gpus")
        assert r.status_code == 429
        assert int(r.headers["retry-after"]) > 0
        _problem(r)
        assert (await c.get("/healthz")).status_code == 200


async def test_mla_fields_on_dense_model_explained(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    arch = {"num_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
            "intermediate_size": 11008, "vocab_size": 32000, "kv_lora_rank": 512,
            "qk_rope_head_dim": 64}
    r = await client.post("/v1/sizing", json={"architecture": arch})
    assert r.status_code == 400
    assert "MLA" in _problem(r)["detail"]


async def test_absurd_custom_model_rejected(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    arch = {"num_layers": 900, "hidden_size": 200_000, "num_attention_heads": 1000,
            "intermediate_size": 800_000, "vocab_size": 32000}
    r = await client.post("/v1/sizing", json={"architecture": arch})
    assert r.status_code == 400
    assert "10T" in _problem(r)["detail"]
