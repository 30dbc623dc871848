"""The real server process, over real HTTP on a loopback port."""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlparse

import httpx

from tests.e2e.conftest import Server


def test_health_and_sizing(server: Server) -> None:
    assert httpx.get(f"{server.url}/healthz").status_code == 200
    r = httpx.post(f"{server.url}/v1/sizing",
                   json={"model": "llama 3 70b", "weights": "int4", "gpu": "h100",
                         "input_tokens": 32768, "output_tokens": 0})
    assert r.status_code == 200
    body = r.json()
    assert body["fits"] is True and body["model"]["id"] == "llama-3-70b"


def test_malformed_body_is_400_problem(server: Server) -> None:
    r = httpx.post(f"{server.url}/v1/sizing", content=b"{bad",
                   headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.headers["content-type"].startswith("application/problem+json")
    r = httpx.post(f"{server.url}/v1/anything", content=b"{bad",
                   headers={"content-type": "application/json"})
    assert r.status_code in (400, 404)
    assert r.json()["status"] == r.status_code


def test_oversized_body_is_413(server: Server) -> None:
    body = b'{"model": "' + b"a" * (100 * 1024) + b'"}'
    r = httpx.post(f"{server.url}/v1/sizing", content=body,
                   headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.headers["content-type"].startswith("application/problem+json")


def test_oversized_body_without_content_length_is_413(server: Server) -> None:
    """A chunked upload gives no length up front; the limit still holds."""
    u = urlparse(server.url)
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:
        s.sendall(b"POST /v1/sizing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"a" * 8192
        try:
            for _ in range(16):
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server may close early after answering 413
        head = s.recv(4096).decode("latin-1")
    assert head.startswith("HTTP/1.1 413")


def test_logs_are_json_lines_with_matching_request_id(server: Server) -> None:
    r = httpx.get(f"{server.url}/v1/gpus/h100", headers={"x-request-id": "e2e-check-1"})
    assert r.headers["x-request-id"] == "e2e-check-1"
    r2 = httpx.get(f"{server.url}/healthz")
    generated = r2.headers["x-request-id"]
    deadline = time.monotonic() + 5
    found: dict[str, dict[str, object]] = {}
    while time.monotonic() < deadline and len(found) < 2:
        for line in server.log_lines():
            if not line.startswith("{"):
                continue
            event = json.loads(line)  # every JSON line parses as one object
            if event.get("request_id") in ("e2e-check-1", generated):
                found[str(event["request_id"])] = event
        time.sleep(0.1)
    assert set(found) == {"e2e-check-1", generated}
    line = found["e2e-check-1"]
    assert line["route"] == "/v1/gpus/{gpu_id}" and line["status"] == 200
    assert line["method"] == "GET" and "duration_ms" in line and "client" in line
    # every line of stdout is one JSON object (uvicorn's own lines included)
    for raw in server.log_lines():
        if raw.strip() and not raw.startswith("gpu-advisor listening"):
            json.loads(raw)
