"""Audit regionnone: a region filter drops the offers whose catalog rows carry no known region
(we cannot claim they are in the EU), and /v1/recommendations only counted them
(``excluded_no_region``), with no sentence: {"model": "llama 3.1 8b", "concurrent_requests":
20, "providers": ["runpod"], "regions": ["EU"]} ranked 1 x MI300X at $1,650/month while the
$245/month RTX 4090 that tops the list without the filter was silently gone (RunPod lists no
region for it). Now the answer says so where the other "what would change the answer" items
are (an ``alternatives`` entry, in the request's language): how many offers, whose, and the
best of them, "region not listed", for the buyer to check with the provider; /v1/ask says it
too. ``excluded_no_region`` counts only offers the request's other filters allow (it counted
all 243 of the catalog's for a RunPod-only request)."""

from __future__ import annotations

import msgspec

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.offer_query import region_outcome
from service.domain.catalog.regions import parse_region_filter
from service.domain.recommend.alternatives import no_region_said
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Alternative, Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog

RUNPOD_EU = {"model": "llama 3.1 8b", "concurrent_requests": 20, "providers": ["runpod"],
             "regions": ["EU"]}


def _rec(body: dict[str, object], explain: bool = True) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY,
                     explain=explain)


def _unlisted(rec: Recommendation) -> Alternative:
    found = [a for a in rec.alternatives if no_region_said(a) is not None]
    assert len(found) == 1, rec.alternatives
    return found[0]


def _no_place(provider: str | None) -> int:
    c = catalog()
    f = parse_region_filter(["EU"], c.regions)
    return sum(1 for o in c.offers if (provider is None or o.provider == provider)
               and region_outcome(o.provider, c.places(o), f, None)[0] == "no_place")


def test_the_runpod_offers_with_no_region_are_said_with_the_best_of_them() -> None:
    rec = _rec(RUNPOD_EU)
    assert rec.options and rec.options[0].offer.gpu == "mi300x"
    alt = _unlisted(rec)
    n = _no_place("runpod")
    assert n > 0
    # counted among the offers the request's providers allow, not the whole catalog's
    assert rec.excluded_no_region == n < _no_place(None)
    # (the offers list no region, not their provider: AWS lists one for 140 of its 148)
    assert alt.change == (f"{n} offers left out: no known region is listed for them (offers "
                          "of runpod)")
    best = catalog().offers_by_id[alt.offer_id or ""]
    assert (best.provider, best.gpu) == ("runpod", "rtx-4090")
    assert alt.per_month_usd is not None
    current = rec.options[0].cost.per_month_usd
    assert current is not None and alt.per_month_usd < current
    # the same RTX 4090 tops the list without the filter
    everywhere = _rec({k: v for k, v in RUNPOD_EU.items() if k != "regions"})
    assert everywhere.options[0].offer.id == best.id
    assert everywhere.excluded_no_region is None
    assert not [a for a in everywhere.alternatives if no_region_said(a) is not None]
    assert alt.effect.startswith(
        "the best of them, its region not listed (check with the provider): "
        "1 x NVIDIA GeForce RTX 4090 24GB at runpod, $")
    assert alt.effect.endswith(f"/month (vs ${current:,.0f})")
    assert no_region_said(alt) == (n, ["runpod"], 1)


def test_said_in_romanian_and_without_explain() -> None:
    rec = _rec({**RUNPOD_EU, "lang": "ro"})
    said = localise_recommendation(rec, shipped_messages(), "ro")
    ro = next(a for a in said.alternatives if a.offer_id == _unlisted(rec).offer_id)
    n = _no_place("runpod")
    assert ro.change == (f"{n} de oferte lăsate deoparte: nu au indicată nicio regiune "
                         "cunoscută (oferte ale runpod)")
    assert ro.effect.startswith("cea mai bună dintre ele, cu regiunea neindicată (verificați "
                                "cu furnizorul): 1 × NVIDIA GeForce RTX 4090 24GB la runpod, ")
    assert "\xa0USD/lună (față de 1.650\xa0USD)" in ro.effect
    # a caller that shows the top offers alone still gets it
    assert _unlisted(_rec(RUNPOD_EU, explain=False)).offer_id == _unlisted(rec).offer_id


def test_none_of_them_an_option_is_said_too() -> None:
    rec = _rec({**RUNPOD_EU, "max_usd_per_month": 50})
    assert not rec.options
    alt = _unlisted(rec)
    assert alt.effect == "none of them is an option for this request"
    assert alt.offer_id is None and alt.per_month_usd is None
    messages = shipped_messages()
    texts, kinds = messages.section("ro", "answer"), messages.section("ro", "pricing")
    f = messages.formatter("ro")
    assert localise(alt.effect, texts, f, kinds) == \
        "niciuna dintre ele nu este o opțiune pentru această cerere"
    assert localise("1 offer left out: no known region is listed for it (an offer of daytona)",
                    texts, f, kinds) == \
        "1 ofertă lăsată deoparte: nu are indicată nicio regiune cunoscută (o ofertă a daytona)"


def test_ask_says_it_in_english_and_romanian() -> None:
    n = _no_place("runpod")
    en = ask("serve llama 3.1 8b to 20 users on runpod in the EU, monthly cost?").answer
    assert en.startswith("The cheapest match costs about $1,650/month")
    assert (f"{n} offers were left out because no known region is listed for them (offers "
            "of runpod): none is counted as located in the European Union. Of those, the "
            "best is 1 × NVIDIA GeForce RTX 4090 24GB at runpod, $") in en
    assert "/month (region not listed: check it with the provider)." in en
    ro = ask("servesc llama 3.1 8b la 20 de utilizatori pe runpod în UE, cost lunar?").answer
    assert ro.startswith("Cea mai ieftină potrivire costă aproximativ 1.650\xa0USD/lună")
    assert (f"Au fost lăsate deoparte {n} de oferte care nu au indicată nicio regiune "
            "cunoscută (oferte ale runpod): niciuna nu este socotită ca aflată în Uniunea "
            "Europeană. Dintre acestea, cea mai bună este 1 × NVIDIA GeForce RTX 4090 24GB la "
            "runpod, ") in ro
    assert "\xa0USD/lună (regiune neindicată: verificați cu furnizorul)." in ro
