"""Audit 31d's format, context and specification defects (#4, #5, #6, #9), EN and RO: a dense
model "in MXFP4" sized as if engines ran it, Command R's documented 128K context refused,
Qwen2.5-Coder's YaRN context refused, and a model's configuration asked answered with a
memory figure. Each test fails on the tree before the fix, except those named guards."""

from __future__ import annotations

import datetime as dt

import pytest

from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.kb_fixtures import ask, catalog, head


def test_dense_model_in_mxfp4_is_refused_by_sizing() -> None:
    # vLLM's Mxfp4Config runs MXFP4 on fused MoE layers only ("Mxfp4 linear layer is not
    # implemented"): it was runs=true at 7.5 GiB on an H100
    with pytest.raises(InvalidInput) as e:
        size(SizingRequest(model="llama-3.1-8b", gpu="h100", engine="vllm", weights="mxfp4"),
             catalog())
    msg = str(e.value)
    assert "a language model, is sized in weights" in msg and "bf16" in msg
    assert "not mxfp4" in msg and "mxfp4" not in msg.split("; not")[0]


def test_dense_model_in_mxfp4_is_refused_by_recommendations() -> None:
    with pytest.raises(InvalidInput):
        recommend(RecommendationRequest(model="llama-3.1-8b", weights="mxfp4"), catalog(),
                  dt.date(2026, 12, 7))


def test_moe_model_in_mxfp4_still_sized() -> None:
    # a guard (passes on the base too): gpt-oss ships its experts in MXFP4
    r = size(SizingRequest(model="gpt-oss-120b", gpu="h100", engine="vllm", weights="mxfp4"),
             catalog())
    assert r.runs is not False and r.weights == "mxfp4"


@pytest.mark.parametrize("q", ["Can I run Llama 3.1 8B in MXFP4 on an H100 with vLLM?",
                               "Pot rula Llama 3.1 8B în MXFP4 pe un H100 cu vLLM?"])
def test_dense_model_in_mxfp4_said_in_ask(q: str) -> None:
    h = head(ask(q))
    assert "mxfp4" in h
    assert ("is not run in mxfp4" in h) or ("nu rulează în mxfp4" in h)
    assert "7.5 GiB" not in h and "7,5 GiB" not in h


def test_command_r_plus_takes_its_documented_128k() -> None:
    r = size(SizingRequest(model="command-r-plus-104b", gpu="h100", gpu_count=4,
                           input_tokens=100_000), catalog())
    assert r.runs is not False
    assert not any("accepts at most 8,192" in w for w in r.warnings)


@pytest.mark.parametrize("q", [
    "Can Command R+ handle a 100k token context on 2 H100?",
    "Poate Command R+ să lucreze cu un context de 100k tokeni pe 2 H100?"])
def test_command_r_plus_100k_not_refused_in_ask(q: str) -> None:
    h = head(ask(q))
    assert "8,192" not in h and "8.192" not in h
    assert "whatever the memory" not in h


def test_qwen_coder_128k_with_yarn() -> None:
    r = size(SizingRequest(model="qwen2.5-coder-32b", gpu="h200", input_tokens=131_072 - 512,
                           output_tokens=512), catalog())
    assert r.runs is not False
    assert any("YaRN rope scaling turned on" in w for w in r.warnings)


@pytest.mark.parametrize(("q", "quantity", "value", "text"), [
    ("What is the context length of Qwen3-32B?", "max_context_tokens", 40_960, "131,072"),
    ("Ce lungime de context are Qwen3-32B?", "max_context_tokens", 40_960, "131.072"),
    ("What is the max context of Llama 3.1 8B?", "max_context_tokens", 131_072, "131,072"),
    ("How many KV heads does Llama 3.3 70B have?", "kv_heads", 8, "8 KV heads"),
    ("Câte capete KV are Llama 3.3 70B?", "kv_heads", 8, "8 capete KV"),
    ("How many layers does Llama 3.1 70B have?", "layers", 80, "80 layers"),
    ("Câte straturi are Qwen2.5 7B?", "layers", 28, "28 de straturi"),
    ("What is the vocab size of Llama 3.1 8B?", "vocab_size", 128_256, "128,256"),
])
def test_spec_asked_is_answered(q: str, quantity: str, value: int, text: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == quantity and r.numbers.asked.value == value
    h = head(r)
    assert text in h
    assert "GiB" not in h.split(".")[0]


@pytest.mark.parametrize("q", ["What is the maximum context of Llama 3.1 8B on an L4?",
                               "How much VRAM for Qwen3-32B with a context length of 32k?"])
def test_spec_reading_leaves_sizing_questions(q: str) -> None:
    # guards (pass on the base too): a GPU named or memory asked is still sized
    r = ask(q)
    assert "GiB" in head(r)
