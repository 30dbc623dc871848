"""Load ``knowledge/messages/<lang>.toml``: every user-facing text in one language (answers,
Slack, the web page) and its language-detection words. Checked strictly, all or nothing: a
key missing or unknown in one language, a placeholder (``{name}``) that differs from the
reference language, an empty text: a Problem at file:line, and no Messages.

The optional ``[catalog]`` table of a language maps texts quoted from the catalog (English) to
that language; its keys are the catalog's own texts, so it is not compared with the reference
(English needs none). It goes with the [answer] section (:class:`AnswerTexts`), whose texts
with a ``{runs}`` or ``{quality}`` placeholder become :class:`Quoting`."""

from __future__ import annotations

import functools
import re
import string
import tomllib
from pathlib import Path
from typing import Any

from service.adapters.catalog_files import CatalogError, Problem
from service.adapters.locale_babel import formatters
from service.domain.messages import (
    QUOTING_PLACEHOLDERS,
    SECTIONS,
    AnswerTexts,
    Messages,
    Quoting,
)
from service.paths import default_data_dir

REFERENCE = "en"
FOLDER = "messages"
_LANG = re.compile(r"^[a-z]{2,3}$")
_HEADER = re.compile(r"^\s*\[([A-Za-z0-9_.-]+)\]\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*(?:([A-Za-z0-9_-]+)|\"([^\"\\]*+)\")\s*=")
CATALOG = "catalog"
"""The optional table of texts quoted from the catalog, in the file's language."""


def _lines(text: str) -> dict[tuple[str, str], int]:
    """(section, key) -> the line it is defined on (``("", section)`` for a header)."""
    where: dict[tuple[str, str], int] = {}
    section = ""
    for n, line in enumerate(text.splitlines(), start=1):
        if m := _HEADER.match(line):
            section = m.group(1)
            where.setdefault(("", section), n)
        elif m := _KEY.match(line):
            where.setdefault((section, m.group(1) or m.group(2)), n)
    return where


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a text, with their format (``{total:.0f}``)."""
    out = set()
    for _, name, spec, conv in string.Formatter().parse(text):
        if name is not None:
            out.add("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
                    + "}")
    return frozenset(out)


class _File:
    def __init__(self, lang: str, rel: str, data: dict[str, Any], text: str) -> None:
        self.lang, self.rel, self.data, self.where = lang, rel, data, _lines(text)

    def line(self, section: str, key: str | None = None) -> int:
        if key is not None and (section, key) in self.where:
            return self.where[(section, key)]
        return self.where.get(("", section), 1)


def _read(path: Path, rel: str, problems: list[Problem]) -> _File | None:
    lang = path.stem
    if not _LANG.match(lang):
        problems.append(Problem(rel, 1, "file name must be a language code: <xx>.toml"))
        return None
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = int(m.group(1)) if (m := re.search(r"line (\d+)", str(exc))) else 1
        problems.append(Problem(rel, line, f"invalid TOML: {exc}"))
        return None
    f = _File(lang, rel, data, text)
    for name, value in data.items():
        if name not in (*SECTIONS, "language", CATALOG):
            problems.append(Problem(rel, f.line(name), f"unknown section [{name}]; known: "
                                    f"{', '.join((*SECTIONS, 'language', CATALOG))}"))
        elif not isinstance(value, dict):
            problems.append(Problem(rel, f.line("", name), f"{name} must be a [section]"))
    for name in (*SECTIONS, CATALOG):
        section = data.get(name)
        if not isinstance(section, dict):
            if name not in data and name != CATALOG:
                problems.append(Problem(rel, 1, f"no [{name}] section"))
            continue
        for key, value in section.items():
            if not isinstance(value, str) or not value.strip():
                problems.append(Problem(rel, f.line(name, key),
                                        f"[{name}] {key} must be a non-empty text"))
                continue
            try:
                placeholders(value)
            except ValueError as exc:
                problems.append(Problem(rel, f.line(name, key), f"[{name}] {key}: {exc} "
                                        "(a literal brace is written {{ or }})"))
    words = data.get("language", {}).get("words") if isinstance(data.get("language"),
                                                                  dict) else None
    if not (isinstance(words, list) and words
            and all(isinstance(w, str) and w == w.strip().lower() and w for w in words)):
        problems.append(Problem(rel, f.line("language", "words"),
                                "[language] words must be a list of lower-case words"))
    return f


def _compare(ref: _File, f: _File, problems: list[Problem]) -> None:
    """``f`` against the reference language: the same keys, the same placeholders."""
    for name in SECTIONS:
        mine, theirs = f.data.get(name), ref.data.get(name)
        if not isinstance(mine, dict) or not isinstance(theirs, dict):
            continue
        for key in theirs.keys() - mine.keys():
            problems.append(Problem(f.rel, f.line(name), f"[{name}] {key} is missing (it is "
                                    f"in {ref.rel}:{ref.line(name, key)})"))
        for key in mine.keys() - theirs.keys():
            problems.append(Problem(f.rel, f.line(name, key), f"[{name}] {key} is unknown "
                                    f"(not in {ref.rel})"))
        for key in sorted(mine.keys() & theirs.keys()):
            a, b = mine[key], theirs[key]
            if not (isinstance(a, str) and isinstance(b, str)):
                continue
            try:
                pa, pb = placeholders(a), placeholders(b)
            except ValueError:
                continue
            if pa != pb:
                problems.append(Problem(
                    f.rel, f.line(name, key),
                    f"[{name}] {key} has placeholders {', '.join(sorted(pa)) or 'none'}; "
                    f"{ref.rel}:{ref.line(name, key)} has {', '.join(sorted(pb)) or 'none'}"))


def load_messages(root: Path) -> tuple[Messages | None, list[Problem]]:
    """The messages under ``root/messages`` (root: the knowledge directory), or None with the
    problems; never a half-loaded catalog."""
    problems: list[Problem] = []
    files: dict[str, _File] = {}
    paths = sorted((root / FOLDER).glob("*.toml"))
    for path in paths:
        rel = f"{FOLDER}/{path.name}"
        f = _read(path, rel, problems)
        if f is not None:
            files[f.lang] = f
    if REFERENCE not in files:
        if not any(p.file == f"{FOLDER}/{REFERENCE}.toml" for p in problems):
            problems.append(Problem(f"{FOLDER}/{REFERENCE}.toml", 1,
                                    f"no {REFERENCE} messages (the reference language)"))
        return None, problems
    ref = files[REFERENCE]
    for lang in sorted(files):
        if lang != REFERENCE:
            _compare(ref, files[lang], problems)
    if problems:
        return None, sorted(problems, key=lambda p: (p.file, p.line, p.message))
    texts = {lang: {name: dict(f.data[name]) for name in SECTIONS}
             for lang, f in files.items()}
    for lang, f in files.items():
        texts[lang]["answer"] = _quoting(texts[lang]["answer"], f.data.get(CATALOG, {}))
    words = {lang: frozenset(f.data["language"]["words"]) for lang, f in files.items()}
    return Messages(texts=texts, words=words, default=REFERENCE,
                    formatters=formatters(sorted(texts))), []


def _quoting(answer: dict[str, str], table: dict[str, str]) -> AnswerTexts:
    """A language's [answer] section with its ``[catalog]`` table (see the module
    docstring)."""
    out = AnswerTexts(answer, table)
    if table:
        for key, text in answer.items():
            if {n.strip("{}").split(":")[0].split("!")[0]
                    for n in placeholders(text)} & QUOTING_PLACEHOLDERS:
                out[key] = Quoting(text, out)
    return out


def read_messages(root: Path) -> Messages:
    """The messages under ``root``; CatalogError with every problem when they do not load."""
    messages, problems = load_messages(root)
    if messages is None:
        raise CatalogError(problems)
    return messages


@functools.cache
def shipped_messages() -> Messages:
    """The messages shipped with the package (for callers that have no loaded ones yet)."""
    return read_messages(default_data_dir("knowledge"))
