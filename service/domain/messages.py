"""The wording of every answer, by language: data (``knowledge/messages/<lang>.toml``, read by
``service/adapters/messages_files.py``) handed to the core, never read by it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from service.domain.locale import Formatter, PlainFormat

# The sections every language file has, and who reads them.
SECTIONS = ("answer", "pricing", "slack", "web")


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
