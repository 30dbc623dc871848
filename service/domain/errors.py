"""Domain errors: plain exceptions with data. The API maps them to problem+json."""

from __future__ import annotations


class DomainError(Exception):
    """Base class of every error the core raises on purpose."""


class NotFound(DomainError):
    """A named thing (model, GPU, offer, ...) is not in the registry.

    ``path`` (a JSON path such as ``$.gpus[1]``) says the name was a value of a request body's
    field rather than a resource looked up by its path or query: the request is then invalid
    (HTTP 400 at that path, the suggestions kept), not aimed at something missing (404).

    ``note`` says what the name is where it is a real product the catalog lacks ("AMD Instinct
    MI250 is not in the catalog: ..."): the suggestions are then the cards offered instead."""

    def __init__(self, kind: str, name: str, suggestions: list[str],
                 path: str | None = None, note: str = "") -> None:
        self.kind = kind
        self.name = name
        self.suggestions = suggestions
        self.path = path
        self.note = note
        super().__init__(f"unknown {kind} {name!r}{self.hint}")

    @property
    def hint(self) -> str:
        """What follows the unknown name: the note, then the suggestions."""
        said = f" ({self.note})" if self.note else ""
        return said + (f"; did you mean: {', '.join(self.suggestions)}"
                       if self.suggestions else "")

    def at(self, path: str) -> NotFound:
        """The same unknown name, as the value of the body field at ``path``."""
        return NotFound(self.kind, self.name, self.suggestions, path, self.note)


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
