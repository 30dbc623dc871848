"""State shared by every worker and replica: Redis when ``GPU_ADVISOR_REDIS_URL`` is set and
reachable, in-process stores otherwise.

What is shared: rate-limit counters (atomic ``INCR`` per fixed window), Slack event and
slash-command de-duplication (``SET NX EX``), the sizing/recommendation/answer cache (``GET`` /
``SET EX``, with a TTL) and the catalog version after a reload (a key every replica
watches).

Redis going away must never fail a request: every operation falls back to the local store,
the first failure logs ``redis_unavailable`` and marks the state degraded (``/readyz`` says
so), and a monitor pings Redis every second until it answers again (``redis_recovered``).
While degraded, requests do not wait on Redis at all: they go straight to the local stores.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Literal, TypeVar

import structlog
from redis.asyncio import Redis
from redis.exceptions import RedisError

from service.adapters.slack.dedupe import DedupeKind, EventStore, scoped

log = structlog.get_logger("gpu_advisor.shared")

NAMESPACE = "gpu-advisor"
CACHE_PREFIX = f"{NAMESPACE}:cache:"
"""Answer-cache keys in Redis (plain GET / SET EX, so any client can inspect them)."""
CATALOG_VERSION_KEY = f"{NAMESPACE}:catalog:version"
OP_TIMEOUT_S = 0.5
MONITOR_INTERVAL_S = 1.0
REDIS_ERRORS = (RedisError, OSError, asyncio.TimeoutError)

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
Status = Literal["off", "ok", "degraded"]


def _put_bounded(lru: OrderedDict[K, V], key: K, value: V, max_size: int) -> None:
    """Insert or refresh ``key`` as the newest entry; drop the oldest beyond ``max_size``."""
    lru[key] = value
    lru.move_to_end(key)
    while len(lru) > max_size:
        lru.popitem(last=False)


class Shared:
    """The Redis connection (or none) and its health; the stores below go through ``run``."""

    def __init__(self, url: str | None) -> None:
        self.redis: Redis | None = None
        if url:
            self.redis = Redis.from_url(url, socket_timeout=OP_TIMEOUT_S,
                                        socket_connect_timeout=OP_TIMEOUT_S,
                                        retry_on_timeout=False)
        self._healthy = self.redis is not None
        self.last_error: str | None = None
        self.degraded_since: float | None = None

    @property
    def status(self) -> Status:
        if self.redis is None:
            return "off"
        return "ok" if self._healthy else "degraded"

    def describe(self) -> str:
        if self.redis is None:
            return "off: GPU_ADVISOR_REDIS_URL is not set; one process, in-memory stores"
        if self._healthy:
            return "ok: rate limits, Slack de-duplication, caches and catalog version shared"
        return (f"degraded: Redis unreachable ({self.last_error}); rate limits, Slack "
                "de-duplication and caches are per process until it returns")

    async def run(self, op: Callable[[Redis], Awaitable[T]],
                  fallback: Callable[[], Awaitable[T]] | None = None) -> T | None:
        """``op`` on Redis; on failure (or while degraded) ``fallback`` (None without one)."""
        if self.redis is not None and self._healthy:
            try:
                return await asyncio.wait_for(op(self.redis), OP_TIMEOUT_S * 2)
            except REDIS_ERRORS as exc:
                self._down(exc)
        return await fallback() if fallback is not None else None

    def _down(self, exc: BaseException) -> None:
        self.last_error = f"{type(exc).__name__}: {exc}"[:200] or type(exc).__name__
        if self._healthy:
            self._healthy = False
            self.degraded_since = time.monotonic()
            log.warning("redis_unavailable", error=self.last_error,
                        effect="serving with per-process stores until Redis returns")

    async def check(self) -> bool:
        """Ping Redis now; flips the state either way."""
        if self.redis is None:
            return False
        try:
            await asyncio.wait_for(self.redis.ping(), OP_TIMEOUT_S * 2)
        except REDIS_ERRORS as exc:
            self._down(exc)
            return False
        if not self._healthy:
            down_s = time.monotonic() - (self.degraded_since or time.monotonic())
            self._healthy = True
            self.last_error = None
            log.info("redis_recovered", degraded_seconds=round(down_s, 1))
        return True

    async def monitor(self, interval_s: float = MONITOR_INTERVAL_S) -> None:
        """Background task: ping Redis every ``interval_s`` seconds, so that the state (and
        /readyz) follows Redis within a second whether or not requests are coming in."""
        while True:
            await asyncio.sleep(interval_s)
            await self.check()

    async def aclose(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()


class RateCounter:
    """Requests per client in fixed windows: one atomic ``INCR`` (+ ``EXPIRE NX``) in Redis,
    a dict of counters per process otherwise."""

    def __init__(self, shared: Shared, max_keys: int = 100_000) -> None:
        self.shared = shared
        self.max_keys = max_keys
        self._local: OrderedDict[str, int] = OrderedDict()

    async def hit(self, client: str, window_s: int, now: float | None = None) -> tuple[int, int]:
        """Count one request; (requests in the current window, seconds until it resets)."""
        now = time.time() if now is None else now
        window = int(now // window_s)
        reset = max(1, int((window + 1) * window_s - now))
        key = f"{NAMESPACE}:rl:{window_s}:{window}:{client}"

        async def remote(r: Redis) -> int:
            async with r.pipeline(transaction=True) as pipe:
                pipe.incr(key)
                pipe.expire(key, window_s + 1, nx=True)
                count, _ = await pipe.execute()
            return int(count)

        async def local() -> int:
            count = self._local.get(key, 0) + 1
            _put_bounded(self._local, key, count, self.max_keys)
            return count

        count = await self.shared.run(remote, local)
        assert count is not None
        return count, reset


class SharedEventStore:
    """Slack requests seen by any replica (``SET NX EX``); per process while degraded.

    The Redis key is ``gpu-advisor:slack:<kind>:<key>``: an event stays where it always was
    (``...:slack:event:<event_id>``), slash commands are under ``...:slack:command:``."""

    def __init__(self, shared: Shared, local: EventStore, ttl_s: int = 3600) -> None:
        self.shared = shared
        self.local = local
        self.ttl_s = ttl_s

    async def first_time(self, key: str, kind: DedupeKind = "event") -> bool:
        stored = f"{NAMESPACE}:slack:{scoped(key, kind)}"

        async def remote(r: Redis) -> bool:
            return bool(await r.set(stored, b"1", nx=True, ex=self.ttl_s))

        first = await self.shared.run(remote, lambda: self.local.first_time(key, kind))
        if first and self.shared.status == "ok":
            await self.local.first_time(key, kind)  # remembered here too, for a Redis outage
        return bool(first)


class AnswerCache:
    """Computed answers as their encoded JSON, by key: a small per-process LRU in front of
    Redis (with a TTL). Keys carry everything the answer depends on (catalog version,
    knowledge index, day), so entries are never stale, only unused."""

    def __init__(self, shared: Shared, ttl_s: int, local_size: int = 2048,
                 observe: Callable[[str, str], None] | None = None) -> None:
        self.shared = shared
        self.ttl_s = ttl_s
        self.local_size = local_size
        self._local: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self._observe = observe
        """(kind, "local" | "shared" | "miss") per lookup; kind is the key's prefix."""

    @property
    def enabled(self) -> bool:
        return self.ttl_s > 0

    def _count(self, key: str, result: str) -> None:
        if self._observe is not None:
            self._observe(key.partition(":")[0], result)

    async def get(self, key: str) -> bytes | None:
        if not self.enabled:
            return None
        now = time.monotonic()
        entry = self._local.get(key)
        if entry is not None:
            if entry[0] > now:
                self._local.move_to_end(key)
                self._count(key, "local")
                return entry[1]
            del self._local[key]
        if self.shared.redis is not None:
            raw = await self.shared.run(lambda r: r.get(f"{CACHE_PREFIX}{key}"))
            if isinstance(raw, bytes):  # the client decodes nothing (no decode_responses)
                self._remember(key, raw, now)
                self._count(key, "shared")
                return raw
        self._count(key, "miss")
        return None

    async def put(self, key: str, value: bytes) -> None:
        if not self.enabled:
            return
        self._remember(key, value, time.monotonic())
        if self.shared.redis is not None:
            await self.shared.run(lambda r: r.set(f"{CACHE_PREFIX}{key}", value, ex=self.ttl_s))

    def _remember(self, key: str, value: bytes, now: float) -> None:
        _put_bounded(self._local, key, (now + self.ttl_s, value), self.local_size)


class CatalogVersion:
    """The catalog version every replica should serve: written after a successful reload,
    watched by the others (each reloads its own files and swaps only when it gets exactly
    that version)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    async def announce(self, version: str, *, only_if_absent: bool = False) -> str | None:
        """Publish ``version``; with ``only_if_absent`` keep an existing one. Returns the
        version in Redis afterwards (None: Redis off or unreachable)."""
        async def op(r: Redis) -> str | None:
            await r.set(CATALOG_VERSION_KEY, version, nx=only_if_absent)
            return await _read_version(r)

        return await self.shared.run(op)

    async def current(self) -> str | None:
        return await self.shared.run(_read_version)


async def _read_version(r: Redis) -> str | None:
    raw = await r.get(CATALOG_VERSION_KEY)
    return raw.decode() if isinstance(raw, bytes) else raw
