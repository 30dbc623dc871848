"""A reservation asked with a model and a load is priced on the model's setup, in the unit
asked (audit reserved23).

"Reserved 1 year H100 for Llama 3.1 70B 24/7 with 20 users: monthly cost?" and "What's the
monthly cost of a 1-year reserved H100 setup for a Llama 3.1 70B endpoint?" both led with
"Over the 1-year term (8,760 hours billed), reserving 1 × NVIDIA H100 SXM5 80GB at hyperstack
costs about $23,827 ...", ``asked`` reserved_usd_per_year: a year where a month was asked, and
neither the model, its weights nor the load the GPUs were sized for said. Now the setup of
the recommendations' lead (the one the non-reserved cost answer prices: its GPUs and
weights) leads with its month reserved, beside the same setup's month on-demand at the same
provider, the term and its billed hours; a year asked keeps the term's totals, the model
said. Without a model the GPU's price answer is unchanged.

A stale reserved price says what the recommendations do with it: they leave it out unless
include_stale is set (the one rule, catalog.trust.reserved_stale, both read), and with
include_stale they price the same setup at the same month.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import AskResponse
from service.domain.catalog.offer_query import OfferView
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head
from tests.unit.rec_fixtures import real

MONTH_H = 24 * 30
YEAR_H = 24 * 365

Q_USERS = "Reserved 1 year H100 for Llama 3.1 70B 24/7 with 20 users: monthly cost?"
Q_ENDPOINT = "What's the monthly cost of a 1-year reserved H100 setup for a Llama 3.1 70B endpoint?"
Q_RO = ("Cât costă pe lună un H100 rezervat pe 1 an pentru Llama 3.1 70B cu 20 de "
        "utilizatori?")


def _reserved_h100() -> OfferView:
    """The catalog's reserved H100 SXM offer with an on-demand price on the same row."""
    return next(v for v in catalog().views(TODAY) if v.gpu == "h100-sxm"
                and v.reserved_usd_h is not None and v.on_demand_usd_h is not None)


def _lead_gpus(r: AskResponse) -> tuple[int, str]:
    """The GPUs and weights of the non-reserved cost answer's lead (the recommendations')."""
    m = re.search(r"The cheapest match costs about .*?: (\d+) × NVIDIA H100 SXM5 80GB with "
                  r"([\w-]+) weights", head(r))
    assert m is not None, head(r)
    return int(m.group(1)), m.group(2)


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize(("q", "plain", "load"), [
    (Q_USERS, "How much does it cost per month to run Llama 3.1 70B on H100 24/7 with 20 "
              "users?", " with 20 concurrent requests"),
    (Q_ENDPOINT, "What's the monthly cost of an H100 setup for a Llama 3.1 70B endpoint?", ""),
])
def test_a_monthly_reservation_for_a_model_leads_with_its_setups_month(
        q: str, plain: str, load: str) -> None:
    count, weights = _lead_gpus(ask(plain))
    v = _reserved_h100()
    assert v.reserved_usd_h is not None and v.on_demand_usd_h is not None
    r = ask(q)
    first = first_sentence(r)
    reserved_month = v.reserved_usd_h * count * MONTH_H
    od_month = v.on_demand_usd_h * count * MONTH_H
    # was "Over the 1-year term (8,760 hours billed), reserving 1 × NVIDIA H100 SXM5 80GB at
    # hyperstack costs about $23,827 ...", asked reserved_usd_per_year
    assert first.startswith(f"Reserved at {v.provider} for the 1-year term (8,760 hours "
                            f"billed), {count} × NVIDIA H100 SXM5 80GB for Meta Llama 3.1 "
                            f"70B at {weights}"), first
    assert load in first, first
    assert f"costs about ${reserved_month:,.0f}/month" in first, first
    assert f"against about ${od_month:,.0f}/month on-demand there for the same setup" in first
    assert (f"over the term, about ${v.reserved_usd_h * count * YEAR_H:,.0f} reserved and "
            f"${v.on_demand_usd_h * count * YEAR_H:,.0f} on-demand") in first, first
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("reserved_usd_per_month", "USD"), first
    assert value == pytest.approx(reserved_month, abs=0.01)
    # the date and source of the reserved price still said
    assert "Reserved price date: " in head(r) and "source: " in head(r), head(r)


def test_a_monthly_reservation_for_a_model_in_romanian() -> None:
    v = _reserved_h100()
    assert v.reserved_usd_h is not None
    r = ask(Q_RO)
    first = _plain(first_sentence(r))
    assert first.startswith(f"Rezervat la {v.provider} pe perioada de 1 an (8.760 de ore "
                            "facturate), 1 × NVIDIA H100 SXM5 80GB pentru Meta Llama 3.1 70B "
                            "la "), first
    assert "cu 20 de cereri simultane" in first, first
    month = f"{v.reserved_usd_h * MONTH_H:,.0f}".replace(",", ".")
    assert f"costă aproximativ {month} USD/lună" in first, first
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("reserved_usd_per_month", "USD"), first
    assert value == pytest.approx(v.reserved_usd_h * MONTH_H, abs=0.01)


def test_a_yearly_reservation_for_a_model_keeps_the_term_total_and_names_the_model() -> None:
    v = _reserved_h100()
    assert v.reserved_usd_h is not None
    r = ask("How much per year is a 1-year reserved H100 for Llama 3.1 70B with 20 users?")
    first = first_sentence(r)
    assert first.startswith("Over the 1-year term (8,760 hours billed), reserving 1 × NVIDIA "
                            "H100 SXM5 80GB for Meta Llama 3.1 70B at "), first
    assert "with 20 concurrent requests at hyperstack costs about" in first, first
    quantity, value, _ = asked(r)
    assert quantity == "reserved_usd_per_year"
    assert value == pytest.approx(v.reserved_usd_h * YEAR_H, abs=0.01)


def test_without_a_model_the_gpu_price_answer_is_unchanged() -> None:
    r = ask("How much is a 1-year reserved H100 per month?")
    first = first_sentence(r)
    assert first.startswith("Over the 1-year term (8,760 hours billed), reserving 1 × NVIDIA "
                            "H100 SXM5 80GB at hyperstack costs about"), first
    assert asked(r)[0] == "reserved_usd_per_year"


def test_a_stale_reserved_price_says_what_the_recommendations_do_with_it() -> None:
    v = _reserved_h100()
    assert v.reserved_stale and v.reserved_usd_h is not None
    r = ask(Q_USERS)
    assert "a stale price: " in first_sentence(r)
    assert (f"The reserved price of 1 × NVIDIA H100 SXM5 80GB at {v.provider} is "
            in r.answer), r.answer
    assert "the recommendations leave it out unless include_stale is set" in r.answer, r.answer
    body = {"model": "llama-3.1-70b", "providers": [v.provider], "hours_per_day": 24,
            "concurrent_requests": 20, "gpus": ["h100-sxm5-80gb"]}
    # the recommendations leave the stale reserved price out ...
    assert not any(o.pricing_model == "reserved" for o in real(**body).options)
    # ... and rank it with include_stale: the same setup at the same month as /v1/ask's
    with_stale = [o for o in real(**body, include_stale=True).options
                  if o.pricing_model == "reserved"]
    assert with_stale, "no reserved option with include_stale"
    o = with_stale[0]
    assert o.cost.compute_per_month_usd == pytest.approx(asked(r)[1], abs=0.01)
    assert any("days old" in x for x in o.warnings), o.warnings
