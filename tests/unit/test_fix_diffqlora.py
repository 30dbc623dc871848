"""QLoRA on a diffusion model is sized as diffusers' QLoRA recipe runs it (examples/research_
projects/flux_lora_quantization, the "Fine-tuning FLUX.1-dev on consumer hardware" blog): the
denoiser quantized to NF4 through bitsandbytes with 16-bit compute and fp32 LoRA adapters, text
embeddings and latents precomputed so the text encoders and the VAE are off the GPU. It was
sized as plain 16-bit DreamBooth LoRA (FLUX.1-dev on an RTX 4090: bf16, 43.2 GiB, "does not
fit"), byte-identical to method lora."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir

# huggingface.co/blog/flux-qlora: "peak memory use under ~10 GB of VRAM" for FLUX.1-dev QLoRA
# on an RTX 4090 (NF4 transformer, 8-bit AdamW, gradient checkpointing, cached latents, rank 4)
FLUX_QLORA_PEAK_GB = 10.0


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def _assumption(r: SizingResult, name: str) -> str:
    a = next((a for a in r.assumptions if a.name == name), None)
    assert a is not None, [a.name for a in r.assumptions]
    return f"{a.value} | {a.reason}"


def test_flux_qlora_quantizes_the_denoiser_and_fits_a_4090(catalog: Catalog) -> None:
    q = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune",
              finetune={"method": "qlora"})
    lora = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune",
                 finetune={"method": "lora"})
    assert q.weights == "nf4"
    assert q.memory.total_gib < lora.memory.total_gib
    assert q.memory.weights_gib < lora.memory.weights_gib / 2
    assert q.fits is True
    # the assumptions say what is quantized and what is off the GPU
    w = _assumption(q, "weights_precision")
    assert "nf4" in w and "QLoRA" in w and "transformer" in w
    t = _assumption(q, "training_memory")
    assert "QLoRA" in t and "precomputed" in t
    assert _assumption(q, "pipeline").startswith("transformer 11.90B |")


def test_flux_qlora_with_the_blog_settings_is_near_its_measured_peak(catalog: Catalog) -> None:
    r = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune",
              finetune={"method": "qlora", "optimizer": "adamw-8bit", "lora_rank": 4,
                        "gradient_checkpointing": True})
    peak_gib = FLUX_QLORA_PEAK_GB * 1e9 / 2**30
    assert r.memory.total_gib == pytest.approx(peak_gib, rel=0.35)


def test_sdxl_qlora_is_nf4_and_fits_a_3060(catalog: Catalog) -> None:
    q = _size(catalog, model="sdxl", gpu="rtx-3060-12gb", task="finetune",
              finetune={"method": "qlora"})
    lora = _size(catalog, model="sdxl", gpu="rtx-3060-12gb", task="finetune",
                 finetune={"method": "lora"})
    assert q.weights == "nf4"
    assert q.memory.total_gib < lora.memory.total_gib
    assert q.fits is True
    assert "unet" in _assumption(q, "weights_precision")


def test_lora_is_unchanged(catalog: Catalog) -> None:
    """Method lora keeps the DreamBooth recipe (every component resident, 16-bit base)."""
    r = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune",
              finetune={"method": "lora"})
    assert r.weights == "bf16"
    assert r.memory.total_gib == pytest.approx(43.225, abs=0.01)
    n = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune", weights="nf4",
              finetune={"method": "lora"})
    assert n.memory.total_gib == pytest.approx(20.023, abs=0.01)


def test_explicit_weights_win_and_a_16_bit_base_is_refused(catalog: Catalog) -> None:
    r = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune", weights="nf4",
              finetune={"method": "qlora"})
    assert r.weights == "nf4"
    d = _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune",
              finetune={"method": "qlora"})
    assert r.memory.total_gib == pytest.approx(d.memory.total_gib)
    # as for a language model: QLoRA's frozen base is 4-bit
    with pytest.raises(InvalidInput, match="QLoRA trains adapters on a 4-bit base"):
        _size(catalog, model="flux.1-dev", gpu="rtx-4090", task="finetune", weights="bf16",
              finetune={"method": "qlora"})


def test_no_nf4_kernel_is_handled_as_for_a_language_model(catalog: Catalog) -> None:
    """A GPU where bitsandbytes NF4 does not run (kernels.toml bnb-nf4: NVIDIA compute
    capability 6.0+ and AMD; not the Intel Arc Pro B60) gets the nearest precision that runs,
    with the note the LLM path gives, and the QLoRA recipe on that base."""
    reg = load_registry(default_data_dir("catalog")).registry
    gpu = reg.gpus["arc-pro-b60"]
    assert not reg.kernels.supported("diffusers", get_precision("nf4"), gpu).ok
    llm = _size(catalog, model="llama-3.1-8b", gpu=gpu.id, task="finetune",
                finetune={"method": "qlora"})
    img = _size(catalog, model="sdxl", gpu=gpu.id, task="finetune",
                finetune={"method": "qlora"})
    assert llm.weights != "nf4" and img.weights != "nf4"
    assert img.weights != "fp16"  # not the 16-bit LoRA it was sized as
    assert _assumption(img, "weights_precision_replaced").startswith(f"{img.weights} |")
    assert "QLoRA" in _assumption(img, "training_memory")
