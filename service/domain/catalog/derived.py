"""Tables derived from immutable data, made on first use and kept with that data (a catalog
snapshot, a registry): a reload makes new data with empty tables, so nothing derived from old
data survives it, and nothing is keyed by ``id()`` of an object that may be freed."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def lru_step(items: dict[K, V], key: K, make: Callable[[], V], size: int) -> V:
    """One LRU look-up on a plain dict in insertion order (the caller holds its lock): the
    value for ``key``, moved to the newest end, or made and inserted, evicting the oldest
    beyond ``size``."""
    value = items.pop(key, None)
    if value is None:
        value = make()
        while len(items) >= size:
            del items[next(iter(items))]
    items[key] = value
    return value


class Lru(Generic[K, V]):
    """A bounded LRU that several compute threads share: a plain dict in insertion order (a
    hit moves to the end; an OrderedDict is always tracked by the garbage collector, a plain
    dict of untracked values is not) and one lock around the bookkeeping."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("size must be >= 1")
        self.size = size
        self._items: dict[K, V] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.pop(key, None)
            if value is not None:
                self._items[key] = value
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items.pop(key, None)
            while len(self._items) >= self.size:
                del self._items[next(iter(self._items))]
            self._items[key] = value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``, made (under the lock) when absent."""
        with self._lock:
            return lru_step(self._items, key, make, self.size)

    def values(self) -> list[V]:
        with self._lock:
            return list(self._items.values())


class Derived:
    """Tables derived from one snapshot, made on first use and kept with it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, object] = {}

    def table(self, name: str, make: Callable[[], T]) -> T:
        """The table ``name``, made once per snapshot."""
        with self._lock:
            if name not in self._tables:
                self._tables[name] = make()
            return cast(T, self._tables[name])

    def lru(self, name: str, size: int) -> Lru[object, object]:
        """A bounded LRU ``name`` of this snapshot (see :class:`Lru`)."""
        return self.table(name, lambda: Lru[object, object](size))

    def names(self) -> list[str]:
        with self._lock:
            return sorted(self._tables)
