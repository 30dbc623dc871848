"""Catalog reloads while serving: the admin route and SIGHUP load a new snapshot off the
event loop and swap it in whole (or keep the current one and say why), and with Redis every
replica follows the version another replica announced."""

from __future__ import annotations

import asyncio
import time

import structlog
from litestar import Litestar

from service.adapters.catalog_files import CatalogError
from service.adapters.catalog_loader import load_catalog
from service.adapters.shared import CatalogVersion
from service.api.state import AppState
from service.domain.catalog.snapshot import Catalog, shrink_problems

log = structlog.get_logger("gpu_advisor.catalog")


def load_for(state: AppState) -> Catalog:
    """The snapshot the settings point at (the catalog folder, the date policy)."""
    s = state.settings
    return load_catalog(s.catalog_dir, s.stale_after_days)


class ShrinkRejected(list[str]):
    """The problems of a reload refused only by the shrink guard (:func:`shrink_problems`):
    the files are valid, and forcing the reload would apply them."""


async def reload_data(app: Litestar, state: AppState, expect: str | None = None, *,
                      force: bool = False) -> tuple[bool, list[str]]:
    """Load a new snapshot off the event loop and swap it in whole; on any problem keep the
    current one and report why. A reload asked for here (admin route, SIGHUP) announces its
    version to the other replicas; one that follows another replica's announcement
    (``expect``) swaps only when its files give exactly that version.

    Shrink guard: a reload asked for here that would leave a provider with no offers, or drop
    more than half of all offers, is refused (the problems come as a :class:`ShrinkRejected`)
    unless ``force`` (the admin route's ``?force=true``; SIGHUP never forces). A follow
    (``expect``) skips the guard on purpose: the announcing replica either passed it or was
    forced by an operator, and the version hash covers every catalog file, so this replica's
    files are byte-for-byte the ones that were accepted there. Refusing them here would leave
    the replicas serving different catalogs, retrying forever. The startup load has no
    previous snapshot to compare with and is not guarded either."""
    async with state.reload_lock:
        try:
            new = await asyncio.to_thread(load_for, state)
        except CatalogError as exc:
            state.last_reload_errors = [str(p) for p in exc.problems]
            log.warning("catalog_reload_rejected", problems=state.last_reload_errors[:20])
            return False, state.last_reload_errors
        except OSError as exc:
            state.last_reload_errors = [f"cannot read the catalog: {exc}"]
            log.warning("catalog_reload_rejected", problems=state.last_reload_errors)
            return False, state.last_reload_errors
        if expect is not None and new.version != expect:
            why = (f"another replica announced catalog {expect}, but this replica's files "
                   f"give {new.version}; keeping {state.data().version}")
            log.warning("catalog_version_mismatch", wanted=expect, got=new.version)
            return False, [why]
        shrink = (shrink_problems(state.catalog, new)
                  if expect is None and state.catalog is not None else [])
        if shrink and not force:
            state.last_reload_errors = ShrinkRejected(shrink)
            log.warning("catalog_reload_rejected", reason="shrink", problems=shrink[:20],
                        version=new.version,
                        hint="POST /v1/admin/catalog/reload?force=true applies it anyway")
            return False, state.last_reload_errors
        if shrink:
            log.warning("catalog_reload_forced", problems=shrink[:20],
                        version=new.version)
        previous = state.catalog.version if state.catalog else None
        state.catalog = new
        state.last_reload_errors = []
        app.state.metrics.set_catalog_version(new.version)
        log.info("catalog_reloaded", version=new.version, previous=previous,
                 offers=len(new.offers), followed=expect is not None)
    if expect is None:
        await CatalogVersion(state.shared).announce(new.version)
    return True, []


FOLLOW_INTERVAL_S = 0.5
FOLLOW_RETRY_S = 30.0


async def follow_catalog(app: Litestar, state: AppState) -> None:
    """Serve the catalog version the replicas agreed on: poll the shared version key and
    reload when another replica announced a new one (within ~0.5 s plus the load time)."""
    sync = CatalogVersion(state.shared)
    retry_at: dict[str, float] = {}
    while True:
        await asyncio.sleep(FOLLOW_INTERVAL_S)
        if state.catalog is None or state.shared.status != "ok":
            continue
        wanted = await sync.current()
        own = state.catalog.version
        if wanted is None:  # Redis restarted empty: offer ours, keep any other's
            await sync.announce(own, only_if_absent=True)
            continue
        if wanted == own or retry_at.get(wanted, 0.0) > time.monotonic():
            continue
        ok, problems = await reload_data(app, state, expect=wanted)
        if not ok:
            retry_at[wanted] = time.monotonic() + FOLLOW_RETRY_S
            log.warning("catalog_follow_failed", wanted=wanted, problems=problems[:5],
                        retry_in_s=FOLLOW_RETRY_S)


