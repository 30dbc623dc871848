"""Listings, audit 8: a query parameter a listing does not take is a 400 (it was ignored, and
every offer came back as if unfiltered); a spot-only listing sorts by the spot price."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("path", "params", "unknown", "near"), [
    ("/v1/offers", {"gpus": "H100"}, "gpus", "gpu"),
    ("/v1/offers", {"max_price": "1"}, "max_price", "max_price_per_hour"),
    ("/v1/models", {"kinds": "llm"}, "kinds", "kind"),
    ("/v1/gpus", {"min_memory": "80"}, "min_memory", "min_memory_gib"),
])
async def test_an_unknown_query_parameter_is_a_400_naming_the_near_one(
        client: AsyncTestClient, path: str, params: dict[str, str], unknown: str,  # type: ignore[type-arg]
        near: str) -> None:
    r = await client.get(path, params=params)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert f"`{unknown}`" in detail and near in detail


async def test_known_parameters_still_answer(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/v1/offers", params={"gpu": "h100-sxm", "limit": 5})
    assert r.status_code == 200 and r.json()["total"] > 0


@pytest.mark.parametrize("sort", ["price", "price_per_gpu", "price_per_gib"])
async def test_a_spot_only_listing_sorts_by_the_spot_price(
        client: AsyncTestClient, sort: str) -> None:  # type: ignore[type-arg]
    r = (await client.get("/v1/offers", params={"spot_only": "true", "sort": sort,
                                                "limit": 500})).json()
    offers = r["offers"]
    assert len(offers) > 20

    def per(o: dict[str, float]) -> float:
        return {"price": 1.0, "price_per_gpu": o["gpu_count"],
                "price_per_gib": o["total_memory_gib"]}[sort]

    spot = [o["spot_usd_h"] / per(o) for o in offers]
    assert spot == sorted(spot)


async def test_the_page_names_an_icon_that_exists(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """Browsers asked for /favicon.ico, a 404 on the console of every visit."""
    page = (await client.get("/")).text
    assert 'rel="icon" href="static/favicon.svg"' in page
    icon = await client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
