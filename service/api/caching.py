"""The answer cache as the routes use it: one key per request and everything the answer
depends on; the computation and its JSON encoding only on a miss."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar, cast

import msgspec

from service.api.state import AppState

T = TypeVar("T")


def cache_key(kind: str, request: object, *depends_on: object) -> str:
    """``kind:<hash of the canonical request JSON and the versions it depends on>``."""
    h = hashlib.blake2b(msgspec.json.encode(request), digest_size=16)
    for part in depends_on:
        h.update(b"\0" + str(part).encode())
    return f"{kind}:{h.hexdigest()}"


async def cached(state: AppState, key: str, compute: Callable[[], T]) -> T:
    """The answer for ``key``: computed and encoded once, then served as the stored JSON.

    The value handed back is a ``msgspec.Raw`` of that JSON, which Litestar writes out
    verbatim; it stands for the ``T`` the route declares (and the OpenAPI spec documents),
    whose encoding it is."""
    raw = await state.cache.get(key)
    if raw is None:
        value = compute()
        if not state.cache.enabled:
            return value
        raw = msgspec.json.encode(value)
        await state.cache.put(key, raw)
    return cast(T, msgspec.Raw(raw))
