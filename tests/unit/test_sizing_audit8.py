"""Sizing, audit 8: embedding models sized at an input they take, training answers that name
what trains, and training over nodes that says what it needs."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import shipped


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), shipped())


def _assumption(r: SizingResult, name: str) -> str | None:
    return next((a.value for a in r.assumptions if a.name == name), None)


def test_an_embedding_model_is_sized_at_the_input_it_takes_by_default() -> None:
    r = _size(model="bge-large-en-v1.5", gpu="l4", price_per_gpu_hour_usd=0.8)
    # no input_tokens given: one 512-token retrieval chunk (fields.EMBED_INPUT_TOKENS), said
    # as embedding_input_tokens, as /v1/recommendations says it (was the 3,584 default capped
    # at the limit, said as input_tokens)
    assert _assumption(r, "embedding_input_tokens") == "512"
    assert not any("more than the model supports" in w for w in r.warnings)
    assert r.performance is not None and r.performance.embeddings_per_s is not None
    # the figures are per 512-token input: tokens/s is inputs/s x 512
    assert r.performance.embedded_tokens_per_s == pytest.approx(
        r.performance.embeddings_per_s * 512)
    assert _assumption(r, "kv_cache") == "none"


def test_an_embedding_input_asked_for_is_kept_and_warned_when_too_long() -> None:
    r = _size(model="bge-large-en-v1.5", gpu="l4", input_tokens=300)
    assert _assumption(r, "input_tokens") is None
    assert r.performance is not None and r.performance.embedded_tokens_per_s is not None
    assert r.performance.embedded_tokens_per_s == pytest.approx(
        r.performance.embeddings_per_s * 300)
    long = _size(model="bge-large-en-v1.5", gpu="l4", input_tokens=4096)
    assert any("4,096-token inputs are more than" in w and "8 of them" in w
               for w in long.warnings)
    assert _assumption(long, "input_tokens") == "512"
    assert long.performance is not None and r.performance is not None


def test_output_tokens_on_an_embedding_model_are_named_as_ignored() -> None:
    r = _size(model="bge-large-en-v1.5", gpu="l4", output_tokens=200)
    assert any("output_tokens ignored" in w and "generates nothing" in w for w in r.warnings)


def test_training_names_the_training_engine_and_the_4_bit_base() -> None:
    r = _size(model="llama-3.1-70b", gpu="h100-sxm", task="finetune",
              finetune={"method": "qlora"})
    assert r.engine == "transformers"
    assert _assumption(r, "engine") == "transformers"
    assert r.weights == "nf4" and _assumption(r, "weights_precision") == "nf4"


def test_an_inference_engine_named_for_training_is_said_not_to_train() -> None:
    r = _size(model="llama-3.1-8b", gpu="h100-sxm", task="finetune", engine="vllm")
    assert r.engine == "transformers"
    assert any("vllm serves models and does not train them" in w for w in r.warnings)
    # inference keeps the engine asked for
    assert _size(model="llama-3.1-8b", gpu="h100-sxm", engine="vllm").engine == "vllm"


def test_training_over_nodes_says_it_needs_a_fast_network() -> None:
    r = _size(model="llama-3.1-8b", gpu="rtx-4090", gpu_count=64, task="pretrain",
              training_tokens=1e11)
    w = " ".join(r.warnings)
    assert "span at least 8 nodes" in w and "InfiniBand" in w and "PCIe" in w
    assert _assumption(r, "multi_node") == "8 nodes of 8 GPUs"
    one_node = _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=8, task="pretrain",
                     training_tokens=1e11)
    assert not any("nodes" in x for x in one_node.warnings)
    assert _assumption(one_node, "multi_node") is None


def test_an_fp16_pipeline_without_bf16_keeps_t5_in_fp32_and_says_so() -> None:
    """FLUX's T5 encoder overflows in fp16 (huggingface/transformers#5651): on a V100 or T4
    (no bf16) transformers keeps its wo projections in fp32 (_keep_in_fp32_modules, 1.007B of
    T5-XXL's 4.76B: media audit #2), and the answer warns; SDXL's VAE needs its fp16 fix
    there."""
    ampere = _size(model="flux.1-dev", gpu="a100-sxm-80gb")
    volta = _size(model="flux.1-dev", gpu="v100-sxm2-32gb")
    assert volta.weights == "fp16"
    # T5's wo (24 x 10240 x 4096) x 2 more bytes, not all its 4.76B
    assert volta.memory.per_gpu_gib == pytest.approx(ampere.memory.per_gpu_gib
                                                     + 24 * 10240 * 4096 * 2 / 2**30, abs=0.05)
    assert _assumption(volta, "fp32_components") == "text_encoder_2"
    assert any("(T5) overflows in fp16" in w for w in volta.warnings)
    assert not any("overflows" in w for w in ampere.warnings)
    quantized = _size(model="flux.1-dev", gpu="v100-sxm2-32gb", weights="nf4")
    assert quantized.fits and _assumption(quantized, "fp32_components") == "text_encoder_2"
    sdxl = _size(model="sdxl", gpu="t4")
    assert any("fp16-fix VAE" in w for w in sdxl.warnings)


def test_training_options_on_a_diffusion_inference_request_are_refused() -> None:
    from service.domain.errors import InvalidInput

    with pytest.raises(InvalidInput) as e:
        _size(model="sdxl", gpu="l4", finetune={"method": "lora"})
    assert e.value.path == "$.finetune"
    assert _size(model="sdxl", gpu="l4", task="finetune", finetune={"method": "lora"}).fits


def test_wan_guidance_passes_run_one_after_the_other() -> None:
    """diffusers' WanPipeline (and Wan's generate.py) calls the transformer for the guided and
    the unguided pass separately: the peak is one pass. Counting them batched (as Mochi,
    CogVideoX and LTX-Video batch them) put Wan 2.1 14B at 106 GiB, off an H100."""
    wan = _size(model="wan-2.1-14b", gpu="h100-sxm")
    assert wan.fits and wan.memory.per_gpu_gib < 80
    mochi = _size(model="mochi-1", gpu="h100-sxm")
    one_pass = _size(model="mochi-1", gpu="h100-sxm", batch_size=2)
    # Mochi batches its two passes: the activations of batch 2 are twice batch 1's
    assert one_pass.memory.activations_gib > 1.8 * mochi.memory.activations_gib


def test_recommendations_count_the_fp32_t5_where_sizing_does() -> None:
    """FLUX nf4 was ranked first on a V100 16GB at 13.0 GiB; sizing there, with its T5 in
    fp32 (no bf16), says 28.4 GiB."""
    import datetime as dt

    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    req = msgspec.convert({"model": "flux.1-dev", "workload": "batch", "job_images": 10000,
                           "steps": 50, "weights": "nf4"}, RecommendationRequest)
    rec = recommend(req, shipped(), dt.date(2026, 12, 3))
    assert rec.options
    for o in rec.options:
        sized = _size(model="flux.1-dev", gpu=o.offer.gpu, weights=o.weights, steps=50)
        assert sized.fits
        assert o.fit.per_gpu_used_gib == pytest.approx(sized.memory.per_gpu_gib, abs=0.05)
    assert not any(o.offer.gpu.startswith("v100") and "16gb" in o.offer.gpu
                   for o in rec.options)


def test_recommendations_price_an_embedding_model_at_the_input_it_takes() -> None:
    """bge-large was priced at '~15 embeddings/s of 4,096 tokens' (the context default) while
    sizing sizes it at its 512-token limit: both at 512 now, and the same tokens/s."""
    import datetime as dt

    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    req = msgspec.convert({"model": "bge-large-en-v1.5", "workload": "batch",
                           "job_embed_tokens": 1e9}, RecommendationRequest)
    rec = recommend(req, shipped(), dt.date(2026, 12, 3))
    o = rec.options[0]
    assert "of 512 tokens" in o.why
    assert any(a.name == "embedding_input_tokens" and a.value == "512" for a in rec.assumptions)
    sized = _size(model="bge-large-en-v1.5", gpu=o.offer.gpu, weights=o.weights, batch_size=32)
    assert sized.performance is not None and o.performance.embedded_tokens_per_s is not None
    assert o.performance.embedded_tokens_per_s == pytest.approx(
        sized.performance.embedded_tokens_per_s * o.offer.gpu_count, rel=0.01)


def test_audio_memory_counts_each_sequences_decoder_caches_as_recommendations_do() -> None:
    """Whisper on a V100 at batch 24: sizing said 3.78 GiB, the recommendations (which count
    each window's decoder self- and cross-attention caches) 10.91 GiB."""
    one = _size(model="whisper-large-v3", gpu="v100-sxm2-16gb")
    batch = _size(model="whisper-large-v3", gpu="v100-sxm2-16gb", batch_size=24)
    assert batch.memory.kv_cache_gib is not None and one.memory.kv_cache_gib is not None
    assert batch.memory.kv_cache_gib == pytest.approx(24 * one.memory.kv_cache_gib)
    assert batch.memory.per_gpu_gib == pytest.approx(10.91, abs=0.05)


@pytest.mark.parametrize(("field", "body"), [
    ("$.width", {"width": 513, "height": 512}),
    ("$.height", {"width": 1000, "height": 777}),
])
def test_a_side_diffusers_refuses_is_a_400(field: str, body: dict[str, int]) -> None:
    """513 x 511 and 1000 x 777 were sized as if they ran; diffusers raises for them."""
    import datetime as dt

    from service.domain.errors import InvalidInput
    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    with pytest.raises(InvalidInput) as e:
        _size(model="sdxl", gpu="l4", **body)
    assert e.value.path == field
    with pytest.raises(InvalidInput) as r:
        recommend(msgspec.convert({"model": "sdxl", "workload": "batch", "job_images": 1000,
                                   **body}, RecommendationRequest), shipped(),
                  dt.date(2026, 12, 3))
    assert r.value.path == field
    assert _size(model="sdxl", gpu="l4", width=768, height=512).fits is not None


def test_diffusion_batch_is_shared_by_the_gpus() -> None:
    """batch_size is the requests in flight: 8 images over 8 H100 (a replica each) is one per
    GPU; it was 8 on every GPU (37.1 GiB each)."""
    one = _size(model="sdxl", gpu="h100-sxm", batch_size=1)
    eight = _size(model="sdxl", gpu="h100-sxm", gpu_count=8, batch_size=8)
    assert eight.memory.per_gpu_gib == pytest.approx(one.memory.per_gpu_gib)
    assert _assumption(eight, "batch_per_gpu") == "1"
    alone = _size(model="sdxl", gpu="h100-sxm", batch_size=8)
    assert alone.memory.per_gpu_gib > 2 * one.memory.per_gpu_gib
