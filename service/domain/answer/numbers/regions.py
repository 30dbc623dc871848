"""What the catalog offers in a place (intent "regions"): "Ce GPU-uri pot închiria în
România?", "What GPUs can I rent in the EU?" (audit ro2 #4: a guidance passage, though the
catalog has offers there). Every GPU with an offer located in the region asked, by the rule
/v1/offers?region= and the recommendations apply (``_W.offers_for``: an offer whose location is
unknown is never counted in a place, a provider whose region list is a price list is left out
and said so by ``write._price_context``), the cheapest per GPU-hour first, each with its
provider and the number of its offers there.

The question's own filters are kept (audit regionfilter: "which GPUs with more than 80 GB are
available in Finland under $3/h?" listed a V100 16GB at $0.14/h first): a GPU named ("are
there H100s in Finland?": its cards alone, a family's every card, as /v1/offers?gpu= reads the
name), a card's memory (exactly, at least or more than a size: ``Details.memory_gib``,
``Stated.min_memory_gb``, ``Stated.memory_above_gb``) and a price per GPU-hour at most the
hourly budget stated (``Extracted.budget_usd_per_hour``, "under $3/h"; a monthly one over the
month's hours). The filters are said
in the answer; where none is met, so is the nearest miss. Every price quoted has its date and
its source after the list, as the other price answers give them.

The providers of a GPU (intent "cost", sub "providers": "which providers have H200?", "who
rents H200s?", "ce furnizori au H200?"; buyer audit: the cheapest provider alone, or a guidance
passage) are listed here too (:func:`gpu_providers`): every provider with an offer of it, by
the rule /v1/offers?gpu= applies (a family named bare is every card of it), each with its
cheapest on-demand price per GPU-hour (else its spot or reserved price, said which, after those
with one), the machine sizes it offers and how many offers, cheapest first (the first
``ROWS_MAX``, then how many more; every one in ``numbers.recommendations``), with the dates and
sources of the prices quoted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as dc_replace

from service.domain.answer.numbers.context import _W, OfferNumbers
from service.domain.catalog.offer_query import OfferView

ROWS_MAX = 8
"""GPUs (or providers of a GPU) listed before "and N more": a sentence, not the /v1/offers
table."""

_Row = tuple[float, str, OfferView, int]
"""(price per GPU-hour quoted, GPU id, the offer quoted, offers of the GPU counted there)."""


def _row(gid: str, views: list[OfferView]) -> _Row:
    """The cheapest of ``views`` (priced offers of ``gid`` located in the place), the trusted,
    fresh ones first (offers_for's order), with the number of them."""
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    best = min(fresh, key=lambda v: v.price_per_gpu_usd_h or 0.0)
    return best.price_per_gpu_usd_h or 0.0, gid, best, len(views)


def _cards(w: _W) -> list[str] | None:
    """The cards of the GPU the question names (a family named bare: every card of it, as
    GET /v1/offers?gpu= and the price answers in a place read it), None where none is."""
    gid = w.ex.gpu
    if gid is None:
        return None
    for cards in (w.st.gpu_family, w.st.gpu_variants):
        if gid in cards:
            return sorted(cards)
    return [gid]


def _ceiling(w: _W) -> float | None:
    """The price per GPU-hour the question allows: an hourly budget, else a monthly one over
    the month's hours at the usage stated (720 around the clock, as the cost answers count a
    month); None where no budget is stated."""
    if w.ex.budget_usd_per_hour:
        return w.ex.budget_usd_per_hour
    if w.ex.budget_usd_per_month:
        return w.ex.budget_usd_per_month / w.month_hours()
    return None


def _memory_ok(w: _W, gid: str) -> bool:
    """Whether ``gid``'s memory meets the memory the question states: more than a size, at
    least one, or exactly one ("a 24 GB card"), each to half a GB as the price answers read a
    card's memory (cost._cheapest_card)."""
    gb = w.reg.gpus[gid].memory_gb
    if w.st.memory_above_gb is not None:
        return gb > w.st.memory_above_gb + 0.5
    if w.st.min_memory_gb is not None:
        return gb >= w.st.min_memory_gb - 0.5
    if w.det.memory_gib:
        return round(gb) == round(w.det.memory_gib)
    return True


def _filters(w: _W) -> str:
    """The filters the question states, as the answer says them back ("" where none is)."""
    said: list[str] = []
    if w.st.memory_above_gb is not None:
        said.append(w.say("region_filter_above", gb=w.n(w.st.memory_above_gb)))
    elif w.st.min_memory_gb is not None:
        said.append(w.say("region_filter_min", gb=w.n(w.st.min_memory_gb)))
    elif w.det.memory_gib:
        said.append(w.say("region_filter_exact", gb=w.n(w.det.memory_gib)))
    if w.ex.budget_usd_per_hour:
        said.append(w.say("region_filter_price", price=w.usd(w.ex.budget_usd_per_hour)))
    elif w.ex.budget_usd_per_month:
        said.append(w.say("region_filter_month", price=w.usd(w.ex.budget_usd_per_month),
                          usage=w.usage()))
    if len(said) == 2:
        return w.say("region_filter_and", a=said[0], b=said[1])
    return said[0] if said else ""


def _said(w: _W, row: _Row) -> str:
    per, gid, v, n = row
    return w.say(w.on("region_gpus_row", gid), gpu=w.gpu_name(gid), price=w.usd(per),
                 provider=w.where(v, 1, share=True), kind=w.kinds[v.price_kind or "on_demand"],
                 offers=w.say("region_gpus_offers_one") if n == 1
                 else w.say("region_gpus_offers", n=w.n(n)))


def _source(v: OfferView) -> str:
    """An offer's source, short: the page or the catalog file, without its commit, notes or
    the copy it was read from ("SkyPilot catalog v8 catalogs/v8/verda/vms.csv")."""
    return v.source.split(" @")[0].split(" (")[0].split(";")[0].strip()


def _dated(w: _W, quoted: list[OfferView],
           source: Callable[[OfferView], str] | None = None) -> None:
    """The date and the source of every price quoted (``quoted``, in the order said), after
    the answer, as the other price answers give a price's date: one date said once where all
    have it, else each provider's; the sources by provider."""
    dates: dict[str, list[str]] = {}
    sources: dict[str, list[str]] = {}
    for v in quoted:
        for table, key in ((dates, w.view_date(v)), (sources, (source or _source)(v))):
            names = table.setdefault(key, [])
            if v.provider not in names:
                names.append(v.provider)
    if len(dates) == 1:
        w.out.more.append(w.say("price_date", date=next(iter(dates))))
    else:
        w.out.more.extend(w.say("region_price_date", providers=", ".join(p), date=d)
                          for d, p in dates.items())
    w.out.more.append(w.say("region_sources", rows="; ".join(
        w.say("region_source", providers=", ".join(p), source=s) for s, p in sources.items())))


def _nearest(w: _W, misses: list[tuple[bool, _Row]]) -> _Row | None:
    """The GPU located there that comes nearest the filters none met: the cheapest of those
    with the memory asked (only the price missed), else the one with the most memory, among
    those within the price where any is (ties: the cheaper)."""
    mem = [r for ok, r in misses if ok]
    if mem:
        return min(mem, key=lambda r: (r[0], r[1]))
    ceiling = _ceiling(w)
    rows = [r for _, r in misses]
    within = [r for r in rows if ceiling and r[0] <= ceiling] or rows
    return min(within, key=lambda r: (-w.reg.gpus[r[1]].memory_gb, r[0], r[1]), default=None)


def _regions(w: _W) -> None:
    if not w.det.region:
        return  # no place read: the guidance answers, as before
    cards = _cards(w)
    if cards is not None and len(cards) > 1:
        # a family read as its cards: the note that reads the name as one card goes
        w.st = dc_replace(w.st, bare_gpu=None)
    ceiling = _ceiling(w)
    rows: list[_Row] = []
    misses: list[tuple[bool, _Row]] = []  # (memory met, the GPU's cheapest there)
    located: set[str] = set()
    for gid in cards or w.reg.gpus:
        views = [v for v in w.offers_for(gid) if v.price_per_gpu_usd_h is not None]
        if not views:
            continue
        located.add(gid)
        fits = _memory_ok(w, gid)
        within = [v for v in views if not ceiling
                  or (v.price_per_gpu_usd_h or 0.0) <= ceiling + 1e-9]
        if fits and within:
            rows.append(_row(gid, within))
        else:
            misses.append((fits, _row(gid, views)))
    # every GPU was looked up: "none of them in the region" is said for the whole answer here,
    # never for the first card of the registry (write._price_context's region_none)
    w.region_missed.clear()
    region, filters = w.region_name(), _filters(w)
    rows.sort(key=lambda r: (r[0], r[1]))
    shown = rows[:ROWS_MAX]
    said = [_said(w, r) for r in shown]
    if cards is not None:
        names = [w.gpu_name(g) for g in cards]
        named = (w.say("region_gpus_or", a=", ".join(names[:-1]), b=names[-1])
                 if len(names) > 1 else names[0])
        offers = sum(r[3] for r in rows)
        if rows:
            w.out.first = w.say("region_gpu_offers", region=region, rows="; ".join(said),
                                filters=" " + filters if filters else "")
            w.out.more.extend(w.say("gpu_variants_other_none", gpu=w.gpu_name(g),
                                    where=w.say("gpu_variants_where", region=region))
                              for g in cards if g not in located)
        elif filters and misses:
            near = _nearest(w, misses)
            assert near is not None
            shown = [near]
            w.out.first = w.say("region_gpu_filtered_none", gpu=named, region=region,
                                filters=filters, row=_said(w, near))
        else:
            w.out.first = w.say("region_none", gpu=named, region=region)
            # what is located there instead ("H100 in europe-west4": only a TPU v6e), the
            # cheapest first (audit 30c #8: a guidance passage, nothing of the place said)
            there = sorted((_row(g, vs) for g in w.reg.gpus if g not in cards
                            for vs in [[v for v in w.offers_for(g)
                                        if v.price_per_gpu_usd_h is not None]] if vs),
                           key=lambda r: (r[0], r[1]))
            w.region_missed.clear()
            if there:
                shown = there[:ROWS_MAX]
                w.out.more.append(w.say("region_none_there", region=region,
                                        rows="; ".join(_said(w, r) for r in shown)))
        w.ask("gpu_offers_in_region", offers, "offers",
              yes=bool(rows) if w.st.yes_no else None)
    elif rows:
        left = len(rows) - ROWS_MAX
        if left > 0:
            said.append(w.say("region_gpus_more_one") if left == 1
                        else w.say("region_gpus_more", n=w.n(left)))
        w.out.first = (w.say("region_gpus_filtered", region=region, filters=filters,
                             n=w.n(len(rows)), rows="; ".join(said)) if filters
                       else w.say("region_gpus", region=region, n=w.n(len(rows)),
                                  rows="; ".join(said)))
        w.ask("gpu_models_in_region", len(rows), "gpu_models")
    elif filters and misses:
        near = _nearest(w, misses)
        assert near is not None
        shown = [near]
        w.out.first = w.say("region_gpus_filtered_none", region=region, filters=filters,
                            row=_said(w, near))
        w.ask("gpu_models_in_region", 0, "gpu_models")
    else:
        w.out.first = w.say("region_gpus_none", region=region)
        return
    if shown:
        _dated(w, [r[2] for r in shown])


def _sizes(w: _W, counts: list[int], gid: str) -> str:
    """The machine sizes a provider offers of ``gid``: "single-GPU machines", "8-GPU
    machines", "machines of 1, 4 or 8 GPUs" (a TPU's in chips)."""
    if counts == [1]:
        return w.say(w.on("providers_sizes_single", gid))
    if len(counts) == 1:
        return w.say(w.on("providers_sizes_one", gid), n=w.n(counts[0]))
    said = [w.n(c) for c in counts]
    return w.say(w.on("providers_sizes", gid), sizes=w.say("region_gpus_or", a=", ".join(said[:-1]),
                                                b=said[-1]))


def gpu_providers(w: _W) -> bool:
    """Every provider with an offer of the GPU asked (a family named bare: every card of it),
    cheapest first: its cheapest on-demand price per GPU-hour (a trusted, fresh one first, as
    ``offers_for`` orders them; a provider with no on-demand price after, at its own spot or
    reserved price, said which), the machine sizes it offers and how many offers, then the
    date and source of every price quoted; a stale or doubted price quoted is flagged in its
    row and warned about. False where no GPU is named (the cost answer goes on)."""
    cards = _cards(w)
    if cards is None:
        return False
    if len(cards) > 1:
        w.st = dc_replace(w.st, bare_gpu=None)  # the family read as its cards
    by: dict[str, list[OfferView]] = {}
    for gid in cards:
        for v in w.offers_for(gid):
            by.setdefault(v.provider, []).append(v)
    offered = [g for g in cards if any(v.gpu == g for vs in by.values() for v in vs)]
    names = [w.gpu_name(g) for g in offered or cards]
    named = (w.say("region_gpus_or", a=", ".join(names[:-1]), b=names[-1])
             if len(names) > 1 else names[0])
    if not by:
        w.out.first = w.say(w.on("no_price", cards[0]) if all(map(w.chips, cards))
                            else "no_price", gpu=named)
        w.ask("gpu_providers", 0, "providers")
        return True
    rows: list[tuple[bool, float, str, OfferView, str, list[int], int]] = []
    for provider, views in by.items():
        od = [v for v in views if v.on_demand_usd_h is not None]
        pool = [v for v in od or views if not v.stale and not v.suspect] or od or views
        if od:
            best = min(pool, key=lambda v: ((v.on_demand_usd_h or 0.0) / v.gpu_count,
                                            v.gpu_count))
            per, kind = (best.on_demand_usd_h or 0.0) / best.gpu_count, "on_demand"
        else:
            best = min(pool, key=lambda v: (v.price_per_gpu_usd_h or 0.0, v.gpu_count))
            per, kind = best.price_per_gpu_usd_h or 0.0, best.price_kind or "spot"
        rows.append((not od, per, provider, best, kind, sorted({v.gpu_count for v in views}),
                     len(views)))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    several = len({r[3].gpu for r in rows}) > 1
    said = []
    for i, (_, per, provider, v, kind, counts, n) in enumerate(rows):
        flag = ""
        if v.stale:
            flag = w.say("providers_stale", days=w.n(v.age_days))
        elif v.suspect:
            flag = w.say("providers_doubted")
        if (v.stale or v.suspect) and i < ROWS_MAX:
            w.price_warnings(v)  # a price quoted in the answer: one past the list is not
        said.append(w.say(
            w.on("providers_row", v.gpu), provider=provider,
            price=w.f.money(per, 3 if round(per, 2) != round(per, 3) else 2),
            kind=w.kinds[kind], card=", " + w.gpu_name(v.gpu) if several else "", flag=flag,
            sizes=_sizes(w, counts, v.gpu),
            offers=w.say("providers_offers_one") if n == 1
            else w.say("providers_offers", n=w.n(n))))
        # every provider in the numbers (numbers.recommendations: the offer its row quotes),
        # the sentence lists the first ROWS_MAX
        w.out.offers.append(OfferNumbers(
            offer_id=v.id, provider=provider, gpu=v.gpu_name, gpu_count=v.gpu_count, nodes=1,
            weights="", pricing_model=kind, per_hour_usd=per * v.gpu_count, per_month_usd=None,
            as_of=v.as_of.isoformat(), as_of_kind=v.as_of_kind, price_date=w.view_date(v),
            source=v.source, why=said[-1]))
    # "which providers have H100?" listed all 28 in one sentence (buyer audit): the cheapest
    # ROWS_MAX, then how many more, as the GPUs of a place are listed
    left = len(rows) - ROWS_MAX
    shown = said[:ROWS_MAX] + ([w.say("providers_more_one") if left == 1
                                else w.say("providers_more", n=w.n(left))] if left > 0 else [])
    w.out.first = (w.say("providers_gpu_one", gpu=named, rows=said[0]) if len(rows) == 1
                   else w.say("providers_gpu", gpu=named, n=w.n(len(rows)),
                              rows="; ".join(shown)))
    w.ask("gpu_providers", len(rows), "providers")
    # a card the name covers that no provider offers (the H200 NVL beside the SXM): said,
    # never listed as offered
    where = w.say("gpu_variants_where", region=w.region_name()) if w.det.region else ""
    w.out.more.extend(w.say("gpu_variants_other_none", gpu=w.gpu_name(g), where=where)
                      for g in cards if g not in offered)
    _dated(w, [r[3] for r in rows[:ROWS_MAX]], _short_source)
    return True


def _short_source(v: OfferView) -> str:
    """An offer's source as :func:`_source` says it, its page's address alone where the
    source goes on after it ("https://www.runpod.io/pricing: 'H200, Community Cloud' ...")."""
    return _source(v).split(": ")[0]
