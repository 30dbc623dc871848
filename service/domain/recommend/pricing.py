"""What an offer costs for the usage: the provider's billing terms (granularity, minimum charge),
spot's expected restarts, reserved prices for steady use, storage and egress."""

from __future__ import annotations

import datetime as dt
import math

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.precisions import (
    Precision,
)
from service.domain.catalog.trust import reserved_stale
from service.domain.errors import InvalidInput
from service.domain.locale import plain
from service.domain.recommend.context import (
    DEADLINE_PREFIX,
    FAST_NETWORKS,
    HOURS_PER_MONTH,
    LONG_JOB_HOURS,
    MULTI_NODE_HANDICAP,
    STEADY_HOURS_PER_DAY,
    Ctx,
    Plan,
    Terms,
    billed_for,
    billing_terms_of,
    usd,
)
from service.domain.recommend.plans import (
    MAX_NODES,
    diffusion_job_hours,
    node_net_gb_s,
    train_nodes_for,
    train_plan,
)
from service.domain.recommend.types import (
    MONTH_DAYS,
    PricingModel,
    RecommendationRequest,
)
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.memory import (
    _DIFF_LORA_SHARE,
    OPTIMIZER_BYTES,
    SizedModel,
    lora_params,
    weight_bytes,
)

RESERVED_MONTH_DAYS = MONTH_DAYS
"""The month a reservation bills, in days: the month the recommender prices a 24/7 use in
(``days_per_month``'s default, types.py; 24 h x 30 days = 720 h at on-demand), so that a
reservation and the same hours paid by the hour compare over the same month."""

RESERVED_MONTH_HOURS = 24.0 * RESERVED_MONTH_DAYS
"""A reservation bills every hour of its term, used or not: a steady use pays this many hours
a month at the reserved price (more where ``days_per_month`` is longer), and a finite job at
least this many: the shortest reserved term the catalog records for any provider is one month
(catalog/providers.toml, vast: "Reserved: 1, 3 or 6 month terms"); Hyperstack's term is "of
agreed duration" (cost_terms.toml), so one month is a lower bound."""


def reserved_month_hours(days_per_month: float) -> float:
    """Hours a reservation bills in a month of use: the whole month (``RESERVED_MONTH_HOURS``),
    or every day stated where ``days_per_month`` is longer than it."""
    return 24.0 * max(days_per_month, RESERVED_MONTH_DAYS)


def reserved_for_use(ctx: Ctx, plan: Plan) -> bool:
    """Whether the use allows a reserved price: steady use (at least
    ``STEADY_HOURS_PER_DAY``) or a job of at least ``LONG_JOB_HOURS``."""
    h = plan.job_hours
    if h is None:
        return ctx.hours_per_day >= STEADY_HOURS_PER_DAY
    return h >= LONG_JOB_HOURS


STALE_RESERVED = "stale: reserved price"
"""How :func:`stale_reserved_reason` starts: a rejection of the offer's reserved price alone
(its on-demand or spot price may still rank it), listed with that price and kind."""


def stale_reserved_reason(ctx: Ctx, offer: Offer, plan: Plan) -> str | None:
    """Why the reserved price of ``offer`` is left out of this answer although the use allows
    one: it is older than the staleness limit by its own date (:attr:`Offer.reserved_day`)
    and the request does not include stale prices; None when it is not left out for that.
    (A "stale:" reason, as :func:`~service.domain.recommend.options.untrusted_reason`'s.)"""
    if (offer.reserved_usd_h is None or ctx.req.include_stale
            or not reserved_stale(offer, ctx.today, ctx.stale_days)
            or not reserved_for_use(ctx, plan)):
        return None
    day = offer.reserved_day or offer.as_of
    return (f"{STALE_RESERVED} ${offer.reserved_usd_h:,.2f}/h is "
            f"{(ctx.today - day).days} days old (as of {day}), older than the "
            f"{ctx.stale_days}-day limit; include_stale to rank it")


def long_run_reserved_words(ctx: Ctx, offer: Offer, plan: Plan) -> str:
    """The warning of a long run (``LONG_JOB_HOURS`` or more) priced without a reservation,
    by what the catalog holds for ``offer``: no reserved price (ask the provider for one), one
    left out as stale (:func:`stale_reserved_reason`: its price, age and include_stale), or
    one published but not what this option pays (a dearer hour, or the same machine's option
    with no commitment). Never "none published" where the row has one."""
    r = offer.reserved_usd_h
    if r is None:
        return ("long run: ask the provider for reserved/committed pricing (none published in "
                "the catalog for this offer)")
    if stale_reserved_reason(ctx, offer, plan) is not None:
        day = offer.reserved_day or offer.as_of
        return (f"long run: the catalog's reserved price for this offer, ${r:,.2f}/h "
                f"({reserved_term(offer)}), is {(ctx.today - day).days} days old (as of "
                f"{day}), older than the {ctx.stale_days}-day limit, so it is not used: "
                "include_stale to rank it, or ask the provider for a current "
                "reserved/committed price")
    return (f"long run: a reserved price is published for this offer (${r:,.2f}/h, "
            f"{reserved_term(offer)}); this option is priced without that commitment")


def price_date_of(offer: Offer, model: str) -> tuple[dt.date, str]:
    """(date, kind) of the price an option pays: a reserved price's own date
    (:attr:`Offer.reserved_day`), else the row's ``as_of``."""
    day = offer.reserved_day if model == "reserved" else None
    if day is None:
        return offer.as_of, offer.as_of_kind
    return day, offer.reserved_day_kind


def provider_terms(ctx: Ctx, provider_id: str, instance_type: str | None = None) -> Terms:
    """The provider's terms for this request; with ``instance_type``, its minimum charge per
    instance family applied (OCI bare metal: 1 hour). Unknown storage and egress prices count at
    the request's conservative defaults (``ctx.max_storage_price``, ``ctx.max_egress_price``),
    never $0. Cached per provider (and instance type)."""
    provider = ctx.providers.get(provider_id)
    if instance_type is not None and (provider is None or not provider.minimum_charges):
        instance_type = None  # no per-family rule: the provider's terms hold for every type
    key = provider_id if instance_type is None else f"{provider_id}\x00{instance_type}"
    terms = ctx.terms_cache.get(key)
    if terms is None:
        gran, minimum, known = billing_terms_of(provider)
        if provider is not None and instance_type is not None:
            family_minimum = provider.minimum_charge_for(instance_type)
            minimum = float(family_minimum or 0)
        sp = provider.storage_usd_per_gb if provider else None
        egress_gb = ctx.req.egress_gb_per_month
        em = provider.egress_usd(egress_gb) if provider else None
        ep = None
        if provider is not None and provider.egress_known:
            ep = em / egress_gb if egress_gb and em is not None else (
                provider.highest_egress_usd_per_gb or 0.0)
        terms = Terms(granularity_s=gran, known=known, minimum_charge_s=minimum,
                      session_billed_h=billed_for(
                          ctx.hours_per_day / ctx.req.sessions_per_day, gran, minimum),
                      storage_usd_gb_month=ctx.max_storage_price if sp is None else sp,
                      storage_known=sp is not None,
                      storage_usd=(provider.storage_usd if provider is not None
                                   and provider.storage_tiers else None),
                      egress_usd_gb=ctx.max_egress_price if ep is None else ep,
                      egress_known=ep is not None,
                      egress_month_usd=egress_gb * ctx.max_egress_price if em is None else em,
                      egress_job_usd=_job_egress_usd(ctx, provider))
        ctx.terms_cache[key] = terms
    return terms


def _job_egress_usd(ctx: Ctx, provider: Provider | None) -> float:
    """A job's own egress (``job_egress_gb``, sent out once) at the provider's egress tiers,
    as one month's egress (free allowances and tiers count per month: a job's data leaves
    within the month it ends in); an unknown rate at ``ctx.max_egress_price``, never $0."""
    return job_egress_usd(provider, ctx.req.job_egress_gb or 0.0, ctx.max_egress_price)


def job_egress_usd(provider: Provider | None, gb: float, unknown_rate: float) -> float:
    """``gb`` a job sends out once at ``provider``'s egress tiers, as one month's egress (the
    recommendations' ``egress_per_job_usd``; /v1/ask's jobs priced from the offers directly
    count it alike); an unknown rate at ``unknown_rate`` (the highest sourced), never $0."""
    usd = provider.egress_usd(gb) if provider is not None and gb else None
    return gb * unknown_rate if usd is None else usd


JOB_SIZES = ("job_output_tokens", "job_images", "job_audio_hours", "job_embed_tokens",
             "training_tokens")
"""The fields that make a request a job of a known size (an option then has ``job_hours``)."""


def resolve_workload(req: RecommendationRequest) -> RecommendationRequest:
    """``req`` with its workload stated: where none is given, batch for a job size (a job
    of a known size is batch work, every replica saturated, as /v1/ask reads "transcribe 1,000
    hours": priced as an endpoint at one request, a Whisper job cost 3.9x the batch's, audit
    buyer18a #1), else serving. A job size with workload serving stated contradicts it (an
    endpoint has no job to size), and one with finetune or pretrain (sized by
    training_tokens) would be silently dropped: a 400 at the job size."""
    jobs = req.job_size_fields()
    if req.workload == "serving" and jobs:
        raise InvalidInput(f"{jobs[0]} sizes a batch job, and workload serving is an endpoint "
                           "kept running for as long as it is used: leave workload out or "
                           f"give batch to price the job, or leave {jobs[0]} out to price "
                           "serving", f"$.{jobs[0]}")
    if req.workload in ("finetune", "pretrain") and jobs:
        # never read by a training run's price (training_tokens sizes it): silently dropped
        raise InvalidInput(f"{jobs[0]} sizes a batch job; a {req.workload} run is sized by "
                           f"training_tokens: leave {jobs[0]} out", f"$.{jobs[0]}")
    if req.workload is not None:
        return req
    return msgspec.structs.replace(req, workload=req.effective_workload())


def check_deadline(req: RecommendationRequest, diffusion_training: bool = False) -> None:
    """``max_job_hours`` bounds a job's time and ``max_usd_total`` its total price: on
    serving, or on a job with no size (priced as a month of steady use, no job time, no
    total), either would be silently dropped or read as a month's (audit buyer18a #9: "$102
    in all, over your $100" was a month of serving), so it is a 400; so is ``job_egress_gb``,
    a job's own egress, which only a job's ``per_job_usd`` counts. ``diffusion_training``: a
    diffusion model's fine-tune, which has no job time at all (a 400 that says so)."""
    for name, what, verb in (("max_job_hours", "a deadline for a job", "time"),
                             ("max_usd_total", "a budget for a whole job", "total"),
                             ("job_egress_gb", "the data a job sends out once", "price")):
        if getattr(req, name) is None:
            continue
        if req.workload == "serving":
            instead = ("" if name == "max_job_hours"
                       else "; for serving give egress_gb_per_month" if name == "job_egress_gb"
                       else "; for serving give max_usd_per_month or max_usd_per_hour")
            raise InvalidInput(f"{name} is {what} (workload batch, finetune or pretrain); "
                               "serving runs for as long as it is used: give a job size "
                               f"({', '.join(JOB_SIZES)}){instead}", f"$.{name}")
        if diffusion_training:
            raise InvalidInput(f"{name} is {what}; a diffusion model's fine-tune has no job "
                               "time (its training speed is not modelled: /v1/sizing sizes it "
                               "by memory alone), so it cannot be held to one"
                               + ("; give max_usd_per_hour to bound the hour's price"
                                  if name == "max_usd_total" else ""), f"$.{name}")
        if not any(getattr(req, field) is not None for field in JOB_SIZES):
            raise InvalidInput(f"{name} needs the job's size to {verb} it: give one of "
                               f"{', '.join(JOB_SIZES)} (without one, the {req.workload} is "
                               "priced as a month of steady use"
                               + (": give max_usd_per_month" if name == "max_usd_total"
                                  else ": give egress_gb_per_month" if name == "job_egress_gb"
                                  else "") + ")", f"$.{name}")


def hours_words(hours: float, limit: float) -> str:
    """A job's hours beside the deadline it misses: whole hours from 10 h up, else one
    decimal, and more decimals where fewer would show the limit itself ("24.04 h", never
    "24 h, more than the 24 h allowed")."""
    digits = 0 if hours >= 10 else 1
    while round(hours, digits) <= limit and digits < 3:
        digits += 1
    return f"{hours:,.{digits}f}"


def deadline_reason(hours: float, limit: float, spot: bool = False,
                    instances: int = 0) -> str:
    """Why an option is left out for ``max_job_hours``; ``spot``: its hours are a spot
    option's expected time, restarts included (the on-demand time fits); ``instances``: a
    batch job already spread over the most instances :func:`scale_out` plans (0: not)."""
    restarts = " with spot's expected restarts" if spot else ""
    most = (f" on {instances:,} instances (the most planned)" if instances else "")
    return (f"{DEADLINE_PREFIX}{hours_words(hours, limit)} h{restarts}{most}, more than the "
            f"{plain(limit)} h allowed (max_job_hours)")


MAX_JOB_INSTANCES = MAX_NODES
"""The most instances :func:`scale_out` spreads a batch job over: the same cap as a serving
plan's nodes (plans.MAX_NODES). The catalog states no per-offer availability or quota (no
field in catalog/offers/*.csv, nothing in providers.toml), so this cap is the only bound; a
provider's quota may be lower, which the ``max_job_hours`` assumption says."""


def scale_out(ctx: Ctx, plan: Plan, hours: float) -> Plan:
    """``plan`` for a batch job (``workload: batch``), spread over as few more instances as
    finish it within ``hours``: its requests (images, audio windows, inputs) are independent,
    so N copies of the node's replicas each take 1/N of them and the job takes 1/N of the
    time for about the same GPU-hours (vLLM's data parallel deployment: independent engine
    instances, no traffic between them). At most ``MAX_JOB_INSTANCES`` instances (a replica
    over ``cap.pp`` nodes counts them all), where the plan returned may still take longer;
    ``plan`` itself where it is in time, is not a batch job, or has no job time."""
    h = plan.job_hours
    if ctx.req.workload != "batch" or h is None or h <= hours:
        return plan
    pp = max(1, plan.cap.pp)
    groups = max(1, plan.nodes // pp)
    most = max(groups, MAX_JOB_INSTANCES // pp)
    images = ctx.req.job_images if plan.cap.images_per_s else None
    if images:
        # each image or clip runs whole on one GPU (plans.diffusion_job_hours): more instances
        # than make one item each buy no time, and the time falls in whole waves
        most = min(most, max(groups, math.ceil(images / max(1, plan.cap.replicas) - 1e-9)))
        need = groups
        while need < most and diffusion_job_hours(images, plan.cap, need) > hours:
            need += 1
    else:
        need = min(most, math.ceil(groups * h / hours - 1e-9))
        while need < most and h * groups / need > hours:  # float rounding at the boundary
            need += 1
    if need <= groups:
        return plan
    k = need / groups
    return msgspec.structs.replace(
        plan, nodes=need * pp, replicas=plan.replicas * need // groups,
        node_hours_proxy=plan.node_hours_proxy * k,
        job_hours=diffusion_job_hours(images, plan.cap, need) if images else h / k,
        load_tps=plan.load_tps * k if plan.load_tps else plan.load_tps,
        audio_s_per_s=plan.audio_s_per_s * k if plan.audio_s_per_s else plan.audio_s_per_s,
        embed_tps=plan.embed_tps * k if plan.embed_tps else plan.embed_tps,
        scaled_from=plan.scaled_from or plan.nodes)


def trains_over_nodes(offer: Offer) -> bool:
    """Whether a training run may span several nodes of ``offer``: a fast node network
    (``FAST_NETWORKS``: every step syncs the gradients between the nodes) and whole nodes of
    ``NODE_GPUS`` or more GPUs, as sizing's training model times the collectives between
    nodes (``sizing.speed``: a data-parallel group crosses nodes past ``NODE_GPUS`` GPUs, at
    ``INTER_NODE_GB_S_PER_GPU``), so that a node of fewer GPUs is never timed as joined by
    NVLink to the next."""
    return offer.network in FAST_NETWORKS and offer.gpu_count >= NODE_GPUS


def _spread(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan, hours: float, spot: bool) -> Plan:
    """``plan`` over as many more instances as finish its job within ``hours`` (``spot``:
    with spot's expected restarts): a batch job's independent requests (:func:`scale_out`),
    a training run's nodes (:func:`~service.domain.recommend.plans.train_nodes_for`)."""
    if ctx.req.workload == "batch":
        return scale_out(ctx, plan, hours / (1 + ctx.spot_overhead_of(plan)) if spot
                         else hours)
    return train_nodes_for(ctx, gpu, offer.gpu_count, plan, hours, spot, node_net_gb_s(offer))


def over_offer_network(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan) -> Plan:
    """``plan``, a training run over several nodes, timed over ``offer``'s own node network
    (:func:`~service.domain.recommend.plans.node_net_gb_s`: p4d.24xlarge's 400 Gbps EFA is
    50 Gb/s per A100, an eighth of the fabric sizing assumes) rather than the assumed one
    the plans of its shape were searched at; the plan as it is on one node, for any other
    work, or where the offer states no speed."""
    net = node_net_gb_s(offer)
    if (plan.nodes <= 1 or net is None or ctx.model.kind != "llm"
            or ctx.req.workload not in ("finetune", "pretrain")):
        return plan
    timed = train_plan(ctx, gpu, offer.gpu_count, plan.p, plan.nodes, net)
    return plan if timed is None else timed


class JobCalendar(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """How a job run ``hours_per_day`` (< 24) that takes longer than one day's hours spreads
    over the calendar (:func:`job_calendar`)."""

    days: int
    """Calendar days the job spans: ceil(wall hours / hours_per_day), whole days (its last
    day counted whole, however few hours it runs then)."""
    stops: int
    """Times it stops at the end of a day's hours (or of a session) and resumes from a
    checkpoint: its sessions less one."""
    hours_per_day: float
    storage_hours: float
    """Hours its volume is billed: every hour of those days (``days`` x 24)."""


def job_calendar(wall_h: float, hours_per_day: float,
                 sessions_per_day: int = 1) -> JobCalendar | None:
    """The calendar of a job of ``wall_h`` wall hours (on spot, its expected restarts
    included) run ``hours_per_day`` a day in ``sessions_per_day`` sessions: None where it runs
    round the clock (24 h/day: no stop) or is done within one day's hours. Otherwise it spans
    ceil(wall_h / hours_per_day) calendar days (whole days, an upper bound by less than one
    day), stops and resumes at the end of each session but the last
    (ceil(wall_h / session hours) - 1 times: it needs a checkpoint to resume from each time,
    as it does after a spot interruption), and its volume (weights, data set, checkpoints) is
    kept between the runs: a volume is billed for every hour it exists, whether or not the
    GPUs run (network block volumes "billed from creation until deletion at many providers",
    knowledge/passages/storage-weights-checkpoints.en.md; "Vast.ai bills storage while an
    instance is stopped, RunPod charges twice the running rate for volume disk on a stopped
    pod, Nebius bills disks from creation to deletion", idle-and-stopped-costs.en.md, as
    catalog/providers.toml's storage_type of vast, runpod and nebius records from their
    sources), so it is billed for ``days`` x 24 h at the month's rate, not only for the GPU
    hours (a higher stopped rate, RunPod's pod volume disk, is not modelled)."""
    if hours_per_day >= 24 or wall_h <= hours_per_day * (1 + 1e-9):
        return None
    days = math.ceil(wall_h / hours_per_day - 1e-9)
    session_h = hours_per_day / max(1, sessions_per_day)
    sessions = max(days, math.ceil(wall_h / session_h - 1e-9))
    return JobCalendar(days=days, stops=sessions - 1, hours_per_day=hours_per_day,
                       storage_hours=24.0 * days)


def job_storage_hours(job_hours: float, calendar: JobCalendar | None) -> float:
    """The hours a job's volume is billed: every hour of the calendar days a multi-day job
    spans (:func:`job_calendar`), else the job's hours."""
    return calendar.storage_hours if calendar is not None else job_hours


NO_USABLE_PRICE = "no usable price"
""":func:`quote_offer`'s reason for an offer none of whose prices the request may use."""


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
    calendar: JobCalendar | None = None
    """A job run ``hours_per_day`` (< 24) over more than one day's hours: its calendar days,
    stops and the hours its volume is billed (:func:`job_calendar`); None otherwise."""
    storage_job: float | None = None
    """A job: the storage ``per_job`` includes (:func:`job_storage_usd` over
    :func:`job_storage_hours`); None for a month of use."""
    egress_job: float | None = None
    """A job: the egress ``per_job`` includes (``job_egress_gb`` at the provider's tiers,
    :attr:`Terms.egress_job_usd`); None for a month of use."""

    def rank_key(self) -> tuple[float, bool, float, str]:
        """Cost (quality handicap applied), then no commitment before a reservation at the
        same cost (720 h reserved at $0.22 is 528 h on-demand at $0.30), then memory
        bandwidth per dollar, then offer id."""
        bw_per_usd = self.gpu.bandwidth_gb_s * self.offer.gpu_count / max(self.per_hour, 1e-9)
        return (round(self.sort_cost, 2), self.model == "reserved", -bw_per_usd, self.offer.id)


def quote_offer(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan,
                reserved: bool = True) -> Quote | str:
    """Price one offer for the usage, or say why it is out (no usable price, over budget).
    ``reserved=False``: without the reserved price (the option with no commitment).

    A batch job with a deadline (``max_job_hours``) that one instance of the plan does not
    meet is spread over the fewest instances that do (:func:`scale_out`), and so is a
    training run with ``allow_multi_node`` over nodes of an offer it may span
    (:func:`trains_over_nodes`); where spot may be used, also over the fewest that do with
    spot's expected restarts, and the cheaper of the two is the quote."""
    deadline = ctx.req.max_job_hours
    req = ctx.req
    plan = over_offer_network(ctx, offer, gpu, plan)
    spreads = req.workload == "batch" or (
        req.workload in ("finetune", "pretrain") and req.allow_multi_node
        and trains_over_nodes(offer))
    if deadline is None or plan.job_hours is None or not spreads:
        return _quote_offer(ctx, offer, gpu, plan, reserved)
    budget_misses, deadline_misses = len(ctx.budget_misses), len(ctx.deadline_misses)
    sure = _spread(ctx, offer, gpu, plan, deadline, spot=False)
    best = _quote_offer(ctx, offer, gpu, sure, reserved)
    if ctx.interruptible and offer.spot_usd_h is not None:
        spotty = _spread(ctx, offer, gpu, plan, deadline, spot=True)
        if spotty.nodes != sure.nodes:
            other = _quote_offer(ctx, offer, gpu, spotty, reserved)
            if not isinstance(other, str) and (
                    isinstance(best, str) or other.sort_cost < best.sort_cost):
                best = other
    if not isinstance(best, str):
        # the plan not chosen may have missed a budget: only the quote's own misses count
        del ctx.budget_misses[budget_misses:], ctx.deadline_misses[deadline_misses:]
    return best


def _quote_offer(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan, reserved: bool) -> Quote | str:
    """:func:`quote_offer` for ``plan`` as it is (no scale-out)."""
    req = ctx.req
    job_hours = plan.job_hours
    # --- a deadline (max_job_hours): a job time over it is out whatever the price, as
    # /v1/ask's deadline rule (answer/numbers/jobs.py) holds a job's wall hours to it; spot
    # counts its expected restarts (the days `why` says), so it is used only where they fit
    deadline = req.max_job_hours
    most = plan.nodes if plan.scaled_from else 0  # scaled out as far as it goes
    if deadline is not None and job_hours is not None and job_hours > deadline:
        ctx.deadline_misses.append(job_hours)
        return deadline_reason(job_hours, deadline, instances=most)
    spot_hours = (job_hours * (1 + ctx.spot_overhead_of(plan))
                  if job_hours is not None else None)
    spot_late = deadline is not None and spot_hours is not None and spot_hours > deadline
    # --- pricing model: the cheapest allowed of on-demand, spot (interruptible work, with its
    # expected restart overhead) and reserved (long steady use) ---------------------------------
    model: PricingModel | None = None
    price = effective = 0.0
    if offer.on_demand_usd_h is not None:
        model, price, effective = "on_demand", offer.on_demand_usd_h, offer.on_demand_usd_h
    # a spot price the catalog doubts (trust.py's spot rules) is not used unless asked
    spot_doubts = (ctx.catalog.trust_of(offer.id).spot_reasons
                   if offer.spot_usd_h is not None and not req.include_suspect else ())
    if offer.spot_usd_h is not None and ctx.interruptible and not spot_doubts and not spot_late:
        # its expected restarts: a job over several nodes is interrupted more often
        e = offer.spot_usd_h * (1 + ctx.spot_overhead_of(plan))
        if model is None or (e, "spot") < (effective, model):
            model, price, effective = "spot", offer.spot_usd_h, e
    # a reserved price older than the limit (its own date) is not used unless asked
    if (reserved and offer.reserved_usd_h is not None and reserved_for_use(ctx, plan)
            and stale_reserved_reason(ctx, offer, plan) is None):
        e = offer.reserved_usd_h
        if model is None or (e, "reserved") < (effective, model):
            model, price, effective = "reserved", offer.reserved_usd_h, e
    if model is None:
        if (offer.spot_usd_h is not None and ctx.interruptible and not spot_doubts
                and spot_late and spot_hours is not None and deadline is not None):
            ctx.deadline_misses.append(spot_hours)
            return deadline_reason(spot_hours, deadline, spot=True, instances=most)
        if offer.spot_usd_h is not None and ctx.interruptible and spot_doubts:
            return ("suspect price: " + "; ".join(spot_doubts)
                    + "; include_suspect to rank it")
        return ("only a spot price, and the workload is not interruptible"
                if offer.spot_usd_h is not None else NO_USABLE_PRICE)
    spot = model == "spot"
    nodes = plan.nodes
    per_hour = price * nodes
    # --- billed time ----------------------------------------------------------------------------
    terms = provider_terms(ctx, offer.provider, offer.instance_type)
    month_hours: float | None
    if job_hours is not None:
        billed = terms.billed(job_hours * (1 + ctx.spot_overhead_of(plan)) if spot
                              else job_hours)
        if model == "reserved":  # at least the term's minimum, used or not
            billed = max(billed, RESERVED_MONTH_HOURS)
        month_hours = None
    else:
        # each session billed on its own, a day at most 24 h: sessions whose minimums bill
        # more than the day are billed as the machine left running (day_billed_for)
        month_hours = terms.day_billed(req.sessions_per_day)[0] * req.days_per_month
        if model == "reserved":
            # a reservation bills every hour of its term: the whole month, not the hours used
            month_hours = reserved_month_hours(req.days_per_month)
        billed = month_hours * (1 + ctx.spot_overhead_of(plan)) if spot else month_hours
    # --- storage and egress (unknown prices count at the highest sourced rate of the class;
    # egress tiers cumulative over the month) -------------------------------------------------
    storage_gb = req.storage_gb
    if storage_gb is None:
        storage_gb = ctx.storage_cache.get(plan.p.id)
        if storage_gb is None:
            storage_gb = _default_storage_gb(ctx, plan.p)
    # serving: each node keeps its own copy of the weights on its own volume (no shared
    # filesystem is priced), so a plan over several nodes pays it once per node. A training
    # run over several nodes is one job whose checkpoint is sharded: each rank saves only its
    # own shard (torch.distributed.checkpoint, https://pytorch.org/docs/stable/
    # distributed.checkpoint.html: "each rank only save their local shards"; Megatron's
    # dist_checkpointing and DeepSpeed's ZeRO checkpoints alike), so the weights and kept
    # checkpoints are stored once for the job, not once per node (audit buyer29b #4: 821 x
    # 12,176 GB, $2.36 M, for a run whose checkpoints are 12,176 GB)
    copies = 1 if req.workload in ("finetune", "pretrain") else nodes
    storage_month = terms.storage_month(storage_gb) * copies
    egress_month = terms.egress_month_usd
    compute = billed * per_hour
    per_job = per_month = storage_job = egress_job = None
    calendar = None
    if job_hours is not None:
        # a job run fewer than 24 h a day over several days: its volume is kept (and billed)
        # between the days' runs, every hour of the calendar days it spans (job_calendar)
        calendar = job_calendar(job_hours * (1 + ctx.spot_overhead_of(plan)) if spot
                                else job_hours, ctx.hours_per_day, req.sessions_per_day)
        storage_job = job_storage_usd(storage_month, job_storage_hours(job_hours, calendar))
        egress_job = terms.egress_job_usd
        per_job = total = compute + storage_job + egress_job
    else:
        per_month = total = compute + storage_month + egress_month
    # --- budgets (a reserved price named as such, with its term) ---------------------------
    kind = "" if model != "reserved" else f" ({pricing_words(model, offer)})"
    # a plan over several instances: the count, so that the cost reconciles with the
    # rejection's price_usd_h, one instance's (405B: $7.98/h and "$17,466/month" on 3)
    machines = (f"{nodes} instances of {offer.gpu_count} x {gpu.name}: " if nodes > 1
                else "")
    over = _over_budget(ctx, offer, machines, kind, per_hour, per_month, total)
    if over is not None:
        # the rejected entry shows the price this reason was priced at (spot, reserved)
        ctx.budget_prices[(offer.id, over)] = (price, model)
        return over
    return Quote(offer=offer, gpu=gpu, plan=plan, model=model, per_hour=per_hour, spot=spot,
                 month_hours=month_hours, known_billing=terms.known, storage_gb=storage_gb,
                 storage_month=storage_month, egress_month=egress_month, compute=compute,
                 per_job=per_job, per_month=per_month, calendar=calendar,
                 storage_job=storage_job, egress_job=egress_job,
                 sort_cost=_sort_cost(ctx, plan, total, compute))


def _sort_cost(ctx: Ctx, plan: Plan, total: float, compute: float) -> float:
    """What ranks a quote: its total (the job's, else the month's), the handicaps weighing
    the GPU time alone. A fine-tune with no job time (a diffusion model's:
    :attr:`Ctx.untimed_training`) ranks by the GPU time's price alone, the hour's price over
    the same billed hours for every option (spot with its expected restarts): the run's
    storage and egress are a share of its unknown hours, never a month's, so a month's
    storage does not reorder offers by the hour."""
    handicap = ctx.handicap(plan.p.id) * (MULTI_NODE_HANDICAP if plan.nodes > 1 else 1.0)
    if ctx.untimed_training:
        return compute * handicap
    # the handicaps weigh the GPU time (the weights' quality, more machines to run), not
    # storage or egress: a bill every option shares (60 TB of egress, $5,010/month) times
    # int8's x1.04 ranked an L4 at bf16 above a T4 at int8 costing $201/month less (audit
    # buyer29a #14)
    return total + compute * (handicap - 1.0)


def _over_budget(ctx: Ctx, offer: Offer, machines: str, kind: str, per_hour: float,
                 per_month: float | None, total: float) -> str | None:
    """Why a priced offer is over the request's budget (and its miss noted on ``ctx``), or
    None where it is within it."""
    req = ctx.req
    if req.max_usd_per_hour is not None and per_hour > req.max_usd_per_hour:
        ctx.budget_misses.append((per_hour, f"${per_hour:,.2f}/h{kind}, over your "
                                            f"${req.max_usd_per_hour:,.2f}/h"))
        return (f"over budget by ${per_hour - req.max_usd_per_hour:.2f}/h "
                f"({machines}${per_hour:.2f}/h{kind})")
    if req.max_usd_per_month is not None and per_month is not None and (
            per_month > req.max_usd_per_month):
        ctx.budget_misses.append((per_month, f"{usd(per_month)}/month{kind}, over your "
                                             f"{usd(req.max_usd_per_month)}/month"))
        return (f"over budget by {usd(per_month - req.max_usd_per_month)}/month "
                f"({machines}{usd(per_month)}/month{kind})")
    if req.max_usd_total is not None and total > req.max_usd_total:
        ctx.budget_misses.append((total, f"{usd(total)} in all{kind}, over your "
                                         f"{usd(req.max_usd_total)}"))
        return (f"over budget by {usd(total - req.max_usd_total)} "
                f"({machines}{usd(total)} in all{kind})")
    return None


def explain_pricing(ctx: Ctx, q: Quote) -> str:
    if q.model == "spot":
        return (f"spot: interruptible work; expected {ctx.spot_overhead_of(q.plan) * 100:.1f}% "
                "extra time for restarts and lost work")
    if q.model == "reserved":
        return (f"reserved ({reserved_term(q.offer)}): {reserved_use(ctx, q)}; "
                f"{reserved_billing(ctx, q)}")
    return "on-demand: no commitment"


def _default_storage_gb(ctx: Ctx, p: Precision) -> float:
    if p.id in ctx.storage_cache:
        return ctx.storage_cache[p.id]
    ctx.storage_cache[p.id] = _storage_gb(ctx, p)
    return ctx.storage_cache[p.id]


def _storage_gb(ctx: Ctx, p: Precision) -> float:
    req = ctx.req
    full = req.workload == "pretrain" or (req.workload == "finetune" and req.finetune is not None
                                          and req.finetune.method == "full")
    ft = req.finetune
    return model_storage_gb(ctx.model, p, req.workload in ("finetune", "pretrain"), full=full,
                            rank=ft.lora_rank if ft is not None else LORA_RANK_DEFAULT,
                            targets=list(ft.target_modules) if ft is not None else None)


FULL_CHECKPOINT_BYTES_PER_PARAM = 14.0
"""A resumable checkpoint of full mixed-precision AdamW training: 16-bit weights (2 bytes a
parameter), the fp32 master copy (4) and Adam's two fp32 moments (4 + 4), the model states of
the ZeRO paper (Rajbhandari et al. 2020, arXiv:1910.02054, section 3.1: 16 bytes with the
16-bit gradients, which a checkpoint does not keep); the service's own passage
``checkpointing-long-runs`` says "about 14-16 bytes per parameter", ~1 TB for a 70B model."""
KEPT_CHECKPOINTS = 2
"""Checkpoints on disk at once: the last complete one stays while the next is written (the
passage: "keep the last few")."""

LORA_RANK_DEFAULT = 16
"""The LoRA rank a run that states none is sized at (sizing's ``FinetuneOptions.lora_rank``
default)."""

LORA_CHECKPOINT_BYTES_PER_PARAM = 2.0 + OPTIMIZER_BYTES["adamw"][0]
"""A resumable LoRA checkpoint per trainable (adapter) parameter: the 16-bit adapter (2 bytes)
and AdamW's state for it (12: the fp32 master copy and the two fp32 moments, sizing's
``OPTIMIZER_BYTES``), 14 bytes as a full checkpoint keeps per parameter, of the adapters
alone: the frozen base is never written again. Hugging Face's Trainer saves a checkpoint as
``model.save_pretrained`` (a PEFT model writes only ``adapter_model.safetensors``) plus
``optimizer.pt`` (the optimizer's ``state_dict``: AdamW's ``exp_avg`` and ``exp_avg_sq`` of
the trainable parameters; transformers ``Trainer._save_checkpoint`` /
``_save_optimizer_and_scheduler``); diffusers' LoRA DreamBooth checkpoints hold the same two
(``pytorch_lora_weights.safetensors``, ``optimizer.bin``)."""


def lora_checkpoint_gb(model: SizedModel, rank: int = LORA_RANK_DEFAULT,
                       targets: list[str] | None = None) -> float:
    """One resumable LoRA checkpoint, in GB: the adapters' parameters (``rank x (d_in +
    d_out)`` of each targeted matrix of each layer, sizing's ``lora_params``; all seven
    projections when ``targets`` is None) at :data:`LORA_CHECKPOINT_BYTES_PER_PARAM`. A model
    with no transformer architecture (a diffusion pipeline) counts its adapters as the
    training memory does, an upper-bound share of its parameters (sizing's
    ``_DIFF_LORA_SHARE``). Llama 3.1 70B at rank 16: 207M parameters, ~2.9 GB."""
    a = model.arch
    trainable = (lora_params(a, rank, targets) if a is not None
                 else model.total_params * _DIFF_LORA_SHARE)
    return trainable * LORA_CHECKPOINT_BYTES_PER_PARAM / 1e9


def full_checkpoint_gb(model: SizedModel) -> float:
    """One resumable checkpoint of full training, in GB (:data:`FULL_CHECKPOINT_BYTES_PER_PARAM`
    per parameter): ~988 GB for Llama 3.1 70B."""
    return model.total_params * FULL_CHECKPOINT_BYTES_PER_PARAM / 1e9


def model_storage_gb(model: SizedModel, p: Precision, training: bool,
                     full: bool = False, rank: int = LORA_RANK_DEFAULT,
                     targets: list[str] | None = None) -> float:
    """The disk a request that states no ``storage_gb`` is priced for, in whole GB: the
    model's weights at ``p``; for a full training run (pre-training, a full fine-tune) those
    and :data:`KEPT_CHECKPOINTS` resumable checkpoints with the optimizer state
    (:func:`full_checkpoint_gb`: ~988 GB each for Llama 3.1 70B, where three times the
    weights counted 424 GB in all); for LoRA the base weights and as many adapter
    checkpoints with their optimizer state (:func:`lora_checkpoint_gb` at ``rank`` on
    ``targets``: ~2.9 GB each for 70B at rank 16, where three times the weights counted
    424 GB for 147). One definition, so that /v1/ask counts a job's storage as the
    recommendations do."""
    weights_gb = weight_bytes(model, p) / 1e9
    if training and full:
        return math.ceil(weights_gb + KEPT_CHECKPOINTS * full_checkpoint_gb(model))
    if training:
        return math.ceil(weights_gb + KEPT_CHECKPOINTS * lora_checkpoint_gb(model, rank, targets))
    return math.ceil(weights_gb)


def job_storage_usd(storage_month_usd: float, job_hours: float) -> float:
    """A finite job's storage: the month's price of its volume for ``job_hours`` (at least
    one) of a ``HOURS_PER_MONTH`` month, as a job's ``per_job_usd`` counts it: the job's wall
    hours (a disk held while the job runs), or a multi-day job's calendar hours
    (:func:`job_storage_hours`)."""
    return storage_month_usd * max(job_hours, 1) / HOURS_PER_MONTH


def reserved_term(offer: Offer) -> str:
    """The commitment a reserved price needs, as the catalog records it (cost_terms.toml
    [[reserved]] ``term``)."""
    return offer.reserved_term or "a committed term the catalog does not state"


def pricing_words(model: str, offer: Offer | None) -> str:
    """The pricing model as a text names it next to a price: a reserved price always with the
    commitment it needs ("reserved, 1-year term"), so that it never reads as a price
    anyone can pay by the hour."""
    if model == "reserved":
        return ("reserved, " + reserved_term(offer) if offer is not None
                else "reserved, a committed term the catalog does not state")
    return model.replace("_", "-")


def reserved_from_rate(offer: Offer) -> bool:
    """Whether the reserved price is a published "from" rate (the lowest the provider lists,
    a lower bound for a given contract), as its term or source says."""
    text = f"{offer.reserved_term or ''} {offer.source}".lower()
    return "'from'" in text or " from $" in text


def reserved_billing(ctx: Ctx, q: Quote) -> str:
    """What a reservation bills (every hour of its term, used or not), against the hours the
    use needs."""
    h = q.plan.job_hours
    if h is not None:
        return (f"billed for the job's ~{h:,.0f} h and at least one month "
                f"({RESERVED_MONTH_HOURS:,.0f} h): a reservation bills every hour of its term "
                "(the term's length is not in the catalog; one month is the shortest any "
                "provider publishes)")
    used = ctx.hours_per_day * ctx.req.days_per_month
    return (f"billed for the whole month ({q.month_hours or 0:,.0f} h), every hour of the "
            f"term, whatever the hours used (~{used:,.0f} h/month here)")


def reserved_use(ctx: Ctx, q: Quote) -> str:
    """Why the use allows a reserved price (cost_terms: steady 24/7-like use or a job over
    ``LONG_JOB_HOURS``), and whether the use was stated."""
    h = q.plan.job_hours
    if h is not None:
        return f"a long job (~{h:,.0f} h, over {LONG_JOB_HOURS:g} h)"
    if ctx.req.hours_per_day is None:
        return "steady use assumed (24 h/day; hours_per_day not stated)"
    return f"steady use ({ctx.hours_per_day:g} h/day stated)"
