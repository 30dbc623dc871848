"""Audit egress0: a month's breakdown said "$0.00 egress" where no egress was stated ("cost
per month to serve llama 3.1 70b 24/7 on h100s" -> "Of which $928.80 GPU time, $7.45 storage
and $0.00 egress."; Romanian "0,00 USD trafic de ieșire"). An egress not stated is not free:
it is not counted. The breakdown now says so once, with the provider's egress price per GB
where the catalog has it ("AWS charges $0.09/GB after the first 100 GB a month") or that it is
unknown; a stated egress keeps its figure. /v1/recommendations keeps its documented
``egress_per_month_usd`` of 0 for an ``egress_gb_per_month`` of 0 (the request's default)."""

from __future__ import annotations

import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog


def _first(question: str) -> str:
    return ask(question).answer.split("\n\n")[0]


@pytest.mark.parametrize("question", [
    "cost per month to serve llama 3.1 70b 24/7 on h100s",
    "monthly cost to serve phi-3 on a T4 24/7",
    "monthly cost to serve a 70B model in fp8 for 20 users",
])
def test_unstated_egress_is_not_said_to_cost_zero_en(question: str) -> None:
    text = _first(question)
    assert "$0.00 egress" not in text, text
    # "(none stated)." where hyperbolic's unknown egress price is said once, in the storage's
    # note (standin2)
    assert ("egress not counted (none stated; " in text
            or "egress not counted (none stated)." in text), text


def test_unstated_egress_names_the_providers_rate_en() -> None:
    # AWS's egress tiers (catalog/providers.toml, aws.amazon.com/ec2/pricing/on-demand)
    text = _first("monthly cost to serve phi-3 on a T4 24/7")
    assert "at aws" in text, text
    assert ("storage; egress not counted (none stated; Amazon Web Services (EC2) charges "
            "$0.09/GB after the first 100 GB a month).") in text, text


def test_unstated_egress_at_an_unknown_price_is_said_unknown() -> None:
    text = _first("cost per month to serve llama 3.1 70b 24/7 on h100s")
    assert "at hyperbolic" in text, text
    # hyperbolic's storage price is unknown too: its stand-in said in place (askunknownprice),
    # both unknown prices said once there, not again after "none stated" (standin2)
    assert ("Of which $928.80 GPU time and $7.45 storage (storage and egress prices both "
            "unknown at Hyperbolic: storage counted at the highest sourced rate, "
            "$0.186/GB-month, an upper bound); egress not counted (none stated).") in text, text


def test_unstated_egress_at_a_free_egress_provider() -> None:
    text = _first("monthly cost to serve llama 3.1 8b on runpod 24/7")
    assert "egress not counted (none stated; RunPod charges none)." in text, text


def test_unstated_egress_ro() -> None:
    text = _first("cât costă pe lună să servesc llama 3.1 70b 24/7 pe h100")
    assert "0,00\xa0USD trafic de ieșire" not in text and "0,00 USD trafic" not in text, text
    # the unknown storage price's stand-in said in place since askunknownprice; the unknown
    # egress price said once, in the same note, not again after it (standin2)
    assert ("sunt ambele necunoscute la Hyperbolic: stocarea e socotită la cel mai mare tarif "
            "cu sursă, 0,186\xa0USD/GB-lună, o limită superioară); traficul de ieșire nu este "
            "socotit (nu a fost precizat).") in text.replace(" USD", "\xa0USD"), text
    aws = _first("cât costă pe lună phi-3 pe un T4 24/7")
    assert ("traficul de ieșire nu este socotit (nu a fost precizat; Amazon Web Services "
            "(EC2) percepe 0,09\xa0USD/GB după primii 100 GB pe lună).") in aws, aws


def test_stated_egress_keeps_its_figure() -> None:
    text = _first("cost per month to serve llama 3.1 70b 24/7 on h100s with 500 GB egress "
                  "per month")
    # both prices unknown at hyperbolic: the stand-ins said in place (askunknownprice)
    assert ("Of which $928.80 GPU time, $7.45 storage and $55.88 egress (both unknown at "
            "Hyperbolic: counted at the highest sourced rates, $0.186/GB-month and $0.112/GB, "
            "an upper bound).") in text, text
    assert "not counted" not in text, text


def test_the_api_field_stays_documented_zero() -> None:
    """/v1/recommendations: ``egress_per_month_usd`` is documented as 0 where none is stated
    (openapi, types.CostBreakdown); the field is kept, only the answer's text changed."""
    rec = recommend(RecommendationRequest(model="meta-llama-3.1-8b-instruct"), catalog(),
                    TODAY, explain=False)
    assert rec.options and rec.options[0].cost.egress_per_month_usd == 0
