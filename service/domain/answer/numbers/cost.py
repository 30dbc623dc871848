"""Cost answers: per hour, month or job, per million tokens, for a model on a GPU under a load."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace as dc_replace
from functools import partial
from typing import Any

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.answer.numbers.context import (
    _W,
    RateSetups,
    _decap,
    _embed_input,
    _embed_sized,
    _min_count,
    _out,
    _prompt,
    _rps,
    budget_lasts_asked,
    gpu_count_for_users,
    gpus_for_rate,
)
from service.domain.answer.numbers.jobs import (
    _billed_job,
    _deadline_said,
    _job_lead,
    _job_split,
    _length_clips,
    _machine_job,
    _recommend_by_deadline,
    _work_rate,
    billing_minimum_h,
    billing_terms_words,
    cheapest_billed_run,
    spot_job_line,
)
from service.domain.answer.numbers.layouts import replicas_full_load
from service.domain.answer.numbers.media import (
    _budget_images,
    _embed_unit_note,
    _job_total,
    _media_cost,
    _media_unit,
    _media_variant,
    _one_item,
    _rate_asked,
    audio_serving_load,
)
from service.domain.answer.numbers.prices import (
    _cheapest_card,
    _count_nodes_price,
    _gpu_price,
    _instance_run,
    _match_weights_note,
    _month_total,
    _node_price,
    _node_size,
    _nodes_price,
    _reserved,
    _setup_hour,
    _setup_weights,
    _spot_also,
    _spot_option,
    _variants_price,
    _weights_said,
    budget_models,
    gpu_setups,
    instance_price,
    left_out_cheaper,
    node_vs_single_price,
    option_budget_lasts,
    rate_cards,
    rate_setup,
    reserved_at,
    reserved_cards,
    reserved_cards_said,
    setup_headroom_note,
)
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.trust import price_date_words
from service.domain.locale import romanian_de
from service.domain.recommend.context import (
    GRANULARITY_S,
    billing_terms_of,
    day_billed_for,
)
from service.domain.recommend.types import (
    MONTH_DAYS,
    OfferRef,
    Option,
    Recommendation,
)
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    SizingResult,
)


def _cost(w: _W) -> None:
    if w.sub == "instance" and instance_price(w):
        return  # "how much is a p4d.24xlarge per hour?": that offer's own prices
    month = w.sub == "month"  # the inner answer turns a job's month into "job"
    period = w.sub if w.sub in ("day", "week", "year") else None  # by the hour, then this
    if w.sub == "time" and w.st.job_runs:
        # "how long does the daily batch take, and what does it cost per day?": the day's
        # runs too, after the time that leads (_time_first)
        period = w.st.runs_cost_period
    split = _token_split(w)
    _cost_inner(w)
    if (split is None and w.st.output_tokens == 0 and not w.prefill_priced
            and w.out.first is not None and w.out.asked is not None):
        # "no output" asked, but no prefill could be sized: the tokens were priced as output,
        # said as assumed as any job of tokens with no split is (audit regress12 #6b)
        split = _token_split(w, priced_as_output=True)
    if split is not None and w.out.first is not None:
        w.out.more.insert(0, split)  # right after the job's figure it priced
    if w.st.office_hours and w.out.first is not None:
        # the schedule read for "office hours", said right after the figure it priced
        w.out.more.insert(0, w.say("office_hours_read"))
    if w.st.job_runs and w.out.asked is not None and w.out.asked.quantity == "per_job_usd":
        per_job = w.out.asked.value
        _job_endpoint(w, _job_month(w, per_job, month))
        if period is not None:
            _job_period(w, per_job, period)
        _time_first(w)
    if (period is not None and w.out.asked is not None and w.out.first is not None
            and w.out.asked.quantity in ("per_hour_usd", "per_gpu_hour_usd")):
        _cost_period(w, w.out.asked.value, period)
    _reserved_setup(w)
    _stated_fit_lead(w)
    _use_share_note(w)
    _year_of_month(w)


def _time_first(w: _W) -> None:
    """A job on a schedule whose time is asked beside its cost ("How long does the daily
    1B-token batch take, and what does it cost per day?", "Cât durează jobul zilnic ... și
    cât costă pe zi?"): the time on the setup priced (``tokens_job_time``, within the time to
    its next run) leads, the cost that led right after it in the same first sentence (audit
    buyer21 #3: the cost led and the time asked came fifth)."""
    if not w.st.time_asked or not w.st.job_runs or w.out.first is None:
        return
    took = w.t["tokens_job_time"].partition("{")[0]
    i = next((k for k, s in enumerate(w.out.more) if s.startswith(took)), None)
    if i is not None:
        w.out.first = w.out.more.pop(i) + " " + w.out.first


def _stated_fit_lead(w: _W) -> None:
    """"What GPUs, and does it fit in 2 x A100 80GB?": the fit on the setup stated, as the fit
    answer says it (memory._fits: the GiB per GPU against the usable, the fewest of that GPU
    that hold it), leads the recommendation (audit recfit #1: the cheapest match led and the
    sub-question was never answered). For one request at a time, the fit answer's load."""
    gid, count = w.ex.gpu, w.ex.gpu_count
    if (not w.st.fit_word or w.model is None or w.model.kind != "llm" or gid is None
            or not count or w.out.first is None or not w.out.offers
            or (w.ex.concurrent_requests or 1) > 1 or (w.ex.batch_size or 1) > 1):
        return
    out = _out(w)
    ctx = _prompt(w, out) + out  # the context the recommendation is sized at
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None or r.runs is False:
        return
    lead = w.say(w.on("fits_yes" if r.fits_in_memory else "fits_no", gid), model=w.model.name,
                 weights=r.weights,
                 setup=w.setup(count, gid), need=w.gib(r.memory.per_gpu_gib),
                 cap=w.gib(w.cap(r)), ctx=w.n(ctx))
    row = next((f for f in sorted(r.fits_on, key=lambda f: f.gpu_count)
                if f.gpu == gid and f.gpu_count > count), None)
    if not r.fits_in_memory and row is not None:
        lead += " " + w.say(w.on("fits_takes", gid, row.gpu_count), n=w.n(row.gpu_count),
                            gpu=w.gpu_name(gid),
                            weights=r.weights, per=w.gib(row.per_gpu_gib))
    w.out.more.insert(0, w.out.first)
    w.out.first = lead


def _reserved_setup(w: _W) -> None:
    """A reservation asked with a model ("how much would I save with a 1-year reservation for
    an H100 running Llama 3.1 70B 24/7?"): the reserved price of the GPU of the setup the
    answer priced, for its GPUs, leads (prices._reserved), the setup's on-demand price after
    it. It led with the setup's on-demand price and never said the term, the saving or the
    break-even (buyer audit); without a model the GPU's own price answer does so. The model,
    its weights and the load the setup was sized for are said where its cost leads (a month
    asked: the setup's month reserved, audit reserved23)."""
    if not w.st.reserved or w.model is None or w.out.first is None:
        return
    if not w.out.offers:
        # the GPU named priced on the count stated, else the fewest that hold the model
        # (_setup_hour, as _cost_inner counts them): that many
        gid = w.ex.gpu
        if gid is not None and w.model.kind == "llm":
            out = _out(w)
            ctx = _prompt(w, out, 4096 - out) + out
            count = w.ex.gpu_count or _min_count(w, gid, ctx)
            if count:
                r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx - out,
                           output_tokens=out)
                _reserved(w, gid, count, None, None, False,
                          sized=_reserved_sized(w, r.weights) if r is not None else None)
        return
    lead = w.out.offers[0]
    v = w.view_of(lead.offer_id)
    if v is None:
        return
    gpus = lead.gpu_count * lead.nodes
    od = lead.per_hour_usd / gpus if lead.pricing_model == "on_demand" else None
    if (reserved_at(w, v.gpu, gpus) is None and w.ex.gpu is None
            and _reserved_card_lead(w, v, gpus)):
        return
    # the recommendations' lead's setup (its GPUs, weights and load) priced reserved
    _reserved(w, v.gpu, gpus, od, None, False, sized=_reserved_sized(w, lead.weights))


def _reserved_card_lead(w: _W, v: OfferView, gpus: int) -> bool:
    """A reservation asked for a model with no card named, where the card of the cheapest
    match (``gpus`` × ``v.gpu``) has no reserved price: the recommendations for the same
    load on the cards that have one (:func:`reserved_cards`) and the first of them priced
    reserved against on-demand (prices._reserved: the term's totals, the saving, the
    break-even use, a stale price's age), led by a sentence that says the cheapest match's
    card has none and names the cards that do, with their dates. It said "no reserved price
    for V100" and sized that V100 alone (audit buyer27a #8), never weighing reserved against
    on-demand. False (the caller's own answer) where no card with a reserved price holds the
    model."""
    assert w.model is not None
    cards = reserved_cards(w)
    if not cards or w.model.kind != "llm":
        return False
    out = _out(w)
    kw: dict[str, Any] = {"workload": "serving",
                          "concurrent_requests": w.ex.concurrent_requests or 1,
                          "output_tokens": out,
                          "context_tokens": _prompt(w, out, 4096 - out) + out,
                          "gpus": cards}
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    alt = w.view_of(o.offer.id)
    if alt is None:
        return False
    n = o.offer.gpu_count * o.nodes
    od = o.cost.per_hour_usd / n if o.pricing_model == "on_demand" else None
    if reserved_at(w, alt.gpu, n) is None:
        return False
    note = w.say("reserved_none_lead", gpu=w.gpu_name(v.gpu), setup=w.setup(gpus, v.gpu),
                 cards=reserved_cards_said(w))
    _reserved(w, alt.gpu, n, od, None, False, sized=_reserved_sized(w, o.weights))
    w.out.first = f"{note} {w.out.first}"
    return True


def _reserved_sized(w: _W, weights: str) -> str:
    """The model and weights a reserved setup was sized for, and its load where several
    requests at once are stated ("for Meta Llama 3.1 70B at awq-int4 (4-bit weights; ...)
    with 20 concurrent requests")."""
    assert w.model is not None
    said = w.say("reserved_setup_sized", model=w.model.name, weights=_weights_said(w, weights))
    n = w.ex.concurrent_requests or 1
    if n > 1:
        said += w.say("reserved_setup_load", n=w.n(n))
    return said


_SPLIT_OUT = 512
"""The output of one request of a token job with no split stated: the API's default
(``DEFAULT_OUTPUT_TOKENS``, ``context.ASK_OUTPUT_TOKENS``)."""


def _token_split(w: _W, priced_as_output: bool = False) -> str | None:
    """A job of tokens for a generating LLM with no split stated ("generate 100M tokens",
    "batch translate 200M tokens"): the sentence that says how it was read, the tokens as
    output in requests of the API's defaults (3,584 in and 512 out, :func:`_prompt`). A
    translation writes about as many tokens as it reads, so its requests are 512 in and 512
    out (the context of 1,024 set here for every figure of the answer), not 3,584 in: 7 times
    the prefill (audit batch B8, which said neither). Tokens per text run within about 20 %
    between Latin-script languages and 2 to 3 times higher into Chinese, Japanese or Korean
    (blakecrosley.com/blog/tokenization-visualizer: 27 posts translated from English, Spanish
    1.15x, German 1.20x, French 1.13x, Korean 2.8x, Japanese 2.4x, Chinese 2.1x): 1:1 is the
    assumption the sentence states. None where the question states a split, requests or
    documents, or no such job is asked. ``priced_as_output``: a job with no output stated
    that was priced as output all the same (no prefill sized): the sentence alone, nothing
    changed, as the figure is already priced."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.det.tokens
            or w.st.requests or w.st.documents or w.st.request_rate_per_s or w.sub == "million"
            or w.ex.workload in ("finetune", "pretrain")
            # 0: no output, a prefill job (s1fmt #3), unless it was priced as output
            or (w.st.output_tokens is not None and not priced_as_output)
            or w.st.prompt_tokens or w.ex.context_tokens):
        return None
    tokens = w.det.tokens
    if priced_as_output:
        return w.say("token_split_assumed", tokens=w.n(tokens), inp=w.n(_prompt(w, _SPLIT_OUT)),
                     out=w.n(_SPLIT_OUT))
    if w.st.translation:
        w.ex = msgspec.structs.replace(w.ex, context_tokens=2 * _SPLIT_OUT)
    if w.st.tokens_input:
        # "classify 100M input tokens": the tokens are what the requests read, each of the
        # default prompt (or a translation's 512) with the API's default output; the job priced
        # is their output, 1/7 of the tokens stated at 3,584 in (audit regress7 #8 priced 100M
        # output tokens and said the question stated no split)
        inp = _prompt(w, _SPLIT_OUT)
        requests = math.ceil(tokens / inp)
        said = w.say("token_split_input", tokens=w.n(tokens), requests=w.n(requests),
                     inp=w.n(inp), out=w.n(_SPLIT_OUT), outputs=w.n(requests * _SPLIT_OUT))
        w.det = msgspec.structs.replace(w.det, tokens=requests * _SPLIT_OUT)
        return said
    return w.say("token_split_translation" if w.st.translation else "token_split_assumed",
                 tokens=w.n(tokens), inp=w.n(_prompt(w, _SPLIT_OUT)),
                 out=w.n(_SPLIT_OUT))


def _cost_period(w: _W, hour: float, period: str) -> None:
    """A day, a week or a year asked ("how much per day", "cât costă pe săptămână", "pe
    an"): the hourly price times the hours a day stated (24 unless stated) and, for a week,
    its days (7 unless stated), for a year 12 months at the usage stated, leading; the hourly
    answer that names the setup follows it."""
    h = w.st.hours_per_day or 24.0
    days = 1.0 if period == "day" else (w.st.days_per_week or 7.0)
    total = hour * h * days
    year_days = YEAR_DAYS * (w.st.days_per_month or MONTH_DAYS) / MONTH_DAYS
    if period == "year":
        # a year of 365 days (8,760 h around the clock), its share of them where days are
        # stated (weekdays: 365 x 5/7); was 12 of the answers' 30-day months, 360 days, 1.4 %
        # short (audit cost #14: $11,146 for an H100 a year, 8,760 x $1.29 = $11,300)
        total = hour * h * year_days
    said = w.say(f"cost_per_{period}", total=w.usd(total), hours=w.day_hours(h),
                 days=w.hours(days), hour=w.usd(hour), usage=w.usage(),
                 year_days=w.say("year_days_all") if year_days == YEAR_DAYS
                 else w.say("year_days_share", d=w.hours(round(year_days, 1))))
    w.out.more.insert(0, w.out.first or "")
    w.out.first = said
    w.ask(f"per_{period}_usd", total, f"USD/{period}")


def _year_of_month(w: _W) -> None:
    """A year asked of a month priced with its storage or egress ("yearly cost of serving
    ... with 200 GB storage and 5 TB egress a month", "how much per year for one H100 ...
    with 500 GB storage": :attr:`Stated.year_asked`, :attr:`_W.month_split`): the year leads,
    in its parts, on the day basis of every year here (:func:`_cost_period`: 365 days, the
    month's 30-day figure x 365/30; each part so, a volume and a monthly egress billed over
    the same days), the month's answer after it. It gave the month alone (audit buyer29a #9:
    $835.72/month, no year)."""
    split = w.month_split
    asked = w.out.asked
    if (not w.st.year_asked or split is None or w.out.first is None or asked is None
            or asked.quantity != "per_month_usd"):
        return
    factor = YEAR_DAYS / MONTH_DAYS
    gpu, storage, egress = (x * factor for x in split)
    parts = [w.say("year_part_gpu", v=w.usd(gpu))]
    if storage or w.st.storage_gb:
        parts.append(w.say("year_part_storage", v=w.usd(storage)))
    if egress or w.st.egress_gb:
        parts.append(w.say("year_part_egress", v=w.usd(egress)))
    listed = (", ".join(parts[:-1]) + w.say("target_and") + parts[-1]) if len(parts) > 1 \
        else parts[0]
    total = asked.value * factor
    w.out.more.insert(0, w.out.first)
    w.out.first = w.say("cost_year_parts", total=w.usd(total), parts=listed,
                        month=w.usd(asked.value))
    w.ask("per_year_usd", total, "USD/year")


YEAR_DAYS = 365.0
"""The days of a year's figure: 24 x 365 = 8,760 hours around the clock (as the reserved
answer's year, prices._YEAR_HOURS)."""


def _billed_day(w: _W, gid: str) -> tuple[float, OfferView, str] | None:
    """(hours billed a day, the offer, its billing terms in words) where a GPU's month at
    hours of use a day ("2.5 hours a day", "20 minutes, 6 times a day") bills more hours
    than it uses: each run (one a day unless more are stated) rounded up to its provider's
    billing granularity, at least its minimum charge (for its instance family), by the hour
    where the granularity is unknown, as /v1/recommendations bills a session
    (``billing_terms_of``, ``billed_for``). The offer is the one the GPU's price leads with
    (:meth:`_W.basis`; a card the name also covers, at the provider asked first). None when
    no more is billed than used (whole hours at an hourly provider) or no usage is
    stated. Was the hours of use alone (audit cost #6: 2.5 h a day at OVHcloud, billed by
    the hour, $224.25 against the recommendations' $269.10; 20 minutes 6 times a day,
    billed an hour each, at 24 h/day)."""
    h = w.st.hours_per_day
    if not h:
        return None
    runs = w.st.sessions_per_day or 1
    lead = _lead_basis(w, gid)
    if lead is None:
        return None
    v = lead[0]
    p = w.catalog.providers_by_id.get(v.provider)
    gran_s, minimum, known = billing_terms_of(p)
    if p is not None and p.minimum_charges:
        minimum = float(p.minimum_charge_for(v.instance_type) or 0)
    billed = day_billed_for(h / runs, runs, gran_s, minimum)[0]  # at most 24 h a day
    if billed <= h + 1e-9:
        return None
    least = w.say("billing_min", s=w.n(minimum)) if minimum else ""
    unit = next((u for u, s in GRANULARITY_S.items() if s == gran_s), "hour")
    terms = (w.say("billed_runs_terms", unit=w.t[f"unit_{unit}"], minimum=least) if known
             else w.say("billed_runs_unknown", minimum=least))
    return billed, v, terms


def _lead_basis(w: _W, gid: str) -> tuple[OfferView, float, str] | None:
    """The price a GPU's answer leads with (:meth:`_W.basis` at the count asked; of the cards
    the name also covers, the cheapest, at the provider asked first, a trusted price first):
    (offer, $/h per GPU, kind), or None where none is priced."""
    count = w.ex.gpu_count or 1
    cards = list(w.st.gpu_variants) if gid in w.st.gpu_variants else [gid]
    priced = [b for g in cards if (b := w.basis(g, count, share=w.shared_ok(count))) is not None]
    if not priced:
        return None
    return min(priced, key=lambda b: (bool(w.det.provider) and b[0].provider != w.det.provider,
                                      b[0].stale or b[0].suspect, b[1]))


def _use_share_note(w: _W) -> None:
    """A share of the time stated as the use ("only 30% of the time", "at 40% utilization":
    :attr:`Stated.use_share_pct`), its month priced at that share of the day's hours: said
    right after the figure, with what the same setup costs kept running (allocated) all
    month, which billing follows whatever the load ("Billing follows allocation, not
    utilization", knowledge/passages/idle-and-stopped-costs.en.md; Lambda: "billed even when
    the GPU sits at 0 %"). It was dropped, the month priced at 24 h/day (audit buyer29a #5:
    $1,433 for an H100 at RunPod 30 % of the time, $429.84 at per-second billing)."""
    pct = w.st.use_share_pct
    asked = w.out.asked
    if (not pct or w.out.first is None or asked is None
            or asked.quantity not in ("per_month_usd", "per_gpu_month_usd")):
        return
    days = w.st.days_per_month or MONTH_DAYS
    if w.out.offers:
        first = w.out.offers[0]
        hour, provider = first.per_hour_usd, first.provider
        v: OfferView | None = w.view_of(first.offer_id)
    elif w.ex.gpu is not None and (lead := _lead_basis(w, w.ex.gpu)) is not None:
        v, provider = lead[0], lead[0].provider
        hour = lead[1] * (w.ex.gpu_count or 1)
    else:
        return
    terms = billing_terms_words(w, v) if v is not None else ""
    w.out.more.insert(0, w.say(
        "use_share_note", pct=w.f.percent(pct / 100), h=w.day_hours(24.0 * pct / 100),
        provider=provider, terms=terms, full=w.usd(hour * 24.0 * days), days=w.hours(days)))


def _terms_words(w: _W, v: OfferView | OfferRef) -> str:
    """How ``v``'s provider bills a run, in words ("bills per second", "states no billing
    granularity (billed per hour here), with a minimum charge of 3,600 seconds"), its
    instance family's minimum where the provider has rules (as :func:`_billed_day`)."""
    return billing_terms_words(w, v)


def _billed_node_price(w: _W, gid: str) -> bool:
    """A GPU's node priced (:func:`_node_price`: the whole machine, as /v1/recommendations
    rents instances) with its month billed as its provider bills each run (granularity and
    minimum charge, :func:`cheapest_billed_run`, as the recommendations bill
    ``sessions_per_day``), the runs and the hours of use said beside it. "A 7-minute job 10
    times a day on an OCI bare metal A100 node" was one GPU's share of BM.GPU.A4.8 for
    $915.00/month, where the machine is rented whole: $24.40/h, its 1-hour minimum a run,
    300 h, $7,320, the recommendations' figure (audit buyer29a #8)."""
    h = w.st.hours_per_day
    n = _node_size(w, gid)
    runs = w.st.sessions_per_day or 1
    # the machine of that size cheapest once each run is billed (a per-second provider
    # before one billed by the hour), as the recommendations rank sessions
    run = (cheapest_billed_run(w, gid, n, h / runs, exact=True)
           if n > 1 and w.sub == "month" and h and not w.st.reserved
           and not w.st.interruptible else None)
    if run is None or h is None:
        return _node_price(w, gid)
    billed = run.billed_h * runs
    st = w.st
    w.st = dc_replace(st, hours_per_day=max(billed, h))
    try:
        done = _node_price(w, gid, pick=(run.v, run.hour, "on_demand"))
    finally:
        w.st = st
    if done and w.out.first is not None and billed > h + 1e-9:
        w.out.more.insert(0, w.say(
            "billed_runs" if runs > 1 else "billed_run_one", provider=run.v.provider,
            terms=_terms_words(w, run.v), n=w.n(runs), run=w.duration(h / runs),
            used=w.hours(round(h, 2)), billed=w.hours(round(billed, 2))))
    return done


def _runs_month(w: _W, gid: str) -> bool:
    """A GPU's month of runs a day ("a 10-minute job on one H100 20 times a day", "2.5 hours
    a day") where the cheapest offer once each run is billed (its provider's granularity
    and minimum charge, on whole machines: :func:`cheapest_billed_run`) is not the one the
    lowest hourly price leads with: that run leads, its month the run's cost times the runs
    a month, as /v1/recommendations ranks a usage with ``sessions_per_day``
    (pricing.provider_terms' ``session_billed_h`` x sessions x days), and the lowest hourly
    price follows with what it comes to billed so. It led with hyperbolic's $1.29/h billed
    an hour a run, $774.00 a month, where vast's $1.80/h billed per second is $180.00 (audit
    cost #2). False (the caller's own answer) where the lowest hourly price is also the
    cheapest billed, or no run is priced."""
    h = w.st.hours_per_day
    if not h or w.sub != "month" or w.st.reserved or w.st.interruptible:
        return False
    runs = w.st.sessions_per_day or 1
    count = w.ex.gpu_count or 1
    days = w.st.days_per_month or MONTH_DAYS
    cards = list(w.st.gpu_variants) if gid in w.st.gpu_variants else [gid]
    found = [r for g in cards if (r := cheapest_billed_run(w, g, count, h / runs)) is not None]
    priced = [b for g in cards if (b := w.basis(g, count, share=w.shared_ok(count))) is not None]
    if not found or not priced:
        return False
    asked = w.det.provider  # the provider named first (a card the name also covers may be
    # offered only elsewhere: offers_for then falls back to every provider's)
    run = min(found, key=lambda r: (bool(asked) and r.v.provider != asked,
                                    r.v.stale or r.v.suspect, round(r.cost, 2)))
    month = run.cost * runs * days
    low = min(priced, key=lambda b: (bool(asked) and b[0].provider != asked,
                                     b[0].stale or b[0].suspect, b[1]))
    billed_low = _billed_day(w, low[0].gpu)
    low_month = low[1] * count * (billed_low[0] if billed_low is not None else h) * days
    if low[0].id == run.v.id or low[2] != "on_demand" or month >= low_month - 0.005:
        return False
    rented = run.machines * run.v.gpu_count
    spot = "" if w.st.on_demand else _spot_also(w, run.v.gpu, run.hour / rented, rented)
    fields = {"setup": w.setup(rented, run.v.gpu), "month": w.usd(month), "n": w.n(runs),
              "run": w.duration(h / runs), "days": w.hours(days), "hour": w.usd(run.hour),
              "provider": run.v.provider if run.machines == 1 and rented == count
              else w.where(run.v, rented), "kind": w.kinds["on_demand"], "spot": spot,
              "name": run.v.provider, "terms": _terms_words(w, run.v),
              "used": w.hours(round(h, 2)), "billed": w.hours(round(run.billed_h * runs, 2))}
    w.out.first = w.say("cost_runs_month" if runs > 1 else "cost_runs_month_one", **fields)
    w.out.more.append(w.say("cost_runs_dearer", price=w.usd(low[1] * count),
                            provider=w.where(low[0], count, share=w.shared_ok(count)),
                            month=w.usd(low_month),
                            billed=w.hours(round(billed_low[0] if billed_low else h, 2))))
    w.out.more.append(w.say("price_date", date=w.view_date(run.v)))
    w.price_warnings(run.v)
    w.ask("per_month_usd" if count > 1 else "per_gpu_month_usd", month, "USD")
    return True


def _billed_gpu_price(w: _W, gid: str, price: Any) -> None:
    """A GPU's price (``price``: :func:`_gpu_price` or :func:`_variants_price`) with its
    month billed as its provider bills each run (:func:`_billed_day`): priced at the hours
    billed a day, said with the runs and the hours of use beside them; the cheapest once
    billed leading where that is another offer (:func:`_runs_month`)."""
    if w.sub == "month" and _runs_month(w, gid):
        return
    billed = _billed_day(w, gid) if w.sub == "month" else None
    if billed is None:
        price(w, gid)
        return
    used, st = w.st.hours_per_day or 24.0, w.st
    w.st = dc_replace(st, hours_per_day=billed[0])
    try:
        price(w, gid)
    finally:
        w.st = st
    runs = st.sessions_per_day or 1
    said = w.say("billed_runs" if runs > 1 else "billed_run_one", provider=billed[1].provider,
                 terms=billed[2], n=w.n(runs), run=w.duration(used / runs),
                 used=w.day_hours(used), billed=w.day_hours(billed[0]))
    if w.out.first is not None:
        w.out.more.insert(0, said)


def _job_month(w: _W, per_job: float, lead: bool) -> float:
    """A job run on a schedule ("every week", "de două ori pe săptămână"): a month of runs,
    each billed on its own as the one job priced (its provider's rounding and minimum
    charge already in that job's cost), in a month of 30 days as every monthly figure here
    (a week is 30/7 of it); it leads when a month is asked, else follows the job's cost. One
    run a month is said "once a month" (was "run 1 times a month (1 a month)"). Returns the
    month's USD."""
    n, period = w.st.job_runs or (1.0, "month")
    runs = n * {"day": float(MONTH_DAYS), "week": MONTH_DAYS / 7, "month": 1.0}[period]
    total = per_job * runs
    said = (w.say("cost_job_month_once", month=w.usd(total)) if n == 1 and period == "month"
            else w.say("cost_job_month", month=w.usd(total),
                       runs=w.n(runs, 0 if runs.is_integer() else 2),
                       how=w.say(f"job_runs_{period}", n=w.hours(n)), job=w.usd(per_job)))
    if not lead or w.out.first is None:
        w.out.more.insert(0, said)
        return total
    w.out.more.insert(0, w.out.first)
    w.out.first = said
    w.ask("per_month_usd", total, "USD")
    return total


_PERIOD_RUNS: dict[str, dict[str, float]] = {
    "day": {"day": 1.0}, "week": {"day": 7.0, "week": 1.0},
    "year": {"day": YEAR_DAYS, "week": YEAR_DAYS / 7, "month": 12.0}}
"""The runs of a job a day, a week or a year asked, for each period it runs on: a year of
365 days (as :func:`_cost_period`'s year, :data:`YEAR_DAYS`) and of 12 of the answers'
months; none where the job runs less often than the period asked (a weekly job a day)."""


def _job_period(w: _W, per_job: float, period: str) -> None:
    """A day, a week or a year asked of a job run on a schedule ("daily cost of 10M tokens",
    "cât costă pe zi 5M de tokeni", "yearly cost of 10M tokens a day"): the period's runs,
    each billed on its own as the one job priced, lead; the job's own cost and the month of
    runs (:func:`_job_month`) follow. It led with one job's cost and a month ("The job costs
    about $8.03 ... About $240.89 a month"), never the day asked (audit daily)."""
    n, every = w.st.job_runs or (1.0, "month")
    per = _PERIOD_RUNS[period].get(every)
    if per is None or w.out.first is None or w.st.runs_period_only:
        return  # ("every week. Cost?": the week is the runs', the run leads)
    runs = n * per
    total = per_job * runs
    if runs == 1 and period != "year":
        said = w.say(f"cost_job_{period}_once", total=w.usd(total))
    else:
        said = w.say(f"cost_job_{period}", total=w.usd(total),
                     runs=w.n(runs, 0 if runs.is_integer() else 2),
                     how=w.say(f"job_runs_{period}_{every}", n=w.hours(n))
                     if period != "day" else "", job=w.usd(per_job))
    w.out.more.insert(0, w.out.first)
    w.out.first = said
    w.ask(f"per_{period}_usd", total, f"USD/{period}")


def _job_endpoint(w: _W, jobs_month: float) -> None:
    """Tokens a day, a week or a month with no batch said ("2.5M tokens a month", "10M
    tokens every day"; never an hourly rate) where the jobs' month is the cheaper: the job
    run on that schedule leads (:func:`_job_month`; :func:`_steady_rate` hands a daily rate
    to it then), and the always-on endpoint for the same steady rate (the month's tokens
    over its hours of use) follows as the other reading, with why the job leads: a server
    kept running bills around the clock, a batch job only for its own hours. One rule for
    every period, so the same steady rate gets the same headline (audit regress3 #8: 10M a
    day led with a $799.45 endpoint, 70M a week and 300M a month with $240.45 of jobs, all
    115.7 tokens/s). Said where the endpoint's month costs more than ``jobs_month`` (the
    jobs' month), on the GPU named when one is; nothing otherwise."""
    m = w.model
    runs = w.st.job_runs
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.det.tokens or runs is None
            or runs[1] not in ("day", "week", "month") or w.st.interruptible or w.sub == "time"
            or w.ex.workload in ("batch", "finetune", "pretrain")):
        return
    n, period = runs
    if period == "day" and _hourly(w, n):
        return  # an hourly rate: always the endpoint's (_steady_rate), never jobs leading
    per_month = n * {"day": float(MONTH_DAYS), "week": MONTH_DAYS / 7}.get(period, 1.0)
    hours = (w.st.hours_per_day or 24.0) * (w.st.days_per_month or MONTH_DAYS)
    tps = w.det.tokens * per_month / (hours * 3600)
    out = _out(w)
    inp = _request_prompt(w, out)
    gid, _ = w.card()
    rec = w.recommend(**_endpoint_kw(w, gid, tps, inp, out))
    options = [o for o in (rec.options if rec is not None else [])
               if not w.ex.gpu_count or (o.nodes == 1 and o.offer.gpu_count == w.ex.gpu_count)]
    o = options[0] if options else None
    if o is None or o.cost.per_month_usd is None or o.cost.per_month_usd <= jobs_month:
        return
    # after the job's sentence that follows the month (a job's cost, its split when said)
    pos = min(1, len(w.out.more))
    split = w.t["job_cost_split"].partition("{")[0]
    if pos < len(w.out.more) and w.out.more[pos].startswith(split):
        pos += 1
    w.out.more.insert(pos, w.say(
        "cost_job_endpoint", month=w.usd(o.cost.per_month_usd),
        setup=_setup_weights(w, w.option_setup(o), o.weights), provider=o.offer.provider,
        hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model], usage=w.usage(),
        rate=w.say(f"steady_rate_{period}", tokens=w.n(w.det.tokens * n)), tps=w.per_s(tps)))
    w.option_warnings(o)


def _endpoint_kw(w: _W, gid: str | None, tps: float, inp: int, out: int) -> dict[str, Any]:
    """The recommendations' request for an always-on endpoint that carries ``tps`` output
    tokens/s of requests of ``inp`` tokens in and ``out`` out, on the GPU named (or its
    memory variants) when ``gid`` is one."""
    kw: dict[str, Any] = {"workload": "serving", "concurrent_requests": 1,
                          "target_requests_per_s": tps / out, "context_tokens": inp + out,
                          "output_tokens": out, "interruptible": False}
    if gid is not None:
        kw["gpus"] = list(w.st.gpu_variants) if gid in w.st.gpu_variants else [gid]
        kw["top_n"] = 50
    return kw


_FullLoad = tuple[SizingResult, int, float, OfferView, float, str, str | None]


def _per_token_counts(w: _W, gid: str, inp: int, out: int, first: int
                      ) -> list[tuple[float, int, SizingResult, float, OfferView, float, str]]:
    """Each count of ``gid`` from ``first`` (the fewest that hold the model) doubling up to
    one node (``NODE_GPUS``) that runs it and has a price: (USD per million output tokens at
    full load, the count, its sizing, its output tokens/s at full load, the offer, the
    setup's hourly price, the price kind). The fewest that hold the model can be the
    dearest per token: Llama 3.1 70B at fp8 on one H100 has room for 2 requests (57
    tokens/s, $6.29 per 1M tokens) where 2 × H100 serve 101 (1,570 tokens/s, about $0.46),
    as more GPUs leave more memory for the KV cache of the requests in flight."""
    rows = []
    n = max(1, first)
    while n <= max(first, NODE_GPUS):
        r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=out)
        thr = (r.performance.max_throughput_tokens_per_s
               if r is not None and r.fits_in_memory and r.performance is not None else None)
        b = w.basis(gid, n) if thr else None
        if r is not None and thr and b is not None:
            v, per, kind = b
            rows.append((per * n / (thr * 3600) * 1e6, n, r, thr, v, per * n, kind))
        n *= 2
    return rows


def _full_load(w: _W, gid: str, inp: int, out: int) -> _FullLoad | None:
    """The GPU named sized for ``inp`` tokens in and ``out`` out on the setup the hour and
    the month name (:func:`gpu_setups`' first by the hour: its count and precision, a count
    or a precision stated winning), else (none listed, or users stated) its count asked, else
    the fewest that hold the model, or the users stated: (the sizing, the count, its output
    tokens/s at full load, the on-demand offer, the setup's hourly price, the price kind, the
    sentence that says the count is for the users when the fewest that hold the model do not
    hold them); None where it does not run there or has no price. A token job leads with it,
    as the hour does, a setup cheaper for the job said after it (:func:`_cheaper_in_unit`);
    a price per token leads with the setup cheapest per token (:func:`_cheapest_lead`) and
    says this one after it. Was bf16 on a count chosen per unit (audit ask_precision)."""
    loaded = _load_sized(w, gid, inp, out)
    b = w.basis(gid, loaded[1]) if loaded is not None else None
    if loaded is None or b is None:
        return None
    r, count, thr, nofit = loaded
    v, per, kind = b
    return r, count, thr, v, per * count, kind, nofit


def _load_sized(w: _W, gid: str, inp: int, out: int
                ) -> tuple[SizingResult, int, float, str | None] | None:
    """:func:`_full_load`'s setup with no price: (the sizing, the count, its output tokens/s
    at full load, the sentence that says the count is for the users), None where it does not
    run there (priced at the asker's own price by :func:`_own_cost`)."""
    count = w.ex.gpu_count or _min_count(w, gid, inp) or 1
    weights: str | None = None
    lead = gpu_setups(w, [gid], "hour", count=w.ex.gpu_count) \
        if not w.ex.concurrent_requests else []
    if lead:
        # the setup the hour and the month name (:func:`gpu_setups`), whatever the unit
        count, weights = lead[0].offer.gpu_count, lead[0].weights
    # users stated and no count: the fewest that hold them all at once, as the cost path
    # sizes them (gpu_count_for_users), never a setup whose full load serves fewer. One GPU
    # by its article ("I pay $2/hr for an H100", "on an L4") names the GPU, not a count:
    # 70B fp8 for 30 users was priced on the one H100 that holds 1 of them, its single
    # stream said as the load (audit per1musers: $19.29 per 1M at 29 tokens/s)
    kept = bool(w.ex.gpu_count) and not (w.st.gpu_one and not w.st.gpu_one_counted)
    nofit = None if kept else _users_nofit(w, gid, count, inp + 512, held=True)
    if nofit is not None:
        count = nofit[0]
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
               **({"weights": weights} if weights else {}))  # else the stated one
    if r is None or r.gpu is None or not r.fits_in_memory or r.performance is None:
        return None
    if kept:
        # a count stated ("one H100", "2 x H100") is kept: where it holds fewer than the
        # users, the answer says how many and that its price is for those
        nofit = _users_held(w, gid, count, r, inp + 512)
    thr = r.performance.max_throughput_tokens_per_s
    rep = replicas_full_load(w, gid, count, inp, out, r) \
        if not w.ex.concurrent_requests else None
    if rep is not None and rep.performance is not None:
        # a job or a price per token keeps every GPU busy: independent replicas where they
        # serve more than one copy split over all of them (audit ro2 #3)
        r, thr = rep, rep.performance.max_throughput_tokens_per_s
    if not thr:
        return None
    return r, count, thr, nofit[1] if nofit is not None else None


def replicas_note(w: _W, gid: str, count: int, r: SizingResult, inp: int, out: int) -> str:
    """The sentence that says a full load is timed as ``r``'s independent replicas
    (:func:`replicas_full_load`), with the total of one copy over all ``count`` GPUs (the
    layout /v1/sizing picks with no load) beside it; "" where ``r`` is not so laid out."""
    lay = r.layout
    if lay is None or lay.data < 2:
        return ""
    per = count // lay.data
    if lay.fixed:
        one = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     weights=r.weights)
    else:
        # the sizing laid the GPUs out as replicas itself (no load stated: the layout whose
        # replicas serve the most at full load); one copy is the best single replica it weighed
        whole_lay = next((c for c in lay.candidates if c.data == 1 and c.fits
                          and c.expert <= 1), None)
        if whole_lay is None:
            return ""
        one = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     weights=r.weights, parallelism={"tensor": whole_lay.tensor,
                                                     "pipeline": whole_lay.pipeline})
    whole = (one.performance.max_throughput_tokens_per_s
             if one is not None and one.performance is not None else None)
    whole_rps = (one.performance.max_requests_per_s
                 if one is not None and one.performance is not None else None)
    mine_rps = r.performance.max_requests_per_s if r.performance is not None else None
    if whole is not None and w.n(whole) == "0" and whole_rps and mine_rps:
        # 1 output token after a long prompt: the totals in requests/s, not "0 tokens/s"
        # (buyer audit 28a #4)
        return w.say(w.on("replicas_full_load_requests", gid), setup=w.setup(count, gid),
                     replicas=w.replicas(lay.data),
                     per_replica=w.gpus_per_replica(per, gid), gpus=w.n(count),
                     rps=_rps(w, mine_rps), whole=_rps(w, whole_rps))
    return w.say(w.on("replicas_full_load", gid), setup=w.setup(count, gid),
                 replicas=w.replicas(lay.data),
                 per_replica=w.gpus_per_replica(per, gid), gpus=w.n(count),
                 whole=w.n(whole or 0))


def _setup_in_unit(w: _W, gid: str, n: int, weights: str, unit: str, tokens: float,
                   inp: int, out: int) -> tuple[float, float, float, OfferView, str] | None:
    """``n`` × ``gid`` at ``weights`` sized for ``inp`` tokens in and ``out`` out and priced
    as a token answer's lead is: (its cost for ``tokens`` output tokens at full load, in
    ``unit`` ``million``: that many tokens' GPU hours, ``job``: the job billed as
    :func:`_billed_job` bills any; its output tokens/s in total at full load; its hourly
    price; the offer; its price kind), or None where it does not run there or has no price."""
    alt = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=out, weights=weights)
    b = w.basis(gid, n)
    thr = (alt.performance.max_throughput_tokens_per_s
           if alt is not None and alt.fits_in_memory and alt.performance is not None else None)
    if not thr or b is None:
        return None
    hour, hours = b[1] * n, tokens / thr / 3600
    cost = (hours * hour if unit == "million"
            else _billed_job(w, b[0], b[1], n, hours, weights, egress=True).total)
    return cost, thr, hour, b[0], b[2]


_Priced = tuple[float, float, int, str, float, float, OfferView, str]
"""A setup priced in a unit: (its cost weighted by the quality of its weights, its cost,
its GPU count, its weights, its output tokens/s in total at full load, its hourly price, the
offer, the price kind)."""


def _unit_setups(w: _W, gid: str, unit: str, tokens: float, inp: int, out: int,
                 fixed: int | None, seen: set[tuple[int, str]]) -> list[_Priced]:
    """The setups of ``gid`` the one rule lists for ``unit`` (:func:`gpu_setups`; ``fixed``:
    a count stated), each not in ``seen`` sized and priced as a token answer's lead is
    (:func:`_setup_in_unit`)."""
    rows: list[_Priced] = []
    for o in gpu_setups(w, [gid], unit, count=fixed, tokens=tokens):
        n, p = o.offer.gpu_count, o.weights
        if (n, p) in seen:
            continue
        seen.add((n, p))
        got = _setup_in_unit(w, gid, n, p, unit, tokens, inp, out)
        if got is not None:
            theirs, thr, hour, v, kind = got
            rows.append((theirs * w.handicap(p), theirs, n, p, thr, hour, v,
                         kind))
    return rows


def _per_token_best(w: _W, gid: str, inp: int, out: int) -> _Priced | None:
    """The setup of ``gid`` that costs least per million output tokens at full load,
    weighted for the quality of its weights: of the one the hour, the month and the price
    per token lead with (:func:`_full_load`) and the one rule's setups in that unit
    (:func:`gpu_setups`), the same figures the single-GPU answer gives ("$0.83 at 1 × H100
    awq-int4; per token 2 × H100 at int8 is cheaper: $0.76"). A comparison of GPUs per token
    names each GPU's so (was: the count at one precision, 4 × H100 bf16 at $1.42 beside the
    single answer's $0.76); None where it does not run there or has no price."""
    rows: list[_Priced] = []
    seen: set[tuple[int, str]] = set()
    lead = _full_load(w, gid, inp, out)
    if lead is not None:
        r, count, thr, v, hour, kind, _ = lead
        million = hour / (thr * 3600) * 1e6
        rows.append((million * w.handicap(r.weights), million, count,
                     r.weights, thr, hour, v, kind))
        seen.add((count, r.weights))
    fixed = w.ex.gpu_count if w.ex.gpu_count and not w.st.gpu_one else None
    rows += _unit_setups(w, gid, "million", 1e6, inp, out, fixed, seen)
    return min(rows, key=lambda x: (x[0], x[2]), default=None)


def _cheaper_in_unit(w: _W, gid: str, unit: str, count: int, weights: str, mine: float,
                     inp: int, out: int) -> None:
    """One sentence after a price per token (``unit`` ``million``) or a token job's (``job``)
    on the setup every unit names (:func:`_full_load`, :func:`gpu_setups`' first by the
    hour): of the same rule's setups of the GPU named (:func:`gpu_setups` in that unit), the
    one that costs least in it weighted for the quality of its weights ("Per token, 2 × H100
    at int8 is cheaper: $0.76 per 1M output tokens"), each sized and priced as the lead is
    (full load of its sizing, its cheapest offer; a job billed as :func:`_billed_job` bills
    any), said only where it costs less than ``mine`` (the lead's cost in that unit) both in
    dollars and weighted. A count
    stated is kept ("on 2 H100"); one GPU by its article ("an H100") is the lead's count,
    not a limit on a cheaper setup."""
    tokens = float(w.det.tokens or 0) if unit == "job" else 1e6
    fixed = w.ex.gpu_count if w.ex.gpu_count and not w.st.gpu_one else None
    best = min(_unit_setups(w, gid, unit, tokens, inp, out, fixed, {(count, weights)}),
               key=lambda x: x[0], default=None)
    if (best is None or best[1] >= mine or w.usd(best[1]) == w.usd(mine)
            or best[0] >= mine * w.handicap(weights)):
        return  # (a "cheaper" figure written as the lead's own is not cheaper: regress2 #8)
    _, theirs, n, p, a_thr, a_hour, v, _ = best
    hours = tokens / a_thr / 3600
    w.out.more.append(w.say(
        "cheaper_per_token" if unit == "million" else "cheaper_for_job",
        setup=w.setup(n, gid), weights=_weights_said(w, p),
        cost=w.usd(theirs), thr=w.n(a_thr), hour=w.usd(a_hour),
        provider=w.where(v, n), hours=w.duration(hours)))


def _tokens_on_gpu(w: _W, gid: str) -> bool:
    """A token count to generate on the GPU named ("100 million output tokens on one H100"):
    the job's total, the tokens over the setup's output at full load, billed at its hourly
    price (on-demand) as :func:`_billed_job` bills any job, with the rate and the hours.
    Full load is the recommendations' served load (w.at_service_load), as a price per 1M
    tokens is (:func:`_million_on_gpu`): 1M and 1.5M tokens on the same setup agree per
    token (they did not: $0.14 against $0.1437 per 1M, the job at full memory)."""
    with w.at_service_load():
        return _tokens_sized(w, gid)


def _tokens_sized(w: _W, gid: str) -> bool:
    """:func:`_tokens_on_gpu` at the served load."""
    assert w.model is not None and w.det.tokens
    out = _out(w)
    inp = _request_prompt(w, out)
    got = _full_load(w, gid, inp, out)
    if got is None:
        return False
    r, count, thr, v, hour, kind, nofit = got
    # users stated: the tokens come at the rate that load produces (as a million of them is
    # priced, _million_on_gpu), else at full load
    users = w.ex.concurrent_requests
    load = _million_at_load(w, r, count, v, kind, hour, inp, out, users) if users else None
    if load is not None:
        thr = load[1]
    hours = w.det.tokens / thr / 3600
    slow = None  # the setup too slow for a run's work within its slot, and its hours
    slot = _run_slot_hours(w)
    if slot is not None and hours > slot and load is None:
        # a rate ("2M tokens per hour"): each run's tokens within the time to the next run,
        # never 720 runs of 9.8 hours in a month; the fewest GPUs of the kind named (doubling
        # up to a node, as the per-token price weighs them) that carry it, unless a count is
        # stated
        carry = [x for x in (_per_token_counts(w, gid, inp, out, count)
                             if not w.ex.gpu_count else [])
                 if w.det.tokens / x[3] / 3600 <= slot]
        slow = (w.setup(count, gid), thr, hours)
        if carry:
            _, count, r, thr, v, hour, kind = min(carry, key=lambda x: (x[5], x[1]))
            hours = w.det.tokens / thr / 3600
    # billed as the provider bills the setup's hours, with the weights' storage, as any job
    job = _billed_job(w, v, hour / count, count, hours, r.weights, egress=True)
    total = job.total
    w.record(r, inp + out)
    asked_requests = _requests_of(w)  # "1000 requests": the requests lead, their tokens after
    said = {"tokens": w.n(w.det.tokens), "inp": w.n(inp), "out": w.n(out),
            **(_requests_said(w, *asked_requests) if asked_requests else {})}
    w.out.first = w.say(("requests" if asked_requests is not None else "tokens")
                        + ("_job_gpu_users" if load is not None else "_job_gpu"),
                        model=w.model.name, users=w.n(users or 0),
                        weights=_weights_said(w, r.weights), setup=w.setup(count, gid),
                        cost=w.usd(total), free_pct=w.free_pct(),
                        hours=w.duration(hours), thr=w.n(thr),
                        hour=w.usd(hour), provider=w.where(v, count), kind=w.kinds[kind],
                        **said)
    if load is None and slow is None:
        note = replicas_note(w, gid, count, r, inp, out)
        if note:
            w.out.more.insert(0, note)
    if w.sub == "time":  # "how long to run 500k prompts ...": the time leads, its cost after
        days = w.say("job_days", days=w.n(hours / 24, 1 if hours < 240 else 0)) \
            if hours >= 48 else ""
        w.out.first = w.say("tokens_job_time", hours=w.duration(hours), days=days,
                            setup=w.setup(count, gid)) + " " + w.out.first
    if nofit is not None:
        w.out.first = f"{nofit} {_decap(w, w.out.first)}"
    if slow is not None and slot is not None:
        fast = hours <= slot
        w.out.first = w.say("rate_too_slow_more" if fast else "rate_too_slow_count"
                            if w.ex.gpu_count else "rate_too_slow",
                            slow=slow[0], thr=w.n(slow[1]), hours=w.duration(slow[2]),
                            slot=w.duration(slot), setup=w.setup(count, gid),
                            fast_thr=w.n(thr), fast_hours=w.duration(hours),
                            tps=w.n(w.det.tokens / slot / 3600)) + " " + w.out.first
    if w.sub == "time":
        w.ask("job_hours", hours, "h")
    else:
        w.ask("per_job_usd", total, "USD")
    w.out.more.append(_job_split(w, job))
    if load is None and slow is None and hours < billing_minimum_h(w, v):
        # a job shorter than its provider bills at least: the tokens' own cost at full load
        # too (the price per 1M a million of them leads with, _million_on_gpu), so that 1M
        # and 1.5M read together (audit rates2: $0.14 per 1M beside $1.29 for 1.5M)
        million = hour / (thr * 3600) * 1e6
        w.out.more.append(w.say("tokens_job_short", billed=w.duration(job.billed_h),
                                million=w.usd(million), tokens=w.n(w.det.tokens),
                                part=w.usd(million * w.det.tokens / 1e6)))
    if load is None and slow is None and not w.ex.concurrent_requests:
        # the setup led is the hour's (gpu_setups); one cheaper for this job is said after it
        _cheaper_in_unit(w, gid, "job", count, r.weights, total, inp, out)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    if hours > 30 * 24:
        # over 30 days: as many copies of the setup as finish it within 30 days (a batch
        # job splits over independent replicas, each at the setup's own throughput)
        k = math.ceil(hours / (30 * 24))
        w.warn(w.say("warn_long_job", days=w.n(hours / 24, 1 if hours < 2400 else 0),
                     setup=w.setup(count, gid),
                     alt=w.say("instances", n=w.n(k), setup=w.setup(count, gid)),
                     alt_days=w.n(hours / k / 24, 1), alt_cost=w.usd(total)))
    w.sized_warnings(r, inp + out)
    return True


def _steady_rate(w: _W, gid: str | None) -> bool:
    """Tokens at an hourly or a daily rate with no batch said ("2M tokens per hour of Llama
    3.1 8B", "2 milioane de tokeni pe oră", "50M tokens a day"): an always-on endpoint, not a
    job started every hour. Loading the model takes minutes and a setup stopped between runs
    still bills its start and its idle minutes, so an hourly rate was priced as 720
    separately billed runs a month (about $105/month of 4 × RTX 5070 for 2M tokens an hour)
    where the work is a server kept running. The rate is the steady output it must carry:
    the tokens a day over the hours a day it serves (24 unless stated; 2M an hour is 556
    tokens/s); priced as the recommendations price a serving load (``target_requests_per_s``
    of requests of the lengths priced, 512 out unless stated), on the GPU named when one is,
    for the month at the usage stated, the weights' storage included. The job reading stays
    for a batch said ("a batch of 2M tokens every night", interruptible) or jobs said
    (workload ``batch``), for weekly or monthly amounts (runs of a job), and for a daily
    amount whose daily jobs cost less a month than the endpoint (False here: the job leads
    and :func:`_job_endpoint` gives the endpoint after it, as for a week's or a month's
    tokens); an hourly rate stays the endpoint's, each hourly run would load the model.
    Tokens served as users ask for them (``Stated.served_live``: a chatbot, an API, "serve")
    are the endpoint's whatever it costs, a day's, a week's or a month's (their month over
    its hours of use, as :func:`_job_endpoint` rates them), the batch after it, with the
    peak caveat (audit chatbot22: $11.33 of daily jobs led for a chatbot's 5M tokens a
    day)."""
    m = w.model
    runs = w.st.job_runs
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.det.tokens or runs is None
            or runs[1] not in ("day", "week", "month") or w.st.interruptible
            or w.sub in ("million", "time", "unit")
            or w.ex.workload in ("batch", "finetune", "pretrain")):
        return False
    n, period = runs
    if period != "day" and not w.st.served_live:
        return False  # a week's or a month's tokens: the jobs lead (_job_endpoint)
    hours = w.st.hours_per_day or 24.0
    hourly = period == "day" and _hourly(w, n)
    # a week's or a month's tokens served as users ask: the month's over its hours of use,
    # as _job_endpoint rates them
    per_month = n * {"day": float(MONTH_DAYS), "week": MONTH_DAYS / 7}.get(period, 1.0)
    tps = (w.det.tokens * n / (hours * 3600) if period == "day"
           else w.det.tokens * per_month / (hours * (w.st.days_per_month or MONTH_DAYS) * 3600))
    out = _out(w)
    inp = _request_prompt(w, out)
    kw = _endpoint_kw(w, gid, tps, inp, out)
    rec = w.recommend(**kw)
    if rec is None:
        return False
    options = list(rec.options)
    if w.ex.gpu_count:
        options = [o for o in options if o.nodes == 1 and o.offer.gpu_count == w.ex.gpu_count]
    if not options:
        # nothing listed carries it (a count stated too small, a filter): the job reading,
        # which says the setup cannot keep up and with what
        return False
    o = options[0]
    month = o.cost.per_month_usd
    batch = w.recommend(workload="batch", job_output_tokens=w.det.tokens, context_tokens=inp + out,
                        output_tokens=out, concurrent_requests=1, interruptible=False,
                        gpus=kw.get("gpus"))
    job = batch.options[0].cost.per_job_usd if batch is not None and batch.options else None
    jobs = per_month
    if not hourly and job and month is not None and job * jobs < month and not w.st.served_live:
        # a daily volume with no latency stated leads with the cheaper reading, as a week's
        # or a month's does (_job_endpoint): here the jobs, the endpoint after them (audit
        # regress3 #8: $799.45 of endpoint led for 10M a day, $240.45 of jobs for 70M a week).
        # Tokens served as users ask (a chatbot, an API, "serve") cannot wait for one daily
        # batch: the endpoint leads, the jobs follow (audit chatbot22: $11.33 of jobs led)
        return False
    rate = w.say("steady_rate_hour" if hourly else f"steady_rate_{period}",
                 tokens=w.n(w.det.tokens))
    thr = o.performance.output_tokens_per_s_total or 0.0
    said = {"rate": rate, "tps": w.n(tps), "thr": w.n(thr),
            "setup": _setup_weights(w, w.option_setup(o), o.weights),
            # "5 instances of ... carry it", "5 instanțe ... îl duc" (audit ask_ro #13)
            "carries": w.t["steady_carries_many" if o.nodes > 1 else "steady_carries_one"],
            "provider": o.offer.provider, "hour": w.usd(o.cost.per_hour_usd),
            "kind": w.kinds[o.pricing_model], "usage": w.usage(),
            "month": w.usd(month or 0.0)}
    if w.sub in ("hour", "day", "week", "year") or month is None:
        # a day, a week or a year asked: the hour, which _cost_period turns into the period's
        # figure that leads, the month after it (a day asked led with the month: audit daily)
        w.out.first = w.say("cost_steady_hour", **said)
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    else:
        w.out.first = w.say("cost_steady_month", **said)
        w.ask("per_month_usd", month, "USD")
    one = w.size(gpu=o.offer.gpu, gpu_count=o.offer.gpu_count, weights=o.weights,
                 input_tokens=inp, output_tokens=out)
    if one is not None and one.fits_in_memory:
        w.record(one, inp + out)
    # served as users ask: the rate is the day's average, their requests come in peaks
    w.out.more.append(w.say("cost_steady_why_served" if w.st.served_live else "cost_steady_why"))
    if job:
        # the same tokens as a batch run on its own each period, separately billed: the
        # other reading (dearer here, or an hourly rate, whose runs would each load the model)
        w.out.more.append(
            w.say("cost_steady_batch_once", month=w.usd(job)) if jobs == 1
            else w.say("cost_steady_batch", runs=w.n(jobs, 0 if jobs.is_integer() else 2),
                       how=w.say(f"job_runs_{period}", n=w.hours(n)),
                       month=w.usd(job * jobs), job=w.usd(job)))
    per_s = w.per_s(tps / out)
    w.out.more.append(w.say(_assumed_rate_key(w, per_s), weights=o.weights, rate=per_s,
                            ctx=w.n(inp + out), inp=w.n(inp), out=w.n(out)))
    w.offer_numbers(msgspec.structs.replace(rec, options=options[:3]))
    others = [w.say("cost_row" if x.weights == o.weights else "cost_row_weights",
                    setup=w.option_setup(x), provider=x.offer.provider, weights=x.weights,
                    hour=w.usd(x.cost.per_hour_usd), kind=w.kinds[x.pricing_model])
              for x in options[1:3]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    for x in options[:3]:
        w.option_warnings(x)
    return True


def _hourly(w: _W, runs_a_day: float) -> bool:
    """Whether a daily schedule of ``runs_a_day`` is an hourly rate ("per hour": one run an
    hour of use a day)."""
    return abs(runs_a_day - (w.st.hours_per_day or 24.0)) < 1e-9 and runs_a_day > 1


def _run_slot_hours(w: _W) -> float | None:
    """The hours from one run of a job on a schedule to the next (``Stated.job_runs``: 24 a
    day is one hour, once a week 168): a run's work must fit in them. None with no
    schedule."""
    if not w.st.job_runs:
        return None
    n, period = w.st.job_runs
    span = {"day": 24.0, "week": 24.0 * 7, "month": 24.0 * MONTH_DAYS}.get(period)
    return span / n if span and n > 0 else None


def _requests_tokens(w: _W) -> None:
    """A count of requests to price ("1000 requests to llama-3.1-8b on an L4", no rate, no
    tokens stated) is a token job: the requests times each one's output (``_prompt``'s input
    and 512 out unless stated, said with the answer), at the setup's full-load rate for
    requests of that length, as :func:`_tokens_on_gpu` prices any token job."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.st.requests
            or w.det.tokens or w.sub == "million" or w.st.request_rate_per_s
            or w.ex.workload in ("finetune", "pretrain")):
        return
    w.det = msgspec.structs.replace(w.det, tokens=w.st.requests * _out(w))


def _assumed_rate_key(w: _W, rate: str) -> str:
    """``cost_assumed_rate`` for the request rate ``rate`` as said, its ``_one`` form for one
    a second ("load: 1 request per second", "încărcare: 1 cerere pe secundă"; "1 cereri"
    was said: audit regress12 #11)."""
    return "cost_assumed_rate_one" if rate == w.n(1) else "cost_assumed_rate"


def _prefill_job(w: _W) -> bool:
    """:func:`_prefill_job_on_gpu` with no GPU named: on the setup the hour's answer leads
    with (the serving recommendation's cheapest at one request of that prompt and no
    output), at its count and precision."""
    if w.model is None or w.st.output_tokens != 0 or not w.st.requests:
        return False
    inp = w.st.prompt_tokens or w.ex.context_tokens
    if not inp:
        return False
    rec = w.recommend(workload="serving", context_tokens=inp, output_tokens=0)
    o = next((x for x in rec.options if x.pricing_model != "reserved" and x.nodes == 1),
             None) if rec is not None else None
    if o is None:
        return False
    return _prefill_job_on_gpu(w, o.offer.gpu, o.offer.gpu_count, o.weights)


def _prefill_job_on_gpu(w: _W, gid: str, n: int | None = None,
                        weights: str | None = None) -> bool:
    """A job of requests that states no output ("1,000 requests with 4,000 prompt tokens and 0
    output tokens" on the GPU named): prefill only, as one such request is timed (its
    ``output_tokens`` 0): the prompts' tokens over the setup's prefill rate, a batch of them
    compute-bound (sizing's ``prefill_tokens_per_s``), billed as :func:`_billed_job` bills any
    job. It timed 512 output tokens each, said as assumed (audit regress9 #12: 3.7 minutes)."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.st.requests
            or w.st.output_tokens != 0 or w.det.tokens or w.st.request_rate_per_s
            or w.ex.workload in ("finetune", "pretrain")):
        return False
    inp = w.st.prompt_tokens or w.ex.context_tokens
    if not inp:
        return False
    count = n or w.ex.gpu_count or _min_count(w, gid, inp) or 1
    tokens = w.st.requests * inp
    got = _prefill_priced(w, gid, count, inp, weights, tokens)
    if got is None:
        return False
    r, pre, hours, job, (v, per, kind) = got
    w.out.first = w.say("requests_prefill_job_gpu", requests=w.n(w.st.requests),
                        model=m.name, weights=_weights_said(w, r.weights),
                        setup=w.setup(count, gid), inp=w.n(inp), tokens=w.n(tokens),
                        hours=w.duration(hours), pre=w.n(pre), cost=w.usd(job.total),
                        hour=w.usd(per * count), provider=w.where(v, count),
                        kind=w.kinds[kind])
    _prefill_lead(w, gid, count, hours, job, v)
    return True


_Prefill = tuple[SizingResult, float, float, Any, tuple[OfferView, float, str]]


def _prefill_priced(w: _W, gid: str, count: int, inp: int, weights: str | None,
                    tokens: int) -> _Prefill | None:
    """A prefill-only job of ``tokens`` in prompts of ``inp`` on ``count`` x ``gid``: (its
    sizing, prefill tokens/s, hours, the billed job, the price basis), the sizing recorded;
    None where it does not fit or has no price. The recommendation's ``weights``, else none
    passed, so that ``_W.size`` applies the stated ones (weights=None sized "70B fp8 on 2
    H100s" at bf16: audit regress12 #6)."""
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=0,
               **({"weights": weights} if weights else {}))
    b = w.basis(gid, count)
    if r is None or r.gpu is None or not r.fits_in_memory or r.performance is None or b is None:
        return None
    pre = r.performance.prefill_tokens_per_s
    if not pre:
        return None
    v, per, _ = b
    hours = tokens / pre / 3600
    job = _billed_job(w, v, per, count, hours, r.weights, egress=True)
    w.record(r, inp)
    return r, pre, hours, job, b


def _prefill_lead(w: _W, gid: str, count: int, hours: float, job: Any, v: OfferView) -> None:
    """After a prefill-only job's sentence: the time first where a time is asked, else the
    job's price as the number asked, then the price split and the offer's warnings."""
    if w.sub == "time":
        w.out.first = w.say("tokens_job_time", hours=w.duration(hours), days="",
                            setup=w.setup(count, gid)) + " " + (w.out.first or "")
        w.ask("job_hours", hours, "h")
    else:
        w.ask("per_job_usd", job.total, "USD")
    w.out.more.append(_job_split(w, job))
    w.price_warnings(v)


def _prefill_tokens_job(w: _W, gid: str | None) -> bool:
    """A job of tokens that generates nothing ("prefill/embed 10M tokens ... (no output)", "0
    output tokens", "prefill only", "fără ieșire": ``Stated.output_tokens`` 0) with a
    language model: prefill only, its tokens over the setup's prefill rate (sizing's
    ``prefill_tokens_per_s``, one request of its prompt and no output, as
    :func:`_prefill_job_on_gpu` times a job of requests), billed as any job. On the GPU named,
    else on the setup the serving recommendation leads with at that prompt and no output. The
    prompt of each request is the one stated, else the default context, said as assumed. It
    was priced as that many output tokens (audit s1fmt #3: $0.72 for 10M tokens read)."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or w.st.output_tokens != 0
            or not w.det.tokens or w.st.requests or w.st.request_rate_per_s
            or w.ex.workload in ("finetune", "pretrain") or w.sub == "million"):
        return False
    stated = w.st.prompt_tokens or w.ex.context_tokens
    inp = stated or _prompt(w, 0)
    weights: str | None = None
    count: int | None = None
    if gid is None:
        rec = w.recommend(workload="serving", context_tokens=inp, output_tokens=0)
        o = next((x for x in rec.options if x.pricing_model != "reserved" and x.nodes == 1),
                 None) if rec is not None else None
        if o is None:
            return False
        gid, count, weights = o.offer.gpu, o.offer.gpu_count, o.weights
    count = count or w.ex.gpu_count or _min_count(w, gid, inp) or 1
    tokens = w.det.tokens
    got = _prefill_priced(w, gid, count, inp, weights, tokens)
    if got is None:
        return False
    r, pre, hours, job, (v, per, kind) = got
    w.prefill_priced = True
    w.out.first = w.say("tokens_prefill_job", tokens=w.n(tokens), model=m.name,
                        weights=_weights_said(w, r.weights), setup=w.setup(count, gid),
                        inp=w.n(inp), hours=w.duration(hours), pre=w.n(pre),
                        cost=w.usd(job.total), hour=w.usd(per * count),
                        provider=w.where(v, count), kind=w.kinds[kind],
                        assumed="" if stated else w.t["tokens_prefill_assumed"])
    _prefill_lead(w, gid, count, hours, job, v)
    return True


def _requests_of(w: _W) -> tuple[int, int, int] | None:
    """(requests, input, output tokens of one) of a token job made of requests
    (:func:`_requests_tokens`); None for any other job."""
    out = _out(w)
    if not w.st.requests or w.det.tokens != w.st.requests * out:
        return None
    return w.st.requests, _request_prompt(w, out), out


def _request_prompt(w: _W, out: int) -> int:
    """The input tokens of each request of a job of requests: a length stated with them and no
    output ("10k requests of 1k tokens", "prompts of 2k tokens") is the prompt, the output
    (512 unless stated) added to it, as "prompts of 4k tokens" reads; it was cut to make room
    for the output (1,536 in for "prompts of 2k tokens"), and the answer said no length was
    stated. Any other job: :func:`_prompt`."""
    ctx = w.ex.context_tokens
    if w.st.requests and ctx and not w.st.output_tokens and not w.st.prompt_tokens:
        return ctx
    return _prompt(w, out)


def _requests_said(w: _W, requests: int, inp: int, out: int) -> dict[str, str]:
    """The requests of a token job as its answer says them, with the lengths assumed said: none
    stated, or only the prompt (the output of 512 assumed)."""
    prompt = w.st.prompt_tokens or w.ex.context_tokens
    assumed = ("" if prompt and w.st.output_tokens
               else w.t["requests_assumed_out"] if prompt else w.t["requests_assumed"])
    return {"requests": w.n(requests), "inp": w.n(inp), "out": w.n(out),
            "tokens": w.n(requests * out), "assumed": assumed}


def _bare_holds(w: _W, sized: bool = False) -> None:
    """A GPU family named bare ("A100", "A100s": catalog/gpus.toml ``[[family]]``) in a
    cost, a count or a setup for an LLM: every memory variant of the family is weighed, and
    the one whose setup meets the request cheapest leads (the recommendations for the load,
    their ``gpus`` filter the family's variants; ``sized``: at the precision a count is sized
    at, else at the one they choose); the note after the answer names the others with their cheapest
    setup (:attr:`Stated.bare_priced`). With a count stated, the variant that holds the
    model on it (the smaller card where both do). It was the variant that holds the model
    on the fewest GPUs: 12 x A100 80GB at $13.38/h led for 64 users of Llama 3.1 70B, where
    8 x A100 40GB meet the same targets at $5.77/h (buyer audit 29, a100); "2 A100s" that do
    not hold Qwen2.5 72B were priced beside "the model needs 8 of it"."""
    bare = w.st.bare_gpu
    if bare is None or w.model is None or w.model.kind != "llm" or w.ex.gpu != bare[1]:
        return
    if w.ex.gpu in w.st.gpu_family and (w.det.provider or w.det.region):
        return  # priced at a provider or in a region: every card of the family (_cost_inner)
    family = w.reg.family_of_card(bare[1])
    if family is None or family.gpu != bare[1]:
        return  # a name of two products ("RTX 6000"): read as the card rented under it
    word, read, other = bare
    out = _out(w)
    ctx = _prompt(w, out, 4096 - out) + out  # as the cost's recommendations
    workload = w.ex.workload or "serving"
    if (w.ex.gpu_count or workload not in ("serving", "batch") or w.st.request_rate_per_s
            or w.st.min_tokens_per_s or w.st.throughput_tokens_per_s or w.st.deadline_hours
            or w.det.tokens or w.st.requests or w.st.documents):
        # a count stated, or a load the weighing below does not carry (a rate, a per-user
        # speed, a job: their answers weigh each variant themselves, counts.py): the variant
        # that holds the model on the count stated, else on the fewest GPUs, as before
        here, there = _min_count(w, read, ctx), _min_count(w, other, ctx)
        if there is None or (here is not None and here <= there):
            return
        if w.ex.gpu_count and here is not None and here <= w.ex.gpu_count:
            return  # the count stated holds it on the card read
        w.ex = msgspec.structs.replace(w.ex, gpu=other)
        w.st = dc_replace(w.st, bare_gpu=(word, other, read))
        return
    cards = [g for g in family.variants if g in w.reg.gpus]
    kw: dict[str, Any] = {"workload": workload, "gpus": cards, "top_n": 50,
                          "concurrent_requests": w.ex.concurrent_requests or 1,
                          "context_tokens": ctx, "output_tokens": out}
    if sized:
        # the precision the count is sized at: the one asked, else the one the card read runs
        # the model at (a bf16 model runs fp16 on a V100, as the count is sized)
        on = None if w.weights else w.size(gpu=read, input_tokens=ctx - out, output_tokens=out)
        kw["weights"] = w.weights or (on.weights if on is not None else "auto")
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return  # none meets it: the card read, as one card's answer reads it
    best: dict[str, Option] = {}
    for o in rec.options:
        best.setdefault(o.offer.gpu, o)
    lead = rec.options[0].offer.gpu
    rest = [g for g in cards if g != lead]
    # each other variant the recommendations price, cheapest first; one they price none of
    # is named only where it is the card read or the family's other (the 40GB PCIe A100, of
    # which no offer meets the load, goes unsaid)
    named = [g for g in rest if g in best] + [
        g for g in rest if g not in best and g in (family.gpu, family.other)]
    priced = tuple(
        (g, best[g].offer.gpu_count * best[g].nodes, best[g].cost.per_hour_usd,
         best[g].offer.provider, best[g].pricing_model, best[g].weights) if g in best
        else (g, 0, None, "", "", "")
        for g in [lead, *sorted(named, key=lambda g: (g not in best, rec.options.index(best[g])
                                                       if g in best else 0))])
    w.ex = msgspec.structs.replace(w.ex, gpu=lead)
    w.st = dc_replace(w.st, bare_gpu=(word, lead, read if lead != read else other),
                      bare_priced=priced)


def _kept(o: Option, gpus: frozenset[str] | None, count: int | None) -> bool:
    """Whether ``o`` is of the GPUs (``gpus``: any where None) and the count of one machine
    (``count``: any where None) the cost answer lists its options of."""
    return ((gpus is None or o.offer.gpu in gpus)
            and (count is None or (o.nodes == 1 and o.offer.gpu_count == count)))


def _cost_inner(w: _W) -> None:
    if w.st.gpu_hours and w.ex.gpu_count == w.st.gpu_hours:
        # "300 GPU hours on an H100": 300 hours of one GPU (details' duration), no 300 GPUs
        w.ex = msgspec.structs.replace(w.ex, gpu_count=None)
    _bare_holds(w)
    # an image, video or audio model the bare name's small card does not hold ("a 5 s Wan 2.1
    # video on an A100"): priced on the variant that holds it, said so, as its time is
    # (audit slips27 #2: "no offer meets that request", the A100 40GB's memory)
    _media_variant(w)
    gid, _ = w.card()
    one_card = w.st  # (the alias's card, should no card of the family be offered there)
    if gid is not None and gid in w.st.gpu_family and (w.det.provider or w.det.region):
        # "cheapest A100 at aws": a family named bare, priced where the question asks, is
        # every card of it, as GET /v1/offers?gpu=A100 reads it: the alias's one card can be
        # missing or suspect there while another card of the family is offered. Without a
        # model each card is priced in turn, so the note that reads the name as one card goes
        w.st = dc_replace(w.st, gpu_variants=w.st.gpu_family,
                          bare_gpu=w.st.bare_gpu if w.model is not None else None)
    if w.sub != "unit" and _work_rate(w, gid):  # "50,000 SDXL images a day": a load's month
        return
    if w.sub == "reserved":
        w.sub = "hour"  # a reserved price by the hour (the reserved passage answers it)
    if (w.sub in (None, "hour") and w.st.hours_per_day and not w.ex.budget_usd_per_hour
            and not w.det.tokens and not w.st.hour_asked):
        # "8 hours a day": the month at that usage, not an hour; "how much per hour ... 8
        # hours a day": the hour, the month at that usage after it
        w.sub = "month"
    _one_item(w, gid)
    if _rate_asked(w, gid):  # "documents per hour", "cost per 1M tokens embedded" (media.py)
        return
    # an image, video or audio model kept on a GPU with a month asked and nothing to make
    # counted ("SDXL on an L4 8 hours a day, per month", "SDXL per month on an RTX 4090
    # running 24/7"): the month of that setup, below, as /v1/recommendations' per_month_usd,
    # not its unit cost (audit cost #8: "$2.02 per 1,000 images" only; buyer audit 28 #A:
    # around the clock it was still the cost per 1,000 images, no month)
    month_of_use = (w.sub == "month" and not w.st.items
                    and not w.st.clips and not w.st.songs and not w.det.tokens)
    if (w.model is not None and w.model.kind != "llm" and gid is not None and not month_of_use
            and _media_cost(w, gid)):
        return
    if (w.model is not None and gid is None and w.model.kind == "diffusion"
            and w.model.modality == "video" and not w.st.clips and w.st.clip_seconds
            and _length_clips(w) > 1 and not w.st.work_rate):
        # "what does a minute of video with Wan 2.1 14B cost?": one video of that length, its
        # clips priced as a job on the cheapest option, as "on an H100" prices them (it gave
        # the cheapest hourly price alone; audit ask_ro #4)
        w.st = dc_replace(w.st, clips=1)
    if w.model is not None and gid is None and _budget_images(w):
        return  # "how many SDXL images for $10?": the count on the lowest cost per image
    if w.model is not None and gid is None and _job_total(w):
        return
    if w.model is not None and gid is None and w.sub == "unit" and _media_unit(w):
        return
    if (w.model is not None and gid is not None and w.model.task == "embed" and w.det.tokens
            and _embed_on_gpu(w, gid)):
        return
    if w.model is None and w.ex.gpu is None and (w.st.min_memory_gb or w.det.memory_gib) \
            and _cheapest_card(w):
        return
    if w.model is None and gid is None and not w.det.gpus and budget_models(w):
        return  # "what can I run for $500/month?": the largest models the budget serves
    if _prefill_job_on_gpu(w, gid) if gid is not None else _prefill_job(w):
        return  # "0 output tokens" in a job of requests: prefill only (regress9 #12)
    if _prefill_tokens_job(w, gid):
        return  # "10M tokens ... (no output)": a job of prompt tokens, prefill only
    _requests_tokens(w)
    if _steady_rate(w, gid):
        return
    if gid is not None and _own_cost(w, gid):
        return  # "I pay $2/hr for an H100": the GPU named at that price, not the catalog's
    token_job = (w.model is not None and w.model.kind == "llm" and w.model.task != "embed"
                 and bool(w.det.tokens) and w.sub != "million"
                 and w.ex.workload not in ("finetune", "pretrain"))
    if token_job and gid is not None and _tokens_on_gpu(w, gid):
        return
    # "how long to process 1M documents ...": the job's time leads, on the option priced
    # (audit regress13 #5: its cost led and the only hours said were another setup's)
    job_time = token_job and w.sub == "time"
    if token_job:
        w.sub = "job"  # "100 million tokens": the job's total, on the cheapest option
    if w.model is None and gid is not None and (
            w.sub == "month" or (w.sub == "job" and w.det.duration_hours)) and (
            w.st.storage_gb or w.st.egress_gb):
        _month_total(w, gid)
        return
    if (w.model is not None and w.model.kind == "llm" and w.sub == "million"
            and gid is not None and (_million_on_gpu(w, gid) or _million_unoffered(w, gid))):
        return
    if (w.model is None and gid is not None and w.st.node and w.st.node_vs_single
            and node_vs_single_price(w, gid)):
        return  # "is an 8x H100 node cheaper per GPU than 8 single H100s?": both sides
    if (w.model is None and gid is not None and w.st.node and (w.ex.gpu_count or 1) == 1
            and _billed_node_price(w, gid)):
        return  # "an H100 node" (its "an" read as one): the catalog's whole machine of it
    if w.model is None and w.st.audio_hours and w.st.items:
        # "10 hours of speech ... on an A10": hours of audio made, no GPU hours; their time
        # and cost are the model's speed, and no model is named
        w.out.first = w.say("audio_hours_need_model", n=w.n(w.st.items))
        return
    if (w.model is None and gid is not None and w.st.nodes is not None
            and w.ex.gpu_count == w.st.nodes[0] * w.st.nodes[1]):
        _nodes_price(w, gid, *w.st.nodes)
        return
    if (w.model is None and gid is not None and w.st.node and w.st.nodes is None
            and _count_nodes_price(w, gid)):
        return  # "an 8x H100 node", "a 16 GPU H100 cluster": machines of that count
    if w.model is None:
        # (an instance type whose name holds its GPU, "ND H100 v5", is that instance, not
        # the GPU's cheapest offer: regress5 #10)
        if (gid is None or w.st.instance_types) and _instance_run(w):
            return  # "a 30-second job on AWS p5.48xlarge": that instance, billed as AWS bills
        if gid is not None and gid in w.st.gpu_variants:
            _billed_gpu_price(w, gid, _variants_price)
        elif gid is not None:
            _billed_gpu_price(w, gid, _gpu_price)
        return
    workload = w.ex.workload or ("serving" if w.model.kind == "llm" else "batch")
    if not w.ex.workload and w.st.live_streams and w.transcribes():
        # live streams at once are transcribed as they arrive, never a batch job: served,
        # each stream at least in real time, with the streams the setup carries said (audit
        # buyer16 #2: "100 concurrent live streams" was a batch job's cheapest, 1 x V100)
        workload = "serving"
    if token_job:
        workload = "batch"
    kw: dict[str, Any] = {"workload": workload,
                          "concurrent_requests": w.ex.concurrent_requests or 1}
    if w.st.sessions_per_day and w.st.hours_per_day:
        # runs a day ("20 minutes, 6 times a day"): each billed on its own, as the
        # recommendations bill a session (granularity and minimum charge per session)
        kw["sessions_per_day"] = w.st.sessions_per_day
    if w.model.kind == "llm":
        # the recommendations' context is prompt plus output, each as stated ("7k in and 1k
        # out"; "500 tokens out each" is the output alone, no context: _prompt's default);
        # 512 out unless stated. No floor: it was at least 1,024 tokens (a floor left from the
        # first ask writer; /v1/recommendations takes any context_tokens >= 1 above the
        # output), so "500 token prompts, 200 tokens out" was sized as 824 in (audit buyer18b
        # #5: 2 × 3090 at $240.58/month, where 700 tokens are 4 × 3060 at about $154)
        out = kw["output_tokens"] = _out(w)
        kw["context_tokens"] = _prompt(w, out, 4096 - out) + out
    if w.sub == "job" and w.det.tokens and workload == "batch":
        kw["job_output_tokens"] = w.det.tokens
        asked_requests = _requests_of(w)
        if asked_requests is not None:  # the requests' own lengths, not 512 out
            kw["output_tokens"] = asked_requests[2]
            kw["context_tokens"] = asked_requests[1] + asked_requests[2]
        if w.st.deadline_hours:
            # "within 10 hours", "by Friday": the deadline as the API's max_job_hours, the
            # job spread over the instances that finish in time, as an image job's is
            # (media._job_total; audit batch B1: 24.6 h on 4 × RTX 5070 for 10 h asked)
            kw["max_job_hours"] = w.st.deadline_hours
        elif (slot := _run_slot_hours(w)) is not None:
            # a job on a schedule ("the daily 1B-token batch", "twice a day", "weekly") done
            # before its next run: once a day within 24 h, N times a day within 24/N h, weekly
            # within 168 h, spread over instances as a deadline is (audit buyer21 #3: a daily
            # job priced at $802.87 on 4 x MI300X took 87.6 h; 3 instances of 4 x B200 do it
            # in about 19.2 h)
            kw["max_job_hours"] = slot
    rate = w.st.request_rate_per_s if w.model.kind == "llm" and workload == "serving" else None
    if rate:
        # "2 million requests per day": a load carried at that rate, each request's output
        # as stated
        kw["target_requests_per_s"] = rate
    # a price per token asked with no GPU named and no load stated: the setup the
    # recommendations price cheapest per token leads (their per_million_output_tokens_usd),
    # not the first of their ranking by the month (audit 25a #6: "cost per 1M tokens for
    # llama 3.1 70b on Lambda?" led with 2 × RTX A6000 at $13.51 where 1 × H100 SXM at
    # awq-int4 makes them for $3.01)
    per_token = (w.sub == "million" and gid is None and not rate and not w.st.input_million
                 and not w.ex.concurrent_requests and not w.ex.budget_usd_per_month
                 and not w.ex.budget_usd_per_hour)
    if gid is not None or per_token:
        kw["top_n"] = 50
    # a name covering several cards ("A100 80GB"; "A100" at a provider): the recommendations
    # for all of them (their gpus filter), the cheapest of any leading
    family = list(w.st.gpu_variants) if gid is not None and gid in w.st.gpu_variants else []
    if family:
        kw["gpus"] = family
    elif gid is not None and workload == "serving" and rate_cards(w, gid) is not None:
        # a rate on the GPU named, of tokens in total ("2 million tokens per second of Llama
        # 3.1 70B on H200s: cost per hour?") or of requests ("8B at 2 requests/s on L4s"): as
        # many of it as carry the load, the recommendations for that GPU alone, THE setup
        # for a rate the price per token and the count answer say too (rate_setup); none of
        # the first 50 ranked was an H200, and one machine that holds the model was priced
        # for memory alone ($5.18/h for 2 x H200; audit regress9 #1), 1 x L4 for 2
        # requests/s that 8 of them carry (audit setuprate)
        kw["gpus"] = rate_cards(w, gid)
    by_memory = None
    if w.ex.gpu is None and (w.det.memory_gib or w.st.min_memory_gb):
        # "which 24 GB card is the cheapest": every card of that memory (or of at least that
        # much), not one of them
        floor = w.st.min_memory_gb
        by_memory = {g.id for g in w.reg.gpus.values()
                     if (g.memory_gb >= floor - 0.5 if floor
                         else round(g.memory_gb) == round(w.det.memory_gib or 0))}
        kw["top_n"] = 50
    # work the recommendations would put on spot by default (a batch job, a fine-tune) that
    # the question did not say may be interrupted; a workload said is the one priced only
    # when a token job did not turn it into a batch ("serve 1 million requests": serving
    # said, a batch priced, which led with a TPU's spot price and no caveat, audit slack2)
    spot_ok = (w.st.interruptible or (w.ex.workload is not None and w.ex.workload == workload)
               or workload not in ("batch", "finetune"))
    if "job_output_tokens" in kw or w.st.no_spot:
        # a job with a token count is batch work whether or not "batch" is said: spot leads
        # only where spot is named ("Batch translate 200M tokens" led with spot at $4.76,
        # "Translate 200M tokens" on-demand at $9.15 with no spot; audit batch B8); spot
        # ruled out ("no spot instances") never leads (audit batch B2)
        spot_ok = w.st.spot_said
    if not spot_ok:
        # the work was not said to be interruptible: on-demand leads, spot comes after
        kw["interruptible"] = False
    rec = _recommend_by_deadline(w, kw)
    if rec is None:
        return
    lead = rec.options[0] if rec.options else None
    if lead is not None and "job_output_tokens" in kw and lead.cost.per_job_usd and (
            gid is None or lead.offer.gpu == gid):
        # a token job: the same job on spot (or on-demand, spot leading) by its total, as the
        # media jobs say it; an hourly spot price dearer per hour may be cheaper per job
        spot_job_line(w, kw, lead.cost.per_job_usd, lead.pricing_model)
    elif not spot_ok and lead is not None and w.ex.budget_usd_per_hour is None:
        _spot_option(w, kw, lead)
    # the options of the recommendations the answer lists (a GPU, a family, a memory or a
    # count asked): a cheaper one past them is looked for among those alone (_W.cheaper_below)
    keep: Callable[[Option], bool] | None = None
    if by_memory:
        options = [o for o in rec.options if o.offer.gpu in by_memory][:3]
        keep = partial(_kept, gpus=frozenset(by_memory), count=None)
        if options:
            gid = options[0].offer.gpu
    fewer: list[Option] = []
    if not by_memory:
        options = [o for o in rec.options if gid is None or o.offer.gpu in (family or [gid])]
        counted = w.ex.gpu_count if gid is not None else None
        keep = partial(_kept, gpus=None if gid is None else frozenset(family or [gid]),
                       count=counted)
        if gid is not None and w.ex.gpu_count:
            fewer = [o for o in options if o.nodes == 1 and o.offer.gpu_count < w.ex.gpu_count]
            # the count asked is honoured: one machine of that many GPUs
            options = [o for o in options
                       if o.nodes == 1 and o.offer.gpu_count == w.ex.gpu_count]
        if per_token:
            # cheapest per 1M output tokens first, weighted for the quality of the weights
            # as the recommendations rank by (stable: their order breaks ties); none priced
            # per token keeps their order
            options = sorted(options, key=lambda x: (
                x.cost.per_million_output_tokens_usd * w.handicap(x.weights)
                if x.cost.per_million_output_tokens_usd is not None else math.inf))
        options = options[:3]
    if not options and family:
        # no card the name covers fits there: the card it resolves to, priced elsewhere or
        # with its reason, as before the family was read
        w.st, family = one_card, []
    if (not options and gid is not None and kw.get("gpus") == [gid]
            and w.load_sized is not None and w.load_sized(gid)):
        return  # a token rate past what the recommendations size on the GPU named
    count = None if options or gid is None or family or w.model.kind != "llm" else (
        w.ex.gpu_count or _min_count(w, gid, kw.get("context_tokens", 4096)))
    if count is not None:
        # the recommendations rank every GPU: none of their first 50 is the one named, so
        # price that GPU itself, with the fewest that hold the model (none holding it: the
        # recommendations for that GPU alone below, with their reason; one GPU was priced,
        # 405B on "1 x L40S" at $424.85/month)
        assert gid is not None
        # one GPU by its article ("on an L4", "pe un L4") is the GPU named, not a count
        # that must hold the users: 8B for 50 users "on an l4" was priced on the one L4
        # that holds about 12 of them (audit regress). A count written ("one H100", "a
        # single H100", "un singur H100", "2 x H100") is kept where it holds the model, the
        # lead saying how many of the users it holds and the fewest that hold them all, as
        # the price per 1M tokens and the job say it (_load_sized; audit onegpu: "one h100"
        # for 30 users of 70B fp8 moved to 2 × H100 with no word of the count asked)
        ctx = kw.get("context_tokens", 4096)
        all_held: str | None = None
        kept = bool(w.ex.gpu_count) and not (w.st.gpu_one and not w.st.gpu_one_counted)
        holds = kept and _holds(w, gid, count, kw)
        if kept and w.st.gpu_one and not holds:
            kept = False  # one GPU that does not hold the model: the fewest that do, said
        nofit = None if kept else _users_nofit(w, gid, count, ctx, held=True)
        if nofit is not None:
            count = nofit[0]  # never a price for a setup that does not hold the load
        elif holds:
            out = kw.get("output_tokens", 512)
            r_kept = w.size(gpu=gid, gpu_count=count, input_tokens=ctx - out,
                            output_tokens=out)
            nofit = _users_held(w, gid, count, r_kept, ctx) if r_kept is not None else None
            all_held = _users_all_priced(w, gid, count, r_kept, ctx) \
                if nofit is not None and r_kept is not None else None
        if (w.sub == "month" or w.ex.budget_usd_per_month
                or (w.sub == "job" and w.det.duration_hours and w.st.storage_gb)):
            # the month of the setup the hour is priced on (_setup_hour): one that holds the
            # model at its precision, else the recommendations for that GPU alone below (70B
            # on "a 4090" was a month of one 4090 that holds a third of it; 4 x 4090 at fp8
            # by the hour)
            if _holds(w, gid, count, kw) and _month_total(w, gid, count):
                if nofit is not None and w.out.first:
                    w.out.first = f"{nofit[1]} {_decap(w, w.out.first)}"
                if all_held:
                    w.out.more.insert(0, all_held)
                alt = fewer[0] if fewer else None
                if alt is not None and alt.cost.per_month_usd is not None and (
                        w.out.asked is None or alt.cost.per_month_usd < w.out.asked.value):
                    # the count asked leads; fewer GPUs at a smaller precision after it
                    w.out.more.insert(0, w.say(
                        "cost_alt_fewer", setup=w.option_setup(alt), weights=alt.weights,
                        month=w.usd(alt.cost.per_month_usd),
                        hour=w.usd(alt.cost.per_hour_usd), provider=alt.offer.provider))
                return
        elif _setup_hour(w, gid, count):
            if nofit is not None and w.out.first:
                w.out.first = f"{nofit[1]} {_decap(w, w.out.first)}"
                if all_held:
                    w.out.more.insert(0, all_held)
            elif not w.ex.gpu_count:
                # the fewest that hold the model, under the recommendations' headroom: said,
                # with what they rank instead (audit s4r1)
                setup_headroom_note(w, gid, count, rec)
            return
    if not options and w.ex.gpu is not None and not family:
        # the GPU named, never another one cheaper: the recommendations for it alone (their
        # gpus filter), so "cheapest L40S at aws" is L40Ss at aws, or none and their reason
        # (a family's recommendations were filtered so already)
        named = w.recommend(**{**kw, "gpus": [w.ex.gpu]})
        if named is None:
            return
        if not named.options and _nodes_cost_lead(w, kw, w.ex.gpu):
            return  # no one machine of it holds the model: machines joined, priced
        rec, options, keep = named, named.options[:3], None
    if not options and gid is not None:
        options, keep = rec.options[:3], None
    if not options:
        if (rec.reason and gid is None and not family and not by_memory
                and _over_budget_lead(w, kw, rec.reason, workload)):
            return
        if rec.reason:
            # the core's reason is a clause with no full stop: the answer's next sentence
            # ("“A100” is read as …") ran on from its last parenthesis
            reason = localise(rec.reason, w.t, w.f, w.kinds, w.known_gpu_name).rstrip()
            w.out.first = w.say("nooffer", reason=reason if reason.endswith((".", "!", "?"))
                                else reason + ".")
            w.out.computed = True
        return
    o = options[0]
    if (w.sub == "job" and w.det.duration_hours and w.st.storage_gb and gid is not None
            and o.nodes == 1
            and _month_total(w, o.offer.gpu, w.ex.gpu_count or o.offer.gpu_count)):
        return  # a length stated with storage: its GPU hours and storage, as without a model
    w.offer_numbers(msgspec.structs.replace(rec, options=options))
    if family:
        w.priced_gpu = o.offer.gpu  # (the region and provider notes are about the card led)
        if o.offer.gpu != gid:
            # another card of the family leads: the note that reads the name as the alias's
            # card (and its count) is not what was priced
            w.st = dc_replace(w.st, bare_gpu=None)
    _record_replica(w, kw, o, workload)
    budget = w.ex.budget_usd_per_month or w.ex.budget_usd_per_hour
    # the precision priced, where fewer bits than the model's own, in the first sentence
    # with the setup (was only in the second: "1 × H100 ... $1.29/h. Sized at awq-int4")
    common = {"setup": _setup_weights(w, w.option_setup(o), o.weights),
              "provider": o.offer.provider, "hour": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model], "within": _within(w)}
    sub = w.sub or "hour"
    parts: list[str] = []  # a month's split, after the precision and the load
    if (w.ex.budget_usd_per_month or w.st.budget_usd_per_day) and sub == "hour":
        sub = "month"
    month_said = sub == "month" and o.cost.per_month_usd is not None

    def lead_key(key: str) -> tuple[str, dict[str, str]]:
        """The lead's message (``key``, "cost_hour" or "cost_month") and its ranking words.
        They rank price weighed by the weights' quality (recommend.context.QUALITY_HANDICAP:
        a V100 at gptq-int4 for $101.92/month ranks after an RTX A4000 at fp8 for $108.71):
        when one ranked below without a commitment is cheaper in the unit said, listed or
        past the options listed, the lead is the top-ranked match, never the cheapest (audit
        ro2, cheapword). A reservation ranks after on-demand on purpose (it binds you to a
        term): when one ranked below is cheaper per hour, the lead is the cheapest only among
        the options without a commitment, and the answer says so."""
        ranked = w.lead_rank(o, options[1:], month=month_said, keep=keep)
        if ranked is not None:
            return key + "_ranked", ranked
        if o.pricing_model != "reserved" and w.cheaper_below(
                o, options[1:], reserved=True, keep=keep) is not None:
            return key + "_no_commitment", {}
        return key, {}

    if budget_lasts_asked(w) and sub == "month" and o.cost.per_hour_usd > 0:
        # "how long will $50 last on an L4 ... at 4 hours a day": the days it lasts at that
        # use (audit regress9 #6: the month's cost answered)
        option_budget_lasts(w, o)
    elif month_said and o.cost.per_month_usd is not None:
        key, ranked = lead_key("cost_month")
        w.out.first = w.say(key, month=w.usd(o.cost.per_month_usd), usage=w.usage(),
                            **ranked, **common)
        w.ask("per_month_usd", o.cost.per_month_usd, "USD")
        if (kw.get("sessions_per_day", 1) > 1 and w.st.hours_per_day
                and o.cost.billed_hours_per_month is not None):
            # sessions a day ("4 sessions of 15 minutes a day"): each billed on its own, as
            # the recommendations bill sessions_per_day (audit buyer27a #2: read as users)
            runs = kw["sessions_per_day"]
            parts.append(w.say("billed_sessions", n=w.n(runs), provider=o.offer.provider,
                               run=w.duration(w.st.hours_per_day / runs),
                               terms=_terms_words(w, o.offer),
                               billed=w.hours(round(o.cost.billed_hours_per_month, 2)),
                               used=w.hours(round(w.st.hours_per_day, 2))))
        if w.st.day_also:
            # "per hour, per day and per month": the day's total too, at the hours a day the
            # month counts, as the GPU's price says it (prices.py; audit buyer21 #7: Mistral
            # 7B on an L4 gave $276.39/month and $0.38/h, no day)
            day_h = w.st.hours_per_day or 24.0
            parts.append(w.say("cost_per_day", total=w.usd(o.cost.per_hour_usd * day_h),
                               hours=w.day_hours(day_h), hour=w.usd(o.cost.per_hour_usd)))
        if (w.st.storage_gb or w.st.egress_gb or o.cost.storage_per_month_usd
                or o.cost.egress_per_month_usd):
            w.month_split = (o.cost.compute_per_month_usd or 0.0,
                             o.cost.storage_per_month_usd or 0.0,
                             o.cost.egress_per_month_usd or 0.0)
            parts.append(w.month_parts(o))
            prov = w.catalog.providers_by_id.get(o.offer.provider)
            if prov is not None:  # the storage and egress prices' own dates and sources
                if w.st.storage_gb and prov.storage_usd(w.st.storage_gb) is not None:
                    parts.append(w.terms_source(prov, egress=False))
                if w.st.egress_gb and prov.egress_known:
                    parts.append(w.terms_source(prov, egress=True))
    elif sub == "million" and o.cost.per_million_output_tokens_usd is not None:
        # the load a price per token is at (its replicas full: max_concurrency requests of
        # the context priced), said with it; the one request the memory is sized for follows
        # as an assumption (cost_assumed_million), never as "the load"
        perf = o.performance
        said = {**common, "setup": w.option_setup(o)}  # its weights are said beside it
        at_load = _million_stated_load(w, kw, o, rate)
        if at_load is not None:
            # a load stated (a rate, users): the price of the tokens that load makes leads,
            # as the recommendations' per_million_output_tokens_at_load_usd, full load's
            # after it (audit buyer29a #6: $0.83 at full load led for 10 requests/s, $1.12
            # at that load, where "... on H100s" led with the load's)
            w.out.first = w.say("cost_million_stated_load", load=at_load,
                                million=w.usd(o.cost.per_million_output_tokens_at_load_usd
                                              or 0.0),
                                model=w.model.name, weights=_weights_said(w, o.weights),
                                at="" if rate else w.say(
                                    "cost_at_load_tps",
                                    tps=w.n(perf.output_tokens_per_s_at_load or 0.0)),
                                conc=w.n(perf.max_concurrency or 0),
                                ctx=w.n(kw.get("context_tokens", 4096)),
                                thr=w.n(perf.output_tokens_per_s_total or 0.0),
                                full=w.usd(o.cost.per_million_output_tokens_usd),
                                free_pct=w.free_pct(), **said)
            w.ask("per_million_output_tokens_at_load_usd",
                  o.cost.per_million_output_tokens_at_load_usd or 0.0, "USD")
        elif (perf.max_concurrency or 0) > 1 and perf.output_tokens_per_s_total:
            w.out.first = w.say("cost_million_load",
                                million=w.usd(o.cost.per_million_output_tokens_usd),
                                model=w.model.name, weights=_weights_said(w, o.weights),
                                conc=w.n(perf.max_concurrency or 0),
                                ctx=w.n(kw.get("context_tokens", 4096)),
                                thr=w.n(perf.output_tokens_per_s_total),
                                free_pct=w.free_pct(), **said)
        else:
            w.out.first = w.say("cost_million",
                                million=w.usd(o.cost.per_million_output_tokens_usd),
                                model=w.model.name, weights=_weights_said(w, o.weights),
                                **said)
        if at_load is None:
            w.ask("per_million_output_tokens_usd", o.cost.per_million_output_tokens_usd,
                  "USD")
        if w.st.input_million:
            # a million prompt tokens: the lead option's setup (one replica, one machine's
            # GPUs, times its machines) at its prefill rate
            out_each = kw.get("output_tokens", 512)
            ctx = kw.get("context_tokens", 4096) - out_each  # the prompt
            one = w.size(gpu=o.offer.gpu, gpu_count=o.offer.gpu_count, weights=o.weights,
                         input_tokens=ctx, output_tokens=out_each)
            if one is not None and one.fits_in_memory and one.performance is not None:
                pre_one = one.performance.prefill_tokens_per_s or 0.0
                one = msgspec.structs.replace(one, performance=msgspec.structs.replace(
                    one.performance, prefill_tokens_per_s=pre_one * o.nodes))
                _input_million(w, one, o.cost.per_hour_usd, ctx,
                               o.cost.per_million_output_tokens_usd,
                               o.performance.output_tokens_per_s_total,
                               {"model": w.model.name,
                                "weights": _weights_said(w, o.weights),
                                "setup": w.option_setup(o), "provider": o.offer.provider,
                                "kind": common["kind"], "hour": common["hour"]})
    elif sub == "job" and o.cost.per_job_usd is not None:
        asked_requests = _requests_of(w)
        w.out.first = w.say("cost_job", job=w.usd(o.cost.per_job_usd), **common)
        if asked_requests is not None:  # "1000 requests": what the job is, with the lengths
            w.out.first = w.say("requests_job", **_requests_said(w, *asked_requests),
                                text=_decap(w, w.out.first))
        hours = o.performance.job_hours
        took = ""
        if job_time and hours:
            # the duration asked, the recommendation's own job hours on the setup priced
            # (as _tokens_on_gpu says a GPU named's): first, its cost after it, unless the
            # cost is asked too ("total cost and time?"), which leads then, the time after
            days = w.say("job_days", days=w.n(hours / 24, 1 if hours < 240 else 0)) \
                if hours >= 48 else ""
            took = w.say("tokens_job_time", hours=w.duration(hours), days=days,
                         setup=w.option_setup(o))
        if took and not (w.st.cost_asked or w.st.price_asked):
            w.out.first = took + " " + w.out.first
            w.ask("job_hours", hours or 0.0, "h")
        else:
            w.ask("per_job_usd", o.cost.per_job_usd, "USD")
            if took:
                w.out.more.insert(0, took)
        if "max_job_hours" in kw and o.performance.job_hours and not job_time:
            # the deadline met: the job's wall-clock hours on the setup priced, said (a
            # schedule's bound as the time to the next run: no deadline was stated)
            limit = _deadline_said(w, kw["max_job_hours"])
            w.out.more.insert(0, w.say(
                "job_within_deadline", hours=w.duration(o.performance.job_hours),
                deadline=limit) if w.st.deadline_hours else w.say(
                "job_within_slot", hours=w.duration(o.performance.job_hours), slot=limit))
        if token_job and gid is None:
            _job_vs_hour(w, kw, o, options[1:])
    elif (sub in ("hour", "job") and w.det.duration_hours
          and not w.det.tokens and not w.st.hours_per_day and not budget):
        # a length stated ("for 3 months": 3 x 730 hours) with a model on the GPU named and
        # no count: the setup that holds it there (the lead option, as a month asked sizes
        # it) for those hours, as "on 2 H100 for 3 months" is (_setup_hour); was its hourly
        # price alone (audit slack2). With no GPU named, the setup the answer picks (the
        # lead option) for those hours: it was a $/h (askhours)
        job_h = w.det.duration_hours
        gpus = o.offer.gpu_count * o.nodes
        v = w.view_of(o.offer.id)
        job = (_billed_job(w, v, o.cost.per_hour_usd / gpus, gpus, job_h, o.weights)
               if v is not None else None)
        total = job.compute + job.storage if job is not None else o.cost.per_hour_usd * job_h
        w.out.first = w.say("cost_setup_total", hours=w.duration(job_h),
                            setup=w.option_setup(o), model=w.model.name,
                            weights=_weights_said(w, o.weights), total=w.usd(total),
                            hour=common["hour"], provider=o.offer.provider,
                            kind=common["kind"])
        if job is not None:  # billed with the weights' storage, as every job is
            w.out.first += " " + _job_split(w, job)
        w.ask("per_job_usd", total, "USD")
    elif by_memory and o.offer.gpu_count * o.nodes == 1 and (
            w.det.memory_gib or w.st.min_memory_gb):
        # the cheapest card only where no option of those cards ranked after it costs less
        # an hour, listed or not (_W.lead_rank; audit cheapall)
        card_rank = w.lead_rank(o, options[1:], keep=keep)
        w.out.first = w.say("card_cheapest_ranked" if card_rank else "card_cheapest",
                            **(card_rank or {}),
                            gb=w.n(w.st.min_memory_gb or w.det.memory_gib or 0),
                            model=w.model.name,
                            weights=_weights_said(w, o.weights), gpu=o.offer.gpu_name,
                            hour=common["hour"],
                            provider=o.offer.provider, kind=common["kind"])
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    elif budget_lasts_asked(w) and o.cost.per_hour_usd > 0:
        option_budget_lasts(w, o)  # "how long does $50 last": the hours it buys (prices.py)
    else:
        key, ranked = lead_key("cost_hour")
        w.out.first = w.say(key, **ranked, **common)
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    if w.model.kind != "llm" and w.weights is None:
        _match_weights_note(w, o)
    if w.model.kind == "audio" and workload == "serving":
        audio_serving_load(w, o)  # the streams it carries; a generator slower than real time
    if w.model.kind == "llm" and w.model.task != "embed" and workload == "serving":
        # the precision and the load the price is for, right after it
        if rate:
            ctx = kw.get("context_tokens", 4096)
            per_s = w.per_s(rate)
            w.out.more.append(w.say(_assumed_rate_key(w, per_s), weights=o.weights, rate=per_s,
                                    ctx=w.n(ctx), inp=w.n(ctx - kw["output_tokens"]),
                                    out=w.n(kw["output_tokens"])))
        elif (sub == "million" and (o.performance.max_concurrency or 0) > 1
              and kw.get("concurrent_requests", 1) <= 1):
            ctx = kw.get("context_tokens", 4096)
            w.out.more.append(w.say("cost_assumed_million", weights=o.weights,
                                    conc=w.n(o.performance.max_concurrency or 0), ctx=w.n(ctx),
                                    inp=w.n(ctx - kw["output_tokens"]),
                                    out=w.n(kw["output_tokens"])))
        elif w.st.throughput_tokens_per_s and o.performance.output_tokens_per_s_total:
            # a token rate in total, the recommendations' target (context.recommend): the
            # load said as asked, with what the setup carries (audit ask_intent)
            ctx = kw.get("context_tokens", 4096)
            w.out.more.append(w.say("cost_assumed_tps", weights=o.weights,
                                    tps=w.per_s(w.st.throughput_tokens_per_s),
                                    thr=w.rate(o.performance.output_tokens_per_s_total),
                                    ctx=w.n(ctx), inp=w.n(ctx - kw["output_tokens"]),
                                    out=w.n(kw["output_tokens"])))
            # the request rate that load is, as the count answer counts it (gpus_for_rate:
            # tokens/s over each request's output; audit regress9 #1)
            w.out.more.append(w.say("cost_tps_requests", out=w.n(kw["output_tokens"]),
                                    rate=w.per_s(w.st.throughput_tokens_per_s
                                                 / kw["output_tokens"])))
        else:
            ctx = kw.get("context_tokens", 4096)
            w.out.more.append(w.say("cost_assumed", weights=o.weights,
                                    users=w.n(kw["concurrent_requests"]),
                                    ctx=w.n(ctx), inp=w.n(ctx - kw["output_tokens"]),
                                    out=w.n(kw["output_tokens"])))
    w.out.more.extend(parts)
    del budget
    # an alternative at another precision than the lead's says it (its price is for it)
    others = [w.say("cost_row" if x.weights == o.weights else "cost_row_weights",
                    setup=w.option_setup(x), provider=x.offer.provider, weights=x.weights,
                    hour=w.usd(x.cost.per_hour_usd), kind=w.kinds[x.pricing_model])
              for x in options[1:]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    if (gid is None and not by_memory and w.model.kind == "llm" and w.model.task != "embed"
            and workload == "serving" and not w.st.images_per_request):
        left_out_cheaper(w, kw, o)  # why a cheaper machine is not the match (audit s4r1)
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    for x in options:
        w.option_warnings(x)


def _job_vs_hour(w: _W, kw: Mapping[str, Any], o: Option, listed: list[Option]) -> None:
    """A token job with no GPU named leads with the batch recommendation's pick, the
    cheapest for the whole job at full load, where the hour's answer to the same question
    leads with the serving pick, the cheapest per hour at one request (70B: 2 × MI300X for
    the job, 4 × V100 by the hour): one sentence after the lead says why they differ and what
    the job costs on the hour's pick, sized and priced as :func:`_cheaper_in_unit` prices a
    setup for a job (:func:`_setup_in_unit`). Each is called the cheapest in its unit only
    where none ranked after it costs less, listed (``listed``: the job's options the answer
    lists after ``o``) or not (_W.lead_rank; audit cheapall: Qwen2.5 72B on 1B tokens called 4
    x MI300X at fp8, $817.02, the cheapest for the whole job where 2 x H100 at awq-int4 for
    $805.71 ranked #5)."""
    assert w.det.tokens and o.cost.per_job_usd is not None
    out = int(kw.get("output_tokens", 512))
    serving = {**{k: v for k, v in kw.items() if k not in ("job_output_tokens", "interruptible")},
               "workload": "serving"}
    hourly = w.recommend(**serving)
    h = next((x for x in hourly.options if x.pricing_model != "reserved"), None) \
        if hourly is not None else None
    if h is None or h.nodes > 1 or (h.offer.gpu, h.offer.gpu_count, h.weights) == (
            o.offer.gpu, o.offer.gpu_count, o.weights):
        return
    inp = int(kw.get("context_tokens", 4096)) - out
    got = _setup_in_unit(w, h.offer.gpu, h.offer.gpu_count, h.weights, "job",
                         float(w.det.tokens), inp, out)
    if got is None or got[0] <= o.cost.per_job_usd:
        return  # (the hour's pick is no dearer for the job: nothing to explain)
    cost, thr, hour, v, _ = got
    deadline = kw.get("max_job_hours")
    if deadline is not None and float(w.det.tokens) / thr / 3600 > deadline:
        return  # a setup that misses the deadline is no match (audit batch B1: 198 h for 10)
    # the hour's pick (its options are listed nowhere here) and the job's lead
    ranked = w.lead_rank(h, [], said="")
    job_ranked = w.lead_rank(o, listed, job=True, said="rank_cheaper_listed_short")
    above = w.say("job_vs_hour_above_ranked" if job_ranked else "job_vs_hour_above",
                  **(job_ranked or {}))
    w.out.more.insert(0, w.say(
        "job_vs_hour_ranked" if ranked else "job_vs_hour", **(ranked or {}), above=above,
        setup=w.setup(h.offer.gpu_count, h.offer.gpu),
        weights=_weights_said(w, h.weights), hour=w.usd(hour),
        provider=v.provider, cost=w.usd(cost),
        hours=w.duration(float(w.det.tokens) / thr / 3600), thr=w.n(thr)))


def _holds(w: _W, gid: str, count: int, kw: Mapping[str, Any]) -> bool:
    """Whether ``count`` × ``gid`` hold the model at its precision (the one asked, else its
    own, as the GPU runs it) for one request of the context priced, as :func:`_setup_hour`
    sizes the hour it prices."""
    out = kw.get("output_tokens", 512)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=kw.get("context_tokens", 4096) - out,
               output_tokens=out)
    return r is not None and bool(r.fits_in_memory) and r.runs is not False


def _record_replica(w: _W, kw: Mapping[str, Any], o: Option, workload: str) -> None:
    """The sizing a served LLM's price is for: one replica of option ``o`` (its machine's
    GPUs, its share of the users), as the spot answer records its own. Where that replica
    splits the model over more GPUs than the fewest that hold it (4 × RTX 3060 at tensor
    parallel 4, where 1 × A10 holds it), its total is not one of its ``fits_on`` setups'
    (24.51 GiB beside "1 × NVIDIA A10 24GB", /v1/sizing and Slack 20.0 GiB: audit buyer31c
    #1): the replica's load sized as /v1/sizing sizes it, no GPU pinned, instead, unless the
    question names the GPU ("cheapest H100 for 70B": its 2 × H100 replica)."""
    assert w.model is not None
    if (w.model.kind != "llm" or w.model.task == "embed" or workload != "serving"
            or w.out.sizing is not None):
        return
    ctx = kw.get("context_tokens", 4096)
    load = {"weights": o.weights, "input_tokens": ctx - kw.get("output_tokens", 512),
            "output_tokens": kw.get("output_tokens", 512),
            "batch_size": math.ceil(kw["concurrent_requests"] / _replicas(o))}
    if o.fit.gpus_per_replica > 1 and w.ex.gpu is None:  # a GPU named: its setup's
        free = w.size(**load)
        if (free is not None and free.runs is not False and free.fits_on
                and min(f.gpu_count for f in free.fits_on) < o.fit.gpus_per_replica):
            w.record(free, ctx)
            return
    one = w.size(gpu=o.offer.gpu, gpu_count=o.fit.gpus_per_replica,
                 parallelism=_replica_layout(o), **load)
    if one is not None and one.fits_in_memory:
        w.record(one, ctx, per_replica=True)


def _over_budget_lead(w: _W, kw: dict[str, Any], reason: str, workload: str, *,
                      target: str = "") -> bool:
    """An hourly or monthly budget that keeps every option out (the core's reason is the
    budget's): "No:" and the cheapest setup that carries the request without it, its price
    in the budget's unit (the asked number, yes false), its speed per user, the setup in
    the numbers, and the core's advice where it names more than raising the budget. It was
    the core's reason alone, with no figure in the numbers ("the cheapest option that fits
    costs $4.41/h ... raise the budget"). False (the reason is said as before) where the
    budget is not what binds, is a day's, or the request has no option without it either.

    A speed or latency ``target`` stated (:meth:`_W.targets_said`): the lead says the target
    is met, by that setup, only over the budget, with its first token where one is a target
    and by how much it is over; the recommendations' relaxed targets (their alternatives,
    asked with ``explain``: what the budget buys instead, each priced within it) follow as
    advice. "No setup in the catalog reaches a time to first token under 1,000 ms" was said
    where 2 x 8 x A100 reach 996 ms at $14,888/month, over $10,000/month (audit buyer24b
    #8)."""
    assert w.model is not None
    hourly, monthly = w.ex.budget_usd_per_hour, w.ex.budget_usd_per_month
    if not reason.startswith("the budget:") or w.st.budget_usd_per_day or not (
            hourly or monthly):
        return False
    ex, st = w.ex, w.st
    w.ex = msgspec.structs.replace(ex, budget_usd_per_hour=None, budget_usd_per_month=None)
    try:
        free = w.recommend(**kw)
    finally:
        w.ex, w.st = ex, st
    if free is None or not free.options:
        return False
    o = free.options[0]
    ro = w.lang == "ro"
    if monthly:
        if o.cost.per_month_usd is None:
            return False
        price = w.usd(o.cost.per_month_usd) + "/" + ("lună" if ro else "month")
        budget = w.usd(monthly) + "/" + ("lună" if ro else "month")
    else:
        assert hourly is not None
        price = w.usd(o.cost.per_hour_usd) + "/" + ("oră" if ro else "h")
        budget = w.usd(hourly) + "/" + ("oră" if ro else "h")
    tps = o.performance.decode_tokens_per_s_per_user
    speed = (w.say("over_budget_speed", tps=w.rate(tps))
             if tps and w.model.kind == "llm" and w.model.task != "embed" else "")
    ttft = o.performance.time_to_first_token_ms
    if target and w.st.max_ttft_ms and ttft is not None:
        speed = w.say("over_budget_ttft", ttft=w.n(ttft)) + speed
    common = {"setup": w.option_setup(o), "weights": _weights_said(w, o.weights),
              "price": price, "speed": speed, "provider": o.offer.provider,
              "kind": w.kinds[o.pricing_model], "budget": budget}
    if target:
        # the target is met, over the budget: by how much, in the budget's unit
        cost = (o.cost.per_month_usd or 0.0) if monthly else o.cost.per_hour_usd
        over = w.usd(max(0.0, cost - (monthly or hourly or 0.0))) + "/" + (
            ("lună" if ro else "month") if monthly else ("oră" if ro else "h"))
        w.out.first = w.say("over_budget_target", target=target, over=over, **common)
    else:
        w.out.first = w.say("over_budget_cheapest", **common)
    if monthly:
        w.ask("per_month_usd", o.cost.per_month_usd or 0.0, "USD", yes=False)
    else:
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h", yes=False)
    w.offer_numbers(msgspec.structs.replace(free, options=[o]))
    _record_replica(w, kw, o, workload)
    if workload == "serving" and w.model.kind == "llm" and w.model.task != "embed":
        ctx = kw.get("context_tokens", 4096)
        w.out.more.append(w.say("cost_assumed", weights=o.weights,
                                users=w.n(kw["concurrent_requests"]), ctx=w.n(ctx),
                                inp=w.n(ctx - kw["output_tokens"]), out=w.n(kw["output_tokens"])))
    remedies: list[str] = []
    if not reason.rstrip(".").endswith("; raise the budget"):
        # another change the core found an option for within the budget (spot, a smaller
        # precision): its advice, the list after the reason's last "; " in either language
        said = localise(reason, w.t, w.f, w.kinds, w.known_gpu_name).rstrip().rstrip(".")
        remedies.append(said.rsplit("; ", 1)[-1])
    within = w.recommend(explain=True, **kw) if target else None
    for a in within.alternatives if within is not None else []:
        if a.change.startswith(_RELAXED):
            # a target relaxed that the budget meets (recommend.alternatives reruns the
            # request at twice the first-token target or half the speed, the budget kept):
            # what the budget buys instead, as the core words and prices it ("relax TTFT to
            # 2,000 ms (a first token within 2 s instead of 1 s: 8 x A100 40GB at
            # primeintellect, $7,444/month)"); it was never said (audit buyer24b #8)
            change, effect = (localise(x, w.t, w.f, w.kinds, w.known_gpu_name)
                              for x in (a.change, a.effect))
            said = f"{change} ({effect})"
            remedies.append(romanian_de(said) if ro else said)
    if remedies:
        w.out.more.append(w.say("over_budget_remedies", remedies="; ".join(remedies)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _nodes_cost_lead(w: _W, kw: dict[str, Any], gid: str) -> bool:
    """A price asked for a served LLM on the GPU named, with no count, where no one machine
    of that GPU holds it ("DeepSeek-V3 on H100s: how many, and the monthly cost?"): the
    recommendations for that GPU with a replica allowed to span nodes (``allow_multi_node``,
    the change their reason advises), its price leading (the month where a month is asked,
    else the hour), the count and the machines, then the cheaper changes the single-node
    request found (a GPU with more memory, a smaller precision), as the core prices them. The
    cost answer said "No offer in the catalog meets that request" and the count answer "16 ×
    H100" with no price, for one question (audit buyer24b #9). False (the caller answers as
    before) where a count is stated, one machine holds it, or spanning nodes is no option."""
    m = w.model
    if m is None or m.kind != "llm" or m.task == "embed" or w.ex.gpu_count:
        return False
    kw = {**kw, "workload": "serving", "gpus": [gid], "top_n": 3}
    kw.setdefault("concurrent_requests", w.ex.concurrent_requests or 1)
    one = w.recommend(explain=True, **kw)
    if (one is None or one.options
            or not any(a.change == "allow multi-node" for a in one.alternatives)):
        return False
    rec = w.recommend(**{**kw, "allow_multi_node": True})
    if rec is None:
        return False
    o = next((x for x in rec.options if x.offer.gpu == gid and x.nodes > 1), None)
    month = o.cost.per_month_usd if o is not None else None
    if o is None or month is None:
        return False
    common = {"month": w.usd(month), "hour": w.usd(o.cost.per_hour_usd), "usage": w.usage()}
    by_month = w.sub == "month" or w.st.month_asked or bool(w.ex.budget_usd_per_month)
    w.out.first = w.say("cost_nodes_needed", model=m.name, weights=_weights_said(w, o.weights),
                        gpu=w.gpu_name(gid), n=w.n(o.offer.gpu_count * o.nodes),
                        setup=w.option_setup(o), provider=o.offer.provider,
                        kind=w.kinds[o.pricing_model],
                        price=w.say("cost_nodes_needed_month" if by_month
                                    else "cost_nodes_needed_hour", **common))
    if by_month:
        w.ask("per_month_usd", month, "USD")
    else:
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
    _record_replica(w, kw, o, "serving")
    if o.cost.storage_per_month_usd or o.cost.egress_per_month_usd:
        w.out.more.append(w.month_parts(o))
    ctx = kw.get("context_tokens", 4096)
    out = kw.get("output_tokens", 512)
    w.out.more.append(w.say("cost_assumed", weights=o.weights,
                            users=w.n(kw["concurrent_requests"]), ctx=w.n(ctx),
                            inp=w.n(ctx - out), out=w.n(out)))
    # what the single-node request's reason advised besides spanning nodes, where it costs
    # less (8 x H200 at $11,624/month for DeepSeek-V3, against $70,993 on 2 x 8 x H100)
    cheaper = [a for a in one.alternatives if a.change != "allow multi-node"
               and a.per_month_usd is not None and a.per_month_usd < month]
    if cheaper:
        said = [f"{localise(a.change, w.t, w.f, w.kinds, w.known_gpu_name)} "
                f"({localise(a.effect, w.t, w.f, w.kinds, w.known_gpu_name)})" for a in cheaper]
        w.out.more.append(w.say("cost_nodes_cheaper", alts="; ".join(
            romanian_de(x) if w.lang == "ro" else x for x in said)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


_RELAXED = ("relax TTFT to ", "relax decode speed to ")
"""The recommendations' alternatives that relax a stated target (recommend.alternatives)."""


def _within(w: _W) -> str:
    """ ", within your budget of $500.00/month" after a price the budget stated bounds (a
    day's, a month's or an hour's, as the recommendations were asked it), else nothing."""
    ro = w.lang == "ro"
    if w.st.budget_usd_per_day and not w.ex.budget_usd_per_month:
        return w.say("within", budget=w.usd(w.st.budget_usd_per_day) + "/"
                     + ("zi" if ro else "day"))
    if w.ex.budget_usd_per_month:
        return w.say("within", budget=w.usd(w.ex.budget_usd_per_month) + "/"
                     + ("lună" if ro else "month"))
    if w.ex.budget_usd_per_hour:
        return w.say("within", budget=w.usd(w.ex.budget_usd_per_hour) + "/"
                     + ("oră" if ro else "h"))
    return ""


def _users_held(w: _W, gid: str, count: int, r: SizingResult, ctx: int) -> tuple[int, str] | None:
    """The users stated are more than the ``count`` × ``gid`` asked (sized as ``r`` at
    ``ctx`` tokens of context) hold at once: (``count``, the sentence that says how many of
    them it holds, that the price is for those, and the fewest of that GPU that hold them
    all, from :func:`gpu_count_for_users`), else None. "One H100" for 30 users of 70B at fp8
    holds 1 of them, which was priced as the load with no word (audit per1musers)."""
    assert w.model is not None
    users = w.ex.concurrent_requests
    held = r.performance.max_concurrency if r.performance is not None else None
    if not users or users <= 1 or not held or held >= users:
        return None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, r.weights, gid, users,
                              max(1, ctx - 512), images=w.st.images_per_request,
                              engine=w.engine())
    said = {"fewer": w.setup(count, gid), "held": w.n(held), "users": w.n(users),
            "model": w.model.name, "weights": r.weights, "ctx": w.n(ctx)}
    if got is None or got[0] <= count:
        return count, w.say("cost_users_held_none", **said)
    return count, w.say("cost_users_held", setup=w.setup(got[0], gid), **said)


def _users_all_priced(w: _W, gid: str, count: int, r: SizingResult, ctx: int) -> str | None:
    """The sentence that prices the fewest of ``gid`` that hold all the users stated, where
    the ``count`` kept (sized as ``r`` at ``ctx`` tokens of context) holds fewer of them
    (:func:`_users_held`): their hourly price at the cheapest on-demand offer where
    published and its month; None where no count holds them or none is priced."""
    assert w.model is not None
    users = w.ex.concurrent_requests
    if not users:
        return None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, r.weights, gid, users,
                              max(1, ctx - 512), images=w.st.images_per_request,
                              engine=w.engine())
    b = w.basis(gid, got[0]) if got is not None and got[0] > count else None
    if got is None or b is None:
        return None
    v, per, kind = b
    return w.say("cost_users_all", users=w.n(users), setup=w.setup(got[0], gid),
                 hour=w.usd(per * got[0]), provider=w.where(v, got[0]), kind=w.kinds[kind],
                 month=w.usd(per * got[0] * w.month_hours()), usage=w.usage())


def _users_nofit(w: _W, gid: str, count: int, ctx: int, held: bool = False
                 ) -> tuple[int, str] | None:
    """The users stated do not fit on ``count`` × ``gid`` at ``ctx`` tokens of context (the
    prompt and 512 out, as the cost path's recommendations read it): (the fewest of that GPU
    that hold them, from :func:`gpu_count_for_users`, the sentence that says so with the
    memory needed and the memory there, and with ``held`` how many of them ``count`` holds
    at once where it holds any), else None."""
    assert w.model is not None
    users = w.ex.concurrent_requests
    if not users or users <= 1:
        return None
    inp = max(1, ctx - 512)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512, batch_size=users)
    if r is None or r.gpu is None or r.fits_in_memory:
        return None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users, inp,
                              images=w.st.images_per_request, engine=w.engine())
    if got is None or got[0] <= count:
        return None
    if count > 1 and not w.ex.gpu_count:
        # no count asked: ``count`` is only the fewest that hold the model, never said as
        # if asked ("2 × H100 do not hold..." when the question named H100s; regress5 #6)
        return got[0], w.say("cost_users_fewest", model=w.model.name, weights=r.weights,
                             users=w.n(users), ctx=w.n(ctx), setup=w.setup(got[0], gid))
    # "One H100 does not hold...", "2 × H100 do not hold..."; "One H100 holds only 1 of..."
    most = r.performance.max_concurrency if held and r.performance is not None else None
    return got[0], w.say(("cost_nofit" if count == 1 else "cost_nofit_n")
                         + ("_held" if most else ""),
                         fewer=w.setup(count, gid), gpu=w.gpu_name(gid), model=w.model.name,
                         weights=r.weights, users=w.n(users), ctx=w.n(ctx),
                         need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                         setup=w.setup(got[0], gid), held=w.n(most or 0))


def _cheapest_lead(w: _W, gid: str, inp: int, count: int, weights: str, mine: float
                   ) -> tuple[SizingResult, int, float, OfferView, float, str, float] | None:
    """A price per token asked on the GPU named with no count ("an H100" is one), no users
    and no input price stated: the setup of it that costs least per million output tokens
    at full load (:func:`_per_token_best`, weighted for the quality of its weights, as a
    comparison of GPUs per token names it) where it is not the hour's (``count`` × ``gid`` at
    ``weights``, ``mine`` per million) and costs less in dollars: (its sizing, its count,
    its output tokens/s at full load, the offer, its hourly price, the price kind, its USD
    per million output tokens); else None. A price per token is the hourly price over the
    tokens made in that hour (the guidance's cost per 1M tokens = hourly price × GPUs ÷
    (3,600 × aggregate tokens/s) × 1,000,000), so the cheapest per token is the setup whose
    full load makes the most tokens per dollar, not the fewest GPUs: Qwen3 235B-A22B on
    2 × H200 at fp8 holds 42 requests at once (812 tokens/s, $1.77 per 1M) where 4 × H200
    at int8 make 3,802 tokens/s ($0.58). Was: the hour's setup led and the cheaper one was
    said after it ("About $1.77 ... Per token, 4 × H200 at int8 is cheaper: $0.58")."""
    if (w.ex.gpu_count or w.ex.concurrent_requests or w.st.input_million
            or w.model is None or w.model.kind != "llm"):
        return None
    best = _per_token_best(w, gid, inp, 512)
    if (best is None or (best[2], best[3]) == (count, weights) or best[1] >= mine
            or w.usd(best[1]) == w.usd(mine)):
        return None
    _, million, n, p, thr, hour, v, kind = best
    r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=512, weights=p)
    if r is None or r.gpu is None or not r.fits_in_memory or r.performance is None:
        return None
    return r, n, thr, v, hour, kind, million


def _hour_setup_said(w: _W, gid: str, inp: int, r: SizingResult, count: int, thr: float,
                     v: OfferView, hour: float, million: float, lead_count: int) -> str:
    """The sentence after a price per token led by its cheapest setup
    (:func:`_cheapest_lead`, ``lead_count`` GPUs) that prices the setup the hour and the
    month name (``count`` × ``gid`` at ``r``'s weights, :func:`_full_load`), said as the
    fewest GPUs that hold the model at those weights where no fewer fit; where the lead is
    on as many of the same GPU (only the precision differs), as the same setup at those
    weights: "On the fewest GPUs that hold it at fp8, 1 × H200: $0.97" beside a lead of
    1 × H200 at int8 ($0.95) contrasted nothing (audit eccnote23)."""
    if lead_count == count:
        return w.say("per_token_same_setup", setup=w.setup(count, gid),
                     weights=_weights_said(w, r.weights), cost=w.usd(million), thr=w.n(thr),
                     hour=w.usd(hour), provider=w.where(v, count))
    fewest = all(
        x is None or not x.fits_in_memory
        for x in (w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=512,
                         weights=r.weights) for n in range(1, count)))
    return w.say("per_token_fewest" if fewest else "per_token_hour_setup",
                 setup=w.setup(count, gid), weights=_weights_said(w, r.weights),
                 cost=w.usd(million), thr=w.n(thr), hour=w.usd(hour),
                 provider=w.where(v, count))


def _million_on_gpu(w: _W, gid: str) -> bool:
    """The cost of a million output tokens on the GPU (and count) the question names, at the
    model's stated precision (else its own), on the on-demand price: the setup's hourly price
    over its output at full load. False when it does not run there."""
    assert w.model is not None
    if _million_at_rate(w, gid):
        return True
    with w.at_service_load():
        # full load as the recommendations price a served model (audit buyer27c #3)
        return _million_full_load(w, gid)


def _million_full_load(w: _W, gid: str) -> bool:
    """:func:`_million_on_gpu` at full load (no rate stated)."""
    assert w.model is not None
    inp = _prompt(w)
    got = _full_load(w, gid, inp, 512)
    if got is None:
        return False
    r, count, thr, v, hour, kind, nofit = got
    million = hour / (thr * 3600) * 1e6
    best = _cheapest_lead(w, gid, inp, count, r.weights, million)
    if best is not None:
        # no count stated: the setup cheapest per token leads, the hour's after it
        hour_said = _hour_setup_said(w, gid, inp, r, count, thr, v, hour, million, best[1])
        r, count, thr, v, hour, kind, million = best
        w.out.more.append(hour_said)
    if not w.ex.concurrent_requests and not w.st.input_million:
        # a count stated ("an H100" too): one cheaper per token than the lead is said after
        # it (none where the lead is the cheapest already); priced per output
        # token, never beside a price per input token asked (audit ask_misc_ro: "int8 is
        # cheaper: $0.11 per 1M output tokens" beside $0.0081 input)
        _cheaper_in_unit(w, gid, "million", count, r.weights, million, inp, 512)
    w.record(r, inp + 512)
    common = {"model": w.model.name, "weights": _weights_said(w, r.weights),
              "setup": w.setup(count, gid),
              "provider": w.where(v, count), "kind": w.kinds[kind], "hour": w.usd(hour)}
    conc = r.performance.max_concurrency if r.performance is not None else None
    if not _input_million(w, r, hour, inp, million, thr, common):
        users = w.ex.concurrent_requests
        load = _million_at_load(w, r, count, v, kind, hour, inp, 512, users) if users else None
        if load is not None:
            # users stated: the price at that load leads, full load's after it
            w.out.first = w.say("cost_million_gpu_users", million=w.usd(load[0]),
                                users=w.n(users or 0), tps=w.n(load[1]), full=w.usd(million),
                                thr=w.n(thr), **common)
            w.ask("per_million_output_tokens_usd", load[0], "USD")
        elif conc and conc > 1:
            # full load is the setup's KV cache full: that many requests of the context
            # priced at once, said with the price per token it gives
            w.out.first = w.say("cost_million_gpu_load", million=w.usd(million), thr=w.n(thr),
                                conc=w.n(conc), ctx=w.n(inp + 512), free_pct=w.free_pct(),
                                **common)
            w.ask("per_million_output_tokens_usd", million, "USD")
        else:
            w.out.first = w.say("cost_million_gpu", million=w.usd(million), thr=w.n(thr),
                                **common)
            w.ask("per_million_output_tokens_usd", million, "USD")
    if nofit is not None and w.out.first:
        w.out.first = f"{nofit} {_decap(w, w.out.first)}"
    outs = 1e6
    if w.st.tokens_in_out and not w.st.input_million and not w.ex.concurrent_requests:
        # "1M tokens input + output": the million split as each request priced is (3,584 in,
        # 512 out), its output share priced at the price per 1M output tokens, which counts
        # each request's input already (audit buyer20: 1M output tokens were priced)
        outs = 1e6 * 512 / (inp + 512)
        w.out.more.insert(0, w.say("token_in_out_total", tokens=w.n(1e6), inp=w.n(inp),
                                   out=w.n(512), outputs=w.n(outs),
                                   cost=w.unit_usd(million * outs / 1e6)))
    hours = outs / (thr * 3600)
    if (not w.st.input_million and not w.ex.concurrent_requests
            and hours < billing_minimum_h(w, v)):
        # the same million as a job on its own, billed at least its provider's minimum, as
        # an amount of tokens is priced (_tokens_on_gpu): "a million tokens" is the unit,
        # "1.5 million tokens" the job, and each answer gives the other's figure
        job = _billed_job(w, v, hour / count, count, hours, r.weights)
        w.out.more.insert(1 if outs < 1e6 else 0, w.say("million_job_alone", tokens=w.n(outs),
                                   hours=w.duration(hours), billed=w.duration(job.billed_h),
                                   cost=w.usd(job.total)))
    if not w.ex.concurrent_requests:
        # the replicas the full load is timed as, said as the token job says them (the
        # sizing recorded is one replica's: audit regress13 #7)
        note = replicas_note(w, gid, count, r, inp, 512)
        if note:
            w.out.more.append(note)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    w.sized_warnings(r, inp + 512)
    return True


def _million_unoffered(w: _W, gid: str) -> bool:
    """A price per token asked on a GPU no offer of the catalog rents (MI325X): said so, with
    what sizing says on it (the setup the price would be on and its output tokens/s at full
    load, the number the answer gives) and then the price per token on the nearest GPU the
    catalog has offers for (Catalog.nearest_offered: the next where that one does not run the
    model), said as such; never a price for the GPU named. False where an offer rents it (the
    recommendations' reason says why none is priced)."""
    assert w.model is not None
    if gid in w.catalog.offered_gpus:
        return False
    inp = _prompt(w)
    loaded = _load_sized(w, gid, inp, 512)
    near = next((g for g in w.catalog.nearest_offered([gid])[:3] if _million_on_gpu(w, g)),
                None)
    lead = w.say("cost_million_no_offer", gpu=w.gpu_name(gid))
    if loaded is not None:
        r, count, thr, _ = loaded
        lead = w.say("cost_million_no_offer_sized", gpu=w.gpu_name(gid), model=w.model.name,
                     weights=_weights_said(w, r.weights), setup=w.setup(count, gid),
                     thr=w.n(thr))
    if near is not None:
        lead += " " + w.say("cost_million_nearest", gpu=w.gpu_name(near),
                            first=_decap(w, w.out.first or ""))
    w.out.first = lead
    w.out.asked = None  # the nearest GPU's price per token is not the one asked for
    w.out.computed = True
    if loaded is not None:
        # the number the answer gives for the GPU asked: its output tokens/s at full load
        w.record(loaded[0], inp + 512)
        w.ask("output_tokens_per_s", loaded[2], "tokens/s")
    return True


def _million_stated_load(w: _W, kw: dict[str, Any], o: Option, rate: float | None
                         ) -> str | None:
    """The load a price per million output tokens is asked at, said ("10 requests/s (3,584
    tokens in and 512 out each: ...)", "50 concurrent requests of 4,096 tokens"), where one is
    stated (a request rate, or more than one concurrent request) and the option prices the
    tokens made at it (``per_million_output_tokens_at_load_usd``) above its full load's
    price, as said; else None (the full-load price leads, as asked without a load)."""
    at = o.cost.per_million_output_tokens_at_load_usd
    full = o.cost.per_million_output_tokens_usd
    users = int(kw.get("concurrent_requests", 1) or 1)
    if (at is None or full is None or not o.performance.output_tokens_per_s_at_load
            or w.usd(at) == w.usd(full) or not (rate or users > 1)):
        return None  # (the same price said twice: no load to lead with)
    out = int(kw.get("output_tokens", 512))
    ctx = int(kw.get("context_tokens", 4096))
    if rate:
        return _rate_load_said(w, rate, None, ctx - out, out)
    return w.say("cost_users_load", users=w.n(users), ctx=w.n(ctx), inp=w.n(ctx - out),
                 out=w.n(out))


def _rate_load_said(w: _W, rate: float, tps: float | None, inp: int, out: int) -> str:
    """A load stated as a rate, as a price per token at that load says it: "10 requests/s
    (3,584 tokens in and 512 out each: about 5,120 output tokens/s in total)", or a token
    rate in total ``tps`` first with the requests/s it is."""
    said = {"rate": _rate_rps(w, rate), "inp": w.n(inp), "out": w.n(out),
            "tps": w.n(tps if tps else rate * out)}
    if tps:
        return w.say("cost_rate_load_tps", **said)
    return w.say("cost_rate_load_one" if said["rate"] == w.n(1) else "cost_rate_load", **said)


def _rate_rps(w: _W, v: float) -> str:
    """A request rate with three significant figures (0.275, 4.21, 58.3), whole ones as they
    are (as the count and the speed answers say one)."""
    d = 0 if v >= 100 or float(v).is_integer() else 1 if v >= 10 else 2 if v >= 1 else 3
    return w.n(v, d)


_RateCarried = tuple[float, RateSetups, float, int, OfferView, str]
"""The setups of a GPU that carry a request rate, priced: (USD per million output tokens at
the rate, the setups (:func:`gpus_for_rate`), the hourly price of their machines, how many
machines, the offer, the price key)."""


def _rate_carried(w: _W, gid: str, rate: float, inp: int, out: int,
                  weights: tuple[str | None, ...]) -> _RateCarried | None:
    """The fewest ``gid`` that carry ``rate`` requests/s, each setup under ``HEADROOM_LOAD``
    of what it serves at most, as the count answer counts them ("how many H100s for 10
    requests/s": :func:`gpus_for_rate`) on their machines as it prices them
    (:meth:`_W.replicas_offer`), priced per million output tokens at the rate's output: at
    each precision of ``weights`` (None: the one asked, else the model's own), the cheapest
    weighted for the quality of its weights (as :func:`_per_token_best` weighs setups); None
    where none is counted or priced."""
    rows: list[tuple[float, _RateCarried]] = []
    for p in dict.fromkeys(weights):
        got = gpus_for_rate(w, gid, rate, inp, out, weights=p)
        priced = w.replicas_offer(gid, got.per, got.setups) if got is not None else None
        if got is None or priced is None:
            continue
        hour, machines, v, key = priced
        million = hour / (rate * out * 3600) * 1e6
        rows.append((million * w.handicap(got.sized.weights),
                     (million, got, hour, machines, v, key)))
    return min(rows, key=lambda x: x[0])[1] if rows else None


def _million_at_rate(w: _W, gid: str) -> bool:
    """A price per million output tokens on the GPU named with a load stated as a rate ("at 10
    requests/s", "at 5,000 tokens/s in total"): the GPU sized for that rate, not one setup at
    its own full load (audit ratecost: "$0.82 ... on 1 × H100, about 436 tokens/s" for 10
    requests/s of 512 output tokens, 5,120 tokens/s, 12 times what it makes). No count
    stated: the fewest of that GPU that carry it (:func:`_rate_carried`, the count answer's
    setups and machines), at the precision of the setup the price per token leads with
    without a rate (:func:`_full_load`) or the model's own, whichever costs less per token;
    priced at the rate's output, with each setup's load and the price at full load. A count
    stated ("on 1 H100"): :func:`_million_rate_count`. False (the full-load answer) where
    no rate is stated or nothing is counted or priced."""
    m = w.model
    assert m is not None
    stated = w.st.request_rate_per_s
    tps = w.st.throughput_tokens_per_s if not stated else None
    if m.kind != "llm" or m.task == "embed" or w.st.input_million or not (stated or tps):
        return False
    out = _out(w)
    inp = _prompt(w, out)
    rate = stated or (tps or 0.0) / out
    load = _rate_load_said(w, rate, tps, inp, out)
    lead = _full_load(w, gid, inp, out)
    if w.ex.gpu_count:
        return lead is not None and _million_rate_count(w, gid, rate, inp, out, load, lead)
    carried = _rate_carried(w, gid, rate, inp, out,
                            (lead[0].weights if lead is not None else None, None))
    setup = rate_setup(w, gid)
    if setup is not None and _million_rate_setup(w, setup, rate, inp, out, load, carried):
        return True
    if carried is None:
        return False
    million, got, hour, _, _, _ = carried
    at = w.size(gpu=gid, gpu_count=got.per, input_tokens=inp, output_tokens=out,
                request_rate_per_s=rate / got.setups, weights=got.sized.weights) or got.sized
    w.record(at, inp + out)
    full = hour / (got.setups * got.most_requests_per_s * out * 3600) * 1e6
    w.out.first = w.say("cost_million_gpu_rate", million=w.usd(million), model=m.name,
                        weights=_weights_said(w, got.sized.weights), load=load,
                        n=w.n(got.gpus), gpu=w.gpu_name(gid),
                        replicas=w.replicas(got.setups), setup=w.setup(got.per, gid),
                        most=_rate_rps(w, got.most_requests_per_s),
                        pct=w.f.percent(rate / (got.setups * got.most_requests_per_s), 0),
                        full=w.usd(full))
    w.ask("per_million_output_tokens_usd", million, "USD")
    w.replicas_price(gid, got.per, got.setups)  # the machines, their date and warnings
    w.sized_warnings(at, inp + out)
    return True


def _million_rate_setup(w: _W, setup: Recommendation, rate: float, inp: int, out: int, load: str,
                        carried: _RateCarried | None) -> bool:
    """:func:`_million_at_rate` on THE setup for the rate (:func:`rate_setup`: the
    recommendations' lead for that load on the GPU named, the option the hourly answer leads
    with): its hourly price over the rate's output (``rate`` x ``out`` tokens/s), with its
    replicas, their load and its price at full load (its saturated output,
    ``output_tokens_per_s_total``), then its machines at that hourly price, so the price per
    token and the hour name one setup, its GPUs, precision and $/h (audit setuprate: $0.98
    on 14 × H100 at awq-int4, $18.06/h, beside the hour's 8 instances of 2 × H100 at fp8,
    $20.64/h). The fewest of that GPU that carry the rate at another precision
    (``carried``, :func:`_rate_carried`, the count answer's count) follow where they cost
    less by the hour, their precision named. False where the option gives no saturated
    rate (the caller answers as before)."""
    m = w.model
    assert m is not None
    o = setup.options[0]
    p = o.performance
    hour = o.cost.per_hour_usd
    gid = o.offer.gpu
    replicas = _replicas(o)
    if not p.requests_per_s or not p.output_tokens_per_s_total or hour <= 0:
        return False
    million = hour / (rate * out * 3600) * 1e6
    full = hour / (p.output_tokens_per_s_total * 3600) * 1e6
    gpus = o.offer.gpu_count * o.nodes
    per = o.fit.gpus_per_replica
    at = w.size(gpu=gid, gpu_count=per, input_tokens=inp, output_tokens=out,
                request_rate_per_s=rate / replicas, weights=o.weights,
                parallelism=_replica_layout(o))
    if at is not None and at.fits_in_memory:
        w.record(at, inp + out, per_replica=True)  # one replica at its share of the rate
    w.offer_numbers(setup)
    w.out.first = w.say("cost_million_gpu_rate_setup", million=w.usd(million), model=m.name,
                        weights=_weights_said(w, o.weights), load=load, n=w.n(gpus),
                        gpu=w.gpu_name(gid), replicas=w.replicas(replicas),
                        setup=w.setup(per, gid),
                        most=_rate_rps(w, p.requests_per_s / replicas),
                        pct=w.f.percent(min(1.0, rate / p.requests_per_s), 0),
                        full=w.usd(full))
    w.ask("per_million_output_tokens_usd", million, "USD")
    w.out.more.append(w.say(
        "cost_rate_setup_machines", hour=w.usd(hour), provider=o.offer.provider,
        machines=w.say("instance_one" if o.nodes == 1 else "instances", n=w.n(o.nodes),
                       setup=w.setup(o.offer.gpu_count, gid)),
        gpus=w.n(gpus), price=w.usd(hour / gpus), kind=w.kinds[o.pricing_model]))
    if carried is not None:
        c_million, got, c_hour, machines, c_v, key = carried
        if got.sized.weights != o.weights and c_hour < hour:
            # a cheaper setup at another precision (awq-int4 where the lead is at fp8): the
            # recommendations rank it after for the quality of its weights; said with them
            w.out.more.append(w.say(
                "cost_rate_setup_cheaper", weights=_weights_said(w, got.sized.weights),
                n=w.n(got.gpus), gpu=w.gpu_name(gid), replicas=w.replicas(got.setups),
                setup=w.setup(got.per, gid), most=_rate_rps(w, got.most_requests_per_s),
                cap=w.f.percent(HEADROOM_LOAD, 0), million=w.usd(c_million),
                hour=w.usd(c_hour), provider=c_v.provider, kind=w.kinds[key],
                machines=w.say("instance_one" if machines == 1 else "instances",
                               n=w.n(machines), setup=w.setup(c_v.gpu_count, gid))))
            # what it gives up: the first token later at its share of the rate (the
            # recommendations hold their lead to a first-token target; 440 × L4 at int8
            # for 70B at 2 requests/s, loaded to 11%, where 44 at awq-int4 wait 3 s)
            alt = w.size(gpu=gid, gpu_count=got.per, input_tokens=inp, output_tokens=out,
                         request_rate_per_s=rate / got.setups, weights=got.sized.weights)
            q = alt.performance if alt is not None and alt.fits_in_memory else None
            if q is not None and q.time_to_first_token_ms and p.time_to_first_token_ms:
                w.out.more.append(w.say("cost_rate_setup_ttft",
                                        alt=w.n(q.time_to_first_token_ms),
                                        lead=w.n(p.time_to_first_token_ms)))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    if at is not None:
        w.sized_warnings(at, inp + out)
    return True


def _million_rate_count(w: _W, gid: str, rate: float, inp: int, out: int, load: str,
                        lead: _FullLoad) -> bool:
    """:func:`_million_at_rate` on the count stated: the setup every unit names for that
    count (:func:`_full_load`, ``lead``) sized at the rate (sizing's ``request_rate_per_s``).
    It keeps up: priced at the rate's output, with its load and its price at full load. It
    does not (the rate past what it serves at most): said plainly, as the speed answer says
    such a setup cannot keep up, with its price per million at the most it serves, and the
    fewest of that GPU that carry the rate at the same precision after it
    (:func:`_rate_carried`)."""
    assert w.model is not None
    r, count, _, v, hour, kind, _ = lead
    at = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                weights=r.weights, request_rate_per_s=rate)
    p = at.performance if at is not None and at.fits_in_memory else None
    most = p.max_requests_per_s if p is not None else None
    if at is None or not most:
        return False
    w.record(at, inp + out)
    common = {"model": w.model.name, "weights": _weights_said(w, r.weights), "load": load,
              "setup": w.setup(count, gid), "provider": w.where(v, count),
              "kind": w.kinds[kind], "hour": w.usd(hour), "most": _rate_rps(w, most)}
    if rate <= most:
        million = hour / (rate * out * 3600) * 1e6
        w.out.first = w.say("cost_million_gpu_rate_count", million=w.usd(million),
                            pct=w.f.percent(rate / most, 0),
                            full=w.usd(hour / (most * out * 3600) * 1e6), **common)
        w.ask("per_million_output_tokens_usd", million, "USD")
    else:
        million = hour / (most * out * 3600) * 1e6
        w.out.first = w.say("cost_million_gpu_rate_over", million=w.usd(million),
                            sat=w.n(most * out), **common)
        w.ask("per_million_output_tokens_usd", million, "USD")
        carried = _rate_carried(w, gid, rate, inp, out, (r.weights,))
        if carried is not None:
            c_million, got, c_hour, machines, c_v, key = carried
            w.out.more.append(w.say(
                "cost_rate_carry", n=w.n(got.gpus), gpu=w.gpu_name(gid),
                replicas=w.replicas(got.setups), setup=w.setup(got.per, gid),
                most=_rate_rps(w, got.most_requests_per_s), million=w.usd(c_million),
                cap=w.f.percent(HEADROOM_LOAD, 0),
                hour=w.usd(c_hour), provider=c_v.provider, kind=w.kinds[key],
                machines=w.say("instance_one" if machines == 1 else "instances",
                               n=w.n(machines), setup=w.setup(c_v.gpu_count, gid))))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    w.sized_warnings(at, inp + out)
    return True


def _own_cost(w: _W, gid: str) -> bool:
    """An LLM on the GPU named at the asker's own price (:meth:`_W.own_gpu_price`: "I pay
    $2/hr for an H100", "H100-ul nostru costă 3 $/h"): a million output tokens, a job of
    tokens, a month or an hour of the setup the catalog's price would be quoted for
    (:func:`_load_sized`: the same count, precision and full load), at that price instead,
    said so, the catalog's cheapest price of the setup after it with its date. The hourly
    amount was read as a budget (a filter only) and the catalog's $1.29/h priced "$0.14 per
    1M tokens" where $2/h makes $0.22 (audit ownprice). False where no own price applies or
    the model does not run there (the catalog's answer then, which says the price is
    unused)."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or w.own_gpu_price(gid) is None
            or w.ex.workload in ("finetune", "pretrain") or w.st.input_million
            or w.sub not in (None, "hour", "day", "week", "year", "month", "million", "job")
            or (w.sub == "job" and not w.det.tokens)):
        return False
    job = bool(w.det.tokens) and w.sub != "million"
    if not job and _own_rate(w, gid):
        return True
    if w.sub == "million" or job:
        # a price per token or a token job at full load, as the recommendations price a
        # served model (w.at_service_load; audit buyer27c #3: a job too, as _tokens_on_gpu
        # prices one); a month or an hour as sized
        with w.at_service_load():
            return _own_cost_sized(w, gid, m, job)
    return _own_cost_sized(w, gid, m, job)


def _own_cost_sized(w: _W, gid: str, m: ModelEntry, job: bool) -> bool:
    """:func:`_own_cost` past its checks (no rate stated)."""
    out = _out(w)
    inp = _request_prompt(w, out) if job else _prompt(w)
    if not job:
        out = 512
    loaded = _load_sized(w, gid, inp, out)
    if loaded is None:
        return False
    r, count, thr, nofit = loaded
    per = w.own_gpu_price(gid, count)
    assert per is not None
    hour = per * count
    own = w.own_said(gid, count)
    p = r.performance
    users = w.ex.concurrent_requests
    tps, load = thr, w.say("own_load_thr", thr=w.n(thr))
    if p is not None and p.max_concurrency and p.max_concurrency > 1 and not users:
        # the served load said, a job's as a price per token's (both at_service_load)
        load = w.say("own_load_full", conc=w.n(p.max_concurrency), ctx=w.n(inp + out),
                     thr=w.n(thr), free_pct=w.free_pct())
    if users and users > 1 and p is not None and (
            not p.max_concurrency or users < p.max_concurrency):
        # users stated: the tokens at the rate that load produces, as the catalog's answer
        # prices them (_million_at_load), at most full load
        at = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                    batch_size=users, weights=r.weights)
        q = at.performance if at is not None and at.fits_in_memory else None
        if q is not None and q.output_tokens_per_s:
            tps = min(q.output_tokens_per_s, thr)
            load = w.say("own_load_users", users=w.n(users), tps=w.n(tps))
    w.record(r, inp + out)
    common = {"model": m.name, "weights": _weights_said(w, r.weights),
              "setup": w.setup(count, gid), "own": own, "hour": w.usd(hour)}
    if job:
        tokens = w.det.tokens or 0
        hours = tokens / tps / 3600
        w.out.first = w.say("own_tokens_job", tokens=w.n(tokens), cost=w.usd(hours * hour),
                            hours=w.duration(hours), load=load, inp=w.n(inp), out=w.n(out),
                            **common)
        w.ask("per_job_usd", hours * hour, "USD")
    elif w.sub == "million":
        million = hour / (tps * 3600) * 1e6
        w.out.first = w.say("own_million", million=w.usd(million), load=load, **common)
        w.ask("per_million_output_tokens_usd", million, "USD")
    elif w.sub == "month":
        month = hour * w.month_hours()
        w.out.first = w.say("own_month", month=w.usd(month), usage=w.usage(), **common)
        w.ask("per_month_usd", month, "USD")
    else:
        w.out.first = w.say("own_hour", month=w.usd(hour * w.month_hours()), usage=w.usage(),
                            **common)
        w.ask("per_hour_usd", hour, "USD/h")
    if nofit is not None:
        w.out.first = f"{nofit} {_decap(w, w.out.first)}"
    if tps == thr:
        note = replicas_note(w, gid, count, r, inp, out)
        if note:
            w.out.more.append(note)
    w.own_catalog_note(gid, count)
    w.sized_warnings(r, inp + out)
    return True


def _own_rate(w: _W, gid: str) -> bool:
    """:func:`_own_cost` with a load stated as a rate and no count ("I pay $2/hr for an H100:
    cost per million tokens for Llama 3.1 70B at 10 requests per second"): THE setup for that
    rate on the GPU (:func:`rate_setup`, the one the catalog-priced answers lead with), its
    GPUs at the asker's price, the price per token over the rate's output. It priced one H100
    at its own full load (436 tokens/s for the 5,120 the rate needs; leftover of audit
    setuprate). False where no rate is stated, a count is, or no setup carries it."""
    m = w.model
    assert m is not None
    stated = w.st.request_rate_per_s
    tps = w.st.throughput_tokens_per_s if not stated else None
    if not (stated or tps) or (w.ex.gpu_count or 1) > 1 or w.ex.concurrent_requests:
        return False
    out = _out(w)
    inp = _prompt(w, out)
    rate = stated or (tps or 0.0) / out
    # "for an H100" is the unit the price is said in, not the count the load runs on
    before = w.ex
    w.ex = msgspec.structs.replace(w.ex, gpu_count=None)
    setup = rate_setup(w, gid)
    o = setup.options[0] if setup is not None and setup.options else None
    if setup is None or o is None or o.offer.gpu != gid or not o.performance.requests_per_s:
        w.ex = before
        return False
    gpus = o.offer.gpu_count * o.nodes
    per = w.own_gpu_price(gid, o.offer.gpu_count)
    if per is None:
        return False
    hour = per * gpus
    replicas = _replicas(o)
    at = w.size(gpu=gid, gpu_count=o.fit.gpus_per_replica, input_tokens=inp, output_tokens=out,
                request_rate_per_s=rate / replicas, weights=o.weights,
                parallelism=_replica_layout(o))
    if at is not None and at.fits_in_memory:
        w.record(at, inp + out, per_replica=True)  # one replica at its share of the rate
    w.offer_numbers(setup)
    said = {"model": m.name, "weights": _weights_said(w, o.weights),
            "load": _rate_load_said(w, rate, tps, inp, out), "n": w.n(gpus),
            "gpu": w.gpu_name(gid), "replicas": w.replicas(replicas),
            "setup": w.setup(o.fit.gpus_per_replica, gid),
            "own": w.own_said(gid, o.offer.gpu_count), "hour": w.usd(hour)}
    if w.sub == "million":
        million = hour / (rate * out * 3600) * 1e6
        w.out.first = w.say("own_rate_million", million=w.usd(million), **said)
        w.ask("per_million_output_tokens_usd", million, "USD")
    elif w.sub in (None, "hour", "month"):
        month = hour * w.month_hours()
        w.out.first = w.say("own_rate_hour", month=w.usd(month), usage=w.usage(), **said)
        if w.sub == "month":
            w.ask("per_month_usd", month, "USD")
        else:
            w.ask("per_hour_usd", hour, "USD/h")
    else:
        w.ex = before
        return False
    w.own_catalog_note(gid, o.offer.gpu_count)
    return True


def _million_at_load(w: _W, r: SizingResult, count: int, v: OfferView, kind: str, hour: float,
                     inp: int, out: int, users: int) -> tuple[float, float] | None:
    """(USD per million output tokens, output tokens/s in total) at ``users`` concurrent
    requests on ``count`` x the GPU of offer ``v`` at ``r``'s precision: /v1/recommendations'
    ``per_million_output_tokens_at_load_usd`` and ``output_tokens_per_s_at_load`` for that
    offer at ``kind``'s price, one machine, the same tokens (the hourly price over what the
    closed loop of that many requests produces, at most saturation). Where the
    recommendations list no such option (the offer priced per GPU of a larger machine, or
    ranked under another id), /v1/sizing's output at that batch on the setup's price
    ``hour``, the closed loop they read. None with one user, or as many as full load holds
    (full load is then the load)."""
    p = r.performance
    if users <= 1 or p is None or (p.max_concurrency and users >= p.max_concurrency):
        return None
    rec = w.recommend(workload="serving", weights=r.weights, concurrent_requests=users,
                      context_tokens=inp + out, output_tokens=out, providers=[v.provider],
                      top_n=50)
    for o in rec.options if rec is not None else []:
        if (o.offer.id == v.id and o.nodes == 1 and o.offer.gpu_count == count
                and o.pricing_model == kind and o.cost.per_million_output_tokens_at_load_usd
                and o.performance.output_tokens_per_s_at_load):
            return (o.cost.per_million_output_tokens_at_load_usd,
                    min(o.performance.output_tokens_per_s_at_load,
                        o.performance.output_tokens_per_s_total or math.inf))
    at = w.size(gpu=r.gpu.id, gpu_count=count, input_tokens=inp, output_tokens=out,
                batch_size=users, weights=r.weights) if r.gpu is not None else None
    q = at.performance if at is not None and at.fits_in_memory else None
    if q is None or not q.output_tokens_per_s:
        return None
    tps = min(q.output_tokens_per_s, p.max_throughput_tokens_per_s or q.output_tokens_per_s)
    return hour / (tps * 3600) * 1e6, tps


def _input_million(w: _W, r: SizingResult, hour: float, inp: int, out_million: float | None,
                   thr: float | None, common: Mapping[str, str]) -> bool:
    """A million input (prompt) tokens asked: the setup's hourly price over its prefill
    rate (``r``'s prompts of ``inp`` tokens processed alone, no decoding), leading; the
    output-token price after it, said as such. False when not asked or no prefill rate."""
    p = r.performance
    pre = p.prefill_tokens_per_s if p is not None else None
    if not w.st.input_million or not pre:
        return False
    million = hour / (pre * 3600) * 1e6
    w.out.first = w.say("cost_million_input", million=w.unit_usd(million), pre=w.n(pre),
                        inp=w.n(inp), **common)
    w.ask("per_million_input_tokens_usd", million, "USD")
    if out_million is not None and thr:
        w.out.more.append(w.say("cost_million_input_out", million=w.usd(out_million),
                                thr=w.n(thr)))
    return True


def _embed_on_gpu(w: _W, gid: str) -> bool:
    """Tokens to embed on the GPU named: the job's total (the tokens over the card's embedding
    rate, times its price), as the recommendations count a job (inputs of the length stated,
    else 512-token chunks: :func:`_embed_input`, at their batch: :func:`_embed_sized`)."""
    assert w.model is not None and w.det.tokens
    count = w.ex.gpu_count or 1
    r = _embed_sized(w, gid, count, _embed_input(w))
    b = w.basis(gid, count)
    if r is None or not r.fits_in_memory or r.performance is None or b is None:
        return False
    tps = r.performance.embedded_tokens_per_s
    if not tps:
        return False
    v, per, kind = b
    hour = per * count
    hours = w.det.tokens / tps / 3600
    common: dict[str, Any] = {"setup": w.setup(count, gid), "price": w.usd(hour),
                              "kind": w.kinds[kind], "provider": w.where(v, count)}
    # independent documents: every GPU of the cheapest machine embeds its share
    # (the rate is the ``count`` GPUs': their GPU-hours are ``count`` times the hours)
    usd, v, _ = _machine_job(w, gid, hours * count, r.weights, common, b, count)
    if w.sub == "time":  # "how long to embed ...": the job's time leads, its cost after it
        _job_lead(w, "embed_job", hours, hours, usd, "per_job_usd",
                  {"n": w.n(w.det.tokens), "model": w.model.name, "weights": r.weights,
                   "cost": w.usd(usd), "tps": w.n(tps), **common})
    else:
        w.out.first = w.say("embed_job", n=w.n(w.det.tokens), model=w.model.name,
                            weights=r.weights, cost=w.usd(usd), hours=w.duration(hours),
                            tps=w.n(tps), **common)
        w.ask("per_job_usd", usd, "USD")
    _embed_unit_note(w, hour / 3600 / tps * 1e6, usd)
    w.documents_note()
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    return True





def _replicas(o: Option) -> int:
    """The option's replicas over all its machines."""
    return max(1, o.fit.replicas_per_node * o.nodes)


def _replica_layout(o: Option) -> dict[str, int] | None:
    """One replica's tensor x pipeline split as the option states it (``fit``'s
    tensor_parallel_gpus x pipeline_stages), for sizing that replica as priced (audit repin:
    the answer's sizing of 2 x H100 for 50 users searched its own layout, two replicas of 25,
    where the option priced one replica of 50 split over both GPUs); None: one GPU."""
    n = o.fit.gpus_per_replica
    t, p = o.fit.tensor_parallel_gpus or 1, o.fit.pipeline_stages or 1
    if n <= 1 or t * p != n:
        return None
    return {"tensor": t, "pipeline": p, "data": 1}
