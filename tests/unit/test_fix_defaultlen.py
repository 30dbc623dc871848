"""One default request shape everywhere (task defaultlen, audit buyer17b #11): /v1/sizing
defaulted to 2,048 prompt tokens while /v1/recommendations and /v1/ask size 4,096 tokens of
context, 3,584 in and 512 out, so the same setup gave two answers (Mixtral 8x7B fp8 on an A100
at 16 users: TTFT 505 against 849 ms, full load 1,018 against 614 tokens/s). Now the three
read one default (``fields.DEFAULT_CONTEXT_TOKENS``) and agree; sizing says the lengths it
assumed in a ``request_tokens`` assumption."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.numbers.context import (
    ASK_CONTEXT_TOKENS,
    ASK_OUTPUT_TOKENS,
    ASK_PROMPT_TOKENS,
)
from service.domain.fields import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
)
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def test_one_default_request_shape() -> None:
    assert DEFAULT_INPUT_TOKENS + DEFAULT_OUTPUT_TOKENS == DEFAULT_CONTEXT_TOKENS == 4096
    assert (DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS) == (3584, 512)
    s = SizingRequest(model="llama-3.1-8b")
    assert (s.input_tokens, s.output_tokens) == (DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS)
    r = RecommendationRequest(model="llama-3.1-8b")
    assert (r.context_tokens, r.output_tokens) == (DEFAULT_CONTEXT_TOKENS, DEFAULT_OUTPUT_TOKENS)
    assert (ASK_CONTEXT_TOKENS, ASK_PROMPT_TOKENS, ASK_OUTPUT_TOKENS) == (
        DEFAULT_CONTEXT_TOKENS, DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS)


# the audit's three setups: (sizing body, the same question to /v1/ask)
SETUPS = [
    ({"model": "mixtral-8x7b", "gpu": "A100 80GB", "weights": "fp8", "batch_size": 16},
     "mixtral 8x7b at fp8 on an A100 80GB with 16 concurrent users: tokens per second and "
     "time to first token?"),
    ({"model": "qwen3-30b-a3b", "gpu": "L40S", "gpu_count": 2, "batch_size": 32},
     "qwen3-30b-a3b on 2 L40S with 32 concurrent users: tokens per second and time to first "
     "token?"),
    ({"model": "deepseek-v3", "gpu": "H200", "gpu_count": 8, "batch_size": 64},
     "deepseek-v3 on 8 H200 with 64 concurrent users: tokens per second and time to first "
     "token?"),
]


@pytest.mark.parametrize(("body", "question"), SETUPS, ids=["mixtral", "qwen3", "deepseek"])
def test_sizing_without_lengths_is_the_ask_answer(body: dict[str, object],
                                                  question: str) -> None:
    r = _size(**body)
    p = r.performance
    assert p is not None and p.time_to_first_token_ms is not None
    assert p.max_throughput_tokens_per_s is not None
    # the default is the one the answers size: the same as stating it
    stated = _size(**body, input_tokens=3584, output_tokens=512).performance
    assert stated is not None
    assert p.time_to_first_token_ms == stated.time_to_first_token_ms
    assert p.max_throughput_tokens_per_s == stated.max_throughput_tokens_per_s
    a = ask(question)
    assert asked(a)[:3] == ("time_to_first_token_ms", pytest.approx(p.time_to_first_token_ms),
                            "ms"), a.answer
    assert "for a 3,584-token prompt" in head(a), a.answer
    assert f"at full load: {round(p.max_throughput_tokens_per_s):,} tokens/s" in head(a), (
        a.answer)
    assert a.numbers is not None and a.numbers.sizing is not None
    assert a.numbers.sizing.context_tokens == 4096


def test_mixtral_sizing_no_longer_sized_at_2048() -> None:
    p = _size(**SETUPS[0][0]).performance
    assert p is not None and p.time_to_first_token_ms is not None
    assert p.max_throughput_tokens_per_s is not None
    # was 505 ms and 1,018 tokens/s at 2,048 in (the ask answer: 849 ms, 614 tokens/s)
    assert round(p.time_to_first_token_ms) == 849
    assert round(p.max_throughput_tokens_per_s) == 614


def test_sizing_without_lengths_is_the_recommendation() -> None:
    # /v1/recommendations with no context_tokens or output_tokens, on the same GPU and load
    rec = recommend(msgspec.convert(
        {"model": "mixtral-8x7b", "weights": "fp8", "gpus": ["a100-sxm-80gb"],
         "concurrent_requests": 16, "top_n": 1}, RecommendationRequest),
        catalog(), TODAY, explain=False)
    assert rec.options, rec.reason
    o = rec.options[0]
    assert (o.offer.gpu, o.fit.gpus_per_replica, o.performance.users_per_replica) == (
        "a100-sxm-80gb", 1, 16)
    s = _size(model="mixtral-8x7b", gpu="a100-sxm-80gb", weights="fp8", batch_size=16)
    p = s.performance
    assert p is not None and p.time_to_first_token_ms is not None
    assert o.performance.time_to_first_token_ms == pytest.approx(p.time_to_first_token_ms)
    assert o.performance.decode_tokens_per_s_per_user == pytest.approx(
        p.output_tokens_per_s_per_user)
    assert o.performance.output_tokens_per_s_at_load == pytest.approx(p.output_tokens_per_s)


def test_sizing_says_the_lengths_it_assumed() -> None:
    r = _size(model="mixtral-8x7b", gpu="A100 80GB", weights="fp8", batch_size=16)
    a = {x.name: x for x in r.assumptions}["request_tokens"]
    assert a.value == "3584 in, 512 out"
    assert "4,096 tokens of context" in a.reason
    assert "input_tokens not given: the default (3,584)" in a.reason
    assert "/v1/recommendations and /v1/ask" in a.reason
    r = _size(model="mixtral-8x7b", gpu="A100 80GB", weights="fp8", input_tokens=8000)
    a = {x.name: x for x in r.assumptions}["request_tokens"]
    assert a.value == "8000 in, 512 out"
    assert "input_tokens as asked (8,000)" in a.reason
    assert "output_tokens not given: the default (512)" in a.reason
    assert "8,512 tokens of context" in a.reason and "one default request" not in a.reason


def test_the_spec_states_the_default() -> None:
    schema = msgspec.json.schema(SizingRequest)
    props = schema["$defs"]["SizingRequest"]["properties"]
    assert props["input_tokens"]["default"] == 3584
    assert "default 3,584" in props["input_tokens"]["description"]
    assert "4,096 tokens of context" in props["output_tokens"]["description"]
