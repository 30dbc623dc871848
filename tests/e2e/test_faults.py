"""Faults, on the real server process over loopback: a corrupt index cache, a missing
embedding model, clients that disconnect mid-request, 1,000 concurrent connections.

A catalog reload with a broken file under load is tests/e2e/test_reload.py
(test_broken_reload_under_load_keeps_old_version); corruption at the adapter level is
tests/integration/test_qa.py."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import httpx
import pytest

from tests.e2e.conftest import Server, free_port, start_server, stop_server

CONNECTIONS = 1000


def _ask(url: str) -> httpx.Response:
    return httpx.post(f"{url}/v1/ask", json={"question": "how much VRAM for llama 3 8b?"},
                      timeout=30)


def test_corrupt_index_cache_is_rebuilt_not_served(tmp_path: Path) -> None:
    index = tmp_path / "index"
    env = {**os.environ, "GPU_ADVISOR_INDEX_DIR": str(index)}
    subprocess.run([sys.executable, "-m", "service", "index", "build"], env=env, check=True,
                   capture_output=True, timeout=300)
    files = [p for p in index.rglob("*") if p.is_file()]
    assert files
    for i, p in enumerate(files):  # garbage in one, truncated others
        p.write_bytes(b"garbage \x00\xff" if i == 0 else p.read_bytes()[: len(p.read_bytes()) // 3])
    srv = start_server(tmp_path / "log.txt", {"GPU_ADVISOR_INDEX_DIR": str(index)})
    try:  # start_server waited for /readyz 200
        r = _ask(srv.url)
        assert r.status_code == 200, r.text
        assert r.json()["passages"]
        events = [json.loads(line) for line in srv.log_lines() if line.startswith("{")]
        ready = [e for e in events if e.get("event") == "knowledge_ready"]
        assert ready and ready[-1]["built"] is True  # rebuilt, not loaded from the garbage
    finally:
        stop_server(srv)


def test_missing_embedding_model_is_a_clear_start_error() -> None:
    env = {**os.environ, "GPU_ADVISOR_EMBEDDING_MODEL": "/nope"}
    proc = subprocess.run([sys.executable, "-m", "service", "serve", "--port", str(free_port())],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "GPU_ADVISOR_EMBEDDING_MODEL" in proc.stderr and "/nope" in proc.stderr


@pytest.fixture(scope="module")
def roomy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server (and this process) allowed enough open files for the connection tests."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 4 * CONNECTIONS
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (
            want if hard == resource.RLIM_INFINITY else min(want, hard), hard))
    srv = start_server(tmp_path_factory.mktemp("faults") / "stdout.log")  # inherits the limit
    yield srv
    stop_server(srv)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_client_disconnecting_mid_request_leaves_the_server_healthy(roomy_server: Server) -> None:
    u = urlparse(roomy_server.url)
    body = json.dumps({"model": "llama-3.1-8b", "gpu": "h100-sxm"}).encode()
    for cut in (0, 1, len(body) // 2, len(body) - 1) * 5:
        with socket.create_connection((u.hostname, u.port), timeout=10) as s:
            s.sendall(b"POST /v1/sizing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n"
                      + body[:cut])
        # closed with the body half sent
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:
        s.sendall(b"GET /v1/ping HTT")  # not even a whole request line
    assert httpx.get(f"{roomy_server.url}/healthz", timeout=10).status_code == 200
    r = httpx.post(f"{roomy_server.url}/v1/sizing", content=body,
                   headers={"content-type": "application/json"}, timeout=10)
    assert r.status_code == 200 and r.json()["fits"] is True


async def _many_connections(host: str, port: int, n: int) -> list[str]:
    """Open n keep-alive connections at once, send a request on each, read the answers; then
    a second request on every connection that is still open."""
    async def one() -> tuple[str, asyncio.StreamWriter | None]:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 60)
        except (TimeoutError, OSError) as exc:
            return f"connect: {type(exc).__name__}", None
        results = []
        try:
            for _ in range(2):
                writer.write(b"GET /v1/ping HTTP/1.1\r\nHost: x\r\n\r\n")
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 90)
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")))
                await asyncio.wait_for(reader.readexactly(length), 30)
                results.append(head.split(b" ")[1].decode())
        except (TimeoutError, OSError, asyncio.IncompleteReadError, StopIteration) as exc:
            results.append(f"read: {type(exc).__name__}")
        return ",".join(results), writer

    outcomes = await asyncio.gather(*(one() for _ in range(n)))
    for _status, writer in outcomes:
        if writer is not None:
            writer.close()
    return [status for status, _w in outcomes]


def test_a_thousand_concurrent_connections(roomy_server: Server) -> None:
    u = urlparse(roomy_server.url)
    assert u.hostname == "127.0.0.1" and u.port
    statuses = asyncio.run(_many_connections(u.hostname, u.port, CONNECTIONS))
    counts: dict[str, int] = {}
    for s in statuses:
        counts[s] = counts.get(s, 0) + 1
    assert counts == {"200,200": CONNECTIONS}, counts
    assert roomy_server.proc.poll() is None
    assert httpx.get(f"{roomy_server.url}/healthz", timeout=10).status_code == 200
    assert httpx.get(f"{roomy_server.url}/readyz", timeout=10).status_code == 200


@pytest.fixture(scope="module")
def impatient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start_server(tmp_path_factory.mktemp("impatient") / "stdout.log",
                     {"GPU_ADVISOR_BODY_TIMEOUT_S": "1"})
    yield s
    stop_server(s)


def test_a_client_stalling_mid_body_gets_408_and_is_closed(impatient_server: Server) -> None:
    """Connections that stop sending half-way are not held: 408 problem+json after the body
    timeout, then the connection is closed; meanwhile the server answers others."""
    u = urlparse(impatient_server.url)
    body = json.dumps({"model": "llama-3.1-8b", "gpu": "h100-sxm"}).encode()
    stalled = []
    for _ in range(20):
        s = socket.create_connection((u.hostname, u.port), timeout=10)
        s.sendall(b"POST /v1/sizing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                  b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n"
                  + body[: len(body) // 2])
        stalled.append(s)
    assert httpx.get(f"{impatient_server.url}/healthz", timeout=2).status_code == 200
    started = time.monotonic()
    for s in stalled:
        with s:
            answer = b""
            while chunk := s.recv(65536):  # until the server closes the connection
                answer += chunk
            head, _, rest = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408"), answer[:200]
            assert b"application/problem+json" in head
            assert json.loads(rest)["type"] == "/problems/body-timeout"
    assert time.monotonic() - started < 5
