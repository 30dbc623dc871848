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
from service.domain.catalog.offers import Offer
from service.domain.catalog.precisions import (
    Precision,
)
from service.domain.fields import GPU_COUNT_MAX
from service.domain.locale import plain
from service.domain.recommend.capability import (
    _memory_plan,
    capability,
    kernel_refusal,
    load_at,
    load_floor,
    open_loop,
    replica_throughput,
    replicas_for_target,
    runnable_precisions,
    serve_layouts,
    split_layouts,
)
from service.domain.recommend.context import (
    MEMORY_PREFIX,
    Capability,
    CapKey,
    Ctx,
    LoadAt,
    LoadKey,
    Plan,
    PlanKey,
    SpeedKey,
    count,
    per_s,
    rejection_kind,
)
from service.domain.sizing.efficiency import link_key
from service.domain.sizing.sizing import setups_for


def _job_rate(ctx: Ctx, cap: Capability, replica_tps: float) -> float:
    """Work per hour-second of one node for a job: training tokens, output tokens, images or
    audio seconds per second (0: no job size given)."""
    req = ctx.req
    if not (req.training_tokens or req.job_output_tokens or req.job_images
            or req.job_audio_hours or req.job_embed_tokens):
        return 0.0
    return (cap.train_tps or (replica_tps * cap.replicas) or cap.images_per_s
            or cap.audio_s_per_s or cap.embed_tps or 0.0)


def diffusion_job_hours(items: float, cap: Capability, nodes: int) -> float:
    """Hours a batch of ``items`` images or clips takes on ``nodes`` nodes of ``cap``: each
    item runs whole on one replica (one GPU), so the job is ``ceil(items / replicas)`` waves
    of one item's time, never ``items`` spread over GPUs that have none to make (audit media
    #1: one Wan 2.1 clip on 8 x B200 was 104 s and $0.41, where the clip alone takes 831 s on
    one GPU and the other seven idle: $3.13). A pipeline that splits one clip over GPUs
    (xDiT's USP sequence parallelism for Wan 2.1 and HunyuanVideo, diffusers'
    ``ContextParallelConfig``: https://github.com/xdit-project/xDiT,
    https://huggingface.co/docs/diffusers/main/api/parallel) is not modelled: the catalog
    holds no measured scaling of it, and diffusers runs one pipeline on one device by
    default (the ``diffusion_job_split`` assumption says so)."""
    replicas = max(1, cap.replicas * nodes)
    seconds = cap.replicas / (cap.images_per_s or math.inf)  # one item on one replica
    return math.ceil(items / replicas - 1e-9) * seconds / 3600


def _job_hours(ctx: Ctx, cap: Capability, replica_tps: float, nodes: int) -> float | None:
    req = ctx.req
    if req.workload in ("finetune", "pretrain") and req.training_tokens and cap.train_tps:
        return req.training_tokens / cap.train_tps / 3600
    if req.job_output_tokens and replica_tps:
        return req.job_output_tokens / (replica_tps * cap.replicas * nodes) / 3600
    if req.job_images and cap.images_per_s:
        return diffusion_job_hours(req.job_images, cap, nodes)
    if req.job_audio_hours and cap.audio_s_per_s:
        return req.job_audio_hours / (cap.audio_s_per_s * nodes)
    if req.job_embed_tokens and cap.embed_tps:
        return req.job_embed_tokens / (cap.embed_tps * nodes) / 3600
    return None


def _plan(ctx: Ctx, gpu: GPU, g: int, p: Precision, limit: int | None = None
          ) -> Plan | str | None:
    """The plan of this shape at precision ``p``, or why none. ``limit``: steady serving
    only, the most nodes a plan may take and still be chosen (None: no limit); where every
    plan would take more, None (outranked: its searches are not run)."""
    req = ctx.req
    if req.workload in ("serving", "batch") and ctx.model.kind == "llm" and (
            ctx.model.task != "embed"):
        return _serve_plan(ctx, gpu, g, p, limit)
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
    if (ctx.model.kind != "llm" or ctx.model.task == "embed") and not ctx.untimed_training:
        replicas = replicas_for_target(ctx, gpu, p, cap)
        nodes = max(1, math.ceil(replicas / cap.replicas))
        replicas = nodes
    rate = _job_rate(ctx, cap, 0.0)
    proxy = (1 / rate) if rate else float(nodes)
    job_hours = _job_hours(ctx, cap, 0.0, nodes)
    return Plan(p=p, cap=cap, nodes=nodes, replicas=replicas,
                node_hours_proxy=proxy * nodes if rate else proxy, job_hours=job_hours,
                used_gib=cap.per_gpu_used_gib,
                audio_s_per_s=cap.audio_s_per_s * nodes if cap.audio_s_per_s else None,
                embed_tps=cap.embed_tps * nodes if cap.embed_tps else None)


MAX_NODES = 256
"""The most nodes a serving plan (or a batch job's instances) may take."""


def train_max_nodes(g: int) -> int:
    """The most nodes of ``g`` GPUs a training run is planned over: as many as make up
    ``fields.GPU_COUNT_MAX`` (4,096) GPUs, the most /v1/sizing sizes one setup on, so every
    plan is one /v1/sizing can time again (512 nodes of 8). The run is one data-parallel job
    timed by sizing's layout search with its collectives between the nodes (``capability``
    with ``nodes``), never independent replicas: past some size more nodes buy little, as the
    global batch (4M tokens, Llama 2's, arXiv 2307.09288 section 2.2: sizing's
    ``global_batch`` assumption) leaves each data-parallel replica fewer micro-batches and the
    pipeline bubble grows. Larger runs exist (Llama 3 405B on 16,384 H100 with a 16M-token
    batch, arXiv 2407.21783 Table 4) but are not planned here. It was ``MAX_NODES`` (256, a
    serving plan's bound), so /v1/ask planned 6,568 GPUs as replicas where the
    recommendations found no option (audit buyer29b #2)."""
    return max(1, GPU_COUNT_MAX // max(1, g))


def node_net_gb_s(offer: Offer) -> float | None:
    """The network between ``offer``'s nodes as a training run's collectives cross it: GB/s
    per GPU and direction, the node's stated ``network_gbps`` (catalog/sources/
    node_network.toml: AWS p4d.24xlarge 400 Gbps EFA per 8 x A100, p5 3,200 per 8 x H100)
    shared by its GPUs, as /v1/sizing times a stated ``node_network_gbit_s``; None where
    the offer states no speed (sizing's assumed fabric, ``speed.INTER_NODE_GB_S_PER_GPU``)."""
    if not offer.network_gbps or offer.gpu_count < 1:
        return None
    return offer.network_gbps / 8 / offer.gpu_count


def train_plan(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int,
               net_gb_s: float | None = None) -> Plan | None:
    """A training run data parallel over ``nodes`` nodes of ``g`` x ``gpu`` at ``p``: the
    speed sizing's training model gives that many GPUs (capability.train_capability: past
    one node its layout search, the collectives between the nodes timed at ``net_gb_s``
    (:func:`node_net_gb_s`), so a node among more trains slower than alone), and the job's
    hours at that speed. None where it does not fit or the job has no size."""
    cap = capability(ctx, gpu, g, p, nodes=nodes, net_gb_s=net_gb_s)
    hours = _job_hours(ctx, cap, 0.0, nodes) if cap.ok and cap.train_tps else None
    if hours is None:
        return None
    return Plan(p=p, cap=cap, nodes=nodes, replicas=nodes, node_hours_proxy=hours * nodes,
                job_hours=hours, used_gib=cap.per_gpu_used_gib)


def train_nodes_for(ctx: Ctx, gpu: GPU, g: int, plan: Plan, hours: float,
                    spot: bool = False, net_gb_s: float | None = None) -> Plan:
    """``plan``, a training run, over the fewest nodes of ``g`` x ``gpu`` that finish it
    within ``hours`` (``max_job_hours`` with ``allow_multi_node``; the caller checks the
    offer's node network). Unlike a batch job's instances (:func:`~service.domain.recommend.
    pricing.scale_out`), the nodes are not independent: each runs at the rate
    :func:`train_plan` gives that many, so the count is searched, from the node-hours over
    the deadline up. ``spot``: the hours with spot's expected restarts, which grow with the
    nodes (``Ctx.spot_overhead_of``). At most :func:`train_max_nodes` nodes, where the plan returned
    may still take longer; ``plan`` itself where it is in time or no more nodes fit."""

    def late(q: Plan) -> float:
        h = q.job_hours if q.job_hours is not None else math.inf
        return h * (1 + ctx.spot_overhead_of(q)) if spot else h

    most = train_max_nodes(g)
    if plan.job_hours is None or late(plan) <= hours or plan.nodes >= most:
        return plan
    found: dict[int, Plan | None] = {}

    def on(n: int) -> Plan | None:
        if n not in found:
            found[n] = train_plan(ctx, gpu, g, plan.p, n, net_gb_s)
        return found[n]

    def in_time(n: int) -> bool:
        q = on(n)
        return q is not None and late(q) <= hours

    def guess(n: int, q: Plan | None) -> int:
        # the node-hours at n's rate over the deadline: more nodes only slow each one down
        need = n * late(q) / hours if q is not None else n + 1
        return min(most, max(n + 1, math.ceil(need - 1e-9)))

    n = guess(plan.nodes, plan)
    while not in_time(n) and n < most:
        n = guess(n, on(n))
    while n - 1 > plan.nodes and in_time(n - 1):  # the fewest (the guess may overshoot)
        n -= 1
    q = on(n)
    if q is None:
        return plan
    return msgspec.structs.replace(q, scaled_from=plan.nodes,
                                   scaled_from_hours=plan.job_hours)


def _apart(value: float, limit: float) -> str:
    """``value`` to as few decimals (none to three) as tell it from ``limit``: a TTFT of
    200.07 ms against a 200 ms target reads "200.1 ms > 200 ms", never "200 ms > 200 ms"."""
    for digits in range(3):
        said = f"{value:,.{digits}f}"
        if said != f"{limit:,.{digits}f}":
            return said
    return f"{value:,.3f}"


def _miss(ctx: Ctx, at: LoadAt, users: int, replicas: int) -> tuple[str, str] | None:
    """(what, reason) where ``replicas`` replicas, each carrying ``users`` concurrent
    requests (``at``: a replica's TTFT, time per token and requests/s there), miss a target:
    the time to first token, or the decode speed per user, 1 / the time per output token at
    that load (/v1/sizing's decode speed); None where they meet them.

    The decode target is never checked against output tokens over a request's whole time:
    with few output tokens that is about 1 / TTFT, so fewer tokens, less work, cost more
    (8B at 2 output tokens: an RTX A4000 that decodes ~36 tokens/s per user was refused for
    "3 delivered" of 10 and a $0.29/h RTX 4090 ranked first, at 16 tokens the $0.15/h
    A4000). The users' total follows from the per-user speed (every user runs: memory sizes
    the replicas for all); their waits for the first token are the TTFT target's."""
    tg = ctx.targets
    ttft_s, tpot_s, _ = at
    ttft_ms = ttft_s * 1000
    if tg.ttft_ms is not None and ttft_ms > tg.ttft_ms:
        said = ("the default time-to-first-token target for interactive serving"
                if tg.default_ttft else "the latency target")
        return (("default TTFT" if tg.default_ttft else "TTFT"),
                f"misses {said}: time to first token {_apart(ttft_ms, tg.ttft_ms)} ms > "
                f"{tg.ttft_ms:,.0f} ms "
                f"with {count(users, 'concurrent request')} per replica"
                + ("; set max_time_to_first_token_ms to change it" if tg.default_ttft else ""))
    if tg.decode_tps is not None:
        what = "default decode" if tg.default_decode else "decode"
        said = ("the default decode-speed target for interactive serving"
                if tg.default_decode else "the latency target")
        hint = "; set min_decode_tokens_per_s to change it" if tg.default_decode else ""
        per_user = 1 / tpot_s
        if per_user < tg.decode_tps:
            return what, (f"misses {said}: {_apart(per_user, tg.decode_tps)} tokens/s per "
                          "user < "
                          f"{plain(tg.decode_tps)} with {count(users, 'concurrent request')} per "
                          "replica"
                          + hint)
    return None


FLOOR_MISS = "misses the latency targets at any load"
"""What :func:`_layout_plan` returns where a layout's load floor misses the targets: the
reason said is built with the load model's figures for the one layout a refusal names."""


def _shortfall(ctx: Ctx, ttft_s: float, tpot_s: float) -> float:
    """How far a replica's TTFT and time per token are from the latency targets: the larger
    of TTFT / its target and decode target / the speed per user (1 or less: both met)."""
    tg = ctx.targets
    return max(ttft_s * 1000 / tg.ttft_ms if tg.ttft_ms else 0.0,
               tg.decode_tps * tpot_s if tg.decode_tps is not None else 0.0)


def _least_shortfall(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> float:
    """:func:`_shortfall` at a layout's load floor (the load model at one request per
    replica for an engine with no floor): of the layouts and precisions of a node shape that
    all miss, the one nearest the targets is the one a refusal names."""
    st = cap.pp * cap.stages
    at = load_floor(ctx, gpu, cap.tp, p, st) or load_at(ctx, gpu, cap.tp, p, 1, st)[:2]
    return _shortfall(ctx, at[0], at[1])


def _least_miss(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> str:
    """Why a layout whose load floor misses the targets is refused: the load model's figures
    at one request per replica, the least load (the floor's own check, so a miss is certain:
    figures no faster than the floor's)."""
    st = cap.pp * cap.stages
    ttft, tpot, _ = load_at(ctx, gpu, cap.tp, p, 1, st)
    osl = max(1, ctx.req.output_tokens)
    miss = _miss(ctx, (ttft, tpot, 1 / (ttft + (osl - 1) * tpot)), 1,
                 ctx.req.concurrent_requests)
    return _with_layout(miss[1] if miss is not None else FLOOR_MISS, p, cap.tp, st)


def _with_layout(reason: str, p: Precision, t: int, stages: int) -> str:
    """A target's miss with the layout it was found on, so that a rejection can be checked
    against /v1/sizing (the weights, the GPUs of one replica)."""
    split = (f"tensor parallel {t}" + (f" x pipeline {stages}" if stages > 1 else "")
             if t * stages > 1 else "one GPU each")
    words = f"{p.id} weights, {split}"
    if " per replica (" in reason:
        return reason.replace(" per replica (", f" per replica ({words}; ", 1)
    if " per replica" in reason:
        return reason.replace(" per replica", f" per replica ({words})", 1)
    return f"{reason} ({words})"


def _in_flight(rate: float, ttft_s: float, tpot_s: float, osl: int) -> float:
    """Requests in flight on one replica at ``rate`` requests/s (Little's law: the rate times
    a request's time in the system, its first token and the rest of its output)."""
    return rate * (ttft_s + (osl - 1) * tpot_s)


def _layout_plan(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability, limit: int | None = None
                 ) -> Plan | str | None:
    """The fewest nodes of this layout (``cap.tp`` GPUs per replica, ``cap.replicas`` per
    node) that carry the load: concurrency per replica searched so that the TTFT and the
    decode speed per user meet the targets at that load (closed loop), the request
    rate sized with queueing (open loop), memory with the headroom at that load.

    ``limit``: the most nodes this plan may take and still be chosen (steady use, where the
    fewest nodes win: the best layout so far); None where it would take more, found from
    lower bounds (memory, then the searches' own steps, each of which only adds nodes)
    without solving the load at every step. The plan returned is the same either way."""
    req = ctx.req
    tg = ctx.targets
    # a group: one node, or the ``cap.pp`` nodes one replica spans; ``r`` replicas a group
    t, r, pp = cap.tp, cap.replicas, cap.pp
    # pipeline stages of a replica (over nodes, or inside a PCIe node): memory and speed
    st = pp * cap.stages
    users = req.concurrent_requests
    u_mem = max(1, cap.replica_concurrency)
    per_node = r * u_mem
    mem_nodes = math.ceil(users / per_node)
    if limit is not None and mem_nodes * pp > limit:
        return None
    # the most groups (nodes, or ``pp`` nodes a replica spans) a chosen plan may take
    most = limit // pp if limit is not None else None
    latency = tg.ttft_ms is not None or tg.decode_tps is not None
    nodes = mem_nodes
    decided = ""
    if latency:
        floor = load_floor(ctx, gpu, t, p, st)
        if floor is not None:
            # the floor's rate: one user, at best back to back
            osl = max(1, req.output_tokens)
            miss_floor = _miss(ctx, (floor[0], floor[1],
                                     1 / (floor[0] + (osl - 1) * floor[1])), 1, users)
            if miss_floor is not None:
                # the floor only decides (a bound, never quoted: a 4 x RTX 3060 was refused
                # at "670 ms at the least", bf16 over 2's floor, where int8 over 4 reaches
                # 200.07 ms); the layout a refusal names gets its figures (:func:`_serve_plan`)
                return FLOOR_MISS

        def miss_on(n: int) -> tuple[str, str] | None:
            u = math.ceil(users / (r * n))
            return _miss(ctx, load_at(ctx, gpu, t, p, u, st), u, r * n)

        miss = miss_on(nodes)
        if miss is not None:
            # the fewest nodes whose replicas share the users so that they meet the targets
            n_one = max(nodes, math.ceil(users / r))  # one request per replica
            if most is not None and n_one > most:
                # more than ``most`` groups cannot be chosen: where ``most`` misses too, the
                # fewest that meet are more (misses fall as groups are added)
                if miss_on(most) is not None:
                    return None
                n_one = most
            miss_one = miss_on(n_one) if n_one > nodes else miss
            if miss_one is not None:
                return _with_layout(miss_one[1], p, t, st)
            lo, hi = nodes, n_one  # lo misses, hi meets
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if miss_on(mid) is None:
                    hi = mid
                else:
                    lo = mid
            nodes = hi
            decided = miss[0]
    replicas = r * nodes
    open_at: tuple[float, float] | None = None
    open_rate = 0.0  # requests/s per replica where ``open_at`` was computed
    osl = max(1, req.output_tokens)
    if tg.rate_rps:
        # a first guess from the closed loop at the most users memory admits (Little's law),
        # then checked, and grown, in the open loop (random arrivals queue); the requests in
        # flight per replica (Little's law: rate x time in the system) must fit its memory
        x_one = load_at(ctx, gpu, t, p, u_mem, st)[2]
        # each replica under HEADROOM_LOAD of what it serves at most (sizing's rule: at 97 %
        # the open loop's queue swings wide; 20 requests/s of 70B fp8 was put on 6 pairs of
        # H100 that serve 3.07 each)
        need = max(1, setups_for(tg.rate_rps, max(x_one, 1.25e-12)))
        for _ in range(12):
            if need > 256 * r:
                break
            if most is not None and math.ceil(need / r) > most:
                return None  # ``need`` only grows from here
            ttft, tpot, saturated = open_loop(ctx, gpu, t, p, tg.rate_rps / need, st)
            # the open loop delivers what the rate asks for (rate x output tokens) however
            # many replicas share it: only the first token and the speed per user are
            # targets (0.0116 requests/s of 8B, 1,000 a day, was refused at "more than 512
            # replicas" by a users' total: 0.0116 x 512 tokens < 1 user x 10 tokens/s)
            if (not saturated and _miss(ctx, (ttft, tpot, math.inf), users, need) is None
                    and _in_flight(tg.rate_rps / need, ttft, tpot, osl) <= u_mem):
                open_at, open_rate = (ttft, tpot), tg.rate_rps / need
                break
            need = max(need + 1, math.ceil(need * 1.25))
        if open_at is None:
            return (f"misses the request-rate target: {per_s(plain(tg.rate_rps))} would need "
                    f"more than {256 * r} replicas of {t} x {gpu.name}")
        if need > replicas:
            replicas, decided = need, "rate"
            # the rate's replicas on whole nodes: each carries less than was checked
            open_rate = tg.rate_rps / (r * math.ceil(need / r))
            open_at = open_loop(ctx, gpu, t, p, open_rate, st)[:2]
    groups = math.ceil(replicas / r)
    if groups * pp > MAX_NODES:
        return f"would need {groups * pp} nodes for the targets"
    # the users spread over every replica of the nodes: the busiest carries ``u``, and each
    # user gets a replica's requests/s at that load over ``u`` (``users`` in all, not u per
    # replica times every replica)
    u = math.ceil(users / (r * groups))
    ttft_s, tpot_s, rps = load_at(ctx, gpu, t, p, u, st)
    load_tps = users * rps / u * osl
    if open_at is not None:
        # the rate's load: the figures of the open loop, the requests in flight per replica
        # by Little's law, the output the rate asks for
        ttft_s, tpot_s = open_at
        u = max(1, math.ceil(_in_flight(open_rate, ttft_s, tpot_s, osl) - 1e-9))
        load_tps = (tg.rate_rps or 0.0) * osl  # what the rate asks for
    memory = _memory_plan(ctx, p, t, req.context_tokens, st)
    replica_tps = 0.0
    if req.job_output_tokens:
        replica_tps = replica_throughput(ctx, gpu, p, cap)[0]
    nodes = groups * pp
    rate = _job_rate(ctx, cap, replica_tps) / pp
    job_hours = _job_hours(ctx, cap, replica_tps, groups)
    return Plan(p=p, cap=cap, nodes=nodes, replicas=r * groups,
                node_hours_proxy=nodes / max(rate * nodes, 1e-12) * nodes if rate
                else float(nodes),
                job_hours=job_hours, users_per_replica=u, ttft_ms=ttft_s * 1000,
                tpot_ms=tpot_s * 1000, load_tps=load_tps, used_gib=memory.total_gib(u),
                decided_by=decided)


def _steady(ctx: Ctx) -> bool:
    """No job size: the plan that takes the fewest nodes wins (a job's node-hours are not
    monotone in its nodes)."""
    req = ctx.req
    return not (req.training_tokens or req.job_output_tokens or req.job_images
                or req.job_audio_hours or req.job_embed_tokens)


def _serve_plan(ctx: Ctx, gpu: GPU, g: int, p: Precision, limit: int | None = None
                ) -> Plan | str | None:
    """The layout of a ``g``-GPU node that carries the load on the fewest nodes (job
    workloads: the fewest node-hours); among equals, the lowest request latency at the
    load (time to first token + output tokens x time per token). ``limit``: as for
    :func:`_plan` (None back where every layout would take more nodes)."""
    layouts = serve_layouts(ctx, gpu, g, p)
    no_fit: str | None = None  # why one node cannot hold the model, where it cannot
    if isinstance(layouts, str):
        split = split_layouts(ctx, gpu, g, p)
        if not split:
            return layouts
        no_fit, layouts = layouts, split
    best: tuple[float, float, int] | None = None
    chosen: Plan | None = None
    reason: str | None = None
    said: Capability | None = None  # the layout whose miss is said
    closest = math.inf  # where latency targets are set: the least shortfall of a miss
    osl = max(1, ctx.req.output_tokens)
    steady = _steady(ctx)
    outranked = False
    latency = ctx.targets.ttft_ms is not None or ctx.targets.decode_tps is not None
    for cap in layouts:
        # steady use: a layout that needs more nodes than the best so far (or than the
        # caller's limit) cannot be chosen; ties still compete on latency
        most = limit
        if steady and chosen is not None:
            most = chosen.nodes if most is None else min(most, chosen.nodes)
        plan = _layout_plan(ctx, gpu, p, cap, most if steady else None)
        if plan is None:
            outranked = True
            continue
        if isinstance(plan, str):
            # the layout nearest the latency targets is the one said (bf16 over 2 RTX 3060
            # was, where int8 over 4 misses 200 ms by 0.07 ms); else the first
            near = _least_shortfall(ctx, gpu, p, cap) if latency else 0.0
            if reason is None or near < closest:
                reason, said, closest = plan, cap, near
            continue
        key = (round(plan.node_hours_proxy, 9),
               (plan.ttft_ms or 0.0) + osl * (plan.tpot_ms or 0.0), cap.tp)
        if best is None or key < best:
            best, chosen = key, plan
    if chosen is not None:
        return chosen
    if reason is None and outranked:
        return None
    assert reason is not None and said is not None
    if no_fit is not None:
        if reason == FLOOR_MISS:  # said within this reason (else :func:`best_plan` says it)
            reason = _least_miss(ctx, gpu, p, said)
        # memory first, then the targets: a node that cannot hold the model is out for its
        # memory, and the split over nodes that would hold it is said as such (never a
        # near-miss target, which would read as if a looser one made this node work)
        nodes = max(c.pp for c in layouts)
        return (f"{no_fit}; split as one replica over {nodes} such nodes (allow_multi_node) "
                f"it {reason}")
    return reason


def _closest(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> tuple[float, Capability | None]:
    """The least :func:`_least_shortfall` over the layouts of a ``g``-GPU node at ``p`` (a
    split over nodes where one node holds none), and that layout (the first of equals, as
    :func:`_serve_plan` chooses); infinite and None where none fits."""
    layouts = serve_layouts(ctx, gpu, g, p)
    if isinstance(layouts, str):
        layouts = split_layouts(ctx, gpu, g, p)
    near, said = math.inf, None
    for cap in layouts:
        short = _least_shortfall(ctx, gpu, p, cap)
        if said is None or short < near:
            near, said = short, cap
    return near, said


class Reachable(msgspec.Struct, frozen=True):
    """The lowest time to first token one layout reaches at the load: one request per
    replica (as many replicas as the load has requests), its replica's prefill alone."""

    ttft_ms: float
    gpu: GPU
    gpus: int
    """GPUs per node of the shape."""
    precision: str
    tp: int
    pipeline: int
    """Pipeline stages of one replica (over nodes, or inside a PCIe node; 1: none)."""
    users_per_replica: int = 1


def reachable_ttft(ctx: Ctx, shapes: Sequence[tuple[GPU, int]], precisions: list[Precision]
                   ) -> Reachable | None:
    """Over the same search as the plans (each shape's runnable precisions, its tensor splits
    that fit, a split over nodes where none does, as many replicas as the load needs), the
    lowest time to first token any layout reaches at the stated load: one request per
    replica, the least any replica count gives (None: no serving layout fits). What an
    impossible latency target's reason quotes, so that a buyer knows what target is
    reachable."""
    best: Reachable | None = None
    users = ctx.req.concurrent_requests
    seen: set[tuple[str, int]] = set()
    for gpu, g in shapes:
        if (link_key(gpu), g) in seen:
            continue
        seen.add((link_key(gpu), g))
        for p in runnable_precisions(ctx, gpu, precisions):
            layouts = serve_layouts(ctx, gpu, g, p)
            if isinstance(layouts, str):
                layouts = split_layouts(ctx, gpu, g, p)
            for cap in layouts:
                st = cap.pp * cap.stages
                # one request per replica, or as few as the most nodes a plan may take allow
                u = max(1, math.ceil(users / (cap.replicas * (MAX_NODES // max(1, cap.pp)))))
                ttft = load_at(ctx, gpu, cap.tp, p, u, st)[0] * 1000
                if best is None or (ttft, gpu.id, g) < (best.ttft_ms, best.gpu.id, best.gpus):
                    best = Reachable(ttft_ms=ttft, gpu=gpu, gpus=g, precision=p.id, tp=cap.tp,
                                     pipeline=st, users_per_replica=u)
    return best


def _memory_need(reason: str) -> float | None:
    """The GiB a memory refusal says the shape needs (each starts "needs <GiB> GiB", the
    prefix :func:`rejection_kind` reads), None for any other refusal: what the refusals of
    one shape at several precisions are compared by."""
    if rejection_kind(reason) != "memory":
        return None
    head = reason[len(MEMORY_PREFIX):].split(" ", 1)[0].replace(",", "")
    try:
        return float(head)
    except ValueError:
        return None


def _not_as_asked(ctx: Ctx, gpu: GPU, precisions: list[Precision], p: Precision,
                  reason: str) -> str:
    """``reason``, a refusal at ``p``; where ``gpu`` runs none of the ``precisions`` tried,
    ``p`` only stands in for one of them (:func:`runnable_precisions`: its nearest that runs
    there), is wider and too large, the kernel rule first: gpt-oss-20b (mxfp4) on a T4 was
    refused for the 40.4 GiB of an fp16 copy nobody tried, where vllm cannot run mxfp4 on
    compute capability 7.5 at all. A stand-in as wide (fp16 for bf16 on a V100) needs what
    the precision asked for would: its memory is the cause, and is said."""
    if rejection_kind(reason) != "memory" or any(
            kernel_refusal(ctx, gpu, q) is None for q in precisions):
        return reason
    asked = next((q for q in precisions if runnable_precisions(ctx, gpu, [q]) == [p]), None)
    if asked is None or p.bits_linear <= asked.bits_linear:
        return reason
    refused = kernel_refusal(ctx, gpu, asked)
    return reason if refused is None else f"{refused} ({reason})"


def best_plan(ctx: Ctx, gpu: GPU, g: int, precisions: list[Precision]) -> Plan | str:
    """The precision that needs the fewest node-hours, quality handicap applied (cached per
    node shape: the choice does not depend on the price)."""
    key = (link_key(gpu), g)
    if key in ctx.plan_cache:
        return ctx.plan_cache[key]
    best: Plan | None = None
    first_reason: str | None = None
    # the refusal said: the least shortfall of a miss (LLM serving with latency targets), a
    # memory refusal after any other, and among those the least need
    closest: tuple[float, int, float] = (math.inf, 0, 0.0)
    said: tuple[Precision, Capability | None] | None = None  # the miss said: its layout
    req = ctx.req
    tg = ctx.targets
    rank_misses = ((tg.ttft_ms is not None or tg.decode_tps is not None)
                   and req.workload in ("serving", "batch") and ctx.model.kind == "llm"
                   and ctx.model.task != "embed")
    steady = not (req.training_tokens or req.job_output_tokens or req.job_images
                  or req.job_audio_hours)
    # only what runs on this GPU (catalog/kernels.toml); an explicit precision it cannot run
    # is tried and refused with the rule's reason. Steady use: in order of quality handicap,
    # stopping where no later precision can need fewer nodes than the best so far
    tried = runnable_precisions(ctx, gpu, precisions)
    if steady:
        tried = sorted(tried, key=lambda q: ctx.handicap(q.id))
    for p in tried:
        if steady and best is not None and (
                best.node_hours_proxy * ctx.handicap(best.p.id)
                <= ctx.handicap(p.id)):
            break
        # steady use: the most nodes with which ``p`` could still beat the best (its score
        # below the best's; never less than that, so the outcome is the same as without)
        limit = (math.floor(best.node_hours_proxy * ctx.handicap(best.p.id)
                            / ctx.handicap(p.id) + 1e-9)
                 if steady and best is not None else None)
        plan = _plan(ctx, gpu, g, p, limit)
        if plan is None:
            continue
        if isinstance(plan, str):
            # every precision missing: the one whose best layout came closest is said (a
            # precision no layout of which fits comes last), else the first; a node too
            # small at every precision at the least need, never the first tried's (2 x L40S
            # was said to need qwen3-235b's 440.1 GiB in bf16, where awq-int4 needs ~125)
            near, cap = _closest(ctx, gpu, g, p) if rank_misses else (math.inf, None)
            need = _memory_need(plan)
            order = (near, 0, 0.0) if need is None else (near, 1, need)
            if first_reason is None or order < closest:
                first_reason, closest, said = plan, order, (p, cap)
            continue
        score = plan.node_hours_proxy * ctx.handicap(p.id)
        if best is None or score < best.node_hours_proxy * ctx.handicap(best.p.id):
            best = plan
    if best is None and first_reason == FLOOR_MISS and said is not None and said[1]:
        # the one refusal said gets the load model's figures (one solve a refused shape)
        first_reason = _least_miss(ctx, gpu, said[0], said[1])
    if best is None and first_reason is not None and said is not None:
        first_reason = _not_as_asked(ctx, gpu, precisions, said[0], first_reason)
    result: Plan | str = best if best is not None else (first_reason or "does not fit")
    ctx.plan_cache[key] = result
    return result


class _Shared(msgspec.Struct, gc=False):
    """Price-independent results for one (model, workload shape) of a catalog snapshot:
    capabilities, saturated serving speeds and the serving model's figures per replica and
    load (TTFT, time per token, requests/s), and per
    plan-relevant request fields the best plan per shape. Kept across requests on the
    snapshot (a bounded LRU): a reload starts empty.

    Flat for the garbage collector: plain dicts keyed by tuples of strings and numbers, whose
    values are floats, tuples of floats or untracked structs, so that a full collection
    leaves none of it tracked (gen-2 pauses stay short however full the caches are)."""

    capabilities: dict[CapKey, Capability] = msgspec.field(default_factory=dict)
    throughput: dict[SpeedKey, tuple[float, float]] = msgspec.field(default_factory=dict)
    loads: dict[LoadKey, LoadAt] = msgspec.field(default_factory=dict)
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
    # an audio model's capability batches the concurrent streams on one GPU (under a request
    # rate, up to the engine's max_num_seqs): it reads them
    audio = ctx.model.kind == "audio"
    key = (ctx.model.id, ctx.engine, r.kv_cache, r.context_tokens,
           r.output_tokens, r.workload, msgspec.json.encode(r.finetune), r.width, r.height, r.steps,
           # the clip's frames and CPU offload set a video or image pipeline's memory and time
           ctx.model.num_frames, r.cpu_offload,
           r.allow_multi_node, r.min_memory_headroom_pct,
           r.concurrent_requests if audio else None,
           bool(r.target_requests_per_s) if audio else None,
           # a diffusion capability refuses a GPU slower than the per-image limit
           r.max_seconds_per_image,
           # images_per_request scales a vision model's cross-attention cache (with_images)
           ctx.model.arch.cross_attention_tokens if ctx.model.arch is not None else None)
    shared = cast(_Shared, ctx.catalog.derived.lru("recommend_shapes", _CACHE_CONTEXTS)
                  .get_or_make(key, _Shared))
    plan_key = (",".join(p.id for p in precisions), r.weights == "auto", r.concurrent_requests,
                r.target_output_tokens_per_s, r.target_requests_per_s,
                r.max_time_to_first_token_ms, r.min_decode_tokens_per_s, r.training_tokens,
                r.job_output_tokens, r.job_images, r.job_audio_hours, r.job_embed_tokens,
                ctx.relax_defaults,
                ctx.relaxed_ttft.target_ms if ctx.relaxed_ttft is not None else None)
    ctx.cache = shared.capabilities
    ctx.throughput_cache = shared.throughput
    ctx.load_cache = shared.loads
    with _PLANS_LOCK:
        ctx.plan_cache = lru_step(shared.plans, plan_key, _Plans, _PLANS_PER_CONTEXT).by_shape
