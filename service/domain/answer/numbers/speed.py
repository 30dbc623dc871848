"""Speed answers: tokens/s and time to first token at a load, against a stated target, and
what to change when the setup cannot run."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace as dc_replace
from typing import Any, Literal, NamedTuple

import msgspec

from service.domain.answer.numbers.context import (
    _FALLBACK_PRECISIONS,
    _SMALLER,
    _W,
    ASK_OUTPUT_TOKENS,
    RateSetups,
    _ctx,
    _decap,
    _first_lower,
    _fitting_precision,
    _impossible,
    _leads_yes_no,
    _min_count,
    _no_platform,
    _other_engine,
    _out,
    _prompt,
    _rps,
    _smaller_precisions,
    gpu_count_for_users,
    gpus_for_rate,
)
from service.domain.answer.numbers.cost import (
    _assumed_rate_key,
    _bare_holds,
    _cost,
    _over_budget_lead,
    _within,
    replicas_note,
)
from service.domain.answer.numbers.jobs import _billed_job, _job_split, _work_rate
from service.domain.answer.numbers.layouts import (
    layout_named,
    replicas_full_load,
    split_label,
    tp_unusable,
)
from service.domain.answer.numbers.media import _answered_as_media, _fastest_media
from service.domain.answer.numbers.memory import (
    _fit_yes,
    _past_context_limit,
)
from service.domain.answer.numbers.prices import (
    _gpu_usd,
    _machine_doubt,
    _node_basis,
    _weights_said,
    budget_models,
    rate_weights,
)
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.precisions import (
    GGUF_AT_BITS,
    PRECISIONS,
    find_precision,
    get_precision,
    lower_than_own,
)
from service.domain.catalog.trust import price_date_words
from service.domain.fields import TOP_N_MOST
from service.domain.recommend.types import MONTH_DAYS, Option
from service.domain.sizing.layout import LOAD_SLACK, NODE_GPUS, Layout, tp_limit
from service.domain.sizing.load_search import LatencyTargets
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    FitRow,
    SizingResult,
    setups_for,
)
from service.domain.sizing.speed import Performance

_REQUEST_RATES = {"second": ("max_requests_per_s", 1.0, "requests/s"),
                  "minute": ("max_requests_per_min", 60.0, "requests/min"),
                  "hour": ("max_requests_per_hour", 3600.0, "requests/h"),
                  "day": ("max_requests_per_day", 86400.0, "requests/day")}
"""A request rate asked per second, minute, hour or day (intent's ``requests_<unit>``): the
quantity answered, its seconds, its unit."""

_TOKEN_PERIODS = {"minute": ("max_output_tokens_per_min", 60.0, "tokens/min"),
                  "hour": ("max_output_tokens_per_hour", 3600.0, "tokens/h"),
                  "day": ("max_output_tokens_per_day", 86400.0, "tokens/day"),
                  "week": ("max_output_tokens_per_week", 7 * 86400.0, "tokens/week"),
                  "month": ("max_output_tokens_per_month", MONTH_DAYS * 86400.0,
                            "tokens/month")}
"""Output tokens asked per minute, hour, day, week or month (intent's ``tokens_<unit>``; a
month of the answers' 30 days, :data:`MONTH_DAYS`): the quantity answered, its seconds, its
unit; the setup's output tokens/s at full load times them."""

_PICK_PRECISIONS = _FALLBACK_PRECISIONS
"""The lower precisions weighed for "what precision should I use" with the serving engine:
the speed answer's fallback, ``_FALLBACK_PRECISIONS`` (8-bit float and integer, 4-bit AWQ),
one list (context.py says why it is not ``_SMALLER``)."""


def _precision_pick(w: _W) -> bool:
    """"What precision should I use for Llama 3.1 70B on an A100": the model's own precision
    and the lower ones of :data:`_PICK_PRECISIONS`, each sized on the setup named with the
    request of the answers (4,096 tokens), led by the largest that fits with room for one
    request and runs there natively (the capability matrix, catalog/kernels.toml: the A100
    runs fp8 only as FP8-Marlin weight-only, its matmuls in 16-bit, so int8 W8A8 leads at the
    same memory), the others after it: those that fit, those that do not, and how many GPUs
    the model's own precision takes. False (the speed answer instead) with no GPU named or
    nothing that fits."""
    assert w.model is not None
    gid, named = w.card()
    if gid is None or w.model.kind != "llm":
        return False
    count = w.ex.gpu_count or 1
    out = _out(w)
    inp = _prompt(w, out)
    setup = named or w.setup(count, gid)
    own = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                 weights=w.weights)
    if own is None or own.gpu is None:
        return False
    mine = get_precision(own.weights)
    sized = [own]
    for pid in _PICK_PRECISIONS:
        # only a format of fewer bits per weight than its own (gpt-oss's MXFP4 is not
        # re-quantised to awq-int4: 4 bits both; lower_than_own)
        if pid == own.weights or not lower_than_own(get_precision(pid), mine):
            continue
        again = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       weights=pid)
        if again is None or again.gpu is None or any(
                x.startswith("impossible combination") for x in again.warnings):
            continue
        sized.append(again)
    gpu = w.reg.gpus[gid]

    def native(r: SizingResult) -> bool:
        return w.reg.kernels.supported(r.engine, get_precision(r.weights), gpu).status == "ok"

    def usable(r: SizingResult) -> bool:
        return bool(r.fits and r.runs is not False and (r.max_batch_size_in_memory or 0) >= 1
                    and r.performance is not None and r.performance.decode_tokens_per_s)

    # among the same bits, the format that gives up less quality first (the recommendations'
    # QUALITY_HANDICAP: fp8 1.02 before int8 1.04), then the faster: Llama 3.1 405B's
    # official FP8 checkpoint (meta-llama/Llama-3.1-405B-Instruct-FP8; "The Llama 3 Herd of
    # Models", arXiv 2407.21783, section 6.2.2: FP8 on the feed-forward layers, attention and
    # the first and last layers kept in bf16) is larger and a little slower than an int8 of
    # every layer (59.4 against 50.4 GiB per GPU on 8 x H100), which led (audit regress3 #15)
    fit = sorted((r for r in sized if usable(r)), key=lambda r: (
        -get_precision(r.weights).bits_linear, not native(r),
        w.handicap(r.weights),
        -(r.performance.decode_tokens_per_s or 0.0) if r.performance else 0.0))
    if not fit:
        if _gguf_pick(w, gid, count, inp, out, own, sized, setup):
            return True
        # none of them: the model's own "no", then the smaller (GGUF) precisions that fit or
        # what the smallest still needs, and the GPUs its own precision takes
        w.record(own, inp + out)
        w.out.first = w.say(w.on("fits_no", gid), model=w.model.name, weights=own.weights,
                            setup=setup,
                            need=w.gib(own.memory.per_gpu_gib), cap=w.gib(w.cap(own)),
                            ctx=w.n(inp + out))
        w.out.computed = True
        w.ask("per_gpu_gib", own.memory.per_gpu_gib, "GiB", yes=False)
        _smaller_precisions(w, gid, count, inp + out, own, setup)
        w.takes_more(own, gid, count)
        _takes_lower(w, sized, gid, count)
        return True
    best = fit[0]

    room, tps = _room_words(w, inp + out), _tps_words(w)

    w.record(best, inp + out)
    w.out.first = w.say(w.on("speed_precision_pick" if native(best)
                             else "speed_precision_pick_as", gid),
                        p=best.weights, model=w.model.name, setup=setup,
                        need=w.gib(best.memory.per_gpu_gib), cap=w.gib(w.cap(best)),
                        room=room(best), tps=tps(best))
    w.ask("precision_bits", int(get_precision(best.weights).bits_linear), "bits")
    items: list[str] = []
    for r in fit[1:]:
        if native(r):
            items.append(w.say("precision_item_fits", p=r.weights,
                               need=w.gib(r.memory.per_gpu_gib), room=room(r), tps=tps(r)))
        else:
            s = w.reg.kernels.supported(r.engine, get_precision(r.weights), gpu)
            items.append(w.say("precision_item_as", p=r.weights,
                               need=w.gib(r.memory.per_gpu_gib), room=room(r), tps=tps(r),
                               engine=r.engine, compute=(s.compute or "16-bit").upper()))
    for r in sized:
        if r in fit:
            continue
        items.append(w.say("precision_item_norun", p=r.weights) if r.runs is False else
                     w.say(w.on("precision_item_nofit", gid), p=r.weights,
                           need=w.gib(r.memory.per_gpu_gib)))
    if items:
        w.out.more.append(w.say("precision_others", setup=setup, list="; ".join(items)))
    if not own.fits_in_memory:
        w.takes_more(own, gid, count)  # "At bf16 it takes 2 × NVIDIA A100 ..."
    w.sized_warnings(best, inp + out)
    return True


_PREFILL_SUBS = ("request_time", "ttft", "tps", "tpot", "prefill")
"""The speeds asked that a request of no output tokens answers with its prefill time alone."""


def _prefill_time(w: _W, r: SizingResult, setup: str, inp: int) -> None:
    """One request of ``inp`` prompt tokens and no output ("0 output tokens", "prefill
    only"): its whole time is the prefill, the sizing's time to the first token at
    ``output_tokens`` 0 (no decode step in it), and its prompt tokens/s."""
    assert w.model is not None and r.performance is not None
    p = r.performance
    ttft = p.time_to_first_token_ms or 0.0
    w.record(r, inp)
    w.out.first = w.say("speed_prefill_only", model=w.model.name, weights=r.weights,
                        setup=setup, inp=w.n(inp), ttft=w.n(ttft),
                        pps=w.rate(p.prefill_tokens_per_s or inp / (ttft / 1000)))
    if w.sub == "ttft":
        w.ask("time_to_first_token_ms", ttft, "ms")
    elif w.sub == "prefill" and p.prefill_tokens_per_s:
        w.ask("prefill_tokens_per_s", p.prefill_tokens_per_s, "tokens/s")
    else:
        w.ask("request_latency_s", ttft / 1000, "s")
    w.sized_warnings(r, inp)


def _requests_rate(w: _W, sub: str, per_s: float, running: int, thr: float, inp: int,
                   out: int, **common: str) -> None:
    """Requests per second, minute, hour or day asked (``sub`` "requests_<unit>"): the
    sizing's max_requests_per_s (the output tokens/s at full load over each request's output
    tokens) in the unit asked, said first and asked."""
    unit = sub.removeprefix("requests_")
    quantity, per, rate_unit = _REQUEST_RATES.get(unit, _REQUEST_RATES["second"])
    most = per_s * per
    w.out.first = w.say("speed_requests", rate=_rps(w, most), unit=w.say(f"unit_{unit}"),
                        inp=w.n(inp), out=w.n(out), thr=w.rate(thr),
                        requests=w.requests(running, "count"), **common)
    w.ask(quantity, most, rate_unit)
    m = w.model
    if m is not None and m.modality == "multimodal" and w.st.image_rate_asked is not None:
        # images per period asked of a vision-language model: one image a request, said so,
        # and whether its image's tokens are in the request's (buyer audit 26c #7)
        w.out.first = w.say("vlm_images_rate", rate=_rps(w, most),
                            unit=w.say(f"unit_{unit}"), inp=w.n(inp),
                            tokens=_vlm_image_tokens_words(w, m)) + " " + w.out.first


def _vlm_image_tokens_words(w: _W, m: ModelEntry) -> str:
    """How the image of each request is in an images-per-period answer: a cross-attention
    model's (Llama 3.2 Vision) as its encoder's tokens on those layers, timed before the
    first token and at full load (sizing's vision encoder); a model whose image tokens go into
    the context with them counted (a fixed count, or the size stated: ``_images_read``) and
    its encoder timed; with a count the size decides and no size stated, the default
    prompt's length; a model whose image tokens the catalog does not record, said so."""
    a = m.architecture
    if a is not None and a.cross_attention_layers and a.cross_attention_tokens:
        return w.say("vlm_image_tokens_cross", tokens=w.n(a.cross_attention_tokens))
    it = m.image_tokens
    if it is None:
        return w.say("vlm_image_tokens_unmodelled")
    each = it.count(w.st.image_width_px, w.st.image_height_px)
    if each is None:
        return w.say("vlm_image_tokens_default")
    return w.say("vlm_image_tokens_counted" if it.encoder_patches_per_token
                 else "vlm_image_tokens_counted_only", each=w.n(each))


def _vlm_images_job(w: _W, per_s: float, gid: str, count: int, weights: str) -> None:
    """A job of images described ("caption 100,000 images with Qwen2-VL 7B on an L4: how
    long, how much?"): one image a request at the full-load rate (:func:`_requests_rate`'s),
    its hours billed as every job is (:func:`_billed_job`: the provider's billing step and
    minimum, the weights' storage at ``weights``, a stated egress), said first with the sum
    it adds up from (:func:`_job_split`) (audit 30a #3: an hourly price, or a memory fit, and
    no job; review vlmjobs: it multiplied raw hours by the price, $0.36 for 1,000 images at
    seeweb, which bills by the hour: $0.38 and storage)."""
    m = w.model
    if (m is None or m.modality != "multimodal" or not w.st.items or per_s <= 0
            or (b := w.basis(gid, count)) is None):
        return
    v, per, kind = b
    hours = w.st.items / (per_s * 3600)
    job = _billed_job(w, v, per, count, hours, weights, egress=True)
    w.out.first = w.say("vlm_images_job", n=w.n(w.st.items), model=m.name,
                        setup=w.setup(count, gid), hours=w.n(hours, 1 if hours < 100 else 0),
                        rate=_rps(w, per_s * 3600), cost=w.usd(job.total),
                        free_pct=w.free_pct(),
                        price=w.usd(per * count), kind=w.kinds[kind],
                        provider=w.where(v, count)) + " " + (w.out.first or "")
    if w.st.cost_asked or w.st.price_asked:
        w.ask("per_job_usd", job.total, "USD")
    else:
        w.ask("job_hours", hours, "h")
    w.out.more.append(_job_split(w, job))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)


def _room_words(w: _W, ctx: int) -> Callable[[SizingResult], str]:
    """How many requests of ``ctx`` tokens a precision's sizing leaves room for, in words."""
    def room(r: SizingResult) -> str:
        n = r.max_batch_size_in_memory or 0
        return (w.say("precision_room_one", ctx=w.n(ctx)) if n == 1 else
                w.say("precision_room_many", n=w.n(n), ctx=w.n(ctx)))
    return room


def _tps_words(w: _W) -> Callable[[SizingResult], str]:
    """A precision's sizing's decode speed for one request, in words."""
    def tps(r: SizingResult) -> str:
        return w.rate(r.performance.decode_tokens_per_s or 0.0) if r.performance else "?"
    return tps


def _takes_lower(w: _W, sized: list[SizingResult], gid: str, count: int) -> None:
    """After the model's own precision's GPU count: how many of the GPU hold it at the
    largest lower precision the engine serves (fp8: "At fp8 it takes 2 × NVIDIA L40S 48GB"),
    the way out at 8 bits that the fit answer gave (audit regress3 #12: lost)."""
    for r in sized[1:]:
        if not r.fits_in_memory and w.takes_more(r, gid, count):
            return


def _serving_engine_queued(w: _W, gid: str, count: int, inp: int, out: int) -> None:
    """Beside a GGUF fallback the question did not ask for, the serving engine's own figures
    at its largest lower precision that holds at least one request, the others queued (buyer
    audit 26a #11: 8B on an RTX 5090 for 50 users was only llama.cpp's q5_k_m, 13.2 tokens/s
    per user, where vLLM at fp8 holds 37 at once and writes about 26.7 to each)."""
    users = w.ex.concurrent_requests
    if not users:
        return
    for pid in _FALLBACK_PRECISIONS:
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=users, weights=pid)
        p = got.performance if got is not None else None
        if (got is None or p is None or got.runs is False or get_precision(got.weights).gguf
                or not got.max_batch_size or not p.output_tokens_per_s_per_user
                or p.time_to_first_token_ms is None):
            continue
        # all of them held at once: no queue to speak of (buyer audit 27c #2: "32 of the 32
        # requests fit in memory at once and the others wait")
        key = ("speed_serving_engine_all" if _running(got) >= users
               else "speed_serving_engine_queued")
        w.out.more.append(w.say(key, engine=w.engine_name(got.engine),
                                p=got.weights, fit=w.n(min(got.max_batch_size, users)),
                                users=w.n(users), tps=w.rate(p.output_tokens_per_s_per_user),
                                ttft=w.n(p.time_to_first_token_ms)))
        return


def _gguf_fallback(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                   out: int) -> SizingResult | None:
    """The sizing at the largest GGUF precision below ``r``'s that fits ``count`` x ``gid``
    with room for the load and runs there (llama.cpp, the engine of GGUF weights), said as
    :func:`_fitting_precision` says its own; None where a precision was stated or none fits."""
    if w.weights is not None or w.model is None or w.model.kind != "llm":
        return None
    bits = get_precision(r.weights).bits_linear
    for pid in _SMALLER:
        prec = get_precision(pid)
        if not prec.gguf or prec.bits_linear >= bits:
            continue
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=w.ex.concurrent_requests, weights=pid)
        if (got is None or not got.fits_in_memory or got.runs is False or got.performance is None
                or not got.performance.decode_tokens_per_s):
            continue
        w.out.more.append(w.say(w.on("speed_precision_note", gid), p0=r.weights, p=pid, setup=setup,
                                ctx=w.n(inp + out), need=w.gib(r.memory.per_gpu_gib),
                                cap=w.gib(w.cap(r))))
        return got
    return None


def _gguf_pick(w: _W, gid: str, count: int, inp: int, out: int, own: SizingResult,
               sized: list[SizingResult], setup: str) -> bool:
    """"What quantization do I need for Llama 3.1 70B on one L40S" where none of the
    serving engine's precisions fits (:data:`_PICK_PRECISIONS`: awq-int4 needs 40.7 of the
    40.5 GiB vLLM uses): the largest GGUF precision that fits with room for one request on
    llama.cpp (q4_k_m, 41.4 of the 44.5 GiB llama.cpp uses), its speed, what the engine's
    precisions need, the other GGUF precisions that fit, and how many GPUs the model's own
    precision and the largest lower one the engine serves take (2 × L40S at fp8). The
    precision's nominal bits are the number asked. False where no GGUF precision fits."""
    assert w.model is not None
    bits = get_precision(own.weights).bits_linear
    fit: list[SizingResult] = []
    for pid in _SMALLER:
        prec = get_precision(pid)
        if not prec.gguf or prec.bits_linear >= bits:
            continue
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out, weights=pid)
        if (r is not None and r.fits and r.runs is not False and (r.max_batch_size or 0) >= 1
                and r.performance is not None and r.performance.decode_tokens_per_s):
            fit.append(r)
    if not fit:
        return False
    best = fit[0]

    room, tps = _room_words(w, inp + out), _tps_words(w)

    w.record(best, inp + out)
    w.out.first = w.say("speed_precision_pick_gguf", p=best.weights, model=w.model.name,
                        setup=setup, engine=w.engine_name(best.engine),
                        need=w.gib(best.memory.per_gpu_gib), cap=w.gib(w.cap(best)),
                        room=room(best), tps=tps(best))
    w.ask("precision_bits", int(get_precision(best.weights).bits_linear), "bits")
    served = [w.say("precision_item_norun", p=r.weights) if r.runs is False else
              w.say(w.on("precision_item_nofit", gid), p=r.weights,
                    need=w.gib(r.memory.per_gpu_gib))
              for r in sized[1:]]
    if served:
        w.out.more.append(w.say("precision_none_engine", engine=w.engine_name(own.engine),
                                cap=w.gib(w.cap(own)), list="; ".join(served)))
    others = [w.say("precision_item_fits", p=r.weights, need=w.gib(r.memory.per_gpu_gib),
                    room=room(r), tps=tps(r)) for r in fit[1:]]
    if others:
        w.out.more.append(w.say("precision_others", setup=setup, list="; ".join(others)))
    w.takes_more(own, gid, count)
    _takes_lower(w, sized, gid, count)
    w.sized_warnings(best, inp + out)
    return True


def _engine_vs(w: _W) -> bool:
    """Two engines weighed on a GPU named ("Llama 3.1 8B with SGLang vs vLLM on an H100 at
    64 users: which is faster?"): each sized there at the load of the question (its users,
    else one request), as /v1/sizing with ``engine`` gives them: the first token's time, each
    user's tokens/s and the total, then which is faster on which (buyer audit 26a #8: a GPU
    count, no engine named). False (the speed answer) where a GPU, two engines that serve the
    model or a timing of either is missing."""
    assert w.model is not None
    gid, named = w.card()
    engines = [e for e in w.st.engines_named
               if e in w.reg.engines and w.reg.engines[e].serves(w.model.kind, w.model.family)]
    if len(engines) < 2 or gid is None or w.model.kind != "llm":
        return False
    count = w.ex.gpu_count or 1
    out = _out(w)
    inp = _prompt(w, out)
    users = w.ex.concurrent_requests or 1
    setup = named or w.setup(count, gid)
    timed: list[tuple[str, SizingResult, Performance]] = []
    for e in engines[:2]:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   batch_size=users, engine=e)
        p = r.performance if r is not None else None
        if (r is None or p is None or not r.fits or r.runs is False
                or p.time_to_first_token_ms is None or not p.output_tokens_per_s_per_user
                or not p.output_tokens_per_s):
            return False
        timed.append((w.engine_name(e), r, p))
    w.record(timed[0][1], inp + out)
    rows = [w.say("engine_vs_row", engine=name, ttft=w.n(p.time_to_first_token_ms or 0),
                  tpu=w.rate(p.output_tokens_per_s_per_user or 0),
                  tot=w.n(p.output_tokens_per_s or 0))
            for name, _, p in timed]
    (a, ra, pa), (b, _, pb) = timed
    first = w.say("engine_vs_both", model=w.model.name, weights=ra.weights, setup=setup,
                  users=w.n(users), inp=w.n(inp), out=w.n(out), rows="; ".join(rows))
    a_tpu, b_tpu = pa.output_tokens_per_s_per_user or 0, pb.output_tokens_per_s_per_user or 0
    a_ttft, b_ttft = pa.time_to_first_token_ms or 0, pb.time_to_first_token_ms or 0
    if (a_tpu >= b_tpu) == (a_ttft <= b_ttft):
        fast, slow = (a, b) if a_tpu >= b_tpu else (b, a)
        verdict = w.say("engine_vs_faster", fast=fast, slow=slow)
    else:
        per, soon = (a, b) if a_tpu > b_tpu else (b, a)
        verdict = w.say("engine_vs_split", per=per, soon=soon)
    w.out.first = first + " " + verdict
    w.out.more.append(w.t["engine_vs_modelled"])
    w.ask("time_to_first_token_ms", a_ttft, "ms")
    return True


def _precision_vs(w: _W) -> bool:
    """Two precisions weighed on a GPU named ("should I use fp8 or int4 for Llama 3.1 70B
    on an H100?", "is int4 faster than fp8 …"): each sized there with the request of the
    answers, its memory, room and speed, and which to take: of those that fit with room for
    the users, the one of more nominal bits (closer to 16-bit quality) where it leaves the
    share of memory free the recommendations keep to serve a model (``SERVICE_HEADROOM_PCT``),
    the faster of two of the same nominal bits (fp8 and int8, AWQ and GPTQ, Q4_K_M and AWQ:
    no quality difference claimed), else the one that leaves more free; "is A faster than
    B" leads with the yes or no of the decode speeds. A load stated compares the totals at
    it: at full load (``Stated.load_asked``: "at full load", "max throughput", "in total")
    each one's output tokens/s in total at saturation, as "how fast is it at full load"
    answers it (independent replicas where they give more, :func:`replicas_full_load`); at
    users stated ("at 50 users") each one's output tokens/s in total at that load, each
    user's beside it (audit loadfigs #1: one request's speeds answered "fp8 vs bf16 at full
    load", and at 50 users a decode step's were called "for one request"). False (the
    precision pick, or the speed answer) with no GPU named or no two precisions read."""
    assert w.model is not None
    pair = w.st.precisions_weighed
    gid, named = w.card()
    if pair is None or gid is None or w.model.kind != "llm":
        return False
    count = w.ex.gpu_count or 1
    out = _out(w)
    inp = _prompt(w, out)
    users = w.ex.concurrent_requests or 1
    setup = named or w.setup(count, gid)

    def usable(r: SizingResult) -> bool:
        return bool(r.fits and r.runs is not False and (r.max_batch_size_in_memory or 0) >= users
                    and r.performance is not None and r.performance.decode_tokens_per_s)

    sized: list[SizingResult] = []
    moved: list[str] = []  # a precision the engine cannot run there, and the one taken
    for pid in pair:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   weights=pid, batch_size=users)
        if r is None or r.gpu is None:
            return False
        if r.runs is False:
            near = _precision_vs_near(w, r, gid, count, inp, out, users, pair)
            if near is not None:
                moved.append(w.say("precision_vs_near", p=pid, near=near.weights,
                                   engine=w.engine_name(r.engine), gpu=w.gpu_name(gid)))
                r = near
        sized.append(_switch_count(w, r, gid, count, inp, out, users, usable))
    gpu = w.reg.gpus[gid]
    # a switch where the two need different counts of the GPU (Llama 3.1 70B on H100s: fp8
    # on 1, bf16 on 2): each named with its setup
    apart = len({r.gpu_count or count for r in sized}) > 1
    if apart:
        setup = w.gpu_name(gid)
    # a pair that runs on two engines ("GGUF vs AWQ": q4_k_m on llama.cpp, awq-int4 on vLLM,
    # each on its default engine as /v1/sizing picks it): each named with its engine
    engines = len({r.engine for r in sized}) > 1

    def label(r: SizingResult) -> str:
        p = (w.say("precision_on_engine", p=r.weights, engine=w.engine_name(r.engine))
             if engines else r.weights)
        return (w.say("precision_on_setup", p=p, setup=w.setup(r.gpu_count or count, gid))
                if apart else p)

    def roomy(r: SizingResult) -> bool:
        return r.memory.per_gpu_gib <= w.cap(r) * (1 - SERVICE_HEADROOM_PCT / 100)

    def bits(r: SizingResult) -> float:
        return get_precision(r.weights).bits_linear

    def nominal(r: SizingResult) -> int:
        # the bit width a format is named by, its scales left out (q4_k_m's 4.5 bits and
        # awq-int4's 4.156 are both 4-bit, q8_0's 8.5 and fp8's 8.0 both 8-bit): a quality
        # difference is claimed only between widths that differ
        return int(bits(r))

    # the load the speeds are compared at: users stated, their load; a total at full load
    # asked, saturation; else one request (the decode speeds, as before)
    load = "users" if users > 1 else "full" if w.st.load_asked else None
    saturated: dict[tuple[str, int], Performance | None] = {}

    def saturation(r: SizingResult) -> Performance | None:
        # the setup's figures at full load: independent replicas where they give more in
        # total than one copy over all the GPUs (as the speed answer's "at full load")
        key = (r.weights, r.gpu_count or count)
        if key not in saturated:
            rep = replicas_full_load(w, gid, key[1], inp, out, r)
            saturated[key] = (rep.performance if rep is not None and rep.performance
                              is not None else r.performance)
        return saturated[key]

    def tps(r: SizingResult) -> float:
        p = r.performance
        if p is None:
            return 0.0
        if load == "users":
            return p.output_tokens_per_s or 0.0
        if load == "full":
            f = saturation(r)
            return (f.max_throughput_tokens_per_s if f is not None else None) or 0.0
        return p.decode_tokens_per_s or 0.0

    per = (w.say("precision_per_users", users=w.n(users)) if load == "users" else
           w.t["precision_per_full" if load == "full" else "precision_per_one"])
    quantity = ("output_tokens_per_s" if load == "users" else
                "max_throughput_tokens_per_s" if load == "full" else "decode_tokens_per_s")

    def room(r: SizingResult) -> str:
        n = r.max_batch_size_in_memory or 0
        return (w.say("precision_room_one", ctx=w.n(inp + out)) if n == 1 else
                w.say("precision_room_many", n=w.n(n), ctx=w.n(inp + out)))

    def at(r: SizingResult) -> str:
        # the load a total in an item is at: the requests running at full load, or each
        # user's speed at the users stated
        p = r.performance
        if load == "users":
            return w.say("precision_at_users", users=w.n(users),
                         per_user=w.rate((p.output_tokens_per_s_per_user if p else None)
                                         or 0.0))
        f = saturation(r)
        return w.say("precision_at_full",
                     requests=w.requests((f.max_concurrency if f else None) or 1, "at_once"))

    def item(r: SizingResult) -> str:
        if r.runs is False:
            return w.say("precision_item_norun", p=label(r))
        if not usable(r):
            return w.say(w.on("precision_item_nofit", gid), p=label(r),
                         need=w.gib(r.memory.per_gpu_gib))
        s = w.reg.kernels.supported(r.engine, get_precision(r.weights), gpu)
        loaded = {} if load is None else {"at": at(r)}
        if s.status == "ok":
            return w.say("precision_item_fits_load" if loaded else "precision_item_fits",
                         p=label(r), need=w.gib(r.memory.per_gpu_gib), room=room(r),
                         tps=w.rate(tps(r)), **loaded)
        return w.say("precision_item_as_load" if loaded else "precision_item_as", p=r.weights,
                     need=w.gib(r.memory.per_gpu_gib), room=room(r), tps=w.rate(tps(r)),
                     engine=r.engine, compute=(s.compute or "16-bit").upper(), **loaded)

    fit = [r for r in sized if usable(r)]
    if not fit:
        return False  # neither fits: the precision pick says what does
    both = w.say("precision_vs_both", setup=setup, model=w.model.name,
                 a=item(sized[0]), b=item(sized[1]))
    roomy_fit = [r for r in fit if roomy(r)]
    pick = (max(roomy_fit, key=lambda r: (nominal(r), tps(r))) if roomy_fit
            else min(fit, key=lambda r: r.memory.per_gpu_gib))
    other = sized[1] if pick is sized[0] else sized[0]
    pct = w.free_pct()  # the headroom, as "{pct} %"
    if not usable(other):
        verdict = w.say("precision_vs_only", p=label(pick), o=label(other), setup=setup)
    elif not roomy(pick):
        # neither leaves the headroom free (fp8 and int8 of Llama 3.1 70B on one H100, both
        # 71.4 GiB of 71.7: "int8 leaves only 0.3 GiB free ... while fp8 has room"): both said
        verdict = w.say("precision_vs_tight", p=label(pick), o=label(other), pct=pct,
                        p_free=w.gib(max(w.cap(pick) - pick.memory.per_gpu_gib, 0.0)),
                        p_cap=w.gib(w.cap(pick)),
                        o_free=w.gib(max(w.cap(other) - other.memory.per_gpu_gib, 0.0)),
                        o_cap=w.gib(w.cap(other)))
    elif roomy(other) and nominal(pick) == nominal(other):
        # both leave the headroom free at the same bit width (fp8 and int8 both 10.5 GiB of
        # an H100's 71.7: it said "int8 leaves only 61.2 GiB free, under the 10%" and gave
        # int8's quality as the reason to add GPUs): the faster, or either where they tie
        even = tps(pick) < tps(other) * 1.05
        verdict = w.say("precision_vs_same_even" if even else "precision_vs_same",
                        p=label(pick), o=label(other), pct=pct, bits=w.n(nominal(pick)),
                        x=w.n(tps(pick) / tps(other), 1), p_tps=w.rate(tps(pick)),
                        o_tps=w.rate(tps(other)), per=per)
    elif nominal(pick) > nominal(other):
        fast = tps(other) > tps(pick) * 1.05
        verdict = w.say("precision_vs_quality_fast" if fast else "precision_vs_quality",
                        p=label(pick), o=label(other), pct=pct,
                        quality=get_precision(pick.weights).quality.split("; ")[0],
                        x=w.n(tps(other) / tps(pick), 1), o_tps=w.rate(tps(other)),
                        p_tps=w.rate(tps(pick)), per=per)
    else:
        free = w.cap(other) - other.memory.per_gpu_gib
        better = nominal(other) > nominal(pick)  # its quality, the reason to add GPUs
        verdict = w.say("precision_vs_room" if better else "precision_vs_room_same",
                        p=label(pick), o=label(other),
                        free=w.gib(max(free, 0.0)), cap=w.gib(w.cap(other)), pct=pct,
                        o_room=room(other), p_room=room(pick),
                        x=w.n(tps(pick) / tps(other), 1) if tps(other) else "?",
                        quality=get_precision(other.weights).quality.split("; ")[0])
    if engines and len(fit) == 2 and load is None:
        # two engines batch requests differently: each one's total at full load beside its
        # one request's speed (llama.cpp's q4_k_m reaches about 543 tokens/s on an RTX 4090
        # where vLLM's awq-int4 reaches about 500, though one request runs 116 against 147)
        loads = []
        for r in sized:
            full = saturation(r)
            assert full is not None  # (usable)
            loads.append((label(r), w.rate(full.max_throughput_tokens_per_s or tps(r)),
                          w.requests(full.max_concurrency or 1, "at_once")))
        both += " " + w.say("precision_vs_full_load", a=loads[0][0], a_thr=loads[0][1],
                            a_req=loads[0][2], b=loads[1][0], b_thr=loads[1][1],
                            b_req=loads[1][2])
    gguf = next((r for r in sized if get_precision(r.weights).gguf), None)
    taken: str | None = None
    if w.st.gguf_weighed_alone and gguf is not None:
        # "GGUF" alone names a file, not its type: the one taken, and why
        o = sized[1] if gguf is sized[0] else sized[0]
        alike = GGUF_AT_BITS.get(round(get_precision(o.weights).bits_linear)) == gguf.weights
        taken = w.say("precision_vs_gguf_bits" if alike else "precision_vs_gguf_default",
                      p=gguf.weights, o=o.weights)
    compared = w.st.speed_compared
    w.record(pick, inp + out)
    priced = (_switch_priced(w, sized, gid, count, tps, label, per)
              if (w.st.precisions_switched or (w.st.how_much_compared and compared is not None))
              and w.st.cheaper_compared and len(fit) == 2 else None)
    if apart:
        verdict = ""  # which to take on one setup: the two are on different setups here
    if w.st.how_much_compared and compared is not None and len(fit) == 2:
        # "how much faster / slower?" ("switching from bf16 to fp8, how much faster?", "cât de
        # mult mai rapid e fp8 față de bf16"): the first said against the second by the
        # ratio, no yes or no before it (it led "Yes:" / "Da:")
        a, b = sized
        on = "" if apart else w.say("precision_vs_on", setup=setup)
        common = {"a": label(a), "b": label(b), "model": w.model.name, "on": on,
                  "a_tps": w.rate(tps(a)), "b_tps": w.rate(tps(b)), "per": per}
        if tps(b) * 0.95 <= tps(a) < tps(b) * 1.05:
            w.out.first = w.say("precision_vs_howmuch_even", **common)
        elif tps(a) > tps(b):
            w.out.first = w.say("precision_vs_howmuch_faster", x=w.n(tps(a) / tps(b), 1),
                                **common)
        else:
            w.out.first = w.say("precision_vs_howmuch_slower",
                                pct=w.n(round(100 * (1 - tps(a) / tps(b)))), **common)
        if priced is not None:
            w.out.first += " " + priced
        w.out.more.extend([x for x in (taken, both, verdict) if x])
        w.ask(quantity, tps(a), "tokens/s")
    elif priced is not None and compared is None:
        # "how much cheaper?" alone: the prices lead, the figures after them
        w.out.first = priced
        w.out.more.extend([x for x in (taken, both, verdict) if x])
    elif compared == "which" and len(fit) == 2:
        # "which is faster?": the faster of the two named, by how much, never a yes or no
        # (it led "No: at fp8 is not faster than at int4", answering "is fp8 faster?")
        a, b = sorted(sized, key=tps, reverse=True)
        even = tps(a) < tps(b) * 1.05
        w.out.first = w.say("precision_vs_faster_even" if even else "precision_vs_faster_which",
                            a=label(a), b=label(b), setup=setup, model=w.model.name,
                            x=w.n(tps(a) / tps(b), 1), a_tps=w.rate(tps(a)),
                            b_tps=w.rate(tps(b)), per=per)
        # (fewer bytes read per token is why one request is faster, not the whole of a
        # total at a load, where the KV room and the compute weigh in too)
        if not even and bits(a) < bits(b) and not engines and load is None:
            w.out.first += " " + w.t["precision_vs_why_bytes"]
        w.out.more.extend([x for x in (taken, both, verdict) if x])
        w.ask(quantity, tps(a), "tokens/s")
    elif compared is not None and compared != "which" and len(fit) == 2:
        a, b = sized if compared == "faster" else sized[::-1]
        yes = tps(a) > tps(b)
        # a lead under 5 % is the "which" answer's tie: not a plain yes (fp8 against int8 on an
        # H100, 193 against 191 tokens/s, was "Yes: … about 1.0× as fast")
        barely = yes and tps(a) < tps(b) * 1.05
        w.out.first = w.say("precision_vs_faster_barely" if barely else
                            "precision_vs_faster_yes" if yes else "precision_vs_faster_no",
                            a=label(a), b=label(b), setup=setup, model=w.model.name,
                            x=w.n(tps(a) / tps(b), 1), a_tps=w.rate(tps(a)),
                            b_tps=w.rate(tps(b)), per=per)
        if yes and not barely and bits(a) < bits(b) and not engines and load is None:
            w.out.first += " " + w.t["precision_vs_why_bytes"]
        w.out.more.extend([x for x in (taken, both, verdict) if x])
        # "is A slower than B" is "is B faster than A": a and b swapped, the same yes
        w.ask(quantity, tps(sized[0]), "tokens/s", yes=yes)
    else:
        w.out.first = both
        w.out.more.extend([x for x in (taken, verdict) if x])
        w.ask("precision_bits", round(bits(pick)), "bits")
    # the better quality with the headroom kept, or the one taken where neither keeps it:
    # the fewest of this GPU that give it
    wanted = (None if apart or not usable(other) or roomy(other) else
              other if nominal(other) > nominal(pick) else pick if not roomy(pick) else None)
    if wanted is not None:
        k = count * 2
        while k <= NODE_GPUS:
            more = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                          weights=wanted.weights, batch_size=users)
            if more is not None and usable(more) and roomy(more):
                w.out.more.append(w.say("precision_vs_more", o=label(wanted),
                                        setup=w.setup(k, gid),
                                        need=w.gib(more.memory.per_gpu_gib),
                                        tps=w.rate(tps(more)), per=per))
                break
            k *= 2
    # the precision a side was moved to, said right after the lead (it named "gptq-int4"
    # where "int4" was asked, with no word)
    w.out.more[0:0] = moved
    w.sized_warnings(pick, inp + out)
    return True


def _precision_vs_near(w: _W, r: SizingResult, gid: str, count: int, inp: int, out: int,
                       users: int, pair: tuple[str, str]) -> SizingResult | None:
    """A side of a precision pair the engine has no kernel for on ``gid`` (int4 on a T4:
    vLLM's Marlin kernels need compute capability 8.0), sized at the nearest precision the
    engine runs there (catalog/kernels.toml [nearest]: gptq-int4), as the speed answer
    times it alone ("At gptq-int4, the nearest precision that runs there"); None where that
    is the other side of the pair or does not run either. The pair was no comparison at all
    (audit buyer24b #4: fp16 on 2 × T4 alone answered "int4 vs fp16 on T4")."""
    if r.gpu is None or r.engine not in w.reg.engines.ids:
        return None
    near = w.reg.kernels.nearest_supported(r.engine, get_precision(r.weights),
                                           w.reg.gpus[gid], {x.id: x for x in PRECISIONS})
    if near is None or near.id in pair:
        return None
    got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                 weights=near.id, batch_size=users)
    return got if got is not None and got.gpu is not None and got.runs is not False else None


def _switch_count(w: _W, r: SizingResult, gid: str, count: int, inp: int, out: int,
                  users: int, usable: Callable[[SizingResult], bool]) -> SizingResult:
    """``r`` (one precision of a pair on ``count`` × ``gid``), or where a switch of precision
    is weighed on a GPU named with no count (``Stated.precisions_switched``: "switch from
    bf16 to fp8 for Llama 3.1 70B on H100") and ``r`` does not hold the load there, the same
    precision on the fewest of that GPU, doubling up to a node, that do: the one left was run
    on as many as it needs (bf16 of Llama 3.1 70B on 2 × H100, fp8 on 1), as the GPU count
    answer sizes it (it said "bf16 does not fit" and compared nothing)."""
    # (a speed difference asked of a pair too, "int4 vs fp16 on T4, which is faster?", "int4
    # vs fp8 ...: throughput difference": the one that does not hold the load on one card
    # timed on as many as it needs, not left out as "does not fit"; audit buyer24b #4)
    asked = (w.st.precisions_switched or w.st.speed_compared is not None
             or w.st.how_much_compared)
    if not asked or w.ex.gpu_count is not None or w.st.gpu_one or usable(r):
        return r
    k = count * 2
    while k <= NODE_GPUS:
        more = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                      weights=r.weights, batch_size=users)
        if more is None or more.gpu is None or more.runs is False:
            return r
        if usable(more):
            return more
        k *= 2
    return r


def _switch_priced(w: _W, sized: list[SizingResult], gid: str, count: int,
                   tps: Callable[[SizingResult], float], label: Callable[[SizingResult], str],
                   per: str) -> str:
    """The two precisions of a switch priced ("switch from bf16 to fp8 … how much
    cheaper?"): each setup's cheapest trusted on-demand price by the hour (``_W.basis``) and
    its $ per 1M output tokens at the load compared (that price over the output tokens/s
    there × 3,600 s), the one taken first; a setup the catalog prices nowhere is said so,
    never $0."""
    rows: list[tuple[float, float, str, str]] = []  # ($/h, $ per 1M, provider, kind)
    for r in sized:
        n = r.gpu_count or count
        basis = w.basis(gid, n)
        if basis is None or tps(r) <= 0:
            return w.say("precision_vs_price_none", setup=w.setup(n, gid))
        v, per_gpu, kind = basis
        hour = per_gpu * n
        rows.append((hour, hour / (tps(r) * 3600) * 1e6, w.where(v, n), w.kinds[kind]))
        w.price_warnings(v)
    (ah, am, ap, ak), (bh, bm, bp, bk) = rows
    a, b = sized
    an, bn = a.gpu_count or count, b.gpu_count or count
    hours = (w.say("precision_vs_price_hours_same", setup=w.setup(an, gid), hour=w.usd(ah),
                   provider=ap, kind=ak) if an == bn else
             w.say("precision_vs_price_hours", a_setup=w.setup(an, gid), a_hour=w.usd(ah),
                   a_provider=ap, a_kind=ak, b_setup=w.setup(bn, gid), b_hour=w.usd(bh),
                   b_provider=bp, b_kind=bk))
    return w.say("precision_vs_price_less" if am <= bm else "precision_vs_price_more",
                 a=label(a), b=label(b), per=per, a_million=w.usd(am), b_million=w.usd(bm),
                 pct=w.n(round(100 * abs(1 - am / bm))), hours=hours)


def _speed(w: _W) -> None:
    """A model's speed (:func:`_speed_answer`), and where a price is asked beside it on a
    node ("on a 8 GPU H200 node: tokens/s for 64 users and the hourly price?") that node's
    price after it (:func:`_node_price_beside`; it gave the tokens/s only, audit regress6
    #11)."""
    if w.sub is not None and w.sub.startswith("tokens_"):
        # tokens a dollar buys, a month's (day's, hour's) tokens at full load: at the load the
        # recommendations price (w.at_service_load; audit buyer27c #3)
        with w.at_service_load():
            _speed_answer(w)
    else:
        _speed_answer(w)
    _fit_first(w)
    _formats_unknown(w)
    _node_price_beside(w)
    _month_beside(w)


def _fit_first(w: _W) -> None:
    """"Does it fit and how fast?" where the model's own precision does not fit the setup
    and the speed is given at a smaller one (:attr:`_W.speed_fell`): the no at its own and
    the yes at the smaller one lead, with the GiB per GPU of each, and where the GPU runs
    the smaller one weight-only (fp8 on an A100: FP8-Marlin, 16-bit matmuls; the catalog's
    kernels rule) that is said with it; the note that said the fall back after the figures
    is dropped (audit buyer18b #12: the speed at fp8 led, the bf16 "no" second)."""
    fell = w.speed_fell
    if not (w.st.fit_word or w.st.run_asked) or w.out.first is None or w.model is None:
        return
    if fell is None:
        _fit_yes_first(w)
        return
    own, got, note = fell
    if own.gpu is None or got.gpu is None:
        return
    setup = w.setup(got.gpu_count or 1, got.gpu.id)
    lead = w.say("speed_fit_first", model=w.model.name, own=own.weights, p=got.weights,
                 setup=setup, need=w.gib(own.memory.per_gpu_gib), cap=w.gib(w.cap(own)),
                 got=w.gib(got.memory.per_gpu_gib))
    # weight-only on that GPU (fp8 on an A100): the one rule and message the precision fall
    # back says it with (_W.weight_only_said), never a second wording of its own
    if (weight_only := w.weight_only_said(got, got.gpu.id)) is not None:
        lead += " " + weight_only
    for said in note:
        if said in w.out.more:
            w.out.more.remove(said)
    w.out.more.insert(0, w.out.first)
    w.out.first = lead
    if w.out.asked is not None and w.out.asked.yes is None:
        # its own precision does not fit: No, as "does it fit?" alone answers it (the
        # figures are the smaller precision's, said so)
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=False)


def _fit_yes_first(w: _W) -> None:
    """"Does it fit and how fast?" where the precision the speed is given at fits the setup
    (:attr:`_W.speed_setup`): the fit answer's yes leads (memory._fit_yes: "Yes" with the GiB
    per GPU of the usable, or "Yes, barely" with the GiB free and the requests the KV cache
    left holds), then the speed; the numbers' yes is set. It gave the speed alone, no verdict
    (audit fitspeed22: Llama 3.1 70B at fp8 on one H100, 0.3 GiB free). A yes or no the speed
    answer said itself (users that wait, a target) stays as it is."""
    su = w.speed_setup
    a = w.out.asked
    if su is None or a is None or a.yes is not None or w.out.first is None:
        return
    gid, count, weights, inp, out = su
    users = w.ex.concurrent_requests or 1
    if users > 1:
        # "can I run it ..., and how fast for 16 users?" (audit canrun23): the fit at that
        # load, each user's speed and first token at it
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   batch_size=users, weights=weights)
        p = r.performance if r is not None else None
        if (r is None or r.gpu is None or not r.fits or r.runs is False or p is None
                or not p.output_tokens_per_s_per_user or not p.time_to_first_token_ms):
            return
        assert w.model is not None
        lead = w.say("speed_fit_users", model=w.model.name, weights=r.weights,
                     setup=w.setup(count, gid), need=w.gib(r.memory.per_gpu_gib),
                     cap=w.gib(w.cap(r)), users=w.n(users),
                     per_user=w.rate(p.output_tokens_per_s_per_user),
                     ttft=w.n(p.time_to_first_token_ms))
    else:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp + out, output_tokens=0,
                   weights=weights)
        if r is None or r.gpu is None or not r.fits or r.runs is False:
            return
        lead = _fit_yes(w, r, inp + out, w.setup(count, gid))
    w.out.more.insert(0, w.out.first)
    w.out.first = lead
    w.out.asked = msgspec.structs.replace(a, yes=True)


def _formats_unknown(w: _W) -> None:
    """A pair of formats weighed of which the catalog knows one side or none ("exl2 vs awq
    for llama 3.1 8b on an RTX 4090", ``Stated.precisions_unknown``): that said first, with
    the formats it sizes, before the figures of the side it knows (it answered AWQ's speed
    alone, as if AWQ were asked; audit quantpairs #1)."""
    names = w.st.precisions_unknown
    if (w.sub != "precision_vs" or not names or w.st.precisions_weighed is not None
            or w.out.first is None):
        return
    known = ", ".join(p.id for p in PRECISIONS)
    if len(names) > 1:
        lead = w.say("precision_vs_unknown_both", a=names[0], b=names[1], known=known)
    elif w.weights:
        lead = w.say("precision_vs_unknown", name=names[0], other=w.weights, known=known)
    else:
        lead = w.say("precision_vs_unknown_alone", name=names[0], known=known)
    w.out.more.insert(0, w.out.first)
    w.out.first = lead


def _node_price_beside(w: _W) -> None:
    """The price of the node a speed answer is on, where a price is asked beside the speed
    (``Stated.price_asked``) and the GPUs are a machine's (``Stated.node``: "a 8 GPU H200
    node", "an H100 node"; their count the extraction's, which :func:`_node_gpus` set): one
    machine of exactly that many, the cheapest trusted, current one (:func:`_node_basis`:
    8 × H200 at $15.97/h at primeintellect, $2.00/h per GPU), said after the speed with its
    price date; a stale or doubted one only where none is trusted, its doubt in the sentence
    (:func:`_machine_doubt`); where no machine of that count is offered, said so."""
    gid, n = w.ex.gpu, w.ex.gpu_count or 1
    if (w.out.first is None or not w.st.price_asked or not w.st.node or w.st.nodes
            or gid is None or n <= 1 or w.model is None):
        return
    b = _node_basis(w, gid, n)
    if b is None:
        w.out.more.insert(0, w.say("speed_node_none", n=w.n(n), gpu=w.gpu_name(gid)))
        return
    v, hour, kind = b
    w.out.more[:0] = [
        w.say(w.on("cost_machine_hour", gid), n=w.n(n), gpu=w.gpu_name(gid), hour=w.usd(hour),
              provider=v.provider, per=_gpu_usd(w, hour / n), kind=w.kinds[kind],
              month=w.usd(hour * w.month_hours()), usage=w.usage(),
              spot=_machine_doubt(w, v, n)),
        w.say("price_date", date=w.view_date(v))]
    w.price_warnings(v)


def _month_beside(w: _W) -> None:
    """A month's price asked beside a speed on the GPU named ("mistral 7b on an L4 for 5
    users, $/month and tokens/s per user?", "cât costă pe lună și câți tokeni/s"): the month
    of the setup the speed is for (``_W.speed_setup``: that GPU, count and precision) leads,
    its cheapest on-demand offer among those /v1/recommendations ranks for the load (their
    ``gpus`` filter: the month the cost answer gives, storage included), the speed after it,
    as a speed target with no GPU leads with its month (``_speed_target``). It was the speed
    alone (audit buyer18b #8). No such offer (a load the setup does not hold): its cheapest
    trusted hourly price (:meth:`_W.basis`) times the month's hours at the usage stated,
    said after the speed (which says what holds the load), never leading as the price of
    the load. A node's price (:func:`_node_price_beside`) or a price already asked is left
    as it is."""
    su = w.speed_setup
    a = w.out.asked
    if (su is None or w.out.first is None or a is None or a.unit.startswith("USD")
            or not w.st.price_asked or not w.st.month_asked or w.st.node
            or w.model is None or w.model.kind != "llm"):
        return
    gid, count, weights, inp, out = su
    rec = w.recommend(workload="serving", gpus=[gid], weights=weights,
                      concurrent_requests=w.ex.concurrent_requests or 1,
                      context_tokens=inp + out, output_tokens=out, interruptible=False,
                      top_n=50)
    same = [o for o in (rec.options if rec is not None else [])
            if o.offer.gpu == gid and o.nodes == 1 and o.offer.gpu_count == count
            and o.weights == weights and o.pricing_model == "on_demand"
            and o.cost.per_month_usd is not None]
    setup = w.setup(count, gid)
    if same and rec is not None:
        o = min(same, key=lambda x: x.cost.per_month_usd or 0.0)  # (ranked order on a tie)
        month = o.cost.per_month_usd or 0.0
        lead = w.say("speed_setup_month", setup=setup, month=w.usd(month), usage=w.usage(),
                     provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd),
                     kind=w.kinds[o.pricing_model])
        more = [w.month_parts(o)] if (o.cost.storage_per_month_usd
                                      or o.cost.egress_per_month_usd) else []
        w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
        more.append(w.say("price_date", date=price_date_words(
            o.offer.as_of, o.offer.as_of_kind, w.t)))
        w.option_warnings(o)
    else:
        b = w.basis(gid, count)
        if b is None:
            return
        v, per, kind = b
        w.out.more[0:0] = [w.say("speed_setup_month", setup=setup, usage=w.usage(),
                                 month=w.usd(per * count * w.month_hours()),
                                 provider=w.where(v, count), hour=w.usd(per * count),
                                 kind=w.kinds[kind])]
        w.out.more.append(w.say("price_date", date=w.view_date(v)))
        w.price_warnings(v)
        return
    w.out.more[0:0] = [w.out.first]
    w.out.more.extend(more)
    w.out.first = lead
    w.ask("per_month_usd", month, "USD")


def _speed_answer(w: _W) -> None:
    if w.vlm_job() and w.sub == "requests_hour" and not w.service_load:
        # a job of images described is a job of requests: timed and priced at the load a
        # job of requests is (:func:`cost._tokens_on_gpu`, the recommendations' served load),
        # so that "caption 100,000 images" and "100,000 requests of 3,584 tokens in and 512
        # out" cost the same (review vlmjobs: 95.5 h and $36.30 against 246 h and $94.55)
        with w.at_service_load():
            _speed_answer(w)
        return
    if w.model is None and w.ex.gpu is None and not w.det.gpus:
        # a budget and a speed with no model ("best setup for $2000/month for 10 users at 30
        # tokens/s each"): the largest models the budget serves at that speed, as the cost
        # answer reads "best" with a budget (it asked which model; audit budgetfit)
        budget_models(w)
        return
    if w.model is None or _answered_as_media(w):
        return
    if w.sub == "precision" and _precision_pick(w):
        return
    if w.sub == "precision_vs" and _precision_vs(w):
        return
    if w.sub == "engine_vs" and _engine_vs(w):
        return
    if w.st.which_setup and (w.st.min_tokens_per_s or w.st.max_ttft_ms):
        # "Which A100 setup serves 70B ... TTFT under 500 ms?": a setup to choose, so a family
        # named bare is read as the cost answer reads it (every memory variant weighed, the
        # one that meets the request cheapest leading: catalog/gpus.toml [[family]]), not the
        # small card the name's alias is (audit whichsetup #1; buyer audit 29, a100)
        _bare_holds(w)
    gid, named = w.card()
    if _work_rate(w, gid):  # an embedding model's rate of inputs
        return
    # an embedding model's input: at most its own limit (bge-large: 512)
    # no length stated: the one default load (_prompt: a context of 4,096 tokens, 3,584 in
    # and 512 out), as the count, memory and cost answers and /v1/recommendations size it
    # (it was a 2,048-token prompt beside a cost sized at 4,096)
    out = w.st.output_tokens or (0 if w.model.task == "embed" else ASK_OUTPUT_TOKENS)
    # "0 output tokens" stated: a prefill-only request, sized with no output as /v1/sizing
    # takes output_tokens 0 (audit regress6 6: it was timed for 512)
    prefill_only = (w.st.output_tokens == 0 and w.model.kind == "llm"
                    and w.model.task != "embed" and (w.sub is None or w.sub in _PREFILL_SUBS))
    if prefill_only:
        out = 0
    inp = _ctx(w) if w.model.task == "embed" else _prompt(w, out)
    ctx, limit = w.ex.context_tokens, w.max_ctx()
    if (w.model.task != "embed" and w.st.prompt_tokens and inp != w.st.prompt_tokens
            and (not ctx or ctx == w.st.output_tokens)):
        # a prompt stated beside the tokens to generate ("generate 1,000 tokens ... with a
        # 30k-token prompt"): the length read as the context was the output, and the prompt
        # is the one stated (it was the default 3,096 tokens; audit regress3 #1)
        inp = w.st.prompt_tokens
    if (w.sub == "ttft" and w.model.task != "embed" and ctx and not w.st.prompt_tokens
            and not w.st.output_tokens and (not limit or ctx + out <= limit)):
        # the time to the first token asked "with 2,000 tokens": the length is the prompt
        # the first token waits on, as "prompts of 8,000 tokens" is (it was timed for a
        # 1,488-token prompt, the output taken out of it)
        inp = ctx
    capped: tuple[int, int] | None = None
    if (w.model.task != "embed" and not w.st.output_tokens and limit and inp + out > limit
            and inp <= limit and w.sub in (None, "ttft", "tps", "prefill")):
        # (a prompt itself past the limit stays refused: "200k context" is no 128k prompt)
        # a prompt at the model's limit ("128k prompt ttft"): the default output is capped to
        # the context the prompt leaves, one token for a first token's time, and the prompt
        # to the limit less that; said (it was refused: 131,072 + 512 past the limit; audit
        # ask_en #12)
        capped = (inp, out)
        # (a prefill asked, "pp8192" on an 8,192-token model, as a first token's time: its
        # prompt stays whole but for that one token)
        out = (1 if w.sub in ("ttft", "prefill")
               else min(out, limit - inp) if limit - inp >= 1 else out)
        inp = min(inp, limit - out)
    # a budget or users stated with no GPU ("best GPU to serve it to 8 users under $1/h, and
    # how many tokens/s?"): the recommendation within the budget at that load, as a target is
    # (it was one request on the smallest setup, over the budget)
    # (a tokens/s or a first token's time asked: the pick says both; a total throughput or a
    # time per token is answered as before)
    picked = w.generates_tokens() and w.sub in (None, "tps", "ttft", "request_time") and bool(
        w.ex.budget_usd_per_hour or w.ex.budget_usd_per_month or w.st.budget_usd_per_day
        or (w.ex.concurrent_requests or 0) > 1)
    if gid is None and w.model.kind == "llm" and (
            w.st.min_tokens_per_s or w.st.max_ttft_ms or picked):
        if not w.generates_tokens():
            # an embedding model generates no tokens: no setup "reaches" a time to first
            # token; the cheapest match is priced, and the answer says the target does not
            # apply (compose_numbers)
            w.sub = None
            _cost(w)
            return
        _speed_target(w, inp, out)
        return
    if (gid is None and w.sub is not None
            and (w.sub.startswith(("requests_", "tokens_"))
                 or w.sub in ("request_cost", "request_time"))
            and w.model.kind == "llm" and w.generates_tokens()
            and _requests_on_pick(w, inp, out)):
        return
    picked_count = 0  # the GPUs of the setup picked where none is named (a prefill asked)
    if gid is None:
        base = w.size(input_tokens=inp, output_tokens=out)
        rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)) if base \
            else []
        row = next((f for f in rows if f.decode_tokens_per_s), None)
        if base is None or row is None or row.decode_tokens_per_s is None:
            w.out.follow_up = w.t["need_gpu"]
            return
        if w.st.lowest_latency_asked and _lowest_latency(w, rows, inp, out):
            return
        if w.sub == "prefill":
            # the prompt's processing speed asked with no GPU: on the smallest setup that
            # holds it, as the decode speed is said, and which GPU asked after it
            gid, picked_count = row.gpu, row.gpu_count
            w.out.follow_up = w.t["need_gpu"]
        else:
            w.record(base, inp + out)
            w.out.first = w.say("speed_nogpu", setup=w.setup(row.gpu_count, row.gpu),
                                model=w.model.name, weights=base.weights,
                                tps=w.rate(row.decode_tokens_per_s))
            w.ask("decode_tokens_per_s", row.decode_tokens_per_s, "tokens/s")
            w.out.follow_up = w.t["need_gpu"]
            return
    count = w.ex.gpu_count or picked_count or 1
    # a tensor-parallel degree stated ("with tensor parallel 8"): the GPUs laid out so, as
    # /v1/sizing's ``parallelism`` lays them (buyer audit 28a #4: it was ignored)
    tp = w.st.tensor_parallel if w.model.kind == "llm" else None
    if tp and not w.ex.gpu_count and not picked_count:
        count = tp  # "Llama 3.1 70B on H100 with TP4": one copy over the 4 GPUs it names
    unusable = tp_unusable(w, tp, count) if tp else None
    if unusable is not None:
        # a degree that cannot lay out these GPUs is said, never dropped silently (audit 29
        # layout: "on 6 x H100 with TP4" answered another layout unsaid)
        w.out.more.append(unusable)
    fixed = ({"parallelism": {"tensor": tp, "data": count // tp}}
             if tp and unusable is None else {})
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
               batch_size=w.ex.concurrent_requests, **fixed)
    if fixed and r is not None and not r.fits_in_memory and r.gpu is not None:
        # the layout stated does not hold the model: said, and the layout the search picks
        # answers (never silently another one)
        w.out.more.append(w.say("speed_layout_stated_no_fit", tp=w.n(tp or 1),
                                need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r))))
        fixed = {}
        r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   batch_size=w.ex.concurrent_requests)
    one_r: SizingResult | None = None  # one GPU, when the count is changed from it
    if r is not None and not r.fits_in_memory and not w.ex.gpu_count:
        # not on one: the fewest of that GPU that hold it (the sizing's fits_on row)
        count = _min_count(w, gid, inp + out) or 1
        if count > 1:
            one_r = r
            r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=w.ex.concurrent_requests)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    if not r.fits_in_memory and (not _users_queue(w, r) or w.st.min_tokens_per_s
                                 or w.st.max_ttft_ms):
        # the model's own precision does not fit there at this prompt (a "no" alone answers
        # no speed), or its users queue and a target is asked: the figures at the serving
        # engine's largest precision that holds them, said so, before any GGUF one (buyer
        # audit 27c #2: 70B for 32 users on 2 x H100 was timed at llama.cpp's q8_0, 15,079 ms
        # to the first token, where vLLM's fp8 holds all 32 at 914 ms, as /v1/recommendations
        # and /v1/sizing serve it)
        own_r = r
        said = len(w.out.more)
        r = _fitting_precision(
            w, r, gid, count, setup, inp + out,
            lambda x: x.fits_in_memory and x.performance is not None, takes=False,
            input_tokens=inp, output_tokens=out, batch_size=w.ex.concurrent_requests) or r
        if r is not own_r and len(w.out.more) > said:
            # the notes the fall back added (the precision note, and the weight-only note
            # where the GPU runs the smaller precision so): :func:`_fit_first` says both
            w.speed_fell = (own_r, r, tuple(w.out.more[said:]))
    if not r.fits_in_memory and (w.st.min_tokens_per_s or w.st.max_ttft_ms):
        # a target asked where none of the serving engine's precisions fits: the largest GGUF
        # one that does, on llama.cpp, so the verdict has a figure (audit regress4 #11: "0
        # tokens/s" for 70B on one L40S, which q4_k_m holds at about 11 tokens/s)
        r = _gguf_fallback(w, r, gid, count, setup, inp, out) or r
    if r.gpu is None:
        return
    limit = _past_context_limit(w, r, inp + out)
    if limit is not None:
        # no engine takes the request: no speed, whatever the precision or the GPU
        w.record(r, inp + out)
        w.out.first = w.say("speed_over_context", model=w.model.name, limit=w.n(limit),
                            ctx=w.n(inp + out), inp=w.n(inp), out=w.n(out), setup=setup)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        w.sized_warnings(r, inp + out)
        return
    if r.runs is False and _speed_cannot_run(w, r, gid, count, setup, inp, out):
        return
    if (w.st.request_rate_per_s and w.model.kind == "llm" and r.fits_in_memory
            and _speed_rate(w, r, gid, count, setup, inp, out)):
        return
    w.record(r, inp + out)
    w.speed_setup = (gid, count, r.weights, inp, out)
    if (r.engine == "llama.cpp" and w.ex.engine is None
            and (w.st.gguf_file or get_precision(r.weights).gguf)):
        # a GGUF file asked ("GGUF F16", "Q4_K_M"): llama.cpp's figures, said so, as
        # /v1/sizing's engine assumption says (audit s1fmt #1: vLLM's, unsaid)
        gguf_named = w.st.gguf_file or (w.weights is not None
                                        and get_precision(w.weights).gguf)
        # a GGUF precision the answer fell back to is said as its choice, not the question's
        # (buyer audit 26a #11: "as the question names a GGUF file" where none was named)
        w.out.more.append(w.say("speed_gguf_engine" if gguf_named
                                else "speed_gguf_engine_fallback",
                                engine=w.engine_name(r.engine), p=r.weights))
        if not gguf_named:
            _serving_engine_queued(w, gid, count, inp, out)
    if capped is not None and limit is None:
        w.out.more.append(w.say("speed_prompt_capped", prompt=w.n(capped[0]),
                                default=w.n(capped[1]), limit=w.n(inp + out), inp=w.n(inp),
                                out=w.n(out)))
    p = r.performance
    users = w.ex.concurrent_requests
    if (users and users > 1 and w.model.kind == "llm" and r.max_batch_size_in_memory
            and _speed_users(w, r, gid, count, setup, inp, users, out)):
        return
    if r.fits_in_memory and p is not None and p.embedded_tokens_per_s:
        # an embedding model generates nothing: its speed is inputs embedded per second
        w.out.first = w.say("speed_embed", model=w.model.name, weights=r.weights, setup=setup,
                            eps=w.rate(p.embeddings_per_s or 0.0), inp=w.n(inp),
                            tps=w.rate(p.embedded_tokens_per_s))
        if w.sub == "embeddings" and p.embeddings_per_s:  # "how many embeddings per second"
            w.ask("embeddings_per_s", p.embeddings_per_s, "embeddings/s")
        else:
            w.ask("embedded_tokens_per_s", p.embedded_tokens_per_s, "tokens/s")
        w.sized_warnings(r, inp)
        return
    if prefill_only and r.fits_in_memory and p is not None and p.time_to_first_token_ms:
        _prefill_time(w, r, setup, inp)
        return
    if not r.fits_in_memory or p is None or p.decode_tokens_per_s is None:
        w.out.first = w.say(w.on("fits_no", gid), model=w.model.name, weights=r.weights,
                            setup=setup, need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            ctx=w.n(inp + out))
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
        return
    tps = p.decode_tokens_per_s
    ttft = p.time_to_first_token_ms or 0.0
    # full load's figures: independent replicas where they serve more than one copy split
    # over all the GPUs (a load keeps every replica busy; audit ro2 #3: 12,572 tokens/s of
    # one TP8 copy of Llama 3.1 8B on 8 × H100 where 8 replicas give about 20,600)
    # one user stated ("tokens/s for one user") is the same setup's full load: one figure
    # per setup (audit regress13 #7: 12,572 there, 20,633 in every other answer)
    rep = (replicas_full_load(w, gid, count, inp, out, r)
           if (users or 0) <= 1 and not w.st.request_rate_per_s
           and (r.layout is None or not r.layout.fixed) else None)
    # one layout per answer: every figure (one request's speed, its first token, the total
    # at full load, requests/s) is one layout's, as /v1/sizing gives it with that
    # ``parallelism``, and the other layout is named beside it with its own figures. A time
    # to the first token (or a prompt's processing) is answered on the layout whose first
    # token comes soonest (buyer audit 28a #4: 7,458 ms and 86.8 tokens/s of one TP8 copy
    # beside the 0.161 requests/s of 4 replicas of TP2, whose first token takes 24,856 ms); a
    # total, requests/s or tokens a period on the one that generates the most at full load;
    # one request's speed or time on the one that generates each request fastest (audit 29
    # layout: 103 tokens/s of one TP8 copy of Llama 3.1 70B fp8 on 8 x H100 beside the 3,833
    # tokens/s in total of 2 replicas of TP4, whose own request runs at 80). vLLM's docs:
    # data parallel replicas for throughput, tensor parallel to fit or cut the latency
    # (https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html).
    faster: SizingResult | None = None  # the replicas a per-request lead leaves beside it
    quicker: SizingResult | None = None  # the one copy a total's lead leaves beside it
    if rep is not None and rep.performance is not None and rep.performance.decode_tokens_per_s:
        q = rep.performance
        q_tps, q_ttft = q.decode_tokens_per_s or 0.0, q.time_to_first_token_ms
        if w.sub in ("ttft", "prefill"):
            take = q_ttft is not None and q_ttft <= ttft
        else:
            take = _total_led(w.sub) or q_tps >= tps
        if take:
            if w.sub not in ("ttft", "prefill") and (
                    q_tps < tps or (q_ttft is not None and q_ttft > ttft)):
                quicker = r  # one copy still generates each request faster: named
            r, p = rep, q  # every figure the replicas'
            w.record(r, inp + out)
            tps, ttft = q_tps or tps, q_ttft if q_ttft is not None else ttft
        else:
            faster, rep = rep, None
    full = rep.performance if rep is not None and rep.performance is not None else p
    thr = full.max_throughput_tokens_per_s or tps
    common = {"model": w.model.name, "weights": r.weights, "setup": setup}
    if (w.sub is not None and w.sub.startswith("requests_") and full.max_requests_per_s
            and (w.st.max_ttft_ms or w.st.min_tokens_per_s) and w.model.kind == "llm"
            and _requests_within(w, gid, count, r, rep, full, inp, out, common)):
        return
    if w.sub == "ttft":
        w.out.first = w.say("speed_ttft", ttft=w.n(ttft), inp=w.n(inp), **common)
        w.ask("time_to_first_token_ms", ttft, "ms")
    elif w.sub == "tpot":
        tpot = p.time_per_output_token_ms or 1000 / tps
        w.out.first = w.say("speed_tpot", tpot=w.n(tpot, 1), inp=w.n(inp), **common)
        w.ask("time_per_output_token_ms", tpot, "ms")
    elif w.sub == "throughput" and users == 1:
        # "throughput ... with 1 user": one request at a time generates its own tokens/s,
        # the full load's total after it (audit regress4 #9: it was 2,579 tokens/s at 117
        # requests for one user)
        w.out.first = w.say("speed_throughput_one", tps=w.rate(tps), inp=w.n(inp),
                            out=w.n(out), thr=w.rate(thr),
                            requests=w.requests(full.max_concurrency or 1), **common)
        w.ask("decode_tokens_per_s", tps, "tokens/s")
    elif w.sub == "throughput" and w.st.per_gpu_asked and count > 1:
        # "throughput per GPU" on several: the total over the GPUs, said first (buyer audit
        # 26a #10: the total alone, 3,833 tokens/s on 8 × H100, never the 479 per GPU)
        w.out.first = w.say("speed_throughput_per_gpu", per=w.rate(thr / count),
                            thr=w.rate(thr), n=w.n(count),
                            requests=w.requests(full.max_concurrency or 1), **common)
        w.ask("max_throughput_tokens_per_s_per_gpu", thr / count, "tokens/s")
    elif w.sub == "throughput":
        w.out.first = w.say("speed_throughput", thr=w.rate(thr),
                            requests=w.requests(full.max_concurrency or 1), **common)
        w.ask("max_throughput_tokens_per_s", thr, "tokens/s")
    elif w.sub is not None and w.sub.startswith("requests_") and full.max_requests_per_s:
        _requests_rate(w, w.sub, full.max_requests_per_s, full.max_concurrency or 1, thr, inp,
                       out, **common)
        _vlm_images_job(w, full.max_requests_per_s, gid, count, r.weights)
    elif (w.sub == "tokens_dollar" and thr
          and (b := w.basis(gid, count)) is not None):
        v, per_gpu, kind = b
        _tokens_per_dollar(w, thr, per_gpu * count, w.where(v, count), w.kinds[kind],
                           full.max_concurrency or 1, inp, out, tps,
                           w.price_line(v.as_of, v.as_of_kind, v.source), **common)
        w.price_warnings(v)
    elif w.sub is not None and w.sub.startswith("tokens_") and thr:
        _tokens_period(w, thr, full.max_concurrency or 1, inp, out, **common)
    elif (w.sub == "request_cost" and full.max_requests_per_s
          and (b := w.basis(gid, count)) is not None):
        v, per_gpu, kind = b
        _request_cost(w, per_gpu * count, w.where(v, count), w.kinds[kind],
                      full.max_requests_per_s, full.max_concurrency or 1, inp, out, **common)
        w.out.more.append(w.say("price_date", date=w.view_date(v)))
        w.price_warnings(v)
    elif w.sub == "prefill" and p.prefill_tokens_per_s and ttft:
        # the prompt's processing asked ("prompt processing tokens/s", "prefill speed",
        # "pp512"): the sizing's prefill of one prompt of this length alone leads
        # (/v1/sizing's prefill_tokens_per_s), its time within the time to the first token,
        # then the decode speed (it was the decode speed alone, buyer audit: 136 tokens/s
        # for Llama 3.1 8B on an H100, whose prefill runs at about 44,000)
        pps = p.prefill_tokens_per_s
        w.out.first = w.say("speed_prefill_nogpu" if picked_count else "speed_prefill",
                            pps=w.rate(pps), inp=w.n(inp), pre=w.n(inp / pps * 1000),
                            ttft=w.n(ttft), tps=w.rate(tps), **common)
        w.ask("prefill_tokens_per_s", pps, "tokens/s")
    elif w.sub == "request_time" and p.time_per_output_token_ms:
        _request_time(w, ttft, p.time_per_output_token_ms, inp, out, **common)
        b = w.basis(gid, count) if w.st.request_time_also == "million" else None
        _request_time_also(w, p, thr, inp, out, common,
                           (b[1] * count, w.where(b[0], count), w.kinds[b[2]], None, thr)
                           if b is not None else None)
    else:
        w.out.first = w.say("speed_tps", tps=w.rate(tps), inp=w.n(inp), out=w.n(out), **common)
        w.ask("decode_tokens_per_s", tps, "tokens/s")
    if w.sub in (None, "tps", "ttft", "tpot"):
        _switch_left(w, r, gid, count, inp, out, 1)
    if one_r is not None and one_r.gpu is not None and r.fits_in_memory:
        # the count changed from the one GPU asked: why, first; a precision that fits on
        # one after it
        w.out.first = w.say("count_changed", gpu=w.gpu_name(gid), model=w.model.name,
                            weights=one_r.weights, ctx=w.n(inp + out),
                            need=w.gib(one_r.memory.per_gpu_gib), cap=w.gib(w.cap(one_r)),
                            setup=setup) + " " + _decap(w, w.out.first or "")
        _smaller_precisions(w, gid, 1, inp, one_r, w.setup(1, gid))
    if not _total_verdict(w, gid, count, inp, out, thr):
        _target_verdict(w, gid, count, inp, out, 1, tps, ttft)
    # full load's total counts the prompts' prefill: with a long prompt it can be below one
    # request's generation speed, and says why rather than reading as a contradiction
    more = "speed_more_prefill" if thr < tps else "speed_more"
    rps = full.max_requests_per_s
    if more == "speed_more_prefill" and (capped is not None or w.n(thr) == "0"):
        # the output clipped to what the model's limit leaves (1 token after a 131,071-token
        # prompt) or tiny: the total's output tokens/s rounds to nothing ("0 output tokens/s",
        # read as "does not work"; audit canrun23): full load counted in requests a second
        # and the prompt tokens they process, or left out where the sizing gives no rate
        more = "speed_more_prefill_requests" if rps else "speed_more_prefill_alone"
    w.out.more.append(w.say(more, tps=w.rate(tps),
                            tpot=w.n(p.time_per_output_token_ms or 1000 / tps, 1),
                            ttft=w.n(ttft), thr=w.n(thr),
                            requests=w.requests(full.max_concurrency or 1, "at_once"),
                            inp=w.n(inp), rps=_rps(w, rps or 0.0),
                            pps=w.n((rps or 0.0) * inp)))
    if quicker is not None:
        w.out.more.append(_most_total_note(w, gid, count, r, quicker))
    elif rep is not None:
        w.out.more.append(replicas_note(w, gid, count, rep, inp, out))
    if faster is not None:
        w.out.more.append(_soonest_layout_note(w, gid, count, r, faster, out)
                          if w.sub in ("ttft", "prefill")
                          else _fastest_layout_note(w, gid, count, r, faster))
    elif fixed and r.layout is not None and r.layout.fixed:
        w.out.more.append(w.say("speed_layout_stated", tp=w.n(r.layout.tensor),
                                how=_layout_words(w, gid, count, r.layout)))
    elif (rep is None and count > 1 and r.layout is not None and w.model.kind == "llm"
          and r.gpu_count == count):
        # one layout weighed alone: which it is, all the same (TP x replicas)
        w.out.more.append(w.say("speed_layout_is",
                                layout=layout_named(w, gid, count, r.layout)))
    w.sized_warnings(r, inp + out)


# the answers that ask what the GPUs do in total (a total, requests or tokens a period, their
# price): led by the layout that generates the most at full load (_speed_answer)
_TOTAL_SUBS = ("throughput", "tokens_dollar", "request_cost")


def _total_led(sub: str | None) -> bool:
    return sub is not None and (sub in _TOTAL_SUBS or sub.startswith(("requests_", "tokens_")))


def _layout_words(w: _W, gid: str, count: int, lay: Layout) -> str:
    """ "one copy of the model over all 8 GPUs" or "4 replicas (2 GPUs per replica)"."""
    if lay.data <= 1:
        return w.say(w.on("layout_one_copy", gid), gpus=w.n(count))
    return f"{w.replicas(lay.data)} ({w.gpus_per_replica(count // lay.data, gid)})"


def _soonest_layout_note(w: _W, gid: str, count: int, r: SizingResult, rep: SizingResult,
                         out: int) -> str:
    """The layout a time to the first token is answered on (``r``, one copy over the GPUs:
    its first token the soonest) and the replicas ``rep`` that serve more at full load, with
    their slower first token; the total in requests/s where the output tokens/s round to
    nothing (1 output token after a prompt at the model's limit)."""
    p, q = r.performance, rep.performance
    assert p is not None and q is not None and r.layout is not None and rep.layout is not None
    mine = p.max_throughput_tokens_per_s or 0.0
    theirs = q.max_throughput_tokens_per_s or 0.0
    by_requests = w.n(mine) == "0" and p.max_requests_per_s and q.max_requests_per_s
    key = "speed_layout_soonest_requests" if by_requests else "speed_layout_soonest"
    return w.say(key, layout=_layout_words(w, gid, count, r.layout),
                 split=split_label(r.layout), other=layout_named(w, gid, count, rep.layout),
                 rps=_rps(w, p.max_requests_per_s or 0.0),
                 rps_other=_rps(w, q.max_requests_per_s or 0.0),
                 thr=w.n(mine), thr_other=w.n(theirs),
                 ttft_other=w.n(q.time_to_first_token_ms or 0.0))


def _fastest_layout_note(w: _W, gid: str, count: int, r: SizingResult,
                         rep: SizingResult) -> str:
    """The layout one request's speed is answered on (``r``: each request generated fastest)
    and the replicas ``rep`` that generate more at full load, with their own slower request;
    every figure as /v1/sizing gives it with that layout's ``parallelism``."""
    p, q = r.performance, rep.performance
    assert p is not None and q is not None and r.layout is not None and rep.layout is not None
    return w.say("speed_layout_fastest", layout=layout_named(w, gid, count, r.layout),
                 other=layout_named(w, gid, count, rep.layout),
                 thr=w.n(p.max_throughput_tokens_per_s or 0.0),
                 thr_other=w.n(q.max_throughput_tokens_per_s or 0.0),
                 rps=_rps(w, p.max_requests_per_s or 0.0),
                 rps_other=_rps(w, q.max_requests_per_s or 0.0),
                 tps_other=w.rate(q.decode_tokens_per_s or 0.0),
                 ttft_other=w.n(q.time_to_first_token_ms or 0.0))


def _most_total_note(w: _W, gid: str, count: int, r: SizingResult, one: SizingResult) -> str:
    """The replicas a total is answered on (``r``: the most at full load) and the layout
    ``one`` that generates each request faster but less in total, with its own figures."""
    p, q = r.performance, one.performance
    assert p is not None and q is not None and r.layout is not None and one.layout is not None
    # 1 output token after a long prompt: the totals in requests/s, never "0 tokens/s"
    by_requests = (w.n(q.max_throughput_tokens_per_s or 0.0) == "0" and p.max_requests_per_s
                   and q.max_requests_per_s)
    return w.say("speed_layout_most_requests" if by_requests else "speed_layout_most_total",
                 layout=layout_named(w, gid, count, r.layout),
                 other=layout_named(w, gid, count, one.layout),
                 tps=w.rate(p.decode_tokens_per_s or 0.0),
                 tps_other=w.rate(q.decode_tokens_per_s or 0.0),
                 ttft=w.n(p.time_to_first_token_ms or 0.0),
                 ttft_other=w.n(q.time_to_first_token_ms or 0.0),
                 thr_other=w.n(q.max_throughput_tokens_per_s or 0.0),
                 rps=_rps(w, p.max_requests_per_s or 0.0),
                 rps_other=_rps(w, q.max_requests_per_s or 0.0))


def _requests_within(w: _W, gid: str, count: int, r: SizingResult, rep: SizingResult | None,
                     full: Performance, inp: int, out: int, common: dict[str, str]) -> bool:
    """The most requests a second (minute, hour, day) asked within a TTFT or per-user speed
    target ("max requests per second keeping TTFT under 1 s"): the largest open-loop rate
    whose sizing at that rate (/v1/sizing's ``request_rate_per_s``, the queue and prefills
    it brings) meets the targets with each replica at most 80 % busy, found by the sizing
    core's search (``load_search.most_rate_within``), on the layout /v1/sizing gives that
    rate or the full load's replicas where they carry more. It was the 100 %-busy capacity
    judged by one request's TTFT ("Yes: 17.5 requests/s ... meets your target", where at the
    428 requests in flight it names the sizing's TTFT is 1,374 ms; buyer audit 26a #4).
    False where the sizing gives no rate."""
    assert w.model is not None and w.sub is not None
    unit = w.sub.removeprefix("requests_")
    quantity, per, rate_unit = _REQUEST_RATES.get(unit, _REQUEST_RATES["second"])
    targets = LatencyTargets(max_time_to_first_token_ms=w.st.max_ttft_ms or None,
                             min_decode_tokens_per_s=w.st.min_tokens_per_s or None)
    most = full.max_requests_per_s or 0.0
    kw: dict[str, Any] = {"gpu": gid, "gpu_count": count, "weights": r.weights,
                          "input_tokens": inp, "output_tokens": out}
    tried = [w.rate_within(targets, most, **kw)]
    lay = rep.layout if rep is not None else None
    if lay is not None and lay.data > 1:
        tried.append(w.rate_within(targets, most, parallelism={
            "tensor": lay.tensor, "pipeline": lay.pipeline, "data": lay.data,
            "expert": lay.expert}, **kw))
    found = max((f for f in tried if f is not None and f.request_rate_per_s),
                key=lambda f: f.request_rate_per_s or 0.0, default=None)
    p1 = r.performance
    if found is None or found.request_rate_per_s is None:
        if p1 is None or p1.time_to_first_token_ms is None:
            return False
        w.record(r, inp + out)
        w.out.first = w.say("speed_requests_within_none", targets=w.targets_said(),
                            inp=w.n(inp), out=w.n(out), ttft=w.n(p1.time_to_first_token_ms),
                            tps=w.rate(p1.decode_tokens_per_s or 0.0), **common)
        w.ask(quantity, 0, rate_unit, yes=False)
        w.sized_warnings(r, inp + out)
        return True
    at, rate = found.sizing, found.request_rate_per_s
    q = at.performance
    assert q is not None
    lay_at = at.layout
    layout = (w.say("speed_requests_within_layout", replicas=w.replicas(lay_at.data),
                    per_replica=w.gpus_per_replica(count // lay_at.data))
              if lay_at is not None and lay_at.data > 1 else "")
    tpot = q.time_per_output_token_ms or 0.0
    w.record(at, inp + out)
    w.out.first = w.say("speed_requests_within", rate=_rps(w, rate * per),
                        unit=w.say(f"unit_{unit}"), targets=w.targets_said(), inp=w.n(inp),
                        out=w.n(out), layout=layout,
                        ttft=w.n(q.time_to_first_token_ms or 0.0),
                        tps=w.rate(1000 / tpot if tpot else 0.0), tpot=w.n(tpot, 1),
                        pct=w.n(HEADROOM_LOAD * 100), **common)
    w.ask(quantity, rate * per, rate_unit)
    w.out.more.append(w.say("speed_requests_within_full", most=_rps(w, most * per),
                            unit=w.say(f"unit_{unit}"), thr=w.rate(
                                full.max_throughput_tokens_per_s or 0.0),
                            requests=w.requests(full.max_concurrency or 1, "at_once")))
    w.sized_warnings(at, inp + out)
    return True


def _request_latency_s(ttft_ms: float, tpot_ms: float, out: int) -> float:
    """One request's whole time: the time to the first token, then each token after it at
    the time per output token (end-to-end latency = TTFT + (output tokens - 1) x ITL, NVIDIA
    NIM's LLM benchmarking metrics, https://docs.nvidia.com/nim/benchmarking/llm/metrics; the
    sizing's TTFT already holds the first token's decode step)."""
    return (ttft_ms + max(out - 1, 0) * tpot_ms) / 1000


def _request_time(w: _W, ttft: float, tpot: float, inp: int, out: int, **common: str) -> None:
    """One request's N tokens timed (:func:`_request_latency_s`), the split said."""
    total_s = _request_latency_s(ttft, tpot, out)
    w.out.first = w.say("speed_request_time", time=w.duration(total_s / 3600),
                        out=w.n(out), inp=w.n(inp), ttft=w.n(ttft), rest=w.n(max(out - 1, 0)),
                        tpot=w.n(tpot, 1), **common)
    w.ask("request_latency_s", total_s, "s")


def _request_time_also(w: _W, p: Any, thr: float, inp: int, out: int, common: dict[str, str],
                       price: tuple[float, str, str, float | None, float] | None) -> None:
    """The second figure asked beside one request's time (``request_time_also``): the
    requests a period the setup serves at full load (:func:`_requests_rate`), or its price
    per 1M output tokens at full load (``price``: the hourly price, provider, pricing kind,
    the recommendation's $ per 1M where it has one, the output tokens/s at full load; else
    the hourly price over those tokens/s x 3,600, as the cost answer's
    ``cost_million_gpu``), said after the time, which stays the figure
    asked (audit regress11 #8: the second figure was dropped)."""
    also = w.st.request_time_also
    lead, asked = w.out.first, w.out.asked
    if also is not None and also.startswith("requests_") and p.max_requests_per_s:
        _requests_rate(w, also, p.max_requests_per_s, p.max_concurrency or 1, thr, inp, out,
                       **common)
    elif also == "million" and price is not None and price[4]:
        hour, provider, kind, million, full = price
        if million is None:
            million = hour / (full * 3600) * 1e6
        w.out.first = w.say("cost_million_gpu", million=w.usd(million), hour=w.usd(hour),
                            provider=provider, kind=kind, thr=w.n(full), **common)
    else:
        return
    w.out.first = f"{lead} {w.out.first}"
    w.out.asked = asked


def _sig3(w: _W, v: float) -> str:
    """A large count to three significant figures: 9,280,000, not 9,284,400."""
    if v <= 0:
        return w.n(0)
    return w.n(round(v, 2 - math.floor(math.log10(v))))


def _tokens_period(w: _W, thr: float, conc: int, inp: int, out: int, **common: str) -> None:
    """Output tokens a minute, an hour or a day asked ("how many tokens can I generate per
    hour"): the setup's output tokens/s at full load (the sizing's
    ``max_throughput_tokens_per_s``) times the period's seconds, with the request it is for
    (it was the hourly price, or a fit; audit regress3 #10)."""
    assert w.sub is not None
    unit = w.sub.removeprefix("tokens_")
    quantity, per, tokens_unit = _TOKEN_PERIODS.get(unit, _TOKEN_PERIODS["hour"])
    most = thr * per
    w.out.first = w.say("speed_tokens_period", tokens=_sig3(w, most), unit=w.say(f"unit_{unit}"),
                        thr=w.rate(thr), secs=w.n(per), requests=w.requests(conc, "count"),
                        inp=w.n(inp), out=w.n(out), free_pct=w.free_pct(), **common)
    w.ask(quantity, most, tokens_unit)


def _tokens_per_dollar(w: _W, thr: float, hour: float, provider: str, kind: str, conc: int,
                       inp: int, out: int, one: float | None, price: str,
                       **common: str) -> None:
    """Output tokens a dollar buys asked ("how many tokens per dollar"): the setup's output
    tokens/s at full load (the sizing's ``max_throughput_tokens_per_s``) times 3,600 s over
    its hourly price, the inverse of the $ per 1M output tokens (it was that price; audit
    ask_en2 #9). An amount asked ("how many tokens for $10", :attr:`Stated.tokens_usd`):
    the hours it pays for and the tokens they generate at full load lead, the GPU time
    alone as the budget answers say (audit tokdollar #1: the hourly price). After it, the
    same at one request at a time (``one``: its output tokens/s), then ``price``: the
    price's date and source."""
    tokens = thr * 3600 / hour
    amount = w.st.tokens_usd
    said = {"thr": w.rate(thr), "hour": w.usd(hour), "provider": provider, "kind": kind,
            "requests": w.requests(conc, "count"), "inp": w.n(inp), "out": w.n(out),
            "free_pct": w.free_pct(), **common}
    if amount and amount != 1:
        w.out.first = w.say("speed_tokens_budget", budget=w.usd(amount),
                            hours=w.duration(amount / hour), total=_sig3(w, tokens * amount),
                            tokens=_sig3(w, tokens), **said)
        w.ask("max_output_tokens", tokens * amount, "tokens")
    else:
        w.out.first = w.say("speed_tokens_per_dollar", tokens=_sig3(w, tokens), **said)
        w.ask("max_output_tokens_per_usd", tokens, "tokens/USD")
    if one:
        # one request at a time is billed the same hour: a dollar buys that many fewer
        per = one * 3600 / hour
        w.out.more.append(
            w.say("speed_tokens_one_budget", tps=w.rate(one), tokens=_sig3(w, per),
                  total=_sig3(w, per * amount), budget=w.usd(amount))
            if amount and amount != 1 else
            w.say("speed_tokens_one", tps=w.rate(one), tokens=_sig3(w, per)))
    if amount:
        w.out.more.append(w.say("budget_lasts_billing"))
    w.out.more.append(price)


def _request_cost(w: _W, hour: float, provider: str, kind: str, rps: float, conc: int,
                  inp: int, out: int, **common: str) -> None:
    """The cost of one request asked ("cost per request"): the setup's hourly price over
    the requests it serves in an hour at full load (the sizing's ``max_requests_per_s`` x
    3,600), for the request stated (else the answers' 3,584 in and 512 out); below full
    load each costs more, said after it (it was the hourly price alone; audit regress3
    #10)."""
    each = hour / (rps * 3600)
    w.out.first = w.say("speed_request_cost", cost=w.usd(each), thousand=w.usd(each * 1000),
                        hour=w.usd(hour), provider=provider, kind=kind,
                        rph=_rps(w, rps * 3600), rps=_rps(w, rps), conc=w.n(conc),
                        inp=w.n(inp), out=w.n(out), **common)
    w.out.more.append(w.t["speed_request_cost_load"])
    if w.st.chat_cost:
        # a chat is one request of these tokens, said (audit ask_en #6)
        w.out.more.append(w.say("speed_request_cost_chat", inp=w.n(inp), out=w.n(out)))
    if w.st.thousand_requests:
        w.ask("cost_per_thousand_requests_usd", each * 1000, "USD")
    else:
        w.ask("cost_per_request_usd", each, "USD")


def _requests_on_pick(w: _W, inp: int, out: int) -> bool:
    """Requests per second, minute, hour or day asked with no GPU named ("how many requests per
    second can Llama 3.1 8B serve?"), output tokens per period or the cost of one request
    too (:func:`_tokens_period`, :func:`_request_cost`): what the setup the hourly price
    answer picks serves at
    full load — the recommendations' top option for serving one request of the answers'
    context (as the cost answer asks them: ``_cost_inner``), sized on its GPUs at its
    precision as a GPU named is — said to be that setup (it was one request's tokens/s on
    the smallest card). False where no option or no figure comes back."""
    assert w.model is not None and w.sub is not None
    if w.sub == "request_time" and w.st.request_rate_per_s:
        return _request_time_at_rate(w, inp, out)
    rec = w.recommend(workload="serving", concurrent_requests=1, output_tokens=out,
                      context_tokens=inp + out)
    if rec is None or not rec.options or rec.options[0].nodes > 1:
        return False
    o = rec.options[0]
    gid, count = o.offer.gpu, o.offer.gpu_count
    r = w.size(gpu=gid, gpu_count=count, weights=o.weights, input_tokens=inp,
               output_tokens=out)
    p = r.performance if r is not None and r.fits_in_memory else None
    if r is None or p is None or not p.max_requests_per_s:
        return False
    thr = p.max_throughput_tokens_per_s or p.decode_tokens_per_s or 0.0
    w.record(r, inp + out)
    common = {"model": w.model.name, "weights": r.weights, "setup": w.setup(count, gid)}
    if w.sub == "request_time" and p.time_per_output_token_ms:
        # one request's time asked with no GPU and no load ("how long does one request take
        # on Llama 3.1 70B?"): alone on that setup, at the answers' prompt/output split
        _request_time(w, p.time_to_first_token_ms or 0.0, p.time_per_output_token_ms, inp,
                      out, **common)
        # (the price per 1M tokens the cost answer gives for this pick: its full load)
        _request_time_also(w, p, thr, inp, out, common,
                           (o.cost.per_hour_usd, o.offer.provider, w.kinds[o.pricing_model],
                            o.cost.per_million_output_tokens_usd,
                            o.performance.output_tokens_per_s_total or thr))
    elif w.sub == "tokens_dollar":
        _tokens_per_dollar(w, thr, o.cost.per_hour_usd, o.offer.provider,
                           w.kinds[o.pricing_model], p.max_concurrency or 1, inp, out,
                           p.decode_tokens_per_s,
                           w.price_line(o.offer.as_of, o.offer.as_of_kind, o.offer.source),
                           **common)
    elif w.sub.startswith("tokens_"):
        # output tokens a minute, an hour or a day (audit regress3 #10)
        _tokens_period(w, thr, p.max_concurrency or 1, inp, out, **common)
    elif w.sub == "request_cost":
        _request_cost(w, o.cost.per_hour_usd, o.offer.provider, w.kinds[o.pricing_model],
                      p.max_requests_per_s, p.max_concurrency or 1, inp, out, **common)
    else:
        _requests_rate(w, w.sub, p.max_requests_per_s, p.max_concurrency or 1, thr, inp,
                       out, **common)
    w.out.first = w.say("speed_requests_pick", price=w.usd(o.cost.per_hour_usd),
                        provider=o.offer.provider, text=w.out.first)
    w.out.follow_up = w.t["need_gpu"]
    w.sized_warnings(r, inp + out)
    return True


def _speed_rate(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                out: int) -> bool:
    """A request rate stated with the GPU named ("at 10 requests/s"): the setup sized at that
    open-loop rate (``request_rate_per_s``) with the tokens stated. It keeps up: the time to
    first token and per output token at that rate lead (the figure asked first), with what
    it serves at most. It does not: what it serves, and the setups that carry the rate —
    the rate over what one serves, rounded up, as the sizing's saturation warning counts
    them — with the figures when the rate is spread over them."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    kw: dict[str, Any] = {"gpu": gid, "gpu_count": count, "input_tokens": inp,
                          "output_tokens": out, "weights": r.weights}
    at = w.size(request_rate_per_s=rate, **kw)
    p = at.performance if at is not None else None
    if at is None or p is None or not p.max_requests_per_s or not p.time_per_output_token_ms:
        return False
    most = p.max_requests_per_s
    own: RateSetups | None = None  # the model's own, said after where the pick leads
    if rate > most and not (w.sub == "rate" or w.st.yes_no or w.st.min_tokens_per_s
                            or w.st.max_ttft_ms):
        # a figure asked at a rate this setup does not carry, no precision stated: sized at
        # the precision the count answer counts at (:func:`rate_weights`, the
        # recommendations' lead on that GPU), the model's own after as the unquantised
        # option, so "TTFT at 2 requests/s on L4" and "how many L4 for 2 requests/s" size
        # one setup (it said 8 x L4 at bf16 where the count said 6 x L4 at fp8; audit
        # rateprec23). A yes or no, or a target beside the rate, keeps its own rule
        # (:func:`_keeps_up_lower`, :func:`rate_target`)
        pick = rate_weights(w, gid)
        alt = (w.size(request_rate_per_s=rate, **{**kw, "weights": pick})
               if pick is not None and pick != at.weights else None)
        q0 = alt.performance if alt is not None else None
        if (alt is not None and alt.weights == pick and alt.fits_in_memory and q0 is not None
                and q0.max_requests_per_s and q0.time_per_output_token_ms):
            own = gpus_for_rate(w, gid, rate, inp, out, weights=at.weights)
            at, p, kw = alt, q0, {**kw, "weights": pick}
    if not p.max_requests_per_s or not p.time_per_output_token_ms:
        return False  # (never: the pick's figures were checked; mypy's narrowing)
    most = p.max_requests_per_s
    w.record(at, inp + out)
    common = {"rate": _rps(w, rate), "model": w.model.name, "weights": at.weights,
              "setup": setup, "inp": w.n(inp), "out": w.n(out), "most": _rps(w, most)}
    ttft, tpot = p.time_to_first_token_ms, p.time_per_output_token_ms
    # "can one H100 serve it at 5 requests/s?" is answered by the rule the count answer
    # ("how many H100 for 5 requests/s?") counts with: each setup at most HEADROOM_LOAD busy
    # (it said Yes at 99 % busy where the count said 2 GPUs; audit slips27 #1). A figure
    # asked at the rate ("TTFT at 5 requests/s?") is given at that load, busy or not
    busy = w.sub == "rate" and HEADROOM_LOAD * most * (1 + 1e-9) < rate <= most
    if ttft is not None and rate <= most and not busy:
        # the layout that keeps up, named: the sizing weighs replicas for a rate (four TP2
        # replicas of 70B fp8 on 8 x H100 serve 14 requests/s where one TP8 replica cannot;
        # audit buyer26a #3)
        w.out.first = w.say("speed_rate_yes" if w.sub == "rate" else "speed_rate_ok",
                            ttft=w.n(ttft), tpot=w.n(tpot, 1),
                            layout=_layout_as(w, at, count, "speed_layout_as_mid"), **common)
        # "can it keep up?" (or another yes/no question): yes; a figure asked at that rate
        # ("TTFT?") or the figures at that load: the figure leads, no yes or no
        yes = True if w.sub == "rate" or w.st.yes_no else None
        if w.sub == "request_time":
            # "how long does one request take at 10 requests/s?": the whole request at that
            # load (TTFT + (out - 1) x TPOT at the rate) leads (audit regress11 #7)
            _rate_request_time(w, rate, ttft, tpot, out)
        elif w.sub == "ttft":
            w.ask("time_to_first_token_ms", ttft, "ms", yes=yes)
        elif w.sub == "tpot":
            w.ask("time_per_output_token_ms", tpot, "ms", yes=yes)
        elif w.sub == "throughput" and p.output_tokens_per_s:
            w.ask("output_tokens_per_s", p.output_tokens_per_s, "tokens/s", yes=yes)
        else:
            w.ask("max_requests_per_s", most, "requests/s", yes=yes)
        rate_target(w, gid, rate, inp, out, ttft, tpot, lead=w.sub != "rate" and not yes,
                    same=(count, at.weights))
        if own is not None and w.rate_own_said is not None:
            w.rate_own_said(gid, own, at)
        w.sized_warnings(at, inp + out)
        return True
    # the setups that carry the rate, each under HEADROOM_LOAD of what it serves (the
    # sizing's own rule: at 97 % of capacity the queue is long), with as many of this card
    # per setup (up to a node) as takes the fewest GPUs in all: a 70B model that fills one
    # H100 serves 0.11 requests/s there, two H100 in tensor parallel 3 requests/s. The count
    # answer ("how many L4s for 2 requests/s?") counts with the same function (audit
    # regress6 #12: it said 17 x L4 where this said 8)
    got = gpus_for_rate(w, gid, rate, inp, out, weights=at.weights)
    total, k, most_k = ((got.gpus, got.per, got.most_requests_per_s) if got is not None
                        else (setups_for(rate, most) * count, count, most))
    n = total // k
    need = (w.say(w.on("speed_rate_need_same", gid), n=w.n(n), gpus=w.n(total),
                  pct=f"{HEADROOM_LOAD:.0%}") if k == count else
            # one setup said so ("1 setups" was said: audit regress6 #15)
            w.say(w.on("speed_rate_need_other_one" if n == 1 else "speed_rate_need_other", gid),
                  n=w.n(n), setup=w.setup(k, gid), gpus=w.n(total),
                  pct=f"{HEADROOM_LOAD:.0%}", most=_rps(w, most_k)))
    if busy:
        # it keeps up, at more than HEADROOM_LOAD of what it serves: both figures said
        w.out.first = w.say("speed_rate_no_busy", need=need, busy=w.f.percent(rate / most, 0),
                            cap=_rps(w, HEADROOM_LOAD * most),
                            pct=w.f.percent(HEADROOM_LOAD, 0), **common)
    else:
        w.out.first = w.say("speed_rate_no" if w.sub == "rate" else "speed_rate_over",
                            need=need, **common)
    # the No is a yes or no question's ("can one L4 keep up?"); a figure asked at the rate
    # ("what's the TTFT ... at 2 requests/s?") gets that figure, no No before it
    w.ask("max_requests_per_s", most, "requests/s",
          yes=False if w.sub == "rate" or w.st.yes_no else None)
    kw = {**kw, "gpu_count": k}
    each = w.size(request_rate_per_s=rate / n, **kw)
    q = each.performance if each is not None else None
    if (w.sub in ("ttft", "tpot") and not w.st.yes_no and q is not None
            and q.time_to_first_token_ms is not None and q.time_per_output_token_ms):
        # the figure asked leads, on the setups that carry the rate, then why one setup
        # does not (audit canrun23: "No: at 2 requests/s ... cannot keep up" led a TTFT
        # asked, the 417 ms second)
        on = (w.say("speed_rate_on_one", setup=w.setup(k, gid), gpus=w.n(total)) if n == 1
              else w.say("speed_rate_on", n=w.n(n), setup=w.setup(k, gid), gpus=w.n(total),
                         each=_rps(w, rate / n)))
        w.out.first = w.say(f"speed_rate_over_{w.sub}", ttft=w.n(q.time_to_first_token_ms),
                            tpot=w.n(q.time_per_output_token_ms, 1), on=on, **common)
        if w.sub == "ttft":
            w.ask("time_to_first_token_ms", q.time_to_first_token_ms, "ms")
        else:
            w.ask("time_per_output_token_ms", q.time_per_output_token_ms, "ms")
    elif (w.sub == "request_time" and q is not None and q.time_to_first_token_ms is not None
            and q.time_per_output_token_ms):
        # the request's whole time on the setups that carry the rate leads; the setup that
        # does not keep up after it (audit regress11 #7: one request alone was timed)
        over = w.out.first
        _rate_request_time(w, rate, q.time_to_first_token_ms, q.time_per_output_token_ms, out,
                           n=n, setup=w.setup(k, gid), gpus=total)
        w.out.first = f"{w.out.first} {over}"
    elif q is not None and q.time_to_first_token_ms is not None and q.time_per_output_token_ms:
        w.out.more.append(w.say("speed_rate_spread_one" if n == 1 else "speed_rate_spread",
                                n=w.n(n), each=_rps(w, rate / n),
                                ttft=w.n(q.time_to_first_token_ms),
                                tpot=w.n(q.time_per_output_token_ms, 1)))
    if q is not None:
        # a target beside the rate: the setups that carry it are weighed against it too
        rate_target(w, gid, rate, inp, out, q.time_to_first_token_ms,
                    q.time_per_output_token_ms, lead=w.sub != "rate" and not w.st.yes_no,
                    same=(count, at.weights))
    _keeps_up_lower(w, gid, count, rate, inp, out, at.weights)
    if own is not None and w.rate_own_said is not None:
        w.rate_own_said(gid, own, at)
    w.sized_warnings(each if each is not None else at, inp + out)
    return True


def _keeps_up_lower(w: _W, gid: str, count: int, rate: float, inp: int, out: int,
                    weights: str) -> None:
    """"Can one L40S handle it at 2 requests/s?" with no precision stated, answered No at
    ``weights`` (those GPUs cannot keep up): the largest smaller precision they run at which
    they keep up, and meet a target stated beside the rate, makes it Yes at that precision
    (:func:`_yes_at_lower`), the answered precision's No after it (audit feasible22). None
    where a precision was stated or the No is not the rate's (a target missed is weighed by
    :func:`rate_target`)."""
    a = w.out.asked
    if (w.weights is not None or a is None or a.yes is not False or w.out.first is None
            or a.quantity != "max_requests_per_s"):
        return
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms

    def meets(per_user: float, first_ms: float) -> bool:
        return (not tps_min or per_user >= tps_min) and (not ttft_max or first_ms <= ttft_max)

    lower = _rate_precision(w, gid, count, rate, inp, out, weights, meets,
                            load=HEADROOM_LOAD if w.sub == "rate" else 1.0)
    if lower is None:
        return
    target = w.targets_said() if tps_min or ttft_max else ""
    _yes_at_lower(w, _target_at_load(w, target, rate) if target else "", count, gid, lower,
                  {"max_requests_per_s": lower.most})


def _rate_request_time(w: _W, rate: float, ttft: float, tpot: float, out: int,
                       n: int | None = None, setup: str = "", gpus: int = 0) -> None:
    """One request's whole time at a stated request rate (:func:`_request_latency_s` with the
    TTFT and TPOT the serving model gives at that open-loop rate), on the one setup that
    keeps up, or (``n``) spread over the ``n`` setups that carry it; said first, asked as
    ``request_latency_s``."""
    total_s = _request_latency_s(ttft, tpot, out)
    figures = {"rate": _rps(w, rate), "time": w.duration(total_s / 3600), "ttft": w.n(ttft),
               "rest": w.n(max(out - 1, 0)), "tpot": w.n(tpot, 1)}
    if n is None:
        w.out.first = w.say("speed_rate_request_time", **figures) + " " + (w.out.first or "")
    else:
        # "1 request/s each", "câte 1 cerere pe secundă" (it read "câte 1 cereri": audit s6slack)
        each = _rps(w, rate / n)
        w.out.first = w.say("speed_rate_request_time_spread"
                            + ("_each_one" if each == w.n(1) else ""), n=w.n(n), setup=setup,
                            gpus=w.n(gpus), each=each, **figures)
    w.ask("request_latency_s", total_s, "s")


def rate_target(w: _W, gid: str, rate: float, inp: int, out: int, ttft: float | None,
                tpot: float | None, *, lead: bool, after: bool = False,
                same: tuple[int, str] | None = None) -> Option | None:
    """A per-user speed or first-token target stated beside a request rate with the GPU named
    ("on an L40S, 2 requests/s, TTFT under 3 s"): whether the figures of the setups that
    carry the rate (``ttft``, ``tpot`` at each one's share) meet it, said after them. Missed:
    the recommendations' cheapest setup of that GPU that meets the target at that rate
    (``target_requests_per_s`` with the target, as a /v1/recommendations body with ``gpus``
    sizes it), leading the answer where ``lead`` (a count or a figure asked), else said
    after the no, with its count and figures in the numbers; returned. ``after``: the
    verdict is said after the figures (a count's, :attr:`Out.more`), not the first sentence.
    The rate alone was
    answered: 24 x L40S at bf16 with the first token after 6.4 s, for a 3 s target (audit
    buyer17b #1's GPU-named neighbour). ``same``: the GPUs named (count) and the precision
    answered, where a smaller precision on them that meets it is weighed
    (:func:`_rate_precision`): a yes/no with no precision stated is then Yes at it
    (:func:`_yes_at_lower`), else it is said after the miss (audit feasible22)."""
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    if not (tps_min or ttft_max) or w.out.first is None or ttft is None or not tpot:
        return None
    target = w.targets_said()

    def meets(per_user: float, first_ms: float) -> bool:
        return (not tps_min or per_user >= tps_min) and (not ttft_max or first_ms <= ttft_max)

    met = meets(1000 / tpot, ttft)
    lower = _rate_precision(w, gid, same[0], rate, inp, out, same[1], meets) \
        if same is not None and not met and not lead and not after else None
    if w.out.asked is not None and w.out.asked.yes is not None and not met:
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=False)
    yes = lower is not None and same is not None and _yes_at_lower(
        w, _target_at_load(w, target, rate), same[0], gid, lower, {
            "time_to_first_token_ms": lower.ttft, "time_per_output_token_ms": lower.tpot,
            "max_requests_per_s": lower.most})
    verdict = w.say("target_met" if met else "target_missed", target=target)
    if yes:
        pass  # the precision answered said not to meet it in the Yes
    elif after:
        w.out.more.append(verdict)
    else:
        w.out.first += " " + verdict
        if lower is not None:
            w.out.first += " " + lower.said
    if met:
        return None
    rec = w.recommend(workload="serving", gpus=[gid], target_requests_per_s=rate,
                      min_decode_tokens_per_s=tps_min, context_tokens=inp + out,
                      output_tokens=out)
    o = rec.options[0] if rec is not None and rec.options else None
    p = o.performance if o is not None else None
    if (o is None or p is None or p.time_to_first_token_ms is None
            or not p.decode_tokens_per_s_per_user):
        return None
    assert rec is not None and w.model is not None
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    n = o.offer.gpu_count * o.nodes
    ranked = w.lead_rank(o, rec.options[1:3], said="")  # the cheapest only where it is
    pick = w.say("speed_rate_target_pick_ranked" if ranked else "speed_rate_target_pick",
                 **(ranked or {}), target=_target_at_load(w, target, rate),
                 model=w.model.name, weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                 machines=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
                 tps=w.rate(p.decode_tokens_per_s_per_user),
                 ttft=w.n(p.time_to_first_token_ms), provider=o.offer.provider,
                 hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model])
    if not lead:
        if not (yes and same is not None and o.offer.gpu == gid and n == same[0]):
            w.out.first += " " + pick  # (the Yes above says that same setup)
        return o
    w.out.first = pick + " " + w.out.first
    if w.ex.gpu_count is None and w.out.asked is not None and w.out.asked.quantity == "gpu_count":
        w.ask("gpu_count", n, "GPUs")
    elif ttft_max and not tps_min:
        w.ask("time_to_first_token_ms", p.time_to_first_token_ms, "ms")
    else:
        w.ask("decode_tokens_per_s", p.decode_tokens_per_s_per_user, "tokens/s")
    return o


def _request_time_at_rate(w: _W, inp: int, out: int) -> bool:
    """One request's time asked at a request rate with no GPU named ("how long does one
    request take on Llama 3.1 8B at 10 requests per second?"): on the GPU and precision the
    recommendations pick for that rate (``target_requests_per_s``), its replica's setup
    counted to carry the rate as with a GPU named (:func:`_speed_rate`, gpus_for_rate); it
    was one request alone on a card that serves 0.22 requests/s (audit regress11 #7)."""
    assert w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    rec = w.recommend(workload="serving", target_requests_per_s=rate, output_tokens=out,
                      context_tokens=inp + out)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    gid, k = o.offer.gpu, max(1, o.fit.gpus_per_replica)
    r = w.size(gpu=gid, gpu_count=k, weights=o.weights, input_tokens=inp, output_tokens=out)
    if r is None or not r.fits_in_memory or not _speed_rate(w, r, gid, k, w.setup(k, gid), inp,
                                                            out):
        return False
    w.out.first = w.say("speed_rate_pick", rate=_rps(w, rate), gpu=w.gpu_name(gid),
                        weights=o.weights, text=w.out.first)
    w.out.follow_up = w.t["need_gpu"]
    return True


def _speed_target(w: _W, inp: int, out: int) -> None:
    """A speed or latency asked as a target with no GPU named ("100 tokens/s per user",
    "TTFT under 500 ms"): the recommendations' cheapest setup that meets it
    (``min_decode_tokens_per_s`` / ``max_time_to_first_token_ms``), with the speed and the
    time to first token it gets; none meets it: said so. With no target, a budget or users
    stated ("best GPU for 8 users under $1/h, and how many tokens/s?"): the recommended
    setup within the budget at that load, its price and its tokens/s per user. "Cheapest
    option" or "cheapest way" (``cheapest_asked``) asks the price, which is then the number
    asked."""
    assert w.model is not None
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    target = w.targets_said()
    # a request rate stated beside the target ("2 requests/s, TTFT under 3 s"): the load the
    # setup must carry, as a /v1/recommendations body with target_requests_per_s sizes it (it
    # was dropped: one request on 1 x RTX 4090 at 2.16 s a prefill, where 2 requests/s of
    # 32k prompts need 20 of them; audit buyer17b #1); a total token rate is passed by
    # :meth:`_W.recommend` itself
    rate = w.st.request_rate_per_s or None
    kw: dict[str, Any] = {"workload": "serving", "min_decode_tokens_per_s": tps_min,
                          "target_requests_per_s": rate, "context_tokens": inp + out,
                          "output_tokens": out,
                          "concurrent_requests": w.ex.concurrent_requests}
    rec = w.recommend(**kw)
    # the quantity asked: the latency when only a latency is asked, else the speed
    quantity = "decode_tokens_per_s" if tps_min else "time_to_first_token_ms"
    if not target and (rec is None or not rec.options):
        w.sub = None  # nothing within the budget: the cost answer says why (its reason)
        _cost(w)
        return
    if rec is None or not rec.options:
        if tps_min and _read_as_total(w, tps_min, inp, out):
            return
        if rec is not None and rec.reason and _over_budget_lead(
                w, {**kw, "concurrent_requests": w.ex.concurrent_requests or 1}, rec.reason,
                "serving", target=target):
            # the budget keeps out every setup that meets the target: the target met by the
            # cheapest that meets it, its price and how far over the budget, then what the
            # budget buys at a relaxed target ("No setup in the catalog reaches 30 tokens/s
            # per user" was said where 1 x H100 reaches it at $936/month, over $500/month;
            # audit budgetfit; a first token under 1 s, audit buyer24b #8)
            return
        w.out.first = w.say("speed_target_none", target=target, model=w.model.name,
                            inp=w.n(inp), out=w.n(out))
        w.ask(quantity, 0, "tokens/s" if tps_min else "ms", yes=False)
        if rec is not None and rec.reason:
            w.core_warn(rec.reason)
        return
    o = rec.options[0]
    p = o.performance
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    tps = p.decode_tokens_per_s_per_user or 0.0
    ttft = p.time_to_first_token_ms or 0.0
    said = {"setup": w.option_setup(o), "model": w.model.name, "weights": o.weights,
            "tps": w.rate(tps), "ttft": w.n(ttft), "provider": o.offer.provider,
            "hour": w.usd(o.cost.per_hour_usd), "kind": w.kinds[o.pricing_model]}
    users = w.ex.concurrent_requests or 1
    if target:
        # the recommendations rank price weighed by the weights' quality
        # (recommend.context.QUALITY_HANDICAP): the lead is called the cheapest only when
        # none ranked after it without a commitment costs less an hour, listed or not
        ranked = w.lead_rank(o, rec.options[1:3], said="")
        w.out.first = w.say("speed_target_ranked" if ranked else "speed_target",
                            target=_target_at_load(w, target, rate), **(ranked or {}), **said)
    elif w.sub == "request_time" and tps:
        # one request's whole time asked at that load ("with a budget of $2,000, how long
        # does one request take on 70B for 20 users?"): TTFT + output x TPOT at the load, the
        # TPOT being the per-user tokens/s's inverse (it gave the TTFT and tokens/s alone)
        total_s = _request_latency_s(ttft, 1000 / tps, out)
        w.out.first = w.say("speed_request_time_users", users=w.n(users), within=_within(w),
                            time=w.duration(total_s / 3600), out=w.n(out), inp=w.n(inp),
                            rest=w.n(max(out - 1, 0)), tpot=w.n(1000 / tps, 1), **said)
    else:
        w.out.first = w.say("speed_pick_users" if users > 1 else "speed_pick",
                            users=w.n(users), within=_within(w), **said)
    # "how much does it cost to serve … at 25 tokens/s each?": the month leads, the speed
    # that setup reaches after it; so does a month's price asked beside the setup ("and
    # $/month?", "și cât pe lună?": audit buyer17b #5, the $/h alone)
    month = o.cost.per_month_usd
    cost_asked = (w.st.cost_asked or (w.st.price_asked and w.st.month_asked)) and (
        month is not None)
    if month is not None and cost_asked:
        w.out.first = w.say("speed_target_cost", month=w.usd(month),
                            usage=w.usage()) + " " + w.out.first
    if target:
        # a budget stated beside the target: what the lead costs in its unit, within it, what
        # is left, and a setup of better weights the budget also buys (audit budgetfit)
        _budget_fit(w, o, kw, target, month_led=month is not None and bool(cost_asked))
    # the load the latency and speed are for: a time to first token depends on the prompt
    _target_load_said(w, o, rate, inp, out)
    # "which GPU for 100 tokens/s?" asks no yes or no; "can it do 100 tokens/s?" does
    yes_no = w.st.yes_no
    if month is not None and cost_asked:
        w.ask("per_month_usd", month, "USD")
    elif w.sub == "request_time" and tps and not target:
        w.ask("request_latency_s", _request_latency_s(ttft, 1000 / tps, out), "s")
    elif w.st.cheapest_asked:  # "cheapest option?", "cheapest way to serve ...": its price
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    elif tps_min or (not target and (w.sub != "ttft" or w.st.tps_first)):
        # no target: tokens/s per user (asked before the TTFT, "tokens/s per user and TTFT?":
        # the first asked, as the sentence says them; it was the TTFT)
        w.ask("decode_tokens_per_s", tps, "tokens/s",
              yes=tps >= tps_min if yes_no and tps_min else None)
    else:
        w.ask("time_to_first_token_ms", ttft, "ms",
              yes=bool(ttft_max) and ttft <= (ttft_max or 0) if yes_no else None)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)


def _budget_fit(w: _W, o: Option, kw: dict[str, Any], target: str, *, month_led: bool
                ) -> None:
    """A budget stated beside a speed or latency target ("budget $3000/month, llama 3.1 70b at
    30 tokens/s per user for 10 users"): after the lead, what its setup ``o`` costs in the
    budget's unit (a month at the stated use, storage included; an hour; a day of a 30-day
    month, as :meth:`_W.recommend` caps a day's budget), that it is within the budget and
    what is left of it (the recommendations rank only options within it); then the cheapest
    setup at weights of better quality that the budget also buys at the same target (the
    precisions ``weights: "auto"`` tries whose ranking handicap,
    recommend.context.QUALITY_HANDICAP, is lower than the lead's: bf16 before fp8 before
    int8 before 4-bit, as the catalog's precision notes rate their quality), where one does.
    The lead said the hourly price alone, never the month nor the budget (audit budgetfit:
    "$1.29/h" for $3,000/month; it is $936/month, $2,064 of it left, and 1 x MI300X at fp8
    at $1,654/month also meets 30 tokens/s)."""
    ro = w.lang == "ro"
    month = o.cost.per_month_usd
    day, monthly, hourly = (w.st.budget_usd_per_day, w.ex.budget_usd_per_month,
                            w.ex.budget_usd_per_hour)
    if day and not monthly:
        budget, cost, unit = day, month / MONTH_DAYS if month is not None else None, (
            "zi" if ro else "day")
    elif monthly:
        budget, cost, unit = monthly, month, "lună" if ro else "month"
    elif hourly:
        budget, cost, unit = hourly, o.cost.per_hour_usd, "oră" if ro else "h"
    else:
        return
    if cost is None or cost > budget:
        return

    def per(v: float) -> str:
        return w.usd(v) + "/" + unit

    left = per(budget - cost)
    if month_led:  # "how much ... ?": the month led; the budget and what is left of it
        w.out.more.append(w.say("budget_fit_led", budget=per(budget), left=left))
    else:
        usage = w.say("budget_fit_usage", usage=w.usage()) if unit not in ("h", "oră") else ""
        w.out.more.append(w.say("budget_fit", cost=per(cost), usage=usage, budget=per(budget),
                                left=left))
    if w.weights or w.model is None or w.model.kind != "llm":
        return  # the weights stated are the buyer's choice
    lead = w.handicap(o.weights)
    better = sorted((x for x in w.auto_weights() if w.handicap(x) < lead),
                    key=lambda x: (w.handicap(x), -get_precision(x).bits_linear))
    for x in better:  # the best quality first: the first the budget buys is said
        rec = w.recommend(**{**kw, "weights": x, "top_n": 1})
        b = rec.options[0] if rec is not None and rec.options else None
        p = b.performance if b is not None else None
        if (rec is None or b is None or p is None or b.cost.per_month_usd is None
                or p.decode_tokens_per_s_per_user is None or p.time_to_first_token_ms is None):
            continue  # (an unknown figure is never said as 0)
        w.out.more.append(w.say(
            "budget_fit_better", weights=b.weights, lead=o.weights, target=target,
            setup=w.option_setup(b), provider=b.offer.provider, hour=w.usd(b.cost.per_hour_usd),
            kind=w.kinds[b.pricing_model], month=w.usd(b.cost.per_month_usd),
            tps=w.rate(p.decode_tokens_per_s_per_user), ttft=w.n(p.time_to_first_token_ms)))
        if not any(b.offer.id == y.offer_id and b.weights == y.weights for y in w.out.offers):
            w.offer_numbers(msgspec.structs.replace(rec, options=[b]))
        return


def _target_at_load(w: _W, target: str, rate: float | None) -> str:
    """A target said with the load the setup carries beside it ("a time to first token under
    3,000 ms at 2 requests/s"): a request rate or a total token rate stated; users are said
    after the figures (:func:`_target_load_said`), as before."""
    if rate:
        per_s = _rps(w, rate)  # as the rate's own sentences say it (0.300 requests/s)
        return w.say("target_at_rate_one" if per_s == w.n(1) else "target_at_rate",
                     target=target, rate=per_s)
    if w.st.throughput_tokens_per_s:
        return w.say("target_at_tps", target=target, tps=w.per_s(w.st.throughput_tokens_per_s))
    return target


def _target_load_said(w: _W, o: Option, rate: float | None, inp: int, out: int) -> None:
    """The load a target's pick is sized for, after its figures: the request rate or the
    total token rate stated (the recommendations' load, with what the setup carries), else
    the concurrent requests ("concurrent requests: 1" was said beside a setup sized for 2
    requests/s; audit buyer17b #1)."""
    ctx = inp + out
    total = o.performance.output_tokens_per_s_total
    if rate:
        per_s = w.per_s(rate)
        w.out.more.append(w.say(_assumed_rate_key(w, per_s), weights=o.weights, rate=per_s,
                                ctx=w.n(ctx), inp=w.n(inp), out=w.n(out)))
    elif w.st.throughput_tokens_per_s and total:
        w.out.more.append(w.say("cost_assumed_tps", weights=o.weights,
                                tps=w.per_s(w.st.throughput_tokens_per_s), thr=w.rate(total),
                                ctx=w.n(ctx), inp=w.n(inp), out=w.n(out)))
    else:
        w.out.more.append(w.say("cost_assumed", weights=o.weights,
                                users=w.n(w.ex.concurrent_requests or 1), ctx=w.n(ctx),
                                inp=w.n(inp), out=w.n(out)))


_LATENCY_WIDTHS = (2, 4, 8)
"""The tensor-parallel widths a lowest latency is weighed at beside each GPU's fewest count:
the usual powers of two within one machine of :data:`NODE_GPUS` (vLLM's
``tensor_parallel_size`` must divide the attention heads, which the sizing's layout search
checks: a width it does not run as tensor parallel alone is skipped)."""

_ONE_GPU_NEAR = 1.10
"""A single GPU whose time per output token is within 10 % of the fastest setup's is said
beside it: a gap below the serving model's own median error on TPOT (about 15 %,
:data:`service.domain.sizing.layout.LOAD_SLACK`'s note), where one fast GPU per replica
serves as fast, with no all-reduce between GPUs (audit regress6 #3)."""


def _trusted_gpu(w: _W, gid: str) -> bool:
    """Whether the catalog has a trusted, current offer of ``gid`` (in the region or at the
    provider asked, :meth:`_W.offers_for`)."""
    return any(not v.stale and not v.suspect for v in w.offers_for(gid))


def _latency_widths(w: _W, f: FitRow) -> list[int]:
    """The GPU counts a lowest latency is timed at for ``f``'s GPU: its fewest count, and each
    of :data:`_LATENCY_WIDTHS` above it that one machine holds: within the GPU's
    tensor-parallel limit (8 on NVLink / Infinity Fabric boards, 4 over PCIe,
    :func:`tp_limit`) and no more than the largest trusted machine of it offered."""
    gpu = w.reg.gpus.get(f.gpu)
    machine = max((v.gpu_count for v in w.offers_for(f.gpu) if not v.stale and not v.suspect),
                  default=0)
    widest = min(tp_limit(gpu)[0], machine)
    return [f.gpu_count, *(c for c in _LATENCY_WIDTHS if f.gpu_count < c <= widest)]


def _lowest_latency(w: _W, rows: list[FitRow], inp: int, out: int) -> bool:
    """The lowest latency asked with no GPU ("which GPU gives the lowest latency for Llama 3.1
    8B?"): of the setups that hold the model (the sizing's ``fits_on``) on a GPU with a
    trusted offer, each timed for one request at its fewest count and in tensor parallel over
    2, 4 and 8 GPUs of one machine (:func:`_latency_widths`), the one with the lowest time per
    output token, fewer GPUs on a tie, with its time to the first token (audit regress5 #9:
    the smallest card answered; regress6 #3: only the fewest count of each GPU was weighed,
    2 x H200 at 22.2 ms where 8 x H200 gives 10.3 ms). A single GPU within
    :data:`_ONE_GPU_NEAR` of it is said too. False where none is sized."""
    sized = [f for f in rows if f.decode_tokens_per_s]
    # a card someone can rent: one the catalog prices with a trusted offer (GB300, which no
    # offer lists, led), else one it prices at all
    rented = ([f for f in sized if _trusted_gpu(w, f.gpu)]
              or [f for f in sized if w.offers_for(f.gpu)] or sized)
    timed: list[tuple[float, int, str, SizingResult]] = []
    for f in rented:
        for count in _latency_widths(w, f):
            r = w.size(gpu=f.gpu, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=1)
            p = r.performance if r is not None and r.fits and r.runs is not False else None
            if (r is None or p is None or not p.decode_tokens_per_s
                    or not p.time_per_output_token_ms):
                continue
            if count > f.gpu_count and (r.layout is None or r.layout.tensor != count):
                continue  # not one tensor-parallel group (the heads do not divide)
            timed.append((p.time_per_output_token_ms, count, f.gpu, r))
    if not timed:
        return False
    tpot, count, gid, r = min(timed, key=lambda t: (t[0], t[1]))
    p = r.performance
    assert p is not None and p.decode_tokens_per_s is not None
    w.record(r, inp + out)
    w.out.first = w.say("speed_lowest_latency", setup=w.setup(count, gid),
                        model=w.model.name if w.model else "", weights=r.weights,
                        tps=w.rate(p.decode_tokens_per_s), tpot=w.n(tpot, 1),
                        ttft=w.n(p.time_to_first_token_ms or 0.0), inp=w.n(inp))
    w.ask("time_per_output_token_ms", tpot, "ms")
    one = min((t for t in timed if t[1] == 1), key=lambda t: t[0], default=None)
    if count > 1 and one is not None and one[0] <= tpot * _ONE_GPU_NEAR:
        # one fast GPU per replica is about as fast: said, as the simpler setup
        q = one[3].performance
        first_ms = (q.time_to_first_token_ms if q is not None else None) or 0.0
        w.out.first += " " + w.say(
            "latency_one_gpu_near", setup=w.setup(1, one[2]), tpot=w.n(one[0], 1),
            ttft=w.n(first_ms), pct=w.n(max(1.0, math.ceil(100 * (one[0] / tpot - 1)))))
    # what renting that setup costs, after the latency (which stays the number asked): the
    # cheapest trusted offer of that count (:meth:`_W.basis`, a larger machine rented whole
    # where that is cheaper), with its date; a doubted or stale one where no other is,
    # warned about as every quoted price is
    b = w.basis(gid, count)
    if b is not None:
        v, per, kind = b
        w.out.first += " " + w.say(
            "latency_price_untrusted" if v.stale or v.suspect else "latency_price",
            setup=w.setup(count, gid), hour=w.usd(per * count),
            provider=w.where(v, count), kind=w.kinds[kind], date=w.view_date(v))
        w.price_warnings(v)
    return True


def lowest_latency_lead(w: _W, intent: str) -> bool:
    """The fastest setup asked with no GPU named ("which GPU gives the lowest latency",
    "fastest GPU for SDXL, price per hour?", "care GPU generează cel mai repede"), whatever
    intent the question was classified as (a price by the hour, a media question, guidance):
    an LLM's lowest time per output token (:func:`_lowest_latency`, through :func:`_speed`),
    an image, video or speech model's fastest card (:func:`_fastest_media`), each with its
    price. False (the intent's own answer) where something else decides the pick: a GPU
    named or compared, a budget, a load, a job of images or audio, or a price asked for a
    longer period (audit regress6 #3, #4)."""
    m = w.model
    if (not w.st.lowest_latency_asked or m is None or w.card()[0] is not None or w.det.gpus
            or w.ex.budget_usd_per_hour or w.ex.budget_usd_per_month
            or w.st.budget_usd_per_day or (w.ex.concurrent_requests or 0) > 1
            or w.st.min_tokens_per_s or w.st.max_ttft_ms):
        return False
    if intent == "cost" and w.sub not in (None, "hour"):
        return False
    if m.kind == "llm":
        if intent not in ("guidance", "cost") or not w.generates_tokens():
            return False  # the speed intent answers it itself (:func:`_speed`)
        w.sub = None
        _speed(w)
        return w.out.first is not None
    if (intent not in ("speed", "cost", "media", "guidance")
            or (intent == "media" and w.sub not in (None, "time"))
            or w.st.items or w.st.clips or w.st.audio_hours or w.st.work_rate
            or (w.st.media_rate is not None and w.st.media_rate[0] not in ("per_image", "rtf"))):
        # (the time per image or the real-time factor asked is what this answer leads with)
        return False
    return _fastest_media(w)


def _fastest_stream(w: _W, inp: int, out: int) -> tuple[float, SizingResult] | None:
    """The fastest one request of the model decodes on any setup the catalog offers (each
    GPU and count of a trusted offer, at the weights asked, else at the model's own and at
    each precision the recommendations try, ``auto_llm``), with that sizing; None where it
    runs on none. What a speed "per user" can be at most: above it no user gets it."""
    shapes = sorted({(v.gpu, v.gpu_count) for v in w.catalog.views(w.today)
                     if not v.stale and not v.suspect})
    tried: list[str | None] = [w.weights] if w.weights else [None, *w.auto_weights()]
    best: tuple[float, int, SizingResult] | None = None
    for gid, count in shapes:
        for weights in tried:
            r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=1, weights=weights)
            p = r.performance if r is not None and r.fits and r.runs is not False else None
            if r is None or p is None or not p.decode_tokens_per_s:
                continue
            if best is None or (p.decode_tokens_per_s, -count) > (best[0], -best[1]):
                best = (p.decode_tokens_per_s, count, r)
    return (best[0], best[2]) if best is not None else None


def _read_as_total(w: _W, tps: float, inp: int, out: int) -> bool:
    """A token rate with no user named and not said to be each user's ("serve Llama 3.1 8B at
    2000 tokens per second"), that no single request reaches on any setup in the catalog
    (:func:`_fastest_stream`: about 406 tokens/s for that 8B): the setup's throughput in
    total, as "2000 tokens per second total" is read (the recommendations'
    ``target_output_tokens_per_s``), priced by the cost answer with the reading said right
    after its lead. It answered "No setup in the catalog reaches 2,000 tokens/s per user"."""
    assert w.model is not None
    if w.st.tps_each or (w.ex.concurrent_requests or 0) > 1:
        return False
    fastest = _fastest_stream(w, inp, out)
    if fastest is None or tps <= fastest[0]:
        return False
    speed, r = fastest
    w.st = dc_replace(w.st, min_tokens_per_s=None, throughput_tokens_per_s=tps)
    w.sub = "month" if w.st.cost_asked or (w.st.price_asked and w.st.month_asked) else None
    _cost(w)
    if w.out.first is None or r.gpu is None:
        return True
    w.out.more.insert(0, w.say("speed_tps_read_total", model=w.model.name, tps=w.per_s(tps),
                               fastest=w.rate(speed), weights=r.weights,
                               setup=w.setup(r.gpu_count, r.gpu.id)))
    return True


def _total_verdict(w: _W, gid: str, count: int, inp: int, out: int, thr: float) -> bool:
    """A bare token rate with the GPU named ("can an H100 serve Llama 3.1 8B at 5000
    tokens/s?") that no single request reaches on any setup in the catalog
    (:func:`_fastest_stream`), read as the total across users as :func:`_read_as_total`
    reads it with no GPU named: the setup's full-load total ``thr`` against it, the asked
    number's yes or no; missed, the recommendations' setup of that GPU that carries it
    (``target_output_tokens_per_s``, as the count answer sizes it). It answered "That misses
    your target of 5,000 tokens/s per user" (136 tokens/s for one request on an H100, which
    makes about 2,578 in total at full load). False (the per-user verdict follows) where the
    rate is said to be each user's, users or a latency target are named, or one request can
    reach it."""
    assert w.model is not None
    tps_min = w.st.min_tokens_per_s
    if (not tps_min or w.st.tps_each or w.st.max_ttft_ms or w.out.first is None
            or (w.ex.concurrent_requests or 0) > 1):
        return False
    fastest = _fastest_stream(w, inp, out)
    if fastest is None or tps_min <= fastest[0] or fastest[1].gpu is None:
        return False
    speed, one = fastest
    assert one.gpu is not None
    ok = thr >= tps_min
    w.ask("max_throughput_tokens_per_s", thr, "tokens/s", yes=ok)
    said = {"tps": w.per_s(tps_min), "thr": w.rate(thr), "setup": w.setup(count, gid)}
    w.out.first += " " + w.say("target_total_met" if ok else "target_total_missed", **said)
    w.out.more.insert(0, w.say("speed_tps_read_total", model=w.model.name,
                               tps=w.per_s(tps_min), fastest=w.rate(speed),
                               weights=one.weights, setup=w.setup(one.gpu_count, one.gpu.id)))
    if ok:
        return True
    rec = w.recommend(workload="serving", context_tokens=inp + out,
                      output_tokens=out, target_output_tokens_per_s=tps_min, gpus=[gid])
    o = rec.options[0] if rec is not None and rec.options else None
    if o is None or not o.performance.output_tokens_per_s_total:
        w.out.first += " " + w.say("target_total_none", gpu=w.gpu_name(gid))
        return True
    n = o.offer.gpu_count * o.nodes
    layout = w.option_setup(o)  # said where it is more than one machine
    w.out.first += " " + w.say(
        "target_total_more", n=w.n(n), gpu=o.offer.gpu_name,
        setup=f" ({layout})" if layout != w.setup(n, o.offer.gpu) else "", weights=o.weights,
        thr=w.rate(o.performance.output_tokens_per_s_total),
        hour=w.usd(o.cost.per_hour_usd), provider=o.offer.provider,
        kind=w.kinds[o.pricing_model])
    return True


def _target_verdict(w: _W, gid: str, count: int, inp: int, out: int, users: int,
                    tps: float, ttft: float) -> None:
    """A speed or latency target stated with the GPU named ("30 tokens/s per user", "TTFT
    under 500 ms"): whether the figures at the stated load (``tps`` per user, ``ttft``) meet
    it, said right after them and as the asked number's yes or no; missed, the fewest of
    that GPU in one machine (doubling up to a node) whose sizing at that load meets it."""
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    if not (tps_min or ttft_max) or w.out.first is None:
        return
    target = w.targets_said()

    def meets(per_user: float, first_ms: float) -> bool:
        return (not tps_min or per_user >= tps_min) and (not ttft_max or first_ms <= ttft_max)

    ok = meets(tps, ttft)
    which = w.st.which_setup
    if w.out.asked is not None:
        # "which setup ...?" asks no yes or no: the setup that meets it leads instead (audit
        # unpriced B: "Which H100 setup serves 70B to 32 users with TTFT under 500 ms?"
        # opened with "No:")
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=None if which else ok)
    if ok:
        w.out.first += " " + w.say("target_met", target=target)
        return
    before = w.out.first
    lead = _target_missed(w, gid, count, inp, out, users, target, meets)
    if which and w.out.first is not None and w.out.first.startswith(before) \
            and w.out.first != before:
        # the setup that meets the target (or that none in one machine does) first, then the
        # setup sized and its miss
        w.out.first = " ".join((w.out.first[len(before):].strip(), before,
                                w.say("target_missed", target=target)))
        if lead is not None:
            _asked_lead(w, *lead)


def _asked_lead(w: _W, per_user: float, ttft_ms: float) -> None:
    """A "which setup" answer's asked number: the figure of the setup that leads it (the one
    that meets the target), not the setup sized first that misses it (audit whichsetup #2:
    the 2 x H100's 2,334 ms recorded under an answer led by 486 ms)."""
    a = w.out.asked
    if a is None:
        return
    value = {"time_to_first_token_ms": ttft_ms,
             "decode_tokens_per_s": per_user,
             "output_tokens_per_s_per_user": per_user}.get(a.quantity)
    if value is not None:
        w.out.asked = msgspec.structs.replace(a, value=value)


def _target_missed(w: _W, gid: str, count: int, inp: int, out: int, users: int, target: str,
                   meets: Callable[[float, float], bool]) -> tuple[float, float] | None:
    """:func:`_target_verdict`'s target missed: what meets it, after the figures. A "which
    setup" question (``Stated.which_setup``) has each sentence in the words that lead (the
    caller puts them first and the miss after). Returns the figures (tokens/s per user, ms to
    the first token) of the setup said first that meets it; None where none is said."""
    if w.out.first is None:
        return None
    which = w.st.which_setup
    sfx = "_which" if which else ""
    # a smaller precision on the same GPUs first, then more GPUs at the answer's precision
    # (audit regress4 #5: int4 on the one H100 makes 60.9 tokens/s of 50, said after 4 × H100,
    # or not at all where the answer was already at fp8)
    lower = _target_precision(w, gid, count, inp, out, users, meets)
    lead: tuple[float, float] | None = None
    if lower is not None and which:
        lead = (lower.per_user, lower.ttft)
        w.out.first += " " + w.say(
            "target_met_precision_which", weights=_weights_said(w, lower.weights),
            setup=w.setup(count, gid), target=target, per_user=w.rate(lower.per_user),
            ttft=w.n(lower.ttft))
    elif lower is not None and not _yes_at_lower(
            w, target, count, gid, lower, {"time_to_first_token_ms": lower.ttft,
                                           "decode_tokens_per_s": lower.per_user,
                                           "output_tokens_per_s_per_user": lower.per_user}):
        w.out.first += " " + w.say("target_missed", target=target) + " " + lower.said
    if lower is None and users > 1:
        machine = _target_machine(w, gid, inp, out, users, target)
        if machine is not False:
            return machine
    k = count * 2
    while k <= NODE_GPUS:
        at = {"weights": lower.answered} if lower is not None else {}
        r = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                   batch_size=users if users > 1 else None, **at)
        p = r.performance if r is not None and r.fits_in_memory else None
        per_user = (p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s) \
            if p is not None else None
        if p is not None and per_user and meets(per_user, p.time_to_first_token_ms or 0.0):
            more = {"setup": w.setup(k, gid), "per_user": w.rate(per_user),
                    "ttft": w.n(p.time_to_first_token_ms or 0.0), "requests": w.requests(users)}
            lead = lead or (per_user, p.time_to_first_token_ms or 0.0)
            w.out.first += " " + (
                w.say("target_more_at", weights=_weights_said(w, lower.answered), **more)
                if lower is not None else w.say("target_missed_more" + sfx, target=target,
                                                **more))
            break
        k *= 2
    else:
        if lower is None:
            w.out.first += " " + w.say("target_missed_none" + sfx, target=target,
                                       gpu=w.gpu_name(gid), n=w.n(NODE_GPUS))
            # the count that meets it over several machines, as "on h100s" answers it (audit
            # buyer21 #1: one H100 named for 200 users was a No with no count that does)
            fleet = w.targets_fleet(gid, users) \
                if users > 1 and w.targets_fleet is not None else None
            if fleet is not None:
                w.out.first += " " + fleet.text
                lead = (fleet.per_user_tokens_per_s, fleet.time_to_first_token_ms)
    return lead


def _target_machine(w: _W, gid: str, inp: int, out: int, users: int, target: str
                    ) -> tuple[float, float] | Literal[False] | None:
    """A target missed at ``users`` on the GPUs answered, no smaller precision meeting it
    there: the recommendations' top-ranked setup of ``gid`` in one machine that meets every
    target at that load (``gpus`` [gid], each precision ``weights: "auto"`` tries, every
    count and layout of an offer, vLLM-class engines first, as /v1/recommendations ranks
    them), said with its layout (what /v1/sizing gives with that ``parallelism``), then the
    cheapest over as many machines as it takes where that one is another. Buyer audit 27c
    #2: "no count of H100 up to 8 in one machine meets it" was said for 70B at 32 users and
    500 ms, the count doubled at bf16 on the sizing's own layout alone (549 ms on 8), where 8
    x H100 at bf16 as one tensor-parallel-8 replica gives 493 ms and at fp8 400 ms. Where
    every setup of it that meets them takes several machines, that is said, with the
    cheapest of them. False (the caller's search) where the recommendations have none; else
    the figures (tokens/s per user, ms to the first token) of the setup said first that meets
    them (None where none is said)."""
    kw: dict[str, Any] = {"workload": "serving", "concurrent_requests": users,
                          "context_tokens": inp + out, "output_tokens": out,
                          "min_decode_tokens_per_s": w.st.min_tokens_per_s,
                          "max_time_to_first_token_ms": w.st.max_ttft_ms}
    rec = w.recommend(**kw, gpus=[gid], top_n=TOP_N_MOST)
    if rec is None or not rec.options:
        return False
    one = next((o for o in rec.options if o.nodes == 1
                and o.performance.decode_tokens_per_s_per_user is not None
                and o.performance.time_to_first_token_ms is not None), None)
    if one is None:
        # every setup of it that meets the targets takes more than one machine: said so, and
        # the cheapest of those
        w.out.first = (w.out.first or "") + " " + w.say(
            "target_missed_none" + ("_which" if w.st.which_setup else ""), target=target,
            gpu=w.gpu_name(gid), n=w.n(NODE_GPUS))
        fleet = w.targets_fleet(gid, users) if w.targets_fleet is not None else None
        if fleet is not None:
            w.out.first += " " + fleet.text
            return fleet.per_user_tokens_per_s, fleet.time_to_first_token_ms
        return None
    p = one.performance
    assert p.decode_tokens_per_s_per_user is not None and p.time_to_first_token_ms is not None
    f = one.fit
    tp, pp = f.tensor_parallel_gpus or 1, f.pipeline_stages or 1
    lay = Layout(tensor=tp, pipeline=pp, data=max(f.replicas_per_node, 1),
                 expert=max(f.gpus_per_replica // (tp * pp), 1), reason="", considered=0,
                 candidates=[])
    named = w.layout_named(lay, one.offer.gpu_count, one.offer.gpu)
    w.offer_numbers(msgspec.structs.replace(rec, options=[one]))
    machine = w.say(
        "target_missed_machine" + ("_which" if w.st.which_setup else ""), target=target,
        setup=w.setup(one.offer.gpu_count, one.offer.gpu),
        layout=w.say("speed_layout_as_mid", layout=named) if named else "",
        weights=one.weights, tps=w.rate(p.decode_tokens_per_s_per_user),
        ms=w.n(p.time_to_first_token_ms), requests=w.requests(users),
        provider=one.offer.provider, hour=w.usd(one.cost.per_hour_usd),
        kind=w.kinds[one.pricing_model])
    lead = rec.options[0]
    fleet = w.targets_fleet(gid, users) if (
        lead.nodes > 1 and lead.cost.per_hour_usd < one.cost.per_hour_usd
        and w.targets_fleet is not None) else None
    # "which setup ...?": the cheapest that meets the targets first, where it takes several
    # machines, then the one machine that does
    fleet_text = fleet.text if fleet is not None else None
    said = (fleet_text, machine) if fleet is not None and w.st.which_setup \
        else (machine, fleet_text)
    w.out.first = " ".join((w.out.first or "", *(x for x in said if x)))
    if fleet is not None and w.st.which_setup:
        return fleet.per_user_tokens_per_s, fleet.time_to_first_token_ms
    return p.decode_tokens_per_s_per_user, p.time_to_first_token_ms


class _Lower(NamedTuple):
    """A precision smaller than the one answered at which the same GPUs meet a target: its
    sentence (``target_met_precision``), the precision answered, the smaller one, and its
    figures at the load (each user's tokens/s, the first token's ms, at a request rate what
    the setup serves and its ms per output token)."""

    said: str
    answered: str
    weights: str
    per_user: float
    ttft: float
    most: float | None = None
    tpot: float | None = None


YES_MIN_BITS = 4.0
"""The fewest bits per weight at which a smaller precision turns a No into a Yes: 4-bit
formats (AWQ, GPTQ, Q4_K_M) cost a small loss (catalog/precisions.toml), 3-bit and 2-bit
GGUF a noticeable to large one ("Is 60 tokens/s possible for Qwen2.5 7B on one L4?" read
"Yes, at q3_k_m"); below it the No stands and the precision that meets it is said after."""


def _yes_at_lower(w: _W, target: str, count: int, gid: str, lower: _Lower,
                  figures: dict[str, float | None]) -> bool:
    """A yes/no question (``Stated.yes_no``) with no precision stated whose target the
    answered precision misses on the GPUs named, where a smaller one they run meets it there
    (``lower``; or keeps up with a rate they do not, :func:`_keeps_up_lower`): the answer is
    Yes at that precision, its figures first, then the answered precision's No with its own
    ("Qwen2.5 7B at 1 req/s, TPOT under 20 ms, on one L40S, is that possible?" led "No:" at
    bf16, its fp8 on the same L40S meeting it said after; audit feasible22), and the
    precision's quality after it. The asked number becomes that precision's figure
    (``figures``, by quantity). False (the No stands, the precision said after it) where a
    precision was stated, no yes or no is asked, or the asked number has no figure there."""
    a = w.out.asked
    value = figures.get(a.quantity) if a is not None else None
    if (w.weights is not None or not w.st.yes_no or a is None or a.yes is None or value is None
            or not w.out.first or get_precision(lower.weights).bits_linear < YES_MIN_BITS):
        return False
    text = w.out.first
    if _leads_yes_no(w, text):  # the rate's own "No: at 2 requests/s ...": its No goes
        text = text.split(" ", 1)[1]
    # at a request rate, the figures the rate's answer gives (its TTFT, TPOT and what the
    # setup serves), the asked one among them; else each user's tokens/s and the TTFT
    rated = {} if lower.most is None or lower.tpot is None else {
        "tpot": w.n(lower.tpot, 1), "most": _rps(w, lower.most)}
    key = ("target_met_precision_yes_rate" if target else "rate_keeps_up_precision_yes") \
        if rated else "target_met_precision_yes"
    w.out.first = w.say(key,
                        weights=_weights_said(w, lower.weights), setup=w.setup(count, gid),
                        target=target, per_user=w.rate(lower.per_user), ttft=w.n(lower.ttft),
                        answered=lower.answered, text=_decap(w, text), **rated)
    quality = get_precision(lower.weights).quality.split("; ")[0]
    if quality:
        w.out.first += " " + w.say("target_precision_quality", p=lower.weights,
                                   quality=quality)
    w.out.asked = msgspec.structs.replace(a, value=value, yes=True)
    return True


def _target_precision(w: _W, gid: str, count: int, inp: int, out: int, users: int,
                      meets: Callable[[float, float], bool]) -> _Lower | None:
    """A target missed on the ``count`` GPUs stated: the largest precision smaller than the
    one answered (the largest that fits there: the model's own, else the first of
    :data:`_SMALLER` that fits, as the answer chose it) at which those same GPUs meet it,
    said before the count that does at the answered precision (audit ask_left2: 70B on 2
    H100 at 40 tokens/s per user named 4 H100 at bf16, where fp8 on the 2 makes 51.5):
    (that sentence, the answered precision), or None."""
    batch = users if users > 1 else None
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out, batch_size=batch)
    if r is not None and not r.fits_in_memory and w.weights is None:
        # the answer fell to the largest smaller precision that fits (70B at fp8 on one
        # H100): the ones below that are weighed (audit regress4 #5: none was)
        r = next((g for pid in _SMALLER
                  if (g := w.size(gpu=gid, gpu_count=count, input_tokens=inp,
                                  output_tokens=out, batch_size=batch, weights=pid)) is not None
                  and g.fits and g.runs is not False), None)
    if r is None or not r.fits_in_memory or w.out.first is None:
        return None
    answered = r.weights

    def met(pid: str) -> _Lower | None:
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=batch, weights=pid)
        if (got is None or got.runs is False or not got.fits_in_memory or got.performance is None
                or _impossible(got)):
            return None
        p = got.performance
        per_user = p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s
        if not per_user or not meets(per_user, p.time_to_first_token_ms or 0.0):
            return None
        return _Lower(w.say("target_met_precision", weights=_weights_said(w, pid),
                            setup=w.setup(count, gid), per_user=w.rate(per_user),
                            ttft=w.n(p.time_to_first_token_ms or 0.0)), answered, pid,
                      per_user, p.time_to_first_token_ms or 0.0)

    # the largest that meets it: a smaller one is said no more
    first = _first_lower(_SMALLER, answered, met)
    return None if first is None else first[1]


def _rate_precision(w: _W, gid: str, count: int, rate: float, inp: int, out: int,
                    weights: str, meets: Callable[[float, float], bool],
                    load: float = 1.0) -> _Lower | None:
    """A target missed at a request rate on the ``count`` GPUs named at ``weights``: the
    largest precision smaller than it that they run (the kernels' rules: ``runs``), that
    fits there, keeps up with the rate (at most ``load`` of what it serves: HEADROOM_LOAD
    where the rate's own yes or no is asked, as the count answer counts) and meets the
    target at it, as :func:`_target_precision` weighs one for users; or None."""
    def met(pid: str) -> _Lower | None:
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     weights=pid, request_rate_per_s=rate)
        p = got.performance if got is not None else None
        if (got is None or p is None or got.runs is False or not got.fits_in_memory
                or _impossible(got)
                or not p.max_requests_per_s or rate > load * p.max_requests_per_s * (1 + 1e-9)
                or p.time_to_first_token_ms is None or not p.time_per_output_token_ms):
            return None
        per_user, ttft = 1000 / p.time_per_output_token_ms, p.time_to_first_token_ms
        if not meets(per_user, ttft):
            return None
        return _Lower(w.say("target_met_precision", weights=_weights_said(w, pid),
                            setup=w.setup(count, gid), per_user=w.rate(per_user),
                            ttft=w.n(ttft)), weights, pid, per_user, ttft,
                      p.max_requests_per_s, p.time_per_output_token_ms)

    first = _first_lower(_SMALLER, weights, met)
    return None if first is None else first[1]


def _switch_left(w: _W, r: SizingResult, gid: str, count: int, inp: int, out: int,
                 users: int) -> None:
    """The figures at the precision a switch leaves ("fp8 instead of bf16", "de la bf16 la
    fp8": ``Stated.weights_left``) on the same setup at the same load, in one sentence after
    the ones at the precision taken (audit buyer17b #2: bf16's were the only ones); none where
    the answer is not at the precision taken or the one left does not fit or run there."""
    left = w.st.weights_left
    if left is None or w.ex.weights is None or r.weights != w.ex.weights or left == r.weights:
        return
    g = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
               batch_size=users if users > 1 else None, weights=left)
    if g is None or g.weights != left or not g.fits_in_memory or g.runs is False:
        return
    p = g.performance
    tps = None if p is None else p.output_tokens_per_s_per_user if users > 1 \
        else p.decode_tokens_per_s
    if p is None or not tps or not p.time_to_first_token_ms:
        return
    if users > 1:
        w.out.more.append(w.say("switch_left_users", left=left, tps=w.rate(tps),
                                total=w.rate(p.output_tokens_per_s or 0.0),
                                ttft=w.n(p.time_to_first_token_ms)))
    else:
        w.out.more.append(w.say("switch_left_one", left=left, tps=w.rate(tps),
                                ttft=w.n(p.time_to_first_token_ms)))


def _running(r: SizingResult) -> int:
    """The requests ``r``'s setup runs at once: what its KV cache holds at their full context
    (``max_batch_size_in_memory``), at most what the engine admits (the performance's
    ``max_concurrency``: KV admission at their actual context, at most max_num_seqs per
    replica, catalog/engines.toml; vLLM's max_num_seqs is the most sequences one iteration
    processes, https://docs.vllm.ai/en/v0.10.2/api/vllm/config/scheduler.html)."""
    held = r.max_batch_size_in_memory or 0
    conc = r.performance.max_concurrency if r.performance is not None else None
    return min(held, conc) if held and conc else held


def _users_queue(w: _W, r: SizingResult) -> bool:
    """Users stated whom the model's own precision serves with some of them waiting: its
    weights and at least one request fit, and the sizing timed the load with the engine
    admitting what its KV cache holds and queueing the rest (sizing's ``queued``). They queue
    at that precision rather than having it lowered for them (continuous batching admits
    requests while KV blocks and max_num_seqs allow and the rest wait,
    https://docs.vllm.ai/en/latest/models/performance.html); a lower precision is offered
    beside it (:func:`_users_lower`). It was lowered for all of them to fit at once: bf16 at
    300 users of Llama 3.1 70B on 8 x H100, fp8 at 350, awq-int4 at 400, bf16 again at 500."""
    users = w.ex.concurrent_requests
    return bool(users and users > 1 and w.model is not None and w.model.kind == "llm"
                and r.max_batch_size_in_memory and r.performance is not None
                and r.runs is not False)


def _queue_ttft_ms(ttft_h: float, tpot_h: float, out: int, users: int, held: int) -> float:
    """The time to first token ``users`` see where ``held`` run at once, the queue's wait
    included: Little's law for the closed loop (``held`` in the system, each cycle one
    request's whole time), as the sizing counts users past the admission cap."""
    cycle_s = (ttft_h + (out - 1) * tpot_h) / 1000
    return ttft_h + (users - held) / (held / cycle_s) * 1000


def _users_lower(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                 out: int, users: int) -> None:
    """After the users that wait at the model's own precision (no precision stated): the
    largest lower precision that runs there (:data:`_FALLBACK_PRECISIONS`, the order the
    speed answer once fell back in) as an alternative, with how many of the users it runs
    at once, each one's tokens/s and the time to first token at that load (the queue's wait
    included, :func:`_queue_ttft_ms`), its weight-only note where the GPU runs it so."""
    if w.weights is not None or w.model is None or w.model.kind != "llm":
        return

    def runs(pid: str) -> tuple[SizingResult, int, Performance] | None:
        """The sizing at ``users``, the users held at once and the performance at them."""
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=users, weights=pid)
        if (got is None or got.runs is False or not got.max_batch_size_in_memory
                or got.performance is None):
            return None
        held = min(users, _running(got))
        at = got if held >= users else w.size(gpu=gid, gpu_count=count, input_tokens=inp,
                                               output_tokens=out, batch_size=held, weights=pid)
        p = at.performance if at is not None else None
        if (p is None or not p.output_tokens_per_s_per_user or not p.output_tokens_per_s
                or not p.time_to_first_token_ms or not p.time_per_output_token_ms):
            return None
        return got, held, p

    first = _first_lower(_FALLBACK_PRECISIONS, r.weights, runs)
    if first is None:
        return
    pid, (got, held, p) = first
    assert p.time_to_first_token_ms and p.time_per_output_token_ms  # (runs tested them)
    ttft = (p.time_to_first_token_ms if held >= users else
            _queue_ttft_ms(p.time_to_first_token_ms, p.time_per_output_token_ms, out,
                           users, held))
    w.out.more.append(w.say(
        "speed_users_lower_all" if held >= users else "speed_users_lower_held",
        p=pid, p0=r.weights, setup=setup, users=w.n(users), held=w.n(held),
        rest=w.n(users - held), per_user=w.rate(p.output_tokens_per_s_per_user or 0.0),
        total=w.rate(p.output_tokens_per_s or 0.0), ttft=w.n(ttft)))
    if (weight_only := w.weight_only_said(got, gid)) is not None:
        w.out.more.append(weight_only)


def _latency_layout(w: _W, r: SizingResult, gid: str, count: int, inp: int, out: int,
                    users: int) -> SizingResult:
    """A time per output token or to the first token asked at ``users`` on ``count`` GPUs
    (``w.sub`` "tpot" or "ttft"): the sizing of the layout of those GPUs with the shortest
    one, of those that run every user at once; ``r`` (the sizing's own layout) where none is
    shorter. The sizing's layout search takes the fewest GPUs per replica whose TTFT and TPOT
    stay within ``LOAD_SLACK`` of the best layout's (replicas add throughput), not the
    shortest latency asked: Llama 3.1 70B fp8 on 4 x H100 at 64 requests was answered 32.1 ms
    per output token for two TP2 replicas, unnamed, where one TP4 replica gives 27.7 ms (audit
    buyer24b #12). Each width of replica is sized at its search's best layout (the first
    ``layout.candidates`` row of that width that fits: the ranked rows, sizing.layout), with
    ``parallelism`` set, as /v1/sizing sizes a layout asked."""
    lay, m = r.layout, w.model
    if (w.sub not in ("tpot", "ttft") or count < 2 or lay is None or lay.fixed
            or m is None or m.kind != "llm"):
        return r

    def latency(x: SizingResult | None) -> float | None:
        p = x.performance if x is not None else None
        if (x is None or p is None or not x.fits_in_memory or x.runs is False
                or _running(x) < users):
            return None
        return (p.time_per_output_token_ms if w.sub == "tpot" else p.time_to_first_token_ms) \
            or None

    best, shortest = r, latency(r)
    widths = {lay.pipeline * max(lay.tensor, lay.expert)}
    for c in lay.candidates:
        width = c.pipeline * max(c.tensor, c.expert)
        if width in widths or not c.fits or c.data > users:
            continue
        widths.add(width)
        alt = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=users, weights=r.weights,
                     parallelism={"tensor": c.tensor, "pipeline": c.pipeline, "data": c.data,
                                  "expert": c.expert})
        v = latency(alt)
        # (shorter by more than rounding: a tie keeps the sizing's own layout)
        if alt is not None and v is not None and (shortest is None or v < shortest * 0.995):
            best, shortest = alt, v
    return best


def _layout_as(w: _W, r: SizingResult, count: int, key: str) -> str:
    """", run as 2 replicas of 2 GPUs each (tensor parallel 2)," after the setup of a
    latency's lead (``key`` the connector's message), "" on one GPU."""
    named = w.layout_named(r.layout, count, r.gpu.id if r.gpu is not None else None)
    return w.say(key, layout=named) if named else ""


def _own_layout(w: _W, own: SizingResult, r: SizingResult, count: int) -> None:
    """After a latency led on the layout with the shortest one (:func:`_latency_layout`),
    the figure on the layout the sizing picks for that load (``own``), named, with its rule;
    nothing where they are the same."""
    p = own.performance
    if own is r or p is None:
        return
    value = p.time_per_output_token_ms if w.sub == "tpot" else p.time_to_first_token_ms
    if not value:
        return
    gid = own.gpu.id if own.gpu is not None else None
    w.out.more.append(w.say(f"speed_layout_best_{w.sub}",
                            layout=w.layout_named(own.layout, count, gid),
                            value=w.n(value, 1 if w.sub == "tpot" else 0),
                            slack=w.n(LOAD_SLACK, 1)))


def _speed_users(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                 users: int, out: int = ASK_OUTPUT_TOKENS) -> bool:
    """The speed at the stated load: ``users`` requests at once, each user's and the whole
    setup's tokens/s; when fewer fit in memory, how many do (and their speed at that load)
    and how many GPUs hold them all."""
    assert w.model is not None
    # a latency asked on a count: the layout with the shortest one, named, and the sizing's
    # own beside it where that is another (audit buyer24b #12)
    own = r
    latency = w.sub in ("tpot", "ttft") and count > 1
    if latency:
        r = _latency_layout(w, r, gid, count, inp, out, users)
        if r is not own:
            w.record(r, inp + out)
    held = _running(r)
    # more users than run at once (the KV cache at their full context, or the engine's
    # max_num_seqs, holds fewer): the ones that run and the ones that wait, at the model's
    # own precision (it was "342 run at once" beside "at full load ... 256 requests at once")
    queued = users > held
    run_but = False  # "Yes, but" some wait (:func:`_users_run_but`)
    at = r
    if queued:
        again = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=held)
        if again is None or not again.fits_in_memory:
            return False
        at = again
    p = at.performance
    if p is None or not p.output_tokens_per_s_per_user or not p.output_tokens_per_s:
        return False
    common = {"users": w.n(users), "model": w.model.name, "weights": at.weights,
              "setup": setup, "per_user": w.rate(p.output_tokens_per_s_per_user),
              "total": w.rate(p.output_tokens_per_s), "ctx": w.n(inp + out)}
    lay = at.layout if latency else None
    # one request alone on the layout the latency is for (the sizing's own for one request
    # is one replica over every GPU: 12.5 ms beside 2 x TP2's 32.1 ms, two layouts unsaid)
    alone = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   weights=at.weights,
                   parallelism=None if lay is None else {
                       "tensor": lay.tensor, "pipeline": lay.pipeline, "data": lay.data,
                       "expert": lay.expert})
    one = alone.performance if alone is not None and alone.performance is not None else None
    # the layout the latency is for, named after the setup ("", one GPU)
    as_mid = _layout_as(w, at, count, "speed_layout_as_mid") if latency else ""
    if not queued and w.sub == "ttft" and p.time_to_first_token_ms:
        # a time to first token asked: the one at the stated load leads, one request
        # alone after it
        w.out.first = w.say("speed_ttft_users", ttft=w.n(p.time_to_first_token_ms),
                            inp=w.n(inp), alone=w.n(one.time_to_first_token_ms or 0)
                            if one is not None else "?", layout=as_mid, **common)
        w.ask("time_to_first_token_ms", p.time_to_first_token_ms, "ms")
        _own_layout(w, own, r, count)
    elif not queued and w.sub == "tpot" and p.time_per_output_token_ms:
        w.out.first = w.say("speed_tpot_users", tpot=w.n(p.time_per_output_token_ms, 1),
                            alone=w.n(one.time_per_output_token_ms or 0, 1)
                            if one is not None else "?", layout=as_mid, **common)
        w.ask("time_per_output_token_ms", p.time_per_output_token_ms, "ms")
        _own_layout(w, own, r, count)
    elif (not queued and w.sub == "request_time" and p.time_to_first_token_ms
          and p.time_per_output_token_ms):
        # one request's whole time at the stated load ("how long does one request take on
        # 8B on an H100 for 16 users?"): TTFT + output x TPOT at that load
        total_s = _request_latency_s(p.time_to_first_token_ms, p.time_per_output_token_ms, out)
        w.out.first = w.say("speed_request_time_load", time=w.duration(total_s / 3600),
                            ttft=w.n(p.time_to_first_token_ms), rest=w.n(max(out - 1, 0)),
                            tpot=w.n(p.time_per_output_token_ms, 1), inp=w.n(inp),
                            out=w.n(out), **common)
        w.ask("request_latency_s", total_s, "s")
    elif not queued and w.sub == "throughput":
        # the total asked ("total throughput with 50 users"): the setup's tokens/s leads
        w.out.first = w.say("speed_users_total", **common)
        w.ask("output_tokens_per_s", p.output_tokens_per_s, "tokens/s")
        _users_mean(w, p, users, out, common)
    elif not queued:
        w.out.first = w.say("speed_users_all", **common)
        w.ask("output_tokens_per_s_per_user", p.output_tokens_per_s_per_user, "tokens/s")
        _users_mean(w, p, users, out, common)
    else:
        held_text = w.say("speed_users_held", held=w.n(held), rest=w.n(users - held), **common)
        ttft_h, tpot_h = p.time_to_first_token_ms, p.time_per_output_token_ms
        if w.sub == "ttft" and ttft_h and tpot_h:
            ttft_q = _queue_ttft_ms(ttft_h, tpot_h, out, users, held)
            w.out.first = w.say("speed_ttft_queue", ttft=w.n(ttft_q), held=w.n(held),
                                ttft_held=w.n(ttft_h), rest=w.n(users - held),
                                layout=_layout_as(w, at, count, "speed_layout_as"),
                                **{k: common[k] for k in ("users", "model", "weights",
                                                          "setup")})
            w.ask("time_to_first_token_ms", ttft_q, "ms")
            w.out.more.append(held_text)
        elif w.sub == "tpot" and tpot_h:
            # the time per output token asked: that of the requests that run (``held`` at
            # once), and how many wait; a waiting request decodes at the same pace once
            # admitted, its wait being in the time to first token (it led with the count
            # held and never gave the TPOT)
            w.out.first = w.say("speed_tpot_queue", tpot=w.n(tpot_h, 1), held=w.n(held),
                                rest=w.n(users - held),
                                layout=_layout_as(w, at, count, "speed_layout_as"),
                                **{k: common[k] for k in ("users", "model", "weights",
                                                          "setup")})
            w.ask("time_per_output_token_ms", tpot_h, "ms")
            w.out.more.append(held_text)
        elif w.st.run_asked and not w.st.fit_word and ttft_h and tpot_h:
            # "can I run it ..., and how fast for 8 users?": it runs, some wait: "Yes, but"
            # with what holds them all and each user's speed and first token at that load,
            # the wait included (audit canrun23: "No: ... holds only 6 of the 8"); "does it
            # fit for 10 users?" keeps its No below
            w.out.first = _users_run_but(w, gid, count, inp, out, users, held, at.weights,
                                         p, _queue_ttft_ms(ttft_h, tpot_h, out, users, held),
                                         setup)
            w.ask("output_tokens_per_s_per_user", p.output_tokens_per_s_per_user, "tokens/s",
                  yes=True)
            _users_lower(w, r, gid, count, setup, inp, out, users)
            run_but = True
        else:
            w.out.first = held_text
            if w.st.yes_no or w.st.fit_word:
                # a yes or no asked ("can it serve 50 users?", "... does it fit and how
                # fast for 10 users?"): No, it holds that many at once
                w.ask("max_batch_size", held, "requests", yes=False)
            elif w.sub == "throughput":
                # the total asked at more users than run: that of the requests that run
                w.ask("output_tokens_per_s", p.output_tokens_per_s, "tokens/s")
            else:
                # a speed asked, no yes or no ("tokens per second ... at 50 concurrent
                # users"): each user's tokens/s of the requests that run, as the sentence
                # gives it, with no "No:" before it (it asked max_batch_size, yes false)
                w.ask("output_tokens_per_s_per_user", p.output_tokens_per_s_per_user,
                      "tokens/s")
    if queued and not run_but:
        # (the requests as this answer sizes them, the output stated included)
        got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users, inp,
                                  images=w.st.images_per_request, output_tokens=out,
                                  engine=w.engine())
        if got is not None:
            w.out.more.append(w.say("speed_users_need", users=w.n(users), n=w.n(got[0]),
                                    gpu=w.gpu_name(gid), replicas=w.replicas(got[1]),
                                    per_replica=w.gpus_per_replica(got[2], gid)))
        _users_lower(w, r, gid, count, setup, inp, out, users)
    if r.fits_in_memory:
        # (the whole load's figures, the wait of those past max_num_seqs in the first token)
        rp = r.performance or p
        _switch_left(w, r, gid, count, inp, out, users)
        _target_verdict(w, gid, count, inp, out, users,
                        rp.output_tokens_per_s_per_user or p.output_tokens_per_s_per_user,
                        rp.time_to_first_token_ms or 0.0)
    elif w.st.min_tokens_per_s and not w.st.max_ttft_ms:
        # each user's speed asked as a target ("ITL < 50 ms for 50 users") with more users
        # than the memory holds: the requests that run against it (their wait is in the
        # first token, said above); missed, the fewest that meet it at the whole load. It was
        # dropped: 62.4 ms per token said, the 50 ms asked never weighed.
        if p.output_tokens_per_s_per_user >= w.st.min_tokens_per_s:
            w.out.first += " " + w.say("target_met", target=w.targets_said())
        else:
            _target_verdict(w, gid, count, inp, out, users, p.output_tokens_per_s_per_user,
                            p.time_to_first_token_ms or 0.0)
    if one is not None and one.decode_tokens_per_s:
        # each figure labelled with the load it is for: one request alone, then the
        # stated load, then full load
        # the requests full load runs beside those said to run at once: the KV cache admits
        # them at their average context (prompt and half the output, paged blocks:
        # sizing.serving.kv_admission), the count held at their full context ("holds only 38
        # ... at full load ... with 41 requests at once" read as two answers to one question)
        avg_ctx = queued and bool(p.max_concurrency) and (p.max_concurrency or 0) > held
        w.out.more.append(w.say(
            # the load full load is: its total was a third, unexplained one (audit buyer19 #11)
            "speed_alone_load_conc_avg" if avg_ctx
            else "speed_alone_load_conc" if p.max_concurrency else "speed_alone_load",
            tps=w.rate(one.decode_tokens_per_s),
            tpot=w.n(one.time_per_output_token_ms or 1000 / one.decode_tokens_per_s, 1),
            ttft=w.n(one.time_to_first_token_ms or 0),
            users=w.n(held if queued else users),
            per_user=w.rate(p.output_tokens_per_s_per_user),
            tpot_load=w.n(p.time_per_output_token_ms or 0, 1),
            ttft_load=w.n(p.time_to_first_token_ms or 0),
            thr=w.n(p.max_throughput_tokens_per_s or 0), conc=w.n(p.max_concurrency or 0),
            held=w.n(held), ctx=w.n(inp + out), avg=w.n(inp + max(out, 1) / 2)))
    w.sized_warnings(at, inp + out)
    return True


def _users_run_but(w: _W, gid: str, count: int, inp: int, out: int, users: int, held: int,
                   weights: str, p: Performance, ttft: float, setup: str) -> str:
    """"Can I run it ... for N users?" where ``held`` of them run at once and the rest wait:
    "Yes, but only ``held`` of the N at once", with the fewest of the GPU that hold them all
    (:func:`gpu_count_for_users`, as :func:`_speed_users` counts them) or an fp8 KV cache where
    the sizing holds them all with one on the same setup (its own queueing warning offers the
    same way, sizing.sizing), then each user's tokens/s and the first token at that load, the
    queue's wait included (``ttft``)."""
    assert w.model is not None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users, inp,
                              images=w.st.images_per_request, output_tokens=out,
                              engine=w.engine())
    kv = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                batch_size=users, weights=weights, kv_cache="fp8")
    kv_holds = (kv is not None and kv.kv_cache == "fp8" and kv.runs is not False
                and _running(kv) >= users)
    need = ""
    if got is not None:
        need = w.say("speed_users_run_need", users=w.n(users), n=w.n(got[0]),
                     gpu=w.gpu_name(gid),
                     kv=w.t["speed_users_run_kv"] if kv_holds else "")
    elif kv_holds:
        need = w.say("speed_users_run_need_kv", users=w.n(users))
    return w.say("speed_users_held_run", held=w.n(held), users=w.n(users),
                 rest=w.n(users - held), ctx=w.n(inp + out), model=w.model.name,
                 weights=weights, setup=setup, need=need,
                 per_user=w.rate(p.output_tokens_per_s_per_user or 0.0), ttft=w.n(ttft))


def _users_mean(w: _W, p: Performance, users: int, out: int, common: dict[str, str]) -> None:
    """Why the total at a load is less than the users times each user's tokens/s: the speed
    per user is while a reply is written (1000 / TPOT), the total counts each request's wait
    for its first token too (users x output tokens per whole request). "20.1 tokens/s per
    user, 965 tokens/s in total" at 50 users read as 1,005 (audit buyer19 #11)."""
    per_user, total = p.output_tokens_per_s_per_user, p.output_tokens_per_s
    if not per_user or not total or users < 2 or not p.time_to_first_token_ms:
        return
    mean = total / users
    if round(users * per_user) <= round(total):
        return
    w.out.more.insert(0, w.say("speed_users_mean", ttft=w.n(p.time_to_first_token_ms),
                               out=w.n(out), cycle=w.n(out / mean, 1), mean=w.rate(mean),
                               **common))


def _speed_other_engine(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                        out: int, first: str) -> None:
    """The speed asked with an engine that does not run on the GPU: that said (``first``),
    then the speed with the first other engine that runs the model there (as
    :func:`_other_engine` picks it), or why it gives none."""
    assert w.model is not None
    w.out.first = first
    alt = _other_engine(w, r, gid, count, input_tokens=inp, output_tokens=out,
                        batch_size=w.ex.concurrent_requests)
    perf = alt.performance if alt is not None and alt.fits_in_memory else None
    if alt is not None and perf is not None and perf.decode_tokens_per_s:
        w.record(alt, inp + out)
        tps = perf.decode_tokens_per_s
        w.out.more.append(w.say("speed_engine_alt", alt=w.engine_name(alt.engine),
                                model=w.model.name, weights=alt.weights, setup=setup,
                                tps=w.rate(tps), inp=w.n(inp), out=w.n(out)))
        w.ask("decode_tokens_per_s", tps, "tokens/s", yes=False)
    else:
        w.record(r, inp + out)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        if alt is None:
            w.out.more.append(w.say("fits_engine_alt_none", model=w.model.name,
                                    gpu=w.gpu_name(gid)))
        else:
            w.out.more.append(w.say(w.on("fits_engine_alt_nofit", gid),
                                    alt=w.engine_name(alt.engine),
                                    model=w.model.name, weights=alt.weights, setup=setup,
                                    need=w.gib(alt.memory.per_gpu_gib), cap=w.gib(w.cap(alt))))
    for x in r.warnings:
        w.core_warn(x)


def _speed_cannot_run(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                      out: int) -> bool:
    """The engine has no kernel for the precision asked on that GPU (fp8 on a V100): say it
    cannot run, then the speed at the nearest precision that runs there, said so."""
    assert w.model is not None and r.gpu is not None
    p0 = find_precision(r.weights)
    gpu = w.reg.gpus[gid]
    if p0 is None or r.engine not in w.reg.engines.ids:
        return False
    first = _no_platform(w, r, gpu)
    if first is not None:
        # not the precision: the engine does not run on that GPU at all (vLLM on a P100)
        _speed_other_engine(w, r, gid, count, setup, inp, out, first)
        return True
    lookup = {x.id: x for x in PRECISIONS}
    near = w.reg.kernels.nearest_supported(r.engine, p0, gpu, lookup)
    again = None
    first_miss: SizingResult | None = None  # the nearest that runs, when it does not fit
    tried = [near.id] if near is not None else []
    tried += [pid for pid in _SMALLER if pid not in tried and pid != p0.id]
    for pid in tried:
        q = lookup.get(pid)
        if q is None or not w.reg.kernels.supported(r.engine, q, gpu).ok:
            continue
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=w.ex.concurrent_requests, weights=pid)
        if got is None or got.runs is False:
            continue
        if (got.fits_in_memory and got.performance is not None
                and got.performance.decode_tokens_per_s):
            again = got
            break
        if first_miss is None:
            first_miss = got
    perf = again.performance if again is not None else None
    # the engine runs the precision on no GPU (llama.cpp and fp8, AWQ: GGUF files alone): its
    # rule said, never "the GPU has no kernel" (an RTX 4090 has FP8 tensor cores; audit
    # quantpairs #2), and the keys' "_engine" wording
    everywhere = w.reg.kernels.refused_everywhere(r.engine, p0)
    tail = "" if everywhere is None else "_engine"
    runs = "" if everywhere is None else everywhere.runs
    if again is None or not again.fits_in_memory or perf is None or not perf.decode_tokens_per_s:
        w.record(r, inp + out)
        w.out.first = w.say("speed_cannot_run" + tail, model=w.model.name, weights=r.weights,
                            setup=setup, engine=r.engine, runs=runs)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        w.sized_warnings(r, inp + out)
        return True
    w.record(again, inp + out)
    tps = perf.decode_tokens_per_s
    w.out.first = w.say("speed_cannot_run_near" + tail, model=w.model.name, weights=r.weights,
                        setup=setup, engine=r.engine, near=again.weights, tps=w.rate(tps),
                        inp=w.n(inp), out=w.n(out), runs=runs)
    if first_miss is not None and first_miss.gpu is not None:
        w.out.first = w.say("speed_cannot_run_other" + tail, model=w.model.name,
                            weights=r.weights, runs=runs,
                            setup=setup, engine=r.engine, near=first_miss.weights,
                            need=w.gib(first_miss.memory.per_gpu_gib),
                            cap=w.gib(w.cap(first_miss)), p=again.weights, tps=w.rate(tps),
                            inp=w.n(inp), out=w.n(out))
    w.ask("decode_tokens_per_s", tps, "tokens/s", yes=False)
    w.out.more.append(w.say("speed_more", tps=w.rate(tps),
                            tpot=w.n(perf.time_per_output_token_ms or 1000 / tps, 1),
                            ttft=w.n(perf.time_to_first_token_ms or 0),
                            thr=w.n(perf.max_throughput_tokens_per_s or tps)))
    for x in r.warnings:
        w.core_warn(x)
    w.sized_warnings(again, inp + out)
    return True
