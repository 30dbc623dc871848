"""Command line: ``gpu-advisor`` (also ``python -m service``)."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from service.domain.fields import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    EMBED_INPUT_TOKENS,
)

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
    if args.workers > 1 and not settings.redis_url:
        print(f"error: --workers {args.workers} needs GPU_ADVISOR_REDIS_URL: rate limits, Slack "
              "event de-duplication, the answer cache and catalog reloads must be shared "
              "between worker processes (set it, e.g. redis://127.0.0.1:6379/0, or run one "
              "worker)", file=sys.stderr)
        return 2
    if args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2
    host = args.host or settings.host
    port = args.port or settings.port
    configure_logging(settings.log_level, settings.log_json)
    print(f"gpu-advisor listening on http://{host}:{port} (API docs: http://{host}:{port}/docs)",
          flush=True)
    options: dict[str, Any] = {"factory": True, "host": host, "port": port,
                               "workers": args.workers, "log_config": None,
                               "access_log": False, "lifespan": "on"}
    if args.workers > 1:
        return _serve_workers(uvicorn.Config("service.app:create_app", **options))
    uvicorn.run("service.app:create_app", **options)
    return 0


def _serve_workers(config: Any) -> int:
    """uvicorn's multi-worker start, with one fix: uvicorn binds the shared socket with
    protocol 0, so asyncio does not set TCP_NODELAY on the connections it accepts and every
    keep-alive response (headers and body are two writes) waits ~40 ms for the client's
    delayed ACK. The same socket, re-wrapped with IPPROTO_TCP, gets TCP_NODELAY again."""
    import socket

    from uvicorn.supervisors import Multiprocess

    sock = config.bind_socket()
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
        sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[sock]).run()
    return 0


ENGINE_HELP = ("an engine id of the catalog (catalog/engines.toml: vllm, sglang, tensorrt-llm, "
               "llama.cpp, transformers, diffusers as shipped); an unknown one is an error "
               "naming the nearest ids; default: the catalog's default for the model")


def _load_registry() -> Any:
    from service.adapters.catalog_files import load_registry
    from service.settings import Settings

    return load_registry(Settings.from_env().catalog_dir).registry


def cmd_size(args: argparse.Namespace) -> int:
    from service.domain.errors import DomainError
    from service.domain.sizing.requests import FinetuneOptions, SizingRequest
    from service.domain.sizing.sizing import size

    try:
        ft = None
        if args.task != "inference":
            ft = FinetuneOptions(
                method=args.method or ("full" if args.task == "pretrain" else "lora"),
                lora_rank=args.lora_rank, micro_batch_size=args.micro_batch,
                sequence_length=args.seq_len, zero_stage=args.zero_stage,
                gradient_checkpointing=args.checkpointing)
        req = SizingRequest(
            model=args.model, task=args.task, weights=args.weights, kv_cache=args.kv_cache,
            engine=args.engine, gpu=args.gpu, gpu_count=args.gpu_count,
            batch_size=args.batch_size if args.batch_size is not None else 1,
            input_tokens=(args.input_tokens if args.input_tokens is not None
                          else DEFAULT_INPUT_TOKENS),
            output_tokens=args.output_tokens, finetune=ft,
            training_tokens=args.training_tokens, price_per_gpu_hour_usd=args.price)
        # no --batch-size and no request rate: no load stated (size's load_stated)
        # no --input-tokens: no input length stated (size's input_stated: an embedding
        # model's input is one retrieval chunk)
        result = size(req, _load_catalog(), load_stated=args.batch_size is not None,
                      input_stated=args.input_tokens is not None)
    except (DomainError, ValueError, msgspec.ValidationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return _emit(result, args.json, render_sizing)


def _emit(result: Any, as_json: bool, render: Any) -> int:
    """Print the API's JSON or the human rendering."""
    print(msgspec.json.encode(result).decode() if as_json else render(result))
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
    from service.adapters.calibration_csv import default_calibration_csv, read_calibration_csv
    from service.evaluation.calibration import format_report, run_calibration

    path = Path(args.csv) if args.csv else default_calibration_csv()
    try:
        rows = read_calibration_csv(path)
        extra = path.with_name("calibration_diffusion.csv")
        if not args.csv and extra.exists():
            # diffusion speed measurements added beside the shared reference (held out from
            # the fit of diffusion_speed.py's constants)
            rows += read_calibration_csv(extra)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    registry = _load_registry()
    from service.adapters.perf_files import load_perf, read_serving_measurements
    from service.evaluation.calibration import format_load_report, run_load_calibration
    from service.settings import Settings

    root = Settings.from_env().catalog_dir
    perf = load_perf(root, registry)
    print(format_report(run_calibration(rows, registry, perf)))
    if not args.csv:
        # serving under load: TTFT / TPOT / saturated throughput, seen vs held-out rows
        serving_csv = root / "serving_measurements.csv"
        if serving_csv.exists():
            load_report = run_load_calibration(
                read_serving_measurements(serving_csv), registry, perf)
            print(format_load_report(load_report))
            if args.write_serving_error:
                from service.adapters.perf_files import write_serving_error
                from service.evaluation.calibration import serving_error_bands

                out = Path(args.write_serving_error)
                write_serving_error(out, serving_error_bands(load_report))
                print(f"wrote the serving error bands to {out}")
    return 0


def _load_catalog() -> Any:
    """The catalog snapshot the settings point at (as the server loads it)."""
    from service.adapters.catalog_loader import load_catalog
    from service.settings import Settings

    settings = Settings.from_env()
    return load_catalog(settings.catalog_dir, settings.stale_after_days)


def cmd_recommend(args: argparse.Namespace) -> int:
    import datetime as dt

    from service.adapters.catalog_files import CatalogError
    from service.domain.errors import DomainError
    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest
    from service.domain.sizing.requests import FinetuneOptions

    try:
        catalog = _load_catalog()
        ft = FinetuneOptions(method=args.method) if args.method else None
        req = RecommendationRequest(
            model=args.model, weights=args.weights, workload=args.workload, finetune=ft,
            engine=args.engine, context_tokens=args.context, output_tokens=args.output_tokens,
            concurrent_requests=args.concurrency, hours_per_day=args.hours_per_day,
            sessions_per_day=args.sessions_per_day,
            training_tokens=args.training_tokens, job_output_tokens=args.job_output_tokens,
            interruptible=args.interruptible, max_usd_per_hour=args.max_usd_per_hour,
            max_usd_per_month=args.max_usd_per_month, max_usd_total=args.max_usd_total,
            providers=args.provider or None, egress_gb_per_month=args.egress_gb_per_month,
            job_egress_gb=args.job_egress_gb,
            allow_multi_node=args.allow_multi_node, top_n=args.top)
        rec = recommend(req, catalog, dt.date.today())
    except (DomainError, ValueError, msgspec.ValidationError, CatalogError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return _emit(rec, args.json, render_recommendation)


def render_recommendation(rec: Any) -> str:
    lines = [f"{rec.model} - {rec.workload} (catalog {rec.catalog_version})"]
    if not rec.options:
        lines.append(f"no option: {rec.reason}")
    for o in rec.options:
        lines.append(f"{o.rank}. {o.why}")
        for w in o.warnings:
            lines.append(f"     ! {w}")
    if rec.rejected:
        lines.append("rejected:")
        lines += [f"  - {r.offer_id} ({r.gpu_count} x {r.gpu}): {r.reason}"
                  for r in rec.rejected]
    if rec.alternatives:
        lines.append("alternatives:")
        lines += [f"  - {a.change}: {a.effect}" for a in rec.alternatives]
    return "\n".join(lines)


def _read_source(where: str) -> str:
    """A local file, or an http(s) URL."""
    if where.startswith(("http://", "https://")):
        import urllib.request

        with urllib.request.urlopen(where, timeout=30) as resp:
            data: bytes = resp.read()
        return data.decode("utf-8")
    return Path(where).read_text(encoding="utf-8")


def cmd_catalog_import(args: argparse.Namespace) -> int:
    import datetime as dt

    from service.adapters.catalog_files import CatalogError, Problem, load_registry
    from service.adapters.importers import (
        FSDL_AS_OF,
        FSDL_SOURCE,
        SKYPILOT_AS_OF,
        SKYPILOT_SOURCE,
        ImportError_,
        diff_offers,
        parse_fsdl,
        parse_skypilot,
        write_offers,
    )
    from service.adapters.offers_files import load_offer_file, load_providers
    from service.domain.catalog.trust import duplicates
    from service.settings import Settings

    catalog = Settings.from_env().catalog_dir
    try:
        registry = load_registry(catalog).registry
        text = _read_source(args.source)
        as_of = dt.date.fromisoformat(args.as_of) if args.as_of else None
        if args.format == "skypilot":
            provider = (args.provider[0] if args.provider else
                        Path(args.source.rstrip("/")).parent.name).lower()
            if not provider or provider in (".", "v8"):
                raise ImportError_("cannot tell the provider from the path; pass --provider")
            source = SKYPILOT_SOURCE.format(name=provider)
            result = parse_skypilot(text, provider, as_of or SKYPILOT_AS_OF, source, registry)
        else:
            source = FSDL_SOURCE
            result = parse_fsdl(text, as_of or FSDL_AS_OF, source, registry,
                                providers=[p.lower() for p in args.provider]
                                if args.provider else None)
    except (ImportError_, OSError, ValueError, CatalogError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    problems: list[Problem] = []
    known = {p.id for p in load_providers(catalog / "providers.toml", problems)}
    by_provider: dict[str, list[Any]] = {}
    for o in result.offers:
        by_provider.setdefault(o.provider, []).append(o)
    plans = []
    for pid in sorted(by_provider):
        path = catalog / "offers" / f"{pid}.csv"
        old = ([o for _, o in load_offer_file(path, f"offers/{pid}.csv", registry, None,
                                              problems)] if path.exists() else [])
        others = [o for o in old if o.source != source]
        if args.format == "fsdl" and not args.provider and len(others) == len(old):
            why = "covered by another source in the catalog" if old else "not in the catalog yet"
            print(f"{pid}: {why}; skipped (name it with --provider to import it)")
            continue
        taken = {o.instance_type.lower() for o in others}
        new = others + [o for o in by_provider[pid] if o.instance_type.lower() not in taken]
        # an imported row that duplicates one already kept (another instance name, same
        # GPU count, prices and regions) is left out, as the build script collapses them
        kept_ids = {o.id for o in old}
        twins = duplicates(new)
        new = [o for o in new if o.id not in twins or o.id in kept_ids]
        diff = diff_offers(old, new)
        print(f"{pid}: {len(diff.added)} added, {len(diff.changed)} changed, "
              f"{len(diff.removed)} removed, {len(diff.price_changes)} price changes")
        for c in diff.price_changes[:50]:
            print(f"  {c.id} {c.field}: {c.old} -> {c.new}")
        for oid in diff.added[:50]:
            print(f"  + {oid}")
        for oid in diff.removed[:50]:
            print(f"  - {oid}")
        if pid not in known:
            print(f"error: provider {pid!r} is not in providers.toml; add it first",
                  file=sys.stderr)
            return 2
        plans.append((path, new, diff))
    if result.unmapped:
        print("unmapped GPU names (rows): " + ", ".join(
            f"{k} ({v})" for k, v in sorted(result.unmapped.items())))
    if args.dry_run:
        print("dry run: nothing written")
        return 0
    for path, new, diff in plans:
        if not diff.empty:
            write_offers(path, new)
            print(f"wrote {path}")
    return 0


def cmd_catalog_check(args: argparse.Namespace) -> int:
    from service.adapters.catalog_files import Problem, build_registry
    from service.adapters.offers_files import load_offers
    from service.settings import Settings

    root = Path(args.dir) if args.dir else Settings.from_env().catalog_dir
    problems: list[Problem] = []
    registry = build_registry(root, problems)
    offers, providers, offer_problems = load_offers(root, registry)
    problems += offer_problems
    # every region an offer lists must be placed by regions.toml
    from service.adapters.regions_file import REGIONS_FILE, load_regions
    from service.domain.catalog.regions import index_regions

    table = load_regions(root, problems)
    problems += [Problem(REGIONS_FILE, 1, m) for m in index_regions(table, offers).problems]
    problems += _offer_trust_problems(offers)
    for p in problems:
        print(f"{root / p.file}:{p.line}: {p.message}")
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"catalog OK: {len(registry.models)} models, {len(registry.gpus)} GPUs, "
          f"{len(registry.engines)} engines, {len(providers)} providers, "
          f"{len(offers)} offers")
    return 0


def _offer_trust_problems(offers: Any) -> list[Any]:
    """What the loader accepts but a shipped catalog must not have: duplicate offers (they
    collapse at load time; the build script collapses them), a spot price not below
    on-demand. (Unknown GPUs, zero, negative or absurd prices and malformed ids are loader
    problems already.)"""
    from service.adapters.catalog_files import Problem
    from service.domain.catalog.trust import duplicates

    out = []
    for dup, keep in sorted(duplicates(offers).items()):
        provider = dup.split("-")[0]
        out.append(Problem(f"offers/{provider}.csv", 1, f"offer {dup!r} duplicates {keep!r} "
                           "(same provider, GPU count, prices and regions)"))
    for o in offers:
        if (o.spot_usd_h is not None and o.on_demand_usd_h is not None
                and o.spot_usd_h >= o.on_demand_usd_h):
            out.append(Problem(f"offers/{o.provider}.csv", 1, f"offer {o.id!r}: spot "
                               f"${o.spot_usd_h}/h is not below on-demand ${o.on_demand_usd_h}/h"))
    return out


def cmd_catalog_report(args: argparse.Namespace) -> int:
    """Offers by provider, GPU, age, date kind and trust flag, as Markdown tables."""
    from service.domain.catalog.trust import is_stale

    catalog = _load_catalog()
    today = dt.date.fromisoformat(args.today) if args.today else dt.date.today()
    offers = catalog.offers
    stale = {o.id for o in offers if is_stale(o, today, catalog.stale_after_days)}
    suspect = {o.id for o in offers if catalog.trust_of(o.id).suspect}

    def flag(o: Any) -> str:
        return ("stale+suspect" if o.id in stale and o.id in suspect else "stale"
                if o.id in stale else "suspect" if o.id in suspect else "trusted")

    def age(o: Any) -> str:
        days = (today - o.as_of).days
        return next(label for limit, label in ((30, "≤ 30 d"), (90, "31-90 d"), (365, "91-365 d"),
                                               (10**6, "> 365 d")) if days <= limit)

    kinds = ("published", "retrieved", "assumed")
    flags = ("trusted", "stale", "suspect", "stale+suspect")
    ages = ("≤ 30 d", "31-90 d", "91-365 d", "> 365 d")
    print(f"Catalog {catalog.version} on {today}: {len(offers)} offers from "
          f"{len({o.provider for o in offers})} providers ({len(catalog.collapsed)} duplicates "
          f"collapsed); a price older than {catalog.stale_after_days} days is stale.\n")

    def table(title: str, key: Any, rows: list[str]) -> None:
        print(f"| {title} | offers | " + " | ".join(flags) + " | " + " | ".join(kinds) + " |")
        print("|---|---:|" + "---:|" * (len(flags) + len(kinds)))
        for r in rows:
            group = [o for o in offers if key(o) == r]
            print(f"| {r} | {len(group)} | "
                  + " | ".join(str(sum(1 for o in group if flag(o) == f)) for f in flags) + " | "
                  + " | ".join(str(sum(1 for o in group if o.as_of_kind == k)) for k in kinds)
                  + " |")
        print()

    table("provider", lambda o: o.provider, sorted({o.provider for o in offers}))
    table("GPU", lambda o: o.gpu, sorted({o.gpu for o in offers}))
    table("age", age, [a for a in ages if any(age(o) == a for o in offers)])
    return 0


def _knowledge(progress: bool = False) -> Any:
    from service.adapters.knowledge_base import load_knowledge
    from service.settings import Settings

    s = Settings.from_env()
    return load_knowledge(s.knowledge_dir, s.index_dir, s.embedding_model, progress=progress)


def cmd_knowledge_check(args: argparse.Namespace) -> int:
    from service.adapters.knowledge_files import load_passages
    from service.adapters.messages_files import load_messages
    from service.settings import Settings

    root = Path(args.dir) if args.dir else Settings.from_env().knowledge_dir
    passages, problems = load_passages(root)
    messages, message_problems = load_messages(root)
    problems += message_problems
    for p in problems:
        print(f"{root / p.file}:{p.line}: {p.message}")
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    ids = {p.id for p in passages}
    print(f"knowledge OK: {len(ids)} passages in en and ro ({len(passages)} files)")
    if messages is not None:
        keys = sum(len(v) for v in messages.texts[messages.default].values())
        print(f"messages OK: {keys} texts in {', '.join(messages.languages)}")
    return 0


def cmd_index_build(args: argparse.Namespace) -> int:
    from service.adapters.catalog_files import CatalogError
    from service.adapters.retrieval import EmbeddingModelError

    try:
        kb = _knowledge(progress=True)
    except (CatalogError, EmbeddingModelError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    state = "built" if kb.built else "already up to date"
    print(f"index {kb.index_key}: {state} ({len(kb.passages)} passages, "
          f"{kb.load_seconds:.1f} s)")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    import datetime as dt

    from service.adapters.catalog_files import CatalogError
    from service.domain.answer.compose import AskRequest, answer

    try:
        req = AskRequest(question=args.question, lang=args.lang, top_k=args.top_k)
        catalog = _load_catalog()
        kb = _knowledge()
    except (ValueError, msgspec.ValidationError, CatalogError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    res = answer(req, kb, catalog, dt.date.today())
    if args.json:
        print(msgspec.json.encode(res).decode())
        return 0
    print(res.answer)
    if res.follow_up:
        print(f"\n{res.follow_up}")
    print(f"\n[{res.lang}, confidence {res.confidence:.2f}; passages: "
          + ", ".join(p.id for p in res.passages) + "]")
    return 0


def cmd_eval_qa(args: argparse.Namespace) -> int:
    import tomllib

    from service.domain.answer.understand import extract
    from service.evaluation.qa_eval import EvalQuestion, evaluate, format_eval

    path = Path(args.file) if args.file else _repo_root() / "tests" / "data" / "qa_eval.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = msgspec.convert(data["question"], list[EvalQuestion])
    catalog = _load_catalog()
    kb = _knowledge()

    def rank(q: str, lang: str) -> list[str]:
        return [s.id for s in kb.retriever.search(q, lang, 20).fused]

    def entities(q: str) -> dict[str, Any]:
        out: dict[str, Any] = msgspec.to_builtins(extract(q, catalog.registry))
        return out

    print(format_eval(evaluate(questions, rank, entities)))
    if args.retrieval_only:
        return 0
    # the answers by intent: the asked number in the first sentence, per intent and language
    import datetime as dt

    from service.domain.answer.compose import AskRequest, answer
    from service.evaluation.qa_intents import evaluate_intents, format_intents, load_cases

    today = dt.date.fromisoformat(args.today) if args.today else dt.date.today()

    def ask(q: str) -> tuple[str, str]:
        r = answer(AskRequest(question=q), kb, catalog, today)
        return r.answer, r.lang

    folder = _repo_root() / "tests" / "data"
    # the tuning set, the held-out batches (written apart, fixed after their first run) and
    # the blind batches (written by someone who never saw the answering code; never tuned on)
    files = [("qa_intents.jsonl", "answers by intent")]
    files += [(p.name, "answers by intent, held-out slice")
              for p in sorted(folder.glob("qa_intents_heldout*.jsonl"))]
    files += [(p.name, "answers by intent, blind batch (never tuned on)")
              for p in sorted(folder.glob("qa_intents_blind*.jsonl"))]
    for name, title in files:
        cases = load_cases((folder / name).read_text(encoding="utf-8"))
        print()
        print(format_intents(evaluate_intents(cases, ask, catalog, today), f"{title} ({name})"))
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
    p.add_argument("--kv-cache", default=None,
                   help="KV-cache type (default: the engine's own for the weights, else fp16)")
    p.add_argument("--engine", default=None, help=ENGINE_HELP)
    p.add_argument("--gpu", default=None)
    p.add_argument("--gpu-count", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=None)
    p.add_argument("--input-tokens", type=int, default=None,
                   help=f"prompt tokens per request (default {DEFAULT_INPUT_TOKENS}; an "
                   f"embedding model: one {EMBED_INPUT_TOKENS}-token retrieval chunk, at most "
                   "its limit)")
    p.add_argument("--output-tokens", type=int, default=DEFAULT_OUTPUT_TOKENS,
                   help=f"tokens generated per request (default {DEFAULT_OUTPUT_TOKENS})")
    p.add_argument("--method", choices=["lora", "qlora", "full"], default=None)
    p.add_argument("--lora-rank", type=int, default=16)
    p.add_argument("--micro-batch", type=int, default=None,
                   help="sequences per GPU step (default: the fastest that fits)")
    p.add_argument("--seq-len", type=int, default=2048)
    p.add_argument("--zero-stage", type=int, default=None)
    p.add_argument("--checkpointing", action=argparse.BooleanOptionalAction, default=None,
                   help="activation checkpointing (default: only where the run needs it)")
    p.add_argument("--training-tokens", type=float, default=None)
    p.add_argument("--price", type=float, default=None, help="USD per GPU-hour")
    p.add_argument("--json", action="store_true", help="print the API's JSON")
    p.set_defaults(func=cmd_size)

    p = sub.add_parser("recommend", help="ranked cloud offers for a workload and budget")
    p.add_argument("model", help="model id or alias")
    p.add_argument("--workload", choices=["serving", "batch", "finetune", "pretrain"],
                   default=None, help="default: batch with --job-output-tokens, else serving")
    p.add_argument("--weights", default="auto", help="precision, or auto (default)")
    p.add_argument("--method", choices=["lora", "qlora", "full"], default=None)
    p.add_argument("--engine", default=None, help=ENGINE_HELP)
    p.add_argument("--context", type=int, default=DEFAULT_CONTEXT_TOKENS,
                   help=f"context tokens (default {DEFAULT_CONTEXT_TOKENS})")
    p.add_argument("--output-tokens", type=int, default=DEFAULT_OUTPUT_TOKENS)
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--hours-per-day", type=float, default=None)
    p.add_argument("--sessions-per-day", type=int, default=1)
    p.add_argument("--training-tokens", type=float, default=None)
    p.add_argument("--job-output-tokens", type=float, default=None)
    p.add_argument("--interruptible", action=argparse.BooleanOptionalAction, default=None)
    p.add_argument("--max-usd-per-hour", type=float, default=None)
    p.add_argument("--max-usd-per-month", type=float, default=None)
    p.add_argument("--max-usd-total", type=float, default=None)
    p.add_argument("--provider", action="append", help="only these providers (repeatable)")
    p.add_argument("--egress-gb-per-month", type=float, default=0)
    p.add_argument("--job-egress-gb", type=float, default=None,
                   help="GB a job sends out once (priced in its per_job_usd)")
    p.add_argument("--allow-multi-node", action="store_true")
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--json", action="store_true", help="print the API's JSON")
    p.set_defaults(func=cmd_recommend)

    cat = sub.add_parser("catalog", help="offer catalog: import price tables, check files")
    csub = cat.add_subparsers(dest="catalog_command", required=True)
    p = csub.add_parser("import", help="import a SkyPilot v8 vms.csv or the FSDL table")
    p.add_argument("--format", choices=["skypilot", "fsdl"], required=True)
    p.add_argument("source", help="path or http(s) URL of the CSV")
    p.add_argument("--as-of", default=None, help="price date YYYY-MM-DD (default: the "
                   "documented snapshot date of the format)")
    p.add_argument("--provider", action="append", help="skypilot: provider id (default: the "
                   "folder name); fsdl: only these providers (repeatable)")
    p.add_argument("--dry-run", action="store_true", help="print the changes, write nothing")
    p.set_defaults(func=cmd_catalog_import)
    p = csub.add_parser("check", help="validate every catalog file (file:line for problems)")
    p.add_argument("--dir", default=None, help="catalog directory (default the configured one)")
    p.set_defaults(func=cmd_catalog_check)
    p = csub.add_parser("report", help="offers by provider, GPU, age, date kind and trust flag "
                                       "(Markdown)")
    p.add_argument("--today", help="the day ages are counted to (YYYY-MM-DD; default today)")
    p.set_defaults(func=cmd_catalog_report)

    p = sub.add_parser("ask", help="answer a question in English or Romanian")
    p.add_argument("question")
    p.add_argument("--lang", choices=["en", "ro", "auto"], default="auto")
    p.add_argument("--top-k", type=int, default=3)
    p.add_argument("--json", action="store_true", help="print the API's JSON")
    p.set_defaults(func=cmd_ask)

    kn = sub.add_parser("knowledge", help="the guidance passages")
    ksub = kn.add_subparsers(dest="knowledge_command", required=True)
    p = ksub.add_parser("check", help="validate ids, language pairs and fields")
    p.add_argument("--dir", default=None, help="knowledge directory (default the configured one)")
    p.set_defaults(func=cmd_knowledge_check)

    ix = sub.add_parser("index", help="the embedding index")
    isub = ix.add_subparsers(dest="index_command", required=True)
    p = isub.add_parser("build", help="embed the passages into the faiss index cache")
    p.set_defaults(func=cmd_index_build)

    p = sub.add_parser("eval-qa", help="recall@1/@3 and MRR per language, entity accuracy, "
                                       "answers by intent and language")
    p.add_argument("--file", default=None, help="evaluation TOML (default tests/data/qa_eval.toml)")
    p.add_argument("--retrieval-only", action="store_true",
                   help="only retrieval and entities, not the answers by intent")
    p.add_argument("--today", default=None,
                   help="price date for the answers (YYYY-MM-DD; default today)")
    p.set_defaults(func=cmd_eval_qa)

    p = sub.add_parser("calibrate", help="replay published measurements, print the errors")
    p.add_argument("--csv", default=None,
                   help="calibration csv (default: the shipped catalog/calibration.csv)")
    p.add_argument("--write-serving-error", default=None, metavar="PATH",
                   help="also write the serving model's error bands against the measured "
                        "serving runs (catalog/perf/serving_error.toml)")
    p.set_defaults(func=cmd_calibrate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
