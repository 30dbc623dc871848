"""Trust flags on offers, as data: ``stale``, ``suspect`` (with its reasons) and
``duplicate_of``.

A buyer acts on the first price an answer shows, so an answer must not rank a price that is
old, that its own source doubts, or that sits far from every comparable price, without saying
so. The flags are computed once per catalog snapshot (:func:`assess`) except ``stale``, which
depends on the day (:func:`is_stale`).

Rules (each reason is a sentence an answer can show):

* **stale**: the price is older than the catalog's limit (``stale_after_days``) on the day of
  the answer. A reserved price is judged by its own date (:func:`reserved_stale`).
* **suspect** when any of:

  - the source's own caution about the row (``Offer.caution``: "PRICES LOOK WRONG", a dropped
    spot price, a cross-check that disagrees), but for a cross-check of the provider's row
    with a marketplace's copy of it: the same caution on a reseller's row of the same machine
    (GPU, count, price kind, vCPUs and RAM stated equal by both) at a price per GPU-hour more
    than ``SAME_PRICE`` away (:func:`cross_checked`) doubts the copy, not the provider's own
    price, which is the machine's (the copy is judged below, as a resold price). SkyPilot's
    SOURCE.txt note "Shadeform lambdalabs_H100-sxm5x8 = 23.92 vs Lambda's own catalog
    gpu_8x_h100_sxm5 = 31.92" called Lambda's $3.99/GPU-hour "doubted", the price
    lambda.ai/pricing lists for an 8 x H100 SXM (read 2026-09-25 per the transcription
    github.com/tgarg01/silybench-data derived/csv/gpu_prices.csv), while the copies at
    $2.99 ranked unflagged (buyer audit 25a #4; the outlier rule had no part in it);
  - a sentinel value: a price of exactly $700.00/h or a price under $0.02 per GPU-hour
    (placeholders seen in the SkyPilot catalogs);
  - a spot price at or above the on-demand price of the same offer;
  - a spot price whose discount off the same offer's on-demand price reaches the provider's
    own documented maximum (``SPOT_MAX_DISCOUNT``: AWS "up to 90%", Google Cloud "up to
    91%", Azure "up to 90%"), to a tenth of a percent: the SkyPilot catalogs fill some zones'
    spot column with exactly a tenth of on-demand (AWS p5en.48xlarge eu-south-2 az2 $6.836
    against $68.36, the same type $17.38 in the next zone);
  - a spot price per GPU-hour below ``LOW`` times the median of fresh spot prices for the
    same GPU and count among ``MIN_PEERS`` or more providers (each provider once, at its
    lowest spot price for that shape; with fewer peers of that count, every count of that
    GPU). Only the low side: a spot price far above other providers' spot prices costs the
    buyer nothing they are not shown, and the on-demand comparison already bounds it.

  The two spot rules doubt only the spot price (``Trust.spot_reasons``): the offer's
  on-demand and reserved prices stay usable, and the spot price is not ranked unless
  suspect prices are asked for;
  - a low outlier: the on-demand (else reserved, else spot) price per GPU-hour is below
    ``LOW`` (0.4) times the median of the same price kind for the same GPU and GPU count
    among fresh offers of ``MIN_PEERS`` or more providers (each provider counted once, at its
    lowest price for that shape, the offer's own provider included); with fewer peers of that
    count, the median over every count of that GPU; with fewer than ``MIN_PEERS`` of those,
    no outlier verdict. "Fresh" is measured against the catalog's own date (its newest
    price), so the verdict does not change from day to day. The reason names the GPU by its
    display name ("for 1 x NVIDIA GeForce RTX 4090 24GB", ``assess``'s ``gpu_names``). A
    low verdict does not stand where the same provider sells the same GPU at another count
    for the same price per GPU-hour (within ``SAME_PRICE``) without one: the medians differ
    by count (eight-GPU boxes of a hyperscaler pull one count's median up), and Verda's
    8 x V100 at $0.1375/GPU-hour was doubted while its 1 x V100 at $0.14 was trusted. A
    price far below the market is the one that harms: it ranks first;
  - a high outlier: the headline price per GPU-hour is above ``HIGH`` (2.5) times the
    median of the same seller's own fresh prices of that kind for the same GPU, every count
    and region (each row once, the offer's own included), over ``MIN_PEERS`` or more rows
    (:func:`_own_medians`; a seller is the provider, or on a marketplace that resells other
    clouds' machines, ``Provider.resells``, the cloud its instance type names: Shadeform's
    ``vultr_A40`` and ``paperspace_A4000`` rows are two sellers' prices). A price far above
    other providers' is no evidence of an error: a hyperscaler's list price sits 2.5 to 15
    times above marketplace medians (AWS's p5.48xlarge at $55.04, $6.88/GPU-hour, is the
    price after AWS's June 2025 cut, "P5 ... On-Demand pricing dropped by up to 45%",
    usage.ai/blogs/aws/ai-ml-cost/llm-cost-optimization-aws, updated 2026-06-30; the row of
    provider_policies/hyperscaler_prices.csv says "OD cross-checked identical in datareceipts
    hyperscalers.json (retrieved 2026-11-09)"; its p3.2xlarge V100 at $3.06 is 15.7 times the
    marketplaces' $0.20), and the market rule doubted 103 such rows and left a region only
    AWS serves without an option (buyer audit 27a #3). A price far above the seller's own
    prices for the same GPU is (a per-machine price entered per GPU, a zone's stray row).
    The seller's rows of one GPU share one median, so one price per GPU-hour gets one
    verdict at every count (GCP's a2-highgpu-1g/-2g/-4g/-8g, all $3.673/GPU-hour, were
    doubted at two counts and trusted at two under the market rule);
  - a price conflict: the offer's date is only assumed (``as_of_kind`` "assumed": a SkyPilot
    row, "date unknown; no later than 2026-09-30", an upper bound, not an age) and the same
    provider prices the same machine (GPU, GPU count, headline price kind, and vCPUs and RAM
    where both rows state them) with a dated price (``published`` or ``retrieved``), none of
    them within ``SAME_PRICE`` of it (:func:`conflict_reason`). The bound makes the undated
    row look fresher than any dated one, so without the reason its price would rank first
    while the provider's own dated price is called stale: Hyperstack's n3-H100x1 at $1.90
    against its rate card's $2.50 for an H100 PCIe (hyperstack.cloud/gpu-pricing, read
    2026-08-26; catalog/offers/hyperstack.csv). Where the provider dates no price for that
    GPU count, its fresh dated prices for the same GPU at other counts are compared per
    GPU-hour (a rate card's per-GPU-hour row prices every count: Hyperstack's n3-H100x2/x4/x8
    at an undated $1.90 against the same $2.50; Nebius's 8-GPU H100 box at $2.95 against its
    $4.50 "effective October 1, 2026"); a stale dated price is no evidence there (the FSDL
    table's 2025 AWS rows against SkyPilot's regional ones). The reason names the nearest
    dated price.
  - a resold price: a marketplace's row of another provider's machine (the marketplace's
    ``resells``, :func:`upstream_of`), whatever its price, is judged against that provider's
    own prices for the machine, and a reason names the reseller and the provider:

    * a resale conflict: the row's date is only assumed and that provider prices the machine
      with dated prices, none within ``SAME_PRICE`` of it: the price conflict above, against
      that provider's dated prices, at the same count or (fresh) at others per GPU-hour
      (:func:`conflict` with ``upstream``). Prime Intellect's and Shadeform's rows of
      Hyperstack's n3-H100x1 at $1.90 ranked first in the response that rejected Hyperstack's
      own row at $1.90 as conflicting with its rate card's $2.50 (buyer audit 25a #4);
    * a copy below the owner's price: where that provider dates no price comparable with
      it (one that agrees with the copy decides for it), the row's date is assumed and that
      provider's own undoubted rows of the same machine (vCPUs and RAM
      stated by both and equal) all price it more than ``SAME_PRICE`` above the row
      (:func:`below_owner`). The provider's price is the machine's; a marketplace's lower
      copy is an older price or one the provider does not charge: Prime Intellect's and
      Shadeform's Lambda 8 x H100 at $2.99/GPU-hour and 1 x H100 SXM at $3.29, where Lambda
      lists $3.99 and $4.29 (lambda.ai/pricing, read 2026-09-25, as above). A dearer resale
      is the marketplace's own price (Shadeform's Verda rows), not doubted;
    * a carried doubt: a resale (``resale_of`` below: the same machine at the same price)
      carries the doubts of the offer it resells (its ``offer_reasons``), each naming the
      original, its provider and the reseller (:func:`carried_reason`), after the resale's
      own; a conflict the resale conflict rule already says against the same dated offer is
      not said twice.

  The outlier rule's medians count a marketplace as a provider of its own, its resold rows
  included (counting them as the machine's provider moved 23 verdicts both ways on the
  2026-12 snapshot: a change of its own, not made here).
* **duplicate_of**: another offer of the same provider sells the same GPU count at the same
  prices in the same regions under another instance name (Lambda ``gpu_1x_a100`` and
  ``gpu_1x_a100_sxm4``): the one with the smallest id stays, the others collapse into it.
* **resale_of**: a marketplace's row of another provider's machine (the provider's
  ``resells``, data in catalog/providers.toml: Prime Intellect's ``datacrunch__...`` rows are
  Verda's instances) at the same GPU, GPU count and headline price per GPU-hour as an offer
  of that provider (vCPUs and RAM agreeing where both state them) resells that offer
  (:func:`resales`). Both stay offers (each seller's own regions and spot price), the
  original's ``resold_by`` names the resellers, and a ranking lists the resale under its
  original, not as another option.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from service.domain.catalog.offers import Offer

LOW = 0.4
HIGH = 2.5
MIN_PEERS = 3
SENTINEL_USD_H = 700.0
MIN_USD_PER_GPU_H = 0.02
SAME_PRICE = 0.05
"""Two prices per GPU-hour within 5 % of each other are the provider's one price."""

SPOT_MAX_DISCOUNT: dict[str, float] = {
    # AWS: "Spot; up to 90% off On-Demand" (shared/reference/provider_policies/providers.csv,
    # AWS row, spot_available; source cloudcomrade.com quoting AWS, and the EC2 Spot page)
    "aws": 0.90,
    # Google Cloud: "Spot VMs and legacy preemptible; up to 91% off, docs also say 60-91%"
    # (providers.csv, Google Cloud row, spot_available; docs.cloud.google.com
    # compute/docs/instances/create-use-spot)
    "gcp": 0.91,
    # Azure: "up to 90%" off pay-as-you-go for Spot VMs, as Microsoft's Azure Spot Virtual
    # Machines product page states (azure.microsoft.com/products/virtual-machines/spot; not
    # in the stored references: providers.csv's Azure row records spot as available at a
    # variable price, with no percentage)
    "azure": 0.90,
}
"""Provider id -> the largest spot discount off on-demand the provider itself documents. A
spot price whose discount reaches it (to ``SPOT_DISCOUNT_TOLERANCE``) is suspect."""

SPOT_DISCOUNT_TOLERANCE = 0.0005
"""Half a tenth of a percent: a catalog's rounding of a price set at exactly the maximum
(AWS p5en eu-south-2: $6.836 against $68.35968 is a 89.99995 % discount) still reaches it."""


class Trust(msgspec.Struct, frozen=True, gc=False):
    """The snapshot's verdict on one offer (``stale`` is per day: :func:`is_stale`)."""

    suspect_reasons: tuple[str, ...] = ()
    """Every reason, the spot-only ones (``spot_reasons``) included."""
    spot_reasons: tuple[str, ...] = ()
    """The reasons that doubt only the spot price (its discount or its distance from other
    providers' spot prices): the offer's other prices stand."""
    high_outlier_only: bool = False
    """The only reason is a price far above the median of the seller's own prices for the
    GPU (the module docstring's high outlier). Answers restricted to named providers keep
    such offers, with the reason as a warning: asked for by name, the provider's dearest
    row is still its price."""
    duplicate_of: str | None = None
    duplicates: tuple[str, ...] = ()
    """The ids collapsed into this offer."""
    resale_of: str | None = None
    """The offer of another provider this row resells (:func:`resales`)."""
    resold_by: tuple[str, ...] = ()
    """The resellers' rows of this offer (:func:`resales`)."""
    conflicts_with: str | None = None
    """The dated offer a price conflict names (:func:`conflict_reason`'s nearest dated price),
    so an answer can quote the provider's own dated rate without looking for it again."""

    @property
    def suspect(self) -> bool:
        return bool(self.suspect_reasons)

    @property
    def offer_reasons(self) -> tuple[str, ...]:
        """The reasons that doubt the whole offer (all but ``spot_reasons``)."""
        return tuple(r for r in self.suspect_reasons if r not in self.spot_reasons)

    def doubts(self, provider_named: bool = False) -> tuple[str, ...]:
        """The reasons that keep the whole offer out of an answer (``offer_reasons``); for
        an answer restricted to the offer's provider (``provider_named``), none where the
        only one is a price far above the seller's own (``high_outlier_only``), used with
        the reason said as a warning. The one rule /v1/recommendations' ``providers``
        and /v1/ask's named provider both follow."""
        if provider_named and self.high_outlier_only:
            return ()
        return self.offer_reasons


TRUSTED = Trust()


def is_stale(offer: Offer, today: dt.date, stale_after_days: int) -> bool:
    return (today - offer.as_of).days > stale_after_days


def reserved_stale(offer: Offer, today: dt.date, stale_after_days: int) -> bool:
    """Whether the offer's reserved price is older than the limit, by its own date
    (:attr:`Offer.reserved_day`: a rate card read on another day than the on-demand row
    beside it); False without a reserved price."""
    day = offer.reserved_day
    return day is not None and (today - day).days > stale_after_days


DATE_WORDS = {"assumed": "date unknown; no later than {date}",
              "retrieved": "{date} (the day the page was read)"}
"""English; each language's answer, Slack and web texts have ``date_assumed`` and
``date_retrieved``."""


def price_date_words(as_of: dt.date | str, kind: str,
                     texts: Mapping[str, str] | None = None) -> str:
    """The date of a price as an answer says it: an assumed date is no date at all, only a
    bound ("date unknown; no later than 2026-09-30"); a retrieved one is the day the page was
    read; a published one is the date. ``texts``: a message section with ``date_assumed`` and
    ``date_retrieved`` (English without)."""
    day = as_of if isinstance(as_of, str) else as_of.isoformat()
    if kind not in DATE_WORDS:
        return day
    pattern = texts[f"date_{kind}"] if texts is not None else DATE_WORDS[kind]
    return pattern.format(date=day)


def _kind_price(o: Offer) -> tuple[str, float] | None:
    """The headline price kind and its value per GPU-hour."""
    for kind, price in (("on-demand", o.on_demand_usd_h), ("reserved", o.reserved_usd_h),
                        ("spot", o.spot_usd_h)):
        if price is not None:
            return kind, price / o.gpu_count
    return None


def _duplicate_key(o: Offer) -> tuple[object, ...]:
    return (o.provider, o.gpu, o.gpu_count, o.on_demand_usd_h, o.spot_usd_h, o.reserved_usd_h,
            tuple(sorted(r.lower() for r in o.regions)))


def duplicates(offers: Iterable[Offer]) -> dict[str, str]:
    """Duplicate offer id -> the id it collapses into (see the module docstring)."""
    groups: dict[tuple[object, ...], list[Offer]] = defaultdict(list)
    for o in offers:
        groups[_duplicate_key(o)].append(o)
    out: dict[str, str] = {}
    for group in groups.values():
        if len(group) > 1:
            keep, *rest = sorted(group, key=lambda o: (len(o.id), o.id))
            out.update((o.id, keep.id) for o in rest)
    return out


def upstream_of(o: Offer, resells: Mapping[str, Mapping[str, str]]) -> str | None:
    """The provider whose machine ``o`` is where ``o`` is a marketplace's row of another
    provider's machine (its instance type's prefix in ``resells``, ``Provider.resells``:
    Prime Intellect's ``lambdalabs__8xH100_80GB__208__1800`` is Lambda's), whatever its
    price; None for a provider's own machine."""
    upstream = resells.get(o.provider, {}).get(o.instance_type.split("_", 1)[0].lower())
    return None if upstream is None or upstream == o.provider else upstream


def resales(offers: Iterable[Offer], resells: Mapping[str, Mapping[str, str]]
            ) -> dict[str, str]:
    """Reseller offer id -> the id of the offer it resells (the module docstring's
    ``resale_of``). ``resells``: provider id -> its instance-type prefix -> the provider it
    resells (``Provider.resells``). Where several of that provider's offers match, the one
    with the smallest id."""
    offers = list(offers)
    by_shape: dict[tuple[str, str, int, str, float], list[Offer]] = defaultdict(list)
    for o in offers:
        kp = _kind_price(o)
        if kp is not None:
            by_shape[(o.provider, o.gpu, o.gpu_count, kp[0], round(kp[1], 4))].append(o)
    out: dict[str, str] = {}
    for o in offers:
        upstream = upstream_of(o, resells)
        kp = _kind_price(o)
        if upstream is None or kp is None:
            continue
        same = [d for d in by_shape.get((upstream, o.gpu, o.gpu_count, kp[0],
                                         round(kp[1], 4)), ()) if _same_machine(o, d)]
        if same:
            out[o.id] = min(same, key=lambda d: (len(d.id), d.id)).id
    return out


def _medians(offers: Sequence[Offer], reference: dt.date, stale_after_days: int
             ) -> tuple[dict[tuple[str, str, int], tuple[float, int]],
                        dict[tuple[str, str], tuple[float, int]]]:
    """(kind, gpu, count) and (kind, gpu) -> (median price per GPU-hour, peers) over fresh
    offers. A peer is one provider at its lowest price for that shape: the per-region price
    levels and instance variants of one provider (AWS lists some types in 30 regions, a
    marketplace dozens of hosts) count once, so the median is what a typical provider
    charges."""
    lowest: dict[tuple[str, str, int, str], float] = {}
    for o in offers:
        if is_stale(o, reference, stale_after_days):
            continue
        kp = _kind_price(o)
        if kp is None:
            continue
        shape = (kp[0], o.gpu, o.gpu_count, o.provider)
        lowest[shape] = min(kp[1], lowest.get(shape, kp[1]))
    by_count: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    per_provider: dict[tuple[str, str, str], float] = {}
    for (kind, gpu, count, provider), price in lowest.items():
        by_count[(kind, gpu, count)].append(price)
        key = (kind, gpu, provider)
        per_provider[key] = min(price, per_provider.get(key, price))
    by_gpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    for (kind, gpu, _), price in per_provider.items():
        by_gpu[(kind, gpu)].append(price)
    return ({k: (statistics.median(v), len(v)) for k, v in by_count.items()},
            {k: (statistics.median(v), len(v)) for k, v in by_gpu.items()})


def _seller(o: Offer, resells: Mapping[str, Mapping[str, str]]) -> str:
    """Whose price a row is, for the high outlier rule: the provider, or on a marketplace
    that resells other clouds' machines (``resells``), "<marketplace> (<cloud>)" with the
    cloud its instance type's prefix names, whether or not the catalog has that cloud
    (Shadeform's ``vultr_A40`` is Vultr's price, not Shadeform's own)."""
    if o.provider in resells and "_" in o.instance_type:
        return f"{o.provider} ({o.instance_type.split('_', 1)[0].lower()})"
    return o.provider


def _own_medians(offers: Sequence[Offer], reference: dt.date, stale_after_days: int,
                 resells: Mapping[str, Mapping[str, str]]
                 ) -> dict[tuple[str, str, str], tuple[float, int]]:
    """(seller, price kind, GPU) -> (median price per GPU-hour, rows) over the seller's fresh
    rows of that GPU, every count and region, each row once (:func:`_seller`)."""
    rows: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for o in offers:
        kp = _kind_price(o)
        if kp is None or is_stale(o, reference, stale_after_days):
            continue
        rows[(_seller(o, resells), kp[0], o.gpu)].append(kp[1])
    return {k: (statistics.median(v), len(v)) for k, v in rows.items()}


def _spot_medians(offers: Sequence[Offer], reference: dt.date, stale_after_days: int
                  ) -> tuple[dict[tuple[str, int], tuple[float, int]],
                             dict[str, tuple[float, int]]]:
    """(gpu, count) and gpu -> (median spot price per GPU-hour, peers) over fresh offers with a
    spot price (whatever their headline price), each provider once at its lowest."""
    lowest: dict[tuple[str, int, str], float] = {}
    for o in offers:
        if o.spot_usd_h is None or is_stale(o, reference, stale_after_days):
            continue
        price = o.spot_usd_h / o.gpu_count
        shape = (o.gpu, o.gpu_count, o.provider)
        lowest[shape] = min(price, lowest.get(shape, price))
    by_count: dict[tuple[str, int], list[float]] = defaultdict(list)
    per_provider: dict[tuple[str, str], float] = {}
    for (gpu, count, provider), price in lowest.items():
        by_count[(gpu, count)].append(price)
        per_provider[(gpu, provider)] = min(price, per_provider.get((gpu, provider), price))
    by_gpu: dict[str, list[float]] = defaultdict(list)
    for (gpu, _), price in per_provider.items():
        by_gpu[gpu].append(price)
    return ({k: (statistics.median(v), len(v)) for k, v in by_count.items()},
            {k: (statistics.median(v), len(v)) for k, v in by_gpu.items()})


def _gpu(gid: str, gpu_names: Mapping[str, str] | None) -> str:
    """A GPU as a reason names it: its display name where ``gpu_names`` has it (a reason
    is shown as written in /v1/offers, /v1/recommendations and Slack), else its id."""
    return gpu_names.get(gid, gid) if gpu_names is not None else gid


def spot_reasons(o: Offer, by_count: Mapping[tuple[str, int], tuple[float, int]],
                 by_gpu: Mapping[str, tuple[float, int]],
                 gpu_names: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Why the offer's spot price alone is doubted (the module docstring's two spot rules).
    ``gpu_names``: GPU id -> display name, for the peers (:func:`_gpu`)."""
    spot = o.spot_usd_h
    if spot is None:
        return ()
    reasons: list[str] = []
    od = o.on_demand_usd_h
    most = SPOT_MAX_DISCOUNT.get(o.provider)
    if most is not None and od is not None and 0 < spot < od:
        discount = 1 - spot / od
        if discount >= most - SPOT_DISCOUNT_TOLERANCE:
            reasons.append(
                f"spot ${spot:.2f}/h is {discount:.0%} off on-demand ${od:.2f}/h, at or "
                f"beyond {o.provider}'s documented maximum spot discount of {most:.0%}: "
                "likely a placeholder, not a price")
    per_gpu = spot / o.gpu_count
    median, peers = by_count.get((o.gpu, o.gpu_count), (0.0, 0))
    gpu = _gpu(o.gpu, gpu_names)
    scope = f"{o.gpu_count} x {gpu}"
    if peers < MIN_PEERS:
        median, peers = by_gpu.get(o.gpu, (0.0, 0))
        scope = f"{gpu} (any count)"
    if peers >= MIN_PEERS and median > 0 and per_gpu / median < LOW:
        reasons.append(
            f"spot ${per_gpu:.2f}/GPU-hour is {per_gpu / median:.2f}x the median "
            f"${median:.2f} of {peers} providers' fresh spot prices for {scope} "
            f"(under {LOW}x)")
    return tuple(reasons)


def _machine_key(o: Offer) -> tuple[str, str, int, str] | None:
    """(provider, GPU, GPU count, headline price kind), or None without a price."""
    kp = _kind_price(o)
    return None if kp is None else (o.provider, o.gpu, o.gpu_count, kp[0])


def _same_machine(a: Offer, b: Offer) -> bool:
    """Whether two offers of one provider, GPU and count may be one machine: their vCPUs and
    RAM agree where both state them (AWS's g4dn.xlarge, 4 vCPUs, is not its g4dn.2xlarge, 8
    vCPUs, though both have one T4; a rate card's per-GPU-hour row states neither)."""
    return all(x is None or y is None or x == y
               for x, y in ((a.vcpus, b.vcpus), (a.ram_gib, b.ram_gib)))


def conflict_reason(o: Offer, dated: Sequence[Offer],
                    other_counts: Sequence[Offer] = (), upstream: str | None = None
                    ) -> str | None:
    """The reason of :func:`conflict` alone."""
    found = conflict(o, dated, other_counts, upstream)
    return None if found is None else found[0]


def conflict(o: Offer, dated: Sequence[Offer],
             other_counts: Sequence[Offer] = (), upstream: str | None = None
             ) -> tuple[str, Offer] | None:
    """Why an offer with an assumed date is doubted: ``dated``, the provider's offers with a
    known date of the same :func:`_machine_key`, all price it more than ``SAME_PRICE`` away
    per GPU-hour (the module docstring's price conflict); where none is the same machine,
    ``other_counts``, the provider's fresh dated offers of the same GPU and price kind at any
    count, compared per GPU-hour. None where one agrees, where the offer's own date is known,
    or where no dated offer is comparable. With the reason, the dated offer it names.

    ``upstream``: ``o`` is a marketplace's row of that provider's machine
    (:func:`upstream_of`), and ``dated`` and ``other_counts`` are that provider's offers: the
    resale conflict of the module docstring, whose reason names the reseller and the
    provider whose own dated price it conflicts with."""
    kp = _kind_price(o)
    if o.as_of_kind != "assumed" or kp is None:
        return None
    kind, price = kp
    peers = [(p[1], d) for d in dated if d.id != o.id and d.as_of_kind != "assumed"
             and _same_machine(o, d) and (p := _kind_price(d)) is not None and p[0] == kind]
    if not peers:
        peers = [(p[1], d) for d in other_counts
                 if d.id != o.id and d.gpu_count != o.gpu_count and d.as_of_kind != "assumed"
                 and (p := _kind_price(d)) is not None and p[0] == kind]
    if not peers or any(abs(p - price) <= SAME_PRICE * p for p, _ in peers):
        return None
    near, source = min(peers, key=lambda pd: (abs(pd[0] - price), pd[1].id))
    # the row's spot price, doubted with it, is named too: a listing at spot prices showed
    # "$1.25/h ⚠ suspect price" with a reason about the on-demand $2.95 alone (audit misc8)
    spot = ("" if kind == "spot" or o.spot_usd_h is None else
            f", as is that of its spot price ${o.spot_usd_h / o.gpu_count:.2f}/GPU-hour, "
            "from the same row")
    if upstream is not None:
        return (f"{kind} ${price:.2f}/GPU-hour for {upstream}'s machine, resold by "
                f"{o.provider}, conflicts with {upstream}'s own dated price ${near:.2f} (as of "
                f"{source.as_of.isoformat()}), and the resold price's age is unknown{spot}",
                source)
    return (f"{kind} ${price:.2f}/GPU-hour conflicts with the provider's own dated price "
            f"${near:.2f} (as of {source.as_of.isoformat()}), and the undated price's age is "
            f"unknown{spot}", source)


def below_owner(o: Offer, owned: Sequence[Offer], upstream: str
                ) -> tuple[str, Offer] | None:
    """Why a marketplace's undated row of ``upstream``'s machine is doubted where that
    provider dates no price comparable with it (the caller's part: the module docstring's
    resold copy below the owner's price): ``owned``, ``upstream``'s undoubted offers of the
    same GPU, count and price kind, those that state vCPUs and RAM equal to the row's (the
    same machine, not one of its size), all price it more than ``SAME_PRICE`` above the
    row's price per GPU-hour. None where one is within it or below, where the row's date is
    known, or where none is the same machine. With the reason, the nearest of them."""
    kp = _kind_price(o)
    if o.as_of_kind != "assumed" or kp is None or o.vcpus is None or o.ram_gib is None:
        return None
    kind, price = kp
    peers = [(p[1], d) for d in owned
             if d.vcpus == o.vcpus and d.ram_gib == o.ram_gib
             and (p := _kind_price(d)) is not None and p[0] == kind]
    if not peers or any(p <= price or p - price <= SAME_PRICE * p for p, _ in peers):
        return None
    near, source = min(peers, key=lambda pd: (pd[0] - price, pd[1].id))
    return (f"{kind} ${price:.2f}/GPU-hour for {upstream}'s machine, resold by {o.provider}, "
            f"is below {upstream}'s own price ${near:.2f}/GPU-hour for the same machine "
            f"({source.id}), and the resold price's age is unknown", source)


def carried_reason(reason: str, original: Offer, reseller: str) -> str:
    """A doubt of the offer a resale resells (:func:`resales`: the same machine at the same
    price), as the resale carries it: naming the original, its provider and the reseller."""
    return (f"the same price as {original.provider}'s {original.id}, which {reseller} "
            f"resells, is doubted there: {reason}")


def suspect_reasons(o: Offer, by_count: dict[tuple[str, str, int], tuple[float, int]],
                    by_gpu: dict[tuple[str, str], tuple[float, int]],
                    gpu_names: Mapping[str, str] | None = None, caution: bool = True,
                    own: Mapping[tuple[str, str, str], tuple[float, int]] | None = None,
                    seller: str | None = None,
                    ) -> tuple[tuple[str, ...], bool, bool]:
    """(the reasons, whether the only one is a price above ``HIGH`` x the median of the
    seller's own prices, whether the only one is a price below ``LOW`` x the market's
    median). ``gpu_names``: GPU id -> display name, for the peers (:func:`_gpu`).
    ``caution=False``: the row's caution is no reason (a cross-check with a reseller's copy,
    :func:`cross_checked`). ``own``: :func:`_own_medians`, and ``seller``, the row's
    (:func:`_seller`; the provider without it); without ``own``, no high verdict."""
    reasons: list[str] = []
    high = low = False
    if o.caution and caution:
        reasons.append(f"the source cautions: {o.caution}")
    prices = [p for p in (o.on_demand_usd_h, o.spot_usd_h, o.reserved_usd_h) if p is not None]
    if any(p == SENTINEL_USD_H for p in prices):
        reasons.append(f"a price of exactly ${SENTINEL_USD_H:.2f}/h, a placeholder value")
    if any(p / o.gpu_count < MIN_USD_PER_GPU_H for p in prices):
        reasons.append(f"a price under ${MIN_USD_PER_GPU_H}/GPU-hour, a placeholder value")
    if (o.spot_usd_h is not None and o.on_demand_usd_h is not None
            and o.spot_usd_h >= o.on_demand_usd_h):
        reasons.append(f"spot ${o.spot_usd_h:.2f}/h is not below on-demand "
                       f"${o.on_demand_usd_h:.2f}/h")
    kp = _kind_price(o)
    if kp is not None:
        kind, price = kp
        median, peers = by_count.get((kind, o.gpu, o.gpu_count), (0.0, 0))
        gpu = _gpu(o.gpu, gpu_names)
        scope = f"{o.gpu_count} x {gpu}"
        if peers < MIN_PEERS:
            median, peers = by_gpu.get((kind, o.gpu), (0.0, 0))
            scope = f"{gpu} (any count)"
        if peers >= MIN_PEERS and median > 0 and price / median < LOW:
            ratio = price / median
            low = not reasons
            reasons.append(
                f"{kind} ${price:.2f}/GPU-hour is {ratio:.2f}x the median "
                f"${median:.2f} of {peers} providers' fresh {kind} prices for {scope} "
                f"(under {LOW}x)")
        who = seller or o.provider
        median, rows = (own or {}).get((who, kind, o.gpu), (0.0, 0))
        if rows >= MIN_PEERS and median > 0 and price / median > HIGH:
            high = not reasons
            reasons.append(
                f"{kind} ${price:.2f}/GPU-hour is {price / median:.2f}x the median "
                f"${median:.2f} of {who}'s own {rows} fresh {kind} prices for {gpu} "
                f"(any count) (above {HIGH}x)")
    return tuple(reasons), high, low


def cross_checked(offers: Iterable[Offer], upstreams: Mapping[str, str]) -> set[str]:
    """Ids of a provider's own offers whose caution is a cross-check with a marketplace's copy
    of the same machine, not a doubt of the provider's price (the module docstring): the
    same caution on a reseller's row of that provider's machine (``upstreams``: the
    reseller's offer id -> the provider, :func:`upstream_of`) of the same GPU, count and
    price kind, vCPUs and RAM stated equal by both, at a price per GPU-hour more than
    ``SAME_PRICE`` from the provider's."""
    offers = list(offers)
    by_caution: dict[tuple[str, str], list[Offer]] = defaultdict(list)
    for o in offers:
        if o.caution:
            by_caution[(o.provider, o.caution)].append(o)
    out: set[str] = set()
    for o in offers:
        up = upstreams.get(o.id)
        kp = _kind_price(o)
        if up is None or not o.caution or kp is None or o.vcpus is None or o.ram_gib is None:
            continue
        for d in by_caution.get((up, o.caution), ()):
            dp = _kind_price(d)
            if (dp is not None and dp[0] == kp[0] and d.gpu == o.gpu
                    and d.gpu_count == o.gpu_count and d.vcpus == o.vcpus
                    and d.ram_gib == o.ram_gib and abs(dp[1] - kp[1]) > SAME_PRICE * dp[1]):
                out.add(d.id)
    return out


def assess(offers: Sequence[Offer], stale_after_days: int,
           gpu_names: Mapping[str, str] | None = None,
           resells: Mapping[str, Mapping[str, str]] | None = None
           ) -> tuple[tuple[Offer, ...], dict[str, Trust]]:
    """(the offers with duplicates collapsed, id -> :class:`Trust` for every offer, the
    collapsed ones included). Offers without a flag share :data:`TRUSTED`. ``gpu_names``:
    GPU id -> display name (the catalog's ``gpus.toml``), so an outlier's peers read "1 x
    NVIDIA GeForce RTX 4090 24GB", not "1 x rtx-4090"; without it, the ids. ``resells``:
    provider id -> ``Provider.resells`` (:func:`resales`, :func:`upstream_of`); without it,
    no resale."""
    resells = resells or {}
    dup = duplicates(offers)
    kept = tuple(o for o in offers if o.id not in dup)
    resold = resales(kept, resells)
    resold_by: dict[str, list[str]] = defaultdict(list)
    for r, original in resold.items():
        resold_by[original].append(r)
    # a marketplace's row -> the provider whose machine it is, whatever its price
    upstreams = {o.id: up for o in offers if (up := upstream_of(o, resells)) is not None}
    by_id = {o.id: o for o in offers}
    reference = max((o.as_of for o in offers), default=dt.date.min)
    by_count, by_gpu = _medians(kept, reference, stale_after_days)
    own_medians = _own_medians(kept, reference, stale_after_days, resells)
    spot_by_count, spot_by_gpu = _spot_medians(kept, reference, stale_after_days)
    collapsed: dict[str, list[str]] = defaultdict(list)
    for d, keep in dup.items():
        collapsed[keep].append(d)
    trust: dict[str, Trust] = {}
    checked = cross_checked(offers, upstreams)
    verdicts = {o.id: suspect_reasons(o, by_count, by_gpu, gpu_names,
                                      caution=o.id not in checked, own=own_medians,
                                      seller=_seller(o, resells)) for o in offers}
    # each provider's prices per GPU-hour of a GPU that no reason doubts, by price kind
    clean: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for o in offers:
        kp = _kind_price(o)
        if kp is not None and not verdicts[o.id][0]:
            clean[(o.provider, o.gpu, kp[0])].append(kp[1])
    # each provider's offers with a known date, by machine (the price conflict rule)
    dated: dict[tuple[str, str, int, str], list[Offer]] = defaultdict(list)
    # and its fresh ones by GPU at any count (where no dated row is the same machine)
    fresh: dict[tuple[str, str, str], list[Offer]] = defaultdict(list)
    for o in offers:
        key = _machine_key(o)
        if key is not None and o.as_of_kind != "assumed":
            dated[key].append(o)
            if not is_stale(o, reference, stale_after_days):
                fresh[(o.provider, o.gpu, key[3])].append(o)
    # each offer's own verdict: (reasons, high outlier only, the price conflict found)
    own: dict[str, tuple[tuple[str, ...], bool, tuple[str, Offer] | None]] = {}
    for o in offers:
        reasons, high, low = verdicts[o.id]
        kp = _kind_price(o)
        if low and kp is not None and any(
                abs(p - kp[1]) <= SAME_PRICE * p
                for p in clean.get((o.provider, o.gpu, kp[0]), ())):
            reasons = ()  # the provider's own price for this GPU, undoubted at another count
        key = _machine_key(o)
        found = (None if key is None else conflict(
            o, dated.get(key, ()), fresh.get((o.provider, o.gpu, key[3]), ())))
        up = upstreams.get(o.id)
        if found is None and up is not None and key is not None:
            # a marketplace's undated copy against the dated price of the machine's provider
            found = conflict(o, dated.get((up, o.gpu, o.gpu_count, key[3]), ()),
                             fresh.get((up, o.gpu, key[3]), ()), up)
        if found is not None:
            # first: /v1/ask's localiser reads "; "-joined reasons whole before it splits
            # them, and a caution (matching anything after "the source cautions: ") would
            # swallow a conflict said after it
            reasons = (found[0], *reasons)
            high = False
        own[o.id] = (reasons, high, found)
    # each provider's own undoubted offers, by machine (a resold copy below them)
    owned: dict[tuple[str, str, int, str], list[Offer]] = defaultdict(list)
    for o in offers:
        key = _machine_key(o)
        if key is not None and o.id not in upstreams and not own[o.id][0]:
            owned[key].append(o)
    for o in offers:
        reasons, high, found = own[o.id]
        up = upstreams.get(o.id)
        key = _machine_key(o)
        if (up is not None and found is None and key is not None
                and not dated.get((up, o.gpu, o.gpu_count, key[3]))
                and not fresh.get((up, o.gpu, key[3]))):
            # no dated price of that provider decides (one that agrees with the copy does)
            below = below_owner(o, owned.get((up, o.gpu, o.gpu_count, key[3]), ()), up)
            if below is not None:
                reasons = (below[0], *reasons)
                high = False
        source = by_id.get(resold.get(o.id, ""))
        if source is not None:
            # the doubts of the machine it resells at the same price, but a conflict the
            # resale's own rule says with the same dated price
            theirs, _, their_found = own[source.id]
            carried = tuple(
                carried_reason(r, source, o.provider) for r in theirs
                if r not in reasons
                and not (found is not None and their_found is not None
                         and r == their_found[0] and found[1].id == their_found[1].id))
            if carried:
                # last: each says a whole reason after "is doubted there: "
                reasons = (*reasons, *carried)
                high = False
        spot = tuple(r for r in spot_reasons(o, spot_by_count, spot_by_gpu, gpu_names)
                     if r not in reasons)
        merged = tuple(sorted(collapsed.get(o.id, ())))
        resellers = tuple(sorted(resold_by.get(o.id, ())))
        if reasons or spot or merged or o.id in dup or o.id in resold or resellers:
            trust[o.id] = Trust(suspect_reasons=reasons + spot, spot_reasons=spot,
                                high_outlier_only=high, duplicate_of=dup.get(o.id),
                                duplicates=merged, resale_of=resold.get(o.id),
                                resold_by=resellers,
                                conflicts_with=found[1].id if found is not None else None)
    return kept, trust
