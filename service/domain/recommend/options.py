"""From priced quotes to ranked options: the filters (providers, regions), the ranking, the
wording of each option and the notable rejections."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Mapping, Sequence
from typing import cast

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import seq_cache_bytes
from service.domain.catalog.offer_query import (
    PriceKind,
    availability_words,
    price_basis,
    region_outcome,
)
from service.domain.catalog.offers import Offer
from service.domain.catalog.precisions import (
    Precision,
    find_precision,
    get_precision,
)
from service.domain.catalog.regions import Region
from service.domain.catalog.trust import price_date_words
from service.domain.locale import plain, sig3
from service.domain.recommend.capability import (
    KERNEL_REFUSAL,
    _engine,
    _memory_plan,
    diffusion_setting,
    headroom_limit,
    images_ignored_warning,
    kernel_engine,
    kernel_refusal,
    kv_of,
    load_at,
    rate_load_words,
    replica_throughput,
    stand_ins,
    zero_words,
)
from service.domain.recommend.context import (
    FAST_NETWORKS,
    FITS_BUT,
    LONG_JOB_HOURS,
    LONG_RUN_DAYS,
    LONG_RUN_PRICE_FACTOR,
    MULTI_NODE_HANDICAP,
    POPULAR,
    STEADY_HOURS_PER_DAY,
    VERY_LONG_RUN_DAYS,
    Capability,
    Ctx,
    apart_digits,
    count,
    headroom_miss,
    headroom_miss_split,
    own_said,
    per_s,
    rejection_kind,
    unit_usd,
    usd,
    usd_digits,
)
from service.domain.recommend.plans import best_plan, node_net_gb_s, train_plan
from service.domain.recommend.pricing import (
    NO_USABLE_PRICE,
    STALE_RESERVED,
    JobCalendar,
    Quote,
    explain_pricing,
    job_storage_hours,
    long_run_reserved_words,
    price_date_of,
    pricing_words,
    provider_terms,
    quote_offer,
    reserved_from_rate,
    reserved_term,
    reserved_use,
    stale_reserved_reason,
    trains_over_nodes,
)
from service.domain.recommend.types import (
    Fit,
    OfferRef,
    Option,
    OptionCost,
    OptionPerformance,
    Rejected,
)
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S
from service.domain.sizing.diffusion_speed import fp16_overflow_notes
from service.domain.sizing.efficiency import (
    SERVING_ERROR_FAMILY_WORDS,
    ServingErrorBand,
    joined_as,
    link_key,
)
from service.domain.sizing.hardware import runs_on
from service.domain.sizing.layout import all_to_all_link
from service.domain.sizing.memory import GIB, SERVICE_HEADROOM_PCT, is_video, weight_bytes
from service.domain.sizing.requests import training_options
from service.domain.sizing.sizing import training_weights
from service.domain.sizing.speed import INTER_NODE_GB_S_PER_GPU


def _shown_places(ctx: Ctx, offer: Offer) -> list[Region]:
    """``offer``'s places as an option shows them: with a region filter, only those that
    matched."""
    places = list(ctx.catalog.places(offer))
    return places if ctx.regions is None else ctx.regions.matching(places)


def _names_hidden_region(ctx: Ctx, offer: Offer) -> str | None:
    """A region the offer's id names (the catalog names a machine listed at one price in
    several regions after the first) that the option does not show, or None."""
    shown = {r.id for r in _shown_places(ctx, offer)}
    oid = offer.id.lower()
    for r in ctx.catalog.places(offer):
        base = r.id.split("/")[0].lower()
        if r.id not in shown and len(base) > 3 and base in oid:
            return r.id.split("/")[0]
    return None


def thin_margin_warnings(ctx: Ctx, p: Precision, ttft_ms: float | None,
                         tpot_ms: float | None) -> list[str]:
    """A stated serving target that the serving model's means meet, but by less than measured
    runs strayed from that model: one in five of the measured runs of the engine and model
    family (``PerfTables.serving_error_band``, ``catalog/perf/serving_error.toml``) was
    slower than modelled by more than the margin, so such a run would miss the target. The
    default time-to-first-token target gets the same check, said as the default (it decides
    the option and often its replica count as a stated one does: audit serve #3, 1,999.9 ms
    against the default 2,000 ms and no warning); the default decode speed (10 tokens/s, a
    floor under reading speed) and a relaxed default TTFT (:class:`RelaxedTTFT`, already the
    fastest plus this band, said in each option) get none."""
    tg = ctx.targets
    a = ctx.model.arch
    if ctx.req.workload != "serving" or ctx.model.kind != "llm" or a is None:
        return []
    engine = _engine(ctx, p)
    if engine.split != "tensor":
        return []  # llama.cpp's slot model is not the serving model the bands measure
    perf = ctx.catalog.perf
    out = []

    def who(band: ServingErrorBand) -> str:
        runs = engine.name if band.engine == engine.id else "every engine measured"
        family = SERVING_ERROR_FAMILY_WORDS[band.family]
        return (f"in 1 of {round(1 / (1 - band.quantile)):d} measured runs ({runs}, {family}, "
                f"{band.rows:,} rows)")

    if tg.decode_tps is not None and not tg.default_decode and tpot_ms:
        band = perf.serving_error_band(engine.id, a.is_moe, "tpot", mla=a.is_mla)
        per_user = 1000 / tpot_ms
        if (band is not None and per_user >= tg.decode_tps
                and per_user / band.measured_over_model < tg.decode_tps):
            # the band is a ratio of time per token: the speed falls to 1 / band of the model's
            slower = round((1 - 1 / band.measured_over_model) * 100)
            out.append(f"thin margin: {per_user:,.1f} tokens/s per user against the "
                       f"{tg.decode_tps:,.4g} tokens/s target; {who(band)} decoding was more "
                       f"than {slower:d} % slower than this model, which would miss the "
                       "target: measure before committing")
    if tg.ttft_ms is not None and tg.relaxed_from_ms is None and ttft_ms:
        band = perf.serving_error_band(engine.id, a.is_moe, "ttft", mla=a.is_mla)
        if (band is not None and ttft_ms <= tg.ttft_ms
                and ttft_ms * band.measured_over_model > tg.ttft_ms):
            longer = round((band.measured_over_model - 1) * 100)
            default = "default " if tg.default_ttft else ""
            out.append(f"thin margin: time to first token {ttft_ms:,.0f} ms against the "
                       f"{default}{tg.ttft_ms:,.0f} ms target; {who(band)} it was more than "
                       f"{longer:d} % longer than this model, which would miss the target: "
                       "measure before committing"
                       + ("; set max_time_to_first_token_ms to change it"
                          if tg.default_ttft else ""))
    return out


LOW_BIT_COMPUTE = ("fp8", "int8", "fp4")
"""Tensor-core types a precision's own kernels compute in that older GPUs lack."""


def weight_only_warning(ctx: Ctx, gpu: GPU, p: Precision) -> str | None:
    """Where ``gpu`` runs ``p`` through a weight-only kernel (catalog/kernels.toml
    ``compute``: FP8 Marlin W8A16 on Ampere, diffusers' FP8 layerwise upcasting, NVFP4 Marlin
    on Hopper), what /v1/sizing's ``kernel`` assumption says for the same case: the memory is
    the precision's, the matmuls run in 16 bits. An A100 option ranked "fp8 weights" read as
    FP8 tensor-core speed. Sources: the rule's own (vLLM: "FP8 models will run on compute
    capability >= 7.5 (Turing) as weight-only W8A16, utilizing FP8 Marlin",
    https://docs.vllm.ai/en/v0.32.0/features/quantization/llm_compressor/fp8/)."""
    kernels = ctx.registry.kernels
    if not kernels or p.compute not in LOW_BIT_COMPUTE:
        return None
    s = kernels.supported(kernel_engine(ctx, p), p, gpu)
    if s.status != "runs_as" or s.compute in LOW_BIT_COMPUTE:
        return None
    return (f"weight-only {p.id}: {s.reason} (rule {s.rule}); the weights take {p.id}'s "
            f"memory, the matmuls run at {s.compute} speed, with no {p.compute.upper()} "
            "tensor-core speed-up")


def fp16_overflow_warnings(ctx: Ctx, gpu: GPU, p: Precision) -> tuple[str, ...]:
    """A diffusion pipeline at 16 bits or fewer on a GPU where its engine runs no bf16 (V100,
    T4) computes in fp16, where the SDXL VAE and T5 encoders overflow: /v1/sizing's warnings
    (its rule and words, :func:`fp16_overflow_notes`) on the option."""
    if ctx.model.kind != "diffusion" or p.bits_linear >= 32:
        return ()
    if runs_on(ctx.registry, kernel_engine(ctx, p), get_precision("bf16"), gpu):
        return ()
    return fp16_overflow_notes(ctx.model, False)


def trained_weights_warning(ctx: Ctx) -> str | None:
    """Sizing's warning where the weights asked for a training run are not what the trainer
    holds (LoRA on a fp8 base: its bf16 copy; ``sizing.training_weights``), or None."""
    req = ctx.req
    if req.workload not in ("finetune", "pretrain") or req.weights == "auto":
        return None
    asked = find_precision(req.weights)
    method = training_options(req.finetune, req.effective_workload()).method
    if asked is None or method is None or method == "qlora":
        return None
    trained, why = training_weights(method, asked)
    return why if trained.id != asked.id else None


def _option(ctx: Ctx, q: Quote, same: Sequence[Quote] = ()) -> Option:
    """The full answer for one quoted offer: performance, fit, cost lines and warnings.
    ``same``: the quotes this option stands for (the same machine at the same price and cost
    in other regions or under other ids): their regions are listed with the offer's."""
    req = ctx.req
    offer, gpu, plan = q.offer, q.gpu, q.plan
    p, cap, nodes = plan.p, plan.cap, plan.nodes
    job_hours = plan.job_hours
    warnings: list[str] = []
    if ctx.context_over_limit is not None:
        warnings.append(ctx.context_over_limit)
    if ctx.context_extended is not None:
        warnings.append(ctx.context_extended)
    images = images_ignored_warning(ctx)
    if images is not None:
        warnings.append(images)
    warnings.extend(fp16_overflow_warnings(ctx, gpu, p))
    trained = trained_weights_warning(ctx)
    if trained is not None:
        # sizing's warning for the same request, on every option it sizes so (audit 26b #7)
        warnings.append(trained)
    weight_only = weight_only_warning(ctx, gpu, p)
    if weight_only is not None:
        warnings.append(weight_only)
    if ctx.both_loads is not None and plan.users_per_replica:
        field, rate = ctx.both_loads
        flight = plan.users_per_replica * plan.replicas
        warnings.append(
            f"both concurrent_requests ({req.concurrent_requests:,}) and {field} "
            f"({sig3(rate)} requests/s) given: this option is sized for and reports the rate "
            f"(~{flight:,} requests in flight in all); concurrent_requests was used only as "
            "a floor (memory and targets at that many), not as the load"
            + (f": the two disagree ({flight:,} in flight vs {req.concurrent_requests:,})"
               if not 0.5 <= flight / req.concurrent_requests <= 2 else ""))
    if q.spot and req.workload == "serving":
        warnings.append("spot on an endpoint: an interruption takes it down")
    if job_hours is not None and job_hours >= LONG_JOB_HOURS and q.model != "reserved":
        warnings.append(long_run_reserved_words(ctx, offer, plan))
    if job_hours is not None and job_hours > LONG_RUN_DAYS * 24:
        days, how = stated_days(ctx, q)  # on spot with its restarts, said so
        warnings.append(f"the job takes ~{days:,.0f} days{how} ({days * 24:,.0f} h) on "
                        f"this option, over {LONG_RUN_DAYS:g} days: more GPUs finish sooner "
                        "(see the alternatives)")
    if q.calendar is not None:
        warnings.append(job_calendar_words(ctx, q, q.calendar))
    gpus_all = cap.replicas * nodes
    if (req.job_images and cap.images_per_s and not cap.train_tps
            and gpus_all > req.job_images):
        # one image or clip runs whole on one GPU (plans.diffusion_job_hours): the rest idle
        item = "clip" if is_video(ctx.model) else "image"
        warnings.append(
            f"each {item} runs whole on one GPU: GPUs idle for the job's "
            f"~{cap.replicas / cap.images_per_s:,.0f} s: "
            f"{gpus_all - math.ceil(req.job_images):,} of {gpus_all:,}, billed all the same "
            f"(a sequence-parallel engine splitting one {item} over GPUs is not modelled)")
    if not q.known_billing:
        warnings.append(f"{offer.provider}: billing granularity unknown; billed per hour here")
    terms = provider_terms(ctx, offer.provider, offer.instance_type)
    if not terms.storage_known and q.storage_gb:
        warnings.append(f"storage price unknown for {offer.provider}: counted at "
                        f"${ctx.max_storage_price:.3g}/GB-month, the highest sourced rate")
    if not terms.egress_known and (req.egress_gb_per_month or req.job_egress_gb):
        warnings.append(f"egress price unknown for {offer.provider}: counted at "
                        f"${ctx.max_egress_price:.3g}/GB, the highest sourced rate")
    if job_hours is None and terms.day_billed(req.sessions_per_day)[1]:
        warnings.append(
            f"{offer.provider}: {req.sessions_per_day:,} sessions a day, each billed at "
            f"least {terms.session_billed_h:g} h, bill more than 24 h a day: billed as the "
            "machine left running all day (24 h/day), which costs less")
    if terms.minimum_charge_s >= 3600 and (
            (job_hours is not None and job_hours * 3600 < terms.minimum_charge_s)
            or (job_hours is None and ctx.hours_per_day / req.sessions_per_day * 3600
            < terms.minimum_charge_s)):
        warnings.append(f"{offer.provider} {offer.instance_type}: "
                        f"{terms.minimum_charge_s / 3600:g}-hour minimum charge per start")
    # --- performance, fit -----------------------------------------------------------------------
    per_user = None
    out_tps = None
    per_m = per_m_load = None
    ttft = plan.ttft_ms
    if ttft is not None and ttft > LONG_TTFT_MS:
        warnings.append(f"time to first token about {ttft / 1000:,.1f} s at this context: "
                        "too slow for interactive use; a faster GPU, fewer GPUs per split or "
                        "a shorter prompt shortens it")
    replica_tps, replica_rps = replica_throughput(ctx, gpu, p, cap)
    # a video model's clips per second (all of a node's replicas), None for any other
    clips_per_s = cap.images_per_s if cap.images_per_s and is_video(ctx.model) else None
    spot_factor = 1 + ctx.spot_overhead_of(plan) if q.spot else 1
    tpot, users, load_tps = plan.tpot_ms, plan.users_per_replica, plan.load_tps
    used = plan.used_gib or cap.per_gpu_used_gib
    if _saturated_batch(ctx, job_hours) and replica_tps:
        # a batch job runs every replica saturated (its time rests on that rate): the figures
        # at that load, not one interactive user's; so does a batch workload with no job
        # size (a month of steady use at that rate: at one request it was a 24/7 endpoint's
        # figures, "at 1 concurrent request", audit buyer18a #8)
        users = cap.replica_concurrency or users
        ttft_s, tpot_s, _ = load_at(ctx, gpu, cap.tp, p, users, cap.pp * cap.stages)
        ttft, tpot = ttft_s * 1000, tpot_s * 1000
        load_tps = replica_tps * cap.replicas * nodes
        # and its memory at that load, as a serving option's is at its stated one: 70B fp8
        # over 2 B200 said 36.7 GiB per GPU (one request) with 174 requests of 4,096 tokens
        # in flight, which /v1/sizing puts at 144.8
        used = _memory_plan(ctx, p, cap.tp, req.context_tokens,
                            cap.pp * cap.stages).total_gib(users)
    if replica_tps:
        total_replicas = cap.replicas * nodes
        # saturation: the saturated model, never below what the stated load already gets
        out_tps = max(replica_tps * total_replicas, plan.load_tps or 0.0)
        per_m = (q.per_hour * spot_factor) / (3600 * out_tps) * 1e6
        # the decode speed at the load, as /v1/sizing gives it: none where nothing decodes
        per_user = 1000 / tpot if tpot and req.output_tokens else None
        if req.workload == "serving" and load_tps:
            # at the stated load, at most saturation: the output tokens per second the option
            # delivers there (output_tokens_per_s_at_load: the concurrent requests' closed
            # loop, first-token waits and prompts included, or the rate's output), as
            # per_million_output_tokens_usd divides by the saturated output: the cost of each
            # million tokens actually produced, not of one user's decode speed x the users
            at_load = min(out_tps, load_tps)
            per_m_load = (q.per_hour * spot_factor) / (3600 * at_load) * 1e6
    warnings.extend(thin_margin_warnings(ctx, p, ttft, tpot))
    if ctx.relaxed_ttft is not None and ctx.targets.relaxed_from_ms is not None:
        # the default target no offer meets, relaxed (said in every language:
        # answer/core_warnings.py, core_ttft_relaxed)
        warnings.insert(0, ctx.relaxed_ttft.words())
    free = cap.per_gpu_cap_gib - used
    headroom = 100 * free / cap.per_gpu_cap_gib if cap.per_gpu_cap_gib else 0.0
    if headroom < SERVICE_HEADROOM_PCT:
        warnings.append(f"headroom under {SERVICE_HEADROOM_PCT:g}% ({headroom:.1f}%): little "
                        "room for longer prompts or fragmentation")
    # a layer split (llama.cpp's default --split-mode layer: "Pipeline parallelism. Each GPU
    # holds a contiguous slice of layers", github.com/ggml-org/llama.cpp docs/multi-gpu.md)
    # is already the pipeline split the tensor-parallel warnings advise; its speed figures
    # run the GPUs one after another (sizing.speed), so no tensor-parallel warning applies
    if (cap.tp > 1 and req.workload in ("serving", "batch")
            and _engine(ctx, p).split != "layer"):
        # a card with no NVLink at all (L40S, L4) is on PCIe whatever the offer states
        if offer.interconnect == "pcie" or (offer.interconnect == "unknown"
                                            and gpu.link == "pcie"):
            warnings.append(f"tensor parallel over {cap.tp} GPUs on PCIe only: slower than "
                            "NVLink; consider pipeline split or a larger GPU")
        elif offer.interconnect == "unknown" and not all_to_all_link(gpu):
            # an SXM / OAM board joins its GPUs all to all by construction (MI300X's Infinity
            # Fabric, H100 SXM's NVSwitch): only a card that also comes as PCIe is in doubt
            warnings.append("GPU interconnect not stated; a tensor-parallel split needs NVLink")
    if nodes > 1 and req.workload in ("finetune", "pretrain") and (
            offer.network not in FAST_NETWORKS):
        warnings.append("multi-node training without a stated InfiniBand/EFA/RoCE "
                        "network: gradient sync will be slow")
    # the date of the price the option pays: a reserved price has its own (its rate card's)
    as_of, as_of_kind = price_date_of(offer, q.model)
    age_days = (ctx.today - as_of).days
    stale = age_days > ctx.stale_days
    date_words = price_date_words(as_of, as_of_kind)
    if stale:
        warnings.append(f"price is {age_days} days old (as of {as_of}), older than the "
                        f"{ctx.stale_days}-day limit")
    elif as_of_kind == "assumed":
        warnings.append(f"price date unknown: the source gives none; no later than "
                        f"{as_of}")
    trust = ctx.catalog.trust_of(offer.id)
    # a doubt about the spot price alone is said only where the option pays the spot price
    doubts = trust.suspect_reasons if q.spot else trust.offer_reasons
    for reason in doubts:
        warnings.append(f"suspect price: {reason}")
    lay = _train_layout(cap, nodes)
    if lay[0] is None:  # serving and batch: one replica's split, as /v1/sizing's layout
        lay = _replica_split(cap, _engine(ctx, p).split)
    split = cap.train_tensor * cap.train_pipeline
    parallelism = ((f"tensor parallel {cap.train_tensor} x pipeline {cap.train_pipeline} x "
                    f"data parallel {cap.tp * nodes // split} "
                    f"({f'ZeRO-{cap.zero_stage}' if cap.zero_stage else 'no ZeRO'})")
                   if cap.train_tps and split > 1
                   else f"data parallel ({zero_words(cap.zero_stage)})"
                   if (cap.train_tps or ctx.untimed_training) and (cap.tp * nodes) > 1
                   else "single GPU per replica" if cap.tp == 1
                   else ("layer split" if _engine(ctx, p).split == "layer"
                         else f"tensor parallel {cap.tp}"))
    if cap.stages > 1:
        parallelism = (f"tensor parallel {cap.tp} x pipeline {cap.stages} inside the node "
                       f"(PCIe: a tensor split stays within {count(cap.tp, 'GPU')})")
        warnings.append(f"one replica is {cap.stages} pipeline stages of "
                        f"{count(cap.tp, 'GPU')} over "
                        "PCIe: each token passes every stage, so it decodes no faster than "
                        "one stage group reading all the weights")
    if cap.pp > 1:
        parallelism = (f"tensor parallel {cap.tp} x pipeline {cap.pp}: one replica over "
                       f"{cap.pp} nodes")
        warnings.append(f"one replica spans {cap.pp} nodes ({offer.network} network): "
                        "pipeline stages pass activations between nodes every step")
    if cap.replicas > 1 and not cap.train_tps:
        parallelism += f", {cap.replicas} replicas per node"
    # with a region filter, only the regions that matched; the same machine at the same
    # price elsewhere is this option too
    shown = _shown_places(ctx, offer)
    seen_ids = {r.id for r in shown}
    for other in same:
        if other.offer is offer:
            continue
        for r in _shown_places(ctx, other.offer):
            if r.id not in seen_ids:
                seen_ids.add(r.id)
                shown.append(r)
    ref = OfferRef(id=offer.id, provider=offer.provider, instance_type=offer.instance_type,
                   gpu=offer.gpu, gpu_name=gpu.name, gpu_count=offer.gpu_count,
                   regions=[r.id for r in shown], places=shown,
                   interconnect=offer.interconnect, as_of=as_of.isoformat(),
                   as_of_kind=as_of_kind, price_date=date_words, stale=stale,
                   suspect_reasons=list(doubts), source=offer.source)
    return Option(
        rank=0, offer=ref, nodes=nodes, weights=p.id, pricing_model=q.model,
        pricing_reason=explain_pricing(ctx, q),
        fit=Fit(per_gpu_used_gib=round(used, 2),
                per_gpu_free_gib=round(free, 2), headroom_pct=round(headroom, 1),
                parallelism=parallelism, gpus_per_replica=cap.tp * cap.pp * cap.stages,
                replicas_per_node=cap.replicas,
                # the step each training option was sized with (options of one answer may
                # differ), so that /v1/sizing given it reproduces the option's speed
                gradient_checkpointing=cap.checkpointing, micro_batch_size=cap.micro_batch,
                zero_stage=cap.zero_stage if cap.checkpointing is not None else None,
                # and the layout (tensor x pipeline x data, its micro-batches a step): past
                # one node the search may split the model (audit train_consistency)
                tensor_parallel_gpus=lay[0], pipeline_stages=lay[1],
                data_parallel_ranks=lay[2], micro_batches_per_step=lay[3]),
        performance=OptionPerformance(
            decode_tokens_per_s_per_user=per_user, output_tokens_per_s_total=out_tps,
            # one output token is the first token: no time between tokens (as /v1/sizing)
            time_to_first_token_ms=ttft,
            time_per_output_token_ms=tpot if req.output_tokens > 1 else None,
            users_per_replica=users or None,
            output_tokens_per_s_at_load=load_tps,
            audio_seconds_per_s=plan.audio_s_per_s,
            embedded_tokens_per_s=plan.embed_tps,
            embeddings_per_s=(plan.embed_tps / max(1, ctx.embed_input_tokens)
                              if plan.embed_tps else None),
            max_concurrency=cap.replica_concurrency * cap.replicas * nodes
            if cap.replica_concurrency else None,
            requests_per_s=(max(replica_rps * cap.replicas * nodes,
                                (plan.load_tps or 0.0) / max(1, req.output_tokens))
                            if replica_rps else None),
            training_tokens_per_s=cap.train_tps, images_per_s=(
                cap.images_per_s * nodes if cap.images_per_s else None),
            job_hours=job_hours,
            calendar_days=q.calendar.days if q.calendar is not None else None,
            stop_resume_points=q.calendar.stops if q.calendar is not None else None,
            # one replica (GPU) makes a clip in replicas / (the node's clips per second)
            seconds_per_video=(cap.replicas / clips_per_s if clips_per_s else None)),
        cost=OptionCost(per_hour_usd=round(q.per_hour, 4), compute_per_month_usd=(
            None if q.per_month is None else round(q.compute, 2)),
            storage_per_month_usd=round(q.storage_month, 2),
            egress_per_month_usd=round(q.egress_month, 2),
            per_month_usd=None if q.per_month is None else round(q.per_month, 2),
            per_million_output_tokens_usd=per_m,
            per_million_output_tokens_at_load_usd=per_m_load,
            # spot's expected overhead counted, as every other unit cost here counts it
            per_thousand_images_usd=(q.per_hour * spot_factor / (3.6 * cap.images_per_s * nodes)
                                     if cap.images_per_s and not clips_per_s else None),
            per_job_usd=q.per_job,
            # one audio hour takes 1 / audio_s_per_s wall hours
            per_audio_hour_usd=(q.per_hour * spot_factor / plan.audio_s_per_s
                                if plan.audio_s_per_s else None),
            # a million tokens take 1e6 / (tokens/s x 3600) hours
            per_million_tokens_embedded_usd=(q.per_hour * spot_factor * 1e6
                                             / (plan.embed_tps * 3600)
                                             if plan.embed_tps else None),
            # a clip takes 1 / (clips per second of all the replicas) seconds of the hour
            per_video_usd=(q.per_hour * spot_factor / (3600 * clips_per_s * nodes)
                           if clips_per_s else None),
            billed_hours_per_month=q.month_hours,
            expected_spot_overhead_pct=(round(ctx.spot_overhead_of(plan) * 100, 2)
                                        if q.spot else None),
            storage_per_job_usd=q.storage_job,
            egress_per_job_usd=None if q.egress_job is None else round(q.egress_job, 2),
            storage_hours_per_job=(None if job_hours is None else max(
                1.0, job_storage_hours(job_hours, q.calendar)))),
        warnings=warnings, why="")


def job_calendar_words(ctx: Ctx, q: Quote, cal: JobCalendar) -> str:
    """The warning of a job run fewer than 24 h a day over several days
    (:func:`~service.domain.recommend.pricing.job_calendar`): its calendar days, its
    stop/resume points (a checkpoint before each) and the days its storage is billed for."""
    days, _ = stated_days(ctx, q)  # on spot with its expected restarts, as job_calendar
    points = count(cal.stops, "stop/resume point")
    restarts = " with spot's expected restarts" if q.spot else ""
    return (f"runs {cal.hours_per_day:g} h/day: the job's ~{days * 24:,.1f} h{restarts} "
            f"span {cal.days:,} calendar days (rounded up to whole days), with {points}: it "
            "must checkpoint before each stop and resume from it; storage is billed for all "
            f"{cal.days:,} days ({cal.storage_hours:,.0f} h), not only for the job's hours: "
            "a volume is billed while it exists, whether or not the GPUs run")


_DECIDED = {
    "default TTFT": "the default time-to-first-token target ({ttft:,.0f} ms; no "
                    "max_time_to_first_token_ms given) set the replica count",
    "default decode": "the default decode target ({decode:g} tokens/s per user; no "
                      "min_decode_tokens_per_s given) set the replica count",
    "TTFT": "the time-to-first-token target set the replica count",
    "decode": "the decode-speed target set the replica count",
    "rate": "the request-rate target, sized with queueing, set the replica count",
}


def _at_rate_cost(ctx: Ctx, o: Option, capacity_rps: float, units_per_request: float,
                  unit: str, saturated: float | None) -> str:
    """An image, video, speech or embedding option's unit cost at ``target_requests_per_s``:
    its hourly price (spot's expected overhead included) over the work that rate brings in an
    hour, ``units_per_request`` units a request (a thousand images: 1e-3 of one a request).
    The unit cost fields (``saturated``) divide by the option's full speed, every replica
    kept busy, where a rate is sized with each replica at most ``HEADROOM_LOAD`` busy
    (:func:`rate_load_words`): the words say which is which. "" without a rate target."""
    rate = ctx.req.target_requests_per_s
    if not rate or capacity_rps <= 0 or saturated is None:
        return ""
    spot_factor = 1 + (o.cost.expected_spot_overhead_pct or 0.0) / 100
    at_rate = (o.cost.per_hour_usd * spot_factor
               / (min(rate, capacity_rps) * 3600 * units_per_request))

    def money(v: float) -> str:
        return sig3(v) if v >= 1e-3 else f"{v:.6f}"

    said = sig3(rate)
    return (f"; at that rate ${money(at_rate)} {unit} (the hourly price over the work "
            f"{per_s(said)} bring{'s' if said == '1' else ''}; ${money(saturated)} with the "
            "replicas fully busy)")


TrainLayout = tuple[int | None, int | None, int | None, int | None]


def _train_layout(cap: Capability, nodes: int) -> TrainLayout:
    """A training option's layout as its ``Fit`` states it: (tensor, pipeline, data, micro-
    batches a step), /v1/sizing's ``parallelism`` and the micro-batches its layout states;
    all None where the shape does not train."""
    if cap.checkpointing is None:
        return None, None, None, None
    split = cap.train_tensor * cap.train_pipeline
    return (cap.train_tensor, cap.train_pipeline, max(1, cap.tp * nodes // split),
            cap.micro_batches or 1)


def _replica_split(cap: Capability, split: str) -> TrainLayout:
    """A serving or batch option's replica as /v1/sizing's ``parallelism`` states it:
    (tensor, pipeline, None, None). A layer-split engine (llama.cpp) runs every GPU of the
    replica as a stage; a tensor split runs ``tp`` GPUs a stage, its stages inside the node
    (PCIe past the widest split) or over nodes."""
    if split == "layer":
        return 1, cap.tp * cap.pp * cap.stages, None, None
    return cap.tp, cap.pp * cap.stages, None, None


def _saturated_batch(ctx: Ctx, job_hours: float | None) -> bool:
    """Whether the option runs every replica saturated: a batch job timed (``job_hours``),
    or a batch workload with neither a job size nor a rate target (a month of steady use at
    the saturated rate, its per-unit costs the figures to read; README "A batch job")."""
    req = ctx.req
    if req.workload != "batch":
        return False
    return job_hours is not None or not (
        req.job_size_fields() or req.target_requests_per_s is not None
        or req.target_output_tokens_per_s is not None)


def _why(o: Option, ctx: Ctx, decided_by: str = "") -> str:
    c, f, perf = o.cost, o.fit, o.performance
    tg = ctx.targets
    said = _DECIDED.get(decided_by, "").format(ttft=tg.ttft_ms or 0.0,
                                                decode=tg.decode_tps or 0.0)
    if said and decided_by == "default TTFT" and tg.relaxed_from_ms is not None:
        said = "the relaxed " + said.removeprefix("the ")
    decided = f" {said[:1].upper()}{said[1:]}." if said else ""
    relaxed = ctx.relaxed_ttft
    if relaxed is not None and tg.relaxed_from_ms is not None:
        # the default target no offer meets, and the one the options are held to instead
        words = relaxed.words()
        decided = f" {words[:1].upper()}{words[1:]}.{decided}"
    money = (f"{usd(c.per_month_usd)}/month" if c.per_month_usd is not None
             else f"{usd(c.per_job_usd)} for the job" if c.per_job_usd is not None
             else f"${c.per_hour_usd:.2f}/h")
    fit = (f"{f.per_gpu_used_gib:.1f} of {f.per_gpu_used_gib + f.per_gpu_free_gib:.1f} GiB "
           f"per GPU ({f.parallelism})")
    speed = ""
    if perf.decode_tokens_per_s_per_user:
        speed = f", ~{perf.decode_tokens_per_s_per_user:.0f} tokens/s per user"
    elif perf.training_tokens_per_s:
        speed = f", ~{perf.training_tokens_per_s:,.0f} training tokens/s"
        if f.gradient_checkpointing is not None and f.micro_batch_size is not None:
            speed += (f" (gradient checkpointing "
                      f"{'on' if f.gradient_checkpointing else 'off'}, micro-batch "
                      f"{f.micro_batch_size})")
    elif perf.seconds_per_video:
        # a clip takes minutes: in seconds per clip per replica, never "0.00 images/s"
        w, h, steps = diffusion_setting(ctx.req, ctx.model)
        sec = perf.seconds_per_video
        each = (f"on each of its {count(f.replicas_per_node * o.nodes, 'GPU')} in parallel"
                if f.replicas_per_node * o.nodes > 1 else "on its GPU")
        speed = (f", ~{sec:,.0f} s per video (" + (f"{sec / 60:,.1f} min; " if sec >= 120 else "")
                 + f"{ctx.model.num_frames} frames at {w}x{h}, {steps} steps) {each}")
        if c.per_video_usd is not None:
            speed += f" ({unit_usd(c.per_video_usd)} per video)"
        speed += rate_load_words(ctx, perf.images_per_s or 0.0)  # one video a request
        speed += _at_rate_cost(ctx, o, perf.images_per_s or 0.0, 1.0, "per video",
                               c.per_video_usd)
    elif perf.images_per_s:
        w, h, steps = diffusion_setting(ctx.req, ctx.model)
        speed = f", ~{perf.images_per_s:.2f} images/s at {w}x{h}, {steps} steps"
        gpus = f.replicas_per_node * o.nodes
        if ctx.req.workload == "serving" and gpus:
            # what each user waits: one image is made whole on one GPU (audit media #2: 0.55
            # images/s over 20 GPUs read as fast, where each image took ~36 s)
            sec = gpus / perf.images_per_s
            speed += (f" (~{sec:,.1f} s per image on each GPU"
                      + (f", within the {plain(ctx.req.max_seconds_per_image)} s allowed"
                         if ctx.req.max_seconds_per_image is not None else "") + ")")
        speed += rate_load_words(ctx, perf.images_per_s)  # one image a request
        speed += _at_rate_cost(ctx, o, perf.images_per_s, 1e-3, "per thousand images",
                               c.per_thousand_images_usd)
    elif perf.embedded_tokens_per_s:
        speed = (f", ~{perf.embeddings_per_s or 0:,.0f} embeddings/s of "
                 f"{ctx.embed_input_tokens:,} tokens (~{perf.embedded_tokens_per_s:,.0f} "
                 "tokens/s)")
        if c.per_million_tokens_embedded_usd is not None:
            speed += f" ({unit_usd(c.per_million_tokens_embedded_usd, 4)} per million tokens)"
        # a request: one text of context_tokens
        speed += rate_load_words(ctx, perf.embedded_tokens_per_s
                                 / max(1, ctx.req.context_tokens))
        speed += _at_rate_cost(ctx, o, perf.embedded_tokens_per_s
                               / max(1, ctx.req.context_tokens),
                               max(1, ctx.req.context_tokens) / 1e6, "per million tokens",
                               c.per_million_tokens_embedded_usd)
    elif perf.audio_seconds_per_s:
        # two significant digits below 10 (one MusicGen clip on a T4: 0.45, never "~0")
        rate = perf.audio_seconds_per_s
        speed = f", ~{rate:,.0f}" if rate >= 10 else f", ~{rate:.2g}"
        speed += " s of audio per second"
        if c.per_audio_hour_usd is not None:
            speed += f" ({unit_usd(c.per_audio_hour_usd)} per audio hour)"
        if ctx.model.family == "whisper":
            # a rate is Whisper's alone: one window a request (replicas_for_target)
            speed += rate_load_words(ctx, rate / WHISPER_WINDOW_S)
            speed += _at_rate_cost(ctx, o, rate / WHISPER_WINDOW_S, WHISPER_WINDOW_S / 3600,
                                   "per audio hour", c.per_audio_hour_usd)
        gpus = f.replicas_per_node * o.nodes
        if (ctx.req.workload == "serving" and ctx.model.family != "whisper"
                and perf.max_concurrency and gpus):
            # a generator's clips share a GPU with no real-time target (_audio_capability):
            # each clip's own speed at that batch, which the total hides
            clip_rate = perf.audio_seconds_per_s / perf.max_concurrency
            speed += (f"; {count(perf.max_concurrency // gpus, 'clip')} at once per GPU, "
                      f"~{clip_rate:.2g} s of audio per second each"
                      + (" (slower than real time)" if clip_rate < 1 else ""))
    if (ctx.req.workload == "batch" and perf.job_hours is not None
            and perf.output_tokens_per_s_total and perf.users_per_replica):
        # the job's time and price rest on the saturated rate, not on one user's speed
        per_replicas = o.fit.replicas_per_node * o.nodes
        each = f"each of {per_replicas} replicas" if per_replicas > 1 else "the replica"
        speed = (f", ~{perf.output_tokens_per_s_total:,.0f} output tokens/s in total with "
                 f"{each} saturated ({count(perf.users_per_replica, 'request')} in flight "
                 "per replica"
                 + (f", ~{perf.decode_tokens_per_s_per_user:.0f} tokens/s each"
                    if perf.decode_tokens_per_s_per_user else "")
                 + (f", first token ~{perf.time_to_first_token_ms:,.0f} ms"
                    if perf.time_to_first_token_ms is not None else "")
                 + f"): the job's ~{perf.job_hours:,.1f} h and its price rest on that rate")
    elif (perf.job_hours is None and _saturated_batch(ctx, None)
            and perf.output_tokens_per_s_total and perf.users_per_replica):
        # no job size: a month of steady batch work at the saturated rate, priced per unit
        per_replicas = o.fit.replicas_per_node * o.nodes
        each = f"each of {per_replicas} replicas" if per_replicas > 1 else "the replica"
        speed = (f", ~{perf.output_tokens_per_s_total:,.0f} output tokens/s in total with "
                 f"{each} saturated ({count(perf.users_per_replica, 'request')} in flight "
                 "per replica"
                 + (f", ~{perf.decode_tokens_per_s_per_user:.0f} tokens/s each"
                    if perf.decode_tokens_per_s_per_user else "")
                 + (f", first token ~{perf.time_to_first_token_ms:,.0f} ms"
                    if perf.time_to_first_token_ms is not None else "")
                 + "): no job size given, so a month of batch work at that rate"
                 + (f", {unit_usd(c.per_million_output_tokens_usd)} per million output tokens"
                    if c.per_million_output_tokens_usd is not None else ""))
    elif perf.users_per_replica and perf.time_to_first_token_ms is not None:
        # ("1 request/s", singular: audit regress13 #12)
        load = (f"{per_s(sig3(tg.rate_rps))} "
                f"(~{perf.users_per_replica} in flight per "
                "replica)" if tg.rate_rps else
                f"{count(ctx.req.concurrent_requests, 'concurrent request')} "
                f"({perf.users_per_replica} per replica)")
        speed += f"; at {load} the first token comes in ~{perf.time_to_first_token_ms:,.0f} ms"
    if ctx.untimed_training and f.gradient_checkpointing is not None:
        speed = (f", gradient checkpointing {'on' if f.gradient_checkpointing else 'off'}, "
                 f"micro-batch {f.micro_batch_size}")
        # its run's hours are unknown (job_time assumption): the hour's price is the figure
        decided += (" Job time unknown: the training speed of diffusion models is not "
                    f"modelled, so the run costs ${c.per_hour_usd:,.2f}/h times its hours.")
    return (f"{machine_words(o)} at {o.offer.provider} "
            f"({pricing_words(o.pricing_model, ctx.catalog.offers_by_id.get(o.offer.id))}, "
            f"price {_date_phrase(o.offer)}), {o.weights} "
            f"weights: {money}; uses {fit}{speed}.{decided}")


def machine_words(o: Option) -> str:
    """The machines an option rents: "2 x NVIDIA H100 SXM5 80GB (p5.4xlarge)" for one
    instance, "4 instances of 1 x NVIDIA L4 (g6.xlarge)" where it takes several (``nodes``
    > 1), so that separate machines never read as one; the price shown is for all of
    them."""
    one = f"{o.offer.gpu_count} x {o.offer.gpu_name}"
    if o.nodes > 1:
        return f"{o.nodes} instances of {one} ({o.offer.instance_type})"
    return one


LONG_TTFT_MS = 10_000
"""A time to first token above this always carries a warning."""


def _date_phrase(ref: OfferRef) -> str:
    return f"as of {ref.as_of}" if ref.as_of_kind == "published" else ref.price_date


def untrusted_reason(ctx: Ctx, offer: Offer) -> str | None:
    """Why the default ranking leaves ``offer`` out (stale or suspect), or None."""
    req = ctx.req
    if not req.include_stale:
        age = (ctx.today - offer.as_of).days
        if age > ctx.stale_days:
            return (f"stale: price is {age} days old (as of {offer.as_of}), older than the "
                    f"{ctx.stale_days}-day limit; include_stale to rank it")
    trust = ctx.catalog.trust_of(offer.id)
    # a doubt about the spot price alone leaves the offer's other prices usable
    # (:func:`quote_offer` leaves the spot price out)
    doubts = trust.doubts(provider_named=ctx.only_providers is not None)
    if doubts and not req.include_suspect:
        return "suspect price: " + "; ".join(doubts) + (
            "; include_suspect to rank it")
    return None


def offer_allowed(ctx: Ctx, offer: Offer) -> bool:
    if not allowed_but_region(ctx, offer):
        return False
    regions = ctx.regions
    # offer_query.region_outcome: the rule /v1/offers applies too (a price list, not
    # availability, is left out: unstated_availability)
    return regions is None or region_outcome(
        offer.provider, ctx.catalog.places(offer), regions,
        ctx.catalog.regions.table)[0] == "matched"


def allowed_but_region(ctx: Ctx, offer: Offer) -> bool:
    """Whether every filter of the request but its ``regions`` allows ``offer`` (providers,
    exclude_providers, gpus, max_gpus_per_node)."""
    only = ctx.only_providers
    if only is not None and offer.provider not in only:
        return False
    excluded = ctx.excluded_providers
    if excluded is not None and offer.provider in excluded:
        return False
    gpus = ctx.only_gpus
    if gpus is not None and offer.gpu not in gpus:
        return False
    limit = ctx.req.max_gpus_per_node
    return not (limit and offer.gpu_count > limit)


def unstated_availability(ctx: Ctx, offers: Sequence[Offer]) -> None:
    """With a region filter: note the providers whose offers it matched only on a price list
    (regions.toml ``availability = "not-stated"``: Lambda prices every type in every region)
    and that :func:`offer_allowed` therefore left out, with how many offers each. A value read
    as a group of countries ("eu": the European Union, not the continent) is said first, in a
    ``region_group`` assumption."""
    regions = ctx.regions
    if regions is None:
        return
    table = ctx.catalog.regions.table
    for term in regions.groups():
        group = table.groups.get(term.value)
        source = f"; source: {group.source.split(' (')[0]}" if group and group.source else ""
        if group is not None and group.area:
            # an area ("us-east": the states of the US Eastern Time Zone and the provider
            # region ids that start with us-east; audit buyer24b #10)
            ctx.note("region_group", term.said,
                     f"an area (catalog/regions.toml [[group]]{source}): an offer matches "
                     "where one of its regions is in one of its states or countries, or has "
                     "an id that starts with one of its stems; a region placed only in its "
                     "country (no state known) matches by its id alone")
            continue
        ctx.note("region_group", term.said,
                 "a group of countries (catalog/regions.toml [[group]]"
                 + (f"; source: {group.source.split(' ')[0]}" if group and group.source else "")
                 + "): an offer matches where one of its regions is in one of them; a region "
                 "placed only on a continent matches none; 'europe' is the continent")
    left: dict[str, tuple[int, set[str]]] = {}
    for o in offers:
        outcome, matched = region_outcome(o.provider, ctx.catalog.places(o), regions, table)
        if outcome == "availability_not_stated":
            n, ids = left.get(o.provider, (0, set()))
            left[o.provider] = (n + 1, ids | {r.id for r in matched})
    names = {p.id: p.name for p in ctx.catalog.providers}
    for provider, (n, ids) in sorted(left.items()):
        ctx.note("region_availability", f"{n} {provider} offers left out",
                 availability_words(names.get(provider, provider), ids, "regions"))


def excluded_no_region(ctx: Ctx, offers: Sequence[Offer]) -> int | None:
    """With a region filter: how many offers it left out because none of their regions has a
    known place (no region listed, or only ids the provider does not locate); None without
    one."""
    left = no_region_offers(ctx, offers)
    return None if left is None else len(left)


def no_region_offers(ctx: Ctx, offers: Sequence[Offer]) -> list[Offer] | None:
    """With a region filter: the offers every other filter allows (:func:`allowed_but_region`,
    as /v1/offers counts its otherwise-matching ones) that it left out because none of their
    regions has a known place (offer_query.region_outcome's ``no_place``); None without
    one. A providers filter of "runpod" no longer counts every other provider's offers."""
    regions = ctx.regions
    if regions is None:
        return None
    places = ctx.catalog.places
    return [o for o in offers if allowed_but_region(ctx, o)
            and region_outcome(o.provider, places(o), regions, None)[0] == "no_place"]


def _least_price(offer: Offer, spot: bool) -> float:
    """The lowest hourly price a request may use on ``offer`` (spot only where
    interruptible); 0 where none is published."""
    prices = [x for x in (offer.on_demand_usd_h, offer.reserved_usd_h,
                          offer.spot_usd_h if spot else None) if x is not None]
    return min(prices) if prices else 0.0


def _by_price(ctx: Ctx, offers: Sequence[Offer]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """(indices of ``offers`` cheapest first, their least prices): kept on the catalog
    snapshot for its own offers (flat tuples of numbers, untracked by the garbage
    collector)."""

    def make() -> tuple[tuple[int, ...], tuple[float, ...]]:
        least = [_least_price(o, ctx.interruptible) for o in offers]
        order = tuple(sorted(range(len(offers)), key=lambda i: (least[i], offers[i].id)))
        return order, tuple(least[i] for i in order)

    if offers is not ctx.catalog.offers:
        return make()
    table = ctx.catalog.derived.lru("recommend_offers_by_price", 2)
    return cast(tuple[tuple[int, ...], tuple[float, ...]],
                table.get_or_make(ctx.interruptible, make))


def rank_offers(ctx: Ctx, offers: Sequence[Offer], precisions: list[Precision],
                top_n: int | None = None, ceiling: float | None = None
                ) -> tuple[list[Quote], list[tuple[Offer, str]]]:
    """Quote every offer the model runs on, or say why not. Steady use (no job size): offers
    are planned cheapest first and the search stops where an offer's least possible cost is
    above the ``top_n``-th candidate's (default: the request's), except for the popular cards
    (``rejected`` names them); what is not planned could not have ranked. ``ceiling``: a
    cost above which no candidate matters to the caller (an alternative is shown only where
    it costs less than the answer): offers whose least possible cost is above it are not
    planned either, popular or not, and ``rejected`` does not name them."""
    candidates: list[Quote] = []
    rejected: list[tuple[Offer, str]] = []
    gpus = ctx.registry.gpus
    plans = ctx.plan_cache
    req = ctx.req
    filtered = (ctx.only_providers is not None or ctx.excluded_providers is not None
                or ctx.only_gpus is not None or ctx.regions is not None
                or bool(req.max_gpus_per_node))
    steady = not (req.training_tokens or req.job_output_tokens or req.job_images
                  or req.job_audio_hours)
    n = top_n or req.top_n
    order: Sequence[int] = range(len(offers))
    least: Sequence[float] = ()
    if steady:
        order, least = _by_price(ctx, offers)
    # a steady option on an offer costs at least its least price for the month's hours
    month_hours = ctx.hours_per_day * req.days_per_month
    costs: list[float] = []  # the n smallest sort costs so far, as a max-heap (negated)
    # of distinct options: the same machine at the same price in another region is one
    # option (:func:`finalise`), so it must not count twice towards the n (gpt-oss-120b: two
    # cudo A40 ids at $573 skipped 4 x RTX A5000 at $588, and $682 ranked 5th)
    counted: set[tuple[object, ...]] = set()
    training = req.workload in ("finetune", "pretrain")
    # what each GPU planned tries for each precision (itself, or its nearest that runs there)
    planned_gpus: set[str] = set()
    tried: dict[tuple[str, str], list[str]] = {}
    for k, i in enumerate(order):
        offer = offers[i]
        if (steady and len(costs) >= n and least[k] * month_hours > -costs[0] + 0.01
                and offer.gpu not in POPULAR):
            continue
        if steady and ceiling is not None and least[k] * month_hours > ceiling + 0.01:
            break  # cheapest first: every later offer is above the ceiling too
        gpu = gpus.get(offer.gpu)
        if gpu is None or (filtered and not offer_allowed(ctx, offer)):
            continue
        # timed over the link the offer states: a bridged PCIe card on a machine stated
        # "pcie" has no NVLink bridge (efficiency.joined_as), training and serving alike
        gpu = joined_as(gpu, offer.interconnect)
        if gpu.id not in planned_gpus:
            planned_gpus.add(gpu.id)
            for asked, used in stand_ins(ctx, gpu, precisions):
                if used is not None:
                    tried.setdefault((asked.id, used.id), []).append(gpu.name)
        plan = plans.get((link_key(gpu), offer.gpu_count))
        if plan is None:
            plan = best_plan(ctx, gpu, offer.gpu_count, precisions)
        if isinstance(plan, str) and rejection_kind(plan) in ("memory", "hardware"):
            rejected.append((offer, plan))
            continue
        # the model fits: only then is an untrusted price the reason it is left out, and
        # before a target, a deadline or a network it misses, which a buyer could relax
        # for an offer that would still not rank (audit 27a #7: a stale and suspect $0.55/h
        # A100 listed among "cheaper offers left out" as missing only the TTFT target)
        untrusted = untrusted_reason(ctx, offer)
        if untrusted is not None:
            rejected.append((offer, untrusted))
            continue
        if isinstance(plan, str):
            rejected.append((offer, plan))
            continue
        if plan.cap.pp > 1 and offer.network not in FAST_NETWORKS:
            rejected.append((offer, (
                f"multi-node split serving needs a fast node network: one replica spans "
                f"{plan.cap.pp} nodes of {offer.gpu_count} x {gpu.name}, and "
                f"{offer.instance_type} states no InfiniBand/EFA/RoCE network")))
            continue
        if training and plan.nodes > 1 and offer.network not in FAST_NETWORKS:
            rejected.append((offer, (
                f"multi-node training needs a fast node network: {plan.nodes} nodes of "
                f"{offer.gpu_count} x {gpu.name}, and {offer.instance_type} states no "
                "InfiniBand/EFA/RoCE network (gradient sync would crawl)")))
            continue
        # a stale reserved price (its own date) is left out, and said so; the offer's other
        # prices stand (:func:`quote_offer` leaves it out)
        stale_reserved = stale_reserved_reason(ctx, offer, plan)
        if stale_reserved is not None:
            rejected.append((offer, stale_reserved))
        quote = quote_offer(ctx, offer, gpu, plan)
        if isinstance(quote, str):
            if stale_reserved is None or quote != NO_USABLE_PRICE:
                rejected.append((offer, quote))
        else:
            candidates.append(quote)
            if quote.model == "reserved":
                # a reservation commits for a term: the same machine without one (on-demand,
                # or spot where allowed) is a separate option to weigh against it
                flexible = quote_offer(ctx, offer, gpu, plan, reserved=False)
                if not isinstance(flexible, str):
                    candidates.append(flexible)
            if steady and not {_option_key(quote, ctx), _choice_key(quote)} & counted:
                # one option, or one choice (:func:`finalise` ranks one zone of an instance
                # type), counts once; a resale with the machine it resells (:func:`_seller`)
                counted.update((_option_key(quote, ctx), _choice_key(quote)))
                if len(costs) < n:
                    heapq.heappush(costs, -quote.sort_cost)
                elif quote.sort_cost < -costs[0]:
                    heapq.heapreplace(costs, -quote.sort_cost)
    if (training and req.allow_multi_node and candidates
            and all(c.plan.job_hours is not None and c.plan.job_hours > LONG_RUN_DAYS * 24
                    for c in candidates)):
        # multi-node is allowed and every plan takes over LONG_RUN_DAYS (the plans spread a
        # training run over nodes only where one node cannot hold it): the plans over
        # InfiniBand/EFA nodes that finish it within them are options too, and the job tiers
        # (:func:`finalise`) rank them; first where one node takes a run of years
        candidates.extend(multi_node_quotes(ctx, offers, precisions[0]))
    _note_tried(ctx, precisions, tried)
    return candidates, rejected


def _note_tried(ctx: Ctx, precisions: list[Precision],
                tried: dict[tuple[str, str], list[str]]) -> None:
    """The ``precisions_tried`` assumption (:func:`note_rules`) made what the plans tried:
    with ``weights: "auto"`` a GPU whose kernels do not run a precision tries its nearest
    that does (:func:`stand_ins`), so fp16, gptq-int4 or nf4 were ranked under a list that
    read "bf16, fp8, int8, awq-int4"; a precision no GPU planned runs is not said to be
    tried. Each with the quality handicap the ranking applies (:func:`best_plan`)."""
    at = next((k for k, a in enumerate(ctx.assumptions) if a.name == "precisions_tried"),
              None)
    if at is None or not tried:
        return
    order = {p.id: k for k, p in enumerate(precisions)}
    # in the order the plans first tried them (a set's order varies with the process's
    # string hashing: two stand-ins of the same rank, bf16 and fp16, swapped between runs)
    used = sorted(dict.fromkeys(u for _, u in tried), key=lambda u: (
        min(order[a] for a, v in tried if v == u), order.get(u, len(order))))
    handicaps = ", ".join(f"{u} x{ctx.handicap(u)}" for u in used) + own_said(ctx, used)
    if ctx.req.weights != "auto":
        reason = (f"weights {ctx.req.weights} as asked (a GPU whose kernels do not run them "
                  f"is refused with the rule); quality handicap {handicaps}")
    else:
        reason = f"weights=auto tries each and ranks with a quality handicap: {handicaps}"
        on: dict[tuple[str, ...], list[str]] = {}  # the GPUs: each swap made on them
        for (a, u), names in tried.items():
            if a != u:
                on.setdefault(tuple(dict.fromkeys(names)), []).append(f"{u} for {a}")
        swaps = [f"{', '.join(what)} on {', '.join(names)}" for names, what in on.items()]
        if swaps:
            reason += ("; where a GPU's kernels do not run a precision, the nearest that "
                       "does is tried in its place (catalog/kernels.toml [nearest]): "
                       + "; ".join(swaps))
        skipped = [p.id for p in precisions if p.id not in used]
        if skipped:
            reason += (f"; {', '.join(skipped)} not tried: no GPU planned runs "
                       + ("it" if len(skipped) == 1 else "them"))
    ctx.assumptions[at] = msgspec.structs.replace(
        ctx.assumptions[at], value=", ".join(used), reason=reason)


MULTI_NODE_COUNTS = (2, 4, 8, 16, 32, 64, 128)
"""The node counts a long training run is spread over, fewest first."""


def multi_node_quotes(ctx: Ctx, offers: Sequence[Offer], p: Precision) -> list[Quote]:
    """A long training run spread over nodes joined by a fast network: for each offer a run
    may span (:func:`trains_over_nodes`: InfiniBand/EFA/RoCE, 8 or more GPUs), the fewest
    nodes (``MULTI_NODE_COUNTS``) that finish it within ``LONG_RUN_DAYS``, else the most,
    each at sizing's speed for that many (:func:`train_plan`), priced by the options' rules
    (:func:`quote_offer`: no stale or suspect price unless asked, spot only for interruptible
    work, reserved for a long run, billing and storage; a deadline spreads it further). One
    over the budget is left out, and its budget miss is not the answer's (the answer has
    options where these are asked for)."""
    fabric = [o for o in offers if trains_over_nodes(o)
              and o.gpu in ctx.registry.gpus and offer_allowed(ctx, o)
              and untrusted_reason(ctx, o) is None]
    quotes: list[Quote] = []
    misses = len(ctx.budget_misses)
    for o in fabric:
        gpu = joined_as(ctx.registry.gpus[o.gpu], o.interconnect)
        if kernel_refusal(ctx, gpu, p) is not None:
            continue  # the kernel rules hold over several nodes as on one (capability)
        for n in MULTI_NODE_COUNTS:
            plan = train_plan(ctx, gpu, o.gpu_count, p, n, node_net_gb_s(o))
            if plan is None or plan.job_hours is None:
                continue
            if plan.job_hours <= LONG_RUN_DAYS * 24 or n == MULTI_NODE_COUNTS[-1]:
                q = quote_offer(ctx, o, gpu, plan)
                if not isinstance(q, str) and q.per_job is not None:
                    quotes.append(q)
                break
    del ctx.budget_misses[misses:]
    return quotes


def _node_network_words(offer: Offer) -> str:
    """What a training run over several of ``offer``'s nodes is timed at between them: the
    offer's stated node network (:func:`node_net_gb_s`), else sizing's assumed fabric."""
    net = node_net_gb_s(offer)
    if net is None:
        return (f"The collectives between the nodes are timed at an assumed "
                f"{INTER_NODE_GB_S_PER_GPU * 8:,.0f} Gb/s per GPU: {offer.instance_type} states "
                f"{offer.network or 'no'} network but not its speed (a best case).")
    return (f"The collectives between the nodes are timed at the offer's "
            f"{offer.network_gbps:,.0f} Gb/s {offer.network} per node "
            f"({net * 8:,.4g} Gb/s per GPU"
            + (f", against the {INTER_NODE_GB_S_PER_GPU * 8:,.0f} Gb/s per GPU of the fastest "
               "fabrics" if net < INTER_NODE_GB_S_PER_GPU else "") + ").")


def _seller(ctx: Ctx, offer: Offer) -> str:
    """The provider whose machine the offer is: a marketplace's resale (catalog/providers.toml
    ``resells``: Prime Intellect's ``datacrunch__...`` rows are Verda's) is its upstream's,
    else the offer's own provider."""
    trust = ctx.catalog.trust_of(offer.id)
    if trust.resale_of is not None:
        original = ctx.catalog.offers_by_id.get(trust.resale_of)
        if original is not None:
            return original.provider
    prov = ctx.providers.get(offer.provider)
    if prov is not None and prov.resells:
        return prov.resells.get(offer.instance_type.split("_", 1)[0].lower(), offer.provider)
    return offer.provider


def _is_resale(ctx: Ctx, offer: Offer) -> bool:
    return _seller(ctx, offer) != offer.provider


def _option_key(c: Quote, ctx: Ctx) -> tuple[object, ...]:
    """Quotes that are one option: the same machine at the same price and total cost (in
    another region, under another instance id, or resold by a marketplace: one machine from
    two sellers took ranks 2 and 3 of a 70B answer, audit recommend2 #2)."""
    return (_seller(ctx, c.offer), c.offer.gpu, c.offer.gpu_count, c.plan.nodes, c.plan.p.id,
            c.model, c.spot, round(c.per_hour, 4), round(c.sort_cost, 2))


def _resale_note(ctx: Ctx, c: Quote, group: Sequence[Quote]) -> str:
    """Where the option stands for the same machine sold by another seller at the same price
    and cost (a marketplace's resale, :func:`_seller`): who else sells it and under which id,
    listed here rather than as another option."""
    others: list[Offer] = []
    for q in group:
        if q.offer.provider != c.offer.provider and q.offer not in others:
            others.append(q.offer)
    if not others:
        return ""
    names = ", ".join(f"{o.provider} ({o.id})" for o in others[:3]) + (
        f" and {len(others) - 3} more" if len(others) > 3 else "")
    if _is_resale(ctx, c.offer):
        return (f" The same {_seller(ctx, c.offer)} machine at the same price is also sold by "
                f"{names}: one option, not several.")
    return (f" The same machine at the same price is also resold by {names}: listed here, "
            "not as another option.")


def _choice_key(c: Quote) -> tuple[object, ...]:
    """Quotes that are one choice for a buyer: the same instance type of a provider at the
    same kind of price (and plan), whatever its zone or region and its price there."""
    return (c.offer.provider, c.offer.instance_type, c.offer.gpu, c.offer.gpu_count,
            c.plan.nodes, c.plan.p.id, c.model, c.spot)


def _first_choices(quotes: Sequence[Quote], k: int) -> list[Quote]:
    """``quotes`` (in their order) of their first ``k`` choices (:func:`_choice_key`): every
    zone of a choice kept, so that an option can say what its other zones cost."""
    kept: set[tuple[object, ...]] = set()
    out: list[Quote] = []
    for q in quotes:
        key = _choice_key(q)
        if key not in kept:
            if len(kept) == k:
                continue
            kept.add(key)
        out.append(q)
    return out


def _other_zones_note(ctx: Ctx, c: Quote, others: Sequence[Quote]) -> str:
    """Where the ranked quote's instance type is offered at the same kind of price in other
    zones or regions at other prices (:func:`finalise` ranks its cheapest alone): how many,
    where and at what range of hourly price and cost."""
    if not others:
        return ""
    places: list[str] = []
    for q in others:
        for name in [r.id for r in _shown_places(ctx, q.offer)] or [q.offer.id]:
            if name not in places:
                places.append(name)
    hours = [q.per_hour for q in others]
    costs = [quote_cost(q) for q in others]
    known = [x for x in costs if x is not None]
    unit = "/month" if c.per_month is not None else " for the job"

    def span(lo: float, hi: float, say: Callable[[float], str]) -> str:
        return say(lo) if say(lo) == say(hi) else f"{say(lo)} to {say(hi)}"

    shown = ", ".join(places[:4]) + (f" and {len(places) - 4} more" if len(places) > 4 else "")
    return (f" The same {c.offer.instance_type} ({pricing_words(c.model, c.offer)}) is "
            f"offered by {c.offer.provider} in {count(len(places), 'other location')} "
            f"priced here ({shown}) at "
            f"{span(min(hours), max(hours), lambda v: f'${v:,.2f}/h')}"
            + (f", {span(min(known), max(known), usd)}{unit}" if known else "")
            + ": only the cheapest is ranked.")


def _job_tier(candidates: list[Quote], limit_h: float | None = None
              ) -> Callable[[Quote], int]:
    """How a job's duration places an option before its price: 0 for every option where no
    rule applies. An option that takes over ``VERY_LONG_RUN_DAYS`` ranks after every option
    that finishes within them (tier 2); one over ``LONG_RUN_DAYS`` ranks after the options
    that finish within those where the cheapest of them costs at most
    ``LONG_RUN_PRICE_FACTOR`` x the cheapest option (tier 1). ``limit_h``: the request's own
    deadline (``max_job_hours``): every option meets it, and price alone ranks them (13B on
    1T tokens within 60 days ranked 16 nodes in 19.7 days first, over 6 nodes in 53 days for
    $565 less, so "how many H100 ... in 60 days?" was not the fewest that meet it: audit
    buyer29b #2)."""
    jobs = [c for c in candidates if c.plan.job_hours is not None]
    if not jobs or limit_h is not None:
        return lambda c: 0
    cheapest = min(c.sort_cost for c in jobs)
    within = [c.sort_cost for c in jobs if c.plan.job_hours is not None
              and c.plan.job_hours <= LONG_RUN_DAYS * 24]
    month = bool(within) and min(within) <= LONG_RUN_PRICE_FACTOR * cheapest
    year = any(c.plan.job_hours is not None and c.plan.job_hours <= VERY_LONG_RUN_DAYS * 24
               for c in jobs)

    def tier(c: Quote) -> int:
        h = c.plan.job_hours
        if h is None:
            return 0
        if year and h > VERY_LONG_RUN_DAYS * 24:
            return 2
        return 1 if month and h > LONG_RUN_DAYS * 24 else 0

    return tier


def _steady_stated(ctx: Ctx) -> bool:
    """Whether the request states a steady use (hours_per_day at least
    ``STEADY_HOURS_PER_DAY``): only then may a reserved monthly option rank first."""
    h = ctx.req.hours_per_day
    return h is not None and h >= STEADY_HOURS_PER_DAY


def finalise(ctx: Ctx, candidates: list[Quote], top_n: int | None = None) -> list[Option]:
    """The first ``top_n`` (default: the request's) candidates as full options, ranked: by
    cost, except that a job taking far longer than the others' ranks after them
    (:func:`_job_tier`) and that a reserved price ranks first only for a stated steady use
    (else the best option with no commitment comes first)."""
    n = top_n or ctx.req.top_n
    tier = _job_tier(candidates, ctx.req.max_job_hours)
    first: Quote | None = None
    if not _steady_stated(ctx):
        flexible = [c for c in candidates if c.model != "reserved" or c.plan.job_hours]
        if flexible and len(flexible) < len(candidates):
            first = min(flexible, key=lambda c: (tier(c), c.rank_key()))
    beaten: Quote | None = None  # the cheapest option a job's duration ranked lower
    if any(tier(c) for c in candidates):
        candidates = sorted(candidates, key=lambda c: (tier(c), c.rank_key()))
        cheapest = min(candidates, key=Quote.rank_key)
        if tier(cheapest) and cheapest.sort_cost < candidates[0].sort_cost:
            beaten = cheapest
            ctx.note("long_jobs", f"over {LONG_RUN_DAYS:g} days ranked later",
                     f"a job that takes over {VERY_LONG_RUN_DAYS:g} days on an option ranks "
                     f"after every option that finishes within {VERY_LONG_RUN_DAYS:g} days, "
                     f"and one over {LONG_RUN_DAYS:g} days after those that finish within "
                     f"{LONG_RUN_DAYS:g} days where the cheapest of them costs at most "
                     f"{LONG_RUN_PRICE_FACTOR:g}x the cheapest option; price ranks within "
                     "each group")
        candidates = _first_choices(candidates, 3 * n + 1)
    elif len(candidates) > 3 * n:
        # Only candidates whose choice's (:func:`_choice_key`) cheapest rounded cost is within
        # the 3n smallest can rank (n of them once the same machine in other regions and
        # zones collapses): keep those, every zone of them (a superset, in their order),
        # before building every rank key. round() is monotone, so the k-th smallest rounded
        # cost is the k-th smallest cost, rounded.
        least: dict[tuple[object, ...], float] = {}
        for c in candidates:
            ck = _choice_key(c)
            least[ck] = min(least.get(ck, c.sort_cost), c.sort_cost)
        if len(least) > 3 * n:
            nth = round(heapq.nsmallest(3 * n, least.values())[-1], 2)
            candidates = [c for c in candidates if least[_choice_key(c)] <= nth + 0.01]
    # the same machine at the same price and total cost in another region (or under another
    # instance id) is one option, not several: the first, in rank order, stands for them.
    # The same instance type of a provider at the same kind of price in another zone at
    # another price is one choice too: its cheapest is ranked, the others said in its why
    # (p6-b200.48xlarge spot in four AWS zones took ranks 1 to 4 of a 70B fine-tune)
    ranked: list[Quote] = []
    same: dict[tuple[object, ...], list[Quote]] = {}
    zones: dict[tuple[object, ...], list[Quote]] = {}  # a ranked choice's other zones
    pool = _first_choices(sorted(candidates, key=lambda c: (tier(c), c.rank_key())), 3 * n)
    promoted = False
    if first is not None and pool and pool[0].model == "reserved":
        pool, promoted = [first, *(c for c in pool if c is not first)], True
    for c in pool:
        key = _option_key(c, ctx)
        if key not in same:
            choice = _choice_key(c)
            if choice in zones:
                zones[choice].append(c)
                continue
            if len(ranked) == n:
                continue
            ranked.append(c)
            same[key] = []
            zones[choice] = []
        same[key].append(c)
    # the option is named by an offer whose id names no region it leaves out, where one of
    # the group has such an id
    # and by the machine's own provider rather than a marketplace reselling it
    for k, group in enumerate(same.values()):
        fitting = next((c for c in group if _names_hidden_region(ctx, c.offer) is None
                        and not _is_resale(ctx, c.offer)), None) or next(
            (c for c in group if _names_hidden_region(ctx, c.offer) is None), None)
        if fitting is not None and fitting is not ranked[k]:
            ranked[k] = fitting
    groups = list(same.values())
    out: list[Option] = []
    for i, c in enumerate(ranked, start=1):
        # another seller's row (a resale) is named in the why, its regions not merged in
        o = replace_struct(_option(ctx, c, [q for q in groups[i - 1]
                                            if q.offer.provider == c.offer.provider]), rank=i)
        notes = _rank_notes(ctx, c, tier, promoted=promoted and i == 1 and c is first,
                            beaten=beaten if i == 1 else None,
                            no_flexible=first is None)
        notes += _other_zones_note(ctx, c, zones.get(_choice_key(c), []))
        notes += _resale_note(ctx, c, groups[i - 1])
        notes += _ranked_above_note(ctx, ranked, i - 1, tier,
                                    days_said=beaten is not None and i == 1,
                                    reserved_said=promoted and i == 1 and c is first)
        if out:
            notes += _dearer_note(ctx, c, o, out[0])
        out.append(replace_struct(o, why=_why(o, ctx, c.plan.decided_by) + notes))
    _note_saturation(ctx, out)
    return out


_TARGET_NAMES = {"default TTFT": "default time-to-first-token target",
                 "default decode": "default decode target",
                 "TTFT": "time-to-first-token target", "decode": "decode-speed target",
                 "rate": "request-rate target"}

DEARER_NOTE_FACTOR = 2.0
"""An option costing at least this many times option #1 says so in its why, and what set its
replica count (audit recommend2 #3: 16 x 8 RTX 3090 at $20,493/month ranked third after
$7,457 with no word on the gap)."""


def _cost_of(o: Option) -> float | None:
    c = o.cost
    return c.per_month_usd if c.per_month_usd is not None else c.per_job_usd


def _dearer_note(ctx: Ctx, c: Quote, o: Option, first: Option) -> str:
    """Where the option costs ``DEARER_NOTE_FACTOR`` x option #1 or more: how many times, and
    where it runs more than one replica, what set their count (a target, or the memory: the
    requests each replica's KV cache holds at the full context)."""
    mine, lead = _cost_of(o), _cost_of(first)
    if mine is None or lead is None or lead <= 0 or mine < DEARER_NOTE_FACTOR * lead:
        return ""
    unit = "/month" if o.cost.per_month_usd is not None else " for the job"
    note = f" It costs {mine / lead:.1f}x option #1 ({usd(lead)}{unit})"
    plan = c.plan
    if plan.replicas > 1 and ctx.req.workload == "serving":
        if plan.decided_by:
            note += (f": {plan.replicas:,} replicas, their count set by the "
                     f"{_TARGET_NAMES.get(plan.decided_by, 'targets')}")
        else:
            held = max(1, plan.cap.replica_concurrency)
            needed = -(-max(1, ctx.req.concurrent_requests or 1) // held)
            if plan.replicas <= needed:
                note += (f": {plan.replicas:,} replicas because each one's memory holds "
                         f"{count(held, 'request')} at the full "
                         f"{ctx.req.context_tokens:,}-token context")
            else:  # the machines rented hold more replicas than the load needs
                note += (f": {plan.replicas:,} replicas, one on each GPU group of the "
                         f"machine(s) rented, where the load needs {needed:,}")
    return note + "."


def quote_cost(q: Quote) -> float | None:
    """What the option's cost shows (:func:`_cost_of`): a month's, else the job's."""
    return q.per_month if q.per_month is not None else q.per_job


def _ranked_above_note(ctx: Ctx, ranked: Sequence[Quote], k: int,
                       tier: Callable[[Quote], int], days_said: bool = False,
                       reserved_said: bool = False) -> str:
    """Where ``ranked[k]`` ranks above cheaper options listed after it: which, and the rule
    that placed it first (the ranking weighs each cost by the weights' quality handicap,
    ``QUALITY_HANDICAP``, and a plan over several machines by ``MULTI_NODE_HANDICAP``; a
    job's days, :func:`_job_tier`). Mixtral 8x22B at 2,000 tokens/s ranked 4 x H100 at fp8,
    $5,405/month, above 6 x 8 x V100 at gptq-int4, $4,835, with no word on why (audit
    rankwhy). ``days_said``/``reserved_said``: a note of :func:`_rank_notes` already says why
    it ranks before a cheaper job over the days' limit / a cheaper reserved price."""
    c = ranked[k]
    mine = quote_cost(c)
    if mine is None:
        return ""
    unit = "/month" if c.per_month is not None else " for the job"
    hc = ctx.handicap(c.plan.p.id)
    # the reasons -> the cheaper options they place after (rank, cost)
    groups: dict[str, list[tuple[int, float]]] = {}
    for j in range(k + 1, len(ranked)):
        d = ranked[j]
        theirs = quote_cost(d)
        if theirs is None or round(theirs, 2) >= round(mine, 2):
            continue
        if reserved_said and d.model == "reserved":
            continue
        reasons: list[str] = []
        if tier(c) < tier(d):
            if days_said:
                continue
            limit = VERY_LONG_RUN_DAYS if tier(d) == 2 else LONG_RUN_DAYS
            days, _ = stated_days(ctx, d)
            reasons.append(f"a job within {limit:g} days instead of ~{days:,.0f}")
        hd = ctx.handicap(d.plan.p.id)
        if hc < hd:
            reasons.append(f"{c.plan.p.id} weights instead of {d.plan.p.id} (quality handicap "
                           f"x{hc} against x{hd})")
        if c.plan.nodes == 1 < d.plan.nodes:
            reasons.append(f"1 machine instead of {d.plan.nodes:,} (x{MULTI_NODE_HANDICAP:g} "
                           "for a plan over several)")
        if reasons:
            groups.setdefault(" and ".join(reasons), []).append((j + 1, theirs))
    notes = ""
    for why, which in groups.items():
        # a cheaper option whose cost reads as this one's in whole dollars ("Ranked above
        # cheaper option #2 ($19/month)" on an option of $19/month: $18.71 against $18.66)
        # is said with the digits that tell them apart, and this one's cost beside it
        same = [theirs for _, theirs in which if usd(theirs) == usd(mine)]
        digits = max((apart_digits(mine, theirs, max(2, usd_digits(mine), usd_digits(theirs)))
                      for theirs in same), default=None)

        def said(amount: float, digits: int | None = digits) -> str:
            return usd(amount) if digits is None else f"${amount:,.{digits}f}"

        items = [f"#{n} ({said(theirs)}{unit})" for n, theirs in which]
        listed = (items[0] if len(items) == 1
                  else ", ".join(items[:-1]) + " and " + items[-1])
        if digits is not None:
            listed += f", against {said(mine)}{unit} for this one"
        notes += (f" Ranked above cheaper option{'s' if len(items) > 1 else ''} {listed}: "
                  f"{why}.")
    return notes


def _note_saturation(ctx: Ctx, options: list[Option]) -> None:
    """Where LLM serving options show saturated figures: at what concurrency they are, and why
    it is below /v1/sizing's (the memory headroom)."""
    if ctx.req.workload != "serving" or any(a.name == "saturation" for a in ctx.assumptions):
        return
    if not any(o.performance.output_tokens_per_s_total and o.performance.max_concurrency
               for o in options):
        return
    room = ctx.req.min_memory_headroom_pct
    ctx.note("saturation", "at max_concurrency"
             + (f", with the {room:g}% memory headroom" if room else ""),
             "output_tokens_per_s_total, requests_per_s and per_million_output_tokens_usd "
             "are each option's replicas saturated at max_concurrency: the requests in flight "
             "the memory holds at the full context"
             + (f" with {room:g}% of each GPU's memory kept free (min_memory_headroom_pct), "
                "fewer than /v1/sizing's max_concurrency, which fills the memory: its "
                "max_throughput_tokens_per_s is higher" if room else "")
             + "; the same serving model as the stated load (never below its output)")


def stated_days(ctx: Ctx, q: Quote) -> tuple[float, str]:
    """The days a quote's job is said to take, and the words after them: on spot, with the
    expected restarts its cost is billed for (``Ctx.spot_overhead_of``: 16 nodes, 33.3 %),
    "(expected, with restarts)"; otherwise its ``job_hours``. ``job_hours`` itself stays the
    compute time (the sizing's rate, what the ranking's 30-day rule reads)."""
    h = q.plan.job_hours or 0.0
    if q.spot:
        return h * (1 + ctx.spot_overhead_of(q.plan)) / 24, " (expected, with restarts)"
    return h / 24, ""


def _rank_notes(ctx: Ctx, c: Quote, tier: Callable[[Quote], int], promoted: bool,
                beaten: Quote | None = None, no_flexible: bool = False) -> str:
    """What the price alone does not say about an option: its commitment, the storage it
    pays per node, and a rule that placed it before or after cheaper ones."""
    notes: list[str] = []
    if c.model == "reserved":
        notes.append(f"Reserved price: it needs a commitment ({reserved_term(c.offer)}) and "
                     "bills every hour of the term"
                     + ("; a 'from' rate is the lowest the provider lists: the contract's "
                        "price may be higher" if reserved_from_rate(c.offer) else "")
                     + f". Used for {reserved_use(ctx, c)}."
                     + ("" if c.plan.job_hours is not None or _steady_stated(ctx)
                        else " It ranks by price only because no option without a "
                        "commitment meets the request; state hours_per_day to confirm a "
                        "steady use." if no_flexible else " With the usage unstated it ranks "
                        "after the best option with no commitment; state hours_per_day to "
                        "rank it by price."))
    elif promoted:
        notes.append("Ranked first over a cheaper reserved price: a reservation commits for a "
                     "term, and hours_per_day is not stated (24 h/day assumed).")
    hidden = _names_hidden_region(ctx, c.offer)
    if hidden is not None:
        notes.append(f"The offer id names {hidden}, where the catalog lists this machine at "
                     f"the same price too; your regions filter leaves {hidden} out: the "
                     "regions shown are the ones this option is for.")
    scaled = _scaled_words(ctx, c)
    if scaled:
        notes.append(scaled)
    if (c.plan.nodes > 1 and ctx.model.kind == "llm"
            and ctx.req.workload in ("finetune", "pretrain")):
        notes.append(_node_network_words(c.offer))
    if c.plan.nodes > 1 and c.storage_gb and ctx.req.workload in ("finetune", "pretrain"):
        # one sharded checkpoint for the job (pricing._quote_offer), said so
        notes.append(f"Storage counts one copy of the weights and checkpoints "
                     f"({c.storage_gb:,.0f} GB) for the run over its {c.plan.nodes} nodes: a "
                     f"sharded checkpoint saves each rank's shard once "
                     f"(torch.distributed.checkpoint); a local staging copy per node is not "
                     f"priced.")
    elif c.plan.nodes > 1 and c.storage_gb:
        # "instances", as machine_words names them ("26 instances of 2 x H100"), unless the
        # plan is one job over joined machines (training, or a replica split over nodes): it
        # read "on each of the 26 nodes" beside "26 instances" (audit buyer17b, lesser)
        joined = ctx.req.workload in ("finetune", "pretrain") or c.plan.cap.pp > 1
        notes.append(f"Storage counts a copy of the model files on each of the "
                     f"{c.plan.nodes} {'nodes' if joined else 'instances'} ({c.plan.nodes} x "
                     f"{c.storage_gb:,.0f} GB): no shared filesystem is priced.")
    dearer = (beaten is not None and c.per_job is not None and beaten.per_job is not None
              and beaten.per_job >= c.per_job)
    if beaten is not None and dearer and c.plan.nodes > beaten.plan.nodes:
        # cheaper only in rank cost (the multi-node handicap): in dollars the plan over more
        # nodes is both faster and cheaper, never "a cheaper option ... for $-X more"
        b_days, b_how = stated_days(ctx, beaten)
        days, how = stated_days(ctx, c)
        notes.append(f"Over {c.plan.nodes} nodes ({c.offer.network or 'unstated'} network) "
                     f"it finishes in ~{days:,.1f} days{how} instead of ~{b_days:,.0f}{b_how} "
                     f"on {count(beaten.plan.nodes, 'node')} ({beaten.offer.gpu_count} x "
                     f"{beaten.gpu.name} at {beaten.offer.provider}, "
                     f"{usd(beaten.per_job or 0)}), and costs "
                     f"{usd((beaten.per_job or 0) - (c.per_job or 0))} less.")
    elif beaten is not None and not dearer and beaten.plan.job_hours is not None:
        limit = VERY_LONG_RUN_DAYS if tier(beaten) == 2 else LONG_RUN_DAYS
        b_days, b_how = stated_days(ctx, beaten)
        notes.append(f"Ranked before a cheaper option that takes "
                     f"~{b_days:,.0f} days{b_how} ({beaten.offer.gpu_count} x "
                     f"{beaten.gpu.name} at {beaten.offer.provider}, "
                     f"{usd(beaten.per_job or 0)}"
                     + ("" if beaten.model != "reserved"
                        else f", {pricing_words(beaten.model, beaten.offer)}")
                     + f"): a job over {limit:g} days ranks after "
                     f"the options that finish within {limit:g} days.")
        if (c.plan.nodes > beaten.plan.nodes and c.plan.job_hours is not None
                and c.per_job is not None and beaten.per_job is not None):
            # a plan over more nodes (allow_multi_node): the days it saves for the money
            days, how = stated_days(ctx, c)
            notes.append(f"Over {c.plan.nodes} nodes ({c.offer.network or 'unstated'} "
                         f"network) it finishes in ~{days:,.1f} days{how} instead "
                         f"of ~{b_days:,.0f}, for "
                         f"{usd(c.per_job - beaten.per_job)} more.")
    t, h = tier(c), c.plan.job_hours
    if t and h is not None:
        limit = VERY_LONG_RUN_DAYS if t == 2 else LONG_RUN_DAYS
        notes.append(f"Ranked after the options that finish within {limit:g} days: this one "
                     f"takes ~{h / 24:,.0f} days.")
    return "".join(" " + n for n in notes)


def _scaled_words(ctx: Ctx, c: Quote) -> str:
    """A batch job spread over more instances for its deadline (pricing.scale_out), or a
    training run over more nodes (plans.train_nodes_for): how many, each one's time and what
    the plan before would take ("" where not)."""
    plan, limit = c.plan, ctx.req.max_job_hours
    if not plan.scaled_from or plan.job_hours is None or limit is None:
        return ""
    if plan.scaled_from_hours is not None:
        # a training run: every node syncs the gradients with the others each step (sizing's
        # multi-node rate), yet the layout sized for more nodes can run a faster step: the
        # words follow the two rates, never assume a slowdown (it
        # said "slows each" at 13,493 tokens/s per node against 12,518 alone, train2 #11)
        tps = c.plan.cap.train_tps or 0.0
        before = plan.scaled_from_hours
        more = plan.job_hours * plan.nodes / (before * plan.scaled_from) - 1
        # the same tokens over the plan before: its rate per node
        alone = tps * plan.job_hours / before / plan.scaled_from
        per_node = tps / plan.nodes
        spot = (f" (~{plan.job_hours * (1 + ctx.spot_overhead_of(plan)):,.1f} h expected "
                "with spot's restarts)" if c.spot else "")
        pace = ("slower per node, the gradient sync between nodes costing more than it gains"
                if per_node < alone * 0.995 else
                "faster per node: the layout sized for more nodes outruns the gradient sync "
                "it adds" if per_node > alone * 1.005 else
                "about the same per node")
        nh = (f"; {more * 100:,.0f}% more node-hours, so about that much more compute cost."
              if more >= 0.005 else
              f"; {-more * 100:,.0f}% fewer node-hours, so about that much less compute cost."
              if more <= -0.005 else "; about the same node-hours.")
        return (f"The deadline ({plain(limit)} h, max_job_hours) set the node count: the run "
                f"over {count(plan.nodes, 'node')} ({c.offer.network} network) takes "
                f"~{plan.job_hours:,.1f} h{spot} at "
                f"~{tps:,.0f} tokens/s (~{per_node:,.0f} per node against ~{alone:,.0f} on "
                f"{count(plan.scaled_from, 'node')}: {pace}), where "
                f"{count(plan.scaled_from, 'node')} would take ~{before:,.1f} h" + nh)
    k = plan.nodes / plan.scaled_from
    alone = plan.job_hours * k
    spot = (f" (~{plan.job_hours * (1 + ctx.spot_overhead_of(plan)):,.1f} h expected with "
            "spot's restarts)" if c.spot else "")
    return (f"The deadline ({plain(limit)} h, max_job_hours) set the instance count: the job's "
            f"independent requests split over {count(plan.nodes, 'instance')} "
            f"({count(plan.replicas, 'replica')}) running in parallel, each finishing its "
            f"share in ~{plan.job_hours:,.1f} h{spot}, where "
            f"{count(plan.scaled_from, 'instance')} would take ~{alone:,.1f} h; about the "
            "same GPU-hours, so about the same compute cost.")


def replace_struct(o: Option, **changes: object) -> Option:

    return msgspec.structs.replace(o, **changes)


def refused_but_large_enough(ctx: Ctx, p: Precision) -> Callable[[Offer], bool]:
    """Whether an offer's node holds the weights at ``p`` (the precision asked for) and, for
    LLM inference, one request's KV cache at the full context, with the headroom: where such
    a node cannot run ``p`` (catalog/kernels.toml), the refusal is a near miss a buyer asks
    about ("why not the T4?"), not a card too small to matter."""
    need = weight_bytes(ctx.model, p)
    a = ctx.model.arch
    if (a is not None and ctx.req.workload in ("serving", "batch")
            and ctx.model.kind == "llm" and ctx.model.task != "embed"):
        # its KV at the full context and what a sequence keeps besides (Llama 3.2 Vision: its
        # image's cross-attention KV), as /v1/sizing counts one request
        need += seq_cache_bytes(a, ctx.req.context_tokens, kv_of(ctx, p).bytes_per_element)
    need_gib = need / GIB
    gpus = ctx.registry.gpus

    def large_enough(offer: Offer) -> bool:
        gpu = gpus.get(offer.gpu)
        return gpu is not None and (
            headroom_limit(ctx, gpu.usable_gib) * offer.gpu_count >= need_gib)

    return large_enough


RoomAtLoad = Callable[[Offer, str], tuple[float, float, float] | None]
"""A headroom near miss judged at the request's load: (need per GPU in GiB, capacity in GiB,
headroom in %) where the load fits the offer without the headroom, else None."""


def headroom_at_load(ctx: Ctx) -> RoomAtLoad:
    """Whether a memory rejection is a headroom near miss at the request's load (audit
    regress12 #1): the reason quotes one request at the full context (the fit check of
    :func:`~service.domain.recommend.capability.serve_layouts`), so 1 x RTX A6000's "needs
    42.0 GiB ... gives 43.2 GiB" read as a near miss for 200 users of Llama 3.1 70B at 8k,
    whose KV cache alone is about 500 GiB. A near miss is one whose node holds every
    concurrent request at that context without the headroom (the same memory plan, at the
    load, over the split the reason names: its replicas share the requests, or its
    pipeline stages on a PCIe node carry them all); a load past that needs more nodes, and
    is no near miss."""
    users = max(1, ctx.req.concurrent_requests)
    gpus = ctx.registry.gpus

    def at_load(offer: Offer, reason: str) -> tuple[float, float, float] | None:
        miss, split = headroom_miss(reason), headroom_miss_split(reason)
        if miss is None or split is None or users == 1:
            return miss
        gpu = gpus.get(offer.gpu)
        if gpu is None:
            return None
        t = max(1, min(split[1], offer.gpu_count))
        stages = offer.gpu_count // t if t < offer.gpu_count and not all_to_all_link(gpu) else 1
        replicas = offer.gpu_count // (t * stages)
        per_replica = math.ceil(users / max(1, replicas))
        p = get_precision(split[0])
        plan = _memory_plan(ctx, p, t, ctx.req.context_tokens, stages)
        if per_replica > plan.engine.speed.max_num_seqs:
            return None
        need = plan.total_gib(per_replica)
        return (need, miss[1], miss[2]) if need <= miss[1] else None

    return at_load


def notable_rejections(rejected: list[tuple[Offer, str]], options: list[Option],
                       large_enough: Callable[[Offer], bool] | None = None,
                       named: frozenset[str] | None = None,
                       priced: Mapping[tuple[str, str], tuple[float, PriceKind]] | None = None,
                       room_at_load: RoomAtLoad | None = None,
                       ) -> list[Rejected]:
    """The offers left out that a buyer would ask about, at most ``MAX_REJECTED``, one per
    GPU shape, listed in this order: first the near misses (an offer the model fits on, out
    for the budget, a latency or throughput target, a stale or suspect price, or spot-only
    billing; and, where ``large_enough`` says its node holds the weights, a GPU that cannot
    run the precision asked for, with the rule) that are cheaper than the top option,
    cheapest first; then the popular cards and the GPUs ``named`` (the request's ``gpus``),
    whatever kept them out. A small card too small for the model is not news, unless the
    request asked for it: then it is the answer's why.

    Where more qualify than fit, every cause (:func:`_rejection_cause`) keeps its first entry
    in that order on a GPU shape not yet listed (the cheapest near miss of it, else the
    cheapest popular or named card) before any cause has a second, and the slots left go in
    that order: a dozen stale prices
    (a stale reserved price is listed at its own, often low, price) must not crowd out the
    one GPU that cannot run the weights or the one offer over budget. The kept entries stay
    in the order above.

    A stale reserved price left out is listed at that price and kind, never at the offer's
    on-demand price: an option may rank the same offer on its fresh on-demand price, and
    the two must not read as one price both ranked and refused. So is an offer over the
    budget at the price its reason was priced at (``priced``, :attr:`Ctx.budget_prices`:
    under spot, the spot price, not the on-demand one, audit serve #4). ``room_at_load``
    (:func:`headroom_at_load`) judges a headroom near miss at the request's load; without
    it, at the one request its reason quotes."""
    said = priced or {}

    def price_of(offer: Offer, reason: str) -> tuple[float | None, PriceKind | None]:
        return said.get((offer.id, reason)) or _rejected_price(offer, reason)

    top_price = options[0].cost.per_hour_usd / max(1, options[0].nodes) if options else None
    by_price = sorted(rejected, key=lambda r: (price_of(*r)[0] or 1e9, r[0].id))
    notable: list[tuple[Offer, str]] = []
    for offer, reason in by_price:
        price = price_of(offer, reason)[0]
        kind = rejection_kind(reason)
        # a GPU whose node holds the weights but cannot run them is a near miss, with
        # options or without (where nothing ranks, it is often the reason a buyer acts on)
        near = kind not in ("memory", "hardware") or (
            kind == "hardware" and reason.startswith(KERNEL_REFUSAL)
            and large_enough is not None and large_enough(offer)) or (
            # a machine the model fits on without the memory headroom (4 x MI300X for
            # DeepSeek-R1 fp8, $9.16/h under 8 x H200's $15.97/h): a near miss that /v1/ask
            # prices when the GPU is named, so it is listed with its reason (audit s4r1)
            kind == "memory" and (headroom_miss(reason) if room_at_load is None
                                  else room_at_load(offer, reason)) is not None)
        if near and (top_price is None or (price is not None and price <= top_price)):
            notable.append((offer, reason))
    notable.extend((offer, reason) for offer, reason in by_price
                   if offer.gpu in POPULAR or (named is not None and offer.gpu in named))
    kept: list[int] = []  # indices into notable
    shapes: set[tuple[str, int]] = set()
    causes: set[str] = set()
    for first_of_cause in (True, False):
        for i, (offer, reason) in enumerate(notable):
            shape, cause = (offer.gpu, offer.gpu_count), _rejection_cause(reason)
            if len(kept) >= MAX_REJECTED or shape in shapes or (
                    first_of_cause and cause in causes):
                continue
            shapes.add(shape)
            causes.add(cause)
            kept.append(i)
    out: list[Rejected] = []
    for i in sorted(kept):
        offer, reason = notable[i]
        price, price_kind = price_of(offer, reason)
        out.append(Rejected(offer_id=offer.id, gpu=offer.gpu, gpu_count=offer.gpu_count,
                            provider=offer.provider, price_usd_h=price, price_kind=price_kind,
                            reason=reason))
    return out


MAX_REJECTED = 10
"""The most offers ``rejected`` lists: enough for one of each cause (:func:`_rejection_cause`,
eight) and a few more of the cheapest, short enough to read."""


def _rejection_cause(reason: str) -> str:
    """What a buyer would do about a rejection: its kind (:func:`rejection_kind`: memory,
    hardware, budget, targets, billing, network), with an untrusted price split by how it is
    lifted: a stale price (``include_stale``; a stale reserved price too) or a suspect one
    (``include_suspect``)."""
    kind = rejection_kind(reason)
    if kind == "trust":
        return next(p for p in FITS_BUT["trust"] if reason.startswith(p))
    return kind


def _rejected_price(offer: Offer, reason: str) -> tuple[float | None, PriceKind | None]:
    """The price a rejection is about: the reserved one where only it was left out (stale),
    else the offer's basis (on-demand, else spot, else reserved)."""
    if reason.startswith(STALE_RESERVED) and offer.reserved_usd_h is not None:
        return offer.reserved_usd_h, "reserved"
    return price_basis(offer)


def best_cost(options: list[Option]) -> float | None:
    if not options:
        return None
    o = options[0].cost
    return o.per_month_usd if o.per_month_usd is not None else o.per_job_usd
