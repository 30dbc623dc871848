"""Checks every request passes before a route sees it.

- **415** for a POST body to a JSON route (``/v1/...``) whose ``Content-Type`` is not JSON:
  ``text/plain``, forms and XML are refused instead of being parsed as JSON (a browser can
  send ``text/plain`` across origins without a CORS preflight). A body with no
  ``Content-Type`` at all, or an empty one (``Content-Type:`` with no value, which is no
  CORS-safelisted type either), is read as JSON, which is what simple clients mean.
- A POST that needs a body and has none gets a 400 ``empty-body`` that says so (it was
  "invalid request: $: 'data'", a KeyError's text: see ``problems.handle_http``; a route with
  no body, such as the catalog reload, is not refused). A body that starts with a UTF-8 byte
  order mark (PowerShell's ``Out-File``, some Windows clients) is read without it, as RFC 8259
  section 8.1 allows a parser to (it was "malformed JSON (byte 0)").
- **408** for a client that stalls mid-body longer than ``body_timeout_s`` between two parts:
  the connection is closed instead of being held open (uvicorn has no read timeout of its
  own; a proxy in front should enforce one too, see the README).
- **400** for a path with a NUL byte (it would reach the file system through ``/static``).
- **400** for a query parameter a listing route does not take (``strict_query``, the
  listings' ``before_request``): ``?gpus=H100`` or ``?max_price=1`` answered every offer as if
  unfiltered; now the unknown names, the nearest known ones and the full list. And for a
  single-valued parameter given twice, and for a name given as whitespace only (``gpu=%20``:
  the 400 at its path that ``gpu=`` gets, not a 404 "unknown gpu ' '").
- A value of a set-of-words query parameter (``sort``, ``interconnect``, ``kind``) is read in
  any case (``sort=PRICE``, ``interconnect=NVLink`` were 400s while ``gpu``, ``provider`` and
  ``region`` take any case: audit buyer26c #9).

Raised inside the app, so the problem+json handlers answer them like every other error.
"""

from __future__ import annotations

import asyncio
import difflib
from typing import Any

from litestar.exceptions import HTTPException
from litestar.utils.scope.state import ScopeState

from service.api.names import blank_error, fold_enum_query, query_blanks

JSON_PREFIX = "/v1/"
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class BodyTimeout(HTTPException):
    status_code = 408


class UnsupportedMediaType(HTTPException):
    status_code = 415


class BadPath(HTTPException):
    status_code = 400


EMPTY_BODY = ("the request body is empty: send a JSON object (the fields of each route are "
              "in /docs/openapi.json)")
BOM = b"\xef\xbb\xbf"


def _content_type(scope: Any) -> bytes | None:
    for key, value in scope.get("headers", ()):
        if key == b"content-type":
            return bytes(value).split(b";", 1)[0].strip().lower()
    return None


def _is_json(media_type: bytes) -> bool:
    return media_type == b"application/json" or (
        media_type.startswith(b"application/") and media_type.endswith(b"+json"))


def request_guard_middleware(body_timeout_s: float) -> Any:
    """A Litestar middleware factory (see the module docstring)."""

    def factory(app: Any) -> Any:
        async def middleware(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            if "\x00" in scope.get("path", ""):
                raise BadPath(detail="the path contains a NUL byte")
            if scope.get("method") not in BODY_METHODS:  # no body to wait for
                await app(scope, receive, send)
                return
            if scope.get("path", "").startswith(JSON_PREFIX):
                media_type = _content_type(scope)
                if media_type and not _is_json(media_type):
                    raise UnsupportedMediaType(
                        detail=f"send the body as application/json, not "
                               f"{media_type.decode('latin-1')[:80]}")
                json_body = True
            else:
                json_body = False

            body_done = False
            first = True

            async def receive_with_timeout() -> Any:
                nonlocal body_done, first
                if body_done:  # after the body: waiting for a disconnect is not a stall
                    return await receive()
                try:
                    async with asyncio.timeout(body_timeout_s):  # no task per call
                        message = await receive()
                except TimeoutError:
                    raise BodyTimeout(detail=f"no part of the request body arrived for "
                                             f"{body_timeout_s:g} s",
                                      headers={"Connection": "close"}) from None
                if message["type"] != "http.request" or not message.get("more_body", False):
                    body_done = True
                if (first and json_body and message["type"] == "http.request"
                        and message.get("body")):
                    first = False
                    body = message.get("body", b"")
                    if body.startswith(BOM):
                        message = {**message, "body": body[len(BOM):]}
                return message

            await app(scope, receive_with_timeout, send)

        return middleware

    return factory


class UnknownQuery(HTTPException):
    """A query parameter the route does not take, or one given twice: a 400 with each
    parameter's path in ``errors`` (``$.gpus``), as every other 400 of a route names its
    field (it had none: buyer audit 28b #14)."""

    status_code = 400

    def __init__(self, detail: str, fields: dict[str, str]) -> None:
        super().__init__(detail=detail)
        self.fields = fields
        """The parameter's name -> what is wrong with it."""


async def strict_query(request: Any) -> None:
    """A ``before_request`` hook: 400 for query parameters the route does not declare, for
    a single-valued one given twice (``sort=price&sort=price_per_gpu`` answered by the
    first, silently), and for a name that may not be empty given as whitespace only."""
    params = request.route_handler.parsed_fn_signature.parameters
    declared = set(params) - {"request"}
    unknown = sorted({k for k in request.query_params if k not in declared})
    if not unknown:
        blank = blank_error(query_blanks(params, request.query_params), "query")
        if blank is not None:
            raise blank
        repeated = sorted(k for k in request.query_params
                          if len(request.query_params.getall(k)) > 1
                          and not params[k].is_non_string_collection)
        if repeated:
            raise UnknownQuery(
                "query parameter" + ("s " if len(repeated) > 1 else " ")
                + ", ".join(f"`{k}`" for k in repeated[:5])
                + " given more than once; each takes one value",
                {k: f"given {len(request.query_params.getall(k))} times; it takes one value"
                 for k in repeated})
        folded = fold_enum_query(params, tuple(request.query_params.multi_items()))
        if folded is not None:
            # the parsed query Litestar reads the parameters from (cached on the request and
            # in the scope's state); the query string itself stays as the client sent it
            request._parsed_query = folded
            ScopeState.from_scope(request.scope).parsed_query = folded
        return
    near = sorted({m for k in unknown for m in difflib.get_close_matches(k, declared, 2, 0.6)})
    shown = ", ".join(f"`{k[:40]}`" for k in unknown[:5])
    raise UnknownQuery(
        f"unknown query parameter{'s' if len(unknown) > 1 else ''} {shown}"
        + (f" (did you mean {', '.join(near)}?)" if near else "")
        + (f"; this route takes: {', '.join(sorted(declared))}" if declared
           else "; this route takes no query parameters"),
        {k: "not a parameter of this route" + (
            f" (did you mean {', '.join(m)}?)"
            if (m := difflib.get_close_matches(k, declared, 2, 0.6)) else "")
         for k in unknown})
