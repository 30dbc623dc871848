"""The formatter of numbers, money and percentages per language, with Babel (CLDR): one
module the answers (``/v1/ask``), the Slack bot and the web page share. English is en_US
(32,768 · $1,232.50 · 12.5%), Romanian ro_RO (32.768 · 1.232,50 USD · 12,5 %)."""

from __future__ import annotations

import functools

from babel import Locale
from babel.numbers import format_currency, format_decimal, format_percent

LOCALES = {"en": "en_US", "ro": "ro_RO"}


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
        return format_decimal(value, format=self._pattern(digits), locale=self.locale)

    def money(self, value: float, digits: int = 2) -> str:
        # the locale's own currency pattern (en_US "¤#,##0.00", ro_RO "#,##0.00 ¤") with
        # ``digits`` fraction digits
        pattern = self._currency.replace("#,##0.00", self._pattern(digits))
        return format_currency(value, "USD", format=pattern, locale=self.locale,
                               currency_digits=False)

    def percent(self, value: float, digits: int = 0) -> str:
        return format_percent(value, format="#,##0" + ("." + "0" * digits if digits else "")
                              + "%", locale=self.locale)


@functools.cache
def formatter(lang: str) -> BabelFormat:
    return BabelFormat(lang)


def formatters(langs: tuple[str, ...] | list[str]) -> dict[str, BabelFormat]:
    return {lang: formatter(lang) for lang in langs}
