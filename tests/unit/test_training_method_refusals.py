"""A training method that cannot run as asked is refused by recommendations as by sizing
(audit: /v1/recommendations priced a full fine-tune of int8 and AWQ weights, and a LoRA
"pre-training", where /v1/sizing refused both)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec
import pytest

from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.rec_fixtures import shipped

TODAY = dt.date(2026, 12, 4)


@pytest.mark.parametrize(("body", "field"), [
    ({"workload": "finetune", "weights": "int8", "finetune": {"method": "full"}}, "$.weights"),
    ({"workload": "finetune", "weights": "awq", "finetune": {"method": "full"}}, "$.weights"),
    ({"workload": "pretrain", "finetune": {"method": "lora"}}, "$.finetune.method"),
    ({"workload": "finetune", "weights": "bf16", "finetune": {"method": "qlora"}},
     "$.weights"),
])
def test_recommendations_refuse_what_sizing_refuses(body: dict[str, Any], field: str) -> None:
    catalog = shipped()
    req = msgspec.convert({"model": "llama-3.1-8b", "training_tokens": 1e9, **body},
                          RecommendationRequest)
    with pytest.raises(InvalidInput) as rec_err:
        recommend(req, catalog, TODAY)
    assert rec_err.value.path == field
    sbody = {"model": "llama-3.1-8b", "task": body["workload"], "gpu": "h100-sxm",
             "finetune": body["finetune"]}
    if "weights" in body:
        sbody["weights"] = body["weights"]
    with pytest.raises(InvalidInput) as size_err:
        size(msgspec.convert(sbody, SizingRequest), catalog)
    assert str(size_err.value) == str(rec_err.value)


@pytest.mark.parametrize("body", [
    {"workload": "finetune", "finetune": {"method": "full"}},
    {"workload": "finetune", "weights": "bf16", "finetune": {"method": "full"}},
    {"workload": "finetune", "weights": "int8", "finetune": {"method": "lora"}},
    {"workload": "finetune", "weights": "nf4", "finetune": {"method": "qlora"}},
    {"workload": "finetune", "finetune": {"method": "qlora"}},
    {"workload": "pretrain"},
])
def test_what_can_run_is_still_answered(body: dict[str, Any]) -> None:
    catalog = shipped()
    req = msgspec.convert({"model": "llama-3.1-8b", "training_tokens": 1e8, **body},
                          RecommendationRequest)
    assert recommend(req, catalog, TODAY, explain=False).options
