"""Audit 8, diffusion speed: the T4's power-capped tensor rate, one rate for fp16 and bf16 on
GeForce, the default precision of the SD-family models, each quantized format's
dequantization cost in diffusers, and the fp16 overflow warnings."""

from __future__ import annotations

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.sizing.diffusion_speed import DiffusionTiming, fp16_overflow_notes
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import diffusion_pipeline
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def reg() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def _time(reg: Registry, model: str, gpu: str, prec: str, w: int, steps: int,
          batch: int = 1) -> DiffusionTiming:
    return diffusion_pipeline(sized_from_entry(reg.model(model)), get_precision(prec),
                              reg.gpu(gpu), w, w, steps, batch, reg.engines["diffusers"])


def test_sd15_on_a_t4_runs_at_its_power_capped_rate(reg: Registry) -> None:
    # h171: 6.9 it/s at batch 1 (~7.3 s per image); d008: 2.34 s/it at batch 16
    one = _time(reg, "sd-1.5", "t4", "fp16", 512, 50)
    assert 7.3 * 0.8 < one.seconds_per_image < 7.3 * 1.25
    sixteen = _time(reg, "sd-1.5", "t4", "fp16", 512, 50, 16)
    assert 2.34 * 0.8 < sixteen.step_s < 2.34 * 1.25


def test_bf16_and_fp16_take_the_same_time_on_a_geforce_card(reg: Registry) -> None:
    bf16 = _time(reg, "sdxl", "rtx-4090", "bf16", 1024, 30)
    fp16 = _time(reg, "sdxl", "rtx-4090", "fp16", 1024, 30)
    assert bf16.seconds_per_image == pytest.approx(fp16.seconds_per_image)


def test_sd_family_defaults_to_fp16_and_flux_to_bf16(reg: Registry) -> None:
    for m in ("sd-1.5", "sd-2.1", "sdxl", "sdxl-turbo"):
        assert reg.model(m).native_precision == "fp16", m
    assert reg.model("flux.1-dev").native_precision in (None, "bf16")


def test_quantized_formats_pay_their_dequantization(reg: Registry) -> None:
    # huggingface/blog diffusers-quantization.md: FLUX.1-dev, H100, 1024x1024, 50 steps
    t = {p: _time(reg, "flux.1-dev", "h100-sxm", p, 1024, 50).seconds_per_image
         for p in ("bf16", "nf4", "bnb-int8", "int8", "q8_0", "q4_k_m", "int4", "fp8")}
    assert t["bnb-int8"] == pytest.approx(27.0, rel=0.15)
    assert t["int8"] == pytest.approx(15.0, rel=0.15)
    assert t["nf4"] == pytest.approx(12.0, rel=0.15)
    assert t["fp8"] == pytest.approx(13.0, rel=0.15)
    assert t["q8_0"] == pytest.approx(15.0, rel=0.15)
    assert t["q4_k_m"] > t["q8_0"] > t["bf16"]
    assert t["int4"] > 3 * t["bf16"]
    assert len({round(v, 3) for v in t.values()}) >= 6


def test_fp16_overflow_warnings_on_gpus_without_bf16(reg: Registry) -> None:
    flux = sized_from_entry(reg.model("flux.1-dev"))
    sdxl = sized_from_entry(reg.model("sdxl"))
    assert any("T5" in n and "fp32" in n for n in fp16_overflow_notes(flux, has_bf16=False))
    assert any("VAE" in n for n in fp16_overflow_notes(sdxl, has_bf16=False))
    assert fp16_overflow_notes(flux, has_bf16=True) == ()
