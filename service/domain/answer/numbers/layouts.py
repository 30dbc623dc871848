"""One GPU per replica against the model split by tensor parallelism over N GPUs ("for
latency, one H100 per replica or split over 2?"): both layouts timed by the sizing core on the
GPU named, as /v1/sizing times them with ``parallelism`` (buyer audit 27c #4: the one-GPU
figures alone)."""

from __future__ import annotations

import math

from service.domain.answer.numbers.context import _W, _out, _prompt
from service.domain.sizing.layout import Layout
from service.domain.sizing.sizing import SizingResult
from service.domain.sizing.speed import Performance


def split_vs(w: _W) -> bool:
    """Each layout on N of the GPU named (:attr:`Stated.split_weighed`): N replicas of one GPU
    and one replica split N ways (tensor parallel N), at the load stated (the users split
    evenly over the replicas, as sizing's ``parallelism.data`` splits ``batch_size``): each
    one's time to the first token, speed per request and output in total, which is faster
    for one user and by how much. False where no LLM and GPU are named or either layout
    does not fit."""
    n, m, gid = w.st.split_weighed, w.model, w.ex.gpu
    if not n or m is None or m.kind != "llm" or not gid or w.st.precisions_weighed:
        return False
    users = w.ex.concurrent_requests or w.det.users or 1
    inp, out = _prompt(w, _out(w)), _out(w)
    load = users if users > 1 else None

    def timed(tensor: int) -> SizingResult | None:
        r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=out, batch_size=load,
                   parallelism={"tensor": tensor, "pipeline": 1, "data": n // tensor})
        ok = (r is not None and r.runs is not False and r.fits_in_memory
              and r.performance is not None and r.performance.decode_tokens_per_s
              and r.performance.time_to_first_token_ms is not None)
        return r if ok else None

    rep, tp = timed(1), timed(n)
    if rep is None or tp is None or rep.performance is None or tp.performance is None:
        return False
    a, b = tp.performance, rep.performance

    def per_user(p: Performance) -> float:
        return (p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s) or 0.0

    assert a.time_to_first_token_ms is not None and b.time_to_first_token_ms is not None
    x = per_user(a) / per_user(b) if per_user(b) else 0.0
    y = b.time_to_first_token_ms / a.time_to_first_token_ms
    key = "split_vs_tp" if x >= 1.05 else "split_vs_replicas" if x <= 0.95 else "split_vs_even"
    w.out.first = w.say(
        key + ("_users" if users > 1 else ""), model=m.name, weights=tp.weights, n=w.n(n),
        gpu=w.gpu_name(gid), setup=w.setup(n, gid), users=w.n(users),
        per=w.n(math.ceil(users / n)), inp=w.n(inp), out=w.n(out),
        tps_tp=w.rate(per_user(a)), ttft_tp=w.n(a.time_to_first_token_ms),
        tps_rep=w.rate(per_user(b)), ttft_rep=w.n(b.time_to_first_token_ms),
        x=w.n(x if x >= 1 else 1 / x, 2), y=w.n(y if y >= 1 else 1 / y, 1),
        tot_tp=w.rate(a.output_tokens_per_s or 0.0), tot_rep=w.rate(b.output_tokens_per_s or 0.0))
    w.record(tp, inp + out)
    w.ask("output_tokens_per_s_per_user" if users > 1 else "decode_tokens_per_s", per_user(a),
          "tokens/s")
    w.sized_warnings(tp, inp + out)
    return True


def tp_unusable(w: _W, tp: int, count: int) -> str | None:
    """Why a stated tensor-parallel degree cannot lay out ``count`` GPUs, or None where it
    can: each copy of the model takes ``tp`` GPUs, so ``tp`` must divide the count (vLLM runs
    data x tensor x pipeline parallel GPUs, "DP=4 x TP=2 uses 8 GPUs",
    https://docs.vllm.ai/en/latest/serving/data_parallel_deployment/), and the engine splits
    the attention heads evenly over them (vLLM's ``ModelConfig.verify_with_parallel_config``:
    "Total number of attention heads (...) must be divisible by tensor parallel size",
    https://github.com/vllm-project/vllm/blob/main/vllm/config/model.py), as /v1/sizing
    refuses such a ``parallelism``. The answer then gives the layout the sizing picks."""
    assert w.model is not None
    if count % tp:
        return w.say("speed_tp_not_dividing", tp=w.n(tp), n=w.n(count))
    a = w.model.architecture
    heads = a.num_attention_heads if a is not None else 0
    if tp > 1 and heads and heads % tp:
        return w.say("speed_tp_heads", tp=w.n(tp), model=w.model.name, heads=w.n(heads),
                     n=w.n(count))
    return None


def layout_named(w: _W, gid: str, count: int, lay: Layout) -> str:
    """ "one copy of the model split over all 8 GPUs (TP8)", "2 replicas (4 GPUs per replica,
    TP4)": the layout and how each replica splits the model, as /v1/sizing's layout says."""
    split = split_label(lay)
    if lay.data > 1:
        return f"{w.replicas(lay.data)} ({w.gpus_per_replica(count // lay.data, gid)}, {split})"
    key = "layout_one_copy_both" if count == 2 else "layout_one_copy"
    return f"{w.say(w.on(key, gid), gpus=w.n(count))} ({split})"


def split_label(lay: Layout) -> str:
    """ "TP8", "TP4 x PP2": how one replica splits the model, as /v1/sizing's layout says."""
    return f"TP{lay.tensor}" + (f" x PP{lay.pipeline}" if lay.pipeline > 1 else "") + (
        f" x EP{lay.expert}" if lay.expert > 1 else "")


def replicas_full_load(w: _W, gid: str, count: int, inp: int, out: int,
                       r: SizingResult) -> SizingResult | None:
    """``count`` × ``gid`` at full load laid out as independent replicas of fewer GPUs each
    (the fewest that hold the model, or a wider width, doubling, that divides ``count``) where
    they generate more tokens/s in total than ``r``, one copy split over all of them; None
    where no width does better. /v1/sizing with no load sized for one request picks one copy
    tensor-parallel over all GPUs (no more replicas than concurrent requests), but a job or
    a full load keeps every replica busy, and replicas share nothing, so their throughputs
    add up with no all-reduce between GPUs: Llama 3.1 8B on 8 × H100 as 8 replicas of one
    GPU generates about 20,600 tokens/s (8 × one H100's 2,579) where one TP8 copy reaches
    12,572 (the sizing's own full-load figures, its layout search picking DP8 at that load;
    vLLM's docs: data parallel replicates the model for throughput, tensor parallel splits
    it to fit or to cut latency, https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html).
    First the sizing's own layout with no load stated (``load_stated`` False: the same rule as
    /v1/sizing with no batch_size, the width whose replicas generate the most at full load);
    where that is one replica (an engine splitting whole layers), each width is sized as
    /v1/sizing sizes a fixed ``parallelism`` (tensor, else pipeline for an engine that splits
    whole layers, times data)."""
    p = r.performance
    m = w.model
    if (count < 2 or m is None or m.kind != "llm" or p is None or not r.fits_in_memory
            or r.runs is False or not p.max_throughput_tokens_per_s
            or (r.layout is not None and r.layout.data > 1)):
        return None
    best, thr = None, p.max_throughput_tokens_per_s
    # the sizing's own rule with no load stated (the layout search's full-load pick, as
    # /v1/sizing lays out a body with no batch_size); the widths below where it has none
    own = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                 weights=r.weights, load_stated=False)
    q = own.performance if own is not None and own.fits else None
    if (own is not None and q is not None and own.runs is not False and own.layout is not None
            and own.layout.data > 1 and not own.layout.fixed
            and q.max_throughput_tokens_per_s and q.max_throughput_tokens_per_s > thr):
        return own
    per = 1
    while per < count:
        if count % per == 0:
            for split in ("tensor", "pipeline"):
                alt = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                             weights=r.weights,
                             parallelism={split: per, "data": count // per})
                q = alt.performance if alt is not None and alt.fits_in_memory else None
                if (alt is not None and q is not None and alt.runs is not False
                        and q.max_throughput_tokens_per_s
                        and q.max_throughput_tokens_per_s > thr):
                    best, thr = alt, q.max_throughput_tokens_per_s
                if alt is not None or per == 1:
                    break  # (one GPU per replica: tensor and pipeline 1 are the same)
        per *= 2
    return best


def tp_vs(w: _W) -> bool:
    """Two tensor-parallel degrees weighed on the GPU named (:attr:`Stated.tps_weighed`: "is
    TP4 faster than TP2 for Llama 3.1 70B FP8 on H100?"): one copy of the model split over
    each count, timed at the load stated (else one request) as /v1/sizing times a fixed
    ``parallelism`` (tensor N, data 1): each one's first token, tokens/s per user, in total
    and per GPU, then which is faster (buyer audit 31a #6: a memory "Yes"). False where no
    LLM or GPU is named or either degree does not run the model there."""
    tps, m, gid = w.st.tps_weighed, w.model, w.ex.gpu
    if not tps or m is None or m.kind != "llm" or not gid or w.st.precisions_weighed:
        return False
    users = w.ex.concurrent_requests or w.det.users or 1
    inp, out = _prompt(w, _out(w)), _out(w)
    timed: list[tuple[int, SizingResult, Performance]] = []
    for n in tps:
        if tp_unusable(w, n, n) is not None:
            return False
        r = w.size(gpu=gid, gpu_count=n, input_tokens=inp, output_tokens=out,
                   batch_size=users if users > 1 else None,
                   parallelism={"tensor": n, "pipeline": 1, "data": 1})
        p = r.performance if r is not None else None
        if (r is None or p is None or not r.fits or r.runs is False
                or p.time_to_first_token_ms is None or not p.output_tokens_per_s_per_user
                or not p.output_tokens_per_s):
            return False
        timed.append((n, r, p))
    rows = [w.say("tp_vs_row", n=w.n(n), setup=w.setup(n, gid),
                  ttft=w.n(p.time_to_first_token_ms or 0),
                  tpu=w.rate(p.output_tokens_per_s_per_user or 0),
                  tot=w.rate(p.output_tokens_per_s or 0),
                  per_gpu=w.rate((p.output_tokens_per_s or 0) / n))
            for n, _, p in timed]
    (a, ra, pa), (b, _, pb) = timed
    first = w.say("tp_vs_both", model=m.name, weights=ra.weights, gpu=w.gpu_name(gid),
                  users=w.n(users), inp=w.n(inp), out=w.n(out), rows="; ".join(rows))
    a_tpu, b_tpu = pa.output_tokens_per_s_per_user or 0, pb.output_tokens_per_s_per_user or 0
    a_ttft, b_ttft = pa.time_to_first_token_ms or 0, pb.time_to_first_token_ms or 0
    if (a_tpu >= b_tpu) == (a_ttft <= b_ttft):
        (fast, f_tpu), (slow, s_tpu) = ((a, a_tpu), (b, b_tpu)) if a_tpu >= b_tpu else (
            (b, b_tpu), (a, a_tpu))
        verdict = w.say("tp_vs_faster", fast=w.n(fast), slow=w.n(slow),
                        x=w.n(f_tpu / s_tpu if s_tpu else 0, 2))
    else:
        per, soon = (a, b) if a_tpu > b_tpu else (b, a)
        verdict = w.say("tp_vs_split", per=w.n(per), soon=w.n(soon))
    w.out.first = first + " " + verdict
    w.out.more.append(w.say("tp_vs_modelled", small=w.n(min(tps)), big=w.n(max(tps))))
    w.record(ra, inp + out)
    w.ask("output_tokens_per_s_per_user", a_tpu, "tokens/s")
    w.sized_warnings(ra, inp + out)
    return True
