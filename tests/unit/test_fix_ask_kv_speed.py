"""POST /v1/ask (English and Romanian): the KV cache for the users stated and at the KV cache
precision stated ("fp8 kv cache"); a time per output token asked with users and a GPU count
answered at that count, with the input and output tokens stated ("1k in 1k out"); "can I serve
... on 4x L40S" answered yes or no for the count stated, the minimum beside it; and the cost
of a million output tokens at the users stated, as /v1/recommendations prices the same offer
at that load (``per_million_output_tokens_at_load_usd``)."""

from __future__ import annotations

import math

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.answer.numbers.context import gpu_count_for_users
from service.domain.answer.understand import extract
from service.domain.catalog.precisions import find_kv_type
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, machine_price


def _kv_bytes_per_token(model: str, kv: str = "fp16") -> float:
    """K and V of every layer: 2 x layers x KV heads x head dim x bytes per element (the
    registry's architecture, the KV type's bytes; every model here is plain GQA attention,
    no window)."""
    a = catalog().registry.models[model].architecture
    kv_type = find_kv_type(kv)
    assert a is not None and a.head_dim and a.num_kv_heads and kv_type is not None
    assert not a.sliding_window and not a.kv_lora_rank
    return 2 * a.num_layers * a.num_kv_heads * a.head_dim * kv_type.bytes_per_element


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# -- 1. KV cache: the users and the KV precision stated ------------------------------------------


@pytest.mark.parametrize(("q", "model", "users", "ctx"), [
    ("what's the kv cache for llama 3.1 70b at 128k ctx with 4 users?", "llama-3.1-70b", 4,
     131_072),
    ("how much kv cache do 16 users at 8k context need on qwen2.5 7b?", "qwen2.5-7b", 16, 8192),
    ("cât cache KV pentru llama 3.1 70b la 128k context cu 4 utilizatori?", "llama-3.1-70b", 4,
     131_072),
    ("cât cache KV ocupă 16 utilizatori la 8k context pe qwen2.5 7b?", "qwen2.5-7b", 16, 8192),
])
def test_kv_cache_counts_the_users_stated(q: str, model: str, users: int, ctx: int) -> None:
    r = ask(q)
    want_gib = users * ctx * _kv_bytes_per_token(model) / 2**30
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("kv_cache_gib", "GiB") and value == pytest.approx(want_gib)
    # the sizing's own KV cache for that many sequences
    assert want_gib == pytest.approx(_size(model=model, input_tokens=ctx, output_tokens=0,
                                           batch_size=users).memory.kv_cache_gib)
    # the total leads; one sequence's share beside it
    lead = first_sentence(r)
    f = "{:,.1f}" if r.lang == "en" else "{:_.1f}"
    per_seq = f.format(want_gib / users)
    total = f.format(want_gib)
    if r.lang == "ro":
        per_seq = per_seq.replace(".", ",").replace("_", ".")
        total = total.replace(".", ",").replace("_", ".")
    assert total in lead and per_seq in lead, lead


@pytest.mark.parametrize(("q", "model"), [
    ("what's the kv cache per token of llama 3.1 8b with fp8 kv cache?", "llama-3.1-8b"),
    ("kv cache size per token for qwen2.5 72b at fp8 kv", "qwen2.5-72b"),
    ("cât cache KV pe token are llama 3.1 8b cu cache KV în fp8?", "llama-3.1-8b"),
    ("cache KV pe token pentru qwen2.5 72b la fp8 kv", "qwen2.5-72b"),
])
def test_kv_cache_at_the_kv_precision_stated(q: str, model: str) -> None:
    r = ask(q)
    want = _kv_bytes_per_token(model, "fp8")
    assert want == _size(model=model, kv_cache="fp8").kv_cache_bytes_per_token
    assert asked(r) == ("kv_cache_kib_per_token", want / 1024, "KiB")
    assert "fp8" in first_sentence(r) and "fp16" not in first_sentence(r)
    # the weights keep their own precision: "fp8" said of the KV cache is not the weights'
    assert r.extracted.weights is None


def test_kv_precision_does_not_move_to_the_weights_and_back() -> None:
    """A precision said of the weights stays the weights' (the KV cache fp16)."""
    r = ask("what's the kv cache per token of llama 3.1 8b fp8?")
    assert asked(r) == ("kv_cache_kib_per_token", _kv_bytes_per_token("llama-3.1-8b") / 1024,
                        "KiB")


# -- 2. the time per output token at the count stated; input and output tokens -------------------


@pytest.mark.parametrize(("q", "inp", "out"), [
    ("1k in 1k out", 1024, 1024),
    ("1k in, 2k out", 1024, 2048),
    ("1k input / 2k output", 1024, 2048),
    ("1k input tokens and 2k output tokens", 1024, 2048),
    ("1k/2k in/out", 1024, 2048),
    ("2048/256 input/output", 2048, 256),
    ("in/out 1k/1k", 1024, 1024),
    ("1k intrare 1k ieșire", 1024, 1024),
    ("1k la intrare și 2k la ieșire", 1024, 2048),
])
def test_input_and_output_tokens(q: str, inp: int, out: int) -> None:
    full = f"llama 3.1 70b on 4x h100 with 32 users, {q}"
    reg = catalog().registry
    assert extract(full, reg).context_tokens == inp
    assert stated(full, reg).output_tokens == out


_TPOT_Q = [
    ("what's the time per output token for llama 3.1 70b fp8 on 4x h100 with 32 concurrent "
     "users, 1k in 1k out?", 1024, 1024),
    ("what's the time per output token for llama 3.1 70b fp8 on 4x h100 with 32 concurrent "
     "users?", 3584, 512),
    ("care e timpul pe token de ieșire pentru llama 3.1 70b fp8 pe 4x h100 cu 32 de "
     "utilizatori simultan, 1k intrare 1k ieșire?", 1024, 1024),
]


@pytest.mark.parametrize(("q", "inp", "out"), _TPOT_Q)
def test_time_per_output_token_at_the_count_stated(q: str, inp: int, out: int) -> None:
    r = ask(q)
    assert r.intent == "speed"
    want = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=4,
                 input_tokens=inp, output_tokens=out, batch_size=32)
    assert want.fits and want.performance is not None
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("time_per_output_token_ms", "ms")
    assert value == pytest.approx(want.performance.time_per_output_token_ms)
    lead = first_sentence(r)
    assert "4 × NVIDIA H100" in lead and "32" in lead, lead


@pytest.mark.parametrize(("q", "users", "count", "yes"), [
    ("can I serve llama 3.1 70b to 50 users on 4x L40S at int4?", 50, 4, True),
    ("pot servi llama 3.1 70b la 50 de utilizatori pe 4x L40S în int4?", 50, 4, True),
    ("can I serve llama 3.1 70b to 400 users on 2x L40S at int4?", 400, 2, False),
])
def test_can_i_serve_answers_for_the_count_stated(q: str, users: int, count: int,
                                                  yes: bool) -> None:
    r = ask(q)
    got = gpu_count_for_users(catalog(), "llama-3.1-70b", "int4", "l40s", users, 3584)
    assert got is not None
    least = got[0]
    assert (least <= count) is yes
    assert asked(r) == ("gpu_count", least, "GPUs")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is yes
    lead = first_sentence(r)
    word = ("Yes" if yes else "No") if r.lang == "en" else ("Da" if yes else "Nu")
    assert lead.startswith(word), lead
    assert f"{count} × NVIDIA L40S" in lead and f"{least} × NVIDIA L40S" in r.answer, r.answer


# -- 3. the cost of a million tokens at the users stated -----------------------------------------


def _at_load(users: int) -> float:
    """/v1/recommendations' price per million output tokens at ``users`` concurrent requests
    on the cheapest trusted on-demand 1 x H100 SXM offer (the answer's basis), at the answer's
    tokens (3,584 in, 512 out: the answers' default context of 4,096) and the model's own
    precision."""
    price = machine_price("h100-sxm")
    offers = [v for v in catalog().views(TODAY) if v.gpu == "h100-sxm" and v.gpu_count == 1
              and not v.stale and not v.suspect and v.on_demand_usd_h == price]
    assert offers
    got = []
    for v in offers:
        rec = recommend(msgspec.convert(
            {"model": "llama-3.1-8b", "weights": "bf16", "workload": "serving",
             "concurrent_requests": users, "context_tokens": 4096, "output_tokens": 512,
             "top_n": 50, "providers": [v.provider]}, RecommendationRequest),
            catalog(), TODAY, explain=False)
        got += [o.cost.per_million_output_tokens_at_load_usd for o in rec.options
                if o.offer.id == v.id and o.pricing_model == "on_demand"]
    assert got and got[0] is not None
    return got[0]


@pytest.mark.parametrize("q", [
    "cost per 1M tokens for llama 3.1 8b on an H100 with 64 concurrent users",
    "cât costă 1M de tokeni pentru llama 3.1 8b pe un H100 cu 64 de utilizatori simultan?",
])
def test_cost_per_million_at_the_users_stated(q: str) -> None:
    r = ask(q)
    want = _at_load(64)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_million_output_tokens_usd", "USD")
    assert value == pytest.approx(want)
    # the same as /v1/sizing's output at that load on that price
    sz = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=3584, output_tokens=512,
               batch_size=64)
    assert sz.performance is not None and sz.performance.output_tokens_per_s
    assert want == pytest.approx(
        machine_price("h100-sxm") / (sz.performance.output_tokens_per_s * 3600) * 1e6)
    assert "64" in first_sentence(r)


def test_cost_per_million_without_users_is_at_full_load() -> None:
    r = ask("cost per 1M tokens for llama 3.1 8b on an H100")
    # full load as /v1/recommendations counts it: 10 % of the memory kept free (buyer27c #3)
    sz = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=3584, output_tokens=512,
               min_memory_headroom_pct=10)
    assert sz.performance is not None and sz.performance.max_throughput_tokens_per_s
    want = machine_price("h100-sxm") / (sz.performance.max_throughput_tokens_per_s * 3600) * 1e6
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_million_output_tokens_usd", "USD")
    assert value == pytest.approx(want)
    assert "full load" in first_sentence(r)
    assert not math.isclose(want, _at_load(64))
