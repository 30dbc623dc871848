"""Recommendations: join model-aware sizing to dated offer prices, rank, and explain.

The rules are the guidance made exact: memory first (per GPU), then the throughput and latency
targets, then total cost for the usage pattern (billing granularity and minimum charge applied,
spot only where interruptible with an expected-cost model, reserved for long steady use,
storage and egress added). A model is split over GPUs only inside a node; PCIe-only splits carry
a warning. Same input and catalog give the same order.
"""

from __future__ import annotations

import datetime as dt
import heapq
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

import msgspec

from service.domain.catalog.derived import lru_step
from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import kv_bytes
from service.domain.catalog.offer_query import headline_price
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.precisions import (
    KVType,
    Precision,
    find_kv_type,
    find_precision,
    get_precision,
)
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.types import (
    Alternative,
    Fit,
    OfferRef,
    Option,
    OptionCost,
    OptionPerformance,
    PricingModel,
    Recommendation,
    RecommendationRequest,
    Rejected,
)
from service.domain.sizing.memory import (
    GIB,
    Assumption,
    InferencePlan,
    MemoryParts,
    SizedModel,
    TrainingPlan,
    diffusion_memory,
    largest_batch,
    weight_bytes,
)
from service.domain.sizing.requests import FinetuneOptions, SizingRequest
from service.domain.sizing.sizing import resolve_model
from service.domain.sizing.speed import (
    decode_step_s,
    diffusion_seconds_per_image,
    prefill_s,
    serving,
    training_tokens_per_s,
)

# Ranking preference between precisions when weights="auto": a small cost handicap for the
# quality a format gives up (stated in the assumptions, never hidden in a price).
QUALITY_HANDICAP = {"bf16": 1.0, "fp16": 1.0, "fp8": 1.02, "int8": 1.04, "awq-int4": 1.12,
                    "q8_0": 1.01, "q4_k_m": 1.12, "nf4": 1.12}
AUTO_LLM = ("bf16", "fp8", "int8", "awq-int4")
SPOT_INTERRUPTIONS_PER_HOUR = 0.05
RESTART_MINUTES = 10.0
STEADY_HOURS_PER_DAY = 20.0
LONG_JOB_HOURS = 720.0
HOURS_PER_MONTH = 730.0
POPULAR = ("h100-sxm", "a100-sxm-80gb", "l40s", "rtx-4090", "h200-sxm")
GRANULARITY_S = {"second": 1, "minute": 60, "hour": 3600}


class Capability(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """What one node shape (GPU x count) does for the workload at one precision. Flat and
    immutable: it lives in the shared caches, where the garbage collector never tracks it.
    Serving speed is computed only when something asks for it (most shapes are ranked on
    memory and price alone): see :func:`_throughput` and :func:`_ttft_ms`."""

    ok: bool
    reason: str = ""
    tp: int = 1
    replicas: int = 1
    per_gpu_used_gib: float = 0.0
    per_gpu_cap_gib: float = 0.0
    replica_concurrency: int = 0
    train_tps: float | None = None
    images_per_s: float | None = None
    nodes_required: int = 1
    max_batch: int = -1
    """A serving replica's largest batch at the full context (before the engine's cap);
    -1 where the shape has no serving speed."""


CapKey = tuple[str, int, str, int, bool]
SpeedKey = tuple[str, int, str]
DecodeKey = tuple[str, int, str, int]
PlanKey = tuple[str, int]


@dataclass
class Ctx:
    req: RecommendationRequest
    model: SizedModel
    catalog: Catalog
    registry: Registry
    providers: dict[str, Provider]
    today: dt.date
    stale_days: int
    interruptible: bool
    hours_per_day: float
    engine: str
    assumptions: list[Assumption] = field(default_factory=list)
    # price-independent results, shared by requests that agree on what they read (see
    # _use_shared_caches); flat: tuple keys of strings and numbers, untracked values
    cache: dict[CapKey, Capability] = field(default_factory=dict)
    throughput_cache: dict[SpeedKey, tuple[float, float]] = field(default_factory=dict)
    ttft_cache: dict[SpeedKey, float] = field(default_factory=dict)
    decode_cache: dict[DecodeKey, float] = field(default_factory=dict)
    plan_cache: dict[PlanKey, Plan | str] = field(default_factory=dict)
    # this request's own
    storage_cache: dict[str, float] = field(default_factory=dict)
    terms_cache: dict[str, Terms] = field(default_factory=dict)
    memory_plans: dict[tuple[str, int, int], InferencePlan] = field(default_factory=dict)
    train_memory: dict[tuple[str, int, int], float] = field(default_factory=dict)
    diffusion_parts: dict[str, MemoryParts] = field(default_factory=dict)
    max_storage_price: float = 0.0
    max_egress_price: float = 0.0

    @cached_property
    def only_providers(self) -> frozenset[str] | None:
        return frozenset(p.lower() for p in self.req.providers) if self.req.providers else None

    @cached_property
    def excluded_providers(self) -> frozenset[str] | None:
        ex = self.req.exclude_providers
        return frozenset(p.lower() for p in ex) if ex else None

    @cached_property
    def regions(self) -> list[str] | None:
        return [r.lower() for r in self.req.regions] if self.req.regions else None

    @cached_property
    def spot_overhead(self) -> float:
        """Expected extra run time on spot: restarts plus half a checkpoint interval of lost
        work per interruption."""
        return SPOT_INTERRUPTIONS_PER_HOUR * (
            RESTART_MINUTES + self.req.checkpoint_interval_minutes / 2) / 60

    @cached_property
    def kv(self) -> KVType | None:
        return find_kv_type(self.req.kv_cache)

    def note(self, name: str, value: str, reason: str) -> None:
        self.assumptions.append(Assumption(name=name, value=value, reason=reason))


def _precisions(ctx: Ctx) -> list[Precision]:
    req = ctx.req
    if ctx.req.workload in ("finetune", "pretrain"):
        ft = req.finetune or FinetuneOptions(
            method="full" if req.workload == "pretrain" else "lora")
        if ft.method == "qlora":
            return [get_precision("nf4")]
        if req.weights not in ("auto",):
            p = find_precision(req.weights)
            if p is None:
                raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
            return [p]
        return [get_precision("bf16")]
    if req.weights != "auto":
        p = find_precision(req.weights)
        if p is None:
            raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
        return [p]
    if ctx.model.kind != "llm":
        return [get_precision(ctx.model.native_precision or "bf16")]
    auto = ctx.registry.engines[ctx.engine].auto_weights
    if auto:
        return [get_precision(x) for x in auto]
    native = ctx.model.native_precision
    if native and native != "bf16":
        return [get_precision(native)]
    return [get_precision(x) for x in AUTO_LLM]


_DIVISORS: dict[int, tuple[int, ...]] = {}


def _divisors(g: int) -> tuple[int, ...]:
    found = _DIVISORS.get(g)
    if found is None:
        found = _DIVISORS[g] = tuple(t for t in (1, 2, 4, 8, 16, 32, 64)
                                     if t <= g and g % t == 0)
    return found


def _engine(ctx: Ctx, p: Precision) -> Engine:
    """The engine that runs ``p``: GGUF weights run on the engine that claims the format
    (llama.cpp), anything else on the request's."""
    engines = ctx.registry.engines
    runs = engines.for_format("gguf") if p.gguf else None
    return runs or engines[ctx.engine]


def _memory_plan(ctx: Ctx, p: Precision, t: int, context: int) -> InferencePlan:
    """One replica's memory over ``t`` GPUs at ``context`` tokens: the same for every GPU
    kind, so built once per request (only the capacity depends on the GPU)."""
    key = (p.id, t, context)
    plan = ctx.memory_plans.get(key)
    if plan is None:
        kv = ctx.kv
        assert kv is not None
        plan = ctx.memory_plans[key] = InferencePlan(
            model=ctx.model, precision=p, kv_type=kv, engine=_engine(ctx, p), tp=t, batch=1,
            context=context)
    return plan


def _prompt_tokens(req: RecommendationRequest) -> int:
    return max(1, req.context_tokens - req.output_tokens)


def _replica(ctx: Ctx, gpu: GPU, t: int, p: Precision) -> Capability:
    """One serving replica over ``t`` GPUs of a kind (cached: every node shape with the same
    GPU reuses it)."""
    key = (gpu.id, t, p.id, -1, False)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit
    req = ctx.req
    if ctx.kv is None:
        raise InvalidInput(f"unknown KV-cache type {req.kv_cache!r}", "$.kv_cache")
    plan = _memory_plan(ctx, p, t, req.context_tokens)
    used = plan.total_gib(1)
    cap = plan.capacity_gib(gpu)
    if used > cap:
        result = Capability(ok=False, tp=t, per_gpu_used_gib=used, per_gpu_cap_gib=cap)
    else:
        full = _memory_plan(ctx, p, t, _prompt_tokens(req) + max(1, req.output_tokens))
        max_batch = largest_batch(full.total_gib, full.capacity_gib(gpu))
        conc = min(max_batch, plan.engine.speed.max_num_seqs)
        result = Capability(ok=True, tp=t, replicas=1, per_gpu_used_gib=used,
                            per_gpu_cap_gib=cap, replica_concurrency=conc, max_batch=max_batch)
    ctx.cache[key] = result
    return result


def _throughput(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> tuple[float, float]:
    """(output tokens/s, requests/s) of one saturated serving replica; zeros where the shape
    has no serving speed."""
    if cap.max_batch < 0:
        return 0.0, 0.0
    key = (gpu.id, cap.tp, p.id)
    hit = ctx.throughput_cache.get(key)
    if hit is None:
        kv = ctx.kv
        assert kv is not None
        tps, _, rps = serving(ctx.model, p, kv, _engine(ctx, p), gpu, cap.tp,
                              _prompt_tokens(ctx.req), ctx.req.output_tokens,
                              max_batch=cap.max_batch)
        hit = ctx.throughput_cache[key] = (tps, rps)
    return hit


def _ttft_ms(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> float | None:
    """Time to the first token of one request on an idle replica (None: no serving speed)."""
    if cap.max_batch < 0:
        return None
    key = (gpu.id, cap.tp, p.id)
    hit = ctx.ttft_cache.get(key)
    if hit is None:
        kv = ctx.kv
        assert kv is not None
        engine = _engine(ctx, p)
        inp = _prompt_tokens(ctx.req)
        step1, _ = decode_step_s(ctx.model, p, kv, engine, gpu, cap.tp, 1, inp)
        hit = ctx.ttft_cache[key] = (
            prefill_s(ctx.model, p, engine, gpu, cap.tp, inp, 1) + step1) * 1000
    return hit


def _serve_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    a = ctx.model.arch
    assert a is not None
    if p.id == "fp8" and not gpu.supports_fp8:
        return Capability(ok=False, reason=f"{gpu.name} has no FP8 tensor cores")
    layer_split = _engine(ctx, p).split == "layer"
    first: Capability | None = None
    last: Capability | None = None
    for t in _divisors(g):
        if not layer_split and a.num_attention_heads % t:
            continue
        rep = _replica(ctx, gpu, t, p)
        first = first or rep
        last = rep
        if rep.ok:
            return msgspec.structs.replace(rep, replicas=g // t)
    need = first.per_gpu_used_gib if first else 0.0
    split = (f" (at least {last.per_gpu_used_gib:.1f} GiB per GPU split over {last.tp or g})"
             if last is not None and g > 1 else "")
    cap = first.per_gpu_cap_gib if first else gpu.usable_gib
    return Capability(ok=False, reason=(
        f"needs {need:.1f} GiB for weights + KV cache + overhead{split}; "
        f"{g} x {gpu.name} gives {cap:.1f} GiB per GPU"))


def _train_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int) -> Capability:
    req = ctx.req
    ft = req.finetune or FinetuneOptions(method="full" if req.workload == "pretrain" else "lora")
    n = g * nodes
    plan = TrainingPlan(
        model=ctx.model, precision=p, method=ft.method, rank=ft.lora_rank,
        targets=list(ft.target_modules), optimizer=ft.optimizer,
        checkpointing=ft.gradient_checkpointing, flash=ft.flash_attention,
        micro_batch=ft.micro_batch_size, seq=ft.sequence_length,
        zero_stage=ft.zero_stage if ft.zero_stage or n == 1 else 3,
        cpu_offload=ft.cpu_offload, gpus=n)
    # the memory per GPU depends on the GPU count, not on the GPU: once per count
    mem_key = (p.id, n, plan.zero_stage)
    per = ctx.train_memory.get(mem_key)
    if per is None:
        per = ctx.train_memory[mem_key] = plan.per_gpu().total_gib
    if per > gpu.usable_gib:
        return Capability(ok=False, reason=(
            f"needs {per:.1f} GiB per GPU to train ({ft.method}, ZeRO-{plan.zero_stage} over "
            f"{n} GPUs); {gpu.name} has {gpu.usable_gib:.1f} GiB usable"))
    tps, _, _ = training_tokens_per_s(plan, gpu)
    return Capability(ok=True, tp=g, replicas=1, per_gpu_used_gib=per,
                      per_gpu_cap_gib=gpu.usable_gib, train_tps=tps, nodes_required=nodes)


def _diffusion_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    m = ctx.model
    w = ctx.req.width or m.native_width or 1024
    h = ctx.req.height or m.native_height or 1024
    parts = ctx.diffusion_parts.get(p.id)
    if parts is None:
        parts = ctx.diffusion_parts[p.id] = diffusion_memory(m, p, w, h, 1)
    if parts.total_gib > gpu.usable_gib:
        return Capability(ok=False, reason=(f"needs {parts.total_gib:.1f} GiB; {gpu.name} has "
                                            f"{gpu.usable_gib:.1f} GiB usable"))
    steps = m.default_steps or 30
    sec = diffusion_seconds_per_image(m, p, gpu, w, h, steps, 1,
                                      ctx.registry.engines.default("diffusion", False))
    return Capability(ok=True, tp=1, replicas=g, per_gpu_used_gib=parts.total_gib,
                      per_gpu_cap_gib=gpu.usable_gib, images_per_s=g / sec,
                      replica_concurrency=1)


def capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int = 1) -> Capability:
    key = (gpu.id, g, p.id, nodes, ctx.req.allow_multi_node)
    if key not in ctx.cache:
        if ctx.req.workload in ("finetune", "pretrain") and ctx.model.kind == "llm":
            ctx.cache[key] = _train_capability(ctx, gpu, g, p, nodes)
        elif ctx.model.kind == "llm":
            ctx.cache[key] = _serve_capability(ctx, gpu, g, p)
        else:
            ctx.cache[key] = _diffusion_capability(ctx, gpu, g, p)
    return ctx.cache[key]


def billed_hours(hours: float, provider: Provider | None) -> tuple[float, bool]:
    """Hours billed for one session of ``hours``: rounded up to the billing granularity, at
    least the minimum charge. Unknown granularity counts as per-hour (the conservative case)."""
    gran, minimum, known = _billing(provider)
    return _billed(hours, gran, minimum), known


def _billing(provider: Provider | None) -> tuple[int, float, bool]:
    """(granularity in seconds, minimum charge in seconds, whether the granularity is known)."""
    if provider is None:
        return 3600, 0.0, False
    gran = provider.billing_granularity
    return (GRANULARITY_S[gran] if gran else 3600, float(provider.minimum_charge_s or 0),
            gran is not None)


def _billed(hours: float, granularity_s: int, minimum_charge_s: float) -> float:
    seconds = math.ceil(hours * 3600 / granularity_s - 1e-9) * granularity_s
    return max(seconds, minimum_charge_s) / 3600


@dataclass(frozen=True, slots=True)
class Terms:
    """One provider's billing and storage/egress terms as this request sees them (computed
    once per provider per request, not once per offer)."""

    granularity_s: int
    known: bool
    minimum_charge_s: float
    session_billed_h: float
    storage_usd_gb_month: float
    storage_known: bool
    egress_usd_gb: float
    egress_known: bool

    def billed(self, hours: float) -> float:
        return _billed(hours, self.granularity_s, self.minimum_charge_s)


def _terms(ctx: Ctx, provider_id: str) -> Terms:
    terms = ctx.terms_cache.get(provider_id)
    if terms is None:
        provider = ctx.providers.get(provider_id)
        gran, minimum, known = _billing(provider)
        sp = provider.storage_usd_per_gb_month if provider else None
        ep = provider.egress_usd_per_gb if provider else None
        terms = Terms(granularity_s=gran, known=known, minimum_charge_s=minimum,
                      session_billed_h=_billed(
                          ctx.hours_per_day / ctx.req.sessions_per_day, gran, minimum),
                      storage_usd_gb_month=ctx.max_storage_price if sp is None else sp,
                      storage_known=sp is not None,
                      egress_usd_gb=ctx.max_egress_price if ep is None else ep,
                      egress_known=ep is not None)
        ctx.terms_cache[provider_id] = terms
    return terms


class Quote(msgspec.Struct, gc=False, kw_only=True):
    """A candidate's price for the usage: the numbers the ranking and the budgets need. Its
    full Option (performance, fit, warnings, wording) is built only when it makes the list.
    (A request makes hundreds: a struct the garbage collector does not track.)"""

    offer: Offer
    gpu: GPU
    plan: Plan
    model: PricingModel
    per_hour: float
    spot: bool
    month_hours: float | None
    known_billing: bool
    storage_gb: float
    storage_month: float
    egress_month: float
    compute: float
    per_job: float | None
    per_month: float | None
    sort_cost: float

    def rank_key(self) -> tuple[float, float, str]:
        """Cost (quality handicap applied), then memory bandwidth per dollar, then offer id."""
        bw_per_usd = self.gpu.bandwidth_gb_s * self.offer.gpu_count / max(self.per_hour, 1e-9)
        return (round(self.sort_cost, 2), -bw_per_usd, self.offer.id)


def _quote(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan) -> Quote | str:
    """Price one offer for the usage, or say why it is out (no usable price, over budget)."""
    req = ctx.req
    job_hours = plan.job_hours
    # --- pricing model: the cheapest allowed of on-demand, spot (interruptible work, with its
    # expected restart overhead) and reserved (long steady use) ---------------------------------
    steady = job_hours is None and ctx.hours_per_day >= STEADY_HOURS_PER_DAY
    long_job = job_hours is not None and job_hours >= LONG_JOB_HOURS
    model: PricingModel | None = None
    price = effective = 0.0
    if offer.on_demand_usd_h is not None:
        model, price, effective = "on_demand", offer.on_demand_usd_h, offer.on_demand_usd_h
    if offer.spot_usd_h is not None and ctx.interruptible:
        e = offer.spot_usd_h * (1 + ctx.spot_overhead)
        if model is None or (e, "spot") < (effective, model):
            model, price, effective = "spot", offer.spot_usd_h, e
    if offer.reserved_usd_h is not None and (steady or long_job):
        e = offer.reserved_usd_h
        if model is None or (e, "reserved") < (effective, model):
            model, price, effective = "reserved", offer.reserved_usd_h, e
    if model is None:
        return ("only a spot price, and the workload is not interruptible"
                if offer.spot_usd_h is not None else "no usable price")
    spot = model == "spot"
    nodes = plan.nodes
    per_hour = price * nodes
    # --- billed time ----------------------------------------------------------------------------
    terms = ctx.terms_cache.get(offer.provider) or _terms(ctx, offer.provider)
    month_hours: float | None
    if job_hours is not None:
        billed = terms.billed(job_hours * (1 + ctx.spot_overhead) if spot else job_hours)
        month_hours = None
    else:
        month_hours = terms.session_billed_h * req.sessions_per_day * req.days_per_month
        if model == "reserved":
            month_hours = 24 * req.days_per_month  # a reservation bills every hour
        billed = month_hours * (1 + ctx.spot_overhead) if spot else month_hours
    # --- storage and egress (unknown prices count at the highest known) -------------------------
    storage_gb = req.storage_gb
    if storage_gb is None:
        storage_gb = ctx.storage_cache.get(plan.p.id)
        if storage_gb is None:
            storage_gb = _default_storage_gb(ctx, plan.p)
    storage_month = storage_gb * terms.storage_usd_gb_month
    egress_month = req.egress_gb_per_month * terms.egress_usd_gb
    compute = billed * per_hour
    per_job = per_month = None
    if job_hours is not None:
        per_job = total = compute + storage_month * max(job_hours, 1) / HOURS_PER_MONTH
    else:
        per_month = total = compute + storage_month + egress_month
    # --- budgets ----------------------------------------------------------------------------------
    if req.max_usd_per_hour is not None and per_hour > req.max_usd_per_hour:
        return (f"over budget by ${per_hour - req.max_usd_per_hour:.2f}/h "
                f"(${per_hour:.2f}/h)")
    if req.max_usd_per_month is not None and per_month is not None and (
            per_month > req.max_usd_per_month):
        return (f"over budget by ${per_month - req.max_usd_per_month:,.0f}/month "
                f"(${per_month:,.0f}/month)")
    if req.max_usd_total is not None and total > req.max_usd_total:
        return f"over budget by ${total - req.max_usd_total:,.0f} (${total:,.0f} in all)"
    return Quote(offer=offer, gpu=gpu, plan=plan, model=model, per_hour=per_hour, spot=spot,
                 month_hours=month_hours, known_billing=terms.known, storage_gb=storage_gb,
                 storage_month=storage_month, egress_month=egress_month, compute=compute,
                 per_job=per_job, per_month=per_month,
                 sort_cost=total * QUALITY_HANDICAP.get(plan.p.id, 1.1))


def _pricing_reason(ctx: Ctx, q: Quote) -> str:
    if q.model == "spot":
        return (f"spot: interruptible work; expected {ctx.spot_overhead * 100:.1f}% extra "
                "time for restarts and lost work")
    if q.model == "reserved":
        return f"reserved ({q.offer.reserved_term or 'committed'}): long steady use"
    return "on-demand: no commitment"


def _option(ctx: Ctx, q: Quote) -> Option:
    """The full answer for one quoted offer: performance, fit, cost lines and warnings."""
    req = ctx.req
    offer, gpu, plan = q.offer, q.gpu, q.plan
    p, cap, nodes, replicas_needed = plan.p, plan.cap, plan.nodes, plan.replicas
    job_hours = plan.job_hours
    warnings: list[str] = []
    if q.spot and req.workload == "serving":
        warnings.append("spot on an endpoint: an interruption takes it down")
    if job_hours is not None and job_hours >= LONG_JOB_HOURS and q.model != "reserved":
        warnings.append("long run: ask the provider for reserved/committed pricing "
                        "(none published in the catalog for this offer)")
    if not q.known_billing:
        warnings.append(f"{offer.provider}: billing granularity unknown; billed per hour here")
    terms = _terms(ctx, offer.provider)
    if not terms.storage_known and q.storage_gb:
        warnings.append(f"{offer.provider}: storage price unknown; priced at the highest known "
                        f"(${ctx.max_storage_price:g}/GB-month)")
    if not terms.egress_known and req.egress_gb_per_month:
        warnings.append(f"{offer.provider}: egress price unknown; priced at the highest known "
                        f"(${ctx.max_egress_price:g}/GB)")
    # --- performance, fit -----------------------------------------------------------------------
    per_user = None
    out_tps = None
    per_m = None
    ttft = _ttft_ms(ctx, gpu, p, cap)
    replica_tps, replica_rps = _throughput(ctx, gpu, p, cap)
    if replica_tps:
        total_replicas = cap.replicas * nodes
        out_tps = replica_tps * total_replicas
        per_m = (q.per_hour * (1 + ctx.spot_overhead if q.spot else 1)) / (
            3600 * out_tps) * 1e6
        per_user = _per_user_decode(ctx, gpu, p, cap, replicas_needed)
    used = _used_at_load(ctx, gpu, p, cap, replicas_needed)
    free = cap.per_gpu_cap_gib - used
    headroom = 100 * free / cap.per_gpu_cap_gib if cap.per_gpu_cap_gib else 0.0
    if headroom < 10:
        warnings.append(f"headroom under 10% ({headroom:.1f}%): little room for longer "
                        "prompts or fragmentation")
    if cap.tp > 1 and req.workload in ("serving", "batch"):
        if offer.interconnect == "pcie":
            warnings.append(f"tensor parallel over {cap.tp} GPUs on PCIe only: slower than "
                            "NVLink; consider pipeline split or a larger GPU")
        elif offer.interconnect == "unknown":
            warnings.append("GPU interconnect not stated; a tensor-parallel split needs NVLink")
    if nodes > 1 and req.workload in ("finetune", "pretrain") and (
            offer.network not in ("infiniband", "efa", "roce")):
        warnings.append("multi-node training without a stated InfiniBand/EFA/RoCE "
                        "network: gradient sync will be slow")
    age_days = (ctx.today - offer.as_of).days
    stale = age_days > ctx.stale_days
    if stale:
        warnings.append(f"price is {age_days} days old (as of {offer.as_of})")
    parallelism = ("data parallel (ZeRO-3/FSDP)" if cap.train_tps and (cap.tp * nodes) > 1
                   else "single GPU per replica" if cap.tp == 1
                   else ("layer split" if p.gguf else f"tensor parallel {cap.tp}"))
    ref = OfferRef(id=offer.id, provider=offer.provider, instance_type=offer.instance_type,
                   gpu=offer.gpu, gpu_name=gpu.name, gpu_count=offer.gpu_count,
                   regions=offer.regions, interconnect=offer.interconnect,
                   as_of=offer.as_of.isoformat(), stale=stale, source=offer.source)
    return Option(
        rank=0, offer=ref, nodes=nodes, weights=p.id, pricing_model=q.model,
        pricing_reason=_pricing_reason(ctx, q),
        fit=Fit(per_gpu_used_gib=round(used, 2),
                per_gpu_free_gib=round(free, 2), headroom_pct=round(headroom, 1),
                parallelism=parallelism, gpus_per_replica=cap.tp,
                replicas_per_node=cap.replicas),
        performance=OptionPerformance(
            decode_tokens_per_s_per_user=per_user, output_tokens_per_s_total=out_tps,
            time_to_first_token_ms=ttft,
            max_concurrency=cap.replica_concurrency * cap.replicas * nodes
            if cap.replica_concurrency else None,
            requests_per_s=replica_rps * cap.replicas * nodes if replica_rps else None,
            training_tokens_per_s=cap.train_tps, images_per_s=(
                cap.images_per_s * nodes if cap.images_per_s else None),
            job_hours=job_hours),
        cost=OptionCost(per_hour_usd=round(q.per_hour, 4), compute_per_month_usd=(
            None if q.per_month is None else round(q.compute, 2)),
            storage_per_month_usd=round(q.storage_month, 2),
            egress_per_month_usd=round(q.egress_month, 2),
            per_month_usd=None if q.per_month is None else round(q.per_month, 2),
            per_million_output_tokens_usd=per_m, per_job_usd=q.per_job,
            billed_hours_per_month=q.month_hours,
            expected_spot_overhead_pct=(round(ctx.spot_overhead * 100, 2)
                                        if q.spot else None)),
        warnings=warnings, why="")


def _per_user_decode(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability,
                     replicas_needed: int) -> float | None:
    kv = ctx.kv
    if kv is None or ctx.model.arch is None:
        return None
    per_replica = max(1, math.ceil(ctx.req.concurrent_requests / max(1, replicas_needed)))
    per_replica = min(per_replica, max(1, cap.replica_concurrency))
    key = (gpu.id, cap.tp, p.id, per_replica)
    hit = ctx.decode_cache.get(key)
    if hit is None:
        step, _ = decode_step_s(ctx.model, p, kv, _engine(ctx, p), gpu, cap.tp, per_replica,
                                ctx.req.context_tokens)
        hit = ctx.decode_cache[key] = 1 / step
    return hit


def _used_at_load(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability,
                  replicas_needed: int) -> float:
    """Per-GPU memory with the KV cache of the sequences each replica carries (serving), or
    the one-sequence figure where there is no concurrency to spread."""
    if ctx.model.arch is None or ctx.kv is None or not cap.replica_concurrency:
        return cap.per_gpu_used_gib
    per_replica = max(1, math.ceil(ctx.req.concurrent_requests / max(1, replicas_needed)))
    per_replica = min(per_replica, cap.replica_concurrency)
    return _memory_plan(ctx, p, cap.tp, ctx.req.context_tokens).total_gib(per_replica)


def _default_storage_gb(ctx: Ctx, p: Precision) -> float:
    if p.id in ctx.storage_cache:
        return ctx.storage_cache[p.id]
    ctx.storage_cache[p.id] = _storage_gb(ctx, p)
    return ctx.storage_cache[p.id]


def _storage_gb(ctx: Ctx, p: Precision) -> float:
    weights_gb = weight_bytes(ctx.model, p) / 1e9
    if ctx.req.workload in ("finetune", "pretrain"):
        return math.ceil(weights_gb * 3)  # base weights + a couple of checkpoints
    return math.ceil(weights_gb)


def _replicas_needed(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> int:
    req = ctx.req
    need = 1
    if cap.replica_concurrency:
        need = max(need, math.ceil(req.concurrent_requests / cap.replica_concurrency))
    if req.target_output_tokens_per_s or req.target_requests_per_s:
        tps, rps = _throughput(ctx, gpu, p, cap)
        if req.target_output_tokens_per_s and tps:
            need = max(need, math.ceil(req.target_output_tokens_per_s / tps))
        if req.target_requests_per_s and rps:
            need = max(need, math.ceil(req.target_requests_per_s / rps))
    if req.target_requests_per_s and cap.images_per_s:
        need = max(need, math.ceil(req.target_requests_per_s / (cap.images_per_s / cap.replicas)))
    return need


class Plan(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """How one node shape runs the workload at one precision: price-independent (flat and
    untracked by the garbage collector, like :class:`Capability`)."""

    p: Precision
    cap: Capability
    nodes: int
    replicas: int
    node_hours_proxy: float
    job_hours: float | None
    """Hours the job takes on ``nodes`` nodes (None: steady use, no job size given)."""


def _plan(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Plan | str:
    req = ctx.req
    cap = capability(ctx, gpu, g, p)
    nodes = 1
    if not cap.ok and req.workload in ("finetune", "pretrain") and req.allow_multi_node:
        for n in (2, 4, 8, 16, 32, 64):
            cap = capability(ctx, gpu, g, p, nodes=n)
            if cap.ok:
                nodes = n
                break
    if not cap.ok:
        return cap.reason
    replicas = nodes
    if req.workload in ("serving", "batch") and ctx.model.kind == "llm":
        replicas = _replicas_needed(ctx, gpu, p, cap)
        nodes = math.ceil(replicas / cap.replicas)
        ttft = _ttft_ms(ctx, gpu, p, cap) if req.max_time_to_first_token_ms else None
        if req.max_time_to_first_token_ms and ttft and ttft > req.max_time_to_first_token_ms:
            return (f"misses the latency target: time to first token "
                    f"{ttft:.0f} ms > {req.max_time_to_first_token_ms:.0f} ms")
        if req.min_decode_tokens_per_s:
            per_user = _per_user_decode(ctx, gpu, p, cap, replicas)
            while per_user is not None and per_user < req.min_decode_tokens_per_s and (
                    replicas < req.concurrent_requests):
                replicas = min(req.concurrent_requests, replicas * 2)
                per_user = _per_user_decode(ctx, gpu, p, cap, replicas)
            if per_user is not None and per_user < req.min_decode_tokens_per_s:
                return (f"misses the latency target: {per_user:.0f} tokens/s per user "
                        f"< {req.min_decode_tokens_per_s:.0f}")
            nodes = math.ceil(replicas / cap.replicas)
        if nodes > 256:
            return f"would need {nodes} nodes for the targets"
    elif ctx.model.kind != "llm":
        replicas = _replicas_needed(ctx, gpu, p, cap)
        nodes = max(1, math.ceil(replicas / cap.replicas))
        replicas = nodes
    # node-hours the usage needs: jobs scale with throughput, steady use with node count
    jobish = req.training_tokens or req.job_output_tokens or req.job_images
    rate = 0.0
    replica_tps = 0.0
    if jobish and not cap.train_tps:
        replica_tps = _throughput(ctx, gpu, p, cap)[0]
    if jobish:
        rate = cap.train_tps or (replica_tps * cap.replicas) or cap.images_per_s or 0.0
    proxy = nodes / max(rate * nodes, 1e-12) if jobish and rate else float(nodes)
    job_hours: float | None = None
    if req.workload in ("finetune", "pretrain") and req.training_tokens and cap.train_tps:
        job_hours = req.training_tokens / cap.train_tps / 3600
    elif req.job_output_tokens and replica_tps:
        job_hours = req.job_output_tokens / (replica_tps * cap.replicas * nodes) / 3600
    elif req.job_images and cap.images_per_s:
        job_hours = req.job_images / (cap.images_per_s * nodes) / 3600
    return Plan(p=p, cap=cap, nodes=nodes, replicas=replicas,
                node_hours_proxy=proxy * nodes if jobish and rate else proxy,
                job_hours=job_hours)


def _best_plan(ctx: Ctx, gpu: GPU, g: int, precisions: list[Precision]) -> Plan | str:
    """The precision that needs the fewest node-hours, quality handicap applied (cached per
    node shape: the choice does not depend on the price)."""
    key = (gpu.id, g)
    if key in ctx.plan_cache:
        return ctx.plan_cache[key]
    best: Plan | None = None
    first_reason: str | None = None
    for p in precisions:
        plan = _plan(ctx, gpu, g, p)
        if isinstance(plan, str):
            first_reason = first_reason or plan
            continue
        score = plan.node_hours_proxy * QUALITY_HANDICAP.get(p.id, 1.1)
        if best is None or score < best.node_hours_proxy * QUALITY_HANDICAP.get(best.p.id, 1.1):
            best = plan
    result: Plan | str = best if best is not None else (first_reason or "does not fit")
    ctx.plan_cache[key] = result
    return result


def _why(o: Option, ctx: Ctx) -> str:
    c, f, perf = o.cost, o.fit, o.performance
    money = (f"${c.per_month_usd:,.0f}/month" if c.per_month_usd is not None
             else f"${c.per_job_usd:,.0f} for the job" if c.per_job_usd is not None
             else f"${c.per_hour_usd:.2f}/h")
    fit = (f"{f.per_gpu_used_gib:.1f} of {f.per_gpu_used_gib + f.per_gpu_free_gib:.1f} GiB "
           f"per GPU ({f.parallelism})")
    speed = ""
    if perf.decode_tokens_per_s_per_user:
        speed = f", ~{perf.decode_tokens_per_s_per_user:.0f} tokens/s per user"
    elif perf.training_tokens_per_s:
        speed = f", ~{perf.training_tokens_per_s:,.0f} training tokens/s"
    elif perf.images_per_s:
        speed = f", ~{perf.images_per_s:.2f} images/s"
    nodes = f"{o.nodes} x " if o.nodes > 1 else ""
    return (f"{nodes}{o.offer.gpu_count} x {o.offer.gpu_name} at {o.offer.provider} "
            f"({o.pricing_model.replace('_', '-')}, as of {o.offer.as_of}), {o.weights} "
            f"weights: {money}; uses {fit}{speed}.")


def recommend(req: RecommendationRequest, catalog: Catalog, today: dt.date, *,
              explain: bool = True) -> Recommendation:
    """Ranked options from the catalog's offers for a workload, its load, usage and budget:
    memory first (per GPU), then the targets, then the total cost for the usage (billing
    granularity, minimum charges, spot's expected restarts, storage and egress). Each option
    says why; ``rejected`` and ``alternatives`` say what was left out and what would change
    the answer. An impossible request is an answer with no options and a ``reason``.

    ``today`` dates the prices (staleness follows the catalog's date policy).
    ``explain=False``: the options and the reason only, without the alternatives and the
    notable rejections (for a caller that shows the top offers alone; it saves the
    alternatives' reruns over the catalog)."""
    registry, offers, providers = catalog.registry, catalog.offers, catalog.providers
    sreq = SizingRequest(model=req.model, architecture=req.architecture,
                         hf_config=req.hf_config)
    model = resolve_model(sreq, registry)
    if req.workload in ("finetune", "pretrain") and model.kind != "llm":
        raise InvalidInput("fine-tuning and pre-training recommendations cover LLMs",
                           "$.workload")
    interruptible = req.interruptible
    if interruptible is None:
        interruptible = req.workload in ("batch", "finetune")
    hours = req.hours_per_day if req.hours_per_day is not None else 24.0
    engine = (registry.engines.get(req.engine, "$.engine") if req.engine
              else registry.engines.default(model.kind, False)).id
    prov = {p.id: p for p in providers}
    ctx = Ctx(req=req, model=model, catalog=catalog, registry=registry, providers=prov,
              today=today, stale_days=catalog.stale_after_days, interruptible=interruptible,
              hours_per_day=hours,
              engine=engine,
              max_storage_price=max((p.storage_usd_per_gb_month or 0.0) for p in providers)
              if providers else 0.0,
              max_egress_price=max((p.egress_usd_per_gb or 0.0) for p in providers)
              if providers else 0.0)
    precisions = _precisions(ctx)
    _use_shared_caches(ctx, precisions)
    _note_rules(ctx, precisions)
    candidates, rejected = _run(ctx, offers, precisions)
    options = _finalise(ctx, candidates)
    alternatives = _alternatives(ctx, offers, options, precisions) if explain else []
    reason = None
    if not options:
        reason = _impossible_reason(ctx, rejected, precisions)
    return Recommendation(model=model.id if model.id != "custom" else model.name,
                          workload=req.workload, options=options,
                          rejected=_notable_rejections(rejected, options) if explain else [],
                          alternatives=alternatives, reason=reason,
                          catalog_version=catalog.version, assumptions=ctx.assumptions)


class _Shared(msgspec.Struct, gc=False):
    """Price-independent results for one (model, workload shape) of a catalog snapshot:
    capabilities, serving speeds and per-user decode speeds per node shape, and per
    plan-relevant request fields the best plan per shape. Kept across requests on the
    snapshot (a bounded LRU): a reload starts empty.

    Flat for the garbage collector: plain dicts keyed by tuples of strings and numbers, whose
    values are floats, tuples of floats or untracked structs, so that a full collection
    leaves none of it tracked (gen-2 pauses stay short however full the caches are)."""

    capabilities: dict[CapKey, Capability] = msgspec.field(default_factory=dict)
    throughput: dict[SpeedKey, tuple[float, float]] = msgspec.field(default_factory=dict)
    ttft: dict[SpeedKey, float] = msgspec.field(default_factory=dict)
    decode: dict[DecodeKey, float] = msgspec.field(default_factory=dict)
    plans: dict[tuple[object, ...], _Plans] = msgspec.field(default_factory=dict)


class _Plans(msgspec.Struct, gc=False):
    """The best plan (or why none) per node shape, for one set of plan-relevant fields."""

    by_shape: dict[PlanKey, Plan | str] = msgspec.field(default_factory=dict)


# The snapshot's LRUs are plain dicts (an OrderedDict is always tracked by the garbage
# collector, a plain dict of untracked values is not); the entries themselves are filled with
# single dict operations.
_CACHE_CONTEXTS = 128
_PLANS_PER_CONTEXT = 32
_PLANS_LOCK = threading.Lock()  # the compute pool runs requests on several threads


def _use_shared_caches(ctx: Ctx, precisions: Sequence[Precision]) -> None:
    """Point the context's capability, plan and decode caches at the ones shared by earlier
    requests that agree on everything those results read (not prices, budgets or filters)."""
    r = ctx.req
    if ctx.model.id == "custom":
        return
    key = (ctx.model.id, ctx.engine, r.kv_cache, r.context_tokens,
           r.output_tokens, r.workload, msgspec.json.encode(r.finetune), r.width, r.height,
           r.allow_multi_node)
    shared = cast(_Shared, ctx.catalog.derived.lru("recommend_shapes", _CACHE_CONTEXTS)
                  .get_or_make(key, _Shared))
    plan_key = (",".join(p.id for p in precisions), r.concurrent_requests,
                r.target_output_tokens_per_s, r.target_requests_per_s,
                r.max_time_to_first_token_ms, r.min_decode_tokens_per_s, r.training_tokens,
                r.job_output_tokens, r.job_images)
    ctx.cache = shared.capabilities
    ctx.throughput_cache = shared.throughput
    ctx.ttft_cache = shared.ttft
    ctx.decode_cache = shared.decode
    with _PLANS_LOCK:
        ctx.plan_cache = lru_step(shared.plans, plan_key, _Plans, _PLANS_PER_CONTEXT).by_shape


def _allowed(ctx: Ctx, offer: Offer) -> bool:
    only = ctx.only_providers
    if only is not None and offer.provider not in only:
        return False
    excluded = ctx.excluded_providers
    if excluded is not None and offer.provider in excluded:
        return False
    regions = ctx.regions
    if regions is not None and not any(r in reg.lower() for r in regions
                                       for reg in offer.regions):
        return False
    limit = ctx.req.max_gpus_per_node
    return not (limit and offer.gpu_count > limit)


def _run(ctx: Ctx, offers: Sequence[Offer], precisions: list[Precision]
         ) -> tuple[list[Quote], list[tuple[Offer, str]]]:
    candidates: list[Quote] = []
    rejected: list[tuple[Offer, str]] = []
    gpus = ctx.registry.gpus
    plans = ctx.plan_cache
    filtered = (ctx.only_providers is not None or ctx.excluded_providers is not None
                or ctx.regions is not None or bool(ctx.req.max_gpus_per_node))
    for offer in offers:
        gpu = gpus.get(offer.gpu)
        if gpu is None or (filtered and not _allowed(ctx, offer)):
            continue
        plan = plans.get((gpu.id, offer.gpu_count))
        if plan is None:
            plan = _best_plan(ctx, gpu, offer.gpu_count, precisions)
        if isinstance(plan, str):
            rejected.append((offer, plan))
            continue
        quote = _quote(ctx, offer, gpu, plan)
        if isinstance(quote, str):
            rejected.append((offer, quote))
        else:
            candidates.append(quote)
    return candidates, rejected


def _finalise(ctx: Ctx, candidates: list[Quote], top_n: int | None = None) -> list[Option]:
    """The first ``top_n`` (default: the request's) candidates as full options, ranked."""
    n = top_n or ctx.req.top_n
    if len(candidates) > n:
        # Only candidates whose rounded cost is within the n smallest can rank: keep those
        # (a superset, in their order) before building every rank key. round() is monotone,
        # so the n-th smallest rounded cost is the n-th smallest cost, rounded.
        nth = round(heapq.nsmallest(n, [c.sort_cost for c in candidates])[-1], 2)
        candidates = [c for c in candidates if c.sort_cost <= nth + 0.01]
    ranked = heapq.nsmallest(n, candidates, key=Quote.rank_key)
    out: list[Option] = []
    for i, c in enumerate(ranked, start=1):
        o = replace_struct(_option(ctx, c), rank=i)
        out.append(replace_struct(o, why=_why(o, ctx)))
    return out


def replace_struct(o: Option, **changes: object) -> Option:
    import msgspec

    return msgspec.structs.replace(o, **changes)


def _notable_rejections(rejected: list[tuple[Offer, str]], options: list[Option]
                        ) -> list[Rejected]:
    top_price = options[0].cost.per_hour_usd / max(1, options[0].nodes) if options else None
    seen: set[tuple[str, int]] = set()
    out: list[Rejected] = []
    by_price = sorted(rejected, key=lambda r: (headline_price(r[0]) or 1e9, r[0].id))
    for offer, reason in by_price:
        price = headline_price(offer)
        popular = offer.gpu in POPULAR
        cheaper = top_price is None or (price is not None and price <= top_price)
        k = (offer.gpu, offer.gpu_count)
        if k in seen or not (cheaper or popular):
            continue
        seen.add(k)
        out.append(Rejected(offer_id=offer.id, gpu=offer.gpu, gpu_count=offer.gpu_count,
                            provider=offer.provider, price_usd_h=price, reason=reason))
        if len(out) >= 10:
            break
    return out


def _best_cost(options: list[Option]) -> float | None:
    if not options:
        return None
    o = options[0].cost
    return o.per_month_usd if o.per_month_usd is not None else o.per_job_usd


def _alternatives(ctx: Ctx, offers: Sequence[Offer], options: list[Option],
                  precisions: list[Precision]) -> list[Alternative]:
    req = ctx.req
    alts: list[Alternative] = []
    current = _best_cost(options)

    def rerun(change: str, new_req: RecommendationRequest, effect_prefix: str) -> None:
        sub = Ctx(req=new_req, model=ctx.model, catalog=ctx.catalog, registry=ctx.registry,
                  providers=ctx.providers, today=ctx.today, stale_days=ctx.stale_days,
                  interruptible=new_req.interruptible if new_req.interruptible is not None
                  else ctx.interruptible, hours_per_day=ctx.hours_per_day, engine=ctx.engine,
                  max_storage_price=ctx.max_storage_price,
                  max_egress_price=ctx.max_egress_price)
        sub_precisions = _precisions(sub)
        _use_shared_caches(sub, sub_precisions)
        cands, _ = _run(sub, offers, sub_precisions)
        sub_opts = _finalise(sub, cands, top_n=1)  # only the best one is quoted
        cost = _best_cost(sub_opts)
        if not sub_opts or cost is None:
            return
        if current is not None and cost >= current * 0.9:
            return
        top = sub_opts[0]
        alts.append(Alternative(
            change=change, effect=f"{effect_prefix}: {top.offer.gpu_count} x "
            f"{top.offer.gpu_name} at {top.offer.provider}, "
            + (f"${cost:,.0f}/month" if top.cost.per_month_usd is not None
               else f"${cost:,.0f} in all")
            + ("" if current is None else f" (vs ${current:,.0f})"),
            per_month_usd=top.cost.per_month_usd, offer_id=top.offer.id))

    if ctx.model.kind == "llm" and req.workload in ("serving", "batch"):
        if all(p.bits_linear >= 16 for p in precisions):
            rerun("weights fp8", msgspec_replace(req, weights="fp8"),
                  "FP8 weights (near-lossless) fit smaller or fewer GPUs")
            rerun("weights int4 (AWQ)", msgspec_replace(req, weights="awq-int4"),
                  "4-bit weights (small quality loss) fit cheaper cards")
        if req.context_tokens >= 8192 and _kv_dominant(ctx, precisions[0]):
            shorter = max(req.output_tokens + 1, req.context_tokens // 2)
            rerun(f"context {shorter} tokens",
                  msgspec_replace(req, context_tokens=shorter),
                  "half the context halves the KV cache")
    if not ctx.interruptible and req.workload in ("batch", "finetune"):
        rerun("allow spot (interruptible)", msgspec_replace(req, interruptible=True),
              "spot prices with checkpointing")
    if not options and not req.allow_multi_node and req.workload in ("finetune", "pretrain"):
        rerun("allow multi-node", msgspec_replace(req, allow_multi_node=True),
              "shard the model over several nodes")
    if options and req.workload == "pretrain":
        alt = _multi_node_plan(ctx, offers, options[0], precisions[0])
        if alt is not None:
            alts.append(alt)
    return alts


TARGET_RUN_DAYS = 30.0


def _multi_node_plan(ctx: Ctx, offers: Sequence[Offer], best: Option,
                     p: Precision) -> Alternative | None:
    """A long pre-training run: how many InfiniBand/EFA nodes finish it within a month."""
    hours = best.performance.job_hours
    if hours is None or hours <= TARGET_RUN_DAYS * 24:
        return None
    fabric = [o for o in offers if o.network in ("infiniband", "efa") and o.gpu_count >= 8
              and o.gpu in ctx.registry.gpus and _allowed(ctx, o)]
    plans: list[tuple[float, int, Offer, float, str]] = []
    for o in fabric:
        gpu = ctx.registry.gpus[o.gpu]
        for n in (2, 4, 8, 16, 32, 64, 128):
            cap = _train_capability(ctx, gpu, o.gpu_count, p, n)
            if not cap.ok or not cap.train_tps or ctx.req.training_tokens is None:
                continue
            job_h = ctx.req.training_tokens / cap.train_tps / 3600
            if job_h <= TARGET_RUN_DAYS * 24 or n == 128:
                price = o.reserved_usd_h or o.on_demand_usd_h or o.spot_usd_h
                if price is None:
                    break
                model = "reserved" if o.reserved_usd_h else "on-demand"
                plans.append((price * n * job_h, n, o, job_h, model))
                break
    if not plans:
        return Alternative(
            change="multi-node with InfiniBand",
            effect=f"the run takes {hours / 24:,.0f} days on one node; spread it over several "
                   "nodes joined by InfiniBand/EFA and reserve the capacity (no such offer in "
                   "the catalog matches the constraints)")
    cost, n, o, job_h, model = min(plans, key=lambda x: (x[0], x[2].id))
    return Alternative(
        change=f"multi-node: {n} x {o.gpu_count} GPUs with {o.network}",
        effect=f"{n} nodes of {o.instance_type} at {o.provider} ({o.network}"
               + (f" {o.network_gbps:g} Gb/s" if o.network_gbps else "")
               + f") finish in {job_h / 24:,.1f} days instead of {hours / 24:,.0f}; "
               f"{model} capacity, ${cost:,.0f} for the run",
        offer_id=o.id)


def _kv_dominant(ctx: Ctx, p: Precision) -> bool:
    """Is the KV cache for the requested context and concurrency at least a quarter of the
    weights? Only then does a shorter context change the answer enough to show."""
    a = ctx.model.arch
    if a is None or ctx.kv is None:
        return False
    kv = ctx.req.concurrent_requests * kv_bytes(a, ctx.req.context_tokens,
                                                ctx.kv.bytes_per_element)
    return kv >= 0.25 * weight_bytes(ctx.model, p)


def msgspec_replace(req: RecommendationRequest, **changes: object) -> RecommendationRequest:
    import msgspec

    return msgspec.structs.replace(req, **changes)


def _impossible_reason(ctx: Ctx, rejected: list[tuple[Offer, str]],
                       precisions: list[Precision]) -> str:
    m = ctx.model
    p = precisions[0]
    need = weight_bytes(m, p) / GIB
    largest = max((ctx.registry.gpus[o.gpu].total_gib * o.gpu_count for o, _ in rejected
                   if o.gpu in ctx.registry.gpus), default=0.0)
    budget = [r for _, r in rejected if r.startswith("over budget")]
    if rejected and len(budget) == len(rejected):
        return ("every offer that fits is over budget; the cheapest is "
                + min(budget, key=len) + "; raise the budget or use a smaller precision")
    hint = ("allow multi-node or use fp8/int4" if p.bits_linear >= 16
            else "allow multi-node or a smaller format")
    return (f"{m.name} at {p.id} needs ~{need:,.0f} GiB for the weights alone; no node in the "
            f"catalog that matches the constraints has it (largest: {largest:,.0f} GiB); {hint}")


def _note_rules(ctx: Ctx, precisions: list[Precision]) -> None:
    req = ctx.req
    ctx.note("ranking", "memory, then targets, then total cost",
             "filter by per-GPU memory (weights + KV cache for the context and concurrency + "
             "overhead), drop offers that miss throughput/latency targets, rank by cost for "
             "the usage; ties by bandwidth per dollar, then offer id")
    ctx.note("precisions_tried", ", ".join(p.id for p in precisions),
             "weights=auto tries each and ranks with a quality handicap: "
             + ", ".join(f"{k} x{v}" for k, v in QUALITY_HANDICAP.items()
                         if k in {p.id for p in precisions}))
    ctx.note("interruptible", str(ctx.interruptible).lower(),
             "default: batch and checkpointed fine-tuning yes, serving and pre-training no")
    if ctx.interruptible:
        ctx.note("spot_interruptions_per_hour", f"{SPOT_INTERRUPTIONS_PER_HOUR}",
                 f"assumed rate; each costs {RESTART_MINUTES:g} min restart plus half a "
                 f"checkpoint interval ({req.checkpoint_interval_minutes:g} min) of lost work")
    ctx.note("usage", f"{ctx.hours_per_day:g} h/day in {req.sessions_per_day} session(s), "
             f"{req.days_per_month:g} days/month",
             "each session is billed at the provider's granularity with its minimum charge")
    ctx.note("reserved", f">= {STEADY_HOURS_PER_DAY:g} h/day or jobs >= {LONG_JOB_HOURS:g} h",
             "reserved/committed prices are used when published and the use is long and "
             "steady; a reservation bills every hour of the month")
    if req.storage_gb is None:
        ctx.note("storage_gb", "weights size (x3 for training checkpoints)",
                 "persistent storage for the model files, priced per GB-month")


