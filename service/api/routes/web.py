"""The web page: ``GET /`` and its static assets under ``/static`` (not in the OpenAPI spec)."""

from __future__ import annotations

from pathlib import Path

from litestar import MediaType, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.static_files import create_static_files_router
from litestar.types import ControllerRouterHandler

# Shipped as package data next to the code (``service/web/*``), so editable and wheel
# installs find it the same way.
WEB_DIR = Path(__file__).resolve().parents[2] / "web"


@get("/", include_in_schema=False, sync_to_thread=False, media_type=MediaType.HTML)
def index() -> Response[bytes]:
    """The page; the query string (model, workload, ...) is read by app.js in the browser.
    No X-Frame-Options: portals embed it in an iframe (``?embed=1``)."""
    return Response(content=(WEB_DIR / "index.html").read_bytes(),
                    media_type=MediaType.HTML,
                    headers={"Cache-Control": "no-cache"})


def static_router() -> Router:
    return create_static_files_router(
        path="/static", directories=[WEB_DIR], include_in_schema=False, name="web-static",
        cache_control=CacheControlHeader(no_cache=True))


def web_routes() -> list[ControllerRouterHandler]:
    return [index, static_router()]
