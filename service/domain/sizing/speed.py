"""Speed estimates: decode, prefill, serving throughput, training and diffusion.

Physical model, with a few per-engine constants fitted on published measurements
(``gpu-advisor calibrate`` shows the fit and the simple formulas' errors beside ours); the
constants are data, each engine's ``[engine.speed]`` table in ``catalog/engines.toml``:

* decode is a sum over the kernels of one step, each taking ``max(bytes / (eta_mem x BW),
  t_kernel)``: big matrices are bandwidth-bound, small ones pay a fixed launch/tail cost, which
  is why a fast GPU gains less than its bandwidth on a small model;
* compute-bound work (prefill, large batches, training, diffusion) runs at ``eta_compute`` of
  the DENSE tensor-core peak of the precision in use, attention at its own efficiency;
* tensor parallel adds two all-reduces per layer, priced by the link (NVLink vs PCIe);
  an engine with a layer split (llama.cpp) runs the GPUs one after another, so decode does
  not speed up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated

import msgspec

from service.domain.base import Out
from service.domain.catalog.engines import Engine, EngineSpeed
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import (
    Architecture,
    seq_cache_bytes,
)
from service.domain.catalog.precisions import (
    KVType,
    Precision,
    dense_linear_bits,
    find_kv_type,
    get_precision,
)
from service.domain.locale import plain, sig3
from service.domain.sizing.audio_speed import AudioTiming, audio_speed_reason, audio_timing
from service.domain.sizing.diffusion_speed import DiffusionTiming, diffusion_timing, is_unet
from service.domain.sizing.efficiency import EMPTY as EMPTY_PERF
from service.domain.sizing.efficiency import (
    SERVING_ERROR_FAMILY_WORDS,
    CommModel,
    PerfTables,
    ServingErrorBand,
    attention_share,
    comm_model,
    link_words,
    training_share,
)
from service.domain.sizing.layout import node_of, nvlink_domain
from service.domain.sizing.memory import (
    OPTIMIZER_BYTES,
    REFERENCE_OBJECTIVES,
    InferencePlan,
    SizedModel,
    TrainingPlan,
    lora_params,
    served_at_once,
    trained_models,
    weight_bytes,
)
from service.domain.sizing.serving import (
    BURST_SIZE,
    TRANSIENT_WEIGHT,
    Load,
    StepCost,
    admission,
    attention_flops_per_pair,
    prefill_alone_s,
    serve,
    step_cost,
)

if TYPE_CHECKING:
    from service.domain.sizing.requests import SizingRequest

Note = Callable[[str, str, str], None]


# Each engine's speed constants (EngineSpeed: eta_mem, bandwidth cap, kernel time, eta_compute,
# FLOPS caps, eta_attention, step overhead, max_num_seqs) are its ``[engine.speed]`` table in
# catalog/engines.toml, with where they were fitted in its ``source``. The decode step adds
# the KV-cache attention kernels to the weight matmuls (they do not overlap).

# Diffusion pipelines are timed in stages by service.domain.sizing.diffusion_speed.

# All-reduce latency per call (two per layer per step) and the link bandwidth it moves data at.
LINK_LATENCY_US = {"nvlink": 8.0, "infinity-fabric": 10.0, "pcie": 25.0, "roce": 25.0,
                   "ici": 10.0, "none": 25.0}


class Performance(Out, frozen=True, kw_only=True):
    decode_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="output tokens/s of one sequence in a decode-only step of the sequences "
                    "running at this load (no prompt in the step)")] = None
    decode_throughput_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="output tokens/s of a decode-only step of the sequences running at this "
                    "load (decode_tokens_per_s x their number): the rate between prefills, "
                    "which can exceed max_throughput_tokens_per_s, the rate sustained with "
                    "the prompts' prefill")] = None
    prefill_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="prompt tokens processed per second for one prompt prefilled alone "
                    "(embedding models: input tokens per second of the batch); null where "
                    "not timed")] = None
    time_to_first_token_ms: Annotated[float | None, msgspec.Meta(
        description="LLMs: mean time to the first output token at the stated load, in "
                    "milliseconds (tails run above it); null where not timed or where the "
                    "load is past capacity")] = None
    max_throughput_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="output tokens/s the setup sustains at saturation (max_concurrency "
                    "running), every request's prompt prefilled as well as its tokens "
                    "decoded; never below output_tokens_per_s at a load it carries")] = None
    max_concurrency: Annotated[int | None, msgspec.Meta(
        description="LLMs: the most requests the setup runs at once (what the KV cache "
                    "admits, at most the engine's max_num_seqs); null where not timed")] = None
    requests_per_s: Annotated[float | None, msgspec.Meta(
        description="LLMs: requests per second served at the stated load; null where not "
                    "timed")] = None
    training_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="training: tokens trained per second, every GPU together; null for "
                    "inference")] = None
    training_hours: Annotated[float | None, msgspec.Meta(
        description="training: hours to train on training_tokens at "
                    "training_tokens_per_s; null without training_tokens or for inference")] = None
    seconds_per_image: Annotated[float | None, msgspec.Meta(
        description="diffusion models: seconds of GPU time per image (video models: per "
                    "clip), the batch's time over its images: a throughput figure, equal at "
                    "every batch size where the GPU is compute-bound; the time a client "
                    "waits for its batch is seconds_per_batch")] = None
    seconds_per_batch: Annotated[float | None, msgspec.Meta(
        description="diffusion models: wall-clock seconds of one pipeline call on one GPU, "
                    "its batch of images (batch_size, or each GPU's share of it) generated "
                    "together: the latency a request for that batch sees")] = None
    images_per_s: Annotated[float | None, msgspec.Meta(
        description="diffusion models: images (video models: clips) per second of the whole "
                    "setup, every GPU running its own pipeline (gpu_count x "
                    "diffusion.images_per_s); diffusion.images_per_s is one GPU's")] = None
    seconds_per_video: Annotated[float | None, msgspec.Meta(
        description="video models: seconds to generate one clip of the model's frames "
                    "(the same figure as seconds_per_image, which counts a clip as one "
                    "output); null otherwise")] = None
    """Video models: seconds to generate one clip of the model's frames (the same figure as
    ``seconds_per_image``, which counts a clip as one output)."""
    audio_seconds_per_s: Annotated[float | None, msgspec.Meta(
        description="audio models: seconds of audio transcribed or generated per second "
                    "of wall time, every GPU together; null otherwise")] = None
    embeddings_per_s: Annotated[float | None, msgspec.Meta(
        description="embedding models: inputs embedded per second at the request's batch "
                    "and input length; null otherwise")] = None
    """Embedding models: inputs embedded per second at the request's batch and input length."""
    embedded_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="embedding models: input tokens embedded per second (embeddings_per_s "
                    "x input tokens); null otherwise")] = None
    """Embedding models: input tokens embedded per second (embeddings/s x input tokens)."""
    bound: Annotated[str | None, msgspec.Meta(
        description="what limits the speed: memory (reading weights and KV cache), "
                    "compute, communication (training collectives) or launch (kernel "
                    "launches); null where not timed")] = None
    time_per_output_token_ms: Annotated[float | None, msgspec.Meta(
        description="LLMs: mean time between output tokens a user sees at this load "
                    "(continuous batching), in milliseconds; null with one output token "
                    "or where not timed")] = None
    """Mean time between output tokens a user sees at this load (continuous batching)."""
    output_tokens_per_s_per_user: Annotated[float | None, msgspec.Meta(
        description="LLMs: output tokens per second each user sees at this load (1000 / "
                    "time_per_output_token_ms); null where not timed")] = None
    """Output tokens per second each user sees at this load (1000 / TPOT)."""
    output_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="LLMs: output tokens per second of the whole setup at this load; null "
                    "where not timed")] = None
    """Output tokens per second of the whole setup at this load."""
    max_requests_per_s: Annotated[float | None, msgspec.Meta(
        description="LLMs: requests per second when saturated (as many sequences running "
                    "as fit); null where not timed")] = None
    """Requests per second when saturated (as many sequences running as fit)."""
    load: Annotated[str | None, msgspec.Meta(
        description="the load the means are for: a closed loop of N concurrent requests, "
                    "or an open-loop request rate; null where not timed")] = None
    """The load the means are for: closed loop of N users, or an open-loop request rate."""
    efficiency_source: Annotated[str | None, msgspec.Meta(
        description="where the GEMM and collective efficiencies come from: measured:<gpu> "
                    "gemm <dtype>, derived from datasheet, or the engine's constants; "
                    "null where not applicable")] = None
    """Where the GEMM and collective efficiencies come from: ``measured:<gpu> gemm <dtype>``
    or ``derived from datasheet``."""
    diffusion: Annotated[DiffusionTiming | None, msgspec.Meta(
        description="diffusion models: the pipeline stage by stage on one GPU (seconds per "
                    "stage, seconds_per_image, images_per_s of one GPU; the setup's "
                    "images_per_s is this times gpu_count)")] = None


def peak_tflops(gpu: GPU, p: Precision, engine: Engine, quantized_kernels: bool = True
                ) -> float:
    """Dense tensor peak for the precision's compute type on this GPU, as the engine's kernels
    can use it (``quantized_kernels=False``: the 16-bit kernels, e.g. attention, which never
    run through the engine's quantized-weight matmuls)."""
    compute = kernel_compute(gpu, p, engine)
    value = gpu.tflops(compute) or 1.0
    s = engine.speed
    if s.uses_fp16_accumulate and gpu.segment == "consumer" and compute in ("fp16", "bf16"):
        value *= 2  # GeForce: the FP16-accumulate rate is twice the FP32-accumulate column
    cap = s.flops_cap_tflops
    if quantized_kernels and s.quant_flops_cap_tflops and p.gguf and p.bits_linear < 16:
        cap = min(cap or math.inf, s.quant_flops_cap_tflops)
    if cap:
        value = min(value * s.eta_compute, cap) / s.eta_compute
    return value


# Share of the paper dense peak a vendor's GEMM libraries reach relative to CUDA's: ROCm
# (hipBLASLt) on MI300X sustains roughly 0.6 of what cuBLAS reaches of its peak on H100
# (public GEMM sweeps, 2024). Fitted on the two MI300X serving rows (h092, h128).
VENDOR_COMPUTE_EFFICIENCY = {"AMD": 0.6}


def achievable_tflops(gpu: GPU, p: Precision, engine: Engine, quantized_kernels: bool = True
                      ) -> float:
    """The dense peak :func:`peak_tflops` scaled by the vendor's library efficiency."""
    return (peak_tflops(gpu, p, engine, quantized_kernels)
            * VENDOR_COMPUTE_EFFICIENCY.get(gpu.vendor, 1.0))


def _effective_bw(gpu: GPU, s: EngineSpeed) -> float:
    bw = gpu.bandwidth_gb_s * s.eta_mem
    if s.bw_cap_gb_s:
        bw = min(bw, s.bw_cap_gb_s)
    return bw * 1e9


def _layer_matrices(a: Architecture, p: Precision, experts_hit: float) -> list[float]:
    """Bytes of each weight matrix one decode step reads in one layer (averaged over layers)."""
    h = a.hidden_size
    lin = dense_linear_bits(p, a.is_moe)
    mixed = lin
    if p.bits_more is not None:
        mixed = (1 - p.more_fraction) * lin + p.more_fraction * p.bits_more
    if a.is_mla:
        attn = [h * ((a.q_lora_rank or 0) + (a.kv_lora_rank or 0)) * lin / 8,
                (a.kv_lora_rank or 0) * a.num_attention_heads
                * ((a.qk_nope_head_dim or 0) + (a.v_head_dim or 0)) * lin / 8,
                a.num_attention_heads * (a.v_head_dim or 0) * h * lin / 8]
    else:
        attn = [h * a.q_width * lin / 8, h * a.kv_width * lin / 8, h * a.kv_width * mixed / 8,
                a.q_width * h * lin / 8]
    mats = list(attn)
    dense_share = (a.num_layers - a.moe_layers) / a.num_layers
    if dense_share:
        ffn = h * a.intermediate_size
        mats += [dense_share * ffn * lin / 8] * 2 + [dense_share * ffn * mixed / 8]
    if a.is_moe:
        moe_share = a.moe_layers / a.num_layers
        ebits = p.bits_linear
        ebits_down = ebits if p.bits_more is None else mixed
        n = experts_hit + a.num_shared_experts
        e = h * a.expert_ffn
        # one grouped kernel per projection reads every expert hit
        mats += [moe_share * n * e * ebits / 8] * 2 + [moe_share * n * e * ebits_down / 8]
    return mats


def layer_matrices(a: Architecture, p: Precision, batch: int) -> list[float]:
    """Bytes of each weight matrix one decode step of ``batch`` sequences reads in a layer."""
    return _layer_matrices(a, p, experts_hit(a, batch))


def experts_hit(a: Architecture, batch: int) -> float:
    """Expected distinct experts a batch routes to in one layer: 1 - (1 - k/E)^batch of E."""
    if not a.is_moe:
        return 0.0
    e, k = a.num_experts, a.num_experts_per_token
    return e * (1 - (1 - k / e) ** batch)


class DecodeStep(msgspec.Struct, frozen=True, gc=False):
    """The parts of one decode step that do not depend on the context length: what
    :func:`decode_step_s` adds the KV-cache term to. Kept per GPU and GPU count on the catalog
    snapshot by sizing's ``fits_on`` so a new context costs a few multiplications (numbers
    only: never tracked by the garbage collector)."""

    linear_s: float
    """The weight matmuls: the slower of reading the weights and their FLOPs."""
    comm_s: float
    overhead_s: float
    bw_bytes_s: float
    attn_flops_s: float
    """Attention's achievable FLOP/s (all GPUs of the tensor-parallel group)."""
    tp: int
    linear_mem_s: float
    linear_compute_s: float


def decode_cost(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int,
                perf: PerfTables) -> StepCost:
    """The serving model's step (:func:`serving.step_cost`) that a decode-only step of any
    batch is timed with (its KV read is added per context by the caller: fp16 here)."""
    kv = find_kv_type("fp16")
    assert kv is not None
    return step_cost(model, p, kv, engine, gpu, n, perf, kernel_compute(gpu, p, engine),
                     achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12)


def _serving_decode_fixed(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int,
                          batch: int, perf: PerfTables, cost: StepCost | None = None
                          ) -> DecodeStep:
    """The context-independent parts of a decode-only step of the serving model
    (:class:`serving.StepCost`: the measured GEMM curve, all-reduces, per-step and per-layer
    overheads), so that a lone decode, ``fits_on`` and the speed under load agree. ``cost``:
    :func:`decode_cost` of this setup when the caller keeps it (it does not depend on the
    batch)."""
    a = model.arch
    assert a is not None
    if cost is None:
        cost = decode_cost(model, p, engine, gpu, n, perf)
    linear = cost.linear_s(batch)
    comm = 2 * cost.layers * cost.comm.seconds(batch * cost.hidden * 2) if n > 1 else 0.0
    eager = batch > cost.graph_max_batch
    overhead = cost.step_overhead_s + cost.layers * (cost.layer_eager_s if eager
                                                     else cost.layer_graph_s)
    peak = achievable_tflops(gpu, p, engine) * 1e12 * n
    compute = 2.0 * model.active_params * batch / (peak * engine.speed.eta_compute)
    return DecodeStep(linear_s=linear, comm_s=comm, overhead_s=overhead, bw_bytes_s=cost.bw,
                      attn_flops_s=math.inf, tp=n, linear_mem_s=linear,
                      linear_compute_s=compute)


def decode_step_fixed(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int,
                      batch: int, mats: Sequence[float] | None = None,
                      perf: PerfTables | None = None, cost: StepCost | None = None
                      ) -> DecodeStep:
    """The context-independent parts of :func:`decode_step_s`. ``mats``: the layer's weight
    matrices in bytes (:func:`layer_matrices`) when the caller has them for this model,
    precision and batch (they do not depend on the GPU). ``perf``: with the measured tables,
    a tensor-split engine's step is the serving model's (:func:`_serving_decode_fixed`;
    ``cost``: its :func:`decode_cost` when the caller keeps it)."""
    a = model.arch
    assert a is not None
    if perf is not None and engine.split == "tensor":
        return _serving_decode_fixed(model, p, engine, gpu, n, batch, perf, cost)
    s = engine.speed
    bw = _effective_bw(gpu, s)
    t_min = s.t_kernel_us * 1e-6
    layer_split = engine.split == "layer"
    tp = 1 if layer_split else n
    if mats is None:
        mats = layer_matrices(a, p, batch)
    per_layer = sum(max(m / tp / bw, t_min) for m in mats)
    per_layer += s.small_kernels_per_layer * t_min
    b_total = weight_bits_breakdown(model, p)
    head = (b_total["embedding_lm_head"]) / tp / bw
    peak = achievable_tflops(gpu, p, engine) * 1e12 * tp
    attn_peak = achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12 * tp
    linear_mem = a.num_layers * per_layer + head
    linear_compute = 2.0 * model.active_params * batch / (peak * s.eta_compute)
    comm = 0.0
    if tp > 1:
        link = gpu.link if gpu.link in LINK_LATENCY_US else "pcie"
        link_bw = (gpu.link_gb_s or (64.0 if link == "pcie" else 300.0)) * 1e9 / 2
        volume = 2 * batch * a.hidden_size * 2 * (tp - 1) / tp
        comm = a.num_layers * 2 * (LINK_LATENCY_US[link] * 1e-6 + volume / link_bw)
    if layer_split and n > 1:
        comm = n * 50e-6  # hand-over of the hidden state between GPUs
    return DecodeStep(linear_s=max(linear_mem, linear_compute), comm_s=comm,
                      overhead_s=s.step_overhead_ms * 1e-3, bw_bytes_s=bw,
                      attn_flops_s=attn_peak * s.eta_attention, tp=tp,
                      linear_mem_s=linear_mem, linear_compute_s=linear_compute)


def decode_step_at(fixed: DecodeStep, attn_flops_per_token: float, batch: int, context: int,
                   kv_seq_bytes: float) -> float:
    """Seconds for one decode step from its fixed parts plus the KV cache at ``context``
    tokens. ``attn_flops_per_token``: 4 x softmax layers x query width
    (:func:`decode_step_s`);
    ``kv_seq_bytes``: one sequence's KV bytes on one GPU at that context (it depends on the
    tensor-parallel degree, not on the GPU)."""
    kv_read = batch * kv_seq_bytes / fixed.bw_bytes_s
    attn_compute = attn_flops_per_token * context * batch / fixed.attn_flops_s
    return fixed.linear_s + max(kv_read, attn_compute) + fixed.comm_s + fixed.overhead_s


def decode_step_s(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU,
                  n: int, batch: int, context: int, perf: PerfTables | None = None,
                  cost: StepCost | None = None) -> tuple[float, str]:
    """Seconds for one decode step of ``batch`` sequences at ``context`` tokens (``perf``
    and ``cost``: see :func:`decode_step_fixed`)."""
    a = model.arch
    assert a is not None
    fixed = decode_step_fixed(model, p, engine, gpu, n, batch, perf=perf, cost=cost)
    kv_read = batch * seq_cache_bytes(a, context, kv.bytes_per_element, fixed.tp) / fixed.bw_bytes_s
    # The weight matmuls and the attention over the KV cache are separate kernels: each is
    # bound by its own bytes or FLOPs, and they run one after the other. Only the softmax
    # layers attend to the context (a hybrid model's linear-attention layers read their fixed
    # state, in seq_cache_bytes).
    attn_compute = 4.0 * a.kv_layers * a.q_width * context * batch / fixed.attn_flops_s
    step = fixed.linear_s + max(kv_read, attn_compute) + fixed.comm_s + fixed.overhead_s
    memory_bound = fixed.linear_mem_s + kv_read >= fixed.linear_compute_s + attn_compute
    return step, ("memory" if memory_bound else "compute")


def weight_bits_breakdown(model: SizedModel, p: Precision) -> dict[str, float]:
    b = model.breakdown
    if b is None:
        return {"embedding_lm_head": 0.0}
    head_bits = p.bits_lm_head if p.scope == "all" or p.gguf else 16.0
    # only the LM head is read per step (the embedding is a row lookup)
    return {"embedding_lm_head": (b.lm_head or b.embedding) * head_bits / 8}


def decode_tokens_per_s(model: SizedModel, p: Precision, kv: KVType, engine: Engine,
                        gpu: GPU, n: int, batch: int = 1, context: int = 1024,
                        perf: PerfTables | None = None) -> float:
    """One sequence's decode speed (``perf``: see :func:`decode_step_fixed`)."""
    step, _ = decode_step_s(model, p, kv, engine, gpu, n, batch, context,
                            perf if engine.split == "tensor" else None)
    return 1.0 / step


def prefill_s(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int, tokens: int,
              batch: int = 1, perf: PerfTables | None = None) -> float:
    """Seconds to process ``batch`` prompts of ``tokens``: linear layers plus causal attention
    (with ``perf``, a FlashAttention engine's attention at its measured speed for this
    length)."""
    compute, read, link = _prefill_parts(model, p, engine, gpu, n, tokens, batch, perf)
    # the weights must be read at least once
    t = max(compute, read)
    if link:
        t += link
    return t


def prefill_bound(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int,
                  tokens: int, perf: PerfTables | None = None) -> tuple[str, str]:
    """(bound, why) of processing one prompt of ``tokens`` where nothing is decoded after it
    (the answer's ``bound`` then describes the prefill, not a decode step): compute where
    its matmul and attention FLOPs (:func:`prefill_s`'s terms) take longer than reading the
    weights once per chunk of the engine's step budget (``max_num_batched_tokens``: vLLM's
    chunked prefill, SGLang's chunked_prefill_size, TensorRT-LLM's max_num_tokens), else
    memory. The FLOPs per weight byte of a chunk are about 2 x its tokens / bytes per
    weight, so only prompts of a few hundred tokens or less read more than they compute."""
    tokens = max(1, tokens)
    compute, read, _ = _prefill_parts(model, p, engine, gpu, n, tokens, 1, perf)
    chunks = math.ceil(tokens / max(1, engine.speed.max_num_batched_tokens))
    reads = read * chunks
    bound = "compute" if compute >= reads else "memory"
    return bound, (f"{bound}: the matmul and attention FLOPs of the prompt's {tokens:,} tokens "
                   f"take {sig3(compute / reads)} x the time of reading the weights, once per "
                   f"chunk of at most {engine.speed.max_num_batched_tokens:,} tokens ({chunks} "
                   f"chunk{'s' if chunks > 1 else ''}); nothing is decoded, so no decode step "
                   "bounds it")


def _prefill_parts(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int,
                   tokens: int, batch: int, perf: PerfTables | None
                   ) -> tuple[float, float, float]:
    """(compute, one read of the weights, tensor-parallel all-reduces) seconds of
    :func:`prefill_s`."""
    a = model.arch
    assert a is not None
    s = engine.speed
    peak = achievable_tflops(gpu, p, engine) * 1e12
    tp = 1 if engine.split == "layer" else n
    attn_peak = achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12
    if perf is not None and s.flash_attention:
        attn_peak *= attention_share(perf, gpu, tokens)
    # an embedding model's pass multiplies its layers' matrices; its vocabulary table is a
    # lookup and it has no LM head (bge-m3's 250,002 x 1,024 table is 45 % of its 568 M
    # parameters: counted as FLOPs it was timed 1.6 x slower than bge-large, whose layers are
    # the same; buyer audit 28a #6). A generating model's prefill keeps its whole count.
    pb = model.breakdown if model.task == "embed" else None
    linear = 2.0 * (pb.linear if pb is not None else model.active_params) * tokens * batch
    # causal attention: 2 x width x T^2 per softmax layer; a windowed layer's query attends
    # to at most W tokens, 2 x width x (2TW - W^2) past the window; a hybrid model's
    # linear-attention layers are linear in T, counted with the weights
    # (:func:`attention_flops_per_pair`)
    t2 = float(tokens) ** 2
    w = float(a.sliding_window or 0)
    slid = (2.0 * tokens * w - w * w) if w and tokens > w else t2
    per_layer = attention_flops_per_pair(a) / a.kv_layers / 2 if a.kv_layers else 0.0
    attn = per_layer * batch * ((a.kv_layers - a.n_sliding) * t2 + a.n_sliding * slid)
    t = linear / (peak * s.eta_compute * tp) + attn / (attn_peak * s.eta_attention * tp)
    read = weight_bytes(model, p) / tp / _effective_bw(gpu, s)
    comm = 0.0
    if tp > 1:
        link = gpu.link if gpu.link in LINK_LATENCY_US else "pcie"
        link_bw = (gpu.link_gb_s or (64.0 if link == "pcie" else 300.0)) * 1e9 / 2
        comm = a.num_layers * 2 * (tokens * batch * a.hidden_size * 2 * (tp - 1) / tp) / link_bw
    return t, read, comm


def saturated(lm: LoadModel, batch: int | None = None) -> tuple[float, int, float]:
    """(output tokens/s, concurrency, requests/s) of a load model with as many users as it
    admits (``batch``: that many)."""
    at = lm.at(batch)
    return at.requests_per_s * lm.osl, at.running, at.requests_per_s


def serving(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, n: int,
            input_tokens: int, output_tokens: int, batch: int | None = None,
            max_batch: int | None = None, perf: PerfTables | None = None, pp: int = 1,
            lora_adapters: int = 0, lora_rank: int = 16) -> tuple[float, int, float]:
    """Saturated serving: (output tokens/s, concurrency, requests/s) for the whole setup.

    A tensor-split engine (vLLM, SGLang, TensorRT-LLM): the continuous-batching model of
    :func:`under_load` with as many users as it admits (``batch``: that many). Otherwise
    (llama.cpp): the batch is the largest whose KV cache fits (capped by the engine's
    max_num_seqs); a cycle is the prefill of every prompt (compute-bound) plus
    ``output_tokens`` decode steps at the average context. ``max_batch``: that largest
    batch, where the caller already has it.
    ``pp``: pipeline stages of ``n`` GPUs each holding the model (the memory, hence the batch,
    is theirs; the time is the tensor group's reading all the weights: each token passes every
    stage in turn)."""
    s = engine.speed
    out = max(1, output_tokens)
    if engine.split == "tensor" and model.arch is not None and model.task != "embed":
        # one model for the maximum and for every load (so the maximum does not depend on
        # the load asked about, and no load the setup carries exceeds it)
        lm = load_model(model, p, kv, engine, gpu, n, input_tokens, out, perf, pp,
                        lora_adapters=lora_adapters, lora_rank=lora_rank)
        if lm is None:
            return 0.0, 0, 0.0
        return saturated(lm, batch)
    if max_batch is None:
        plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=n,
                             batch=1, context=input_tokens + out, pp=pp,
                             lora_adapters=lora_adapters, lora_rank=lora_rank)
        max_batch = plan.max_batch(gpu)
    cap = max_batch
    if cap == 0:
        return 0.0, 0, 0.0
    b = min(cap, s.max_num_seqs) if batch is None else min(batch, cap)
    avg_ctx = input_tokens + out // 2
    t_pre = (prefill_s(model, p, engine, gpu, n, input_tokens, b, perf) if input_tokens
             else 0.0)
    step, _ = decode_step_s(model, p, kv, engine, gpu, n, b, avg_ctx)
    cycle = t_pre + out * step
    return b * out / cycle, b, b / cycle


def layer_split_load(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU,
                     n: int, input_tokens: int, output_tokens: int, context: int, users: int,
                     cap: int | None = None) -> Load:
    """Means at a closed loop of ``users`` on an engine that splits whole layers (llama.cpp's
    llama-server: a slot per running request, the slots' prompts processed between decode
    steps), for sizing and the recommendations alike. At most ``cap`` run at once (the
    slots memory holds; None: all), the rest wait in the queue.

    A user's cycle is its own prompt's prefill, the others' prompts (each stalls the decodes
    while it runs) and ``output_tokens`` decode steps of the running batch at ``context``
    tokens: requests/s = running / (running x prefill + output_tokens x step). A new prompt
    shares the prefill with those that arrived with it, first come first served: a closed
    loop's requests come in bursts of about BURST_SIZE x sqrt(running) (those that started
    together end together, as :mod:`serving` counts them), so its first token waits on average
    for half the burst's prompts besides its own; the rest of the others' prompts stall its
    decodes (time per output token). One output token: the whole cycle is the wait for it."""
    running = max(1, min(users, cap) if cap else users)
    osl = max(1, output_tokens)
    pre = prefill_s(model, p, engine, gpu, n, input_tokens, 1)
    step, _ = decode_step_s(model, p, kv, engine, gpu, n, running, context)
    cycle = running * pre + osl * step
    x = running / cycle
    burst = max(1.0, min(float(running), BURST_SIZE * math.sqrt(running)))
    if osl > 1:
        ttft = pre * (burst + 1) / 2 + step
        tpot = (cycle - ttft) / (osl - 1)
    else:
        ttft, tpot = cycle, step
    if users > running:
        ttft += (users - running) / x  # queued for a free slot
    return Load(ttft_s=ttft, tpot_s=tpot, requests_per_s=x, running=running,
                prefill_share=running * pre / cycle, saturated=False)


def users_for_rate(requests_per_s_at: Callable[[int], float], rate: float, most: int) -> int:
    """The fewest users of a closed loop (:func:`layer_split_load`) whose requests/s reach
    ``rate``: the open loop's load on an engine timed that way (doubled, then halved down to
    the fewest); ``most`` when even that many do not (the rate is over capacity)."""
    most = max(1, most)
    u = 1
    while u < most and requests_per_s_at(u) < rate:
        u = min(most, u * 2)
    if requests_per_s_at(u) < rate:
        return most
    lo = u // 2  # below rate (or 0)
    while u - lo > 1:
        mid = (lo + u) // 2
        if requests_per_s_at(mid) >= rate:
            u = mid
        else:
            lo = mid
    return u


FULL_MFU_ONE_NODE = 0.40
"""Share of the dense bf16 peak in useful FLOPs a full training step runs at on one node
(:func:`training_speed`): within the 0.38-0.43 BF16 MFU of Llama 3 405B's pre-training on
8,192-16,384 H100 (arXiv 2407.21783, table 4: 430, 400 and 380 TFLOPS per GPU of the 989
dense peak), a well-tuned large run, and the 35-50 % the knowledge passage mfu-explained gives
for such runs."""
LORA_MFU = 0.55
"""LoRA and QLoRA (before :data:`QLORA_DEQUANT_FACTOR`): torchtune's published runs exceed it
(catalog/calibration.csv h149, LoRA Llama 3.1 70B on 8 x A100: 0.59)."""
QLORA_DEQUANT_FACTOR = 0.85
MULTI_NODE_MFU_FACTOR = 0.875
"""The share of its one-node MFU a GPU keeps past one node where the collectives between the
nodes are not timed (no collective model given, or none for the GPU): 0.35 full, 0.48 LoRA
against 0.40 / 0.55, the low end of SIZING_NOTES' "MFU 0.35-0.5 for well-tuned large runs".
Where they are timed (the data-parallel sync, the tensor-parallel all-reduces, the pipeline
bubble and its sends between nodes), the compute runs at the one-node share and the timed
costs come on top: applying both counted the network twice, Llama 3.1 405B on 4,096 H100
at 26 % MFU where Llama 3's 405B run measured 38-43 % BF16 MFU on 8,192-16,384 H100 (Llama
3 Herd of Models, arXiv 2407.21783, Table 4: 430 / 400 / 380 TFLOPs per GPU) (buyer audit
29b #8)."""
CPU_OFFLOAD_MFU_FACTOR = 0.5
"""The share of its MFU a training step keeps with CPU offload (DeepSpeed ZeRO-Offload: the
optimizer step on the CPU, the gradients and the updated weights over PCIe): an assumption,
not a measurement, and the ask answers say it is one ("an assumption, not a measurement").
The one published comparison, the ZeRO-Offload paper (Ren et al. 2021, arXiv 2101.06840,
abstract: "40 TFlops/GPU on a single NVIDIA V100 GPU for 10B parameter model compared to
30TF using PyTorch alone for a 1.4B parameter model"), times other model sizes at the large
batches that hide the CPU's Adam step, not the same run with and without offload at the
micro-batch of 1 a small GPU holds, so no figure of it is taken here (buyer audit 24a)."""

MOE_EXPERT_EFFICIENCY = 0.015
"""Share of the model's MFU at which the routed experts' FLOPs run in training (an MoE with
more than :data:`MOE_LOOP_MIN_EXPERTS` experts), the rest of the model (attention, shared
experts, dense layers) at the model's own: measured runs of the data-parallel stack this
plan models (Hugging Face transformers with DeepSpeed ZeRO-3 / FSDP, TRL, PEFT), where the
experts run one small GEMM each over the few tokens routed to them (transformers PR #40016,
"naive for loops for MoE models resulting in sub 20% downstream MFU for training with trl"
above 8 experts). Fitted to: QwenLM/Qwen3 issue #736, 8 x H100, ZeRO-3, LoRA, batch 1:
Qwen2-57B-A14B 0.21 samples/s against 1.178 for Qwen2-72B (5.6x slower; 0.015 gives 5.6x
against this service's Qwen2.5-72B), and huggingface/trl PR #6869, Qwen3-30B-A3B full
fine-tuning on 8 x H100 with expert parallelism, 0.9 s a step of one 2,048-token sequence
per expert-parallel group (~2.3k tokens/s; ~18k read as 8 sequences; 0.015 gives ~3.2k under
ZeRO-3). Engines with grouped
expert GEMMs and expert parallelism run faster (Pai-Megatron-Patch issue #643: Qwen3-30B-A3B
on H800 under Megatron-Core, ~6,300 tokens/s per GPU, "MFU under 20%" in its thread): not
modelled, the plan being ZeRO / FSDP data parallel. An estimate within ~1.5x of those runs,
neither bound. Not applied to pre-training (``TrainingPlan.pretrain``), whose stacks group the
expert GEMMs (DeepSeek-V3's published H800 GPU-hours sit near the dense MFU)."""
MOE_LOOP_MIN_EXPERTS = 9
"""transformers PR #40016 names the per-expert loop a bottleneck "for models with > 8
experts"; with 8 or fewer (Mixtral) each expert's GEMM gets a quarter or more of the tokens
and no factor is applied (no measured run to fit one)."""


class TrainingSpeed(msgspec.Struct, frozen=True, kw_only=True):
    """One training step of a data-parallel plan: its compute, its communication and how
    they were counted (the answer's assumptions say both)."""

    tokens_per_s: float
    """Over all the GPUs."""
    mfu: float
    """Share of the dense bf16 peak in useful FLOPs while computing."""
    rule: str
    """The FLOPs per token rule."""
    compute_s: float
    """One micro-batch (micro_batch x seq tokens) on one GPU."""
    comm_s: float | None
    """The collectives of one step on one GPU; None: not timed."""
    comm: str
    """How the communication was counted, or why it was not ("" with one GPU)."""
    bound: str
    """``compute`` or ``communication``: what the step waits for."""
    moe: str = ""
    """How the routed experts' efficiency was counted ("" for a dense model)."""
    pipeline_send_s: float = 0.0
    """Seconds of one step spent sending activations and their gradients between pipeline
    stages on different nodes (:func:`pipeline_p2p_s` per 1F1B slot, times the slots); 0
    where no stage boundary crosses a node. Part of the step's time, beside ``comm_s``."""


def causal_attention_flops(a: Architecture, seq: int) -> float:
    """Forward attention FLOPs per token of a causal ``seq``-token sequence, over the layers:
    a query attends to s/2 tokens on average (FlashAttention skips the masked blocks), a
    sliding-window layer's to at most the window, a hybrid model's linear-attention layers to
    none (the rule of :func:`prefill_s`)."""
    t2 = float(seq) ** 2
    w = float(a.sliding_window or 0)
    slid = (2.0 * seq * w - w * w) if w and seq > w else t2
    per_layer = attention_flops_per_pair(a) / a.kv_layers / 2 if a.kv_layers else 0.0
    return per_layer * ((a.kv_layers - a.n_sliding) * t2 + a.n_sliding * slid) / max(seq, 1)


def _gather_s(perf: PerfTables, gpu: GPU, n: int, stride: int = 1
              ) -> tuple[Callable[[float], float], str, CommModel]:
    """Seconds of an all-gather (or a reduce-scatter: the same bytes per GPU, (n-1)/n of the
    message on a ring; nccl-tests doc/PERFORMANCE.md) over ``n`` GPUs against the message
    bytes: the all-gather model itself, measured where :func:`comm_model` trusts the curve
    (it checks a PCIe server's curve against the all-gather's datasheet model:
    aiconfigurator's L40S server routes 4 and 8 GPUs through the host), else the datasheet
    model at the all-gather's ring volume."""
    gather = comm_model(perf, gpu, "all_gather", n, stride)
    return gather.seconds, gather.source, gather


INTER_NODE_GB_S_PER_GPU = 50.0
"""Assumed network between training nodes, per GPU and per direction: 400 Gb/s (50 GB/s), one
400 Gb/s NIC per GPU, the fast fabric the multi-node recommendations require. Sources: the
DGX H100 user guide (eight ConnectX-7 ports, one per GPU, section 1.2.3 "Network Modules"),
Google A3 Ultra ("eight NVIDIA ConnectX-7 (CX7) NICs ... 3,200 Gbps ... for GPU to GPU
communication", cloud.google.com/compute/docs/gpus/gpu-network-bandwidth), AWS P5 (3,200 Gbps
EFA per 8 GPUs, docs.aws.amazon.com/AWSEC2/latest/UserGuide/p5-efa.html), Azure ND H100 v5
(400 Gb/s InfiniBand per GPU): catalog/sources/node_network.toml and
shared/reference/provider_policies/providers.csv. The line rate, so a best case: NCCL's bus
bandwidth between nodes is below it, and a slower fabric (100-200 Gb/s per node) is several
times slower. No GPU in catalog/gpus.toml carries a network field: one value for all."""



def inter_node_gb_s(plan: TrainingPlan) -> float:
    """The network between ``plan``'s nodes, GB/s per GPU and direction: the one stated
    (``TrainingPlan.inter_node_gb_s``), else :data:`INTER_NODE_GB_S_PER_GPU`."""
    return plan.inter_node_gb_s or INTER_NODE_GB_S_PER_GPU


ZERO_LABELS = {0: "DDP", 1: "ZeRO-1", 2: "ZeRO-2"}
"""Data-parallel layouts by ZeRO stage, named as the recommendations name them (3 and up:
ZeRO-3/FSDP)."""


def _training_comm(plan: TrainingPlan, gpu: GPU, perf: PerfTables | None
                   ) -> tuple[float | None, str]:
    """Seconds of one optimizer step's collectives on one GPU, and what they are (None: not
    timed). DDP, ZeRO-1 and ZeRO-2 reduce the trainable parameters' gradients once a step
    (an all-reduce, or a reduce-scatter and an all-gather of as many bytes); ZeRO-3 / FSDP
    also all-gathers the sharded weights twice a micro-batch (forward and backward), the
    frozen base of LoRA and QLoRA included (in its own precision), and reduce-scatters the
    gradients. One micro-batch per optimizer step: a request has no gradient accumulation,
    which would spread the gradient reduction over its micro-batches."""
    n = plan.dp
    if n <= 1:
        return 0.0, ""
    if perf is None:
        return None, ("the communication between the GPUs is not timed (no collective "
                      "model given): data parallel counted as scaling perfectly")
    # the data-parallel group: Megatron-LM's rank order puts the tensor-parallel GPUs
    # innermost, then the data-parallel ones, so a group spans nodes once tp x dp passes one
    per_node = node_of(plan)
    g = min(n, max(1, per_node // plan.tp))
    k = n if plan.tp * n > per_node else 1
    stage = plan.zero_stage or 0
    share = plan.model_share()
    trainable = plan.trainable() * share
    # gradients in bf16, as the memory model keeps them (OPTIMIZER_BYTES)
    grads = trainable * OPTIMIZER_BYTES[plan.optimizer][1]
    label = ZERO_LABELS.get(stage, "ZeRO-3/FSDP")
    net_gb_s = inter_node_gb_s(plan)

    def across(message: float, passes: float) -> float:
        # a ring over the k GPUs of the group spanning nodes: each GPU's NIC carries
        # (k-1)/k of the message per pass (all-gather, reduce-scatter: 1; all-reduce: 2)
        return passes * (k - 1) / k * message / (net_gb_s * 1e9) if k > 1 else 0.0

    if stage >= 3:
        gather_in, source, coll = _gather_s(perf, gpu, g, plan.tp)

        def gather(message: float) -> float:
            return max(gather_in(message), across(message, 1.0))

        weights = weight_bytes(plan.model, plan.precision) * share
        if plan.method != "full":
            weights += trainable * 2  # the bf16 adapters beside the frozen base
        secs = 2 * gather(weights) + gather(grads)
        what = (f"2 all-gathers of the {weights / 1e9:.3g} GB of weights (forward and "
                f"backward) + 1 reduce-scatter of the {grads / 1e9:.3g} GB of gradients "
                "(the same bytes per GPU as an all-gather)")
    else:
        # the data-parallel GPUs of a node are strided by the tensor-parallel size
        coll = comm_model(perf, gpu, "all_reduce", g, plan.tp)
        source = coll.source
        secs = max(coll.seconds(grads), across(grads, 2.0))
        what = (f"1 all-reduce of the {grads / 1e9:.3g} GB of gradients"
                + (" (a reduce-scatter and an all-gather: the same bytes)" if stage else ""))
    if coll.curve is None and gpu.link_gb_s is None:
        return None, (f"the communication between the GPUs is not timed: no measured "
                      f"collective curve for {gpu.name} and no link bandwidth in its "
                      "datasheet; data parallel counted as scaling perfectly")
    node = (f"; the group spans nodes: each collective takes the slower of that and a ring "
            f"over the {k} GPUs between the nodes at {net_gb_s:.3g} GB/s per GPU "
            f"((k-1)/k of the message per GPU and pass: {secs:.3g} s a step)" if k > 1 else "")
    of = (f" (each GPU's 1/{plan.tp * plan.pp} share of the model: tensor {plan.tp} x "
          f"pipeline {plan.pp})" if plan.tp * plan.pp > 1 else "")
    steps = ("one micro-batch per optimizer step (no gradient accumulation)"
             if plan.micro_batches == 1 else
             f"{plan.micro_batches} micro-batches per optimizer step, the gradients reduced "
             "once a step")
    return secs, (f"{label} over {n if k > 1 else g} GPUs{of}: per step {what}; priced by "
                  f"{source} within a node{node}; "
                  "step time = max(compute, communication): frameworks overlap them "
                  "(bucketed gradient reduction during the backward, FSDP prefetching the "
                  f"next layer's weights); {steps}")


def active_lora_params(plan: TrainingPlan) -> float:
    """LoRA adapter parameters a token passes through (:func:`memory.lora_params` of the
    plan's rank and targets): an MoE's MLP adapters sit on every expert
    (``lora_params``), a token runs those of its routed and shared experts only."""
    a = plan.model.arch
    if a is None:
        return 0.0
    total = float(lora_params(a, plan.rank, plan.targets))
    if not a.is_moe:
        return total
    mlp = [t for t in plan.targets if t in ("gate_proj", "up_proj", "down_proj")]
    n = a.num_experts + a.num_shared_experts
    experts = float(a.moe_layers * n * plan.rank * len(mlp) * (a.expert_ffn + a.hidden_size))
    share = (a.num_experts_per_token + a.num_shared_experts) / n
    return total - experts * (1 - share)


def routed_expert_params(plan: TrainingPlan) -> float:
    """Weights of the routed experts a token passes through (its top-k experts' MLPs over
    the MoE layers; shared experts excluded, they run as a dense MLP): 0 for a dense model,
    one with at most 8 experts (:data:`MOE_LOOP_MIN_EXPERTS`), or pre-training, whose stacks
    run grouped expert GEMMs with expert parallelism (DeepSeek-V3's 2.664M H800 GPU-hours,
    arXiv 2412.19437, is near the dense MFU)."""
    a = plan.model.arch
    if a is None or not a.is_moe or a.num_experts < MOE_LOOP_MIN_EXPERTS or plan.pretrain:
        return 0.0
    mats = 3 if a.mlp_type == "gated" else 2
    return float(a.moe_layers * a.num_experts_per_token * mats * a.hidden_size * a.expert_ffn)


def training_speed(plan: TrainingPlan, gpu: GPU, perf: PerfTables | None) -> TrainingSpeed:
    """A training or fine-tuning step over all the GPUs: the FLOPs of the linear layers and
    of causal attention at the plan's sequence length, at a share of the dense peak, against
    the data-parallel collectives of one step priced by the collective model (``perf``: the
    measured curves; None: communication not timed)."""
    model = plan.model
    n_active = model.active_params
    if plan.method == "full":
        mult = 8.0 if plan.checkpointing else 6.0
        rule = f"{mult:g}·N·D"
        lora = ""
    else:
        # frozen base: forward 2N, backward through activations 2N, no weight gradients
        mult = 6.0 if plan.checkpointing else 4.0
        rule = f"{mult:g}·N·D"
        lora = (" (LoRA: no weight gradients for the frozen base; attention has no weights, "
                "its backward is paid in full)")
    # the adapters themselves are trained: forward 2, backward 4 (activation and weight
    # gradients) FLOPs per adapter parameter and token, the 6·N of Kaplan et al. 2020
    # (arXiv 2001.08361, section 2.1), plus the recompute's 2 with checkpointing. Small at
    # rank 16 (Llama-3.1-8B on q/k/v/o/gate/up/down: 42M adapter parameters, 6 x 42M = 0.8 %
    # of its 4·N), not at high ranks (rank 256 on the same: 671M, 12.5 % of 4·N)
    lora_n = active_lora_params(plan) if plan.method != "full" else 0.0
    lmult = 8.0 if plan.checkpointing else 6.0
    if lora_n:
        rule += f" + {lmult:g}·N_LoRA·D (N_LoRA = {lora_n / 1e6:.3g}M adapter parameters a token)"
    # causal attention has no weights: forward, backward 2x forward (activation gradients,
    # LoRA's too), the recompute of checkpointing once more (the 12·L·H·Q·T of PaLM's MFU,
    # Chowdhery et al. 2022, App. B, is this 3x forward without the causal halving)
    a = model.arch
    amult = 4.0 if plan.checkpointing else 3.0
    attn = causal_attention_flops(a, plan.seq) if a is not None else 0.0
    if a is not None:
        window = (f", sliding-window layers at most {a.sliding_window:,} tokens"
                  if a.sliding_window else "")
        rule += (f" + {amult:g}·A·(s/2)·D{lora}: causal attention over s = {plan.seq:,} "
                 f"tokens, A = {attention_flops_per_pair(a):.3g} FLOPs per query per context "
                 f"token over the layers, s/2 context on average (causal mask){window}, "
                 f"x{amult:g} for forward + backward"
                 + (" + recompute" if plan.checkpointing else ""))
    else:
        rule += f"{lora}; attention FLOPs not counted (no architecture)"
    # share of the dense peak in useful FLOPs (the rule's multiplier counts the recompute of
    # checkpointing): full training 0.40; LoRA and QLoRA 0.55, which torchtune's published
    # runs exceed (catalog/calibration.csv: h149 LoRA 70B on 8 x A100 3,497 tokens/s = 0.59,
    # h147 QLoRA 8B on an RTX 4090 2,413 tokens/s = 0.70, both checkpointed and compiled);
    # QLoRA x 0.85 for dequantizing NF4 in every matmul where it is not fused (bitsandbytes).
    # Past one node the multi-node share (MULTI_NODE_MFU_FACTOR) stands for the collectives
    # between the nodes only where they are not timed; where they are (_training_comm, and
    # _model_parallel_step's tensor-parallel all-reduces, pipeline bubble and sends), the GPU
    # computes at the one-node share, so the network is not counted twice (buyer audit 29b #8)
    # one node: 8 GPUs, or the GPUs of one machine joined all to all (layout.machine_node)
    comm_s, comm = _training_comm(plan, gpu, perf)
    one_node = plan.gpus <= node_of(plan)
    timed = perf is not None and comm_s is not None
    mfu = FULL_MFU_ONE_NODE if plan.method == "full" else LORA_MFU
    if not one_node and not timed:
        mfu *= MULTI_NODE_MFU_FACTOR
    if plan.method == "qlora":
        mfu *= QLORA_DEQUANT_FACTOR
    if plan.cpu_offload:
        mfu *= CPU_OFFLOAD_MFU_FACTOR
    # a GPU whose training was measured against an NVIDIA reference on the same benchmark
    # runs at that share of the model's MFU (efficiency.TRAINING_SHARE: MLPerf Training
    # v5.0 put MI300X at 0.80x H200 on Llama 2 70B LoRA, where its peak alone said 1.32x)
    measured = training_share(gpu)
    if measured is not None:
        mfu *= measured.factor
    peak = (gpu.tflops("bf16") or 1.0) * 1e12
    flops_token = mult * n_active + amult * attn + lmult * lora_n
    # an MoE's routed experts run at MOE_EXPERT_EFFICIENCY of the model's MFU, the rest at
    # the model's: the step's time is their sum, said as one MFU over all the FLOPs
    routed = mult * routed_expert_params(plan)
    moe = ""
    if routed:
        share = routed / flops_token
        dense_mfu = mfu
        mfu = mfu / (1 - share + share / MOE_EXPERT_EFFICIENCY)
        moe = (f"the routed experts' {share:.0%} of the FLOPs at {MOE_EXPERT_EFFICIENCY:g} of "
               f"the model's MFU {dense_mfu:.2f} (one GEMM per expert over its routed tokens, "
               "as Hugging Face transformers / TRL / DeepSpeed run them; transformers PR "
               f"#40016), the rest at the model's: MFU {mfu:.3f} over the step. Fitted to "
               "QwenLM/Qwen3 issue #736 (8 x H100, ZeRO-3, LoRA: Qwen2-57B-A14B 5.6x slower "
               "per sample than Qwen2-72B) and huggingface/trl PR #6869 (Qwen3-30B-A3B full "
               "fine-tuning on 8 x H100: ~2.3k-18k tokens/s); an estimate within ~1.5x of "
               "those runs, neither bound; engines with grouped expert GEMMs and expert "
               "parallelism (Megatron-Core) run faster, not modelled")
    # a preference or RL objective: PPO's value model trained as the policy is, and a
    # forward pass (2·N, attention once) of each model scored against without gradients:
    # the reference (DPO, KTO, GRPO, PPO; with LoRA the base with the adapters off, still a
    # forward) and PPO's reward model (memory.REFERENCE_OBJECTIVES). The rollouts' generation
    # (GRPO, PPO) is not timed
    trained = trained_models(plan.objective)
    forwards = ((1 if plan.objective in REFERENCE_OBJECTIVES else 0)
                + (1 if plan.objective == "ppo" else 0))
    if trained > 1 or forwards:
        flops_token = flops_token * trained + forwards * (2.0 * n_active + attn)
        rule += (f"; {plan.objective}: x{trained} for the value model trained beside the "
                 f"policy" if trained > 1 else f"; {plan.objective}:")
        rule += (f" + {forwards} forward pass{'es' if forwards > 1 else ''} (2·N·D + A·(s/2)·D)"
                 " of the frozen reference" + (" and reward models" if forwards > 1 else "")
                 if forwards else "")
    tokens_gpu = plan.micro_batch * plan.seq
    compute_s = tokens_gpu * flops_token / (peak * mfu)
    step_tokens = float(plan.gpus * tokens_gpu)
    stepped = plan.tp * plan.pp > 1 or plan.micro_batches > 1
    send_s = 0.0
    if stepped:
        compute_s, step_tokens, model_par, send_s = _model_parallel_step(
            plan, gpu, perf, compute_s, tokens_gpu)
        comm = model_par + (f"; {comm}" if comm else "")
    if comm_s is not None and comm_s > compute_s:
        tokens_s = step_tokens / comm_s
        bound = "communication"
        comm += (f"; {comm_s:.3g} s of communication against {compute_s:.3g} s of compute "
                 f"a step: {compute_s / comm_s:.0%} of the compute-bound speed")
    elif stepped:
        tokens_s = step_tokens / compute_s
        bound = "compute"
    else:
        tokens_s = plan.gpus * peak * mfu / flops_token
        bound = "compute"
    return TrainingSpeed(tokens_per_s=tokens_s, mfu=mfu, rule=rule, compute_s=compute_s,
                         comm_s=comm_s, comm=comm, bound=bound, moe=moe,
                         pipeline_send_s=send_s)


TP_COLLECTIVES_PER_LAYER = 4
"""Tensor parallel: 2 all-reduces in the forward and 2 in the backward of a transformer layer
(Shoeybi et al. 2019, arXiv 1909.08053; HF accelerate's Megatron-LM guide: "2 all-reduces in
the forward path and 2 in the backward path"); sequence parallelism swaps each for an
all-gather and a reduce-scatter of the same bytes (Korthikanti et al. 2022); the recompute
of checkpointing runs the forward's 2 again."""


def pipeline_p2p_s(plan: TrainingPlan, act_bytes: float) -> tuple[float, str]:
    """Seconds a 1F1B slot waits on the network between pipeline stages on different nodes
    (one micro-batch's ``act_bytes`` of 16-bit hidden states sent forward and their
    gradients sent back), and how they were counted ("" where no stage boundary crosses a
    node).

    Megatron-LM's rank order puts tensor parallel innermost, then data parallel, the
    pipeline stage outermost: a node holds node / (tp x dp) consecutive stages, so once the
    plan spans nodes (tp x dp x pp over one node) some stage boundaries cross the network,
    and the slowest boundary paces every slot. The non-interleaved 1F1B schedule sends and
    receives between its forward and backward passes (send_forward_recv_backward,
    send_backward_recv_forward in megatron/core/pipeline_parallel/schedules.py): the
    transfers sit on the critical path, not overlapped (overlap_p2p_comm applies only to the
    interleaved schedule). With sequence parallelism each tensor-parallel GPU sends its
    seq / tp share (get_tensor_shapes: ``seq_length // tensor_model_parallel_world_size``).
    A boundary node's senders are the tp x dp GPUs of its last stage (activations out) and
    those of its first (gradients out), 2 x tp x dp GPUs but at most the node's: they share
    the node's network (``inter_node_gb_s`` x its GPUs), no one GPU faster than its own NIC
    (the assumed fabric's 400 Gb/s per GPU; a stated per-node network: the node's)."""
    tp, dp, pp = plan.tp, plan.dp, plan.pp
    node = node_of(plan)
    if pp <= 1 or tp * dp * pp <= node:
        return 0.0, ""
    per_gpu_gb_s = inter_node_gb_s(plan)
    node_gb_s = per_gpu_gb_s * node
    nic_gb_s = node_gb_s if plan.inter_node_gb_s else INTER_NODE_GB_S_PER_GPU
    senders = min(node, 2 * tp * dp)
    gb_s = min(nic_gb_s, node_gb_s / senders)
    sent = act_bytes / tp
    secs = 2 * sent / (gb_s * 1e9)
    return secs, (f"{secs * 1e3:.3g} ms a micro-batch sending its activations and their "
                  f"gradients between the stages on different nodes ({sent / 1e6:.3g} MB each "
                  f"way per GPU, its 1/{tp} share with sequence parallelism, at {gb_s:.3g} GB/s: "
                  f"{senders} GPUs of a node send at once over its {node_gb_s:.3g} GB/s; "
                  "1F1B waits on them, not overlapped)")


def _model_parallel_step(plan: TrainingPlan, gpu: GPU, perf: PerfTables | None,
                         micro_s: float, tokens_gpu: int) -> tuple[float, float, str, float]:
    """Compute seconds of one optimizer step on one GPU of a tensor x pipeline x data layout
    (or of data parallel accumulating ``plan.micro_batches``), the tokens of the step over all
    the GPUs, and how they were counted. A micro-batch's FLOPs split over the tp x pp GPUs of
    its replica, plus the tensor-parallel collectives of its layers (on the critical path,
    not overlapped) and, between pipeline stages on different nodes, its activations sent
    forward and their gradients back; 1F1B runs m micro-batches in m + p - 1 slots (the
    bubble (p-1)/m, Narayanan et al. 2021, arXiv 2104.04473, eq. 1). The last value is the
    step's seconds of pipeline sends between nodes (0 where none cross a node)."""
    a = plan.model.arch
    tp, pp, m = plan.tp, plan.pp, plan.micro_batches
    # the heaviest stage paces the pipeline: ceil(L/p) of the L layers
    stage = plan.stage_layers() / a.num_layers if a is not None and pp > 1 else 1.0 / pp
    work = micro_s * stage / tp
    h = a.hidden_size if a is not None else 0
    act = 2.0 * tokens_gpu * h  # one micro-batch's hidden states in 16-bit
    tp_s = 0.0
    bits = []
    if tp > 1 and perf is not None and a is not None:
        count = TP_COLLECTIVES_PER_LAYER + (2 if plan.checkpointing else 0)
        layers = float(plan.stage_layers() if pp > 1 else a.stack_layers)
        tp_s = count * layers * comm_model(perf, gpu, "all_reduce", tp).seconds(act)
        bits.append(f"tensor parallel {tp}: {count} all-reduces of {act / 1e6:.3g} MB per layer "
                    f"and micro-batch over {layers:g} layers, {tp_s * 1e3:.3g} ms a micro-batch")
    p2p_s, p2p = pipeline_p2p_s(plan, act)
    if pp > 1:
        bits.append(f"pipeline {pp}, 1F1B: {m} micro-batches in {m + pp - 1} slots (bubble "
                    f"(p-1)/m = {(pp - 1) / m:.1%})" + (f", {p2p}" if p2p else ""))
    slot = work + tp_s + p2p_s
    step_s = (m + pp - 1) * slot
    dp = plan.dp
    bits.insert(0, f"{m} micro-batch{'es' if m > 1 else ''} of {tokens_gpu:,} tokens per "
                f"data-parallel replica ({dp}) a step, {work:.3g} s of FLOPs each per GPU")
    return (step_s, float(dp * m * tokens_gpu), "; ".join(bits) + f": {step_s:.3g} s a step",
            (m + pp - 1) * p2p_s)


def training_tokens_per_s(plan: TrainingPlan, gpu: GPU, perf: PerfTables | None = None
                          ) -> tuple[float, float, str]:
    """(tokens/s, MFU, FLOPs rule) for a training or fine-tuning step over all GPUs
    (:func:`training_speed`; without ``perf`` the communication is not timed)."""
    t = training_speed(plan, gpu, perf)
    return t.tokens_per_s, t.mfu, t.rule


def diffusion_pipeline(model: SizedModel, p: Precision, gpu: GPU, width: int, height: int,
                       steps: int, batch: int, engine: Engine, frames: int | None = None
                       ) -> DiffusionTiming:
    """The pipeline in stages (text encoders, ``steps`` denoiser steps, VAE decode) for
    ``batch`` images on one GPU: :mod:`service.domain.sizing.diffusion_speed`."""
    peak16 = achievable_tflops(gpu, get_precision("fp16"), engine, quantized_kernels=False)
    # diffusers quantizes weights only (bitsandbytes, torchao, quanto): the matmuls run in
    # 16-bit; a compiled engine (TensorRT) runs FP8/INT8 at the precision's own rate
    peak = peak16 if engine.id == "diffusers" else achievable_tflops(gpu, p, engine)
    if (gpu.segment == "consumer" and gpu.vendor == "NVIDIA" and p.compute in ("fp16", "bf16")
            and is_unet(model) and not engine.speed.uses_fp16_accumulate):
        # GeForce and a UNet: twice the FP32-accumulate column, fitted (RTX 3090 and 4090
        # match V100 and A100 on SD 1.5 in the diffusers torch 2.0 tables, d009-d013), the
        # same in fp16 and bf16: PyTorch accumulates both in fp32 (cublasGemmEx with
        # CUDA_R_32F even with allow_fp16_reduced_precision_reduction, pytorch/pytorch#123157),
        # so it is not the FP16-accumulate rate; a DiT on GeForce runs at the column (FLUX
        # NF4 on an RTX 4090, h188)
        if peak == peak16:
            peak *= 2
        peak16 *= 2
    return diffusion_timing(
        model, width=width, height=height, steps=steps, batch=batch, engine=engine.id,
        peak_flops=peak * 1e12, peak16_flops=peak16 * 1e12,
        bandwidth=_effective_bw(gpu, engine.speed), denoiser_bits=p.bits_linear,
        frames=frames, architecture=gpu.architecture, precision=p.id, gpu=gpu.id)


def diffusion_step_s(model: SizedModel, p: Precision, gpu: GPU, width: int, height: int,
                     batch: int, engine: Engine) -> float:
    """Seconds of one denoising step for ``batch`` images (classifier-free guidance included)."""
    return diffusion_pipeline(model, p, gpu, width, height, 1, batch, engine).step_s


def diffusion_seconds_per_image(model: SizedModel, p: Precision, gpu: GPU, width: int,
                                height: int, steps: int, batch: int, engine: Engine) -> float:
    return diffusion_pipeline(model, p, gpu, width, height, steps, batch,
                              engine).seconds_per_image


def kernel_compute(gpu: GPU, p: Precision, engine: Engine) -> str:
    """The compute type the engine's matmul kernels run in on this GPU (FP8 weight-only on
    Ampere computes in FP16; an engine may force its own)."""
    compute = p.compute
    if p.native_compute_arch and gpu.architecture not in p.native_compute_arch:
        compute = "fp16"
    if compute == "fp8" and not gpu.supports_fp8:
        compute = "fp16"
    if engine.compute is not None:
        compute = engine.compute
    return compute


class LoadModel(msgspec.Struct, frozen=True, gc=False):
    """One setup's continuous-batching model: its step, admission cap and step token budget,
    built once and asked at any load (:meth:`at`)."""

    cost: StepCost
    cap: int
    """Sequences that may run at once (KV admission and max_num_seqs)."""
    budget: int
    isl: int
    osl: int
    seen: dict[tuple[int | None, float | None], Load] = msgspec.field(default_factory=dict)
    """Loads already asked (the layout search and the answer ask the same one): a model lives
    for one sizing call."""

    def at(self, concurrency: int | None, request_rate_per_s: float | None = None) -> Load:
        """The means at a closed loop of ``concurrency`` users (None or 0: as many as it
        admits) or an open loop at ``request_rate_per_s``."""
        key = (concurrency or None, request_rate_per_s)
        hit = self.seen.get(key)
        if hit is None:
            hit = self.seen[key] = serve(self.cost, self.isl, self.osl, concurrency or None,
                                         self.budget, self.cap, request_rate_per_s)
        return hit


PP_HOP_TENSORS = 2
"""Tensors of the hidden size a pipeline stage hands the next per token: vLLM's
``IntermediateTensors`` of hidden_states and residual (vllm/model_executor/models/llama.py,
``make_empty_intermediate_tensors_factory(["hidden_states", "residual"], ...)``)."""


def pipeline_hops(cost: StepCost, a: Architecture, gpu: GPU, tp: int, pp: int,
                  perf: PerfTables) -> StepCost:
    """``cost`` with the hand-over between ``pp`` pipeline stages of ``tp`` GPUs each timed
    (:meth:`StepCost._hop_s`): ranks are numbered tensor-innermost, so stage ``s`` starts at
    GPU ``s x tp`` and a boundary falling on a node's edge (:func:`layout.nvlink_domain`)
    crosses the network, at :data:`INTER_NODE_GB_S_PER_GPU` per GPU, the rest the GPUs' own
    link at half its bidirectional rate (as the tensor-parallel all-reduce datasheet model).
    vLLM's multi-node advice is exactly this layout: tensor parallel within a node, pipeline
    parallel across nodes (docs.vllm.ai/en/v0.8.3/serving/distributed_serving.html)."""
    if pp <= 1:
        return cost
    node = nvlink_domain(gpu)
    inter = sum(1 for s in range(1, pp) if (s * tp) % node == 0)
    link = gpu.link if gpu.link in LINK_LATENCY_US else "pcie"
    intra_bw = (gpu.link_gb_s or (64.0 if link == "pcie" else 300.0)) * 1e9 / 2
    return msgspec.structs.replace(
        cost, hop_bytes_token=PP_HOP_TENSORS * a.hidden_size * 2.0 / tp, hop_inter=inter,
        hop_intra=pp - 1 - inter, hop_inter_bw=INTER_NODE_GB_S_PER_GPU * 1e9,
        hop_intra_bw=intra_bw,
        hop_gather=comm_model(perf, gpu, "all_gather", tp) if tp > 1 else None)


LoadModels = dict[tuple[int, int], "LoadModel | None"]
"""One sizing call's load models by (tensor GPUs, pipeline stages): built once, asked by the
layout search and by the answer."""


def load_model(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, n: int,
               input_tokens: int, output_tokens: int, perf: PerfTables | None, pp: int = 1,
               *, lora_adapters: int = 0, lora_rank: int = 16) -> LoadModel | None:
    """The continuous-batching model of a setup (:mod:`serving`), or None when no sequence
    fits. ``pp``: pipeline stages of ``n`` GPUs (each GPU holds its stage's share of the
    layers and of every sequence's KV cache; the step is timed as the tensor group reading
    all the weights). ``lora_adapters`` of ``lora_rank`` served beside the model hold their
    weights on every GPU (:meth:`InferencePlan.per_gpu`): the KV admission gets what they
    leave, as the answer's memory counts them."""
    plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=n, batch=1,
                         context=input_tokens + max(1, output_tokens), pp=pp,
                         lora_adapters=lora_adapters, lora_rank=lora_rank)
    if model.arch is None:
        return None
    cap = admission(model.arch, kv, n, plan.stage_share, plan.kv_budget_gib(gpu) * 2**30,
                    engine, input_tokens, output_tokens)
    if cap <= 0:
        return None
    cost = step_cost(model, p, kv, engine, gpu, n, perf or EMPTY_PERF,
                     kernel_compute(gpu, p, engine),
                     achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12)
    cost = pipeline_hops(cost, model.arch, gpu, n, pp, perf or EMPTY_PERF)
    # the loads this model is asked share its step parts by step size (StepCost.memo)
    return LoadModel(cost=msgspec.structs.replace(cost, memo={}), cap=cap,
                     budget=engine.speed.max_num_batched_tokens, isl=input_tokens,
                     osl=output_tokens)


def shared_load_model(load_models: LoadModels | None, model: SizedModel, p: Precision,
                      kv: KVType, engine: Engine, gpu: GPU, n: int, input_tokens: int,
                      output_tokens: int, perf: PerfTables | None, pp: int = 1,
                      *, lora_adapters: int = 0, lora_rank: int = 16) -> LoadModel | None:
    """:func:`load_model`, built once per (tensor GPUs, pipeline stages) in ``load_models``
    (one sizing call's, for one set of LoRA adapters; None: not kept)."""
    if load_models is not None and (n, pp) in load_models:
        return load_models[(n, pp)]
    lm = load_model(model, p, kv, engine, gpu, n, input_tokens, output_tokens, perf, pp,
                    lora_adapters=lora_adapters, lora_rank=lora_rank)
    if load_models is not None:
        load_models[(n, pp)] = lm
    return lm


def under_load(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, n: int,
               input_tokens: int, output_tokens: int, concurrency: int,
               request_rate_per_s: float | None, perf: PerfTables | None, pp: int = 1,
               *, lora_adapters: int = 0, lora_rank: int = 16
               ) -> tuple[Load, StepCost] | None:
    """(the means at the load, the step model) of :func:`load_model`, or None when no
    sequence fits."""
    lm = load_model(model, p, kv, engine, gpu, n, input_tokens, output_tokens, perf, pp,
                    lora_adapters=lora_adapters, lora_rank=lora_rank)
    if lm is None:
        return None
    return lm.at(concurrency, request_rate_per_s), lm.cost


def _audio_timing(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, batch: int,
                  steps: int | None = None) -> AudioTiming | None:
    """:func:`audio_speed.audio_timing` on this GPU: transformers runs quantized weights
    dequantized (bitsandbytes) with 16-bit matmuls; a compiled engine at the precision's own
    rate. ``steps``: a latent audio diffusion model's sampling steps (None: its default)."""
    quantized = engine.id != "transformers"
    flops = achievable_tflops(gpu, p if quantized else get_precision("fp16"), engine,
                              quantized_kernels=quantized) * 1e12
    return audio_timing(model, p, engine.speed, engine.id, _effective_bw(gpu, engine.speed),
                        flops, batch, steps=steps, gpu_id=gpu.id,
                        architecture=gpu.architecture)


def _layer_split_performance(base: Performance, model: SizedModel, p: Precision, kv: KVType,
                             engine: Engine, gpu: GPU, n: int, req: SizingRequest, note: Note,
                             cap: int) -> Performance:
    """``base`` with the means at the request's load on an engine that splits layers
    (:func:`layer_split_load`, the recommendations' model): a closed loop of ``batch_size``
    users, or the open loop at ``request_rate_per_s`` timed as the fewest users whose closed
    loop carries it; ``cap``: the slots memory holds (more users wait in the queue)."""
    osl = max(1, req.output_tokens)
    seen: dict[int, Load] = {}

    def at(users: int) -> Load:
        hit = seen.get(users)
        if hit is None:
            hit = seen[users] = layer_split_load(model, p, kv, engine, gpu, n,
                                                 req.input_tokens, osl,
                                                 req.input_tokens + osl, users, cap)
        return hit

    rate = req.request_rate_per_s
    if rate is None:
        got = at(req.batch_size)
        load = f"closed loop, {req.batch_size} concurrent requests"
        served, ttft = got.requests_per_s, got.ttft_s * 1000
    else:
        users = users_for_rate(lambda u: at(u).requests_per_s, rate, cap)
        got = at(users)
        load = f"open loop, {plain(rate)} requests/s"
        if got.requests_per_s < rate:
            note("overloaded", f"{plain(rate)} requests/s",
                 f"above what this setup serves ({sig3(got.requests_per_s)} requests/s with all "
                 f"{cap} slots busy): the queue grows without bound, so no TTFT is given; "
                 "figures are at capacity")
            served, ttft = got.requests_per_s, None
        else:
            served, ttft = rate, got.ttft_s * 1000
    note("serving_model", load,
         f"{engine.id} slots (at most {cap} requests at once, the rest queued): a user's cycle "
         "is its prompt's prefill, the other running requests' prompts (each stalls the "
         f"decodes) and {osl} decode steps of the running batch; a new prompt waits for those "
         "that arrived with it (about 1.1 x sqrt(running)), first come first served"
         + (f"; the open loop is timed as the fewest users whose loop carries "
            f"{plain(rate)} requests/s ({got.running})" if rate is not None else ""))
    most = base.max_requests_per_s or 0.0
    if served > most:
        # the saturated cycle (every prompt batched, then the decodes) can fall below the
        # loop at the stated load: the most the setup serves is never less than that
        base = msgspec.structs.replace(base, max_requests_per_s=served,
                                       max_throughput_tokens_per_s=served * osl)
    return msgspec.structs.replace(
        base, time_to_first_token_ms=ttft,
        time_per_output_token_ms=got.tpot_s * 1000 if osl > 1 else None,
        output_tokens_per_s_per_user=1.0 / got.tpot_s if osl > 1 else None,
        output_tokens_per_s=served * osl, requests_per_s=served, load=load)


def _prefill_first_note(closed: bool) -> str:
    """Why an engine that prefills before it decodes (SGLang's default) answers a closed loop
    with a TTFT several times a mixed engine's: measured, not a modelling slip (the pair
    quoted is catalog/serving_measurements.csv's Qwen3-32B rows on 4 x H100, BF16; the
    DeepSeek-R1 row was measured with --enable-mixed-chunk, SGLang's flag "mixing prefill and
    decode in a batch when using chunked prefill": service/evaluation/calibration.py
    SGLANG_MIXED_CHUNK_FROM)."""
    if closed:
        return (" (a closed loop of equal requests stays in waves: every waiting prompt is "
                "prefilled before any decode, the wave decodes in lock step and ends together, "
                "so a prompt waits for about half its wave's prefill; measured with SGLang "
                "0.5.1, Qwen3-32B on 4 x H100, 4,096 in / 512 out, 64 users: TTFT 4,044 ms "
                "where vLLM 0.12 took 905 ms, TPOT 27.2 ms against 34.9 ms; arrivals at "
                "random, request_rate_per_s, keep no waves, and so does SGLang launched with "
                "--enable-mixed-chunk, which runs prefill chunks inside the decode steps: "
                "SGLang 0.5.9 so launched, DeepSeek-R1 FP8 on 8 x H200, 8,192 in / 1,024 out, "
                "32 users, measured TTFT 994 ms, as TensorRT-LLM did)")
    return (" (arrivals at random keep no waves: a prompt waits only for the prefill steps "
            "ahead of it, and decodes wait through the others' prefill steps)")


def _serving_error_note(perf: PerfTables | None, engine: Engine, model: SizedModel
                        ) -> tuple[str, str] | None:
    """(value, reason) of the ``serving_model_error`` assumption: how far measured runs strayed
    from these means (``PerfTables.serving_error_band``, ``catalog/perf/serving_error.toml``);
    None without bands."""
    if perf is None or model.arch is None:
        return None
    moe, mla = model.arch.is_moe, model.arch.is_mla
    key = (engine.id, moe, mla)
    if key in perf.error_notes:
        return perf.error_notes[key]
    said = perf.error_notes[key] = _error_note_of(perf, engine, moe, mla)
    return said


def _error_note_of(perf: PerfTables, engine: Engine, moe: bool, mla: bool
                   ) -> tuple[str, str] | None:
    tpot = perf.serving_error_band(engine.id, moe, "tpot", mla=mla)
    ttft = perf.serving_error_band(engine.id, moe, "ttft", mla=mla)
    if tpot is None or ttft is None:
        return None

    def runs(b: ServingErrorBand) -> str:
        who = engine.id if b.engine == engine.id else "every engine measured"
        family = SERVING_ERROR_FAMILY_WORDS[b.family]
        return f"{b.rows} measured runs ({who}, {family})"

    return (f"TPOT x{tpot.measured_over_model:.2f}, TTFT x{ttft.measured_over_model:.2f} "
            f"at the {tpot.quantile:.0%} quantile",
            f"measured / modelled over {runs(tpot)}" + (
                "" if (ttft.engine, ttft.family) == (tpot.engine, tpot.family)
                else f" (TTFT: {runs(ttft)})")
            + ": one measured run in five was slower than the means above by more than that "
            "(catalog/perf/serving_error.toml)")


def _decode_cost_of(lm: LoadModel | None, n: int, perf: PerfTables | None) -> StepCost | None:
    """The load model's step where it is :func:`decode_cost` of the same setup for what a
    decode step reads of it (None: :func:`decode_step_fixed` makes its own). Both are
    :func:`serving.step_cost` of the same model, weights, engine, GPU, tensor group, compute
    type and attention peak; they differ in the KV type (``kv_bytes_token``,
    ``state_bytes``), the pipeline hops and the memo, which :func:`_serving_decode_fixed`
    does not read (the linear layers, the all-reduce curve, the overheads and the
    bandwidth). An expert-parallel replica's step (:class:`ExpertParallelStep`) times its
    linear layers its own way: not it."""
    if lm is None or perf is None or type(lm.cost) is not StepCost or lm.cost.tp != n:
        return None
    return lm.cost


def vision_encoder_s(model: SizedModel, p: Precision, engine: Engine, gpu: GPU, n: int
                     ) -> tuple[float, int] | None:
    """(seconds, encoder tokens) the vision encoder of a vision-language model takes to encode
    one request's images before its first token. Its tokens: a cross-attention model's (Llama
    3.2 Vision: ``cross_attention_tokens``, 6,404 an image, times the images of a request by
    ``sizing.with_images``); a model whose image tokens go into the context (Qwen2-VL,
    Qwen2.5-VL, Gemma 3) the patches its encoder runs on for the request's images
    (``image_encoder_tokens``, set by ``sizing.with_images``: 4 a token after Qwen2-VL's 2 x 2
    merge, 4,096 an image for Gemma 3's SigLIP at 896 px). 2 FLOPs per encoder parameter per
    token (``vision_params``, its ViT and projector; the linear layers' count, attention left
    out as prefill's attention of a short sequence is, and the projector counted on every
    patch where it runs on the merged tokens: an upper bound by its share, 7 % of Qwen2-VL's
    encoder, 1.5 % of Gemma 3's), at the GPU's unquantized dense peak and the engine's compute
    efficiency, over the tensor-parallel group (vLLM shards the ViT with the language model).
    The encoder runs once per request (vLLM: the encoder cache of
    vllm/v1/core/encoder_cache_manager.py holds its output for the prefill). None for any
    other model or request (audit buyer30a #2: four images timed as one, 345 ms either
    way)."""
    a = model.arch
    if model.kind != "llm" or a is None or not a.vision_params:
        return None
    tokens = (a.cross_attention_tokens if a.cross_attention_layers
              else model.image_encoder_tokens)
    if not tokens:
        return None
    tp = 1 if engine.split == "layer" else max(1, n)
    peak = achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12
    return 2.0 * a.vision_params * tokens / (peak * engine.speed.eta_compute * tp), tokens


def estimate_performance(model: SizedModel, p: Precision, kv: KVType | None, engine: Engine,
                         gpu: GPU, n: int, req: SizingRequest, note: Note, task: str,
                         training: TrainingPlan | None = None, width: int = 1024,
                         height: int = 1024, diffusion_engine: Engine | None = None,
                         perf: PerfTables | None = None, pp: int = 1,
                         load_models: LoadModels | None = None) -> Performance:
    """``diffusion_engine``: the engine whose constants time a diffusion pipeline (the default
    engine of diffusion models; ``engine`` where not given); ``load_models``: the call's load
    models already built (:data:`LoadModels`), added to. A vision-language model's encoder
    (:func:`vision_encoder_s`) is added to its time to the first token, and its seconds per
    request to the full load's: the requests/s at full load (one request's images encoded
    on the same GPUs as its tokens are generated) are the decode's over the share of the time
    the encoder leaves it."""
    got = _estimate_performance(model, p, kv, engine, gpu, n, req, note, task, training, width,
                                height, diffusion_engine, perf, pp, load_models)
    enc = vision_encoder_s(model, p, engine, gpu, n) if task == "inference" else None
    if enc is None or got.time_to_first_token_ms is None:
        return got
    sec, tokens = enc
    a = model.arch
    assert a is not None
    what = ("image tokens" if a.cross_attention_layers
            else "image patches (its tokens before they are merged)")
    rps = got.max_requests_per_s
    share = 1.0 / (1.0 + rps * sec) if rps else 1.0  # of the time left to the decode
    served = rps * share if rps else None
    note("vision_encoder", f"{sec * 1000:.1f} ms per request",
         f"the vision encoder ({a.vision_params:,} parameters) encodes the request's "
         f"{tokens:,} {what} before its first token: 2 x parameters x tokens FLOPs at "
         f"the GPU's unquantized dense peak x the engine's compute efficiency "
         f"({engine.speed.eta_compute:g}), added to time_to_first_token_ms"
         + (f"; at full load the GPUs spend that per request too: max_requests_per_s "
            f"{rps:.3g} -> {served:.3g} and max_throughput_tokens_per_s with it (each "
            f"second's requests x the encoder's seconds taken from the decode's time)"
            if rps and served else ""))
    thr = got.max_throughput_tokens_per_s
    return msgspec.structs.replace(
        got, time_to_first_token_ms=got.time_to_first_token_ms + sec * 1000,
        **({"max_requests_per_s": served} if served else {}),
        **({"max_throughput_tokens_per_s": thr * share} if thr and served else {}))


def _estimate_performance(model: SizedModel, p: Precision, kv: KVType | None, engine: Engine,
                          gpu: GPU, n: int, req: SizingRequest, note: Note, task: str,
                          training: TrainingPlan | None = None, width: int = 1024,
                          height: int = 1024, diffusion_engine: Engine | None = None,
                          perf: PerfTables | None = None, pp: int = 1,
                          load_models: LoadModels | None = None) -> Performance:
    """:func:`estimate_performance` before a vision encoder's time."""
    s = engine.speed
    if model.kind == "diffusion":
        steps = req.steps or model.default_steps or 30
        timing = diffusion_pipeline(model, p, gpu, width, height, steps, req.batch_size,
                                    diffusion_engine or engine)
        sec = timing.seconds_per_image
        note("diffusion_speed", f"{steps} steps at {width}x{height}, batch {req.batch_size}"
             + (", guidance doubles the denoiser batch" if timing.guidance_batch_factor > 1
                else ", no guidance pass (distilled)"),
             "text encoders once + steps x one denoiser step + VAE decode, each its FLOPs at "
             "its own fitted share of the dense peak (" + ", ".join(
                 f"{st.stage} {st.seconds:.3g} s" for st in timing.stages) + ")")
        den_bound = next((st.bound for st in timing.stages if st.stage == "denoiser"),
                         "compute")
        if req.batch_size > 1:
            note("seconds_per_batch", f"{timing.seconds_per_batch:.3g} s",
                 f"the {req.batch_size} {'clips' if model.num_frames else 'images'} of a "
                 "batch are generated together in one pipeline call of "
                 f"{timing.seconds_per_batch:.3g} s, the time a request for them waits; "
                 f"seconds_per_image ({sec:.3g} s) is that time over the batch, the GPU "
                 "time each costs")
        return Performance(seconds_per_image=sec, images_per_s=n / sec, bound=den_bound,
                           seconds_per_batch=timing.seconds_per_batch,
                           seconds_per_video=sec if model.num_frames else None,
                           diffusion=timing)
    if model.kind == "audio":
        timed = _audio_timing(model, p, engine, gpu, req.batch_size, req.steps)
        if timed is not None:
            note("audio_speed", f"batch {timed.batch}, " + ", ".join(
                f"{st.stage} {st.seconds_per_audio_s * 1e3:.3g} ms"
                + (f" ({st.steps_per_audio_s:.3g} steps x {st.step_ms:.3g} ms)"
                   if st.step_ms is not None and st.steps_per_audio_s else "")
                + f" {st.bound}-bound" for st in timed.stages) + " per audio second",
                 audio_speed_reason(model, engine.id, req.steps, p.id))
            return Performance(audio_seconds_per_s=timed.audio_seconds_per_s * n,
                               bound=timed.bound)
        den = max(model.components, key=lambda c: c.params)
        flops_per_s_audio = 2.0 * model.total_params * 50  # ~50 decoder/encoder frames per s
        peak = peak_tflops(gpu, p, engine) * 1e12 * s.eta_compute
        ratio = peak / flops_per_s_audio / 8  # autoregressive decoding overhead
        note("audio_speed", den.name, "encoder/decoder FLOPs per second of audio at 50 frames/s, "
             "an 8x penalty for autoregressive steps")
        return Performance(audio_seconds_per_s=ratio * n, bound="compute")
    if task != "inference" and training is not None:
        ts = training_speed(training, gpu, perf)
        hours = req.training_tokens / ts.tokens_per_s / 3600 if req.training_tokens else None
        measured = training_share(gpu)
        note("training_flops", ts.rule, f"MFU {ts.mfu:.2f} of dense bf16 peak "
             f"({gpu.tflops('bf16')} TFLOPS) per GPU"
             + (f", the model's MFU x{measured.factor:.2f} for {gpu.name} as measured "
                f"({measured.source})" if measured is not None else ""))
        if ts.moe:
            note("moe_training_efficiency", f"MFU {ts.mfu:.3f}", ts.moe)
        if ts.comm:
            # the pipeline's sends between nodes are said beside the collectives: with data
            # parallel inside a node only those cross the network (it read "0 s a step")
            sends = (f"{ts.pipeline_send_s:.3g} s a step of pipeline sends between nodes"
                     if ts.pipeline_send_s > 0 else "")
            if ts.comm_s is None:
                said = "not timed" + (f"; {sends}" if sends else "")
            elif sends and ts.comm_s == 0:
                said = sends + "; 0 s of data-parallel gradient sync"
            else:
                said = f"{ts.comm_s:.3g} s a step" + (f" of data-parallel gradient sync, plus "
                                                      f"{sends}" if sends else "")
            note("training_communication", said, ts.comm)
        return Performance(training_tokens_per_s=ts.tokens_per_s, training_hours=hours,
                           bound=ts.bound)
    if model.task == "embed":
        tokens = max(1, req.input_tokens)
        t = prefill_s(model, p, engine, gpu, n, tokens, req.batch_size, perf)
        note("embedding_speed", f"batch {req.batch_size} x {tokens} tokens",
             "an embedding model runs one forward pass per input and generates nothing: "
             "linear layers at the engine's compute share of the dense peak plus attention, "
             "the weights read at least once per pass; no decode, no time to first token")
        return Performance(embeddings_per_s=req.batch_size / t,
                           embedded_tokens_per_s=req.batch_size * tokens / t,
                           prefill_tokens_per_s=req.batch_size * tokens / t, bound="compute")
    assert kv is not None
    ctx = req.input_tokens
    lm = (shared_load_model(load_models, model, p, kv, engine, gpu, n, req.input_tokens,
                            max(1, req.output_tokens), perf, pp,
                            lora_adapters=req.lora_adapters, lora_rank=req.lora_adapter_rank)
          if engine.split == "tensor" else None)
    if lm is not None and req.input_tokens:
        # the step model's own prefill of one prompt (the chunks TTFT is made of), so the
        # headline prefill speed and the time to first token agree
        t_pre = prefill_alone_s(lm.cost, req.input_tokens, lm.budget)
    else:
        t_pre = prefill_s(model, p, engine, gpu, n, req.input_tokens, 1, perf)
    if engine.split == "tensor":
        thr, conc, rps = saturated(lm) if lm is not None else (0.0, 0, 0.0)
    else:
        thr, conc, rps = serving(model, p, kv, engine, gpu, n, req.input_tokens,
                                 req.output_tokens, perf=perf, pp=pp,
                                 lora_adapters=req.lora_adapters,
                                 lora_rank=req.lora_adapter_rank)
    full_thr, full_conc, full_rps = thr, conc, rps
    if req.min_memory_headroom_pct and conc:
        # the saturated load with that share of the memory kept free, as the recommendations
        # count a served model's (:func:`served_at_once`, the one rule): the most figures
        # (max_*) are at it, the stated load's keep the engine's own admission
        plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=n,
                             batch=1, context=req.input_tokens + max(1, req.output_tokens),
                             pp=pp, lora_adapters=req.lora_adapters,
                             lora_rank=req.lora_adapter_rank)
        most = served_at_once(plan.total_gib, plan.capacity_gib(gpu),
                              req.min_memory_headroom_pct, s.max_num_seqs)
        if 0 < most < conc:
            if lm is not None:
                full_thr, full_conc, full_rps = saturated(lm, most)
            else:
                full_thr, full_conc, full_rps = serving(
                    model, p, kv, engine, gpu, n, req.input_tokens, req.output_tokens,
                    batch=most, perf=perf, pp=pp, lora_adapters=req.lora_adapters,
                    lora_rank=req.lora_adapter_rank)
            note("serving_headroom", f"concurrency {full_conc}",
                 f"min_memory_headroom_pct {plain(req.min_memory_headroom_pct)}: the most "
                 f"figures (max_concurrency, max_throughput_tokens_per_s, "
                 f"max_requests_per_s) are at the requests the memory holds with that share "
                 f"of it kept free, as /v1/recommendations counts a served model's "
                 f"(max_concurrency there); {conc} fill the engine's memory")
    # The engine runs at most ``conc`` sequences at once (KV admission, max_num_seqs) and
    # queues the rest: the decode figures are for the batch that runs, never for more
    # sequences decoding together than the setup holds (no sequence fits: the batch asked).
    decoding = min(req.batch_size, conc) if conc else req.batch_size
    step, bound = decode_step_s(model, p, kv, engine, gpu, n, decoding, ctx,
                                perf if engine.split == "tensor" else None,
                                _decode_cost_of(lm, n, perf))
    if lm is not None:
        note("decode_model", "the serving model's decode step",
             f"{engine.id}: the weights at the measured GEMM latency for the batch, the KV cache "
             f"read at {s.eta_mem} x {gpu.bandwidth_gb_s:g} GB/s, all-reduces, per-step and "
             "per-layer overheads (see serving_model)")
    else:
        note("decode_model", f"eta_mem {s.eta_mem}, t_kernel {s.t_kernel_us} us, "
             f"eta_compute {s.eta_compute}",
             f"{engine.id}: each kernel takes max(bytes / ({s.eta_mem} x "
             f"{gpu.bandwidth_gb_s:g} GB/s), {s.t_kernel_us} us); compute at {s.eta_compute} "
             f"of {peak_tflops(gpu, p, engine):g} dense TFLOPS; the slower bound wins")
    if req.output_tokens == 0:
        # nothing is decoded (scoring, classification, prompt caching): the prompt's
        # processing is what the setup does, and what bounds it
        bound, why = prefill_bound(model, p, engine, gpu, n, req.input_tokens, perf)
        note("prefill_bound", bound, why)
    else:
        note("decode_bound", bound, "memory: reading weights and KV dominates; compute: the "
             "batch is large enough that matmul FLOPs dominate")
    if decoding < req.batch_size:
        held = (f"{engine.id} runs at most max_num_seqs {s.max_num_seqs}"
                if conc >= s.max_num_seqs else
                "the KV cache admits that many at their actual context" if lm is not None
                else "the KV cache holds that many at their full context")
        note("decode_batch", f"{decoding} of {req.batch_size} requests run at once",
             f"{held}; the others wait in the queue, so decode_tokens_per_s, "
             f"decode_throughput_tokens_per_s and the decode bound are for a decode step of "
             f"{decoding} sequences")
    if n > 1:
        note("multi_gpu", "layer split" if engine.split == "layer" else f"tensor parallel {n}",
             "llama.cpp runs layers GPU after GPU (no decode speed-up); tensor parallel adds two "
             f"all-reduces per layer over {link_words(gpu, n)}")
    if lm is not None:
        note("serving", f"concurrency {conc}", "the maximum throughput: as many users as the KV "
             f"admission lets run at once (paged blocks at their actual context, at most "
             f"max_num_seqs {s.max_num_seqs}), in the same serving model as the stated load")
    else:
        note("serving", f"concurrency {conc}", f"largest batch whose KV cache fits, capped at "
             f"the engine's max_num_seqs {s.max_num_seqs}; prefill of each prompt takes its "
             "share")
    base = Performance(
        decode_tokens_per_s=1.0 / step,
        decode_throughput_tokens_per_s=decoding / step,
        prefill_tokens_per_s=req.input_tokens / t_pre if t_pre else None,
        time_to_first_token_ms=(t_pre + step) * 1000,
        max_throughput_tokens_per_s=full_thr, max_concurrency=full_conc, requests_per_s=rps,
        max_requests_per_s=full_rps, bound=bound)
    if engine.split != "tensor":
        base = msgspec.structs.replace(base, efficiency_source=(
            f"engine constants ({engine.id} [engine.speed], catalog/engines.toml)"))
        if engine.split != "layer" or not conc:
            return base
        return _layer_split_performance(base, model, p, kv, engine, gpu, n, req, note, conc)
    if lm is None:
        return base
    at, cost = lm.at(req.batch_size, req.request_rate_per_s), lm.cost
    out = max(1, req.output_tokens)
    source = cost.gemm.source + (f"; {cost.comm.source}" if n > 1 else "")
    if req.request_rate_per_s is not None:
        load = f"open loop, {plain(req.request_rate_per_s)} requests/s"
    else:
        load = f"closed loop, {req.batch_size} concurrent requests"
    note("serving_model", load, f"continuous batching ({engine.id}): KV admission in "
         f"{engine.kv_block_tokens}-token blocks, at most {min(conc, s.max_num_seqs)} running; "
         f"prefill chunks under a {s.max_num_batched_tokens}-token step budget "
         + ("mixed into decode steps" if s.mixed_prefill else "run before decodes")
         + ("" if s.mixed_prefill else _prefill_first_note(req.request_rate_per_s is None))
         + "; step time from the measured GEMM and all-reduce curves plus per-step and "
         "per-layer overheads; TTFT and TPOT are means at this load"
         + ("" if req.request_rate_per_s is not None or not s.mixed_prefill else
            f"; a closed loop's TTFT is the mean a fixed-concurrency benchmark reports, its "
            f"start (every user at once, {round(TRANSIENT_WEIGHT * 100)} % of its requests: "
            "about 8 a user) included"))
    note("efficiency_source", source, "GEMM efficiency against the tokens in a step "
         "(interpolated in log m), collectives against message size; datasheet-derived "
         "where the GPU has no measured table")
    spread = _serving_error_note(perf, engine, model)
    if spread is not None:
        note("serving_model_error", *spread)
    if at.saturated:
        note("overloaded", f"{plain(req.request_rate_per_s or 0)} requests/s",
             f"above what this setup serves ({sig3(at.requests_per_s)} requests/s): the queue "
             "grows without bound, so no TTFT is given; figures are at capacity")
    ttft = None if math.isinf(at.ttft_s) else at.ttft_s * 1000
    at_tokens_s = at.requests_per_s * out
    if at_tokens_s > (full_thr or 0.0):
        # the saturated cycle model (every prompt's prefill, then the decodes in lock step)
        # can fall below the continuous-batching model at the stated load; the most the setup
        # serves is never less than what it serves at a load it carries
        note("max_throughput", f"{at_tokens_s:.0f} output tokens/s at the stated load",
             "the continuous-batching model at this load serves more than the saturated cycle "
             "model; the larger is the maximum")
        base = msgspec.structs.replace(base, max_throughput_tokens_per_s=at_tokens_s,
                                       max_requests_per_s=at.requests_per_s)
    if out == 1 and req.output_tokens == 1:
        note("one_output_token", "no time per output token",
             "one output token is the first token: there is no second token to time, so "
             "time_per_output_token_ms and the per-user decode speed are not given")
    return msgspec.structs.replace(
        base, time_to_first_token_ms=ttft,
        time_per_output_token_ms=at.tpot_s * 1000 if out > 1 else None,
        output_tokens_per_s_per_user=1.0 / at.tpot_s if out > 1 else None,
        output_tokens_per_s=at.requests_per_s * out, requests_per_s=at.requests_per_s,
        load=load, efficiency_source=source)
