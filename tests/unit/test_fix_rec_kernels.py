"""Recommendations keep the kernel rules over several nodes, say weight-only kernels, list the
precisions they tried, and rank one zone of an instance type.

Audit (POST /v1/recommendations, shipped catalog):

1. {"model": "llama 3.1 70b", "gpus": ["A100"], "engine": "tensorrt-llm", "weights": "fp8",
   "concurrent_requests": 8, "allow_multi_node": true} ranked "2 instances of 8 x A100 80GB at
   coreweave ... fp8 weights: $31,114/month" while one node of A100s was refused for the rule
   (TensorRT-LLM's FP8 needs compute capability 8.9); without multi-node "allow multi-node"
   was offered as the way out; bf16 on V100, SGLang on V100, mxfp4 on V100 and TensorRT-LLM on
   MI300X blamed the node network ("42 offers could serve it over several nodes").
2. fp8 on Ampere ranked as plain "fp8 weights", with no word that it runs as FP8-Marlin
   W8A16 (16-bit matmuls), which /v1/sizing says.
3. precisions_tried said "bf16, fp8, int8, awq-int4" over options in fp16 and gptq-int4.
4. A 70B full fine-tune ranked p6-b200.48xlarge spot in four AWS zones as #1 to #4.
"""

from __future__ import annotations

from typing import Any

import msgspec

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.rec_fixtures import TODAY, shipped


def _rec(**kw: Any) -> Recommendation:
    return recommend(msgspec.convert(kw, RecommendationRequest), shipped(), TODAY)


def _assumption(r: Recommendation, name: str) -> tuple[str, str]:
    a = next(a for a in r.assumptions if a.name == name)
    return a.value, a.reason


def test_multi_node_keeps_the_kernel_rule() -> None:
    # (SGLang runs fp8 on an A100 weight-only, rule sglang-fp8-marlin: not a refusal now)
    for engine, rule in (("tensorrt-llm", "trtllm-fp8"),):
        r = _rec(model="llama 3.1 70b", gpus=["A100"], engine=engine, weights="fp8",
                 concurrent_requests=8, allow_multi_node=True)
        assert r.options == [], [o.why for o in r.options]
        assert r.reason is not None
        assert r.reason.startswith("the hardware: ")
        assert f"rule {rule}" in r.reason and "nearest that runs there: int8" in r.reason
        assert "node network" not in r.reason
        assert all(not x.reason.startswith("multi-node") for x in r.rejected)
    # what runs: int8 on one node of 2 x A100 80GB
    assert [a.change for a in r.alternatives][:1] == ["weights int8"]


def test_the_multi_node_alternative_keeps_the_kernel_rule() -> None:
    r = _rec(model="llama 3.1 70b", gpus=["A100"], engine="tensorrt-llm", weights="fp8",
             concurrent_requests=8)
    assert "allow multi-node" not in [a.change for a in r.alternatives]
    int8 = next(a for a in r.alternatives if a.change == "weights int8")
    assert "2 x NVIDIA A100 SXM4 80GB at vast, $1,360/month" in int8.effect


def test_impossible_combinations_name_the_rule_not_the_network() -> None:
    cases = ((dict(model="llama 3.1 70b", gpus=["V100"], weights="bf16"), "bf16-tensor-cores"),
             (dict(model="llama 3.1 70b", gpus=["V100"], engine="sglang"), "platform:sglang"),
             (dict(model="gpt-oss-120b", gpus=["V100"], weights="mxfp4"), "vllm-mxfp4"),
             (dict(model="llama 3.1 70b", gpus=["MI300X"], engine="tensorrt-llm"),
              "platform:tensorrt-llm"))
    for kw, rule in cases:
        r = _rec(allow_multi_node=True, **kw)
        assert r.options == []
        assert r.reason is not None and r.reason.startswith("the hardware: "), (kw, r.reason)
        assert f"rule {rule}" in r.reason
        assert "over several nodes" not in r.reason


def test_fp8_on_ampere_is_said_to_run_weight_only() -> None:
    for model, gpu in (("llama-3.1-8b", "A100"), ("mixtral-8x7b", "A40"),
                       ("qwen3-30b-a3b", "rtx-a4000")):
        r = _rec(model=model, gpus=[gpu], weights="fp8", top_n=2)
        assert r.options, (model, r.reason)
        for o in r.options:
            said = [w for w in o.warnings if w.startswith("weight-only fp8: ")]
            assert len(said) == 1, o.warnings
            assert "FP8-Marlin weight-only W8A16" in said[0]
            assert "(rule vllm-fp8-marlin)" in said[0]
            assert "the matmuls run at fp16 speed, with no FP8 tensor-core speed-up" in said[0]
    flux = _rec(model="flux.1-schnell", gpus=["rtx-3090"], weights="fp8", top_n=1)
    assert any(w.startswith("weight-only fp8: diffusers runs fp8 on NVIDIA GeForce RTX 3090 "
                            "24GB as FP8 storage with layerwise upcasting")
               for w in flux.options[0].warnings)
    hopper = _rec(model="llama-3.1-8b", gpus=["h100"], weights="fp8", top_n=2)
    assert hopper.options
    assert not any(w.startswith("weight-only") for o in hopper.options for w in o.warnings)


def test_fp8_moe_on_ampere_rule_cites_the_marlin_moe_path() -> None:
    rule = next(r for r in shipped().registry.kernels.rules if r.id == "vllm-fp8-marlin")
    assert "https://github.com/vllm-project/vllm/pull/16850" in rule.source
    assert "not supported in 2024" in rule.source and "has been since 2025" in rule.source


def test_precisions_tried_are_what_was_tried() -> None:
    r = _rec(model="llama 3.1 70b", gpus=["V100"], engine="vllm")
    assert {o.weights for o in r.options} <= {"fp16", "gptq-int4"}
    value, reason = _assumption(r, "precisions_tried")
    assert value == "fp16, gptq-int4"
    assert "gptq-int4 for awq-int4 on NVIDIA Tesla V100 SXM2 16GB" in reason
    assert "bf16, fp8, int8, awq-int4 not tried: no GPU planned runs them" in reason
    asked = _rec(model="llama-3.1-8b", gpus=["A100"], weights="fp8", top_n=1)
    assert _assumption(asked, "precisions_tried") == (
        "fp8", "weights fp8 as asked (a GPU whose kernels do not run them is refused with the "
        "rule); quality handicap fp8 x1.02")


def test_one_zone_of_an_instance_type_is_ranked() -> None:
    r = _rec(model="llama-3.1-70b", workload="finetune", finetune={"method": "full"},
             training_tokens=1e9)
    choices = [(o.offer.provider, o.offer.instance_type, o.pricing_model) for o in r.options]
    assert len(choices) == 5 and len(set(choices)) == 5, choices
    top = r.options[0]
    assert top.offer.instance_type == "p6-b200.48xlarge" and top.pricing_model == "spot"
    assert [o.offer.instance_type for o in r.options].count("p6-b200.48xlarge") == 1
    assert ("The same p6-b200.48xlarge (spot) is offered by aws in 7 other locations priced "
            "here (") in top.why
    # the job's storage: the weights and two full checkpoints (14 bytes a parameter; audit
    # cost 11), $4 more than the weights x 3
    assert "at $22.11/h to $29.39/h, $506 to $671 for the job: only the cheapest is ranked." \
        in top.why
