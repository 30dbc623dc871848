"""Evaluation of retrieval and entity extraction on a labelled question set."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from service.domain.base import Out


class EvalQuestion(msgspec.Struct, kw_only=True, frozen=True):
    q: str
    lang: str
    expected: list[str]
    entities: dict[str, Any] = {}


class LangScores(Out, frozen=True, kw_only=True):
    lang: str
    questions: int
    recall_at_1: float
    recall_at_3: float
    mrr: float


class EvalReport(Out, frozen=True, kw_only=True):
    by_lang: list[LangScores]
    entities_total: int
    entities_right: int
    misses: list[str]

    @property
    def entity_accuracy(self) -> float:
        return self.entities_right / self.entities_total if self.entities_total else 1.0


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        try:
            return abs(float(a) - float(b)) < 1e-6
        except (TypeError, ValueError):
            return False
    return bool(a == b)


def evaluate(questions: Sequence[EvalQuestion], rank: Callable[[str, str], list[str]],
             entities: Callable[[str], dict[str, Any]]) -> EvalReport:
    per: dict[str, list[float]] = {}
    misses: list[str] = []
    right = total = 0
    for q in questions:
        ids = rank(q.q, q.lang)
        r1 = 1.0 if ids[:1] and ids[0] in q.expected else 0.0
        r3 = 1.0 if any(i in q.expected for i in ids[:3]) else 0.0
        rr = next((1.0 / (i + 1) for i, x in enumerate(ids) if x in q.expected), 0.0)
        acc = per.setdefault(q.lang, [0.0, 0.0, 0.0, 0.0])
        acc[0] += 1
        acc[1] += r1
        acc[2] += r3
        acc[3] += rr
        if not r3:
            misses.append(f"[{q.lang}] {q.q!r}: expected {q.expected}, got {ids[:3]}")
        got = entities(q.q)
        for key, want in q.entities.items():
            total += 1
            if _same(got.get(key), want):
                right += 1
            else:
                misses.append(f"[{q.lang}] {q.q!r}: entity {key} = {got.get(key)!r}, "
                              f"expected {want!r}")
    scores = [LangScores(lang=lang, questions=int(v[0]), recall_at_1=v[1] / v[0],
                         recall_at_3=v[2] / v[0], mrr=v[3] / v[0])
              for lang, v in sorted(per.items())]
    return EvalReport(by_lang=scores, entities_total=total, entities_right=right,
                      misses=misses)


def format_eval(report: EvalReport) -> str:
    lines = ["lang  questions  recall@1  recall@3   MRR"]
    for s in report.by_lang:
        lines.append(f"{s.lang:<5} {s.questions:>9}  {s.recall_at_1:8.3f}  {s.recall_at_3:8.3f}  "
                     f"{s.mrr:5.3f}")
    lines.append(f"entities: {report.entities_right}/{report.entities_total} right "
                 f"({report.entity_accuracy:.1%})")
    if report.misses:
        lines.append("misses:")
        lines += [f"  {m}" for m in report.misses]
    return "\n".join(lines)
