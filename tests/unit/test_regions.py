"""Regions placed in ISO countries and continents (catalog/regions.toml), and the region filter
of /v1/offers and recommendations: a continent, a country code or a provider region id."""

from __future__ import annotations

import csv
import datetime as dt
from functools import cache
from pathlib import Path

import msgspec
import pytest

from service.adapters.catalog_files import Problem, load_registry
from service.adapters.catalog_loader import load_catalog
from service.adapters.regions_file import iso_countries, load_regions
from service.domain.catalog.offer_query import OfferFilter, query_counted
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.regions import (
    Region,
    RegionTable,
    index_regions,
    parse_region_filter,
)
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, NotFound
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
SOURCES = Path(__file__).resolve().parents[3] / "shared" / "reference"
TODAY = dt.date(2026, 12, 1)
AS_OF = dt.date(2026, 11, 1)


@cache
def table() -> RegionTable:
    problems: list[Problem] = []
    t = load_regions(CATALOG, problems)
    assert problems == []
    return t


def offer(oid: str, provider: str, regions: list[str], gpu: str = "h100-sxm",
          price: float = 2.0) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=oid, regions=regions, gpu=gpu,
                 gpu_count=1, on_demand_usd_h=price, as_of=AS_OF, source="test")


OFFERS = [
    offer("nebius-fi", "nebius", ["eu-north1"]),
    offer("shadeform-pl", "shadeform", ["warsaw-poland-1"]),
    offer("vast-au", "vast", ["Australia, AU, OC"], price=1.0),
    offer("aws-us", "aws", ["us-east-1", "eu-north-1"]),
    offer("lambda-il", "lambda", ["me-west-1"]),
    offer("coreweave-na", "coreweave", ["NA"]),
    offer("hyperbolic-default", "hyperbolic", ["default"]),
    offer("oblivus-none", "oblivus", []),
]


@cache
def fake_catalog() -> Catalog:
    reg = load_registry(CATALOG).registry
    providers = tuple(Provider(id=p, name=p, as_of=AS_OF, source="test")
                      for p in sorted({o.provider for o in OFFERS}))
    return Catalog(registry=reg, offers=tuple(OFFERS), providers=providers, version="test",
                   regions=index_regions(table(), OFFERS))


def ids_in(values: list[str], catalog: Catalog | None = None) -> set[str]:
    c = catalog or fake_catalog()
    f = parse_region_filter(values, c.regions)
    return {o.id for o in c.offers if f.matching(c.places(o))}


# ------------------------------------------------------------------ the table

def test_every_iso_country_is_in_one_continent_and_the_file_loads_clean() -> None:
    t = table()
    assert set(t.continent_of) == set(iso_countries())
    assert set(t.continents) == {"africa", "antarctica", "asia", "europe", "north-america",
                                 "oceania", "south-america"}
    # the Middle East is Asia, Russia Europe (UN M49)
    assert t.continent_of["IL"] == t.continent_of["AE"] == t.continent_of["TR"] == "asia"
    assert t.continent_of["RU"] == "europe" and t.continent_of["MX"] == "north-america"


@pytest.mark.parametrize(("provider", "region", "country", "continent"), [
    ("aws", "us-east-1", "US", "north-america"),
    ("aws", "eu-north-1/eun1-az2", "SE", "europe"),
    ("aws", "use1-atl2-az1", "US", "north-america"),
    ("gcp", "europe-north1", "FI", "europe"),
    ("gcp", "europe-central2-b", "PL", "europe"),
    ("gcp", "australia-southeast1/australia-southeast1-c", "AU", "oceania"),
    ("azure", "westus3", "US", "north-america"),
    ("nebius", "eu-north1", "FI", "europe"),
    ("lambda", "me-west-1", "IL", "asia"),
    ("vast", "Australia, AU, OC", "AU", "oceania"),
    ("vast", "CA, NA", "CA", "north-america"),
    ("vast", "Sverdlovsk Oblast, RU, EU", "RU", "europe"),
    ("shadeform", "warsaw-poland-1", "PL", "europe"),
    ("shadeform", "london-uk-1", "GB", "europe"),
    ("runpod", "US/US-KS-2", "US", "north-america"),
    ("runpod", "EUR-IS-1", "IS", "europe"),
    ("primeintellect", "FI/FIN-01", "FI", "europe"),
    ("primeintellect", "IS/me-west-1", "IL", "asia"),
    ("cudo", "se-stockholm-1", "SE", "europe"),
    ("lium", "JP", "JP", "asia"),
    ("verda", "FIN-02", "FI", "europe"),
    ("coreweave", "NA", None, "north-america"),
    ("hyperbolic", "default", None, None),
])
def test_provider_ids_are_placed(provider: str, region: str, country: str | None,
                                 continent: str | None) -> None:
    r, problem = table().locate(provider, region)
    assert problem is None
    assert (r.id, r.country, r.continent) == (region, country, continent)
    assert (r.country_name is not None) == (country is not None)


def test_an_unmapped_id_is_a_problem_not_a_guess() -> None:
    r, problem = table().locate("nebius", "mars-north1")
    assert r == Region(id="mars-north1") and problem and "mars-north1" in problem
    assert table().locate("nosuch", "us-east-1")[1] is not None


def _catalog_regions() -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for path in sorted((CATALOG / "offers").glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                out |= {(row["provider"], r.strip()) for r in row["regions"].split(";")
                        if r.strip()}
    return out


def test_every_region_of_the_shipped_offers_is_mapped() -> None:
    unmapped = [p for pr in sorted(_catalog_regions()) if (p := table().locate(*pr)[1])]
    assert unmapped == []


@pytest.mark.skipif(not (SOURCES / "catalog_sources").is_dir(),
                    reason="reference sources not present")
def test_every_region_of_the_newer_sources_is_mapped() -> None:
    """The SkyPilot catalog rows imported next (Region, or Region/AvailabilityZone as the
    importer writes them) and the hyperscaler price table."""
    seen: set[tuple[str, str]] = set()
    for path in sorted((SOURCES / "catalog_sources" / "skypilot-catalog-newer").glob("*/*.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                region = row.get("Region", "").strip().strip(",").strip()
                zone = row.get("AvailabilityZone", "").strip()
                for r in {region, zone, f"{region}/{zone}" if zone and region else ""} - {""}:
                    seen.add((path.parent.name, r))
    with (SOURCES / "provider_policies" / "hyperscaler_prices.csv").open(encoding="utf-8") as f:
        seen |= {(row["provider"].lower(), row["region"]) for row in csv.DictReader(f)}
    assert len(seen) > 400
    assert [p for pr in sorted(seen) if (p := table().locate(*pr)[1])] == []


def _write(tmp_path: Path, text: str) -> list[Problem]:
    (tmp_path / "regions.toml").write_text(text, encoding="utf-8")
    problems: list[Problem] = []
    load_regions(tmp_path, problems)
    return problems


def test_the_loader_reports_bad_entries_with_their_line(tmp_path: Path) -> None:
    good = (CATALOG / "regions.toml").read_text(encoding="utf-8")
    bad = good.replace('"eu-north1" = "FI"', '"eu-north1" = "XF"', 1).replace(
        "{ match = 'IN\\d+', place = \"IN\" }", "{ match = 'IN(\\d+', place = \"IN\" }", 1)
    bad = bad.replace('id = "verda"\n', 'id = "verda"\ncolour = "red"\n', 1)
    problems = _write(tmp_path, bad)
    lines = bad.splitlines()
    by_text = {p.message: p.line for p in problems}
    assert len(problems) == 3, problems
    nebius = next(m for m in by_text if "'XF'" in m)
    assert lines[by_text[nebius] - 1].startswith('"eu-north1"')
    assert any("IN(" in m and "jarvislabs" in m for m in by_text)
    assert any("colour" in m and "verda" in m for m in by_text)


def test_a_country_in_two_continents_or_none_is_a_problem(tmp_path: Path) -> None:
    good = (CATALOG / "regions.toml").read_text(encoding="utf-8")
    problems = _write(tmp_path, good.replace('"FI", "GG"', '"GG"', 1).replace(
        '"AU", "NZ"', '"AU", "NZ", "DE"', 1))
    msgs = " | ".join(p.message for p in problems)
    assert "FI (Finland)" in msgs and "DE (Germany) is already in europe" in msgs


# ------------------------------------------------------------------ the filter

def test_europe_includes_finland_and_poland() -> None:
    assert ids_in(["europe"]) == {"nebius-fi", "shadeform-pl", "aws-us"}
    # "eu" is the European Union, not the continent (test_fix_region_eu); these three are
    # in member states (Finland, Poland, Sweden)
    assert ids_in(["EU"]) == ids_in(["europe"])


def test_north_america_and_us_exclude_australia() -> None:
    assert ids_in(["north-america"]) == {"aws-us", "coreweave-na"}
    assert ids_in(["us"]) == ids_in(["US"]) == {"aws-us"}
    assert "vast-au" not in ids_in(["north-america", "us"])
    assert ids_in(["oceania"]) == ids_in(["au"]) == {"vast-au"}


def test_a_provider_region_id_matches_that_id_only() -> None:
    assert ids_in(["eu-north1"]) == {"nebius-fi"}
    assert ids_in(["EU-NORTH-1"]) == {"aws-us"}
    assert ids_in(["default"]) == {"hyperbolic-default"}
    assert ids_in(["asia"]) == {"lambda-il"}  # Israel: the Middle East is Asia


def test_unknown_values_are_a_clear_error() -> None:
    with pytest.raises(NotFound) as err:
        parse_region_filter(["europe", "mars", "xx"], fake_catalog().regions)
    assert err.value.kind == "region" and err.value.name == "mars"
    assert {"north-america", "us", "us-east-1"} <= set(err.value.suggestions)


def test_offers_list_only_the_regions_that_matched_and_count_those_without_a_place() -> None:
    c = fake_catalog()
    f = parse_region_filter(["europe"], c.regions)
    total, page, excluded = query_counted(c.views(TODAY), OfferFilter(), "price", 0, 50, f)
    assert total == 3
    aws = next(v for v in page if v.id == "aws-us")
    assert aws.regions == ["eu-north-1"]
    assert [(p.country, p.continent) for p in aws.places] == [("SE", "europe")]
    assert excluded == 2  # hyperbolic 'default' and oblivus (no region)
    unfiltered = query_counted(c.views(TODAY), OfferFilter(), "price", 0, 50)
    assert unfiltered[0] == len(OFFERS) and unfiltered[2] is None
    full = next(v for v in unfiltered[1] if v.id == "aws-us")
    assert full.regions == ["us-east-1", "eu-north-1"] and full.places[0].country == "US"


def test_recommendation_region_filter() -> None:
    c = fake_catalog()
    req = msgspec.convert({"model": "llama-3-8b", "workload": "serving",
                           "regions": ["north-america"], "top_n": 10}, RecommendationRequest)
    rec = recommend(req, c, TODAY)
    assert {o.offer.id for o in rec.options} == {"aws-us", "coreweave-na"}
    aws = next(o.offer for o in rec.options if o.offer.id == "aws-us")
    assert aws.regions == ["us-east-1"] and aws.places[0].country == "US"
    assert rec.excluded_no_region == 2
    everywhere = recommend(msgspec.convert({"model": "llama-3-8b", "workload": "serving"},
                                           RecommendationRequest), c, TODAY)
    assert everywhere.excluded_no_region is None
    # a request's filter value is invalid input at the field (400), not a missing resource
    with pytest.raises(InvalidInput) as bad:
        recommend(msgspec.convert({"model": "llama-3-8b", "regions": ["atlantis"]},
                                  RecommendationRequest), c, TODAY)
    assert bad.value.path == "$.regions" and "atlantis" in bad.value.message


# ------------------------------------------------------------------ the shipped catalog

@cache
def real_catalog() -> Catalog:
    return load_catalog(CATALOG)


def _countries(values: list[str]) -> dict[str, set[str | None]]:
    c = real_catalog()
    f = parse_region_filter(values, c.regions)
    return {o.id: {r.country for r in f.matching(c.places(o))} for o in c.offers
            if f.matching(c.places(o))}


def test_real_catalog_loads_with_every_region_placed() -> None:
    assert real_catalog().regions.problems == ()


def test_real_catalog_europe_includes_finland_and_poland() -> None:
    found = set().union(*_countries(["europe"]).values())
    assert {"FI", "PL"} <= found
    assert found - {None} <= {c for c, k in table().continent_of.items() if k == "europe"}


def test_real_catalog_north_america_and_us_exclude_australia() -> None:
    c = real_catalog()
    in_australia = {o.id for o in c.offers if "AU" in {r.country for r in c.places(o)}}
    australia_only = {o.id for o in c.offers if c.places(o)
                      and {r.country for r in c.places(o)} == {"AU"}}
    assert in_australia  # Vast, Lambda, Shadeform, Lium... list Australian regions
    for values in (["north-america"], ["us"]):
        found = _countries(values)
        assert found and not (australia_only & set(found)), values
        assert "AU" not in set().union(*found.values())
