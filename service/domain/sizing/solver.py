"""The serving model's inner loop, the load solve (:func:`serving.serve`), in plain typed
Python that mypyc compiles to C (``make native``: ``scripts/build_native.py``).

A load solve times a few hundred engine steps: the mean step at a request rate is a fixed
point (:func:`at_rate`), the rate at which a closed loop's users are all in the system a root
(:func:`closed_loop`), and the benchmark's start a staircase of prompt chunks
(:func:`start_service`). A recommendation solves hundreds of loads, a sizing answer three or
four, so the step is the hottest code of the service.

Nothing here is a new model: every function is the serving model's own code
(:mod:`service.domain.sizing.serving` documents the model), written as top-level functions
over native classes instead of closures, with the same floating-point operations in the same
order. So the interpreted module and its compiled copy give the same seconds to the bit, and
both give what the closures gave (``tests/unit/test_solver_native.py`` checks the compiled
copy against this file on the catalog's step models; ``tests/unit/test_perf_exact.py`` and
the golden answers check the whole). Where the interpreter's builtins were used on two floats
the code spells out what they return (``min(a, b)`` is ``b if b < a else a``, ``max(a, b)``
is ``b if b > a else a``, NaN included), so C does not pick another order.

Standard library only, so the module compiles on its own; :func:`load` picks the compiled copy
when one built from this very source is importable.
"""

from __future__ import annotations

import hashlib
import importlib
import math
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Final

EXACT_INT: Final = 2 ** 52
"""Whole numbers below this are exact as floats with room to spare (:func:`start_service`)."""


class Curve:
    """A measured latency curve, linear in log x between its points (``efficiency._interp_log``
    and ``GemmModel.latency_s`` read it so)."""

    xs: list[float]
    lxs: list[float]
    ys: list[float]

    def __init__(self, xs: list[float], lxs: list[float], ys: list[float]) -> None:
        self.xs = xs
        self.lxs = lxs
        self.ys = ys

    def right(self, x: float) -> int:
        """``bisect.bisect_right(xs, x)``."""
        xs = self.xs
        lo, hi = 0, len(xs)
        while lo < hi:
            mid = (lo + hi) // 2
            if x < xs[mid]:
                hi = mid
            else:
                lo = mid + 1
        return lo


class Comm:
    """``CommModel.seconds`` of one collective: 0 on one GPU, else its measured curve
    (``curve``) or the datasheet's ring (latency, passes, GPUs, bandwidth)."""

    curve: Curve | None
    none: bool
    scale: float
    lat0: float
    passes: float
    n: int
    bw: float

    def __init__(self, none: bool, curve: Curve | None, scale: float, lat0: float,
                 passes: float, n: int, bw: float) -> None:
        self.none = none
        self.curve = curve
        self.scale = scale
        self.lat0 = lat0
        self.passes = passes
        self.n = n
        self.bw = bw

    def seconds(self, message_bytes: float) -> float:
        if self.none:
            return 0.0
        c = self.curve
        if c is None:
            n = self.n
            return self.lat0 + message_bytes * self.passes * (n - 1) / n / self.bw
        xs, ys = c.xs, c.ys
        x_first, x_last = xs[0], xs[-1]
        x = x_first if x_first > message_bytes else message_bytes
        if x > x_last:
            return ys[-1] * x / x_last * self.scale
        if x <= x_first:
            return ys[0] * self.scale
        if x >= x_last:
            return ys[-1] * self.scale
        i = c.right(x)
        lxs = c.lxs
        l0 = lxs[i - 1]
        t = (math.log(x) - l0) / (lxs[i] - l0)
        y0 = ys[i - 1]
        return (y0 + t * (ys[i] - y0)) * self.scale


class Step:
    """Seconds of one engine step: ``decodes`` sequences at ``ctx`` tokens of context each,
    plus ``chunk`` prefill tokens attending to ``chunk_span`` tokens on average, as the step
    model's own method ``fn`` times it (``StepCost.step_s`` of a step model without the GEMM
    numbers :class:`FastStep` reads, or of an expert-parallel one); :class:`FastStep` times
    its steps itself (``fn`` None)."""

    fn: Callable[[float, float, float, float], float] | None

    def __init__(self, fn: Callable[[float, float, float, float], float] | None) -> None:
        self.fn = fn

    def at(self, decodes: float, ctx: float, chunk: float = 0.0,
           chunk_span: float = 0.0) -> float:
        fn = self.fn
        assert fn is not None  # only FastStep is made without one, and it overrides at()
        return fn(decodes, ctx, chunk, chunk_span)


class FastStep(Step):
    """``StepCost.step_s`` of a plain step model with its GEMM numbers (``FastGemm``): the
    same operations in the same order, so the same seconds to the bit. ``hop``: the
    pipeline-stage hand-off's seconds by step tokens (``StepCost._hop_s``; None: one
    stage). ``roof``: a GPU with no measured or borrowed GEMM curve, timed by
    ``GemmModel.latency_s``'s datasheet roofline (``read_d`` and ``read_e`` its weight reads,
    ``peak06`` its 0.6 x peak FLOP/s)."""

    gemm: Curve
    roof: bool
    peak06: float
    lat1: float
    sc: float
    sm: float
    read_d: float
    ridge_d: float
    read_e: float
    ridge_e: float
    ridge_c: float
    below: float
    n8192: float
    dense_params: float
    expert_params: float
    num_e: int
    k_e: int
    ec: float
    layers: int
    hidden: int
    tp: int
    comm: Comm
    hop: Callable[[float], float] | None
    window: float
    kv_s: float
    attn_s: float
    kv_tok: float
    bw: float
    state: float
    aft: float
    af: float
    overhead: float
    eager_s: float
    graph_s: float
    graph_max: int

    def __init__(self, gemm: Curve, roof: bool, peak06: float, lat1: float, sc: float,
                 sm: float, read_d: float, ridge_d: float, read_e: float, ridge_e: float,
                 ridge_c: float, below: float, n8192: float,
                 dense_params: float, expert_params: float, num_e: int, k_e: int, ec: float,
                 layers: int, hidden: int, tp: int, comm: Comm,
                 hop: Callable[[float], float] | None, window: float, kv_s: float,
                 attn_s: float, kv_tok: float, bw: float, state: float, aft: float, af: float,
                 overhead: float, eager_s: float, graph_s: float, graph_max: int) -> None:
        super().__init__(None)
        self.gemm = gemm
        self.roof = roof
        self.peak06 = peak06
        self.lat1 = lat1
        self.sc = sc
        self.sm = sm
        self.read_d = read_d
        self.ridge_d = ridge_d
        self.read_e = read_e
        self.ridge_e = ridge_e
        self.ridge_c = ridge_c
        self.below = below
        self.n8192 = n8192
        self.dense_params = dense_params
        self.expert_params = expert_params
        self.num_e = num_e
        self.k_e = k_e
        self.ec = ec
        self.layers = layers
        self.hidden = hidden
        self.tp = tp
        self.comm = comm
        self.hop = hop
        self.window = window
        self.kv_s = kv_s
        self.attn_s = attn_s
        self.kv_tok = kv_tok
        self.bw = bw
        self.state = state
        self.aft = aft
        self.af = af
        self.overhead = overhead
        self.eager_s = eager_s
        self.graph_s = graph_s
        self.graph_max = graph_max

    def gemm_s(self, m: float, read: float, compute: float, ridge: float) -> float:
        """``StepCost._gemm_s``; the roofline's ``GemmModel.latency_s`` where ``roof``."""
        if self.roof:
            comp = 2.0 * m * self.n8192 / self.peak06 * compute
            return (comp if comp > read else read) + 5e-6
        if m <= 1.0:
            return read + 0.0 * self.sc
        c = self.gemm
        xs, ys = c.xs, c.ys
        x_first, x_last = xs[0], xs[-1]
        if m > x_last:
            lat = ys[-1] * m / x_last
        elif m >= x_last:
            lat = ys[-1]
        elif m <= x_first:
            lat = ys[0]
        else:
            i = c.right(m)
            lxs = c.lxs
            l0 = lxs[i - 1]
            t = (math.log(m) - l0) / (lxs[i] - l0)
            y0 = ys[i - 1]
            lat = y0 + t * (ys[i] - y0)
        if compute != 1.0:
            # weight-only experts upcast in the kernel (StepCost._gemm_s)
            comp = lat if m >= self.ridge_c else self.below * m
            up = comp * self.sc * compute
            return up if up > read else read
        scale = self.sc if m >= ridge else self.sm
        grow = lat - self.lat1
        grow = grow if grow > 0.0 else 0.0
        return read + grow * scale * compute

    def at(self, decodes: float, ctx: float, chunk: float = 0.0,
           chunk_span: float = 0.0) -> float:
        m = decodes + chunk
        # StepCost._by_tokens: linear_s and _comm_s
        if m <= 0:
            t = 0.0
        else:
            t = self.gemm_s(m, self.read_d, 1.0, self.ridge_d) * self.dense_params / self.n8192
            if self.expert_params:
                num_e, k_e = self.num_e, self.k_e
                hit = num_e * (1 - (1 - k_e / num_e) ** m)
                per_expert = m * k_e / hit
                t += (self.gemm_s(per_expert, self.read_e, self.ec, self.ridge_e) * hit
                      * self.expert_params / self.n8192)
        comm = 2 * self.layers * self.comm.seconds(m * self.hidden * 2) if self.tp > 1 else 0.0
        hop = self.hop
        if hop is not None and m > 0:
            comm += hop(m)
        # StepCost._step_s
        window = self.window
        if window:
            kv_s, attn_s = self.kv_s, self.attn_s
            low = window if window < ctx else ctx
            ctx = ctx * (1 - kv_s) + low * kv_s
            low = window if window < chunk_span else chunk_span
            chunk_span = chunk_span * (1 - attn_s) + low * attn_s
        t += decodes * ctx * self.kv_tok / self.bw
        if self.state:
            t += decodes * self.state / self.bw
        t += self.aft * chunk * chunk_span / self.af
        t += comm
        eager = chunk > 0 or decodes > self.graph_max
        t += self.overhead + self.layers * (self.eager_s if eager else self.graph_s)
        return t


class Knobs:
    """The serving model's fitted constants (:mod:`serving` documents each)."""

    steady_burst: float
    transient_weight: float
    queue_factor: float
    request_overhead_s: float
    max_iterations: int

    def __init__(self, steady_burst: float, transient_weight: float, queue_factor: float,
                 request_overhead_s: float, max_iterations: int) -> None:
        self.steady_burst = steady_burst
        self.transient_weight = transient_weight
        self.queue_factor = queue_factor
        self.request_overhead_s = request_overhead_s
        self.max_iterations = max_iterations


def _mean_step(step: Step, tau: float, sep: bool, x_dec: float, x_isl: float,
               f_running: float, f_budget: float, f_isl: float, half: float, ctx: float,
               others: float, budget: int, isl: int, dec_steps: int, decodes_run: bool
               ) -> tuple[float, float, float, float, bool]:
    """(the mean step a decode sees, decodes per step, chunk cap, prefill share, True) when
    the mean step is ``tau``; (..., False) when prefill alone would take all the time
    (``serving``'s former ``mean_step`` closure)."""
    d = x_dec * tau
    d = d if d < f_running else f_running
    # the steps a decode is in carry itself and, on average, the others' decodes
    if dec_steps:
        d = 1.0 + d * others
        d = d if d < f_running else f_running
    if sep:
        chunk_cap = f_budget
    else:
        chunk_cap = budget - d
        chunk_cap = 1.0 if chunk_cap < 1.0 else chunk_cap
    if isl < chunk_cap:
        # several prompts share a step when they have arrived by then
        chunk = x_isl * tau
        chunk = chunk if chunk > f_isl else f_isl
        chunk = chunk if chunk < chunk_cap else chunk_cap
    else:
        chunk = f_isl if f_isl < chunk_cap else chunk_cap
    t_mix = step.at(0.0 if sep else d, ctx, chunk, half)
    t_dec = step.at(d, ctx, 0.0, 0.0)
    mix_rate = x_isl / chunk
    rho = mix_rate * t_mix
    if rho >= 0.999:
        return 0.0, 0.0, 0.0, 0.0, False
    # the mean step a decode sees, by count: the others' chunk steps and decode-only steps in
    # their shares of the time (no decodes at all: the step under way is a chunk); where
    # prefill runs in steps of its own, a decode waits through the others' chunks
    seen = mix_rate * others
    if decodes_run:
        tau_new = (t_dec / (1 - seen * t_mix) if sep
                   else 1.0 / (seen + (1 - seen * t_mix) / t_dec))
    else:
        tau_new = t_mix
    return tau_new, d, chunk_cap, rho, True


def _burst_service(step: Step, burst: float, isl: int, per_step: float, dc: float,
                   ctx: float) -> tuple[float, float]:
    """(mean steps-to-first-token time of a burst of ``burst`` prompts served first come
    first served in chunks of ``per_step`` tokens, the whole burst's prefill time)."""
    steps_total = math.ceil(burst * isl / per_step)
    whole = burst * isl
    step_tokens = whole if whole < per_step else per_step
    t_chunk = step.at(dc, ctx, step_tokens, isl / 2)
    # the burst's last step carries only what is left of its prompts: timed at its own
    # tokens (a prompt of 8,193 tokens is one full chunk and a 1-token one, not two)
    last = burst * isl - (steps_total - 1) * per_step
    t_last = step.at(dc, ctx, last, isl / 2) if last < step_tokens else t_chunk
    # request j of the burst has its first token after ceil((j + 1) x isl / budget) steps,
    # the burst's last step at its own length
    n = int(burst)
    total = 0.0
    for j in range(n):
        k = math.ceil((j + 1) * isl / per_step)
        total += (k - 1) * t_chunk + (t_last if k >= steps_total else t_chunk)
    return total / n, (steps_total - 1) * t_chunk + t_last


def at_rate(step: Step, mixed: bool, knobs: Knobs, x: float, isl: int, osl: int,
            running: int, budget: int, closed: bool, tau0: float, has_tau0: bool,
            start_s: float, has_start: bool) -> tuple[float, float, float, bool]:
    """(TTFT, TPOT, prefill share, True) at ``x`` requests/s, or (..., False) when the
    engine cannot keep up: ``serving._at_rate`` (its docstring is the model's), ``tau0`` and
    ``start_s`` given where ``has_tau0`` and ``has_start``."""
    ctx = isl + osl / 2
    dec_steps = osl - 1 if osl - 1 > 0 else 0
    sep = not mixed
    # a decoding sequence shares steps with the prompts of the others: in a closed loop of
    # ``running`` users its own prompt was done before it decodes (one user alone decodes at
    # the lone decode step); Poisson arrivals (open loop) come from anyone
    others = (running - 1) / running if closed else 1.0
    f_running, f_budget, f_isl, half = float(running), float(budget), float(isl), isl / 2
    x_dec, x_isl = x * dec_steps, x * isl
    decodes_run = bool(dec_steps and running)

    # the mean step is a fixed point of ``_mean_step``: iterated, with a secant step on
    # tau - mean_step(tau) where it stays in the engine's range (the plain iteration crawls
    # at heavy load, 15 % a step, and stopping it early made the answer depend on the guess)
    tau = tau0 if has_tau0 else step.at(1, ctx, 0.0, 0.0)
    got = _mean_step(step, tau, sep, x_dec, x_isl, f_running, f_budget, f_isl, half, ctx,
                     others, budget, isl, dec_steps, decodes_run)
    if not got[4]:
        return 0.0, 0.0, 0.0, False
    has_prev = False
    prev0 = prev1 = 0.0
    for _ in range(knobs.max_iterations):
        nxt = got[0]
        if abs(nxt - tau) <= 1e-6 * tau:
            break
        if has_prev and (prev1 - prev0) != (nxt - tau):
            g0, g1 = prev1 - prev0, nxt - tau
            sec = tau - g1 * (tau - prev0) / (g1 - g0)
            if sec > 0 and math.isfinite(sec):
                trial = _mean_step(step, sec, sep, x_dec, x_isl, f_running, f_budget, f_isl,
                                   half, ctx, others, budget, isl, dec_steps, decodes_run)
                if trial[4]:
                    has_prev, prev0, prev1 = True, tau, nxt
                    tau, got = sec, trial
                    continue
        has_prev, prev0, prev1 = True, tau, nxt
        tau = nxt
        got = _mean_step(step, tau, sep, x_dec, x_isl, f_running, f_budget, f_isl, half, ctx,
                         others, budget, isl, dec_steps, decodes_run)
        if not got[4]:
            return 0.0, 0.0, 0.0, False
    tau, d, chunk_cap, rho = got[0], got[1], got[2], got[3]
    per_step = 1.0 if chunk_cap < 1.0 else chunk_cap
    dc = 0.0 if sep else d

    # steady state: about STEADY_BURST_SIZE x sqrt(running) prompts share the chunks (at least
    # one), first come first served; the benchmark's start (every user at once) is the share
    # TRANSIENT_WEIGHT of the mean: the whole running set in the chunk staircase
    if closed:
        b = knobs.steady_burst * math.sqrt(running)
        fr = float(running)
        b = b if b < fr else fr
        burst = b if b > 1.0 else 1.0
    else:
        burst = 1.0
    service, burst_s = _burst_service(step, burst, isl, per_step, dc, ctx)
    if has_start and closed and running > 1:
        w = knobs.transient_weight
        service = (1.0 - w) * service + w * start_s
    # a lone user of a closed loop queues behind no one
    queue = (knobs.queue_factor if running > 1 else 0.0) if closed else 1.0
    wait = queue * rho / (1 - rho) * burst_s / 2
    # a prompt arrives during a step under way: on average half of it; with no decodes (one
    # output token), a closed loop's step under way is another user's prompt, so a lone user
    # finds none
    residual = tau / 2 if dec_steps or not closed else tau / 2 * others
    ttft = residual + wait + service + knobs.request_overhead_s
    return ttft, tau, rho, True


def start_service(step: Step, isl: int, running: int, budget: int) -> float:
    """Mean time to the first token of a closed-loop benchmark's start
    (``serving.start_service_s``, whose docstring is the model's)."""
    n = running if running > 1 else 1
    per = float(budget if budget > 1 else 1)
    total_tokens = n * isl
    steps = math.ceil(total_tokens / per)
    ft = float(total_tokens)
    t_full = step.at(0.0, 0.0, ft if ft < per else per, isl / 2)
    last = total_tokens - (steps - 1) * per
    low = total_tokens if total_tokens < per else per
    t_last = step.at(0.0, 0.0, last, isl / 2) if last < low else t_full
    total = 0.0
    done = 0
    k = 0
    if (type(isl) is int and type(budget) is int and isl > 0
            and total_tokens + per * (steps + 2) < EXACT_INT):
        # the same steps and sums in whole numbers: below 2**52 the float quotients floor and
        # ceil to the integer quotients, and the step a prompt ends in is found at once
        whole = budget if budget > 1 else 1
        while done < n:
            k = -(-(done + 1) * isl // whole)
            k = steps if steps < k else k
            if k == steps:
                total += (n - done) * ((k - 1) * t_full + t_last)
                break
            upto = k * whole // isl
            upto = upto if upto < n else n
            total += (upto - done) * ((k - 1) * t_full + t_full)
            done = upto
        return total / n
    while done < n:
        # the next step in which a prompt ends (the steps between add nothing: jumped), then
        # the requests whose prompt ends in step k: those j with (j + 1) x isl <= k x budget
        nk = math.ceil((done + 1) * isl / per) - 1
        k = nk if nk > k + 1 else k + 1
        while k < steps:
            ends = math.floor(k * per / isl)
            if (ends if ends < n else n) > done:
                break
            k += 1
        k = steps if steps < k else k
        if k == steps:
            upto = n
        else:
            ends = math.floor(k * per / isl)
            upto = ends if ends < n else n
        if upto > done:
            total += (upto - done) * ((k - 1) * t_full + (t_last if k == steps else t_full))
            done = upto
    return total / n


def closed_loop(step: Step, mixed: bool, knobs: Knobs, isl: int, osl: int, running: int,
                budget: int, start_s: float, has_start: bool
                ) -> tuple[float, float, float, float]:
    """(requests/s, TTFT, TPOT, prefill share) of ``running`` users in a closed loop: the rate
    at which they are all in the system, the root of log implied(x) - log running, bracketed,
    by regula falsi in log x (the Illinois variant: a few steps where plain bisection takes a
    dozen), to a millionth of the users or a bracket 1e-5 wide (``serving.serve``)."""
    found: dict[float, tuple[float, float, float]] = {}
    has_last = False
    last_tau = 0.0
    osl_1 = osl - 1

    def implied(x: float) -> float:
        nonlocal has_last, last_tau
        r = at_rate(step, mixed, knobs, x, isl, osl, running, budget, True, last_tau,
                    has_last, start_s, has_start)
        if not r[3]:
            return math.inf
        found[x] = (r[0], r[1], r[2])
        has_last, last_tau = True, r[1]
        return x * (r[0] + osl_1 * r[1])

    target = math.log(running)
    span = step.at(running, isl + osl / 2, 0.0, 0.0) * (osl_1 if osl_1 > 1 else 1)
    hi = running / (1e-9 if span < 1e-9 else span)
    f_hi = implied(hi)
    while f_hi < running and hi < 1e9:
        hi *= 2
        f_hi = implied(hi)
    # a rate below the root has a shorter cycle than the root's and one above it a longer
    # one, so running / cycle(hi) is at or below the root: the bracket's low end
    lo = hi * running / f_hi if math.isfinite(f_hi) else hi / 1e6
    g_lo = math.log(implied(lo)) - target
    while g_lo > 1e-9 and lo > 1e-12:
        hi, f_hi, lo = lo, math.exp(g_lo + target), lo / 1e3
        g_lo = math.log(implied(lo)) - target
    g_hi = (math.log(f_hi) - target) if math.isfinite(f_hi) else math.inf
    side = 0
    for _ in range(200):
        if hi / lo < 1.0 + 1e-5:
            break
        a, b = math.log(lo), math.log(hi)
        if math.isfinite(g_hi) and g_hi > g_lo:
            m = b - g_hi * (b - a) / (g_hi - g_lo)
            # keep the step inside the bracket, never at its ends
            low = a + 0.01 * (b - a)
            m = low if low > m else m
            high = b - 0.01 * (b - a)
            m = high if high < m else m
        else:
            m = (a + b) / 2
        mid = math.exp(m)
        f_mid = implied(mid)
        g_mid = (math.log(f_mid) - target) if math.isfinite(f_mid) else math.inf
        if g_mid < 0:
            lo, g_lo = mid, g_mid
            if side == -1:
                g_hi /= 2
            side = -1
        else:
            hi, g_hi = mid, g_mid
            if side == 1:
                g_lo /= 2
            side = 1
        if abs(g_mid) < 1e-6:
            lo = mid  # the root, to a millionth of the users
            break
    x = lo
    hit = found.get(x)
    if hit is None:
        r = at_rate(step, mixed, knobs, x, isl, osl, running, budget, True, 0.0, False,
                    start_s, has_start)
        assert r[3]
        return x, r[0], r[1], r[2]
    return x, hit[0], hit[1], hit[2]


def source_digest(path: str) -> str:
    """SHA-256 of a module's source file: the compiled copy carries its source's
    (``SOURCE_SHA256``), so a copy built from an older source is never used."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


NATIVE_MODULE: Final = "service.domain.sizing._solver_native"
"""The compiled copy's name (``scripts/build_native.py`` builds it beside this file)."""


def load() -> ModuleType:
    """The compiled copy of this module where one built from this file's present source is
    importable, else this module (interpreted: the same numbers, slower)."""
    this = importlib.import_module(__name__.replace("_solver_native", "solver"))
    try:
        native = importlib.import_module(NATIVE_MODULE)
    except ImportError:
        return this
    path = this.__file__
    if path is None or getattr(native, "SOURCE_SHA256", None) != source_digest(path):
        return this
    return native
