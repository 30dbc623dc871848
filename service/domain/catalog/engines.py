"""Inference engines as data: one ``[[engine]]`` table per engine in ``catalog/engines.toml``.

Everything the sizing code knows about an engine lives on its :class:`Engine` entry: how much
memory it claims, how it profiles activations, how it splits a model over GPUs, its speed
constants and which models it is the default for. Adding an engine is one table in the TOML
file (plus its tests); no code tests an engine by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Annotated, Literal

import msgspec

from service.domain.catalog.names import NameIndex, norm
from service.domain.catalog.precisions import KV_TYPES
from service.domain.errors import InvalidInput

EngineId = Annotated[str, msgspec.Meta(min_length=1, max_length=40,
                                       pattern=r"^[a-z0-9][a-z0-9.\-]*$")]
Fraction = Annotated[float, msgspec.Meta(gt=0, le=1)]
Positive = Annotated[float, msgspec.Meta(gt=0)]
NonNegative = Annotated[float, msgspec.Meta(ge=0)]
Share = Annotated[float, msgspec.Meta(gt=0, le=1)]


class ProfileTokens(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Tokens in the engine's activation-profiling pass: ``fixed`` tokens (llama.cpp's
    512-token micro-batch), or the request's context clamped to ``[min, max]`` (vLLM's
    max_num_batched_tokens); with neither, the whole context."""

    fixed: Annotated[int, msgspec.Meta(ge=1)] | None = None
    min: Annotated[int, msgspec.Meta(ge=1)] | None = None
    max: Annotated[int, msgspec.Meta(ge=1)] | None = None

    def __post_init__(self) -> None:
        if self.fixed is not None and (self.min is not None or self.max is not None):
            raise ValueError("profile_tokens: give `fixed` or `min`/`max`, not both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("profile_tokens: min must not exceed max")

    def tokens(self, context: int) -> int:
        if self.fixed is not None:
            return self.fixed
        t = context
        if self.min is not None:
            t = max(t, self.min)
        if self.max is not None:
            t = min(t, self.max)
        return t


class EngineSpeed(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The engine's speed constants (fitted on calibration.csv, see the entry's ``source``)."""

    eta_mem: Share
    """Share of peak memory bandwidth the decode kernels reach."""
    bw_cap_gb_s: Positive | None = None
    """Bandwidth the engine's kernels do not exceed whatever the GPU (llama.cpp's quantized
    mat-vec kernels top out near 1.3 TB/s on A100/H100)."""
    t_kernel_us: Positive
    """Minimum time of one kernel (launch + tail); CUDA graphs make it small."""
    small_kernels_per_layer: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    """Norms, rope, attention, activations: kernels per layer too small to be bandwidth-bound."""
    eta_compute: Share
    """Share of the dense tensor peak reached by large matmuls."""
    flops_cap_tflops: Positive | None = None
    eta_attention: Share
    """Share of the peak reached by attention (FlashAttention vs materialised scores)."""
    step_overhead_ms: NonNegative
    """Scheduler/sampling time per decode step."""
    max_num_seqs: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
    uses_fp16_accumulate: bool = False
    """GeForce cards: the engine's 16-bit kernels accumulate in FP16, at twice the rate."""
    quant_flops_cap_tflops: Positive | None = None
    """Sustained TFLOPS of the engine's quantized-weight matmul kernels (llama.cpp MMQ);
    16-bit weights use the plain cap."""
    max_num_batched_tokens: Annotated[int, msgspec.Meta(ge=1, le=10_000_000)] = 8192
    """Per-step token budget of continuous batching (prefill chunk + one token per running
    decode): vLLM max_num_batched_tokens, SGLang chunked_prefill_size, TensorRT-LLM
    max_num_tokens."""
    cuda_graph_max_batch: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)] = 512
    """Largest decode batch replayed as a CUDA graph (0: eager always)."""
    layer_overhead_graph_us: NonNegative = 2.0
    """Launch cost per layer of a decode step replayed from a CUDA graph."""
    layer_overhead_eager_us: NonNegative = 20.0
    """Launch cost per layer of an eager step (one carrying a prefill chunk, or a decode batch
    past the captured graphs)."""
    mixed_prefill: bool = True
    """Continuous batching mixes prefill chunks into decode steps (vLLM V1 chunked prefill,
    TensorRT-LLM in-flight batching); False: prefill batches run on their own, before
    decodes (SGLang without --enable-mixed-chunk)."""
    flash_attention: bool = False
    """Attention runs FlashAttention-style fused kernels whose speed grows with the sequence
    length (``catalog/perf/attention.csv``); False: the constant ``eta_attention`` alone."""


class StandIn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An engine the catalog does not model, timed as the engine it is listed under
    (``[[engine.stands_in_for]]``): a request or a question naming it gets that engine's
    figures, and says so with ``why``."""

    name: str
    aliases: list[str] = []
    """Other ways people write it ("TGI"): read in questions and in a request's engine."""
    why: str
    """Why the engine it is listed under is its nearest, said in the answer."""
    source: str


class Engine(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One inference engine (see the module docstring and ``catalog/engines.toml``)."""

    id: EngineId
    name: str
    aliases: list[str] = []
    """Other ways people write the engine's name ("TRT-LLM"): read in questions and used for
    suggestions; a request's ``engine`` field takes the id."""
    source: str
    """Where the numbers come from (documentation, startup logs, calibration rows)."""
    notes: str = ""
    memory_fraction: Fraction
    """Share of GPU memory the engine may use, of the memory ``memory_fraction_of`` names
    (vLLM gpu_memory_utilization, SGLang mem_fraction_static: of the total; TensorRT-LLM
    free_gpu_memory_fraction: of what is free after the weights); 1.0 means everything
    usable."""
    memory_fraction_of: Literal["total", "free"] = "total"
    """``total``: the engine claims the fraction of the card's total memory and fits weights,
    activations and KV cache in it (vLLM, SGLang). ``free``: it loads the weights and
    reserves its activations first, then gives the fraction of the memory still free (the
    usable memory less all that) to the KV cache (TensorRT-LLM's KvCacheConfig)."""
    memory_note: str
    """How the engine allocates memory, shown as the sizing answer's ``engine`` assumption."""
    non_torch_gib_tp1: NonNegative
    non_torch_gib_tp: NonNegative
    """Memory outside the tensors (CUDA context aside, NCCL buffers...) on one GPU / per GPU
    of a multi-GPU setup, in GiB."""
    activations: Literal["profile", "micro_batch", "prompt"]
    """How activation memory is sized: ``profile`` one forward pass of ``profile_tokens``
    (vLLM-style: fixed + tokens x 2 B x width); ``micro_batch`` a compute buffer for
    ``profile_tokens`` with fp32 logits for each (llama.cpp); ``prompt`` the whole prompt of
    every sequence in one forward pass, logits for the last position only (transformers)."""
    activation_fixed_gib: NonNegative
    """GiB added to the activations whatever the tokens (sampler, graph, scratch buffers)."""
    profile_tokens: ProfileTokens = msgspec.field(default_factory=ProfileTokens)
    batch_free_activations: bool
    """Activation memory does not grow with the batch (one profiling pass or one micro-batch
    buffer); must agree with ``activations``."""
    split: Literal["tensor", "layer"] = "tensor"
    """How the engine spreads a model over GPUs: tensor parallel, or whole layers GPU after GPU
    (llama.cpp: KV follows the layers, decode does not speed up, any GPU count works)."""
    compute: Literal["fp16"] | None = None
    """Compute type of all the engine's matmuls whatever the weights (llama.cpp: fp16)."""
    kv_block_tokens: Annotated[int, msgspec.Meta(ge=1, le=4096)] = 1
    """Granularity of the KV cache in tokens (vLLM's paged blocks of 16)."""
    auto_weights: list[str] = msgspec.field(default_factory=list)
    """Precisions a recommendation compares when weights are ``auto`` (empty: the default
    list for the model)."""
    stands_in_for: list[StandIn] = msgspec.field(default_factory=list)
    """Engines not modelled that are timed as this one (vLLM for Text Generation Inference)."""
    fp8_kv_with_weights: list[str] = msgspec.field(default_factory=list)
    """Weight formats whose builds quantize the KV cache to FP8 too (TensorRT-LLM)."""
    kv_cache_types: list[str] = msgspec.field(default_factory=list)
    """KV-cache types the engine keeps (ids of ``precisions.KV_TYPES``; empty: any): vLLM's
    kv_cache_dtype is auto or fp8, llama.cpp's cache types are f16, q8_0 and q4_0."""
    kv_cache_options: dict[str, str] = msgspec.field(default_factory=dict)
    """How the engine is told to keep its KV cache as each of ``kv_cache_types`` other than
    the default, by KV type id (vLLM: ``fp8 = "--kv-cache-dtype fp8"``): said where an answer
    offers a smaller KV cache as the fix for a setup that does not fit."""
    encoder_decoder: bool = False
    """The engine serves encoder-decoder text models (T5, Flan-T5, BART); vLLM dropped them
    (Whisper only since its V1 engine)."""
    runs_diffusion: bool = False
    """The engine has its own diffusion pipelines (calibration models them with its
    constants; otherwise the default engine of diffusion models)."""
    kinds: list[Literal["llm", "diffusion", "audio"]]
    """Model kinds the engine serves (an LLM on diffusers, or SDXL on vLLM, is a 400)."""
    audio_families: list[str] = msgspec.field(default_factory=list)
    """The audio model families it serves when not all (vLLM and TensorRT-LLM: Whisper, not
    MusicGen or Bark); empty: every audio family of ``kinds``."""
    vision_refused: dict[str, str] = msgspec.field(default_factory=dict)
    """The vision-language model families (a model's ``family``, its HF ``model_type``) the
    engine does not run with images, each with why and the source (llama.cpp: ``mllama``,
    Llama 3.2 Vision's cross-attention, absent from libmtmd's supported models); empty:
    it runs every vision family it loads."""
    default_for_kinds: list[Literal["llm", "diffusion", "audio"]] = msgspec.field(
        default_factory=list)
    """Model kinds this engine is the default for (with ``default_for_formats``, see
    :meth:`Engines.default`)."""
    default_for_formats: list[Literal["gguf"]] = msgspec.field(default_factory=list)
    """Weight formats this engine is the default for (and the one a recommendation runs them
    on)."""
    speed: EngineSpeed

    def __post_init__(self) -> None:
        if not set(self.default_for_kinds) <= set(self.kinds):
            raise ValueError(f"{self.id}: default_for_kinds {self.default_for_kinds} must be "
                             f"among the kinds it serves {self.kinds}")
        if self.runs_diffusion and "diffusion" not in self.kinds:
            raise ValueError(f"{self.id}: runs_diffusion needs 'diffusion' in kinds")
        if self.batch_free_activations != (self.activations != "prompt"):
            raise ValueError(f"{self.id}: batch_free_activations must be "
                             f"{self.activations != 'prompt'} with activations = "
                             f"{self.activations!r}")

    def keeps_kv(self, kv_id: str) -> bool:
        """Whether the engine keeps a KV cache of type ``kv_id`` (no ``kv_cache_types``: any)."""
        return not self.kv_cache_types or kv_id in self.kv_cache_types

    def serves(self, kind: str, family: str | None) -> bool:
        """Whether the engine serves a model of this kind and family."""
        if kind not in self.kinds:
            return False
        return kind != "audio" or not self.audio_families or family in self.audio_families

    def profile(self, context: int) -> int:
        """Tokens in the activation-profiling pass at ``context``."""
        return self.profile_tokens.tokens(context)


class Engines:
    """The engines of a catalog by id, with the defaulting rules and name checking."""

    def __init__(self, engines: Iterable[Engine]) -> None:
        self.by_id: dict[str, Engine] = {e.id: e for e in engines}
        self._names = NameIndex("engine")
        for e in self.by_id.values():
            self._names.add(e.id, [e.name, *e.aliases])

    @property
    def ids(self) -> list[str]:
        return list(self.by_id)

    def __getitem__(self, engine_id: str) -> Engine:
        return self.by_id[engine_id]

    def __contains__(self, engine_id: object) -> bool:
        return engine_id in self.by_id

    def __iter__(self) -> Iterator[Engine]:
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    def stand_in(self, said: str) -> tuple[Engine, StandIn] | None:
        """The engine that times ``said`` where it names an engine not modelled
        (:class:`StandIn`), with that entry; None otherwise."""
        key = norm(said)
        for e in self.by_id.values():
            for s in e.stands_in_for:
                if key in {norm(x) for x in (s.name, *s.aliases)}:
                    return e, s
        return None

    def find(self, name: str) -> Engine | None:
        """The engine ``name`` names: its id, its name or an alias of ``catalog/engines.toml``,
        in any case and punctuation ("vLLM", "SGLang", "TRT-LLM", "llamacpp"), or None. The
        one reading of an engine's name on every route (buyer audit 28b #4: "vLLM" was a 400
        while "FP8" and "H100" were read in any case)."""
        found = self.by_id.get(name)
        if found is None and len(name) <= 100:
            eid = self._names.lookup(name)
            found = self.by_id.get(eid) if eid is not None else None
        return found

    def get(self, engine_id: str, path: str = "$.engine") -> Engine:
        """The engine ``engine_id`` names (:meth:`find`), or InvalidInput (HTTP 400) at
        ``path`` with the nearest ids: an engine is a field value of the request, not a thing
        looked up."""
        found = self.find(engine_id)
        if found is None:
            near = self._names.suggest(engine_id[:100])
            hint = f"; did you mean: {', '.join(near)}" if near else ""
            raise InvalidInput(f"unknown engine {engine_id[:100]!r}{hint} (known: "
                               f"{', '.join(self.by_id)})", path)
        return found

    def kv_refusal(self, engine: Engine, kv_id: str, kind: str, unset_hint: bool = False
                   ) -> str:
        """Why ``engine`` cannot keep a KV cache of type ``kv_id`` (the 400 at ``$.kv_cache`` of
        sizing and recommendations), with the engines serving ``kind`` that do;
        ``unset_hint``: also say that leaving the engine unset ranks that engine (the
        recommender picks it)."""
        # engines listing their types (one that lists none keeps any, and is no hint)
        others = [e.id for e in self if kind in e.kinds and e.kv_cache_types
                  and e.keeps_kv(kv_id)]
        hint = ""
        if len(others) == 1:
            hint = (f" (a {others[0]} cache type: set engine {others[0]}"
                    + (f", or leave engine unset to rank {others[0]} options" if unset_hint
                       else "") + ")")
        elif others:
            hint = f" (engines that keep it: {', '.join(others)})"
        return (f"{engine.name} keeps its KV cache as {' or '.join(engine.kv_cache_types)}, "
                f"not {kv_id}{hint}")

    def default(self, kind: str, gguf: bool, encoder_decoder: bool = False) -> Engine:
        """The default engine for a model ``kind`` with GGUF weights or not: the engine
        listing the kind and the format, else the one listing the kind and no format; a kind
        no engine lists is treated as ``llm``. ``encoder_decoder``: when that engine does not
        serve encoder-decoder models, the first engine of the catalog that does."""
        engine = self._default(kind, gguf)
        if encoder_decoder and not engine.encoder_decoder:
            return next((e for e in self if e.encoder_decoder), engine)
        return engine

    def _default(self, kind: str, gguf: bool) -> Engine:
        fmt = "gguf" if gguf else None
        kinds = kind if any(kind in e.default_for_kinds for e in self) else "llm"
        plain: Engine | None = None
        for e in self:
            if kinds not in e.default_for_kinds:
                continue
            if fmt is not None and fmt in e.default_for_formats:
                return e
            if not e.default_for_formats and plain is None:
                plain = e
        if plain is None:
            raise LookupError(f"no default engine for {kind!r} models")
        return plain

    def for_format(self, fmt: Literal["gguf"]) -> Engine | None:
        """The engine a weight format runs on (GGUF: llama.cpp), if one claims it."""
        return next((e for e in self if fmt in e.default_for_formats), None)


def check_engines(engines: Sequence[Engine]) -> list[str]:
    """Problems of the engine table as a whole: every kind needs exactly one plain default."""
    out: list[str] = []
    for kind in ("llm", "diffusion", "audio"):
        plain = [e.id for e in engines if kind in e.default_for_kinds and not e.default_for_formats]
        if len(plain) != 1:
            out.append(f"{kind} models need exactly one default engine without formats "
                       f"(default_for_kinds), found {plain or 'none'}")
    for fmt in ("gguf",):
        claim = [e.id for e in engines if fmt in e.default_for_formats]
        if len(claim) > 1:
            out.append(f"format {fmt} is claimed by several engines: {claim}")
    known = {k.id for k in KV_TYPES}
    for e in engines:
        unknown = [t for t in e.kv_cache_types if t not in known]
        if unknown:
            out.append(f"engine {e.id}: unknown kv_cache_types {unknown} (known: "
                       f"{', '.join(sorted(known))})")
        stray = [t for t in e.kv_cache_options if t not in e.kv_cache_types]
        if stray:
            out.append(f"engine {e.id}: kv_cache_options for {stray}, which are not among its "
                       f"kv_cache_types {e.kv_cache_types}")
    return out
