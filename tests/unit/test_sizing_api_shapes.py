"""The shape of the sizing answer: which fields apply to which request."""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import GIB
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


@functools.cache
def catalog() -> Catalog:
    return Catalog(registry=registry())


def run(**fields: Any) -> SizingResult:
    return size(msgspec.convert(fields, SizingRequest), catalog())


def _parts_sum(m: Any) -> float:
    return (m.weights_gib + (m.kv_cache_gib or 0.0) + m.activations_gib + m.overhead_gib
            + (m.gradients_gib or 0.0) + (m.optimizer_gib or 0.0))


def test_named_model_without_gpu_leaves_gpu_fields_empty() -> None:
    r = run(model="Meta-Llama-3-8B")
    assert r.model.id == "llama-3-8b"
    assert r.task == "inference"
    assert r.weights == "bf16"
    assert r.kv_cache == "fp16"
    assert r.engine == "vllm"
    assert r.gpu is None
    assert r.fits is None
    assert r.max_batch_size is None
    assert r.max_context_tokens is None
    assert r.performance is None
    assert r.cost is None
    # what does apply is there
    assert r.kv_cache_bytes_per_token == 131072
    assert r.memory.kv_cache_gib is not None and r.memory.kv_cache_gib > 0
    assert r.memory.gradients_gib is None and r.memory.optimizer_gib is None
    assert r.memory.total_gib == pytest.approx(_parts_sum(r.memory))
    assert r.fits_on
    assert r.sources == [registry().model("llama-3-8b").source]


def test_named_model_with_gpu_fills_gpu_fields() -> None:
    r = run(model="llama-3-8b", gpu="RTX 4090", price_per_gpu_hour_usd=0.5)
    assert r.gpu is not None and r.gpu.id == "rtx-4090"
    assert r.fits is True
    assert r.max_batch_size is not None and r.max_batch_size >= 1
    assert r.max_context_tokens is not None and r.max_context_tokens > 0
    perf = r.performance
    assert perf is not None
    assert perf.decode_tokens_per_s is not None and perf.decode_tokens_per_s > 0
    assert perf.time_to_first_token_ms is not None and perf.time_to_first_token_ms > 0
    assert perf.max_throughput_tokens_per_s is not None
    assert perf.max_throughput_tokens_per_s >= perf.decode_tokens_per_s
    # fields of other tasks stay empty
    assert perf.seconds_per_image is None and perf.training_tokens_per_s is None
    assert r.cost is not None
    assert r.cost.per_hour_usd == pytest.approx(0.5)
    assert r.cost.per_million_output_tokens_usd is not None
    assert r.cost.per_thousand_images_usd is None
    assert r.gpu.source in r.sources


def test_gpu_without_price_has_no_cost() -> None:
    r = run(model="llama-3-8b", gpu="H100 SXM")
    assert r.performance is not None
    assert r.cost is None


def test_fits_on_is_non_empty_ordered_and_true() -> None:
    r = run(model="llama-3-8b")
    rows = r.fits_on
    assert len(rows) >= 10
    keys = [(row.gpu_count, row.gpu_memory_gib, row.gpu) for row in rows]
    assert keys == sorted(keys)
    assert len({row.gpu for row in rows}) == len(rows)  # one row per GPU: its smallest count
    ids = {row.gpu: row for row in rows}
    assert ids["rtx-4090"].gpu_count == 1
    assert ids["h100-sxm"].gpu_count == 1
    frac = registry().engines["vllm"].memory_fraction
    for row in rows:
        assert row.per_gpu_gib <= row.gpu_memory_gib * frac + 1e-9
        assert row.decode_tokens_per_s is not None and row.decode_tokens_per_s > 0
        gpu = registry().gpus[row.gpu]
        assert gpu.vendor in ("NVIDIA", "AMD")
    # an 8 GB card cannot hold 16 GB of bf16 weights on its own
    assert "rtx-3070" not in ids or ids["rtx-3070"].gpu_count > 1


def test_fits_agrees_with_fits_on() -> None:
    rows = {row.gpu: row for row in run(model="llama-3-8b").fits_on}
    for gpu in ("rtx-4090", "rtx-4080", "h100-sxm", "a10", "l4"):
        r = run(model="llama-3-8b", gpu=gpu)
        single = gpu in rows and rows[gpu].gpu_count == 1
        assert r.fits is single, gpu


def test_max_context_is_within_the_model_limit() -> None:
    r = run(model="llama-3-8b", gpu="H100 SXM")
    assert r.max_context_tokens == 8192  # plenty of room: the model's own limit


def test_max_context_is_the_edge_of_what_fits() -> None:
    r = run(model="llama-3.1-8b", gpu="RTX 4090")
    ctx = r.max_context_tokens
    limit = registry().model("llama-3.1-8b").architecture.max_context  # type: ignore[union-attr]
    assert ctx is not None and limit is not None
    assert 0 < ctx < limit
    assert run(model="llama-3.1-8b", gpu="RTX 4090", input_tokens=ctx - 512).fits is True
    assert run(model="llama-3.1-8b", gpu="RTX 4090", input_tokens=ctx - 511).fits is False


def test_model_too_big_for_the_gpu() -> None:
    r = run(model="llama-3-70b", gpu="RTX 4090")
    assert r.fits is False
    assert r.max_batch_size == 0
    assert r.max_context_tokens == 0
    assert r.memory.per_gpu_gib > 24


def test_tensor_parallel_splits_per_gpu_memory() -> None:
    one = run(model="llama-3-70b", gpu="H100 SXM")
    two = run(model="llama-3-70b", gpu="H100 SXM", gpu_count=2)
    assert two.gpu_count == 2
    assert two.memory.per_gpu.weights_gib == pytest.approx(one.memory.per_gpu.weights_gib / 2)
    assert two.memory.per_gpu_gib < one.memory.per_gpu_gib
    assert two.memory.total_gib == pytest.approx(2 * two.memory.per_gpu_gib)
    assert one.fits is False and two.fits is True


def test_finetune_qlora_uses_nf4_weights() -> None:
    q = run(model="llama-3-8b", task="finetune", finetune={"method": "qlora"})
    lora = run(model="llama-3-8b", task="finetune", finetune={"method": "lora"})
    assert q.weights == "nf4"
    assert lora.weights == "bf16"
    assert q.kv_cache is None and q.kv_cache_bytes_per_token is None
    assert q.max_batch_size is None and q.max_context_tokens is None
    assert q.memory.kv_cache_gib is None
    assert q.memory.gradients_gib is not None and q.memory.optimizer_gib is not None
    # same adapters, so same gradients and optimizer state; a quarter-size base
    assert q.memory.optimizer_gib == pytest.approx(lora.memory.optimizer_gib)
    assert q.memory.weights_gib < lora.memory.weights_gib / 2.5
    nf4 = get_precision("nf4")
    assert q.memory.weights_gib > 8_030_261_248 * nf4.bits_linear / 8 / GIB
    assert q.memory.total_gib == pytest.approx(_parts_sum(q.memory))
    assert q.fits_on and q.fits_on[0].per_gpu_gib == pytest.approx(q.memory.per_gpu_gib)


def test_finetune_with_gpu_reports_training_speed() -> None:
    r = run(model="llama-3-8b", task="finetune", gpu="H100 SXM", training_tokens=1e8,
            price_per_gpu_hour_usd=2.0)
    assert r.fits is True
    assert r.performance is not None
    assert r.performance.training_tokens_per_s is not None
    assert r.performance.training_hours is not None and r.performance.training_hours > 0
    assert r.performance.decode_tokens_per_s is None
    assert r.cost is not None and r.cost.per_training_run_usd is not None
    assert r.cost.per_training_run_usd == pytest.approx(2.0 * r.performance.training_hours)


def test_diffusion_model_sizes_its_components() -> None:
    entry = registry().model("flux.1-dev")
    assert {c.role for c in entry.components} >= {"denoiser", "text_encoder", "vae"}
    r = run(model="FLUX.1-dev")
    assert r.model.kind == "diffusion"
    assert r.engine == "diffusers"
    assert r.kv_cache is None and r.kv_cache_bytes_per_token is None
    assert r.memory.kv_cache_gib is None
    assert r.performance is None and r.fits is None
    # every component resident at 16 bits
    assert r.memory.weights_gib == pytest.approx(
        sum(c.params for c in entry.components) * 2 / GIB)
    pipeline = next(a for a in r.assumptions if a.name == "pipeline")
    for c in entry.components:
        assert c.name in pipeline.value
    assert r.memory.activations_gib > 0
    assert r.fits_on and all(row.gpu_count == 1 for row in r.fits_on)


def test_diffusion_with_gpu_gives_seconds_per_image() -> None:
    r = run(model="flux.1-dev", gpu="H100 SXM", price_per_gpu_hour_usd=3.0)
    assert r.fits is True
    perf = r.performance
    assert perf is not None
    assert perf.seconds_per_image is not None and 0.5 < perf.seconds_per_image < 60
    assert perf.images_per_s == pytest.approx(1 / perf.seconds_per_image)
    assert perf.decode_tokens_per_s is None
    assert r.cost is not None and r.cost.per_thousand_images_usd is not None
    # more steps take longer
    slow = run(model="flux.1-dev", gpu="H100 SXM", steps=50).performance
    assert slow is not None and slow.seconds_per_image is not None
    assert slow.seconds_per_image > perf.seconds_per_image


def test_diffusion_resolution_grows_activations() -> None:
    small = run(model="sdxl", width=512, height=512)
    big = run(model="sdxl", width=2048, height=2048)
    assert big.memory.activations_gib > small.memory.activations_gib
    assert big.memory.weights_gib == pytest.approx(small.memory.weights_gib)


def test_whisper_large_v3_sizes() -> None:
    r = run(model="whisper-large-v3")
    assert r.model.kind == "audio"
    assert r.engine == "transformers"
    assert r.memory.weights_gib == pytest.approx(1_543_490_560 * 2 / GIB, rel=0.01)
    assert r.fits is None and r.performance is None
    with_gpu = run(model="whisper-large-v3", gpu="RTX 4090")
    assert with_gpu.fits is True
    assert with_gpu.performance is not None
    assert with_gpu.performance.audio_seconds_per_s is not None
    assert with_gpu.performance.audio_seconds_per_s > 1  # faster than real time
    assert with_gpu.performance.decode_tokens_per_s is None


def test_custom_architecture_sizes_like_the_named_model() -> None:
    a = registry().model("llama-3-8b").architecture
    r = run(architecture=msgspec.to_builtins(a))
    named = run(model="llama-3-8b")
    assert r.model.id == "custom"
    assert r.memory.total_gib == pytest.approx(named.memory.total_gib)
    assert r.kv_cache_bytes_per_token == named.kv_cache_bytes_per_token


def test_assumptions_explain_the_answer() -> None:
    r = run(model="llama-3-8b", gpu="RTX 4090")
    names = {a.name for a in r.assumptions}
    assert {"weights_precision", "engine", "kv_cache", "capacity_per_gpu_gib"} <= names
    assert all(a.reason for a in r.assumptions)


def test_result_serialises_to_json() -> None:
    r = run(model="llama-3-8b", gpu="RTX 4090")
    data = msgspec.json.decode(msgspec.json.encode(r))
    assert data["model"]["id"] == "llama-3-8b"
    assert data["memory"]["per_gpu"]["total_gib"] == pytest.approx(r.memory.per_gpu_gib)
