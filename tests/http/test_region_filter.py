"""The region filter over HTTP: /v1/offers?region= and the recommendation's regions, on the
shipped catalog (a continent, an ISO country code or a provider region id)."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio


async def test_offers_by_continent_list_only_the_matching_regions(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/v1/offers", params={"region": "europe", "limit": 500})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total"] > 0 and body["excluded_no_region"] > 0
    countries = set()
    for o in body["offers"]:
        assert o["places"] and all(p["continent"] == "europe" for p in o["places"])
        assert o["regions"] == [p["id"] for p in o["places"]]
        countries |= {p["country"] for p in o["places"]}
    assert {"FI", "PL"} <= countries


async def test_us_and_north_america_exclude_australia(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for value in ("us", "US", "north-america"):
        body = (await client.get("/v1/offers", params={"region": value, "limit": 500})).json()
        assert body["total"] > 0
        assert all(p["country"] != "AU" for o in body["offers"] for p in o["places"]), value
    plain = (await client.get("/v1/offers", params={"limit": 1})).json()
    assert "excluded_no_region" not in plain or plain["excluded_no_region"] is None


async def test_unknown_region_is_a_400_at_its_parameter_or_path(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """Like an unknown GPU or provider: a 400 at the query parameter (a 404 before audit
    buyer26c #10), with the accepted kinds as suggestions; a 400 at its path in a body."""
    r = await client.get("/v1/offers", params={"region": "atlantis"})
    assert r.status_code == 400
    body = r.json()
    assert [e["path"] for e in body["errors"]] == ["$.region"]
    assert body["type"] == "/problems/unknown-region"
    assert "atlantis" in body["detail"] and "europe" in body["suggestions"]
    assert "us-east-1" in body["suggestions"]
    # in a request body the same problem at the value's path: a 400, the request is invalid
    # (it was a 404 with no path, audit buyer18a #5)
    r = await client.post("/v1/recommendations", json={
        "model": "llama-3-8b", "workload": "serving", "regions": ["europe", "atlantis"]})
    assert r.status_code == 400 and "atlantis" in r.json()["detail"]
    assert r.json()["type"] == "/problems/unknown-region"
    assert [e["path"] for e in r.json()["errors"]] == ["$.regions[1]"]
    assert r.json()["type"] == "/problems/unknown-region"
    assert r.json()["suggestions"] == body["suggestions"]


async def test_recommendation_in_europe(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.post("/v1/recommendations", json={
        "model": "llama-3-8b", "workload": "serving", "regions": ["europe"], "top_n": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["options"] and body["excluded_no_region"] > 0
    for o in body["options"]:
        assert all(p["continent"] == "europe" for p in o["offer"]["places"])
