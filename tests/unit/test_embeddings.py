"""Embedding models in their own units (issue 19 point 6): sizing gives embeddings and tokens
embedded per second with no KV cache, decode speed or time to first token; recommendations
price them per million tokens embedded and for a job of ``job_embed_tokens``, with no
interactive serving defaults."""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 3)
EMBEDDERS = ("bge-large-en-v1.5", "e5-mistral-7b-instruct", "snowflake-arctic-embed-m")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


@pytest.mark.parametrize("model", EMBEDDERS)
def test_sizing_reports_embeddings_not_tokens_generated(catalog: Catalog, model: str) -> None:
    assert catalog.registry.model(model).task == "embed"
    r = size(SizingRequest(model=model, gpu="l40s", batch_size=32, input_tokens=512,
                           output_tokens=1), catalog)
    p = r.performance
    assert r.fits and p is not None
    assert p.embeddings_per_s and p.embedded_tokens_per_s
    assert p.embedded_tokens_per_s == pytest.approx(p.embeddings_per_s * 512)
    assert p.decode_tokens_per_s is None and p.time_to_first_token_ms is None
    assert p.time_per_output_token_ms is None
    assert r.memory.kv_cache_gib == 0.0 and r.kv_cache_bytes_per_token is None
    assert all(f.decode_tokens_per_s is None for f in r.fits_on)
    assert any(a.name == "embedding_speed" for a in r.assumptions)


def test_embedding_speed_follows_the_compute(catalog: Catalog) -> None:
    """A forward pass is compute-bound: an H100 embeds several times faster than an L4, and
    a batch of longer inputs embeds fewer inputs per second."""
    def tps(gpu: str, tokens: int = 512) -> tuple[float, float]:
        p = size(SizingRequest(model="bge-large-en-v1.5", gpu=gpu, batch_size=32,
                               input_tokens=tokens, output_tokens=1), catalog).performance
        assert p is not None and p.embedded_tokens_per_s and p.embeddings_per_s
        return p.embedded_tokens_per_s, p.embeddings_per_s
    assert tps("h100-sxm")[0] > 3 * tps("l4")[0]
    assert tps("l4", 512)[1] < tps("l4", 128)[1]


def test_recommendations_price_embeddings_per_million_tokens(catalog: Catalog) -> None:
    r = recommend(msgspec.convert({"model": "bge-large-en-v1.5", "workload": "serving",
                                   "context_tokens": 512, "output_tokens": 1},
                                  RecommendationRequest), catalog, TODAY)
    assert r.options, r.reason
    assert "serving_defaults" not in {a.name for a in r.assumptions}
    for o in r.options:
        perf, cost = o.performance, o.cost
        assert perf.embedded_tokens_per_s and perf.embeddings_per_s
        assert perf.decode_tokens_per_s_per_user is None
        assert perf.time_to_first_token_ms is None
        spot = 1 + (cost.expected_spot_overhead_pct or 0) / 100
        assert cost.per_million_tokens_embedded_usd == pytest.approx(
            cost.per_hour_usd * spot * 1e6 / (perf.embedded_tokens_per_s * 3600), rel=1e-3)
        assert "embeddings/s" in o.why and "per million tokens" in o.why
        assert o.weights in ("bf16", "fp16")  # its own precision, not auto-quantized


def test_an_embedding_job_is_priced_in_all(catalog: Catalog) -> None:
    r = recommend(msgspec.convert({"model": "e5-mistral-7b-instruct", "workload": "batch",
                                   "context_tokens": 1024, "output_tokens": 1,
                                   "job_embed_tokens": 1e10}, RecommendationRequest),
                  catalog, TODAY)
    assert r.options, r.reason
    for o in r.options:
        perf = o.performance
        assert perf.embedded_tokens_per_s and perf.job_hours
        assert perf.job_hours == pytest.approx(1e10 / perf.embedded_tokens_per_s / 3600,
                                               rel=1e-6)
        assert o.cost.per_job_usd is not None and o.cost.per_month_usd is None


def test_an_embedding_request_needs_no_output_tokens(catalog: Catalog) -> None:
    """A 512-token embedder asked about at its own context with the defaults (output_tokens
    512, which an embedder never generates) is answered; an LLM asked the same is told that
    its output does not fit in its context, at the field's path."""
    req = msgspec.convert({"model": "bge-large-en-v1.5", "context_tokens": 512},
                          RecommendationRequest)
    assert req.output_tokens >= req.context_tokens
    r = recommend(req, catalog, TODAY)
    assert r.options and r.options[0].performance.embeddings_per_s
    llm = msgspec.convert({"model": "llama-3.1-8b", "context_tokens": 512},
                          RecommendationRequest)
    with pytest.raises(InvalidInput) as err:
        recommend(llm, catalog, TODAY)
    assert err.value.path == "$.output_tokens"
    assert "smaller than context_tokens" in err.value.message


def test_an_embedders_batch_is_bounded_by_the_engine_not_a_placeholder(catalog: Catalog
                                                                      ) -> None:
    """No KV cache: memory does not grow with the batch, so the largest batch was the search's
    1,000,000 cap; it is the engine's max_num_seqs."""
    r = size(msgspec.convert({"model": "bge-large-en-v1.5", "gpu": "l4", "input_tokens": 512,
                              "output_tokens": 0}, SizingRequest), catalog)
    engine = catalog.registry.engines[r.engine]
    assert r.max_batch_size == engine.speed.max_num_seqs


def test_sizing_prices_a_million_tokens_embedded(catalog: Catalog) -> None:
    r = size(msgspec.convert({"model": "bge-large-en-v1.5", "gpu": "l4", "input_tokens": 512,
                              "output_tokens": 0, "price_per_gpu_hour_usd": 0.7},
                             SizingRequest), catalog)
    assert r.performance is not None and r.cost is not None
    rate = r.performance.embedded_tokens_per_s
    assert rate and r.cost.per_million_tokens_embedded_usd == pytest.approx(
        0.7 / (3600 * rate) * 1e6)
    assert r.cost.per_million_output_tokens_usd is None
