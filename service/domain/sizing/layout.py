"""Parallelism layouts: how ``gpu_count`` GPUs share a model.

Inference searches tensor x pipeline x data parallel (and expert parallel for an MoE) against
the memory model (:class:`InferencePlan`: tensor parallel splits every matrix and the KV heads,
a pipeline stage holds a share of the layers, each data-parallel replica serves its share of
the concurrent requests, expert parallel shards the routed experts whole) and picks one by a
stated rule, giving each other candidate the reason it lost: where replicas of different widths
fit, the fewest GPUs per replica among those that carry the stated load (one replica of each
width timed at its share of it by the serving model, ``speed.load_model``). Training within a
node is data parallel: DDP when the model fits replicated, else the least ZeRO sharding that fits
(ZeRO-3 = FSDP: weights, gradients and optimizer state sharded, plus the per-layer all-gather
buffer); where data parallel fits no stage, or is bound by its collectives, the fastest tensor x
data parallel layout within the node that fits (Megatron-LM style, sequence parallel); past one
node the fastest tensor x pipeline x data layout that fits, timed with the
collectives between the nodes (Megatron-LM style; ZeRO over all the GPUs among them).

Pure: no I/O. The recommender can call :func:`search_inference` per GPU and count.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Annotated

import msgspec

from service.domain.base import Out
from service.domain.catalog.engines import Engine
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import kv_elements_per_token_layer
from service.domain.errors import InvalidInput
from service.domain.locale import sig3
from service.domain.sizing.memory import InferencePlan, SizedModel, TrainingPlan
from service.domain.sizing.requests import Parallelism

NODE_GPUS = 8
"""GPUs in one server: tensor parallel stays inside one (its all-reduces run every layer)."""
PCIE_TP_MAX = 4
"""Tensor parallel over GPUs joined only by PCIe stops at 4 (one PCIe switch / CPU socket);
past it the layers are pipelined instead (vLLM's distributed-serving advice for GPUs
without NVLink: pipeline rather than tensor parallel)."""
FAST_LINKS = ("nvlink", "infinity-fabric", "ici")
NVLINK_DOMAIN_GPUS = {"gb200": 72, "gb300": 72}
"""GPUs joined by one NVLink domain where it spans more than a server: the GB200 / GB300 NVL72
rack links its 72 GPUs over NVLink switches across its compute trays (Multi-Node NVLink:
docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/dra-cds.html; these catalog
entries are the NVL72 per-GPU figures, their ``link_name`` in catalog/gpus.toml). Every other
GPU: one node of :data:`NODE_GPUS`."""
TINY_EXPERT_COLUMNS = 1024
"""An expert's FFN width per GPU below which tensor parallel leaves the grouped expert GEMM
tiles underfilled: expert parallel keeps the experts whole instead."""
CANDIDATES_SHOWN = 24
LOAD_SLACK = 1.5
"""A layout carries the stated load comparably when its TTFT and TPOT at that load are each
within this factor of the best of the fitting layouts (half again: past the serving model's
own median error, about 15 % on TPOT and 30 % on TTFT, a user sees the difference)."""


class LayoutCandidate(Out, frozen=True, kw_only=True):
    tensor: Annotated[int, msgspec.Meta(
        description="GPUs each layer's matrices are split over (tensor parallel)")]
    pipeline: Annotated[int, msgspec.Meta(
        description="pipeline stages, each a share of the layers")]
    data: Annotated[int, msgspec.Meta(
        description="data-parallel replicas (training: ranks), each with its share of the batch")]
    expert: Annotated[int, msgspec.Meta(
        description="GPUs a mixture of experts' experts are spread over (expert parallel; 1: "
                    "none)")]
    zero_stage: Annotated[int | None, msgspec.Meta(
        description="training: the ZeRO stage over the data-parallel GPUs (3 = FSDP); "
                    "null for inference")] = None
    per_gpu_gib: Annotated[float | None, msgspec.Meta(
        description="memory per GPU this layout needs, in GiB; null where not sized")] = None
    fits: Annotated[bool | None, msgspec.Meta(
        description="whether per_gpu_gib fits the capacity per GPU; null without a GPU")] = None
    lost: Annotated[str | None, msgspec.Meta(
        description="why the search did not pick it; null for the layout used")] = None
    """Why the search did not pick it (None for the layout used)."""


class Layout(Out, frozen=True, kw_only=True):
    """The parallelism layout an answer is sized for, and why."""

    tensor: Annotated[int, msgspec.Meta(
        description="GPUs each layer's matrices are split over (tensor parallel)")]
    pipeline: Annotated[int, msgspec.Meta(
        description="pipeline stages, each a share of the layers")]
    data: Annotated[int, msgspec.Meta(
        description="data-parallel replicas (training: ranks), each with its share of the batch; "
                    "tensor x pipeline x data = gpu_count")]
    expert: Annotated[int, msgspec.Meta(
        description="GPUs a mixture of experts' experts are spread over (expert parallel; 1: "
                    "none)")]
    zero_stage: Annotated[int | None, msgspec.Meta(
        description="training only: the ZeRO stage over the data-parallel GPUs (3 = "
                    "FSDP); null for inference")] = None
    """Training only: the ZeRO stage over the data-parallel GPUs (3 = FSDP)."""
    micro_batches_per_step: Annotated[int | None, msgspec.Meta(
        description="training only: micro-batches each data-parallel rank runs per "
                    "optimizer step (gradient accumulation; at least one per pipeline "
                    "stage), as the step time counts them; null for inference")] = None
    """Training only: micro-batches each data-parallel rank runs per optimizer step (gradient
    accumulation; at least one per pipeline stage), as the step time counts them."""
    fixed: Annotated[bool, msgspec.Meta(
        description="set by the request's parallelism (or finetune.zero_stage) rather "
                    "than searched")] = False
    """Set by the request's ``parallelism`` (or ``finetune.zero_stage``) rather than searched."""
    reason: Annotated[str, msgspec.Meta(
        description="why this layout, in words")]
    considered: Annotated[int, msgspec.Meta(
        description="layouts the search weighed (candidates lists the best of them)")]
    """Layouts the search weighed (``candidates`` lists the best of them)."""
    candidates: Annotated[list[LayoutCandidate], msgspec.Meta(
        description="the best layouts weighed, the one used first, each with its memory and why "
                    "it lost")]

    @property
    def label(self) -> str:
        parts = [f"TP{self.tensor}", f"PP{self.pipeline}", f"DP{self.data}"]
        if self.expert > 1:
            parts.append(f"EP{self.expert}")
        if self.zero_stage is not None:
            parts.append(f"ZeRO-{self.zero_stage}")
        return " x ".join(parts)


def divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


@dataclass(frozen=True)
class _Option:
    tp: int
    pp: int
    dp: int
    ep: int
    plan: InferencePlan | None
    per_gpu_gib: float | None
    invalid: str | None = None


def all_to_all_link(gpu: GPU) -> bool:
    """The GPU's fast link joins a node's GPUs all to all: a board-level NVLink / NVSwitch or
    Infinity Fabric mesh (SXM, OAM, superchip). A bridge between PCIe cards (RTX 3090, A6000,
    A100 / H100 PCIe, H100 NVL) joins pairs: wider splits cross PCIe."""
    return gpu.link in FAST_LINKS and not gpu.form_factor.startswith("PCIe")


def tp_limit(gpu: GPU | None) -> tuple[int, str]:
    """The widest tensor-parallel group whose all-reduces stay on the GPU's fast link, and
    why."""
    if gpu is None or all_to_all_link(gpu):
        return NODE_GPUS, f"{NODE_GPUS} GPUs of one node"
    why = ("has no NVLink" if gpu.link not in FAST_LINKS
           else "is a PCIe card whose bridge joins pairs of GPUs")
    return PCIE_TP_MAX, (f"{PCIE_TP_MAX} GPUs: {gpu.name} {why}, so tensor-parallel "
                         "all-reduces would cross PCIe every layer")


def machine_node(gpu: GPU | None, machine_gpus: int | None) -> int | None:
    """GPUs of one node for a training run on one machine of ``machine_gpus`` x ``gpu``: the
    machine's own count where it holds more than :data:`NODE_GPUS` GPUs joined all to all
    (:func:`all_to_all_link`: two HGX A100 8-GPU baseboards "connected back-to-back using
    NVSwitch to NVLink, enabling 16 A100 GPUs to be fully connected",
    devblogs.nvidia.com/introducing-hgx-a100-most-powerful-accelerated-server-platform-for-ai-hpc/;
    Google's a2-megagpu-16g, catalog/offers/gcp.csv, interconnect nvswitch), so that its GPUs
    are timed as one node, with no network between them; else None (nodes of
    :data:`NODE_GPUS`: a machine of PCIe cards, or GPUs whose machine is not known)."""
    if gpu is None or not machine_gpus or machine_gpus <= NODE_GPUS:
        return None
    return machine_gpus if all_to_all_link(gpu) else None


def node_of(plan: TrainingPlan) -> int:
    """GPUs in one node of a training plan: its machine's (:func:`machine_node`), else
    :data:`NODE_GPUS`."""
    return plan.node_gpus or NODE_GPUS


def nvlink_domain(gpu: GPU) -> int:
    """GPUs a tensor-parallel group may span before its all-reduces, two a layer, leave the
    GPUs' own link for the network between servers: one node (:data:`NODE_GPUS`), or an NVL72
    rack (:data:`NVLINK_DOMAIN_GPUS`). vLLM's distributed-serving guide: "the tensor parallel
    size is the number of GPUs you want to use in each node, and the pipeline parallel size
    is the number of nodes" (docs.vllm.ai/en/v0.8.3/serving/distributed_serving.html)."""
    return NVLINK_DOMAIN_GPUS.get(gpu.id, NODE_GPUS)


def _check_tensor_in_node(par: Parallelism, gpu: GPU | None) -> None:
    """A fixed tensor-parallel group wider than the node is refused: its all-reduces would run
    over the network between the nodes every layer, which the step model does not time (it
    times them on the GPUs' own link)."""
    if gpu is None:
        return
    node = nvlink_domain(gpu)
    if par.tensor <= node:
        return
    span = math.ceil(par.tensor / node)
    raise InvalidInput(
        f"tensor parallel {par.tensor} spans {span} nodes of {node} {gpu.name} GPUs: its two "
        "all-reduces a layer would cross the network between the nodes; keep tensor parallel "
        f"within a node (at most {node}) and pipeline across the nodes, e.g. tensor {node} x "
        f"pipeline {par.pipeline * par.tensor // node} (vLLM's advice for multi-node serving)"
        if par.tensor % node == 0 else
        f"tensor parallel {par.tensor} spans {span} nodes of {node} {gpu.name} GPUs: its two "
        "all-reduces a layer would cross the network between the nodes; keep tensor parallel "
        f"within a node (at most {node}) and pipeline across the nodes",
        "$.parallelism.tensor")


def _tiny_experts(model: SizedModel, tp: int) -> bool:
    a = model.arch
    return bool(a and a.is_moe and tp > 1 and a.expert_ffn / tp < TINY_EXPERT_COLUMNS)


def _check_fixed(model: SizedModel, engine: Engine, par: Parallelism,
                 gpu: GPU | None = None) -> None:
    a = model.arch
    assert a is not None
    _check_tensor_in_node(par, gpu)
    if engine.split == "layer" and par.tensor > 1:
        raise InvalidInput(
            f"{engine.id} splits whole layers over GPUs (a pipeline): tensor must be 1, use "
            f"pipeline {par.tensor * par.pipeline}", "$.parallelism.tensor")
    if par.tensor > 1 and a.num_attention_heads % par.tensor:
        raise InvalidInput(
            f"tensor parallel {par.tensor} must divide the {a.num_attention_heads} attention "
            "heads", "$.parallelism.tensor")
    if par.pipeline > a.num_layers:
        raise InvalidInput(f"pipeline {par.pipeline} is more stages than the model's "
                           f"{a.num_layers} layers", "$.parallelism.pipeline")
    if par.expert > 1:
        if not a.is_moe:
            raise InvalidInput("expert parallel applies to mixture-of-experts models; this "
                               "model is dense: expert must be 1", "$.parallelism.expert")
        if engine.split == "layer":
            raise InvalidInput(f"{engine.id} has no expert parallel: expert must be 1",
                               "$.parallelism.expert")
        if a.num_experts % par.expert:
            raise InvalidInput(f"expert parallel {par.expert} must divide the "
                               f"{a.num_experts} experts", "$.parallelism.expert")
        group = par.tensor * par.data
        if par.expert % par.tensor or group % par.expert:
            raise InvalidInput(
                f"expert parallel {par.expert} must be a multiple of tensor ({par.tensor}) "
                f"that divides tensor x data ({group}): the experts are sharded over the "
                "GPUs of the tensor- and data-parallel groups", "$.parallelism.expert")


def _inference_options(base: InferencePlan, n: int, batch: int,
                       node: int | None = None) -> list[_Option]:
    """Every layout of ``n`` GPUs; ``node``: the GPUs of one NVLink domain, past which a
    tensor-parallel group is listed as invalid (its all-reduces would cross the network)."""
    model = base.model
    a = model.arch
    assert a is not None
    layer_split = base.engine.split == "layer"
    out: list[_Option] = []
    for tp in ([1] if layer_split else divisors(n)):
        if node is not None and tp > node:
            out.append(_Option(tp, n // tp, 1, 1, None, None, invalid=(
                f"tensor {tp} spans {math.ceil(tp / node)} nodes of {node} GPUs: its "
                "all-reduces would cross the network between them every layer (tensor "
                "parallel within a node, pipeline across nodes)")))
            continue
        if tp > 1 and a.num_attention_heads % tp:
            out.append(_Option(tp, n // tp, 1, 1, None, None, invalid=(
                f"tensor {tp} does not divide the {a.num_attention_heads} attention heads")))
            continue
        for pp in divisors(n // tp):
            dp = n // (tp * pp)
            if pp > a.num_layers:
                continue
            eps = [1]
            if a.is_moe and not layer_split:
                eps += sorted({e for e in (tp, tp * dp)
                               if e > 1 and a.num_experts % e == 0})
            for ep in eps:
                out.append(_make(base, tp, pp, dp, ep, batch))
    return out


def _make(base: InferencePlan, tp: int, pp: int, dp: int, ep: int, batch: int) -> _Option:
    per_batch = math.ceil(batch / dp)
    if base.engine.split == "layer":
        # llama.cpp's layer split: the plan's ``tp`` counts the GPUs the layers spread over
        plan = replace(base, tp=pp, pp=1, ep=1, dp=dp, batch=per_batch, assumptions=[])
    else:
        plan = replace(base, tp=tp, pp=pp, ep=ep, dp=dp, batch=per_batch, assumptions=[])
    return _Option(tp, pp, dp, ep, plan, plan.total_gib(per_batch))


def _group(o: _Option) -> int:
    """GPUs that work on one request together: the replica's tensor x pipeline GPUs, or the
    whole expert-parallel group where the experts are sharded past the tensor group."""
    return o.pp * max(o.tp, o.ep)


def _label(o: _Option) -> str:
    return f"TP{o.tp} x PP{o.pp} x DP{o.dp}" + (f" x EP{o.ep}" if o.ep > 1 else "")


@dataclass(frozen=True)
class _Served:
    """One replica of a layout timed at its share of the stated load (the serving model)."""

    share: int
    """Concurrent requests per replica (closed loop)."""
    rate: float | None
    """Requests/s per replica (open loop), or None."""
    admits: int
    """Sequences its KV admission runs at once (0: not one fits)."""
    ttft_s: float
    tpot_s: float
    requests_per_s: float
    """Served at the load (open loop past what it serves: its most)."""
    saturated: bool

    @property
    def overload(self) -> float:
        """How many times what it runs at once (open loop: serves) the load asks."""
        if self.admits <= 0 or self.requests_per_s <= 0:
            return math.inf
        if self.rate is not None:
            return self.rate / self.requests_per_s
        return self.share / self.admits

    @property
    def admitted(self) -> bool:
        """Every request of the replica's share runs at once (open loop: the queue is stable)."""
        if self.admits <= 0 or self.saturated:
            return False
        return self.rate is not None or self.admits >= self.share

    @property
    def users(self) -> str:
        if self.rate is not None:
            return f"{sig3(self.rate)} requests/s per replica"
        return f"{self.share} concurrent request{'s' if self.share > 1 else ''} per replica"


@dataclass(frozen=True)
class _Verdict:
    """A layout's load figures against the best of the fitting layouts."""

    served: _Served
    best_ttft_s: float
    best_tpot_s: float
    dominated_by: _Served | None = None
    """A layout that also carries the load with a shorter TPOT, at least as many requests/s
    over all its replicas and ``LOAD_SLACK`` times the requests admitted at once over all its
    replicas (set by :func:`_serve`): this one could only win on TTFT, which both keep within
    ``LOAD_SLACK``."""
    admits_x: float = 1.0
    """The requests this layout admits at once over all its replicas over
    :attr:`dominated_by`'s."""
    rate_x: float = 1.0
    """This layout's requests/s over all its replicas over :attr:`dominated_by`'s."""

    @staticmethod
    def _ratio(v: float, best: float) -> float:
        if math.isinf(v):
            return math.inf
        return v / best if best > 0 and not math.isinf(best) else 1.0

    @property
    def ttft_x(self) -> float:
        return self._ratio(self.served.ttft_s, self.best_ttft_s)

    @property
    def tpot_x(self) -> float:
        return self._ratio(self.served.tpot_s, self.best_tpot_s)

    @property
    def carries(self) -> bool:
        return self.served.admitted and max(self.ttft_x, self.tpot_x) <= LOAD_SLACK

    @property
    def shortfall(self) -> tuple[int, float]:
        """0 when it carries the load; else 1 (admitted, slower), then how many times the best
        its slower figure is; or 2 (requests queue past admission, or the open loop's queue
        grows), then how many times what it runs or serves the load asks."""
        if self.carries:
            return (0, 0.0 if self.dominated_by is None else 1.0)
        if self.served.admitted:
            return (1, max(self.ttft_x, self.tpot_x))
        return (2, self.served.overload)

    def falls_short(self) -> str:
        s = self.served
        d = self.dominated_by
        if self.carries and d is not None:
            return (f"at {s.users}, TPOT {s.tpot_s * 1e3:.1f} ms against "
                    f"{d.tpot_s * 1e3:.1f} ms, {self.rate_x:.0%} of the requests/s and "
                    f"{self.admits_x:.0%} of the requests admitted at once of a layout that "
                    "also carries the load: better at most on TTFT "
                    f"({s.ttft_s * 1e3:.0f} ms against {d.ttft_s * 1e3:.0f} ms)")
        if s.admits <= 0:
            return "no request's KV cache fits beside the weights"
        if s.saturated:
            return (f"{s.users} is more than it serves ({sig3(s.requests_per_s)} requests/s): "
                    "the queue grows without bound")
        if not s.admitted:
            return (f"its KV cache admits {s.admits} of its {s.share} concurrent requests at "
                    "once: the rest queue")
        parts = []
        if self.tpot_x > LOAD_SLACK:
            parts.append(f"TPOT {s.tpot_s * 1e3:.1f} ms against {self.best_tpot_s * 1e3:.1f} ms")
        if self.ttft_x > LOAD_SLACK:
            parts.append(f"TTFT {s.ttft_s * 1e3:.0f} ms against {self.best_ttft_s * 1e3:.0f} ms")
        return (f"at {s.users}, " + " and ".join(parts)
                + f" for the best fitting layout (over {LOAD_SLACK:g}x)")


ReplicaTimer = Callable[[int, int, int, int, "float | None"],
                       "tuple[int, float, float, float, bool] | None"]
"""Times one replica of ``tp`` x ``pp`` GPUs, its MoE experts sharded over ``ep`` GPUs (past
``tp``: over the GPUs of ``ep / tp`` replicas), at ``share`` concurrent requests (or at ``rate``
requests/s, open loop) as the answer times it: (sequences its KV admission runs at once,
TTFT s, TPOT s, requests/s, saturated), or None when no sequence fits. The caller builds it
(:mod:`sizing`, from the serving model): this module imports no speed model."""


FullLoadTimer = Callable[[int, int, int, int], "float | None"]
"""The output tokens/s in total of ``dp`` replicas of ``tp`` x ``pp`` GPUs (experts over
``ep``) at full load, as /v1/sizing reports ``max_throughput_tokens_per_s`` for that layout
set by ``parallelism``, or None where it is not timed. The caller builds it (:mod:`sizing`)."""


def _tokens_s(v: float) -> str:
    """A total of output tokens/s as the layout's reasons say it: whole from 1, else three
    significant figures, so that 1 output token after a long prompt (0.161 tokens/s, as many
    as requests/s) never reads "0" for every layout, a tie it is not (buyer audit 28a #4)."""
    return f"{v:,.0f}" if v >= 1 else sig3(v)


def _full_load_pick(fitting: list[_Option], key: Callable[[_Option], tuple[float, ...]],
                    full_load: FullLoadTimer) -> tuple[_Option, dict[int, float]] | None:
    """With no load stated: of the best fitting layout of each width of replica, the one whose
    replicas generate the most output tokens/s in total at full load (a wider one only where
    it generates more), and each width's total; None where fewer than two widths fit. A full
    load keeps every replica busy and replicas share nothing, so their throughputs add up
    (vLLM: data parallel replicates the model for throughput, tensor parallel splits it to fit
    or to cut latency, https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html): one
    replica over every GPU (Llama 3.1 70B bf16 over 64 x H100 as TP8 x PP8, 2,612 tokens/s)
    leaves most of them waiting on the others (16 replicas of TP4: 23,362 tokens/s)."""
    leaders: dict[int, _Option] = {}
    for o in sorted(fitting, key=key):
        leaders.setdefault(_group(o), o)
    if len(leaders) < 2:
        return None
    totals: dict[int, float] = {}
    for g, o in leaders.items():
        t = full_load(o.tp, o.pp, o.ep, o.dp)
        if t is not None and t > 0:
            totals[g] = t
    if not totals:
        return None
    best_g = None
    for g in sorted(totals):  # narrowest first: a wider replica only where it serves more
        if best_g is None or totals[g] > totals[best_g]:
            best_g = g
    assert best_g is not None
    return leaders[best_g], totals


def _serve(leaders: list[_Option], batch: int, rate: float | None, timer: ReplicaTimer
           ) -> dict[int, _Verdict]:
    """Each layout's replica timed at its share of the load as the answer times it (its tensor
    group, with its pipeline stages' memory), keyed by GPUs per replica."""
    served: dict[int, _Served] = {}
    for o in leaders:
        share = max(1, math.ceil(batch / o.dp))
        r = None if rate is None else rate / o.dp
        t = timer(o.tp, o.pp, o.ep, share, r)
        if t is None:
            served[_group(o)] = _Served(share, r, 0, math.inf, math.inf, 0.0, True)
            continue
        admits, ttft, tpot, rps, sat = t
        served[_group(o)] = _Served(share, r, admits, ttft, tpot, rps, sat)
    ttfts = [s.ttft_s for s in served.values() if not math.isinf(s.ttft_s)]
    tpots = [s.tpot_s for s in served.values() if not math.isinf(s.tpot_s)]
    best_ttft = min(ttfts) if ttfts else math.inf
    best_tpot = min(tpots) if tpots else math.inf
    verdicts = {g: _Verdict(s, best_ttft, best_tpot) for g, s in served.items()}
    # a layout that carries the load but is slower per token, serves fewer requests/s and
    # admits under 1/LOAD_SLACK of the requests at once over all its replicas (the reason
    # to prefer more replicas) than another that carries it wins at most on TTFT (within
    # LOAD_SLACK of the best, both): it is ranked after the carrying layouts it loses to.
    # TP2 x DP2 of 70B fp8 on 4 x L40S at 16 requests (TPOT 74.9 ms, 202 output tokens/s,
    # 39.2 of 40.5 GiB per GPU, saturating at 270 tokens/s) was picked over TP4 (57.4 ms,
    # 258 tokens/s, saturating at 550) for a TTFT 3 % shorter
    dp = {_group(o): o.dp for o in leaders}
    total = {g: s.requests_per_s * dp[g] for g, s in served.items()}
    held = {g: s.admits * dp[g] for g, s in served.items()}
    for g, v in verdicts.items():
        if not v.carries:
            continue
        better = [h for h, w in verdicts.items() if h != g and w.carries
                  and w.served.tpot_s < v.served.tpot_s and total[h] >= total[g] > 0
                  and held[h] >= LOAD_SLACK * held[g] > 0]
        if better:
            h = min(better, key=lambda h: verdicts[h].served.tpot_s)
            verdicts[g] = replace(v, dominated_by=served[h], rate_x=total[g] / total[h],
                                  admits_x=held[g] / held[h])
    return verdicts


def _idles(o: _Option, batch: int, open_loop: bool) -> bool:
    """More replicas than concurrent requests: some would sit idle. An open loop
    (``request_rate_per_s``) has no such count: its requests arrive independently and each
    replica serves its share of the rate, so any number of replicas is weighed, and the load
    timing decides (14 requests/s of Llama 3.1 70B fp8 on 8 x H100 were laid out as one TP8
    replica, which serves 12, where four TP2 replicas serve 17.5)."""
    return not open_loop and o.dp > batch


def _rank_key(o: _Option, model: SizedModel, batch: int, cap: int,
              gpu_given: bool, verdict: _Verdict | None = None,
              open_loop: bool = False) -> tuple[float, ...]:
    per_replica = _group(o)
    idle = 1 if _idles(o, batch, open_loop) else 0
    over_cap = 1 if o.tp > cap else 0
    ep_pref = 0 if (o.ep > 1) == _tiny_experts(model, o.tp) else 1
    if gpu_given:
        short = verdict.shortfall if verdict is not None else (0, 0.0)
        return (idle, *short, per_replica, over_cap, -o.tp, ep_pref, o.ep)
    # no GPU to fit against: one replica over every GPU, tensor parallel as far as allowed
    return (o.dp, over_cap, -o.tp, ep_pref, o.ep)


def _lost(o: _Option, w: _Option, model: SizedModel, batch: int, cap: int, cap_why: str,
          gpu_given: bool, capacity: float | None,
          verdicts: dict[int, _Verdict] | None = None,
          leaders: dict[int, _Option] | None = None, open_loop: bool = False) -> str:
    verdicts = verdicts or {}
    vo, vw = verdicts.get(_group(o)), verdicts.get(_group(w))
    idles = _idles(o, batch, open_loop) and not _idles(w, batch, open_loop)
    if (vo is not None and vw is not None and _group(o) != _group(w) and o.invalid is None
            and (capacity is None or (o.per_gpu_gib or 0.0) <= capacity)
            and not idles):
        if vo.shortfall > vw.shortfall:
            why = ("carries the load but loses to the pick: " if vo.dominated_by is not None
                   else "does not carry the load: " if vw.carries else
                   "is further from carrying the load than the pick: ") + vo.falls_short()
            lead = (leaders or {}).get(_group(o))
            if lead is None or lead is o:
                return why
            first = _lost(o, lead, model, batch, cap, cap_why, gpu_given, capacity,
                          open_loop=open_loop)
            return (f"{first}; "
                    f"{_label(lead)}, the best of its {_group(o)} GPUs per replica, {why}")
        if vw.carries and _group(o) > _group(w):
            gw = _group(w)
            timed = ""
            if (leaders or {}).get(_group(o)) is o:
                s = vo.served
                timed = (f"; this one: TTFT {s.ttft_s * 1e3:.0f} ms and TPOT "
                         f"{s.tpot_s * 1e3:.1f} ms at {s.users}")
            return (f"{_group(o)} GPUs per replica where {_label(w)}, with {gw} "
                    f"GPU{'s' if gw > 1 else ''} per replica, carries the load comparably "
                    f"(every request admitted, TTFT and TPOT at the load within "
                    f"{LOAD_SLACK:g}x of the best): more replicas serve more requests at once "
                    f"with no traffic between them{timed}")
    if o.invalid:
        return o.invalid
    assert o.per_gpu_gib is not None
    if capacity is not None and o.per_gpu_gib > capacity:
        return f"needs {o.per_gpu_gib:.1f} GiB per GPU; {capacity:.1f} GiB usable"
    if gpu_given and idles:
        return (f"{o.dp} replicas for {batch} concurrent request(s): {o.dp - batch} would idle; "
                "the GPUs cut per-token latency as tensor parallel instead")
    if not gpu_given and o.dp != w.dp:
        return ("no GPU named to fit against: the GPUs are sized as one replica "
                "(data parallel needs the model to fit on fewer GPUs)")
    if gpu_given and _group(o) > _group(w):
        return (f"{_group(o)} GPUs per replica where {_group(w)} fit: more replicas serve "
                "more requests at once with no traffic between them")
    if o.tp > cap and w.tp <= cap:
        return f"tensor parallel {o.tp} is over {cap_why}"
    if o.tp < w.tp and o.pp > w.pp:
        return (f"pipeline of {o.pp} stages where tensor parallel {w.tp} fits: stages run one "
                "after another for each token (latency) and idle in pipeline bubbles")
    if o.tp < w.tp and o.ep > o.tp:
        a = model.arch
        assert a is not None
        return (f"attention data parallel ({o.dp} replicas of {o.tp} GPU"
                f"{'s' if o.tp > 1 else ''}, each with its own requests' KV cache; the "
                f"{a.num_experts} experts sharded over {o.ep} GPUs, tokens routed all-to-all "
                f"every MoE layer) where tensor parallel {w.tp} fits: among layouts of "
                f"{_group(o)} GPUs that share the experts the search takes the widest tensor "
                "parallel (each request's attention split over more GPUs) and times only that "
                "one")
    if o.tp == w.tp and o.ep > o.tp and o.ep > w.ep:
        return (f"attention data parallel ({o.dp} replicas of {o.tp} GPU"
                f"{'s' if o.tp > 1 else ''}) with the experts sharded over {o.ep} GPUs, where "
                f"{_label(w)} shards them over {w.ep}: of equal tensor parallel the search "
                "takes the fewer expert-parallel GPUs"
                + (" (token routing stays inside the tensor group)" if w.ep <= w.tp else ""))
    if o.tp < w.tp:
        return (f"tensor parallel {o.tp} where {w.tp} fits: each request's attention and "
                "dense layers split over fewer GPUs")
    if o.tp > w.tp:
        return f"tensor parallel {o.tp} is over {cap_why}"
    if o.ep != w.ep:
        if _tiny_experts(model, o.tp) and o.ep == 1:
            a = model.arch
            assert a is not None
            return (f"tensor parallel would split each expert's {a.expert_ffn} FFN columns "
                    f"into {a.expert_ffn // o.tp}-wide slices: underfilled expert GEMMs; "
                    "expert parallel keeps the experts whole")
        if o.ep > 1 and w.ep == 1:
            return ("expert parallel adds all-to-all token routing where the tensor-split "
                    "experts stay wide enough")
        return f"expert parallel {o.ep} where {w.ep} fits"
    return "an equal layout ranked later"


def _kv_unsplit(model: SizedModel, tp: int, wider: int) -> str | None:
    """Why each GPU's KV cache does not shrink from tensor parallel ``tp`` to ``wider``, or
    None where it does (:func:`kv_elements_per_token_layer`: GQA's KV heads split over the
    tensor-parallel GPUs down to one per GPU, MLA's latent is kept whole on each)."""
    a = model.arch
    if a is None or model.task == "embed":
        return None
    if kv_elements_per_token_layer(a, wider) * wider <= kv_elements_per_token_layer(a, tp) * tp:
        return None
    if a.is_mla:
        latent = kv_elements_per_token_layer(a, wider)
        return (f"MLA's compressed latent KV cache ({latent:g} values per token and layer) is "
                "kept whole on every tensor-parallel GPU, where pipeline stages split it by "
                "layers")
    return (f"its {a.kv_heads} KV heads are copied, not split, past tensor parallel "
            f"{a.kv_heads}, where pipeline stages split the KV cache by layers")


def _why_pipeline(o: _Option, model: SizedModel, options: list[_Option],
                  capacity: float | None, cap: int, cap_why: str) -> str:
    """Why the pick pipelines rather than splitting its replica's GPUs wider by tensor
    parallel: what the next wider tensor group of the same GPUs per replica lost on."""
    if o.tp * 2 > cap:
        return f"pipeline only because tensor parallel stops at {cap_why}"
    wider = sorted((w for w in options if w.tp > o.tp and w.tp * w.pp == o.tp * o.pp
                    and w.dp == o.dp and w.tp <= cap),
                   key=lambda w: (w.tp, w.per_gpu_gib if w.per_gpu_gib is not None
                                  else math.inf))
    if not wider:
        a = model.arch
        heads = a.num_attention_heads if a is not None else 0
        split = [t for t in divisors(o.tp * o.pp) if o.tp < t <= cap]
        if split and heads and all(heads % t for t in split):
            return (f"pipeline because tensor parallel {split[0]} does not divide the {heads} "
                    "attention heads")
        return f"pipeline: no wider tensor group of its {o.tp * o.pp} GPUs was weighed"
    w = wider[0]
    if w.invalid is not None:
        return f"pipeline because {w.invalid}"
    if capacity is not None and w.per_gpu_gib is not None and w.per_gpu_gib > capacity:
        kv = _kv_unsplit(model, o.tp, w.tp)
        return (f"pipeline because tensor parallel {w.tp} needs {w.per_gpu_gib:.1f} GiB per "
                f"GPU, over the {capacity:.1f} GiB usable" + (f": {kv}" if kv else ""))
    return f"pipeline where tensor parallel {w.tp} also fits"


def _candidate(o: _Option, lost: str | None, capacity: float | None) -> LayoutCandidate:
    return LayoutCandidate(
        tensor=o.tp, pipeline=o.pp, data=o.dp, expert=o.ep, per_gpu_gib=o.per_gpu_gib,
        fits=None if capacity is None or o.per_gpu_gib is None else o.per_gpu_gib <= capacity,
        lost=lost)


def search_inference(base: InferencePlan, gpu: GPU | None, gpu_count: int, batch: int,
                     fixed: Parallelism | None = None,
                     memory_fraction: float | None = None, *,
                     timer: ReplicaTimer | None = None, rate: float | None = None,
                     full_load: FullLoadTimer | None = None
                     ) -> tuple[Layout, InferencePlan]:
    """The layout ``gpu_count`` GPUs serve ``batch`` concurrent requests with, and the memory
    plan of one replica in it (``plan.batch`` = the replica's share of the requests).

    ``base`` carries the model, formats, engine, context and LoRA adapters (its tp, pp, ep and
    batch are replaced). Rule, with a GPU: among the layouts that fit (weights plus the KV of
    the replica's requests within the engine's share of the GPU), no more replicas than
    concurrent requests (a closed loop; an open loop at ``rate`` sets no such cap, each replica
    serving its share of the rate: :func:`_idles`); then, where the widths of replica differ and
    the load can be timed (``timer``: one replica timed by the serving model, see
    :data:`ReplicaTimer`; ``rate``: the open loop's requests/s, None for a closed loop; a
    tensor-split engine generating text), those that carry the stated load: one replica of each
    width is timed at its share of the load by the serving model as the answer times it, and a
    layout carries the load when its KV admission runs all its requests at once (open loop:
    keeps up with its rate) and its TTFT and TPOT at the load are each within ``LOAD_SLACK``
    (1.5x) of the best fitting layout's (if none does, the one closest to it); among those that
    carry it, one that another carrying layout beats on TPOT and on requests/s over all its
    replicas, and whose replicas together admit fewer than 1/``LOAD_SLACK`` of that one's
    requests at once, comes last: its replicas do not serve more requests at once, the reason to
    prefer them, and it would win on TTFT alone, which both keep within ``LOAD_SLACK``; then the
    fewest GPUs per replica (each replica adds throughput with no traffic between them); then
    tensor parallel over pipeline (within a node, and within 4 GPUs where there is no NVLink);
    for an MoE, expert parallel when tensor parallel would split the experts below 1,024 FFN
    columns. With no load stated (the caller gives ``full_load`` only then; ``batch`` is the
    default 1 and ``rate`` None), the GPUs are instead split into the replicas that generate the
    most output tokens/s in total at full load (:func:`_full_load_pick`), as /v1/ask's full-load
    answers lay them out. If nothing fits, the layout needing the least memory per GPU. Without
    a GPU: one replica over all GPUs, tensor parallel as far as the heads and the node allow. A
    ``fixed`` layout is checked (InvalidInput naming the field) and used."""
    model = base.model
    cap, cap_why = tp_limit(gpu)
    capacity = base.capacity_gib(gpu, memory_fraction) if gpu is not None else None
    options = _inference_options(base, gpu_count, batch,
                                 nvlink_domain(gpu) if gpu is not None else None)
    valid = [o for o in options if o.invalid is None]
    verdicts: dict[int, _Verdict] = {}
    leaders: dict[int, _Option] = {}

    open_loop = rate is not None

    def key(o: _Option) -> tuple[float, ...]:
        return _rank_key(o, model, batch, cap, gpu is not None, verdicts.get(_group(o)),
                         open_loop)

    fitting = [o for o in valid if capacity is None or (o.per_gpu_gib or 0.0) <= capacity]
    loads: dict[int, float] = {}
    picked = None
    if (fitting and gpu is not None and full_load is not None and fixed is None
            and batch == 1 and rate is None
            and base.engine.split == "tensor" and model.task != "embed"):
        picked = _full_load_pick(fitting, key, full_load)
        if picked is not None:
            loads = picked[1]
    if (picked is None and fitting and gpu is not None and timer is not None
            and base.engine.split == "tensor" and model.task != "embed"):
        # the best layout of each width of replica (by the rule without the load), among
        # those whose replicas would not idle: only these few are timed
        for o in sorted([o for o in fitting if not _idles(o, batch, open_loop)] or fitting,
                        key=key):
            leaders.setdefault(_group(o), o)
        if len(leaders) > 1:
            verdicts = _serve(list(leaders.values()), batch, rate, timer)
        else:
            leaders = {}
    if picked is not None:
        best = picked[0]
    elif fitting:
        best = min(fitting, key=key)
    else:
        best = min(valid, key=lambda o: (o.per_gpu_gib or 0.0, key(o)))
    searched = best
    was_fixed = fixed is not None
    if fixed is not None:
        _check_fixed(model, base.engine, fixed, gpu)
        best = next((o for o in valid if (o.tp, o.pp, o.dp, o.ep) == (
            fixed.tensor, fixed.pipeline, fixed.data, fixed.expert)), None) or _make(
            base, fixed.tensor, fixed.pipeline, fixed.data, fixed.expert, batch)
    assert best.plan is not None
    reason = _reason(best, model, batch, gpu, capacity, cap, cap_why, bool(fitting), gpu_count,
                     was_fixed, verdicts, leaders, options, loads, rate)
    if was_fixed:
        same = (searched.tp, searched.pp, searched.dp, searched.ep) == (
            best.tp, best.pp, best.dp, best.ep)
        reason = ("set by the request's parallelism" + (
            "; the search picks the same" if same else
            f"; the search would pick TP{searched.tp} x PP{searched.pp} x DP{searched.dp}"
            + (f" x EP{searched.ep}" if searched.ep > 1 else "")) + ". " + reason)
    others = sorted((o for o in options if o is not best),
                    key=lambda o: (o.invalid is not None,
                                   capacity is not None and (o.per_gpu_gib or 0.0) > capacity,
                                   key(o) if o.invalid is None else ()))

    def why_lost(o: _Option) -> str:
        if (loads and not was_fixed and o.invalid is None and _group(o) != _group(best)
                and (capacity is None or (o.per_gpu_gib or 0.0) <= capacity)):
            mine, pick = loads.get(_group(o)), loads[_group(best)]
            return (f"{_group(o)} GPUs per replica: "
                    + (f"{_tokens_s(mine)} output tokens/s in total at full load" if mine else
                       "not timed at full load")
                    + f" where {_label(best)} generates {_tokens_s(pick)}")
        if not was_fixed:
            return _lost(o, best, model, batch, cap, cap_why, gpu is not None, capacity,
                         verdicts, leaders, open_loop)
        # the request chose: what the search says of each is against its own pick
        if o is searched:
            return "the search's pick; the request's parallelism sets the layout"
        return ("the request's parallelism sets the layout; against the search's pick "
                f"{_label(searched)}: "
                + _lost(o, searched, model, batch, cap, cap_why, gpu is not None, capacity,
                        verdicts, leaders, open_loop))

    cands = [_candidate(best, None, capacity)] + [
        _candidate(o, why_lost(o), capacity) for o in others[:CANDIDATES_SHOWN - 1]]
    layout = Layout(tensor=best.tp, pipeline=best.pp, data=best.dp, expert=best.ep,
                    fixed=was_fixed, reason=reason, considered=len(options), candidates=cands)
    return layout, best.plan


def _reason(o: _Option, model: SizedModel, batch: int, gpu: GPU | None,
            capacity: float | None, cap: int, cap_why: str, any_fit: bool,
            n: int, fixed: bool = False, verdicts: dict[int, _Verdict] | None = None,
            leaders: dict[int, _Option] | None = None,
            options: list[_Option] | None = None,
            loads: dict[int, float] | None = None, rate: float | None = None) -> str:
    assert o.plan is not None and o.per_gpu_gib is not None
    shared = (f"the {sig3(rate)} requests/s" if rate is not None else
              f"the {batch} concurrent requests")
    layer = o.plan.engine.split == "layer"
    shape = (f"{o.pp} GPU(s) splitting whole layers ({o.plan.engine.id})" if layer else
             f"tensor parallel {o.tp}" + (f" x pipeline {o.pp}" if o.pp > 1 else ""))
    per_replica = _group(o)
    bits = []
    unit = gpu.unit if gpu is not None else "GPU"  # a TPU's "per chip"
    gpus = f"{per_replica} {unit}{'s' if per_replica > 1 else ''} per replica"
    if o.ep > o.tp and not layer:
        # attention data parallel: the replicas of one expert group share its experts
        gpus = (f"{per_replica} {unit}s per expert group ({o.ep // o.tp} attention replicas of "
                f"{o.tp * o.pp} {unit}{'s' if o.tp * o.pp > 1 else ''})")
        shape = ("attention data parallel" + (f", tensor parallel {o.tp}" if o.tp > 1 else "")
                 + (f" x pipeline {o.pp}" if o.pp > 1 else ""))
    kv_room = (f"{o.per_gpu_gib:.1f} of {capacity or 0.0:.1f} GiB per {unit} "
               + (f"with inputs of {o.plan.context} tokens (no KV cache kept)"
                  if o.plan.model.task == "embed" else
                  f"with the KV cache of {o.plan.batch} x {o.plan.context} tokens"))
    if fixed:
        if gpu is not None:
            bits.append(f"{gpus}: {kv_room}" if o.per_gpu_gib <= (capacity or 0.0) else
                        f"{gpus} needs {o.per_gpu_gib:.1f} GiB per {unit}, over the "
                        f"{capacity:.1f} GiB usable on {gpu.name}")
        if o.dp > batch and rate is None:
            bits.append(f"{o.dp - batch} of the {o.dp} replicas idle at {batch} concurrent "
                        "request(s)")
    elif gpu is None:
        bits.append(f"no GPU named: the {n} GPU(s) are sized as one replica, {shape}, the "
                    "least memory per GPU")
    elif not any_fit:
        bits.append(f"no layout fits {gpu.name} ({capacity:.1f} GiB usable per {unit}): shown "
                    f"is the one needing the least memory, {o.per_gpu_gib:.1f} GiB per {unit}")
    elif loads and per_replica in loads:
        whole = loads.get(n)
        bits.append(
            f"no load stated (1 concurrent request, no request rate): {gpus}, the width whose "
            f"{o.dp} replica{'s' if o.dp > 1 else ''} generate the most output tokens/s in "
            f"total at full load ({_tokens_s(loads[per_replica])}; replicas share nothing, so "
            "their throughputs add up"
            + (f"; one replica over all {n} GPUs: {_tokens_s(whole)}"
               if whole and n != per_replica else "") + f"; {kv_room})")
        if o.dp > 1:
            bits.append("one request runs on one replica; the other "
                        + (f"{o.dp - 1} take" if o.dp > 2 else "one takes") + " further requests")
    elif (v := (verdicts or {}).get(per_replica)) is None:
        busy = (f" with every replica busy at {batch} concurrent request"
                f"{'s' if batch > 1 else ''}" if per_replica > 1 and batch < n
                and rate is None else "")
        bits.append(f"{gpus} is the fewest that fit{busy} ({kv_room})")
        if o.dp > 1:
            bits.append(f"{o.dp} data-parallel replicas share {shared}")
    else:
        s = v.served
        at = f"TTFT {s.ttft_s * 1e3:.0f} ms and TPOT {s.tpot_s * 1e3:.1f} ms at {s.users}"
        if v.carries and any(w.dominated_by is not None for g, w in (verdicts or {}).items()
                             if g < per_replica):
            bits.append(f"{gpus} carries the load (every request admitted, TTFT and TPOT "
                        f"within {LOAD_SLACK:g}x of the best fitting layout's), where the narrower "
                        f"replicas that carry it lose on TPOT, requests/s and the requests "
                        f"admitted at once ({at}; "
                        f"{kv_room})")
        elif v.carries:
            bits.append(f"{gpus} is the fewest that carry the load: every request admitted, "
                        f"TTFT and TPOT within {LOAD_SLACK:g}x of the best fitting layout's "
                        f"({at}; {kv_room})")
        else:
            bits.append(f"no fitting layout carries the load (every request admitted, TTFT "
                        f"and TPOT within {LOAD_SLACK:g}x of the best): {gpus} comes closest, "
                        f"{v.falls_short()} ({kv_room})")
        narrower = [(g, lead) for g, lead in sorted((leaders or {}).items())
                    if g < per_replica]
        if narrower and v.carries and verdicts:
            g, lead = narrower[0]
            bits.append(f"{_label(lead)} ({g} GPU{'s' if g > 1 else ''} per replica) fits but "
                        + ("loses: " if verdicts[g].dominated_by is not None else
                           "does not carry the load: ") + verdicts[g].falls_short())
        if o.dp > 1:
            bits.append(f"{o.dp} data-parallel replicas share {shared}")
    if gpu is not None and any_fit and per_replica > 1 and not layer:
        bits.append(shape)
        if o.pp > 1 and not fixed:
            bits.append(_why_pipeline(o, model, options or [], capacity, cap, cap_why))
    if o.ep > 1:
        a = model.arch
        assert a is not None
        bits.append(f"expert parallel {o.ep}: the {a.num_experts} experts sharded whole, "
                    f"{a.num_experts // o.ep} per GPU"
                    + (f" (tensor parallel would cut each to {a.expert_ffn // max(o.tp, 1)} "
                       "FFN columns)" if _tiny_experts(model, o.tp) else ""))
    return "; ".join(bits)


# ---------------------------------------------------------------------------------------------
# Training


_ZERO_WHAT = {0: "DDP: every GPU holds the weights, gradients and optimizer state",
              1: "ZeRO-1: optimizer state sharded",
              2: "ZeRO-2: optimizer state and gradients sharded",
              3: "ZeRO-3 / FSDP: weights, gradients and optimizer state sharded, one layer "
                 "all-gathered at a time (plus the next, prefetched)"}


MP_ZERO_STAGES = (0, 1)
"""ZeRO stages combined with tensor / pipeline parallel: DeepSpeed's pipeline engine refuses
ZeRO-2 and ZeRO-3 ("ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism",
deepspeed/runtime/pipe/engine.py) and Megatron-LM's distributed optimizer shards only the
optimizer state over the data-parallel GPUs (ZeRO-1)."""

TrainingTimer = Callable[[TrainingPlan], "tuple[float, str]"]
"""Times a training plan as the answer times it: (tokens/s over all its GPUs, what bounds the
step). The caller builds it from the speed model (:mod:`sizing`): this module imports none."""


def _cap_words(cap: float | None, gpu: GPU | None) -> str:
    """The memory per GPU a training layout is fitted against: the GPU's usable memory, or
    less where a headroom is kept free (``cap_gib``)."""
    if gpu is None or cap is None or cap >= gpu.usable_gib - 1e-9:
        return f"{cap or 0.0:.1f} GiB usable"
    return (f"{cap:.1f} GiB with the memory headroom kept free ({gpu.usable_gib:.1f} GiB "
            "usable)")


def _mp_label(tp: int, pp: int, dp: int, z: int) -> str:
    return f"TP{tp} x PP{pp} x DP{dp} x ZeRO-{z}"


def _mp_zero_what(z: int, dp: int) -> str:
    """The ZeRO stage of a tensor x pipeline layout, over its data-parallel GPUs."""
    if z == 0:
        return (f"no ZeRO: each of the {dp} data-parallel replicas holds its shard's gradients "
                "and optimizer state whole")
    return f"{_ZERO_WHAT[z]} over the {dp} data-parallel GPUs"


def _check_fixed_training(plan: TrainingPlan, par: Parallelism,
                          requested_zero: int | None, gpu: GPU | None = None) -> None:
    a = plan.model.arch
    assert a is not None
    _check_tensor_in_node(par, gpu)
    if par.expert > 1:
        raise InvalidInput(
            "expert parallel training is not modelled (training is sized as tensor x pipeline "
            "x data parallel, Megatron-LM style, or DDP / ZeRO over the GPUs): expert must be 1",
            "$.parallelism.expert")
    if par.tensor > 1 and a.num_attention_heads % par.tensor:
        raise InvalidInput(
            f"tensor parallel {par.tensor} must divide the {a.num_attention_heads} attention "
            "heads", "$.parallelism.tensor")
    if par.pipeline > 1 and (a.encoder_layers or 0):
        raise InvalidInput("pipeline parallel training of an encoder-decoder model is not "
                           "modelled: pipeline must be 1", "$.parallelism.pipeline")
    if par.pipeline > a.num_layers:
        raise InvalidInput(f"pipeline {par.pipeline} is more stages than the model's "
                           f"{a.num_layers} layers", "$.parallelism.pipeline")
    if par.pipeline > 1 and requested_zero is not None and requested_zero >= 2:
        raise InvalidInput(
            f"ZeRO stage {requested_zero} with pipeline parallel: DeepSpeed's pipeline engine "
            "refuses ZeRO-2 and ZeRO-3 and Megatron-LM shards only the optimizer state "
            "(ZeRO-1); use zero_stage 0 or 1", "$.finetune.zero_stage")


def _micro_batches(plan: TrainingPlan, tp: int, pp: int, z: int,
                   global_tokens: int | None) -> int:
    """Micro-batches per optimizer step where gradients are accumulated (DDP and ZeRO-1: the
    gradient reduction runs once a step; ZeRO-2 / ZeRO-3 reduce, and ZeRO-3 gathers, every
    micro-batch, so there it buys nothing): as many as a global batch of ``global_tokens``
    holds, at least one per pipeline stage (Megatron-LM's 1F1B schedule needs m >= p)."""
    if z >= 2:
        return 1
    dp = max(1, plan.gpus // (tp * pp))
    m = global_tokens // (plan.micro_batch * plan.seq * dp) if global_tokens else 1
    return max(pp, m, 1)


def _search_multi_node(plan: TrainingPlan, gpu: GPU, requested_zero: int | None,
                       timer: TrainingTimer, global_tokens: int | None,
                       cap_gib: float | None = None) -> tuple[Layout, TrainingPlan]:
    """Past one node: every tensor x pipeline x data layout (tensor parallel within the node,
    dividing the heads; pipeline stages of whole layers) with ZeRO-0/1, and pure data
    parallel with ZeRO-0 to 3, each timed by the step model with its collectives between
    the nodes; the fastest that fits is used (nothing fits: the least memory)."""
    a = plan.model.arch
    assert a is not None
    n = plan.gpus
    cap_tp, _ = tp_limit(gpu)
    # no tensor parallel where the trainer or the GPUs' fabric does not carry it, and a
    # QLoRA base none of the pipeline either (:func:`tensor_parallel_refusal`)
    no_tp = tensor_parallel_refusal(plan, gpu)
    no_pp = QLORA_DATA_PARALLEL_ONLY if plan.method == "qlora" else None
    cap = gpu.usable_gib if cap_gib is None else cap_gib
    shapes: list[tuple[int, int, int]] = []
    for tp in divisors(n):
        if tp > cap_tp or (tp > 1 and (a.num_attention_heads % tp or no_tp)):
            continue
        for pp in divisors(n // tp):
            if pp > 1 and ((a.encoder_layers or 0) or pp > a.num_layers or no_pp):
                continue
            zs = (0, 1, 2, 3) if tp * pp == 1 else MP_ZERO_STAGES
            for z in zs:
                if requested_zero is None or z == requested_zero:
                    shapes.append((tp, pp, z))
    rows: list[tuple[TrainingPlan, float, float, str]] = []
    for tp, pp, z in shapes:
        q = replace(plan, tp=tp, pp=pp, zero_stage=z, assumptions=[],
                    micro_batches=_micro_batches(plan, tp, pp, z, global_tokens))
        per = q.per_gpu().total_gib
        tps, bound = timer(q) if per <= cap else (0.0, "")
        rows.append((q, per, tps, bound))
    fitting = [r for r in rows if r[1] <= cap]
    if fitting:
        best = max(fitting, key=lambda r: (r[2], -(r[0].tp * r[0].pp), -(r[0].zero_stage or 0)))
    else:
        best = min(rows, key=lambda r: r[1])
    q, per, tps, bound = best
    nodes = math.ceil(n / node_of(plan))
    label = _mp_label(q.tp, q.pp, q.dp, q.zero_stage or 0)
    if fitting:
        reason = (f"{n} GPUs span {nodes} nodes: the fastest layout that fits, each timed with "
                  "its collectives between the nodes (tensor parallel within a node, pipeline "
                  f"stages and data parallel across them): {label} at {tps:,.0f} tokens/s, "
                  f"bound by {bound} ({per:.1f} of {cap:.1f} GiB per GPU"
                  + (f", {q.micro_batches} micro-batches a step" if q.micro_batches > 1 else "")
                  + ")")
        dp_only = [r for r in fitting if r[0].tp * r[0].pp == 1 and r is not best]
        if dp_only:
            alt = max(dp_only, key=lambda r: r[2])
            reason += (f"; data parallel alone, the best is ZeRO-{alt[0].zero_stage} over all "
                       f"{n} GPUs at {alt[2]:,.0f} tokens/s, bound by {alt[3]}")
        if q.tp * q.pp > 1:
            reason += ("; " + (f"tensor parallel {q.tp} splits every matrix within a node"
                               if q.tp > 1 else "")
                       + (", " if q.tp > 1 and q.pp > 1 else "")
                       + (f"pipeline {q.pp} gives each stage up to {q.stage_layers()} of "
                          f"the {a.num_layers} layers" if q.pp > 1 else "")
                       + f"; {_mp_zero_what(q.zero_stage or 0, q.dp)}")
    else:
        reason = (f"nothing fits {gpu.name} ({_cap_words(cap, gpu)}): {label} needs the least, "
                  f"{per:.1f} GiB per GPU")
    if no_pp is not None:
        reason += f"; data parallel only: {no_pp}"
    elif no_tp is not None:
        reason += f"; no tensor parallel: {no_tp}"
    if requested_zero is not None:
        reason = f"ZeRO stage {requested_zero} set by the request; " + reason
    # the best pure data-parallel layout is always shown (the answer compares with it)
    dp_best = max((r for r in rows if r[0].tp * r[0].pp == 1 and r[1] <= cap),
                  key=lambda r: r[2], default=None)
    rows.sort(key=lambda r: (r is not dp_best, r[1] > cap, -r[2], r[1]))
    cands: list[LayoutCandidate] = [LayoutCandidate(
        tensor=q.tp, pipeline=q.pp, data=q.dp, expert=1, zero_stage=q.zero_stage,
        per_gpu_gib=per, fits=per <= cap)]
    for r in rows:
        if r is best or len(cands) >= CANDIDATES_SHOWN:
            continue
        o = r[0]
        lost = (f"needs {r[1]:.1f} GiB per GPU; {_cap_words(cap, gpu)}" if r[1] > cap else
                f"slower: {r[2]:,.0f} tokens/s, bound by {r[3]}, against {tps:,.0f}")
        cands.append(LayoutCandidate(tensor=o.tp, pipeline=o.pp, data=o.dp, expert=1,
                                     zero_stage=o.zero_stage, per_gpu_gib=r[1],
                                     fits=r[1] <= cap, lost=lost))
    layout = Layout(tensor=q.tp, pipeline=q.pp, data=q.dp, expert=1, zero_stage=q.zero_stage,
                    micro_batches_per_step=q.micro_batches,
                    fixed=requested_zero is not None, reason=reason, considered=len(rows),
                    candidates=cands)
    return layout, q


def _search_fixed_mp(plan: TrainingPlan, gpu: GPU | None, requested_zero: int | None,
                     fixed: Parallelism, global_tokens: int | None,
                     cap_gib: float | None = None) -> tuple[Layout, TrainingPlan]:
    """A tensor x pipeline x data layout the request sets: the requested ZeRO stage, else
    the least of ZeRO-0/1 that fits (ZeRO-1 where neither does)."""
    tp, pp = fixed.tensor, fixed.pipeline
    stages = [requested_zero] if requested_zero is not None else list(MP_ZERO_STAGES)
    plans = {z: replace(plan, tp=tp, pp=pp, zero_stage=z, assumptions=[],
                        micro_batches=_micro_batches(plan, tp, pp, z, global_tokens))
             for z in stages}
    per = {z: q.per_gpu().total_gib for z, q in plans.items()}
    cap = cap_gib if gpu is not None and cap_gib is not None else (
        gpu.usable_gib if gpu is not None else None)
    fits = {z: cap is None or per[z] <= cap for z in stages}
    chosen = next((z for z in stages if fits[z]), stages[-1])
    q = plans[chosen]
    reason = (f"set by the request's parallelism: tensor parallel {tp} x pipeline {pp} x "
              f"data parallel {q.dp}; {_mp_zero_what(chosen, q.dp)}"
              + (" (set by the request)" if requested_zero is not None else "")
              + (f"; {q.micro_batches} micro-batches a step" if q.micro_batches > 1 else ""))
    if cap is not None:
        reason += (f"; {per[chosen]:.1f} of {cap:.1f} GiB per GPU" if fits[chosen] else
                   f"; it needs {per[chosen]:.1f} GiB per GPU, over {_cap_words(cap, gpu)}")
    cands = [LayoutCandidate(tensor=tp, pipeline=pp, data=q.dp, expert=1, zero_stage=z,
                             per_gpu_gib=per[z], fits=None if cap is None else fits[z],
                             lost=None if z == chosen else (
                                 "the request sets the ZeRO stage" if requested_zero is not None
                                 else "does not fit" if not fits[z] else
                                 "more sharding than needed: more communication per step"))
             for z in stages]
    cands.sort(key=lambda c: c.lost is not None)
    layout = Layout(tensor=tp, pipeline=pp, data=q.dp, expert=1, zero_stage=chosen,
                    micro_batches_per_step=q.micro_batches,
                    fixed=True, reason=reason, considered=len(stages), candidates=cands)
    return layout, q


def search_training(plan: TrainingPlan, gpu: GPU | None, requested_zero: int | None,
                    fixed: Parallelism | None = None, *, timer: TrainingTimer | None = None,
                    global_tokens: int | None = None, cap_gib: float | None = None,
                    tensor_in_node: bool = False) -> tuple[Layout, TrainingPlan]:
    """Within a node: data parallel over ``plan.gpus`` GPUs, DDP when the model fits
    replicated on each GPU, else the least ZeRO sharding that fits (less communication
    first), ZeRO-3 (FSDP) when none does; without a GPU to fit against, ZeRO-3 on several
    GPUs (as multi-GPU fine-tuning recipes shard: torchtune's distributed recipes, HF
    accelerate FSDP). A requested ``zero_stage`` is used. Past one node, with a GPU and a
    ``timer``: the fastest tensor x pipeline x data layout that fits (Megatron-LM style,
    :func:`_search_multi_node`), the collectives between the nodes timed; ``global_tokens``
    caps the global batch the micro-batches of a step make; ``cap_gib`` (default: the GPU's
    usable memory) is the memory per GPU a layout must fit in, in every branch (the
    recommendations' ``min_memory_headroom_pct``, and /v1/sizing's where a request sets it:
    one rule for both). ``tensor_in_node``: within a node, with a GPU and a ``timer``, tensor
    x data parallel layouts are weighed too where data parallel alone fits no ZeRO stage or
    is bound by its collectives (:func:`_tensor_in_node`); the callers set it only where data
    parallel fits no step of the run or its fastest step is communication-bound
    (``sizing.train_step``), so that a run data parallel trains as before keeps its
    (DeepSpeed / FSDP) layout. A fixed layout (tensor, pipeline, data) is checked and used;
    expert parallel training is not modelled."""
    n = plan.gpus
    if fixed is not None:
        _check_fixed_training(plan, fixed, requested_zero, gpu)
        if fixed.tensor > 1 or fixed.pipeline > 1:
            return _search_fixed_mp(plan, gpu, requested_zero, fixed, global_tokens, cap_gib)
    plan = replace(plan, tp=1, pp=1, micro_batches=1)
    multi_node = (gpu is not None and timer is not None and n > node_of(plan)
                  and plan.model.arch is not None)
    if fixed is None and multi_node:
        assert gpu is not None and timer is not None
        return _search_multi_node(plan, gpu, requested_zero, timer, global_tokens, cap_gib)
    stages = [0] if n == 1 else [0, 1, 2, 3]
    # data parallel fixed by the request past one node: the micro-batches a step accumulates
    # as the multi-node search counts them, so that a layout it chose, given back as
    # ``parallelism``, is timed the same (audit train_consistency)
    plans = {z: replace(plan, zero_stage=z, assumptions=[],
                        micro_batches=(_micro_batches(plan, 1, 1, z, global_tokens)
                                       if multi_node else 1))
             for z in stages}
    per = {z: p.per_gpu().total_gib for z, p in plans.items()}
    cap = (cap_gib if cap_gib is not None else gpu.usable_gib) if gpu is not None else None
    fits = {z: cap is None or per[z] <= cap for z in stages}
    if requested_zero is not None and n == 1 and plan.cpu_offload:
        chosen = 0
        reason = (f"one GPU: nothing to shard over; the requested ZeRO stage {requested_zero} "
                  "with cpu_offload is DeepSpeed ZeRO-Offload, which keeps the gradients and "
                  "the fp32 optimizer state in CPU memory: the GPU holds the 16-bit weights, "
                  "the activations and one gradient reduction bucket")
    elif requested_zero is not None and n == 1:
        chosen = 0
        reason = (f"one GPU: nothing to shard over (the requested ZeRO stage {requested_zero} "
                  "changes nothing)")
    elif requested_zero is not None:
        chosen = requested_zero
        reason = f"ZeRO stage {requested_zero} set by the request: {_ZERO_WHAT[requested_zero]}"
        if cap is not None and not fits[chosen]:
            fitting = [z for z in stages if fits[z]]
            reason += (f"; it needs {per[chosen]:.1f} GiB per GPU, over {_cap_words(cap, gpu)}"
                       + (f" (ZeRO-{fitting[0]} would fit)" if fitting else ""))
    elif n == 1:
        chosen, reason = 0, "one GPU: nothing to shard"
    elif cap is None:
        chosen = 3
        reason = (f"no GPU named to fit against: {n} GPUs shard as multi-GPU fine-tuning "
                  f"recipes do (torchtune, HF accelerate FSDP), {_ZERO_WHAT[3]}")
    else:
        fitting = [z for z in stages if fits[z]]
        if fitting:
            chosen = fitting[0]
            reason = (f"{_ZERO_WHAT[chosen]}: the least sharding that fits "
                      f"({per[chosen]:.1f} of {cap:.1f} GiB per GPU)")
            if chosen > 0:
                reason = (f"replicated (DDP) needs {per[0]:.1f} GiB per GPU, over the "
                          f"{cap:.1f} GiB of {gpu.name if gpu else ''}; " + reason)
        else:
            chosen = 3
            reason = (f"nothing fits {gpu.name if gpu else ''} ({_cap_words(cap, gpu)}): "
                      f"{_ZERO_WHAT[3]} needs the least, {per[3]:.1f} GiB per GPU")
            # where tensor x data parallel would be weighed but is not, say why
            no_tp = (tensor_parallel_refusal(plan, gpu)
                     if fixed is None and plan.model.arch is not None else None)
            if no_tp is not None:
                reason += f"; tensor x data parallel not weighed: {no_tp}"
    tp_pick = None
    if (tensor_in_node and fixed is None and gpu is not None and timer is not None
            and cap is not None and tensor_in_node_weighed(plan, requested_zero, gpu)):
        # tensor x data parallel within the node (Megatron-LM style, sequence parallel):
        # weighed where data parallel alone fits no stage or is bound by its collectives;
        # where it is compute-bound no tensor-parallel layout of the same step is faster
        # (:func:`_tensor_in_node`), and its answer stays as it was
        dp_time = timer(plans[chosen]) if fits[chosen] else None
        if dp_time is None or dp_time[1] == "communication":
            tp_pick = _tensor_in_node(plan, gpu, timer, global_tokens, cap, plans[chosen],
                                      per[chosen], dp_time, per)
    if tp_pick is not None:
        return tp_pick
    cands: list[LayoutCandidate] = []
    for z in stages:
        lost = None
        if z != chosen:
            if requested_zero is not None:
                lost = "the request sets the ZeRO stage"
            elif cap is not None and not fits[z]:
                lost = f"needs {per[z]:.1f} GiB per GPU; {_cap_words(cap, gpu)}"
            elif z < chosen:
                lost = "does not fit"
            elif cap is None:
                lost = "sized as FSDP (ZeRO-3) where no GPU is named"
            else:
                lost = "more sharding than needed: more communication per step"
        cands.append(LayoutCandidate(tensor=1, pipeline=1, data=n, expert=1, zero_stage=z,
                                     per_gpu_gib=per[z],
                                     fits=None if cap is None else fits[z], lost=lost))
    cands.sort(key=lambda c: c.lost is not None)
    layout = Layout(tensor=1, pipeline=1, data=n, expert=1, zero_stage=chosen,
                    micro_batches_per_step=plans[chosen].micro_batches,
                    fixed=requested_zero is not None or fixed is not None, reason=reason,
                    considered=len(stages), candidates=cands)
    return layout, plans[chosen]


TP_TRAINER = ("tensor parallel with sequence parallelism, as Megatron-Core (NeMo, "
              "Megatron-Bridge) and NeMo AutoModel run it, LoRA included (its "
              "ColwiseParallelLora / RowwiseParallelLora styles): every matrix and, between "
              "them, the activations and the logits split over the tensor group; "
              "DeepSpeed / FSDP data parallel alone (TRL / PEFT, torchtune's LoRA recipes) "
              "cannot run it")
"""The trainer a tensor-parallel training layout assumes, said with it: the memory model
divides every activation by the tensor-parallel size (``TrainingPlan.per_gpu``: Korthikanti
et al. 2022, arXiv 2205.05198, sections 4.2.2-4.2.3), which holds only with sequence
parallelism (docs.nvidia.com/nemo/automodel, nemo_automodel.components.distributed.
parallel_styles)."""


QLORA_DATA_PARALLEL_ONLY = (
    "QLoRA's 4-bit base is bitsandbytes' packed NF4 (Linear4bit), which trains data parallel "
    "only: DDP, DeepSpeed ZeRO or FSDP-QLoRA (answerdotai/fsdp_qlora, bnb_4bit_quant_storage); "
    "Megatron-Core's tensor- and pipeline-parallel layers do not load it, and NeMo's own QLoRA "
    "(NeMo 24.07, torchao NF4) swaps each parallel linear for an NF4Linear holding the whole "
    "matrix, split over no tensor-parallel group (NVIDIA/NeMo nemo/collections/nlp/modules/"
    "common/megatron/adapters/qlora.py; docs.nvidia.com/nemo-framework/user-guide/latest/"
    "sft_peft/qlora.html)")
"""Why a QLoRA run is laid out data parallel only, said where tensor or pipeline parallel is
not weighed for it."""


def tensor_parallel_refusal(plan: TrainingPlan, gpu: GPU | None) -> str | None:
    """Why no tensor-parallel training layout is weighed for ``plan`` on ``gpu`` (None: it
    may be): a 4-bit QLoRA base (:data:`QLORA_DATA_PARALLEL_ONLY`), CPU offload (DeepSpeed
    ZeRO-Offload is data parallel), or GPUs not joined all to all by a fast fabric
    (:func:`all_to_all_link`: a step's tensor-parallel all-reduces carry every layer's
    activations, four to six times a layer; over PCIe, or past the pair a bridge joins, they
    would cross the host). The within-node and the multi-node searches share it."""
    if plan.method == "qlora":
        return QLORA_DATA_PARALLEL_ONLY
    if plan.cpu_offload:
        return ("cpu_offload is DeepSpeed ZeRO-Offload, a data-parallel engine: no tensor "
                "parallel with it")
    if gpu is not None and not all_to_all_link(gpu):
        why = ("has no NVLink" if gpu.link not in FAST_LINKS
               else "is a PCIe card whose bridge joins pairs of GPUs")
        return (f"{gpu.name} {why}: tensor-parallel training all-reduces every layer's "
                "activations four to six times a layer, which over PCIe would leave the GPUs "
                "waiting; tensor parallel needs NVLink / NVSwitch or Infinity Fabric joining "
                "the node's GPUs all to all")
    return None


def tensor_in_node_weighed(plan: TrainingPlan, requested_zero: int | None,
                           gpu: GPU | None) -> bool:
    """Whether tensor x data layouts are weighed within one node: GPUs joined all to all by
    NVLink / NVSwitch or Infinity Fabric (:func:`all_to_all_link`: a training step's
    tensor-parallel all-reduces carry every layer's activations, micro-batch x sequence x
    hidden, four to six times a layer; over PCIe, or a bridge joining pairs, they would cross
    the host), no ZeRO stage set by the
    request (a stage named is a data-parallel run's, kept as it is), several GPUs, a known
    architecture, no CPU offload (DeepSpeed ZeRO-Offload is data parallel) and no 4-bit
    QLoRA base (bitsandbytes' packed NF4 weights are sharded by FSDP, not split by a
    tensor-parallel trainer)."""
    return (gpu is not None and requested_zero is None
            and plan.gpus > 1 and plan.model.arch is not None
            and tensor_parallel_refusal(plan, gpu) is None)


def _tensor_in_node(plan: TrainingPlan, gpu: GPU, timer: TrainingTimer,
                    global_tokens: int | None, cap: float,
                    dp_plan: TrainingPlan, dp_per: float, dp_time: tuple[float, str] | None,
                    dp_pers: dict[int, float]) -> tuple[Layout, TrainingPlan] | None:
    """Within one node: tensor parallel ``t`` (within the node's NVLink domain,
    :func:`tp_limit`; dividing the attention heads, as the inference search requires) x data
    parallel ``n / t`` with ZeRO-0/1 (:data:`MP_ZERO_STAGES`), each timed by the step model (its
    2 + 2 all-reduces a layer, 6 checkpointed, on the critical path: ``speed.
    _model_parallel_step`` over the measured NCCL curves), against data parallel alone
    (``dp_plan``, fitting where ``dp_time`` is given). The fastest that fits is used, data
    parallel on a tie; nothing fits: the least memory. None where data parallel keeps the
    pick (its layout and reason as before). A tensor-parallel step does the same FLOPs per
    GPU as data parallel plus its all-reduces, so it is faster only where data parallel is
    bound by its collectives or fits no stage (the caller weighs it only there)."""
    a = plan.model.arch
    assert a is not None
    n = plan.gpus
    cap_tp, _ = tp_limit(gpu)
    rows: list[tuple[TrainingPlan, float, float, str]] = []
    for tp in divisors(n):
        if tp == 1 or tp > cap_tp or a.num_attention_heads % tp:
            continue
        dp = n // tp
        for z in MP_ZERO_STAGES:
            if dp == 1 and z > 0:
                continue  # one data-parallel rank: ZeRO-1 shards nothing
            q = replace(plan, tp=tp, pp=1, zero_stage=z, assumptions=[],
                        micro_batches=_micro_batches(plan, tp, 1, z, global_tokens))
            got = q.per_gpu().total_gib
            tps, bound = timer(q) if got <= cap else (0.0, "")
            rows.append((q, got, tps, bound))
    if not rows:
        return None
    fitting = [r for r in rows if r[1] <= cap]
    dp_tps = dp_time[0] if dp_time is not None else None
    if fitting:
        best = max(fitting, key=lambda r: (r[2], -r[0].tp, -(r[0].zero_stage or 0)))
        if dp_tps is not None and dp_tps >= best[2]:
            return None
    else:
        if dp_tps is not None:
            return None
        best = min(rows, key=lambda r: r[1])
        if best[1] >= dp_per:
            return None
    q, got, tps, bound = best
    z = q.zero_stage or 0
    label = _mp_label(q.tp, 1, q.dp, z)
    dp_z = dp_plan.zero_stage or 0
    dp_words = "replicated (DDP)" if dp_z == 0 else f"ZeRO-{dp_z}"
    if fitting:
        if dp_time is None:
            least = min(dp_pers, key=lambda k: dp_pers[k])
            lead = (f"data parallel alone fits no stage: {_ZERO_WHAT[least]} needs the least, "
                    f"{dp_pers[least]:.1f} GiB per GPU, over {_cap_words(cap, gpu)}")
        else:
            lead = (f"data parallel alone, {dp_words} fits ({dp_per:.1f} GiB per GPU) but is "
                    f"bound by communication at {dp_time[0]:,.0f} tokens/s")
        reason = (f"{lead}; within the node, tensor parallel x data parallel: the fastest "
                  f"layout that fits, each timed with its tensor-parallel all-reduces over "
                  f"{gpu.name}'s link: {label} at {tps:,.0f} tokens/s, bound by {bound} "
                  f"({got:.1f} of {cap:.1f} GiB per GPU"
                  + (f", {q.micro_batches} micro-batches a step" if q.micro_batches > 1 else "")
                  + f"); tensor parallel {q.tp} splits every matrix, and with sequence "
                  f"parallelism the activations, {q.tp} ways; {_mp_zero_what(z, q.dp)}; "
                  f"assumes {TP_TRAINER}")
    else:
        reason = (f"nothing fits {gpu.name} ({_cap_words(cap, gpu)}): {label} needs the "
                  f"least, {got:.1f} GiB per GPU (data parallel alone: {_ZERO_WHAT[dp_z]}, "
                  f"{dp_per:.1f} GiB)")
    cands = [LayoutCandidate(tensor=q.tp, pipeline=1, data=q.dp, expert=1, zero_stage=z,
                             per_gpu_gib=got, fits=got <= cap)]
    # data parallel alone: each stage weighed, as the data-parallel search lists them
    for s, need in sorted(dp_pers.items()):
        if need > cap:
            lost = f"needs {need:.1f} GiB per GPU; {_cap_words(cap, gpu)}"
        elif s == dp_z and dp_time is not None:
            lost = (f"slower: {dp_time[0]:,.0f} tokens/s, bound by {dp_time[1]}, against "
                    f"{tps:,.0f}")
        else:
            lost = f"more sharding than needed by {dp_words}, itself slower"
        cands.append(LayoutCandidate(tensor=1, pipeline=1, data=n, expert=1, zero_stage=s,
                                     per_gpu_gib=need, fits=need <= cap, lost=lost))
    rows.sort(key=lambda r: (r[1] > cap, -r[2], r[1]))
    for r in rows:
        if r is best or len(cands) >= CANDIDATES_SHOWN:
            continue
        o = r[0]
        lost = (f"needs {r[1]:.1f} GiB per GPU; {_cap_words(cap, gpu)}" if r[1] > cap else
                f"as fast ({tps:,.0f} tokens/s) with more sharding than needed"
                if r[2] >= tps and o.tp == q.tp else
                f"as fast ({tps:,.0f} tokens/s) with a wider tensor-parallel group"
                if r[2] >= tps else
                f"slower: {r[2]:,.0f} tokens/s, bound by {r[3]}, against {tps:,.0f}")
        cands.append(LayoutCandidate(tensor=o.tp, pipeline=1, data=o.dp, expert=1,
                                     zero_stage=o.zero_stage, per_gpu_gib=r[1],
                                     fits=r[1] <= cap, lost=lost))
    layout = Layout(tensor=q.tp, pipeline=1, data=q.dp, expert=1, zero_stage=z,
                    micro_batches_per_step=q.micro_batches,
                    fixed=False, reason=reason, considered=len(rows) + len(dp_pers),
                    candidates=cands)
    return layout, q
