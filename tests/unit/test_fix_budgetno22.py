"""A serving budget too small for every option says No with the figures (audit budgetno22).

1. "serve llama 3 8b for 1000 users at $2/hr budget, possible?" (and "... which setup costs the
   least?", and the Romanian) said "No offer in the catalog meets that request: the budget:
   the cheapest option that fits costs $4.41/h ... raise the budget." with no figure in the
   numbers (asked null, no recommendations). Now "No: the cheapest setup that carries it is
   21 instances of 4 x RTX 3060 at int8, $4.41/h (17.0 tokens/s per user, at vast,
   on-demand), over your budget of $2.00/h.", asked per_hour_usd 4.41 with yes false and the
   setup in numbers.recommendations: the same setup and price as the question without the
   budget. A monthly budget is said per month; a change the core found within the budget
   (spot) is said after it.
2. recommend() with no option under a budget reruns its alternatives: each rerun now plans only
   offers that could be within the budget (an offer whose least hourly price is over it cannot
   be), and the multi-node rerun only offers with a fast node network (elsewhere the plans
   are the request's own, which gave no option). Same answers, less work.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import msgspec
import pytest

import service.domain.recommend.alternatives as alternatives
from service.domain.answer.compose import AskResponse
from service.domain.recommend.context import FAST_NETWORKS
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

_EN = "serve llama 3 8b for 1000 users at $2/hr budget, possible?"
_EN_LEAST = "serve llama 3 8b for 1000 users at $2/hr budget, which setup costs the least?"
_RO = "servesc llama 3 8b pentru 1000 de utilizatori cu buget de $2/oră, e posibil?"
_FREE = "serve llama 3 8b for 1000 users, which setup costs the least?"


def _lead(r: AskResponse) -> tuple[str, int, int, str, float]:
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    o = r.numbers.recommendations[0]
    return o.offer_id, o.gpu_count, o.nodes, o.weights, o.per_hour_usd


@pytest.mark.parametrize("question", [_EN, _EN_LEAST])
def test_budget_too_small_says_no_with_the_cheapest_setup(question: str) -> None:
    free = ask(_FREE)
    r = ask(question)
    first = first_sentence(r)
    assert first.startswith("No: the cheapest setup that carries it is 21 instances of "
                            "4 × NVIDIA GeForce RTX 3060 12GB at int8"), r.answer
    assert "$4.41/h (17.0 tokens/s per user, at vast, on-demand)" in first
    assert first.endswith("over your budget of $2.00/h.")
    assert "No offer in the catalog" not in head(r)
    assert asked(r) == ("per_hour_usd", 4.41, "USD/h")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    # the setup and price the question without the budget leads with
    assert _lead(r) == _lead(free)
    assert asked(free)[1] == asked(r)[1]
    assert r.numbers.sizing is not None and r.numbers.sizing.weights == "int8"


def test_budget_too_small_romanian() -> None:
    r = ask(_RO)
    first = first_sentence(r).replace("\u00a0", " ")
    assert first.startswith("Nu: cea mai ieftină configurație care o susține este 21 de "
                            "instanțe de 4 × NVIDIA GeForce RTX 3060 12GB la int8"), r.answer
    assert "4,41 USD/oră (17,0 tokeni/s per utilizator, la vast, la cerere)" in first
    assert first.endswith("peste bugetul dumneavoastră de 2,00 USD/oră.")
    assert asked(r) == ("per_hour_usd", 4.41, "USD/h")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    assert _lead(r) == _lead(ask(_EN))


def test_monthly_budget_too_small_is_said_per_month() -> None:
    r = ask("serve llama 3 8b for 1000 users on a $1000/month budget, possible?")
    first = first_sentence(r)
    assert first.startswith("No: the cheapest setup that carries it is 21 instances of "), (
        r.answer)
    assert "$3,214/month (17.0 tokens/s per user" in first
    assert first.endswith("over your budget of $1,000/month.")
    q, value, unit = asked(r)
    assert (q, unit) == ("per_month_usd", "USD") and value == pytest.approx(3214.32, abs=0.01)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


def test_change_within_the_budget_is_said_after() -> None:
    # 70B for 50 users: spot has an option within $1/h (the core's advice), said after the No
    r = ask("serve llama 3 70b for 50 users, budget $1 per hour")
    assert first_sentence(r).startswith("No: the cheapest setup that carries it is "), r.answer
    assert "To bring it within the budget: raise the budget or allow spot." in head(r)
    assert "No offer in the catalog" not in head(r)


# -- 2. the alternatives' reruns plan only what could give an option ----------------------------


def test_reruns_with_no_answer_plan_only_what_could_be_within_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[bool, bool, float | None]] = []
    real = alternatives.rank_offers

    def spy(ctx, offers, precisions, top_n=None, ceiling=None):  # type: ignore[no-untyped-def]
        seen.append((ctx.req.allow_multi_node,
                     all(o.network in FAST_NETWORKS for o in offers), ceiling))
        return real(ctx, offers, precisions, top_n, ceiling)

    monkeypatch.setattr(alternatives, "rank_offers", spy)
    req = msgspec.convert({"model": "llama-3.1-8b", "concurrent_requests": 1000,
                           "max_usd_per_hour": 2}, RecommendationRequest)
    rec = recommend(req, catalog(), TODAY)
    assert not rec.options
    assert rec.reason is not None and rec.reason.startswith(
        "the budget: the cheapest option that fits costs $4.41/h, over your $2.00/h")
    assert seen, "no alternative was rerun"
    month_hours = 24 * 30
    # each rerun stops at the budget: no offer over $2/h is planned
    assert all(c == pytest.approx(2 * month_hours) for _, _, c in seen), seen
    multi = [fast for m, fast, _ in seen if m]
    assert multi == [True], seen  # the multi-node rerun: fast-network offers only


def test_multi_node_alternative_still_found() -> None:
    # a pre-training run whose only option is over several nodes: the multi-node rerun (now
    # over the fast-network offers only) still finds it
    req = msgspec.convert({"model": "llama-3.1-405b", "workload": "pretrain",
                           "finetune": {"method": "full"}, "training_tokens": 1e10,
                           "max_usd_per_month": 5000}, RecommendationRequest)
    rec = recommend(req, catalog(), TODAY)
    assert not rec.options
    assert [a.change for a in rec.alternatives] == ["allow multi-node"]
