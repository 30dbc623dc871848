"""Efficiency from measurements: GEMM time against the tokens in a step, and collective
latency against message size and GPU count, per GPU and dtype.

Pure: the tables come in as data (``PerfTables``, loaded by ``service.adapters.perf_files``
from ``catalog/perf/``: ai-dynamo/aiconfigurator's micro-benchmarks, Apache-2.0, see
``catalog/perf/README.md``). A GEMM curve is the measured latency of one n = k = 8192 GEMM
against m (1 to 16,384 tokens); a model's linear layers take that latency scaled by their
parameter count (time of a tensor-core GEMM is proportional to n x k at a given m, memory-
and compute-bound alike). Between measured points the curve is interpolated in log m; beyond
them it is held (per-token time constant past the last point, fixed latency below the first).

A GPU with no table borrows the curve of the measured GPU of the nearest architecture, scaled
to its own datasheet (the compute part by its dense peak, the weight reading by its bandwidth),
and a collective with no table is a latency + bandwidth model of its link; such answers say
``derived from datasheet``.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from functools import lru_cache

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.sizing.layout import all_to_all_link

N8192 = 8192.0 * 8192.0
"""Elements of the measured GEMM's weight matrix (n = k = 8192)."""

DTYPE_BITS = {"bfloat16": 16.0, "fp8": 8.0, "fp8_block": 8.0, "nvfp4": 4.5, "int8_wo": 8.0,
              "int4_wo": 4.0, "sq": 8.0}
DTYPE_COMPUTE = {"bfloat16": "bf16", "fp8": "fp8", "fp8_block": "fp8", "nvfp4": "fp4",
                 "int8_wo": "bf16", "int4_wo": "bf16", "sq": "int8"}

# Measured architecture to borrow a curve from, for a GPU without its own table.
_ARCH_FALLBACK = {
    "Ampere": ("Ampere", "Ada Lovelace", "Hopper"),
    "Ada Lovelace": ("Ada Lovelace", "Ampere", "Hopper"),
    "Hopper": ("Hopper", "Blackwell", "Ada Lovelace"),
    "Blackwell": ("Blackwell", "Hopper"),
}
# Latency + bandwidth model of a collective where nothing was measured: per-call latency by
# link (NCCL small-message latency, as measured on NVLink H100/B200: 6-16 us) and the share of
# the link's one-way bandwidth a ring reaches.
LINK_LATENCY_US = {"nvlink": 10.0, "infinity-fabric": 12.0, "pcie": 25.0, "roce": 30.0,
                   "ici": 12.0, "none": 25.0}
LINK_SHARE = 0.7
PCIE_X16_GB_S = {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0}
"""PCIe x16 bandwidth per direction by generation (GB/s): a ring all-reduce's links."""
W4A16_MOE_COMPUTE_SHARE = {"Ampere": 0.45, "Ada Lovelace": 0.45, "Hopper": 0.3}
"""Share of the dense BF16 GEMM curve's compute rate that routed-expert GEMMs with 4-bit
weights and 16-bit activations reach, by architecture. There the MoE kernels dequantize the
weights to BF16 inside the kernel (vLLM: Marlin MXFP4 MoE on Ampere, OpenAI's Triton
``matmul_ogs`` on Hopper: github.com/vllm-project/recipes OpenAI/GPT-OSS.md, "A100 ... Marlin
MXFP4 MoE"; TensorRT-LLM's Triton MoE backend on Hopper, "H200 BF16 x MXFP4": its gpt-oss
deployment guide), paying the unpack and scales per tile that a dense BF16 GEMM does not, over
grouped GEMMs of a few hundred tokens per expert. Such a GEMM takes the longer of its 4-bit
weight read and its whole compute, the two overlapped (Frantar et al., "MARLIN: Mixed-Precision
Auto-Regressive Parallel Inference on Large Language Models", arXiv:2408.11743: the 4x
speed-up of the smaller read holds to batches of 16-32 tokens and shrinks at 64-128, where the
compute takes over): :meth:`GemmModel.latency_s` with a ``compute_scale``. Fitted, not
measured per kernel, on GPUStack's gpt-oss-20b vLLM v0.11.0 baselines on one A100 80GB
(2000/100, 4000/200, 32000/100 in/out: 18,021.34, 15,938.87, 7,280.33 total tokens/s) and one
H100 SXM (32000/100: 29,730.30; github.com/gpustack/gpustack docs/performance-lab/
gpt-oss-20b/{a100,h100}.md, docs.gpustack.ai performance-lab; not calibration.csv rows,
which mirror the shared reference file): ours over theirs 2.09x, 1.86x, 2.47x and 1.78x at
1.0; at Hopper 0.3 the H100 0.94x (0.25: 0.84x, 0.35: 1.04x); at Ampere 0.45 the A100 0.87x,
0.96x and 1.70x (0.3: 0.62x, 0.70x, 1.35x; 0.5: 0.94x, 1.04x, 1.79x: the 32k prompt's time is
its attention's, not the experts'). Ada runs Marlin as Ampere does and takes its share. The
serving replay's gpt-oss-120b vLLM TTFT on H100 and H200 (catalog/serving_measurements.csv,
held out, not fitted) is then 1.01x the measured at the median with 8,192-token prompts
(0.57x when the compute was counted as the dense curve's growth over m = 1 alone, which below
the 16-bit ridge, about 200-300 tokens per expert, is near zero: buyer audit 30a #7).
Data-centre Blackwell's (sm_100) MXFP4 MoE kernels run on its FP4/FP8 tensor cores
(FlashInfer, TRTLLM-gen): absent here, the curve is kept; sm_120 Blackwell falls back to
Marlin (:func:`expert_compute_scale`)."""


W4_EXPERT_BITS_MAX = 4.5
"""Most bits per weight (scales included) of the 4-bit expert formats the share was fitted on
(MXFP4 4.25, INT4 group-32 4.5): 8-bit weight-only experts (FP8 Marlin on Ampere) were not
measured and keep the curve."""


def expert_compute_scale(gpu: GPU, expert_bits: float, compute: str) -> float:
    """How many times the dense curve's compute time a routed-expert GEMM takes: 1 /
    :data:`W4A16_MOE_COMPUTE_SHARE` when the experts' weights are 4-bit and run as a 16-bit
    GEMM (weight-only quantized experts upcast in the kernel) on an architecture listed there;
    1 otherwise (BF16 or FP8 experts, Blackwell's native FP4)."""
    if gemm_dtype(compute, gpu) != "bfloat16" or expert_bits > W4_EXPERT_BITS_MAX:
        return 1.0
    share = W4A16_MOE_COMPUTE_SHARE.get(gpu.architecture)
    if share is None and gpu.compute_capability.startswith("12."):
        # consumer and workstation Blackwell (sm_120: RTX 50, RTX PRO 6000 Blackwell) has no
        # native FP4 MoE path in vLLM: MXFP4 experts fall back to Marlin W4A16 ("Your GPU
        # does not have native support for FP4 … leveraging the Marlin kernel": vllm issues
        # #31085, #40153, #47749; the SM120 CUTLASS route, PR #37751, was closed), as on
        # Ampere; only sm_100 (B200, B300, GB200) runs them natively
        share = W4A16_MOE_COMPUTE_SHARE["Ampere"]
    return 1.0 / share if share else 1.0


class GemmCurve(msgspec.Struct, frozen=True, gc=False):
    """One GPU's measured n = k = 8192 GEMM latency against m, in one dtype."""

    system: str
    gpu_id: str
    dtype: str
    m: tuple[float, ...]
    latency_s: tuple[float, ...]


class CollectiveCurve(msgspec.Struct, frozen=True, gc=False):
    """One GPU's measured latency of a collective over ``num_gpus`` against message bytes."""

    system: str
    gpu_id: str
    op: str
    num_gpus: int
    message_bytes: tuple[float, ...]
    latency_s: tuple[float, ...]


class ServingErrorBand(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """How much slower than the serving model measured serving runs were, at a quantile: of
    the measured rows of one engine and model family (``catalog/perf/serving_error.toml``,
    written by ``gpu-advisor calibrate --write-serving-error`` from the replay of
    ``catalog/serving_measurements.csv``), the ``quantile`` of measured / modelled."""

    engine: str
    """Engine id, or ``*`` for every engine measured."""
    family: str
    """``dense``, ``moe``, ``mla`` (models with multi-head latent attention, DeepSeek-V2/V3
    and Kimi K2: their rows are also in ``moe``) or ``*``."""
    kind: str
    """``ttft`` or ``tpot``."""
    rows: int
    quantile: float
    measured_over_model: float


SERVING_ERROR_FAMILY_WORDS = {"dense": "dense models", "moe": "MoE models",
                              "mla": "DeepSeek-style MLA models",
                              "*": "all models"}
"""A band's model family in words (sizing's assumption, recommendations' warning)."""

SERVING_ERROR_MIN_ROWS = 30
"""Fewest measured rows a band stands on; a narrower group takes the next wider band."""
SERVING_ERROR_MLA_MIN_ROWS = 20
"""Fewest measured rows an engine's ``mla`` band stands on. An ``mla`` band only ever widens
the band it would replace (:meth:`PerfTables.serving_error_band`), so fewer rows cannot make
an answer claim more than the pooled band does; with 30, TensorRT-LLM's 24 DeepSeek-R1 rows
(measured / modelled TTFT 3.13 at the median, 5.36 at p80) were hidden under every engine's
``mla`` band (3.8), and a TTFT target met by 4x was called safe where a run measured 5x
(buyer audit 31a #5)."""


@dataclass(frozen=True, eq=False)
class PerfTables:
    """The measured curves, indexed by GPU id (empty: everything derived from datasheets)."""

    gemm: tuple[GemmCurve, ...] = ()
    collectives: tuple[CollectiveCurve, ...] = ()
    attention: tuple[AttentionCurve, ...] = ()
    """Attention kernels' speed against sequence length (``catalog/perf/attention.csv``)."""
    gpus: dict[str, GPU] = field(default_factory=dict)
    """The measured GPUs as the registry has them (their datasheet scales a borrowed curve)."""
    serving_error: tuple[ServingErrorBand, ...] = ()
    """The serving model's error bands against measured runs
    (``catalog/perf/serving_error.toml``)."""
    _gemm: dict[tuple[str, str], GemmCurve] = field(default_factory=dict, repr=False)
    _coll: dict[tuple[str, str], dict[int, CollectiveCurve]] = field(default_factory=dict,
                                                                    repr=False)
    _bands: dict[tuple[str, bool, str, bool], ServingErrorBand | None] = field(
        default_factory=dict, repr=False)
    """:meth:`serving_error_band`'s answers, made on first use (the bands are this table's
    own and never change; two threads making one make the same)."""
    error_notes: dict[tuple[str, bool, bool], tuple[str, str] | None] = field(
        default_factory=dict, repr=False)
    """The ``serving_model_error`` assumption's (value, reason) by (engine, MoE, MLA), as
    :func:`speed._serving_error_note` words these bands: made once per table, not for every
    timed layout of every request."""

    def __post_init__(self) -> None:
        for c in self.gemm:
            self._gemm[(c.gpu_id, c.dtype)] = c
        for k in self.collectives:
            self._coll.setdefault((k.gpu_id, k.op), {})[k.num_gpus] = k

    def gemm_curve(self, gpu_id: str, dtype: str) -> GemmCurve | None:
        return self._gemm.get((gpu_id, dtype))

    def collective_curves(self, gpu_id: str, op: str) -> dict[int, CollectiveCurve]:
        return self._coll.get((gpu_id, op), {})

    def serving_error_band(self, engine_id: str, moe: bool, kind: str, mla: bool = False
                           ) -> ServingErrorBand | None:
        """The narrowest band of measured rows that covers this engine and model family, with
        at least ``SERVING_ERROR_MIN_ROWS`` rows: engine and family, the engine's every
        family, every engine's rows of the family, then every row. None without bands.

        ``mla``: the model has multi-head latent attention (DeepSeek-V2/V3, Kimi K2): the
        narrowest ``mla`` band (the engine's, then every engine's) where it is wider than the
        band above, which it then replaces (a family of its own only ever widens: its TPOT
        band, 1.1, is narrower than TensorRT-LLM's MoE band, 1.54, which stays). The serving
        model times its TTFT far less well than other MoEs': DeepSeek-R1 FP8 on 8 x H200 measured
        2.8x the modelled TTFT at the median on TensorRT-LLM (24 rows, 2.3-6.5x at 1,024-token
        prompts, about 1.1-1.5x at 8,192; TPOT within 0.7-1.4x) where gpt-oss-120b and the
        dense models are within about 1.4x (catalog/serving_measurements.csv, ai-dynamo/
        aiconfigurator). The extra is nearly flat in the prompt's length (a floor of
        200-450 ms at 1,024 tokens), not the per-token FLOPs the model counts, so it stays a
        band: pooled with other MoEs it hid (a 500 ms target was called met at 209 ms where
        755 ms was measured)."""
        key = (engine_id, moe, kind, mla)
        if key in self._bands:
            return self._bands[key]
        got = self._bands[key] = self._serving_error_band(engine_id, moe, kind, mla)
        return got

    def _serving_error_band(self, engine_id: str, moe: bool, kind: str, mla: bool
                            ) -> ServingErrorBand | None:
        family = "moe" if moe else "dense"
        band = self._band(((engine_id, family), (engine_id, "*"), ("*", family), ("*", "*")),
                          kind)
        if mla:
            # the wider of the engine's mla band and every engine's: never narrower than before
            mine = self._band(((engine_id, "mla"),), kind, SERVING_ERROR_MLA_MIN_ROWS)
            own = self._band((("*", "mla"),), kind)
            if mine is not None and (own is None
                                     or mine.measured_over_model > own.measured_over_model):
                own = mine
            if own is not None and (band is None
                                    or own.measured_over_model > band.measured_over_model):
                return own
        return band

    def _band(self, order: tuple[tuple[str, str], ...], kind: str,
              min_rows: int = SERVING_ERROR_MIN_ROWS) -> ServingErrorBand | None:
        """The first band of ``order`` (engine, family) with ``min_rows`` rows or more."""
        for e, f in order:
            for b in self.serving_error:
                if (b.engine, b.family, b.kind) == (e, f, kind) and b.rows >= min_rows:
                    return b
        return None


EMPTY = PerfTables()


class AttentionCurve(msgspec.Struct, frozen=True, gc=False):
    """One attention kernel's measured forward speed against the sequence length (causal,
    one head dimension), and the architectures it runs on (``*``: every other one)."""

    kernel: str
    architectures: tuple[str, ...]
    seq_len: tuple[float, ...]
    tflops: tuple[float, ...]
    source: str

    def share(self, seq_len: float) -> float:
        """Speed at ``seq_len`` as a share of the kernel's longest-sequence speed: short
        prompts leave the GPU's SMs part idle (fewer query blocks, tile and softmax
        overheads). Interpolated in log length, held at the measured edges."""
        return _interp_log(self.seq_len, self.tflops, max(seq_len, 1.0)) / self.tflops[-1]


def attention_curve(tables: PerfTables, gpu: GPU) -> AttentionCurve | None:
    """The attention kernel that runs on ``gpu``'s architecture (its own row first, else the
    ``*`` one); None when the tables have none (the engine's constant alone)."""
    fallback = None
    for c in tables.attention:
        if gpu.architecture in c.architectures:
            return c
        if "*" in c.architectures and fallback is None:
            fallback = c
    return fallback


def attention_share(tables: PerfTables, gpu: GPU, seq_len: float) -> float:
    """Share of the engine's attention efficiency reached at ``seq_len`` tokens on ``gpu``
    (1.0 with no attention table)."""
    c = attention_curve(tables, gpu)
    return 1.0 if c is None else c.share(seq_len)


def _interp_log(xs: tuple[float, ...], ys: tuple[float, ...], x: float) -> float:
    """y at x, linear in log x between measured points, held at the edges."""
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    i = bisect.bisect_right(xs, x)
    x0, x1 = xs[i - 1], xs[i]
    t = (math.log(x) - math.log(x0)) / (math.log(x1) - math.log(x0))
    return ys[i - 1] + t * (ys[i] - ys[i - 1])


def curve_latency_s(c: GemmCurve, m: float) -> float:
    """Measured 8192 x 8192 GEMM latency at m tokens: interpolated between points; past the
    last point the time per token stays that of the last point (throughput held)."""
    if m > c.m[-1]:
        return c.latency_s[-1] * m / c.m[-1]
    return _interp_log(c.m, c.latency_s, max(m, 1.0))


def gemm_dtype(compute: str, gpu: GPU) -> str:
    """The measured dtype whose kernels run a precision's compute type on this GPU."""
    if compute == "fp4" and gpu.architecture == "Blackwell":
        return "nvfp4"
    if compute == "fp8" and gpu.supports_fp8:
        return "fp8"
    if compute == "int8":
        return "sq"
    return "bfloat16"


class GemmModel(msgspec.Struct, frozen=True, gc=False):
    """Time of an 8192 x 8192 GEMM on one GPU at m tokens, as measured or derived."""

    curve: GemmCurve | None
    """The measured curve (this GPU's, or the borrowed one when ``scale_compute`` != 1)."""
    scale_compute: float
    """Borrowed curve: the reference GPU's peak / this GPU's."""
    scale_memory: float
    """Borrowed curve: the reference GPU's bandwidth / this GPU's."""
    dtype: str
    source: str
    peak_flops: float
    bandwidth: float
    stream_share: float = 0.0
    """Share of the bandwidth the engine's decode kernels stream weights at (0: the curve's
    own m = 1 point only)."""

    def ridge_m(self, weight_bits: float) -> float:
        """Tokens from which a GEMM of weights stored in ``weight_bits`` is compute-bound on
        this GPU by its datasheet: 2m FLOP per weight of ``weight_bits`` / 8 bytes against
        peak FLOP/s over bytes/s (H20 fp8: 296e12 / 4.0e12 x 8 / 16 = 37 tokens)."""
        return self.peak_flops / self.bandwidth * weight_bits / 16.0

    def latency_s(self, m: float, weight_bits: float | None = None,
                  compute_scale: float = 1.0) -> float:
        """Seconds for one 8192 x 8192 GEMM at ``m`` tokens; ``weight_bits``: the bits the
        weights are stored in when fewer than the dtype's (weight-only quantization reads
        fewer bytes); ``compute_scale``: times the curve's compute time the kernel takes
        (:func:`expert_compute_scale`)."""
        bits = DTYPE_BITS.get(self.dtype, 16.0)
        wb = min(bits, weight_bits) if weight_bits else bits
        if self.curve is None:
            mem = N8192 * wb / 8 / (0.8 * self.bandwidth)
            comp = 2.0 * m * N8192 / (0.6 * self.peak_flops) * compute_scale
            return max(mem, comp) + 5e-6
        c = self.curve
        # the latency at m = 1 (the first measured point when the curve starts there)
        lat1 = c.latency_s[0] if c.m[0] >= 1.0 else curve_latency_s(c, 1.0)
        growth = max(0.0, curve_latency_s(c, m) - lat1) if m > 1.0 else 0.0
        # a borrowed curve: the weight read scales with the bandwidth, the growth with m
        # (the compute) with the peak, but only where this GPU is compute-bound by its own
        # datasheet: at m tokens a GEMM does 2m FLOP per weight of wb/8 bytes, so below the
        # ridge m = peak / bandwidth x wb / 16 it waits on the weight read and the reference's
        # growth there (tile padding, a noisy point: H100's fp8 curve reads 32.8 us at m = 16
        # and 30.4 at 32, far above its 1.1 us of math) is read time, scaled by the bandwidth.
        # Scaled by H20's 6.7x lower peak it made 16 tokens of fp8 (32 FLOP/B, under H20's
        # 74 FLOP/B = 296 TFLOPS / 4.0 TB/s: catalog/gpus.toml) compute-bound, 70B decoding
        # at batch 16 at 19.9 tokens/s against GH200 96GB's (same 4.0 TB/s) 29.2
        lat1 *= self.scale_memory
        growth *= self.scale_compute if m >= self.ridge_m(wb) else self.scale_memory
        growth *= compute_scale
        # the weight read at m = 1 scales with the bits read; the rest is the compute growth.
        # A lone GEMM at m = 1 also pays its launch and tail, which a step replayed from a
        # CUDA graph hides: the read is no slower than ``stream_share`` of the bandwidth.
        read = lat1 * wb / bits
        if self.stream_share:
            read = min(read, N8192 * wb / 8 / (self.stream_share * self.bandwidth))
        if compute_scale != 1.0 and m > 1.0:
            # 4-bit experts upcast in the kernel (W4A16_MOE_COMPUTE_SHARE): the longer of
            # their read and their whole compute, overlapped. The compute is the 16-bit curve
            # itself from its ridge on (compute-bound there) and, below it, where the curve is
            # the 16-bit read, the ridge's time per token: not the growth over m = 1, near
            # zero below the ridge although the 4-bit kernel's read no longer hides the math
            ridge = self.ridge_m(bits) * self.scale_compute / self.scale_memory
            below = curve_latency_s(c, ridge) / ridge
            comp = curve_latency_s(c, m) if m >= ridge else below * m
            return max(read, comp * self.scale_compute * compute_scale)
        return read + growth


def gemm_model(tables: PerfTables, gpu: GPU, compute: str) -> GemmModel:
    """The GEMM time model for ``gpu`` in ``compute`` (measured, borrowed or datasheet)."""
    dtype = gemm_dtype(compute, gpu)
    bw = gpu.bandwidth_gb_s * 1e9
    peak = (gpu.tflops(DTYPE_COMPUTE[dtype]) or gpu.tflops("bf16") or 1.0) * 1e12
    own = tables.gemm_curve(gpu.id, dtype)
    if own is not None:
        return GemmModel(curve=own, scale_compute=1.0, scale_memory=1.0, dtype=dtype,
                         source=f"measured:{own.system} gemm {dtype}", peak_flops=peak,
                         bandwidth=bw)
    for arch in _ARCH_FALLBACK.get(gpu.architecture, ()):
        for ref in tables.gpus.values():
            if ref.architecture != arch:
                continue
            c = tables.gemm_curve(ref.id, dtype)
            if c is None:
                continue
            ref_peak = (ref.tflops(DTYPE_COMPUTE[dtype]) or 1.0) * 1e12
            return GemmModel(curve=c, scale_compute=ref_peak / peak,
                             scale_memory=ref.bandwidth_gb_s * 1e9 / bw, dtype=dtype,
                             source=f"derived from datasheet ({c.system} gemm {dtype} curve "
                                    "scaled by peak and bandwidth)",
                             peak_flops=peak, bandwidth=bw)
    return GemmModel(curve=None, scale_compute=1.0, scale_memory=1.0, dtype=dtype,
                     source="derived from datasheet (0.6 of dense peak, 0.8 of bandwidth)",
                     peak_flops=peak, bandwidth=bw)


def gemm_efficiency(tables: PerfTables, gpu: GPU, compute: str, m: float) -> tuple[float, str]:
    """Share of the dense peak a GEMM of m tokens reaches on this GPU, and its source."""
    g = gemm_model(tables, gpu, compute)
    return 2.0 * m * N8192 / g.latency_s(m) / g.peak_flops, g.source


RING_PASSES = {"all_reduce": 2.0, "all_gather": 1.0, "reduce_scatter": 1.0}
"""Bytes a ring collective moves per GPU, in (n-1)/n's of the message: an all-reduce is a
reduce-scatter then an all-gather, 2(n-1)/n; an all-gather or a reduce-scatter (n-1)/n
(nccl-tests doc/PERFORMANCE.md: the bus-bandwidth factors of each op)."""


class CommModel(msgspec.Struct, frozen=True, gc=False):
    """Latency of one collective over ``num_gpus`` GPUs against message bytes."""

    curve: CollectiveCurve | None
    scale: float
    """Measured at another GPU count: the ring's (n-1)/n volume ratio."""
    latency_s0: float
    bandwidth: float
    num_gpus: int
    source: str
    ring_passes: float = 2.0
    """Datasheet model: the message's passes over a ring's links, per GPU (n-1)/n of it each
    (:data:`RING_PASSES` by op)."""

    def seconds(self, message_bytes: float) -> float:
        if self.num_gpus <= 1:
            return 0.0
        if self.curve is not None:
            c = self.curve
            x = max(message_bytes, c.message_bytes[0])
            if x > c.message_bytes[-1]:
                return c.latency_s[-1] * x / c.message_bytes[-1] * self.scale
            return _interp_log(c.message_bytes, c.latency_s, x) * self.scale
        n = self.num_gpus
        return self.latency_s0 + message_bytes * self.ring_passes * (n - 1) / n / self.bandwidth


HOST_ROUTED_FACTOR = 3.0
"""A measured PCIe curve over more than 2 GPUs this many times slower than the link's datasheet
model at 16 MiB is the measuring server's topology, not the GPU's: aiconfigurator's L40S system
reaches 5 GB/s of bus bandwidth over 4 GPUs and 1.5 GB/s over 8 (all-reduces routed through
the host, no peer-to-peer between its PCIe switches) while its own pairs reach 20 GB/s, and the
other PCIe systems measured beside it reach 18-25 GB/s over 4-8 GPUs (RTX PRO 6000 Server,
Arc Pro B60; catalog/perf/collectives.csv). Such a curve gives way to the datasheet model, as
for every other PCIe card (RTX 6000 Ada on the same AD102 chip and link was 3x faster)."""
_PROBE_BYTES = 16.0 * 2**20


@lru_cache(maxsize=256)
def _ring_count(matrix: tuple[tuple[int, ...], ...], members: tuple[int, ...]) -> int:
    """Directed rings over ``members`` that the board's links (``matrix``: links between each
    pair) carry at once, each GPU sending on one link of each: two GPUs, one per link between
    them (each link carries one way each way); more, twice the most undirected rings through
    every member that fit the links (each runs both ways, as NCCL's rings do). DGX-1V's eight
    GPUs: three (the white paper's "three interwoven rings"), so six; GPUs 0-3: two, so four;
    GPUs 0-1: their one link."""
    n = len(members)
    if n == 2:
        return matrix[members[0]][members[1]]
    cycles: list[tuple[tuple[int, int], ...]] = []

    def walk(path: list[int], seen: set[int]) -> None:
        if len(path) == n:
            if matrix[path[-1]][path[0]] and path[1] < path[-1]:  # each cycle once
                cycles.append(tuple((min(path[i], path[(i + 1) % n]),
                                     max(path[i], path[(i + 1) % n])) for i in range(n)))
            return
        for m in members:
            if m not in seen and matrix[path[-1]][m]:
                seen.add(m)
                path.append(m)
                walk(path, seen)
                path.pop()
                seen.discard(m)

    walk([members[0]], {members[0]})
    if not cycles:
        return 0
    left = {(a, b): matrix[a][b] for a in members for b in members if a < b}
    bound = min(sum(matrix[a][b] for b in members) for a in members) // 2

    def pack(start: int) -> int:
        best = 0
        for i in range(start, len(cycles)):
            c = cycles[i]
            if all(left[e] > 0 for e in c):
                for e in c:
                    left[e] -= 1
                best = max(best, 1 + pack(i))
                for e in c:
                    left[e] += 1
                if best >= bound:
                    break
        return best

    return 2 * pack(0)


def ring_gb_s(gpu: GPU, n: int, stride: int = 1) -> tuple[float, int] | None:
    """Each-way bandwidth per GPU of a ring collective over ``n`` GPUs of a board whose links
    reach not every pair (``gpu.link_matrix``), in GB/s, and the directed rings it runs on:
    the group is GPUs 0, ``stride``, 2 x ``stride``... (Megatron-LM's rank order: a
    tensor-parallel group is consecutive GPUs, a data-parallel one strided by the tensor
    size), each ring one link each way at half ``link_lane_gb_s``. (0.0, 0): no ring of
    direct links joins them (their collectives cross PCIe). None: no matrix, or a group
    wider than the board."""
    m = gpu.link_matrix
    if m is None or gpu.link_lane_gb_s is None or n < 2 or (n - 1) * stride >= len(m):
        return None
    rings = _ring_count(tuple(tuple(r) for r in m), tuple(i * stride for i in range(n)))
    return rings * gpu.link_lane_gb_s / 2, rings


def comm_model(tables: PerfTables, gpu: GPU, op: str, n: int, stride: int = 1) -> CommModel:
    """The collective ``op`` (all_reduce, all_gather) over ``n`` GPUs of this kind; a measured
    curve over more than 2 PCIe GPUs is checked against the datasheet model of the same op.
    ``stride``: the group's GPUs on a board of direct links (:func:`ring_gb_s`)."""
    # a curve measured on a card's own servers may be over its bridge: not one taken away
    curves = {} if unbridged(gpu) else tables.collective_curves(gpu.id, op)
    if n > 1 and curves:
        near = n if n in curves else min(curves, key=lambda k: abs(math.log(k / n)))
        ratio = 1.0 if near == n else ((n - 1) / n) / ((near - 1) / near)
        measured = CommModel(curve=curves[near], scale=ratio, latency_s0=0.0, bandwidth=1.0,
                             num_gpus=n, source=f"measured:{curves[near].system} nccl {op}"
                             + ("" if near == n else f" ({near} GPUs, scaled to {n})"))
        if n <= 2 or all_to_all_link(gpu):
            return measured
        datasheet = _link_model(gpu, op, n, stride)
        slow = measured.seconds(_PROBE_BYTES) / datasheet.seconds(_PROBE_BYTES)
        if slow <= HOST_ROUTED_FACTOR:
            return measured
        return msgspec.structs.replace(datasheet, source=(
            f"{datasheet.source}; the measured {curves[near].system} curve over {near} GPUs "
            f"is {slow:.1f}x slower (its server routes them through the host: no PCIe "
            "peer-to-peer), not used"))
    return _link_model(gpu, op, n, stride)


OFFER_PCIE = "the offer states PCIe only, no NVLink bridge"
"""How a card's link reads where its machine's offer takes away the bridge
(:func:`joined_as`)."""


def bridged(gpu: GPU) -> bool:
    """A PCIe card whose datasheet link is a bridge between pairs of cards (NVLink on A100 /
    H100 PCIe, H100 NVL, RTX 3090, RTX A5000 / A6000, A40; Infinity Fabric on MI210): an
    option a machine may or may not have fitted, unlike a board's NVLink / NVSwitch."""
    return gpu.link in ("nvlink", "infinity-fabric") and gpu.form_factor.startswith("PCIe")


NO_NVLINK = "no-nvlink"
NO_NVLINK_WORDS = "timed without its NVLink"
"""``interconnect`` for the same GPUs joined by their PCIe x16 links alone, whatever their
datasheet link (an SXM board's NVLink too): how much of a tensor-parallel split's speed the
link gives, as /v1/ask's "does NVLink matter" answers it (not an offer's statement)."""


def joined_as(gpu: GPU, interconnect: str) -> GPU:
    """The GPU as a machine whose offer states ``interconnect`` joins its cards: a bridged
    card (:func:`bridged`) on a machine stated "pcie" has no bridge, so its collectives, a
    training run's and a tensor-parallel split's alike, cross the card's own PCIe x16 link
    (``pcie_gen``: catalog/gpus.toml, the "PCIe Gen5 x16 (128 GB/s)" of H100 PCIe's row in
    shared/reference/gpu_specs.csv; :data:`PCIE_X16_GB_S` each way), timed by the same
    datasheet model as every PCIe card. Any other statement keeps the datasheet's link
    ("nvlink", "unknown", or a board whose NVLink is part of it). The 2-GPU
    Hyperstack H100 PCIe machine (``interconnect`` pcie) was timed over a 600 GB/s bridge:
    Gemma 2 27B LoRA at 7,436 tokens/s where over PCIe Gen5 it runs 4,972 (audit buyer24a
    #3)."""
    if interconnect == NO_NVLINK and gpu.link != "pcie" and gpu.pcie_gen in PCIE_X16_GB_S:
        # the same cards with no NVLink or bridge at all, over their own PCIe x16 alone: the
        # "with and without NVLink" answer's other side (buyer audit 27c #4)
        return msgspec.structs.replace(
            gpu, link="pcie", link_gb_s=2 * PCIE_X16_GB_S[gpu.pcie_gen],
            link_name=f"PCIe Gen{gpu.pcie_gen} x16 ({NO_NVLINK_WORDS})")
    if interconnect != "pcie" or not bridged(gpu):
        return gpu
    each_way = PCIE_X16_GB_S.get(gpu.pcie_gen) if gpu.pcie_gen else None
    return msgspec.structs.replace(
        gpu, link="pcie", link_gb_s=2 * each_way if each_way else None,
        link_name=(f"PCIe Gen{gpu.pcie_gen} x16" if gpu.pcie_gen else "PCIe")
        + f" ({OFFER_PCIE})")


def unbridged(gpu: GPU) -> bool:
    """A bridged card whose offer took its bridge away, or any card timed without its
    NVLink (:data:`NO_NVLINK`) (:func:`joined_as`): its link's measured curves are not its."""
    return gpu.link == "pcie" and gpu.link_name.endswith((f"({OFFER_PCIE})",
                                                          f"({NO_NVLINK_WORDS})"))


def link_key(gpu: GPU) -> str:
    """The GPU's id with the link it is timed over (:func:`joined_as`): what a cache of
    timings per GPU keys on, so that a bridged card's figures over PCIe only are not those
    over its bridge."""
    return f"{gpu.id}+pcie" if unbridged(gpu) else gpu.id


def bridge_assumed(gpu: GPU) -> str:
    """What a bridged card (:func:`bridged`) named without an offer is timed over at two GPUs,
    said: the bridge of its datasheet, and what PCIe alone would carry."""
    gen = gpu.pcie_gen or 4
    rate = (f"{gpu.link_gb_s / 2:g} GB/s each way" if gpu.link_gb_s
            else "its bandwidth not in the datasheet")
    return (f"assumed: the bridge of its datasheet joins the pair ({gpu.link_name}: {rate}); "
            f"a machine of these cards on PCIe only has PCIe Gen{gen} x16's "
            f"{PCIE_X16_GB_S.get(gen, 32.0):g} GB/s each way")


def link_words(gpu: GPU, n: int) -> str:
    """The link ``n`` GPUs of this kind talk over, as an assumption says it: a bridge the
    datasheet names is said as assumed (:func:`bridge_assumed`), or as crossed past a pair,
    one an offer took away as the offer's (:func:`joined_as`)."""
    if unbridged(gpu):
        return gpu.link_name
    if not bridged(gpu):
        return gpu.link
    if n > 2:
        return (f"PCIe Gen{gpu.pcie_gen or 4} (the {gpu.link} bridge joins pairs, {n} GPUs "
                "cross PCIe)")
    return f"{gpu.link} ({bridge_assumed(gpu)})"


def _link_model(gpu: GPU, op: str, n: int, stride: int = 1) -> CommModel:
    """Latency + bandwidth model of ``op`` over ``n`` GPUs on the GPU's link (datasheet), at
    the op's ring volume (:data:`RING_PASSES`). Where the link is a bridge the datasheet
    names (:func:`bridged`), or was taken away by an offer (:func:`joined_as`), the source
    says which link it assumed."""
    passes = RING_PASSES[op]
    # the all-reduce's wording is the one the answers have always shown
    volume = "" if passes == 2.0 else (f"; {op.replace('_', '-')}: (n-1)/n of the message "
                                       "per GPU on a ring, half an all-reduce's")
    link = gpu.link if gpu.link in LINK_LATENCY_US else "pcie"
    bw = (gpu.link_gb_s or (64.0 if link == "pcie" else 300.0)) * 1e9 / 2 * LINK_SHARE
    if unbridged(gpu):
        each_way = (gpu.link_gb_s or 64.0) / 2
        return CommModel(curve=None, scale=1.0, latency_s0=LINK_LATENCY_US[link] * 1e-6,
                         bandwidth=bw, num_gpus=n, ring_passes=passes,
                         source=f"derived from datasheet ({gpu.link_name.split(' (')[0]} "
                                f"latency + bandwidth, {each_way:g} GB/s each way: "
                                f"{OFFER_PCIE}{volume})")
    ring = ring_gb_s(gpu, n, stride)
    if ring is not None and ring[1] > 0:
        # a board of direct links (V100 SXM2's hybrid cube-mesh): the rings its links make
        # over the group's GPUs, not the GPU's whole link_gb_s
        each_way, rings = ring
        return CommModel(curve=None, scale=1.0, latency_s0=LINK_LATENCY_US[link] * 1e-6,
                         bandwidth=each_way * 1e9 * LINK_SHARE, num_gpus=n,
                         ring_passes=passes,
                         source=f"derived from the board's topology ({gpu.link_name}, "
                                + (f"link_matrix: {rings} link{'s' if rings > 1 else ''} of "
                                   f"{gpu.link_lane_gb_s:g} GB/s join the pair, " if n == 2 else
                                   f"link_matrix: {rings} directed rings of one "
                                   f"{gpu.link_lane_gb_s:g} GB/s link over {n} GPUs, ")
                                + f"{each_way:g} GB/s each way, of its {gpu.link_gb_s:g} GB/s; "
                                f"latency + bandwidth{volume})")
    if ring is not None or (n > 2 and link != "pcie" and not all_to_all_link(gpu)):
        # a bridge joins pairs of PCIe cards, or no ring of a board's direct links joins the
        # group: its ring crosses PCIe
        link = "pcie"
        bw = PCIE_X16_GB_S.get(gpu.pcie_gen or 4, 32.0) * 1e9 * LINK_SHARE
        return CommModel(curve=None, scale=1.0, latency_s0=LINK_LATENCY_US[link] * 1e-6,
                         bandwidth=bw, num_gpus=n, ring_passes=passes,
                         source=f"derived from datasheet (PCIe Gen{gpu.pcie_gen or 4} latency "
                                + (f"+ bandwidth: no ring of the board's direct links "
                                   f"({gpu.link_name}, link_matrix) joins these {n} GPUs, "
                                   f"they cross PCIe{volume})" if ring is not None else
                                   f"+ bandwidth: the {gpu.link} bridge joins pairs, {n} GPUs "
                                   f"cross PCIe{volume})"))
    assumed = f"; {bridge_assumed(gpu)}" if bridged(gpu) else ""
    return CommModel(curve=None, scale=1.0, latency_s0=LINK_LATENCY_US[link] * 1e-6,
                     bandwidth=bw, num_gpus=n, ring_passes=passes,
                     source=f"derived from datasheet ({link} latency + bandwidth{volume}"
                            f"{assumed})")


@dataclass(frozen=True)
class TrainingShare:
    """A GPU's training speed against the MFU the training model takes for every GPU (its
    constants set on NVIDIA runs: catalog/calibration.csv h147, h149), measured on one
    benchmark run by the GPU and by an NVIDIA reference in the same round."""

    factor: float
    source: str


TRAINING_SHARE: dict[str, TrainingShare] = {
    # MLPerf Training v5.0, llama2_70b_lora (Llama 2 70B LoRA, 8,192-token packed sequences,
    # global batch 8, one 8-GPU node, FP8 both sides). Throughput from the runs' own logs
    # (tracked_stats "throughput", samples/s): H200 2.540 (Dell 1xXE9680Lx8H200-SXM-141GB,
    # mlcommons training_results_v5.0 Dell/results/.../llama2_70b_lora/result_0.txt), MI300X
    # 2.027 (AMD/results/MI300X_EPYC_9575F_pytorch/llama2_70b_lora/result_0.txt; AMD's
    # reproduction blog "Reproduce the MLPerf Training v5.0 Submission Result", ROCm blogs
    # 2025-06-04: "about 2.73 samples per second for MI325X and about 2.02 samples per second
    # for MI300X", scores 22.04 and 29.20 min). Per TFLOPS of dense peak, against H200's
    # 2.540 / 989.4: MI300X 2.027 / 1307.4 = 0.60, MI325X 2.73 / 1307.4 = 0.81 (MI325X "up to
    # 8%" ahead of H200, AMD blog 2025-06-04; MI300X "slightly worse", xpu.pub 2025-06-04).
    # On the peak alone MI300X came out 1.32x H200 (audit train #8). A GPU not listed keeps
    # the model's MFU: unknown, not measured
    "mi300x": TrainingShare(0.60, "MLPerf Training v5.0 llama2_70b_lora: MI300X 2.027 "
                            "samples/s against H200 2.540 on 8 GPUs, 0.80x H200 on a 1.32x "
                            "larger dense peak"),
    "mi325x": TrainingShare(0.81, "MLPerf Training v5.0 llama2_70b_lora: MI325X 2.73 "
                            "samples/s against H200 2.540 on 8 GPUs, 1.07x H200 on a 1.32x "
                            "larger dense peak"),
}
"""Measured training speed per GPU (``catalog/gpus.toml`` id), as a share of the MFU the
model gives every GPU; applied by ``speed.training_speed`` and said in its assumption."""


def training_share(gpu: GPU) -> TrainingShare | None:
    """The measured training share of ``gpu``, or None (the model's MFU as it is)."""
    return TRAINING_SHARE.get(gpu.id)


__all__ = [
    "EMPTY",
    "RING_PASSES",
    "TRAINING_SHARE",
    "AttentionCurve",
    "CollectiveCurve",
    "CommModel",
    "GemmCurve",
    "GemmModel",
    "PerfTables",
    "attention_curve",
    "attention_share",
    "bridge_assumed",
    "bridged",
    "comm_model",
    "gemm_dtype",
    "gemm_efficiency",
    "gemm_model",
    "joined_as",
    "link_key",
    "link_words",
    "training_share",
    "unbridged",
]
