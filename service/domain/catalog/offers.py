"""Cloud offers and provider policies: dated, sourced prices."""

from __future__ import annotations

import datetime as dt
import fnmatch
from typing import Annotated, Literal

import msgspec

from service.domain.base import Strict

Usd = Annotated[float, msgspec.Meta(gt=0, le=2000, description="USD per hour")]
Interconnect = Literal["nvswitch", "nvlink", "pcie", "none", "unknown"]
Network = Literal["infiniband", "efa", "roce", "ethernet"]
Granularity = Literal["second", "minute", "hour"]
AsOfKind = Literal["published", "retrieved", "assumed"]
"""How ``as_of`` is known: ``published`` (the source states the date), ``retrieved`` (the date
the page was read or crawled), ``assumed`` (unknown: ``as_of`` is then the upper bound used)."""

OFFER_COLUMNS = (
    "id", "provider", "instance_type", "regions", "gpu", "gpu_count", "interconnect",
    "network", "network_gbps", "vcpus", "ram_gib", "disk_gb", "on_demand_usd_h", "spot_usd_h",
    "reserved_usd_h", "reserved_term", "reserved_as_of", "reserved_as_of_kind", "as_of",
    "as_of_kind", "source", "caution",
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
    reserved_as_of: dt.date | None = None
    """The date of ``reserved_usd_h`` where it has one of its own: a reserved price comes from
    its own source (a ``[[reserved]]`` rule of catalog/sources/cost_terms.toml, read on
    another day than the row's other prices); empty: the row's ``as_of``."""
    reserved_as_of_kind: AsOfKind | None = None
    """How ``reserved_as_of`` is known (as ``as_of_kind``); empty with it."""
    as_of: dt.date
    as_of_kind: AsOfKind = "assumed"
    """``assumed`` unless the source dates the price (the safe reading of an unknown date)."""
    source: str
    caution: str = ""
    """The source's own warning about this row's price, as the importer read it ("PRICES LOOK
    WRONG", a spot price above on-demand dropped, a sentinel); empty when it gives none. Data
    for the ``suspect`` flag, never a verdict by itself."""

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
        if self.reserved_as_of is not None and self.reserved_usd_h is None:
            raise ValueError("reserved_as_of without a reserved price")
        if (self.reserved_as_of is None) != (self.reserved_as_of_kind is None):
            raise ValueError("reserved_as_of and reserved_as_of_kind go together")

    @property
    def reserved_day(self) -> dt.date | None:
        """The date of ``reserved_usd_h``: its own ``reserved_as_of``, else the row's
        ``as_of``; None without a reserved price."""
        if self.reserved_usd_h is None:
            return None
        return self.reserved_as_of or self.as_of

    @property
    def reserved_day_kind(self) -> AsOfKind:
        """How :attr:`reserved_day` is known."""
        return self.reserved_as_of_kind or self.as_of_kind


DataUnit = Literal["GB", "GiB"]
GIB_IN_GB = 1.073741824
"""GB in one GiB: $/GB = $/GiB / GIB_IN_GB, and GiB = GB / GIB_IN_GB."""
UsdPerUnit = Annotated[float, msgspec.Meta(ge=0, le=10)]


class EgressTier(Strict, frozen=True, kw_only=True):
    """One band of a provider's internet egress price, tiers cumulative over the month: the
    units (GB or GiB, the provider's ``egress_unit``) of the month's traffic up to ``up_to``
    (from the previous band's ``up_to``; None: no upper bound) cost ``usd`` each."""

    up_to: Annotated[Annotated[float, msgspec.Meta(gt=0, le=1e9)] | None, msgspec.Meta(
        description="the band's upper bound, cumulative over the month, in the provider's "
                    "unit: egress_unit (GB or GiB transferred) for egress_tiers, "
                    "storage_unit (GB or GiB stored) for storage_tiers; the band starts "
                    "at the previous band's up_to (0 for the first); null: no upper bound "
                    "(the last band)")] = None
    usd: Annotated[UsdPerUnit, msgspec.Meta(
        description="the price in USD of each unit within the band: per GB or GiB (egress_unit) "
                    "transferred out for egress_tiers, per GB or GiB (storage_unit) stored for a "
                    "month for storage_tiers; 0 for a free band")]


def _banded(units: float, tiers: tuple[EgressTier, ...]) -> float:
    """``units`` priced band by band (each band's units at its rate; past the last bounded
    band its rate continues: a conservative reading)."""
    total = lower = 0.0
    for tier in tiers:
        upper = tier.up_to if tier.up_to is not None else float("inf")
        if units > lower:
            total += (min(units, upper) - lower) * tier.usd
        lower = upper
    if units > lower:
        total += (units - lower) * tiers[-1].usd
    return total


class MinimumCharge(Strict, frozen=True, kw_only=True):
    """A minimum charge per start for the instance types matching ``instance_pattern`` (a
    case-insensitive shell glob such as ``BM.GPU.*``), overriding the provider's
    ``minimum_charge_s``; the first matching rule wins."""

    instance_pattern: Annotated[str, msgspec.Meta(
        min_length=1, max_length=100,
        description="the instance types it applies to: a case-insensitive shell glob "
                    "(BM.GPU.*)")]
    minimum_charge_s: Annotated[int, msgspec.Meta(
        ge=0, le=86_400,
        description="the least billed per start of such an instance, in seconds")]
    source: Annotated[str, msgspec.Meta(
        min_length=1, description="where the rule comes from (URL)")]


class Provider(Strict, frozen=True, kw_only=True):
    """A provider's billing and policy terms. A price left None is unknown (never $0: the
    recommender counts it at a documented conservative default and says so); a sourced $0 is
    0. Cost terms (storage, egress tiers, minimum charges) carry their own source and date."""

    id: Annotated[str, msgspec.Meta(
        description="the provider's id (the provider of an offer, providers and "
                    "exclude_providers of a recommendation)")]
    name: Annotated[str, msgspec.Meta(
        description="the provider's display name")]
    aliases: Annotated[tuple[str, ...], msgspec.Meta(
        description="other names people write for the provider (DataCrunch for Verda, "
                    "Lambda Labs, Google Cloud, Amazon, EC2): a providers filter and "
                    "/v1/ask read each as the provider, in any case")] = ()
    """Other names people write for the provider (a former name, the company's, a product's):
    every route reads them as its id (:func:`provider_names`, :func:`provider_words`)."""
    billing_granularity: Annotated[Granularity | None, msgspec.Meta(
        description="the unit time is billed in: second, minute or hour (each session "
                    "rounded up to it); null: unknown, counted per hour")] = None
    minimum_charge_s: Annotated[Annotated[int, msgspec.Meta(ge=0, le=86_400)] | None, msgspec.Meta(
        description="the least billed per start of an instance, in seconds; null: none "
                    "stated")] = None
    minimum_charges: Annotated[tuple[MinimumCharge, ...], msgspec.Meta(
        description="minimum charges per instance family, overriding minimum_charge_s where "
                    "their pattern matches (the first that matches wins)")] = ()
    """Minimum charges per instance family, overriding ``minimum_charge_s`` where they match."""
    storage_usd_per_gb_month: Annotated[UsdPerUnit | None, msgspec.Meta(
        description="block (or network-volume / file) storage attached to the machines, "
                    "in USD per storage_unit (GB or GiB) per month: the rate counted for "
                    "weights and checkpoints; with storage_tiers the first band's rate; "
                    "null: unknown (counted at the highest rate of the catalog's "
                    "providers, never $0)")] = None
    """Block (or network-volume / file) storage attached to the machines, per ``storage_unit``
    and month: the rate the recommender counts for weights and checkpoints."""
    storage_tiers: Annotated[tuple[EgressTier, ...], msgspec.Meta(
        description="bands of the month's stored volume where the storage rate changes with "
                    "it (each band's units at its rate; up_to and usd in storage_unit); "
                    "empty: one flat rate, storage_usd_per_gb_month")] = ()
    """Bands of the month's stored volume where the block storage rate changes with it, as
    for egress (each band's GB at its rate; ``storage_usd_per_gb_month`` is the first band's
    headline rate). Empty: one flat rate."""
    object_storage_usd_per_gb_month: Annotated[UsdPerUnit | None, msgspec.Meta(
        description="object storage (standard class), in USD per storage_unit (GB or GiB) "
                    "per month, where it differs from block storage; null: not stated")] = None
    """Object storage (standard class), per ``storage_unit`` and month, where it differs."""
    stopped_storage_usd_per_gb_month: Annotated[UsdPerUnit | None, msgspec.Meta(
        description="a machine's own volume disk while the machine is stopped, in USD per "
                    "storage_unit (GB or GiB) per month, where it differs from the running "
                    "rate (RunPod: $0.20, twice the running $0.10); null: not stated")] = None
    """A machine's volume disk while the machine is stopped, per ``storage_unit`` and month,
    where the provider bills it at its own rate (RunPod's pods/pricing.mdx: "$0.20 while the
    Pod is stopped")."""
    storage_unit: Annotated[DataUnit, msgspec.Meta(
        description="the unit of the storage prices and storage tiers: GB (10^9 bytes) or "
                    "GiB (2^30 bytes)")] = "GB"
    storage_type: Annotated[str, msgspec.Meta(
        description="what the storage price is for, in words (the product and region)")] = ""
    storage_source: Annotated[str, msgspec.Meta(
        description="where the storage prices come from: URL(s) and the date the source "
                    "shows")] = ""
    """Where the storage prices come from: URL(s) and the date the source shows."""
    egress_usd_per_gb: Annotated[UsdPerUnit | None, msgspec.Meta(
        description="internet egress, in USD per egress_unit (GB or GiB) transferred out, "
                    "where the price is flat; with egress_tiers the first paid band's "
                    "rate (headline only: the tiers are what is counted); null without "
                    "egress_tiers: unknown (counted at the highest rate of the catalog's "
                    "providers, never $0)")] = None
    """Internet egress per ``egress_unit`` when the price is flat; with ``egress_tiers`` the
    first paid tier's rate (headline only: the tiers are what is counted)."""
    egress_tiers: Annotated[tuple[EgressTier, ...], msgspec.Meta(
        description="cumulative monthly internet egress bands, ascending, only the last "
                    "open-ended (up_to and usd in egress_unit); empty: one flat rate, "
                    "egress_usd_per_gb")] = ()
    """Cumulative monthly internet egress tiers, ascending, only the last open-ended."""
    egress_unit: Annotated[DataUnit, msgspec.Meta(
        description="the unit of the egress prices and egress tiers: GB (10^9 bytes) or "
                    "GiB (2^30 bytes)")] = "GB"
    egress_note: Annotated[str, msgspec.Meta(
        description="the egress terms in words (free allowance, tiers, exceptions)")] = ""
    egress_source: Annotated[str, msgspec.Meta(
        description="where the egress prices come from: URL(s) and the date the source "
                    "shows")] = ""
    """Where the egress prices come from: URL(s) and the date the source shows."""
    spot_available: Annotated[bool | None, msgspec.Meta(
        description="whether the provider sells spot (interruptible) instances; true also "
                    "where only its offers say so (a spot price on any offer); null: "
                    "unknown")] = None
    spot_notice_s: Annotated[Annotated[int, msgspec.Meta(ge=0, le=86_400)] | None, msgspec.Meta(
        description="the warning before a spot instance is reclaimed, in seconds; null: "
                    "not stated")] = None
    spot_max_runtime_h: Annotated[float | None, msgspec.Meta(
        description="the most hours a spot instance runs before the provider stops it; "
                    "null: no limit stated (or none)")] = None
    """The most hours a spot instance runs before the provider stops it; None: no limit
    stated (or none)."""
    preemptible_max_runtime_h: Annotated[Annotated[float, msgspec.Meta(gt=0)] | None, msgspec.Meta(
        description="the hard stop, in hours, of the provider's legacy preemptible VMs "
                    "where they differ from its spot terms (GCP: always after 24 h); "
                    "null: no such product or no limit")] = None
    """The hard stop of the provider's legacy preemptible VMs where they differ from its spot
    terms (GCP: preemptible VMs always stop after 24 h, its Spot VMs have no maximum); None:
    no such product or no limit."""
    preemptible_source: Annotated[str, msgspec.Meta(
        description="where the preemptible limit comes from: URL(s) and a quote")] = ""
    """Where the preemptible limit comes from: URL(s) and a quote."""
    reserved_terms: Annotated[str, msgspec.Meta(
        description="the provider's reservation and commitment terms, in words")] = ""
    multinode_network: Annotated[str, msgspec.Meta(
        description="the network between machines for multi-node work, in words")] = ""
    any_gpu_count: Annotated[bool, msgspec.Meta(
        description="whether one machine (pod) is rented with any GPU count up to the "
                    "largest, at the per-GPU-hour rate")] = False
    """Whether one machine is rented with any GPU count (up to the largest the provider
    lists) at its per-GPU-hour rate card (RunPod: a pod takes a GPU count, ``runpodctl create
    pods --gpuCount``, docs.runpod.io/references/runpodctl/runpodctl_create_pods, priced per
    GPU-hour, runpod.io/pricing). An answer may then price N GPUs in one machine at the
    provider's dated rate per GPU-hour where no machine of N is priced (numbers/prices:
    ``_dated_instead``); False (the default): only the machine shapes its offers list."""
    resells: Annotated[dict[str, str], msgspec.Meta(
        description="a marketplace's instance-type prefix "
                    "-> the catalog provider whose machine "
                    "such a row resells; empty: no resale "
                    "known")] = msgspec.field(default_factory=dict)
    """A marketplace's instance-type prefix (before the first ``_``) -> the catalog provider
    whose machine the row resells (Prime Intellect's ``datacrunch__8xA100_40GB__176__960`` is
    Verda's ``8A100.40S.176V``). A row of that provider's GPU, count and price is a resale of
    its offer (:func:`~service.domain.catalog.trust.resales`); empty: no resale known."""
    as_of: Annotated[dt.date, msgspec.Meta(
        description="the date of these terms (YYYY-MM-DD)")]
    source: Annotated[str, msgspec.Meta(
        description="where the terms come from (URLs)")]
    note: Annotated[str, msgspec.Meta(
        description="what else matters about the terms")] = ""

    def __post_init__(self) -> None:
        for what, tiers in (("egress", self.egress_tiers), ("storage", self.storage_tiers)):
            last = 0.0
            for i, tier in enumerate(tiers):
                if tier.up_to is None:
                    if i != len(tiers) - 1:
                        raise ValueError(f"only the last {what} tier may be open-ended (up_to "
                                         "missing)")
                elif tier.up_to <= last:
                    raise ValueError(f"{what} tiers must ascend: up_to {tier.up_to:g} after "
                                     f"{last:g}")
                else:
                    last = tier.up_to
        if self.storage_tiers and self.storage_usd_per_gb_month is None:
            raise ValueError("storage tiers need storage_usd_per_gb_month (the headline rate)")

    @property
    def egress_known(self) -> bool:
        return bool(self.egress_tiers) or self.egress_usd_per_gb is not None

    def egress_usd(self, gb_per_month: float) -> float | None:
        """Internet egress for ``gb_per_month`` GB in a month, tiers applied cumulatively (each
        band's traffic at that band's rate; beyond the last bounded band at its rate if no
        open-ended band is given: a conservative reading). None: the price is unknown."""
        if not self.egress_known:
            return None
        units = gb_per_month / GIB_IN_GB if self.egress_unit == "GiB" else gb_per_month
        return _banded(units, self.egress_tiers
                       or (EgressTier(usd=self.egress_usd_per_gb or 0.0),))

    @property
    def highest_egress_usd_per_gb(self) -> float | None:
        """The highest per-GB rate of any band (the class maximum for the unknown default)."""
        if not self.egress_known:
            return None
        rates = [t.usd for t in self.egress_tiers] or [self.egress_usd_per_gb or 0.0]
        return max(rates) / (GIB_IN_GB if self.egress_unit == "GiB" else 1.0)

    @property
    def storage_usd_per_gb(self) -> float | None:
        """Block storage per GB-month (a per-GiB price converted), None when unknown."""
        if self.storage_usd_per_gb_month is None:
            return None
        return self.storage_usd_per_gb_month / (GIB_IN_GB if self.storage_unit == "GiB"
                                                else 1.0)

    def storage_usd(self, gb: float) -> float | None:
        """Block storage for ``gb`` GB over a month, bands applied to the volume (each band's
        GB at its rate: the conservative reading of "X under 1 TB, Y above"). None: the
        price is unknown."""
        if self.storage_usd_per_gb_month is None:
            return None
        units = gb / GIB_IN_GB if self.storage_unit == "GiB" else gb
        if not self.storage_tiers:
            return units * self.storage_usd_per_gb_month
        return _banded(units, self.storage_tiers)

    def object_storage_usd(self, gb: float) -> float | None:
        """Object storage (standard class) for ``gb`` GB over a month; None: not stated."""
        if self.object_storage_usd_per_gb_month is None:
            return None
        units = gb / GIB_IN_GB if self.storage_unit == "GiB" else gb
        return units * self.object_storage_usd_per_gb_month

    def stopped_storage_usd(self, gb: float) -> float | None:
        """A stopped machine's volume of ``gb`` GB over a month; None: not stated."""
        if self.stopped_storage_usd_per_gb_month is None:
            return None
        units = gb / GIB_IN_GB if self.storage_unit == "GiB" else gb
        return units * self.stopped_storage_usd_per_gb_month

    def minimum_charge_for(self, instance_type: str) -> int | None:
        """The minimum charge per start (seconds) for ``instance_type``: the first matching
        :class:`MinimumCharge` rule, else ``minimum_charge_s``."""
        name = instance_type.lower()
        for rule in self.minimum_charges:
            if fnmatch.fnmatchcase(name, rule.instance_pattern.lower()):
                return rule.minimum_charge_s
        return self.minimum_charge_s
