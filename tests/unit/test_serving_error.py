"""The serving model's error bands against measured serving runs
(``catalog/perf/serving_error.toml``) and the thin-margin warnings they give recommendations:
the shipped bands are what the calibration replay computes today (a serving model that moved
without the file fails here), the lookup takes the narrowest band with enough rows, and an
option meeting a stated target by less than its band says so, while one with room to spare,
or one held only to the service's default targets, does not."""

from __future__ import annotations

import datetime as dt
import functools
import re
from pathlib import Path

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.perf_files import (
    load_perf,
    read_serving_error,
    read_serving_measurements,
    write_serving_error,
)
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.efficiency import PerfTables, ServingErrorBand
from service.evaluation.calibration import run_load_calibration, serving_error_bands
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)
ROOT = default_data_dir("catalog")


@functools.cache
def catalog() -> Catalog:
    return load_catalog(ROOT)


def test_shipped_bands_are_what_the_replay_computes() -> None:
    cat = catalog()
    report = run_load_calibration(read_serving_measurements(ROOT / "serving_measurements.csv"),
                                  cat.registry, load_perf(ROOT, cat.registry))
    want = {(b.engine, b.family, b.kind): b for b in serving_error_bands(report)}
    got = {(b.engine, b.family, b.kind): b for b in read_serving_error(
        ROOT / "perf" / "serving_error.toml")}
    assert got.keys() == want.keys(), "rerun: gpu-advisor calibrate --write-serving-error " \
        "catalog/perf/serving_error.toml"
    for k, b in want.items():
        assert got[k].rows == b.rows, k
        assert got[k].measured_over_model == pytest.approx(b.measured_over_model, abs=0.011), k
    # the bands say what they claim: one engine's band is never the whole set's
    assert want[("vllm", "*", "tpot")].rows < want[("*", "*", "tpot")].rows == 1188
    assert all(b.measured_over_model > 1 for b in want.values())


def _band(engine: str, family: str, kind: str, rows: int, ratio: float) -> ServingErrorBand:
    return ServingErrorBand(engine=engine, family=family, kind=kind, rows=rows, quantile=0.8,
                            measured_over_model=ratio)


def test_lookup_takes_the_narrowest_band_with_enough_rows() -> None:
    perf = PerfTables(serving_error=(
        _band("*", "*", "tpot", 1000, 1.2), _band("*", "moe", "tpot", 300, 1.3),
        _band("vllm", "*", "tpot", 400, 1.15), _band("vllm", "dense", "tpot", 250, 1.1),
        _band("sglang", "moe", "tpot", 12, 2.0)))
    band = perf.serving_error_band
    assert band("vllm", False, "tpot").measured_over_model == 1.1  # type: ignore[union-attr]
    assert band("vllm", True, "tpot").measured_over_model == 1.15  # type: ignore[union-attr]
    # too few rows for SGLang's MoE band: every engine's MoE rows
    assert band("sglang", True, "tpot").measured_over_model == 1.3  # type: ignore[union-attr]
    assert band("llama.cpp", False, "tpot").measured_over_model == 1.2  # type: ignore[union-attr]
    assert band("vllm", False, "ttft") is None
    assert PerfTables().serving_error_band("vllm", False, "tpot") is None


def test_bands_round_trip_through_the_file(tmp_path: Path) -> None:
    bands = (_band("*", "*", "ttft", 1188, 1.49), _band("vllm", "dense", "tpot", 267, 1.12))
    path = tmp_path / "serving_error.toml"
    write_serving_error(path, bands)
    assert read_serving_error(path) == bands
    assert read_serving_error(tmp_path / "missing.toml") == ()


_DECODE = re.compile(r"thin margin: ([\d.,]+) tokens/s per user against the ([\d.,]+) tokens/s "
                     r"target; in 1 of 5 measured runs \(vLLM, dense models, (\d+) rows\) "
                     r"decoding was more than (\d+) % slower")


def _options(**req: object) -> list:
    rec = recommend(msgspec.convert({"top_n": 12, "workload": "serving", **req},
                                    RecommendationRequest), catalog(), TODAY)
    return list(rec.options)


def test_a_decode_target_met_by_less_than_the_band_is_flagged() -> None:
    band = catalog().perf.serving_error_band("vllm", False, "tpot")
    assert band is not None
    options = _options(model="llama-3.1-8b", concurrent_requests=32, min_decode_tokens_per_s=30)
    flagged = 0
    for o in options:
        per_user = o.performance.decode_tokens_per_s_per_user
        # the decode warnings (the default TTFT target has its own: test_fix_s3)
        thin = [w for w in o.warnings if w.startswith("thin margin")
                and "tokens/s per user" in w]
        assert per_user >= 30
        if per_user / band.measured_over_model < 30:
            flagged += 1
            assert len(thin) == 1, (o.offer, per_user, o.warnings)
            m = _DECODE.match(thin[0])
            assert m is not None, thin[0]
            assert float(m[1]) == pytest.approx(per_user, abs=0.05)
            assert int(m[3]) == band.rows
            # a time ratio of 1.12 is a speed 10.7 % lower, said as 11 %
            assert int(m[4]) == round((1 - 1 / band.measured_over_model) * 100)
            assert float(m[1]) * (1 - int(m[4]) / 100) == pytest.approx(
                per_user / band.measured_over_model, rel=0.01)
        else:
            assert not thin, (o.offer, per_user, thin)
    assert 0 < flagged < len(options)


def test_a_ttft_target_met_by_less_than_the_band_is_flagged() -> None:
    options = _options(model="llama-3.1-8b", concurrent_requests=16,
                       max_time_to_first_token_ms=300)
    band = catalog().perf.serving_error_band("vllm", False, "ttft")
    assert band is not None
    flagged = 0
    for o in options:
        ttft = o.performance.time_to_first_token_ms
        thin = [w for w in o.warnings if w.startswith("thin margin: time to first token")]
        assert bool(thin) == (ttft * band.measured_over_model > 300), (o.offer, ttft, thin)
        flagged += bool(thin)
    assert 0 < flagged < len(options)


def test_the_default_decode_target_is_not_flagged() -> None:
    # the default decode speed (10 tokens/s, a floor under reading speed) gets no thin-margin
    # warning; the default TTFT target does where it is met by less than the band
    # (audit serve #3, tests/unit/test_fix_s3.py)
    for o in _options(model="llama-3.1-8b", concurrent_requests=32):
        assert not [w for w in o.warnings if w.startswith("thin margin")
                    and "tokens/s per user" in w], o.warnings


def test_sizing_states_the_band_of_its_engine_and_family() -> None:
    from service.domain.sizing.requests import SizingRequest
    from service.domain.sizing.sizing import size

    cat = catalog()

    def band_note(**req: object) -> str | None:
        r = size(msgspec.convert({"batch_size": 16, **req}, SizingRequest), cat)
        return next((f"{a.value} | {a.reason}" for a in r.assumptions
                     if a.name == "serving_model_error"), None)

    vllm = cat.perf.serving_error_band("vllm", False, "tpot")
    moe = cat.perf.serving_error_band("vllm", True, "ttft")
    assert vllm is not None and moe is not None
    got = band_note(model="llama-3.1-8b", gpu="h100-sxm")
    assert got is not None and f"TPOT x{vllm.measured_over_model:.2f}" in got
    assert f"{vllm.rows} measured runs (vllm, dense models)" in got
    got = band_note(model="gpt-oss-120b", gpu="h200-sxm")
    assert got is not None and f"TTFT x{moe.measured_over_model:.2f}" in got and "MoE" in got
    # llama.cpp's slot model is not the continuous-batching model the bands measure
    assert band_note(model="llama-3.1-8b", gpu="rtx-4090", engine="llama.cpp") is None
