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
    id: str
    name: str
    vendor: str
    memory_gb: Pos
    bandwidth_gb_s: Pos
    source: str
    architecture: str = ""
    compute_capability: str = ""
    """CUDA compute capability ("8.9") or the AMD gfx target ("gfx942"); empty when neither
    applies (Gaudi, TPU) or unknown. What decides which kernels run (see the engines'
    precision rules)."""
    aliases: list[str] = []
    memory_gib: Pos | None = None
    memory_note: str = ""
    memory_type: str = ""
    fp32_tflops: Pos | None = None
    tf32_tflops: Pos | None = None
    bf16_tflops: Pos | None = None
    fp16_tflops: Pos | None = None
    fp8_tflops: Pos | None = None
    int8_tops: Pos | None = None
    fp4_tflops: Pos | None = None
    link: Literal["nvlink", "pcie", "infinity-fabric", "ici", "roce", "none"] = "pcie"
    link_name: str = ""
    link_gb_s: Pos | None = None
    pcie_gen: int | None = None
    tdp_w: Pos | None = None
    form_factor: str = ""
    segment: Literal["datacenter", "workstation", "consumer", "tpu"] = "datacenter"
    status: Literal["checked", "unverified"] = "unverified"
    note: str = ""

    @property
    def total_gib(self) -> float:
        """Memory the runtime reports as total (GiB)."""
        return self.memory_gib if self.memory_gib is not None else self.memory_gb

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
