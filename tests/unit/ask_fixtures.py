"""Shared by the /v1/ask audit tests (test_ask_audit*.py): the shipped catalog and knowledge
with a fake retriever (no embedding model: these tests are about the numbers, which come from
the catalog through ``size()`` and ``recommend()``), and small readers of an answer."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_files import load_passages
from service.adapters.messages_files import shipped_messages
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.answer.knowledge import Passage, ScoredId
from service.domain.catalog.snapshot import Catalog
from service.domain.messages import Messages
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 3)


@dataclass
class _Found:
    fused: list[ScoredId] = field(default_factory=list)
    dense_top: float = 0.9
    bm25_top: float = 10.0


class _Retriever:
    """Finds nothing in particular, confidently: the answer's numbers decide."""

    def search(self, question: str, lang: str, k: int = 20) -> _Found:
        return _Found()


@dataclass
class _Knowledge:
    retriever: _Retriever
    passages: Mapping[tuple[str, str], Passage]
    messages: Messages


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


@functools.cache
def knowledge() -> _Knowledge:
    passages, problems = load_passages(default_data_dir("knowledge"))
    assert not problems
    return _Knowledge(_Retriever(), {(p.id, p.lang): p for p in passages}, shipped_messages())


def ask(question: str) -> AskResponse:
    return answer(AskRequest(question=question), knowledge(), catalog(), TODAY)


def head(r: AskResponse) -> str:
    """The answer's first paragraph (the numbers, before the guidance quote)."""
    return r.answer.split("\n\n")[0]


def first_sentence(r: AskResponse) -> str:
    return re.split(r"(?<=[.?!])\s+(?=[A-ZĂÂÎȘȚ(])", head(r))[0]


def asked(r: AskResponse) -> tuple[str, float, str]:
    assert r.numbers is not None and r.numbers.asked is not None, r.answer
    a = r.numbers.asked
    return a.quantity, a.value, a.unit


def machine_price(gpu: str, count: int = 1) -> float:
    """The cheapest trusted on-demand price of one machine of exactly ``count`` x ``gpu``."""
    return min(v.on_demand_usd_h for v in catalog().views(TODAY)
               if v.gpu == gpu and v.gpu_count == count and not v.stale and not v.suspect
               and v.on_demand_usd_h is not None)


def gpus_price(gpu: str, count: int) -> float:
    """The cheapest trusted on-demand $/h of ``count`` x ``gpu`` asked with no model, as
    /v1/ask prices them (``prices._plain_basis``, audit nodeprice): one machine that holds
    them, rented whole, or smaller machines that make the count up exactly, whichever costs
    less in all."""
    return min(v.on_demand_usd_h * -(-count // v.gpu_count) for v in catalog().views(TODAY)
               if v.gpu == gpu and not v.stale and not v.suspect
               and v.on_demand_usd_h is not None
               and (v.gpu_count >= count or count % v.gpu_count == 0))
