"""Fine-tuning memory of video diffusion models follows the video LoRA trainers' recipe
(finetrainers, musubi-tuner, diffusion-pipe), not the image DreamBooth scripts': text encoders
and VAE off the GPU (conditions and latents precomputed), no prior-preservation class sample,
a 49-frame training clip, checked on finetrainers' published peaks. Image models keep the
DreamBooth recipe, their figures unchanged."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import diffusion_memory
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, asked

# finetrainers docs/training/cogvideox.md and hunyuan_video.md (a-r-r-o-w/finetrainers
# @0ad57edc), "Memory Usage": max_memory_reserved in GiB (finetrainers/utils/memory_utils.py
# divides by 1024**3), LoRA rank 128, batch 1, gradient checkpointing, conditions precomputed
COGVIDEOX_5B_TRAIN_GIB = 20.701  # 49x480x720, adamw with --use_8bit_bnb
COGVIDEOX_5B_VALIDATION_GIB = 28.324
HUNYUANVIDEO_TRAIN_GIB = 42.387  # 49x512x768, adamw

COG_FT = {"method": "lora", "lora_rank": 128, "gradient_checkpointing": True,
          "optimizer": "adamw-8bit"}


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def _assumption(r: SizingResult, name: str) -> str:
    a = next((a for a in r.assumptions if a.name == name), None)
    assert a is not None, [a.name for a in r.assumptions]
    return f"{a.value} | {a.reason}"


def test_cogvideox_5b_lora_matches_finetrainers_published_peak(catalog: Catalog) -> None:
    r = _size(catalog, model="cogvideox-5b", task="finetune", finetune=COG_FT,
              gpu="a100-sxm-80gb")
    assert r.memory.total_gib == pytest.approx(COGVIDEOX_5B_TRAIN_GIB, rel=0.25)
    assert r.memory.total_gib <= COGVIDEOX_5B_VALIDATION_GIB
    # was 48.9 GiB: a 48 GB L40S was told it does not fit
    assert _size(catalog, model="cogvideox-5b", task="finetune", finetune=COG_FT,
                 gpu="l40s").fits is True


def test_hunyuanvideo_lora_at_768x512_matches_finetrainers_published_peak(
        catalog: Catalog) -> None:
    r = _size(catalog, model="hunyuanvideo", task="finetune", width=768, height=512,
              finetune={"method": "lora", "lora_rank": 128, "optimizer": "adamw"},
              gpu="h100-sxm")
    assert r.memory.total_gib == pytest.approx(HUNYUANVIDEO_TRAIN_GIB, rel=0.25)
    assert r.fits is True


def test_video_training_recipe_is_stated(catalog: Catalog) -> None:
    r = _size(catalog, model="cogvideox-5b", task="finetune", finetune=COG_FT)
    basis = _assumption(r, "training_memory")
    assert "prior preservation" in basis and "DreamBooth" not in basis.split("|")[0]
    assert "finetrainers" in basis and "20.7" in basis
    assert "precomputed" in basis
    batch = _assumption(r, "training_batch")
    assert "49 frames" in batch and "clip" in batch
    assert "text_encoder" not in _assumption(r, "pipeline").split("|")[0]


def test_video_fine_tune_trains_no_text_encoder_and_has_no_class_sample(
        registry: Registry) -> None:
    hv = sized_from_entry(registry.model("hunyuanvideo"))
    bf16 = get_precision("bf16")
    den = next(c for c in hv.components if c.role == "denoiser")
    full = diffusion_memory(hv, bf16, 768, 512, 1, "full", checkpointing=True)
    # fp32 gradients of the transformer alone: the text encoders stay frozen
    assert full.gradients_gib == pytest.approx(den.params * 4 / 2**30)
    # no prior-preservation doubling for a video fine-tune, whatever the flag says
    with_pp = diffusion_memory(hv, bf16, 768, 512, 1, "lora", checkpointing=True)
    without = diffusion_memory(hv, bf16, 768, 512, 1, "lora", checkpointing=True,
                               prior_preservation=False)
    assert with_pp.activations_gib == pytest.approx(without.activations_gib)
    # the training clip, not the model's 129 inference frames, sizes the activations
    lora = diffusion_memory(hv, bf16, 768, 512, 1, "lora", checkpointing=True)
    assert lora.activations_gib < 25


def test_a_hunyuanvideo_lora_question_fits_one_gpu() -> None:
    r = ask("How much memory do I need to train a LoRA on HunyuanVideo?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("total_gib", "GiB")
    assert value < 80  # was 333.1 GiB, "needs several nodes"
    assert "several nodes" not in r.answer


@pytest.mark.parametrize(("model", "gib"), [
    ("sdxl", 13.56), ("flux.1-dev", 43.23), ("sd-1.5", 4.01), ("sd-3-medium", 19.06)])
def test_image_model_fine_tunes_are_unchanged(catalog: Catalog, model: str,
                                              gib: float) -> None:
    # the DreamBooth recipe stays for image models: the values before this change
    r = _size(catalog, model=model, task="finetune", finetune={"method": "lora"},
              gpu="a100-sxm-80gb")
    assert r.memory.total_gib == pytest.approx(gib, abs=0.006)
    assert "prior preservation" in _assumption(r, "training_memory")
    assert "1 image per GPU per step" in _assumption(r, "training_batch")
