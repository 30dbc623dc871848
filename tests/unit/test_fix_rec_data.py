"""Catalog data that said more than its sources: Lambda's price list read as availability by
the region filter, Azure's older SkyPilot v6 prices dated like the 2026 files, the NC80adis row
the cross-check disagrees with, and Azure's internet egress counted flat past 10 TB."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec
import pytest

from service.adapters.catalog_files import Problem
from service.adapters.regions_file import load_regions
from service.domain.catalog.trust import is_stale
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.paths import default_data_dir
from tests.unit.rec_fixtures import region_table, shipped

TODAY = dt.date(2026, 12, 5)
CATALOG = default_data_dir("catalog")


# --- 1. a price list is not availability -----------------------------------------------------

def test_lambda_regions_are_marked_a_price_list_with_its_source() -> None:
    table = region_table()
    assert table.availability_stated("lambda") is False
    assert "price list, not availability" in table.providers["lambda"].availability_source
    assert table.availability_stated("aws") is True
    assert table.availability_stated("runpod") is True


def test_not_stated_availability_needs_a_source(tmp_path: Path) -> None:
    text = (CATALOG / "regions.toml").read_text(encoding="utf-8")
    start = text.index('availability_source = "shared/reference')
    end = text.index("\n", start)
    (tmp_path / "regions.toml").write_text(text[:start] + text[end + 1:], encoding="utf-8")
    problems: list[Problem] = []
    load_regions(tmp_path, problems)
    assert [p.message for p in problems] == [
        "provider lambda: availability 'not-stated' needs an availability_source"]


@pytest.fixture(scope="module")
def germany() -> object:
    req = msgspec.convert({"model": "llama 3.1 70b", "concurrent_requests": 10,
                           "regions": ["de"], "max_time_to_first_token_ms": 800},
                          RecommendationRequest)
    return recommend(req, shipped(), TODAY)


def test_a_region_filter_leaves_a_price_list_out_and_says_so(germany: object) -> None:
    # before: #1 was "1 x B200 at lambda, europe-central-1" ($6.99/h), a type Lambda prices
    # for all 17 regions without saying where it runs
    options = germany.options  # type: ignore[attr-defined]
    assert options, "other providers in Germany still answer"
    assert all(o.offer.provider != "lambda" for o in options)
    assert options[0].offer.id != "lambda-gpu-1x-b200-sxm6"
    notes = [a for a in germany.assumptions  # type: ignore[attr-defined]
             if a.name == "region_availability"]
    assert len(notes) == 1
    assert notes[0].value == "20 lambda offers left out"
    assert notes[0].reason.startswith(
        "Lambda lists its price for every region; the availability of its instance types "
        "in europe-central-1 is not stated")


# --- 2. Azure's v6 snapshot carries its own date ---------------------------------------------

def test_azure_rows_are_dated_as_the_older_v6_snapshot_and_turn_stale() -> None:
    cat = shipped()
    azure = [o for o in cat.offers if o.provider == "azure"]
    assert len(azure) == 15
    assert {o.as_of for o in azure} == {dt.date(2025, 4, 28)}
    assert {o.as_of_kind for o in azure} == {"assumed"}
    assert all("SkyPilot catalog v6 snapshot" in o.source for o in azure)
    assert all(is_stale(o, TODAY, cat.stale_after_days) for o in azure)
    # the AWS/GCP rows of the same file stay at the v8/v9 bound
    aws = next(o for o in cat.offers if o.id == "aws-p5-48xlarge-us-east-1-use1-az2")
    assert aws.as_of == dt.date(2026, 9, 30)


def test_the_nc80adis_row_stays_flagged_with_the_source_of_the_doubt() -> None:
    cat = shipped()
    nc80 = next(o for o in cat.offers if o.id == "azure-standard-nc80adis-h100-v5")
    assert nc80.on_demand_usd_h == 13.96
    assert "lists 17.64 $/h eastus (the row says $13.96/h)" in nc80.caution
    assert "$3.68/h ($0.046 per vCPU-hour x 80 vCPUs)" in nc80.caution
    assert "not verified" in nc80.caution
    assert cat.trust_of(nc80.id).suspect


# --- 3. Azure's egress tiers -----------------------------------------------------------------

def test_azure_egress_is_tiered_past_10_tb() -> None:
    azure = {p.id: p for p in shipped().providers}["azure"]
    # before: 19,800 paid GB x $0.087 = $1,722.60
    assert azure.egress_usd(19_900) == pytest.approx(10_140 * 0.087 + 9_660 * 0.083)
    assert azure.egress_usd(19_900) == pytest.approx(1683.96)
    assert azure.egress_usd(5_000) == pytest.approx(4_900 * 0.087)
    assert azure.egress_usd(60_000) == pytest.approx(10_140 * 0.087 + 49_760 * 0.083)
    assert [(t.up_to, t.usd) for t in azure.egress_tiers] == [
        (100, 0.0), (10_240, 0.087), (None, 0.083)]
