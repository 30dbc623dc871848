"""Request and answer of the recommendation API."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from service.domain.base import Out, Strict
from service.domain.catalog.models import Architecture
from service.domain.fields import HfConfig, ModelName, NameList, PrecisionName
from service.domain.sizing.memory import Assumption
from service.domain.sizing.requests import Engine, FinetuneOptions

Workload = Literal["serving", "batch", "finetune", "pretrain"]
PricingModel = Literal["on_demand", "spot", "reserved"]
PosF = Annotated[float, msgspec.Meta(gt=0, le=1e12)]
Big = Annotated[float, msgspec.Meta(gt=0, le=1e15)]


class RecommendationRequest(Strict, frozen=True, kw_only=True):
    """A workload, its usage pattern, a budget and constraints."""

    # exactly one of these, not null (checked in __post_init__; documented in the OpenAPI spec)
    __exactly_one_of__: ClassVar[dict[str, str]] = {
        "model": "string", "architecture": "object", "hf_config": "object"}

    model: ModelName | None = None
    architecture: Architecture | None = None
    hf_config: HfConfig | None = None
    weights: PrecisionName = "auto"
    kv_cache: PrecisionName = "fp16"
    engine: Engine | None = None
    workload: Workload = "serving"
    finetune: FinetuneOptions | None = None
    context_tokens: Annotated[int, msgspec.Meta(ge=1, le=10_000_000)] = 4096
    output_tokens: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)] = 512
    concurrent_requests: Annotated[int, msgspec.Meta(ge=1, le=100_000)] = 1
    target_output_tokens_per_s: PosF | None = None
    target_requests_per_s: PosF | None = None
    max_time_to_first_token_ms: PosF | None = None
    min_decode_tokens_per_s: PosF | None = None
    hours_per_day: Annotated[float, msgspec.Meta(gt=0, le=24)] | None = None
    days_per_month: Annotated[float, msgspec.Meta(gt=0, le=31)] = 30
    sessions_per_day: Annotated[int, msgspec.Meta(ge=1, le=1440)] = 1
    job_output_tokens: Big | None = None
    job_images: Big | None = None
    training_tokens: Big | None = None
    width: Annotated[int, msgspec.Meta(ge=64, le=16_384)] | None = None
    height: Annotated[int, msgspec.Meta(ge=64, le=16_384)] | None = None
    interruptible: bool | None = None
    checkpoint_interval_minutes: Annotated[float, msgspec.Meta(gt=0, le=10_080)] = 30
    max_usd_per_hour: PosF | None = None
    max_usd_per_month: PosF | None = None
    max_usd_total: PosF | None = None
    providers: NameList | None = None
    regions: NameList | None = None
    exclude_providers: NameList | None = None
    max_gpus_per_node: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    allow_multi_node: bool = False
    storage_gb: Annotated[float, msgspec.Meta(ge=0, le=1e7)] | None = None
    egress_gb_per_month: Annotated[float, msgspec.Meta(ge=0, le=1e9)] = 0
    top_n: Annotated[int, msgspec.Meta(ge=1, le=50)] = 5

    def __post_init__(self) -> None:
        given = [x for x in (self.model, self.architecture, self.hf_config) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of `model`, `architecture` or `hf_config`")
        if self.finetune is not None and self.workload not in ("finetune", "pretrain"):
            raise ValueError("`finetune` options apply to workload finetune or pretrain")
        if self.output_tokens >= self.context_tokens and self.workload in ("serving", "batch"):
            raise ValueError("output_tokens must be smaller than context_tokens "
                             "(context = prompt + output)")


class OfferRef(Out, frozen=True, kw_only=True):
    id: str
    provider: str
    instance_type: str
    gpu: str
    gpu_name: str
    gpu_count: int
    regions: list[str]
    interconnect: str
    as_of: str
    stale: bool
    source: str


class Fit(Out, frozen=True, kw_only=True):
    per_gpu_used_gib: float
    per_gpu_free_gib: float
    headroom_pct: float
    parallelism: str
    gpus_per_replica: int
    replicas_per_node: int


class OptionPerformance(Out, frozen=True, kw_only=True):
    decode_tokens_per_s_per_user: float | None = None
    output_tokens_per_s_total: float | None = None
    time_to_first_token_ms: float | None = None
    max_concurrency: int | None = None
    requests_per_s: float | None = None
    training_tokens_per_s: float | None = None
    images_per_s: float | None = None
    job_hours: float | None = None


class OptionCost(Out, frozen=True, kw_only=True):
    per_hour_usd: float
    compute_per_month_usd: float | None
    storage_per_month_usd: float | None
    egress_per_month_usd: float | None
    per_month_usd: float | None
    per_million_output_tokens_usd: float | None = None
    per_job_usd: float | None = None
    billed_hours_per_month: float | None = None
    expected_spot_overhead_pct: float | None = None


class Option(Out, frozen=True, kw_only=True):
    rank: int
    offer: OfferRef
    nodes: int
    weights: str
    pricing_model: PricingModel
    pricing_reason: str
    fit: Fit
    performance: OptionPerformance
    cost: OptionCost
    warnings: list[str]
    why: str


class Rejected(Out, frozen=True, kw_only=True):
    offer_id: str
    gpu: str
    gpu_count: int
    provider: str
    price_usd_h: float | None
    reason: str


class Alternative(Out, frozen=True, kw_only=True):
    change: str
    effect: str
    per_month_usd: float | None = None
    offer_id: str | None = None


class Recommendation(Out, frozen=True, kw_only=True):
    model: str
    workload: str
    options: list[Option]
    rejected: list[Rejected]
    alternatives: list[Alternative]
    reason: str | None
    catalog_version: str
    assumptions: list[Assumption]
