"""The wording of every answer, by language: data (``knowledge/messages/<lang>.toml``, read by
``service/adapters/messages_files.py``) handed to the core, never read by it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from service.domain.locale import Formatter, PlainFormat

# The sections every language file has, and who reads them.
SECTIONS = ("answer", "pricing", "slack", "web")


class AnswerTexts(dict[str, str]):
    """An [answer] section, with ``catalog``: the texts quoted from the catalog (a kernel
    rule's ``runs``, a platform's ``note``, a precision's ``quality`` clause) in the section's
    language, keyed by the catalog's English text; from the ``[catalog]`` table of
    ``knowledge/messages/<lang>.toml`` (empty in English, the catalog's own language). Kept
    beside the keys, not among them, so every language has the same keys."""

    catalog: Mapping[str, str]

    def __init__(self, texts: Mapping[str, str], catalog: Mapping[str, str]) -> None:
        super().__init__(texts)
        self.catalog = catalog


def catalog_words(texts: Mapping[str, str]) -> Mapping[str, str]:
    """The [catalog] table of an [answer] section (empty for a plain mapping)."""
    return texts.catalog if isinstance(texts, AnswerTexts) else {}


QUOTING_PLACEHOLDERS = frozenset({"runs", "quality"})
"""Placeholders whose value is a text quoted from the catalog, written through :func:`quoted`
by every message that has one (:class:`Quoting`)."""


def quoted(text: str, texts: Mapping[str, str]) -> str:
    """``text``, quoted from the catalog, in the language of ``texts`` (an [answer] section):
    whole, else clause by clause ("; ": the core may quote a quality's first clause only); a
    text or clause with no entry stays as the catalog wrote it."""
    table = catalog_words(texts)
    whole = table.get(text)
    if whole is not None:
        return whole
    clauses = text.split("; ")
    if len(clauses) < 2:
        return text
    return "; ".join(table.get(c, c) for c in clauses)


class Quoting(str):
    """A message with a placeholder that quotes the catalog (:data:`QUOTING_PLACEHOLDERS`):
    ``format`` writes those values in the message's language, so every caller that fills
    ``{runs}`` or ``{quality}`` gets them translated without knowing it."""

    texts: Mapping[str, str]

    def __new__(cls, text: str, texts: Mapping[str, str] | None = None) -> Quoting:
        # texts optional: unpickling (the worker pool) calls cls(text), then sets __dict__
        self = super().__new__(cls, text)
        self.texts = texts if texts is not None else {}
        return self

    def format(self, *args: object, **kwargs: object) -> str:
        for name in QUOTING_PLACEHOLDERS & kwargs.keys():
            value = kwargs[name]
            if isinstance(value, str):
                kwargs[name] = quoted(value, self.texts)
        return str(self).format(*args, **kwargs)


@dataclass(frozen=True)
class Messages:
    """``texts[lang][section][key]``: the same sections and keys in every language, and the
    same ``{placeholders}`` in each text; ``words[lang]``: words typical of the language (for
    telling a question's language). An unknown language falls back to ``default``."""

    texts: Mapping[str, Mapping[str, Mapping[str, str]]]
    words: Mapping[str, frozenset[str]]
    default: str = "en"
    formatters: Mapping[str, Formatter] = field(default_factory=dict)
    """Number, money and percentage formats per language (the Babel adapter,
    ``service/adapters/locale_babel.py``); :class:`PlainFormat` where none is given."""

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(self.texts))

    def section(self, lang: str, name: str) -> Mapping[str, str]:
        """One section's texts in ``lang`` (the default language when there is none)."""
        return self.texts.get(lang, self.texts[self.default])[name]

    def formatter(self, lang: str) -> Formatter:
        """How numbers, money and percentages are written in ``lang``."""
        found = self.formatters.get(lang)
        return found if found is not None else PlainFormat(lang)
