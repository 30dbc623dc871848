"""Querying the offer catalog: filters, sort keys, stable pagination, staleness."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Literal

from service.domain.base import Out
from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import Offer, Provider

SortKey = Literal["price", "price_per_gpu", "price_per_gib", "price_per_tb_s"]


class OfferView(Out, frozen=True, kw_only=True):
    """An offer as the API shows it: prices with their date, derived per-unit prices, and
    whether the price is older than the staleness limit."""

    id: str
    provider: str
    instance_type: str
    regions: list[str]
    gpu: str
    gpu_name: str
    gpu_count: int
    gpu_memory_gib: float
    total_memory_gib: float
    total_bandwidth_tb_s: float
    interconnect: str
    network: str | None
    network_gbps: float | None
    vcpus: int | None
    ram_gib: float | None
    disk_gb: float | None
    on_demand_usd_h: float | None
    spot_usd_h: float | None
    reserved_usd_h: float | None
    reserved_term: str | None
    price_per_gpu_usd_h: float | None
    price_per_gib_usd_h: float | None
    price_per_tb_s_usd_h: float | None
    as_of: dt.date
    stale: bool
    age_days: int
    source: str


def headline_price(o: Offer) -> float | None:
    return o.on_demand_usd_h if o.on_demand_usd_h is not None else (
        o.reserved_usd_h if o.reserved_usd_h is not None else o.spot_usd_h)


def view(o: Offer, gpu: GPU, today: dt.date, stale_after_days: int) -> OfferView:
    price = headline_price(o)
    mem = gpu.total_gib * o.gpu_count
    bw = gpu.bandwidth_gb_s * o.gpu_count / 1000
    age = (today - o.as_of).days
    return OfferView(
        id=o.id, provider=o.provider, instance_type=o.instance_type, regions=o.regions,
        gpu=o.gpu, gpu_name=gpu.name, gpu_count=o.gpu_count, gpu_memory_gib=gpu.total_gib,
        total_memory_gib=mem, total_bandwidth_tb_s=bw, interconnect=o.interconnect,
        network=o.network, network_gbps=o.network_gbps, vcpus=o.vcpus, ram_gib=o.ram_gib,
        disk_gb=o.disk_gb, on_demand_usd_h=o.on_demand_usd_h, spot_usd_h=o.spot_usd_h,
        reserved_usd_h=o.reserved_usd_h, reserved_term=o.reserved_term,
        price_per_gpu_usd_h=None if price is None else price / o.gpu_count,
        price_per_gib_usd_h=None if price is None else price / mem,
        price_per_tb_s_usd_h=None if price is None else price / bw,
        as_of=o.as_of, stale=age > stale_after_days, age_days=age, source=o.source)


class OfferFilter(Out, frozen=True, kw_only=True):
    gpu: str | None = None
    provider: str | None = None
    region: str | None = None
    min_gpus: int | None = None
    max_gpus: int | None = None
    min_total_memory_gib: float | None = None
    max_price_per_hour: float | None = None
    spot_only: bool = False
    interconnect: str | None = None


def matches(v: OfferView, f: OfferFilter) -> bool:
    price = v.on_demand_usd_h if v.on_demand_usd_h is not None else v.spot_usd_h
    if f.spot_only:
        price = v.spot_usd_h
    return (
        (f.gpu is None or v.gpu == f.gpu)
        and (f.provider is None or v.provider == f.provider)
        and (f.region is None or any(f.region.lower() in r.lower() for r in v.regions))
        and (f.min_gpus is None or v.gpu_count >= f.min_gpus)
        and (f.max_gpus is None or v.gpu_count <= f.max_gpus)
        and (f.min_total_memory_gib is None or v.total_memory_gib >= f.min_total_memory_gib)
        and (not f.spot_only or v.spot_usd_h is not None)
        and (f.max_price_per_hour is None or (price is not None
                                               and price <= f.max_price_per_hour))
        and (f.interconnect is None or v.interconnect == f.interconnect)
    )


def sort_key(key: SortKey) -> object:
    field = {"price": "on_demand_usd_h", "price_per_gpu": "price_per_gpu_usd_h",
             "price_per_gib": "price_per_gib_usd_h", "price_per_tb_s": "price_per_tb_s_usd_h"}[key]

    def k(v: OfferView) -> tuple[int, float, str]:
        value = getattr(v, field)
        if value is None and key == "price":
            value = v.spot_usd_h
        # offers without a price sort last; the id breaks ties so pages never shuffle
        return (value is None, value or 0.0, v.id)

    return k


def query(views: Iterable[OfferView], f: OfferFilter, sort: SortKey, offset: int,
          limit: int) -> tuple[int, list[OfferView]]:
    selected = [v for v in views if matches(v, f)]
    selected.sort(key=sort_key(sort))  # type: ignore[arg-type]
    return len(selected), selected[offset:offset + limit]


def as_of_range(offers: Sequence[Offer]) -> tuple[dt.date | None, dt.date | None]:
    if not offers:
        return None, None
    dates = [o.as_of for o in offers]
    return min(dates), max(dates)


def provider_ids(providers: Sequence[Provider]) -> set[str]:
    return {p.id for p in providers}
