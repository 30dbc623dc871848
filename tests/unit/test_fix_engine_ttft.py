"""SGLang's TTFT against vLLM's (service/domain/sizing/serving.py, speed.py).

A closed loop of equal requests on SGLang (prefill before decode) keeps waves and a TTFT
several times vLLM's: measured (catalog/serving_measurements.csv, Qwen3-32B BF16 on H100:
SGLang 0.5.1 4,044 ms against vLLM 0.12 905 ms at 4,096 in / 512 out, 64 users, TP 4), so the
gap stays and the answer says why. In an open loop (random arrivals, no waves) SGLang's prefill
chunks are steps of their own that decodes wait through; they were timed as vLLM's mixed steps.
"""

from __future__ import annotations

import csv

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import StepCost, serve, step_cost
from service.domain.sizing.sizing import size, sized_from_entry
from service.domain.sizing.speed import achievable_tflops, kernel_compute
from service.paths import default_data_dir

BASE = dict(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
            input_tokens=2048, output_tokens=512)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _cost(catalog: Catalog, engine: str) -> StepCost:
    reg = catalog.registry
    m = sized_from_entry(reg.model("llama-3.1-70b"))
    p = get_precision("fp8")
    kv = find_kv_type("fp16")
    assert kv is not None
    g = reg.gpus["h100-sxm"]
    e = reg.engines[engine]
    return step_cost(m, p, kv, e, g, 2, catalog.perf, kernel_compute(g, p, e),
                     achievable_tflops(g, p, e, quantized_kernels=False) * 1e12)


def _perf(catalog: Catalog, engine: str, **load: float) -> msgspec.Struct:
    return size(SizingRequest(**BASE, engine=engine, **load), catalog).performance  # type: ignore[arg-type]


def test_the_measured_closed_loop_gap_is_several_fold() -> None:
    """The evidence the closed-loop model keeps: same model, GPU, TP, lengths and users."""
    with open(default_data_dir("catalog") / "serving_measurements.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    pick = {(r["backend"], r["tp_size"], r["isl"], r["osl"], r["batch_size"]):
            float(r["silicon_ttft_ms"]) for r in rows
            if r["model_path"] == "Qwen/Qwen3-32B" and r["system"] == "h100_sxm"
            and not r["gemm_quant_mode"]}
    for key in (("4", "4096", "512", "64"), ("2", "1024", "128", "16"),
                ("4", "4096", "128", "64")):
        ratio = pick[("sglang", *key)] / pick[("vllm", *key)]
        assert 4.4 < ratio < 5.1, (key, ratio)


def test_open_loop_prefill_steps_hold_the_decodes(catalog: Catalog) -> None:
    c = _cost(catalog, "sglang")
    assert not c.mixed_prefill
    own = serve(c, 2048, 512, None, 8192, 96, request_rate_per_s=1.5)
    mixed = serve(msgspec.structs.replace(c, mixed_prefill=True), 2048, 512, None, 8192, 96,
                  request_rate_per_s=1.5)
    # before: the same step model as a mixed engine's, to the bit
    assert own.tpot_s > mixed.tpot_s * 1.03
    assert own.ttft_s < mixed.ttft_s


def test_sglang_open_loop_numbers(catalog: Catalog) -> None:
    perf = _perf(catalog, "sglang", request_rate_per_s=1.5)
    assert perf.time_per_output_token_ms == pytest.approx(30.1, abs=0.15)  # was 29.0
    assert perf.time_to_first_token_ms == pytest.approx(228, abs=2)  # was 235


def test_vllm_and_the_closed_loop_are_unchanged(catalog: Catalog) -> None:
    v = _perf(catalog, "vllm", batch_size=50)
    # the closed loop's pinned figures follow the serving start transient (was 930 ms, 39.1 ms;
    # 713 ms, 39.8 ms with the start outside the solve)
    # re-pinned: serving start transient in the solve
    assert (round(v.time_to_first_token_ms), round(v.time_per_output_token_ms, 1)) == (690, 39.4)
    v = _perf(catalog, "vllm", request_rate_per_s=1.5)
    assert (round(v.time_to_first_token_ms), round(v.time_per_output_token_ms, 1)) == (236, 29.3)
    s = _perf(catalog, "sglang", batch_size=50)
    assert (round(s.time_to_first_token_ms), round(s.time_per_output_token_ms, 1)) == (3773, 33.0)


def test_the_answer_says_why_sglang_waits_longer(catalog: Catalog) -> None:
    r = size(SizingRequest(**BASE, engine="sglang", batch_size=50), catalog)  # type: ignore[arg-type]
    note = next(a for a in r.assumptions if a.name == "serving_model").reason
    assert "stays in waves" in note
    assert "TTFT 4,044 ms where vLLM 0.12 took 905 ms" in note
    r = size(SizingRequest(**BASE, engine="sglang", request_rate_per_s=1.5), catalog)  # type: ignore[arg-type]
    note = next(a for a in r.assumptions if a.name == "serving_model").reason
    assert "keep no waves" in note and "4,044" not in note
    r = size(SizingRequest(**BASE, engine="vllm", batch_size=50), catalog)  # type: ignore[arg-type]
    note = next(a for a in r.assumptions if a.name == "serving_model").reason
    assert "waves" not in note
