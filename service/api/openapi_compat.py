"""Litestar 2.x drops numeric bounds equal to zero from the OpenAPI schema: it copies
``ge``/``gt``/``le``/``lt`` from a field's constraints only when the value is truthy, so
``Meta(gt=0)`` or ``QueryParameter(ge=0)`` documents no bound while the server rejects the
value (schemathesis: "schema-valid request rejected"). ``install()`` re-applies the bounds
that are zero; it is idempotent and a no-op if Litestar's internals change shape (the
committed-spec test and the fuzz test would then show the difference)."""

from __future__ import annotations

from typing import Any

_BOUNDS = (("ge", "minimum"), ("gt", "exclusive_minimum"), ("le", "maximum"),
           ("lt", "exclusive_maximum"))
_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    try:
        from litestar._openapi.schema_generation.schema import SchemaCreator
    except ImportError:  # pragma: no cover - a future Litestar
        return
    original = getattr(SchemaCreator, "_apply_kwarg_definition_metadata", None)
    if original is None:  # pragma: no cover
        return

    def apply(self: Any, field: Any, schema: Any) -> None:
        original(self, field, schema)
        kwargs = field.kwarg_definition
        if kwargs is None:
            return
        for key, schema_key in _BOUNDS:
            value = getattr(kwargs, key, None)
            if (isinstance(value, int | float) and not isinstance(value, bool) and value == 0
                    and getattr(schema, schema_key, None) is None):
                setattr(schema, schema_key, value)

    SchemaCreator._apply_kwarg_definition_metadata = apply  # type: ignore[method-assign]
    _install_overlapping_unions(SchemaCreator)
    _install_struct_rules()
    _installed = True


def _install_overlapping_unions(creator: Any) -> None:
    """A union of ``int`` and ``float`` is documented by Litestar as ``oneOf`` integer,
    number; but an integer is also a JSON Schema number, so it matches both branches and
    ``oneOf`` (exactly one) rejects every integer. Such unions become ``anyOf``."""
    from litestar.openapi.spec import OpenAPIType, Schema

    original = creator.for_union_field

    def for_union_field(self: Any, field_definition: Any) -> Any:
        schema = original(self, field_definition)
        branches = schema.one_of or []
        kinds = {b.type for b in branches if isinstance(b, Schema)}
        if OpenAPIType.INTEGER in kinds and OpenAPIType.NUMBER in kinds:
            schema.any_of, schema.one_of = branches, None
        return schema

    creator.for_union_field = for_union_field


def _install_struct_rules() -> None:
    """Document two rules msgspec enforces that Litestar leaves out of a Struct's schema:
    ``forbid_unknown_fields`` (``additionalProperties: false``) and a struct's
    ``__exactly_one_of__`` ({field: JSON type}: exactly one of them present and not null, as
    a ``oneOf``)."""
    try:
        from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin
        from litestar.openapi.spec import OpenAPIType, Schema
    except ImportError:  # pragma: no cover
        return
    original = StructSchemaPlugin.to_openapi_schema

    def to_openapi_schema(self: Any, field_definition: Any, schema_creator: Any) -> Any:
        schema = original(self, field_definition, schema_creator)
        struct = field_definition.type_
        config = getattr(struct, "__struct_config__", None)
        if config is not None and config.forbid_unknown_fields:
            schema.additional_properties = False
        one_of: dict[str, str] | None = getattr(struct, "__exactly_one_of__", None)
        if one_of:
            schema.one_of = [Schema(required=[name], properties={
                name: Schema(type=OpenAPIType(kind))}) for name, kind in one_of.items()]
        return schema

    StructSchemaPlugin.to_openapi_schema = to_openapi_schema  # type: ignore[method-assign]
