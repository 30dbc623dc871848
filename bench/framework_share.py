"""How much of a new-body /v1/sizing request is the framework and how much the answer.

``python -m bench.framework_share``: the app in-process over ASGI (no network, no client
process), three runs of the same kind as ``make bench``'s "every body different" set-up:

* ``GET /v1/ping``;
* ``POST /v1/sizing`` with a new body each time (answer cache misses, ``size()`` computes);
* the same requests with ``size()`` answering from a table filled beforehand: the route's
  whole miss path (hook, body hash, parse and validation, encoding, cache store, logging)
  with the computing taken out.

The third over the first is the most any computing answer can reach of the ping route on
this framework: the architecture issue's 40 % floor leaves the difference for ``size()``.
Request logging is off here (the server logs every request, a few microseconds more for
each route alike), and the runs start once the index is ready.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import msgspec

os.environ.setdefault("HF_HUB_OFFLINE", "1")

MODELS = ("llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "mistral-7b-v0.3", "gemma-2-9b",
          "mixtral-8x7b", "qwen2.5-72b", "phi-3-mini")
BASE = {"model": "llama-3.1-70b", "weights": "fp8", "gpu": "h100-sxm", "gpu_count": 2,
        "input_tokens": 8000, "output_tokens": 1000}
N = 3000


async def _call(app: Any, method: str, path: str, body: bytes = b"") -> int:
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode())]}
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    out: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        out.append(message)

    await app(scope, receive, send)
    return int(out[0]["status"])


def main() -> None:
    from litestar.testing import TestClient

    import service.api.routes.sizing as route
    from service.app import create_app
    from service.logging import configure_logging

    real = route.size
    table: dict[bytes, Any] = {}
    # no request logging (structlog's default configuration would print every request)
    configure_logging("WARNING", json=True)
    app = create_app(configure_logs=False)
    bodies = []
    for i in range(2 * N + 500):
        b = dict(BASE)
        b.update(model=MODELS[i % len(MODELS)], input_tokens=1000 + (i * 7919) % 30000)
        bodies.append(msgspec.json.encode(b))

    async def run() -> None:
        while await _call(app, "GET", "/readyz") != 200:  # the index builds beside: wait
            await asyncio.sleep(0.2)
        for _ in range(300):
            await _call(app, "GET", "/v1/ping")
        t = time.perf_counter()
        for _ in range(N):
            await _call(app, "GET", "/v1/ping")
        ping = (time.perf_counter() - t) / N
        for b in bodies[:500]:
            if await _call(app, "POST", "/v1/sizing", b) != 200:
                raise SystemExit(f"/v1/sizing did not answer 200 for {b!r}")
        t = time.perf_counter()
        for b in bodies[500:500 + N]:
            await _call(app, "POST", "/v1/sizing", b)
        computed = (time.perf_counter() - t) / N
        # the next N bodies' answers made beforehand; their requests still miss the cache
        timed = bodies[500 + N:]
        for b in timed:
            req = msgspec.json.decode(b, type=route.SizingRequest)
            # as the route computes it for these bodies (no load, no batch stated; an input)
            table[msgspec.json.encode(req)] = real(req, app.state.app_state.data(),
                                                   load_stated=False, input_stated=True,
                                                   batch_stated=False)
        route.size = lambda req, _catalog, **_stated: table[msgspec.json.encode(req)]
        t = time.perf_counter()
        statuses = [await _call(app, "POST", "/v1/sizing", b) for b in timed]
        framework = (time.perf_counter() - t) / N
        route.size = real
        if set(statuses) != {200}:
            raise SystemExit(f"/v1/sizing answered {sorted(set(statuses))} with the table")
        print(f"GET /v1/ping:                          {ping * 1e6:7.0f} us")
        print(f"POST /v1/sizing, new body, computed:   {computed * 1e6:7.0f} us "
              f"({ping / computed:.0%} of ping)")
        print(f"POST /v1/sizing, new body, no compute: {framework * 1e6:7.0f} us "
              f"({ping / framework:.0%} of ping: the most any answer can reach)")
        print(f"left for size() at 40 % of ping:       "
              f"{max(0.0, ping / 0.4 - framework) * 1e6:7.0f} us "
              f"(it takes {(computed - framework) * 1e6:.0f} us)")

    with TestClient(app) as client, client.portal() as portal:
        portal.call(run)


if __name__ == "__main__":
    main()
