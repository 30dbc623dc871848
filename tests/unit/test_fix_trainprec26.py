"""Training precisions (buyer audit 26b #1, #2, #7). FP8 training is FP8 mixed precision as
NVIDIA Transformer Engine runs it (FP8 GEMMs on FP8 tensor cores, compute capability 8.9+;
weights, master copy and optimizer state in higher precision): sized at bf16 mixed precision's
memory, timed at the BF16 rate, the measured speed-ups quoted with their sources; a GPU without
FP8 (or BF16) tensor cores is a "No, cannot train in ..." with the nearest precision it trains
in, never a serving sizing nor a "Yes, fits"; LoRA on a fp8 base is sized as the bf16 copy the
trainers load, the same in /v1/sizing, /v1/recommendations and /v1/ask."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.test_fix_dobilling25 import TODAY, ask, catalog


def _size(body: dict[str, object]):  # type: ignore[no-untyped-def]
    return size(msgspec.convert(body, SizingRequest), catalog())


def _first(q: str) -> str:
    return ask(q).answer.split("\n\n")[0]


PRETRAIN = {"model": "llama 3.1 8b", "task": "pretrain", "gpu_count": 8,
            "training_tokens": 1_000_000_000}


def test_fp8_pretraining_is_sized_as_fp8_mixed_precision_on_h100() -> None:
    fp8 = _size({**PRETRAIN, "gpu": "H100", "weights": "fp8"})
    bf16 = _size({**PRETRAIN, "gpu": "H100", "weights": "bf16"})
    assert fp8.weights == "fp8" and fp8.fits and fp8.runs
    # the memory of bf16 mixed precision (TE keeps the weights, master copy and moments)
    assert fp8.memory.per_gpu_gib == pytest.approx(bf16.memory.per_gpu_gib)
    note = next(a.reason for a in fp8.assumptions if a.name == "weights_precision")
    assert "Transformer Engine" in note and "not modelled" in note
    assert "Megatron-LM/issues/396" in note


def test_fp8_pretraining_on_a100_cannot_run_and_offers_bf16() -> None:
    r = _size({**PRETRAIN, "gpu": "A100 80GB", "weights": "fp8"})
    assert r.runs is False and r.fits is False
    w = " ".join(r.warnings)
    assert "fp8-tensor-cores" in w and "is bf16" in w and "int8" not in w
    assert all(f.gpu not in ("a100-sxm4-80gb", "a100-sxm4-40gb") for f in r.fits_on)


LORA = {"model": "llama 3.1 8b", "task": "finetune", "finetune": {"method": "lora"}}


@pytest.mark.parametrize("gpu", ["A100 80GB", "RTX 4090"])
def test_lora_on_a_fp8_base_is_sized_as_the_bf16_copy(gpu: str) -> None:
    r = _size({**LORA, "gpu": gpu, "weights": "fp8"})
    bf16 = _size({**LORA, "gpu": gpu, "weights": "bf16"})
    assert r.weights == "bf16" and r.runs is True
    assert r.memory.per_gpu_gib == pytest.approx(bf16.memory.per_gpu_gib)
    assert any("dequantized to bf16" in x for x in r.warnings)


def test_recommendations_size_fp8_lora_as_sizing_does_with_its_warning() -> None:
    req = msgspec.convert({"model": "llama 3.1 8b", "workload": "finetune", "weights": "fp8",
                           "finetune": {"method": "lora"}, "training_tokens": 100_000_000,
                           "top_n": 3}, RecommendationRequest)
    rec = recommend(req, catalog(), TODAY)
    assert rec.options
    for o in rec.options:
        assert o.weights == "bf16"
        assert o.fit.per_gpu_used_gib > 27.0  # not the 20.9 GiB of a 1-byte base
        assert any("dequantized to bf16" in x for x in o.warnings)


def test_recommendations_plan_fp8_pretraining() -> None:
    req = msgspec.convert({"model": "llama 3.1 8b", "workload": "pretrain", "weights": "fp8",
                           "training_tokens": 1_000_000_000, "top_n": 3},
                          RecommendationRequest)
    rec = recommend(req, catalog(), TODAY)
    assert rec.options and all(o.weights == "fp8" for o in rec.options)
    assert all(o.offer.gpu not in ("a100-sxm4-80gb", "a100-sxm4-40gb", "v100-sxm2-32gb")
               for o in rec.options)


@pytest.mark.parametrize("q,no", [
    ("Can I train Llama 3.1 8B in fp8 on an A100?", "No, NVIDIA A100"),
    ("Pot antrena Llama 3.1 8B în fp8 pe un A100?", "Nu, NVIDIA A100"),
])
def test_fp8_training_on_a100_is_a_no_with_bf16_never_a_serving_fit(q: str, no: str) -> None:
    text = _first(q)
    assert text.startswith(no), text
    assert "8.0" in text and "8.9" in text and "bf16" in text, text
    assert "KV" not in text and "10.5" not in text and "10,5" not in text, text


@pytest.mark.parametrize("q,yes", [
    ("Can I train Llama 3.1 8B with FP8 on H100 using Transformer Engine, and how much faster "
     "than bf16?", "Yes"),
    ("Este antrenarea în FP8 mai rapidă decât în BF16 pe H100 pentru Llama 3.1 8B?", "Da"),
])
def test_fp8_faster_on_h100_says_the_measured_speedup(q: str, yes: str) -> None:
    text = _first(q)
    assert text.startswith(yes), text
    assert "1.42" in text or "1,42" in text, text


@pytest.mark.parametrize("q,no", [
    ("LoRA fine-tune Llama 3.1 8B in bf16 on a V100 32GB: does it fit?", "No, NVIDIA Tesla V100"),
    ("Pot face LoRA pe Llama 3.1 8B în bf16 pe un V100 de 32GB?", "Nu, NVIDIA Tesla V100"),
    ("Can I LoRA fine-tune Llama 3.1 8B in fp8 on an A100 80GB?", "No, not in fp8"),
    ("Can I fine-tune Llama 3.1 8B with LoRA in fp8 on a V100?", "No, not in fp8"),
    ("Pot face LoRA pe Llama 3.1 8B în fp8 pe un V100?", "Nu, nu în fp8"),
    ("Can I do FP8 LoRA training of Llama 3.1 8B on an RTX 4090?", "No, not in fp8"),
])
def test_a_precision_the_trainer_cannot_run_is_never_a_yes(q: str, no: str) -> None:
    r = ask(q)
    text = r.answer.split("\n\n")[0]
    assert text.startswith(no), text
    assert "Yes," not in text and "Da," not in text, text
    asked = r.numbers.asked if r.numbers is not None else None
    assert asked is None or asked.yes is not True


def test_fp8_lora_on_a_4090_says_the_bf16_memory_sizing_gives() -> None:
    text = _first("Can I do FP8 LoRA training of Llama 3.1 8B on an RTX 4090?")
    r = _size({**LORA, "gpu": "RTX 4090", "weights": "fp8"})
    assert f"{r.memory.per_gpu_gib:.1f} GiB" in text, text
    assert "20.9" not in text, text
