"""The registry covers what the breadth issue names (models and GPUs, by the names users type),
and the hybrid linear-attention models count parameters, KV cache and state by hand."""

from __future__ import annotations

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
    linear_attention_params,
    linear_state_bytes,
    param_breakdown,
)
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


def arch(model_id: str) -> Architecture:
    a = registry().models[model_id].architecture
    assert a is not None
    return a


@pytest.mark.parametrize(("name", "expected"), [
    ("Qwen/Qwen3.5-397B-A17B", "qwen3.5-397b-a17b"),
    ("Qwen3.5-35B-A3B", "qwen3.5-35b-a3b"),
    ("qwen3.5:27b", "qwen3.5-27b"),
    ("MiniMaxAI/MiniMax-M1-80k", "minimax-m1"),
    ("MiniMax-Text-01", "minimax-text-01"),
    ("meta-llama/Llama-3.2-11B-Vision-Instruct", "llama-3.2-11b-vision"),
    ("Llama 3.2 90B Vision", "llama-3.2-90b-vision"),
    ("zai-org/GLM-5", "glm-5"),
    ("GLM-4.6", "glm-4.6"),
    ("Kimi K2", "kimi-k2"),
    ("gpt-oss-120b", "gpt-oss-120b"),
    ("google-t5/t5-11b", "t5-11b"),
    ("google/flan-t5-xxl", "flan-t5-xxl"),
    ("facebook/bart-large", "bart-large"),
])
def test_issue_models_resolve(name: str, expected: str) -> None:
    assert registry().model(name).id == expected


@pytest.mark.parametrize("name", [
    "RTX 2080", "RTX 2080 Ti", "RTX 3090", "RTX 4090", "RTX 5070", "RTX 5090",
    "RX 7900 XT", "RX 7900 XTX", "Radeon PRO W7900", "L20", "H20", "B300", "GB300",
    "MI355X", "Gaudi 3", "TPU v5e", "TPU v6e",
])
def test_issue_gpus_resolve(name: str) -> None:
    assert registry().find_gpu(name) is not None, name


# ---------------------------------------------------------------------------------------------
# Hybrid linear attention (Qwen3.5: Gated DeltaNet; MiniMax-01/M1: lightning attention)


def test_gated_deltanet_layer_by_hand() -> None:
    a = arch("qwen3.5-397b-a17b")
    h, keys, values, v_heads, kernel = 4096, 16 * 128, 64 * 128, 64, 4
    qko = (h * (2 * keys)        # in_proj_qkv: q and k part
           + h * values          # in_proj_z: the output gate
           + h * 2 * v_heads     # in_proj_b, in_proj_a
           + values * h)         # out_proj
    v = h * values               # in_proj_qkv: v part
    small = (2 * keys + values) * kernel + 2 * v_heads + 128  # conv1d, dt_bias + A_log, norm
    assert linear_attention_params(a) == (qko, v, small)


def test_qwen3_5_397b_kv_cache_and_state_by_hand() -> None:
    a = arch("qwen3.5-397b-a17b")
    # 15 softmax layers x (K, V) x 2 KV heads x 256 x 2 bytes; the 45 linear layers add none
    assert kv_bytes_per_token(a, 2.0) == 15 * 2 * 2 * 256 * 2 == 30_720
    assert kv_bytes(a, 1000, 2.0) == 1000 * 30_720
    # state per sequence: 45 layers x (64 v heads x 128 x 128 + conv window 3 x 12288) x 2 B
    assert linear_state_bytes(a, 2.0) == 45 * (64 * 128 * 128 + 3 * (2 * 2048 + 8192)) * 2
    # TP 4 splits the value heads and the conv channels
    assert linear_state_bytes(a, 2.0, tp=4) == pytest.approx(linear_state_bytes(a, 2.0) / 4)


def test_qwen3_5_sizes_match_their_names() -> None:
    m = registry().models["qwen3.5-397b-a17b"]
    assert m.total_params / 1e9 == pytest.approx(397, abs=0.5)
    assert m.active / 1e9 == pytest.approx(17, abs=0.5)
    m = registry().models["qwen3.5-35b-a3b"]
    assert m.total_params / 1e9 == pytest.approx(35, abs=0.5)
    assert m.architecture is not None
    assert m.active == active_params(m.architecture)


def test_minimax_matches_the_card() -> None:
    a = arch("minimax-m1")
    b = param_breakdown(a)
    # card: 456B total, 45.9B activated per token (without the input embedding and lm_head)
    assert b.total / 1e9 == pytest.approx(456, abs=0.5)
    assert (active_params(a) - b.embedding - b.lm_head) / 1e9 == pytest.approx(45.9, abs=0.05)
    # lightning layer: qkv 6144 -> 3 x 8192, output gate 6144 -> 8192, out_proj 8192 -> 6144
    assert linear_attention_params(a) == (6144 * 2 * 8192 + 6144 * 8192 + 8192 * 6144,
                                          6144 * 8192, 8192)
    # 10 softmax layers hold KV: 10 x 2 x 8 x 128 x 2 B per token; 70 layers hold a state
    assert kv_bytes_per_token(a, 2.0) == 40_960
    assert linear_state_bytes(a, 2.0) == 70 * 64 * 128 * 128 * 2
    assert registry().models["minimax-text-01"].architecture == a


def test_llama_3_2_11b_vision_exact_count() -> None:
    m = registry().models["llama-3.2-11b-vision"]
    a = arch("llama-3.2-11b-vision")
    counted = param_breakdown(a).total + a.vision_params
    # not modelled: 8 extra embedding rows (8 x 4096) and, in each of the 8 cross-attention
    # layers, q/k norms (2 x 128) and two tanh gates
    assert counted + 8 * 4096 + 8 * (2 * 128 + 2) == m.total_params == 10_670_220_835


def test_linear_attention_fields_are_checked() -> None:
    base = {"num_layers": 4, "hidden_size": 64, "num_attention_heads": 4,
            "intermediate_size": 128, "vocab_size": 100}
    msgspec.convert(base | {"linear_attention": "lightning", "linear_attention_layers": 3},
                    Architecture)
    with pytest.raises(msgspec.ValidationError, match="go together"):
        msgspec.convert(base | {"linear_attention_layers": 3}, Architecture)
    with pytest.raises(msgspec.ValidationError, match="cannot exceed"):
        msgspec.convert(base | {"linear_attention": "lightning", "linear_attention_layers": 5},
                        Architecture)
    with pytest.raises(msgspec.ValidationError, match="decoder-only"):
        msgspec.convert(base | {"linear_attention": "lightning", "linear_attention_layers": 2,
                                "sliding_window": 128}, Architecture)


QWEN3_5_397B_CONFIG = {
    "architectures": ["Qwen3_5MoeForConditionalGeneration"], "model_type": "qwen3_5_moe",
    "tie_word_embeddings": False,
    "text_config": {
        "attention_bias": False, "attn_output_gate": True, "full_attention_interval": 4,
        "head_dim": 256, "hidden_size": 4096,
        "layer_types": ["linear_attention"] * 3 * 15 + ["full_attention"] * 15,
        "linear_conv_kernel_dim": 4, "linear_key_head_dim": 128, "linear_num_key_heads": 16,
        "linear_num_value_heads": 64, "linear_value_head_dim": 128,
        "max_position_embeddings": 262144, "model_type": "qwen3_5_moe_text",
        "moe_intermediate_size": 1024, "mtp_num_hidden_layers": 1, "num_attention_heads": 32,
        "num_experts": 512, "num_experts_per_tok": 10, "num_hidden_layers": 60,
        "num_key_value_heads": 2, "shared_expert_intermediate_size": 1024,
        "vocab_size": 248320},
}


def test_pasted_qwen3_5_config_gives_the_registry_text_model() -> None:
    pasted, family = architecture_from_hf(QWEN3_5_397B_CONFIG)
    assert family == "qwen3_5_moe_text"
    m = registry().models["qwen3.5-397b-a17b"]
    assert m.architecture is not None
    # the same text model; the registry entry adds the vision tower
    assert param_breakdown(pasted).total == m.total_params - m.architecture.vision_params
    assert kv_bytes_per_token(pasted, 2.0) == 30_720
