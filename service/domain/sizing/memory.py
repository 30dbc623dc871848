"""Memory sizing: weights, KV cache, activations, training state and runtime overhead.

Every factor used is returned as an :class:`Assumption` with its reason, so a reader can check
the arithmetic. GiB = 2**30 bytes throughout.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated

import msgspec

from service.domain.base import Out
from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import (
    Architecture,
    Component,
    ContextExtension,
    DefaultClip,
    Fp8Checkpoint,
    ImageTokens,
    ParamBreakdown,
    kv_elements_per_token_layer,
    param_breakdown,
    seq_cache_bytes,
)
from service.domain.catalog.precisions import KVType, Precision
from service.domain.fields import TOKENS_MAX
from service.domain.lazy import cached_property

GIB = float(2**30)


class Assumption(Out, frozen=True, kw_only=True):
    name: Annotated[str, msgspec.Meta(
        description="what the assumption is about (a field, a default or a rule)")]
    value: Annotated[str, msgspec.Meta(
        description="the value taken, in words with its unit")]
    reason: Annotated[str, msgspec.Meta(
        description="why, with its source where it has one")]


@dataclass(frozen=True)
class SizedModel:
    """A model ready to size: a registry entry or a custom architecture."""

    id: str
    name: str
    kind: str
    total_params: int
    active_params: int
    source: str
    arch: Architecture | None = None
    components: tuple[Component, ...] = ()
    max_context: int | None = None
    native_width: int | None = None
    native_height: int | None = None
    default_steps: int | None = None
    latent_downsample: int = 8
    native_precision: str | None = None
    family: str = ""
    num_frames: int | None = None
    """Video models: frames per clip (None: an image model)."""
    temporal_downsample: int | None = None
    task: str = "generate"
    """``embed``: an embedding model (a forward pass per input, no KV cache kept)."""
    fp8_checkpoint: Fp8Checkpoint | None = None
    """The official FP8 checkpoint's layout, where it leaves linear layers 16-bit."""
    default_clip: DefaultClip | None = None
    """Audio generators: the clip one request makes by default."""
    context_extension: ContextExtension | None = None
    """A longer context than ``max_context`` (the config's) that the model card states with
    rope scaling turned on (Qwen3: 131,072 with YaRN): engines take it with that setting."""
    image_tokens: ImageTokens | None = None
    """A vision-language model whose image tokens go into the context: how many one image
    makes and the vision-encoder patches behind each (the catalog's ``[image_tokens]``)."""
    image_encoder_tokens: int = 0
    """Patches the vision encoder runs on in each request (the images of the request times
    one image's, :func:`~service.domain.sizing.sizing.with_images`); 0: none timed."""

    @property
    def context_limit(self) -> int | None:
        """The longest context an engine takes for the model: the extension's where the card
        states one, else ``max_context``."""
        ext = self.context_extension
        return ext.max_context if ext is not None else self.max_context

    @property
    def generates_tokens(self) -> bool:
        """A language model that writes tokens (not an embedding model): only there do a
        KV cache, a time to first token and tokens/s targets apply."""
        return self.kind == "llm" and self.task != "embed"

    @cached_property
    def breakdown(self) -> ParamBreakdown | None:
        return param_breakdown(self.arch) if self.arch else None


EXTENDED_CONTEXT_MARK = "rope scaling turned on ("
"""Words of :func:`extended_context_warning` that no other warning has: how a caller picks it
out of a sizing's warnings."""


def extended_context_warning(model: SizedModel, context: int) -> str | None:
    """What a context past the config's ``max_context`` and within the model card's extended
    one (Qwen3: 40,960 and 131,072 with YaRN) needs: the engine setting that turns the rope
    scaling on, and the card's caveat where it gives one; None where ``context`` needs none.
    /v1/sizing, /v1/recommendations and /v1/ask say it in these words."""
    ext, native = model.context_extension, model.max_context
    if ext is None or not native or not native < context <= ext.max_context:
        return None
    return (f"{context:,} tokens of context is past the {native:,} of {model.name}'s config: "
            f"engines take it only with {ext.method} {EXTENDED_CONTEXT_MARK}"
            f"{ext.engine_setting}; vLLM, SGLang), which the model card states up to "
            f"{ext.max_context:,} tokens"
            + (f"; the engines' {ext.method} is static, the same scaling for every request, "
               "which the model card says may lower quality on shorter texts"
               if ext.static_caveat else ""))


# ---------------------------------------------------------------------------------------------
# Weights


def weight_bits(b: ParamBreakdown, p: Precision) -> float:
    """Total bits of the weights in a format, per tensor class."""
    if p.scope == "all":
        emb, head, base = p.bits_embedding, p.bits_lm_head, p.bits_linear
        other = 32.0 if p.gguf else base
        more = p.bits_more if p.bits_more is not None else base
        f = p.more_fraction
        mixed = (1 - f) * base + f * more
        return (
            b.embedding * emb + b.lm_head * head
            + (b.attn_qko + b.ffn + b.experts + b.encoder) * base
            + (b.attn_v + b.ffn_down + b.experts_down) * mixed + (b.router + b.norms) * other
        )
    sixteen = 16.0
    if p.scope == "experts" and (b.experts + b.experts_down) > 0:
        quant = b.experts + b.experts_down
        rest = b.total - quant - b.embedding - b.lm_head
        return quant * p.bits_linear + rest * sixteen + (b.embedding + b.lm_head) * sixteen
    # an encoder-decoder's encoder stack is quantized like the decoder's linear layers
    quant = b.linear + b.encoder
    return (quant * p.bits_linear + (b.router + b.norms) * sixteen
            + b.embedding * p.bits_embedding + b.lm_head * p.bits_lm_head)


def block_bytes(b: ParamBreakdown, p: Precision) -> float:
    """Bytes of the transformer blocks' weights in a format, all layers together: the
    weights of :func:`weight_bits` less the embedding and the LM head (what FSDP / ZeRO-3
    gathers a block at a time, as stored)."""
    if p.scope == "experts" and (b.experts + b.experts_down) > 0:
        outside = 16.0 * (b.embedding + b.lm_head)
    else:
        outside = b.embedding * p.bits_embedding + b.lm_head * p.bits_lm_head
    return (weight_bits(b, p) - outside) / 8


def weight_bytes(model: SizedModel, p: Precision) -> float:
    b = model.breakdown
    if b is not None:
        # Scale the architecture's count to the card's published total (vision towers, MTP
        # heads and padding the plain decoder formula does not see).
        scale = model.total_params / b.total if b.total else 1.0
        ck = model.fp8_checkpoint
        if ck is not None and p.id == "fp8" and model.arch is not None:
            # the official FP8 checkpoint leaves some linear layers 16-bit (catalog
            # [fp8_checkpoint]: Llama 3.1 405B's attention and first and last MLPs)
            extra = ck.sixteen_bit_params(b, model.arch) * (16.0 - p.bits_linear)
            return (weight_bits(b, p) + extra) * scale / 8
        return weight_bits(b, p) * scale / 8
    return model.total_params * p.bits_linear / 8


def expert_weight_bytes(model: SizedModel, p: Precision) -> float:
    """Bytes of the routed experts' weights (the part expert parallelism shards whole), in
    the same per-class bits as :func:`weight_bits`; 0 for a dense model."""
    b = model.breakdown
    if b is None or not (b.experts + b.experts_down):
        return 0.0
    if p.scope == "all":
        more = p.bits_more if p.bits_more is not None else p.bits_linear
        mixed = (1 - p.more_fraction) * p.bits_linear + p.more_fraction * more
        bits = b.experts * p.bits_linear + b.experts_down * mixed
    else:
        bits = (b.experts + b.experts_down) * p.bits_linear
    scale = model.total_params / b.total if b.total else 1.0
    return bits * scale / 8


# ---------------------------------------------------------------------------------------------
# Inference


# An engine's memory profile (fraction, overheads, how activations are profiled) is data: its
# entry in catalog/engines.toml (service.domain.catalog.engines.Engine). vLLM's dummy forward
# pass holds, per batched token, the gate/up/act outputs of the MLP and a few hidden-size
# buffers in 16-bit: 2 bytes x (3 x FFN width + 4 x hidden), plus the engine's fixed GiB.


def encoder_decoder_kv_bytes(a: Architecture, input_tokens: int, output_tokens: int,
                             bytes_per_element: float, tp: int = 1) -> tuple[float, float]:
    """KV-cache bytes of one encoder-decoder sequence on one GPU: (decoder self-attention,
    cross-attention). Every decoder layer caches K and V of its self-attention for each
    generated token, and K and V of the encoder output for each input token (projected once,
    after the encoder pass); the encoder caches nothing. Per token and layer both are
    2 x KV heads (split over TP) x head_dim elements, so the sum equals
    ``kv_bytes(a, input_tokens + output_tokens)``, which the rest of sizing uses."""
    per = kv_elements_per_token_layer(a, tp) * bytes_per_element * a.num_layers
    return per * output_tokens, per * input_tokens


def profile_tokens(engine: Engine, context: int) -> int:
    """Tokens in the engine's activation-profiling pass."""
    return engine.profile(context)


def activation_bytes_inference(
    a: Architecture, engine: Engine, context: int, batch: int, tp: int
) -> float:
    ffn = a.expert_ffn * a.num_experts_per_token if a.is_moe else a.intermediate_size
    width = 3 * ffn / tp + 4 * a.hidden_size
    if engine.activations == "profile":
        tokens = profile_tokens(engine, context)
        return engine.activation_fixed_gib * GIB + tokens * 2 * width
    if engine.activations == "micro_batch":
        # compute buffer: one micro-batch through a layer plus fp32 logits for it
        tokens = profile_tokens(engine, context)
        return engine.activation_fixed_gib * GIB + tokens * (2 * width + 4 * a.vocab_size)
    # the whole prompt in one forward pass; logits only for the last position
    return (batch * context * 2 * width + batch * 4 * a.vocab_size
            + engine.activation_fixed_gib * GIB)


class MemoryParts(Out, frozen=True, kw_only=True):
    weights_gib: Annotated[float, msgspec.Meta(
        description="the model's weights, in GiB")]
    kv_cache_gib: Annotated[float, msgspec.Meta(
        description="the KV cache at the batch and context sized, in GiB")]
    activations_gib: Annotated[float, msgspec.Meta(
        description="activations and working buffers, in GiB")]
    gradients_gib: Annotated[float | None, msgspec.Meta(
        description="training: gradients, in GiB; null for inference")] = None
    optimizer_gib: Annotated[float | None, msgspec.Meta(
        description="training: optimizer states (and master weights), in GiB; null for "
                    "inference")] = None
    overhead_gib: Annotated[float, msgspec.Meta(
        description="the runtime's own memory (CUDA context, engine buffers, fragmentation), in "
                    "GiB")]
    total_gib: Annotated[float, msgspec.Meta(
        description="the sum of the parts, in GiB")]


def _parts(weights: float, kv: float, act: float, overhead: float,
           grads: float | None = None, opt: float | None = None) -> MemoryParts:
    total = weights + kv + act + overhead + (grads or 0.0) + (opt or 0.0)
    return MemoryParts(
        weights_gib=weights / GIB, kv_cache_gib=kv / GIB, activations_gib=act / GIB,
        gradients_gib=None if grads is None else grads / GIB,
        optimizer_gib=None if opt is None else opt / GIB,
        overhead_gib=overhead / GIB, total_gib=total / GIB)


@dataclass
class InferencePlan:
    model: SizedModel
    precision: Precision
    kv_type: KVType
    engine: Engine
    tp: int
    batch: int
    context: int
    lora_adapters: int = 0
    lora_rank: int = 16
    assumptions: list[Assumption] = field(default_factory=list)
    pp: int = 1
    """Pipeline stages (tensor-split engines): the most loaded stage holds ceil(layers / pp)
    of the layers, their weights and their KV cache."""
    ep: int = 1
    """Expert-parallel ranks of an MoE: the routed experts sharded whole over max(tp, ep)
    GPUs per stage (1: split by tensor parallel like the rest)."""
    dp: int = 1
    """Data-parallel replicas, each with this plan's batch (only :meth:`whole` sums them)."""

    @property
    def split(self) -> str:
        return self.engine.split

    @cached_property
    def _weight_bytes(self) -> float:
        return weight_bytes(self.model, self.precision)

    @property
    def stage_share(self) -> float:
        """Share of the layers (and of each sequence's KV cache) on the most loaded pipeline
        stage (1.0 without a pipeline)."""
        return self._stage_share

    @cached_property
    def _stage_share(self) -> float:
        """Share of the layers on the most loaded pipeline stage (1.0 without a pipeline)."""
        if self.pp <= 1:
            return 1.0
        layers = self.model.arch.num_layers if self.model.arch else self.pp
        return math.ceil(layers / self.pp) / layers

    @cached_property
    def _weights_per_gpu(self) -> float:
        n = self.tp
        if self.pp <= 1 and self.ep <= 1:
            return self._weight_bytes / n
        experts = expert_weight_bytes(self.model, self.precision) if self.ep > 1 else 0.0
        dense = (self._weight_bytes - experts) / n
        return (dense + experts / max(n, self.ep)) * self._stage_share

    def per_gpu(self, batch: int | None = None, context: int | None = None) -> MemoryParts:
        """Memory on the most loaded GPU of the setup."""
        a = self.model.arch
        assert a is not None
        b = self.batch if batch is None else batch
        ctx = self.context if context is None else context
        n = self.tp
        weights = self._weights_per_gpu
        if self.split == "layer":
            # a layer split (llama.cpp) puts whole layers on each GPU: KV follows the layers.
            kv = b * seq_cache_bytes(a, ctx, self.kv_type.bytes_per_element, 1) / n
            act = activation_bytes_inference(a, self.engine, ctx, b, 1)
        else:
            kv = b * seq_cache_bytes(a, ctx, self.kv_type.bytes_per_element, n)
            act = activation_bytes_inference(a, self.engine, ctx, b, n)
        if self.model.task == "embed":
            kv = 0.0  # one forward pass: the keys and values live only inside it
        if self.kv_type.id == "q4_0":
            kv *= 1.1
        if self.pp > 1:
            kv *= self._stage_share
        prof = self.engine
        overhead = (prof.non_torch_gib_tp1 if n * self.pp == 1 else prof.non_torch_gib_tp) * GIB
        if self.lora_adapters:
            overhead += self.lora_adapters * lora_params(a, self.lora_rank, None) * 2 / n
        return _parts(weights, kv, act, overhead)

    @cached_property
    def _fixed(self) -> tuple[float, float, float | None, float]:
        """What :meth:`per_gpu` computes at the plan's context that the batch does not change:
        weights, the KV bytes of one sequence, the activations (None where they grow with the
        batch) and the overhead."""
        a = self.model.arch
        assert a is not None
        n = self.tp
        split_n = 1 if self.split == "layer" else n
        kv_one = (0.0 if self.model.task == "embed"
                  else seq_cache_bytes(a, self.context, self.kv_type.bytes_per_element, split_n))
        act = (activation_bytes_inference(a, self.engine, self.context, 1, split_n)
               if self.engine.batch_free_activations else None)
        prof = self.engine
        overhead = (prof.non_torch_gib_tp1 if n * self.pp == 1 else prof.non_torch_gib_tp) * GIB
        if self.lora_adapters:
            overhead += self.lora_adapters * lora_params(a, self.lora_rank, None) * 2 / n
        return self._weights_per_gpu, kv_one, act, overhead

    def total_gib(self, batch: int) -> float:
        """``per_gpu(batch=batch).total_gib`` at the plan's context, bit for bit, without
        building the parts (the same operations in the same order on the cached terms)."""
        weights, kv_one, act, overhead = self._fixed
        if self.split == "layer":
            kv = batch * kv_one / self.tp
            split_n = 1
        else:
            kv = batch * kv_one
            split_n = self.tp
        if self.kv_type.id == "q4_0":
            kv *= 1.1
        if self.pp > 1:
            kv *= self._stage_share
        if act is None:
            a = self.model.arch
            assert a is not None
            act = activation_bytes_inference(a, self.engine, self.context, batch, split_n)
        # _parts adds the absent gradients and optimizer state as 0.0: x + 0.0 == x here
        return (weights + kv + act + overhead) / GIB

    def whole(self) -> MemoryParts:
        """The setup summed over its GPUs (a TP split sums back to this; pipeline stages and
        data-parallel replicas count as many GPUs as they use)."""
        p = self.per_gpu()
        n = self.tp * self.pp * self.dp
        return _parts(p.weights_gib * n * GIB, p.kv_cache_gib * n * GIB,
                      p.activations_gib * n * GIB, p.overhead_gib * n * GIB)

    def capacity_gib(self, gpu: GPU, memory_fraction: float | None = None) -> float:
        """What the engine lets the model use on one GPU (``memory_fraction`` overrides the
        engine's default gpu_memory_utilization / mem_fraction_static / free_gpu_memory_fraction).

        An engine whose fraction is of the ``free`` memory (TensorRT-LLM) loads the weights
        and reserves its activations and runtime buffers first, then gives the fraction of
        what is still free to the KV cache: the capacity is that resident memory plus the
        fraction of the rest, so it depends on the plan (the weights per GPU of its layout).
        Nothing free: the usable memory, which the plan does not fit."""
        prof = self.engine
        frac = prof.memory_fraction if memory_fraction is None else memory_fraction
        if prof.memory_fraction_of == "free" and frac < 1.0:
            p = self.per_gpu()
            resident = p.total_gib - p.kv_cache_gib
            free = gpu.usable_gib - resident
            return resident + frac * free if free > 0 else gpu.usable_gib
        if frac < 1.0:
            return gpu.total_gib * frac
        return gpu.usable_gib

    def capacity_why(self, gpu: GPU) -> str:
        """How :meth:`capacity_gib` came about, in the words of the engine's own rule (the
        sizing answer's ``capacity_per_gpu_gib`` assumption)."""
        prof = self.engine
        frac = prof.memory_fraction
        head = f"{gpu.name}: {gpu.total_gib:.2f} GiB total"
        if frac >= 1.0:
            return head + " minus the CUDA context"
        if prof.memory_fraction_of == "free":
            p = self.per_gpu()
            resident = p.total_gib - p.kv_cache_gib
            free = gpu.usable_gib - resident
            if free <= 0:
                return (f"{head}, {gpu.usable_gib:.2f} GiB usable, less than the "
                        f"{resident:.2f} GiB of weights, activations and runtime buffers: "
                        f"nothing is left free for the KV cache")
            return (f"{head}, {gpu.usable_gib:.2f} GiB usable: {resident:.2f} GiB of weights, "
                    f"activations and runtime buffers + {frac} x the {free:.2f} GiB left free "
                    f"({prof.id} memory fraction, of the free memory)")
        return f"{head} x {frac} ({prof.id} memory fraction)"

    def fits(self, gpu: GPU) -> bool:
        return self.per_gpu().total_gib <= self.capacity_gib(gpu)

    def max_batch(self, gpu: GPU) -> int:
        """Largest batch that fits (see :func:`largest_batch`)."""
        return largest_batch(self.total_gib, self.capacity_gib(gpu))

    def max_context(self, gpu: GPU) -> int:
        cap = self.capacity_gib(gpu)
        limit = self.model.context_limit or TOKENS_MAX
        if self.per_gpu(context=1).total_gib > cap:
            return 0
        if self.per_gpu(context=limit).total_gib <= cap:
            return limit
        lo, hi = 1, limit
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.per_gpu(context=mid).total_gib <= cap:
                lo = mid
            else:
                hi = mid
        return lo

    def kv_budget_gib(self, gpu: GPU, memory_fraction: float | None = None) -> float:
        """KV-cache memory the engine would allocate on one GPU (vLLM's 'KV cache size')."""
        p = self.per_gpu()
        return self.capacity_gib(gpu, memory_fraction) - (p.total_gib - p.kv_cache_gib)


def with_weight_bytes(plan: InferencePlan, weights: float) -> InferencePlan:
    """``plan`` (new, not yet read) with its weights' bytes given: ``weights`` must be
    :func:`weight_bytes` of its model and precision, which a table of the snapshot keeps
    (``sizing.DecodeTable``) so that a plan made for each request does not compute it again.
    The plan's figures are the same, bit for bit."""
    plan.__dict__["_weight_bytes"] = weights
    return plan


SERVICE_HEADROOM_PCT = 10.0
"""The share of each GPU's memory a model served for real keeps free (room for longer
prompts and fragmentation): /v1/recommendations' default ``min_memory_headroom_pct``, and
the load /v1/ask prices a token and counts a month's tokens at. Its one definition: every
answer that keeps or states the headroom reads it from here (tests/unit/test_fix_headroom28)."""


def served_at_once(total_gib: Callable[[int], float], cap_gib: float, headroom_pct: float,
                   max_num_seqs: int) -> int:
    """The most requests a serving replica runs at once with ``headroom_pct`` of its memory
    ``cap_gib`` (the engine's share, per GPU) kept free: the largest batch whose memory
    ``total_gib(batch)`` (each request at the full context) fits under ``cap_gib`` x (1 -
    headroom), at most the engine's ``max_num_seqs``; 0 where one request does not fit.
    The one rule for the saturated load a price per token and a month of tokens rest on:
    /v1/recommendations' ``max_concurrency`` and /v1/sizing's with the same
    ``min_memory_headroom_pct`` (so the two agree, audit buyer27c #3)."""
    return min(largest_batch(total_gib, cap_gib * (1 - headroom_pct / 100)), max_num_seqs)


def largest_batch(total_gib: Callable[[int], float], cap: float) -> int:
    """Largest batch whose per-GPU memory ``total_gib(batch)`` fits in ``cap`` GiB. Memory is
    affine in the batch (KV and, for some engines, activations grow per sequence), so solve
    directly and confirm at the edge."""
    one = total_gib(1)
    if one > cap:
        return 0
    slope = total_gib(2) - one
    limit = 1_000_000
    b = limit if slope <= 0 else min(limit, 1 + int((cap - one) / slope))
    while b > 1 and total_gib(b) > cap:
        b -= 1
    while b < limit and total_gib(b + 1) <= cap:
        b += 1
    return b


def lora_params(a: Architecture, rank: int, targets: list[str] | None) -> int:
    """Trainable LoRA parameters: r x (d_in + d_out) for each targeted matrix of each layer;
    k and v use the GQA width; MLP targets apply to every expert of an MoE layer. An
    encoder-decoder has the attention matrices in its encoder layers and twice (self- and
    cross-attention) in its decoder layers, the MLP matrices once in every layer."""
    h = a.hidden_size
    dims = {
        "q_proj": (h, a.q_width), "k_proj": (h, a.kv_width), "v_proj": (h, a.kv_width),
        "o_proj": (a.q_width, h),
        "gate_proj": (h, a.intermediate_size), "up_proj": (h, a.intermediate_size),
        "down_proj": (a.intermediate_size, h),
    }
    chosen = targets if targets is not None else list(dims)
    total = 0
    for t in chosen:
        d_in, d_out = dims[t]
        per = rank * (d_in + d_out)
        if t in ("gate_proj", "up_proj", "down_proj") and a.is_moe:
            ef = a.expert_ffn
            d_in, d_out = (ef, h) if t == "down_proj" else (h, ef)
            n = a.num_experts + a.num_shared_experts
            total += a.moe_layers * n * rank * (d_in + d_out)
            total += (a.num_layers - a.moe_layers) * per
        elif a.is_encoder_decoder:
            attention = t in ("q_proj", "k_proj", "v_proj", "o_proj")
            total += (2 * a.num_layers if attention else a.num_layers) * per
            total += (a.encoder_layers or 0) * per
        else:
            total += a.num_layers * per
    return total


# ---------------------------------------------------------------------------------------------
# Training


def layer_activation_bytes(
    a: Architecture, tokens: int, seq: int, flash: bool, tp: int = 1
) -> float:
    """Activations one transformer layer saves for backward, in 16-bit (Korthikanti et al. 2022,
    generalised to GQA and gated MLPs): norms and projection inputs 8h, Q/attention output 4q,
    K/V 4kv, gated MLP 8 x FFN per token; without FlashAttention the score and softmax matrices
    add 4 x heads x seq bytes per token."""
    h = a.hidden_size
    ffn = a.expert_ffn * a.num_experts_per_token if a.is_moe else a.intermediate_size
    per_token = 8 * h + (4 * a.q_width + 4 * a.kv_width + 8 * ffn) / tp
    if not flash:
        per_token += 4 * a.num_attention_heads * seq / tp
    return tokens * per_token


# Bytes per logit at the training peak: the bf16 logits kept for backward plus the fp32 chunk
# the cross-entropy upcasts (torchtune CEWithChunkedOutputLoss, HF fused CE).
TRAIN_LOGIT_BYTES = 2.5
# Allocator fragmentation on top of the live tensors.
TRAIN_FRAGMENTATION = 0.05

OFFLOAD_GRAD_BUCKET = 5e8
"""Gradient elements DeepSpeed reduces at a time (``reduce_bucket_size``) and so keeps on the
GPU under ZeRO-Offload: 5e8 in the ZeRO-2 configuration of the Hugging Face Transformers
DeepSpeed guide (huggingface.co/docs/transformers/deepspeed, ``"reduce_bucket_size": 5e8``;
PyTorch Lightning's DeepSpeedStrategy defaults to 2e8)."""

# Host (CPU) RAM under CPU offload (DeepSpeed ZeRO-Offload, ``offload_optimizer: cpu``), from
# DeepSpeed's own estimators (deepspeed/runtime/zero/stage_1_and_2.py
# ``estimate_zero2_model_states_mem_needs`` and stage3.py ``estimate_zero3_model_states_mem_
# needs``, called by their ``..._all_live`` / ``..._all_cold`` wrappers) and the "Memory
# Requirements" page (deepspeed.readthedocs.io/en/latest/memory.html, "General RAM"):
# ZeRO-2 with offload_optimizer cpu ``params * max(4 * n_gpus, 16) * additional_buffer_factor``;
# ZeRO-3 with offload_optimizer cpu and offload_param none, with zero.Init,
# ``params * 16 * gpus_factor * additional_buffer_factor`` (gpus_factor: the node's share,
# 1 / nodes); "16b for fp32: 4b params, 4b grads, 4b momentum and 4b variance per parameter",
# "4 (in 4*n_gpus): when pytorch creates a model it creates it in fp32 by default".
OFFLOAD_HOST_GRAD_BYTES = 4.0
"""The fp32 gradient kept in host memory per trained parameter under CPU offload ("4b grads"),
beside the optimizer's bytes of :data:`OPTIMIZER_BYTES` (AdamW: 4 master + 8 moments)."""
OFFLOAD_HOST_LOAD_BYTES = 4.0
"""Bytes per parameter of the model each GPU's process builds on the host while loading it
under ZeRO-1/2 (no zero.Init): fp32, PyTorch's default, as DeepSpeed's estimator counts it."""
OFFLOAD_HOST_BUFFER = 1.5
"""DeepSpeed's ``additional_buffer_factor`` default, "to be conservative"."""

OPTIMIZER_BYTES = {
    # bytes per trainable parameter: (optimizer states incl. fp32 master, gradient)
    "adamw": (12.0, 2.0),
    "adamw-bf16": (4.0, 2.0),
    "adamw-8bit": (6.0, 2.0),
    "sgd": (8.0, 2.0),
}


REFERENCE_OBJECTIVES = frozenset({"dpo", "kto", "grpo", "ppo"})
"""Objectives scored against a frozen reference model: DPO (Rafailov et al. 2023, arXiv
2305.18290), KTO (Ethayarajh et al. 2024, arXiv 2402.01306), GRPO's KL term (Shao et al. 2024,
arXiv 2402.03300; TRL's GRPOTrainer loads it only with ``beta`` > 0, its default 0.0 in recent
releases, "If `0.0` (default), the reference model is not loaded"), PPO-based RLHF (Ouyang et
al. 2022, arXiv 2203.02155; TRL's PPOTrainer takes ``ref_model``, ``reward_model`` and
``value_model``). ORPO (Hong et al. 2024, arXiv 2403.07691, "without reference model") and
SimPO (Meng et al. 2024, arXiv 2405.14734, "reference-free reward") have none. With LoRA or
QLoRA the reference is the base with the adapters turned off, no second copy (TRL's
DPOTrainer: "The `model` with adapters turned off will be used as the reference model";
KTOTrainer the same)."""
PAIRED_OBJECTIVES = frozenset({"dpo", "orpo", "simpo"})
"""Objectives over (chosen, rejected) pairs, both run in one forward pass: TRL's
``concatenated_forward`` (DPOTrainer, ORPOTrainer, CPOTrainer for SimPO), twice the
sequences of a micro-batch of pairs."""


def frozen_models(objective: str, method: str) -> int:
    """Whole frozen models held beside the policy: the reference of a reference objective
    with full training (with LoRA or QLoRA: the base, adapters off), and PPO's reward
    model."""
    refs = 1 if objective in REFERENCE_OBJECTIVES and method == "full" else 0
    return refs + (1 if objective == "ppo" else 0)


def trained_models(objective: str) -> int:
    """Models trained in one step: PPO trains a value model beside the policy (TRL's
    ``PolicyAndValueWrapper``), sized as the policy's size and method (its real size is the
    user's choice: often the reward model's)."""
    return 2 if objective == "ppo" else 1


@dataclass
class TrainingPlan:
    model: SizedModel
    precision: Precision
    method: str
    rank: int
    targets: list[str]
    optimizer: str
    checkpointing: bool
    flash: bool
    micro_batch: int
    seq: int
    zero_stage: int | None
    cpu_offload: bool
    gpus: int
    assumptions: list[Assumption] = field(default_factory=list)
    tp: int = 1
    """Tensor-parallel GPUs (Megatron-LM: every matrix split, with sequence parallelism)."""
    pp: int = 1
    """Pipeline stages (Megatron-LM's 1F1B schedule); ``gpus / (tp x pp)`` data-parallel."""
    micro_batches: int = 1
    """Micro-batches per optimizer step (gradient accumulation; the pipeline's ``m``)."""
    objective: str = "sft"
    """The fine-tune's objective (``requests.Objective``): the frozen and the trained models
    held (:func:`frozen_models`, :func:`trained_models`), pairs in one forward pass
    (:data:`PAIRED_OBJECTIVES`)."""
    pretrain: bool = False
    """Pre-training (task pretrain): an MoE is timed at the dense MFU, as pre-training stacks
    run grouped expert GEMMs (speed.MOE_EXPERT_EFFICIENCY is a fine-tuning stack's)."""
    node_gpus: int | None = None
    """GPUs of one node where the run is on a machine of more than ``layout.NODE_GPUS`` GPUs
    joined all to all (``layout.machine_node``: Google's a2-megagpu-16g, 16 x A100 on
    NVSwitch); None: nodes of ``layout.NODE_GPUS``."""
    inter_node_gb_s: float | None = None
    """The network between nodes, GB/s per GPU and direction (a request's
    ``node_network_gbit_s`` over its node's GPUs); None: ``speed.INTER_NODE_GB_S_PER_GPU``,
    the fast fabric the recommendations require."""

    def __post_init__(self) -> None:
        # None: not chosen (a request that leaves it to the layout search); sized as 0, DDP
        if self.zero_stage is None:
            self.zero_stage = 0

    @property
    def dp(self) -> int:
        """Data-parallel GPUs: the ZeRO stage shards over these."""
        return max(1, self.gpus // (self.tp * self.pp))

    def model_share(self) -> float:
        """The share of the model's parameters one GPU holds under tensor and pipeline
        parallel: 1/tp of its pipeline stage's, the heaviest stage holding ceil(L/pp) of the
        L transformer blocks plus the larger of the embedding (first stage) and the LM head
        (last stage), as Megatron-LM places them (Narayanan et al. 2021, arXiv 2104.04473)."""
        a = self.model.arch
        if a is None or self.tp * self.pp == 1:
            return 1.0
        if self.pp == 1:
            return 1.0 / self.tp
        pb = param_breakdown(a)
        blocks = pb.total - pb.embedding - pb.lm_head
        stage = blocks * self.stage_layers() / max(a.num_layers, 1)
        return (stage + max(pb.embedding, pb.lm_head)) / max(pb.total, 1) / self.tp

    def stage_layers(self) -> int:
        """Transformer layers of the heaviest pipeline stage (an uneven split rounds up)."""
        a = self.model.arch
        layers = a.num_layers if a is not None else 1
        return math.ceil(layers / self.pp)

    def trainable(self) -> int:
        a = self.model.arch
        if self.method == "full" or a is None:
            return self.model.total_params
        return lora_params(a, self.rank, self.targets)

    def per_gpu(self) -> MemoryParts:
        a = self.model.arch
        assert a is not None
        # ZeRO shards over the data-parallel GPUs; tensor and pipeline parallel split the model
        n = self.dp
        tp = self.tp
        share = self.model_share()
        sharded = self.zero_stage or 0
        base = weight_bytes(self.model, self.precision) * share
        trainable = self.trainable() * share
        opt_b, grad_b = OPTIMIZER_BYTES[self.optimizer]
        # LoRA adapters sit in bf16 beside the frozen base
        weights = base if self.method == "full" else base + trainable * 2
        # PPO's value model is trained as the policy is; a reference (DPO, KTO, GRPO, PPO
        # with full training) and PPO's reward model are frozen copies at the base's
        # precision. TRL shards them with ZeRO-3 like the policy; under any other stage each
        # GPU holds them whole ("If ZeRO-3 is used, we shard both the active and reference
        # model. Otherwise ... initialized on each device with ZeRO disabled (stage 0)":
        # trl DPOTrainer._prepare_deepspeed)
        models = trained_models(self.objective)
        trainable *= models
        weights = weights * models + base * frozen_models(self.objective, self.method)
        if sharded >= 3:
            weights /= n
        # CPU offload is DeepSpeed ZeRO-Offload (offload_optimizer): the fp32 optimizer states
        # AND the gradients live in host memory, the gradients streamed to the CPU as they are
        # reduced ("a system for offloading optimizer and gradient states to CPU memory within
        # ZeRO-2": deepspeed.readthedocs.io/en/stable/zero3.html; "ZeRO Stage 2 Offload -
        # Offload optimizer states and gradients to CPU": lightning.ai DeepSpeed docs;
        # Ren et al. 2021, arXiv 2101.06840, trains 10B on one 32 GB V100); the GPU keeps the
        # 16-bit weights, the activations and the gradient reduction bucket the gradients are
        # reduced and copied through (OFFLOAD_GRAD_BUCKET elements)
        grads = (min(trainable, OFFLOAD_GRAD_BUCKET) * grad_b if self.cpu_offload else
                 trainable * grad_b / (n if sharded >= 2 else 1))
        opt = 0.0 if self.cpu_offload else trainable * opt_b / (n if sharded >= 1 else 1)
        tokens = self.micro_batch * self.seq * (2 if self.objective in PAIRED_OBJECTIVES
                                                else 1)
        # an encoder-decoder keeps activations in both stacks (sequence_length taken for both).
        # Pipeline parallel (1F1B): the first stage keeps p micro-batches of its L/p layers in
        # flight, L layers' worth; tensor parallel with sequence parallelism divides every
        # activation by t (Korthikanti et al. 2022, arXiv 2205.05198, sections 4.2.2-4.2.3)
        layers = a.stack_layers
        if self.checkpointing:
            act = layers * tokens * a.hidden_size * 2 + layer_activation_bytes(
                a, tokens, self.seq, self.flash)
        else:
            act = layers * layer_activation_bytes(a, tokens, self.seq, self.flash)
        act /= tp
        # logits in bf16 with the loss upcast to fp32 in chunks (torchtune, HF fused CE),
        # vocabulary-parallel over the tensor group; on the last pipeline stage only, beside
        # one micro-batch of its L/p layers
        logits = TRAIN_LOGIT_BYTES * tokens * a.vocab_size / tp
        act = act + logits if self.pp == 1 else max(act, act / self.pp + logits)
        overhead = TRAIN_FRAGMENTATION * (weights + grads + opt + act)
        if sharded >= 3 and n > 1:
            # FSDP/ZeRO-3 gathers a layer (and prefetches the next) as it is stored: one
            # transformer block's parameters at the base's bits (the embeddings are not part
            # of a block). A 4-bit QLoRA base is gathered packed, at 4 bits, and dequantized
            # one matrix at a time in the matmul: Answer.AI's FSDP-QLoRA stores bitsandbytes'
            # Params4bit in a 16-bit ``quant_storage`` dtype only so that FSDP can shard and
            # all-gather the packed 4-bit data (answerdotai/fsdp_qlora README and train.py
            # ``bnb_4bit_quant_storage``; bitsandbytes "FSDP-QLoRA" docs) -- the same bytes
            # the ZeRO-3 communication line gathers (speed._training_comm: weight_bytes at
            # the plan's precision). 16 bits before: DeepSeek-V3 QLoRA on 8 x H100 counted
            # 43.7 GiB of overhead and did not fit (audit train #9)
            pb = param_breakdown(a)
            overhead += 2 * block_bytes(pb, self.precision) / max(1, a.stack_layers) / tp
        return _parts(weights, 0.0, act, overhead, grads, opt)

    def host_offload_gib(self, node_gpus: int) -> tuple[float, float] | None:
        """Host (CPU) RAM one node needs under CPU offload, in GiB, as DeepSpeed's estimators
        count it (the sources at :data:`OFFLOAD_HOST_GRAD_BYTES`): (the offloaded state, the
        model's load), each x :data:`OFFLOAD_HOST_BUFFER`; the node needs the larger. The
        state is the node's share of the trained parameters' optimizer bytes (AdamW: fp32
        master weights and two fp32 moments) and fp32 gradients, sharded over the
        data-parallel GPUs by ZeRO-1/2/3 as the ZeRO-3 estimator's ``gpus_factor`` shares it
        (a trained value model counted as the policy is); the load is every GPU process of
        the node building the whole model on the host in fp32 under ZeRO-0/1/2, none under
        ZeRO-3 (zero.Init, as Hugging Face Transformers and Accelerate use it with ZeRO-3).
        None without cpu_offload."""
        if not self.cpu_offload:
            return None
        on_node = min(self.gpus, max(1, node_gpus))
        opt_b, _ = OPTIMIZER_BYTES[self.optimizer]
        copies = 1 if (self.zero_stage or 0) >= 1 else self.dp
        state = (self.trainable() * trained_models(self.objective) * copies
                 * (opt_b + OFFLOAD_HOST_GRAD_BYTES) * on_node / self.gpus)
        load = (0.0 if (self.zero_stage or 0) >= 3 else
                OFFLOAD_HOST_LOAD_BYTES * self.model.total_params * on_node)
        return (state * OFFLOAD_HOST_BUFFER / GIB, load * OFFLOAD_HOST_BUFFER / GIB)

    def whole(self) -> MemoryParts:
        p = self.per_gpu()
        n = self.gpus
        return MemoryParts(
            weights_gib=p.weights_gib * n, kv_cache_gib=0.0,
            activations_gib=p.activations_gib * n,
            gradients_gib=(p.gradients_gib or 0.0) * n, optimizer_gib=(p.optimizer_gib or 0.0) * n,
            overhead_gib=p.overhead_gib * n, total_gib=p.total_gib * n)


# ---------------------------------------------------------------------------------------------
# Diffusion


def denoiser(model: SizedModel) -> Component | None:
    return next((c for c in model.components if c.role == "denoiser"), None)


def latent_tokens(model: SizedModel, width: int, height: int) -> float:
    f = model.latent_downsample or 8
    return (width / f) * (height / f)


# Training, DiTs: working memory of one denoiser forward pass per patch token and per
# sqrt(1e9 denoiser parameters), at 16-bit: 3.4e5 bytes, fitted to FLUX.1-dev at 1024x1024
# (calibration.csv h182/h183, peak minus after-loading); x _DIT_TRAIN_FACTOR kept for
# backward. No published DiT fine-tuning measurement is in calibration.csv: the factor is the
# UNet's stored-over-forward ratio carried over, an extrapolation. Also the inference working
# set of an image DiT's step (FLUX's measured peak-minus-loaded, 4.5-5.2 GiB of
# max_memory_reserved, is more than its VAE decode: the denoiser phase is the peak there).
_DIFF_ACT_BYTES_PER_TOKEN_PER_GPARAM = 3.4e5
_DIT_TRAIN_FACTOR = 3.5
# Training, UNets: values kept for backward per sample, per latent position and per channel of
# the first level (block_out_channels[0]) without gradient checkpointing: 1,040, from the PEFT
# README's DreamBooth table (huggingface/peft README @0032f32a, "Parameter Efficient Tuning of
# Diffusion Models"; calibration.csv h156/h157: SD v1-4 at 512x512 on an A100, batch 1). Its
# command (same README) is examples/lora_dreambooth/train_dreambooth.py with
# --train_text_encoder and --with_prior_preservation (each step concatenates an instance and a
# class image: 2 samples) and no --mixed_precision (accelerate's default 'no': fp32 weights
# and activations). Measured minus the fp32 weights, gradients and AdamW states of what is
# trained leaves 10.0 GiB (LoRA, 15.5 GB) and 10.4 GiB (full, 27.5 GB) of activations for 2
# samples x 64 x 64 positions x 320 channels x 4 bytes: 1,026 and 1,061 values.
_UNET_TRAIN_VALUES_PER_POSITION_CHANNEL = 1040.0
# Gradient checkpointing keeps only block inputs and recomputes the rest in backward: the same
# table's "PEFT-LoRA with Gradient Checkpointing" column, 8.12 GB against 15.5 GB, leaves 3.1
# of the 10.0 GiB of activations: 0.31.
_DIFF_CHECKPOINTED_SHARE = 0.31
# Text encoders trained along (DreamBooth's --train_text_encoder): the CLIP encoders. The
# diffusers FLUX DreamBooth LoRA script trains only CLIP (examples/dreambooth/README_flux.md:
# "text encoder training of the CLIP encoder is performed. At the moment, T5 fine-tuning is not
# supported and weights remain frozen"); so encoders under 1B parameters are trained (CLIP-L
# 123M, OpenCLIP-bigG 695M), larger ones (T5-XXL 4.7B, LLM encoders) stay frozen at the
# weights' precision. Prior preservation: train_dreambooth.py's collate_fn concatenates the
# class examples to the instance examples ("to avoid doing two forward passes").
_TRAINED_TEXT_ENCODER_MAX_PARAMS = 1.0e9
# LoRA adapters as a share of the parameters they adapt: an upper bound (rank 16 on the SD
# UNet's attention projections is ~0.4 %), negligible next to the activations either way.
_DIFF_LORA_SHARE = 0.01
# Optimizer state per fp32 trainable parameter: AdamW's two fp32 moments (torch.optim.AdamW),
# bitsandbytes 8-bit AdamW's two 8-bit moments (the scripts' --use_8bit_adam), two bf16
# moments, SGD's fp32 momentum.
_DIFF_OPTIMIZER_STATE_BYTES = {"adamw": 8.0, "adamw-8bit": 2.0, "adamw-bf16": 4.0, "sgd": 4.0}
# Video fine-tuning follows the video LoRA trainers, not DreamBooth: finetrainers
# (a-r-r-o-w/finetrainers), musubi-tuner and diffusion-pipe encode the captions and the clips
# before training (finetrainers' --precompute_conditions; musubi-tuner's cache_latents.py and
# cache_text_encoder_outputs.py; diffusion-pipe's latent and text-embedding cache), so during
# training only the transformer is on the GPU: no text encoder trained or resident, no VAE, and
# no prior-preservation class clip. finetrainers' measured runs hold exactly the transformer's
# bf16 weights and the adapters before training (docs/training/cogvideox.md: 10.62 GiB
# allocated = 5.57B x 2 bytes + the 132M-parameter LoRA; hunyuan_video.md, with precomputation:
# 24.20 GiB = 12.82B x 2 + 164M). They train on short clips: 49 frames in the documented
# recipes (--video_resolution_buckets 49x480x720 for CogVideoX, 49x512x768 for HunyuanVideo),
# not the model's inference frame count (HunyuanVideo generates 129).
VIDEO_TRAIN_FRAMES = 49
# LoRA adapters of a video transformer: rank r on the four attention projections of every
# block (finetrainers' --target_modules to_q to_k to_v to_out.0), 2 x r x hidden parameters
# each: CogVideoX-5B at rank 128, 42 blocks x 4 x 2 x 128 x 3072 = 132,120,576, finetrainers'
# logged "trainable parameters" exactly (HunyuanVideo: 60 blocks give 189M against its logged
# 164M, its single-stream blocks having no to_out: an upper bound).
_VIDEO_LORA_PROJECTIONS_PER_BLOCK = 4
# Video DiT training activations with gradient checkpointing, bytes per patch token per hidden
# unit per transformer block, at 16-bit: 4.5. Checkpointing keeps each block's 16-bit input
# (2 bytes per token per hidden unit per block) and recomputes one block at a time in backward;
# the rest is that block's working set and allocator slack. Fitted to finetrainers' peak
# max_memory_reserved (GiB: finetrainers/utils/memory_utils.py divides by 1024**3), LoRA rank
# 128, batch 1, --gradient_checkpointing, conditions precomputed, minus the weights, fp32
# adapters, gradients, optimizer state and the 0.3 GiB overhead this module counts:
# CogVideoX-5B 49x480x720, 8-bit AdamW (--use_8bit_bnb), 20.70 GiB -> 8.8 GiB over 17,550
# tokens x 3072 x 42 blocks = 4.2 bytes; HunyuanVideo 49x512x768, AdamW, 42.39 GiB -> 15.4 GiB
# over 19,968 tokens x 3072 x 60 blocks = 4.5 bytes. The larger is kept (an upper bound).
# Without checkpointing no video measurement is published: the UNet's checkpointed share
# (_DIFF_CHECKPOINTED_SHARE) is carried over, an extrapolation.
_VIDEO_TRAIN_CKPT_BYTES_PER_TOKEN_HIDDEN_BLOCK = 4.5

# Inference peak = weights + the larger of two phases, never their sum: the denoiser's
# activations are freed after each step (only the small latents live on), and the VAE decode
# runs after the last step.
#
# UNet phase, per sample (CFG doubles the samples). With PyTorch SDPA, diffusers' default
# attention processor since diffusers 0.14 / torch 2.0 (AttnProcessor2_0), FlashAttention /
# memory-efficient kernels never materialise the positions^2 attention matrix (Dao et al.,
# "FlashAttention", arXiv:2205.14135, sec. 3: O(N) extra memory), so the working set is
# linear in latent positions: skip tensors, a ResNet's GroupNorm/SiLU/conv intermediates and
# the GEGLU feed-forward, plus cuDNN workspaces. Bytes per latent position per channel of
# the first (widest-in-positions) level: 235, from "Exploring simple optimizations for SDXL"
# (huggingface/blog simple_sdxl_optimizations.md @11e799d7, A100 40GB, fp16 + SDPA, 4 images
# at 1024x1024): with the Tiny Autoencoder (its decode is negligible) the peak allocated is
# 15.48 GiB, minus 6.31 GiB of UNet + text-encoder weights = 9.17 GiB for 8 UNet samples
# (4 images x CFG) = 1.146 GiB per sample over 128 x 128 positions x 320 channels. That is
# more than the live tensors alone (~0.2 GiB per sample): the rest is cuDNN workspace and
# allocator slack on a 40 GB card, kept so that the estimate stays an upper bound.
_UNET_ACT_BYTES_PER_POSITION_CHANNEL = 235.0
# VAE decode, per output pixel: values live at once in the decoder's full-resolution
# up-block (the 256-channel upsampled input held for the residual, its GroupNorm and SiLU
# outputs, the 128-channel conv output; ~3 x 256 + 128 = 896) plus cuDNN workspace: 966,
# from the same blog table: fp16 + SDPA, 4 images decoded at once with the VAE upcast to fp32
# (SDXL's force_upcast), peak 21.72 GiB minus 6.62 GiB of weights (VAE in fp32) = 15.10 GiB
# = 4 x 1024 x 1024 x 966 x 4 bytes. With VAE slicing (one image at a time) the same run
# peaks at 15.40 GiB, the UNet phase: the decode is the peak only when it is batched.
_VAE_VALUES_PER_PIXEL = 966.0
# UNet families (no patchify: the denoiser sees every latent position).
_UNET_FAMILIES = ("sd", "sd2", "sdxl", "sdxl-turbo")
# DiT families run with classifier-free guidance (two denoiser samples per image: each
# pipeline's default guidance_scale > 1); the others are guidance-distilled (FLUX's guidance
# embedding) or run once. UNets: all with CFG but SDXL-Turbo (guidance_scale 0.0 on its card).
_CFG_FAMILIES = ("sd3", "wan")
# Video pipelines that batch the guided and unguided passes into one denoiser call (diffusers
# MochiPipeline, CogVideoXPipeline, LTXPipeline: torch.cat([latents] * 2) when guidance > 1).
_CFG_BATCHED_VIDEO = ("mochi", "cogvideox", "ltx-video")
# Video DiT denoiser phase, bytes per patch token (all latent frames) per hidden unit of the
# transformer, at 16-bit: 94.9, from HunyuanVideo's README (github.com/Tencent/HunyuanVideo,
# "Requirements", batch 1): GPU peak 60 GB at 720x1280x129f and 45 GB at 544x960x129f. The
# 15 GB between them over 118,800 - 67,320 = 51,480 tokens (33 latent frames x 45 x 80 and x
# 34 x 60 patches) is 291 KB per token = 94.9 B x 3072 hidden; the intercept, 25.4 GB, is the
# transformer's bf16 weights (25.6 GB): the README's run holds the text encoders off the GPU
# (--use-cpu-offload), so the rest of the peak is this phase.
_VIDEO_DIT_ACT_BYTES_PER_TOKEN_PER_HIDDEN = 94.9
# Video VAE decode with tiling: every video pipeline's published recipe calls
# pipe.enable_vae_tiling() (diffusers docs for Mochi, HunyuanVideo, CogVideoX, LTX), because
# decoding all frames at once is the known peak: diffusers' Mochi page needs "at least 70GB"
# to decode 163 frames in fp32 even tiled spatially. Tiled, the decoder holds one tile at a
# time: diffusers AutoencoderKLHunyuanVideo.enable_tiling defaults, 256 x 256 pixels x 16
# frames (LTX's VAE uses 512 x 512), at _VAE_VALUES_PER_PIXEL values, plus the decoded video
# kept twice (the blended tiles and the concatenated output, 3 channels, 16-bit).
_VIDEO_VAE_TILE_PIXELS = 256 * 256 * 16
_VIDEO_OUTPUT_BYTES_PER_PIXEL = 2 * 3 * 2.0


def _is_unet(model: SizedModel) -> bool:
    den = denoiser(model)
    return model.family in _UNET_FAMILIES or (
        den is not None and "block_out_channels" in (den.architecture or {}))


def video_latent_frames(model: SizedModel, frames: int | None = None) -> int:
    """Latent frames of a video (causal VAE: 1 + (frames - 1) / temporal compression); 1 for
    an image model."""
    f = frames if frames is not None else model.num_frames
    if not f or f <= 1:
        return 1
    return 1 + (int(f) - 1) // int(model.temporal_downsample or 4)


def is_video(model: SizedModel) -> bool:
    return bool(model.num_frames and model.num_frames > 1)


def video_training_frames(model: SizedModel) -> int:
    """Frames of a training clip: the video trainers' 49 (VIDEO_TRAIN_FRAMES), or the model's
    own count where that is shorter."""
    return min(int(model.num_frames or 1), VIDEO_TRAIN_FRAMES)


def _dit_blocks(model: SizedModel) -> int | None:
    """Transformer blocks of a DiT denoiser (double- plus single-stream, as in HunyuanVideo)."""
    arch = (den.architecture or {}) if (den := denoiser(model)) else {}
    n, single = arch.get("num_layers"), arch.get("num_single_layers", 0)
    if isinstance(n, int | float) and isinstance(single, int | float):
        return int(n + single)
    return None


def denoiser_sequence(model: SizedModel, width: int, height: int,
                      frames: int | None = None) -> float:
    """Positions a denoiser attends over: latent positions (UNet) or patches (DiT), over every
    latent frame of a video (the model's own frame count unless ``frames`` is given)."""
    tokens = latent_tokens(model, width, height)
    lf = video_latent_frames(model, frames)
    den = denoiser(model)
    if den is None or _is_unet(model):
        return tokens * lf
    patch = (den.architecture or {}).get("patch_size", 2)
    p = int(patch[-1]) if isinstance(patch, list) else int(patch) if isinstance(
        patch, int | float) else 2
    pt = int(patch[0]) if isinstance(patch, list) and len(patch) == 3 else 1
    return tokens / p**2 * math.ceil(lf / max(1, pt))


def _dit_hidden(model: SizedModel) -> float | None:
    arch = (den.architecture or {}) if (den := denoiser(model)) else {}
    h = arch.get("hidden_size")
    if isinstance(h, int | float):
        return float(h)
    heads, dim = arch.get("num_attention_heads"), arch.get("attention_head_dim")
    if isinstance(heads, int | float) and isinstance(dim, int | float):
        return float(heads * dim)
    return None


def _unet_first_channels(model: SizedModel) -> float:
    den = denoiser(model)
    ch = (den.architecture or {}).get("block_out_channels") if den else None
    if isinstance(ch, list) and ch and isinstance(ch[0], int | float):
        return float(ch[0])
    return 320.0  # SD 1.x/2.x/SDXL: block_out_channels[0] = 320 (their unet/config.json)


def _vae_bytes_per_value(model: SizedModel, precision: Precision) -> float:
    """The VAE decodes in fp32 where the pipeline upcasts it (SDXL's VAE: force_upcast in its
    config, recorded as the component's fp32 default precision) or the run is fp32; else at
    16-bit."""
    vae = next((c for c in model.components if c.role == "vae"), None)
    if precision.scope == "all" and precision.bits_linear >= 32:
        return 4.0
    return 4.0 if vae is not None and vae.default_precision == "fp32" else 2.0


def diffusion_inference_activation_bytes(model: SizedModel, precision: Precision, width: int,
                                         height: int, batch: int) -> float:
    """Peak activation bytes of a text-to-image pipeline call of ``batch`` images: the larger
    of the denoiser phase (a step over ``batch`` x CFG samples) and the VAE decode of the
    batch (plus the fp32 copy of an upcast VAE's weights)."""
    return max(diffusion_inference_phase_bytes(model, precision, width, height, batch))


def diffusion_inference_phase_bytes(model: SizedModel, precision: Precision, width: int,
                                    height: int, batch: int) -> tuple[float, float]:
    """(denoiser phase, VAE decode) activation bytes of a pipeline call of ``batch`` images
    (:func:`diffusion_inference_activation_bytes` takes the larger; with model CPU offload
    each phase is held with its own component's weights only)."""
    den = denoiser(model)
    positions = latent_tokens(model, width, height)
    if _is_unet(model):
        cfg = 1 if model.family == "sdxl-turbo" else 2
        per_sample = positions * _unet_first_channels(model) * _UNET_ACT_BYTES_PER_POSITION_CHANNEL
    elif is_video(model) and (hidden := _dit_hidden(model)) is not None:
        # the guided and unguided passes share one call only where the pipeline batches
        # them; Wan runs them one after the other (diffusers WanPipeline and Wan's own
        # generate.py: noise_pred, then noise_uncond, two transformer calls), so its peak is
        # one pass
        cfg = 2 if model.family in _CFG_BATCHED_VIDEO else 1
        per_sample = (denoiser_sequence(model, width, height) * hidden
                      * _VIDEO_DIT_ACT_BYTES_PER_TOKEN_PER_HIDDEN)
    else:
        cfg = 2 if model.family in _CFG_FAMILIES else 1
        dparams = (den.params if den else model.total_params) / 1e9
        per_sample = (denoiser_sequence(model, width, height) * math.sqrt(dparams)
                      * _DIFF_ACT_BYTES_PER_TOKEN_PER_GPARAM)
    denoise = batch * cfg * per_sample
    vb = _vae_bytes_per_value(model, precision)
    vae = next((c for c in model.components if c.role == "vae"), None)
    upcast_copy = vae.params * (vb - 2.0) if vae is not None else 0.0
    if is_video(model):
        pixels = width * height * float(model.num_frames or 1)
        decode = (batch * min(pixels, _VIDEO_VAE_TILE_PIXELS) * _VAE_VALUES_PER_PIXEL * vb
                  + batch * pixels * _VIDEO_OUTPUT_BYTES_PER_PIXEL + upcast_copy)
    else:
        decode = batch * width * height * _VAE_VALUES_PER_PIXEL * vb + upcast_copy
    return denoise, decode


def trained_text_encoders(model: SizedModel) -> list[Component]:
    """The text encoders a DreamBooth-style fine-tune trains along (its CLIP encoders)."""
    return [c for c in model.components if c.role == "text_encoder"
            and c.params < _TRAINED_TEXT_ENCODER_MAX_PARAMS]


def fp32_kept_params(c: Component) -> float:
    """The parameters of a T5 text encoder that transformers keeps in fp32 when the pipeline
    runs in fp16 (a GPU without bf16): only the FFN output projections ``wo``, one
    d_ff x d_model matrix per layer. ``T5PreTrainedModel._keep_in_fp32_modules = ["wo"]``
    (transformers src/transformers/models/t5/modeling_t5.py; UMT5PreTrainedModel, Wan's
    umT5, carries the same line in models/umt5/modeling_umt5.py): from_pretrained casts
    those to fp32 under torch_dtype float16 and runs the rest in fp16. Quantized with
    bitsandbytes the same modules stay unquantized: Bnb4BitHfQuantizer and
    Bnb8BitHfQuantizer set ``use_keep_in_fp32_modules = True`` and pass the list to
    ``get_modules_to_not_convert`` (quantizers/quantizer_bnb_4bit.py), the rest of the
    encoder stays quantized. T5-v1.1-XXL: 24 x 10240 x 4096 = 1.007B of its 4.76B. A
    component without its layer count and widths: all of it (the old whole-fp32 count)."""
    arch = c.architecture or {}
    dims = [arch.get(k) for k in ("num_layers", "intermediate_size", "hidden_size")]
    sizes = [float(v) for v in dims if isinstance(v, int | float) and v > 0]
    if len(sizes) == 3:
        return min(float(c.params), math.prod(sizes))
    return float(c.params)


def diffusion_memory(model: SizedModel, precision: Precision, width: int, height: int,
                     batch: int, training: str | None = None, *,
                     checkpointing: bool = False, prior_preservation: bool = True,
                     optimizer: str = "adamw", fp32: tuple[str, ...] = (),
                     lora_rank: int | None = None, qlora: bool = False,
                     cpu_offload: bool = False) -> MemoryParts:
    """Memory of a diffusion pipeline: inference (``training`` None), or a DreamBooth-style
    fine-tune (``training`` "lora" or "full") as the diffusers/PEFT DreamBooth scripts run it:
    the denoiser and the CLIP text encoders trained (their --train_text_encoder), each step
    an instance and a class image when ``prior_preservation`` (--with_prior_preservation),
    trained parameters, gradients and AdamW states in fp32 (the scripts keep trainable
    parameters in fp32 under mixed precision), frozen ones at the weights' precision, and the
    activations at the training precision (fp32 weights: no mixed precision). ``batch``: the
    images in one call (inference), or per GPU in one forward/backward pass (training: the
    request's finetune.micro_batch_size), which the activations grow with. ``fp32``:
    components whose fp32-kept modules stay in fp32 whatever the precision (a T5 encoder in
    an fp16 pipeline: its ``wo`` projections, :func:`fp32_kept_params`; the rest of it at
    the precision, quantized where the precision is).

    A video model trains as the video LoRA trainers run it instead (finetrainers,
    musubi-tuner, diffusion-pipe): conditions and latents precomputed, so only the transformer
    is on the GPU, no text encoder trained, no prior preservation (``prior_preservation``
    ignored), a VIDEO_TRAIN_FRAMES-frame clip, LoRA of ``lora_rank`` on the attention
    projections where the rank is given.

    ``qlora`` (with ``training`` "lora"): diffusers' QLoRA recipe
    (examples/research_projects/flux_lora_quantization/README.md, the recipe of the Hugging Face
    blog "Fine-tuning FLUX.1-dev on consumer hardware"): the text embeddings are precomputed
    ("we don't load the text encoders") and the latents cached with the VAE then deleted, so
    only the denoiser is on the GPU, quantized to ``precision`` (bitsandbytes NF4) with fp32
    LoRA adapters on it; no text encoder trained, no prior-preservation class image.

    ``cpu_offload`` (inference only): diffusers' model CPU offload
    (``pipe.enable_model_cpu_offload()``: "only one of the main components of the pipeline
    (typically the text encoder, UNet and VAE) is placed on the GPU while the others wait on
    the CPU", huggingface.co/docs/diffusers/optimization/memory#model-offloading): the peak
    is the largest of each phase's component with that phase's activations (a text encoder
    alone, the denoiser with its step's activations, the VAE with its decode)."""
    weights = 0.0
    by_component: list[tuple[str, float]] = []
    den = denoiser(model)
    video_train = training is not None and is_video(model)
    # conditions and latents encoded before training: the denoiser alone on the GPU
    precomputed = video_train or (training is not None and qlora)
    trained_te = ({id(c) for c in trained_text_encoders(model)}
                  if training and not precomputed else set())
    hidden, blocks = _dit_hidden(model), _dit_blocks(model)
    trainable = 0.0
    for c in model.components:
        if precomputed and c.role != "denoiser":
            continue  # text encoders and VAE ran before training (precomputed)
        # an audio model's encoder and decoder (Whisper, MusicGen, Bark's GPTs) are its
        # transformers, quantized like a denoiser; codecs and VAEs stay at 16-bit
        bits = (precision.bits_linear
                if c.role in ("denoiser", "text_encoder", "encoder", "decoder") else 16.0)
        if precision.scope == "all" and precision.bits_linear >= 16:
            bits = precision.bits_linear
        # a T5 encoder in an fp16 pipeline: its wo projections in fp32, the rest at ``bits``
        kept32 = fp32_kept_params(c) if c.name in fp32 and bits < 32 else 0.0
        trained = training is not None and (c.role == "denoiser" or id(c) in trained_te)
        if trained and training == "full":
            bits = 32.0
            trainable += c.params
        elif trained and video_train and lora_rank and hidden and blocks:
            trainable += (blocks * _VIDEO_LORA_PROJECTIONS_PER_BLOCK * 2 * lora_rank
                          * hidden)
        elif trained:
            trainable += c.params * _DIFF_LORA_SHARE
        if bits >= 32:
            kept32 = 0.0
        own = (c.params - kept32) * bits / 8 + kept32 * 4.0
        weights += own
        by_component.append((c.role, own))
    grads = opt = None
    if training:
        samples = batch * (2 if prior_preservation and not precomputed else 1)
        act_bytes = 4.0 if precision.bits_linear >= 32 else 2.0
        kept = _DIFF_CHECKPOINTED_SHARE if checkpointing else 1.0
        if video_train and hidden and blocks:
            seq = denoiser_sequence(model, width, height, video_training_frames(model))
            per_sample = (seq * hidden * blocks * _VIDEO_TRAIN_CKPT_BYTES_PER_TOKEN_HIDDEN_BLOCK
                          * act_bytes / 2)
            kept = 1.0 if checkpointing else 1.0 / _DIFF_CHECKPOINTED_SHARE
        elif _is_unet(model):
            per_sample = (latent_tokens(model, width, height) * _unet_first_channels(model)
                          * _UNET_TRAIN_VALUES_PER_POSITION_CHANNEL * act_bytes)
        else:
            seq = denoiser_sequence(model, width, height,
                                    video_training_frames(model) if video_train else None)
            dparams = (den.params if den else model.total_params) / 1e9
            per_sample = (seq * math.sqrt(dparams) * _DIFF_ACT_BYTES_PER_TOKEN_PER_GPARAM
                          * _DIT_TRAIN_FACTOR * act_bytes / 2)
        act = samples * per_sample * kept
        grads = trainable * 4.0  # fp32 gradients of fp32 trainable parameters
        # the trained parameters are themselves fp32 (no separate master copy)
        opt = trainable * _DIFF_OPTIMIZER_STATE_BYTES.get(optimizer, 8.0)
        if training != "full":
            weights += trainable * 4.0  # the fp32 LoRA adapters
    elif cpu_offload:
        denoise, decode = diffusion_inference_phase_bytes(model, precision, width, height,
                                                          batch)
        # each phase: (its component's weights, its activations); text encoders and other
        # components run alone (their activations are a prompt's, negligible beside them)
        phases = [(w, denoise if role == "denoiser" else decode if role == "vae" else 0.0)
                  for role, w in by_component]
        weights, act = max(phases, key=lambda p: p[0] + p[1], default=(0.0, 0.0))
    else:
        act = diffusion_inference_activation_bytes(model, precision, width, height, batch)
    overhead = 0.3 * GIB
    return _parts(weights, 0.0, act, overhead, grads, opt)
