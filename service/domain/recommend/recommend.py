"""Recommendations: join model-aware sizing to dated offer prices, rank, and explain.

The rules are the guidance made exact: memory first (per GPU), then the throughput and latency
targets, then total cost for the usage pattern (billing granularity and minimum charge applied,
spot only where interruptible with an expected-cost model, reserved for long steady use,
storage and egress added). A model is split over GPUs only inside a node; PCIe-only splits carry
a warning. Same input and catalog give the same order.
"""

from __future__ import annotations

import datetime as dt

from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.alternatives import (
    default_ttft_floor,
    find_alternatives,
    floor_kept,
    impossible_reason,
    note_rules,
    region_not_listed,
    relaxed_default_ttft,
)
from service.domain.recommend.capability import (
    candidate_precisions,
    check_applies,
    embed_context,
    note_diffusion_setting,
    note_images,
    note_kv_default,
    note_request_size,
    pick_engine,
)
from service.domain.recommend.context import Ctx, unknown_price_defaults
from service.domain.recommend.options import (
    excluded_no_region,
    finalise,
    headroom_at_load,
    notable_rejections,
    rank_offers,
    refused_but_large_enough,
    unstated_availability,
)
from service.domain.recommend.plans import use_shared_caches
from service.domain.recommend.pricing import check_deadline, resolve_workload
from service.domain.recommend.types import (
    Recommendation,
    RecommendationRequest,
)
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import (
    check_diffusion_offload,
    clip_frames,
    resolve_model,
    with_images,
)


def recommend(req: RecommendationRequest, catalog: Catalog, today: dt.date, *,
              explain: bool = True) -> Recommendation:
    """Ranked options from the catalog's offers for a workload, its load, usage and budget:
    memory first (per GPU), then the targets, then the total cost for the usage (billing
    granularity, minimum charges, spot's expected restarts, storage and egress). Each option
    says why; ``rejected`` and ``alternatives`` say what was left out and what would change
    the answer. An impossible request is an answer with no options and a ``reason``.

    ``today`` dates the prices (staleness follows the catalog's date policy).
    ``explain=False``: the options and the reason only, without the alternatives and the
    notable rejections (for a caller that shows the top offers alone; it saves the
    alternatives' reruns over the catalog), but for the one alternative a region filter
    always carries where it left offers out for listing no known region
    (:func:`region_not_listed`)."""
    registry, offers, providers = catalog.registry, catalog.offers, catalog.providers
    implied = req.workload is None and bool(req.job_size_fields())
    req = resolve_workload(req)  # a job size alone is a batch job
    sreq = SizingRequest(model=req.model, architecture=req.architecture,
                         hf_config=req.hf_config)
    model = resolve_model(sreq, registry)
    one_image = model
    # each image's cross-attention KV in every request, as /v1/sizing sizes it: the plans,
    # speeds and alternatives all read the scaled architecture
    model = with_images(model, req.images_per_request)
    # a diffusion model's fine-tune is ranked by its memory and the hour's price, as
    # /v1/sizing sizes it (memory alone: its training speed is not modelled); pre-training,
    # and any training of an audio model, are not sized
    if req.workload == "pretrain" and model.kind != "llm":
        raise InvalidInput("pre-training recommendations cover LLMs; a diffusion model's "
                           "fine-tune is workload finetune", "$.workload")
    if req.workload == "finetune" and model.kind not in ("llm", "diffusion"):
        raise InvalidInput("fine-tuning recommendations cover LLMs and diffusion models; "
                           f"{model.name} is sized for inference only", "$.workload")
    # an embedding model reads context_tokens and writes nothing: output_tokens does not apply
    if (req.output_tokens >= req.context_tokens and req.workload in ("serving", "batch")
            and model.kind == "llm" and model.task != "embed"):
        raise InvalidInput("output_tokens must be smaller than context_tokens (context = "
                           "prompt + output)", "$.output_tokens")
    # past the model's context no engine serves the request (vLLM and SGLang refuse a
    # max_model_len over the config's unless told to override it): no option to rank, as
    # /v1/sizing says runs: false. Training past it extends the context (warned, sized); an
    # embedding model's input is cut at its limit (warned). A context the model card extends
    # to with rope scaling (Qwen3: YaRN to 131,072) is served with it, and said
    limit = model.context_limit
    if (req.workload in ("serving", "batch") and model.kind == "llm" and model.task != "embed"
            and limit and req.context_tokens > limit):
        raise InvalidInput(f"context_tokens {req.context_tokens:,} is over {model.name}'s "
                           f"max_context of {limit:,}: engines refuse longer requests (vLLM's "
                           "max_model_len), so no option serves them; state a context of at "
                           f"most {limit:,}", "$.context_tokens")
    interruptible = req.interruptible
    if interruptible is None:
        interruptible = req.workload in ("batch", "finetune")
    hours = req.hours_per_day if req.hours_per_day is not None else 24.0
    check_applies(req, model)
    # a clip's frames and diffusers' CPU offload as /v1/sizing reads them (one rule, its
    # assumptions said below): every option's memory and time follow the clip asked
    generates = req.workload in ("serving", "batch")
    frame_notes: list[tuple[str, str, str]] = []
    if req.cpu_offload:
        check_diffusion_offload(model, generates)
    if req.num_frames is not None:
        model = clip_frames(model, req.num_frames, generates,
                            lambda *a: frame_notes.append(a))
    check_deadline(req, req.workload == "finetune" and model.kind == "diffusion")
    asked, req = req, embed_context(req, model)  # an embedding model's own input length
    # the engine serves the model's kind and keeps the KV cache asked for (or, with none
    # named, the one that does is chosen and the answer says so)
    engine, engine_why = pick_engine(req, model, registry)
    prov = {p.id: p for p in providers}
    # an unknown storage or egress price counts at the highest sourced rate of its class
    storage_default, egress_default = unknown_price_defaults(providers)
    ctx = Ctx(req=req, model=model, catalog=catalog, registry=registry, providers=prov,
              today=today, stale_days=catalog.stale_after_days, interruptible=interruptible,
              hours_per_day=hours,
              engine=engine.id,
              max_storage_price=storage_default, max_egress_price=egress_default)
    ctx.check_filters()
    both = (ctx.only_providers or frozenset()) & (ctx.excluded_providers or frozenset())
    if both:
        raise InvalidInput(f"providers and exclude_providers both name {', '.join(sorted(both))}"
                           ": a provider is either asked for or left out", "$.exclude_providers")
    if implied:
        ctx.note("workload", "batch",
                 f"a job size was given ({', '.join(req.job_size_fields())}): priced as a "
                 "batch job, every replica saturated, as workload batch is")
    for args in frame_notes:
        ctx.note(*args)
    if model.kind == "diffusion":
        note_diffusion_setting(ctx)
    note_request_size(ctx, req is not asked)
    if engine_why is not None:
        ctx.note("engine", engine.id, engine_why)
    precisions = candidate_precisions(ctx)
    note_images(ctx, one_image, precisions[0])
    note_kv_default(ctx, precisions)
    use_shared_caches(ctx, precisions)
    note_rules(ctx, precisions)
    candidates, rejected = rank_offers(ctx, offers, precisions)
    floor = default_ttft_floor(ctx, candidates)
    if floor is not None:
        # the default TTFT is met, but only by buying replicas for it, within reach of the
        # setup's single-request floor: ranked again under the interactive limit, kept where
        # that cuts the cost several times (a default never multiplies the setup: audit
        # deftarget22, 80 x RTX 4090 for 20 users where 4 hold them)
        misses = list(ctx.budget_misses)
        ctx.relaxed_ttft = floor
        ctx.__dict__.pop("targets", None)
        ctx.budget_misses.clear()
        use_shared_caches(ctx, precisions)
        again, again_rejected = rank_offers(ctx, offers, precisions)
        kept = floor_kept(floor, candidates, again)
        if kept is not None:
            ctx.relaxed_ttft = kept
            candidates, rejected = again, again_rejected
            ctx.note("serving_defaults",
                     f"time to first token <= {kept.target_ms:,.0f} ms (relaxed from "
                     f"{kept.default_ms:,.0f} ms)", kept.words())
        else:
            ctx.relaxed_ttft = None
            ctx.__dict__.pop("targets", None)
            ctx.budget_misses[:] = misses
            use_shared_caches(ctx, precisions)
    tg = ctx.targets
    if not candidates and (tg.default_ttft or tg.default_decode) and not ctx.budget_misses \
            and any("default" in r for _, r in rejected if r.startswith("misses")):
        # the defaults are a preference, not the user's target: where no offer meets them,
        # rather than no answer, the answer without them (the 10 s TTFT warning still
        # applies). Where some do but cost more than the budget, the budget binds: no
        # option, and the reason says what meeting them costs
        missed = next(r for _, r in rejected if r.startswith("misses") and "default" in r)
        # first the default time-to-first-token target relaxed to what the fastest offer
        # reaches (with the serving model's error band), so that the cheapest option is
        # never one several times slower than the fastest (audit serve #4); the options
        # say so. Where that leaves none either, the answer without the defaults
        relaxed = relaxed_default_ttft(ctx, rejected, precisions)
        if relaxed is not None:
            ctx.relaxed_ttft = relaxed
            ctx.__dict__.pop("targets", None)
            ctx.budget_misses.clear()
            use_shared_caches(ctx, precisions)
            candidates, rejected = rank_offers(ctx, offers, precisions)
            if candidates:
                ctx.note("serving_defaults",
                         f"time to first token <= {relaxed.target_ms:,.0f} ms (relaxed from "
                         f"{relaxed.default_ms:,.0f} ms)",
                         f"{relaxed.words()}; the fastest: {relaxed.best_words}")
            else:
                ctx.relaxed_ttft = None
        if not candidates:
            ctx.relax_defaults = True
            ctx.__dict__.pop("targets", None)
            ctx.budget_misses.clear()
            use_shared_caches(ctx, precisions)
            candidates, rejected = rank_offers(ctx, offers, precisions)
            ctx.note("serving_defaults", "not applied",
                     "no offer meets the default serving targets at this context and load (for "
                     f"example: {missed}); the options are shown without them")
    options = finalise(ctx, candidates)
    unstated_availability(ctx, offers)
    # with no option the reason's advice is the alternatives found (each a rerun that has
    # one), so they are searched then even where the answer does not show them
    tried: list[str] = []
    alternatives = (find_alternatives(ctx, offers, options, precisions, rejected, candidates,
                                      tried) if explain or not options else [])
    reason = None
    if not options:
        reason = impossible_reason(ctx, rejected, precisions, alternatives, tried)
    if not explain:
        alternatives = []
    # the offers a region filter left out for listing no known region: said, with the best
    # of them, whatever ``explain`` (audit regionnone: a $245/month RTX 4090 was gone from
    # "runpod in the EU" with only excluded_no_region counting it)
    unlisted = region_not_listed(ctx, offers, options)
    if unlisted is not None:
        alternatives = [*alternatives, unlisted]
    return Recommendation(excluded_no_region=excluded_no_region(ctx, offers),
                          model=model.id if model.id != "custom" else model.name,
                          workload=req.effective_workload(), options=options,
                          rejected=notable_rejections(
                              rejected, options, refused_but_large_enough(ctx, precisions[0]),
                              ctx.only_gpus, ctx.budget_prices, headroom_at_load(ctx))
                          if explain else [],
                          alternatives=alternatives, reason=reason,
                          catalog_version=catalog.version, assumptions=ctx.assumptions)
