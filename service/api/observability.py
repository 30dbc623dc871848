"""Request id, one canonical log line per request, and Prometheus metrics."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import structlog
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REQUEST_ID_RE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
log = structlog.get_logger("gpu_advisor.http")


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("gpu_advisor_requests_total", "HTTP requests",
                                ["method", "route", "status"], registry=self.registry)
        self.latency = Histogram(
            "gpu_advisor_request_duration_seconds", "HTTP request latency", ["route"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
            registry=self.registry)
        self.cache = Counter("gpu_advisor_answer_cache_total", "Answer cache lookups by "
                             "kind and result (local, shared = from Redis, miss)",
                             ["kind", "result"], registry=self.registry)
        self._cache_children: dict[tuple[str, str], Any] = {}
        self.catalog_info = Gauge("gpu_advisor_catalog_info", "Loaded catalog version",
                                  ["version"], registry=self.registry)

    def count_cache(self, kind: str, result: str) -> None:
        child = self._cache_children.get((kind, result))
        if child is None:
            child = self._cache_children[(kind, result)] = self.cache.labels(kind, result)
        child.inc()

    def set_catalog_version(self, version: str) -> None:
        self.catalog_info.clear()
        self.catalog_info.labels(version=version).set(1)


def pick_request_id(headers: list[tuple[bytes, bytes]]) -> str:
    for k, v in headers:
        if k.lower() == b"x-request-id":
            try:
                candidate = v.decode("ascii")
            except UnicodeDecodeError:
                break
            if REQUEST_ID_RE.match(candidate):
                return candidate
            break
    return uuid.uuid4().hex


async def observe(app: Any, metrics: Metrics, scope: Any, receive: Any, send: Any) -> None:
    """Wrap one HTTP request: request id in, header and log line out, metrics counted."""
    request_id = pick_request_id(scope.get("headers", []))
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(request_id=request_id)
    start = time.perf_counter()
    status = 500

    async def send_wrapper(message: Any) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
            headers = list(message.get("headers", []))
            headers.append((b"x-request-id", request_id.encode()))
            message = {**message, "headers": headers}
        await send(message)

    try:
        await app(scope, receive, send_wrapper)
    finally:
        duration = time.perf_counter() - start
        route = scope.get("path_template") or "unmatched"
        client = scope.get("client")
        metrics.requests.labels(scope.get("method", ""), route, str(status)).inc()
        metrics.latency.labels(route).observe(duration)
        path = scope.get("path", "")
        log.info("request", method=scope.get("method"), path=path[:300], route=route,
                 status=status, duration_ms=round(duration * 1000, 3),
                 client=f"{client[0]}:{client[1]}" if client else None)
        structlog.contextvars.clear_contextvars()
