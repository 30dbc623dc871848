"""In-process latency of the core answers (no HTTP): sizing, recommendations, ask; and the
time from `serve` to ready with a built index. Run with `make bench`; prints a Markdown table.

Targets (from the issues): sizing p50 < 2 ms for a named model and GPU; recommendations p50 <
20 ms over the full catalog; ask p50 <= 30 ms at one connection (repeated question); ready
within 20 s with a built index.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import httpx
import msgspec

from service.adapters.knowledge_base import load_knowledge
from service.api.state import AppState
from service.app import load_data
from service.domain.ask import AskRequest, answer
from service.domain.recommend import recommend
from service.domain.recommend_types import RecommendationRequest
from service.domain.requests import SizingRequest
from service.domain.sizing import size
from service.settings import Settings

SIZING = [{"model": "llama-3.1-8b", "gpu": "h100-sxm"},
          {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpu_count": 2, "weights": "fp8",
           "input_tokens": 8000}]
RECOMMEND = [{"model": "llama-3.1-8b", "workload": "serving"},
             {"model": "llama-3.1-70b", "workload": "serving", "context_tokens": 32768,
              "concurrent_requests": 8},
             {"model": "llama-3.1-8b", "workload": "finetune", "finetune": {"method": "qlora"},
              "training_tokens": 1e8}]
ASK = ["how much VRAM for llama 3 70b at 4-bit with 32k context?",
       "merită spot pentru un endpoint de producție?"]


def timed(fn: Callable[[], object], n: int) -> tuple[float, float]:
    fn()  # warm-up (first-call caches are part of the service, not of every request)
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) * 1000)
    ts.sort()
    return statistics.median(ts), ts[int(len(ts) * 0.99) - 1]


def time_to_ready() -> float:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "GPU_ADVISOR_LOG_JSON": "true"}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        while time.perf_counter() - start < 120:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                    return time.perf_counter() - start
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        return float("nan")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> int:
    settings = Settings.from_env()
    loaded = load_data(AppState(settings=settings))
    kb = load_knowledge(settings.knowledge_dir, settings.index_dir, settings.embedding_model)
    today = dt.date.today()
    rows: list[tuple[str, str, float, float, str]] = []
    for body in SIZING:
        req = msgspec.convert(body, SizingRequest)
        p50, p99 = timed(lambda req=req: size(req, loaded.registry), 300)
        rows.append(("sizing", str(body), p50, p99, "< 2 ms"))
    for body in RECOMMEND:
        rreq = msgspec.convert(body, RecommendationRequest)
        p50, p99 = timed(lambda rreq=rreq: recommend(
            rreq, loaded.registry, loaded.offers, loaded.providers, today,
            settings.stale_after_days, loaded.catalog_version), 50)
        rows.append(("recommendations", str(body), p50, p99, "< 20 ms"))
    for q in ASK:
        areq = AskRequest(question=q)
        p50, p99 = timed(lambda areq=areq: answer(
            areq, kb.retriever, kb.passages, loaded.registry, loaded.offers, loaded.providers,
            today, settings.stale_after_days, loaded.catalog_version), 50)
        rows.append(("ask", q, p50, p99, "<= 30 ms"))
    ready = time_to_ready()
    print(f"# In-process benchmark ({dt.date.today()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"{len(loaded.offers)} offers)\n")
    print("| what | request | p50 ms | p99 ms | target |")
    print("|---|---|---:|---:|---|")
    for what, body, p50, p99, target in rows:
        print(f"| {what} | `{body}` | {p50:.2f} | {p99:.2f} | {target} |")
    print(f"\nserve → /readyz 200 with a built index: {ready:.1f} s (target ≤ 20 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
