"""Audit deftarget22: a GPU named was scaled to absurd counts to meet a DEFAULT target.

"how many 4090s to serve llama 3.1 70b 4bit to 20 users" answered 80 x RTX 4090 (10 instances
of 8, $27.70/h) "to meet the default targets": 1,975 ms is the first token of ONE 3,584-token
prompt on 4 x RTX 4090, so the 2 s default sat at the floor and the planner bought a replica
per user. /v1/recommendations said the same (nodes 10, users_per_replica 1, $20,019/month).
A default is a convenience, not the buyer's requirement: where it is met only by buying
replicas several times past what memory and the load need (within reach of the setup's
single-request floor), it is relaxed to the interactive limit, and the answer says so, with
the other GPU that meets it. A target the user states keeps today's behaviour.
"""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence, head


def _rec(**kw: object) -> object:
    body = {"model": "llama-3.1-70b", "weights": "awq-int4", "concurrent_requests": 20, **kw}
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)


def test_recommend_relaxes_a_default_ttft_at_the_floor() -> None:
    r = _rec(gpus=["rtx-4090"])
    o = r.options[0]  # type: ignore[attr-defined]
    # was: 10 nodes of 8 (80 GPUs), 1 user per replica, 1,975 ms, $20,019/month
    assert o.offer.gpu_count * o.nodes == 4, (o.offer.gpu_count, o.nodes)
    assert o.performance.users_per_replica == 20
    assert 2000 < o.performance.time_to_first_token_ms < 10_000
    assert o.cost.per_month_usd < 2000
    floor = [x for x in o.warnings if x.startswith("the default time-to-first-token target")]
    assert floor and "takes 80 GPUs" in floor[0] and "1,975 ms" in floor[0], o.warnings
    assert not any(x.startswith("thin margin") for x in o.warnings)
    said = [a.value for a in r.assumptions if a.name == "serving_defaults"]  # type: ignore
    assert any("relaxed from 2,000 ms" in v for v in said), said


def test_recommend_l40s_sized_by_memory_and_decode_not_the_default_ttft() -> None:
    o = _rec(gpus=["l40s"]).options[0]  # type: ignore[attr-defined]
    assert o.offer.gpu_count * o.nodes <= 4, (o.offer.gpu_count, o.nodes)  # was 16
    assert o.performance.decode_tokens_per_s_per_user >= 10  # the decode default still holds


def test_a_stated_ttft_target_keeps_its_replicas() -> None:
    o = _rec(gpus=["rtx-4090"], max_time_to_first_token_ms=2000).options[0]  # type: ignore
    assert o.offer.gpu_count * o.nodes == 80
    assert o.performance.time_to_first_token_ms <= 2000


def test_unrestricted_default_answer_unchanged() -> None:
    o = _rec().options[0]  # type: ignore[attr-defined]
    assert o.offer.gpu == "h100-sxm" and o.offer.gpu_count * o.nodes == 1
    assert o.performance.time_to_first_token_ms <= 2000


@pytest.mark.parametrize(("q", "n", "need", "floor"), [
    ("how many 4090s to serve llama 3.1 70b 4bit to 20 users", "4 ×", "80 ×", "1,975 ms"),
    ("how many RTX 4090 to serve llama 3.1 70b int4 for 10 users?", "4 ×", "40 ×",
     "1,975 ms"),
    ("Câți de 4090 îmi trebuie pentru llama 3.1 70b int4 pentru 20 de utilizatori?", "4 ×",
     "80 ×", "1.975 ms"),
    ("How many L40S to serve llama 3.1 70b int4 to 20 users?", "4 ×", "16 ×", "1,282 ms"),
])
def test_ask_counts_by_memory_and_load_and_says_the_floor(q: str, n: str, need: str,
                                                        floor: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert f"de {n}" in lead or f"needs {n}" in lead, lead
    assert "80 ×" not in lead and "16 ×" not in lead and "40 ×" not in lead, lead
    text = head(r)
    assert floor in text and need in text, text
    # the GPU that meets the default, named
    assert "H100" in text, text
    assert "Thin margin" not in r.answer and "Marjă mică" not in r.answer
    if q.startswith("Câți"):
        assert "Ținta implicită pentru primul token, de 2.000 ms, cere 80 de GPU-uri" in r.answer


def test_ask_stated_first_token_keeps_the_count() -> None:
    lead = first_sentence(ask("how many 4090s to serve llama 3.1 70b 4bit to 20 users with "
                              "first token within 2 s"))
    assert "80 ×" in lead, lead
