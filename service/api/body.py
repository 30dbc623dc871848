"""A JSON body held to the types the OpenAPI spec gives it.

Litestar converts a route's ``data`` with msgspec in lax mode (``strict=False``, so that a
query string's "8" can be an int), which let a body's ``"batch_size": "8"`` through as 8
although the spec says ``type: integer`` (audit api): a client validated against the spec and
the server disagreed. :func:`strict_body` decodes the body once more, strictly (msgspec's
default for JSON), after Litestar accepted it, and answers the same 400
``validation-error`` at the field's path that any other wrong type gets. A number where the
spec has a number (an int for a float field) still passes; only text for a number, a number
for text, and the like do not.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException


def _whole(value: Any) -> Any:
    """``value`` with every float that is a whole number (8.0) as an int: JSON Schema's
    ``integer`` accepts 8.0 (draft 2020-12, section 6.3 of the validation vocabulary: "a
    number with a zero fractional part"), as the spec-driven fuzzer sends it, where msgspec's
    strict int does not."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


NOT_DECODED: Any = object()
"""What :func:`strict_body` returns for a body msgspec does not read as it is (Litestar read
it: a byte-order mark in front, say)."""


async def strict_body(request: Request[Any, Any, Any], data_type: type) -> Any:
    """Raise the 400 of a value of the wrong JSON type in the body (see the module); else
    the body as decoded JSON (dicts, lists, numbers, text), for the route to read once more
    what it says without decoding it again, or :data:`NOT_DECODED`."""
    try:
        raw = msgspec.json.decode(await request.body())
    except msgspec.DecodeError:  # Litestar read it: nothing more to say
        return NOT_DECODED
    try:
        msgspec.convert(_whole(raw), data_type, strict=True)
    except msgspec.ValidationError as e:
        message, _, at = str(e).partition(" - at `")
        key = at.rstrip("`").removeprefix("$").removeprefix(".")
        raise ValidationException(
            detail=f"Validation failed for {request.method} {request.url.path}",
            extra=[{"message": message, "key": key or None, "source": "body"}]) from None
    return raw
