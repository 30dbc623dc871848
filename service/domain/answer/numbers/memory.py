"""Memory answers: what a model needs, whether it fits on a card (and what runs it when it does
not), the longest context and the most concurrent requests, the KV cache and precision."""

from __future__ import annotations

import math
from typing import Any

from service.domain.answer.numbers.context import (
    _EXAMPLE_GPU,
    _W,
    ASK_CONTEXT_TOKENS,
    ASK_OUTPUT_TOKENS,
    ASK_PROMPT_TOKENS,
    _ctx,
    _elsewhere_said,
    _fitting_precision,
    _gpu_spec,
    _kv_step,
    _kv_step_said,
    _min_count,
    _no_platform,
    _other_engine,
    _out,
    _prompt,
    _same_bits_elsewhere,
    _smaller_precisions,
)
from service.domain.answer.numbers.jobs import _job_deadline, _work_rate
from service.domain.answer.numbers.layouts import layout_named, replicas_full_load, tp_unusable
from service.domain.answer.numbers.media import _answered_as_media, _media
from service.domain.catalog.kernels import Support
from service.domain.catalog.precisions import (
    PRECISIONS,
    Precision,
    find_precision,
    get_precision,
)
from service.domain.fields import BATCH_MAX
from service.domain.recommend.pricing import job_storage_usd, model_storage_gb
from service.domain.sizing.hardware import flash_attention_support
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.load_search import LatencyTargets
from service.domain.sizing.memory import EXTENDED_CONTEXT_MARK, SERVICE_HEADROOM_PCT, weight_bytes
from service.domain.sizing.sizing import (
    SizingResult,
    default_weights,
    sized_from_entry,
)
from service.domain.sizing.speed import Performance

_OUT = ASK_OUTPUT_TOKENS
"""Each request's output where none is stated: the one default load of every answer
(:data:`~service.domain.answer.numbers.context.ASK_CONTEXT_TOKENS`, 3,584 in and 512 out)."""


def _sequences(w: _W) -> tuple[int | None, bool]:
    """The sequences an LLM's memory holds at once, and whether they are a batch size: the
    concurrent users stated, else a batch size stated ("at batch size 64", "cu un batch de
    64"), which is that many sequences in memory at once and sized as that many concurrent
    requests (the sizing's ``batch_size``; it sized one request: 17.0 GiB for Llama 3.1 8B
    where 64 users are 48.5, audit api). None for one, and for a training run (a micro
    batch, which the training answers read)."""
    if w.model is None or w.model.kind != "llm":
        return None, False
    users = w.ex.concurrent_requests
    if users is not None:
        return (users if users > 1 else None), False
    held = _requests_held(w)
    if held is not None:
        return held, True
    batch = w.ex.batch_size
    if batch is None or batch <= 1 or w.ex.workload in ("finetune", "pretrain"):
        return None, False
    return batch, True


def _requests_held(w: _W) -> int | None:
    """A number of requests in a memory question with no rate, deadline or job around them
    ("How much VRAM for 100 requests of 8k tokens with Llama 3.1 8B?"): the memory holds
    them at once, each with its KV cache (the sizing's ``batch_size``: 15.0 GiB of weights
    and 100 x 8,192 x 128 KiB = 100 GiB of KV cache, about 117 GiB in all); it sized one
    request, 17.5 GiB. None where none is stated, or they are a job's or a rate's."""
    n = w.st.requests
    if (not n or n <= 1 or n > BATCH_MAX or w.ex.workload in ("finetune", "pretrain")
            or w.st.request_rate_per_s or w.st.deadline_hours or w.st.price_asked
            or w.st.cost_asked):
        return None
    return n


def _memory(w: _W) -> None:
    if w.model is None and w.ex.gpu is not None:
        _gpu_spec(w, w.ex.gpu)
        return
    if w.model is not None and w.sub in ("disk", "disk_cost"):
        _weights_on_disk(w)
        return
    if w.model is not None and w.sub == "params":
        w.out.first = _param_counts(w)
        return
    if w.model is not None and w.sub == "spec" and _model_spec(w):
        return
    if w.model is not None and w.sub == "precisions" and _memory_precisions(w):
        return
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if (w.sub == "per_gpu" and gid is not None and w.model.kind == "llm"
            and _memory_per_gpu(w, gid, named)):
        return
    if (w.sub == "left" and gid is not None and w.model.kind == "llm"
            and _memory_left(w, gid, named)):
        return
    if (w.sub == "count" and gid is not None and w.model.kind == "llm"
            and w.ex.gpu_count is None and _memory_count(w, gid, named)):
        return
    ctx = _ctx(w)
    users, batch = _sequences(w)
    # "for 20 users", "at batch size 20": the memory with every sequence's KV cache (the
    # sizing's batch); "with an fp8 KV cache": the cache at the precision stated, as the KV
    # answer sizes it
    r = w.size(input_tokens=ctx, output_tokens=0, batch_size=users, kv_cache=w.st.kv_cache)
    if r is None:
        return
    w.record(r, ctx)
    mem = r.memory
    kv = w.say("kv", kv=w.gib(mem.kv_cache_gib)) if mem.kv_cache_gib else ""
    if w.st.memory_each_user and not users and mem.kv_cache_gib:
        # "VRAM per user / per request / for each extra user": the KV cache one sequence adds
        # at the context (70B at 8k: 8,192 x 320 KiB = 2.5 GiB), the weights shared (audit
        # ask_en2 #7: the total, 136.4 GiB, was the number asked)
        w.out.first = w.say("memory_each_user", model=w.model.name, weights=r.weights,
                            ctx=w.n(ctx), kv=w.gib(mem.kv_cache_gib), w=w.gib(mem.weights_gib),
                            total=w.gib(mem.total_gib))
        w.ask("kv_cache_gib_per_user", mem.kv_cache_gib, "GiB")
        if gid is not None and w.model.kind == "llm" and _memory_on(w, gid, named, ctx, None,
                                                                     r):
            pass  # the GPU named: whether it holds the model
        elif not w.past_limit(ctx):  # (past the model's limit: never "It fits on")
            w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on
                              else w.nofit())
        w.sized_warnings(r, ctx)
        return
    saved = w.st.memory_saved_asked and _memory_saved(w, r, ctx, users)
    if saved:
        pass  # the saving leads (both totals and the difference), the fit after it
    elif users and batch and mem.kv_cache_gib and users == _requests_held(w):
        w.out.first = w.say("memory_requests", batch=w.n(users), model=w.model.name,
                            weights=r.weights, ctx=w.n(ctx), total=w.gib(mem.total_gib),
                            w=w.gib(mem.weights_gib), kv=w.gib(mem.kv_cache_gib))
    elif users and batch and mem.kv_cache_gib:
        w.out.first = w.say("memory_batch", batch=w.n(users), model=w.model.name,
                            weights=r.weights, ctx=w.n(ctx), total=w.gib(mem.total_gib),
                            w=w.gib(mem.weights_gib), kv=w.gib(mem.kv_cache_gib))
    elif users and mem.kv_cache_gib:
        w.out.first = w.say("memory_users", users=w.n(users), model=w.model.name,
                            weights=r.weights, ctx=w.n(ctx), total=w.gib(mem.total_gib),
                            w=w.gib(mem.weights_gib), kv=w.gib(mem.kv_cache_gib))
    else:
        w.out.first = w.say("memory", model=w.model.name, weights=r.weights, ctx=w.n(ctx),
                            total=w.gib(mem.total_gib), w=w.gib(mem.weights_gib), kv=kv)
    if not saved:
        w.ask("total_gib", mem.total_gib, "GiB")
    counts = params_line(w)
    if counts is not None:
        w.out.more.append(counts)  # the parameter counts asked beside the memory
    if w.st.gb_asked:
        _memory_in_gb(w, r, ctx, users)
    if gid is not None and w.model.kind == "llm" and _memory_on(w, gid, named, ctx, users, r):
        # the GPU named: whether it holds the model ("would fit ..., but" past the limit);
        # a speed asked after it, its one-request speed there
        if w.st.speed_also and not users:
            _speed_beside(w, gid, named, ctx)
    elif not w.past_limit(ctx):  # (past the model's limit: never "It fits on", the limit leads)
        w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on
                          else _nodes_needed(w, r, ctx, users) or w.nofit())
    w.sized_warnings(r, ctx)


def _memory_precisions(w: _W) -> bool:
    """The memory of two or three precisions weighed with no GPU named ("Llama 3.1 8B: VRAM
    at fp16 vs int4 with 8k context?", "how much VRAM does FLUX.1 dev need at fp8 vs bf16?",
    "VRAM at fp16, fp8 and int4": ``Stated.precisions_weighed`` or
    ``Stated.precisions_listed``): each sized at the same context and load, the first said
    leading with its total, each other with its total and how much less (or more) it takes
    (Llama 3.1 8B at 8k: about 17.5 GiB at fp16, 7.9 at int4, 9.6 less; FLUX.1 dev: 20.6 at
    fp8, 36.2 at bf16), then the GPUs each fits on. Each precision is the one said (fp16 is
    never relabelled bf16; the two take the same 16 bits per weight, the sizing's own
    figures). The numbers: ``sizing`` the first one's, ``asked`` the last one's total
    (``<precision>_total_gib``). False where fewer than two are sized (the memory answer at
    the model's own precision, as before)."""
    assert w.model is not None
    sides = w.st.precisions_listed or w.st.precisions_weighed or ()
    llm = w.model.kind == "llm"
    ctx = _ctx(w) if llm else 0
    users = _sequences(w)[0] if llm else None
    mk: dict[str, Any] = {} if llm else w.media_kw()
    sized: list[SizingResult] = []
    for pid in dict.fromkeys(sides):
        r = (w.size(input_tokens=ctx, output_tokens=0, batch_size=users,
                    kv_cache=w.st.kv_cache, weights=pid) if llm
             else w.size(**{**mk, "weights": pid}))
        if r is not None and r.weights == pid:
            sized.append(r)
    if len(sized) < 2:
        return False
    head = sized[0]
    w.record(head, ctx)
    first = w.say("memory_pair" if llm else "memory_pair_media", a=head.weights,
                  model=w.model.name, ctx=w.n(ctx), total=w.gib(head.memory.total_gib),
                  w=w.gib(head.memory.weights_gib))
    rest: list[str] = []
    for r in sized[1:]:
        d = r.memory.total_gib - head.memory.total_gib
        words = {"p": r.weights, "a": head.weights, "total": w.gib(r.memory.total_gib),
                 "d": w.gib(abs(d)), "w": w.gib(r.memory.weights_gib)}
        if abs(d) < 0.05:
            words["bits"] = w.n(round(get_precision(r.weights).bits_linear))
        rest.append(w.say("memory_pair_same" if abs(d) < 0.05 else
                          "memory_pair_less" if d < 0 else "memory_pair_more", **words))
    w.out.first = "; ".join([first, *rest]) + "."
    last = sized[-1]
    w.ask(f"{last.weights}_total_gib", last.memory.total_gib, "GiB")
    for r in sized:
        if r.fits_on:
            w.out.more.append(w.say("memory_pair_fits", p=r.weights, fits=w.fits_text(r)))
    w.sized_warnings(head, ctx)
    return True


def _memory_saved(w: _W, r: SizingResult, ctx: int, users: int | None) -> bool:
    """The memory a switch of precision saves ("how much memory do I save going from bf16 to
    fp8 for llama 3.1 70b?", "câtă memorie economisesc dacă trec de la bf16 la fp8",
    ``Stated.memory_saved_asked`` with ``Stated.weights_left``): the total at the precision
    taken (``r``) and at the one left, at the same context and load, the difference (Llama
    3.1 70B: about 135.2 GiB at bf16 against 71.4 at fp8, about 64 GiB less), then whether
    the GPUs it takes change: on the GPU named, else on the card the one taken fits on first
    (its fewest of each, the sizing's ``fits_on`` rows: 2 × H100 at bf16, 1 at fp8). It gave
    the new total alone (audit buyer18b #3). False where no switch is read or the one left
    is not sized."""
    assert w.model is not None
    left = w.st.weights_left
    if left is None or left == r.weights:
        return False
    was = w.size(input_tokens=ctx, output_tokens=0, batch_size=users, kv_cache=w.st.kv_cache,
                 weights=left)
    if was is None:
        return False
    mem, old = r.memory, was.memory
    saved = old.total_gib - mem.total_gib
    words = {"left": left, "taken": r.weights, "model": w.model.name, "ctx": w.n(ctx),
             "total": w.gib(mem.total_gib), "left_total": w.gib(old.total_gib),
             "w": w.gib(mem.weights_gib), "left_w": w.gib(old.weights_gib)}
    w.out.first = (w.say("memory_saved", saved=w.gib(saved), **words) if saved > 0.05
                   else w.say("memory_saved_none", **words))
    w.ask("memory_saved_gib", max(saved, 0.0), "GiB")
    gid = w.card()[0]
    if gid is None:
        first = sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
        gid = first[0].gpu if first else None
    if gid is None:
        return True

    def fewest(s: SizingResult) -> int | None:
        if w.ex.gpu and s.weights:
            one = w.size(gpu=gid, gpu_count=1, input_tokens=ctx, output_tokens=0,
                         batch_size=users, kv_cache=w.st.kv_cache, weights=s.weights)
            if one is not None and one.fits and one.runs is not False:
                return 1
        return min((f.gpu_count for f in s.fits_on if f.gpu == gid), default=None)

    now, before = fewest(r), fewest(was)
    if now is None or before is None:
        return True
    w.out.more.append(
        w.say("memory_saved_gpus_same", gpu=w.gpu_name(gid), a=w.setup(now, gid))
        if now == before else
        w.say("memory_saved_gpus", gpu=w.gpu_name(gid), a=w.setup(now, gid),
              b=w.setup(before, gid)))
    return True


NODES_GPU = "b200"
"""The card a language model that no single node holds is counted in whole nodes of (the
largest-memory NVIDIA HGX node of the catalog: 8 x 180 GB)."""

NODES_MOST = 16
"""The most nodes of :data:`NODES_GPU` counted; past them the answer says no node holds it."""


def _nodes_needed(w: _W, r: SizingResult, ctx: int, users: int | None) -> str | None:
    """A language model that no node of the GPU list holds (Llama 4 Scout at its 10M context:
    about 2,124 GiB): the fewest whole nodes of :data:`NODES_GPU` that do, sized over that
    many GPUs (tensor parallel inside a node, pipeline stages across nodes) at the same
    weights, context and load, as the GPU count answer sizes nodes; None where none up to
    :data:`NODES_MOST` does or the sizing has no answer there."""
    assert w.model is not None
    if w.model.kind != "llm" or w.model.task == "embed" or r.runs is False:
        return None
    for nodes in range(2, NODES_MOST + 1):
        n = nodes * NODE_GPUS
        at = w.size(gpu=NODES_GPU, gpu_count=n, input_tokens=ctx, output_tokens=0,
                    batch_size=users, kv_cache=w.st.kv_cache, weights=r.weights)
        if at is None or at.gpu is None or at.runs is False:
            return None
        if at.fits_in_memory:
            return w.say(w.on("nofit_nodes", NODES_GPU), n=w.n(n), gpu=w.gpu_name(NODES_GPU),
                         nodes=w.n(nodes), per_node=w.setup(NODE_GPUS, NODES_GPU),
                         per=w.gib(at.memory.per_gpu_gib), cap=w.gib(w.cap(at)))
    return None


def _refused_everywhere(w: _W, r: SizingResult) -> str | None:
    """The words of the rule by which ``r``'s engine runs its weights on no GPU at all
    (``Kernels.refused_everywhere``: llama.cpp and fp8, GGUF having no FP8 type), said in
    place of "cannot run fp8 on that GPU" (an RTX 4090 has FP8 tensor cores; audit
    quantpairs #2); None where the GPU is what lacks the kernel."""
    p = find_precision(r.weights)
    rule = None if p is None else w.reg.kernels.refused_everywhere(r.engine, p)
    return None if rule is None else rule.runs


def _speed_beside(w: _W, gid: str, named: str | None, ctx: int) -> None:
    """"How much memory does DeepSeek-V2-Lite need and how fast is it on an L40S?"
    (:attr:`Stated.speed_also`): after the memory and the fit on the GPU named, one request's
    speed there at the same context (its default output out of it, as the speed answer sizes
    one request: 3,584 in and 512 out of 4,096), as "does it fit and how fast?" says it; none
    where it does not run there (audit buyer28a #10: the second part was dropped)."""
    assert w.model is not None
    out = min(ASK_OUTPUT_TOKENS, max(1, ctx // 2))
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx - out, output_tokens=out,
               kv_cache=w.st.kv_cache)
    if r is not None and r.gpu is not None and not r.fits_in_memory and count == 1:
        # one does not hold it: the speed on the fewest that do, as "it takes 2 x L4" says
        # (audit 30a #12: "Qwen1.5-MoE memory and how fast on an L4" dropped the speed)
        for n in (2, 4, 8):  # (the counts tensor parallelism splits a model over)
            more = w.size(gpu=gid, gpu_count=n, input_tokens=ctx - out, output_tokens=out,
                          kv_cache=w.st.kv_cache)
            if more is not None and more.fits_in_memory:
                r, count, named = more, n, None
                break
    if (r is None or r.gpu is None or not r.fits or r.runs is False or r.performance is None
            or not r.performance.decode_tokens_per_s):
        return
    w.out.more.append(w.say("speed_tps", model=w.model.name, weights=r.weights,
                            setup=named or w.setup(count, gid),
                            tps=w.rate(r.performance.decode_tokens_per_s),
                            inp=w.n(ctx - out), out=w.n(out)))


def _memory_on(w: _W, gid: str, named: str | None, ctx: int, users: int | None,
               total: SizingResult) -> bool:
    """The memory asked with a GPU named ("how much VRAM for Qwen 2.5 32B on a 4090?"):
    after the total, whether it fits on that GPU (the count stated, else one) at the same
    load, per GPU against its usable memory, and when it does not, how many of it hold the
    model, else which GPUs do; never a list of other cards that leaves the GPU asked about
    unanswered. False where the sizing has no answer for that GPU."""
    assert w.model is not None
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
               batch_size=users if users and users > 1 else None, kv_cache=w.st.kv_cache)
    if r is None or r.gpu is None:
        return False
    ok = bool(r.fits) and r.runs is not False
    # past the model's own context the engine refuses the request, not the weights: never
    # "vllm cannot run bf16 on that GPU" of an H100 (audit regress3 #7)
    limit = _past_context_limit(w, r, ctx) if r.fits_in_memory else None
    key = ("memory_on_yes" if ok else "memory_on_over_context" if limit is not None
           else "memory_on_cannot_run" if r.fits_in_memory else "memory_on_no")
    at = "" if r.weights == total.weights else w.say("memory_on_at", weights=r.weights)
    everywhere = _refused_everywhere(w, r) if key == "memory_on_cannot_run" else None
    setup = named or w.setup(count, gid)
    w.out.more.append(w.say(w.on(key + ("" if everywhere is None else "_engine"), gid),
                            setup=setup, at=at,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            weights=r.weights, engine=r.engine, limit=w.n(limit or 0),
                            runs=everywhere or ""))
    if not ok and limit is None:
        # what makes it fit before a lower precision: the KV cache in 8 bits (Llama 3.1 8B at
        # 128k for 4 users on an H100: 80.5 GiB at bf16, 48.5 with an fp8 KV cache; audit 25b
        # #8), the same precision on another engine (#7)
        load: dict[str, Any] = {"input_tokens": ctx, "output_tokens": 0,
                                "batch_size": users if users and users > 1 else None}
        kv = _kv_step(w, r, gid, count, **load)
        if kv is not None:
            w.out.more.append(_kv_step_said(w, kv, r, setup))
        found = _same_bits_elsewhere(w, r, gid, count, **load)
        if found:
            w.out.more.append(_elsewhere_said(w, found, r, setup))
    if not r.fits_in_memory and not w.takes_more(r, gid, count) and r.fits_on:
        w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    return True


def _memory_left(w: _W, gid: str, named: str | None) -> bool:
    """The memory left on the GPU named after loading the model ("how much memory is left on
    an H100 after loading Llama 3.1 8B?", "câtă memorie rămâne"): the engine's usable share
    of each GPU (:meth:`_W.cap`, 71.7 GiB of an H100's 80 GB) less the weights, the
    activations and the runtime overhead, which is what the engine gives the KV cache (the
    sizing's ``kv_budget_gib``, vLLM's "KV cache size"), and the tokens of KV cache that holds
    (those bytes over ``kv_cache_bytes_per_token``, the whole model's per token, so over all
    ``count`` GPUs), with the requests of the default context it holds at once. It was the
    totals, never what is left. False (the totals answer) where the model does not fit there
    or the sizing has no KV cache figure."""
    assert w.model is not None
    ctx = _ctx(w)
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
               kv_cache=w.st.kv_cache)
    if r is None or r.gpu is None or not r.fits_in_memory or not r.kv_cache_bytes_per_token:
        return False
    p = r.memory.per_gpu
    cap = w.cap(r)
    rest = p.activations_gib + p.overhead_gib
    left = cap - (p.weights_gib + rest)
    if left <= 0:
        return False
    tokens = count * left * _BYTES_PER_GIB / r.kv_cache_bytes_per_token
    w.record(r, ctx)
    w.out.first = w.say(w.on("memory_left", gid), model=w.model.name, weights=r.weights,
                        setup=named or w.setup(count, gid), left=w.gib(left), cap=w.gib(cap),
                        gb=w.n(w.reg.gpus[gid].memory_gb), w=w.gib(p.weights_gib),
                        rest=w.gib(rest))
    w.ask("left_gib", left, "GiB")
    kib = r.kv_cache_bytes_per_token / 1024
    w.out.more.append(w.say("memory_left_tokens", tokens=w.n(_three_figures(tokens)),
                            kib=w.n(kib, 0 if kib >= 10 else 1), kv=r.kv_cache or r.weights,
                            batch=w.requests(r.max_batch_size_in_memory or 0, "count"),
                            ctx=w.n(ctx)))
    w.sized_warnings(r, ctx)
    return True


def _three_figures(v: float) -> float:
    """``v`` rounded to three significant figures (451,976 tokens: 452,000), as a figure
    that rests on an estimate is said."""
    if v <= 0:
        return 0.0
    return float(round(v, 2 - math.floor(math.log10(v))))


def _param_counts(w: _W, record: bool = True) -> str:
    """The model's parameter counts ("how many active parameters does Mixtral 8x7B have?",
    "câți parametri activi are DeepSeek-V3?"): the catalog's total (``total_params``, counted
    from the model's config.json, its ``params_source``) and, for a mixture of experts, the
    parameters one token reads (``active_params``), with the weights' GB at the precision it
    is released in: every expert is held in memory, only the active ones are read per token
    (which sets the decode speed). It was answered with a memory figure (audit 30a #8)."""
    assert w.model is not None
    total = w.model.total_params
    active = w.model.active_params or total
    sized = sized_from_entry(w.model)
    p = (get_precision(w.weights) if w.weights
         else default_weights(None, None, sized).precision)
    gb = weight_bytes(sized, p) / 1e9
    common = {"model": w.model.name, "total": w.n(total / 1e9, 1), "total_n": w.n(total),
              "gb": w.n(gb, 1), "weights": p.id}
    if record:  # the count asked: the active one where asked and fewer than all
        w.ask(*(("active_params", active) if active < total and w.st.params_asked == "active"
                else ("total_params", total)), "parameters")
    if active < total:
        return w.say("params_moe", active=w.n(active / 1e9, 1), active_n=w.n(active),
                     share=w.n(100 * active / total, 0), **common)
    return w.say("params_dense", **common)


_SPEC_UNITS = {"kv_heads": "heads", "attention_heads": "heads", "head_dim": "dimensions",
               "layers": "layers", "hidden_size": "dimensions", "vocab_size": "tokens"}
"""The unit of each configuration field :func:`_model_spec` answers (context: tokens)."""


def _model_spec(w: _W) -> bool:
    """A field of the model's configuration asked ("what is the context length of
    Qwen3-32B?", "how many KV heads does Llama 3.3 70B have?", "câte straturi are ..."): the
    catalog's value, counted from the model's config.json (its ``source``), and for the
    context the longer one its model card states with rope scaling on (Qwen3: 40,960 in the
    config, 131,072 with YaRN) with the setting that turns it on. It was answered with a
    memory figure (audit 31d #9). False where the model has no configuration in the catalog
    (a diffusion or audio model) or the field is unknown."""
    m, field = w.model, w.st.spec_asked
    assert m is not None
    a = m.architecture
    if a is None or field is None:
        return False
    if field == "context":
        if not a.max_context:
            return False
        w.ask("max_context_tokens", a.max_context, "tokens")
        ext = m.context_extension
        w.out.first = w.say("spec_context", model=m.name, n=w.n(a.max_context),
                            source=m.source)
        if ext is not None:
            w.out.first += " " + w.say("spec_context_extended", model=m.name,
                                       ext=w.n(ext.max_context), method=ext.method,
                                       setting=ext.engine_setting, source=ext.source)
        return True
    value = {"kv_heads": a.num_kv_heads, "attention_heads": a.num_attention_heads,
             "head_dim": a.head_dim, "layers": a.num_layers, "hidden_size": a.hidden_size,
             "vocab_size": a.vocab_size}.get(field)
    if not value:
        return False
    w.ask(field, value, _SPEC_UNITS[field])
    heads = a.num_attention_heads
    w.out.first = w.say(f"spec_{field}", model=m.name, n=w.n(value), source=m.source,
                        heads=w.n(heads), kv=w.n(a.num_kv_heads or heads))
    return True


def params_line(w: _W) -> str | None:
    """The parameter counts said after another answer that also asks them ("what is the
    active parameter count of Qwen3-235B-A22B and how much memory does it need?")."""
    if w.model is None or not w.st.params_asked or w.sub == "params":
        return None
    return _param_counts(w, record=False)


def _weights_on_disk(w: _W) -> None:
    """The model's weights on disk ("how much storage for llama 405b weights?", "disk space
    needed for deepseek r1?"): the checkpoint's GB at the precision stated, else the one it
    is released in (the sizing's default), as the recommendations count a volume for it
    (pricing's ``model_storage_gb``: no KV cache, no runtime overhead, which are GPU memory);
    with a price or a month asked, that volume's storage at the provider named, else at the
    cheapest catalog provider that publishes a storage price (its price bands applied), for
    a month or the length stated (``job_storage_usd``, a 730-hour month)."""
    assert w.model is not None
    sized = sized_from_entry(w.model)
    p = (get_precision(w.weights) if w.weights
         else default_weights(None, None, sized).precision)
    gb = model_storage_gb(sized, p, training=False)
    released = "" if w.weights else w.t["disk_released"]
    common = {"model": w.model.name, "weights": p.id, "released": released, "gb": w.n(gb)}
    rated = sorted(((c, q) for q in w.catalog.providers if (c := q.storage_usd(gb)) is not None),
                   key=lambda x: (x[0], x[1].id))
    named = w.catalog.providers_by_id.get(w.det.provider or "")
    month = named.storage_usd(gb) if named is not None else None
    if w.sub == "disk_cost" and (month is not None or rated):
        hours = w.det.duration_hours
        period = w.say("disk_hours", hours=w.duration(hours)) if hours else w.t["disk_month"]

        def total(m: float) -> float:
            return job_storage_usd(m, hours) if hours else m

        if named is not None and month is not None:
            w.out.first = w.say("disk_cost", cost=w.usd(total(month)), period=period,
                                provider=named.name, rate=w.f.money(month / gb, 3), **common)
        else:
            (lo, lp), (hi, hp) = rated[0], rated[-1]
            month = lo
            w.out.first = w.say("disk_cost_cheapest", cost=w.usd(total(lo)), period=period,
                                provider=lp.name, rate=w.f.money(lo / gb, 3),
                                n=w.n(len(rated)), high=w.usd(total(hi)), highp=hp.name,
                                **common)
        w.ask("storage_usd" if hours else "storage_usd_per_month", total(month), "USD")
        return
    w.out.first = w.say("disk_weights", gib=w.gib(gb * 1e9 / _BYTES_PER_GIB), **common)
    w.ask("weights_disk_gb", gb, "GB")
    if named is not None and month is not None:
        w.out.more.append(w.say("storage_one", gb=w.n(gb), provider=named.name,
                                cost=w.usd(month), rate=w.f.money(month / gb, 3)))
    elif rated:
        lo, lp = rated[0]
        w.out.more.append(w.say("storage_one", gb=w.n(gb), provider=lp.name, cost=w.usd(lo),
                                rate=w.f.money(lo / gb, 3)))


_BYTES_PER_GIB = 2**30
"""GiB (IEC 80000-13: 2^30 bytes), the sizing's unit; a GB is 10^9 bytes (SI), so a GiB
is 1.073741824 GB."""


def _memory_in_gb(w: _W, r: SizingResult, ctx: int, users: int | None) -> None:
    """The memory asked in GB ("answer in GB"): the same sizing said in GB (10^9 bytes) with
    the total's GiB beside it, and GB the number asked, never GiB labelled as GB."""
    assert w.model is not None
    mem = r.memory

    def gb(gib: float) -> float:
        return gib * _BYTES_PER_GIB / 1e9

    common = {"model": w.model.name, "weights": r.weights, "ctx": w.n(ctx),
              "total_gb": w.gib(gb(mem.total_gib)), "total": w.gib(mem.total_gib),
              "w_gb": w.gib(gb(mem.weights_gib))}
    if users and users > 1 and mem.kv_cache_gib and _sequences(w)[1]:
        w.out.first = w.say("memory_batch_gb", batch=w.n(users),
                            kv_gb=w.gib(gb(mem.kv_cache_gib)), **common)
    elif users and users > 1 and mem.kv_cache_gib:
        w.out.first = w.say("memory_users_gb", users=w.n(users),
                            kv_gb=w.gib(gb(mem.kv_cache_gib)), **common)
    else:
        kv = w.say("kv_gb", kv=w.gib(gb(mem.kv_cache_gib))) if mem.kv_cache_gib else ""
        w.out.first = w.say("memory_gb", kv=kv, **common)
    w.ask("total_gb", gb(mem.total_gib), "GB")


def _layout_words(w: _W, r: SizingResult, count: int) -> str:
    """How ``count`` GPUs split the model, as the per-GPU memory answers say it ("tensor
    parallel 4"), or nothing on one GPU."""
    lay = r.layout
    if lay is None or count == 1:
        return ""
    return (w.say("per_gpu_layout_tp", tp=w.n(lay.tensor)) if lay.tensor == count
            else w.say("per_gpu_layout", label=lay.label))


def _memory_per_gpu(w: _W, gid: str, named: str | None) -> bool:
    """Each GPU's memory asked on a GPU named ("memory per GPU ... on 4 H100", "memorie pe
    GPU ... pe 4 H100"): the sizing of that setup, as /v1/sizing gives it for those GPUs (the
    count stated, else the fewest of the GPU that hold the model), with its layout and its
    total, which the split makes larger than one GPU's (each GPU keeps its own activations
    and runtime). A setup too small says No first, then how many of it hold the model. False
    when the sizing has no answer for that GPU (the total is said instead)."""
    assert w.model is not None
    ctx = _ctx(w)
    batch, stated = _sequences(w)
    count = w.ex.gpu_count or _min_count(w, gid, ctx) or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0, batch_size=batch)
    if r is None or r.gpu is None:
        return False
    w.record(r, ctx)
    layout = _layout_words(w, r, count)
    w.out.first = w.say(w.on("memory_per_gpu" if r.fits_in_memory else "memory_per_gpu_no",
                             gid),
                        model=w.model.name, weights=r.weights, setup=named or w.setup(count, gid),
                        per=w.gib(r.memory.per_gpu_gib), layout=layout,
                        total=w.gib(r.memory.total_gib), ctx=w.n(ctx), cap=w.gib(w.cap(r)),
                        users=w.say("per_gpu_batch", batch=w.n(batch)) if batch and stated
                        else w.say("per_gpu_users", users=w.n(batch)) if batch else "")
    # a memory asked: no yes or no, unless the setup named cannot hold it
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=None if r.fits_in_memory else False)
    if not r.fits_in_memory and not w.takes_more(r, gid, count) and r.fits_on:
        w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)
    return True


def _memory_count(w: _W, gid: str, named: str | None) -> bool:
    """The memory and the count of the GPU named asked together ("how much memory does 405B
    take in FP8 and on how many H200 does it fit?", "câtă memorie ocupă ... și pe câte H200
    încape?"): the total on the fewest of that GPU that hold the model (each GPU keeps its
    own activations and runtime, so 4 × H200 hold 466.4 GiB where one setup would need
    459.8), leading, with the count and each GPU's share in the same sentence (it gave each
    GPU's GiB on 4 × H200 alone; audit ask_ro #2). False where no node of it holds the model
    (the total and the GPUs that hold it are said instead)."""
    assert w.model is not None
    ctx = _ctx(w)
    batch, stated = _sequences(w)
    count = _min_count(w, gid, ctx)
    if count is None:
        return False
    r = None
    while count <= NODE_GPUS:  # the users' KV cache can take more than the weights alone
        r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
                   batch_size=batch, kv_cache=w.st.kv_cache)
        if r is None or r.gpu is None or r.fits_in_memory:
            break
        count *= 2
    if r is None or r.gpu is None or not r.fits_in_memory or count > NODE_GPUS:
        return False
    w.record(r, ctx)
    layout = _layout_words(w, r, count)
    w.out.first = w.say(w.on("memory_count", gid), model=w.model.name, weights=r.weights,
                        setup=named if named and count == 1 else w.setup(count, gid),
                        total=w.gib(r.memory.total_gib), layout=layout, ctx=w.n(ctx),
                        n=w.n(count), gpu=w.gpu_name(gid), per=w.gib(r.memory.per_gpu_gib),
                        cap=w.gib(w.cap(r)),
                        users=w.say("per_gpu_batch", batch=w.n(batch)) if batch and stated
                        else w.say("per_gpu_users", users=w.n(batch)) if batch else "")
    w.ask("total_gib", r.memory.total_gib, "GiB")
    w.sized_warnings(r, ctx)
    return True


def _need_count(w: _W, gid: str, n: int, ctx: int) -> bool:
    """"Do I need 2 GPUs for ... on an H100?": ``n`` compared with the fewest ``gid`` (1, 2,
    4, up to a node) whose sizing holds the model at ``ctx`` and whose engine runs it: a No
    when fewer hold it (with the longest context one request gets on them: more GPUs buy
    context or users, not the fit), a Yes when fewer do not. False when no node of it holds
    the model (the plain fit answer says so)."""
    assert w.model is not None
    k, r = 1, None
    while k <= NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0)
        if r is not None and r.gpu is not None and r.fits and r.runs is not False:
            break
        k *= 2
    if r is None or r.gpu is None or k > NODE_GPUS:
        return False
    w.record(r, ctx)
    common = {"model": w.model.name, "weights": r.weights, "setup": w.setup(k, gid),
              "need": w.gib(r.memory.per_gpu_gib), "cap": w.gib(w.cap(r)), "ctx": w.n(ctx),
              "n": w.n(n), "gpu": w.gpu_name(gid)}
    if k < n:
        w.out.first = w.say(w.on("fits_need_no", gid), max_ctx=w.n(r.max_context_tokens or ctx),
                            **common)
    else:
        w.out.first = w.say(w.on("fits_need_yes" if k == n else "fits_need_more", gid),
                            **common)
    w.ask("gpu_count", k, w.count_unit(gid), yes=k >= n)
    w.sized_warnings(r, ctx)
    return True


def _nodes_asked(w: _W, gid: str, ctx: int, fewer_only: bool = False) -> bool:
    """"Do I need multiple nodes to serve Qwen3-Coder-480B in fp8 on H100?", "is one node
    enough?" (``Stated.multi_node_asked``): the fewest ``gid`` in one machine (1, 2, 4, up to
    ``NODE_GPUS``) whose sizing holds the model at ``ctx`` and whose engine runs it, else the
    fewest whole machines of ``NODE_GPUS`` that do (tensor parallel inside a machine, pipeline
    stages across, as /v1/recommendations plans them with ``allow_multi_node``): the no or yes
    the question asks, with the count and the memory per GPU. It answered "No, ... does not
    fit on 1 × H100" where one machine of 8 holds it (buyer audit 28a #11). False where no
    machine count up to :data:`NODES_MOST` holds it, or the model is not a language model
    (the plain fit answer follows). ``fewer_only``: a node's count of GPUs asked with no
    node named ("does Llama 3.1 70B fit on 8 H100?"), answered as the same count asked as one
    node is ("... in a single node of 8 H100?": yes, and the fewest that hold it) where
    fewer hold it; False (nothing written) where they do not (review deadline31 #3)."""
    assert w.model is not None
    if w.model.kind != "llm" or w.model.task == "embed" or w.chips(gid):
        return False  # (a TPU's slice is not a machine of NODE_GPUS)
    several = w.st.multi_node_asked == "several"
    k, r = 1, None
    while k <= NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0)
        if r is None or r.gpu is None:
            return False
        if r.fits and r.runs is not False:
            break
        k *= 2
    if r is None or r.gpu is None:
        return False
    asked = w.ex.gpu_count or 0
    if fewer_only and not k < asked <= NODE_GPUS:
        return False
    if k <= NODE_GPUS:
        node = (w.size(gpu=gid, gpu_count=asked, input_tokens=ctx, output_tokens=0,
                       weights=r.weights) if k < asked <= NODE_GPUS else None)
        if fewer_only and (node is None or node.gpu is None or not node.fits
                           or node.runs is False):
            return False
        w.record(r, ctx)
        if node is not None and node.gpu is not None and node.fits and node.runs is not False:
            # "a single node of 8 H100": the machine asked holds it, said of that machine,
            # with the fewest GPUs that hold it beside it (it read "Yes: one machine holds
            # ..., 2 x H100", the 8 asked unsaid; audit leftask #3)
            first = w.say("nodes_asked_node_" + ("several" if several else "one"),
                          model=w.model.name, weights=r.weights, node=w.setup(asked, gid),
                          node_need=w.gib(node.memory.per_gpu_gib), cap=w.gib(w.cap(node)),
                          ctx=w.n(ctx), setup=w.setup(k, gid),
                          need=w.gib(r.memory.per_gpu_gib))
        else:
            first = w.say("nodes_asked_one_" + ("several" if several else "one"),
                          model=w.model.name, weights=r.weights, setup=w.setup(k, gid),
                          need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)), ctx=w.n(ctx))
        w.out.first = first
        w.ask("gpu_count", k, w.count_unit(gid), yes=not several)
        w.sized_warnings(r, ctx)
        return True
    node = r  # NODE_GPUS of gid: the one machine that does not hold it
    for nodes in range(2, NODES_MOST + 1):
        n = nodes * NODE_GPUS
        at = w.size(gpu=gid, gpu_count=n, input_tokens=ctx, output_tokens=0, weights=r.weights)
        if at is None or at.gpu is None or at.runs is False:
            return False
        if at.fits:
            w.record(at, ctx)
            w.out.first = w.say(
                "nodes_asked_many_" + ("several" if several else "one"),
                model=w.model.name, weights=at.weights, node=w.setup(NODE_GPUS, gid),
                one_need=w.gib(node.memory.per_gpu_gib), cap=w.gib(w.cap(at)),
                nodes=w.n(nodes), setup=w.setup(n, gid), need=w.gib(at.memory.per_gpu_gib),
                ctx=w.n(ctx))
            # the single machines that do hold it, as the sizing's fits_on lists them (one
            # node of 8 x H100 does not hold DeepSeek-V3; one of 4 x B200 does)
            single = ", ".join(
                w.setup(f.gpu_count, f.gpu) for f in sorted(
                    (f for f in node.fits_on if f.weights is None and f.gpu_count <= NODE_GPUS),
                    key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:3])
            if single:
                w.out.first += " " + w.say("nodes_asked_single_other", fits=single)
            w.ask("gpu_count", n, w.count_unit(gid), yes=several)
            w.sized_warnings(at, ctx)
            return True
    return False


def _need_any(w: _W, n: int) -> bool:
    """"Do I need 2 GPUs for mistral-7b?" with no GPU named: ``n`` compared with the fewest
    GPUs of any catalog GPU that hold the model (the sizing's ``fits_on``), with the smallest
    memory per GPU at that count: a No when fewer hold it, a Yes when fewer do not (and more
    when even ``n`` do not). False when nothing in the catalog holds it (the memory answer
    says so)."""
    assert w.model is not None
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None or not r.fits_on:
        return False
    w.record(r, ctx)
    least = min(f.gpu_count for f in r.fits_on)
    gb = min(w.reg.gpus[f.gpu].memory_gb for f in r.fits_on if f.gpu_count == least)
    common = {"model": w.model.name, "weights": r.weights, "n": w.n(n), "least": w.n(least),
              "gb": w.n(gb), "need": w.gib(r.memory.total_gib), "ctx": w.n(ctx),
              "fits": w.fits_text(r)}
    key = ("fits_need_any_more" if least > n else "fits_need_any_yes" if least == n
           else "fits_need_any_one" if least == 1 else "fits_need_any_fewer")
    w.out.first = w.say(key, **common)
    w.ask("gpu_count", least, "GPUs", yes=least >= n)
    w.sized_warnings(r, ctx)
    return True


def _fits(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named, less = w.card_whole()  # "a 48 GB card": the memory stated, all of it
    if _work_rate(w, gid):  # "is one A10G enough for 300 embeddings/s with bge-large?"
        return
    if _job_deadline(w, gid):  # "can I embed 500M documents ... by Friday on one L4?"
        return
    if gid is None:
        n = w.ex.gpu_count or 0  # "do I need 2 GPUs for ...?" with no GPU named
        if w.st.multi_node_asked is not None and not n and _nodes_asked(w, _EXAMPLE_GPU,
                                                                         _ctx(w)):
            # "do I need multiple nodes to serve Llama 3.1 405B?", no GPU named: the machines
            # counted on the H100, said (it gave the total GiB alone, not the nodes asked)
            assert w.out.first is not None
            w.out.first += " " + w.say("nodes_gpu_assumed", gpu=w.gpu_name(_EXAMPLE_GPU))
            return
        if not (w.sub == "need" and n > 1 and _need_any(w, n)):
            _memory(w)
        return
    ctx = _ctx(w)
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None:
        _memory(w)
        return
    w.record(r, ctx)
    setup = named or w.setup(count, gid)
    limit = _past_context_limit(w, r, ctx)
    if limit is not None:
        # past the model's own limit no engine takes the request, whatever the memory or
        # the GPU: the limit is the answer (a smaller precision or more GPUs change nothing)
        w.out.first = w.say(w.on("fits_over_context", gid), model=w.model.name, limit=w.n(limit),
                            ctx=w.n(ctx), setup=setup, weights=r.weights,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)))
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        w.sized_warnings(r, ctx)
        return
    if _engine_not_on_gpu(w, r, gid, count, ctx, setup):
        return
    if w.sub == "need" and count > 1 and named is None and _need_count(w, gid, count, ctx):
        return
    if (w.st.multi_node_asked is not None and count in (1, NODE_GPUS) and named is None
            and _nodes_asked(w, gid, ctx)):
        return
    if (w.st.multi_node_asked is None and count == NODE_GPUS and named is None
            and r.fits and r.runs is not False and _nodes_asked(w, gid, ctx, fewer_only=True)):
        # "does Llama 3.1 70B fit on 8 H100?", a node's GPUs: yes, and the fewest that hold
        # it, as "... in a single node of 8 H100?" answers (it gave the 8's memory alone); a
        # smaller count asked ("on 2x A100 80GB") keeps its own figures
        return
    # memory alone is not a yes: an engine that cannot run the weights there is a no (and
    # when they do not fit either, both are said: never "would fit" past the usable memory)
    key = ("fits_cannot_run" if r.runs is False and r.fits_in_memory else "fits_cannot_run_nofit"
           if r.runs is False else "fits_yes" if r.fits_in_memory else "fits_no")
    everywhere = _refused_everywhere(w, r) if r.runs is False else None
    card = w.reg.gpus[gid]
    # a No on a card whose total was read with ECC on (the L40S, 45.0 of its 48 GB) says so
    # where the need is within the card's marketed size, and why cards of the same size fit
    # (_fits_beside_ecc)
    ecc = (key == "fits_no" and card.ecc_default == "on"
           and r.memory.per_gpu_gib <= card.memory_gb)  # (where ECC may decide the fit)
    # before any lower precision: the same weights with the KV cache in 8 bits (audit 25b
    # #8), the same precision (or its twin of the same bits) on another engine (#7); a "no"
    # that another engine turns into a fit names the engine it is about
    load = {"input_tokens": ctx, "output_tokens": 0}
    kv = _kv_step(w, r, gid, count, **load)
    elsewhere = _same_bits_elsewhere(w, r, gid, count, **load)
    w.out.first = w.say(w.on(key + ("" if everywhere is None else "_engine")
                             + ("_ecc" if ecc else "")
                             + ("_on" if key == "fits_no" and elsewhere else ""), gid),
                        model=w.model.name, weights=r.weights, setup=setup,
                        need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)), ctx=w.n(ctx),
                        engine=r.engine, runs=everywhere or "", gpu=w.gpu_name(gid),
                        total=w.gib(card.total_gib), gb=w.n(card.memory_gb),
                        engine_name=w.engine_name(r.engine))
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=bool(r.fits) and r.runs is not False)
    if key == "fits_yes" and r.fits:
        _tight_fit(w, r, gid, count, ctx, setup)
    if not r.fits_in_memory:
        if not elsewhere:  # (a lower precision is no fix where the same one fits elsewhere)
            _smaller_precisions(w, gid, count, ctx, r, setup, kv16=kv is not None)
        w.takes_more(r, gid, count)  # the GPU named first: how many of it hold the model
        if not elsewhere:
            _eight_bit_no(w, gid, count, ctx, r)
    _nearest_that_runs(w, r, gid, count, ctx, alt=not elsewhere)
    # right after the first sentence, before what the engine runs instead and any lower
    # precision
    w.out.more[0:0] = [*([_kv_step_said(w, kv, r, setup)] if kv is not None else []),
                       *([_elsewhere_said(w, elsewhere, r, setup)] if elsewhere else [])]
    if not r.fits_in_memory and r.fits_on:
        w.out.more.extend(_fits_beside_ecc(w, r, gid) if ecc else
                          [w.say("fits_no_more", fits=w.fits_text(r))])
    if r.fits and r.runs is not False:
        _less_of_memory(w, less, count, ctx, r)
    w.sized_warnings(r, ctx)


def _fits_beside_ecc(w: _W, r: SizingResult, gid: str) -> list[str]:
    """The GPUs the model fits on after a "no" on ``gid``, a card whose total was read with
    ECC on (``GPU.ecc_default``), where a card of the same marketed memory would otherwise
    read as a contradiction ("does not fit on the L40S 48GB ... fits on the RTX 6000 Ada
    48GB"): a card of that size read with ECC off (the workstation default, sourced in the
    catalog) is listed with why it holds more (about 48.0 GiB of the same 48 GB); one whose
    ECC state the catalog does not record (the L20, only its marketed 48 GB) is left out,
    with a note, since with ECC on it may expose no more than ``gid`` (audit eccnote23)."""
    own, gpus = w.reg.gpus[gid], w.reg.gpus
    same = [f for f in r.fits_on if f.weights is None] or r.fits_on
    rows = sorted(same, key=lambda f: (f.gpu_count, f.gpu_memory_gib))

    def twin(f: Any, state: str | None) -> bool:
        card = gpus.get(f.gpu)
        return (card is not None and card.memory_gb == own.memory_gb
                and card.ecc_default == state)

    left = [f for f in rows[:3] if twin(f, None)]
    kept = [f for f in rows if not twin(f, None)][:3]
    off = [f for f in kept if twin(f, "off")]
    out = []
    if kept:
        out.append(w.say("fits_no_more", fits=", ".join(w.setup(f.gpu_count, f.gpu)
                                                        for f in kept)))

    def names(rows: list[Any]) -> str:
        said = [w.gpu_name(f.gpu) for f in rows]
        return w.t["fits_ecc_and"].join(filter(None, (", ".join(said[:-1]), said[-1])))

    if off:
        out.append(w.say("fits_ecc_off", cards=names(off), gb=w.n(own.memory_gb),
                         total=w.gib(min(gpus[f.gpu].total_gib for f in off))))
    if left:
        out.append(w.say("fits_ecc_unknown" + ("_many" if len(left) > 1 else ""),
                         cards=names(left), gb=w.n(own.memory_gb)))
    return out


def _tight_fit(w: _W, r: SizingResult, gid: str, count: int, ctx: int, setup: str) -> None:
    """A yes that leaves less than the recommendations' headroom free (``SERVICE_HEADROOM_PCT``)
    said as one: "Yes, barely", the GiB per GPU still free, how many requests of ``ctx``
    tokens the KV cache left holds at once (the sizing's ``max_batch_size``), and the nearest
    setups that keep the headroom: more of the same GPU (doubling, within a node) and the
    fewest of its family's next larger memory. Llama 3.1 70B at fp16 on 4 × A100 40GB, 35.1
    GiB of 36.0 (2.5 % free, room for 3 requests of 4,096 tokens), was a plain "Yes", where
    8 users of the same question are a "No" (audit tightfit22). The numbers keep yes."""
    if r.memory.per_gpu_gib <= w.cap(r) * (1 - SERVICE_HEADROOM_PCT / 100):
        return
    w.out.first = _fit_yes(w, r, ctx, setup)
    pct = w.free_pct()
    alts = [x for x in (_roomy_setup(w, r, gid, count, ctx, more=True),
                        _roomy_setup(w, r, _larger_variant(w, gid), 0, ctx)) if x]
    if alts:
        w.out.more.insert(0, w.say("fits_tight_more", pct=pct,
                                   alts=w.t["fits_tight_or"].join(alts)))


def _fit_yes(w: _W, r: SizingResult, ctx: int, setup: str) -> str:
    """The yes of ``r`` (it fits and runs on ``setup`` at ``ctx`` tokens of context): "Yes,
    ... fits on ...: it needs about X GiB per GPU of the Y GiB usable", or where less than the
    recommendations' headroom (``SERVICE_HEADROOM_PCT``) stays free, "Yes, barely: ..." with
    the GiB per GPU free and the requests of ``ctx`` tokens the KV cache left holds at once
    (the sizing's ``max_batch_size``). The fits answer's lead (:func:`_tight_fit`), and the
    verdict a speed asked beside "does it fit?" leads with (speed._fit_first)."""
    assert w.model is not None
    cap = w.cap(r)
    common = {"model": w.model.name, "weights": r.weights, "setup": setup,
              "need": w.gib(r.memory.per_gpu_gib), "cap": w.gib(cap), "ctx": w.n(ctx)}
    gid = r.gpu.id if r.gpu is not None else None
    if r.memory.per_gpu_gib <= cap * (1 - SERVICE_HEADROOM_PCT / 100):
        return w.say(w.on("fits_yes", gid), **common)
    n = r.max_batch_size or 0
    room = w.say("fits_tight_room", requests=w.requests(n, "count"), ctx=w.n(ctx)) if n else ""
    return w.say(w.on("fits_yes_tight", gid), free=w.gib(max(cap - r.memory.per_gpu_gib, 0.0)),
                 pct=w.free_pct(), room=room, **common)


def _larger_variant(w: _W, gid: str) -> str:
    """The GPU of ``gid``'s family (as the ``gpus`` filter reads a family: "A100", every
    A100) with the least more usable memory, the same form factor first (the A100 SXM4 80GB
    for the 40GB); ``gid`` itself where the family has none."""
    gpus = w.reg.gpus
    words = gpus[gid].name.split()
    family = next((f for i in range(1, len(words) + 1)
                   if gid in (f := w.reg.gpu_family(" ".join(words[:i])))), [])
    own = gpus[gid]
    larger = [g for g in family if g in gpus and gpus[g].usable_gib > own.usable_gib]
    return min(larger, default=gid, key=lambda g: (gpus[g].form_factor != own.form_factor,
                                                   gpus[g].usable_gib, g))


def _roomy_setup(w: _W, r: SizingResult, gid: str, count: int, ctx: int,
                 more: bool = False) -> str | None:
    """The fewest ``gid`` (more than ``count`` where ``more``; 1, 2, 4 up to a node) that hold
    ``r``'s request at its precision with the headroom free, as "8 × A100 (about 18.4 GiB
    per GPU of the 36.0 GiB usable)"; None where none within a node does, or ``gid`` is the
    GPU asked and ``more`` is not set (its count is the tight one)."""
    if not more and r.gpu is not None and gid == r.gpu.id:
        return None
    k = 1
    while k <= NODE_GPUS:
        if k > count:
            at = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0,
                        weights=r.weights)
            if (at is not None and at.gpu is not None and at.fits and at.runs is not False
                    and at.memory.per_gpu_gib <= w.cap(at) * (1 - SERVICE_HEADROOM_PCT / 100)):
                return w.say(w.on("fits_tight_alt", gid), setup=w.setup(k, gid),
                             need=w.gib(at.memory.per_gpu_gib), cap=w.gib(w.cap(at)))
        k *= 2
    return None


def _less_of_memory(w: _W, less: list[str], count: int, ctx: int, yes: SizingResult) -> None:
    """After a yes for "a 48 GB card": the cards sold with that memory that show less of it
    to software (the L40S and A40: 44.99 GiB with ECC on) where the same request does not
    fit, with what it needs and what is usable there, each sized at the precision of the yes
    (``yes``). A card whose engine has no kernel for that precision is said apart, with the
    engine that runs it there where one fits it (:func:`_same_bits_elsewhere`): gpt-oss-20b
    on "a 16GB card" fits at mxfp4 (14.3 GiB), and vLLM has no MXFP4 kernel on a T4 or V100,
    where llama.cpp runs it (13.6 GiB of 14.6); it said "the same 40.4 GiB" there, vLLM's
    fp16 fallback (audit 25b #7)."""
    short: list[str] = []
    need = cap = shown = 0.0
    cannot: list[str] = []
    alts: list[tuple[str, SizingResult]] = []
    for gid in less:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
                   weights=yes.weights)
        if r is None or r.gpu is None or (r.fits_in_memory and r.runs is not False):
            continue
        if r.runs is False:
            found = _same_bits_elsewhere(w, r, gid, count, input_tokens=ctx, output_tokens=0)
            if found:
                alts.append((gid, found[0]))
            else:
                cannot.append(w.gpu_name(gid))
            continue
        short.append(w.gpu_name(gid))
        need, cap = r.memory.per_gpu_gib, max(cap, w.cap(r))
        shown = max(shown, w.reg.gpus[gid].total_gib)
    if short:
        w.out.more.append(w.say("mem_card_less", gpus=", ".join(short), need=w.gib(need),
                                cap=w.gib(cap), shown=w.f.number(shown, 2)))
    for engine in dict.fromkeys(a.engine for _, a in alts):
        mine = [(g, a) for g, a in alts if a.engine == engine]
        w.out.more.append(w.say(
            "mem_card_engine", gpus=", ".join(w.gpu_name(g) for g, _ in mine),
            engine=w.engine_name(yes.engine), weights=yes.weights, alt=w.engine_name(engine),
            p=mine[0][1].weights, need=w.gib(max(a.memory.per_gpu_gib for _, a in mine)),
            cap=w.gib(min(w.cap(a) for _, a in mine))))
    if cannot:
        w.out.more.append(w.say("mem_card_cannot", gpus=", ".join(cannot),
                                engine=w.engine_name(yes.engine), weights=yes.weights))


def _engine_not_on_gpu(w: _W, r: SizingResult, gid: str, count: int, ctx: int,
                       setup: str) -> bool:
    """The engine does not run on that GPU at any precision (vLLM on a P100, TensorRT-LLM on
    an MI300X; catalog/kernels.toml [[platform]]): said first, the memory being beside the
    point, then the first other engine that runs the model there and how it fits on it, and
    the GPUs the engine asked runs it on. False when the engine runs there."""
    assert w.model is not None
    gpu = w.reg.gpus[gid]
    first = _no_platform(w, r, gpu)
    if first is None:
        return False
    w.out.first = first
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
    alt = _other_engine(w, r, gid, count, input_tokens=ctx, output_tokens=0)
    if alt is None:
        w.out.more.append(w.say("fits_engine_alt_none", model=w.model.name, gpu=w.gpu_name(gpu.id)))
    else:
        if not alt.fits_in_memory:  # (inserted first: its sentence follows the engine's)
            _smaller_precisions(w, gid, count, ctx, alt, setup, engine=alt.engine)
        w.out.more.insert(0, w.say(
            w.on("fits_engine_alt" if alt.fits_in_memory else "fits_engine_alt_nofit", gid),
            alt=w.engine_name(alt.engine), model=w.model.name, weights=alt.weights,
            setup=setup, need=w.gib(alt.memory.per_gpu_gib), cap=w.gib(w.cap(alt))))
    if r.fits_on:
        w.out.more.append(w.say("fits_engine_runs_on", engine=w.engine_name(r.engine),
                                fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)
    return True


def _nearest_that_runs(w: _W, r: SizingResult, gid: str, count: int, ctx: int,
                       alt: bool = True) -> None:
    """After "<engine> cannot run <weights> on that GPU" (fp8 with TensorRT-LLM on an A100):
    the nearest precision that engine runs there (kernels.toml [nearest]) and whether the
    model fits at it, sized with that engine; where none of its list runs, the first other
    engine that runs the weights there (unless ``alt`` is False: the answer names the
    engines that fit them already, :func:`_same_bits_elsewhere`). Said right after the first
    sentence."""
    assert w.model is not None
    gpu = w.reg.gpus[gid]
    p = get_precision(r.weights)
    kernels = w.reg.kernels
    if r.runs is not False or r.engine not in w.reg.engines or kernels.supported(
            r.engine, p, gpu).ok:
        return
    near = kernels.nearest_supported(r.engine, p, gpu, {x.id: x for x in PRECISIONS})
    if near is None:
        other = _other_engine(w, r, gid, count, input_tokens=ctx, output_tokens=0) if alt \
            else None
        if other is not None:
            w.out.more.insert(0, w.say(
                w.on("fits_engine_alt" if other.fits_in_memory else "fits_engine_alt_nofit",
                     gid),
                alt=w.engine_name(other.engine), model=w.model.name, weights=other.weights,
                setup=w.setup(count, gid), need=w.gib(other.memory.per_gpu_gib),
                cap=w.gib(w.cap(other))))
        return
    again = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
                   weights=near.id, engine=r.engine)
    if again is None or again.runs is False or again.gpu is None:
        return
    w.out.more.insert(0, w.say(w.on("fits_near" if again.fits_in_memory
                                    else "fits_near_nofit", gid),
                               near=near.id, engine=w.engine_name(r.engine),
                               need=w.gib(again.memory.per_gpu_gib), cap=w.gib(w.cap(again))))


def _past_context_limit(w: _W, r: SizingResult, ctx: int) -> int | None:
    """The model's own context limit where the sizing says the request does not run because
    ``ctx`` (input and output tokens) is past it, else None. An embedding model's input is
    cut to its limit instead, so it is never past it."""
    limit = w.max_ctx()
    if (r.runs is not False or w.model is None or w.model.task == "embed" or not limit
            or ctx <= limit):
        return None
    return limit


def _eight_bit_no(w: _W, gid: str, count: int, ctx: int, r: SizingResult) -> None:
    """After a "no" at 16 bits where 8 bits do not fit that setup either (Mixtral 8x22B on one
    H200: about 263 GiB of bf16 and 131 GiB of fp8 weights): the 8-bit need said next to the
    first "no" (the lower precisions that fit follow it), and after the 16-bit count the fewest
    of the GPU that hold 8 bits. fp8 where the GPU's kernels run it, else int8."""
    if r.runs is False or get_precision(r.weights).bits_linear < 16:
        return
    for pid in ("fp8", "int8"):
        again = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0, weights=pid)
        if again is None or any(x.startswith("impossible combination") for x in again.warnings):
            continue
        if again.fits_in_memory:
            return  # _smaller_precisions leads with it
        w.out.more.insert(0, w.say(w.on("fits_no_either", gid), p=pid,
                                   need=w.gib(again.memory.per_gpu_gib)))
        for k in (2, 4, 8):
            more = (w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0, weights=pid)
                    if k > count else None)
            if more is not None and more.fits_in_memory:
                w.out.more.append(w.say(w.on("fits_takes", gid, k), n=w.n(k),
                                        gpu=w.gpu_name(gid), weights=pid,
                                        per=w.gib(more.memory.per_gpu_gib)))
                return
        return


def _max_context(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if gid is None:
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    # "with 8 concurrent users": each user's context with all 8 in memory (the sizing's batch,
    # as /v1/sizing's max_context_tokens at that batch_size), not one sequence's
    users = w.ex.concurrent_requests if w.model.kind == "llm" else None
    users = users if users and users > 1 else None
    # the default load (the sizing's own max context does not depend on it; the note of a
    # smaller precision says its context)
    load: dict[str, Any] = {"input_tokens": ASK_PROMPT_TOKENS, "output_tokens": _OUT}
    r = w.size(gpu=gid, gpu_count=count, batch_size=users, **load)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    r = _fitting_precision(w, r, gid, count, setup, ASK_CONTEXT_TOKENS,
                           lambda x: x.max_context_tokens, batch_size=users, **load) or r
    # the numbers (and Slack's table) at the context the answer states: the sizing above is
    # at the default prompt (KV 0.3 GiB beside "30,533 tokens take 3.7 GiB", and 20 GB cards
    # that do not hold 30,533 tokens listed as fitting it)
    at = w.size(gpu=gid, gpu_count=count, weights=r.weights, batch_size=users,
                input_tokens=r.max_context_tokens, output_tokens=0) if (
        r.max_context_tokens) else None
    w.record(at or r, r.max_context_tokens or 0)
    if not r.max_context_tokens:
        w.out.first = w.say(w.on("max_context_none", gid), model=w.model.name, weights=r.weights,
                            setup=setup, need=w.gib(r.memory.per_gpu_gib),
                            cap=w.gib(w.cap(r)))
        w.ask("max_context_tokens", 0, "tokens", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    else:
        limit = w.max_ctx()
        note = (w.say("ctx_limit_note", limit=w.n(limit))
                if limit and limit < r.max_context_tokens * 4 else "")
        w.out.first = w.say("max_context_users" if users else "max_context",
                            model=w.model.name, weights=r.weights, setup=setup,
                            n=w.n(r.max_context_tokens), limit=note, users=w.n(users or 1))
        w.ask("max_context_tokens", r.max_context_tokens, "tokens")
        if r.kv_cache_bytes_per_token:
            kv = r.kv_cache_bytes_per_token
            w.out.more.append(w.say(
                "kv_cache", model=w.model.name, kib=w.n(kv / 1024, 1 if kv < 10240 else 0),
                bytes=w.n(kv), kv=r.kv_cache or r.weights, ctx=w.n(r.max_context_tokens),
                gib=w.gib(kv * r.max_context_tokens / 2**30)))
    for x in r.warnings:
        w.core_warn(x)
    for x in at.warnings if at is not None else ():
        if EXTENDED_CONTEXT_MARK in x:
            # the largest context is the card's extended one (Qwen3: 131,072 with YaRN): what
            # it needs, as the sizing at that context says it
            w.core_warn(x)


def _max_concurrency(w: _W) -> None:
    """The most concurrent requests the setup holds (:func:`_max_concurrency_at`), with the
    KV cache's precision where the question states one ("if I use an fp8 KV cache, how many
    users fit": every sizing of the answer at that precision, said after the count; it
    answered the KV bytes per token at 32,768 tokens, audit ask_misc_ro)."""
    _max_concurrency_at(w)
    kv_type = w.st.kv_cache
    if not kv_type or w.out.first is None or w.out.asked is None or w.model is None \
            or w.model.kind != "llm":
        return
    r = w.size(kv_cache=kv_type)
    kv = r.kv_cache_bytes_per_token if r is not None else None
    if r is None or not kv:
        return
    w.out.more.insert(0, w.say("concurrency_kv", kv=r.kv_cache or kv_type,
                               kib=w.n(kv / 1024, 1 if kv < 10240 else 0)))
    _concurrency_kv_gain(w, kv_type)


def _concurrency_kv_gain(w: _W, kv_type: str) -> None:
    """The same count with the engines' default 16-bit KV cache, where a lower-precision one
    is asked ("does an FP8 KV cache let Llama 3.1 70B serve more users on 2 H100?"): both
    counts and how many times as many the asked cache holds, from the same sizing at the
    same setup, weights and lengths (audit 31a #12: the KV bytes per token alone)."""
    held, got = w.recorded, w.out.asked
    if (held is None or held.gpu is None or got is None or got.quantity != "max_batch_size"
            or not got.value or (held.kv_cache or kv_type) in ("fp16", "bf16")):
        return
    inp = _prompt(w, _out(w))
    base = w.size(gpu=held.gpu.id, gpu_count=held.gpu_count, weights=held.weights,
                  input_tokens=inp, output_tokens=_out(w))
    if base is None or not base.max_batch_size or base.max_batch_size >= got.value:
        return
    w.out.more.insert(1, w.say("concurrency_kv_gain", kv=held.kv_cache or kv_type,
                               base=w.n(base.max_batch_size), n=w.n(got.value),
                               ratio=w.n(got.value / base.max_batch_size, 1)))


def _max_concurrency_at(w: _W) -> None:
    if w.model is None or w.model.kind != "llm":
        _fallback(w)
        return
    gid, named = w.card()
    if gid is None:
        # a budget and no GPU: the users the budget serves (audit s2money: it was the memory)
        if w.users_for_budget is not None and w.users_for_budget():
            return
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    # a tensor parallel stated ("with TP2"): the GPUs laid out so, as /v1/sizing's
    # ``parallelism`` lays them; one that cannot lay them out said, and the layout the sizing
    # picks answers (audit 29 layout: ignored unsaid)
    tp = w.st.tensor_parallel
    if tp and not w.ex.gpu_count:
        count = tp
    unusable = tp_unusable(w, tp, count) if tp else None
    fixed: dict[str, Any] = ({"parallelism": {"tensor": tp, "data": count // tp}}
                             if tp and unusable is None else {})
    # each request's prompt and its output: "200 output tokens per request" was sized at 512
    # out (3,584 in, 512 out; audit buyer19 #1)
    inp = _prompt(w, _out(w))
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=_out(w),
               kv_cache=w.st.kv_cache, **fixed)
    if fixed and r is not None and not r.fits_in_memory:
        fixed = {}  # the layout stated does not hold it: the sizing's own (said below)
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=_out(w),
                   kv_cache=w.st.kv_cache)
        unusable = w.say("concurrency_tp_no_fit", tp=w.n(tp or 1))
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    r = _fitting_precision(w, r, gid, count, setup, inp + _out(w), lambda x: x.max_batch_size,
                           input_tokens=inp, output_tokens=_out(w), kv_cache=w.st.kv_cache,
                           **fixed) or r
    if (r.max_batch_size and (w.st.min_tokens_per_s or w.st.max_ttft_ms) and not fixed
            and _concurrency_speed(w, gid, count, r, inp, setup)):
        return
    # the numbers (and Slack's table) at the load the answer states, every request held on
    # the setup: one request's sizing listed 1 x H100 beside "91 concurrent requests on 2"
    if r.max_batch_size and not fixed and _concurrency_replicas(w, gid, count, r, inp):
        if unusable is not None:
            w.out.more.insert(0, unusable)
        return
    full = w.size(gpu=gid, gpu_count=count, weights=r.weights, input_tokens=inp,
                  output_tokens=_out(w), batch_size=r.max_batch_size,
                  kv_cache=w.st.kv_cache, **fixed) if (
        r.max_batch_size and r.max_batch_size > 1) else None
    w.record(full or r, inp + _out(w))
    if not r.max_batch_size:
        # a kernel rule refusing the weights there is a batch of 0 whatever the memory: said
        # as the fit answer says it, never "does not fit" beside a need under the usable
        # (buyer20 #8: it was "holds about 6 concurrent requests" of fp8 on a T4)
        refused = r.runs is False and any(x.startswith("impossible combination")
                                          for x in r.warnings)
        key = ("fits_cannot_run" if refused and r.fits_in_memory
               else "fits_cannot_run_nofit" if refused else "fits_no")
        everywhere = _refused_everywhere(w, r) if refused else None
        w.out.first = w.say(w.on(key + ("" if everywhere is None else "_engine"), gid),
                            model=w.model.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            ctx=w.n(inp + _out(w)), engine=r.engine, runs=everywhere or "")
        w.ask("max_batch_size", 0, "requests", yes=False)
        return
    w.out.first = w.say("max_concurrency_one" if r.max_batch_size == 1 else "max_concurrency",
                        setup=setup, model=w.model.name, weights=r.weights,
                        n=w.n(r.max_batch_size), ctx=w.n(inp + _out(w)), inp=w.n(inp),
                        out=w.n(_out(w)))
    w.ask("max_batch_size", r.max_batch_size, "requests")
    p = r.performance
    if p is not None and p.max_concurrency and p.max_throughput_tokens_per_s:
        # more admitted than held: the engine allocates KV cache in pages as each request
        # grows (vLLM's PagedAttention), so requests in flight, most short of their full
        # length, share the memory that full-length ones would fill (the sizing's
        # "serving" note: paged blocks at their actual context)
        more = p.max_concurrency > r.max_batch_size
        w.out.more.append(w.say("concurrency_more_paged" if more else "concurrency_more",
                                n=w.n(p.max_concurrency), held=w.n(r.max_batch_size),
                                thr=w.n(p.max_throughput_tokens_per_s)))
    if unusable is not None:
        w.out.more.insert(0, unusable)
    if count > 1 and r.layout is not None and r.gpu_count == count:
        w.out.more.append(_concurrency_layout(w, gid, count, r, inp))
    w.sized_warnings(r, inp + _out(w))


def _concurrency_layout(w: _W, gid: str, count: int, r: SizingResult, inp: int) -> str:
    """Which layout the count of requests is for (TP x replicas), and, where independent
    replicas of fewer GPUs each would generate more in total (:func:`replicas_full_load`)
    though they hold fewer at once, those replicas with their own figures, as /v1/sizing
    gives them with that ``parallelism`` (audit 29 layout: 275 held on 6 x H100 by one copy
    over all six, 1,169 tokens/s, where 3 replicas of TP2 generate about 2,769)."""
    assert r.layout is not None
    mine = layout_named(w, gid, count, r.layout)
    rep = (replicas_full_load(w, gid, count, inp, _out(w), r)
           if not r.layout.fixed and r.layout.data <= 1 else None)
    q = rep.performance if rep is not None else None
    p = r.performance
    if (rep is None or q is None or rep.layout is None or p is None
            or not q.max_throughput_tokens_per_s or not rep.max_batch_size_in_memory):
        return w.say("speed_layout_is", layout=mine)
    return w.say("concurrency_layout_other", layout=mine,
                 other=layout_named(w, gid, count, rep.layout),
                 thr=w.n(p.max_throughput_tokens_per_s or 0.0),
                 thr_other=w.n(q.max_throughput_tokens_per_s),
                 held_other=w.n(rep.max_batch_size_in_memory),
                 adm_other=w.n(q.max_concurrency or rep.max_batch_size_in_memory))


def _concurrency_speed(w: _W, gid: str, count: int, r: SizingResult, inp: int,
                       setup: str) -> bool:
    """How many users within a per-user speed and/or a time to the first token ("how many
    users at 50 tok/s each can an H100 serve", "how many concurrent users with TTFT under 200
    ms"): the most concurrent requests, up to what memory and the engine hold, whose sizing
    meets every target stated, found by the sizing core's search
    (``load_search.most_requests_within``: the decode speed per user is 1,000 / time per
    output token, as the recommendations' ``decode_tokens_per_s_per_user``; the TTFT is the
    mean at that load), so that /v1/sizing at that ``batch_size`` gives the figures said. The
    memory's count alone was the answer: 110 users of 8B on an H100 (4,096 tokens each),
    about 24 tokens/s each, where 41 get 50; and with a TTFT target, 110 where 11 get their
    first token within 200 ms (buyer audit 26a #2). False where the sizing has no speed."""
    assert w.model is not None
    target = w.st.min_tokens_per_s or None
    ttft_max = w.st.max_ttft_ms or None
    p = r.performance
    held = min(r.max_batch_size_in_memory or 0, (p.max_concurrency if p is not None else None)
               or r.max_batch_size_in_memory or 0)
    kw: dict[str, Any] = {"gpu": gid, "gpu_count": count, "weights": r.weights,
                          "input_tokens": inp, "output_tokens": _out(w),
                          "kv_cache": w.st.kv_cache}

    def perf(batch: int) -> Performance | None:
        at = w.size(batch_size=batch, **kw)
        q = at.performance if at is not None and at.fits_in_memory else None
        return q if q is not None and q.time_per_output_token_ms else None

    one, most = perf(1), perf(held) if held >= 1 else None
    if one is None or most is None or (ttft_max and (one.time_to_first_token_ms is None
                                                     or most.time_to_first_token_ms is None)):
        return False

    def tps(q: Performance) -> float:
        return 1000 / (q.time_per_output_token_ms or 1.0)

    targets = LatencyTargets(max_time_to_first_token_ms=ttft_max,
                             min_decode_tokens_per_s=target)
    common = {"setup": setup, "model": w.model.name, "weights": r.weights,
              "tps": w.hours(target or 0.0), "ctx": w.n(inp + _out(w)), "inp": w.n(inp),
              # (a target asked as a time per output token is said in its terms too)
              "speed": w.say("speed_target_tpot" if w.st.tpot_ms else "speed_target_tps",
                             tps=w.hours(target or 0.0), ms=w.hours(w.st.tpot_ms or 0.0)),
              "targets": w.targets_said(), "out": w.n(_out(w)),
              "held": w.n(held), "at_held": w.n(tps(most), 1),
              "ttft_held": w.n(most.time_to_first_token_ms or 0.0)}
    timed = "_ttft" if ttft_max else ""
    found = w.most_within(targets, held, **kw)
    if found is None:
        w.out.first = w.say(f"max_concurrency_speed{timed}_none", at=w.n(tps(one), 1),
                            ttft=w.n(one.time_to_first_token_ms or 0.0), **common)
        w.ask("max_batch_size", 0, "requests", yes=False)
        w.record(r, inp + _out(w))
        return True
    lo, at = found.requests_at_once or 1, found.sizing
    q = at.performance
    assert q is not None
    w.record(at, inp + _out(w))
    # memory, not speed, stops it where every request it holds still gets the target: "holds
    # 13 at once, but at that many each gets only about 34.3 tokens/s" (of 20 asked) read as
    # a speed limit that was not one
    key = f"max_concurrency_speed{timed}" + ("_memory" if lo == held else "")
    if lo == 1:  # "1 concurrent user", "1 utilizator" (was "1 concurrent users")
        key += "_one"
    w.out.first = w.say(key, n=w.n(lo), at=w.n(tps(q), 1),
                        ttft=w.n(q.time_to_first_token_ms or 0.0), **common)
    w.ask("max_batch_size", lo, "requests")
    w.sized_warnings(r, inp + _out(w))
    return True


def _concurrency_replicas(w: _W, gid: str, count: int, r: SizingResult, inp: int) -> bool:
    """The most concurrent requests ``count`` × ``gid`` serve, as independent replicas of the
    fewest GPUs that hold the model (or a wider width, doubling, that divides ``count``) when
    they serve more than one replica over all of them (``r``): each replica runs at most as
    many requests as its KV cache holds at full length and its engine admits (max_num_seqs
    is per engine, per replica), and replicas share nothing, so their requests and
    throughput add up. So the count answer (:func:`gpu_count_for_users`: 1,000 users of
    Llama 3.1 8B need 8 × H100, 4 replicas of 2 each holding 250 requests of 4,096 tokens)
    and this one agree: 8 × H100 serve 4 × 250 = 1,000 at once, where one replica over 8
    was "1,750 held, 256 admitted". False (the one-replica answer) where no replica width
    does better."""
    assert w.model is not None
    p = r.performance
    whole = min(r.max_batch_size_in_memory or 0, (p.max_concurrency if p is not None else None)
                or r.max_batch_size_in_memory or 0)
    best: tuple[int, int, SizingResult, int] | None = None  # (requests, per replica, ...)
    per = 1
    while per < count:
        one = (w.size(gpu=gid, gpu_count=per, weights=r.weights, input_tokens=inp,
                      output_tokens=_out(w), kv_cache=w.st.kv_cache) if count % per == 0 else None)
        q = one.performance if one is not None and one.fits and one.runs is not False else None
        if (one is not None and q is not None and one.max_batch_size_in_memory
                and q.max_throughput_tokens_per_s):
            each = min(one.max_batch_size_in_memory,
                       q.max_concurrency or one.max_batch_size_in_memory)
            if best is None or (count // per) * each > best[0]:
                best = ((count // per) * each, per, one, each)
        per *= 2
    if best is None or best[0] <= whole:
        return False
    n, per, one, each = best
    q = one.performance
    assert q is not None and q.max_throughput_tokens_per_s
    k = count // per
    at = w.size(gpu=gid, gpu_count=per, weights=r.weights, input_tokens=inp,
                output_tokens=_out(w), batch_size=each,
                kv_cache=w.st.kv_cache) if each > 1 else None
    w.record(at if at is not None and at.fits_in_memory else one, inp + _out(w))
    w.out.first = w.say("max_concurrency_replicas", setup=w.setup(count, gid),
                        replicas=w.replicas(k), per_replica=w.gpus_per_replica(per, gid),
                        model=w.model.name, weights=one.weights, n=w.n(n), each=w.n(each),
                        held=w.n(one.max_batch_size_in_memory or 0),
                        adm=w.n(q.max_concurrency or one.max_batch_size_in_memory or 0),
                        ctx=w.n(inp + _out(w)), inp=w.n(inp), out=w.n(_out(w)))
    w.ask("max_batch_size", n, "requests")
    w.out.more.append(w.say(w.on("concurrency_replicas_more", gid),
                            thr=w.n(k * q.max_throughput_tokens_per_s), gpus=w.n(count),
                            whole=w.n(whole),
                            whole_thr=w.n(p.max_throughput_tokens_per_s or 0 if p else 0)))
    w.sized_warnings(one, inp + _out(w))
    return True


def _precision(w: _W) -> None:
    """Whether the GPU runs a precision, from the capability matrix (catalog/kernels.toml)
    the sizing checks every request against, with the engine named (else the default serving
    engine, vLLM). A weight-only path (the rule's ``compute`` differs from the precision's:
    MXFP4 or FP8 on a GPU without those tensor cores) is a "yes, but weight-only", or, where
    the question asks whether it runs natively (``Stated.native_asked``), "it runs, but not
    natively", with the hardware the precision's own matmuls need
    (``Precision.native_compute_arch``); a GPU that has those tensor cores but whose engine
    does not use them by default (vLLM's MXFP4 MoE on a B200 takes BF16 activations) says
    so. A model named ("... natively on H100? gpt-oss-120b") gets its fit after it."""
    if w.sub == "flash_attention":
        _flash_attention(w)
        return
    gid = w.ex.gpu
    name = w.st.precision
    p = find_precision(name) if name else None
    if gid is None or p is None or name is None:
        return
    gpu = w.reg.gpus[gid]
    kernels = w.reg.kernels
    ids = w.reg.engines.ids
    if not ids:
        return
    engine = (w.ex.engine if w.ex.engine in ids else "vllm" if "vllm" in ids else ids[0])
    s = kernels.supported(engine, p, gpu)
    common = {"gpu": w.gpu_name(gpu.id), "p": name.upper(), "engine": engine,
              "cc": gpu.compute_capability or "?"}
    has_cores = bool(p.native_compute_arch) and gpu.architecture in p.native_compute_arch
    if w.sub == "worth" and s.ok and _precision_worth(w, gid, p, s, has_cores, common):
        return
    if s.ok and s.status == "runs_as":
        key = ("precision_as_arch" if has_cores else "precision_as_not_native"
               if w.st.native_asked else "precision_as")
        w.out.first = w.say(key, compute=(s.compute or "").upper(), **common)
    elif s.ok:
        w.out.first = w.say("precision_yes", **common)
    else:
        w.out.first = w.say("precision_no", **common)
        near = kernels.nearest_supported(engine, p, gpu, {x.id: x for x in PRECISIONS})
        if near is not None:
            w.out.more.append(w.say("precision_near", near=near.id, gpu=w.gpu_name(gpu.id)))
    if w.st.native_asked and s.ok:
        # natively asked: a weight-only path is a no (the hardware's own tensor cores are
        # the question), one on a GPU that has them but whose engine does not use them a yes
        native = s.status == "ok" or has_cores
        w.ask("native", 1.0 if native else 0.0, "yes/no", yes=native)
    else:
        w.ask("supported", 1.0 if s.ok else 0.0, "yes/no", yes=bool(s.ok))
    first: list[str] = []
    if s.status != "ok" and p.native_compute_arch and not has_cores:
        # where its own matmuls run (precisions.py): "native FP4 needs Blackwell"
        archs = list(p.native_compute_arch)
        first.append(w.say("precision_native_arch", p=name.upper(), archs=(
            w.t["core_list_or"].format(head=", ".join(archs[:-1]), last=archs[-1])
            if len(archs) > 1 else archs[0])))
    if s.ok and w.model is not None and w.model.kind == "llm":
        fit = _precision_fit(w, gid, name)
        if fit is not None:
            first.append(fit)
    rule = next((x for x in kernels.rules if x.id == s.rule), None)
    if s.ok and rule is not None:
        # the kernel that runs it: the same rule sizing's hardware check decides by
        first.append(w.say("precision_kernel", runs=rule.runs, rule=rule.id))
    w.out.more[0:0] = first
    if s.sources:
        w.out.more.append(w.say("precision_source", rule=s.rule,
                                source=s.sources[0].split(" ")[0]))


def _precision_worth(w: _W, gid: str, p: Precision, s: Support, has_cores: bool,
                     common: dict[str, str]) -> bool:
    """"Is FP8 on an A100 worth it?": a verdict from the capability matrix the sizing checks
    (catalog/kernels.toml): where the GPU has no tensor cores for the precision and its engine
    runs it weight-only (vLLM's FP8-Marlin W8A16 on Ampere), a No for compute, with what it
    still buys (the weights' memory and the bytes each generated token reads) and what not
    (the matmuls stay at the 16-bit rate: prefill, large batches, training); where it
    computes in it, a Yes with both peaks; a model named is sized both ways on the fewest of
    the GPU that hold it. False where the engine does not use tensor cores the GPU has (the
    plain support answer says so). It gave guidance passages (audit leftask #5)."""
    gpu = w.reg.gpus[gid]
    if (s.status == "runs_as" and has_cores) or p.bits_linear >= 16:
        return False  # (16-bit weights buy no memory: the plain support answer)
    rule = next((x for x in w.reg.kernels.rules if x.id == s.rule), None)
    share = w.f.percent(min(1.0, p.bits_linear / 16))
    # a format that is weight-only on every GPU (AWQ / GPTQ INT4: its matmuls in 16-bit)
    by_format = s.status != "runs_as" and p.compute in ("bf16", "fp16")
    native = s.status != "runs_as" and not by_format
    if by_format:
        w.out.first = w.say("precision_worth_format", share=share,
                            compute=(s.compute or p.compute).upper(),
                            tflops16=w.n(gpu.tflops(s.compute or p.compute) or 0), **common)
    elif native:
        w.out.first = w.say("precision_worth_native", share=share,
                            tflops=w.n(gpu.tflops(p.compute) or 0),
                            tflops16=w.n(gpu.tflops("bf16") or 0),
                            p16="BF16" if gpu.bf16_tflops else "FP16", **common)
    else:
        w.out.first = w.say("precision_worth_weight_only", share=share,
                            runs=rule.runs if rule is not None else "",
                            compute=(s.compute or "bf16").upper(),
                            tflops16=w.n(gpu.tflops(s.compute or "bf16") or 0), **common)
    w.ask("native", 1.0 if native else 0.0, "yes/no", yes=None if by_format else native)
    if w.model is not None and w.model.kind == "llm":
        ctx = _ctx(w)
        rows: dict[str, tuple[int, SizingResult]] = {}
        for weights in (p.id, "bf16"):
            k = 1
            while k <= NODE_GPUS:
                r = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=_out(w),
                           weights=weights)
                if r is not None and r.gpu is not None and r.fits and r.runs is not False:
                    rows[weights] = (k, r)
                    break
                k *= 2
        said = []
        for k, r in rows.values():
            tps = r.performance.decode_tokens_per_s if r.performance is not None else None
            said.append(w.say("precision_worth_row", weights=r.weights, setup=w.setup(k, gid),
                              need=w.gib(r.memory.per_gpu_gib),
                              tps=w.rate(tps) if tps else w.t["precision_worth_no_speed"]))
        if said:
            w.out.more.append(w.say("precision_worth_model", model=w.model.name,
                                    ctx=w.n(ctx), rows="; ".join(said)))
            if p.id in rows:
                w.record(rows[p.id][1], ctx)
                w.sized_warnings(rows[p.id][1], ctx)  # (a tight fit said, as the fit says it)
    if s.sources:
        w.out.more.append(w.say("precision_source", rule=s.rule,
                                source=s.sources[0].split(" ")[0]))
    return True


def _flash_attention(w: _W) -> None:
    """"Does FlashAttention 2 work on a T4?": whether the GPU named runs the FlashAttention
    asked (:func:`hardware.flash_attention_support`: FlashAttention-2 from Ampere, 1.x on
    Turing, neither on Volta and older; FlashAttention-3 for Hopper, its README's H100 /
    H800), what runs attention instead, and the sources; a model named gets its fit on that
    GPU after it. The sizing's ``attention_kernel`` assumption says the same of a training
    run with ``flash_attention`` there."""
    gid = w.ex.gpu
    if gid is None:
        return
    gpu = w.reg.gpus[gid]
    version = w.st.flash_attention or 0
    got = flash_attention_support(gpu)
    common = {"gpu": w.gpu_name(gid), "cc": gpu.compute_capability or "?",
              "arch": gpu.architecture}
    if version == 3:
        hopper = gpu.architecture == "Hopper"
        key = "fa3_yes" if hopper else "fa3_no_fa2" if got == "fa2" else f"fa_{got}"
        yes = hopper or (None if got in ("fa1", "unknown") else False)
    elif version == 1 and got in ("fa1", "fa2"):
        key = "fa1_yes" if got == "fa1" else "fa1_on_fa2"
        yes = True if got == "fa1" else None
    else:
        key = f"fa_{got}"
        yes = True if got == "fa2" else None if got in ("fa1", "unknown") else False
    w.out.first = w.say(key, **common)
    if yes is not None:
        w.ask("supported", 1.0 if yes else 0.0, "yes/no", yes=yes)
    else:
        w.out.computed = True
    if w.model is not None and w.model.kind == "llm":
        fit = _precision_fit(w, gid, None)
        if fit is not None:
            w.out.more.append(fit)
    w.out.more.append(w.t["fa_sources"])


def _precision_fit(w: _W, gid: str, name: str | None) -> str | None:
    """The model named beside a precision asked of a GPU: its fit there at that precision
    (the fits answer's words, :func:`_fit_yes`), said after the kernel's verdict; None where
    the sizing does not run that precision there."""
    assert w.model is not None
    ctx = _ctx(w)
    count = w.ex.gpu_count or 1
    q = find_precision(name) if name else None
    r = w.size(gpu=gid, gpu_count=count, weights=name, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None or (name is not None and (q is None or r.weights != q.id)):
        return None
    w.record(r, ctx)
    setup = w.setup(count, gid)
    if r.fits_in_memory:
        return _fit_yes(w, r, ctx, setup)
    return w.say("fits_no", model=w.model.name, weights=r.weights, setup=setup,
                 need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)), ctx=w.n(ctx))


def _kv(w: _W) -> None:
    if w.model is None:
        return
    # the KV cache's precision stated ("fp8 kv cache"), else sizing's default (fp16)
    kv_type = w.st.kv_cache
    r = w.size(kv_cache=kv_type)
    if r is None:
        return
    kv = r.kv_cache_bytes_per_token
    if not kv:
        w.out.first = w.say("kv_none", model=w.model.name)
        w.out.computed = True
        return
    ctx = w.ex.context_tokens or min(w.max_ctx() or 32768, 32768)
    # the sequence's cache as sizing counts it (sliding-window layers keep only their
    # window, a latent cache its latent), not the full-attention bytes per token x tokens
    at = w.size(input_tokens=ctx, output_tokens=0, batch_size=1, kv_cache=kv_type)
    seq_gib = (at.memory.kv_cache_gib if at is not None and at.memory.kv_cache_gib is not None
               else kv * ctx / 2**30)
    if at is not None:
        r = at
    # users stated ("with 4 users", "16 users"): each holds its own sequence, so the cache
    # for all of them, as sizing counts a batch of that many, leads
    users = w.ex.concurrent_requests or w.ex.batch_size
    many = w.size(input_tokens=ctx, output_tokens=0, batch_size=users,
                  kv_cache=kv_type) if users and users > 1 else None
    total = many.memory.kv_cache_gib if many is not None else None
    if many is not None and total is not None:
        r = many
    w.record(r, ctx)
    common = {"model": w.model.name, "kib": w.n(kv / 1024, 1 if kv < 10240 else 0),
              "bytes": w.n(kv), "kv": r.kv_cache or r.weights, "ctx": w.n(ctx),
              "gib": w.gib(seq_gib)}
    if total is not None and users:
        w.out.first = w.say("kv_cache_users", users=w.n(users), total=w.gib(total), **common)
    else:
        w.out.first = w.say("kv_cache", **common)
    if seq_gib < 0.95 * kv * ctx / 2**30:
        w.out.more.append(w.say("kv_window", full=w.gib(kv * ctx / 2**30)))
    if total is not None:
        w.ask("kv_cache_gib", total, "GiB")  # the users' cache in all
    elif w.ex.context_tokens:
        w.ask("kv_cache_gib", seq_gib, "GiB")  # a length asked: the sequence's cache
    else:
        w.ask("kv_cache_kib_per_token", kv / 1024, "KiB")
    w.sized_warnings(r, ctx)


def _fallback(w: _W) -> None:
    if w.model is not None:
        if w.model.kind == "llm":
            _memory(w)
        else:
            _media(w)
