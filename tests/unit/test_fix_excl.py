"""/v1/ask carries the buyer's constraints as /v1/recommendations does: a provider left out
("excluding Hyperstack", "but not on primeintellect or verda", "fără Hyperstack") is an
``exclude_providers``, never the provider asked for, and the answer's offers agree with the
recommendations' for the same request; a latency target with no length stated is checked at
the recommendations' default context (4,096 tokens), said in the answer; the cheapest
fine-tune follows the recommendations' default (spot, on-demand beside it) and a total budget
("Budget $150 total", "buget de 150 USD în total") is said to be met or not."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import job_budget
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, head

_SERVE = "Which cloud GPU should I rent to serve Llama 3.1 8B"
_SERVE_RO = "Ce GPU să închiriez ca să servesc Llama 3.1 8B"

# (question, providers left out, regions)
_EXCLUDED: list[tuple[str, set[str], list[str] | None]] = [
    (f"{_SERVE}, excluding Hyperstack?", {"hyperstack"}, None),
    (f"{_SERVE}, but not on primeintellect or verda?", {"primeintellect", "verda"}, None),
    (f"{_SERVE} without using vast?", {"vast"}, None),
    (f"{_SERVE}, excluding RunPod?", {"runpod"}, None),
    (f"{_SERVE} in Germany, not on Hyperstack?", {"hyperstack"}, ["de"]),
    (f"{_SERVE}, except Hyperstack, RunPod or Vast?", {"hyperstack", "runpod", "vast"}, None),
    (f"{_SERVE} at any provider other than Hyperstack?", {"hyperstack"}, None),
    (f"{_SERVE} on anything but Hyperstack?", {"hyperstack"}, None),
    (f"{_SERVE_RO}, fără Hyperstack?", {"hyperstack"}, None),
    (f"{_SERVE_RO}, în afară de Hyperstack și RunPod?", {"hyperstack", "runpod"}, None),
    (f"{_SERVE_RO} în Germania, nu pe Hyperstack?", {"hyperstack"}, ["de"]),
    (f"{_SERVE_RO}, exclus Hyperstack?", {"hyperstack"}, None),
]


@pytest.mark.parametrize(("question", "left_out", "regions"), _EXCLUDED)
def test_a_provider_left_out_is_excluded_never_the_one_asked_for(
        question: str, left_out: set[str], regions: list[str] | None) -> None:
    r = ask(question)
    assert r.details is not None and r.details.provider is None, r.details
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    assert not {o.provider for o in r.numbers.recommendations} & left_out, r.answer
    req = RecommendationRequest(model="llama-3.1-8b", exclude_providers=sorted(left_out),
                                regions=regions, top_n=3)
    rec = recommend(req, catalog(), TODAY, explain=False)
    lead = r.numbers.recommendations[0]
    assert (lead.provider, lead.per_hour_usd) == (
        rec.options[0].offer.provider, rec.options[0].cost.per_hour_usd), r.answer
    for name in left_out:  # the answer says which providers it left out
        assert name in head(r).lower(), head(r)


def test_a_provider_asked_for_beside_one_left_out_is_still_asked_for() -> None:
    r = ask(f"{_SERVE} on RunPod, not on Vast?")
    assert r.details is not None and r.details.provider == "runpod"
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    assert {o.provider for o in r.numbers.recommendations} == {"runpod"}


@pytest.mark.parametrize(("question", "words"), [
    ("serve Llama 3.1 8B, excluding Hyperstack", ("hyperstack",)),
    ("serve Llama 3.1 8B but not on primeintellect or verda", ("primeintellect", "verda")),
    ("servesc Llama 3.1 8B fără Hyperstack sau RunPod", ("hyperstack", "runpod")),
    ("servesc Llama 3.1 8B nu pe Vast", ("vast",)),
    ("serve Llama 3.1 8B on Google Cloud", ()),
    ("serve Llama 3.1 8B exclusively on RunPod", ()),  # only RunPod, none left out
])
def test_the_providers_left_out_are_read(question: str, words: tuple[str, ...]) -> None:
    got = stated(question, catalog().registry).exclude_providers
    assert set(words) <= set(got), got
    if not words:
        assert not got


@pytest.mark.parametrize(("question", "ctx"), [
    ("Cheapest GPU to serve Llama 3.1 8B with time to first token under 200 ms",
     "4,096 tokens of context (3,584 in, 512 out)"),
    ("Cel mai ieftin GPU ca să servesc Llama 3.1 8B cu timp până la primul token sub 200 ms",
     "4.096 de tokeni de context (3.584 de intrare, 512 de ieșire)"),
])
def test_a_latency_target_is_met_at_the_recommendations_default_context(
        question: str, ctx: str) -> None:
    r = ask(question)
    rec = recommend(RecommendationRequest(model="llama-3.1-8b", max_time_to_first_token_ms=200,
                                          top_n=3), catalog(), TODAY, explain=False)
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    lead = r.numbers.recommendations[0]
    assert (lead.offer_id, lead.per_hour_usd) == (
        rec.options[0].offer.id, rec.options[0].cost.per_hour_usd), r.answer
    ttft = rec.options[0].performance.time_to_first_token_ms
    assert ttft is not None and r.numbers.asked is not None
    assert r.numbers.asked.value == pytest.approx(ttft), r.answer
    assert ctx in head(r), head(r)  # the context the latency is for is said


_FT = "What is the cheapest way to LoRA fine-tune Llama 3.1 8B on 1 billion tokens?"
_FT_RO = ("Care e cel mai ieftin mod să fac fine-tuning LoRA la Llama 3.1 8B pe 1 miliard de "
          "tokeni?")


def _ft_rec(interruptible: bool | None) -> Recommendation:
    req = msgspec.convert({"model": "llama-3.1-8b", "workload": "finetune",
                           "training_tokens": 1_000_000_000, "finetune": {"method": "lora"},
                           "allow_multi_node": True, "interruptible": interruptible,
                           "top_n": 1}, RecommendationRequest)
    return recommend(req, catalog(), TODAY, explain=False)


@pytest.mark.parametrize(("question", "spot", "budget"), [
    (f"{_FT} Budget $150 total.", "spot", "within your total budget of $150"),
    (f"{_FT} Budget $5 total.", "spot", "over your total budget of $5"),
    (f"{_FT} Keep it under $150.", "spot", "within your total budget of $150"),
    (f"{_FT_RO} Buget de 150 USD în total.", "spot", "în bugetul total de 150"),
    (f"{_FT_RO} Buget de 5 USD în total.", "spot", "depășește bugetul total de 5"),
])
def test_the_cheapest_fine_tune_follows_the_recommendations_default_and_the_budget(
        question: str, spot: str, budget: str) -> None:
    r = ask(question)
    rec, od = _ft_rec(None), _ft_rec(False)
    o, d = rec.options[0], od.options[0]
    assert o.pricing_model == "spot" and d.pricing_model == "on_demand"
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    assert r.numbers.recommendations[0].offer_id == o.offer.id, r.answer
    assert r.numbers.asked is not None
    assert r.numbers.asked.value == pytest.approx(o.cost.per_job_usd), r.answer
    text = head(r)
    assert spot in text and d.offer.provider in text, text  # on-demand price beside it
    assert budget in text, text


def test_on_demand_asked_keeps_the_on_demand_fine_tune() -> None:
    r = ask(f"{_FT} On demand only.")
    d = _ft_rec(False).options[0]
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.value == pytest.approx(d.cost.per_job_usd), r.answer


@pytest.mark.parametrize(("text", "usd"), [
    ("Budget $150 total.", 150.0), ("keep it under $150", 150.0), ("$150 in total", 150.0),
    ("Buget de 150 USD în total.", 150.0), ("sub 150 de dolari", 150.0),
    ("under $2/h", None), ("budget $500 a month", None), ("$50/day", None),
])
def test_a_total_budget_is_read(text: str, usd: float | None) -> None:
    assert job_budget(text) == usd
