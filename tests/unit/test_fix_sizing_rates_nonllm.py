"""Sizing sets request_rate_per_s against what speech, embedding and audio-generation setups
serve (as it does for images and LLM requests), and a diffusion fine-tune states the gradient
checkpointing it assumes, which the diffusers DreamBooth scripts leave off by default."""

from __future__ import annotations

import math

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S, latent_audio
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    SizingResult,
    setups_for,
    size,
    sized_from_entry,
)
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def _assumption(r: SizingResult, name: str) -> str:
    a = next((a for a in r.assumptions if a.name == name), None)
    assert a is not None, [a.name for a in r.assumptions]
    return f"{a.value} | {a.reason}"


def _rate_warning(r: SizingResult) -> str:
    return next(w for w in r.warnings if "request_rate_per_s" in w)


# -- speech: one request is one Whisper window -------------------------------------------------

def test_whisper_rate_past_capacity_is_warned_with_the_gpus_that_carry_it(
        catalog: Catalog) -> None:
    r = _size(catalog, model="whisper-large-v3", gpu="l4", request_rate_per_s=10)
    assert r.performance is not None and r.performance.audio_seconds_per_s
    per_gpu_rps = r.performance.audio_seconds_per_s / r.gpu_count / WHISPER_WINDOW_S
    warn = _rate_warning(r)
    assert f"{setups_for(10, per_gpu_rps)} GPUs" in warn
    assert f"{HEADROOM_LOAD * 100:g} %" in warn
    load = _assumption(r, "request_rate")
    assert f"{WHISPER_WINDOW_S:g} s" in load and "audio" in load


def test_whisper_light_rate_is_stated_not_warned(catalog: Catalog) -> None:
    r = _size(catalog, model="whisper-large-v3", gpu="l4", request_rate_per_s=0.01)
    assert not any("request_rate_per_s" in w for w in r.warnings), r.warnings
    assert "request_rate" in {a.name for a in r.assumptions}


# -- embeddings: one request is one input at input_tokens, at most the model's limit -----------

def test_embedding_rate_past_capacity_is_warned(catalog: Catalog) -> None:
    r = _size(catalog, model="bge-large-en-v1.5", gpu="l4", request_rate_per_s=5000)
    assert r.performance is not None and r.performance.embeddings_per_s
    served = r.performance.embeddings_per_s
    warn = _rate_warning(r)
    assert f"{setups_for(5000, served / r.gpu_count)} GPUs" in warn
    load = _assumption(r, "request_rate")
    assert "512 tokens" in load  # the default prompt clamped to bge-large's 512


def test_embedding_light_rate_is_stated_not_warned(catalog: Catalog) -> None:
    r = _size(catalog, model="bge-large-en-v1.5", gpu="l4", request_rate_per_s=1)
    assert not any("request_rate_per_s" in w for w in r.warnings), r.warnings
    assert "request_rate" in {a.name for a in r.assumptions}


# -- audio generation: one request is one clip of the model's default length -------------------

@pytest.mark.parametrize(("model", "clip_s"), [("musicgen-large", 30.0), ("bark", 13.0)])
def test_audio_generation_rate_is_set_against_clips(catalog: Catalog, model: str,
                                                    clip_s: float) -> None:
    r = _size(catalog, model=model, gpu="l4", request_rate_per_s=5)
    assert r.performance is not None and r.performance.audio_seconds_per_s
    per_gpu_rps = r.performance.audio_seconds_per_s / r.gpu_count / clip_s
    warn = _rate_warning(r)
    assert f"{setups_for(5, per_gpu_rps)} GPUs" in warn
    assert f"{clip_s:g} s" in _assumption(r, "request_rate")


def test_latent_audio_clip_is_its_whole_window(catalog: Catalog) -> None:
    r = _size(catalog, model="stable-audio-open-1.0", gpu="l4", request_rate_per_s=5)
    la = latent_audio(sized_from_entry(catalog.registry.model("stable-audio-open-1.0")))
    assert la is not None and r.performance is not None
    assert r.performance.audio_seconds_per_s
    per_gpu_rps = r.performance.audio_seconds_per_s / r.gpu_count / la.clip_s
    assert f"{setups_for(5, per_gpu_rps)} GPUs" in _rate_warning(r)
    assert f"{la.clip_s:.1f} s" in _assumption(r, "request_rate")


def test_sdxl_rate_warning_is_unchanged(catalog: Catalog) -> None:
    r = _size(catalog, model="sdxl", gpu="l4", request_rate_per_s=0.5)
    assert r.performance is not None and r.performance.images_per_s
    served = r.performance.images_per_s
    assert _rate_warning(r) == (
        f"request_rate_per_s 0.5 is {0.5 / served:.1f}x what this setup serves "
        f"({served:.3g} images/s on 1 GPU): requests queue without bound; "
        f"{math.ceil(0.5 / (0.8 * served))} GPUs (one replica each) keep it under 80 % "
        f"({served:.3g} images/s per GPU)")


# -- diffusion fine-tuning: the checkpointing assumed, and the memory without it ----------------

def test_diffusion_finetune_states_checkpointing_and_the_memory_without(
        catalog: Catalog) -> None:
    body = {"model": "sdxl", "gpu": "rtx-4060-ti-16gb", "task": "finetune",
            "finetune": {"method": "lora"}}
    on = _size(catalog, **body)
    off = _size(catalog, **{**body, "finetune": {"method": "lora",
                                                 "gradient_checkpointing": False}})
    assert on.memory.per_gpu_gib < off.memory.per_gpu_gib  # the default is unchanged: on
    said = _assumption(on, "activations")
    assert "gradient checkpointing on" in said
    assert "--gradient_checkpointing" in said
    assert f"{off.memory.per_gpu_gib:.1f} GiB" in said
    said_off = _assumption(off, "activations")
    assert "no gradient checkpointing" in said_off
    assert f"{on.memory.per_gpu_gib:.1f} GiB" in said_off


def test_diffusion_inference_has_no_activation_note(catalog: Catalog) -> None:
    r = _size(catalog, model="sdxl", gpu="l4")
    assert "activations" not in {a.name for a in r.assumptions}


def test_audio_generation_clip_is_catalog_data() -> None:
    """The default clip is the model entry's ``[default_clip]`` table, not a table in code:
    an entry with another length gives another clip, one without says it is not known."""
    from service.domain.sizing.sizing import request_audio_s

    entry = load_catalog(default_data_dir("catalog"), 90).registry.model("musicgen-small")
    assert entry.default_clip is not None and entry.default_clip.source.startswith("https://")
    got = request_audio_s(sized_from_entry(entry))
    assert got is not None and got[0] == 30.0 and "generation_config.json" in got[2]
    longer = msgspec.structs.replace(
        entry, default_clip=msgspec.structs.replace(entry.default_clip, seconds=12.5))
    got = request_audio_s(sized_from_entry(longer))
    assert got is not None and got[0] == 12.5
    assert request_audio_s(sized_from_entry(
        msgspec.structs.replace(entry, default_clip=None))) is None
