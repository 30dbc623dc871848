"""Which Slack events were already handled: Slack retries an event it thinks we missed
(``X-Slack-Retry-Num``), and an answer must not be posted twice.

``EventStore`` is the seam: the in-memory store below serves one process; a shared store
(Redis ``SET NX EX``, a database row) can replace it for several workers.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol


class EventStore(Protocol):
    async def first_time(self, event_id: str) -> bool:
        """Record ``event_id``; True when it was not seen (within the retention), False for
        a repeat. Check and record are one atomic step."""
        ...


class MemoryEventStore:
    """A bounded LRU of event ids with a time-to-live; evicts the oldest beyond ``max_size``."""

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

    async def first_time(self, event_id: str) -> bool:
        # no await inside: atomic with respect to the event loop
        now = self._clock()
        self._expire(now)
        if event_id in self._seen:
            return False
        self._seen[event_id] = now
        while len(self._seen) > self.max_size:
            self._seen.popitem(last=False)
        return True
