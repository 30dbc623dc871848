"""A batch option's memory is at the load it is priced on; a memory rejection quotes the least
need among the precisions tried, and a GPU that runs none of them is refused for that (audit
fix recfit, /tmp/audit/recs2).

1. {"model": "llama-3.1-70b", "workload": "batch", "job_output_tokens": 2e8,
   "context_tokens": 4096, "output_tokens": 1024}: 4 x B200 "uses 36.7 of 161.2 GiB per GPU
   (tensor parallel 2, ...) ... (174 requests in flight per replica)": 36.7 GiB is one
   request's memory; 174 requests of 4,096 tokens hold ~109 GiB of KV cache per GPU at TP2
   (POST /v1/sizing: 144.8 GiB per GPU at batch 174). The job's hours and price rest on the
   saturated replicas, so its ``fit`` is at that load, as a serving option's is at its own.
2. {"model": "qwen3-235b-a22b", "concurrent_requests": 8, "gpus": ["l40s"]} (bf16, fp8, int8
   and awq-int4 tried): 2 x L40S "needs 440.1 GiB", the bf16 need, where awq-int4 needs
   ~125 GiB. {"model": "gpt-oss-20b", "gpus": ["t4", ...]} (mxfp4 tried): T4 "needs 40.4 GiB",
   an fp16 upcast nobody asked for, where vllm cannot run mxfp4 there at all.

Small fake catalogs on the real registry (tests/unit/rec_fixtures.py), so that a catalog
update does not move them; the expected memory is /v1/sizing's for the same setup."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.recommend.context import MEMORY_PREFIX
from service.domain.recommend.types import Option
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import fake, offer, shipped


def _sized(model: str, weights: str, gpu: str, gpus: int, batch: int, context: int,
           output: int) -> SizingResult:
    return size(msgspec.convert(
        {"model": model, "weights": weights, "gpu": gpu, "gpu_count": gpus,
         "batch_size": batch, "input_tokens": context - output, "output_tokens": output},
        SizingRequest), shipped())


# --- 1. a batch option's fit is at the requests in flight it is priced at ------------------

BATCH_CASES = [
    pytest.param({"model": "llama-3.1-70b", "job_output_tokens": 2e8, "context_tokens": 4096,
                  "output_tokens": 1024},
                 [offer("b200x4", "b200", 4, 20.0), offer("b200x1", "b200", 1, 5.0)],
                 id="70b-b200"),
    pytest.param({"model": "llama-3.1-8b", "job_output_tokens": 1e9, "context_tokens": 2048,
                  "output_tokens": 512},
                 [offer("v100x4", "v100-sxm2-16gb", 4, 2.0)], id="8b-v100"),
]


@pytest.mark.parametrize(("body", "offers"), BATCH_CASES)
def test_batch_fit_is_at_the_requests_in_flight(body: dict[str, object],
                                                offers: list[object]) -> None:
    rec = fake(offers, workload="batch", top_n=5, **body)  # type: ignore[arg-type]
    assert rec.options, rec.rejected
    for o in rec.options:
        users = o.performance.users_per_replica
        assert users is not None and users > 1, o.why  # saturated: many requests in flight
        sized = _sized(str(body["model"]), o.weights, o.offer.gpu, o.fit.gpus_per_replica,
                       users, int(str(body["context_tokens"])),
                       int(str(body["output_tokens"])))
        assert sized.fits, sized
        # the memory the option reports is /v1/sizing's at the load it is priced on
        assert o.fit.per_gpu_used_gib == pytest.approx(sized.memory.per_gpu_gib, abs=0.02), (
            o.why, users)
        total = o.fit.per_gpu_used_gib + o.fit.per_gpu_free_gib
        assert o.fit.headroom_pct == pytest.approx(100 * o.fit.per_gpu_free_gib / total,
                                                   abs=0.1)
        # saturation stays within the request's headroom (10 % by default)
        assert o.fit.headroom_pct >= 10 - 0.05, o.why
        assert f"uses {o.fit.per_gpu_used_gib:.1f} of" in o.why


def test_batch_fit_is_more_than_one_requests() -> None:
    """The audit's own figure: 70B fp8 over 2 B200 at 174 requests of 4,096 tokens, not 36.7
    GiB (one request)."""
    rec = fake([offer("b200x4", "b200", 4, 20.0)], model="llama-3.1-70b", workload="batch",
               job_output_tokens=2e8, context_tokens=4096, output_tokens=1024)
    o: Option = rec.options[0]
    one = _sized("llama-3.1-70b", o.weights, "b200", o.fit.gpus_per_replica, 1, 4096, 1024)
    assert o.fit.per_gpu_used_gib > one.memory.per_gpu_gib + 50, o.why


# --- 2. memory rejections: the least need among the precisions tried ------------------------

_NEED = re.compile(r"^needs ([0-9.,]+) GiB")


def _need(reason: str) -> float:
    m = _NEED.match(reason)
    assert m is not None, reason
    return float(m.group(1).replace(",", ""))


def test_memory_rejection_quotes_the_least_need_and_names_its_precision() -> None:
    rec = fake([offer("l40sx2", "l40s", 2, 1.6, interconnect="pcie"),
                offer("l40sx8", "l40s", 8, 6.4, interconnect="pcie")],
               model="qwen3-235b-a22b", concurrent_requests=8)
    tried = next(a.value for a in rec.assumptions if a.name == "precisions_tried")
    assert "awq-int4" in tried and "bf16" in tried
    two = next(r for r in rec.rejected if r.offer_id == "l40sx2")
    assert two.reason.startswith(MEMORY_PREFIX), two.reason
    # awq-int4, the least of the four, over one GPU (the message's total) as /v1/sizing has it
    least = _sized("qwen3-235b-a22b", "awq-int4", "l40s", 1, 1, 4096, 1024)
    assert "awq-int4" in two.reason, two.reason
    assert _need(two.reason) == pytest.approx(least.memory.per_gpu_gib, abs=0.06), two.reason
    bf16 = _sized("qwen3-235b-a22b", "bf16", "l40s", 1, 1, 4096, 1024)
    assert _need(two.reason) < bf16.memory.per_gpu_gib / 2, two.reason


def test_a_gpu_that_runs_no_precision_tried_is_refused_for_that() -> None:
    rec = fake([offer("t4x1", "t4", 1, 0.3, interconnect="pcie"),
                offer("l4x1", "l4", 1, 0.8, interconnect="pcie")],
               model="gpt-oss-20b", concurrent_requests=4, gpus=["l4", "t4"])
    tried, why = next((a.value, a.reason) for a in rec.assumptions
                      if a.name == "precisions_tried")
    # the T4 tries fp16 in mxfp4's place (the nearest its kernels run), and it is said so
    # (test_fix_rec_kernels: the list is what was tried)
    assert tried == "mxfp4, fp16"
    assert "fp16 for mxfp4 on NVIDIA T4 16GB" in why
    t4 = next(r for r in rec.rejected if r.offer_id == "t4x1")
    # the kernel rule (a hardware rejection), not the memory of an fp16 upcast
    assert t4.reason.startswith("cannot run mxfp4"), t4.reason
    assert "rule" in t4.reason, t4.reason
    # the L4 runs mxfp4 and is ranked in it
    assert [o.weights for o in rec.options if o.offer.id == "l4x1"] == ["mxfp4"]


def test_a_stand_in_as_wide_as_the_precision_asked_is_refused_for_memory() -> None:
    """fp16 for bf16 on a V100 needs what bf16 would: the node is too small either way, and
    that is said (a kernel refusal would list it as a near miss it is not)."""
    rec = fake([offer("v100x1", "v100-sxm2-16gb", 1, 0.3), offer("h100x8", "h100-sxm", 8, 20.0)],
               model="llama-3.1-8b", workload="finetune", finetune={"method": "full"},
               training_tokens=1e8, gpus=["v100-sxm2-16gb", "h100-sxm"])
    v100 = next(r for r in rec.rejected if r.offer_id == "v100x1")
    assert v100.reason.startswith(MEMORY_PREFIX), v100.reason
