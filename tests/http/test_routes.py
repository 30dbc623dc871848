from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio


async def test_health_ready_metrics(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    assert (await client.get("/healthz")).json()["status"] == "ok"
    await wait_ready(client)
    ready = (await client.get("/readyz")).json()
    assert ready["status"] == "ready" and ready["models"] >= 45 and ready["gpus"] >= 40
    await client.post("/v1/sizing", json={"model": "llama-3-8b"})
    text = (await client.get("/metrics")).text
    assert 'gpu_advisor_requests_total{method="POST",route="/v1/sizing",status="200"} 1.0' in text
    assert "gpu_advisor_request_duration_seconds_bucket" in text
    assert f'gpu_advisor_catalog_info{{version="{ready["catalog_version"]}"}} 1.0' in text


async def test_readyz_503_until_loaded() -> None:
    app = create_app(Settings(), configure_logs=False)
    # without running the lifespan nothing is loaded yet
    async with AsyncTestClient(app=app) as c:
        app.state.app_state.loaded = None
        r = await c.get("/readyz")
        assert r.status_code == 503


async def test_request_id_echoed_or_generated(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/healthz", headers={"x-request-id": "abc.DEF-123_x"})
    assert r.headers["x-request-id"] == "abc.DEF-123_x"
    r = await client.get("/healthz", headers={"x-request-id": "bad id with spaces"})
    assert r.headers["x-request-id"] != "bad id with spaces"
    assert len(r.headers["x-request-id"]) == 32
    r = await client.get("/healthz", headers={"x-request-id": "x" * 65})
    assert len(r.headers["x-request-id"]) == 32


async def test_models_filters(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    all_models = (await client.get("/v1/models")).json()
    assert all_models["count"] >= 45
    images = (await client.get("/v1/models", params={"modality": "image"})).json()
    assert images["count"] >= 4 and all(m["modality"] == "image" for m in images["models"])
    big = (await client.get("/v1/models", params={"min_params_b": 100})).json()
    assert {m["id"] for m in big["models"]} >= {"llama-3.1-405b", "deepseek-v3"}
    assert all(m["total_params"] >= 100e9 for m in big["models"])
    r = await client.get("/v1/models", params={"min_params_b": -1})
    assert r.status_code == 400
    # embedding models are llms with task embed; an unknown kind is a 400, not an empty list
    embed = (await client.get("/v1/models", params={"task": "embed"})).json()
    assert embed["count"] >= 2 and all(m["task"] == "embed" and m["kind"] == "llm"
                                       for m in embed["models"])
    r = await client.get("/v1/models", params={"kind": "embed"})
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == "$.kind"


async def test_model_by_alias(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/v1/models/Qwen/Qwen2.5-7B-Instruct")
    assert r.status_code == 200 and r.json()["id"] == "qwen2.5-7b"


async def test_gpus_filters(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = (await client.get("/v1/gpus", params={"min_memory_gib": 70, "fp8": "true"})).json()
    ids = {g["id"] for g in r["gpus"]}
    assert "h100-sxm" in ids and "a100-sxm-80gb" not in ids and "rtx-4090" not in ids
    r = (await client.get("/v1/gpus", params={"vendor": "amd"})).json()
    assert r["count"] >= 3 and all(g["vendor"] == "AMD" for g in r["gpus"])
    r = (await client.get("/v1/gpus/A100 80GB PCIe")).json()
    assert r["id"] == "a100-pcie-80gb"


async def test_sizing_llama_3_8b_on_4090(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/sizing", json={
        "model": "Meta-Llama-3-8B-Instruct", "gpu": "RTX 4090", "weights": "GGUF Q4_K_M",
        "input_tokens": 4096, "output_tokens": 512, "price_per_gpu_hour_usd": 0.4})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["model"]["id"] == "llama-3-8b"
    assert body["kv_cache_bytes_per_token"] == 131072
    assert body["engine"] == "llama.cpp"
    assert body["fits"] is True
    mem = body["memory"]
    assert 4.4 < mem["weights_gib"] < 4.8
    assert mem["kv_cache_gib"] == pytest.approx(4608 * 131072 / 2**30)
    parts = sum(mem[k] or 0 for k in ("weights_gib", "kv_cache_gib", "activations_gib",
                                      "gradients_gib", "optimizer_gib", "overhead_gib"))
    assert parts == pytest.approx(mem["total_gib"])
    perf = body["performance"]
    assert 80 < perf["decode_tokens_per_s"] < 200
    assert body["cost"]["per_hour_usd"] == pytest.approx(0.4)
    assert body["assumptions"] and all(a["reason"] for a in body["assumptions"])


async def test_sizing_without_gpu_lists_fits_on_with_speed(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    body = (await client.post("/v1/sizing", json={"model": "llama-3.1-70b"})).json()
    assert body["fits"] is None and body["performance"] is None and body["gpu"] is None
    rows = body["fits_on"]
    assert rows and all(r["decode_tokens_per_s"] > 0 for r in rows)
    h100 = next(r for r in rows if r["gpu"] == "h100-sxm")
    assert h100["gpu_count"] == 2
    assert not any(r["gpu"] == "rtx-4090" and r["gpu_count"] == 1 for r in rows)


async def test_sizing_finetune(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    body = (await client.post("/v1/sizing", json={
        "model": "llama-3.1-8b", "task": "finetune", "gpu": "rtx-4090",
        "finetune": {"method": "qlora", "micro_batch_size": 2, "sequence_length": 2048}})).json()
    assert body["weights"] == "nf4"
    assert body["memory"]["gradients_gib"] is not None
    assert body["memory"]["kv_cache_gib"] is None
    assert body["fits"] is True
    assert body["performance"]["training_tokens_per_s"] > 0


async def test_openapi_docs_served() -> None:
    app = create_app(Settings(), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        r = await c.get("/docs/openapi.json")
        assert r.status_code == 200 and "/v1/sizing" in r.json()["paths"]


async def test_recommendations_endpoint(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/recommendations", json={
        "model": "llama-3.1-70b", "weights": "bf16", "workload": "serving",
        "context_tokens": 8192, "top_n": 3})
    assert r.status_code == 200, r.text
    body = r.json()
    assert 1 <= len(body["options"]) <= 3
    for o in body["options"]:
        # round-the-clock serving: on-demand, or a published reserved rate (never spot)
        assert o["offer"]["as_of"] and o["why"] and o["pricing_model"] in ("on_demand",
                                                                          "reserved")
        # 131 GiB of bf16 weights: split over GPUs, or one GPU of 192 GB and more
        fit = o["fit"]
        assert (fit["per_gpu_used_gib"] + fit["per_gpu_free_gib"]) * fit["gpus_per_replica"] > 131
        assert fit["headroom_pct"] >= 10
    assert body["rejected"] and body["catalog_version"]
    impossible = (await client.post("/v1/recommendations", json={
        "model": "llama-3.1-405b", "weights": "bf16", "max_gpus_per_node": 2})).json()
    assert impossible["options"] == [] and "GiB" in impossible["reason"]
    bad = await client.post("/v1/recommendations", json={"model": "llama-3.1-8b",
                                                         "workload": "dance"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "$.workload"
