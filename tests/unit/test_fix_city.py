"""Which place words are cities is data: catalog/regions.toml's ``cities`` list marks the
[aliases] words that are cities (each standing for its country), read by /v1/ask and Slack only
after a locating word ("in Milan", "la Londra"), never "Sydney here." (audit regress5 #2). It
was a list in service/domain/answer/intent.py (``_CITY_WORDS``), so a city added to
regions.toml read like a country everywhere."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from service.adapters.catalog_files import CatalogError, Problem
from service.adapters.catalog_loader import load_catalog
from service.adapters.regions_file import load_regions
from service.domain.answer.intent import details, is_city, stated
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")

# the cities intent.py listed (_CITY_WORDS) before the mark moved to regions.toml
OLD_CITIES = frozenset({
    "london", "londra", "paris", "frankfurt", "berlin", "tokyo", "tokio", "osaka", "amsterdam",
    "stockholm", "oslo", "madrid", "milan", "milano", "warsaw", "varsovia", "zurich",
    "montreal", "toronto", "sydney", "melbourne", "mumbai", "seoul", "dallas", "chicago",
    "ashburn", "los angeles"})

UNLOCATED = "Hamina here. What is the cheapest H100 per hour?"
LOCATED = "What is the cheapest H100 per hour in Hamina?"


def _regions_text() -> str:
    return (CATALOG / "regions.toml").read_text(encoding="utf-8")


def _with(text: str, *, alias: str | None = None, city: str | None = None) -> str:
    """regions.toml's text with ``alias`` (a line ``word = "XX"``) added to [aliases] and
    ``city`` added to the ``cities`` list."""
    if alias is not None:
        assert "\n[aliases]\n" in text
        text = text.replace("\n[aliases]\n", f"\n[aliases]\n{alias}\n", 1)
    if city is not None:
        m = re.search(r"(?m)^cities = \[\n", text)
        assert m, "regions.toml has no top-level `cities = [` list"
        text = text[:m.end()] + f'  "{city}",\n' + text[m.end():]
    return text


def _catalog_registry(tmp_path: Path, regions: str) -> Registry:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    (root / "regions.toml").write_text(regions, encoding="utf-8")
    return load_catalog(root).registry


def _problems(tmp_path: Path, regions: str) -> list[Problem]:
    (tmp_path / "regions.toml").write_text(regions, encoding="utf-8")
    problems: list[Problem] = []
    load_regions(tmp_path, problems)
    return problems


def test_shipped_cities_are_the_ones_intent_listed() -> None:
    problems: list[Problem] = []
    table = load_regions(CATALOG, problems)
    assert problems == []
    # r9misc (audit ask_en2 #3, recommend2 #1) added cities as data ("dublin", "helsinki"...):
    # the old ones stay cities
    assert table.cities >= OLD_CITIES
    # each stands for its country
    assert {table.aliases[c] for c in ("london", "milano", "los angeles")} == {"GB", "IT", "US"}
    reg = load_catalog(CATALOG).registry
    assert reg.cities >= OLD_CITIES
    assert is_city("sydney", reg.cities) and not is_city("australia", reg.cities)


def test_a_marked_city_is_read_only_where_located(tmp_path: Path) -> None:
    reg = _catalog_registry(tmp_path, _with(_regions_text(), alias='hamina = "FI"',
                                            city="hamina"))
    assert "hamina" in reg.cities and reg.places["hamina"] == "FI"
    assert details(UNLOCATED, reg, []).region is None
    assert stated(UNLOCATED, reg).region_word is None
    assert details(LOCATED, reg, []).region == "fi"
    assert stated(LOCATED, reg).region_word == "Hamina"
    assert details("Cat costă un H100 pe oră la Hamina?", reg, []).region == "fi"


def test_an_unmarked_alias_reads_like_a_country(tmp_path: Path) -> None:
    reg = _catalog_registry(tmp_path, _with(_regions_text(), alias='hamina = "FI"'))
    assert "hamina" not in reg.cities
    assert details(UNLOCATED, reg, []).region == "fi"
    assert details(LOCATED, reg, []).region == "fi"


def test_a_city_that_is_no_alias_fails_loading(tmp_path: Path) -> None:
    text = _with(_regions_text(), city="atlantis")
    problems = _problems(tmp_path, text)
    line = text.splitlines().index('  "atlantis",') + 1
    assert [(p.file, p.line) for p in problems] == [("regions.toml", line)], problems
    assert "'atlantis'" in problems[0].message and "[aliases]" in problems[0].message
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    (root / "regions.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=rf"regions\.toml:{line}: .*'atlantis'"):
        load_catalog(root)


def test_a_city_must_stand_for_a_country(tmp_path: Path) -> None:
    # "european-union" is an alias of the group "eu": no city
    text = _with(_regions_text(), city="european-union")
    problems = _problems(tmp_path, text)
    line = text.splitlines().index('  "european-union",') + 1
    assert [(p.file, p.line) for p in problems] == [("regions.toml", line)], problems
    assert "country" in problems[0].message and "'european-union'" in problems[0].message


def test_a_city_listed_twice_or_not_a_list_fails(tmp_path: Path) -> None:
    twice = _problems(tmp_path, _with(_regions_text(), city="london"))
    assert len(twice) == 1 and "'london'" in twice[0].message and "twice" in twice[0].message
    bad = re.sub(r"(?ms)^cities = \[\n.*?^\]\n", 'cities = "london"\n', _regions_text())
    problems = _problems(tmp_path, bad)
    assert len(problems) == 1 and "cities" in problems[0].message, problems
    assert problems[0].line == bad.splitlines().index('cities = "london"') + 1
