"""Media sizing audit (media.md items 2, 7, 10, 13): T5 on GPUs without bf16 keeps only its
``wo`` projections in fp32 (transformers' ``_keep_in_fp32_modules = ["wo"]``) and a quantized
T5 stays quantized; a vision-language request's images each add their cross-attention KV;
LTX-Video's frame rate and CogVideoX-2B's own precision are in the catalog."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import GIB, fp32_kept_params
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from service.paths import default_data_dir

T5_XXL_WO = 24 * 10240 * 4096  # layers x d_ff x d_model of T5-v1.1-XXL: 1.007B


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def test_only_t5_wo_projections_are_kept_in_fp32(catalog: Catalog) -> None:
    flux = sized_from_entry(catalog.registry.model("flux.1-dev"))
    t5 = next(c for c in flux.components if c.name == "text_encoder_2")
    assert fp32_kept_params(t5) == T5_XXL_WO
    wan = sized_from_entry(catalog.registry.model("wan-2.1-1.3b"))
    umt5 = next(c for c in wan.components if c.role == "text_encoder")
    assert fp32_kept_params(umt5) == T5_XXL_WO  # umT5-XXL: same layers and widths


def test_flux_nf4_on_a_t4_counts_t5_quantized_plus_fp32_wo(catalog: Catalog) -> None:
    # was 23.67 GiB of weights (the whole 4.76B T5 at fp32) and 28.45 GiB in all
    t4 = _size(catalog, model="flux.1-dev", gpu="t4", weights="nf4")
    ada = _size(catalog, model="flux.1-dev", gpu="rtx-4090", weights="nf4")
    # the same nf4 pipeline, plus wo at 4 bytes instead of nf4's half byte
    extra = T5_XXL_WO * (4.0 - 0.5) / GIB
    assert t4.memory.weights_gib == pytest.approx(ada.memory.weights_gib + extra, abs=0.05)
    assert t4.memory.weights_gib == pytest.approx(11.49, abs=0.05)
    assert t4.memory.total_gib == pytest.approx(16.26, abs=0.05)
    reason = next(a.reason for a in t4.assumptions if a.name == "fp32_components")
    assert "wo, 1.01B parameters" in reason and "nf4" in reason


@pytest.mark.parametrize("model,gpu,weights,total", [
    ("flux.1-dev", "v100-sxm2-16gb", "int8", 23.38),  # was 33.87
    ("sd-3.5-medium", "t4", None, 20.79),  # was 27.78
    ("cogvideox-2b", "t4", None, 20.56),  # was 27.55
    ("ltx-video", "t4", None, 18.08),  # was 25.08
    ("wan-2.1-1.3b", "t4", None, 20.08),  # was 28.79
])
def test_every_t5_pipeline_without_bf16_adds_only_wo(catalog: Catalog, model: str, gpu: str,
                                                     weights: str | None,
                                                     total: float) -> None:
    body: dict[str, object] = {"model": model, "gpu": gpu}
    if weights:
        body["weights"] = weights
    r = _size(catalog, **body)
    assert r.memory.total_gib == pytest.approx(total, abs=0.05)
    warn = next(w for w in r.warnings if "(T5) overflows in fp16" in w)
    assert "2.0 GB more than in 16-bit" in warn  # was 9.5 GB (11.4 GB for umT5)


def test_fp16_t5_on_a_v100_costs_2_gb_over_16_bit(catalog: Catalog) -> None:
    ampere = _size(catalog, model="flux.1-dev", gpu="a100-sxm-80gb")
    volta = _size(catalog, model="flux.1-dev", gpu="v100-sxm2-32gb")
    diff = volta.memory.weights_gib - ampere.memory.weights_gib
    assert diff == pytest.approx(T5_XXL_WO * 2 / GIB, abs=0.01)  # 1.87 GiB, was 8.87


def test_each_image_adds_its_cross_attention_kv(catalog: Catalog) -> None:
    one = _size(catalog, model="llama-3.2-11b-vision", gpu="h100-sxm")
    four = _size(catalog, model="llama-3.2-11b-vision", gpu="h100-sxm", images_per_request=4)
    per_image = 8 * 6404 * 2 * 8 * 128 * 2 / GIB  # layers x tokens x K,V x heads x dim x fp16
    assert per_image == pytest.approx(0.195, abs=0.001)
    assert four.memory.kv_cache_gib == pytest.approx(one.memory.kv_cache_gib + 3 * per_image)
    # 22.53 at 2,048 prompt tokens; sizing's default is now 3,584 in, the one default request
    # of every endpoint (defaultlen): 1,536 more tokens x 128 KiB of self-attention KV, +0.19
    assert four.memory.total_gib == pytest.approx(22.71, abs=0.02)  # was 21.94 whatever asked
    assert four.max_batch_size is not None and one.max_batch_size is not None
    assert four.max_batch_size < one.max_batch_size
    note = next(a for a in four.assumptions if a.name == "cross_attention_kv")
    assert note.value == "8 layers x 25,616 tokens per request"
    assert "4 images per request" in note.reason and "0.20 GiB an image" in note.reason


def test_images_on_a_model_without_cross_attention_are_warned_ignored(
        catalog: Catalog) -> None:
    r = _size(catalog, model="llama-3.1-8b", gpu="h100-sxm", images_per_request=2)
    assert any(w.startswith("images_per_request ignored") for w in r.warnings), r.warnings
    plain = _size(catalog, model="llama-3.1-8b", gpu="h100-sxm")
    assert r.memory.total_gib == pytest.approx(plain.memory.total_gib)


def test_images_per_request_is_validated() -> None:
    with pytest.raises(msgspec.ValidationError, match="images_per_request"):
        msgspec.convert({"model": "llama-3.2-11b-vision", "images_per_request": 0},
                        SizingRequest)


def test_ltx_video_notes_its_24_fps(catalog: Catalog) -> None:
    m = catalog.registry.model("ltx-video")
    fps = re.search(r"\b(\d{1,3}) fps\b", m.notes or "")
    assert fps is not None and int(fps.group(1)) == 24
    assert m.num_frames is not None and m.num_frames / 24 > 5.0  # a 5-second video: one clip


def test_cogvideox_2b_runs_at_its_own_fp16(catalog: Catalog) -> None:
    assert catalog.registry.model("cogvideox-2b").native_precision == "fp16"
    r = _size(catalog, model="cogvideox-2b", gpu="h100-sxm")
    assert r.weights == "fp16"  # was bf16
    assert catalog.registry.model("cogvideox-5b").native_precision in (None, "bf16")
