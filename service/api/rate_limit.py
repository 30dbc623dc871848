"""Requests per minute per client address, counted across every worker and replica when Redis
is configured (one atomic ``INCR`` per request), per process otherwise.

Over the limit: 429 problem+json with ``Retry-After``; every counted response carries
``RateLimit-Limit``, ``RateLimit-Remaining`` and ``RateLimit-Reset``. Health, readiness and
metrics are never counted.
"""

from __future__ import annotations

from typing import Any

from litestar.exceptions import TooManyRequestsException

from service.adapters.shared import RateCounter

WINDOW_S = 60
EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})


def rate_limit_middleware(limit: int, counter: RateCounter) -> Any:
    """A Litestar middleware factory: raising inside the app lets the problem handlers
    answer the 429 like every other error."""

    def factory(app: Any) -> Any:
        async def middleware(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http" or scope.get("path") in EXEMPT:
                await app(scope, receive, send)
                return
            client = scope.get("client")
            count, reset = await counter.hit(client[0] if client else "unknown", WINDOW_S)
            headers = {"RateLimit-Limit": str(limit),
                       "RateLimit-Remaining": str(max(0, limit - count)),
                       "RateLimit-Reset": str(reset)}
            if count > limit:
                raise TooManyRequestsException(headers=headers)
            raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

            async def send_with_headers(message: Any) -> None:
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [*message.get("headers", []), *raw]}
                await send(message)

            await app(scope, receive, send_with_headers)

        return middleware

    return factory
