"""The web page: ``GET /``, its static assets under ``/static`` and its texts under
``/messages/<lang>.json``; the Swagger UI files for ``/docs`` under ``/docs/static`` (none of
them in the OpenAPI spec: they are the page's own files, not the API)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated, Any

import msgspec
from litestar import MediaType, Request, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.exceptions import NotFoundException
from litestar.params import PathParameter
from litestar.response import File
from litestar.static_files import create_static_files_router
from litestar.types import ASGIApp, ControllerRouterHandler

from service.domain.messages import catalog_words

# Shipped as package data next to the code (``service/web/*``), so editable and wheel
# installs find it the same way.
WEB_DIR = Path(__file__).resolve().parents[2] / "web"

# The page loads only its own files (static/app.js, static/style.css) and calls only its own
# origin (v1/...): no inline script, style attribute, eval or other host. `frame-ancestors *`
# keeps today's behaviour: portals frame the page (?embed=1) without any setting, and
# GPU_ADVISOR_CORS_ORIGINS is about which pages may *call the API* (a framed page calls its
# own origin and needs no CORS), so deriving the framing list from it would break portals
# that only frame. Restrict framing in the reverse proxy, or with a setting of its own.
PAGE_CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors *",
))
PAGE_HEADERS = {
    "Content-Security-Policy": PAGE_CSP,
    "X-Content-Type-Options": "nosniff",
    # the page's URL carries the user's question and workload (?q=..., ?model=...): no
    # Referer to other sites; same-origin requests keep theirs (and their Origin header)
    "Referrer-Policy": "same-origin",
}


@get("/", include_in_schema=False, sync_to_thread=False, media_type=MediaType.HTML)
def index() -> Response[bytes]:
    """The page; the query string (model, workload, ...) is read by app.js in the browser.
    No X-Frame-Options: portals embed it in an iframe (``?embed=1``)."""
    return Response(content=(WEB_DIR / "index.html").read_bytes(),
                    media_type=MediaType.HTML,
                    headers={"Cache-Control": "no-cache", **PAGE_HEADERS})


def _page_headers(response: ASGIApp) -> ASGIApp:
    """Static files come back as ASGI file responses, which layered ``response_headers``
    do not reach; set the page's headers on them here."""
    headers = getattr(response, "headers", None)
    if headers is not None:
        for name, value in PAGE_HEADERS.items():
            headers[name] = value
    return response


@get("/messages/{name:str}", include_in_schema=False, sync_to_thread=False,
     name="web-messages")
def page_messages(request: Request[Any, Any, Any],
                  name: Annotated[str, PathParameter()]) -> Response[bytes]:
    """The page's texts in one language (``<lang>.json``): the ``[web]`` section of
    ``knowledge/messages/<lang>.toml`` as loaded at start-up, fetched by app.js (same origin,
    so the page's ``connect-src 'self'`` allows it), with ``gpuNames``: the GPU names the
    ``[catalog]`` table says in that language (the page's fits table read "(GPU side)" on
    the Romanian page where the answers say "(partea de GPU)": audit buyer31c #6)."""
    lang, _, ext = name.rpartition(".")
    state = request.app.state.app_state
    messages = state.messages
    if ext != "json" or lang not in messages.texts:
        raise NotFoundException(f"no messages {name!r}")
    words = catalog_words(messages.section(lang, "answer"))
    gpus = state.catalog.registry.gpus.values() if state.catalog is not None else ()
    names = {g.name: words[g.name] for g in gpus if g.name in words}
    return Response(content=msgspec.json.encode({**messages.texts[lang]["web"],
                                                 "gpuNames": names}),
                    media_type=MediaType.JSON,
                    headers={"Cache-Control": "no-cache", **PAGE_HEADERS})


def static_router() -> Router:
    return create_static_files_router(
        path="/static", directories=[WEB_DIR], include_in_schema=False, name="web-static",
        cache_control=CacheControlHeader(no_cache=True), after_request=_page_headers)


def _swagger_ui_dir() -> Path:
    """The Swagger UI dist files shipped by the ``swagger-ui-py`` package (found without
    importing it: its ``__init__`` pulls in jinja2 and its framework adapters)."""
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("swagger-ui-py is not installed (a dependency in pyproject.toml): "
                           "/docs needs its Swagger UI files")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


SWAGGER_UI_DIR = _swagger_ui_dir()
SWAGGER_UI_PATH = "/docs/static"
# What /docs loads (service.app.openapi_config), and nothing else of the package.
SWAGGER_UI_ASSETS = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui-standalone-preset.js": "text/javascript",
    "swagger-ui.css": "text/css",
    "favicon-32x32.png": "image/png",
}


@get(f"{SWAGGER_UI_PATH}/{{name:str}}", include_in_schema=False, sync_to_thread=False,
     name="swagger-ui-static", cache_control=CacheControlHeader(no_cache=True))
def swagger_ui_asset(name: Annotated[str, PathParameter()]) -> File:
    media_type = SWAGGER_UI_ASSETS.get(name)
    if media_type is None:
        raise NotFoundException(f"no Swagger UI file {name!r}")
    return File(SWAGGER_UI_DIR / name, filename=name, media_type=media_type,
                content_disposition_type="inline",
                headers={"X-Content-Type-Options": "nosniff"})


def swagger_ui_url(name: str) -> str:
    if name not in SWAGGER_UI_ASSETS:
        raise KeyError(name)
    return f"{SWAGGER_UI_PATH}/{name}"


def web_routes() -> list[ControllerRouterHandler]:
    return [index, page_messages, static_router(), swagger_ui_asset]
