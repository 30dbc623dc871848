"""Offers, providers, catalog summary, admin reload (HTTP, in-process)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.paths import default_data_dir
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
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["path"] == "$.gpu"


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


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as f:
        return list(csv.reader(f))


def _write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


async def _aws_total(c: AsyncTestClient) -> int:  # type: ignore[type-arg]
    r = await c.get("/v1/offers", params={"provider": "aws", "limit": 1})
    assert r.status_code == 200, r.text
    total: int = r.json()["total"]
    return total


async def test_reload_that_empties_a_provider_is_rejected_unless_forced(tmp_path: Path) -> None:
    root = _copy_catalog(tmp_path)
    aws = root / "offers" / "aws.csv"
    rows = _rows(aws)
    n_aws = len(rows) - 1
    app = create_app(Settings(catalog_dir=root, admin_key=KEY), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        info = (await c.get("/v1/catalog")).json()
        before, offers_before = info["version"], info["offers"]
        assert n_aws > 0 and await _aws_total(c) == n_aws
        _write_rows(aws, rows[:1])  # the header only
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 422, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
        body = r.json()
        assert body["type"] == "/problems/catalog-shrink"
        assert f"offers/aws.csv (provider 'aws'): {n_aws} → 0 offers" in body["detail"]
        assert "force=true" in body["detail"]
        assert "all providers" not in body["detail"]  # 42 of ~700 is not more than half
        # the old catalog keeps serving, and says why the reload was refused
        info = (await c.get("/v1/catalog")).json()
        assert info["version"] == before and info["offers"] == offers_before
        assert any("offers/aws.csv" in w and "rejected" in w for w in info["warnings"])
        assert await _aws_total(c) == n_aws
        # a wrong value of force is a 400, not a forced reload
        r = await c.post("/v1/admin/catalog/reload", params={"force": "maybe"},
                         headers={"x-admin-key": KEY})
        assert r.status_code == 400
        assert (await c.get("/v1/catalog")).json()["version"] == before
        # forced: applied, AWS gone
        r = await c.post("/v1/admin/catalog/reload", params={"force": "true"},
                         headers={"x-admin-key": KEY})
        assert r.status_code == 200, r.text
        assert r.json()["previous_version"] == before
        assert r.json()["offers"] == offers_before - n_aws
        info = (await c.get("/v1/catalog")).json()
        assert info["version"] != before and info["offers"] == offers_before - n_aws
        assert not any("rejected" in w for w in info["warnings"])
        assert await _aws_total(c) == 0


async def test_reload_that_drops_more_than_half_is_rejected(tmp_path: Path) -> None:
    root = _copy_catalog(tmp_path)
    app = create_app(Settings(catalog_dir=root, admin_key=KEY), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        info = (await c.get("/v1/catalog")).json()
        before, offers_before = info["version"], info["offers"]
        files = sorted((root / "offers").glob("*.csv"))
        for path in files:  # every provider keeps exactly one offer
            _write_rows(path, _rows(path)[:2])
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 422, r.text
        detail = r.json()["detail"]
        assert r.json()["type"] == "/problems/catalog-shrink"
        assert f"all providers: {offers_before} → {len(files)} offers" in detail
        assert "→ 0" not in detail  # no provider is emptied
        assert (await c.get("/v1/catalog")).json()["version"] == before


async def test_following_another_replica_skips_the_shrink_guard(tmp_path: Path) -> None:
    """The announcing replica passed the guard or was forced: a follower takes that exact
    version; a reload asked for here is still guarded."""
    from service.api.catalog_reload import ShrinkRejected, load_for, reload_data

    root = _copy_catalog(tmp_path)
    app = create_app(Settings(catalog_dir=root, admin_key=KEY), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        state = app.state.app_state
        before = state.data()
        aws = root / "offers" / "aws.csv"
        _write_rows(aws, _rows(aws)[:1])
        ok, problems = await reload_data(app, state)  # what SIGHUP does: never forced
        assert not ok and isinstance(problems, ShrinkRejected)
        assert any("offers/aws.csv" in p for p in problems)
        assert state.data() is before
        announced = load_for(state).version
        ok, problems = await reload_data(app, state, expect=announced)
        assert ok and problems == []
        assert state.data().version == announced != before.version
        assert await _aws_total(c) == 0


@pytest.mark.parametrize(("column", "value", "needle"), [
    ("id", "lambda-\x00-x", "offer id contains a control character (U+0000"),
    ("id", "\x1b[31mlambda-red", "offer id contains a control character (U+001B"),
    ("id", "Lambda_GPU", "is not lowercase letters and digits"),
    ("id", "lambda-" + "x" * 200, "over 200"),
    ("instance_type", "gpu\x00", "instance_type contains a control character (U+0000"),
    ("regions", "us-east-1;us\u202eevil", "regions contains a control character (U+202E"),
])
async def test_reload_rejects_bad_ids_and_control_characters(
        tmp_path: Path, column: str, value: str, needle: str) -> None:
    root = _copy_catalog(tmp_path)
    app = create_app(Settings(catalog_dir=root, admin_key=KEY), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        before = (await c.get("/v1/catalog")).json()["version"]
        path = root / "offers" / "lambda.csv"
        rows = _rows(path)
        good_id = rows[2][0]
        rows[2][rows[0].index(column)] = value  # CSV line 3
        _write_rows(path, rows)
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 422, r.text
        body = r.json()
        assert body["type"] == "/problems/catalog-invalid"
        assert "offers/lambda.csv:3: " in body["detail"] and needle in body["detail"]
        assert not any(ch in body["detail"] for ch in "\x00\x1b\u202e")  # escaped, never raw
        assert (await c.get("/v1/catalog")).json()["version"] == before
        assert (await c.get(f"/v1/offers/{good_id}")).status_code == 200


def _drop_gpu(gpus_toml: Path, gpu_id: str) -> None:
    """Remove one ``[[gpu]]`` table from gpus.toml."""
    blocks = gpus_toml.read_text().split("\n[[gpu]]\n")
    kept = [b for b in blocks if not b.startswith(f'id = "{gpu_id}"\n')]
    assert len(kept) == len(blocks) - 1, gpu_id
    gpus_toml.write_text("\n[[gpu]]\n".join(kept))


async def test_a_reload_never_serves_tables_derived_from_the_old_catalog(tmp_path: Path) -> None:
    """Derived tables (sizing's fits_on, the recommendation caches, the name tables) live on
    the catalog snapshot: after a reload that removes a GPU, sizing no longer lists it, even
    for a request answered (and its fits_on kept) before the reload."""
    root = _copy_catalog(tmp_path)
    app = create_app(Settings(catalog_dir=root, admin_key=KEY, cache_ttl_s=0),
                     configure_logs=False)
    body = {"model": "llama-3.1-8b", "weights": "awq-int4", "input_tokens": 4096}
    async with AsyncTestClient(app=app) as c:
        unpriced = (await c.get("/v1/catalog")).json()["gpus_without_offers"]
        before = (await c.post("/v1/sizing", json=body)).json()
        listed = [row["gpu"] for row in before["fits_on"]]
        gone = next(g for g in listed if g in unpriced)  # removable without orphaning offers
        _drop_gpu(root / "gpus.toml", gone)
        r = await c.post("/v1/admin/catalog/reload", headers={"x-admin-key": KEY})
        assert r.status_code == 200, r.text
        after = (await c.post("/v1/sizing", json=body)).json()
        assert gone not in [row["gpu"] for row in after["fits_on"]]
        assert len(after["fits_on"]) == len(before["fits_on"]) - 1
        assert (await c.get(f"/v1/gpus/{gone}")).status_code == 404
