"""The names a request gives, held to one contract on every route before the core runs.

- **Blank is empty.** A name of only whitespace gets the 400 ``/problems/validation-error`` at
  its path that ``""`` gets from the field's ``min_length`` (``gpu=%20`` and ``"model": " "``
  were a 404 "unknown gpu ' '" with no suggestion, while ``gpu=`` was a 400).
- **An unknown catalog name is ``/problems/unknown-<kind>``.** A model, GPU, weights
  (precision), engine, provider or region that the catalog does not know is that problem with
  the nearest ids as ``suggestions``; in a request body it is a 400 with ``errors[].path`` at
  the value (``$.gpus[1]``, ``$.context.gpu``): the route exists and the request is invalid
  (it was a 404 with no path, audit buyer18a #5); in a query (``/v1/offers?gpu=``) or a path
  (``/v1/models/{id}``) it stays a 404. Each is read here first with the core's own lookup,
  so the same value is the same problem on /v1/sizing, /v1/recommendations and /v1/ask.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
import msgspec.inspect as mi
from litestar.exceptions import ValidationException

from service.domain.catalog.names import NameIndex
from service.domain.catalog.precisions import PRECISIONS, find_precision
from service.domain.catalog.regions import parse_region_filter
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, NotFound
from service.domain.recommend.context import gpu_ids, provider_ids
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest

BLANK = "Expected `str` with a character that is not whitespace"
"""The message at a blank name's path (msgspec says "Expected `str` of length >= 1" of an
empty one)."""


def blank_error(keys: Iterable[str], source: str) -> ValidationException | None:
    """The validation error litestar raises for an empty name, for the blank ones at ``keys``
    (dotted, as litestar writes them: ``gpus.1``); None when there are none."""
    extra = [{"key": key, "message": BLANK, "source": source} for key in keys]
    if not extra:
        return None
    return ValidationException(detail="Validation failed: a name is blank", extra=extra)


def reject_blank(data: msgspec.Struct) -> None:
    """400 for every string of a request body (at any depth, list items included) that must
    not be empty (``min_length`` ≥ 1) and holds only whitespace."""
    error = blank_error(_blank_keys(data, ""), "body")
    if error is not None:
        raise error


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, str, mi.Type], ...]:
    """The fields of the struct ``cls`` where a blank name can be, in their order: a text
    with a ``min_length``, a struct with such fields, a list of either. The rest (numbers,
    flags, sets of words, free-form objects) cannot hold one, and a request is not walked
    through them."""
    return _fields_in(cls, frozenset({cls}))


def _fields_in(cls: type, seen: frozenset[type]) -> tuple[tuple[str, str, mi.Type], ...]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return tuple((f.name, f.encode_name, f.type) for f in info.fields
                 if _may_hold_blank(f.type, seen))


def _may_hold_blank(t: mi.Type, seen: frozenset[type]) -> bool:
    """Whether a value of type ``t`` can hold a name that must not be empty (``seen``: the
    structs being looked into, taken as able to)."""
    for m in type_members(t):
        if isinstance(m, mi.StrType) and (m.min_length or 0) >= 1:
            return True
        if isinstance(m, mi.StructType) and (m.cls in seen
                                             or _fields_in(m.cls, seen | {m.cls})):
            return True
        if isinstance(m, mi.ListType) and _may_hold_blank(m.item_type, seen):
            return True
    return False


def type_members(t: mi.Type) -> Iterator[mi.Type]:
    """``t`` without its constraints wrapper, each member of a union on its own."""
    if isinstance(t, mi.Metadata):
        yield from type_members(t.type)
    elif isinstance(t, mi.UnionType):
        for member in t.types:
            yield from type_members(member)
    else:
        yield t


def _blank_keys(value: object, key: str, t: mi.Type | None = None) -> Iterator[str]:
    if isinstance(value, msgspec.Struct):
        for name, wire, field_type in _fields(type(value)):
            yield from _blank_keys(getattr(value, name), f"{key}.{wire}" if key else wire,
                                   field_type)
    elif isinstance(value, str) and t is not None and value and not value.strip():
        if any(isinstance(m, mi.StrType) and (m.min_length or 0) >= 1 for m in type_members(t)):
            yield key
    elif isinstance(value, list) and t is not None:
        for m in type_members(t):
            if isinstance(m, mi.ListType):
                for i, item in enumerate(value):
                    yield from _blank_keys(item, f"{key}.{i}", m.item_type)
                return


# --- unknown names ---------------------------------------------------------------------------


def _weights(name: str | None) -> None:
    """The precision ``name`` as sizing and recommendations read it (``find_precision``); the
    suggestions are /v1/ask's for ``context.weights``."""
    if name is not None and find_precision(name) is None:
        ids = [p.id for p in PRECISIONS]
        close = difflib.get_close_matches(name.lower(), ids, n=3, cutoff=0.5)
        # no close spelling ("exl2"): every value the field takes, never an empty list (buyer
        # audit 31d #11); EXL2 named as the format not modelled, GPTQ its nearest (EXL2 "is
        # based on the same optimization method as GPTQ": github.com/turboderp-org/exllamav2)
        note = ("EXL2 (ExLlamaV2) is not modelled; gptq-int4 is the nearest format sized"
                if "exl" in name.lower() else "")
        raise NotFound("weights", name, close or (
            ["gptq-int4", *(i for i in ids if i != "gptq-int4")] if note else ids), "$.weights",
                       note)


def _engine(name: str | None, registry: Registry) -> None:
    """An engine of the catalog by its id, name or alias in any case, as ``Engines.find``
    reads it ("vLLM", "TRT-LLM"); the suggestions score its names and aliases too."""
    stand_in = registry.engines.stand_in(name) if name is not None else None
    if name is None or registry.engines.find(name) is not None or stand_in is not None:
        return  # a stand-in (TGI) is timed as the engine its data lists it under
    names = NameIndex("engine")
    for e in registry.engines:
        names.add(e.id, [e.name, *e.aliases])
    # no near spelling: the engines modelled, so the 400 says what to send instead
    raise NotFound("engine", name, names.suggest(name[:100]) or registry.engines.ids,
                   "$.engine")


def _model(name: str | None, registry: Registry) -> None:
    """The model ``name`` as the core reads it (``Registry.model``)."""
    if name is not None:
        try:
            registry.model(name)
        except NotFound as e:
            raise e.at("$.model") from None


def check_sizing(req: SizingRequest, catalog: Catalog) -> None:
    """400 at its field for a model, GPU, weights or engine name of a /v1/sizing body that
    the catalog does not know (the GPU read as sizing reads it: a card, else a family)."""
    registry = catalog.registry
    _model(req.model, registry)
    if req.gpu is not None:
        try:
            registry.one_gpu(req.gpu)
        except NotFound as e:
            raise e.at("$.gpu") from None
    _weights(req.weights)
    _engine(req.engine, registry)


def check_recommendation(req: RecommendationRequest, catalog: Catalog) -> None:
    """400 at its path for a name of a /v1/recommendations body that the catalog does not
    know: model, weights (``auto`` is the default, not a name), engine, each of ``gpus``,
    ``providers``, ``exclude_providers`` and ``regions`` (``$.gpus[1]``), read by the core's
    own lookups."""
    _model(req.model, catalog.registry)
    _weights(None if req.weights == "auto" else req.weights)
    _engine(req.engine, catalog.registry)
    for i, raw in enumerate(req.gpus or ()):
        try:
            gpu_ids(catalog.registry, [raw], "$.gpus")
        except InvalidInput:
            said = raw.strip()
            try:
                catalog.registry.gpu(said)
            except NotFound as e:  # the nearest ids; a card the catalog lacks said so
                raise e.at(f"$.gpus[{i}]") from None
            raise NotFound("gpu", said, catalog.registry.gpu_names.suggest(said),
                           f"$.gpus[{i}]") from None
    for field in ("providers", "exclude_providers"):
        for i, raw in enumerate(getattr(req, field) or ()):
            try:
                provider_ids(catalog, [raw], f"$.{field}")
            except InvalidInput:
                said = raw.strip()
                raise NotFound("provider", said, catalog.provider_names.suggest(said),
                               f"$.{field}[{i}]") from None
    for i, raw in enumerate(req.regions or ()):
        try:
            parse_region_filter([raw], catalog.regions)
        except NotFound as e:
            raise e.at(f"$.regions[{i}]") from None


def query_blanks(params: dict[str, Any], query: Any) -> list[str]:
    """The query parameters that must not be empty (``min_length`` ≥ 1) and are given as
    whitespace only; ``params`` is the route's signature, ``query`` the request's."""
    out = []
    for key in params:
        definition = getattr(params[key], "kwarg_definition", None)
        if definition is None or not getattr(definition, "min_length", None):
            continue
        name = getattr(definition, "query", None) or key
        if name in query and any(v and not v.strip() for v in query.getall(name)):
            out.append(name)
    return out


def query_enum_values(params: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The query parameters of a route's signature (``params``) whose type is a set of
    words (a ``Literal``: ``sort``, ``interconnect``, ``kind``), each with its words."""
    out: dict[str, tuple[str, ...]] = {}
    for key, param in params.items():
        if key in ("request", "data"):
            continue
        try:
            t = mi.type_info(param.annotation)
        except Exception:  # a type msgspec cannot describe is no set of words
            continue
        values = next((m.values for m in type_members(t) if isinstance(m, mi.LiteralType)), ())
        words = tuple(w for w in values if isinstance(w, str))
        if words and len(words) == len(values):
            definition = getattr(param, "kwarg_definition", None)
            out[getattr(definition, "query", None) or key] = words
    return out


def fold_enum_query(params: dict[str, Any],
                    parsed: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...] | None:
    """``parsed`` (a request's query, as pairs) with each value of a set-of-words parameter
    written in any case (``sort=PRICE``, ``interconnect=NVLink``, as the providers' pages spell
    it) replaced by the word it is, as a GPU, provider or region name is read in any case;
    None when nothing changes. A value that is no word of the set in any case is left as it is,
    for the validation's 400 that lists the words."""
    enums = query_enum_values(params)
    if not enums:
        return None
    out = []
    changed = False
    for key, value in parsed:
        words = enums.get(key)
        if words is not None and value not in words:
            folded = next((w for w in words if w.casefold() == value.strip().casefold()), None)
            if folded is not None:
                value = folded
                changed = True
        out.append((key, value))
    return tuple(out) if changed else None
