"""Serving under load, as a continuous-batching engine does it (vLLM, SGLang, TensorRT-LLM).

Pure and steady-state (no event simulation):

* **admission**: a sequence runs only when its KV cache fits, in paged blocks of the engine's
  ``kv_block_tokens`` at its actual context, and at most ``max_num_seqs`` run; the rest wait;
* **steps**: every engine step carries one token of each running decode plus, while prompts
  wait, a chunk of prefill up to the per-step token budget (``max_num_batched_tokens``);
* **step time** = linear layers at that step's token count (the measured GEMM latency of the
  GPU and dtype, :mod:`efficiency`, scaled by the layer's parameters, weight-only formats
  reading fewer bytes) + attention (the KV cache read for decodes, causal FLOPs for the
  chunk) + two tensor-parallel all-reduces per layer (measured NCCL latency) + a per-step
  overhead (scheduler, sampling) + a per-layer launch cost (small under CUDA graphs, larger
  for eager mixed steps);
* **load**: closed loop, ``concurrency`` users each sending the next request when the last
  ends (requests/s X from Little's law), or open loop at ``request_rate_per_s``. The share of
  time spent in prefill chunks is rho = X x prompt / chunk x t_mix; decodes see the mean step
  (TPOT); a new prompt waits for the step under way, then for its chunks and an M/D/1 wait
  (a closed loop's at QUEUE_FACTOR of an open loop's); a closed-loop benchmark's mean also
  holds its start, every user at once in the chunk budget's staircase, for the share
  TRANSIENT_WEIGHT of its requests (TTFT);
* an engine that runs prefill batches on their own (SGLang's default) keeps a closed loop in
  waves: the whole wave is prefilled, then decodes in lock step (:func:`_waves`). Its TTFT is
  several times a mixed engine's at the same closed-loop load, and measured so
  (catalog/serving_measurements.csv, Qwen3-32B BF16 on 4 x H100, 4,096 in / 512 out, 64
  users: SGLang 0.5.1 4,044 ms, vLLM 0.12 905 ms; the model 4,441 and 1,166 ms). In an open
  loop (random arrivals: no waves) its prefill chunks are steps of their own that the decodes
  wait through (:func:`_at_rate`): sglang ``Scheduler.get_next_batch_to_run`` gives a new
  prefill batch priority over the running decode batch unless ``--enable-mixed-chunk``
  (sgl-project/sglang PR 34058, 2026-08-08, describes it).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from types import ModuleType

import msgspec

from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import (
    Architecture,
    fixed_seq_bytes,
    kv_bytes,
    seq_cache_bytes,
)
from service.domain.catalog.precisions import KVType, Precision, dense_linear_bits
from service.domain.sizing import solver as _pure
from service.domain.sizing.efficiency import (
    DTYPE_BITS,
    N8192,
    AttentionCurve,
    CommModel,
    GemmModel,
    PerfTables,
    attention_curve,
    comm_model,
    curve_latency_s,
    expert_compute_scale,
    gemm_model,
)
from service.domain.sizing.memory import SizedModel
from service.domain.sizing.solver import Step

_solve: ModuleType = _pure.load()
"""The load solve's module: its compiled copy where ``make native`` built one from the present
source (:mod:`service.domain.sizing.solver`), else the source itself (the same numbers)."""

# Constants fitted on the serving measurements' SEEN subset only (H100 + H200, Llama / Qwen,
# vLLM + TensorRT-LLM; ``gpu-advisor calibrate`` reports the held-out rows apart), each by a
# grid search of the median absolute error of TTFT or TPOT there:
BURST_SIZE = 1.1
"""A closed loop's requests arrive in bursts (those that started together end together):
about BURST_SIZE x sqrt(running) prompts share the prefill (grid 0.5-3.0, fitted before
:data:`TRANSIENT_WEIGHT` when it carried the benchmark's start too). Only the layer-splitting
engines' slot model uses it now (:func:`speed.layer_split_load`: no serving row measures
one); the token-budget engines take :data:`STEADY_BURST_SIZE`."""
STEADY_BURST_SIZE = 0.0
"""After the benchmark's start, prompts that arrive together share the prefill chunks: about
STEADY_BURST_SIZE x sqrt(running) of them (at least one). Was 1.1 (:data:`BURST_SIZE`) while
it alone had to carry the start's burst. With :data:`TRANSIENT_WEIGHT` carrying the start,
the grid 0 / 0.5 / 1.1 on the seen rows gives TTFT within a point at their best weights: 0
kept (a steady prompt arrives alone; the M/D/1 wait of :data:`QUEUE_FACTOR` is its
collisions)."""
QUEUE_FACTOR = 0.75
"""M/D/1 queueing in a closed loop's steady state, as a share of an open loop's (factor 1):
a closed loop's arrivals are less random than Poisson ones; a lone user queues behind no
one. Grid 0.5 / 0.75 / 1.0 with :data:`TRANSIENT_WEIGHT` 0.08-0.14 at 40 ms: 0.75 best on the
seen rows (TTFT 28.3 %; 0.5: 29.9 %; 1.0: 28.4 %)."""
REQUEST_OVERHEAD_S = 0.04
"""Per request before its first token: the API server's tokenization, scheduling, first
detokenization and streaming (grid 10-60 ms; refitted with the start transient: 35 / 40 /
45 / 50 ms give 29.0 / 28.3 / 28.2 / 28.5 % on the seen rows, within a point, and the former
value is kept)."""
TRANSIENT_WEIGHT = 0.12
"""Share of a closed-loop benchmark's mean TTFT that is its start (the transient). A
fixed-concurrency benchmark sends all C users' first requests at t = 0; an engine with a
per-step token budget then prefills them first come first served, ``budget / isl`` prompts a
step, so request j of that wave has its first token after ceil((j + 1) x isl / budget) steps
(vLLM V1: the running set is scheduled first and the waiting queue fills what is left of
``max_num_batched_tokens``, a prompt chunked to ``min(remaining_prompt, remaining_budget)``;
TensorRT-LLM's ``max_num_tokens`` and SGLang's ``chunked_prefill_size`` bound a step the same
way). Later requests arrive spread out (steady state). The benchmark's mean TTFT blends the
two by the share of its requests that were in that first wave (C / requests sent), which is a
property of the measurement, not of the engine: ai-dynamo/aiconfigurator
docs/design/queueing_model.md ("transient window = initial concurrency burst", "closed-loop
dispatch semantics (all C arrive at t=0)"; its ``ttft_mean(N)`` blended mean: the same
deployment measured 456 ms at N = 200 requests and 223 ms at N = 1,000). The rows of
catalog/serving_measurements.csv show it: vLLM 0.12, Qwen3-32B BF16, 2 x H100, 1,024 in, TTFT
154 / 187 / 237 / 381 / 652 ms at 8 / 16 / 32 / 64 / 128 users with 1,024 out, 692 ms at
128 users with 128 out although the request rate differs 3.6x: linear in the
users (about 4 ms a user) and blind to the load, as a start transient is, where the former
sqrt(running) burst grew as sqrt and could not tell the two apart. The benchmark's request
count is not in the file, so the share is fitted: grid 0.08-0.14 on the seen rows, 0.12 best
(TTFT 28.3 %; 0.10: 31.9 %, 0.14: 28.5 %; without it 58 %), about 8 requests a user. The
start is timed once per solve (:func:`start_service_s`: no decodes yet, whole budgets) and is
in the rate solved for, as in the benchmark's own means (Little's law holds for them)."""
STREAM = 0.8
"""Decode weight reads stream at no less than STREAM x the engine's eta_mem of the bandwidth:
the measured lone GEMM at m = 1 pays a launch and tail that a CUDA-graph step hides (grid
0.6-1.0)."""
KERNEL_S = 2.25e-6
"""Fixed GPU time of each kernel of a layer replayed from a CUDA graph, on top of its bytes or
FLOPs: the graph removes the CPU launch, not the kernel's pipeline fill (DRAM latency before
the first tile streams), its last wave's drain and the wait for the previous kernel (dependent
kernels in one stream do not overlap). Counted per kernel (:func:`kernels_per_layer`), so a
layer of many small kernels (MLA; an MoE block's router, top-k, permute and finalize) pays more
than a dense one. Grid 0-4 us on the seen rows (all dense): TPOT 15.4 % at 0, 11.0 % at 2.0,
10.8 % at 2.25 and 2.5, 10.7 % at 2.75; TTFT 29.2 % at 0, 29.3 % at 2.0-2.25, 29.4 % at 2.5,
29.9 % at 2.75; throughput 18.4 % at 0, 11.5 % at 2.25: 2.25 kept. The MoE and MLA kernel
counts are read from the engines' code, not fitted (no seen row is an MoE)."""


class StepCost(msgspec.Struct, frozen=True, gc=False):
    """Everything a step's time needs, for one model, precision, engine, GPU and TP size."""

    layers: int
    hidden: int
    tp: int
    dense_params: float
    """Linear parameters every token passes through, on one GPU (attention, dense MLP,
    shared experts, LM head)."""
    expert_params: float
    """Parameters of one routed expert across the MoE layers, on one GPU (0: dense)."""
    num_experts: int
    experts_per_token: int
    weight_bits: float
    expert_bits: float
    gemm: GemmModel
    comm: CommModel
    kv_bytes_token: float
    """KV cache bytes of one token on one GPU."""
    bw: float
    attn_flops: float
    """Achievable attention FLOP/s of one GPU at long sequences."""
    attention: AttentionCurve | None
    """The attention kernel's speed against sequence length (None: the constant alone)."""
    attn_flops_token: float
    """Attention FLOPs per query token per token of context, on one GPU (4 x softmax layers x
    query width / TP: :func:`attention_flops_per_pair`)."""
    step_overhead_s: float
    layer_graph_s: float
    layer_eager_s: float
    graph_max_batch: int
    mixed_prefill: bool
    """Prefill chunks ride in decode steps (vLLM, TensorRT-LLM) rather than in batches of
    their own (SGLang's default)."""
    state_bytes: float = 0.0
    """A sequence's fixed part on one GPU, read by every decode step: a hybrid model's
    recurrent state (also written), a vision model's cross-attention KV of its image (0:
    attention over the text only)."""
    window: float = 0.0
    """Sliding attention window in tokens (0: full attention everywhere)."""
    kv_slide_share: float = 0.0
    """Share of the cached layers that use the window: their KV read stops at it."""
    attn_slide_share: float = 0.0
    """Share of the attention FLOPs in windowed layers: their query attends to the window
    (of the softmax-attention layers, those :attr:`attn_flops_token` counts)."""
    memo: dict[float, tuple[float, float]] | None = None
    """One load solve's step parts by step tokens (:func:`serve` gives each solve its own:
    the solve asks the same step sizes again and again, a full chunk beside the decodes
    above all); None: computed every time."""
    steps: dict[tuple[float, float, float, float], float] | None = None
    """One load solve's step times by their arguments (:func:`serve` gives every solve its
    own: a third of a solve's steps repeat one already timed); None: computed every time."""
    fast: FastGemm | None = None
    """The GEMM curve's numbers :meth:`linear_s` reads, taken out once
    (:func:`fast_gemm`; None: through :meth:`GemmModel.latency_s`)."""
    expert_compute: float = 1.0
    """Times the curve's compute time the routed-expert GEMMs take (weight-only 4-bit experts
    upcast in the kernel on Hopper and Ampere: :func:`efficiency.expert_compute_scale`)."""
    hop_bytes_token: float = 0.0
    """Bytes one GPU sends per token at a pipeline-stage boundary (0: one stage). vLLM sends a
    stage's ``IntermediateTensors`` (hidden_states and residual, 16-bit, of the hidden size:
    ``make_empty_intermediate_tensors_factory(["hidden_states", "residual"], hidden_size)`` in
    vllm/model_executor/models/llama.py) split over the tensor group, each GPU its 1/tp, and
    the next stage all-gathers them (``send_tensor_dict(..., all_gather_group=
    get_tp_group())``, vllm/v1/worker/gpu_model_runner.py)."""
    hop_inter: int = 0
    """Stage boundaries between nodes (sent over the network at :attr:`hop_inter_bw`)."""
    hop_intra: int = 0
    """Stage boundaries inside a node (sent over the GPUs' own link at :attr:`hop_intra_bw`)."""
    hop_inter_bw: float = 0.0
    """Bytes/s one GPU sends between nodes."""
    hop_intra_bw: float = 0.0
    """Bytes/s one GPU sends to another of its node."""
    hop_gather: CommModel | None = None
    """The receiving stage's all-gather of the shards over its tensor group (None: TP 1)."""

    def _gemm_s(self, m: float, read: float, compute: float = 1.0,
                ridge: float = 0.0) -> float:
        """:meth:`GemmModel.latency_s` at ``m`` with its weight read ``read`` already
        known (``compute``: its ``compute_scale``): the same operations in the same order,
        so the same seconds to the bit; ``ridge``: :meth:`GemmModel.ridge_m` of the
        weights, below which a borrowed curve's growth scales with the bandwidth)."""
        f = self.fast
        assert f is not None
        if m <= 1.0:
            return read + 0.0 * f.scale_compute
        xs = f.m
        if m > xs[-1]:
            lat = f.latency_s[-1] * m / xs[-1]
        elif m >= xs[-1]:
            lat = f.latency_s[-1]
        elif m <= xs[0]:
            lat = f.latency_s[0]
        else:
            i = bisect.bisect_right(xs, m)
            lx, ys = f.log_m, f.latency_s
            t = (math.log(m) - lx[i - 1]) / (lx[i] - lx[i - 1])
            lat = ys[i - 1] + t * (ys[i] - ys[i - 1])
        if compute != 1.0:
            # weight-only experts upcast in the kernel (GemmModel.latency_s, the same order)
            comp = lat if m >= f.ridge_curve else f.below_ridge * m
            return max(read, comp * f.scale_compute * compute)
        scale = f.scale_compute if m >= ridge else f.scale_memory
        return read + max(0.0, lat - f.lat1) * scale * compute

    def linear_s(self, m: float) -> float:
        if m <= 0:
            return 0.0
        f = self.fast
        if f is None:
            t = self.gemm.latency_s(m, self.weight_bits) * self.dense_params / N8192
        else:
            t = self._gemm_s(m, f.read_dense, 1.0, f.ridge_dense) * self.dense_params / N8192
        if self.expert_params:
            e, k = self.num_experts, self.experts_per_token
            hit = e * (1 - (1 - k / e) ** m)
            per_expert = m * k / hit
            ec = self.expert_compute
            t += ((self.gemm.latency_s(per_expert, self.expert_bits, ec) if f is None
                   else self._gemm_s(per_expert, f.read_expert, ec, f.ridge_expert))
                  * hit * self.expert_params / N8192)
        return t

    def _by_tokens(self, m: float) -> tuple[float, float]:
        """(linear layers, all-reduces) seconds of a step of ``m`` tokens, kept in
        :attr:`memo` when it has one."""
        memo = self.memo
        if memo is not None:
            hit = memo.get(m)
            if hit is not None:
                return hit
        got = (self.linear_s(m), self._comm_s(m))
        if memo is not None:
            memo[m] = got
        return got

    def _comm_s(self, m: float) -> float:
        """Seconds of a step's communication for ``m`` tokens: two all-reduces a layer over
        the tensor group."""
        t = 2 * self.layers * self.comm.seconds(m * self.hidden * 2) if self.tp > 1 else 0.0
        if self.hop_bytes_token and m > 0:
            t += self._hop_s(m)
        return t

    def _hop_s(self, m: float) -> float:
        """Seconds a step of ``m`` tokens spends handing its activations from stage to stage
        (:attr:`hop_bytes_token`): each token passes every boundary in turn, so the hops add
        to the step. Bandwidth only, at the line rate: the per-message latency of a send over
        the network is not known here, so this is a best case."""
        sent = m * self.hop_bytes_token
        t = 0.0
        if self.hop_inter:
            t += self.hop_inter * sent / self.hop_inter_bw
        if self.hop_intra:
            t += self.hop_intra * sent / self.hop_intra_bw
        if self.hop_gather is not None:
            t += (self.hop_inter + self.hop_intra) * self.hop_gather.seconds(sent * self.tp)
        return t

    def step_s(self, decodes: float, ctx: float, chunk: float = 0.0,
               chunk_span: float = 0.0) -> float:
        """One step: ``decodes`` sequences at ``ctx`` tokens of context each, plus ``chunk``
        prefill tokens attending to ``chunk_span`` tokens on average (kept in :attr:`steps`
        when it has one)."""
        steps = self.steps
        if steps is None:
            return self._step_s(decodes, ctx, chunk, chunk_span)
        key = (decodes, ctx, chunk, chunk_span)
        t = steps.get(key)
        if t is None:
            t = steps[key] = self._step_s(decodes, ctx, chunk, chunk_span)
        return t

    def _step_s(self, decodes: float, ctx: float, chunk: float, chunk_span: float) -> float:
        m = decodes + chunk
        t, comm = self._by_tokens(m)
        if self.window:
            # windowed layers read (and a chunk attends to) no more than the window
            s, w = self.kv_slide_share, self.window
            ctx = ctx * (1 - s) + min(ctx, w) * s
            a = self.attn_slide_share
            chunk_span = chunk_span * (1 - a) + min(chunk_span, w) * a
        t += decodes * ctx * self.kv_bytes_token / self.bw
        if self.state_bytes:
            t += decodes * self.state_bytes / self.bw
        t += self.attn_flops_token * chunk * chunk_span / self.attn_flops
        t += comm
        eager = chunk > 0 or decodes > self.graph_max_batch
        t += self.step_overhead_s + self.layers * (self.layer_eager_s if eager
                                                   else self.layer_graph_s)
        return t


class FastGemm(msgspec.Struct, frozen=True, gc=False):
    """A measured GEMM curve and the parts of :meth:`GemmModel.latency_s` that do not depend
    on the step's tokens, for one step model's weight formats."""

    m: tuple[float, ...]
    log_m: tuple[float, ...]
    latency_s: tuple[float, ...]
    lat1: float
    """The curve's latency at m = 1 (before any scaling)."""
    scale_compute: float
    scale_memory: float
    """Borrowed curve: the reference GPU's bandwidth / this GPU's (the growth below the
    ridge scales with it: :meth:`GemmModel.latency_s`)."""
    ridge_dense: float
    """Tokens from which the dense weights' GEMM is compute-bound (:meth:`GemmModel.ridge_m`)."""
    ridge_expert: float
    read_dense: float
    """Seconds to read the dense weights' 8192 x 8192 matrix (at their bits)."""
    read_expert: float
    ridge_curve: float = 0.0
    """Tokens from which the curve's own GPU is compute-bound in the curve's dtype (the
    reference GPU's, for a borrowed curve)."""
    below_ridge: float = 0.0
    """The curve's seconds per token at :attr:`ridge_curve`: below it, the compute time of
    an upcasting weight-only GEMM is this per token (the curve there is the 16-bit read)."""


def fast_gemm(g: GemmModel, dense_bits: float, expert_bits: float) -> FastGemm | None:
    """:class:`FastGemm` of ``g`` (None without a measured or borrowed curve): the read at
    m = 1 for each weight format computed as :meth:`GemmModel.latency_s` does."""
    c = g.curve
    if c is None:
        return None
    bits = DTYPE_BITS.get(g.dtype, 16.0)
    lat1 = c.latency_s[0] if c.m[0] >= 1.0 else curve_latency_s(c, 1.0)

    def wbits(weight_bits: float) -> float:
        return min(bits, weight_bits) if weight_bits else bits

    ridge = g.ridge_m(bits) * g.scale_compute / g.scale_memory

    def read(weight_bits: float) -> float:
        wb = wbits(weight_bits)
        r = lat1 * g.scale_memory * wb / bits
        if g.stream_share:
            r = min(r, N8192 * wb / 8 / (g.stream_share * g.bandwidth))
        return r

    return FastGemm(m=c.m, log_m=tuple(math.log(x) for x in c.m), latency_s=c.latency_s,
                    lat1=lat1, scale_compute=g.scale_compute, scale_memory=g.scale_memory,
                    ridge_dense=g.ridge_m(wbits(dense_bits)),
                    ridge_expert=g.ridge_m(wbits(expert_bits)), read_dense=read(dense_bits),
                    read_expert=read(expert_bits), ridge_curve=ridge,
                    below_ridge=curve_latency_s(c, ridge) / ridge)


DISPATCH_BYTES = 2
"""Bytes of one token's hidden state in each all-to-all of an expert-parallel MoE layer:
BF16 (SGLang's and vLLM's all-to-all backends send BF16 activations; DeepEP's FP8 dispatch
would halve the dispatch, not the combine)."""


class ExpertParallelStep(StepCost, frozen=True, gc=False):
    """One replica's step where the routed experts are sharded whole over ``ep`` GPUs that
    span ``ep / tp`` data-parallel replicas (attention data parallel + expert parallel:
    SGLang's ``--enable-dp-attention`` with ``--ep-size``, vLLM's data parallel with
    ``--enable-expert-parallel``). The dense layers (attention, shared experts, dense MLPs,
    LM head) run the replica's own tokens, split over its ``tp`` GPUs; each GPU's grouped
    expert GEMMs run the tokens that the whole expert group routes to its 1/``ep`` of the
    experts (the replicas step together: an MoE layer waits for every rank's tokens); two
    all-to-alls per MoE layer (dispatch, combine) move the replica's routed tokens. Its own
    fields: ``expert_params`` is 0 (the experts are :attr:`experts`)."""

    group: float = 1.0
    """Replicas whose tokens meet on one GPU's experts (``ep / tp``)."""
    experts: StepCost | None = None
    """The routed experts alone, one GPU's 1/``ep`` of them, whole (no dense part)."""
    dispatch: CommModel | None = None
    """The all-to-all over the ``ep`` GPUs."""
    moe_layers: int = 0

    def linear_s(self, m: float) -> float:
        t = StepCost.linear_s(self, m)
        if self.experts is not None and m > 0:
            t += self.experts.linear_s(m * self.group)
        return t

    def _comm_s(self, m: float) -> float:
        comm = StepCost._comm_s(self, m)
        if self.dispatch is not None and m > 0:
            # each token goes to its top-k experts' GPUs and comes back weighted (combine)
            routed = m * self.experts_per_token * self.hidden * DISPATCH_BYTES
            comm += 2 * self.moe_layers * self.dispatch.seconds(routed)
        return comm


def dispatch_model(perf: PerfTables, gpu: GPU, ep: int) -> CommModel:
    """The all-to-all of an expert-parallel layer over ``ep`` GPUs, priced as an all-gather of
    the same message: both move (n-1)/n of it per GPU (nccl-tests doc/PERFORMANCE.md, the bus
    bandwidth factors of alltoall and all_gather), and NCCL's measured alltoall is no slower
    (aiconfigurator's NCCL 2.27 tables over 8 H100 / H200, /work/shared/reference/perf/
    collectives.csv: alltoall 0.6-0.95x the all_gather latency at 64 KiB-4 MiB); the catalog
    keeps no alltoall curve."""
    c = comm_model(perf, gpu, "all_gather", ep)
    return msgspec.structs.replace(c, source=f"all-to-all priced as all-gather: {c.source}")


def attention_flops_per_pair(a: Architecture) -> float:
    """Attention FLOPs per query token per token of context, summed over the softmax-attention
    layers (:attr:`Architecture.kv_layers`): QK^T and PV, 2 x heads x (query-key head dim +
    value head dim) per layer. Equal head dims give 4 x query width; MLA's prefill runs
    decompressed heads (DeepSeek-V3: q/k 128 + 64 rope = 192, v 128; its config.json).

    A hybrid model's linear-attention layers (Gated DeltaNet, lightning) attend to no context
    token by token: their cost is linear in the prompt and counted with the weights. Their
    projections are parameters (``linear_attention_params``), so the 2 x N FLOPs per token of
    the linear layers include them. Their state math is not counted: the gated delta rule's
    three d_k x d_v products per value head and token (S k, the rank-one update, S q; Yang et
    al. 2024, "Gated Delta Networks", arXiv 2412.06464; the chunkwise kernels add intra-chunk
    products of the same order) are for Qwen3.5-27B 3 x 2 x 48 x 128 x 128 = 4.7 MFLOP per
    layer and token against 2 x 26.9e9 / 64 = 0.84 GFLOP of its weights per layer
    (catalog/models/qwen3.5-27b.toml): under 1 %."""
    if a.is_mla:
        qk = (a.qk_nope_head_dim or 0) + (a.qk_rope_head_dim or 0)
        return 2.0 * a.kv_layers * a.num_attention_heads * (qk + (a.v_head_dim or 0))
    return 4.0 * a.kv_layers * a.q_width


def kernels_per_layer(a: Architecture) -> float:
    """Kernels of one decoder layer that each pay :data:`KERNEL_S`, averaged over the layers
    (the all-reduces are timed apart, by the measured NCCL curve).

    * attention block: norm, QKV GEMM, rotary, attention, output GEMM (5); MLA (DeepSeek-V2/V3)
      adds the latent norms, the separate query up-projection and the two absorbed per-head
      BMMs around the attention kernel (10: vLLM ``MLAAttention`` / TensorRT-LLM ``MLA``);
    * dense MLP: norm, gate/up GEMM, activation, down GEMM (4);
    * MoE block: norm, router GEMM, top-k, permute (align / expand rows), two grouped expert
      GEMMs, activation, finalize (un-permute and weighted sum) (8: vLLM
      ``fused_moe.fused_experts``: ``topk_softmax``, ``moe_align_block_size``, two
      ``fused_moe_kernel`` launches, ``silu_and_mul``, ``moe_sum``; TensorRT-LLM
      ``CutlassMoeFCRunner``: routing, ``expandInputRows``, FC1, FC2,
      ``finalizeMoeRouting``), plus a shared expert's gate/up, activation and down (3)."""
    attn = 10.0 if a.is_mla else 5.0
    if not a.is_moe:
        return attn + 4.0
    moe = 8.0 + (3.0 if a.num_shared_experts else 0.0)
    dense = min(a.first_dense_layers or 0, a.num_layers)
    return attn + (dense * 4.0 + (a.num_layers - dense) * moe) / a.num_layers


def step_cost(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, tp: int,
              tables: PerfTables, compute: str, attn_peak: float) -> StepCost:
    """The step-time model of this setup. ``compute``: the compute type the kernels run in
    (the capability rules' answer: FP8 weight-only on Ampere computes in FP16);
    ``attn_peak``: the FLOP/s attention's 16-bit kernels can reach on one GPU."""
    a = model.arch
    assert a is not None
    b = model.breakdown
    assert b is not None
    s = engine.speed
    expert = 0.0
    if a.is_moe:
        n = a.num_experts + a.num_shared_experts
        expert = (b.experts + b.experts_down) / n
        dense = (b.linear - b.experts - b.experts_down + expert * a.num_shared_experts
                 + b.lm_head)
    else:
        dense = b.linear + b.lm_head
    bits = dense_linear_bits(p, a.is_moe)
    ck = model.fp8_checkpoint
    if ck is not None and p.id == "fp8":
        # the official FP8 checkpoint's 16-bit layers (catalog [fp8_checkpoint]: Llama 3.1
        # 405B's attention and first and last MLPs) read twice the bytes and run bf16 GEMMs
        # at half fp8's rate: counted as that many more fp8 parameters, the bytes memory's
        # weight_bytes counts
        dense += ck.sixteen_bit_params(b, a) * (16.0 / bits - 1.0)
    ebits = p.bits_linear
    g = msgspec.structs.replace(gemm_model(tables, gpu, compute), stream_share=s.eta_mem * STREAM)
    # per layer, replayed from a CUDA graph: the engine's launch cost and every kernel's fixed
    # time. Eager, the CPU's launches set the pace and the GPU's fixed time hides behind them:
    # the engine's eager constant alone (fitted on whole eager steps)
    graph_s = s.layer_overhead_graph_us * 1e-6 + KERNEL_S * kernels_per_layer(a)
    return StepCost(
        layers=a.num_layers, hidden=a.hidden_size, tp=tp, dense_params=dense / tp,
        expert_params=expert / tp, num_experts=a.num_experts if a.is_moe else 0,
        experts_per_token=a.num_experts_per_token if a.is_moe else 0, weight_bits=bits,
        expert_bits=ebits, gemm=g, comm=comm_model(tables, gpu, "all_reduce", tp),
        fast=fast_gemm(g, bits, ebits),
        expert_compute=expert_compute_scale(gpu, ebits, compute) if a.is_moe else 1.0,
        kv_bytes_token=kv_bytes(a, 1, kv.bytes_per_element, tp),
        state_bytes=fixed_seq_bytes(a, kv.bytes_per_element, tp),
        window=float(a.sliding_window or 0),
        kv_slide_share=a.n_sliding / a.kv_layers if a.kv_layers else 0.0,
        attn_slide_share=a.n_sliding / a.kv_layers if a.kv_layers else 0.0,
        bw=gpu.bandwidth_gb_s * 1e9 * s.eta_mem,
        attn_flops=attn_peak * s.eta_attention, attention=(attention_curve(tables, gpu)
                                                       if s.flash_attention else None),
        attn_flops_token=attention_flops_per_pair(a) / tp,
        step_overhead_s=s.step_overhead_ms * 1e-3,
        layer_graph_s=graph_s, layer_eager_s=s.layer_overhead_eager_us * 1e-6,
        graph_max_batch=s.cuda_graph_max_batch,
        mixed_prefill=s.mixed_prefill)


StepFn = Callable[..., float]
"""``StepCost.step_s``'s signature: (decodes, ctx, chunk=0.0, chunk_span=0.0) -> seconds."""


def _floats(xs: tuple[float, ...]) -> list[float]:
    return [float(x) for x in xs]


def _comm(cm: CommModel, mod: ModuleType) -> _pure.Comm:
    """:meth:`CommModel.seconds` of ``cm`` as the solver's :class:`solver.Comm`, its curve's
    logarithms taken once (``math.log`` of a measured point is the same float every time)."""
    if cm.num_gpus <= 1:
        return mod.Comm(True, None, 0.0, 0.0, 0.0, 1, 0.0)  # type: ignore[no-any-return]
    c = cm.curve
    if c is not None:
        xs = _floats(c.message_bytes)
        curve = mod.Curve(xs, [math.log(x) for x in xs], _floats(c.latency_s))
        return mod.Comm(False, curve, float(cm.scale), 0.0, 0.0, 1,  # type: ignore[no-any-return]
                        0.0)
    return mod.Comm(False, None, float(cm.scale), float(cm.latency_s0),  # type: ignore[no-any-return]
                    float(cm.ring_passes), int(cm.num_gpus), float(cm.bandwidth))


def fast_step(c: StepCost, mod: ModuleType | None = None) -> Step | None:
    """:meth:`StepCost.step_s` of ``c`` as the solver's :class:`solver.FastStep`, every number
    it reads taken out once (the hot loop of a load solve asks it a hundred times): the same
    operations in the same order, so the same seconds to the bit. ``mod``: the solver module
    (default: the compiled one where built). None where ``c`` is not a plain
    :class:`StepCost` with its GEMM numbers (:class:`ExpertParallelStep` times its steps its
    own way)."""
    f = c.fast
    g = c.gemm
    if type(c) is not StepCost or (f is None and g.curve is not None):
        return None
    m = _solve if mod is None else mod
    if f is None:
        # no GEMM curve: GemmModel.latency_s's roofline, its weight reads computed as it
        # computes them (max(mem, comp) + 5 us, comp = 2 m N8192 / (0.6 peak) x scale)
        bits = DTYPE_BITS.get(g.dtype, 16.0)

        def mem(weight_bits: float) -> float:
            wb = min(bits, weight_bits) if weight_bits else bits
            return N8192 * wb / 8 / (0.8 * g.bandwidth)

        return m.FastStep(  # type: ignore[no-any-return]
            m.Curve([], [], []), True, float(0.6 * g.peak_flops), 0.0, 0.0, 0.0,
            float(mem(c.weight_bits)), 0.0, float(mem(c.expert_bits)), 0.0, 0.0, 0.0, N8192,
            *_step_parts(c, m))
    return m.FastStep(  # type: ignore[no-any-return]
        m.Curve(_floats(f.m), _floats(f.log_m), _floats(f.latency_s)), False, 0.0,
        float(f.lat1), float(f.scale_compute), float(f.scale_memory), float(f.read_dense),
        float(f.ridge_dense), float(f.read_expert), float(f.ridge_expert),
        float(f.ridge_curve), float(f.below_ridge), N8192,
        *_step_parts(c, m))


def _step_parts(c: StepCost, m: ModuleType) -> tuple[object, ...]:
    """:class:`solver.FastStep`'s arguments after the GEMM's: the step model's own."""
    return (
        float(c.dense_params), float(c.expert_params), int(c.num_experts),
        int(c.experts_per_token), float(c.expert_compute), int(c.layers), int(c.hidden),
        int(c.tp), _comm(c.comm, m), c._hop_s if c.hop_bytes_token else None,
        float(c.window), float(c.kv_slide_share), float(c.attn_slide_share),
        float(c.kv_bytes_token), float(c.bw), float(c.state_bytes),
        float(c.attn_flops_token), float(c.attn_flops), float(c.step_overhead_s),
        float(c.layer_eager_s), float(c.layer_graph_s), int(c.graph_max_batch))


def _stepper(c: StepCost, mod: ModuleType) -> Step:
    """The solver's step of ``c``: :func:`fast_step`, or ``c.step_s`` itself."""
    fast = fast_step(c, mod)
    if fast is not None:
        return fast
    return mod.Step(c.step_s)  # type: ignore[no-any-return]


def _as_step(step: Step | StepFn | None, c: StepCost | None, mod: ModuleType) -> Step:
    if step is None:
        assert c is not None
        return _stepper(c, mod)
    if isinstance(step, mod.Step):
        return step  # type: ignore[no-any-return]
    if isinstance(step, (_pure.Step, _solve.Step)):  # the other module's step
        return mod.Step(step.at)  # type: ignore[no-any-return]
    return mod.Step(step)  # type: ignore[no-any-return]


def _solver_for(*whole: int | None) -> ModuleType:
    """The compiled solver where every count is a whole number (its parameters are C
    integers), else the source (which takes floats as the closures did)."""
    for v in whole:
        if v is not None and type(v) is not int:
            return _pure
    return _solve


_KNOBS: dict[str, object] = {}


def _knobs(mod: ModuleType) -> object:
    """The fitted constants as ``mod``'s :class:`solver.Knobs` (read when first asked, after
    this module has defined them)."""
    k = _KNOBS.get(mod.__name__)
    if k is None:
        k = _KNOBS[mod.__name__] = mod.Knobs(STEADY_BURST_SIZE, TRANSIENT_WEIGHT, QUEUE_FACTOR,
                                              REQUEST_OVERHEAD_S, MAX_STEP_ITERATIONS)
    return k


def kv_admission(kv_budget_bytes: float, seq_bytes: Callable[[int], float], block_tokens: int,
                 isl: int, osl: int, max_num_seqs: int) -> int:
    """Sequences that can run at once: the KV pool in paged blocks of ``block_tokens``, each
    running sequence holding the blocks of its actual context (on average its prompt plus
    half its output), capped at the engine's ``max_num_seqs``. ``seq_bytes(tokens)``: what
    one sequence of that many tokens keeps on one GPU (its KV cache, windowed layers held at
    the window, plus a hybrid model's fixed recurrent state)."""
    if kv_budget_bytes <= 0:
        return 0
    block = max(1, block_tokens)
    per_seq = seq_bytes(math.ceil((isl + max(osl, 1) / 2) / block) * block)
    full = seq_bytes(math.ceil((isl + max(osl, 1)) / block) * block)
    # a sequence must also reach its last token: one of them at full context fits
    if per_seq <= 0 or kv_budget_bytes < full:
        return 0
    return max(1, min(max_num_seqs, math.floor(kv_budget_bytes / per_seq)))


def admission(a: Architecture, kv: KVType, tp: int, share: float, kv_budget_bytes: float,
              engine: Engine, isl: int, osl: int) -> int:
    """:func:`kv_admission` of one setup: ``share`` of the layers on each GPU (pipeline
    stages), its engine's block size and sequence cap."""
    def seq_bytes(tokens: int) -> float:
        return seq_cache_bytes(a, tokens, kv.bytes_per_element, tp) * share

    return kv_admission(kv_budget_bytes, seq_bytes, engine.kv_block_tokens, isl, osl,
                        engine.speed.max_num_seqs)


MAX_STEP_ITERATIONS = 50
"""Iterations of the mean-step fixed point at one rate (it converges to 1e-9 in 3-8)."""


class Load(msgspec.Struct, frozen=True, gc=False):
    """Means at one load: what a user sees and what the setup delivers."""

    ttft_s: float
    tpot_s: float
    requests_per_s: float
    running: int
    """Sequences running at once (the rest wait for admission)."""
    prefill_share: float
    """Share of the time the engine spends in steps with prefill chunks."""
    saturated: bool
    """Open loop only: the rate is above what the setup can serve (answers at capacity)."""


def _at_rate(c: StepCost, x: float, isl: int, osl: int, running: int, budget: int,
             closed: bool = True, tau0: float | None = None, start_s: float | None = None,
             step: Step | StepFn | None = None) -> tuple[float, float, float] | None:
    """(TTFT, TPOT, prefill share) at ``x`` requests/s, or None when the engine cannot keep
    up (prefill alone would take all the time, or more decodes than may run). ``tau0``: a
    first guess of the mean step (the answer at a nearby rate converges in fewer steps).
    ``start_s``: a closed-loop benchmark's start (:func:`start_service_s`), the share
    :data:`TRANSIENT_WEIGHT` of its requests' prefill service.

    An engine that does not mix prefill into decode steps (``mixed_prefill`` false: SGLang)
    runs each chunk as a step of its own with the whole budget and no decode in it, and a
    decode waits through the others' chunks: its token takes t_dec / (1 - their time share).
    Before, its open loop was timed as a mixed engine's (the chunk steps carried the decodes).
    ``step``: ``c.step_s`` as :func:`fast_step` gives it (None: ``c.step_s``)."""
    mod = _solver_for(isl, osl, running, budget)
    r = mod.at_rate(_as_step(step, c, mod), c.mixed_prefill, _knobs(mod), x, isl, osl,
                    running, budget, closed, 0.0 if tau0 is None else tau0, tau0 is not None,
                    0.0 if start_s is None else start_s, start_s is not None)
    return (r[0], r[1], r[2]) if r[3] else None


def start_service_s(c: StepCost | None, isl: int, running: int, budget: int,
                    step: Step | StepFn | None = None, mod: ModuleType | None = None
                    ) -> float:
    """Mean time to the first token of a closed-loop benchmark's start: all ``running`` users'
    first prompts arrive at once and no one is decoding yet, so steps carry prompt chunks
    only, the whole token ``budget`` each, first come first served (request j has its first
    token after ceil((j + 1) x isl / budget) steps, the last step at what is left). Summed by
    step, not by request: a step's requests all wait the same (:data:`TRANSIENT_WEIGHT`).
    ``step``: as for :func:`_at_rate`."""
    m = mod if mod is not None else _solver_for(isl, running, budget)
    return m.start_service(_as_step(step, c, m), isl, running, budget)  # type: ignore[no-any-return]


def _waves(c: StepCost, isl: int, osl: int, users: int, running: int, budget: int) -> Load:
    """Closed loop on an engine that runs prefill batches on their own, before any decode
    (SGLang's default): requests that arrive together are prefilled together (in chunks of
    the token budget, first come first served), decode in lock step and end together, so
    the loop keeps its waves. A request's first token comes when its chunk is done; the rest
    of the wave's prefill then delays its decode."""
    ctx = isl + osl / 2
    total = running * isl
    full, rest = divmod(total, budget)
    t_full = c.step_s(0, 0, budget, isl / 2) if full else 0.0
    t_rest = c.step_s(0, 0, rest, isl / 2) if rest else 0.0
    prefill = full * t_full + t_rest
    n = min(running, 4096)
    stride = running / n
    ttft_sum = 0.0
    for j in range(n):
        end_tokens = (int(j * stride) + 1) * isl
        steps = math.ceil(end_tokens / budget)
        ttft_sum += (min(steps, full) * t_full + (t_rest if steps > full else 0.0))
    ttft = ttft_sum / n + REQUEST_OVERHEAD_S
    dec_steps = max(osl - 1, 0)
    t_dec = c.step_s(running, ctx)
    cycle = prefill + dec_steps * t_dec
    x = running / cycle
    tpot = ((prefill - ttft) + dec_steps * t_dec) / dec_steps if dec_steps else t_dec
    if users > running:
        ttft += (users - running) / x
    return Load(ttft_s=ttft, tpot_s=tpot, requests_per_s=x, running=running,
                prefill_share=prefill / cycle, saturated=False)


def prefill_alone_s(c: StepCost, isl: int, budget: int) -> float:
    """Seconds the engine takes to prefill one prompt of ``isl`` tokens on its own: chunks
    of the step budget, the last at what is left, each attending on average to half the
    prompt (the same steps :func:`serve` times under load)."""
    isl, budget = max(1, isl), max(1, budget)
    if c.attention is not None:
        c = msgspec.structs.replace(c, attention=None,
                                    attn_flops=c.attn_flops * c.attention.share(isl))
    full, rest = divmod(isl, budget)
    t = full * c.step_s(0, 0, budget, isl / 2) if full else 0.0
    return t + (c.step_s(0, 0, rest, isl / 2) if rest else 0.0)


def _lone_token_tpot(c: StepCost, isl: int, running: int) -> float:
    """The time per output token where each request generates one (the first token, which
    its prompt's last chunk makes): a decode step of the ``running`` requests at the prompt's
    context, as :func:`_waves` and /v1/sizing's ``decode_tokens_per_s`` time it (a step of
    the running batch). The mean step under way is no decode there, only prompt chunks: it
    was quoted as the TPOT (8B fp8 on an H200 at 4,095 prompt tokens: 59.8 ms, where a
    decode step takes 4.1 ms), so a decode-speed target read the prefill as decoding."""
    return c.step_s(float(max(1, running)), isl + 0.5)


def serve(c: StepCost, isl: int, osl: int, concurrency: int | None, budget: int,
          max_running: int, request_rate_per_s: float | None = None) -> Load:
    """Means at a load: closed loop of ``concurrency`` users, or open loop at
    ``request_rate_per_s``. ``max_running``: sequences that may run at once (KV admission and
    max_num_seqs)."""
    isl = max(1, isl)
    osl = max(1, osl)
    budget = max(budget, 1)
    if c.attention is not None:
        # prefill attention at this prompt length: short prompts reach less of the kernel's
        # long-sequence speed (catalog/perf/attention.csv)
        c = msgspec.structs.replace(c, attention=None,
                                    attn_flops=c.attn_flops * c.attention.share(isl))
    mod = _solver_for(isl, osl, budget, max_running, concurrency)
    step = fast_step(c, mod)
    if step is None:
        # timed by its own step_s: this solve's step times in tables of its own (the prompt's
        # attention share above is the solve's own); the solver's FastStep keeps none
        c = msgspec.structs.replace(c, memo={} if c.memo is None else c.memo, steps={})
        step = mod.Step(c.step_s)
    running_cap = max(1, max_running)
    if request_rate_per_s is not None:
        r = _at_rate(c, request_rate_per_s, isl, osl, running_cap, budget, closed=False,
                     step=step)
        if r is not None:
            ttft, tpot, rho = r
            d = request_rate_per_s * (ttft + (osl - 1) * tpot)
            if d <= running_cap:
                if osl == 1:
                    tpot = _lone_token_tpot(c, isl, max(1, round(d)))
                return Load(ttft_s=ttft, tpot_s=tpot, requests_per_s=request_rate_per_s,
                            running=max(1, round(d)), prefill_share=rho, saturated=False)
        sat = serve(c, isl, osl, running_cap, budget, running_cap)
        return Load(ttft_s=math.inf, tpot_s=sat.tpot_s, requests_per_s=sat.requests_per_s,
                    running=sat.running, prefill_share=sat.prefill_share, saturated=True)
    users = max(1, concurrency or running_cap)
    running = min(users, running_cap)
    if not c.mixed_prefill:
        return _waves(c, isl, osl, users, running, budget)

    start = start_service_s(c, isl, running, budget, step, mod) if TRANSIENT_WEIGHT else None
    # the rate at which ``running`` users are all in the system: the root of
    # log implied(x) - log running, bracketed, by regula falsi in log x (the Illinois variant:
    # a few steps where plain bisection takes a dozen), to a millionth of the users or a
    # bracket 1e-5 wide: near saturation the queue term is steep, and a bracket 0.2 % wide
    # let 64 users wait 4.5 s where 66 waited 4.4 s (:func:`solver.closed_loop`)
    x, ttft, tpot, rho = mod.closed_loop(step, c.mixed_prefill, _knobs(mod), isl, osl, running,
                                         budget, 0.0 if start is None else start,
                                         start is not None)
    in_system = x * (ttft + (osl - 1) * tpot)
    # Little's law for the closed loop: every user's cycle is users / x. Users past the
    # admission cap, and those the engine cannot take in because prefill already fills its
    # steps (the solve stops short of ``running`` in the system), wait in the queue before
    # their prompt starts
    if users > in_system * 1.002:
        ttft += (users - in_system) / x
    if osl == 1:
        tpot = _lone_token_tpot(c, isl, running)
    return Load(ttft_s=ttft, tpot_s=tpot, requests_per_s=x, running=running,
                prefill_share=rho, saturated=False)


__all__ = ["BURST_SIZE", "DISPATCH_BYTES", "KERNEL_S", "QUEUE_FACTOR", "REQUEST_OVERHEAD_S",
           "STEADY_BURST_SIZE", "STREAM", "TRANSIENT_WEIGHT",
           "ExpertParallelStep", "Load", "StepCost", "admission",
           "attention_flops_per_pair", "dispatch_model", "kernels_per_layer", "kv_admission",
           "prefill_alone_s", "serve", "start_service_s", "step_cost"]
