"""A GPU's, a setup's and a machine's prices from the catalog's offers: on-demand, spot and
reserved, per hour and per month, with their dates."""

from __future__ import annotations

import fnmatch
import math
import re
from dataclasses import dataclass
from typing import Any

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.answer.intent import months_hours
from service.domain.answer.numbers.context import (
    _W,
    OfferNumbers,
    _decap,
    _instances,
    _out,
    _prompt,
    budget_lasts_asked,
    source_short,
)
from service.domain.answer.numbers.jobs import (
    BilledRun,
    _billed_job,
    _job_split,
    billed_run_note,
    billing_terms_words,
    cheapest_billed_run,
    day_billed_hours,
    offer_billed_hours,
    spot_deep_line,
)
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.offer_query import OfferView, region_outcome
from service.domain.catalog.precisions import Precision, get_precision
from service.domain.catalog.trust import price_date_words
from service.domain.errors import DomainError
from service.domain.fields import DEFAULT_CONTEXT_TOKENS
from service.domain.messages import quoted
from service.domain.recommend.context import (
    DEFAULT_DECODE_TOKENS_PER_S,
    HOURS_PER_MONTH,
    POPULAR,
    auto_llm,
    headroom_miss,
    headroom_miss_split,
    quality_handicap,
    rejection_kind,
    unknown_price_defaults,
)
from service.domain.recommend.pricing import job_storage_usd
from service.domain.recommend.types import (
    MONTH_DAYS,
    Option,
    Recommendation,
    Rejected,
)
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import (
    default_weights,
    size,
    sized_from_entry,
    weights_gib,
)


def gpu_setups(w: _W, cards: list[str], unit: str, count: int | None = None,
               tokens: float | None = None) -> list[Option]:
    """The one rule for the setup (card, count, precision) of an LLM on the GPU named, for
    every unit a cost answer is asked in: the recommendations' serving options on ``cards``
    (one request of the context the cost answers price, the question's provider, region,
    budget and storage), one call per precision they try with ``weights: "auto"``
    (``auto_llm``: bf16, fp8, int8, awq-int4 for a bf16 model, else its own and the lower
    ones; the precision stated alone: it always wins), each ranked by its cost in ``unit``
    times the quality handicap of its weights against its own, the weighting the
    recommendations rank by (``quality_handicap``): ``hour`` and ``month``:
    the month's total (what they rank by, so the first is their own lead); ``million``: USD
    per million output tokens at full load; ``job``: ``tokens`` over the output at full load,
    at the setup's hourly price. On a tie the fewer GPUs, then the larger precision. The
    first for ``hour`` is THE setup every unit's answer names (hour, month, $/1k, job), the
    first for another unit, where it differs, said in one sentence as cheaper in that unit;
    a price per 1M tokens leads with its cheapest per token and says the hour's after it
    (cost._cheapest_lead) (was: the hour and the month by the recommendations' pick, $/M
    and the job at bf16 on a count chosen per unit, 4 × H100 for $/M and 2 × H100 for the
    job of Llama 3.1 70B beside 1 × H100 at awq-int4 by the hour). ``count``: a count
    stated, honoured where a setup of it is listed; none where none is but the model fits on
    it (the caller sizes that count itself); else any count, as the hour answer falls back
    to."""
    m = w.model
    if m is None or m.kind != "llm" or not cards:
        return []
    out = _out(w)
    ctx = _prompt(w, out, 4096 - out) + out  # as the cost's recommendations
    rows: list[Option] = []
    # the model's own and each lower precision (auto_llm: gpt-oss's MXFP4 alone, never
    # re-quantised to awq-int4 at the same 4 bits; DeepSeek-V3's FP8, then awq-int4)
    own = m.native_precision
    tried = (w.weights,) if w.weights else auto_llm(own)
    for p in tried:
        rec = w.recommend(workload="serving", concurrent_requests=1, context_tokens=ctx,
                          output_tokens=out, gpus=list(cards), weights=p, top_n=50)
        rows += [o for o in (rec.options if rec is not None else [])
                 if o.nodes == 1 and o.weights == p]
    if count:
        at = [o for o in rows if o.offer.gpu_count == count]
        if not at:
            # none listed at the count stated: it stands where the model fits on it at the
            # precision stated (else its own), priced by the caller's sizing as the hour's
            # _setup_hour prices it ("on 1 h100" at fp8); else any count, as the hour falls
            # back to the recommendations for that GPU alone (70B "on an L40S")
            r = w.size(gpu=cards[0], gpu_count=count, input_tokens=ctx - out,
                       output_tokens=out)
            if r is not None and r.fits_in_memory and r.runs is not False:
                return []
        rows = at or rows

    def cost(o: Option) -> float | None:
        if unit == "million":
            return o.cost.per_million_output_tokens_usd
        if unit == "job":
            thr = o.performance.output_tokens_per_s_total
            return (tokens or 0.0) / thr / 3600 * o.cost.per_hour_usd if thr else None
        return o.cost.per_month_usd or o.cost.per_hour_usd * HOURS_PER_MONTH

    order = {p: i for i, p in enumerate(tried)}
    ranked = [(c * quality_handicap(o.weights, own), o.offer.gpu_count,
               order.get(o.weights, len(order)), i, o)
              for i, o in enumerate(rows) if (c := cost(o)) is not None]
    return [x[-1] for x in sorted(ranked, key=lambda x: x[:4])]


def rate_cards(w: _W, gid: str) -> list[str] | None:
    """The cards of THE setup for a load stated as a rate on the GPU named
    (:func:`rate_setup`): the GPU (or the cards its name covers); None where that setup does
    not apply (no rate, a count stated, another workload than serving, no generating LLM)."""
    if (not w.generates_tokens() or w.ex.gpu_count
            or w.ex.workload not in (None, "serving")
            or not (w.st.request_rate_per_s or w.st.throughput_tokens_per_s)):
        return None
    return list(w.st.gpu_variants) if gid in w.st.gpu_variants else [gid]


def rate_setup(w: _W, gid: str) -> Recommendation | None:
    """THE setup for a load stated as a rate ("at 10 requests per second", "at 5,000 tokens/s
    in total") on the GPU named with no count stated: the recommendations' lead for that load
    (their ``target_requests_per_s``, else the token rate :meth:`_W.recommend` passes)
    restricted to that GPU (:func:`rate_cards`), ranked as they rank (the price weighted by
    the quality of the weights; a precision stated wins: :meth:`_W.recommend` passes it).
    The hourly and the monthly answers lead with it (cost's recommendations, filtered to the
    same cards), the price per million tokens at that rate is priced on it and the count
    answer counts at its precision where none is stated (:func:`rate_weights`), so the
    answers one buyer reads size one setup (audit setuprate: 8 instances of 2 × H100 at fp8
    for $20.64/h by the hour, 14 × H100 at awq-int4 for $18.06/h per token and 20 × H100 at
    bf16 counted, for the same 10 requests/s of Llama 3.1 70B). The recommendations with
    that lead alone as their options (for :meth:`_W.offer_numbers`); None where it does not
    apply or none is listed."""
    cards = rate_cards(w, gid)
    if cards is None:
        return None
    out = _out(w)
    kw: dict[str, Any] = {"workload": "serving",
                          "concurrent_requests": w.ex.concurrent_requests or 1,
                          # (the context the cost answer's recommendations price)
                          "context_tokens": _prompt(w, out, 4096 - out) + out,
                          "output_tokens": out, "gpus": cards, "top_n": 50}
    if w.st.request_rate_per_s:
        kw["target_requests_per_s"] = w.st.request_rate_per_s
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return None
    return msgspec.structs.replace(rec, options=rec.options[:1])


def rate_weights(w: _W, gid: str) -> str | None:
    """The precision a request rate's count on the GPU named is sized at where the question
    states none: that of THE setup for the load (:func:`rate_setup`, the recommendations'
    lead on that GPU, ranked on price weighted by the weights' quality), the one rule the
    count, the hour, the month and the price per token share. The count led at the model's
    own bf16 with 4 × H100 for $7.47/h, then "at fp8, as the recommendations size it: 2 ×
    H100, $2.58/h" (audit ratemonth23). None where a precision is stated (it is sized at
    that one), or no such setup is on ``gid``: the count's own rule (the model's own, the
    nearest the engine runs there)."""
    if w.weights is not None:
        return None
    setup = rate_setup(w, gid)
    o = setup.options[0] if setup is not None and setup.options else None
    return o.weights if o is not None and o.offer.gpu == gid else None


def _quantized_bits(w: _W, weights: str) -> tuple[str, str] | None:
    """(bits, the model's own precision) where an LLM is priced at weights of fewer bits than
    its own (the sizing's default, ``native_precision`` else bf16) that the question did not
    ask for; None otherwise (fp16 on a card without bf16 is the same 16 bits, the same memory
    and quality). A buyer who reads "70B on one H100 for $1.29/h" rents it expecting the
    model as shipped: the first sentence says the precision whenever it is not that one."""
    m = w.model
    if m is None or m.kind != "llm" or w.weights is not None:
        return None
    try:
        got, own = get_precision(weights), get_precision(m.native_precision or "bf16")
    except (KeyError, ValueError):
        return None
    if got.bits_linear >= own.bits_linear:
        return None
    # the nominal width (GPTQ INT4's group scales make 4.156 bits a weight: "4-bit")
    bits = got.bits_linear
    near = abs(bits - round(bits)) < 0.25
    return w.n(round(bits) if near else bits, 0 if near else 1), own.id


def _setup_weights(w: _W, setup: str, weights: str) -> str:
    """``setup`` with the precision it is priced at, where that is fewer bits than the
    model's own (:func:`_quantized_bits`): "1 × H100 with awq-int4 weights (4-bit; the
    model's own are bf16)"; else ``setup``."""
    q = _quantized_bits(w, weights)
    if q is None:
        return setup
    return w.say("setup_weights", setup=setup, weights=weights, bits=q[0], native=q[1])


def _weights_said(w: _W, weights: str) -> str:
    """``weights`` as a first sentence that already names them says them ("at {weights}"),
    with their bits and the model's own where fewer (:func:`_quantized_bits`)."""
    q = _quantized_bits(w, weights)
    if q is None:
        return weights
    return w.say("weights_bits", weights=weights, bits=q[0], native=q[1])


def _cheapest_card(w: _W) -> bool:
    """The cheapest card of a memory size, or of at least one ("the cheapest 80 GB GPU", "a
    card with at least 48 GB"), with no model named: every GPU of that memory on its cheapest
    trusted on-demand price for one card, from single-GPU offers (a per-GPU share of a
    larger machine is not a price one card can be rented at)."""
    floor = w.st.min_memory_gb
    gb = floor or w.det.memory_gib
    if not gb:
        return False
    rows: list[tuple[float, str, OfferView]] = []
    for g in w.reg.gpus.values():
        if (g.memory_gb < gb - 0.5) if floor else round(g.memory_gb) != round(gb):
            continue
        singles = [v for v in w.offers_for(g.id) if v.gpu_count == 1 and not v.stale
                   and not v.suspect and v.on_demand_usd_h is not None]
        if singles:
            v = min(singles, key=lambda x: x.on_demand_usd_h or 0.0)
            rows.append((v.on_demand_usd_h or 0.0, g.id, v))
    if not rows:
        return False
    rows.sort(key=lambda x: (x[0], x[1]))
    price, gid, v = rows[0]
    key = "card_cheapest_min" if floor else "card_cheapest_any"
    w.out.first = w.say(key, gb=w.n(gb), gpu=w.gpu_name(gid), price=w.usd(price),
                        provider=v.provider, kind=w.kinds["on_demand"],
                        mem=w.n(w.reg.gpus[gid].memory_gb))
    w.ask("per_gpu_hour_usd", price, "USD/h")
    others = [w.say("card_row", gpu=w.gpu_name(g), price=w.usd(p), provider=x.provider)
              for p, g, x in rows[1:4]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    return True


def _match_weights_note(w: _W, o: Option) -> None:
    """An image, video or speech model's cheapest match at weights other than its own (FLUX.1-dev
    on a 16 GB card only at nf4): the precision said right after the price, with what the
    model's own precision needs (the sizing's default weights, the smallest card of its
    ``fits_on``), so a quantized match is never read as the model as shipped."""
    assert w.model is not None
    base = w.size(**{k: v for k, v in w.media_kw().items() if k != "batch_size"})
    if base is None or (get_precision(base.weights).bits_linear
                        == get_precision(o.weights).bits_linear):
        return  # the same bits (fp16 on a card without bf16): the same memory and quality
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
    g = w.reg.gpus.get(o.offer.gpu)
    if not rows or (g is not None and g.usable_gib >= base.memory.per_gpu_gib):
        # the match's card holds the model's own weights too: the precision alone
        w.out.more.insert(0, w.say("cost_match_weights_only", weights=o.weights,
                                   native=base.weights, model=w.model.name))
        return
    w.out.more.insert(0, w.say("cost_match_weights", weights=o.weights, native=base.weights,
                               model=w.model.name, need=w.gib(base.memory.total_gib),
                               setup=w.setup(rows[0].gpu_count, rows[0].gpu),
                               gb=w.n(w.reg.gpus[rows[0].gpu].memory_gb)))


def _spot_option(w: _W, kw: dict[str, Any], lead: Option) -> None:
    """After an on-demand lead for work not said to be interruptible: the cheapest spot
    option the recommendations give when spot is allowed, if it is cheaper, said as the
    option for interruptible work; none where spot is ruled out ("we can't use spot for this
    because it is production": ``Stated.no_spot``, audit regress9)."""
    if w.ex.gpu is not None or w.det.memory_gib or w.st.min_memory_gb or w.st.no_spot:
        return
    alt = w.recommend(**{**kw, "interruptible": True, "top_n": 1})
    if alt is None or not alt.options:
        return
    o = alt.options[0]
    if o.pricing_model != "spot" or o.cost.per_hour_usd >= lead.cost.per_hour_usd:
        return
    w.out.more.append(w.say("cost_spot_option", price=w.usd(o.cost.per_hour_usd),
                            provider=o.offer.provider, setup=w.option_setup(o)))
    if (deep := spot_deep_line(w, o)) is not None:
        w.out.more.append(deep)  # an extreme spot price (jobs.spot_deep)


def _node_basis(w: _W, gid: str, count: int) -> tuple[OfferView, float, str] | None:
    """The cheapest trusted offer of exactly ``count`` × ``gid`` in one machine, on its
    on-demand price (else reserved): (offer, $/h for the machine, pricing key); a stale or
    suspect one where none is trusted (OVHcloud's H100 machines, all 638 days old: their
    price, warned as stale, not another shape's)."""
    exact = [v for v in w.offers_for(gid) if v.gpu_count == count]
    fresh = [v for v in exact if not v.stale and not v.suspect] or exact
    for key, attr in (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h")):
        priced = [(getattr(v, attr), v) for v in fresh if getattr(v, attr) is not None]
        if priced:
            price, v = min(priced, key=lambda x: x[0])
            return v, price, key
    return None


def _node_size(w: _W, gid: str) -> int:
    """The GPUs of a "node" of ``gid``: the largest count any trusted on-demand offer rents
    in one machine (8 for the H100 SXM), 1 where none does; where no offer is trusted, the
    largest of the stale or doubted ones, as :func:`_node_basis` prices one (OCI's bare-metal
    A100 machines, all 640 days old: "an OCI bare metal A100 node" was one GPU's share of
    its 8; audit buyer29a #8)."""
    views = [v for v in w.offers_for(gid) if v.on_demand_usd_h is not None]
    pool = [v for v in views if not v.stale and not v.suspect] or views
    return max((v.gpu_count for v in pool), default=1)


def _node_gpus(w: _W) -> str | None:
    """A model's question on "an H100 node" with no count ("is an H100 node enough to serve
    …", "pretrain … on an H100 node"): sized, timed and priced on the GPUs of that node
    (:func:`_node_size`, the machine :func:`_node_price` prices), as "on 8 H100" is; was one
    GPU. The words that say the count read, or None where nothing is to be said: a machine's
    count stated after the GPU's name ("a Nebius H200 8-GPU machine", ``Stated.machine_gpus``,
    which the extraction does not read) is taken as the GPU count silently, as one stated
    before it is (it was one GPU: Nebius's 1-GPU VM at $5.40/h answered its 8-GPU machine)."""
    gid = w.ex.gpu
    if w.st.one_of_machine and gid is not None:
        # "1 of the 8 GPUs in my H100 server", "one GPU" of an 8-GPU server: that one GPU,
        # the machine's size is context (it answered for all 8; audit regress6 #10)
        w.ex = msgspec.structs.replace(w.ex, gpu_count=1)
        return None
    if w.st.nodes is not None and gid is not None:
        # nodes counted with their GPUs ("2 x 8-GPU H100 nodes", "2 GPUs per node and 4
        # nodes"): all their GPUs (it was one node's 8, or one node's 2: regress6 #9, #10)
        w.ex = msgspec.structs.replace(w.ex, gpu_count=w.st.nodes[0] * w.st.nodes[1])
        return None
    if w.st.machine_gpus and gid is not None and not w.ex.gpu_count:
        w.ex = msgspec.structs.replace(w.ex, gpu_count=w.st.machine_gpus)
        return None
    if not w.st.node or w.model is None or gid is None or (w.ex.gpu_count or 1) != 1:
        return None
    n = _node_size(w, gid)
    if n <= 1:
        return None
    w.ex = msgspec.structs.replace(w.ex, gpu_count=n)
    return w.say("node_gpus", gpu=w.gpu_name(gid), n=w.n(n))


def _node_price(w: _W, gid: str, count: int | None = None,
                pick: tuple[OfferView, float, str] | None = None) -> bool:
    """A GPU's "node", "server" or "machine" priced ("how much does an H100 node cost per
    hour?", "un nod H100"): the catalog's common whole instance of it, the largest count any
    trusted offer rents (8 × H100 SXM), at the cheapest such offer (:func:`_node_basis`), its
    count said; was one GPU's price. False where only single-GPU machines are offered (the
    GPU's own price is then the machine's). ``count``: a node of that many GPUs asked ("an
    8x H100 node"), that machine, with no note on the largest. ``pick``: the machine to
    price (:func:`_node_basis`' shape), where the caller chose it (the cheapest once billed)."""
    n = count or _node_size(w, gid)
    b = pick or (_node_basis(w, gid, n) if n > 1 else None)
    if b is None:
        return False
    v, hour, kind = b
    month, hours = w.sub == "month", w.month_hours()
    spot = "" if w.st.on_demand else _spot_also(w, gid, hour / n, n)
    doubt = _machine_doubt(w, v, n)
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    run = (cheapest_billed_run(w, gid, n, job_h, exact=True)
           if job_h and kind == "on_demand" else None)
    if job_h and run is not None:
        # billed as the provider bills (audit cost #1: 10 minutes of 8 x H100 at lium, which
        # states no granularity, cost an hour; a per-second provider may lead)
        _billed_run(w, run, job_h, w.setup(n, gid), run.v.provider, kind, spot)
    elif job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(n, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour), provider=v.provider,
                            kind=w.kinds[kind], spot=spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    else:
        # the machine's price with its price per GPU-hour beside it ($28.00/h, $3.50 per GPU)
        w.out.first = w.say("cost_machine_month" if month else "cost_machine_hour", n=w.n(n),
                            gpu=w.gpu_name(gid), hour=w.usd(hour), provider=v.provider,
                            per=_gpu_usd(w, hour / n), kind=w.kinds[kind],
                            month=w.usd(hour * hours), usage=w.usage(), spot=doubt + spot)
        if month:
            w.ask("per_month_usd", hour * hours, "USD")
        else:
            w.ask("per_hour_usd", hour, "USD/h")
        alt = _machine_alt(w, v, gid, n) if doubt else None
        if alt is not None:
            w.out.more.append(alt)
    if count is None:
        w.out.more.append(w.say("node_largest", gpu=w.gpu_name(gid), n=w.n(n)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    if doubt and not job_h:
        # the doubt and the dated rate are in the lead: price_warnings' own sentence on the
        # dated rate (its only addition to ``more``) would repeat them
        more, w.out.more = w.out.more, []
        w.price_warnings(v)
        w.out.more = more
    else:
        w.price_warnings(v)
    return True


def _later_rate(w: _W, v: OfferView) -> tuple[OfferView, float] | None:
    """The likely current price per GPU-hour of a doubted or stale machine ``v``: the
    provider's own dated rate that the snapshot's conflict rule names (:meth:`_W.dated_rate`:
    Nebius's $4.50/GPU-h beside its undated $23.60 box), else the same provider's trusted,
    fresh on-demand price of the same GPU dated after ``v`` (DigitalOcean's 1 × MI300X at
    $2.59, 2026-10-07, beside its 8 × MI300X at $1.99 per GPU of 2026-05-29, which its
    source says may be out of date); None where there is none."""
    found = w.dated_rate(v)
    if found is not None:
        return found
    later = [x for x in w.offers_for(v.gpu) if x.provider == v.provider and x.id != v.id
             and not x.stale and not x.suspect and x.on_demand_usd_h is not None
             and x.as_of_kind != "assumed" and x.as_of > v.as_of]
    if not later:
        return None
    x = max(later, key=lambda y: (y.as_of, -y.gpu_count))
    return x, (x.on_demand_usd_h or 0.0) / x.gpu_count


def _dated_instead(w: _W, v: OfferView, count: int) -> tuple[OfferView, float] | None:
    """Where the one machine :meth:`_W.basis` found for ``count`` GPUs at the provider named
    is stale or doubted (the recommendations' price trust leaves it out: "stale: price is 640
    days old ... include_stale to rank it"): the provider's own dated rate per GPU-hour
    (:func:`_later_rate`), to price the ``count`` GPUs at instead, where the provider rents
    one machine of any GPU count at that rate (``Provider.any_gpu_count``: RunPod's pods);
    None where the machine is trusted and fresh, one GPU is asked, no provider is named, the
    provider rents only the shapes it lists, or no rate is dated. 70B on 2 x
    A100 80GB at RunPod was its 640-day-old 8-GPU machine with 6 GPUs idle, $10,956/month,
    beside RunPod's own $1.39-$1.79 per GPU-hour of 2026-11-09 (audit buyer29a #1)."""
    if count <= 1 or not w.det.provider or v.provider != w.det.provider:
        return None
    if not v.stale and not v.suspect:
        return None
    p = w.catalog.providers_by_id.get(v.provider)
    if p is None or not p.any_gpu_count or count > max(
            (x.gpu_count for x in w.offers_for(v.gpu) if x.provider == v.provider), default=0):
        return None  # only the machine shapes it lists (Nebius: 1 or 8 GPUs, never 4)
    return _later_rate(w, v)


def _dated_said(w: _W, v: OfferView, x: OfferView, rate: float, count: int, gid: str) -> str:
    """The sentence after a price at the provider's dated rate (:func:`_dated_instead`): the
    machine left out, why, and that the count is priced at the rate; its warnings (its age,
    its doubt) given."""
    days = w.n(v.age_days) if v.stale and v.age_days is not None else None
    why = (w.say("machine_doubt_both", days=days) if days and v.suspect
           else w.say("machine_doubt_stale", days=days) if days
           else w.say("machine_doubt_suspect"))
    if days:
        w.warn(w.say("warn_stale", **w._offer_named(v.id), days=days))
    w.suspect_warning(v)
    return w.say("dated_rate_instead", provider=x.provider, n=w.n(count),
                 gpu=w.gpu_name(gid), setup=w.setup(v.gpu_count, v.gpu),
                 hour=w.usd(v.on_demand_usd_h or 0.0), why=why)


def _machine_doubt(w: _W, v: OfferView, n: int) -> str:
    """The clause the lead adds where the machine it prices is stale or doubted (audit
    regress6 #7: DigitalOcean's 8 × MI300X at $15.92/h, 190 days old and doubted by its own
    source, led with the doubt only in the trailing warnings): how old, that it is doubted,
    and the provider's likely current rate × ``n`` (:func:`_later_rate`, $2.59 × 8 =
    $20.72/h); "" for a trusted, fresh price."""
    if not v.stale and not v.suspect:
        return ""
    days = w.n(v.age_days) if v.stale and v.age_days is not None else None
    why = (w.say("machine_doubt_both", days=days) if days and v.suspect
           else w.say("machine_doubt_stale", days=days) if days
           else w.say("machine_doubt_suspect"))
    later = _later_rate(w, v)
    rate = ""
    if later is not None:
        x, per = later
        # the rate's own provider: a marketplace's resale is doubted against the card of the
        # provider whose machine it is (trust.conflict's ``upstream``)
        rate = w.say("machine_doubt_rate", provider=x.provider, rate=w.usd(per),
                     date=w.view_date(x), total=w.usd(per * n), n=w.n(n))
    return w.say("machine_doubt", why=why, rate=rate)


def _suspect_said(w: _W, v: OfferView) -> str:
    """The clause a GPU's price lead adds where the offer it quotes is doubted (trust:
    suspect), which :meth:`_W.basis` quotes only where no trusted offer is left (in a
    region, at a provider): "; that price is doubted (the warnings say why)", its age with
    it where it is stale too; "" for a trusted price (audit buyer24b #10: AWS's $6.88/GPU-h,
    2.56x the median, led "cheapest H100 in us-east" with its doubt only in the warnings).
    The provider's own dated rate follows in the answer (:meth:`_W.doubted_rate`)."""
    if not v.suspect:
        return ""
    days = w.n(v.age_days) if v.stale and v.age_days is not None else None
    why = (w.say("machine_doubt_both", days=days) if days
           else w.say("machine_doubt_suspect"))
    return w.say("machine_doubt", why=why, rate="")


def _machine_alt(w: _W, v: OfferView, gid: str, n: int) -> str | None:
    """After a doubted or stale machine of ``n`` led (the only one of that size offered, no
    provider named): the cheapest trusted, fresh on-demand machines of another size that
    make up the ``n`` GPUs (RunPod's 2 × 4 MI300X at $18.32/h, what was answered before the
    machine's price led), said with where(); None where a provider is named or none is."""
    if w.det.provider:
        return None
    rows = [(x.on_demand_usd_h * (n // x.gpu_count), -x.gpu_count, x)
            for x in w.offers_for(gid) if x.provider != v.provider or x.gpu_count != n
            if not x.stale and not x.suspect and x.on_demand_usd_h is not None
            and x.gpu_count < n and n % x.gpu_count == 0]
    if not rows:
        return None
    total, _, x = min(rows, key=lambda r: (r[0], r[1]))
    return w.say("machine_doubt_alt", n=w.n(n), gpu=w.gpu_name(gid), total=w.usd(total),
                 where=w.where(x, n))

def node_vs_single_price(w: _W, gid: str) -> bool:
    """A node weighed against single GPUs ("is an 8x H100 node cheaper per GPU than 8 single
    H100s?", ``Stated.node_vs_single``): the cheapest machine of the count (the node asked,
    else the GPU's node, :func:`_node_size`; trusted first, :func:`_node_basis`) against as
    many of the cheapest trusted single-GPU machines (:meth:`_W.single`), per GPU, an hour
    and a month of each, and which is cheaper by how much; what each suits after. It was the
    node's price alone (audit buyer29a #7: lium's 8 × H100 at $1.75/GPU-h, 36 % dearer than
    hyperbolic's single H100 at $1.29, called neither). False where either side has no
    price (the node's own answer then)."""
    n = w.ex.gpu_count or 1
    if n <= 1:
        n = _node_size(w, gid)
    node = _node_basis(w, gid, n) if n > 1 else None
    one = w.single(gid)
    if node is None or one is None or node[2] != "on_demand":
        return False
    v, hour, kind = node
    x, single = one
    per = hour / n
    hours = w.month_hours()
    pct = abs(per - single) / single * 100 if single > 0 else 0.0
    verdict = ("node_vs_single_same" if round(pct) < 1
               else "node_vs_single_cheaper" if per < single else "node_vs_single_dearer")
    w.out.first = w.say(
        "node_vs_single", verdict=w.say(verdict, n=w.n(n), pct=w.n(pct)),
        n=w.n(n), gpu=w.gpu_name(gid), node_hour=w.usd(hour), node_provider=v.provider,
        node_per=_gpu_usd(w, per), node_month=w.usd(hour * hours), usage=w.usage(),
        single_hour=w.usd(single * n), single_provider=x.provider,
        single_per=_gpu_usd(w, single), single_month=w.usd(single * n * hours),
        kind=w.kinds[kind], doubt=_machine_doubt(w, v, n))
    w.ask("per_gpu_hour_usd", per, "USD/h")
    w.out.more.append(w.say("node_vs_single_why", n=w.n(n)))
    w.out.more.append(w.say("price_date_two", first=v.provider, first_date=w.view_date(v),
                            second=x.provider, second_date=w.view_date(x)))
    w.price_warnings(v)
    w.price_warnings(x)
    return True


def _count_nodes_price(w: _W, gid: str) -> bool:
    """A node or a cluster of a count asked with no model ("an 8x H100 node on OVHcloud", "a
    16 GPU H100 cluster"): machines of that many GPUs, never that many single-GPU VMs (16
    hyperbolic VMs of one H100 were "a 16 GPU cluster"; OVHcloud's 8 machines of one H100
    were "an 8x H100 node"). One machine of exactly the count where one is offered; else
    node-sized machines (at the provider named) that make up the count at the lowest price,
    fewer of them within 10 % (:func:`_cluster_pick`), said so: 2 of 8 for 16, OVHcloud's
    largest 4 twice for 8, 4 of 8 A100 for 32 beside GCP's dearer 2 of 16. False (the count
    priced as offered, :func:`_gpu_price`) where the count is below the largest machine and
    none has exactly it: a larger machine rented whole is then the cheapest way."""
    count = w.ex.gpu_count or 1
    views = [v for v in w.offers_for(gid) if v.on_demand_usd_h is not None]
    pool = [v for v in views if not v.stale and not v.suspect] or views
    if count <= 1 or not pool:
        return False
    if any(v.gpu_count == count for v in views):
        # one machine of exactly the count, trusted first (:func:`_node_basis`); a doubted or
        # stale one before machines joined over the network, its doubt said by
        # price_warnings (Lambda's 8 x H100 at $31.92, which its source cautions about, was
        # "2 machines of 4 × H100"; Nebius's undated 8 x H200 at $28.00 beside its dated
        # $5.40/GPU-h: doubted_rate gives that rate x 8 beside it)
        return _node_price(w, gid, count)
    largest = max(v.gpu_count for v in pool)
    if largest >= count or largest <= 1:
        return False
    if w.det.provider and all(w.pod(v, count) for v in pool):
        return False  # the provider named rents one pod of the count (w.where says so)
    shapes = _cluster_shapes(w, gid, count, {v.gpu_count for v in pool}, largest)
    if not shapes:
        return False
    per, nodes, total = _cluster_pick(shapes)
    _nodes_price(w, gid, nodes, per)
    if w.out.first is None:
        return False
    at = w.say("at_provider", provider=w.provider_name()) if w.det.provider else ""
    if per == largest:
        w.out.more.insert(0, w.say("nodes_of_largest", count=w.n(count), gpu=w.gpu_name(gid),
                                   at=at, n=w.n(largest), nodes=w.n(nodes)))
        return True
    w.out.more.insert(0, w.say("nodes_of_cheapest", count=w.n(count), gpu=w.gpu_name(gid),
                               at=at, n=w.n(per), nodes=w.n(nodes)))
    # the fewer, larger machines not taken, with their price (GCP's 2 x 16 A100 at $111.48/h
    # beside 4 x 8 at $23.08/h: audit pricetrust, it had led at 4.8 times the cost)
    few = min((s for s in shapes if s[1] < nodes), key=lambda s: (s[1], s[2]), default=None)
    if few is not None:
        fv, _, _ = _node_basis(w, gid, few[0]) or (None, 0.0, "")
        if fv is not None:
            w.out.more.insert(1, w.say("nodes_fewer_dearer", nodes=w.n(few[1]),
                                       n=w.n(few[0]), gpu=w.gpu_name(gid),
                                       hour=w.usd(few[2]), provider=fv.provider,
                                       times=w.n(few[2] / total, 1)))
    return True


# fewer machines (less network between them) are worth up to this much more an hour: a
# cluster of 4 x 8 GPUs is priced over one of 32 x 1 that is within 10 % of it
CLUSTER_FEWER_MARGIN = 1.10
# the GPUs of a cluster's node: one HGX/DGX board (8 x H100, 8 x A100)
CLUSTER_NODE_GPUS = 8


def _cluster_shapes(w: _W, gid: str, count: int, sizes: set[int],
                    largest: int) -> list[tuple[int, int, float]]:
    """The ways of making up ``count`` × ``gid`` from machines of one size offered: (GPUs a
    machine, machines, $/h for all of them at the cheapest trusted offer of that machine,
    :func:`_node_basis`), for every node-sized machine that divides the count (8 GPUs, an
    HGX board, or the largest offered where it is smaller), and the largest size (rounded
    up to whole machines) as before. Smaller VMs are no cluster's nodes: they are said after,
    where cheaper, as ``nodes_cheaper_smaller`` (16 H100 stay 2 x 8 at $28.00/h, not 8
    hyperbolic VMs of 2)."""
    least = min(CLUSTER_NODE_GPUS, largest)
    out: list[tuple[int, int, float]] = []
    for per in sorted(sizes):
        if per < least or per <= 1 or (count % per and per != largest):
            continue
        b = _node_basis(w, gid, per)
        if b is None:
            continue
        nodes = math.ceil(count / per)
        out.append((per, nodes, b[1] * nodes))
    return out


def _cluster_pick(shapes: list[tuple[int, int, float]]) -> tuple[int, int, float]:
    """The cluster to price (:func:`_count_nodes_price`): the cheapest an hour, or fewer
    machines where they cost at most :data:`CLUSTER_FEWER_MARGIN` times as much; was the
    largest machine whatever its price (2 x GCP a2-megagpu-16g at $3.48/GPU-h over 8-GPU
    machines at $0.72: $18,728 a week for $3,877's cluster)."""
    cheapest = min(s[2] for s in shapes)
    near = [s for s in shapes if s[2] <= cheapest * CLUSTER_FEWER_MARGIN]
    return min(near, key=lambda s: (s[1], s[2]))


def _nodes_price(w: _W, gid: str, nodes: int, per_node: int) -> None:
    """"2 nodes of 8xH100", "5 noduri de 8 x H100" with no model: ``nodes`` whole machines
    of ``per_node`` × ``gid``, the cheapest trusted offer of exactly that machine
    (:func:`_node_basis`), for the period asked; was their GPUs as single-GPU machines
    (audit slack2: "16 machines of 1 × H100" for two 8-GPU nodes). Smaller machines follow
    only where cheaper, said as such with the caveat of machines joined over the network;
    no such machine offered: said so, then the GPUs priced as offered (:func:`_gpu_price`)."""
    count = nodes * per_node
    b = _node_basis(w, gid, per_node)
    if b is None:
        _gpu_price(w, gid)
        if w.out.first is not None:
            w.out.first = w.say("nodes_none", n=w.n(per_node), gpu=w.gpu_name(gid),
                                count=w.n(count), nodes=w.n(nodes)) + " " + w.out.first
        return
    v, node, kind = b
    hour = node * nodes
    month, hours = w.sub == "month", w.month_hours()
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    common = {"nodes": w.n(nodes), "n": w.n(per_node), "gpu": w.gpu_name(gid),
              "node": w.usd(node), "provider": v.provider, "kind": w.kinds[kind]}
    if job_h:
        w.out.first = w.say("cost_nodes_total", hours=w.duration(job_h),
                            total=w.usd(hour * job_h), **common)
        w.ask("per_job_usd", hour * job_h, "USD")
    elif month:
        w.out.first = w.say("cost_nodes_month", month=w.usd(hour * hours), usage=w.usage(),
                            **common)
        w.ask("per_month_usd", hour * hours, "USD")
    else:
        w.out.first = w.say("cost_nodes_hour", hour=w.usd(hour), month=w.usd(hour * hours),
                            usage=w.usage(), **common)
        w.ask("per_hour_usd", hour, "USD/h")
    small = w.basis(gid, count)
    if small is not None and small[0].gpu_count < per_node and small[1] * count < hour:
        sv, per, _ = small
        span = job_h or (hours if month else 1.0)
        w.out.more.append(w.say("nodes_cheaper_smaller", count=w.n(count),
                                gpu=w.gpu_name(gid), price=_gpu_usd(w, per),
                                where=w.where(sv, count), total=w.usd(per * count * span)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)


def _spot_also(w: _W, gid: str, per: float, count: int) -> str:
    """The cheapest trusted spot price of ``gid`` when it is below ``per`` (the on-demand
    basis), said after the headline as an option for interruptible work; else nothing."""
    # a machine of the count asked (one card: single-GPU offers), as the on-demand basis;
    # the lowest trusted spot price of any such offer, as the spot answer quotes (8 x H100:
    # $6.84/h at primeintellect; the first listed spot-only offer's $12.03 had been said)
    found = _spot_cheapest_h(w, gid, count)
    if found is None or found[0] >= per:
        return ""
    price, v = found
    return w.say("spot_also", price=w.usd(price * count), provider=v.provider)


def _spot_cheapest_h(w: _W, gid: str, count: int) -> tuple[float, OfferView] | None:
    """The lowest trusted spot price per GPU of a machine of ``count`` x ``gid`` and its
    offer (:func:`_spot_also`), or None where no such machine lists one."""
    views = [v for v in w.offers_for(gid) if not v.stale and not v.suspect
             and v.gpu_count == count]
    spot = [(v.spot_usd_h / v.gpu_count, v) for v in views if v.spot_usd_h is not None]
    return min(spot, key=lambda x: x[0]) if spot else None


def _budget_lasts(w: _W, gid: str, count: int, hour: float, provider: str, kind: str,
                  per: float, setup: str | None = None, model: str = "",
                  weights: str = "") -> None:
    """"How long would a $100 budget last on an H100?": the hours the budget buys at the
    setup's hourly price (100 / 1.29 = 77.5 hours on-demand) lead, and on spot where a
    trusted spot price below ``per`` (the basis's price per GPU) is listed, with its caveat
    (audit regress7 #15: it answered the $1.29/h alone). The GPU time alone: the billing
    note says so. With a model (``model``, at ``weights``) the setup that serves it and its
    hourly price ("$1,000 on 70B on 2 H100s": 1,000 / 2.58 = 388 hours; audit regress8 #5:
    it gave the $2.58/h alone)."""
    budget = w.st.budget_usd_total or 0.0
    hours = budget / hour
    period = w.st.budget_period
    # an amount per period ("$3,000 a month"): the hours it buys each period, said so
    per_said = w.say("period_" + period) if period else ""

    def each(v: str) -> str:
        return f"{v} {per_said}" if per_said else v

    spot = ""
    found = None if w.st.on_demand else _spot_cheapest_h(w, gid, count)
    if found is not None and found[0] < per and w.st.spot_said and not model:
        # "how many hours of H100 spot do I get for $100?": the spot hours lead (100 / 1.00 =
        # 100 h; audit regress13 #9: the spot price alone), on-demand's after them
        spot_h = found[0] * count
        w.out.first = w.say("budget_lasts_spot_lead", budget=each(w.usd(budget)),
                            setup=setup or w.setup(count, gid),
                            hours=each(w.duration(budget / spot_h)), price=w.usd(spot_h),
                            provider=found[1].provider, od_hours=each(w.duration(hours)),
                            hour=w.usd(hour), od_provider=provider)
        if period:
            w.out.first += " " + _period_fleet(w, budget, spot_h, period)
        w.out.more.append(w.say("budget_lasts_billing"))
        _ask_budget_hours(w, budget / spot_h, period)
        return
    if found is not None and found[0] < per:
        spot_h = found[0] * count
        spot = w.say("budget_lasts_spot", price=w.usd(spot_h), provider=found[1].provider,
                     hours=each(w.duration(budget / spot_h)))
    no_spot = ""
    if found is None and w.st.spot_said and not w.st.on_demand and not model:
        # spot asked where no trusted spot price is listed ("H100 spot hours on RunPod"):
        # said so before the on-demand hours (they were given with no word of it)
        no_spot = w.say("budget_lasts_no_spot", gpu=w.gpu_name(gid), at=w.say(
            "at_provider", provider=w.provider_name()) if w.det.provider else "") + " "
    said = {"budget": each(w.usd(budget)), "setup": setup or w.setup(count, gid),
            "hours": each(w.duration(hours)), "hour": w.usd(hour), "kind": w.kinds[kind],
            "provider": provider, "spot": spot}
    w.out.first = no_spot + (w.say("budget_lasts_model", model=model, weights=weights, **said)
                             if model else w.say("budget_lasts", **said))
    if period:
        # "how many H100 hours for $3,000 a month?": what those hours keep running around the
        # clock (1,508 h a month at $1.99/h: 2 GPUs all month, $134 left; audit budgethours:
        # a guidance passage, or no hours)
        w.out.first += " " + _period_fleet(w, budget, hour, period)
        w.out.more.append(w.say("budget_lasts_billing"))
        _ask_budget_hours(w, hours, period)
        return
    per_day = w.st.hours_per_day
    if per_day or w.st.days_asked:
        # the days it lasts at the hours a day stated ("$10,000 on 8 H100s at 8 hours a day":
        # 714 hours, 89 days), or at 24 h/day where days are asked ("how many days will
        # $1,000 last": 388 hours, 16 days; audit regress9 #6: a price answered)
        days = hours / (per_day or 24.0)
        w.out.first += " " + w.say("budget_lasts_days", days=w.n(days, 1 if days < 10 else 0),
                                   per_day=w.hours(per_day or 24.0))
    w.out.more.append(w.say("budget_lasts_billing"))
    if per_day or w.st.days_asked:
        w.ask("budget_days", hours / (per_day or 24.0), "days")
    else:
        w.ask("budget_hours", hours, "h")


BUDGET_CARDS = POPULAR[:3]
"""The GPUs a budget's hours are given for when no GPU is named: the recommendations' first
three popular cards (H100 SXM, A100 80GB, L40S), one a tier."""


def budget_hours_unnamed(w: _W) -> bool:
    """"How many GPU hours does $2,000 buy?", no GPU and no model named: the hours the budget
    buys of one of each of :data:`BUDGET_CARDS` at its cheapest trusted price, with the
    provider, the price date and the source of each, the cheapest hours asked (audit slips27
    #5: a guidance passage and "which model?"). False where a GPU or a model is named, a
    count is stated, or no length of a budget is asked."""
    if (w.model is not None or w.ex.gpu is not None or w.det.gpus or w.ex.gpu_count
            or not budget_lasts_asked(w) or w.st.train_tokens_asked):
        return False
    budget = w.st.budget_usd_total or 0.0
    period = w.st.budget_period
    per_said = w.say("period_" + period) if period else ""

    def each(v: str) -> str:
        return f"{v} {per_said}" if per_said else v

    cards: list[str] = []
    most = 0.0
    for gid in BUDGET_CARDS:
        b = w.basis(gid, 1) if gid in w.catalog.registry.gpus else None
        if b is None or b[1] <= 0:
            continue
        v, per, kind = b
        hours = budget / per
        most = max(most, hours)
        cards.append(w.say("budget_hours_card", hours=each(w.duration(hours)),
                           gpu=w.gpu_name(gid), price=w.usd(per), kind=w.kinds[kind],
                           provider=w.where(v), date=w.view_date(v),
                           source=_short_source(v.source)))
    if not cards:
        return False
    w.out.first = w.say("budget_hours_cards", budget=each(w.usd(budget)),
                        cards="; ".join(cards))
    w.out.more.append(w.say("budget_lasts_billing"))
    _ask_budget_hours(w, most, period)
    return True


def _period_hours(w: _W, period: str) -> float:
    """The hours one setup runs in a ``period`` at the use stated, around the clock unless
    said: a month of :meth:`_W.month_hours` (720), a week of 7 days unless fewer are said
    (168), a day (24)."""
    day = w.st.hours_per_day or 24.0
    return (w.month_hours() if period == "month"
            else day * (w.st.days_per_week or 7) if period == "week" else day)


def _period_fleet(w: _W, budget: float, hour: float, period: str) -> str:
    """What ``budget`` a ``period`` at ``hour`` $/h keeps running through the period
    (:func:`_budget_lasts`): how many setups (and the share of one beside them) run all of
    it at the use stated, what they cost and what is left ("$3,000 a month at $1.99/h: about
    2.1 of them around the clock, keeping 2 running costs $2,866 a month, $134 left"); below one,
    the hours a day it covers of one (a budget never buys 50 hours in a day of one GPU)."""
    span = _period_hours(w, period)
    day = w.st.hours_per_day or 24.0
    usage = (w.usage() if period == "month"
             else w.say("budget_usage_" + period, h=w.day_hours(day),
                        d=w.hours(w.st.days_per_week or 7)))
    per_said = w.say("period_" + period)
    share = budget / hour / span
    n = math.floor(share + 1e-9)
    if n < 1:
        daily = ("" if period == "day" else
                 w.say("budget_period_daily", hours=w.duration(budget / hour / (span / day))))
        return w.say("budget_period_none", usage=usage, span=w.duration(span), per=per_said,
                     cost=w.usd(hour * span), daily=daily)
    return w.say("budget_period_fleet", share=w.n(share, 1), n=w.n(n), usage=usage,
                 span=w.duration(span), per=per_said, cost=w.usd(n * hour * span),
                 left=w.usd(budget - n * hour * span))


def _ask_budget_hours(w: _W, hours: float, period: str | None) -> None:
    """The hours a budget buys as the number asked: a total's in hours, a period's per that
    period ("budget_hours_per_month", h/month)."""
    if period:
        w.ask(f"budget_hours_per_{period}", hours, f"h/{period}")
    else:
        w.ask("budget_hours", hours, "h")


def _afford_gpus(w: _W, gid: str, budget: float, per: float, provider: str,
                 kind: str) -> None:
    """"How many H100s can I afford with $5,000 a month?": the GPUs the budget keeps running
    the month at the stated use (24 h x 30 days unless said), each rented alone at ``per``
    $/h (5,000 / (1.29 x 720 = 928.80) = 5 H100s, 355.20 USD left; audit ro2 #5: a guidance
    passage). A budget with no period stated is read as a month's, said so. None affordable:
    the hours the budget buys of one instead. A length stated ("$100 for 10 hours"): the GPUs
    it rents for that long (100 / (1.29 x 10) = 7, $9.70 left; audit regress13 #9: one GPU's
    10 hours). Buying asked: the service prices rental, said first (regress13 #9)."""
    job_h = w.det.duration_hours
    if job_h:
        each = per * job_h
        n = math.floor(budget / each + 1e-9)
        w.out.first = w.say("afford_gpus_hours", budget=w.usd(budget), n=w.n(n),
                            gpu=w.gpu_name(gid), hours=w.duration(job_h), each=w.usd(each),
                            price=w.usd(per), kind=w.kinds[kind], provider=provider,
                            left=w.usd(budget - n * each))
        w.ask("gpus_affordable", n, "GPUs")
        _purchase_note(w)
        return
    month = per * w.month_hours()
    n = math.floor(budget / month + 1e-9)
    common = {"budget": w.usd(budget), "gpu": w.gpu_name(gid), "month": w.usd(month),
              "price": w.usd(per), "kind": w.kinds[kind], "provider": provider,
              "usage": w.usage()}
    if n < 1:
        w.out.first = w.say("afford_gpus_none", hours=w.duration(budget / per), **common)
        w.ask("budget_hours", budget / per, "h")
        _purchase_note(w)
        return
    w.out.first = w.say("afford_gpus", n=w.n(n), left=w.usd(budget - n * month), **common)
    if not w.ex.budget_usd_per_month:
        w.out.more.insert(0, w.say("afford_gpus_month_read"))
    w.ask("gpus_affordable", n, "GPUs")
    _purchase_note(w)


def _purchase_note(w: _W) -> None:
    """Buying asked ("how many A100s can I buy with $50,000"): the service prices rental, said
    before what the amount rents (audit regress13 #9: read silently as a month's rental)."""
    if w.st.purchase_asked and w.out.first:
        w.out.first = w.say("afford_purchase_not_priced") + " " + w.out.first


def _afford_nodes(w: _W, gid: str, count: int, budget: float, hour: float,
                  provider: str, kind: str) -> None:
    """"How many 8x H100 nodes can I afford with $50,000 a month?": the machines of ``count``
    x ``gid`` the month's budget keeps running at ``hour`` $/h a machine (50,000 / (14.00 x
    720 = 10,080) = 4 machines, $9,680 left; audit regress13 #9: one machine's price, no
    count). None affordable: the hours the budget buys of one."""
    month = hour * w.month_hours()
    n = math.floor(budget / month + 1e-9)
    if n < 1:
        w.out.first = w.say("afford_nodes_none", budget=w.usd(budget), count=w.n(count),
                            gpu=w.gpu_name(gid), month=w.usd(month), hour=w.usd(hour),
                            kind=w.kinds[kind], provider=provider, usage=w.usage(),
                            hours=w.duration(budget / hour))
        w.ask("budget_hours", budget / hour, "h")
        _purchase_note(w)
        return
    w.out.first = w.say("afford_nodes", budget=w.usd(budget), n=w.n(n), count=w.n(count),
                        gpu=w.gpu_name(gid), month=w.usd(month), hour=w.usd(hour),
                        kind=w.kinds[kind], provider=provider, usage=w.usage(),
                        left=w.usd(budget - n * month))
    if not w.ex.budget_usd_per_month:
        w.out.more.insert(0, w.say("afford_gpus_month_read"))
    w.ask("nodes_affordable", n, "machines")
    _purchase_note(w)


def option_budget_lasts(w: _W, o: Option) -> None:
    """How long a total amount lasts on a recommended option for the model asked ("Llama
    3.1 8B on an L4 with $50: how long does it last?": 50 / 0.38 = 132 hours; audit regress8
    #5: it gave the cheapest match's $0.38/h alone): its whole setup at its hourly price."""
    assert w.model is not None
    gpus = o.offer.gpu_count * o.nodes
    hour = o.cost.per_hour_usd
    ratio = o.performance.audio_seconds_per_s
    if w.transcribes() and ratio and hour > 0 and not w.st.budget_period:
        # "how many hours of audio can I transcribe with Whisper for $10?": the GPU hours it
        # buys and the audio they transcribe at the option's audio seconds per second, as
        # the GPU named does (media.py's audio_budget; audit buyer29a #11: 200 GPU hours
        # answered, no audio hours)
        # (the audio at the recommendations' per_audio_hour_usd, which on spot counts the
        # expected restarts' extra time: said so)
        budget = w.st.budget_usd_total or 0.0
        hours = budget / hour
        unit = o.cost.per_audio_hour_usd or hour / ratio
        overhead = o.cost.expected_spot_overhead_pct
        w.out.first = w.say("audio_budget", budget=w.usd(budget), hours=w.duration(hours),
                            audio=w.n(budget / unit), ratio=w.rate(ratio),
                            model=w.model.name, weights=o.weights, setup=w.option_setup(o),
                            provider=o.offer.provider, price=w.usd(hour),
                            kind=w.kinds[o.pricing_model])
        if o.pricing_model == "spot" and overhead:
            w.out.first += " " + w.say("audio_budget_restarts", pct=w.f.percent(overhead / 100, 1),
                                       unit=w.unit_usd(unit))
        w.ask("audio_hours", budget / unit, "h")
        w.out.more.append(w.say("budget_lasts_billing"))
        return
    _budget_lasts(w, o.offer.gpu, gpus, hour, o.offer.provider, o.pricing_model, hour / gpus,
                  setup=w.option_setup(o), model=w.model.name,
                  weights=_weights_said(w, o.weights))


def _rented(v: OfferView, per: float, count: int) -> tuple[int, float]:
    """(GPUs rented, $/h per GPU of the machine) where :meth:`_W.basis` prices ``count`` GPUs
    at ``per`` $/GPU-hour on whole machines of ``v``: more than ``count`` where one larger
    machine, or machines that cover it, are cheapest."""
    rented = _instances(v, count) * v.gpu_count
    return rented, per * count / rented


def _gpu_usd(w: _W, price: float) -> str:
    """A machine's price per GPU: to the tenth of a cent where cents would round it ($1.115
    of an 8-GPU machine at $8.92/h), else to the cent."""
    return w.f.money(price, 3 if round(price, 2) != round(price, 3) else 2)


def _idle(w: _W, n: int, gid: str | None) -> str:
    """ "1 GPU idle", "3 GPUs idle" (in the answer's language; a TPU's chips, ``gid``'s
    words: :meth:`_W.on`)."""
    return w.say(w.on("idle_one", gid)) if n == 1 else w.say(w.on("idle_many", gid), n=w.n(n))


def _separable(w: _W, count: int) -> bool:
    """Whether ``count`` GPUs asked with no model may be priced on separate machines that
    make up the count (:func:`_plain_basis`): several GPUs, no machine or node asked ("a
    machine with 2 H100", "an 8x H100 node": one machine), no budget counted in machines."""
    return (count > 1 and not w.st.node and not w.st.machine_gpus and w.st.nodes is None
            and w.sub != "afford")


def _plain_basis(w: _W, gid: str, count: int, share: bool = False
                 ) -> tuple[tuple[OfferView, float, str] | None,
                            tuple[OfferView, float, str] | None]:
    """What ``count`` × ``gid`` asked with no model cost, cheapest first: (the basis that
    leads, the one machine that holds them beside it or None). :meth:`_W.basis` gives the
    cheapest one machine that holds the count (a model split over GPUs needs them in one);
    GPUs priced alone need not share a machine, so where smaller machines that make up the
    count exactly cost less in all (AWS's 2 × 1-GPU p5.4xlarge, $13.76/h, against its
    8-GPU p5.48xlarge rented whole for 2 H100s, $55.04/h, which was called "the cheapest
    way to get 2"; audit nodeprice), they lead, priced as the machine is (on-demand, else
    reserved), trusted offers only, the fewest machines on a tie; the one machine follows
    (:func:`_one_machine_alt`). A tie to the cent goes to the one machine (GCP's 2-GPU A100
    machine, $7.35/h, as two of its 1-GPU ones)."""
    b = w.basis(gid, count, share=share)
    if b is None or not _separable(w, count) or b[0].gpu_count < count:
        return b, None
    _, per, kind = b
    attr = f"{kind}_usd_h"
    priced = [(getattr(x, attr) / x.gpu_count, -x.gpu_count, x) for x in w.offers_for(gid)
              if x.gpu_count < count and count % x.gpu_count == 0 and not x.stale
              and not x.suspect and getattr(x, attr) is not None]
    if not priced:
        return b, None
    sep, _, x = min(priced, key=lambda r: (r[0], r[1]))
    if round(sep * count, 2) >= round(per * count, 2):
        return b, None
    return (x, sep, kind), b


def _one_machine_alt(w: _W, v: OfferView, hour: float, kind: str, count: int,
                     lead_month: bool, total: float | None = None,
                     job_h: float | None = None) -> str:
    """After separate machines led the price of ``count`` GPUs (:func:`_plain_basis`): what
    they suit (independent replicas), and the one machine ``v`` at ``hour`` $/h that holds
    them all, as a model split over them by tensor parallelism needs (its GPUs joined by
    NVLink, or over PCIe where the machine has no NVLink), its GPUs left idle said; its
    month, hour or ``total`` for ``job_h`` hours as the lead says its own. A doubted price
    is said doubted, its warning given."""
    link = ("one_machine_link_nvlink" if v.interconnect in ("nvlink", "nvswitch")
            else "one_machine_link_pcie" if v.interconnect == "pcie" else "")
    rented = _instances(v, count) * v.gpu_count
    said = {"hour": w.usd(hour), "price": _gpu_usd(w, hour / rented), "kind": w.kinds[kind],
            "idle": f", {_idle(w, rented - count, v.gpu)}" if rented > count else ""}
    if total is not None and job_h:
        cost = w.say(w.on("one_machine_alt_total", v.gpu), total=w.usd(total),
                     hours=w.duration(job_h), **said)
    else:
        cost = w.say(w.on("one_machine_alt_month" if lead_month else "one_machine_alt_hour",
                          v.gpu),
                     month=w.usd(hour * w.month_hours()), usage=w.usage(), **said)
    if v.stale or v.suspect:
        w.price_warnings(v)
    return w.say("one_machine_alt", n=w.n(count), link=w.say(link) if link else "",
                 where=w.where(v, count), cost=cost, doubt=_suspect_said(w, v))


def _gpu_price(w: _W, gid: str) -> None:
    """The price of a GPU named without a model: on-demand (the price a GPU kept running is
    billed at; spot only when spot is asked, which is the spot intent), for the count asked:
    a machine with that many GPUs when the catalog has one, else that many times the cheapest
    per-GPU price, said which."""
    count = w.ex.gpu_count or 1
    # one card: a single-GPU machine where one is rented (half a 2-GPU machine cannot be:
    # "one L40S" was $0.38/h, lium's 2-GPU machine's share, beside $0.60 alone; audit cost
    # #5); else a card's own price per GPU of a larger machine, said so by where() and
    # single_note
    share = w.shared_ok(count) and w.single(gid) is None
    # several GPUs: separate smaller machines lead where they cost less than one machine
    # that holds them all, that machine said after them (``one``)
    b, one = _plain_basis(w, gid, count, share=share)
    if b is None:
        if not w.offers_for(gid) and gid not in w.region_missed:
            # a GPU the registry knows but no offer lists (a TPU, a Gaudi): said so, never
            # another GPU's price
            w.out.first = w.say(w.on("no_price", gid), gpu=w.gpu_name(gid))
        return
    v, per, kind = b
    hours = w.month_hours()
    month = w.sub == "month"
    # "per hour, per day and per month": the hour leads as asked, the month beside it and the
    # day's total after (audit buyer21 #7: the month led)
    lead_month = month and not w.st.hour_first
    # one machine of the count when that is the cheapest way to get them (basis compares
    # it with larger machines rented whole)
    node = _node_basis(w, gid, count) if count > 1 and v.gpu_count == count else None
    spot = "" if w.st.on_demand else _spot_also(w, gid, per, count)
    if node is not None:
        v, hour, kind = node
        key = "cost_machine_month" if lead_month else "cost_machine_hour"
        w.out.first = w.say(w.on(key, gid), n=w.n(count), gpu=w.gpu_name(gid),
                            hour=w.usd(hour), provider=v.provider, per=_gpu_usd(w, hour / count),
                            kind=w.kinds[kind], month=w.usd(hour * hours), usage=w.usage(),
                            spot=_suspect_said(w, v) + spot)
    elif count > 1 or (v.gpu_count > count and not share):
        # (one GPU billed on a larger machine rented whole, none rented alone: the machine,
        # its GPUs left idle said, as several GPUs on it are; audit buyer31b #2)
        hour = per * count
        rented, machine_gpu = _rented(v, per, count)
        # more GPUs rented than asked (a larger machine whole): its own price per GPU and
        # the GPUs left idle, never the total over the count, a price no offer has ($8.92/h
        # for 5 A100 was "5 times $1.78", of an 8-GPU machine at $1.115 per GPU)
        key = ("cost_many_month" if lead_month else "cost_many_hour") if rented == count else (
            "cost_whole_month" if lead_month else "cost_whole_hour")
        w.out.first = w.say(w.on(key, gid), n=w.n(count), gpu=w.gpu_name(gid),
                            hour=w.usd(hour), price=_gpu_usd(w, machine_gpu),
                            provider=w.where(v, count),
                            kind=w.kinds[kind], idle=_idle(w, rented - count, gid),
                            month=w.usd(hour * hours), usage=w.usage(),
                            spot=_suspect_said(w, v) + spot)
    else:
        hour = per
        key = "cost_gpu_month" if lead_month else "cost_gpu"
        # a price the catalog doubts (trust: suspect) leads only with its doubt said (audit
        # buyer24b #10: AWS's $6.88/GPU-h led "cheapest H100 in us-east", flagged suspect
        # only in the trailing warnings)
        w.out.first = w.say(w.on(key, gid), gpu=w.gpu_name(gid), price=w.usd(per),
                            provider=w.where(v, share=True),
                            kind=w.kinds[kind], month=w.usd(per * hours), usage=w.usage(),
                            spot=_suspect_said(w, v) + spot)
        if not share and w.sub == "hour" and not w.st.one_card:
            # one card alone leads (what renting one costs); a larger machine's lower price
            # per GPU after it, rented whole ("How much is an L40S per hour?": $0.60 alone,
            # $0.38 per GPU of lium's 2-GPU machine, which the answer led with before); not
            # where one card is what is asked ("a single L40S", a year of "one L40S")
            shared = w.basis(gid, 1, share=True)
            if (shared is not None and shared[0].gpu_count > 1 and shared[2] == kind
                    and shared[1] < 0.95 * per):
                w.out.more.insert(0, w.say("single_share_cheaper", price=w.usd(shared[1]),
                                           n=w.n(shared[0].gpu_count),
                                           provider=shared[0].provider))
    # a stated length ("8 ore pe un A100", "1000 hours of H100"): its total, not an hour
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    run = (cheapest_billed_run(w, gid, count, job_h, separate=_separable(w, count))
           if job_h and kind == "on_demand" else None)
    alt = ""
    if run is not None and job_h and run.v.gpu_count < count and _separable(w, count):
        # one run billed: separate machines led on its billed cost; the cheapest one machine
        # that holds the count, billed as its provider bills it, after them
        whole = cheapest_billed_run(w, gid, count, job_h)
        if whole is not None and whole.v.gpu_count >= count:
            alt = _one_machine_alt(w, whole.v, whole.hour, "on_demand", count, lead_month,
                                   total=whole.cost, job_h=job_h)
    elif one is not None and not (job_h and run is not None):
        ov, oper, okind = one
        alt = _one_machine_alt(w, ov, oper * count, okind, count, lead_month,
                               total=oper * count * job_h if job_h else None, job_h=job_h)
    afford = (w.ex.budget_usd_per_month or w.st.budget_usd_total) if w.sub == "afford" else None
    if afford and count == 1 and hour > 0:
        # "how many H100s can I afford with $5,000 a month?": the GPUs it keeps running;
        # "... rent for $100 for 10 hours": the GPUs it rents for that long
        _afford_gpus(w, gid, afford, hour, w.where(v, count, share=share), kind)
    elif afford and count > 1 and hour > 0 and not job_h:
        # "how many 8x H100 nodes can I afford with $50,000 a month?": whole machines
        _afford_nodes(w, gid, count, afford, hour, v.provider if node is not None
                      else w.where(v, count, share=share), kind)
    elif w.sub == "minute" and hour > 0:
        # "How much is an H100 per minute?": the hourly price over 60, said so (audit
        # regress13 #11: the billing-granularity list)
        minute = hour / 60
        w.out.first = w.say("cost_gpu_minute", setup=w.setup(count, gid),
                            # three significant figures: $1.29 / 60 = $0.0215
                            minute=w.f.money(minute, max(2, 2 - math.floor(math.log10(minute)))),
                            hour=w.usd(hour), kind=w.kinds[kind],
                            provider=v.provider if node is not None
                            else w.where(v, count, share=share),
                            spot=_suspect_said(w, v) + spot)
        w.out.more.insert(0, w.say("cost_gpu_minute_billing"))
        w.ask("per_minute_usd" if count > 1 else "per_gpu_minute_usd", minute, "USD/min")
    elif budget_lasts_asked(w) and not job_h and hour > 0:
        # "how long would $100 last on an H100?": the hours it buys lead
        _budget_lasts(w, gid, count, hour, v.provider if node is not None
                      else w.where(v, count, share=share), kind, per)
    elif job_h and run is not None:
        # one run billed as its provider bills it, on whole machines, the cheapest after
        # billing leading (audit cost #1: 5 minutes at DigitalOcean's 1-hour minimum)
        v, rented = run.v, run.machines * run.v.gpu_count
        _billed_run(w, run, job_h, w.setup(rented, gid), w.where(v, rented), kind, spot)
    elif job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(count, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour),
                            provider=v.provider if node is not None
                            else w.where(v, count, share=share),
                            kind=w.kinds[kind], spot=_suspect_said(w, v) + spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    elif month:
        if lead_month:
            w.ask("per_month_usd" if count > 1 else "per_gpu_month_usd", hour * hours, "USD")
        else:  # (the hour leads: its number is the one the first sentence answers with)
            w.ask("per_hour_usd" if count > 1 else "per_gpu_hour_usd", hour, "USD/h")
        if w.st.day_also:
            # "per hour, per day and per month": the day's total too, at the hours a day
            # the month counts (audit buyer20: the hour and the month said, the day not)
            day_h = w.st.hours_per_day or 24.0
            w.out.more.insert(0, w.say("cost_per_day", total=w.usd(hour * day_h),
                                       hours=w.day_hours(day_h), hour=w.usd(hour)))
    else:
        w.ask("per_hour_usd" if count > 1 else "per_gpu_hour_usd", hour, "USD/h")
    if alt and w.out.first is not None:
        w.out.first += " " + alt
    if node is None:
        w.single_note(v, gid)
        if (w.st.node and count > 1 and w.st.nodes is None and w.out.first is not None
                and not any(x.gpu_count == count for x in w.offers_for(gid))
                and not w.pod(v, count)):  # (a pod of the count is one machine: w.where)
            # one machine of the count asked ("a 4 x A100 80GB machine on RunPod") that no
            # offer is: said first, then what is rented instead, never called one machine
            # (RunPod's 4 single-GPU pods led with no word of it)
            at = w.say("at_provider", provider=w.provider_name()) if w.det.provider else ""
            w.out.first = w.say("machine_count_none", count=w.n(count), gpu=w.gpu_name(gid),
                                at=at) + " " + w.out.first
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    if w.st.reserved:
        _reserved(w, gid, count, per if kind == "on_demand" else None,
                  hours if month else job_h, month)


def _instance_run(w: _W) -> bool:
    """A run of stated length on an instance type named, no GPU ("how much does a 30-second
    job cost on AWS p5.48xlarge?"): that offer (the catalog's ``instance_type``, at the
    provider named when one is; its cheapest location, a trusted price first), its whole
    machine billed for one start as its provider bills it (:func:`offer_billed_hours`: AWS's
    60-second minimum), as the recommendations bill a job. It gave a passage and no number
    (audit cost #9). False where no length is stated or no offer of that type has an
    on-demand price."""
    if w.st.hours_per_day and w.st.instances:
        # runs a day on an instance named ("a 7 minute job 10 times a day on AWS
        # g6.xlarge"): that offer's month, each run billed on its own (it gave a guidance
        # passage and no number: audit buyer29a #3)
        return instance_price(w)
    job_h = w.det.duration_hours
    if not job_h or not w.st.instance_types or w.sub == "month" or w.st.hours_per_day:
        return False
    # a series named ("ND H100 v5") is a pattern of its sizes (intent._AZURE_SERIES)
    named = [v for v in w.catalog.views(w.today)
             if any(fnmatch.fnmatchcase(v.instance_type.lower(), t)
                    for t in w.st.instance_types) and v.on_demand_usd_h
             and v.provider == (w.det.provider or v.provider)]
    if not named:
        return False
    v = min(named, key=lambda x: (x.stale or x.suspect, x.on_demand_usd_h or 0.0))
    hour = v.on_demand_usd_h or 0.0
    billed, known, minimum = offer_billed_hours(w, v, job_h)
    run = BilledRun(v=v, machines=1, hour=hour, billed_h=billed, known=known, minimum=minimum,
                    cost=hour * billed)
    _billed_run(w, run, job_h, f"{v.instance_type} ({w.setup(v.gpu_count, v.gpu)})",
                v.provider, "on_demand", "")
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    return True


def _billed_run(w: _W, run: BilledRun, job_h: float, setup: str, provider: str, kind: str,
                spot: str) -> None:
    """One run of ``job_h`` hours billed as its provider bills it (:func:`cheapest_billed_run`,
    :func:`offer_billed_hours`): its total leads, the billing note after it, the total the
    asked number."""
    w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=setup,
                        total=w.usd(run.cost), hour=w.usd(run.hour), provider=provider,
                        kind=w.kinds[kind], spot=spot)
    note = billed_run_note(w, run, job_h)
    if note:
        w.out.more.append(note)
    w.ask("per_job_usd", run.cost, "USD")


def _variants_price(w: _W, gid: str) -> None:
    """A name that covers several cards ("A100 80GB": the PCIe and the SXM4 card, as
    ``/v1/offers?gpu=`` matches both): the cheapest of them leads, named as that card (in a
    region, the one offered there), and each other card follows with its own price or the
    words that none is offered (there), so no price is passed off as another card's."""
    count = w.ex.gpu_count or 1
    priced = {g: b for g in w.st.gpu_variants
              if (b := _plain_basis(w, g, count, share=count == 1)[0]) is not None}
    # a provider named: a card it offers before a cheaper one priced elsewhere; a trusted
    # price before a stale or suspect one (basis falls back to those for a card with none)
    lead = min(priced, key=lambda g: (g in w.provider_missed,
                                      priced[g][0].stale or priced[g][0].suspect,
                                      priced[g][1], g)) if priced else gid
    w.priced_gpu = lead
    _gpu_price(w, lead)
    notes = []
    for g in w.st.gpu_variants:
        if g == lead:
            continue
        b = priced.get(g)
        if b is not None and (b[0].suspect or b[0].stale) and not (
                count > 1 and w.det.provider and g in w.provider_missed):
            # another card's price quoted from a doubted or stale offer is warned about as
            # the lead's is (Hyperstack's undated $2.40/GPU-h H100 SXM5 line, doubted against
            # its own dated $3.20, went unflagged beside the flagged PCIe; regress5 #6)
            w.price_warnings(b[0])
        if b is not None and count > 1 and w.det.provider and g in w.provider_missed:
            # the provider named lists none of it: said so, never another provider's machine
            # quoted ("2x h100 on lambda" priced Azure's 2 x H100 NVL; audit ask_en2 #12)
            notes.append(w.say("gpu_variants_other_missing", gpu=w.gpu_name(g),
                               asked=w.provider_name()))
            continue
        if b is not None:
            rented, machine_gpu = _rented(b[0], b[1], count)
            if count > 1:
                # several GPUs: their price and the machine's own price per GPU
                idle = f", {_idle(w, rented - count, g)}" if rented > count else ""
                notes.append(w.say(w.on("gpu_variants_other_many", g), gpu=w.gpu_name(g),
                                   n=w.n(count), hour=w.usd(b[1] * count),
                                   price=_gpu_usd(w, machine_gpu), idle=idle,
                                   provider=w.where(b[0], count), kind=w.kinds[b[2]]))
                continue
            # the provider named lists none of it: said, then the price found elsewhere
            # ("an H100 on aws": the H100 NVL "from $1.98/h at vast" read as aws's)
            key = ("gpu_variants_other_elsewhere" if w.det.provider and g in w.provider_missed
                   else "gpu_variants_other")
            notes.append(w.say(key, gpu=w.gpu_name(g), price=w.usd(b[1]),
                               provider=w.where(b[0], count, share=count == 1),
                               kind=w.kinds[b[2]], asked=w.provider_name()))
            if w.det.provider and g not in w.provider_missed:
                doubted = _doubted_cheaper(w, g, b[1])
                if doubted:
                    notes[-1] = notes[-1].rstrip(".") + doubted + "."
        else:
            where = (w.say("gpu_variants_where", region=w.region_name())
                     if g in w.region_missed else "")
            notes.append(w.say("gpu_variants_other_none", gpu=w.gpu_name(g), where=where))
    if w.out.first is not None:
        w.out.more[0:0] = notes
    else:
        w.out.more.extend(notes)


_YEAR_HOURS = 24 * 365
"""A reservation's year, every hour of it billed (recommend/pricing.py: a reservation bills
24 h a day): 8,760 hours."""
_RESERVED_MONTH_HOURS = 24.0 * MONTH_DAYS
"""A month of a reservation, every hour billed: 720 hours (24 h/day, 30 days/month, the
month of every monthly figure of /v1/ask)."""
_TERM_STATED = re.compile(r"(?<![\w.])(\d{1,2})[\s-]*+(?P<unit>years?|months?)\b")
"""A term the catalog's reserved term states in so many words ("1-year", "12 months")."""


def _term_words(w: _W, months: int) -> str:
    """A reservation's term in words: "1-year", "3-year", "6-month" ("1 an", "6 luni")."""
    if months % 12 == 0:
        years = months // 12
        return (w.say("reserved_term_year_one") if years == 1
                else w.say("reserved_term_years", n=w.n(years)))
    return (w.say("reserved_term_month_one") if months == 1
            else w.say("reserved_term_months", n=w.n(months)))


def _term_months(term: str | None) -> int | None:
    """The months a catalog's reserved term states, None where it states none ("contract of
    agreed duration")."""
    m = _TERM_STATED.search(term or "")
    if m is None:
        return None
    return int(m.group(1)) * (12 if m.group("unit").startswith("y") else 1)


def _short_source(text: str) -> str:
    """A price's source, short: the page or the catalog file, without its commit, notes or
    the copy it was read from (as regions._source)."""
    return text.split(" @")[0].split(" (")[0].split(";")[0].split(": ")[0].strip()


def _reserved_dated(w: _W, v: OfferView, at: OfferView | None) -> str:
    """The reserved price's own date and source (its rate card's: scripts/build_catalog.py
    writes it after "; reserved: " in the row's source), and the on-demand price's at the same
    provider (``at``) where it is compared."""
    offer = w.catalog.offers_by_id.get(v.id)
    kind = offer.reserved_day_kind if offer is not None else v.as_of_kind
    _, sep, rsource = v.source.partition("; reserved: ")
    said = {"rdate": price_date_words(v.reserved_as_of or v.as_of, kind, w.t),
            "rsource": _short_source(rsource if sep else v.source)}
    if at is None:
        return w.say("reserved_dated_alone", **said)
    return w.say("reserved_dated", **said, provider=at.provider, odate=w.view_date(at),
                 osource=_short_source(at.source))


def _reserved_fit(x: OfferView, count: int) -> int:
    """How ``x``'s machines give the ``count``, as :meth:`_W.basis` and :func:`_month_total`
    rent them: one machine that holds them (0), machines that make them up (1), the fewest
    that cover them (2)."""
    return 0 if x.gpu_count >= count else 1 if count % x.gpu_count == 0 else 2


def _reserved_whole(price: float | None, x: OfferView, count: int) -> float:
    """``x``'s price per GPU of the ``count``, its machines rented whole (a 4-GPU machine for
    3 GPUs is paid whole, never three quarters of it)."""
    return (price or 0.0) * _instances(x, count) / count


def reserved_at(w: _W, gid: str, count: int
                ) -> tuple[OfferView, float, float | None, OfferView | None] | None:
    """The catalog's reserved price for ``count`` × ``gid`` and the on-demand price it is
    compared with, at the same provider: (the reserved offer, its price per GPU, that
    provider's on-demand price per GPU or None where it lists none, the offer of it), each on
    whole machines, one machine that holds the count first, a fresh reserved price before a
    stale one (which the caller flags: ``reserved_stale_inline``, :func:`reserved_stale_warn`).
    None where the catalog has no reserved price for ``gid``. The reserved answer and the
    spot answer's reserved price (terms._spot_reserved) both compare it so."""
    offers = [v for v in w.offers_for(gid) if v.reserved_usd_h is not None]
    if not offers:
        return None
    # whole machines, as the month of the count is priced (was a per-GPU share of any
    # machine: 3 GPUs at a quarter of a 4-GPU machine's price each)
    # one machine that holds the count before a fresher price on smaller machines joined
    # over the network ("8x H100" is one 8-GPU machine, as gpu_setups prices it: buyer
    # audit 21 #12); a stale price is warned about either way
    v = min(offers, key=lambda x: (x.suspect, _reserved_fit(x, count), bool(x.reserved_stale),
                                   _reserved_whole(x.reserved_usd_h, x, count), x.gpu_count))
    # the on-demand price it is compared with: the same provider's, a trusted one first, and
    # of those the one from the reserved price's own rate card (the same source and date:
    # the reserved offer's own on-demand price, else a row that carries the same reserved
    # price read on the day its on-demand price was); the reserved price's row may have none
    # (a spot row) or a doubted one. Hyperstack's reserved $1.75 (its rate card, read
    # 2026-08-26) was set against the undated $1.90 that conflicts with that card's own
    # on-demand $2.50: 8 % saved and a 92 % break-even, where the card gives 30 % and 70 %
    # (buyer audit 25a #7).
    here = [x for x in w.offers_for(gid) if x.provider == v.provider
            and x.on_demand_usd_h is not None]
    same = min(((x.suspect, not _same_card(x, v), _reserved_fit(x, count),
                 _reserved_whole(x.on_demand_usd_h, x, count), x.gpu_count, x.id, x)
                for x in here), key=lambda t: t[:6], default=None)
    there, at = (same[3], same[6]) if same is not None else (None, None)
    return v, _reserved_whole(v.reserved_usd_h, v, count), there, at


def _same_card(x: OfferView, v: OfferView) -> bool:
    """Whether ``x``'s on-demand price is from the rate card of ``v``'s reserved price: ``x``
    is ``v``, or carries the same reserved price from the same source and date, its on-demand
    price dated (not assumed) that same day."""
    if x.id == v.id:
        return True
    return (x.reserved_usd_h is not None and v.reserved_usd_h is not None
            and abs(x.reserved_usd_h / x.gpu_count - v.reserved_usd_h / v.gpu_count) < 1e-9
            and x.reserved_as_of == v.reserved_as_of and x.reserved_as_of is not None
            and _reserved_source(x) == _reserved_source(v)
            and x.as_of_kind != "assumed" and x.as_of == x.reserved_as_of)


def _reserved_source(v: OfferView) -> str:
    """The source of ``v``'s reserved price: what its row's source says after "; reserved: "
    (scripts/build_catalog.py), else the row's own."""
    _, sep, rsource = v.source.partition("; reserved: ")
    return rsource if sep else v.source


def provider_reserved_terms(w: _W, pid: str | None, lead: bool = False) -> str:
    """``pid``'s own reservation terms as its documentation states them (catalog/providers.toml
    ``reserved_terms``), quoted with their source and date, as a sentence beginning with a
    space (``lead``: without it); "" where the provider states none. They are terms, not
    prices: no saving is computed from them (an "up to 72%" is a ceiling, not a rate)."""
    p = w.catalog.providers_by_id.get(pid or "")
    if p is None or not p.reserved_terms:
        return ""
    said = w.say("provider_reserved_terms", provider=p.name,
                 terms=quoted(p.reserved_terms, w.t),
                 source=p.source.split(": ")[0].split("; ")[0] or p.id,
                 date=p.as_of.isoformat())
    return said if lead else " " + said


def reserved_providers(w: _W) -> bool:
    """A reservation asked with no GPU and no model ("Does AWS offer reserved pricing for GPU
    instances?", "Which providers offer reserved GPU pricing?"): the provider named's own
    reservation terms (catalog/providers.toml ``reserved_terms``, with their source and date)
    and whether the catalog holds a reserved price there; no provider named, every provider
    that states terms where providers are asked as a list; then the cards the catalog has a
    reserved price for. Buyer audit 29a
    #13: both got a generic passage, AWS's "up to 72%" never said. False where a GPU or a
    model is named (the price answer goes on)."""
    if w.ex.gpu is not None or w.model is not None or w.det.gpus:
        return False
    cards = reserved_cards_said(w)
    pid = w.det.provider
    if pid:
        p = w.catalog.providers_by_id.get(pid)
        if p is None:
            return False
        held = any(v.reserved_usd_h is not None and v.provider == pid
                   for v in w.catalog.views(w.today))
        terms = provider_reserved_terms(w, pid, lead=True)
        text = (terms or w.say("provider_reserved_terms_none", provider=p.name))
        if not held:
            text += " " + w.say("reserved_prices_none_at", provider=p.name)
        w.out.first = text + (f" {cards}" if cards else "")
        w.ask("provider_reserved_terms", 1 if p.reserved_terms else 0, "providers",
              yes=bool(p.reserved_terms) or held)
        return True
    stating = [p for p in w.catalog.providers if p.reserved_terms]
    if not stating or not w.st.providers_listed:
        return False
    rows = [w.say("provider_reserved_terms_row", provider=p.name,
                  terms=quoted(p.reserved_terms, w.t),
                  source=p.source.split(": ")[0].split("; ")[0] or p.id,
                  date=p.as_of.isoformat()) for p in stating]
    w.out.first = (w.say("providers_reserved_terms", n=w.n(len(stating)), rows="; ".join(rows))
                   + (f" {cards}" if cards else ""))
    w.ask("providers_with_reserved_terms", len(stating), "providers")
    return True


def reserved_stale_warn(w: _W, v: OfferView) -> None:
    """A reserved price past the staleness limit: warned about with its date and what
    /v1/recommendations does with it (leaves it out unless include_stale)."""
    if v.reserved_stale and v.reserved_as_of is not None:
        w.warn(w.say("warn_reserved_stale", setup=w.setup(v.gpu_count, v.gpu),
                     provider=v.provider, days=w.n((w.today - v.reserved_as_of).days),
                     date=v.reserved_as_of.isoformat(),
                     limit=w.n(w.catalog.stale_after_days)))


def reserved_cards(w: _W) -> list[str]:
    """The cards the catalog has a trusted reserved price for, cheapest reserved per GPU
    first (a card's best offer: its lowest reserved price per GPU)."""
    best: dict[str, float] = {}
    for v in w.catalog.views(w.today):
        if v.reserved_usd_h is None or v.suspect or v.provider in w.excluded():
            continue
        per = v.reserved_usd_h / v.gpu_count
        best[v.gpu] = min(best.get(v.gpu, per), per)
    return sorted(best, key=lambda g: (best[g], g))


def reserved_cards_said(w: _W) -> str:
    """The cards with a reserved price in the catalog, in words, each from its lowest
    reserved price per GPU, grouped by provider and price date, a date past the staleness
    limit said with its age ("NVIDIA RTX A4000 16GB (from $0.11/h per GPU), ... at
    hyperstack, as of 2026-08-26 (103 days old, past the 90-day limit: stale)"); empty where
    the catalog has none. Audit buyer27a #8: "no reserved price for V100" named none of the
    34 reserved rates the catalog holds, nor that they were stale."""
    cards = reserved_cards(w)
    if not cards:
        return ""
    groups: dict[tuple[str, str], list[str]] = {}
    stale: dict[tuple[str, str], int] = {}
    for gid in cards:
        v = min((x for x in w.catalog.views(w.today) if x.gpu == gid
                 and x.reserved_usd_h is not None and not x.suspect),
                key=lambda x: ((x.reserved_usd_h or 0.0) / x.gpu_count, x.reserved_stale))
        day = v.reserved_as_of.isoformat() if v.reserved_as_of is not None else "?"
        key = (v.provider, day)
        groups.setdefault(key, []).append(w.say(
            "reserved_cards_card", gpu=w.gpu_name(gid),
            price=w.usd((v.reserved_usd_h or 0.0) / v.gpu_count)))
        if v.reserved_stale and v.reserved_as_of is not None:
            stale[key] = (w.today - v.reserved_as_of).days
    said = [w.say("reserved_cards_group" if day != "?" else "reserved_cards_group_undated",
                  cards=", ".join(names), provider=provider, date=day,
                  stale=w.say("reserved_cards_stale", days=w.n(age),
                              limit=w.n(w.catalog.stale_after_days))
                  if (age := stale.get((provider, day))) is not None else "")
            for (provider, day), names in groups.items()]
    return w.say("reserved_cards", groups="; ".join(said))


def _reserved(w: _W, gid: str, count: int, od: float | None, hours: float | None,
              month: bool, sized: str | None = None) -> None:
    """A reserved price asked: the catalog's cheapest reserved price per GPU (a fresh one by
    its own date first) against the on-demand price at the same provider (the same offer's,
    else that provider's cheapest for the GPU), which is cheaper and by how much, by the hour
    and over a month at 24/7 (a reservation bills every hour), over the term asked (a year
    when a year is asked); the share of the hours the GPUs must be busy for the reservation
    to cost less (its break-even utilisation); the cheapest on-demand price elsewhere in a
    sentence of its own; where a term is asked and the catalog's reserved price states
    another (or none), said so; each price's date and source; a reserved price past the
    staleness limit warned about. It compared hyperstack's reserved $2.72 with hyperbolic's
    on-demand $1.29 ("on-demand is cheaper"), where hyperstack's own on-demand is $3.20
    ($4,205 a year saved), and never flagged the 99-day-old price; a 1-year reservation
    asked ("how much would I save with a 1-year reservation", buyer audit) led with an
    on-demand month and never said the term, the monthly saving or the break-even.

    ``sized``: the model's setup the ``count`` was sized for ("for Meta Llama 3.1 70B at
    awq-int4 (4-bit weights; ...) with 20 concurrent requests", cost._reserved_setup), said
    where the setup's cost leads: its month reserved (a month asked) or its term's totals
    (audit reserved23: "Reserved 1 year H100 for Llama 3.1 70B with 20 users: monthly cost?"
    led with the GPU's $23,827 a year, the model and the month asked never said)."""
    got = reserved_at(w, gid, count)
    if got is None:
        # unknown, never $0: said first, the on-demand price after it (it followed the
        # on-demand price as "the prices below are on-demand")
        # the cards that have one, with their price dates (audit buyer27a #8)
        cards = reserved_cards_said(w)
        # a provider named: none there (buyer audit 29a #13: "no reserved price for NVIDIA
        # H100 SXM5 80GB" at AWS, then the card's reserved $2.72 at hyperstack listed), with
        # that provider's own documented terms (catalog/providers.toml reserved_terms)
        named = w.provider_name()
        none = (w.say("reserved_none_at", gpu=w.gpu_name(gid), provider=named,
                      cards=f" {cards}" if cards else "",
                      terms=provider_reserved_terms(w, w.det.provider))
                if named else
                w.say("reserved_none", gpu=w.gpu_name(gid), cards=f" {cards}" if cards else ""))
        if w.out.first is None:
            w.out.more.insert(0, none)
        else:
            w.out.first = f"{none} {w.out.first}"
        return
    v, per, there, at = got
    setup = w.setup(count, gid)
    # the term asked ("a 1-year reservation", "reserved for 6 months"), else a year asked
    months = w.st.reserved_months or (12 if w.st.year_asked else None)
    term_h = months_hours(months) if months else None
    month_h = _RESERVED_MONTH_HOURS
    at247 = w.say("usage_days", h=w.hours(24.0), d=w.hours(MONTH_DAYS))
    old = (w.say("reserved_stale_inline", days=w.n((w.today - v.reserved_as_of).days))
           if v.reserved_stale and v.reserved_as_of is not None else "")
    total = ""
    # a part of the day (or month) stated ("used 6 hours a day"): the reservation still bills
    # every hour of the month, on-demand only the hours used; the two are weighed at that use,
    # never a reserved figure for the hours used (buyer audit 29a #13: "about $244.80 for
    # 6 h/day" and "$172.80/month saved" where reserving cost $691.20/month more)
    used_h = w.month_hours()
    partial = bool(w.st.hours_per_day) and used_h < month_h - 1e-9
    if partial:
        hours = month_h
    if hours and not partial and not (month and count == 1 and abs(hours - month_h) < 1e-9):
        # (one GPU's month at 24/7 is the month said beside the price)
        what = w.usage() if month else w.say("hours_n", h=w.hours(hours))
        total = w.say("reserved_total", total=w.usd(per * count * hours),
                      what=(setup + ", " + what) if count > 1 else what)
    asked: tuple[str, float, str, bool | None] = (
        ("reserved_usd", per * count * hours, "USD", None) if hours
        else ("reserved_per_gpu_hour_usd", per, "USD/h", None))
    # the offer the answer's on-demand price ``od`` (per GPU) comes from, where it is another
    # provider's than the reservation's, a machine of ``count`` first: its provider is named
    # (the reservation's provider's own other price, a doubted one that the comparison above
    # passed over, is not "elsewhere": the answer's lead says it with its doubt)
    cheapest = None
    if od is not None and (there is None or abs(od - there) > 1e-9):
        cheapest = min((x for x in w.offers_for(gid) if x.on_demand_usd_h is not None
                        and x.provider != v.provider
                        and abs(_reserved_whole(x.on_demand_usd_h, x, count) - od) < 0.005),
                       key=lambda x: (x.gpu_count != count, x.stale or x.suspect),
                       default=None)
    # cheaper on-demand elsewhere than this reservation, no provider named: whether
    # reserving is "cheaper than on-demand" has no one yes or no (Yes there, No elsewhere)
    mixed = cheapest is not None and od is not None and od < per and not w.det.provider
    if there is None:
        text = w.say("reserved_same_none", price=w.usd(per), stale=old, provider=v.provider,
                     total=total, gpu=w.gpu_name(gid), month=w.usd(per * month_h),
                     usage=at247)
    else:
        gap = there - per  # per GPU-hour, saved by reserving (negative: reserving costs more)
        span = (w.say("reserved_same_term" if gap > 0 else "reserved_same_term_dearer",
                      total=w.usd(abs(gap) * count * term_h), term=_term_words(w, months),
                      hours=w.n(term_h), setup=setup)
                if months and term_h else "")
        monthly = w.usd(abs(gap) * count * month_h)
        verdict = (w.say("reserved_same_saves", save=w.usd(gap), pct=w.f.percent(gap / there),
                         month=monthly, setup=setup, year=span) if gap > 0
                   else w.say("reserved_same_dearer", save=w.usd(-gap), month=monthly,
                              setup=setup, year=span))
        if partial:
            # at the use stated: on-demand bills the hours used, the reservation every hour
            od_use, res_month = there * count * used_h, per * count * month_h
            use_gap = od_use - res_month  # a month's saving by reserving (negative: dearer)
            gap = use_gap / (count * month_h)  # the yes/no below follows the use's saving
            span = (w.say("reserved_same_term" if use_gap > 0 else "reserved_same_term_dearer",
                          total=w.usd(abs(use_gap) * term_h / month_h),
                          term=_term_words(w, months), hours=w.n(term_h), setup=setup)
                    if months and term_h else "")
            verdict = w.say("reserved_same_use_saves" if use_gap > 0
                            else "reserved_same_use_dearer", usage=w.usage(),
                            od_use=w.usd(od_use), reserved=w.usd(res_month), setup=setup,
                            month=w.usd(abs(use_gap)), year=span)
        # the machine(s) the reserved price is for, where not one of the count's own size
        text = w.say("reserved_same", provider=w.where(v, count), price=w.usd(per), stale=old,
                     total=total, od=w.usd(there), verdict=verdict,
                     month=w.usd(per * month_h), od_month=w.usd(there * month_h),
                     usage=at247)
        lead_month = (sized is not None and w.sub == "month"
                      and not (w.st.saving_asked or w.st.yes_no or w.st.hour_asked))
        if lead_month:
            # a model's setup and a month asked: its month reserved leads, beside the same
            # setup's month on-demand there, the term and its totals (a reservation bills
            # every hour: 720 h a month, as the recommendations' reserved option bills it)
            text = w.say("reserved_setup_month", setup=setup, sized=sized or "",
                         provider=v.provider,
                         term=(w.say("reserved_setup_term", term=_term_words(w, months),
                                     hours=w.n(term_h)) if months and term_h else ""),
                         month=w.usd(per * count * month_h), price=w.usd(per),
                         stale=(w.say("reserved_setup_stale",
                                      days=w.n((w.today - v.reserved_as_of).days))
                                if old and v.reserved_as_of is not None else ""),
                         usage=at247, od_month=w.usd(there * count * month_h),
                         totals=(w.say("reserved_setup_totals",
                                       reserved=w.usd(per * count * term_h),
                                       od=w.usd(there * count * term_h))
                                 if months and term_h else "")) + " " + text
        elif months and term_h and not (w.st.saving_asked or w.st.yes_no):
            # a term asked, no saving or yes/no: both totals over it lead, the saving (their
            # difference) after them (audit recfit #2: "about $16,819 over the 1-year term"
            # led; neither the reserved $95,309 nor the on-demand $112,128 for 8 x A100 was
            # said)
            text = w.say("reserved_term_totals", term=_term_words(w, months),
                         hours=w.n(term_h), provider=v.provider,
                         setup=setup if sized is None else f"{setup} {sized}",
                         reserved=w.usd(per * count * term_h),
                         od=w.usd(there * count * term_h
                                  * (used_h / month_h if partial else 1.0)),
                         use=(w.say("reserved_term_use", usage=w.usage()) if partial
                              else "")) + " " + text
        if months and term_h and not w.st.hour_asked:
            asked = ("reserved_saving_usd_per_year" if months == 12 else "reserved_saving_usd",
                     round(gap * count * term_h, 2), "USD",
                     gap > 0 if w.st.yes_no and not mixed else None)
            if not (w.st.saving_asked or w.st.yes_no):
                # the totals lead: the first figure said is what was asked, the reserved
                # total over the term, never the saving said later (buyer audit 21 #12:
                # asked was the $33,638 saving under "$190,618 reserved, $224,256 on-demand")
                asked = ("reserved_usd_per_year" if months == 12 else "reserved_usd",
                         round(per * count * term_h, 2), "USD", None)
        if lead_month:
            # the setup's month reserved leads: it is the number asked
            asked = ("reserved_usd_per_month", round(per * count * month_h, 2), "USD", None)
    # the break-even utilisation: a reservation bills every hour of its term, on-demand only
    # the hours used; against the same provider's on-demand, else the cheapest elsewhere
    base, base_at = ((there, v.provider) if there is not None else
                     (od, cheapest.provider) if od is not None and cheapest is not None
                     else (None, None))
    if base:
        share = per / base
        text += " " + (w.say("reserved_breakeven", pct=w.f.percent(share),
                             hours=w.hours(round(24 * share, 1)), provider=base_at)
                       if share < 1 else w.say("reserved_breakeven_never", provider=base_at))
    if cheapest is not None and od is not None:
        # the cheapest on-demand price is another provider's: its own sentence, never the
        # reserved price's comparison
        span = (w.say("reserved_elsewhere_term",
                      total=w.usd(od * count * term_h * (used_h / month_h if partial else 1.0)),
                      term=_term_words(w, months),
                      setup=setup + (w.say("reserved_term_use", usage=w.usage())
                                     if partial else ""))
                if months and term_h else "")
        text += " " + w.say("reserved_elsewhere_less" if od < per
                            else "reserved_elsewhere_more", gpu=w.gpu_name(gid),
                            od=w.usd(od), provider=cheapest.provider, year=span,
                            month=w.usd(od * month_h))
    if months and _term_months(v.reserved_term) != months:
        # a term asked that the catalog's reserved price does not state: said, never passed
        # off as that term's price (hyperstack's is a "contract of agreed duration")
        # its first clause ("contract of agreed duration"; the rest names the rate card)
        term = (w.say("reserved_term_quoted", term=quoted(v.reserved_term.split("; ")[0], w.t))
                if v.reserved_term else w.t["core_alt_term_unknown"])
        text += " " + w.say("reserved_term_caveat", provider=v.provider, catalog_term=term,
                            term=_term_words(w, months))
    if _reserved_fit(v, count) and count > 1:
        # no reserved machine holds the count: why it is several smaller ones
        text += " " + w.say("reserved_split_why", setup=setup, provider=v.provider,
                            machine=w.setup(v.gpu_count, gid), n=w.n(count),
                            machines=w.n(_instances(v, count)))
    text += " " + _reserved_dated(w, v, at)
    if w.out.first is None or (w.st.on_demand and not months and not w.st.yes_no):
        w.out.more.insert(0, text)
    else:
        # the reserved price (or what reserving saves) is what was asked: it leads, the
        # on-demand price follows
        w.out.more.insert(0, w.out.first)
        w.out.first = text
        w.ask(asked[0], asked[1], asked[2], yes=asked[3])
    reserved_stale_warn(w, v)
    w.price_warnings(v)


def _setup_hour(w: _W, gid: str, count: int) -> bool:
    """The hourly price of ``count`` × ``gid`` (on-demand where published), for a model
    named with that GPU."""
    assert w.model is not None
    b = w.basis(gid, count)
    nodes = w.st.nodes
    if nodes is not None and nodes[0] * nodes[1] == count and nodes[1] > 1:
        # nodes of a size asked ("405B on 2 nodes of 8 H100"): that many machines of that
        # size (:func:`_node_basis`), said by where() as "2 machines of 8 × H100"; it was
        # 16 single-GPU machines (audit regress6 #9)
        nb = _node_basis(w, gid, nodes[1])
        if nb is not None:
            b = (nb[0], nb[1] / nodes[1], nb[2])
    inp = _prompt(w)  # the one default load: 3,584 in + 512 out (it was 4,096 in)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
    if b is None or r is None or not r.fits_in_memory:
        return False
    v, per, kind = b
    dated_note = ""
    later = _dated_instead(w, v, count) if kind == "on_demand" and b[0].gpu_count >= count \
        else None
    if later is not None:
        # the provider's one machine that holds them is stale or doubted: its dated rate
        # per GPU-hour for the count, said so (buyer29a #1)
        dated_note = _dated_said(w, v, later[0], later[1], count, gid)
        v, per = later
    at = (w.say("at_dated_rate", provider=v.provider, rate=w.usd(per)) if dated_note
          else w.where(v, count))
    w.record(r, inp + 512)
    # a stated length ("10 hours on 4 H100s for llama 3.1 70b"): its total, as with no model
    job_h = w.det.duration_hours if (w.det.duration_hours and w.sub != "month"
                                     and not w.st.hours_per_day) else None
    if job_h:
        # billed as every job is (the provider's granularity, the weights' storage for those
        # hours): 2 weeks of 70B on 4 x H100 left out its 141 GB of weights
        # (at a dated rate: one machine of the count, one disk for the weights)
        job = _billed_job(w, msgspec.structs.replace(v, gpu_count=count) if dated_note else v,
                          per, count, job_h, r.weights)
        w.out.first = w.say("cost_setup_total", hours=w.duration(job_h),
                            setup=w.setup(count, gid), model=w.model.name,
                            weights=_weights_said(w, r.weights),
                            total=w.usd(job.compute + job.storage), hour=w.usd(per * count),
                            provider=at, kind=w.kinds[kind])
        w.out.first += " " + _job_split(w, job)
        w.ask("per_job_usd", job.compute + job.storage, "USD")
    elif budget_lasts_asked(w) and per > 0:
        # "how long would $1,000 last serving 70B on 2 H100s?": the hours it buys at the
        # setup's hourly price (it gave the $2.58/h alone; audit regress8 #5)
        _budget_lasts(w, gid, count, per * count, at, kind, per,
                      model=w.model.name, weights=_weights_said(w, r.weights))
    else:
        w.out.first = w.say("cost_setup_hour", setup=w.setup(count, gid), model=w.model.name,
                            weights=_weights_said(w, r.weights), hour=w.usd(per * count),
                            provider=at, kind=w.kinds[kind],
                            month=w.usd(per * count * w.month_hours()), usage=w.usage())
        w.ask("per_hour_usd", per * count, "USD/h")
    ctx = w.ex.context_tokens
    if (ctx and ctx not in (w.st.prompt_tokens, w.st.output_tokens) and r.max_batch_size_in_memory
            and w.model.kind == "llm"):
        # a context stated ("with 128k tokens of context") is each request's size: how many
        # such requests the setup priced holds at once, its KV cache full (audit ask_left2:
        # it was priced as generating 128,000 tokens, then with no word of the context)
        w.out.more.append(w.say("cost_context_held", n=w.n(r.max_batch_size_in_memory),
                                ctx=w.n(inp + 512), kv=w.gib(r.memory.kv_cache_gib or 0.0)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    if dated_note and w.out.first:
        w.out.first += " " + dated_note
    w.price_warnings(v)
    return True


def _month_total(w: _W, gid: str, count: int | None = None) -> bool:
    """A month of ``gid`` running 24 h/day plus the storage and egress the question states,
    at the provider where the three together cost least; an unknown storage or egress price
    counts at the highest sourced rate of its class (as the recommendations count it). A
    length stated instead of a month (sub ``job``: "5 hours on 8 H100s with 500 GB of
    storage"): that many GPU hours, and the storage's monthly price for those hours as
    pricing's ``job_storage_usd`` prices a job's disk (hours of its 730-hour month, at least
    one), as the job costs of the other answers count it (a 720-hour share said $70.65 for
    the 5 hours above where they say $70.64)."""
    count = count or w.ex.gpu_count or 1
    job_h = w.det.duration_hours if w.sub == "job" else None
    gpu_hours = job_h or w.month_hours()
    held = job_storage_usd(1.0, job_h) if job_h else 1.0  # the share of a month stored
    storage_gb, egress_gb = w.st.storage_gb or 0.0, w.st.egress_gb or 0.0
    weights_disk = False
    weights = w.ex.weights or ""
    if not storage_gb and w.model is not None:
        # the recommendations count a disk for the weights when none is stated (their size
        # in GB, rounded up): so does the month here, with the same unknown-price rule
        r = w.size(gpu=gid, gpu_count=count, input_tokens=w.ex.context_tokens or 4096,
                   output_tokens=512)
        weights = r.weights if r is not None else weights
        if r is not None and r.memory.weights_gib:
            storage_gb = float(math.ceil(r.memory.weights_gib * 2**30 / 1e9))
            weights_disk = True
    max_storage, max_egress = unknown_price_defaults(w.catalog.providers)
    provs = w.catalog.providers_by_id
    best: tuple[float, float, float, float, OfferView, float, str, list[str]] | None = None
    cheapest: dict[str, tuple[float, OfferView]] = {}  # per provider: its on-demand $/GPU-h
    # GPUs asked with no model need not share a machine: smaller machines that make up the
    # count compete with one machine that holds it (:func:`_plain_basis`; 2 H100 at AWS
    # were its 8-GPU p5.48xlarge with 6 idle, not 2 of its 1-GPU p5.4xlarge)
    separate = w.model is None and _separable(w, count)
    one: tuple[float, OfferView] | None = None  # the cheapest one machine that holds them
    dated: OfferView | None = None  # the stale or doubted machine the dated rate replaces
    for x in w.offers_for(gid):
        if x.stale or x.suspect or x.on_demand_usd_h is None:
            continue
        if x.gpu_count < count and not (separate and count % x.gpu_count == 0):
            continue  # a model split over several GPUs needs them in one machine
        # the whole machine that holds them is rented, a larger one with its GPUs idle: one
        # L40S was half of lium's 2-GPU machine ($0.38/h), which lium does not rent alone
        price = x.on_demand_usd_h / (count if x.gpu_count >= count else x.gpu_count)
        if x.gpu_count >= count and (one is None or price < one[0]):
            one = (price, x)
        if x.provider not in cheapest or (
                # separate machines: on a tie to the cent, the fewer machines (one machine
                # before two that cost as much)
                (round(price * count, 2), _instances(x, count))
                < (round(cheapest[x.provider][0] * count, 2),
                   _instances(cheapest[x.provider][1], count))
                if separate else price < cheapest[x.provider][0]):
            cheapest[x.provider] = (price, x)
    if not cheapest and w.det.provider and count > 1:
        # the provider named rents no one machine of the count asked (RunPod prices each GPU
        # of a pod): machines that make up the count there, said so (:meth:`where`), never a
        # silent fallback to one GPU at another precision (audit regress2 #3: "70B on 2 H100
        # at RunPod" was 1 x H100 at awq-int4)
        b = w.basis(gid, count)
        if b is not None and b[2] == "on_demand" and b[0].provider == w.det.provider:
            later = _dated_instead(w, b[0], count)
            if later is not None:
                # its one machine that holds them is stale or doubted: the count at the
                # provider's own dated rate per GPU-hour, said so (buyer29a #1)
                cheapest[b[0].provider] = (later[1], later[0])
                dated = b[0]
            else:
                cheapest[b[0].provider] = (b[1], b[0])
    for per, o in cheapest.values():
        p = provs.get(o.provider)
        notes: list[str] = []
        storage = p.storage_usd(storage_gb) if p is not None else None
        if storage is None:
            storage = storage_gb * max_storage
            if storage_gb:
                notes.append(w.say("core_storage_unknown", provider=o.provider,
                                   rate=w.f.money(max_storage, 3)))
        egress = p.egress_usd(egress_gb) if p is not None and p.egress_known else None
        if egress is None:
            egress = egress_gb * max_egress
            if egress_gb:
                notes.append(w.say("core_egress_unknown", provider=o.provider,
                                   rate=w.f.money(max_egress, 3)))
        storage *= held
        gpu_cost = per * count * gpu_hours
        total = gpu_cost + storage + egress
        if best is None or total < best[0]:
            best = (total, gpu_cost, storage, egress, o, per, "on_demand", notes)
    if best is None:
        return False
    total, gpu_cost, storage, egress, o, per, kind, notes = best
    parts = ""
    # an unknown price's stand-in said in place, as the month's "Of which" says it (standin2:
    # "$186.26 for 1,000 GB of storage" at azure read as its price)
    said = w.stand_in_notes(o.provider, storage, egress)
    if storage_gb and job_h:
        parts += w.say("part_storage_hours", cost=w.usd(storage), gb=w.n(storage_gb),
                       month=w.usd(storage / held), month_h=w.n(HOURS_PER_MONTH),
                       note=said["storage_note"])
    elif storage_gb:
        parts += w.say("part_storage_weights" if weights_disk else "part_storage",
                       cost=w.usd(storage), gb=w.n(storage_gb), note=said["storage_note"])
    if egress_gb:
        parts += w.say("part_egress", cost=w.usd(egress), gb=w.n(egress_gb),
                       note=said["egress_note"])
    setup = w.setup(o.gpu_count, gid)
    at = w.where(o, count) if o.gpu_count < count else o.provider
    if dated is not None:  # the count at the provider's own dated rate per GPU-hour
        setup = w.setup(count, gid)
        at = w.say("at_dated_rate", provider=o.provider, rate=w.usd(per))
    elif o.gpu_count > count:  # the extra GPUs of the machine rented whole, said
        setup = w.say("setup_whole_idle", setup=setup, idle=_idle(w, o.gpu_count - count, gid))
    elif o.gpu_count < count:  # machines that make up the count: "2 × H100 at runpod, 2
        setup = w.setup(count, gid)  # machines of 1 × H100 ..." (w.where)
    w.out.first = w.say(w.on("cost_job_total" if job_h else "cost_month_total", gid),
                        total=w.usd(total),
                        setup=setup,
                        usage=w.usage(), hours=w.duration(job_h) if job_h else "",
                        provider=at,
                        gpu_cost=w.usd(gpu_cost),
                        hour=w.usd(per * count), kind=w.kinds[kind], parts=parts)
    if separate and o.gpu_count < count and one is not None:
        # separate machines led: what they suit, and the one machine that holds them all
        ov = one[1]
        w.out.first += " " + _one_machine_alt(
            w, ov, one[0] * count, "on_demand", count, False,
            total=one[0] * count * job_h if job_h else None, job_h=job_h)
    w.ask("per_job_usd" if job_h else "per_month_usd", total, "USD")
    if dated is not None:  # the machine left out, why, and what the month is priced at
        w.out.first += " " + _dated_said(w, dated, o, per, count, gid)
    if not job_h:
        w.month_split = (gpu_cost, storage, egress)  # a year asked: cost._year_of_month
    w.out.priced_setup = setup
    w.out.priced_offer = OfferNumbers(
        offer_id=o.id, provider=o.provider, gpu=o.gpu_name,
        gpu_count=count if dated is not None else o.gpu_count,
        nodes=(_instances(o, count) if o.gpu_count < count and dated is None
               and not w.pod(o, count) else 1),
        weights=weights,
        pricing_model=kind, per_hour_usd=per * count,
        per_month_usd=None if job_h else total, as_of=o.as_of.isoformat(), source=o.source,
        as_of_kind=o.as_of_kind, price_date=w.view_date(o), why=w.out.first)
    if w.st.day_also and not job_h:
        # "per hour, per day and per month": the day's GPU time too, as the GPU's price says
        # it (audit buyer21 #7: 70B on 2 H100 gave $1,884/month and $2.58/h, no day)
        day_h = w.st.hours_per_day or 24.0
        w.out.more.insert(0, w.say("cost_per_day", total=w.usd(per * count * day_h),
                                   hours=w.day_hours(day_h), hour=w.usd(per * count)))
    w.out.more.append(w.say("price_date", date=w.view_date(o)))
    prov = w.catalog.providers_by_id.get(o.provider)
    if prov is not None:  # the storage and egress prices' own dates and sources
        if storage_gb and prov.storage_usd(storage_gb) is not None:
            w.out.more.append(w.terms_source(prov, egress=False))
        if egress_gb and prov.egress_known:
            w.out.more.append(w.terms_source(prov, egress=True))
    for n in notes:
        w.warn(n)
    w.price_warnings(o)
    return True


def compare_providers(w: _W) -> bool:
    """Two or more providers named for one GPU ("runpod vs lambda for h100", "is lambda
    cheaper than runpod for a100 80gb", "coreweave vs lambda 8x h100"): for each card the
    name covers that one of them rents, every provider named with its price for the same
    count, cheapest first: per GPU and the machine it comes from (Lambda's H100 SXM5 at
    $3.99/h per GPU of its 8-GPU machine, $31.92/h), or that it rents none. Each provider is
    priced as a question naming it alone is (:meth:`_W.basis` with ``det.provider``, its
    trust read as for a named provider), never with another's offer. It answered the first
    provider named only (audit ask_en2 #4). False where fewer than two providers or no GPU
    are named, or a model is (its cost answer prices the setup)."""
    provs = w.st.providers_named
    gid = w.ex.gpu
    if len(provs) < 2 or gid is None or w.model is not None or len(w.det.gpus or []) > 1:
        return False  # (two GPUs named: the GPU comparison, at the first provider named)
    count = w.ex.gpu_count or 1
    cards = (list(w.st.gpu_variants) if gid in w.st.gpu_variants
             else list(w.st.gpu_family) if gid in w.st.gpu_family else [gid])
    det = w.det
    sentences: list[tuple[float, str]] = []
    best: tuple[float, str] | None = None
    dates: list[str] = []
    try:
        for g in cards:
            got: list[tuple[float, str, str]] = []  # (per GPU, provider, its row)
            none: list[str] = []
            for p in provs:
                w.det = msgspec.structs.replace(det, provider=p)
                w.provider_missed.discard(g)
                b = w.basis(g, count, share=count == 1)
                if b is None or g in w.provider_missed:
                    none.append(p)
                    continue
                v, per, kind = b
                machine = getattr(v, f"{kind}_usd_h", None) or per * v.gpu_count
                if count == 1:
                    row = w.say("provider_compare_row_one" if v.gpu_count == 1
                                else "provider_compare_row_share", provider=p,
                                per=w.usd(per), n=w.n(v.gpu_count), machine=w.usd(machine),
                                kind=w.kinds[kind])
                else:
                    row = w.say("provider_compare_row_many", provider=p,
                                total=w.usd(per * count), n=w.n(count),
                                per=w.usd(w.machine_gpu_price(b)), where=w.where(v, count),
                                kind=w.kinds[kind])
                if count == 1:
                    row += _doubted_cheaper(w, g, per)
                got.append((per, p, row))
                w.price_warnings(v)
                date = w.view_date(v)
                if date not in dates:
                    dates.append(date)
            w.provider_missed.discard(g)
            if not got:
                continue
            got.sort(key=lambda x: (x[0], x[1]))
            rows = [x[2] for x in got] + [w.say("provider_compare_none", provider=p)
                                          for p in none]
            cheap = (w.say("provider_compare_cheaper", provider=got[0][1])
                     if len(got) > 1 and got[0][0] < got[1][0] else "")
            sentences.append((got[0][0], w.say("provider_compare_card", gpu=w.gpu_name(g),
                                               rows="; ".join(rows), cheaper=cheap)))
            if best is None or got[0][0] < best[0]:
                best = (got[0][0], got[0][1])
    finally:
        w.det = det
    if best is None:
        w.out.first = w.say("provider_compare_nothing", setup=w.setup(count, gid),
                            providers=", ".join(provs))
        w.out.computed = True
        return True
    sentences.sort(key=lambda x: x[0])
    w.out.first = w.say("provider_compare", setup=w.setup(count, gid),
                        providers=", ".join(provs)) + " " + " ".join(s for _, s in sentences)
    w.out.more.append(w.say("price_date", date=", ".join(dates)))
    if count == 1:
        w.ask("per_gpu_hour_usd", best[0], "USD/h")
    else:
        w.ask("per_hour_usd", best[0] * count, "USD/h")
    return True


def _doubted_cheaper(w: _W, gid: str, per: float) -> str:
    """Where the provider named (``det.provider``) lists ``gid`` per GPU below ``per`` only
    on a machine whose price the catalog doubts, that machine's rate, said as doubted (its
    warning added): ", its 8-GPU machine lists $3.99/h per GPU ($31.92/h), a price the
    catalog doubts" beside Lambda's trusted $4.09 of the 4-GPU machine (audit ask_en2 #12:
    Lambda's cheapest per-GPU rate went unsaid). Empty where there is none."""
    cheaper = [v for v in w.offers_for(gid)
               if v.suspect and not v.stale and v.on_demand_usd_h is not None
               and w.usd(v.on_demand_usd_h / v.gpu_count) != w.usd(per)
               and v.on_demand_usd_h / v.gpu_count < per]
    if not cheaper:
        return ""
    v = min(cheaper, key=lambda x: (x.on_demand_usd_h or 0.0) / x.gpu_count)
    hour = v.on_demand_usd_h or 0.0
    w.price_warnings(v)
    return w.say("provider_doubted_cheaper", n=w.n(v.gpu_count), per=w.usd(hour / v.gpu_count),
                 machine=w.usd(hour))


def left_out_cheaper(w: _W, kw: dict[str, Any], o: Option) -> None:
    """After the cheapest match ``o``, the cheaper machines the recommendations for the same
    inputs left out, with why (audit s4r1: "Cheapest way to serve DeepSeek-R1?" led with 8 ×
    H200 at $15.97/h, and "DeepSeek-R1 on MI300X" priced 4 × MI300X at $9.16/h, with no word of
    why the cheapest answer passed it over): a machine the model fits only without the memory
    headroom, a stale or suspect price, a GPU that cannot run the weights, a target missed.
    Cards too small for the model and offers over a budget are no news; at most three, the
    cheapest first, as the recommendations list them."""
    full = w.recommend(explain=True, **kw)
    if full is None or not full.options or full.options[0].offer.id != o.offer.id:
        return  # not the ranking the lead is from
    rows: list[str] = []
    for r in sorted(full.rejected, key=lambda x: (x.price_usd_h or 0.0, x.offer_id)):
        if (r.price_usd_h is None or r.price_kind in (None, "reserved")
                or r.price_usd_h >= o.cost.per_hour_usd):
            continue
        # the machines the load takes on that offer, priced against the lead's total (audit
        # regress12 #8: one A100 at $0.55/h was "cheaper" than 5 nodes at $1.05/h for 200
        # users of 8B, which take two A100s, $1.10/h)
        load = _left_out_load(w, kw, r, o.weights)
        if load is None:
            continue
        nodes, room = load
        if r.price_usd_h * nodes >= o.cost.per_hour_usd:
            continue
        why = (_layout_why(w, room) if isinstance(room, _LayoutMiss)
               else _left_out_why(w, r, room))
        if why is not None:
            one = w.setup(r.gpu_count, r.gpu)
            rows.append(w.say("left_out_row", setup=w.say("instances", n=w.n(nodes), setup=one)
                              if nodes > 1 else one,
                              provider=r.provider, hour=w.usd(r.price_usd_h * nodes),
                              kind=w.kinds[r.price_kind], why=why))
    if rows:
        w.out.more.append(w.say("cost_left_out", rows="; ".join(rows[:3])))


# a precision id holds no "(": each "(" starts one scan of one word (a run of "(" was
# quadratic with \S+, 36 ms on 40 of them)
_REASON_WEIGHTS = re.compile(r"\(([^\s(]++) weights[,)]")
_REASON_LIMIT = re.compile(r"(?<![\d.])([\d.]++) GiB with the [\d.]++% headroom(?=;|$)")
"""The per-GPU limit a memory rejection quotes, at its end or before the idle-split clause
(fix/askspot: "...; replicas of tensor parallel 2 would fit but leave 1 of its 3 GPUs idle")."""


@dataclass(frozen=True)
class _LayoutMiss:
    """A machine the recommendations ranked only as replicas too narrow for the headroom,
    that /v1/sizing holds the whole load on as one pipeline with the headroom kept (3 x RTX
    3090 for Qwen 2.5 32B: 3 replicas of 1 GPU, each needing 21.2 GiB for one request over the
    19.4 GiB the 10% headroom leaves; a 3-stage pipeline at 30 requests uses 19.2 of 21.6
    GiB per GPU, 11.2% free)."""
    replicas: int
    per: int
    need_gib: float
    limit_gib: float
    room_pct: float
    stages: int
    free_pct: float


def _left_out_load(w: _W, kw: dict[str, Any], r: Rejected, weights: str
                   ) -> tuple[int, tuple[float, float, float] | _LayoutMiss | None] | None:
    """The machines of ``r`` the request's load takes, and for a headroom near miss its
    need at that load ((need per GPU, capacity, headroom %) of /v1/sizing at every
    concurrent request, none where one machine does not hold them all). The machines are
    the fewest whose engines admit the concurrent requests at the request's context (sizing's
    ``max_batch_size`` of one machine, at the precision its reason names, else the lead's):
    the recommendations, keeping their memory headroom, take as many or more. (1, the
    reason's own figures) for one request; None where the load cannot be sized there (a
    capacity unknown at that load is no cheaper offer)."""
    users = max(1, int(kw.get("concurrent_requests") or 1))
    miss = headroom_miss(r.reason) if rejection_kind(r.reason) == "memory" else None
    if users == 1:
        return 1, miss
    ctx = int(kw.get("context_tokens") or 4096)
    out = int(kw.get("output_tokens") or 512)
    split = headroom_miss_split(r.reason)
    said = _REASON_WEIGHTS.search(r.reason)  # a target missed: "(awq-int4 weights, ...)"
    at = w.size(gpu=r.gpu, gpu_count=r.gpu_count,
                weights=split[0] if split else said[1] if said else weights,
                input_tokens=max(1, ctx - out), output_tokens=out,
                batch_size=users if miss is not None else 1)
    if at is None or at.gpu is None:
        return None
    if miss is not None:
        # a headroom near miss only where one machine holds the whole load without it
        cap = w.cap(at)
        if not at.fits_in_memory or at.memory.per_gpu_gib > cap:
            return None
        free = (cap - at.memory.per_gpu_gib) / cap * 100 if cap else 0.0
        over = split[1] if split else r.gpu_count
        if over >= r.gpu_count:
            # the layout sized is the recommendations' own (one replica over the machine):
            # a near miss only where less than the headroom is left free at the load
            return (1, (at.memory.per_gpu_gib, cap, miss[2])) if free < miss[2] else None
        # the recommendations ranked it only as replicas of ``over`` GPUs (a tensor split
        # dividing the attention heads), not as the layout sized above (audit regress13 #4:
        # "11.2% free, under the 10% headroom" for 3 x RTX 3090 split 3 ways): the free
        # share at their layout, each replica at its share of the load
        replicas = r.gpu_count // over
        own = w.size(gpu=r.gpu, gpu_count=over, weights=split[0] if split else weights,
                     input_tokens=max(1, ctx - out), output_tokens=out,
                     batch_size=math.ceil(users / replicas))
        own_cap = w.cap(own) if own is not None and own.gpu is not None else 0.0
        if own is not None and own.fits_in_memory and 0 < own.memory.per_gpu_gib <= own_cap:
            own_free = (own_cap - own.memory.per_gpu_gib) / own_cap * 100
            return (1, (own.memory.per_gpu_gib, own_cap, miss[2])) if own_free < miss[2] \
                else None
        limit = _REASON_LIMIT.search(r.reason)
        stages = at.layout.pipeline if at.layout is not None else 1
        if free < miss[2] or stages <= 1 or limit is None:
            return None
        return 1, _LayoutMiss(replicas, over, miss[0], float(limit[1]), miss[2], stages, free)
    if not at.max_batch_size_in_memory:
        return None
    return math.ceil(users / at.max_batch_size_in_memory), None


def _layout_why(w: _W, m: _LayoutMiss) -> str:
    """Why a machine that holds the load as one pipeline was left out: the layout the
    recommendations ranked and its need, then the pipeline /v1/sizing fits it as."""
    return w.say("left_out_layout", replicas=w.replicas(m.replicas),
                 per_replica=w.gpus_per_replica(m.per, None), need=w.gib(m.need_gib),
                 limit=w.gib(m.limit_gib), room=w.n(m.room_pct) + "%", stages=w.n(m.stages),
                 free=w.n(m.free_pct, 1) + "%")


def _left_out_why(w: _W, r: Rejected, room: tuple[float, float, float] | None = None
                  ) -> str | None:
    """Why the recommendations left ``r`` out, short, in the answer's language; None for a
    card too small, a budget, billing or a network (no news beside a cheaper lead).
    ``room``: a headroom near miss's need at the request's load (:func:`_left_out_load`)."""
    kind = rejection_kind(r.reason)
    miss = room if kind == "memory" else None
    if miss is not None:
        need, cap, pct = miss
        return w.say("left_out_headroom", free=w.n((cap - need) / cap * 100, 1) + "%",
                     room=w.n(pct) + "%")
    if r.reason.startswith("stale:"):
        v = w.view_of(r.offer_id)
        return w.say("left_out_stale", date=w.view_date(v)) if v is not None else None
    if r.reason.startswith("suspect price:"):
        return w.say("left_out_suspect")
    if kind in ("hardware", "targets"):
        # its first clause ("cannot run mxfp4 with vllm", "misses the default
        # time-to-first-token target ..."): the rule's whole text is in /v1/recommendations
        return localise(r.reason, w.t, w.f, w.kinds, w.known_gpu_name).split(": ")[0]
    return None


def setup_headroom_note(w: _W, gid: str, count: int, rec: Recommendation | None) -> None:
    """After the price of ``count`` × ``gid`` named in the question (:func:`_setup_hour`):
    where it holds the model with less of each GPU's memory free than the recommendations
    keep (``SERVICE_HEADROOM_PCT``), that share, and the cheapest setup they rank for the
    same inputs instead (audit s4r1: 4 × MI300X for DeepSeek-R1 fp8, 8.2 % free, priced at
    $9.16/h while the cheapest answer led with 8 × H200 at $15.97/h, unexplained)."""
    if rec is None or not rec.options or w.model is None or w.model.kind != "llm":
        return
    top = rec.options[0]
    if (top.offer.gpu, top.offer.gpu_count, top.nodes) == (gid, count, 1):
        return
    # the load _setup_hour sized and priced (one request of the default context)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=_prompt(w), output_tokens=512)
    if r is None or not r.fits_in_memory or r.gpu is None:
        return
    cap = w.cap(r)
    free = (cap - r.memory.per_gpu_gib) / cap * 100 if cap else 100.0
    if free >= SERVICE_HEADROOM_PCT:
        return
    w.out.more.insert(0, w.say("cost_setup_headroom", setup=w.setup(count, gid),
                               free=w.n(free, 1) + "%", room=w.n(SERVICE_HEADROOM_PCT) + "%",
                               lead=w.option_setup(top), provider=top.offer.provider,
                               hour=w.usd(top.cost.per_hour_usd)))


_SIXTEEN_BIT = ("bf16", "fp16")
"""Weights that are not quantized: the third tier of :func:`budget_models`."""


def budget_models(w: _W) -> bool:
    """A monthly, daily or hourly budget and no model, GPU or job named ("what can I run for
    $500/month?", "what's the biggest LLM I can serve for $500 a month?", "ce pot rula cu 500
    de dolari pe lună?"): the largest catalog language model (by parameters) that any setup
    the recommendations rank within the budget serves, on the cheapest such setup, leads with
    its price, its date and its speed; then the largest on one GPU and the largest at 16-bit
    weights where those are other models or setups; each one replica at the question's context
    and users (4,096 tokens and one user unless stated), on on-demand prices at the stated use
    (24 h/day, 30 days: $500 is at most $0.694/h), as /v1/recommendations ranks a model under
    ``max_usd_per_month``. It gave a guidance passage with no numbers (buyer audit). Models are
    tried largest first, only where their weights at 4 bits (or their own smaller format) fit
    the memory of some machine the budget rents; False where nothing is answered."""
    budget = w.ex.budget_usd_per_month or w.ex.budget_usd_per_hour or w.st.budget_usd_per_day
    if (not budget or budget <= 0 or w.model is not None or w.st.media_named
            or w.ex.workload not in (None, "serving") or w.det.tokens or w.st.storage_gb
            or w.st.egress_gb or w.st.gpu_family or w.st.instance_types):
        return False
    hours = w.month_hours()

    def dollars(v: float) -> str:  # an hourly cap to a tenth of a cent: $0.694 is not $0.69
        return w.f.money(v, 3) if v < 10 else w.usd(v)

    if w.ex.budget_usd_per_month:
        cap = budget / hours
        said = w.say("budget_models_month", budget=w.usd(budget), cap=dollars(cap),
                     usage=w.usage())
    elif w.ex.budget_usd_per_hour:
        cap = budget
        said = w.say("budget_models_hour", budget=w.usd(budget), month=w.usd(budget * hours),
                     usage=w.usage())
    else:
        cap = budget * MONTH_DAYS / hours  # a day's budget is a 30-day month's, as recommend
        said = w.say("budget_models_day", budget=w.usd(budget), cap=dollars(cap),
                     usage=w.usage())
    left_out = w.excluded()
    views = [v for v in w.catalog.views(w.today)
             if v.on_demand_usd_h is not None and not v.stale and not v.suspect
             and v.provider not in left_out
             and (w.det.provider is None or v.provider == w.det.provider)]
    within = [v for v in views if (v.on_demand_usd_h or 0.0) <= cap]
    if not within:
        if not views or w.det.region:
            return False  # (a region asked: these machines' places are not read here)
        v = min(views, key=lambda x: (x.on_demand_usd_h or 0.0, x.gpu_count, x.id))
        price = v.on_demand_usd_h or 0.0
        w.out.first = w.say("budget_models_none", within=said,
                            setup=w.setup(v.gpu_count, v.gpu), provider=v.provider,
                            hour=w.usd(price), month=w.usd(price * hours), usage=w.usage(),
                            kind=w.kinds["on_demand"], date=w.view_date(v))
        w.ask("per_month_usd", price * hours, "USD")
        w.price_warnings(v)
        return True
    gpus = w.reg.gpus
    most = max(v.gpu_count * gpus[v.gpu].usable_gib for v in within)
    most_one = max((gpus[v.gpu].usable_gib for v in within if v.gpu_count == 1), default=0.0)
    # a speed per user stated ("for 10 users at 30 tokens/s each") is the floor the setups
    # are held to, in place of the recommendations' default one (it was ignored: the lead
    # served its users at 10 tokens/s; audit budgetfit)
    stated_tps = w.st.min_tokens_per_s or None
    kw: dict[str, Any] = {"workload": "serving", "interruptible": False, "top_n": 50,
                          "concurrent_requests": w.ex.concurrent_requests or 1,
                          "context_tokens": w.ex.context_tokens,
                          "min_decode_tokens_per_s": stated_tps}
    ids = sorted({v.gpu for v in within})
    if len(ids) <= 50:  # (the request's list takes 50; more is every GPU anyway)
        kw["gpus"] = ids
    ctx = w.ex.context_tokens or DEFAULT_CONTEXT_TOKENS
    models = sorted((m for m in w.reg.models.values()
                     if m.kind == "llm" and m.task == "generate"
                     and (m.context_limit is None or m.context_limit >= ctx)),
                    key=lambda m: (-m.total_params, m.id))
    asked = get_precision(w.weights) if w.weights else None
    users = w.ex.concurrent_requests or 1
    least = ([asked] if asked is not None else [get_precision("awq-int4")])
    caps = {"all": most, "one": most_one}
    if asked is None:
        caps["sixteen"] = most
    tiers: dict[str, tuple[ModelEntry, Option, Recommendation]] = {}
    tries = 0
    for m in models:
        if len(tiers) == len(caps) or tries >= _BUDGET_MODELS_TRIES:
            break
        open_ = [t for t in caps if t not in tiers]
        sized = sized_from_entry(m)
        native = default_weights(m.id, None, sized).precision
        small = least if asked is not None else [*least, native]
        bounds = {"all": small, "one": small, "sixteen": [get_precision("bf16")]}
        # the weights alone, then the memory of the load on one GPU (the least any number
        # of GPUs holds it in): a model no machine within the budget can hold is not tried
        need = [t for t in open_ if min(weights_gib(sized, x) for x in bounds[t]) <= caps[t]]
        need = [t for t in need if _load_gib(w, m.id, bounds[t], ctx, users) <= caps[t]]
        if "all" in need or "one" in need:
            tries += 1
            _tiers_of(m, _recommend_for(w, m.id, **kw), need, tiers)
        if "sixteen" in need and "sixteen" not in tiers:
            # the 16-bit setups asked for themselves: among every precision's, the 50 the
            # recommendations list can all be quantized ones (Mixtral 8x7B's 8 x A4000 at
            # bf16 is past fifty cheaper int4 and fp8 setups)
            tries += 1
            rec = _recommend_for(w, m.id, **{**kw, "weights": "bf16"})
            if rec is not None and rec.options:
                tiers["sixteen"] = (m, rec.options[0], rec)
    if "all" not in tiers:
        return False
    m, o, rec = tiers["all"]
    # the default decode floor the recommendations held the setups to (none stated): the
    # lead says the largest model that serves the users at that speed, and that the floor is
    # a default (audit budgetbest: 14.9 tokens/s per user led with no floor said)
    floor = stated_tps or _decode_floor(rec)
    n_users = w.n(users)
    serves = (w.say("budget_models_serves_floor", users=n_users, tps=w.n(floor))
              if floor and users > 1
              else w.say("budget_models_runs_floor", tps=w.n(floor)) if floor
              else w.say("budget_models_serves", users=n_users) if users > 1
              else w.say("budget_models_runs"))
    lead = w.say("budget_models_lead", serves=serves, within=said, **_tier_words(w, m, o))
    # "the best LLM setup": the lead says it read "best" as the largest (audit budgetbest)
    w.out.first = w.say("budget_models_best", lead=_decap(w, lead)) if w.st.best_asked else lead
    # the number asked is the lead's month (it was its parameter count, meaningless alone:
    # the model is in the text and in numbers.recommendations; audit budgetbest)
    w.ask("per_month_usd", o.cost.per_month_usd or o.cost.per_hour_usd * hours, "USD")
    shown = [(o, rec)]
    for t in ("one", "sixteen"):
        if t not in tiers:
            continue
        tm, to, trec = tiers[t]
        if any(to.offer.id == x.offer.id and to.weights == x.weights for x, _ in shown) or (
                t == "one" and o.offer.gpu_count * o.nodes == 1) or (
                t == "sixteen" and o.weights in _SIXTEEN_BIT):
            continue
        w.out.more.append(w.say(f"budget_models_{t}", **_tier_words(w, tm, to)))
        shown.append((to, trec))
    one_each = all(x.fit.replicas_per_node * x.nodes == 1 for x, _ in shown)
    w.out.more.append(w.say("budget_models_basis" if one_each else "budget_models_basis_load",
                            ctx=w.n(ctx), users=w.say("budget_models_users_one") if users == 1
                            else w.say("budget_models_users", n=w.n(users))))
    if floor:
        w.out.more.append(w.say("budget_models_floor_stated" if stated_tps
                                else "budget_models_floor", tps=w.n(floor),
                                users=w.say("budget_models_users_one") if users == 1
                                else w.say("budget_models_users", n=n_users)))
    for x, r in shown:
        w.offer_numbers(msgspec.structs.replace(r, options=[x]))
    # the thin-margin sentence names the lead: the other tiers are said between them
    # (audit budgetbest: "That first-token time (1,543 ms)" after DBRX's and Qwen2's setups)
    w.option_warnings(o, who=w.say("budget_models_who", model=m.name,
                                   setup=w.option_setup(o), provider=o.offer.provider)
                      if len(shown) > 1 else None)
    return True


def _decode_floor(rec: Recommendation) -> float | None:
    """The default decode speed per user (``DEFAULT_DECODE_TOKENS_PER_S``) where the
    recommendations ``rec`` held their options to it (no speed stated, the defaults
    applied: their ``serving_defaults`` assumption names it); None otherwise."""
    said = f">= {DEFAULT_DECODE_TOKENS_PER_S:g} tokens/s per user"
    return (DEFAULT_DECODE_TOKENS_PER_S if any(
        a.name == "serving_defaults" and said in a.value for a in rec.assumptions) else None)


def _tiers_of(m: ModelEntry, rec: Recommendation | None, need: list[str],
              tiers: dict[str, tuple[ModelEntry, Option, Recommendation]]) -> None:
    """The tiers of :func:`budget_models` still open (``need``) that ``m``'s ranked options
    fill: any option ("all"), one on a single GPU ("one"), one at 16-bit weights
    ("sixteen"), the cheapest of each (the options are ranked)."""
    for o in rec.options if rec is not None else []:
        one = o.offer.gpu_count * o.nodes == 1
        for t in need:
            if t not in tiers and (t == "all" or (t == "one" and one) or (
                    t == "sixteen" and o.weights in _SIXTEEN_BIT)):
                assert rec is not None
                tiers[t] = (m, o, rec)


_BUDGET_MODELS_TRIES = 30
"""The most models :func:`budget_models` has ranked (a bound on its time: each ranking of a
model that no setup within the budget serves costs up to two seconds at 50 users); the tiers
not found by then are not said."""


def _load_gib(w: _W, model_id: str, precisions: list[Precision], ctx: int, users: int
              ) -> float:
    """The least memory ``users`` requests of ``ctx`` tokens to ``model_id`` need on one GPU
    at any of ``precisions`` (weights, KV cache and overhead, as /v1/sizing counts them):
    what any number of GPUs holds at least; infinite where none is sized."""
    sized = []
    for p in precisions:
        try:
            r = size(msgspec.convert({"model": model_id, "weights": p.id, "input_tokens": ctx,
                                      "output_tokens": 0, "batch_size": users},
                                     SizingRequest), w.catalog)
        except (DomainError, ValueError, msgspec.ValidationError):
            continue
        sized.append(r.memory.total_gib)
    return min(sized, default=math.inf)


def _recommend_for(w: _W, model_id: str, **kw: Any) -> Recommendation | None:
    """:meth:`_W.recommend` for ``model_id`` where the question names no model (the
    question's provider, region, exclusions, budget and use applied as for a model named)."""
    saved = (w.model_id, w.model, w.scaled)
    w.model_id, w.model, w.scaled = model_id, w.reg.models[model_id], None
    try:
        return w.recommend(**kw)
    finally:
        w.model_id, w.model, w.scaled = saved


def _tier_words(w: _W, m: ModelEntry, o: Option) -> dict[str, str]:
    """The words of one of :func:`budget_models`' setups: the model with its parameters
    (and its active ones for a mixture of experts), its weights, the setup, its price by the
    hour and the month, the price's date and the speed one user gets."""
    b = m.total_params / 1e9
    params = (w.say("budget_models_params_moe", b=w.n(b, 1 if b < 100 else 0),
                    active=w.n(m.active_params / 1e9, 1))
              if m.active_params and m.active_params < m.total_params
              else w.say("budget_models_params", b=w.n(b, 1 if b < 100 else 0)))
    tps = o.performance.decode_tokens_per_s_per_user
    return {"model": m.name, "params": params, "weights": o.weights,
            "setup": w.option_setup(o), "provider": o.offer.provider,
            "hour": w.usd(o.cost.per_hour_usd), "kind": w.kinds[o.pricing_model],
            "month": w.usd(o.cost.per_month_usd or o.cost.per_hour_usd * w.month_hours()),
            "date": price_date_words(o.offer.as_of, o.offer.as_of_kind, w.t),
            "tps": w.say("budget_models_tps", tps=w.rate(tps)) if tps else ""}


_INSTANCE_REGIONS_SAID = 3
"""The locations an instance's price is said in, the rest counted ("in us-east-1, us-east-2,
us-west-2 and 14 more locations")."""


_LOCAL_ZONE = re.compile(r"[a-z]{2,4}+\d++-[a-z]{3}+\d++-az\d++")
"""An AWS Local Zone id ("use1-atl2-az1"; service/adapters/importers.py labels a Local Zone's
offers by it alone)."""


def _place(region: str) -> str:
    """A provider's region without its zone ("us-east-1/use1-az2" is us-east-1)."""
    return region.split("/")[0]


def _runs_billed_note(w: _W, v: OfferView, billed_day: float) -> str:
    """How offer ``v``'s provider bills the runs a day stated where it bills more hours
    (``billed_day``) than they use: each run on its own, its granularity and minimum."""
    used = w.st.hours_per_day or 24.0
    runs = w.st.sessions_per_day or 1
    return w.say("billed_runs" if runs > 1 else "billed_run_one", provider=v.provider,
                 terms=billing_terms_words(w, v), n=w.n(runs), run=w.duration(used / runs),
                 used=w.day_hours(used), billed=w.day_hours(billed_day))


def instance_price(w: _W) -> bool:
    """An instance type or offer id named with its price asked ("how much is a p4d.24xlarge
    per hour?", "what does a GCP a3-highgpu-8g cost?", "cât costă un g6.xlarge?"): that
    offer's own prices, read from the offers' names (``Stated.instances``, the catalog's
    ``instance_index``; no list of names kept in code): on-demand, the cheapest location
    first with the locations at that price and the dearest other location, per GPU and a
    month at the use stated, then spot and reserved where the offer has them, the price date
    and the source, and every doubt about the price as a warning. The offer is priced as
    named, doubted or not (the name asks for it). A name shaped like a provider's instance
    types that no offer has ("p9.99xlarge") is said unknown, never priced as another and
    never $0. It gave a guidance passage and no number (buyer audit 27a #5)."""
    if not w.st.instances:
        if not w.st.instances_unknown:
            return False
        name = w.st.instances_unknown[0]
        like = w.catalog.instance_index.like(name)[:5]
        w.out.first = (w.say("instance_unknown_like", name=name, names=", ".join(like)) if like
                       else w.say("instance_unknown", name=name))
        return True
    index = w.catalog.instance_index
    name = w.st.instances[0]
    ids = set(index.offers([name]))
    views = [v for v in w.catalog.views(w.today) if v.id in ids]
    regions = w.region_filter()
    if regions is not None:
        # "p5.48xlarge in Tokyo": the locations asked where the offer has them
        table = w.catalog.regions.table
        placed = [msgspec.structs.replace(v, regions=[r.id for r in hit], places=hit)
                  for v in views
                  for outcome, hit in (region_outcome(v.provider, v.places, regions, table),)
                  if outcome == "matched"]
        views = placed or views
    if not views:
        return False
    first = views[0]
    instance = first.instance_type
    setup = w.setup(first.gpu_count, first.gpu)
    od = sorted((v for v in views if v.on_demand_usd_h), key=lambda v: v.on_demand_usd_h or 0.0)
    spot = sorted((v for v in views if v.spot_usd_h), key=lambda v: v.spot_usd_h or 0.0)

    def where(rows: list[OfferView]) -> str:
        places = list(dict.fromkeys(_place(r) for v in rows for r in v.regions))
        if not places:
            return ""
        if len(places) <= _INSTANCE_REGIONS_SAID + 1:
            return w.say("instance_where", regions=", ".join(places))
        return w.say("instance_where_more", regions=", ".join(places[:_INSTANCE_REGIONS_SAID]),
                     n=w.n(len(places) - _INSTANCE_REGIONS_SAID))

    if od:
        lead = od[0]
        hour = lead.on_demand_usd_h or 0.0
        low = [v for v in od if v.on_demand_usd_h == hour]
        # the month at the use stated, each run a day billed on its own as its provider bills
        # it, as /v1/recommendations bills sessions_per_day ("100 jobs a day of 30 seconds
        # each on AWS g5.xlarge": 100 x AWS's 60-second minimum, 50 h a month, $50.30; it
        # was 24 h/day, $724.32: audit buyer29a #3)
        billed_day = day_billed_hours(w, lead)
        month_usd = hour * billed_day * (w.st.days_per_month or MONTH_DAYS)
        if w.st.hours_per_day and (w.st.month_priced or w.sub == "month"):
            # a use a day stated and a month asked: the month leads
            w.out.first = w.say("instance_runs_month", instance=instance,
                                provider=lead.provider, setup=setup, month=w.usd(month_usd),
                                usage=w.usage(), hour=w.usd(hour), where=where(low))
            w.ask("per_month_usd", month_usd, "USD")
            if billed_day > w.st.hours_per_day + 1e-9:
                w.out.more.append(_runs_billed_note(w, lead, billed_day))
        else:
            details = ([w.say("instance_per_gpu", per=_gpu_usd(w, hour / lead.gpu_count))]
                       if lead.gpu_count > 1 else [])
            details.append(w.say("instance_month", month=w.usd(month_usd), usage=w.usage()))
            w.out.first = w.say("instance_price", instance=instance, provider=lead.provider,
                                setup=setup, hour=w.usd(hour), details="; ".join(details),
                                where=where(low))
            w.ask("per_hour_usd", hour, "USD/h")
            if billed_day > (w.st.hours_per_day or 24.0) + 1e-9:
                w.out.more.append(_runs_billed_note(w, lead, billed_day))
        dearer = [v for v in od if (v.on_demand_usd_h or 0.0) > hour]
        if dearer:
            places = {_place(r) for v in od for r in v.regions}
            w.out.more.append(w.say("instance_dearer", high=w.usd(dearer[-1].on_demand_usd_h
                                                                  or 0.0),
                                    n=w.n(len(places))))
        if spot and not w.st.on_demand:
            s = spot[0]
            spot_places = list(dict.fromkeys(_place(r) for r in s.regions[:2]))
            # a Local Zone's spot price is its own location's, not its parent region's: said
            # so (buyer audit 31b #10: Atlanta's $10.18 read as us-east-1's)
            local = [r for r in spot_places if _LOCAL_ZONE.fullmatch(r)]
            w.out.more.append(w.say("instance_spot", hour=w.usd(s.spot_usd_h or 0.0),
                                    region=", ".join(spot_places)))
            if local:
                w.out.more.append(w.say("instance_local_zone", zone=local[0]))
        kind = "on_demand"
    elif spot:
        lead = spot[0]
        hour = lead.spot_usd_h or 0.0
        w.out.first = w.say("instance_price_spot_only", instance=instance,
                            provider=lead.provider, setup=setup, hour=w.usd(hour),
                            where=where([lead]))
        w.ask("per_hour_usd", hour, "USD/h")
        kind = "spot"
    else:
        w.out.first = w.say("instance_price_none", instance=instance, provider=first.provider,
                            setup=setup)
        return True
    booked = next((v for v in views if v.reserved_usd_h), None)
    if booked is not None and booked.reserved_usd_h:
        w.out.more.append(w.say("instance_reserved", term=booked.reserved_term or "",
                                hour=w.usd(booked.reserved_usd_h)))
    elif w.st.reserved:
        # "a 3-year reserved p5.48xlarge": no reserved price for it, said first (unknown,
        # never $0), with the provider's own documented terms, as the GPU's reservation
        # answer says it (buyer audit 31b #7: the on-demand and spot prices alone)
        months = w.st.reserved_months
        w.out.first = w.say(
            "instance_reserved_none", instance=instance, provider=lead.provider,
            term=w.say("instance_reserved_term", term=_term_words(w, months)) if months else "",
            terms=provider_reserved_terms(w, lead.provider)) + " " + (w.out.first or "")
    w.out.more.append(w.price_line(lead.as_of, lead.as_of_kind, source_short(lead.source)))
    w.out.offers.append(OfferNumbers(
        offer_id=lead.id, provider=lead.provider, gpu=lead.gpu_name, gpu_count=lead.gpu_count,
        nodes=1, weights="", pricing_model=kind, per_hour_usd=hour,
        per_month_usd=None, as_of=lead.as_of.isoformat(), as_of_kind=lead.as_of_kind,
        source=lead.source,
        price_date=w.view_date(lead), why=w.out.first))
    w.price_warnings(lead)
    return True
