"""The compute pool: a request that waits too long for its answer gets 504, a full pool refuses
at once with 503 (tests/e2e/test_health_under_load.py shows the health check is not held up
by the real server's compute); sizing, whose cost has a tested bound, does not queue behind
the pool."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.api.compute import ComputePool
from service.api.problems import ProblemError
from service.app import create_app
from service.domain.recommend import recommend as recommend_module
from service.settings import Settings

pytestmark = pytest.mark.anyio
BODY = {"model": "llama 3.1 8b", "workload": "serving"}
SIZING = {"model": "llama 3.1 8b", "gpu": "RTX 4090"}


def _slow_recommend(seconds: float) -> Any:
    real = recommend_module.recommend

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)  # the GIL is released: like torch, unlike pure Python
        return real(*args, **kwargs)

    return slow


@pytest.fixture
async def tight(index_dir: Path, monkeypatch: pytest.MonkeyPatch
                ) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    monkeypatch.setattr("service.api.routes.recommend.recommend", _slow_recommend(1.0))
    app = create_app(Settings(index_dir=index_dir, compute_threads=1, compute_max_pending=1,
                              compute_timeout_s=0.1, cache_ttl_s=0), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        yield c


async def test_a_slow_answer_gets_504_and_a_full_pool_503(
        tight: AsyncTestClient) -> None:  # type: ignore[type-arg]
    started = time.perf_counter()
    first, second = await asyncio.gather(tight.post("/v1/recommendations", json=BODY),
                                         tight.post("/v1/recommendations", json=BODY))
    statuses = sorted([first.status_code, second.status_code])
    assert statuses == [503, 504], (first.text, second.text)
    timeout = first if first.status_code == 504 else second
    busy = second if timeout is first else first
    assert timeout.json()["type"] == "/problems/compute-timeout"
    assert busy.json()["type"] == "/problems/busy" and busy.headers["retry-after"] == "1"
    assert time.perf_counter() - started < 0.7  # answered at the timeout, not when done (1 s)
    # the abandoned work keeps its slot until it finishes, then the pool takes work again
    await asyncio.sleep(1.0)
    again = await tight.post("/v1/recommendations", json=BODY)
    assert again.status_code == 504


async def test_sizing_does_not_wait_for_a_full_pool(
        tight: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """The pool's one slot is taken by a slow recommendation: sizing, bounded, is not refused
    with 503 but answered on the loop, at once."""
    slow = asyncio.ensure_future(tight.post("/v1/recommendations", json=BODY))
    await asyncio.sleep(0.02)
    started = time.perf_counter()
    sized = await tight.post("/v1/sizing", json=SIZING)
    assert sized.status_code == 200, sized.text
    assert sized.json()["fits"] is True
    assert time.perf_counter() - started < 0.5
    assert (await slow).status_code == 504
    await asyncio.sleep(1.0)  # the abandoned recommendation frees its slot


async def test_the_request_id_reaches_the_worker_thread() -> None:
    import structlog

    pool = ComputePool(1, 1, 1.0)
    structlog.contextvars.bind_contextvars(request_id="abc")
    try:
        seen = await pool.run(lambda: structlog.contextvars.get_contextvars()["request_id"],
                              what="test")
    finally:
        structlog.contextvars.clear_contextvars()
        pool.shutdown()
    assert seen == "abc"


async def test_domain_errors_raised_in_the_pool_reach_the_handlers() -> None:
    pool = ComputePool(1, 2, 1.0)

    def fail() -> None:
        raise ProblemError(418, "teapot")

    with pytest.raises(ProblemError):
        await pool.run(fail, what="test")
    assert pool.pending == 0
    pool.shutdown()


def test_bad_pool_settings_are_refused() -> None:
    for args in ((0, 1, 1.0), (2, 1, 1.0), (1, 1, 0.0)):
        with pytest.raises(ValueError):
            ComputePool(*args)
