"""Encoder-decoder models (T5, Flan-T5, BART): parameter counts, weights and KV cache against
hand calculations, and sizing end to end through the core."""

from __future__ import annotations

import dataclasses
import functools

import msgspec
import pytest

from service.adapters.catalog_files import load_registry
from service.domain.catalog.hf_config import architecture_from_hf
from service.domain.catalog.models import (
    Architecture,
    active_params,
    kv_bytes,
    kv_bytes_per_token,
    param_breakdown,
)
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.memory import (
    GIB,
    TrainingPlan,
    encoder_decoder_kv_bytes,
    lora_params,
    weight_bytes,
)
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size, sized_from_entry
from service.paths import default_data_dir


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def t5_11b() -> Architecture:
    a = registry().models["t5-11b"].architecture
    assert a is not None
    return a


# ---------------------------------------------------------------------------------------------
# Parameters


def test_t5_11b_parameters_by_hand() -> None:
    # config.json: d_model 1024, d_kv 128, num_heads 128 (inner 16384), d_ff 65536, relu MLP,
    # 24 + 24 layers, vocab 32128, tied lm_head, 32 relative-position buckets.
    d, inner, ff, layers, vocab = 1024, 128 * 128, 65536, 24, 32128
    attention = 4 * d * inner                  # q, k, v, o: 67,108,864
    mlp = 2 * d * ff                           # wi, wo: 134,217,728
    encoder_layer = attention + mlp + 2 * d    # + 2 T5 LayerNorms: 201,328,640
    decoder_layer = 2 * attention + mlp + 3 * d  # self- and cross-attention: 268,438,528
    total = (vocab * d                         # shared embedding (lm_head tied)
             + layers * encoder_layer + layers * decoder_layer
             + 2 * d                           # final norm of each stack
             + 2 * 32 * 128)                   # relative bias table of each stack
    assert total == 11_307_321_344
    b = param_breakdown(t5_11b())
    assert b.total == total == registry().models["t5-11b"].total_params
    assert b.encoder == layers * (attention + mlp)
    assert b.lm_head == 0
    # one generated token passes through everything but the encoder stack
    assert active_params(t5_11b()) == total - b.encoder == registry().models["t5-11b"].active


@pytest.mark.parametrize(("model_id", "exact"), [
    ("t5-base", 222_903_552), ("t5-large", 737_668_096), ("t5-3b", 2_851_598_336),
    ("flan-t5-xl", 2_849_757_184), ("flan-t5-xxl", 11_135_332_352),
])
def test_t5_family_counts_are_exact(model_id: str, exact: int) -> None:
    m = registry().models[model_id]
    assert m.architecture is not None
    assert param_breakdown(m.architecture).total == exact == m.total_params
    assert m.active == active_params(m.architecture)


def test_flan_t5_xxl_gated_untied_by_hand() -> None:
    # d_model 4096, 64 heads x 64 (inner 4096), gated-gelu d_ff 10240, untied lm_head
    d, inner, ff, layers, vocab = 4096, 4096, 10240, 24, 32128
    enc = layers * (4 * d * inner + 3 * d * ff + 2 * d)
    dec = layers * (8 * d * inner + 3 * d * ff + 3 * d)
    total = 2 * vocab * d + enc + dec + 2 * d + 2 * 32 * 64
    assert total == registry().models["flan-t5-xxl"].total_params


def test_bart_large_architecture_within_one_percent_of_the_exact_count() -> None:
    m = registry().models["bart-large"]
    assert m.architecture is not None
    counted = param_breakdown(m.architecture).total
    assert counted == pytest.approx(m.total_params, rel=0.01)
    assert counted < m.total_params  # learned positions and some biases are not modelled


# ---------------------------------------------------------------------------------------------
# Memory


def test_t5_11b_bf16_weights_are_params_times_two_bytes() -> None:
    model = sized_from_entry(registry().models["t5-11b"])
    assert weight_bytes(model, get_precision("bf16")) == 11_307_321_344 * 2
    assert weight_bytes(model, get_precision("bf16")) / GIB == pytest.approx(21.06, abs=0.01)


def test_quantized_weights_include_the_encoder() -> None:
    model = sized_from_entry(registry().models["flan-t5-xxl"])
    b = param_breakdown(model.arch) if model.arch else None
    assert b is not None
    int8 = weight_bytes(model, get_precision("int8"))
    bf16 = weight_bytes(model, get_precision("bf16"))
    # the encoder's linear weights shrink with the decoder's: the model is about half its
    # bf16 size, not (encoder share) x bf16 + the rest at 8 bits
    assert int8 < 0.6 * bf16
    assert int8 < (b.encoder * 2 + (b.total - b.encoder) * 1.1)


def test_t5_11b_kv_cache_by_hand() -> None:
    a = t5_11b()
    bf16 = 2.0
    inputs, outputs = 512, 128
    # per decoder layer and token: K and V, 128 heads x 128 channels, 2 bytes = 65,536 B;
    # 24 decoder layers: 1,572,864 B (1.5 MiB) per token
    per_token = 2 * 128 * 128 * 2 * 24
    assert per_token == 1_572_864
    self_attn, cross_attn = encoder_decoder_kv_bytes(a, inputs, outputs, bf16)
    assert self_attn == outputs * per_token == 201_326_592   # generated tokens
    assert cross_attn == inputs * per_token == 805_306_368   # encoder output, once
    # the rest of sizing calls kv_bytes with input + output tokens: the same sum
    assert kv_bytes(a, inputs + outputs, bf16) == self_attn + cross_attn
    assert kv_bytes_per_token(a, bf16) == per_token
    # tensor parallel over 4 GPUs splits the 128 heads
    s4, c4 = encoder_decoder_kv_bytes(a, inputs, outputs, bf16, tp=4)
    assert (s4, c4) == (self_attn / 4, cross_attn / 4)


def test_lora_counts_both_stacks() -> None:
    m = registry().models["t5-base"]
    assert m.architecture is not None
    # q_proj: rank x (768 + 768) in 12 encoder self-attentions, 12 decoder self- and 12
    # cross-attentions; up_proj: rank x (768 + 3072) in 12 + 12 MLPs
    assert lora_params(m.architecture, 8, ["q_proj"]) == 8 * (768 + 768) * 36
    assert lora_params(m.architecture, 8, ["up_proj"]) == 8 * (768 + 3072) * 24


def test_training_activations_cover_the_encoder() -> None:
    entry = registry().models["t5-large"]
    model = sized_from_entry(entry)
    assert model.arch is not None
    decoder_only = msgspec.structs.replace(model.arch, encoder_layers=None,
                                           relative_attention_buckets=0)

    def act(arch: Architecture) -> float:
        plan = TrainingPlan(
            model=dataclasses.replace(model, arch=arch),
            precision=get_precision("bf16"), method="full", rank=16, targets=[],
            optimizer="adamw", checkpointing=False, flash=True, micro_batch=1, seq=512,
            zero_stage=0, cpu_offload=False, gpus=1)
        return plan.per_gpu().activations_gib

    # the logits term is the same; the per-layer term doubles with 24 + 24 layers
    both, dec = act(model.arch), act(decoder_only)
    logits = 2.5 * 512 * 32128 / GIB
    assert (both - logits) == pytest.approx(2 * (dec - logits))


# ---------------------------------------------------------------------------------------------
# Validation and pasted config.json files


def test_encoder_decoder_fields_are_checked() -> None:
    base = {"num_layers": 2, "encoder_layers": 2, "hidden_size": 64,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100}
    msgspec.convert(base, Architecture)
    with pytest.raises(msgspec.ValidationError, match="dense"):
        msgspec.convert(base | {"num_experts": 4, "num_experts_per_token": 1}, Architecture)
    with pytest.raises(msgspec.ValidationError, match="relative_attention_buckets"):
        msgspec.convert(base | {"encoder_layers": None, "relative_attention_buckets": 32},
                        Architecture)


T5_11B_CONFIG = {
    "architectures": ["T5WithLMHeadModel"], "d_ff": 65536, "d_kv": 128, "d_model": 1024,
    "decoder_start_token_id": 0, "dropout_rate": 0.1, "eos_token_id": 1,
    "initializer_factor": 1.0, "is_encoder_decoder": True, "layer_norm_epsilon": 1e-06,
    "model_type": "t5", "n_positions": 512, "num_heads": 128, "num_layers": 24,
    "pad_token_id": 0, "relative_attention_num_buckets": 32, "vocab_size": 32128,
}


def test_pasted_t5_config_gives_the_registry_architecture() -> None:
    arch, family = architecture_from_hf(T5_11B_CONFIG)
    assert family == "t5"
    assert param_breakdown(arch).total == registry().models["t5-11b"].total_params
    flan = T5_11B_CONFIG | {"d_model": 4096, "d_kv": 64, "num_heads": 64, "d_ff": 10240,
                            "feed_forward_proj": "gated-gelu", "tie_word_embeddings": False}
    arch, _ = architecture_from_hf(flan)
    assert param_breakdown(arch).total == registry().models["flan-t5-xxl"].total_params


# ---------------------------------------------------------------------------------------------
# Sizing end to end (core)


def test_t5_11b_sizing_on_an_a100() -> None:
    req = msgspec.convert({"model": "t5-11b", "gpu": "a100-sxm-80gb", "weights": "bf16",
                           "input_tokens": 512, "output_tokens": 128}, SizingRequest)
    r = size(req, Catalog(registry=registry()))
    assert r.memory.weights_gib == pytest.approx(11_307_321_344 * 2 / GIB)
    assert r.memory.kv_cache_gib == pytest.approx(640 * 1_572_864 / GIB)
    assert r.kv_cache_bytes_per_token == 1_572_864
    assert r.fits is True
    assert r.performance is not None
    assert (r.performance.decode_tokens_per_s or 0) > 0
