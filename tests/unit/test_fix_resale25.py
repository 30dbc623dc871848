"""Buyer audit 25a #4 and #7: the suspect-price filter was bypassed through marketplace
resale rows, and reserved savings were computed against a doubted on-demand price.

#4: Hyperstack's own n3-H100x1 at an undated $1.90 was rejected as conflicting with its rate
card's $2.50 (read 2026-08-26), while Prime Intellect's and Shadeform's rows of the same
machine at the same price ranked #1 in the same /v1/recommendations answer and led /v1/ask
"cheapest H100 PCIe per hour?". Lambda's copies resold below Lambda's own prices ($2.99 per
GPU-hour for the 8 x H100 where Lambda charges $3.99, the price lambda.ai/pricing lists)
passed, while Lambda's own $31.92 machine was called "doubted" by a caution that only
compares it with Shadeform's copy. A resold price is now judged against the machine's
provider's own prices (service/domain/catalog/trust.py).

#7: Hyperstack's reserved $1.75 was set against the doubted $1.90 (8 % saved, 92 % break-even)
where its own rate card, the same page on the same date, gives on-demand $2.50 (30 %, 70 %).
"""

from __future__ import annotations

import datetime as dt

import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.offers import AsOfKind, Offer
from service.domain.catalog.trust import assess
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

UNDATED = dt.date(2026, 9, 30)
DATED = dt.date(2026, 8, 26)
RESELLS = {"market": {"hs": "hs", "lam": "lam"}}

PI_HS = ("on-demand $1.90/GPU-hour for hyperstack's machine, resold by primeintellect, "
         "conflicts with hyperstack's own dated price $2.50 (as of 2026-08-26), and the resold "
         "price's age is unknown")
PI_LAMBDA_8 = ("on-demand $2.99/GPU-hour for lambda's machine, resold by primeintellect, is "
               "below lambda's own price $3.99/GPU-hour for the same machine "
               "(lambda-gpu-8x-h100-sxm5), and the resold price's age is unknown")


def _offer(oid: str, provider: str, od: float, *, kind: AsOfKind = "assumed",
           as_of: dt.date = UNDATED, count: int = 1, vcpus: int | None = 28,
           ram: float | None = 180.0, caution: str = "", itype: str | None = None) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=itype or oid, gpu="h100-pcie",
                 gpu_count=count, on_demand_usd_h=od, regions=[], as_of=as_of, as_of_kind=kind,
                 vcpus=vcpus, ram_gib=ram, source="test", caution=caution)


# --- the rules, on offers of one's own ---------------------------------------------------------

def test_a_resale_of_a_doubted_price_carries_the_doubt_naming_both() -> None:
    offers = [_offer("hs-n3", "hs", 1.90),
              _offer("hs-card", "hs", 2.50, kind="retrieved", as_of=DATED, vcpus=None, ram=None),
              _offer("market-hs", "market", 1.90, itype="hs__1xH100")]
    _, trust = assess(offers, 90, resells=RESELLS)
    assert trust["market-hs"].resale_of == "hs-n3"
    # it was trusted, and ranked first while hs-n3 was rejected
    assert trust["market-hs"].suspect_reasons == (
        "on-demand $1.90/GPU-hour for hs's machine, resold by market, conflicts with hs's own "
        "dated price $2.50 (as of 2026-08-26), and the resold price's age is unknown",)
    assert trust["market-hs"].conflicts_with == "hs-card"
    assert trust["hs-n3"].suspect and not trust.get("hs-card")


def test_a_resale_carries_a_caution_of_the_row_it_resells() -> None:
    offers = [_offer("hs-n3", "hs", 1.90, caution="PRICES LOOK WRONG"),
              _offer("market-hs", "market", 1.90, itype="hs__1xH100")]
    _, trust = assess(offers, 90, resells=RESELLS)
    assert trust["market-hs"].suspect_reasons == (
        "the same price as hs's hs-n3, which market resells, is doubted there: the source "
        "cautions: PRICES LOOK WRONG",)
    assert trust["market-hs"].doubts() == trust["market-hs"].suspect_reasons


def test_an_undated_copy_below_the_owners_price_is_doubted_a_dearer_one_is_not() -> None:
    offers = [_offer("lam-8", "lam", 8 * 3.99, count=8, vcpus=208, ram=1800.0),
              _offer("lam-1", "lam", 4.29, vcpus=26, ram=225.0),
              _offer("lam-4", "lam", 4 * 4.09, count=4, vcpus=104, ram=900.0),
              _offer("market-8", "market", 8 * 2.99, count=8, vcpus=208, ram=1800.0,
                     itype="lam__8xH100"),
              # dearer than the owner's: the marketplace's own price
              _offer("market-1", "market", 4.50, vcpus=26, ram=225.0, itype="lam__1xH100"),
              # within 5 % of it: the owner's price
              _offer("market-4", "market", 4 * 3.95, count=4, vcpus=104, ram=900.0,
                     itype="lam__4xH100")]
    _, trust = assess(offers, 90, resells=RESELLS)
    assert trust["market-8"].suspect_reasons == (
        "on-demand $2.99/GPU-hour for lam's machine, resold by market, is below lam's own "
        "price $3.99/GPU-hour for the same machine (lam-8), and the resold price's age is "
        "unknown",)
    assert "market-1" not in trust and "market-4" not in trust
    assert not any(trust.get(o, None) for o in ("lam-1", "lam-4", "lam-8"))
    # a dated price of the owner that agrees with the copy decides for it: not doubted, and
    # the owner's own undated row is the one that dated price doubts
    offers = [offers[0], offers[3],
              _offer("lam-card", "lam", 2.99, kind="published", as_of=DATED, vcpus=None,
                     ram=None)]
    _, trust = assess(offers, 90, resells=RESELLS)
    assert "market-8" not in trust
    assert trust["lam-8"].suspect_reasons[0].startswith(
        "on-demand $3.99/GPU-hour conflicts with the provider's own dated price $2.99")


def test_a_caution_comparing_the_owner_with_a_copy_doubts_the_copy_only() -> None:
    note = "SOURCE.txt: 'market copy = 23.92 vs the owner's own catalog = 31.92'"
    offers = [_offer("lam-8", "lam", 31.92, count=8, vcpus=208, ram=1800.0, caution=note),
              _offer("market-8", "market", 23.92, count=8, vcpus=208, ram=1800.0,
                     caution=note, itype="lam__8xH100")]
    _, trust = assess(offers, 90, resells=RESELLS)
    assert "lam-8" not in trust  # was: "suspect price: the source cautions: ..."
    reasons = trust["market-8"].suspect_reasons
    assert reasons[0].startswith("on-demand $2.99/GPU-hour for lam's machine, resold by market")
    assert reasons[1] == f"the source cautions: {note}"
    # a caution on the owner's row alone still doubts it
    _, alone = assess(offers[:1], 90, resells=RESELLS)
    assert alone["lam-8"].suspect_reasons == (f"the source cautions: {note}",)


def test_the_new_reasons_are_said_in_romanian() -> None:
    m = shipped_messages()

    def ro(text: str) -> str:
        return localise(text, m.section("ro", "answer"), m.formatter("ro"),
                        m.section("ro", "pricing")).replace("\u00a0", " ")

    assert ro("suspect price: " + PI_HS) == (
        "preț suspect: prețul la cerere de 1,90 USD/GPU-oră pentru mașina lui hyperstack, "
        "revândută de primeintellect, contrazice prețul datat al lui hyperstack însuși, de "
        "2,50 USD (din 2026-08-26), iar vechimea prețului revândut este necunoscută")
    assert ro("suspect price: " + PI_LAMBDA_8) == (
        "preț suspect: prețul la cerere de 2,99 USD/GPU-oră pentru mașina lui lambda, "
        "revândută de primeintellect, este sub prețul propriu al lui lambda, de 3,99 USD/GPU-oră "
        "pentru aceeași mașină (lambda-gpu-8x-h100-sxm5), iar vechimea prețului revândut este "
        "necunoscută")
    carried = ("the same price as hs's hs-n3, which market resells, is doubted there: a price "
               "of exactly $700.00/h, a placeholder value")
    assert ro("suspect price: " + PI_HS + "; " + carried) == (
        "preț suspect: prețul la cerere de 1,90 USD/GPU-oră pentru mașina lui hyperstack, "
        "revândută de primeintellect, contrazice prețul datat al lui hyperstack însuși, de "
        "2,50 USD (din 2026-08-26), iar vechimea prețului revândut este necunoscută; oferta "
        "hs-n3 a lui hs, pe care market o revinde la același preț, este îndoielnică acolo: un "
        "preț de exact 700,00 USD/oră, o valoare de umplutură")


# --- the shipped catalog ---------------------------------------------------------------------

def test_shipped_resales_of_hyperstacks_doubted_h100_are_doubted() -> None:
    cat = catalog()
    pi = cat.trust_of("primeintellect-hyperstack-1xh100-80gb-28-180")
    assert pi.resale_of == "hyperstack-n3-h100x1"
    assert pi.suspect_reasons == (PI_HS,)
    for oid in ("shadeform-hyperstack-h100", "shadeform-hyperstack-h100x2",
                "primeintellect-hyperstack-8xh100-80gb-252-1440",
                "shadeform-hyperstack-h100x8-nvlink", "shadeform-hyperstack-h100-sxm5x8"):
        assert cat.trust_of(oid).suspect, oid
    # /v1/offers' view of it (it read suspect: false)
    view = next(v for v in cat.views(TODAY)
                if v.id == "primeintellect-hyperstack-1xh100-80gb-28-180")
    assert view.suspect and view.suspect_reasons == [PI_HS]


def test_shipped_lambda_copies_and_lambdas_own_price() -> None:
    cat = catalog()
    assert not cat.trust_of("lambda-gpu-8x-h100-sxm5").suspect  # was: the caution
    assert cat.trust_of("primeintellect-lambdalabs-8xh100-80gb-208-1800").suspect_reasons == (
        PI_LAMBDA_8,)
    assert cat.trust_of("primeintellect-lambdalabs-4xh100-80gb-104-900").suspect_reasons[0] == (
        "on-demand $3.09/GPU-hour for lambda's machine, resold by primeintellect, is below "
        "lambda's own price $4.09/GPU-hour for the same machine (lambda-gpu-4x-h100-sxm5), and "
        "the resold price's age is unknown")
    shade = cat.trust_of("shadeform-lambdalabs-h100-sxm5x8").suspect_reasons
    assert shade[0].startswith("on-demand $2.99/GPU-hour for lambda's machine, resold by "
                               "shadeform, is below lambda's own price $3.99/GPU-hour")
    assert "23.92" in shade[1]  # its caution stays


def test_recommendations_rank_the_cheapest_trusted_h100_pcie_first() -> None:
    body = {"model": "llama 3.1 70b", "workload": "serving", "concurrent_requests": 8,
            "gpus": ["H100 PCIe"]}
    for lang in ("en", "ro"):
        r = recommend(RecommendationRequest(**body, lang=lang), catalog(), TODAY)  # type: ignore[arg-type]
        ids = [o.offer.id for o in r.options]
        # it was primeintellect's resale at $1.90, beside the rejected hyperstack $1.90
        assert ids[0] == "runpod-h100-pcie-community-cloud-pod-per-gpu-hour", ids
        assert r.options[0].cost.per_hour_usd == pytest.approx(1.99)
        assert not any("hyperstack" in i for i in ids), ids


@pytest.mark.parametrize("q", ["cheapest H100 PCIe per hour?", "What's the cheapest H100 PCIe?",
                               "cel mai ieftin H100 PCIe pe oră?",
                               "Care e cel mai ieftin H100 PCIe?"])
def test_ask_cheapest_h100_pcie_is_runpods_trusted_price(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r).replace("\u00a0", " ")
    assert "primeintellect" not in lead and "1,90" not in lead and "$1.90" not in lead, lead
    assert ("$1.99/h per GPU at runpod" in lead
            or "1,99 USD/oră pe GPU la runpod" in lead), lead


@pytest.mark.parametrize("q", ["How much is an 8x H100 node on Lambda per month?",
                               "Cât costă un nod 8x H100 la Lambda pe lună?"])
def test_lambdas_own_8x_h100_is_not_doubted(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r).replace("\u00a0", " ")
    assert "22,982" in lead or "22.982" in lead, lead
    assert "doubted" not in r.answer and "îndoielnic" not in r.answer, r.answer


@pytest.mark.parametrize("q", [
    "H100 on-demand vs reserved on Hyperstack for a year, how much do I save?",
    "Is a reserved H100 at Hyperstack cheaper than on-demand there over a year?",
    "H100 rezervat vs la cerere la Hyperstack pe un an, cât economisesc?"])
def test_reserved_saving_against_the_rate_cards_own_on_demand(q: str) -> None:
    r = ask(q)
    text = head(r).replace("\u00a0", " ")
    ro = r.lang == "ro"
    # $2.50 on-demand, the rate card's row read 2026-08-26 with the reserved $1.75: 30 %,
    # $540 a month, $6,570 a year, break-even at 70 % of the hours
    assert ("față de 2,50 USD/oră la cerere acolo" if ro
            else "against $2.50/h on-demand there") in text, text
    assert "(30%)" in text and "70%" in text and ("16,8 h" if ro else "16.8 h") in text, text
    assert ("6.570 USD" if ro else "$6,570") in text, text
    assert "(8%)" not in text and "92%" not in text
    # which on-demand price: the rate card's date, not "date unknown"
    assert ("Data prețului la cerere la hyperstack: 2026-08-26" if ro
            else "On-demand price date at hyperstack: 2026-08-26") in text, text
    assert asked(r) == ("reserved_saving_usd_per_year", pytest.approx(6570.0), "USD")
