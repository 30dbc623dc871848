"""Where the shipped data lives (no imports of the service's own layers: settings, adapters and
the CLI all find it here)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def default_data_dir(name: str) -> Path:
    """Where the shipped ``catalog/`` or ``knowledge/`` lives: inside the installed package
    (wheel), or at the repository root (source checkout, editable install)."""
    packaged = Path(str(resources.files("service"))) / "_data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[1] / name
