"""The one loader of the catalog snapshot: models, GPUs, engines, offers and providers read
from the catalog folder, checked together, hashed, and returned as an immutable ``Catalog`` — or a
``CatalogError`` listing every problem with its file and line, never a half-loaded catalog.
The app's start-up and reloads, the CLI, the bench and the tests all load through here."""

from __future__ import annotations

from pathlib import Path

from service.adapters.catalog_files import CatalogError, Problem, build_registry, content_hash
from service.adapters.offers_files import load_offers
from service.domain.catalog.snapshot import Catalog

CATALOG_FILES = ("models/*.toml", "gpus.toml", "engines.toml", "providers.toml", "offers/*.csv")
"""What the version hash covers: a change to any of these is a new catalog version."""


def load_catalog(root: Path, stale_after_days: int = 90) -> Catalog:
    """The snapshot of the catalog under ``root``; prices older than ``stale_after_days`` are
    stale. Raises CatalogError with all problems found."""
    problems: list[Problem] = []
    registry = build_registry(root, problems)
    offers, providers, offer_problems = load_offers(root, registry)
    problems += offer_problems
    if problems:
        raise CatalogError(problems)
    return Catalog(registry=registry, offers=tuple(offers), providers=tuple(providers),
                   version=content_hash(root, CATALOG_FILES), stale_after_days=stale_after_days)
