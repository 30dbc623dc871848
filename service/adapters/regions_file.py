"""Load ``regions.toml`` strictly: where each provider's region ids are (ISO 3166-1 country,
continent, or an ISO 3166-2 state or province), and the groups of countries and areas a filter
word stands for ("eu": the European Union; "us-east": the states of the US Eastern Time Zone).
Every problem is reported with its file and line and the loader goes on, so one run lists them
all. Country codes are checked against ISO 3166-1 with ``pycountry``, which also gives the
country names, and subdivision codes against ISO 3166-2 (their names too); every ISO country
must be in exactly one continent; a group's codes must be ISO codes too; each word of the
``cities`` list must be an ``[aliases]`` word that stands for a country (a city is read as
its country, and in a question only where located).

The rules themselves (exact ids, patterns, ``region/zone`` splitting) live in
:mod:`service.domain.catalog.regions`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pycountry

from service.adapters.catalog_files import Problem, _read_toml
from service.domain.catalog.regions import (
    COUNTRY_CODE,
    SUBDIVISION_CODE,
    UNKNOWN,
    Pattern,
    ProviderRegions,
    RegionGroup,
    RegionTable,
)

REGIONS_FILE = "regions.toml"
_CONTINENT_ID = re.compile(r"[a-z]+(?:-[a-z]+)*")
_PROVIDER_KEYS = {"id", "source", "note", "regions", "pattern", "availability",
                  "availability_source"}
AVAILABILITY = ("stated", "not-stated")
"""``availability``: ``stated`` (the default: the regions are where the types are offered) or
``not-stated`` (a price list: ``availability_source`` says where it is said)."""
_PATTERN_KEYS = {"match", "place"}
_GROUP_KEYS = {"id", "name", "source", "countries"}
_GROUP_OPTIONAL = {"subdivisions", "stems"}


def iso_countries() -> dict[str, str]:
    """Every ISO 3166-1 alpha-2 code -> its common name (pycountry)."""
    out: dict[str, str] = {}
    for c in pycountry.countries:
        out[c.alpha_2] = getattr(c, "common_name", None) or c.name
    return out


def iso_subdivisions() -> dict[str, str]:
    """Every ISO 3166-2 code -> its name (pycountry): "US-VA" -> "Virginia"."""
    return {s.code: s.name for s in pycountry.subdivisions}


def _line(text: str, needle: str, start: int = 0) -> int:
    idx = text.find(needle, start)
    return text.count("\n", 0, idx) + 1 if idx >= 0 else 1


def _key_line(text: str, key: str, start: int) -> int:
    """The line of ``key = `` (bare or quoted) at or after ``start``."""
    m = re.compile(rf'(?m)^\s*"?{re.escape(key)}"?\s*=').search(text, max(start, 0))
    return text.count("\n", 0, m.start()) + 1 if m else _line(text, key, start)


def load_regions(root: Path, problems: list[Problem]) -> RegionTable:
    """The region table of ``root/regions.toml``; problems appended (file and line)."""
    rel = REGIONS_FILE
    if not (root / rel).exists():
        problems.append(Problem(rel, 1, "missing file"))
        return RegionTable(countries=iso_countries())
    loaded = _read_toml(root / rel, rel, problems)
    countries = iso_countries()
    subdivisions = iso_subdivisions()
    if loaded is None:
        return RegionTable(countries=countries, subdivisions=subdivisions)
    text, data = loaded
    unknown = sorted(set(data) - {"aliases", "cities", "continent", "group", "provider"})
    if unknown:
        problems.append(Problem(rel, 1, f"unknown top-level key(s): {', '.join(unknown)}"))
    continents, continent_of = _continents(text, data.get("continent"), countries, problems)
    groups = _groups(text, data.get("group", []), continents, countries, problems,
                     subdivisions)
    aliases = _aliases(text, data.get("aliases", {}), continents, countries, problems, groups)
    cities = _cities(text, data.get("cities", []), data.get("aliases", {}), countries,
                     problems)
    providers = _providers(text, data.get("provider"), continents, countries, problems,
                           subdivisions)
    return RegionTable(continents=continents, continent_of=continent_of, countries=countries,
                       aliases=aliases, cities=cities, providers=providers, groups=groups,
                       subdivisions=subdivisions)


def _groups(text: str, raws: Any, continents: dict[str, str], countries: dict[str, str],
            problems: list[Problem], subdivisions: dict[str, str] | None = None
            ) -> dict[str, RegionGroup]:
    """``[[group]]`` tables: id (lowercase words, neither a continent nor a country code),
    name, source and a list of ISO 3166-1 alpha-2 codes, each once; an area also (or
    instead: ``countries = []``) ``subdivisions``, ISO 3166-2 codes, and ``stems``, starts of
    provider region ids ("us-east"); a group names at least one country or subdivision."""
    subdivisions = subdivisions if subdivisions is not None else iso_subdivisions()
    rel = REGIONS_FILE
    out: dict[str, RegionGroup] = {}
    if not isinstance(raws, list):
        problems.append(Problem(rel, 1, "[[group]] must be an array of tables"))
        return out
    pos = 0
    for raw in raws:
        # a table header starts its line (the header comment names [[group]] too)
        anchor = text.find("\n[[group]]", pos)
        anchor = anchor + 1 if anchor >= 0 else 0
        pos = anchor + 1
        line = text.count("\n", 0, max(anchor, 0)) + 1
        if (not isinstance(raw, dict) or not set(raw) >= _GROUP_KEYS
                or set(raw) - _GROUP_KEYS - _GROUP_OPTIONAL):
            problems.append(Problem(rel, line, "a [[group]] needs exactly id, name, source and "
                                    "countries (and optionally subdivisions and stems)"))
            continue
        gid, name, source, codes = raw["id"], raw["name"], raw["source"], raw["countries"]
        if not isinstance(gid, str) or not _CONTINENT_ID.fullmatch(gid):
            problems.append(Problem(rel, line, f"group id {gid!r} is not lowercase words "
                                    "joined by hyphens"))
            continue
        if gid in out or gid in continents or gid.upper() in countries or gid == UNKNOWN:
            problems.append(Problem(rel, line, f"group id {gid!r} is taken (a group, a "
                                    "continent, a country code or 'unknown')"))
            continue
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(rel, line, f"group {gid}: name is empty"))
            continue
        if not isinstance(source, str) or not source.strip():
            problems.append(Problem(rel, line, f"group {gid}: source is empty"))
            continue
        subs, stems = raw.get("subdivisions", []), raw.get("stems", [])
        if (not isinstance(codes, list) or not isinstance(subs, list)
                or not isinstance(stems, list) or not (codes or subs)):
            problems.append(Problem(rel, line, f"group {gid}: countries (or subdivisions) is "
                                    "not a non-empty list"))
            continue
        states: set[str] = set()
        for code in subs:
            if (not isinstance(code, str) or not SUBDIVISION_CODE.fullmatch(code)
                    or code not in subdivisions):
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"group {gid}: {code!r} is not an ISO 3166-2 "
                                        "subdivision code"))
            elif code in states:
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"group {gid}: {code} is listed twice"))
            else:
                states.add(code)
        good_stems: list[str] = []
        for stem in stems:
            if not isinstance(stem, str) or "-" not in stem or not _CONTINENT_ID.fullmatch(stem):
                problems.append(Problem(rel, _line(text, f'"{stem}"', anchor),
                                        f"group {gid}: stem {stem!r} is not lowercase words "
                                        "joined by hyphens"))
            else:
                good_stems.append(stem)
        members: set[str] = set()
        for code in codes:
            if not isinstance(code, str) or code not in countries:
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"group {gid}: {code!r} is not an ISO 3166-1 alpha-2 "
                                        "country code"))
            elif code in members:
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"group {gid}: {code} ({countries[code]}) is listed "
                                        "twice"))
            else:
                members.add(code)
        # kept with its good codes so an alias of it is not reported too; a problem fails
        # the whole load anyway
        out[gid] = RegionGroup(id=gid, name=name.strip(), countries=frozenset(members),
                               source=source.strip(), subdivisions=frozenset(states),
                               stems=tuple(good_stems))
    return out


def _continents(text: str, raws: Any, countries: dict[str, str], problems: list[Problem]
                ) -> tuple[dict[str, str], dict[str, str]]:
    rel = REGIONS_FILE
    names: dict[str, str] = {}
    of: dict[str, str] = {}
    if not isinstance(raws, list) or not raws:
        problems.append(Problem(rel, 1, "no [[continent]] tables"))
        return names, of
    pos = 0
    for raw in raws:
        anchor = text.find("[[continent]]", pos)
        pos = anchor + 1 if anchor >= 0 else pos
        line = text.count("\n", 0, max(anchor, 0)) + 1
        if not isinstance(raw, dict) or set(raw) != {"id", "name", "countries"}:
            problems.append(Problem(rel, line, "a [[continent]] needs exactly id, name and "
                                    "countries"))
            continue
        cid, name, codes = raw["id"], raw["name"], raw["countries"]
        if not isinstance(cid, str) or not _CONTINENT_ID.fullmatch(cid):
            problems.append(Problem(rel, line, f"continent id {cid!r} is not lowercase words "
                                    "joined by hyphens"))
            continue
        if cid in names or cid == UNKNOWN:
            problems.append(Problem(rel, line, f"duplicate or reserved continent id {cid!r}"))
            continue
        names[cid] = str(name)
        for code in codes if isinstance(codes, list) else []:
            if code not in countries:
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"continent {cid}: {code!r} is not an ISO 3166-1 "
                                        "alpha-2 country code"))
            elif code in of:
                problems.append(Problem(rel, _line(text, f'"{code}"', anchor),
                                        f"continent {cid}: {code} ({countries[code]}) is "
                                        f"already in {of[code]}"))
            else:
                of[code] = cid
    missing = sorted(set(countries) - set(of))
    if names and missing:
        problems.append(Problem(rel, 1, "countries in no continent: " + ", ".join(
            f"{c} ({countries[c]})" for c in missing)))
    return names, of


def _aliases(text: str, raw: Any, continents: dict[str, str], countries: dict[str, str],
             problems: list[Problem], groups: dict[str, RegionGroup] | None = None
             ) -> dict[str, str]:
    out: dict[str, str] = {}
    groups = groups or {}
    if not isinstance(raw, dict):
        problems.append(Problem(REGIONS_FILE, 1, "[aliases] must be a table"))
        return out
    for word, target in raw.items():
        line = _line(text, f"\n{word} =")
        if not isinstance(target, str) or (target not in continents and target not in groups
                                           and target not in countries):
            problems.append(Problem(REGIONS_FILE, line + 1 if line > 1 else line,
                                    f"alias {word!r}: {target!r} is neither a continent id, "
                                    "a group id nor an ISO country code"))
            continue
        if (word.lower() in continents or word.lower() in groups
                or word.upper() in countries):
            problems.append(Problem(REGIONS_FILE, line + 1 if line > 1 else line,
                                    f"alias {word!r} hides a continent id, a group id or a "
                                    "country code"))
            continue
        out[word.lower()] = target
    return out


def _cities(text: str, raw: Any, aliases: Any, countries: dict[str, str],
            problems: list[Problem]) -> frozenset[str]:
    """The top-level ``cities`` list: words of ``[aliases]`` (as written there, compared
    lower-cased) that are cities, each an alias of an ISO country code, each listed once."""
    rel = REGIONS_FILE
    start = re.compile(r"(?m)^cities\s*=").search(text)
    anchor = start.start() if start else 0
    head = text.count("\n", 0, anchor) + 1
    if not isinstance(raw, list):
        problems.append(Problem(rel, head, "cities must be a list of [aliases] words"))
        return frozenset()
    words = ({str(w).lower(): t for w, t in aliases.items()} if isinstance(aliases, dict)
             else {})
    out: set[str] = set()
    pos = anchor
    for city in raw:
        # the list's words in order: each found after the one before (a word listed twice
        # is reported at its second line)
        idx = text.find(f'"{city}"', pos) if isinstance(city, str) else -1
        pos = idx + 1 if idx >= 0 else pos
        line = text.count("\n", 0, idx) + 1 if idx >= 0 else head
        if not isinstance(city, str) or city.lower() not in words:
            problems.append(Problem(rel, line, f"city {city!r} is not an [aliases] word: "
                                    f"add it to [aliases] with its country's ISO code "
                                    f"({city} = \"XX\")"))
        elif not (isinstance(words[city.lower()], str) and words[city.lower()] in countries):
            problems.append(Problem(rel, line, f"city {city!r} stands for "
                                    f"{words[city.lower()]!r}, not an ISO 3166-1 alpha-2 "
                                    "country code: a city is read as its country"))
        elif city.lower() in out:
            problems.append(Problem(rel, line, f"city {city!r} is listed twice"))
        else:
            out.add(city.lower())
    return frozenset(out)


def _place_problem(place: Any, continents: dict[str, str], countries: dict[str, str],
                   subdivisions: dict[str, str] | None = None) -> str | None:
    if not isinstance(place, str):
        return f"place {place!r} is not a string"
    if place == UNKNOWN or place in continents:
        return None
    if COUNTRY_CODE.fullmatch(place) and place in countries:
        return None
    if SUBDIVISION_CODE.fullmatch(place) and place in (subdivisions or {}):
        return None
    return (f"place {place!r} is not an ISO 3166-1 alpha-2 country code, an ISO 3166-2 "
            f"subdivision code, a continent id ({', '.join(sorted(continents))}) or "
            f"{UNKNOWN!r}")


def _providers(text: str, raws: Any, continents: dict[str, str], countries: dict[str, str],
               problems: list[Problem], subdivisions: dict[str, str] | None = None
               ) -> dict[str, ProviderRegions]:
    rel = REGIONS_FILE
    subdivisions = subdivisions if subdivisions is not None else iso_subdivisions()
    out: dict[str, ProviderRegions] = {}
    if not isinstance(raws, list) or not raws:
        problems.append(Problem(rel, 1, "no [[provider]] tables"))
        return out
    pos = 0
    for raw in raws:
        anchor = text.find("[[provider]]", pos)
        pos = anchor + 1 if anchor >= 0 else pos
        line = text.count("\n", 0, max(anchor, 0)) + 1
        if not isinstance(raw, dict):
            problems.append(Problem(rel, line, "[[provider]] must be a table"))
            continue
        pid = raw.get("id")
        extra = sorted(set(raw) - _PROVIDER_KEYS)
        if extra:
            problems.append(Problem(rel, line, f"provider {pid!r}: unknown key(s) "
                                    f"{', '.join(extra)}"))
        if not isinstance(pid, str) or not pid:
            problems.append(Problem(rel, line, "provider without an id"))
            continue
        if not isinstance(raw.get("source"), str) or not raw["source"].strip():
            problems.append(Problem(rel, line, f"provider {pid!r}: source is empty"))
        if pid in out:
            problems.append(Problem(rel, line, f"duplicate provider id {pid!r}"))
            continue
        exact: dict[str, str] = {}
        regions = raw.get("regions", {})
        for rid, place in (regions.items() if isinstance(regions, dict) else []):
            bad = _place_problem(place, continents, countries, subdivisions)
            if bad:
                problems.append(Problem(rel, _key_line(text, rid, anchor),
                                        f"provider {pid}: region {rid!r}: {bad}"))
                continue
            if rid.lower() in exact:
                problems.append(Problem(rel, _key_line(text, rid, anchor),
                                        f"provider {pid}: region {rid!r} listed twice"))
                continue
            exact[rid.lower()] = place
        patterns: list[Pattern] = []
        for p in raw.get("pattern", []) if isinstance(raw.get("pattern", []), list) else []:
            pline = _line(text, str(p.get("match", "")) if isinstance(p, dict) else "", anchor)
            if not isinstance(p, dict) or not isinstance(p.get("match"), str) or (
                    set(p) - _PATTERN_KEYS):
                problems.append(Problem(rel, pline, f"provider {pid}: a pattern needs match "
                                        "(and optionally place), nothing else"))
                continue
            try:
                regex = re.compile(p["match"], re.IGNORECASE)
            except re.error as exc:
                problems.append(Problem(rel, pline, f"provider {pid}: pattern "
                                        f"{p['match']!r}: {exc}"))
                continue
            place = p.get("place", "")
            if place:
                bad = _place_problem(place, continents, countries, subdivisions)
                if bad:
                    problems.append(Problem(rel, pline, f"provider {pid}: pattern "
                                            f"{p['match']!r}: {bad}"))
                    continue
            elif not ({"country", "region"} & set(regex.groupindex)):
                problems.append(Problem(rel, pline, f"provider {pid}: pattern {p['match']!r} "
                                        "has no place and no (?P<country>...) or "
                                        "(?P<region>...) group"))
                continue
            patterns.append(Pattern(regex=regex, place=place))
        availability = raw.get("availability", "stated")
        availability_source = raw.get("availability_source", "")
        if availability not in AVAILABILITY:
            problems.append(Problem(rel, _key_line(text, "availability", anchor),
                                    f"provider {pid}: availability {availability!r} is not "
                                    f"one of {', '.join(AVAILABILITY)}"))
            availability = "stated"
        elif availability == "not-stated" and (not isinstance(availability_source, str)
                                               or not availability_source.strip()):
            problems.append(Problem(rel, _key_line(text, "availability", anchor),
                                    f"provider {pid}: availability 'not-stated' needs an "
                                    "availability_source"))
        out[pid] = ProviderRegions(provider=pid, exact=exact, patterns=tuple(patterns),
                                   availability_stated=availability == "stated",
                                   availability_source=str(availability_source))
    return out
