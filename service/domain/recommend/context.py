"""What one recommendation request carries through the search: its constants, the per-request
context (``Ctx``), and the flat results it caches (capabilities, plans, billing terms)."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

import msgspec

from service.domain.catalog.names import NameIndex
from service.domain.catalog.offers import Provider
from service.domain.catalog.precisions import (
    KVType,
    Precision,
    find_kv_type,
    get_precision,
    lower_than_own,
)
from service.domain.catalog.regions import RegionFilter, parse_region_filter
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, NotFound
from service.domain.recommend.types import (
    PricingModel,
    RecommendationRequest,
)
from service.domain.sizing.memory import (
    Assumption,
    InferencePlan,
    MemoryParts,
    SizedModel,
    extended_context_warning,
)
from service.domain.sizing.serving import StepCost
from service.domain.sizing.sizing import default_weights

# Ranking preference between precisions when weights="auto": a small cost handicap for the
# quality a format gives up (stated in the assumptions, never hidden in a price), relative to
# bf16 here and counted against the model's own format where it ranks (quality_handicap;
# auto_llm tries no format that stores as many bits as the model's own). Every precision id
# of catalog.precisions has one, looked up strictly (a format with none was ranked at an
# unstated x1.1: gptq-int4, the stand-in for awq-int4 on a V100, ranked above awq-int4 x1.12
# with no source; gpt-oss's MXFP4 had none, "ranks with a quality handicap: " with nothing
# after it). How each is set:
# - bf16 x1.0, fp8 x1.02, int8 x1.04, awq-int4 x1.12, q8_0 x1.01, q4_k_m x1.12 and nf4 x1.12:
#   the ranking's policy steps, set by hand, no measurement behind their size. fp8 before
#   int8 agrees with "Give Me BF16 or Give Me Death?" (Kurtic et al., arXiv 2411.02355, the
#   Llama 3.1 family: FP8 W8A8 lossless, INT8 W8A8 1-3 % below); the 4-bit step is larger
#   than its finding that INT4 weight-only rivals INT8 W8A8 would give (kept as set).
# - fp32 and fp16 x1.0: no loss against bf16 at inference (catalog.precisions' quality).
# - bnb-int8 x1.02, fp8's: LLM.int8() (Dettmers et al., arXiv 2208.07339) reports inference
#   "without any performance degradation" up to 175B, as FP8 is lossless in Kurtic et al.
# - gptq-int4 x1.15, int4 x1.19: 4-bit group-128 formats scaled from awq-int4's by their
#   perplexity increase over AWQ's in the AWQ paper (Lin et al., arXiv 2306.00978, Table 4,
#   INT4 g128, WikiText-2, Llama-2 7B/13B/70B and LLaMA 7B/13B/30B/65B): 1 + 0.12 x the median
#   ratio. GPTQ with act-order reordering (GPTQ-R, the better of the paper's two GPTQ rows):
#   +0.16/+0.11/+0.11 and +0.15/+0.11/+0.12/+0.13 against AWQ's +0.13/+0.09/+0.09 and
#   +0.10/+0.10/+0.11/+0.09, median ratio 1.22 -> x1.15 (1.146). int4, an INT4 weight-only
#   checkpoint whose method is not stated, as round-to-nearest, the paper's uncalibrated
#   baseline: +0.26/+0.10/+0.14 and +0.28/+0.16/+0.13/+0.14, median ratio 1.56 -> x1.19.
# - nf4-no-dq x1.12, nf4's: the same NF4 weights; double quantization only quantizes the
#   absmax scales (QLoRA, arXiv 2305.14314).
# - nvfp4 x1.12, awq-int4's: NVIDIA reports under 1 % degradation against FP8 (developer.nvidia
#   .com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference), but no
#   source here measures it against AWQ/GPTQ group 128; Egiazarian et al. (arXiv 2509.23202):
#   "FP4 is not an automatic upgrade over INT4". So ranked as AWQ INT4, never above it.
# - GGUF types: linear in the perplexity increase llama.cpp's quantize tool lists for
#   Llama-3-8B (tools/quantize/quantize.cpp QUANT_OPTIONS: Q8_0 +0.0026, Q6_K +0.0217, Q5_K_M
#   +0.0569, Q4_K_M +0.1754, Q4_0 +0.4685, Q3_K_M +0.6569, Q2_K +3.5199), through q8_0 x1.01
#   and q4_k_m x1.12 (0.6366 per unit of perplexity): q6_k x1.02, q5_k_m x1.04, q4_0 x1.31,
#   q3_k_m x1.43, q2_k x3.25. iq4_xs has no figure there ("4.25 bpw non-linear
#   quantization"); its author finds Q4_K "a slightly better result than IQ4_XS"
#   (ggml-org/llama.cpp#6310): q4_k_m's x1.12, never above it.
# - mxfp4 and int4-experts x1.0: tried only as a model's released format (gpt-oss:
#   post-trained in MXFP4; Kimi K2 Thinking: quantization-aware trained in INT4, "lossless"
#   per its model card), so they give up nothing.
QUALITY_HANDICAP = {"fp32": 1.0, "bf16": 1.0, "fp16": 1.0, "fp8": 1.02, "bnb-int8": 1.02,
                    "int8": 1.04, "awq-int4": 1.12, "gptq-int4": 1.15, "int4": 1.19,
                    "nf4": 1.12, "nf4-no-dq": 1.12, "nvfp4": 1.12, "mxfp4": 1.0,
                    "int4-experts": 1.0, "q8_0": 1.01, "q6_k": 1.02, "q5_k_m": 1.04,
                    "q4_k_m": 1.12, "iq4_xs": 1.12, "q4_0": 1.31, "q3_k_m": 1.43,
                    "q2_k": 3.25}


AUTO_LLM = ("bf16", "fp8", "int8", "awq-int4")
"""What ``weights: "auto"`` tries for an LLM released in bf16 (:func:`auto_llm` for any)."""


def auto_llm(own: str | None) -> tuple[str, ...]:
    """The precisions tried for an LLM whose own weights are ``own`` (the model's native
    precision; None: bf16): its own, then each of ``AUTO_LLM`` that stores fewer bits per
    weight value (:func:`lower_than_own`). gpt-oss (MXFP4, 4 bits) is tried at mxfp4 alone
    (was: bf16, fp8, int8, awq-int4, and "cost per million tokens for gpt-oss-120b on an
    h100" was priced re-quantised to awq-int4); DeepSeek-V3 (FP8) at fp8, then awq-int4
    (never int8: the same 8 bits)."""
    if own is None or own == "bf16":
        return AUTO_LLM
    mine = get_precision(own)
    return (own, *(x for x in AUTO_LLM if lower_than_own(get_precision(x), mine)))


def quality_handicap(weights: str, own: str | None) -> float:
    """The ranking handicap of ``weights`` for a model whose own weights are ``own`` (None:
    bf16), counted against its own format: ``QUALITY_HANDICAP`` of ``weights`` over that of
    ``own``, never below 1 (awq-int4 of DeepSeek-V3's FP8 x1.12/1.02; its own fp8 x1.0; a
    format with more bits than its own gives back nothing)."""
    if weights == own:
        return 1.0
    return round(max(1.0, QUALITY_HANDICAP[weights] / QUALITY_HANDICAP[own or "bf16"]), 3)


AUTO_IMAGE = ("fp8", "int8", "nf4")
"""What ``weights: "auto"`` tries for a diffusion model after its native precision, where the
kernel matrix gives the diffusion engine a path (FP8 layerwise storage; INT8; NF4)."""


SPOT_INTERRUPTIONS_PER_HOUR = 0.05


RESTART_MINUTES = 10.0


STEADY_HOURS_PER_DAY = 20.0


LONG_JOB_HOURS = 720.0


HOURS_PER_MONTH = 730.0


LONG_RUN_DAYS = 30.0
"""A job (training, batch) that takes longer than this on an option carries a warning, and the
alternatives show the cheapest option that finishes within it (more GPUs, or more nodes)."""


VERY_LONG_RUN_DAYS = 365.0
"""A job that takes longer than this on an option ranks after every option that finishes
within it (price alone does not make a run of years the answer)."""


LONG_RUN_PRICE_FACTOR = 2.0
"""A job over ``LONG_RUN_DAYS`` ranks after the options that finish within them where the
cheapest of those costs at most this many times the cheapest option."""


FALLBACK_STORAGE_USD_GB_MONTH = 0.20
"""Storage $/GB-month counted for an unknown price when the catalog sources none at all: Lambda's
filesystem rate, $0.20/GiB-month (docs.lambda.ai/public-cloud/billing), the highest of the
shipped catalog, counted per GB (conservative)."""
FALLBACK_EGRESS_USD_GB = 0.12
"""Egress $/GB counted for an unknown price when the catalog sources none at all: GCP Premium
Tier's first paid band, $0.12/GiB (cloud.google.com/vpc/network-pricing), the highest of the
shipped catalog, counted per GB (conservative)."""


DEFAULT_TTFT_MS = 2000.0
"""Interactive serving with no ``max_time_to_first_token_ms``: the first token within 2 s for a
prompt of up to ``DEFAULT_TTFT_PROMPT_TOKENS`` at the stated load (a chat user's patience;
stated as an assumption and in the option when it decided the plan)."""
DEFAULT_TTFT_PROMPT_TOKENS = 8192
"""Past this prompt length the default TTFT grows with the prompt (2 s per 8,192 tokens: 8 s at
32k, 32 s at 128k, which carries the over-10-s warning): a user who sends a long document
expects to wait for it, and holding a 64k prompt to 2 s would buy eight 8-GPU nodes."""


def default_ttft_ms(prompt_tokens: int) -> float:
    """The default time-to-first-token target for a prompt of ``prompt_tokens``."""
    return DEFAULT_TTFT_MS * max(1.0, prompt_tokens / DEFAULT_TTFT_PROMPT_TOKENS)
DEFAULT_DECODE_TOKENS_PER_S = 10.0
"""Interactive serving with no ``min_decode_tokens_per_s``: at least 10 output tokens/s per
user (faster than reading speed), as 1 / the time per output token at the load."""
MULTI_NODE_HANDICAP = 1.05
"""Ranking handicap of a plan over several nodes (more machines to run, no shared memory):
one node wins at about the same price."""
FAST_NETWORKS = ("infiniband", "efa", "roce")
"""Node networks that carry multi-node training and split work (catalog: ``Offer.network``)."""


POPULAR = ("h100-sxm", "a100-sxm-80gb", "l40s", "rtx-4090", "h200-sxm")


MEMORY_PREFIX = "needs "
"""How a plan that does not fit in memory starts its reason (capability.py)."""
DEADLINE_PREFIX = "takes "
"""How an option over the request's ``max_job_hours`` starts its reason (pricing.py)."""
FITS_BUT = {"budget": ("over budget",), "deadline": (DEADLINE_PREFIX,),
            "targets": ("misses", "would need"),
            "trust": ("stale:", "suspect price:"), "billing": ("only a spot price",),
            "network": ("multi-node training needs", "multi-node split serving needs")}
"""Reasons that reject an offer the model fits on (any other non-memory reason is the
hardware: a precision or engine that GPU cannot run)."""


def rejection_kind(reason: str) -> str:
    """memory, hardware, or one of ``FITS_BUT``'s kinds (an offer the model fits on)."""
    if reason.startswith(MEMORY_PREFIX):
        return "memory"
    return next((k for k, starts in FITS_BUT.items() if reason.startswith(starts)),
                "hardware")


_ROOM_MISS = re.compile(
    r"needs (?P<need>[\d.]+) GiB for (?P<p>\S+) weights \+ KV cache \+ overhead"
    r"(?: \(at least (?P<least>[\d.]+) GiB per GPU split over (?P<over>\d+)\))?; "
    r"\d+ x .+ gives (?P<cap>[\d.]+) GiB per GPU, (?P<limit>[\d.]+) GiB with the "
    r"(?P<room>[\d.]+)% headroom"
    # a narrower split that would leave GPUs of the node idle (capability._idle_split)
    r"(?:; replicas of tensor parallel \d++ would fit but leave \d++ of its \d++ GPUs idle "
    r"\(only layouts that use every GPU of a node are ranked\))?+")


def headroom_miss(reason: str) -> tuple[float, float, float] | None:
    """A serving memory rejection the model fits without the memory headroom (audit s4r1:
    DeepSeek-R1's fp8 weights on 4 x MI300X, 158.7 of 172.8 GiB per GPU, 155.5 with the 10 %
    headroom): (its need per GPU in GiB, the GPU's capacity in GiB, the headroom in %), else
    None. It is a near miss a buyer asks about (``/v1/ask`` prices that machine when the GPU
    is named), never a card too small."""
    m = _ROOM_MISS.fullmatch(reason)
    if m is None:
        return None
    need = float(m["least"] or m["need"])
    cap = float(m["cap"])
    return (need, cap, float(m["room"])) if need <= cap else None


def headroom_miss_split(reason: str) -> tuple[str, int] | None:
    """A headroom near miss's (:func:`headroom_miss`) precision id and the GPUs its quoted
    need is split over (1 where the reason names no split), to size it again at the
    request's load (audit regress12 #1: the need quoted is one request's); else None."""
    m = _ROOM_MISS.fullmatch(reason)
    if m is None or headroom_miss(reason) is None:
        return None
    return m["p"], int(m["over"] or 1)


GRANULARITY_S = {"second": 1, "minute": 60, "hour": 3600}


class Capability(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """What one node shape (GPU x count) does for the workload at one precision. Flat and
    immutable: it lives in the shared caches, where the garbage collector never tracks it.
    Serving speed is computed only when something asks for it (most shapes are ranked on
    memory and price alone): see :func:`replica_throughput` and :func:`ttft_ms`."""

    ok: bool
    reason: str = ""
    tp: int = 1
    replicas: int = 1
    per_gpu_used_gib: float = 0.0
    per_gpu_cap_gib: float = 0.0
    replica_concurrency: int = 0
    train_tps: float | None = None
    images_per_s: float | None = None
    audio_s_per_s: float | None = None
    """Speech models: seconds of audio per second over the node's GPUs."""
    embed_tps: float | None = None
    """Embedding models: input tokens embedded per second over the node's GPUs."""
    pp: int = 1
    """LLM serving split over several nodes: the nodes one replica spans, each a pipeline
    stage of ``tp`` GPUs (1: a replica stays inside a node)."""
    stages: int = 1
    """LLM serving on a PCIe node wider than a tensor split may go (4 GPUs): the pipeline
    stages of ``tp`` GPUs one replica takes inside the node (1: no pipeline in the node)."""
    nodes_required: int = 1
    zero_stage: int = 0
    """Training: the ZeRO stage of the data-parallel layout (0: DDP, a full replica per
    GPU)."""
    checkpointing: bool | None = None
    """Training: whether the step recomputes activations in the backward pass (the request's,
    else the fastest step that fits: ``sizing.fastest_training_step``); None where the shape
    does not train."""
    micro_batch: int | None = None
    """Training: sequences per GPU in one forward/backward pass, chosen as ``checkpointing``
    is; None where the shape does not train."""
    train_tensor: int = 1
    """Training: tensor-parallel GPUs of the layout (past one node the search may split the
    model: ``sizing.layout.search_training``); 1 for data parallel alone."""
    train_pipeline: int = 1
    """Training: pipeline stages of the layout; 1 for data parallel alone."""
    micro_batches: int | None = None
    """Training: micro-batches per optimizer step (gradient accumulation) the step time
    counts; None where the shape does not train."""
    max_batch: int = -1
    """A serving replica's largest batch at the full context (before the engine's cap);
    -1 where the shape has no serving speed."""


CapKey = tuple[str, int, str, int, bool, float | None]


SpeedKey = tuple[str, int, int, str, int]
"""A saturated replica: (GPU, tensor GPUs, pipeline stages, precision, requests in flight)."""


DecodeKey = tuple[str, int, str, int]


LoadKey = tuple[str, int, int, str, int] | tuple[str, int, int, str, float, str]
"""(GPU, tensor split, nodes a replica spans, precision, concurrent requests per replica)."""


StepKey = tuple[str, int, int, str]


PlanKey = tuple[str, int]


LoadAt = tuple[float, float, float]
"""(TTFT s, TPOT s, requests/s) of one serving replica at a closed-loop concurrency."""


class Targets(msgspec.Struct, frozen=True, gc=False):
    """The serving targets a plan must meet, with the defaults that filled the gaps."""

    ttft_ms: float | None
    decode_tps: float | None
    rate_rps: float | None
    """Requests/s the whole option must sustain (target_requests_per_s, or
    target_output_tokens_per_s / output_tokens), sized with queueing."""
    default_ttft: bool
    default_decode: bool
    decode_skipped: bool = False
    """A decode target (stated, or the default) that does not apply: output_tokens is 0, so
    nothing is decoded (the first token's wait, the prompt's prefill, keeps its target)."""
    relaxed_from_ms: float | None = None
    """The default time-to-first-token target that no offer meets, where ``ttft_ms`` is the
    relaxed one used instead (:class:`RelaxedTTFT`); None otherwise."""


class RelaxedTTFT(msgspec.Struct, frozen=True, gc=False):
    """A default time-to-first-token target no offer meets at the load, relaxed to what the
    fastest layout reaches, with the serving model's error band as margin: a target the
    fastest meets by less than that band would be met by one measured run in five no better
    than a coin toss (options.thin_margin_warnings). The options are ranked under it, so
    the cheapest is never one several times slower than the fastest (audit serve #4: 11.5 s
    first, where 4.2 s was reachable), and each option says so."""

    default_ms: float
    """The default target (:func:`default_ttft_ms`)."""
    best_ms: float
    """The lowest time to first token any fitting offer's layout reaches at the load."""
    best_words: str
    """That layout in words (GPUs, weights, split, requests per replica)."""
    margin: float
    """The serving model's TTFT error band (measured / modelled, 1 of 5 runs over it;
    ``catalog/perf/serving_error.toml``), 1.0 where there is none."""
    target_ms: float
    """``best_ms`` x ``margin``, rounded up to the millisecond: the target used."""
    floor_prompt_tokens: int = 0
    """Set (the prompt's tokens) where offers do meet the default, but only by buying
    replicas far past what memory and the load need, the default being within reach of the
    setup's single-request floor (:func:`~service.domain.recommend.alternatives.
    default_ttft_floor`): ``best_ms`` is then that floor (one prompt alone on ``best_words``),
    ``target_ms`` the interactive limit (``LONG_TTFT_MS``), and the setups below are said.
    0: the default no offer meets (the fastest with the error band)."""
    default_gpus: int = 0
    """The GPUs of the cheapest option that meets the default (floor kind only)."""
    memory_gpus: int = 0
    """The GPUs of the cheapest under ``target_ms`` instead, the same GPU, memory, the load and
    the decode speed sizing it (floor kind only)."""

    def words(self) -> str:
        """What the options say (a warning of each option, said in every language by
        answer/core_warnings.py's ``core_ttft_relaxed``, ``core_ttft_floor``)."""
        if self.floor_prompt_tokens:
            # a default target is a convenience, not the buyer's requirement: it never
            # multiplies the setup (audit deftarget22: 80 x RTX 4090 for 20 users, where 4
            # hold them, because one prompt alone takes 1,975 ms of the 2,000 ms)
            return (f"the default time-to-first-token target of {self.default_ms:,.0f} ms "
                    f"takes {self.default_gpus:,} GPUs at this load where memory and the load "
                    f"take {self.memory_gpus:,}: one {self.floor_prompt_tokens:,}-token prompt "
                    f"alone waits {self.best_ms:,.0f} ms for its first token on {self.best_words}, "
                    f"so the options are held to {self.target_ms:,.0f} ms instead (the limit "
                    "past which a first token is too slow for interactive use); set "
                    "max_time_to_first_token_ms to hold them to a target of your own")
        band = (f"the fastest plus the serving model's {round((self.margin - 1) * 100):d} % "
                "error band" if self.margin > 1 else "the fastest reachable")
        return (f"no offer meets the default time-to-first-token target of "
                f"{self.default_ms:,.0f} ms at this load (the fastest reaches "
                f"{self.best_ms:,.0f} ms): the options are held to {self.target_ms:,.0f} ms "
                f"instead ({band}); set max_time_to_first_token_ms to change it")


def spot_overhead_fraction(checkpoint_minutes: float, instances: int = 1) -> float:
    """Expected extra run time on spot, as a fraction of the run: ``SPOT_INTERRUPTIONS_PER_HOUR``
    per instance, each costing ``RESTART_MINUTES`` plus half a checkpoint interval of lost
    work; a synchronous job over ``instances`` stops whenever any one is reclaimed, so it is
    interrupted that many times as often (:func:`spot_joined_instances`). /v1/ask reads the
    same rule from here."""
    return max(1, instances) * SPOT_INTERRUPTIONS_PER_HOUR * (
        RESTART_MINUTES + checkpoint_minutes / 2) / 60


def spot_joined_instances(training: bool, nodes: int, replica_nodes: int = 1) -> int:
    """The instances whose interruptions stop one spot job (:func:`spot_overhead_fraction`'s
    ``instances``): ``SPOT_INTERRUPTIONS_PER_HOUR`` is per instance, and a synchronous job
    over N instances stops whenever any of them is reclaimed, so it is interrupted N times as
    often, each time losing the same restart and work: a training run's every node (data
    parallel: each step waits for all of them), else a replica's own nodes
    (``replica_nodes``: a replica split over pipeline stages). Replicas on nodes of their own
    run on while one node restarts, so each loses only its own. The one rule of
    :meth:`Ctx.spot_overhead_of` and of /v1/ask's spot answers (answer/numbers/terms.py: the
    machines ``n`` GPUs are rented as)."""
    return max(1, nodes if training else replica_nodes)


def own_said(ctx: Ctx, tried: Iterable[str]) -> str:
    """What the quality handicaps said in the assumptions are counted against, where the
    model's own weights are not bf16, and, where its own is among the formats ``tried``
    (:func:`auto_llm`), that none of as many bits per weight or more is tried."""
    own = ctx.own_weights
    if own in ("bf16", "fp16"):
        return ""
    if own not in tried:
        return f" (counted against the model's own {own})"
    return (f" (counted against the model's own {own}; a format that stores as many bits per "
            "weight or more is not tried: re-quantising gives up quality for no memory)")


@dataclass
class Ctx:
    req: RecommendationRequest
    model: SizedModel
    catalog: Catalog
    registry: Registry
    providers: dict[str, Provider]
    today: dt.date
    stale_days: int
    interruptible: bool
    hours_per_day: float
    engine: str
    assumptions: list[Assumption] = field(default_factory=list)
    relax_defaults: bool = False
    """Set when no offer meets the default serving targets: the answer is then given without
    them (and says so) rather than empty."""
    relaxed_ttft: RelaxedTTFT | None = None
    """Set when no offer meets the default time-to-first-token target: the target the
    options are held to instead (the fastest reachable with a margin), said in each."""
    # price-independent results, shared by requests that agree on what they read (see
    # use_shared_caches); flat: tuple keys of strings and numbers, untracked values
    cache: dict[CapKey, Capability] = field(default_factory=dict)
    throughput_cache: dict[SpeedKey, tuple[float, float]] = field(default_factory=dict)
    plan_cache: dict[PlanKey, Plan | str] = field(default_factory=dict)
    load_cache: dict[LoadKey, LoadAt] = field(default_factory=dict)
    # the step-time model and KV admission per replica (GPU, split, precision): rebuilt per
    # request where a load is not already cached
    step_cache: dict[StepKey, tuple[StepCost | None, int]] = field(default_factory=dict)
    # this request's own
    storage_cache: dict[str, float] = field(default_factory=dict)
    terms_cache: dict[str, Terms] = field(default_factory=dict)
    memory_plans: dict[tuple[str, int, int, int], InferencePlan] = field(default_factory=dict)
    train_memory: dict[tuple[str, int, int, bool, int], float] = field(default_factory=dict)
    diffusion_parts: dict[str, MemoryParts] = field(default_factory=dict)
    max_storage_price: float = FALLBACK_STORAGE_USD_GB_MONTH
    """$/GB-month counted for an unknown storage price (see :func:`unknown_price_defaults`)."""
    max_egress_price: float = FALLBACK_EGRESS_USD_GB
    """$/GB counted for an unknown egress price (see :func:`unknown_price_defaults`)."""
    budget_misses: list[tuple[float, str]] = field(default_factory=list)
    """(cost, "$X/month") of each offer that fits but is over the budget: what the reason
    quotes when the budget is the binding constraint."""
    budget_prices: dict[tuple[str, str], tuple[float, PricingModel]] = field(
        default_factory=dict)
    """(offer id, over-budget reason) -> (one instance's hourly price, its kind) the reason
    was priced at: under spot or a reservation that is not the offer's on-demand price, and
    the rejected entry shows the one its reason used (audit serve #4)."""
    deadline_misses: list[float] = field(default_factory=list)
    """The job hours of each offer that fits but takes longer than ``max_job_hours`` (spot:
    with its expected restarts): the fastest is what the reason quotes when the deadline is
    the binding constraint."""

    @cached_property
    def own_weights(self) -> str:
        """The model's own weights (sizing's default: the checkpoint named or pasted, else its
        native precision, else bf16), the format the quality handicap is counted against."""
        return default_weights(self.req.model, self.req.hf_config, self.model).precision.id

    @property
    def untimed_training(self) -> bool:
        """A diffusion model's fine-tune: sized by its memory alone, as /v1/sizing sizes it
        ("the training speed of diffusion models is not modelled"), so its options have no
        job time and no job cost, and rank by the price of an hour."""
        return self.req.workload == "finetune" and self.model.kind == "diffusion"

    def handicap(self, weights: str) -> float:
        """The ranking handicap of ``weights`` for this request's model
        (:func:`quality_handicap`, against :attr:`own_weights`)."""
        return quality_handicap(weights, self.own_weights)

    @cached_property
    def only_providers(self) -> frozenset[str] | None:
        """The request's ``providers`` as catalog provider ids (InvalidInput at
        ``$.providers`` for a name that is none)."""
        only = self.req.providers
        return provider_ids(self.catalog, only, "$.providers") if only else None

    @cached_property
    def excluded_providers(self) -> frozenset[str] | None:
        """The request's ``exclude_providers`` as catalog provider ids (InvalidInput at
        ``$.exclude_providers`` for a name that is none)."""
        ex = self.req.exclude_providers
        return provider_ids(self.catalog, ex, "$.exclude_providers") if ex else None

    @cached_property
    def only_gpus(self) -> frozenset[str] | None:
        """The request's ``gpus`` as catalog GPU ids (InvalidInput at ``$.gpus`` for a name
        that is none)."""
        only = self.req.gpus
        return gpu_ids(self.registry, only, "$.gpus") if only else None

    @cached_property
    def embed_input_tokens(self) -> int:
        """The input length an embedding model is priced at: the request's context, at most
        the model's own limit (bge-large: 512; a longer text is split into inputs of that
        length), said in an assumption when it is less."""
        asked = self.req.context_tokens
        limit = self.model.max_context
        if limit and asked > limit:
            self.note("embedding_input_tokens", str(limit),
                      f"context_tokens {asked:,} is more than {self.model.name} takes in one "
                      f"input: priced per {limit:,}-token input (a longer text is split into "
                      "inputs of that length, or truncated)")
            return limit
        return asked

    def check_filters(self) -> None:
        """Read the request's filters (providers, exclude_providers, gpus, regions) once, so
        that a value the catalog does not know is a 400 at its field before any search,
        whether or not an offer would have been filtered by it."""
        _ = self.only_providers, self.excluded_providers, self.only_gpus, self.regions

    @cached_property
    def regions(self) -> RegionFilter | None:
        """The request's ``regions`` read as continents, groups of countries ("eu": the
        European Union), country codes or region ids (raises InvalidInput on a value that is
        none of these)."""
        if not self.req.regions:
            return None
        try:
            return parse_region_filter(self.req.regions, self.catalog.regions)
        except NotFound as e:
            # a request's filter value, not a resource: a 400 at the field (the README's
            # contract), naming the forms it accepts
            # (kept under the 200 characters a problem's detail echoes)
            head = (f"unknown region {e.name[:24]!r}: use a continent, an ISO country code, an "
                    f"area or a provider region id (for example: ")
            # as many of the accepted forms as fit (fix/useast's areas made the whole list
            # 237 characters): one of each form first (a continent, a group, an area, a
            # country, a provider region id), then the rest in their order
            first = ("europe", "asia", "eu", "us-east", "us", "de", "us-east-1")
            order = [x for x in first if x in e.suggestions] + [
                x for x in e.suggestions if x not in first]
            shown: list[str] = []
            for s in order:
                if len(head) + len(", ".join([*shown, s])) + 1 > 200:
                    break
                shown.append(s)
            raise InvalidInput(f"{head}{', '.join(shown)})", "$.regions") from e

    @cached_property
    def spot_overhead(self) -> float:
        """Expected extra run time on spot for work on one instance (:func:`spot_overhead_fraction`;
        :meth:`spot_overhead_of` a plan over several)."""
        return spot_overhead_fraction(self.req.checkpoint_interval_minutes)

    def spot_overhead_of(self, plan: Plan) -> float:
        """:attr:`spot_overhead` of ``plan`` over the instances one interruption stops
        (:func:`spot_joined_instances`): a training plan's every node, a replica split over
        ``cap.pp`` nodes (4 nodes of a training run: 8.3%, not one instance's 2.1%)."""
        training = self.req.workload in ("finetune", "pretrain")
        # a replica's pipeline stages read only where the plan is replicas
        return spot_joined_instances(training, plan.nodes, 1 if training else plan.cap.pp
                                     ) * self.spot_overhead

    @cached_property
    def targets(self) -> Targets:
        """The request's serving targets; interactive LLM serving with a target unstated gets
        its default (:func:`default_ttft_ms`, ``DEFAULT_DECODE_TOKENS_PER_S``)."""
        r = self.req
        rate = r.target_requests_per_s
        if r.target_output_tokens_per_s:
            tok_rate = r.target_output_tokens_per_s / max(1, r.output_tokens)
            rate = max(rate or 0.0, tok_rate)
        interactive = (r.workload == "serving" and self.model.kind == "llm"
                       and self.model.task != "embed")
        ttft = r.max_time_to_first_token_ms
        decode = r.min_decode_tokens_per_s
        d_ttft = interactive and ttft is None and not self.relax_defaults
        d_decode = interactive and decode is None and not self.relax_defaults
        # no output tokens: nothing is decoded, so there is no decode speed to hold to a target
        skipped = r.output_tokens == 0 and (d_decode or decode is not None)
        if skipped:
            d_decode, decode = False, None
        prompt = max(1, r.context_tokens - r.output_tokens)
        relaxed = self.relaxed_ttft if d_ttft else None
        if relaxed is not None:
            ttft = relaxed.target_ms
        elif d_ttft:
            ttft = default_ttft_ms(prompt)
        return Targets(ttft_ms=ttft,
                       decode_tps=DEFAULT_DECODE_TOKENS_PER_S if d_decode else decode,
                       rate_rps=rate or None, default_ttft=d_ttft, default_decode=d_decode,
                       decode_skipped=skipped,
                       relaxed_from_ms=relaxed.default_ms if relaxed is not None else None)

    @cached_property
    def both_loads(self) -> tuple[str, float] | None:
        """(the rate field, its requests/s) where LLM serving states ``concurrent_requests``
        (more than the default 1) and a rate target too: the rate sets the load the plan is
        sized for and reports, the concurrency stays a floor (memory and the targets at that
        many requests in a closed loop), as /v1/sizing keeps batch_size for the memory and
        the rate for the load. None otherwise."""
        r = self.req
        rate = self.targets.rate_rps
        if (rate is None or r.concurrent_requests <= 1 or self.model.kind != "llm"
                or self.model.task == "embed"):
            return None
        field = ("target_requests_per_s" if r.target_requests_per_s == rate
                 else "target_output_tokens_per_s")
        return field, rate

    @cached_property
    def context_over_limit(self) -> str | None:
        """A warning where the request's context (training: the sequence length) is longer
        than the model's ``max_context`` (the registry's, from its config), else None. The
        sizing holds at that length; the model's quality there does not."""
        r = self.req
        training = r.workload in ("finetune", "pretrain")
        # serving: the longest context engines take (a card's extension with its rope
        # scaling, context_extended); training: the config's, the length it was trained at
        limit = self.model.max_context if training else self.model.context_limit
        tokens = (r.finetune.sequence_length if training and r.finetune is not None
                  else None if training else r.context_tokens)
        if not limit or tokens is None or tokens <= limit:
            return None
        said = f"{tokens:,} tokens is over {self.model.name}'s max_context of {limit:,}"
        if training:
            return (f"sequence length {said}: training past it extends the model's context "
                    "(positions it was never trained on; RoPE scaling and long-context data "
                    "needed)")
        return (f"context {said}: the model was not trained for a context this long; quality "
                "past it is not assured and engines refuse longer prompts unless RoPE "
                "scaling is extended")

    @cached_property
    def context_extended(self) -> str | None:
        """A warning where a language model serves the request's context only with the rope
        scaling its model card extends it by (Qwen3: YaRN past the config's 40,960, to
        131,072), as /v1/sizing says it; else None."""
        r = self.req
        if (r.workload not in ("serving", "batch") or self.model.kind != "llm"
                or self.model.task == "embed"):
            return None
        return extended_context_warning(self.model, r.context_tokens)

    @cached_property
    def kv_asked(self) -> KVType | None:
        """The KV-cache type the request names; None where it names none (each option then
        keeps its engine's own for its weights, :func:`~service.domain.recommend.capability.
        kv_of`, as /v1/sizing sizes it)."""
        return None if self.req.kv_cache is None else find_kv_type(self.req.kv_cache)

    def note(self, name: str, value: str, reason: str) -> None:
        self.assumptions.append(Assumption(name=name, value=value, reason=reason))


def provider_ids(catalog: Catalog, values: Iterable[str], path: str) -> frozenset[str]:
    """``values`` (a request's providers filter) as catalog provider ids: an id or the
    provider's name, case- and punctuation-insensitive. A value that is neither raises
    InvalidInput at ``path`` (a 400 at the field, as an unknown region is) with the nearest
    provider ids as suggestions: a misspelt filter never reads as "nothing matched"."""
    names = catalog.provider_names  # ids, names and aliases ("DataCrunch": verda)
    out: set[str] = set()
    for raw in values:
        found = names.lookup(raw.strip().lower()) if raw.strip() else None
        if found is None:
            raise _unknown(names, "provider", "a provider id", "/v1/providers", raw, path)
        out.add(found)
    return frozenset(out)


def _unknown(names: NameIndex, what: str, use: str, route: str, raw: str, path: str
             ) -> InvalidInput:
    """The 400 for a filter value that names nothing of the catalog, with the nearest ids."""
    said = raw.strip()
    hint = names.suggest(said) if said else []
    return InvalidInput(
        f"unknown {what} {said[:24]!r}: use {use} of the catalog (GET {route})"
        + (f"; did you mean: {', '.join(hint)}" if hint else ""), path)


def gpu_ids(registry: Registry, values: Iterable[str], path: str) -> frozenset[str]:
    """``values`` (a request's gpus filter) as catalog GPU ids, read as GET /v1/offers reads
    its ``gpu``: a family or memory variant (``A100``, ``A100 80GB``) is every GPU of it
    (:meth:`Registry.gpu_family`), else the one GPU an id, name or alias names. A value that
    is none raises InvalidInput at ``path`` (a 400 at the field, as an unknown provider is)
    with the nearest GPU ids: a misspelt filter never reads as "nothing matched"."""
    names = registry.gpu_names
    out: set[str] = set()
    for raw in values:
        said = raw.strip()
        family = registry.gpu_family(said) if said else []
        if family:
            out.update(family)
            continue
        found = names.lookup(said) if said else None
        if found is None:
            raise _unknown(names, "GPU", "a GPU id or name", "/v1/gpus", raw, path)
        out.add(found)
    return frozenset(out)


def billed_hours(hours: float, provider: Provider | None) -> tuple[float, bool]:
    """Hours billed for one session of ``hours``: rounded up to the billing granularity, at
    least the minimum charge. Unknown granularity counts as per-hour (the conservative case)."""
    gran, minimum, known = billing_terms_of(provider)
    return billed_for(hours, gran, minimum), known


def billing_terms_of(provider: Provider | None) -> tuple[int, float, bool]:
    """(granularity in seconds, minimum charge in seconds, whether the granularity is known)."""
    if provider is None:
        return 3600, 0.0, False
    gran = provider.billing_granularity
    return (GRANULARITY_S[gran] if gran else 3600, float(provider.minimum_charge_s or 0),
            gran is not None)


def billed_for(hours: float, granularity_s: int, minimum_charge_s: float) -> float:
    seconds = math.ceil(hours * 3600 / granularity_s - 1e-9) * granularity_s
    return max(seconds, minimum_charge_s) / 3600


DAY_HOURS = 24.0
"""The most hours one machine is billed a day: kept running from the day's first session to
past its last, it bills every hour of the day once, whatever its sessions' minimums."""


def day_billed_for(session_h: float, sessions: int, granularity_s: int,
                   minimum_charge_s: float) -> tuple[float, bool]:
    """(hours billed a day, whether leaving the machine running costs less): ``sessions``
    starts a day of ``session_h`` hours each, each billed on its own (:func:`billed_for`:
    the provider's granularity and minimum charge per start), capped at :data:`DAY_HOURS`,
    what one machine left on all day bills (100 one-minute sessions a day at an hourly
    provider bill 100 h started one by one, 24 h left on: audit buyer31b #8). Both routes
    bill a day of sessions with this rule (/v1/recommendations' month, /v1/ask's)."""
    return _day_capped(billed_for(session_h, granularity_s, minimum_charge_s)
                       * max(1, sessions))


def _day_capped(billed_h: float) -> tuple[float, bool]:
    """``billed_h`` a day capped at :data:`DAY_HOURS`, and whether the cap applied."""
    return (DAY_HOURS, True) if billed_h > DAY_HOURS + 1e-9 else (billed_h, False)


def unknown_price_defaults(providers: Iterable[Provider]) -> tuple[float, float]:
    """(storage $/GB-month, egress $/GB) counted where a provider's price is unknown: the
    highest sourced rate of the class across the catalog's providers (an egress tier's highest
    band; per-GiB prices converted), never $0; the fallbacks above when none is sourced."""
    storage = [r for p in providers if (r := p.storage_usd_per_gb) is not None]
    egress = [r for p in providers if (r := p.highest_egress_usd_per_gb) is not None]
    return (max(storage, default=0.0) or FALLBACK_STORAGE_USD_GB_MONTH,
            max(egress, default=0.0) or FALLBACK_EGRESS_USD_GB)


@dataclass(frozen=True, slots=True)
class Terms:
    """One provider's billing and storage/egress terms as this request sees them (computed
    once per provider, and minimum charge, per request, not once per offer).
    ``storage_usd_gb_month`` and ``egress_usd_gb`` are per GB; where the price is unknown they
    hold the conservative default (``storage_known`` / ``egress_known`` False).
    ``egress_month_usd`` is the month's egress for the request's volume, tiers applied;
    ``egress_job_usd`` a job's own (``job_egress_gb``), priced as one month's."""

    granularity_s: int
    known: bool
    minimum_charge_s: float
    session_billed_h: float
    storage_usd_gb_month: float
    storage_known: bool
    egress_usd_gb: float
    egress_known: bool
    egress_month_usd: float = 0.0
    egress_job_usd: float = 0.0
    storage_usd: Callable[[float], float | None] | None = None
    """The provider's storage cost for a month's volume in GB, its bands applied (None:
    flat at ``storage_usd_gb_month``)."""

    def billed(self, hours: float) -> float:
        return billed_for(hours, self.granularity_s, self.minimum_charge_s)

    def day_billed(self, sessions: int) -> tuple[float, bool]:
        """(hours billed a day for ``sessions`` sessions of the request's day, whether
        leaving the machine running costs less): :func:`day_billed_for`."""
        return _day_capped(self.session_billed_h * max(1, sessions))

    def storage_month(self, gb: float) -> float:
        """Storage for ``gb`` GB over a month (bands applied where the provider has them)."""
        if self.storage_usd is not None:
            cost = self.storage_usd(gb)
            if cost is not None:
                return cost
        return gb * self.storage_usd_gb_month


class Plan(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """How one node shape runs the workload at one precision: price-independent (flat and
    untracked by the garbage collector, like :class:`Capability`)."""

    p: Precision
    cap: Capability
    nodes: int
    replicas: int
    node_hours_proxy: float
    job_hours: float | None
    """Hours the job takes on ``nodes`` nodes (None: steady use, no job size given)."""
    users_per_replica: int = 0
    """LLM serving: the concurrent requests each replica carries (0: no serving load)."""
    ttft_ms: float | None = None
    """Time to first token at that load (open loop where a request rate sized the plan)."""
    tpot_ms: float | None = None
    """Time per output token at that load."""
    load_tps: float | None = None
    """Output tokens/s of the whole option at that load."""
    used_gib: float = 0.0
    """Per-GPU memory at that load (weights, the KV cache of its requests, overhead)."""
    decided_by: str = ""
    """What set the replica count beyond the memory's need: "" (memory or nothing),
    "default TTFT", "default decode", "TTFT", "decode", "rate"."""
    audio_s_per_s: float | None = None
    embed_tps: float | None = None
    """Speech models: audio seconds per second of the whole option."""
    scaled_from: int = 0
    """A batch job scaled out for ``max_job_hours`` (:func:`~service.domain.recommend.plans.
    scale_out`), or a training run spread over more nodes for it
    (:func:`~service.domain.recommend.plans.train_nodes_for`): the nodes the plan took
    before (0: not scaled)."""
    scaled_from_hours: float | None = None
    """A training run spread over more nodes for ``max_job_hours``: the hours it took on
    ``scaled_from`` nodes (a node among more runs slower, so not ``job_hours`` x the ratio)."""


CENTS_BELOW_USD = 10.0
"""Money under this keeps its cents in every text (a $0.20 job is not "$0")."""


SIGNIFICANT_BELOW_USD = 0.005
"""Money under half a cent keeps two significant figures: "$0.0029", never "$0.00" (an SDXL
image's $0.00287 read "$0.00 for the job")."""


def usd_digits(amount: float) -> int:
    """The fraction digits a dollar amount is written with, the one rule of every text (the
    recommendations' English and /v1/ask in either language): two significant figures under
    ``SIGNIFICANT_BELOW_USD``, cents below ``CENTS_BELOW_USD``, whole dollars above."""
    a = abs(amount)
    if 0 < a < SIGNIFICANT_BELOW_USD:
        return 1 - math.floor(math.log10(a))
    return 2 if a < CENTS_BELOW_USD else 0


def usd(amount: float) -> str:
    """A dollar amount as an answer's text shows it (:func:`usd_digits`): "$0.0029",
    "$0.20", "$9.99", whole dollars with thousands separators above ("$1,234")."""
    return f"${amount:,.{usd_digits(amount)}f}"


def apart_digits(a: float, b: float, digits: int) -> int:
    """The fraction digits, ``digits`` or more (at most 6), that write two different amounts
    apart: $18.71 and $18.66 both read "$19" in whole dollars, and apart with cents."""
    while digits < 6 and f"{a:,.{digits}f}" == f"{b:,.{digits}f}":
        digits += 1
    return digits


def unit_usd(amount: float, digits: int = 3) -> str:
    """A small unit cost ("per audio hour", "per million tokens", "per video"): ``digits``
    decimals from a cent up, and below a cent two significant figures, so that a fraction of
    a cent is never rounded up to the next tenth of one (Whisper at $0.0007 per audio hour
    read "$0.001", 40% more)."""
    if amount <= 0 or amount >= 0.01:
        return f"${amount:,.{digits}f}"
    places = max(digits, 1 - math.floor(math.log10(amount)))
    return "$" + f"{amount:.{places}f}".rstrip("0")


def count(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and its noun, singular or plural: "1 replica", "4 GPUs"."""
    return f"{n:,} {noun if n == 1 else (nouns or noun + 's')}"


def per_s(said: str, noun: str = "request") -> str:
    """A rate whose number is already written (``sig3``, ``plain``) with its unit, singular
    after exactly 1 as :func:`count` says a count: "1 request/s", "0.5 requests/s", "2
    requests/s" (it read "at 1 requests/s": audit regress13 #12)."""
    return f"{said} {noun if said == '1' else noun + 's'}/s"
