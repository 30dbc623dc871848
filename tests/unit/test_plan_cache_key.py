"""The shared plan cache is keyed by every field a plan reads: an embedding job's size was
missing, so a 10B-token job answered after a 1B-token one (same model, GPU and context) was
served the 1B plan: $0.74 for the job instead of about $7 (CI, 2026-12-04)."""

from __future__ import annotations

import msgspec

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog


def _job_usd(tokens: float) -> float:
    req = msgspec.convert({"model": "bge-large-en-v1.5", "workload": "batch",
                           "job_embed_tokens": tokens, "context_tokens": 512,
                           "gpus": ["l40s"], "interruptible": False, "top_n": 1},
                          RecommendationRequest)
    rec = recommend(req, catalog(), TODAY, explain=False)
    assert rec.options and rec.options[0].cost.per_job_usd is not None, rec.reason
    return rec.options[0].cost.per_job_usd


def test_a_job_of_another_size_is_not_served_a_cached_plan() -> None:
    small = _job_usd(1e10)
    large = _job_usd(1e11)
    # ten times the tokens: close to ten times the cost (billing steps and storage aside;
    # jobs of hours, so a minimum bill does not flatten the smaller one)
    assert 7 * small < large < 11 * small, (small, large)
    assert _job_usd(1e10) == small
