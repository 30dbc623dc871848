"""Querying the offer catalog: filters, sort keys, stable pagination, staleness."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Literal

import msgspec

from service.domain.base import Out
from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.regions import Region, RegionFilter, RegionTable, without_place
from service.domain.catalog.trust import TRUSTED, Trust, price_date_words, reserved_stale

SortKey = Literal["price", "price_per_gpu", "price_per_gib", "price_per_tb_s"]
PriceKind = Literal["on_demand", "spot", "reserved"]


class OfferView(Out, frozen=True, kw_only=True):
    """An offer as the API shows it: prices with their date, derived per-unit prices, and
    whether the price is older than the staleness limit."""

    id: Annotated[str, msgspec.Meta(
        description="the offer's catalog id")]
    provider: Annotated[str, msgspec.Meta(
        description="the provider's id (GET /v1/providers)")]
    instance_type: Annotated[str, msgspec.Meta(
        description="the provider's name for the machine (instance type, plan or SKU)")]
    regions: Annotated[list[str], msgspec.Meta(
        description="the provider's region ids that price it so (with a region filter: only "
                    "those that matched)")]
    """The provider's region ids (with a region filter: only those that matched)."""
    gpu: Annotated[str, msgspec.Meta(
        description="the GPU's registry id")]
    gpu_name: Annotated[str, msgspec.Meta(
        description="the GPU's display name")]
    gpu_count: Annotated[int, msgspec.Meta(
        description="GPUs in one instance")]
    gpu_memory_gib: Annotated[float, msgspec.Meta(
        description="memory of one GPU, in GiB (as the runtime reports it)")]
    total_memory_gib: Annotated[float, msgspec.Meta(
        description="GPU memory of the instance, all its GPUs together, in GiB")]
    total_bandwidth_tb_s: Annotated[float, msgspec.Meta(
        description="memory bandwidth of the instance, all its GPUs together, in TB/s (decimal)")]
    interconnect: Annotated[str, msgspec.Meta(
        description="how the instance's GPUs are joined, as the provider states it: nvswitch, "
                    "nvlink, pcie, none (one GPU) or unknown")]
    network: Annotated[str | None, msgspec.Meta(
        description="the network between instances, where stated: infiniband, efa, roce or "
                    "ethernet; null: not stated")]
    network_gbps: Annotated[float | None, msgspec.Meta(
        description="network bandwidth of the instance, in Gbit/s; null: not stated")]
    vcpus: Annotated[int | None, msgspec.Meta(
        description="virtual CPUs of the instance; null: not stated")]
    ram_gib: Annotated[float | None, msgspec.Meta(
        description="host memory (RAM) of the instance, in GiB; null: not stated")]
    disk_gb: Annotated[float | None, msgspec.Meta(
        description="local disk of the instance, in GB; null: not stated")]
    on_demand_usd_h: Annotated[float | None, msgspec.Meta(
        description="the on-demand price of one instance (all its GPUs), in USD per hour; null: "
                    "not offered or not known")]
    spot_usd_h: Annotated[float | None, msgspec.Meta(
        description="the spot (interruptible) price of one instance, in USD per hour; null: not "
                    "offered or not known")]
    reserved_usd_h: Annotated[float | None, msgspec.Meta(
        description="the reserved (committed) price of one instance, in USD per hour under "
                    "reserved_term; null: not offered or not known")]
    reserved_term: Annotated[str | None, msgspec.Meta(
        description="the commitment reserved_usd_h needs, as its source says it; null without a "
                    "reserved price")]
    price_per_gpu_usd_h: Annotated[float | None, msgspec.Meta(
        description="the price_kind price over gpu_count, in USD per GPU-hour; null: no price")]
    price_per_gib_usd_h: Annotated[float | None, msgspec.Meta(
        description="the price_kind price over total_memory_gib, in USD per GiB-hour; null: no "
                    "price")]
    price_per_tb_s_usd_h: Annotated[float | None, msgspec.Meta(
        description="the price_kind price over total_bandwidth_tb_s, in USD per hour per TB/s of "
                    "memory bandwidth; null: no price")]
    as_of: Annotated[dt.date, msgspec.Meta(
        description="the date of the prices (YYYY-MM-DD); an upper bound where as_of_kind is "
                    "assumed")]
    as_of_kind: Annotated[str, msgspec.Meta(
        description="published (the source states the date), retrieved (the day the page was "
                    "read) or assumed (unknown: as_of is the upper bound used)")]
    """``published`` (the source states the date), ``retrieved`` (the day the page was read)
    or ``assumed`` (unknown: ``as_of`` is the upper bound used)."""
    price_date: Annotated[str, msgspec.Meta(
        description="the date in words ('date unknown; no later than 2026-09-30' for an assumed "
                    "date)")]
    """The date in words: "date unknown; no later than 2026-09-30" for an assumed date."""
    stale: Annotated[bool, msgspec.Meta(
        description="whether the price (the headline price_kind's) is older than the catalog's "
                    "staleness limit (GET /v1/catalog's stale_after_days)")]
    age_days: Annotated[int, msgspec.Meta(
        description="days from as_of to today")]
    suspect: Annotated[bool, msgspec.Meta(
        description="whether the price is doubted (see suspect_reasons): left out of "
                    "recommendations unless include_suspect")]
    suspect_reasons: Annotated[list[str], msgspec.Meta(
        description="why the price is doubted: the source's own caution, a placeholder value, "
                    "spot not below on-demand, far below the median of other providers for the "
                    "same GPU and count or far above the seller's own prices for the GPU, an "
                    "undated price that conflicts with the provider's "
                    "own dated price, or a marketplace's resold price that conflicts with, or "
                    "is below, the price of the provider whose machine it is (or repeats a "
                    "doubted price of that provider); empty for a trusted price")]
    """Why the price is doubted: the source's own caution, a placeholder value, spot not
    below on-demand, far below the median of other providers for the same GPU and count or
    far above the seller's own prices for the GPU, an undated price that conflicts with the
    provider's own dated price for the same GPU, or a marketplace's resold price that
    conflicts with, or is below, the price of the provider whose machine it is, or repeats a
    doubted price of that provider (trust.py)."""
    duplicates: Annotated[list[str], msgspec.Meta(
        description="ids of offers collapsed into this one (same provider, GPU count, prices and "
                    "regions under another instance name)")]
    """Ids of offers collapsed into this one (same provider, GPU count, prices and regions
    under another instance name)."""
    source: Annotated[str, msgspec.Meta(
        description="where the prices come from (URL or file, with its date)")]
    resale_of: Annotated[str | None, msgspec.Meta(
        description="a marketplace's row of another provider's machine at that provider's "
                    "price: the id of the offer it resells (a recommendation lists it "
                    "under that offer, not as another option); null: not a known resale")] = None
    """A marketplace's row of another provider's machine at that provider's price (GPU, count
    and price per GPU-hour; catalog/providers.toml ``resells``): the id of the offer it
    resells; a recommendation lists it under that offer, not as another option. null: not a
    known resale."""
    resold_by: Annotated[list[str], msgspec.Meta(
        description="ids of marketplace rows that resell this offer at its price (their "
                    "resale_of)")] = []
    """Ids of marketplace rows that resell this offer at its price (their ``resale_of``)."""
    places: Annotated[list[Region], msgspec.Meta(
        description="regions with their ISO country and continent (null where the provider "
                    "does not say), in the same order")] = []
    """``regions`` with their ISO country and continent (null where the provider does not
    say), in the same order."""
    price_kind: Annotated[PriceKind | None, msgspec.Meta(
        description="the price the per-GPU, per-GiB and per-TB/s prices and the sort use: "
                    "on_demand where the offer has one, else spot (and every offer of a "
                    "spot_only listing), else reserved (a contract price, not an hourly "
                    "rental); null: no price")] = None
    """The price the per-GPU, per-GiB and per-TB/s prices and the sort use: on-demand where
    the offer has one, else spot (a spot-only offer, and every offer in a ``spot_only``
    listing), else reserved (a contract price, not an hourly rental); null: no price."""
    reserved_as_of: Annotated[dt.date | None, msgspec.Meta(
        description="the reserved price's own date (YYYY-MM-DD; its rate card's, which "
                    "may be older than as_of); null without a reserved price")] = None
    """The reserved price's own date (its rate card's, which may be older than ``as_of``,
    the date of the row's other prices); null without a reserved price."""
    reserved_price_date: Annotated[str | None, msgspec.Meta(
        description="reserved_as_of in words, as price_date; null without a reserved "
                    "price")] = None
    """``reserved_as_of`` in words, as ``price_date``."""
    reserved_stale: Annotated[bool | None, msgspec.Meta(
        description="whether the reserved price is older than the staleness limit by its "
                    "own date (a recommendation leaves it out unless include_stale); null "
                    "without a reserved price")] = None
    """Whether the reserved price is older than the staleness limit by its own date (a
    recommendation leaves it out unless include_stale); null without a reserved price."""


def price_basis(o: Offer | OfferView) -> tuple[float | None, PriceKind | None]:
    """The price derived columns use and its kind: on-demand, else spot, else reserved."""
    if o.on_demand_usd_h is not None:
        return o.on_demand_usd_h, "on_demand"
    if o.spot_usd_h is not None:
        return o.spot_usd_h, "spot"
    if o.reserved_usd_h is not None:
        return o.reserved_usd_h, "reserved"
    return None, None


def _per_unit(price: float | None, gpu_count: int, memory_gib: float,
              bandwidth_tb_s: float) -> tuple[float | None, float | None, float | None]:
    """(per GPU, per GiB, per TB/s) of an instance's hourly ``price`` (None: no price)."""
    if price is None:
        return None, None, None
    return price / gpu_count, price / memory_gib, price / bandwidth_tb_s


def on_spot(v: OfferView) -> OfferView:
    """``v`` with its per-unit prices at the spot price (a ``spot_only`` listing)."""
    if v.spot_usd_h is None:
        return v
    gpu, gib, tb_s = _per_unit(v.spot_usd_h, v.gpu_count, v.total_memory_gib,
                               v.total_bandwidth_tb_s)
    return msgspec.structs.replace(v, price_kind="spot", price_per_gpu_usd_h=gpu,
                                   price_per_gib_usd_h=gib, price_per_tb_s_usd_h=tb_s)


def view(o: Offer, gpu: GPU, today: dt.date, stale_after_days: int,
         places: Sequence[Region] = (), trust: Trust = TRUSTED) -> OfferView:
    price, kind = price_basis(o)
    mem = gpu.total_gib * o.gpu_count
    bw = gpu.bandwidth_gb_s * o.gpu_count / 1000
    age = (today - o.as_of).days
    per_gpu, per_gib, per_tb_s = _per_unit(price, o.gpu_count, mem, bw)
    reserved_day = o.reserved_day
    # a reserved-only offer's headline price is the reserved one: its staleness is that date's
    stale = (reserved_stale(o, today, stale_after_days) if kind == "reserved"
             else age > stale_after_days)
    return OfferView(
        id=o.id, provider=o.provider, instance_type=o.instance_type, regions=o.regions,
        gpu=o.gpu, gpu_name=gpu.name, gpu_count=o.gpu_count, gpu_memory_gib=gpu.total_gib,
        total_memory_gib=mem, total_bandwidth_tb_s=bw, interconnect=o.interconnect,
        network=o.network, network_gbps=o.network_gbps, vcpus=o.vcpus, ram_gib=o.ram_gib,
        disk_gb=o.disk_gb, on_demand_usd_h=o.on_demand_usd_h, spot_usd_h=o.spot_usd_h,
        reserved_usd_h=o.reserved_usd_h, reserved_term=o.reserved_term,
        price_per_gpu_usd_h=per_gpu, price_per_gib_usd_h=per_gib, price_per_tb_s_usd_h=per_tb_s,
        as_of=o.as_of, as_of_kind=o.as_of_kind, price_date=price_date_words(o.as_of, o.as_of_kind),
        stale=stale, age_days=age, suspect=trust.suspect,
        suspect_reasons=list(trust.suspect_reasons), duplicates=list(trust.duplicates),
        source=o.source, resale_of=trust.resale_of, resold_by=list(trust.resold_by),
        places=list(places) or [Region(id=r) for r in o.regions], price_kind=kind,
        reserved_as_of=reserved_day,
        reserved_price_date=(None if reserved_day is None
                             else price_date_words(reserved_day, o.reserved_day_kind)),
        reserved_stale=(None if reserved_day is None
                        else reserved_stale(o, today, stale_after_days)))


class OfferFilter(Out, frozen=True, kw_only=True):
    gpus: frozenset[str] | None = None
    """Any of these GPU ids (the variants a family name matches, e.g. every A100)."""
    provider: str | None = None
    """This provider id."""
    providers: frozenset[str] | None = None
    """Any of these provider ids (``/v1/offers?provider=runpod,aws``)."""
    exclude_providers: frozenset[str] | None = None
    """None of these provider ids (``exclude_provider``)."""
    region: str | None = None
    """A continent, a group of countries ("eu"), a country code or a provider region id;
    matched through a :class:`RegionFilter` (``parse_region_filter``) passed to
    :func:`query`, not here."""
    min_gpus: int | None = None
    max_gpus: int | None = None
    min_total_memory_gib: float | None = None
    max_price_per_hour: float | None = None
    spot_only: bool = False
    interconnect: str | None = None
    """The GPUs joined so (:data:`INTERCONNECT_MATCHES`: ``nvlink`` is every NVLink box, the
    ones whose links go through an NVSwitch included)."""
    stale: bool | None = None
    """True: only stale offers; False: only fresh ones; None: both."""
    suspect: bool | None = None
    """True: only suspect offers; False: only unflagged ones; None: both."""


INTERCONNECT_MATCHES: dict[str, frozenset[str]] = {
    "nvlink": frozenset({"nvlink", "nvswitch"}),
}
"""An interconnect filter -> the offers' interconnects it matches, where more than its own:
an HGX/DGX node's GPUs are joined by NVLink through NVSwitch chips (``nvswitch``), so
``nvlink`` asked matches them too, as a buyer who asks for NVLink means (buyer audit 28b #9:
8 x H100 SXM with NVLink was 0 offers); ``nvswitch`` matches those alone."""


def matches(v: OfferView, f: OfferFilter) -> bool:
    price = v.spot_usd_h if f.spot_only else price_basis(v)[0]
    return (
        (f.gpus is None or v.gpu in f.gpus)
        and (f.provider is None or v.provider == f.provider)
        and (f.providers is None or v.provider in f.providers)
        and (f.exclude_providers is None or v.provider not in f.exclude_providers)
        and (f.min_gpus is None or v.gpu_count >= f.min_gpus)
        and (f.max_gpus is None or v.gpu_count <= f.max_gpus)
        and (f.min_total_memory_gib is None or v.total_memory_gib >= f.min_total_memory_gib)
        and (not f.spot_only or v.spot_usd_h is not None)
        and (f.max_price_per_hour is None or (price is not None
                                               and price <= f.max_price_per_hour))
        and (f.interconnect is None or v.interconnect in INTERCONNECT_MATCHES.get(
            f.interconnect, (f.interconnect,)))
        and (f.stale is None or v.stale == f.stale)
        and (f.suspect is None or v.suspect == f.suspect)
    )


def sort_key(key: SortKey, spot: bool = False) -> object:
    """The order of ``key`` at each view's ``price_kind`` price (:func:`price_basis`), per
    GPU, GiB or TB/s as the key says; ``spot``: at the spot price (a spot-only listing,
    whose views :func:`on_spot` shows at that price too)."""

    def per(v: OfferView) -> float:
        return {"price": 1.0, "price_per_gpu": float(v.gpu_count),
                "price_per_gib": v.total_memory_gib,
                "price_per_tb_s": v.total_bandwidth_tb_s}[key]

    def k(v: OfferView) -> tuple[int, float, str]:
        price = v.spot_usd_h if spot else price_basis(v)[0]
        value = None if price is None else price / per(v)
        # offers without a price sort last; the id breaks ties so pages never shuffle
        return (value is None, value or 0.0, v.id)

    return k


def in_regions(v: OfferView, regions: RegionFilter) -> OfferView | None:
    """``v`` showing only its regions that ``regions`` matches, or None when none does."""
    hit = regions.matching(v.places)
    if not hit:
        return None
    return msgspec.structs.replace(v, regions=[r.id for r in hit], places=hit)


RegionOutcome = Literal["matched", "elsewhere", "no_place", "availability_not_stated"]
"""How a region filter treats one offer (:func:`region_outcome`)."""


def region_outcome(provider: str, places: Sequence[Region], regions: RegionFilter,
                   table: RegionTable | None) -> tuple[RegionOutcome, list[Region]]:
    """The one rule a region filter applies to an offer, in /v1/offers, /v1/recommendations
    and Slack alike, with the regions it matched: ``matched`` (kept); ``elsewhere`` (placed,
    but not in the place asked); ``no_place`` (none of its regions has a known place: left
    out and counted in ``excluded_no_region``); ``availability_not_stated`` (a region
    matched, but the provider's region list is a price list, not availability: regions.toml
    ``availability = "not-stated"``, Lambda prices every type in every region, so a
    data-residency filter cannot rest on it: left out and counted). ``table``: None applies
    no availability rule (the regions alone)."""
    hit = regions.matching(places)
    if not hit:
        return ("no_place" if without_place(places) else "elsewhere"), hit
    if table is not None and not table.availability_stated(provider):
        return "availability_not_stated", hit
    return "matched", hit


def availability_words(name: str, region_ids: Iterable[str], field: str) -> str:
    """Why a provider's offers are left out where a region filter matched them only on a
    price list (:func:`region_outcome`), ``field`` naming the filter to drop to see them."""
    return (f"{name} lists its price for every region; the availability of its instance "
            f"types in {', '.join(sorted(set(region_ids)))} is not stated, so a region "
            f"filter (a data-residency requirement) cannot rest on it; ask without {field} "
            "to see them")


class AvailabilityLeftOut(Out, frozen=True, kw_only=True):
    """A provider's offers a region filter left out because the provider does not state
    where its instance types are available (:func:`region_outcome`)."""

    provider: Annotated[str, msgspec.Meta(description="provider id")]
    offers: Annotated[int, msgspec.Meta(description=(
        "how many of its offers matched every other filter and a region asked for"))]
    regions: Annotated[list[str], msgspec.Meta(description=(
        "the provider's region ids the filter matched, sorted"))]
    reason: Annotated[str, msgspec.Meta(description="why they were left out")]


class OfferQuery(Out, frozen=True, kw_only=True):
    """A query's answer (:func:`query_offers`)."""

    total: int
    page: list[OfferView]
    excluded_no_region: int | None = None
    """With a region filter: offers left out because none of their regions has a known
    place; None without one."""
    excluded_availability_not_stated: int | None = None
    """With a region filter and the region table: offers left out because their provider
    does not state availability per region; None without one."""
    availability_left_out: list[AvailabilityLeftOut] = []
    """Those offers per provider, with the regions matched and why."""


def query_offers(views: Iterable[OfferView], f: OfferFilter, sort: SortKey, offset: int,
                 limit: int, regions: RegionFilter | None = None,
                 table: RegionTable | None = None,
                 names: Mapping[str, str] | None = None) -> OfferQuery:
    """The matching views, the page asked for, and what a region filter left out, by
    :func:`region_outcome` (the rule recommendations apply): offers with no known place
    and, with ``table``, offers of a provider that does not state availability per region,
    counted and said per provider (``names``: provider id -> display name). With a region
    filter, each view lists only its regions that matched."""
    selected = [v for v in views if matches(v, f)]
    if f.spot_only:
        selected = [on_spot(v) for v in selected]
    no_region: int | None = None
    unstated: int | None = None
    left: dict[str, tuple[int, set[str]]] = {}
    if regions is not None:
        kept: list[OfferView] = []
        no_region = 0
        for v in selected:
            outcome, hit = region_outcome(v.provider, v.places, regions, table)
            if outcome == "matched":
                kept.append(msgspec.structs.replace(v, regions=[r.id for r in hit],
                                                    places=hit))
            elif outcome == "no_place":
                no_region += 1
            elif outcome == "availability_not_stated":
                n, ids = left.get(v.provider, (0, set()))
                left[v.provider] = (n + 1, ids | {r.id for r in hit})
        selected = kept
        if table is not None:
            unstated = sum(n for n, _ in left.values())
    selected.sort(key=sort_key(sort, f.spot_only))  # type: ignore[arg-type]
    said = names or {}
    return OfferQuery(
        total=len(selected), page=selected[offset:offset + limit],
        excluded_no_region=no_region, excluded_availability_not_stated=unstated,
        availability_left_out=[
            AvailabilityLeftOut(provider=p, offers=n, regions=sorted(ids),
                                reason=availability_words(said.get(p, p), ids, "region"))
            for p, (n, ids) in sorted(left.items())])


def query(views: Iterable[OfferView], f: OfferFilter, sort: SortKey, offset: int,
          limit: int, regions: RegionFilter | None = None) -> tuple[int, list[OfferView]]:
    """The number of matching views and the page asked for (see :func:`query_counted`)."""
    total, page, _ = query_counted(views, f, sort, offset, limit, regions)
    return total, page


def query_counted(views: Iterable[OfferView], f: OfferFilter, sort: SortKey, offset: int,
                  limit: int, regions: RegionFilter | None = None
                  ) -> tuple[int, list[OfferView], int | None]:
    """The number of matching views, the page, and (with a region filter) how many
    otherwise-matching offers were left out because none of their regions has a known place
    (no region listed, or only ids the provider does not locate); None without one. With a
    region filter, each view lists only its regions that matched. Without the region table
    it applies no availability rule: :func:`query_offers` with ``table`` leaves out (and
    counts) the offers of a provider that does not state availability, as recommendations
    do."""
    q = query_offers(views, f, sort, offset, limit, regions)
    return q.total, q.page, q.excluded_no_region


def as_of_range(offers: Sequence[Offer]) -> tuple[dt.date | None, dt.date | None]:
    if not offers:
        return None, None
    dates = [o.as_of for o in offers]
    return min(dates), max(dates)


def provider_ids(providers: Sequence[Provider]) -> set[str]:
    return {p.id for p in providers}
