"""RFC 9457 problem+json for every error, from one place."""

from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any

import msgspec
import msgspec.inspect as mi
import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.utils.scope.state import ScopeState

from service.api.guards import EMPTY_BODY
from service.api.names import type_members
from service.domain.errors import DomainError, InvalidInput, MissingFields, NotFound
from service.domain.fields import QUESTION_MAX, QUESTION_TEXT

PROBLEM_JSON = "application/problem+json"
log = structlog.get_logger("gpu_advisor.errors")


class FieldError(msgspec.Struct, kw_only=True, frozen=True):
    path: Annotated[str, msgspec.Meta(
        description="where in the request the error is: a JSON path to the value ($.model, "
                    "$.finetune.lora_rank, $.gpus[2]; $ alone for the whole body)")]
    message: Annotated[str, msgspec.Meta(
        description="what is wrong with the value at path")]


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True, frozen=True):
    type: Annotated[str, msgspec.Meta(
        description="a URI reference naming the kind of problem (RFC 9457), /problems/<slug>: "
                    "bad-request, malformed-json (a body that is not JSON, one cut off "
                    "included), validation-error, not-found, missing-fields, rate-limited, "
                    "body-too-large and the like")]
    title: Annotated[str, msgspec.Meta(
        description="the HTTP status in words (Bad Request, Not Found...), the same for every "
                    "problem of that status")]
    status: Annotated[int, msgspec.Meta(
        description="the HTTP status code, as the response's")]
    detail: Annotated[str, msgspec.Meta(
        description="what went wrong with this request, in words")]
    instance: Annotated[str | None, msgspec.Meta(
        description="the request path the problem occurred at; absent where unknown")] = None
    request_id: Annotated[str | None, msgspec.Meta(
        description="the request's id, also sent as the X-Request-ID response header (the "
                    "client's own X-Request-ID where it sent a valid one, else "
                    "generated), to quote when reporting a problem")] = None
    errors: Annotated[list[FieldError] | None, msgspec.Meta(
        description="one entry per invalid field, at most 20 (a validation problem); "
                    "absent otherwise")] = None
    suggestions: Annotated[list[str] | None, msgspec.Meta(
        description="for a name that was not found (a model, GPU, provider...): close "
                    "known names, best first; absent otherwise")] = None


TITLES = {400: "Bad Request", 401: "Unauthorized", 404: "Not Found",
          405: "Method Not Allowed", 408: "Request Timeout", 413: "Content Too Large",
          415: "Unsupported Media Type", 422: "Unprocessable Content",
          429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable",
          504: "Gateway Timeout"}
SLUGS = {400: "bad-request", 401: "unauthorized", 404: "not-found", 405: "method-not-allowed",
         408: "body-timeout", 413: "body-too-large", 415: "unsupported-media-type",
         422: "missing-fields", 429: "rate-limited", 500: "internal-error",
         503: "unavailable", 504: "compute-timeout"}


class ProblemError(Exception):
    """Raised by a route to answer a problem+json error of a status it documents with
    ``problem_responses``; the route's return annotation stays its success type, so the spec
    shows one 200 schema (a ``Model | Response`` annotation turns into an ambiguous oneOf)."""

    def __init__(self, status: int, detail: str, *, slug: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.slug = slug
        self.headers = headers


def handle_problem(request: Request[Any, Any, Any], exc: ProblemError) -> Response[Any]:
    return problem_response(exc.status, exc.detail, slug=exc.slug, headers=exc.headers,
                            instance=request.url.path)


def _request_id() -> str | None:
    rid = structlog.contextvars.get_contextvars().get("request_id")
    return str(rid) if rid else None


def problem_response(status: int, detail: str, *, slug: str | None = None,
                     errors: list[FieldError] | None = None,
                     suggestions: list[str] | None = None,
                     headers: dict[str, str] | None = None,
                     instance: str | None = None) -> Response[Any]:
    body = Problem(type=f"/problems/{slug or SLUGS.get(status, 'error')}",
                   title=TITLES.get(status, "Error"), status=status, detail=detail,
                   instance=clip(instance) if instance else None, request_id=_request_id(),
                   errors=errors,
                   suggestions=suggestions)
    return Response(content=msgspec.json.encode(body), status_code=status,
                    media_type=PROBLEM_JSON,
                    headers={"X-Content-Type-Options": "nosniff", **(headers or {})})


_UNKNOWN = re.compile(r"unknown field `([^`]+)`")


def _json_path(key: str | None, message: str) -> str:
    parts = [] if not key or key == "data" else key.split(".")
    unknown = _UNKNOWN.search(message)
    if unknown:
        parts.append(unknown.group(1))
    path = "$"
    for p in parts:
        path += f"[{p}]" if p.isdigit() else f".{p}"
    return path


ECHO_MAX = 200
"""Characters of client input an error repeats (an unknown field name, a value): enough to
recognise it, never the whole of a 60 KB name."""


def clip(text: str, limit: int = ECHO_MAX) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


EMPTY_LIST = "Expected `array` of length >= 1"
EMPTY_LIST_HINT = ("an empty list would allow nothing: leave the field out for no filter "
                   "(an allow-list is never read as every value)")
"""What an empty allow-list (``providers``, ``gpus``, ``regions``: ``fields.NameList``, the
one list type of the bodies with a minimum length) is told besides msgspec's words."""


_QUERY_TYPE = re.compile(r"Expected `(?P<types>[a-z |]+)`, got `str`")
_PLAIN_TYPES = {"int": "a whole number", "float": "a number", "bool": "true or false"}
"""A query parameter's type in words: every value of a query string is text, so msgspec's
"Expected `int`, got `str`" for ``limit=1.5`` said the wrong thing (audit buyer26c #9)."""


def _query_value(request: Request[Any, Any, Any], key: str) -> str | None:
    """The value the query gave the route's parameter ``key``, or None where ``key`` is no
    query parameter of the route (a field of the body)."""
    try:
        params = request.route_handler.parsed_fn_signature.parameters
        if key not in params or key == "data":
            return None
        definition = getattr(params[key], "kwarg_definition", None)
        value = request.query_params.get(getattr(definition, "query", None) or key)
        return None if value is None else str(value)
    except Exception:  # a hint in an error answer never fails the answer
        return None


def _query_type_message(request: Request[Any, Any, Any], key: str, message: str) -> str:
    """msgspec's "Expected `int`, got `str`" for a query parameter, in words: what it takes
    and the value given ("expected a whole number (`int`), got '1.5'")."""
    m = _QUERY_TYPE.fullmatch(message)
    value = _query_value(request, key) if m else None
    if m is None or value is None:
        return message
    types = [t.strip() for t in m.group("types").split("|") if t.strip() != "null"]
    if len(types) != 1 or types[0] not in _PLAIN_TYPES:
        return message
    return f"expected {_PLAIN_TYPES[types[0]]} (`{types[0]}`), got {clip(value, 80)!r}"


TRUNCATED = "Input data was truncated"
"""msgspec's DecodeError for JSON cut off before its end."""
_BLANK_QUESTION = {
    f"Expected `str` matching regex {QUESTION_TEXT!r}":
        "the question is empty: only white space or control characters; write a question",
    "Expected `str` of length >= 1": "the question is empty; write a question",
}
"""msgspec's words for a question with nothing to read, which showed the pattern itself
("Expected `str` matching regex '[^\\s\\x00-...]'": audit buyer27b #7), said plainly."""


_ASK_ERRORS = {
    "the question is empty: only white space or control characters; write a question":
        "api_question_blank",
    "the question is empty; write a question": "api_question_empty",
    f"Expected `str` of length <= {QUESTION_MAX}": "api_question_long",
    "question has no printable text": "api_question_unprintable",
}
"""/v1/ask's errors about its question, by their English words, and the [answer] message
that says them in the request's language (:func:`ask_lang`)."""


def ask_lang(request: Request[Any, Any, Any]) -> str:
    """The language /v1/ask's errors are said in: the body's ``lang`` where it names one we
    speak, else the Accept-Language header's first language; English otherwise and on every
    other route. The errors were English whatever ``lang`` said (audit buyer31c #8)."""
    if request.url.path != "/v1/ask":
        return "en"
    body = ScopeState.from_scope(request.scope).body
    lang: object = None
    if isinstance(body, bytes) and body:
        try:
            data = json.loads(body.removeprefix(b"\xef\xbb\xbf"))
        except (ValueError, RecursionError):
            data = None
        lang = data.get("lang") if isinstance(data, dict) else None
    texts = request.app.state.app_state.messages.texts
    if isinstance(lang, str) and lang in texts:
        return lang
    accept = request.headers.get("accept-language", "").split(",")[0].strip().lower()
    code = accept.split("-")[0].split(";")[0]
    return code if code in texts else "en"


def ask_words(request: Request[Any, Any, Any], lang: str, text: str) -> str:
    """``text`` (a /v1/ask question error in English) in ``lang``, where it has words there."""
    key = _ASK_ERRORS.get(text)
    if lang == "en" or key is None:
        return text
    messages = request.app.state.app_state.messages
    said = messages.section(lang, "answer").get(key)
    return said.format(n=messages.formatter(lang).number(QUESTION_MAX)) if said else text


def validation_errors(exc: ValidationException,
                      request: Request[Any, Any, Any] | None = None,
                      lang: str = "en") -> list[FieldError]:
    extra = exc.extra if isinstance(exc.extra, list) else []
    out: list[FieldError] = []
    for item in extra[:20]:
        if isinstance(item, dict):
            message = str(item.get("message", "invalid value"))
            if request is not None and message.startswith("Invalid enum value"):
                allowed = _enum_values(request, str(item.get("key") or ""))
                if allowed:
                    message += f"; use one of: {', '.join(map(repr, allowed))}"
            elif request is not None and item.get("source") == "query":
                message = _query_type_message(request, str(item.get("key") or ""), message)
            elif message == EMPTY_LIST:
                message += f"; {EMPTY_LIST_HINT}"
            elif item.get("key") == "question" and message in _BLANK_QUESTION:
                message = _BLANK_QUESTION[message]
            if request is not None and item.get("key") == "question":
                message = ask_words(request, lang, message)
            out.append(FieldError(path=clip(_json_path(item.get("key"), message)),
                                  message=clip(message, ECHO_MAX + 200)))
    return out


def _enum_values(request: Request[Any, Any, Any], key: str) -> tuple[Any, ...]:
    """The values the field at ``key`` (``interconnect``, ``finetune.method``) accepts, read
    from the route's signature: a query parameter by its name, else a field of the body; empty
    when it is not a ``Literal`` there. msgspec and litestar say "Invalid enum value 'NVLink'"
    and nothing of what would do."""
    try:
        params = request.route_handler.parsed_fn_signature.parameters
        head, *rest = key.split(".")
        if head in params and head != "data":
            t = mi.type_info(params[head].annotation)
        elif "data" in params:
            t, rest = mi.type_info(params["data"].annotation), [head, *rest]
        else:
            return ()
        for part in rest:
            for m in type_members(t):
                if isinstance(m, mi.ListType) and part.isdigit():
                    t = m.item_type
                    break
                if isinstance(m, mi.StructType):
                    t = next(f.type for f in m.fields if f.encode_name == part)
                    break
            else:
                return ()
        return next((m.values for m in type_members(t) if isinstance(m, mi.LiteralType)), ())
    except Exception:  # a hint in an error answer never fails the answer
        return ()


class _Huge:
    """A JSON number no 64-bit value holds, kept as the client wrote it."""

    def __init__(self, text: str) -> None:
        self.text = text


INT_RANGE = (-(2**63), 2**64 - 1)
"""The integers msgspec decodes (int64, and uint64 above it); another is out of range."""


def _number(text: str) -> float | _Huge:
    value = float(text)
    return _Huge(text) if math.isinf(value) else value


def _integer(text: str) -> int | _Huge:
    if len(text) > 25:  # beyond 2**64 at once, never converting 5,000 digits
        return _Huge(text)
    value = int(text)
    return value if INT_RANGE[0] <= value <= INT_RANGE[1] else _Huge(text)


def _huge_at(value: Any, path: str = "$") -> tuple[str, str] | None:
    if isinstance(value, _Huge):
        return path, value.text
    if isinstance(value, dict):
        items: Any = ((f"{path}.{k}", v) for k, v in value.items())
    elif isinstance(value, list):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    for at, v in items:
        found = _huge_at(v, at)
        if found is not None:
            return found
    return None


def number_out_of_range(request: Request[Any, Any, Any]) -> FieldError | None:
    """The field of the request body that holds a number out of range (``"job_images":
    1e400``), which msgspec reports at ``$[...]`` without its name (audit buyer26c #9): the
    body read again, numbers kept as written, and the first one no 64-bit value holds."""
    body = ScopeState.from_scope(request.scope).body
    if not isinstance(body, bytes) or not body:
        return None
    try:
        data = json.loads(body.removeprefix(b"\xef\xbb\xbf"), parse_float=_number,
                          parse_int=_integer)
        found = _huge_at(data)
    except (ValueError, RecursionError):  # not JSON after all: the decoder's words stand
        return None
    if found is None:
        return None
    path, text = found
    return FieldError(path=clip(path), message=(
        f"number out of range: {clip(text, 40)} is more than a 64-bit number holds (an "
        "integer from -2^63 to 2^64-1, a float up to about 1.8e308)"))


def handle_http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    status = exc.status_code
    headers = dict(exc.headers or {})
    if status == 400 and "out of range" in str(exc.detail).lower():
        bad = number_out_of_range(request)
        if bad is not None:
            return problem_response(400, f"invalid request: {bad.path}: {bad.message}",
                                    slug="validation-error", errors=[bad],
                                    instance=request.url.path)
    if status == 400 and "malformed" in str(exc.detail).lower():
        return problem_response(400, f"malformed JSON body: {clip(str(exc.detail))}",
                                slug="malformed-json",
                                instance=request.url.path)
    if status == 400 and str(exc.detail) == TRUNCATED:
        # msgspec's word for a body that ends before its JSON does ('{"question":"hi"'):
        # malformed JSON too, one type for a client to branch on (it was bad-request:
        # audit buyer27b #6)
        return problem_response(400, "malformed JSON body: it ends before the JSON does "
                                f"({TRUNCATED})", slug="malformed-json",
                                instance=request.url.path)
    if isinstance(exc, ValidationException):
        lang = ask_lang(request)
        errors = validation_errors(exc, request, lang)
        if [(e.path, e.message) for e in errors] == [("$", "'data'")]:
            # no body at all reached the route (chunked, no Content-Length: 0 for the
            # guard to see): litestar's KeyError of the missing ``data``, said plainly
            return problem_response(400, EMPTY_BODY, slug="empty-body",
                                    instance=request.url.path)
        detail = clip(str(exc.detail))
        summary = "; ".join(f"{e.path}: {e.message}" for e in errors) or detail
        lead = "invalid request: {summary}" if lang == "en" else (
            request.app.state.app_state.messages.section(lang, "answer").get(
                "api_invalid_request", "invalid request: {summary}"))
        return problem_response(400, lead.format(summary=summary), slug="validation-error",
                                errors=errors, instance=request.url.path)
    if status == 429:
        reset = headers.get("RateLimit-Reset") or headers.get("ratelimit-reset") or "60"
        headers["Retry-After"] = str(reset)
        return problem_response(429, "too many requests; retry after the number of seconds in "
                                "Retry-After", headers=headers, instance=request.url.path)
    if status == 413:
        return problem_response(413, "request body is larger than the limit "
                                f"({request.app.state.settings.max_body_bytes} bytes)",
                                instance=request.url.path)
    if status == 404:
        return problem_response(404, f"no route for {request.method} {request.url.path}",
                                slug="no-route", instance=request.url.path)
    detail = clip(str(exc.detail)) if exc.detail else TITLES.get(status, "error")
    if status >= 500:
        return handle_unexpected(request, exc)
    fields: dict[str, str] | None = getattr(exc, "fields", None)
    field_errors = [FieldError(path=f"$.{clip(k, 40)}", message=m)
                    for k, m in list(fields.items())[:20]] if fields else None
    return problem_response(status, detail, slug=getattr(exc, "slug", None), headers=headers,
                            instance=request.url.path, errors=field_errors)


def handle_domain(request: Request[Any, Any, Any], exc: DomainError) -> Response[Any]:
    if isinstance(exc, NotFound):
        detail = f"unknown {exc.kind} {clip(exc.name, 80)!r}{exc.hint}"
        if exc.path is not None:
            # a value of a request body: the route exists and the request is invalid, a 400
            # at the field as every other bad value (a 404 read as "no such endpoint", and
            # had no path to map it to a field: audit buyer18a #5)
            return problem_response(400, detail, slug=f"unknown-{exc.kind}",
                                    errors=[FieldError(path=exc.path, message=detail)],
                                    suggestions=exc.suggestions, instance=request.url.path)
        return problem_response(404, detail, slug=f"unknown-{exc.kind}",
                                suggestions=exc.suggestions, instance=request.url.path)
    if isinstance(exc, MissingFields):
        return problem_response(422, f"{exc.context} lacks fields needed for sizing: "
                                f"{', '.join(exc.fields)}", errors=[
                                    FieldError(path=f"$.{f}", message="required")
                                    for f in exc.fields], instance=request.url.path)
    if isinstance(exc, InvalidInput):
        said = ask_words(request, ask_lang(request), exc.message)
        return problem_response(400, clip(said), slug="invalid-input",
                                errors=[FieldError(path=exc.path, message=clip(said))],
                                instance=request.url.path)
    return problem_response(400, str(exc), instance=request.url.path)


def handle_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    if isinstance(exc, RecursionError) and "deserializ" in str(exc):
        # msgspec decoding JSON nested ~1,000 deep: the client's body, not our bug
        return problem_response(400, "malformed JSON body: nested too deeply",
                                slug="malformed-json", instance=request.url.path)
    log.error("unhandled_exception", path=request.url.path, exc_info=exc)
    return problem_response(HTTP_500_INTERNAL_SERVER_ERROR,
                            "internal error; quote the request_id when reporting it",
                            instance=request.url.path)


def problem_responses(*codes: int) -> dict[int, Any]:
    """OpenAPI entries for the problem+json responses a route can give."""
    from litestar.openapi.datastructures import ResponseSpec

    return {
        code: ResponseSpec(data_container=Problem, media_type=PROBLEM_JSON,
                           description=TITLES.get(code, "Error"), generate_examples=False)
        for code in codes
    }
