"""Speed of audio pipelines by stage: Whisper (speech to text), MusicGen and Bark (generation).

An autoregressive stage runs ``steps per audio second`` decode steps; each step of a batch of
``b`` sequences reads every weight of its decoder once (``bytes / (eta_mem x BW)``, never less
than the engine's kernel time per matrix), reads each sequence's attention cache, pays the
engine's per-step overhead, and is compute-bound only when ``2 x params x b`` FLOPs take longer.
Encoders (Whisper's 30 s windows, Bark's non-causal fine model) are compute-bound and batch.
A batch amortizes the weight reads: the speed grows with the batch until the per-sequence
costs (cache reads, FLOPs, per-sequence work of the generate loop) dominate.

Sources of the constants are next to them; published end-to-end figures the model is checked
against (tests/unit/test_audio_model.py):

* insanely-fast-whisper README (github.com/Vaibhavs10/insanely-fast-whisper): Whisper large-v3,
  transformers fp16, batch 24, Flash Attention 2, A100 80GB: 150 min of audio in 1 min 38 s
  (~92x real time); Faster Whisper fp16 beam 1: 9 min 23 s (~16x).
* faster-whisper README (github.com/SYSTRAN/faster-whisper, v1.1.0 benchmark, RTX 3070 Ti):
  large-v2, 13 min of audio, transformers (SDPA) fp16 beam 5: 1 min 52 s (~7x); faster-whisper
  fp16 1 min 03 s, int8 59 s (int8 barely faster), batch 8: 17 s / 16 s.
* suno-ai/bark README ("Hardware and Inference Speed"): "On enterprise GPUs and PyTorch
  nightly, Bark can generate audio in roughly real-time".

A latent audio diffusion model (Stable Audio Open: a DiT over the latent frames of an Oobleck
VAE) is no autoregressive pipeline: it is timed as :mod:`diffusion_speed` times an image DiT,
``steps`` x (classifier-free guidance x one DiT pass over the latent frames) plus the VAE
decode, each at the diffusion pipeline's fitted share of the dense peak. No published
Stable Audio timing is in the calibration data; the test checks the FLOP ceiling.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from service.domain.base import Out
from service.domain.catalog.engines import EngineSpeed
from service.domain.catalog.models import Component
from service.domain.catalog.precisions import Precision
from service.domain.sizing.diffusion_speed import (
    DEFAULT_LAUNCH_S_PER_BLOCK,
    DEQUANT,
    EAGER_ATTENTION_ARCH_FACTOR,
    INTENSITY_PER_CHANNEL,
    LAUNCH_S_PER_BLOCK,
    SUSTAINED_TENSOR_SHARE,
    WIDTH_HALF,
    stage_efficiency,
    uses_cfg,
)
from service.domain.sizing.memory import SizedModel, denoiser

# --- Whisper ---------------------------------------------------------------------------------
WHISPER_WINDOW_S = 30.0
"""Whisper encodes 30 s log-mel windows (3000 frames -> 1500 encoder positions): the model
card and config (max_source_positions 1500)."""
WHISPER_NEW_AUDIO_S = {"transformers": 20.0}
"""New audio per window: the transformers ASR pipeline chunks long audio with
``chunk_length_s=30`` and ``stride_length_s`` defaulting to ``chunk_length_s / 6`` (5 s each
side: transformers AutomaticSpeechRecognitionPipeline docs), so a window adds 20 s; other
engines are given 30 s windows without overlap."""
SPEECH_WORDS_PER_S = 150 / 60
"""Average English speaking rate ~150 words per minute (National Center for Voice and Speech,
as cited e.g. lisabmarshall.com/2014/01/23/how-fast-do-i-speak-update)."""
TOKENS_PER_WORD = 4 / 3
"""OpenAI's rule of thumb for its GPT-2-style BPE, which Whisper's tokenizer is: 1 token ~
3/4 of an English word (help.openai.com "What are tokens and how to count them")."""
TEXT_TOKENS_PER_AUDIO_S = SPEECH_WORDS_PER_S * TOKENS_PER_WORD
"""~3.3 text tokens per second of speech (more for dense or non-English speech)."""
WHISPER_PROMPT_STEPS = 2
"""Per window: one forward pass over the start prompt (<|startoftranscript|>, language, task,
<|notimestamps|>) and one for <|endoftext|>."""
WHISPER_SEQ_STEP_S = {"transformers": 1.25e-3}
"""Per sequence and decode step: transformers' Whisper generate runs its timestamp logits
processor in a Python loop over the batch (``for k in range(input_ids.shape[0])`` with a
``.tolist()`` host sync, transformers generation/logits_process.py
WhisperTimeStampLogitsProcessor). Fitted so that large-v3 at batch 24 on an A100 80GB gives the
insanely-fast-whisper figure (~92x real time); the same constant gives ~15-20x at batch 1."""

# --- MusicGen --------------------------------------------------------------------------------
MUSICGEN_GUIDANCE_BATCH = 2
"""Classifier-free guidance (guidance_scale 3.0 in facebook/musicgen-* generation_config.json)
runs a conditional and an unconditional sequence per clip: the decoder batch doubles."""

# --- Bark ------------------------------------------------------------------------------------
BARK_SEMANTIC_HZ = 49.9
BARK_COARSE_HZ = 75.0
BARK_COARSE_CODEBOOKS = 2
BARK_FINE_CODEBOOKS = 8
BARK_WINDOW = 1024
"""suno-ai/bark bark/generation.py: SEMANTIC_RATE_HZ 49.9, COARSE_RATE_HZ 75,
N_COARSE_CODEBOOKS 2 (the coarse GPT emits them one token at a time, interleaved: 150 steps
per audio second), N_FINE_CODEBOOKS 8, CONTEXT_WINDOW_SIZE 1024; generate_fine runs one
non-causal pass over a 1024-frame window per fine codebook (3 to 8), the window advancing 512
frames."""
BARK_FINE_STRIDE = 512

# --- Latent audio diffusion (Stable Audio Open) ----------------------------------------------
LATENT_AUDIO_DEFAULT_STEPS = 100
"""Where the model states none: diffusers StableAudioPipeline ``num_inference_steps`` default
(pipeline_stable_audio.py)."""
LATENT_AUDIO_GLOBAL_TOKENS = 1
"""The DiT prepends one global token (timing and timestep) to the latent frames: the pipeline
builds its rotary embedding over ``latents.shape[2] + audio_duration_embeds.shape[1]``
positions (diffusers pipeline_stable_audio.py)."""

# --- Kernels -------------------------------------------------------------------------------
BNB_SLOWDOWN = {"int8": 2.5, "bnb-int8": 2.5, "nf4": 1.57, "nf4-no-dq": 1.57}
"""transformers loads 8-bit and 4-bit weights through bitsandbytes: LLM.int8() (outlier
decomposition, int8 matmul, dequantize) measured 2.5x slower than fp16 on a 494M decoder and
a 149M encoder, NF4 1.57x (earino.github.io/applied-deep-learning "Your int8 Quantization Is
2.5x Slower Than fp16", T4; the LLM.int8() paper reports the slowdown too). Applied to the
matmul kernels of the transformers engine; weights are read at their own bits."""


class AudioStage(Out, frozen=True, kw_only=True):
    stage: str
    seconds_per_audio_s: float
    """GPU seconds this stage takes per second of audio (at the batch)."""
    steps_per_audio_s: float | None = None
    step_ms: float | None = None
    bound: str
    """What dominates the stage: memory (weight and cache reads), compute (FLOPs) or launch
    (the engine's kernel floors and per-step overheads)."""


class AudioTiming(Out, frozen=True, kw_only=True):
    stages: list[AudioStage]
    batch: int
    audio_seconds_per_s: float
    bound: str


Split = dict[str, float]
"""Seconds by what bounds them: memory, compute, launch."""


def _split(memory: float = 0.0, compute: float = 0.0, launch: float = 0.0) -> Split:
    return {"memory": memory, "compute": compute, "launch": launch}


def _bound(s: Split) -> str:
    return max(s, key=lambda x: s[x])


class AudioKernels:
    """What one GPU and engine give a stage: the effective bandwidth, the compute rate, the
    engine's kernel floor and per-step overhead, the bitsandbytes slowdown where it applies."""

    def __init__(self, speed: EngineSpeed, engine_id: str, precision: Precision,
                 bandwidth_b_s: float, flops_s: float) -> None:
        self.bw = bandwidth_b_s
        self.flops = flops_s * speed.eta_compute
        self.t_kernel = speed.t_kernel_us * 1e-6
        self.small = speed.small_kernels_per_layer
        self.overhead = speed.step_overhead_ms * 1e-3
        self.engine = engine_id
        self.bits = precision.bits_linear
        self.slowdown = (BNB_SLOWDOWN.get(precision.id, 1.0) if engine_id == "transformers"
                         else 1.0)


def _arch(c: Component | None) -> dict[str, int | float | str | bool | list[int]]:
    return (c.architecture or {}) if c is not None else {}


def _int(a: dict[str, int | float | str | bool | list[int]], key: str, default: int = 0
         ) -> int:
    v = a.get(key, default)
    return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else default


def decode_step(c: Component, k: AudioKernels, batch: int, context: int,
                cross_positions: int, seq_step_s: float = 0.0) -> tuple[float, Split]:
    """Seconds of one decode step of ``batch`` sequences through decoder ``c``: each weight
    matrix read once per step (or its FLOPs, when the batch makes those longer), the engine's
    kernel floor per matrix and small kernels per layer, the LM head(s), each sequence's self-
    attention cache at ``context`` tokens and cross-attention cache over ``cross_positions``
    (16-bit), the per-step overhead and ``seq_step_s`` per sequence."""
    a = _arch(c)
    h, layers, ffn = _int(a, "hidden_size"), _int(a, "num_layers"), _int(a, "intermediate_size")
    mats = [h * h] * 4 + ([h * h] * 2 if a.get("cross_attention") else []) + [h * ffn] * 2
    mem = floor = 0.0
    for m in mats:
        t = m * k.bits / 8 / k.bw
        if t >= k.t_kernel:
            mem += t
        else:
            floor += k.t_kernel
    heads = max(1, _int(a, "num_codebooks", 1))
    vocab = _int(a, "output_vocab_size") or _int(a, "vocab_size")
    # bitsandbytes matmuls: the measured slowdown on the matmul kernels
    mem = layers * mem * k.slowdown + heads * vocab * h * 2 / k.bw
    floor = layers * floor * k.slowdown + layers * k.small * k.t_kernel
    compute = 2.0 * c.params * batch / k.flops * k.slowdown
    cache = batch * layers * 2 * (context + cross_positions) * h * 2 / k.bw
    fixed = k.overhead + seq_step_s * batch
    if compute > mem + floor:
        s = _split(memory=cache, compute=compute, launch=fixed)
    else:
        s = _split(memory=mem + cache, launch=floor + fixed)
    return sum(s.values()), s


def encoder_pass(params: float, layers: int, width: int, positions: int, batch: int,
                 k: AudioKernels) -> tuple[float, Split]:
    """Seconds of one non-causal pass of ``batch`` inputs of ``positions`` positions: linear
    FLOPs 2 x params x positions plus attention 4 x layers x width x positions^2 each, at the
    engine's compute share; never less than reading the weights once."""
    flops = batch * (2.0 * params * positions + 4.0 * layers * width * positions ** 2)
    compute = flops / k.flops * k.slowdown
    read = params * k.bits / 8 / k.bw
    if compute >= read:
        return compute, _split(compute=compute)
    return read, _split(memory=read)


def _part(model: SizedModel, role: str, name: str | None = None) -> Component | None:
    return next((c for c in model.components if c.role == role
                 and (name is None or c.name == name)), None)


def _stage(name: str, seconds: float, split: Split, per_audio_s: float,
           steps_per_audio_s: float | None = None, step_s: float | None = None
           ) -> tuple[AudioStage, Split]:
    """A stage whose unit (a step, a pass) takes ``seconds`` (``split``), ``per_audio_s``
    units per second of audio."""
    scaled = {x: v * per_audio_s for x, v in split.items()}
    return (AudioStage(stage=name, seconds_per_audio_s=seconds * per_audio_s,
                       steps_per_audio_s=steps_per_audio_s,
                       step_ms=step_s * 1e3 if step_s is not None else None,
                       bound=_bound(split)), scaled)


def _whisper(model: SizedModel, k: AudioKernels, batch: int) -> list[tuple[AudioStage, Split]]:
    enc, dec = _part(model, "encoder"), _part(model, "decoder")
    assert enc is not None and dec is not None
    ea = _arch(enc)
    positions = _int(ea, "max_source_positions", 1500)
    new_audio = WHISPER_NEW_AUDIO_S.get(k.engine, WHISPER_WINDOW_S)
    windows = 1.0 / (batch * new_audio)  # batches of windows per audio second
    t_enc, s_enc = encoder_pass(enc.params, _int(ea, "num_layers"), _int(ea, "hidden_size"),
                                positions, batch, k)
    steps = TEXT_TOKENS_PER_AUDIO_S * WHISPER_WINDOW_S + WHISPER_PROMPT_STEPS
    t_step, s_step = decode_step(dec, k, batch, int(steps // 2), positions,
                                 WHISPER_SEQ_STEP_S.get(k.engine, 0.0))
    return [_stage("encoder", t_enc, s_enc, windows),
            _stage("decoder", t_step, s_step, steps * windows, steps / new_audio, t_step)]


def _musicgen(model: SizedModel, k: AudioKernels, batch: int
              ) -> list[tuple[AudioStage, Split]]:
    dec = _part(model, "decoder")
    assert dec is not None
    ca = _arch(_part(model, "codec"))
    rate = float(_int(ca, "frame_rate", 50))
    # the delay pattern emits every codebook of a frame in one step (one head per codebook):
    # one step per codec frame; the guidance pass doubles the sequences a step carries
    t, s = decode_step(dec, k, batch * MUSICGEN_GUIDANCE_BATCH,
                       _int(_arch(dec), "max_position_embeddings") // 2, 0)
    return [_stage("decoder", t, s, rate / batch, rate, t)]


def _bark(model: SizedModel, k: AudioKernels, batch: int) -> list[tuple[AudioStage, Split]]:
    sem = _part(model, "decoder", "semantic")
    coarse = _part(model, "decoder", "coarse_acoustics")
    fine = _part(model, "decoder", "fine_acoustics")
    assert sem is not None and coarse is not None and fine is not None
    half = BARK_WINDOW // 2  # the mean self-attention context of a stage
    out = []
    for name, c, rate in (("semantic", sem, BARK_SEMANTIC_HZ),
                          ("coarse", coarse, BARK_COARSE_HZ * BARK_COARSE_CODEBOOKS)):
        t, s = decode_step(c, k, batch, half, 0)
        out.append(_stage(name, t, s, rate / batch, rate, t))
    fa = _arch(fine)
    t, s = encoder_pass(fine.params, _int(fa, "num_layers"), _int(fa, "hidden_size"),
                        BARK_WINDOW, batch, k)
    passes = (BARK_FINE_CODEBOOKS - BARK_COARSE_CODEBOOKS) * BARK_COARSE_HZ / BARK_FINE_STRIDE
    out.append(_stage("fine", t, s, passes / batch))
    return out


def _ints(a: dict[str, int | float | str | bool | list[int]], key: str) -> list[int]:
    v = a.get(key)
    return [int(x) for x in v] if isinstance(v, list) else []


class LatentAudio(NamedTuple):
    """What a latent audio diffusion model's architecture says about its clips: latent frames
    per second of audio (the VAE's sampling rate over its total downsampling), the latent
    window the DiT denoises per clip (its ``sample_size``) and the VAE decode's FLOPs per
    latent frame (0: not known, not timed)."""

    frames_per_audio_s: float
    window_frames: int
    decode_flops_per_frame: float

    @property
    def clip_s(self) -> float:
        return self.window_frames / self.frames_per_audio_s


def latent_audio(model: SizedModel) -> LatentAudio | None:
    """The clip geometry of a latent audio diffusion model (a denoiser with its layers, width
    and ``sample_size``, a VAE with its sampling rate and downsampling ratios, in the
    catalog), else None.

    The pipeline always denoises the DiT's whole ``sample_size`` window and crops the decoded
    waveform to the clip asked for (diffusers StableAudioPipeline: ``waveform_length =
    transformer.config.sample_size``, ``audio[:, :, waveform_start:waveform_end]``), so a
    shorter clip costs as much as a full one."""
    den, vae = denoiser(model), _part(model, "vae")
    va, da = _arch(vae), _arch(den)
    ratios = _ints(va, "downsampling_ratios")
    rate, window = _int(va, "sampling_rate"), _int(da, "sample_size")
    wide = _int(da, "hidden_size") or _int(da, "num_attention_heads") * _int(
        da, "attention_head_dim")
    if den is None or not ratios or not rate or not window or not wide or not _int(
            da, "num_layers"):
        return None
    return LatentAudio(rate / math.prod(ratios), window, oobleck_decode_flops_per_frame(va))


def clip_windows(model: SizedModel, seconds: float | None) -> tuple[int, float] | None:
    """The whole windows a fixed-window generator denoises for one clip of ``seconds`` (None:
    a clip of no stated length, one window) and the window's length in seconds; None for a
    model whose time grows with the audio asked (pro rata), or no generator.

    Fixed-window: a latent audio diffusion model (Stable Audio Open, :func:`latent_audio`).
    diffusers' StableAudioPipeline always denoises the DiT's whole ``sample_size`` window
    (``waveform_length = int(self.transformer.config.sample_size)``) and crops the decoded
    waveform to the clip asked (``audio[:, :, waveform_start:waveform_end]``), so a clip up to
    the window costs a full one; it refuses a longer clip in one call (``audio_end_in_s -
    audio_start_in_s > max_audio_length_in_s`` raises a ValueError: huggingface/diffusers
    src/diffusers/pipelines/stable_audio/pipeline_stable_audio.py), so longer audio is
    ``ceil(seconds / window)`` separate clips, each a full window (never capped at one: the
    audio asked is made, in pieces).

    Pro rata (None): MusicGen is autoregressive, one decoder step per codec frame for as many
    frames as the duration asked (transformers' ``max_new_tokens``, audiocraft's
    ``duration``); Bark's semantic and coarse GPTs decode until the text's audio ends (its
    fine model pads a short clip to one 1,024-frame window, transformers
    BarkFineModel.generate ``n_remove_from_end``: a minor stage, left pro rata); Whisper
    transcribes, its own 30 s windows counted in its speed. The catalog holds no AudioLDM and
    no other TTS model."""
    la = latent_audio(model) if model.family not in STAGED_FAMILIES else None
    if la is None or la.clip_s <= 0:
        return None
    if not seconds or seconds <= 0:
        return 1, la.clip_s
    # (a hair under a whole window is one: 47.55 s asked of a 47.554 s window)
    return max(1, math.ceil(seconds / la.clip_s - 1e-6)), la.clip_s


def oobleck_decode_flops_per_frame(a: dict[str, int | float | str | bool | list[int]]
                                   ) -> float:
    """FLOPs of an Oobleck decoder (diffusers AutoencoderOobleck, autoencoder_oobleck.py) per
    latent frame: a kernel-7 convolution from the latent channels, then per upsampling ratio
    (the encoder's reversed) a transposed convolution (kernel 2 x stride: 2 x c_in x c_out
    multiply-accumulates per output sample) and three residual units (a kernel-7 and a
    kernel-1 convolution: 8 x c^2 each), a kernel-7 convolution to the audio channels. ~5 GFLOP
    per frame for Stable Audio Open, ~108 GFLOP per second of audio; 0 where the architecture
    lacks a field (the decode is then not timed)."""
    ratios = _ints(a, "downsampling_ratios")[::-1]
    mult = [1, *_ints(a, "channel_multiples")]
    ch = _int(a, "decoder_channels")
    if not ratios or len(mult) != len(ratios) + 1 or not ch:
        return 0.0
    macs = float(_int(a, "decoder_input_channels") * ch * mult[-1] * 7)
    samples = 1.0  # output samples per latent frame so far
    for i, stride in enumerate(ratios):
        c_in, c_out = ch * mult[len(ratios) - i], ch * mult[len(ratios) - i - 1]
        samples *= stride
        macs += samples * (2 * c_in * c_out + 3 * 8 * c_out * c_out)
    macs += samples * ch * _int(a, "audio_channels", 2) * 7
    return 2.0 * macs


def _latent_diffusion(model: SizedModel, k: AudioKernels, p: Precision, la: LatentAudio,
                      peak_flops: float, steps: int, batch: int, gpu_id: str,
                      architecture: str) -> list[tuple[AudioStage, Split]]:
    """``steps`` DiT steps and one VAE decode for ``batch`` clips, timed as
    :func:`diffusion_speed.diffusion_timing` times an image DiT (its fitted constants): a step
    runs ``batch`` x the guidance factor sequences of the latent window plus the global
    token, linear FLOPs ``2 x params x tokens`` at the DiT share of the peak narrowed by the
    width (``WIDTH_HALF``) plus their activation traffic, attention ``4 x layers x hidden x
    tokens^2`` at the attention kernels' share; never faster than reading the weights nor
    than the host launches its layers in an eager pipeline. ``peak_flops``: the dense peak
    the matmuls run at (no engine share applied: the stage shares are the diffusion fit's);
    the T5 prompt encoding (a 110M-parameter pass per clip) and cross-attention over the
    prompt (~1 % of a step's FLOPs) are not timed."""
    den = denoiser(model)
    assert den is not None
    a = _arch(den)
    # the eager PyTorch engines run the diffusers pipeline (StableAudioPipeline)
    engine = "diffusers" if k.engine in ("transformers", "diffusers") else k.engine
    peak = peak_flops * SUSTAINED_TENSOR_SHARE.get(gpu_id, 1.0)
    cfg = 2 if uses_cfg(model) else 1
    n = batch * cfg
    hidden = float(_int(a, "hidden_size") or _int(a, "num_attention_heads")
                   * _int(a, "attention_head_dim"))
    layers = _int(a, "num_layers")
    tokens = la.window_frames + LATENT_AUDIO_GLOBAL_TOKENS
    lin = 2.0 * den.params * tokens
    attn = 4.0 * layers * hidden * tokens ** 2
    eta = stage_efficiency("dit", engine)
    eta_attn = stage_efficiency("dit_attention", engine)
    dq = DEQUANT.get(p.id) if engine == "diffusers" else None
    if engine == "diffusers":
        eta_attn *= EAGER_ATTENTION_ARCH_FACTOR.get(architecture, 1.0)
    lin_factor = dq.linear_factor if dq else 1.0
    t_c = n * (lin * (hidden + WIDTH_HALF) / hidden / (eta * peak) * lin_factor
               + lin / (INTENSITY_PER_CHANNEL * hidden * k.bw)
               + attn / (eta_attn * peak))
    t_c += den.params * dq.bytes_per_weight / k.bw if dq else 0.0
    t_m = den.params * p.bits_linear / 8 / k.bw
    launch = layers * LAUNCH_S_PER_BLOCK.get(engine, DEFAULT_LAUNCH_S_PER_BLOCK)
    step = max(t_c, t_m, launch)
    s_step = (_split(launch=step) if launch > max(t_c, t_m)
              else _split(compute=step) if t_c >= t_m else _split(memory=step))
    clips = batch * la.clip_s  # audio seconds one batch makes
    parts = [_stage("denoiser", step, s_step, steps / clips, steps / la.clip_s, step)]
    if la.decode_flops_per_frame:
        t_v = (batch * la.decode_flops_per_frame * la.window_frames
               / (stage_efficiency("vae_decode", engine) * peak))
        parts.append(_stage("vae_decode", t_v, _split(compute=t_v), 1.0 / clips))
    return parts


STAGED_FAMILIES = ("whisper", "musicgen", "bark")


def audio_timing(model: SizedModel, p: Precision, speed: EngineSpeed, engine_id: str,
                 bandwidth_b_s: float, flops_s: float, batch: int, *,
                 steps: int | None = None, gpu_id: str = "", architecture: str = ""
                 ) -> AudioTiming | None:
    """The pipeline of a Whisper, MusicGen or Bark model, or of a latent audio diffusion
    model (Stable Audio), stage by stage for ``batch`` windows (Whisper) or clips
    (generation) on one GPU (``bandwidth_b_s``: the engine's effective bytes/s; ``flops_s``:
    the dense peak its matmuls run at); None for another audio family. The codec (EnCodec)
    decode and MusicGen's T5 prompt encoding are not timed (one small pass per clip).

    Latent diffusion only: ``steps`` (default: the model's, else
    ``LATENT_AUDIO_DEFAULT_STEPS``), ``gpu_id`` (a power-capped board's sustained tensor
    share) and ``architecture`` (``Hopper``: the eager attention kernels' share), as
    :func:`diffusion_speed.diffusion_timing` takes them."""
    la = latent_audio(model) if model.family not in STAGED_FAMILIES else None
    if model.family not in STAGED_FAMILIES and la is None:
        return None
    b = max(1, batch)
    k = AudioKernels(speed, engine_id, p, bandwidth_b_s, flops_s)
    if la is not None:
        parts = _latent_diffusion(model, k, p, la, flops_s,
                                  max(1, steps or model.default_steps
                                      or LATENT_AUDIO_DEFAULT_STEPS),
                                  b, gpu_id, architecture)
    elif model.family == "whisper":
        parts = _whisper(model, k, b)
    elif model.family == "musicgen":
        parts = _musicgen(model, k, b)
    else:
        parts = _bark(model, k, b)
    total = sum(st.seconds_per_audio_s for st, _ in parts)
    split = _split()
    for _, s in parts:
        for x, v in s.items():
            split[x] += v
    return AudioTiming(stages=[st for st, _ in parts], batch=b,
                       audio_seconds_per_s=1.0 / total if total > 0 else math.inf,
                       bound=_bound(split))


FASTER_WHISPER_INT8 = (
    "faster-whisper (CTranslate2) int8, which runs at about fp16 speed (its README, large-v2 "
    "on 13 min of audio on an RTX 3070 Ti: 63 s at fp16 and 59 s at int8, "
    "github.com/SYSTRAN/faster-whisper), is not modelled: no CTranslate2 engine in the "
    "catalog")
"""What a Whisper answer at 8 bits on transformers says of the engine it is not (audit
media2 #7: "faster-whisper int8" answered as 35.2 h/h on a T4, below fp16's 47.4)."""


def _bnb_words(model: SizedModel, engine_id: str, precision: str) -> str:
    """Which kernels an 8- or 4-bit figure on transformers is for (``BNB_SLOWDOWN``): the
    bitsandbytes matmuls, slower than fp16 on this engine; for Whisper at 8 bits, that
    faster-whisper's int8 is another engine, not modelled."""
    slow = BNB_SLOWDOWN.get(precision)
    if engine_id != "transformers" or slow is None:
        return ""
    kind = ("bitsandbytes LLM.int8()" if precision in ("int8", "bnb-int8")
            else "bitsandbytes NF4")
    out = (f"; {precision} is timed as transformers' {kind} (its matmuls {slow:g}x slower "
           "than fp16, so slower than fp16 on this engine)")
    if model.family == "whisper" and precision in ("int8", "bnb-int8"):
        out += "; " + FASTER_WHISPER_INT8
    return out


def audio_speed_reason(model: SizedModel, engine_id: str, steps: int | None = None,
                       precision: str = "") -> str:
    """The assumption's reason: what was assumed for this family (``steps``: a latent
    diffusion model's, as :func:`audio_timing` took them; ``precision``: the weights timed,
    naming the bitsandbytes kernels an 8- or 4-bit figure on transformers is for)."""
    la = latent_audio(model) if model.family not in STAGED_FAMILIES else None
    if la is not None:
        n = max(1, steps or model.default_steps or LATENT_AUDIO_DEFAULT_STEPS)
        cfg = ("classifier-free guidance doubles the DiT batch (diffusers StableAudioPipeline "
               "guidance_scale 7.0)" if uses_cfg(model) else "no guidance pass")
        return (f"{engine_id}: latent diffusion, timed as a diffusion pipeline: {n} steps x "
                f"one DiT pass, {cfg}, each pass 2 x DiT params x "
                f"{la.window_frames + LATENT_AUDIO_GLOBAL_TOKENS} tokens plus attention at "
                "the fitted DiT share of the dense peak (never under the weight reads or the "
                "eager launch time per layer), plus one VAE decode; "
                f"{la.frames_per_audio_s:.1f} latent frames per second of audio (the VAE's "
                "sampling rate over its downsampling, catalog entry); the pipeline denoises "
                f"its whole {la.window_frames}-frame window ({la.clip_s:.1f} s) and crops, "
                "so the rate is for full-length clips (a shorter clip takes as long); the "
                "batch is clips generated together; the T5 prompt encoding is not timed")
    common = (f"{engine_id}: each decode step reads every decoder weight once at the "
              "engine's share of the bandwidth (never under its kernel time per matrix) plus "
              "each sequence's attention cache and the per-step overhead; a batch shares the "
              "weight reads; encoders are compute-bound")
    if model.family == "whisper":
        new_audio = WHISPER_NEW_AUDIO_S.get(engine_id, WHISPER_WINDOW_S)
        return (f"{common}. Whisper: 30 s windows ({new_audio:g} s of new audio each), "
                f"{TEXT_TOKENS_PER_AUDIO_S:.1f} text tokens per second of speech (150 words "
                "per minute x 4/3 tokens per word) + 2 prompt/end steps per window, greedy "
                "decoding (beam search is slower); the batch is windows decoded together"
                + _bnb_words(model, engine_id, precision))
    if model.family == "musicgen":
        return (f"{common}. MusicGen: one decoder step per 50 Hz codec frame (the delay "
                "pattern emits the 4 codebooks together), classifier-free guidance doubles "
                "the decoder batch; the batch is clips generated together"
                + _bnb_words(model, engine_id, precision))
    return (f"{common}. Bark: semantic GPT {BARK_SEMANTIC_HZ:g} tokens/s, coarse GPT "
            f"{BARK_COARSE_HZ:g} Hz x {BARK_COARSE_CODEBOOKS} codebooks = "
            f"{BARK_COARSE_HZ * BARK_COARSE_CODEBOOKS:g} steps/s, fine model "
            f"{BARK_FINE_CODEBOOKS - BARK_COARSE_CODEBOOKS} non-causal passes per "
            f"{BARK_FINE_STRIDE}-frame window; the batch is clips generated together"
            + _bnb_words(model, engine_id, precision))


AUDIO_JOB_BATCH = 24
"""Windows or clips a replica runs together for a batch job: insanely-fast-whisper's
published batch (``batch_size 24``, README); fewer where memory holds fewer."""


def cache_bytes_per_sequence(model: SizedModel) -> float:
    """16-bit attention cache one sequence holds: Whisper's decoder self-attention (at most
    max_target_positions) plus cross-attention over the encoder positions; each
    autoregressive GPT of MusicGen and Bark over its context."""
    total = 0.0
    enc = _part(model, "encoder")
    cross = _int(_arch(enc), "max_source_positions") if enc is not None else 0
    for c in model.components:
        if c.role != "decoder" or c.name == "fine_acoustics":
            continue
        a = _arch(c)
        ctx = _int(a, "max_target_positions") or _int(a, "max_position_embeddings")
        total += _int(a, "num_layers") * 2 * (ctx + cross) * _int(a, "hidden_size") * 2
    return total
