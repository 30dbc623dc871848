"""Numbers, money and percentages per language (Babel, CLDR), and the dependency-free
fallback the core uses without it: the same text for the same value."""

from __future__ import annotations

import pytest

from service.adapters.locale_babel import BabelFormat, formatter
from service.adapters.messages_files import shipped_messages
from service.domain.locale import PlainFormat


@pytest.mark.parametrize(("lang", "number", "decimal", "money", "percent"), [
    ("en", "32,768", "80.0", "$1,232.50", "12.5%"),
    ("ro", "32.768", "80,0", "1.232,50\u00a0USD", "12,5%"),
])
def test_babel_formats(lang: str, number: str, decimal: str, money: str, percent: str) -> None:
    f = formatter(lang)
    assert f.number(32768) == number
    assert f.number(80.04, 1) == decimal
    assert f.money(1232.5) == money
    assert f.percent(0.125, 1) == percent


@pytest.mark.parametrize("lang", ["en", "ro"])
@pytest.mark.parametrize("value", [0, 0.004, 0.456, 1, 9.99, 17.416, 999.5, 1232.5, 25713,
                                   1_000_000.25, -3.5])
def test_plain_fallback_writes_what_babel_writes(lang: str, value: float) -> None:
    babel, plain = BabelFormat(lang), PlainFormat(lang)
    for digits in (0, 1, 2):
        assert plain.number(value, digits) == babel.number(value, digits)
        assert plain.money(value, digits) == babel.money(value, digits)
    assert plain.percent(value / 100, 1) == babel.percent(value / 100, 1)


def test_shipped_messages_carry_the_babel_formatter() -> None:
    m = shipped_messages()
    assert isinstance(m.formatter("ro"), BabelFormat)
    assert m.formatter("ro").money(0.11) == "0,11\u00a0USD"
    assert isinstance(m.formatter("xx"), PlainFormat | BabelFormat)


def test_romanian_puts_de_only_after_numbers_that_take_it() -> None:
    from service.domain.locale import romanian_de

    assert romanian_de("Pentru 10 de utilizatori simultani") == "Pentru 10 utilizatori simultani"
    assert romanian_de("un context de 32.768 de tokeni") == "un context de 32.768 de tokeni"
    assert romanian_de("20 de utilizatori, 119 de cereri, 101 de tokeni, 100 de GPU-uri") == (
        "20 de utilizatori, 119 cereri, 101 tokeni, 100 de GPU-uri")
    assert romanian_de("2,5 de milioane") == "2,5 milioane"  # a decimal below 20 takes none
    assert romanian_de("79,0 de tokeni/s") == "79,0 tokeni/s"  # nor any decimal
    # a number glued to letters is part of a name, not a count: "BF16 de la Ampere" keeps "de"
    assert romanian_de("BF16 de la Ampere, FP8 de calibrare") == (
        "BF16 de la Ampere, FP8 de calibrare")


def test_in_before_an_indefinite_article_contracts() -> None:
    from service.domain.locale import romanian_de
    # a template's "în {hours}" filled with "o oră" read "în o oră" (deadline answers)
    assert romanian_de("termină în o oră.") == "termină într-o oră."
    assert romanian_de("În un minut") == "Într-un minut"
    assert romanian_de("în 20 de ore, în ora 3") == "în 20 de ore, în ora 3"
