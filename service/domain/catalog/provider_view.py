"""A provider as /v1/providers serves it: its terms (``providers.toml``) with what the offers
and the day add: whether spot is offered, derived from the offers' spot prices where the
terms leave it unknown, and the age of the terms against the staleness limit of prices."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Annotated

import msgspec

from service.domain.catalog.offers import Offer, Provider


class ProviderView(Provider, frozen=True, kw_only=True):
    """A provider's terms as served: ``spot_available`` true also where only its offers say so
    (a spot price on any offer), and the terms' age and staleness by ``as_of``, as an offer's
    price has (audit api2 #6: verda listed 37 spot prices with ``spot_available`` null, and
    nebius's year-old terms were not flagged)."""

    spot_priced_offers: Annotated[int, msgspec.Meta(
        description="how many of the provider's offers carry a spot price (spot_usd_h)")] = 0
    """How many of the provider's offers carry a spot price (``spot_usd_h``)."""
    age_days: Annotated[int, msgspec.Meta(
        description="days from as_of to today")] = 0
    """Days from ``as_of`` to today."""
    stale: Annotated[bool, msgspec.Meta(
        description="whether as_of is older than the staleness limit of prices (GET "
                    "/v1/catalog's stale_after_days): the terms (storage, egress, "
                    "minimum charge, spot) may have changed")] = False
    """Whether ``as_of`` is older than the staleness limit of prices (``stale_after_days``,
    90 by default): the terms (storage, egress, minimum charge, spot) may have changed."""


def provider_view(p: Provider, offers: Sequence[Offer], today: dt.date,
                  stale_after_days: int) -> ProviderView:
    spot = sum(1 for o in offers if o.provider == p.id and o.spot_usd_h is not None)
    # a spot price on an offer is spot offered; a stated value stays (none contradicts them:
    # tests/unit/test_fix_api2.py checks that no provider stated false has spot prices)
    available = p.spot_available if p.spot_available is not None else (True if spot else None)
    age = (today - p.as_of).days
    fields = {f: getattr(p, f) for f in p.__struct_fields__}
    fields["spot_available"] = available
    return ProviderView(**fields, spot_priced_offers=spot, age_days=age,
                        stale=age > stale_after_days)


def provider_views(providers: Sequence[Provider], offers: Sequence[Offer], today: dt.date,
                   stale_after_days: int) -> list[ProviderView]:
    """Every provider, sorted by id, as :func:`provider_view` serves it."""
    return [provider_view(p, offers, today, stale_after_days)
            for p in sorted(providers, key=lambda p: p.id)]
