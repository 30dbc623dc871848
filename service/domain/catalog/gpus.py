"""GPU registry entries: memory, bandwidth, dense tensor throughput, links."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.domain.base import Strict

Pos = Annotated[float, msgspec.Meta(gt=0)]

# Memory a CUDA/ROCm context and the driver take before any framework allocates (measured
# typically 0.3-0.6 GiB); used when nothing better is known.
CONTEXT_GIB = 0.45


class GPU(Strict, frozen=True, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the GPU's registry id (use it as gpu in /v1/sizing, gpus in "
                    "/v1/recommendations)")]
    name: Annotated[str, msgspec.Meta(
        description="the GPU's full name, with its memory and form factor")]
    vendor: Annotated[str, msgspec.Meta(
        description="the maker: NVIDIA, AMD, Intel or Google")]
    memory_gb: Annotated[Pos, msgspec.Meta(
        description="memory as marketed, in GB (decimal)")]
    bandwidth_gb_s: Annotated[Pos, msgspec.Meta(
        description="peak memory bandwidth, in GB/s (decimal)")]
    source: Annotated[str, msgspec.Meta(
        description="where the figures come from (datasheets, repositories, with commits or "
                    "URLs)")]
    architecture: Annotated[str, msgspec.Meta(
        description="the chip architecture (Hopper, Ada Lovelace, CDNA 3...); empty where "
                    "unknown")] = ""
    compute_capability: Annotated[str, msgspec.Meta(
        description="CUDA compute capability ('8.9') or the AMD gfx target ('gfx942'), "
                    "which decides which kernels run; empty where neither applies (Gaudi, "
                    "TPU) or unknown")] = ""
    """CUDA compute capability ("8.9") or the AMD gfx target ("gfx942"); empty when neither
    applies (Gaudi, TPU) or unknown. What decides which kernels run (see the engines'
    precision rules)."""
    aliases: Annotated[list[str], msgspec.Meta(
        description="other names the GPU is found by")] = []
    memory_gib: Annotated[Pos | None, msgspec.Meta(
        description="total memory as the runtime reports it (nvidia-smi), in GiB, where a "
                    "source gives it; else the marketed figure taken as GiB (see "
                    "memory_note); null: memory_gb is used")] = None
    memory_note: Annotated[str, msgspec.Meta(
        description="how memory_gib was obtained")] = ""
    memory_type: Annotated[str, msgspec.Meta(
        description="the memory technology (HBM3, HBM3e, GDDR6X...)")] = ""
    fp32_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense FP32 (non-tensor) throughput, in TFLOPS; null: unknown or "
                    "unsupported")] = None
    tf32_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense TF32 tensor throughput, in TFLOPS (sparsity figures halved); "
                    "null: unknown or unsupported")] = None
    bf16_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense BF16 tensor throughput, in TFLOPS (sparsity figures halved; "
                    "GeForce: the FP32-accumulate rate); null: unknown or unsupported")] = None
    fp16_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense FP16 tensor throughput, in TFLOPS (sparsity figures halved; "
                    "GeForce: the FP32-accumulate rate); null: unknown or unsupported")] = None
    fp8_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense FP8 tensor throughput, in TFLOPS (sparsity figures halved); "
                    "null: unknown or unsupported")] = None
    int8_tops: Annotated[Pos | None, msgspec.Meta(
        description="dense INT8 tensor throughput, in TOPS (tera-operations per second; "
                    "sparsity figures halved); null: unknown or unsupported")] = None
    fp4_tflops: Annotated[Pos | None, msgspec.Meta(
        description="dense FP4 tensor throughput, in TFLOPS (sparsity figures halved); "
                    "null: unknown or unsupported")] = None
    link: Annotated[
        Literal["nvlink", "pcie", "infinity-fabric", "ici", "roce", "none"], msgspec.Meta(
            description="how the GPUs of one machine are joined: nvlink, pcie, "
                        "infinity-fabric, ici, roce or none")] = "pcie"
    link_name: Annotated[str, msgspec.Meta(
        description="the link's product name and topology (NVLink 4 with NVSwitch, a "
                    "bridge...)")] = ""
    link_gb_s: Annotated[Pos | None, msgspec.Meta(
        description="GPU-to-GPU link bandwidth per GPU, in GB/s, total of both "
                    "directions; null: unknown")] = None
    link_matrix: Annotated[list[list[int]] | None, msgspec.Meta(
        description="where the GPUs of one board are joined by direct links that do not reach "
                    "every pair at full bandwidth (no NVSwitch: V100 SXM2's hybrid cube-mesh), "
                    "the links between each pair of the board's GPUs, as nvidia-smi topo -m "
                    "counts them (NV#; 0: no direct link); collectives over a group of them "
                    "are timed by the rings these links make; null: a switch joins every "
                    "pair at the full link_gb_s, or a bridge joins pairs")] = None
    link_lane_gb_s: Annotated[Pos | None, msgspec.Meta(
        description="with link_matrix: one link's bandwidth, in GB/s, total of both "
                    "directions")] = None
    pcie_gen: Annotated[int | None, msgspec.Meta(
        description="the PCIe generation of the host interface; null: unknown")] = None
    tdp_w: Annotated[Pos | None, msgspec.Meta(
        description="the board's maximum power, in watts; null: unknown")] = None
    form_factor: Annotated[str, msgspec.Meta(
        description="SXM5, PCIe, OAM and the like")] = ""
    segment: Annotated[Literal["datacenter", "workstation", "consumer", "tpu"], msgspec.Meta(
        description="datacenter, workstation, consumer or tpu")] = "datacenter"
    status: Annotated[Literal["checked", "unverified"], msgspec.Meta(
        description="checked: the figures were read in cited sources; unverified: "
                    "some were not (see note)")] = "unverified"
    note: Annotated[str, msgspec.Meta(
        description="how the figures were read and what is uncertain")] = ""

    def __post_init__(self) -> None:
        m = self.link_matrix
        if m is None:
            if self.link_lane_gb_s is not None:
                raise ValueError("link_lane_gb_s is the bandwidth of one link of link_matrix: "
                                 "set both or neither")
            return
        if self.link_lane_gb_s is None:
            raise ValueError("link_matrix needs link_lane_gb_s, one link's bandwidth")
        n = len(m)
        if n < 2 or any(len(row) != n for row in m):
            raise ValueError("link_matrix must be square, one row per GPU of the board")
        for i in range(n):
            if m[i][i] != 0 or any(m[i][j] != m[j][i] or m[i][j] < 0 for j in range(n)):
                raise ValueError("link_matrix must be symmetric, non-negative, with a zero "
                                 "diagonal (a GPU has no link to itself)")
            if (self.link_gb_s is not None
                    and sum(m[i]) * self.link_lane_gb_s > self.link_gb_s + 1e-9):
                raise ValueError(f"link_matrix row {i}: {sum(m[i])} links of "
                                 f"{self.link_lane_gb_s:g} GB/s exceed link_gb_s "
                                 f"{self.link_gb_s:g}")

    @property
    def total_gib(self) -> float:
        """Memory the runtime reports as total (GiB)."""
        return self.memory_gib if self.memory_gib is not None else self.memory_gb

    @property
    def ecc_default(self) -> Literal["on", "off"] | None:
        """Whether the card's total (``memory_gib``) was read with ECC on or off, where
        ``memory_note`` records it ("with ECC on, the data-centre default" / "with ECC off,
        the workstation default", with its source): on a GDDR card ECC takes part of the
        memory itself (the L40S reports 46068 MiB with it on, the RTX 6000 Ada 49140 MiB
        with it off, both 48 GB). None where the note does not say."""
        note = self.memory_note
        return "on" if "with ECC on" in note else "off" if "with ECC off" in note else None

    @property
    def unit(self) -> Literal["GPU", "chip"]:
        """What one of it is called in the core's texts ("GiB per GPU", "GiB per chip"): a
        Google TPU is counted in chips (buyer audit 25b #6: "per GPU" of a TPU v5e)."""
        return "chip" if self.segment == "tpu" else "GPU"

    @property
    def usable_gib(self) -> float:
        """What a framework can allocate: total minus the CUDA context."""
        return self.total_gib - CONTEXT_GIB

    def tflops(self, compute: str) -> float | None:
        """Dense tensor throughput for a compute type, falling back to the nearest type the
        hardware runs (no FP8 cores: FP8 runs as weight-only 16-bit)."""
        table: dict[str, float | None] = {
            "fp32": self.fp32_tflops,
            "tf32": self.tf32_tflops or self.fp32_tflops,
            "bf16": self.bf16_tflops or self.fp16_tflops,
            "fp16": self.fp16_tflops or self.bf16_tflops,
            "fp8": self.fp8_tflops,
            "int8": self.int8_tops,
            "fp4": self.fp4_tflops,
        }
        value = table.get(compute)
        if value is None and compute in ("fp8", "int8", "fp4"):
            value = table["fp16"]
        if value is None:
            value = table["fp32"]
        return value

    @property
    def supports_fp8(self) -> bool:
        return self.fp8_tflops is not None

    @property
    def bandwidth_bytes_s(self) -> float:
        return self.bandwidth_gb_s * 1e9


class GpuReading(Strict, frozen=True, kw_only=True):
    """A name buyers write that stands for more than one product (``catalog/gpus.toml``
    ``[[reading]]``): "RTX 6000" is the 2018 Quadro RTX 6000 (Turing, 24 GB) and the RTX 6000
    Ada (48 GB), "MI300" the MI300X GPU and the MI300A APU. A question, a sizing or an offers
    filter reads it as ``gpu``, the card buyers rent under that name, and says so with the
    others (:attr:`also`, :attr:`also_unlisted`); a provider's label is read by the cards'
    own aliases only (Lambda's and Seeweb's "RTX6000" is the Quadro)."""

    id: str
    names: Annotated[list[str], msgspec.Meta(min_length=1)]
    """The spellings read so ("RTX 6000", "NVIDIA RTX 6000"); compared as the aliases are
    (case, spaces and punctuation aside)."""
    gpu: str
    """The GPU id the names are read as."""
    also: list[str] = []
    """Other GPU ids of the catalog the names stand for (the Quadro RTX 6000): with
    :attr:`gpu`, the family ``GET /v1/offers?gpu=`` lists, and the card each answer names
    beside the one read."""
    also_unlisted: list[str] = []
    """``[[unlisted]]`` ids the names stand for too (the MI300A), said as not in the
    catalog."""
    distinct: list[str] = []
    """GPU ids of other cards a buyer may confuse with the name (the RTX PRO 6000, 96 GB),
    said as other cards, never read for it."""
    reason: str
    """Why :attr:`gpu` is the card meant (the offers that rent it), with the sources: said in
    /v1/sizing's ``gpu_variant`` assumption."""
    source: str = ""


class GpuFamily(Strict, frozen=True, kw_only=True):
    """A card sold in several memory sizes under one name (``catalog/gpus.toml``
    ``[[family]]``): "A100" is the A100 40GB and the A100 80GB, "V100" the 16GB and the 32GB.
    The one rule every route follows: a question about one card's fit or speed reads the bare
    name as :attr:`gpu` and says so with :attr:`other`; a price, a count or a setup weighs
    every card of :attr:`variants` and leads with the one that meets the request cheapest."""

    id: str
    names: Annotated[list[str], msgspec.Meta(min_length=1)]
    """The bare spellings ("A100"); each must be an alias of :attr:`gpu`."""
    gpu: str
    """The card a one-card question reads the name as (the least memory: what fits there
    fits on the others)."""
    other: str
    """The variant each one-card answer names beside :attr:`gpu` (more memory, same form)."""
    variants: Annotated[list[str], msgspec.Meta(min_length=2)]
    """Every card of the family a price or a setup weighs, :attr:`gpu` and :attr:`other`
    among them."""
    reason: str
    """Why :attr:`gpu` is read for one card: said in /v1/sizing's ``gpu_variant``
    assumption."""
    source: str = ""


class UnlistedGpu(Strict, frozen=True, kw_only=True):
    """A real accelerator the catalog has no entry for (``catalog/gpus.toml``
    ``[[unlisted]]``): no figure of it is given (none invented from a sibling), and a
    question or a request that names it is told so, with the catalog's nearest cards of the
    same maker. "MI250" is AMD's Instinct MI250 (208 compute units, against the MI250X's 220),
    not the MI250X; "MI300A" is an APU, not the MI300X."""

    id: str
    name: str
    vendor: str
    aliases: list[str] = []
    kind: Literal["gpu", "apu"] = "gpu"
    """apu: CPU cores and a GPU sharing one memory on one package (the MI300A)."""
    architecture: str = ""
    compute_capability: str = ""
    """As :attr:`GPU.compute_capability` (the gfx target for AMD)."""
    sibling: str | None = None
    """The catalog's GPU id of the card it is mistaken for (the MI250X for the MI250)."""
    nearest: Annotated[list[str], msgspec.Meta(min_length=1)]
    """The catalog's GPU ids offered instead, nearest first (the same maker's)."""
    source: str
    note: str = ""
