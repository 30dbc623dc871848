"""The shared recommendation and sizing caches stay flat for the garbage collector (a full
collection leaves none of their entries tracked, so gen-2 pauses do not grow with them), and
the shortcuts they and the memory model take give the answers of the plain computation."""

from __future__ import annotations

import datetime as dt
import gc
import itertools
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.derived import Lru, lru_step
from service.domain.catalog.precisions import KV_TYPES, Precision, get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.context import Capability, Plan
from service.domain.recommend.plans import _Plans, _Shared
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.memory import InferencePlan, largest_batch
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import DecodeRow, DecodeTable, resolve_model, size
from service.domain.sizing.speed import serving
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
TODAY = dt.date(2026, 12, 1)
DISTINCT_REQUESTS = 300
# What the caches may still have tracked after a full collection, however many requests
# filled them (before they were flat, the same run left ~156,000 more objects tracked).
MAX_TRACKED_IN_CACHES = 16
# The growth of the whole heap's tracked objects over the same run (lazily built module
# tables and the like, not per-request entries).
MAX_HEAP_GROWTH = 1_000

MODELS = ("llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "qwen2.5-32b", "mixtral-8x7b",
          "gemma-2-9b", "phi-4", "qwen3-30b-a3b", "gpt-oss-20b", "llama-3.2-3b",
          "deepseek-v3", "mistral-7b-v0.3")


@cache
def shipped() -> Catalog:
    return load_catalog(CATALOG, 30)


def fresh() -> Catalog:
    """The shipped data in a new snapshot: its derived tables (the caches) start empty."""
    c = shipped()
    return Catalog(registry=c.registry, offers=c.offers, providers=c.providers,
                   version=c.version, stale_after_days=c.stale_after_days)


def bodies(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` different realistic recommendation bodies."""
    rng = random.Random(seed)
    seen: set[bytes] = set()
    out: list[dict[str, Any]] = []
    while len(out) < n:
        r = rng.random()
        body: dict[str, Any] = {"model": rng.choice(MODELS)}
        if r < 0.8:
            context = rng.choice([2048, 4096, 8192, 16384, 32768, 131072])
            # within the model's own context (past it /v1/recommendations is a 400)
            limit = shipped().registry.model(body["model"]).architecture
            cap = limit.max_context if limit is not None and limit.max_context else context
            body.update(workload=rng.choice(["serving", "serving", "batch"]),
                        context_tokens=min(context + rng.choice([0, 512]), cap),
                        output_tokens=rng.choice([128, 512, 1024]),
                        concurrent_requests=rng.choice([1, 4, 16, 64, 256]),
                        weights=rng.choice(["auto", "auto", "bf16", "fp8", "awq-int4"]))
            if rng.random() < 0.3:
                body["target_output_tokens_per_s"] = rng.choice([500, 5000])
            if rng.random() < 0.3:
                body["max_time_to_first_token_ms"] = rng.choice([300, 2000])
            if rng.random() < 0.3:
                body["min_decode_tokens_per_s"] = rng.choice([10, 40])
        else:
            body.update(workload="finetune", finetune={"method": rng.choice(["lora", "qlora"])},
                        training_tokens=rng.choice([1e8, 1e9]),
                        allow_multi_node=rng.random() < 0.3)
        if rng.random() < 0.4:
            body["max_usd_per_hour"] = rng.choice([1, 5, 30])
        if rng.random() < 0.3:
            body["hours_per_day"] = rng.choice([8, 24])
        key = msgspec.json.encode(body)
        if key not in seen:
            seen.add(key)
            out.append(body)
    return out


def answer(catalog: Catalog, body: dict[str, Any]) -> bytes:
    req = msgspec.convert(body, RecommendationRequest)
    return msgspec.json.encode(recommend(req, catalog, TODAY))


def _walk(obj: object, seen: set[int]) -> Iterator[object]:
    """The objects the caches own, depth first: containers and the cache's own structs (not
    the registry, precisions and GPUs they point at, which exist without them)."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(k, seen)
            yield from _walk(v, seen)
    elif isinstance(obj, tuple | list):
        for v in obj:
            yield from _walk(v, seen)
    elif isinstance(obj, Lru):
        yield from _walk(obj._items, seen)
    elif isinstance(obj, DecodeTable):  # fits_on's decode steps (not the model it is of)
        for value in (obj.rows, obj.costs, obj.steps, obj.mats):
            yield from _walk(value, seen)
    elif isinstance(obj, DecodeRow):  # (not the GPU and precision of the catalog)
        yield from _walk(obj.splits, seen)
        yield from _walk(obj.width, seen)
    elif isinstance(obj, _Shared | _Plans | Plan | Capability):
        for name in obj.__struct_fields__:
            value = getattr(obj, name)
            if not isinstance(value, Registry | Precision):
                yield from _walk(value, seen)


def tracked_in_caches(catalog: Catalog) -> tuple[int, int]:
    """(objects the snapshot's caches hold, of which tracked by the garbage collector)."""
    seen: set[int] = set()
    owned = [o for name in catalog.derived.names()
             for o in _walk(catalog.derived.table(name, dict), seen)]
    return len(owned), sum(gc.is_tracked(o) for o in owned)


def test_caches_hold_no_tracked_objects_after_many_distinct_requests() -> None:
    catalog = fresh()
    for body in bodies(5, seed=1):  # module-level lazies, before counting
        answer(fresh(), body)
    gc.collect()
    heap_before = len(gc.get_objects())
    for body in bodies(DISTINCT_REQUESTS):
        answer(catalog, body)
        size_req = SizingRequest(model=body["model"], gpu="h100-sxm",
                                 input_tokens=body.get("context_tokens", 4096) // 2)
        size(size_req, catalog)
    gc.collect()
    heap_after = len(gc.get_objects())
    owned, tracked = tracked_in_caches(catalog)
    shapes = catalog.derived.lru("recommend_shapes", 1)
    fits_on = catalog.derived.lru("fits_on", 1)
    assert len(shapes) > 50 and len(fits_on) > 50
    assert owned > 20_000  # the caches are full (stale and suspect offers are never planned)
    # ...and flat (the LRU objects themselves and their locks aside)
    assert tracked <= MAX_TRACKED_IN_CACHES, (owned, tracked)
    assert heap_after - heap_before <= MAX_HEAP_GROWTH, (heap_before, heap_after)


def test_answers_do_not_depend_on_what_the_caches_hold() -> None:
    """The same body answered with empty caches, after other requests filled them (hits on
    shared capabilities, speeds and plans), and again: byte-identical."""
    sample = bodies(60, seed=11)
    cold = [answer(fresh(), body) for body in sample]
    warm_catalog = fresh()
    for body in bodies(120, seed=12):
        answer(warm_catalog, body)
    warm = [answer(warm_catalog, body) for body in reversed(sample)][::-1]
    assert warm == cold
    assert [answer(warm_catalog, body) for body in sample] == cold


def test_a_reloaded_catalog_starts_with_empty_caches() -> None:
    """Caches live on the snapshot: a new one (a reload) shares nothing with the old."""
    old = fresh()
    answer(old, bodies(1, seed=3)[0])
    assert old.derived.names() and not fresh().derived.names()


def test_lru_keeps_the_newest_and_moves_hits_to_the_end() -> None:
    cache: dict[str, int] = {}
    for i, k in enumerate("abc"):
        lru_step(cache, k, lambda i=i: i, 3)
    assert lru_step(cache, "a", lambda: 99, 3) == 0  # a hit, now the newest
    lru_step(cache, "d", lambda: 3, 3)
    assert list(cache) == ["c", "a", "d"]
    lru: Lru[str, int] = Lru(2)
    lru.put("x", 1)
    lru.put("y", 2)
    assert lru.get("x") == 1
    lru.put("z", 3)
    assert lru.get("y") is None and lru.values() == [1, 3]


# --- the memory model's shortcuts are bit-for-bit the plain computation ---------------------


def _plans() -> Iterator[InferencePlan]:
    registry = shipped().registry
    engines = ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers")
    for model_id, p_id, engine, kv, tp, context, lora in itertools.product(
            ("llama-3.1-8b", "mixtral-8x7b", "deepseek-v3", "gemma-3-27b", "gpt-oss-20b"),
            ("bf16", "fp8", "q4_k_m"), engines, KV_TYPES, (1, 2, 8), (1, 4096, 131072),
            (0, 3)):
        model = resolve_model(SizingRequest(model=model_id), registry)
        yield InferencePlan(model=model, precision=get_precision(p_id), kv_type=kv,
                            engine=registry.engines[engine], tp=tp, batch=1,
                            context=context, lora_adapters=lora)


def test_total_gib_is_per_gpu_total_bit_for_bit() -> None:
    checked = 0
    for plan in _plans():
        for batch in (1, 2, 3, 17, 256, 99_999):
            assert plan.total_gib(batch) == plan.per_gpu(batch=batch).total_gib
            checked += 1
    assert checked > 10_000


def _reference_max_batch(plan: InferencePlan, cap: float) -> int:
    """The search as it was written against per_gpu()."""
    one = plan.per_gpu(batch=1).total_gib
    if one > cap:
        return 0
    slope = plan.per_gpu(batch=2).total_gib - one
    limit = 1_000_000
    b = limit if slope <= 0 else min(limit, 1 + int((cap - one) / slope))
    while b > 1 and plan.per_gpu(batch=b).total_gib > cap:
        b -= 1
    while b < limit and plan.per_gpu(batch=b + 1).total_gib <= cap:
        b += 1
    return b


@pytest.mark.parametrize("gpu_id", ["rtx-4090", "l40s", "h100-sxm", "mi300x"])
def test_largest_batch_matches_the_plain_search(gpu_id: str) -> None:
    registry = shipped().registry
    gpu = registry.gpus[gpu_id]
    for plan in itertools.islice(_plans(), 0, None, 7):
        cap = plan.capacity_gib(gpu)
        assert largest_batch(plan.total_gib, cap) == _reference_max_batch(plan, cap)
        assert plan.max_batch(gpu) == _reference_max_batch(plan, cap)


def test_serving_with_a_known_max_batch_is_the_same() -> None:
    registry = shipped().registry
    for plan in itertools.islice(_plans(), 0, None, 97):
        gpu = registry.gpus["h100-sxm"]
        args = (plan.model, plan.precision, plan.kv_type, plan.engine, gpu, plan.tp, 2000, 500)
        full = InferencePlan(model=plan.model, precision=plan.precision, kv_type=plan.kv_type,
                             engine=plan.engine, tp=plan.tp, batch=1, context=2500)
        assert serving(*args, max_batch=full.max_batch(gpu)) == serving(*args)


def test_fits_on_speeds_are_the_plain_decode_step_bit_for_bit() -> None:
    """``fits_on`` takes each decode step's context-free part from the snapshot's table and
    adds the KV term: every row's speed equals the plain ``decode_tokens_per_s``, bit for bit,
    for models with sliding windows, MoE, MLA, layer and tensor splits and a cold or warm
    table."""
    from service.domain.sizing.layout import tp_limit
    from service.domain.sizing.speed import decode_tokens_per_s

    catalog = fresh()
    registry = catalog.registry
    checked = 0
    for model_id, weights, engine, context, batch in itertools.product(
            ("llama-3.1-8b", "gemma-2-9b", "mixtral-8x7b", "deepseek-v3", "gpt-oss-20b"),
            ("bf16", "fp8", "q4_k_m"), ("vllm", "llama.cpp"), (1, 3000, 100_000), (1, 7)):
        if engine == "llama.cpp" and weights == "fp8":
            continue
        req = SizingRequest(model=model_id, weights=weights, engine=engine,
                            input_tokens=context, batch_size=batch)
        try:
            result = size(req, catalog)
        except Exception:  # a combination the request model refuses is not this test's
            continue
        model = resolve_model(req, registry)
        if model.max_context and context + req.output_tokens > model.max_context:
            # past the model's context no engine serves it: fits_on gives no speed
            assert all(row.decode_tokens_per_s is None for row in result.fits_on)
            continue
        precision = get_precision(weights)
        kv = next(k for k in KV_TYPES if k.id == result.kv_cache)
        for row in result.fits_on:
            gpu = registry.gpus[row.gpu]
            # past the widest tensor group the GPU's link keeps fast, the deployed layout is
            # that group over pipeline stages, timed as the group reading every layer
            timed = (min(row.gpu_count, tp_limit(gpu)[0]) if engine != "llama.cpp"
                     else row.gpu_count)
            assert row.decode_tokens_per_s == decode_tokens_per_s(
                model, precision, kv, registry.engines[engine], gpu, timed, batch=batch,
                context=context, perf=catalog.perf), (model_id, row)
            checked += 1
    assert checked > 1_000
