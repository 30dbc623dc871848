"""Per-unit costs of an option: $/1M output tokens at saturation and at the stated load, and
$/1k images for diffusion (shipped catalog)."""

from __future__ import annotations

import datetime as dt
from functools import cache

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.paths import default_data_dir


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def rec(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(),
                     dt.date(2026, 12, 3))


def test_a_one_user_endpoint_pays_more_per_token_than_at_saturation() -> None:
    r = rec(model="llama-3.1-8b", workload="serving", concurrent_requests=1)
    for o in r.options:
        c, perf = o.cost, o.performance
        assert c.per_million_output_tokens_usd and c.per_million_output_tokens_at_load_usd
        assert c.per_million_output_tokens_at_load_usd > c.per_million_output_tokens_usd
        load_tps = perf.output_tokens_per_s_at_load  # what the setup produces at the load
        assert load_tps is not None
        expected = c.per_hour_usd / (3600 * load_tps) * 1e6
        assert abs(c.per_million_output_tokens_at_load_usd - expected) <= 0.01 * expected


def test_at_load_never_below_saturation() -> None:
    r = rec(model="llama-3.1-8b", workload="serving", concurrent_requests=500)
    for o in r.options:
        c = o.cost
        assert c.per_million_output_tokens_at_load_usd is not None
        assert c.per_million_output_tokens_usd is not None
        assert c.per_million_output_tokens_at_load_usd >= c.per_million_output_tokens_usd * 0.999


def test_diffusion_options_price_a_thousand_images() -> None:
    r = rec(model="sdxl", workload="batch", job_images=10_000)
    assert r.options
    for o in r.options:
        ips = o.performance.images_per_s
        assert ips and o.cost.per_thousand_images_usd
        # a spot option counts spot's expected overhead, as the other unit costs do
        spot = 1 + (o.cost.expected_spot_overhead_pct or 0.0) / 100
        expected = o.cost.per_hour_usd * spot / (3600 * ips) * 1000
        assert abs(o.cost.per_thousand_images_usd - expected) <= 0.01 * expected
