"""Question answering: the right passages of our guidance plus the numbers computed for the
asker's model and budget, composed from templates in the question's language (no language
model). Retrieval is injected (the embedding model and faiss are adapters)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Annotated, Literal, Protocol

import msgspec

from service.domain.answer.knowledge import Passage, ScoredId
from service.domain.answer.understand import Extracted, detect_language, extract
from service.domain.base import Out, Strict
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import price_date_words
from service.domain.errors import DomainError
from service.domain.fields import (
    Concurrency,
    ContextTokens,
    GpuName,
    HourlyBudget,
    ModelName,
    MonthlyBudget,
    PrecisionName,
    Question,
    TopK,
)
from service.domain.messages import Messages
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import FinetuneOptions, SizingRequest
from service.domain.sizing.sizing import size

# Confidence below this: say we do not know, list the closest topics.
CONFIDENCE_THRESHOLD = 0.33
_INJECTION = re.compile(
    r"ignore (all |any |the )?(previous|prior|above) (instructions|prompts?)|system prompt|"
    r"you are now|disregard (all|your|the)|jailbreak|ignor[aă] (toate )?instruc[tț]iunile|"
    r"reveal your|act as (an? )?(unrestricted|dan)", re.I)


class AskContext(Strict, frozen=True, kw_only=True):
    """What the caller already knows about the asker (a portal's form, a Slack profile)."""

    model: ModelName | None = None
    weights: Annotated[PrecisionName, msgspec.Meta(
        description="precision of the weights, an id or common spelling ('bf16', 'fp8', "
                    "'GGUF Q4_K_M', '4-bit')")] | None = None
    context_tokens: ContextTokens | None = None
    budget_usd_per_hour: HourlyBudget | None = None
    budget_usd_per_month: MonthlyBudget | None = None
    gpu: GpuName | None = None
    workload: Annotated[Literal["serving", "batch", "finetune", "pretrain"] | None, msgspec.Meta(
        description="what the GPUs do: serve requests, run a batch job, fine-tune or "
                    "pre-train")] = None
    concurrent_requests: Concurrency | None = None


class AskRequest(Strict, frozen=True, kw_only=True):
    question: Question
    lang: Annotated[Literal["en", "ro", "auto"], msgspec.Meta(
        description="language of the answer: English, Romanian, or auto (the question's)")] = (
        "auto")
    top_k: TopK = 3
    context: Annotated[AskContext | None, msgspec.Meta(
        description="what is already known about the asker; the question's own words take "
                    "precedence")] = None

    def __post_init__(self) -> None:
        if not self.question.strip():
            raise ValueError("question is empty")


class PassageOut(Out, frozen=True, kw_only=True):
    id: str
    title: str
    topic: str
    text: str
    score: float


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


class Numbers(Out, frozen=True, kw_only=True):
    sizing: SizingNumbers | None
    recommendations: list[OfferNumbers]


class AskResponse(Out, frozen=True, kw_only=True):
    answer: str
    lang: str
    passages: list[PassageOut]
    extracted: Extracted
    numbers: Numbers | None
    follow_up: str | None
    confidence: float
    closest_topics: list[str]


class RetrievalResult(Protocol):
    @property
    def fused(self) -> list[ScoredId]: ...

    @property
    def dense_top(self) -> float: ...

    @property
    def bm25_top(self) -> float: ...


class Retriever(Protocol):
    def search(self, question: str, lang: str, k: int = 20) -> RetrievalResult: ...


def confidence(r: RetrievalResult) -> float:
    """0..1 from the two signals: the dense cosine of the best hit (MiniLM puts unrelated text
    around 0.1-0.3 and on-topic questions above 0.45) counts fully only when BM25 also finds
    a shared word; nonsense can look similar to short code-like passages, never lexically."""
    dense = min(1.0, max(0.0, (r.dense_top - 0.15) / 0.45))
    lexical = min(1.0, r.bm25_top / 10.0)
    if r.bm25_top <= 0:
        return round(0.5 * dense, 3)
    return round(max(dense, 0.5 * dense + 0.5 * lexical), 3)


def _representative(registry: Registry, params_b: float) -> str | None:
    """A registry LLM close to a stated size ('a 70B model'), preferring dense Llama/Qwen."""
    best: tuple[float, int, str] | None = None
    for m in registry.models.values():
        if m.kind != "llm" or (m.architecture and m.architecture.is_moe):
            continue
        gap = abs(m.total_params / 1e9 - params_b) / params_b
        family_rank = 0 if m.family == "llama" else 1 if m.family.startswith("qwen") else 2
        key = (round(gap, 2), family_rank, m.id)
        if best is None or key < best:
            best = key
    return best[2] if best is not None and best[0] <= 0.25 else None


def _merge(ex: Extracted, ctx: AskContext | None, registry: Registry) -> Extracted:
    if ctx is None:
        return ex
    changes: dict[str, object] = {}
    if ctx.model and not ex.model:
        found = registry.find_model(ctx.model)
        if found:
            changes["model"] = found.id
    for name in ("weights", "context_tokens", "budget_usd_per_hour", "budget_usd_per_month",
                 "workload", "concurrent_requests"):
        if getattr(ex, name) is None and getattr(ctx, name) is not None:
            changes[name] = getattr(ctx, name)
    if ctx.gpu and not ex.gpu:
        g = registry.find_gpu(ctx.gpu)
        if g:
            changes["gpu"] = g.id
    return msgspec.structs.replace(ex, **changes) if changes else ex


def _lead(text: str, sentences: int = 2) -> str:
    """The first sentences of a passage as plain text (Markdown marks dropped)."""
    plain = re.sub(r"\*\*|`", "", text)
    plain = re.sub(r"(?m)^#+\s*", "", plain)
    plain = re.sub(r"(?m)^\s*[-•]\s+", "", plain)
    plain = re.sub(r"\s+", " ", plain).strip()
    parts = re.split(r"(?<=[.!?])\s+", plain)
    return " ".join(parts[:sentences])


def _numbers(ex: Extracted, lang: str, catalog: Catalog, today: dt.date, messages: Messages
             ) -> tuple[Numbers | None, list[str]]:
    registry = catalog.registry
    t = messages.section(lang, "answer")
    model_id = ex.model
    notes: list[str] = []
    if model_id is None and ex.params_b:
        model_id = _representative(registry, ex.params_b)
        if model_id:
            m = registry.models[model_id]
            notes.append(t["size_guess"].format(name=m.name, b=ex.params_b))
    if model_id is None:
        return None, notes
    m = registry.models[model_id]
    weights = ex.weights or ("int4" if ex.quantized else None)
    workload = ex.workload or "serving"
    ctx_tokens = ex.context_tokens or 4096
    lines: list[str] = []
    sizing_numbers = None
    try:
        if m.kind == "llm" and workload in ("finetune", "pretrain"):
            method = ex.method or ("full" if workload == "pretrain" else "lora")
            sreq = msgspec.convert({"model": model_id, "task": workload, "weights": weights,
                                    "finetune": {"method": method}}, SizingRequest)
        else:
            sreq = SizingRequest(model=model_id, weights=weights, input_tokens=ctx_tokens,
                                 output_tokens=0, batch_size=ex.concurrent_requests or 1)
        sized = size(sreq, catalog)
        fits = [f"{f.gpu_count} x {f.gpu_name}" for f in
                sorted(sized.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:3]]
        mem = sized.memory
        sizing_numbers = SizingNumbers(
            model=model_id, model_name=m.name, weights=sized.weights, context_tokens=ctx_tokens,
            total_gib=round(mem.total_gib, 2), weights_gib=round(mem.weights_gib, 2),
            kv_cache_gib=None if mem.kv_cache_gib is None else round(mem.kv_cache_gib, 2),
            fits_on=fits)
        kv = t["kv"].format(kv=mem.kv_cache_gib) if mem.kv_cache_gib else ""
        if sized.task != "inference":
            lines.append(t["train"].format(
                method=(ex.method or "LoRA").upper().replace("FULL", "full"), name=m.name,
                weights=sized.weights, total=mem.total_gib, w=mem.weights_gib))
        else:
            # thousands separator: 32,768 in English, 32.768 in Romanian
            ctx_text = f"{ctx_tokens:,}".replace(",", "." if lang == "ro" else ",")
            lines.append(t["sizing"].format(name=m.name, weights=sized.weights, ctx=ctx_text,
                                            total=mem.total_gib, w=mem.weights_gib, kv=kv))
        lines.append(t["fits"].format(fits=", ".join(fits)) if fits else t["nofit"])
    except (DomainError, ValueError, msgspec.ValidationError):
        pass
    recs: list[OfferNumbers] = []
    try:
        rreq = RecommendationRequest(
            model=model_id, weights=weights or "auto", workload=workload,  # type: ignore[arg-type]
            finetune=FinetuneOptions(method=ex.method)  # type: ignore[arg-type]
            if ex.method and workload in ("finetune", "pretrain") else None,
            context_tokens=max(ctx_tokens, 1024), output_tokens=min(512, ctx_tokens // 4),
            concurrent_requests=ex.concurrent_requests or 1,
            max_usd_per_hour=ex.budget_usd_per_hour, max_usd_per_month=ex.budget_usd_per_month,
            top_n=3)
        # only the options and the reason are shown: no alternatives or rejections to explain
        rec = recommend(rreq, catalog, today, explain=False)
        for o in rec.options:
            recs.append(OfferNumbers(
                offer_id=o.offer.id, provider=o.offer.provider, gpu=o.offer.gpu_name,
                gpu_count=o.offer.gpu_count, nodes=o.nodes, weights=o.weights,
                pricing_model=o.pricing_model, per_hour_usd=o.cost.per_hour_usd,
                per_month_usd=o.cost.per_month_usd, as_of=o.offer.as_of,
                as_of_kind=o.offer.as_of_kind,
                price_date=price_date_words(o.offer.as_of, o.offer.as_of_kind, t), why=o.why))
        if rec.options:
            top = rec.options[0]
            month = (t["month"].format(v=top.cost.per_month_usd)
                     if top.cost.per_month_usd is not None else "")
            if top.cost.per_job_usd is not None:
                month = f"${top.cost.per_job_usd:,.0f} {t['job']}"
            lines.append(t["offer"].format(
                count=top.offer.gpu_count * top.nodes, gpu=top.offer.gpu_name,
                provider=top.offer.provider, weights=top.weights, hour=top.cost.per_hour_usd,
                model=messages.section(lang, "pricing")[top.pricing_model] + " ", month=month,
                as_of=price_date_words(top.offer.as_of, top.offer.as_of_kind, t)
            ).replace(" ()", ""))
        elif rec.reason:
            lines.append(t["nooffer"].format(reason=rec.reason))
    except (DomainError, ValueError, msgspec.ValidationError):
        pass
    return Numbers(sizing=sizing_numbers, recommendations=recs), notes + lines


class Knowledge(Protocol):
    """The guidance: its passages by (id, language), a retriever over them (the embedding
    index and BM25 in production, a fake in unit tests), and the wording of answers per
    language (``knowledge/messages/<lang>.toml``)."""

    @property
    def retriever(self) -> Retriever: ...

    @property
    def passages(self) -> Mapping[tuple[str, str], Passage]: ...

    @property
    def messages(self) -> Messages: ...


def answer(req: AskRequest, knowledge: Knowledge, catalog: Catalog,
           today: dt.date) -> AskResponse:
    """A question in English or Romanian answered from the guidance and the catalog: the
    passages that answer it, the entities read from it (merged with the caller's context) and
    the numbers computed for that model, GPU and budget (sizing and the top offers, priced on
    ``today``). Off-topic text and low confidence with no model named get a polite "I don't
    know" with the closest topics, a prompt-injection attempt a refusal; never anything from
    outside the guidance. The wording comes from the knowledge's messages."""
    messages = knowledge.messages
    retriever, passages, registry = knowledge.retriever, knowledge.passages, catalog.registry
    q = req.question.strip()
    lang = req.lang if req.lang != "auto" else detect_language(q, messages.words)
    t = messages.section(lang, "answer")
    if _INJECTION.search(q):
        return AskResponse(answer=t["refuse"], lang=lang, passages=[], extracted=Extracted(),
                           numbers=None, follow_up=None, confidence=0.0, closest_topics=[])
    found = retriever.search(q, lang, 20)
    conf = confidence(found)
    ranked = [s for s in found.fused if (s.id, lang) in passages]
    ex = _merge(extract(q, registry), req.context, registry)
    if conf < CONFIDENCE_THRESHOLD and ex.model is None:
        topics = [passages[(s.id, lang)].title for s in ranked[:3]]
        return AskResponse(answer=t["unknown"].format(topics="; ".join(topics)), lang=lang,
                           passages=[], extracted=ex, numbers=None, follow_up=t["follow"],
                           confidence=conf, closest_topics=topics)
    top = ranked[: req.top_k]
    out = [PassageOut(id=s.id, title=passages[(s.id, lang)].title,
                      topic=passages[(s.id, lang)].topic, text=passages[(s.id, lang)].text,
                      score=round(s.score, 5)) for s in top]
    numbers, lines = _numbers(ex, lang, catalog, today, messages)
    if out:
        title = out[0].title
        sep = " " if title.endswith(("?", "!", ".")) else ": "
        lines.append(f"{title}{sep}{_lead(out[0].text)}")
        if len(out) > 1:
            lines.append(t["also"].format(titles="; ".join(p.title for p in out[1:])))
    follow = None if numbers is not None else t["follow"]
    return AskResponse(answer=" ".join(lines), lang=lang, passages=out, extracted=ex,
                       numbers=numbers, follow_up=follow, confidence=conf,
                       closest_topics=[p.title for p in out])
