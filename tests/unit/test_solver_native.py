"""The load solve's compiled copy (``make native``: mypyc over service/domain/sizing/solver.py)
gives the interpreted source's numbers to the bit, is used only when built from the present
source, and is what the service runs where it was built (CI builds it: ``make test``)."""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType

import msgspec
import pytest

import service.domain.sizing.serving as serving
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing import solver
from service.domain.sizing.serving import ExpertParallelStep, StepCost, serve, step_cost
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import achievable_tflops, kernel_compute, pipeline_hops
from service.paths import default_data_dir

BUILT = any(Path(solver.__file__).parent.glob("_solver_native*.so"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _cost(catalog: Catalog, model: str, weights: str, gpu: str, tp: int, pp: int = 1,
          engine: str = "vllm") -> StepCost:
    reg = catalog.registry
    m = sized_from_entry(reg.model(model))
    p = get_precision(weights)
    kv = find_kv_type("fp16")
    assert kv is not None and m.arch is not None
    e, g = reg.engines[engine], reg.gpus[gpu]
    c = step_cost(m, p, kv, e, g, tp, catalog.perf, kernel_compute(g, p, e),
                  achievable_tflops(g, p, e, quantized_kernels=False) * 1e12)
    return pipeline_hops(c, m.arch, g, tp, pp, catalog.perf)


SETUPS = [("llama-3.1-8b", "fp8", "h100-sxm", 1, 1, "vllm"),
          ("llama-3.1-70b", "bf16", "h100-sxm", 4, 1, "vllm"),
          ("gemma-2-9b", "bf16", "l4", 2, 1, "vllm"),  # sliding window, PCIe all-reduce
          ("mixtral-8x7b", "awq-int4", "a100-sxm-80gb", 2, 1, "vllm"),  # routed experts
          ("qwen2.5-72b", "fp8", "h100-sxm", 4, 2, "vllm"),  # pipeline hops
          ("llama-3.1-8b", "bf16", "rtx-4090", 2, 1, "vllm"),
          ("mistral-7b-v0.3", "bf16", "mi300x", 8, 1, "vllm"),
          ("qwen2.5-7b", "bf16", "a10g", 2, 1, "sglang")]  # prefill in steps of its own


def _native() -> ModuleType:
    if not BUILT:
        pytest.skip("the compiled solve is not built here (make native)")
    assert serving._solve is not solver, "built, but the service runs the interpreted solve"
    return serving._solve


def test_the_service_runs_the_copy_built_from_this_source() -> None:
    if not BUILT:
        # CI builds it (make test -> make native): a missing copy there is a failed build
        assert not (os.environ.get("CI") and shutil.which("cc")), "make native built nothing"
        pytest.skip("the compiled solve is not built here (make native)")
    native = serving._solve
    assert native.__name__ == solver.NATIVE_MODULE
    assert native.__file__ is not None and native.__file__.endswith(".so")
    assert solver.source_digest(solver.__file__) == native.SOURCE_SHA256


@pytest.mark.parametrize("fake", ["stale", "unmarked", "missing"])
def test_a_copy_of_another_source_is_never_used(monkeypatch: pytest.MonkeyPatch,
                                                fake: str) -> None:
    if fake == "missing":
        monkeypatch.setitem(sys.modules, solver.NATIVE_MODULE, None)  # import fails
    else:
        old = ModuleType(solver.NATIVE_MODULE)
        if fake == "stale":
            old.SOURCE_SHA256 = "0" * 64  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, solver.NATIVE_MODULE, old)
    assert solver.load() is solver


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[2]}-tp{s[3]}-{s[5]}")
def test_compiled_solve_is_the_source_to_the_bit(catalog: Catalog,
                                                 setup: tuple[str, str, str, int, int, str]
                                                 ) -> None:
    native = _native()
    c = _cost(catalog, *setup)
    steps = [(serving.fast_step(c, mod) or mod.Step(c.step_s)) for mod in (solver, native)]
    knobs = [serving._knobs(mod) for mod in (solver, native)]
    rng = random.Random(repr(setup))
    for _ in range(60):
        isl = rng.choice([1, 2, 511, 2048, 8192, 8193, rng.randint(1, 130000)])
        osl = rng.choice([1, 2, 128, 1000, rng.randint(1, 8000)])
        running = rng.choice([1, 2, 8, 64, 256, rng.randint(1, 1024)])
        budget = rng.choice([512, 2048, 8192, 16384, rng.randint(1, 40000)])
        x = rng.choice([0.01, 0.5, 3.0, rng.uniform(0.001, 200)])
        closed = rng.random() < 0.5
        start = [mod.start_service(st, isl, running, budget)
                 for mod, st in zip((solver, native), steps, strict=True)]
        assert start[0] == start[1]
        rates = [mod.at_rate(st, c.mixed_prefill, k, x, isl, osl, running, budget, closed,
                             0.0, False, start[0], True)
                 for mod, st, k in zip((solver, native), steps, knobs, strict=True)]
        assert rates[0] == rates[1], (isl, osl, running, budget, x, closed)
        loops = [mod.closed_loop(st, c.mixed_prefill, k, isl, osl, running, budget, start[0],
                                 True)
                 for mod, st, k in zip((solver, native), steps, knobs, strict=True)]
        assert loops[0] == loops[1], (isl, osl, running, budget)


def test_serve_through_either_module_gives_the_same_bytes(catalog: Catalog,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    native = _native()
    base = _cost(catalog, "mixtral-8x7b", "bf16", "h100-sxm", 2)
    ep = ExpertParallelStep(**{f: getattr(base, f) for f in base.__struct_fields__})
    costs = [_cost(catalog, *s) for s in SETUPS] + [ep]  # the last through Step(step_s)
    loads = [(2048, 256, None, None), (7777, 1000, 64, None), (1000, 1, None, None),
             (31000, 512, 1, None), (4096, 128, None, 2.5), (512, 64, 300, None)]

    def run() -> bytes:
        return msgspec.json.encode([serve(c, isl, osl, users, 8192, 256, rate)
                                    for c in costs for isl, osl, users, rate in loads])

    compiled = run()
    monkeypatch.setattr(serving, "_solve", solver)
    assert serving._solve is not native
    assert run() == compiled


def test_counts_that_are_not_whole_numbers_take_the_source(catalog: Catalog) -> None:
    """The compiled solve takes C integers; a count given as a float is solved by the source,
    as the closures solved it (the same numbers as the whole count)."""
    c = _cost(catalog, "llama-3.1-8b", "fp8", "h100-sxm", 1)
    assert serving._solver_for(2048, 256, 8192.0) is solver
    whole = serve(c, 2048, 256, 16, 8192, 256)
    floats = serve(c, 2048.0, 256, 16, 8192, 256)  # type: ignore[arg-type]
    assert floats == whole
