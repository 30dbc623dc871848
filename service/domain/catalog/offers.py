"""Cloud offers and provider policies: dated, sourced prices."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

import msgspec

from service.domain.base import Strict

Usd = Annotated[float, msgspec.Meta(gt=0, le=2000, description="USD per hour")]
Interconnect = Literal["nvswitch", "nvlink", "pcie", "none", "unknown"]
Network = Literal["infiniband", "efa", "roce", "ethernet"]
Granularity = Literal["second", "minute", "hour"]

OFFER_COLUMNS = (
    "id", "provider", "instance_type", "regions", "gpu", "gpu_count", "interconnect",
    "network", "network_gbps", "vcpus", "ram_gib", "disk_gb", "on_demand_usd_h", "spot_usd_h",
    "reserved_usd_h", "reserved_term", "as_of", "source",
)


class Offer(Strict, frozen=True, kw_only=True):
    """One rentable machine shape at one provider (regions that price it the same, merged)."""

    id: str
    provider: str
    instance_type: str
    regions: list[str]
    gpu: str
    gpu_count: Annotated[int, msgspec.Meta(ge=1, le=64)]
    interconnect: Interconnect = "unknown"
    network: Network | None = None
    network_gbps: Annotated[float, msgspec.Meta(gt=0, le=100_000)] | None = None
    vcpus: Annotated[int, msgspec.Meta(ge=1, le=4096)] | None = None
    ram_gib: Annotated[float, msgspec.Meta(gt=0, le=100_000)] | None = None
    disk_gb: Annotated[float, msgspec.Meta(ge=0, le=10_000_000)] | None = None
    on_demand_usd_h: Usd | None = None
    spot_usd_h: Usd | None = None
    reserved_usd_h: Usd | None = None
    reserved_term: str | None = None
    as_of: dt.date
    source: str

    def __post_init__(self) -> None:
        if self.on_demand_usd_h is None and self.spot_usd_h is None and (
                self.reserved_usd_h is None):
            raise ValueError("an offer needs at least one price")
        if (self.spot_usd_h is not None and self.on_demand_usd_h is not None
                and self.spot_usd_h > self.on_demand_usd_h):
            raise ValueError(f"spot ${self.spot_usd_h}/h is above on-demand "
                             f"${self.on_demand_usd_h}/h")
        if not self.source.strip():
            raise ValueError("source is empty")


class Provider(Strict, frozen=True, kw_only=True):
    id: str
    name: str
    billing_granularity: Granularity | None = None
    minimum_charge_s: Annotated[int, msgspec.Meta(ge=0, le=86_400)] | None = None
    storage_usd_per_gb_month: Annotated[float, msgspec.Meta(ge=0, le=10)] | None = None
    storage_type: str = ""
    egress_usd_per_gb: Annotated[float, msgspec.Meta(ge=0, le=10)] | None = None
    egress_note: str = ""
    spot_available: bool | None = None
    spot_notice_s: Annotated[int, msgspec.Meta(ge=0, le=86_400)] | None = None
    spot_max_runtime_h: float | None = None
    reserved_terms: str = ""
    multinode_network: str = ""
    as_of: dt.date
    source: str
    note: str = ""
