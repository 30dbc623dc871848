"""An option ranked above a cheaper one says why (audit rankwhy), each failing before its
change:

1. /v1/recommendations ranks each cost weighed by the weights' quality handicap and a plan
   over several machines by x1.05 (README "Recommendations"): Mixtral 8x22B at 2,000
   tokens/s ranked 4 x H100 at fp8 ($5,405/month) above 6 x 8 x V100 at gptq-int4 ($4,835)
   with nothing saying why; an option ranked above cheaper ones listed after it now names
   them and the rule ("Ranked above cheaper option #2 ($4,835/month): fp8 weights instead
   of gptq-int4 (quality handicap x1.02 against x1.1) and 1 machine instead of 6 (x1.05
   for a plan over several)."), in Romanian too;
2. /v1/ask's "top-ranked match (ranked on price and the quality of its weights; …)" named
   only the weights where the machines counted too: it says what ranked it first ("fp8
   against gptq-int4, 1 machine against 6")."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence

# fix/gptqq: gptq-int4 ranks at its sourced x1.15 (was an unstated x1.1), so Mixtral 8x22B's
# 6 x 8 x V100 at gptq-int4 ($4,835) fell from #2 to #6, below the listed ones; Mixtral 8x7B
# at 4,000 tokens/s has the audit's shape: 1 x B200 at fp8 ($2,738) above 3 x 8 x V100 at
# gptq-int4 ($2,390)
MIXTRAL = {"model": "mixtral-8x7b", "target_output_tokens_per_s": 4000}


def _rec(**kw: object) -> Recommendation:
    req = msgspec.convert(kw, RecommendationRequest)
    return recommend(req, catalog(), TODAY, explain=False)


def _cost(o: Option) -> float:
    c = o.cost
    v = c.per_month_usd if c.per_month_usd is not None else c.per_job_usd
    assert v is not None
    return v


# -- 1. /v1/recommendations: the option ranked above a cheaper one says why ------------------


def test_mixtral_lead_names_the_cheaper_option_and_the_rule() -> None:
    opts = _rec(**MIXTRAL).options
    lead, second = opts[0], opts[1]
    assert _cost(second) < _cost(lead)  # the audit's case: #2 is cheaper
    assert (lead.weights, lead.nodes, second.weights, second.nodes) == ("fp8", 1, "gptq-int4", 3)
    assert (f"Ranked above cheaper option #2 (${_cost(second):,.0f}/month): fp8 weights "
            "instead of gptq-int4 (quality handicap x1.02 against x1.15) and 1 machine instead "
            "of 3 (x1.05 for a plan over several).") in lead.why, lead.why
    # the cheaper one ranks after nothing cheaper: no such note on it
    assert "Ranked above" not in second.why, second.why


@pytest.mark.parametrize("body", [
    {**MIXTRAL, "top_n": 10},
    {"model": "llama-3.1-8b", "top_n": 10},
    {"model": "mistral-7b", "concurrent_requests": 300, "top_n": 10},
    {"model": "llama-3.1-70b", "concurrent_requests": 50, "top_n": 10},
])
def test_every_option_above_a_cheaper_one_says_why(body: dict[str, object]) -> None:
    opts = _rec(**body).options
    said = 0
    for i, o in enumerate(opts):
        cheaper = [j + 1 for j in range(i + 1, len(opts))
                   if round(_cost(opts[j]), 2) < round(_cost(o), 2)]
        for j in cheaper:
            assert f"#{j} ($" in o.why and "Ranked above cheaper option" in o.why, (
                o.rank, j, o.why)
            said += 1
        if not cheaper:
            assert "Ranked above" not in o.why, (o.rank, o.why)
    assert said  # each of these lists one


def test_the_reason_is_said_in_romanian() -> None:
    rec = localise_recommendation(_rec(**MIXTRAL, lang="ro"), shipped_messages(), "ro")
    why = rec.options[0].why
    assert "Ranked above" not in why, why
    # (the money's space is a no-break one, as the Romanian formatter writes it)
    assert ("Clasată înaintea opțiunii mai ieftine nr. 2 (2.390\xa0USD/lună): greutăți fp8 în loc "
            "de gptq-int4 (penalizare de calitate ×1,02 față de ×1,15) și o singură mașină în "
            "loc de 3 (×1,05 pentru un plan pe mai multe).") in why, why


# -- 2. /v1/ask: the top-ranked lead says what ranked it first --------------------------------


@pytest.mark.parametrize(("q", "words"), [  # fix/gptqq: Mixtral 8x7B at 4,000 (see MIXTRAL)
    ("How much does it cost to serve Mixtral 8x7B at 4000 tokens/s?",
     ("The top-ranked match (", "fp8 against gptq-int4, 1 machine against 3")),
    ("How many GPUs do I need for Mixtral 8x7B at 4000 tokens per second?",
     ("top-ranked setup", "fp8 against gptq-int4, 1 machine against 3")),
    ("Cât costă să servesc Mixtral 8x7B la 4000 de tokeni pe secundă?",
     ("Potrivirea cea mai bine clasată (", "fp8 față de gptq-int4, o mașină față de 3")),
])
def test_ask_top_ranked_lead_says_why(q: str, words: tuple[str, ...]) -> None:
    r = ask(q)
    recs = r.numbers.recommendations if r.numbers else []
    assert len(recs) > 1 and recs[1].per_hour_usd < recs[0].per_hour_usd, r.answer
    first = first_sentence(r)
    assert "cheapest" not in first.lower() and "cea mai ieftin" not in first.lower(), first
    for w in words:
        assert w in first, first


def test_ask_names_only_the_weights_where_they_alone_ranked_it() -> None:
    first = first_sentence(ask("How much per hour to run Llama 3.1 8B?"))
    assert ("The top-ranked match (ranked on price and the quality of its weights: fp8 "
            "against gptq-int4; a cheaper option is listed below)") in first, first
