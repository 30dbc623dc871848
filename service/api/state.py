"""What the running app holds: settings and the loaded data, swapped atomically."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.domain.registry import Registry
from service.settings import Settings


@dataclass
class Loaded:
    registry: Registry
    catalog_version: str


@dataclass
class AppState:
    settings: Settings
    loaded: Loaded | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return self.loaded is not None

    def data(self) -> Loaded:
        if self.loaded is None:
            raise RuntimeError("data not loaded yet")
        return self.loaded
