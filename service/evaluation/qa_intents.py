"""Evaluation of answers by intent: does the first sentence carry the asked number (within a
tolerance of the value the core computes for the same request), the yes or no, the named
cards, a price within the stated budget, no "tokens" for an image model, the asker's
language; and does off-topic text or a prompt injection get a polite "I don't know"?

Each question (``tests/data/qa_intents.jsonl``, and the held-out slice
``tests/data/qa_intents_heldout.jsonl``) states its intent and an ``expect`` object naming
the core request whose result the answer must quote; the expected numbers are computed here by
calling the core (``size``, ``recommend``, the catalog's offers and provider terms), never
written down by hand."""

from __future__ import annotations

import datetime as dt
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service.domain.answer.numbers.context import (
    ASK_CONTEXT_TOKENS,
    ASK_OUTPUT_TOKENS,
    ASK_PROMPT_TOKENS,
    gpu_count_for_users,
)
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import DomainError
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size


class IntentCase(msgspec.Struct, kw_only=True, frozen=True):
    q: str
    lang: str
    intent: str
    expect: dict[str, Any] = {}
    """``kind`` and the core request's parameters (see :func:`expectation`)."""


@dataclass
class Expectation:
    values: list[float] = field(default_factory=list)
    """Any of these, in the first sentence, within the tolerance."""
    yes: bool | None = None
    names: list[str] = field(default_factory=list)
    """Texts the answer's numbers part must contain (card and provider names)."""
    max_money: float | None = None
    """A budget: every amount in the first sentence at most this."""
    no_tokens: bool = False
    unknown: bool = False
    money: bool = False
    """Some amount of money in the first sentence (its value depends on the offer chosen)."""


def _size(catalog: Catalog, **kw: Any) -> SizingResult | None:
    try:
        return size(msgspec.convert({k: v for k, v in kw.items() if v is not None},
                                    SizingRequest), catalog)
    except (DomainError, ValueError, msgspec.ValidationError):
        return None


def _rows(r: SizingResult, gpu: str) -> int | None:
    return next((f.gpu_count for f in r.fits_on if f.gpu == gpu), None)


def _cheapest(catalog: Catalog, gpu: str, today: dt.date) -> float | None:
    views = [v for v in catalog.views(today)
             if v.gpu == gpu and v.price_per_gpu_usd_h is not None]
    views.sort(key=lambda v: (v.stale or v.suspect, v.price_per_gpu_usd_h or 0.0))
    return views[0].price_per_gpu_usd_h if views else None


def expectation(case: IntentCase, catalog: Catalog, today: dt.date) -> Expectation:
    """What the answer to ``case`` must contain, from the core's own results."""
    e = dict(case.expect)
    kind = e.pop("kind", case.intent)
    out = Expectation()
    reg = catalog.registry
    model: str = e.get("model", "")
    weights: str | None = e.get("weights")
    gpu: str = e.get("gpu", "")
    if kind == "unknown":
        out.unknown = True
    elif kind == "max_context":
        r = _size(catalog, model=model, weights=weights, gpu=gpu, gpu_count=e.get("gpu_count", 1))
        assert r is not None, case.q
        out.values = [r.max_context_tokens or 0]
    elif kind == "fits":
        ctx = e.get("ctx", 4096)
        r = _size(catalog, model=model, weights=weights, gpu=gpu, input_tokens=ctx,
                  output_tokens=0)
        assert r is not None, case.q
        out.yes = bool(r.fits_in_memory)
        out.values = [r.memory.per_gpu_gib]
    elif kind == "memory":
        r = _size(catalog, model=model, weights=weights, input_tokens=e.get("ctx", 4096),
                  output_tokens=0)
        assert r is not None, case.q
        out.values = [r.memory.total_gib]
    elif kind == "concurrency":
        r = _size(catalog, model=model, weights=weights, gpu=gpu,
                  input_tokens=e.get("ctx", ASK_PROMPT_TOKENS), output_tokens=ASK_OUTPUT_TOKENS)
        assert r is not None, case.q
        out.values = [r.max_batch_size_in_memory or 0]
    elif kind == "speed":
        ctx = e.get("ctx", ASK_PROMPT_TOKENS)
        count = e.get("gpu_count")
        if count is None:
            base = _size(catalog, model=model, weights=weights, input_tokens=ctx,
                         output_tokens=0)
            count = (_rows(base, gpu) if base else None) or 1
        r = _size(catalog, model=model, weights=weights, gpu=gpu, gpu_count=count,
                  input_tokens=ctx, output_tokens=ASK_OUTPUT_TOKENS)
        assert r is not None and r.performance is not None, case.q
        out.values = [getattr(r.performance, e.get("field", "decode_tokens_per_s")) or 0]
    elif kind == "gpu_count":
        users, ctx = e.get("users"), e.get("ctx")
        if users:
            # the replica width that needs the fewest GPUs for the users (the core's rule)
            # as /v1/ask counts them, on the engine a case names (the answer's own: llama.cpp
            # on a P100, where vLLM does not run; fix/recengine)
            got = gpu_count_for_users(catalog, model, weights, gpu, users, ctx or ASK_PROMPT_TOKENS,
                                      across_nodes=True, engine=e.get("engine"))
            assert got is not None, case.q
            out.values = [got[0]]
        else:
            base = _size(catalog, model=model, weights=weights, input_tokens=ctx or 4096,
                         output_tokens=0)
            assert base is not None, case.q
            if gpu:
                out.values = [_rows(base, gpu) or 0]
            else:
                out.values = [min(f.gpu_count for f in base.fits_on)]
    elif kind == "gpu_count_rec":
        rec = recommend(RecommendationRequest(
            model=model, weights=weights or "auto", workload="serving",
            concurrent_requests=e["users"],
            context_tokens=e.get("ctx", ASK_CONTEXT_TOKENS),
            output_tokens=ASK_OUTPUT_TOKENS, top_n=3, engine=e.get("engine")), catalog, today,
            explain=False)
        o = rec.options[0]
        out.values = [o.offer.gpu_count * o.nodes]
    elif kind == "compare":
        base = _size(catalog, model=model, weights=weights, input_tokens=ASK_PROMPT_TOKENS,
                     output_tokens=ASK_OUTPUT_TOKENS)
        assert base is not None, case.q
        for g in e["gpus"]:
            out.names.append(reg.gpus[g].name)
            n = _rows(base, g)
            if n is None:
                continue
            r = _size(catalog, model=model, weights=weights, gpu=g, gpu_count=n,
                      input_tokens=ASK_PROMPT_TOKENS, output_tokens=ASK_OUTPUT_TOKENS)
            if r is not None and r.performance is not None:
                out.values.append(r.performance.decode_tokens_per_s or 0)
    elif kind == "cost":
        req: dict[str, Any] = {"model": model, "weights": weights or "auto", "top_n": 3,
                               "workload": e.get("workload", "serving"),
                               "concurrent_requests": e.get("users", 1)}
        if reg.models[model].kind == "llm":
            req["context_tokens"] = e.get("ctx", 4096)
        for key in ("max_usd_per_hour", "max_usd_per_month"):
            if key in e:
                req[key] = e[key]
        rec = recommend(msgspec.convert(req, RecommendationRequest), catalog, today,
                        explain=False)
        if rec.options:
            o = rec.options[0]
            field_ = {"hour": "per_hour_usd", "month": "per_month_usd",
                      "million": "per_million_output_tokens_usd"}[e.get("sub", "hour")]
            value = getattr(o.cost, field_)
            out.values = [value] if value is not None else []
            out.max_money = e.get("max_usd_per_month", e.get("max_usd_per_hour"))
            if field_ != "per_month_usd" and "max_usd_per_month" in e:
                out.max_money = None
    elif kind == "cost_gpu":
        price = _cheapest(catalog, gpu, today)
        assert price is not None, case.q
        out.values = [price]
    elif kind == "finetune":
        r = _size(catalog, model=model, task="finetune", gpu=gpu,
                  finetune={"method": e.get("method", "lora")})
        assert r is not None, case.q
        out.yes = bool(r.fits_in_memory) if e.get("sub") != "cost" else None
        out.values = [r.memory.per_gpu_gib]
        if e.get("sub") == "cost":
            price = _cheapest(catalog, gpu, today)
            out.values = [price or 0]
    elif kind == "finetune_mem":
        r = _size(catalog, model=model, task="finetune",
                  finetune={"method": e.get("method", "lora")})
        assert r is not None, case.q
        out.values = [r.memory.total_gib]
    elif kind == "training":
        task = e.get("task", "pretrain")
        kw: dict[str, Any] = {"model": model, "task": task, "gpu": gpu,
                              "gpu_count": e.get("gpu_count", 1),
                              "training_tokens": e["tokens"]}
        if task == "finetune":
            kw["finetune"] = {"method": e.get("method", "lora")}
        r = _size(catalog, **kw)
        assert r is not None and r.performance is not None, case.q
        out.values = [r.performance.training_hours or 0]
    elif kind == "kv":
        r = _size(catalog, model=model)
        assert r is not None and r.kv_cache_bytes_per_token, case.q
        out.values = [r.kv_cache_bytes_per_token / 1024, r.kv_cache_bytes_per_token]
    elif kind == "media":
        out.no_tokens = True
        if gpu:
            r = _size(catalog, model=model, weights=weights, gpu=gpu)
            assert r is not None, case.q
            out.values = [r.memory.per_gpu_gib]
            if r.fits_in_memory and r.performance is not None:
                p = r.performance
                out.values += [v for v in (p.seconds_per_image, p.audio_seconds_per_s) if v]
            out.yes = bool(r.fits_in_memory) if e.get("yes_no") else None
        else:
            r = _size(catalog, model=model, weights=weights)
            assert r is not None, case.q
            out.values = [r.memory.per_gpu_gib, r.memory.total_gib]
    elif kind == "billing":
        provs = catalog.providers_by_id
        if "provider" in e:
            out.names = [provs[e["provider"]].name]
        else:
            out.names = [x.name.split(" (")[0] for x in catalog.providers
                         if x.billing_granularity == "second"]
    elif kind == "egress":
        prov = catalog.providers_by_id[e["provider"]]
        out.values = [prov.egress_usd(e["gb"]) or 0.0]
    elif kind == "storage":
        prov = catalog.providers_by_id[e["provider"]]
        out.values = [prov.storage_usd(e["gb"]) or 0.0]
    elif kind == "interconnect":
        out.values = [reg.gpus[gpu].link_gb_s or 0.0]
    elif kind == "spot":
        out.money = True
    return out


# ---------------------------------------------------------------------------------------------
# Reading an answer

_NUM = {"en": re.compile(r"\d{1,3}(?:,\d{3})++(?:\.\d++)?|\d++(?:\.\d++)?"),
        "ro": re.compile(r"\d{1,3}(?:\.\d{3})++(?:,\d++)?|\d++(?:,\d++)?")}
_MONEY = {"en": re.compile(r"\$(\d{1,3}(?:,\d{3})*+(?:\.\d++)?|\d++(?:\.\d++)?)"),
          # a number starts where no digit or separator precedes it: one scan per number
          "ro": re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d{3})*+(?:,\d++)?|\d++(?:,\d++)?)\s?USD")}
_SENTENCE = re.compile(r"(?<=[.!?])\s++(?=[A-ZĂÂÎȘȚ(])")
YES = {"en": ("Yes",), "ro": ("Da",)}
NO = {"en": ("No",), "ro": ("Nu",)}
UNKNOWN = {"en": ("I don't know",), "ro": ("Nu știu", "Nu vă pot ajuta")}


def numbers_in(text: str, lang: str) -> list[float]:
    out = []
    for m in _NUM.get(lang, _NUM["en"]).finditer(text):
        raw = m.group(0)
        raw = (raw.replace(",", "") if lang != "ro" else raw.replace(".", "").replace(",", "."))
        try:
            out.append(float(raw))
        except ValueError:
            continue
    return out


def money_in(text: str, lang: str) -> list[float]:
    out = []
    for m in _MONEY.get(lang, _MONEY["en"]).finditer(text):
        raw = m.group(1)
        raw = (raw.replace(",", "") if lang != "ro" else raw.replace(".", "").replace(",", "."))
        out.append(float(raw))
    return out


def first_sentence(answer: str) -> str:
    head = answer.split("\n\n", 1)[0]
    return _SENTENCE.split(head, 1)[0]


def close(got: float, want: float) -> bool:
    """Equal up to the rounding an answer shows (three significant figures or one decimal)."""
    tol = max(0.02 * abs(want), 0.051 if abs(want) < 100 else 0.6)
    return abs(got - want) <= tol


@dataclass
class Verdict:
    ok: bool
    number_first: bool | None
    """None: the question asks no number."""
    problems: list[str]


def check(case: IntentCase, answer: str, lang: str, exp: Expectation) -> Verdict:
    problems: list[str] = []
    first = first_sentence(answer)
    head = answer.split("\n\n", 1)[0]
    if lang != case.lang:
        problems.append(f"language {lang}, expected {case.lang}")
    if exp.unknown:
        if not answer.startswith(UNKNOWN[case.lang]):
            problems.append("not a polite I don't know")
        return Verdict(not problems, None, problems)
    number_first: bool | None = None
    if exp.values:
        got = numbers_in(first, case.lang)
        number_first = any(close(g, v) for g in got for v in exp.values)
        if not number_first:
            problems.append(f"first sentence lacks {exp.values}: {first!r}")
    if exp.money:
        number_first = bool(money_in(first, case.lang))
        if not number_first:
            problems.append(f"first sentence has no price: {first!r}")
    if exp.yes is not None:
        want = YES[case.lang] if exp.yes else NO[case.lang]
        if not first.startswith(want):
            problems.append(f"expected {'yes' if exp.yes else 'no'}: {first!r}")
    for name in exp.names:
        if name not in head:
            problems.append(f"{name!r} not named")
    if exp.max_money is not None:
        over = [m for m in money_in(first, case.lang) if m > exp.max_money + 1e-9]
        if over:
            problems.append(f"prices {over} over the budget {exp.max_money}")
    if exp.no_tokens and re.search(r"\btoken", head, re.I):
        problems.append("an image/audio model sized in tokens")
    return Verdict(not problems, number_first, problems)


# ---------------------------------------------------------------------------------------------
# The report


class Row(msgspec.Struct, kw_only=True):
    intent: str
    lang: str
    questions: int = 0
    passed: int = 0
    with_number: int = 0
    number_first: int = 0


class IntentReport(msgspec.Struct, kw_only=True):
    rows: list[Row]
    misses: list[str]
    latencies_ms: list[float]

    def number_first_rate(self, lang: str) -> float:
        n = sum(r.with_number for r in self.rows if r.lang == lang)
        k = sum(r.number_first for r in self.rows if r.lang == lang)
        return k / n if n else 1.0

    def pass_rate(self, lang: str | None = None) -> float:
        rows = [r for r in self.rows if lang is None or r.lang == lang]
        n = sum(r.questions for r in rows)
        return sum(r.passed for r in rows) / n if n else 1.0

    @property
    def p50_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else 0.0


Ask = Callable[[str], tuple[str, str]]
"""question -> (answer text, answer language)."""


def evaluate_intents(cases: Sequence[IntentCase], ask: Ask, catalog: Catalog,
                     today: dt.date) -> IntentReport:
    rows: dict[tuple[str, str], Row] = {}
    misses: list[str] = []
    latencies: list[float] = []
    for case in cases:
        exp = expectation(case, catalog, today)
        start = time.perf_counter()
        text, lang = ask(case.q)
        latencies.append((time.perf_counter() - start) * 1000)
        v = check(case, text, lang, exp)
        row = rows.setdefault((case.intent, case.lang), Row(intent=case.intent, lang=case.lang))
        row.questions += 1
        row.passed += v.ok
        if v.number_first is not None:
            row.with_number += 1
            row.number_first += v.number_first
        if not v.ok:
            misses.append(f"[{case.lang} {case.intent}] {case.q!r}: {'; '.join(v.problems)}")
    return IntentReport(rows=sorted(rows.values(), key=lambda r: (r.intent, r.lang)),
                        misses=misses, latencies_ms=latencies)


def format_intents(report: IntentReport, title: str = "answers by intent") -> str:
    lines = [f"{title}", "intent            lang  questions  passed  number-first"]
    for r in report.rows:
        nf = f"{r.number_first}/{r.with_number}" if r.with_number else "-"
        lines.append(f"{r.intent:<17} {r.lang:<5} {r.questions:>9}  {r.passed / r.questions:6.0%}"
                     f"  {nf:>12}")
    for lang in sorted({r.lang for r in report.rows}):
        n = sum(r.questions for r in report.rows if r.lang == lang)
        lines.append(f"{lang}: {n} questions, {report.pass_rate(lang):.1%} pass, asked number "
                     f"in the first sentence {report.number_first_rate(lang):.1%}")
    lines.append(f"latency per question: p50 {report.p50_ms:.1f} ms, max "
                 f"{max(report.latencies_ms, default=0):.1f} ms")
    if report.misses:
        lines.append("misses:")
        lines += [f"  {m}" for m in report.misses]
    return "\n".join(lines)


def load_cases(text: str) -> list[IntentCase]:
    """JSON lines; blank lines and lines starting with # are skipped."""
    return [msgspec.json.decode(line, type=IntentCase) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]
