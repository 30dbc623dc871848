"""The formatter of numbers, money and percentages per language, with Babel (CLDR): one
module the answers (``/v1/ask``), the Slack bot and the web page share. English is en_US
(32,768 · $1,232.50 · 12.5%), Romanian ro_RO (32.768 · 1.232,50 USD · 12,5 %)."""

from __future__ import annotations

import decimal
import functools
import math

from babel import Locale
from babel.numbers import format_currency, format_decimal, format_percent, get_decimal_symbol

LOCALES = {"en": "en_US", "ro": "ro_RO"}

HUGE = 1e21
"""From here up a number is written as a power of ten ("1 × 10^30", "1,5 × 10^30"): nothing
the service sizes or prices comes near it (``fields``: 10 million tokens, 100,000 requests,
4,096 GPUs), so such a number is one a question stated ("a 10^28B model", "10^30 users"),
said back readably, never as 31 grouped digits."""


def _context(value: float, digits: int) -> decimal.Context:
    """A decimal context wide enough for every digit of ``value`` with ``digits`` decimals:
    Babel quantizes in the current context, whose default 28 digits overflowed from 10^28 up
    (``decimal.InvalidOperation``: /v1/ask answered 500 for "a 999…9B model", audit api)."""
    ctx = decimal.Context()
    if isinstance(value, int):  # exactly, and past a float's range (10^400 users)
        magnitude = max(1, math.ceil(abs(value).bit_length() * math.log10(2)) + 1)
    else:
        v = abs(float(value))
        magnitude = math.floor(math.log10(v)) + 1 if v and math.isfinite(v) else 1
    ctx.prec = max(28, magnitude + digits + 2)
    return ctx


class BabelFormat:
    """:class:`service.domain.locale.Formatter` for one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.locale = LOCALES.get(lang, "en_US")
        standard = Locale.parse(self.locale).currency_formats["standard"].pattern
        self._currency = standard.split(";")[0]

    @staticmethod
    def _pattern(digits: int) -> str:
        return "#,##0" + ("." + "0" * digits if digits > 0 else "")

    def number(self, value: float, digits: int = 0) -> str:
        if isinstance(value, float) and not math.isfinite(value):
            return format_decimal(value, locale=self.locale)  # "∞", "NaN": never a 500
        if abs(value) >= HUGE:
            return self._power_of_ten(value)
        with decimal.localcontext(_context(value, digits)):
            return format_decimal(value, format=self._pattern(digits), locale=self.locale)

    def _power_of_ten(self, value: float) -> str:
        """``value`` as a mantissa of up to three significant digits times a power of ten,
        with the locale's decimal sign: 1e30 -> "1 × 10^30", 1.5e30 -> "1,5 × 10^30" (ro).
        An int is read exactly (10**30 is not the float 1e30's 1000000000000000019884…)."""
        exact = decimal.Decimal(value) if isinstance(value, int) else decimal.Decimal(
            repr(value))
        _sign, digits, exponent = exact.normalize().as_tuple()
        assert isinstance(exponent, int)
        power = len(digits) + exponent - 1
        mantissa = exact.scaleb(-power).quantize(decimal.Decimal("0.01"),
                                                 rounding=decimal.ROUND_HALF_EVEN)
        if abs(mantissa) >= 10:  # 9.999e30 rounds to 10.00: 1 × 10^31
            mantissa, power = mantissa / 10, power + 1
        text = f"{mantissa:f}".rstrip("0").rstrip(".")
        return (text.replace(".", get_decimal_symbol(self.locale))
                + f" \u00d7 10^{power}")

    def money(self, value: float, digits: int = 2) -> str:
        # the locale's own currency pattern (en_US "¤#,##0.00", ro_RO "#,##0.00 ¤") with
        # ``digits`` fraction digits; a context wide enough for any amount (see _context)
        pattern = self._currency.replace("#,##0.00", self._pattern(digits))
        with decimal.localcontext(_context(value, digits)):
            return format_currency(value, "USD", format=pattern, locale=self.locale,
                                   currency_digits=False)

    def percent(self, value: float, digits: int = 0) -> str:
        with decimal.localcontext(_context(value * 100, digits)):
            return format_percent(value, format="#,##0" + ("." + "0" * digits if digits
                                                            else "") + "%",
                                  locale=self.locale)


@functools.cache
def formatter(lang: str) -> BabelFormat:
    return BabelFormat(lang)


def formatters(langs: tuple[str, ...] | list[str]) -> dict[str, BabelFormat]:
    return {lang: formatter(lang) for lang in langs}
