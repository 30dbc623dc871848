"""The catalog model that stands for a model the question gives only by its size ("a 13B
model", "our in-house 30B MoE with 3B active", "a custom 20B dense model, 48 layers, 8 KV
heads, head dim 128"), and the architecture it is sized as.

A bare size is sized on a current layout: a dense decoder with grouped-query attention (fewer
KV heads than query heads), full attention in every layer and a context of at least
:data:`CURRENT_CONTEXT` tokens, as the catalog's Llama 3.1, Qwen2.5 and Mistral models of every
size are. A 2023 layout with full multi-head attention (Llama 2 13B: 40 KV heads, 4,096
tokens) keeps 5 times the KV cache per token of a current 13B (Mistral NeMo 12B: 8 KV heads)
and refused an 8k context that a current model of that size takes (audit buyer25b #4); Gemma
2's 8,192 tokens refused 16k for "a 9B model" the same way, and its sliding-window layers do
not scale to a size (it was sized as its own 9.24B for "a 10B model").

A mixture of experts stated ("MoE", an active count, a count of experts) is sized on a catalog
MoE, scaled to the total and the active parameters stated: decoding reads the active ones
alone, so a dense stand-in of the same total was 6 times too slow (audit buyer25b #3).

The layers, widths and heads stated replace the stand-in's, as /v1/sizing's inline
``architecture`` sizes them (audit buyer25b #5: the stated 48 layers were dropped for the
stand-in's 34, the KV cache 29 % short)."""

from __future__ import annotations

import math
import re

import msgspec

from service.domain.answer.understand import ModelShape
from service.domain.catalog.models import Architecture, ModelEntry, active_params, param_breakdown
from service.domain.catalog.registry import Registry

REPRESENTATIVE = ("llama-3.2-1b", "llama-3.2-3b", "llama-3.1-8b", "llama-3.1-70b",
                  "llama-3.1-405b", "mistral-7b-v0.3", "mistral-nemo-12b", "mistral-small-24b",
                  "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-14b", "qwen2.5-32b",
                  "qwen2.5-72b")
"""The mainstream models a bare size is read as, where one of them states that size or is
within 25 % of it (every one of them a current layout, :func:`current_layout`)."""
CURRENT_CONTEXT = 32768
"""The least context, in tokens, of a current layout: what the catalog's current dense models
of every size take at the least (Mistral 7B v0.3, Qwen2.5 7B Coder, Mistral Small 3: 32,768;
Llama 3.1, Qwen2.5, Mistral NeMo: 131,072)."""
NEAR = 0.25
"""How far from the size stated a stand-in may be (the "I know no model of about N B"
limit)."""
FAR = 2.0
"""How many times larger or smaller than the size stated a current layout of
:data:`REPRESENTATIVE` may be, scaled to it, where none is within :data:`NEAR`."""
SAME = 0.03
"""How close a stand-in's own size must be to the size stated to be sized as itself, not
scaled to it."""

_NOMINAL = re.compile(r"(?<![\d.])(\d++(?:\.\d++)?)b\b")
"""The size a model id states ("llama-3.1-70b" -> 70)."""
_NOMINAL_MOE = re.compile(r"(?<![\d.])(\d++(?:\.\d++)?)b-a(\d++(?:\.\d++)?)b\b")
"""The total and active sizes an MoE's id states ("qwen3-30b-a3b" -> 30, 3)."""
_SPECIAL = ("code", "math", "guard", "distill")


def nominal_b(model_id: str) -> float | None:
    """The size a model's id states ("mistral-7b-v0.3" -> 7.0)."""
    m = _NOMINAL.search(model_id)
    return float(m.group(1)) if m else None


def current_layout(m: ModelEntry) -> bool:
    """A current decoder layout: a language model that generates text, with grouped-query (or
    multi-query) attention in every layer (no sliding window) and a context of at least
    :data:`CURRENT_CONTEXT` tokens, no encoder, cross-attention or vision tower."""
    a = m.architecture
    return (m.kind == "llm" and m.task == "generate" and a is not None
            and a.kv_heads < a.num_attention_heads and (m.context_limit or 0) >= CURRENT_CONTEXT
            and not a.sliding_window and not a.is_encoder_decoder
            and not a.cross_attention_layers and not a.vision_params)


def _moe_scalable(m: ModelEntry) -> bool:
    """An MoE of a current layout whose shape scales by its layers, experts and expert width
    alone: every layer MoE, GQA without MLA or linear attention."""
    a = m.architecture
    return (a is not None and a.is_moe and current_layout(m) and not a.is_mla
            and not a.linear_attention_layers
            and not a.first_dense_layers and not a.expert_bias)


def representative(registry: Registry, params_b: float,
                   shape: ModelShape | None = None) -> str | None:
    """The model that stands for a stated size: for an MoE stated (``shape.moe``) the catalog
    MoE nearest in total and active parameters (:func:`_moe_representative`). Else a current
    layout (:func:`current_layout`): the first of :data:`REPRESENTATIVE` whose name states that
    size, else the nearest of them by parameter count within :data:`NEAR`, else the closest
    dense registry LLM of a current layout within :data:`NEAR` (preferring Llama and Qwen),
    else the nearest of :data:`REPRESENTATIVE` within :data:`FAR` (scaled to the size: "a 50B
    model" is Llama 3.1 70B's layout with fewer layers, not Falcon 40B's KV cache of half a
    current model's per parameter). Only where none is, the closest dense registry LLM of any
    layout within :data:`NEAR`; None where none is either."""
    if shape is not None and shape.moe:
        found = _moe_representative(registry, params_b, shape.active_b)
        if found is not None:
            return found
    listed = [registry.models[i] for i in REPRESENTATIVE
              if i in registry.models and current_layout(registry.models[i])]
    for m in listed:
        if nominal_b(m.id) == params_b:
            return m.id
    near = sorted((abs(m.total_params / 1e9 - params_b) / params_b, i, m.id)
                  for i, m in enumerate(listed))
    if near and near[0][0] <= NEAR:
        return near[0][2]
    best: tuple[bool, float, int, str] | None = None
    for m in registry.models.values():
        if m.kind != "llm" or (m.architecture and m.architecture.is_moe):
            continue
        gap = abs(m.total_params / 1e9 - params_b) / params_b
        if gap > NEAR:
            continue
        family_rank = 0 if m.family == "llama" else 1 if m.family.startswith("qwen") else 2
        special = any(x in m.id for x in _SPECIAL)
        key = (not current_layout(m), round(gap, 2) if gap > 0.1 else 0.0,
               family_rank + 3 * special, m.id)
        if best is None or key < best:
            best = key
    if best is not None and not best[0]:
        return best[3]
    far = sorted((abs(math.log(m.total_params / 1e9 / params_b)), i, m.id)
                 for i, m in enumerate(listed))
    if far and far[0][0] <= math.log(FAR):
        return far[0][2]
    return best[3] if best is not None else None


def _moe_representative(registry: Registry, total_b: float,
                        active_b: float | None) -> str | None:
    """The catalog MoE (:func:`_moe_scalable`) nearest to ``total_b`` billion parameters in
    all and ``active_b`` active (the sum of the two log ratios; the total alone where no
    active count is stated), a general model before a coder or maths one."""
    best: tuple[bool, float, str] | None = None
    for m in registry.models.values():
        if not _moe_scalable(m):
            continue
        gap = abs(math.log(m.total_params / 1e9 / total_b))
        if active_b:
            gap += abs(math.log(m.active / 1e9 / active_b))
        key = (any(x in m.id for x in _SPECIAL), round(gap, 3), m.id)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


def stated_active(m: ModelEntry, params: float, shape: ModelShape) -> float:
    """The active parameters an MoE stand-in is sized at: those stated, else the stand-in's
    own share of the total (Qwen3 30B-A3B's 3.35 of 30.5B) of the total stated."""
    if shape.active_b and shape.active_b * 1e9 < params:
        return shape.active_b * 1e9
    return params * m.active / m.total_params


def stand_in_architecture(m: ModelEntry, params: float,
                          shape: ModelShape | None = None) -> Architecture | None:
    """The architecture a bare size (``params`` parameters) is sized as, from its stand-in
    ``m`` (:func:`representative`) and the layout stated (``shape``); None where ``m`` is
    sized as itself: its size within :data:`SAME` of the one stated (its name's: Llama 3.1
    70B for "a 70B model"; an MoE's total and active: Qwen3 30B-A3B for "a 30B MoE with 3B
    active") and nothing stated that differs from it.

    A dense stand-in takes the widths and heads stated, then as many layers as put it at
    ``params`` (those stated, where stated), its MLP width trimmed to the exact count (so
    that its weights are that count x the precision's bytes, and its KV cache per parameter
    is the stand-in's where no layer count is stated). An MoE stand-in
    (:func:`_moe_stand_in`) is scaled to the total and the active parameters. Either has its
    context limit unknown (the stand-in's is its own, not the stated model's) and no vision
    tower. None too for a shape that does not scale so (MLA, hybrid or sliding-window
    attention, encoder-decoder; a dense shape stated for an MoE stand-in)."""
    shape = shape or ModelShape()
    a = m.architecture
    if m.kind != "llm" or a is None:
        return None
    if shape.moe and a.is_moe:
        return _moe_stand_in(m, params, shape)
    if (a.is_moe or a.is_mla or a.is_encoder_decoder or a.linear_attention_layers
            or a.sliding_window_layers or a.first_dense_layers):
        return None
    shaped = _with_attention(a, shape)
    named = nominal_b(m.id)
    if (named is not None and abs(named * 1e9 - params) <= SAME * params
            and _same_attention(a, shaped) and shape.layers in (None, a.num_layers)):
        return None
    b = param_breakdown(shaped)
    fixed = b.embedding + b.lm_head + shaped.hidden_size  # and the final norm
    per_layer = (b.total - fixed) / shaped.num_layers
    layers = shape.layers or max(1, round((params - fixed) / per_layer))
    scaled = msgspec.structs.replace(shaped, num_layers=layers, max_context=None,
                                     vision_params=0)
    mats = 3 if a.mlp_type == "gated" else 2
    gap = params - param_breakdown(scaled).total
    width = shaped.intermediate_size + round(gap / (layers * mats * shaped.hidden_size))
    return msgspec.structs.replace(scaled, intermediate_size=max(1, width))


def _with_attention(a: Architecture, shape: ModelShape) -> Architecture:
    """``a`` with the width, heads and head size ``shape`` states (its own where none is):
    the query width per hidden channel kept where the width or the head size is stated and
    the heads are not; the query heads raised to a multiple of the KV heads where they are
    not one (a grouped-query attention's rule); the MLP width scaled with the hidden width;
    the experts and the experts per token stated."""
    h = shape.hidden_size or a.hidden_size
    hd = shape.head_dim or a.dim_head
    if shape.attention_heads:
        heads = shape.attention_heads
    elif shape.hidden_size or shape.head_dim:
        heads = max(1, round(a.q_width * h / a.hidden_size / hd))
    else:
        heads = a.num_attention_heads
    kv = a.kv_heads if shape.kv_heads is None else shape.kv_heads or heads  # 0: MHA
    heads = max(kv, math.ceil(heads / kv) * kv)
    n = shape.experts or a.num_experts
    k = shape.experts_per_token or a.num_experts_per_token
    if a.is_moe:
        n = max(n, k)
    changes: dict[str, object] = {
        "hidden_size": h, "num_attention_heads": heads, "num_kv_heads": kv, "head_dim": hd,
        "intermediate_size": max(1, round(a.intermediate_size * h / a.hidden_size))}
    if a.is_moe:
        changes.update(num_experts=n, num_experts_per_token=k,
                       moe_intermediate_size=max(1, round(a.expert_ffn * h / a.hidden_size)))
    return msgspec.structs.replace(a, **changes)


def _same_attention(a: Architecture, b: Architecture) -> bool:
    """The widths, heads and experts of ``a`` and ``b`` are the same."""
    return all(getattr(a, f) == getattr(b, f) for f in (
        "hidden_size", "num_attention_heads", "kv_heads", "dim_head", "num_experts",
        "num_experts_per_token"))


def _moe_stand_in(m: ModelEntry, params: float, shape: ModelShape) -> Architecture | None:
    """An MoE stand-in ``m`` scaled to ``params`` parameters in all and the active ones
    (:func:`stated_active`): the widths, heads and experts stated; as many layers as put it
    at the active count with the stand-in's active parameters per layer (those stated, where
    stated); the expert width that puts the layers at the active count (at the total, where
    the experts are stated), then as many routed experts as put it at the total. None where
    ``m`` is sized as itself (:func:`stand_in_architecture`)."""
    a = m.architecture
    if a is None:
        return None
    active = stated_active(m, params, shape)
    own = _NOMINAL_MOE.search(m.id)
    total_b, active_b = ((float(own.group(1)), float(own.group(2))) if own
                         else (m.total_params / 1e9, m.active / 1e9))
    shaped = _with_attention(a, shape)
    if (abs(total_b * 1e9 - params) <= SAME * params
            and (not shape.active_b or abs(active_b * 1e9 - active) <= SAME * active)
            and _same_attention(a, shaped) and shape.layers in (None, a.num_layers)):
        return None
    b = param_breakdown(shaped)
    h, layers0 = shaped.hidden_size, shaped.num_layers
    fixed = b.embedding + b.lm_head + h
    shared = shaped.num_shared_experts
    n, k = shaped.num_experts, shaped.num_experts_per_token
    # per layer: attention, norms and router; one expert per channel of its width
    other = (b.attn_qko + b.attn_v + b.norms - h + b.router) / layers0
    per_channel = (b.experts + b.experts_down) / (layers0 * (n + shared) * shaped.expert_ffn)
    per_layer_active = (active_params(shaped) - fixed) / layers0
    layers = shape.layers or max(1, round((active - fixed) / per_layer_active))
    if shape.experts:  # the experts stated: the width puts it at the total
        width = ((params - fixed) / layers - other) / ((n + shared) * per_channel)
    else:
        width = ((active - fixed) / layers - other) / ((k + shared) * per_channel)
    width = max(1, round(width))
    if not shape.experts:
        n = max(k, round(((params - fixed) / layers - other) / (width * per_channel)) - shared)
    return msgspec.structs.replace(shaped, num_layers=layers, num_experts=n,
                                   moe_intermediate_size=width, max_context=None,
                                   vision_params=0)
