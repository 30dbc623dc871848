"""The one loader of the catalog snapshot: models, GPUs, engines, offers, providers and regions read
from the catalog folder, checked together, hashed, and returned as an immutable ``Catalog`` — or a
``CatalogError`` listing every problem with its file and line, never a half-loaded catalog.
The app's start-up and reloads, the CLI, the bench and the tests all load through here."""

from __future__ import annotations

from pathlib import Path

from service.adapters.catalog_files import CatalogError, Problem, build_registry, content_hash
from service.adapters.offers_files import load_offers
from service.adapters.perf_files import PERF_FILES, load_perf
from service.adapters.regions_file import REGIONS_FILE, load_regions
from service.domain.catalog.regions import index_regions
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import assess

CATALOG_FILES = ("models/*.toml", "gpus.toml", "engines.toml", "kernels.toml", "providers.toml",
                 "offers/*.csv", REGIONS_FILE, *PERF_FILES)
"""What the version hash covers: a change to any of these is a new catalog version."""


def load_catalog(root: Path, stale_after_days: int = 90) -> Catalog:
    """The snapshot of the catalog under ``root``; prices older than ``stale_after_days`` are
    stale. Raises CatalogError with all problems found."""
    problems: list[Problem] = []
    registry = build_registry(root, problems)
    offers, providers, offer_problems = load_offers(root, registry)
    problems += offer_problems
    table = load_regions(root, problems)
    if problems:
        raise CatalogError(problems)
    # the place words /v1/ask and Slack read in a question ("United States", "Londra")
    registry.places = dict(table.aliases)
    # the place words that are cities, read in a question only where located ("in Milan")
    registry.cities = table.cities
    # the providers' other names ("DataCrunch", "Lambda Labs"), read in a question as the
    # providers filters read them (Catalog.provider_names)
    registry.provider_aliases = {a: p.id for p in providers for a in p.aliases}
    # a region id no rule maps loads unplaced (it matches a filter only by its id);
    # `gpu-advisor catalog check` fails on it (Catalog.regions.problems)
    # duplicates collapse into one offer; suspect prices are flagged (catalog check fails on
    # duplicates in the shipped files)
    # an outlier's reason names its GPU as gpus.toml does ("1 x NVIDIA GeForce RTX 4090 24GB")
    regions = index_regions(table, offers)
    # an ISO code written in capitals ("in FI") where the offers are placed: a key in capitals,
    # never a folded word, which intent.place_named reads from the text as written (audit api2
    # #2: "cheapest H100 in FI" dropped the place)
    registry.places.update({code: code.lower() for code in regions.countries_placed})
    # a marketplace's row of another provider's machine at its price is a resale of that
    # offer (providers.toml ``resells``): ranked under it, not as another option
    kept, trust = assess(offers, stale_after_days,
                         {gid: g.name for gid, g in registry.gpus.items()},
                         {p.id: p.resells for p in providers if p.resells})
    return Catalog(registry=registry, offers=kept, providers=tuple(providers),
                   version=content_hash(root, CATALOG_FILES), stale_after_days=stale_after_days,
                   trust=trust, collapsed=tuple(o for o in offers if o.id in trust
                                                and trust[o.id].duplicate_of),
                   regions=regions, perf=load_perf(root, registry))
