"""Sizing findings of the seventh blind buyer audit (/v1/sizing)."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


@pytest.mark.parametrize("model,engine,kind", [("llama-3.1-8b", "diffusers", "language"),
                                               ("sdxl", "vllm", "diffusion"),
                                               ("whisper-large-v3", "llama.cpp", "audio"),
                                               ("musicgen-large", "vllm", "audio")])
def test_an_engine_that_does_not_serve_the_models_kind_is_a_400(catalog: Catalog, model: str,
                                                                 engine: str, kind: str) -> None:
    """Llama 3.1 8B on diffusers was timed at 158 tokens/s (faster than vLLM) with runs: true;
    SDXL on vLLM likewise."""
    with pytest.raises(InvalidInput) as e:
        _size(catalog, model=model, gpu="h100-sxm", engine=engine)
    assert e.value.path == "$.engine" and kind in str(e.value)
    assert "engines that do" in str(e.value)


def test_every_engine_serves_what_it_is_the_default_for(catalog: Catalog) -> None:
    for e in catalog.registry.engines:
        assert set(e.default_for_kinds) <= set(e.kinds), e.id
    assert _size(catalog, model="whisper-large-v3", gpu="h100-sxm", engine="vllm").performance


@pytest.mark.parametrize("task", ["finetune", "pretrain"])
def test_training_a_speech_model_is_a_400_not_its_inference_memory(catalog: Catalog,
                                                                  task: str) -> None:
    """Whisper large-v3 full fine-tune: 3.35 GiB with gradients and optimizer at 0, fits a T4."""
    with pytest.raises(InvalidInput) as e:
        _size(catalog, model="whisper-large-v3", gpu="t4", task=task,
              finetune={"method": "full"})
    assert e.value.path == "$.task"


def test_training_a_diffusion_model_gives_no_inference_speed(catalog: Catalog) -> None:
    """SDXL full fine-tune: its memory has gradients and optimizer state, but the performance
    block was the inference speed (3.5 s per image) with a cost per image."""
    r = _size(catalog, model="sdxl", gpu="h100-sxm", task="finetune",
              finetune={"method": "full"})
    assert r.memory.gradients_gib and r.memory.optimizer_gib
    assert r.performance is None and r.cost is None
    assert any(a.name == "performance" and "not modelled" in a.reason for a in r.assumptions)


def test_a_rate_near_capacity_is_warned_about(catalog: Catalog) -> None:
    """8.5 requests/s on an H100 that serves about 9: a finite TTFT and no word about the
    queue; 90 % of capacity and more is warned about, with the setups that leave headroom."""
    body = dict(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=2000, output_tokens=500)
    r = _size(catalog, request_rate_per_s=8.5, **body)
    assert r.performance and r.performance.max_requests_per_s
    assert 0.9 * r.performance.max_requests_per_s <= 8.5
    near = [w for w in r.warnings if "near capacity" in w]
    assert near and "2 such setups" in near[0]
    assert not any("near capacity" in w
                   for w in _size(catalog, request_rate_per_s=2.0, **body).warnings)


def test_fields_that_do_not_apply_are_refused(catalog: Catalog) -> None:
    # a 400 at the field, as /v1/recommendations answers them (they were warned of with a
    # 200, "steps ignored: it applies to diffusion models or to training": audit buyer18a #11)
    for field, value in (("steps", 50), ("training_tokens", 1_000_000)):
        with pytest.raises(InvalidInput) as refused:
            _size(catalog, model="llama-3.1-8b", gpu="h100-sxm", **{field: value})
        assert refused.value.path == f"$.{field}"
    assert not any("ignored" in w for w in _size(catalog, model="llama-3.1-8b",
                                                 gpu="h100-sxm").warnings)
