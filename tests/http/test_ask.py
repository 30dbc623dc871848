from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio


async def test_ask_validation_and_answers(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    await wait_ready(client)
    assert (await client.post("/v1/ask", json={"question": ""})).status_code == 400
    assert (await client.post("/v1/ask", json={"question": "   "})).status_code == 400
    long = await client.post("/v1/ask", json={"question": "x" * 2001})
    assert long.status_code == 400 and long.json()["errors"][0]["path"] == "$.question"
    r = await client.post("/v1/ask", json={
        "question": "which GPU should I rent?", "context": {"model": "llama 3.1 8b",
                                                            "budget_usd_per_hour": 1.0}})
    assert r.status_code == 200
    body = r.json()
    assert body["extracted"]["model"] == "llama-3.1-8b"
    assert body["numbers"]["recommendations"]
    assert all(o["per_hour_usd"] <= 1.0 for o in body["numbers"]["recommendations"])
    gib = await client.post("/v1/ask", json={"question": "zzqx vlorp quux snarf"})
    assert gib.status_code == 200 and gib.json()["passages"] == []
