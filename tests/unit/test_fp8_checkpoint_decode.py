"""The official Llama 3.1 405B FP8 checkpoint's 16-bit layers are read at 16 bits by the
decode step too, not only counted by memory.

Memory counted its attention and first and last MLPs at bf16 (catalog ``[fp8_checkpoint]``,
h136), while the step-time model read every linear weight at fp8: 8 x H100 decoded 32.7
tokens/s where the bytes memory counts give 28.7 (the weight read 1.19x, the KV read,
all-reduces and overheads unchanged)."""

from __future__ import annotations

import dataclasses

import msgspec

from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.sizing.memory import SizedModel
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import step_cost
from service.domain.sizing.sizing import size, sized_from_entry
from service.domain.sizing.speed import kernel_compute
from tests.unit.rec_fixtures import registry, shipped


def _decode(model_id: str) -> float:
    req = msgspec.convert({"model": model_id, "weights": "fp8", "gpu": "h100-sxm",
                           "gpu_count": 8, "input_tokens": 1000, "output_tokens": 500},
                          SizingRequest)
    perf = size(req, shipped()).performance
    assert perf is not None and perf.decode_tokens_per_s is not None
    return perf.decode_tokens_per_s


def test_the_16_bit_layers_slow_the_decode_by_their_bytes() -> None:
    reg = registry()
    entry = reg.models["llama-3.1-405b"]
    assert entry.fp8_checkpoint is not None
    model = sized_from_entry(entry)
    plain = dataclasses.replace(model, fp8_checkpoint=None)
    fp8, kv = get_precision("fp8"), find_kv_type("fp16")
    assert kv is not None
    engine, gpu = reg.engines["vllm"], reg.gpus["h100-sxm"]
    cat = shipped()

    def linear_s(m: SizedModel) -> float:
        c = step_cost(m, fp8, kv, engine, gpu, 8, cat.perf, kernel_compute(gpu, fp8, engine),
                      1e15)
        return c.linear_s(1.0)

    ratio = linear_s(model) / linear_s(plain)
    b, a = model.breakdown, model.arch
    assert b is not None and a is not None
    sixteen = entry.fp8_checkpoint.sixteen_bit_params(b, a)
    assert 1.15 < ratio < 1.22, ratio  # 19 % of the linear weights read at twice the bytes
    assert sixteen / (b.linear + b.lm_head) > 0.15


def test_sizing_decodes_slower_than_an_all_fp8_checkpoint_would() -> None:
    tokens_s = _decode("llama-3.1-405b")
    assert 26.0 < tokens_s < 31.0, tokens_s  # 32.7 when every linear weight was read at fp8
