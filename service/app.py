"""The one place that wires adapters to the core: ``create_app()``."""

from __future__ import annotations

import asyncio
import gc
import signal
import sys
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
from service.adapters.catalog_files import CatalogError
from service.adapters.knowledge_base import load_knowledge
from service.adapters.messages_files import read_messages
from service.adapters.shared import (
    AnswerCache,
    CatalogVersion,
    RateCounter,
    Shared,
    SharedEventStore,
)
from service.adapters.slack.dedupe import MemoryEventStore
from service.api import openapi_compat
from service.api.catalog_reload import follow_catalog, load_for, reload_data
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
from service.api.rate_limit import SLACK_PATHS, RateLimiter, rate_limit_middleware
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
from service.api.state import AppState
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
        state.knowledge = await asyncio.to_thread(
            load_knowledge, s.knowledge_dir, s.index_dir, s.embedding_model,
            messages=state.messages)
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


GIL_SWITCH_INTERVAL_S = 0.001
"""How often a thread holding the GIL hands it over (CPython's default is 5 ms)."""


def create_app(settings: Settings | None = None, *, configure_logs: bool = True) -> Litestar:
    settings = settings or Settings.from_env()
    if configure_logs:
        configure_logging(settings.log_level, settings.log_json)
    # the loop thread takes the GIL back from the compute threads at least every switch
    # interval: 1 ms instead of CPython's 5 ms keeps a health check's wait short while long
    # answers (a first-time recommendation runs the serving model for up to a second or two)
    # compute (tests/e2e/test_health_under_load.py)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    shared = Shared(settings.redis_url)
    app_metrics = Metrics()
    state = AppState(settings=settings, shared=shared,
                     cache=AnswerCache(shared, ttl_s=settings.cache_ttl_s,
                                       observe=app_metrics.count_cache),
                     pool=ComputePool(settings.compute_threads, settings.compute_max_pending,
                                      settings.compute_timeout_s),
                     # every user-facing text; a broken message file stops the start (file:line)
                     messages=read_messages(settings.knowledge_dir))
    route_handlers: list[Any] = list(ROUTES)
    limiter = (RateLimiter(settings.rate_limit_per_minute, RateCounter(shared))
               if settings.rate_limit_per_minute else None)
    slack_bot: SlackBot | None = None
    if settings.slack_signing_secret:
        slack_bot = SlackBot(settings, store=SharedEventStore(shared, MemoryEventStore())
                             if settings.redis_url else None, limiter=limiter)
        route_handlers.append(slack_routes(settings, slack_bot))

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        try:
            catalog = await asyncio.to_thread(load_for, state)
        except CatalogError as exc:
            state.errors = [str(p) for p in exc.problems]
            log.error("catalog_invalid", problems=state.errors[:20])
            raise
        state.catalog = catalog
        app_metrics.set_catalog_version(catalog.version)
        log.info("ready", catalog_version=catalog.version,
                 models=len(catalog.registry.models), gpus=len(catalog.registry.gpus),
                 offers=len(catalog.offers))
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
                agreed = await CatalogVersion(shared).announce(catalog.version,
                                                               only_if_absent=True)
                log.info("redis_connected", catalog_version_shared=agreed)
            tasks += [asyncio.create_task(shared.monitor()),
                      asyncio.create_task(follow_catalog(app, state))]
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
    if limiter is not None:
        # the Slack routes count their own requests: per workspace once signed, per address
        # otherwise (service/api/rate_limit.py)
        middleware.append(rate_limit_middleware(
            limiter, SLACK_PATHS if slack_bot is not None else ()))

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
