"""Comparison answers: two or more GPUs side by side for one model and load."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import replace as dc_replace

import msgspec

from service.domain.answer.numbers.context import (
    _PROVIDER_TERMS,
    _W,
    ComparedNumbers,
    _fitting_precision,
    _instances,
    _out,
    _prompt,
    gpu_count_for_users,
)
from service.domain.answer.numbers.cost import _per_token_best
from service.domain.answer.numbers.media import _compare_media
from service.domain.answer.numbers.prices import _node_basis, _node_size
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.precisions import get_precision
from service.domain.recommend.context import DEFAULT_DECODE_TOKENS_PER_S, default_ttft_ms
from service.domain.sizing.sizing import (
    SizingResult,
)

VARIANTS_EXAMPLE_MODEL = "llama-3.1-8b"
"""The model two variants of a card are timed on for inference when none is named ("H100
PCIe or SXM for inference?"): a common model that one card of any 80 GB variant holds, said
as an example."""


def _variants_inference(w: _W, gids: list[str]) -> bool:
    """Two variants of one card weighed for inference ("Should I choose H100 PCIe or H100
    SXM for inference?", or for a model named): what decides one card's inference is its
    memory bandwidth (the catalog's: 2,000 against 3,350 GB/s), not the link; each timed on
    one card as /v1/sizing times it (the model named, else :data:`VARIANTS_EXAMPLE_MODEL`,
    said as an example), decode speed and first-token time, and each one's cheapest price
    per hour. It was the two link specs alone (buyer audit 28b #12). False where it is not
    such a question, a load, a count, a price or a period is asked, or a side does not hold
    the model on one card (the comparison answers those)."""
    if (not w.st.variants_weighed or len(gids) != 2 or w.sub is not None
            or (w.model is None and not w.st.inference_said)
            or (w.model is not None and w.model.kind != "llm")
            or (w.ex.gpu_count or 1) != 1 or any(n != 1 for _, n in w.st.gpu_counts)
            or w.ex.concurrent_requests or w.det.users or w.st.price_asked or w.st.node
            or w.st.models):
        return False
    a, b = (w.reg.gpus[g] for g in gids)
    if a.id.split("-")[0] != b.id.split("-")[0]:
        return False  # two variants of one card only
    model = w.model_id or VARIANTS_EXAMPLE_MODEL
    if model not in w.reg.models:
        return False
    out = _out(w)
    inp = _prompt(w, out)
    sized = {g: w.size(model=model, gpu=g, input_tokens=inp, output_tokens=out) for g in gids}
    timed: dict[str, tuple[float, float, SizingResult]] = {}
    for g, r in sized.items():
        p = r.performance if r is not None and r.fits_in_memory and r.runs is not False \
            else None
        if r is None or p is None or not p.decode_tokens_per_s or p.time_to_first_token_ms is None:
            return False
        timed[g] = (p.decode_tokens_per_s, p.time_to_first_token_ms, r)
    fast, slow = sorted(gids, key=lambda g: -timed[g][0])
    hi_bw = max(gids, key=lambda g: w.reg.gpus[g].bandwidth_gb_s)
    r = timed[fast][2]
    said = {"model": w.reg.models[model].name, "weights": r.weights,
            "fast": w.gpu_name(fast), "slow": w.gpu_name(slow),
            "fast_bw": w.n(w.reg.gpus[fast].bandwidth_gb_s),
            "slow_bw": w.n(w.reg.gpus[slow].bandwidth_gb_s),
            "fast_tps": w.rate(timed[fast][0]), "slow_tps": w.rate(timed[slow][0]),
            "fast_ttft": w.n(timed[fast][1]), "slow_ttft": w.n(timed[slow][1]),
            "x": w.n(timed[fast][0] / timed[slow][0], 2), "inp": w.n(inp),
            "example": "" if w.model_id else w.t["variants_example"]}
    key = ("variants_inference" if hi_bw == fast
           and w.reg.gpus[fast].bandwidth_gb_s > w.reg.gpus[slow].bandwidth_gb_s
           else "variants_inference_even")
    w.out.first = w.say(key, **said)
    prices = []
    bases = {g: w.basis(g, share=True) for g in gids}
    for g in (fast, slow):
        gb = bases[g]
        prices.append(w.say("variants_price", gpu=w.gpu_name(g), price=w.usd(gb[1]),
                            kind=w.kinds[gb[2]], provider=gb[0].provider)
                      if gb else w.say("variants_no_price", gpu=w.gpu_name(g)))
        if gb:
            w.price_warnings(gb[0])
    w.out.more.insert(0, w.say("variants_prices", rows="; ".join(prices)))
    links = []
    for card in (a, b):
        link = card.link_name or card.link
        for en, key in (("no NVLink", "link_no_nvlink"), (" links", "link_links"),
                        (" GPUs)", "link_gpus")):
            link = link.replace(en, w.t[key])  # the registry's words are English
        links.append(link)
    w.out.more.insert(1, w.say("variants_link", gpu_a=w.gpu_name(a.id), link_a=links[0],
                               gpu_b=w.gpu_name(b.id), link_b=links[1]))
    if w.model_id:
        w.record(r, inp + out)
    for g in gids:
        w.out.compared.append(ComparedNumbers(
            model=model, weights=timed[g][2].weights, gpu=g, gpu_count=1,
            concurrent_requests=1, output_tokens_per_s_per_user=timed[g][0],
            output_tokens_per_s_total=timed[g][0], time_to_first_token_ms=timed[g][1],
            per_hour_usd=_base_hour(bases[g])))
    w.ask("decode_tokens_per_s", timed[fast][0], "tokens/s")
    return True


def _base_hour(b: tuple[OfferView, float, str] | None) -> float | None:
    """The price per GPU-hour of a :meth:`_W.basis`, None where there is none."""
    return b[1] if b is not None else None


def _compare(w: _W) -> None:
    if w.st.models and compare_models(w):
        return  # "Qwen3-30B-A3B vs Mixtral 8x7B on an H100": each model on that GPU
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if _variants_inference(w, gids):
        return
    if w.model is not None and w.model.kind != "llm":
        _compare_media(w, gids)
        if w.out.first:
            return
    if w.model is None or w.model.kind != "llm":
        rows = []
        dates: list[str] = []
        # machines of one count for all the GPUs compared, else per GPU for all
        common = _common_machine(w, gids) if w.st.node and w.model is None else None
        for gid in gids:
            g = w.reg.gpus[gid]
            gb = w.basis(gid, share=True)
            price_text = (w.say("compare_gpu_price", price=w.usd(gb[1]), kind=w.kinds[gb[2]])
                          if gb else "")
            if w.st.node and w.model is None:
                price_text = _machine_text(w, gid, gb, dates, common)
            rows.append(w.say("compare_gpu_row", gpu=g.name, mem=w.n(g.memory_gb),
                              bw=w.n(g.bandwidth_gb_s), price=price_text))
        if rows:
            w.out.first = w.say("compare_gpus", rows="; ".join(rows))
            w.out.computed = True
            if dates:
                w.out.more.append(w.say("price_date", date=", ".join(dates)))
            if w.model is None and len(rows) > 1:
                # "H100 PCIe vs SXM tok/s" with no model: no speed to give, but which side
                # decodes faster follows the bandwidths just given (audit ask_en #8)
                w.out.more.append(w.t["compare_gpus_no_model"])
        return
    inp = _prompt(w, _out(w))
    bare = w.st.bare_gpu
    if bare is not None and bare[1] in gids and bare[2] not in gids:
        # "H100 vs A100 for 70B": an LLM is held by memory, and a family named bare means its
        # large-memory card for LLM inference (the A100 80GB, not the 40GB that needs twice
        # as many); the note after the answer names the card used and the other's count
        word, read, other = bare
        if w.reg.gpus[other].memory_gb > w.reg.gpus[read].memory_gb:
            gids = [other if g == read else g for g in gids]
            # the count written next to the name stays with the card read ("2 A100 vs 1
            # H100": 2 x A100 80GB, 33.2 tokens/s at fp8; it compared 1 x A100 at 18.7)
            counts = tuple((other if g == read else g, n) for g, n in w.st.gpu_counts)
            w.st = dc_replace(w.st, bare_gpu=(word, other, read), gpu_counts=counts)
    base = w.size(input_tokens=inp, output_tokens=_out(w))
    if base is None:
        return
    w.record(base, inp + _out(w))
    # a load stated ("with 16 users"): each GPU at that many requests at once, per user
    users = w.ex.concurrent_requests or w.det.users or 1
    # the cost of 1M tokens at a load stated is that of the setups that carry it, below (audit
    # buyer17b #8: at full load, 1 x H200 that holds 47 of the 50 users asked)
    if w.sub == "million" and users == 1:
        # each GPU's price per token at full load, as the recommendations price a served
        # model (w.at_service_load; audit buyer27c #3)
        with w.at_service_load():
            if _compare_million(w, gids, base, inp):
                return
    rows = []
    best_speed: tuple[float, str] | None = None
    best_price: tuple[float, str] | None = None
    # "on an A10G or an L4": one card of each, said first, then compared one card each
    ones = _one_card_each(w, gids, base, inp, users) if w.st.gpu_ones else None
    # a monthly cost asked at a load ("h200 vs h100 at 50 users, monthly cost"): a setup that
    # does not hold it is scaled to the count that does, each side's month given (audit
    # ask_en2 #6: no cost was given)
    monthly = users > 1 and (w.st.price_asked or w.sub == "month")
    best_month: tuple[float, str] | None = None
    served: list[_Served] = []  # under a load, each setup that carries it, priced
    alone: list[tuple[float, str]] = []  # with no load, each setup timed: its tokens/s
    firsts: list[tuple[float, str]] = []  # with no load, TTFT named: each setup's first token
    timed: dict[str, float] = {}  # each GPU's tokens/s (per user under a load) compared
    # setups of a GPU with no offer in the catalog (and no price of the asker's): said so in
    # their rows, and never beaten on price by a priced one (audit unpriced)
    unpriced: list[str] = []
    priced: list[str] = []  # the setups timed and priced
    items: list[tuple[int, str, int, SizingResult | None]] = []
    for gid, count, r in _compared(w, gids, base, inp, rows, users):
        items.append((len(rows), gid, count, r))  # its row's place, among those that do not fit
        rows.append("")
    weights, short = _like_for_like(w, items, base, inp, users)
    if weights != base.weights:
        # the sizing recorded is the one compared (Slack's table reads it): 70B at fp8 for
        # "2 H100 or one H200", never the bf16 the text does not compare at (audit ask_left2)
        like = w.size(input_tokens=inp, output_tokens=_out(w), weights=weights)
        if like is not None:
            w.record(like, inp + _out(w))
    for at, gid, count, r in items:
        p = r.performance if r is not None and r.fits_in_memory else None
        tps = (p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s) \
            if p is not None else None
        # like for like: each GPU on its on-demand price (reserved, then spot, only where
        # it has none), never one side's spot against the other's on-demand
        bb = w.basis(gid, count)
        offers = [bb[0]] if bb else []
        price = bb[1] if bb else None
        setup = w.setup(count, gid)
        if r is not None and r.weights != weights:  # a precision that fits the count
            setup = w.say("compare_setup_precision", setup=setup, weights=r.weights)
        price_text = _price_text(w, bb, count)
        own = w.own_gpu_price(gid, count) if users == 1 or (p is not None and tps) else None
        if own is not None:
            # the asker's price of this card ("H100 at $2/h vs A100 at $1.2/h"), not the
            # catalog's (audit ownprice2)
            price, offers = own, []
            price_text = w.say("compare_price_own", total=w.usd(own * count),
                               own=w.own_said(gid, count))
        no_offer = bb is None and own is None and w.own_of(gid) is None and not w.offers_for(gid)
        if no_offer:
            price_text = w.unpriced_say("compare_no_offer")
        if users > 1 and (p is None or not tps):
            # the requests its memory holds at once at their full context: the sizing's
            # max_batch_size, the count its queue warning gives first (it gave the engine's
            # admission at actual context, 47 where the warning now says 44 of 64 on an H200:
            # fix/batchwarn)
            most = r.max_batch_size_in_memory if r is not None else None
            rows[at] = (w.say("compare_row_users_nofit", setup=setup, users=w.n(users),
                              most=w.n(most or 0)) if most else
                        w.say("compare_row_users_none", setup=setup, users=w.n(users)))
            tps = None
            # scaled to the GPUs that hold them all, at any load stated, each side's speed
            # at that load and its price (audit ro2 #8: "is H200 worth it over H100 at 100
            # users" said 2 of each do not hold them, or gave the H200's count alone)
            scaled = _scaled_load(w, gid, users, inp, setup, most,
                                  None if weights == base.weights else weights)
            if scaled is not None:
                rows[at] = scaled.row
                if monthly and (best_month is None or scaled.month < best_month[0]):
                    best_month = (scaled.month, scaled.setup)
                if scaled.tps and (best_speed is None or scaled.tps > best_speed[0]):
                    best_speed = (scaled.tps, scaled.setup)
                if scaled.tps:
                    timed[gid] = scaled.tps
                    priced.append(scaled.setup)
                served.append(_Served(scaled.setup, scaled.hour, scaled.tps, scaled.ttft,
                                      scaled.total, gid=gid, gpus=scaled.gpus,
                                      replicas=scaled.replicas))
                rows[at] += _million_tail(w, served[-1])
                if scaled.tps:
                    w.out.compared.append(ComparedNumbers(
                        model=w.model.id, weights=scaled.weights, gpu=gid, gpu_count=scaled.gpus,
                        replicas=scaled.replicas, concurrent_requests=users,
                        held_concurrent_requests=most, output_tokens_per_s_per_user=scaled.tps,
                        output_tokens_per_s_total=scaled.total, time_to_first_token_ms=scaled.ttft,
                        per_hour_usd=scaled.hour,
                        per_million_output_tokens_usd=_million(scaled.hour, scaled.total)))
                for x in r.warnings if r is not None else []:
                    w.core_warn(x)  # why the count compared does not hold them (its queue)
                continue
            if no_offer:
                rows[at] += price_text
                unpriced.append(setup)
        elif users > 1 and p is not None:
            rows[at] = (w.say("compare_row_users", setup=setup, tps=w.rate(tps or 0),
                              ttft=w.n(p.time_to_first_token_ms or 0),
                              total=w.n(p.output_tokens_per_s or 0), price=price_text))
        elif w.st.ttft_named and p is not None and p.time_to_first_token_ms:
            # the first token's time named ("tokens per second and TTFT"): each side's, for
            # the one request timed (buyer audit 27c #5: tokens/s alone)
            rows[at] = w.say("compare_row_ttft", setup=setup, tps=w.rate(tps or 0),
                             ttft=w.n(p.time_to_first_token_ms), price=price_text)
            firsts.append((p.time_to_first_token_ms, setup))
        else:
            rows[at] = (w.say("compare_row", setup=setup, tps=w.rate(tps or 0),
                              price=price_text))
        if tps and (best_speed is None or tps > best_speed[0]):
            best_speed = (tps, setup)
        if tps and users == 1:
            alone.append((tps, setup))
        if no_offer and tps:
            unpriced.append(setup)
        elif price and tps:
            priced.append(setup)
        if tps:
            timed[gid] = tps
        if price and (users == 1 or tps) and (best_price is None
                                              or price * count < best_price[0]):
            best_price = (price * count, setup)  # under a load, only a setup that carries it
        if monthly and price and tps and (best_month is None or price * count * w.month_hours()
                                          < best_month[0]):
            best_month = (price * count * w.month_hours(), setup)
        if users > 1 and price and tps and p is not None:
            served.append(_Served(setup, price * count, tps, p.time_to_first_token_ms,
                                  p.output_tokens_per_s, gid=gid, gpus=count,
                                  replicas=r.layout.data if r is not None and r.layout else 1))
            rows[at] += _million_tail(w, served[-1])
            w.out.compared.append(ComparedNumbers(
                model=w.model.id, weights=r.weights if r is not None else weights, gpu=gid,
                gpu_count=count, concurrent_requests=users, output_tokens_per_s_per_user=tps,
                output_tokens_per_s_total=p.output_tokens_per_s,
                max_throughput_tokens_per_s=p.max_throughput_tokens_per_s,
                time_to_first_token_ms=p.time_to_first_token_ms, per_hour_usd=price * count,
                per_million_output_tokens_usd=_million(price * count, p.output_tokens_per_s)))
        if offers:
            v = offers[0]
            w.price_warnings(v)
        if r is not None:
            for x in r.warnings:
                w.core_warn(x)
    said = {"model": w.model.name, "weights": weights, "rows": "; ".join(rows)}
    if short:  # all at the precision that fits the tightest: which ones its own does not fit
        said.update(own=base.weights, setups=", ".join(short))
    w.out.first = w.say("compare_users_common" if short else "compare_users", users=w.n(users),
                        inp=w.n(inp), out=w.n(_out(w)), **said) if users > 1 \
        else w.say("compare_common" if short else "compare", **said)
    if ones is not None:
        w.out.first = " ".join(x for x in (ones[0], w.out.first, *ones[1:]) if x)
    if best_speed:
        w.ask("output_tokens_per_s_per_user" if users > 1 else "decode_tokens_per_s",
              best_speed[0], "tokens/s")
    million = _million_lead(w, users, weights, served)
    if million is not None:
        w.out.more.insert(0, w.out.first)
        w.out.first = million
    lead = (_load_lead(w, users, served, monthly, inp, weights) if users > 1
            else _alone_lead(w, alone)) \
        if million is None else None
    if lead is not None:
        # the verdict asked first: which is faster per user, by how much, or which costs
        # less a month (audit buyer18b #7: only in the last sentence, no ratio)
        w.out.more.insert(0, w.out.first)
        w.out.first = " ".join(x for x in (lead, _bandwidth_part(w, timed)) if x)
    ttft_lead = _ttft_lead(w, firsts, inp)
    if ttft_lead is not None:
        w.out.first = f"{w.out.first} {ttft_lead}"
        if not w.st.tps_first and not w.st.speed_compared:
            # the first token's time asked first, or alone: the shortest is the number asked
            w.ask("time_to_first_token_ms", min(firsts)[0], "ms")
    verdict = _per_user(w, users, served) if users > 1 and len(served) > 1 else None
    if verdict is not None:
        w.out.more.append(verdict)  # fastest and cheapest said there, per user served
    elif best_speed and best_price:
        cheap = best_price[1]
        if unpriced:
            # a side with no price is never beaten on price: the cheapest among those priced,
            # or unknown where one alone is priced
            cheap = w.unpriced_say("compare_cheapest_partial" if len(priced) > 1
                                   else "compare_cheapest_unknown", cheap=cheap,
                          unpriced=", ".join(unpriced))
        w.out.more.append(w.say("compare_best", fast=best_speed[1], cheap=cheap))
    if best_month is not None:
        w.out.more.append(w.say("compare_best_month", users=w.n(users), cheap=best_month[1],
                                month=w.usd(best_month[0]), usage=w.usage()))
        w.ask("per_month_usd", best_month[0], "USD")
    if unpriced and (verdict is not None or million is not None or best_month is not None):
        # a verdict on price among the sides priced: the others' prices are unknown, said
        w.out.more.append(w.unpriced_say("compare_unpriced_left_out", unpriced=", ".join(unpriced)))


@dataclass(frozen=True)
class _Served:
    """A compared setup that carries the load stated: its words, its price per hour, each
    user's decode tokens/s and the first token's ms at that load (None where not timed)."""
    setup: str
    hour: float
    tps: float | None
    ttft: float | None
    total: float | None = None
    """The whole setup's output tokens/s at that load (None where not timed)."""
    gid: str = ""
    """The GPU compared."""
    gpus: int = 0
    """Its GPUs in all (every replica's), 0 where not known."""
    replicas: int = 1
    """The replicas they make (each ``gpus // replicas`` GPUs)."""


def _load_lead(w: _W, users: int, served: list[_Served], monthly: bool, inp: int = 0,
               weights: str | None = None) -> str | None:
    """The verdict of a comparison under a load, for its first sentence: where a speed is
    compared ("which is faster per user", "how much faster"), the setup faster per user, how
    many times as fast as the slowest and both figures; where a monthly cost is asked, the
    setup that costs least a month for all the users and the others' months. None where
    neither is asked, fewer than two setups carry the load, or they are even."""
    if users <= 1 or len(served) < 2:
        return None
    said: list[str] = []
    timed = [s for s in served if s.tps]
    if w.st.speed_compared is not None and len(timed) > 1:
        fast = max(timed, key=lambda s: s.tps or 0.0)
        slow = min(timed, key=lambda s: s.tps or 0.0)
        same = _same_count_lead(w, users, fast, slow, inp, weights)
        if same is not None:
            said.append(same)
        elif w.rate(fast.tps or 0.0) != w.rate(slow.tps or 0.0):
            later = (fast.ttft is not None and slow.ttft is not None
                     and w.n(fast.ttft) != w.n(slow.ttft) and fast.ttft > slow.ttft)
            said.append(w.say("compare_lead_faster_later" if later else "compare_lead_faster",
                              fast=fast.setup, slow=slow.setup,
                              x=w.n((fast.tps or 0.0) / (slow.tps or 1.0), 1),
                              fast_tps=w.rate(fast.tps or 0.0), slow_tps=w.rate(slow.tps or 0.0),
                              users=w.n(users), fast_ttft=w.n(fast.ttft or 0),
                              slow_ttft=w.n(slow.ttft or 0)))
    priced = [s for s in served if s.hour > 0]
    if monthly and len(priced) > 1:
        cheap = min(priced, key=lambda s: s.hour)
        hours = w.month_hours()
        others = "; ".join(w.say("compare_lead_month_other", setup=s.setup,
                                 month=w.usd(s.hour * hours)) for s in priced if s is not cheap)
        if all(w.usd(s.hour) != w.usd(cheap.hour) for s in priced if s is not cheap):
            said.append(w.say("compare_lead_month", cheap=cheap.setup, users=w.n(users),
                              month=w.usd(cheap.hour * hours), others=others, usage=w.usage()))
    return " ".join(said) or None


def _same_count_lead(w: _W, users: int, fast: _Served, slow: _Served, inp: int,
                     weights: str | None) -> str | None:
    """Two GPUs compared on different counts (the fewest of each that hold the load: 4 H100
    against 2 H200 for 70B at 64 users): the per-user verdict on the same count of each, the
    larger, each sized there as /v1/sizing lays it out, then the fewest-GPU figures said as
    such (buyer audit 26a #12: "4 H100 is 1.5x as fast per user as 2 H200" read as H100
    decoding faster). None where the counts are the same or either is not timed there."""
    if not (fast.gid and slow.gid and fast.gpus and slow.gpus) or fast.gpus == slow.gpus \
            or fast.gid == slow.gid or not inp:
        return None
    # the layout of the side that needs more GPUs, its replicas of tensor-parallel GPUs,
    # given to both, so that the cards differ and nothing else
    big = fast if fast.gpus > slow.gpus else slow
    n = big.gpus
    per = n // max(1, big.replicas)
    got: list[tuple[float, str]] = []
    for gid in (fast.gid, slow.gid):
        r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=_out(w),
                   batch_size=users, weights=weights,
                   parallelism={"tensor": per, "data": n // per})
        p = r.performance if r is not None and r.fits_in_memory else None
        if p is None or not p.output_tokens_per_s_per_user:
            return None
        got.append((p.output_tokens_per_s_per_user, w.setup(n, gid)))
    (a_tps, a), (b_tps, b) = max(got), min(got)
    even = w.rate(a_tps) == w.rate(b_tps)
    return w.say("compare_lead_same_count_even" if even else "compare_lead_same_count",
                 n=w.n(n), users=w.n(users), a=a, b=b, a_tps=w.rate(a_tps),
                 b_tps=w.rate(b_tps), x=w.n(a_tps / b_tps, 2 if a_tps / b_tps < 1.5 else 1),
                 fast=fast.setup,
                 slow=slow.setup, fast_tps=w.rate(fast.tps or 0.0),
                 slow_tps=w.rate(slow.tps or 0.0))


def _alone_lead(w: _W, alone: list[tuple[float, str]]) -> str | None:
    """The verdict of a comparison with no load, where by how much faster is asked ("2 A100
    80GB NVLink vs PCIe, by how much faster?"): the faster setup, how many times as fast as
    the slowest and both tokens/s of one request (audit buyer20 #4: both figures, no ratio).
    None where not asked, fewer than two setups are timed, or they are even."""
    if not (w.st.how_much_compared and w.st.speed_compared) or len(alone) < 2:
        return None
    fast, slow = max(alone), min(alone)
    if w.rate(fast[0]) == w.rate(slow[0]):
        return None
    x = fast[0] / slow[0]
    return w.say("compare_lead_faster_one", fast=fast[1], slow=slow[1],
                 x=w.n(x, 2 if x < 1.5 else 1), fast_tps=w.rate(fast[0]),
                 slow_tps=w.rate(slow[0]))


def _ttft_lead(w: _W, firsts: list[tuple[float, str]], inp: int) -> str | None:
    """Where the time to the first token is named in a comparison with no load ("H100 PCIe vs
    H100 SXM for Llama 3 70B on 4 GPUs each: tokens per second and TTFT"): the setup with the
    shortest, how many times as short as the longest, both in ms for the prompt timed (the
    figures /v1/sizing gives those setups). None where fewer than two setups are timed."""
    if len(firsts) < 2:
        return None
    short, long = min(firsts), max(firsts)
    if w.n(short[0]) == w.n(long[0]):
        return w.say("compare_ttft_even", ms=w.n(short[0]), inp=w.n(inp))
    x = long[0] / short[0]
    return w.say("compare_ttft_lead", fast=short[1], slow=long[1], fast_ms=w.n(short[0]),
                 slow_ms=w.n(long[0]), x=w.n(x, 2 if x < 1.5 else 1), inp=w.n(inp))


def _bandwidth_part(w: _W, timed: dict[str, float]) -> str | None:
    """Where two variants of a card are weighed by their link or form factor ("8x H100
    NVLink vs PCIe, by how much faster?"), the part of the speed gap that is their memory
    bandwidth (the catalog's figures: H100 SXM5 3,350 GB/s against H100 PCIe 2,000 GB/s),
    said after the lead (audit buyer21 #4: the 1.6x was mostly HBM3 against HBM2e, not the
    link); None where the forms are not weighed, the bandwidths are the same or the card
    with more of it is not the faster."""
    if not w.st.forms_compared or len(timed) != 2:
        return None
    hi, lo = sorted(timed, key=lambda g: -w.reg.gpus[g].bandwidth_gb_s)
    hi_bw, lo_bw = w.reg.gpus[hi].bandwidth_gb_s, w.reg.gpus[lo].bandwidth_gb_s
    if w.n(hi_bw) == w.n(lo_bw) or timed[hi] <= timed[lo]:
        return None
    return w.say("compare_link_bandwidth", fast=w.gpu_name(hi), slow=w.gpu_name(lo),
                 fast_bw=w.n(hi_bw), slow_bw=w.n(lo_bw))


def _million_tail(w: _W, s: _Served) -> str:
    """A compared row's cost of 1M output tokens at the load stated, where that cost is asked
    (``sub`` million) and the setup is timed there; else nothing."""
    m = _million(s.hour, s.total)
    return w.say("compare_million_load_row", million=w.usd(m)) \
        if w.sub == "million" and m is not None else ""


def _million_lead(w: _W, users: int, weights: str, served: list[_Served]) -> str | None:
    """The cost of 1M output tokens asked at a load ("h100 vs h200 for llama 3.1 70b fp8 at
    50 users: which is cheaper per million tokens?"): each setup that carries the users
    (the count of each GPU that holds them all, said in its row), its hourly price over its
    output at that load, the cheapest first (audit buyer17b #8: one H200 priced at full
    load, 570 tokens/s, where it holds 47 of the 50). Sets the number asked; None where the
    cost is not asked, no load is stated, or a setup is not priced and timed."""
    if w.sub != "million" or users <= 1 or len(served) < 2 or w.model is None:
        return None
    costs = [(_million(s.hour, s.total), s) for s in served]
    if any(m is None for m, _ in costs):
        return None
    ranked = sorted(((m or 0.0, s) for m, s in costs), key=lambda x: x[0])
    (best, cheap), rest = ranked[0], ranked[1:]
    w.ask("per_million_output_tokens_usd", best, "USD")
    return w.say("compare_million_load", users=w.n(users), model=w.model.name,
                 weights=weights, cheap=cheap.setup, million=w.usd(best),
                 others="; ".join(w.say("compare_million_load_other", setup=s.setup,
                                        million=w.usd(m)) for m, s in rest))


def _million(hour: float | None, total: float | None) -> float | None:
    """The cost of 1M output tokens of a setup at ``hour`` $/h making ``total`` output
    tokens/s; None where either is unknown."""
    return hour / (total * 3600) * 1e6 if hour and total else None


@dataclass(frozen=True)
class _Scaled:
    """A compared setup scaled to the GPUs that hold the load (:func:`_scaled_load`)."""
    row: str
    setup: str
    hour: float
    month: float
    tps: float | None
    ttft: float | None
    total: float | None = None
    """All the replicas' output tokens/s at the load (None where not timed)."""
    gpus: int = 0
    replicas: int = 1
    weights: str = ""


def _scaled_load(w: _W, gid: str, users: int, inp: int, setup: str, most: int | None,
                 weights: str | None = None) -> _Scaled | None:
    """A compared setup that does not hold ``users`` requests at once, scaled to the GPUs
    that do: the count answer's (:func:`gpu_count_for_users`, the count the sizing's queue
    warning names: 4 x H100 as one replica of 4 and 4 x H200 as 2 replicas of 2 hold 100
    requests of 70B at bf16), one replica sized at its share of the load for each user's
    tokens/s and the first token's time (as the count answer's ``_users_replica`` sizes it),
    priced on the cheapest offer for them all (:meth:`_W.basis`) by the hour and over the
    month of the stated usage. ``weights``: the precision compared where it is not the
    model's own (like for like). None where no node of it holds them or it has no price."""
    assert w.model is not None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, weights or w.weights, gid,
                              users, inp, images=w.st.images_per_request, output_tokens=_out(w),
                              engine=w.engine())
    if got is None:
        return None
    total, replicas, per, batch = got
    share = min(batch, math.ceil(users / replicas))
    r = w.size(gpu=gid, gpu_count=per, input_tokens=inp, output_tokens=_out(w), batch_size=share,
               **({"weights": weights} if weights else {}))  # else the question's (w.weights)
    p = r.performance if r is not None and r.fits and r.runs is not False else None
    tps = p.output_tokens_per_s_per_user if p is not None else None
    ttft = p.time_to_first_token_ms if p is not None else None
    missed = _targets_missed(w, inp, tps, ttft) if r is not None else None
    if missed is not None and r is not None and tps and ttft is not None:
        # memory holds them all, but not at the serving targets the recommendations apply
        # (the first token within 2 s per 8,192 prompt tokens, 10 tokens/s per user): the
        # side is the recommendations' setup on that GPU, as /v1/recommendations picks it
        # (audit cmpttft: 4 x H200 for 8 users of 70B bf16 at 64k, the first token after
        # 41 s and $5,746/month, where the recommendations pick 8 x H200 at ~15.8 s)
        met = _targets_setup(w, gid, users, inp, r.weights, missed, {
            "setup": setup, "users": w.n(users), "most": w.n(most or 0),
            "mem": w.say("setup_layout", setup=w.setup(total, gid),
                         replicas=w.replicas(replicas), per_replica=w.gpus_per_replica(per, gid)),
            "mem_ttft": w.n(ttft), "mem_tps": w.rate(tps)})
        if met is not None:
            return met
    b = w.basis(gid, total)
    apart = _replica_machines(w, gid, per, replicas) if replicas > 1 else None
    if b is None and apart is None:
        return None
    more = w.setup(total, gid)
    rented = more  # the machines as rented, named in the lead and the verdicts
    if apart is not None and (b is None or apart[1] < b[1] * total):
        # independent replicas need no machine in common: 2 replicas of one A10G are two
        # 1-GPU machines at $1.006/h each, $2.01/h, not AWS's 4-GPU machine at $5.67/h that
        # holds both (audit regress13 #3: $408 a month per user where $145 is paid)
        v, hour, kind, machines = apart
        where = w.say("node_replicas", provider=v.provider, nodes=w.n(machines),
                      setup=w.setup(v.gpu_count, gid),
                      each=w.replicas(v.gpu_count // per))
        # the lead names them as rented: "2 instances of 2 x H100", not "4 x H100" (audit
        # cmpttft: the row said 2 separate machines of 2 x H100, the lead 4 x H100)
        rented = w.say("instances", n=w.n(machines), setup=w.setup(v.gpu_count, gid))
    else:
        assert b is not None
        v, each, kind = b
        hour = each * total
        where = w.where(v, total)
    month = hour * w.month_hours()
    w.price_warnings(v)
    said = {"setup": setup, "users": w.n(users), "most": w.n(most or 0), "more": more,
            "month": w.usd(month), "hour": w.usd(hour), "where": where,
            "kind": w.kinds[kind]}
    if not tps or ttft is None or r is None or p is None:
        return _Scaled(w.say("compare_row_users_scaled", **said), rented, hour, month, None,
                       None)
    row = w.say("compare_row_users_load", tps=w.rate(tps), ttft=w.n(ttft),
                replicas=w.replicas(replicas), per_replica=w.gpus_per_replica(per, gid), **said)
    if missed is not None:  # no setup of the GPU ranked for them: the miss is said
        row += w.say("compare_row_targets_missed", what=missed[0], targets=missed[1])
    # the replicas' output together: each carries its share of the users
    total_tps = p.output_tokens_per_s * users / share if p.output_tokens_per_s else None
    return _Scaled(row, rented, hour, month, tps, ttft, total_tps, total, replicas, r.weights)


def _targets_missed(w: _W, inp: int, tps: float | None, ttft: float | None
                    ) -> tuple[str, str] | None:
    """Where a setup's figures at the load (``tps`` per user, ``ttft`` ms) miss the targets
    the recommendations hold serving to (the question's ``max_time_to_first_token_ms`` and
    tokens/s per user, else their defaults: :func:`default_ttft_ms` of the prompt,
    ``DEFAULT_DECODE_TOKENS_PER_S``), the words for those targets: (which targets, their
    figures); None where both are met or the setup is not timed."""
    if not tps or ttft is None:
        return None
    stated = bool(w.st.max_ttft_ms or w.st.min_tokens_per_s)
    tps_min = w.st.min_tokens_per_s or DEFAULT_DECODE_TOKENS_PER_S
    ttft_max = w.st.max_ttft_ms or default_ttft_ms(inp)
    if tps >= tps_min and ttft <= ttft_max:
        return None
    s = ttft_max / 1000
    return (w.t["compare_targets_stated" if stated else "compare_targets_default"],
            w.say("gpu_count_users_miss_both", min=w.n(tps_min),
                  max=w.n(s, 0 if s.is_integer() else 1)))


def _targets_setup(w: _W, gid: str, users: int, inp: int, weights: str,
                   missed: tuple[str, str], said: dict[str, str]) -> _Scaled | None:
    """The setup /v1/recommendations picks on ``gid`` for ``users`` requests at once of the
    question's prompt at ``weights`` (its targets: the question's, else the defaults), as a
    compared side: its machines, hourly price (GPU time, like the other sides: storage is
    not in it), each user's tokens/s and the first token's time at the load, with the
    memory's count (``said``: ``mem``, ``mem_ttft``) and the targets it misses (``missed``).
    The output at the load is the closed loop's: each of the users asks again as soon as
    its answer ends (``users`` x output tokens over the first token's time and the
    decode). None where the recommendations rank no option of that GPU at that precision."""
    out = _out(w)
    rec = w.recommend(workload="serving", gpus=[gid], concurrent_requests=users,
                      context_tokens=inp + out, output_tokens=out, weights=weights,
                      min_decode_tokens_per_s=w.st.min_tokens_per_s)
    o = rec.options[0] if rec is not None and rec.options else None
    q = o.performance if o is not None else None
    if (o is None or q is None or o.offer.gpu != gid or o.weights != weights
            or not q.decode_tokens_per_s_per_user or q.time_to_first_token_ms is None):
        return None
    tps, ttft = q.decode_tokens_per_s_per_user, q.time_to_first_token_ms
    n = o.offer.gpu_count * o.nodes
    per = o.fit.gpus_per_replica
    replicas = max(1, n // per) if per else 1
    hour = o.cost.per_hour_usd
    month = hour * w.month_hours()
    one = w.setup(o.offer.gpu_count, gid)
    if o.nodes == 1:
        where = w.say("node_one", provider=o.offer.provider, setup=one) \
            if o.offer.gpu_count > 1 else o.offer.provider
    elif per > o.offer.gpu_count:  # one replica split over the machines
        where = w.say("node_many", provider=o.offer.provider, nodes=w.n(o.nodes), setup=one)
    else:
        where = w.say("node_replicas", provider=o.offer.provider, nodes=w.n(o.nodes),
                      setup=one, each=w.replicas(o.fit.replicas_per_node))
    row = w.say("compare_row_users_targets", **said, what=missed[0], targets=missed[1],
                more=w.setup(n, gid), month=w.usd(month), hour=w.usd(hour), where=where,
                kind=w.kinds[o.pricing_model], tps=w.rate(tps), ttft=w.n(ttft),
                replicas=w.replicas(replicas), per_replica=w.gpus_per_replica(per or n, gid))
    if (v := w.view_of(o.offer.id)) is not None:
        w.price_warnings(v)
    for x in o.warnings:
        # storage and egress are not in the price compared; its price date is said above
        if not _PROVIDER_TERMS.match(x) and not x.startswith("price date "):
            w.core_warn(x)
    total = users * out / (ttft / 1000 + out / tps)
    return _Scaled(row, w.option_setup(o), hour, month, tps, ttft, total, n, replicas, o.weights)


def _replica_machines(w: _W, gid: str, per: int, replicas: int
                      ) -> tuple[OfferView, float, str, int] | None:
    """``replicas`` independent replicas of ``per`` x ``gid`` on the cheapest separate
    machines that each hold whole replicas (2 replicas of one GPU: two 1-GPU machines, or one
    2-GPU machine), as /v1/recommendations rents instances for a load and
    :meth:`_W.replicas_price` prices them: (offer, $/h of all the machines, pricing key,
    machines), where more than one machine is the cheapest; else None (one machine holding
    them all is :meth:`_W.basis`' price). On-demand, else reserved, else spot, trusted and
    fresh offers first, like :meth:`_W.basis`."""
    views = [v for v in w.offers_for(gid) if v.gpu_count % per == 0]
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    for key in ("on_demand", "reserved", "spot"):
        priced = [(price * math.ceil(replicas / (v.gpu_count // per)), v)
                  for v in fresh if (price := getattr(v, f"{key}_usd_h")) is not None]
        if priced:
            hour, v = min(priced, key=lambda x: (x[0], -x[1].gpu_count))
            machines = math.ceil(replicas / (v.gpu_count // per))
            return (v, hour, key, machines) if machines > 1 else None
    return None


def _per_user(w: _W, users: int, served: list[_Served]) -> str | None:
    """The verdict of a comparison under a load: each setup that carries all ``users``
    priced per user served (its hour over the month of the stated usage, over the users),
    the cheapest per user, and where a dearer one is faster per user, by how much and for
    how much more (4 x H200 at 100 users of 70B: 15.4 against 14.6 tokens/s per user, the
    first token later, $3.67/month more per user than 4 x H100). None where fewer than two
    are priced."""
    priced = [s for s in served if s.hour > 0]
    if len(priced) < 2:
        return None
    per = {s.setup: s.hour * w.month_hours() / users for s in priced}
    cheap = min(priced, key=lambda s: per[s.setup])
    timed = [s for s in priced if s.tps]
    fast = max(timed, key=lambda s: s.tps or 0.0) if timed else None
    faster = ""
    if fast is not None and fast is not cheap and cheap.tps and (fast.tps or 0) > cheap.tps:
        # faster per token only, where its first token comes later (audit regress13 #13:
        # 4 x H200 "is faster per user" at 2,257 against 1,734 ms to the first token)
        later = fast.ttft is not None and cheap.ttft is not None and fast.ttft > cheap.ttft
        faster = w.say("compare_per_user_mixed" if later else "compare_per_user_faster",
                       fast=fast.setup, fast_tps=w.rate(fast.tps or 0),
                       cheap_tps=w.rate(cheap.tps), fast_ttft=w.n(fast.ttft or 0),
                       cheap_ttft=w.n(cheap.ttft or 0),
                       extra=w.usd(per[fast.setup] - per[cheap.setup]))
    elif fast is cheap and len(timed) > 1:
        sooner = min((s for s in timed if s is not cheap and s.ttft is not None),
                     key=lambda s: s.ttft or 0.0, default=None)
        if (sooner is not None and cheap.ttft is not None and sooner.ttft is not None
                and w.n(sooner.ttft) != w.n(cheap.ttft) and sooner.ttft < cheap.ttft):
            faster = w.say("compare_per_user_fastest_mixed", other=sooner.setup,
                           other_ttft=w.n(sooner.ttft), cheap_ttft=w.n(cheap.ttft))
        else:
            faster = w.t["compare_per_user_fastest"]
    rows = "; ".join(w.say("compare_per_user_row", setup=s.setup, month=w.usd(per[s.setup]))
                     for s in priced)
    return w.say("compare_per_user", users=w.n(users), rows=rows, usage=w.usage(),
                 cheap=cheap.setup, faster=faster)


def _common_machine(w: _W, gids: list[str]) -> tuple[int, bool] | None:
    """The GPUs of one machine for every GPU of a machine comparison with no count stated
    ("Compare an L4 server and a T4 server"), and whether a stale or doubted offer may be
    quoted for it: the largest count every GPU is rented in as one trusted, current machine;
    else the largest count every GPU has any offer of (T4 machines are all stale: the 8 x T4
    aws-g4dn-metal, warned as stale); else (1, False), each GPU's price per GPU. It priced
    each GPU at its own node's size: an 8 x L4 machine against a T4 per GPU, a 4 x MI300X
    against an 8 x H100 (audit regress9 #11). None where one GPU, or the count stated, decide
    (:func:`_machine_text` as before)."""
    if len(gids) < 2 or w.st.machine_gpus:
        return None

    def counts(gid: str, trusted: bool) -> set[int]:
        return {v.gpu_count for v in w.offers_for(gid)
                if v.gpu_count > 1 and (v.on_demand_usd_h is not None
                                        or v.reserved_usd_h is not None)
                and not (trusted and (v.stale or v.suspect))}

    for trusted in (True, False):
        common = set.intersection(*(counts(g, trusted) for g in gids))
        if common:
            return max(common), not trusted
    return 1, False


def _machine_text(w: _W, gid: str, gb: tuple[OfferView, float, str] | None,
                  dates: list[str], common: tuple[int, bool] | None = None) -> str:
    """A GPU's row of machines compared with no model ("Compare the 8-GPU H100 server and
    8-GPU A100 server price per hour", ``Stated.node``): one machine of the count stated
    (``Stated.machine_gpus``), else of the GPU's node (:func:`_node_size`), at the cheapest
    trusted, current offer of exactly that count (:func:`_node_basis`), its per-GPU rate
    beside it; where there is none, said so, with the GPU's cheapest price per GPU (``gb``,
    :meth:`_W.basis` with ``share``). Each price date quoted is added to ``dates``. Each row
    was the per-GPU price alone ("from $1.29/h" and "from $0.72/h"; audit regress6 #11)."""
    n = common[0] if common else w.st.machine_gpus or _node_size(w, gid)
    if n <= 1:  # only single-GPU machines (a T4 "server"): the GPU's price is the machine's
        return (w.say("compare_gpu_price", price=w.usd(gb[1]), kind=w.kinds[gb[2]])
                if gb else "")
    b = _node_basis(w, gid, n)
    if b is not None and ((common is not None and common[1])
                          or (not b[0].stale and not b[0].suspect)):
        v, hour, kind = b
        date = w.view_date(v)
        if date not in dates:
            dates.append(date)
        w.price_warnings(v)
        return w.say("compare_gpu_machine", n=w.n(n), hour=w.usd(hour), provider=v.provider,
                     per=w.usd(hour / n), kind=w.kinds[kind])
    if gb is None:
        return w.say("compare_gpu_machine_none_bare", n=w.n(n))
    return w.say("compare_gpu_machine_none", n=w.n(n), price=w.usd(gb[1]),
                 kind=w.kinds[gb[2]])


def _price_text(w: _W, bb: tuple[OfferView, float, str] | None, count: int) -> str:
    """A compared setup's price (:meth:`_W.basis` ``bb`` for ``count`` GPUs): the hour of
    what is rented and the price per GPU of the machine it is. Where that machine holds more
    GPUs than the setup uses, or the machines that make up the count do, they are named and
    the price per GPU is over the GPUs rented: 2 x A10G on AWS, whose smallest machine that
    holds them is the g5.12xlarge of 4 ($5.672/h), cost $5.67/h, $1.42/h per GPU (it said
    "$2.84/h per GPU", the machine's price over the 2 used; audit ask_ro #1)."""
    if bb is None or not bb[1]:
        return ""
    v, per, kind = bb
    if v.gpu_count * _instances(v, count) > count:
        return w.say(w.on("compare_price_machine", v.gpu), total=w.usd(per * count),
                     where=w.where(v, count), price=w.usd(w.machine_gpu_price(bb)),
                     kind=w.kinds[kind])
    return w.say(w.on("compare_price", v.gpu), price=w.usd(per), total=w.usd(per * count),
                 kind=w.kinds[kind])


def _one_card_each(w: _W, gids: list[str], base: SizingResult, inp: int,
                   users: int) -> tuple[str, str, str] | None:
    """GPUs each named with an article ("does Qwen2.5 14B run on an A10G or an L4?", "merge
    pe un A10G sau pe un L4?") ask about one card of each (audit ask_ro #1: it compared 2 x
    A10G with 2 x L4 at bf16 and never said whether one card holds it). The yes or no for one
    card of each at the model's precision, with the GiB it needs and the card's usable; the
    comparison that follows is read at one card each (``gpu_counts``: the precision that
    fits one card where the model's own does not); and where one card does not hold it, the
    fewest of that card at the model's precision with their price (:func:`_price_text`).
    The yes or no leads where the fit is asked (:attr:`Stated.fit_asked`); where a speed or
    a price is, that number leads for each card and the yes for one card follows it, and only
    a card one of which does not hold the model is said so first, before its larger setup
    (audit regress7 #7: "is an H100 or an A100 faster" led with 17.0 GiB of 71.7 usable).
    (lead, what it takes, said after the comparison); None where no card could be sized."""
    assert w.model is not None
    rows: list[str] = []
    no: list[str] = []  # the rows of the cards one of which does not hold it
    takes: list[str] = []
    ones: list[str] = []  # the cards one of which holds it, at the model's or a smaller precision
    load = users if users > 1 else None
    for gid in gids:
        r = w.size(gpu=gid, gpu_count=1, input_tokens=inp, output_tokens=_out(w), batch_size=load)
        if r is None or r.gpu is None:
            return None
        fits = r.fits and r.runs is not False
        rows.append(w.say("compare_one_yes" if fits else "compare_one_no", gpu=w.gpu_name(gid),
                          need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r))))
        if not fits:
            no.append(rows[-1])
        if fits:
            ones.append(gid)
            continue
        said = len(w.out.more)
        smaller = _fitting_precision(
            w, r, gid, 1, w.setup(1, gid), inp + _out(w),
            lambda x: x.fits_in_memory and x.performance is not None, takes=False, input_tokens=inp,
            output_tokens=_out(w), batch_size=load)
        del w.out.more[said:]  # the comparison's row says the precision
        if smaller is None:
            continue  # no card alone holds it: compared at the fewest of it that do
        ones.append(gid)
        more = next((f for f in sorted(base.fits_on, key=lambda f: f.gpu_count)
                     if f.gpu == gid and f.gpu_count > 1), None)
        if more is None:
            continue  # no count of it holds it at the model's precision
        bb = w.basis(gid, more.gpu_count)
        if bb is not None:
            w.price_warnings(bb[0])
        takes.append(w.say("compare_one_takes_row", setup=w.setup(more.gpu_count, gid),
                           per=w.gib(more.per_gpu_gib),
                           price=_price_text(w, bb, more.gpu_count)))
    if not w.st.gpu_counts:  # a count of one written ("one H100 or one H200") stays
        w.st = dc_replace(w.st, gpu_counts=tuple((gid, 1) for gid in ones))

    def sentence(which: list[str]) -> str:
        return w.say("compare_one", model=w.model.name if w.model else "",
                     weights=base.weights, rows="; ".join(which)) if which else ""

    took = w.say("compare_one_takes", weights=base.weights, rows="; ".join(takes)) \
        if takes else ""
    if w.st.fit_asked:
        return sentence(rows), took, ""
    return sentence(no), took, "" if no else sentence(rows)


def _like_for_like(w: _W, items: list[tuple[int, str, int, SizingResult | None]],
                   base: SizingResult, inp: int, users: int) -> tuple[str, list[str]]:
    """One precision for every setup compared where one of them holds the model only at a
    smaller one than its own (2 x H100 or one H200 for Llama 3.1 70B: the H200 at fp8): the
    smallest of those, the largest that fits the tightest side, for them all where each runs
    and fits it, so that speed and price compare like for like (2 x H100 at fp8 make 51.5
    tokens/s, where bf16's 33.8 ranked the H200's 41.0 at fp8 fastest). ``items`` are
    re-sized in place: (the precision compared, the setups its own does not fit); the
    model's own and none where none needs a smaller one, or one setup cannot run or hold
    the smaller one (each row then says its own precision)."""
    own = get_precision(base.weights).bits_linear
    smaller = [(get_precision(r.weights).bits_linear, r.weights, w.setup(count, gid))
               for _, gid, count, r in items
               if r is not None and r.fits_in_memory and get_precision(r.weights).bits_linear < own]
    if not smaller:
        return base.weights, []
    pid = min(smaller)[1]
    again = list(items)
    for i, (at, gid, count, r) in enumerate(items):
        if r is None or r.weights == pid:
            continue
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=_out(w),
                     batch_size=users if users > 1 else None, weights=pid)
        if got is None or got.runs is False or not got.fits_in_memory or got.performance is None:
            return base.weights, []
        again[i] = (at, gid, count, got)
    items[:] = again
    return pid, [setup for _, _, setup in smaller]


def _compared(w: _W, gids: list[str], base: SizingResult, inp: int, rows: list[str],
              users: int = 1) -> Iterator[tuple[str, int, SizingResult | None]]:
    """Each GPU compared, at the count written next to it ("2 x H100 or one H200"), else at
    the fewest of it that hold the model (the base sizing's ``fits_on``), sized there with
    ``users`` requests at once: (gpu, count, sizing); a GPU that holds it at no count, or not
    at the count written, gets its row in ``rows`` instead (with its need, and the fewest of
    it that do)."""
    written = dict(w.st.gpu_counts)
    for gid in gids:
        count = next((f.gpu_count for f in base.fits_on if f.gpu == gid), None)
        if gid in written and written[gid] != count:
            r = w.size(gpu=gid, gpu_count=written[gid], input_tokens=inp, output_tokens=_out(w),
                       batch_size=users if users > 1 else None)
            if r is not None and r.gpu is not None and not r.fits_in_memory:
                # the count written, at the largest precision that fits it (said in its row)
                more = len(w.out.more)
                r = _fitting_precision(
                    w, r, gid, written[gid], w.setup(written[gid], gid), inp + _out(w),
                    lambda x: x.fits_in_memory and x.performance is not None, input_tokens=inp,
                    output_tokens=_out(w), batch_size=users if users > 1 else None) or r
                del w.out.more[more:]  # the row says it: "1 x H200 at fp8 (bf16: ...)"
            if r is not None and not r.fits_in_memory:
                fewest = (w.say("compare_nofit_fewest", setup=w.setup(count, gid))
                          if count is not None and count > written[gid] else "")
                rows.append(w.say("compare_nofit_at", setup=w.setup(written[gid], gid),
                                  need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                                  fewest=fewest))
                continue
            if r is not None:
                yield gid, written[gid], r
                continue
        if count is None:
            # not listed at the model's own precision where the GPU cannot run it (bf16 on a
            # T4): sized on that GPU, one card at the largest precision that holds it (8B at
            # int8 on one T4, 10.5 of 13.5 GiB, as /v1/sizing and the speed answer say), else
            # the fewest of it at the precision it runs (fp16); it read "does not hold it on
            # one node" (audit ask_en2 #5)
            own = _on_itself(w, gid, inp, users)
            if own is None:
                rows.append(w.say("compare_nofit", gpu=w.gpu_name(gid)))
                continue
            yield gid, own[0], own[1]
            continue
        yield gid, count, w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=_out(w),
                                 batch_size=users if users > 1 else None)


def _on_itself(w: _W, gid: str, inp: int, users: int) -> tuple[int, SizingResult] | None:
    """(count, sizing) of ``gid`` for a model its base sizing's ``fits_on`` does not list (a
    precision the GPU does not run): one card at the largest precision that holds the model
    with room for a request (:func:`_fitting_precision`), else the fewest of it at the
    precision it runs (its own sizing's ``fits_on``); None where neither holds it."""
    load = users if users > 1 else None
    r = w.size(gpu=gid, gpu_count=1, input_tokens=inp, output_tokens=_out(w), batch_size=load)
    if r is None or r.gpu is None:
        return None
    if r.runs is not False and r.fits_in_memory and r.performance is not None:
        return 1, r
    said = len(w.out.more)
    one = _fitting_precision(w, r, gid, 1, w.setup(1, gid), inp + _out(w),
                             lambda x: x.fits_in_memory and x.performance is not None, takes=False,
                             input_tokens=inp, output_tokens=_out(w), batch_size=load)
    del w.out.more[said:]  # the row says the precision
    if one is not None:
        return 1, one
    n = min((f.gpu_count for f in r.fits_on if f.gpu == gid), default=None)
    if n is None:
        return None
    more = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=_out(w), batch_size=load)
    return (n, more) if more is not None and more.fits_in_memory else None


def _compare_million(w: _W, gids: list[str], base: SizingResult, inp: int) -> bool:
    """The cost of a million output tokens on each GPU compared, on-demand at full load: at
    the count written next to it at the compared precision, else the setup of it that costs
    least per token (:func:`_per_token_best`: the count and the precision the single-GPU
    answer gives for that GPU, weighted for the quality of its weights; one H100 holds 70B at
    fp8 with room for 2 requests, $6.29 per 1M tokens, where 2 cost about $0.46): the setup's
    hourly price over its output."""
    assert w.model is not None
    rows: list[str] = []
    best: tuple[float, str] | None = None
    fast: tuple[float, str] | None = None
    written = dict(w.st.gpu_counts)
    mixed = False  # a row at another precision than the compared one: the header says so
    costs: list[tuple[float, str]] = []  # each row's cost of 1M output tokens, its setup
    # a GPU with no offer and no price of the asker's: its output at full load, its price
    # said to be unknown, never ranked (audit unpriced: "TPU v5e vs L4 per dollar" dropped
    # the TPU's cost and named the L4 cheapest by the hour)
    unpriced: list[tuple[float, str]] = []
    for gid, count, r in _compared(w, gids, base, inp, rows):
        cheapest = None if gid in written else _per_token_best(w, gid, inp, _out(w))
        weights = base.weights
        v: OfferView | None = None
        if cheapest is not None:
            _, million, count, weights, thr, hour, v, kind = cheapest
        else:
            full = r.performance.max_throughput_tokens_per_s if r and r.performance else None
            b = w.basis(gid, count)
            if not full:
                return False
            if b is None and w.own_gpu_price(gid, count) is None:
                if w.offers_for(gid):
                    return False  # priced, but not at this count: the comparison as before
                at = r.weights if r is not None else weights
                said = w.setup(count, gid) if at == base.weights else w.say(
                    "compare_setup_weights", setup=w.setup(count, gid), weights=at)
                unpriced.append((full, said))
                if fast is None or full > fast[0]:
                    fast = (full, said)
                continue
            v, per, kind = b if b is not None else (None, 0.0, "on_demand")
            thr, hour = full, per * count
            million = hour / (thr * 3600) * 1e6
            weights = r.weights if r is not None else weights
        setup = w.setup(count, gid)
        said = setup if weights == base.weights else w.say(
            "compare_setup_weights", setup=setup, weights=weights)
        mixed = mixed or weights != base.weights
        own = w.own_gpu_price(gid, count)
        if own is not None:
            # the asker's price of this card ("H100 at $2/h vs A100 at $1.2/h"): the same
            # setup and full load at it, not the catalog's (audit ownprice2: the catalog's
            # $1.29/h and $0.93/h were compared)
            hour = own * count
            million = hour / (thr * 3600) * 1e6
            rows.append(w.say("compare_million_row_own", setup=said, million=w.usd(million),
                              thr=w.n(thr), hour=w.usd(hour), own=w.own_said(gid, count)))
        else:
            rows.append(w.say("compare_million_row", setup=said, million=w.usd(million),
                              thr=w.n(thr), hour=w.usd(hour), kind=w.kinds[kind]))
        costs.append((million, said))
        if best is None or million < best[0]:
            best = (million, said)
        if fast is None or thr > fast[0]:
            fast = (thr, said)
        if v is not None and own is None:
            w.price_warnings(v)
    if best is None or fast is None:
        return False
    native = w.model.native_precision or "bf16"
    w.ask("per_million_output_tokens_usd", best[0], "USD")
    others = [(m, said) for m, said in costs if said != best[1]]
    no_price = [w.unpriced_say("compare_million_unpriced", setup=said, thr=w.n(thr))
                for thr, said in unpriced]
    cheap = best[1]
    if unpriced:
        cheap = w.unpriced_say(
            "compare_cheapest_partial" if others else "compare_cheapest_unknown",
            cheap=best[1], unpriced=", ".join(said for _, said in unpriced))
        if not others:
            # one side priced: its cost per token, and the others' prices unknown (no lead
            # names a cheaper side)
            w.out.first = " ".join((w.say(
                "compare_million", model=w.model.name, weights=base.weights,
                rows="; ".join(rows)) if not mixed else w.say(
                "compare_million_setups", model=w.model.name, rows="; ".join(rows),
                native=native), *no_price))
            w.out.more.append(w.say("compare_million_best", cheap=cheap, fast=fast[1]))
            return True
    if others and all(w.usd(m) != w.usd(best[0]) for m, _ in others):
        # the verdict first, then the rows without the lead's words again: which costs least
        # per token and against what (audit buyer19 #6: "which is better per dollar" gave the
        # speed and the hourly price apart, and the hourly verdict named the A100, dearer per
        # token than the H100)
        w.out.first = w.say(
            "compare_million_lead_setups" if mixed else "compare_million_lead",
            model=w.model.name, weights=base.weights, cheap=best[1], million=w.usd(best[0]),
            others="; ".join(w.say("compare_million_load_other", setup=said, million=w.usd(m))
                             for m, said in others))
        w.out.more.insert(0, w.say("compare_million_setups_rows" if mixed
                                   else "compare_million_rows", rows="; ".join(rows),
                                   native=native))
    else:
        w.out.first = w.say("compare_million", model=w.model.name, weights=base.weights,
                            rows="; ".join(rows)) if not mixed else w.say(
            "compare_million_setups", model=w.model.name, rows="; ".join(rows), native=native)
    if no_price:
        w.out.first = " ".join((w.out.first, *no_price))
    w.out.more.append(w.say("compare_million_best", cheap=cheap, fast=fast[1]))
    return True


@dataclass(frozen=True)
class _Side:
    """One model of a comparison of models on one GPU (:func:`_model_side`): the setup that
    holds it and the load, and its figures there."""
    name: str
    weights: str
    gpus: int
    replicas: int
    per: int
    held: int | None  # the requests at once the count asked holds, where more GPUs are taken
    tps: float  # each user's output tokens/s at the load (one request alone: its own)
    total: float | None  # the whole setup's output tokens/s at the load
    full: float | None  # the whole setup's output tokens/s at full load
    ttft: float | None
    notes: tuple[str, ...]  # why another precision or more GPUs than asked
    sized: SizingResult  # one replica at its share of the load


def _model_side(w: _W, wm: _W, gid: str, count: int, users: int, inp: int) -> _Side | None:
    """``wm``'s model on ``count`` x ``gid`` under ``users`` requests at once of ``inp`` +
    the output (:func:`_out`: 512 unless stated) tokens, as the speed answer sizes one model
    there: at the precision asked, else its own, else the largest that holds its weights and
    a request on the count (:func:`_fitting_precision`, said), else its own on the fewest of
    the GPU that hold it (said); then, where those GPUs do not hold every request at once,
    on the count that does (:func:`gpu_count_for_users`, the count the speed answer's "All
    50 at once need 2 x H200" gives), one replica sized at its share of the load. None where
    no count of the GPU holds it."""
    assert wm.model is not None
    load = users if users > 1 else None
    name = wm.model.name
    notes: list[str] = []

    def runs(x: SizingResult | None) -> bool:
        return (x is not None and x.runs is not False and bool(x.max_batch_size_in_memory)
                and x.performance is not None)

    def holds(x: SizingResult | None) -> bool:  # every request at once
        return runs(x) and x is not None and x.fits_in_memory is True

    def smaller(r: SizingResult, held: Callable[[SizingResult], bool]) -> SizingResult | None:
        said = len(wm.out.more)
        got = _fitting_precision(wm, r, gid, count, w.setup(count, gid), inp + _out(w), held,
                                 takes=False, input_tokens=inp, output_tokens=_out(w),
                                 batch_size=load)
        del wm.out.more[said:]  # said by the comparison's own note
        if got is not None:
            notes.append(w.say("compare_models_precision", model=name, own=r.weights,
                               setup=w.setup(count, gid), need=w.gib(r.memory.per_gpu_gib),
                               cap=w.gib(w.cap(r)), weights=got.weights))
        return got

    r = wm.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=_out(w), batch_size=load)
    if r is None or r.gpu is None:
        return None
    # the speed answer's precision: the largest that holds every request on the count, else
    # the largest that holds the weights and a request (the count then grows for the load)
    if not holds(r):
        r = smaller(r, holds) or (r if runs(r) else smaller(r, runs) or r)
    if not runs(r):
        fewest = min((f.gpu_count for f in r.fits_on if f.gpu == gid), default=None)
        more = (wm.size(gpu=gid, gpu_count=fewest, input_tokens=inp, output_tokens=_out(w),
                        batch_size=load, weights=r.weights) if fewest else None)
        if more is None or fewest is None or not runs(more):
            return None
        notes.append(w.say("compare_models_more", model=name, weights=r.weights,
                           setup=w.setup(count, gid), need=w.gib(r.memory.per_gpu_gib),
                           cap=w.gib(w.cap(r)), more=w.setup(fewest, gid)))
        count, r = fewest, more
    p = r.performance
    assert p is not None
    if users == 1:
        return _Side(name, r.weights, count, 1, count, None, p.decode_tokens_per_s or 0,
                     p.output_tokens_per_s, p.max_throughput_tokens_per_s,
                     p.time_to_first_token_ms, tuple(notes), r)
    if r.fits_in_memory and (p.max_concurrency is None or p.max_concurrency >= users):
        return _Side(name, r.weights, count, 1, count, None,
                     p.output_tokens_per_s_per_user or 0, p.output_tokens_per_s,
                     p.max_throughput_tokens_per_s, p.time_to_first_token_ms, tuple(notes), r)
    # not every request at once: the count that holds them all, as the speed answer says it
    held = min(r.max_batch_size_in_memory or 0,
               p.max_concurrency or r.max_batch_size_in_memory or 0)
    got = gpu_count_for_users(w.catalog, wm.model_id or "", r.weights, gid, users, inp,
                              output_tokens=_out(w), engine=wm.engine())
    if got is None:
        return None
    total, replicas, per, batch = got
    share = min(batch, math.ceil(users / replicas))
    one = wm.size(gpu=gid, gpu_count=per, input_tokens=inp, output_tokens=_out(w),
                  batch_size=share, weights=r.weights)
    q = one.performance if one is not None and one.fits and one.runs is not False else None
    if one is None or q is None or not q.output_tokens_per_s_per_user:
        return None
    notes.append(w.say("compare_models_load", model=name, weights=r.weights,
                       setup=w.setup(count, gid), users=w.n(users), most=w.n(held),
                       more=w.setup(total, gid), replicas=w.replicas(replicas),
                       per_replica=w.gpus_per_replica(per, gid)))
    return _Side(name, r.weights, total, replicas, per, held, q.output_tokens_per_s_per_user,
                 (q.output_tokens_per_s or 0) * users / share if q.output_tokens_per_s else None,
                 (q.max_throughput_tokens_per_s or 0) * replicas
                 if q.max_throughput_tokens_per_s else None,
                 q.time_to_first_token_ms, tuple(notes), one)


def _like_models(w: _W, gid: str, count: int, users: int, inp: int,
                 sides: list[tuple[_W, _Side]]) -> bool:
    """Models of a comparison sized at different precisions, no precision stated (Llama 3.1
    8B at fp8, as bf16 does not hold 8 users on an L4, against Mistral 7B at its own bf16):
    each re-sized in place at the smallest of them, the largest precision every model holds
    the load at, so that the verdict compares the models, not their precisions (audit
    buyer18b #11: "Llama costs less", $0.81 against $1.18, was fp8 against bf16); a note says
    each model moved and its figure at its own precision. True where they stay at different
    precisions (a model does not run at the common one): the verdict says so."""
    if w.weights is not None or len({s.weights for _, s in sides}) < 2:
        return False
    pid = min((s.weights for _, s in sides), key=lambda x: get_precision(x).bits_linear)
    again: list[tuple[_W, _Side]] = []
    for wm, s in sides:
        if s.weights == pid:
            again.append((wm, s))
            continue
        wl = _W(w.ex, w.det, w.sub, w.lang, w.catalog, w.today, w.messages, wm.model_id,
                w.st)
        wl.weights = pid
        like = _model_side(w, wl, gid, count, users, inp)
        if like is None or like.weights != pid:
            return True
        note = w.say("compare_models_like", model=s.name, weights=pid, own=s.weights,
                     tps=w.rate(s.tps), setup=w.setup(s.gpus, gid))
        again.append((wl, dc_replace(like, notes=(*like.notes, note))))
    sides[:] = again
    return False


def compare_models(w: _W) -> bool:
    """Two or more language models on the one GPU the question names ("Qwen3-30B-A3B vs
    Mixtral 8x7B on an H100 for 16 users: which is faster?", "llama 3.1 8b or qwen2.5 7b on
    a 4090, which is cheaper per million tokens?"; :attr:`Stated.models`): each at the
    count of it written (else one) and the load stated, at the precision the speed answer
    would give it there (:func:`_model_side`), its tokens/s per user and in total and its
    first token's time; the verdict leads: the faster, or where money is asked the cheaper
    per 1M output tokens at that load (at full load for one request: the setup's hourly
    price over its output). False where a model cannot be sized on the GPU (audit buyer17b
    #6: a guidance passage and no number)."""
    gid = w.ex.gpu
    if (gid is None or w.det.gpus or len(w.st.models) < 2
            or any(w.reg.models[m].kind != "llm" for m in w.st.models)):
        return False
    count = w.ex.gpu_count or 1
    users = w.ex.concurrent_requests or w.det.users or 1
    inp = _prompt(w, _out(w))
    money = w.sub == "million" or w.st.money_asked
    sides: list[tuple[_W, _Side]] = []
    # a precision written beside one model is that model's alone; a model with none beside
    # it is sized at its own default ("gpt-oss-120b vs Llama 3.3 70B fp8": gpt-oss at its
    # native mxfp4, not at Llama's fp8 on 2 GPUs; audit buyer24b #6)
    beside = w.st.models_weights or (None,) * len(w.st.models)
    for mid, pid in zip(w.st.models, beside, strict=True):
        # (a model with none: not "quantized" either, which is the other model's precision)
        ex = (w.ex if not w.st.models_weights else msgspec.structs.replace(
            w.ex, weights=pid, quantized=w.ex.quantized if pid else None))
        wm = _W(ex, w.det, w.sub, w.lang, w.catalog, w.today, w.messages, mid, w.st)
        side = _model_side(w, wm, gid, count, users, inp)
        if side is None:
            return False
        sides.append((wm, side))
    mixed = (len({s.weights for _, s in sides}) > 1 if w.st.models_weights
             else _like_models(w, gid, count, users, inp, sides))
    rows: list[str] = []
    priced: list[tuple[float, _Side]] = []
    for wm, s in sides:
        bb = w.basis(gid, s.gpus)
        own = w.own_gpu_price(gid, s.gpus)
        hour = own * s.gpus if own is not None else bb[1] * s.gpus if bb is not None else None
        out = s.total if users > 1 else s.full
        million = hour / (out * 3600) * 1e6 if hour and out else None
        price = ""
        if hour and million is not None:
            kind = w.kinds[bb[2]] if own is None and bb is not None else w.own_said(gid, s.gpus)
            price = w.say("compare_models_price_load" if users > 1
                          else "compare_models_price_full",
                          hour=w.usd(hour), kind=kind, million=w.usd(million))
            priced.append((million, s))
            if own is None and bb is not None:
                w.price_warnings(bb[0])
        setup = w.setup(s.gpus, gid)
        if users > 1:
            rows.append(w.say("compare_models_row_users", model=s.name, weights=s.weights,
                              setup=setup, tps=w.rate(s.tps), total=w.n(s.total or 0),
                              ttft=w.n(s.ttft or 0), price=price))
        else:
            rows.append(w.say("compare_models_row_one", model=s.name, weights=s.weights,
                              setup=setup, tps=w.rate(s.tps), ttft=w.n(s.ttft or 0),
                              full=w.n(s.full or 0), price=price))
        w.out.compared.append(ComparedNumbers(
            model=wm.model_id or "", weights=s.weights, gpu=gid, gpu_count=s.gpus,
            replicas=s.replicas, concurrent_requests=users, held_concurrent_requests=s.held,
            output_tokens_per_s_per_user=s.tps, output_tokens_per_s_total=s.total,
            max_throughput_tokens_per_s=s.full, time_to_first_token_ms=s.ttft,
            per_hour_usd=hour, per_million_output_tokens_usd=million))
        for x in s.sized.warnings:
            w.core_warn(x)

    def named(s: _Side, lead: _Side) -> str:  # the model, with its setup where it differs
        return s.name if s.gpus == lead.gpus else w.say("compare_models_on", model=s.name,
                                                        setup=w.setup(s.gpus, gid))

    if money and len(priced) == len(sides):
        ranked = sorted(priced, key=lambda x: x[0])
        best, rest = ranked[0], ranked[1:]
        others = "; ".join(w.say("compare_models_other_million", model=named(s, best[1]),
                                 million=w.usd(m)) for m, s in rest)
        key = "compare_models_cheaper_users" if users > 1 else "compare_models_cheaper_one"
        if all(w.usd(m) == w.usd(best[0]) for m, _ in rest):
            key += "_tie"
        w.out.first = w.say(key, model=best[1].name, setup=w.setup(best[1].gpus, gid),
                            users=w.n(users), million=w.usd(best[0]), others=others)
        w.ask("per_million_output_tokens_usd", best[0], "USD")
        lead = best[1]
    else:
        ranked_s = sorted((s for _, s in sides), key=lambda s: -s.tps)
        fast, rest_s = ranked_s[0], ranked_s[1:]
        others = "; ".join(w.say("compare_models_other_tps", model=named(s, fast),
                                 tps=w.rate(s.tps)) for s in rest_s)
        key = "compare_models_faster_users" if users > 1 else "compare_models_faster_one"
        if all(w.rate(s.tps) == w.rate(fast.tps) for s in rest_s):
            key += "_tie"
        w.out.first = w.say(key, model=fast.name, setup=w.setup(fast.gpus, gid),
                            users=w.n(users), tps=w.rate(fast.tps), others=others)
        w.ask("output_tokens_per_s_per_user" if users > 1 else "decode_tokens_per_s",
              fast.tps, "tokens/s")
        lead = fast
    if mixed:
        # the models at different precisions (no precision both hold the load at): said in
        # the verdict, so that it is not read as the models' (audit buyer18b #11)
        w.out.first = " ".join((w.out.first or "", w.say(
            "compare_models_mixed", sides=", ".join(
                w.say("compare_models_at", model=s.name, weights=s.weights)
                for _, s in sides))))
    w.out.more.append(w.say("compare_models_users" if users > 1 else "compare_models_one",
                            users=w.n(users), inp=w.n(inp), out=w.n(_out(w)),
                            rows="; ".join(rows)))
    for _, s in sides:
        w.out.more.extend(s.notes)
    w.record(lead.sized, inp + _out(w))
    return True
