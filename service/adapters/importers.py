"""Import public price tables into :class:`~service.domain.catalog.offers.Offer` rows.

Parsing is pure: text in, :class:`ImportResult` out; nothing here touches the disk except
:func:`write_offers`. Every importer keeps only rows whose GPU maps to the registry; the others
are counted in ``ImportResult.unmapped`` (name as written -> rows) and rows dropped for any other
reason are described in ``ImportResult.skipped``.

Rules shared by the importers
-----------------------------
* **GPU mapping.** The accelerator name goes through ``Registry.find_gpu_label`` (the cards' own
  aliases: a provider's label, never a buyer's reading of it). The variants of one
  chip (A100 40/80 GB SXM/PCIe, H100 SXM/PCIe/NVL, H200 SXM/NVL, V100 16/32 GB SXM2/PCIe, GH200
  96/144 GB) are then told apart by the GPU memory the source states (``GpuInfo`` or the FSDL
  ``GPU RAM`` column, whichever of per-GPU or per-node the source means) and by form-factor
  hints in the accelerator or instance name ("pcie", "sxm", "hgx", "nvl" but not "nvlink").
  A stated memory that fits no variant of the named chip (a "RTX4060" row with 16 GB, a 48 GB
  "RTX4090") makes the row unmapped under ``"<name> (<MiB> MiB)"`` rather than mapped wrongly.
* **Prices.** A zero or empty price means "no price" (vast's SpotPrice 0.00: no spot). A spot
  price equal to the on-demand price is no spot offer (Azure H100) and is dropped; Mithril sells
  by spot auction only, so its rows are spot-only; a spot price above on-demand is impossible:
  it is dropped, reported in ``skipped`` and said in the offer's ``caution``. Sentinel values
  (:data:`SENTINEL_PRICES`, GCP's 700.0) and prices under :data:`MIN_USD_PER_GPU_HOUR` per GPU
  (Mithril's $0.01 A100) are no prices: dropped and reported in ``skipped``; a row left without
  any price is dropped.
* **Dates.** Every offer carries ``as_of`` and ``as_of_kind`` (``published``: the source states
  the date; ``retrieved``: the date it was read; ``assumed``: unknown, ``as_of`` is the upper
  bound used) as the caller gives them for the file.
* **Cautions.** ``caution`` holds the source's own warning about a row's price (a file-level
  note such as SOURCE.txt's "PRICES LOOK WRONG", a per-type note, a dropped impossible spot
  price), recorded faithfully; merged rows join their distinct cautions with " | ".
* **Regions.** Rows that differ only by region/zone are merged into one offer listing the
  regions, when their prices (on-demand and spot) are equal. When the same instance type is
  priced differently in different regions, the cheapest price level (lowest on-demand, then
  lowest spot) is kept with the regions that charge it; the dearer levels are reported in
  ``skipped`` (or, with ``split_regions``, kept as offers named by their first region, one
  per provider region, so that an id never names a place its offer is not in). So every
  price of an offer holds in every region it lists. vCPUs and RAM of a
  merged offer are the smallest seen across its rows (a floor, never an overstatement).
* **Ids.** ``<provider>-<instance_type>`` lowercased, every run of non-alphanumerics turned into
  one '-'. Only when two offers of one provider would share an id is the GPU id appended, then
  a counter.
* **Interconnect.** One GPU: "none". 8 or more GPUs of an SXM part whose registry link names
  NVSwitch (an HGX baseboard: A100/H100/H200 SXM, B200, B300; :func:`nvswitch_baseboard`):
  "nvswitch"; other multi-GPU SXM nodes: "nvlink"; multi-GPU PCIe cards: "pcie", "nvlink" where
  the instance type names NVLink (bridged cards: Hyperstack's "n3-H100x8-NVLink"); anything else
  (OAM, TPU, superchips): "unknown".
* **Instance hints.** A few instance families name their GPU without its form factor and the
  provider's own page settles it (:data:`INSTANCE_HINTS`: Azure NCv3 is a V100 card, not SXM2).
* **Resold machines.** A marketplace row that names the cloud running the machine
  (:data:`RESELLER_SEPARATORS`: Shadeform's "hyperstack_H100x4", PrimeIntellect's
  "hyperstack__4xH100_80GB__124__720") and whose own names give no form-factor hint takes the
  GPU variant of the upstream's own row of the same shape (GPU chip and memory, count, vCPUs,
  RAM) when the caller passes the upstream's offers (``upstream``) and exactly one variant fits:
  the marketplace's bare "H100" says nothing about PCIe or SXM; the upstream's catalog does
  (Hyperstack's n3-H100x4 is "H100-80G-PCIe"). The offer's ``source`` names the upstream row.
* **Retired instances.** Instance types their provider has retired (:data:`RETIRED_INSTANCES`,
  each with the retirement date and the provider's page) cannot be rented at any price: their
  rows are dropped and reported in ``skipped`` with the date and the page.
"""

from __future__ import annotations

import ast
import csv
import datetime as dt
import io
import json
import math
import os
import re
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import OFFER_COLUMNS, AsOfKind, Interconnect, Offer
from service.domain.catalog.registry import Registry

SKYPILOT_AS_OF = dt.date(2026, 9, 30)
FSDL_AS_OF = dt.date(2025, 3, 7)
SKYPILOT_SOURCE = ("SkyPilot catalog v8 {name}/vms.csv (github.com/skypilot-org/skypilot-catalog "
                   "catalogs/v8; snapshot, date unknown; treated as 2026-Q3)")
FSDL_SOURCE = ("FSDL cloud GPU table (github.com/the-full-stack/website docs/cloud-gpus/"
               "cloud-gpus.csv, MIT; last edited 2025-03-07)")


class ImportError_(ValueError):  # trailing underscore: not the builtin ImportError
    """A source file this importer cannot read: not CSV, empty, or without the columns it needs.
    The message names the problem (and the line, where there is one)."""


@dataclass
class ImportResult:
    offers: list[Offer] = field(default_factory=list)
    unmapped: dict[str, int] = field(default_factory=dict)
    """GPU name as written in the source -> number of rows dropped because it is not in the
    registry."""
    skipped: list[str] = field(default_factory=list)
    """Why other rows were dropped or changed (CPU-only rows, dearer regions, bad spot prices)."""


@dataclass
class _Row:
    """One priced machine shape in one region, after parsing, before merging."""

    line: int
    instance_type: str
    gpu: GPU
    gpu_count: int
    region: str
    on_demand: float | None
    spot: float | None
    vcpus: int | None = None
    ram_gib: float | None = None
    disk_gb: float | None = None
    caution: str = ""
    note: str = ""
    """How the row's GPU was decided when not from its own names (appended to the source)."""


# --------------------------------------------------------------------------- CSV reading


def _read_csv(text: str, required: Iterable[str], known: Iterable[str] | None,
              what: str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """Header and rows (with their line numbers) of a CSV text, strictly."""
    if "\x00" in text:
        raise ImportError_(f"{what}: not a CSV file (binary data)")
    if not text.strip():
        raise ImportError_(f"{what}: empty file")
    text = text.lstrip("\ufeff")
    # newline handling: csv copes with CRLF, LF and a missing final newline when fed lines
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = [h.strip() for h in next(reader)]
    except csv.Error as exc:
        raise ImportError_(f"{what}: not a CSV file: {exc}") from exc
    missing = [c for c in required if c not in header]
    if missing:
        shown = ", ".join(header[:6]) + (", ..." if len(header) > 6 else "")
        raise ImportError_(f"{what}: missing required column(s) {', '.join(missing)}; "
                           f"the header has: {shown or '(nothing)'}")
    if known is not None:
        unknown = [c for c in header if c not in set(known)]
        if unknown:
            raise ImportError_(f"{what}: unknown column(s) {', '.join(unknown)}")
    if len(set(header)) != len(header):
        raise ImportError_(f"{what}: duplicate column names in the header")
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        for cells in reader:
            line = reader.line_num
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                raise ImportError_(f"{what}: line {line}: {len(cells)} fields, the header has "
                                   f"{len(header)} (not a well-formed CSV file)")
            rows.append((line, {h: c.strip() for h, c in zip(header, cells, strict=True)}))
    except csv.Error as exc:
        raise ImportError_(f"{what}: line {reader.line_num}: not a CSV file: {exc}") from exc
    return header, rows


def _num(value: str | None) -> float | None:
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        x = float(value)
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def _price(value: str | None) -> float | None:
    """A price, or None for empty / zero ("0.00" means "no price" in vast's SpotPrice)."""
    x = _num(value)
    return round(x, 6) if x is not None and x > 0 else None


def _int(value: str | None) -> int | None:
    x = _num(value)
    return round(x) if x is not None and x >= 1 and abs(x - round(x)) < 1e-6 else None


def _pos(value: str | None) -> float | None:
    x = _num(value)
    return x if x is not None and x > 0 else None


# --------------------------------------------------------------------------- GPU mapping

# Variants of one chip, the registry's default for the bare name first.
_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("a100-sxm-40gb", "a100-sxm-80gb", "a100-pcie-40gb", "a100-pcie-80gb"),
    ("h100-sxm", "h100-pcie", "h100-nvl"),
    ("h200-sxm", "h200-nvl"),
    ("v100-sxm2-16gb", "v100-sxm2-32gb", "v100-pcie-16gb", "v100-pcie-32gb"),
    ("gh200-96gb", "gh200-144gb"),
)
_FAMILY_OF = {gid: fam for fam in _FAMILIES for gid in fam}
_MEM_TOLERANCE = 0.07

_NCV3_CARD = ("MicrosoftDocs/azure-docs articles/virtual-machines/ncv3-series.md: 'NCv3-series "
              "VMs are powered by NVIDIA Tesla V100 GPUs ... 1 GPU = one V100 card' (16 GiB each; "
              "the 8 x V100 SXM2 NVLink series is NDv2)")
INSTANCE_HINTS: dict[tuple[str, str], tuple[str, str]] = {
    ("azure", t): ("pcie", _NCV3_CARD)
    for t in ("nc6s-v3", "nc12s-v3", "nc24s-v3", "nc24rs-v3")
}
"""(provider, instance type slug without Azure's ``standard-``) -> (form-factor hint, source)."""


@dataclass(frozen=True)
class Retired:
    """An instance family its provider has retired: the date and the provider's page."""

    on: dt.date
    source: str


_NCV3_RETIRED = Retired(dt.date(2025, 9, 30), (
    "https://github.com/MicrosoftDocs/azure-docs/blob/main/articles/virtual-machines/"
    "ncv3-nc6s-nc12s-nc24s-retirement.md: 'On September 30, 2025, Microsoft Azure will retire "
    "the Standard_NC6s_v3, Standard_NC12s_v3 and Standard_NC24s_v3 virtual machines'"))
_NCV3_RS_RETIRED = Retired(dt.date(2025, 9, 30), (
    "https://github.com/MicrosoftDocs/azure-compute-docs/blob/main/articles/virtual-machines/"
    "sizes/gpu-accelerated/ncv3-series.md: 'The NCv3-series will be retired on September 30, "
    "2025'"))
_NCV2_RETIRED = Retired(dt.date(2023, 8, 31), (
    "https://github.com/MicrosoftDocs/azure-docs/blob/main/articles/virtual-machines/"
    "ncv2-series-retirement.md: 'we are retiring our NC (v2) GPU VM sizes, powered by NVIDIA "
    "Tesla P100 GPUs on 31 August 2023'"))
RETIRED_INSTANCES: dict[tuple[str, str], Retired] = {
    **{("azure", t): _NCV3_RETIRED for t in ("nc6s-v3", "nc12s-v3", "nc24s-v3")},
    ("azure", "nc24rs-v3"): _NCV3_RS_RETIRED,
    **{("azure", t): _NCV2_RETIRED for t in ("nc6s-v2", "nc12s-v2", "nc24s-v2", "nc24rs-v2")},
}
"""(provider, instance type slug without Azure's ``standard-``) -> its retirement."""


def _instance_key(provider: str, itype: str) -> tuple[str, str]:
    key = slug(itype)
    return provider, key.removeprefix("standard-") if provider == "azure" else key


def instance_hint(provider: str, itype: str) -> str:
    """The form-factor hint :data:`INSTANCE_HINTS` gives for an instance type ('' if none)."""
    hint = INSTANCE_HINTS.get(_instance_key(provider, itype))
    return hint[0] if hint else ""


def retired(provider: str, itype: str) -> Retired | None:
    """The retirement of an instance type (:data:`RETIRED_INSTANCES`), or None."""
    return RETIRED_INSTANCES.get(_instance_key(provider, itype))


def nvswitch_baseboard(gpu: GPU) -> bool:
    """Whether 8 GPUs of this part sit on an NVSwitch baseboard (HGX): an SXM part whose
    registry link names NVSwitch (``link_name`` in catalog/gpus.toml), so the rule follows the
    data instead of a list that misses a new part."""
    return gpu.form_factor.lower().startswith("sxm") and "nvswitch" in gpu.link_name.lower()


def _hint(text: str) -> str | None:
    t = text.lower()
    if re.search(r"pci(?:e|[^a-z]|$)", t):
        return "pcie"
    if re.search(r"nvl(?!ink)", t):
        return "nvl"
    if "sxm" in t or "hgx" in t:
        return "sxm"
    return None


def _fits_hint(gpu: GPU, hint: str) -> bool:
    ff = gpu.form_factor.lower()
    if hint == "nvl":
        return "nvl" in gpu.id
    if hint == "pcie":
        return ff.startswith("pcie") and "nvl" not in gpu.id
    return ff.startswith("sxm")


def _mem_fits(gpu: GPU, mem_gib: Sequence[float]) -> bool:
    targets = (gpu.total_gib, gpu.memory_gb)
    return any(abs(m - t) <= _MEM_TOLERANCE * t for m in mem_gib for t in targets)


def _text_memory(text: str) -> list[float]:
    """GPU memory written into a name ("8xA100_80GB", "h100-80gb.sxm", "5090_32G"); tokens
    right after a 'v' ("12v24gb": 12 vCPU, 24 GB RAM) are RAM, not GPU memory."""
    return [float(m) for m in re.findall(r"(?<=[_\-. (])(\d{2,3})\s?gb?(?=[_\-. )]|$)",
                                         text.lower())]


def map_gpu(registry: Registry, name: str, *, mem_gib: Sequence[float] = (),
            hint_text: str = "") -> GPU | None:
    """The registry GPU a source means by ``name``.

    ``mem_gib`` are per-GPU memory readings (GiB) in order of trust; memory written in
    ``name`` or ``hint_text`` ("A100_80GB") comes before them. The first reading that fits a
    variant of the named chip decides; ``hint_text`` is also searched for form-factor hints.
    None when the name is unknown or no reading fits any variant of the named chip."""
    gpu = registry.find_gpu_label(name)
    if gpu is None:
        cleaned = re.sub(r"^(nvidia|amd|intel)[-_ ]+", "", name.strip(), flags=re.I)
        cleaned = re.sub(r"(?<![-_ ])[-_ ]++(hbm\d?e?|gddr\d\w*+|nvlink)$", "", cleaned, flags=re.I)
        # verda's "A100-80GB-640GB": per-GPU memory, then the node's total
        cleaned = re.sub(r"(?i)(?<!\d)(\d++GB)-\d++GB$", r"\1", cleaned)
        if cleaned != name:
            gpu = registry.find_gpu_label(cleaned)
    if gpu is None:
        return None
    family = [registry.gpus[i] for i in _FAMILY_OF.get(gpu.id, (gpu.id,)) if i in registry.gpus]
    keep = family
    readings = [m for m in (*_text_memory(f" {name} {hint_text} "), *mem_gib) if m > 0]
    if readings:
        for m in readings:
            fits = [g for g in family if _mem_fits(g, [m])]
            if fits:
                keep = fits
                break
        else:
            if any(m > 0 for m in mem_gib):
                return None  # stated memory fits no variant (a number in a name cannot veto)
    hint = _hint(f"{name} {hint_text}")
    if hint:
        preferred = [g for g in keep if _fits_hint(g, hint)]
        if preferred:
            keep = preferred
    return gpu if gpu in keep else keep[0]


_NVLINK_NAMED = re.compile(r"nvlink", re.I)
"""An instance type that names NVLink ("n3-H100x8-NVLink", "…-nvlink"): its PCIe cards are
bridged (Hyperstack sells "H100 NVLink" and "A100 NVLink" machines of PCIe cards joined in
pairs by NVLink bridges, beside "H100 PCIe" machines without; the bridge joins two cards, so
the sizing times more than two over PCIe: efficiency.comm_model)."""


def interconnect(gpu: GPU, count: int, instance_type: str = "") -> Interconnect:
    """How the GPUs of one node talk to each other (see the module docstring)."""
    if count == 1:
        return "none"
    ff = gpu.form_factor.lower()
    if ff.startswith("sxm"):
        return "nvswitch" if count >= 8 and nvswitch_baseboard(gpu) else "nvlink"
    if ff.startswith("pcie"):
        # a PCIe card's machine named NVLink has its cards bridged (audit 24: the four
        # Hyperstack "NVLink" machines were catalogued "pcie", and since fix/pcienvl an offer
        # stated "pcie" is timed without the bridge its name sells)
        return "nvlink" if _NVLINK_NAMED.search(instance_type) else "pcie"
    return "unknown"


# --------------------------------------------------------------------------- merging


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _region_sort(regions: Iterable[str]) -> list[str]:
    return sorted(set(r for r in regions if r))


def _merge(rows: list[_Row], provider: str, as_of: dt.date, source: str,
           result: ImportResult, extra: dict[str, dict[str, Any]] | None = None,
           as_of_kind: AsOfKind = "assumed", split_regions: bool = False) -> None:
    """Region merge (see the module docstring), then ids, then Offer construction. With
    ``split_regions`` the dearer price levels of an instance type are kept as offers of their
    own (id ``<provider>-<type>-<first region>``) instead of being dropped."""
    groups: dict[tuple[str, str, int], list[_Row]] = defaultdict(list)
    gone: dict[tuple[str, str, int], Retired] = {}
    for r in rows:
        end = retired(provider, r.instance_type)
        if end is not None:
            gone[(r.instance_type, r.gpu.id, r.gpu_count)] = end
            continue
        groups[(r.instance_type, r.gpu.id, r.gpu_count)].append(r)
    for (itype, gid, count), end in sorted(gone.items()):
        result.skipped.append(f"{provider} {itype} ({count} x {gid}): retired by the provider on "
                              f"{end.on.isoformat()} ({end.source}); not an offer")
    built: list[tuple[str, dict[str, Any]]] = []
    for (itype, gid, count), members in groups.items():
        levels: dict[tuple[float | None, float | None], list[_Row]] = defaultdict(list)
        for r in members:
            levels[(r.on_demand, r.spot)].append(r)

        def cost(key: tuple[float | None, float | None]) -> tuple[float, float]:
            od, sp = key
            return (od if od is not None else math.inf, sp if sp is not None else math.inf)

        ordered = sorted(levels, key=cost)
        for i, best in enumerate(ordered if split_regions else ordered[:1]):
            kept = levels[best]
            base = slug(f"{provider}-{itype}")
            if not i:
                built.append((base, _fields(provider, itype, gid, count, kept, best, as_of,
                                            as_of_kind, source, extra)))
                continue
            # a dearer level is named by a region: one offer per provider region of it, so
            # that no id names a place its offer is not in (audit 30c #10: a London offer
            # named aws-p5-4xlarge-ap-southeast-2-apse2-az3, Sydney's, at the same price)
            by_place: dict[str, list[_Row]] = defaultdict(list)
            for r in kept:
                by_place[(r.region or "").split("/")[0]].append(r)
            for _, part in sorted(by_place.items()):
                named = slug(f"{base}-{_region_sort(r.region for r in part)[0] or 'alt'}")
                built.append((named, _fields(provider, itype, gid, count, part, best, as_of,
                                             as_of_kind, source, extra)))
        if len(ordered) > 1 and not split_regions:
            dropped = "; ".join(
                f"{_fmt(k)} in {', '.join(_region_sort(r.region for r in levels[k])) or '-'}"
                for k in ordered[1:])
            result.skipped.append(
                f"{provider} {itype}: kept {_fmt(ordered[0])} in "
                f"{', '.join(_region_sort(r.region for r in levels[ordered[0]])) or '-'}; "
                f"dropped dearer region prices {dropped}")
    result.offers.extend(_assign_ids(built))


def _fields(provider: str, itype: str, gid: str, count: int, kept: list[_Row],
            best: tuple[float | None, float | None], as_of: dt.date, as_of_kind: AsOfKind,
            source: str, extra: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    """The Offer fields of one price level of one instance type."""
    gpu = kept[0].gpu
    vcpus = [r.vcpus for r in kept if r.vcpus is not None]
    rams = [r.ram_gib for r in kept if r.ram_gib is not None]
    disks = [r.disk_gb for r in kept if r.disk_gb is not None]
    fields: dict[str, Any] = {
        "provider": provider,
        "instance_type": itype,
        "regions": _region_sort(r.region for r in kept),
        "gpu": gid,
        "gpu_count": count,
        "interconnect": interconnect(gpu, count, itype),
        "vcpus": min(vcpus) if vcpus else None,
        "ram_gib": min(rams) if rams else None,
        "disk_gb": min(disks) if disks else None,
        "on_demand_usd_h": best[0],
        "spot_usd_h": best[1],
        "as_of": as_of,
        "as_of_kind": as_of_kind,
        "source": "; ".join([source, *dict.fromkeys(r.note for r in kept if r.note)]),
        "caution": _join_cautions(r.caution for r in kept),
    }
    if extra and itype in extra:
        fields.update(extra[itype])
    return fields


def _join_cautions(cautions: Iterable[str]) -> str:
    out: list[str] = []
    for c in cautions:
        for part in c.split(" | "):
            if part.strip() and part.strip() not in out:
                out.append(part.strip())
    return " | ".join(out)


def _fmt(key: tuple[float | None, float | None]) -> str:
    od, sp = key
    parts = [f"on-demand ${od}/h" if od is not None else "no on-demand",
             f"spot ${sp}/h" if sp is not None else "no spot"]
    return ", ".join(parts)


def _assign_ids(built: list[tuple[str, dict[str, Any]]]) -> Iterator[Offer]:
    built.sort(key=lambda b: (b[0], b[1]["gpu"], b[1]["gpu_count"],
                              b[1]["on_demand_usd_h"] or 0.0, b[1]["spot_usd_h"] or 0.0))
    counts: dict[str, int] = defaultdict(int)
    for base, _ in built:
        counts[base] += 1
    used: set[str] = set()
    for base, fields in built:
        oid = base
        if counts[base] > 1:
            oid = f"{base}-{slug(fields['gpu'])}"
            if fields["gpu_count"] > 1 and oid in used:
                oid = f"{oid}-x{fields['gpu_count']}"
        n = 2
        candidate = oid
        while candidate in used:
            candidate = f"{oid}-{n}"
            n += 1
        used.add(candidate)
        yield Offer(id=candidate, **fields)


# Providers that sell GPU time only by spot auction: their SkyPilot rows repeat the bid price as
# "Price" (Price == SpotPrice), which is not an on-demand price anyone can rely on.
SPOT_ONLY_PROVIDERS = frozenset({"mithril"})


# Values SkyPilot writes where a price is missing (GCP TPU rows: 700.0 in regions without the
# TPU); no real row of these files costs exactly this.
SENTINEL_PRICES = frozenset({700.0})
# Below this per GPU-hour a price is a placeholder (Mithril's $0.01 A100), not a price.
MIN_USD_PER_GPU_HOUR = 0.05


def _check_spot(provider: str, itype: str, od: float | None, spot: float | None,
                result: ImportResult, line: int) -> tuple[float | None, str]:
    """The spot price to keep and a caution (empty when none) for the offer."""
    if spot is None or od is None:
        return spot, ""
    if spot == od:
        return None, ""  # a "spot" price equal to on-demand is no spot offer (Azure H100)
    if spot > od:
        result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h above "
                              f"on-demand ${od}/h; spot price dropped")
        return None, (f"source spot ${spot:g}/h is above on-demand ${od:g}/h (impossible); "
                      "spot price dropped")
    return spot, ""


def _check_price(provider: str, itype: str, kind: str, price: float | None, count: int,
                 result: ImportResult, line: int) -> float | None:
    """``price`` unless it is a sentinel or below the per-GPU floor (then None, reported)."""
    if price is None:
        return None
    if price in SENTINEL_PRICES:
        result.skipped.append(f"{provider} {itype} (line {line}): {kind} ${price:g}/h is a "
                              "sentinel value (no price); dropped")
        return None
    if price / count < MIN_USD_PER_GPU_HOUR:
        result.skipped.append(f"{provider} {itype} (line {line}): {kind} ${price:g}/h is "
                              f"${price / count:.4f} per GPU-hour, below "
                              f"${MIN_USD_PER_GPU_HOUR} (placeholder, not a price); dropped")
        return None
    return price


# --------------------------------------------------------------------------- SkyPilot v8/v9

SKYPILOT_COLUMNS = frozenset({
    "InstanceType", "vCPUs", "MemoryGiB", "AcceleratorName", "AcceleratorCount", "GpuInfo",
    "GPUInfo", "Region", "AvailabilityZone", "Price", "SpotPrice", "Arch", "UpstreamCloudId",
    "StorageGiB",
    # v9 (AWS): local disk description, not used
    "LocalDiskType", "NVMeSupported", "LocalDiskSize", "LocalDiskCount",
})
SKYPILOT_SIZE_COLUMNS = ("GpuInfo_SizeInMiB", "GpuInfo_SizeInMiB_per_gpu",
                         "GpuInfo_MemoryInfo_SizeInMiB", "GpuPerGpuMiB")
"""Memory columns an export writes instead of GpuInfo, holding ``MemoryInfo.SizeInMiB`` (meant
per GPU; some files put node totals or GB in it: handled as for GpuInfo)."""
SKYPILOT_TOTAL_COLUMNS = ("TotalGpuMemoryInMiB",)
"""Memory column holding GpuInfo's ``TotalGpuMemoryInMiB`` (per node)."""
SKYPILOT_COLUMNS = SKYPILOT_COLUMNS | set(SKYPILOT_SIZE_COLUMNS) | set(SKYPILOT_TOTAL_COLUMNS)
SKYPILOT_REQUIRED = ("InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region")
_SPOT_SUFFIX = "__SPOT"
_TPU = re.compile(r"tpu-(v\d+[a-z]*|v5litepod)-(\d+)", re.I)
# TPU generations whose slice suffix counts TensorCores (2 per chip) rather than chips.
_TPU_CORE_SUFFIX = frozenset({"v2", "v3", "v4", "v5p"})
MAX_OFFER_GPUS = 64
# Form-factor hints a provider's SkyPilot names imply: RunPod lists "A100-80GB" and
# "A100-80GB-SXM" as two accelerators (SkyPilot common/accelerators.csv), so its bare
# "A100-80GB" is the PCIe card.
_PROVIDER_HINTS: dict[tuple[str, str], str] = {("runpod", "A100-80GB"): "pcie"}

RESELLER_SEPARATORS: dict[str, str] = {"shadeform": "_", "primeintellect": "__"}
"""Marketplaces whose instance types read ``<upstream cloud><separator><machine>``, and the
separator. Shadeform: skypilot-catalog-newer/SOURCE.txt, shadeform row: "marketplace
(lambdalabs_, nebius_, verda_, crusoe_ ... prefixes)". PrimeIntellect: skypilot-catalog/v8/
primeintellect/vms.csv ``hyperstack__1xH100_80GB__28__180`` with UpstreamCloudId ``n3-H100x1``,
Hyperstack's own instance type."""
UPSTREAM_ALIASES: dict[str, str] = {"lambdalabs": "lambda", "datacrunch": "verda"}
"""A marketplace's name for an upstream cloud -> its provider id here, where they differ.
lambdalabs: PrimeIntellect's ``lambdalabs__8xA100_80GB__240__1800`` has UpstreamCloudId
``gpu_8x_a100_80gb_sxm4``, Lambda's instance type (lambda/vms.csv); datacrunch: its
UpstreamCloudId ``1A100.22V`` is Verda's instance type (verda/vms.csv; Datacrunch is Verda's
former name)."""


def upstream_provider(provider: str, itype: str) -> str | None:
    """The provider id of the cloud a marketplace row resells (:data:`RESELLER_SEPARATORS`),
    or None when ``provider`` is no marketplace or the name has no upstream prefix."""
    sep = RESELLER_SEPARATORS.get(provider)
    if sep is None or sep not in itype:
        return None
    name = itype.split(sep, 1)[0].strip().lower()
    return UPSTREAM_ALIASES.get(name, name) or None


def resold_gpu(registry: Registry, gpu: GPU, count: int, vcpus: int | None,
               ram_gib: float | None, upstream: Sequence[Offer]
               ) -> tuple[GPU | None, list[Offer]]:
    """The GPU variant the upstream's own rows give a resold machine of this shape, and those
    rows. A shape is the chip (any variant of ``gpu``'s family with its memory), the GPU count,
    vCPUs and RAM: a marketplace relists the upstream's machine as it is, so the same shape is
    the same machine. None when no row has the shape (a shape the source does not hold settles
    nothing), when the rows disagree, or when vCPUs or RAM are unknown."""
    if vcpus is None or ram_gib is None:
        return None, []
    family = {g.id for i in _FAMILY_OF.get(gpu.id, (gpu.id,))
              if (g := registry.gpus.get(i)) is not None and g.memory_gb == gpu.memory_gb}
    rows = [o for o in upstream if o.gpu in family and o.gpu_count == count
            and o.vcpus == vcpus and o.ram_gib is not None and abs(o.ram_gib - ram_gib) < 0.5]
    ids = {o.gpu for o in rows}
    return (registry.gpus[ids.pop()] if len(ids) == 1 else None), rows


def parse_gpu_info(blob: str) -> dict[str, Any] | None:
    """SkyPilot's GpuInfo: JSON or a Python-literal dict (single quotes, null). None when
    empty or unreadable."""
    blob = blob.strip()
    if not blob:
        return None
    try:
        value = json.loads(blob)
    except ValueError:
        try:
            value = ast.literal_eval(re.sub(r"\bnull\b", "None", blob))
        except (ValueError, SyntaxError):
            return None
    return value if isinstance(value, dict) else None


def _mib(v: object) -> float | None:
    """A memory figure in MiB (figures under 1024 are GB: shadeform, runpod); None for 0."""
    x = _num(str(v)) if v is not None else None
    if not x or x <= 0:
        return None
    return x * 1024 if x < 1024 else x


def _info_memory(info: dict[str, Any] | None) -> tuple[str, float | None, float | None]:
    """The GPU name in GpuInfo, its SizeInMiB and its TotalGpuMemoryInMiB (MiB; shadeform
    writes GB in these fields, so any figure under 1024 is taken as GB; 0 = unknown)."""
    if not info:
        return "", None, None
    gpus = info.get("Gpus") or []
    first = gpus[0] if gpus and isinstance(gpus[0], dict) else {}
    name = str(first.get("Name") or "")
    mem_info = first.get("MemoryInfo") or {}
    size = _mib(mem_info.get("SizeInMiB") if isinstance(mem_info, dict) else None)
    total = _mib(info.get("TotalGpuMemoryInMiB", first.get("TotalGpuMemoryInMiB")))
    return name, size, total


def _row_memory(r: dict[str, str]) -> tuple[str, float | None, float | None]:
    """(GpuInfo name, SizeInMiB, TotalGpuMemoryInMiB) of a row: from the GpuInfo blob, or
    from the memory column an export wrote in its place."""
    blob = r.get("GpuInfo") or r.get("GPUInfo") or ""
    if blob:
        return _info_memory(parse_gpu_info(blob))
    size = next((m for c in SKYPILOT_SIZE_COLUMNS if (m := _mib(r.get(c)))), None)
    total = next((m for c in SKYPILOT_TOTAL_COLUMNS if (m := _mib(r.get(c)))), None)
    return "", size, total


def _size_is_node_total(rows: list[tuple[int, dict[str, str]]]) -> bool:
    """Whether a file's GpuInfo SizeInMiB is per node (vast, primeintellect, verda) rather than
    per GPU (most): true when multi-GPU rows carry ``count x`` the size of single-GPU rows of
    the same accelerator."""
    single: dict[str, float] = {}
    multi: list[tuple[str, int, float]] = []
    for _, r in rows:
        count = _int(r.get("AcceleratorCount"))
        _, size, _ = _row_memory(r)
        if not count or not size:
            continue
        name = r.get("AcceleratorName", "")
        if count == 1:
            single.setdefault(name, size)
        else:
            multi.append((name, count, size))
    votes = [abs(size - count * single[name]) < 0.02 * size
             for name, count, size in multi if name in single]
    return bool(votes) and sum(votes) > len(votes) / 2


def parse_skypilot(text: str, provider: str, as_of: dt.date, source: str,
                   registry: Registry, *, as_of_kind: AsOfKind = "assumed",
                   caution: str = "", cautions: dict[str, str] | None = None,
                   what: str | None = None, split_regions: bool = False,
                   upstream: Mapping[str, Sequence[Offer]] | None = None) -> ImportResult:
    """Offers from one SkyPilot ``vms.csv`` (schema v8 or v9, or an export of one).

    Quirks handled (see catalog_sources/SOURCES.md and skypilot-catalog-newer/SOURCE.txt):
    SpotPrice 0.00 = no spot (vast); spot rows ``<type>__SPOT`` with an empty Price merged into
    the on-demand row of the same type and region as its spot price (primeintellect; a spot row
    with no on-demand twin becomes a spot-only offer); GpuInfo as JSON or Python literal, or
    replaced by one memory column (``TotalGpuMemoryInMiB`` per node; ``GpuInfo_SizeInMiB``,
    ``GpuInfo_SizeInMiB_per_gpu``, ``GpuInfo_MemoryInfo_SizeInMiB``, ``GpuPerGpuMiB`` per GPU
    unless the file shows node totals), memory per GPU or per node, GB in MiB fields
    (shadeform, runpod), 0 MiB (seeweb, nebius: memory then ignored); v9's local-disk columns
    (ignored); Price == SpotPrice (mithril: an auction price, spot only); sentinel and
    placeholder prices (GCP 700.0, Mithril $0.01: dropped, see the module docstring); GCP
    accelerator-only rows (empty InstanceType: a GPU price without its host VM, not an offer,
    counted in ``skipped``) except TPU slices (``tpu-v6e-1``: the TPU VM price, one offer per
    slice, chips from the slice name, v2-v5p names counting TensorCores); one row per region
    (lambda and others: merged); any column order; CRLF/LF/no final newline.

    ``as_of``/``as_of_kind`` date every offer; ``caution`` (file level) and ``cautions`` (by
    instance type) are the source's warnings, written into the offers' ``caution``. Region
    merge and ids: see the module docstring; ``split_regions`` keeps the dearer price levels
    of a type as offers of their own (see :func:`_merge`) instead of dropping them.
    ``upstream`` (provider id -> its offers) lets a marketplace's resold rows take their
    upstream's GPU variant (see "Resold machines" in the module docstring)."""
    what = what or f"{provider}/vms.csv"
    cautions = cautions or {}
    _, rows = _read_csv(text, SKYPILOT_REQUIRED, SKYPILOT_COLUMNS, what)
    result = ImportResult()
    cpu_rows = 0
    accel_only = 0
    size_is_total = _size_is_node_total(rows)
    parsed: dict[tuple[str, str, str, int], _Row] = {}
    spot_only: dict[tuple[str, str, str, int], _Row] = {}
    unmapped: dict[str, int] = defaultdict(int)
    for line, r in rows:
        name = r.get("AcceleratorName", "")
        count_f = _num(r.get("AcceleratorCount"))
        if not name or not count_f:
            cpu_rows += 1
            continue
        count = _int(r.get("AcceleratorCount"))
        itype = r["InstanceType"]
        tpu = _TPU.fullmatch(name.strip())
        if not itype and tpu:
            itype = name.strip().lower()
        elif not itype:
            accel_only += 1
            continue
        if count is None:
            result.skipped.append(f"{provider} {itype} (line {line}): fractional GPU count "
                                  f"{r.get('AcceleratorCount')}")
            continue
        is_spot_row = itype.endswith(_SPOT_SUFFIX)
        base = itype[: -len(_SPOT_SUFFIX)] if is_spot_row else itype
        info_name, size, total = _row_memory(r)
        mems: list[float] = []
        if size:
            # per GPU unless the file gives node totals, or no GPU has that much memory
            per_gpu = size / count if size_is_total or size / 1024 > 320 else size
            mems.append(per_gpu / 1024)
        elif total:
            mems.append(total / count / 1024)
        if tpu:
            gen, n = tpu.group(1).lower(), int(tpu.group(2))
            gpu = registry.find_gpu_label(f"tpu-{gen}")
            chips = n // 2 if gen in _TPU_CORE_SUFFIX else n
            if gpu is not None and chips * count > MAX_OFFER_GPUS:
                result.skipped.append(f"{provider} {itype} (line {line}): a slice of "
                                      f"{chips * count} TPU chips, above the {MAX_OFFER_GPUS} "
                                      "chips an offer can hold; not imported")
                continue
            count = chips * count
        else:
            hint = _PROVIDER_HINTS.get((provider, name), "") or instance_hint(provider, base)
            gpu = map_gpu(registry, name, mem_gib=mems,
                          hint_text=f"{base} {r.get('UpstreamCloudId', '')} {hint}")
            if gpu is None and info_name and info_name != name:
                gpu = map_gpu(registry, info_name, mem_gib=mems, hint_text=base)
        if gpu is None:
            label = name
            if registry.find_gpu_label(name) is not None and mems:
                # a known name whose stated memory fits no variant: name it with the memory
                label = f"{name} ({round(min(mems) * 1024)} MiB)"
            unmapped[label] += 1
            continue
        note = ""
        up_id = None if tpu else upstream_provider(provider, base)
        ups = upstream.get(up_id) if upstream and up_id else None
        own_names = f"{name} {base} {r.get('UpstreamCloudId', '')} {instance_hint(provider, base)}"
        if ups and _hint(own_names) is None:
            vcpus, ram = _int(r.get("vCPUs")), _pos(r.get("MemoryGiB"))
            up_gpu, same = resold_gpu(registry, gpu, count, vcpus, ram, ups)
            shape = f"{count} x {gpu.memory_gb:g} GB, {vcpus} vCPU, {ram or 0:g} GiB RAM"
            names = ", ".join(sorted({o.instance_type for o in same}))
            if up_gpu is not None and up_gpu.id != gpu.id:
                note = (f"GPU variant {up_gpu.id} from {up_id}'s own "
                        f"{'rows' if len(same) > 1 else 'row'} {names} of the same shape "
                        f"({shape}); the marketplace's name does not say")
                result.skipped.append(f"{provider} {base} (line {line}): {gpu.id} -> {note}")
                gpu = up_gpu
            elif up_gpu is None and len({o.gpu for o in same}) > 1:
                result.skipped.append(f"{provider} {base} (line {line}): {up_id} rows of the "
                                      f"same shape ({shape}) disagree on the GPU ({names}); "
                                      f"kept {gpu.id}")
        region = r.get("Region", "").strip().strip(",").strip()
        zone = r.get("AvailabilityZone", "").strip()
        if _LOCAL_ZONE_ID.fullmatch(zone):
            # an AWS Local Zone ("use1-atl2-az1": US East (Atlanta) 2, parent us-east-1) is
            # its own location with its own prices, not its parent region: labelled by its
            # id alone, so a us-east-1 price is never a Local Zone's (buyer audit 31b #10:
            # p5.48xlarge spot $10.18 "us-east-1" was Atlanta's, us-east-1's own $17.63-25.75)
            region = zone
        elif zone and region and zone != region:
            region = f"{region}/{zone}"
        elif zone:
            region = zone
        od = _check_price(provider, base, "price", _price(r.get("Price")), count, result, line)
        spot = _check_price(provider, base, "spot price", _price(r.get("SpotPrice")), count,
                            result, line)
        disk = _pos(r.get("StorageGiB"))
        row = _Row(line=line, instance_type=base, gpu=gpu, gpu_count=count, region=region,
                   on_demand=None if is_spot_row else od,
                   spot=(spot if spot is not None else od) if is_spot_row else spot,
                   vcpus=_int(r.get("vCPUs")), ram_gib=_pos(r.get("MemoryGiB")),
                   disk_gb=round(disk * 1.073741824, 1) if disk else None,
                   caution=_join_cautions((caution, cautions.get(base, ""))), note=note)
        key = (base, region, gpu.id, count)
        if is_spot_row:
            spot_only[key] = row
            continue
        if key in parsed:
            prev = parsed[key]
            # the same shape listed twice in one region: keep the cheaper listing
            if (row.on_demand or math.inf, row.spot or math.inf) < (
                    prev.on_demand or math.inf, prev.spot or math.inf):
                parsed[key] = row
            continue
        parsed[key] = row
    for key, srow in spot_only.items():
        if key in parsed:
            target = parsed[key]
            if target.spot is None or (srow.spot is not None and srow.spot < target.spot):
                target.spot = srow.spot
        else:
            parsed[key] = srow
    final: list[_Row] = []
    for row in parsed.values():
        if provider in SPOT_ONLY_PROVIDERS and row.spot is not None:
            row.on_demand = None  # an auction price, imported as spot only
        row.spot, spot_caution = _check_spot(provider, row.instance_type, row.on_demand,
                                             row.spot, result, row.line)
        row.caution = _join_cautions((row.caution, spot_caution))
        if row.on_demand is None and row.spot is None:
            result.skipped.append(f"{provider} {row.instance_type} (line {row.line}): no price")
            continue
        final.append(row)
    if cpu_rows:
        result.skipped.append(f"{provider}: {cpu_rows} rows without a GPU (CPU-only) ignored")
    if accel_only:
        result.skipped.append(f"{provider}: {accel_only} accelerator-only rows (a GPU price "
                              "without its host VM, billed separately) are not offers")
    result.unmapped = dict(sorted(unmapped.items()))
    _merge(final, provider, as_of, source, result, as_of_kind=as_of_kind,
           split_regions=split_regions)
    result.offers.sort(key=lambda o: o.id)
    return result


_LOCAL_ZONE_ID = re.compile(r"[a-z]{2,4}+\d++-[a-z]{3}+\d++-az\d++")
"""An AWS Local Zone id: the parent region's code, the location's and the zone's ("use1-atl2-az1",
"usw2-lax1-az1"; docs.aws.amazon.com/local-zones/latest/ug/available-local-zones.html: "The ID
is the code of the Local Zone's parent Region followed by an identifier for its location"); an
Availability Zone id has no location part ("use1-az1")."""


# --------------------------------------------------------------------------- FSDL

FSDL_COLUMNS = frozenset({"Cloud", "GPU Type", "GPU Arch", "GPUs", "GPU RAM", "vCPUs", "RAM",
                          "On-demand", "Per-GPU", "Spot", "Name"})
FSDL_REQUIRED = ("Cloud", "GPU Type", "GPUs", "On-demand")

FSDL_PROVIDER_IDS = {
    "AWS": "aws", "GCP": "gcp", "Azure": "azure", "Oracle Cloud": "oci",
    "Cudo Compute": "cudo", "Datacrunch": "datacrunch", "Oblivus Cloud": "oblivus",
    "Latitude.sh": "latitude", "OVHcloud": "ovhcloud", "CR8DL": "cr8dl",
    "NovoNimbus": "novonimbus", "Lambda": "lambda", "RunPod": "runpod",
    "Paperspace": "paperspace", "FluidStack": "fluidstack", "Exoscale": "exoscale",
    "Jarvislabs": "jarvislabs", "Dataoorts": "dataoorts",
}


def fsdl_provider_id(cloud: str) -> str:
    return FSDL_PROVIDER_IDS.get(cloud.strip(), slug(cloud))


def parse_fsdl(text: str, as_of: dt.date, source: str, registry: Registry,
               providers: Iterable[str] | None = None,
               as_of_kind: AsOfKind = "published") -> ImportResult:
    """Offers from the Full Stack Deep Learning ``cloud-gpus.csv`` (all clouds, or only those
    whose provider id is in ``providers``).

    The table has no regions (offers get an empty region list). Rows without a Name get the
    instance type ``"<n>x <GPU Type> (<vCPUs> vCPU, <RAM> GB RAM)"``; Azure names get the API
    spelling (``Standard_ND96amsr_A100_v4``). Rows without an On-demand price are skipped (the
    Per-GPU column alone is ambiguous: Exoscale puts node totals in it). vCPU/RAM ranges
    ("4-6") are left empty. ``GPU RAM`` is per node for most clouds and per GPU for some;
    both readings are tried when telling GPU variants apart. ``as_of_kind`` defaults to
    ``published``: the file's last edit date is the date its editors stated the prices."""
    _, rows = _read_csv(text, FSDL_REQUIRED, FSDL_COLUMNS, "cloud-gpus.csv")
    wanted = set(providers) if providers is not None else None
    result = ImportResult()
    unmapped: dict[str, int] = defaultdict(int)
    by_provider: dict[str, list[_Row]] = defaultdict(list)
    no_price: dict[str, int] = defaultdict(int)
    for line, r in rows:
        provider = fsdl_provider_id(r["Cloud"])
        if wanted is not None and provider not in wanted:
            continue
        count = _int(r.get("GPUs"))
        gpu_type = r["GPU Type"]
        if count is None:
            result.skipped.append(f"fsdl {provider} line {line}: no GPU count")
            continue
        ram = _pos(r.get("GPU RAM"))
        mems = [ram / count, ram] if ram else []  # per node for most clouds, per GPU for some
        name = r.get("Name", "")
        gpu = map_gpu(registry, gpu_type, mem_gib=mems,
                      hint_text=f"{name} {instance_hint(provider, name)}")
        if gpu is None:
            unmapped[gpu_type] += 1
            continue
        od = _price(r.get("On-demand"))
        if od is None:
            no_price[provider] += 1
            continue
        vcpus = _int(r.get("vCPUs"))
        ram_gib = _pos(r.get("RAM"))
        if not name:
            name = (f"{count}x {gpu_type} ({r.get('vCPUs') or '?'} vCPU, "
                    f"{r.get('RAM') or '?'} GB RAM)")
        elif provider == "azure" and not name.startswith("Standard_"):
            name = "Standard_" + re.sub(r"\s+", "_", name.strip())
        spot, caution = _check_spot(provider, name, od, _price(r.get("Spot")), result, line)
        by_provider[provider].append(_Row(
            line=line, instance_type=name, gpu=gpu, gpu_count=count, region="",
            on_demand=od, spot=spot, vcpus=vcpus, ram_gib=ram_gib, caution=caution))
    for provider, n in sorted(no_price.items()):
        result.skipped.append(f"fsdl {provider}: {n} rows without an On-demand price skipped")
    for provider, prow in sorted(by_provider.items()):
        _merge(prow, provider, as_of, source, result, as_of_kind=as_of_kind)
    result.unmapped = dict(sorted(unmapped.items()))
    result.offers.sort(key=lambda o: o.id)
    return result


# --------------------------------------------------------------------------- hyperscalers

HYPERSCALER_COLUMNS = frozenset({"provider", "instance_type", "region", "gpu", "gpu_count",
                                 "vcpus", "ram_gib", "on_demand_usd_h", "spot_usd_h", "as_of",
                                 "source"})
HYPERSCALER_REQUIRED = ("provider", "instance_type", "gpu", "gpu_count", "on_demand_usd_h",
                        "spot_usd_h")


_CAUTION_WORDS = re.compile(r"caution|looks? wrong|anomal|suspect", re.I)
_CROSS_CHECK = re.compile(r"cross-check.*?lists ([0-9.]+) \$/h", re.I)


def source_cautions(text: str, on_demand: float | None = None) -> list[str]:
    """The warnings a hand-written source note gives about its row's price: each ';'-separated
    segment saying CAUTION / looks wrong / anomalous / suspect, verbatim, and a cross-check that
    lists an on-demand price other than ``on_demand``."""
    out: list[str] = []
    for seg in (s.strip() for s in text.split(";")):
        if _CAUTION_WORDS.search(seg):
            out.append(seg)
        m = _CROSS_CHECK.search(seg)
        if m and on_demand is not None and abs(float(m.group(1)) - on_demand) > 0.005:
            out.append(f"{seg} (the row says ${on_demand:g}/h)")
    return out


@dataclass(frozen=True)
class HyperscalerFix:
    """A hand check of one hyperscaler row: the GPU it really has, its network, a note."""

    gpu: str | None = None
    gpu_count: int | None = None
    network: str | None = None
    network_gbps: float | None = None
    drop_spot: bool = False
    note: str = ""
    caution: str = ""
    """A hand check's doubt about the row's price, added to the offer's ``caution``."""


@dataclass(frozen=True)
class SnapshotDate:
    """The date of one provider's rows in hyperscaler_prices.csv where it differs from the
    file's (an older snapshot), and the note that says how it was chosen."""

    as_of: dt.date
    note: str
    as_of_kind: AsOfKind = "assumed"


def parse_hyperscaler(text: str, as_of: dt.date, registry: Registry,
                      fixes: dict[str, HyperscalerFix] | None = None,
                      note: str = "", as_of_kind: AsOfKind = "assumed",
                      dates: dict[str, SnapshotDate] | None = None) -> ImportResult:
    """Offers from ``provider_policies/hyperscaler_prices.csv`` (one row per instance type,
    already reduced to one region). Rows with no GPU count or no price are skipped; a spot
    price above or equal to on-demand is dropped (and noted in the offer's source). ``fixes``
    (by instance type) override the GPU id / count and add network figures; ``note`` is
    appended to every offer's source (say there how ``as_of`` was chosen). The row's own
    warnings (source segments saying CAUTION, "looks wrong", "anomalous", "suspect", a
    cross-check source listing another on-demand price) and every dropped spot price go into
    the offer's ``caution``, but a warning about the spot price alone (a segment that starts
    with "spot ") drops that spot price, said in the source, and is no caution of the row.
    ``dates`` (by provider id) give a provider's rows their own snapshot date and note instead
    of ``as_of`` and ``note``."""
    _, rows = _read_csv(text, HYPERSCALER_REQUIRED, HYPERSCALER_COLUMNS,
                        "hyperscaler_prices.csv")
    dates = dates or {}
    fixes = fixes or {}
    result = ImportResult()
    unmapped: dict[str, int] = defaultdict(int)
    by_provider: dict[str, list[_Row]] = defaultdict(list)
    extras: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    sources: dict[str, dict[str, str]] = defaultdict(dict)
    for line, r in rows:
        provider = fsdl_provider_id(r["provider"])
        itype = r["instance_type"]
        fix = fixes.get(itype, HyperscalerFix())
        count = fix.gpu_count or _int(r.get("gpu_count"))
        if count is None:
            result.skipped.append(f"{provider} {itype} (line {line}): no GPU count in source")
            continue
        gpu = registry.gpus.get(fix.gpu) if fix.gpu else map_gpu(
            registry, r["gpu"], hint_text=f"{itype} {instance_hint(provider, itype)}")
        if gpu is None:
            unmapped[r["gpu"]] += 1
            continue
        od = _price(r.get("on_demand_usd_h"))
        spot = _price(r.get("spot_usd_h"))
        notes: list[str] = []
        cautions = source_cautions(r.get("source", ""), od)
        # a warning about the spot column alone ("spot az1 2.4655 looks anomalous", p4d's
        # row: the other zones 7.8799-8.1915) doubts that price, not the row's on-demand
        # price: the spot price goes, said in the source, and the row keeps no caution for
        # it (it threw the whole p4d offer out, trusted $21.96 on-demand price included, and
        # kept the doubted $2.4655 as its spot price: buyer audit 27a #6)
        spot_doubts = [c for c in cautions if c.lower().startswith("spot ")]
        if spot_doubts:
            cautions = [c for c in cautions if c not in spot_doubts]
            if spot is not None:
                notes.append(f"spot ${spot}/h dropped: the source says "
                             + "; ".join(spot_doubts))
                result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h "
                                      "dropped: the source doubts it")
                spot = None
        if fix.drop_spot and spot is not None:
            notes.append(f"spot ${spot}/h dropped (hand check: source row suspect)")
            cautions.append(f"spot ${spot:g}/h dropped: the source row is suspect")
            result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h dropped "
                                  f"by hand check")
            spot = None
        if od is not None and spot is not None and spot >= od:
            notes.append(f"spot ${spot}/h dropped: not below on-demand")
            if spot > od:
                cautions.append(f"source spot ${spot:g}/h is above on-demand ${od:g}/h "
                                "(impossible); spot price dropped")
            result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h not below "
                                  f"on-demand ${od}/h; spot dropped")
            spot = None
        if od is None and spot is None:
            result.skipped.append(f"{provider} {itype} (line {line}): no price in source")
            continue
        if od is None:
            notes.append("no on-demand price in source (spot only)")
        if fix.note:
            notes.append(fix.note)
        if fix.caution:
            cautions.append(fix.caution)
        own = dates.get(provider)
        if own is not None:
            notes.append(own.note)
        elif note:
            notes.append(note)
        src = "provider_policies/hyperscaler_prices.csv: " + r.get("source", "").strip()
        if notes:
            src += " | " + "; ".join(notes)
        sources[provider][itype] = src
        extra: dict[str, Any] = {"source": src}
        if fix.network:
            extra["network"] = fix.network
        if fix.network_gbps:
            extra["network_gbps"] = fix.network_gbps
        extras[provider][itype] = extra
        by_provider[provider].append(_Row(
            line=line, instance_type=itype, gpu=gpu, gpu_count=count,
            region=r.get("region", ""), on_demand=od, spot=spot,
            vcpus=_int(r.get("vcpus")), ram_gib=_pos(r.get("ram_gib")),
            caution=_join_cautions(cautions)))
    for provider, prow in sorted(by_provider.items()):
        own = dates.get(provider)
        _merge(prow, provider, own.as_of if own else as_of, "hyperscaler_prices.csv", result,
               extras[provider], as_of_kind=own.as_of_kind if own else as_of_kind)
    result.unmapped = dict(sorted(unmapped.items()))
    result.offers.sort(key=lambda o: o.id)
    return result


# --------------------------------------------------------------------------- pricing pages

PRICING_PAGE_COLUMNS = ("provider", "instance_type", "regions", "gpu", "gpu_count", "vcpus",
                        "ram_gib", "disk_gb", "network", "network_gbps", "on_demand_usd_h",
                        "spot_usd_h", "reserved_usd_h", "reserved_term", "as_of", "as_of_kind",
                        "source", "caution")
PRICING_PAGE_REQUIRED = ("provider", "instance_type", "gpu", "gpu_count", "as_of", "as_of_kind",
                         "source")


def parse_pricing_pages(text: str, registry: Registry,
                        what: str = "catalog/sources/pricing_pages.csv") -> ImportResult:
    """Offers hand-read from providers' public pricing pages: one row per offer, columns
    :data:`PRICING_PAGE_COLUMNS` (``regions`` joined with ';'; ``gpu`` a registry id or name);
    lines starting with '#' are comments. Every row must name its page (``source``) and say how
    its date is known (``as_of_kind``); a number the page does not give stays empty. Ids and
    interconnect as for the other importers. A malformed row raises :class:`ImportError_` (the
    file is hand-written: a mistake must stop the build, not vanish)."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    _, rows = _read_csv(body, PRICING_PAGE_REQUIRED, PRICING_PAGE_COLUMNS, what)
    result = ImportResult()
    seen: dict[str, int] = {}
    for line, r in rows:
        gpu = registry.gpus.get(r["gpu"]) or registry.find_gpu_label(r["gpu"])
        if gpu is None:
            result.unmapped[r["gpu"]] = result.unmapped.get(r["gpu"], 0) + 1
            result.skipped.append(f"{what} line {line}: GPU {r['gpu']!r} not in the registry")
            continue
        count = _int(r["gpu_count"])
        if count is None:
            raise ImportError_(f"{what}: line {line}: bad gpu_count {r['gpu_count']!r}")
        oid = slug(f"{r['provider']}-{r['instance_type']}")
        if oid in seen:
            raise ImportError_(f"{what}: line {line}: offer id {oid!r} also on line {seen[oid]}")
        seen[oid] = line
        try:
            offer = msgspec.convert({
                "id": oid, "provider": r["provider"], "instance_type": r["instance_type"],
                "regions": [x.strip() for x in r.get("regions", "").split(";") if x.strip()],
                "gpu": gpu.id, "gpu_count": count,
                "interconnect": interconnect(gpu, count, r["instance_type"]),
                **{k: r[k] for k in ("vcpus", "ram_gib", "disk_gb", "network", "network_gbps",
                                     "on_demand_usd_h", "spot_usd_h", "reserved_usd_h",
                                     "reserved_term") if r.get(k)},
                "as_of": r["as_of"], "as_of_kind": r["as_of_kind"], "source": r["source"],
                "caution": r.get("caution", ""),
            }, Offer, strict=False)
        except (msgspec.ValidationError, ValueError) as exc:
            raise ImportError_(f"{what}: line {line}: {exc}") from exc
        result.offers.append(offer)
    result.offers.sort(key=lambda o: o.id)
    return result


# --------------------------------------------------------------------------- writing, diffing


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.6f}".rstrip("0").rstrip(".")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def offers_csv(offers: Iterable[Offer]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(OFFER_COLUMNS)
    for o in sorted(offers, key=lambda o: o.id):
        w.writerow([_cell(getattr(o, c)) for c in OFFER_COLUMNS])
    return buf.getvalue()


def write_offers(path: Path, offers: Iterable[Offer]) -> None:
    """Write offers as CSV (OFFER_COLUMNS header, sorted by id, regions joined with ';', empty
    cells for None) atomically: a temp file in the same directory, then os.replace."""
    text = offers_csv(offers)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class PriceChange:
    id: str
    field: str
    old: float | None
    new: float | None


@dataclass
class OfferDiff:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """Ids present in both whose content differs (prices or anything else)."""
    price_changes: list[PriceChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


_PRICE_FIELDS = ("on_demand_usd_h", "spot_usd_h", "reserved_usd_h")


def diff_offers(old: Iterable[Offer], new: Iterable[Offer]) -> OfferDiff:
    """What replacing ``old`` by ``new`` would change, by offer id (for dry runs)."""
    a = {o.id: o for o in old}
    b = {o.id: o for o in new}
    d = OfferDiff(added=sorted(b.keys() - a.keys()), removed=sorted(a.keys() - b.keys()))
    for oid in sorted(a.keys() & b.keys()):
        if _cells(a[oid]) != _cells(b[oid]):
            d.changed.append(oid)
            for f in _PRICE_FIELDS:
                x, y = getattr(a[oid], f), getattr(b[oid], f)
                if x != y:
                    d.price_changes.append(PriceChange(oid, f, x, y))
    return d


def _cells(o: Offer) -> list[str]:
    """Compare as written to CSV, so float noise below the written precision is no change."""
    return [_cell(getattr(o, c)) for c in OFFER_COLUMNS]
