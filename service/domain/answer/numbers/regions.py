"""What the catalog offers in a place (intent "regions"): "Ce GPU-uri pot închiria în
România?", "What GPUs can I rent in the EU?" (audit ro2 #4: a guidance passage, though the
catalog has offers there). Every GPU with an offer located in the region asked, by the rule
/v1/offers?region= and the recommendations apply (``_W.offers_for``: an offer whose location is
unknown is never counted in a place, a provider whose region list is a price list is left out
and said so by ``write._price_context``), the cheapest per GPU-hour first, each with its
provider and the number of its offers there."""

from __future__ import annotations

from service.domain.answer.numbers.context import _W
from service.domain.catalog.offer_query import OfferView

ROWS_MAX = 8
"""GPUs listed before "and N more": a sentence, not the /v1/offers table."""


def _regions(w: _W) -> None:
    if not w.det.region:
        return  # no place read: the guidance answers, as before
    rows: list[tuple[float, str, OfferView, int]] = []
    for gid in w.reg.gpus:
        views = [v for v in w.offers_for(gid) if v.price_per_gpu_usd_h is not None]
        if not views:
            continue
        # the trusted, fresh offers first (offers_for's order), the cheapest of them quoted
        fresh = [v for v in views if not v.stale and not v.suspect] or views
        best = min(fresh, key=lambda v: v.price_per_gpu_usd_h or 0.0)
        rows.append((best.price_per_gpu_usd_h or 0.0, gid, best, len(views)))
    # every GPU was looked up: "none of them in the region" is said for the whole answer here,
    # never for the first card of the registry (write._price_context's region_none)
    w.region_missed.clear()
    region = w.region_name()
    if not rows:
        w.out.first = w.say("region_gpus_none", region=region)
        return
    rows.sort(key=lambda r: (r[0], r[1]))
    said = [w.say("region_gpus_row", gpu=w.gpu_name(gid), price=w.usd(per),
                  provider=w.where(v, 1, share=True), kind=w.kinds[v.price_kind or "on_demand"],
                  offers=w.say("region_gpus_offers_one") if n == 1
                  else w.say("region_gpus_offers", n=w.n(n)))
            for per, gid, v, n in rows[:ROWS_MAX]]
    left = len(rows) - ROWS_MAX
    if left > 0:
        said.append(w.say("region_gpus_more_one") if left == 1
                    else w.say("region_gpus_more", n=w.n(left)))
    w.out.first = w.say("region_gpus", region=region, n=w.n(len(rows)),
                        rows="; ".join(said))
    w.ask("gpu_models_in_region", len(rows), "gpu_models")
