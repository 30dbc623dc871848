"""A GPU's, a setup's and a machine's prices from the catalog's offers: on-demand, spot and
reserved, per hour and per month, with their dates."""

from __future__ import annotations

import math
from typing import Any

import msgspec

from service.domain.answer.numbers.context import _W, _instances, _prompt
from service.domain.answer.numbers.jobs import _billed_job, _job_split
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.precisions import get_precision
from service.domain.recommend.context import (
    HOURS_PER_MONTH,
    unknown_price_defaults,
)
from service.domain.recommend.pricing import job_storage_usd
from service.domain.recommend.types import (
    Option,
)


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
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
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
    option for interruptible work."""
    if w.ex.gpu is not None or w.det.memory_gib or w.st.min_memory_gb:
        return
    alt = w.recommend(**{**kw, "interruptible": True, "top_n": 1})
    if alt is None or not alt.options:
        return
    o = alt.options[0]
    if o.pricing_model != "spot" or o.cost.per_hour_usd >= lead.cost.per_hour_usd:
        return
    w.out.more.append(w.say("cost_spot_option", price=w.usd(o.cost.per_hour_usd),
                            provider=o.offer.provider, setup=w.option_setup(o)))


def _node_basis(w: _W, gid: str, count: int) -> tuple[OfferView, float, str] | None:
    """The cheapest trusted offer of exactly ``count`` × ``gid`` in one machine, on its
    on-demand price (else reserved): (offer, $/h for the machine, pricing key)."""
    fresh = [v for v in w.offers_for(gid) if v.gpu_count == count
             and not v.stale and not v.suspect]
    for key, attr in (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h")):
        priced = [(getattr(v, attr), v) for v in fresh if getattr(v, attr) is not None]
        if priced:
            price, v = min(priced, key=lambda x: x[0])
            return v, price, key
    return None


def _node_size(w: _W, gid: str) -> int:
    """The GPUs of a "node" of ``gid``: the largest count any trusted on-demand offer rents
    in one machine (8 for the H100 SXM), 1 where none does."""
    return max((v.gpu_count for v in w.offers_for(gid) if not v.stale and not v.suspect
                and v.on_demand_usd_h is not None), default=1)


def _node_gpus(w: _W) -> str | None:
    """A model's question on "an H100 node" with no count ("is an H100 node enough to serve
    …", "pretrain … on an H100 node"): sized, timed and priced on the GPUs of that node
    (:func:`_node_size`, the machine :func:`_node_price` prices), as "on 8 H100" is; was one
    GPU. The words that say the count read, or None where nothing changed."""
    gid = w.ex.gpu
    if not w.st.node or w.model is None or gid is None or (w.ex.gpu_count or 1) != 1:
        return None
    n = _node_size(w, gid)
    if n <= 1:
        return None
    w.ex = msgspec.structs.replace(w.ex, gpu_count=n)
    return w.say("node_gpus", gpu=w.gpu_name(gid), n=w.n(n))


def _node_price(w: _W, gid: str) -> bool:
    """A GPU's "node", "server" or "machine" priced ("how much does an H100 node cost per
    hour?", "un nod H100"): the catalog's common whole instance of it, the largest count any
    trusted offer rents (8 × H100 SXM), at the cheapest such offer (:func:`_node_basis`), its
    count said; was one GPU's price. False where only single-GPU machines are offered (the
    GPU's own price is then the machine's)."""
    n = _node_size(w, gid)
    b = _node_basis(w, gid, n) if n > 1 else None
    if b is None:
        return False
    v, hour, kind = b
    month, hours = w.sub == "month", w.month_hours()
    spot = "" if w.st.on_demand else _spot_also(w, gid, hour / n, n)
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    if job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(n, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour), provider=v.provider,
                            kind=w.kinds[kind], spot=spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    else:
        w.out.first = w.say("cost_node_month" if month else "cost_node_hour", n=w.n(n),
                            gpu=w.gpu_name(gid), hour=w.usd(hour), provider=v.provider,
                            kind=w.kinds[kind], month=w.usd(hour * hours), usage=w.usage(),
                            spot=spot)
        if month:
            w.ask("per_month_usd", hour * hours, "USD")
        else:
            w.ask("per_hour_usd", hour, "USD/h")
    w.out.more.append(w.say("node_largest", gpu=w.gpu_name(gid), n=w.n(n)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True

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
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _spot_also(w: _W, gid: str, per: float, count: int) -> str:
    """The cheapest trusted spot price of ``gid`` when it is below ``per`` (the on-demand
    basis), said after the headline as an option for interruptible work; else nothing."""
    # a machine of the count asked (one card: single-GPU offers), as the on-demand basis;
    # the lowest trusted spot price of any such offer, as the spot answer quotes (8 x H100:
    # $6.84/h at primeintellect; the first listed spot-only offer's $12.03 had been said)
    views = [v for v in w.offers_for(gid) if not v.stale and not v.suspect
             and v.gpu_count == count]
    spot = [(v.spot_usd_h / v.gpu_count, v) for v in views if v.spot_usd_h is not None]
    if not spot:
        return ""
    price, v = min(spot, key=lambda x: x[0])
    if price >= per:
        return ""
    return w.say("spot_also", price=w.usd(price * count), provider=v.provider)


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


def _idle(w: _W, n: int) -> str:
    """ "1 GPU idle", "3 GPUs idle" (in the answer's language)."""
    return w.say("idle_one") if n == 1 else w.say("idle_many", n=w.n(n))


def _gpu_price(w: _W, gid: str) -> None:
    """The price of a GPU named without a model: on-demand (the price a GPU kept running is
    billed at; spot only when spot is asked, which is the spot intent), for the count asked:
    a machine with that many GPUs when the catalog has one, else that many times the cheapest
    per-GPU price, said which."""
    count = w.ex.gpu_count or 1
    share = count == 1  # a card's own price: per GPU of any machine, said so by where()
    b = w.basis(gid, count, share=share)
    if b is None:
        if not w.offers_for(gid) and gid not in w.region_missed:
            # a GPU the registry knows but no offer lists (a TPU, a Gaudi): said so, never
            # another GPU's price
            w.out.first = w.say("no_price", gpu=w.gpu_name(gid))
        return
    v, per, kind = b
    hours = w.month_hours()
    month = w.sub == "month"
    # one machine of the count when that is the cheapest way to get them (basis compares
    # it with larger machines rented whole)
    node = _node_basis(w, gid, count) if count > 1 and v.gpu_count == count else None
    spot = "" if w.st.on_demand else _spot_also(w, gid, per, count)
    if node is not None:
        v, hour, kind = node
        key = "cost_node_month" if month else "cost_node_hour"
        w.out.first = w.say(key, n=w.n(count), gpu=w.gpu_name(gid), hour=w.usd(hour),
                            provider=v.provider, kind=w.kinds[kind],
                            month=w.usd(hour * hours), usage=w.usage(), spot=spot)
    elif count > 1:
        hour = per * count
        rented, machine_gpu = _rented(v, per, count)
        # more GPUs rented than asked (a larger machine whole): its own price per GPU and
        # the GPUs left idle, never the total over the count, a price no offer has ($8.92/h
        # for 5 A100 was "5 times $1.78", of an 8-GPU machine at $1.115 per GPU)
        key = ("cost_many_month" if month else "cost_many_hour") if rented == count else (
            "cost_whole_month" if month else "cost_whole_hour")
        w.out.first = w.say(key, n=w.n(count), gpu=w.gpu_name(gid), hour=w.usd(hour),
                            price=_gpu_usd(w, machine_gpu), provider=w.where(v, count),
                            kind=w.kinds[kind], idle=_idle(w, rented - count),
                            month=w.usd(hour * hours), usage=w.usage(), spot=spot)
    else:
        hour = per
        key = "cost_gpu_month" if month else "cost_gpu"
        w.out.first = w.say(key, gpu=w.gpu_name(gid), price=w.usd(per),
                            provider=w.where(v, share=True),
                            kind=w.kinds[kind], month=w.usd(per * hours), usage=w.usage(),
                            spot=spot)
    # a stated length ("8 ore pe un A100", "1000 hours of H100"): its total, not an hour
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    if job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(count, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour),
                            provider=v.provider if node is not None
                            else w.where(v, count, share=share),
                            kind=w.kinds[kind], spot=spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    elif month:
        w.ask("per_month_usd" if count > 1 else "per_gpu_month_usd", hour * hours, "USD")
    else:
        w.ask("per_hour_usd" if count > 1 else "per_gpu_hour_usd", hour, "USD/h")
    if node is None:
        w.single_note(v, gid)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    if w.st.reserved:
        _reserved(w, gid, count, per if kind == "on_demand" else None,
                  hours if month else job_h, month)


def _variants_price(w: _W, gid: str) -> None:
    """A name that covers several cards ("A100 80GB": the PCIe and the SXM4 card, as
    ``/v1/offers?gpu=`` matches both): the cheapest of them leads, named as that card (in a
    region, the one offered there), and each other card follows with its own price or the
    words that none is offered (there), so no price is passed off as another card's."""
    count = w.ex.gpu_count or 1
    priced = {g: b for g in w.st.gpu_variants
              if (b := w.basis(g, count, share=count == 1)) is not None}
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
        if b is not None:
            rented, machine_gpu = _rented(b[0], b[1], count)
            if count > 1:
                # several GPUs: their price and the machine's own price per GPU
                idle = f", {_idle(w, rented - count)}" if rented > count else ""
                notes.append(w.say("gpu_variants_other_many", gpu=w.gpu_name(g),
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
        else:
            where = (w.say("gpu_variants_where", region=w.region_name())
                     if g in w.region_missed else "")
            notes.append(w.say("gpu_variants_other_none", gpu=w.gpu_name(g), where=where))
    if w.out.first is not None:
        w.out.more[0:0] = notes
    else:
        w.out.more.extend(notes)


def _reserved(w: _W, gid: str, count: int, od: float | None, hours: float | None,
              month: bool) -> None:
    """A reserved price asked: the catalog's cheapest reserved price per GPU beside the
    on-demand one, and which is cheaper (it leads unless on-demand is asked too); or that
    the catalog has none."""
    offers = [v for v in w.offers_for(gid) if v.reserved_usd_h is not None]
    if not offers:
        w.out.more.insert(0, w.say("reserved_none", gpu=w.gpu_name(gid)))
        return
    v = min(offers, key=lambda x: (x.suspect, (x.reserved_usd_h or 0.0) / x.gpu_count))
    per = (v.reserved_usd_h or 0.0) / v.gpu_count
    total = ""
    if hours:
        what = w.usage() if month else w.say("hours_n", h=w.hours(hours))
        total = w.say("reserved_total", total=w.usd(per * count * hours),
                      what=(w.setup(count, gid) + ", " + what) if count > 1 else what)
    verdict = ""
    if od is not None:
        verdict = w.say("reserved_dearer" if per >= od else "reserved_cheaper", od=w.usd(od))
    text = w.say("reserved_price", price=w.usd(per), provider=v.provider,
                 total=total, verdict=verdict).replace("; .", ".")
    if w.st.on_demand or w.out.first is None:
        w.out.more.insert(0, text)
    else:
        # the reserved price is what was asked: it leads, the on-demand price follows
        w.out.more.insert(0, w.out.first)
        w.out.first = text
        w.ask("reserved_per_gpu_hour_usd" if not hours else "reserved_usd",
              per if not hours else per * count * hours, "USD/h" if not hours else "USD")
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _setup_hour(w: _W, gid: str, count: int) -> bool:
    """The hourly price of ``count`` × ``gid`` (on-demand where published), for a model
    named with that GPU."""
    assert w.model is not None
    b = w.basis(gid, count)
    inp = _prompt(w, 512, 4096)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
    if b is None or r is None or not r.fits:
        return False
    v, per, kind = b
    w.record(r, inp + 512)
    # a stated length ("10 hours on 4 H100s for llama 3.1 70b"): its total, as with no model
    job_h = w.det.duration_hours if (w.det.duration_hours and w.sub != "month"
                                     and not w.st.hours_per_day) else None
    if job_h:
        # billed as every job is (the provider's granularity, the weights' storage for those
        # hours): 2 weeks of 70B on 4 x H100 left out its 141 GB of weights
        job = _billed_job(w, v, per, count, job_h, r.weights)
        w.out.first = w.say("cost_setup_total", hours=w.duration(job_h),
                            setup=w.setup(count, gid), model=w.model.name, weights=r.weights,
                            total=w.usd(job.compute + job.storage), hour=w.usd(per * count),
                            provider=w.where(v, count), kind=w.kinds[kind])
        w.out.first += " " + _job_split(w, job)
        w.ask("per_job_usd", job.compute + job.storage, "USD")
    else:
        w.out.first = w.say("cost_setup_hour", setup=w.setup(count, gid), model=w.model.name,
                            weights=r.weights, hour=w.usd(per * count),
                            provider=w.where(v, count), kind=w.kinds[kind],
                            month=w.usd(per * count * w.month_hours()), usage=w.usage())
        w.ask("per_hour_usd", per * count, "USD/h")
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
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
    if not storage_gb and w.model is not None:
        # the recommendations count a disk for the weights when none is stated (their size
        # in GB, rounded up): so does the month here, with the same unknown-price rule
        r = w.size(gpu=gid, gpu_count=count, input_tokens=w.ex.context_tokens or 4096,
                   output_tokens=512)
        if r is not None and r.memory.weights_gib:
            storage_gb = float(math.ceil(r.memory.weights_gib * 2**30 / 1e9))
            weights_disk = True
    max_storage, max_egress = unknown_price_defaults(w.catalog.providers)
    provs = w.catalog.providers_by_id
    best: tuple[float, float, float, float, OfferView, float, str, list[str]] | None = None
    cheapest: dict[str, tuple[float, OfferView]] = {}  # per provider: its on-demand $/GPU-h
    for x in w.offers_for(gid):
        if x.stale or x.suspect or x.on_demand_usd_h is None:
            continue
        if count > 1 and x.gpu_count < count:
            continue  # a model split over several GPUs needs them in one machine
        # one GPU: the lowest per-GPU price; several: the whole machine that holds them
        price = x.on_demand_usd_h / (x.gpu_count if count == 1 else count)
        if x.provider not in cheapest or price < cheapest[x.provider][0]:
            cheapest[x.provider] = (price, x)
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
    if storage_gb and job_h:
        parts += w.say("part_storage_hours", cost=w.usd(storage), gb=w.n(storage_gb),
                       month=w.usd(storage / held), month_h=w.n(HOURS_PER_MONTH))
    elif storage_gb:
        parts += w.say("part_storage_weights" if weights_disk else "part_storage",
                       cost=w.usd(storage), gb=w.n(storage_gb))
    if egress_gb:
        parts += w.say("part_egress", cost=w.usd(egress), gb=w.n(egress_gb))
    w.out.first = w.say("cost_job_total" if job_h else "cost_month_total", total=w.usd(total),
                        setup=w.setup(o.gpu_count if count > 1 else count, gid),
                        usage=w.usage(), hours=w.duration(job_h) if job_h else "",
                        provider=o.provider, gpu_cost=w.usd(gpu_cost),
                        hour=w.usd(per * count), kind=w.kinds[kind], parts=parts)
    w.ask("per_job_usd" if job_h else "per_month_usd", total, "USD")
    w.out.more.append(w.say("price_date", date=w.view_date(o)))
    for n in notes:
        w.warn(n)
    w.price_warnings(o.id, o.as_of.isoformat(), o.as_of_kind, o.stale, o.age_days)
    return True
