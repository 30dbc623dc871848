"""Base structs that carry the project's validation policy."""

from __future__ import annotations

import msgspec


class Strict(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """Input data: unknown fields are errors (a typo must not be silently ignored), values are
    immutable once validated, and every field is passed by name so that adding one never shifts
    another."""


class Out(msgspec.Struct, kw_only=True, frozen=True):
    """Output data: read-only results. New fields get defaults so old clients keep working."""
