"""Calibration against published measurements (catalog/calibration.csv).

Run with ``-s`` to see the per-row table and the per-kind summary."""

from __future__ import annotations

import statistics
from pathlib import Path

import msgspec
import pytest

from service.adapters.calibration_csv import CalibrationCsvError, parse_rows, read_calibration_csv
from service.adapters.catalog_files import load_registry
from service.domain.catalog.registry import Registry
from service.evaluation.calibration import (
    CalibrationReport,
    Prediction,
    Skip,
    format_report,
    model_name_candidates,
    predict,
    run_calibration,
)
from service.paths import default_data_dir

CSV = Path(__file__).resolve().parents[2] / "catalog" / "calibration.csv"
SHARED_CSV = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "calibration.csv"

# The hard floors (median absolute % error per kind) ...
FLOORS = {
    "weights_size": 5.0, "inference_memory": 10.0, "finetune_memory": 20.0,
    "decode_tps": 25.0, "prefill_tps": 30.0, "serving_throughput": 35.0,
    "diffusion_speed": 35.0,
}
# ... and the targets the constants were tuned to.
TARGETS = {
    "weights_size": 5.0, "inference_memory": 10.0, "finetune_memory": 20.0,
    "decode_tps": 10.0, "prefill_tps": 20.0, "serving_throughput": 25.0,
    "diffusion_speed": 25.0, "diffusion_memory": 20.0,
}
MAX_RATIO = 2.5
EXPECTED_SKIPS = {"h152", "h154"}  # T0_3B, mt0-xxl: T5 v1.1 / mT5 variants with no entry


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


@pytest.fixture(scope="module")
def report(registry: Registry) -> CalibrationReport:
    rep = run_calibration(read_calibration_csv(CSV), registry)
    print()
    print(format_report(rep))
    return rep


def test_repository_copy_matches_shared_reference() -> None:
    if not SHARED_CSV.exists():
        pytest.skip("shared/reference not beside this checkout")
    assert CSV.read_bytes() == SHARED_CSV.read_bytes(), (
        "tests/data/calibration.csv is stale: copy shared/reference/calibration.csv again")


def test_every_row_is_predicted_or_skipped_for_a_stated_reason(report: CalibrationReport) -> None:
    assert len(report.rows) + len(report.skipped) == 74
    assert {s.id for s in report.skipped} == EXPECTED_SKIPS
    for s in report.skipped:
        assert s.reason


@pytest.mark.parametrize("kind", sorted(FLOORS))
def test_median_error_within_floor(report: CalibrationReport, kind: str) -> None:
    g = report.kind(kind)
    assert g is not None
    assert g.median_abs_pct <= FLOORS[kind], f"{kind}: median {g.median_abs_pct:.1f}%"


@pytest.mark.parametrize("kind", sorted(TARGETS))
def test_median_error_within_tuned_target(report: CalibrationReport, kind: str) -> None:
    g = report.kind(kind)
    assert g is not None
    assert g.median_abs_pct <= TARGETS[kind], f"{kind}: median {g.median_abs_pct:.1f}%"


def test_no_row_off_by_more_than_two_and_a_half_times(report: CalibrationReport) -> None:
    bad = [(r.id, round(r.ratio, 2)) for r in report.rows if r.ratio > MAX_RATIO]
    assert not bad


def test_ours_beats_the_simple_baseline_on_every_kind(report: CalibrationReport) -> None:
    for g in report.by_kind:
        rows = [r for r in report.rows if r.kind == g.group]
        ours_mean = statistics.fmean(abs(r.error_pct) for r in rows)
        base_mean = statistics.fmean(abs(r.baseline_error_pct) for r in rows)
        # weights: F16/Q8_0/BF16 files are exactly params x bits / 8, so both medians are ~0;
        # the mean (the K-quant and MoE files) must still be better.
        assert g.median_abs_pct <= g.baseline_median_abs_pct + 1e-9, g
        assert ours_mean < base_mean, (g.group, ours_mean, base_mean)
        if g.group != "weights_size":
            assert g.median_abs_pct < g.baseline_median_abs_pct, g


def test_decode_clearly_better_than_baseline(report: CalibrationReport) -> None:
    g = report.kind("decode_tps")
    assert g is not None
    assert g.median_abs_pct <= 10.0 < g.baseline_median_abs_pct


def test_model_names_are_cleaned(registry: Registry) -> None:
    from service.evaluation.calibration import resolve_model

    cases = {
        "Meta-Llama-3.1-405B-Instruct-FP8": "llama-3.1-405b",
        "LLaMA 7B (Llama-2-7b)": "llama-2-7b",
        "llama 7B (LLaMA-arch 7B)": "llama-2-7b",
        "CodeLlama-7B (llama 7B arch)": "codellama-7b",
        "Qwen2.5-7B-Instruct-bnb-4bit": "qwen2.5-7b",
        "Stable Diffusion v1.5": "sd-1.5",
        "CompVis/stable-diffusion-v1-4": "sd-1.4",
        "Stable Diffusion XL 1.0": "sdxl",
        "Meta-Llama-3.1-70B-Instruct-quantized.w8a8": "llama-3.1-70b",
    }
    for name, want in cases.items():
        model, _ = resolve_model(name, registry)
        assert model is not None and model.id == want, (name, model and model.id)
    assert resolve_model("bigscience/T0_3B", registry)[0] is None
    assert "Llama-2-7b" in model_name_candidates("LLaMA 7B (Llama-2-7b)")


def test_predictions_carry_their_assumptions(report: CalibrationReport) -> None:
    by_id = {r.id: r for r in report.rows}
    assert any("A100 SXM 80GB" in a for a in by_id["h078"].assumptions)
    assert any("265" in a for a in by_id["h086"].assumptions)
    assert any("int4" in a for a in by_id["h122"].assumptions)


def test_csv_adapter_reports_missing_columns() -> None:
    with pytest.raises(CalibrationCsvError, match="missing column"):
        parse_rows(["id,kind,model\n", "x,decode_tps,m\n"])


def test_csv_adapter_reports_bad_value() -> None:
    header = ",".join(["id", "kind", "model", "gpu", "gpu_count", "precision_or_quant", "method",
                       "batch", "context_or_input_len", "output_len", "metric", "value",
                       "unit"])
    with pytest.raises(CalibrationCsvError, match="not a number"):
        parse_rows([header + "\n", "x,decode_tps,m,g,1,p,me,1,0,1,t,fast,tokens/s\n"])


def test_predict_is_pure_on_a_single_row(registry: Registry) -> None:
    row = read_calibration_csv(CSV)[0]
    a, b = predict(row, registry), predict(row, registry)
    assert isinstance(a, Prediction) and not isinstance(a, Skip)
    assert a == b


def test_speed_is_monotonic(registry: Registry) -> None:
    from service.domain.catalog.precisions import find_kv_type, get_precision
    from service.domain.sizing.sizing import sized_from_entry
    from service.domain.sizing.speed import decode_tokens_per_s, prefill_s

    m = sized_from_entry(registry.model("llama-3.1-8b"))
    kv = find_kv_type("fp16")
    assert kv is not None
    for engine_id, pid in (("llama.cpp", "q4_k_m"), ("vllm", "bf16"), ("tensorrt-llm", "fp8")):
        engine = registry.engines[engine_id]
        p = get_precision(pid)
        gpus = sorted((g for g in registry.gpus.values() if g.vendor == "NVIDIA"),
                      key=lambda g: g.bandwidth_gb_s)
        for g in gpus:
            prev = None
            for ctx in (128, 1024, 8192, 32768):
                t = decode_tokens_per_s(m, p, kv, engine, g, 1, batch=8, context=ctx)
                assert prev is None or t <= prev + 1e-9
                prev = t
        g = gpus[-1]
        for field in ("bandwidth_gb_s", "fp16_tflops", "bf16_tflops", "fp8_tflops"):
            if getattr(g, field) is None:
                continue
            lower = msgspec.structs.replace(g, **{field: getattr(g, field) / 2})
            assert (decode_tokens_per_s(m, p, kv, engine, lower, 1, batch=64, context=2048)
                    <= decode_tokens_per_s(m, p, kv, engine, g, 1, batch=64, context=2048))
            assert (prefill_s(m, p, engine, lower, 1, 2048) >= prefill_s(m, p, engine, g, 1, 2048))


def test_memory_is_monotonic(registry: Registry) -> None:
    from service.domain.catalog.precisions import find_kv_type, get_precision
    from service.domain.sizing.memory import InferencePlan, diffusion_memory
    from service.domain.sizing.sizing import sized_from_entry

    kv = find_kv_type("fp16")
    assert kv is not None
    small, big = (sized_from_entry(registry.model(x)) for x in ("llama-3.1-8b", "llama-3.1-70b"))
    for engine in (registry.engines["vllm"], registry.engines["llama.cpp"]):
        def total(model, pid, batch=1, ctx=4096, engine=engine):  # type: ignore[no-untyped-def]
            return InferencePlan(model=model, precision=get_precision(pid), kv_type=kv,
                                 engine=engine, tp=1, batch=batch, context=ctx).per_gpu().total_gib
        assert total(small, "bf16") < total(big, "bf16")
        assert total(small, "q4_k_m") < total(small, "q8_0") < total(small, "bf16")
        assert total(small, "bf16", ctx=1024) <= total(small, "bf16", ctx=8192)
        assert total(small, "bf16", batch=1) <= total(small, "bf16", batch=8)
    sd = sized_from_entry(registry.model("sd-1.5"))
    a = diffusion_memory(sd, get_precision("fp16"), 512, 512, 1).total_gib
    b = diffusion_memory(sd, get_precision("fp16"), 1024, 1024, 1).total_gib
    c = diffusion_memory(sd, get_precision("fp16"), 1024, 1024, 2).total_gib
    assert a < b < c


def test_llama_cpp_rows_before_int8_mmq_keep_their_cap_and_sizing_does_not(
        registry: Registry, report: CalibrationReport) -> None:
    """llama.cpp's MMQ moved to int8 tensor cores in June 2024 (PRs 7676/7860): the shipped
    engine has no quantized-matmul cap, the older builds' rows are replayed with theirs."""
    from service.evaluation.calibration import _legacy_mmq

    assert registry.engines["llama.cpp"].speed.quant_flops_cap_tflops is None
    rows = {r.id: r for r in read_calibration_csv(CSV)}
    assert _legacy_mmq(rows["h021"]) and _legacy_mmq(rows["h103"])  # May / Jan 2024
    assert _legacy_mmq(rows["h112"])  # build 1786
    assert not _legacy_mmq(rows["h113"]) and not _legacy_mmq(rows["h115"])  # 7474, 3622
    h021 = next(p for p in report.rows if isinstance(p, Prediction) and p.id == "h021")
    assert abs(h021.error_pct) < 15
