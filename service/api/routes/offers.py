"""Offers, providers, the catalog summary, and the admin reload."""

from __future__ import annotations

import datetime as dt
import hmac
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, get, post
from litestar.params import HeaderParameter, PathParameter, QueryParameter

from service.api.catalog_reload import ShrinkRejected, reload_data
from service.api.guards import strict_query
from service.api.problems import ProblemError, clip, problem_responses
from service.api.state import AppState
from service.domain.catalog.names import NameIndex
from service.domain.catalog.offer_query import (
    AvailabilityLeftOut,
    OfferFilter,
    OfferView,
    SortKey,
    as_of_range,
    query_offers,
    view,
)
from service.domain.catalog.provider_view import ProviderView, provider_views
from service.domain.catalog.regions import parse_region_filter
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, NotFound
from service.domain.fields import NAME_MAX


class OfferPage(msgspec.Struct, kw_only=True):
    total: Annotated[int, msgspec.Meta(
        description="offers that match the filters, all pages together")]
    offset: Annotated[int, msgspec.Meta(
        description="offers skipped before this page (the request's offset)")]
    limit: Annotated[int, msgspec.Meta(
        description="the most offers this page holds (the request's limit)")]
    sort: Annotated[str, msgspec.Meta(
        description="the sort key the offers are in: price, price_per_gpu, price_per_gib or "
                    "price_per_tb_s (ascending, ties by id)")]
    offers: Annotated[list[OfferView], msgspec.Meta(
        description="this page of the matching offers, in sort order")]
    gpu_matched: Annotated[list[str] | None, msgspec.Meta(
        description="with a gpu filter: the GPU ids it matched (every variant of a family "
                    "name such as A100; one id for an exact id, name or variant alias); "
                    "null without one")] = None
    """With a ``gpu`` filter: the GPU ids it matched (every variant of a family name such as
    ``A100``; one id for an exact id, name or variant alias); null without one."""
    excluded_no_region: Annotated[int | None, msgspec.Meta(description=(
        "with a region filter: offers that match the other filters but were left out "
        "because none of their regions has a known place (no region listed, or only ids the "
        "provider does not locate); null without one"))] = None
    excluded_availability_not_stated: Annotated[int | None, msgspec.Meta(description=(
        "with a region filter: offers that match every filter, a region included, but were "
        "left out because their provider does not state where its instance types are "
        "available (its region list is a price list: Lambda prices every type in every "
        "region), so a region filter (a data-residency requirement) cannot rest on it, the "
        "rule /v1/recommendations applies (its region_availability assumption); per provider "
        "in availability_left_out; null without a region filter"))] = None
    availability_left_out: Annotated[list[AvailabilityLeftOut] | None, msgspec.Meta(
        description=(
            "with a region filter: the offers counted in excluded_availability_not_stated, "
            "per provider: how many, the provider's region ids the filter matched and why "
            "they were left out; null without a region filter"))] = None
    region_read: Annotated[str | None, msgspec.Meta(description=(
        "with a region filter: how it was read: a continent ('europe: Europe, the "
        "continent'), a group of countries with its members ('eu: the European Union (27 "
        "countries: AT, BE, ...)'), a country ('de: Germany (DE)') or a provider region id; "
        "null without one"))] = None


class ProviderList(msgspec.Struct, kw_only=True):
    count: Annotated[int, msgspec.Meta(
        description="providers listed (the length of providers)")]
    providers: Annotated[list[ProviderView], msgspec.Meta(
        description="every provider of the catalog, sorted by id, with its billing, storage, "
                    "egress and spot terms")]


class CatalogInfo(msgspec.Struct, kw_only=True):
    version: Annotated[str, msgspec.Meta(
        description="the catalog's version: a hash of its data files, changed by any edit (as "
                    "the catalog_version of recommendations and /readyz)")]
    models: Annotated[int, msgspec.Meta(
        description="models in the registry")]
    gpus: Annotated[int, msgspec.Meta(
        description="GPUs in the registry")]
    offers: Annotated[int, msgspec.Meta(
        description="offers (rentable machine shapes) in the catalog, duplicates collapsed")]
    providers: Annotated[int, msgspec.Meta(
        description="providers in the catalog")]
    stale_offers: Annotated[int, msgspec.Meta(
        description="offers whose price date is older than stale_after_days")]
    suspect_offers: Annotated[int, msgspec.Meta(
        description="offers whose price is doubted (suspect_reasons on each offer)")]
    """Offers whose price is doubted (``suspect_reasons`` on each offer)."""
    duplicate_offers: Annotated[int, msgspec.Meta(
        description="offers collapsed into another (same provider, GPU count, prices and "
                    "regions)")]
    """Offers collapsed into another (same provider, GPU count, prices and regions)."""
    trusted_offers: Annotated[int, msgspec.Meta(
        description="offers neither stale nor suspect: what recommendations rank by default")]
    """Neither stale nor suspect: what recommendations rank by default."""
    offers_by_date_kind: Annotated[dict[str, int], msgspec.Meta(
        description="offers by how their price date is known: published (the source states it), "
                    "retrieved (the day the page was read) or assumed (unknown: as_of is an "
                    "upper bound)")]
    """``published`` / ``retrieved`` / ``assumed`` -> offers whose date is known that way."""
    oldest_as_of: Annotated[dt.date | None, msgspec.Meta(
        description="the oldest price date of any offer (YYYY-MM-DD); null without offers")]
    newest_as_of: Annotated[dt.date | None, msgspec.Meta(
        description="the newest price date of any offer (YYYY-MM-DD); null without offers")]
    stale_after_days: Annotated[int, msgspec.Meta(
        description="the staleness limit: a price older than this many days is stale")]
    loaded_at: Annotated[dt.datetime, msgspec.Meta(
        description="when this catalog was loaded into the service (date-time)")]
    gpus_without_offers: Annotated[list[str], msgspec.Meta(
        description="ids of registry GPUs that no offer prices (they can be sized but not "
                    "recommended)")]
    warnings: Annotated[list[str], msgspec.Meta(
        description="what a client should know about the catalog's prices: stale, suspect and "
                    "undated counts, and a rejected reload's errors")]


class ReloadResult(msgspec.Struct, kw_only=True):
    reloaded: Annotated[bool, msgspec.Meta(
        description="true: the catalog was read again and is now served")]
    version: Annotated[str, msgspec.Meta(
        description="the catalog version now served")]
    previous_version: Annotated[str, msgspec.Meta(
        description="the catalog version served before the reload")]
    offers: Annotated[int, msgspec.Meta(
        description="offers in the catalog now served")]
    shared: Annotated[bool, msgspec.Meta(
        description="true: announced through Redis; every replica loads this version within "
                    "about 2 s; false: this process only")]
    """True: announced through Redis; every replica loads this version within ~2 s."""


def _state(request: Request[Any, Any, Any]) -> AppState:
    state: AppState = request.app.state.app_state
    return state


def _resolve_gpus(catalog: Catalog, name: str | None) -> list[str] | None:
    """The GPU ids the ``gpu`` filter matches: every variant of a family name (``A100``),
    else the one GPU an id, name or alias names; an unknown name is a 400 at ``$.gpu``."""
    if name is None:
        return None
    try:
        return catalog.registry.gpu_family(name) or [catalog.registry.gpu_names.resolve(name)]
    except NotFound as e:
        raise e.at("$.gpu") from None


PROVIDER_LIST_MAX = 1000
"""The longest ``provider`` / ``exclude_provider`` list: every provider id of the catalog,
comma-separated, is about 270 characters (each name is still at most ``NAME_MAX``)."""


def _provider_list(catalog: Catalog, value: str | None, field: str) -> frozenset[str] | None:
    """The provider ids a comma-separated ``provider`` (or ``exclude_provider``) names, each
    an id or a provider's name, case-insensitive (a list: ``/v1/offers?provider=runpod,aws``
    was a 404 "unknown provider 'runpod,aws'", audit buyer18a #12). An empty item is a 400 at
    the parameter, as an empty value is; a name that is no provider a 400 at the parameter
    naming it, with the nearest ids, as an unknown filter value of a body is (it was a 404
    with no path: audit buyer26c #10)."""
    if value is None:
        return None
    items = [x.strip() for x in value.split(",")]
    if not all(items):
        raise InvalidInput(f"an empty provider name in {clip(value, 80)!r}: give provider ids "
                           "or names separated by commas", f"$.{field}")
    names = catalog.provider_names  # ids, names and aliases ("DataCrunch": verda)
    out: set[str] = set()
    for item in items:
        if item.lower() in catalog.providers_by_id:
            out.add(item.lower())
            continue
        found = names.lookup(item[:NAME_MAX])
        if found is None:
            raise NotFound("provider", item[:NAME_MAX], names.suggest(item[:NAME_MAX]),
                           f"$.{field}")
        out.add(found.lower())
    return frozenset(out)


@get("/v1/offers", operation_id="listOffers", tags=["catalog"], sync_to_thread=False,
     before_request=strict_query,
     responses=problem_responses(400))
def list_offers(
    request: Request[Any, Any, Any],
    gpu: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description=(
            "GPU id, name or alias; a family name (A100, H100, V100, RTX 6000) matches "
            "every variant of it, and with a memory size or form factor (H100 80GB, A100 "
            "SXM) every variant that has it, listed in gpu_matched; any case; an unknown "
            "one is a 400 (/problems/unknown-gpu) at $.gpu with the nearest ids"))] = None,
    provider: Annotated[str | None, QueryParameter(
        min_length=1, max_length=PROVIDER_LIST_MAX, description=(
            "provider id or name, or several separated by commas (runpod,aws): offers of "
            "any of them, sorted and paged as one list; an unknown one is a 400 "
            "(/problems/unknown-provider) at $.provider naming it, with the nearest ids"))
    ] = None,
    exclude_provider: Annotated[str | None, QueryParameter(
        min_length=1, max_length=PROVIDER_LIST_MAX, description=(
            "provider id or name, or several separated by commas: offers of none of them; "
            "a provider also in provider is a 400"))] = None,
    region: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description=(
            "a continent (africa, asia, europe, north-america, oceania, south-america), a "
            "group of countries (eu: the European Union's 27 member states, not the "
            "continent; eea: the EU plus Iceland, Liechtenstein and Norway), an area "
            "(us-east, us-central, us-west: the US states of those time zones, and every "
            "provider region id that starts with the word; eu-west: UN M49 Western Europe "
            "and the ids that start with eu-west or europe-west), an ISO 3166-1 "
            "alpha-2 country code (us, de, fi...) or a provider region id (us-east-1, "
            "europe-north1...), case-insensitive; an offer matches if one of its regions "
            "does, and lists only the regions that matched; region_read says how it was "
            "read; any other value is a 400 (/problems/unknown-region) at $.region naming "
            "the kinds of place accepted"))] = None,
    min_gpus: Annotated[int | None, QueryParameter(
        ge=1, le=64, description="only offers of at least this many GPUs per instance")] = None,
    max_gpus: Annotated[int | None, QueryParameter(
        ge=1, le=64, description="only offers of at most this many GPUs per instance")] = None,
    min_total_memory_gib: Annotated[float | None, QueryParameter(
        ge=0, le=100_000, description=(
            "only offers with at least this much GPU memory per instance, all its GPUs "
            "together, in GiB (an offer's total_memory_gib)"))] = None,
    max_price_per_hour: Annotated[float | None, QueryParameter(
        gt=0, le=10_000, description=(
            "only offers whose instance price is at most this, in USD per hour: the price "
            "named in price_kind (with spot_only, the spot price)"))] = None,
    spot_only: Annotated[bool, QueryParameter(description=(
        "only offers with a spot price, their per-unit prices and the sort at it"))] = False,
    interconnect: Annotated[
        Literal["nvswitch", "nvlink", "pcie", "none", "unknown"] | None, QueryParameter(
            description="only offers whose GPUs are joined so, as the provider states it; "
                        "nvlink: NVLink between the GPUs, directly or through NVSwitch chips "
                        "(an 8-GPU HGX node, whose offers say nvswitch, included); nvswitch: "
                        "through NVSwitch only; case-insensitive (NVLink reads as nvlink)")
    ] = None,
    stale: Annotated[bool | None, QueryParameter(description=(
        "true: only offers whose price is older than the catalog's limit; false: only "
        "fresh ones; absent: both"))] = None,
    suspect: Annotated[bool | None, QueryParameter(description=(
        "true: only offers whose price is doubted (see suspect_reasons); false: only "
        "unflagged ones; absent: both"))] = None,
    sort: Annotated[SortKey, QueryParameter(
        description="sort key, case-insensitive (PRICE reads as price)")] = "price",
    offset: Annotated[int, QueryParameter(
        ge=0, le=1_000_000, description="matching offers to skip (paging)")] = 0,
    limit: Annotated[int, QueryParameter(
        ge=1, le=500, description="offers to return, at most (paging)")] = 50,
) -> OfferPage:
    """Offers with their price date (and how it is known), staleness and trust flags;
    sorted by price, price per GPU, per GiB or per TB/s of bandwidth, ties broken by id so
    pages are stable. The per-unit prices and the sort use one price per offer, named in
    its `price_kind`: on-demand, else spot, else reserved; with `spot_only`, spot. `provider`
    and `exclude_provider` take one provider or several separated by commas, listed as one
    sorted, paged list. Offers that duplicate another are collapsed into it (its
    `duplicates`). A `region` filter
    leaves out, and counts, offers with no known place (`excluded_no_region`) and offers
    of a provider that does not state availability per region
    (`excluded_availability_not_stated`, `availability_left_out`), as recommendations
    do. A `gpu`, `provider`, `exclude_provider` or `region` the catalog does not know is a
    400 `/problems/unknown-<kind>` at the parameter (`errors[].path`: `$.gpu`) with the
    nearest names in `suggestions`, as the same value in a recommendations body is; `sort`
    and `interconnect` take their values in any case."""
    if min_gpus is not None and max_gpus is not None and min_gpus > max_gpus:
        raise InvalidInput(f"min_gpus ({min_gpus}) is more than max_gpus ({max_gpus}): no "
                           "offer can match both", "$.min_gpus")
    state = _state(request)
    catalog = state.data()
    only = _provider_list(catalog, provider, "provider")
    excluded = _provider_list(catalog, exclude_provider, "exclude_provider")
    if only is not None and excluded is not None and only & excluded:
        raise InvalidInput(f"provider and exclude_provider both name "
                           f"{', '.join(sorted(only & excluded))}: a provider is either asked "
                           "for or left out", "$.exclude_provider")
    matched = _resolve_gpus(catalog, gpu)
    f = OfferFilter(gpus=None if matched is None else frozenset(matched),
                    providers=only, exclude_providers=excluded,
                    region=region, min_gpus=min_gpus, max_gpus=max_gpus,
                    min_total_memory_gib=min_total_memory_gib,
                    max_price_per_hour=max_price_per_hour, spot_only=spot_only,
                    interconnect=interconnect, stale=stale, suspect=suspect)
    try:
        regions = (parse_region_filter([region], catalog.regions, "$.region")
                   if region is not None else None)
    except NotFound as e:
        raise e.at("$.region") from None
    # the region rule recommendations apply (offer_query.region_outcome)
    q = query_offers(catalog.views(dt.date.today()), f, sort, offset, limit, regions,
                     catalog.regions.table, {p.id: p.name for p in catalog.providers})
    return OfferPage(total=q.total, offset=offset, limit=limit, sort=sort, offers=q.page,
                     gpu_matched=matched, excluded_no_region=q.excluded_no_region,
                     excluded_availability_not_stated=q.excluded_availability_not_stated,
                     availability_left_out=(q.availability_left_out if regions is not None
                                            else None),
                     region_read=regions.said() if regions is not None else None)


@get("/v1/offers/{offer_id:str}", operation_id="getOffer", tags=["catalog"],
     sync_to_thread=False, responses=problem_responses(400, 404))
def get_offer(request: Request[Any, Any, Any],
              offer_id: Annotated[str, PathParameter(
                  max_length=NAME_MAX, description="the offer's catalog id")]) -> OfferView:
    """One offer by id (the id of a collapsed duplicate gives the offer it collapsed into)."""
    state = _state(request)
    catalog = state.data()
    offer = catalog.offers_by_id.get(offer_id)
    if offer is None and catalog.trust_of(offer_id).duplicate_of:
        offer = catalog.offers_by_id.get(catalog.trust_of(offer_id).duplicate_of or "")
    if offer is None:
        names = NameIndex("offer")
        for o in catalog.offers:
            names.add(o.id, [])
        raise NotFound("offer", offer_id, names.suggest(offer_id))
    return view(offer, catalog.registry.gpus[offer.gpu], dt.date.today(),
                catalog.stale_after_days, catalog.places(offer), catalog.trust_of(offer.id))


@get("/v1/providers", operation_id="listProviders", tags=["catalog"], sync_to_thread=False,
     before_request=strict_query, responses=problem_responses(400))
def list_providers(request: Request[Any, Any, Any]) -> ProviderList:
    """Providers: billing granularity, minimum charge, storage and egress prices, spot notice,
    each with its date and source; unknown values are null. ``spot_available`` is true also
    where only the provider's offers carry spot prices (``spot_priced_offers``); ``age_days``
    and ``stale`` date the terms by ``as_of`` against the staleness limit of prices."""
    catalog = _state(request).data()
    providers = provider_views(catalog.providers, catalog.offers, dt.date.today(),
                               catalog.stale_after_days)
    return ProviderList(count=len(providers), providers=providers)


@get("/v1/catalog", operation_id="getCatalog", tags=["catalog"], sync_to_thread=False,
     before_request=strict_query, responses=problem_responses(400))
def catalog_info(request: Request[Any, Any, Any]) -> CatalogInfo:
    """Version hash, counts (stale, suspect, collapsed duplicates, trusted, offers by how
    their date is known), the oldest and newest price dates, and warnings."""
    state = _state(request)
    catalog = state.data()
    views = catalog.views(dt.date.today())
    oldest, newest = as_of_range(catalog.offers)
    priced = {o.gpu for o in catalog.offers}
    without = sorted(g.id for g in catalog.registry.gpus.values() if g.id not in priced)
    stale = sum(1 for v in views if v.stale)
    suspect = sum(1 for v in views if v.suspect)
    trusted = sum(1 for v in views if not (v.stale or v.suspect))
    kinds = {k: sum(1 for v in views if v.as_of_kind == k)
             for k in ("published", "retrieved", "assumed")}
    warnings = []
    if stale:
        warnings.append(f"{stale} offers have prices older than "
                        f"{catalog.stale_after_days} days")
    if suspect:
        warnings.append(f"{suspect} offers have suspect prices (left out of recommendations "
                        "unless include_suspect)")
    if kinds["assumed"]:
        warnings.append(f"{kinds['assumed']} offers have an assumed date (the source gives "
                        "none; as_of is an upper bound)")
    warnings += [f"last reload rejected: {e}" for e in state.last_reload_errors[:20]]
    return CatalogInfo(
        version=catalog.version, models=len(catalog.registry.models),
        gpus=len(catalog.registry.gpus), offers=len(catalog.offers),
        providers=len(catalog.providers), stale_offers=stale, suspect_offers=suspect,
        duplicate_offers=len(catalog.collapsed), trusted_offers=trusted,
        offers_by_date_kind=kinds, oldest_as_of=oldest,
        newest_as_of=newest, stale_after_days=catalog.stale_after_days,
        loaded_at=catalog.loaded_at, gpus_without_offers=without, warnings=warnings)


@post("/v1/admin/catalog/reload", operation_id="reloadCatalog", tags=["admin"],
      status_code=200, responses=problem_responses(400, 401, 404, 422))
async def reload_catalog(
    request: Request[Any, Any, Any],
    x_admin_key: Annotated[str | None, HeaderParameter(
        name="X-Admin-Key", description="the admin key the service is configured with")] = None,
    force: Annotated[bool, QueryParameter(
        description="apply a valid catalog even if it leaves a provider with no offers or "
                    "drops more than half of all offers")] = False,
) -> ReloadResult:
    """Re-read the catalog files. An invalid catalog is rejected with its errors (422,
    `/problems/catalog-invalid`) and the previous one keeps serving. A valid one that would
    leave a provider with no offers, or drop more than half of all offers, is rejected too
    (422, `/problems/catalog-shrink`, naming each provider's file and the counts before and
    after) unless `force=true`. Needs `X-Admin-Key`; without a configured key the route is
    404."""
    state = _state(request)
    key = state.settings.admin_key
    if not key:
        raise ProblemError(404, f"no route for POST {request.url.path}", slug="no-route")
    if x_admin_key is None or not hmac.compare_digest(x_admin_key.encode(), key.encode()):
        raise ProblemError(401, "missing or wrong X-Admin-Key")
    previous = state.data().version
    ok, errors = await reload_data(request.app, state, force=force)
    if not ok and isinstance(errors, ShrinkRejected):
        raise ProblemError(422, "catalog change rejected, it would remove too many offers; the "
                                "previous version keeps serving (repeat with ?force=true to "
                                "apply it anyway): " + "; ".join(errors[:10]),
                           slug="catalog-shrink")
    if not ok:
        raise ProblemError(422, "catalog rejected; the previous version keeps serving: "
                                + "; ".join(errors[:10]), slug="catalog-invalid")
    catalog = state.data()
    return ReloadResult(reloaded=True, version=catalog.version,
                        previous_version=previous, offers=len(catalog.offers),
                        shared=state.shared.status == "ok")
