"""Model registry entries and what follows from an architecture: parameter counts by tensor
class, and KV-cache bytes per token (GQA, MLA, sliding window)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.domain.base import Out, Strict
from service.domain.errors import InvalidInput
from service.domain.fields import (
    Count,
    Dim,
    HeadCount,
    HeadDim,
    HiddenSize,
    IntermediateSize,
    KvHeadCount,
    LayerCount,
    MaxContext,
    VocabSize,
    WindowTokens,
)

PosInt = Annotated[int, msgspec.Meta(ge=1)]
NonNegInt = Annotated[int, msgspec.Meta(ge=0)]

Kind = Literal["llm", "diffusion", "audio"]
Modality = Literal["text", "image", "video", "audio", "multimodal"]


class Architecture(Strict, frozen=True, kw_only=True):
    """Transformer decoder shape, as a Hugging Face ``config.json`` states it."""

    num_layers: LayerCount
    hidden_size: HiddenSize
    num_attention_heads: HeadCount
    num_kv_heads: KvHeadCount | None = None
    head_dim: HeadDim | None = None
    intermediate_size: IntermediateSize
    vocab_size: VocabSize
    tie_word_embeddings: Annotated[bool, msgspec.Meta(
        description="the output head shares the embedding matrix")] = False
    max_context: MaxContext | None = None
    attention_bias: Annotated[bool, msgspec.Meta(
        description="the attention projections have biases")] = False
    mlp_type: Annotated[Literal["gated", "plain"], msgspec.Meta(
        description="gated MLP (three matrices: SwiGLU, GeGLU) or plain (two)")] = "gated"
    num_experts: Annotated[Count, msgspec.Meta(
        description="routed experts per MoE layer (0: a dense model)")] = 0
    num_experts_per_token: Annotated[Count, msgspec.Meta(
        description="routed experts active per token")] = 0
    num_shared_experts: Annotated[Count, msgspec.Meta(
        description="experts every token goes through, besides the routed ones")] = 0
    moe_intermediate_size: Annotated[Dim, msgspec.Meta(
        description="width of one expert's MLP, in channels (default: "
                    "intermediate_size)")] | None = None
    first_dense_layers: Annotated[Count, msgspec.Meta(
        description="leading layers with a dense MLP instead of experts")] = 0
    q_lora_rank: Annotated[Dim, msgspec.Meta(
        description="MLA: rank of the compressed query, in channels (none: queries "
                    "projected directly)")] | None = None
    kv_lora_rank: Annotated[Dim, msgspec.Meta(
        description="MLA: rank of the compressed key/value latent that is cached, in "
                    "channels")] | None = None
    qk_rope_head_dim: Annotated[Dim, msgspec.Meta(
        description="MLA: channels per head of the decoupled RoPE part of queries and "
                    "keys")] | None = None
    qk_nope_head_dim: Annotated[Dim, msgspec.Meta(
        description="MLA: channels per head of the part of queries and keys without "
                    "RoPE")] | None = None
    v_head_dim: Annotated[Dim, msgspec.Meta(
        description="MLA: channels per value head (default: head_dim)")] | None = None
    sliding_window: Annotated[WindowTokens, msgspec.Meta(
        description="sliding attention window, in tokens (none: full attention)")] | None = None
    sliding_window_layers: Annotated[Count, msgspec.Meta(
        description="layers that use the sliding window (default: all, when sliding_window is "
                    "set)")] | None = None
    expert_bias: Annotated[bool, msgspec.Meta(
        description="the experts and the router have biases")] = False
    patch_size: Annotated[int | list[int] | None, msgspec.Meta(
        description="patch size of a vision or diffusion transformer, in pixels (one number, "
                    "or one per dimension)")] = None
    encoder_layers: Annotated[Count, msgspec.Meta(
        description="layers of an encoder, for a model that has one")] | None = None
    vision_params: Annotated[Count, msgspec.Meta(
        description="parameters of a vision tower counted in the model card's total "
                    "(Gemma 3)")] = 0
    """Parameters of a vision tower counted in the model card's total (Gemma 3)."""

    def __post_init__(self) -> None:
        kv = self.num_kv_heads or self.num_attention_heads
        if self.num_attention_heads % kv:
            raise ValueError("num_attention_heads must be a multiple of num_kv_heads")
        if self.num_experts_per_token > self.num_experts:
            raise ValueError("num_experts_per_token cannot exceed num_experts")
        if self.num_experts and not self.num_experts_per_token:
            raise ValueError("an MoE model needs num_experts_per_token")
        if self.sliding_window_layers is not None and self.sliding_window_layers > self.num_layers:
            raise ValueError("sliding_window_layers cannot exceed num_layers")
        if self.first_dense_layers > self.num_layers:
            raise ValueError("first_dense_layers cannot exceed num_layers")
        mla_parts = (self.q_lora_rank, self.qk_rope_head_dim, self.qk_nope_head_dim,
                     self.v_head_dim)
        if any(x is not None for x in mla_parts) and not self.kv_lora_rank:
            raise ValueError("MLA fields (q_lora_rank, qk_*_head_dim, v_head_dim) need "
                             "kv_lora_rank: without it the attention is not MLA")
        if self.kv_lora_rank and not self.qk_rope_head_dim:
            raise ValueError("MLA needs qk_rope_head_dim (the decoupled RoPE part of the "
                             "cached latent)")
        if self.kv_lora_rank and not self.num_experts:
            raise ValueError("MLA fields on a dense model: MLA is modelled for DeepSeek-style "
                             "MoE models (give num_experts), or drop the MLA fields")

    # --- derived shape -------------------------------------------------------------------------
    @property
    def kv_heads(self) -> int:
        return self.num_kv_heads or self.num_attention_heads

    @property
    def dim_head(self) -> int:
        return self.head_dim or self.hidden_size // self.num_attention_heads

    @property
    def is_moe(self) -> bool:
        return self.num_experts > 0

    @property
    def is_mla(self) -> bool:
        return bool(self.kv_lora_rank)

    @property
    def moe_layers(self) -> int:
        return self.num_layers - self.first_dense_layers if self.is_moe else 0

    @property
    def expert_ffn(self) -> int:
        return self.moe_intermediate_size or self.intermediate_size

    @property
    def n_sliding(self) -> int:
        if not self.sliding_window:
            return 0
        if self.sliding_window_layers is None:
            return self.num_layers
        return self.sliding_window_layers

    @property
    def q_width(self) -> int:
        return self.num_attention_heads * self.dim_head

    @property
    def kv_width(self) -> int:
        return self.kv_heads * self.dim_head


class Component(Strict, frozen=True, kw_only=True):
    """One network of a diffusion or audio pipeline (denoiser, text encoder, VAE, codec)."""

    name: str
    role: Literal["denoiser", "text_encoder", "vae", "encoder", "decoder", "codec", "other"]
    params: PosInt
    default_precision: str = "bf16"
    source: str = ""
    architecture: dict[str, int | float | str | bool | list[int]] | None = None
    notes: str = ""


class ModelEntry(Strict, frozen=True, kw_only=True):
    id: str
    name: str
    family: str
    kind: Kind
    modality: Modality
    total_params: PosInt
    active_params: PosInt | None = None
    source: str
    hf_repo: str = ""
    aliases: list[str] = []
    params_source: str = ""
    license: str = ""
    released: str = ""
    notes: str = ""
    architecture: Architecture | None = None
    components: list[Component] = []
    native_width: int | None = None
    native_height: int | None = None
    default_steps: int | None = None
    latent_downsample: int | None = None
    latent_channels: int | None = None
    temporal_downsample: int | None = None
    num_frames: int | None = None
    native_precision: str | None = None
    sample_rate_hz: int | None = None

    def __post_init__(self) -> None:
        if self.kind == "llm" and self.architecture is None:
            raise ValueError(f"{self.id}: an llm entry needs [architecture]")
        if self.kind != "llm" and not self.components:
            raise ValueError(f"{self.id}: a {self.kind} entry needs [[components]]")

    @property
    def active(self) -> int:
        return self.active_params or self.total_params


class ParamBreakdown(Out, frozen=True, kw_only=True):
    """Parameters by tensor class: formats treat the classes differently."""

    embedding: int
    lm_head: int
    attn_qko: int
    attn_v: int
    ffn: int
    ffn_down: int
    experts: int
    experts_down: int
    router: int
    norms: int

    @property
    def total(self) -> int:
        return (self.embedding + self.lm_head + self.attn_qko + self.attn_v + self.ffn
                + self.ffn_down + self.experts + self.experts_down + self.router + self.norms)

    @property
    def linear(self) -> int:
        return (self.attn_qko + self.attn_v + self.ffn + self.ffn_down + self.experts
                + self.experts_down)


def param_breakdown(a: Architecture) -> ParamBreakdown:
    """Count parameters from the architecture (GQA- and MLA-aware)."""
    h = a.hidden_size
    layers = a.num_layers
    embedding = a.vocab_size * h
    lm_head = 0 if a.tie_word_embeddings else a.vocab_size * h
    if a.is_mla:
        nope = a.qk_nope_head_dim or 0
        rope = a.qk_rope_head_dim or 0
        vh = a.v_head_dim or a.dim_head
        heads = a.num_attention_heads
        qr = a.q_lora_rank or 0
        kr = a.kv_lora_rank or 0
        q = (h * qr + qr * heads * (nope + rope)) if qr else h * heads * (nope + rope)
        kv_a = h * (kr + rope)
        kv_b = kr * heads * (nope + vh)
        attn_qko_l = q + kv_a + heads * vh * h
        attn_v_l = kv_b
        attn_norm_l = qr + kr
    else:
        attn_qko_l = h * a.q_width * 2 + h * a.kv_width
        attn_v_l = h * a.kv_width
        attn_norm_l = 0
        if a.attention_bias:
            attn_qko_l += a.q_width + a.kv_width
            attn_v_l += a.kv_width
    mats = 3 if a.mlp_type == "gated" else 2
    dense_layers = layers - a.moe_layers
    ffn_in = dense_layers * (mats - 1) * h * a.intermediate_size
    ffn_down = dense_layers * h * a.intermediate_size
    experts = experts_down = router = 0
    if a.is_moe:
        n = a.num_experts + a.num_shared_experts
        ef = a.expert_ffn
        experts = a.moe_layers * n * (mats - 1) * h * ef
        experts_down = a.moe_layers * n * h * ef
        if a.expert_bias:
            experts += a.moe_layers * n * (mats - 1) * ef
            experts_down += a.moe_layers * n * h
        router = a.moe_layers * (h * a.num_experts + (a.num_experts if a.expert_bias else 0))
    norms = layers * (2 * h + attn_norm_l) + h
    return ParamBreakdown(
        embedding=embedding, lm_head=lm_head, attn_qko=layers * attn_qko_l,
        attn_v=layers * attn_v_l, ffn=ffn_in, ffn_down=ffn_down, experts=experts,
        experts_down=experts_down, router=router, norms=norms,
    )


def active_params(a: Architecture) -> int:
    """Parameters touched per token: all but the experts not routed to."""
    b = param_breakdown(a)
    if not a.is_moe:
        return b.total
    routed = a.num_experts_per_token + a.num_shared_experts
    share = routed / (a.num_experts + a.num_shared_experts)
    return round(b.total - (b.experts + b.experts_down) * (1 - share))


def kv_elements_per_token_layer(a: Architecture, tp: int = 1) -> float:
    """Cache elements one token stores in one attention layer, on one GPU of a TP group.

    MLA stores one compressed latent (kv_lora_rank + rope dims) that every TP rank keeps whole;
    GQA stores K and V for its KV heads, split over TP ranks but never below one head per rank.
    """
    if a.is_mla:
        return float((a.kv_lora_rank or 0) + (a.qk_rope_head_dim or 0))
    heads = max(1.0, a.kv_heads / tp)
    return 2.0 * heads * a.dim_head


def kv_bytes(a: Architecture, tokens: int, bytes_per_element: float, tp: int = 1) -> float:
    """KV-cache bytes for one sequence of ``tokens`` on one GPU; sliding-window layers stop
    growing at the window."""
    per = kv_elements_per_token_layer(a, tp) * bytes_per_element
    n_slide = a.n_sliding
    full = a.num_layers - n_slide
    window_tokens = min(tokens, a.sliding_window) if a.sliding_window else tokens
    return per * (full * tokens + n_slide * window_tokens)


def kv_bytes_per_token(a: Architecture, bytes_per_element: float) -> float:
    """Bytes per token summed over every layer (a short sequence, inside any window)."""
    return kv_elements_per_token_layer(a) * bytes_per_element * a.num_layers


def check_architecture_for_tp(a: Architecture, tp: int) -> None:
    if a.num_attention_heads % tp and tp > 1:
        raise InvalidInput(
            f"tensor parallel over {tp} GPUs needs the {a.num_attention_heads} attention heads "
            f"to divide evenly", "$.gpu_count")
