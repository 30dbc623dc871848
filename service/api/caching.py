"""The answer cache as the routes use it.

A route's ``before_request`` hook looks the raw request body up (with everything the answer
depends on: catalog version, knowledge index, day) and, on a hit, answers with the stored JSON
before the body is even parsed; on a miss the route parses and validates as usual, computes,
and stores the encoded answer under the same key. Only answers to valid requests are ever
stored, so a hit always stands for a valid request. Different formatting of the same request is
a different key: a miss, never a wrong answer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import msgspec
from litestar import Request

from service.api.state import AppState

T = TypeVar("T")
Depends = Callable[[AppState], tuple[object, ...] | None]
"""What else an answer depends on, for the key; None: do not cache now."""


def cache_key(kind: str, body: bytes, depends_on: tuple[object, ...]) -> str:
    """``kind:<hash of the request body and the versions it depends on>``."""
    h = hashlib.blake2b(body, digest_size=16)
    for part in depends_on:
        h.update(b"\0" + str(part).encode())
    return f"{kind}:{h.hexdigest()}"


def lookup(kind: str, depends: Depends) -> Callable[[Request[Any, Any, Any]],
                                                     Awaitable[Any]]:
    """A ``before_request`` hook: the stored answer (Litestar writes ``msgspec.Raw`` out
    verbatim) or None to let the route run."""

    async def before(request: Request[Any, Any, Any]) -> Any:
        state: AppState = request.app.state.app_state
        if not state.cache.enabled or state.catalog is None:
            return None
        deps = depends(state)
        if deps is None:
            return None
        raw = await state.cache.get(cache_key(kind, await request.body(), deps))
        return msgspec.Raw(raw) if raw is not None else None

    return before


async def store(request: Request[Any, Any, Any], kind: str, deps: tuple[object, ...],
                compute: Callable[[], T], *, bounded: bool = False) -> T:
    """Compute the answer in the compute pool, off the event loop (the lookup missed;
    ``deps`` are the values ``compute`` uses), keep its JSON, and answer with that JSON: a
    ``msgspec.Raw`` standing for the ``T`` the route declares (and the OpenAPI spec
    documents), whose encoding it is. The encoding runs in the pool too. ``bounded``: the
    computation has a small tested cost bound and runs on the loop (see ``ComputePool.run``)."""
    state: AppState = request.app.state.app_state
    if not state.cache.enabled:
        return await state.pool.run(compute, what=kind, bounded=bounded)
    raw = await state.pool.run(lambda: msgspec.json.encode(compute()), what=kind,
                               bounded=bounded)
    await state.cache.put(cache_key(kind, await request.body(), deps), raw)
    return cast(T, msgspec.Raw(raw))
