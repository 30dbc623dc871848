"""The best plan per node shape (precision, split, replicas, concurrency per replica), kept on
the catalog snapshot for requests that agree on what it reads."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import cast

import msgspec

from service.domain.catalog.derived import lru_step
from service.domain.catalog.gpus import GPU
from service.domain.catalog.precisions import (
    Precision,
)
from service.domain.recommend.capability import (
    capability,
    per_user_decode,
    replica_throughput,
    replicas_for_target,
    runnable_precisions,
    ttft_ms,
)
from service.domain.recommend.context import (
    QUALITY_HANDICAP,
    Capability,
    CapKey,
    Ctx,
    DecodeKey,
    Plan,
    PlanKey,
    SpeedKey,
)


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
        replicas = replicas_for_target(ctx, gpu, p, cap)
        nodes = math.ceil(replicas / cap.replicas)
        ttft = ttft_ms(ctx, gpu, p, cap) if req.max_time_to_first_token_ms else None
        if req.max_time_to_first_token_ms and ttft and ttft > req.max_time_to_first_token_ms:
            return (f"misses the latency target: time to first token "
                    f"{ttft:.0f} ms > {req.max_time_to_first_token_ms:.0f} ms")
        if req.min_decode_tokens_per_s:
            per_user = per_user_decode(ctx, gpu, p, cap, replicas)
            while per_user is not None and per_user < req.min_decode_tokens_per_s and (
                    replicas < req.concurrent_requests):
                replicas = min(req.concurrent_requests, replicas * 2)
                per_user = per_user_decode(ctx, gpu, p, cap, replicas)
            if per_user is not None and per_user < req.min_decode_tokens_per_s:
                return (f"misses the latency target: {per_user:.0f} tokens/s per user "
                        f"< {req.min_decode_tokens_per_s:.0f}")
            nodes = math.ceil(replicas / cap.replicas)
        if nodes > 256:
            return f"would need {nodes} nodes for the targets"
    elif ctx.model.kind != "llm":
        replicas = replicas_for_target(ctx, gpu, p, cap)
        nodes = max(1, math.ceil(replicas / cap.replicas))
        replicas = nodes
    # node-hours the usage needs: jobs scale with throughput, steady use with node count
    jobish = req.training_tokens or req.job_output_tokens or req.job_images
    rate = 0.0
    replica_tps = 0.0
    if jobish and not cap.train_tps:
        replica_tps = replica_throughput(ctx, gpu, p, cap)[0]
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


def best_plan(ctx: Ctx, gpu: GPU, g: int, precisions: list[Precision]) -> Plan | str:
    """The precision that needs the fewest node-hours, quality handicap applied (cached per
    node shape: the choice does not depend on the price)."""
    key = (gpu.id, g)
    if key in ctx.plan_cache:
        return ctx.plan_cache[key]
    best: Plan | None = None
    first_reason: str | None = None
    # only what runs on this GPU (catalog/kernels.toml); an explicit precision it cannot run
    # is tried and refused with the rule's reason
    for p in runnable_precisions(ctx, gpu, precisions):
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


def use_shared_caches(ctx: Ctx, precisions: Sequence[Precision]) -> None:
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
    plan_key = (",".join(p.id for p in precisions), r.weights == "auto", r.concurrent_requests,
                r.target_output_tokens_per_s, r.target_requests_per_s,
                r.max_time_to_first_token_ms, r.min_decode_tokens_per_s, r.training_tokens,
                r.job_output_tokens, r.job_images)
    ctx.cache = shared.capabilities
    ctx.throughput_cache = shared.throughput
    ctx.ttft_cache = shared.ttft
    ctx.decode_cache = shared.decode
    with _PLANS_LOCK:
        ctx.plan_cache = lru_step(shared.plans, plan_key, _Plans, _PLANS_PER_CONTEXT).by_shape
