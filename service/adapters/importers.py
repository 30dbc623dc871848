"""Import public price tables into :class:`~service.domain.catalog.offers.Offer` rows.

Parsing is pure: text in, :class:`ImportResult` out; nothing here touches the disk except
:func:`write_offers`. Every importer keeps only rows whose GPU maps to the registry; the others
are counted in ``ImportResult.unmapped`` (name as written -> rows) and rows dropped for any other
reason are described in ``ImportResult.skipped``.

Rules shared by the importers
-----------------------------
* **GPU mapping.** The accelerator name goes through ``Registry.find_gpu``. The variants of one
  chip (A100 40/80 GB SXM/PCIe, H100 SXM/PCIe/NVL, H200 SXM/NVL, V100 16/32 GB SXM2/PCIe, GH200
  96/144 GB) are then told apart by the GPU memory the source states (``GpuInfo`` or the FSDL
  ``GPU RAM`` column, whichever of per-GPU or per-node the source means) and by form-factor
  hints in the accelerator or instance name ("pcie", "sxm", "hgx", "nvl" but not "nvlink").
  A stated memory that fits no variant of the named chip (a "RTX4060" row with 16 GB, a 48 GB
  "RTX4090") makes the row unmapped under ``"<name> (<MiB> MiB)"`` rather than mapped wrongly.
* **Prices.** A zero or empty price means "no price". A spot price equal to the on-demand
  price is no spot offer (Azure H100) and is dropped; Mithril sells by spot auction only, so
  its rows are spot-only; a spot price above on-demand is dropped and reported in
  ``skipped``.
* **Regions.** Rows that differ only by region/zone are merged into one offer listing the
  regions, when their prices (on-demand and spot) are equal. When the same instance type is
  priced differently in different regions, the cheapest price level (lowest on-demand, then
  lowest spot) is kept with the regions that charge it; the dearer levels are reported in
  ``skipped``. So every price of an offer holds in every region it lists. vCPUs and RAM of a
  merged offer are the smallest seen across its rows (a floor, never an overstatement).
* **Ids.** ``<provider>-<instance_type>`` lowercased, every run of non-alphanumerics turned into
  one '-'. Only when two offers of one provider would share an id is the GPU id appended, then
  a counter.
* **Interconnect.** One GPU: "none". SXM parts (8 or more of H100/H200/A100 SXM or B200):
  "nvswitch"; other multi-GPU SXM nodes: "nvlink"; multi-GPU PCIe cards: "pcie"; anything else
  (OAM, TPU, superchips): "unknown".
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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from service.domain.catalog.gpus import GPU
from service.domain.catalog.offers import OFFER_COLUMNS, Interconnect, Offer
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
_NVSWITCH_PARTS = frozenset({"h100-sxm", "h200-sxm", "a100-sxm-40gb", "a100-sxm-80gb", "b200"})


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
    gpu = registry.find_gpu(name)
    if gpu is None:
        cleaned = re.sub(r"^(nvidia|amd|intel)[-_ ]+", "", name.strip(), flags=re.I)
        cleaned = re.sub(r"(?<![-_ ])[-_ ]++(hbm\d?e?|gddr\d\w*+)$", "", cleaned, flags=re.I)
        if cleaned != name:
            gpu = registry.find_gpu(cleaned)
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


def interconnect(gpu: GPU, count: int) -> Interconnect:
    """How the GPUs of one node talk to each other (see the module docstring)."""
    if count == 1:
        return "none"
    ff = gpu.form_factor.lower()
    if ff.startswith("sxm"):
        return "nvswitch" if count >= 8 and gpu.id in _NVSWITCH_PARTS else "nvlink"
    if ff.startswith("pcie"):
        return "pcie"
    return "unknown"


# --------------------------------------------------------------------------- merging


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _region_sort(regions: Iterable[str]) -> list[str]:
    return sorted(set(r for r in regions if r))


def _merge(rows: list[_Row], provider: str, as_of: dt.date, source: str,
           result: ImportResult, extra: dict[str, dict[str, Any]] | None = None) -> None:
    """Region merge (see the module docstring), then ids, then Offer construction."""
    groups: dict[tuple[str, str, int], list[_Row]] = defaultdict(list)
    for r in rows:
        groups[(r.instance_type, r.gpu.id, r.gpu_count)].append(r)
    built: list[tuple[str, dict[str, Any]]] = []
    for (itype, gid, count), members in groups.items():
        levels: dict[tuple[float | None, float | None], list[_Row]] = defaultdict(list)
        for r in members:
            levels[(r.on_demand, r.spot)].append(r)

        def cost(key: tuple[float | None, float | None]) -> tuple[float, float]:
            od, sp = key
            return (od if od is not None else math.inf, sp if sp is not None else math.inf)

        ordered = sorted(levels, key=cost)
        best = ordered[0]
        kept = levels[best]
        if len(ordered) > 1:
            dropped = "; ".join(
                f"{_fmt(k)} in {', '.join(_region_sort(r.region for r in levels[k])) or '-'}"
                for k in ordered[1:])
            result.skipped.append(
                f"{provider} {itype}: kept {_fmt(best)} in "
                f"{', '.join(_region_sort(r.region for r in kept)) or '-'}; dropped dearer "
                f"region prices {dropped}")
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
            "interconnect": interconnect(gpu, count),
            "vcpus": min(vcpus) if vcpus else None,
            "ram_gib": min(rams) if rams else None,
            "disk_gb": min(disks) if disks else None,
            "on_demand_usd_h": best[0],
            "spot_usd_h": best[1],
            "as_of": as_of,
            "source": source,
        }
        if extra and itype in extra:
            fields.update(extra[itype])
        built.append((slug(f"{provider}-{itype}"), fields))
    result.offers.extend(_assign_ids(built))


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


def _check_spot(provider: str, itype: str, od: float | None, spot: float | None,
                result: ImportResult, line: int) -> float | None:
    if spot is None or od is None:
        return spot
    if spot == od:
        return None  # a "spot" price equal to on-demand is no spot offer (Azure H100)
    if spot > od:
        result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h above "
                              f"on-demand ${od}/h; spot price dropped")
        return None
    return spot


# --------------------------------------------------------------------------- SkyPilot v8

SKYPILOT_COLUMNS = frozenset({
    "InstanceType", "vCPUs", "MemoryGiB", "AcceleratorName", "AcceleratorCount", "GpuInfo",
    "GPUInfo", "Region", "AvailabilityZone", "Price", "SpotPrice", "Arch", "UpstreamCloudId",
    "StorageGiB",
})
SKYPILOT_REQUIRED = ("InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region")
_SPOT_SUFFIX = "__SPOT"


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


def _info_memory(info: dict[str, Any] | None) -> tuple[str, float | None, float | None]:
    """The GPU name in GpuInfo, its SizeInMiB and its TotalGpuMemoryInMiB (MiB; shadeform
    writes GB in these fields, so any figure under 1024 is taken as GB; 0 = unknown)."""
    if not info:
        return "", None, None
    gpus = info.get("Gpus") or []
    first = gpus[0] if gpus and isinstance(gpus[0], dict) else {}
    name = str(first.get("Name") or "")
    mem_info = first.get("MemoryInfo") or {}

    def mib(v: object) -> float | None:
        x = _num(str(v)) if v is not None else None
        if not x or x <= 0:
            return None
        return x * 1024 if x < 1024 else x

    size = mib(mem_info.get("SizeInMiB") if isinstance(mem_info, dict) else None)
    total = mib(info.get("TotalGpuMemoryInMiB", first.get("TotalGpuMemoryInMiB")))
    return name, size, total


def _size_is_node_total(rows: list[tuple[int, dict[str, str]]]) -> bool:
    """Whether a file's GpuInfo SizeInMiB is per node (vast, primeintellect) rather than per
    GPU (most): true when multi-GPU rows carry ``count x`` the size of single-GPU rows of the
    same accelerator."""
    single: dict[str, float] = {}
    multi: list[tuple[str, int, float]] = []
    for _, r in rows:
        count = _int(r.get("AcceleratorCount"))
        _, size, _ = _info_memory(parse_gpu_info(r.get("GpuInfo") or r.get("GPUInfo") or ""))
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
                   registry: Registry) -> ImportResult:
    """Offers from one SkyPilot v8 ``vms.csv``.

    Quirks handled (see catalog_sources/SOURCES.md): SpotPrice 0.00 = no spot (vast); spot rows
    ``<type>__SPOT`` with an empty Price merged into the on-demand row of the same type and
    region as its spot price (primeintellect; a spot row with no on-demand twin becomes a
    spot-only offer); GpuInfo as JSON or Python literal, memory per GPU or per node, GB in MiB
    fields (shadeform), 0 MiB (seeweb: memory then ignored); Price == SpotPrice (mithril: an
    auction price, spot only); one row per region (lambda and others: merged); any column
    order; CRLF/LF/no final newline. Region merge and ids: see the module docstring."""
    what = f"{provider}/vms.csv"
    _, rows = _read_csv(text, SKYPILOT_REQUIRED, SKYPILOT_COLUMNS, what)
    result = ImportResult()
    cpu_rows = 0
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
        if count is None:
            result.skipped.append(f"{provider} {itype} (line {line}): fractional GPU count "
                                  f"{r.get('AcceleratorCount')}")
            continue
        is_spot_row = itype.endswith(_SPOT_SUFFIX)
        base = itype[: -len(_SPOT_SUFFIX)] if is_spot_row else itype
        info = parse_gpu_info(r.get("GpuInfo") or r.get("GPUInfo") or "")
        info_name, size, total = _info_memory(info)
        mems: list[float] = []
        if size:
            # per GPU unless the file gives node totals, or no GPU has that much memory
            per_gpu = size / count if size_is_total or size / 1024 > 320 else size
            mems.append(per_gpu / 1024)
        elif total:
            mems.append(total / count / 1024)
        gpu = map_gpu(registry, name, mem_gib=mems,
                      hint_text=f"{base} {r.get('UpstreamCloudId', '')}")
        if gpu is None and info_name and info_name != name:
            gpu = map_gpu(registry, info_name, mem_gib=mems, hint_text=base)
        if gpu is None:
            label = name
            if registry.find_gpu(name) is not None and mems:
                # a known name whose stated memory fits no variant: name it with the memory
                label = f"{name} ({round(min(mems) * 1024)} MiB)"
            unmapped[label] += 1
            continue
        region = r.get("Region", "").strip().strip(",").strip()
        zone = r.get("AvailabilityZone", "").strip()
        if zone and region and zone != region:
            region = f"{region}/{zone}"
        elif zone:
            region = zone
        od = _price(r.get("Price"))
        spot = _price(r.get("SpotPrice"))
        disk = _pos(r.get("StorageGiB"))
        row = _Row(line=line, instance_type=base, gpu=gpu, gpu_count=count, region=region,
                   on_demand=None if is_spot_row else od,
                   spot=(spot if spot is not None else od) if is_spot_row else spot,
                   vcpus=_int(r.get("vCPUs")), ram_gib=_pos(r.get("MemoryGiB")),
                   disk_gb=round(disk * 1.073741824, 1) if disk else None)
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
        row.spot = _check_spot(provider, row.instance_type, row.on_demand, row.spot, result,
                               row.line)
        if row.on_demand is None and row.spot is None:
            result.skipped.append(f"{provider} {row.instance_type} (line {row.line}): no price")
            continue
        final.append(row)
    if cpu_rows:
        result.skipped.append(f"{provider}: {cpu_rows} rows without a GPU (CPU-only) ignored")
    result.unmapped = dict(sorted(unmapped.items()))
    _merge(final, provider, as_of, source, result)
    result.offers.sort(key=lambda o: o.id)
    return result


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
               providers: Iterable[str] | None = None) -> ImportResult:
    """Offers from the Full Stack Deep Learning ``cloud-gpus.csv`` (all clouds, or only those
    whose provider id is in ``providers``).

    The table has no regions (offers get an empty region list). Rows without a Name get the
    instance type ``"<n>x <GPU Type> (<vCPUs> vCPU, <RAM> GB RAM)"``; Azure names get the API
    spelling (``Standard_ND96amsr_A100_v4``). Rows without an On-demand price are skipped (the
    Per-GPU column alone is ambiguous: Exoscale puts node totals in it). vCPU/RAM ranges
    ("4-6") are left empty. ``GPU RAM`` is per node for most clouds and per GPU for some;
    both readings are tried when telling GPU variants apart."""
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
        gpu = map_gpu(registry, gpu_type, mem_gib=mems, hint_text=name)
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
        spot = _check_spot(provider, name, od, _price(r.get("Spot")), result, line)
        by_provider[provider].append(_Row(
            line=line, instance_type=name, gpu=gpu, gpu_count=count, region="",
            on_demand=od, spot=spot, vcpus=vcpus, ram_gib=ram_gib))
    for provider, n in sorted(no_price.items()):
        result.skipped.append(f"fsdl {provider}: {n} rows without an On-demand price skipped")
    for provider, prow in sorted(by_provider.items()):
        _merge(prow, provider, as_of, source, result)
    result.unmapped = dict(sorted(unmapped.items()))
    result.offers.sort(key=lambda o: o.id)
    return result


# --------------------------------------------------------------------------- hyperscalers

HYPERSCALER_COLUMNS = frozenset({"provider", "instance_type", "region", "gpu", "gpu_count",
                                 "vcpus", "ram_gib", "on_demand_usd_h", "spot_usd_h", "as_of",
                                 "source"})
HYPERSCALER_REQUIRED = ("provider", "instance_type", "gpu", "gpu_count", "on_demand_usd_h",
                        "spot_usd_h")


@dataclass(frozen=True)
class HyperscalerFix:
    """A hand check of one hyperscaler row: the GPU it really has, its network, a note."""

    gpu: str | None = None
    gpu_count: int | None = None
    network: str | None = None
    network_gbps: float | None = None
    drop_spot: bool = False
    note: str = ""


def parse_hyperscaler(text: str, as_of: dt.date, registry: Registry,
                      fixes: dict[str, HyperscalerFix] | None = None,
                      note: str = "") -> ImportResult:
    """Offers from ``provider_policies/hyperscaler_prices.csv`` (one row per instance type,
    already reduced to one region). Rows with no GPU count or no price are skipped; a spot
    price above or equal to on-demand is dropped (and noted in the offer's source). ``fixes``
    (by instance type) override the GPU id / count and add network figures; ``note`` is
    appended to every offer's source (say there how ``as_of`` was chosen)."""
    _, rows = _read_csv(text, HYPERSCALER_REQUIRED, HYPERSCALER_COLUMNS,
                        "hyperscaler_prices.csv")
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
            registry, r["gpu"], hint_text=itype)
        if gpu is None:
            unmapped[r["gpu"]] += 1
            continue
        od = _price(r.get("on_demand_usd_h"))
        spot = _price(r.get("spot_usd_h"))
        notes: list[str] = []
        if fix.drop_spot and spot is not None:
            notes.append(f"spot ${spot}/h dropped (hand check: source row suspect)")
            result.skipped.append(f"{provider} {itype} (line {line}): spot ${spot}/h dropped "
                                  f"by hand check")
            spot = None
        if od is not None and spot is not None and spot >= od:
            notes.append(f"spot ${spot}/h dropped: not below on-demand")
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
        if note:
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
            vcpus=_int(r.get("vcpus")), ram_gib=_pos(r.get("ram_gib"))))
    for provider, prow in sorted(by_provider.items()):
        _merge(prow, provider, as_of, "hyperscaler_prices.csv", result, extras[provider])
    result.unmapped = dict(sorted(unmapped.items()))
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
