"""Health, readiness and metrics."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import MediaType, Request, Response, get
from prometheus_client import generate_latest

from service import __version__
from service.api.problems import ProblemError, problem_responses
from service.api.state import AppState


class Health(msgspec.Struct, kw_only=True):
    status: Annotated[str, msgspec.Meta(
        description="ok while the process answers")]
    version: Annotated[str, msgspec.Meta(
        description="the service's version")]


class Pong(msgspec.Struct, kw_only=True):
    pong: Annotated[bool, msgspec.Meta(
        description="always true")]


class Ready(msgspec.Struct, kw_only=True):
    status: Annotated[str, msgspec.Meta(
        description="ready: the catalog and the knowledge index are loaded")]
    catalog_version: Annotated[str, msgspec.Meta(
        description="the catalog version served (as /v1/catalog's version)")]
    knowledge_index: Annotated[str, msgspec.Meta(
        description="the key of the knowledge index loaded (the passages /v1/ask quotes)")]
    models: Annotated[int, msgspec.Meta(
        description="models in the registry")]
    gpus: Annotated[int, msgspec.Meta(
        description="GPUs in the registry")]
    offers: Annotated[int, msgspec.Meta(
        description="offers in the catalog")]
    passages: Annotated[int, msgspec.Meta(
        description="knowledge passages loaded, all languages together")]
    redis: Annotated[str, msgspec.Meta(
        description="off (GPU_ADVISOR_REDIS_URL not set), ok, or degraded (unreachable: "
                    "per-process stores until it returns; still ready)")]
    """off (GPU_ADVISOR_REDIS_URL not set), ok, or degraded (unreachable: per-process
    stores until it returns; still ready)."""
    redis_detail: Annotated[str, msgspec.Meta(
        description="the Redis state in words (the error where degraded)")]


@get("/healthz", operation_id="healthz", tags=["operations"], sync_to_thread=False)
def healthz() -> Health:
    """The process is alive."""
    return Health(status="ok", version=__version__)


@get("/v1/ping", operation_id="ping", tags=["operations"], sync_to_thread=False)
def ping() -> Pong:
    """A trivial JSON answer with no work behind it: the framework's baseline for benchmarks
    (`make bench` compares the other routes' requests/s with this one)."""
    return Pong(pong=True)


@get("/readyz", operation_id="readyz", tags=["operations"], sync_to_thread=False,
     responses=problem_responses(503))
def readyz(request: Request[Any, Any, Any]) -> Ready:
    """200 once the catalog and the knowledge index are loaded (with their versions), 503
    before. Redis being unreachable does not make the service unready: it answers with
    per-process stores and says `redis: degraded`."""
    state: AppState = request.app.state.app_state
    if not state.ready or state.knowledge is None:
        why = state.errors + ([state.knowledge_error] if state.knowledge_error else [])
        raise ProblemError(503, "data not loaded yet" + (
            f": {'; '.join(why)}" if why else " (catalog and knowledge index loading)"))
    catalog = state.data()
    return Ready(status="ready", catalog_version=catalog.version,
                 knowledge_index=state.knowledge.index_key,
                 models=len(catalog.registry.models), gpus=len(catalog.registry.gpus),
                 offers=len(catalog.offers), passages=len(state.knowledge.passages),
                 redis=state.shared.status, redis_detail=state.shared.describe())


@get("/metrics", operation_id="metrics", tags=["operations"], sync_to_thread=False,
     media_type=MediaType.TEXT)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    """Prometheus text format: requests by route and status, latency by route."""
    return Response(content=generate_latest(request.app.state.metrics.registry),
                    media_type="text/plain; version=0.0.4; charset=utf-8")
