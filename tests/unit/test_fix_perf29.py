"""Sizing a new body does less work for the same bytes (issue #16 point 8).

- fits_on's decode table (``sizing.DecodeTable``, one per model, precision and engine on the
  snapshot) keeps each GPU's counts that split the model with the layout listed at each
  (``DecodeRow.listed``) and the model's weight bytes (``DecodeTable.weight_bytes``): a
  request no longer checks every count's split, nor computes ``weight_bytes`` once per count.
- With no load stated, the layout ``full_load`` timed is not timed again for the answer: its
  speed and its notes, kept in order, are the answer's.
- The plans' cached properties are read without Python 3.11's per-read lock
  (``service/domain/lazy.py``); ``seq_cache_bytes`` of a model with no fixed part skips adding
  0.0.
- /v1/sizing decodes the body once for the strict type check and for what it states, and the
  blank-name walk goes through the fields that can hold a name only.

Every figure stays bit for bit what the direct computation gives: the tests compare with it.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import msgspec
import pytest

import service.domain.sizing.sizing as sizing_mod
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.models import (
    cross_attention_kv_bytes,
    kv_bytes,
    linear_state_bytes,
    seq_cache_bytes,
)
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import InferencePlan, weight_bytes
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import (
    COUNTS,
    DecodeTable,
    _compute_fits_on,
    resolve_model,
    size,
)
from service.domain.sizing.speed import decode_step_at, decode_step_fixed
from service.paths import default_data_dir

LLMS = ("llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "mistral-7b-v0.3", "gemma-2-9b",
        "mixtral-8x7b", "qwen2.5-72b", "phi-3-mini")


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _table(cat: Catalog, model_id: str, weights: str, engine_id: str, context: int,
           batch: int) -> tuple[DecodeTable, Any]:
    reg = cat.registry
    model = resolve_model(msgspec.convert({"model": model_id}, SizingRequest), reg)
    p, kv, engine = get_precision(weights), find_kv_type("fp16"), reg.engines[engine_id]
    assert kv is not None and model.arch is not None
    plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=1,
                         batch=batch, context=context + 500)
    req = msgspec.convert({"model": model_id, "input_tokens": context, "output_tokens": 500,
                           "batch_size": batch}, SizingRequest)
    got = _compute_fits_on(plan, cat, req, p, kv, engine)
    table = cat.derived.lru("decode_steps", 256).get(
        (model.id, p.id, engine.id, model.arch.cross_attention_tokens))
    assert isinstance(table, DecodeTable)
    return table, (plan, req, p, kv, engine, got)


CASES = [(m, w, e, c, b) for m, w, e, c, b in (
    (random.Random(i).choice(LLMS), random.Random(i + 1).choice(("bf16", "fp8", "awq-int4")),
     random.Random(i + 2).choice(("vllm", "sglang", "tensorrt-llm")),
     random.Random(i + 3).randint(1, 30000), random.Random(i + 4).choice((1, 3, 16)))
    for i in range(12))] + [("qwen2.5-7b", "q4_k_m", "llama.cpp", 3000, 2)]


@pytest.mark.parametrize(("model_id", "weights", "engine_id", "context", "batch"), CASES)
def test_fits_on_rows_are_the_direct_computation(model_id: str, weights: str, engine_id: str,
                                                 context: int, batch: int) -> None:
    """Each row of fits_on is what plain plans (their weights computed, no table) and the
    decode step give at the fewest splitting count that fits, with its layout; the table's
    ``listed`` counts are the splitting ones in order, and its weight bytes the model's."""
    cat = catalog()
    table, (plan, _req, p, kv, engine, got) = _table(cat, model_id, weights, engine_id,
                                                     context, batch)
    model = plan.model
    a = model.arch
    assert a is not None
    assert table.weight_bytes == weight_bytes(model, p)
    plans = [InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=c,
                           batch=batch, context=plan.context) for c in COUNTS]
    need = [q.total_gib(batch) for q in plans]
    tensor = engine.split == "tensor"
    free = engine.memory_fraction_of == "free"
    want = []
    for row in table.rows:
        assert row.listed == tuple(
            (k, c, row.width[k] if tensor else 1, c // (row.width[k] if tensor else 1))
            for k, c in enumerate(COUNTS) if row.splits[k])
        for k, count in enumerate(COUNTS):
            cap = plans[k].capacity_gib(row.gpu) if free else row.capacity_gib
            if not row.splits[k] or need[k] > cap:
                continue
            fixed = decode_step_fixed(model, row.runs, engine, row.gpu, row.width[k], batch,
                                      perf=cat.perf)
            kvb = seq_cache_bytes(a, context, kv.bytes_per_element, fixed.tp)
            speed = 1.0 / decode_step_at(fixed, 4.0 * a.kv_layers * a.q_width, batch, context,
                                         kvb)
            tp = row.width[k] if tensor else 1
            want.append((count, row.gpu.total_gib, row.gpu.id, need[k], speed, tp, count // tp))
            break
    want.sort(key=lambda w: (w[0], w[1], w[2]))
    assert [(r.gpu_count, r.gpu_memory_gib, r.gpu, r.per_gpu_gib, r.decode_tokens_per_s,
             r.tensor_parallel, r.pipeline_parallel) for r in got] == want


def test_a_plan_given_its_weight_bytes_is_the_same_plan() -> None:
    from service.domain.sizing.memory import with_weight_bytes

    cat = catalog()
    reg = cat.registry
    kv = find_kv_type("fp16")
    assert kv is not None
    for model_id in LLMS:
        model = resolve_model(msgspec.convert({"model": model_id}, SizingRequest), reg)
        p = get_precision("fp8")
        for tp in COUNTS:
            shape: dict[str, Any] = {"model": model, "precision": p, "kv_type": kv,
                                     "engine": reg.engines["vllm"], "tp": tp, "batch": 3,
                                     "context": 9000}
            given = with_weight_bytes(InferencePlan(**shape), weight_bytes(model, p))
            assert given.total_gib(3) == InferencePlan(**shape).total_gib(3)
            assert given.per_gpu() == InferencePlan(**shape).per_gpu()


def test_the_full_load_layout_is_timed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no load stated on 2 GPUs the layouts of each width are timed at full load; the
    answer's is one of them and is not timed again: its speed is what timing its layout
    gives, and the notes that timing makes are in the answer's assumptions, in order."""
    cat = catalog()
    calls: list[tuple[int, int, int, int]] = []
    real = sizing_mod._timed_for_layout

    def counted(*args: Any, **kw: Any) -> Any:
        layout = args[8]
        calls.append((layout.tensor, layout.pipeline, layout.expert, layout.data))
        return real(*args, **kw)

    monkeypatch.setattr(sizing_mod, "_timed_for_layout", counted)
    req = msgspec.convert({"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpu_count": 2,
                           "input_tokens": 7321, "output_tokens": 900}, SizingRequest)
    r = size(req, cat, load_stated=False, input_stated=True, batch_stated=False)
    assert r.layout is not None and r.performance is not None
    chosen = (r.layout.tensor, r.layout.pipeline, r.layout.expert, r.layout.data)
    assert len(calls) == len(set(calls)) >= 2 and chosen in calls  # each layout timed once
    monkeypatch.setattr(sizing_mod, "_timed_for_layout", real)
    said: list[tuple[str, str, str]] = []
    model = resolve_model(req, cat.registry)
    engine = cat.registry.engines["vllm"]
    kv = find_kv_type("fp16")
    assert kv is not None
    gpu = cat.registry.gpus["h100-sxm"]
    runs = get_precision(r.weights)
    direct = real(model, runs, kv, engine, gpu, 2, req,
                  lambda name, value, reason: said.append((name, value, reason)),
                  r.layout, cat, {}, {})
    assert direct == r.performance
    kept = [(x.name, x.value, x.reason) for x in r.assumptions]
    assert said and any(kept[i:i + len(said)] == said for i in range(len(kept)))


def test_seq_cache_bytes_is_kv_plus_fixed_to_the_bit() -> None:
    rng = random.Random(29)
    for m in catalog().registry.models.values():
        a = m.architecture
        if a is None:
            continue
        for _ in range(20):
            tokens, bpe, tp = rng.randint(1, 200_000), rng.choice((0.5, 1.0, 2.0)), \
                rng.choice((1, 2, 4, 8))
            fixed = linear_state_bytes(a, bpe, tp) + cross_attention_kv_bytes(a, bpe, tp)
            assert seq_cache_bytes(a, tokens, bpe, tp) == kv_bytes(a, tokens, bpe, tp) + fixed


def test_lock_free_cached_property_computes_once_per_object() -> None:
    from service.domain.lazy import cached_property

    assert not hasattr(cached_property, "lock")  # functools' (3.11) holds an RLock

    @dataclasses.dataclass(frozen=True)
    class Box:
        x: int
        reads: list[int]

        @cached_property
        def double(self) -> int:
            self.reads.append(self.x)
            return 2 * self.x

    b = Box(4, [])
    assert (b.double, b.double, b.reads) == (8, 8, [4])
    assert Box(5, []).double == 10
    assert InferencePlan.__dict__["_fixed"].__class__ is cached_property


def test_the_route_reads_the_decoded_body_once() -> None:
    """strict_body gives back the body it decoded, for the route's 'stated' checks; the blank
    walk looks at SizingRequest's name fields only (its numbers cannot be blank)."""
    import asyncio

    from service.api.body import strict_body
    from service.api.names import _fields
    from service.api.routes.sizing import _stated

    body = msgspec.json.encode({"model": "llama-3.1-8b", "gpu": "h100-sxm", "batch_size": 4})

    class Req:
        async def body(self) -> bytes:
            return body

    raw = asyncio.run(strict_body(Req(), SizingRequest))  # type: ignore[arg-type]
    assert raw == msgspec.json.decode(body)
    assert _stated(raw, "batch_size") and not _stated(raw, "input_tokens")
    assert [f[0] for f in _fields(SizingRequest)] == ["model", "weights", "kv_cache", "engine",
                                                      "gpu"]
