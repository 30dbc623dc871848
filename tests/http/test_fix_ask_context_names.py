"""A /v1/ask ``context`` value that names nothing of the catalog is a 400 at its field
(``$.context.gpu``; a 404 before audit buyer18a #5) naming it,
with the nearest ids, as /v1/sizing answers an unknown model or GPU; it was dropped without a
word and another GPU priced ("context": {"gpu": "h900"} answered with an RTX A4000 at $0.15/h)."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("field", "value"), [("gpu", "h900"), ("gpu", "H100 SXM6"),
                                              ("model", "llama-99b"), ("weights", "fp7")])
async def test_an_unknown_context_value_is_a_400_naming_its_field(
        client: AsyncTestClient, field: str, value: str) -> None:  # type: ignore[type-arg]
    await wait_ready(client)
    context = {"model": "llama-3.1-8b", field: value}
    r = await client.post("/v1/ask", json={"question": "How much does it cost per hour?",
                                           "context": context})
    assert r.status_code == 400, r.text  # a body's value: 400 at its path (was 404, buyer18a #5)
    body = r.json()
    assert body["type"] == f"/problems/unknown-{field}" and value in body["detail"]
    assert [e["path"] for e in body["errors"]] == [f"$.context.{field}"]


async def test_known_context_values_still_answer(client: AsyncTestClient  # type: ignore[type-arg]
                                                 ) -> None:
    await wait_ready(client)
    r = await client.post("/v1/ask", json={
        "question": "How much does it cost per hour?",
        "context": {"model": "Llama 3.1 8B", "gpu": "H100 SXM", "weights": "GGUF Q4_K_M"}})
    assert r.status_code == 200, r.text
    ex = r.json()["extracted"]
    assert ex["model"] == "llama-3.1-8b" and ex["gpu"] == "h100-sxm"
    assert ex["weights"] == "q4_k_m"
    family = await client.post("/v1/ask", json={
        "question": "How much does it cost per hour?",
        "context": {"model": "llama-3.1-8b", "gpu": "A100"}})
    assert family.status_code == 200, family.text
