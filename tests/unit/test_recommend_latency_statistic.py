"""A latency target in /v1/recommendations is compared with the MEAN time to first token and
time per output token at the stated load (the serving model's figures, as /v1/sizing says);
a user who states "TTFT <= 500 ms" under random arrivals often means a tail percentile, so the
answer says which statistic it checked and that tails run above it (an audit found nothing
in options, assumptions or why naming it)."""

from __future__ import annotations

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog


def _names(**kw: object) -> dict[str, str]:
    rec = recommend(RecommendationRequest(**kw), catalog(), TODAY)  # type: ignore[arg-type]
    return {a.name: a.value + " | " + a.reason for a in rec.assumptions}


def test_a_stated_ttft_target_says_it_is_checked_against_the_mean() -> None:
    got = _names(model="llama-3.1-8b", target_requests_per_s=20, context_tokens=2500,
                 output_tokens=500, max_time_to_first_token_ms=500)
    said = got["latency_statistic"]
    assert said.startswith("means at the stated load")
    assert "p99" in said and "tail" in said


def test_a_stated_decode_target_says_it_too() -> None:
    got = _names(model="llama-3.1-8b", min_decode_tokens_per_s=30)
    assert "latency_statistic" in got


def test_a_job_with_no_latency_target_does_not() -> None:
    got = _names(model="llama-3.1-8b", workload="batch", context_tokens=4096,
                 output_tokens=512)
    assert "latency_statistic" not in got
