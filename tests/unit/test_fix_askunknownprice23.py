"""Audit askunknownprice: a month's breakdown stated storage and egress prices unknown at the
provider as facts. "What's the monthly cost to serve Llama 3.1 70B for 50 users 24/7 on H100s
including 1 TB storage and 5 TB egress?" -> "... at hyperbolic ... Of which $1,858 GPU time,
$186.26 storage and $558.79 egress." Hyperbolic has no sourced storage or egress terms
(catalog/providers.toml): both are the catalog's highest sourced rates standing in
(recommend.context.unknown_price_defaults), an upper bound, which only the warnings said
(egress's nowhere in the text). The "Of which" sentence now marks each stand-in in place, in
English and Romanian; a sourced price keeps its wording. /v1/recommendations warns of both."""

from __future__ import annotations

import datetime as dt

from service.adapters.messages_files import shipped_messages
from service.domain.answer.intent import Details
from service.domain.answer.numbers import context as numbers_context
from service.domain.answer.understand import Extracted
from service.domain.recommend.context import unknown_price_defaults
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog

EN = ("What's the monthly cost to serve Llama 3.1 70B for 50 users 24/7 on H100s including "
      "1 TB storage and 5 TB egress?")
RO = ("Cat costa pe luna sa servesc Llama 3.1 70B la 50 de utilizatori 24/7 pe H100 cu 1 TB "
      "stocare si 5 TB trafic iesire?")


def _first(question: str) -> str:
    return ask(question).answer.split("\n\n")[0]


def test_the_stand_in_rates_are_the_catalogs_highest_sourced() -> None:
    # the figures the notes below quote: lambda's $0.20/GiB-month storage and gcp's highest
    # egress band, $0.12/GiB (catalog/providers.toml, each with its source), per GB
    cat = catalog()
    assert cat.providers_by_id["hyperbolic"].storage_usd_per_gb is None
    assert not cat.providers_by_id["hyperbolic"].egress_known
    storage, egress = unknown_price_defaults(cat.providers)
    assert round(storage, 3) == 0.186 and round(egress, 3) == 0.112


def test_both_unknown_are_marked_in_place_en() -> None:
    text = _first(EN)
    assert "at hyperbolic" in text, text
    # was "Of which $1,858 GPU time, $186.26 storage and $558.79 egress."
    assert ("Of which $1,858 GPU time, $186.26 storage and $558.79 egress (both unknown at "
            "Hyperbolic: counted at the highest sourced rates, $0.186/GB-month and $0.112/GB, "
            "an upper bound).") in text, text


def test_both_unknown_are_marked_in_place_ro() -> None:
    text = _first(RO)
    assert "la hyperbolic" in text, text
    assert ("Din care 1.858\xa0USD timp de GPU, 186,26\xa0USD stocare și 558,79\xa0USD trafic "
            "de ieșire (ambele prețuri necunoscute la Hyperbolic: socotite la cele mai mari "
            "tarife cu sursă, 0,186\xa0USD/GB-lună și 0,112\xa0USD/GB, o limită "
            "superioară).") in text.replace(" USD", "\xa0USD"), text


def test_sourced_prices_keep_their_wording() -> None:
    text = _first("What's the monthly cost to serve Llama 3.1 70B for 50 users 24/7 on H100s "
                  "at AWS including 1 TB storage and 5 TB egress?")
    assert "at aws" in text, text
    assert "$240.00 storage and $441.00 egress. " in text, text
    assert "unknown at" not in text and "upper bound" not in text, text


def test_storage_alone_unknown_is_marked_after_storage() -> None:
    # DigitalOcean sources its egress (docs.digitalocean.com), not its storage
    text = _first("monthly cost to serve llama 3.1 8b for 10 users 24/7 at digitalocean with "
                  "1 TB storage and 5 TB egress")
    assert "at digitalocean" in text, text
    assert ("$186.26 storage (unknown at DigitalOcean (GPU Droplets): counted at the highest "
            "sourced rate, $0.186/GB-month, an upper bound) and $46.57 egress. ") in text, text


def _notes(provider: str, lang: str = "en") -> dict[str, str]:
    w = numbers_context._W(Extracted(), Details(), None, lang, catalog(),
                           dt.date(2026, 12, 5), shipped_messages(), None)
    return w.stand_in_notes(provider, 10.0, 10.0)


def test_egress_alone_unknown_is_marked_after_egress() -> None:
    # Paperspace sources its storage, not its egress (catalog/providers.toml)
    assert _notes("paperspace") == {
        "storage_note": "",
        "egress_note": " (unknown at Paperspace (DigitalOcean): counted at the highest "
                       "sourced rate, $0.112/GB, an upper bound)"}
    ro = _notes("paperspace", "ro")
    assert ro["storage_note"] == ""
    assert "preț necunoscut la Paperspace (DigitalOcean)" in ro["egress_note"]
    assert _notes("aws") == {"storage_note": "", "egress_note": ""}


def test_recommendations_warn_of_both_stand_ins() -> None:
    cat = catalog()
    res = recommend(RecommendationRequest(
        model="meta-llama-3.1-70b-instruct", concurrent_requests=50, gpus=["h100-sxm"],
        storage_gb=1000, egress_gb_per_month=5000, providers=["hyperbolic"]), cat, TODAY,
        explain=False)
    warnings = res.options[0].warnings
    assert ("storage price unknown for hyperbolic: counted at $0.186/GB-month, the highest "
            "sourced rate") in warnings, warnings
    assert ("egress price unknown for hyperbolic: counted at $0.112/GB, the highest sourced "
            "rate") in warnings, warnings
