"""The answer cache as the routes use it: one key per request and everything the answer
depends on, the computation only on a miss."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

import msgspec

from service.api.state import AppState

T = TypeVar("T")


def cache_key(kind: str, request: object, *depends_on: object) -> str:
    """``kind:<hash of the canonical request JSON and the versions it depends on>``."""
    h = hashlib.blake2b(msgspec.json.encode(request), digest_size=16)
    for part in depends_on:
        h.update(b"\0" + str(part).encode())
    return f"{kind}:{h.hexdigest()}"


async def cached(state: AppState, key: str, type_: type[T], compute: Callable[[], T]) -> T:
    hit = await state.cache.get(key, type_)
    if hit is not None:
        return hit
    value = compute()
    await state.cache.put(key, value)
    return value
