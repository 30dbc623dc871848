"""Reload under load, on the real server: a broken catalog is rejected while requests are in
flight; none of them fails and the old version keeps serving. SIGHUP reloads too."""

from __future__ import annotations

import csv
import json
import shutil
import signal
import threading
import time
from pathlib import Path

import httpx

from service.paths import default_data_dir
from tests.e2e.conftest import start_server, stop_server

KEY = "reload-test-key-0123456789"


def test_broken_reload_under_load_keeps_old_version(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(default_data_dir("catalog"), catalog)
    srv = start_server(tmp_path / "log.txt", {"GPU_ADVISOR_CATALOG_DIR": str(catalog),
                                             "GPU_ADVISOR_ADMIN_KEY": KEY})
    try:
        before = httpx.get(f"{srv.url}/v1/catalog").json()["version"]
        stop = threading.Event()
        results: list[int] = []

        def hammer() -> None:
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                while not stop.is_set():
                    r1 = c.post("/v1/recommendations", json={"model": "llama-3.1-8b",
                                                             "top_n": 2})
                    r2 = c.get("/v1/offers", params={"limit": 5})
                    results.extend([r1.status_code, r2.status_code])

        threads = [threading.Thread(target=hammer) for _ in range(4)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        (catalog / "offers" / "vast.csv").write_text("id,provider\nbroken,vast\n")
        (catalog / "gpus.toml").write_text((catalog / "gpus.toml").read_text()[:5000])
        reloads = [httpx.post(f"{srv.url}/v1/admin/catalog/reload",
                              headers={"X-Admin-Key": KEY}, timeout=30) for _ in range(3)]
        srv.proc.send_signal(signal.SIGHUP)
        time.sleep(1.0)
        stop.set()
        for t in threads:
            t.join()
        assert all(r.status_code == 422 for r in reloads)
        assert results and set(results) == {200}, set(results)
        assert httpx.get(f"{srv.url}/v1/catalog").json()["version"] == before
        assert httpx.get(f"{srv.url}/readyz").json()["catalog_version"] == before
    finally:
        stop_server(srv)


def test_sighup_reloads_a_good_change(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(default_data_dir("catalog"), catalog)
    srv = start_server(tmp_path / "log.txt", {"GPU_ADVISOR_CATALOG_DIR": str(catalog)})
    try:
        before = httpx.get(f"{srv.url}/v1/catalog").json()["version"]
        path = catalog / "offers" / "lambda.csv"
        with path.open(newline="") as f:
            rows = list(csv.DictReader(f))
        rows[0]["on_demand_usd_h"] = f"{float(rows[0]['on_demand_usd_h']) + 0.01:.2f}"
        with path.open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        srv.proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 20
        version = before
        while time.monotonic() < deadline and version == before:
            time.sleep(0.2)
            version = httpx.get(f"{srv.url}/v1/catalog").json()["version"]
        assert version != before
        offer = httpx.get(f"{srv.url}/v1/offers/{rows[0]['id']}").json()
        assert str(offer["on_demand_usd_h"]) == rows[0]["on_demand_usd_h"].rstrip("0").rstrip(".") \
            or abs(offer["on_demand_usd_h"] - float(rows[0]["on_demand_usd_h"])) < 1e-9
    finally:
        stop_server(srv)


def test_sighup_never_forces_a_reload_that_empties_a_provider(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(default_data_dir("catalog"), catalog)
    srv = start_server(tmp_path / "log.txt", {"GPU_ADVISOR_CATALOG_DIR": str(catalog)})
    try:
        before = httpx.get(f"{srv.url}/v1/catalog").json()
        aws = catalog / "offers" / "aws.csv"
        lines = aws.read_text().splitlines()
        aws.write_text(lines[0] + "\n")  # the header only
        srv.proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 20
        rejected: list[dict[str, object]] = []
        while time.monotonic() < deadline and not rejected:
            time.sleep(0.2)
            events = [json.loads(line) for line in srv.log_lines() if line.startswith("{")]
            rejected = [e for e in events if e.get("event") == "catalog_reload_rejected"]
        assert rejected, srv.log_path.read_text()[-2000:]
        assert rejected[0]["reason"] == "shrink"
        problems = rejected[0]["problems"]
        assert isinstance(problems, list)
        assert f"offers/aws.csv (provider 'aws'): {len(lines) - 1} → 0 offers" in problems
        after = httpx.get(f"{srv.url}/v1/catalog").json()
        assert after["version"] == before["version"] and after["offers"] == before["offers"]
        assert any("offers/aws.csv" in w for w in after["warnings"])
        r = httpx.get(f"{srv.url}/v1/offers", params={"provider": "aws", "limit": 1})
        assert r.json()["total"] == len(lines) - 1
    finally:
        stop_server(srv)
