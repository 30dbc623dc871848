"""What the running app holds: settings and the loaded data, swapped atomically."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass, field
from functools import cached_property

from service.adapters.knowledge_base import KnowledgeBase
from service.adapters.shared import AnswerCache, Shared
from service.api.compute import ComputePool
from service.domain.offer_query import OfferView
from service.domain.offers import Offer, Provider
from service.domain.registry import Registry
from service.settings import Settings


@dataclass(frozen=True)
class Loaded:
    """One consistent snapshot of the data: replaced whole on reload, never edited."""

    registry: Registry
    catalog_version: str
    offers: tuple[Offer, ...] = ()
    providers: tuple[Provider, ...] = ()
    loaded_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    # the offers as served (their staleness depends on the day): built once per day and
    # staleness setting instead of on every request (views are frozen structs)
    views_cache: dict[tuple[dt.date, int], tuple[OfferView, ...]] = field(
        default_factory=dict, compare=False, repr=False)

    @cached_property
    def offers_by_id(self) -> dict[str, Offer]:
        return {o.id: o for o in self.offers}

    @cached_property
    def providers_by_id(self) -> dict[str, Provider]:
        return {p.id: p for p in self.providers}


@dataclass
class AppState:
    settings: Settings
    loaded: Loaded | None = None
    errors: list[str] = field(default_factory=list)
    reload_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last_reload_errors: list[str] = field(default_factory=list)
    knowledge: KnowledgeBase | None = None
    knowledge_error: str | None = None
    shared: Shared = field(default_factory=lambda: Shared(None))
    cache: AnswerCache = field(default_factory=lambda: AnswerCache(Shared(None), ttl_s=0))
    pool: ComputePool = field(default_factory=lambda: ComputePool(2, 64, 10.0))

    @property
    def fully_ready(self) -> bool:
        return self.loaded is not None and self.knowledge is not None

    @property
    def ready(self) -> bool:
        return self.loaded is not None

    def data(self) -> Loaded:
        if self.loaded is None:
            raise RuntimeError("data not loaded yet")
        return self.loaded
