"""Every all-gather curve counts its message as the gathered output (nccl-tests' size).

aiconfigurator's Arc Pro B60 rows come from oneCCL's benchmark, which counts an all-gather's
message per rank: read as NCCL's, its all-gather took 1.00x its all-reduce's time over 2 GPUs
and 2.00x over 4, and ZeRO-3 training on B60 was priced on a curve 2-4x too slow. With the
sizes counted alike, an all-gather of M bytes takes about half an all-reduce of M bytes (a
ring moves (n-1)/n against 2(n-1)/n) on every system."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import pytest

CSV = Path(__file__).resolve().parents[2] / "catalog" / "perf" / "collectives.csv"
BIG = 268435456  # 256 MiB: bandwidth-bound everywhere


def _ratios() -> dict[tuple[str, int], float]:
    lat: dict[tuple[str, int], dict[str, float]] = defaultdict(dict)
    with CSV.open() as f:
        for r in csv.DictReader(f):
            if int(r["message_bytes"]) == BIG:
                lat[(r["system"], int(r["num_gpus"]))][r["op"]] = float(r["latency_ms"])
    return {k: v["all_gather"] / v["all_reduce"] for k, v in lat.items()
            if "all_gather" in v and "all_reduce" in v}


RATIOS = _ratios()


def test_the_b60_is_among_the_systems_checked() -> None:
    assert ("b60", 2) in RATIOS and ("b60", 4) in RATIOS


@pytest.mark.parametrize("key", sorted(RATIOS), ids=[f"{s}-{n}" for s, n in sorted(RATIOS)])
def test_an_all_gather_takes_about_half_an_all_reduce_of_the_same_bytes(
        key: tuple[str, int]) -> None:
    assert 0.3 <= RATIOS[key] <= 0.8, RATIOS[key]
