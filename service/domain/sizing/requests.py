"""Request bodies of the sizing API: validated on the way in, with the field path in errors."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from service.domain.base import Strict
from service.domain.catalog.models import Architecture
from service.domain.errors import InvalidInput
from service.domain.fields import (
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    LIST_MAX,
    TOKENS_MAX,
    BatchSize,
    DiffusionSteps,
    GpuCount,
    GpuHourPrice,
    GpuName,
    HfConfig,
    ImageHeight,
    ImagesPerRequest,
    ImageWidth,
    LoraAdapterCount,
    LoraRank,
    MicroBatchSize,
    ModelName,
    OutputTokens,
    PrecisionName,
    PromptTokens,
    RequestRate,
    SequenceLength,
    TrainingTokens,
    ZeroStage,
)

Task = Literal["inference", "finetune", "pretrain"]
EngineName = Annotated[str, msgspec.Meta(
    min_length=1, max_length=40,
    description="inference engine: an id of the catalog's engines (catalog/engines.toml), "
                "checked against the catalog (an unknown one is a 400 at $.engine, "
                "/problems/unknown-engine, naming the nearest ids); shipped: 'vllm', "
                "'sglang', 'tensorrt-llm', 'llama.cpp', "
                "'transformers', 'diffusers'. Default: diffusers for diffusion models, "
                "transformers for audio, llama.cpp for GGUF weights, else vllm")]
Engine = EngineName
"""The request's engine field (engines are data: the catalog decides which ids exist)."""
Method = Literal["lora", "qlora", "full"]
Objective = Literal["sft", "dpo", "kto", "orpo", "simpo", "grpo", "ppo"]
"""The training objective of a fine-tune, which sets the models held beside the one trained
(``memory.TrainingPlan.frozen_models``)."""
Optimizer = Literal["adamw", "adamw-bf16", "adamw-8bit", "sgd"]

TargetModuleT = Literal["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                        "down_proj"]
TargetModule = TargetModuleT

DEFAULT_TARGETS: tuple[TargetModuleT, ...] = (
    "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


class FinetuneOptions(Strict, frozen=True, kw_only=True):
    """How a fine-tuning or pre-training step is run."""

    method: Annotated[Method | None, msgspec.Meta(
        description="LoRA, QLoRA (LoRA on 4-bit NF4 weights) or full fine-tuning. Default: "
                    "full for task pretrain (which trains every weight), else lora")] = None
    objective: Annotated[Objective, msgspec.Meta(
        description="the training objective: sft (supervised fine-tuning, the default: the "
                    "model trained alone); dpo and kto (preference tuning against a frozen "
                    "reference model, a second copy of the weights with method full; with "
                    "lora or qlora the base with the adapters off is the reference, no copy: "
                    "TRL's DPOTrainer); orpo and simpo (reference-free preference tuning); "
                    "grpo (a frozen reference model as in DeepSeekMath's GRPO, KL against it); "
                    "ppo (RLHF: a frozen reference and a frozen reward model, and a value model "
                    "trained as the policy is, each the policy's size). dpo, orpo and simpo run "
                    "the chosen and the rejected answer of a pair in one forward pass (twice "
                    "the activations of a micro-batch). The rollouts of grpo and ppo (their "
                    "generation and its KV cache) are not sized: see the answer's objective "
                    "assumption")] = "sft"
    lora_rank: LoraRank = 16
    target_modules: Annotated[list[TargetModule], msgspec.Meta(
        max_length=LIST_MAX, description="the projections LoRA adapts (default: all seven)")] = (
        msgspec.field(default_factory=lambda: list(DEFAULT_TARGETS)))
    optimizer: Annotated[Optimizer, msgspec.Meta(
        description="optimizer, which sets the bytes of state per trainable parameter")] = (
        "adamw")
    gradient_checkpointing: Annotated[bool | None, msgspec.Meta(
        description="recompute activations in the backward pass instead of keeping them. "
                    "Default: off where the run fits the GPU without it (faster: no forward "
                    "recomputed), on where it does not or where no GPU is named to fit "
                    "against; see the answer's gradient_checkpointing assumption")] = None
    flash_attention: Annotated[bool, msgspec.Meta(
        description="FlashAttention: no attention matrix kept in memory")] = True
    micro_batch_size: Annotated[MicroBatchSize | None, msgspec.Meta(
        description="sequences per GPU in one forward/backward pass. Default: 1 where no GPU "
                    "is named; else the fastest that fits (powers of two from 1: a larger one "
                    "only while the step is bound by communication); see the answer's "
                    "micro_batch assumption")] = None
    sequence_length: SequenceLength = 2048
    zero_stage: Annotated[ZeroStage | None, msgspec.Meta(
        description="DeepSpeed ZeRO stage over the data-parallel GPUs (0: DDP, every GPU holds "
                    "everything; 1 shards optimizer state, 2 also gradients, 3 = FSDP also "
                    "weights). Default: on one GPU 0; on several the least sharding that fits "
                    "the GPU (ZeRO-3 / FSDP when no GPU is named); see the answer's layout")] = (
        None)
    cpu_offload: Annotated[bool, msgspec.Meta(
        description="optimizer states kept in CPU memory (DeepSpeed offload)")] = False

    def __post_init__(self) -> None:
        # an unset method is LoRA for fine-tuning (checked again by :func:`training_options`,
        # which knows the task)
        if not self.target_modules and self.method in ("lora", "qlora"):
            raise ValueError("target_modules cannot be empty for LoRA/QLoRA")


def training_options(ft: FinetuneOptions | None, task: str) -> FinetuneOptions:
    """The request's training options with the method resolved for the task: full training
    for pre-training (which trains every weight: an explicit lora or qlora stays refused,
    ``sizing.check_training_method``), LoRA for fine-tuning. Checkpointing and the
    micro-batch stay None where unset: the plan search picks them against the GPU."""
    if ft is None:
        ft = FinetuneOptions()
    if ft.method is not None:
        return ft
    method: Method = "full" if task == "pretrain" else "lora"
    if method == "lora" and not ft.target_modules:
        raise InvalidInput("target_modules cannot be empty for LoRA/QLoRA",
                           "$.finetune.target_modules")
    return msgspec.structs.replace(ft, method=method)


ParallelDegree = Annotated[int, msgspec.Meta(ge=1, le=4096)]


class Parallelism(Strict, frozen=True, kw_only=True):
    """A fixed parallelism layout: tensor x pipeline x data must equal gpu_count."""

    tensor: Annotated[ParallelDegree, msgspec.Meta(
        description="tensor-parallel GPUs per replica (must divide the attention heads)")] = 1
    pipeline: Annotated[ParallelDegree, msgspec.Meta(
        description="pipeline stages per replica, each holding a share of the layers")] = 1
    data: Annotated[ParallelDegree, msgspec.Meta(
        description="data-parallel replicas (inference: each serves its share of the "
                    "batch; training: DDP or ZeRO/FSDP ranks)")] = 1
    expert: Annotated[ParallelDegree, msgspec.Meta(
        description="expert-parallel ranks of an MoE: the experts sharded whole over this "
                    "many GPUs (1: experts split by tensor parallel like the rest; else a "
                    "multiple of tensor dividing tensor x data and the number of experts)")] = 1


class ModelChoice(Strict, frozen=True, kw_only=True):
    """The model a request is about, shared by sizing and recommendation requests."""

    # exactly one of these, not null (checked in __post_init__; documented in the OpenAPI spec)
    __exactly_one_of__: ClassVar[dict[str, str]] = {
        "model": "string", "architecture": "object", "hf_config": "object"}

    model: ModelName | None = None
    architecture: Annotated[Architecture | None, msgspec.Meta(
        description="the model's shape, inline, for a model not in the registry")] = None
    hf_config: HfConfig | None = None

    def __post_init__(self) -> None:
        given = [x for x in (self.model, self.architecture, self.hf_config) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of `model`, `architecture` or `hf_config`")


class SizingRequest(ModelChoice, frozen=True, kw_only=True):
    """What to size: a named model, an inline architecture or a pasted HF config.json."""

    task: Annotated[Task, msgspec.Meta(description="what the GPUs do")] = "inference"
    weights: Annotated[PrecisionName, msgspec.Meta(
        description="precision of the weights (default: the model's native precision), an id "
                    "or common spelling ('bf16', 'fp8', 'GGUF Q4_K_M', '4-bit')")] | None = (
        msgspec.field(default=None))
    kv_cache: Annotated[PrecisionName, msgspec.Meta(
        description="precision of the KV cache ('fp16', 'fp8', 'q8_0', 'q4_0'). Default: "
                    "the engine's own for the weights (fp8 where its FP8/FP4 builds quantize "
                    "the KV cache too: TensorRT-LLM with fp8 or nvfp4 weights), else fp16; "
                    "said in the kv_cache_default assumption")] | None = (
        msgspec.field(default=None))
    engine: Engine | None = None
    gpu: GpuName | None = None
    gpu_count: GpuCount = 1
    batch_size: Annotated[BatchSize, msgspec.Meta(
        description="sequences processed together (requests in flight), default 1. Left out "
                    "together with request_rate_per_s, /v1/sizing states no load: more GPUs "
                    "than one replica needs are split into the replicas whose width gives "
                    "the most output tokens/s at full load; given (even 1), the layout "
                    "serves that many requests. Left out with request_rate_per_s given, an "
                    "embedding or audio model is sized at the batch /v1/recommendations times "
                    "it at (the batch_size assumption)")] = 1
    input_tokens: PromptTokens = DEFAULT_INPUT_TOKENS
    output_tokens: OutputTokens = DEFAULT_OUTPUT_TOKENS
    request_rate_per_s: RequestRate | None = None
    lora_adapters: LoraAdapterCount = 0
    lora_adapter_rank: Annotated[LoraRank, msgspec.Meta(
        description="LoRA rank r of each adapter served")] = 16
    images_per_request: Annotated[ImagesPerRequest, msgspec.Meta(
        description="vision-language models whose decoder cross-attends to the image "
                    "(Llama 3.2 Vision): the images in each request, each adding its "
                    "cross-attention KV (the vision encoder's tokens on every "
                    "cross-attention layer) to the request's cache. Default: one image. "
                    "A model whose image tokens go into the context (Qwen2-VL, Qwen2.5-VL, "
                    "Gemma 3) takes them in input_tokens; images_per_request times its "
                    "vision encoder in time_to_first_token_ms and the full load (Qwen2-VL "
                    "and Qwen2.5-VL: with width and height, each image's size). Another "
                    "model takes an image's tokens in input_tokens (a warning says it is "
                    "ignored)")] | None = None
    finetune: Annotated[FinetuneOptions | None, msgspec.Meta(
        description="how fine-tuning or pre-training is run, for task finetune or pretrain "
                    "(default: LoRA for finetune, full training for pretrain)")] = None
    width: ImageWidth | None = None
    height: ImageHeight | None = None
    steps: DiffusionSteps | None = None
    num_frames: Annotated[int, msgspec.Meta(
        ge=1, le=2049,
        description="video models, task inference: the frames of the clip to size (a length "
                    "in seconds is its frame rate x seconds, plus 1). Default: the model's own "
                    "clip (model.num_frames in the catalog). Rounded as diffusers' video "
                    "pipelines round it, to 1 + a multiple of the VAE's temporal "
                    "compression (WanPipeline: num_frames // 4 * 4 + 1), said in the "
                    "num_frames assumption; memory and time grow with the latent frames "
                    "(attention over all of them). On an image, audio or language model, or "
                    "a training task, a 400 at the field")] | None = None
    cpu_offload: Annotated[bool, msgspec.Meta(
        description="diffusion models, task inference: size the pipeline as diffusers' model "
                    "CPU offload runs it (pipe.enable_model_cpu_offload(): one component on "
                    "the GPU at a time, the others in CPU memory), so the GPU holds the "
                    "largest of the text encoder alone, the denoiser with its step's "
                    "activations and the VAE with its decode; the time is the all-resident "
                    "one (the transfers are not timed: see the cpu_offload assumption). "
                    "Default false: every component resident. On another model or task a "
                    "400 at the field (a training run's optimizer offload is "
                    "finetune.cpu_offload)")] = False
    training_tokens: TrainingTokens | None = None
    price_per_gpu_hour_usd: GpuHourPrice | None = None
    node_network_gbit_s: Annotated[float, msgspec.Meta(
        gt=0, le=100_000,
        description="LLM training over several nodes: the network between the nodes, in Gb/s "
                    "per node and direction (all of a node's NICs together: '100 Gb Ethernet' "
                    "is 100), shared by the node's GPUs; the collectives and pipeline hand-overs "
                    "that cross it are timed at it. Default: 400 Gb/s per GPU (3,200 per "
                    "8-GPU node), the InfiniBand/EFA/RoCE fabric the recommendations require "
                    "(assumption inter_node_network)")] | None = None
    parallelism: Annotated[Parallelism | None, msgspec.Meta(
        description="fix the parallelism layout (tensor x pipeline x data = gpu_count; expert "
                    "for MoE models); default: searched, see the answer's layout")] = None
    min_memory_headroom_pct: Annotated[float, msgspec.Meta(
        ge=0, le=90,
        description="LLM training (finetune, pretrain): the share of each GPU's usable memory, "
                    "in percent, the step and layout search keep free when they choose the "
                    "ZeRO stage, the tensor x pipeline x data layout, gradient checkpointing "
                    "and the micro-batch, as /v1/recommendations' field of the same name "
                    "(default 10 there) does: with the same value a training option's speed "
                    "is reproduced. 0 (the default): the fastest that fits all the usable "
                    "memory. LLM serving: the most figures (max_concurrency, "
                    "max_throughput_tokens_per_s, max_requests_per_s) are at the requests the "
                    "engine's memory holds with this share of it kept free, as "
                    "/v1/recommendations' max_concurrency (with the same value its "
                    "saturated output and price per token are reproduced); the stated "
                    "load's figures are unchanged. `fits` is always against the usable "
                    "memory. Ignored for embedding models (with a warning) and for "
                    "diffusion and audio models")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.input_tokens + self.output_tokens > TOKENS_MAX:
            raise ValueError(f"input_tokens + output_tokens must not exceed {TOKENS_MAX:,}")
