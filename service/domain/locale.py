"""Numbers, money, percentages and units in the reader's language: the interface the core
writes answers through. The implementation with Babel (CLDR data) is an adapter
(``service/adapters/locale_babel.py``), handed in with the messages; :class:`PlainFormat` is a
dependency-free fallback with the same conventions for English and Romanian (used when no
adapter is wired, e.g. in unit tests with fakes)."""

from __future__ import annotations

import math
import re
from typing import Protocol


class Formatter(Protocol):
    """Formats for one language. ``digits``: fraction digits, exactly."""

    lang: str

    def number(self, value: float, digits: int = 0) -> str: ...

    def money(self, value: float, digits: int = 2) -> str:
        """US dollars in the language's currency format (en ``$1,232.50``, ro
        ``1.232,50 USD``)."""
        ...

    def percent(self, value: float, digits: int = 0) -> str:
        """``value`` is a fraction: 0.125 -> 12.5 %."""
        ...


def smart_digits(value: float) -> int:
    """Fraction digits that keep about three significant figures, none from 100 on."""
    v = abs(value)
    if v >= 100 or v == 0:
        return 0
    if v >= 10:
        return 1
    if v >= 1:
        return 1
    return 2


def sig3(value: float) -> str:
    """About three significant figures as the core's English texts write them, never in
    exponent form: ``0.317``, ``31.6``, ``146``, ``5,400`` (``f"{5400:.3g}"`` is "5.4e+03")."""
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def plain(value: float) -> str:
    """A number the core's English texts repeat as given (a stated rate, a limit, a price),
    as ``:g`` writes it below a million (six significant figures, no trailing zeros: ``2``,
    ``0.5``, ``12.5``) but grouped in thousands and never in exponent form: ``1,953,125,000``
    (``f"{1953125000:g}"`` is "1.95312e+09", unreadable and 5,000 short), ``1,000,000``
    (``:g``: "1e+06"). The answers read it back by its digits (answer/core_warnings.py)."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    digits = max(0, 5 - math.floor(math.log10(abs(value))))
    text = f"{value:,.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


class PlainFormat:
    """The same conventions as Babel's en_US / ro_RO patterns, without Babel."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._group, self._decimal = (".", ",") if lang == "ro" else (",", ".")

    def number(self, value: float, digits: int = 0) -> str:
        text = f"{value:,.{digits}f}"
        return text.replace(",", "\0").replace(".", self._decimal).replace("\0", self._group)

    def money(self, value: float, digits: int = 2) -> str:
        if self.lang == "ro":
            return f"{self.number(value, digits)}\u00a0USD"
        sign = "-" if value < 0 else ""
        return f"{sign}${self.number(abs(value), digits)}"

    def percent(self, value: float, digits: int = 0) -> str:
        return f"{self.number(value * 100, digits)}%"


_RO_DE = re.compile(
    r"(?<![\w.,])(\d{1,3}+(?:\.\d{3})*+) de (?=[^\W\d])(?!(?:intrare|ieșire)\b)")
"""A whole number as Romanian writes it (thousands with dots) followed by "de" and a word;
not before "intrare" / "ieșire": "512 de ieșire" is "512 [tokeni] de ieșire" (output tokens),
a "de" that belongs to "ieșire", not to the number, and stays after any number."""


_RO_DECIMAL_DE = re.compile(
    r"(?<![\d.,])(\d{1,3}+(?:\.\d{3})*+,\d++) de (?=[^\W\d])(?!(?:intrare|ieșire)\b)")
"""A decimal ("0,5", "21,4", "1.234,5") followed by "de" and a word."""


def romanian_de(text: str) -> str:
    """Romanian puts "de" between a number and its noun only when the number's last two digits
    are 00 or 20-99 ("20 de utilizatori", "32.768 de tokeni"); after zero, 1-19 and x01-x19
    there is none ("0 GPU-uri", "10 utilizatori", "119 cereri": N. Forăscu, "Dificultăți
    gramaticale ale limbii române": "numeralele de la 1 la 19 şi cele în a căror structură intră
    acestea (101, 2001) şi zero se ataşează direct substantivului"), nor after a decimal ("0,5
    ore", "21,4 zile", "79,0 tokeni/s": the rule is the whole numbers'; audit cost finding 15
    read "21,4 de zile/lună"), nor before a unit symbol ("2.000 ms", "64 GiB": ``_RO_UNIT_DE``).
    The message templates write "{n} de"; this drops
    the "de" where the number does not take it, and contracts "în o" / "în un" to "într-o" /
    "într-un". Idempotent: every Romanian text goes through
    it once it is whole (the /v1/ask answer, the core's localised warnings, Slack)."""

    def fix(m: re.Match[str]) -> str:
        n = int(m.group(1).replace(".", ""))
        return m.group(1) + " " if n == 0 or 1 <= n % 100 <= 19 else m.group(0)

    text = _RO_DECIMAL_DE.sub(r"\1 ", _RO_DE.sub(fix, _RO_UNIT_DE.sub(r"\1 ", text)))
    return _RO_IN_ARTICLE.sub(lambda m: ("Într-" if m.group(1) == "Î" else "într-") + m.group(2),
                              text)


_RO_UNIT_DE = re.compile(
    r"(?<![\w.,])(\d{1,3}+(?:\.\d{3})*+(?:,\d++)?) de "
    r"(?=(?:ms|s|h|[KMGT]i?B|USD|EUR|kW|W|%)(?![\w-]))")
"""A number followed by "de" and a unit symbol: a symbol is no noun and takes no "de" ("2.000
ms", "64 GiB", "25 USD", as Babel writes money: "1.232,50 USD"), whatever the number; the
templates wrote both "{ttft} de ms" and "{tpot} ms", so one answer read "1.348 ms" and
"1.348 de ms" (audit ask_misc_ro)."""


_RO_IN_ARTICLE = re.compile(r"\b([îÎ])n (o|un|una)\b(?= )")
""""în" before the indefinite article contracts ("într-o oră", "într-un minut"): a template's
"în {hours}" filled with "o oră" read "în o oră" (audit regress2, deadline answers)."""


_EN_AN = re.compile(r"(?<![\w'’])([Aa]) (?=8|1[18](?:,\d{3})*+(?!\d))")
"""English "a" before a number said with a vowel sound: eight..., eleven, eighteen (and their
thousands): "an 8B model", "an 80B model", "an 11B", "an 18,000-token prompt"; "a 110B" and
"a 1,100" stay."""


def english_articles(text: str) -> str:
    """"a 8B model" -> "an 8B model" where a template's "a {size}" met a number read with a
    vowel sound (audit api #9: "(Assuming a 8B model ...)", "a 80B model"). Idempotent."""
    return _EN_AN.sub(lambda m: m.group(1) + "n ", text)

