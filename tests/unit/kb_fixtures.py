"""Shared by the /v1/ask tests that run the real knowledge base (embedding retrieval and
language detection as shipped), unlike ask_fixtures' fake retriever: the shipped catalog, the
knowledge index, one ``ask`` and the answer's first paragraph, on this session's date."""

from __future__ import annotations

import datetime as dt
from functools import cache

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import KnowledgeBase, load_knowledge
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.catalog.snapshot import Catalog
from service.settings import Settings

TODAY = dt.date(2026, 12, 7)


@cache
def catalog() -> Catalog:
    s = Settings.from_env()
    return load_catalog(s.catalog_dir, s.stale_after_days)


@cache
def kb() -> KnowledgeBase:
    s = Settings.from_env()
    return load_knowledge(s.knowledge_dir, s.index_dir, s.embedding_model)


def ask(q: str) -> AskResponse:
    return answer(AskRequest(question=q), kb(), catalog(), TODAY)


def head(r: AskResponse) -> str:
    """The answer's numbers, before the guidance, with its no-break spaces as spaces."""
    return r.answer.split("\n\n")[0].replace("\xa0", " ")
