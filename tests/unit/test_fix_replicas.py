"""/v1/sizing with more GPUs than one replica needs and no load stated (task replicas, audit
buyer20 #7): the GPUs are split into the replicas that generate the most output tokens/s at
full load, as /v1/ask's full-load answers lay them out, not one replica over all of them.

Before: Llama 3.1 70B bf16 on 64 x H100 was one TP8 x PP8 replica ("64 GPUs per replica is
the fewest that fit with every replica busy at 1 concurrent request"), 2,612 tokens/s and
5.1 requests/s at most, where /v1/ask said 45.6 requests/s and 23,362 tokens/s from 16
replicas of 4 GPUs; Llama 3.1 8B on 3 x H100 was a 3-stage pipeline at about one H100's
speed; on 1000 x H100 it was 500 replicas of 2 GPUs whose load figures counted 500 requests
where one was stated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.settings import Settings
from tests.unit.ask_fixtures import ask, asked, catalog


def run(**fields: Any) -> SizingResult:
    """Sized as /v1/sizing sizes a body with these fields: with no batch_size and no
    request_rate_per_s, no load is stated."""
    stated = "batch_size" in fields or "request_rate_per_s" in fields
    return size(msgspec.convert(fields, SizingRequest), catalog(), load_stated=stated)


def shape(r: SizingResult) -> tuple[int, int, int, int]:
    lay = r.layout
    assert lay is not None
    return lay.tensor, lay.pipeline, lay.data, lay.expert


def most(r: SizingResult) -> float:
    assert r.performance is not None and r.performance.max_throughput_tokens_per_s
    return r.performance.max_throughput_tokens_per_s


def test_70b_on_64_h100_is_sixteen_tp4_replicas() -> None:
    r = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=64, weights="bf16")
    assert shape(r) == (4, 1, 16, 1)  # was (8, 8, 1, 1)
    assert r.layout is not None and not r.layout.fixed
    assert "full load" in r.layout.reason and "16 replicas" in r.layout.reason
    assert "fewest that fit with every replica busy" not in r.layout.reason
    # the same figure as the layout set by the request's parallelism (the rule /v1/ask's
    # full-load answers compare widths by), 16 x one 4-GPU replica's
    fixed = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=64, weights="bf16",
                parallelism={"tensor": 4, "data": 16})
    assert most(r) == pytest.approx(most(fixed))
    one = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=4, weights="bf16")
    assert most(r) == pytest.approx(16 * most(one), rel=1e-6)
    assert most(r) > 20_000  # was 2,612
    assert r.performance is not None and r.performance.max_requests_per_s is not None
    assert r.performance.max_requests_per_s > 40  # was 5.1
    # the single replica over all 64 GPUs is weighed and said to lose on the total
    whole = next(c for c in r.layout.candidates if (c.tensor, c.pipeline, c.data) == (8, 8, 1))
    assert whole.lost is not None and "full load" in whole.lost


def test_8b_on_3_h100_is_three_replicas_not_a_pipeline() -> None:
    r = run(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=3)
    assert shape(r) == (1, 1, 3, 1)  # was (1, 3, 1, 1), about one H100's speed
    one = run(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1)
    assert most(r) == pytest.approx(3 * most(one), rel=1e-6)


def test_load_figures_count_the_replicas_the_stated_requests_keep_busy() -> None:
    # 1000 x H100, one request: its load figures are one replica's, the most every replica's
    r = run(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1000)
    one = run(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1)
    assert shape(r) == (1, 1, 1000, 1)  # was (2, 1, 500, 1)
    assert r.performance is not None and one.performance is not None
    assert r.performance.requests_per_s == pytest.approx(one.performance.requests_per_s)
    assert most(r) == pytest.approx(1000 * most(one), rel=1e-6)


def test_a_stated_load_keeps_its_layout() -> None:
    # one request stated: one replica over the GPUs, as before (the lowest latency)
    r = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=8, weights="bf16", batch_size=1)
    assert shape(r) == (8, 1, 1, 1)
    # 8 concurrent requests: 8 replicas of TP8, each request on its own (as before)
    r = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=64, weights="bf16", batch_size=8)
    assert shape(r) == (8, 1, 8, 1)
    r = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=64, weights="bf16",
            batch_size=256)
    assert shape(r) == (4, 1, 16, 1)
    # one GPU: nothing to split
    assert shape(run(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1)) == (1, 1, 1, 1)


def test_ask_and_sizing_agree_on_64_h100() -> None:
    r = run(model="llama-3.1-70b", gpu="h100-sxm", gpu_count=64, weights="bf16",
            input_tokens=3584, output_tokens=512)
    a = ask("How many requests per second can Llama 3.1 70B bf16 serve on 64 H100s?")
    quantity, value, _ = asked(a)
    assert quantity == "max_requests_per_s"
    assert r.performance is not None and r.performance.max_requests_per_s is not None
    assert value == pytest.approx(r.performance.max_requests_per_s, rel=1e-3)
    assert "16 replicas (4 GPUs per replica, TP4)" in a.answer  # (audit 29 layout: and TP)
    assert "2,612 output tokens/s" in a.answer  # one copy over all 64, said beside


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def test_http_sizing_splits_64_h100_into_replicas(client: TestClient[Any]) -> None:
    r = client.post("/v1/sizing", json={"model": "llama 3.1 70b", "gpu": "H100 SXM",
                                        "gpu_count": 64, "weights": "bf16"})
    assert r.status_code == 200, r.text
    body = r.json()
    lay = body["layout"]
    assert (lay["tensor"], lay["pipeline"], lay["data"]) == (4, 1, 16)  # was 8, 8, 1
    assert body["performance"]["max_requests_per_s"] == pytest.approx(45.6, rel=0.05)
    assert body["performance"]["max_throughput_tokens_per_s"] > 20_000
    # "batch_size": 1 stated: one replica over the GPUs, as before
    r = client.post("/v1/sizing", json={"model": "llama 3.1 70b", "gpu": "H100 SXM",
                                        "gpu_count": 8, "weights": "bf16", "batch_size": 1})
    assert r.status_code == 200, r.text
    lay = r.json()["layout"]
    assert (lay["tensor"], lay["pipeline"], lay["data"]) == (8, 1, 1)
