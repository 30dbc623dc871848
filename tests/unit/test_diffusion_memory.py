"""Inference activation memory of diffusion pipelines (service/domain/sizing/memory.py,
``diffusion_inference_activation_bytes``): the larger of the denoiser phase and the VAE
decode, with SDPA attention (no positions^2 matrix), checked on published peaks."""

from __future__ import annotations

import math

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.sizing.memory import (
    SizedModel,
    denoiser_sequence,
    diffusion_inference_activation_bytes,
    diffusion_memory,
)
from service.domain.sizing.sizing import sized_from_entry
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def _m(registry: Registry, mid: str) -> SizedModel:
    return sized_from_entry(registry.model(mid))


def test_sdxl_fp16_1024_fits_a_16gb_t4(registry: Registry) -> None:
    # SDXL base in fp16 with diffusers' defaults (SDPA) runs at 1024x1024 on a 16 GB T4:
    # ~6.5 GiB of weights, the fp32 VAE decode (~3.8 GiB) is the peak
    sdxl = _m(registry, "sdxl")
    parts = diffusion_memory(sdxl, get_precision("fp16"), 1024, 1024, 1)
    t4 = registry.gpu("t4")
    assert parts.total_gib <= t4.usable_gib
    assert 9.0 <= parts.total_gib <= 12.0


def test_sdxl_batch_of_four_matches_the_published_peak(registry: Registry) -> None:
    # huggingface/blog simple_sdxl_optimizations.md @11e799d7 (A100 40GB, fp16 + SDPA, 4 images
    # at 1024x1024): torch.cuda.max_memory_allocated 21.72 GiB (its "GB" = bytes / 1024^3)
    sdxl = _m(registry, "sdxl")
    total = diffusion_memory(sdxl, get_precision("fp16"), 1024, 1024, 4).total_gib
    assert total == pytest.approx(21.72, rel=0.10)


def test_phases_do_not_add(registry: Registry) -> None:
    # the denoiser's activations are freed before the VAE decodes: the peak is the larger
    # phase. SDXL at batch 1: the fp32 decode (1024^2 x 966 values x 4 bytes + the fp32 copy
    # of the VAE) is larger than the two UNet samples (CFG) of the step
    sdxl = _m(registry, "sdxl")
    act = diffusion_inference_activation_bytes(sdxl, get_precision("fp16"), 1024, 1024, 1)
    vae = next(c for c in sdxl.components if c.role == "vae")
    assert act == pytest.approx(1024 * 1024 * 966 * 4 + vae.params * 2)
    # FLUX.1-dev: its denoiser phase (4,096 patch tokens) is the peak, the decode adds nothing
    flux = _m(registry, "flux.1-dev")
    den = next(c for c in flux.components if c.role == "denoiser")
    act = diffusion_inference_activation_bytes(flux, get_precision("bf16"), 1024, 1024, 1)
    assert act == pytest.approx(4096 * math.sqrt(den.params / 1e9) * 3.4e5)


def test_unet_working_set_is_linear_in_positions(registry: Registry) -> None:
    # SDPA (FlashAttention / memory-efficient) never materialises the attention matrix, so
    # the UNet phase grows with the latent positions, not their square. Its size: 235 bytes
    # per latent position per first-level channel, ~1.15 GiB per SDXL sample at 1024x1024
    # (the blog's Tiny Autoencoder run: 15.48 GiB peak, 6.31 GiB of weights, 8 samples).
    # SD 1.5, 8 images x CFG at 512x512: the UNet phase (4.6 GiB) is the peak, not the
    # decode of the 8 images (3.8 GiB)
    sd = _m(registry, "sd-1.5")
    p = get_precision("fp16")
    a = diffusion_inference_activation_bytes(sd, p, 512, 512, 8)
    assert a == pytest.approx(8 * 2 * 64 * 64 * 320 * 235.0)
    b = diffusion_inference_activation_bytes(sd, p, 1024, 1024, 8)
    assert b == pytest.approx(4 * a)


def test_every_unet_family_is_sized_per_latent_position(registry: Registry) -> None:
    # SD 2.x and SDXL-Turbo are UNets: no 2x2 patches
    for mid in ("sd-2.1", "sdxl-turbo"):
        assert denoiser_sequence(_m(registry, mid), 512, 512) == 64 * 64
