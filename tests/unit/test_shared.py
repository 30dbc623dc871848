"""The shared stores without Redis (the embedded default) and with Redis unreachable: every
operation falls back to the process's own store, fast, and says so."""

from __future__ import annotations

import socket
import time

import pytest

from service.adapters.shared import AnswerCache, RateCounter, Shared, SharedEventStore
from service.adapters.slack.dedupe import MemoryEventStore


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens once the socket is closed


@pytest.mark.anyio
async def test_rate_counter_counts_per_window_and_client() -> None:
    counter = RateCounter(Shared(None))
    assert [(await counter.hit("a", 60, now=120.5))[0] for _ in range(3)] == [1, 2, 3]
    assert (await counter.hit("b", 60, now=121.0))[0] == 1
    count, reset = await counter.hit("a", 60, now=179.2)
    assert count == 4 and reset == 1  # same window, 0.8 s left: at least 1 s
    assert (await counter.hit("a", 60, now=180.0))[0] == 1  # next window


@pytest.mark.anyio
async def test_rate_counter_forgets_the_oldest_keys_beyond_its_bound() -> None:
    counter = RateCounter(Shared(None), max_keys=3)
    for client in "abcd":
        await counter.hit(client, 60, now=0)
    assert (await counter.hit("a", 60, now=0))[0] == 1  # evicted, counted afresh


@pytest.mark.anyio
async def test_answer_cache_ttl_and_lru() -> None:
    seen: list[tuple[str, str]] = []
    cache = AnswerCache(Shared(None), ttl_s=60, local_size=2,
                        observe=lambda kind, result: seen.append((kind, result)))
    await cache.put("sizing:1", b"one")
    assert await cache.get("sizing:1") == b"one"
    await cache.put("sizing:2", b"two")
    await cache.put("ask:3", b"three")
    assert await cache.get("sizing:1") is None  # evicted (LRU of 2)
    assert await cache.get("ask:3") == b"three"
    assert seen == [("sizing", "local"), ("sizing", "miss"), ("ask", "local")]
    off = AnswerCache(Shared(None), ttl_s=0)
    await off.put("k:1", b"v")
    assert await off.get("k:1") is None and not off.enabled


@pytest.mark.anyio
async def test_answer_cache_entries_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    cache = AnswerCache(Shared(None), ttl_s=10)
    await cache.put("sizing:x", b"v")
    now[0] += 9.9
    assert await cache.get("sizing:x") == b"v"
    now[0] += 0.2
    assert await cache.get("sizing:x") is None


@pytest.mark.anyio
async def test_unreachable_redis_degrades_to_local_stores_quickly() -> None:
    shared = Shared(f"redis://127.0.0.1:{closed_port()}/0")
    assert shared.status == "ok"  # optimistic until the first operation
    counter = RateCounter(shared)
    start = time.perf_counter()
    assert (await counter.hit("c", 60))[0] == 1
    assert shared.status == "degraded" and "unreachable" in shared.describe()
    assert (await counter.hit("c", 60))[0] == 2  # now straight to the local counter
    store = SharedEventStore(shared, MemoryEventStore())
    assert await store.first_time("Ev1") is True
    assert await store.first_time("Ev1") is False
    cache = AnswerCache(shared, ttl_s=60)
    await cache.put("sizing:y", b"v")
    assert await cache.get("sizing:y") == b"v"
    assert time.perf_counter() - start < 2.0
    assert await shared.check() is False and shared.status == "degraded"
    await shared.aclose()


def test_status_without_redis_is_off() -> None:
    shared = Shared(None)
    assert shared.status == "off" and "GPU_ADVISOR_REDIS_URL is not set" in shared.describe()


class _FakeRedis:
    """Just ``SET NX EX``, for the Slack store's keys."""

    def __init__(self) -> None:
        self.keys: dict[str, int | None] = {}

    async def set(self, key: str, value: bytes, nx: bool = False,
                  ex: int | None = None) -> bool | None:
        if nx and key in self.keys:
            return None
        self.keys[key] = ex
        return True


@pytest.mark.anyio
async def test_shared_event_store_keys_kinds_apart_in_redis() -> None:
    shared = Shared(None)
    fake = _FakeRedis()
    shared.redis = fake  # type: ignore[assignment]
    shared._healthy = True
    assert shared.status == "ok"
    local = MemoryEventStore()
    store = SharedEventStore(shared, local, ttl_s=900)
    assert await store.first_time("Ev1") is True
    assert await store.first_time("Ev1") is False
    assert await store.first_time("Ev1", "command") is True  # same text, another kind
    assert await store.first_time("Ev1", "command") is False
    assert await store.first_time("9f86d0", "event-body") is True
    # events keep the key they always had; the others have their own prefix
    assert fake.keys == {"gpu-advisor:slack:event:Ev1": 900,
                         "gpu-advisor:slack:command:Ev1": 900,
                         "gpu-advisor:slack:event-body:9f86d0": 900}
    # remembered locally too, per kind, for a Redis outage
    assert await local.first_time("Ev1", "command") is False
    assert await local.first_time("Ev2", "command") is True
