"""What a node shape (GPU x count) can do for the workload at one precision: memory fit, tensor
split, replicas, serving speed, time to first token, training and image throughput."""

from __future__ import annotations

import math

import msgspec

from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.precisions import (
    PRECISIONS,
    Precision,
    find_precision,
    get_precision,
)
from service.domain.errors import InvalidInput
from service.domain.recommend.context import AUTO_LLM, Capability, Ctx
from service.domain.recommend.types import (
    RecommendationRequest,
)
from service.domain.sizing.memory import (
    InferencePlan,
    TrainingPlan,
    diffusion_memory,
    largest_batch,
)
from service.domain.sizing.requests import FinetuneOptions
from service.domain.sizing.speed import (
    decode_step_s,
    diffusion_seconds_per_image,
    prefill_s,
    serving,
    training_tokens_per_s,
)


def candidate_precisions(ctx: Ctx) -> list[Precision]:
    req = ctx.req
    if ctx.req.workload in ("finetune", "pretrain"):
        ft = req.finetune or FinetuneOptions(
            method="full" if req.workload == "pretrain" else "lora")
        if ft.method == "qlora":
            return [get_precision("nf4")]
        if req.weights not in ("auto",):
            p = find_precision(req.weights)
            if p is None:
                raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
            return [p]
        return [get_precision("bf16")]
    if req.weights != "auto":
        p = find_precision(req.weights)
        if p is None:
            raise InvalidInput(f"unknown precision {req.weights!r}", "$.weights")
        return [p]
    if ctx.model.kind != "llm":
        return [get_precision(ctx.model.native_precision or "bf16")]
    auto = ctx.registry.engines[ctx.engine].auto_weights
    if auto:
        return [get_precision(x) for x in auto]
    native = ctx.model.native_precision
    if native and native != "bf16":
        return [get_precision(native)]
    return [get_precision(x) for x in AUTO_LLM]


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
    near = kernels.nearest_supported(eid, p, gpu, _BY_ID)
    return (f"cannot run {p.id} with {eid}: {s.reason} (rule {s.rule}; {'; '.join(s.sources)})"
            + (f"; nearest that runs there: {near.id}" if near is not None else ""))


def runnable_precisions(ctx: Ctx, gpu: GPU, precisions: list[Precision]) -> list[Precision]:
    """The precisions a plan on ``gpu`` tries. With ``weights: "auto"`` only what runs there:
    a precision the GPU cannot run gives way to the nearest one that does (bf16 -> fp16 on a
    V100). An explicit precision is tried as asked (its capability carries the refusal)."""
    kernels = ctx.registry.kernels
    if not kernels or ctx.req.weights != "auto":
        return precisions
    out: list[Precision] = []
    for p in precisions:
        eid = kernel_engine(ctx, p)
        q = kernels.nearest_supported(eid, p, gpu, _BY_ID)
        if q is not None and q not in out:
            out.append(q)
    return out or precisions


def runs_as(ctx: Ctx, gpu: GPU, p: Precision) -> Precision:
    """``p`` with the compute type of the kernel that runs it on ``gpu`` (FP8 weight-only on
    Ampere computes in FP16): what the speed model reads."""
    kernels = ctx.registry.kernels
    return kernels.runs_as(kernel_engine(ctx, p), p, gpu) if kernels else p


_BY_ID = {p.id: p for p in PRECISIONS}


def _memory_plan(ctx: Ctx, p: Precision, t: int, context: int) -> InferencePlan:
    """One replica's memory over ``t`` GPUs at ``context`` tokens: the same for every GPU
    kind, so built once per request (only the capacity depends on the GPU)."""
    key = (p.id, t, context)
    plan = ctx.memory_plans.get(key)
    if plan is None:
        kv = ctx.kv
        assert kv is not None
        plan = ctx.memory_plans[key] = InferencePlan(
            model=ctx.model, precision=p, kv_type=kv, engine=_engine(ctx, p), tp=t, batch=1,
            context=context)
    return plan


def _prompt_tokens(req: RecommendationRequest) -> int:
    return max(1, req.context_tokens - req.output_tokens)


def _replica(ctx: Ctx, gpu: GPU, t: int, p: Precision) -> Capability:
    """One serving replica over ``t`` GPUs of a kind (cached: every node shape with the same
    GPU reuses it)."""
    key = (gpu.id, t, p.id, -1, False)
    hit = ctx.cache.get(key)
    if hit is not None:
        return hit
    req = ctx.req
    if ctx.kv is None:
        raise InvalidInput(f"unknown KV-cache type {req.kv_cache!r}", "$.kv_cache")
    plan = _memory_plan(ctx, p, t, req.context_tokens)
    used = plan.total_gib(1)
    cap = plan.capacity_gib(gpu)
    if used > cap:
        result = Capability(ok=False, tp=t, per_gpu_used_gib=used, per_gpu_cap_gib=cap)
    else:
        full = _memory_plan(ctx, p, t, _prompt_tokens(req) + max(1, req.output_tokens))
        max_batch = largest_batch(full.total_gib, full.capacity_gib(gpu))
        conc = min(max_batch, plan.engine.speed.max_num_seqs)
        result = Capability(ok=True, tp=t, replicas=1, per_gpu_used_gib=used,
                            per_gpu_cap_gib=cap, replica_concurrency=conc, max_batch=max_batch)
    ctx.cache[key] = result
    return result


def replica_throughput(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> tuple[float, float]:
    """(output tokens/s, requests/s) of one saturated serving replica; zeros where the shape
    has no serving speed."""
    if cap.max_batch < 0:
        return 0.0, 0.0
    key = (gpu.id, cap.tp, p.id)
    hit = ctx.throughput_cache.get(key)
    if hit is None:
        kv = ctx.kv
        assert kv is not None
        tps, _, rps = serving(ctx.model, runs_as(ctx, gpu, p), kv, _engine(ctx, p), gpu, cap.tp,
                              _prompt_tokens(ctx.req), ctx.req.output_tokens,
                              max_batch=cap.max_batch)
        hit = ctx.throughput_cache[key] = (tps, rps)
    return hit


def ttft_ms(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> float | None:
    """Time to the first token of one request on an idle replica (None: no serving speed)."""
    if cap.max_batch < 0:
        return None
    key = (gpu.id, cap.tp, p.id)
    hit = ctx.ttft_cache.get(key)
    if hit is None:
        kv = ctx.kv
        assert kv is not None
        engine = _engine(ctx, p)
        inp = _prompt_tokens(ctx.req)
        runs = runs_as(ctx, gpu, p)
        step1, _ = decode_step_s(ctx.model, runs, kv, engine, gpu, cap.tp, 1, inp)
        hit = ctx.ttft_cache[key] = (
            prefill_s(ctx.model, runs, engine, gpu, cap.tp, inp, 1) + step1) * 1000
    return hit


def _serve_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    a = ctx.model.arch
    assert a is not None
    if p.id == "fp8" and not gpu.supports_fp8 and not ctx.registry.kernels:
        # without a capability matrix (catalog/kernels.toml), FP8 needs FP8 tensor cores
        return Capability(ok=False, reason=f"{gpu.name} has no FP8 tensor cores")
    layer_split = _engine(ctx, p).split == "layer"
    first: Capability | None = None
    last: Capability | None = None
    for t in _divisors(g):
        if not layer_split and a.num_attention_heads % t:
            continue
        rep = _replica(ctx, gpu, t, p)
        first = first or rep
        last = rep
        if rep.ok:
            return msgspec.structs.replace(rep, replicas=g // t)
    need = first.per_gpu_used_gib if first else 0.0
    split = (f" (at least {last.per_gpu_used_gib:.1f} GiB per GPU split over {last.tp or g})"
             if last is not None and g > 1 else "")
    cap = first.per_gpu_cap_gib if first else gpu.usable_gib
    return Capability(ok=False, reason=(
        f"needs {need:.1f} GiB for weights + KV cache + overhead{split}; "
        f"{g} x {gpu.name} gives {cap:.1f} GiB per GPU"))


def train_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int) -> Capability:
    req = ctx.req
    ft = req.finetune or FinetuneOptions(method="full" if req.workload == "pretrain" else "lora")
    n = g * nodes
    plan = TrainingPlan(
        model=ctx.model, precision=p, method=ft.method, rank=ft.lora_rank,
        targets=list(ft.target_modules), optimizer=ft.optimizer,
        checkpointing=ft.gradient_checkpointing, flash=ft.flash_attention,
        micro_batch=ft.micro_batch_size, seq=ft.sequence_length,
        # unset: sharded (ZeRO-3/FSDP) over several GPUs; a stage the request names is kept
        zero_stage=ft.zero_stage if ft.zero_stage is not None else (3 if n > 1 else 0),
        cpu_offload=ft.cpu_offload, gpus=n)
    # the memory per GPU depends on the GPU count, not on the GPU: once per count
    mem_key = (p.id, n, plan.zero_stage or 0)
    per = ctx.train_memory.get(mem_key)
    if per is None:
        per = ctx.train_memory[mem_key] = plan.per_gpu().total_gib
    if per > gpu.usable_gib:
        return Capability(ok=False, reason=(
            f"needs {per:.1f} GiB per GPU to train ({ft.method}, ZeRO-{plan.zero_stage} over "
            f"{n} GPUs); {gpu.name} has {gpu.usable_gib:.1f} GiB usable"))
    tps, _, _ = training_tokens_per_s(plan, gpu)
    return Capability(ok=True, tp=g, replicas=1, per_gpu_used_gib=per,
                      per_gpu_cap_gib=gpu.usable_gib, train_tps=tps, nodes_required=nodes)


def _diffusion_capability(ctx: Ctx, gpu: GPU, g: int, p: Precision) -> Capability:
    m = ctx.model
    w = ctx.req.width or m.native_width or 1024
    h = ctx.req.height or m.native_height or 1024
    parts = ctx.diffusion_parts.get(p.id)
    if parts is None:
        parts = ctx.diffusion_parts[p.id] = diffusion_memory(m, p, w, h, 1)
    if parts.total_gib > gpu.usable_gib:
        return Capability(ok=False, reason=(f"needs {parts.total_gib:.1f} GiB; {gpu.name} has "
                                            f"{gpu.usable_gib:.1f} GiB usable"))
    steps = m.default_steps or 30
    sec = diffusion_seconds_per_image(m, runs_as(ctx, gpu, p), gpu, w, h, steps, 1,
                                      ctx.registry.engines.default("diffusion", False))
    return Capability(ok=True, tp=1, replicas=g, per_gpu_used_gib=parts.total_gib,
                      per_gpu_cap_gib=gpu.usable_gib, images_per_s=g / sec,
                      replica_concurrency=1)


def capability(ctx: Ctx, gpu: GPU, g: int, p: Precision, nodes: int = 1) -> Capability:
    key = (gpu.id, g, p.id, nodes, ctx.req.allow_multi_node)
    if key not in ctx.cache:
        refused = kernel_refusal(ctx, gpu, p)
        if refused is not None:
            ctx.cache[key] = Capability(ok=False, reason=refused)
        elif ctx.req.workload in ("finetune", "pretrain") and ctx.model.kind == "llm":
            ctx.cache[key] = train_capability(ctx, gpu, g, p, nodes)
        elif ctx.model.kind == "llm":
            ctx.cache[key] = _serve_capability(ctx, gpu, g, p)
        else:
            ctx.cache[key] = _diffusion_capability(ctx, gpu, g, p)
    return ctx.cache[key]


def per_user_decode(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability,
                     replicas_needed: int) -> float | None:
    kv = ctx.kv
    if kv is None or ctx.model.arch is None:
        return None
    per_replica = max(1, math.ceil(ctx.req.concurrent_requests / max(1, replicas_needed)))
    per_replica = min(per_replica, max(1, cap.replica_concurrency))
    key = (gpu.id, cap.tp, p.id, per_replica)
    hit = ctx.decode_cache.get(key)
    if hit is None:
        step, _ = decode_step_s(ctx.model, runs_as(ctx, gpu, p), kv, _engine(ctx, p), gpu,
                                cap.tp, per_replica,
                                ctx.req.context_tokens)
        hit = ctx.decode_cache[key] = 1 / step
    return hit


def used_at_load(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability,
                  replicas_needed: int) -> float:
    """Per-GPU memory with the KV cache of the sequences each replica carries (serving), or
    the one-sequence figure where there is no concurrency to spread."""
    if ctx.model.arch is None or ctx.kv is None or not cap.replica_concurrency:
        return cap.per_gpu_used_gib
    per_replica = max(1, math.ceil(ctx.req.concurrent_requests / max(1, replicas_needed)))
    per_replica = min(per_replica, cap.replica_concurrency)
    return _memory_plan(ctx, p, cap.tp, ctx.req.context_tokens).total_gib(per_replica)


def replicas_for_target(ctx: Ctx, gpu: GPU, p: Precision, cap: Capability) -> int:
    req = ctx.req
    need = 1
    if cap.replica_concurrency:
        need = max(need, math.ceil(req.concurrent_requests / cap.replica_concurrency))
    if req.target_output_tokens_per_s or req.target_requests_per_s:
        tps, rps = replica_throughput(ctx, gpu, p, cap)
        if req.target_output_tokens_per_s and tps:
            need = max(need, math.ceil(req.target_output_tokens_per_s / tps))
        if req.target_requests_per_s and rps:
            need = max(need, math.ceil(req.target_requests_per_s / rps))
    if req.target_requests_per_s and cap.images_per_s:
        need = max(need, math.ceil(req.target_requests_per_s / (cap.images_per_s / cap.replicas)))
    return need
