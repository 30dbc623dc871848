"""Small fake catalogs on the real registry for the recommender's tests: the shipped
catalog, its registry and regions, a provider and offers of one's own, and ``fake`` to
recommend over them (so that a catalog update does not move the tests)."""

from __future__ import annotations

import datetime as dt
from functools import cache

import msgspec

from service.adapters.catalog_files import Problem, load_registry
from service.adapters.catalog_loader import load_catalog
from service.adapters.regions_file import load_regions
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.regions import RegionTable, index_regions
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 3)
AS_OF = dt.date(2026, 11, 15)


@cache
def shipped() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


@cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


@cache
def region_table() -> RegionTable:
    problems: list[Problem] = []
    t = load_regions(default_data_dir("catalog"), problems)
    assert problems == []
    return t


def provider(pid: str) -> Provider:
    """Per-second billing, free egress, storage at $0.10/GB-month."""
    return Provider(id=pid, name=pid.title(), billing_granularity="second",
                    egress_usd_per_gb=0.0, storage_usd_per_gb_month=0.1, as_of=AS_OF,
                    source="test")


PROVIDERS = (provider("alpha"),)


def offer(oid: str, gpu: str, count: int, od: float | None, *, provider: str = "alpha",
          interconnect: str = "nvlink", network: str | None = None,
          spot: float | None = None, reserved: float | None = None,
          term: str | None = None, regions: tuple[str, ...] = ("r1",),
          as_of: dt.date = AS_OF) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=oid, regions=list(regions),
                 gpu=gpu, gpu_count=count, interconnect=interconnect,  # type: ignore[arg-type]
                 network=network, on_demand_usd_h=od, spot_usd_h=spot,  # type: ignore[arg-type]
                 reserved_usd_h=reserved, reserved_term=term, as_of=as_of, source="test")


def fake_with(providers: tuple[Provider, ...], offers: list[Offer],
              **body: object) -> Recommendation:
    """Recommend for ``body`` over ``offers`` of ``providers`` (the shipped registry, regions
    and performance tables)."""
    catalog = Catalog(registry=registry(), offers=tuple(offers), providers=providers,
                      version="test", perf=shipped().perf,
                      regions=index_regions(region_table(), offers))
    return recommend(msgspec.convert(body, RecommendationRequest), catalog, TODAY)


def fake(offers: list[Offer], **body: object) -> Recommendation:
    """:func:`fake_with` the one provider ``alpha``."""
    return fake_with(PROVIDERS, offers, **body)


def real(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), shipped(), TODAY)
