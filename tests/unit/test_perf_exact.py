"""The sizing core's faster paths give the answers of the plain ones, bit for bit: the load
solve's step function (serving.fast_step, in the solver's source and in its compiled copy),
the start's steps in whole numbers (serving.start_service_s), the serving-error bands kept
on the perf tables, and fits_on's decode table listed in order (sizing._compute_fits_on),
which is derived from the snapshot it was made on (a GPU the snapshot lacks is never
listed)."""

from __future__ import annotations

import math
import random
from types import ModuleType

import msgspec
import pytest

import service.domain.sizing.serving as serving
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.models import seq_cache_bytes
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing import solver
from service.domain.sizing.efficiency import PerfTables, ServingErrorBand
from service.domain.sizing.memory import InferencePlan
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import (
    ExpertParallelStep,
    StepCost,
    fast_step,
    serve,
    start_service_s,
    step_cost,
)
from service.domain.sizing.sizing import (
    COUNTS,
    DecodeTable,
    _compute_fits_on,
    size,
    sized_from_entry,
)
from service.domain.sizing.speed import (
    achievable_tflops,
    decode_step_at,
    decode_step_fixed,
    kernel_compute,
    pipeline_hops,
)
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _cost(catalog: Catalog, model: str, weights: str, gpu: str, tp: int, pp: int = 1
          ) -> StepCost:
    reg = catalog.registry
    m = sized_from_entry(reg.model(model))
    p = get_precision(weights)
    kv = find_kv_type("fp16")
    assert kv is not None
    e, g = reg.engines["vllm"], reg.gpus[gpu]
    c = step_cost(m, p, kv, e, g, tp, catalog.perf, kernel_compute(g, p, e),
                  achievable_tflops(g, p, e, quantized_kernels=False) * 1e12)
    assert m.arch is not None
    return pipeline_hops(c, m.arch, g, tp, pp, catalog.perf)


Setup = tuple[str, str, str, int, int]
SETUPS: list[Setup] = [
          ("llama-3.1-8b", "fp8", "h100-sxm", 1, 1), ("llama-3.1-70b", "bf16", "h100-sxm", 4, 1),
          ("gemma-2-9b", "bf16", "l4", 2, 1),  # sliding window
          ("mixtral-8x7b", "awq-int4", "a100-sxm-80gb", 2, 1),  # MoE experts
          ("qwen2.5-72b", "fp8", "h100-sxm", 4, 2),  # pipeline hops
          ("llama-3.1-8b", "bf16", "rtx-4090", 2, 1), ("mistral-7b-v0.3", "bf16", "mi300x", 8, 1),
          ("llama-3.1-8b", "bf16", "l40s", 4, 1), ("qwen2.5-7b", "bf16", "a10g", 2, 1)]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[2]}-tp{s[3]}-pp{s[4]}")
def test_fast_step_is_step_s_to_the_bit(catalog: Catalog, setup: Setup) -> None:
    base = _cost(catalog, *setup)
    fast_c = msgspec.structs.replace(base, memo={}, steps={})
    plain_c = msgspec.structs.replace(base, memo={}, steps={})
    for mod in (solver, serving._solve):  # the source and the copy the service runs
        _check_fast_step(mod, base, fast_c, plain_c)


def _check_fast_step(mod: ModuleType, base: StepCost, fast_c: StepCost, plain_c: StepCost
                     ) -> None:
    step = fast_step(fast_c, mod)
    assert (step is None) == (base.fast is None and base.gemm.curve is not None)
    if step is None:  # no measured GEMM curve: the load solve uses step_s itself
        return
    rng = random.Random(7)
    for _ in range(400):
        args = (rng.choice([0, 0.0, 1, 1.0, rng.uniform(0, 300), float(rng.randint(1, 256))]),
                rng.choice([0.0, rng.uniform(1, 140000)]),
                rng.choice([0.0, 0.5, 1.0, rng.uniform(0, 16384), float(rng.randint(1, 8192))]),
                rng.choice([0.0, rng.uniform(1, 70000)]))
        got, want = step.at(*args), plain_c.step_s(*args)
        assert got == want and math.copysign(1, got) == math.copysign(1, want), args
        assert step.at(*args[:2]) == plain_c.step_s(*args[:2])
    # the solver's step keeps no tables (computing a step costs less than looking it up)
    assert fast_c.steps == {} and fast_c.memo == {}


def test_fast_step_leaves_other_steps_to_their_own_methods(catalog: Catalog) -> None:
    base = _cost(catalog, "mixtral-8x7b", "bf16", "h100-sxm", 2)
    ep = ExpertParallelStep(**{f: getattr(base, f) for f in base.__struct_fields__})
    assert fast_step(ep) is None
    assert fast_step(msgspec.structs.replace(base, fast=None)) is None


@pytest.mark.parametrize("setup", SETUPS[:5], ids=lambda s: f"{s[0]}-{s[2]}-tp{s[3]}")
def test_serve_is_unchanged_without_the_fast_step(catalog: Catalog, setup: Setup,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    base = _cost(catalog, *setup)
    loads = [(2048, 256, None, None), (7777, 1000, 64, None), (1000, 1, None, None),
             (31000, 512, 1, None), (4096, 128, None, 2.5)]
    fast = [serve(base, isl, osl, users, 8192, 256, rate) for isl, osl, users, rate in loads]
    monkeypatch.setattr(serving, "fast_step", lambda c, mod=None: None)
    plain = [serve(base, isl, osl, users, 8192, 256, rate) for isl, osl, users, rate in loads]
    assert msgspec.json.encode(fast) == msgspec.json.encode(plain)


def test_start_service_in_whole_numbers_is_the_float_loop(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    rng = random.Random(11)
    for _ in range(20000):
        isl = rng.choice([1, 2, 7, 511, 512, 513, 2048, 8191, 8192, 8193, 31000, 131072,
                          rng.randint(1, 200000)])
        budget = rng.choice([1, 2, 512, 2048, 8192, 16384, rng.randint(1, 70000)])
        running = rng.choice([1, 2, 3, 64, 256, 1024, rng.randint(1, 3000)])
        a, b = rng.random(), rng.random()

        def step(d: float, ctx: float, chunk: float = 0.0, span: float = 0.0,
                 a: float = a, b: float = b) -> float:
            return a * chunk + b * span + 1e-3

        whole = start_service_s(None, isl, running, budget, step, solver)
        native = start_service_s(None, isl, running, budget, step)
        monkeypatch.setattr(solver, "EXACT_INT", 0)  # the float loop
        loop = start_service_s(None, isl, running, budget, step, solver)
        monkeypatch.undo()
        assert whole == loop == native, (isl, budget, running)


def test_serving_error_bands_kept_on_the_tables(catalog: Catalog) -> None:
    perf = catalog.perf
    for engine in ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "nope"):
        for moe in (False, True):
            for mla in (False, True):
                for kind in ("tpot", "ttft"):
                    kept = perf.serving_error_band(engine, moe, kind, mla=mla)
                    assert kept == perf._serving_error_band(engine, moe, kind, mla)
                    assert perf.serving_error_band(engine, moe, kind, mla=mla) is kept
    # each table its own: a new one answers from its own bands
    band = ServingErrorBand(engine="*", family="*", kind="tpot", rows=40, quantile=0.8,
                            measured_over_model=1.5)
    assert PerfTables(serving_error=(band,)).serving_error_band("vllm", False, "tpot") == band
    assert PerfTables().serving_error_band("vllm", False, "tpot") is None


def test_fits_on_rows_match_the_gpu_by_gpu_loop(catalog: Catalog) -> None:
    """The decode table in listing order gives the rows the former loop (every GPU of the
    table, then a sort by count, memory and id) gave: the same rows, the same speeds."""
    reg = catalog.registry
    for model_id, weights, engine_id, context, batch in [
            ("llama-3.1-8b", "bf16", "vllm", 4000, 1), ("llama-3.1-70b", "fp8", "vllm", 20000, 8),
            ("mixtral-8x7b", "bf16", "tensorrt-llm", 1000, 1),
            ("qwen2.5-7b", "q4_k_m", "llama.cpp", 3000, 2)]:
        model = sized_from_entry(reg.model(model_id))
        a = model.arch
        assert a is not None
        p, kv, engine = get_precision(weights), find_kv_type("fp16"), reg.engines[engine_id]
        assert kv is not None
        plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=1,
                             batch=batch, context=context + 500)
        req = msgspec.convert({"model": model_id, "input_tokens": context,
                               "output_tokens": 500, "batch_size": batch}, SizingRequest)
        got = _compute_fits_on(plan, catalog, req, p, kv, engine)
        # the former loop, GPU by GPU in the registry's order, then sorted
        table = catalog.derived.lru("decode_steps", 256).get((model.id, p.id, engine.id,
                                                             a.cross_attention_tokens))
        assert isinstance(table, DecodeTable)
        plans = [InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=c,
                               batch=batch, context=plan.context) for c in COUNTS]
        need = [q.total_gib(batch) for q in plans]
        free = engine.memory_fraction_of == "free"
        want = []
        for row in sorted(table.rows, key=lambda r: r.gpu_index):
            for k, count in enumerate(COUNTS):
                cap = plans[k].capacity_gib(row.gpu) if free else row.capacity_gib
                if not row.splits[k] or need[k] > cap:
                    continue
                fixed = decode_step_fixed(model, row.runs, engine, row.gpu, row.width[k],
                                          batch, perf=catalog.perf)
                kvb = seq_cache_bytes(a, context, kv.bytes_per_element, fixed.tp)
                speed = 1.0 / decode_step_at(fixed, 4.0 * a.kv_layers * a.q_width, batch,
                                             context, kvb)
                want.append((count, row.gpu.total_gib, row.gpu.id, need[k], speed))
                break
        want.sort(key=lambda w: (w[0], w[1], w[2]))
        assert [(r.gpu_count, r.gpu_memory_gib, r.gpu, r.per_gpu_gib, r.decode_tokens_per_s)
                for r in got] == want, model_id


def test_fits_on_follows_its_snapshot(catalog: Catalog) -> None:
    """The decode table is the snapshot's: a snapshot without a GPU never lists it, and the
    full one still does."""
    body = {"model": "llama-3.1-8b", "gpu": "h100-sxm", "input_tokens": 2500}
    req = msgspec.convert(body, SizingRequest)
    full = [r.gpu for r in size(req, catalog).fits_on]
    assert "l40s" in full
    reg = catalog.registry
    fewer = Registry(list(reg.models.values()),
                     [g for g in reg.gpus.values() if g.id != "l40s"], list(reg.engines),
                     reg.kernels)
    smaller = Catalog(registry=fewer, perf=catalog.perf)
    listed = [r.gpu for r in size(req, smaller).fits_on]
    assert "l40s" not in listed
    assert listed == [g for g in full if g != "l40s"]
    assert [r.gpu for r in size(req, catalog).fits_on] == full
