"""Guidance passages and the pure parts of retrieval: rank fusion and confidence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

import msgspec

from service.domain.base import Strict

Lang = Literal["en", "ro"]
TOPICS = ("fundamentals", "inference", "serving", "quantization", "architecture", "finetuning",
          "pretraining", "parallelism", "pricing", "billing", "spot", "storage-egress",
          "diffusion", "audio-video", "engines", "networking", "faq")


class Passage(Strict, frozen=True, kw_only=True):
    id: str
    lang: Lang
    title: str
    topic: str
    tags: list[str]
    text: str = ""

    def __post_init__(self) -> None:
        if self.topic not in TOPICS:
            raise ValueError(f"topic {self.topic!r} is not one of {', '.join(TOPICS)}")
        if not self.title.strip():
            raise ValueError("title is empty")


@runtime_checkable
class LanguageSignals(Protocol):
    """What a retrieval result says beyond its fused ranking, for confidence per language:
    the best cosine among the question's language's passages and among the English ones, and
    the share of the question's words that its language's passages use."""

    @property
    def bm25_top(self) -> float: ...

    @property
    def dense_top_own(self) -> float: ...

    @property
    def dense_top_en(self) -> float: ...

    @property
    def known_share(self) -> float: ...


class ScoredId(msgspec.Struct, frozen=True):
    id: str
    score: float


def rrf(rankings: Sequence[Sequence[str]], k: int = 60,
        weights: Sequence[float] | None = None,
        strengths: Sequence[Sequence[float] | None] | None = None) -> list[ScoredId]:
    """Reciprocal rank fusion: sum of weight / (k + rank) over the rankings an id is in,
    each term times the id's strength in that ranking where one is given (its score over
    the ranking's best, 0..1: a lexical match far behind the first counts for less than its
    rank alone says)."""
    scores: dict[str, float] = {}
    for i, ranking in enumerate(rankings):
        w = weights[i] if weights else 1.0
        strength = strengths[i] if strengths else None
        seen: set[str] = set()
        for rank, pid in enumerate(ranking, start=1):
            if pid in seen:
                continue
            seen.add(pid)
            s = strength[rank - 1] if strength is not None else 1.0
            scores[pid] = scores.get(pid, 0.0) + w * s / (k + rank)
    return sorted((ScoredId(pid, s) for pid, s in scores.items()),
                  key=lambda x: (-x.score, x.id))
