"""Targets of POST /v1/recommendations on models that are not LLMs: a request rate sizes a
speech model's replicas, a token target on an image, speech or embedding model is a 400 at
its field (README: "Fields that do not apply are refused, never silently dropped"), and an
embedding request that states no context is priced at the model's own input length without
a warning about a context nobody asked for."""

from __future__ import annotations

import pytest

from service.domain.errors import InvalidInput
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S
from service.domain.sizing.sizing import HEADROOM_LOAD
from tests.unit.rec_fixtures import real


def _gpus(rec: object) -> int:
    o = rec.options[0]  # type: ignore[attr-defined]
    return int(o.offer.gpu_count * o.nodes)


def test_whisper_rate_sizes_replicas() -> None:
    low = real(model="whisper-large-v3", target_requests_per_s=0.1)
    high = real(model="whisper-large-v3", target_requests_per_s=500)
    assert low.options and high.options
    assert _gpus(high) > _gpus(low)
    for rec, rate in ((low, 0.1), (high, 500)):
        o = rec.options[0]
        audio = o.performance.audio_seconds_per_s
        assert audio is not None
        # each request one 30 s window, the replicas at most 80 % busy
        assert rate * WHISPER_WINDOW_S <= HEADROOM_LOAD * audio + 1e-6
    said = {a.name: a for a in high.assumptions}
    assert "request_audio_seconds" in said
    assert "30" in said["request_audio_seconds"].value


def test_whisper_rate_floor_of_concurrency_kept() -> None:
    both = real(model="whisper-large-v3", target_requests_per_s=0.1, concurrent_requests=200)
    alone = real(model="whisper-large-v3", concurrent_requests=200)
    assert _gpus(both) >= _gpus(alone)


def test_generated_audio_rate_refused() -> None:
    with pytest.raises(InvalidInput) as err:
        real(model="musicgen-medium", target_requests_per_s=5)
    assert err.value.path == "$.target_requests_per_s"


@pytest.mark.parametrize("model", ["sdxl", "whisper-large-v3", "bge-large-en-v1.5"])
@pytest.mark.parametrize(("field", "value"), [
    ("max_time_to_first_token_ms", 500), ("min_decode_tokens_per_s", 100),
    ("target_output_tokens_per_s", 1000)])
def test_token_targets_refused_off_llms(model: str, field: str, value: float) -> None:
    with pytest.raises(InvalidInput) as err:
        real(model=model, **{field: value})
    assert err.value.path == f"$.{field}"
    assert "target_requests_per_s" in err.value.message


def test_embedding_output_target_refused_with_context() -> None:
    with pytest.raises(InvalidInput) as err:
        real(model="bge-large-en-v1.5", context_tokens=512, target_output_tokens_per_s=100000)
    assert err.value.path == "$.target_output_tokens_per_s"
    assert "generates no tokens" in err.value.message


def test_llm_targets_still_accepted() -> None:
    rec = real(model="llama-3.1-8b", max_time_to_first_token_ms=2000,
               min_decode_tokens_per_s=20, target_output_tokens_per_s=100)
    assert rec.options


def test_embedding_without_context_priced_at_its_own_limit() -> None:
    rec = real(model="bge-large-en-v1.5", concurrent_requests=500)
    assert rec.options
    names = {a.name for a in rec.assumptions}
    assert "context_over_model_limit" not in names
    assert not any("max_context" in w for o in rec.options for w in o.warnings)
    o = rec.options[0]
    assert o.performance.embedded_tokens_per_s and o.performance.embeddings_per_s
    # inputs of 512 tokens, the model's own limit
    assert o.performance.embedded_tokens_per_s / o.performance.embeddings_per_s == \
        pytest.approx(512)


def test_embedding_rate_without_context_counts_512_token_requests() -> None:
    # a request with no context stated is one input of the model's 512 tokens: fewer GPUs
    # than requests of 2,048 stated tokens (before: 4,096-token requests, more)
    bare = real(model="bge-large-en-v1.5", target_requests_per_s=2000)
    longer = real(model="bge-large-en-v1.5", target_requests_per_s=2000, context_tokens=2048)
    o = bare.options[0]
    assert o.performance.embeddings_per_s is not None
    assert HEADROOM_LOAD * o.performance.embeddings_per_s + 1e-6 >= 2000
    assert _gpus(bare) < _gpus(longer)


def test_embedding_stated_context_over_limit_still_warned() -> None:
    rec = real(model="bge-large-en-v1.5", context_tokens=8192)
    assert "context_over_model_limit" in {a.name for a in rec.assumptions}
    assert any("max_context" in w for w in rec.options[0].warnings)
