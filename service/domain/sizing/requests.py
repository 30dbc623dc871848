"""Request bodies of the sizing API: validated on the way in, with the field path in errors."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from service.domain.base import Strict
from service.domain.catalog.models import Architecture
from service.domain.fields import LIST_MAX, GpuName, HfConfig, ModelName, PrecisionName

Task = Literal["inference", "finetune", "pretrain"]
Engine = Literal["vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "diffusers"]
Method = Literal["lora", "qlora", "full"]
Optimizer = Literal["adamw", "adamw-bf16", "adamw-8bit", "sgd"]

TargetModuleT = Literal["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                        "down_proj"]
TargetModule = TargetModuleT
GpuCount = Annotated[int, msgspec.Meta(ge=1, le=4096, description="GPUs in the setup")]
Batch = Annotated[int, msgspec.Meta(ge=1, le=100_000)]
Tokens = Annotated[int, msgspec.Meta(ge=1, le=10_000_000)]
OutTokens = Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]
Pixels = Annotated[int, msgspec.Meta(ge=64, le=16_384)]
Price = Annotated[float, msgspec.Meta(gt=0, le=10_000, description="USD per GPU-hour")]

DEFAULT_TARGETS: tuple[TargetModuleT, ...] = (
    "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


class FinetuneOptions(Strict, frozen=True, kw_only=True):
    """How a fine-tuning or pre-training step is run."""

    method: Method = "lora"
    lora_rank: Annotated[int, msgspec.Meta(ge=1, le=4096)] = 16
    target_modules: Annotated[list[TargetModule], msgspec.Meta(max_length=LIST_MAX)] = (
        msgspec.field(default_factory=lambda: list(DEFAULT_TARGETS)))
    optimizer: Optimizer = "adamw"
    gradient_checkpointing: bool = True
    flash_attention: bool = True
    micro_batch_size: Batch = 1
    sequence_length: Tokens = 2048
    zero_stage: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    cpu_offload: bool = False

    def __post_init__(self) -> None:
        if not self.target_modules and self.method != "full":
            raise ValueError("target_modules cannot be empty for LoRA/QLoRA")


class SizingRequest(Strict, frozen=True, kw_only=True):
    """What to size: a named model, an inline architecture or a pasted HF config.json."""

    # exactly one of these, not null (checked in __post_init__; documented in the OpenAPI spec)
    __exactly_one_of__: ClassVar[dict[str, str]] = {
        "model": "string", "architecture": "object", "hf_config": "object"}

    model: ModelName | None = None
    architecture: Architecture | None = None
    hf_config: HfConfig | None = None
    task: Task = "inference"
    weights: PrecisionName | None = msgspec.field(default=None)
    kv_cache: PrecisionName = "fp16"
    engine: Engine | None = None
    gpu: GpuName | None = None
    gpu_count: GpuCount = 1
    batch_size: Batch = 1
    input_tokens: Tokens = 2048
    output_tokens: OutTokens = 512
    lora_adapters: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    lora_adapter_rank: Annotated[int, msgspec.Meta(ge=1, le=4096)] = 16
    finetune: FinetuneOptions | None = None
    width: Pixels | None = None
    height: Pixels | None = None
    steps: Annotated[int, msgspec.Meta(ge=1, le=1000)] | None = None
    training_tokens: Annotated[float, msgspec.Meta(gt=0, le=1e15)] | None = None
    price_per_gpu_hour_usd: Price | None = None

    def __post_init__(self) -> None:
        given = [x for x in (self.model, self.architecture, self.hf_config) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of `model`, `architecture` or `hf_config`")
        if self.input_tokens + self.output_tokens > 10_000_000:
            raise ValueError("input_tokens + output_tokens must not exceed 10,000,000")
