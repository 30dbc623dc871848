"""/v1/ask's regions answer (what the catalog offers in a place) kept none of the question's
filters and dated none of its prices (audit regionfilter):

- "which GPUs with more than 80 GB are available in Finland under $3/h?" listed a V100 16GB
  at $0.14/h first, then an A6000 48GB, an A100 40GB...: only GPUs with more than 80 GB and a
  price per GPU-hour of at most $3 are kept now, both filters said, and where none is kept
  the nearest miss is named;
- "are there H100s in Finland?" / "sunt H100 în Finlanda?" got a guidance passage: the H100's
  own offers there now (the cheapest, how many), with a yes or no; "H100 in Finland price"
  counts the offers there beside its price;
- "GPUs under $1/h in Germany" (no "which") got a guidance passage: the price filter now;
- every price the answer states has its date and its source after the list.
"""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

# (question, the filters as the answer says them back)
_FI_80_3 = [
    ("which GPUs with more than 80 GB are available in Finland under $3/h?",
     "located in Finland with more than 80 GB of memory and at $3.00/h per GPU or less"),
    ("ce GPU-uri cu peste 80 GB sunt în Finlanda sub 3 $/h?",
     "amplasate în Finlanda cu peste 80 GB de memorie și la cel mult 3,00 USD/oră pe GPU"),
]


def _names_in(text: str) -> list[str]:
    """The ids of the catalog GPUs whose names the text says (a longer name first, so that a
    name inside another is not counted twice)."""
    gpus = sorted(catalog().registry.gpus.values(), key=lambda g: -len(g.name))
    found: list[str] = []
    for g in gpus:
        if g.name in text:
            found.append(g.id)
            text = text.replace(g.name, " ")
    return found


def _prices(text: str) -> list[float]:
    """The prices per GPU-hour the rows state ("from $1.39/h", "de la 1,39 USD/oră")."""
    en = re.findall(r"from \$(\d+(?:\.\d+)?)/h per GPU", text)
    ro = re.findall(r"de la (\d+(?:,\d+)?) USD/oră pe GPU", text)
    return [float(x.replace(",", ".")) for x in en + ro]


@pytest.mark.parametrize(("question", "filters"), _FI_80_3)
def test_memory_and_price_filters_kept_and_said(question: str, filters: str) -> None:
    r = ask(question)
    assert r.intent == "regions", r.answer
    text = head(r).replace("\xa0", " ")
    first = text.split(". ")[0]
    assert filters in first, r.answer
    gpus = _names_in(first)
    assert gpus, r.answer
    reg = catalog().registry.gpus
    # only cards above 80 GB (the V100 16GB, A6000 48GB, A100 40GB, the 80 GB cards: gone)
    assert all(reg[g].memory_gb > 80.5 for g in gpus), gpus
    assert "v100-sxm2-16gb" not in gpus and "h100-sxm" not in gpus, gpus
    prices = _prices(first)
    assert len(prices) == len(gpus) and all(p <= 3.0 for p in prices), (prices, r.answer)
    q, n, unit = asked(r)
    assert (q, unit) == ("gpu_models_in_region", "gpu_models") and n == len(gpus), r.answer
    # when audited: the RTX PRO 6000 Blackwell Server Edition at verda, $1.39/h, first
    assert gpus[0] == "rtx-pro-6000-server" and prices[0] == pytest.approx(1.39), r.answer


@pytest.mark.parametrize(("question", "date", "source"), [
    (_FI_80_3[0][0], "Price date: date unknown; no later than 2026-09-30.", "Sources: verda: "),
    (_FI_80_3[1][0], "Data prețului: dată necunoscută; cel târziu 2026-09-30.", "Surse: verda: "),
    ("What GPUs can I rent in the EU?", "Price date: ", "Sources: "),
])
def test_prices_dated_with_their_source(question: str, date: str, source: str) -> None:
    text = head(ask(question)).replace("\xa0", " ")
    assert date in text and source in text, text


@pytest.mark.parametrize(("question", "lead"), [
    ("which GPUs with more than 200 GB are available in Finland under $3/h?",
     "The catalog has no GPU located in Finland with more than 200 GB of memory and at "
     "$3.00/h per GPU or less; the nearest miss: NVIDIA B300"),
    ("ce GPU-uri cu peste 200 GB sunt în Finlanda sub 3 $/h?",
     "Catalogul nu are niciun GPU amplasat în Finlanda cu peste 200 GB de memorie și la cel "
     "mult 3,00 USD/oră pe GPU; cel mai apropiat: NVIDIA B300"),
])
def test_none_kept_names_the_nearest_miss(question: str, lead: str) -> None:
    r = ask(question)
    assert head(r).replace("\xa0", " ").startswith(lead), r.answer
    assert asked(r)[:2] == ("gpu_models_in_region", 0), r.answer


@pytest.mark.parametrize(("question", "lead"), [
    ("are there H100s in Finland?",
     "Yes: the catalog has offers located in Finland for NVIDIA H100 SXM5 80GB from $1.97/h "
     "per GPU (on-demand) at primeintellect, 14 offers there."),
    ("sunt H100 în Finlanda?",
     "Da: catalogul are oferte amplasate în Finlanda pentru NVIDIA H100 SXM5 80GB de la "
     "1,97 USD/oră pe GPU (la cerere) la primeintellect, 14 oferte acolo."),
])
def test_a_gpu_named_in_a_place_is_that_gpu_alone(question: str, lead: str) -> None:
    r = ask(question)
    assert r.intent == "regions", r.answer
    text = head(r).replace("\xa0", " ")
    assert text.startswith(lead), r.answer  # the figures when audited
    assert {g.split("-")[0] for g in _names_in(text)} == {"h100"}, r.answer
    q, n, unit = asked(r)
    assert (q, n, unit) == ("gpu_offers_in_region", 14, "offers"), r.answer
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes
    assert ("Price date: " if text.startswith("Yes") else "Data prețului: ") in text, text


@pytest.mark.parametrize("question", ["are there H100s in Finland under $1/h?",
                                      "sunt H100 în Finlanda sub 1 $/h?"])
def test_a_gpu_named_over_the_price_is_a_no_with_its_cheapest(question: str) -> None:
    r = ask(question)
    text = head(r).replace("\xa0", " ")
    assert text.startswith(("No: the catalog has no offer for", "Nu: catalogul nu are nicio")),\
        r.answer
    assert "NVIDIA H100 SXM5 80GB" in text.split(". ")[0], r.answer  # the nearest miss
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False, r.answer


@pytest.mark.parametrize(("question", "count"), [
    ("H100 in Finland price", "(NVIDIA H100 SXM5 80GB: 14 offers there;"),
    ("cât costă un H100 în Finlanda?", "(NVIDIA H100 SXM5 80GB: 14 oferte acolo;"),
])
def test_a_gpu_priced_in_a_place_counts_its_offers(question: str, count: str) -> None:
    r = ask(question)
    assert r.intent == "cost", r.answer
    text = head(r).replace("\xa0", " ")
    assert text.startswith("NVIDIA H100 SXM5 80GB cost"), r.answer
    assert count in text, r.answer
    assert "V100" not in text and "A6000" not in text, r.answer


@pytest.mark.parametrize(("question", "filters"), [
    ("GPUs under $1/h in Germany", "located in Germany at $1.00/h per GPU or less"),
    ("GPU-uri sub 1 $/oră în Germania",
     "amplasate în Germania la cel mult 1,00 USD/oră pe GPU"),
])
def test_a_price_ceiling_in_a_place(question: str, filters: str) -> None:
    r = ask(question)
    assert r.intent == "regions", r.answer
    first = head(r).replace("\xa0", " ").split(". ")[0]
    assert filters in first, r.answer
    prices = _prices(first)
    assert prices and all(p <= 1.0 for p in prices), r.answer
    assert len(prices) == len(_names_in(first)) == asked(r)[1], r.answer


@pytest.mark.parametrize(("question", "above"), [
    ("which GPUs with more than 80 GB are in Finland?", 80.0),
    ("GPUs with over 80GB of VRAM in Germany", 80.0),
    ("ce GPU-uri cu peste 80 GB sunt în Finlanda?", 80.0),
    ("GPU-uri cu mai mult de 48 GB în România", 48.0),
    ("GPUs with > 40 GB in the EU", 40.0),
    ("we store over 500 GB of data in Germany", None),
    ("more than 80 GB storage", None),
])
def test_memory_above_read(question: str, above: float | None) -> None:
    assert stated(question, catalog().registry).memory_above_gb == above


def test_memory_filter_with_its_noun_is_still_the_list() -> None:
    r = ask("Which GPUs with more than 80 GB of memory are available in Finland?")
    assert r.intent == "regions", r.answer
    assert "with more than 80 GB of memory" in head(r), r.answer
    assert all(catalog().registry.gpus[g].memory_gb > 80.5 for g in _names_in(head(r)))
