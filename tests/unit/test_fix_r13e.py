"""Audio and diffusion precision gates and labels (audit media2 #7, #8, #12).

- Whisper at int8 on transformers is timed as bitsandbytes LLM.int8() (35.2 h/h on a T4,
  slower than fp16's 47.4): the audio_speed assumption now says which engine the int8 figure
  is for, and that faster-whisper (CTranslate2) int8, which runs at about fp16 speed, is not
  modelled (no such engine in catalog/engines.toml).
- Diffusers int8 (torchao int8_weight_only, bitsandbytes 8-bit) is weight-only: FLUX at int8
  on a V100 was "impossible" by vLLM's INT8 W8A8 rule; it runs, the matmuls in 16-bit.
- AWQ and GPTQ on a diffusion model were accepted (FLUX at awq-int4: 8.3 GiB at bf16 speed);
  diffusers has no such loader: a 400 at $.weights naming diffusers' backends.
- performance.images_per_s (the whole setup) vs performance.diffusion.images_per_s (one GPU)
  are now said in the field descriptions.
"""

from __future__ import annotations

import msgspec
import pytest

from service.domain.catalog.precisions import get_precision
from service.domain.errors import InvalidInput
from service.domain.sizing.diffusion_speed import DiffusionTiming
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.domain.sizing.speed import Performance
from tests.unit.rec_fixtures import registry, shipped


def _size(**kw: object):  # type: ignore[no-untyped-def]
    return size(msgspec.convert(kw, SizingRequest), shipped())


def _note(r, name: str) -> str:  # type: ignore[no-untyped-def]
    return next(a.reason for a in r.assumptions if a.name == name)


# -- 1. Whisper int8: which engine the figure is for ------------------------------------------

def test_whisper_int8_names_the_engine_timed_and_faster_whisper() -> None:
    r = _size(model="whisper-large-v3", gpu="T4", weights="int8", batch_size=24)
    fp16 = _size(model="whisper-large-v3", gpu="T4", batch_size=24)
    assert r.performance is not None and fp16.performance is not None
    # the transformers + bitsandbytes figure is kept (slower than fp16 on this engine)
    assert r.performance.audio_seconds_per_s < fp16.performance.audio_seconds_per_s
    why = _note(r, "audio_speed")
    assert "bitsandbytes LLM.int8()" in why
    assert "faster-whisper (CTranslate2)" in why
    assert "not modelled" in why
    assert "63 s at fp16 and 59 s at int8" in why
    # fp16 says nothing of int8
    assert "CTranslate2" not in _note(fp16, "audio_speed")


# -- 2. diffusers int8 is weight-only ---------------------------------------------------------

def test_flux_int8_runs_on_a_v100_weight_only() -> None:
    r = _size(model="flux.1-dev", gpu="V100", weights="int8")
    assert r.runs is True
    assert not any("int8-w8a8-tensor-cores" in w for w in r.warnings)
    assert not any("impossible combination" in w for w in r.warnings)
    reg = registry()
    gpu = reg.gpus["v100-sxm2-16gb"]
    s = reg.kernels.supported("diffusers", get_precision("int8"), gpu)
    assert s.ok and s.rule == "diffusers-int8-weight-only"
    assert s.compute == "fp16"
    assert "weight-only" in s.reason


def test_flux_int8_h100_time_unchanged() -> None:
    # the H100 time is the torchao int8_weight_only figure (15 s vs 12 s bf16 at 50 steps)
    r = _size(model="flux.1-dev", gpu="H100", weights="int8", steps=50)
    assert r.performance is not None and r.performance.seconds_per_image is not None
    assert r.performance.seconds_per_image == pytest.approx(15.0, rel=0.15)


def test_vllm_int8_still_w8a8_on_a_v100() -> None:
    reg = registry()
    s = reg.kernels.supported("vllm", get_precision("int8"), reg.gpus["v100-sxm2-16gb"])
    assert not s.ok


# -- 3. AWQ / GPTQ refused on diffusion models ------------------------------------------------

@pytest.mark.parametrize("weights", ["awq-int4", "gptq-int4"])
def test_awq_gptq_refused_for_diffusion(weights: str) -> None:
    with pytest.raises(InvalidInput) as e:
        _size(model="flux.1-dev", gpu="H100", weights=weights)
    msg = str(e.value)
    assert "a diffusion model" in msg
    assert "huggingface.co/docs/diffusers/quantization/overview" in msg
    assert "awq-int4" not in msg.split(";")[0]


# -- 4. images_per_s: setup vs one GPU --------------------------------------------------------

def test_images_per_s_descriptions() -> None:
    r = _size(model="flux.1-dev", gpu="H100", gpu_count=2)
    p = r.performance
    assert p is not None and p.diffusion is not None and p.images_per_s is not None
    assert p.images_per_s == pytest.approx(2 * p.diffusion.images_per_s)
    schema = msgspec.json.schema(Performance)
    props = schema["$defs"]["Performance"]["properties"]
    assert "whole setup" in props["images_per_s"]["description"]
    assert "one GPU" in props["diffusion"]["description"]
    dprops = schema["$defs"]["DiffusionTiming"]["properties"]
    assert "one GPU" in dprops["images_per_s"]["description"]
    assert DiffusionTiming.__name__ == "DiffusionTiming"


# -- /v1/ask: the same, in both languages -----------------------------------------------------

def test_ask_whisper_int8_names_the_engine() -> None:
    from tests.unit.ask_fixtures import ask
    en = ask("Whisper large-v3 with faster-whisper int8 on a T4: hours of audio per hour?")
    assert "35.2 hours of audio per hour" in en.answer
    assert "bitsandbytes LLM.int8()" in en.answer
    assert "faster-whisper (CTranslate2) int8 runs at about its fp16 speed" in en.answer
    ro = ask("Whisper large-v3 cu faster-whisper în int8 pe un T4: câte ore de audio pe oră?")
    assert "nu este modelat aici" in ro.answer
    fp16 = ask("Whisper large-v3 on a T4: hours of audio per hour?")
    assert "bitsandbytes LLM.int8()" not in fp16.answer


def test_ask_flux_awq_names_diffusers_backends() -> None:
    from tests.unit.ask_fixtures import ask
    en = ask("How much VRAM does FLUX.1 dev need in AWQ on an H100?")
    assert en.answer.startswith("FLUX.1 [dev] is not run in awq-int4: diffusers loads no AWQ")
    assert "language models only" not in en.answer
    ro = ask("Cât VRAM îi trebuie lui FLUX.1 dev în AWQ pe un H100?")
    assert ro.answer.startswith("FLUX.1 [dev] nu rulează în awq-int4: diffusers nu încarcă")
