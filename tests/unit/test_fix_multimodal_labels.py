"""Multimodal models labelled and sized as multimodal.

1. GET /v1/models?modality=multimodal listed only Llama 3.2 Vision and Qwen3.5, while Gemma 3
   4B/12B/27B (Gemma3ForConditionalGeneration, a SigLIP tower counted in ``vision_params``)
   and Llama 4 Scout/Maverick (Llama4ForConditionalGeneration, image input) said "text".
2. Llama 4's total_params was its text_config alone ("the vision encoder is not included"):
   Scout 107.77B against the model card's 109B including vision, so every sizing left out
   the vision tower's weights. It is now counted in ``vision_params`` as Gemma 3 and Llama 3.2
   Vision are, from the checkpoints' vision_config (hidden 1408, 34 layers, MLP 5632, patch 14
   of a 336 px tile, pixel-shuffle adapter 5632 -> 4096 -> 4096, projector 4096 -> 5120) in
   the layer shapes of transformers' modeling_llama4.py.
"""

from __future__ import annotations

import pytest

from service.domain.catalog.models import param_breakdown
from service.domain.catalog.registry import Registry
from tests.unit.rec_fixtures import registry


def _llama4_vision_params(*, text_hidden: int) -> int:
    """Llama4VisionModel + Llama4MultiModalProjector of the released Scout/Maverick checkpoints
    (config.json vision_config), counted tensor by tensor as transformers builds them."""
    hidden, inter, layers, patch, channels, image = 1408, 5632, 34, 14, 3, 336
    proj_in, proj_out, out_dim = 4096, 4096, 4096
    patch_embedding = channels * patch * patch * hidden          # Unfold + Linear, no bias
    class_embedding = hidden
    positions = ((image // patch) ** 2 + 1) * hidden              # 576 patches + CLS
    pre_post_norms = 2 * 2 * hidden                               # LayerNorm weight + bias
    layer = (4 * (hidden * hidden + hidden)                       # q, k, v, o with biases
             + hidden * inter + inter + inter * hidden + hidden   # fc1, fc2 with biases
             + 2 * 2 * hidden)                                    # two LayerNorms
    adapter = inter * proj_in + proj_out * proj_out               # pixel-shuffle MLP, no bias
    projector = out_dim * text_hidden                             # linear_1, no bias
    return (patch_embedding + class_embedding + positions + pre_post_norms + layers * layer
            + adapter + projector)


@pytest.fixture(scope="module")
def reg() -> Registry:
    return registry()


@pytest.mark.parametrize("model_id", ["gemma-3-4b", "gemma-3-12b", "gemma-3-27b",
                                      "llama-4-scout", "llama-4-maverick"])
def test_a_model_that_reads_images_is_multimodal(reg: Registry, model_id: str) -> None:
    assert reg.models[model_id].modality == "multimodal"


def test_gemma_3_1b_has_no_vision_tower_and_stays_text(reg: Registry) -> None:
    m = reg.models["gemma-3-1b"]
    assert m.modality == "text"
    assert m.architecture is not None and m.architecture.vision_params == 0


def test_every_llm_with_a_vision_tower_is_multimodal_and_the_reverse(reg: Registry) -> None:
    """The label and the counted tower say the same thing, for every model in the catalog."""
    for m in reg.models.values():
        if m.kind != "llm" or m.architecture is None:
            continue
        has_tower = m.architecture.vision_params > 0
        assert has_tower == (m.modality == "multimodal"), (
            f"{m.id}: modality {m.modality!r}, vision_params {m.architecture.vision_params}")


@pytest.mark.parametrize("model_id", ["llama-4-scout", "llama-4-maverick"])
def test_llama_4_counts_its_vision_tower(reg: Registry, model_id: str) -> None:
    m = reg.models[model_id]
    a = m.architecture
    assert a is not None
    expected = _llama4_vision_params(text_hidden=a.hidden_size)
    assert expected == 871_932_416
    assert a.vision_params == expected
    # total = text_config as the architecture counts it + the tower (exactly, not within 1%)
    assert m.total_params == param_breakdown(a).total + expected
    # the tower is not routed: the 17B active stay the text path's
    assert m.active_params is not None and m.active_params < 17.3e9


def test_llama_4_totals_match_the_model_cards(reg: Registry) -> None:
    """Scout: 109B total including the vision encoder; Maverick: 400B (model cards)."""
    assert reg.models["llama-4-scout"].total_params / 1e9 == pytest.approx(109, rel=0.01)
    assert reg.models["llama-4-scout"].total_params > 108.5e9
    assert reg.models["llama-4-maverick"].total_params / 1e9 == pytest.approx(400, rel=0.01)
    assert reg.models["llama-4-maverick"].total_params > 401.5e9
