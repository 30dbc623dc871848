"""Command line: ``gpu-advisor`` (also ``python -m service``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

OPENAPI_PATH = Path("openapi") / "openapi.json"


def _repo_root() -> Path:
    return Path(__file__).resolve().parents[1]


def build_spec() -> dict[str, Any]:
    """The OpenAPI document, generated from the app, in a stable key order."""
    from service.app import create_app
    from service.settings import Settings

    app = create_app(Settings(), configure_logs=False)
    schema = app.openapi_schema.to_schema()
    result: dict[str, Any] = json.loads(json.dumps(schema, sort_keys=True))
    return result


def spec_text() -> str:
    return json.dumps(build_spec(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def cmd_openapi(args: argparse.Namespace) -> int:
    target = Path(args.output) if args.output else _repo_root() / OPENAPI_PATH
    text = spec_text()
    if args.check:
        if not target.exists() or json.loads(target.read_text()) != json.loads(text):
            print(f"{target} is out of date with the app: run `gpu-advisor openapi` and commit "
                  "the result", file=sys.stderr)
            return 1
        print(f"{target} matches the app")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(target)
    print(f"wrote {target}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.logging import configure_logging
    from service.settings import Settings, SettingsError

    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    host = args.host or settings.host
    port = args.port or settings.port
    configure_logging(settings.log_level, settings.log_json)
    print(f"gpu-advisor listening on http://{host}:{port} (API docs: http://{host}:{port}/docs)",
          flush=True)
    uvicorn.run("service.app:create_app", factory=True, host=host, port=port,
                workers=args.workers, log_config=None, access_log=False, lifespan="on")
    return 0


def _load_registry() -> Any:
    from service.adapters.catalog_files import load_registry
    from service.settings import Settings

    return load_registry(Settings.from_env().catalog_dir).registry


def cmd_size(args: argparse.Namespace) -> int:
    from service.domain.errors import DomainError
    from service.domain.requests import FinetuneOptions, SizingRequest
    from service.domain.sizing import size

    try:
        ft = None
        if args.task != "inference":
            ft = FinetuneOptions(
                method=args.method or ("full" if args.task == "pretrain" else "lora"),
                lora_rank=args.lora_rank, micro_batch_size=args.micro_batch,
                sequence_length=args.seq_len, zero_stage=args.zero_stage,
                gradient_checkpointing=not args.no_checkpointing)
        req = SizingRequest(
            model=args.model, task=args.task, weights=args.weights, kv_cache=args.kv_cache,
            engine=args.engine, gpu=args.gpu, gpu_count=args.gpu_count,
            batch_size=args.batch_size, input_tokens=args.input_tokens,
            output_tokens=args.output_tokens, finetune=ft,
            training_tokens=args.training_tokens, price_per_gpu_hour_usd=args.price)
        result = size(req, _load_registry())
    except (DomainError, ValueError, msgspec.ValidationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(msgspec.json.encode(result).decode())
        return 0
    print(render_sizing(result))
    return 0


def render_sizing(r: Any) -> str:
    m = r.memory
    lines = [f"{r.model.name} ({r.model.total_params / 1e9:.2f}B params, "
             f"{r.model.active_params / 1e9:.2f}B active) - {r.task}, weights {r.weights}, "
             f"engine {r.engine}"]
    lines.append("memory (GiB, whole setup):")
    for label, value in (("weights", m.weights_gib), ("kv cache", m.kv_cache_gib),
                         ("activations", m.activations_gib), ("gradients", m.gradients_gib),
                         ("optimizer", m.optimizer_gib), ("overhead", m.overhead_gib),
                         ("total", m.total_gib), ("per GPU", m.per_gpu_gib)):
        if value is not None:
            lines.append(f"  {label:<12} {value:10.2f}")
    if r.kv_cache_bytes_per_token:
        lines.append(f"kv cache per token: {r.kv_cache_bytes_per_token / 1024:.1f} KiB")
    if r.gpu:
        lines.append(f"on {r.gpu_count} x {r.gpu.name}: fits={r.fits}"
                     + (f", max batch {r.max_batch_size}, max context {r.max_context_tokens}"
                        if r.max_batch_size is not None else ""))
    if r.performance:
        perf = {k: v for k, v in msgspec.structs.asdict(r.performance).items() if v is not None}
        lines.append("performance: " + ", ".join(
            f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in perf.items()))
    if r.cost:
        cost = {k: v for k, v in msgspec.structs.asdict(r.cost).items() if v is not None}
        lines.append("cost: " + ", ".join(f"{k}={v:.4g}" for k, v in cost.items()))
    if r.fits_on:
        lines.append("fits on: " + ", ".join(
            f"{f.gpu_count}x {f.gpu}" + (f" ({f.decode_tokens_per_s:.0f} tok/s)"
                                          if f.decode_tokens_per_s else "")
            for f in r.fits_on[:12]))
    lines.append("assumptions:")
    lines += [f"  - {a.name}: {a.value} ({a.reason})" for a in r.assumptions]
    return "\n".join(lines)


def cmd_calibrate(args: argparse.Namespace) -> int:
    from service.adapters.calibration_csv import read_calibration_csv
    from service.domain.calibration import format_report, run_calibration

    path = Path(args.csv) if args.csv else _repo_root() / "tests" / "data" / "calibration.csv"
    try:
        rows = read_calibration_csv(path)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(format_report(run_calibration(rows, _load_registry())))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpu-advisor", description="Which cloud GPU to rent for generative AI.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("serve", help="start the HTTP service (uvicorn)")
    p.add_argument("--host", default=None, help="bind address (default GPU_ADVISOR_HOST)")
    p.add_argument("--port", type=int, default=None, help="port (default GPU_ADVISOR_PORT)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("openapi", help="write openapi/openapi.json, or --check it")
    p.add_argument("--check", action="store_true", help="fail if the committed spec differs")
    p.add_argument("--output", default=None, help="path (default openapi/openapi.json)")
    p.set_defaults(func=cmd_openapi)

    p = sub.add_parser("size", help="memory, speed and cost for a model")
    p.add_argument("model", help="model id or alias, e.g. 'llama 3 8b'")
    p.add_argument("--task", choices=["inference", "finetune", "pretrain"], default="inference")
    p.add_argument("--weights", default=None, help="precision/format, e.g. bf16, fp8, q4_k_m")
    p.add_argument("--kv-cache", default="fp16")
    p.add_argument("--engine", default=None,
                   choices=["vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers",
                            "diffusers"])
    p.add_argument("--gpu", default=None)
    p.add_argument("--gpu-count", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=1)
    p.add_argument("--input-tokens", type=int, default=2048)
    p.add_argument("--output-tokens", type=int, default=512)
    p.add_argument("--method", choices=["lora", "qlora", "full"], default=None)
    p.add_argument("--lora-rank", type=int, default=16)
    p.add_argument("--micro-batch", type=int, default=1)
    p.add_argument("--seq-len", type=int, default=2048)
    p.add_argument("--zero-stage", type=int, default=0)
    p.add_argument("--no-checkpointing", action="store_true")
    p.add_argument("--training-tokens", type=float, default=None)
    p.add_argument("--price", type=float, default=None, help="USD per GPU-hour")
    p.add_argument("--json", action="store_true", help="print the API's JSON")
    p.set_defaults(func=cmd_size)

    p = sub.add_parser("calibrate", help="replay published measurements, print the errors")
    p.add_argument("--csv", default=None, help="calibration csv (default tests/data/...)")
    p.set_defaults(func=cmd_calibrate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
