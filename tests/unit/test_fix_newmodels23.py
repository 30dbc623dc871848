"""Audit round 23 (newmodels): models buyers ask about that the catalog lacked. "how much VRAM
for Command R+ at 4 bit?" answered "I don't know the model “Command R+”: did you mean Cohere
Command R (35B, v01)?"; "Qwen2.5-VL 72B on H100s, how many?" "I don't know the model
“Qwen2.5-VL 72B”: did you mean Qwen2-VL 72B (vision), ..."; "nomic-embed-text throughput on an
L4" "I don't know the model “nomic-embed-text”: did you mean Snowflake arctic-embed-m ...".
Cohere Command R+ (104B), Qwen2.5-VL 7B and 72B Instruct (the language part sized from the
architecture, the vision tower's weights in ``vision_params`` as for Qwen2-VL) and
nomic-embed-text-v1.5 (137M, 8,192 positions) are now catalog entries, their figures from the
checkpoints' config.json and their parameter counts computed tensor by tensor here.

"Command R+" is keyed with its "+" in the name index (without it, it is the 35B Command R)."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract, unknown_model
from service.domain.catalog.models import counted_params, param_breakdown
from service.domain.catalog.registry import Registry
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, catalog, head


@pytest.fixture(scope="module")
def reg() -> Registry:
    return catalog().registry


# -- common names resolve -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "model_id"), [
    ("Command R+", "command-r-plus-104b"),
    ("command-r+", "command-r-plus-104b"),
    ("Command R plus", "command-r-plus-104b"),
    ("command-r-plus", "command-r-plus-104b"),
    ("c4ai-command-r-plus", "command-r-plus-104b"),
    ("CohereForAI/c4ai-command-r-plus", "command-r-plus-104b"),
    ("Command R+ 104B", "command-r-plus-104b"),
    ("Command R", "command-r-35b"),
    ("Qwen2.5-VL 7B", "qwen2.5-vl-7b"),
    ("Qwen/Qwen2.5-VL-7B-Instruct", "qwen2.5-vl-7b"),
    ("qwen2.5vl:7b", "qwen2.5-vl-7b"),
    ("Qwen2.5-VL-72B-Instruct", "qwen2.5-vl-72b"),
    ("qwen2.5 vl 72b", "qwen2.5-vl-72b"),
    ("Qwen2.5 72B", "qwen2.5-72b"),
    ("Qwen2-VL 72B", "qwen2-vl-72b"),
    ("nomic-embed-text", "nomic-embed-text-v1.5"),
    ("nomic-embed-text-v1.5", "nomic-embed-text-v1.5"),
    ("nomic-ai/nomic-embed-text-v1.5", "nomic-embed-text-v1.5"),
])
def test_the_names_people_write_resolve(reg: Registry, name: str, model_id: str) -> None:
    found = reg.find_model(name)
    assert found is not None and found.id == model_id


@pytest.mark.parametrize(("q", "model_id"), [
    ("how much VRAM for Command R+ at 4 bit?", "command-r-plus-104b"),
    ("Command R plus on 2 H100, tokens/s?", "command-r-plus-104b"),
    ("command-r+ 104b in fp8 on H100s?", "command-r-plus-104b"),
    ("Câtă memorie îi trebuie lui Command R+ la 4 biți?", "command-r-plus-104b"),
    ("Cât VRAM pentru Command R plus?", "command-r-plus-104b"),
    ("Qwen2.5-VL 72B on H100s, how many?", "qwen2.5-vl-72b"),
    ("Qwen 2.5 VL 7B on an L4, VRAM?", "qwen2.5-vl-7b"),
    ("Câte H100 pentru Qwen2.5-VL-72B-Instruct?", "qwen2.5-vl-72b"),
    ("Cât VRAM îi trebuie lui Qwen2.5-VL 7B?", "qwen2.5-vl-7b"),
    ("nomic-embed-text throughput on an L4", "nomic-embed-text-v1.5"),
    ("Debitul nomic-embed-text-v1.5 pe un L4?", "nomic-embed-text-v1.5"),
])
def test_questions_read_the_model_in_english_and_romanian(reg: Registry, q: str,
                                                          model_id: str) -> None:
    assert extract(q, reg).model == model_id
    assert unknown_model(q, reg) is None


# -- the parameter counts, tensor by tensor -----------------------------------------------------


def _command_r_plus() -> int:
    """CohereForCausalLM of CohereForAI/c4ai-command-r-plus: tied embeddings, one LayerNorm
    (weight only) per layer, per-head q/k LayerNorms (use_qk_norm), no biases."""
    h, layers, heads, kv, hd, inter, vocab = 12288, 64, 96, 8, 128, 33792, 256_000
    layer = (2 * h * heads * hd + 2 * h * kv * hd            # q, o; k, v
             + 3 * h * inter                                  # gate, up, down
             + h + (heads + kv) * hd)                         # input LayerNorm, q/k norms
    return vocab * h + layers * layer + h


def _qwen2_5_vl_tower(mlp: int, text_hidden: int) -> int:
    """Qwen2_5_VisionTransformerPretrainedModel + PatchMerger as transformers builds them (32
    blocks of 1280, RMSNorm, SwiGLU MLP with biases, patch 14, temporal 2, merge 2x2)."""
    d, depth = 1280, 32
    patch = 3 * 2 * 14 * 14 * d                                  # Conv3d, no bias
    block = (2 * d                                               # norm1, norm2 (RMSNorm)
             + d * 3 * d + 3 * d + d * d + d                     # qkv, proj with biases
             + 2 * (d * mlp + mlp) + mlp * d + d)                # gate, up, down with biases
    merged = 4 * d
    merger = d + merged * merged + merged + merged * text_hidden + text_hidden
    return patch + depth * block + merger


def _nomic_embed() -> int:
    """NomicBertModel of nomic-ai/nomic-embed-text-v1.5: no biases in Wqkv, out_proj and the
    SwiGLU MLP; LayerNorms with biases; rotary positions (no table); 2 token types."""
    h, layers, inter, vocab = 768, 12, 3072, 30528
    embeddings = vocab * h + 2 * h + 2 * h                       # words, token types, LN
    layer = 3 * h * h + h * h + 3 * h * inter + 2 * 2 * h
    return embeddings + layers * layer


@pytest.mark.parametrize(("model_id", "exact", "total"), [
    ("command-r-plus-104b", _command_r_plus(), 103_810_674_688),
    ("nomic-embed-text-v1.5", _nomic_embed(), 136_731_648),
])
def test_text_models_count_their_parameters_exactly(reg: Registry, model_id: str, exact: int,
                                                    total: int) -> None:
    m = reg.models[model_id]
    assert m.architecture is not None
    assert exact == m.total_params == total                      # 104B, 137M (model cards)
    assert counted_params(m) == pytest.approx(m.total_params, rel=0.01)


def test_nomic_embed_is_an_8k_rotary_embedder(reg: Registry) -> None:
    m = reg.models["nomic-embed-text-v1.5"]
    a = m.architecture
    assert a is not None and m.task == "embed" and a.max_context == 8192
    assert a.mlp_type == "gated"                                 # rotary: no position table
    assert counted_params(m) == param_breakdown(a).total


@pytest.mark.parametrize(("model_id", "mlp", "text_hidden", "total"), [
    ("qwen2.5-vl-7b", 3420, 3584, 8_292_166_656),
    ("qwen2.5-vl-72b", 3456, 8192, 73_410_777_344),
])
def test_qwen2_5_vl_counts_its_vision_tower_exactly(reg: Registry, model_id: str, mlp: int,
                                                    text_hidden: int, total: int) -> None:
    m = reg.models[model_id]
    a = m.architecture
    assert a is not None and m.modality == "multimodal"
    assert a.vision_params == _qwen2_5_vl_tower(mlp, text_hidden)
    assert m.total_params == param_breakdown(a).total + a.vision_params == total
    # the language part is the Qwen2.5 model of the same size
    text = reg.models[model_id.replace("-vl", "")]
    assert param_breakdown(a).total == text.total_params


# -- the weights figure follows the parameter count ----------------------------------------------


@pytest.mark.parametrize(("model_id", "gpus"), [
    ("command-r-plus-104b", 4), ("qwen2.5-vl-7b", 1), ("qwen2.5-vl-72b", 2),
    ("nomic-embed-text-v1.5", 1)])
def test_bf16_weights_are_two_bytes_a_parameter(model_id: str, gpus: int) -> None:
    r = size(SizingRequest(model=model_id, gpu="h100", gpu_count=gpus), catalog())
    assert r.fits
    m = catalog().registry.models[model_id]
    assert r.memory.weights_gib == pytest.approx(m.total_params * 2 / 2**30, rel=0.01)
    assert r.memory.total_gib > r.memory.weights_gib


def test_command_r_plus_at_4_bit_is_a_quarter_of_bf16() -> None:
    """104B at 4 bits: 48.3 GiB of bare 4-bit values, plus scales and the 16-bit embedding."""
    m = catalog().registry.models["command-r-plus-104b"]
    r = size(SizingRequest(model=m.id, gpu="h100", weights="int4"), catalog())
    assert m.total_params * 0.5 / 2**30 < r.memory.weights_gib < m.total_params * 0.625 / 2**30


# -- the answers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "start"), [
    ("how much VRAM for Command R+ at 4 bit?", "Cohere Command R+ (104B) at int4 "),
    ("how much VRAM for Command R+ at bf16?", "Cohere Command R+ (104B) at bf16 "),
    ("Câtă memorie îi trebuie lui Command R+?", "Cohere Command R+ (104B) la bf16 "),
    ("How much VRAM does Qwen2.5-VL 72B need in fp8?", "Qwen2.5-VL 72B (vision) at fp8 "),
    ("Câte H100 pentru Qwen2.5-VL 72B?", "Qwen2.5-VL 72B (vision) la bf16 are nevoie de 2 × "),
    ("nomic-embed-text throughput on an L4",
     "On 1 × NVIDIA L4 24GB, Nomic nomic-embed-text-v1.5 (embedding) at bf16 embeds about "),
    ("Debitul nomic-embed-text-v1.5 pe un L4?",
     "Pe 1 × NVIDIA L4 24GB, Nomic nomic-embed-text-v1.5 (embedding) la bf16 calculează "),
])
def test_former_unknowns_are_answered_as_themselves(question: str, start: str) -> None:
    """test_fix_commandr22.py and test_fix_ask_media.py pinned these as unknown before the
    entries existed."""
    text = head(ask(question)).replace("\u00a0", " ")
    assert text.startswith(start), text
    assert "don't know the model" not in text and "Nu cunosc" not in text


def test_command_r_plus_4_bit_weights_are_said_in_gib() -> None:
    text = head(ask("how much VRAM for Command R+ at 4 bit?"))
    m = catalog().registry.models["command-r-plus-104b"]
    r = size(SizingRequest(model=m.id, gpu="h100", weights="int4"), catalog())
    assert f"({r.memory.weights_gib:.1f} GiB weights" in text, text


def test_qwen2_5_vl_72b_on_h100s_gets_a_count() -> None:
    text = head(ask("Qwen2.5-VL 72B on H100s, how many?"))
    # the count leads now (howmanylead23: a bare "how many?" is the GPU count, not a fit; it
    # led "No, ... does not fit on 1 × NVIDIA H100", the count later)
    assert text.startswith("Qwen2.5-VL 72B (vision) at bf16 needs 2 × NVIDIA H100 SXM5 80GB"), text
