"""Golden answers: recorded requests across sizing, recommendations, questions, offers and the
Slack renderers, with the exact bytes each answer had when recorded. A restructuring that
changes no behaviour reproduces every one byte for byte (``test_golden.py``); a change that
does change answers re-records them on purpose (``python -m tests.golden.record``) and the
diff shows what changed.

Everything an answer depends on is pinned: the shipped catalog and knowledge passages, the
day (``TODAY``), the staleness limit, and a deterministic retriever (word overlap; the real
embedding model is exercised by the integration tests, not here).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_files import load_passages
from service.adapters.messages_files import read_messages
from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.compose import AskRequest, answer
from service.domain.answer.knowledge import Passage, ScoredId
from service.domain.catalog.offer_query import OfferFilter, query, view
from service.domain.catalog.regions import parse_region_filter
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.messages import Messages
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

ANSWERS = Path(__file__).with_name("answers.json")
TODAY = dt.date(2026, 12, 1)
STALE_DAYS = 90
_WORD = re.compile(r"[a-z0-9ăâîșț]+")


@dataclass(frozen=True)
class _Found:
    fused: list[ScoredId]
    dense_top: float
    bm25_top: float


class OverlapRetriever:
    """Passages ranked by the words they share with the question (title words count
    double); ties by id. Deterministic and model-free."""

    def __init__(self, passages: dict[tuple[str, str], Passage]) -> None:
        self._words = {key: (set(_WORD.findall(p.title.lower())),
                             set(_WORD.findall(p.text.lower())))
                       for key, p in passages.items()}

    def search(self, question: str, lang: str, k: int = 20) -> _Found:
        words = set(_WORD.findall(question.lower()))
        scored = sorted(((2 * len(words & title) + len(words & text), pid)
                         for (pid, plang), (title, text) in self._words.items()
                         if plang == lang), key=lambda s: (-s[0], s[1]))[:k]
        top = scored[0][0] if scored else 0
        return _Found([ScoredId(pid, float(score)) for score, pid in scored],
                      dense_top=min(1.0, top / 10), bm25_top=float(top))


@dataclass(frozen=True)
class Data:
    catalog: Catalog
    passages: dict[tuple[str, str], Passage]
    retriever: OverlapRetriever
    messages: Messages


@cache
def data() -> Data:
    catalog = load_catalog(default_data_dir("catalog"), STALE_DAYS)
    found, problems = load_passages(default_data_dir("knowledge"))
    assert not problems, problems
    passages = {(p.id, p.lang): p for p in found}
    return Data(catalog, passages, OverlapRetriever(passages),
                read_messages(default_data_dir("knowledge")))


def compute(kind: str, request: Any) -> bytes:
    """The answer to one recorded request, encoded as the API encodes it."""
    d = data()
    catalog = d.catalog
    if kind == "sizing":
        return msgspec.json.encode(size(msgspec.convert(request, SizingRequest), catalog))
    if kind == "recommend":
        req = msgspec.convert(request, RecommendationRequest)
        try:
            return msgspec.json.encode(recommend(req, catalog, TODAY))
        except InvalidInput as e:  # a 400 is an answer too (its field and its words)
            return msgspec.json.encode({"status": 400, "path": e.path, "detail": e.message})
    if kind == "ask":
        return msgspec.json.encode(answer(msgspec.convert(request, AskRequest), d, catalog,
                                          TODAY))
    if kind == "offers":
        views = [view(o, catalog.registry.gpus[o.gpu], TODAY, STALE_DAYS, catalog.places(o))
                 for o in catalog.offers]
        f = msgspec.convert(request.get("filter", {}), OfferFilter)
        regions = (parse_region_filter([f.region], catalog.regions, "region")
                   if f.region is not None else None)
        total, page = query(views, f, request.get("sort", "price"), 0,
                            request.get("limit", 20), regions)
        return msgspec.json.encode({"total": total, "offers": page})
    if kind == "slack":
        bot = BotData(catalog=catalog, today=TODAY, knowledge=d,
                      public_url="https://gpu.example.com", messages=d.messages)
        return msgspec.json.encode(run_command(parse_command(request["text"], d.messages.words),
                                               bot))
    raise ValueError(f"unknown kind {kind!r}")


def load_recorded() -> dict[str, dict[str, Any]]:
    recorded: dict[str, dict[str, Any]] = json.loads(ANSWERS.read_text())
    return recorded
