"""Which Slack requests were already handled: Slack retries an event it thinks we missed
(``X-Slack-Retry-Num``), and a signed request can be replayed while its timestamp is within
the 5-minute window; an answer must not be posted twice.

``EventStore`` is the seam: the in-memory store below serves one process; a shared store
(Redis ``SET NX EX``, a database row) can replace it for several workers. Every key has a
``kind`` (events by ``event_id``, events without one by a hash of their body, slash
commands), and keys of different kinds never collide: a kind is one of a few fixed words
without ``:``, and the stored key is ``"<kind>:<key>"``.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal, Protocol

DedupeKind = Literal["event", "event-body", "command"]
"""``event``: an Events API ``event_id``; ``event-body``: the hash of an event body without
one; ``command``: a slash command's ``trigger_id`` or signature."""


def scoped(key: str, kind: DedupeKind) -> str:
    """The stored form of ``key``: distinct for every (kind, key) pair."""
    return f"{kind}:{key}"


class EventStore(Protocol):
    async def first_time(self, key: str, kind: DedupeKind = "event") -> bool:
        """Record ``key`` (of ``kind``); True when it was not seen (within the retention),
        False for a repeat. Check and record are one atomic step. The retention must cover
        Slack's retries (an hour) and the signature window (5 minutes either side)."""
        ...


class MemoryEventStore:
    """A bounded LRU of seen keys with a time-to-live; evicts the oldest beyond ``max_size``."""

    def __init__(self, max_size: int = 10_000, ttl_s: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if max_size < 1 or ttl_s <= 0:
            raise ValueError("max_size must be >= 1 and ttl_s > 0")
        self.max_size = max_size
        self.ttl_s = ttl_s
        self._clock = clock
        self._seen: OrderedDict[str, float] = OrderedDict()

    def __len__(self) -> int:
        return len(self._seen)

    def _expire(self, now: float) -> None:
        while self._seen:
            oldest, at = next(iter(self._seen.items()))
            if now - at < self.ttl_s:
                break
            del self._seen[oldest]

    async def first_time(self, key: str, kind: DedupeKind = "event") -> bool:
        # no await inside: atomic with respect to the event loop
        now = self._clock()
        self._expire(now)
        stored = scoped(key, kind)
        if stored in self._seen:
            return False
        self._seen[stored] = now
        while len(self._seen) > self.max_size:
            self._seen.popitem(last=False)
        return True
