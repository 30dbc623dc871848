"""Audit cmpttft: a GPU comparison with a load sized each side by memory alone and ignored the
serving targets the recommendations apply. "H200 vs H100 for Llama 3.1 70B bf16 at 64k
context with 8 users" gave 4 x H200 (2 replicas of 2) at about $5,746/month with the first
token after about 41 s, where /v1/recommendations, holding the default target of 2 s per
8,192 prompt tokens (about 15.9 s here), picks 8 x H200 (~15.8 s). Each side whose memory
count misses the targets is now the recommendations' setup on that GPU (its count, machines,
hourly price and speeds), the memory's count said with its miss; the lead and the verdicts
name the machines as rented ("2 instances of 4 x A10G", not "8 x A10G")."""

from __future__ import annotations

import msgspec

from service.domain.recommend.context import default_ttft_ms
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog

EN = "H200 vs H100 for Llama 3.1 70B bf16 at 64k context with 8 users, which one and how many?"
RO = "H200 sau H100 pentru Llama 3.1 70B bf16 cu context de 64k și 8 utilizatori: care și câte?"


def _rec(gid: str, users: int, context: int, model: str = "llama-3.1-70b") -> tuple[int, float]:
    req = msgspec.convert({"model": model, "weights": "bf16", "gpus": [gid],
                           "context_tokens": context, "concurrent_requests": users,
                           "output_tokens": 512}, RecommendationRequest)
    o = recommend(req, catalog(), TODAY).options[0]
    return o.offer.gpu_count * o.nodes, o.cost.per_hour_usd


def _sides(question: str) -> dict[str, tuple[int, float, float]]:
    r = ask(question)
    assert r.numbers is not None, r.answer
    return {c.gpu: (c.gpu_count, c.per_hour_usd or 0.0, c.time_to_first_token_ms or 0.0)
            for c in r.numbers.compared}


def test_each_side_is_the_recommendations_setup_en() -> None:
    sides = _sides(EN)
    target = default_ttft_ms(65536 - 512)
    for gid in ("h200-sxm", "h100-sxm"):
        n, hour = _rec(gid, 8, 65536)
        got_n, got_hour, ttft = sides[gid]
        assert (got_n, round(got_hour, 2)) == (n, round(hour, 2)), sides
        assert ttft <= target, sides  # it was 41,449 ms on 4 x H200


def test_the_memory_count_and_its_miss_are_said_en() -> None:
    text = ask(EN).answer.split("\n\n")[0]
    assert ("4 × NVIDIA H200 SXM 141GB (2 replicas, 2 GPUs per replica) hold them all but miss "
            "the default targets the recommendations hold interactive serving to") in text, text
    assert "the recommendations' setup on it, 8 × NVIDIA H200 SXM 141GB, meets them" in text
    assert "about $5,746/month" not in text, text  # the memory count's month, no longer offered


def test_each_side_is_the_recommendations_setup_ro() -> None:
    sides = _sides(RO)
    for gid in ("h200-sxm", "h100-sxm"):
        n, _ = _rec(gid, 8, 65536)
        assert sides[gid][:1] == (n,), sides
    text = ask(RO).answer.split("\n\n")[0]
    assert "configurația recomandărilor pe el, 8 × NVIDIA H200 SXM 141GB, le atinge" in text, text
    assert "41.449 ms, 14,4 de tokeni" not in text and "14,4 tokeni/s per utilizator)" in text


def test_a_side_that_meets_the_targets_keeps_its_memory_count() -> None:
    # 4 x H100 hold 40 users of 70B within 2 s and over 10 tokens/s: unchanged
    r = ask("A100 vs H100 for llama 3.1 70b with 40 users: cost per month each?")
    assert r.numbers is not None
    h100 = next(c for c in r.numbers.compared if c.gpu == "h100-sxm")
    assert h100.gpu_count == 4, r.answer


def test_the_lead_names_the_machines_as_rented() -> None:
    # the recommendations rent 8 x A10G as 2 machines of 4 (AWS has no 8-GPU A10G machine):
    # the lead said "8 x A10G" where the row said 2 separate machines of 4
    r = ask("A10G vs L4 for qwen2.5 14b with 30 users: cost per month each?")
    lead = r.answer.split(". ")[0]
    assert "for 2 instances of 4 × NVIDIA A10G 24GB (AWS)" in lead, r.answer
