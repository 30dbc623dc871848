"""Sizing's use of the capability matrix (``catalog/kernels.toml``,
:mod:`service.domain.catalog.kernels`): whether the asked GPU runs the weights with the engine,
which kernel runs them (the compute type the speed model reads), and what to offer instead.

An impossible combination is answered, not rejected: the memory is sized as asked, the
answer carries a warning naming the rule, its source and the nearest precision that runs
there, and gives no speed or cost. Weights the request did not name (the model's native
precision) are replaced by the nearest that runs, and the answer says so. ``fits_on`` lists
only GPUs that run the combination.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.kernels import Support
from service.domain.catalog.precisions import PRECISIONS, Precision, get_precision
from service.domain.catalog.registry import Registry
from service.domain.sizing.diffusion_speed import fp16_upcast
from service.domain.sizing.memory import SizedModel

_BY_ID = {p.id: p for p in PRECISIONS}


TRAINED_FLOATS = ("fp32", "bf16", "fp16", "fp8")
"""The formats a training run computes in (fp8: FP8 mixed precision); where one cannot run on a
GPU its nearest is another of them, never a quantized serving format."""


def nearest_candidates(registry: Registry, kind: str, task: str, p: Precision
                       ) -> dict[str, Precision]:
    """The precisions ``p``'s [nearest] list may offer where ``p`` cannot run: never a format
    this kind of model does not come in (AWQ for Whisper: [[kind_format]]), and for a training
    run at a float a float it trains in (FP8 mixed precision on an A100: bf16, never the int8
    W8A8 of fp8's serving list, which nothing trains in). Sizing and the recommendations
    (capability.kernel_refusal) both offer from here."""
    kernels = registry.kernels
    training = task in ("finetune", "pretrain")
    return {k: v for k, v in _BY_ID.items() if kernels.kind_refusal(kind, k) is None
            and (not training or p.id not in TRAINED_FLOATS or k in TRAINED_FLOATS)}


@dataclass(frozen=True)
class HardwareCheck:
    precision: Precision
    """What the answer sizes: the asked weights, or the nearest that runs when none was asked."""
    runs: Precision
    """``precision`` with the compute type of the kernel that runs it on the GPU."""
    ok: bool = True
    warnings: list[str] = field(default_factory=list)
    support: Support | None = None


def kernel_engine(registry: Registry, kind: str, task: str, engine: Engine) -> str:
    """The engine whose kernels run the work: the catalog's training engine (PyTorch) for
    fine-tuning and pre-training an LLM, else ``engine``."""
    if kind == "llm" and task != "inference" and registry.kernels.training_engine:
        return registry.kernels.training_engine
    return engine.id


def runs_on(registry: Registry, engine_id: str, p: Precision, gpu: GPU) -> bool:
    """Whether ``engine_id`` runs ``p`` on ``gpu`` (directly or through another kernel)."""
    return registry.kernels.supported(engine_id, p, gpu).ok


def fp32_components(registry: Registry, engine_id: str, model: SizedModel, p: Precision,
                    gpu: GPU) -> tuple[str, ...]:
    """The components of a diffusion pipeline at ``p`` on ``gpu`` kept in fp32: on a GPU
    where ``engine_id`` runs no bf16 (V100, T4) the pipeline computes in fp16 (quantized
    weights too), and its T5 text encoders overflow there (:func:`fp16_upcast`); and on any
    GPU a pipeline loaded at fp16 itself (``torch_dtype=torch.float16``: CogVideoX-2B's own
    precision), where transformers keeps a T5's ``wo`` projections in fp32 all the same
    (:func:`pipeline_fp16_upcast`); none elsewhere. Sizing and the recommendations count
    their memory this one way."""
    if model.kind != "diffusion" or p.bits_linear >= 32:
        return ()
    if pipeline_fp16_upcast(model, p):
        return fp16_upcast(model)
    if runs_on(registry, engine_id, get_precision("bf16"), gpu):
        return ()
    return fp16_upcast(model)


def pipeline_fp16_upcast(model: SizedModel, p: Precision) -> tuple[str, ...]:
    """The T5 text encoders a pipeline loaded at fp16 keeps partly in fp32 on any GPU: with
    ``torch_dtype=torch.float16`` transformers' from_pretrained casts the modules of
    ``T5PreTrainedModel._keep_in_fp32_modules = ["wo"]`` to fp32 (modeling_t5.py; the
    non-strict list applies under float16 only, so a bf16 pipeline keeps none). CogVideoX-2B
    runs at fp16 (its model card): with enable_model_cpu_offload its T5-XXL alone on the GPU
    is its peak, 10.7 GiB of weights with wo in fp32 (8.9 at 16-bit), against the 11 GB
    diffusers' CogVideoX page measures with model offload and VAE tiling
    (huggingface.co/docs/diffusers/api/pipelines/cogvideox, "Memory optimization") and the
    model card's 12.5 GB (huggingface.co/THUDM/CogVideoX-2b, "Single GPU VRAM
    Consumption", measured with enable_model_cpu_offload and VAE tiling)."""
    if model.kind != "diffusion" or p.id != "fp16":
        return ()
    return fp16_upcast(model)


def runs_as(registry: Registry, engine_id: str, p: Precision, gpu: GPU) -> Precision:
    """``p`` with the compute type of the kernel that runs it on ``gpu``."""
    return registry.kernels.runs_as(engine_id, p, gpu)


def check_hardware(registry: Registry, kind: str, task: str, p: Precision, engine: Engine,
                   gpu: GPU | None, explicit: bool,
                   note: Callable[[str, str, str], None]) -> HardwareCheck:
    """The kernel check of one sizing request on its GPU (none: nothing to check)."""
    kernels = registry.kernels
    if gpu is None or not kernels:
        return HardwareCheck(precision=p, runs=p)
    eid = kernel_engine(registry, kind, task, engine)
    s = kernels.supported(eid, p, gpu)
    if s.ok:
        if s.status == "runs_as":
            note("kernel", f"{s.compute} compute", f"{s.reason} (rule {s.rule}: "
                 f"{'; '.join(s.sources)})")
        return HardwareCheck(precision=p, runs=kernels.runs_as(eid, p, gpu), support=s)
    near = kernels.nearest_supported(eid, p, gpu, nearest_candidates(registry, kind, task, p))
    where = f"rule {s.rule}; source: {'; '.join(s.sources)}"
    if near is not None and not explicit:
        # p is what it would be sized at where this GPU ran it: the model's own, or the
        # trainer's 16-bit copy of a fp8 release (LoRA on V100; audit slips27 #6)
        msg = (f"weights {p.id} (the precision it would otherwise be sized at) cannot run "
               f"here: {s.reason} ({where}); "
               f"sized at {near.id}, the nearest precision {eid} runs on {gpu.name}")
        note("weights_precision_replaced", near.id, msg)
        again = kernels.supported(eid, near, gpu)
        if again.status == "runs_as":
            note("kernel", f"{again.compute} compute", again.reason)
        return HardwareCheck(precision=near, runs=kernels.runs_as(eid, near, gpu),
                             warnings=[msg], support=again)
    if near is not None:
        alt = f"the nearest precision {eid} runs on {gpu.name} is {near.id}"
    else:
        others = [e.id for e in registry.engines if e.id != eid
                  and kernels.supported(e.id, p, gpu).ok]
        alt = (f"no precision of its [nearest] list runs with {eid} there"
               + (f"; engines that run {p.id} on {gpu.name}: {', '.join(others)}"
                  if others else ""))
    msg = f"impossible combination: {s.reason} ({where}); {alt}"
    note("kernel", "none", "this GPU cannot run these weights with this engine, so no speed "
         "or cost is given; see warnings")
    return HardwareCheck(precision=p, runs=p, ok=False, warnings=[msg], support=s)


# ---------------------------------------------------------------------------------------------
# FlashAttention


FLASH_ATTENTION_2_MIN_CC = (8, 0)
"""The oldest NVIDIA compute capability flash-attn's FlashAttention-2 runs on (Ampere):
"FlashAttention-2 with CUDA currently supports: Ampere, Ada, or Hopper GPUs (e.g., A100, RTX
3090, RTX 4090, H100). Support for Turing GPUs (T4, RTX 2080) is coming soon, please use
FlashAttention 1.x for Turing GPUs for now"; older GPUs stop with "FlashAttention only
supports Ampere GPUs or newer" (github.com/Dao-AILab/flash-attention: README,
csrc/flash_attn/flash_api.cpp)."""
FLASH_ATTENTION_1_MIN_CC = (7, 5)
"""FlashAttention 1.x: "Turing or Ampere GPUs (e.g., A100, RTX 3090, T4, RTX 2080)" (its
README); Volta (V100) and older run neither."""
FLASH_ATTENTION_ROCM = ("gfx90a", "gfx942")
"""AMD targets of flash-attn's ROCm build (composable_kernel): "FlashAttention-2 with ROCm
currently supports: MI200 or MI300 GPUs" (README): MI210/MI250 gfx90a, MI300X/MI325X gfx942."""
FLASH_ATTENTION_SOURCES = (
    "https://github.com/Dao-AILab/flash-attention (README: FlashAttention-2 on Ampere, Ada or "
    "Hopper, and MI200/MI300 on ROCm; FlashAttention 1.x for Turing); "
    "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/transformers/cuda/"
    "sdp_utils.cpp (scaled_dot_product_attention: its memory-efficient kernel from sm50, its "
    "flash kernel from sm80)")

FlashSupport = Literal["fa2", "fa1", "none", "unknown"]


def flash_attention_support(gpu: GPU) -> FlashSupport:
    """Which FlashAttention the GPU runs (:data:`FLASH_ATTENTION_2_MIN_CC`): "fa2" (NVIDIA
    Ampere and newer, AMD MI200/MI300), "fa1" (FlashAttention 1.x only: Turing), "none"
    (Volta and older NVIDIA), "unknown" (any other GPU, or no recorded compute capability)."""
    if gpu.vendor == "AMD":
        return "fa2" if gpu.compute_capability.lower() in FLASH_ATTENTION_ROCM else "unknown"
    if gpu.vendor != "NVIDIA":
        return "unknown"
    try:
        cc = tuple(int(x) for x in gpu.compute_capability.split("."))
    except ValueError:
        return "unknown"
    if cc >= FLASH_ATTENTION_2_MIN_CC:
        return "fa2"
    return "fa1" if cc >= FLASH_ATTENTION_1_MIN_CC else "none"


def flash_attention_note(gpu: GPU | None) -> str | None:
    """Where FlashAttention-2 does not run (an NVIDIA GPU older than Ampere: V100, T4), what a
    training sizing with ``flash_attention`` assumes instead: no attention score matrix kept,
    as PyTorch SDPA's memory-efficient kernel runs attention there (compute capability 5.0
    and newer; transformers' default ``attn_implementation="sdpa"``), so the memory is the
    same and only the kernel named changes; None elsewhere."""
    if gpu is None:
        return None
    got = flash_attention_support(gpu)
    if got not in ("fa1", "none"):
        return None
    fa1 = ("; FlashAttention 1.x also runs on Turing" if got == "fa1"
           else "; FlashAttention 1.x does not either (Turing and Ampere only)")
    return (f"FlashAttention-2 does not run on the {gpu.name} (compute capability "
            f"{gpu.compute_capability}; flash-attn needs Ampere, 8.0, or newer: \"FlashAttention "
            "only supports Ampere GPUs or newer\"); sized, as flash_attention asks, with no "
            "attention score matrix kept, as PyTorch SDPA's memory-efficient kernel "
            "(compute capability 5.0 and newer, transformers' default attn_implementation "
            f"\"sdpa\") runs attention there{fa1}; set flash_attention false to size eager "
            f"attention's seq x seq scores ({FLASH_ATTENTION_SOURCES})")
