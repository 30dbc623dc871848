"""One immutable snapshot of everything the service knows, passed to every entry point.

A ``Catalog`` holds the registry (models, GPUs and their name indexes), the offers and
providers, the content version and the date policy (how old a price may be). It is built once
by the loader (``service.adapters.catalog_loader``) and replaced whole on a reload, never
edited. Tables derived from it (which GPUs a model fits on, capabilities per node shape, the
entity extractor's name tables, the offers as served on a given day) are computed on first use
and kept *on the snapshot* (``Catalog.derived``): a reload builds a new snapshot with empty
tables, so no answer can mix old and new data, and nothing is keyed by ``id()`` of an object
that may be freed and its id reused.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

from service.domain.catalog.derived import Derived
from service.domain.catalog.instances import InstanceIndex, instance_index
from service.domain.catalog.names import NameIndex
from service.domain.catalog.offer_query import OfferView, view
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.regions import Region, RegionIndex
from service.domain.catalog.registry import Registry
from service.domain.catalog.trust import TRUSTED, Trust
from service.domain.sizing.efficiency import PerfTables


@dataclass(frozen=True, eq=False)
class Catalog:
    """Everything an answer reads, as one consistent, immutable value (see the module
    docstring)."""

    registry: Registry
    offers: tuple[Offer, ...] = ()
    providers: tuple[Provider, ...] = ()
    version: str = "unversioned"
    stale_after_days: int = 90
    """Date policy: a price older than this many days is stale."""
    trust: Mapping[str, Trust] = field(default_factory=dict)
    """Offer id -> its suspect reasons and duplicates (``trust.assess``); absent: no flag."""
    collapsed: tuple[Offer, ...] = ()
    """Offers that duplicate another (``Trust.duplicate_of``), left out of ``offers``."""
    regions: RegionIndex = field(default_factory=RegionIndex)
    """Every offer's regions placed in a country and a continent (regions.toml)."""
    perf: PerfTables = field(default_factory=PerfTables)
    """Measured GEMM and collective efficiency curves (catalog/perf/, ``efficiency.py``)."""
    loaded_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    derived: Derived = field(default_factory=Derived, repr=False)

    @cached_property
    def offers_by_id(self) -> dict[str, Offer]:
        return {o.id: o for o in self.offers}

    @cached_property
    def providers_by_id(self) -> dict[str, Provider]:
        return {p.id: p for p in self.providers}

    @cached_property
    def largest_machine_gpus(self) -> dict[str, int]:
        """Provider id -> the most GPUs in one machine its offers list (any GPU): the largest
        pod a provider that rents one machine of any GPU count (``Provider.any_gpu_count``:
        RunPod's pods, up to the largest it lists) is read to rent."""
        most: dict[str, int] = {}
        for o in self.offers:
            most[o.provider] = max(most.get(o.provider, 0), o.gpu_count)
        return most

    @cached_property
    def provider_names(self) -> NameIndex:
        """Every provider the catalog names by its id, its name and its aliases
        (``catalog/providers.toml``: "DataCrunch" is Verda, "Lambda Labs" Lambda), in any case
        and punctuation, with the providers only its offers name by their id: the one reading
        of a provider's name for /v1/offers, /v1/recommendations and /v1/sizing."""
        names = NameIndex("provider")
        for p in self.providers:
            names.add(p.id.lower(), [p.name, *p.aliases])
        for pid in sorted({o.provider.lower() for o in self.offers}):
            if pid not in names:
                names.add(pid, [])
        return names

    @cached_property
    def offered_gpus(self) -> frozenset[str]:
        """The GPU ids at least one offer of the catalog rents."""
        return frozenset(o.gpu for o in self.offers)

    @cached_property
    def instance_index(self) -> InstanceIndex:
        """The offers' instance types and ids as a question writes them
        (:mod:`service.domain.catalog.instances`), names that read as a GPU or a model left
        out."""
        reg = self.registry
        return instance_index(self.offers, lambda s: reg.find_gpu(s) is not None
                              or reg.find_model(s) is not None)

    def nearest_offered(self, gids: Sequence[str]) -> list[str]:
        """The GPUs the catalog has offers for, nearest to ``gids`` (GPUs it has none for)
        first: the same vendor, then the same architecture (one software stack and the same
        compute units: the MI325X is the MI300X's CDNA3 with more HBM, gpus.toml), then the
        least distance in memory and bandwidth (the sum of the absolute log ratios of
        gpus.toml's memory_gb and bandwidth_gb_s, each with its source), then the id. The
        distance to several GPUs is the least to any of them."""
        gpus = self.registry.gpus
        named = [gpus[g] for g in gids if g in gpus]

        def key(gid: str) -> tuple[float, float, float, str]:
            g = gpus[gid]
            return min(((g.vendor != n.vendor) * 1.0,
                        (g.architecture != n.architecture or not n.architecture) * 1.0,
                        abs(math.log(g.memory_gb / n.memory_gb))
                        + abs(math.log(g.bandwidth_gb_s / n.bandwidth_gb_s)), gid)
                       for n in named)

        if not named:
            return []
        return sorted((g for g in self.offered_gpus if g in gpus and g not in gids), key=key)

    def trust_of(self, offer_id: str) -> Trust:
        return self.trust.get(offer_id, TRUSTED)

    def places(self, offer: Offer) -> tuple[Region, ...]:
        """``offer``'s regions with their country and continent (unplaced where unknown)."""
        return self.regions.of(offer.id, offer.regions)

    def views(self, today: dt.date) -> tuple[OfferView, ...]:
        """The offers as served on ``today`` (their age and staleness depend on the day);
        made once per day."""
        days = self.derived.lru("views_by_day", 4)
        made = days.get_or_make(today, lambda: tuple(
            view(o, self.registry.gpus[o.gpu], today, self.stale_after_days, self.places(o),
                 self.trust_of(o.id))
            for o in self.offers))
        return cast(tuple[OfferView, ...], made)


def shrink_problems(old: Catalog, new: Catalog) -> list[str]:
    """Why swapping ``old`` for ``new`` loses too many offers, or []: a provider that had
    offers and would have none (its ``offers/<provider>.csv`` cut to the header, emptied or
    deleted), or more than half of all offers gone. Each message gives the counts before and
    after."""
    before = _per_provider(old.offers)
    after = _per_provider(new.offers)
    out = [f"offers/{p}.csv (provider {p!r}): {n} → 0 offers"
           for p, n in sorted(before.items()) if not after.get(p)]
    if 2 * len(new.offers) < len(old.offers):
        out.append(f"all providers: {len(old.offers)} → {len(new.offers)} offers (more than "
                   "half gone)")
    return out


def _per_provider(offers: Sequence[Offer]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for o in offers:
        counts[o.provider] = counts.get(o.provider, 0) + 1
    return counts
