"""GPU-count answers: how many GPUs (and machines) for a model under users or a request rate,
and the interconnect a split model needs."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace as dc_replace
from functools import partial
from typing import Any, NamedTuple

import msgspec

from service.domain.answer.core_warnings import ttft_floor
from service.domain.answer.numbers.context import (
    _FALLBACK_PRECISIONS,
    _SIZED_GPUS_MAX,
    _W,
    ASK_OUTPUT_TOKENS,
    FleetSaid,
    RateSetups,
    _ctx,
    _first_lower,
    _impossible,
    _kv_how,
    _kv_step_type,
    _no_platform,
    _other_engine,
    _out,
    _prompt,
    _rps,
    fewest_holding,
    gpu_count_for_users,
    gpus_for_rate,
)
from service.domain.answer.numbers.cost import (
    _bare_holds,
    _nodes_cost_lead,
    _request_prompt,
    _requests_said,
)
from service.domain.answer.numbers.jobs import _deadline_count, _job_deadline, _work_rate
from service.domain.answer.numbers.prices import (
    _short_source,
    _weights_said,
    rate_setup,
    rate_weights,
)
from service.domain.answer.numbers.speed import (
    YES_MIN_BITS,
    _fastest_stream,
    _target_at_load,
    rate_target,
)
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.precisions import PRECISIONS, get_precision
from service.domain.catalog.trust import price_date_words
from service.domain.recommend.context import (
    DEFAULT_DECODE_TOKENS_PER_S,
    FAST_NETWORKS,
    default_ttft_ms,
)
from service.domain.recommend.options import LONG_TTFT_MS
from service.domain.recommend.types import MONTH_DAYS, Option, Recommendation
from service.domain.sizing.efficiency import NO_NVLINK
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from service.domain.sizing.sizing import (
    COUNTS,
    HEADROOM_LOAD,
    FitRow,
    SizingResult,
    default_weights,
    listed_in_fits_on,
    setups_for,
    sized_from_entry,
)
from service.domain.sizing.speed import Performance

_OUT = ASK_OUTPUT_TOKENS
"""Each request's output where none is stated: the one default load of every answer
(:data:`~service.domain.answer.numbers.context.ASK_CONTEXT_TOKENS`, 3,584 in and 512 out)."""


def _gpu_count(w: _W) -> None:
    if w.model is None:
        return
    # the variants weighed at the precision the count leads with (the model's own unless one
    # is asked): at the recommendations' own choice the 80GB at int8 led a bf16 count
    _bare_holds(w, sized=True)
    gid, _ = w.card()
    if gid is not None and w.model.kind == "llm" and not w.engine():
        _runs_there(w, gid)  # what the GPU runs: int4 on a V100 is gptq-int4, a P100 llama.cpp
    if _work_rate(w, gid):  # an image, speech or embedding model's rate
        return
    if w.st.deadline_hours and _job_count(w, gid):  # a job's size with a deadline
        return
    if w.st.request_rate_per_s and w.model.kind == "llm" and _gpu_count_rate(w, gid):
        return
    if w.model.kind == "llm" and w.model.task != "embed" and _gpu_count_tokens(w, gid):
        return
    users = w.ex.concurrent_requests
    if (users and users > 1 and w.model.kind == "llm" and not w.ex.gpu_count
            and (w.st.min_tokens_per_s or w.st.max_ttft_ms) and _gpu_count_targets(w, gid, users)):
        return
    if ((users or 1) <= 1 and w.model.kind == "llm" and w.model.task != "embed"
            and not w.ex.gpu_count and (w.st.min_tokens_per_s or w.st.max_ttft_ms)
            and _gpu_count_target(w, gid)):
        return
    if users and users > 1 and w.model.kind == "llm":
        # each request's prompt (3,584 tokens unless stated) and its output (512 unless
        # stated): "500 token prompts and 200 token answers" were sized as 500 + 512 = 1,012
        # tokens, the output stated dropped (audit buyer19 #1)
        ctx = _prompt(w, _out(w))
        if gid is not None:
            got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users,
                                      ctx, across_nodes=True, images=w.st.images_per_request,
                                      output_tokens=_out(w), engine=w.engine())
            r = w.size(input_tokens=ctx, output_tokens=_out(w))
            if got is None and r is not None and _gpu_count_users_none(w, gid, users, ctx, r):
                return
            if got is not None and r is not None:
                n, replicas, per, batch = got
                w.record(r, ctx + _out(w))
                # the precision said is the one that GPU runs (a bf16 model on T4s or V100s
                # runs fp16, as the count was sized), not the model's own
                on = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=_out(w))
                if on is not None and on.weights != r.weights:
                    r = msgspec.structs.replace(r, weights=on.weights)
                if (per > NODE_GPUS and not w.ex.gpu_count
                        and _gpu_count_users_nodes(w, gid, users, ctx, got)):
                    return
                # a count stated ("can I serve ... on 4x L40S"), or one GPU asked about
                # ("can an H100 serve 100 users", "poate un H100 să servească"): yes or no
                # for it, the fewest that hold every user at once beside it
                have = w.ex.gpu_count or (1 if w.st.yes_no and w.st.gpu_one else 0)
                if have:
                    common = {"setup": w.setup(have, gid), "users": w.n(users),
                              "model": w.model.name, "weights": r.weights, "n": w.n(n),
                              "gpu": w.gpu_name(gid), "replicas": w.replicas(replicas),
                              "per_replica": w.gpus_per_replica(per, gid),
                              "batch": w.requests(batch, "count"), "ctx": w.n(ctx + _out(w))}
                    if w.sub == "need":
                        # "do I need 2 H100 for 100 users?": a No only when fewer than 2 do;
                        # more needed is a yes, and more (with what the 2 hold, in whole
                        # replicas of the layout found)
                        held = (w.say("gpu_count_users_held", setup=common["setup"],
                                      held=w.n(have // per * batch))
                                if n > have and have >= per else "")
                        key = ("gpu_count_users_need_more" if n > have
                               else "gpu_count_users_need_yes" if n == have
                               else "gpu_count_users_need_no")
                        w.out.first = w.say(key, have=w.n(have), held=held, **common)
                        w.ask("gpu_count", n, "GPUs", yes=n >= have)
                        _users_replica(w, gid, users, ctx, got)
                        return
                    lower = _users_lower(w, gid, have, users, ctx, r.weights) \
                        if n > have else None
                    if lower is not None and w.weights is None:
                        _users_lower_yes(w, gid, have, users, ctx, lower, common)
                        return
                    w.out.first = w.say(
                        "gpu_count_users_yes" if n <= have else "gpu_count_users_no", **common)
                    w.ask("gpu_count", n, "GPUs", yes=n <= have)
                    _users_replica(w, gid, users, ctx, got)  # a yes with a slow first token
                    if lower is not None:  # a precision stated: its No, the smaller one after
                        w.out.more.append(w.say("gpu_count_users_lower_after",
                                                **_lower_figures(w, lower),
                                                setup=common["setup"], users=w.n(users)))
                    return
                if _users_targets_lead(w, gid, users, ctx, got, r.weights):
                    return
                w.out.first = w.say("gpu_count_users", users=w.n(users), model=w.model.name,
                                    weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                                    replicas=w.replicas(replicas),
                                    per_replica=w.gpus_per_replica(per, gid),
                                    batch=w.requests(batch, "count"), ctx=w.n(ctx + _out(w)))
                w.ask("gpu_count", n, "GPUs")
                _users_replica(w, gid, users, ctx, got)
                _count_month(w, gid, n, r.weights, users, ctx + _out(w))
                return
        # no GPU named: the recommendation for the load as the cost answer and
        # /v1/recommendations read it (a context of 4,096 tokens unless one is stated, 512
        # of them out, each as stated): "top-ranked option" and "cheapest option" named
        # different setups. "500 token prompts, 200 tokens out" was 1,024 tokens (the floor
        # every answer's context had, audit buyer18b #5), then 500 in and 512 out
        out = _out(w)
        inp = _prompt(w, out)
        rec = w.recommend(workload="serving", concurrent_requests=users,
                          context_tokens=inp + out, output_tokens=out)
        if rec is not None and rec.options:
            o = rec.options[0]
            w.offer_numbers(rec)
            n = o.offer.gpu_count * o.nodes
            # the recommendations rank price weighed by the weights' quality: the lead is
            # called the cheapest only when none ranked after it without a commitment costs
            # less an hour, listed or not (as the cost and speed answers say it)
            ranked = w.lead_rank(o, rec.options[1:])
            at = "_at" if w.det.provider == o.offer.provider else ""
            w.out.first = w.say(("gpu_count_rec_ranked" if ranked else "gpu_count_rec") + at,
                                **(ranked or {}), users=w.n(users), model=w.model.name,
                                weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                                provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd))
            w.ask("gpu_count", n, "GPUs")
            _rec_load(w, o, inp, out)
            _setup_month(w, o)
            w.out.more.append(w.say("price_date", date=price_date_words(
                o.offer.as_of, o.offer.as_of_kind, w.t)))
            w.option_warnings(o)
            return
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None:
        return
    w.record(r, ctx)
    if gid is not None:
        row = next((f for f in r.fits_on if f.gpu == gid), None)
        runs = _count_on(w, gid, ctx, r) if row is None else None
        if runs is not None:  # at the precision the GPU runs (fp16 on a T4), said in warnings
            r, row = runs
            w.record(r, ctx)
        # a TPU or a Gaudi, which fits_on never lists: sized on it at 1, 2, 4 and 8, as
        # /v1/sizing sizes it (it went to the node search, and 16 x TPU v6e were said where 8
        # hold Llama 3.1 70B at bf16; buyer audit 25b #6)
        sized = (_count_unlisted(w, gid, ctx)
                 if row is None and not listed_in_fits_on(w.reg.gpus[gid]) else None)
        if sized is not None:
            r = sized
            w.record(r, ctx)
        if row is None and sized is None and _gpu_count_nodes(w, gid, ctx, r):
            return
        if row is None and sized is None:
            w.out.first = w.say("gpu_count_none", gpu=w.gpu_name(gid), model=w.model.name,
                                weights=r.weights, total=w.gib(r.memory.total_gib))
            w.ask("gpu_count", 0, w.count_unit(gid), yes=False)
            if r.fits_on:
                w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
            return
        least, each_gib = ((row.gpu_count, row.per_gpu_gib) if row is not None
                           else (r.gpu_count, r.memory.per_gpu_gib))
        w.out.first = w.say(w.on("gpu_count", gid, least), model=w.model.name,
                            weights=r.weights, n=w.n(least), gpu=w.gpu_name(gid),
                            setup=w.setup(least, gid), per=w.gib(each_gib), ctx=w.n(ctx))
        w.ask("gpu_count", least, w.count_unit(gid))
        _count_month(w, gid, least, r.weights, None, ctx)
        _eight_bit_count(w, gid, ctx, r.weights, least)  # after the price of the count said
    elif r.fits_on:
        least = min(f.gpu_count for f in r.fits_on)
        w.out.first = w.say("gpu_count_any_one" if least == 1 else "gpu_count_any",
                            model=w.model.name, weights=r.weights, n=w.n(least),
                            fits=w.fits_text(r, 4))
        w.ask("gpu_count", least, "GPUs")
    w.sized_warnings(r, ctx)




def _no_price(w: _W, gid: str) -> None:
    """A price asked beside the count of a GPU no offer lists (a TPU v5e, a Gaudi): said so
    after the count, never another GPU's price (the count answer said nothing of the price
    asked; buyer audit 25b #6)."""
    if not w.offers_for(gid) and gid not in w.region_missed:
        w.out.more.append(w.say(w.on("no_price", gid), gpu=w.gpu_name(gid)))


def _count_unlisted(w: _W, gid: str, ctx: int) -> SizingResult | None:
    """The fewest ``gid`` in one node (1, 2, 4 or 8) that hold the model, sized on it, for a
    GPU the sizing's ``fits_on`` never lists (a TPU, a Gaudi: ``listed_in_fits_on``), as
    /v1/sizing sizes it named; None where no node of it does (the node search answers)."""
    held = fewest_holding(lambda k: w.size(gpu=gid, gpu_count=k, input_tokens=ctx,
                                           output_tokens=0), COUNTS)
    return None if held is None else held[1]


def _eight_bit_count(w: _W, gid: str, ctx: int, weights: str, n: int) -> None:
    """After the count of ``gid`` at 16 bits: the fewest of it that hold the model at 8 bits,
    where fewer than ``n`` do ("16 x TPU v5e at bf16; at int8 it takes 8"; buyer audit 25b #6:
    the fit answer said the 8-bit count, the count answer none). fp8 where the GPU's kernels
    run it, else int8, as the fit answer's :func:`memory._eight_bit_no` takes them."""
    if get_precision(weights).bits_linear < 16 or n <= 1:
        return
    for pid in ("fp8", "int8"):
        k = 1
        while k < n:
            r = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0, weights=pid)
            if r is None or (r.runs is False and not _impossible(r)):
                return
            if _impossible(r):
                break  # the GPU's kernels do not run it: the next
            if r.fits:
                w.out.more.append(w.say(w.on("fits_takes", gid, k), n=w.n(k),
                                        gpu=w.gpu_name(gid), weights=r.weights,
                                        per=w.gib(r.memory.per_gpu_gib)))
                return
            k *= 2
        else:
            return  # the GPU runs it, and no fewer of it hold the model


class _UsersLower(NamedTuple):
    """A precision smaller than the one answered at which the GPUs named hold every user at
    once (:func:`_users_lower`): it, its count of that GPU (as :func:`gpu_count_for_users`
    counts it), one replica's sizing at its share of the users, and the largest precision
    between the two that the GPUs run but that does not hold them (with the requests it
    holds at once: 0 where the model does not fit), if any."""

    weights: str
    got: tuple[int, int, int, int]
    replica: SizingResult
    skipped: tuple[str, int] | None
    kv: str | None = None
    """The KV cache type it holds them with where that is the fix (the weights as answered,
    the cache in 8 bits: :func:`_kv_step_type`), else None (the engine's default cache)."""


def _users_lower(w: _W, gid: str, have: int, users: int, ctx: int, answered: str
                 ) -> _UsersLower | None:
    """ "Llama 3.1 70B on one H100 for 5 users, is that possible?": where ``have`` x ``gid``
    cannot hold ``users`` requests of ``ctx`` tokens (and the output) at once at
    ``answered`` (70B at bf16 takes 2 x H100), the largest of the fallback precisions
    (:data:`_FALLBACK_PRECISIONS`, as the speed, max-users and max-context answers fall back)
    below it, of at least :data:`YES_MIN_BITS` bits, that those GPUs run (the kernels'
    rules: ``runs``; fp8 on a T4 is skipped) and at which they hold them all at once
    (awq-int4: 1 x H100, 25 requests of 4,096 tokens; fp8 holds 1). None where none does or
    an engine was named (the count is sized on each precision's default engine).

    Before any smaller precision, ``answered`` with the KV cache in 8 bits where that holds
    them (:func:`_kv_step_type`, a smaller quality cost than quantizing the weights): Llama
    3.1 8B at 128k for 4 users on one H100 is 80.5 GiB at bf16 and 48.5 with an fp8 KV cache,
    where awq-int4 weights led (buyer audit 25b #8)."""
    if w.model is None or w.engine():
        return None
    model = w.scaled or w.model.id
    skipped: tuple[str, int] | None = None
    one = w.size(gpu=gid, gpu_count=have, input_tokens=ctx, output_tokens=_out(w),
                 batch_size=users, weights=answered)
    kv = _kv_step_type(w, one, gid) if one is not None and one.gpu is not None else None
    if kv is not None:
        got = gpu_count_for_users(w.catalog, model, answered, gid, users, ctx,
                                  images=w.st.images_per_request, output_tokens=_out(w),
                                  kv_cache=kv)
        if got is not None and got[0] <= have:
            _, replicas, per, batch = got
            rr = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=_out(w),
                        batch_size=min(batch, math.ceil(users / replicas)), weights=answered,
                        kv_cache=kv)
            q = rr.performance if rr is not None and rr.fits_in_memory else None
            if (rr is not None and q is not None and rr.runs is not False
                    and q.output_tokens_per_s_per_user and q.time_to_first_token_ms):
                return _UsersLower(answered, got, rr, None, kv)

    def holds(pid: str) -> _UsersLower | None:
        nonlocal skipped
        got = gpu_count_for_users(w.catalog, model, pid, gid, users, ctx,
                                  images=w.st.images_per_request, output_tokens=_out(w),
                                  engine=w.engine())
        if got is not None and got[0] <= have:
            _, replicas, per, batch = got
            share = min(batch, math.ceil(users / replicas))
            rr = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=_out(w),
                        batch_size=share, weights=pid)
            q = rr.performance if rr is not None and rr.fits_in_memory else None
            if (rr is not None and q is not None and rr.runs is not False
                    and q.output_tokens_per_s_per_user and q.time_to_first_token_ms):
                return _UsersLower(pid, got, rr, skipped)
            return None
        if skipped is None:  # the largest one passed over that does not hold them
            one = w.size(gpu=gid, gpu_count=have, input_tokens=ctx, output_tokens=_out(w),
                         batch_size=users, weights=pid)
            if one is not None and one.runs is not False and not _impossible(one):
                # (at ``users`` it does not fit: what it holds is its batch capacity)
                q = one.performance
                held = min(one.max_batch_size_in_memory or 0,
                           (q.max_concurrency if q is not None else None) or users)
                skipped = (pid, held)
        return None

    first = _first_lower(_FALLBACK_PRECISIONS, answered, holds, min_bits=YES_MIN_BITS)
    return None if first is None else first[1]


def _lower_figures(w: _W, lower: _UsersLower) -> dict[str, str]:
    """The smaller precision's figures as its sentences say them: the precision (with its
    bits, or with the 8-bit KV cache that holds them and how the engine is told to keep it),
    GiB per GPU, each user's tokens/s and the mean first token."""
    q = lower.replica.performance
    assert q is not None
    return {"weights": (w.say("weights_kv", weights=lower.weights, kv=lower.kv,
                              how=_kv_how(w, lower.replica.engine, lower.kv))
                        if lower.kv else _weights_said(w, lower.weights)),
            "per": w.gib(lower.replica.memory.per_gpu_gib),
            "tps": w.rate(q.output_tokens_per_s_per_user or 0.0),
            "s": w.n((q.time_to_first_token_ms or 0.0) / 1000, 1)}


def _users_lower_yes(w: _W, gid: str, have: int, users: int, ctx: int, lower: _UsersLower,
                     common: dict[str, str]) -> None:
    """A yes/no for users on the GPUs named with no precision stated, which the model's own
    precision cannot hold at once while a smaller one they run does (:func:`_users_lower`):
    Yes at that precision with its figures, then the count the answered one takes and the
    larger precision that does not hold them, then its quality, as
    :func:`~service.domain.answer.numbers.speed._yes_at_lower` says a target met at a smaller
    precision (audit feasusers22: "No ... at bf16: that takes 2 x H100", where awq-int4 on
    the one H100 holds 25 requests at once). The asked count is the smaller precision's."""
    assert w.model is not None
    skipped = ""
    if lower.skipped is not None:
        pid, held = lower.skipped
        skipped = w.say("gpu_count_users_lower_held" if held else "gpu_count_users_lower_none",
                        p=pid, held=w.n(held), users=w.n(users), ctx=common["ctx"])
    answered = (w.say("weights_kv16", weights=common["weights"]) if lower.kv
                else common["weights"])
    w.out.first = w.say("gpu_count_users_yes_lower", **{**common, "answered": answered,
                                                       **_lower_figures(w, lower)},
                        skipped=skipped)
    quality = get_precision(lower.weights).quality.split("; ")[0]
    if lower.kv:  # the weights as they are: what the 8-bit cache costs
        w.out.first += " " + w.t["fits_kv_quality_" + lower.kv]
    elif quality:
        w.out.first += " " + w.say("target_precision_quality", p=lower.weights,
                                   quality=quality)
    w.record(lower.replica, ctx + _out(w))
    w.ask("gpu_count", lower.got[0], "GPUs", yes=True)
    # the default interactive targets it misses, and the count that meets them, as a Yes at
    # the model's own precision says them (:func:`_users_level`); its figures are the lead's
    _, replicas, _, batch = lower.got
    q = lower.replica.performance
    at = len(w.out.more)
    if q is not None and _users_level(w, gid, users, ctx, lower.got,
                                      min(batch, math.ceil(users / replicas)), q,
                                      lower.weights, kv=lower.kv):
        del w.out.more[at]


def _runs_there(w: _W, gid: str) -> None:
    """Where the default engine cannot run the question's weights on ``gid`` at all, what
    the count is sized with instead, for the whole answer and said first: a precision stated
    that it has no kernel for there, the first format of the same width in its ``[nearest]``
    list that it runs (catalog/kernels.toml: "int4" goes through Marlin, compute capability
    8.0 and up, rule vllm-int4-marlin; a V100 or T4 runs GPTQ int4 through its exllama
    kernels from 7.0, rule vllm-gptq), so "How many V100 for Llama 3.1 8B in int4?" is one
    V100 at gptq-int4 as the recommendations serve it (it was "no node holds it: 7.4 GiB");
    an engine that runs on no precision there (vLLM on a P100, compute capability 6.0), the
    first other engine that does (:func:`_other_engine`: llama.cpp), at fp16 where the
    weights are bf16 and the GPU has no BF16 units (rule bf16-tensor-cores: compute
    capability 8.0), as the count of a T4 is (it was reasoned at bf16)."""
    m = w.model
    assert m is not None
    one = w.size(gpu=gid, gpu_count=1, input_tokens=1024, output_tokens=0)
    if one is None or one.runs is not False or one.engine not in w.reg.engines:
        return
    gpu = w.reg.gpus[gid]
    kernels = w.reg.kernels
    p = get_precision(one.weights)
    if kernels.supported(one.engine, p, gpu).ok:
        return  # (past the model's context, or another reason than the kernel)
    lookup = {x.id: x for x in PRECISIONS}
    near = kernels.nearest_supported(one.engine, p, gpu, lookup)
    if near is not None:
        if w.weights is None or near.bits_linear != p.bits_linear:
            return
        w.weights = near.id
        w.out.more.append(w.say("gpu_count_format_near", asked=p.id, near=near.id,
                                    engine=w.engine_name(one.engine), gpu=gpu.name,
                                    bits=w.n(p.bits_linear)))
        return
    if _no_platform(w, one, gpu) is None:
        return
    alt = _other_engine(w, one, gid, 1, input_tokens=1024, output_tokens=0)
    if alt is None:
        return
    weights = alt.weights
    cc = gpu.compute_capability
    if (weights == "bf16" and w.weights is None and gpu.vendor.lower() == "nvidia" and cc
            and float(cc) < 8.0):
        fp16 = w.size(gpu=gid, gpu_count=1, input_tokens=1024, output_tokens=0,
                      weights="fp16", engine=alt.engine)
        if fp16 is not None and fp16.runs is not False:
            weights = "fp16"
    w.ex = msgspec.structs.replace(w.ex, engine=alt.engine)
    if w.engine() != alt.engine:
        return
    if weights != alt.weights or w.weights is not None:
        w.weights = weights
    w.out.more.append(w.say(
        "gpu_count_engine_alt", engine=w.engine_name(one.engine), gpu=gpu.name,
        hw=w.say("core_hw_cc", cc=cc) if cc else w.t["core_hw_cc_unknown"],
        alt=w.engine_name(alt.engine), weights=weights))


def _gpu_count_target(w: _W, gid: str | None) -> bool:
    """A count asked for a per-user speed or a first-token target with no users stated ("How
    many H100 do I need so each user gets 60 tok/s with Llama 3.1 70B?"): the recommendations'
    cheapest setup that meets it (``min_decode_tokens_per_s``, ``max_time_to_first_token_ms``,
    one request at a time; on the GPU named, each memory variant of a bare name), with the
    speed and first token it gets, and on the GPU named the count at the model's own
    precision where that setup is at another one. None meets it: said so, with the fastest
    one request gets (:func:`_target_fastest`). It was the memory count: 2 x H100 at bf16,
    which make 33.8 tokens/s, for 60."""
    m = w.model
    assert m is not None
    out = _out(w)
    inp = _prompt(w, out)
    gpus = [gid] if gid is not None else None
    if gid is not None and w.st.bare_gpu is not None and gid in w.st.bare_gpu[1:]:
        gpus = list(w.st.bare_gpu[1:])  # "How many A100 ...": each memory variant
    kw: dict[str, Any] = {"workload": "serving", "context_tokens": inp + out,
                          "output_tokens": out,
                          "min_decode_tokens_per_s": w.st.min_tokens_per_s,
                          "max_time_to_first_token_ms": w.st.max_ttft_ms}
    rec = w.recommend(**kw, gpus=gpus) if gpus else w.recommend(**kw)
    targets = w.targets_said()
    if rec is None or not rec.options:
        return _target_fastest(w, gid, inp, out, targets)
    o = rec.options[0]
    perf = o.performance
    if perf.decode_tokens_per_s_per_user is None or perf.time_to_first_token_ms is None:
        return False
    if gpus is not None:
        w.st = dc_replace(w.st, bare_gpu=None)  # the card chosen is named in the answer
    w.offer_numbers(rec)
    n = o.offer.gpu_count * o.nodes
    w.out.first = w.say("gpu_count_target", targets=targets, model=m.name, weights=o.weights,
                        n=w.n(n), gpu=o.offer.gpu_name, machines=_layout(w, o),
                        tps=w.rate(perf.decode_tokens_per_s_per_user),
                        ms=w.n(perf.time_to_first_token_ms), provider=o.offer.provider,
                        hour=w.usd(o.cost.per_hour_usd))
    w.ask("gpu_count", n, "GPUs")
    own = default_weights(None, None, sized_from_entry(m)).precision.id
    if gpus is not None and w.weights is None and o.weights != own:
        mine = w.recommend(**kw, gpus=[o.offer.gpu], weights=own)
        x = mine.options[0] if mine is not None and mine.options else None
        if x is not None and x.performance.decode_tokens_per_s_per_user:
            w.out.more.append(w.say(
                "gpu_count_target_own", weights=x.weights, which=w.t["gpu_count_tokens_own_word"],
                n=w.n(x.offer.gpu_count * x.nodes), gpu=x.offer.gpu_name,
                tps=w.rate(x.performance.decode_tokens_per_s_per_user),
                provider=x.offer.provider, hour=w.usd(x.cost.per_hour_usd)))
    _setup_month(w, o)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _target_fastest(w: _W, gid: str | None, inp: int, out: int, targets: str) -> bool:
    """No setup meets a per-user target: said so, with the fastest one request decodes on
    the GPU named (1 to 8 of it, at the weights asked, else the model's own and each the
    recommendations try) or, with none named, anywhere in the catalog
    (:func:`_fastest_stream`). False (the caller answers as before) where it runs nowhere."""
    m = w.model
    assert m is not None
    if not w.st.min_tokens_per_s:
        return False
    best: tuple[float, SizingResult] | None = None
    if gid is None:
        best = _fastest_stream(w, inp, out)
    else:
        tried: list[str | None] = [w.weights] if w.weights else [None, *w.auto_weights()]
        k = 1
        while k <= NODE_GPUS:
            for weights in tried:
                r = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                           batch_size=1, weights=weights)
                p = r.performance if r is not None and r.fits and r.runs is not False else None
                if r is not None and p is not None and p.decode_tokens_per_s and (
                        best is None or p.decode_tokens_per_s > best[0]):
                    best = (p.decode_tokens_per_s, r)
            k *= 2
    if best is None or best[1].gpu is None:
        return False
    tps, r = best
    assert r.gpu is not None
    w.record(r, inp + out)
    w.out.first = w.say("gpu_count_target_none_any" if gid is None else "gpu_count_target_none",
                        gpu=w.gpu_name(gid) if gid is not None else "", targets=targets,
                        model=m.name, setup=w.setup(r.gpu_count, r.gpu.id), weights=r.weights,
                        tps=w.rate(tps), inp=w.n(inp), out=w.n(out))
    # no count reaches it: the asked number is the fastest one request gets, said as a "no"
    # (never "0 GPUs", a count nobody can rent)
    w.ask("decode_tokens_per_s", tps, "tokens/s", yes=False)
    return True


def _count_on(w: _W, gid: str, ctx: int, base: SizingResult
              ) -> tuple[SizingResult, FitRow] | None:
    """The fewest ``gid`` that hold the model where its engine cannot run the model's own
    precision there (bf16 on a T4 or V100: the base sizing leaves the GPU out of its
    ``fits_on``), sized on it at the precision it runs (fp16), as /v1/sizing sizes a GPU
    named and as :func:`gpu_count_for_users` and "in fp16" count it: (that sizing, its row).
    The node search took the GPU for one no node holds and answered Llama 3.1 8B with 16 x
    T4 over 2 nodes at 2.5 GiB each, where 2 hold it (and 1 x V100 32GB). None where the
    GPU runs the model's own precision, or no node of it holds the model at the one it runs
    (the node search answers, at that precision)."""
    one = w.size(gpu=gid, gpu_count=1, input_tokens=ctx, output_tokens=0)
    if one is None or one.gpu is None or one.runs is False or one.weights == base.weights:
        return None
    row = next((f for f in one.fits_on if f.gpu == gid), None)
    if row is None:
        return None
    at = one if row.gpu_count == 1 else w.size(gpu=gid, gpu_count=row.gpu_count,
                                               input_tokens=ctx, output_tokens=0)
    if at is None or not at.fits_in_memory or at.runs is False:
        return None
    return at, row


def _job_count(w: _W, gid: str | None) -> bool:
    """A count asked for a job of a known size with a deadline ("1 million prompts with Llama
    3.1 8B within 3 days", "How many H100s ... 1M prompts in 24 hours?", "50,000 documents
    with 70B in 12 h", "100,000 SDXL images by tomorrow (24 h)"): the GPUs that finish it in
    time lead, with the hours and the cost (:func:`_deadline_count`: the recommendations'
    plan for the job with the deadline as ``max_job_hours``); it was the memory fit ("fits
    on one GPU") or the GPUs that hold the model. An LLM's job is its requests (a document
    is one request: 3,584 tokens in and 512 out unless stated, as every token job of
    requests) or its output tokens; an image, speech or embedding model on the GPU named is
    the media deadline's count of that GPU (:func:`_job_deadline`, sized on it), else the
    recommendations' (:func:`_deadline_count`). False (the caller answers as before) where
    no job is stated (a training run has its own deadline answer) or none meets it."""
    m = w.model
    assert m is not None
    if (w.st.request_rate_per_s or w.st.work_rate or w.ex.workload in ("finetune", "pretrain")
            or w.ex.method):
        return False
    if m.kind != "llm" or m.task == "embed":
        if gid is not None:
            sub, w.sub = w.sub, "count"
            if _job_deadline(w, gid):
                return True
            w.sub = sub
        return _deadline_count(w, gid)
    before = w.st  # restored where no plan answers
    if w.st.requests and w.st.prompt_tokens == w.st.requests:
        # "500.000 de prompturi": the count read as each prompt's length too (understand's
        # prompt_tokens takes "<n> de prompturi" for a length); one number, the count
        w.st = dc_replace(w.st, prompt_tokens=None)
    gpus = None
    if w.st.bare_gpu is not None and gid in w.st.bare_gpu[1:]:
        # "How many A100s ...": a job is spread over as many cards as it needs, so every
        # memory variant the name covers is planned, the card chosen named in the answer (a
        # note that reads the name as one card said "the model needs 8 of it" of a job's count)
        gpus = list(w.st.bare_gpu[1:])
        w.st = dc_replace(w.st, bare_gpu=None)
    out = _out(w)
    docs = w.st.documents if not w.st.requests else None
    requests = w.st.requests or (docs[0] if docs else None)
    if requests and not w.det.tokens:
        inp = docs[1] if docs and docs[1] else _request_prompt(w, out)
        said = _requests_said(w, requests, inp, out)
        job = w.say("deadline_job_documents" if docs else "deadline_job_requests",
                    model=m.name, **said)
        tokens = requests * out
    elif w.det.tokens:
        inp = _prompt(w, out)
        tokens = w.det.tokens
        job = w.say("deadline_job_tokens", tokens=w.n(tokens), model=m.name)
    else:
        w.st = before
        return False
    own = default_weights(None, None, sized_from_entry(m)).precision.id
    kw = {"job_output_tokens": tokens, "context_tokens": inp + out,
          "output_tokens": out}
    if _deadline_count(w, gid, kw, job, own_weights=own, gpus=gpus):
        return True
    w.st = before
    return False


def _gpu_count_targets(w: _W, gid: str | None, users: int) -> bool:
    """A count asked for users with a per-user speed or a first-token target ("how many GPUs
    to serve llama 70b to 50 users at 25 tokens/s each?"): the fewest GPUs that hold every
    user is not the answer when they are too slow. The count of the cheapest setup that meets
    the targets at that load (the recommendation's, on the GPU named when one is), with the
    speed and first token it gets. False when no setup meets them: the count that holds the
    users answers, with the speed writer's verdict left to a speed question."""
    got = _targets_option(w, gid, users)
    if got is None and gid is not None:
        return _targets_sized(w, gid, users)
    if got is None or w.model is None:
        return False
    rec, o, tps, ttft_ms = got
    w.offer_numbers(rec)
    n = o.offer.gpu_count * o.nodes
    targets = w.targets_said()
    # the cheapest only when none ranked after it costs less an hour (_W.lead_rank)
    ranked = w.lead_rank(o, rec.options[1:], said="")
    w.out.first = w.say("gpu_count_targets_ranked" if ranked else "gpu_count_targets",
                        **(ranked or {}), users=w.n(users), model=w.model.name,
                        weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name, targets=targets,
                        machines=_layout(w, o), tps=w.hours(tps),
                        ms=w.n(ttft_ms), provider=o.offer.provider,
                        hour=w.usd(o.cost.per_hour_usd))
    w.ask("gpu_count", n, "GPUs")
    _setup_month(w, o)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _targets_sized(w: _W, gid: str, users: int) -> bool:
    """A count for users with a per-user speed or first-token target on the GPU named where
    the recommendations rank no offer of it (all stale, as every P100 offer is, or none
    within the question's limits): the fewest of it that meet the targets stated (one left
    unstated at the recommendations' default, as they hold it), as the sizing finds them
    (:func:`_users_meeting`, on the answer's engine and precision), with their figures and no
    price. "Llama 3.1 8B on P100s for 4 users with TTFT under 20 s" fell back to the memory's
    count and its miss of the 2 s default, where 2 x P100 on llama.cpp give 15.4 s
    (fix/recengine). False where no setup of the GPU meets them (the memory's count
    answers, as before)."""
    m = w.model
    if m is None or not (w.st.min_tokens_per_s or w.st.max_ttft_ms):
        return False
    out = _out(w)
    ctx = _prompt(w, out)
    held = gpu_count_for_users(w.catalog, w.scaled or m.id, w.weights, gid, users, ctx,
                               across_nodes=True, images=w.st.images_per_request,
                               output_tokens=out, engine=w.engine())
    r = w.size(input_tokens=ctx, output_tokens=out)
    if held is None or r is None:
        return False
    # the precision the GPU runs (a bf16 model on V100s or P100s runs fp16), as the
    # memory's count says it
    on = w.size(gpu=gid, gpu_count=held[2], input_tokens=ctx, output_tokens=out)
    weights = on.weights if on is not None else r.weights
    met = _users_meeting(w, gid, users, ctx, held, weights,
                         w.st.min_tokens_per_s or DEFAULT_DECODE_TOKENS_PER_S,
                         w.st.max_ttft_ms or default_ttft_ms(ctx))
    if met is None:
        return False
    n, k, width, q = met
    w.record(msgspec.structs.replace(r, weights=weights), ctx + out)
    w.out.first = w.say("gpu_count_targets_sized", users=w.n(users), targets=w.targets_said(),
                        model=m.name, weights=weights, n=w.n(n), gpu=w.gpu_name(gid),
                        replicas=w.replicas(k), per_replica=w.gpus_per_replica(width, gid),
                        tps=w.rate(q.output_tokens_per_s_per_user or 0.0),
                        s=w.n((q.time_to_first_token_ms or 0.0) / 1000, 1))
    w.ask("gpu_count", n, "GPUs")
    return True


def _targets_option(w: _W, gid: str | None, users: int
                    ) -> tuple[Recommendation, Option, float, float] | None:
    """The cheapest setup that meets every per-user target stated at ``users`` at once (the
    recommendations', replicas over machines, on the GPU named when one is), with its
    tokens/s per user and first-token ms; None where none does or they are unknown."""
    if w.model is None:
        return None
    out = _out(w)
    ctx = _prompt(w, out)
    kw: dict[str, Any] = {"workload": "serving", "concurrent_requests": users,
                          "context_tokens": ctx + out, "output_tokens": out,
                          "min_decode_tokens_per_s": w.st.min_tokens_per_s,
                          "max_time_to_first_token_ms": w.st.max_ttft_ms}
    rec = w.recommend(**kw, gpus=[gid]) if gid is not None else w.recommend(**kw)
    if rec is None or not rec.options:
        return None
    o = rec.options[0]
    perf = o.performance
    if perf.decode_tokens_per_s_per_user is None or perf.time_to_first_token_ms is None:
        return None
    return rec, o, perf.decode_tokens_per_s_per_user, perf.time_to_first_token_ms


def targets_fleet(w: _W, gid: str, users: int) -> FleetSaid | None:
    """After a speed answer's "no count of the GPU in one machine meets it" (one H100 named,
    200 users, TPOT under 30 ms): the count that meets every target over as many machines
    as it takes, as the count question answers it (:func:`_gpu_count_targets`, the same
    figures as "on h100s"), its offer recorded; None where none does (audit buyer21 #1: the
    singular form's No with no way out). Reached through ``_W.targets_fleet`` (write.py)."""
    got = _targets_option(w, gid, users)
    if got is None or w.model is None:
        return None
    rec, o, tps, ttft_ms = got
    w.offer_numbers(rec)
    ranked = w.lead_rank(o, rec.options[1:], said="")  # the cheapest only where it is
    return FleetSaid(w.say("target_fleet_ranked" if ranked else "target_fleet", **(ranked or {}),
                           weights=o.weights,
                           n=w.n(o.offer.gpu_count * o.nodes), gpu=o.offer.gpu_name,
                           machines=_layout(w, o), tps=w.hours(tps),
                           ms=w.n(ttft_ms), provider=o.offer.provider,
                           hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]),
                     tps, ttft_ms)


def _layout(w: _W, o: Option) -> str:
    """A target's setup laid out after its count: " (5 instances of 1 × H100)" over several
    machines, " (2 replicas, 4 GPUs per replica)" in one that holds more than one copy of the
    model, else nothing (one copy on one machine). "needs 5 × NVIDIA H100" read as one
    5-GPU machine (audit buyer21: 5 separate 1-GPU instances, never said)."""
    if o.nodes > 1:
        return f" ({w.option_setup(o)})"
    if o.fit.replicas_per_node > 1:
        return (f" ({w.replicas(o.fit.replicas_per_node)}, "
                f"{w.gpus_per_replica(o.fit.gpus_per_replica, o.offer.gpu)})")
    return ""


def _rec_load(w: _W, o: Option, inp: int, out: int) -> None:
    """The recommendations' setup for a count of users, after its count: its machines, each
    user's tokens/s and first-token time there, and the request length it is sized at, with
    a length said in words and no number (``Stated.vague_length``, "short prompts") said not
    read, as write._vague_length_note says it where a sizing is recorded (this answer records
    none). It was one bare sentence: "16 × RTX 3060 (the cheapest setup: vast, $0.84/h)"
    beside "short prompts" (audit buyer19 #12)."""
    p = o.performance
    tps, ttft = p.decode_tokens_per_s_per_user, p.time_to_first_token_ms
    if tps and ttft:
        w.out.more.append(w.say("gpu_count_rec_load", setup=w.option_setup(o), tps=w.rate(tps),
                                ttft=w.n(ttft), inp=w.n(inp), out=w.n(out)))
    if (w.st.vague_length is not None and w.st.prompt_tokens is None
            and w.ex.context_tokens is None):
        w.out.more.insert(0, w.say("vague_length", words=w.st.vague_length, inp=w.n(inp),
                                   out=w.n(out)))


def _setup_month(w: _W, o: Option, at: int | None = None, first: bool = False) -> None:
    """A price asked beside a count of the recommendations' setup ("... and what's the
    monthly bill?", "cât costă pe lună"): its month as they price it, storage included,
    right after its count and hourly price (at ``at`` in the answer where given, else at its
    end); it was the count alone. ``first``: a count at a rate, whose month asked before the
    count (:attr:`Stated.month_first`) is the number asked (:func:`_month_asked`)."""
    if not w.st.price_asked or o.cost.per_month_usd is None:
        return
    if first:
        _month_asked(w, o.cost.per_month_usd)
    said = [w.say("gpu_count_setup_month", month=w.usd(o.cost.per_month_usd),
                  usage=w.usage())]
    if o.cost.storage_per_month_usd or o.cost.egress_per_month_usd:
        said.append(w.month_parts(o))
    end = len(w.out.more)
    w.out.more[end if at is None else at:end if at is None else at] = said


def _count_month(w: _W, gid: str, n: int, weights: str, users: int | None, ctx: int) -> None:
    """A price asked beside the count ("how many H200 ..., and what does it cost per
    month?"): right after the count, the month of the cheapest offer for ``n`` × ``gid``
    among those /v1/recommendations ranks for the load (its ``gpus`` filter: the same
    month, storage included), with the precision it is priced at and, where that is not the
    count's ``weights``, that a machine's price is the same at either; no such offer: the
    hourly price of the ``n`` (:meth:`_W.count_price`) with its month at the usage stated
    (:meth:`_W.month_hours`), led by that month ("how much per month?" gave an hourly price
    where the recommendations rank no offer of exactly ``n``: 4 × L40S for a load they serve
    on 2 at int8). It was the count alone."""
    if not w.st.price_asked or not n:
        return
    rec = w.recommend(workload="serving", gpus=[gid], concurrent_requests=users,
                      context_tokens=ctx, output_tokens=_out(w) if users else None,
                      top_n=10)
    same = [x for x in rec.options if x.offer.gpu == gid and x.offer.gpu_count * x.nodes == n
            and x.cost.per_month_usd is not None] if rec is not None else []
    if rec is None or not same:
        b = w.basis(gid, n)
        if b is not None:
            w.out.more.append(w.say("gpu_count_month_basis", usage=w.usage(),
                                    month=w.usd(b[1] * n * w.month_hours())))
            w.count_price(b, n, n)
        else:
            _no_price(w, gid)
        lead = next((x for x in rec.options if x.offer.gpu == gid and x.cost.per_month_usd),
                    None) if rec is not None else None
        if rec is not None and lead is not None:
            # the setup /v1/recommendations rank first for the load on that GPU, said and
            # listed beside the count's own: "how many H100s and what does it cost per month
            # for 70B at 50 users" said 4 x H100 at bf16 for $5,378 and no more, where they
            # (and the cost answer) serve it on 2 at awq-int4 for $1,865 (review deadline31 #4)
            rec_said = w.say(
                "gpu_count_month_rec", setup=w.option_setup(lead), weights=lead.weights,
                month=w.usd(lead.cost.per_month_usd or 0.0), usage=w.usage(),
                provider=lead.offer.provider, hour=w.usd(lead.cost.per_hour_usd),
                kind=w.kinds[lead.pricing_model])
            # before the price's date, its option's notes (a thin margin) after it
            dated = w.t["price_date"].split("{", 1)[0]
            at = next((i for i, x in enumerate(w.out.more) if x.startswith(dated)),
                      len(w.out.more))
            w.out.more.insert(at, rec_said)
            w.offer_numbers(msgspec.structs.replace(rec, options=[lead]))
            w.option_warnings(lead)
        return
    o = min(same, key=lambda x: x.cost.per_month_usd or 0.0)  # (ranked order on a tie)
    w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
    said = [w.say("gpu_count_month", month=w.usd(o.cost.per_month_usd or 0.0),
                  usage=w.usage(), setup=w.option_setup(o), provider=o.offer.provider,
                  hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model],
                  weights=o.weights)]
    if o.weights != weights:
        said.append(w.say("gpu_count_month_weights", weights=o.weights,
                          count_weights=weights))
    if o.cost.storage_per_month_usd or o.cost.egress_per_month_usd:
        said.append(w.month_parts(o))
    w.out.more[0:0] = said  # right after the count, before what the load does to it
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)


def _users_replica(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int]
                   ) -> SizingResult | None:
    """One replica of :func:`gpu_count_for_users`'s setup at its share of ``users``, sized
    (the layout search at that load), with the service level it gives each user
    (:func:`_users_level`), and the time to first token at that load said when it is over
    ``LONG_TTFT_MS`` (the recommendations' threshold for a warning): the count is for
    memory, and the answer says what the load makes of each user's speed."""
    _, replicas, per, batch = got
    share = min(batch, math.ceil(users / replicas))
    r = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=_out(w), batch_size=share)
    if r is None:
        return None
    p = r.performance
    # (the level said, its miss of the default targets says a slow first token: the
    # note of one over 10 s would say its figure again)
    said = r.fits_in_memory and p is not None and _users_level(w, gid, users, ctx, got, share, p,
                                                     r.weights)
    if (r.fits_in_memory and p is not None and p.time_to_first_token_ms and not said
            and p.time_to_first_token_ms > LONG_TTFT_MS):
        w.out.more.append(w.say("gpu_count_users_ttft", batch=w.requests(share, "count"),
                                ctx=w.n(ctx + _out(w)),
                                s=w.n(p.time_to_first_token_ms / 1000, 1)))
    return r


def _users_targets_lead(w: _W, gid: str, users: int, ctx: int,
                        got: tuple[int, int, int, int], weights: str) -> bool:
    """ "How many L4s for 100 users": where the fewest ``gid`` that hold every user
    (:func:`gpu_count_for_users`, ``got``) miss the recommendations' default targets for
    interactive serving (``DEFAULT_DECODE_TOKENS_PER_S`` per user, the first token within
    :func:`default_ttft_ms`), the count that meets them leads: the recommendations' setup for
    that load on that GPU at the count's precision (``weights``: the model's own unless one is
    asked), with its figures and hourly price (else the fewest the sizing finds,
    :func:`_users_meeting`); the count memory alone holds them on is said second, with what
    each user then gets. It led with the memory's 2 × L4 for 100 users of Qwen2.5 7B (6.2
    tokens/s each, the first token after 3.7 s) and said the 6 that meet both after (audit
    buyer17 #12). Where the recommendations rank another precision first on that GPU (and
    none was asked), that setup follows, as after a count at a rate
    (:func:`_rate_setup_said`). False (the caller leads with the memory's count, as before,
    and :func:`_users_level` says the miss and the setup that meets both) where that count
    meets both, the sizing gives no such figures, no setup of the GPU meets them, or the
    one that does is as many GPUs in another layout (2 × MI300X as one replica of 2, where
    the memory's 2 are two replicas of 1)."""
    assert w.model is not None
    n, replicas, per, batch = got
    share = min(batch, math.ceil(users / replicas))
    r = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=_out(w), batch_size=share)
    p = r.performance if r is not None and r.fits_in_memory else None
    tps = p.output_tokens_per_s_per_user if p is not None else None
    ttft = p.time_to_first_token_ms if p is not None else None
    if not tps or not ttft:
        return False
    tps_min, ttft_max = DEFAULT_DECODE_TOKENS_PER_S, default_ttft_ms(ctx)
    if tps >= tps_min and ttft <= ttft_max:
        return False
    targets = w.say("gpu_count_users_miss_both", min=w.n(tps_min), max=w.n(
        ttft_max / 1000, 0 if (ttft_max / 1000).is_integer() else 1))
    kw: dict[str, Any] = {"workload": "serving", "concurrent_requests": users,
                          # the prompt as stated, no 1,024-token floor (as fix/promptfloor
                          # made every other call site: 300-token prompts were sized at 1,024)
                          "context_tokens": ctx + _out(w), "output_tokens": _out(w),
                          "gpus": [gid]}
    rec = w.recommend(**kw, weights=weights)
    o = rec.options[0] if rec is not None and rec.options else None
    q = o.performance if o is not None else None
    common = {"users": w.n(users), "model": w.model.name, "weights": weights,
              "gpu": w.gpu_name(gid), "targets": targets}
    if (o is not None and q is not None and o.offer.gpu == gid and o.weights == weights
            and q.decode_tokens_per_s_per_user and q.time_to_first_token_ms):
        lead = o.offer.gpu_count * o.nodes
        # the default first token met only by buying replicas, within reach of the GPU's
        # single-request floor: the recommendations relax it (a default never multiplies
        # the setup: 80 x RTX 4090 led for 20 users of 70B int4, where 4 hold them, audit
        # deftarget22); the count meets the decode speed alone, and the floor is said
        floor = next((f for f in map(ttft_floor, o.warnings) if f is not None), None)
        if floor is not None:
            common["targets"] = w.say("gpu_count_users_miss_tps", min=w.n(tps_min))
        elif lead <= n:  # the same GPUs in another layout: the count leads, that layout after
            return False
        w.out.first = w.say("gpu_count_users_targets", **common, n=w.n(lead),
                            machines=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
                            tps=w.rate(q.decode_tokens_per_s_per_user),
                            s=w.n(q.time_to_first_token_ms / 1000, 1),
                            hour=w.usd(o.cost.per_hour_usd), provider=o.offer.provider,
                            kind=w.kinds[o.pricing_model])
        assert rec is not None
        w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
    else:
        met = _users_meeting(w, gid, users, ctx, got, weights, tps_min, ttft_max)
        if met is None:
            return False
        lead, k, width, mq = met
        if lead <= n:
            return False
        o = None
        w.out.first = w.say("gpu_count_users_targets_sized", **common, n=w.n(lead),
                            replicas=w.replicas(k), per_replica=w.gpus_per_replica(width, gid),
                            tps=w.rate(mq.output_tokens_per_s_per_user or 0.0),
                            s=w.n((mq.time_to_first_token_ms or 0.0) / 1000, 1))
    w.ask("gpu_count", lead, "GPUs")
    if o is not None:  # a month asked: the lead's, right after it
        _setup_month(w, o)
        floor = next((f for f in map(ttft_floor, o.warnings) if f is not None), None)
        if floor is not None:
            _ttft_floor_said(w, gid, users, ctx, floor)
    if lead > n:
        w.out.more.append(w.say("gpu_count_users_memory", n=w.n(n), gpu=w.gpu_name(gid),
                                replicas=w.replicas(replicas),
                                per_replica=w.gpus_per_replica(per, gid),
                                batch=w.requests(batch, "count"),
                                ctx=w.n(ctx + _out(w)), tps=w.rate(tps),
                                s=w.n(ttft / 1000, 1)))
    if o is None:  # (a month asked: said right after the count)
        _count_month(w, gid, lead, weights, users, ctx + _out(w))
        return True
    # the recommendations' own lead on that GPU at another precision (nothing asked)
    top = w.recommend(**kw) if w.weights is None else None
    t = top.options[0] if top is not None and top.options else None
    if t is not None and t.offer.gpu == gid and t.weights != weights:
        w.out.more.append(w.say("gpu_count_rate_setup", weights=t.weights,
                                n=w.n(t.offer.gpu_count * t.nodes), gpu=w.gpu_name(gid),
                                machines=w.say("instance_one" if t.nodes == 1 else "instances",
                                               n=w.n(t.nodes),
                                               setup=w.setup(t.offer.gpu_count, gid)),
                                hour=w.usd(t.cost.per_hour_usd), provider=t.offer.provider,
                                kind=w.kinds[t.pricing_model]))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _ttft_floor_said(w: _W, gid: str, users: int, ctx: int, floor: dict[str, str]) -> None:
    """The default first token the recommendations relaxed for ``gid`` (``floor``: the
    figures of their ``core_ttft_floor`` warning): one prompt alone waits nearly that long
    on the setup, so meeting it takes a replica per user or so; then the catalog's cheapest
    setup for the load where it is another GPU that meets the default (each user's first
    token within it)."""

    def num(k: str) -> float:
        return float(floor[k].replace(",", ""))

    default_ms = num("n_default")
    w.out.more.append(w.say("gpu_count_users_ttft_floor",
                            max=w.n(default_ms / 1000, 0 if default_ms % 1000 == 0 else 1),
                            prompt=w.n(num("n_prompt")), floor=w.n(num("n_floor")),
                            width=w.n(num("n_width")), gpu=w.gpu_name(gid),
                            need=w.n(num("n_need"))))
    rec = w.recommend(workload="serving", concurrent_requests=users,
                      context_tokens=ctx + _out(w), output_tokens=_out(w))
    t = rec.options[0] if rec is not None and rec.options else None
    ttft = t.performance.time_to_first_token_ms if t is not None else None
    if (t is not None and ttft and ttft <= default_ms and t.offer.gpu != gid
            and not any(ttft_floor(x) for x in t.warnings)):
        w.out.more.append(w.say("gpu_count_users_ttft_floor_other", setup=w.option_setup(t),
                                weights=t.weights, s=w.n(ttft / 1000, 1),
                                hour=w.usd(t.cost.per_hour_usd), provider=t.offer.provider,
                                kind=w.kinds[t.pricing_model]))


_MEETING_GPUS_MAX = 16 * NODE_GPUS
"""The most GPUs :func:`_users_meeting` counts: 16 nodes of 8, as far as
:func:`gpu_count_for_users` counts a load."""


def _users_level(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int],
                 share: int, p: Performance, weights: str, kv: str | None = None) -> bool:
    """The service level the count gives (audit loadfigs #2: a count for users said no
    speed): each user's output tokens/s at that load (1 / the time per output token, as
    the recommendations check the decode target) and the mean time to the first token of a
    closed loop of ``share`` users per replica (the benchmark-style mean the sizing
    reports). Under the recommendations' default decode target
    (``DEFAULT_DECODE_TOKENS_PER_S``, 10 tokens/s per user) or over their default first
    token (:func:`default_ttft_ms`, 2 s up to 8,192 prompt tokens), said so, with the fewest
    of the GPU that meet both (:func:`_users_meeting`). False where the sizing gives no
    such figures (nothing said). ``kv``: the KV cache type every setup is sized with (the
    engine's default where None)."""
    tps, ttft = p.output_tokens_per_s_per_user, p.time_to_first_token_ms
    if not tps or not ttft:
        return False
    w.out.more.append(w.say("gpu_count_users_level", share=w.requests(share, "count"),
                            ctx=w.n(ctx + _out(w)),
                            tps=w.rate(tps), s=w.n(ttft / 1000, 1)))
    tps_min, ttft_max = DEFAULT_DECODE_TOKENS_PER_S, default_ttft_ms(ctx)
    slow, late = tps < tps_min, ttft > ttft_max
    if not slow and not late:
        return True
    missed = w.say("gpu_count_users_miss_both" if slow and late else
                   "gpu_count_users_miss_tps" if slow else "gpu_count_users_miss_ttft",
                   min=w.n(tps_min), max=w.n(ttft_max / 1000,
                                             0 if (ttft_max / 1000).is_integer() else 1))
    met = _users_meeting(w, gid, users, ctx, got, weights, tps_min, ttft_max, kv=kv)
    if met is None:
        w.out.more.append(w.say("gpu_count_users_miss_none", missed=missed,
                                most=w.n(_MEETING_GPUS_MAX), gpu=w.gpu_name(gid)))
        _users_closest_said(w, gid, users, ctx, got, weights, late, kv=kv)
        return True
    n, k, width, q = met
    w.out.more.append(w.say("gpu_count_users_miss", missed=missed, n=w.n(n),
                            gpu=w.gpu_name(gid), replicas=w.replicas(k),
                            per_replica=w.gpus_per_replica(width, gid),
                            tps=w.rate(q.output_tokens_per_s_per_user or 0.0),
                            s=w.n((q.time_to_first_token_ms or 0.0) / 1000, 1)))
    return True


def _users_closest_said(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int],
                        weights: str, late: bool, kv: str | None = None) -> None:
    """After "no setup of up to 128 × the GPU meets both" default targets: the closest one
    comes (:func:`_users_closest`) with its figures, and how to serve the load anyway (accept
    targets no stricter than those figures, shorter prompts, or a faster GPU). The miss was
    said with no figure reached and no way out (audit buyer24b #7: Llama 3.1 8B for 4 users
    on P100s, a first token after 15.4 s against the 2 s default). Nothing where no setup of
    the GPU gives such figures."""
    near = _users_closest(w, gid, users, ctx, got, weights, late, kv=kv)
    if near is None:
        return
    n, k, width, q = near
    tps, ttft = q.output_tokens_per_s_per_user or 0.0, q.time_to_first_token_ms or 0.0
    # the defaults that setup still misses, as targets it meets: its figures rounded the safe
    # way (a speed down, a wait up to the whole second: "within 10 s" where it takes 9.63 s)
    slow, late = tps < DEFAULT_DECODE_TOKENS_PER_S, ttft > default_ttft_ms(ctx)
    if not slow and not late:
        return
    d = 0 if tps >= 10 else 1
    relax = w.say("gpu_count_users_miss_both" if slow and late else
                  "gpu_count_users_miss_tps" if slow else "gpu_count_users_miss_ttft",
                  min=w.n(math.floor(tps * 10 ** d) / 10 ** d, d),
                  max=w.n(math.ceil(ttft / 1000)))
    w.out.more.append(w.say("gpu_count_users_miss_closest", n=w.n(n), gpu=w.gpu_name(gid),
                            replicas=w.replicas(k), per_replica=w.gpus_per_replica(width, gid),
                            tps=w.rate(tps), s=w.n(ttft / 1000, 1), relax=relax))


def _users_closest(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int],
                   weights: str, late: bool, kv: str | None = None
                   ) -> tuple[int, int, int, Performance] | None:
    """Where no setup of ``gid`` meets the default targets (:func:`_users_meeting`), the one
    that comes closest: of the widths :func:`_users_meeting` tries, each at the most
    replicas it allows (the fewest users per replica, up to ``_MEETING_GPUS_MAX`` GPUs), the
    earliest first token where that is missed (``late``), else the fastest decode per user;
    on a tie the narrower. (GPUs, replicas, GPUs per replica, one replica's figures at its
    share); None where no width gives them."""
    per = got[2]
    best: tuple[int, int, int, Performance] | None = None

    def key(q: Performance) -> float:
        return (q.time_to_first_token_ms or math.inf) if late \
            else -(q.output_tokens_per_s_per_user or 0.0)

    width = per
    while width <= max(per, NODE_GPUS):
        k = min(users, _MEETING_GPUS_MAX // width)
        if k >= 1:
            share = math.ceil(users / k)
            r = w.size(gpu=gid, gpu_count=width, input_tokens=ctx, output_tokens=_out(w),
                       batch_size=share, weights=weights, kv_cache=kv)
            q = r.performance if r is not None and r.fits and r.runs is not False else None
            if (q is not None and q.output_tokens_per_s_per_user and q.time_to_first_token_ms
                    and not (q.max_concurrency and share > q.max_concurrency)
                    and (best is None or key(q) < key(best[3]))):
                # (the fewest replicas of that width at that share: 4 users in replicas of 2
                # GPUs at one user each is 4 replicas, 8 GPUs)
                k = math.ceil(users / share)
                best = (k * width, k, width, q)
        width *= 2
    return best


def _users_meeting(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int],
                   weights: str, tps_min: float, ttft_max: float, kv: str | None = None
                   ) -> tuple[int, int, int, Performance] | None:
    """The fewest ``gid`` that give ``users`` at least ``tps_min`` output tokens/s each and
    their first token within ``ttft_max`` ms: (GPUs, replicas, GPUs per replica, one
    replica's figures at its share). Replicas of the count's width, or of a wider one
    (doubling, up to a node: a wider tensor split decodes each user faster), each carrying
    its share of the users, more of them until both are met (fewer users per replica, each
    faster and first served sooner: the fewest replicas found by halving), up to 16 nodes of
    GPUs (as :func:`gpu_count_for_users` counts); among equal counts the narrower. None
    where none does."""
    n, _, per, _ = got

    def meets(width: int, k: int) -> Performance | None:
        share = math.ceil(users / k)
        r = w.size(gpu=gid, gpu_count=width, input_tokens=ctx, output_tokens=_out(w),
                   batch_size=share, weights=weights, kv_cache=kv)
        q = r.performance if r is not None and r.fits and r.runs is not False else None
        if (q is None or (q.max_concurrency and share > q.max_concurrency)
                or (q.output_tokens_per_s_per_user or 0.0) < tps_min
                or not q.time_to_first_token_ms or q.time_to_first_token_ms > ttft_max):
            return None
        return q

    best: tuple[int, int, int, Performance] | None = None
    width = per
    while width <= max(per, NODE_GPUS):
        lo, hi = max(1, math.ceil(n / width)), min(users, _MEETING_GPUS_MAX // width)
        top = meets(width, hi) if hi >= lo else None
        if top is not None:
            found = (hi, top)
            while lo < found[0]:  # the fewest replicas that meet both
                mid = (lo + found[0]) // 2
                q = meets(width, mid)
                if q is not None:
                    found = (mid, q)
                else:
                    lo = mid + 1
            k, q = found
            if best is None or k * width < best[0]:
                best = (k * width, k, width, q)
        width *= 2
    return best


def _users_cheapest(w: _W, gid: str, users: int, ctx: int, n: int,
                    layout: str | None = None) -> None:
    """After the count of the GPU named, never in its place: the catalog's cheapest setup for
    the same load when that is another GPU and costs less than ``n`` of the GPU named (or
    that has no price), then ``layout`` (a sentence), then the price of the ``n`` (machines
    joined by a fast network where a model is split over nodes)."""
    b = w.basis(gid, n, fabric=n > NODE_GPUS) if n else None
    rec = w.recommend(workload="serving", concurrent_requests=users,
                      context_tokens=ctx + _out(w), output_tokens=_out(w))
    o = rec.options[0] if rec is not None and rec.options else None
    if o is not None and o.offer.gpu != gid and (b is None or o.cost.per_hour_usd < b[1] * n):
        w.out.more.append(w.say(
            "gpu_count_users_cheaper" if b is not None else "gpu_count_users_cheapest",
            setup=w.option_setup(o), weights=o.weights, provider=o.offer.provider,
            hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]))
        if b is None:
            w.out.more.append(w.say("price_date", date=price_date_words(
                o.offer.as_of, o.offer.as_of_kind, w.t)))
    if layout:
        w.out.more.append(layout)
    if b is not None:
        w.count_price(b, n, n)


def _gpu_count_users_nodes(w: _W, gid: str, users: int, ctx: int,
                           got: tuple[int, int, int, int]) -> bool:
    """Users on a GPU no single node of which holds the model (DeepSeek-V3 on H100s): the
    count of that GPU first, in whole nodes, with one replica's memory per GPU and the
    requests it holds (its sizing at its share of the load), its layout and a slow first
    token; then its price and the cheapest setup of another GPU (:func:`_users_cheapest`).
    False (the caller answers as before) when that replica's own sizing does not fit."""
    assert w.model is not None
    n, replicas, per, batch = got
    r = _users_replica(w, gid, users, ctx, got)
    if r is None or not r.fits_in_memory:
        return False
    w.record(r, ctx + _out(w))
    w.out.first = w.say("gpu_count_users_nodes", users=w.n(users), model=w.model.name,
                        weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                        nodes=w.n(n // NODE_GPUS), node_gpus=w.n(NODE_GPUS),
                        replicas=w.replicas(replicas), per_replica=w.n(per),
                        per=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                        batch=w.requests(batch, "count"), ctx=w.n(ctx + _out(w)))
    w.ask("gpu_count", n, "GPUs")
    _users_cheapest(w, gid, users, ctx, n, layout=None if r.layout is None else w.say(
        "gpu_count_layout", layout=r.layout.label))
    w.sized_warnings(r, ctx + _out(w))
    return True


def _gpu_count_users_none(w: _W, gid: str, users: int, ctx: int, base: SizingResult) -> bool:
    """No setup of the GPU named holds the users, up to 16 nodes of it in the layouts
    :func:`gpu_count_for_users` sizes: said so first, then the cheapest setup of another GPU.
    False (the caller answers as before) when the sizing on that GPU fails outright."""
    assert w.model is not None
    most = 16 * NODE_GPUS
    if w.size(gpu=gid, gpu_count=most, input_tokens=ctx, output_tokens=_out(w)) is None:
        return False
    w.record(base, ctx + _out(w))
    w.out.first = w.say("gpu_count_users_none", gpu=w.gpu_name(gid), users=w.n(users),
                        model=w.model.name, weights=base.weights, ctx=w.n(ctx + _out(w)),
                        most=w.n(most), nodes=w.n(most // NODE_GPUS), node_gpus=w.n(NODE_GPUS))
    w.ask("gpu_count", 0, "GPUs", yes=False)
    _users_cheapest(w, gid, users, ctx, 0)
    return True


def _on_gpu(o: Option, gid: str) -> bool:
    """Whether ``o`` is on the GPU ``gid`` (a lead among the options of the GPU named)."""
    return o.offer.gpu == gid


def _gpu_count_rate(w: _W, gid: str | None) -> bool:
    """A request rate to carry ("50 requests per second"): the recommendations' cheapest
    setup at that rate (``target_requests_per_s``), on the GPU named when one is, with its
    GPUs in all."""
    assert w.model is not None and w.st.request_rate_per_s
    out = _out(w)
    inp = _prompt(w, out)
    if gid is not None and _gpu_count_rate_on(w, gid, inp, out):
        return True
    # a per-user speed target beside the rate is carried with it (a first-token target is
    # passed by :meth:`_W.recommend` itself), as a /v1/recommendations body with both sizes
    # it: it was dropped, and 6 requests/s of Qwen2.5 32B at 40 tokens/s per user led with
    # 32 x RTX 3090 at about 21 tokens/s per user (audit buyer18b #1)
    targets = w.targets_said()
    rec = w.recommend(workload="serving", target_requests_per_s=w.st.request_rate_per_s,
                      min_decode_tokens_per_s=w.st.min_tokens_per_s,
                      context_tokens=inp + out, output_tokens=out,
                      top_n=50 if gid is not None else None)
    if rec is None or not rec.options:
        if targets and gid is None:  # none meets the per-user speed: the fastest stream
            return _target_fastest(w, gid, inp, out, targets)
        return False
    options = [o for o in rec.options if gid is None or o.offer.gpu == gid]
    keep = None if gid is None or not options else partial(_on_gpu, gid=gid)
    options = options or rec.options
    o = options[0]
    w.offer_numbers(msgspec.structs.replace(rec, options=options[:3]))
    n = o.offer.gpu_count * o.nodes
    p = o.performance
    if targets and p.decode_tokens_per_s_per_user and p.time_to_first_token_ms is not None:
        # the setup that meets the target and the rate, with the speed and first token it
        # gets; the lead is called the cheapest only when none ranked after it without a
        # commitment costs less an hour, listed or not (the recommendations weigh the
        # weights' quality)
        ranked = w.lead_rank(o, options[1:3], keep=keep, said="")
        w.out.first = w.say(
            "gpu_count_rate_target_ranked" if ranked else "gpu_count_rate_target",
            **(ranked or {}),
            target=_target_at_load(w, targets, w.st.request_rate_per_s), inp=w.n(inp),
            out=w.n(out), model=w.model.name, weights=o.weights, n=w.n(n),
            gpu=o.offer.gpu_name, setup=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
            tps=w.rate(p.decode_tokens_per_s_per_user), ttft=w.n(p.time_to_first_token_ms),
            provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd),
            kind=w.kinds[o.pricing_model])
    else:
        ranked = w.lead_rank(o, options[1:3], keep=keep, said="")
        w.out.first = w.say(("gpu_count_rate_one" if w.st.request_rate_per_s == 1
                             else "gpu_count_rate") + ("_ranked" if ranked else ""),
                            **(ranked or {}), rate=w.per_s(w.st.request_rate_per_s),
                            inp=w.n(inp), out=w.n(out), model=w.model.name,
                            weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                            # the machines where they are several; "3 × MI300X (3 × MI300X)"
                            # said one machine twice (audit buyer17, lesser)
                            setup=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
                            provider=o.offer.provider,
                            hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model])
    w.ask("gpu_count", n, "GPUs")
    _setup_month(w, o, first=True)  # (a month asked beside the count: audit ratemonth23)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _gpu_count_tokens(w: _W, gid: str | None, month: bool = True) -> bool:
    """A token rate to carry in a count question ("How many H100 for 5,000 tokens per second
    with Llama 3.1 8B?", "Câte GPU-uri pentru 5.000 de tokeni pe secundă ..."): a rate said
    in total, or one with no user named and not said to be each user's that no single
    request reaches on any setup in the catalog (read as the speed answer reads it,
    :func:`~service.domain.answer.numbers.speed._read_as_total`). The recommendations'
    setup for it (``target_output_tokens_per_s``, on the GPU named when one is) leads with
    its GPUs, what it makes at full load in all and its hourly price; the count at the
    model's own precision follows when that setup is at another one (5,000 tokens/s: 2 x H100
    at int8, 6,268 tokens/s; 3 at bf16, 2,579 each at most). The rate was ignored: 1 x H100
    from memory alone, and no count at all with no GPU named. False (the caller answers as
    before) where no rate is read, several users are named, or nothing carries it. ``month``:
    a month asked is said beside the count (False for :func:`load_sized`, which leads with
    it)."""
    m = w.model
    assert m is not None
    if (w.ex.concurrent_requests or 0) > 1 or w.st.deadline_hours:
        return False
    before = w.st  # restored where this answers nothing
    out = _out(w)
    inp = _prompt(w, out)
    tps = w.st.throughput_tokens_per_s
    read: str | None = None  # the note that reads a bare rate as the total
    if tps is None and w.st.min_tokens_per_s and not w.st.tps_each:
        fastest = _fastest_stream(w, inp, out)
        if fastest is None or w.st.min_tokens_per_s <= fastest[0] or fastest[1].gpu is None:
            return False
        tps = w.st.min_tokens_per_s
        speed, one = fastest
        assert one.gpu is not None
        read = w.say("speed_tps_read_total", model=m.name, tps=w.per_s(tps),
                     fastest=w.rate(speed), weights=one.weights,
                     setup=w.setup(one.gpu_count, one.gpu.id))
        w.st = dc_replace(w.st, min_tokens_per_s=None, throughput_tokens_per_s=tps)
    if not tps:
        return False
    gpus = [gid] if gid is not None else None
    if gid is not None and w.st.bare_gpu is not None and gid in w.st.bare_gpu[1:]:
        # "How many V100 ...": a load is spread over as many cards as it needs, so each
        # memory variant the name covers is tried, the card chosen named in the answer (the
        # note that reads the name as one card said "the model needs 10 of it" of the load's)
        gpus = list(w.st.bare_gpu[1:])
        w.st = dc_replace(w.st, bare_gpu=None)
    kw: dict[str, Any] = {"workload": "serving", "context_tokens": inp + out,
                          "output_tokens": out, "target_output_tokens_per_s": tps}
    rec = w.recommend(**kw, gpus=gpus) if gpus else w.recommend(**kw)
    o = rec.options[0] if rec is not None and rec.options else None
    said = {"tps": w.per_s(tps), "inp": w.n(inp), "out": w.n(out), "model": m.name}
    if o is not None and o.performance.output_tokens_per_s_total:
        assert rec is not None
        w.offer_numbers(rec)
        n = o.offer.gpu_count * o.nodes
        ranked = w.lead_rank(o, rec.options[1:], said="rank_cheaper_listed_short")
        which = w.say("gpu_count_tokens_ranked" if ranked
                      else w.on("gpu_count_tokens_cheapest_gpu", gid) if gid is not None
                      else "gpu_count_tokens_cheapest", **(ranked or {}))
        w.out.first = w.say("gpu_count_tokens", **said, weights=o.weights, n=w.n(n),
                            gpu=o.offer.gpu_name, which=which,
                            machines=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
                            thr=w.rate(o.performance.output_tokens_per_s_total),
                            hour=w.usd(o.cost.per_hour_usd), provider=o.offer.provider,
                            kind=w.kinds[o.pricing_model])
        # one instance of the recommendations' own setup, where it is the width asked (the
        # sizing's full load of 2 × H100 is 923 tokens/s where the recommendations' 2
        # instances of 2 make 1,680, their 10 % memory headroom kept)
        each = (o.performance.output_tokens_per_s_total / o.nodes
                if o.offer.gpu_count == w.ex.gpu_count and o.nodes else None)
        short = _stated_count_short(w, o.offer.gpu, o.weights, n, tps, inp, out, each)
        if short is not None:
            w.out.more.insert(0, w.out.first)
            w.out.first = short
        w.ask("gpu_count", n, "GPUs")
        if read:
            w.out.more.append(read)
        _volume_read(w, tps)
        # a month asked: right after the lead's hour, before the model's own count (it came
        # after that count, its "That setup" read as the bf16 one; audit rateprec23)
        _setup_month(w, o, len(w.out.more), first=True)
        # the GPU named at the model's own precision, where the setup is at another one
        own = (_tokens_own(w, o.offer.gpu, tps, inp, out)
               if gid is not None and w.weights is None else None)
        if own is not None and own[0].weights != o.weights:
            r, k, setups, most = own
            w.out.more.append(w.say("gpu_count_tokens_own", weights=r.weights,
                                    which=_own_word(w, r), n=w.n(k * setups),
                                    gpu=o.offer.gpu_name, setup=w.setup(k, o.offer.gpu),
                                    most=w.rate(most), load=w.f.percent(HEADROOM_LOAD, 0)))
        if gid is not None and short is None and not _tokens_fewer(w, o, tps, inp, out):
            _tokens_replicas(w, o, tps, inp, out)
        w.out.more.append(w.say("price_date", date=price_date_words(
            o.offer.as_of, o.offer.as_of_kind, w.t)))
        w.option_warnings(o)
        return True
    own = _tokens_own(w, gid, tps, inp, out) if gid is not None else None
    if own is None or gid is None:
        w.st = before
        return False
    # no offer of the GPU named carries it (or none is priced): the sizing's count of it,
    # at the precision a request rate's count is sized at where none is stated
    # (:func:`rate_weights`), the model's own after as the unquantised option; where that
    # rule names none (no setup of the GPU is ranked for the load: past the GPUs one is
    # sized on), the model's own (audit rateprec23)
    unq: RateSetups | None = None
    pick = rate_weights(w, gid)
    if pick is not None and pick != own[0].weights and out > 0:
        got = gpus_for_rate(w, gid, tps / out, inp, out, weights=pick)
        if got is not None and got.sized.weights == pick:
            unq = gpus_for_rate(w, gid, tps / out, inp, out)
            own = (got.sized, got.per, got.setups, got.most_requests_per_s * out)
    r, k, setups, most = own
    w.record(r, inp + out)
    w.out.first = w.say("gpu_count_tokens_sized", **said, weights=r.weights,
                        n=w.n(k * setups), gpu=w.gpu_name(gid), setup=w.setup(k, gid),
                        most=w.rate(most), load=w.f.percent(HEADROOM_LOAD, 0))
    short = _stated_count_short(w, gid, r.weights, k * setups, tps, inp, out)
    if short is not None:
        w.out.more.insert(0, w.out.first)
        w.out.first = short
    w.ask("gpu_count", k * setups, "GPUs")
    if read:
        w.out.more.append(read)
    _volume_read(w, tps)
    at_hour = len(w.out.more)
    if w.replicas_price(gid, k, setups) and month:
        # a month asked beside the count, after its hour, as the request rate's count says it
        # (24 h/day x 30 days unless a usage is stated; it was the hour alone: audit
        # rateprec23); the cost answer (:func:`load_sized`) leads with its own month
        _rate_month(w, gid, at_hour + 1, k * setups, r.weights)
    _rate_own_said(w, gid, unq, r)
    w.sized_warnings(r, inp + out)
    return True


def _volume_read(w: _W, tps: float) -> None:
    """How tokens a day, a week or a month (:attr:`Stated.throughput_volume`) were read as the
    rate counted: their average output tokens/s over the hours of that period, which a peak
    above it exceeds (audit 31a #1: the volume was dropped, the model's memory answered)."""
    vol = w.st.throughput_volume
    if vol is None:
        return
    tokens, per, day, days = vol
    w.out.more.append(w.say(f"gpu_count_tokens_volume_{per}", tokens=w.n(tokens),
                            tps=w.per_s(tps), hours=w.day_hours(day), days=w.hours(days)))


def _stated_count_short(w: _W, gid: str, weights: str, n: int, tps: float, inp: int,
                        out: int, each: float | None = None) -> str | None:
    """The GPUs the question puts the model on ("on 2 h100s ... for 1000 tokens/s") where the
    count answered for the rate is more: said first that they cannot carry it, with what they
    make at full load (``each``: one instance of the recommendations' setup where it is that
    width, else the sizing's; or that they do not hold the model), before the larger setup.
    It answered 4 x H100 with no word about the 2 asked (audit buyer17b, lesser)."""
    stated = w.ex.gpu_count
    if not stated or n <= stated or w.ex.gpu != gid:
        return None
    setup = w.setup(stated, gid)
    r = w.size(gpu=gid, gpu_count=stated, weights=weights, input_tokens=inp,
               output_tokens=out)
    if r is None or not r.fits_in_memory:
        return w.say("gpu_count_tokens_stated_no_fit", setup=setup, tps=w.per_s(tps),
                     weights=weights, n=w.n(n))
    p = r.performance
    most = each or (p.max_throughput_tokens_per_s if p is not None else None)
    if not most:
        return None
    if most >= tps and tps <= HEADROOM_LOAD * most:
        # they carry it under the load kept even 100% busy by the sizing: the count differs
        # by the recommendations' memory headroom, which :func:`_tokens_fewer` says
        return None
    key = ("gpu_count_tokens_stated_short" if most < tps
           else "gpu_count_tokens_stated_headroom")
    return w.say(key, setup=setup, tps=w.per_s(tps), weights=weights, most=w.rate(most),
                 load=w.f.percent(HEADROOM_LOAD, 0), n=w.n(n))


def _tokens_fewer(w: _W, o: Option, tps: float, inp: int, out: int) -> bool:
    """After the recommendations' setup ``o`` for a token rate on the GPU named: why the
    fewest of that GPU that hold the model (the recommendations' cheapest setup of it for one
    request, at ``o``'s precision) do not carry it where they are fewer GPUs than ``o``: what
    they make at most with the recommendations' memory headroom kept free (their full load,
    at as many requests as that memory holds), the rate's share of it over ``HEADROOM_LOAD``
    (or over all of it), and, where that carries the rate, the sizing's 100%-busy figure
    other answers give (audit buyer17b #3: 1,000 tokens/s of gpt-oss-120b took 2 x H100
    with no word of why, where /v1/ask says one makes 2,258 tokens/s at full load; with 10 %
    of its memory free it runs 16 requests and makes 1,124, of which 1,000 is 89 %).
    Nothing where the fewer carry it under that share (another target set the count), nor
    where the rate is past what they make even 100% busy (nothing to explain): False, as
    where nothing is said."""
    n = o.offer.gpu_count * o.nodes
    before = w.st
    # the fewest that hold the model, for one request: no token rate to carry
    w.st = dc_replace(w.st, throughput_tokens_per_s=None)
    try:
        rec = w.recommend(workload="serving", context_tokens=inp + out,
                          output_tokens=out, concurrent_requests=1, gpus=[o.offer.gpu],
                          weights=o.weights)
    finally:
        w.st = before
    f = rec.options[0] if rec is not None and rec.options else None
    if f is None or f.nodes != 1 or f.weights != o.weights or f.offer.gpu != o.offer.gpu:
        return False
    k, p = f.offer.gpu_count, f.performance
    most, conc = p.output_tokens_per_s_total, p.max_concurrency
    if k >= n or not most or not conc or tps <= HEADROOM_LOAD * most:
        return False
    r = w.size(gpu=f.offer.gpu, gpu_count=k, input_tokens=inp, output_tokens=out,
               weights=f.weights)
    full = r.performance if r is not None and r.fits and r.runs is not False else None
    busy = bool(full is not None and full.max_throughput_tokens_per_s and full.max_concurrency
                and full.max_throughput_tokens_per_s >= tps and full.max_concurrency > conc)
    if tps > most and not busy:
        return False  # far past what they make, at any load: nothing another answer contradicts
    said = {"setup": w.setup(k, f.offer.gpu), "room": w.f.percent(SERVICE_HEADROOM_PCT / 100, 0),
            "conc": w.n(conc), "most": w.rate(most), "tps": w.per_s(tps)}
    if tps > most:
        w.out.more.append(w.say("gpu_count_tokens_fewer_over", **said))
    else:
        w.out.more.append(w.say("gpu_count_tokens_fewer", **said, pct=w.f.percent(tps / most, 0),
                                load=w.f.percent(HEADROOM_LOAD, 0)))
    if busy:
        assert full is not None and full.max_throughput_tokens_per_s and full.max_concurrency
        w.out.more.append(w.say("gpu_count_tokens_fewer_busy", setup=said["setup"],
                                full=w.rate(full.max_throughput_tokens_per_s),
                                conc=w.n(full.max_concurrency), room=said["room"]))
    return True


def _tokens_replicas(w: _W, o: Option, tps: float, inp: int, out: int) -> None:
    """After the recommendations' setup ``o`` for a token rate on the GPU named, spread over
    several replicas: why one replica fewer is not enough where the sizing's 100%-busy
    capacity of a replica of the same width at ``o``'s precision counts fewer (``setups_for``
    on its most requests/s, as the request rate's count reads it). What a replica of ``o``
    makes at most with the recommendations' memory headroom kept free and at how many
    requests at once (its share of ``o``'s total, so that the total said in the lead is that
    many of it), the rate's share of one replica fewer over ``HEADROOM_LOAD``, then the
    sizing's count and the figure it rests on (the full load other answers give for that
    setup). Audit buyer18b #6: 2,000 tokens/s of Llama
    3.1 70B fp8 on H200 took 6 × H200, "about 2,979 tokens/s in all at full load", with no
    word of why, where /v1/ask says one H200 makes 570 at full load (5 carry it under 80 %);
    with 10 % of its memory free one runs 34 requests and makes 496, and 2,000 is 81 % of 5
    of them. Nothing where one replica fewer carries the rate under that share (an offer's
    size or another target set the count) or the sizing counts as many."""
    replicas = o.nodes * o.fit.replicas_per_node
    per = o.fit.gpus_per_replica
    p = o.performance
    total, conc = p.output_tokens_per_s_total, p.max_concurrency
    if replicas < 2 or not per or not total or not conc or out <= 0:
        return
    each = total / replicas
    fewer = replicas - 1
    if tps <= HEADROOM_LOAD * each * fewer:
        return
    # the sizing of one replica of the same width at the same precision: its 100%-busy
    # capacity (every bit of memory in use), what the speed answer gives at full load
    r = w.size(gpu=o.offer.gpu, gpu_count=per, input_tokens=inp, output_tokens=out,
               weights=o.weights)
    full = r.performance if r is not None and r.fits and r.runs is not False else None
    if (full is None or not full.max_requests_per_s or not full.max_throughput_tokens_per_s
            or not full.max_concurrency):
        return
    k = setups_for(tps / out, full.max_requests_per_s)
    if k >= replicas:
        return  # the sizing counts as many: nothing another answer contradicts
    said = {"room": w.f.percent(SERVICE_HEADROOM_PCT / 100, 0),
            "load": w.f.percent(HEADROOM_LOAD, 0),
            "setup": w.setup(per, o.offer.gpu)}
    w.out.more.append(w.say(
        "gpu_count_tokens_replicas", **said, replicas=w.replicas(replicas),
        conc=w.n(conc // replicas), each=w.rate(each), thr=w.rate(total), fewer=w.n(fewer),
        fewer_most=w.rate(each * fewer), tps=w.per_s(tps),
        pct=w.f.percent(tps / (each * fewer), 0)))
    w.out.more.append(w.say(
        "gpu_count_tokens_replicas_busy", **said, full=w.rate(full.max_throughput_tokens_per_s),
        conc=w.n(full.max_concurrency), n=w.n(k * per), gpu=o.offer.gpu_name,
        many=w.replicas(k)))


def _tokens_own(w: _W, gid: str, tps: float, inp: int, out: int
                ) -> tuple[SizingResult, int, int, float] | None:
    """``gid`` at the precision asked, else the model's own (the nearest its engine runs
    there): of the setups of it in one node from the fewest that hold the model up to a
    node (doubling), the one that makes ``tps`` output tokens/s on the fewest GPUs in all,
    each setup under ``HEADROOM_LOAD`` of its most at full load (``setups_for``, as the
    request-rate count and the recommendations' rate targets count them; the narrower on a
    tie): (its sizing, GPUs per setup, setups, its most tokens/s). The fewest that hold
    Llama 3.1 70B at bf16, 2 x A100 80GB, make 84 tokens/s with the KV cache left (150 of
    them for 5,000), 4 make many times that. None where no node holds it."""
    # the output rate is a request rate of ``out`` tokens each, counted by the one function
    # the request-rate count and the speed answer count with (:func:`gpus_for_rate`; audit
    # regress8 #3: 1M tokens/s of Llama 3.1 8B is 1,953 requests/s of 512 out, 485 x H100)
    got = gpus_for_rate(w, gid, tps / out, inp, out) if out > 0 else None
    if got is None:
        return None
    return got.sized, got.per, got.setups, got.most_requests_per_s * out


def _own_word(w: _W, r: SizingResult) -> str:
    """ "the model's own" where ``r`` is at the model's own precision, else "the nearest to
    it that runs there" (fp16 for a bf16 model on a T4)."""
    m = w.model
    assert m is not None
    own = default_weights(None, None, sized_from_entry(m)).precision.id
    return w.t["gpu_count_tokens_own_word" if r.weights == own else "gpu_count_tokens_near_word"]


def _gpu_count_rate_on(w: _W, gid: str, inp: int, out: int) -> bool:
    """A request rate on the GPU named ("how many A100s for 50 requests/s"): that GPU,
    never another one cheaper. Of the setups of it in one node from the fewest that hold
    the model up to a node (doubling), at the precision asked or else the model's own (the
    nearest the engine runs there), the width that carries the rate on the fewest GPUs in
    all, each setup under ``HEADROOM_LOAD`` of what it serves (:func:`gpus_for_rate`, which
    the speed answer at a rate counts with too), the narrower width it beat where it is
    wider, their time to first token at their share of
    the rate, and their on-demand price. The recommendations' cheapest setup for the load
    follows when it is another GPU. False (the caller answers as before) when no node of
    ``gid`` holds it or its engine runs no precision there."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    # the width and setups the speed answer counts too (:func:`gpus_for_rate`: 17 x L4 in
    # 1-GPU replicas was 8 in 2-GPU ones there; audit regress6 #12)
    got = gpus_for_rate(w, gid, rate, inp, out)
    if got is None:
        return False
    # no precision stated: counted at the one the recommendations serve the load at on that
    # GPU (:func:`rate_weights`), the model's own said after it as the unquantised option
    # (it led with 4 x H100 at bf16 for $7.47/h, then "at fp8, as the recommendations size
    # it: 2 x H100, $2.58/h"; audit ratemonth23). A per-user speed or first-token target
    # beside the rate keeps its own lead (:func:`_rate_target_lead`, the recommendations'
    # setup that meets both)
    own: RateSetups | None = None
    pick = rate_weights(w, gid) if not (w.st.min_tokens_per_s or w.st.max_ttft_ms) else None
    if pick is not None and pick != got.sized.weights:
        picked = gpus_for_rate(w, gid, rate, inp, out, weights=pick)
        if picked is not None and picked.sized.weights == pick:
            own, got = got, picked
    one, k, setups, most, n = got.sized, got.per, got.setups, got.most_requests_per_s, got.gpus
    if (w.st.min_tokens_per_s or w.st.max_ttft_ms) and _rate_target_lead(w, gid, inp, out, got):
        return True
    if _rate_recs_lead(w, gid, inp, out, got):
        _rate_own_said(w, gid, own, got.sized)
        return True
    at = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                request_rate_per_s=rate / setups, weights=one.weights) or one
    w.record(at, inp + out)
    # the GPUs rented: the whole machines that price the replicas (:meth:`_W.replicas_price`,
    # said below). The count said and asked is that one, with the GPUs that carry the rate in
    # brackets where the machines make more: it led with 5 x L40S for 50 requests/s, priced 3
    # instances of 2 (6 GPUs) and gave 5 in the numbers (audit countlead22). No price: the
    # GPUs that carry it.
    rent = w.replicas_offer(gid, k, setups)
    rented = rent[1] * rent[2].gpu_count if rent is not None else n
    # "For 1 request per second" ("1 requests" was said: audit regress6 #15)
    # ("at 1 request/s each" too, each setup's share of the rate: audit regress13 #12)
    each = _rps(w, rate / setups)
    key = "gpu_count_rate_gpu_one" if rate == 1 else "gpu_count_rate_gpu"
    w.out.first = w.say(key + "_each_one" if each == w.n(1) else key,
                        rate=w.per_s(rate), inp=w.n(inp), out=w.n(out),
                        model=w.model.name, weights=one.weights, n=w.n(rented),
                        gpu=w.gpu_name(gid),
                        rented=w.say("gpu_count_rate_rented", carry=w.n(n), n=w.n(rented),
                                     m=w.n(rent[2].gpu_count))
                        if rent is not None and rented > n else "",
                        replicas=w.replicas(setups), setup=w.setup(k, gid), most=_rps(w, most),
                        each=each, load=w.f.percent(HEADROOM_LOAD, 0))
    w.ask("gpu_count", rented, "GPUs")
    if got.narrow[0] != k:  # a wider setup than the fewest that hold it: the one it beat
        w.out.more.append(w.say("gpu_count_rate_width", first=w.n(got.narrow[0]),
                                last=w.n(NODE_GPUS), setup=w.setup(k, gid),
                                narrow=w.setup(got.narrow[0], gid), gpus=w.n(got.narrow[2]),
                                most=_rps(w, got.narrow[1])))
    p = at.performance
    if p is not None and p.time_to_first_token_ms and p.output_tokens_per_s_per_user:
        w.out.more.append(w.say("gpu_count_rate_load", ttft=w.n(p.time_to_first_token_ms),
                                tps=w.rate(p.output_tokens_per_s_per_user)))
    # a per-user speed or first-token target beside the rate: that count is weighed against
    # it, and where it misses, the cheapest setup of the GPU that meets both leads (it led
    # with 24 x L40S at 6,366 ms for a 3 s target; audit buyer17b #1's neighbour)
    target_pick = (rate_target(w, gid, rate, inp, out, p.time_to_first_token_ms,
                               p.time_per_output_token_ms, lead=True, after=True)
                   if p is not None else None)
    at_hour = len(w.out.more)
    if w.replicas_price(gid, k, setups):  # whole machines, each holding whole replicas
        _rate_month(w, gid, at_hour + 1, rented, one.weights)
    if target_pick is None:  # (the setup that meets the target leads: said once)
        _rate_setup_said(w, gid, rented, one.weights)
    _rate_own_said(w, gid, own, one)
    _rate_cheapest(w, gid, inp, out)
    w.sized_warnings(at, inp + out)
    return True


def _rate_cheapest(w: _W, gid: str, inp: int, out: int) -> None:
    """After a count at a rate on the GPU named: the recommendations' cheapest setup for the
    load where it is another GPU, meeting a per-user speed target stated too (a first-token
    target is passed by :meth:`_W.recommend` itself; it named 36 x RTX 3060 for 40 tokens/s
    per user, sized for the rate alone)."""
    rec = w.recommend(workload="serving", target_requests_per_s=w.st.request_rate_per_s,
                      min_decode_tokens_per_s=w.st.min_tokens_per_s,
                      context_tokens=inp + out, output_tokens=out)
    o = rec.options[0] if rec is not None and rec.options else None
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    if o is not None and o.offer.gpu != gid and (tps_min or ttft_max):
        # a target stated: that other GPU said to meet it, with its figures, or not said (it
        # ended "That misses your target ... The cheapest setup in the catalog for this load
        # is 32 x V100", with no word of the target; audit buyer21 #10)
        p = o.performance
        tps, ms = p.decode_tokens_per_s_per_user, p.time_to_first_token_ms
        if (tps is None or ms is None or (tps_min and tps < tps_min)
                or (ttft_max and ms > ttft_max)):
            return
        n = o.offer.gpu_count * o.nodes
        ranked = w.lead_rank(o, [], said="")  # listed nowhere: a cheaper one by its rank
        w.out.more.append(w.say(
            "gpu_count_rate_cheapest_target_ranked" if ranked
            else "gpu_count_rate_cheapest_target", **(ranked or {}), weights=o.weights,
            setup=(w.option_setup(o) if o.nodes == 1
                   else f"{w.n(n)} × {o.offer.gpu_name} ({w.option_setup(o)})"),
            tps=w.rate(tps), ms=w.n(ms), provider=o.offer.provider,
            hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]))
        return
    if o is not None and o.offer.gpu != gid:
        key = "gpu_count_rate_cheapest" if o.nodes > 1 else "gpu_count_rate_cheapest_one"
        ranked = w.lead_rank(o, [], said="")  # listed nowhere: a cheaper one by its rank
        w.out.more.append(w.say(key + ("_ranked" if ranked else ""), **(ranked or {}),
                                n=w.n(o.offer.gpu_count * o.nodes),
                                gpu=o.offer.gpu_name, setup=f" ({w.option_setup(o)})"
                                if o.nodes > 1 else w.option_setup(o),
                                weights=o.weights, provider=o.offer.provider,
                                hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]))


def _rate_target_lead(w: _W, gid: str, inp: int, out: int, got: RateSetups) -> bool:
    """A request rate on the GPU named with a per-user speed or first-token target where the
    count the rate alone takes misses the target: the recommendations' cheapest setup of that
    GPU that meets both (``target_requests_per_s`` with the target, as a /v1/recommendations
    body with ``gpus`` sizes it) is the one answer, with its speed, first token and price; the
    rate's own count follows said as what the rate alone would take and why it is not the
    answer, unpriced. Both were given as counts: 10 x RTX 4090 at int8 at 42.3 tokens/s for
    40 tokens/s per user, then 18 x RTX 4090 at bf16 priced at $6.30/h, "that misses your
    target" (audit buyer18b #10). False (the caller answers as before) where the rate's count
    meets the target or no setup of ``gid`` meets it."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    alone = w.size(gpu=gid, gpu_count=got.per, input_tokens=inp, output_tokens=out,
                   request_rate_per_s=rate / got.setups, weights=got.sized.weights)
    q = alone.performance if alone is not None else None
    if (q is None or q.time_to_first_token_ms is None or not q.time_per_output_token_ms
            or not q.output_tokens_per_s_per_user):
        return False
    if ((not tps_min or 1000 / q.time_per_output_token_ms >= tps_min)
            and (not ttft_max or q.time_to_first_token_ms <= ttft_max)):
        return False  # the rate's count meets it: said after it (:func:`rate_target`)
    rec = w.recommend(workload="serving", gpus=[gid], target_requests_per_s=rate,
                      min_decode_tokens_per_s=tps_min, context_tokens=inp + out,
                      output_tokens=out)
    o = rec.options[0] if rec is not None and rec.options else None
    p = o.performance if o is not None else None
    if (rec is None or o is None or p is None or p.time_to_first_token_ms is None
            or not p.decode_tokens_per_s_per_user):
        return False
    target = w.targets_said()
    n = o.offer.gpu_count * o.nodes
    ranked = w.lead_rank(o, rec.options[1:3], said="")  # the cheapest only where it is
    w.out.first = w.say("speed_rate_target_pick_ranked" if ranked
                        else "speed_rate_target_pick", **(ranked or {}),
                        target=_target_at_load(w, target, rate),
                        model=w.model.name, weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                        machines=f" ({w.option_setup(o)})" if o.nodes > 1 else "",
                        tps=w.rate(p.decode_tokens_per_s_per_user),
                        ttft=w.n(p.time_to_first_token_ms), provider=o.offer.provider,
                        hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model])
    w.ask("gpu_count", n, "GPUs")
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    # the rate's own count, framed: what the rate alone would take, and that it misses
    w.out.more.append(w.say("gpu_count_rate_target_alone", weights=got.sized.weights,
                            n=w.n(got.gpus), gpu=w.gpu_name(gid),
                            replicas=w.replicas(got.setups), setup=w.setup(got.per, gid),
                            ttft=w.n(q.time_to_first_token_ms),
                            tps=w.rate(q.output_tokens_per_s_per_user)))
    w.out.more.append(w.say("target_missed", target=target))
    _rate_cheapest(w, gid, inp, out)
    # the sizing of one of the pick's replicas at its share of the rate (memory, warnings)
    replicas = o.nodes * o.fit.replicas_per_node
    at = w.size(gpu=gid, gpu_count=max(1, o.fit.gpus_per_replica), input_tokens=inp,
                output_tokens=out, request_rate_per_s=rate / max(1, replicas),
                weights=o.weights) or alone
    assert at is not None
    w.record(at, inp + out)
    w.option_warnings(o)
    w.sized_warnings(at, inp + out)
    return True


def _rate_recs_lead(w: _W, gid: str, inp: int, out: int, got: RateSetups) -> bool:
    """A request rate on the GPU named where THE setup for it (:func:`rate_setup`, the
    recommendations' lead) is at the precision the sizing's count is at but takes another
    count: that setup leads, with its replicas' capacity (what each serves with the
    recommendations' memory headroom kept free), its first-token wait and speed per user at
    the load and its price; the sizing's count follows, said to rest on a replica's 100
    %-busy capacity (all of its memory in use). One answer gave two counts for one need at
    one precision with no word of why (audit buyer17b #7: Llama 3.3 70B fp8 at 20 requests/s
    of 8k prompts led with 48 x H100 in 24 replicas of 1.06 requests/s at most, then "as the
    recommendations size it: 52 x H100", whose replicas serve 0.983 with 10 % kept free).
    False (the caller leads with the sizing's count) where that setup is at another
    precision, takes the same count, or is not on ``gid``."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    setup = rate_setup(w, gid)
    o = setup.options[0] if setup is not None and setup.options else None
    if (setup is None or o is None or o.offer.gpu != gid or o.weights != got.sized.weights
            or o.offer.gpu_count * o.nodes == got.gpus):
        return False
    p = o.performance
    replicas = o.nodes * o.fit.replicas_per_node
    per = o.fit.gpus_per_replica
    if not (replicas and per and p.requests_per_s and p.max_concurrency):
        return False
    n = o.offer.gpu_count * o.nodes
    most, each = p.requests_per_s / replicas, rate / replicas
    key = "gpu_count_rate_recs" + ("_one" if rate == 1 else "")
    said_each = _rps(w, each)
    w.out.first = w.say(key + "_each_one" if said_each == w.n(1) else key,
                        rate=w.per_s(rate), inp=w.n(inp), out=w.n(out),
                        model=w.model.name, weights=o.weights, n=w.n(n), gpu=w.gpu_name(gid),
                        replicas=w.replicas(replicas), setup=w.setup(per, gid),
                        most=_rps(w, most), room=w.f.percent(SERVICE_HEADROOM_PCT / 100, 0),
                        conc=w.n(p.max_concurrency // replicas), each=said_each,
                        load=w.f.percent(HEADROOM_LOAD, 0))
    w.ask("gpu_count", n, "GPUs")
    if p.time_to_first_token_ms and p.decode_tokens_per_s_per_user:
        w.out.more.append(w.say("gpu_count_rate_load", ttft=w.n(p.time_to_first_token_ms),
                                tps=w.rate(p.decode_tokens_per_s_per_user)))
    w.out.more.append(w.say(
        w.on("gpu_count_rate_recs_price", o.offer.gpu), hour=w.usd(o.cost.per_hour_usd),
        provider=o.offer.provider,
        machines=w.say("instance_one" if o.nodes == 1 else "instances", n=w.n(o.nodes),
                       setup=w.setup(o.offer.gpu_count, gid)),
        gpus=w.n(n), price=w.usd(o.cost.per_hour_usd / n), kind=w.kinds[o.pricing_model]))
    _setup_month(w, o, first=True)  # (a month asked beside the count: audit ratemonth23)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.out.more.append(w.say("gpu_count_rate_busy", most=_rps(w, got.most_requests_per_s),
                            setup=w.setup(got.per, gid), n=w.n(got.gpus), gpu=w.gpu_name(gid),
                            replicas=w.replicas(got.setups),
                            room=w.f.percent(SERVICE_HEADROOM_PCT / 100, 0)))
    w.offer_numbers(setup)
    # the sizing of one of its replicas at its share of the rate (memory in flight, warnings)
    at = w.size(gpu=gid, gpu_count=per, input_tokens=inp, output_tokens=out,
                request_rate_per_s=each, weights=o.weights) or got.sized
    w.record(at, inp + out)
    w.option_warnings(o)
    w.sized_warnings(at, inp + out)
    return True


def _month_asked(w: _W, month: float) -> None:
    """A month asked before the count at a rate ("monthly cost and how many h100s for ... at
    2 req/s?", :attr:`Stated.month_first`): that month is numbers.asked, the first asked
    leading as with two quantities elsewhere (it was the count; audit rateprec23)."""
    if w.st.month_first:
        w.ask("per_month_usd", month, "USD")


def _rate_month(w: _W, gid: str, at: int, n: int, weights: str) -> None:
    """A month asked beside a count at a rate on the GPU named ("how many H100s and cost per
    month?"), at ``at`` in the answer (right after the hour :meth:`_W.replicas_price` said):
    the month of THE setup for the load (:func:`rate_setup`) as the cost answers price it
    (24 h/day x 30 days unless a usage is stated, storage counted as they count it) where it
    is the ``n`` x ``gid`` at ``weights`` priced there at the same hour; else that hour over
    the month's hours at the usage (GPU time). It was the hour alone (audit ratemonth23:
    $7.47/h, no month)."""
    if not w.st.price_asked:
        return
    setup = rate_setup(w, gid)
    o = setup.options[0] if setup is not None and setup.options else None
    hour = w.replicas_hour
    if (o is not None and o.offer.gpu == gid and o.weights == weights
            and o.offer.gpu_count * o.nodes == n and o.cost.per_month_usd is not None
            and hour is not None and abs(o.cost.per_hour_usd - hour) < 0.005):
        said = [w.say("gpu_count_setup_month", month=w.usd(o.cost.per_month_usd),
                      usage=w.usage())]
        _month_asked(w, o.cost.per_month_usd)
        if o.cost.storage_per_month_usd or o.cost.egress_per_month_usd:
            said.append(w.month_parts(o))
    elif hour is not None:
        said = [w.say("gpu_count_month_basis", usage=w.usage(),
                      month=w.usd(hour * w.month_hours()))]
        _month_asked(w, hour * w.month_hours())
    else:
        return
    w.out.more[at:at] = said


def _rate_own_said(w: _W, gid: str, own: RateSetups | None,
                   picked: SizingResult | None = None) -> None:
    """After a count at a rate at the recommendations' precision (:func:`rate_weights`), the
    model's own precision as the unquantised option: its count (:func:`gpus_for_rate`) and
    the hourly price of its machines (:meth:`_W.replicas_offer`), unpriced where none is;
    right after the lead, that the precision picked runs weight-only on ``gid`` where it
    does (``picked``'s: fp8 on an A10G, :meth:`_W.weight_only_said`)."""
    if own is None:
        return
    note = w.weight_only_said(picked, gid) if picked is not None else None
    if note is not None:
        w.out.more.insert(0, note)
    rent = w.replicas_offer(gid, own.per, own.setups)
    gpus = rent[1] * rent[2].gpu_count if rent is not None else own.gpus
    common = {"weights": own.sized.weights, "n": w.n(gpus), "gpu": w.gpu_name(gid),
              "replicas": w.replicas(own.setups), "setup": w.setup(own.per, gid)}
    if rent is None:
        w.out.more.append(w.say("gpu_count_rate_own_unpriced", **common))
        return
    hour, machines, v, key = rent
    w.out.more.append(w.say(
        "gpu_count_rate_own", **common, hour=w.usd(hour), provider=v.provider,
        machines=w.say("instance_one" if machines == 1 else "instances", n=w.n(machines),
                       setup=w.setup(v.gpu_count, gid)),
        kind=w.kinds[key]))


def _rate_setup_said(w: _W, gid: str, n: int, weights: str) -> None:
    """After a count at a rate on the GPU named (at the precision asked, else the model's
    own): THE setup for that rate (:func:`~service.domain.answer.numbers.prices.rate_setup`,
    the one the hourly answer and the price per token lead with), in one sentence where it
    is another precision or count ("At fp8, as the recommendations size it: 16 × H100 (8
    instances of 2 × H100), $20.64/h at hyperbolic"), and in the numbers' recommendations
    either way, so the count, the hour and the price per token of one question name one
    setup (audit setuprate: the count said 20 × H100 at bf16 and never the hour's)."""
    setup = rate_setup(w, gid)
    o = setup.options[0] if setup is not None else None
    if setup is None or o is None or o.offer.gpu != gid:
        return
    w.offer_numbers(setup)
    w.offers_after = True  # (the count, at its own precision, leads)
    if o.weights == weights and o.offer.gpu_count * o.nodes == n:
        return
    w.out.more.append(w.say("gpu_count_rate_setup", weights=o.weights,
                            n=w.n(o.offer.gpu_count * o.nodes), gpu=w.gpu_name(gid),
                            machines=w.say("instance_one" if o.nodes == 1 else "instances",
                                           n=w.n(o.nodes),
                                           setup=w.setup(o.offer.gpu_count, gid)),
                            hour=w.usd(o.cost.per_hour_usd), provider=o.offer.provider,
                            kind=w.kinds[o.pricing_model]))


def _gpu_count_nodes(w: _W, gid: str, ctx: int, one: SizingResult) -> bool:
    """No single node of ``gid`` holds the model: the fewest whole nodes of eight that do,
    from sizing over that many GPUs (tensor parallel inside a node, pipeline stages across)."""
    assert w.model is not None
    n = 2 * NODE_GPUS
    while n <= 16 * NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=n, input_tokens=ctx, output_tokens=0)
        if r is None:
            return False
        if r.fits and r.runs is not False:
            w.record(r, ctx)
            w.out.first = w.say(w.on("gpu_count_nodes", gid, n), model=w.model.name,
                                weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                                nodes=w.n(n // NODE_GPUS), per_node=w.setup(NODE_GPUS, gid),
                                per=w.gib(r.memory.per_gpu_gib), ctx=w.n(ctx))
            w.ask("gpu_count", n, w.count_unit(gid))
            if r.layout is not None:
                w.out.more.append(w.say("gpu_count_layout", layout=r.layout.label))
            _eight_bit_count(w, gid, ctx, r.weights, n)
            if w.st.price_asked:
                # a price asked beside the count: the machines joined, priced, lead as the
                # cost answer's (the count was said with no price, the cost answer "no offer
                # meets that request"; audit buyer24b #9), the count and its layout after
                said, more = w.out.first, w.out.more
                w.out.more = []
                out = _out(w)
                if _nodes_cost_lead(w, {"context_tokens": _prompt(w, out, 4096 - out) + out,
                                        "output_tokens": out}, gid):
                    w.out.more[0:0] = [said, *more]
                else:
                    w.out.first, w.out.more = said, more
                    _no_price(w, gid)
            w.sized_warnings(r, ctx)
            return True
        n *= 2
    return False


LINK_PAIR = ("a100-sxm-80gb", "a100-pcie-80gb")
"""The same chip and memory with NVLink and on PCIe only: what a split loses to the link."""


def _interconnect_split(w: _W) -> None:
    """A model split over several GPUs, none named ("is NVLink needed to run Llama 3.1 70B
    on 4 GPUs?", "is PCIe enough for Llama 3.1 70B on 2 GPUs?"): the memory per GPU at that
    tensor split (the link does not change it), and the same chip's speed with NVLink and on
    PCIe (:data:`LINK_PAIR`), each as sizing times it (the all-reduces on each link's measured
    collective curve). Two PCIe cards may share an NVLink bridge (the A100 PCIe's): for two
    the PCIe side is timed without it (sizing's ``interconnect`` :data:`NO_NVLINK`), said so
    (it answered a passage alone, or the model's memory on one B200; buyer audit 28b #7)."""
    m, n = w.model, w.ex.gpu_count
    if m is None or m.kind != "llm" or not n or n < 2:
        return
    ctx = _prompt(w) + _OUT  # the context said: the prompt and 512 out
    nv = w.size(gpu=LINK_PAIR[0], gpu_count=n, input_tokens=ctx - _OUT, output_tokens=_OUT)
    pcie = w.size(gpu=LINK_PAIR[1], gpu_count=n, input_tokens=ctx - _OUT, output_tokens=_OUT,
                  interconnect=NO_NVLINK if n == 2 else None)
    if nv is None or pcie is None or not nv.fits_in_memory or not pcie.fits_in_memory:
        return
    a, b = nv.performance, pcie.performance
    if (a is None or b is None or not a.decode_tokens_per_s or not b.decode_tokens_per_s
            or a.time_to_first_token_ms is None or b.time_to_first_token_ms is None):
        return
    gib = nv.memory.per_gpu_gib
    slower = max(0.0, (1 - b.decode_tokens_per_s / a.decode_tokens_per_s) * 100)
    key = "interconnect_split_pcie" if w.st.pcie_enough else "interconnect_split"
    w.out.first = w.say(key, model=m.name, weights=nv.weights, n=w.n(n),
                        gib=w.gib(gib), ctx=w.n(ctx), gpu_nv=w.reg.gpus[LINK_PAIR[0]].name,
                        gpu_pcie=w.reg.gpus[LINK_PAIR[1]].name,
                        over=w.t["split_over_two" if n == 2 else "split_over"],
                        tps_nv=w.n(a.decode_tokens_per_s, 1),
                        tps_pcie=w.n(b.decode_tokens_per_s, 1), pct=w.n(slower),
                        ttft_nv=w.n(a.time_to_first_token_ms),
                        ttft_pcie=w.n(b.time_to_first_token_ms))
    w.record(nv, ctx)
    # the question asked: whether the link is needed (to hold the model it is not), or
    # whether PCIe will do (it holds it)
    w.ask("per_gpu_gib", gib, "GiB", yes=w.st.pcie_enough)


def _interconnect_timed(w: _W, gid: str) -> bool:
    """"Does NVLink matter for Llama 3 70B fp8 on 2 H100?": the model on that many of the GPU
    named (the count stated, else the fewest that hold it), timed as /v1/sizing times it
    (its NVLink or bridge) and on the same cards joined by their PCIe x16 links alone
    (sizing's ``interconnect`` :data:`NO_NVLINK`: the all-reduces on that link), each side's
    decode speed and first-token time and the ratio. It was the card's link speed alone
    (buyer audit 27c #4). False where no LLM is named, the card has no NVLink, or one card
    holds it (nothing crosses the link)."""
    m = w.model
    g = w.reg.gpus[gid]
    if m is not None and m.kind == "llm" and g.link == "pcie":
        return _interconnect_pcie_only(w, gid)
    if m is None or m.kind != "llm" or g.link == "pcie" or not g.pcie_gen:
        return False
    inp = _prompt(w)
    n = _count_stated_or_fewest(w, gid, inp)
    if not n or n < 2:
        return False
    nv = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=_OUT)
    pcie = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=_OUT,
                  interconnect=NO_NVLINK)
    a = nv.performance if nv is not None and nv.fits_in_memory else None
    b = pcie.performance if pcie is not None and pcie.fits_in_memory else None
    if (nv is None or a is None or b is None or not a.decode_tokens_per_s
            or not b.decode_tokens_per_s or a.time_to_first_token_ms is None
            or b.time_to_first_token_ms is None):
        return False
    x = a.decode_tokens_per_s / b.decode_tokens_per_s
    y = b.time_to_first_token_ms / a.time_to_first_token_ms
    tp = nv.layout.tensor if nv.layout is not None else 1
    key = ("interconnect_timed_none" if tp == 1 else
           "interconnect_timed_yes" if x >= 1.1 or y >= 1.2 else "interconnect_timed_little")
    if w.st.pcie_enough:
        # "is PCIe enough": the same figures, its yes or no PCIe's, with the memory per GPU
        # that holds the model however the cards are linked (buyer audit 28b #7)
        key += "_pcie"
    link = g.link_name or g.link
    for en, key_words in (("no NVLink", "link_no_nvlink"), (" links", "link_links"),
                          (" GPUs)", "link_gpus")):
        link = link.replace(en, w.t[key_words])  # the registry's words are English
    w.out.first = w.say(key, model=m.name, weights=nv.weights, setup=w.setup(n, gid),
                        link=link, gen=w.n(g.pcie_gen), tp=w.n(tp),
                        tps_nv=w.rate(a.decode_tokens_per_s),
                        tps_pcie=w.rate(b.decode_tokens_per_s),
                        ttft_nv=w.n(a.time_to_first_token_ms),
                        ttft_pcie=w.n(b.time_to_first_token_ms),
                        x=w.n(x, 2), y=w.n(y, 1), gib=w.gib(nv.memory.per_gpu_gib),
                        cap=w.gib(w.cap(nv)))
    w.record(nv, inp + _OUT)
    if w.st.pcie_enough:
        w.ask("decode_tokens_per_s", b.decode_tokens_per_s, "tokens/s", yes=True)
    else:
        w.ask("decode_tokens_per_s", a.decode_tokens_per_s, "tokens/s")
    w.sized_warnings(nv, inp + _OUT)
    return True


def _count_stated_or_fewest(w: _W, gid: str, inp: int) -> int | None:
    """The GPU count the question states, else the fewest of ``gid`` that hold the model
    (sizing's ``fits_on``) for a prompt of ``inp`` tokens; None where none does."""
    if w.ex.gpu_count:
        return w.ex.gpu_count
    fit = w.size(gpu=gid, input_tokens=inp, output_tokens=_OUT)
    return next((f.gpu_count for f in fit.fits_on if f.gpu == gid), None) if fit else None


def _interconnect_pcie_only(w: _W, gid: str) -> bool:
    """"Is NVLink needed for Llama 3.1 70B fp8 on 2 L40S?", "is PCIe enough ... on 2 L40S?":
    a card with no NVLink at all (its catalog link PCIe): said so, with the model on that many
    of it (the count stated, else the fewest that hold it) as /v1/sizing times it over the
    cards' PCIe, its memory per GPU against the usable, decode speed and first-token time; the
    yes or no is whether it runs there over PCIe. It was the card's link line alone, no yes
    or no (buyer audit 28b #7). False where nothing is sized."""
    m, g = w.model, w.reg.gpus[gid]
    if m is None:
        return False
    inp = _prompt(w)
    n = _count_stated_or_fewest(w, gid, inp)
    if not n:
        return False
    r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=_OUT)
    if r is None:
        return False
    # (the answer says the card has no NVLink: its link's own "(no NVLink)" left out)
    link = (g.link_name or g.link).replace(" (no NVLink)", "")
    for en, key_words in ((" links", "link_links"), (" GPUs)", "link_gpus")):
        link = link.replace(en, w.t[key_words])  # the registry's words are English
    said: dict[str, Any] = {"gpu": g.name, "link": link, "bw": w.n(g.link_gb_s or 0.0),
                            "model": m.name, "weights": r.weights, "setup": w.setup(n, gid),
                            "gib": w.gib(r.memory.per_gpu_gib), "cap": w.gib(w.cap(r))}
    p = r.performance if r.fits_in_memory else None
    if (p is None or not p.decode_tokens_per_s or p.time_to_first_token_ms is None
            or r.runs is False):
        # it does not hold it: no link would (the memory per GPU is the same however linked)
        w.out.first = w.say("interconnect_pcie_only_nofit"
                            + ("_pcie" if w.st.pcie_enough else ""), **said)
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        return True
    tp = r.layout.tensor if r.layout is not None else 1
    w.out.first = w.say("interconnect_pcie_only" + ("_pcie" if w.st.pcie_enough else "")
                        + ("_tp" if tp > 1 else ""), tp=w.n(tp),
                        tps=w.rate(p.decode_tokens_per_s),
                        ttft=w.n(p.time_to_first_token_ms), **said)
    w.record(r, inp + _OUT)
    # NVLink needed: no (it runs over PCIe); PCIe enough: yes
    w.ask("decode_tokens_per_s", p.decode_tokens_per_s, "tokens/s", yes=w.st.pcie_enough)
    w.sized_warnings(r, inp + _OUT)
    return True


def _machine_rows(w: _W, gid: str, n: int, *keeps: Callable[[OfferView], bool]
                  ) -> tuple[list[OfferView], list[OfferView]]:
    """The machines of ``n`` × ``gid`` (all of them) and those the first of ``keeps`` that
    keeps any keeps (each a fallback for the one before), trusted and current where any is:
    the rows :func:`_linked_price` (NVLink or NVSwitch) and :func:`_networked_price` (the
    network asked, else another RDMA fabric) price."""
    exact = [v for v in w.offers_for(gid) if v.gpu_count == n]
    kept: list[OfferView] = []
    for keep in keeps:
        kept = [v for v in exact if keep(v)]
        if kept:
            break
    return exact, [v for v in kept if not v.stale and not v.suspect] or kept


def _linked(v: OfferView) -> bool:
    """Whether the offer states NVLink or NVSwitch (NVLink through a switch)."""
    return v.interconnect in ("nvlink", "nvswitch")


def _on_network(*nets: str) -> Callable[[OfferView], bool]:
    """Whether an offer states one of ``nets`` between machines (its ``network``)."""
    return lambda v: v.network in nets


def _linked_family(w: _W, gid: str) -> bool:
    """ "Cheapest 8x A100 with NVLink": a family named bare (catalog/gpus.toml ``[[family]]``)
    weighs every memory variant: the one whose linked machine of that count is the cheapest
    on demand leads (:func:`_linked_price`), the others named with theirs (it was the A100
    40GB alone, the 80GB never said; buyer audit 29, a100). False where the name is one
    card's, or no variant has such a machine."""
    bare = w.st.bare_gpu
    family = w.reg.family_of_card(gid) if bare is not None and bare[1] == gid else None
    if bare is None or family is None or family.gpu != gid:
        return False
    n = w.ex.gpu_count or max((v.gpu_count for v in w.offers_for(gid)
                               if not v.stale and not v.suspect), default=0)
    cheapest: dict[str, OfferView] = {}
    for g in family.variants:
        # a network between machines asked ("with InfiniBand"): the machines that state it,
        # as the price answer lists them (:func:`_networked_price`), not the NVLink ones
        joined = (_machine_rows(w, g, n, _on_network(w.st.node_network or ""),
                                _on_network(*FAST_NETWORKS))[1]
                  if w.st.node_network in FAST_NETWORKS else _machine_rows(w, g, n, _linked)[1])
        rows = [v for v in joined if v.on_demand_usd_h is not None]
        if n and rows:
            cheapest[g] = min(rows, key=lambda v: (v.on_demand_usd_h or 0.0, v.provider))
    if not cheapest:
        return False
    order = sorted(cheapest, key=lambda g: (cheapest[g].on_demand_usd_h or 0.0, g))
    lead = order[0]
    w.ex = msgspec.structs.replace(w.ex, gpu_count=n)
    if not _linked_price(w, lead):
        return False
    others = order[1:] + [g for g in (family.gpu, family.other) if g not in cheapest]
    priced = tuple((g, n, cheapest[g].on_demand_usd_h, cheapest[g].provider, "on_demand", "")
                   if g in cheapest else (g, 0, None, "", "", "") for g in [lead, *others])
    w.st = dc_replace(w.st, bare_gpu=(bare[0], lead, bare[1] if lead != bare[1] else bare[2]),
                      bare_priced=priced)
    w.ex = msgspec.structs.replace(w.ex, gpu=lead)
    return True


def _linked_price(w: _W, gid: str) -> bool:
    """"What is the cheapest 8x H100 node with NVLink?": the machines of that many of the GPU
    (the count stated, else its largest machine) whose offer states NVLink or NVSwitch (NVLink
    through a switch), trusted and current where any is: the cheapest on-demand and the
    cheapest spot, each with its provider, instance, price per hour, price date and source,
    as /v1/offers lists them. It was the card's link spec, no price (buyer audit 28b #8).
    False where the GPU has no offer of that size at all."""
    views = [v for v in w.offers_for(gid)]
    n = w.ex.gpu_count or max((v.gpu_count for v in views if not v.stale and not v.suspect),
                              default=0)
    exact, fresh = _machine_rows(w, gid, n, _linked)
    if not n or not exact:
        return False
    if w.st.node_network in FAST_NETWORKS:
        return _networked_price(w, gid, n, exact)
    setup = w.setup(n, gid)
    if not fresh:
        w.out.first = w.say("linked_price_none", setup=setup, offers=w.n(len(exact)))
        w.ask("per_hour_usd", 0.0, "USD/h", yes=False)
        return True
    rows: list[str] = []
    lead: float | None = None
    for attr, kind in (("on_demand_usd_h", "on_demand"), ("spot_usd_h", "spot")):
        priced = [(getattr(v, attr), v) for v in fresh if getattr(v, attr) is not None]
        if not priced:
            continue
        hour, v = min(priced, key=lambda x: (x[0], x[1].provider))
        rows.append(w.say("linked_price_row", kind=w.kinds[kind], hour=w.usd(hour),
                          per=w.usd(hour / n), provider=v.provider, instance=v.instance_type,
                          link=v.interconnect, date=w.view_date(v),
                          source=_short_source(v.source)))
        lead = hour if lead is None else lead
    if lead is None:
        return False
    w.out.first = w.say("linked_price", setup=setup, rows="; ".join(rows))
    if not any(v.on_demand_usd_h is not None for v in fresh):
        w.out.more.append(w.say("linked_price_spot_only", setup=setup))
    w.out.more.append(w.t["linked_price_nvswitch"])
    g = w.reg.gpus[gid]
    if g.link_gb_s:
        # the card's link itself after the price ("the NVLink bandwidth of the H100 and its
        # price?" asked both), as the link answer says it
        link = g.link_name or g.link
        for en, key_words in (("no NVLink", "link_no_nvlink"), (" links", "link_links"),
                              (" GPUs)", "link_gpus")):
            link = link.replace(en, w.t[key_words])  # the registry's words are English
        w.out.more.append(w.say("interconnect", gpu=g.name, link=link, bw=w.n(g.link_gb_s)))
    w.ask("per_hour_usd", lead, "USD/h")
    return True


def _networked_price(w: _W, gid: str, n: int, exact: list[OfferView]) -> bool:
    """"The cheapest 8x H100 node with InfiniBand for multi-node training, per month": the
    machines of ``n`` × ``gid`` whose offer states the network between machines asked (the
    offer's ``network``, never its ``interconnect``, which joins the GPUs inside one machine),
    else another RDMA fabric (InfiniBand, EFA or RoCE: the recommendations' ``FAST_NETWORKS``,
    the networks multi-node training accepts), trusted and current where any is: the
    cheapest on-demand and the cheapest spot, with the month where one is asked. It was the
    cheapest NVLink machine, lium's 8 × H100 with no network stated, which the
    recommendations reject for multi-node training (audit buyer29a #12)."""
    net = w.st.node_network or ""
    asked = _on_network(net)
    fresh = _machine_rows(w, gid, n, asked, _on_network(*FAST_NETWORKS))[1]
    named = any(asked(v) for v in exact)  # a machine states the network asked
    setup, said_net = w.setup(n, gid), w.t.get(f"network_{net}", net)
    if not fresh:
        w.out.first = w.say("networked_price_none", setup=setup, net=said_net,
                            offers=w.n(len(exact)))
        w.ask("per_hour_usd", 0.0, "USD/h", yes=False)
        return True
    month = w.sub == "month" or w.st.month_asked
    rows: list[str] = []
    lead: float | None = None
    led: OfferView | None = None
    for attr, kind in (("on_demand_usd_h", "on_demand"), ("spot_usd_h", "spot")):
        priced = [(getattr(v, attr), v) for v in fresh if getattr(v, attr) is not None]
        if not priced:
            continue
        hour, v = min(priced, key=lambda x: (x[0], x[1].provider))
        rows.append(w.say(
            "networked_price_row_month" if month else "networked_price_row",
            kind=w.kinds[kind], hour=w.usd(hour), per=w.usd(hour / n), provider=v.provider,
            instance=v.instance_type,
            net=(w.say("network_at", net=w.t.get(f"network_{v.network}", v.network or ""),
                       gbps=w.n(v.network_gbps)) if v.network_gbps
                 else w.t.get(f"network_{v.network}", v.network or "")),
            month=w.usd(hour * w.month_hours()), usage=w.usage(), date=w.view_date(v),
            source=_short_source(v.source)))
        if lead is None:
            lead, led = hour, v
    if lead is None or led is None:
        return False
    w.out.first = w.say("networked_price" if named else "networked_price_other",
                        setup=setup, net=said_net, rows="; ".join(rows))
    if led.stale or led.suspect:
        # no trusted, current one: said in the lead, as the recommendations leave it out
        days = w.n(led.age_days) if led.stale and led.age_days is not None else None
        why = (w.say("machine_doubt_both", days=days) if days and led.suspect
               else w.say("machine_doubt_stale", days=days) if days
               else w.say("machine_doubt_suspect"))
        w.out.first += " " + w.say("networked_price_untrusted", why=why)
    w.out.more.append(w.say("networked_price_why"))
    if month:
        w.ask("per_month_usd", lead * w.month_hours(), "USD")
    else:
        w.ask("per_hour_usd", lead, "USD/h")
    w.price_warnings(led)
    return True


def _interconnect(w: _W) -> None:
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if w.st.link_priced and w.model is None and len(gids) == 1 and (
            _linked_family(w, gids[0]) or _linked_price(w, gids[0])):
        return
    if not gids:
        _interconnect_split(w)
        return
    if len(gids) == 1 and _interconnect_timed(w, gids[0]):
        return
    if len(gids) == 1 and _interconnect_one_gpu(w, gids[0]):
        return
    rows = []
    words = [(en, w.t[key]) for en, key in (("no NVLink", "link_no_nvlink"),
                                             (" links", "link_links"),
                                             (" GPUs)", "link_gpus"))]
    for gid in gids:
        g = w.reg.gpus[gid]
        link = g.link_name or g.link
        for en, here in words:  # the registry's words are English
            link = link.replace(en, here)
        rows.append((g.name, link, g.link_gb_s or 0.0))
    if len(rows) == 1:
        name, link, bw = rows[0]
        w.out.first = w.say("interconnect", gpu=name, link=link, bw=w.n(bw))
        w.ask("link_gb_s", bw, "GB/s")
    else:
        w.out.first = w.say("interconnect_many", rows="; ".join(
            w.say("interconnect_pair", gpu=n, link=lk, bw=w.n(b)) for n, lk, b in rows))
        w.out.computed = True


def _interconnect_one_gpu(w: _W, gid: str) -> bool:
    """"Is NVLink needed for Llama 3.1 8B on 1 H100?": one GPU that holds the model exchanges
    nothing with another GPU, so no link between GPUs (NVLink, PCIe peer-to-peer, InfiniBand)
    is needed: a No, with the memory that shows the one GPU holds it. It gave the card's
    link line alone (NVLink 4 at 900 GB/s). False where the count stated is not 1, the
    question asks no yes or no, or one GPU does not hold the model (the link answer follows)."""
    if (w.model is None or w.ex.gpu_count != 1 or not w.st.yes_no or w.chips(gid)
            or w.model.kind not in ("llm", "diffusion")):
        return False
    ctx = _ctx(w)
    r = w.size(gpu=gid, gpu_count=1, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None or not r.fits or r.runs is False:
        return False
    w.record(r, ctx)
    w.out.first = w.say("interconnect_one_gpu", model=w.model.name, weights=r.weights,
                        setup=w.setup(1, gid), need=w.gib(r.memory.per_gpu_gib),
                        cap=w.gib(w.cap(r)), ctx=w.n(ctx))
    w.ask("gpu_count", 1, w.count_unit(gid), yes=False)
    w.sized_warnings(r, ctx)
    return True


def load_sized(w: _W, gid: str) -> bool:
    """A token rate in total on the GPU named that none of its offers carries in the
    recommendations (past the 4,096 GPUs a setup is sized on: 2 million tokens/s of Llama 3.1
    70B on H200s): the count answer's setups of that GPU (counts._gpu_count_tokens, with
    :func:`~service.domain.answer.numbers.context.gpus_for_rate`, the replicas' machines
    priced on-demand), its hourly price leading, or the month's at the usage stated (hours a
    day x days a month, as the recommendations count a month). It was one machine that holds
    the model, priced for memory alone ($5.18/h for 2 x H200; audit regress9 #1). False
    where no setup of it is counted or priced. The cost answer asks it through
    ``_W.load_sized`` (set where the writers are wired: this module comes after cost's)."""
    before = (w.out.first, list(w.out.more), w.out.asked)
    w.replicas_hour = None
    if (not _gpu_count_tokens(w, gid, month=False) or w.out.first is None
            or w.replicas_hour is None):
        w.out.first, w.out.more, w.out.asked = before[0], before[1], before[2]
        return False
    hour, tps = w.replicas_hour, w.st.throughput_tokens_per_s or 0.0
    month = hour * w.month_hours()
    said = {"tps": w.per_s(tps), "gpu": w.gpu_name(gid), "hour": w.usd(hour),
            "month": w.usd(month), "usage": w.usage()}
    w.out.more.insert(0, w.out.first)  # the count, its setups and their machines after it
    a = w.out.asked
    if a is not None and a.quantity == "gpu_count" and a.value > _SIZED_GPUS_MAX:
        # past what one setup is sized on: the same caveat the count answer carries
        # (write._fleet_note; it was the cost alone, as if one deployment)
        w.out.more.insert(1, w.say("gpu_count_fleet", n=w.n(a.value),
                                   cap=w.n(_SIZED_GPUS_MAX)))
    if w.sub == "month":
        w.out.first = w.say("cost_load_sized_month", **said)
        w.ask("per_month_usd", month, "USD")
    else:
        w.out.first = w.say("cost_load_sized_hour", **said)
        w.ask("per_hour_usd", hour, "USD/h")
    return True


def users_for_budget(w: _W) -> bool:
    """The users a budget serves with no GPU named ("how many users can I serve with Llama
    3.1 70B fp8 on a $10k/month budget?", "câți utilizatori pot servi ... pe un buget de
    2.000 de dolari pe lună?"): the budget per hour (a month's over :meth:`_W.month_hours`,
    720 around the clock, said), the recommendations' options within it (their
    ``max_usd_per_month``) and of those the cheapest per concurrent user, with the users it
    serves: the concurrent requests its engines admit at the default context (the options'
    ``max_concurrency``, every replica's), or, with a per-user speed stated ("at 30 tokens/s
    each"), the most per replica whose decode speed at that load meets it (sizing's, as
    memory's ``_concurrency_speed`` counts them) times its replicas; as many copies of it as
    the budget buys serve that many each (replicas share nothing). It answered the model's
    memory (audit s2money). False with no budget or no option within it."""
    if w.model is None or w.model.kind != "llm":
        return False
    hours = w.month_hours()
    month = (w.ex.budget_usd_per_month
             or (w.st.budget_usd_per_day * (w.st.days_per_month or MONTH_DAYS)
                 if w.st.budget_usd_per_day else None)
             or (w.ex.budget_usd_per_hour * hours if w.ex.budget_usd_per_hour else None))
    if not month or month <= 0:
        return False
    inp, target = _prompt(w), w.st.min_tokens_per_s
    rec = w.recommend(workload="serving", context_tokens=inp + _OUT,
                      output_tokens=_OUT, min_decode_tokens_per_s=target, top_n=10)
    best: tuple[float, int, Option] | None = None  # (USD a month per user, users, option)
    for o in rec.options[:10] if rec is not None else []:
        if o.pricing_model == "reserved" or not o.cost.per_month_usd:
            continue  # (a reservation commits for a term: no monthly budget's rent)
        users = _budget_option_users(w, o, inp, target)
        if users and (best is None or o.cost.per_month_usd / users < best[0]):
            best = (o.cost.per_month_usd / users, users, o)
    if best is None or rec is None:
        return False
    _, each, o = best
    per_month = o.cost.per_month_usd or 0.0
    if per_month <= 0:
        return False
    copies = max(1, int(month // per_month))
    w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
    said = {"n": w.n(copies * each), "budget": w.usd(month), "hour": w.usd(month / hours),
            "hours": w.n(hours), "usage": w.usage(), "setup": w.option_setup(o),
            "model": w.model.name, "weights": o.weights, "provider": o.offer.provider,
            "price": w.usd(o.cost.per_hour_usd), "month": w.usd(per_month),
            "kind": w.kinds[o.pricing_model], "each": w.n(each), "copies": w.n(copies),
            "ctx": w.n(inp + _OUT), "inp": w.n(inp), "out": w.n(_OUT),
            "tps": w.hours(target or 0.0)}
    key = "budget_users_speed" if target else "budget_users"
    w.out.first = w.say(key + ("_copies" if copies > 1 else ""), **said)
    w.ask("concurrent_users", copies * each, "users")
    load_said = False
    if not target:
        # what each of those users gets: the admitted load is a memory bound, not a speed
        _, replicas = _replica_shape(o)
        q = _replica_perf(w, o, inp, max(1, each // replicas))
        if q is not None and q.time_per_output_token_ms and q.time_to_first_token_ms:
            w.out.more.append(w.say("budget_users_speed_at",
                                    tps=w.n(1000 / q.time_per_output_token_ms, 1),
                                    ttft=w.n(q.time_to_first_token_ms)))
            load_said = True
            goal = default_ttft_ms(inp)
            if q.time_to_first_token_ms > goal:
                # the wait at the admitted load against the default target, which the
                # recommendations met at one request (audit regress12 #9)
                w.out.more.append(w.say("budget_users_ttft_over", target=w.n(goal)))
    if copies > 1:
        w.out.more.append(w.say("budget_users_stock", copies=w.n(copies),
                                provider=o.offer.provider))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    if load_said:
        # the lead's thin-margin sentence is about one request, the recommendations' load:
        # beside the speed at the admitted load it read as that load's (audit regress12 #9)
        w.out.more[:] = [x for x in w.out.more if x not in w.thin_said]
    return True


def _replica_shape(o: Option) -> tuple[int, int]:
    """(GPUs per replica, replicas over all its machines) of option ``o``."""
    per = max(1, o.fit.gpus_per_replica)
    return per, max(1, o.offer.gpu_count * o.nodes // per)


def _replica_perf(w: _W, o: Option, inp: int, batch: int) -> Performance | None:
    """One replica of option ``o`` sized at ``batch`` requests of ``inp`` prompt tokens (its
    GPUs, weights, the default output): its performance, None where it does not fit."""
    per, _ = _replica_shape(o)
    at = w.size(gpu=o.offer.gpu, gpu_count=per, weights=o.weights, input_tokens=inp,
                output_tokens=_OUT, batch_size=batch)
    return at.performance if at is not None and at.fits_in_memory else None


def _budget_option_users(w: _W, o: Option, inp: int, target: float | None) -> int | None:
    """The concurrent users option ``o`` serves: its engines' admitted requests at the
    default context, or with a per-user speed ``target`` the most per replica whose decode
    speed meets it (a binary search over the replica's sizing at each load, the speed
    falling as the batch grows) times its replicas."""
    admitted = o.performance.max_concurrency
    if not admitted:
        return None
    if not target:
        return admitted
    _, replicas = _replica_shape(o)
    held = max(1, admitted // replicas)

    def speed(batch: int) -> float | None:
        q = _replica_perf(w, o, inp, batch)
        return 1000 / q.time_per_output_token_ms if q and q.time_per_output_token_ms else None

    one = speed(1)
    if one is None or one < target:
        return None
    lo, hi = 1, held
    top = speed(held)
    if top is not None and top >= target:
        return held * replicas
    while hi - lo > 1:
        mid = (lo + hi) // 2
        got = speed(mid)
        if got is not None and got >= target:
            lo = mid
        else:
            hi = mid
    return lo * replicas
