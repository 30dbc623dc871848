"""DeepSeek-R1/V3 (multi-head latent attention) time to first token: the serving model is
2-6x optimistic on TensorRT-LLM at 1,024-token prompts (catalog/serving_measurements.csv:
8 x H200, FP8, TP8, 1,024 in / 1,024 out, 64 users: 755 ms measured, about 209 ms modelled),
and the pooled MoE band (1.77) hid it. MLA models get their own measured band, so a TTFT
target near the prediction is flagged; dense and other MoE models keep theirs."""

from __future__ import annotations

import datetime as dt
import functools

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.efficiency import PerfTables, ServingErrorBand
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _band(engine: str, family: str, kind: str, ratio: float, rows: int = 40
          ) -> ServingErrorBand:
    return ServingErrorBand(engine=engine, family=family, kind=kind, rows=rows, quantile=0.8,
                            measured_over_model=ratio)


def test_mla_models_take_their_own_ttft_band() -> None:
    perf = catalog().perf
    ttft = perf.serving_error_band("tensorrt-llm", True, "ttft", mla=True)
    assert ttft is not None
    # the 49 DeepSeek-R1 rows (TensorRT-LLM 24, SGLang 25): 0.8 quantile of measured/model
    # re-pinned (session 31, audit 31a #5): TensorRT-LLM's own 24 rows, an MLA band standing
    # on 20 rows (it only widens); was every engine's 49 rows, 3.8
    assert (ttft.engine, ttft.family, ttft.rows) == ("tensorrt-llm", "mla", 24)
    # re-pinned: serving start transient in the solve
    assert ttft.measured_over_model == 5.13  # was 3.3, then 3.78, then 3.8
    # the audit's 500 ms target, modelled at 181 ms (755 ms measured): 181 x 3.8 misses it
    # re-pinned: serving start transient in the solve
    assert 181 * ttft.measured_over_model > 500  # was 209 ms, then 186


def test_other_models_keep_their_bands() -> None:
    perf = catalog().perf
    moe = perf.serving_error_band("tensorrt-llm", True, "ttft")
    dense = perf.serving_error_band("tensorrt-llm", False, "ttft")
    # re-pinned: serving start transient in the solve: was 1.77, then 2.08, then 2.13; the
    # 4-bit experts' whole compute (fix/gptoss: gpt-oss's Hopper rows are less optimistic)
    assert moe is not None and (moe.family, moe.measured_over_model) == ("moe", 1.89)
    # re-pinned: serving start transient in the solve: was 1.61, then 1.98
    assert dense is not None and (dense.family, dense.measured_over_model) == ("dense", 2.03)
    # an MLA family only ever widens: DeepSeek's TPOT band (1.1) is narrower than the
    # engine's MoE band, which stays
    tpot = perf.serving_error_band("tensorrt-llm", True, "tpot", mla=True)
    # re-pinned: serving start transient in the solve: was 1.54, then 1.53, then 1.54; 1.49
    # with the 4-bit experts' whole compute (fix/gptoss)
    assert tpot is not None and (tpot.family, tpot.measured_over_model) == ("moe", 1.49)


def test_lookup_prefers_the_engine_mla_band_and_only_widens() -> None:
    perf = PerfTables(serving_error=(
        _band("*", "*", "ttft", 1.4), _band("vllm", "moe", "ttft", 1.5),
        _band("*", "mla", "ttft", 3.0), _band("sglang", "mla", "ttft", 1.2),
        _band("vllm", "mla", "ttft", 2.5, rows=12)))
    band = perf.serving_error_band
    got = band("vllm", True, "ttft", mla=True)  # vLLM's own MLA band has too few rows
    assert got is not None and (got.engine, got.measured_over_model) == ("*", 3.0)
    # an engine's own MLA band narrower than every engine's: the wider one (session 31, audit
    # 31a #5: the wider of the engine's and every engine's MLA bands; was the pooled 1.4)
    got = band("sglang", True, "ttft", mla=True)
    assert got is not None and (got.family, got.measured_over_model) == ("mla", 3.0)
    got = band("vllm", True, "ttft")  # not MLA: as before
    assert got is not None and got.measured_over_model == 1.5


def test_a_500_ms_target_met_at_about_200_ms_is_flagged_for_deepseek() -> None:
    rec = recommend(msgspec.convert(
        {"top_n": 5, "workload": "serving", "model": "deepseek r1", "engine": "tensorrt-llm",
         "gpus": ["H200"], "concurrent_requests": 64, "context_tokens": 2048,
         "output_tokens": 1024, "max_time_to_first_token_ms": 500},
        RecommendationRequest), catalog(), TODAY)
    assert rec.options
    for o in rec.options:
        ttft = o.performance.time_to_first_token_ms
        assert ttft is not None and ttft <= 500
        thin = [w for w in o.warnings if w.startswith("thin margin: time to first token")]
        # re-pinned: serving start transient in the solve
        # re-pinned (session 31, audit 31a #5): TensorRT-LLM's own 24 MLA rows, x5.13
        assert ttft * 5.13 > 500  # was 3.3, then 3.78, then 3.8
        assert len(thin) == 1, (ttft, o.warnings)
        # re-pinned: serving start transient in the solve: was 230 %, then 278 %, then 280 %
        assert "MLA models" in thin[0] and "24 rows" in thin[0] and "413 %" in thin[0]


def test_sizing_states_the_mla_band() -> None:
    from service.domain.sizing.requests import SizingRequest
    from service.domain.sizing.sizing import size

    r = size(msgspec.convert({"model": "deepseek-v3", "gpu": "h200-sxm", "gpu_count": 8,
                              "engine": "tensorrt-llm", "batch_size": 32}, SizingRequest),
             catalog())
    note = next(a for a in r.assumptions if a.name == "serving_model_error")
    # re-pinned: serving start transient in the solve: was x3.30 and x1.54, then x3.78 and x1.53,
    # then x1.54; x1.49 with the 4-bit experts' whole compute (fix/gptoss: TensorRT-LLM's MoE
    # TPOT band, wider than the MLA one); TTFT: TensorRT-LLM's own 24 MLA rows (session 31,
    # audit 31a #5; was every engine's 49, x3.80)
    assert "TTFT x5.13" in note.value and "TPOT x1.49" in note.value
    assert "(TTFT: 24 measured runs (tensorrt-llm, DeepSeek" in note.reason


def test_the_mla_warning_reads_in_romanian() -> None:
    from service.adapters.messages_files import shipped_messages
    from service.domain.answer.core_warnings import localise

    w = ("thin margin: time to first token 209 ms against the 500 ms target; in 1 of 5 "
         "measured runs (every engine measured, DeepSeek-style MLA models, 49 rows) it was "
         "more than 230 % longer than this model, which would miss the target: measure "
         "before committing")
    m = shipped_messages()
    got = localise(w, m.section("ro", "answer"), m.formatter("ro"), m.section("ro", "pricing"))
    assert "modele MLA de tip DeepSeek" in got and "49" in got and "230" in got
    assert "thin margin" not in got
