"""The plan search's request and response fields over HTTP (shipped catalog): the memory
headroom floor, speech jobs in audio hours, serving load figures, priced alternatives."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio


async def test_headroom_field_is_validated_and_applied(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    bad = await client.post("/v1/recommendations", json={
        "model": "llama-3.1-8b", "min_memory_headroom_pct": 95})
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["path"] == "$.min_memory_headroom_pct"
    r = await client.post("/v1/recommendations", json={
        "model": "llama-3.1-70b", "workload": "serving", "context_tokens": 32768,
        "concurrent_requests": 8, "min_memory_headroom_pct": 30, "top_n": 3})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["options"]
    for o in body["options"]:
        assert o["fit"]["headroom_pct"] >= 30
        perf = o["performance"]
        assert perf["users_per_replica"] >= 1
        assert perf["time_per_output_token_ms"] > 0
        assert perf["output_tokens_per_s_at_load"] > 0
    assert any(a["name"] == "memory_headroom" and a["value"] == ">= 30%"
               for a in body["assumptions"])
    for a in body["alternatives"]:
        assert a["per_month_usd"] is not None or a["per_job_usd"] is not None


async def test_a_whisper_job_in_audio_hours(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/recommendations", json={
        "model": "whisper-large-v3", "workload": "batch", "job_audio_hours": 500})
    assert r.status_code == 200, r.text
    top = r.json()["options"][0]
    assert top["performance"]["audio_seconds_per_s"] > 1
    assert top["performance"]["images_per_s"] is None
    assert top["cost"]["per_audio_hour_usd"] > 0 and top["cost"]["per_job_usd"] > 0
    assert top["cost"]["per_month_usd"] is None
    bad = await client.post("/v1/recommendations", json={
        "model": "whisper-large-v3", "workload": "batch", "job_audio_hours": 0})
    assert bad.status_code == 400


async def test_a_jobs_egress_field_is_priced_into_the_job(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """job_egress_gb: the GB a job sends out once, in its per_job_usd (egress_per_job_usd);
    without a job a 400 at the field, as max_usd_total (audit jobextras: a job's egress had
    no field, and per_job_usd left egress out)."""
    body = {"model": "sdxl", "job_images": 100_000, "providers": ["aws"],
            "interruptible": False, "top_n": 1}
    bare = await client.post("/v1/recommendations", json=body)
    sent = await client.post("/v1/recommendations", json={**body, "job_egress_gb": 500})
    assert bare.status_code == 200 and sent.status_code == 200, sent.text
    b, s = bare.json()["options"][0]["cost"], sent.json()["options"][0]["cost"]
    assert b["egress_per_job_usd"] == 0
    assert s["egress_per_job_usd"] == pytest.approx(36.0)  # AWS: 100 GB free, then $0.09/GB
    assert s["per_job_usd"] == pytest.approx(b["per_job_usd"] + 36.0)
    for extra in ({}, {"workload": "serving"}):
        bad = await client.post("/v1/recommendations", json={
            "model": "llama-3.1-8b", "job_egress_gb": 500, **extra})
        assert bad.status_code == 400, bad.text
        assert [e["path"] for e in bad.json()["errors"]] == ["$.job_egress_gb"]
