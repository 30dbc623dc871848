"""Read the measured efficiency tables (``catalog/perf/gemm.csv``, ``collectives.csv``,
``attention.csv``) and
the serving measurements (``catalog/serving_measurements.csv``) into domain values.

Sources: ai-dynamo/aiconfigurator @ 095f58a, Apache-2.0 (``catalog/perf/README.md``)."""

from __future__ import annotations

import csv
import tomllib
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from service.domain.catalog.gpus import GPU
from service.domain.catalog.registry import Registry
from service.domain.sizing.efficiency import (
    AttentionCurve,
    CollectiveCurve,
    GemmCurve,
    PerfTables,
    ServingErrorBand,
)

PERF_FILES = ("perf/gemm.csv", "perf/collectives.csv", "perf/attention.csv",
              "perf/serving_error.toml", "serving_measurements.csv")
"""Catalog files this adapter reads (part of the catalog's version hash)."""


def _known_rows(path: Path, registry: Registry) -> Iterator[tuple[dict[str, str], GPU]]:
    """The rows of a measurement CSV whose ``gpu_name`` the registry knows, with that GPU; a
    missing file has none."""
    if not path.exists():
        return
    with path.open(encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            g = registry.find_gpu_label(r["gpu_name"])
            if g is not None:
                yield r, g


def load_perf(root: Path, registry: Registry) -> PerfTables:
    """The measured curves under ``root`` (the catalog folder) for the GPUs the registry
    knows; missing files give empty tables (everything derived from datasheets)."""
    gpus: dict[str, GPU] = {}
    gemm: dict[tuple[str, str, str], list[tuple[float, float]]] = defaultdict(list)
    for r, g in _known_rows(root / "perf" / "gemm.csv", registry):
        gpus[g.id] = g
        gemm[(r["system"], g.id, r["dtype"])].append(
            (float(r["m"]), float(r["latency_ms"]) * 1e-3))
    coll: dict[tuple[str, str, str, int], list[tuple[float, float]]] = defaultdict(list)
    for r, g in _known_rows(root / "perf" / "collectives.csv", registry):
        coll[(r["system"], g.id, r["op"], int(r["num_gpus"]))].append(
            (float(r["message_bytes"]), float(r["latency_ms"]) * 1e-3))
    curves = tuple(
        GemmCurve(system=s, gpu_id=gid, dtype=d, m=tuple(p[0] for p in pts),
                  latency_s=tuple(p[1] for p in pts))
        for (s, gid, d), pts in sorted(gemm.items()) for pts in [sorted(pts)])
    colls = tuple(
        CollectiveCurve(system=s, gpu_id=gid, op=op, num_gpus=n,
                        message_bytes=tuple(p[0] for p in pts),
                        latency_s=tuple(p[1] for p in pts))
        for (s, gid, op, n), pts in sorted(coll.items()) for pts in [sorted(pts)])
    return PerfTables(gemm=curves, collectives=colls, gpus=gpus,
                      attention=read_attention(root / "perf" / "attention.csv"),
                      serving_error=read_serving_error(root / "perf" / "serving_error.toml"))


SERVING_ERROR_HEADER = """\
# The serving model's error against measured serving runs: for each engine measured (and
# every engine, "*"), each model family (dense, moe; "*" both) and TTFT / TPOT, the quantile
# of measured / modelled over the rows of catalog/serving_measurements.csv
# (ai-dynamo/aiconfigurator, Apache-2.0) replayed through service/domain/sizing/serving.py.
# Written by `gpu-advisor calibrate --write-serving-error catalog/perf/serving_error.toml`;
# tests/unit/test_serving_error.py fails when the serving model has moved and this file has
# not. Recommendations warn where a stated target is met by less than the band.
"""


def read_serving_error(path: Path) -> tuple[ServingErrorBand, ...]:
    """The serving model's error bands (``catalog/perf/serving_error.toml``); none when the
    file is missing."""
    if not path.exists():
        return ()
    with path.open("rb") as f:
        data = tomllib.load(f)
    return tuple(ServingErrorBand(**b) for b in data.get("band", []))


def write_serving_error(path: Path, bands: tuple[ServingErrorBand, ...]) -> None:
    """Write ``bands`` as ``read_serving_error`` reads them (whole file, then renamed into
    place, so a reader never sees half of it)."""
    lines = [SERVING_ERROR_HEADER]
    for b in bands:
        lines += ["[[band]]", f'engine = "{b.engine}"', f'family = "{b.family}"',
                  f'kind = "{b.kind}"', f"rows = {b.rows}", f"quantile = {b.quantile}",
                  f"measured_over_model = {b.measured_over_model}", ""]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(path)


def read_attention(path: Path) -> tuple[AttentionCurve, ...]:
    """Attention kernels' measured speed against sequence length, one curve per kernel (in
    the file's order: a kernel named for an architecture before the ``*`` fallback)."""
    if not path.exists():
        return ()
    rows: dict[str, list[dict[str, str]]] = {}
    with path.open(encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            rows.setdefault(r["kernel"], []).append(r)
    curves = []
    for kernel, rs in rows.items():
        rs.sort(key=lambda r: float(r["seq_len"]))
        curves.append(AttentionCurve(
            kernel=kernel, architectures=tuple(rs[0]["architectures"].split("|")),
            seq_len=tuple(float(r["seq_len"]) for r in rs),
            tflops=tuple(float(r["tflops"]) for r in rs), source=rs[0]["source"]))
    return tuple(curves)


def default_serving_csv(root: Path) -> Path:
    return root / "serving_measurements.csv"


def read_serving_measurements(path: Path) -> list[dict[str, str]]:
    """The rows of ``serving_measurements.csv`` as written (the domain parses them)."""
    with path.open(encoding="utf-8", newline="") as f:
        return [dict(r) for r in csv.DictReader(f)]
