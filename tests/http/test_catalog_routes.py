"""Offers, providers, catalog summary, admin reload (HTTP, in-process)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.adapters.catalog_files import default_data_dir
from service.app import create_app
from service.settings import Settings

pytestmark = pytest.mark.anyio
KEY = "k" * 24


async def test_offers_filters_sort_and_stable_pages(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = (await client.get("/v1/offers", params={"gpu": "H100 SXM", "sort": "price_per_gpu",
                                                "limit": 500})).json()
    assert r["total"] >= 5
    offers = r["offers"]
    assert all(o["gpu"] == "h100-sxm" for o in offers)
    prices = [o["price_per_gpu_usd_h"] for o in offers if o["price_per_gpu_usd_h"] is not None]
    assert prices == sorted(prices)
    assert all("as_of" in o and "stale" in o and o["source"] for o in offers)
    page1 = (await client.get("/v1/offers", params={"limit": 7, "offset": 0})).json()
    page2 = (await client.get("/v1/offers", params={"limit": 7, "offset": 7})).json()
    both = (await client.get("/v1/offers", params={"limit": 14, "offset": 0})).json()
    assert [o["id"] for o in page1["offers"] + page2["offers"]] == [o["id"] for o in both["offers"]]


async def test_offer_filters_combine(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = (await client.get("/v1/offers", params={
        "min_gpus": 8, "min_total_memory_gib": 600, "max_price_per_hour": 100,
        "limit": 500})).json()
    assert r["total"] > 0
    for o in r["offers"]:
        assert o["gpu_count"] >= 8 and o["total_memory_gib"] >= 600
        assert (o["on_demand_usd_h"] or o["spot_usd_h"]) <= 100
    spot = (await client.get("/v1/offers", params={"spot_only": "true", "limit": 500})).json()
    assert spot["total"] > 0 and all(o["spot_usd_h"] is not None for o in spot["offers"])
    nv = (await client.get("/v1/offers", params={"interconnect": "nvswitch"})).json()
    assert all(o["interconnect"] == "nvswitch" for o in nv["offers"])
    bad = await client.get("/v1/offers", params={"sort": "colour"})
    assert bad.status_code == 400
    unknown = await client.get("/v1/offers", params={"gpu": "H1OO SXN"})
    assert unknown.status_code == 404


async def test_offer_by_id_and_404(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    first = (await client.get("/v1/offers", params={"limit": 1})).json()["offers"][0]
    r = await client.get(f"/v1/offers/{first['id']}")
    assert r.status_code == 200 and r.json()["id"] == first["id"]
    r = await client.get(f"/v1/offers/{first['id']}x")
    assert r.status_code == 404 and first["id"] in r.json()["suggestions"]


async def test_providers_and_catalog_summary(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    providers = (await client.get("/v1/providers")).json()
    ids = {p["id"] for p in providers["providers"]}
    assert providers["count"] >= 14
    assert {"aws", "gcp", "azure", "oci", "lambda", "runpod", "vast", "coreweave",
            "paperspace", "nebius", "hyperstack", "cudo", "jarvislabs"} <= ids
    assert all(p["as_of"] and p["source"] for p in providers["providers"])
    info = (await client.get("/v1/catalog")).json()
    assert info["offers"] >= 200 and info["providers"] >= 14
    assert info["oldest_as_of"] <= info["newest_as_of"]
    assert len(info["version"]) == 16


def _copy_catalog(tmp: Path) -> Path:
    dst = tmp / "catalog"
    shutil.copytree(default_data_dir("catalog"), dst)
    return dst


async def test_reload_requires_configured_key(tmp_path: Path) -> None:
    app = create_app(Settings(catalog_dir=_copy_catalog(tmp_path)), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        assert (await c.post("/v1/admin/catalog/reload")).status_code == 404


async def test_reload_rejects_broken_catalog_and_keeps_serving(tmp_path: Path) -> None:
    root = _copy_catalog(tmp_path)
    app = create_app(Settings(catalog_dir=root, admin_key=KEY), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        before = (await c.get("/v1/catalog")).json()["version"]
        assert (await c.post("/v1/admin/catalog/reload")).status_code == 401
        assert (await c.post("/v1/admin/catalog/reload",
                             headers={"x-admin-key": "wrong" * 5})).status_code == 401
        lambda_csv = root / "offers" / "lambda.csv"
        lines = lambda_csv.read_text().splitlines()
        lines[1] = lines[1].replace("lambda", "lambda", 1).replace(",", ",-", 12)
        lambda_csv.write_text("\n".join(lines) + "\n")
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 422
        assert "lambda.csv:2" in r.json()["detail"]
        info = (await c.get("/v1/catalog")).json()
        assert info["version"] == before
        assert any("rejected" in w for w in info["warnings"])
        assert f'version="{before}"' in (await c.get("/metrics")).text
        # a good change is taken whole
        shutil.rmtree(root)
        _copy_catalog(tmp_path)
        good = root / "offers" / "lambda.csv"
        with good.open(newline="") as f:
            rows = list(csv.DictReader(f))
        fields = list(rows[0])
        rows[0]["on_demand_usd_h"] = f"{float(rows[0]['on_demand_usd_h']) + 0.01:.2f}"
        with good.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=fields)
            writer.writeheader()
            writer.writerows(rows)
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["previous_version"] == before and body["version"] != before
        changed = (await c.get(f"/v1/offers/{rows[0]['id']}")).json()
        assert changed["on_demand_usd_h"] == pytest.approx(float(rows[0]["on_demand_usd_h"]))
        assert (await c.get("/metrics")).text.count(f'version="{body["version"]}"') == 1
