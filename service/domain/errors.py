"""Domain errors: plain exceptions with data. The API maps them to problem+json."""

from __future__ import annotations


class DomainError(Exception):
    """Base class of every error the core raises on purpose."""


class NotFound(DomainError):
    """A named thing (model, GPU, offer, ...) is not in the registry."""

    def __init__(self, kind: str, name: str, suggestions: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean: {', '.join(suggestions)}" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")


class InvalidInput(DomainError):
    """The request is well-formed but asks for something that makes no sense."""

    def __init__(self, message: str, path: str = "$") -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


class MissingFields(DomainError):
    """A custom architecture or config lacks fields needed to size it (HTTP 422)."""

    def __init__(self, fields: list[str], context: str) -> None:
        self.fields = fields
        self.context = context
        super().__init__(f"{context}: missing fields {', '.join(fields)}")
