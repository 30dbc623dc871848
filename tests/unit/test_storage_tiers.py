"""Block storage whose rate changes with the volume (RunPod network volumes: $0.07/GB-month
under 1 TB, $0.05 above): counted band by band, in recommendations as in the provider's own
cost (a 2 TB volume was $140 a month at the flat rate)."""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.offers import EgressTier, Provider
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def test_runpod_storage_is_counted_by_band(catalog: Catalog) -> None:
    runpod = catalog.providers_by_id["runpod"]
    assert runpod.storage_usd(500) == pytest.approx(35.0)
    assert runpod.storage_usd(2000) == pytest.approx(70.0 + 50.0)
    flat = catalog.providers_by_id["aws"]
    assert not flat.storage_tiers
    assert flat.storage_usd(2000) == pytest.approx(2000 * (flat.storage_usd_per_gb or 0))


def test_bands_must_ascend_and_need_a_headline_rate() -> None:
    base = {"id": "x", "name": "X", "as_of": dt.date(2026, 1, 1), "source": "s"}
    with pytest.raises(ValueError, match="ascend"):
        Provider(**base, storage_usd_per_gb_month=0.1, storage_tiers=(
            EgressTier(up_to=100, usd=0.1), EgressTier(up_to=50, usd=0.05)))
    with pytest.raises(ValueError, match="headline"):
        Provider(**base, storage_tiers=(EgressTier(usd=0.1),))


def test_a_recommendation_counts_the_bands(catalog: Catalog) -> None:
    r = recommend(msgspec.convert({"model": "llama-3.1-8b", "providers": ["runpod"],
                                   "storage_gb": 2000}, RecommendationRequest),
                  catalog, dt.date(2026, 12, 3))
    assert r.options, r.reason
    for o in r.options:
        assert o.cost.storage_per_month_usd == pytest.approx(120.0), o.cost
