"""The one place that wires adapters to the core: ``create_app()``."""

from __future__ import annotations

import asyncio
import gc
import signal
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import structlog
from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import Server

from service import __version__
from service.adapters.catalog_files import CatalogError, Problem, build_registry, content_hash
from service.adapters.event_dedupe import MemoryEventStore
from service.adapters.knowledge_base import load_knowledge
from service.adapters.offers_files import load_offers
from service.adapters.shared import (
    AnswerCache,
    CatalogVersion,
    RateCounter,
    Shared,
    SharedEventStore,
)
from service.api import openapi_compat
from service.api.compute import ComputePool
from service.api.guards import request_guard_middleware
from service.api.observability import Metrics, observe
from service.api.problems import (
    ProblemError,
    handle_domain,
    handle_http,
    handle_problem,
    handle_unexpected,
)
from service.api.rate_limit import rate_limit_middleware
from service.api.routes.ask import ask
from service.api.routes.offers import (
    catalog_info,
    get_offer,
    list_offers,
    list_providers,
    reload_catalog,
)
from service.api.routes.recommend import recommendations
from service.api.routes.registry import get_gpu, get_model, list_gpus, list_models
from service.api.routes.sizing import sizing
from service.api.routes.system import healthz, metrics, ping, readyz
from service.api.routes.web import swagger_ui_url, web_routes
from service.api.slack import SlackBot, slack_routes
from service.api.state import AppState, Loaded
from service.domain.errors import DomainError
from service.logging import configure_logging
from service.settings import Settings

log = structlog.get_logger("gpu_advisor.app")

ROUTES = [healthz, readyz, metrics, ping, list_models, get_model, list_gpus, get_gpu, sizing,
          list_offers, get_offer, list_providers, catalog_info, reload_catalog,
          recommendations, ask]


class GpuAdvisorApp(Litestar):
    """Litestar with our request wrapper around everything, 404s and 413s included."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        await observe(super().__call__, self.state.metrics, scope, receive, send)


def load_data(state: AppState) -> Loaded:
    """Read every catalog file; raise CatalogError listing all problems, or return a snapshot."""
    root = state.settings.catalog_dir
    problems: list[Problem] = []
    registry = build_registry(root, problems)
    offers, providers, offer_problems = load_offers(root, registry)
    problems += offer_problems
    if problems:
        raise CatalogError(problems)
    version = content_hash(root, ("models/*.toml", "gpus.toml", "providers.toml",
                                  "offers/*.csv"))
    return Loaded(registry=registry, catalog_version=version, offers=tuple(offers),
                  providers=tuple(providers))


class ShrinkRejected(list[str]):
    """The problems of a reload refused only by the shrink guard (:func:`shrink_problems`):
    the files are valid, and forcing the reload would apply them."""


def shrink_problems(old: Loaded, new: Loaded) -> list[str]:
    """Why swapping ``old`` for ``new`` loses too many offers, or []: a provider that had
    offers and would have none (its ``offers/<provider>.csv`` cut to the header, emptied or
    deleted), or more than half of all offers gone. Each message gives the counts before and
    after."""
    before: dict[str, int] = {}
    for o in old.offers:
        before[o.provider] = before.get(o.provider, 0) + 1
    after: dict[str, int] = {}
    for o in new.offers:
        after[o.provider] = after.get(o.provider, 0) + 1
    out = [f"offers/{p}.csv (provider {p!r}): {n} → 0 offers"
           for p, n in sorted(before.items()) if not after.get(p)]
    if 2 * len(new.offers) < len(old.offers):
        out.append(f"all providers: {len(old.offers)} → {len(new.offers)} offers (more than "
                   "half gone)")
    return out


async def reload_data(app: Litestar, state: AppState, expect: str | None = None, *,
                      force: bool = False) -> tuple[bool, list[str]]:
    """Load a new snapshot off the event loop and swap it in whole; on any problem keep the
    current one and report why. A reload asked for here (admin route, SIGHUP) announces its
    version to the other replicas; one that follows another replica's announcement
    (``expect``) swaps only when its files give exactly that version.

    Shrink guard: a reload asked for here that would leave a provider with no offers, or drop
    more than half of all offers, is refused (the problems come as a :class:`ShrinkRejected`)
    unless ``force`` (the admin route's ``?force=true``; SIGHUP never forces). A follow
    (``expect``) skips the guard on purpose: the announcing replica either passed it or was
    forced by an operator, and the version hash covers every catalog file, so this replica's
    files are byte-for-byte the ones that were accepted there. Refusing them here would leave
    the replicas serving different catalogs, retrying forever. The startup load has no
    previous snapshot to compare with and is not guarded either."""
    async with state.reload_lock:
        try:
            loaded = await asyncio.to_thread(load_data, state)
        except CatalogError as exc:
            state.last_reload_errors = [str(p) for p in exc.problems]
            log.warning("catalog_reload_rejected", problems=state.last_reload_errors[:20])
            return False, state.last_reload_errors
        except OSError as exc:
            state.last_reload_errors = [f"cannot read the catalog: {exc}"]
            log.warning("catalog_reload_rejected", problems=state.last_reload_errors)
            return False, state.last_reload_errors
        if expect is not None and loaded.catalog_version != expect:
            why = (f"another replica announced catalog {expect}, but this replica's files "
                   f"give {loaded.catalog_version}; keeping {state.data().catalog_version}")
            log.warning("catalog_version_mismatch", wanted=expect, got=loaded.catalog_version)
            return False, [why]
        shrink = (shrink_problems(state.loaded, loaded)
                  if expect is None and state.loaded is not None else [])
        if shrink and not force:
            state.last_reload_errors = ShrinkRejected(shrink)
            log.warning("catalog_reload_rejected", reason="shrink", problems=shrink[:20],
                        version=loaded.catalog_version,
                        hint="POST /v1/admin/catalog/reload?force=true applies it anyway")
            return False, state.last_reload_errors
        if shrink:
            log.warning("catalog_reload_forced", problems=shrink[:20],
                        version=loaded.catalog_version)
        previous = state.loaded.catalog_version if state.loaded else None
        state.loaded = loaded
        state.last_reload_errors = []
        app.state.metrics.set_catalog_version(loaded.catalog_version)
        log.info("catalog_reloaded", version=loaded.catalog_version, previous=previous,
                 offers=len(loaded.offers), followed=expect is not None)
    if expect is None:
        await CatalogVersion(state.shared).announce(loaded.catalog_version)
    return True, []


FOLLOW_INTERVAL_S = 0.5
FOLLOW_RETRY_S = 30.0


async def _follow_catalog(app: Litestar, state: AppState) -> None:
    """Serve the catalog version the replicas agreed on: poll the shared version key and
    reload when another replica announced a new one (within ~0.5 s plus the load time)."""
    sync = CatalogVersion(state.shared)
    retry_at: dict[str, float] = {}
    while True:
        await asyncio.sleep(FOLLOW_INTERVAL_S)
        if state.loaded is None or state.shared.status != "ok":
            continue
        wanted = await sync.current()
        own = state.loaded.catalog_version
        if wanted is None:  # Redis restarted empty: offer ours, keep any other's
            await sync.announce(own, only_if_absent=True)
            continue
        if wanted == own or retry_at.get(wanted, 0.0) > time.monotonic():
            continue
        ok, problems = await reload_data(app, state, expect=wanted)
        if not ok:
            retry_at[wanted] = time.monotonic() + FOLLOW_RETRY_S
            log.warning("catalog_follow_failed", wanted=wanted, problems=problems[:5],
                        retry_in_s=FOLLOW_RETRY_S)


_heap_frozen = False


def _freeze_heap() -> None:
    """Take what is loaded once per process (torch, the embedding model, the index, the
    catalog) out of the cyclic garbage collector's reach: a full collection over it takes
    ~0.3 s with the GIL held, stalling every request (a Slack acknowledgement included).
    Once per process: later objects (another app in the same test process) stay collectable."""
    global _heap_frozen
    if not _heap_frozen:
        gc.freeze()
        _heap_frozen = True


async def _load_knowledge(state: AppState) -> None:
    """Load the embedding model and the index in the background: /healthz answers at once,
    /readyz says 503 until this is done."""
    s = state.settings
    try:
        state.knowledge = await asyncio.to_thread(load_knowledge, s.knowledge_dir, s.index_dir,
                                                  s.embedding_model)
        _freeze_heap()
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # a broken model or knowledge file must not kill the process
        state.knowledge_error = f"knowledge base failed to load: {exc}"
        log.error("knowledge_failed", error=str(exc))


def _install_sighup(app: Litestar, state: AppState) -> bool:
    """SIGHUP re-reads the catalog (only where the loop runs in the main thread)."""
    loop = asyncio.get_running_loop()
    tasks: set[asyncio.Task[Any]] = set()

    def on_hup() -> None:
        task = loop.create_task(reload_data(app, state))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    try:
        loop.add_signal_handler(signal.SIGHUP, on_hup)
    except (NotImplementedError, RuntimeError, ValueError):
        return False
    return True


def openapi_config() -> OpenAPIConfig:
    openapi_compat.install()
    return OpenAPIConfig(
        title="gpu-advisor",
        version=__version__,
        description="Which cloud GPU to rent for generative AI, with the numbers behind it.",
        servers=[Server(url="/")],
        # Swagger UI from the swagger-ui-py package, served by this service (web.py): /docs
        # loads nothing from a CDN. No CSP on /docs: Litestar's page has an inline script
        # (the spec) and an inline style.
        render_plugins=[SwaggerRenderPlugin(
            js_url=swagger_ui_url("swagger-ui-bundle.js"),
            css_url=swagger_ui_url("swagger-ui.css"),
            standalone_preset_js_url=swagger_ui_url("swagger-ui-standalone-preset.js"),
            favicon=f"<link rel='icon' type='image/png' "
                    f"href='{swagger_ui_url('favicon-32x32.png')}'>")],
        path="/docs",
        create_examples=False,
    )


def cors_config(settings: Settings) -> CORSConfig | None:
    """CORS only when GPU_ADVISOR_CORS_ORIGINS lists origins (portals calling the API from a
    browser); otherwise no CORS headers at all."""
    origins = settings.cors_origin_list()
    if not origins:
        return None
    return CORSConfig(allow_origins=origins, allow_methods=["GET", "POST", "OPTIONS"],
                      allow_headers=["Content-Type", "X-Request-ID"],
                      expose_headers=["X-Request-ID", "Retry-After"], max_age=600)


def create_app(settings: Settings | None = None, *, configure_logs: bool = True) -> Litestar:
    settings = settings or Settings.from_env()
    if configure_logs:
        configure_logging(settings.log_level, settings.log_json)
    shared = Shared(settings.redis_url)
    app_metrics = Metrics()
    state = AppState(settings=settings, shared=shared,
                     cache=AnswerCache(shared, ttl_s=settings.cache_ttl_s,
                                       observe=app_metrics.count_cache),
                     pool=ComputePool(settings.compute_threads, settings.compute_max_pending,
                                      settings.compute_timeout_s))
    route_handlers: list[Any] = list(ROUTES)
    slack_bot: SlackBot | None = None
    if settings.slack_signing_secret:
        slack_bot = SlackBot(settings, store=SharedEventStore(shared, MemoryEventStore())
                             if settings.redis_url else None)
        route_handlers.append(slack_routes(settings, slack_bot))

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        try:
            loaded = await asyncio.to_thread(load_data, state)
        except CatalogError as exc:
            state.errors = [str(p) for p in exc.problems]
            log.error("catalog_invalid", problems=state.errors[:20])
            raise
        state.loaded = loaded
        app_metrics.set_catalog_version(loaded.catalog_version)
        log.info("ready", catalog_version=loaded.catalog_version,
                 models=len(loaded.registry.models), gpus=len(loaded.registry.gpus),
                 offers=len(loaded.offers))
        if slack_bot is None:
            log.warning("slack_disabled", reason="GPU_ADVISOR_SLACK_SIGNING_SECRET is not set; "
                        "/slack/commands and /slack/events answer 404")
        elif not settings.slack_bot_token:
            log.warning("slack_no_bot_token", reason="GPU_ADVISOR_SLACK_BOT_TOKEN is not set; "
                        "slash commands work, mentions and direct messages are not answered")
        hup = _install_sighup(app, state)
        tasks = [asyncio.create_task(_load_knowledge(state))]
        if shared.redis is not None:
            if await shared.check():
                agreed = await CatalogVersion(shared).announce(loaded.catalog_version,
                                                               only_if_absent=True)
                log.info("redis_connected", catalog_version_shared=agreed)
            tasks += [asyncio.create_task(shared.monitor()),
                      asyncio.create_task(_follow_catalog(app, state))]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await shared.aclose()
            state.pool.shutdown()
            if slack_bot is not None:
                await slack_bot.aclose()
            if hup:
                asyncio.get_running_loop().remove_signal_handler(signal.SIGHUP)

    middleware: list[Any] = [request_guard_middleware(settings.body_timeout_s)]
    if settings.rate_limit_per_minute:
        middleware.append(rate_limit_middleware(settings.rate_limit_per_minute,
                                                RateCounter(shared)))

    return GpuAdvisorApp(
        route_handlers=[*route_handlers, *web_routes()],
        lifespan=[lifespan],
        state=State({"app_state": state, "settings": settings, "metrics": app_metrics}),
        exception_handlers={
            HTTPException: handle_http,
            DomainError: handle_domain,
            ProblemError: handle_problem,
            Exception: handle_unexpected,
        },
        openapi_config=openapi_config(),
        request_max_body_size=settings.max_body_bytes,
        middleware=middleware,
        cors_config=cors_config(settings),
        response_headers={"X-Content-Type-Options": "nosniff"},
        debug=False,
        logging_config=None,
    )
