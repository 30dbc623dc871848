"""Models and GPUs in the registry."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get
from litestar.datastructures import ResponseHeader
from litestar.params import PathParameter, QueryParameter

from service.api.guards import strict_query
from service.api.problems import ProblemError, problem_responses
from service.api.state import AppState
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import ModelEntry
from service.domain.errors import InvalidInput, NotFound
from service.domain.fields import NAME_MAX

VARIANTS_HEADER = "X-GPU-Variants"


class ModelSummary(msgspec.Struct, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the model's registry id (use it as model in /v1/sizing and "
                    "/v1/recommendations)")]
    name: Annotated[str, msgspec.Meta(
        description="the model's display name")]
    family: Annotated[str, msgspec.Meta(
        description="the model family (llama-3.1, qwen2.5, flux...), which engines' support is "
                    "decided by")]
    kind: Annotated[str, msgspec.Meta(
        description="llm, diffusion or audio")]
    task: Annotated[str, msgspec.Meta(
        description="generate (LLMs, diffusion, audio) or embed (embedding models)")]
    """generate (LLMs, diffusion, audio) or embed (embedding models)."""
    modality: Annotated[str, msgspec.Meta(
        description="what the model takes or makes: text, image, video, audio or multimodal")]
    total_params: Annotated[int, msgspec.Meta(
        description="parameters in all, a count (every expert of a mixture of experts)")]
    active_params: Annotated[int, msgspec.Meta(
        description="parameters used per token, a count (a mixture of experts' active experts; "
                    "total_params for a dense model)")]
    max_context: Annotated[int | None, msgspec.Meta(
        description="the context the model's config allows, in tokens; null where it states none")]
    """The context the model's config allows, in tokens (None where it states none)."""
    max_context_extended: Annotated[int | None, msgspec.Meta(
        description="a longer context the model card states with rope scaling turned on "
                    "(Qwen3: 131,072 tokens with YaRN), in tokens, which /v1/sizing and "
                    "/v1/recommendations serve with that setting said; null where the "
                    "card states none")] = None
    """A longer context the model card states with rope scaling turned on (Qwen3: 131,072
    with YaRN; the model's ``context_extension``), which /v1/sizing and /v1/recommendations
    serve with that setting said; None where the card states none."""
    aliases: Annotated[list[str], msgspec.Meta(
        description="other names the model is found by")]
    source: Annotated[str, msgspec.Meta(
        description="where the model's figures come from (its config or model card URL)")]


class ModelList(msgspec.Struct, kw_only=True):
    count: Annotated[int, msgspec.Meta(
        description="models listed (the length of models)")]
    models: Annotated[list[ModelSummary], msgspec.Meta(
        description="the models that match the filters, sorted by id")]


class GpuList(msgspec.Struct, kw_only=True):
    count: Annotated[int, msgspec.Meta(
        description="GPUs listed (the length of gpus)")]
    gpus: Annotated[list[GPU], msgspec.Meta(
        description="the GPUs that match the filters, with their datasheet figures")]


def _state(request: Request[Any, Any, Any]) -> AppState:
    state: AppState = request.app.state.app_state
    return state


def _one_of(field: str, value: str | None, known: Iterable[str]) -> str | None:
    """``value`` lowercased when the catalog has it (any case); else a 400 at ``field``
    listing the values the catalog has (an unknown filter value matched nothing, silently)."""
    if value is None:
        return None
    accepted = {k.lower(): k for k in known}
    if value.lower() in accepted:
        return value.lower()
    near = [accepted[k] for k in difflib.get_close_matches(value.lower(), accepted, 3, 0.6)]
    raise ProblemError(400, f"unknown {field} {value[:40]!r}"
                            + (f" (did you mean {', '.join(near)}?)" if near else "")
                            + f"; `{field}` takes one of (any case): "
                            + ", ".join(sorted(accepted.values(), key=str.lower)),
                       slug="invalid-input")


def _summary(m: ModelEntry) -> ModelSummary:
    return ModelSummary(id=m.id, name=m.name, family=m.family, kind=m.kind, task=m.task,
                        modality=m.modality, total_params=m.total_params,
                        active_params=m.active,
                        max_context=m.architecture.max_context if m.architecture else None,
                        max_context_extended=(m.context_extension.max_context
                                              if m.context_extension else None),
                        aliases=m.aliases, source=m.source)


@get("/v1/models", operation_id="listModels", before_request=strict_query, tags=["registry"],
     responses=problem_responses(400), sync_to_thread=False)
def list_models(
    request: Request[Any, Any, Any],
    family: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description="e.g. llama, qwen2, flux")] = None,
    modality: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description="text, image, audio")] = None,
    kind: Annotated[Literal["llm", "diffusion", "audio"] | None, QueryParameter(
        description="llm, diffusion, audio (an embedding model is an llm with task embed); "
                    "any case")
    ] = None,
    task: Annotated[Literal["generate", "embed"] | None, QueryParameter(
        description="generate, or embed for embedding models; any case")] = None,
    min_params_b: Annotated[float | None, QueryParameter(
        ge=0, le=100_000, description=(
            "only models of at least this many parameters in all, in billions"))] = None,
    max_params_b: Annotated[float | None, QueryParameter(
        ge=0, le=100_000, description=(
            "only models of at most this many parameters in all, in billions"))] = None,
) -> ModelList:
    """Models in the registry, filtered by family, modality, kind, task and size (billions).
    A family or modality the catalog does not have, or a minimum above the maximum, is a
    400 naming the field(s)."""
    if min_params_b is not None and max_params_b is not None and min_params_b > max_params_b:
        raise InvalidInput(f"min_params_b ({min_params_b:g}) is more than max_params_b "
                           f"({max_params_b:g}): no model can match both", "$.min_params_b")
    registry = _state(request).data().registry
    family = _one_of("family", family, (m.family for m in registry.models.values()))
    modality = _one_of("modality", modality, (m.modality for m in registry.models.values()))
    models = [
        m for m in registry.models.values()
        if (family is None or m.family == family)
        and (modality is None or m.modality == modality)
        and (kind is None or m.kind == kind)
        and (task is None or m.task == task)
        and (min_params_b is None or m.total_params >= min_params_b * 1e9)
        and (max_params_b is None or m.total_params <= max_params_b * 1e9)
    ]
    models.sort(key=lambda m: (m.family, m.total_params, m.id))
    return ModelList(count=len(models), models=[_summary(m) for m in models])


@get("/v1/models/{model_id:path}", operation_id="getModel", tags=["registry"],
     responses=problem_responses(400, 404),
     sync_to_thread=False)
def get_model(
    request: Request[Any, Any, Any], model_id: Annotated[str, PathParameter(
        description="model id or alias ('llama 3 8b', 'Qwen/Qwen2.5-7B-Instruct')")]
) -> ModelEntry:
    """One model by id or alias ('llama 3 8b', 'Qwen/Qwen2.5-7B-Instruct')."""
    return _state(request).data().registry.model(model_id.lstrip("/"))


@get("/v1/gpus", operation_id="listGpus", before_request=strict_query, tags=["registry"],
     responses=problem_responses(400), sync_to_thread=False)
def list_gpus(
    request: Request[Any, Any, Any],
    min_memory_gib: Annotated[float | None, QueryParameter(
        ge=0, le=10_000, description=(
            "only GPUs with at least this much memory, in GiB (as the runtime reports it)"))
    ] = None,
    vendor: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description="NVIDIA, AMD, Intel")] = None,
    fp8: Annotated[bool | None, QueryParameter(description="FP8 tensor cores")] = None,
    link: Annotated[str | None, QueryParameter(
        min_length=1, max_length=NAME_MAX, description="nvlink, pcie, ...")] = None,
) -> GpuList:
    """GPUs in the registry, filtered by memory, vendor, FP8 support and GPU-to-GPU link.
    A vendor or link the catalog does not have is a 400 listing those it has."""
    registry = _state(request).data().registry
    vendor = _one_of("vendor", vendor, (g.vendor for g in registry.gpus.values()))
    link = _one_of("link", link, (g.link for g in registry.gpus.values()))
    gpus = [
        g for g in registry.gpus.values()
        if (min_memory_gib is None or g.total_gib >= min_memory_gib)
        and (vendor is None or g.vendor.lower() == vendor)
        and (fp8 is None or g.supports_fp8 == fp8)
        and (link is None or g.link == link)
    ]
    gpus.sort(key=lambda g: (-g.total_gib, g.id))
    return GpuList(count=len(gpus), gpus=gpus)


@get("/v1/gpus/{gpu_id:str}", operation_id="getGpu", tags=["registry"],
     responses=problem_responses(400, 404), sync_to_thread=False,
     response_headers=[ResponseHeader(
         name=VARIANTS_HEADER, documentation_only=True, required=False,
         description="for a family name (A100, H100, V100): every variant's id, comma-"
                     "separated; the body is the variant the name stands for")])
def get_gpu(request: Request[Any, Any, Any],
            gpu_id: Annotated[str, PathParameter(
                max_length=NAME_MAX, description=(
                    "GPU id or alias ('RTX 4090', 'H100 SXM', 'A100 80GB PCIe')"))]
            ) -> Response[GPU]:
    """One GPU by id or alias ('RTX 4090', 'H100 SXM', 'A100 80GB PCIe'), the maker's word
    in front or not ('NVIDIA H100' is 'H100'). A family name answers the variant its alias
    names, the one `/v1/sizing`, `/v1/ask` and recommendations size on (`H100`, `NVIDIA
    H100`: the H100 SXM5; `A100`: the A100 SXM4 40GB), with every variant listed in the
    `X-GPU-Variants` header; a family name no alias names (`A100 SXM`) is a 404 listing the
    variants. `/v1/offers?gpu=A100` lists the offers of every variant."""
    registry = _state(request).data().registry
    variants = registry.gpu_family(gpu_id)
    if variants and registry.find_gpu(gpu_id) is None:
        raise NotFound("gpu", gpu_id, variants)
    gpu = registry.gpu(gpu_id)
    headers = {VARIANTS_HEADER: ", ".join(variants)} if variants else {}
    return Response(gpu, headers=headers)
