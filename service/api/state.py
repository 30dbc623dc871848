"""What the running app holds: settings, the catalog snapshot (swapped whole on a reload),
the knowledge base, the shared stores and the compute pool."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from service.adapters.knowledge_base import KnowledgeBase
from service.adapters.messages_files import shipped_messages
from service.adapters.shared import AnswerCache, Shared
from service.api.compute import ComputePool
from service.domain.catalog.snapshot import Catalog
from service.domain.messages import Messages
from service.settings import Settings


@dataclass
class AppState:
    settings: Settings
    catalog: Catalog | None = None
    errors: list[str] = field(default_factory=list)
    reload_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last_reload_errors: list[str] = field(default_factory=list)
    knowledge: KnowledgeBase | None = None
    knowledge_error: str | None = None
    # every user-facing text (knowledge/messages/), loaded at start-up apart from the index
    messages: Messages = field(default_factory=shipped_messages)
    shared: Shared = field(default_factory=lambda: Shared(None))
    cache: AnswerCache = field(default_factory=lambda: AnswerCache(Shared(None), ttl_s=0))
    pool: ComputePool = field(default_factory=lambda: ComputePool(2, 64, 10.0))

    @property
    def fully_ready(self) -> bool:
        return self.catalog is not None and self.knowledge is not None

    @property
    def ready(self) -> bool:
        return self.catalog is not None

    def data(self) -> Catalog:
        """The catalog snapshot serving now (read it once per request: a reload swaps it)."""
        if self.catalog is None:
            raise RuntimeError("data not loaded yet")
        return self.catalog
