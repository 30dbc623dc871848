"""In-process latency of the core answers (no HTTP): sizing, recommendations, ask; and the
time from `serve` to ready with a built index. Run with `make bench`; prints a Markdown table.

Two modes, both by default (``--mode fixed`` or ``--mode vary`` for one):

* fixed bodies: the same request again and again (what the answer cache would serve, here
  computed each time);
* every body different: hundreds of distinct requests over realistic values (models,
  contexts, concurrency, budgets, weights, targets, filters; questions about models, GPUs
  and contexts), so no answer is ever repeated and the shared capability caches warm up as
  with real traffic. Reports the calling thread's CPU time, the process's CPU time (the
  embedding model's threads included) and the wall time per request, and what the garbage
  collector sees: the objects still tracked after the run and the longest full (gen-2)
  collection.

Targets (from the issues): sizing p50 < 2 ms for a named model and GPU; recommendations p50 <
20 ms over the full catalog, <= 10 ms with every body different; ask p50 <= 30 ms at one
connection (repeated question), <= 20 ms with every question new; ready within 20 s with a
built index.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import httpx
import msgspec

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import KnowledgeBase, load_knowledge
from service.domain.answer.compose import AskRequest, answer
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import DomainError
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size, sized_from_entry
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

# --- every body different ------------------------------------------------------------------

LLMS = ("llama-3.1-8b", "llama-3.1-70b", "llama-3.3-70b", "qwen2.5-7b", "qwen2.5-32b",
        "qwen2.5-72b", "mistral-7b-v0.3", "mixtral-8x7b", "gemma-2-9b", "gemma-3-27b",
        "phi-4", "qwen3-8b", "qwen3-30b-a3b", "qwen3-32b", "deepseek-r1-distill-qwen-32b",
        "llama-3.2-3b", "gpt-oss-20b", "gpt-oss-120b", "mistral-nemo-12b", "llama-3.1-405b",
        "qwen3-235b-a22b", "deepseek-v3", "mixtral-8x22b", "llama-2-13b", "qwen2.5-1.5b")
DIFFUSION = ("flux.1-dev", "sdxl", "sd-1.5", "sd-3.5-large", "flux.1-schnell")
GPUS = ("h100-sxm", "a100-sxm-80gb", "l40s", "rtx-4090", "h200-sxm")
PROVIDERS = ("aws", "gcp", "azure", "lambda", "runpod", "vast", "coreweave", "nebius")


def _maybe(rng: random.Random, p: float, body: dict[str, Any], key: str,
           values: Sequence[object]) -> None:
    if rng.random() < p:
        body[key] = rng.choice(values)


def recommendation_body(rng: random.Random,
                        limits: dict[str, int] | None = None) -> dict[str, Any]:
    """One realistic recommendation request: mostly LLM serving, some batch, fine-tuning,
    pre-training and image generation; contexts, concurrency, formats, targets, usage,
    budgets and provider filters drawn from the values people ask about. ``limits``: each
    model's context limit (tokens), so a serving or batch context is one the model accepts
    (past it the answer is a 400, not a computed recommendation)."""
    r = rng.random()
    if r < 0.07:
        body: dict[str, Any] = {"model": rng.choice(DIFFUSION),
                                "workload": rng.choice(["serving", "batch"])}
        _maybe(rng, 0.5, body, "target_requests_per_s", [0.1, 0.5, 1, 2, 5])
        _maybe(rng, 0.3, body, "job_images", [1e3, 1e4, 1e5])
        return body
    body = {"model": rng.choice(LLMS),
            "workload": ("serving" if r < 0.72 else "batch" if r < 0.85
                         else "finetune" if r < 0.96 else "pretrain")}
    if body["workload"] in ("serving", "batch"):
        limit = (limits or {}).get(body["model"], 1 << 30)
        context = rng.choice([c for c in (1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072)
                              if c <= limit])
        body["context_tokens"] = min(context + rng.choice([0, 0, 0, 512, 1000]), limit)
        body["output_tokens"] = min(rng.choice([128, 256, 512, 1024, 2048]), context - 1)
        body["concurrent_requests"] = rng.choice([1, 1, 2, 4, 8, 16, 32, 64, 100, 128, 256])
        body["weights"] = rng.choice(["auto"] * 5 + ["bf16", "fp8", "awq-int4", "int8",
                                                     "q4_k_m", "q8_0"])
        _maybe(rng, 0.25, body, "kv_cache", ["fp8", "fp16", "q8_0"])
        _maybe(rng, 0.2, body, "engine", ["vllm", "sglang", "tensorrt-llm", "llama.cpp"])
        _maybe(rng, 0.3, body, "target_output_tokens_per_s", [100, 500, 1000, 5000, 20000])
        _maybe(rng, 0.15, body, "target_requests_per_s", [0.5, 1, 5, 20])
        _maybe(rng, 0.25, body, "max_time_to_first_token_ms", [200, 500, 1000, 3000])
        _maybe(rng, 0.25, body, "min_decode_tokens_per_s", [10, 20, 30, 50])
        if body["workload"] == "batch":
            _maybe(rng, 0.5, body, "job_output_tokens", [1e6, 1e7, 1e8, 1e9])
    else:
        ft: dict[str, Any] = {"method": "full" if body["workload"] == "pretrain"
                              else rng.choice(["lora", "qlora", "full"])}
        _maybe(rng, 0.4, ft, "lora_rank", [8, 16, 32, 64])
        _maybe(rng, 0.3, ft, "sequence_length", [1024, 2048, 4096, 8192])
        _maybe(rng, 0.3, ft, "micro_batch_size", [1, 2, 4, 8])
        body["finetune"] = ft
        body["training_tokens"] = rng.choice([1e7, 1e8, 1e9, 1e10, 1e11])
        _maybe(rng, 0.3, body, "allow_multi_node", [True])
    _maybe(rng, 0.3, body, "hours_per_day", [4, 8, 12, 20, 24])
    _maybe(rng, 0.15, body, "sessions_per_day", [1, 2, 4])
    _maybe(rng, 0.2, body, "days_per_month", [20, 22, 30])
    _maybe(rng, 0.25, body, "max_usd_per_hour", [0.5, 1, 2, 5, 10, 30, 100])
    _maybe(rng, 0.2, body, "max_usd_per_month", [500, 2000, 10000, 50000])
    _maybe(rng, 0.1, body, "max_usd_total", [100, 1000, 10000])
    if rng.random() < 0.1:
        body["providers"] = rng.sample(PROVIDERS, 3)
    if rng.random() < 0.08:
        body["exclude_providers"] = rng.sample(PROVIDERS[:4], 2)
    _maybe(rng, 0.1, body, "max_gpus_per_node", [1, 2, 4, 8])
    _maybe(rng, 0.15, body, "interruptible", [True, False])
    _maybe(rng, 0.15, body, "egress_gb_per_month", [10, 100, 1000])
    _maybe(rng, 0.15, body, "top_n", [1, 3, 10, 20])
    return body


def sizing_body(rng: random.Random, limits: dict[str, int] | None = None) -> dict[str, Any]:
    """One sizing request; ``limits`` as for ``recommendation_body`` (prompt + output within
    the model's context, else sizing answers ``runs: false`` without the speed model)."""
    model = rng.choice(LLMS)
    limit = (limits or {}).get(model, 1 << 30)
    body: dict[str, Any] = {"model": model, "gpu": rng.choice(GPUS),
                            "gpu_count": rng.choice([1, 2, 4, 8]),
                            "input_tokens": rng.choice([i for i in (1000, 2048, 4096, 8000, 32000)
                                                        if i + 1000 <= limit] or [1000]),
                            "output_tokens": rng.choice([128, 512, 1000]),
                            "batch_size": rng.choice([1, 4, 16, 64])}
    _maybe(rng, 0.5, body, "weights", ["bf16", "fp8", "awq-int4", "q4_k_m"])
    return body


ASK_MODELS = ("llama 3 70b", "llama 3.1 8b", "qwen 2.5 32b", "mistral 7b", "mixtral 8x7b",
              "gemma 2 9b", "phi-4", "qwen3 30b a3b", "deepseek r1 distill 32b",
              "llama 3.2 3b", "gpt-oss 20b", "flux dev", "sdxl")
ASK_GPUS = ("an h100", "an a100 80gb", "an l40s", "a 4090", "an h200", "two 3090s")
ASK_FORMATS = ("4-bit", "fp8", "bf16", "int8", "q4_k_m", "awq")
ASK_TEMPLATES = (
    "how much VRAM for {m} at {w} with {c}k context?",
    "can I run {m} on {g} with {c}k tokens of context?",
    "what gpu should I rent for {m} serving {u} users at {c}k context?",
    "cheapest way to host {m} in {w} for {u} concurrent requests",
    "is {g} enough for {m} at {w}, context {c}k, {u} users?",
    "fine-tune {m} with qlora on {g}, how much memory at {c}k sequence length?",
    "kv cache size for {m} at {c}k context and {u} users",
    "cât VRAM îi trebuie lui {m} la {w} cu context de {c}k?",
    "ce GPU să închiriez pentru {m} cu {u} utilizatori?",
)


def question(rng: random.Random) -> str:
    return rng.choice(ASK_TEMPLATES).format(
        m=rng.choice(ASK_MODELS), g=rng.choice(ASK_GPUS), w=rng.choice(ASK_FORMATS),
        c=rng.choice([2, 4, 8, 16, 32, 64, 128]), u=rng.choice([1, 2, 5, 10, 20, 50, 100]))


def distinct(make: Callable[[random.Random], Any], n: int, seed: int) -> list[Any]:
    """``n`` different values from ``make`` (bodies compared by their JSON)."""
    rng = random.Random(seed)
    seen: set[bytes] = set()
    out: list[Any] = []
    while len(out) < n:
        value = make(rng)
        key = msgspec.json.encode(value)
        if key not in seen:
            seen.add(key)
            out.append(value)
    return out


# --- measuring -------------------------------------------------------------------------------


def timed(fn: Callable[[], object], n: int) -> tuple[float, float]:
    fn()  # warm-up (first-call caches are part of the service, not of every request)
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) * 1000)
    ts.sort()
    return statistics.median(ts), ts[int(len(ts) * 0.99) - 1]


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))]


class GcWatch:
    """Times every garbage collection while active (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._start = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses[info["generation"]].append((time.perf_counter() - self._start) * 1000)

    def __enter__(self) -> GcWatch:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)


def each_different(what: str, calls: list[Callable[[], object]], target: str) -> str:
    """One row: thread CPU, process CPU and wall p50/p99 over calls that each differ."""
    cpu: list[float] = []
    proc: list[float] = []
    wall: list[float] = []
    for call in calls:
        w, c, p = time.perf_counter(), time.thread_time(), time.process_time()
        call()
        cpu.append((time.thread_time() - c) * 1000)
        proc.append((time.process_time() - p) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return (f"| {what} | {len(calls)} | {statistics.median(cpu):.2f} / {_pct(cpu, .99):.2f} | "
            f"{statistics.median(proc):.2f} / {_pct(proc, .99):.2f} | "
            f"{statistics.median(wall):.2f} / {_pct(wall, .99):.2f} | {target} |")


def _safe(fn: Callable[[], object]) -> Callable[[], object]:
    def call() -> object:
        try:
            return fn()
        except (DomainError, ValueError):  # an impossible body is an answer too
            return None
    return call


def vary_report(loaded: Catalog, kb: KnowledgeBase, settings: Settings, n: int) -> list[str]:
    today = dt.date.today()
    limits = {m: sized_from_entry(loaded.registry.model(m)).max_context or 1 << 30
              for m in LLMS}
    recs = [msgspec.convert(b, RecommendationRequest)
            for b in distinct(lambda rng: recommendation_body(rng, limits), n, seed=20)]
    sizes = [msgspec.convert(b, SizingRequest)
             for b in distinct(lambda rng: sizing_body(rng, limits), n, seed=21)]
    questions = distinct(question, n // 2 + 20, seed=22)
    for q in questions[:20]:  # warm-up on other questions (first-call set-up, not per request)
        answer(AskRequest(question=q), kb, loaded, today)
    gc.collect()
    tracked_before = len(gc.get_objects())  # not counting the frozen
    with GcWatch() as watch:
        rec_row = each_different("recommendations", [_safe(lambda r=r: recommend(
            r, loaded, today)) for r in recs], "<= 10 ms")
    gc.collect()
    tracked_after = len(gc.get_objects())
    full = []
    for _ in range(5):
        t = time.perf_counter()
        gc.collect()
        full.append((time.perf_counter() - t) * 1000)
    size_row = each_different("sizing", [_safe(lambda r=r: size(r, loaded))
                                         for r in sizes], "< 2 ms")
    ask_row = each_different("ask (new question)", [lambda q=q: answer(
        AskRequest(question=q), kb, loaded, today) for q in questions[20:]], "<= 20 ms")
    gen2 = watch.pauses[2]
    return [
        "## Every body different\n",
        "Each request differs from every other (seeded, realistic values), so nothing is an "
        "answer-cache hit. Milliseconds, p50 / p99: CPU of the calling thread, CPU of the "
        "process (the embedding model's threads included), wall clock.\n",
        "| what | requests | thread CPU | process CPU | wall | target (p50) |",
        "|---|---:|---:|---:|---:|---|",
        rec_row, size_row, ask_row,
        "",
        f"Garbage collector, over the {len(recs)} recommendations: "
        f"{tracked_after - tracked_before:+d} objects tracked after the run "
        f"({tracked_before} before); {len(gen2)} full (gen-2) collections during it"
        + (f", longest {max(gen2):.1f} ms" if gen2 else "")
        + f"; a full collection afterwards takes {statistics.median(full):.1f} ms "
        "(the model, index and catalog frozen out of its reach after loading, as in the "
        "server).",
    ]


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench.inprocess", description=__doc__.split("\n")[0])
    p.add_argument("--mode", choices=("all", "fixed", "vary"), default="all",
                   help="fixed bodies, every body different, or both (default)")
    p.add_argument("--n", type=int, default=400,
                   help="distinct recommendation and sizing bodies (questions: half)")
    args = p.parse_args(argv)
    settings = Settings.from_env()
    loaded = load_catalog(settings.catalog_dir, settings.stale_after_days)
    kb = load_knowledge(settings.knowledge_dir, settings.index_dir, settings.embedding_model)
    gc.freeze()  # as the server does once loaded: what every request needs is not collectable
    today = dt.date.today()
    print(f"# In-process benchmark ({dt.date.today()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"{len(loaded.offers)} offers)\n")
    if args.mode in ("all", "vary"):
        # first, while the shared caches are cold (the fixed bodies would warm them)
        vary = vary_report(loaded, kb, settings, args.n)
    if args.mode in ("all", "fixed"):
        rows: list[tuple[str, str, float, float, str]] = []
        for body in SIZING:
            req = msgspec.convert(body, SizingRequest)
            p50, p99 = timed(lambda req=req: size(req, loaded), 300)
            rows.append(("sizing", str(body), p50, p99, "< 2 ms"))
        for body in RECOMMEND:
            rreq = msgspec.convert(body, RecommendationRequest)
            p50, p99 = timed(lambda rreq=rreq: recommend(rreq, loaded, today), 50)
            rows.append(("recommendations", str(body), p50, p99, "< 20 ms"))
        for q in ASK:
            areq = AskRequest(question=q)
            p50, p99 = timed(lambda areq=areq: answer(areq, kb, loaded, today), 50)
            rows.append(("ask", q, p50, p99, "<= 30 ms"))
        print("| what | request | p50 ms | p99 ms | target |")
        print("|---|---|---:|---:|---|")
        for what, body, p50, p99, target in rows:
            print(f"| {what} | `{body}` | {p50:.2f} | {p99:.2f} | {target} |")
    if args.mode in ("all", "vary"):
        print("\n" + "\n".join(vary))
    if args.mode in ("all", "fixed"):
        ready = time_to_ready()
        print(f"\nserve → /readyz 200 with a built index: {ready:.1f} s (target ≤ 20 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
