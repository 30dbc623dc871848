"""Request and answer of the recommendation API."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.domain.base import Out
from service.domain.catalog.offer_query import PriceKind
from service.domain.catalog.regions import Region
from service.domain.fields import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    EMBED_INPUT_TOKENS,
    CheckpointMinutes,
    Concurrency,
    ContextTokens,
    DaysPerMonth,
    DecodeTokensPerSecond,
    DiffusionSteps,
    EgressGbPerMonth,
    ExcludeList,
    GpusPerNode,
    HoursPerDay,
    ImageHeight,
    ImagesPerRequest,
    ImageWidth,
    JobEgressGb,
    JobImages,
    JobOutputTokens,
    MaxUsdPerHour,
    MaxUsdPerMonth,
    MaxUsdTotal,
    NameList,
    PrecisionName,
    RecommendOutputTokens,
    RequestsPerSecond,
    SessionsPerDay,
    StorageGb,
    TimeToFirstToken,
    TokensPerSecond,
    TopN,
    TrainingTokens,
)
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT, Assumption
from service.domain.sizing.requests import Engine, FinetuneOptions, ModelChoice

Workload = Literal["serving", "batch", "finetune", "pretrain"]
PricingModel = Literal["on_demand", "spot", "reserved"]

JOB_SIZE_FIELDS = ("job_output_tokens", "job_images", "job_audio_hours", "job_embed_tokens")
"""The fields that size an inference job (one applies to each kind of model): with no
``workload`` given, any of them makes the request a batch job."""

MONTH_DAYS = 30
"""The month every monthly figure is priced over unless ``days_per_month`` is stated (the
recommendations' default; /v1/ask reads "weekdays" as 5/7 of it, a weekly job as 30/7 runs)."""


class RecommendationRequest(ModelChoice, frozen=True, kw_only=True):
    """A workload, its usage pattern, a budget and constraints."""

    weights: Annotated[PrecisionName, msgspec.Meta(
        description="precision of the weights, an id or common spelling ('bf16', 'fp8', "
                    "'GGUF Q4_K_M'), or 'auto': bf16, fp8, int8 and AWQ int4 tried and ranked "
                    "with a small quality handicap")] = "auto"
    kv_cache: Annotated[PrecisionName, msgspec.Meta(
        description="precision of the KV cache ('fp16', 'fp8', 'q8_0', 'q4_0'). Default: "
                    "each option's engine's own for its weights, as /v1/sizing sizes it (fp8 "
                    "where its FP8/FP4 builds quantize the KV cache too: TensorRT-LLM with fp8 "
                    "or nvfp4 weights), else fp16; said in the kv_cache_default "
                    "assumption")] | None = None
    engine: Engine | None = None
    workload: Annotated[Workload | None, msgspec.Meta(
        description="what the GPUs do: serve requests, run a batch job, fine-tune or "
                    "pre-train. Default: batch where a job size (job_output_tokens, "
                    "job_images, job_audio_hours, job_embed_tokens) is given, said in a "
                    "workload assumption, else serving; a job size with workload serving "
                    "(or finetune, pretrain: sized by training_tokens) is a 400 at the job "
                    "size. A batch workload with no job size is a "
                    "month of steady use with every replica saturated (its per-unit "
                    "costs are the figures to read)")] = None
    # (None: not given; recommend() resolves it first, :func:`~service.domain.recommend.
    # pricing.resolve_workload`: every later reader sees one of the four)
    finetune: Annotated[FinetuneOptions | None, msgspec.Meta(
        description="how fine-tuning or pre-training is run, for workload finetune or "
                    "pretrain")] = None
    context_tokens: Annotated[ContextTokens, msgspec.Meta(
        description="context per request, in tokens (prompt plus output); embedding models: "
                    f"the input length, by default one retrieval chunk of "
                    f"{EMBED_INPUT_TOKENS:,} tokens, at most the model's own limit, a longer "
                    "one stated is warned and split into "
                    f"inputs of the limit; default {DEFAULT_CONTEXT_TOKENS:,}, the one default "
                    "request that /v1/sizing (input_tokens plus output_tokens) and /v1/ask "
                    "also size")] = DEFAULT_CONTEXT_TOKENS
    # (a request equal to the default is read as not given: an embedding model is then priced
    # at one 512-token chunk, :func:`~service.domain.recommend.capability.embed_context`, as
    # /v1/sizing sizes one where its body gives no ``input_tokens``)
    output_tokens: RecommendOutputTokens = DEFAULT_OUTPUT_TOKENS
    images_per_request: Annotated[ImagesPerRequest, msgspec.Meta(
        description="vision-language models whose decoder cross-attends to the image "
                    "(Llama 3.2 Vision): the images in each request, each adding its "
                    "cross-attention KV (the vision encoder's tokens on every "
                    "cross-attention layer) to the request's cache, as /v1/sizing's field "
                    "of the same name sizes it; echoed in an images_per_request assumption. "
                    "Default: one image. Another model takes an image's tokens in "
                    "context_tokens (each option warns it is ignored)")] | None = None
    concurrent_requests: Concurrency = 1
    target_output_tokens_per_s: TokensPerSecond | None = None
    target_requests_per_s: RequestsPerSecond | None = None
    max_time_to_first_token_ms: TimeToFirstToken | None = None
    min_decode_tokens_per_s: DecodeTokensPerSecond | None = None
    max_seconds_per_image: Annotated[float, msgspec.Meta(
        gt=0, le=86_400,
        description="image and video models (serving or batch): the longest one image (a "
                    "video model: one clip) may take, in seconds, as an LLM's "
                    "max_time_to_first_token_ms bounds its wait. Each image is made whole on "
                    "one GPU, so more GPUs serve more users but none makes an image sooner: "
                    "a GPU and precision slower than this at the width, height and steps "
                    "priced is left out and listed in rejected with its time (queueing "
                    "before an image starts not counted). Any other model is a 400")
    ] | None = None
    hours_per_day: HoursPerDay | None = None
    days_per_month: DaysPerMonth = MONTH_DAYS
    sessions_per_day: SessionsPerDay = 1
    job_output_tokens: JobOutputTokens | None = None
    job_images: JobImages | None = None
    training_tokens: TrainingTokens | None = None
    width: ImageWidth | None = None
    height: ImageHeight | None = None
    steps: DiffusionSteps | None = None
    num_frames: Annotated[int, msgspec.Meta(
        ge=1, le=2049,
        description="video models, workload serving or batch: the frames of each clip "
                    "priced, as /v1/sizing's num_frames (the same rounding to 1 + a multiple "
                    "of the VAE's temporal compression, the same memory and time). Default: "
                    "the model's own clip. On an image, audio or language model, or a "
                    "fine-tune, a 400 at the field")] | None = None
    cpu_offload: Annotated[bool, msgspec.Meta(
        description="diffusion models, workload serving or batch: every GPU runs the "
                    "pipeline with diffusers' model CPU offload (enable_model_cpu_offload(): "
                    "one component on the GPU at a time), so an option's memory per GPU is "
                    "/v1/sizing's with cpu_offload and the time the all-resident one. "
                    "Default false. On another model or workload a 400 at the field")] = False
    interruptible: Annotated[bool | None, msgspec.Meta(
        description="whether the work survives an interruption, so spot prices can be used "
                    "(default: yes for batch and finetune, no for serving and pretrain)")] = None
    checkpoint_interval_minutes: CheckpointMinutes = 30
    max_usd_per_hour: MaxUsdPerHour | None = None
    max_usd_per_month: MaxUsdPerMonth | None = None
    max_usd_total: Annotated[MaxUsdTotal, msgspec.Meta(
        description="a budget for a whole job (workload batch, finetune or pretrain with a job "
                    "size: job_output_tokens, job_images, job_audio_hours, job_embed_tokens or "
                    "training_tokens), in USD: an option whose job costs more is left out and "
                    "listed in rejected. Serving, or a request with no job size, has no total "
                    "(it is priced by the month: max_usd_per_month): a 400 at "
                    "$.max_usd_total")] | None = None
    max_job_hours: Annotated[float, msgspec.Meta(
        gt=0, le=1_000_000,
        description="a deadline for a job (workload batch, finetune or pretrain with a job "
                    "size: job_output_tokens, job_images, job_audio_hours, job_embed_tokens "
                    "or training_tokens), in hours: an option whose job takes longer (a spot "
                    "option: with its expected restarts) is left out and listed in rejected "
                    "with its time; spot is used only where its expected time fits, and "
                    "the options that meet it rank by the job's cost alone (no 30- or "
                    "365-day preference for a faster job: long_jobs applies only without a "
                    "deadline). A diffusion model's fine-tune has no job time: a 400. A batch "
                    "job whose one instance is too slow is spread over the fewest instances "
                    "(independent replicas, each taking its share of the requests) that "
                    "finish in time, at most 256 (nodes; performance.job_hours is each "
                    "one's time); with allow_multi_node, a training run one node is too slow "
                    "for goes over the fewest nodes (nodes) of an offer with a fast node "
                    "network and 8 or more GPUs that finish it in time, at most 256, each at "
                    "the multi-node rate /v1/sizing gives. Any other request is a 400 at "
                    "$.max_job_hours")] | None = None
    providers: Annotated[NameList, msgspec.Meta(
        description="only these providers, 1 to 50: provider ids (GET /v1/providers) or "
                    "their names, case-insensitive; any other value is a 400 "
                    "(/problems/unknown-provider) at its path ($.providers[1]) with the "
                    "nearest provider ids; an empty list is a 400 (leave the field out for "
                    "every provider)")] | None = None
    regions: Annotated[NameList, msgspec.Meta(
        description="only offers in one of these places, each a continent (africa, asia, "
                    "europe, north-america, oceania, south-america), a group of countries "
                    "(eu: the European Union's 27 member states, not the continent, said in a "
                    "region_group assumption; eea: the EU plus Iceland, Liechtenstein and "
                    "Norway), an area (us-east, us-central, us-west: the US states of those "
                    "time zones, and every provider region id that starts with the word; "
                    "eu-west: UN M49 Western Europe and the ids that start with eu-west or "
                    "europe-west; said in a region_group assumption), an ISO 3166-1 alpha-2 "
                    "country code (us, de, fi...) or a provider region id "
                    "(us-east-1, europe-north1...), case-insensitive, 1 to 50 (an empty "
                    "list is a 400: leave the field out for every place; another value a 400 "
                    "/problems/unknown-region at its path); offers without a known place are "
                    "left out and counted in excluded_no_region")
    ] | None = None
    exclude_providers: Annotated[ExcludeList, msgspec.Meta(
        description="not these providers, at most 50: provider ids (GET /v1/providers) or "
                    "their names, case-insensitive (an empty list leaves none out); any other "
                    "value is a 400 (/problems/unknown-provider) at its path with the nearest "
                    "provider ids")] | None = None
    gpus: Annotated[NameList, msgspec.Meta(
        description="only these GPUs, 1 to 50: GPU ids (GET /v1/gpus) or names ('H100', "
                    "'A100 80GB', 'h100-sxm'), case-insensitive; a family or memory variant "
                    "matches every GPU of it, as GET /v1/offers' gpu filter does; any other "
                    "value is a 400 (/problems/unknown-gpu) at its path ($.gpus[1]) with the "
                    "nearest GPU ids, and an empty list a 400. Offers of other "
                    "GPUs are left out: where none of the GPUs named fits, the answer has no "
                    "option, a reason, and their offers in rejected")] | None = None
    max_gpus_per_node: GpusPerNode | None = None
    allow_multi_node: Annotated[bool, msgspec.Meta(
        description="allow a job spread over several machines (finetune and pretrain)")] = False
    storage_gb: StorageGb | None = None
    egress_gb_per_month: EgressGbPerMonth = 0
    job_egress_gb: Annotated[JobEgressGb, msgspec.Meta(
        description="the data a job (workload batch, finetune or pretrain with a job size: "
                    "job_output_tokens, job_images, job_audio_hours, job_embed_tokens or "
                    "training_tokens) sends out of the provider's network once (its images, "
                    "transcripts, checkpoints or weights downloaded), in GB: priced at the "
                    "provider's egress tiers as one month's egress (free allowances and tiers "
                    "count per month) in cost.egress_per_job_usd, part of per_job_usd; an "
                    "unknown rate is counted at the highest sourced rate (a warning says so), "
                    "never $0. Serving, or a request with no job size, is priced by the month "
                    "(egress_gb_per_month): a 400 at $.job_egress_gb")] | None = None
    top_n: TopN = 5
    include_stale: Annotated[bool, msgspec.Meta(
        description="also rank offers whose price is older than the catalog's limit (by "
                    "default they are left out and listed in rejected)")] = False
    include_suspect: Annotated[bool, msgspec.Meta(
        description="also rank offers whose price is doubted: a caution from its source, "
                    "a placeholder value, spot not below on-demand, far below the median of "
                    "other providers or far above the seller's own prices for the GPU (by "
                    "default left out and listed in rejected; with `providers` named, a price "
                    "that is only far above its own median is kept, with a warning)")] = False

    min_memory_headroom_pct: Annotated[float, msgspec.Meta(
        ge=0, le=90,
        description="a model is served only where it fits with at least this share of the "
                    "engine's memory per GPU left free at the stated load (weights + KV cache "
                    "of the concurrent requests + overhead), and trained only where this share "
                    "of each GPU's usable memory stays free (the least ZeRO sharding that "
                    "leaves it), in percent; room for longer prompts and fragmentation")] = (
        SERVICE_HEADROOM_PCT)
    job_audio_hours: Annotated[float, msgspec.Meta(
        gt=0, le=10_000_000,
        description="speech models (Whisper): hours of audio a batch job transcribes in all; "
                    "the option is priced for the job and per audio hour")] | None = None
    job_embed_tokens: Annotated[float, msgspec.Meta(
        gt=0, le=1e16,
        description="embedding models: input tokens a batch job embeds in all; the option is "
                    "priced for the job and per million tokens embedded")] | None = None
    lang: Annotated[Literal["en", "ro"], msgspec.Meta(
        description="language of the options' warnings, the rejected offers' reasons, "
                    "the no-match `reason` and the `alternatives`: English, or Romanian as "
                    "/v1/ask words them (a text with no Romanian wording stays English); "
                    "the rest of the answer is English")] = "en"

    def job_size_fields(self) -> list[str]:
        """The job-size fields given (``JOB_SIZE_FIELDS``), in that order."""
        return [name for name in JOB_SIZE_FIELDS if getattr(self, name) is not None]

    def effective_workload(self) -> Workload:
        """``workload`` as given, or where it is not: batch for a job size given (a job of a
        known size is batch work, as /v1/ask reads it), else serving."""
        if self.workload is not None:
            return self.workload
        return "batch" if self.job_size_fields() else "serving"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.finetune is not None and self.workload not in ("finetune", "pretrain"):
            raise ValueError("`finetune` options apply to workload finetune or pretrain")


class OfferRef(Out, frozen=True, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the offer's catalog id (GET /v1/offers/{offer_id})")]
    provider: Annotated[str, msgspec.Meta(
        description="the provider's id")]
    instance_type: Annotated[str, msgspec.Meta(
        description="the provider's name for the machine (instance type, plan or SKU)")]
    gpu: Annotated[str, msgspec.Meta(
        description="the GPU's registry id")]
    gpu_name: Annotated[str, msgspec.Meta(
        description="the GPU's display name")]
    gpu_count: Annotated[int, msgspec.Meta(
        description="GPUs in one instance (the option may use several instances: nodes)")]
    regions: Annotated[list[str], msgspec.Meta(
        description="the provider's region ids that price the machine so (with a region filter: "
                    "only those that matched)")]
    """The provider's region ids (with a region filter: only those that matched)."""
    interconnect: Annotated[str, msgspec.Meta(
        description="how the instance's GPUs are joined, as the provider states it: nvswitch, "
                    "nvlink, pcie, none (one GPU) or unknown")]
    as_of: Annotated[str, msgspec.Meta(
        description="the date of the price the option pays (YYYY-MM-DD; a reserved price's own "
                    "date); an upper bound where as_of_kind is assumed")]
    as_of_kind: Annotated[str, msgspec.Meta(
        description="published, retrieved (the day the page was read) or assumed (unknown: as_of "
                    "is an upper bound)")]
    """``published``, ``retrieved`` (the day the page was read) or ``assumed`` (unknown:
    ``as_of`` is an upper bound)."""
    price_date: Annotated[str, msgspec.Meta(
        description="the date in words ('date unknown; no later than 2026-09-30' for an assumed "
                    "one)")]
    """The date in words ("date unknown; no later than 2026-09-30" for an assumed one)."""
    stale: Annotated[bool, msgspec.Meta(
        description="whether the price is older than the catalog's staleness limit (ranked only "
                    "with include_stale)")]
    suspect_reasons: Annotated[list[str], msgspec.Meta(
        description="why the price is doubted (only with include_suspect, or a named provider's "
                    "price far above its own median): the source's caution, a placeholder "
                    "value, spot not below on-demand, far below other providers' median, far "
                    "above the seller's own prices for the GPU, or an undated price conflicting "
                    "with the provider's own dated one; empty for a trusted price")]
    """Why the price is doubted (only with include_suspect, or a named provider's price far
    above its own median): the source's caution, a placeholder value, spot not below
    on-demand, far below other providers' median, far above the seller's own prices for the
    GPU, or an undated price conflicting with the provider's own dated one; empty for a
    trusted price."""
    source: Annotated[str, msgspec.Meta(
        description="where the price comes from (URL or file, with its date)")]
    places: Annotated[list[Region], msgspec.Meta(
        description="regions with their ISO country and continent (null where not known)")] = []
    """``regions`` with their ISO country and continent (null where not known)."""


class Fit(Out, frozen=True, kw_only=True):
    per_gpu_used_gib: Annotated[float, msgspec.Meta(
        description="memory each GPU holds, in GiB: the weights' share, the KV cache at the "
                    "stated load, activations and overhead (training: the step's memory per GPU)")]
    per_gpu_free_gib: Annotated[float, msgspec.Meta(
        description="what is left of the memory each GPU can use (LLM serving: the engine's "
                    "share of the card, as /v1/sizing's capacity_per_gpu_gib; otherwise the "
                    "usable memory, total less the CUDA context) after per_gpu_used_gib, in GiB")]
    headroom_pct: Annotated[float, msgspec.Meta(
        description="per_gpu_free_gib as a percentage of the memory each GPU can use (LLM "
                    "serving: the engine's share of the card, as /v1/sizing's "
                    "capacity_per_gpu_gib; otherwise the usable memory, total less the CUDA "
                    "context)")]
    parallelism: Annotated[str, msgspec.Meta(
        description="how one node runs the model, the layout every speed of the option is "
                    "at: 'single GPU per replica', 'tensor parallel N' (one replica split "
                    "over N GPUs), pipeline stages, or for training the data-parallel "
                    "layout; with ', K replicas per node' where the node holds several. "
                    "LLM serving: the split that carries the load on the fewest nodes, then "
                    "the lowest request latency at the load (time to first token + output "
                    "tokens x time per token), then the narrowest; /v1/sizing's layout "
                    "search instead takes the fewest GPUs per replica among layouts within "
                    "1.5x of the best TTFT and TPOT, so its speeds may be for another layout "
                    "(compare them with its `parallelism` set to this one)")]
    gpus_per_replica: Annotated[int, msgspec.Meta(
        description="GPUs one replica of the model spans (tensor x pipeline)")]
    replicas_per_node: Annotated[int, msgspec.Meta(
        description="replicas of the model on one node (node GPUs / gpus_per_replica, "
                    "for a split within the node)")]
    gradient_checkpointing: Annotated[bool | None, msgspec.Meta(
        description="training (finetune, pretrain): whether the option's step recomputes "
                    "activations in the backward pass; the request's "
                    "finetune.gradient_checkpointing, else the fastest step that fits this "
                    "option's GPUs within min_memory_headroom_pct (off where every layer's "
                    "activations fit), so options of one answer may differ. With "
                    "micro_batch_size and zero_stage it is the step the option's speed, "
                    "memory and job time are at: give the three to /v1/sizing's finetune, "
                    "with the option's gpu, gpu_count x nodes and weights, to reproduce its "
                    "training_tokens_per_s and GiB per GPU. "
                    "Null for serving and batch options")] = None
    micro_batch_size: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): sequences of finetune.sequence_length "
                    "per GPU in one forward/backward pass; the request's "
                    "finetune.micro_batch_size, else the fastest that fits this option "
                    "(powers of two from 1 while the step is bound by communication). Null "
                    "for serving and batch options")] = None
    zero_stage: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): the DeepSpeed ZeRO stage of the "
                    "option's data-parallel layout (0: DDP, also on one GPU; 3: ZeRO-3 / "
                    "FSDP), as `parallelism` words it: the request's finetune.zero_stage, "
                    "else the least sharding that fits within min_memory_headroom_pct "
                    "(/v1/sizing fits against all the usable memory, so it may choose less). "
                    "Null for serving and batch options")] = None
    tensor_parallel_gpus: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): GPUs each matrix is split over (tensor "
                    "parallel, within a node); 1 for data parallel alone. Past one node the "
                    "layout is the fastest tensor x pipeline x data layout that fits within "
                    "min_memory_headroom_pct, its collectives between the nodes timed. With "
                    "pipeline_stages and data_parallel_ranks it is /v1/sizing's `parallelism` "
                    "{tensor, pipeline, data}: given with the step (gradient_checkpointing, "
                    "micro_batch_size, zero_stage), or with this request's "
                    "min_memory_headroom_pct, /v1/sizing answers the option's speed. "
                    "Serving and batch: one replica's tensor split (1 for a single GPU or a "
                    "layer-split engine such as llama.cpp); give it with pipeline_stages as "
                    "/v1/sizing's `parallelism` {tensor, pipeline, data: 1} to size the "
                    "option's replica")] = None
    pipeline_stages: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): pipeline stages of the layout, each "
                    "holding a share of the layers (1: no pipeline). Serving and batch: one "
                    "replica's stages (over nodes where gpus_per_replica exceeds the node's "
                    "GPUs, else inside the node; a layer-split engine's GPUs each a stage)"
                    )] = None
    data_parallel_ranks: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): data-parallel ranks, each running its "
                    "share of the batch (DDP or ZeRO over them); tensor_parallel_gpus x "
                    "pipeline_stages x data_parallel_ranks = gpu_count x nodes. Null for "
                    "serving and batch options")] = None
    micro_batches_per_step: Annotated[int | None, msgspec.Meta(
        description="training (finetune, pretrain): micro-batches each data-parallel rank "
                    "runs per optimizer step (gradient accumulation; at least one per "
                    "pipeline stage, 1 under ZeRO-2 / ZeRO-3, which reduce every "
                    "micro-batch), as the step time counts them; /v1/sizing's layout "
                    "states the same for the same layout. Null for serving and batch "
                    "options")] = None


class OptionPerformance(Out, frozen=True, kw_only=True):
    decode_tokens_per_s_per_user: Annotated[float | None, msgspec.Meta(
        description="LLM serving: output tokens per second each request sees at the "
                    "stated load (1000 / time_per_output_token_ms); a batch job: at "
                    "saturation; null where nothing is decoded")] = None
    output_tokens_per_s_total: Annotated[float | None, msgspec.Meta(
        description="LLM serving: output tokens/s of every replica saturated, taken at "
                    "max_concurrency (the requests in flight the memory holds with "
                    "min_memory_headroom_pct of each GPU kept free) in the same serving "
                    "model as the stated load; /v1/sizing's max_throughput_tokens_per_s "
                    "fills the engine's memory with no headroom, so it can be higher (equal "
                    "with min_memory_headroom_pct 0). A batch job: the saturated rate its "
                    "time and price rest on")] = None
    time_to_first_token_ms: Annotated[float | None, msgspec.Meta(
        description="LLM serving: mean time to the first output token at the stated load, "
                    "in milliseconds (tails run above it); a batch job: at saturation; "
                    "null where it does not apply")] = None
    max_concurrency: Annotated[int | None, msgspec.Meta(
        description="LLM serving: the concurrent requests the option's replicas hold at the "
                    "full context with min_memory_headroom_pct of each GPU's memory kept "
                    "free, all replicas and nodes together: the load the saturated figures "
                    "are at")] = None
    requests_per_s: Annotated[float | None, msgspec.Meta(
        description="LLM serving: requests/s at saturation (at max_concurrency), at least "
                    "the stated load's")] = None
    training_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="training (finetune, pretrain): tokens trained per second, all GPUs "
                    "and nodes of the option together; null for serving and batch options")] = None
    images_per_s: Annotated[float | None, msgspec.Meta(
        description="image models: images per second, all GPUs and nodes of the option "
                    "together; video models: clips per second (see seconds_per_video)")
    ] = None
    job_hours: Annotated[float | None, msgspec.Meta(
        description="a job (batch, fine-tuning, pre-training): its compute hours at the "
                    "option's speed, without a spot option's expected restarts "
                    "(cost.expected_spot_overhead_pct; the cost and the days in `why` and "
                    "the alternatives include them)")] = None
    calendar_days: Annotated[int | None, msgspec.Meta(
        description="a job run hours_per_day (under 24) that takes longer than one day's "
                    "hours: the calendar days it spans, ceil(wall hours / hours_per_day), "
                    "whole days (not the exact fraction: the last day counts whole); the "
                    "wall hours are job_hours, on spot with the expected restarts. Null for "
                    "serving, a month of use, a job run 24 h/day or one done within a day's "
                    "hours")] = None
    stop_resume_points: Annotated[int | None, msgspec.Meta(
        description="such a job (calendar_days set): the times it stops at the end of a "
                    "day's hours (of a session, with sessions_per_day) and resumes the next "
                    "time from a checkpoint, its runs less one: it must checkpoint before "
                    "each stop (spot interruptions come on top). Null where calendar_days "
                    "is")] = None
    seconds_per_video: Annotated[float | None, msgspec.Meta(
        description="video models: seconds one replica (one GPU) takes to generate one clip "
                    "of the model's frames at the width, height and steps priced; the "
                    "option's replicas make that many clips in parallel")] = None
    audio_seconds_per_s: Annotated[float | None, msgspec.Meta(
        description="speech models: seconds of audio transcribed per second of wall time, "
                    "all GPUs and nodes of the option together")] = None
    embeddings_per_s: Annotated[float | None, msgspec.Meta(
        description="embedding models: inputs of context_tokens embedded per second, all GPUs "
                    "and nodes of the option together")] = None
    embedded_tokens_per_s: Annotated[float | None, msgspec.Meta(
        description="embedding models: input tokens embedded per second, all GPUs and nodes "
                    "of the option together")] = None
    time_per_output_token_ms: Annotated[float | None, msgspec.Meta(
        description="LLM serving: mean time between output tokens of one request at the "
                    "stated load (continuous batching)")] = None
    users_per_replica: Annotated[int | None, msgspec.Meta(
        description="LLM serving: concurrent requests each replica carries at the stated "
                    "load (the load time_to_first_token_ms and the per-user speed are at); "
                    "under a request-rate or output-rate target, the requests in flight per "
                    "replica (Little's law: the rate per replica x a request's time in the "
                    "system); for a batch job, the requests in flight per replica at "
                    "saturation, the rate its time and price rest on")
    ] = None
    output_tokens_per_s_at_load: Annotated[float | None, msgspec.Meta(
        description="LLM serving: output tokens/s the option delivers in total at the stated "
                    "load (requests/s at that load x output tokens: the concurrent requests' "
                    "closed loop, or the target rate; a batch job: the saturated rate its "
                    "time and price rest on)")] = None


class OptionCost(Out, frozen=True, kw_only=True):
    per_hour_usd: Annotated[float, msgspec.Meta(
        description="the price per hour in USD of every instance the option uses (nodes) "
                    "together, at pricing_model's rate (spot: the spot price, its expected "
                    "restarts not added)")]
    compute_per_month_usd: Annotated[float | None, msgspec.Meta(
        description="a month of use: billed_hours_per_month x per_hour_usd in USD (spot: with "
                    "its expected restarts); null for a job (see per_job_usd)")]
    storage_per_month_usd: Annotated[float | None, msgspec.Meta(
        description="the volume (storage_gb, default the weights' size, plus checkpoints for "
                    "training) for a month at the provider's storage rate, once per node for "
                    "serving and once per job for training (a sharded checkpoint), in "
                    "USD; an unknown rate is counted at the highest sourced rate (a warning says "
                    "so), never $0")]
    egress_per_month_usd: Annotated[float | None, msgspec.Meta(
        description="egress_gb_per_month sent out at the provider's egress tiers, in USD per "
                    "month (0 where none is stated); an unknown rate is counted at the highest "
                    "sourced rate (a warning says so), never $0. Part of per_month_usd, not of "
                    "per_job_usd (a job's own egress: job_egress_gb, egress_per_job_usd)")]
    per_month_usd: Annotated[float | None, msgspec.Meta(
        description="a month of use, in USD: compute_per_month_usd + storage_per_month_usd + "
                    "egress_per_month_usd; null for a job (see per_job_usd)")]
    per_million_output_tokens_usd: Annotated[float | None, msgspec.Meta(
        description="LLM serving: the hourly price (spot's expected overhead included) over "
                    "the saturated output, output_tokens_per_s_total: every replica at "
                    "max_concurrency, the requests in flight the memory holds with "
                    "min_memory_headroom_pct kept free (not /v1/sizing's "
                    "max_throughput_tokens_per_s, which fills the memory)")] = None
    per_million_output_tokens_at_load_usd: Annotated[float | None, msgspec.Meta(
        description="LLM serving: the hourly price (spot's expected overhead included) over "
                    "the output tokens the option produces at the stated load, "
                    "output_tokens_per_s_at_load (first-token waits and prompts included; "
                    "under a rate target the rate's output; at most the saturated output, so "
                    "never below per_million_output_tokens_usd): what each million tokens "
                    "actually produced costs a lightly used endpoint")
    ] = None
    per_thousand_images_usd: Annotated[float | None, msgspec.Meta(
        description="image models: what 1,000 images cost at the option's speed and hourly "
                    "price; null for a video model (see per_video_usd)")] = None
    per_job_usd: Annotated[float | None, msgspec.Meta(
        description="a job (job_output_tokens, job_images, job_audio_hours, "
                    "job_embed_tokens or training_tokens): what it costs in all, in USD: "
                    "its billed compute hours x per_hour_usd (spot: with its expected "
                    "restarts; billing granularity and minimum charge applied) plus "
                    "storage_per_job_usd plus egress_per_job_usd (job_egress_gb; "
                    "egress_gb_per_month is not part of it); null for a month of use")] = None
    billed_hours_per_month: Annotated[float | None, msgspec.Meta(
        description="a month of use: hours billed per instance: each session "
                    "(hours_per_day / sessions_per_day) rounded up to the provider's "
                    "billing granularity and minimum charge, x sessions_per_day x "
                    "days_per_month; reserved: every hour of the month; spot's expected "
                    "restarts come on top (expected_spot_overhead_pct). Null for a job")] = None
    expected_spot_overhead_pct: Annotated[float | None, msgspec.Meta(
        description="spot: the expected extra run time from interruptions, as a "
                    "percentage of the run (restarts and work lost since the last "
                    "checkpoint; a job synchronised over N instances N times as often), "
                    "which the compute and unit costs include; null where the option is "
                    "not on spot")] = None
    storage_per_job_usd: Annotated[float | None, msgspec.Meta(
        description="a job: the storage per_job_usd includes, storage_per_month_usd for "
                    "storage_hours_per_job of a 730-hour month (the rest of per_job_usd is "
                    "compute). Null for a month of use")] = None
    egress_per_job_usd: Annotated[float | None, msgspec.Meta(
        description="a job: the egress per_job_usd includes, job_egress_gb sent out once at "
                    "the provider's egress tiers as one month's egress, in USD (0 where none "
                    "is stated); an unknown rate is counted at the highest sourced rate (a "
                    "warning says so), never $0. Null for a month of use")] = None
    storage_hours_per_job: Annotated[float | None, msgspec.Meta(
        description="a job: the hours its volume (weights, data, checkpoints) is billed: "
                    "its job_hours (at least 1); for a job run hours_per_day (under 24) over "
                    "several days, every hour of the days it spans (performance."
                    "calendar_days x 24): a volume is billed while it exists, whether or not "
                    "the GPUs run. Null for a month of use")] = None
    per_audio_hour_usd: Annotated[float | None, msgspec.Meta(
        description="speech models: what one hour of audio costs to transcribe at the "
                    "option's speed and hourly price")] = None
    per_million_tokens_embedded_usd: Annotated[float | None, msgspec.Meta(
        description="embedding models: what embedding one million input tokens costs at the "
                    "option's speed and hourly price (the GPUs kept busy)")] = None
    per_video_usd: Annotated[float | None, msgspec.Meta(
        description="video models: what one clip costs at the option's speed (all its "
                    "replicas busy) and hourly price, spot's expected overhead included")
    ] = None


class Option(Out, frozen=True, kw_only=True):
    rank: Annotated[int, msgspec.Meta(
        description="the option's place in the list, from 1 (cheapest first, except that a much "
                    "longer job ranks later)")]
    offer: Annotated[OfferRef, msgspec.Meta(
        description="the offer the option rents, with its price date and trust")]
    nodes: Annotated[int, msgspec.Meta(
        description="instances (machines) of the offer the option uses: more than 1 for a job "
                    "spread to meet max_job_hours, a model split over machines, or training over "
                    "several")]
    weights: Annotated[str, msgspec.Meta(
        description="the precision id the model runs at (bf16, fp8, awq-int4...)")]
    pricing_model: Annotated[PricingModel, msgspec.Meta(
        description="the price the cost uses: on_demand, spot (interruptible work) or reserved "
                    "(a commitment, for steady use)")]
    pricing_reason: Annotated[str, msgspec.Meta(
        description="why that price, in words (in the request's lang)")]
    fit: Annotated[Fit, msgspec.Meta(
        description="how the model fits each GPU and how the GPUs share it")]
    performance: Annotated[OptionPerformance, msgspec.Meta(
        description="the option's speed at the stated load; fields that do not apply to the "
                    "model or workload are null")]
    cost: Annotated[OptionCost, msgspec.Meta(
        description="what the option costs: per hour, per month of use or per job, and per unit "
                    "of output")]
    warnings: Annotated[list[str], msgspec.Meta(
        description="what to check before renting it (slow links, little headroom, an old or "
                    "doubted price, unknown storage or egress rates...), in the request's lang")]
    why: Annotated[str, msgspec.Meta(
        description="why this option, in words (in the request's lang)")]


class Rejected(Out, frozen=True, kw_only=True):
    offer_id: Annotated[str, msgspec.Meta(
        description="the offer's catalog id")]
    gpu: Annotated[str, msgspec.Meta(
        description="the GPU's registry id")]
    gpu_count: Annotated[int, msgspec.Meta(
        description="GPUs in one instance of the offer")]
    provider: Annotated[str, msgspec.Meta(
        description="the provider's id")]
    price_usd_h: Annotated[float | None, msgspec.Meta(
        description="one instance's hourly price: on-demand, else spot, else reserved (the "
                    "basis /v1/offers' derived prices use), its kind in price_kind; for a "
                    "rejection of a stale reserved price alone, that reserved price; for an "
                    "offer over the budget, the price its reason was priced at (on spot, "
                    "the spot price)")]
    reason: Annotated[str, msgspec.Meta(
        description="why the offer is not an option (memory, a target missed, over budget, a "
                    "stale or doubted price...), in the request's lang")]
    price_kind: Annotated[PriceKind | None, msgspec.Meta(
        description="which of the offer's prices price_usd_h is (a reserved price is a "
                    "contract, not an hourly rental)")] = None


class Alternative(Out, frozen=True, kw_only=True):
    change: Annotated[str, msgspec.Meta(
        description="what to change in the request (a precision, a GPU count, a budget, a "
                    "target...), in the request's lang")]
    effect: Annotated[str, msgspec.Meta(
        description="what the change gives: the changed request's best option and its cost, in "
                    "the request's lang")]
    per_month_usd: Annotated[float | None, msgspec.Meta(
        description="what the changed request's best option costs per month of use, in "
                    "USD; null for a job (see per_job_usd) or where the change is not "
                    "priced")] = None
    offer_id: Annotated[str | None, msgspec.Meta(
        description="the catalog id of the changed request's best option's offer; null "
                    "where the change names none")] = None
    per_job_usd: Annotated[float | None, msgspec.Meta(
        description="for a job (job_output_tokens, job_images, job_audio_hours, "
                    "training_tokens): what the changed request's best option costs in all")
    ] = None


class Recommendation(Out, frozen=True, kw_only=True):
    model: Annotated[str, msgspec.Meta(
        description="the registry id of the model (the name given for a custom architecture)")]
    workload: Annotated[str, msgspec.Meta(
        description="serving, batch, finetune or pretrain, as requested")]
    options: Annotated[list[Option], msgspec.Meta(
        description="the options, ranked (at most top_n); empty where nothing fits the request "
                    "(see reason)")]
    rejected: Annotated[list[Rejected], msgspec.Meta(
        description="offers left out that a buyer would ask about (near misses, popular and "
                    "named GPUs), at most 10, each with why")]
    alternatives: Annotated[list[Alternative], msgspec.Meta(
        description="what would change the answer, each priced (a cheaper precision, another GPU "
                    "count, a relaxed target...)")]
    reason: Annotated[str | None, msgspec.Meta(
        description="where options is empty: the binding constraint, with numbers; null where "
                    "there are options")]
    catalog_version: Annotated[str, msgspec.Meta(
        description="the version of the catalog the options come from (GET /v1/catalog)")]
    assumptions: Annotated[list[Assumption], msgspec.Meta(
        description="every default and rule the answer rests on, each with its value and why")]
    excluded_no_region: Annotated[int | None, msgspec.Meta(
        description="with a region filter: offers the request's other filters allow "
                    "(providers, GPUs) left out because none of their regions has a known "
                    "place (no region listed, or only ids the provider does not locate); "
                    "null without one")] = None
    """With a region filter: offers the request's other filters allow (providers, GPUs) left
    out because none of their regions has a known place (no region listed, or only ids the
    provider does not locate); null without one. The alternatives name the best of them."""
