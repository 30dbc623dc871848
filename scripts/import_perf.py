"""Condense ai-dynamo/aiconfigurator's measured GEMM and NCCL tables (../shared/reference/perf/)
into the small files the service loads (catalog/perf/), and copy the serving measurements next
to catalog/calibration.csv.

Source: github.com/ai-dynamo/aiconfigurator @ 095f58a51c4ca8e61b66ec108d86f223f8d559ce,
Apache-2.0 (see catalog/perf/README.md). Run: .venv/bin/python scripts/import_perf.py
"""

from __future__ import annotations

import csv
import shutil
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "reference" / "perf"
OUT = ROOT / "catalog" / "perf"

# aiconfigurator system -> a name the GPU registry resolves (find_gpu)
GPU_NAMES = {
    "a100_sxm": "A100 SXM 80GB", "h100_sxm": "H100 SXM", "h200_sxm": "H200 SXM",
    "b200_sxm": "B200", "b300_sxm": "B300", "gb200": "GB200", "gb300": "GB300",
    "l40s": "L40S", "rtx_pro_6000_server": "RTX PRO 6000 Server", "b60": "Arc Pro B60",
}


def gemm() -> None:
    lat: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    with (SRC / "gemm_n8192_k8192.csv").open() as f:
        for r in csv.DictReader(f):
            lat[(r["system"], r["gemm_dtype"], int(r["m"]))].append(float(r["latency_ms"]))
    with (OUT / "gemm.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["system", "gpu_name", "dtype", "m", "latency_ms", "backends"])
        for (system, dtype, m), v in sorted(lat.items()):
            w.writerow([system, GPU_NAMES[system], dtype, m, f"{statistics.median(v):.6g}",
                        len(v)])


def collectives() -> None:
    lat: dict[tuple[str, str, int, int], list[float]] = defaultdict(list)
    with (SRC / "collectives.csv").open() as f:
        for r in csv.DictReader(f):
            if r["op_name"] not in ("all_reduce", "all_gather") or r["nccl_dtype"] != "half":
                continue
            # message_size counts elements (int8 rows move half the time of half rows at the
            # same size): 2 bytes each in half precision
            size = 2 * int(r["message_size"])
            if r["op_name"] == "all_gather" and r["kernel_source"] == "oneCCL":
                # oneCCL's benchmark counts an all-gather's message per rank (each GPU's
                # input), NCCL's the gathered output: at 256 MiB its all-gather takes exactly
                # 1.00x its all-reduce over 2 GPUs and 2.00x over 4, where every NCCL server
                # measures 0.55-0.69x. Counted as NCCL counts it: the output, n x the input
                size *= int(r["num_gpus"])
            key = (r["system"], r["op_name"], int(r["num_gpus"]), size)
            lat[key].append(float(r["latency_ms"]))
    with (OUT / "collectives.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["system", "gpu_name", "op", "num_gpus", "message_bytes", "latency_ms"])
        for (system, op, n, size), v in sorted(lat.items()):
            w.writerow([system, GPU_NAMES[system], op, n, size, f"{statistics.median(v):.6g}"])


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    gemm()
    collectives()
    shutil.copyfile(SRC / "serving_measurements.csv", ROOT / "catalog" / "serving_measurements.csv")
