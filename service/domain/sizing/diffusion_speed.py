"""Diffusion and video generation speed, in stages.

A text-to-image (or video) pipeline runs three kinds of network, each timed on its own:

* the **text encoders** (CLIP, T5, umT5, ...) once per prompt: ``2 x params x prompt tokens``
  FLOPs (twice the prompts under classifier-free guidance: the negative prompt is encoded
  too), or the time to read their weights, whichever is longer;
* ``steps`` x **one denoiser step** (UNet or DiT). Classifier-free guidance runs the
  denoiser on the conditional and the unconditional input, doubling the batch (SD 1.5, SDXL,
  SD 3.5, Wan, CogVideoX, ...); guidance-distilled models (FLUX.1, HunyuanVideo: a guidance
  embedding, ``guidance_embeds`` in the denoiser config) run once. FLOPs per image:
  - UNet: per resolution level, the multiply-accumulates of its ResNet blocks (with the
    up path's skip concatenations), sampling convolutions and transformer layers counted
    from the architecture (``block_out_channels``, ``transformer_layers_per_block``, which
    levels cross-attend) at that level's positions (1/4, 1/16, 1/64 of the latent
    positions), each level timed by its FLOPs (narrow levels fill the tensor cores less:
    ``WIDTH_HALF``) plus its activation traffic (``INTENSITY_PER_CHANNEL``); the attention
    products ``4 x positions^2 x channels`` per self-attention layer, at the attention
    kernels' efficiency (SD 1.5 at 1024x1024 attends over 16,384 positions at its first
    level: its attention FLOPs grow 16x where the linear ones grow 4x);
  - DiT: ``2 x params x tokens + 4 x layers x hidden x tokens^2`` (linear layers, then
    attention, quadratic in tokens), tokens = latent frames x (H/8/patch) x (W/8/patch),
    plus the prompt tokens where text and image share one sequence (MMDiT: FLUX, SD 3.5);
* the **VAE decoder** once per image (per frame for video): FLOPs per output megapixel.

Each stage runs at its own efficiency of the GPU's dense tensor peak for the precision
(``STAGE_ETA``), scaled by the engine (eager diffusers vs a compiled TensorRT pipeline,
``ENGINE_FACTOR``); a denoiser step never runs faster than reading its weights, nor than
the host can launch its blocks in an eager pipeline (``LAUNCH_S_PER_BLOCK``: what a batch of
one waits for on a fast GPU). GeForce cards in fp16 are timed at their FP16-accumulate rate
and diffusers' weight-only formats at the 16-bit rate (``speed.diffusion_pipeline``). The
constants are fitted on published measurements (``gpu-advisor calibrate``, kind
``diffusion_speed``; see ``FIT_SOURCE``).

Pure: numbers in, numbers out. The caller passes the GPU's achievable peaks and bandwidth
(``speed.achievable_tflops``), so this module depends on no other speed code.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Annotated, NamedTuple

import msgspec

from service.domain.base import Out
from service.domain.catalog.models import Component
from service.domain.catalog.precisions import Precision
from service.domain.sizing.memory import SizedModel, denoiser, fp32_kept_params

# --- fitted constants ---------------------------------------------------------------------
# Efficiency of each stage against the dense tensor peak (text encoder and VAE: not fitted,
# they are a few % of a pipeline; UNet, DiT: fitted, before the width factor below).
# unet_attention: the FlashAttention-2 share dit_attention uses, not fitted: a grid over
# unet 0.6-0.9 x unet_attention 0.4-0.7 on the fitted rows (FIT_SOURCE) is flat (mean
# |log error| 0.155-0.160), so the UNet keeps 0.80 and the attention kernels' 0.60.
STAGE_ETA = {"text_encoder": 0.35, "unet": 0.80, "dit": 0.90, "dit_attention": 0.60,
             "unet_attention": 0.60,
             "vae_decode": 0.25}
# Engines that run a diffusion pipeline: compiled graphs (TensorRT, MLPerf) reach more of
# the peak and pay almost no per-step launch cost.
ENGINE_FACTOR = {"diffusers": 1.0, "tensorrt-llm": 1.1, "tensorrt": 1.1}
# Host time to launch one denoiser block (ResNet block or transformer layer, ~25 kernels) in
# an eager pipeline; a small batch on a fast GPU waits for it. CUDA graphs / TensorRT: ~none.
LAUNCH_S_PER_BLOCK = {"diffusers": 0.8e-3, "tensorrt-llm": 0.05e-3, "tensorrt": 0.05e-3}
DEFAULT_LAUNCH_S_PER_BLOCK = 0.8e-3
# FLOPs per byte of activation traffic per channel of a layer's width: a c-wide layer over
# M positions does ~2 M c^2 FLOPs and moves ~M c x (a few) bytes (norms, activations,
# residuals), so its traffic time is FLOPs / (INTENSITY_PER_CHANNEL x c x bandwidth), added
# to its compute time.
INTENSITY_PER_CHANNEL = 0.4
# A layer of width c runs its matmuls and convolutions at c / (c + WIDTH_HALF) of the stage's
# efficiency (narrow GEMMs and convolutions fill the tensor cores less). Fitted: the measured
# GEMM curves (catalog/perf/gemm.csv) hold n = k = 8192 only and give no width dependence.
# A c x c GEMM over many positions does c/2 FLOPs per 16-bit byte moved: 160 at c = 320,
# about the A100's ridge (312 TFLOPS / 2 TB/s = 156), so a 320-wide level runs near half
# speed and a 1280-wide one near full, which is the shape of c / (c + 640).
WIDTH_HALF = 640.0
# PyTorch's SDPA runs FlashAttention-2, which does not use Hopper's or Blackwell's new
# tensor-core instructions: ~35-40 % of an H100's peak where FlashAttention-3 reaches ~75 %
# (FlashAttention-3 paper, Shah et al. 2024); on Ampere and Ada FA2 reaches ~70 %.
EAGER_ATTENTION_ARCH_FACTOR = {"Hopper": 0.5, "Blackwell": 0.5}
# VAE decoder FLOPs per output megapixel (SD/SDXL/FLUX 2D VAE: ~1.2 TFLOPs at 512x512).
VAE_DECODE_FLOPS_PER_MP = 5.0e12
# Sustained share of the paper tensor peak in long GEMMs on power-capped boards, relative to
# the share the fitted constants carry (an A100's: 259.8 of 312 TFLOPS at m = 4096,
# n = k = 8192 in catalog/perf/gemm.csv, 0.83). T4 (70 W): a 4096^3 cuBLAS FP16 GEMM sustains
# ~24 of its 65 TFLOPS, its clocks held down by the power cap (NVIDIA developer forums, "About
# GPU peak performance", forums.developer.nvidia.com/t/about-gpu-peak-performance/264462,
# answered by NVIDIA staff): 0.37 / 0.83. Other GPUs: no measurement, 1.
SUSTAINED_TENSOR_SHARE = {"t4": (24.0 / 65.0) / (259.8 / 312.0)}


class Dequant(NamedTuple):
    """What running a denoiser whose weights are stored in a quantized format costs in an
    eager diffusers pipeline, where the matmuls run in 16-bit: ``bytes_per_weight`` moved per
    denoiser call to turn every weight back into 16-bit (independent of the batch and the
    resolution: a weight is dequantized once per call), and ``linear_factor``, the slowdown of
    the linear layers' compute where the format's own matmul kernel is slower than a 16-bit
    GEMM at these shapes (it grows with the tokens)."""

    bytes_per_weight: float
    linear_factor: float
    method: str


# Per format, from "Exploring Quantization Backends in Diffusers" (huggingface/blog
# diffusers-quantization.md @0b53cb19406564a21da2bff693a71a08e73538ee): FLUX.1-dev, one H100
# 80GB, 1024x1024, 50 steps, transformer and T5 quantized; BF16 12 s. The per-weight
# traffic is (measured - 12 s) / 50 steps x the H100's effective bandwidth (2.68 TB/s) /
# 11.9e9 transformer weights; where that is no dequantization's traffic (hundreds of bytes per
# weight), the cost is the matmul kernel's and is a factor on the linear layers' time (their
# compute is ~0.19 s of the 0.23 s step). Formats the blog did not time take the nearest
# measured kernel path (named in ``method``).
DEQUANT: dict[str, Dequant] = {
    # bitsandbytes 4-bit: dequantize_4bit writes a 16-bit copy of each weight, then a 16-bit
    # GEMM re-reads it: 0.5 + 2 + 2 bytes; the blog: 12 s (= BF16, to the second)
    "nf4": Dequant(4.5, 1.0, "bitsandbytes NF4: dequantized to 16-bit before each matmul"),
    "nf4-no-dq": Dequant(4.6, 1.0, "bitsandbytes NF4: dequantized to 16-bit before each "
                                   "matmul"),
    # LLM.int8(): activations split into int8 and fp16 outlier matmuls at every call: 27 s
    "bnb-int8": Dequant(0.0, 3.0, "bitsandbytes LLM.int8(): outlier decomposition of the "
                                  "activations at every matmul (27 s vs 12 s BF16)"),
    # torchao int8_weight_only, eager: 15 s (its float8_weight_only: 15 s too)
    "int8": Dequant(13.5, 1.0, "torchao int8 weight-only, eager: 16-bit matmuls over "
                               "weights upcast at every call (15 s vs 12 s BF16)"),
    # torchao int4_weight_only and quanto INT4: 109 s: the int4 matmul kernel is slow at
    # thousands of tokens
    "int4": Dequant(0.0, 14.0, "torchao/quanto int4 weight-only: int4 matmul kernel "
                               "(109 s vs 12 s BF16)"),
    # FP8 storage with layerwise upcasting (enable_layerwise_casting): 1 + 2 + 2 bytes;
    # the blog: 13 s
    "fp8": Dequant(5.0, 1.0, "FP8 layerwise casting: weights upcast to 16-bit per layer "
                             "(13 s vs 12 s BF16)"),
    # GGUF in diffusers: dequantized in PyTorch ops before each matmul (diffusers
    # quantizers/gguf/utils.py); Q8_0 15 s, Q4_1 23 s, Q2_K 26 s
    "q8_0": Dequant(13.5, 1.0, "GGUF Q8_0 dequantized in PyTorch ops (15 s vs 12 s BF16)"),
    "q4_0": Dequant(50.0, 1.0, "GGUF Q4_0: as the measured Q4_1 (23 s vs 12 s BF16)"),
    "q6_k": Dequant(63.0, 1.0, "GGUF K-quant: as the measured Q2_K (26 s vs 12 s BF16)"),
    "q5_k_m": Dequant(63.0, 1.0, "GGUF K-quant: as the measured Q2_K (26 s vs 12 s BF16)"),
    "q4_k_m": Dequant(63.0, 1.0, "GGUF K-quant: as the measured Q2_K (26 s vs 12 s BF16)"),
    "q3_k_m": Dequant(63.0, 1.0, "GGUF K-quant: as the measured Q2_K (26 s vs 12 s BF16)"),
    "q2_k": Dequant(63.0, 1.0, "GGUF Q2_K dequantized in PyTorch ops (26 s vs 12 s BF16)"),
    "iq4_xs": Dequant(63.0, 1.0, "GGUF IQ4_XS: as the measured Q2_K (26 s vs 12 s BF16)"),
}
FIT_SOURCE = ("UNet/DiT efficiency, width half-point, intensity per channel, launch time "
              "per block and the TensorRT factor fitted (grid search, mean |log error|) on "
              "the diffusion_speed rows of catalog/calibration.csv (SD 1.5 on T4 and RTX "
              "4090, SDXL MLPerf on 8xH200, FLUX.1-dev on H100 and RTX 4090) and the A100 "
              "80GB rows of catalog/calibration_diffusion.csv (d001-d003, d014, d017, "
              "d022-d025); held out: its V100, RTX 3090, T4, RTX 4090, H100 and A100 40GB "
              "rows and the CogVideoX videos")

# Families that run without classifier-free guidance (guidance-distilled or step-distilled).
NO_CFG_FAMILIES = frozenset({"flux", "hunyuan-video", "hunyuanvideo", "sdxl-turbo",
                             "sana-sprint", "sd3-turbo"})
# Families whose DiT joins the prompt tokens to the image tokens in one sequence.
JOINT_TEXT_FAMILIES = frozenset({"flux", "sd3", "sd3-turbo", "cogvideox",
                                 "hunyuan-video", "hunyuanvideo",
                                 "mochi"})
# Families whose DiT attends linearly in tokens (SANA's ReLU linear attention).
LINEAR_ATTENTION_FAMILIES = frozenset({"sana"})
# Prompt tokens of the large text encoder (T5, umT5, Gemma, LLaVA) per family: each
# pipeline's default max_sequence_length (CLIP's 77 comes from its config).
PROMPT_TOKENS = {"flux": 512.0, "sd3": 256.0, "sd3-turbo": 256.0, "wan": 512.0,
                 "cogvideox": 226.0,
                 "hunyuanvideo": 256.0, "hunyuan-video": 256.0, "mochi": 256.0,
                 "ltx-video": 128.0, "pixart": 120.0, "sana": 300.0}


class DiffusionStage(Out, frozen=True, kw_only=True):
    """One stage of the pipeline for one batch."""

    stage: Annotated[str, msgspec.Meta(
        description="text_encoder, denoiser or vae_decode")]
    """``text_encoder``, ``denoiser`` or ``vae_decode``."""
    component: Annotated[str, msgspec.Meta(
        description="the pipeline component that runs it (its name in the model's components)")]
    runs: Annotated[int, msgspec.Meta(
        description="times the stage runs per batch (steps for the denoiser, else 1)")]
    """Times the stage runs per batch (``steps`` for the denoiser, else 1)."""
    seconds: Annotated[float, msgspec.Meta(
        description="seconds all its runs take for the batch")]
    """All its runs for the batch."""
    seconds_per_run: Annotated[float, msgspec.Meta(
        description="seconds one run takes for the batch")]
    tflops_per_run: Annotated[float, msgspec.Meta(
        description="the work of one run for the batch, in TFLOP (10^12 floating-point "
                    "operations; an amount, not a rate)")]
    bound: Annotated[str, msgspec.Meta(
        description="what limits it: compute, memory (reading the weights) or launch (the host "
                    "launching an eager step's kernels: a small batch on a fast GPU)")]
    """``compute``, ``memory`` (reading the weights) or ``launch`` (the host launching an
    eager step's kernels: a small batch on a fast GPU)."""
    efficiency: Annotated[float, msgspec.Meta(
        description="achieved share of the dense tensor peak, from 0 to 1: FLOPs / "
                    "(seconds_per_run x peak)")]
    """Achieved share of the dense tensor peak: FLOPs / (seconds per run x peak)."""


class DiffusionTiming(Out, frozen=True, kw_only=True):
    """A pipeline timed stage by stage, for ``batch`` images (or videos) on one GPU."""

    stages: Annotated[tuple[DiffusionStage, ...], msgspec.Meta(
        description="the pipeline's stages, in order, each timed for the batch")]
    steps: Annotated[int, msgspec.Meta(
        description="denoising steps per image")]
    batch: Annotated[int, msgspec.Meta(
        description="images (video models: clips) generated together on one GPU")]
    guidance_batch_factor: Annotated[int, msgspec.Meta(
        description="2 where classifier-free guidance doubles the denoiser batch, else 1")]
    """2 where classifier-free guidance doubles the denoiser batch, else 1."""
    denoiser_tokens: Annotated[float, msgspec.Meta(
        description="sequence positions one denoiser pass sees per image (latent positions or "
                    "patches over all latent frames)")]
    """Sequence positions one denoiser pass sees per image (all latent frames)."""
    latent_frames: Annotated[int, msgspec.Meta(
        description="latent frames per clip (1 for an image)")]
    seconds_per_batch: Annotated[float, msgspec.Meta(
        description="wall-clock seconds of one pipeline call of this batch on one GPU")]
    seconds_per_image: Annotated[float, msgspec.Meta(
        description="seconds_per_batch over the batch's images (clips), on one GPU")]
    images_per_s: Annotated[float, msgspec.Meta(
        description="images (clips) per second of one GPU, one pipeline per GPU; "
                    "performance.images_per_s is the whole setup's (x gpu_count)")]
    efficiency_source: Annotated[str, msgspec.Meta(
        description="where the efficiencies the timing uses come from (the "
                    "calibration rows they were fitted on)")] = FIT_SOURCE

    @property
    def step_s(self) -> float:
        den = next(s for s in self.stages if s.stage == "denoiser")
        return den.seconds_per_run


def _num(v: object, default: float) -> float:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else default


def _patch(arch: Mapping[str, object]) -> tuple[int, int]:
    """(temporal, spatial) patch of a DiT (``patch_size`` 2 or ``[1, 2, 2]``)."""
    p = arch.get("patch_size", 2)
    if isinstance(p, list) and p:
        return int(p[0]) if len(p) == 3 else 1, int(p[-1])
    return 1, int(_num(p, 2))


def uses_cfg(model: SizedModel) -> bool:
    """Classifier-free guidance (two denoiser passes per step) unless the model is
    guidance-distilled (``guidance_embeds``) or its family runs without it."""
    den = denoiser(model)
    arch = (den.architecture or {}) if den else {}
    if arch.get("guidance_embeds") is True:
        return False
    return model.family.lower() not in NO_CFG_FAMILIES


def is_unet(model: SizedModel) -> bool:
    den = denoiser(model)
    arch = (den.architecture or {}) if den else {}
    return "block_out_channels" in arch or model.family in ("sd", "sd2", "sdxl")


def latent_frames(model: SizedModel, frames: int | None) -> int:
    """Latent frames of a video (causal VAE: 1 + (frames - 1) / temporal compression); 1 for
    an image."""
    f = frames if frames is not None else model.num_frames
    if not f or f <= 1:
        return 1
    t = model.temporal_downsample or 4
    return 1 + (int(f) - 1) // int(t)


def denoiser_tokens(model: SizedModel, width: int, height: int, frames: int | None = None
                    ) -> float:
    """Positions one denoiser pass sees per image: latent positions (UNet) or patches (DiT),
    over every latent frame."""
    f = model.latent_downsample or 8
    pos = (width / f) * (height / f)
    lf = latent_frames(model, frames)
    if is_unet(model):
        return pos * lf
    den = denoiser(model)
    tp, sp = _patch((den.architecture or {}) if den else {})
    return pos / sp**2 * math.ceil(lf / tp)


def _prompt_tokens(c: Component, model: SizedModel) -> float:
    arch = c.architecture or {}
    if "max_position_embeddings" in arch:  # CLIP
        return _num(arch["max_position_embeddings"], 77.0)
    den = denoiser(model)
    darch = (den.architecture or {}) if den else {}
    if "text_len" in darch:
        return _num(darch["text_len"], 512.0)
    return PROMPT_TOKENS.get(model.family.lower(), 512.0)


def _eff(eta: float, peak: float, engine: str) -> float:
    """Efficiency against the dense ``peak``: the stage's, times the engine's."""
    del peak  # one share of the peak on every GPU: a sub-linear gain did not fit better
    return min(eta * ENGINE_FACTOR.get(engine, 1.0), 0.9)


def stage_efficiency(stage: str, engine: str) -> float:
    """The share of the dense peak ``stage`` (a ``STAGE_ETA`` key) runs at on ``engine``, as
    :func:`diffusion_timing` times it: for pipelines timed the same way elsewhere (latent
    audio diffusion, ``audio_speed``)."""
    return _eff(STAGE_ETA[stage], 0.0, engine)


def _hidden(arch: Mapping[str, object]) -> float:
    if "hidden_size" in arch:
        return _num(arch["hidden_size"], 3072.0)
    if "attention_head_dim" in arch and "num_attention_heads" in arch:
        return _num(arch["attention_head_dim"], 64) * _num(arch["num_attention_heads"], 1)
    return 3072.0


def denoiser_parts(model: SizedModel, width: int, height: int, frames: int | None = None
                   ) -> list[tuple[float, float]]:
    """The linear work of one denoiser pass for one image (no guidance) as (FLOPs, width)
    parts: the width (channels or hidden size) sets a part's arithmetic intensity.

    UNet: one part per resolution level, counted from the architecture (``_unet_level_macs``:
    ResNet convolutions with the skip concatenations of the up path, the down/up-sampling
    convolutions, the transformer layers' projections and GEGLU feed-forward) at that
    level's positions (1/4^l of the latent positions) and channels. DiT: one part,
    ``2 x params x tokens`` at the hidden size."""
    den = denoiser(model)
    params = den.params if den else model.total_params
    arch = (den.architecture or {}) if den else {}
    tokens = denoiser_tokens(model, width, height, frames)
    if not is_unet(model):
        return [(2.0 * params * _sequence(model, tokens), _hidden(arch))]
    ch, _, _ = _unet_levels(arch)
    return [(2.0 * macs * tokens / 4.0**lvl, c)
            for lvl, (macs, c) in enumerate(zip(_unet_level_macs(arch), ch, strict=True))]


# UNet transformer layer (diffusers BasicTransformerBlock), multiply-accumulates per position
# in units of c^2 for a c-wide level: self-attention Q, K, V, out (4), cross-attention Q and
# out (2; K and V project the 77 prompt tokens once), GEGLU feed-forward c -> 2 x 4c -> c
# (8 + 4). Per transformer block add proj_in and proj_out (2). Source: diffusers
# models/attention.py BasicTransformerBlock, FeedForward(mult=4, activation_fn="geglu").
_UNET_TRANSFORMER_LAYER_MACS = 18.0
_UNET_TRANSFORMER_BLOCK_MACS = 2.0
# Prompt tokens a UNet's cross-attention attends to (CLIP's 77, SD 1.x/2.x/SDXL).
_UNET_PROMPT_TOKENS = 77.0


def _unet_level_macs(arch: Mapping[str, object]) -> list[float]:
    """Multiply-accumulates per position of each level (at that level's own resolution) of a
    diffusers UNet2DConditionModel: two ResNet blocks per level down, three up (their input
    concatenates the skip connection), a downsampling 3x3 convolution after every level but
    the deepest and an upsampling one before every level but the first, the middle block
    (ResNet, transformer, ResNet) at the deepest level, conv_in and conv_out (4 latent
    channels). A ResNet c_in -> c costs 9 c_in c + 9 c^2 (+ c_in c for the 1x1 shortcut)."""
    ch, layers, attn = _unet_levels(arch)
    n = len(ch)
    lin_ch = _num(arch.get("in_channels"), 4.0)
    macs = [0.0] * n

    def resnet(lvl: int, cin: float, cout: float) -> None:
        macs[lvl] += 9.0 * cin * cout + 9.0 * cout * cout + (cin * cout if cin != cout else 0.0)

    def transformer(lvl: int, t: float) -> None:
        c = ch[lvl]
        macs[lvl] += (_UNET_TRANSFORMER_LAYER_MACS * t + _UNET_TRANSFORMER_BLOCK_MACS) * c * c

    macs[0] += 2.0 * 9.0 * lin_ch * ch[0]  # conv_in, conv_out
    skips = [ch[0]]
    cin = ch[0]
    for lvl in range(n):
        for _ in range(2):
            resnet(lvl, cin, ch[lvl])
            cin = ch[lvl]
            if attn[lvl]:
                transformer(lvl, layers[lvl])
            skips.append(cin)
        if lvl < n - 1:
            macs[lvl + 1] += 9.0 * cin * cin  # stride-2 conv, output at the next level
            skips.append(cin)
    resnet(n - 1, ch[-1], ch[-1])
    transformer(n - 1, max(layers[-1], 1.0))
    resnet(n - 1, ch[-1], ch[-1])
    for lvl in reversed(range(n)):
        for _ in range(3):
            resnet(lvl, cin + skips.pop(), ch[lvl])
            cin = ch[lvl]
            if attn[lvl]:
                transformer(lvl, layers[lvl])
        if lvl > 0:
            macs[lvl - 1] += 9.0 * cin * cin  # nearest upsample, then a 3x3 conv
    return macs


def _unet_attention_flops(arch: Mapping[str, object], tokens: float) -> float:
    """FLOPs of a UNet pass's attention products (QK^T and AV: 4 x positions^2 x c per
    self-attention layer, 4 x positions x 77 x c per cross-attention), at each level's
    positions: quadratic in the latent positions."""
    ch, layers, attn = _unet_levels(arch)
    n = len(ch)
    total = 0.0
    for lvl in range(n):
        pos = tokens / 4.0**lvl
        # five blocks per level (two down, three up), plus the middle block at the deepest
        t = 5.0 * layers[lvl] * (1.0 if attn[lvl] else 0.0)
        if lvl == n - 1:
            t += max(layers[-1], 1.0)
        total += t * 4.0 * ch[lvl] * pos * (pos + _UNET_PROMPT_TOKENS)
    return total


def _unet_levels(arch: Mapping[str, object]) -> tuple[list[float], list[float], list[bool]]:
    """(channels, transformer layers per block, has cross-attention) of each UNet level.

    The cross-attention levels come from ``down_block_types`` where the architecture has it;
    else by layout: SD 1.x/2.x (four levels: CrossAttnDownBlock2D x 3, DownBlock2D) attend in
    every level but the deepest, SDXL (three levels: DownBlock2D, CrossAttnDownBlock2D x 2,
    stabilityai/stable-diffusion-xl-base-1.0 unet/config.json) in every level but the first,
    although its ``transformer_layers_per_block`` lists 1 for it."""
    chans = arch.get("block_out_channels")
    ch = [float(c) for c in chans] if isinstance(chans, list) and chans else [320.0, 640.0,
                                                                           1280.0, 1280.0]
    n = len(ch)
    types = arch.get("down_block_types")
    if isinstance(types, list) and len(types) == n:
        attn = ["CrossAttn" in str(t) for t in types]
    elif n == 3:
        attn = [False, True, True]
    else:
        attn = [True] * (n - 1) + [False] if n > 1 else [True]
    tl = arch.get("transformer_layers_per_block")
    ok = isinstance(tl, list) and len(tl) == n
    layers = [float(t) for t in tl] if isinstance(tl, list) and ok else [1.0] * n
    return ch, layers, attn


def denoiser_blocks(model: SizedModel) -> float:
    """Blocks one denoiser pass launches: a UNet's ResNet blocks and transformer layers (five
    blocks per level: two down, three up, plus the middle block), a DiT's layers."""
    den = denoiser(model)
    arch = (den.architecture or {}) if den else {}
    if is_unet(model):
        _, layers, attn = _unet_levels(arch)
        return (sum(5.0 * (1.0 + (t if a else 0.0)) for t, a in zip(layers, attn, strict=True))
                + 2.0 + max(layers[-1], 1.0))
    return _num(arch.get("num_layers"), 28.0) + _num(arch.get("num_single_layers"), 0.0)


def _sequence(model: SizedModel, tokens: float) -> float:
    """A DiT's sequence: the image tokens, plus the prompt where they share one (MMDiT)."""
    if model.family.lower() not in JOINT_TEXT_FAMILIES:
        return tokens
    text = max((_prompt_tokens(c, model) for c in model.components
                if c.role == "text_encoder" and "max_position_embeddings" not in
                (c.architecture or {})), default=0.0)
    return tokens + text


def denoiser_flops(model: SizedModel, width: int, height: int, frames: int | None = None
                   ) -> tuple[float, float]:
    """(linear FLOPs, attention FLOPs) of one denoiser pass for one image, no guidance.
    Attention is quadratic in the sequence: a DiT's ``4 x layers x hidden x sequence^2``, a
    UNet's summed over its cross-attention levels at each level's positions
    (``_unet_attention_flops``)."""
    lin = sum(f for f, _ in denoiser_parts(model, width, height, frames))
    den = denoiser(model)
    arch = (den.architecture or {}) if den else {}
    if is_unet(model):
        return lin, _unet_attention_flops(arch, denoiser_tokens(model, width, height, frames))
    layers = _num(arch.get("num_layers"), 28.0) + _num(arch.get("num_single_layers"), 0.0)
    seq = _sequence(model, denoiser_tokens(model, width, height, frames))
    if model.family.lower() in LINEAR_ATTENTION_FAMILIES:
        head = _num(arch.get("attention_head_dim"), 32.0)
        return lin, 4.0 * layers * _hidden(arch) * seq * head
    return lin, 4.0 * layers * _hidden(arch) * seq * seq


def diffusion_timing(model: SizedModel, *, width: int, height: int, steps: int, batch: int,
                     engine: str, peak_flops: float, peak16_flops: float, bandwidth: float,
                     denoiser_bits: float = 16.0, frames: int | None = None,
                     architecture: str = "", precision: str = "", gpu: str = ""
                     ) -> DiffusionTiming:
    """Time a pipeline for ``batch`` images on one GPU.

    ``peak_flops``: achievable dense FLOP/s of the denoiser's precision on the GPU (the
    engine's kernels); ``peak16_flops``: the same for 16-bit (text encoders, VAE);
    ``bandwidth``: effective bytes/s; ``denoiser_bits``: bits per denoiser weight;
    ``architecture``: the GPU's (``Hopper``, ...), for the attention kernels eager PyTorch
    has there; ``precision``: the weights' format id (its dequantization cost in eager
    diffusers, ``DEQUANT``); ``gpu``: the GPU's id (``SUSTAINED_TENSOR_SHARE``)."""
    paper_peak, paper_peak16 = peak_flops, peak16_flops
    share = SUSTAINED_TENSOR_SHARE.get(gpu, 1.0)
    peak_flops *= share
    peak16_flops *= share
    dq = DEQUANT.get(precision) if engine == "diffusers" else None
    batch = max(1, batch)
    steps = max(1, steps)
    cfg = 2 if uses_cfg(model) else 1
    stages: list[DiffusionStage] = []
    launch = denoiser_blocks(model) * LAUNCH_S_PER_BLOCK.get(engine, DEFAULT_LAUNCH_S_PER_BLOCK)

    for c in model.components:
        if c.role != "text_encoder":
            continue
        eta = _eff(STAGE_ETA["text_encoder"], peak16_flops, engine)
        flops = 2.0 * c.params * _prompt_tokens(c, model) * batch * cfg
        t_c = flops / (eta * peak16_flops)
        t_m = c.params * 2.0 / bandwidth
        stages.append(DiffusionStage(
            stage="text_encoder", component=c.name, runs=1, seconds=max(t_c, t_m),
            seconds_per_run=max(t_c, t_m), tflops_per_run=flops / 1e12,
            bound="compute" if t_c >= t_m else "memory",
            efficiency=flops / (max(t_c, t_m) * paper_peak16)))

    den = denoiser(model)
    lin, attn = denoiser_flops(model, width, height, frames)
    kind = "unet" if is_unet(model) else "dit"
    eta = _eff(STAGE_ETA[kind], peak_flops, engine)
    eta_attn = _eff(STAGE_ETA.get(f"{kind}_attention", STAGE_ETA[kind]), peak16_flops, engine)
    if engine == "diffusers":
        eta_attn *= EAGER_ATTENTION_ARCH_FACTOR.get(architecture, 1.0)
    n = batch * cfg
    # each part: its FLOPs plus its activation traffic (a narrow layer moves more bytes per
    # FLOP: intensity INTENSITY_PER_CHANNEL x width FLOPs per byte)
    lin_factor = dq.linear_factor if dq else 1.0
    t_c = n * (sum(f * (w + WIDTH_HALF) / w / (eta * peak_flops) * lin_factor
                   + f / (INTENSITY_PER_CHANNEL * w * bandwidth)
                   for f, w in denoiser_parts(model, width, height, frames))
               + attn / (eta_attn * peak16_flops))
    params = den.params if den else model.total_params
    t_m = params * denoiser_bits / 8 / bandwidth
    # dequantizing every weight once per call, on the GPU before its matmul (serial with it)
    t_c += params * dq.bytes_per_weight / bandwidth if dq else 0.0
    step = max(t_c, t_m, launch)
    stages.append(DiffusionStage(
        stage="denoiser", component=den.name if den else "denoiser", runs=steps,
        seconds=steps * step, seconds_per_run=step, tflops_per_run=n * (lin + attn) / 1e12,
        bound=("launch" if launch > max(t_c, t_m) else "compute" if t_c >= t_m else "memory"),
        efficiency=n * (lin + attn) / (step * paper_peak)))

    vae = next((c for c in model.components if c.role == "vae"), None)
    n_frames = frames if frames is not None else (model.num_frames or 1)
    mp = width * height / 1e6 * max(1, n_frames)
    eta_v = _eff(STAGE_ETA["vae_decode"], peak16_flops, engine)
    flops_v = batch * VAE_DECODE_FLOPS_PER_MP * mp
    t_v = flops_v / (eta_v * peak16_flops)
    stages.append(DiffusionStage(
        stage="vae_decode", component=vae.name if vae else "vae", runs=1, seconds=t_v,
        seconds_per_run=t_v, tflops_per_run=flops_v / 1e12, bound="compute",
        efficiency=eta_v))

    total = sum(s.seconds for s in stages)
    return DiffusionTiming(
        stages=tuple(stages), steps=steps, batch=batch, guidance_batch_factor=cfg,
        denoiser_tokens=denoiser_tokens(model, width, height, frames),
        latent_frames=latent_frames(model, frames), seconds_per_batch=total,
        seconds_per_image=total / batch, images_per_s=batch / total)


# Components that overflow in fp16 (activations past 65,504): T5 encoders (T5-XXL in FLUX,
# SD 3.x, PixArt; umT5 in Wan) were trained in bf16 ("All of our experiments use bfloat16
# activations", google-research/text-to-text-transfer-transformer#539; fp16 inf/nan in
# T5DenseReluDense, huggingface/transformers#5651, #4586), and the SDXL VAE (its
# vae/config.json sets force_upcast: diffusers decodes in fp32 unless the fp16-fix VAE,
# madebyollin/sdxl-vae-fp16-fix, is used).
# T5 and umT5 by their vocabularies (t5-v1_1-xxl 32128, umt5-xxl 256384: their config.json).
_T5_VOCAB = (32128, 256384)


def fp16_upcast(model: SizedModel) -> tuple[str, ...]:
    """Names of the components that must run in fp32 where the pipeline runs in fp16 (T5
    text encoders overflow in fp16: huggingface/transformers#5651, #4586)."""
    return tuple(c.name for c in model.components
                 if c.role == "text_encoder" and ((c.architecture or {}).get("vocab_size")
                                                  in _T5_VOCAB or "t5" in c.notes.lower()))


def vae_words(model: SizedModel, precision: Precision) -> str:
    """How the pipeline assumption says its VAE's precision, as diffusion_memory counts it
    (16-bit, fp32 with fp32 weights) and as the catalog lists it: a VAE the catalog lists at
    fp32 (SDXL's: force_upcast in its vae/config.json) is loaded at the pipeline's 16-bit
    dtype and, in an fp16 pipeline, cast to fp32 for the decode (diffusers'
    StableDiffusionXLPipeline: ``needs_upcasting = self.vae.dtype == torch.float16 and
    self.vae.config.force_upcast``, then ``upcast_vae()`` and back to fp16 after the decode).
    It said "VAE at 16-bit" with the catalog's fp32 unsaid."""
    if precision.scope == "all" and precision.bits_linear >= 32:
        return "VAE at fp32"
    upcast = [c for c in model.components if c.role == "vae" and c.default_precision == "fp32"]
    if not upcast:
        return "VAE at 16-bit"
    gb = sum(c.params for c in upcast) * 2 / 1e9
    return ("VAE weights counted at 16-bit, though the catalog lists it at fp32 (force_upcast "
            "in its config): diffusers casts it to fp32 for the decode in an fp16 pipeline, "
            f"{gb:.2f} GB more while it decodes, not counted")


def fp16_overflow_notes(model: SizedModel, has_bf16: bool) -> tuple[str, ...]:
    """Warnings for a pipeline run in fp16 on a GPU without bf16 (V100, T4): which component
    overflows there and what it costs (the memory of running it in fp32 is for the caller's
    memory model to add: 2 more bytes per weight that transformers keeps in fp32, a T5's
    ``wo`` projections, :func:`~service.domain.sizing.memory.fp32_kept_params`; it said the
    whole encoder, 9.5 GB for T5-XXL where it is 2.0 GB)."""
    if has_bf16:
        return ()
    out: list[str] = []
    for c in model.components:
        vocab = (c.architecture or {}).get("vocab_size")
        if c.role == "text_encoder" and (vocab in _T5_VOCAB or "t5" in c.notes.lower()):
            out.append(f"{c.name} (T5) overflows in fp16 and this GPU has no bf16: run it in "
                       f"fp32, {fp32_kept_params(c) * 2 / 1e9:.1f} GB more than in 16-bit "
                       "(huggingface/transformers#5651)")
        if c.role == "vae" and model.family.lower() in ("sdxl", "sdxl-turbo"):
            out.append("the SDXL VAE overflows in fp16 (its config forces an fp32 upcast for "
                       "the decode): use the fp16-fix VAE (madebyollin/sdxl-vae-fp16-fix) or "
                       f"decode in fp32, {c.params * 2 / 1e9:.2f} GB more weights and a slower "
                       "decode")
    return tuple(out)


SIXTEEN_BIT_COMPUTE = ("fp16", "bf16", "fp32")


def untimed_compute_warning(engine: str, precision: str, compute: str, timed_by: str
                            ) -> str | None:
    """Where ``engine``'s kernels run ``precision`` with ``compute`` matmuls (FP8, FP4: its
    kernel rule in catalog/kernels.toml) but the pipeline is timed as ``timed_by`` (sizing
    times every diffusion pipeline with the default engine, eager diffusers, whose matmuls
    run in 16-bit: ``speed.diffusion_pipeline``), what the answer does not count. FLUX.1-dev
    nvfp4 with TensorRT-LLM on a B200 read as FP4 tensor cores (its kernel rule) and took
    2.87 s, bf16's time to the hundredth, with nothing saying so. None where nothing is
    missed (16-bit compute, or the engine is the one timed)."""
    if engine == timed_by or compute in SIXTEEN_BIT_COMPUTE:
        return None
    low = compute.upper()
    return (f"{engine} runs {precision} with {low} matmuls, but diffusion pipelines are timed "
            f"as {timed_by} (eager PyTorch, 16-bit matmuls): seconds_per_image counts no "
            f"{low} tensor-core speed-up nor a compiled engine's, so it is {timed_by}'s time, "
            "not this engine's (not modelled)")


__all__ = [
    "DEQUANT",
    "SIXTEEN_BIT_COMPUTE",
    "SUSTAINED_TENSOR_SHARE",
    "DiffusionStage",
    "DiffusionTiming",
    "denoiser_flops",
    "denoiser_tokens",
    "diffusion_timing",
    "fp16_overflow_notes",
    "fp16_upcast",
    "latent_frames",
    "stage_efficiency",
    "untimed_compute_warning",
    "uses_cfg",
    "vae_words",
]
