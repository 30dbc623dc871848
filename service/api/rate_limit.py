"""Requests per minute per client address, counted across every worker and replica when Redis
is configured (one atomic ``INCR`` per request), per process otherwise.

Over the limit: 429 problem+json with ``Retry-After``; every counted response carries
``RateLimit-Limit``, ``RateLimit-Remaining`` and ``RateLimit-Reset``. Health, readiness and
metrics are never counted.

The Slack routes (``/slack/*``, when mounted) count themselves (:mod:`service.api.slack`): a
whole workspace's requests come from Slack's few addresses, so a per-address bucket made one
busy workspace 429 every other (audit buyer27b #2). A request whose Slack signature verifies
is counted per workspace (``team_id``), with the same limit, and over it answered with a 200
that says so (Slack shows a non-200 as "/gpu failed" and disables an event subscription that
keeps failing); one that does not verify is counted per address, as here, before its 401.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from litestar.exceptions import TooManyRequestsException

from service.adapters.shared import RateCounter

WINDOW_S = 60
EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})
SLACK_PATHS = frozenset({"/slack/commands", "/slack/events"})
"""The routes that count their own requests, where they are mounted."""


class RateLimiter:
    """The limit and its counter, shared by the middleware and the Slack routes."""

    def __init__(self, limit: int, counter: RateCounter) -> None:
        self.limit = limit
        self.counter = counter

    async def hit(self, key: str) -> tuple[bool, dict[str, str]]:
        """Count one request under ``key``: (whether it is within the limit, the
        ``RateLimit-*`` headers)."""
        count, reset = await self.counter.hit(key, WINDOW_S)
        return count <= self.limit, {"RateLimit-Limit": str(self.limit),
                                     "RateLimit-Remaining": str(max(0, self.limit - count)),
                                     "RateLimit-Reset": str(reset)}

    async def check_address(self, client: str) -> dict[str, str]:
        """Count one request of the address ``client``; over the limit, raise the 429."""
        ok, headers = await self.hit(client)
        if not ok:
            raise TooManyRequestsException(headers=headers)
        return headers

    async def slack_team_within(self, team_id: str) -> tuple[bool, int]:
        """Count one verified Slack request of the workspace ``team_id`` (a bucket of its
        own, never an address's): (within the limit, seconds until the window resets)."""
        ok, headers = await self.hit("slack-team:" + (team_id or "-"))
        return ok, int(headers["RateLimit-Reset"])


def rate_limit_middleware(limiter: RateLimiter, self_counted: Collection[str] = ()) -> Any:
    """A Litestar middleware factory: raising inside the app lets the problem handlers
    answer the 429 like every other error. ``self_counted``: paths whose handler counts
    the request itself (the Slack routes, once they know whether it is signed)."""

    def factory(app: Any) -> Any:
        async def middleware(scope: Any, receive: Any, send: Any) -> None:
            if (scope["type"] != "http" or scope.get("path") in EXEMPT
                    or (scope.get("path") in self_counted and scope.get("method") == "POST")):
                await app(scope, receive, send)
                return
            client = scope.get("client")
            headers = await limiter.check_address(client[0] if client else "unknown")
            raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

            async def send_with_headers(message: Any) -> None:
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [*message.get("headers", []), *raw]}
                await send(message)

            await app(scope, receive, send_with_headers)

        return middleware

    return factory
