"""CPU-bound answers run here, off the event loop.

Sizing, recommendations and questions are pure Python (and torch for the query embedding):
run on the event loop, one slow answer holds every other request on that worker, the
health checks included. They run in a small thread pool instead: the loop thread only parses,
routes and writes, and gets the GIL back at least every switch interval (set to 1 ms by
``create_app``, CPython's default is 5 ms) while a worker thread computes, so ``/healthz``
answers in milliseconds whatever is being computed (with first-time recommendations of up to
a second or two in the pool, 5 ms gave health checks a p99 of 58 ms, 1 ms 16 ms).

Two bounds protect the worker:
- ``max_pending``: work accepted but not finished (running or queued, timed-out work that is
  still running included). Beyond it a request is refused at once with 503 and Retry-After
  instead of queueing without end.
- ``timeout_s``: how long a request waits for its answer. A thread cannot be killed, so work
  that overruns keeps its slot until it finishes, while its client gets 504 at once.

Work whose cost has a small, tested upper bound (``bounded=True``) runs on the loop while the
pool is idle: sizing is closed-form arithmetic over the catalog (at most ~3 ms for any
registry model and any request within the field limits, cold caches included;
``tests/unit/test_sizing_bound.py`` holds it under a CPU-time bound). Under load the hop to a
worker thread and back costs more than that work, because the worker waits for the GIL the
busy loop holds: sizing with every body new went from ~2,100 to ~5,500 requests/s on one
worker when it stopped hopping. While other answers are being computed in the pool, bounded
work hops too: computing on the loop then would add the loop to the threads that hand the GIL
round every switch interval, and the health checks measured p99 65 ms instead of 25 ms
(tests/e2e/test_health_under_load.py). When the pool is full, bounded work still runs on the
loop rather than be refused with 503.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import structlog

from service.api.problems import ProblemError

T = TypeVar("T")
log = structlog.get_logger("gpu_advisor.compute")


class ComputePool:
    """A bounded thread pool with a per-request time limit (see the module docstring)."""

    def __init__(self, threads: int, max_pending: int, timeout_s: float) -> None:
        if threads < 1 or max_pending < threads or timeout_s <= 0:
            raise ValueError("threads >= 1, max_pending >= threads and timeout_s > 0")
        self.threads = threads
        self.max_pending = max_pending
        self.timeout_s = timeout_s
        self.pending = 0
        self._executor = ThreadPoolExecutor(max_workers=threads,
                                            thread_name_prefix="compute")

    async def run(self, fn: Callable[[], T], *, what: str, bounded: bool = False) -> T:
        """``fn()`` in a worker thread, with the caller's context variables (the request id in
        the logs); 503 when the pool is full, 504 when the answer takes too long.
        ``bounded``: ``fn`` has a small tested cost bound; while no other work is in the pool,
        or while the pool is full (rather than refuse it), run it here, on the loop (see the
        module docstring)."""
        if bounded and (not self.pending or self.pending >= self.max_pending):
            return fn()
        if self.pending >= self.max_pending:
            raise ProblemError(503, f"the server is busy computing {self.pending} answers; "
                                    "retry shortly", slug="busy", headers={"Retry-After": "1"})
        self.pending += 1
        loop = asyncio.get_running_loop()
        ctx = contextvars.copy_context()
        started = time.perf_counter()
        future = loop.run_in_executor(self._executor, ctx.run, fn)
        future.add_done_callback(self._done)
        try:
            # shield: a timeout or a client gone away stops the wait, not the slot accounting
            async with asyncio.timeout(self.timeout_s):  # cheaper than wait_for: no task
                return await asyncio.shield(future)
        except TimeoutError:
            log.warning("compute_timeout", what=what, timeout_s=self.timeout_s,
                        waited_s=round(time.perf_counter() - started, 3))
            raise ProblemError(504, f"computing the {what} answer took longer than "
                                    f"{self.timeout_s:g} s; it was abandoned") from None

    def _done(self, future: asyncio.Future[Any]) -> None:
        self.pending -= 1
        if not future.cancelled():
            future.exception()  # retrieved, so an abandoned failure is not logged as lost

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
