"""Load the human-edited catalog files strictly, reporting each problem with file and line.

A catalog either loads whole or not at all: the loader collects every problem first and raises
one :class:`CatalogError` listing them, so a bad edit never half-replaces a good catalog.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import msgspec

from service.domain.catalog.engines import Engine, check_engines
from service.domain.catalog.gpus import GPU, GpuFamily, GpuReading, UnlistedGpu
from service.domain.catalog.kernels import (
    KernelRule,
    Kernels,
    KindFormatRule,
    Platform,
    check_kernels,
)
from service.domain.catalog.models import ModelEntry, counted_params
from service.domain.catalog.names import norm
from service.domain.catalog.precisions import precision_ids
from service.domain.catalog.registry import Registry

T = TypeVar("T")


class Problem(msgspec.Struct, frozen=True):
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class CatalogError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def _line_of(text: str, needle: str, start: int = 0) -> int:
    idx = text.find(needle, start)
    return text.count("\n", 0, idx) + 1 if idx >= 0 else 1


def _error_line(text: str, exc: msgspec.ValidationError, anchor: int = 0) -> int:
    m = re.search(r"at `\$(?:\[\d+\])?\.?([\w.]*)", str(exc))
    if m and m.group(1):
        key = m.group(1).split(".")[-1]
        found = re.search(rf"(?m)^\s*{re.escape(key)}\s*=", text[anchor:])
        if found:
            return text.count("\n", 0, anchor + found.start()) + 1
    m2 = re.search(r"unknown field `(\w+)`", str(exc))
    if m2:
        found = re.search(rf"(?m)^\s*{re.escape(m2.group(1))}\s*=", text[anchor:])
        if found:
            return text.count("\n", 0, anchor + found.start()) + 1
    return text.count("\n", 0, anchor) + 1


def _read_toml(path: Path, rel: str, problems: list[Problem]) -> tuple[str, dict[str, Any]] | None:
    try:
        text = path.read_text(encoding="utf-8")
        return text, tomllib.loads(text)
    except UnicodeDecodeError as exc:
        problems.append(Problem(rel, 1, f"not UTF-8: {exc}"))
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        problems.append(Problem(rel, int(m.group(1)) if m else 1, f"invalid TOML: {exc}"))
    return None


def load_models(root: Path, problems: list[Problem]) -> list[ModelEntry]:
    out: list[ModelEntry] = []
    seen: dict[str, str] = {}
    files = sorted((root / "models").glob("*.toml"))
    if not files:
        problems.append(Problem("models/", 1, "no model files"))
    for path in files:
        rel = f"models/{path.name}"
        loaded = _read_toml(path, rel, problems)
        if loaded is None:
            continue
        text, data = loaded
        try:
            m = msgspec.convert(data, ModelEntry)
        except msgspec.ValidationError as exc:
            problems.append(Problem(rel, _error_line(text, exc), str(exc)))
            continue
        if m.id != path.stem:
            problems.append(Problem(rel, _line_of(text, "id ="), f"id {m.id!r} must match the "
                                    f"file name {path.stem!r}"))
        if m.id in seen:
            problems.append(Problem(rel, 1, f"duplicate model id {m.id!r} (also {seen[m.id]})"))
        seen[m.id] = rel
        if m.architecture is not None:
            counted = counted_params(m)
            if abs(counted - m.total_params) > 0.01 * m.total_params:
                problems.append(Problem(
                    rel, _line_of(text, "total_params"),
                    f"total_params {m.total_params} differs from the architecture's "
                    f"{counted} by more than 1%"))
        out.append(m)
    return out


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


Item = TypeVar("Item", bound=_HasId)


def _load_tables(root: Path, rel: str, key: str, kind: type[Item], problems: list[Problem],
                 *, required: bool = False) -> tuple[list[Item], int]:
    """The ``[[key]]`` tables of ``rel`` as ``kind``s, each problem (invalid value, duplicate
    id) with its line; also how many tables the file has."""
    loaded = _read_toml(root / rel, rel, problems)
    if loaded is None:
        return [], 0
    text, data = loaded
    raws = data.get(key, [])
    if not isinstance(raws, list) or (required and not raws):
        problems.append(Problem(rel, 1, f"no [[{key}]] tables"))
        return [], 0
    out: list[Item] = []
    seen: set[str] = set()
    pos = 0
    for raw in raws:
        anchor = text.find(f"[[{key}]]", pos)
        pos = anchor + 1 if anchor >= 0 else pos
        try:
            item = msgspec.convert(raw, kind)
        except msgspec.ValidationError as exc:
            ident = raw.get("id", "?") if isinstance(raw, dict) else "?"
            problems.append(Problem(rel, _error_line(text, exc, max(anchor, 0)),
                                    f"{ident}: {exc}"))
            continue
        if item.id in seen:
            problems.append(Problem(rel, _line_of(text, f'id = "{item.id}"'),
                                    f"duplicate {key} id {item.id!r}"))
        seen.add(item.id)
        out.append(item)
    return out, len(raws)


def load_gpus(root: Path, problems: list[Problem]) -> list[GPU]:
    return _load_tables(root, "gpus.toml", "gpu", GPU, problems)[0]


def load_gpu_names(root: Path, gpus: list[GPU], problems: list[Problem]
                   ) -> tuple[list[GpuReading], list[UnlistedGpu]]:
    """The ``[[reading]]`` and ``[[unlisted]]`` tables of gpus.toml, each problem with its
    line: every GPU id they name must be a ``[[gpu]]`` of the file (an unlisted product's
    ``sibling`` and ``nearest``, a reading's ``gpu``, ``also`` and ``distinct``), every
    ``also_unlisted`` an ``[[unlisted]]``, and no reading may name a card's own spelling
    twice over."""
    readings = _load_tables(root, "gpus.toml", "reading", GpuReading, problems)[0]
    unlisted = _load_tables(root, "gpus.toml", "unlisted", UnlistedGpu, problems)[0]
    if not readings and not unlisted:
        return readings, unlisted
    text = (root / "gpus.toml").read_text(encoding="utf-8")
    known = {g.id for g in gpus}
    missing = {u.id for u in unlisted}
    for r in readings:
        for gid in (r.gpu, *r.also, *r.distinct):
            if gid not in known:
                problems.append(Problem("gpus.toml", _line_of(text, f'id = "{r.id}"'),
                                        f"reading {r.id!r}: unknown GPU id {gid!r}"))
        for uid in r.also_unlisted:
            if uid not in missing:
                problems.append(Problem("gpus.toml", _line_of(text, f'id = "{r.id}"'),
                                        f"reading {r.id!r}: unknown unlisted id {uid!r}"))
    for u in unlisted:
        for gid in (*u.nearest, *([u.sibling] if u.sibling else [])):
            if gid not in known:
                problems.append(Problem("gpus.toml", _line_of(text, f'id = "{u.id}"'),
                                        f"unlisted {u.id!r}: unknown GPU id {gid!r}"))
        if u.id in known:
            problems.append(Problem("gpus.toml", _line_of(text, f'id = "{u.id}"'),
                                    f"unlisted {u.id!r} is a [[gpu]] of the catalog"))
    return readings, unlisted


def load_gpu_families(root: Path, gpus: list[GPU], problems: list[Problem]
                      ) -> list[GpuFamily]:
    """The ``[[family]]`` tables of gpus.toml, each problem with its line: every id a
    family names must be a ``[[gpu]]``, its ``gpu`` and ``other`` among its ``variants``,
    and each bare name an alias of its ``gpu`` (a provider's label keeps the card the
    importers read it as)."""
    families = _load_tables(root, "gpus.toml", "family", GpuFamily, problems)[0]
    if not families:
        return families
    text = (root / "gpus.toml").read_text(encoding="utf-8")
    by_id = {g.id: g for g in gpus}
    for f in families:
        line = _line_of(text, f'id = "{f.id}"')
        for gid in (f.gpu, f.other, *f.variants):
            if gid not in by_id:
                problems.append(Problem("gpus.toml", line,
                                        f"family {f.id!r}: unknown GPU id {gid!r}"))
        if f.gpu not in f.variants or f.other not in f.variants or f.gpu == f.other:
            problems.append(Problem("gpus.toml", line, f"family {f.id!r}: gpu and other must "
                                    "be two of its variants"))
        card = by_id.get(f.gpu)
        spelt = {norm(a) for a in (card.aliases if card is not None else [])}
        for name in f.names:
            if card is not None and norm(name) not in spelt:
                problems.append(Problem("gpus.toml", line, f"family {f.id!r}: {name!r} is no "
                                        f"alias of {f.gpu!r}"))
    return families


def load_engines(root: Path, problems: list[Problem]) -> list[Engine]:
    """The engines of ``engines.toml``, each problem with its line; the table as a whole is
    checked only when every engine in it is valid."""
    out, tables = _load_tables(root, "engines.toml", "engine", Engine, problems, required=True)
    if out and len(out) == tables:
        problems.extend(Problem("engines.toml", 1, m) for m in check_engines(out))
    return out


KERNELS_FILE = "kernels.toml"


def load_kernels(root: Path, engines: list[Engine], problems: list[Problem],
                 check: bool = True) -> Kernels:
    """The capability matrix of ``kernels.toml`` (``[[platform]]``, ``[[rule]]``,
    ``[nearest]``, ``[training]``), each problem with its line; checked against the engines
    and precisions. A catalog without the file has no rules (everything runs)."""
    if not (root / KERNELS_FILE).exists():
        return Kernels()
    loaded = _read_toml(root / KERNELS_FILE, KERNELS_FILE, problems)
    if loaded is None:
        return Kernels()
    text, data = loaded
    before = len(problems)
    platforms: list[Platform] = []
    rules: list[KernelRule] = []
    pos = 0
    kind_formats: list[KindFormatRule] = []
    for key, kind, out in (("platform", Platform, platforms), ("rule", KernelRule, rules),
                           ("kind_format", KindFormatRule, kind_formats)):
        raws = data.get(key, [])
        if not isinstance(raws, list):
            problems.append(Problem(KERNELS_FILE, 1, f"[[{key}]] must be an array of tables"))
            continue
        pos = 0
        for raw in raws:
            anchor = text.find(f"[[{key}]]", pos)
            pos = anchor + 1 if anchor >= 0 else pos
            try:
                out.append(msgspec.convert(raw, kind))  # type: ignore[arg-type]
            except msgspec.ValidationError as exc:
                ident = (raw.get("id") or raw.get("engine") or "?") if isinstance(
                    raw, dict) else "?"
                problems.append(Problem(KERNELS_FILE, _error_line(text, exc, max(anchor, 0)),
                                        f"{ident}: {exc}"))
    nearest = data.get("nearest", {})
    training = data.get("training", {})
    try:
        nearest = msgspec.convert(nearest, dict[str, list[str]])
        training_engine = msgspec.convert(training, dict[str, str]).get("engine")
    except msgspec.ValidationError as exc:
        problems.append(Problem(KERNELS_FILE, _error_line(text, exc), str(exc)))
        return Kernels()
    kernels = Kernels(platforms, rules, nearest, training_engine, kind_formats)
    if check and len(problems) == before:
        for m in check_kernels(kernels, [e.id for e in engines], precision_ids()):
            ident = re.search(r"'([^']+)'", m)
            line = _line_of(text, f'"{ident.group(1)}"') if ident else 1
            problems.append(Problem(KERNELS_FILE, line, m))
    return kernels


def content_hash(root: Path, patterns: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class LoadedRegistry:
    registry: Registry
    version: str


def build_registry(root: Path, problems: list[Problem]) -> Registry:
    """Models, GPUs and engines under ``root``; every problem (alias clashes included) is
    appended."""
    before = len(problems)
    engines = load_engines(root, problems)
    # the matrix is checked against the engines only when they all loaded
    models = load_models(root, problems)
    gpus = load_gpus(root, problems)
    kernels = load_kernels(root, engines, problems, check=len(problems) == before)
    readings, unlisted = load_gpu_names(root, gpus, problems)
    families = load_gpu_families(root, gpus, problems)
    registry = Registry(models, gpus, engines, kernels, readings=readings, unlisted=unlisted,
                        families=families)
    problems.extend(Problem("aliases", 1, c) for c in registry.conflicts)
    return registry


def load_registry(root: Path) -> LoadedRegistry:
    problems: list[Problem] = []
    registry = build_registry(root, problems)
    if problems:
        raise CatalogError(problems)
    return LoadedRegistry(registry, content_hash(root, ("models/*.toml", "gpus.toml",
                                                         "engines.toml", KERNELS_FILE)))
