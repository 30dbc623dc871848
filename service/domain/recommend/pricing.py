"""What an offer costs for the usage: the provider's billing terms (granularity, minimum charge),
spot's expected restarts, reserved prices for steady use, storage and egress."""

from __future__ import annotations

import datetime as dt
import math

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import Offer
from service.domain.catalog.precisions import (
    Precision,
)
from service.domain.catalog.trust import reserved_stale
from service.domain.errors import InvalidInput
from service.domain.recommend.context import (
    DEADLINE_PREFIX,
    HOURS_PER_MONTH,
    LONG_JOB_HOURS,
    MULTI_NODE_HANDICAP,
    QUALITY_HANDICAP,
    STEADY_HOURS_PER_DAY,
    Ctx,
    Plan,
    Terms,
    billed_for,
    billing_terms_of,
    usd,
)
from service.domain.recommend.types import (
    MONTH_DAYS,
    PricingModel,
    RecommendationRequest,
)
from service.domain.sizing.memory import (
    SizedModel,
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
                      egress_month_usd=egress_gb * ctx.max_egress_price if em is None else em)
        ctx.terms_cache[key] = terms
    return terms


JOB_SIZES = ("job_output_tokens", "job_images", "job_audio_hours", "job_embed_tokens",
             "training_tokens")
"""The fields that make a request a job of a known size (an option then has ``job_hours``)."""


def check_deadline(req: RecommendationRequest) -> None:
    """``max_job_hours`` bounds a job's time: on serving, or on a job with no size (priced as
    a month of steady use, no job time), it would be silently dropped, so it is a 400."""
    if req.max_job_hours is None:
        return
    if req.workload == "serving":
        raise InvalidInput("max_job_hours is a deadline for a job (workload batch, finetune or "
                           "pretrain); serving runs for as long as it is used: give a "
                           "workload and a job size", "$.max_job_hours")
    if not any(getattr(req, name) is not None for name in JOB_SIZES):
        raise InvalidInput(f"max_job_hours needs the job's size to time it: give one of "
                           f"{', '.join(JOB_SIZES)} (without one, the {req.workload} is priced "
                           "as a month of steady use)", "$.max_job_hours")


def hours_words(hours: float, limit: float) -> str:
    """A job's hours beside the deadline it misses: whole hours from 10 h up, else one
    decimal, and more decimals where fewer would show the limit itself ("24.04 h", never
    "24 h, more than the 24 h allowed")."""
    digits = 0 if hours >= 10 else 1
    while round(hours, digits) <= limit and digits < 3:
        digits += 1
    return f"{hours:,.{digits}f}"


def deadline_reason(hours: float, limit: float, spot: bool = False) -> str:
    """Why an option is left out for ``max_job_hours``; ``spot``: its hours are a spot
    option's expected time, restarts included (the on-demand time fits)."""
    restarts = " with spot's expected restarts" if spot else ""
    return (f"{DEADLINE_PREFIX}{hours_words(hours, limit)} h{restarts}, more than the "
            f"{limit:g} h allowed (max_job_hours)")


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

    def rank_key(self) -> tuple[float, bool, float, str]:
        """Cost (quality handicap applied), then no commitment before a reservation at the
        same cost (720 h reserved at $0.22 is 528 h on-demand at $0.30), then memory
        bandwidth per dollar, then offer id."""
        bw_per_usd = self.gpu.bandwidth_gb_s * self.offer.gpu_count / max(self.per_hour, 1e-9)
        return (round(self.sort_cost, 2), self.model == "reserved", -bw_per_usd, self.offer.id)


def quote_offer(ctx: Ctx, offer: Offer, gpu: GPU, plan: Plan,
                reserved: bool = True) -> Quote | str:
    """Price one offer for the usage, or say why it is out (no usable price, over budget).
    ``reserved=False``: without the reserved price (the option with no commitment)."""
    req = ctx.req
    job_hours = plan.job_hours
    # --- a deadline (max_job_hours): a job time over it is out whatever the price, as
    # /v1/ask's deadline rule (answer/numbers/jobs.py) holds a job's wall hours to it; spot
    # counts its expected restarts (the days `why` says), so it is used only where they fit
    deadline = req.max_job_hours
    if deadline is not None and job_hours is not None and job_hours > deadline:
        ctx.deadline_misses.append(job_hours)
        return deadline_reason(job_hours, deadline)
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
            return deadline_reason(spot_hours, deadline, spot=True)
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
        month_hours = terms.session_billed_h * req.sessions_per_day * req.days_per_month
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
    # each node keeps its own copy on its own volume (no shared filesystem is priced): a
    # plan over several nodes pays the per-node storage once per node
    storage_month = terms.storage_month(storage_gb) * nodes
    egress_month = terms.egress_month_usd
    compute = billed * per_hour
    per_job = per_month = None
    if job_hours is not None:
        per_job = total = compute + job_storage_usd(storage_month, job_hours)
    else:
        per_month = total = compute + storage_month + egress_month
    # --- budgets (a reserved price named as such, with its term) ---------------------------
    kind = "" if model != "reserved" else f" ({pricing_words(model, offer)})"
    # a plan over several instances: the count, so that the cost reconciles with the
    # rejection's price_usd_h, one instance's (405B: $7.98/h and "$17,466/month" on 3)
    machines = (f"{nodes} instances of {offer.gpu_count} x {gpu.name}: " if nodes > 1
                else "")
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
    return Quote(offer=offer, gpu=gpu, plan=plan, model=model, per_hour=per_hour, spot=spot,
                 month_hours=month_hours, known_billing=terms.known, storage_gb=storage_gb,
                 storage_month=storage_month, egress_month=egress_month, compute=compute,
                 per_job=per_job, per_month=per_month,
                 sort_cost=total * QUALITY_HANDICAP.get(plan.p.id, 1.1)
                 * (MULTI_NODE_HANDICAP if nodes > 1 else 1.0))


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
    return model_storage_gb(ctx.model, p, ctx.req.workload in ("finetune", "pretrain"))


def model_storage_gb(model: SizedModel, p: Precision, training: bool) -> float:
    """The disk a request that states no ``storage_gb`` is priced for, in whole GB: the
    model's weights at ``p``, three times that for a training run (the base weights and a
    couple of checkpoints). One definition, so that /v1/ask counts a job's storage as the
    recommendations do."""
    weights_gb = weight_bytes(model, p) / 1e9
    if training:
        return math.ceil(weights_gb * 3)  # base weights + a couple of checkpoints
    return math.ceil(weights_gb)


def job_storage_usd(storage_month_usd: float, job_hours: float) -> float:
    """A finite job's storage: the month's price of its volume for the job's wall hours (at
    least one), as a job's ``per_job_usd`` counts it (a disk held while the job runs)."""
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
