"""What a node shape (GPU x count) can do for the workload at one precision: memory fit, tensor
split, replicas, serving speed, time to first token, training and image throughput."""

from __future__ import annotations

import math
from dataclasses import replace

import msgspec

from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import cross_attention_kv_bytes
from service.domain.catalog.precisions import (
    PRECISIONS,
    KVType,
    Precision,
    find_precision,
    get_precision,
    lower_than_own,
)
from service.domain.catalog.registry import Registry
from service.domain.errors import InvalidInput
from service.domain.fields import DEFAULT_CONTEXT_TOKENS, EMBED_INPUT_SOURCES, EMBED_INPUT_TOKENS
from service.domain.locale import plain, sig3
from service.domain.recommend.context import (
    AUTO_IMAGE,
    AUTO_LLM,
    Capability,
    Ctx,
    LoadAt,
    count,
    per_s,
)
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S, cache_bytes_per_sequence
from service.domain.sizing.batching import audio_batch, embed_batch
from service.domain.sizing.efficiency import link_key
from service.domain.sizing.hardware import fp32_components, nearest_candidates
from service.domain.sizing.layout import (
    PCIE_TP_MAX,
    all_to_all_link,
    machine_node,
    node_of,
    search_training,
    tensor_in_node_weighed,
)
from service.domain.sizing.memory import (
    GIB,
    PAIRED_OBJECTIVES,
    REFERENCE_OBJECTIVES,
    InferencePlan,
    SizedModel,
    TrainingPlan,
    diffusion_memory,
    frozen_models,
    is_video,
    largest_batch,
    served_at_once,
)
from service.domain.sizing.requests import FinetuneOptions, SizingRequest, training_options
from service.domain.sizing.serving import StepCost, admission, serve, step_cost
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    KIND_WORDS,
    check_image_fields,
    check_kind_format,
    check_resolution,
    check_training_method,
    default_weights,
    global_batch_tokens,
    kv_default_reason,
    qlora_base,
    resolve_engine,
    resolve_kv,
    setups_for,
    training_base,
    training_plan_precision,
    training_step,
    training_weights,
)
from service.domain.sizing.speed import (
    achievable_tflops,
    diffusion_seconds_per_image,
    estimate_performance,
    kernel_compute,
    layer_split_load,
    training_speed,
    users_for_rate,
)


def candidate_precisions(ctx: Ctx) -> list[Precision]:
    """The weights the options are planned in: those asked, else the checkpoint's or the
    model's own format, else the engine's choices (each said in an assumption where the
    checkpoint decided, or where its layout sizes the fp8 weights)."""
    out = _candidates(ctx)
    ck = ctx.model.fp8_checkpoint
    if ck is not None and any(p.id == "fp8" for p in out):
        ctx.note("fp8_checkpoint", ck.repo, "fp8 weights are sized as this official "
                 f"checkpoint stores them, some linear layers in bf16 (source: {ck.source})")
    return out


def _candidates(ctx: Ctx) -> list[Precision]:
    req = ctx.req
    if ctx.req.workload in ("finetune", "pretrain"):
        ft = training_options(req.finetune, req.effective_workload())
        assert ft.method is not None
        asked = None
        if req.weights != "auto":
            asked = find_precision(req.weights)
            if asked is None:
                raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
        # the method's own refusals, as sizing words them (pre-training with adapters, full
        # training of a quantized base, QLoRA on a 16-bit one)
        check_training_method(req.effective_workload(), ft.method, asked)
        if asked is not None and ft.method == "qlora":
            # sizing's rule: weights QLoRA does not train on (a GGUF file) give way to NF4,
            # said so (qlora_base)
            base, why = qlora_base(asked)
            if why:
                ctx.note("weights_precision", base.id, why)
            return [base]
        if asked is not None:
            # sizing's rule: LoRA on a format with no training path is its bf16 copy; fp8
            # full training is FP8 mixed precision (sized at bf16 in train_capability)
            trained, why = training_weights(ft.method, asked)
            if why:
                ctx.note("weights_precision", trained.id, why)
            return [trained]
        # sizing's rule: QLoRA on NF4; LoRA and full on the release's own float format, else
        # a bf16 copy of it (gpt-oss's MXFP4 and DeepSeek's FP8 have no training path)
        base, why = training_base(
            ft.method, default_weights(req.model, req.hf_config, ctx.model).precision)
        if why:
            ctx.note("weights_precision", base.id, why)
        return [base]
    if req.weights != "auto":
        p = find_precision(req.weights)
        if p is None:
            raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
        # a format only another kind of model comes in (AWQ on Whisper: catalog/kernels.toml
        # [[kind_format]]) is the 400 /v1/sizing gives, never an audio model sized at awq
        check_kind_format(ctx.registry, ctx.model, p)
        return [p]
    # the checkpoint's own format (a name ending in FP8, a pasted quantization_config), else
    # the model's native one: sizing's default, said as sizing says it
    shipped = default_weights(req.model, req.hf_config, ctx.model)
    if shipped.reason:
        ctx.note("weights_precision", shipped.precision.id, shipped.reason)
    if shipped.warning:
        ctx.note("weights_precision", shipped.precision.id, shipped.warning)
    if ctx.model.kind == "diffusion":
        # a diffusion pipeline runs lower precisions too (diffusers: FP8 layerwise storage,
        # and the kernel rules for every engine: INT8, bitsandbytes NF4); each GPU keeps
        # only what its kernels run (runnable_precisions), ranked with the quality handicap
        base = shipped.precision
        return [base, *(get_precision(x) for x in AUTO_IMAGE if x != base.id
                        and _engine_has_kernel(ctx, get_precision(x)))]
    if ctx.model.kind != "llm" or ctx.model.task == "embed":
        return [shipped.precision]
    auto = ctx.registry.engines[ctx.engine].auto_weights
    native = shipped.precision.id
    if auto:
        # a model released in a format the engine runs (gpt-oss's MXFP4 on llama.cpp) is
        # tried in it first, then the engine's own formats
        own = ([get_precision(native)] if native and native not in ("bf16", "fp16", *auto)
               and _engine_has_kernel(ctx, get_precision(native)) else [])
        # where its own is tried, only formats of fewer bits per weight (lower_than_own):
        # gpt-oss's MXFP4 is not re-quantised to Q4_K_M (4 bits both) nor Q8_0
        return own + [get_precision(x) for x in auto
                      if not own or lower_than_own(get_precision(x), own[0])]
    if native and native != "bf16":
        return [get_precision(native)]
    return [get_precision(x) for x in AUTO_LLM]


def kv_applies(req: RecommendationRequest, model: SizedModel) -> bool:
    """Whether the request's KV cache sizes anything: LLM serving or a batch job of a model
    that generates (an embedding model keeps no cache; training keeps none)."""
    return model.generates_tokens and req.workload in ("serving", "batch")


JOB_FIELDS = {"job_output_tokens": "language models that generate text",
              "job_images": "diffusion (image and video) models",
              "job_audio_hours": "speech models",
              "job_embed_tokens": "embedding models"}
"""Each job-size field and the models it sizes a job of."""


def _job_field(model: SizedModel) -> str:
    """The job-size field that applies to ``model``."""
    if model.kind == "diffusion":
        return "job_images"
    if model.kind == "audio":
        return "job_audio_hours"
    return "job_embed_tokens" if model.task == "embed" else "job_output_tokens"


def check_applies(req: RecommendationRequest, model: SizedModel) -> None:
    """A job size for another kind of model, or training tokens for serving, is a 400 at the
    field: silently ignored, it would price a month of steady use as if no job were given."""
    own = _job_field(model)
    for name, applies_to in JOB_FIELDS.items():
        if name != own and getattr(req, name) is not None:
            raise InvalidInput(f"{name} sizes a job of {applies_to}; {model.name} is not one: "
                               f"give {own} for its job size", f"$.{name}")
    if (req.workload == "finetune" and model.kind == "diffusion"
            and req.training_tokens is not None):
        # its training speed is not modelled (/v1/sizing: memory and fit only): tokens would
        # be ignored and the job read as timed
        raise InvalidInput(f"training_tokens sizes a language model's run; {model.name}'s "
                           "training speed is not modelled (its fine-tune is sized by memory "
                           "alone, as /v1/sizing sizes it), so its options rank by the hour's "
                           "price with no job time: leave training_tokens out",
                           "$.training_tokens")
    if req.training_tokens is not None and req.workload not in ("finetune", "pretrain"):
        raise InvalidInput("training_tokens applies to workload finetune or pretrain; for a "
                           f"{req.workload} job give {own}", "$.training_tokens")
    if req.job_output_tokens is not None and req.output_tokens == 0:
        # a job of generated tokens made of requests that generate none never ends: priced,
        # it read as a job of one first token a request
        raise InvalidInput(f"output_tokens is 0 (no tokens generated per request), so a job "
                           f"of job_output_tokens ({req.job_output_tokens:,.0f}) is never "
                           "done: give output_tokens, the tokens each request generates",
                           "$.output_tokens")
    if req.max_seconds_per_image is not None and (
            model.kind != "diffusion" or req.workload not in ("serving", "batch")):
        raise InvalidInput("max_seconds_per_image (the longest one image or clip may take) "
                           "applies to image and video models, serving or batch; "
                           f"{model.name} is not one" if model.kind != "diffusion" else
                           "max_seconds_per_image applies to serving or batch",
                           "$.max_seconds_per_image")
    # width and height as steps: they were dropped with a 200 on another model (audit
    # buyer18a #11), one check with /v1/sizing's
    check_image_fields(model, {"width": req.width, "height": req.height, "steps": req.steps})
    if not model.generates_tokens:
        for name in TOKEN_TARGETS:
            if getattr(req, name) is not None:
                raise InvalidInput(f"{name} is a target of language models that generate "
                                   f"text; {_no_tokens(model)}", f"$.{name}")
    if (req.target_requests_per_s is not None and model.kind == "audio"
            and model.family != "whisper"):
        raise InvalidInput(
            f"target_requests_per_s needs the seconds of audio a request generates, which "
            f"no field gives for {model.name}: give concurrent_requests (clips generated at "
            "once) or job_audio_hours", "$.target_requests_per_s")


def embed_context(req: RecommendationRequest, model: SizedModel) -> RecommendationRequest:
    """``req`` with an embedding model's default context: where ``context_tokens`` is not
    given (a body cannot be told from one that states the default 4,096: /v1/sizing, which
    sees whether its body gives ``input_tokens``, sizes the same chunk), one retrieval chunk of
    :data:`~service.domain.fields.EMBED_INPUT_TOKENS` (512), at most the model's own input
    length, rather than a language model's 4,096, which a rate would count as 4,096 tokens a
    request (bge-m3, whose limit is 8,192, was sized at 24 L40S for 500 requests/s instead of
    a few V100s). A context the request states is kept, and warned past the limit."""
    if model.task != "embed" or req.context_tokens != DEFAULT_CONTEXT_TOKENS:
        return req
    limit = model.max_context
    return msgspec.structs.replace(
        req, context_tokens=min(limit, EMBED_INPUT_TOKENS) if limit else EMBED_INPUT_TOKENS)


TOKEN_TARGETS = ("max_time_to_first_token_ms", "min_decode_tokens_per_s",
                 "target_output_tokens_per_s")
"""The serving targets counted in generated tokens: the plan search of an LLM reads them;
image, speech and embedding models generate none, so the fields are refused there rather
than dropped."""


def _no_tokens(model: SizedModel) -> str:
    """Why a token target does not apply to ``model`` and the fields that size its load."""
    if model.task == "embed":
        return (f"{model.name} is an embedding model and generates no tokens (time to first "
                "token, decode speed and output tokens do not apply): give "
                "target_requests_per_s (one input of context_tokens a request) or "
                "concurrent_requests")
    if model.kind == "diffusion":
        return (f"{model.name} generates images, not tokens: give target_requests_per_s "
                "(one image a request) or concurrent_requests")
    if model.family == "whisper":
        return (f"{model.name} transcribes audio: give target_requests_per_s "
                f"({WHISPER_WINDOW_S:g} s of audio a request) or concurrent_requests "
                "(streams transcribed at once)")
    return (f"{model.name} generates audio, not text tokens: give concurrent_requests (clips "
            "generated at once) or job_audio_hours")


def diffusion_setting(req: RecommendationRequest, model: SizedModel) -> tuple[int, int, int]:
    """Width, height and denoising steps a diffusion recommendation prices, as sizing reads
    them: the request's, else the model's own (its pipeline's default), else 1024 and 30."""
    return (req.width or model.native_width or 1024, req.height or model.native_height or 1024,
            req.steps or model.default_steps or 30)


def note_diffusion_setting(ctx: Ctx) -> None:
    """The assumption that states what every image is priced at."""
    m, req = ctx.model, ctx.req
    check_resolution(req.width, req.height)
    w, h, steps = diffusion_setting(req, m)
    given = [f for f in ("width", "height", "steps") if getattr(req, f) is not None]
    if ctx.untimed_training:
        # a training step's images: their size sets the activations; no image is generated
        ctx.note("diffusion_setting", f"{w}x{h}",
                 "each training image at this size, which sets the activations' memory ("
                 + (f"{', '.join(g for g in given if g != 'steps')} as asked; "
                    if set(given) - {"steps"} else "")
                 + "else the model's native resolution); denoising steps do not apply to "
                 "training")
        return
    ctx.note("diffusion_setting", f"{w}x{h}, {steps} steps" + (
        f", {m.num_frames} frames" if m.num_frames and m.num_frames > 1 else ""),
        "each image is timed and priced at this size and step count (" + (
            f"{', '.join(given)} as asked; " if given else "") + "the rest the model's "
        "pipeline defaults); time and cost grow about linearly with steps")
    item = "clip" if is_video(m) else "image"
    if req.cpu_offload:
        ctx.note("cpu_offload", "enable_model_cpu_offload",
                 "each GPU runs the pipeline with diffusers' model CPU offload "
                 "(pipe.enable_model_cpu_offload(): one main component on the GPU at a time, "
                 "the others in CPU memory; huggingface.co/docs/diffusers/optimization/"
                 "memory#model-offloading), so an option's memory per GPU is the largest of a "
                 "text encoder alone, the denoiser with its activations and the VAE with its "
                 f"decode, as /v1/sizing sizes it with cpu_offload; each {item}'s time is the "
                 "all-resident pipeline's (the moves between CPU and GPU not timed)")
    if req.job_images:
        ctx.note("diffusion_job_split", f"one {item} per GPU",
                 f"each {item} runs whole on one GPU (diffusers runs a pipeline on one "
                 f"device), so a job of {plain(req.job_images)} takes "
                 f"ceil({plain(req.job_images)} / "
                 f"GPUs) x one {item}'s time: GPUs beyond the {item}s count stay idle and are "
                 "still billed. Engines that split one item over GPUs by sequence "
                 "parallelism (xDiT's USP for Wan 2.1 and HunyuanVideo, diffusers' "
                 "ContextParallelConfig) are not modelled: the catalog has no measured "
                 "scaling for them")
    if req.max_seconds_per_image is not None:
        ctx.note("max_seconds_per_image", f"{plain(req.max_seconds_per_image)} s",
                 f"one {item} must take at most this long on one GPU (one {item} a GPU at a "
                 f"time, as each replica serves one request); a GPU slower than that at "
                 f"{w}x{h}, {steps} steps is left out and listed in rejected with its time. "
                 "Queueing before an image starts is not counted: under "
                 "target_requests_per_s each replica is at most "
                 f"{HEADROOM_LOAD:.0%} busy")


def keeps_kv(engine: Engine, kv: KVType) -> bool:
    """Whether ``engine`` keeps a KV cache of type ``kv`` (an engine listing no
    ``kv_cache_types`` keeps any)."""
    return engine.keeps_kv(kv.id)


def kv_refusal(engine: Engine, kv: KVType, registry: Registry, kind: str) -> str:
    """Why ``engine`` cannot keep ``kv``, as /v1/sizing says it (the same 400 at
    ``$.kv_cache``), with the engines that do."""
    return registry.engines.kv_refusal(engine, kv.id, kind, unset_hint=True)


def _no_kernel_for(registry: Registry, engine: Engine, p: Precision) -> str | None:
    """The kernel matrix's words where it gives ``engine`` no path at all for ``p`` on any
    GPU (llama.cpp and FP8 weights), else None."""
    kernels = registry.kernels
    if not kernels:
        return None
    rules = kernels.rules_for(engine.id, p.id)
    if not rules or any(r.cuda_min or r.rocm or r.other for r in rules):
        return None
    return rules[0].runs


def pick_engine(req: RecommendationRequest, model: SizedModel, registry: Registry
                ) -> tuple[Engine, str | None]:
    """The engine a recommendation plans with, and why where the KV cache chose it.

    An explicit engine must serve the model's kind (sizing's rule: a 400 at ``$.engine``)
    and keep the KV-cache type asked for (a 400 at ``$.kv_cache``, as sizing answers): an
    option is never sized on a cache its engine cannot keep. With no engine given, the
    default engine of the kind; where that one does not keep the KV type, the first engine
    that serves the kind and does (q8_0 / q4_0: llama.cpp, with its GGUF weights), said in an
    assumption. Explicit weights must run on an engine that keeps the type (GGUF weights run
    on llama.cpp whatever the engine)."""
    engines = registry.engines
    asked = find_precision(req.weights) if req.weights != "auto" else None
    named, why_in = req.engine, None
    stand_in = (engines.stand_in(req.engine)
                if req.engine and engines.find(req.engine) is None else None)
    if stand_in is not None:
        # an engine not modelled (Text Generation Inference): planned as the one its data
        # lists it under, as /v1/sizing times it (it was a 400 here only: buyer audit 28b #4)
        named = stand_in[0].id
        why_in = (f"{stand_in[1].name} is not modelled: planned as {stand_in[0].name}, the "
                  f"nearest engine modelled ({stand_in[1].why})")
    if named:
        engine = resolve_engine(named, model,
                                asked or get_precision(model.native_precision or "bf16"),
                                registry)
    else:
        engine = engines.default(model.kind, False)
    if not kv_applies(req, model) or req.kv_cache is None:
        # none asked: every engine keeps its own (:func:`kv_of`)
        return engine, why_in
    kv = resolve_kv(req.kv_cache)
    why: str | None = None
    if not keeps_kv(engine, kv):
        if req.engine:
            raise InvalidInput(kv_refusal(engine, kv, registry, model.kind), "$.kv_cache")
        keeps = [e for e in engines
                 if model.kind in e.kinds and e.kv_cache_types and e.keeps_kv(kv.id)]
        if not keeps:
            raise InvalidInput(f"no engine of the catalog keeps a {kv.id} KV cache for "
                               f"{KIND_WORDS[model.kind]}", "$.kv_cache")
        chosen = keeps[0]
        why = (f"kv_cache {kv.id}: {engine.name}, the default engine, keeps its KV cache as "
               f"{' or '.join(engine.kv_cache_types)}; only "
               + (f"{chosen.name} options" if len(keeps) == 1 else
                  f"options of engines that keep it ({', '.join(e.id for e in keeps)}; "
                  f"{chosen.name} planned)")
               + " are ranked"
               + (f", with its weights ({', '.join(chosen.auto_weights)} unless weights "
                  "names one)" if chosen.auto_weights else "")
               + "; set kv_cache fp16 or fp8 to rank vLLM-class engines")
        if asked is not None and not asked.gguf:
            no_path = _no_kernel_for(registry, chosen, asked)
            if no_path is not None:
                raise InvalidInput(
                    f"a {kv.id} KV cache is kept by {chosen.name}, which does not run "
                    f"{asked.id} weights ({no_path}); use weights "
                    f"{' or '.join(chosen.auto_weights) or 'in GGUF'} with it, or kv_cache "
                    "fp16 or fp8", "$.kv_cache")
        engine = chosen
    if asked is not None:
        runs = (engines.for_format("gguf") if asked.gguf else None) or engine
        if not keeps_kv(runs, kv):
            raise InvalidInput(kv_refusal(runs, kv, registry, model.kind)
                               + f"; {asked.id} weights run on {runs.name}", "$.kv_cache")
    return engine, why or why_in


def _engine_has_kernel(ctx: Ctx, p: Precision) -> bool:
    """Whether the kernel matrix gives the workload's engine any path for ``p`` (a rule
    covering no GPU states that it has none)."""
    kernels = ctx.registry.kernels
    if not kernels:
        return True
    rules = kernels.rules_for(kernel_engine(ctx, p), p.id)
    return not rules or any(r.cuda_min or r.rocm or r.other for r in rules)


_DIVISORS: dict[int, tuple[int, ...]] = {}


def _divisors(g: int) -> tuple[int, ...]:
    found = _DIVISORS.get(g)
    if found is None:
        found = _DIVISORS[g] = tuple(t for t in (1, 2, 4, 8, 16, 32, 64)
                                     if t <= g and g % t == 0)
    return found


def _engine(ctx: Ctx, p: Precision) -> Engine:
    """The engine that runs ``p``: GGUF weights run on the engine that claims the format
    (llama.cpp), anything else on the request's."""
    engines = ctx.registry.engines
    runs = engines.for_format("gguf") if p.gguf else None
    return runs or engines[ctx.engine]


def kv_of(ctx: Ctx, p: Precision) -> KVType:
    """The KV cache an option at ``p`` is sized with: the one asked, else the engine that runs
    ``p`` keeps its own for those weights (TensorRT-LLM's fp8 and nvfp4 builds an fp8 cache),
    resolved by /v1/sizing's rule (:func:`~service.domain.sizing.sizing.resolve_kv`), so an
    option's memory and speed are the sizing's at its GPUs, engine and weights."""
    return resolve_kv(ctx.req.kv_cache, _engine(ctx, p), p)


def note_kv_default(ctx: Ctx, precisions: list[Precision]) -> None:
    """No kv_cache given and some options' engines keep another cache than 16-bit for their
    weights (:func:`kv_of`): the ``kv_cache_default`` assumption, in /v1/sizing's words, once
    per engine and cache type with the weights it applies to."""
    if ctx.req.kv_cache is not None or not kv_applies(ctx.req, ctx.model):
        return
    said: dict[tuple[str, str], tuple[Engine, KVType, list[str]]] = {}
    for p in precisions:
        kv = kv_of(ctx, p)
        if kv.id != "fp16":
            engine = _engine(ctx, p)
            said.setdefault((engine.id, kv.id), (engine, kv, []))[2].append(p.id)
    for engine, kv, weights in said.values():
        ctx.note("kv_cache_default", kv.id, kv_default_reason(engine, weights, kv))


def kernel_engine(ctx: Ctx, p: Precision) -> str:
    """The engine whose kernels run ``p`` for the workload: the catalog's training engine
    (PyTorch) for fine-tuning and pre-training, the default engine of the model's kind for a
    diffusion or audio pipeline, else the engine that serves ``p`` (:func:`_engine`)."""
    registry = ctx.registry
    if ctx.req.workload in ("finetune", "pretrain") and registry.kernels.training_engine:
        return registry.kernels.training_engine
    if ctx.model.kind != "llm":
        return registry.engines.default(ctx.model.kind, False).id
    return _engine(ctx, p).id


KERNEL_REFUSAL = "cannot run "
"""How a refusal by the kernel matrix starts (:func:`kernel_refusal`)."""
NEAREST = "; nearest that runs there: "
"""How a refusal names the nearest precision that runs on that GPU."""


def kernel_refusal(ctx: Ctx, gpu: GPU, p: Precision) -> str | None:
    """Why ``gpu`` cannot run ``p`` with the workload's engine (catalog/kernels.toml: the
    rule, its source and the nearest precision that runs there), or None."""
    kernels = ctx.registry.kernels
    if not kernels:
        return None
    eid = kernel_engine(ctx, p)
    s = kernels.supported(eid, p, gpu)
    if s.ok:
        return None
    near = kernels.nearest_supported(
        eid, p, gpu, nearest_candidates(ctx.registry, ctx.model.kind,
                                        ctx.req.effective_workload(), p))
    return (f"{KERNEL_REFUSAL}{p.id} with {eid}: {s.reason} (rule {s.rule}; {'; '.join(s.sources)})"
            + (f"{NEAREST}{near.id}" if near is not None else ""))


def stand_ins(ctx: Ctx, gpu: GPU, precisions: list[Precision]
              ) -> list[tuple[Precision, Precision | None]]:
    """Each of ``precisions`` with what a plan on ``gpu`` tries in its place: itself where it
    runs there or where it was asked for explicitly (its capability carries the refusal),
    else with ``weights: "auto"`` the nearest that runs (bf16 -> fp16 on a V100), None where
    none does."""
    kernels = ctx.registry.kernels
    if not kernels or ctx.req.weights != "auto":
        return [(p, p) for p in precisions]
    return [(p, kernels.nearest_supported(kernel_engine(ctx, p), p, gpu, _BY_ID))
            for p in precisions]


def runnable_precisions(ctx: Ctx, gpu: GPU, precisions: list[Precision]) -> list[Precision]:
    """The precisions a plan on ``gpu`` tries. With ``weights: "auto"`` only what runs there:
    a precision the GPU cannot run gives way to the nearest one that does (bf16 -> fp16 on a
    V100). An explicit precision is tried as asked (its capability carries the refusal)."""
    if not ctx.registry.kernels or ctx.req.weights != "auto":
        return precisions
    out: list[Precision] = []
    for _, q in stand_ins(ctx, gpu, precisions):
        if q is not None and q not in out:
            out.append(q)
    return out or precisions


def runs_as(ctx: Ctx, gpu: GPU, p: Precision) -> Precision:
    """``p`` with the compute type of the kernel that runs it on ``gpu`` (FP8 weight-only on
    Ampere computes in FP16): what the speed model reads."""
    kernels = ctx.registry.kernels
    return kernels.runs_as(kernel_engine(ctx, p), p, gpu) if kernels else p


_BY_ID = {p.id: p for p in PRECISIONS}


def _memory_plan(ctx: Ctx, p: Precision, t: int, context: int, pp: int = 1) -> InferencePlan:
    """One replica's memory over ``t`` GPUs at ``context`` tokens: the same for every GPU
    kind, so built once per request (only the capacity depends on the GPU)."""
    key = (p.id, t, context, pp)
    plan = ctx.memory_plans.get(key)
    if plan is None:
        plan = ctx.memory_plans[key] = InferencePlan(
            model=ctx.model, precision=p, kv_type=kv_of(ctx, p), engine=_engine(ctx, p), tp=t,
            batch=1,
            context=context, pp=pp)
    return plan


def _prompt_tokens(req: RecommendationRequest) -> int:
    return max(1, req.context_tokens - req.output_tokens)


def headroom_limit(ctx: Ctx, cap_gib: float) -> float:
    """The per-GPU memory a plan may use: the engine's share (training: the GPU's usable
    memory) less the request's ``min_memory_headroom_pct``."""
    return cap_gib * (1 - ctx.req.min_memory_headroom_pct / 100)


def _replica(ctx: Ctx, gpu: GPU, t: int, p: Precision, pp: int = 1) -> Capability:
    """One serving replica over ``t`` GPUs of a kind (cached: every node shape with the same
    GPU reuses it): whether one request at the full context fits with the headroom, and how
    many concurrent requests do (``replica_concurrency``, at most the engine's max_num_seqs)."""
    key = (link_key(gpu), t, p.id, -pp, False, None)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit
    req = ctx.req
    plan = _memory_plan(ctx, p, t, req.context_tokens, pp)
    used = plan.total_gib(1)
    cap = plan.capacity_gib(gpu)
    limit = headroom_limit(ctx, cap)
    if used > limit:
        result = Capability(ok=False, tp=t, per_gpu_used_gib=used, per_gpu_cap_gib=cap)
    else:
        max_batch = largest_batch(plan.total_gib, cap)
        users = served_at_once(plan.total_gib, cap, ctx.req.min_memory_headroom_pct,
                               plan.engine.speed.max_num_seqs)
        result = Capability(ok=True, tp=t, replicas=1, pp=pp, per_gpu_used_gib=used,
                            per_gpu_cap_gib=cap, replica_concurrency=max(1, users),
                            max_batch=max_batch)
    ctx.cache[key] = result
    return result


def replica_throughput(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> tuple[float, float]:
    """(output tokens/s, requests/s) of one saturated serving replica: as many requests in
    flight as its memory holds with the headroom (``replica_concurrency``, the options'
    max_concurrency), in the serving model of the stated load (:func:`load_at`: measured
    curves, the same model /v1/sizing times); zeros where the shape has no serving speed.
    A batch job's hours and a serving option's saturated figures both rest on it."""
    if cap.max_batch < 0 or not cap.replica_concurrency:
        return 0.0, 0.0
    st = cap.pp * cap.stages
    key = (link_key(gpu), cap.tp, st, p.id, cap.replica_concurrency)
    hit = ctx.throughput_cache.get(key)
    if hit is None:
        rps = load_at(ctx, gpu, cap.tp, p, cap.replica_concurrency, st)[2]
        hit = ctx.throughput_cache[key] = (rps * max(1, ctx.req.output_tokens), rps)
    return hit


def _step(ctx: Ctx, gpu: GPU, t: int, p: Precision, pp: int = 1
          ) -> tuple[StepCost | None, int]:
    """The continuous-batching step model of one replica and the sequences its KV pool
    admits (None: an engine that splits layers, timed by the plain decode-step model). A
    replica over ``pp`` nodes (pipeline stages) is timed like its tensor group reading every
    layer (each token passes every stage in turn), its KV pool the stages' together."""
    key = (link_key(gpu), t, pp, p.id)
    hit = ctx.step_cache.get(key)
    if hit is None:
        engine = _engine(ctx, p)
        kv = kv_of(ctx, p)
        a = ctx.model.arch
        assert a is not None
        if engine.split != "tensor":
            hit = (None, 0)
        else:
            runs = runs_as(ctx, gpu, p)
            plan = _memory_plan(ctx, p, t, ctx.req.context_tokens, pp)
            share = math.ceil(a.num_layers / pp) / a.num_layers
            admit = admission(a, kv, t, share, plan.kv_budget_gib(gpu) * 2**30, engine,
                              _prompt_tokens(ctx.req), ctx.req.output_tokens)
            cost = step_cost(ctx.model, runs, kv, engine, gpu, t, ctx.catalog.perf,
                             kernel_compute(gpu, runs, engine),
                             achievable_tflops(gpu, runs, engine, quantized_kernels=False)
                             * 1e12)
            # the loads asked of this replica share its step parts by step size
            hit = (msgspec.structs.replace(cost, memo={}), max(1, admit))
        ctx.step_cache[key] = hit
    return hit


def load_at(ctx: Ctx, gpu: GPU, t: int, p: Precision, users: int, pp: int = 1) -> LoadAt:
    """(TTFT s, time per output token s, requests/s) of one replica over ``t`` GPUs with
    ``users`` concurrent requests in a closed loop: the continuous-batching model
    (:func:`service.domain.sizing.serving.serve`); for an engine that splits whole layers
    (llama.cpp), sizing's slot model (:func:`service.domain.sizing.speed.layer_split_load`).
    Cached per replica and load."""
    key = (link_key(gpu), t, pp, p.id, users)
    hit = ctx.load_cache.get(key)
    if hit is not None:
        return hit
    req = ctx.req
    isl, osl = _prompt_tokens(req), max(1, req.output_tokens)
    cost, admit = _step(ctx, gpu, t, p, pp)
    if cost is not None:
        at = serve(cost, isl, osl, users, _engine(ctx, p).speed.max_num_batched_tokens, admit)
        hit = (at.ttft_s, at.tpot_s, at.requests_per_s)
    else:
        kv = kv_of(ctx, p)
        at = layer_split_load(ctx.model, runs_as(ctx, gpu, p), kv, _engine(ctx, p), gpu, t,
                              isl, osl, req.context_tokens, users)
        hit = (at.ttft_s, at.tpot_s, at.requests_per_s)
    ctx.load_cache[key] = hit
    return hit


def load_floor(ctx: Ctx, gpu: GPU, t: int, p: Precision, pp: int = 1
               ) -> tuple[float, float] | None:
    """(TTFT s, time per output token s) that no load can beat on one replica: its prompt's
    prefill chunks alone, and a decode step of one sequence (None: no step model). A cheap
    test that spares the serving model for replicas that miss a target anyway."""
    cost, _ = _step(ctx, gpu, t, p, pp)
    if cost is None:
        return None
    req = ctx.req
    isl, osl = _prompt_tokens(req), max(1, req.output_tokens)
    budget = max(1, _engine(ctx, p).speed.max_num_batched_tokens)
    chunk = min(budget, isl)
    ttft = math.ceil(isl / budget) * cost.step_s(0, 0, chunk, isl / 2) * 0.98
    return ttft, cost.step_s(1, isl + osl / 2) * 0.98


def open_loop(ctx: Ctx, gpu: GPU, t: int, p: Precision, rate: float, pp: int = 1
              ) -> tuple[float, float, bool]:
    """(TTFT s, time per output token s, saturated) of one replica at ``rate`` requests/s
    arriving at random (M/D/1 queueing in the serving model); for an engine that splits
    layers, the closed loop of the fewest users that carries the rate
    (:func:`service.domain.sizing.speed.users_for_rate`, as sizing times it)."""
    cost, admit = _step(ctx, gpu, t, p, pp)
    req = ctx.req
    osl = max(1, req.output_tokens)
    if cost is not None:
        # cached beside the closed loop's figures: the rate search asks the same replica at
        # the same rates for every node shape and offer of the GPU
        key = (link_key(gpu), t, pp, p.id, rate, "open")
        hit = ctx.load_cache.get(key)
        if hit is None:
            at = serve(cost, _prompt_tokens(req), osl, None,
                       _engine(ctx, p).speed.max_num_batched_tokens, admit,
                       request_rate_per_s=rate)
            hit = ctx.load_cache[key] = (at.ttft_s, at.tpot_s, 1.0 if at.saturated else 0.0)
        return hit[0], hit[1], hit[2] > 0
    users = users_for_rate(lambda u: load_at(ctx, gpu, t, p, u, pp)[2], rate, 4096)
    ttft, tpot, rps = load_at(ctx, gpu, t, p, users, pp)
    return ttft, tpot, rps < rate


def serve_layouts(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> list[Capability] | str:
    """Every tensor split ``t`` of a ``g``-GPU node whose replica fits one request at the full
    context with the headroom, as capabilities of ``g / t`` replicas per node (narrowest
    first); or why none does. A split divides the attention heads (tensor-split engines) and
    stays within 4 GPUs where the GPU has no NVLink (the layout search's rule)."""
    refused = kernel_refusal(ctx, gpu, p)
    if refused is not None:
        return refused
    a = ctx.model.arch
    assert a is not None
    if p.id == "fp8" and not gpu.supports_fp8 and not ctx.registry.kernels:
        # without a capability matrix (catalog/kernels.toml), FP8 needs FP8 tensor cores
        return f"{gpu.name} has no FP8 tensor cores"
    layer_split = _engine(ctx, p).split == "layer"
    fast = all_to_all_link(gpu)
    first: Capability | None = None
    last: Capability | None = None
    out: list[Capability] = []
    for t in _divisors(g):
        if not layer_split and (a.num_attention_heads % t or (t > PCIE_TP_MAX and not fast)):
            continue
        rep = _replica(ctx, gpu, t, p)
        first = first or rep
        last = rep
        if rep.ok:
            out.append(msgspec.structs.replace(rep, replicas=g // t))
    if not out and not layer_split and not fast and g > PCIE_TP_MAX:
        # a PCIe node wider than a tensor split may go: the widest split, in pipeline stages
        # over the rest of the node (the layout search's rule; a token passes every stage)
        widths = [t for t in _divisors(g) if t <= PCIE_TP_MAX and not a.num_attention_heads % t]
        if widths:
            t = widths[-1]
            stages = g // t
            if stages <= a.num_layers:
                rep = _replica(ctx, gpu, t, p, stages)
                if rep.ok:
                    out.append(msgspec.structs.replace(rep, pp=1, stages=stages, replicas=1))
                else:
                    last = rep
    if out:
        return out
    need = first.per_gpu_used_gib if first else 0.0
    # the widest split tried, where it is one: "split over 1" repeated the need of one GPU
    # and read as the reason a 3-GPU node was dropped (buyer audit 18a #10)
    split = (f" (at least {last.per_gpu_used_gib:.1f} GiB per GPU split over {last.tp or g})"
             if last is not None and g > 1 and (last.tp or g) > 1 else "")
    cap = first.per_gpu_cap_gib if first else gpu.usable_gib
    room = ctx.req.min_memory_headroom_pct
    with_room = (f", {headroom_limit(ctx, cap):.1f} GiB with the {room:g}% headroom"
                 if room else "")
    # the precision named: weights=auto tries several, and the one said is the least need
    return (f"needs {need:.1f} GiB for {p.id} weights + KV cache + overhead{split}; "
            f"{g} x {gpu.name} gives {cap:.1f} GiB per GPU{with_room}"
            f"{_idle_split(ctx, gpu, g, p, layer_split, fast)}")


def _idle_split(ctx: Ctx, gpu: GPU, g: int, p: Precision, layer_split: bool, fast: bool
                ) -> str:
    """Why a node whose splits all miss is still dropped where a narrower tensor split that
    does not divide its GPUs would hold a replica (3 x H100 for Llama 3.1 70B at fp8: one GPU
    is too small, and tensor parallel 2 fits two of its three): the layouts ranked split a
    node into equal replicas that use every GPU (:func:`_divisors`), so that split would
    leave GPUs idle; said, with the split and the GPUs it would leave, instead of a bare
    "split over 1" that read as the whole reason (buyer audit 18a #10). "" where no such
    split fits."""
    a = ctx.model.arch
    if layer_split or g < 3 or a is None:
        return ""
    for t in (2, 4, 8, 16, 32, 64):
        if t >= g:
            break
        if g % t == 0 or a.num_attention_heads % t or (t > PCIE_TP_MAX and not fast):
            continue
        if _replica(ctx, gpu, t, p).ok:
            return (f"; replicas of tensor parallel {t} would fit but leave {g % t} of its {g} "
                    f"GPUs idle (only layouts that use every GPU of a node are ranked)")
    return ""


SPLIT_NODES = (2, 4, 8, 16)
"""Nodes a replica may span when no node holds the model (``allow_multi_node``)."""


def split_layouts(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> list[Capability]:
    """With ``allow_multi_node``, where no ``g``-GPU node holds one replica: the fewest
    nodes whose GPUs hold it as pipeline stages, tensor parallel over each node's GPUs (as
    wide as the heads and the link allow). Empty where none does or multi-node is not
    allowed. Only offers with a fast node network take such a plan (:mod:`options`)."""
    if not ctx.req.allow_multi_node or _engine(ctx, p).split != "tensor":
        return []
    if kernel_refusal(ctx, gpu, p) is not None:
        # the kernel rules hold on every node as on one: TensorRT-LLM's fp8 on A100s was
        # ranked over two nodes of them while one node of them was refused for it
        return []
    a = ctx.model.arch
    assert a is not None
    fast = all_to_all_link(gpu)
    widths = [t for t in _divisors(g)
              if not a.num_attention_heads % t and (t <= PCIE_TP_MAX or fast)]
    if not widths:
        return []
    t = widths[-1]
    for pp in SPLIT_NODES:
        if pp * (g // t) > a.num_layers:
            break
        rep = _replica(ctx, gpu, t, p, pp)
        if rep.ok:
            # the node's other GPUs (a split narrower than the node) idle: one replica a group
            return [msgspec.structs.replace(rep, replicas=1)]
    return []


def _serve_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    """The narrowest split that fits (``replicas`` per node), or why none does."""
    found = serve_layouts(ctx, gpu, g, p)
    if isinstance(found, str):
        return Capability(ok=False, reason=found)
    return found[0]


def train_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int,
                     net_gb_s: float | None = None) -> Capability:
    """Data parallel training over the ``g`` x ``nodes`` GPUs. The ZeRO stage is the sizing
    layout search's rule (``sizing.layout.search_training``; README "DDP where it fits"):
    a stage the request names is kept; else DDP (stage 0) when a full replica fits each GPU,
    else the least sharding that fits (less communication per step first), ZeRO-3 when none
    does. Gradient checkpointing and the micro-batch, where the request leaves them unset,
    are sizing's too (``sizing.fastest_training_step``): the fastest step that fits."""
    req = ctx.req
    ft = training_options(req.finetune, req.effective_workload())
    assert ft.method is not None
    n = g * nodes
    base = TrainingPlan(
        model=ctx.model, precision=training_plan_precision(ft.method, p), method=ft.method,
        rank=ft.lora_rank,
        targets=list(ft.target_modules), optimizer=ft.optimizer,
        checkpointing=ft.gradient_checkpointing is not False, flash=ft.flash_attention,
        micro_batch=ft.micro_batch_size or 1, seq=ft.sequence_length,
        zero_stage=0, cpu_offload=ft.cpu_offload, gpus=n,
        # DPO, KTO, GRPO, PPO: the frozen reference (full training only), PPO's reward and
        # value models and their forward passes, pairs in one pass: sizing's objective
        # (memory.frozen_models, speed.training_speed), so an option's GiB per GPU and speed
        # are /v1/sizing's for the same GPUs and step (they were SFT's for every objective)
        objective=ft.objective, pretrain=req.workload == "pretrain",
        # a machine of more than NODE_GPUS joined all to all (Google's a2-megagpu-16g, 16 x
        # A100 on NVSwitch) is one node, as sizing times it given that machine
        # (layout.machine_node): it was timed as 2 nodes of 8 over a network it does not have
        node_gpus=machine_node(gpu, g),
        # the offer's stated network between its nodes (GB/s per GPU), as /v1/sizing times a
        # stated node_network_gbit_s; None: sizing's assumed fabric
        inter_node_gb_s=net_gb_s if nodes > 1 else None)

    def per_gpu(plan: TrainingPlan, stage: int) -> float:
        # the memory per GPU depends on the GPU count, not on the GPU: once per count
        mem_key = (p.id, n, stage, plan.checkpointing, plan.micro_batch)
        per = ctx.train_memory.get(mem_key)
        if per is None:
            per = ctx.train_memory[mem_key] = replace(
                plan, zero_stage=stage).per_gpu().total_gib
        return per

    # the request's min_memory_headroom_pct kept free, as for inference: room for a longer
    # batch, fragmentation and the framework's own buffers
    limit = headroom_limit(ctx, gpu.usable_gib)

    def timed(q: TrainingPlan) -> tuple[float, str]:
        t = training_speed(q, gpu, ctx.catalog.perf)
        return t.tokens_per_s, t.bound

    step_tokens = global_batch_tokens(req.effective_workload(), ft.sequence_length,
                                      req.training_tokens)

    def fit(plan: TrainingPlan, tensor: bool) -> tuple[TrainingPlan, bool]:
        if n > node_of(base):
            # past one node sizing's search: the fastest tensor x pipeline x data layout,
            # the collectives between the nodes timed (layout.search_training), against the
            # same limit /v1/sizing uses given this request's min_memory_headroom_pct
            q = search_training(plan, gpu, ft.zero_stage, timer=timed,
                                global_tokens=step_tokens, cap_gib=limit)[1]
            return q, q.per_gpu().total_gib <= limit
        if n == 1:
            stage = 0  # one GPU: nothing to shard over
        elif ft.zero_stage is not None:
            stage = ft.zero_stage
        else:
            stage = next((z for z in (0, 1, 2, 3) if per_gpu(plan, z) <= limit), 3)
        q, ok = replace(plan, zero_stage=stage), per_gpu(plan, stage) <= limit
        if tensor and (not ok or timed(q)[1] == "communication"):
            # data parallel fits no stage or is bound by its collectives: sizing's search
            # weighs tensor x data parallel within the node (layout.search_training)
            got = search_training(plan, gpu, ft.zero_stage, timer=timed,
                                  global_tokens=step_tokens, cap_gib=limit,
                                  tensor_in_node=True)[1]
            if got.tp > 1:
                return got, got.per_gpu().total_gib <= limit
        return q, ok

    # checkpointing and the micro-batch the request leaves unset: the fastest step that fits
    # within the headroom, as sizing picks it (its assumptions say which for one GPU shape)
    # and, where data parallel alone fits no step or is bound by communication, tensor x data
    # parallel within the node (sizing.training_step, the same rule)
    plan = training_step(base, ft.gradient_checkpointing, ft.micro_batch_size, fit,
                         lambda q: training_speed(q, gpu, ctx.catalog.perf), limit,
                         n <= node_of(base) and tensor_in_node_weighed(base, ft.zero_stage, gpu)
                         )[0].plan
    stage = plan.zero_stage or 0
    per = plan.per_gpu().total_gib if plan.tp * plan.pp > 1 else per_gpu(plan, stage)
    if per > limit:
        room = ctx.req.min_memory_headroom_pct
        return Capability(ok=False, per_gpu_used_gib=per, per_gpu_cap_gib=gpu.usable_gib,
                          reason=(
            f"needs {per:.1f} GiB per GPU to train ({ft.method}, "
            + (f"tensor parallel {plan.tp} x data parallel {plan.dp}, "
               f"{'ZeRO-' + str(stage) if stage else 'no ZeRO'}"
               if plan.tp > 1 and plan.pp == 1 and n <= node_of(base) else zero_words(stage))
            + f" over {count(n, 'GPU')}); {gpu.name} has {gpu.usable_gib:.1f} GiB usable"
            + (f", {limit:.1f} GiB with the {room:g}% headroom" if room else "")))
    tps = training_speed(plan, gpu, ctx.catalog.perf).tokens_per_s
    return Capability(ok=True, tp=g, replicas=1, per_gpu_used_gib=per,
                      per_gpu_cap_gib=gpu.usable_gib, train_tps=tps, nodes_required=nodes,
                      zero_stage=stage, checkpointing=plan.checkpointing,
                      micro_batch=plan.micro_batch, train_tensor=plan.tp,
                      train_pipeline=plan.pp, micro_batches=plan.micro_batches)


def zero_words(stage: int) -> str:
    """How an answer names a data-parallel training layout."""
    return {0: "DDP", 1: "ZeRO-1", 2: "ZeRO-2"}.get(stage, "ZeRO-3/FSDP")


def objective_words(objective: str, method: str) -> str:
    """What a fine-tune's ``objective`` adds to every option, as /v1/sizing counts it (its
    ``objective`` assumption; the sources are on ``memory.REFERENCE_OBJECTIVES``): the frozen
    reference copy of DPO, KTO, GRPO and PPO with full training (none with LoRA or QLoRA:
    the base with the adapters off), PPO's reward and value models, each one's forward pass a
    step, pairs in one pass, and what is not counted."""
    parts = [f"{frozen_models(objective, method)} frozen model(s) beside the policy"]
    if objective in REFERENCE_OBJECTIVES:
        parts.append("a frozen reference model: a second copy of the weights at the base's "
                     "precision on every GPU (sharded only under ZeRO-3, as TRL prepares it), "
                     "and its forward pass a step" if method == "full" else
                     "the reference is the frozen base with the adapters turned off (TRL with "
                     "PEFT): no second copy, its forward pass a step")
    else:
        parts.append("reference-free (ORPO, SimPO): no second model")
    if objective == "ppo":
        parts.append("a frozen reward model (its forward pass a step) and a value model "
                     "trained as the policy is, each sized at the policy's size")
    if objective in PAIRED_OBJECTIVES:
        parts.append("the chosen and the rejected answer of each pair in one forward pass: "
                     "twice the activations of a micro-batch")
    if objective in ("grpo", "ppo"):
        parts.append("not counted: the rollouts' generation (its time and its KV cache)"
                     + (" and TRL's default beta 0, which loads no reference"
                        if objective == "grpo" else ""))
    if objective == "ppo":
        parts.append("the storage priced holds the policy's checkpoints, not the value "
                     "model's")
    return ("finetune.objective as given, every option sized with it as /v1/sizing sizes "
            "it (the same GiB per GPU and training tokens/s for the same GPUs and step): "
            + "; ".join(parts))


def diffusion_seconds(ctx: Ctx, gpu: GPU, p: Precision, steps: int | None = None) -> float:
    """One image's (one clip's) seconds on one ``gpu`` at ``p`` at the request's size and
    steps (``steps``: that many instead), as the recommendations time it (one item runs
    whole on one GPU)."""
    w, h, asked = diffusion_setting(ctx.req, ctx.model)
    return diffusion_seconds_per_image(ctx.model, runs_as(ctx, gpu, p), gpu, w, h,
                                       steps or asked, 1,
                                       ctx.registry.engines.default("diffusion", False))


def _diffusion_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    m = ctx.model
    if m.kind == "audio":
        # its memory is its own at the batch it runs, never an image's: a 1024x1024 image's
        # activations gave MusicGen-large 16.3 GiB at one clip, sized at 7.5
        return _audio_capability(ctx, gpu, g, p)
    w, h, steps = diffusion_setting(ctx.req, m)
    # on a GPU without bf16 a T5 text encoder runs in fp32 (it overflows in fp16), as sizing
    # counts it (fp16_upcast): FLUX nf4 was ranked on a V100 16GB at 13 GiB, sized at 28
    fp32 = fp32_components(ctx.registry, kernel_engine(ctx, p), m, p, gpu)
    key = f"{p.id}:fp32" if fp32 else p.id
    parts = ctx.diffusion_parts.get(key)
    if parts is None:
        # with cpu_offload the peak of one component on the GPU at a time, as /v1/sizing
        parts = ctx.diffusion_parts[key] = diffusion_memory(
            m, p, w, h, 1, fp32=fp32, cpu_offload=ctx.req.cpu_offload)
    limit = headroom_limit(ctx, gpu.usable_gib)
    if parts.total_gib > limit:
        room = ctx.req.min_memory_headroom_pct
        return Capability(ok=False, reason=(
            f"needs {parts.total_gib:.1f} GiB; {gpu.name} has {gpu.usable_gib:.1f} GiB usable"
            + (f", {limit:.1f} GiB with the {room:g}% headroom" if room else "")))
    sec = diffusion_seconds(ctx, gpu, p)
    limit_s = ctx.req.max_seconds_per_image
    if limit_s is not None and sec > limit_s:
        # one image (clip) is made on one GPU: more GPUs serve more users, none makes one
        # faster (audit media #2: SDXL for 20 users "under 5 s per image" got ~17 s each)
        item = "clip" if is_video(m) else "image"
        return Capability(ok=False, reason=(
            f"misses max_seconds_per_image: one {item} takes ~{sec:,.1f} s on {gpu.name} at "
            f"{p.id} ({w}x{h}, {steps} steps), over the {plain(limit_s)} s allowed"),
            per_gpu_used_gib=parts.total_gib, per_gpu_cap_gib=gpu.usable_gib)
    return Capability(ok=True, tp=1, replicas=g, per_gpu_used_gib=parts.total_gib,
                      per_gpu_cap_gib=gpu.usable_gib, images_per_s=g / sec,
                      replica_concurrency=1)


def _diffusion_train_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    """A diffusion model's fine-tune (LoRA, QLoRA or full) on ``g`` x ``gpu``: each GPU a
    data-parallel replica of the whole training step, its memory per GPU /v1/sizing's for
    the same request (``sizing.memory.diffusion_memory`` as ``_size_pipeline`` calls it:
    finetune.micro_batch_size images per GPU, gradient checkpointing on unless
    finetune.gradient_checkpointing is false, the optimizer, LoRA rank, QLoRA's 4-bit
    denoiser alone, a T5 encoder in fp32 on a GPU without bf16). No speed: the training
    speed of diffusion models is not modelled (sizing says so), so the option has no job
    time."""
    m, ft = ctx.model, ctx.req.finetune or FinetuneOptions(method="lora")
    method = ft.method or "lora"
    w, h, _ = diffusion_setting(ctx.req, m)
    qlora = method == "qlora"
    # sizing upcasts by the pipeline's own engine (its default diffusion engine), not the
    # training engine that rules which GPUs run a precision (kernel_engine)
    fp32 = fp32_components(ctx.registry, ctx.registry.engines.default("diffusion", False).id,
                           m, p, gpu)
    checkpointing = ft.gradient_checkpointing is not False
    micro = ft.micro_batch_size or 1
    key = f"train:{p.id}:{','.join(fp32)}"
    parts = ctx.diffusion_parts.get(key)
    if parts is None:
        parts = ctx.diffusion_parts[key] = diffusion_memory(
            m, p, w, h, micro, "full" if method == "full" else "lora",
            checkpointing=checkpointing, optimizer=ft.optimizer, fp32=fp32,
            lora_rank=ft.lora_rank, qlora=qlora)
    limit = headroom_limit(ctx, gpu.usable_gib)
    if parts.total_gib > limit:
        room = ctx.req.min_memory_headroom_pct
        return Capability(ok=False, per_gpu_used_gib=parts.total_gib,
                          per_gpu_cap_gib=gpu.usable_gib, reason=(
            f"needs {parts.total_gib:.1f} GiB per GPU to train ({method}, DDP over "
            f"{count(g, 'GPU')}); {gpu.name} has {gpu.usable_gib:.1f} GiB usable"
            + (f", {limit:.1f} GiB with the {room:g}% headroom" if room else "")))
    # one data-parallel group over the node's GPUs (DDP: each a whole pipeline), as an LLM's
    # training capability states its node (tp: the GPUs of the node, one group)
    return Capability(ok=True, tp=g, replicas=1, per_gpu_used_gib=parts.total_gib,
                      per_gpu_cap_gib=gpu.usable_gib, checkpointing=checkpointing,
                      micro_batch=micro)


def _no_note(name: str, value: str, reason: str) -> None:
    """The sizing model's assumption notes, not wanted where a recommendation borrows its
    speed (the option says what it needs)."""


def _audio_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    """An audio model: one replica per GPU running a batch of windows (Whisper) or clips
    (generation), its speed in audio seconds per second and its memory from the sizing model
    at that batch. Serving: the largest batch up to ``concurrent_requests`` (under
    ``target_requests_per_s``: up to the engine's ``max_num_seqs``, as continuous batching
    takes the requests in flight) that memory holds (that many streams a replica); Whisper's
    streams also each at least in real time (live audio arrives at that pace). A generator
    (MusicGen, Bark) has no such target to meet (no request field states one, and the sizing
    model runs MusicGen-large and Bark slower than real time even alone on an RTX 3090, ~0.9
    and ~0.5 s of audio per second): one GPU per clip bought nothing but GPUs, so its clips
    share a GPU as sizing batches them ("a batch amortizes the weight reads",
    :mod:`audio_speed`) and each option states each clip's speed at the batch. A batch job:
    up to ``AUDIO_JOB_BATCH`` as memory allows."""
    m = ctx.model
    engine = ctx.registry.engines.default(m.kind, False)
    runs = runs_as(ctx, gpu, p)
    limit = headroom_limit(ctx, gpu.usable_gib)
    per_seq = cache_bytes_per_sequence(m) / GIB
    # as sizing counts it (fp16_upcast): a T5 encoder in fp32 on a GPU without bf16
    fp32 = fp32_components(ctx.registry, kernel_engine(ctx, p), m, p, gpu)

    def speed(batch: int) -> float:
        perf = estimate_performance(m, runs, None, engine, gpu, 1,
                                    SizingRequest(model=m.id, batch_size=batch), _no_note,
                                    task="inference")
        return perf.audio_seconds_per_s or 0.0

    def mem(batch: int) -> float:
        # sizing's audio memory: no image (64x64, _size_pipeline), a cache per sequence
        return diffusion_memory(m, p, 64, 64, batch, fp32=fp32).total_gib + batch * per_seq

    if mem(1) > limit:
        room = ctx.req.min_memory_headroom_pct
        return Capability(ok=False, reason=(
            f"needs {mem(1):.1f} GiB; {gpu.name} has {gpu.usable_gib:.1f} GiB usable"
            + (f", {limit:.1f} GiB with the {room:g}% headroom" if room else "")))
    # at most the engine's max_num_seqs streams a replica; under a request rate, as many as
    # it batches (the requests in flight vary: the replica's capacity is at its largest
    # batch): the rule /v1/sizing batches a request rate by (sizing.batching)
    batch = audio_batch(m, engine, mem, limit, speed, serving=ctx.req.workload == "serving",
                        concurrent=(None if ctx.req.target_requests_per_s
                                    else ctx.req.concurrent_requests))
    rate = speed(batch)
    return Capability(ok=rate > 0, reason="" if rate > 0 else "no audio speed for this GPU",
                      tp=1, replicas=g, per_gpu_used_gib=mem(batch),
                      per_gpu_cap_gib=gpu.usable_gib, audio_s_per_s=rate * g,
                      replica_concurrency=batch)


def _embed_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    """An embedding model: one replica per GPU (small models; replicas share nothing), a batch
    of ``batching.EMBED_BATCH`` inputs of the request's context per forward pass, its speed in
    tokens embedded per second from the sizing model (no decode, no KV cache kept)."""
    m = ctx.model
    inputs = ctx.embed_input_tokens  # at most the model's own input length
    plan = _memory_plan(ctx, p, 1, inputs)
    cap = plan.capacity_gib(gpu)
    limit = headroom_limit(ctx, cap)
    used = plan.total_gib(1)
    if used > limit:
        return Capability(ok=False, reason=f"needs {used:.1f} GiB; {gpu.name} gives {cap:.1f} "
                          f"GiB ({limit:.1f} with the headroom)", per_gpu_used_gib=used,
                          per_gpu_cap_gib=cap)
    batch = embed_batch(plan.total_gib, limit)  # as /v1/sizing batches a rate (batching)

    perf = estimate_performance(m, runs_as(ctx, gpu, p), None, _engine(ctx, p), gpu, 1,
                                SizingRequest(model=m.id, input_tokens=inputs,
                                              output_tokens=1, batch_size=batch),
                                _no_note, task="inference", perf=ctx.catalog.perf)
    rate = perf.embedded_tokens_per_s or 0.0
    return Capability(ok=rate > 0, reason="" if rate > 0 else "no embedding speed here",
                      tp=1, replicas=g, per_gpu_used_gib=plan.total_gib(batch),
                      per_gpu_cap_gib=cap, embed_tps=rate * g, replica_concurrency=batch)


def capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int = 1,
               net_gb_s: float | None = None) -> Capability:
    """What ``g`` x ``gpu`` at ``p`` does for the request, over ``nodes`` nodes of them;
    ``net_gb_s``: a training run's network between those nodes, GB/s per GPU and direction
    (the offer's, :func:`~service.domain.recommend.plans.node_net_gb_s`; None: sizing's
    assumed fabric, ``speed.INTER_NODE_GB_S_PER_GPU``). Cached per request."""
    if nodes == 1:
        net_gb_s = None  # nothing crosses a node network
    key = (link_key(gpu), g, p.id, nodes, ctx.req.allow_multi_node, net_gb_s)
    if key not in ctx.cache:
        refused = kernel_refusal(ctx, gpu, p)
        if refused is not None:
            ctx.cache[key] = Capability(ok=False, reason=refused)
        elif ctx.req.workload in ("finetune", "pretrain") and ctx.model.kind == "llm":
            ctx.cache[key] = train_capability(ctx, gpu, g, p, nodes, net_gb_s)
        elif ctx.untimed_training:
            ctx.cache[key] = _diffusion_train_capability(ctx, gpu, g, p)
        elif ctx.model.task == "embed":
            ctx.cache[key] = _embed_capability(ctx, gpu, g, p)
        elif ctx.model.kind == "llm":
            ctx.cache[key] = _serve_capability(ctx, gpu, g, p)
        else:
            ctx.cache[key] = _diffusion_capability(ctx, gpu, g, p)
    return ctx.cache[key]


def replicas_for_target(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> int:
    """Replicas an image, speech or embedding model needs: one per concurrent request, and
    for ``target_requests_per_s`` (one image, one 30 s window of audio, one input of
    ``context_tokens`` a request) each replica at most ``HEADROOM_LOAD``
    busy (:func:`setups_for`, the rule LLM rate targets and sizing's warning use: near full
    load random arrivals queue without bound); LLM serving is sized by the plan search
    (:mod:`plans`)."""
    req = ctx.req
    need = 1
    if cap.replica_concurrency:
        need = max(need, math.ceil(req.concurrent_requests / cap.replica_concurrency))
    if req.target_requests_per_s and cap.images_per_s:
        need = max(need, setups_for(req.target_requests_per_s,
                                    cap.images_per_s / cap.replicas))
    if req.target_requests_per_s and cap.embed_tps:
        # one input of context_tokens a request
        per_replica = cap.embed_tps / cap.replicas / max(1, req.context_tokens)
        need = max(need, setups_for(req.target_requests_per_s, per_replica))
    if req.target_requests_per_s and cap.audio_s_per_s:
        # speech (check_applies lets a rate through for Whisper alone): one window a request
        per_replica = cap.audio_s_per_s / cap.replicas / WHISPER_WINDOW_S
        need = max(need, setups_for(req.target_requests_per_s, per_replica))
    return need


def note_request_size(ctx: Ctx, context_defaulted: bool) -> None:
    """The assumptions that say what one request is where the request does not: an embedding
    model's input as one retrieval chunk (``context_defaulted``: :func:`embed_context` set
    it), and
    under a request rate a speech model's audio, one Whisper window, the most it transcribes
    in one pass (:func:`replicas_for_target`)."""
    if context_defaulted:
        n, limit = ctx.req.context_tokens, ctx.model.max_context
        ctx.note("embedding_input_tokens", str(n),
                 f"context_tokens not given: each request is priced as one retrieval chunk of "
                 f"{n:,} tokens ({EMBED_INPUT_TOKENS:,} word pieces, the common input length "
                 "of embedding models: Sentence-Transformers, Input Sequence Length, "
                 + "; ".join(EMBED_INPUT_SOURCES)
                 + (f"; {ctx.model.name} takes at most {limit:,}, its max_context"
                    if limit else "")
                 + f"), not a language model's default prompt of {DEFAULT_CONTEXT_TOKENS:,}; "
                 "state a context_tokens to price longer or shorter inputs"
                 + (f" (a text over {limit:,} is split into inputs of that length)"
                    if limit else ""))
    rate = ctx.req.target_requests_per_s
    if not rate or ctx.model.kind != "audio":
        return
    audio = rate * WHISPER_WINDOW_S
    ctx.note("request_audio_seconds", f"{WHISPER_WINDOW_S:g} s",
             f"target_requests_per_s {sig3(rate)}: each request is priced as one "
             f"{WHISPER_WINDOW_S:g} s clip, one window of {ctx.model.name} (Whisper encodes "
             f"{WHISPER_WINDOW_S:g} s log-mel windows: its model card, config "
             f"max_source_positions 1500), "
             + (f"{audio:,.0f}" if audio >= 10 else f"{audio:.3g}") + " s of audio per "
             f"second in all; the replicas are sized each at most {HEADROOM_LOAD:.0%} busy "
             "(near full load, requests arriving at random queue without bound); longer audio "
             "is more windows (a 2-minute file counts as 4 requests)")


def note_images(ctx: Ctx, one_image: SizedModel, p: Precision) -> None:
    """``images_per_request`` stated for a cross-attention vision model (Llama 3.2 Vision):
    the images each request is sized with and what one adds, as /v1/sizing's
    ``cross_attention_kv`` assumption says it (``one_image``: the model before the images
    scaled its cross-attention tokens, :func:`~service.domain.sizing.sizing.with_images`),
    in the KV cache of the first precision tried (``p``: its engine's own where none is
    asked)."""
    n, a = ctx.req.images_per_request, one_image.arch
    if n is None or a is None or not a.cross_attention_layers:
        return
    each = cross_attention_kv_bytes(a, kv_of(ctx, p).bytes_per_element) / GIB
    ctx.note("images_per_request", str(n),
             f"{'each of the ' + str(n) + ' images' if n > 1 else 'the one image'} of a "
             f"request caches K/V of the vision encoder's {a.cross_attention_tokens:,} tokens "
             f"on each of the {a.cross_attention_layers} cross-attention layers: "
             f"{each:.2f} GiB an image and {each * n:.2f} GiB a request at this KV precision, "
             "in every request's KV cache beside its text's, read at every decode step (as "
             "/v1/sizing's images_per_request sizes it)")


def images_ignored_warning(ctx: Ctx) -> str | None:
    """``images_per_request`` for a language model without a cross-attention image cache,
    served or run as a batch: /v1/sizing's warning for its inference, its ``input_tokens``
    being the recommendations' ``context_tokens`` (as there, a diffusion or audio model and
    training take the field without a word); a diffusion or audio model's options say the
    field is ignored for any workload, as /v1/sizing does (audit buyer26c #11)."""
    if ctx.req.images_per_request is not None and ctx.model.kind in ("diffusion", "audio"):
        return (f"images_per_request ignored: it applies to vision language models, not to "
                f"{ctx.model.kind} models such as {ctx.model.name}")
    a = ctx.model.arch
    if (ctx.req.images_per_request is None or ctx.model.kind != "llm" or a is None
            or a.cross_attention_layers or ctx.req.workload not in ("serving", "batch")):
        return None
    return (f"images_per_request ignored: {ctx.model.name} has no cross-attention image "
            "cache; an image's tokens are part of its context_tokens")


def rate_load_words(ctx: Ctx, capacity_rps: float) -> str:
    """How busy an image or embedding option's replicas are at ``target_requests_per_s``,
    of the ``capacity_rps`` (requests/s) they serve at most, and the rule that sized them
    (:func:`replicas_for_target`); "" without a rate target."""
    rate = ctx.req.target_requests_per_s
    if not rate or capacity_rps <= 0:
        return ""
    return (f"; at {per_s(sig3(rate))} its replicas are ~{100 * rate / capacity_rps:.0f}% "
            f"busy (a rate is sized with each replica at most {HEADROOM_LOAD:.0%} busy: near "
            "full load, requests arriving at random queue without bound)")
