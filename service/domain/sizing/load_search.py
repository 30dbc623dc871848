"""The most load a setup carries within latency targets: the largest number of requests at
once (``batch_size``) or the largest open-loop rate (``request_rate_per_s``) whose sizing
meets a time to first token and a decode speed per user. Every figure is :func:`size`'s at
the load found, so that an answer quoting it and /v1/sizing at that load agree (buyer audit
26a #2 and #4: "how many users with TTFT under 200 ms" answered the memory's 110, at which
the sizing's TTFT is 778 ms; "max requests/s keeping TTFT under 1 s" answered the saturated
rate, at which it is 1,374 ms).

Both searches are bisections: the modelled TTFT grows and the decode speed per user falls
as the load grows (more prompts to prefill before a new one, more sequences in each decode
step, a longer queue under a rate), so the loads that meet a target are those below one
load. The result is checked at the load returned, never interpolated."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import HEADROOM_LOAD, SizingResult, size


@dataclass(frozen=True, slots=True)
class LatencyTargets:
    """What each request must get at the load: its mean time to the first token at most
    ``max_time_to_first_token_ms`` and its decode speed (1,000 / the time per output token,
    as /v1/recommendations' ``min_decode_tokens_per_s``) at least
    ``min_decode_tokens_per_s``. None: no such target."""

    max_time_to_first_token_ms: float | None = None
    min_decode_tokens_per_s: float | None = None

    def met_by(self, r: SizingResult) -> bool:
        """Whether the sizing ``r`` meets every target (a load it does not hold, or does not
        time, meets none)."""
        p = r.performance
        if p is None or not r.fits_in_memory or r.runs is False:
            return False
        if self.max_time_to_first_token_ms is not None and (
                p.time_to_first_token_ms is None
                or p.time_to_first_token_ms > self.max_time_to_first_token_ms):
            return False
        if self.min_decode_tokens_per_s is not None:
            tpot = p.time_per_output_token_ms
            if not tpot or 1000 / tpot < self.min_decode_tokens_per_s:
                return False
        return True


@dataclass(frozen=True, slots=True)
class LoadWithin:
    """The most load found within the targets and the sizing at it."""

    requests_at_once: int | None
    """The requests at once (``batch_size``) found; None for a rate."""
    request_rate_per_s: float | None
    """The requests per second (``request_rate_per_s``) found; None for requests at once."""
    sizing: SizingResult
    """:func:`size` at that load: the figures to quote."""


def most_requests_within(req: SizingRequest, catalog: Catalog, targets: LatencyTargets,
                         most: int, size_kw: Mapping[str, Any] | None = None
                         ) -> LoadWithin | None:
    """The largest ``batch_size`` from 1 to ``most`` (what the memory and the engine hold)
    at which ``req`` meets ``targets``, with its sizing; None where one request misses them.
    ``size_kw``: :func:`size`'s keyword arguments (``load_stated`` and the like)."""
    kw = dict(size_kw or {})

    def at(n: int) -> SizingResult:
        return size(msgspec.structs.replace(req, batch_size=n, request_rate_per_s=None),
                    catalog, **kw)

    lo = at(1)
    if not targets.met_by(lo) or most < 1:
        return None
    top = at(most) if most > 1 else lo
    if targets.met_by(top):
        return LoadWithin(requests_at_once=most, request_rate_per_s=None, sizing=top)
    lo_n, hi = 1, most  # lo_n meets the targets, hi does not
    while hi - lo_n > 1:
        mid = (lo_n + hi) // 2
        got = at(mid)
        if targets.met_by(got):
            lo_n, lo = mid, got
        else:
            hi = mid
    return LoadWithin(requests_at_once=lo_n, request_rate_per_s=None, sizing=lo)


def rate_step(most_rate: float) -> float:
    """The resolution the rate is searched at: three significant figures of ``most_rate``
    (0.1 requests/s below 100, 0.01 below 10), so that the rate said is the rate sized."""
    return 10.0 ** (math.floor(math.log10(most_rate)) - 2)


def most_rate_within(req: SizingRequest, catalog: Catalog, targets: LatencyTargets,
                     most_rate: float, size_kw: Mapping[str, Any] | None = None
                     ) -> LoadWithin | None:
    """The largest ``request_rate_per_s``, a multiple of :func:`rate_step` below
    ``most_rate`` (the most the setup serves), at which ``req`` under that open-loop load
    (Poisson arrivals, the queue and the prefills they bring: /v1/sizing's TTFT at that
    rate) meets ``targets`` with every replica at most ``HEADROOM_LOAD`` (80 %) busy, the
    share sizing's near-capacity warning, the recommendations' rate targets and the answers
    carry a rate at (:func:`setups_for`: near capacity the queue, and with it the TTFT,
    grows steeply with small changes of load, which a mean does not show); with its
    sizing. None where the smallest step misses them."""
    if most_rate <= 0 or not math.isfinite(most_rate):
        return None
    kw = dict(size_kw or {})
    step = rate_step(most_rate)

    def at(k: int) -> SizingResult:
        return size(msgspec.structs.replace(req, request_rate_per_s=round(k * step, 10)),
                    catalog, **kw)

    def meets(k: int, r: SizingResult) -> bool:
        p = r.performance
        return (targets.met_by(r) and p is not None and p.max_requests_per_s is not None
                and k * step <= HEADROOM_LOAD * p.max_requests_per_s * (1 + 1e-9))

    lo_k, hi = 1, max(2, math.ceil(most_rate / step))  # lo_k meets, hi does not
    lo = at(lo_k)
    if not meets(lo_k, lo):
        return None
    while hi - lo_k > 1:
        mid = (lo_k + hi) // 2
        got = at(mid)
        if meets(mid, got):
            lo_k, lo = mid, got
        else:
            hi = mid
    return LoadWithin(requests_at_once=None, request_rate_per_s=round(lo_k * step, 10),
                      sizing=lo)
