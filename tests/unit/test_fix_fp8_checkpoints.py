"""FP8 (and other quantized) checkpoints sized in the precision they ship in.

1. A model named by an FP8 checkpoint's name was sized at bf16 when no weights were given:
   POST /v1/sizing {"model": "meta-llama/Llama-3.1-405B-Instruct-FP8", "gpu": "h100-sxm",
   "gpu_count": 8} answered weights bf16, 97.1 GiB per GPU, fits false; the same for every
   catalog alias ending in FP8. Sizing and recommendations alike now size it at fp8 and say
   why.
2. A pasted config.json's ``quantization_config`` was ignored: DeepSeek-V3's (``quant_method``
   fp8, 128x128 blocks) was sized at bf16, 158 GiB per GPU on 8x H200.
3. Meta's official Llama 3.1 405B FP8 checkpoint keeps attention and the first and last
   layers' MLPs in bf16 (The Llama 3 Herd of Models, arXiv 2407.21783, section 6.2.2; the
   checkpoint's config.json ``modules_to_not_convert``): vLLM loaded 57.75 GiB of weights per
   GPU at TP8 (catalog/calibration.csv h136, vllm-project/vllm#6746), where the all-linear
   FP8 count gave 47.7.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest

from service.domain.catalog.precisions import get_precision
from service.domain.recommend.types import Recommendation
from service.domain.sizing.memory import GIB, weight_bytes
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from tests.unit.rec_fixtures import fake, offer, registry, shipped
from tests.unit.test_memory_known import DEEPSEEK_V3, LLAMA3_8B


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), shipped())


def _reason(r: SizingResult | Recommendation, name: str = "weights_precision") -> str:
    return " | ".join(a.reason for a in r.assumptions if a.name == name)


def _big_nodes() -> list[Any]:
    return [offer("h200x8", "h200", 8, 30.0), offer("b200x8", "b200", 8, 45.0)]


FP8_ALIASES = sorted((m.id, a) for m in registry().models.values() for a in m.aliases
                     if a.lower().endswith("fp8"))


def test_the_catalog_has_fp8_aliases_to_check() -> None:
    ids = {mid for mid, _ in FP8_ALIASES}
    assert {"llama-3.1-405b", "qwen3-235b-a22b", "glm-4.5", "llama-4-maverick",
            "qwen3-coder-480b-a35b", "qwen3-8b"} <= ids


# --- 1. the name of an FP8 checkpoint ------------------------------------------------------------


@pytest.mark.parametrize(("model_id", "alias"), FP8_ALIASES, ids=[a for _, a in FP8_ALIASES])
def test_an_fp8_checkpoint_named_is_sized_at_fp8(model_id: str, alias: str) -> None:
    r = _size(model=alias)
    assert r.model.id == model_id
    assert r.weights == "fp8"
    assert "the name is an FP8 checkpoint's" in _reason(r)


@pytest.mark.parametrize(("model_id", "alias"), FP8_ALIASES, ids=[a for _, a in FP8_ALIASES])
def test_an_fp8_checkpoint_named_is_recommended_at_fp8(model_id: str, alias: str) -> None:
    r = fake(_big_nodes(), model=alias, workload="serving")
    assert r.options, r.reason
    assert {o.weights for o in r.options} == {"fp8"}
    assert "the name is an FP8 checkpoint's" in _reason(r)


@pytest.mark.parametrize("name", ["Qwen3-8B_fp8", "qwen3-8b fp8", "Qwen3-8B-FP8 "])
def test_fp8_spelled_otherwise_at_the_end_of_the_name(name: str) -> None:
    assert _size(model=name).weights == "fp8"


def test_the_model_named_without_fp8_stays_bf16() -> None:
    r = _size(model="Qwen3-8B")
    assert r.weights == "bf16"
    assert "FP8 checkpoint" not in _reason(r)
    assert {o.weights for o in fake(_big_nodes(), model="Qwen3-8B",
                                    workload="serving").options} != {"fp8"}


def test_weights_given_win_over_the_name() -> None:
    assert _size(model="Qwen3-8B-FP8", weights="bf16").weights == "bf16"


def test_405b_fp8_checkpoint_fits_on_8_h100() -> None:
    r = _size(model="meta-llama/Llama-3.1-405B-Instruct-FP8", gpu="h100-sxm", gpu_count=8)
    assert (r.weights, r.fits) == ("fp8", True)


def test_qwen3_235b_fp8_checkpoint_fits_on_4_h100() -> None:
    r = _size(model="Qwen/Qwen3-235B-A22B-FP8", gpu="h100-sxm", gpu_count=4)
    assert (r.weights, r.fits) == ("fp8", True)


# --- 2. a pasted config.json's quantization_config ---------------------------------------------


def test_deepseek_v3_config_is_sized_at_fp8_and_fits_on_8_h200() -> None:
    r = _size(hf_config=copy.deepcopy(DEEPSEEK_V3), gpu="h200", gpu_count=8)
    named = _size(model="deepseek-v3", gpu="h200", gpu_count=8)
    assert (r.weights, r.fits) == ("fp8", True)
    assert r.memory.per_gpu.weights_gib == pytest.approx(named.memory.per_gpu.weights_gib,
                                                         rel=0.01)
    assert "quantization_config" in _reason(r)


def test_deepseek_v3_config_is_recommended_at_fp8() -> None:
    r = fake(_big_nodes(), hf_config=copy.deepcopy(DEEPSEEK_V3), workload="serving")
    assert r.options, r.reason
    assert {o.weights for o in r.options} == {"fp8"}
    assert "quantization_config" in _reason(r)


def test_a_small_fp8_config_is_recommended_at_fp8_only() -> None:
    """Llama 3 8B fits in bf16 too: the pasted FP8 checkpoint is what is planned."""
    cfg = copy.deepcopy(LLAMA3_8B) | {"quantization_config": {"quant_method": "fp8"}}
    r = fake(_big_nodes(), hf_config=cfg, workload="serving")
    assert r.options, r.reason
    assert {o.weights for o in r.options} == {"fp8"}


_CT_FP8 = {"quant_method": "compressed-tensors", "format": "float-quantized",
           "config_groups": {"group_0": {
               "targets": ["Linear"],
               "weights": {"num_bits": 8, "type": "float", "strategy": "channel"},
               "input_activations": {"num_bits": 8, "type": "float", "dynamic": True}}},
           "ignore": ["lm_head"]}
_CT_W4A16 = {"quant_method": "compressed-tensors", "format": "pack-quantized",
             "config_groups": {"group_0": {
                 "targets": ["Linear"],
                 "weights": {"num_bits": 4, "type": "int", "strategy": "group",
                             "group_size": 128}}}}

QUANT_CASES: list[tuple[dict[str, Any], str]] = [
    ({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]}, "fp8"),
    ({"quant_method": "fbgemm_fp8", "activation_scale_ub": 1200.0,
      "modules_to_not_convert": ["lm_head"]}, "fp8"),
    (_CT_FP8, "fp8"),
    (_CT_W4A16, "int4"),
    ({"quant_method": "awq", "bits": 4, "group_size": 128, "version": "gemm",
      "zero_point": True}, "awq-int4"),
    ({"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": False}, "gptq-int4"),
    ({"quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4",
      "bnb_4bit_use_double_quant": True}, "nf4"),
    ({"quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4"},
     "nf4-no-dq"),
    ({"quant_method": "bitsandbytes", "load_in_8bit": True}, "bnb-int8"),
    ({"quant_method": "mxfp4", "modules_to_not_convert": ["model.layers.*.self_attn"]},
     "mxfp4"),
]


@pytest.mark.parametrize(("quant", "expected"), QUANT_CASES,
                         ids=[f"{q['quant_method']}-{e}" for q, e in QUANT_CASES])
def test_quantization_config_sets_the_weights(quant: dict[str, Any], expected: str) -> None:
    cfg = copy.deepcopy(LLAMA3_8B) | {"quantization_config": quant}
    r = _size(hf_config=cfg)
    assert r.weights == expected
    assert quant["quant_method"] in _reason(r)


@pytest.mark.parametrize("quant", [
    {"quant_method": "hqq", "nbits": 4},
    {"quant_method": "gptq", "bits": 3},
    {"quant_method": "compressed-tensors", "config_groups": {"g": {"weights": {
        "num_bits": 2, "type": "int"}}}},
])
def test_an_unknown_method_stays_bf16_with_a_warning_naming_it(quant: dict[str, Any]) -> None:
    cfg = copy.deepcopy(LLAMA3_8B) | {"quantization_config": quant}
    r = _size(hf_config=cfg, gpu="h100-sxm")
    assert r.weights == "bf16"
    assert any(quant["quant_method"] in w and "quantization_config" in w for w in r.warnings)


@pytest.mark.parametrize("quant", ["fp8", 7, None, [], {"bits": 4}, {"quant_method": 8}])
def test_a_malformed_quantization_config_never_crashes(quant: object) -> None:
    cfg = copy.deepcopy(LLAMA3_8B) | {"quantization_config": quant}
    assert _size(hf_config=cfg).weights == "bf16"


def test_weights_given_win_over_the_config() -> None:
    r = _size(hf_config=copy.deepcopy(DEEPSEEK_V3), weights="bf16")
    assert r.weights == "bf16"


# --- 3. Meta's Llama 3.1 405B FP8 checkpoint ----------------------------------------------------

MEASURED_405B_FP8_GIB_PER_GPU = 57.752
"""vLLM 'Loading model weights took 57.75 GB' (GiB: vLLM divides by 2**30) per GPU at TP8 on
8x H100 (vllm-project/vllm#6746; catalog/calibration.csv h136)."""


def test_405b_fp8_weights_per_gpu_match_the_measured_checkpoint() -> None:
    r = _size(model="llama-3.1-405b", weights="fp8", gpu="h100-sxm", gpu_count=8)
    assert r.layout is not None and r.layout.tensor == 8
    assert r.memory.per_gpu.weights_gib == pytest.approx(MEASURED_405B_FP8_GIB_PER_GPU,
                                                         rel=0.05)
    assert "Llama-3.1-405B-Instruct-FP8" in _reason(r)


def test_405b_checkpoint_name_sizes_the_same_layout() -> None:
    r = _size(model="meta-llama/Llama-3.1-405B-Instruct-FP8", gpu="h100-sxm", gpu_count=8)
    assert r.memory.per_gpu.weights_gib == pytest.approx(MEASURED_405B_FP8_GIB_PER_GPU,
                                                         rel=0.05)


@pytest.mark.parametrize(("model_id", "pid", "gib"), [
    ("llama-3.1-70b", "fp8", 67.66651916503906),
    ("llama-3.1-8b", "fp8", 8.457527160644531),
    ("llama-3.1-405b", "bf16", 755.9608459472656),
    ("llama-3.1-405b", "int8", 381.8983459472656),
    ("llama-3.1-405b", "awq-int4", 202.16131469726562),
])
def test_other_weights_are_bit_identical(model_id: str, pid: str, gib: float) -> None:
    """Values before the fix: only the 405B at fp8 moves."""
    got = weight_bytes(sized_from_entry(registry().model(model_id)), get_precision(pid)) / GIB
    assert got == gib


def test_70b_fp8_sizing_unchanged() -> None:
    r = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=8)
    assert r.memory.weights_gib == 67.66651916503906
    assert "FP8 checkpoint" not in _reason(r)
