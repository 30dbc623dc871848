"""Audit 8, diffusion: DreamBooth fine-tuning memory as the PEFT table measured it, video
denoiser and VAE-decode memory over every frame, a setup's total over its replicas, fits_on
with sizing's precision substitution, language-model fields named when a diffusion answer
ignores them, a request rate set against images/s, and recommendations that take and state
the step count."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.memory import (
    denoiser_sequence,
    diffusion_memory,
    trained_text_encoders,
)
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from service.paths import default_data_dir
from tests.unit.rec_fixtures import real

GB = 1e9 / 2**30  # GiB per decimal GB


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def _assumption(r: SizingResult | Recommendation, name: str) -> str:
    a = next((a for a in r.assumptions if a.name == name), None)
    assert a is not None, [a.name for a in r.assumptions]
    return f"{a.value} | {a.reason}"


# -- defect 5: DreamBooth fine-tuning memory --------------------------------------------------

def test_peft_dreambooth_table_is_reproduced_in_fp32(registry: Registry) -> None:
    # huggingface/peft README @0032f32a: SD v1-4, 512x512, batch 1, --train_text_encoder,
    # --with_prior_preservation, no --mixed_precision (fp32): full 27.5 GB, LoRA 15.5 GB,
    # LoRA with gradient checkpointing 8.12 GB (the last not used to fit the UNet constant)
    sd = sized_from_entry(registry.model("sd-1.5"))
    fp32 = get_precision("fp32")
    full = diffusion_memory(sd, fp32, 512, 512, 1, "full").total_gib
    lora = diffusion_memory(sd, fp32, 512, 512, 1, "lora").total_gib
    lora_gc = diffusion_memory(sd, fp32, 512, 512, 1, "lora", checkpointing=True).total_gib
    assert full == pytest.approx(27.5 * GB, rel=0.05)
    assert lora == pytest.approx(15.5 * GB, rel=0.05)
    assert lora_gc == pytest.approx(8.12 * GB, rel=0.05)


def test_prior_preservation_doubles_the_training_activations(registry: Registry) -> None:
    sd = sized_from_entry(registry.model("sd-1.5"))
    p = get_precision("fp32")
    with_pp = diffusion_memory(sd, p, 512, 512, 1, "lora").activations_gib
    without = diffusion_memory(sd, p, 512, 512, 1, "lora", prior_preservation=False)
    assert with_pp == pytest.approx(2 * without.activations_gib)


def test_full_fine_tuning_trains_the_clip_encoders_not_t5(registry: Registry) -> None:
    # DreamBooth's --train_text_encoder trains CLIP; the SD3/FLUX scripts keep T5 frozen
    flux = sized_from_entry(registry.model("flux.1-dev"))
    names = {c.name for c in trained_text_encoders(flux)}
    t5 = max((c for c in flux.components if c.role == "text_encoder"), key=lambda c: c.params)
    assert t5.name not in names and names
    sd = sized_from_entry(registry.model("sd-1.5"))
    full = diffusion_memory(sd, get_precision("fp32"), 512, 512, 1, "full")
    te = sum(c.params for c in trained_text_encoders(sd))
    den = next(c for c in sd.components if c.role == "denoiser")
    assert full.gradients_gib == pytest.approx((den.params + te) * 4 / 2**30)
    assert full.optimizer_gib == pytest.approx((den.params + te) * 8 / 2**30)


def test_sizing_a_diffusion_fine_tune_states_its_basis_and_honours_the_options(
        catalog: Catalog) -> None:
    asked = dict(model="sd-1.5", gpu="a100-sxm-80gb", task="finetune", width=512, height=512)
    measured_like = _size(catalog, weights="fp32", finetune={
        "method": "lora", "gradient_checkpointing": False}, **asked)
    assert measured_like.memory.total_gib == pytest.approx(15.5 * GB, rel=0.05)
    basis = _assumption(measured_like, "training_memory")
    assert "prior preservation" in basis and "15.5 GB" in basis and "h157" in basis
    checkpointed = _size(catalog, weights="fp32", finetune={"method": "lora"}, **asked)
    assert checkpointed.memory.total_gib == pytest.approx(8.12 * GB, rel=0.05)
    assert checkpointed.performance is None  # still no training speed for diffusion


# -- defect 6: video memory ------------------------------------------------------------------

def test_video_denoiser_sees_every_latent_frame(registry: Registry) -> None:
    hv = sized_from_entry(registry.model("hunyuanvideo"))
    # 129 frames -> 33 latent frames x (720/16) x (1280/16) patches
    assert denoiser_sequence(hv, 1280, 720) == 33 * 45 * 80
    mochi = sized_from_entry(registry.model("mochi-1"))
    # 163 frames -> 28 latent frames x 30 x 53 patches (genmo: "44.5K tokens")
    assert denoiser_sequence(mochi, 848, 480) == pytest.approx(28 * 60 * 106 / 4)


def test_hunyuanvideo_readme_peaks_follow_from_the_transformer_and_its_activations(
        registry: Registry) -> None:
    # README: 60 GB at 720x1280x129f, 45 GB at 544x960x129f, text encoders offloaded: the
    # peak is the transformer's bf16 weights plus the denoiser phase
    hv = sized_from_entry(registry.model("hunyuanvideo"))
    den = next(c for c in hv.components if c.role == "denoiser")
    bf16 = get_precision("bf16")
    for w, h, gb in ((1280, 720, 60.0), (960, 544, 45.0)):
        act = diffusion_memory(hv, bf16, w, h, 1).activations_gib
        assert den.params * 2 / 2**30 + act == pytest.approx(gb * GB, rel=0.05)


def test_a_48gb_card_no_longer_holds_hunyuanvideo_or_mochi(catalog: Catalog) -> None:
    hv = _size(catalog, model="hunyuanvideo", gpu="l40s")
    assert hv.fits is False and hv.memory.total_gib > 60
    assert "VAE tiling" in _assumption(hv, "video_decode")
    mochi = _size(catalog, model="mochi-1", gpu="l40s")
    assert mochi.fits is False and mochi.memory.activations_gib > 15
    assert _size(catalog, model="hunyuanvideo", gpu="h100-sxm").fits is True


# -- defect 14: a setup's total ----------------------------------------------------------------

def test_multi_gpu_diffusion_total_is_the_whole_setup(catalog: Catalog) -> None:
    one = _size(catalog, model="flux.1-dev", gpu="h100-sxm")
    two = _size(catalog, model="flux.1-dev", gpu="h100-sxm", gpu_count=2)
    assert two.memory.per_gpu_gib == pytest.approx(one.memory.total_gib)
    assert two.memory.total_gib == pytest.approx(2 * one.memory.total_gib)
    assert two.memory.weights_gib == pytest.approx(2 * one.memory.weights_gib)
    assert "replicas" in {a.name for a in two.assumptions}


# -- defect 9: fits_on substitutes the precision as sizing does ---------------------------------

def test_fits_on_lists_gpus_that_run_the_model_at_fp16(catalog: Catalog) -> None:
    # SD 3.5 Medium ships bf16; a V100 runs it at fp16, as sizing on a V100 does (its T5 in
    # fp32 there, counted the same way in both)
    r = _size(catalog, model="sd-3.5-medium")
    assert r.weights == "bf16"
    rows = {f.gpu: f for f in r.fits_on}
    assert "v100-sxm2-32gb" in rows
    assert "fp16" in _assumption(r, "fits_on_precision")
    on_v100 = _size(catalog, model="sd-3.5-medium", gpu="v100-sxm2-32gb")
    assert on_v100.weights == "fp16" and on_v100.fits is True
    assert rows["v100-sxm2-32gb"].per_gpu_gib == pytest.approx(on_v100.memory.per_gpu_gib)
    # Wan 2.1 1.3B with its umT5 (5.7B) in fp32 there: listed where, and only where, sizing on
    # that GPU says it fits, at the same memory
    wan = {f.gpu: f for f in _size(catalog, model="wan-2.1-1.3b").fits_on}
    for gpu in ("v100-sxm2-32gb", "v100-sxm2-16gb", "t4", "quadro-rtx-8000"):
        if gpu not in catalog.registry.gpus:
            continue
        there = _size(catalog, model="wan-2.1-1.3b", gpu=gpu)
        assert (gpu in wan) == bool(there.fits), gpu
        if there.fits:
            assert wan[gpu].per_gpu_gib == pytest.approx(there.memory.per_gpu_gib)
    # an explicit precision is not replaced
    explicit = _size(catalog, model="sd-3.5-medium", weights="bf16")
    assert "v100-sxm2-32gb" not in {f.gpu for f in explicit.fits_on}


# -- defect 8: ignored fields and a request rate -------------------------------------------------

@pytest.mark.parametrize("field,value", [("input_tokens", 5000), ("kv_cache", "fp8"),
                                         ("output_tokens", 64), ("lora_adapters", 2)])
def test_language_model_fields_on_a_diffusion_model_are_warned_about(
        catalog: Catalog, field: str, value: object) -> None:
    r = _size(catalog, model="sdxl", gpu="h100-sxm", **{field: value})
    assert any(field in w and "ignored" in w for w in r.warnings), r.warnings


def test_a_request_rate_is_set_against_images_per_s(catalog: Catalog) -> None:
    r = _size(catalog, model="sdxl", gpu="h100-sxm", steps=30, request_rate_per_s=1.0)
    assert r.performance is not None and r.performance.images_per_s
    served = r.performance.images_per_s
    assert "images/s" in _assumption(r, "request_rate")
    warn = next(w for w in r.warnings if "request_rate_per_s" in w)
    need = -(-1.0 // (0.8 * served))
    assert f"{int(need)} GPUs" in warn
    low = _size(catalog, model="sdxl", gpu="h100-sxm", steps=30, request_rate_per_s=0.1)
    assert not any("request_rate_per_s" in w for w in low.warnings)
    assert "request_rate" in {a.name for a in low.assumptions}


# -- defect 7: recommendations take and state steps ----------------------------------------------

def test_recommendation_prices_the_steps_asked_and_says_so() -> None:
    r = real(model="sdxl", workload="batch", job_images=100000, steps=30)
    assert "30 steps" in _assumption(r, "diffusion_setting")
    assert r.options and all("1024x1024, 30 steps" in o.why for o in r.options)
    default = real(model="sdxl", workload="batch", job_images=100000)
    assert "50 steps" in _assumption(default, "diffusion_setting")
    # fewer steps: each image is faster, so cheaper per thousand
    def cheapest(x: Recommendation) -> float:
        return min(o.cost.per_thousand_images_usd or float("inf") for o in x.options)
    assert cheapest(r) < 0.8 * cheapest(default)


def test_steps_is_validated_and_refused_for_other_kinds() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"\$\.steps"):
        msgspec.convert({"model": "sdxl", "steps": 0}, RecommendationRequest)
    with pytest.raises(InvalidInput) as e:
        real(model="llama 3.1 8b", workload="batch", job_output_tokens=10**6, steps=30)
    assert e.value.path == "$.steps"
