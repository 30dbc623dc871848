"""What would change the answer (another precision, a shorter context, multi-node, spot, a
relaxed target), why nothing fits when nothing does, and the rules noted as assumptions."""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections.abc import Callable, Sequence

import msgspec

from service.domain.catalog.models import seq_cache_bytes
from service.domain.catalog.offer_query import price_basis
from service.domain.catalog.offers import Offer
from service.domain.catalog.precisions import (
    Precision,
    find_kv_type,
    find_precision,
)
from service.domain.errors import DomainError
from service.domain.locale import plain, sig3
from service.domain.recommend.capability import (
    KERNEL_REFUSAL,
    NEAREST,
    _engine,
    _memory_plan,
    candidate_precisions,
    capability,
    diffusion_seconds,
    diffusion_setting,
    headroom_limit,
    keeps_kv,
    kernel_refusal,
    kv_of,
    load_at,
    objective_words,
    runnable_precisions,
    train_capability,
)
from service.domain.recommend.context import (
    DEFAULT_DECODE_TOKENS_PER_S,
    DEFAULT_TTFT_MS,
    DEFAULT_TTFT_PROMPT_TOKENS,
    FAST_NETWORKS,
    LONG_JOB_HOURS,
    LONG_RUN_DAYS,
    MULTI_NODE_HANDICAP,
    QUALITY_HANDICAP,
    RESTART_MINUTES,
    SPOT_INTERRUPTIONS_PER_HOUR,
    STEADY_HOURS_PER_DAY,
    VERY_LONG_RUN_DAYS,
    Ctx,
    RelaxedTTFT,
    count,
    gpu_ids,
    own_said,
    per_s,
    rejection_kind,
    usd,
)
from service.domain.recommend.options import (
    LONG_TTFT_MS,
    best_cost,
    finalise,
    machine_words,
    multi_node_quotes,
    no_region_offers,
    quote_cost,
    rank_offers,
    stated_days,
    untrusted_reason,
)
from service.domain.recommend.plans import (
    Reachable,
    _memory_need,
    reachable_ttft,
    use_shared_caches,
)
from service.domain.recommend.pricing import (
    JOB_SIZES,
    MAX_JOB_INSTANCES,
    Quote,
    hours_words,
    price_date_of,
    pricing_words,
)
from service.domain.recommend.types import (
    Alternative,
    Option,
    RecommendationRequest,
)
from service.domain.sizing.efficiency import joined_as
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.memory import (
    GIB,
    is_video,
    weight_bytes,
)
from service.domain.sizing.requests import SizingRequest, training_options
from service.domain.sizing.sizing import moe_training_warning, size


def find_alternatives(ctx: Ctx, offers: Sequence[Offer], options: list[Option],
                      precisions: list[Precision],
                      rejected: Sequence[tuple[Offer, str]] = (),
                      candidates: Sequence[Quote] = (),
                      reruns: list[str] | None = None) -> list[Alternative]:
    """What would change the answer, each priced: the changed request's best option and what
    it costs (shown where it costs less than the answer, or where nothing fits today; on the
    same GPU, count and nodes only where it saves at least ``MEANINGFUL_SAVING``), and for a
    job that takes over ``LONG_RUN_DAYS`` the cheapest of ``candidates`` (the request's own
    quotes) that finishes sooner. ``reruns`` collects each change rerun, with an option or not:
    the reason of an answer with none says that those give none (:func:`impossible_reason`
    advises only the changes shown here, so every advice is one a rerun found an option for)."""
    req = ctx.req
    alts: list[Alternative] = []
    current = best_cost(options)
    top_shape = ((options[0].offer.gpu, options[0].offer.gpu_count, options[0].nodes)
                 if options else None)
    # (GPU, count, nodes) and cost of each other-weights alternative shown
    shown: list[tuple[tuple[str, int, int], float]] = []

    def rerun(change: str, new_req: RecommendationRequest,
              effect_prefix: str | Callable[[Option], str], engine: str | None = None,
              least_saving: float = 0.0, among: Sequence[Offer] | None = None) -> None:
        if reruns is not None:
            reruns.append(change)
        sub = _sub_ctx(ctx, new_req, engine)
        sub_precisions = candidate_precisions(sub)
        use_shared_caches(sub, sub_precisions)
        # only a cheaper answer is shown: offers that cannot cost less are not planned; with
        # no answer, offers that cannot be within the budget (it kept every option out)
        ceiling = current if current is not None else budget_ceiling(sub)
        cands, _ = rank_offers(sub, offers if among is None else among, sub_precisions,
                               top_n=1, ceiling=ceiling)
        sub_opts = finalise(sub, cands, top_n=1)  # only the best one is quoted
        cost = best_cost(sub_opts)
        if not sub_opts or cost is None:
            return
        if current is not None and (cost >= current * (1 - 1e-6)
                                    or round(cost) >= round(current)):
            return  # no saving, or one that rounds to nothing in the dollars shown
        if current is not None and cost > current * (1 - least_saving):
            return  # a target halved for a negligible saving (TARGET_SAVING): not a choice
        top = sub_opts[0]
        if (current is not None and cost > current * (1 - MEANINGFUL_SAVING)
                and (top.offer.gpu, top.offer.gpu_count, top.nodes) == top_shape):
            return  # the same machine for a few dollars less: noise, not a choice
        if change.startswith("weights "):
            # the precisions are tried best quality first: a lower one that gets the same
            # machine for about the same money adds only a quality loss
            shape = (top.offer.gpu, top.offer.gpu_count, top.nodes)
            if any(s == shape and cost > c * (1 - MEANINGFUL_SAVING) for s, c in shown):
                return
            shown.append((shape, cost))
        if callable(effect_prefix):
            effect_prefix = effect_prefix(top)
        elif "{fits}" in effect_prefix:
            effect_prefix = effect_prefix.format(fits=_fits_words(ctx, options, top))
        alts.append(_priced(ctx, change, effect_prefix, top, cost, current))

    unoffered = gpus_without_offers(ctx) if not options and not rejected else None
    if unoffered:
        # no offer in the catalog rents any GPU named (MI325X): no other change of the request
        # gives an option there, so the one alternative is the nearest GPU the catalog has
        # offers for, as the request asks otherwise (the next nearest where that gives none)
        for gid in ctx.catalog.nearest_offered(unoffered)[:NEAREST_GPU_TRIES]:
            shown_before = len(alts)
            rerun(NEAREST_GPU_CHANGE, msgspec_replace(req, gpus=[gid]),
                  lambda top: f"{NEAREST_GPU_EFFECT}, at {top.weights} weights")
            if len(alts) > shown_before:
                break
        if reruns is not None and NEAREST_GPU_CHANGE in reruns:
            # said once, however many GPUs were tried
            reruns[:] = [c for c in reruns if c != NEAREST_GPU_CHANGE] + [NEAREST_GPU_CHANGE]
        return alts
    tried: set[str] = {p.id for p in precisions}
    for q in _runs_instead(ctx, options, rejected):
        # the precision asked for kept cheaper GPUs out: the nearest one they run (bf16 ->
        # fp16 on a T4 or V100, the same 16 bits) first, before any quantization; the
        # changed request's best option may be on other GPUs, and the text says why it is
        # the answer there
        tried.add(q.id)
        rerun(f"weights {q.id}", msgspec_replace(req, weights=q.id),
              functools.partial(_instead_words, ctx, q, precisions[0],
                                rejected=rejected, candidates=candidates))
    if ctx.model.kind == "llm" and req.workload in ("serving", "batch"):
        if all(p.bits_linear >= 16 for p in precisions) and "fp8" not in tried:
            rerun("weights fp8", msgspec_replace(req, weights="fp8"),
                  "FP8 weights (near-lossless) {fits}")
            rerun("weights int4 (AWQ)", msgspec_replace(req, weights="awq-int4"),
                  "4-bit weights (small quality loss) {fits}")
        default = ctx.registry.engines.default(ctx.model.kind, False)
        asked = ctx.kv_asked
        if not req.engine and asked is not None and not keeps_kv(default, asked):
            # the KV type asked ruled out the default engine (q8_0 / q4_0: llama.cpp only):
            # the nearest cache it keeps, on it
            rerun("kv_cache fp8", msgspec_replace(req, kv_cache="fp8"),
                  f"an FP8 KV cache, which {default.name} keeps (the {asked.id} cache asked "
                  f"for ranks {ctx.engine} only)", engine=default.id)
        smaller = _smaller_kv(ctx, precisions[0])
        if smaller is not None and _kv_dominant(ctx, precisions[0]):
            rerun(f"kv_cache {smaller}", msgspec_replace(req, kv_cache=smaller),
                  KV_WORDS[smaller])
        if req.context_tokens >= 8192 and _kv_dominant(ctx, precisions[0]):
            shorter = max(req.output_tokens + 1, req.context_tokens // 2)
            rerun(f"context {shorter} tokens",
                  msgspec_replace(req, context_tokens=shorter),
                  "half the context halves the KV cache")
    if ctx.model.kind == "llm" and req.workload == "serving":
        tg = ctx.targets
        decided = {o.plan_decided for o in _decided(ctx, options)}
        missed = " ".join(r for _, r in rejected if r.startswith("misses"))
        if tg.ttft_ms is not None and ("TTFT" in " ".join(decided) or "first token" in missed):
            relaxed = 2 * tg.ttft_ms
            rerun(f"relax TTFT to {relaxed:,.0f} ms",
                  msgspec_replace(req, max_time_to_first_token_ms=relaxed),
                  f"a first token within {seconds(relaxed)} instead of "
                  f"{seconds(tg.ttft_ms)}", least_saving=TARGET_SAVING)
        if tg.decode_tps is not None and tg.decode_tps > 1 and (
                "decode" in " ".join(decided) or "tokens/s" in missed):
            slower = max(1.0, tg.decode_tps / 2)
            rerun(f"relax decode speed to {figure(slower)} tokens/s per user",
                  msgspec_replace(req, min_decode_tokens_per_s=slower),
                  f"{figure(slower)} instead of {figure(tg.decode_tps)} tokens/s per user",
                  least_saving=TARGET_SAVING)
    kinds = {rejection_kind(r) for _, r in rejected}
    if not ctx.interruptible and (req.workload in ("batch", "finetune") or (
            not options and kinds & {"budget", "billing"})):
        # serving and pre-training are not interruptible by default: spot is said where it
        # is what the answer lacks (an offer over the budget on-demand, or priced on spot
        # alone), and only where the spot request has an option
        rerun("allow spot (interruptible)", msgspec_replace(req, interruptible=True),
              "spot prices with checkpointing" if req.workload != "serving"
              else "spot prices (an interruption takes the endpoint down until it restarts)")
    if not options and not req.allow_multi_node and (
            req.workload in ("finetune", "pretrain") or ctx.model.kind == "llm"):
        # an LLM's serving replica may span nodes (pipeline stages over a fast node network);
        # a training run past its deadline on every node is spread over more of them
        # (pricing.quote_offer): the node count and the hours that meets it
        late = (req.workload in ("finetune", "pretrain") and req.max_job_hours is not None
                and bool(ctx.deadline_misses))
        # only an offer with a fast node network can change: elsewhere the plans are the
        # request's own (a replica or run split over nodes is refused there, and a run is
        # spread only over such nodes: pricing.trains_over_nodes), and the request's own
        # gave no option, so those offers are not planned again
        rerun("allow multi-node", msgspec_replace(req, allow_multi_node=True),
              _spread_words if late else "shard the model over several nodes",
              among=[o for o in offers if o.network in FAST_NETWORKS])
    if not options and not req.include_suspect and {"trust", "deadline"} <= kinds:
        # a deadline missed where offers kept out by a price flagged as suspect would meet it
        # (a multi-node run's only fast-network machines: audit regress4 #8, where the reason
        # said only the deadline): ranked with a warning, as the price-trust reason advises
        # (where the trust is the reason, it says so itself)
        rerun("include_suspect", msgspec_replace(req, include_suspect=True), _suspect_words)
    if not options and req.max_gpus_per_node:
        # the GPUs per node asked for hold no option: the same request on any node size
        rerun("allow more GPUs per node", msgspec_replace(req, max_gpus_per_node=None),
              "no limit on GPUs per node")
    if not options and ctx.only_gpus and "memory" in kinds and kinds <= {"memory", "hardware"}:
        # the GPUs named are too small: the same request on larger ones (Wan 2.1 14B on an
        # A100 40GB: the A100 80GB), the variants of the GPU named first
        variants, others = _larger_gpus(ctx, rejected)
        if variants:
            rerun("use a variant with more memory", msgspec_replace(req, gpus=variants),
                  "the GPU asked for, with more memory")
        if others:
            rerun("use a GPU with more memory", msgspec_replace(req, gpus=others),
                  "another GPU with more memory than those asked for")
    faster = _faster(ctx, options[0], candidates, current) if options else None
    multi = (_multi_node_plan(ctx, offers, options[0], precisions[0])
             if options and req.workload == "pretrain" else None)
    # with multi-node allowed, the multi-node plan is among the candidates too: said once,
    # as the multi-node plan (with its network)
    if faster is not None and not (multi is not None and multi.offer_id == faster.offer_id
                                   and multi.per_job_usd == faster.per_job_usd):
        alts.append(faster)
    if multi is not None:
        alts.append(multi)
    return alts


NEAREST_GPU_CHANGE = "use the nearest GPU with offers"
"""The alternative of a request whose GPUs named have no offer in the catalog."""
NEAREST_GPU_EFFECT = "the nearest GPU the catalog has offers for"
"""Its effect's head, before the weights, the machine and the price."""
SIZED_HEAD = "; without a price, sizing still says: "
"""The head of what sizing says on a GPU named that no offer rents."""
NEAREST_GPU_TRIES = 3
"""The nearest GPUs with offers rerun, in order, until one gives an option."""


def gpus_without_offers(ctx: Ctx) -> list[str]:
    """The GPUs the request names (its ``gpus`` filter, as ids, in order) where no offer of
    the catalog rents any of them, whatever the other filters; [] without the filter or
    where one of them has an offer."""
    only = ctx.only_gpus
    if not only or only & ctx.catalog.offered_gpus:
        return []
    said: list[str] = []
    for value in ctx.req.gpus or ():
        for gid in sorted(gpu_ids(ctx.registry, [value], "$.gpus")):
            if gid not in said:
                said.append(gid)
    return said


def no_offer_gpu_reason(ctx: Ctx, gids: Sequence[str], precisions: list[Precision]) -> str:
    """Why no option, where no offer of the catalog rents a GPU named: said so, by name,
    then what /v1/sizing's core says of the request on the first of them (an LLM served or
    run as a batch: the fewest of it in one node that hold the request's concurrent
    requests at the first precision tried that fits, and its output tokens/s at full load),
    never a price."""
    gpus = ctx.registry.gpus
    names = [gpus[g].name for g in gids]
    said = (f"the catalog has no offer for {names[0]} (no provider in the catalog lists it)"
            if len(names) == 1 else
            f"the catalog has no offer for {', '.join(names[:-1])} or {names[-1]} (no "
            "provider in the catalog lists them)")
    return said + _sized_on(ctx, gids[0], precisions)


def _sized_on(ctx: Ctx, gid: str, precisions: list[Precision]) -> str:
    """"; without a price, sizing still says: <model> at <p> fits on <n> x <GPU>, ~<t> output
    tokens/s at full load (/v1/sizing)", or that it does not fit one node of ``NODE_GPUS`` of
    it; "" for a model or workload the sentence is not about (training, images, audio,
    embeddings) or where the sizing refuses the request."""
    req, m = ctx.req, ctx.model
    if m.kind != "llm" or m.task == "embed" or req.workload not in ("serving", "batch"):
        return ""
    gpu = ctx.registry.gpus[gid]
    for p in precisions:
        n = 1
        while n <= NODE_GPUS:
            try:
                r = size(SizingRequest(
                    model=req.model, architecture=req.architecture, hf_config=req.hf_config,
                    weights=p.id, kv_cache=req.kv_cache, engine=ctx.engine, gpu=gid,
                    gpu_count=n, batch_size=req.concurrent_requests,
                    input_tokens=req.context_tokens - req.output_tokens,
                    output_tokens=req.output_tokens,
                    images_per_request=req.images_per_request), ctx.catalog)
            except (DomainError, ValueError):
                return ""
            perf = r.performance
            if (r.fits and r.runs is not False and perf is not None
                    and perf.max_throughput_tokens_per_s
                    and (r.max_batch_size or 0) >= req.concurrent_requests):
                return (f"{SIZED_HEAD}{m.name} at {p.id} fits on {n} x {gpu.name}, "
                        f"~{sig3(perf.max_throughput_tokens_per_s)} output tokens/s at full "
                        "load (/v1/sizing)")
            n *= 2
    at = precisions[0].id if len(precisions) == 1 else "any precision tried"
    return (f"{SIZED_HEAD}{m.name} at {at} does not fit on {NODE_GPUS} x {gpu.name} "
            "(/v1/sizing)")


def _sub_ctx(ctx: Ctx, new_req: RecommendationRequest, engine: str | None = None) -> Ctx:
    """The context of a changed request, for :func:`find_alternatives`' reruns."""
    return Ctx(req=new_req, model=ctx.model, catalog=ctx.catalog, registry=ctx.registry,
               providers=ctx.providers, today=ctx.today, stale_days=ctx.stale_days,
               interruptible=new_req.interruptible if new_req.interruptible is not None
               else ctx.interruptible, hours_per_day=ctx.hours_per_day,
               engine=engine or ctx.engine,
               max_storage_price=ctx.max_storage_price, relax_defaults=ctx.relax_defaults,
               max_egress_price=ctx.max_egress_price,
               # a changed request keeps the relaxed default TTFT (the same wait for the
               # first token: a shorter context only reaches it sooner) unless it states
               # a target of its own
               relaxed_ttft=(ctx.relaxed_ttft
                             if new_req.max_time_to_first_token_ms is None else None))


def _priced(ctx: Ctx, change: str, effect_prefix: str, top: Option, cost: float,
            current: float | None) -> Alternative:
    """An alternative whose effect is a changed request's best option: "<effect_prefix>:
    <machines> at <provider>, $<cost>/month" (or " in all"), its reserved term, the answer's
    own cost (" (vs $1,360)") and a caveat on its price (answer/core_warnings.py reads it
    back for another language)."""
    return Alternative(
        change=change, effect=f"{effect_prefix}: {machine_words(top)} at "
        f"{top.offer.provider}, "
        + (f"{usd(cost)}/month" if top.cost.per_month_usd is not None
           else f"{usd(cost)} in all")
        + ("" if top.pricing_model != "reserved" else " (" + pricing_words(
            top.pricing_model, ctx.catalog.offers_by_id.get(top.offer.id)) + ")")
        + ("" if current is None else f" (vs {usd(current)})")
        + price_caveat(_option_age(ctx, top), bool(top.offer.suspect_reasons)),
        per_month_usd=top.cost.per_month_usd, per_job_usd=top.cost.per_job_usd,
        offer_id=top.offer.id)


NO_REGION_BEST = "the best of them, its region not listed (check with the provider)"
"""The effect's head of :func:`region_not_listed` where one of the offers left out ranks."""
NO_REGION_NONE = "none of them is an option for this request"
"""Its effect where none does."""
NO_REGION_CHANGE = re.compile(r"\A(?P<n>\d[\d,]*+) offers? left out: no known region is listed "
                              r"for (?:them|it) \((?:offers of|an offer of) "
                              r"(?P<providers>[\w., -]++)\)\Z")
"""Its change: how many offers, whose (provider ids, ", "-separated)."""


def region_not_listed(ctx: Ctx, offers: Sequence[Offer],
                      options: list[Option]) -> Alternative | None:
    """With a region filter: the offers it left out because no known region is listed for
    them (options.no_region_offers: "runpod" rows with no region; a place can
    never be claimed for them, so they stay out), said rather than only counted: how many,
    whose, and the best of them ranked as if the filter were not set (the request's own
    targets, budget and other filters), "region not listed", so that the buyer can check
    with the provider; None without a filter or where it left none out."""
    left = no_region_offers(ctx, offers)
    if not left:
        return None
    providers = ", ".join(sorted({o.provider for o in left}))
    # (the offers list no region, not always their provider: AWS lists one for most of its)
    change = (f"1 offer left out: no known region is listed for it (an offer of {providers})"
              if len(left) == 1 else
              f"{len(left):,} offers left out: no known region is listed for them (offers of "
              f"{providers})")
    sub = _sub_ctx(ctx, msgspec_replace(ctx.req, regions=None))
    precisions = candidate_precisions(sub)
    use_shared_caches(sub, precisions)
    cands, _ = rank_offers(sub, left, precisions, top_n=1)
    best = finalise(sub, cands, top_n=1)
    cost = best_cost(best)
    if not best or cost is None:
        return Alternative(change=change, effect=NO_REGION_NONE)
    return _priced(ctx, change, NO_REGION_BEST, best[0], cost, best_cost(options))


_INSTANCES = re.compile(r"\A[^:]*+: (\d[\d,]*+) instances of ")


def no_region_said(alt: Alternative) -> tuple[int, list[str], int] | None:
    """What a :func:`region_not_listed` alternative says: (how many offers, their providers'
    ids, the instances its best option rents: 1 where it names none); None for any other
    alternative (/v1/ask says it in its own words: answer/numbers/write.py)."""
    m = NO_REGION_CHANGE.fullmatch(alt.change)
    if m is None:
        return None
    nodes = _INSTANCES.match(alt.effect)
    return (int(m.group("n").replace(",", "")), m.group("providers").split(", "),
            int(nodes.group(1).replace(",", "")) if nodes else 1)


def budget_ceiling(ctx: Ctx) -> float | None:
    """The most a steady option may cost a month and still be within the request's budget,
    in :func:`rank_offers`' ``ceiling`` terms (an offer's least hourly price x the month's
    hours): an option's price per hour is its machine's price times its instances, never
    below the offer's least price, so an offer whose least price is over ``max_usd_per_hour``
    is over it (pricing._over_budget); its month is billed for at least the hours used, so
    one whose least price for those hours is over ``max_usd_per_month`` is over that. None
    where no hourly or monthly budget is set (a job's total is not a steady cost)."""
    req = ctx.req
    month_hours = ctx.hours_per_day * req.days_per_month
    bounds = [b for b in (req.max_usd_per_hour * month_hours
                          if req.max_usd_per_hour is not None else None,
                          req.max_usd_per_month) if b is not None]
    return min(bounds, default=None)


def price_caveat(stale_days: int | None, suspect: bool) -> str:
    """What an alternative says of its price where the option it quotes carries a stale
    price (``stale_days``: its age, None where it is fresh) or a suspect one
    (include_stale / include_suspect), as that option's warnings do: short, appended to the
    effect ("" where the price is neither). An alternative on a 638-day-old price at 0.26x
    the median stated its saving as fact (audit serve #5). Read back in every language by
    answer/core_warnings.py (``core_alt_caveat_*``)."""
    if stale_days is not None and suspect:
        return f"; caution: its price is {stale_days:,} days old and flagged as suspect"
    if stale_days is not None:
        return f"; caution: its price is {stale_days:,} days old"
    return "; caution: its price is flagged as suspect" if suspect else ""


def _option_age(ctx: Ctx, top: Option) -> int | None:
    """The age in days of a stale price an option pays (its ``offer.as_of``), None where it
    is not stale."""
    if not top.offer.stale:
        return None
    return (ctx.today - dt.date.fromisoformat(top.offer.as_of)).days


def _quote_caveat(ctx: Ctx, q: Quote) -> str:
    """:func:`price_caveat` for a quote, by the option's rules (options._option): the date of
    the price it pays, and a doubt about the spot price only where it pays the spot price."""
    as_of, _ = price_date_of(q.offer, q.model)
    age = (ctx.today - as_of).days
    trust = ctx.catalog.trust_of(q.offer.id)
    doubts = trust.suspect_reasons if q.spot else trust.offer_reasons
    return price_caveat(age if age > ctx.stale_days else None, bool(doubts))


def _spread_words(top: Option) -> str:
    """The ``allow multi-node`` alternative of a training run no node finishes by its
    deadline: the nodes the changed request's best option spreads it over, and its hours."""
    if top.nodes <= 1 or top.performance.job_hours is None:
        return "shard the model over several nodes"
    spot = top.cost.expected_spot_overhead_pct  # held to the deadline with its restarts
    hours = top.performance.job_hours * (1 + (spot or 0.0) / 100)
    return (f"the run spread over {top.nodes:,} nodes with a fast network finishes in "
            f"~{hours:,.{0 if hours >= 100 else 1}f} h"
            + (" with spot's expected restarts" if spot is not None else ""))


def _suspect_words(top: Option) -> str:
    """The ``include_suspect`` alternative: the offers kept out by a suspect price ranked
    with a warning; for a training run spread over nodes, the nodes and hours it takes."""
    said = "offers whose prices are flagged as suspect, ranked with a warning"
    spread = _spread_words(top)
    return said + (f", where {spread}" if top.nodes > 1 and spread.startswith("the run")
                   else "")


def _larger_gpus(ctx: Ctx, rejected: Sequence[tuple[Offer, str]]
                 ) -> tuple[list[str], list[str]]:
    """(the variants of the GPUs named with more usable memory than the largest refused for
    memory, every other catalog GPU with more), as GPU ids: what a request whose named GPUs
    are too small is rerun on. A variant is a GPU of the same family, as the ``gpus`` filter
    reads a family (``A100``: every A100, :meth:`Registry.gpu_family`)."""
    gpus, registry = ctx.registry.gpus, ctx.registry
    short = [gpus[o.gpu].usable_gib for o, r in rejected
             if rejection_kind(r) == "memory" and o.gpu in gpus]
    if not short or not ctx.only_gpus:
        return [], []
    most = max(short)
    family: set[str] = set()
    for gid in ctx.only_gpus:
        words = gpus[gid].name.split() if gid in gpus else []
        # the shortest start of its name that names a family with it ("NVIDIA A100")
        family.update(next((f for i in range(1, len(words) + 1)
                            if gid in (f := registry.gpu_family(" ".join(words[:i])))), []))
    larger = {gid for gid, g in gpus.items() if g.usable_gib > most} - ctx.only_gpus
    return sorted(larger & family), sorted(larger - family)


def figure(x: float) -> str:
    """A rate or a count as the answer's text shows it: at most one decimal, none where it
    is whole ("12.5", "10", "1,250")."""
    return f"{x:,.0f}" if abs(x - round(x)) < 0.05 or abs(x) >= 100 else f"{x:,.1f}"


def seconds(ms: float) -> str:
    """A duration given in ms as the text says it in seconds: "15.1 s", "4 s" (never the
    float's raw digits)."""
    return f"{figure(ms / 1000)} s"


def _fits_words(ctx: Ctx, options: list[Option], top: Option) -> str:
    """What lower weights change about the machine, as it is: fewer GPUs, smaller ones, the
    same machine for less, or other GPUs for less (never "smaller or fewer" on the same
    GPU and count)."""
    if not options:
        return "fit where the weights asked for do not"
    now = options[0]
    gpus = ctx.registry.gpus
    n_now, n_new = now.offer.gpu_count * now.nodes, top.offer.gpu_count * top.nodes
    if (now.offer.gpu, n_now) == (top.offer.gpu, n_new):
        return "cost less on the same GPUs"
    if n_new < n_now and top.offer.gpu == now.offer.gpu:
        return "fit fewer GPUs"
    g_now, g_new = gpus.get(now.offer.gpu), gpus.get(top.offer.gpu)
    if g_now is not None and g_new is not None and n_new <= n_now and (
            g_new.usable_gib < 0.9 * g_now.usable_gib):
        return "fit smaller GPUs" if n_new == n_now else "fit fewer, smaller GPUs"
    if n_new < n_now:
        return "fit fewer GPUs"
    return "cost less on other GPUs"


MEANINGFUL_SAVING = 0.05
"""An alternative on the same GPU, count and nodes as the answer is shown only where it saves
at least this share of the cost (a few dollars off the same machine is noise)."""


TARGET_SAVING = MEANINGFUL_SAVING
"""A relaxed target (the first token's wait doubled, the decode speed per user halved) is
offered only where it saves at least this share of the answer's cost, whatever machine it
lands on: half the speed for $2 of $1,343 a month (0.15 %) is no choice a buyer would take.
The same 5 % as an alternative on the answer's own machine (``MEANINGFUL_SAVING``)."""


def _runs_instead(ctx: Ctx, options: list[Option], rejected: Sequence[tuple[Offer, str]]
                  ) -> list[Precision]:
    """Each nearest precision that GPUs refused for the precision asked for would run (the
    kernel matrix's ``nearest that runs there``), where such an offer is cheaper than the top
    option (or there is none), best quality first."""
    if ctx.req.weights == "auto":
        return []
    top = (options[0].cost.per_hour_usd / max(1, options[0].nodes)) if options else None
    found: set[str] = set()
    for offer, reason in rejected:
        if not reason.startswith(KERNEL_REFUSAL) or NEAREST not in reason:
            continue
        price = price_basis(offer)[0]
        if top is not None and (price is None or price >= top):
            continue
        found.add(reason.rsplit(NEAREST, 1)[1].strip())
    out = [q for pid in found if (q := find_precision(pid)) is not None]
    return sorted(out, key=lambda q: (ctx.handicap(q.id), q.id))


def _instead_words(ctx: Ctx, q: Precision, p: Precision, top: Option, *,
                   rejected: Sequence[tuple[Offer, str]], candidates: Sequence[Quote]) -> str:
    """Why ``q`` weights make ``top`` (the changed request's best option) the answer where
    ``p``, the precision asked for, does not, naming top's GPU: ``p`` cannot run there (the
    kernel matrix), does not fit there, misses the targets there, needs more nodes there, or
    costs more there. Never "where p cannot" on a GPU that runs p."""
    gpu = ctx.registry.gpus.get(top.offer.gpu)
    name = top.offer.gpu_name
    bits = " (16 bits, no quantization)" if q.bits_linear >= 16 else ""
    if gpu is not None and kernel_refusal(ctx, gpu, p) is not None:
        return f"{q.id} weights run on {name} where {p.id} cannot{bits}"
    said = next((r for o, r in rejected if o.id == top.offer.id), None)
    kind = rejection_kind(said) if said is not None else None
    if kind == "memory":
        return f"{q.id} weights fit on {name} where {p.id} does not{bits}"
    if kind == "targets":
        what = ("the default serving targets" if ctx.targets.default_ttft
                or ctx.targets.default_decode else "the targets")
        return f"{q.id} weights meet {what} on {name} where {p.id} misses them{bits}"
    mine = [c for c in candidates if c.offer.id == top.offer.id and c.model == top.pricing_model]
    if mine:
        c = min(mine, key=lambda x: x.sort_cost)
        cost = quote_cost(c)
        if c.plan.nodes > top.nodes:
            held = f" for the {c.plan.decided_by} target" if c.plan.decided_by else ""
            return (f"{q.id} weights carry the load on {count(top.nodes, 'node')} of {name} "
                    f"where {p.id} needs {c.plan.nodes}{held}{bits}")
        if cost is not None:
            return (f"{q.id} weights cost less on {name} ({p.id} there: {usd(cost)}"
                    + ("/month" if c.per_month is not None else " in all") + f"){bits}")
    return f"{q.id} weights cost less, on {name}{bits}"


class _Decided(msgspec.Struct, frozen=True):
    plan_decided: str


def _decided(ctx: Ctx, options: list[Option]) -> list[_Decided]:
    """What set the replica count of the options shown (read back from their wording: the
    plan is not on the option)."""
    out = []
    for o in options:
        if "target" in o.why and "set the replica count" in o.why:
            what = ("default TTFT" if "default time-to-first-token" in o.why
                    else "TTFT" if "time-to-first-token" in o.why
                    else "default decode" if "default decode" in o.why
                    else "decode" if "decode-speed" in o.why else "rate")
            out.append(_Decided(plan_decided=what))
    return out


def _best_days(best: Option, how: str) -> str:
    """The days of ``best`` (the top option) as an alternative's "instead of" says them: on
    the basis its own text states (spot: with its expected restarts, as
    :func:`~service.domain.recommend.options.stated_days`), that basis named where it is not
    the alternative's (``how``): "25.9 days (expected, with restarts) instead of 165" (no
    "~": answer/core_warnings.py reads the figure back for another language)."""
    spot = best.cost.expected_spot_overhead_pct
    days = (best.performance.job_hours or 0.0) * (1 + (spot or 0.0) / 100) / 24
    mine = " (expected, with restarts)" if spot is not None else ""
    return f"{days:,.0f}" + ("" if mine == how else mine)


def _faster(ctx: Ctx, best: Option, candidates: Sequence[Quote], current: float | None
            ) -> Alternative | None:
    """A job that takes over ``LONG_RUN_DAYS`` on the top option: the cheapest candidate that
    finishes within them, else the cheapest that at least halves the time (not the fastest:
    a dearer machine for a few hours more saved); None where the job is short or nothing
    halves it."""
    hours = best.performance.job_hours
    if hours is None or hours <= LONG_RUN_DAYS * 24:
        return None
    timed = [c for c in candidates if c.plan.job_hours is not None and c.per_job is not None]
    within = [c for c in timed if (c.plan.job_hours or 0.0) <= LONG_RUN_DAYS * 24]
    q: Quote | None
    if within:
        q = min(within, key=lambda c: (c.sort_cost, c.offer.id))
    else:
        # the cheapest that at least halves the time, never a dearer machine for a few hours
        q = min((c for c in timed if (c.plan.job_hours or 0.0) <= hours / 2),
                key=lambda c: (c.sort_cost, c.offer.id), default=None)
        if q is None:
            return None
    o, (days, how) = q.offer, stated_days(ctx, q)  # on spot with its restarts, said so
    gpus = f"{o.gpu_count} x {q.gpu.name}"
    if q.plan.nodes > 1:
        gpus = f"{q.plan.nodes} instances of {gpus} ({o.instance_type})"
    return Alternative(
        change=f"more GPUs: {gpus}",
        effect=f"{gpus} at {o.provider} ({pricing_words(q.model, o)}) finish in {days:,.1f} "
               f"days{how} instead of {_best_days(best, how)}: {usd(q.per_job or 0.0)} for "
               "the job"
               + ("" if current is None else f" (vs {usd(current)})")
               + _quote_caveat(ctx, q),
        per_job_usd=q.per_job, offer_id=o.id)


def _multi_node_plan(ctx: Ctx, offers: Sequence[Offer], best: Option,
                     p: Precision) -> Alternative | None:
    """A long pre-training run: how many InfiniBand/EFA nodes finish it within a month,
    priced by the options' rules (:func:`quote_offer`: no stale or suspect price unless
    asked, spot only for interruptible work, reserved for a long run, billing and storage),
    its pricing model said as used."""
    hours = best.performance.job_hours
    if hours is None or hours <= LONG_RUN_DAYS * 24:
        return None
    quotes = multi_node_quotes(ctx, offers, p)  # their budget misses are not the answer's
    if not quotes:
        return Alternative(
            change="multi-node with InfiniBand",
            effect=f"the run takes {hours / 24:,.0f} days on one node; spread it over several "
                   "nodes joined by InfiniBand/EFA and reserve the capacity (no such offer "
                   "with a usable, trusted price in the catalog matches the constraints)")
    q = min(quotes, key=lambda x: (x.sort_cost, x.offer.id))
    o, n, (days, how) = q.offer, q.plan.nodes, stated_days(ctx, q)  # spot: with restarts
    return Alternative(
        change=f"multi-node: {n} x {o.gpu_count} GPUs with {o.network}",
        effect=f"{n} nodes of {o.instance_type} at {o.provider} ({o.network}"
               + (f" {o.network_gbps:g} Gb/s" if o.network_gbps else "")
               + f") finish in {days:,.1f} days{how} instead of {_best_days(best, how)}; "
               f"{pricing_words(q.model, o)} capacity, {usd(q.per_job or 0.0)} for the run"
               + _quote_caveat(ctx, q),
        per_job_usd=q.per_job, offer_id=o.id)


KV_WORDS = {"fp8": "FP8 KV cache (half the KV memory, small quality cost)",
            "q8_0": "q8_0 KV cache (about half the KV memory, small quality cost)"}
"""The smaller KV-cache types an alternative tries, in order, and how it says them."""


def _smaller_kv(ctx: Ctx, p: Precision) -> str | None:
    """The first smaller KV-cache type (``KV_WORDS``) the engine that runs ``p`` keeps, where
    the cache ``p`` is sized with (:func:`kv_of`: the one asked, else its engine's own) is
    16-bit: never a type that engine cannot keep (vLLM: fp8; llama.cpp: q8_0)."""
    if kv_of(ctx, p).bytes_per_element < 2:
        return None
    engine = _engine(ctx, p)
    for kv_id in KV_WORDS:
        kv = find_kv_type(kv_id)
        if kv is not None and keeps_kv(engine, kv):
            return kv_id
    return None


def _kv_dominant(ctx: Ctx, p: Precision) -> bool:
    """Is the KV cache for the requested context and concurrency at least a quarter of the
    weights? Only then does a shorter context change the answer enough to show."""
    a = ctx.model.arch
    if a is None:
        return False
    # each request's KV and its fixed part (an image's cross-attention KV), as sizing counts
    kv = ctx.req.concurrent_requests * seq_cache_bytes(a, ctx.req.context_tokens,
                                                       kv_of(ctx, p).bytes_per_element)
    return kv >= 0.25 * weight_bytes(ctx.model, p)


def msgspec_replace(req: RecommendationRequest, **changes: object) -> RecommendationRequest:

    return msgspec.structs.replace(req, **changes)


def impossible_reason(ctx: Ctx, rejected: list[tuple[Offer, str]],
                      precisions: list[Precision], alternatives: Sequence[Alternative] = (),
                      tried: Sequence[str] = ()) -> str:
    """The binding constraint, with numbers. When some offer fits, what kept it out: the
    budget first (with the cheapest such option's cost), then a latency or throughput target,
    then untrusted prices, then billing; else the hardware (a precision the large-enough GPUs
    cannot run) or the memory (the largest node that matched the constraints; for a model
    each GPU runs whole, the need per GPU against the largest GPU). Filters that left nothing
    are said as such.

    The advice names only ``alternatives`` (:func:`find_alternatives`: each a changed request
    that has an option, priced), never a change the request already made or one that gives
    no option ("allow multi-node" where no node states a fast network, "use fp8/int4" where
    weights=auto tried them); ``tried``: the changes rerun, said where none gives one."""
    m = ctx.model
    p = precisions[0]
    if not rejected:
        unoffered = gpus_without_offers(ctx)
        if unoffered:
            # the GPUs named emptied the list, whatever the other filters: said by name, with
            # what sizing says on it and the nearest GPU with offers (audit nooffersgpu: "no
            # offer matches the filters (providers, GPUs named, regions, ...)" for MI325X)
            return (no_offer_gpu_reason(ctx, unoffered, precisions)
                    + _changes_words(alternatives, tried))
        return ("no offer in the catalog matches the filters (providers, GPUs named, regions, "
                "GPUs per node); relax them")
    by_kind: dict[str, list[tuple[Offer, str]]] = {}
    for o, r in rejected:
        by_kind.setdefault(rejection_kind(r), []).append((o, r))
    if by_kind.get("budget") and ctx.budget_misses:
        _, said = min(ctx.budget_misses)
        n = len(ctx.budget_misses)
        return (f"the budget: the cheapest option that fits costs {said} "
                f"({n} option{'s fit but cost' if n > 1 else ' fits but costs'} more); "
                + _or_words(_budget_remedies(ctx, p, said, alternatives)))
    late = by_kind.get("deadline")
    if late and ctx.deadline_misses and ctx.req.max_job_hours is not None:
        # every offer that fits and has a usable price takes longer than max_job_hours: the
        # fastest one's time is what the deadline would have to allow
        limit = ctx.req.max_job_hours
        return (f"the deadline: the fastest option that fits takes "
                f"{hours_words(min(ctx.deadline_misses), limit)} h, more than the {plain(limit)} h "
                f"allowed (max_job_hours; {count(len(late), 'offer')} "
                f"{'fits but takes' if len(late) == 1 else 'fit but take'} longer)"
                + _changes_words(alternatives, tried))
    if targets := by_kind.get("targets"):
        return _targets_reason(ctx, targets, precisions)
    if untrusted := by_kind.get("trust"):
        stale = sum(1 for _, r in untrusted if r.startswith("stale:"))
        return (f"price trust: the {count(len(untrusted), 'offer')} that fit have stale ({stale}) "
                f"or suspect ({len(untrusted) - stale}) prices; include_stale or "
                "include_suspect to rank them with a warning")
    if billing := by_kind.get("billing"):
        return f"billing: {count(len(billing), 'offer')} fit but {billing[0][1]}"
    if network := by_kind.get("network"):
        work = {"finetune": "train", "pretrain": "train", "serving": "serve"}.get(
            ctx.req.effective_workload(), "run")
        return (f"the node network: {count(len(network), 'offer')} could {work} it over "
                "several nodes "
                "but state no InfiniBand/EFA/RoCE network (for example: "
                f"{network[0][1]})" + _changes_words(alternatives, tried))
    need = weight_bytes(m, p) / GIB
    gpus = ctx.registry.gpus

    def node_gib(o: Offer) -> float:
        return gpus[o.gpu].total_gib * o.gpu_count if o.gpu in gpus else 0.0

    largest = max((node_gib(o) for o, _ in rejected), default=0.0)
    hint = _changes_words(alternatives, tried)
    # the hardware binds only where a node large enough for the weights cannot run them
    big = [(o, r) for o, r in by_kind.get("hardware", []) if node_gib(o) >= need]
    if big:
        return (f"the hardware: {count(len(big), 'offer')} large enough for the ~{need:,.0f} GiB "
                "of "
                f"weights cannot run {p.id} (for example: {big[0][1]}); choose another "
                "precision or engine")
    if m.kind != "llm":
        # a diffusion or audio model runs whole on each GPU: its need is one GPU's, never
        # the weights against a node (Wan 2.1 14B on an A100 40GB was "~10 GiB for the
        # weights alone ... (largest: 640 GiB)", where each clip needs 44.3 GiB on its GPU)
        one_gpu = _per_gpu_reason(ctx, by_kind.get("memory", []), precisions)
        if one_gpu is not None:
            return one_gpu + hint
    # the memory binds at every precision tried: the smallest of them is the need to meet
    # (weights=auto tried bf16 down to 4-bit: "at bf16 needs 131 GiB" was not the need)
    p = min(precisions, key=lambda q: weight_bytes(m, q))
    need = weight_bytes(m, p) / GIB
    at = f"{p.id} (the smallest of the precisions tried)" if len(precisions) > 1 else p.id
    if need <= largest and m.arch is not None:
        # the weights fit the largest node, what comes with them does not: say the whole need
        whole = _node_need(ctx, max((o for o, _ in rejected), key=node_gib), p)
        if whole is not None and whole[0] > whole[1]:
            node_need, node_has, what = whole
            return (f"memory: {m.name} at {at} needs ~{node_need:,.0f} GiB on one node "
                    f"({what}; ~{need:,.0f} GiB of it weights); no node in the catalog that "
                    f"matches the constraints has it (largest: {node_has:,.0f} GiB usable)"
                    f"{hint}")
    return (f"memory: {m.name} at {at} needs ~{need:,.0f} GiB for the weights alone; no node "
            f"in the catalog that matches the constraints has it (largest: {largest:,.0f} GiB)"
            f"{hint}")


def _per_gpu_reason(ctx: Ctx, memory: Sequence[tuple[Offer, str]],
                    precisions: list[Precision]) -> str | None:
    """The memory reason of a model each GPU runs whole (a diffusion or audio pipeline: more
    GPUs add copies, not memory): the least need, per GPU, over the precisions the GPU with
    the most usable memory among those refused for it runs (capability's own figure, the one
    its rejections say), against that GPU's usable memory. None where no such figure is
    found (the caller says the weights against the node instead)."""
    gpus = ctx.registry.gpus
    refused = {o.gpu: gpus[o.gpu] for o, _ in memory if o.gpu in gpus}
    if not refused:
        return None
    gpu = max(refused.values(), key=lambda g: g.usable_gib)
    runs = runnable_precisions(ctx, gpu, precisions)
    needs = [(need, p) for p in runs
             if (need := _memory_need(capability(ctx, gpu, 1, p).reason)) is not None]
    if not needs:
        return None
    need, p = min(needs, key=lambda x: x[0])
    m = ctx.model
    if m.kind == "diffusion":
        w, h, _ = diffusion_setting(ctx.req, m)
        what = f"the whole pipeline at {w}x{h}" + (
            f", {m.num_frames} frames" if m.num_frames and m.num_frames > 1 else "")
    else:
        what = "the whole model at a batch of one"
    at = (f"even at {p.id}, the smallest of the precisions tried" if len(runs) > 1
          else f"at {p.id}")
    room = ctx.req.min_memory_headroom_pct
    limit = headroom_limit(ctx, gpu.usable_gib)
    return (f"memory: {m.name} needs {need:.1f} GiB per GPU {at} ({what}; each GPU runs a "
            f"whole copy, so more GPUs add copies, not memory); {gpu.name} has "
            f"{gpu.usable_gib:.1f} GiB usable"
            + (f", {limit:.1f} GiB with the {room:g}% headroom" if room else "")
            + (", the most of the GPUs that match the constraints" if len(refused) > 1
               else ""))


def _changes_words(alternatives: Sequence[Alternative], tried: Sequence[str]) -> str:
    """The advice of a reason, from what the reruns found: each change that gives an option,
    with that option and its price ("; allow more GPUs per node (no limit on GPUs per node:
    4 x NVIDIA GeForce RTX 4090 24GB at vast, $1,086/month)"); else the changes tried, said
    to give none; else nothing (no change was tried, so none is advised)."""
    if alternatives:
        return "; " + _or_words([f"{a.change} ({a.effect})" for a in alternatives])
    if tried:
        return f"; no single change tried gives an option ({', '.join(tried)})"
    return ""


def _budget_remedies(ctx: Ctx, p: Precision, said: str,
                     alternatives: Sequence[Alternative] = ()) -> list[str]:
    """What would bring an answer over the budget within it, only what the request can
    still change: a smaller precision where the method runs one (full training updates every
    weight and cannot run on a quantized base, sizing's refusal, so below 16 bits it is
    adapters instead: never for pre-training, which trains every weight; QLoRA's base is
    already 4-bit), fewer training tokens where the job's total is over the budget, spot
    where the work is not already interruptible (an interruptible request's prices are
    already spot's where an offer has one). Inference's smaller precision and every
    workload's spot are said only where :func:`find_alternatives` found the changed request
    an option within the budget (weights=auto already tried every precision, and spot prices
    may be over it too). core_warnings.py reads each phrase back."""
    req = ctx.req
    changes = [a.change for a in alternatives]
    out = ["raise the budget"]
    if req.workload in ("finetune", "pretrain"):
        method = training_options(req.finetune, req.workload).method
        # a 4-bit base (sizing's line: over 5 bits is not 4-bit) is the smallest adapters use
        if (p.bits_linear > 16 if method == "full" else p.bits_linear > 5):
            out.append("use a smaller precision")
        if method == "full" and req.workload == "finetune":
            out.append("train LoRA/QLoRA adapters instead")
        if req.training_tokens and " in all" in said:
            out.append("train on fewer tokens")
    elif any(c.startswith("weights ") for c in changes):
        out.append("use a smaller precision")
    if not ctx.interruptible and "allow spot (interruptible)" in changes:
        out.append("allow spot")
    return out


def _or_words(items: list[str]) -> str:
    """"a, b or c" (core_warnings.py reads the list back with its ``list_`` groups)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


_IMAGE_TIME = re.compile(r"misses max_seconds_per_image: one (?:image|clip) takes ~([\d,.]+) s")
"""A rejection for ``max_seconds_per_image`` (capability._diffusion_capability), its seconds."""


def _targets_reason(ctx: Ctx, targets: list[tuple[Offer, str]],
                    precisions: list[Precision]) -> str:
    """Why offers that fit in memory meet no target. Where the time to first token binds,
    the lowest any of them reaches at the load (every precision, split and replica count the
    plans search), with the layout that reaches it: the target a buyer can set, not one
    offer's figure."""
    n = len(targets)
    tg = ctx.targets
    example = targets[0][1]
    timed = [(float(m.group(1).replace(",", "")), r) for _, r in targets
             if (m := _IMAGE_TIME.match(r)) is not None]
    if timed:
        # a per-image limit: the fastest image any of them makes, the limit a buyer can set
        # (one image runs on one GPU: more GPUs never make it sooner)
        example = min(timed)[1]
        if len(timed) == n and ctx.req.max_seconds_per_image is not None:
            return _image_time_reason(ctx, targets, ctx.req.max_seconds_per_image)
    if tg.ttft_ms is not None and any(TTFT_MISS in r for _, r in targets):
        gpus = ctx.registry.gpus
        # the offers an answer could rank (a stale or suspect price only where asked for)
        usable = ([o for o, _ in targets if untrusted_reason(ctx, o) is None]
                  or [o for o, _ in targets])
        best = reachable_ttft(ctx, [(joined_as(gpus[o.gpu], o.interconnect), o.gpu_count)
                                    for o in usable if o.gpu in gpus], precisions)
        if best is not None and best.ttft_ms > tg.ttft_ms:
            what = ("the default time-to-first-token target" if tg.default_ttft
                    else "the time-to-first-token target")
            return (f"the targets: {count(n, 'offer')} fit in memory but none meets "
                    f"{what}: time to first token {best.ttft_ms:,.0f} ms > "
                    f"{tg.ttft_ms:,.0f} ms at the least, the lowest any of them reaches at "
                    f"this load ({_reachable_words(best)}); relax the target to at least "
                    f"{math.ceil(best.ttft_ms):,} ms or shorten the prompt")
        # the time to first token is reachable: another target binds (say one of those)
        example = next((r for _, r in targets if TTFT_MISS not in r), example)
    return (f"the targets: {count(n, 'offer')} fit in memory but none meets the "
            f"targets (for example: {example}); relax a target or allow more GPUs")


_IMAGE_AT = re.compile(r" at (\S++) \(\d++x\d++, ")
"""The precision of a ``max_seconds_per_image`` rejection (capability._diffusion_capability)."""


def _image_time_reason(ctx: Ctx, targets: list[tuple[Offer, str]], limit: float) -> str:
    """Why no offer meets ``max_seconds_per_image`` where every offer that fits misses it
    (audit buyer16 #12: "relax a target or allow more GPUs" for SDXL under 3 s, where more
    GPUs never make one image sooner): the fastest item any of them makes, said as the time
    limit that binds at any price (capability checks the limit before pricing, so the
    budget removed none that meets it: that is the budget's reason instead), and what
    would change the answer: the least limit they reach, fewer steps (the most that meet
    the limit on that GPU, where some do), a lower resolution or a few-step distilled
    model. One item runs whole on one GPU (diffusers runs a pipeline on one device: the
    ``diffusion_job_split`` note), so more GPUs add items per second, never a faster one."""
    gpus = ctx.registry.gpus
    seen: dict[tuple[str, str], float] = {}
    best: tuple[float, str, str, str] | None = None
    for o, r in targets:
        m = _IMAGE_AT.search(r)
        p = find_precision(m.group(1)) if m is not None else None
        if p is None or o.gpu not in gpus:
            continue
        key = (o.gpu, p.id)
        if key not in seen:
            seen[key] = diffusion_seconds(ctx, gpus[o.gpu], p)
        if best is None or seen[key] < best[0]:
            best = (seen[key], r, o.gpu, p.id)
    if best is None:  # no time to compute: the fastest said by the rejection's own figure
        timed = [(float(m.group(1).replace(",", "")), r) for _, r in targets
                 if (m := _IMAGE_TIME.match(r)) is not None]
        sec, example = min(timed)
        gid, pid = "", ""
    else:
        sec, example, gid, pid = best
    item = "clip" if is_video(ctx.model) else "image"
    least = math.ceil(sec * 10 - 1e-9) / 10  # the limit the fastest meets, to 0.1 s
    steps = ""
    _, _, asked = diffusion_setting(ctx.req, ctx.model)
    p = find_precision(pid) if pid else None
    if p is not None:
        # the most steps that meet the limit on the fastest GPU (time grows with steps)
        fewer = next((k for k in range(asked - 1, 0, -1)
                      if diffusion_seconds(ctx, gpus[gid], p, k) <= limit), None)
        if fewer is not None:
            steps = f"{fewer} steps or fewer, "
    return (f"the targets: {count(len(targets), 'offer')} fit in memory but none makes one "
            f"{item} within the {plain(limit)} s allowed (max_seconds_per_image), at any price "
            f"(the fastest: {example}); one {item} runs whole on one GPU, so more GPUs add "
            f"{item}s per second, never a faster {item}: relax max_seconds_per_image to at "
            f"least {least:.1f} s, or use {steps}a lower resolution or a few-step distilled "
            "model (turbo, lightning, schnell)")


TTFT_MISS = ": time to first token "
"""How a plan's reason says it misses the time-to-first-token target (plans._miss)."""


def relaxed_default_ttft(ctx: Ctx, rejected: Sequence[tuple[Offer, str]],
                         precisions: list[Precision]) -> RelaxedTTFT | None:
    """Where no offer that fits in memory reaches the default time-to-first-token target
    at the load, the target to hold the options to instead: the lowest any of them reaches
    (the search :func:`_targets_reason` quotes for a stated target, "relax the target to at
    least ..."), times the serving model's TTFT error band of the engine and model family
    (``catalog/perf/serving_error.toml``; every engine's where the engine has none). None
    where the target is stated, no offer misses it, or one reaches it (another default
    binds)."""
    tg = ctx.targets
    arch = ctx.model.arch
    if not tg.default_ttft or tg.ttft_ms is None or arch is None:
        return None
    targets = [(o, r) for o, r in rejected if rejection_kind(r) == "targets"]
    if not any(TTFT_MISS in r for _, r in targets):
        return None
    gpus = ctx.registry.gpus
    # the offers an answer could rank (a stale or suspect price only where asked for)
    usable = ([o for o, _ in targets if untrusted_reason(ctx, o) is None]
              or [o for o, _ in targets])
    best = reachable_ttft(ctx, [(joined_as(gpus[o.gpu], o.interconnect), o.gpu_count)
                                for o in usable if o.gpu in gpus], precisions)
    if best is None or best.ttft_ms <= tg.ttft_ms:
        return None
    p = find_precision(best.precision)
    engine = _engine(ctx, p).id if p is not None else ctx.engine
    band = ctx.catalog.perf.serving_error_band(engine, arch.is_moe, "ttft")
    margin = (band.measured_over_model if band is not None and band.measured_over_model > 1
              else 1.0)
    return RelaxedTTFT(default_ms=tg.ttft_ms, best_ms=best.ttft_ms,
                       best_words=_reachable_words(best), margin=margin,
                       target_ms=float(math.ceil(best.ttft_ms * margin)))


def _reachable_words(r: Reachable) -> str:
    layout = (f"tensor parallel {r.tp}" if r.tp > 1 else "one GPU per replica") + (
        f" x {r.pipeline} pipeline stages" if r.pipeline > 1 else "")
    return (f"{r.gpus} x {r.gpu.name}, {r.precision} weights, {layout}, "
            f"{count(r.users_per_replica, 'request')} per replica")


FLOOR_SHARE = 0.5
"""A default TTFT target is within reach of a setup's single-request floor where that floor
(one prompt alone, nothing queued) is more than this share of it: each replica then takes
about one user, as 1,975 ms of the 2,000 ms default took on 4 x RTX 4090 (audit deftarget22)."""
FLOOR_FACTOR = 3.0
"""How many times what memory and the load cost the default may cost, at the floor, before
it is relaxed (:func:`default_ttft_floor`)."""
LARGE_FACTOR = 4.0
"""... and how many times, whatever the floor (16 x L40S where memory holds 20 users of 70B
int4 on 2 and the decode speed on 4)."""


def default_ttft_floor(ctx: Ctx, candidates: Sequence[Quote]) -> RelaxedTTFT | None:
    """Where offers meet the default time-to-first-token target, but the cheapest only by
    buying replicas for it (its plan decided by the default TTFT), and that target is within
    reach of its layout's single-request floor (:data:`FLOOR_SHARE`): the target to try
    instead, the interactive limit (``LONG_TTFT_MS``, past which an option is warned too slow
    for interactive use), so that memory, the load and the decode speed size the options.
    The caller ranks again under it and keeps it only where that costs at most
    1 / :data:`FLOOR_FACTOR` as much (1 / :data:`LARGE_FACTOR` with a floor under that share),
    said by :func:`floor_kept`. A default is a convenience, not the buyer's requirement: 80 x
    RTX 4090 ($20,019/month) for 20 users of 70B int4, where 4 hold them and each user then
    waits 6.4 s (audit deftarget22). None where the target is stated or relaxed already, or
    the default TTFT does not decide the cheapest option."""
    tg = ctx.targets
    if (not tg.default_ttft or tg.ttft_ms is None or ctx.relaxed_ttft is not None
            or not candidates or tg.ttft_ms >= LONG_TTFT_MS):
        return None
    lead = min(candidates, key=lambda q: q.sort_cost)
    plan = lead.plan
    if plan.decided_by != "default TTFT":
        return None
    cap = plan.cap
    floor_ms = load_at(ctx, lead.gpu, cap.tp, plan.p, 1, cap.pp * cap.stages)[0] * 1000
    r = ctx.req
    prompt = max(1, r.context_tokens - r.output_tokens)
    width = cap.tp * cap.pp * cap.stages
    return RelaxedTTFT(default_ms=tg.ttft_ms, best_ms=floor_ms,
                       best_words=f"{width} x {lead.gpu.name}", margin=1.0,
                       target_ms=float(LONG_TTFT_MS), floor_prompt_tokens=prompt,
                       default_gpus=lead.offer.gpu_count * plan.nodes)


def floor_kept(floor: RelaxedTTFT, before: Sequence[Quote], after: Sequence[Quote]
               ) -> RelaxedTTFT | None:
    """``floor`` (:func:`default_ttft_floor`) with the GPUs the options take under it, where
    the cheapest is then the same GPU and costs :data:`FLOOR_FACTOR` times less at the floor,
    or :data:`LARGE_FACTOR` times less whatever the floor; None where not (the default
    stands: another GPU that costs less without it is no reason to drop it)."""
    if not before or not after:
        return None
    lead = min(before, key=lambda q: q.sort_cost)
    now = min(after, key=lambda q: q.sort_cost)
    if now.gpu.id != lead.gpu.id:
        return None
    factor = lead.sort_cost / max(now.sort_cost, 1e-9)
    at_floor = floor.best_ms > FLOOR_SHARE * floor.default_ms
    if factor < (FLOOR_FACTOR if at_floor else LARGE_FACTOR):
        return None
    return msgspec.structs.replace(floor, memory_gpus=now.offer.gpu_count * now.plan.nodes)


def _node_need(ctx: Ctx, offer: Offer, p: Precision) -> tuple[float, float, str] | None:
    """(GiB one node of ``offer`` would need, GiB it offers, what the need is made of) for
    the workload at its widest split: training state sharded over the node's GPUs, or one
    serving request's weights, KV cache and overhead within the headroom."""
    gpu = ctx.registry.gpus.get(offer.gpu)
    a = ctx.model.arch
    if gpu is None or a is None:
        return None
    g = offer.gpu_count
    if ctx.req.workload in ("finetune", "pretrain"):
        cap = train_capability(ctx, gpu, g, p, 1)
        return (cap.per_gpu_used_gib * g, headroom_limit(ctx, gpu.usable_gib) * g,
                "weights, gradients, optimizer state and activations sharded over its GPUs")
    t = max(d for d in range(1, g + 1) if g % d == 0 and a.num_attention_heads % d == 0)
    plan = _memory_plan(ctx, p, t, ctx.req.context_tokens)
    room = ctx.req.min_memory_headroom_pct
    kept = f", {room:g}% of each GPU kept free" if room else ""
    return (plan.total_gib(1) * t, headroom_limit(ctx, plan.capacity_gib(gpu)) * t,
            "weights, one request's KV cache and overhead" + kept)


def note_rules(ctx: Ctx, precisions: list[Precision]) -> None:
    req = ctx.req
    if req.max_job_hours is not None:
        ctx.note("max_job_hours", f"{plain(req.max_job_hours)} h",
                 "the job's deadline: an option whose job takes longer at its speed (its "
                 "performance.job_hours; a spot option with its expected restarts, as its why "
                 "counts the days) is left out and listed in rejected with its time, so spot "
                 "is used only where its expected time fits; /v1/ask holds a job's hours to "
                 "a deadline the same way. The options that meet it rank by the job's cost "
                 "alone (per_job_usd, the weights' quality and a multi-node plan's handicaps "
                 "applied): the deadline is the time the job may take, so the rule that "
                 f"ranks a job over {LONG_RUN_DAYS:g} (or {VERY_LONG_RUN_DAYS:g}) days after "
                 "faster ones when no deadline is given (long_jobs) does not apply"
                 + ("; a batch job's requests are independent, so where one instance is too "
                    "slow the option runs the fewest instances (independent replicas, each "
                    "taking its share) that finish in time, about the same GPU-hours, at most "
                    f"{MAX_JOB_INSTANCES} instances (the catalog states no availability or "
                    "quota per offer: a provider's quota may be lower)"
                    if req.workload == "batch" else
                    # the per-node pace as options.py's _scaled_words says it from the
                    # rates: it said "the gradient sync between nodes slows each" where an
                    # option's own rates showed a node faster (audit train2 #11)
                    "; with allow_multi_node, where one node is too slow, the run goes over the "
                    "fewest nodes that finish in time, only on offers with a fast node network "
                    "(InfiniBand/EFA/RoCE) and 8 or more GPUs, each node at the rate sizing "
                    "gives that many GPUs (the gradient sync between nodes is counted in it, "
                    "and the layout sized for that many GPUs can be faster or slower per node "
                    "than on fewer nodes: each such option's why says which, and the "
                    "node-hours it adds or saves), at most "
                    f"{MAX_JOB_INSTANCES} nodes (a provider's quota may be lower)"
                    if req.workload in ("finetune", "pretrain") and req.allow_multi_node
                    else ""))
    if ctx.context_over_limit is not None and ctx.model.max_context:
        # as /v1/sizing says it (the same assumption name), and on every option
        tokens = (req.finetune.sequence_length if req.finetune is not None
                  and req.workload in ("finetune", "pretrain") else req.context_tokens)
        ctx.note("context_over_model_limit", f"{tokens} > {ctx.model.max_context}",
                 ctx.context_over_limit)
    ext = ctx.model.context_extension
    if ctx.context_extended is not None and ext is not None:
        # as /v1/sizing says it (the same assumption name, the card as its source), and on
        # every option
        ctx.note("context_extension", ext.engine_setting,
                 f"{ctx.context_extended} (source: {ext.source})")
    if ctx.both_loads is not None:
        field, rate = ctx.both_loads
        ctx.note("load", f"{field}: {per_s(sig3(rate))} (open loop)",
                 f"both concurrent_requests ({req.concurrent_requests:,}) and {field} were "
                 "given: the request rate sets the load each option is sized for and reports "
                 "(requests arriving at random, the requests in flight by Little's law); "
                 "concurrent_requests is not the load, only a floor: memory for that many "
                 "requests at the full context and the targets at that many in a closed "
                 "loop. Give one of them to size for it alone")
    if req.workload in ("finetune", "pretrain"):
        ft = req.finetune
        if ft is None or ft.method is None:
            method = "full" if req.workload == "pretrain" else "lora"
            ctx.note("finetune_method", f"{method} (default)",
                     "no finetune.method given: pre-training trains every weight"
                     if method == "full" else
                     "no finetune.method given: LoRA ("
                     + ("rank 16" if ctx.model.kind == "diffusion"
                        else "rank 16 on all seven projections")
                     + ", the base weights frozen) is priced; a full fine-tune needs several times "
                     "the memory (gradients and optimizer state for every weight): set "
                     "finetune.method to full or qlora to price those")
        else:
            ctx.note("finetune_method", ft.method,
                     f"finetune.method as given (LoRA rank {ft.lora_rank})"
                     if ft.method != "full" else "finetune.method as given")
        if ft is not None and ft.objective != "sft":
            ctx.note("objective", ft.objective, objective_words(
                ft.objective, training_options(ft, req.workload).method or "full"))
        if ctx.untimed_training:
            # /v1/sizing's diffusion training step: checkpointing on unless set off, the
            # micro-batch as given (1), no speed; the run's time and cost are not modelled
            on = ft is None or ft.gradient_checkpointing is not False
            micro = (ft.micro_batch_size if ft is not None else None) or 1
            ctx.note("training_step",
                     f"gradient checkpointing {'on' if on else 'off'}, micro-batch {micro}",
                     "as /v1/sizing sizes a diffusion fine-tune (finetune."
                     "gradient_checkpointing on unless set false, finetune.micro_batch_size "
                     "images per GPU, 1 unless given): each GPU of an option a data-parallel "
                     "replica of the whole training step (DDP)")
            ctx.note("job_time", "unknown",
                     "the training speed of diffusion models is not modelled (/v1/sizing "
                     "sizes their fine-tune by memory alone), so no option has a job time or "
                     "a job cost (performance.job_hours and cost.per_job_usd null): the run "
                     "costs cost.per_hour_usd times its hours. The options rank by that "
                     "hourly price (spot with its expected restarts, the quality handicap "
                     "applied), the storage left out of the ranking as its share of the "
                     "run's unknown hours; per_month_usd is a month of the usage priced")
        elif ft is None or ft.gradient_checkpointing is None or ft.micro_batch_size is None:
            ctx.note("training_step", "the fastest that fits each option",
                     "finetune.gradient_checkpointing or micro_batch_size not set: each option "
                     "trains with the fastest step that fits its GPUs within the headroom, as "
                     "/v1/sizing picks it, and says which in its fit (gradient_checkpointing, "
                     "micro_batch_size and zero_stage: given to /v1/sizing's finetune they "
                     "reproduce its speed) and its why: gradient checkpointing off "
                     "where every layer's activations fit (no forward recomputed: 6·N·D "
                     "instead of 8·N·D for full training), the micro-batch raised in powers "
                     "of two from 1 while the step is bound by communication (the collectives "
                     "of a step are the same bytes whatever its tokens)")
        moe = moe_training_warning(ctx.model, req.workload)
        if moe is not None:
            ctx.note("moe_expert_parallelism", "not modelled", moe)
    tg = ctx.targets
    if tg.default_ttft or tg.default_decode:
        said = []
        if tg.default_ttft:
            said.append(f"time to first token <= {tg.ttft_ms or DEFAULT_TTFT_MS:,.0f} ms"
                        + (f" (2 s per {DEFAULT_TTFT_PROMPT_TOKENS:,} prompt tokens)"
                           if (tg.ttft_ms or 0) > DEFAULT_TTFT_MS else ""))
        if tg.default_decode:
            said.append(f">= {DEFAULT_DECODE_TOKENS_PER_S:g} tokens/s per user")
        ctx.note("serving_defaults", ", ".join(said),
                 "interactive serving with no target stated: defaults at the stated context "
                 f"and load ({_load_words(ctx)}), "
                 + ("the decode speed per user as 1 / the time per output token at that load "
                    "(/v1/sizing's decode speed); " if tg.default_decode else "")
                 + "an option whose replica "
                 "count they decided says so; set max_time_to_first_token_ms or "
                 "min_decode_tokens_per_s to change them")
    if tg.decode_skipped:
        ctx.note("decode_target", "not applied (output_tokens 0)",
                 "no tokens are generated, so nothing is decoded: "
                 + ("min_decode_tokens_per_s" if req.min_decode_tokens_per_s is not None
                    else f"the default {DEFAULT_DECODE_TOKENS_PER_S:g} tokens/s per user")
                 + " is not checked and the options give no decode speed; the time to "
                 "first token (the prompt's prefill) keeps its target")
    if tg.ttft_ms is not None or tg.decode_tps is not None:
        ctx.note("latency_statistic", "means at the stated load",
                 "the time-to-first-token and decode-speed targets are checked against the "
                 "mean TTFT and time per output token at the stated load (queueing included), "
                 "as /v1/sizing reports them; tail latencies (p90, p99) run above the mean, "
                 "most under bursty arrivals: state a tighter target to leave margin for them")
    ctx.note("memory_headroom", f">= {req.min_memory_headroom_pct:g}%",
             "an inference option fits with this share of the engine's memory per GPU free "
             "at the stated load, a training option with this share of each GPU's usable "
             "memory free at the least ZeRO sharding that leaves it (min_memory_headroom_pct)")
    ctx.note("ranking", "memory, then targets, then total cost",
             "filter by per-GPU memory (weights + KV cache for the context and concurrency + "
             "overhead, with the headroom), then per node shape search precision x tensor "
             "split x concurrency per replica for the fewest nodes that meet the targets at "
             "the load (continuous-batching serving model), rank by cost for the usage (a "
             f"plan over several nodes x{MULTI_NODE_HANDICAP:g}); ties by bandwidth per "
             "dollar, then offer id")
    ctx.note("precisions_tried", ", ".join(p.id for p in precisions),
             "weights=auto tries each and ranks with a quality handicap: "
             + ", ".join(f"{k} x{ctx.handicap(k)}" for k in QUALITY_HANDICAP
                         if k in {p.id for p in precisions})
             + own_said(ctx, [p.id for p in precisions]))
    ctx.note("interruptible", str(ctx.interruptible).lower(),
             "default: batch and checkpointed fine-tuning yes, serving and pre-training no")
    if ctx.interruptible:
        ctx.note("spot_interruptions_per_hour", f"{SPOT_INTERRUPTIONS_PER_HOUR}",
                 f"assumed rate per instance; a job on N instances is interrupted N times as "
                 f"often (a training run over N nodes, a replica split over N nodes); each "
                 f"costs {RESTART_MINUTES:g} min restart plus half a checkpoint interval "
                 f"({req.checkpoint_interval_minutes:g} min) of lost work")
    ctx.note("usage", f"{ctx.hours_per_day:g} h/day in {count(req.sessions_per_day, 'session')}, "
             f"{req.days_per_month:g} days/month",
             "each session is billed at the provider's granularity with its minimum charge")
    if ctx.hours_per_day < 24 and any(getattr(req, n) is not None for n in JOB_SIZES):
        h = ctx.hours_per_day
        ctx.note("job_days", f"ceil(job hours / {h:g}) calendar days; storage for days x 24 h",
                 f"a job longer than one day's {h:g} h stops at the end of each day's hours "
                 "(each session's) and resumes from a checkpoint the next time: it spans "
                 f"ceil(wall hours / {h:g}) calendar days, whole days rounded up and not the "
                 "exact fraction (performance.calendar_days; on spot the wall hours include "
                 "the expected restarts), with its runs less one stop/resume points "
                 "(performance.stop_resume_points; a warning on the option). Its volume "
                 "(weights, data, checkpoints) is kept between the runs and billed for every "
                 "hour of those days, days x 24 h (cost.storage_hours_per_job, "
                 "storage_per_job_usd, in per_job_usd), not only for the GPU hours: a volume "
                 "is billed while it exists, whether or not the GPUs run (network block "
                 "volumes from creation to deletion; Vast.ai bills storage while an instance "
                 "is stopped, Nebius disks from creation to deletion)")
    ctx.note("reserved", f">= {STEADY_HOURS_PER_DAY:g} h/day or jobs >= {LONG_JOB_HOURS:g} h",
             "reserved/committed prices are used when published and the use is long and "
             "steady; a reservation bills every hour of the month. With hours_per_day "
             "unstated (24 h/day assumed) a reserved option never ranks first: the same "
             "machine with no commitment, or the cheapest such option, does")
    if req.storage_gb is None:
        full = req.workload == "pretrain" or (req.workload == "finetune"
                                              and req.finetune is not None
                                              and req.finetune.method == "full")
        # (pricing.model_storage_gb: a LoRA checkpoint is its adapters and their optimizer
        # state, never the base weights again; "x3 the weights" counted 424 GB for 70B
        # where the weights and two adapter checkpoints are 147 GB)
        lora = req.workload == "finetune" and not full
        ctx.note("storage_gb", "weights size and two checkpoints of 14 bytes per parameter "
                 "(16-bit weights, fp32 master copy, Adam moments)" if full else
                 "weights size and two LoRA checkpoints of 14 bytes per adapter parameter "
                 "(16-bit adapters, fp32 master copy, Adam moments; the frozen base is not "
                 "saved again)" if lora else "weights size",
                 "persistent storage for the model files, priced per GB-month")


def _load_words(ctx: Ctx) -> str:
    """The load the serving targets are checked at, as the plans use it: a rate target is an
    open loop (random arrivals), else the concurrent requests in a closed loop."""
    rate = ctx.targets.rate_rps
    if rate:
        return (f"{per_s(sig3(rate))} arriving at random, open loop; the requests in "
                "flight follow from the rate")
    return f"{count(ctx.req.concurrent_requests, 'concurrent request')}, closed loop"
