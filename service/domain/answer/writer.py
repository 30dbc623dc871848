"""The numbers an answer leads with, per intent: each computed by the core (``size`` and
``recommend``, the same values ``/v1/sizing`` and ``/v1/recommendations`` return, or the
catalog's offers and provider terms), written in the question's language with its number
formats. The first sentence answers what was asked (with yes or no where asked); the
supporting sentences and the warnings the core produced follow."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.answer.intent import Details
from service.domain.answer.understand import Extracted
from service.domain.base import Out
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import price_date_words
from service.domain.errors import DomainError
from service.domain.locale import Formatter
from service.domain.messages import Messages
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size


class SizingNumbers(Out, frozen=True, kw_only=True):
    model: str
    model_name: str
    weights: str
    context_tokens: int
    total_gib: float
    weights_gib: float
    kv_cache_gib: float | None
    fits_on: list[str]


class OfferNumbers(Out, frozen=True, kw_only=True):
    offer_id: str
    provider: str
    gpu: str
    gpu_count: int
    nodes: int
    weights: str
    pricing_model: str
    per_hour_usd: float
    per_month_usd: float | None
    as_of: str
    as_of_kind: str
    """``published``, ``retrieved`` or ``assumed`` (unknown: ``as_of`` is an upper bound)."""
    price_date: str
    """The date in words in the answer's language."""
    why: str


class AskedNumber(Out, frozen=True, kw_only=True):
    """The number the first sentence answers with, unformatted."""

    quantity: str
    """e.g. ``max_context_tokens``, ``decode_tokens_per_s``, ``gpu_count``, ``per_hour_usd``."""
    value: float
    unit: str
    yes: bool | None = None
    """The yes or no of a yes/no question."""


class Numbers(Out, frozen=True, kw_only=True):
    sizing: SizingNumbers | None
    recommendations: list[OfferNumbers]
    asked: AskedNumber | None = None


@dataclass
class Written:
    first: str | None = None
    more: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    sizing: SizingNumbers | None = None
    offers: list[OfferNumbers] = field(default_factory=list)
    asked: AskedNumber | None = None
    follow_up: str | None = None
    computed: bool = False


# Representative cards for a memory size stated without a GPU ("a 24 GB card").
_CARDS_BY_GB = ("rtx-4090", "l40s", "h100-sxm", "a100-sxm-40gb", "rtx-5090", "rtx-3060",
                "h200-sxm", "b200", "rtx-4060-ti-16gb", "rtx-4070", "a10", "l4", "t4",
                "rtx-3080", "mi300x", "h100-nvl", "rtx-a6000", "v100-sxm2-32gb")


class _W:
    """One question's writing context."""

    def __init__(self, ex: Extracted, det: Details, sub: str | None, lang: str,
                 catalog: Catalog, today: dt.date, messages: Messages,
                 model_id: str | None) -> None:
        self.ex, self.det, self.sub, self.lang = ex, det, sub, lang
        self.catalog, self.today, self.messages = catalog, today, messages
        self.reg = catalog.registry
        self.t: Mapping[str, str] = messages.section(lang, "answer")
        self.kinds = messages.section(lang, "pricing")
        self.f: Formatter = messages.formatter(lang)
        self.model_id = model_id
        self.model = self.reg.models[model_id] if model_id else None
        self.out = Written()
        self.weights = ex.weights or ("int4" if ex.quantized else None)

    # -- formatting ---------------------------------------------------------------------------

    def n(self, v: float, d: int = 0) -> str:
        return self.f.number(v, d)

    def rate(self, v: float) -> str:
        """A speed: one decimal below 100 (17.4 tokens/s), none above."""
        return self.f.number(v, 1 if abs(v) < 100 else 0)

    def hours(self, v: float) -> str:
        """A duration in hours: whole hours as they are, half an hour as 0.5."""
        return self.f.number(v, 0 if float(v).is_integer() else 1)

    def gib(self, v: float) -> str:
        return self.f.number(v, 1)

    def usd(self, v: float) -> str:
        return self.f.money(v, 2 if abs(v) < 1000 else 0)

    def say(self, key: str, **kw: object) -> str:
        return self.t[key].format(**kw)

    def gpu_name(self, gid: str) -> str:
        return self.reg.gpus[gid].name

    def setup(self, n: int, gid: str) -> str:
        return self.say("setup", n=n, gpu=self.gpu_name(gid))

    # -- the core -----------------------------------------------------------------------------

    def size(self, **kw: Any) -> SizingResult | None:
        req = {"model": self.model_id, **{k: v for k, v in kw.items() if v is not None}}
        if self.weights and "weights" not in kw:
            req["weights"] = self.weights
        try:
            return size(msgspec.convert(req, SizingRequest), self.catalog)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None

    def card(self) -> tuple[str | None, str | None]:
        """(gpu id, how the setup is named): the GPU named, else a card of the memory
        stated."""
        if self.ex.gpu:
            return self.ex.gpu, None
        if self.det.memory_gib:
            gid = card_for_memory(self.catalog, self.det.memory_gib)
            if gid:
                return gid, self.say("mem_card", gb=self.n(self.det.memory_gib),
                                     gpu=self.gpu_name(gid))
        return None, None

    def offers_for(self, gid: str) -> list[OfferView]:
        """The offers for ``gid`` with a price, trusted and fresh ones first, cheapest per
        GPU-hour first."""
        views = [v for v in self.catalog.views(self.today)
                 if v.gpu == gid and v.price_per_gpu_usd_h is not None]
        if self.det.provider:
            views = [v for v in views if v.provider == self.det.provider] or views
        return sorted(views, key=lambda v: (v.stale or v.suspect, v.price_per_gpu_usd_h or 0.0))

    def view_date(self, v: OfferView) -> str:
        """An offer's price date in words, in the answer's language (the view's own words
        are English)."""
        return price_date_words(v.as_of, v.as_of_kind, self.t)

    def price_warnings(self, offer_id: str, as_of: str, kind: str, stale: bool,
                       age_days: int | None) -> None:
        if stale and age_days is not None:
            self.warn(self.say("warn_stale", offer=offer_id, days=self.n(age_days)))
        if kind == "assumed":
            self.warn(self.say("warn_assumed", offer=offer_id, date=as_of))

    def warn(self, text: str) -> None:
        if text not in self.out.warnings:
            self.out.warnings.append(text)

    def core_warn(self, text: str) -> None:
        """A warning of sizing or recommendations (English), in the answer's language."""
        self.warn(localise(text, self.t, self.f, self.kinds))

    def sized_warnings(self, r: SizingResult, ctx: int | None = None) -> None:
        for w in r.warnings:
            self.core_warn(w)
        limit = self.max_ctx()
        if ctx and limit and ctx > limit and self.model is not None:
            self.warn(self.say("warn_context", model=self.model.name, limit=self.n(limit),
                               ctx=self.n(ctx)))
        if r.fits and r.gpu is not None and r.memory.per_gpu_gib > 0.9 * r.gpu.usable_gib:
            free = max(0.0, 1 - r.memory.per_gpu_gib / r.gpu.usable_gib)
            self.warn(self.say("warn_headroom", used=self.gib(r.memory.per_gpu_gib),
                               cap=self.gib(r.gpu.usable_gib), pct=self.f.percent(free, 0)))

    def max_ctx(self) -> int | None:
        m = self.model
        if m is None or m.architecture is None:
            return None
        return m.architecture.max_context

    def record(self, r: SizingResult, ctx: int) -> None:
        fits = [f"{f.gpu_count} × {f.gpu_name}" for f in
                sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:3]]
        mem = r.memory
        self.out.sizing = SizingNumbers(
            model=r.model.id, model_name=r.model.name, weights=r.weights, context_tokens=ctx,
            total_gib=round(mem.total_gib, 2), weights_gib=round(mem.weights_gib, 2),
            kv_cache_gib=None if mem.kv_cache_gib is None else round(mem.kv_cache_gib, 2),
            fits_on=fits)
        self.out.computed = True

    def fits_text(self, r: SizingResult, k: int = 3) -> str:
        rows = sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:k]
        return ", ".join(self.setup(f.gpu_count, f.gpu) for f in rows)

    def ask(self, quantity: str, value: float, unit: str, yes: bool | None = None) -> None:
        self.out.asked = AskedNumber(quantity=quantity, value=value, unit=unit, yes=yes)
        self.out.computed = True

    def recommend(self, **kw: Any) -> Recommendation | None:
        assert self.model_id is not None
        req: dict[str, Any] = {"model": self.model_id, "weights": self.weights or "auto",
                               "top_n": 3}
        if self.ex.budget_usd_per_hour:
            req["max_usd_per_hour"] = self.ex.budget_usd_per_hour
        if self.ex.budget_usd_per_month:
            req["max_usd_per_month"] = self.ex.budget_usd_per_month
        if self.det.provider:
            req["providers"] = [self.det.provider]
        if self.det.region:
            req["regions"] = [self.det.region]
        req.update({k: v for k, v in kw.items() if v is not None})
        try:
            return recommend(msgspec.convert(req, RecommendationRequest), self.catalog,
                             self.today, explain=False)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None

    def offer_numbers(self, rec: Recommendation) -> None:
        for o in rec.options:
            self.out.offers.append(OfferNumbers(
                offer_id=o.offer.id, provider=o.offer.provider, gpu=o.offer.gpu_name,
                gpu_count=o.offer.gpu_count, nodes=o.nodes, weights=o.weights,
                pricing_model=o.pricing_model, per_hour_usd=o.cost.per_hour_usd,
                per_month_usd=o.cost.per_month_usd, as_of=o.offer.as_of,
                as_of_kind=o.offer.as_of_kind,
                price_date=price_date_words(o.offer.as_of, o.offer.as_of_kind, self.t),
                why=o.why))

    def option_warnings(self, o: Option) -> None:
        for w in o.warnings:
            self.core_warn(w)
        if o.offer.stale:
            age = (self.today - dt.date.fromisoformat(o.offer.as_of)).days
            self.warn(self.say("warn_stale", offer=o.offer.id, days=self.n(age)))
        elif o.offer.as_of_kind == "assumed" and not any(
                x.startswith("price date ") for x in o.warnings):  # the core's, in English
            self.warn(self.say("warn_assumed", offer=o.offer.id, date=o.offer.as_of))


_EXAMPLE_GPU = "h100-sxm"
"""The card a spot-or-on-demand question that names no GPU and no model is priced on."""


def card_for_memory(catalog: Catalog, gb: float) -> str | None:
    """A representative GPU with ``gb`` GB of memory (the one most rented first)."""
    gpus = catalog.registry.gpus
    for gid in _CARDS_BY_GB:
        g = gpus.get(gid)
        if g is not None and round(g.memory_gb) == round(gb):
            return gid
    same = [g for g in gpus.values() if round(g.memory_gb) == round(gb)]
    if same:
        return sorted(same, key=lambda g: g.id)[0].id
    return None


# ---------------------------------------------------------------------------------------------
# Intents


def _ctx(w: _W, default: int = 4096) -> int:
    return w.ex.context_tokens or default


def _answered_as_media(w: _W) -> bool:
    """An image, video or audio model is answered in its own units, never tokens of context:
    done here (True), or the model is an LLM (False)."""
    if w.model is not None and w.model.kind != "llm":
        _media(w)
        return True
    return False


def _memory(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None:
        return
    w.record(r, ctx)
    mem = r.memory
    kv = w.say("kv", kv=w.gib(mem.kv_cache_gib)) if mem.kv_cache_gib else ""
    w.out.first = w.say("memory", model=w.model.name, weights=r.weights, ctx=w.n(ctx),
                        total=w.gib(mem.total_gib), w=w.gib(mem.weights_gib), kv=kv)
    w.ask("total_gib", mem.total_gib, "GiB")
    w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on else w.t["nofit"])
    w.sized_warnings(r, ctx)


def _fits(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if gid is None:
        _memory(w)
        return
    ctx = _ctx(w)
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None:
        _memory(w)
        return
    w.record(r, ctx)
    setup = named or w.setup(count, gid)
    key = "fits_yes" if r.fits else "fits_no"
    w.out.first = w.say(key, model=w.model.name, weights=r.weights, setup=setup,
                        need=w.gib(r.memory.per_gpu_gib), cap=w.gib(r.gpu.usable_gib),
                        ctx=w.n(ctx))
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=bool(r.fits))
    if not r.fits and r.fits_on:
        w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)


def _max_context(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if gid is None:
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    w.record(r, r.max_context_tokens or 0)
    if not r.max_context_tokens:
        w.out.first = w.say("max_context_none", model=w.model.name, weights=r.weights,
                            setup=setup, need=w.gib(r.memory.per_gpu_gib),
                            cap=w.gib(r.gpu.usable_gib))
        w.ask("max_context_tokens", 0, "tokens", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    else:
        limit = w.max_ctx()
        note = (w.say("ctx_limit_note", limit=w.n(limit))
                if limit and limit < r.max_context_tokens * 4 else "")
        w.out.first = w.say("max_context", model=w.model.name, weights=r.weights, setup=setup,
                            n=w.n(r.max_context_tokens), limit=note)
        w.ask("max_context_tokens", r.max_context_tokens, "tokens")
        if r.kv_cache_bytes_per_token:
            kv = r.kv_cache_bytes_per_token
            w.out.more.append(w.say(
                "kv_cache", model=w.model.name, kib=w.n(kv / 1024, 1 if kv < 10240 else 0),
                bytes=w.n(kv), kv=r.kv_cache or r.weights, ctx=w.n(r.max_context_tokens),
                gib=w.gib(kv * r.max_context_tokens / 2**30)))
    for x in r.warnings:
        w.core_warn(x)


def _max_concurrency(w: _W) -> None:
    if w.model is None or w.model.kind != "llm":
        _fallback(w)
        return
    gid, named = w.card()
    if gid is None:
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    inp = w.ex.context_tokens or 2048
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
    if r is None or r.gpu is None:
        return
    w.record(r, inp)
    setup = named or w.setup(count, gid)
    if not r.max_batch_size:
        w.out.first = w.say("fits_no", model=w.model.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(r.gpu.usable_gib),
                            ctx=w.n(inp + 512))
        w.ask("max_batch_size", 0, "requests", yes=False)
        return
    w.out.first = w.say("max_concurrency", setup=setup, model=w.model.name, weights=r.weights,
                        n=w.n(r.max_batch_size), ctx=w.n(inp + 512), inp=w.n(inp),
                        out=w.n(512))
    w.ask("max_batch_size", r.max_batch_size, "requests")
    p = r.performance
    if p is not None and p.max_concurrency and p.max_throughput_tokens_per_s:
        w.out.more.append(w.say("concurrency_more", n=w.n(p.max_concurrency),
                                thr=w.n(p.max_throughput_tokens_per_s)))
    w.sized_warnings(r, inp + 512)


def _speed(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    inp = w.ex.context_tokens or 2048
    if gid is None:
        base = w.size(input_tokens=inp, output_tokens=512)
        rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)) if base \
            else []
        row = next((f for f in rows if f.decode_tokens_per_s), None)
        if base is None or row is None or row.decode_tokens_per_s is None:
            w.out.follow_up = w.t["need_gpu"]
            return
        w.record(base, inp)
        w.out.first = w.say("speed_nogpu", setup=w.setup(row.gpu_count, row.gpu),
                            model=w.model.name, weights=base.weights,
                            tps=w.rate(row.decode_tokens_per_s))
        w.ask("decode_tokens_per_s", row.decode_tokens_per_s, "tokens/s")
        w.out.follow_up = w.t["need_gpu"]
        return
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512,
               batch_size=w.ex.concurrent_requests)
    if r is not None and not r.fits and not w.ex.gpu_count:
        # not on one: the fewest of that GPU that hold it (the sizing's fits_on row)
        count = _min_count(w, gid, inp) or 1
        if count > 1:
            r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512,
                       batch_size=w.ex.concurrent_requests)
    if r is None or r.gpu is None:
        return
    w.record(r, inp)
    setup = named or w.setup(count, gid)
    p = r.performance
    if r.fits and p is not None and p.embedded_tokens_per_s:
        # an embedding model generates nothing: its speed is inputs embedded per second
        w.out.first = w.say("speed_embed", model=w.model.name, weights=r.weights, setup=setup,
                            eps=w.rate(p.embeddings_per_s or 0.0), inp=w.n(inp),
                            tps=w.rate(p.embedded_tokens_per_s))
        w.ask("embedded_tokens_per_s", p.embedded_tokens_per_s, "tokens/s")
        w.sized_warnings(r, inp)
        return
    if not r.fits or p is None or p.decode_tokens_per_s is None:
        w.out.first = w.say("fits_no", model=w.model.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(r.gpu.usable_gib),
                            ctx=w.n(inp + 512))
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
        return
    tps = p.decode_tokens_per_s
    ttft = p.time_to_first_token_ms or 0.0
    thr = p.max_throughput_tokens_per_s or tps
    common = {"model": w.model.name, "weights": r.weights, "setup": setup}
    if w.sub == "ttft":
        w.out.first = w.say("speed_ttft", ttft=w.n(ttft), inp=w.n(inp), **common)
        w.ask("time_to_first_token_ms", ttft, "ms")
    elif w.sub == "throughput":
        w.out.first = w.say("speed_throughput", thr=w.rate(thr),
                            conc=w.n(p.max_concurrency or 1), **common)
        w.ask("max_throughput_tokens_per_s", thr, "tokens/s")
    else:
        w.out.first = w.say("speed_tps", tps=w.rate(tps), inp=w.n(inp), out=w.n(512), **common)
        w.ask("decode_tokens_per_s", tps, "tokens/s")
    w.out.more.append(w.say("speed_more", tps=w.rate(tps),
                            tpot=w.n(p.time_per_output_token_ms or 1000 / tps, 1),
                            ttft=w.n(ttft), thr=w.n(thr)))
    w.sized_warnings(r, inp + 512)


def _min_count(w: _W, gid: str, ctx: int) -> int | None:
    """The fewest ``gid`` that hold the model (the sizing's fits_on row), or None."""
    base = w.size(input_tokens=ctx, output_tokens=0)
    if base is None:
        return None
    for row in base.fits_on:
        if row.gpu == gid:
            return row.gpu_count
    return None


def gpu_count_for_users(catalog: Catalog, model: str, weights: str | None, gpu: str,
                        users: int, ctx: int) -> tuple[int, int, int, int] | None:
    """(total GPUs, replicas, GPUs per replica, requests per replica) for ``users``
    concurrent requests of ``ctx`` input + 512 output tokens on ``gpu``: of the replica widths
    from the fewest GPUs that hold the model up to 8 (doubling), the one that needs the fewest
    GPUs in all, each replica carrying as many requests as its KV cache holds (at most the
    engine's max_num_seqs); among equals the narrower (more replicas). A 70B model in FP8 on
    H100s for 300 users: one GPU holds the weights but only 3 requests, so 100 of them; two
    GPUs per replica hold about 50 each, four about 160: 8 GPUs. None when no node of that GPU
    holds it."""
    def sz(**kw: Any) -> SizingResult | None:
        req = {"model": model, **({"weights": weights} if weights else {}), **kw}
        try:
            return size(msgspec.convert(req, SizingRequest), catalog)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None
    base = sz(input_tokens=ctx, output_tokens=512)
    if base is None:
        return None
    first = next((f.gpu_count for f in base.fits_on if f.gpu == gpu), None)
    if first is None:
        return None
    best: tuple[int, int, int, int] | None = None
    per = first
    while per <= max(first, 8):
        r = sz(gpu=gpu, gpu_count=per, input_tokens=ctx, output_tokens=512)
        if r is not None and r.max_batch_size:
            # one replica of ``per`` GPUs: the sizing's replicas split its batch, so its
            # batch is the whole setup's; the engine runs at most max_num_seqs per replica
            replicas_in = r.layout.data if r.layout is not None else 1
            width = per // max(1, replicas_in)
            batch = r.max_batch_size // max(1, replicas_in)
            cap = r.performance.max_concurrency if r.performance is not None else None
            if cap:
                batch = min(batch, cap // max(1, replicas_in))
            if batch >= 1:
                replicas = math.ceil(users / batch)
                got = (replicas * width, replicas, width, batch)
                if best is None or got[0] < best[0]:
                    best = got
        per *= 2
    return best


def _gpu_count(w: _W) -> None:
    if w.model is None:
        return
    gid, _ = w.card()
    users = w.ex.concurrent_requests
    if users and users > 1 and w.model.kind == "llm":
        ctx = w.ex.context_tokens or 2048
        if gid is not None:
            got = gpu_count_for_users(w.catalog, w.model.id, w.weights, gid, users, ctx)
            r = w.size(input_tokens=ctx, output_tokens=512)
            if got is not None and r is not None:
                n, replicas, per, batch = got
                w.record(r, ctx)
                w.out.first = w.say("gpu_count_users", users=w.n(users), model=w.model.name,
                                    weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                                    replicas=w.n(replicas), per_replica=w.n(per),
                                    batch=w.n(batch), ctx=w.n(ctx + 512))
                w.ask("gpu_count", n, "GPUs")
                return
        rec = w.recommend(workload="serving", concurrent_requests=users,
                          context_tokens=max(ctx, 1024), output_tokens=512)
        if rec is not None and rec.options:
            o = rec.options[0]
            w.offer_numbers(rec)
            n = o.offer.gpu_count * o.nodes
            w.out.first = w.say("gpu_count_rec", users=w.n(users), model=w.model.name,
                                weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                                provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd))
            w.ask("gpu_count", n, "GPUs")
            w.out.more.append(w.say("price_date", date=price_date_words(
                o.offer.as_of, o.offer.as_of_kind, w.t)))
            w.option_warnings(o)
            return
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None:
        return
    w.record(r, ctx)
    if gid is not None:
        row = next((f for f in r.fits_on if f.gpu == gid), None)
        if row is None:
            w.out.first = w.say("gpu_count_none", gpu=w.gpu_name(gid), model=w.model.name,
                                weights=r.weights, total=w.gib(r.memory.total_gib))
            w.ask("gpu_count", 0, "GPUs", yes=False)
            if r.fits_on:
                w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
            return
        w.out.first = w.say("gpu_count", model=w.model.name, weights=r.weights,
                            n=w.n(row.gpu_count), gpu=w.gpu_name(gid),
                            per=w.gib(row.per_gpu_gib), ctx=w.n(ctx))
        w.ask("gpu_count", row.gpu_count, "GPUs")
    elif r.fits_on:
        least = min(f.gpu_count for f in r.fits_on)
        w.out.first = w.say("gpu_count_any", model=w.model.name, weights=r.weights,
                            n=w.n(least), fits=w.fits_text(r, 4))
        w.ask("gpu_count", least, "GPUs")
    w.sized_warnings(r, ctx)


def _compare(w: _W) -> None:
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if w.model is None or w.model.kind != "llm":
        rows = []
        for gid in gids:
            g = w.reg.gpus[gid]
            offers = w.offers_for(gid)
            price_text = (w.say("compare_price",
                                price=w.usd(offers[0].price_per_gpu_usd_h or 0))
                          if offers else "")
            rows.append(w.say("compare_gpu_row", gpu=g.name, mem=w.n(g.memory_gb),
                              bw=w.n(g.bandwidth_gb_s), price=price_text))
        if rows:
            w.out.first = w.say("compare_gpus", rows="; ".join(rows))
            w.out.computed = True
        return
    inp = w.ex.context_tokens or 2048
    base = w.size(input_tokens=inp, output_tokens=512)
    if base is None:
        return
    w.record(base, inp)
    rows = []
    best_speed: tuple[float, str] | None = None
    best_price: tuple[float, str] | None = None
    for gid in gids:
        count = next((f.gpu_count for f in base.fits_on if f.gpu == gid), None)
        if count is None:
            rows.append(w.say("compare_nofit", gpu=w.gpu_name(gid)))
            continue
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
        tps = r.performance.decode_tokens_per_s if r and r.performance else None
        offers = w.offers_for(gid)
        price = offers[0].price_per_gpu_usd_h if offers else None
        setup = w.setup(count, gid)
        rows.append(w.say("compare_row", setup=setup, tps=w.rate(tps or 0),
                          price=w.say("compare_price", price=w.usd(price)) if price else ""))
        if tps and (best_speed is None or tps > best_speed[0]):
            best_speed = (tps, setup)
        if price and (best_price is None or price * count < best_price[0]):
            best_price = (price * count, setup)
        if offers:
            v = offers[0]
            w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
        if r is not None:
            for x in r.warnings:
                w.core_warn(x)
    w.out.first = w.say("compare", model=w.model.name, weights=base.weights,
                        rows="; ".join(rows))
    if best_speed:
        w.ask("decode_tokens_per_s", best_speed[0], "tokens/s")
    if best_speed and best_price:
        w.out.more.append(w.say("compare_best", fast=best_speed[1], cheap=best_price[1]))


def _cost(w: _W) -> None:
    gid, _ = w.card()
    if w.model is None:
        if gid is None:
            return
        offers = w.offers_for(gid)
        if not offers:
            return
        v = offers[0]
        per = v.price_per_gpu_usd_h or 0.0
        kind = "on_demand" if v.on_demand_usd_h is not None else (
            "reserved" if v.reserved_usd_h is not None else "spot")
        key = "cost_gpu_month" if w.sub == "month" else "cost_gpu"
        w.out.first = w.say(key, gpu=w.gpu_name(gid), price=w.usd(per),
                            provider=v.provider, kind=w.kinds[kind], month=w.usd(per * 730))
        if w.sub == "month":
            w.ask("per_gpu_month_usd", per * 730, "USD")
        else:
            w.ask("per_gpu_hour_usd", per, "USD/h")
        w.out.more.append(w.say("price_date", date=w.view_date(v)))
        w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
        return
    workload = w.ex.workload or ("serving" if w.model.kind == "llm" else "batch")
    kw: dict[str, Any] = {"workload": workload,
                          "concurrent_requests": w.ex.concurrent_requests or 1}
    if w.model.kind == "llm":
        kw["context_tokens"] = max(w.ex.context_tokens or 4096, 1024)
    if w.sub == "job" and w.det.tokens and workload == "batch":
        kw["job_output_tokens"] = w.det.tokens
    if gid is not None:
        kw["top_n"] = 50
    rec = w.recommend(**kw)
    if rec is None:
        return
    options = [o for o in rec.options if gid is None or o.offer.gpu == gid][:3]
    if not options and gid is not None:
        options = rec.options[:3]
    if not options:
        if rec.reason:
            w.out.first = w.say("nooffer", reason=rec.reason)
            w.out.computed = True
        return
    w.offer_numbers(msgspec.structs.replace(rec, options=options))
    o = options[0]
    budget = w.ex.budget_usd_per_month or w.ex.budget_usd_per_hour
    within = ""
    if w.ex.budget_usd_per_month:
        within = w.say("within", budget=w.usd(w.ex.budget_usd_per_month) + "/" +
                       ("lună" if w.lang == "ro" else "month"))
    elif w.ex.budget_usd_per_hour:
        within = w.say("within", budget=w.usd(w.ex.budget_usd_per_hour) + "/" +
                       ("oră" if w.lang == "ro" else "h"))
    common = {"setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "hour": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model], "within": within}
    sub = w.sub or "hour"
    if w.ex.budget_usd_per_month and sub == "hour":
        sub = "month"
    if sub == "month" and o.cost.per_month_usd is not None:
        w.out.first = w.say("cost_month", month=w.usd(o.cost.per_month_usd), **common)
        w.ask("per_month_usd", o.cost.per_month_usd, "USD")
    elif sub == "million" and o.cost.per_million_output_tokens_usd is not None:
        w.out.first = w.say("cost_million", million=w.usd(o.cost.per_million_output_tokens_usd),
                            **common)
        w.ask("per_million_output_tokens_usd", o.cost.per_million_output_tokens_usd, "USD")
    elif sub == "job" and o.cost.per_job_usd is not None:
        w.out.first = w.say("cost_job", job=w.usd(o.cost.per_job_usd), **common)
        w.ask("per_job_usd", o.cost.per_job_usd, "USD")
    else:
        w.out.first = w.say("cost_hour", **common)
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    del budget
    others = [w.say("cost_row", setup=w.setup(x.offer.gpu_count * x.nodes, x.offer.gpu),
                    provider=x.offer.provider, hour=w.usd(x.cost.per_hour_usd))
              for x in options[1:]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    for x in options:
        w.option_warnings(x)


def _train(w: _W, task: str) -> None:
    if w.model is None:
        return
    if w.model.kind != "llm":
        task = "finetune"  # a diffusion or audio model is fine-tuned, never pre-trained here
    method = w.ex.method or ("full" if task == "pretrain" else "lora")
    gid, named = w.card()
    count = w.ex.gpu_count or 1
    offers = w.offers_for(gid) if gid else []
    price = offers[0].price_per_gpu_usd_h if offers else None
    kw: dict[str, Any] = {"task": task, "training_tokens": w.det.tokens}
    if task == "finetune":
        kw["finetune"] = {"method": method}
    if gid is not None:
        kw.update(gpu=gid, gpu_count=count, price_per_gpu_hour_usd=price)
    r = w.size(**kw)
    if r is None:
        return
    w.record(r, 2048)
    label = {"lora": "LoRA", "qlora": "QLoRA", "full": w.t["method_full"]}.get(method, method)
    if gid is not None and r.gpu is not None:
        setup = named or w.setup(count, gid)
        if task == "finetune":
            fit_line = w.say("finetune_yes" if r.fits else "finetune_no", method=label,
                             model=w.model.name, setup=setup,
                             need=w.gib(r.memory.per_gpu_gib), cap=w.gib(r.gpu.usable_gib))
        else:
            fit_line = w.say("training_fit", model=w.model.name, method=label, setup=setup,
                             need=w.gib(r.memory.per_gpu_gib))
        lines: list[str] = []
        first = fit_line
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=bool(r.fits))
        p = r.performance
        o = offers[0] if offers else None
        if r.fits and p is not None and p.training_hours and w.det.tokens:
            cost = ""
            if r.cost is not None and r.cost.per_training_run_usd and o is not None:
                cost = w.say("train_cost", cost=w.usd(r.cost.per_training_run_usd),
                             price=w.usd(price or 0), provider=o.provider)
            line = w.say("train_time", tokens=w.n(w.det.tokens), hours=w.n(p.training_hours, 1),
                         tps=w.n(p.training_tokens_per_s or 0), cost=cost)
            if w.sub == "cost" and cost and r.cost is not None:
                first, lines = line, [fit_line]
                w.ask("per_training_run_usd", r.cost.per_training_run_usd or 0, "USD",
                      yes=bool(r.fits))
            elif w.sub == "time" or task != "finetune":
                first, lines = line, [fit_line]
                w.ask("training_hours", p.training_hours, "h", yes=bool(r.fits))
            else:
                lines = [line]
        elif r.fits and w.det.duration_hours and price and o is not None:
            job = price * count * w.det.duration_hours
            line = w.say("training_duration", hours=w.hours(w.det.duration_hours), setup=setup,
                         cost=w.usd(job), provider=o.provider, price=w.usd(price))
            if w.sub == "cost":
                first, lines = line, [fit_line]
                w.ask("job_usd", job, "USD", yes=True)
            else:
                lines = [line]
        elif r.fits:
            w.out.follow_up = w.t["need_tokens"]
            if o is not None:
                kind = "on_demand" if o.on_demand_usd_h is not None else (
                    "reserved" if o.reserved_usd_h is not None else "spot")
                line = w.say("cost_gpu", gpu=w.gpu_name(o.gpu), price=w.usd(price or 0),
                             provider=o.provider, kind=w.kinds[kind],
                             month=w.usd((price or 0) * 730))
                if w.sub == "cost":
                    first, lines = line, [fit_line]
                    w.ask("per_gpu_hour_usd", price or 0, "USD/h", yes=True)
                else:
                    lines = [line]
        w.out.first = first
        w.out.more.extend(lines)
        if not r.fits and r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
        if o is not None:
            w.price_warnings(o.id, o.as_of.isoformat(), o.as_of_kind, o.stale, o.age_days)
        w.sized_warnings(r)
        return
    w.out.first = w.say("finetune_mem", method=label, model=w.model.name, weights=r.weights,
                        need=w.gib(r.memory.total_gib), w=w.gib(r.memory.weights_gib))
    w.ask("total_gib", r.memory.total_gib, "GiB")
    w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on else w.t["nofit"])
    for x in r.warnings:
        w.core_warn(x)


def _spot(w: _W) -> None:
    hours = w.det.duration_hours or 1.0
    rows: list[tuple[str, int]] = []
    gid, _ = w.card()
    train = w.ex.workload in ("finetune", "pretrain", "batch") or bool(w.det.duration_hours)
    example = False
    if gid is not None:
        rows = [(gid, w.ex.gpu_count or 1)]
    elif w.model is None and w.ex.workload != "serving":
        # neither a GPU nor a model: the difference priced on the most rented card, said as
        # an example (an endpoint is on-demand whatever the price)
        rows, example = [(_EXAMPLE_GPU, w.ex.gpu_count or 1)], True
    elif w.model is not None:
        task = "pretrain" if w.ex.workload == "pretrain" or (train and w.ex.workload is None) \
            else ("finetune" if w.ex.workload == "finetune" else "inference")
        kw: dict[str, Any] = {"task": task}
        if task == "finetune":
            kw["finetune"] = {"method": w.ex.method or "lora"}
        r = w.size(**kw)
        if r is not None:
            w.record(r, 2048)
            rows = [(f.gpu, f.gpu_count) for f in
                    sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))]
    best: tuple[float, float, str, int, OfferView, OfferView] | None = None
    for g, n in rows[:40]:
        offers = [v for v in w.offers_for(g) if not v.stale and not v.suspect]
        spot = [v for v in offers if v.spot_usd_h is not None]
        od = [v for v in offers if v.on_demand_usd_h is not None]
        if not spot or not od:
            continue
        s = min(spot, key=lambda v: (v.spot_usd_h or 0) / v.gpu_count)
        o = min(od, key=lambda v: (v.on_demand_usd_h or 0) / v.gpu_count)
        s_cost = (s.spot_usd_h or 0) / s.gpu_count * n * hours
        o_cost = (o.on_demand_usd_h or 0) / o.gpu_count * n * hours
        if best is None or s_cost < best[0]:
            best = (s_cost, o_cost, g, n, s, o)
    if best is None:
        if w.ex.workload == "serving":
            w.out.first = w.t["spot_serve"]
        elif train:
            w.out.first = w.t["spot_train"]
        return
    s_cost, o_cost, g, n, s, o = best
    lead = w.t["spot_lead_train"] if train else (
        w.t["spot_lead_serve"] if w.ex.workload == "serving" else w.t["spot_lead_any"])
    pct = 1 - s_cost / o_cost if o_cost else 0.0
    setup = w.setup(n, g)
    if example:
        setup = w.say("example_setup", setup=setup)
        w.out.follow_up = w.t["need_gpu"]
    key = "spot" if w.det.duration_hours else "spot_hour"  # no length stated: an hour
    w.out.first = w.say(key, lead=lead, hours=w.hours(hours), setup=setup,
                        spot=w.usd(s_cost), od=w.usd(o_cost), pct=w.f.percent(pct, 0),
                        sprov=s.provider, oprov=o.provider)
    w.out.first = w.out.first[0].upper() + w.out.first[1:]
    w.ask("spot_usd", s_cost, "USD")
    s_date, o_date = w.view_date(s), w.view_date(o)
    dates = s_date if s_date == o_date else f"{s_date}; {o_date}"
    w.out.more.append(w.say("price_date", date=dates))
    for v in (s, o):
        w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _billing(w: _W) -> None:
    provs = w.catalog.providers_by_id
    if w.det.provider:
        p = provs[w.det.provider]
        if p.billing_granularity is None:
            w.out.first = w.say("billing_unknown", provider=p.name)
        else:
            minimum = (w.say("billing_min", s=w.n(p.minimum_charge_s))
                       if p.minimum_charge_s else "")
            w.out.first = w.say("billing_one", provider=p.name,
                                unit=w.t[f"unit_{p.billing_granularity}"], minimum=minimum)
        w.out.computed = True
        return
    by: dict[str, list[str]] = {"second": [], "minute": [], "hour": []}
    for p in w.catalog.providers:
        if p.billing_granularity:
            by[p.billing_granularity].append(p.name.split(" (")[0])
    w.out.first = w.say("billing", second=", ".join(by["second"]), ns=w.n(len(by["second"])),
                        minute=", ".join(by["minute"]) or "—", hour=", ".join(by["hour"]) or "—")
    w.ask("providers_per_second", len(by["second"]), "providers")


def _storage(w: _W) -> None:
    gb = w.det.data_gb
    if gb is None:
        w.out.follow_up = w.t["need_data"]
        return
    provs = w.catalog.providers
    if w.sub == "egress":
        priced = [(p.egress_usd(gb), p) for p in provs if p.egress_known]
        priced2 = [(c, p) for c, p in priced if c is not None]
        if w.det.provider:
            p = w.catalog.providers_by_id[w.det.provider]
            c = p.egress_usd(gb)
            if c is not None:
                w.out.first = w.say("egress_one", gb=w.n(gb), provider=p.name, cost=w.usd(c))
                w.ask("egress_usd", c, "USD")
                return
        if priced2:
            lo = min(priced2, key=lambda x: x[0])
            hi = max(priced2, key=lambda x: x[0])
            w.out.first = w.say("egress_range", gb=w.n(gb), low=w.usd(lo[0]), lowp=lo[1].name,
                                high=w.usd(hi[0]), highp=hi[1].name, n=w.n(len(priced2)))
            w.ask("egress_usd", hi[0], "USD")
        return
    rated = [(p.storage_usd_per_gb, p) for p in provs if p.storage_usd_per_gb is not None]
    if w.det.provider:
        p = w.catalog.providers_by_id[w.det.provider]
        if p.storage_usd_per_gb is not None:
            c = p.storage_usd_per_gb * gb
            w.out.first = w.say("storage_one", gb=w.n(gb), provider=p.name, cost=w.usd(c),
                                rate=w.f.money(p.storage_usd_per_gb, 3))
            w.ask("storage_usd_per_month", c, "USD")
            return
    if rated:
        lo = min(rated, key=lambda x: x[0] or 0)
        hi = max(rated, key=lambda x: x[0] or 0)
        w.out.first = w.say("storage_range", gb=w.n(gb), low=w.usd((lo[0] or 0) * gb),
                            lowp=lo[1].name, high=w.usd((hi[0] or 0) * gb), highp=hi[1].name,
                            n=w.n(len(rated)))
        w.ask("storage_usd_per_month", (lo[0] or 0) * gb, "USD")


def _interconnect(w: _W) -> None:
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if not gids:
        return
    rows = []
    for gid in gids:
        g = w.reg.gpus[gid]
        rows.append((g.name, g.link_name or g.link, g.link_gb_s or 0.0))
    if len(rows) == 1:
        name, link, bw = rows[0]
        w.out.first = w.say("interconnect", gpu=name, link=link, bw=w.n(bw))
        w.ask("link_gb_s", bw, "GB/s")
    else:
        w.out.first = w.say("interconnect_many", rows="; ".join(
            w.say("interconnect_pair", gpu=n, link=lk, bw=w.n(b)) for n, lk, b in rows))
        w.out.computed = True


def _kv(w: _W) -> None:
    if w.model is None:
        return
    r = w.size()
    if r is None:
        return
    kv = r.kv_cache_bytes_per_token
    if not kv:
        w.out.first = w.say("kv_none", model=w.model.name)
        w.out.computed = True
        return
    ctx = w.ex.context_tokens or min(w.max_ctx() or 32768, 32768)
    w.record(r, ctx)
    w.out.first = w.say("kv_cache", model=w.model.name,
                        kib=w.n(kv / 1024, 1 if kv < 10240 else 0), bytes=w.n(kv),
                        kv=r.kv_cache or r.weights, ctx=w.n(ctx), gib=w.gib(kv * ctx / 2**30))
    w.ask("kv_cache_kib_per_token", kv / 1024, "KiB")
    w.sized_warnings(r, ctx)


def _media(w: _W) -> None:
    m = w.model
    if m is None:
        return
    gid, named = w.card()
    base = w.size()
    if base is None:
        return
    w.record(base, 0)
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
    if gid is None:
        if not rows:
            w.out.first = w.t["nofit"]
            return
        gid = rows[0].gpu
        count = rows[0].gpu_count
    else:
        count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    need = w.gib(r.memory.per_gpu_gib)
    if not r.fits:
        w.out.first = w.say("media_nofit", model=m.name, weights=r.weights, need=need,
                            setup=setup, fits=w.fits_text(base))
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        return
    p = r.performance
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s if p else None
        w.out.first = w.say("audio", model=m.name, weights=r.weights, need=need, setup=setup,
                            ratio=w.rate(ratio or 0))
        w.ask("audio_seconds_per_s", ratio or 0, "s/s")
    elif m.modality == "video":
        sec = p.seconds_per_image if p else None
        w.out.first = w.say("video", model=m.name, weights=r.weights, need=need,
                            w=m.native_width or 1024, h=m.native_height or 1024,
                            sec=w.n(sec or 0, 1), setup=setup)
        w.ask("seconds_per_clip", sec or 0, "s")
    else:
        sec = p.seconds_per_image if p else None
        width = m.native_width or 1024
        height = m.native_height or 1024
        w.out.first = w.say("image", model=m.name, weights=r.weights, need=need,
                            w=width, h=height, sec=w.n(sec or 0, 1), setup=setup,
                            per_hour=w.n(3600 / sec if sec else 0))
        w.ask("seconds_per_image", sec or 0, "s")
    for x in r.warnings:
        w.core_warn(x)


def _fallback(w: _W) -> None:
    if w.model is not None:
        if w.model.kind == "llm":
            _memory(w)
        else:
            _media(w)


WRITERS: dict[str, Callable[[_W], None]] = {
    "fits": _fits, "memory": _memory, "max_context": _max_context,
    "max_concurrency": _max_concurrency, "speed": _speed, "gpu_count": _gpu_count,
    "compare": _compare, "cost": _cost, "finetune": lambda w: _train(w, "finetune"),
    "training": lambda w: _train(w, "pretrain" if w.ex.workload == "pretrain" else "finetune"
                                 if w.ex.method else "pretrain"),
    "spot": _spot, "billing": _billing, "storage_egress": _storage,
    "interconnect": _interconnect, "kv_cache": _kv, "media": _media, "guidance": _fallback,
}


def compose_numbers(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                    catalog: Catalog, today: dt.date, messages: Messages,
                    model_id: str | None) -> Written:
    """The first sentence, the supporting numbers and the warnings for ``intent``."""
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id)
    WRITERS.get(intent, _fallback)(w)
    if w.out.first is None and intent not in ("guidance", "billing", "storage_egress",
                                              "interconnect", "spot"):
        _fallback(w)
    return w.out
