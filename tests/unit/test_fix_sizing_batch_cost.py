"""Two defects of POST /v1/sizing (``size``).

A. Diffusion fine-tuning ignored ``finetune.micro_batch_size``: sdxl LoRA on an RTX 4090 was
   answered fits true, activations 6.3 GiB, total 13.56 GiB at micro_batch_size 1, 16 and 32
   alike (FLUX.1-dev 43.23 GiB at 1 and at 16), while the top-level batch_size 16 gave
   100.75 GiB of activations. The micro-batch is the images per GPU in one forward/backward
   pass (the OpenAPI field's meaning, and what LLM training sizes by), so the activations grow
   with it; batch_size, as for an LLM's training, does not size a training step.
B. The cost per million output tokens was only the saturated figure, even where the request
   stated a load: llama-3.1-8b on an H100 at $2/h and 0.5 requests/s produces 256 output
   tokens/s, so each million costs $2 / (3600 x 256) x 1e6 = $2.17, not the $0.13 of a
   saturated endpoint. The answer now gives both, as /v1/recommendations does
   (per_million_output_tokens_usd, per_million_output_tokens_at_load_usd).

The shipped catalog, as the service uses it."""

from __future__ import annotations

import datetime as dt
from functools import cache

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def sized(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _finetune(model: str, micro: int, gpu: str | None = "rtx-4090",
              **more: object) -> SizingResult:
    body: dict[str, object] = {"model": model, "task": "finetune",
                               "finetune": {"method": "lora", "micro_batch_size": micro}}
    if gpu is not None:
        body["gpu"] = gpu
    return sized(**body, **more)


# --- A. the diffusion training micro-batch ------------------------------------------------------


@pytest.mark.parametrize("model", ["sdxl", "flux.1-dev"])
def test_diffusion_activations_grow_with_the_micro_batch(model: str) -> None:
    one, sixteen, many = (_finetune(model, m, gpu=None) for m in (1, 16, 32))
    a1 = one.memory.per_gpu.activations_gib
    assert a1 > 0
    # DreamBooth's step is an instance and a class image per micro-batch sample: the
    # activations are linear in the samples
    assert sixteen.memory.per_gpu.activations_gib == pytest.approx(16 * a1, rel=1e-9)
    assert many.memory.per_gpu.activations_gib == pytest.approx(32 * a1, rel=1e-9)
    assert one.memory.per_gpu.total_gib < sixteen.memory.per_gpu.total_gib
    assert sixteen.memory.per_gpu.total_gib < many.memory.per_gpu.total_gib


def test_sdxl_lora_at_micro_batch_32_does_not_fit_a_4090() -> None:
    assert _finetune("sdxl", 1).fits is True
    big = _finetune("sdxl", 32)
    assert big.fits is False
    assert big.warnings  # the not-fit hint


def test_the_micro_batch_is_per_gpu_on_several_gpus() -> None:
    # data parallel: every GPU runs its own micro-batch (as an LLM's training plan counts it)
    one = _finetune("sdxl", 8, gpu="h100-sxm")
    four = _finetune("sdxl", 8, gpu="h100-sxm", gpu_count=4)
    assert four.memory.per_gpu.activations_gib == pytest.approx(
        one.memory.per_gpu.activations_gib, rel=1e-9)
    assert four.memory.total_gib == pytest.approx(4 * one.memory.total_gib, rel=1e-9)


def test_micro_batch_wins_over_batch_size_and_the_answer_says_so() -> None:
    # as LLM training: the step is sized by finetune.micro_batch_size, batch_size does not
    # size it; the answer names which one it used
    micro = _finetune("sdxl", 4)
    both = _finetune("sdxl", 4, batch_size=16)
    assert both.memory.per_gpu.activations_gib == pytest.approx(
        micro.memory.per_gpu.activations_gib, rel=1e-9)
    notes = {a.name: a for a in both.assumptions}
    assert "training_batch" in notes, [a.name for a in both.assumptions]
    assert notes["training_batch"].value.startswith("4 ")
    assert "micro_batch_size" in notes["training_batch"].reason
    assert "batch_size 16" in notes["training_batch"].reason
    assert any("batch_size 16 ignored" in w and "micro_batch_size" in w for w in both.warnings)
    # no complaint where batch_size was left alone
    assert not any("ignored" in w for w in micro.warnings)
    alone = next(a for a in micro.assumptions if a.name == "training_batch")
    assert "does not size" not in alone.reason


def test_llm_training_also_sizes_by_the_micro_batch() -> None:
    # the rule the diffusion fix follows (unchanged here)
    one = sized(model="llama-3.1-8b", task="finetune", gpu="h100-sxm",
                finetune={"micro_batch_size": 1})
    eight = sized(model="llama-3.1-8b", task="finetune", gpu="h100-sxm",
                  finetune={"micro_batch_size": 8})
    ignored = sized(model="llama-3.1-8b", task="finetune", gpu="h100-sxm", batch_size=8)
    assert eight.memory.per_gpu.activations_gib > one.memory.per_gpu.activations_gib
    assert ignored.memory.per_gpu.activations_gib == one.memory.per_gpu.activations_gib


# --- B. cost per million output tokens at the stated load -------------------------------------


def _at_load(r: SizingResult, price: float) -> float:
    perf = r.performance
    assert perf is not None and perf.output_tokens_per_s
    return price * r.gpu_count / (perf.output_tokens_per_s * 3600) * 1e6


@pytest.mark.parametrize(("body", "price"), [
    ({"model": "llama-3.1-8b", "gpu": "h100-sxm", "request_rate_per_s": 0.5}, 2.0),
    ({"model": "llama-3.1-8b", "gpu": "h100-sxm"}, 2.0),
    ({"model": "llama-3.1-8b", "gpu": "h100-sxm", "batch_size": 32}, 2.5),
    ({"model": "deepseek-v3", "gpu": "h200", "gpu_count": 8, "batch_size": 64}, 3.5),
])
def test_cost_per_million_at_the_stated_load(body: dict[str, object], price: float) -> None:
    r = sized(**body, price_per_gpu_hour_usd=price)
    assert r.cost is not None and r.performance is not None
    perf = r.performance
    at_load = r.cost.per_million_output_tokens_at_load_usd
    assert at_load == pytest.approx(_at_load(r, price), rel=1e-9)
    # the saturated figure keeps its meaning: the hourly price over the saturated output
    assert perf.max_throughput_tokens_per_s
    assert r.cost.per_million_output_tokens_usd == pytest.approx(
        price * r.gpu_count / (perf.max_throughput_tokens_per_s * 3600) * 1e6, rel=1e-9)
    assert r.cost.per_million_output_tokens_usd is not None and at_load is not None
    assert at_load >= r.cost.per_million_output_tokens_usd * (1 - 1e-9)
    note = next(a for a in r.assumptions if a.name == "cost_per_million_tokens")
    assert "per_million_output_tokens_usd" in note.reason
    assert "per_million_output_tokens_at_load_usd" in note.reason


def test_the_audit_case_half_a_request_per_second() -> None:
    r = sized(model="llama-3.1-8b", gpu="h100-sxm", price_per_gpu_hour_usd=2.0,
              request_rate_per_s=0.5)
    assert r.performance is not None and r.cost is not None
    assert r.performance.output_tokens_per_s == pytest.approx(256.0)
    assert r.cost.per_million_output_tokens_at_load_usd == pytest.approx(
        2.0 / (3600 * 256) * 1e6, rel=1e-9)  # $2.17
    assert r.cost.per_million_output_tokens_usd is not None
    assert r.cost.per_million_output_tokens_usd < 0.5  # saturated: far cheaper per token


def test_no_at_load_figure_without_output_tokens() -> None:
    # an embedding model writes nothing back: neither output-token figure
    r = sized(model="bge-large", gpu="l4", price_per_gpu_hour_usd=1.0)
    assert r.cost is not None
    assert r.cost.per_million_output_tokens_usd is None
    assert r.cost.per_million_output_tokens_at_load_usd is None


def test_equals_the_recommendations_at_load_figure_for_the_same_load() -> None:
    # a request-rate load is comparable: both price the rate's output (rate x output tokens)
    # on the same machine at the same hourly price
    rec = recommend(msgspec.convert(
        {"model": "llama-3.1-8b", "workload": "serving", "target_requests_per_s": 0.5,
         "output_tokens": 512, "context_tokens": 2560, "weights": "bf16",
         "max_gpus_per_node": 1, "top_n": 10},
        RecommendationRequest), catalog(), dt.date(2026, 12, 3))
    compared = 0
    for o in rec.options:
        c, perf = o.cost, o.performance
        # one replica on one machine, no spot overhead: the hourly price is the machine's
        if (c.expected_spot_overhead_pct is not None or o.nodes != 1
                or o.fit.replicas_per_node != 1
                or o.fit.gpus_per_replica != o.offer.gpu_count
                or c.per_million_output_tokens_at_load_usd is None):
            continue
        r = sized(model="llama-3.1-8b", gpu=o.offer.gpu, gpu_count=o.offer.gpu_count,
                  weights="bf16", input_tokens=2048, output_tokens=512,
                  request_rate_per_s=0.5,
                  price_per_gpu_hour_usd=c.per_hour_usd / o.offer.gpu_count)
        assert r.performance is not None and r.cost is not None
        assert perf.output_tokens_per_s_at_load == pytest.approx(
            r.performance.output_tokens_per_s, rel=1e-6)
        assert r.cost.per_million_output_tokens_at_load_usd == pytest.approx(
            c.per_million_output_tokens_at_load_usd, rel=1e-3)
        compared += 1
    assert compared, [(o.offer.id, o.pricing_model, o.nodes) for o in rec.options]
