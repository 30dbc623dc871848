"""Layouts past one node, LoRA adapter FLOPs and Llama 3.2 Vision configs (found by an audit):
an explicit tensor-parallel group across nodes was accepted and timed on NVLink (TP16 over two
H100 servers decoded faster than TP8 x PP2), the pipeline stage hand-over was never timed,
LoRA's own matmuls were left out of the training FLOPs (rank 256 on every linear layer is
12 % of a frozen 8B's), and a pasted mllama config.json was refused as unsupported."""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.hf_config import architecture_from_hf
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, MissingFields
from service.domain.sizing.memory import TrainingPlan
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from service.domain.sizing.speed import active_lora_params, load_model, training_speed
from service.paths import default_data_dir

ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]

# meta-llama/Llama-3.2-11B-Vision config.json (the sizes; the catalog entry's source)
MLLAMA: dict[str, Any] = {
    "architectures": ["MllamaForConditionalGeneration"], "model_type": "mllama",
    "image_token_index": 128256, "torch_dtype": "bfloat16",
    "text_config": {
        "model_type": "mllama_text_model", "cross_attention_layers": [3, 8, 13, 18, 23, 28, 33, 38],
        "hidden_act": "silu", "hidden_size": 4096, "intermediate_size": 14336,
        "max_position_embeddings": 131072, "num_attention_heads": 32, "num_hidden_layers": 40,
        "num_key_value_heads": 8, "rms_norm_eps": 1e-05, "rope_theta": 500000.0,
        "tie_word_embeddings": False, "torch_dtype": "bfloat16", "vocab_size": 128256},
    "vision_config": {
        "model_type": "mllama_vision_model", "attention_heads": 16, "hidden_act": "gelu",
        "hidden_size": 1280, "image_size": 560, "intermediate_layers_indices": [3, 7, 15, 23, 30],
        "intermediate_size": 5120, "max_num_tiles": 4, "norm_eps": 1e-05, "num_channels": 3,
        "num_global_layers": 8, "num_hidden_layers": 32, "patch_size": 14,
        "supported_aspect_ratios": [[1, 1], [1, 2], [1, 3], [1, 4], [2, 1], [2, 2], [3, 1],
                                    [4, 1]],
        "vision_output_dim": 7680},
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


SERVE_405B: dict[str, object] = {"model": "llama-3.1-405b", "weights": "bf16", "gpu_count": 16,
                                 "input_tokens": 2000, "output_tokens": 500}


# --- 1. tensor parallel stays within a node -----------------------------------------------


def test_explicit_serving_tensor_parallel_across_nodes_is_a_400_at_the_field(
        catalog: Catalog) -> None:
    with pytest.raises(InvalidInput) as err:
        _size(catalog, gpu="h100-sxm", parallelism={"tensor": 16}, **SERVE_405B)
    assert err.value.path == "$.parallelism.tensor"
    assert "spans 2 nodes of 8" in err.value.message
    assert "tensor 8 x pipeline 2" in err.value.message


def test_explicit_training_tensor_parallel_across_nodes_is_a_400_at_the_field(
        catalog: Catalog) -> None:
    with pytest.raises(InvalidInput) as err:
        _size(catalog, model="llama-3.1-70b", task="pretrain", weights="bf16", gpu="h100-sxm",
              gpu_count=32, training_tokens=1e9,
              parallelism={"tensor": 16, "pipeline": 1, "data": 2})
    assert err.value.path == "$.parallelism.tensor"
    # within the node it is sized as before
    ok = _size(catalog, model="llama-3.1-70b", task="pretrain", weights="bf16", gpu="h100-sxm",
               gpu_count=32, training_tokens=1e9,
               parallelism={"tensor": 8, "pipeline": 2, "data": 2})
    assert ok.layout is not None and (ok.layout.tensor, ok.layout.pipeline) == (8, 2)


def test_an_nvl72_rack_keeps_tensor_16_on_nvlink_without_the_pcie_warning(
        catalog: Catalog) -> None:
    r = _size(catalog, gpu="gb200", parallelism={"tensor": 16}, **SERVE_405B)
    assert r.layout is not None and r.layout.tensor == 16
    assert not any("PCIe" in w for w in r.warnings)


def test_the_search_lists_tensor_past_the_node_as_invalid(catalog: Catalog) -> None:
    r = _size(catalog, gpu="h100-sxm", **SERVE_405B)
    assert r.layout is not None
    assert (r.layout.tensor, r.layout.pipeline, r.layout.data) == (8, 2, 1)
    tp16 = [c for c in r.layout.candidates if c.tensor == 16]
    assert tp16 and tp16[0].fits is None
    assert "spans 2 nodes of 8 GPUs" in (tp16[0].lost or "")


def test_the_pipeline_stage_hand_over_between_nodes_is_timed(catalog: Catalog) -> None:
    m = sized_from_entry(catalog.registry.model("llama-3.1-405b"))
    gpu = catalog.registry.gpu("h100-sxm")
    bf16, kv = get_precision("bf16"), find_kv_type("fp16")
    assert kv is not None
    engine = catalog.registry.engines["vllm"]
    lm = load_model(m, bf16, kv, engine, gpu, 8, 2000, 500, catalog.perf, 2)
    assert lm is not None
    c = lm.cost
    # hidden_states + residual, 16-bit, 16,384 wide, 1/8 per GPU: 8,192 bytes a token
    assert c.hop_bytes_token == pytest.approx(8192.0)
    assert (c.hop_inter, c.hop_intra) == (1, 0)
    assert c.hop_inter_bw == pytest.approx(50e9)
    # an 8,192-token prefill chunk: 67 MB per GPU over 50 GB/s = 1.34 ms, plus the gather
    hop = c._hop_s(8192)
    assert 1.34e-3 < hop < 3e-3
    base = msgspec.structs.replace(c, hop_bytes_token=0.0, memo=None, steps=None)
    assert c.step_s(0, 0, 8192, 4096) - base.step_s(0, 0, 8192, 4096) == pytest.approx(hop)
    # one stage inside the node: TP4 x PP2 on 8 GPUs hands over on NVLink
    lm4 = load_model(m, get_precision("fp8"), kv, engine, gpu, 4, 2000, 500, catalog.perf, 2)
    assert lm4 is not None and (lm4.cost.hop_inter, lm4.cost.hop_intra) == (0, 1)
    r = _size(catalog, gpu="h100-sxm", **SERVE_405B)
    hops = [a for a in r.assumptions if a.name == "pipeline_hops"]
    assert hops and hops[0].value == "1 stage boundary, 1 between nodes"


# --- 2. LoRA adapters' own FLOPs ------------------------------------------------------------


def _lora_plan(catalog: Catalog, model: str, rank: int, gpus: int = 1) -> TrainingPlan:
    return TrainingPlan(model=sized_from_entry(catalog.registry.model(model)),
                        precision=get_precision("bf16"), method="lora", rank=rank,
                        targets=list(ALL_LINEAR), optimizer="adamw", checkpointing=False,
                        flash=True, micro_batch=1, seq=2048, zero_stage=0, cpu_offload=False,
                        gpus=gpus)


def test_lora_adapter_matmuls_are_in_the_training_flops(catalog: Catalog) -> None:
    gpu = catalog.registry.gpu("h100-sxm")
    r16, r256 = _lora_plan(catalog, "llama-3.1-8b", 16), _lora_plan(catalog, "llama-3.1-8b", 256)
    assert active_lora_params(r16) == 16 * 81920 * 32  # 41.9M
    assert active_lora_params(r256) == 256 * 81920 * 32  # 671M
    s16, s256 = training_speed(r16, gpu, catalog.perf), training_speed(r256, gpu, catalog.perf)
    assert "6·N_LoRA·D" in s256.rule
    # the step's FLOPs grow by 6 x (671M - 42M) per token over 4 x 8.03B + attention
    assert s16.tokens_per_s / s256.tokens_per_s == pytest.approx(1.111, abs=0.01)


def test_an_moes_expert_adapters_count_only_the_routed_experts(catalog: Catalog) -> None:
    plan = _lora_plan(catalog, "qwen3-30b-a3b", 16, gpus=2)
    a = plan.model.arch
    assert a is not None and a.is_moe
    attn = 16 * a.num_layers * ((a.hidden_size + a.q_width) * 2 + (a.hidden_size + a.kv_width) * 2)
    experts = 16 * a.moe_layers * 3 * (a.expert_ffn + a.hidden_size)
    assert active_lora_params(plan) == pytest.approx(attn + experts * a.num_experts_per_token)


# --- 3. a Llama 3.2 Vision config.json -----------------------------------------------------


def test_an_mllama_config_reads_its_decoder_cross_attention_and_vision_tower() -> None:
    arch, family = architecture_from_hf(MLLAMA)
    assert family == "mllama"
    assert (arch.num_layers, arch.hidden_size, arch.num_kv_heads) == (40, 4096, 8)
    assert arch.cross_attention_layers == 8
    assert arch.cross_attention_tokens == 4 * (40 * 40 + 1)  # 6,404
    # 863,567,379 vision encoder + 31,461,376 projector: the checkpoint's own count
    assert arch.vision_params == 895_028_755


def test_a_custom_mllama_config_sizes_like_the_catalogs_11b(catalog: Catalog) -> None:
    body: dict[str, object] = {"weights": "bf16", "gpu": "l40s", "input_tokens": 2000,
                               "output_tokens": 500, "batch_size": 4}
    ours = _size(catalog, hf_config=MLLAMA, **body)
    theirs = _size(catalog, model="llama-3.2-11b-vision", **body)
    assert ours.kv_cache_bytes_per_token == theirs.kv_cache_bytes_per_token == 131072
    assert ours.memory.weights_gib == pytest.approx(theirs.memory.weights_gib, rel=1e-5)
    assert ours.memory.total_gib == pytest.approx(theirs.memory.total_gib, rel=1e-5)
    assert ours.max_batch_size == theirs.max_batch_size
    assert ours.performance and theirs.performance
    assert ours.performance.time_per_output_token_ms == pytest.approx(
        theirs.performance.time_per_output_token_ms, rel=1e-3)


def test_an_mllama_config_without_its_vision_sizes_names_them() -> None:
    cfg = copy.deepcopy(MLLAMA)
    del cfg["vision_config"]["max_num_tiles"]
    with pytest.raises(MissingFields) as err:
        architecture_from_hf(cfg)
    assert err.value.fields == ["hf_config.vision_config.max_num_tiles"]
    cfg = copy.deepcopy(MLLAMA)
    cfg["text_config"]["cross_attention_layers"] = "every fourth"
    with pytest.raises(InvalidInput) as bad:
        architecture_from_hf(cfg)
    assert bad.value.path == "$.hf_config.text_config.cross_attention_layers"
