"""What runs where: each engine's platforms and the kernels behind each weight precision, as
data (``catalog/kernels.toml``), with a source per rule.

:meth:`Kernels.supported` answers one (engine, precision, GPU) combination: it runs as the
precision says (``ok``), it runs through another kernel than the precision's own
(``runs_as``: FP8 weights on an A100 run as FP8-Marlin weight-only matmuls in FP16), or it
cannot run (``refused``), with the rule's reason and source. :meth:`Kernels.nearest_supported`
walks the precision's ``[nearest]`` list to the first one that runs (bf16 -> fp16 on a V100).

Evaluation, in order:

1. the engine's ``[[platform]]``: NVIDIA from a minimum compute capability (and below a
   ``cuda_below`` where a newer architecture dropped the kernel), AMD by gfx target,
   other accelerators (Gaudi, TPU) by architecture name; a GPU outside it is refused;
2. the ``[[rule]]`` tables for the precision: those naming the engine, else those for every
   engine (``engines = ["*"]``); the first whose hardware matches the GPU decides (its
   ``compute`` is the tensor-core type the matmuls run in); when rules exist and none matches,
   the combination is refused; with no rule for the pair, the engine's platform decides.

A GPU whose compute capability or gfx target is not recorded is not refused (unknown is not
impossible); the answer says the rule could not be checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.catalog.precisions import GGUF_AT_BITS, ComputeType, Precision

Status = Literal["ok", "runs_as", "refused"]
CC = Annotated[str, msgspec.Meta(pattern=r"^(any|\d+\.\d+)$")]
ANY = "*"


class Hardware(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Which GPUs a platform entry or a rule covers."""

    cuda_min: CC | None = None
    """Minimum CUDA compute capability ("8.0"; "any": every NVIDIA GPU); absent: no NVIDIA GPU."""
    cuda_below: CC | None = None
    """Compute capability from which the kernel no longer runs, exclusive ("10.0": Hopper and
    older only, where a newer architecture dropped the kernel); absent: no ceiling."""
    rocm: list[str] = msgspec.field(default_factory=list)
    """AMD gfx targets ("gfx942"; "*": every AMD GPU); empty: no AMD GPU."""
    other: list[str] = msgspec.field(default_factory=list)
    """Other accelerators by architecture-name prefix ("Gaudi", "TPU"); empty: none."""

    def covers(self, gpu: GPU) -> bool | None:
        """Whether ``gpu`` is covered; None when its compute capability or gfx target is not
        recorded (the rule cannot be checked)."""
        platform = platform_of(gpu)
        if platform == "cuda":
            if self.cuda_min is None:
                return False
            have = _cc(gpu.compute_capability)
            if have is None:
                return None
            if self.cuda_below is not None and have >= _cc_required(self.cuda_below):
                return False
            return self.cuda_min == "any" or have >= _cc_required(self.cuda_min)
        if platform == "rocm":
            if not self.rocm:
                return False
            if ANY in self.rocm:
                return True
            if not gpu.compute_capability:
                return None
            return gpu.compute_capability.lower() in {t.lower() for t in self.rocm}
        arch = gpu.architecture.lower()
        return any(o == ANY or arch.startswith(o.lower()) for o in self.other) if arch else False

    @property
    def covers_none(self) -> bool:
        """Whether the entry covers no GPU at all (a rule that says why nothing runs, on any
        GPU: the engine lacks the format, not the GPU a kernel)."""
        return self.cuda_min is None and not self.rocm and not self.other

    def words(self) -> str:
        parts = []
        if self.cuda_min == "any":
            parts.append("any NVIDIA GPU")
        elif self.cuda_min is not None:
            parts.append(f"NVIDIA compute capability >= {self.cuda_min}"
                         + (f" and < {self.cuda_below}" if self.cuda_below else ""))
        if ANY in self.rocm:
            parts.append("any AMD GPU (ROCm)")
        elif self.rocm:
            parts.append("AMD " + "/".join(self.rocm))
        if self.other:
            parts.append(" or ".join(self.other))
        return ", ".join(parts) if parts else "no GPU"


class Platform(Hardware, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Where an engine runs at all (its minimum compute capability, ROCm targets, others)."""

    engine: str
    source: str
    note: str = ""


class KernelRule(Hardware, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One kernel path for some precisions on some engines, on the GPUs it covers."""

    id: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9.\-]*$")]
    engines: list[str]
    """Engine ids, or ["*"] for every engine without a rule of its own for the precision."""
    precisions: list[str]
    runs: str
    """What runs, in words ("FP8 W8A8 on FP8 tensor cores"; for a rule that covers no GPU, why
    nothing runs)."""
    compute: ComputeType | None = None
    """Tensor-core type the matmuls run in; absent: the precision's own."""
    source: str
    """Where the rule comes from: one or more URLs."""


class KindFormatRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Weight formats whose checkpoints and kernels exist only for other kinds of model (AWQ
    and GPTQ quantize decoder-only language models): a request for one of them on a model of
    ``kinds`` is refused, naming the formats that model runs (``[[kind_format]]`` tables)."""

    id: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9.\-]*$")]
    kinds: list[Literal["llm", "diffusion", "audio"]]
    precisions: list[str]
    why: str
    """Why the formats do not apply to those kinds, in words (said with the refusal)."""
    source: str
    """Where the rule comes from: one or more URLs."""
    dense_only: bool = False
    """The formats store the routed experts of a mixture of experts (MXFP4 as gpt-oss ships
    it): refused only on a model without routed experts, where no engine runs its other
    linear layers in them (audit 31d #4: Llama 3.1 8B at mxfp4 was 7.5 GiB on vLLM, whose
    MXFP4 linear layer is not implemented)."""


class Support(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The answer for one (engine, precision, GPU)."""

    status: Status
    compute: str
    """Tensor-core type the matmuls run in on this GPU."""
    reason: str = ""
    rule: str = ""
    """Id of the deciding rule (``platform:<engine>`` for the engine's platform)."""
    sources: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status != "refused"


class Kernels:
    """The capability matrix of a catalog (see the module docstring)."""

    def __init__(self, platforms: Iterable[Platform] = (), rules: Sequence[KernelRule] = (),
                 nearest: dict[str, list[str]] | None = None,
                 training_engine: str | None = None,
                 kind_formats: Sequence[KindFormatRule] = ()) -> None:
        self.platforms: dict[str, Platform] = {p.engine: p for p in platforms}
        self.kind_formats: tuple[KindFormatRule, ...] = tuple(kind_formats)
        self.rules: tuple[KernelRule, ...] = tuple(rules)
        self.nearest: dict[str, list[str]] = dict(nearest or {})
        self.training_engine = training_engine
        """The engine whose kernels training runs on (PyTorch through transformers)."""
        self._memo: dict[tuple[str, ...], Support] = {}
        self._by_pair: dict[tuple[str, str], tuple[KernelRule, ...]] = {}
        for r in self.rules:
            for e in r.engines:
                for p in r.precisions:
                    self._by_pair[(e, p)] = (*self._by_pair.get((e, p), ()), r)

    def __bool__(self) -> bool:
        return bool(self.platforms or self.rules)

    def rules_for(self, engine: str, precision: str) -> tuple[KernelRule, ...]:
        """The rules that decide ``precision`` on ``engine``: the engine's own, else the
        rules for every engine."""
        return self._by_pair.get((engine, precision)) or self._by_pair.get((ANY, precision), ())

    def supported(self, engine: str, p: Precision, gpu: GPU) -> Support:
        """Whether ``engine`` runs ``p`` on ``gpu``, through which kernel (see the module
        docstring). Memoized: the matrix never changes once built."""
        key = (engine, p.id, p.compute, gpu.id, gpu.vendor, gpu.compute_capability,
               gpu.architecture)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._supported(engine, p, gpu)
        return hit

    def _supported(self, engine: str, p: Precision, gpu: GPU) -> Support:
        plat = self.platforms.get(engine)
        unknown: list[str] = []
        if plat is not None:
            covered = plat.covers(gpu)
            if covered is False:
                return Support(
                    status="refused", compute=p.compute, rule=f"platform:{engine}",
                    sources=(plat.source,),
                    reason=(f"{engine} does not run on {gpu.name} ({_hw(gpu)}): it runs on "
                            f"{plat.words()}" + (f" ({plat.note})" if plat.note else "")))
            if covered is None:
                unknown.append(f"platform:{engine}")
        rules = self.rules_for(engine, p.id)
        if not rules:
            return Support(status="ok", compute=p.compute,
                           reason=_unknown(gpu, unknown))
        for r in rules:
            covered = r.covers(gpu)
            if covered is False:
                continue
            compute = r.compute or p.compute
            status: Status = "ok" if compute == p.compute else "runs_as"
            reason = (f"{engine} runs {p.id} on {gpu.name} as {r.runs}"
                      + (f" (matmuls in {compute})" if status == "runs_as" else ""))
            if covered is None:
                reason += "; " + _unknown(gpu, [r.id])
            return Support(status=status, compute=compute, rule=r.id, sources=(r.source,),
                           reason=reason)
        paths = "; ".join(f"{r.runs}: {r.words()}" for r in rules)
        return Support(status="refused", compute=p.compute, rule=",".join(r.id for r in rules),
                       sources=tuple(dict.fromkeys(r.source for r in rules)),
                       reason=f"{engine} cannot run {p.id} on {gpu.name} ({_hw(gpu)}): {paths}")

    def runs_as(self, engine: str, p: Precision, gpu: GPU) -> Precision:
        """``p`` with the compute type the kernel that runs it on ``gpu`` uses (what the speed
        model reads); ``p`` itself where nothing changes or nothing runs."""
        s = self.supported(engine, p, gpu)
        if not s.ok or (s.compute == p.compute and not p.native_compute_arch):
            return p
        return msgspec.structs.replace(p, compute=s.compute, native_compute_arch=())

    def kind_refusal(self, kind: str, precision: str, *, has_experts: bool = True
                     ) -> KindFormatRule | None:
        """The ``[[kind_format]]`` rule that refuses ``precision`` on a model of ``kind``;
        a ``dense_only`` rule only where the model has no routed experts (``has_experts``
        False: a caller that does not know the model's shape refuses no experts format)."""
        return next((r for r in self.kind_formats
                     if kind in r.kinds and precision in r.precisions
                     and not (r.dense_only and has_experts)), None)

    def refused_everywhere(self, engine: str, p: Precision) -> KernelRule | None:
        """The rule by which ``engine`` runs ``p`` on no GPU at all, where every rule for the
        pair covers none (llama.cpp and fp8: ``llamacpp-gguf-only``, GGUF has no FP8 type):
        the engine lacks the format, whatever the GPU's tensor cores; None otherwise."""
        rules = self.rules_for(engine, p.id)
        return rules[0] if rules and all(r.covers_none for r in rules) else None

    def nearest_supported(self, engine: str, p: Precision, gpu: GPU,
                          lookup: dict[str, Precision]) -> Precision | None:
        """The first precision of ``p``'s ``[nearest]`` list that ``engine`` runs on ``gpu``
        (``p`` itself when it runs); None when none does. ``lookup``: precisions by id.
        Where the engine runs ``p`` on no GPU (:meth:`refused_everywhere`) but runs the GGUF
        type of its bit width (``GGUF_AT_BITS``: fp8 and int8 Q8_0, AWQ Q4_K_M), that type
        comes first: llama.cpp loads GGUF files alone, and the list's 16-bit fallback
        (fp8's int8, bf16) took twice the memory for an 8-bit asked (llama.cpp's types:
        https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md)."""
        if self.supported(engine, p, gpu).ok:
            return p
        same_bits = GGUF_AT_BITS.get(int(p.bits_linear))
        first = ([same_bits] if same_bits and not p.gguf
                 and self.refused_everywhere(engine, p) is not None else [])
        for pid in (*first, *self.nearest.get(p.id, ())):
            q = lookup.get(pid)
            if q is not None and self.supported(engine, q, gpu).ok:
                return q
        return None


def platform_of(gpu: GPU) -> Literal["cuda", "rocm", "other"]:
    vendor = gpu.vendor.lower()
    if vendor == "nvidia":
        return "cuda"
    if vendor == "amd":
        return "rocm"
    return "other"


def _cc(text: str) -> tuple[int, int] | None:
    try:
        major, minor = text.split(".")
        return int(major), int(minor)
    except ValueError:
        return None


def _cc_required(text: str) -> tuple[int, int]:
    cc = _cc(text)
    assert cc is not None
    return cc


def _hw(gpu: GPU) -> str:
    platform = platform_of(gpu)
    if platform == "cuda":
        return f"compute capability {gpu.compute_capability or 'unknown'}"
    if platform == "rocm":
        return gpu.compute_capability or "gfx target unknown"
    return gpu.architecture or gpu.vendor


def _unknown(gpu: GPU, rules: list[str]) -> str:
    if not rules:
        return ""
    return (f"{gpu.name} has no recorded compute capability/gfx target: "
            f"{', '.join(rules)} not checked")


def check_kernels(k: Kernels, engines: Iterable[str], precisions: Iterable[str]) -> list[str]:
    """Problems of the matrix against the catalog: unknown engines or precisions, a rule or
    platform without a URL, a ``[nearest]`` entry naming an unknown precision."""
    eids, pids = set(engines), set(precisions)
    out: list[str] = []
    for plat in k.platforms.values():
        if plat.engine not in eids:
            out.append(f"platform for unknown engine {plat.engine!r}")
        if "http" not in plat.source:
            out.append(f"platform {plat.engine!r}: source needs a URL")
    seen: set[str] = set()
    for r in k.rules:
        if r.id in seen:
            out.append(f"duplicate rule id {r.id!r}")
        seen.add(r.id)
        out += [f"rule {r.id!r}: unknown engine {e!r}" for e in r.engines
                if e != ANY and e not in eids]
        out += [f"rule {r.id!r}: unknown precision {p!r}" for p in r.precisions if p not in pids]
        if "http" not in r.source:
            out.append(f"rule {r.id!r}: source needs a URL")
        if r.cuda_below is not None and (
                r.cuda_min is None or r.cuda_min == "any"
                or _cc_required(r.cuda_below) <= _cc_required(r.cuda_min)):
            out.append(f"rule {r.id!r}: cuda_below needs a lower numeric cuda_min")
    for pid, chain in k.nearest.items():
        out += [f"nearest.{pid}: unknown precision {x!r}" for x in (pid, *chain)
                if x not in pids]
    for kf in k.kind_formats:
        out += [f"kind_format {kf.id!r}: unknown precision {p!r}" for p in kf.precisions
                if p not in pids]
        if "http" not in kf.source:
            out.append(f"kind_format {kf.id!r}: source needs a URL")
    if k.training_engine is not None and k.training_engine not in eids:
        out.append(f"training engine {k.training_engine!r} is not an engine")
    return out
