"""Audit buyer18a, the API's error contract (#4, #5, #11, #12).

4. An empty allow-list was "no filter": ``{"providers": []}``, ``"gpus": []`` and
   ``"regions": []`` answered 200 with the unfiltered ranking (an allow-list computed to
   nothing recommended any provider anywhere). Now a 400 at the field; an empty
   ``exclude_providers`` leaves nothing out, as it says.
5. An unknown name in a body was a 404 with no path (``"gpus": ["A100", "H1000"]``). Now a
   400 ``/problems/unknown-<kind>`` with ``errors[].path`` at the value (``$.gpus[1]``) and the
   suggestions kept; a path lookup (``/v1/models/{id}``) stays a 404 (a query filter's value,
   ``/v1/offers?gpu=``, is a 400 at the parameter too since audit buyer26c #10).
11. /v1/sizing answered ``steps``, ``width`` and ``training_tokens`` on LLM inference with a 200
    and "steps ignored: it applies to diffusion models or to training", where
    /v1/recommendations answers a 400: now the same 400 at the field on both.
12. /v1/offers took one provider: ``provider=runpod,aws`` was a 404 "unknown provider
    'runpod,aws'". Now a comma-separated list, one sort and one pagination across it, and an
    ``exclude_provider`` of the same form.
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio

Client = AsyncTestClient  # type: ignore[type-arg]
M = "llama-3.1-8b"


def _problem(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json"), r.text
    body: dict[str, Any] = r.json()
    assert body["status"] == status
    return body


# -- 4: an empty allow-list -------------------------------------------------------------------

@pytest.mark.parametrize("field", ["providers", "gpus", "regions"])
async def test_an_empty_allow_list_is_a_400_at_its_field(client: Client, field: str) -> None:
    problem = _problem(await client.post("/v1/recommendations",
                                         json={"model": M, field: []}), 400)
    assert problem["type"] == "/problems/validation-error"
    assert [e["path"] for e in problem["errors"]] == [f"$.{field}"]
    assert "leave the field out" in problem["errors"][0]["message"]


async def test_an_empty_exclude_list_leaves_nothing_out(client: Client) -> None:
    plain = await client.post("/v1/recommendations", json={"model": M})
    empty = await client.post("/v1/recommendations", json={"model": M, "exclude_providers": []})
    assert plain.status_code == empty.status_code == 200, empty.text
    assert ([o["offer"]["id"] for o in empty.json()["options"]]
            == [o["offer"]["id"] for o in plain.json()["options"]])


# -- 5: an unknown name in a body -------------------------------------------------------------

BODY_NAMES = [
    ("/v1/recommendations", {"model": M, "gpus": ["A100", "H1000"]}, "gpu", "$.gpus[1]",
     "h100-sxm"),
    ("/v1/recommendations", {"model": M, "exclude_providers": ["runpd"]}, "provider",
     "$.exclude_providers[0]", "runpod"),
    ("/v1/recommendations", {"model": M, "providers": ["aws", "runpd"]}, "provider",
     "$.providers[1]", "runpod"),
    ("/v1/recommendations", {"model": M, "regions": ["eu", "mars"]}, "region", "$.regions[1]",
     "europe"),
    ("/v1/recommendations", {"model": M, "weights": "fp7"}, "weights", "$.weights", "fp8"),
    ("/v1/recommendations", {"model": M, "engine": "vllmm"}, "engine", "$.engine", "vllm"),
    ("/v1/recommendations", {"model": "llama 3.1 8c"}, "model", "$.model", "llama-3.1-8b"),
    ("/v1/sizing", {"model": M, "gpu": "H1000"}, "gpu", "$.gpu", "h100-sxm"),
    ("/v1/sizing", {"model": "llama 3.1 8c", "gpu": "h100-sxm"}, "model", "$.model",
     "llama-3.1-8b"),
    ("/v1/sizing", {"model": M, "weights": "fp7"}, "weights", "$.weights", "fp8"),
]


@pytest.mark.parametrize(("route", "body", "kind", "path", "near"), BODY_NAMES)
async def test_an_unknown_name_in_a_body_is_a_400_at_its_path(
        client: Client, route: str, body: dict[str, Any], kind: str, path: str,
        near: str) -> None:
    problem = _problem(await client.post(route, json=body), 400)
    assert problem["type"] == f"/problems/unknown-{kind}"
    assert [e["path"] for e in problem["errors"]] == [path]
    assert problem["errors"][0]["message"].startswith(f"unknown {kind} ")
    assert near in problem["suggestions"]


async def test_an_unknown_context_name_of_ask_is_a_400_at_its_path(client: Client) -> None:
    await wait_ready(client)
    problem = _problem(await client.post("/v1/ask", json={
        "question": "How much does it cost per hour?",
        "context": {"model": M, "gpu": "h900"}}), 400)
    assert problem["type"] == "/problems/unknown-gpu"
    assert [e["path"] for e in problem["errors"]] == ["$.context.gpu"]
    assert "h100-sxm" in problem["suggestions"]


@pytest.mark.parametrize(("route", "kind"), [
    ("/v1/models/llama-99", "model"), ("/v1/gpus/rtx-4099", "gpu")])
async def test_a_path_lookup_stays_a_404(client: Client, route: str, kind: str) -> None:
    problem = _problem(await client.get(route), 404)
    assert problem["type"] == f"/problems/unknown-{kind}" and "errors" not in problem


@pytest.mark.parametrize(("route", "kind", "path"), [
    ("/v1/offers?gpu=H1000", "gpu", "$.gpu"),
    ("/v1/offers?provider=runpd", "provider", "$.provider")])
async def test_a_query_filter_value_is_a_400_at_the_parameter(
        client: Client, route: str, kind: str, path: str) -> None:
    # a 404 with no path before audit buyer26c #10, where a body's filter is a 400 at its path
    problem = _problem(await client.get(route), 400)
    assert problem["type"] == f"/problems/unknown-{kind}"
    assert [e["path"] for e in problem["errors"]] == [path] and problem["suggestions"]


# -- 11: fields that do not apply, the same on sizing and recommendations ---------------------

@pytest.mark.parametrize(("field", "value"), [("steps", 30), ("width", 512), ("height", 512)])
async def test_an_image_field_on_an_llm_is_the_same_400_on_both_routes(
        client: Client, field: str, value: int) -> None:
    sized = _problem(await client.post("/v1/sizing", json={
        "model": M, "gpu": "h100-sxm", field: value}), 400)
    recommended = _problem(await client.post("/v1/recommendations", json={
        "model": M, field: value}), 400)
    for problem in (sized, recommended):
        assert [e["path"] for e in problem["errors"]] == [f"$.{field}"]
        assert "applies to diffusion models; Meta Llama 3.1 8B is not one" in problem["detail"]
        assert "training" not in problem["detail"]
    assert sized["detail"] == recommended["detail"]


async def test_training_tokens_on_inference_is_a_400_on_sizing(client: Client) -> None:
    problem = _problem(await client.post("/v1/sizing", json={
        "model": M, "gpu": "h100-sxm", "task": "inference", "training_tokens": 1e6}), 400)
    assert [e["path"] for e in problem["errors"]] == ["$.training_tokens"]
    trained = await client.post("/v1/sizing", json={
        "model": M, "gpu": "h100-sxm", "task": "finetune", "training_tokens": 1e6})
    assert trained.status_code == 200, trained.text
    image = await client.post("/v1/sizing", json={
        "model": "sdxl", "gpu": "h100-sxm", "steps": 30, "width": 512, "height": 512})
    assert image.status_code == 200, image.text


# -- 12: /v1/offers over several providers ----------------------------------------------------

async def _offers(client: Client, **params: Any) -> dict[str, Any]:
    r = await client.get("/v1/offers", params={"gpu": "H100", "limit": 500, **params})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def test_offers_take_a_list_of_providers_in_one_sort_and_page(client: Client) -> None:
    runpod = await _offers(client, provider="runpod")
    aws = await _offers(client, provider="aws")
    both = await _offers(client, provider="runpod,aws")
    assert runpod["total"] and aws["total"]
    assert both["total"] == runpod["total"] + aws["total"]
    assert {o["provider"] for o in both["offers"]} == {"runpod", "aws"}
    # one sort across them: the whole list's order, less every other provider
    every = await _offers(client)
    assert [o["id"] for o in both["offers"]] == [
        o["id"] for o in every["offers"] if o["provider"] in ("runpod", "aws")]
    # names and ids, spaces and case, as a single provider is read
    named = await _offers(client, provider="RunPod, Amazon Web Services (EC2)")
    assert named["total"] == both["total"]
    page = await _offers(client, provider="runpod,aws", offset=3, limit=3)
    assert [o["id"] for o in page["offers"]] == [o["id"] for o in both["offers"][3:6]]


async def test_offers_exclude_a_list_of_providers(client: Client) -> None:
    every = await _offers(client)
    rest = await _offers(client, exclude_provider="runpod,aws")
    both = await _offers(client, provider="runpod,aws")
    assert rest["total"] == every["total"] - both["total"]
    assert not {"runpod", "aws"} & {o["provider"] for o in rest["offers"]}


@pytest.mark.parametrize(("query", "status", "needle"), [
    ("provider=runpod,runpd", 400, "unknown provider 'runpd'"),
    ("provider=runpod,", 400, "empty provider name"),
    ("provider=runpod,aws&exclude_provider=aws", 400, "both name aws"),
    ("provider=runpod&provider=aws", 400, "more than once"),
])
async def test_a_bad_provider_list_names_what_is_wrong(client: Client, query: str,
                                                       status: int, needle: str) -> None:
    problem = _problem(await client.get(f"/v1/offers?gpu=H100&{query}"), status)
    assert needle in problem["detail"]
