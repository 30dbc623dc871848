"""Diffusion pipelines timed in stages (service/domain/sizing/diffusion_speed.py), and the
diffusion speed floor on published measurements: catalog/calibration.csv and
catalog/calibration_diffusion.csv, split into the rows the constants were fitted on and the
rows held out (other GPUs, batches, models, quantized formats)."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from service.adapters.calibration_csv import read_calibration_csv
from service.adapters.catalog_files import load_registry
from service.domain.catalog.models import Component
from service.domain.catalog.registry import Registry
from service.domain.sizing.diffusion_speed import (
    DiffusionTiming,
    _unet_level_macs,
    _unet_levels,
    denoiser_flops,
    diffusion_timing,
    latent_frames,
    uses_cfg,
)
from service.domain.sizing.memory import SizedModel
from service.evaluation.calibration import Prediction, predict
from service.paths import default_data_dir

CATALOG = Path(__file__).resolve().parents[2] / "catalog"
FLOOR = 30.0  # issue 18: median absolute error on diffusion speed

PEAK = 312e12
BW = 1.5e12


def _model(family: str, *, unet: bool = False, guidance_embeds: bool = False,
           frames: int | None = None) -> SizedModel:
    den_arch: dict[str, int | float | str | bool | list[int]] = (
        {"block_out_channels": [320, 640, 1280, 1280]} if unet else
        {"num_layers": 28, "hidden_size": 3072, "patch_size": [1, 2, 2] if frames else 2,
         "guidance_embeds": guidance_embeds})
    comps = (
        Component(name="unet" if unet else "transformer", role="denoiser",
                  params=860_000_000 if unet else 5_000_000_000, architecture=den_arch),
        Component(name="text_encoder", role="text_encoder", params=123_000_000,
                  architecture={"max_position_embeddings": 77}),
        Component(name="vae", role="vae", params=84_000_000),
    )
    return SizedModel(id=f"test-{family}", name=family, kind="diffusion",
                      total_params=sum(c.params for c in comps),
                      active_params=sum(c.params for c in comps), source="test",
                      components=comps, family=family, num_frames=frames,
                      temporal_downsample=4 if frames else None)


def _time(m: SizedModel, *, w: int = 1024, h: int = 1024, steps: int = 30, batch: int = 1,
          frames: int | None = None, engine: str = "diffusers") -> DiffusionTiming:
    return diffusion_timing(m, width=w, height=h, steps=steps, batch=batch, engine=engine,
                            peak_flops=PEAK, peak16_flops=PEAK, bandwidth=BW, frames=frames)


def _stage(t: DiffusionTiming, name: str) -> float:
    return sum(s.seconds for s in t.stages if s.stage == name)


def test_stages_add_up_and_are_reported() -> None:
    t = _time(_model("sdxl", unet=True))
    assert [s.stage for s in t.stages] == ["text_encoder", "denoiser", "vae_decode"]
    assert t.seconds_per_batch == pytest.approx(sum(s.seconds for s in t.stages))
    assert t.seconds_per_image == pytest.approx(t.seconds_per_batch)
    assert t.images_per_s == pytest.approx(1 / t.seconds_per_image)
    den = next(s for s in t.stages if s.stage == "denoiser")
    assert den.runs == 30 and den.seconds == pytest.approx(30 * den.seconds_per_run)


def test_guidance_doubles_the_denoiser_cost() -> None:
    cfg = _model("sd3")  # classifier-free guidance
    distilled = _model("sd3", guidance_embeds=True)  # FLUX-style guidance embedding
    assert uses_cfg(cfg) and not uses_cfg(distilled)
    assert not uses_cfg(_model("flux"))
    a, b = _time(cfg), _time(distilled)
    assert a.guidance_batch_factor == 2 and b.guidance_batch_factor == 1
    den_a = next(s for s in a.stages if s.stage == "denoiser")
    den_b = next(s for s in b.stages if s.stage == "denoiser")
    assert den_a.tflops_per_run == pytest.approx(2 * den_b.tflops_per_run)
    # the fixed per-step launch cost is not doubled
    assert 1.8 < den_a.seconds_per_run / den_b.seconds_per_run <= 2.0


def test_steps_scale_the_denoiser_linearly() -> None:
    m = _model("sdxl", unet=True)
    t20, t40 = _time(m, steps=20), _time(m, steps=40)
    assert _stage(t40, "denoiser") == pytest.approx(2 * _stage(t20, "denoiser"))
    assert _stage(t40, "text_encoder") == pytest.approx(_stage(t20, "text_encoder"))
    assert _stage(t40, "vae_decode") == pytest.approx(_stage(t20, "vae_decode"))


def test_resolution_scales_the_tokens() -> None:
    unet = _model("sd", unet=True)
    assert _time(unet, w=1024, h=1024).denoiser_tokens == 4 * _time(
        unet, w=512, h=512).denoiser_tokens == 4 * 64 * 64
    dit = _model("sd3")
    small, big = _time(dit, w=512, h=512), _time(dit, w=1024, h=1024)
    assert small.denoiser_tokens == 32 * 32  # latent /8, patch 2
    assert big.denoiser_tokens == 4 * small.denoiser_tokens
    # attention is quadratic in tokens: the DiT step grows more than 4x
    ratio = _stage(big, "denoiser") / _stage(small, "denoiser")
    assert ratio > 4.0
    assert _stage(big, "vae_decode") == pytest.approx(4 * _stage(small, "vae_decode"))


def test_video_is_frames_times_latent_size() -> None:
    v = _model("wan", frames=81)
    assert latent_frames(v, 81) == 21 and latent_frames(v, 1) == 1
    t81 = _time(v, w=1280, h=720, frames=81)
    t1 = _time(v, w=1280, h=720, frames=1)
    assert t81.latent_frames == 21
    assert t81.denoiser_tokens == pytest.approx(21 * t1.denoiser_tokens)  # 21 x 45 x 80
    assert t81.denoiser_tokens == 75_600
    # attention over 21x the tokens: the step costs well over 21x
    assert _stage(t81, "denoiser") / _stage(t1, "denoiser") > 21
    assert _stage(t81, "vae_decode") == pytest.approx(81 * _stage(t1, "vae_decode"))


def test_batch_amortises_the_fixed_costs() -> None:
    m = _model("sd", unet=True)
    one, many = _time(m, w=512, h=512, batch=1), _time(m, w=512, h=512, batch=8)
    assert many.seconds_per_image < one.seconds_per_image
    assert many.images_per_s > one.images_per_s


# ---------------------------------------------------------------------------------------------
# The floor on published measurements


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def _preds(registry: Registry, csv: Path) -> list[Prediction]:
    out = []
    for row in read_calibration_csv(csv):
        if row.kind != "diffusion_speed":
            continue
        p = predict(row, registry)
        assert isinstance(p, Prediction), p
        out.append(p)
    return out


# The rows diffusion_speed.py's constants were fitted on (FIT_SOURCE): the shared
# reference's, and the A100 80GB rows of calibration_diffusion.csv. The others are held out.
FIT_EXTRA = {"d001", "d002", "d003", "d014", "d017", "d022", "d023", "d024", "d025"}


def test_diffusion_speed_floor_on_fit_and_held_out_rows(registry: Registry) -> None:
    extra = _preds(registry, CATALOG / "calibration_diffusion.csv")
    fit = _preds(registry, CATALOG / "calibration.csv") + [
        p for p in extra if p.id in FIT_EXTRA]
    held = [p for p in extra if p.id not in FIT_EXTRA]
    assert len(fit) >= 12 and len(held) >= 16
    med = {name: statistics.median(abs(p.error_pct) for p in rows)
           for name, rows in (("fit", fit), ("held out", held), ("all", fit + held))}
    base = statistics.median(abs(p.baseline_error_pct) for p in fit + held)
    print(f"\ndiffusion speed median |err|: {med}, baseline {base:.1f}%")
    for name, v in med.items():
        assert v <= FLOOR, f"{name}: median {v:.1f}% over the {FLOOR}% floor"
    assert med["all"] < base
    # held-out rows cover GPUs the fit never saw
    assert {p.gpu_id for p in held} - {p.gpu_id for p in fit}


# ---------------------------------------------------------------------------------------------
# UNet work counted from the architecture


SD15_UNET = {"block_out_channels": [320, 640, 1280, 1280], "cross_attention_dim": 768}
SDXL_UNET = {"block_out_channels": [320, 640, 1280], "transformer_layers_per_block": [1, 2, 10],
             "cross_attention_dim": 2048}


def test_sdxl_first_level_has_no_cross_attention() -> None:
    # stabilityai/stable-diffusion-xl-base-1.0 unet/config.json: down_block_types
    # DownBlock2D, CrossAttnDownBlock2D x 2, although transformer_layers_per_block lists 1
    assert _unet_levels(SDXL_UNET)[2] == [False, True, True]
    # SD 1.x/2.x: CrossAttnDownBlock2D x 3, DownBlock2D
    assert _unet_levels(SD15_UNET)[2] == [True, True, True, False]
    explicit = {**SD15_UNET, "down_block_types": ["DownBlock2D"] * 4}
    assert _unet_levels(explicit)[2] == [False] * 4


@pytest.mark.parametrize(("arch", "params", "layers_per_level"), [
    # SD 1.5 unet/config.json: 859,520,964 parameters; 5 transformer layers per cross-attention
    # level (2 down, 3 up) and 1 in the middle block
    (SD15_UNET, 859_520_964, [5, 5, 5, 1]),
    # SDXL base unet: 2,567,463,684; levels 1 and 2 hold 5 x 2 and 5 x 10 + 10 (middle)
    (SDXL_UNET, 2_567_463_684, [0, 10, 60]),
])
def test_unet_count_reproduces_the_parameter_count(
        arch: dict[str, object], params: int, layers_per_level: list[int]) -> None:
    # each weight of a convolution or projection is used once per position of its level, so
    # the per-position multiply-accumulates are the weights, less the cross-attention K/V
    # projections (applied to the prompt only), time embeddings and norms
    chans = arch["block_out_channels"]
    assert isinstance(chans, list)
    kv = sum(2 * float(arch["cross_attention_dim"]) * c * n  # type: ignore[arg-type]
             for c, n in zip(chans, layers_per_level, strict=True))
    ratio = (sum(_unet_level_macs(arch)) + kv) / params
    assert 0.95 <= ratio <= 1.0


def test_unet_attention_is_counted_and_quadratic_in_positions() -> None:
    m = _model("sd", unet=True)
    lin_512, attn_512 = denoiser_flops(m, 512, 512)
    lin_1024, attn_1024 = denoiser_flops(m, 1024, 1024)
    assert lin_1024 == pytest.approx(4 * lin_512)
    # the first level (64x64 -> 128x128 positions) dominates: close to 16x
    assert attn_512 > 0.1 * lin_512
    assert attn_1024 / attn_512 > 14
    # so SD 1.5 at 1024x1024 costs more than 4x its 512x512 step
    big, small = _time(m, w=1024, h=1024, batch=8), _time(m, w=512, h=512, batch=8)
    assert _stage(big, "denoiser") / _stage(small, "denoiser") > 4.5


def test_sdxl_held_out_row_d018_is_25_steps_and_predicted_within_25_percent(
        registry: Registry) -> None:
    # huggingface/blog simple_sdxl_optimizations.md reports 11,413 ms for "fp16 + SDPA"; its
    # notebook (huggingface/notebooks diffusers/exploring_simple optimizations_for_sdxl.ipynb)
    # runs num_inference_steps = 25 with num_images_per_prompt = 4. Read as the pipeline
    # default 50 steps, the row looked like a 2.35x over-estimate. Held out: not fitted on.
    row = next(r for r in read_calibration_csv(CATALOG / "calibration_diffusion.csv")
               if r.id == "d018")
    assert row.output_len == "25" and row.batch == "4"
    p = predict(row, registry)
    assert isinstance(p, Prediction)
    assert abs(p.error_pct) <= 25.0
