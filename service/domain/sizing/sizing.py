"""The sizing answer: resolve the model and formats, size memory, and attach speed and cost."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, cast

import msgspec

from service.domain.base import Out
from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU, GpuReading
from service.domain.catalog.hf_config import architecture_from_hf, weights_from_hf
from service.domain.catalog.models import (
    Architecture,
    ModelEntry,
    active_params,
    cross_attention_kv_bytes,
    kv_bytes_per_token,
    param_breakdown,
    seq_cache_bytes,
)
from service.domain.catalog.names import stray_characters
from service.domain.catalog.precisions import (
    PRECISIONS,
    KVType,
    Precision,
    find_kv_type,
    find_precision,
    get_precision,
    normalize,
)
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.fields import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    EMBED_INPUT_SOURCES,
    EMBED_INPUT_TOKENS,
)
from service.domain.locale import plain, sig3
from service.domain.sizing.audio_speed import (
    WHISPER_WINDOW_S,
    cache_bytes_per_sequence,
    latent_audio,
)
from service.domain.sizing.batching import EMBED_BATCH, audio_batch, embed_batch
from service.domain.sizing.cost import Cost, estimate_cost
from service.domain.sizing.diffusion_speed import (
    fp16_overflow_notes,
    untimed_compute_warning,
    vae_words,
)
from service.domain.sizing.efficiency import EMPTY as EMPTY_PERF
from service.domain.sizing.efficiency import PerfTables, joined_as
from service.domain.sizing.hardware import (
    check_hardware,
    flash_attention_note,
    fp32_components,
    kernel_engine,
    pipeline_fp16_upcast,
    runs_as,
    runs_on,
)
from service.domain.sizing.layout import (
    NODE_GPUS,
    Layout,
    all_to_all_link,
    divisors,
    machine_node,
    node_of,
    nvlink_domain,
    search_inference,
    search_training,
    tensor_in_node_weighed,
    tensor_parallel_refusal,
    tp_limit,
)
from service.domain.sizing.memory import (
    GIB,
    OFFLOAD_HOST_BUFFER,
    OFFLOAD_HOST_GRAD_BYTES,
    OPTIMIZER_BYTES,
    PAIRED_OBJECTIVES,
    REFERENCE_OBJECTIVES,
    Assumption,
    InferencePlan,
    MemoryParts,
    SizedModel,
    TrainingPlan,
    diffusion_memory,
    extended_context_warning,
    fp32_kept_params,
    frozen_models,
    is_video,
    video_training_frames,
    weight_bytes,
    with_weight_bytes,
)
from service.domain.sizing.requests import (
    FinetuneOptions,
    Parallelism,
    SizingRequest,
    training_options,
)
from service.domain.sizing.serving import (
    ExpertParallelStep,
    StepCost,
    admission,
    dispatch_model,
    step_cost,
)
from service.domain.sizing.speed import (
    INTER_NODE_GB_S_PER_GPU,
    MOE_EXPERT_EFFICIENCY,
    MOE_LOOP_MIN_EXPERTS,
    DecodeStep,
    LoadModel,
    LoadModels,
    Note,
    Performance,
    TrainingSpeed,
    achievable_tflops,
    decode_cost,
    decode_step_fixed,
    estimate_performance,
    inter_node_gb_s,
    kernel_compute,
    layer_matrices,
    pipeline_hops,
    shared_load_model,
    training_speed,
)

MAX_PARAMS = 10_000_000_000_000


class ModelInfo(Out, frozen=True, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the model's registry id ('custom' for an architecture given in the request)")]
    name: Annotated[str, msgspec.Meta(
        description="the model's display name")]
    kind: Annotated[str, msgspec.Meta(
        description="llm, diffusion or audio")]
    total_params: Annotated[int, msgspec.Meta(
        description="parameters in all, a count")]
    active_params: Annotated[int, msgspec.Meta(
        description="parameters used per token, a count (a mixture of experts' active experts; "
                    "total_params for a dense model)")]
    source: Annotated[str, msgspec.Meta(
        description="where the model's figures come from (its config or model card URL; "
                    "'request' for an architecture given in the request)")]


class GpuInfo(Out, frozen=True, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the GPU's registry id")]
    name: Annotated[str, msgspec.Meta(
        description="the GPU's display name")]
    memory_gib: Annotated[float, msgspec.Meta(
        description="total memory as the runtime reports it, in GiB")]
    usable_gib: Annotated[float, msgspec.Meta(
        description="memory a framework can allocate, in GiB: memory_gib less the CUDA context")]
    bandwidth_gb_s: Annotated[float, msgspec.Meta(
        description="peak memory bandwidth, in GB/s (decimal)")]
    source: Annotated[str, msgspec.Meta(
        description="where the GPU's figures come from")]


class Memory(Out, frozen=True, kw_only=True):
    weights_gib: Annotated[float, msgspec.Meta(
        description="the model's weights, in GiB, every GPU together")]
    kv_cache_gib: Annotated[float | None, msgspec.Meta(
        description="the KV cache at batch_size requests of the context sized, in GiB, every GPU "
                    "together; null for a model that keeps none (diffusion)")]
    activations_gib: Annotated[float, msgspec.Meta(
        description="activations and working buffers, in GiB, every GPU together")]
    gradients_gib: Annotated[float | None, msgspec.Meta(
        description="training: gradients, in GiB, every GPU together; null for inference")]
    optimizer_gib: Annotated[float | None, msgspec.Meta(
        description="training: optimizer states (and master weights), in GiB, every GPU "
                    "together; null for inference")]
    overhead_gib: Annotated[float, msgspec.Meta(
        description="the runtime's own memory (CUDA context, engine buffers), in GiB, every GPU "
                    "together")]
    total_gib: Annotated[float, msgspec.Meta(
        description="the sum of the parts, in GiB, every GPU together")]
    per_gpu_gib: Annotated[float, msgspec.Meta(
        description="what one GPU holds, in GiB (per_gpu.total_gib): what fits compares with "
                    "capacity_per_gpu_gib")]
    per_gpu: Annotated[MemoryParts, msgspec.Meta(
        description="the memory by part on one GPU, in GiB")]


class HostMemory(Out, frozen=True, kw_only=True):
    """Host (CPU) RAM a training run with ``cpu_offload`` needs on one node (DeepSpeed
    ZeRO-Offload), as DeepSpeed's own memory estimators count it."""

    per_node_gib: Annotated[float, msgspec.Meta(
        description="host RAM one node needs, in GiB: the larger of state_gib and load_gib")]
    node_gpus: Annotated[int, msgspec.Meta(
        description="the run's GPUs on that node (the figures grow with them)")]
    state_gib: Annotated[float, msgspec.Meta(
        description="the offloaded state the node keeps in (pinned) host memory through the "
                    "run, in GiB: its share of the trained parameters' fp32 master weights, "
                    "fp32 gradients and optimizer moments (AdamW: 16 bytes per parameter), "
                    "x 1.5")]
    load_gib: Annotated[float, msgspec.Meta(
        description="the peak while loading, in GiB: each GPU process of the node builds the "
                    "whole model on the host in fp32 (4 bytes per parameter) under ZeRO-0/1/2, "
                    "x 1.5; 0 under ZeRO-3 (zero.Init)")]
    source: Annotated[str, msgspec.Meta(
        description="where the rule comes from")]


HOST_MEMORY_SOURCE = (
    "DeepSpeed's memory estimators (deepspeed/runtime/zero/stage_1_and_2.py "
    "estimate_zero2_model_states_mem_needs, stage3.py estimate_zero3_model_states_mem_needs) "
    "and deepspeed.readthedocs.io/en/latest/memory.html, General RAM: ZeRO-2 offload "
    "params x max(4 x GPUs per node, 16) x 1.5, ZeRO-3 offload_optimizer with zero.Init "
    "params x 16 / nodes x 1.5")
"""The source said with :class:`HostMemory` (the constants' own sources:
memory.OFFLOAD_HOST_GRAD_BYTES)."""


class FitRow(Out, frozen=True, kw_only=True, gc=False):
    gpu: Annotated[str, msgspec.Meta(
        description="the GPU's registry id")]
    gpu_name: Annotated[str, msgspec.Meta(
        description="the GPU's display name")]
    gpu_count: Annotated[int, msgspec.Meta(
        description="the fewest of these GPUs that hold the model")]
    per_gpu_gib: Annotated[float, msgspec.Meta(
        description="memory each GPU holds at that count, in GiB")]
    gpu_memory_gib: Annotated[float, msgspec.Meta(
        description="total memory of one such GPU, in GiB")]
    decode_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="output tokens per second of one sequence on this row's layout (LLM "
                    "inference); null where not timed")] = None
    tensor_parallel: Annotated[int | None, msgspec.Meta(
        description="inference: the layout this row's per_gpu_gib and decode_tokens_per_s "
                    "are for: one replica over the gpu_count GPUs, tensor parallel over this "
                    "many and pipeline stages over the rest (pipeline_parallel); no layout "
                    "search is run per row. Asking for this GPU and count directly searches "
                    "the layout (the answer's `layout`), which may pick data-parallel "
                    "replicas or a narrower tensor group, with other memory and speed. None "
                    "for training rows")] = None
    pipeline_parallel: Annotated[int | None, msgspec.Meta(
        description="inference: the pipeline stages of this row's layout (gpu_count / "
                    "tensor_parallel); None for training rows")] = None
    weights: Annotated[str | None, msgspec.Meta(
        description="the precision this row is sized at where it is not the answer's "
                    "weights: a GPU whose engine cannot run those (bf16 on a T4, V100 or "
                    "Pascal card) sized at the nearest it runs (fp16), as sizing on it does; "
                    "null where the row is at the answer's weights")] = None
    """Where the row is not at the answer's ``weights``: the nearest precision the GPU's
    engine runs (catalog/kernels.toml), as ``fits_on_precision`` says (audit buyer20 #9:
    "at bf16 fits on one GPU: RTX 2060, GTX 1080", cards with no bf16)."""


class SizingResult(Out, frozen=True, kw_only=True):
    model: Annotated[ModelInfo, msgspec.Meta(
        description="the model sized")]
    task: Annotated[str, msgspec.Meta(
        description="inference, finetune or pretrain, as requested")]
    weights: Annotated[str, msgspec.Meta(
        description="the precision id of the weights sized")]
    kv_cache: Annotated[str | None, msgspec.Meta(
        description="the precision id of the KV cache; null for a model that keeps none")]
    engine: Annotated[str, msgspec.Meta(
        description="the engine id the figures are for (catalog/engines.toml)")]
    gpu: Annotated[GpuInfo | None, msgspec.Meta(
        description="the GPU asked for; null where none was (memory only)")]
    gpu_count: Annotated[int, msgspec.Meta(
        description="GPUs of the setup")]
    memory: Annotated[Memory, msgspec.Meta(
        description="the memory the setup needs: every GPU together and per GPU")]
    kv_cache_bytes_per_token: Annotated[float | None, msgspec.Meta(
        description="KV cache per token of context, in bytes (all layers); null for an embedding "
                    "model or one that keeps none")]
    fits: Annotated[bool | None, msgspec.Meta(
        description="whether the model fits the asked GPUs (per_gpu_gib within "
                    "capacity_per_gpu_gib) and the engine runs these weights there: false "
                    "where a kernel rule (catalog/kernels.toml) refuses the combination, "
                    "whatever the memory (fits_in_memory says that); null without a GPU")]
    max_batch_size: Annotated[int | None, msgspec.Meta(
        description="the most requests of the context sized that the setup's memory holds at "
                    "once, every replica together (an embedding model: at most what the engine "
                    "runs at once); 0 where the engine cannot run these weights on the GPU "
                    "(a kernel rule: fits false, runs false); past the model's own context "
                    "limit (runs false) the memory's count, as fits is the memory's there; "
                    "null without a GPU, for training and for diffusion and audio models")]
    max_context_tokens: Annotated[int | None, msgspec.Meta(
        description="the longest context per request at which batch_size requests fit the "
                    "setup's memory, at most the model's own limit, in tokens (0: not even one "
                    "token fits); null without a GPU, for training and for diffusion and audio "
                    "models")]
    fits_on: Annotated[list[FitRow], msgspec.Meta(
        description="every NVIDIA or AMD GPU of the registry that runs the combination and holds "
                    "it, at the fewest GPUs, with its decode speed, for the one layout the row "
                    "names (inference: tensor_parallel x pipeline_parallel, one replica; not "
                    "searched per row, so asking for that GPU and count directly can pick "
                    "another layout, with other numbers); Gaudi and TPU are not listed")]
    """Every NVIDIA or AMD GPU of the registry that runs the combination and holds it, at the
    fewest GPUs, with its decode speed, both for the one layout the row names (inference:
    ``tensor_parallel`` x ``pipeline_parallel``, one replica; not searched per row, so asking
    for that GPU and count directly can pick another layout, with other numbers). Intel
    Gaudi and Google TPU are sized when the request names them (``gpu``) but not listed
    here: their counts are slices and cards of other stacks, not the GPU counts compared
    here."""
    performance: Annotated[Performance | None, msgspec.Meta(
        description="the speed on the asked GPUs; null without a GPU, where the model does not "
                    "fit, or where it cannot run (runs false)")]
    cost: Annotated[Cost | None, msgspec.Meta(
        description="the prices at the request's price_per_gpu_hour_usd; null without one (or "
                    "without performance)")]
    assumptions: Annotated[list[Assumption], msgspec.Meta(
        description="every default and rule the figures rest on, each with its value and why")]
    sources: Annotated[list[str], msgspec.Meta(
        description="where the figures come from (the model's and GPU's sources, measurements "
                    "used)")]
    layout: Annotated[Layout | None, msgspec.Meta(
        description="how the GPUs share the model (LLM inference and training): searched, "
                    "or fixed by the request's parallelism; null for diffusion and audio "
                    "pipelines")] = None
    """How the GPUs share the model (LLM inference and training): searched, or fixed by the
    request's ``parallelism``; None for diffusion and audio pipelines."""
    warnings: Annotated[list[str], msgspec.Meta(
        description="what the asked GPU or setup cannot do (a kernel rule with its source "
                    "and the nearest precision that runs there, a context past the model's "
                    "limit, a load past capacity)")] = []
    """What the asked GPU cannot do with these weights and engine (catalog/kernels.toml: the
    rule, its source and the nearest precision that runs there); performance and cost are
    null then."""
    capacity_per_gpu_gib: Annotated[float | None, msgspec.Meta(
        description="the memory on one GPU that fits compares with, in GiB: a serving "
                    "engine's share of the card for an LLM (vLLM's "
                    "gpu_memory_utilization, SGLang's mem_fraction_static), else the "
                    "usable memory; null without a GPU")] = None
    """The memory on one GPU that ``fits`` compares with: a serving engine's share of the card
    for an LLM (vLLM's gpu_memory_utilization, SGLang's mem_fraction_static), else the usable
    memory; null without a GPU."""
    runs: Annotated[bool | None, msgspec.Meta(
        description="whether the engine runs these weights on the asked GPU "
                    "(catalog/kernels.toml) and takes the request: false also where the "
                    "context is past the model's own limit. False: performance and cost "
                    "are null and the warnings say why; where the engine cannot run the "
                    "weights there, fits is false and max_batch_size 0 too (fits_in_memory "
                    "keeps the memory's answer); past the context limit fits and "
                    "max_batch_size are about memory only; null without a GPU")] = None
    """Whether the engine runs these weights on the asked GPU (catalog/kernels.toml) and takes
    the request: false also where the context (input and output tokens) is past the model's
    own limit, which engines refuse. False: the combination cannot run, performance and
    cost are null (where a kernel rule refuses it, ``fits`` is false and ``max_batch_size``
    0 too, ``fits_in_memory`` keeping the memory's answer; past the context limit ``fits``
    and ``max_batch_size`` are about memory only), and the warnings say why (the kernel rule and
    the nearest precision that runs, or the model's limit); null without a GPU."""
    fits_in_memory: Annotated[bool | None, msgspec.Meta(
        description="whether the setup's memory holds the model (per_gpu_gib within "
                    "capacity_per_gpu_gib), whether or not the engine runs these weights "
                    "there: fits is this and runs by the kernel rules; null without a GPU")
                              ] = None
    """Memory only: the setup holds the model, whatever the kernels. ``fits`` is false where
    the engine cannot run the weights on the GPU (audit buyer20 #8: ``fits: true`` and a
    batch of 25 beside "impossible combination: vllm cannot run fp8 on V100" read as a
    deployable setup); this keeps what the memory alone says."""
    max_batch_size_in_memory: Annotated[int | None, msgspec.Meta(
        description="the requests the setup's memory holds at once, as max_batch_size counts "
                    "them, whether or not the engine runs these weights there (max_batch_size "
                    "is 0 where it does not); null where max_batch_size is")] = None
    """Memory only, as ``fits_in_memory``: ``max_batch_size`` before a kernel rule zeroes it."""
    host_memory: Annotated[HostMemory | None, msgspec.Meta(
        description="training with finetune.cpu_offload (DeepSpeed ZeRO-Offload): the host "
                    "(CPU) RAM one node needs for the offloaded fp32 master weights, gradients "
                    "and optimizer state, and while loading the model, in GiB, by DeepSpeed's "
                    "estimators (see the host_ram assumption); null without cpu_offload and "
                    "for inference")] = None
    """Training with ``cpu_offload``: the host RAM one node needs (DeepSpeed's estimators);
    None otherwise (the GPU memory alone is sized there)."""


def sized_from_entry(m: ModelEntry) -> SizedModel:
    a = m.architecture
    return SizedModel(
        id=m.id, name=m.name, kind=m.kind, total_params=m.total_params, active_params=m.active,
        source=m.source, arch=a, components=tuple(m.components),
        max_context=a.max_context if a else None, native_width=m.native_width,
        native_height=m.native_height, default_steps=m.default_steps,
        latent_downsample=m.latent_downsample or 8, native_precision=m.native_precision,
        family=m.family, num_frames=m.num_frames,
        temporal_downsample=m.temporal_downsample, task=m.task,
        fp8_checkpoint=m.fp8_checkpoint, default_clip=m.default_clip,
        context_extension=m.context_extension, image_tokens=m.image_tokens)



def sized_from_arch(a: Architecture, name: str, family: str = "custom") -> SizedModel:
    b = param_breakdown(a)
    if b.total > MAX_PARAMS:
        raise InvalidInput(f"the architecture has {b.total:.3g} parameters; over 10T is not "
                           "a model anyone rents GPUs for", "$.architecture")
    # a vision tower (Llama 3.2 Vision's encoder and projector) is weights the decoder
    # formula does not see: counted in the total as the catalog's entries count it
    return SizedModel(id="custom", name=name, kind="llm", total_params=b.total + a.vision_params,
                      active_params=active_params(a) + a.vision_params, source="request",
                      arch=a, max_context=a.max_context, family=family)


def _layout_not_count(par: Parallelism, gpu_count: int, model: SizedModel) -> str:
    """Why a ``parallelism`` does not lay out ``gpu_count`` GPUs, and what would: each replica
    takes tensor x pipeline GPUs, so that must divide the count (vLLM runs data x tensor x
    pipeline parallel GPUs, "DP=4 x TP=2 uses 8 GPUs",
    https://docs.vllm.ai/en/latest/serving/data_parallel_deployment/), and tensor parallel
    must divide the attention heads (vLLM's ``ModelConfig.verify_with_parallel_config``).
    It read "4 x 1 x 1 = 4 must equal gpu_count (6)" for tensor 4 on 6 GPUs, no way out said
    (audit 29 layout)."""
    per = par.tensor * par.pipeline
    if gpu_count % per == 0:
        return (f"tensor x pipeline x data = {par.tensor} x {par.pipeline} x {par.data} = "
                f"{per * par.data} must equal gpu_count ({gpu_count}): set data "
                f"{gpu_count // per} for {gpu_count // per} replicas of {per} GPUs")
    heads = model.arch.num_attention_heads if model.arch is not None else 0
    tensors = [str(t) for t in divisors(gpu_count) if t == 1 or not heads or heads % t == 0]
    ok = ", ".join(tensors[:-1]) + " or " + tensors[-1] if len(tensors) > 1 else tensors[0]
    return (f"tensor x pipeline x data must equal gpu_count ({gpu_count}), and {per} GPUs per "
            f"replica (tensor x pipeline) do not divide it: on {gpu_count} GPUs use tensor "
            f"{ok}" + (f" (it must divide the {heads} heads)" if heads else "")
            + f", or a gpu_count that {per} divides")


SIZED_MODELS_CACHE_SIZE = 512
"""Spellings of a model name whose :class:`SizedModel` a registry keeps (bounded: the names
are the requests')."""


def resolve_model(req: SizingRequest, registry: Registry) -> SizedModel:
    if req.model is not None:
        # the named model as sizing reads it, kept with the registry (a reload makes a new
        # one) by the name as written: a request does not resolve the name and copy the
        # entry again, and the model's lazily computed figures (its parameter breakdown)
        # are made once; SizedModel is frozen, every change a copy (with_images)
        name = req.model
        return cast(SizedModel, registry.derived.lru(
            "sizing.sized_models", SIZED_MODELS_CACHE_SIZE).get_or_make(
            name, lambda: sized_from_entry(registry.model(name))))
    if req.architecture is not None:
        return sized_from_arch(req.architecture, "custom architecture")
    assert req.hf_config is not None
    arch, family = architecture_from_hf(req.hf_config)
    return sized_from_arch(arch, f"custom {family} (from config.json)", family)


IMAGE_FIELDS = {"width": "the image's width in pixels", "height": "the image's height in pixels",
                "steps": "denoising steps per image"}
"""The fields that set a diffusion model's image or clip, and what each is."""


def check_image_fields(model: SizedModel, values: Mapping[str, int | None]) -> None:
    """``width``, ``height`` and ``steps`` (``values``, by name) apply to diffusion models
    (``steps`` also to a model the catalog gives denoising steps: Stable Audio): on
    another model each is a 400 at its field, never dropped with a 200, on /v1/sizing as on
    /v1/recommendations (README: fields that do not apply are refused; audit buyer18a #11:
    sizing answered "steps ignored" where the recommendations answered a 400)."""
    if model.kind == "diffusion":
        return
    for name, value in values.items():
        if name == "steps" and model.default_steps is not None:
            continue  # a latent-diffusion audio model (Stable Audio) denoises in steps too
        if value is not None:
            raise InvalidInput(f"{name} ({IMAGE_FIELDS[name]}) applies to diffusion models; "
                               f"{model.name} is not one", f"$.{name}")


def check_sizing_fields(req: SizingRequest, model: SizedModel) -> None:
    """A field of ``req`` that does not apply to ``model`` or to its task is a 400 at the
    field: the image fields on a model that makes no images, ``training_tokens`` outside
    fine-tuning and pre-training (as /v1/recommendations refuses it outside those
    workloads)."""
    sized = image_size_applies(model) and req.images_per_request is not None
    check_image_fields(model, {"steps": req.steps} if sized else
                       {"width": req.width, "height": req.height, "steps": req.steps})
    if req.task == "inference" and req.training_tokens is not None:
        raise InvalidInput("training_tokens (the tokens a training run processes) applies to "
                           "task finetune or pretrain; an inference request is sized by "
                           "input_tokens, output_tokens and batch_size", "$.training_tokens")


def with_images(model: SizedModel, images: int | None, width: int | None = None,
                height: int | None = None) -> SizedModel:
    """``model`` serving ``images`` images per request: a cross-attention vision model (Llama
    3.2 Vision) caches each image's vision tokens on every cross-attention layer, so n images
    are n times that cache (vLLM allots an mllama request get_max_mllama_image_tokens per
    image); the memory, admission and decode reads all follow the architecture. A model whose
    image tokens go into the context (Qwen2-VL, Qwen2.5-VL, Gemma 3: ``image_tokens``) takes
    those tokens in the request's input_tokens; its vision encoder's patches for the images
    (:meth:`ImageTokens.encoder_tokens`, of ``width`` x ``height`` where the count follows
    the size) are set for the time to the first token (``image_encoder_tokens``), none where
    the size it needs is not given. Any other model, or no image stated, is ``model``
    itself (a cross-attention model's catalog entry holds one image). /v1/sizing and
    /v1/recommendations size the same model this one way."""
    a = model.arch
    it = model.image_tokens
    if images and a is not None and not a.cross_attention_layers and it is not None:
        each = it.encoder_tokens(width, height)
        return model if each is None else dataclasses.replace(
            model, image_encoder_tokens=each * images)
    if images is None or images == 1 or a is None or not a.cross_attention_layers:
        return model
    return dataclasses.replace(model, arch=msgspec.structs.replace(
        a, cross_attention_tokens=a.cross_attention_tokens * images))


def image_size_applies(model: SizedModel) -> bool:
    """Whether ``width`` and ``height`` are the size of a request's images for ``model``: a
    language model whose image tokens follow the image's size (Qwen2-VL, Qwen2.5-VL), so
    that its vision encoder's patches can be counted (:func:`with_images`)."""
    it = model.image_tokens
    return (model.kind == "llm" and it is not None and it.pixel_side is not None
            and it.encoder_patches_per_token is not None)


FP8_NAME = re.compile(r"(?:^|[^0-9a-z])fp8$", re.IGNORECASE)
"""A model named by its FP8 checkpoint's name ("meta-llama/Llama-3.1-405B-Instruct-FP8",
"Qwen3-8B_fp8", "GLM-4.5 FP8"): Meta, Qwen and Z.ai publish their FP8 weights under the
16-bit name plus FP8, and the registry reads such a name as the 16-bit model's entry."""


@dataclasses.dataclass(frozen=True)
class DefaultWeights:
    """The precision sized when the request gives no weights, and why where the checkpoint
    named or pasted decided it (``reason``), or could not (``warning``)."""

    precision: Precision
    reason: str = ""
    warning: str = ""


def default_weights(name: str | None, hf_config: dict[str, Any] | None,
                    model: SizedModel) -> DefaultWeights:
    """The weights a model is sized in when none are given: the checkpoint's own (a name that
    ends in FP8; a pasted config.json's ``quantization_config``), else the model's native
    precision (DeepSeek-V3's FP8, gpt-oss's MXFP4), else bf16. Sizing and the
    recommendations both default through here."""
    if name is not None and FP8_NAME.search(name.strip()):
        return DefaultWeights(get_precision("fp8"), (
            f"the name is an FP8 checkpoint's ({name.strip()[:120]}): its weights are stored "
            "in FP8, so with no weights given it is sized at fp8"))
    got = weights_from_hf(hf_config) if hf_config is not None else None
    if got is not None and got.precision is not None:
        return DefaultWeights(get_precision(got.precision),
                              f"{got.reason}, so with no weights given it is sized so")
    if got is not None:
        return DefaultWeights(get_precision("bf16"), warning=got.reason)
    return DefaultWeights(get_precision(model.native_precision or "bf16"))


def weights_reason(req: SizingRequest, model: SizedModel, p: Precision) -> str:
    """What the weights_precision assumption adds to the format's words: why the checkpoint
    named or pasted chose it, and which checkpoint layout an fp8 model is sized in."""
    why = ""
    if req.weights is None:
        d = default_weights(req.model, req.hf_config, model)
        if d.reason and d.precision.id == p.id:
            why += f"; {d.reason}"
    ck = model.fp8_checkpoint
    if ck is not None and p.id == "fp8":
        kept = [x for x, on in (
            ("attention", ck.attention_16bit),
            (f"the MLPs of the first {ck.mlp_16bit_first_layers} and last "
             f"{ck.mlp_16bit_last_layers} layers",
             ck.mlp_16bit_first_layers + ck.mlp_16bit_last_layers > 0)) if on]
        why += (f"; sized as the official FP8 checkpoint {ck.repo} stores it: "
                f"{' and '.join(kept)} in bf16, the other MLPs in FP8 (source: {ck.source})")
    return why


def request_tokens_said(input_tokens: int, output_tokens: int) -> str:
    """The ``request_tokens`` assumption of a language model served: the lengths each request
    is sized at, and which of them are the default request (``fields.DEFAULT_CONTEXT_TOKENS``,
    the one /v1/recommendations and /v1/ask size where no length is stated), so that an
    answer is never read as if it were for another prompt length."""
    given = [f"{f} {'as asked' if v != d else 'not given: the default'} ({v:,})"
             for f, v, d in (("input_tokens", input_tokens, DEFAULT_INPUT_TOKENS),
                             ("output_tokens", output_tokens, DEFAULT_OUTPUT_TOKENS))]
    default = (input_tokens == DEFAULT_INPUT_TOKENS and output_tokens == DEFAULT_OUTPUT_TOKENS)
    return (f"each request is {input_tokens + output_tokens:,} tokens of context, "
            f"{'; '.join(given)}; the KV cache, time to first token and throughputs are for "
            "requests of this length"
            + (f" (the one default request, {DEFAULT_CONTEXT_TOKENS:,} tokens of context, that "
               "/v1/recommendations and /v1/ask also size where no length is stated)"
               if default else ""))


def checkpoint_warnings(req: SizingRequest) -> list[str]:
    """A pasted config.json quantized in a way not sized here: said, as the weights are then
    sized at bf16 (more than the checkpoint holds)."""
    if req.weights is not None or req.hf_config is None:
        return []
    got = weights_from_hf(req.hf_config)
    return [got.reason] if got is not None and got.precision is None else []


def resolve_precision(req: SizingRequest, model: SizedModel) -> Precision:
    if req.weights is None:
        return default_weights(req.model, req.hf_config, model).precision
    p = find_precision(req.weights)
    if p is None:
        raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
    return p


def resolve_kv(kv_cache: str | None, engine: Engine | None = None,
               precision: Precision | None = None) -> KVType:
    """The KV cache asked for (a request's ``kv_cache``); none asked, the engine's default for
    the weights (its data's ``fp8_kv_with_weights``: TensorRT-LLM's FP8/FP4 builds quantize
    the KV cache to FP8 too, catalog/engines.toml), else 16-bit. /v1/sizing and each option
    of /v1/recommendations (its engine and weights) resolve it here alike."""
    if kv_cache is None:
        fp8 = (engine is not None and precision is not None
               and precision.id in engine.fp8_kv_with_weights)
        got = find_kv_type("fp8" if fp8 else "fp16")
        assert got is not None
        return got
    k = find_kv_type(kv_cache)
    if k is None:
        raise InvalidInput(f"unknown KV-cache type {kv_cache!r}; use fp16, fp8, q8_0 or "
                           "q4_0", "$.kv_cache")
    return k


def kv_default_reason(engine: Engine, weights: Sequence[str], kv: KVType) -> str:
    """The ``kv_cache_default`` assumption's words: no kv_cache given, and ``engine``'s builds
    at ``weights`` keep a ``kv`` cache (:func:`resolve_kv`), as /v1/sizing and
    /v1/recommendations say it."""
    return (f"kv_cache not given: {engine.name}'s {' and '.join(weights)} builds quantize "
            f"the KV cache to {kv.id} too, so it is sized as {kv.id} (catalog/"
            "engines.toml, fp8_kv_with_weights); set kv_cache fp16 to size a "
            "16-bit cache")


def check_training_method(task: str, method: str, weights: Precision | None) -> None:
    """Refuse a training method that cannot run as asked (sizing and recommendations alike):
    pre-training trains every weight (no adapters on a frozen base); QLoRA's frozen base is
    4-bit; full training updates every weight, which a quantized base cannot take
    (transformers' Trainer: "You cannot perform fine-tuning on purely quantized models").
    ``weights``: the precision asked for, None when left to the service."""
    if task == "pretrain" and method != "full":
        raise InvalidInput("pre-training trains every weight: method must be full",
                           "$.finetune.method")
    if weights is None:
        return
    if method == "qlora" and weights.bits_linear > 5:
        raise InvalidInput(
            f"QLoRA trains adapters on a 4-bit base; weights {weights.id} is not 4-bit "
            "(use nf4, or method lora for a 16-bit base)", "$.weights")
    if method == "full" and weights.bits_linear < 16 and not fp8_mixed_precision(method,
                                                                                weights):
        raise InvalidInput(f"full training updates every weight and cannot run on a "
                           f"{weights.id} quantized base; use bf16 or fp32, or fp8 for FP8 "
                           "mixed-precision training (or method lora / qlora to train "
                           "adapters on it)", "$.weights")


FP8_TRAINING_SPEEDUP_MEASURED = ((1.13, "Qwen2.5-7B, 1 x H100, LlamaFactory with Transformer "
                                  "Engine: 1.02 to 0.90 s per step, "
                                  "https://github.com/hiyouga/LlamaFactory/pull/9705"),
                                 (1.42, "a 13B GPT, H100, Megatron-LM with Transformer Engine "
                                  "(--fp8-hybrid): 0.34 to 0.24 s per step, "
                                  "https://github.com/NVIDIA/Megatron-LM/issues/396"))
"""End-to-end speed-ups of FP8 over BF16 training measured on H100 (the ratio of step times),
with what was measured and where. Quoted, never applied: the training speed model times FP8
runs at the BF16 dense peak (``speed.training_speed``), an NVIDIA engineer explaining in the
Megatron-LM issue that the GEMMs' 2x does not carry to the step (communication, memory
bandwidth, the optimizer) and that the gain varies with model size and micro-batch."""


def fp8_mixed_precision(method: str, asked: Precision) -> bool:
    """Full training (or pre-training) asked at fp8: FP8 mixed-precision training as NVIDIA
    Transformer Engine runs it (FP8 GEMMs in fp8_autocast; the model's weights, the master
    copy and the optimizer state stay in higher precision), not a fp8 checkpoint trained."""
    return method == "full" and asked.id == "fp8"


def training_plan_precision(method: str, weights: Precision) -> Precision:
    """The precision a training run's memory is sized in for ``weights``: FP8 mixed-precision
    training holds what bf16 mixed precision holds (bf16 weights and gradients, fp32 master
    weights and Adam moments: TE casts each GEMM's inputs to FP8 and keeps the parameters in
    their own dtype, https://nvidia.github.io/TransformerEngine/ 'Using FP8 with Transformer
    Engine'), so it is sized at bf16; every other format as it is. Sizing's plan and the
    recommendations' (capability.train_capability) both take it from here."""
    return get_precision("bf16") if fp8_mixed_precision(method, weights) else weights


def fp8_training_note() -> str:
    """What an FP8 mixed-precision training run is sized and timed as, with the sources."""
    measured = "; ".join(f"{x:.2f}x ({what})" for x, what in FP8_TRAINING_SPEEDUP_MEASURED)
    return ("FP8 mixed-precision training (NVIDIA Transformer Engine fp8_autocast: FP8 GEMMs on "
            "FP8 tensor cores, compute capability 8.9 and newer: Ada, Hopper, Blackwell; "
            "https://nvidia.github.io/TransformerEngine/ and its support matrix): the weights, "
            "the fp32 master copy and the optimizer state stay in higher precision, so the "
            "memory is sized as bf16 mixed precision (16 bytes per trained parameter with "
            "AdamW); the FP8 casts of the weights TE keeps and the activations it saves in FP8 "
            "move that a little either way and are not counted. The speed is timed at the BF16 "
            "dense peak: the FP8 speed-up is not modelled; measured end to end on H100: "
            f"{measured}")


TRAINABLE_BASES = ("fp32", "bf16", "fp16")
"""The formats LoRA and full training keep a checkpoint in when the request gives no weights:
floats the trainers load as they are. Any other format a model is released in is trained from
a bf16 copy: MXFP4, FP8, NVFP4 and the INT4 variants have no training path in the usual tools
(transformers' FineGrainedFP8HfQuantizer and Mxfp4HfQuantizer report is_trainable False and
load such checkpoints with dequantize=True; OpenAI's cookbook "Fine-tuning with gpt-oss and
Hugging Face Transformers" loads gpt-oss with Mxfp4Config(dequantize=True) in bf16; NVIDIA's
NeMo DeepSeek-V3 guide first converts the FP8 release to BF16 with DeepSeek's
inference/fp8_cast_bf16.py), and adapters on a 4-bit bitsandbytes, GPTQ or AWQ base are
QLoRA (method qlora), not LoRA's 16-bit base."""

ADAPTER_BASES = ("nf4", "nf4-no-dq", "bnb-int8", "gptq-int4", "awq-int4")
"""Quantized formats PEFT trains adapters on as they are (its LoRA layers for bitsandbytes,
GPTQ and AWQ: peft/tuners/lora/bnb.py, gptq.py, awq.py). Asked explicitly for LoRA or QLoRA
they are sized silently; any other quantized format asked is sized as asked with a warning."""


def training_base(method: str, shipped: Precision) -> tuple[Precision, str]:
    """The base a training run is sized in when the request gives no weights, from the format
    the checkpoint ships in (``default_weights``), and why where it is not that format ('' where
    it is, or for QLoRA, whose 4-bit base each caller words). QLoRA: NF4; LoRA and full: the
    checkpoint's own float format, else bf16 (TRAINABLE_BASES). Sizing and the recommendations
    both take the base from here, so the two endpoints size the same weights."""
    if method == "qlora":
        return get_precision("nf4"), ""
    if shipped.id in TRAINABLE_BASES:
        return shipped, ""
    bf16 = get_precision("bf16")
    what = ("full training updates every weight in 16-bit" if method == "full"
            else "LoRA trains adapters on a frozen 16-bit base")
    return bf16, (
        f"{bf16.name}: {what}; the checkpoint's {shipped.id} has no training path in the usual "
        "trainers, which load it dequantized to bf16 (transformers' FP8 and MXFP4 quantizers "
        "are not trainable: gpt-oss is loaded with Mxfp4Config(dequantize=True) as OpenAI's "
        "fine-tuning cookbook does, DeepSeek's FP8 release is converted with its "
        f"fp8_cast_bf16.py), so it is sized at {bf16.bits_linear:g} bits per weight; "
        "method qlora keeps a 4-bit NF4 base instead")


def training_weights(method: str, asked: Precision) -> tuple[Precision, str | None]:
    """The weights a training run with an explicit ``asked`` format is sized in, and why where
    it is not ``asked`` as a checkpoint trained (None: as asked, nothing to say). LoRA on a
    format with no training path (FP8, MXFP4, NVFP4, the INT4 and GGUF variants): the bf16
    the trainers dequantize it to (transformers' FP8 and MXFP4 quantizers are not trainable);
    it was sized at the asked format's bits, less than the trainers hold, and ranked so by the
    recommendations (buyer audit 26b #7: 20.9 GiB for a run of 27.8). Full training at fp8:
    FP8 mixed precision (``fp8_mixed_precision``), sized by ``training_plan_precision``.
    Sizing and the recommendations take it from here, so both size the same weights."""
    if fp8_mixed_precision(method, asked):
        return asked, fp8_training_note()
    if method == "full" or asked.id in (*TRAINABLE_BASES, *ADAPTER_BASES):
        return asked, None
    bf16 = get_precision("bf16")
    return bf16, (
        f"weights {asked.id} asked: LoRA has no {asked.id} training path in the usual trainers, "
        f"which load a {asked.id} checkpoint dequantized to bf16 (transformers' FP8 and MXFP4 "
        "quantizers are not trainable), so the frozen base is sized at bf16, "
        f"{bf16.bits_linear:g} bits per weight, as they hold it; method qlora keeps a 4-bit "
        "NF4 base instead")


QLORA_BASES = ("nf4", "nf4-no-dq", "gptq-int4", "awq-int4")
"""The 4-bit bases a QLoRA run is sized on as asked: bitsandbytes NF4, QLoRA's own (Dettmers
et al. 2023, arXiv 2305.14314; PEFT's quantization guide loads the 16-bit model with
BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4") and trains LoRA on it), and
the GPTQ and AWQ checkpoints PEFT trains adapters on as they are (ADAPTER_BASES)."""

GGUF_TRAINING_SOURCE = "https://huggingface.co/docs/transformers/gguf"
"""transformers' GGUF page: "Transformers supports loading models stored in the GGUF format for
further training or finetuning. The GGUF checkpoint is dequantized to fp32"."""


def qlora_base(asked: Precision) -> tuple[Precision, str | None]:
    """The base a QLoRA run is sized on where the request names its weights: ``asked`` where
    QLoRA trains on it (QLORA_BASES), else NF4, QLoRA's own, with the one sentence saying why
    (both endpoints word it so; /v1/ask writes it in the asker's language). A GGUF type
    (q4_k_m) is llama.cpp's file, no QLoRA base: transformers loads it dequantized to fp32,
    and llama.cpp's own LoRA fine-tuning is another tool. It was sized at awq-int4 ("the
    model's own" weights replaced by the kernel check) beside a warning that q4_k_m was
    "sized as asked", and the method said an NF4 base (buyer audit 24a #12)."""
    if asked.id in QLORA_BASES:
        return asked, None
    nf4 = get_precision("nf4")
    why = (f"{asked.id} is a GGUF (llama.cpp) format, which transformers dequantizes to fp32 "
           f"when it loads it for training (source: {GGUF_TRAINING_SOURCE}), and llama.cpp's "
           "own LoRA fine-tuning is another tool, not sized here" if asked.gguf else
           f"{asked.id} is not a base it trains on as it is (bitsandbytes NF4, GPTQ or AWQ, as "
           "PEFT trains them)")
    return nf4, (f"weights {asked.id} are not a QLoRA base: QLoRA quantizes the model's "
                 "16-bit weights to bitsandbytes NF4 as it loads them and trains LoRA "
                 f"adapters on that; {why}; sized at {nf4.id}, the QLoRA base, instead of "
                 f"{asked.id}")


GLOBAL_BATCH_TOKENS_MAX = 15_360 * 4_096
"""The largest global batch the micro-batch search goes to, in tokens over all the GPUs (one
micro-batch each): DeepSeek-V3's pre-training batch, 15,360 sequences of 4K tokens (arXiv
2412.19437, section 4.2: the batch size "gradually increased from 3072 to 15360"), the largest
published one we know of; past it a bigger batch is a training recipe's choice, not a default.
The search stops sooner where a micro-batch is compute-bound or no longer fits."""
ACCUMULATED_BATCH_TOKENS = 4_194_304
"""The global batch a step accumulates micro-batches up to where that pays (tensor x pipeline
layouts, DDP and ZeRO-1 past one node: the gradients are reduced once a step, and a pipeline
runs m micro-batches with a bubble of (p-1)/m): Llama 2's "global batch-size of 4M tokens"
(Touvron et al. 2023, arXiv 2307.09288, section 2.2), taken as 1,024 sequences of its 4,096
tokens. Pre-training only: a fine-tune steps :data:`FINETUNE_GLOBAL_BATCH_SEQUENCES`."""
FINETUNE_GLOBAL_BATCH_SEQUENCES = 64
"""The global batch a fine-tune accumulates micro-batches up to (the pipeline's m and the
gradient accumulation of DDP / ZeRO-1 past one node), in sequences of the request's
``sequence_length``: Llama 2's supervised fine-tuning, "a batch size of 64 and a sequence
length of 4096 tokens" (Touvron et al. 2023, arXiv 2307.09288, section 3.1), the same paper
as the pre-training batch above. A fine-tune's step is sequences, not millions of tokens: a
4M-token step made a 1M-token job less than one optimizer step and hid the pipeline bubble
(audit train #5)."""


def global_batch_tokens(task: str, seq: int, training_tokens: float | None) -> int:
    """Tokens of one optimizer step where a layout accumulates micro-batches: pre-training
    :data:`ACCUMULATED_BATCH_TOKENS`, a fine-tune :data:`FINETUNE_GLOBAL_BATCH_SEQUENCES`
    sequences of ``seq`` tokens; never more than the job's ``training_tokens``."""
    step = (ACCUMULATED_BATCH_TOKENS if task == "pretrain"
            else FINETUNE_GLOBAL_BATCH_SEQUENCES * max(1, seq))
    if training_tokens:
        step = min(step, int(training_tokens))
    return max(1, step)


def _global_batch_reason(task: str, tokens: int, seq: int, training_tokens: float | None) -> str:
    """The ``global_batch`` assumption: where the step's tokens come from."""
    whose = ("Llama 2's pre-training batch, 4M tokens (arXiv 2307.09288, section 2.2)"
             if task == "pretrain" else
             f"a fine-tune's: Llama 2's supervised fine-tuning batch of "
             f"{FINETUNE_GLOBAL_BATCH_SEQUENCES} sequences (arXiv 2307.09288, section 3.1), "
             f"of the {seq:,}-token sequences asked")
    capped = training_tokens is not None and tokens >= int(training_tokens)
    return (f"the tokens of one optimizer step where the layout accumulates micro-batches "
            f"(a pipeline's m micro-batches, bubble (p-1)/m; DDP and ZeRO-1 reduce the "
            f"gradients once a step): {whose}"
            + (f", capped at the job's {int(training_tokens or 0):,} tokens" if capped else "")
            + "; a pipeline runs at least one micro-batch per stage")


@dataclasses.dataclass(frozen=True)
class TrainingStep:
    """The checkpointing and micro-batch a training plan runs with, and why (the answer's
    ``gradient_checkpointing`` and ``micro_batch`` assumptions)."""

    plan: TrainingPlan
    checkpointing_reason: str
    micro_batch_reason: str


def _fastest(base: TrainingPlan, ck: bool, micro_batch: int | None,
             fit: Callable[[TrainingPlan], tuple[TrainingPlan, bool]],
             speed: Callable[[TrainingPlan], TrainingSpeed]
             ) -> tuple[TrainingPlan, TrainingSpeed, TrainingSpeed, float] | None:
    """With checkpointing ``ck``: the fastest micro-batch that fits, the speed at the first
    one tried and the GiB per GPU it needs (None: the first does not fit). Powers of two
    from 1 while the step is bound by communication (the collectives of a step are the same
    bytes whatever its tokens: ZeRO-3 / FSDP gathers the weights once per micro-batch
    forward and backward), up to ``GLOBAL_BATCH_TOKENS_MAX``; a larger one that is
    compute-bound runs no faster, it only takes memory."""
    mb = micro_batch or 1
    first: TrainingSpeed | None = None
    best: tuple[TrainingPlan, TrainingSpeed] | None = None
    while True:
        plan, fits = fit(dataclasses.replace(base, checkpointing=ck, micro_batch=mb,
                                             assumptions=[]))
        if not fits:
            if first is None:
                return None
            break
        s = speed(plan)
        first = first or s
        if best is None or s.tokens_per_s > best[1].tokens_per_s:
            best = (plan, s)
        if (micro_batch is not None or s.bound != "communication"
                or 2 * mb * base.seq * base.gpus > GLOBAL_BATCH_TOKENS_MAX):
            break
        mb *= 2
    assert best is not None and first is not None
    return best[0], best[1], first, best[0].per_gpu().total_gib


def fastest_training_step(base: TrainingPlan, checkpointing: bool | None,
                          micro_batch: int | None,
                          fit: Callable[[TrainingPlan], tuple[TrainingPlan, bool]],
                          speed: Callable[[TrainingPlan], TrainingSpeed] | None,
                          cap_gib: float | None) -> TrainingStep:
    """The step a training run takes where the request leaves gradient checkpointing or the
    micro-batch unset: the fastest that fits (``fit``: the plan at its data-parallel layout
    and whether it fits the GPU, with the caller's headroom). Checkpointing costs a forward
    pass recomputed in the backward (8·N·D against 6·N·D for full training): it is on only
    where every layer's activations do not fit, or where it lets a micro-batch large enough
    to leave the communication bound fit and that is faster. A value the request sets is
    kept. Without a GPU (``speed`` None) nothing is fitted: checkpointed, micro-batch 1, the
    plan with the least memory (as the ZeRO stage is ZeRO-3 where no GPU is named)."""
    ck0 = checkpointing is not False
    lean = dataclasses.replace(base, checkpointing=ck0, micro_batch=micro_batch or 1,
                               assumptions=[])
    ck_given = (f"finetune.gradient_checkpointing as given "
                f"({'on' if checkpointing else 'off'})")
    mb_given = "finetune.micro_batch_size as given"
    if speed is None or cap_gib is None:
        return TrainingStep(
            lean, ck_given if checkpointing is not None else (
                "not set and no GPU named to fit against: on, the plan with the least "
                "memory; name a GPU and it is off where the run fits without it (no forward "
                "recomputed in the backward pass)"),
            mb_given if micro_batch is not None else (
                "not set and no GPU named to fit against: 1, the least memory"))
    found = {ck: got for ck in ([checkpointing] if checkpointing is not None else [False, True])
             if (got := _fastest(base, ck, micro_batch, fit, speed)) is not None}
    if not found:  # the least memory, at the layout ``fit`` gives it (ZeRO-3 where none fits)
        return TrainingStep(
            fit(lean)[0], ck_given if checkpointing is not None else (
                f"not set: on, the least memory; the run does not fit the {cap_gib:.1f} GiB "
                "usable per GPU either way"),
            mb_given if micro_batch is not None else (
                "not set: 1, the least memory; the run does not fit"))
    ck = max(found, key=lambda k: (found[k][1].tokens_per_s, not k))
    plan, s, first, per = found[ck]
    if checkpointing is not None:
        ck_reason = ck_given
    elif not ck:
        # checkpointed at this same layout and micro-batch: the fastest checkpointed step may
        # run another layout, whose memory says nothing of what checkpointing saves here (70B
        # on 16 H100: 76.8 GiB at its own layout against 75.6 without; 69.4 at this one)
        with_it = dataclasses.replace(plan, checkpointing=True,
                                      assumptions=[]).per_gpu().total_gib
        ck_reason = (f"not set: off, as the run fits without it ({per:.1f} of {cap_gib:.1f} "
                     "GiB per GPU) and runs faster: the backward pass recomputes no forward "
                     "(6·N·D instead of 8·N·D for full training, 4·N·D instead of 6·N·D for "
                     f"LoRA); with it {with_it:.1f} GiB per GPU at the same layout and "
                     "micro-batch")
    elif False not in found:
        need = fit(dataclasses.replace(base, checkpointing=False, micro_batch=micro_batch or 1,
                                       assumptions=[]))[0].per_gpu().total_gib
        ck_reason = (f"not set: on, as every layer's activations do not fit without it "
                     f"({need:.1f} GiB per GPU, {cap_gib:.1f} GiB usable)")
    else:
        off = found[False]
        ck_reason = (f"not set: on, as it runs faster here: without it only micro-batch "
                     f"{off[0].micro_batch} fits, {off[1].tokens_per_s:,.0f} tokens/s bound "
                     f"by communication, against {s.tokens_per_s:,.0f} tokens/s with it at "
                     f"micro-batch {plan.micro_batch}")
    if micro_batch is not None:
        mb_reason = mb_given
    elif plan.micro_batch == 1 and s.bound != "communication":
        mb_reason = ("not set: 1, as the step is compute-bound at it (a larger micro-batch "
                     "runs no faster, it only takes memory)")
    else:
        grown = plan.micro_batch > 1
        mb_reason = (
            "not set: the fastest that fits: at micro-batch 1 the step is bound by "
            f"communication ({first.tokens_per_s:,.0f} tokens/s: {first.comm_s or 0:.3g} s "
            f"of collectives against {first.compute_s:.3g} s of compute), and the collectives "
            "of a step are the same bytes whatever its tokens"
            + (" (ZeRO-3 / FSDP gathers the weights once per micro-batch)"
               if (plan.zero_stage or 0) >= 3 else "")
            + (f"; {plan.micro_batch} sequences carry them over {plan.micro_batch}x the "
               f"tokens: {s.tokens_per_s:,.0f} tokens/s" if grown else "")
            + (", still bound by communication where a larger one does not fit or passes "
               f"a global batch of {GLOBAL_BATCH_TOKENS_MAX:,} tokens (DeepSeek-V3's, "
               "arXiv 2412.19437)" if s.bound == "communication" else "")
            + "; the micro-batch is tried in powers of two from 1")
    return TrainingStep(plan, ck_reason, mb_reason)


def training_step(base: TrainingPlan, checkpointing: bool | None, micro_batch: int | None,
                  fit: Callable[[TrainingPlan, bool], tuple[TrainingPlan, bool]],
                  speed: Callable[[TrainingPlan], TrainingSpeed] | None,
                  cap_gib: float | None, tensor_ok: bool) -> tuple[TrainingStep, bool]:
    """The fastest step (:func:`fastest_training_step`) at the layout ``fit`` gives it, data
    parallel alone first (``fit(plan, False)``: DDP or the least ZeRO sharding that fits, the
    trainers the answers assume and calibration.csv h149 measured); where that fits no step
    or its fastest step is bound by communication and ``tensor_ok`` (one node, no layout or
    ZeRO stage set: ``layout.tensor_in_node_weighed``), the fastest step with tensor x data
    parallel weighed within the node too (``fit(plan, True)``: ``layout.search_training``'s
    ``tensor_in_node``), used where it fits and data parallel does not, or it is faster.
    LoRA of Llama 3.1 70B at 32k on 8 x H100 fits no data-parallel stage (ZeRO-3 83.7 GiB
    per GPU) and was sent to 2 nodes; TP4 x DP2 holds it at 51.0 (buyer audit 26b #3).
    Returns the step and whether tensor parallel was weighed for it."""
    step = fastest_training_step(base, checkpointing, micro_batch, lambda p: fit(p, False),
                                 speed, cap_gib)
    if not tensor_ok or speed is None or cap_gib is None:
        return step, False
    dp = step.plan
    dp_speed = speed(dp) if dp.per_gpu().total_gib <= cap_gib else None
    if dp_speed is not None and dp_speed.bound != "communication":
        return step, False
    tp_step = fastest_training_step(base, checkpointing, micro_batch, lambda p: fit(p, True),
                                    speed, cap_gib)
    q = tp_step.plan
    if q.tp == 1 or q.per_gpu().total_gib > cap_gib:
        return step, False
    if dp_speed is not None and speed(q).tokens_per_s <= dp_speed.tokens_per_s:
        return step, False
    return tp_step, True


def moe_training_warning(model: SizedModel, task: str) -> str | None:
    """An MoE trained data parallel over several GPUs (the caller checks there are several):
    real MoE training shards the experts (expert parallelism), which the training plan does
    not model (the request's parallelism.expert is refused for training): its communication
    is data parallel's, and its time an estimate (speed.MOE_EXPERT_EFFICIENCY), not a bound."""
    a = model.arch
    if a is None or not a.is_moe:
        return None
    return (f"{model.name} is a mixture-of-experts model, sized here as data parallel "
            "training only (DDP or ZeRO / FSDP: every micro-batch moves the weights of all "
            f"{a.num_experts} experts although each token uses {a.num_experts_per_token}); "
            "expert parallelism (each GPU holding whole experts and exchanging only the "
            "routed tokens by all-to-all) is not modelled here; the time is an estimate, "
            + (f"neither bound: the routed experts' FLOPs run at {MOE_EXPERT_EFFICIENCY:g} of "
               "the model's MFU, fitted to measured Hugging Face / DeepSpeed / TRL runs "
               "(QwenLM/Qwen3 issue #736, huggingface/trl PR #6869; within ~1.5x of them), "
               "and engines with grouped expert GEMMs and expert parallelism (Megatron-Core) "
               "run faster" if a.num_experts >= MOE_LOOP_MIN_EXPERTS and task != "pretrain"
               else "neither bound, at the dense model's MFU: pre-training stacks run grouped "
               "expert GEMMs with expert parallelism" if task == "pretrain" else
               f"neither bound, at the dense model's MFU: with {a.num_experts} experts each "
               "one's GEMM gets a large share of the tokens, and no measured run gives an "
               "MoE factor for it (the per-expert loop is slow above 8 experts: transformers "
               "PR #40016)")
            + ("; for scale, DeepSeek-V3's report gives 2.664M H800 GPU-hours for its "
               "pre-training on 14.8T tokens with expert parallelism and FP8 (arXiv "
               "2412.19437, Table 1)" if task == "pretrain" else ""))


def check_kind_format(registry: Registry, model: SizedModel, p: Precision) -> None:
    """Refuse weights of a format that only another kind of model comes in (AWQ and GPTQ on
    Whisper: catalog/kernels.toml ``[[kind_format]]``), naming the formats the model runs;
    sized, they read as a faster 4-bit Whisper that no checkpoint or kernel gives (audit
    size2 #7: 12.3 audio s/s at awq-int4 on an L4 against 9.5 at bf16)."""
    # an experts-only format (MXFP4) on a model with no routed experts: refused the same way
    # (audit 31d #4: Llama 3.1 8B at mxfp4 was sized at 7.5 GiB on vLLM)
    experts = model.arch is not None and model.arch.is_moe
    rule = registry.kernels.kind_refusal(model.kind, p.id, has_experts=experts)
    if rule is None:
        return
    runs = [q.id for q in PRECISIONS
            if not q.gguf and registry.kernels.kind_refusal(
                model.kind, q.id, has_experts=experts) is None]
    # the formats first: a problem's detail is clipped (service/api/problems.py)
    raise InvalidInput(
        f"{model.name}, {KIND_ARTICLE[model.kind]}, is sized in weights {', '.join(runs)}; "
        f"not {p.id}: {rule.why} (source: {rule.source.split(' ')[0]})", "$.weights")


KIND_ARTICLE = {"llm": "a language model", "diffusion": "a diffusion model",
                "audio": "an audio model"}


def gguf_file(weights: str | None) -> bool:
    """The weights are asked as a GGUF file ("GGUF F16", "gguf bf16", "GGUF Q8_0"): a 16-bit
    GGUF holds F16 / BF16 GGML tensors, sized as fp16 / bf16 (the same bytes), and is
    llama.cpp's format as the quantized GGUF types are (audit size2 #3: "GGUF F16" was sized
    on vLLM at 39.7 tokens/s on an RTX 3090 where llama.cpp gives 49.1, calibration.csv
    h025 47.4 measured); the word after the type too ("F16 GGUF", "bf16 gguf")."""
    key = normalize(weights) if weights is not None else ""
    return key.startswith("gguf") or key.endswith("gguf")


def default_engine(model: SizedModel, p: Precision, registry: Registry,
                   gguf: bool = False) -> Engine:
    """The catalog's default engine for the model's kind and the weights' format (see
    ``default_for_kinds`` / ``default_for_formats`` in catalog/engines.toml); ``gguf``: the
    weights were asked as a GGUF file whatever their tensor type (:func:`gguf_file`)."""
    a = model.arch
    return registry.engines.default(model.kind, p.gguf or gguf,
                                    a is not None and a.is_encoder_decoder)


def resolve_engine(name: str | None, model: SizedModel, p: Precision,
                   registry: Registry, gguf: bool = False) -> Engine:
    """The requested engine (InvalidInput with the nearest ids when the catalog has no such
    engine), or the default one."""
    if name is None:
        return default_engine(model, p, registry, gguf)
    engine = registry.engines.get(name, "$.engine")
    if not engine.serves(model.kind, model.family):
        serve = [e.id for e in registry.engines if e.serves(model.kind, model.family)]
        raise InvalidInput(f"{engine.name} does not serve {KIND_WORDS[model.kind]} such as "
                           f"{model.name}; engines that do: {', '.join(serve)}", "$.engine")
    return engine


KIND_WORDS = {"llm": "language models", "diffusion": "diffusion models",
              "audio": "audio models"}


def _memory(whole: MemoryParts, per: MemoryParts, kv_applies: bool) -> Memory:
    return Memory(
        weights_gib=whole.weights_gib, kv_cache_gib=whole.kv_cache_gib if kv_applies else None,
        activations_gib=whole.activations_gib, gradients_gib=whole.gradients_gib,
        optimizer_gib=whole.optimizer_gib, overhead_gib=whole.overhead_gib,
        total_gib=whole.total_gib, per_gpu_gib=per.total_gib, per_gpu=per)


def _gpu_info(g: GPU) -> GpuInfo:
    return GpuInfo(id=g.id, name=g.name, memory_gib=g.total_gib, usable_gib=g.usable_gib,
                   bandwidth_gb_s=g.bandwidth_gb_s, source=g.source)


COUNTS = (1, 2, 4, 8)


def listed_in_fits_on(g: GPU) -> bool:
    """Whether ``fits_on`` lists ``g``: NVIDIA and AMD GPUs. Intel Gaudi, Google TPU and the
    other vendors' accelerators are sized where a request names them (``gpu``), never listed
    (:attr:`SizingResult.fits_on`): the fewest of one that hold a model are sized on it."""
    return g.segment != "tpu" and g.vendor in ("NVIDIA", "AMD")


def reading_reason(said: str, reading: GpuReading, catalog: Catalog) -> str:
    """The ``gpu_variant`` assumption's reason for a name read by ``reading`` ("RTX 6000"):
    the card read, its share of the catalog's offers of the cards the name stands for, the
    others (the catalog's, then the products it lacks), the cards it is not, and why."""
    registry = catalog.registry
    read = registry.gpus[reading.gpu]
    cards = [reading.gpu, *(g for g in reading.also if g in registry.gpus)]
    counts = {g: sum(1 for o in catalog.offers if o.gpu == g) for g in cards}
    total = sum(counts.values())
    others = [registry.gpus[g].name for g in cards[1:]]
    missing = [registry.unlisted_gpus[u].name for u in reading.also_unlisted
               if u in registry.unlisted_gpus]
    distinct = [registry.gpus[g].name for g in reading.distinct if g in registry.gpus]
    return (f"'{said}' is read as {read.name}"
            + (f", the card of {counts[reading.gpu]} of the catalog's {total} offers of the "
               "cards the name stands for" if others and total else "")
            + (f"; it also stands for {', '.join(others)} (name one to size it)"
               if others else "")
            + (f"; it also stands for {', '.join(missing)}, not in the catalog"
               if missing else "")
            + (f"; not {', '.join(distinct)}, another card" if distinct else "")
            + f": {reading.reason}")


def _named_gpu(registry: Registry, name: str) -> GPU:
    """The GPU ``name`` sizes on: the card its id, name or alias names; a family name no alias
    names ("A100 SXM": the 40GB and the 80GB) is its card with the least memory, said in the
    ``gpu_variant`` assumption; anything else the registry's 404 with suggestions."""
    return registry.one_gpu(name)


def _sized_precision(assumptions: list[Assumption], sized: Precision, asked: Precision
                     ) -> Precision:
    """``sized``, with the ``weights_precision`` assumption describing it where the kernel
    check put it in place of ``asked`` (the model's own format cannot run on the GPU): the
    assumption states the bits the memory figures use, not the format that was replaced
    (Kimi K2 Thinking on an MI300X is sized at fp8, 8 bits, not its 4.5-bit int4-experts)."""
    if sized.id != asked.id:
        assumptions[:] = [
            Assumption(name="weights_precision", value=sized.id,
                       reason=f"{sized.name}: {sized.bits_linear:g} bits per quantized weight "
                       f"incl. scales; {sized.quality}; in place of {asked.id}, which cannot "
                       "run here (see weights_precision_replaced)")
            if x.name == "weights_precision" else x for x in assumptions]
    return sized


def size(req: SizingRequest, catalog: Catalog, *, machine_gpus: int | None = None,
         interconnect: str | None = None, load_stated: bool = True,
         input_stated: bool | None = None, batch_stated: bool | None = None) -> SizingResult:
    """:func:`_size`, with a warning first for each name the request wrote with characters
    no catalog name has, which name resolution leaves out ("sdxl🔥" sized as SDXL without a
    word: audit buyer26c #11)."""
    result = _size(req, catalog, machine_gpus=machine_gpus, interconnect=interconnect,
                   load_stated=load_stated, input_stated=input_stated,
                   batch_stated=batch_stated)
    cleaned = [name_cleanup_warning(what, said, read)
               for what, said, read in (("model", req.model, result.model.name),
                                        ("gpu", req.gpu, result.gpu.name if result.gpu else ""))
               if said and read and stray_characters(said)]
    if not cleaned:
        return result
    return msgspec.structs.replace(result, warnings=[*cleaned, *result.warnings])


def name_cleanup_warning(what: str, said: str, read: str) -> str:
    """The warning that ``said``, the name of a ``what`` (model, gpu) a request gave, was read
    as ``read`` without the characters no catalog name has."""
    stray = stray_characters(said)
    return (f"{what} name {said!r} read as {read}: the character"
            f"{'s' if len(stray) > 1 else ''} {stray!r} "
            f"{'are' if len(stray) > 1 else 'is'} part of no {what} name and "
            f"{'were' if len(stray) > 1 else 'was'} left out")


def _size(req: SizingRequest, catalog: Catalog, *, machine_gpus: int | None = None,
          interconnect: str | None = None, load_stated: bool = True,
          input_stated: bool | None = None, batch_stated: bool | None = None) -> SizingResult:
    """Memory, fit, speed and cost of ``req`` on the catalog's hardware: for a named model, an
    inline architecture or a pasted HF config.json; inference, fine-tuning or pre-training of
    an LLM, inference of a diffusion or audio pipeline.

    ``machine_gpus`` (not a request field: the answers, which price a named machine, give
    it): the GPUs of the machine a training run is priced on; one of more than
    ``NODE_GPUS`` joined all to all (``layout.machine_node``: Google's a2-megagpu-16g, 16 x
    A100 on NVSwitch) is one node, timed with no network between its GPUs, as the
    recommendations time that machine. Without it a node is ``NODE_GPUS`` GPUs.

    ``interconnect`` (not a request field either: the answers give the offer's): how that
    machine joins its GPUs, so that a bridged PCIe card on a machine stated "pcie" is timed
    over PCIe, as the recommendations time that offer (``efficiency.joined_as``). Without
    it a bridged card is timed over the bridge its datasheet names, and the assumptions say
    so (``efficiency.link_words``).

    ``load_stated`` False (the request's body gave neither ``batch_size`` nor
    ``request_rate_per_s``: /v1/sizing and the CLI tell): an LLM served on more GPUs than one
    replica needs is laid out as the replicas that generate the most at full load
    (``layout.search_inference``'s ``full_load``), not one replica over all of them sized
    for the default single request.

    ``batch_stated`` False (the body gave no ``batch_size``: /v1/sizing tells; None, from a
    caller that does not tell: a ``batch_size`` other than 1, the default): an embedding or
    audio model's ``request_rate_per_s`` is served at the batch the recommendations buy its
    capacity at (:mod:`batching`: an embedding replica's 32 inputs a pass, an audio replica's
    largest batch up to the engine's ``max_num_seqs``, fewer where memory holds fewer), as an
    open loop is served by what the engine batches; not one request at a time.

    ``input_stated`` False (the body gave no ``input_tokens``: /v1/sizing and the CLI tell;
    None, from a caller that does not tell: an ``input_tokens`` other than
    ``DEFAULT_INPUT_TOKENS``): an embedding model's input is one retrieval chunk of
    ``EMBED_INPUT_TOKENS`` (512), at most its own limit, as /v1/recommendations
    (``capability.embed_context``) and /v1/ask size it, not a chat prompt.

    Raises NotFound for an unknown model or GPU, InvalidInput for an unknown precision or a
    combination that makes no sense, MissingFields for a pasted config.json without
    ``model_type`` or the sizes sizing needs. Memory figures are in GiB (2^30 bytes), and the
    answer lists its assumptions and sources."""
    par = req.parallelism
    registry = catalog.registry
    if par is not None and par.tensor * par.pipeline * par.data != req.gpu_count:
        raise InvalidInput(_layout_not_count(par, req.gpu_count, resolve_model(req, registry)),
                           "$.parallelism")
    model = resolve_model(req, registry)
    check_sizing_fields(req, model)
    embed_asked = None  # an embedding input longer than the model takes, as asked
    if batch_stated is None:
        batch_stated = req.batch_size != 1
    # a rate with no batch given: an embedding or audio replica runs the batch the
    # recommendations buy its capacity at (batching), sized below where the GPU is known
    rate_batched = (req.request_rate_per_s is not None and not batch_stated
                    and req.task == "inference" and req.gpu is not None)
    if input_stated is None:
        input_stated = req.input_tokens != DEFAULT_INPUT_TOKENS
    embed_chunk = not input_stated and model.task == "embed" and req.task == "inference"
    if embed_chunk:
        # no input length given: an embedding model's input is one retrieval chunk
        # (EMBED_INPUT_TOKENS, 512), at most its own limit, as the recommendations'
        # embed_context and /v1/ask read it (bge-m3, limit 8,192, was sized at a chat
        # prompt's 3,584 tokens: 7 times the tokens per embedding)
        req = msgspec.structs.replace(
            req, input_tokens=min(EMBED_INPUT_TOKENS, model.max_context or EMBED_INPUT_TOKENS))
    elif (model.task == "embed" and req.task == "inference" and model.max_context
            and req.input_tokens > model.max_context):
        # an embedding model takes at most its own input length (bge-large: 512): a longer
        # text is split into inputs of that length, or truncated (sentence-transformers'
        # max_seq_length), never embedded whole; the default prompt length is one such
        embed_asked = req.input_tokens
        req = msgspec.structs.replace(req, input_tokens=model.max_context)
    precision = resolve_precision(req, model)
    if req.weights is not None:
        check_kind_format(registry, model, precision)
    as_gguf = gguf_file(req.weights) and not precision.gguf  # a 16-bit GGUF file
    # an engine not modelled (Text Generation Inference) is timed as the one its data lists
    # it under, and said so (buyer audit 26a #13: "tgi" was a 400 with no suggestion)
    named = registry.engines.find(req.engine) if req.engine is not None else None
    stand_in = (registry.engines.stand_in(req.engine)
                if req.engine is not None and named is None else None)
    if stand_in is not None:
        req = msgspec.structs.replace(req, engine=stand_in[0].id)
    elif named is not None and named.id != req.engine:  # "vLLM", "TRT-LLM": the engine's id
        req = msgspec.structs.replace(req, engine=named.id)
    engine = resolve_engine(req.engine, model, precision, registry, as_gguf)
    trains_on = kernel_engine(registry, model.kind, req.task, engine)
    not_a_trainer = None
    if trains_on != engine.id:
        # fine-tuning and pre-training run PyTorch training loops (transformers / PEFT;
        # catalog/kernels.toml [training]), whatever serves the model afterwards
        if req.engine is not None:
            not_a_trainer = (f"engine {engine.id} serves models and does not train them: "
                             f"{req.task} is sized on {trains_on} (PyTorch training loops)")
        engine = registry.engines.get(trains_on)
    gpu = _named_gpu(registry, req.gpu) if req.gpu else None
    if gpu is not None and interconnect is not None:
        gpu = joined_as(gpu, interconnect)
    n = req.gpu_count
    assumptions: list[Assumption] = []
    sources = [model.source] + ([gpu.source] if gpu else [])

    def note(name: str, value: str, reason: str) -> None:
        assumptions.append(Assumption(name=name, value=value, reason=reason))

    if stand_in is not None:
        note("engine_stand_in", stand_in[1].name,
             f"{stand_in[1].name} is not modelled: timed as {stand_in[0].name}, the nearest "
             f"engine modelled ({stand_in[1].why})")
        sources.append(stand_in[1].source)
    note("weights_precision", precision.id,
         (f"a GGUF file of {precision.name} tensors ('{req.weights}'), sized as "
          f"{precision.id}: " if as_gguf else f"{precision.name}: ")
         + f"{precision.bits_linear:g} bits per quantized weight incl. scales; "
         f"{precision.quality}" + weights_reason(req, model, precision))
    note("engine", engine.id, (engine.memory_note if req.task == "inference"
                               or model.kind != "llm"
                               else "training loops on PyTorch kernels (transformers / PEFT, "
                               "DeepSpeed ZeRO for the sharding); memory is the training "
                               "plan's, below")
         + (f"; {engine.name} is the default engine for GGUF files, and '{req.weights}' is "
            "one (catalog/engines.toml default_for_formats)"
            if as_gguf and req.engine is None and req.task == "inference" else ""))
    note("gib", "2^30 bytes", "all memory figures are GiB")
    family = registry.gpu_family(req.gpu) if gpu is not None and req.gpu else []
    reading = registry.gpu_reading(req.gpu) if gpu is not None and req.gpu else None
    if gpu is not None and req.gpu and reading is not None and reading.gpu == gpu.id:
        # "RTX 6000", "MI300": a name of more than one product, read as the card rented
        # under it (catalog/gpus.toml [[reading]]), with the offers that say so and the rest
        note("gpu_variant", gpu.id, reading_reason(req.gpu, reading, catalog))
    elif (gpu is not None and req.gpu
          and (bare := registry.memory_family(req.gpu)) is not None and bare.gpu == gpu.id):
        # "A100": a family of memory variants read, for one card, as the one the catalog's
        # [[family]] table says, and why (the rule every route follows)
        others = [registry.gpus[g].name for g in bare.variants
                  if g != gpu.id and g in registry.gpus]
        note("gpu_variant", gpu.id,
             f"'{req.gpu}' names {len(others) + 1} GPUs; sized on {gpu.name}, {bare.reason}; "
             f"the others: {', '.join(others)} (name one to size it; /v1/recommendations "
             "gpus and /v1/offers gpu take the name as all of them)")
    elif gpu is not None and req.gpu and len(family) > 1:
        # "A100 PCIe" reads as the 80GB card its alias names; the name stands for others too
        others = [registry.gpus[g].name for g in family if g != gpu.id and g in registry.gpus]
        which = ("the one its alias names" if registry.find_gpu(req.gpu) is not None
                 else "the one with the least memory (what fits there fits on the others)")
        note("gpu_variant", gpu.id,
             f"'{req.gpu}' names {len(family)} GPUs; sized on {gpu.name}, {which}; the "
             f"others: {', '.join(others)} (name one to size it)")
    if embed_chunk:
        own = model.max_context
        note("embedding_input_tokens", str(req.input_tokens),
             f"input_tokens not given: each input is sized as one retrieval chunk of "
             f"{req.input_tokens:,} tokens ({EMBED_INPUT_TOKENS:,} word pieces, the common "
             "input length of embedding models: Sentence-Transformers, Input Sequence Length"
             + (f"; {model.name} takes at most {own:,}, its max_context" if own else "")
             + f"), not a language model's default prompt of {DEFAULT_INPUT_TOKENS:,}; state "
             "input_tokens to size longer or shorter inputs"
             + (f" (a text over {own:,} is split into inputs of that length)"
                if own else ""))
        sources.extend(EMBED_INPUT_SOURCES)
    if embed_asked is not None:
        note("input_tokens", str(req.input_tokens),
             f"asked: {embed_asked:,} tokens is more than {model.name} takes in one input, "
             f"so each input is sized at its limit of {req.input_tokens:,} (a longer text "
             "is split into inputs of that length, or truncated)")

    if req.cpu_offload:
        check_diffusion_offload(model, req.task == "inference")
    if req.num_frames is not None:
        model = clip_frames(model, req.num_frames, req.task == "inference", note)
    if model.kind != "llm":
        if req.parallelism is not None:
            raise InvalidInput("parallelism layouts apply to LLMs; a diffusion or audio "
                               "pipeline runs on one GPU per replica", "$.parallelism")
        return _size_pipeline(req, registry, model, precision, engine, gpu, n, assumptions,
                              sources, note, rate_batched=rate_batched)

    images = req.images_per_request
    # each image's cross-attention KV in every request, or its encoder's patches
    model = with_images(model, images, req.width, req.height)
    a = model.arch
    assert a is not None
    # (width, height and steps, and training_tokens outside training, were refused above:
    # they were "ignored" here, with a 200 that /v1/recommendations answers with a 400)
    unused: list[str] = []
    ignored = ""
    if (model.task == "embed" and req.task == "inference"
            and req.output_tokens != DEFAULT_OUTPUT_TOKENS):
        ignored = "output_tokens ignored: an embedding model generates nothing"
        unused.append("output_tokens")
    if req.task == "inference" and req.min_memory_headroom_pct and model.task == "embed":
        # a generative model's most figures are at that headroom (speed.estimate_performance,
        # as the recommendations' max_concurrency); an embedding model holds no KV cache
        ignored = "; ".join(x for x in (ignored, (
            "min_memory_headroom_pct ignored: an embedding model holds no requests' KV "
            "cache (a served model fits against its engine's share of the memory)")) if x)
        unused.append("min_memory_headroom_pct")
    if ignored:
        note("ignored_fields", ", ".join(unused), ignored)
    if req.task == "inference":
        if req.finetune is not None:
            raise InvalidInput("`finetune` options apply to task finetune or pretrain",
                               "$.finetune")
        if model.task != "embed":
            note("request_tokens", f"{req.input_tokens} in, {req.output_tokens} out",
                 request_tokens_said(req.input_tokens, req.output_tokens))
        kv = resolve_kv(req.kv_cache)
        if not engine.keeps_kv(kv.id):
            raise InvalidInput(registry.engines.kv_refusal(engine, kv.id, model.kind),
                               "$.kv_cache")
        hw = check_hardware(registry, model.kind, req.task, precision, engine, gpu,
                            req.weights is not None, note)
        precision = _sized_precision(assumptions, hw.precision, precision)
        if req.kv_cache is None:
            # none asked: the engine's own for the weights sized (buyer audit 26a #7:
            # TensorRT-LLM at fp8 was sized with a 16-bit cache, half its concurrency)
            kv = resolve_kv(None, engine, precision)
            if kv.id != "fp16":
                note("kv_cache_default", kv.id, kv_default_reason(engine, [precision.id], kv))
        hw.warnings.extend(checkpoint_warnings(req))
        if ignored:
            hw.warnings.append(ignored)
        if images is not None and not a.cross_attention_layers and not (
                model.image_encoder_tokens and req.task == "inference"):
            hw.warnings.append(
                f"images_per_request ignored: {model.name} has no cross-attention image "
                "cache; an image's tokens are part of its input_tokens"
                + ("; give width and height (each image's size in pixels) to time its "
                   "vision encoder" if image_size_applies(model) else ""))
        if embed_asked is not None:
            hw.warnings.append(
                f"{embed_asked:,}-token inputs are more than {model.name} takes "
                f"({model.max_context:,} tokens per input): the figures are per "
                f"{req.input_tokens:,}-token input; a {embed_asked:,}-token text is "
                f"{math.ceil(embed_asked / req.input_tokens)} of them, or is truncated")
        serves = not (a.is_encoder_decoder and not engine.encoder_decoder)
        if not serves:
            hw.warnings.append(
                f"{engine.name} does not serve encoder-decoder models such as {model.name}; "
                "engines that do: " + ", ".join(e.id for e in registry.engines
                                                if e.encoder_decoder))
        refused = engine.vision_refused.get(model.family) if a.vision_params else None
        if refused is not None and serves:
            # a vision model the engine does not run with images (llama.cpp and Llama 3.2
            # Vision; audit buyer30a #6: "fits with llama.cpp" was offered)
            serves = False
            hw.warnings.append(
                f"{engine.name} does not run {model.name} with images: {refused}; engines "
                "that do: " + ", ".join(e.id for e in registry.engines
                                        if e.serves(model.kind, model.family)
                                        and model.family not in e.vision_refused))
        # an embedding model reads its input and writes nothing back
        context = req.input_tokens + (0 if model.task == "embed" else req.output_tokens)
        # past the model's own limit the engine refuses the request: vLLM raises on a
        # max_model_len above the length derived from the model's config unless
        # VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 (vllm/config ModelConfig._get_and_verify_max_len),
        # SGLang likewise unless SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1; so it does not
        # run (``runs``), whatever the memory says (``fits``)
        # a context the model card extends to with rope scaling (Qwen3: YaRN to 131,072 over
        # the config's 40,960) is served with that setting: within, and said
        ctx_limit = model.context_limit
        within = not (ctx_limit and context > ctx_limit)
        if not within:
            note("context_over_model_limit", f"{context} > {ctx_limit}",
                 "the model was trained for a shorter context; quality past it is not assured")
            hw.warnings.append(
                f"{context:,} tokens of context is more than the model supports "
                f"({ctx_limit:,}): engines refuse longer requests (vLLM's "
                "max_model_len) and quality past the trained length is not assured; the "
                "figures are for the context asked")
        extended = extended_context_warning(model, context)
        if extended is not None and model.context_extension is not None:
            note("context_extension", model.context_extension.engine_setting, extended)
            sources.append(model.context_extension.source)
            hw.warnings.append(extended)
        if rate_batched and model.task == "embed" and gpu is not None:
            # an open loop of inputs is served as the engine batches them: each GPU one
            # replica at the batch the recommendations buy its capacity at, not one input at
            # a time (audit buyer24a #6: 2 L4 for 500 inputs/s of 64 tokens, where 1 serves)
            one = InferencePlan(model=model, precision=precision, kv_type=kv, engine=engine,
                                tp=1, batch=1, context=context)
            each = embed_batch(one.total_gib, one.capacity_gib(gpu))
            req = msgspec.structs.replace(req, batch_size=each * n)
            note("batch_size", str(req.batch_size),
                 f"request_rate_per_s with no batch_size: {each} input{'s' if each > 1 else ''}"
                 " per forward pass on each GPU (one replica each), batched as "
                 f"/v1/recommendations batches an embedding model ({EMBED_BATCH}, fewer where "
                 "the engine's memory holds fewer): an open loop is served by what the engine "
                 "batches, not one input at a time; give batch_size to size another")
        base = InferencePlan(model=model, precision=precision, kv_type=kv, engine=engine, tp=n,
                             batch=req.batch_size, context=context,
                             lora_adapters=req.lora_adapters, lora_rank=req.lora_adapter_rank)
        timer = None
        # LoRA adapters served beside the model take their memory on every GPU before the
        # KV cache (memory.InferencePlan.per_gpu): the KV admission the speeds are timed at
        # is what they leave
        lora = (req.lora_adapters, req.lora_adapter_rank)
        load_models: LoadModels = {}
        ep_models: EpLoadModels = {}
        if gpu is not None:
            def timer(tp: int, pp: int, ep: int, share: int, rate: float | None
                      ) -> tuple[int, float, float, float, bool] | None:
                lm = (shared_ep_load_model(ep_models, model, hw.runs, kv, engine, gpu, tp, pp,
                                           ep, req.input_tokens, max(1, req.output_tokens),
                                           catalog.perf, lora=lora) if ep > tp else
                      shared_load_model(load_models, model, hw.runs, kv, engine, gpu, tp,
                                        req.input_tokens, max(1, req.output_tokens),
                                        catalog.perf, pp, lora_adapters=lora[0],
                                        lora_rank=lora[1]))
                if lm is None:
                    return None
                at = lm.at(share, rate)
                return lm.cap, at.ttft_s, at.tpot_s, at.requests_per_s, at.saturated

        full_load = None
        # the layouts full_load timed, by (tensor, pipeline, expert, data): the speed and the
        # notes it made, in order; the answer's layout, one of them, is not timed again
        timed_layouts: dict[tuple[int, int, int, int],
                            tuple[Performance, list[tuple[str, str, str]]]] = {}
        if (gpu is not None and hw.ok and serves and within and not load_stated
                and req.request_rate_per_s is None):
            g = gpu

            def full_load(tp: int, pp: int, ep: int, dp: int) -> float | None:
                # the layout's max_throughput_tokens_per_s as a request fixing it gets it
                # (the one rule /v1/ask's full-load answers compare widths by)
                lay = Layout(tensor=tp, pipeline=pp, data=dp, expert=ep, fixed=True,
                             reason="", considered=0, candidates=[])
                said: list[tuple[str, str, str]] = []

                def keep(name: str, value: str, reason: str) -> None:
                    said.append((name, value, reason))

                p = _timed_for_layout(model, hw.runs, kv, engine, g, n, req, keep, lay,
                                      catalog, load_models, ep_models)
                timed_layouts[(tp, pp, ep, dp)] = (p, said)
                return p.max_throughput_tokens_per_s

        layout, plan = search_inference(base, gpu, n, req.batch_size, req.parallelism,
                                        timer=timer, rate=req.request_rate_per_s,
                                        full_load=full_load)
        note("layout", layout.label, layout.reason)
        if gpu is not None and layout.fixed and engine.split == "tensor":
            tp_cap, why = tp_limit(gpu)
            if layout.tensor > tp_cap and not all_to_all_link(gpu):
                # vLLM's advice for GPUs without NVLink, not a timing: this estimate may well
                # be faster than the narrower group (a datasheet PCIe all-reduce), where a
                # measured server routing all-reduces through the host ran far slower
                hw.warnings.append(
                    f"tensor parallel {layout.tensor}: {why.split(': ', 1)[-1]}; timed at "
                    f"PCIe speed (vLLM advises at most {tp_cap}-way tensor parallel, with "
                    "pipeline stages or replicas beyond it, where GPUs lack NVLink)")
        _note_inference(plan, note, images or 1)
        per = plan.per_gpu()
        memory = _memory(plan.whole(), per, True)
        fits = max_b = max_ctx = None
        if gpu is not None:
            fits = plan.fits(gpu)
            max_b = held_at_full_context(plan, gpu)
            if model.task == "embed" and fits:
                # no KV cache kept: memory does not grow with the batch, the engine's
                # sequence cap is what bounds it
                cap_seqs = engine.speed.max_num_seqs * plan.dp
                if max_b > cap_seqs:
                    max_b = cap_seqs
                    note("max_batch_size", str(cap_seqs),
                         f"an embedding model keeps no KV cache, so memory does not bound "
                         f"the batch; {engine.id} runs at most max_num_seqs "
                         f"{engine.speed.max_num_seqs} inputs at once per replica")
            max_ctx = plan.max_context(gpu)
            past = extended_context_warning(model, max_ctx) if extended is None else None
            if past is not None:
                # the longest context is the card's extended one: said with what it needs
                note("max_context_tokens", str(max_ctx), past)
                if model.context_extension is not None:
                    sources.append(model.context_extension.source)
            note("capacity_per_gpu_gib", f"{plan.capacity_gib(gpu):.2f}",
                 plan.capacity_why(gpu))
        perf = cost = None
        # the weights and at least one sequence fit, not the whole batch: a serving engine
        # admits what its KV cache holds and queues the rest, so the load is timed so
        queued = bool(gpu is not None and not fits and max_b and hw.ok and serves
                      and model.task != "embed")
        if gpu is not None and not fits and not queued:
            note("performance", "null", "the model does not fit this setup, so no speed or "
                 "cost is given; see fits_on")
            hint = _lower_precision_hint(
                registry, engine, gpu, precision, per.total_gib, plan.capacity_gib(gpu),
                LLM_SMALLER, lambda q: dataclasses.replace(
                    plan, precision=q, assumptions=[]).per_gpu().total_gib)
            hw.warnings.append(hint)
        if gpu is not None and (fits or queued) and not within:
            note("performance", "null", f"{context:,} tokens is past {model.name}'s context "
                 f"limit of {ctx_limit:,}: engines refuse the request, so no speed or "
                 "cost is given (runs is false; the memory is for the context asked)")
        if gpu is not None and (fits or queued):
            at_full = timed_layouts.get((layout.tensor, layout.pipeline, layout.expert,
                                       layout.data))
            if not (hw.ok and serves and within):
                perf = None
            elif at_full is not None:
                # timed at full load with the same arguments (_timed_for_layout reads the
                # layout's four widths alone): the same speed, its notes said as it made them
                perf = at_full[0]
                for said in at_full[1]:
                    note(*said)
            else:
                perf = _timed_for_layout(model, hw.runs, kv, engine, gpu, n, req, note,
                                         layout, catalog, load_models, ep_models)
            if gpu is not None and perf is not None and model.task != "embed":
                waits = _queue_warning(base, plan, gpu, n, req, kv, engine, perf, per.total_gib,
                                       bool(fits), note)
                if waits:
                    hw.warnings.append(waits)
            if perf is not None and req.output_tokens == 0 and model.task != "embed":
                perf = _prompt_only(perf, note)
            if perf is not None:
                _note_decode_only(perf, req.input_tokens, note)
            cost = estimate_cost(perf, req.price_per_gpu_hour_usd, n, note)
            rate, most = req.request_rate_per_s, perf.max_requests_per_s if perf else None
            if rate is not None and most and rate > most:
                hw.warnings.append(
                    f"{plain(rate)} requests/s is more than this setup serves ({sig3(most)} "
                    f"requests/s): the queue grows without bound, so no time to first token "
                    f"is given and the figures are at capacity; about {math.ceil(rate / most)} "
                    "such setups carry it")
            elif rate is not None and most and rate >= NEAR_CAPACITY * most:
                hw.warnings.append(
                    f"{plain(rate)} requests/s is {rate / most:.0%} of what this setup serves "
                    f"({sig3(most)} requests/s): near capacity the queue, and with it the time "
                    "to first token, grows steeply with small changes of load; "
                    f"{setups_for(rate, most)} such setups keep it under "
                    f"{HEADROOM_LOAD:.0%}")
            if model.task == "embed":
                # an embedding answer has no requests/s of its own: one request is one input
                # at input_tokens (at most the model's own length), as the recommendations
                # count an embedding request
                rate_load(rate, perf.embeddings_per_s if perf is not None else None, n,
                          req.batch_size, "embeddings",
                          f"one input of {req.input_tokens:,} tokens", hw.warnings, note,
                          replica_gpus=max(1, n // max(1, plan.dp)))
            if (rate is not None and perf is not None and perf.time_to_first_token_ms
                    and perf.time_per_output_token_ms and model.task != "embed"):
                # Little's law: the requests in flight hold their KV cache; the memory above
                # is sized for batch_size of them
                life_s = (perf.time_to_first_token_ms + max(req.output_tokens - 1, 0)
                          * perf.time_per_output_token_ms) / 1000
                flight = math.ceil(rate * life_s)
                if flight > req.batch_size:
                    more = dataclasses.replace(plan, batch=math.ceil(flight / plan.dp),
                                               assumptions=[]).per_gpu().total_gib
                    cap = plan.capacity_gib(gpu)
                    hw.warnings.append(
                        f"at {plain(rate)} requests/s about {flight} requests are in flight "
                        f"(Little's law): the memory above is sized for {req.batch_size}; with "
                        f"theirs it is {more:.1f} GiB per {gpu.unit} of {cap:.1f}"
                        + (" and fits" if more <= cap else
                           ", over it at their full context: some may wait for KV space (the "
                           "speeds admit by actual context)")
                        + f"; set batch_size to {flight} to size it")
        fits_on = _fits_on_inference(base, catalog, req, precision, kv, engine)
        if not within:
            # the rows are where the memory fits; a decode speed beside them would be for a
            # request no engine takes
            fits_on = [msgspec.structs.replace(f, decode_tokens_per_s=None) for f in fits_on]
        return SizingResult(
            model=_model_info(model), task=req.task, weights=precision.id, kv_cache=kv.id,
            engine=engine.id, gpu=_gpu_info(gpu) if gpu else None, gpu_count=n, memory=memory,
            kv_cache_bytes_per_token=(None if model.task == "embed"
                                      else kv_bytes_per_token(a, kv.bytes_per_element)),
            fits=fits if fits is None or (hw.ok and serves) else False,
            max_batch_size=max_b if max_b is None or (hw.ok and serves) else 0,
            max_context_tokens=max_ctx, fits_on=fits_on,
            performance=perf, cost=cost if hw.ok and serves and within else None,
            assumptions=assumptions, sources=sources, layout=layout, warnings=hw.warnings,
            runs=(hw.ok and serves and within) if gpu is not None else None,
            capacity_per_gpu_gib=plan.capacity_gib(gpu) if gpu is not None else None,
            fits_in_memory=fits, max_batch_size_in_memory=max_b)

    ft = training_options(req.finetune, req.task)
    assert ft.method is not None
    check_training_method(req.task, ft.method, precision if req.weights is not None else None)
    qlora_why: str | None = None
    if ft.method == "qlora" and req.weights is not None:
        # weights QLoRA does not train on (a GGUF file, MXFP4): its NF4 base, said in one
        # warning (it was replaced by the kernel check as "the model's own", at awq-int4)
        precision, qlora_why = qlora_base(precision)
        if qlora_why:
            assumptions[:] = [
                Assumption(name="weights_precision", value=precision.id,
                           reason=f"{precision.name}: {qlora_why}")
                if x.name == "weights_precision" else x for x in assumptions]
    if ft.method == "qlora" and req.weights is None:
        precision = get_precision("nf4")
        # QLoRA's base is 4-bit whatever the model ships in: the note says what is sized
        assumptions[:] = [
            Assumption(name="weights_precision", value=precision.id,
                       reason=f"{precision.name}: QLoRA keeps the frozen base in 4 bits "
                       f"({precision.bits_linear:g} bits per weight incl. scales); "
                       f"{precision.quality}")
            if x.name == "weights_precision" else x for x in assumptions]
    elif req.weights is None:
        # LoRA and full train from a 16-bit copy of a release with no training path
        # (gpt-oss's MXFP4, DeepSeek's FP8), as the recommendations size it
        precision = _training_base_note(ft.method, precision, assumptions)
    asked_warning = qlora_why
    # an explicit format is checked against the GPU's kernels as asked, unless it is not what
    # the trainer holds (LoRA on a fp8 base: its bf16 copy, which gives way to fp16 on a V100)
    explicit = req.weights is not None and ft.method != "qlora"
    if explicit:
        trained, asked_warning = training_weights(ft.method, precision)
        explicit = trained.id == precision.id
        if asked_warning:
            assumptions[:] = [
                Assumption(name="weights_precision", value=trained.id, reason=asked_warning)
                if x.name == "weights_precision" else x for x in assumptions]
        precision = trained
    hw = check_hardware(registry, model.kind, req.task, precision, engine, gpu, explicit, note)
    precision = _sized_precision(assumptions, hw.precision, precision)
    if asked_warning and not fp8_mixed_precision(ft.method, precision):
        hw.warnings.append(asked_warning)
    hw.warnings.extend(checkpoint_warnings(req))
    if model.max_context and ft.sequence_length > model.max_context:
        # as inference and the recommendations say it (recommend/context.py
        # context_over_limit): the memory holds at that length, the model's quality does not
        # (audit api2 #4: 4x Llama 3 8B's 8,192 was a silent fit)
        over = (f"sequence length {ft.sequence_length:,} tokens is over {model.name}'s "
                f"max_context of {model.max_context:,}: training past it extends the model's "
                "context (positions it was never trained on; RoPE scaling and long-context "
                "data needed)")
        note("context_over_model_limit", f"{ft.sequence_length} > {model.max_context}", over)
        hw.warnings.append(over)
    if ignored:
        hw.warnings.append(ignored)
    if not_a_trainer is not None:
        hw.warnings.append(not_a_trainer)
    if ft.zero_stage and n == 1:
        note("zero_stage_single_gpu", str(ft.zero_stage), "ZeRO shards over data-parallel "
             "GPUs; with one GPU nothing is sharded"
             + ("; with cpu_offload it runs as DeepSpeed ZeRO-Offload, the gradients and the "
                "optimizer state in CPU memory" if ft.cpu_offload else ""))
    fa = flash_attention_note(gpu) if ft.flash_attention else None
    if fa is not None:
        note("attention_kernel", "memory-efficient SDPA (no FlashAttention-2 here)", fa)
    # unset checkpointing and micro-batch: the least memory until a GPU is fitted against
    lean = TrainingPlan(
        model=model, precision=training_plan_precision(ft.method, precision),
        method=ft.method, rank=ft.lora_rank,
        targets=list(ft.target_modules), optimizer=ft.optimizer,
        checkpointing=ft.gradient_checkpointing is not False, flash=ft.flash_attention,
        micro_batch=ft.micro_batch_size or 1, seq=ft.sequence_length, zero_stage=ft.zero_stage,
        cpu_offload=ft.cpu_offload, gpus=n, objective=ft.objective,
        pretrain=req.task == "pretrain", node_gpus=machine_node(gpu, machine_gpus))
    node = node_of(lean)
    if req.node_network_gbit_s is not None:
        # the stated network, shared by the node's GPUs (Gb/s per node -> GB/s per GPU)
        lean = dataclasses.replace(lean, inter_node_gb_s=req.node_network_gbit_s / 8 / node)
    if lean.node_gpus is not None and gpu is not None and n > NODE_GPUS:
        note("one_machine", f"{n} GPUs in one machine of {node}" if n <= node
             else f"nodes of {node} GPUs",
             f"the machine priced holds {node} x {gpu.name} joined all to all (two 8-GPU "
             "baseboards joined by NVSwitch, as HGX A100 16-GPU and Google's a2-megagpu-16g): "
             f"up to {node} GPUs are one node, timed at one node's share of the peak with "
             "their collectives on the GPUs' own link, no network between them")

    def timed(p: TrainingPlan) -> tuple[float, str]:
        assert gpu is not None
        t = training_speed(p, gpu, catalog.perf)
        return t.tokens_per_s, t.bound

    # past one node the layout search times tensor x pipeline x data layouts (layout.py)
    train_timer = timed if gpu is not None else None
    # the memory the step and the layout are chosen against: all the usable memory, or less
    # the request's min_memory_headroom_pct, the recommendations' rule (capability.py
    # train_capability): the same search with the same limit gives the same layout and speed
    room = req.min_memory_headroom_pct
    limit = gpu.usable_gib * (1 - room / 100) if gpu is not None else None

    # the tokens of an optimizer step where a layout accumulates micro-batches: a fine-tune's
    # batch, not pre-training's 4M tokens, and never more than the job (audit train #5)
    step_tokens = global_batch_tokens(req.task, ft.sequence_length, req.training_tokens)

    def fit(p: TrainingPlan, tensor: bool) -> tuple[TrainingPlan, bool]:
        q = search_training(p, gpu, ft.zero_stage, req.parallelism, timer=train_timer,
                            global_tokens=step_tokens, cap_gib=limit, tensor_in_node=tensor)[1]
        return q, limit is None or q.per_gpu().total_gib <= limit

    # tensor x data parallel within one node, where data parallel alone fits no step or is
    # bound by communication (training_step)
    tensor_ok = (gpu is not None and req.parallelism is None and n <= node
                 and tensor_in_node_weighed(lean, ft.zero_stage, gpu))
    step, tensor = training_step(
        lean, ft.gradient_checkpointing, ft.micro_batch_size, fit,
        (lambda p: training_speed(p, gpu, catalog.perf)) if gpu is not None else None,
        limit, tensor_ok)
    layout, tplan = search_training(step.plan, gpu, ft.zero_stage, req.parallelism,
                                    timer=train_timer,
                                    global_tokens=step_tokens, cap_gib=limit,
                                    tensor_in_node=tensor)
    if room and gpu is not None and limit is not None:
        note("memory_headroom", f"{room:g}%",
             f"min_memory_headroom_pct: the step and the layout are the fastest that fit "
             f"{limit:.1f} of the {gpu.usable_gib:.1f} GiB usable per GPU, the rest kept free "
             "as the recommendations keep it (room for longer sequences, fragmentation and "
             "the framework's buffers); `fits` is against all the usable memory")
    note("layout", layout.label, layout.reason)
    _note_training(tplan, note)
    note("gradient_checkpointing", ("on" if tplan.checkpointing else "off")
         + (" (default)" if ft.gradient_checkpointing is None else ""),
         step.checkpointing_reason)
    note("micro_batch", f"{tplan.micro_batch} sequence{'s' if tplan.micro_batch > 1 else ''} "
         f"of {tplan.seq:,} tokens per GPU", step.micro_batch_reason)
    if tplan.micro_batches > 1:
        note("global_batch", f"{step_tokens:,} tokens ({step_tokens // max(1, tplan.seq):,} "
             f"sequences of {tplan.seq:,})",
             _global_batch_reason(req.task, step_tokens, tplan.seq, req.training_tokens))
    moe = moe_training_warning(model, req.task) if n > 1 else None
    if moe is not None:
        hw.warnings.append(moe)
    per = tplan.per_gpu()
    memory = _memory(tplan.whole(), per, False)
    host = _host_memory(tplan, node, note)
    fits = None
    perf = cost = None
    if gpu is not None:
        fits = per.total_gib <= gpu.usable_gib
        if not fits:
            def layout_of(p: TrainingPlan, zero: int | None,
                          par: Parallelism | None) -> TrainingPlan:
                return search_training(p, gpu, zero, par, timer=train_timer,
                                       global_tokens=step_tokens, cap_gib=gpu.usable_gib,
                                       tensor_in_node=True)[1]

            hw.warnings.append(_training_hint(tplan, gpu, per.total_gib, ft, req.parallelism,
                                              layout_of))
    if gpu is not None and n > node:
        # the recommendations price such a run only on nodes with a fast fabric; sizing says
        # the same, and how the speed was scaled
        nodes = math.ceil(n / node)
        note("multi_node", f"{nodes} nodes of {node} GPUs",
             "training speed per GPU at the one-node share of the peak (0.40 full, 0.55 "
             "LoRA) with the collectives between the nodes timed on top of it "
             "(training_communication, inter_node_network); the multi-node share (0.35 / "
             "0.48) only where they are not timed, so the network is not counted twice")
        stated = req.node_network_gbit_s
        note("inter_node_network", f"{inter_node_gb_s(tplan):.3g} GB/s per GPU",
             (f"as stated: {stated:,.4g} Gb/s per node between the nodes, shared by its "
              f"{node} GPUs ({stated / node:,.3g} Gb/s each, against the 400 Gb/s per GPU "
              "of the InfiniBand/EFA/RoCE fabric the recommendations require)"
              if stated is not None else
              "assumed: 400 Gb/s per GPU between the nodes, one 400 Gb/s NIC per GPU as in "
              "DGX H100 (8 x ConnectX-7), Google A3 Ultra and AWS P5 (3,200 Gbps per 8 "
              "GPUs)")
             + "; the line rate, a best case; a collective over GPUs in several nodes runs as a "
             "ring whose every GPU sends (n-1)/n of the message per pass over it, and the "
             "layout search weighs tensor parallel within a node, pipeline stages and data "
             "parallel across nodes against ZeRO over all the GPUs by that time")
        hw.warnings.append(
            f"{n} GPUs span at least {nodes} nodes of {node}: training across nodes needs "
            "a fast node network (InfiniBand, EFA or RoCE) or the gradient "
            "sync dominates the step"
            + ("; these cards have no NVLink, so even inside a node every all-reduce crosses "
               "PCIe" if gpu.link == "pcie" else ""))
    if gpu is not None and fits:
        perf = estimate_performance(model, hw.runs, None, engine, gpu, n, req, note,
                                    task=req.task, training=tplan,
                                    perf=catalog.perf) if hw.ok else None
        cost = estimate_cost(perf, req.price_per_gpu_hour_usd, n, note)
    # where the run fits: with what the request leaves unset at its least memory (a GPU
    # that fits it only checkpointed is listed)
    fits_on = _fits_on_training(
        dataclasses.replace(tplan, checkpointing=lean.checkpointing,
                            micro_batch=lean.micro_batch),
        registry, kernel_engine(registry, model.kind, req.task, engine), precision)
    return SizingResult(
        model=_model_info(model), task=req.task, weights=precision.id, kv_cache=None,
        engine=engine.id, gpu=_gpu_info(gpu) if gpu else None, gpu_count=n, memory=memory,
        kv_cache_bytes_per_token=None, fits=fits and hw.ok if fits is not None else None,
        max_batch_size=None, max_context_tokens=None,
        fits_on=fits_on, performance=perf, cost=cost if hw.ok else None,
        assumptions=assumptions, sources=sources, layout=layout, warnings=hw.warnings,
        runs=hw.ok if gpu is not None else None,
        capacity_per_gpu_gib=gpu.usable_gib if gpu is not None else None,
        fits_in_memory=fits, host_memory=host)


def _host_memory(plan: TrainingPlan, node: int, note: object) -> HostMemory | None:
    """The host RAM one node of a ``cpu_offload`` run needs (``TrainingPlan.host_offload_gib``,
    DeepSpeed's estimators), noted as the ``host_ram`` assumption with what it counts; None
    without offload. The sizing gave only the GPU memory, and the answers said "the host RAM
    ... is not sized here" (buyer audit 24a)."""
    got = plan.host_offload_gib(node)
    if got is None:
        return None
    assert callable(note)
    state, load = got
    on_node = min(plan.gpus, node)
    opt_b = OPTIMIZER_BYTES[plan.optimizer][0] + OFFLOAD_HOST_GRAD_BYTES
    need = max(state, load)
    why = (f"DeepSpeed ZeRO-Offload keeps the fp32 master weights, the fp32 gradients and "
           f"the optimizer moments of the trained parameters in pinned host memory "
           f"({opt_b:g} bytes per trained parameter with {plan.optimizer}), "
           + ("sharded over the data-parallel GPUs, " if plan.dp > 1 and plan.zero_stage
              else "")
           + f"{state:.1f} GiB for the node's {on_node} GPU{'s' if on_node > 1 else ''}; ")
    if (plan.zero_stage or 0) >= 3:
        why += "under ZeRO-3 the model is built sharded (zero.Init), no whole copy on the host"
    else:
        procs = (f"each of the node's {on_node} GPU processes builds" if on_node > 1
                 else "the GPU's process builds")
        why += (f"while loading, {procs} the whole model on the host in fp32 (4 bytes per "
                f"parameter), {load:.1f} GiB (less where it is loaded in 16 bits, or with "
                "ZeRO-3's zero.Init)")
    why += (f"; both x {OFFLOAD_HOST_BUFFER:g}, DeepSpeed's conservative buffer factor; the "
            "node needs the larger. Not counted: the data loader, the OS and the framework's "
            f"own CPU memory. Source: {HOST_MEMORY_SOURCE}")
    note("host_ram", f"{need:.1f} GiB per node of {on_node} GPU{'s' if on_node > 1 else ''}",
         why)
    return HostMemory(per_node_gib=need, node_gpus=on_node, state_gib=state, load_gib=load,
                      source=HOST_MEMORY_SOURCE)


NEAR_CAPACITY = 0.9
"""An open loop at this share of the setup's requests/s or more is warned about: the queue
term of TTFT rises as rho / (1 - rho), 9x at 90 %, 19x at 95 %."""
HEADROOM_LOAD = 0.8
"""The load the near-capacity warning sizes its setups count for."""


def setups_for(rate: float, each: float) -> int:
    """Setups that carry ``rate`` requests (or images) per second with each under
    ``HEADROOM_LOAD`` of ``each``, what one serves at most: sizing's warnings, the
    recommendations' rate targets and the answers count them this one way."""
    return math.ceil(rate / (HEADROOM_LOAD * each))


LLM_SMALLER = ("fp8", "int8", "awq-int4", "gptq-int4", "nf4")
"""Lower precisions tried, in order, when an LLM does not fit (the engine must run them)."""
PIPELINE_SMALLER = ("fp8", "int8", "nf4")
"""The same for a diffusion or audio pipeline's denoiser and text encoders."""


TRAIN_COUNTS = (2, 4, 8, 16, 32, 64, 128, 256)
"""GPU counts tried, with ZeRO-3, when a training setup does not fit."""


TrainingLayoutOf = Callable[[TrainingPlan, "int | None", "Parallelism | None"], TrainingPlan]
"""The plan at the layout the search gives it (``search_training`` with the request's
collective timer and global batch), for a ZeRO stage and a fixed parallelism, or None."""


def _training_hint(plan: TrainingPlan, gpu: GPU, need: float, ft: FinetuneOptions,
                   fixed: Parallelism | None, layout_of: TrainingLayoutOf) -> str:
    """What would make a training setup that does not fit fit, the least change first (audit
    train #6, #12: "nor on 256 such GPUs" was said where micro-batch 1 fitted one GPU): on
    these GPUs, gradient checkpointing on where the request turned it off, micro-batch 1 with
    gradient accumulation (the same sequences a step) where it asked more, another ZeRO stage
    where it set one, a tensor x pipeline layout (the ``parallelism`` field); else the fewest
    GPUs of this kind that hold it as the layout search lays them out (ZeRO-3 as before within
    a node, tensor x pipeline x data past one), or that none of :data:`TRAIN_COUNTS` does."""
    cap = gpu.usable_gib
    n = plan.gpus
    head = (f"does not fit: {need:.1f} GiB per GPU for {plan.method} training where "
            f"{gpu.name} gives {cap:.1f} GiB")

    def fits(p: TrainingPlan, zero: int | None, par: Parallelism | None) -> float | None:
        try:
            got = layout_of(dataclasses.replace(p, assumptions=[]), zero, par)
        except InvalidInput:  # a layout the model or the GPU refuses
            return None
        per = got.per_gpu().total_gib
        return per if per <= cap else None

    if ft.gradient_checkpointing is False and (
            got := fits(dataclasses.replace(plan, checkpointing=True), ft.zero_stage,
                        fixed)) is not None:
        return (f"{head}; gradient checkpointing on (finetune.gradient_checkpointing true) "
                f"needs {got:.1f} GiB per GPU and fits")
    if plan.micro_batch > 1 and (
            got := fits(dataclasses.replace(plan, micro_batch=1), ft.zero_stage,
                        fixed)) is not None:
        return (f"{head}; micro-batch 1 with {plan.micro_batch} gradient-accumulation steps "
                f"(the same {plan.micro_batch} sequences per GPU a step) needs {got:.1f} GiB "
                "per GPU and fits")
    if ft.zero_stage is not None and n > 1:
        stages = (0, 1) if (fixed is not None and fixed.pipeline > 1) else (0, 1, 2, 3)
        for z in stages:
            if z != ft.zero_stage and (got := fits(plan, z, fixed)) is not None:
                return (f"{head}; ZeRO-{z} on these {n} GPUs needs {got:.1f} GiB per GPU and "
                        "fits")
    a = plan.model.arch
    if n > 1 and a is not None and (fixed is None or fixed.tensor * fixed.pipeline == 1):
        # a tensor x pipeline layout on the same GPUs (the layout search within a node
        # weighs tensor x data parallel, not pipelines, and none set a ZeRO stage or a
        # parallelism): the fewest model-parallel GPUs that fit, tensor first
        # never one the search would refuse: no tensor parallel where the trainer or the
        # GPUs' fabric does not carry it, no model parallel at all for a QLoRA base
        cap_tp = 1 if tensor_parallel_refusal(plan, gpu) else tp_limit(gpu)[0]
        cap_pp = 1 if plan.method == "qlora" else n
        shapes = sorted(((tp, pp) for tp in divisors(n) for pp in divisors(n // tp)
                         if tp * pp > 1 and tp <= cap_tp and pp <= cap_pp),
                        key=lambda s: (s[0] * s[1], s[1]))
        zero = ft.zero_stage if ft.zero_stage is not None and ft.zero_stage <= 1 else None
        for tp, pp in shapes:
            par = Parallelism(tensor=tp, pipeline=pp, data=n // (tp * pp))
            if (got := fits(plan, zero, par)) is not None:
                return (f"{head}; tensor {tp} x pipeline {pp} x data {n // (tp * pp)} parallel "
                        f"on these {n} GPUs (parallelism) needs {got:.1f} GiB per GPU and fits")
    for m in TRAIN_COUNTS:
        if m <= n:
            continue
        if m <= NODE_GPUS:
            more = dataclasses.replace(plan, gpus=m, zero_stage=3, assumptions=[], tp=1,
                                       pp=1, micro_batches=1)
            got = more.per_gpu().total_gib
            if got <= cap:
                return f"{head}; {m} GPUs with ZeRO-3 need {got:.1f} GiB per GPU and fit"
            # within the node, tensor x data parallel where no data-parallel stage fits (the
            # layout search's ``tensor_in_node``, as the run is sized on these GPUs)
            if fixed is None and ft.zero_stage is None:
                try:
                    q = layout_of(dataclasses.replace(more, zero_stage=None), None, None)
                except InvalidInput:
                    continue
                got = q.per_gpu().total_gib
                if q.tp > 1 and got <= cap:
                    return (f"{head}; {m} GPUs as TP{q.tp} x DP{q.dp} x ZeRO-{q.zero_stage or 0}"
                            f" within one node need {got:.1f} GiB per GPU and fit")
            continue
        # past one node: the multi-node search (tensor x pipeline x data, ZeRO-0 to 3)
        try:
            q = layout_of(dataclasses.replace(plan, gpus=m, assumptions=[], tp=1, pp=1,
                                              micro_batches=1), None, None)
        except InvalidInput:
            continue
        got = q.per_gpu().total_gib
        if got <= cap:
            if q.tp * q.pp == 1 and (q.zero_stage or 0) >= 3:
                return f"{head}; {m} GPUs with ZeRO-3 need {got:.1f} GiB per GPU and fit"
            return (f"{head}; {m} GPUs as TP{q.tp} x PP{q.pp} x DP{q.dp} x "
                    f"ZeRO-{q.zero_stage or 0} need {got:.1f} GiB per GPU and fit")
    return f"{head}, nor on {TRAIN_COUNTS[-1]} such GPUs with ZeRO-3"


QUEUE_GPUS_MAX = 64
"""The most GPUs the queued-requests warning tries when it names a count that holds them all
(the counts 2 to 64 it tried in powers of two before)."""


def held_at_full_context(plan: InferencePlan, gpu: GPU) -> int:
    """The requests of the plan's full context (prompt and whole output) that the setup's
    memory holds at once, every replica together: ``max_batch_size``, and the count the
    queued-requests warning says fit (:func:`_queue_warning`). Both read it here: the
    warning said the speed model's admission at the requests' actual context instead (Qwen3
    30B-A3B fp8 on an L40S at 32 requests of 4,096 tokens: "29 of the 32 requests fit in
    the KV cache at once" beside max_batch_size 27; the 10.4 GiB left by 29.0 GiB of weights,
    0.9 of activations and 0.15 of overhead in the 40.5 GiB hold 27 sequences of 4,096
    tokens at 0.375 GiB, 29 of 3,840)."""
    return plan.max_batch(gpu) * plan.dp


def _queue_count(base: InferencePlan, plan: InferencePlan, gpu: GPU, n: int,
                 asked: int, running: int) -> int | None:
    """The fewest GPUs past ``n`` that hold all ``asked`` requests and serve none of them
    slower than the asked setup serves its ``running`` ones: replicas of the asked replica,
    or replicas with no pipeline, each of a width a provider rents (1, 2, 4 or 8 GPUs, or
    whole nodes), whose GPUs each read no more weights and KV cache per token than the asked
    setup's do (a decode step streams them: the per-user speed's bound). Llama 3.1 70B at 64
    requests of 8k on 4 H100s fits 5 only as a 5-stage pipeline (tensor 5 does not divide the
    64 heads): 3.1 tokens/s per user against 11.4 on the 4 asked, and no machine sold has 5
    GPUs (audit regress10 #5); 8 (TP4 x DP2, 18.0 tokens/s per user) is named. Tensor widths
    always divide the heads (search_inference). None if no count up to
    :data:`QUEUE_GPUS_MAX` does."""
    node = nvlink_domain(gpu)

    def read_gib(p: InferencePlan, batch: int) -> float:
        # each token passes every pipeline stage in turn
        parts = p.per_gpu(batch=batch)
        return (parts.weights_gib + parts.kv_cache_gib) * max(1, p.pp)

    now = read_gib(plan, max(1, math.ceil(running / max(1, plan.dp))))
    for m in range(n + 1, QUEUE_GPUS_MAX + 1):
        at = search_inference(base, gpu, m, asked)[1]
        if not at.fits(gpu):
            continue
        if (at.tp, at.pp, at.ep) == (plan.tp, plan.pp, plan.ep):
            return m
        width = max(1, m // max(1, at.dp))
        if (at.pp == 1 and (width in (1, 2, 4, 8) or width % node == 0)
                and read_gib(at, at.batch) <= now):
            return m
    return None


def _queue_warning(base: InferencePlan, plan: InferencePlan, gpu: GPU, n: int,
                   req: SizingRequest, kv: KVType, engine: Engine, perf: Performance,
                   need_gib: float, fits: bool, note: Note) -> str | None:
    """What a closed loop of more requests than run at once means (they wait in the queue,
    and the time to first token includes the wait), and what would run them all at once;
    None when every request runs. ``fits``: the memory holds every request at its full
    context (then only the engine's sequence cap holds them back)."""
    running = perf.max_concurrency
    asked = req.batch_size
    cap = plan.capacity_gib(gpu)
    if not fits and running is not None and running >= asked:
        return (f"all {asked} concurrent requests at their full context need {need_gib:.1f} "
                f"GiB per {gpu.unit} where {gpu.name} gives {cap:.1f} GiB; at their actual "
                "context "
                "(the prompt and, on average, half the output) the KV cache holds them all "
                "at once, as timed; requests near their full length may wait for KV space")
    if req.request_rate_per_s is not None or not running or running >= asked:
        return None
    if fits:
        seqs = engine.speed.max_num_seqs * max(1, plan.dp)
        why = (f"{engine.id} runs at most max_num_seqs {engine.speed.max_num_seqs} per replica"
               if running >= seqs else "its KV cache holds that many at their actual context")
        note("queued", f"{running} of {asked} at once", why)
        return (f"{running} of the {asked} concurrent requests run at once ({why}); the "
                "others wait in the queue, and time_to_first_token_ms includes the wait")
    note("queued", f"{running} of {asked} at once",
         f"all {asked} at their full context need {need_gib:.1f} GiB per GPU where "
         f"{gpu.name} gives {cap:.1f} GiB: the engine admits the requests whose KV cache "
         "fits (at their actual context) and queues the rest; fits stays false for the "
         "request as asked")
    ways = []
    # the fewest GPUs that hold them all, every count tried (replicas of one GPU need no
    # power of two: 3 replicas of Llama 3.1 8B hold 32 requests of 32k tokens on H100s where
    # "4 such GPUs" was said, audit size2 #6), laid out as a request at that count would be
    m = _queue_count(base, plan, gpu, n, asked, running)
    if m is not None:
        ways.append(f"{m} such {gpu.unit}s")
    fp8 = find_kv_type("fp8")
    if (fp8 is not None and kv.bytes_per_element > fp8.bytes_per_element
            and engine.keeps_kv(fp8.id)
            and dataclasses.replace(plan, kv_type=fp8, assumptions=[]).fits(gpu)):
        ways.append("an fp8 KV cache (kv_cache fp8)")
    shorter = plan.max_context(gpu)
    if 0 < shorter < plan.context:
        ways.append(f"contexts of at most {shorter:,} tokens")
    # the count max_batch_size says; the engine admits by actual context, so the speeds are
    # timed with more running where that many more fit (said beside it, not instead of it)
    held = held_at_full_context(plan, gpu)
    actual = f" ({running} at their actual context, as timed)" if running > held else ""
    return (f"all {asked} concurrent requests at their full context need {need_gib:.1f} GiB "
            f"per {gpu.unit} where {gpu.name} gives {cap:.1f} GiB: {held} of the {asked} requests "
            f"fit in the KV cache at once{actual}; the others wait in the queue "
            "(time_to_first_token_ms includes the wait)"
            + (f"; {' or '.join(ways)} hold all {asked}" if ways else ""))


def _prompt_only(perf: Performance, note: Note) -> Performance:
    """No output tokens asked (scoring, classification, prompt caching): nothing is decoded,
    so every decode and output-token figure is null rather than a token the request does not
    make; prompt processing (prefill, requests/s, time to process the prompt) stays."""
    note("output_tokens", "0", "nothing is generated: decode and output-token figures are null; "
         "requests_per_s is prompt processing, time_to_first_token_ms the time to process the "
         "prompt")
    return msgspec.structs.replace(
        perf, decode_tokens_per_s=None, decode_throughput_tokens_per_s=None,
        max_throughput_tokens_per_s=None, time_per_output_token_ms=None,
        output_tokens_per_s_per_user=None, output_tokens_per_s=None)


def _note_decode_only(perf: Performance, input_tokens: int, note: Note) -> None:
    """Say why a decode throughput above the maximum is no contradiction: the first is a
    decode step with no prompt in it, the maximum (and the throughput at the load) what the
    setup sustains with every prompt prefilled too (Llama 3.1 8B on an H100 at 64 users:
    4,832 against 4,421 tokens/s, read as a maximum below a load it holds)."""
    dec, most = perf.decode_throughput_tokens_per_s, perf.max_throughput_tokens_per_s
    if not dec or not most or dec <= most:
        return
    running = round(dec / perf.decode_tokens_per_s) if perf.decode_tokens_per_s else None
    at_load = perf.output_tokens_per_s
    note("decode_throughput", f"{dec:,.0f} decode-only > {most:,.0f} sustained tokens/s",
         "decode_throughput_tokens_per_s is one decode step of the "
         + (f"{running} " if running else "") + "running sequences with no prompt in it "
         "(decode_tokens_per_s x the sequences), the rate between prefills; "
         f"max_throughput_tokens_per_s ({most:,.0f})"
         + (f" and output_tokens_per_s ({at_load:,.0f} at this load)" if at_load else "")
         + f" also count the steps that prefill every request's {input_tokens:,}-token prompt, "
         "so they are what the setup sustains, and the cost per million output tokens is over "
         "the maximum")


def _lower_precision_hint(registry: Registry, engine: Engine, gpu: GPU, p: Precision,
                          need_gib: float, cap_gib: float, order: tuple[str, ...],
                          per_gpu_at: Callable[[Precision], float]) -> str:
    """What would make a setup that does not fit fit on the same GPUs: the first lower
    precision of ``order`` the engine runs there whose memory per GPU fits."""
    head = (f"does not fit: {need_gib:.1f} GiB per {gpu.unit} at {p.id} where {gpu.name} gives "
            f"{cap_gib:.1f} GiB")
    tried = []
    for pid in order:
        q = get_precision(pid)
        if q.bits_linear >= p.bits_linear or not runs_on(registry, engine.id, q, gpu):
            continue
        need = per_gpu_at(q)
        tried.append(pid)
        if need <= cap_gib:
            return (f"{head}; {q.id} weights need {need:.1f} GiB per {gpu.unit} and fit, quality: "
                    f"{q.quality.split(';')[0]}; fits_on lists the GPUs that hold it as asked")
    lower = f" nor at {', '.join(tried)}" if tried else ""
    return f"{head}{lower} on this many {gpu.unit}s; fits_on lists the GPUs that hold it"


def _model_info(m: SizedModel) -> ModelInfo:
    return ModelInfo(id=m.id, name=m.name, kind=m.kind, total_params=m.total_params,
                     active_params=m.active_params, source=m.source)


def _note_inference(plan: InferencePlan, note: object, images: int = 1) -> None:
    a = plan.model.arch
    assert a is not None and callable(note)
    if plan.lora_adapters:
        # what InferencePlan.per_gpu adds to the overhead for them, so the note and the
        # memory cannot disagree
        bare = dataclasses.replace(plan, lora_adapters=0, assumptions=[])
        lora_gib = plan.per_gpu().overhead_gib - bare.per_gpu().overhead_gib
        note("lora_adapters", f"{plan.lora_adapters} x rank {plan.lora_rank}",
             f"{lora_gib:.2f} GiB per GPU of 16-bit adapter weights (r x (d_in + d_out) on q, "
             "k, v, o, gate, up and down of every layer) resident beside the model, all "
             f"{plan.lora_adapters} at once (vLLM --max-loras {plan.lora_adapters}; its "
             "default of 1 keeps the others in CPU memory, --max-cpu-loras, and swaps them "
             "in: vllm/config/lora.py); the KV cache gets what they leave, so max_batch_size, "
             "max_context_tokens, max_concurrency and the throughputs are all with them; the "
             "adapters' own matmuls are not timed")
    if plan.model.task == "embed":
        note("kv_cache", "none", "an embedding model runs one forward pass per input and "
             "keeps no KV cache between steps")
        return
    note("kv_cache", f"{plan.kv_type.id}, {plan.batch} x {plan.context} tokens",
         "MLA latent (kv_lora_rank + rope dims) per layer" if a.is_mla else
         f"2 x {a.kv_heads} KV heads x {a.dim_head} head dim per layer"
         + (f"; {a.n_sliding} sliding-window layers capped at {a.sliding_window} tokens"
            if a.n_sliding else "")
         + (f"; the text's tokens on the {a.kv_layers} self-attention layers"
            if a.cross_attention_layers else ""))
    if a.cross_attention_layers:
        per_image = a.cross_attention_tokens // images
        kv_gib = cross_attention_kv_bytes(a, plan.kv_type.bytes_per_element) / GIB
        note("cross_attention_kv",
             f"{a.cross_attention_layers} layers x {a.cross_attention_tokens:,} tokens per "
             "request",
             (f"{images} images per request (images_per_request)" if images > 1 else
              "one image per request (images_per_request)")
             + ": each cross-attention layer caches K/V of the vision encoder's "
             f"{per_image:,} tokens per image (its largest image) once, not per text token, "
             f"{kv_gib / images:.2f} GiB an image and {kv_gib:.2f} GiB a request at this KV "
             "precision, in the KV cache and read at every decode step; each more image adds "
             "as much, a text-only request none")
    if plan.tp > 1 or plan.pp > 1:
        note("parallelism", f"{plan.split} split over {plan.tp} GPUs"
             + (f", {plan.pp} pipeline stages" if plan.pp > 1 else "")
             + (f", experts over {plan.ep} GPUs" if plan.ep > 1 else "")
             + (f", {plan.dp} replicas" if plan.dp > 1 else ""),
             "llama.cpp splits layers (weights and KV follow them); other engines split "
             "tensors, KV heads never below one per GPU; a pipeline stage holds ceil(layers / "
             "stages) layers with their KV; a replica holds its share of the requests")
    if plan.engine.activations == "profile":
        note("activation_profile_tokens", str(plan.engine.profile(plan.context)),
             "the engine profiles one forward pass of max_num_batched_tokens; activations = "
             f"{plan.engine.activation_fixed_gib:g} GiB + tokens x 2 B x (3 x FFN / TP + 4 x "
             "hidden)")
    if a.is_moe:
        note("moe", f"{a.num_experts} experts, {a.num_experts_per_token} active",
             "every expert's weights are resident; only the active ones are read per token")


def _training_base_note(method: str, shipped: Precision,
                        assumptions: list[Assumption]) -> Precision:
    """The base LoRA or full training is sized in with no weights given (``training_base``),
    with the weights_precision assumption rewritten where it is not the shipped format."""
    base, why = training_base(method, shipped)
    if why:
        assumptions[:] = [Assumption(name="weights_precision", value=base.id, reason=why)
                          if x.name == "weights_precision" else x for x in assumptions]
    return base


def _note_training(t: TrainingPlan, note: object) -> None:
    assert callable(note)
    note("method", t.method, {"full": "every weight trained",
                              "lora": "frozen 16-bit base + rank-r adapters"
                              if t.precision.bits_linear == 16 else
                              f"frozen {t.precision.id} base + rank-r adapters",
                              # the base sized: NF4, or the GPTQ / AWQ checkpoint asked
                              "qlora": "frozen 4-bit NF4 base + 16-bit adapters"
                              if t.precision.id.startswith("nf4") else
                              f"frozen 4-bit {t.precision.id} base + 16-bit adapters"}[t.method])
    note("trainable_params", str(t.trainable()),
         "full training: every parameter is trainable" if t.method == "full" else
         "r x (d_in + d_out) per target matrix for LoRA")
    note("optimizer", t.optimizer, "bytes per trainable parameter: AdamW mixed precision 16 "
         "(2 weights + 2 grads + 4 master + 8 moments); pure bf16 8; 8-bit Adam 10; SGD 12")
    note("activations", "checkpointed" if t.checkpointing else "all layers stored",
         "Korthikanti et al. 2022 per-layer activations generalised to GQA/gated MLP; "
         "checkpointing keeps 2 x s x b x h per layer plus one layer; logits 2.5 x b x s x V")
    note("fragmentation", "5%", "allocator fragmentation on top of the live tensors")
    if t.objective != "sft":
        note("objective", t.objective, _objective_reason(t))
    if t.zero_stage:
        note("zero_stage", str(t.zero_stage), "1 shards optimizer state, 2 also gradients, "
             "3 (FSDP) also weights, over the data-parallel GPUs"
             + ("; ZeRO-3 / FSDP all-gathers one transformer block's weights in 16-bit at a "
                "time and prefetches the next: two blocks' 16-bit weights on top"
                if t.zero_stage >= 3 and t.gpus > 1 else ""))


def _objective_reason(t: TrainingPlan) -> str:
    """What a preference or RL objective adds to the sized run, and what is not counted
    (memory.REFERENCE_OBJECTIVES has the sources)."""
    frozen = frozen_models(t.objective, t.method)
    parts = []
    if t.objective in REFERENCE_OBJECTIVES:
        parts.append("a frozen reference model: a second copy of the weights at the base's "
                     "precision (sharded only under ZeRO-3, as TRL prepares it), and its "
                     "forward pass a step" if t.method == "full" else
                     "the reference is the frozen base with the adapters turned off (TRL with "
                     "PEFT): no second copy, its forward pass a step")
    else:
        parts.append("reference-free (ORPO, SimPO): no second model")
    if t.objective == "ppo":
        parts.append("a frozen reward model and a value model trained as the policy is, each "
                     "sized at the policy's size (their real size is the run's choice)")
    if t.objective in PAIRED_OBJECTIVES:
        parts.append("the chosen and the rejected answer of each pair in one forward pass: "
                     "twice the activations of a micro-batch")
    if t.objective in ("grpo", "ppo"):
        parts.append("not counted: the rollouts' generation (its time and its KV cache, set "
                     "by the group size and the completion length) and, for GRPO, TRL's "
                     "default beta 0, which loads no reference")
    return f"{frozen} frozen model(s) beside the policy; " + "; ".join(parts)


FITS_ON_CACHE_SIZE = 512


def _fits_on_inference(plan: InferencePlan, catalog: Catalog, req: SizingRequest,
                       precision: Precision, kv: KVType, engine: Engine) -> list[FitRow]:
    """Every registry GPU the setup fits on: independent of the GPU asked about, so kept on
    the snapshot per model and workload shape (a bounded LRU of flat entries: keys of strings
    and numbers, tuples of untracked FitRow structs, which the garbage collector does not
    track after a full collection)."""
    if plan.model.id == "custom":
        return list(_compute_fits_on(plan, catalog, req, precision, kv, engine))
    # images_per_request scales a vision model's cross-attention tokens (with_images): the
    # same model id with other images is another shape
    images = plan.model.arch.cross_attention_tokens if plan.model.arch is not None else 0
    key = (plan.model.id, precision.id, kv.id, engine.id, plan.batch, plan.context,
           req.input_tokens, plan.lora_adapters, plan.lora_rank, images)
    cache = catalog.derived.lru("fits_on", FITS_ON_CACHE_SIZE)
    rows = cast(tuple[FitRow, ...], cache.get_or_make(key, lambda: _compute_fits_on(
        plan, catalog, req, precision, kv, engine)))
    return list(rows)


def ep_load_model(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU,
                  tp: int, pp: int, ep: int, input_tokens: int, output_tokens: int,
                  perf: PerfTables | None, lora: tuple[int, int] = (0, 16)
                  ) -> LoadModel | None:
    """:func:`speed.load_model` of one data-parallel replica of ``tp`` x ``pp`` GPUs whose
    MoE experts are sharded over ``ep`` GPUs (``ep`` > ``tp``: past the replica): its KV
    admission is the memory left beside the dense weights and 1/``ep`` of the experts
    (:class:`InferencePlan` with ``ep``, the layout's own memory), its step
    :class:`ExpertParallelStep`. None when no sequence fits. ``lora``: (adapters, rank)
    served beside the model, whose memory the KV admission does not get."""
    a = model.arch
    if a is None or not a.is_moe:
        return None
    plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=tp, batch=1,
                         context=input_tokens + max(1, output_tokens), pp=pp, ep=ep,
                         lora_adapters=lora[0], lora_rank=lora[1])
    cap = admission(a, kv, tp, plan.stage_share, plan.kv_budget_gib(gpu) * 2**30, engine,
                    input_tokens, output_tokens)
    if cap <= 0:
        return None
    tables = perf or EMPTY_PERF
    base = step_cost(model, p, kv, engine, gpu, tp, tables, kernel_compute(gpu, p, engine),
                     achievable_tflops(gpu, p, engine, quantized_kernels=False) * 1e12)
    base = pipeline_hops(base, a, gpu, tp, pp, tables)
    # step_cost splits one expert over the tensor group: whole, 1/ep of them per GPU
    experts = msgspec.structs.replace(base, dense_params=0.0,
                                      expert_params=base.expert_params * tp / ep)
    fields = {f: getattr(base, f) for f in base.__struct_fields__}
    fields.update(expert_params=0.0, memo={}, group=ep / tp, experts=experts,
                  dispatch=dispatch_model(tables, gpu, ep), moe_layers=a.moe_layers)
    return LoadModel(cost=ExpertParallelStep(**fields), cap=cap,
                     budget=engine.speed.max_num_batched_tokens, isl=input_tokens,
                     osl=output_tokens)


EpLoadModels = dict[tuple[int, int, int], "LoadModel | None"]
"""One sizing call's expert-parallel load models by (tensor GPUs, pipeline stages, expert
GPUs): built once, asked by the layout search and by the answer."""


def shared_ep_load_model(cache: EpLoadModels | None, model: SizedModel, p: Precision,
                         kv: KVType, engine: Engine, gpu: GPU, tp: int, pp: int, ep: int,
                         input_tokens: int, output_tokens: int, perf: PerfTables | None,
                         lora: tuple[int, int] = (0, 16)) -> LoadModel | None:
    if cache is not None and (tp, pp, ep) in cache:
        return cache[(tp, pp, ep)]
    lm = ep_load_model(model, p, kv, engine, gpu, tp, pp, ep, input_tokens, output_tokens,
                       perf, lora)
    if cache is not None:
        cache[(tp, pp, ep)] = lm
    return lm


def _timed_for_layout(model: SizedModel, runs: Precision, kv: KVType, engine: Engine,
                      gpu: GPU, n: int, req: SizingRequest, note: Note, layout: Layout,
                      catalog: Catalog, load_models: LoadModels | None = None,
                      ep_models: EpLoadModels | None = None) -> Performance:
    """Speed for the layout the memory is sized for: one replica is timed (its tensor group;
    a llama.cpp layer split over its pipeline stages) with its share of the load, and the
    totals are that replica's times the data-parallel replicas. A pipeline over a tensor
    engine adds no speed to one sequence: each token passes every stage in turn, so a stage
    group times like the tensor group reading all the weights. Experts sharded past the
    tensor group (``expert`` > ``tensor``: attention data parallel + expert parallel) time
    the replica as :class:`ExpertParallelStep` with the layout's own memory
    (:func:`ep_load_model`)."""
    d = max(1, layout.data)
    a = model.arch
    ep_over_dp = bool(engine.split == "tensor" and layout.expert > layout.tensor
                      and a is not None and a.is_moe)
    timed = layout.tensor * (layout.pipeline if engine.split == "layer" else 1)
    # a tensor engine's pipeline stages hold the model between them: their memory carries
    # the batch while the tensor group's time is the step's
    pp = layout.pipeline if engine.split != "layer" else 1
    if d == 1 and timed == n:
        return estimate_performance(model, runs, kv, engine, gpu, n, req, note,
                                    task="inference", perf=catalog.perf,
                                    load_models=load_models)
    share = msgspec.structs.replace(
        req, batch_size=max(1, math.ceil(req.batch_size / d)),
        request_rate_per_s=(None if req.request_rate_per_s is None
                            else req.request_rate_per_s / d))
    ep_lm = None
    if ep_over_dp:
        ep_lm = shared_ep_load_model(ep_models, model, runs, kv, engine, gpu, layout.tensor,
                                     pp, layout.expert, req.input_tokens,
                                     max(1, req.output_tokens), catalog.perf,
                                     (req.lora_adapters, req.lora_adapter_rank))
        # the answer's serving figures come from this replica's own load model
        load_models = {(timed, pp): ep_lm}
    one = estimate_performance(model, runs, kv, engine, gpu, timed, share, note,
                               task="inference", perf=catalog.perf, pp=pp,
                               load_models=load_models)
    ep_how = ""
    if ep_lm is not None:
        assert a is not None
        c = ep_lm.cost
        assert isinstance(c, ExpertParallelStep) and c.dispatch is not None
        # one decode step of the replica's batch (estimate_performance's lone-decode figures
        # are of its tensor group holding every expert): of the requests its KV admission
        # runs at once, as there (decode_batch), the rest queued
        decoding = min(share.batch_size, one.max_concurrency or share.batch_size)
        step = c.step_s(decoding, req.input_tokens)
        one = msgspec.structs.replace(one, decode_tokens_per_s=1.0 / step,
                                      decode_throughput_tokens_per_s=decoding / step)
        ep_how = (f"; attention data parallel, experts parallel over {layout.expert} GPUs: "
                  f"each replica holds its own requests' KV cache beside the dense weights "
                  f"and {a.num_experts // layout.expert} of the {a.num_experts} experts, "
                  f"whose grouped GEMMs run the tokens of the {layout.expert // layout.tensor} "
                  f"replicas that share them; two all-to-alls per MoE layer (dispatch, "
                  f"combine; {c.dispatch.source})")
    note("layout_speed", f"{d} replica(s) of {timed} GPU(s)",
         f"{layout.label}: each replica timed with {share.batch_size} of the "
         f"{req.batch_size} concurrent requests"
         + (f" and {plain(share.request_rate_per_s)} requests/s"
            if share.request_rate_per_s else "")
         + ep_how
         + "; totals are one replica's times the replicas"
         + ("; the pipeline stages add no speed to one sequence (each token passes every "
            "stage in turn)" if layout.pipeline > 1 and engine.split != "layer" else ""))
    if layout.pipeline > 1 and engine.split != "layer" and a is not None:
        node = nvlink_domain(gpu)
        inter = sum(1 for s in range(1, layout.pipeline) if (s * layout.tensor) % node == 0)
        hops = layout.pipeline - 1
        note("pipeline_hops", f"{hops} stage boundar{'y' if hops == 1 else 'ies'}, {inter} "
             "between nodes",
             f"each step hands every token's hidden_states and residual (2 x {a.hidden_size} "
             f"x 2 B, vLLM's IntermediateTensors) to the next stage, each of the "
             f"{layout.tensor} GPU(s) of a stage sending 1/{layout.tensor} and the next "
             "all-gathering it; a boundary between nodes is sent at "
             f"{INTER_NODE_GB_S_PER_GPU:g} GB/s per GPU (assumed: one 400 Gb/s NIC per GPU, "
             "as DGX H100, AWS P5, Google A3 Ultra), one inside a "
             "node over the GPUs' link; bandwidth only (the network's per-message latency "
             "is not counted): a best case")

    def times(v: float | None) -> float | None:
        return None if v is None else v * d

    # a closed loop of fewer requests than replicas keeps only some replicas busy: what
    # it serves at that load is theirs, its most (max_*) every replica's
    busy = d if req.request_rate_per_s is not None else min(
        d, math.ceil(req.batch_size / share.batch_size))

    def at_load(v: float | None) -> float | None:
        return None if v is None else v * busy

    load = (f"open loop, {plain(req.request_rate_per_s)} requests/s"
            if req.request_rate_per_s is not None
            else f"closed loop, {req.batch_size} concurrent requests")
    return msgspec.structs.replace(
        one, load=load if one.load is not None else None,
        decode_throughput_tokens_per_s=at_load(one.decode_throughput_tokens_per_s),
        max_throughput_tokens_per_s=times(one.max_throughput_tokens_per_s),
        max_concurrency=None if one.max_concurrency is None else one.max_concurrency * d,
        requests_per_s=at_load(one.requests_per_s),
        embeddings_per_s=at_load(one.embeddings_per_s),
        embedded_tokens_per_s=at_load(one.embedded_tokens_per_s),
        max_requests_per_s=times(one.max_requests_per_s),
        output_tokens_per_s=at_load(one.output_tokens_per_s))


DECODE_SHAPES_CACHE_SIZE = 256

class DecodeRow(msgspec.Struct, frozen=True, gc=False):
    """One GPU that ``fits_on`` considers, for one model shape."""

    gpu_index: int
    """The GPU's position in the registry's order."""
    gpu: GPU
    runs: Precision
    """The weights as the engine runs them on this GPU (catalog/kernels.toml)."""
    capacity_gib: float
    """What the engine lets the model use on one such GPU, where that does not depend on the
    plan (an engine whose fraction is of the free memory, TensorRT-LLM, asks each plan)."""
    splits: tuple[bool, ...]
    """Per count of ``COUNTS``: whether that many GPUs can split the model (a tensor split
    needs the attention heads to divide the group)."""
    width: tuple[int, ...]
    """Per count of ``COUNTS``: the GPUs the decode step is timed on (past the widest tensor
    group the GPU's link keeps fast, the rest are pipeline stages)."""
    listed: tuple[tuple[int, int, int, int], ...]
    """The counts that can split the model (``splits``), in ``COUNTS``' order, each as
    (index in ``COUNTS``, count, tensor_parallel, pipeline_parallel) of the row ``fits_on``
    lists at it: what :func:`_compute_fits_on` tries for this GPU, the fewest first."""


DECODE_STEPS_PER_TABLE = 4096
"""Decode steps one table keeps (by GPU, count and batch) before it starts afresh: batches
are the request's, so the table is bounded by this, not by what requests ask."""


class DecodeTable(msgspec.Struct, frozen=True, gc=False):
    """What ``fits_on`` needs for any context and batch, per model, precision and engine: the
    GPUs the engine runs these weights on, and each GPU's decode step (its context-free parts)
    made the first time a request needs it. A request needs one count per GPU (the fewest that
    fit), so a new shape costs one step per fitting GPU, not one per count; the serving
    model's step (:func:`speed.decode_cost`) does not depend on the batch and is made once
    per GPU and count. Flat, as every cache of the snapshot: dicts keyed by integers of
    untracked structs and tuples of floats, which the garbage collector does not track after
    a full collection; two threads making the same step make the same value."""

    model: SizedModel
    precision: Precision
    engine: Engine
    perf: PerfTables | None
    rows: tuple[DecodeRow, ...]
    costs: dict[int, StepCost]
    """The serving model's decode step by GPU index x 8 + count index (tensor-split engines
    with the measured tables)."""
    steps: dict[int, DecodeStep]
    """Fixed parts by batch, GPU index and count index (:meth:`step`)."""
    mats: dict[int, tuple[float, ...]]
    """The layer's weight matrices by batch (the other engines' step)."""
    weight_bytes: float
    """The model's weights at ``precision`` in bytes (:func:`memory.weight_bytes`), which
    each count's plan divides over its GPUs."""

    @classmethod
    def build(cls, plan: InferencePlan, registry: Registry, precision: Precision,
              engine: Engine, perf: PerfTables | None) -> DecodeTable:
        a = plan.model.arch
        assert a is not None
        free = engine.memory_fraction_of == "free"
        rows = []
        for i, g in enumerate(registry.gpus.values()):
            if not listed_in_fits_on(g):
                continue
            if not runs_on(registry, engine.id, precision, g):
                continue  # catalog/kernels.toml: the engine cannot run these weights there
            # past the widest tensor group the GPU's link keeps fast (4 PCIe cards), the
            # layout search adds pipeline stages, which time like the tensor group reading all
            # the weights (8 x L4 for 70B bf16 was listed at TP8's 13.3 tokens/s, sized at
            # T4P2's 7.0)
            widest = tp_limit(g)[0] if engine.split == "tensor" else NODE_GPUS
            splits = tuple(not (count > 1 and engine.split == "tensor"
                                and a.num_attention_heads % min(count, widest))
                           for count in COUNTS)
            width = tuple(min(count, widest) for count in COUNTS)
            # the layout a row is for (a layer-split engine: every GPU a stage)
            tps = [width[k] if engine.split == "tensor" else 1 for k in range(len(COUNTS))]
            rows.append(DecodeRow(
                gpu_index=i, gpu=g, runs=runs_as(registry, engine.id, precision, g),
                capacity_gib=math.nan if free else plan.capacity_gib(g), splits=splits,
                width=width,
                listed=tuple((k, count, tps[k], count // tps[k])
                             for k, count in enumerate(COUNTS) if splits[k])))
        # in the order fits_on lists a count's GPUs (memory, then id: distinct ids, so a
        # total order), which spares each request its sort
        rows.sort(key=lambda r: (r.gpu.total_gib, r.gpu.id))
        return cls(model=plan.model, precision=precision, engine=engine, perf=perf,
                   rows=tuple(rows), costs={}, steps={}, mats={},
                   weight_bytes=weight_bytes(plan.model, precision))

    def step(self, row: DecodeRow, k: int, batch: int) -> DecodeStep:
        """The decode step's fixed parts of ``batch`` sequences on ``row``'s GPU at
        ``COUNTS[k]``."""
        where = row.gpu_index * len(COUNTS) + k
        key = batch * (1 << 20) + where
        step = self.steps.get(key)
        if step is not None:
            return step
        a = self.model.arch
        assert a is not None
        cost = None
        mats = None
        if self.perf is not None and self.engine.split == "tensor":
            cost = self.costs.get(where)
            if cost is None:
                cost = self.costs[where] = decode_cost(self.model, row.runs, self.engine,
                                                       row.gpu, row.width[k], self.perf)
        else:
            mats = self.mats.get(batch)
            if mats is None:
                mats = self.mats[batch] = tuple(layer_matrices(a, self.precision, batch))
        step = decode_step_fixed(self.model, row.runs, self.engine, row.gpu, row.width[k],
                                 batch, mats, perf=self.perf, cost=cost)
        if len(self.steps) >= DECODE_STEPS_PER_TABLE:
            self.steps.clear()
            self.mats.clear()
        self.steps[key] = step
        return step


def _compute_fits_on(plan: InferencePlan, catalog: Catalog, req: SizingRequest,
                     precision: Precision, kv: KVType, engine: Engine) -> tuple[FitRow, ...]:
    """Every NVIDIA or AMD GPU of the registry the setup fits on, at the fewest GPUs of
    ``COUNTS``, with its decode speed at the request's context. The memory per GPU depends on
    the count, not on the GPU (one plan per count); the decode step's context-free parts come
    from the snapshot's table for this model (:class:`DecodeTable`), so a new context or
    batch costs a few multiplications per GPU."""
    registry = catalog.registry
    a = plan.model.arch
    assert a is not None
    if plan.model.id == "custom":  # an architecture from the request: nothing to share
        table = DecodeTable.build(plan, registry, precision, engine, catalog.perf)
    else:
        table = cast(DecodeTable, catalog.derived.lru(
            "decode_steps", DECODE_SHAPES_CACHE_SIZE).get_or_make(
            (plan.model.id, precision.id, engine.id, a.cross_attention_tokens),
            lambda: DecodeTable.build(plan, registry, precision, engine, catalog.perf)))
    # the weights' bytes from the table: the plans' own value (memory.weight_bytes of the
    # same model and precision), not computed again for each count
    plans = [with_weight_bytes(InferencePlan(
        model=plan.model, precision=precision, kv_type=kv, engine=engine, tp=count,
        batch=plan.batch, context=plan.context, lora_adapters=plan.lora_adapters,
        lora_rank=plan.lora_rank), table.weight_bytes) for count in COUNTS]
    per_gpu = [p.total_gib(plan.batch) for p in plans]
    free = engine.memory_fraction_of == "free"  # the capacity depends on each count's plan
    kv_seq: dict[int, float] = {}
    attn_per_token = 4.0 * a.kv_layers * a.q_width
    context, batch = req.input_tokens, plan.batch
    embed = plan.model.task == "embed"  # generates nothing: no decode speed to list
    # the table's rows come by memory, then id: each count's rows in that order are the
    # rows sorted by (count, memory, id), as the answer lists them
    by_count: list[list[FitRow]] = [[] for _ in COUNTS]
    steps, step = table.steps, table.step
    n_counts = len(COUNTS)
    batch_key = batch * (1 << 20)
    caps = [p.capacity_gib for p in plans] if free else None
    bpe = kv.bytes_per_element
    for row in table.rows:
        g = row.gpu
        capacity = row.capacity_gib
        for k, count, tp, pp in row.listed:  # the counts that split the model, fewest first
            need = per_gpu[k]
            if need > (caps[k](g) if caps is not None else capacity):
                continue
            speed = None
            if not embed:
                # table.step, its cache looked up here first
                fixed = steps.get(batch_key + row.gpu_index * n_counts + k)
                if fixed is None:
                    fixed = step(row, k, batch)
                kvb = kv_seq.get(fixed.tp)
                if kvb is None:
                    kvb = kv_seq[fixed.tp] = seq_cache_bytes(a, context, bpe, fixed.tp)
                # 1.0 / speed.decode_step_at(fixed, attn_per_token, batch, context, kvb),
                # its operations in its order
                speed = 1.0 / (fixed.linear_s + max(batch * kvb / fixed.bw_bytes_s,
                                                    attn_per_token * context * batch
                                                    / fixed.attn_flops_s)
                               + fixed.comm_s + fixed.overhead_s)
            by_count[k].append(FitRow(gpu=g.id, gpu_name=g.name, gpu_count=count,
                                      per_gpu_gib=need, gpu_memory_gib=g.total_gib,
                                      decode_tokens_per_s=speed, tensor_parallel=tp,
                                      pipeline_parallel=pp))
            break
    return tuple(itertools.chain.from_iterable(by_count))


def _fits_on_training(plan: TrainingPlan, registry: Registry, engine_id: str,
                      checked: Precision | None = None) -> list[FitRow]:
    """The GPUs that hold ``plan``, each the fewest of it; ``checked``: the precision the
    kernels must run where it is not the plan's (FP8 mixed precision, sized at bf16)."""
    rows: list[FitRow] = []
    for g in registry.gpus.values():
        if not listed_in_fits_on(g):
            continue
        if not runs_on(registry, engine_id, checked or plan.precision, g):
            continue  # catalog/kernels.toml: these weights do not train there
        for count in COUNTS:
            zero = plan.zero_stage if count == plan.gpus else (3 if count > 1 else 0)
            same = count == plan.gpus
            p = TrainingPlan(**{**plan.__dict__, "gpus": count, "zero_stage": zero,
                                "assumptions": [], "tp": plan.tp if same else 1,
                                "pp": plan.pp if same else 1,
                                "micro_batches": plan.micro_batches if same else 1})
            per = p.per_gpu()
            if per.total_gib <= g.usable_gib:
                rows.append(FitRow(gpu=g.id, gpu_name=g.name, gpu_count=count,
                                   per_gpu_gib=per.total_gib, gpu_memory_gib=g.total_gib))
                break
    rows.sort(key=lambda r: (r.gpu_count, r.gpu_memory_gib, r.gpu))
    return rows


RESOLUTION_MULTIPLE = 8
"""diffusers' pipelines refuse an image side that is not a multiple of 8 ("`height` and
`width` have to be divisible by 8": StableDiffusionPipeline.check_inputs); the VAE downsamples
by 8 and the denoiser's patches need whole latent positions."""


def check_resolution(width: int | None, height: int | None) -> None:
    """InvalidInput at ``$.width`` / ``$.height`` for a side diffusers refuses."""
    for name, v in (("width", width), ("height", height)):
        if v is not None and v % RESOLUTION_MULTIPLE:
            lo = v - v % RESOLUTION_MULTIPLE
            raise InvalidInput(f"{name} {v} is not a multiple of {RESOLUTION_MULTIPLE}: "
                               "diffusers pipelines refuse it (the VAE works on 8 x 8 pixel "
                               f"blocks); use {lo or RESOLUTION_MULTIPLE} or "
                               f"{lo + RESOLUTION_MULTIPLE}", f"$.{name}")


def _size_pipeline(req: SizingRequest, registry: Registry, model: SizedModel,
                   precision: Precision, engine: Engine, gpu: GPU | None, n: int,
                   assumptions: list[Assumption],
                   sources: list[str], note: object, *,
                   rate_batched: bool = False) -> SizingResult:
    """A diffusion or audio pipeline's memory, fit, speed and cost. ``rate_batched``: a
    request rate with no batch_size given, an audio model's served at the batch
    :func:`batching.audio_batch` gives (:func:`size`'s ``batch_stated``)."""
    assert callable(note)
    if model.kind == "audio":
        width = height = 64
    else:
        check_resolution(req.width, req.height)
        width = req.width or model.native_width or 1024
        height = req.height or model.native_height or 1024
    training = None
    if req.task != "inference" and model.kind == "audio":
        # its training memory (encoder and decoder activations over 30 s windows) is not
        # modelled: inference memory with gradients at 0 told a T4 it fits a full fine-tune
        raise InvalidInput(f"fine-tuning and pre-training are sized for language and diffusion "
                           f"models; audio models such as {model.name} are sized for "
                           "inference only", "$.task")
    if req.task == "inference" and req.finetune is not None:
        # as for an LLM: training options on an inference request were silently ignored
        raise InvalidInput("`finetune` options apply to task finetune or pretrain",
                           "$.finetune")
    ft = req.finetune or FinetuneOptions(method="lora")
    # on where not set, the answer giving the memory without it too (a language model's
    # default is fitted against the GPU instead: fastest_training_step)
    checkpointing = ft.gradient_checkpointing is not False
    if req.task != "inference":
        training = "full" if ft.method == "full" else "lora"
    # QLoRA as for a language model: a 4-bit base (a 16-bit one asked is refused), NF4 where
    # none is asked; diffusers' QLoRA recipe quantizes the denoiser alone and precomputes what
    # the text encoders and the VAE give it (diffusion_memory's qlora). It was sized as
    # 16-bit LoRA: FLUX.1-dev told an RTX 4090 it needs 43 GiB, where the recipe runs
    qlora = training is not None and ft.method == "qlora"
    if qlora:
        check_training_method(req.task, "qlora",
                              precision if req.weights is not None else None)
        if req.weights is None:
            precision = get_precision("nf4")
        den = ", ".join(c.name for c in model.components if c.role == "denoiser")
        assumptions[:] = [
            Assumption(name="weights_precision", value=precision.id,
                       reason=f"{precision.name}: QLoRA keeps the frozen {den} in 4 bits "
                       f"({precision.bits_linear:g} bits per weight incl. scales, bitsandbytes "
                       "as diffusers' QLoRA recipe loads it); the text encoders and the VAE "
                       "run before training only (embeddings and latents precomputed) and are "
                       f"not on the GPU; {precision.quality}")
            if x.name == "weights_precision" else x for x in assumptions]
    elif training is not None and req.weights is None:
        # as for a language model: a release with no training path (an FP8 checkpoint's
        # name) trains from a bf16 copy
        precision = _training_base_note(training, precision, assumptions)
    asked = precision
    hw = check_hardware(registry, model.kind, req.task, precision, engine, gpu,
                        req.weights is not None and not qlora, note)
    precision = _sized_precision(assumptions, hw.precision, precision)
    if model.kind == "audio":
        _audio_decoder_context(req, model, hw.warnings, note)

    # an fp16 pipeline on a GPU without bf16 (V100, T4): T5 encoders overflow in fp16 and
    # transformers keeps their wo projections in fp32 (memory.fp32_kept_params), the SDXL
    # VAE needs its fp16 fix (warned)
    def upcast(q: Precision, g: GPU | None = gpu) -> tuple[str, ...]:
        return (fp32_components(registry, engine.id, model, q, g) if g is not None
                else pipeline_fp16_upcast(model, q))

    if rate_batched and model.kind == "audio" and gpu is not None and hw.ok:
        req = _audio_rate_batch(req, model, precision, engine, gpu, hw.runs,
                                upcast(precision), note)
    # an audio model's decoders keep an attention cache per sequence of the batch (Whisper:
    # self- and cross-attention), as the recommendations count it
    caches = (req.batch_size * cache_bytes_per_sequence(model) / GIB
              if model.kind == "audio" else 0.0)

    # batch_size is the requests in flight: n GPUs (a replica each) share them, each GPU
    # running its share (8 images over 8 H100 were 8 on every GPU: 37.1 GiB each, not 10.7)
    share = (math.ceil(req.batch_size / n)
             if model.kind == "diffusion" and not training else req.batch_size)
    if training:
        # a training step is finetune.micro_batch_size images on every GPU (data parallel),
        # as an LLM's training plan is sized by it (TrainingPlan.micro_batch) and batch_size
        # is not: the micro-batch was ignored here, sdxl LoRA at 32 told a 4090 it fits
        share = ft.micro_batch_size or 1
        other = (f"; batch_size {req.batch_size} is the requests in flight of inference and "
                 "does not size a training step" if req.batch_size not in (1, share) else "")
        if is_video(model):
            # the video trainers' clip, not the model's inference frame count (memory.py,
            # VIDEO_TRAIN_FRAMES: finetrainers' documented 49-frame buckets)
            clip = video_training_frames(model)
            note("training_batch", f"{share} clip{'s' if share > 1 else ''} of {clip} frames "
                 f"per GPU per step",
                 f"finetune.micro_batch_size clips of {clip} frames at {width}x{height}, the "
                 "clip length of the video trainers' documented recipes (finetrainers: "
                 "--video_resolution_buckets 49x480x720 for CogVideoX, 49x512x768 for "
                 "HunyuanVideo)"
                 + (f", not the {model.num_frames} frames the model generates"
                    if (model.num_frames or 1) > clip else "")
                 + "; the activations grow with the frames and the area (set width and "
                 "height to the clips' resolution)" + other)
        else:
            note("training_batch", f"{share} image{'s' if share > 1 else ''} per GPU per step",
                 "finetune.micro_batch_size: the images each GPU runs through one forward "
                 "and backward pass; the activations grow with it" + other)
        if other:
            hw.warnings.append(
                f"batch_size {req.batch_size} ignored for {req.task}: a training step is sized "
                f"by finetune.micro_batch_size ({share} per GPU), as for language models; set "
                f"finetune.micro_batch_size to {req.batch_size} to size that batch")

    def pipeline_memory(q: Precision, fp32: tuple[str, ...]) -> MemoryParts:
        got = diffusion_memory(model, q, width, height, share, training,
                               checkpointing=checkpointing, optimizer=ft.optimizer,
                               fp32=fp32, lora_rank=ft.lora_rank, qlora=qlora,
                               cpu_offload=req.cpu_offload)
        if not caches:
            return got
        return msgspec.structs.replace(got, kv_cache_gib=got.kv_cache_gib + caches,
                                       total_gib=got.total_gib + caches)

    parts = pipeline_memory(precision, upcast(precision))
    no_bf16 = (gpu is not None and model.kind == "diffusion"
               and not runs_on(registry, engine.id, get_precision("bf16"), gpu))
    fp16_kept = pipeline_fp16_upcast(model, precision)
    if fp16_kept and not no_bf16 and not qlora:
        kept = sum(fp32_kept_params(c) for c in model.components if c.name in fp16_kept)
        note("fp32_components", ", ".join(fp16_kept),
             "the pipeline is loaded at fp16 (torch_dtype=torch.float16), so transformers keeps "
             f"its T5's FFN output projections (wo, {kept / 1e9:.2f}B parameters) in fp32, "
             "counted at 4 bytes per weight, on any GPU (T5PreTrainedModel."
             "_keep_in_fp32_modules = ['wo'] in transformers' modeling_t5.py applies under "
             "float16; a bf16 pipeline keeps none). CogVideoX-2B with model CPU offload: "
             "its T5 alone on the GPU is the peak, as diffusers' CogVideoX page measures "
             "(11 GB with offload and VAE tiling) and its model card (12.5 GB)")
    if no_bf16 and precision.bits_linear < 32:
        hw.warnings.extend(fp16_overflow_notes(model, False))
        if upcast(precision) and not qlora:  # QLoRA: no text encoder on the GPU
            kept = sum(fp32_kept_params(c) for c in model.components
                       if c.name in upcast(precision))
            note("fp32_components", ", ".join(upcast(precision)),
                 "T5 overflows in fp16 and this GPU has no bf16: transformers keeps its FFN "
                 f"output projections (wo, {kept / 1e9:.2f}B parameters) in fp32, counted at "
                 "4 bytes per weight, and runs the rest at "
                 + ("16-bit" if precision.bits_linear >= 16 else
                    f"{precision.id}, wo left unquantized as bitsandbytes leaves it")
                 + " (T5PreTrainedModel._keep_in_fp32_modules = ['wo'] in transformers' "
                 "modeling_t5.py; huggingface/transformers#5651)")
    if training and is_video(model):
        note("training_memory", f"video-trainer {training}",
             "as the video LoRA trainers run it (finetrainers, musubi-tuner, diffusion-pipe), "
             "not the image DreamBooth scripts: captions and clips encoded beforehand "
             "(precomputed text embeddings and latents), so only the transformer is on the "
             "GPU, its text encoders frozen and off it with the VAE; no prior preservation "
             "(no class clip per step); "
             + (f"LoRA rank {ft.lora_rank} on the four attention projections of each block, "
                if training == "lora" else "every transformer weight trained, ")
             + f"fp32 trainable parameters and gradients, {ft.optimizer} states, frozen "
             f"weights at {precision.id}, activations at "
             f"{'fp32' if precision.bits_linear >= 32 else '16-bit (mixed precision)'}"
             + (", gradient checkpointing (finetune.gradient_checkpointing)"
                if checkpointing else ", no gradient checkpointing")
             + ". Basis: finetrainers' published peaks (docs/training/cogvideox.md, "
             "hunyuan_video.md; LoRA rank 128, batch 1, gradient checkpointing, conditions "
             "precomputed): CogVideoX-5B 49x480x720 with 8-bit AdamW 20.7 GiB (28.3 GiB "
             "with validation, which loads the text encoder and VAE back), HunyuanVideo "
             "49x512x768 with AdamW 42.4 GiB; validation during training is not counted")
    elif qlora:
        note("training_memory", "diffusers QLoRA",
             "as diffusers' QLoRA recipe trains (examples/research_projects/"
             "flux_lora_quantization: the Hugging Face blog \"Fine-tuning FLUX.1-dev on "
             "consumer hardware\"): text embeddings precomputed and latents cached (the "
             "text encoders are not loaded, the VAE deleted after caching), so only the "
             f"denoiser is on the GPU, frozen at {precision.id} (bitsandbytes) with fp32 LoRA "
             "adapters on it; no text encoder trained, no prior preservation; fp32 "
             f"gradients and {ft.optimizer} states of the adapters, activations at "
             f"{'fp32' if precision.bits_linear >= 32 else '16-bit (mixed precision)'}"
             + (", gradient checkpointing (finetune.gradient_checkpointing)"
                if checkpointing else ", no gradient checkpointing")
             + ". The blog's run (NF4, 8-bit AdamW, rank 4, gradient checkpointing, batch 1) "
             "peaks under ~10 GB on an RTX 4090")
    elif training:
        note("training_memory", f"DreamBooth-style {training}",
             "as the diffusers/PEFT DreamBooth scripts train: the denoiser and the CLIP text "
             "encoders trained (--train_text_encoder; T5/LLM encoders frozen), prior "
             "preservation (--with_prior_preservation: an instance and a class image per "
             "step, twice the batch), trained parameters, fp32 gradients and "
             f"{ft.optimizer} states in fp32, frozen weights at {precision.id}, activations "
             f"at {'fp32' if precision.bits_linear >= 32 else '16-bit (mixed precision)'}"
             + (", gradient checkpointing (finetune.gradient_checkpointing)"
                if checkpointing else ", no gradient checkpointing")
             + ". Basis: PEFT's DreamBooth table for SD v1-4 at 512x512 on an A100, fp32 "
             "without checkpointing: 15.5 GB LoRA, 27.5 GB full (calibration.csv h157, "
             "h156); 8.12 GB LoRA with checkpointing")
    if training:
        # finetune.gradient_checkpointing defaults on here (unlike language models), where the
        # diffusers DreamBooth/LoRA scripts leave --gradient_checkpointing off (a store_true
        # flag: examples/dreambooth/train_dreambooth_lora_sdxl.py) and activations are most of
        # the memory: the answer says so, with the memory the other way
        flipped_gib = diffusion_memory(model, precision, width, height, share, training,
                                       checkpointing=not checkpointing,
                                       optimizer=ft.optimizer, fp32=upcast(precision),
                                       lora_rank=ft.lora_rank, qlora=qlora).total_gib
        if is_video(model):
            # the video trainers' recipes pass --gradient_checkpointing; only the
            # checkpointed case is measured (memory.py)
            note("activations", "gradient checkpointing "
                 + ("on" if checkpointing else "off"),
                 ("as finetrainers' documented recipes run (--gradient_checkpointing); "
                  f"without it: {flipped_gib:.1f} GiB per GPU, an extrapolation (no video "
                  "measurement without checkpointing is published)"
                  if checkpointing else
                  "finetune.gradient_checkpointing false: every activation kept for the "
                  "backward pass, extrapolated from the checkpointed measurements (none "
                  f"without is published); with it, as the video trainers run: "
                  f"{flipped_gib:.1f} GiB per GPU"))
        elif checkpointing:
            note("activations", "gradient checkpointing on",
                 f"diffusers' --gradient_checkpointing; without it: {flipped_gib:.1f} GiB per GPU. "
                 "The diffusers DreamBooth and LoRA training scripts run without it unless "
                 "the flag is passed (set finetune.gradient_checkpointing false to size "
                 "them as run by default); it keeps each block's input and recomputes the "
                 "rest in the backward pass, slower by the recomputation")
        else:
            note("activations", "no gradient checkpointing",
                 "finetune.gradient_checkpointing false, as the diffusers DreamBooth and LoRA "
                 "scripts run without --gradient_checkpointing: every activation kept for the "
                 f"backward pass; with it: {flipped_gib:.1f} GiB per GPU")
    if model.kind == "diffusion" and is_video(model) and not training:
        note("video_decode", f"{model.num_frames} frames, VAE tiling",
             "the 3D VAE decodes tile by tile (pipe.enable_vae_tiling(), as every published "
             "recipe for these models runs it: decoding all frames at once needs more memory "
             "than the denoiser); the denoiser's activations grow with every latent frame")
    if training and (is_video(model) or qlora):
        note("pipeline", ", ".join(f"{c.name} {c.params / 1e9:.2f}B" for c in model.components
                                   if c.role == "denoiser"),
             f"the {'transformer' if is_video(model) else 'denoiser'} alone on the GPU while "
             "training: "
             + ", ".join(f"{c.name} {c.params / 1e9:.2f}B" for c in model.components
                         if c.role != "denoiser")
             + " encode the captions and clips beforehand and are not counted")
    elif req.cpu_offload:
        resident = diffusion_memory(model, precision, width, height, share,
                                    fp32=upcast(precision)).total_gib
        note("pipeline", ", ".join(f"{c.name} {c.params / 1e9:.2f}B" for c in model.components),
             "diffusers' model CPU offload (cpu_offload; pipe.enable_model_cpu_offload()): "
             "only one of the main components on the GPU at a time, the others in CPU "
             "memory (huggingface.co/docs/diffusers/optimization/memory#model-offloading); "
             "the peak is the largest of a text encoder alone, the denoiser with its step's "
             "activations and the VAE with its decode, "
             + vae_words(model, precision)
             + f"; every component resident it needs {resident:.1f} GiB per GPU. The CPU "
             "memory must hold the components off the GPU")
        note("cpu_offload", "enable_model_cpu_offload",
             "the time is the all-resident pipeline's, the moves of each component between "
             "CPU and GPU not timed: the diffusers docs call the cost of model offloading "
             "negligible, and the CogVideoX model card, measured with it, says about 10% "
             "faster without (calibration_diffusion.csv d026-d029). diffusers' sequential "
             "offload (enable_sequential_cpu_offload: one submodule at a time) needs less "
             "memory and is much slower; it is not sized here")
    else:
        note("pipeline", ", ".join(f"{c.name} {c.params / 1e9:.2f}B" for c in model.components),
             "every component resident (no CPU offload); "
             + ("encoder and decoder transformers at the chosen precision, the audio codec "
                "at 16-bit; each sequence of the batch keeps its decoder attention caches "
                "(kv_cache_gib)" if model.kind == "audio" else
                "denoiser and text encoders at the chosen precision, "
                + vae_words(model, precision)))
    if model.kind != "audio":
        note("resolution", f"{width}x{height}", "activations grow with the latent area "
             f"(latent = 1/{model.latent_downsample} of each side)")
    per = parts
    # one pipeline replica per GPU (inference; DDP for training): the setup holds n copies
    whole = MemoryParts(
        weights_gib=per.weights_gib * n, kv_cache_gib=per.kv_cache_gib * n,
        activations_gib=per.activations_gib * n,
        gradients_gib=None if per.gradients_gib is None else per.gradients_gib * n,
        optimizer_gib=None if per.optimizer_gib is None else per.optimizer_gib * n,
        overhead_gib=per.overhead_gib * n, total_gib=per.total_gib * n)
    if n > 1:
        note("replicas", f"{n} x 1 GPU", f"each GPU holds a whole pipeline (a replica; "
             "data-parallel when training): memory.total_gib is the setup's, "
             f"{n} x per_gpu_gib")
    fits = None
    perf = cost = None
    if gpu is not None:
        fits = per.total_gib <= gpu.usable_gib
        if not fits:
            hw.warnings.append(_lower_precision_hint(
                registry, engine, gpu, precision, per.total_gib, gpu.usable_gib,
                PIPELINE_SMALLER, lambda q: pipeline_memory(q, upcast(q)).total_gib)
                + ("" if model.kind == "audio" or training or req.cpu_offload else
                   "; or let diffusers keep one component on the GPU at a time "
                   "(enable_model_cpu_offload), slower by the transfers")
                + (f"; or a smaller finetune.micro_batch_size ({share} now)"
                   if training and share > 1 else ""))
    if gpu is not None and fits and training:
        note("performance", "null", "the training speed of diffusion models is not modelled: "
             "memory and fit only, no time or cost")
    elif gpu is not None and fits:
        if share != req.batch_size:
            note("batch_per_gpu", str(share),
                 f"batch_size {req.batch_size} over {n} GPUs, one pipeline replica each: each "
                 f"runs batches of {share}; images_per_s is the setup's with every replica busy")
        timed_by = registry.engines.default("diffusion", False)
        perf = estimate_performance(model, hw.runs, None, engine, gpu, n,
                                    msgspec.structs.replace(req, batch_size=share), note,
                                    task=req.task, width=width, height=height,
                                    diffusion_engine=timed_by)
        untimed = (untimed_compute_warning(engine.id, hw.runs.id, hw.runs.compute, timed_by.id)
                   if model.kind == "diffusion" and hw.ok else None)
        if untimed is not None:
            hw.warnings.append(untimed)
        cost = estimate_cost(perf, req.price_per_gpu_hour_usd, n, note)
    if not hw.ok:
        perf = None
    if model.kind == "diffusion":
        _pipeline_field_checks(req, model, perf, n, hw.warnings, note)
    else:
        _audio_rate(req, model, perf, n, hw.warnings, note)
        if req.images_per_request is not None:
            msg = (f"images_per_request ignored: it applies to vision language models, not "
                   f"to audio models such as {model.name}")
            note("ignored_fields", "images_per_request", msg)
            hw.warnings.append(msg)
    # each GPU at the precision a single-GPU sizing there would use: the asked weights, or
    # (none asked) the nearest its kernels run, as check_hardware substitutes them
    fits_on = []
    substituted: dict[str, list[str]] = {}
    by_precision: dict[tuple[str, tuple[str, ...]], MemoryParts] = {
        (precision.id, upcast(precision)): parts}
    for g in registry.gpus.values():
        if g.vendor not in ("NVIDIA", "AMD"):
            continue
        hg = check_hardware(registry, model.kind, req.task, asked, engine, g,
                            req.weights is not None and not qlora, lambda *_: None)
        if not hg.ok:
            continue
        q = hg.precision
        fp32 = upcast(q, g)  # its T5 in fp32 where it has no bf16, as sizing there counts it
        pg = (by_precision.get((q.id, fp32))
              or by_precision.setdefault((q.id, fp32), pipeline_memory(q, fp32)))
        if pg.total_gib <= g.usable_gib:
            fits_on.append(FitRow(gpu=g.id, gpu_name=g.name, gpu_count=1,
                                  per_gpu_gib=pg.total_gib, gpu_memory_gib=g.total_gib,
                                  weights=q.id if q.id != precision.id else None))
            if q.id != asked.id:
                substituted.setdefault(q.id, []).append(g.id)
    for qid, gids in substituted.items():
        note("fits_on_precision", f"{qid} on {', '.join(gids)}",
             f"these GPUs cannot run {asked.id}, so fits_on sizes them at {qid}, as sizing "
             "on one of them does")
    fits_on.sort(key=lambda r: (r.gpu_memory_gib, r.gpu))
    return SizingResult(
        model=_model_info(model), task=req.task, weights=precision.id, kv_cache=None,
        engine=engine.id, gpu=_gpu_info(gpu) if gpu else None, gpu_count=n,
        memory=_memory(whole, per, model.kind == "audio"), kv_cache_bytes_per_token=None,
        fits=fits and hw.ok if fits is not None else None,
        max_batch_size=None, max_context_tokens=None, fits_on=fits_on, performance=perf,
        cost=cost if hw.ok else None, assumptions=assumptions, sources=sources,
        warnings=hw.warnings, runs=hw.ok if gpu is not None else None,
        capacity_per_gpu_gib=gpu.usable_gib if gpu is not None else None,
        fits_in_memory=fits)


def check_diffusion_offload(model: SizedModel, inference: bool) -> None:
    """``cpu_offload`` (diffusers' model CPU offload) applies to a diffusion pipeline at
    inference: on another model or task a 400 at the field, on /v1/sizing as on
    /v1/recommendations."""
    if model.kind != "diffusion" or not inference:
        raise InvalidInput("cpu_offload sizes diffusers' model CPU offload of a diffusion "
                           "pipeline at inference; "
                           + ("a training run's optimizer offload is finetune.cpu_offload"
                              if not inference else
                              f"{model.name} is no diffusion model"), "$.cpu_offload")


def clip_frames(model: SizedModel, num_frames: int, inference: bool,
                note: Callable[[str, str, str], None]) -> SizedModel:
    """The video model sized at the clip length asked (``num_frames``), rounded as diffusers'
    video pipelines round it: ``num_frames // k * k + 1`` for a VAE compressing ``k`` frames
    into one latent frame after the first (WanPipeline.__call__: "`num_frames - 1` has to be
    divisible by vae_scale_factor_temporal", then that rounding; the causal VAEs of
    CogVideoX, HunyuanVideo and Wan take 1 + 4n frames, memory.video_latent_frames). The
    memory and time follow from the latent frames, as for the model's own clip. One rule for
    /v1/sizing and /v1/recommendations (``inference``: the task or workload generates)."""
    if not is_video(model) or model.kind != "diffusion":
        raise InvalidInput(f"num_frames sizes a video model's clip; {model.name} generates "
                           "no video", "$.num_frames")
    if not inference:
        raise InvalidInput("num_frames sizes a generated clip (task inference); a video "
                           "fine-tune is sized at the video trainers' clip (see its "
                           "training_batch assumption)", "$.num_frames")
    asked = int(num_frames or 1)
    k = int(model.temporal_downsample or 4)
    frames = (asked - 1) // k * k + 1 if asked > 1 else 1
    own = int(model.num_frames or 1)
    note("num_frames", str(frames),
         f"{frames} frames ({1 + (frames - 1) // k} latent frames: the VAE compresses {k} "
         "frames into one after the first)"
         + (f", {asked} asked, rounded down as diffusers' video pipelines round it "
            "to 1 + a multiple of the temporal compression" if frames != asked else "")
         + f"; the model's own clip is {own} frames"
         + ("; its quality past that length is not judged here, only memory and time"
            if frames > own else ""))
    return dataclasses.replace(model, num_frames=frames)


def _audio_decoder_context(req: SizingRequest, model: SizedModel, warnings: list[str],
                           note: Callable[[str, str, str], None]) -> None:
    """A speech model's text decoder holds at most its own context (Whisper: 448 tokens,
    ``max_target_positions`` in its config.json) and its attention cache is sized at that, per
    30 s window: a longer context asked is warned, as an LLM asked past its ``max_context``
    is, never shown as if the decoder held it."""
    limits = [v for c in model.components if c.role == "decoder"
              and isinstance(v := (c.architecture or {}).get("max_target_positions"), int)
              and not isinstance(v, bool)]
    if not limits:
        return
    limit = min(limits)
    note("decoder_context", f"{limit} tokens",
         f"{model.name}'s decoder takes at most {limit:,} tokens (max_target_positions in its "
         "config.json): each sequence's attention cache is sized at that, the text of one "
         "window of audio; input_tokens and output_tokens do not size an audio model")
    context = req.input_tokens + req.output_tokens
    if context > limit and (req.input_tokens != DEFAULT_INPUT_TOKENS
                            or req.output_tokens != DEFAULT_OUTPUT_TOKENS):
        warnings.append(
            f"{context:,} tokens of context is more than {model.name}'s decoder takes "
            f"({limit:,}, max_target_positions): it transcribes audio window by window, at "
            f"most {limit:,} tokens each; the figures are for that limit (longer audio is "
            "more windows, not a longer context)")


def _audio_rate_batch(req: SizingRequest, model: SizedModel, precision: Precision,
                      engine: Engine, gpu: GPU, runs: Precision, fp32: tuple[str, ...],
                      note: Callable[[str, str, str], None]) -> SizingRequest:
    """``req`` at the batch an audio replica serves an open loop at: the recommendations'
    rule (:func:`batching.audio_batch`: the largest batch up to the engine's ``max_num_seqs``
    that the GPU's memory holds, Whisper's streams each at least in real time), against
    this sizing's own memory and speed of the batch; said in a note. A rate was set against
    one window at a time (audit buyer24a #6: Whisper large v3 at 5 requests/s asked for 20
    L4, where the recommendations serve it on 4)."""
    per_seq = cache_bytes_per_sequence(model) / GIB

    def mem(batch: int) -> float:
        # as the pipeline's memory below counts it: no image (64x64), a cache per sequence
        return (diffusion_memory(model, precision, 64, 64, batch, fp32=fp32).total_gib
                + batch * per_seq)

    def speed(batch: int) -> float:
        perf = estimate_performance(model, runs, None, engine, gpu, 1,
                                    msgspec.structs.replace(req, batch_size=batch),
                                    lambda *_: None, task="inference")
        return perf.audio_seconds_per_s or 0.0

    if mem(1) > gpu.usable_gib:
        return req  # nothing batches where one does not fit: the fit answer says so
    batch = audio_batch(model, engine, mem, gpu.usable_gib, speed, serving=True)
    what = "windows" if model.family == "whisper" else "clips"
    note("batch_size", str(batch),
         f"request_rate_per_s with no batch_size: {batch} {what} at once on each GPU (one "
         f"replica each), batched as /v1/recommendations batches {model.name}: the largest "
         "batch the GPU's usable memory holds (the recommendations keep "
         "min_memory_headroom_pct of it free), up to the engine's max_num_seqs "
         f"({engine.speed.max_num_seqs})"
         + (", each stream at least in real time" if model.family == "whisper" else "")
         + "; an open loop is served by what the engine batches, not one request at a "
         "time; give batch_size to size another")
    return msgspec.structs.replace(req, batch_size=batch)


def _pipeline_field_checks(req: SizingRequest, model: SizedModel, perf: Performance | None,
                           n: int, warnings: list[str],
                           note: Callable[[str, str, str], None]) -> None:
    """A diffusion answer names the language-model fields it ignored (their defaults cannot
    tell a value sent from none, so they are warned of, not refused as an LLM's width, height
    and steps are: :func:`check_sizing_fields`) and sets a request rate against the images
    per second it serves."""
    unused = [f for f, v in (
        ("input_tokens", req.input_tokens != DEFAULT_INPUT_TOKENS),
        ("output_tokens", req.output_tokens != DEFAULT_OUTPUT_TOKENS),
        ("kv_cache", req.kv_cache is not None and req.kv_cache.lower() not in ("fp16", "f16")),
        ("lora_adapters", req.lora_adapters > 0),
        ("training_tokens", req.training_tokens is not None),
        # a vision language model's images (audit buyer26c #11: ignored without a word)
        ("images_per_request", req.images_per_request is not None)) if v]
    if unused:
        msg = (f"{', '.join(unused)} ignored: {'it applies' if len(unused) == 1 else 'they apply'}"
               f" to language models, not to diffusion models such as {model.name} (a "
               "diffusion request is sized by width, height, steps and batch_size)")
        note("ignored_fields", ", ".join(unused), msg)
        warnings.append(msg)
    what = "videos" if model.num_frames else "images"
    rate_load(req.request_rate_per_s, perf.images_per_s if perf is not None else None, n,
              req.batch_size, what, f"one {what[:-1]}", warnings, note)


def rate_load(rate: float | None, served: float | None, n: int, batch: int, what: str,
              one: str, warnings: list[str], note: Callable[[str, str, str], None],
              also: str = "", replica_gpus: int = 1) -> None:
    """An open loop of ``rate`` requests/s set against ``served``, what the setup of ``n``
    GPUs serves in ``what`` per second (at ``batch``), one request being ``one`` of them (an
    image, a Whisper window, an embedding input, a generated clip): the load is an
    assumption, and at ``NEAR_CAPACITY`` or more a warning gives the GPUs that keep each
    replica (``replica_gpus`` GPUs each) under ``HEADROOM_LOAD``, counted by
    :func:`setups_for` as the recommendations count them. ``also``: what ``served`` is in the
    model's own unit, added to the assumption."""
    if rate is None:
        return
    if not served:
        note("request_rate", f"{plain(rate)}/s", f"{one} per request; no speed is estimated "
             "for this answer, so the rate is not compared with a capacity")
        return
    share = rate / served
    each = served / max(1, n // replica_gpus)
    need = setups_for(rate, each) * replica_gpus
    unit = "GPU" if replica_gpus == 1 else f"replica of {replica_gpus} GPUs"
    note("request_rate", f"{plain(rate)}/s = {share:.0%} of {sig3(served)} {what}/s",
         f"{one} per request; the setup serves {sig3(served)} {what}/s ({sig3(each)} per "
         f"{unit}{', one replica each' if replica_gpus == 1 else ''}, at batch_size {batch})"
         + also)
    if share < NEAR_CAPACITY:
        return
    head = (f"request_rate_per_s {plain(rate)} is {share:.1f}x what this setup serves "
            f"({sig3(served)} {what}/s on {n} GPU{'s' if n > 1 else ''}): requests queue without "
            "bound" if share >= 1 else
            f"request_rate_per_s {plain(rate)} is {share:.0%} of what this setup serves "
            f"({sig3(served)} {what}/s on {n} GPU{'s' if n > 1 else ''}): near capacity the "
            "queue, and with it the wait, grows steeply with small changes of load")
    replicas = "one replica each" if replica_gpus == 1 else f"{replica_gpus} per replica"
    warnings.append(f"{head}; {need} GPUs ({replicas}) keep it under {HEADROOM_LOAD * 100:g} % "
                    f"({sig3(each)} {what}/s per {unit})")


def request_audio_s(model: SizedModel) -> tuple[float, str, str] | None:
    """The seconds of audio one request to ``model`` is, what to call one (per second) and
    why; None where it is not known. Whisper: one window, as the recommendations count a
    request; a latent audio diffusion model: its whole window, which every clip costs; MusicGen
    and Bark: their tooling's default clip (the catalog's ``[default_clip]``)."""
    if model.family == "whisper":
        return (WHISPER_WINDOW_S, "windows",
                "one window a request, as the recommendations count it: Whisper encodes "
                f"{WHISPER_WINDOW_S:g} s log-mel windows, so a longer file is one request per "
                "window")
    if model.default_clip is not None:
        clip = model.default_clip
        return clip.seconds, "clips", f"the default clip of {model.name}: {clip.why}"
    la = latent_audio(model)
    if la is not None:
        return (la.clip_s, "clips",
                f"the pipeline denoises its whole {la.window_frames}-frame window and crops, "
                "so a clip of any length costs a full one")
    return None


def _audio_rate(req: SizingRequest, model: SizedModel, perf: Performance | None, n: int,
                warnings: list[str], note: Callable[[str, str, str], None]) -> None:
    """An audio answer sets a request rate against the seconds of audio per second it serves,
    one request being :func:`request_audio_s` of audio."""
    rate = req.request_rate_per_s
    if rate is None:
        return
    got = request_audio_s(model)
    if got is None:
        note("request_rate", f"{plain(rate)}/s", f"the audio one request to {model.name} makes "
             "is not known, so the rate is not compared with a capacity")
        return
    secs, what, why = got
    ratio = perf.audio_seconds_per_s if perf is not None else None
    rate_load(rate, ratio / secs if ratio else None, n, req.batch_size, what,
              f"one {secs:.3g} s {what[:-1]} of audio", warnings, note,
              also=(f": {ratio:.3g} s of audio per second" if ratio else "") + f"; {why}")


def weights_gib(model: SizedModel, p: Precision) -> float:
    return weight_bytes(model, p) / GIB
