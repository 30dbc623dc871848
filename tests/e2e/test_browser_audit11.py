"""Audit 11 in a real browser: the memory panel describes the top option's own setup, and
the Romanian page shows the API's warnings in Romanian and names its columns' load."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_browser import _number, _wait_results, _watch, browser  # noqa: F401

pytestmark = pytest.mark.e2e

URL = "/?model=llama-3.1-70b&workload=serving&context=32768&concurrency=8&lang=ro"


def test_memory_panel_at_the_top_options_layout_in_romanian(browser: Any,  # noqa: F811
                                                            server: Server) -> None:
    rec = httpx.post(f"{server.url}/v1/recommendations", timeout=60, json={
        "model": "llama-3.1-70b", "context_tokens": 32768, "concurrent_requests": 8,
        "output_tokens": 512, "top_n": 10, "hours_per_day": 24, "lang": "ro"}).json()
    top = rec["options"][0]
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    page.goto(server.url + URL)
    _wait_results(page)
    # per GPU, the memory of the option's own layout (tensor parallel 2: 76.1, not the
    # 110.1 of two whole copies)
    per_gpu = page.locator("#memory-table tbody tr.total-row td").nth(0).inner_text()
    assert abs(_number(per_gpu.replace(".", "").replace(",", ".")) -
               top["fit"]["per_gpu_used_gib"]) <= 0.051, per_gpu
    body = page.locator("#offers-table").inner_text()
    assert "price date unknown" not in body and "billing granularity unknown" not in body
    assert "sarcina dumneavoastră" in page.locator("#col-speed").inner_text()
    assert "sarcina dumneavoastră" in page.locator("#col-cost").inner_text()
    assert not errors, errors
    page.close()
