"""Properties that must hold for any architecture: memory grows with the model, the context,
the batch and the bits; the parts add up; a TP split sums back; speed and cost move the right
way."""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from service.adapters.catalog_files import load_registry
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import Architecture
from service.domain.catalog.precisions import KV_TYPES, KVType, get_precision
from service.domain.sizing.cost import per_million_tokens
from service.domain.sizing.memory import InferencePlan, MemoryParts, SizedModel, TrainingPlan
from service.domain.sizing.requests import DEFAULT_TARGETS
from service.domain.sizing.sizing import sized_from_arch, sized_from_entry
from service.domain.sizing.speed import decode_tokens_per_s
from service.paths import default_data_dir

SETTINGS = settings(max_examples=60, deadline=None)
REL = 1e-9

# Formats ordered by storage cost: every tensor class gets at least as many bits down the chain.
PLAIN_CHAIN = ("nf4", "int4", "fp8", "bf16", "fp32")
GGUF_CHAIN = ("q2_k", "q3_k_m", "q4_0", "q4_k_m", "q5_k_m", "q6_k", "q8_0")
KV_CHAIN = ("q4_0", "fp8", "q8_0", "fp16")
INFERENCE_ENGINES = ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers")


@functools.cache
def _registry() -> Any:
    return load_registry(default_data_dir("catalog")).registry


def _kv(kid: str) -> KVType:
    return next(k for k in KV_TYPES if k.id == kid)


@st.composite
def architectures(draw: st.DrawFn, moe: bool | None = None) -> Architecture:
    heads = draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
    kv = draw(st.sampled_from([d for d in (1, 2, 4, 8, 16, 32, 64) if heads % d == 0]))
    layers = draw(st.integers(1, 96))
    fields: dict[str, Any] = {
        "num_layers": layers,
        "hidden_size": draw(st.integers(1, 128)) * 64,
        "num_attention_heads": heads,
        "num_kv_heads": kv,
        "head_dim": draw(st.sampled_from([32, 64, 128, 256])),
        "intermediate_size": draw(st.integers(64, 32768)),
        "vocab_size": draw(st.integers(256, 262144)),
        "tie_word_embeddings": draw(st.booleans()),
        "attention_bias": draw(st.booleans()),
        "mlp_type": draw(st.sampled_from(["gated", "plain"])),
        "max_context": 1_000_000,
    }
    is_moe = draw(st.booleans()) if moe is None else moe
    if is_moe:
        experts = draw(st.sampled_from([4, 8, 16, 64, 128]))
        fields |= {
            "num_experts": experts,
            "num_experts_per_token": draw(st.integers(1, min(experts, 8))),
            "num_shared_experts": draw(st.integers(0, 2)),
            "moe_intermediate_size": draw(st.integers(64, 8192)),
            "first_dense_layers": draw(st.integers(0, layers)),
        }
    if draw(st.booleans()):
        fields["sliding_window"] = draw(st.integers(1, 8192))
        fields["sliding_window_layers"] = draw(st.integers(0, layers))
    return Architecture(**fields)


def _model(a: Architecture) -> SizedModel:
    return sized_from_arch(a, "property test")


def _grow(a: Architecture, **changes: Any) -> Architecture:
    return msgspec.structs.replace(a, **changes)


def _plan(a: Architecture, *, precision: str = "bf16", kv: str = "fp16", engine: str = "vllm",
          tp: int = 1, batch: int = 1, context: int = 4096, adapters: int = 0) -> InferencePlan:
    return InferencePlan(model=_model(a), precision=get_precision(precision), kv_type=_kv(kv),
                         engine=_registry().engines[engine], tp=tp, batch=batch, context=context,
                         lora_adapters=adapters)


def _train(a: Architecture, *, precision: str = "bf16", method: str = "lora", seq: int = 2048,
           micro_batch: int = 1, gpus: int = 1, zero: int = 0, rank: int = 16,
           optimizer: str = "adamw", checkpointing: bool = True, flash: bool = True,
           offload: bool = False) -> TrainingPlan:
    return TrainingPlan(model=_model(a), precision=get_precision(precision), method=method,
                        rank=rank, targets=list(DEFAULT_TARGETS), optimizer=optimizer,
                        checkpointing=checkpointing, flash=flash, micro_batch=micro_batch,
                        seq=seq, zero_stage=zero, cpu_offload=offload, gpus=gpus)


def _le(x: float, y: float) -> bool:
    return x <= y * (1 + REL) + 1e-12


engines = st.sampled_from(INFERENCE_ENGINES)
tps = st.sampled_from([1, 2, 4, 8])
contexts = st.integers(1, 200_000)
batches = st.integers(1, 256)


# ---------------------------------------------------------------------------------------------
# Inference memory is monotone


@SETTINGS
@given(a=architectures(), extra=st.integers(1, 32), engine=engines, tp=tps,
       context=contexts, batch=batches)
def test_inference_memory_grows_with_layers(a: Architecture, extra: int, engine: str, tp: int,
                                            context: int, batch: int) -> None:
    bigger = _grow(a, num_layers=a.num_layers + extra)
    small = _plan(a, engine=engine, tp=tp, context=context, batch=batch).per_gpu()
    large = _plan(bigger, engine=engine, tp=tp, context=context, batch=batch).per_gpu()
    assert _le(small.total_gib, large.total_gib)
    assert _le(small.weights_gib, large.weights_gib)
    assert _le(small.kv_cache_gib, large.kv_cache_gib)


@SETTINGS
@given(a=architectures(), extra=st.integers(1, 64), ffn_extra=st.integers(0, 8192),
       engine=engines, tp=tps, context=contexts, batch=batches)
def test_inference_memory_grows_with_width(a: Architecture, extra: int, ffn_extra: int,
                                           engine: str, tp: int, context: int,
                                           batch: int) -> None:
    bigger = _grow(a, hidden_size=a.hidden_size + 64 * extra,
                   intermediate_size=a.intermediate_size + ffn_extra)
    small = _plan(a, engine=engine, tp=tp, context=context, batch=batch).per_gpu()
    large = _plan(bigger, engine=engine, tp=tp, context=context, batch=batch).per_gpu()
    assert _le(small.total_gib, large.total_gib)
    assert small.weights_gib < large.weights_gib


@SETTINGS
@given(a=architectures(), engine=engines, tp=tps, context=contexts,
       more=st.integers(1, 100_000), batch=batches)
def test_inference_memory_grows_with_context(a: Architecture, engine: str, tp: int,
                                             context: int, more: int, batch: int) -> None:
    plan = _plan(a, engine=engine, tp=tp, context=context, batch=batch)
    short = plan.per_gpu()
    long = plan.per_gpu(context=context + more)
    assert _le(short.total_gib, long.total_gib)
    assert _le(short.kv_cache_gib, long.kv_cache_gib)
    assert _le(short.activations_gib, long.activations_gib)


@SETTINGS
@given(a=architectures(), engine=engines, tp=tps, context=contexts, batch=batches,
       more=st.integers(1, 256))
def test_inference_memory_grows_with_batch(a: Architecture, engine: str, tp: int,
                                           context: int, batch: int, more: int) -> None:
    plan = _plan(a, engine=engine, tp=tp, context=context, batch=batch)
    small = plan.per_gpu()
    large = plan.per_gpu(batch=batch + more)
    assert _le(small.total_gib, large.total_gib)
    assert small.kv_cache_gib < large.kv_cache_gib


@SETTINGS
@given(a=architectures(), chain=st.sampled_from([PLAIN_CHAIN, GGUF_CHAIN]),
       i=st.integers(0, 6), j=st.integers(0, 6), engine=engines, tp=tps, context=contexts)
def test_inference_memory_grows_with_weight_bits(a: Architecture, chain: tuple[str, ...],
                                                 i: int, j: int, engine: str, tp: int,
                                                 context: int) -> None:
    lo, hi = sorted((i % len(chain), j % len(chain)))
    assume(lo != hi)
    small = _plan(a, precision=chain[lo], engine=engine, tp=tp, context=context).per_gpu()
    large = _plan(a, precision=chain[hi], engine=engine, tp=tp, context=context).per_gpu()
    assert small.weights_gib < large.weights_gib
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), i=st.integers(0, 3), j=st.integers(0, 3), engine=engines, tp=tps,
       context=contexts, batch=batches)
def test_inference_memory_grows_with_kv_bits(a: Architecture, i: int, j: int, engine: str,
                                             tp: int, context: int, batch: int) -> None:
    lo, hi = sorted((i, j))
    assume(lo != hi)
    small = _plan(a, kv=KV_CHAIN[lo], engine=engine, tp=tp, context=context,
                  batch=batch).per_gpu()
    large = _plan(a, kv=KV_CHAIN[hi], engine=engine, tp=tp, context=context,
                  batch=batch).per_gpu()
    assert small.kv_cache_gib < large.kv_cache_gib
    assert _le(small.total_gib, large.total_gib)


# ---------------------------------------------------------------------------------------------
# Training memory is monotone

methods = st.sampled_from(["lora", "qlora", "full"])


def _train_precision(method: str) -> str:
    return {"lora": "bf16", "qlora": "nf4", "full": "bf16"}[method]


gpu_counts = st.sampled_from([1, 2, 4, 8])
zero_stages = st.integers(0, 3)


@SETTINGS
@given(a=architectures(), method=methods, extra=st.integers(1, 32), seq=st.integers(1, 32768),
       mb=st.integers(1, 16), checkpointing=st.booleans(), flash=st.booleans(), gpus=gpu_counts,
       zero=zero_stages)
@example(  # found by Hypothesis: the FSDP gather buffer counted the embeddings in a "layer"
    a=Architecture(num_layers=1, hidden_size=64, num_attention_heads=1, num_kv_heads=1,
                   head_dim=32, intermediate_size=64, vocab_size=351, max_context=1_000_000),
    method="qlora", extra=1, seq=136, mb=1, checkpointing=True, flash=True, gpus=4, zero=3)
def test_training_memory_grows_with_layers(a: Architecture, method: str, extra: int, seq: int,
                                           mb: int, checkpointing: bool, flash: bool,
                                           gpus: int, zero: int) -> None:
    kw: dict[str, Any] = dict(precision=_train_precision(method), method=method, seq=seq,
                              micro_batch=mb, checkpointing=checkpointing, flash=flash,
                              gpus=gpus, zero=zero)
    small = _train(a, **kw).per_gpu()
    large = _train(_grow(a, num_layers=a.num_layers + extra), **kw).per_gpu()
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), method=methods, extra=st.integers(1, 64), seq=st.integers(1, 32768),
       mb=st.integers(1, 16), gpus=gpu_counts, zero=zero_stages)
def test_training_memory_grows_with_hidden(a: Architecture, method: str, extra: int, seq: int,
                                           mb: int, gpus: int, zero: int) -> None:
    kw: dict[str, Any] = dict(precision=_train_precision(method), method=method, seq=seq,
                              micro_batch=mb, gpus=gpus, zero=zero)
    small = _train(a, **kw).per_gpu()
    large = _train(_grow(a, hidden_size=a.hidden_size + 64 * extra), **kw).per_gpu()
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), method=methods, seq=st.integers(1, 8192), gpus=st.sampled_from([2, 4]))
def test_fsdp_per_gpu_memory_falls_with_more_gpus(a: Architecture, method: str, seq: int,
                                                  gpus: int) -> None:
    kw: dict[str, Any] = dict(precision=_train_precision(method), method=method, seq=seq,
                              zero=3)
    few = _train(a, gpus=gpus, **kw).per_gpu()
    many = _train(a, gpus=gpus * 2, **kw).per_gpu()
    assert many.weights_gib < few.weights_gib
    assert _le(many.total_gib, few.total_gib)


@SETTINGS
@given(a=architectures(), method=methods, seq=st.integers(1, 32768), more=st.integers(1, 32768),
       mb=st.integers(1, 16), more_mb=st.integers(0, 16), flash=st.booleans(),
       checkpointing=st.booleans())
def test_training_memory_grows_with_tokens(a: Architecture, method: str, seq: int, more: int,
                                           mb: int, more_mb: int, flash: bool,
                                           checkpointing: bool) -> None:
    kw: dict[str, Any] = dict(precision=_train_precision(method), method=method, flash=flash,
                              checkpointing=checkpointing)
    small = _train(a, seq=seq, micro_batch=mb, **kw).per_gpu()
    large = _train(a, seq=seq + more, micro_batch=mb + more_mb, **kw).per_gpu()
    assert small.activations_gib < large.activations_gib
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), i=st.integers(0, 4), j=st.integers(0, 4), seq=st.integers(1, 8192))
def test_lora_memory_grows_with_base_bits(a: Architecture, i: int, j: int, seq: int) -> None:
    lo, hi = sorted((i, j))
    assume(lo != hi)
    small = _train(a, precision=PLAIN_CHAIN[lo], method="lora", seq=seq).per_gpu()
    large = _train(a, precision=PLAIN_CHAIN[hi], method="lora", seq=seq).per_gpu()
    assert small.weights_gib < large.weights_gib
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), rank=st.integers(1, 256), more=st.integers(1, 256))
def test_lora_memory_grows_with_rank(a: Architecture, rank: int, more: int) -> None:
    small = _train(a, rank=rank).per_gpu()
    large = _train(a, rank=rank + more).per_gpu()
    assert small.optimizer_gib is not None and large.optimizer_gib is not None
    assert small.optimizer_gib < large.optimizer_gib
    assert _le(small.total_gib, large.total_gib)


@SETTINGS
@given(a=architectures(), method=methods, gpus=st.sampled_from([2, 4, 8, 16]),
       zero=st.integers(1, 3), seq=st.integers(1, 8192))
def test_zero_sharding_never_costs_more_per_gpu(a: Architecture, method: str, gpus: int,
                                                zero: int, seq: int) -> None:
    kw: dict[str, Any] = dict(precision=_train_precision(method), method=method, seq=seq)
    unsharded = _train(a, gpus=gpus, zero=0, **kw).per_gpu()
    sharded = _train(a, gpus=gpus, zero=zero, **kw).per_gpu()
    assert sharded.optimizer_gib is not None and unsharded.optimizer_gib is not None
    assert sharded.optimizer_gib < unsharded.optimizer_gib
    if zero < 3:
        assert _le(sharded.total_gib, unsharded.total_gib)


# ---------------------------------------------------------------------------------------------
# The parts add up


def _sum(m: MemoryParts) -> float:
    return (m.weights_gib + m.kv_cache_gib + m.activations_gib + m.overhead_gib
            + (m.gradients_gib or 0.0) + (m.optimizer_gib or 0.0))


@SETTINGS
@given(a=architectures(), engine=engines, tp=tps, context=contexts, batch=batches,
       kv=st.sampled_from(KV_CHAIN), precision=st.sampled_from(PLAIN_CHAIN + GGUF_CHAIN),
       adapters=st.integers(0, 4))
def test_inference_parts_add_up(a: Architecture, engine: str, tp: int, context: int,
                                batch: int, kv: str, precision: str, adapters: int) -> None:
    plan = _plan(a, precision=precision, kv=kv, engine=engine, tp=tp, context=context,
                 batch=batch, adapters=adapters)
    per, whole = plan.per_gpu(), plan.whole()
    for m in (per, whole):
        assert m.total_gib == pytest.approx(_sum(m), rel=REL)
        assert min(m.weights_gib, m.kv_cache_gib, m.activations_gib, m.overhead_gib) >= 0
        assert m.gradients_gib is None and m.optimizer_gib is None
    assert whole.total_gib == pytest.approx(per.total_gib * tp, rel=REL)


@SETTINGS
@given(a=architectures(), method=methods, gpus=st.sampled_from([1, 2, 4, 8]),
       zero=st.integers(0, 3), seq=st.integers(1, 16384), mb=st.integers(1, 8),
       optimizer=st.sampled_from(["adamw", "adamw-bf16", "adamw-8bit", "sgd"]),
       offload=st.booleans(), checkpointing=st.booleans())
def test_training_parts_add_up(a: Architecture, method: str, gpus: int, zero: int, seq: int,
                               mb: int, optimizer: str, offload: bool,
                               checkpointing: bool) -> None:
    plan = _train(a, precision=_train_precision(method), method=method, gpus=gpus, zero=zero,
                  seq=seq, micro_batch=mb, optimizer=optimizer, offload=offload,
                  checkpointing=checkpointing)
    per, whole = plan.per_gpu(), plan.whole()
    for m in (per, whole):
        assert m.total_gib == pytest.approx(_sum(m), rel=REL)
        assert m.kv_cache_gib == 0
        assert m.gradients_gib is not None and m.gradients_gib > 0
        assert m.optimizer_gib is not None
    assert (per.optimizer_gib == 0) is offload
    assert whole.total_gib == pytest.approx(per.total_gib * gpus, rel=REL)


# ---------------------------------------------------------------------------------------------
# A TP split sums back


@SETTINGS
@given(a=architectures(), engine=engines, tp=st.sampled_from([2, 4, 8, 16]),
       precision=st.sampled_from(PLAIN_CHAIN + GGUF_CHAIN), context=contexts, batch=batches)
def test_tp_weights_sum_back_to_the_whole(a: Architecture, engine: str, tp: int,
                                          precision: str, context: int, batch: int) -> None:
    one = _plan(a, precision=precision, engine=engine, tp=1, context=context, batch=batch)
    split = _plan(a, precision=precision, engine=engine, tp=tp, context=context, batch=batch)
    assert split.per_gpu().weights_gib * tp == pytest.approx(one.per_gpu().weights_gib, rel=REL)
    assert split.whole().weights_gib == pytest.approx(one.per_gpu().weights_gib, rel=REL)


@SETTINGS
@given(a=architectures(), engine=engines, tp=st.sampled_from([2, 4, 8, 16]), context=contexts,
       batch=batches)
def test_tp_kv_sums_back_unless_heads_are_replicated(a: Architecture, engine: str, tp: int,
                                                     context: int, batch: int) -> None:
    one = _plan(a, engine=engine, tp=1, context=context, batch=batch).per_gpu().kv_cache_gib
    split = _plan(a, engine=engine, tp=tp, context=context, batch=batch).per_gpu().kv_cache_gib
    if engine == "llama.cpp":
        # whole layers move to each GPU, their KV with them
        assert split * tp == pytest.approx(one, rel=REL)
    elif a.kv_heads >= tp:
        assert a.kv_heads % tp == 0
        assert split * tp == pytest.approx(one, rel=REL)
    else:
        # fewer KV heads than GPUs: each GPU keeps one whole head, so the split holds more
        assert split == pytest.approx(one / a.kv_heads, rel=REL)
        assert split * tp > one


# ---------------------------------------------------------------------------------------------
# Decode speed


@functools.cache
def _gpus() -> list[GPU]:
    return [g for g in _registry().gpus.values() if g.vendor in ("NVIDIA", "AMD")]


@functools.cache
def _llm_ids() -> list[str]:
    return sorted(m.id for m in _registry().models.values() if m.kind == "llm")


TFLOPS_FIELDS = ("fp32_tflops", "tf32_tflops", "bf16_tflops", "fp16_tflops", "fp8_tflops",
                 "int8_tops", "fp4_tflops")


def _slower_compute(g: GPU, factor: float) -> GPU:
    changes = {f: getattr(g, f) * factor for f in TFLOPS_FIELDS if getattr(g, f) is not None}
    return msgspec.structs.replace(g, **changes)


@st.composite
def decode_cases(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        model = sized_from_entry(_registry().models[draw(st.sampled_from(_llm_ids()))])
    else:
        model = _model(draw(architectures()))
    engine = draw(engines)
    chain = GGUF_CHAIN if engine == "llama.cpp" else PLAIN_CHAIN
    return {
        "model": model,
        "p": get_precision(draw(st.sampled_from(chain))),
        "kv": _kv(draw(st.sampled_from(KV_CHAIN))),
        "engine": engine,
        "gpu": draw(st.sampled_from(_gpus())),
        "n": draw(st.sampled_from([1, 2, 4, 8])),
        "batch": draw(st.integers(1, 512)),
        "context": draw(st.integers(1, 131072)),
    }


def _tps(case: dict[str, Any], **changes: Any) -> float:
    c = case | changes
    return decode_tokens_per_s(c["model"], c["p"], c["kv"], _registry().engines[c["engine"]],
                               c["gpu"], c["n"], batch=c["batch"], context=c["context"])


@SETTINGS
@given(case=decode_cases(), factor=st.floats(0.05, 0.999))
def test_decode_never_speeds_up_when_bandwidth_falls(case: dict[str, Any],
                                                     factor: float) -> None:
    g = case["gpu"]
    slower = msgspec.structs.replace(g, bandwidth_gb_s=g.bandwidth_gb_s * factor)
    fast, slow = _tps(case), _tps(case, gpu=slower)
    assert fast > 0
    assert _le(slow, fast)


@SETTINGS
@given(case=decode_cases(), factor=st.floats(0.05, 0.999))
def test_decode_never_speeds_up_when_tflops_fall(case: dict[str, Any], factor: float) -> None:
    fast, slow = _tps(case), _tps(case, gpu=_slower_compute(case["gpu"], factor))
    assert _le(slow, fast)


@SETTINGS
@given(case=decode_cases(), more=st.integers(1, 500_000))
def test_decode_never_speeds_up_when_context_grows(case: dict[str, Any], more: int) -> None:
    assert _le(_tps(case, context=case["context"] + more), _tps(case))


def test_decode_is_bandwidth_bound_for_one_sequence() -> None:
    """The properties above must not hold trivially: bandwidth and compute each matter."""
    m = sized_from_entry(_registry().model("llama-3-8b"))
    g = _registry().gpu("h100-sxm")
    case = {"model": m, "p": get_precision("bf16"), "kv": _kv("fp16"), "engine": "vllm",
            "gpu": g, "n": 1, "batch": 1, "context": 1024}
    half_bw = msgspec.structs.replace(g, bandwidth_gb_s=g.bandwidth_gb_s / 2)
    assert _tps(case, gpu=half_bw) < 0.7 * _tps(case)
    big = case | {"batch": 512}
    assert _tps(big, gpu=_slower_compute(g, 0.1)) < 0.7 * _tps(big)
    assert _tps(case, context=100_000) < _tps(case)


# ---------------------------------------------------------------------------------------------
# Cost


@SETTINGS
@given(price=st.floats(0.01, 1000), tps=st.floats(0.01, 1e6), factor=st.floats(1.001, 100))
def test_cost_per_million_tokens_falls_as_throughput_rises(price: float, tps: float,
                                                           factor: float) -> None:
    slow = per_million_tokens(price, tps)
    fast = per_million_tokens(price, tps * factor)
    assert slow is not None and fast is not None
    assert fast < slow
    assert slow == pytest.approx(price / (3600 * tps) * 1e6)


@pytest.mark.parametrize("tps", [0.0, -1.0])
def test_cost_without_throughput_is_none(tps: float) -> None:
    assert per_million_tokens(2.0, tps) is None


def test_cost_known_value() -> None:
    # $3.60 an hour at 1000 tokens/s: 3.6M tokens an hour, so $1 per million
    assert per_million_tokens(3.6, 1000.0) == pytest.approx(1.0)
