"""Load the offer catalog strictly: ``offers/<provider>.csv`` and ``providers.toml``.

Every problem is reported with its file and line (the CSV line number; the line of the
``[[provider]]`` table) and the loader goes on, so one run lists them all. Rows with a problem
are left out of the result; callers that want all-or-nothing raise on a non-empty problem list
(see :func:`load_offers_or_raise`).

CSV conventions (as written by :func:`service.adapters.importers.write_offers`): header exactly
``OFFER_COLUMNS``; an empty cell is "unknown" (None); ``regions`` joined with ';'.
``as_of_kind`` is required in every row (``published``, ``retrieved`` or ``assumed``: how the
``as_of`` date is known; an assumed date is an upper bound); ``caution`` is optional free text,
the source's own warning about the row's price (empty when the source gives none).

Ids (offer and provider) are what the importers write and the URLs carry: lowercase ASCII
letters and digits in runs joined by single hyphens (``aws-p5-48xlarge``), at most
``MAX_ID_LENGTH`` characters (:data:`ID_PATTERN`). No cell and no provider field may hold a
control or invisible format character (NUL, ESC, a bidi override, ...): these values are
echoed in JSON, HTML and Slack messages.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import msgspec

from service.adapters.catalog_files import CatalogError, Problem
from service.domain.catalog.names import NameIndex
from service.domain.catalog.offers import OFFER_COLUMNS, Offer, Provider
from service.domain.catalog.registry import Registry

# A price per GPU-hour above this is a typo (a per-month or per-node-month figure), whatever the
# Usd bound on the whole row allows.
MAX_USD_PER_GPU_HOUR = 100.0
_REQUIRED_CELLS = ("id", "provider", "instance_type", "gpu", "gpu_count", "as_of", "as_of_kind",
                   "source")
MAX_ID_LENGTH = 200
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""Offer and provider ids (full match): ``aws-p5-48xlarge``, ``cr8dl``."""
_ID_RULE = (f"lowercase letters and digits joined by single hyphens, like 'aws-p5-48xlarge', "
            f"at most {MAX_ID_LENGTH} characters")
_LABEL_MAX = 60


def control_char(text: str, allow: str = "") -> str | None:
    """The first control, format (invisible: ZWSP, bidi overrides, BOM), surrogate, private-use
    or unassigned character, or line/paragraph separator, in ``text`` as ``U+XXXX at
    position N``; None when there is none. ``allow`` lists characters to let through."""
    for i, ch in enumerate(text):
        if ch in allow:
            continue
        cat = unicodedata.category(ch)
        if cat[0] == "C" or cat in ("Zl", "Zp"):
            return f"U+{ord(ch):04X} at position {i + 1}"
    return None


def id_problem(value: str, what: str) -> str | None:
    """Why ``value`` is not a valid ``what`` id (offer, provider), or None."""
    bad = control_char(value)
    if bad:
        return f"{what} id contains a control character ({bad})"
    if len(value) > MAX_ID_LENGTH:
        return f"{what} id is {len(value)} characters long, over {MAX_ID_LENGTH}"
    if not ID_PATTERN.fullmatch(value):
        return f"{what} id {_label(value)} is not {_ID_RULE}"
    return None


def _label(value: Any) -> str:
    """``value`` for a message: repr (control characters escaped), cut to a readable length."""
    text = str(value)
    return repr(text if len(text) <= _LABEL_MAX else text[:_LABEL_MAX] + "...")


def load_providers(path: Path, problems: list[Problem]) -> list[Provider]:
    rel = path.name
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        problems.append(Problem(rel, 1, "missing file"))
        return []
    except UnicodeDecodeError as exc:
        problems.append(Problem(rel, 1, f"not UTF-8: {exc}"))
        return []
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        problems.append(Problem(rel, int(m.group(1)) if m else 1, f"invalid TOML: {exc}"))
        return []
    unknown = sorted(set(data) - {"provider"})
    if unknown:
        problems.append(Problem(rel, 1, f"unknown top-level key(s): {', '.join(unknown)}"))
    out: list[Provider] = []
    seen: dict[str, int] = {}
    pos = 0
    raw_list: Any = data.get("provider", [])
    for raw in raw_list if isinstance(raw_list, list) else []:
        anchor = text.find("[[provider]]", pos)
        pos = anchor + 1 if anchor >= 0 else pos
        line = text.count("\n", 0, max(anchor, 0)) + 1
        try:
            p = msgspec.convert(raw, Provider)
        except msgspec.ValidationError as exc:
            problems.append(Problem(rel, _field_line(text, exc, max(anchor, 0), line),
                                    f"provider {raw.get('id', '?')!r}: {exc}"))
            continue
        bad_text = _provider_text_problems(p)
        if bad_text:
            problems.extend(Problem(rel, _key_line(text, max(anchor, 0), key, line),
                                    f"provider {_label(p.id)}: {msg}") for key, msg in bad_text)
            continue
        if not p.source.strip():
            problems.append(Problem(rel, line, f"provider {p.id!r}: source is empty"))
            continue
        if p.id in seen:
            problems.append(Problem(rel, line, f"duplicate provider id {p.id!r} (also line "
                                    f"{seen[p.id]})"))
            continue
        seen[p.id] = line
        out.append(p)
    if not raw_list:
        problems.append(Problem(rel, 1, "no [[provider]] tables"))
    # one name, one provider: an alias that two providers share, or that is another
    # provider's id or name, would read as either (Catalog.provider_names)
    names = NameIndex("provider")
    for p in out:
        names.add(p.id.lower(), [p.name, *p.aliases])
    problems.extend(Problem(rel, seen.get(c.split("'")[-2], 1) if "'" in c else 1, c)
                    for c in names.conflicts)
    return out


def _provider_text_problems(p: Provider) -> list[tuple[str, str]]:
    """(field, message) for a bad provider id and each string field holding a control
    character (a newline is allowed in prose: TOML multi-line strings)."""
    out: list[tuple[str, str]] = []
    bad_id = id_problem(p.id, "provider")
    if bad_id:
        out.append(("id", bad_id))
    for name in Provider.__struct_fields__:
        value = getattr(p, name)
        if name != "id" and isinstance(value, str):
            bad = control_char(value, allow="" if name == "name" else "\n")
            if bad:
                out.append((name, f"{name} contains a control character ({bad})"))
    for rule in p.minimum_charges:  # nested text: the rule's pattern and source
        bad = control_char(rule.instance_pattern) or control_char(rule.source, allow="\n")
        if bad:
            out.append(("minimum_charges", f"minimum_charges contains a control character "
                                           f"({bad})"))
    return out


def _key_line(text: str, anchor: int, key: str, default: int) -> int:
    """The line of ``key = `` in the ``[[provider]]`` table starting at ``anchor``."""
    nxt = text.find("[[provider]]", anchor + 1)
    block = text[anchor: nxt if nxt >= 0 else len(text)]
    found = re.search(rf"(?m)^\s*{re.escape(key)}\s*=", block)
    if found:
        return text.count("\n", 0, anchor + found.start()) + 1
    return default


def _field_line(text: str, exc: msgspec.ValidationError, anchor: int, default: int) -> int:
    m = re.search(r"at `\$\.(\w+)", str(exc)) or re.search(r"field `(\w+)`", str(exc))
    if m:
        return _key_line(text, anchor, m.group(1), default)
    return default


def _row_data(raw: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = {k: v.strip() for k, v in raw.items() if v.strip() != ""}
    data["regions"] = [r.strip() for r in raw.get("regions", "").split(";") if r.strip()]
    return data


def load_offer_file(path: Path, rel: str, registry: Registry, provider_ids: set[str] | None,
                    problems: list[Problem]) -> list[tuple[int, Offer]]:
    """Offers of one CSV file with their line numbers; problems appended."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        problems.append(Problem(rel, 1, f"not UTF-8: {exc}"))
        return []
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
    except csv.Error as exc:
        problems.append(Problem(rel, 1, f"not a CSV file: {exc}"))
        return []
    if header is None:
        problems.append(Problem(rel, 1, "empty file (expected the header "
                                f"{','.join(OFFER_COLUMNS)})"))
        return []
    header = [h.strip() for h in header]
    if tuple(header) != OFFER_COLUMNS:
        missing = [c for c in OFFER_COLUMNS if c not in header]
        extra = [c for c in header if c not in OFFER_COLUMNS]
        detail = "; ".join(x for x in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unexpected {', '.join(extra)}" if extra else "",
            "columns out of order" if not missing and not extra else "") if x)
        problems.append(Problem(rel, 1, f"wrong column set ({detail}); expected "
                                f"{','.join(OFFER_COLUMNS)}"))
        return []
    stem = path.stem
    out: list[tuple[int, Offer]] = []
    try:
        for cells in reader:
            line = reader.line_num
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                problems.append(Problem(rel, line, f"{len(cells)} cells, expected "
                                        f"{len(header)}"))
                continue
            raw = dict(zip(header, cells, strict=True))
            label = _label(raw.get("id") or "?")
            missing = [f for f in _REQUIRED_CELLS if not raw.get(f, "").strip()]
            if missing:
                problems.append(Problem(rel, line, f"offer {label}: missing "
                                        f"{', '.join(missing)}"))
                continue
            text_problems = _cell_problems(raw)
            if text_problems:
                problems.extend(Problem(rel, line, f"offer {label}: {msg}")
                                for msg in text_problems)
                continue
            try:
                offer = msgspec.convert(_row_data(raw), Offer, strict=False)
            except msgspec.ValidationError as exc:
                problems.append(Problem(rel, line, f"offer {label}: {exc}"))
                continue
            row_problems = _check_offer(offer, stem, registry, provider_ids)
            for msg in row_problems:
                problems.append(Problem(rel, line, f"offer {label}: {msg}"))
            if not row_problems:
                out.append((line, offer))
    except csv.Error as exc:
        problems.append(Problem(rel, reader.line_num, f"not a CSV file: {exc}"))
    return out


def _cell_problems(raw: dict[str, str]) -> list[str]:
    """A bad offer id, and every cell holding a control character (checked before the cells
    are stripped: a trailing NUL or ESC must not slip through as whitespace)."""
    bad = control_char(raw["id"])
    bad_id = (f"offer id contains a control character ({bad})" if bad
              else id_problem(raw["id"].strip(), "offer"))
    msgs = [bad_id] if bad_id else []
    for column, value in raw.items():
        bad = control_char(value) if column != "id" else None
        if bad:
            msgs.append(f"{column} contains a control character ({bad})")
    return msgs


def _check_offer(o: Offer, stem: str, registry: Registry,
                 provider_ids: set[str] | None) -> list[str]:
    msgs: list[str] = []
    if o.provider != stem:
        msgs.append(f"provider {o.provider!r} does not match the file name {stem!r}")
    if provider_ids is not None and o.provider not in provider_ids:
        msgs.append(f"unknown provider {o.provider!r} (not in providers.toml)")
    if o.gpu not in registry.gpus:
        hint = registry.gpu_names.lookup(o.gpu)
        msgs.append(f"unknown GPU id {o.gpu!r} (not in gpus.toml"
                    + (f"; did you mean {hint!r}?)" if hint else ")"))
    for name in ("on_demand_usd_h", "spot_usd_h", "reserved_usd_h"):
        price = getattr(o, name)
        if price is not None and price / o.gpu_count > MAX_USD_PER_GPU_HOUR:
            msgs.append(f"{name} ${price}/h is ${price / o.gpu_count:.2f} per GPU-hour, above "
                        f"${MAX_USD_PER_GPU_HOUR:.0f}: absurd")
    if o.reserved_usd_h is not None and not o.reserved_term:
        msgs.append("reserved price without reserved_term")
    return msgs


def load_offers(root: Path, registry: Registry
                ) -> tuple[list[Offer], list[Provider], list[Problem]]:
    """Every valid offer and provider under ``root`` (the catalog directory) and every
    problem found. Offers sorted by id."""
    problems: list[Problem] = []
    providers = load_providers(root / "providers.toml", problems)
    provider_ids = {p.id for p in providers} if providers else None
    offers: list[Offer] = []
    seen: dict[str, str] = {}
    files = sorted((root / "offers").glob("*.csv"))
    if not files:
        problems.append(Problem("offers/", 1, "no offer files"))
    for path in files:
        rel = f"offers/{path.name}"
        for line, offer in load_offer_file(path, rel, registry, provider_ids, problems):
            if offer.id in seen:
                problems.append(Problem(rel, line, f"duplicate offer id {offer.id!r} (also "
                                        f"{seen[offer.id]})"))
                continue
            seen[offer.id] = f"{rel}:{line}"
            offers.append(offer)
    offers.sort(key=lambda o: o.id)
    return offers, providers, problems


def load_offers_or_raise(root: Path, registry: Registry) -> tuple[list[Offer], list[Provider]]:
    offers, providers, problems = load_offers(root, registry)
    if problems:
        raise CatalogError(problems)
    return offers, providers
