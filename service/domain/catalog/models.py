"""Model registry entries and what follows from an architecture: parameter counts by tensor
class, and KV-cache bytes per token (GQA, MLA, sliding window)."""

from __future__ import annotations

import math
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
    """Transformer shape, as a Hugging Face ``config.json`` states it: a decoder (dense or MoE;
    GQA, MLA, sliding-window or hybrid linear attention) or an encoder-decoder (T5, BART)."""

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
        description="encoder-decoder models (T5, BART): layers of the encoder stack; "
                    "num_layers is then the decoder's, each decoder layer adding a "
                    "cross-attention block (same shape as its self-attention) over the "
                    "encoder output. Both stacks share hidden_size, heads, head_dim and "
                    "intermediate_size (T5: d_model, num_heads, d_kv, d_ff)")] | None = None
    linear_attention: Annotated[Literal["gated_deltanet", "lightning"] | None, msgspec.Meta(
        description="hybrid models: the linear-attention kind of the layers counted in "
                    "linear_attention_layers (gated_deltanet: Qwen3-Next, Qwen3.5; lightning: "
                    "MiniMax-Text-01, MiniMax-M1)")] = None
    linear_attention_layers: Annotated[Count, msgspec.Meta(
        description="layers whose token mixer is linear attention: a fixed-size recurrent "
                    "state per sequence instead of a KV cache that grows with the context; "
                    "the other num_layers - linear_attention_layers layers are softmax "
                    "attention")] = 0
    linear_num_key_heads: Annotated[Dim, msgspec.Meta(
        description="linear attention: query/key heads (default: "
                    "num_attention_heads)")] | None = None
    linear_key_head_dim: Annotated[Dim, msgspec.Meta(
        description="linear attention: channels per query/key head (default: "
                    "head_dim)")] | None = None
    linear_num_value_heads: Annotated[Dim, msgspec.Meta(
        description="linear attention: value heads (default: linear_num_key_heads)")] | None = None
    linear_value_head_dim: Annotated[Dim, msgspec.Meta(
        description="linear attention: channels per value head (default: "
                    "linear_key_head_dim)")] | None = None
    linear_conv_kernel_dim: Annotated[Count, msgspec.Meta(
        description="Gated DeltaNet: width of the causal convolution over q, k and v, in "
                    "tokens (its last kernel - 1 inputs are part of the state)")] = 0
    attention_output_gate: Annotated[bool, msgspec.Meta(
        description="softmax-attention layers gate their output: q_proj also produces a gate "
                    "of the query width (Qwen3-Next, Qwen3.5)")] = False
    relative_attention_buckets: Annotated[Count, msgspec.Meta(
        description="T5 relative position bias: buckets of the learned bias table (one "
                    "buckets x heads table in the first layer of each stack); 0: none")] = 0
    cross_attention_layers: Annotated[Count, msgspec.Meta(
        description="decoder layers (counted in num_layers, same shapes as a self-attention "
                    "layer) whose attention reads an encoder's output instead of the text: "
                    "they cache K/V of cross_attention_tokens once per request, not of each "
                    "text token (Llama 3.2 Vision: 8 of 40, 20 of 100; its config's "
                    "text_config.cross_attention_layers); 0: none")] = 0
    cross_attention_tokens: Annotated[Count, msgspec.Meta(
        description="encoder tokens each cross-attention layer caches per request, sized for "
                    "one image at the vision encoder's largest output (Llama 3.2 Vision: "
                    "max_num_tiles 4 x ((560 / 14)^2 + 1) = 6,404)")] = 0
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
        if self.encoder_layers and (self.num_experts or self.kv_lora_rank
                                    or self.sliding_window):
            raise ValueError("encoder-decoder models are modelled dense, with full attention "
                             "(no experts, MLA or sliding window)")
        if bool(self.linear_attention) != bool(self.linear_attention_layers):
            raise ValueError("linear_attention (the kind) and linear_attention_layers (how "
                             "many) go together")
        if self.linear_attention_layers > self.num_layers:
            raise ValueError("linear_attention_layers cannot exceed num_layers")
        if self.linear_attention_layers and (self.encoder_layers or self.kv_lora_rank
                                             or self.sliding_window):
            raise ValueError("hybrid linear attention is modelled for decoder-only models with "
                             "full softmax attention in the other layers (no encoder, MLA or "
                             "sliding window)")
        if self.relative_attention_buckets and not self.encoder_layers:
            raise ValueError("relative_attention_buckets is T5's relative position bias: "
                             "give encoder_layers too (decoder-only models use RoPE)")
        if bool(self.cross_attention_layers) != bool(self.cross_attention_tokens):
            raise ValueError("cross_attention_layers (how many) and cross_attention_tokens "
                             "(the encoder tokens they cache) go together")
        if (self.cross_attention_layers
                and self.cross_attention_layers >= self.num_layers - self.linear_attention_layers):
            raise ValueError("cross_attention_layers cannot exceed num_layers less one (some "
                             "layer must attend to the text)")
        if self.cross_attention_layers and (self.encoder_layers or self.kv_lora_rank
                                            or self.sliding_window
                                            or self.linear_attention_layers):
            raise ValueError("cross-attention layers are modelled for decoder-only models with "
                             "full GQA self-attention in the other layers (no encoder stack, "
                             "MLA, sliding window or linear attention)")

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
    def is_encoder_decoder(self) -> bool:
        return bool(self.encoder_layers)

    @property
    def stack_layers(self) -> int:
        """Layers of both stacks (the decoder's alone for a decoder-only model): what a
        training step keeps activations for."""
        return self.num_layers + (self.encoder_layers or 0)

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
    def kv_layers(self) -> int:
        """Layers whose KV cache grows with the context (all but linear-attention ones and
        cross-attention ones, which cache a fixed number of encoder tokens instead)."""
        return self.num_layers - self.linear_attention_layers - self.cross_attention_layers

    @property
    def linear_key_width(self) -> int:
        return ((self.linear_num_key_heads or self.num_attention_heads)
                * (self.linear_key_head_dim or self.dim_head))

    @property
    def linear_value_heads(self) -> int:
        return self.linear_num_value_heads or self.linear_num_key_heads or self.num_attention_heads

    @property
    def linear_value_head_width(self) -> int:
        return self.linear_value_head_dim or self.linear_key_head_dim or self.dim_head

    @property
    def linear_value_width(self) -> int:
        return self.linear_value_heads * self.linear_value_head_width

    @property
    def kv_width(self) -> int:
        return self.kv_heads * self.dim_head


class Component(Strict, frozen=True, kw_only=True):
    """One network of a diffusion or audio pipeline (denoiser, text encoder, VAE, codec)."""

    name: Annotated[str, msgspec.Meta(
        description="the component's name in the pipeline (transformer, unet, text_encoder, "
                    "vae...)")]
    role: Annotated[
        Literal["denoiser", "text_encoder", "vae", "encoder", "decoder", "codec", "other"],
        msgspec.Meta(
            description="its part in the pipeline: denoiser, text_encoder, vae, encoder, "
                        "decoder, codec or other")]
    params: Annotated[PosInt, msgspec.Meta(
        description="its parameters, a count")]
    default_precision: Annotated[str, msgspec.Meta(
        description="the precision its weights run at unless asked otherwise")] = "bf16"
    source: Annotated[str, msgspec.Meta(
        description="where its figures come from (its config URL); empty where the model's "
                    "source covers it")] = ""
    architecture: Annotated[dict[str, int | float | str | bool | list[int]] | None, msgspec.Meta(
        description="its shape as its config gives it (layers, widths, heads, patch "
                    "size...), the keys its timing uses; null where not needed")] = None
    notes: Annotated[str, msgspec.Meta(
        description="how its figures were read")] = ""


class DefaultClip(Strict, frozen=True, kw_only=True):
    """The audio one request to a generator makes where the request cannot say (a sizing
    request has no duration field): its own tooling's default clip (the ``[default_clip]``
    table of its TOML)."""

    seconds: Annotated[float, msgspec.Meta(
        gt=0, description="the clip's length, in seconds of audio")]
    why: Annotated[str, msgspec.Meta(
        description="why this length: the tooling's default, in words (said with the answer)")]
    """Why this length: the tooling's default, in words (said with the answer)."""
    source: Annotated[str, msgspec.Meta(
        description="where the default comes from (URL)")]


class Fp8Checkpoint(Strict, frozen=True, kw_only=True):
    """A dense model's official FP8 checkpoint that leaves some linear layers in 16 bits (the
    ``[fp8_checkpoint]`` table of its TOML). Its fp8 weights are sized so, not with every
    linear layer in FP8: Meta's Llama 3.1 405B FP8 keeps attention and the first and last
    layers' MLPs in bf16, 57.75 GiB per GPU at TP8 in vLLM where all-linear FP8 counts
    47.7 (catalog/calibration.csv h136). The embeddings, the LM head and the norms stay
    16-bit in every fp8 checkpoint already (the fp8 precision's own classes)."""

    repo: Annotated[str, msgspec.Meta(
        description="the checkpoint this layout is of (its Hugging Face repository)")]
    """The checkpoint this layout is of (its Hugging Face repository)."""
    attention_16bit: Annotated[bool, msgspec.Meta(
        description="the attention projections (q, k, v, o) of every layer stay 16-bit")] = False
    """The attention projections (q, k, v, o) of every layer stay 16-bit."""
    mlp_16bit_first_layers: Annotated[NonNegInt, msgspec.Meta(
        description="the MLPs of this many leading layers stay 16-bit")] = 0
    """The MLPs of this many leading layers stay 16-bit."""
    mlp_16bit_last_layers: Annotated[NonNegInt, msgspec.Meta(
        description="the MLPs of this many trailing layers stay 16-bit")] = 0
    """The MLPs of this many trailing layers stay 16-bit."""
    source: Annotated[str, msgspec.Meta(
        description="where the layout comes from (URL)")]

    def sixteen_bit_params(self, b: ParamBreakdown, a: Architecture) -> int:
        """Linear weights that the checkpoint leaves 16-bit (of a dense model, whose layers'
        MLPs are all the same size)."""
        attention = b.attn_qko + b.attn_v if self.attention_16bit else 0
        mlp_layers = self.mlp_16bit_first_layers + self.mlp_16bit_last_layers
        return attention + (b.ffn + b.ffn_down) * mlp_layers // a.num_layers


class ContextExtension(Strict, frozen=True, kw_only=True):
    """A longer context than the config's ``max_context`` that the model card states with rope
    scaling turned on in the engine (the ``[context_extension]`` table of its TOML): Qwen3's
    "32,768 natively and 131,072 tokens with YaRN". Engines take a context up to
    ``max_context`` only with ``engine_setting`` set (vLLM and SGLang read the config's
    max_position_embeddings, raised by the rope scaling factor, as the longest request), so
    such a context is sized, with the setting it needs said beside it; past ``max_context``
    it is refused as past any model's limit."""

    max_context: Annotated[MaxContext, msgspec.Meta(
        description="the longest context the model card states with the extension on, in "
                    "tokens")]
    method: Annotated[Literal["YaRN"], msgspec.Meta(
        description="the rope scaling the model card validates")]
    engine_setting: Annotated[str, msgspec.Meta(
        description="what turns it on in the engine (vLLM and SGLang: the rope_scaling "
                    "config the model card gives)")]
    static_caveat: Annotated[bool, msgspec.Meta(
        description="the model card warns that static scaling (the engines') applies to every "
                    "request and may lower quality on shorter texts")] = False
    source: Annotated[str, msgspec.Meta(
        description="where the extended context is stated (the model card's URL)")]


class ImageTokens(Strict, frozen=True, kw_only=True):
    """How many tokens a vision-language model's processor makes of one image, tokens that go
    into the context and the KV cache with the prompt's (the ``[image_tokens]`` table of its
    TOML; a cross-attention model's image is ``cross_attention_tokens`` instead). Either a
    fixed count whatever the image's size (Gemma 3: ``mm_tokens_per_image`` 256, every image
    resized to 896 x 896), or one token per ``pixel_side`` x ``pixel_side`` pixels of the
    image resized as its processor does (Qwen2-VL and Qwen2.5-VL: 14-px patches merged 2 x 2,
    each side rounded to a multiple of 28 and the area kept within ``min_pixels`` and
    ``max_pixels``: transformers' ``smart_resize``)."""

    tokens: Annotated[PosInt | None, msgspec.Meta(
        description="tokens of one image whatever its size; null where they depend on the "
                    "image's size (pixel_side)")] = None
    pixel_side: Annotated[PosInt | None, msgspec.Meta(
        description="one token per pixel_side x pixel_side pixels of the resized image "
                    "(patch size x spatial merge size); null for a fixed count")] = None
    resize_side: Annotated[PosInt | None, msgspec.Meta(
        description="a fixed count: the side every image is resized to, in pixels")] = None
    min_pixels: Annotated[PosInt | None, msgspec.Meta(
        description="pixel_side: the smallest area an image is resized up to")] = None
    max_pixels: Annotated[PosInt | None, msgspec.Meta(
        description="pixel_side: the largest area an image is resized down to")] = None
    encoder_patches_per_token: Annotated[PosInt | None, msgspec.Meta(
        description="patches the vision encoder runs on for each image token the decoder "
                    "reads (Qwen2-VL and Qwen2.5-VL: 4, their PatchMerger joins 2 x 2 patches "
                    "of 14 px; Gemma 3: 16, its projector average-pools 64 x 64 SigLIP "
                    "patches 4 x 4 to 256 tokens); null: the encoder's time is not "
                    "counted")] = None
    encoder_source: Annotated[str, msgspec.Meta(
        description="where encoder_patches_per_token comes from (the model's code or "
                    "config)")] = ""
    source: Annotated[str, msgspec.Meta(
        description="where the figures come from (the processor's config URL)")]

    def __post_init__(self) -> None:
        if self.encoder_patches_per_token is not None and not self.encoder_source:
            raise ValueError("[image_tokens] encoder_patches_per_token needs encoder_source")
        if (self.tokens is None) == (self.pixel_side is None):
            raise ValueError("[image_tokens] needs tokens (a fixed count) or pixel_side (one "
                             "token per pixel_side x pixel_side pixels), not both")
        if self.pixel_side is not None and (self.min_pixels is None or self.max_pixels is None
                                            or self.min_pixels > self.max_pixels):
            raise ValueError("[image_tokens] pixel_side needs min_pixels <= max_pixels")

    @property
    def token_range(self) -> tuple[int, int]:
        """The fewest and the most tokens one image takes."""
        if self.tokens is not None:
            return self.tokens, self.tokens
        assert self.pixel_side and self.min_pixels and self.max_pixels
        unit = self.pixel_side ** 2
        return -(-self.min_pixels // unit), self.max_pixels // unit

    def resized(self, width: int, height: int) -> tuple[int, int] | None:
        """The size ``width`` x ``height`` pixels is resized to before it is cut into tokens:
        transformers' ``smart_resize`` (models/qwen2_vl/image_processing_qwen2_vl.py): each
        side rounded to a multiple of ``pixel_side``, the area scaled down within
        ``max_pixels`` or up to ``min_pixels``, keeping the aspect; a fixed count's
        ``resize_side`` square. None where the processor refuses the image (an aspect over
        200:1) or the count is fixed with no resize side recorded."""
        if self.pixel_side is None:
            return (self.resize_side, self.resize_side) if self.resize_side else None
        assert self.min_pixels is not None and self.max_pixels is not None
        f = self.pixel_side
        if width <= 0 or height <= 0 or max(width, height) / min(width, height) > 200:
            return None
        h, w = round(height / f) * f, round(width / f) * f
        if h * w > self.max_pixels:
            beta = math.sqrt(height * width / self.max_pixels)
            h = max(f, math.floor(height / beta / f) * f)
            w = max(f, math.floor(width / beta / f) * f)
        elif h * w < self.min_pixels:
            beta = math.sqrt(self.min_pixels / (height * width))
            h, w = math.ceil(height * beta / f) * f, math.ceil(width * beta / f) * f
        return w, h

    def encoder_tokens(self, width: int | None = None, height: int | None = None
                       ) -> int | None:
        """Patches the vision encoder runs on for one image of ``width`` x ``height``
        pixels: its tokens (:meth:`count`) times ``encoder_patches_per_token``; None where
        either is unknown."""
        each = self.count(width, height)
        if each is None or self.encoder_patches_per_token is None:
            return None
        return each * self.encoder_patches_per_token

    def count(self, width: int | None = None, height: int | None = None) -> int | None:
        """Tokens of one image of ``width`` x ``height`` pixels; None where they depend on
        the size and none is given (or the processor refuses it)."""
        if self.tokens is not None:
            return self.tokens
        if not width or not height:
            return None
        size = self.resized(width, height)
        assert self.pixel_side is not None
        return None if size is None else size[0] * size[1] // self.pixel_side ** 2


class ModelEntry(Strict, frozen=True, kw_only=True):
    id: Annotated[str, msgspec.Meta(
        description="the model's registry id")]
    name: Annotated[str, msgspec.Meta(
        description="the model's display name")]
    family: Annotated[str, msgspec.Meta(
        description="the model family (llama-3.1, qwen2.5, flux...), which engines' support is "
                    "decided by")]
    kind: Annotated[Kind, msgspec.Meta(
        description="llm, diffusion or audio")]
    modality: Annotated[Modality, msgspec.Meta(
        description="what the model takes or makes: text, image, video, audio or multimodal")]
    task: Annotated[Literal["generate", "embed"], msgspec.Meta(
        description="generate, or embed: an embedding model (one forward pass per "
                    "input, no generated tokens and no KV cache kept), whose speed "
                    "is embeddings and tokens embedded per second")] = "generate"
    """``embed``: an embedding model (one forward pass per input, no generated tokens and no
    KV cache kept): its speed is embeddings and tokens embedded per second."""
    total_params: Annotated[PosInt, msgspec.Meta(
        description="parameters in all, a count (every expert of a mixture of experts; every "
                    "component of a pipeline)")]
    active_params: Annotated[PosInt | None, msgspec.Meta(
        description="parameters used per token, a count (a mixture of experts' active "
                    "experts); null: total_params")] = None
    source: Annotated[str, msgspec.Meta(
        description="where the model's figures come from (its config or model card URL)")]
    hf_repo: Annotated[str, msgspec.Meta(
        description="the Hugging Face repository of the weights; empty where none")] = ""
    aliases: Annotated[list[str], msgspec.Meta(
        description="other names the model is found by")] = []
    params_source: Annotated[str, msgspec.Meta(
        description="how total_params was obtained")] = ""
    license: Annotated[str, msgspec.Meta(
        description="the weights' licence; empty where not recorded")] = ""
    released: Annotated[str, msgspec.Meta(
        description="the release date, as recorded; empty where not recorded")] = ""
    notes: Annotated[str, msgspec.Meta(
        description="what else matters for sizing it, and where it comes from")] = ""
    architecture: Annotated[Architecture | None, msgspec.Meta(
        description="the transformer's shape (layers, widths, heads, context...); null "
                    "for a diffusion or audio pipeline (see components)")] = None
    components: Annotated[list[Component], msgspec.Meta(
        description="the networks of a diffusion or audio pipeline; empty for an LLM")] = []
    native_width: Annotated[int | None, msgspec.Meta(
        description="image and video models: the width they generate by default, in "
                    "pixels; null otherwise")] = None
    native_height: Annotated[int | None, msgspec.Meta(
        description="image and video models: the height they generate by default, in "
                    "pixels; null otherwise")] = None
    default_steps: Annotated[int | None, msgspec.Meta(
        description="diffusion models: the denoising steps their pipeline runs by "
                    "default; null otherwise")] = None
    latent_downsample: Annotated[int | None, msgspec.Meta(
        description="diffusion models: pixels per latent position along each side (8: a "
                    "1024-pixel side is 128 latents); null: 8")] = None
    latent_channels: Annotated[int | None, msgspec.Meta(
        description="diffusion models: channels of the latent; null where not needed")] = None
    temporal_downsample: Annotated[int | None, msgspec.Meta(
        description="video models: video frames per latent frame of the VAE (null: 4); "
                    "null for other models")] = None
    num_frames: Annotated[int | None, msgspec.Meta(
        description="video models: frames of a clip by default; null otherwise")] = None
    native_precision: Annotated[str | None, msgspec.Meta(
        description="the precision the official weights are published in (fp8, mxfp4...); "
                    "null: bf16")] = None
    sample_rate_hz: Annotated[int | None, msgspec.Meta(
        description="audio models: the audio's sample rate, in Hz; null otherwise")] = None
    fp8_checkpoint: Annotated[Fp8Checkpoint | None, msgspec.Meta(
        description="how the official FP8 checkpoint lays out its weights, where not "
                    "every linear layer is FP8; fp8 weights of the model are sized so; "
                    "null otherwise")] = None
    """How the official FP8 checkpoint lays out its weights, where not every linear layer is
    FP8; fp8 weights of the model are sized so."""
    default_clip: Annotated[DefaultClip | None, msgspec.Meta(
        description="audio generators: the clip one request makes by default (request "
                    "rates are compared with the audio seconds per second served in clips "
                    "of this length); null otherwise")] = None
    """Audio generators: the clip one request makes by default (request rates are compared
    with the audio seconds per second served in clips of this length)."""
    context_extension: Annotated[ContextExtension | None, msgspec.Meta(
        description="a longer context the model card states with rope scaling turned on "
                    "(Qwen3: 131,072 tokens with YaRN over the config's 40,960): sized, "
                    "with the setting it needs said; null where none is stated")] = None
    """A longer context the model card states with rope scaling turned on (Qwen3: 131,072
    with YaRN over the config's 40,960): sized, with the setting it needs said."""
    image_tokens: Annotated[ImageTokens | None, msgspec.Meta(
        description="vision-language models whose image tokens go into the context (Qwen2-VL, "
                    "Gemma 3): how many tokens one image makes; null where the catalog does "
                    "not record it, and for every other model")] = None
    """Vision-language models whose image tokens go into the context: how many tokens one
    image makes (/v1/ask counts the images per request stated into each request's context)."""

    def __post_init__(self) -> None:
        if self.kind == "llm" and self.architecture is None:
            raise ValueError(f"{self.id}: an llm entry needs [architecture]")
        if self.kind != "llm" and not self.components:
            raise ValueError(f"{self.id}: a {self.kind} entry needs [[components]]")
        ck, a = self.fp8_checkpoint, self.architecture
        if ck is not None:
            if a is None or a.is_moe or a.is_encoder_decoder:
                raise ValueError(f"{self.id}: [fp8_checkpoint] is modelled for dense "
                                 "decoder-only LLMs (the MLPs of its layers)")
            if ck.mlp_16bit_first_layers + ck.mlp_16bit_last_layers > a.num_layers:
                raise ValueError(f"{self.id}: [fp8_checkpoint] keeps more 16-bit MLP layers "
                                 f"than the model has ({a.num_layers})")

        ext = self.context_extension
        if ext is not None and (a is None or not a.max_context
                                or ext.max_context <= a.max_context):
            raise ValueError(f"{self.id}: [context_extension] max_context must be over the "
                             "architecture's max_context")

    @property
    def active(self) -> int:
        return self.active_params or self.total_params

    @property
    def context_limit(self) -> int | None:
        """The longest context an engine takes for the model: the card's extended context
        where it states one (with rope scaling turned on), else the config's
        ``max_context``; None where neither is known."""
        if self.context_extension is not None:
            return self.context_extension.max_context
        return self.architecture.max_context if self.architecture is not None else None


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
    encoder: int = 0
    """Linear weights of an encoder-decoder's encoder stack (its norms and position bias are
    in ``norms``). Kept apart from the decoder's classes because a generated token never
    reads them: the encoder runs once over the input (and the decoder's cross-attention K/V
    with it), so decode speed counts ``linear`` alone while memory counts both."""

    @property
    def total(self) -> int:
        return (self.embedding + self.lm_head + self.attn_qko + self.attn_v + self.ffn
                + self.ffn_down + self.experts + self.experts_down + self.router + self.norms
                + self.encoder)

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
        if a.attention_output_gate:
            attn_qko_l += h * a.q_width
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
    attn_qko = layers * attn_qko_l
    attn_v = layers * attn_v_l
    if a.linear_attention_layers:
        n_lin = a.linear_attention_layers
        lin_qko, lin_v, lin_small = linear_attention_params(a)
        attn_qko += n_lin * (lin_qko - attn_qko_l)
        attn_v += n_lin * (lin_v - attn_v_l)
        norms += n_lin * lin_small
    encoder = 0
    if a.is_encoder_decoder:
        # each decoder layer: self-attention, cross-attention of the same shape (K/V project
        # the encoder output), the MLP; three norms. The encoder: self-attention and MLP,
        # two norms per layer, a final norm. T5's position bias: buckets x heads per stack.
        enc = a.encoder_layers or 0
        attn_qko_l *= 2
        attn_v_l *= 2
        norms = layers * 3 * h + h + enc * 2 * h + h
        norms += 2 * a.relative_attention_buckets * a.num_attention_heads
        enc_attn = h * a.q_width * 2 + h * a.kv_width * 2
        if a.attention_bias:
            enc_attn += a.q_width + 2 * a.kv_width
        encoder = enc * (enc_attn + mats * h * a.intermediate_size)
        attn_qko = layers * attn_qko_l
        attn_v = layers * attn_v_l
    return ParamBreakdown(
        embedding=embedding, lm_head=lm_head, attn_qko=attn_qko,
        attn_v=attn_v, ffn=ffn_in, ffn_down=ffn_down, experts=experts,
        experts_down=experts_down, router=router, norms=norms, encoder=encoder,
    )


def counted_params(m: ModelEntry) -> int:
    """Parameters an LLM entry's architecture accounts for (0 without one): the
    :func:`param_breakdown` total, the vision tower (``vision_params``) and, for an encoder
    embedding model (``task = "embed"`` with a plain MLP: BERT, XLM-RoBERTa), its learned
    absolute position table of ``max_context`` x ``hidden_size``, which the breakdown (made
    for RoPE decoders) leaves out. The catalog check holds ``total_params`` to this within
    1%: bge-m3's 8,192 positions x 1,024 are 8.4 M of its 567.8 M (1.5 %)."""
    a = m.architecture
    if a is None:
        return 0
    positions = (a.max_context * a.hidden_size
                 if m.task == "embed" and a.mlp_type == "plain" and a.max_context else 0)
    return param_breakdown(a).total + a.vision_params + positions


def linear_attention_params(a: Architecture) -> tuple[int, int, int]:
    """Parameters of one linear-attention layer's token mixer: (q/k, gate and output
    projections; the value projection; small tensors kept in 16 bits).

    Gated DeltaNet (Qwen3-Next / Qwen3.5 ``linear_attn``): in_proj_qkv h -> 2 keys + values,
    in_proj_z (output gate) h -> values, in_proj_b and in_proj_a h -> value heads each,
    out_proj values -> h; conv1d (2 keys + values) x kernel, dt_bias and A_log per value head,
    a gated RMSNorm of one value head. Lightning attention (MiniMax-01 / M1): qkv_proj
    h -> 2 keys + values, output_gate h -> values, out_proj values -> h, an RMSNorm over the
    values."""
    h = a.hidden_size
    keys, values = a.linear_key_width, a.linear_value_width
    qko = h * 2 * keys + h * values + values * h
    v = h * values
    if a.linear_attention == "gated_deltanet":
        qko += h * 2 * a.linear_value_heads
        small = ((2 * keys + values) * a.linear_conv_kernel_dim + 2 * a.linear_value_heads
                 + a.linear_value_head_width)
    else:
        small = values
    return qko, v, small


def linear_state_elements(a: Architecture, tp: int = 1) -> float:
    """Recurrent-state elements one sequence keeps in one linear-attention layer, on one GPU
    of a TP group: value heads x key dim x value dim (the delta-rule / lightning state),
    plus Gated DeltaNet's last kernel - 1 convolution inputs. It does not grow with the
    context."""
    if not a.linear_attention_layers:
        return 0.0
    heads = max(1.0, a.linear_value_heads / tp)
    dk = a.linear_key_head_dim or a.dim_head
    state = heads * dk * a.linear_value_head_width
    conv = (2 * a.linear_key_width + a.linear_value_width) / tp * max(
        0, a.linear_conv_kernel_dim - 1)
    return state + conv


def linear_state_bytes(a: Architecture, bytes_per_element: float, tp: int = 1) -> float:
    """Bytes of one sequence's recurrent state over all linear-attention layers on one GPU
    (constant in the context length; not part of :func:`kv_bytes`)."""
    return a.linear_attention_layers * linear_state_elements(a, tp) * bytes_per_element


def active_params(a: Architecture) -> int:
    """Parameters touched per generated token: all but the experts not routed to, and for an
    encoder-decoder all but the encoder (it runs once over the input, not per output token)."""
    b = param_breakdown(a)
    if a.is_encoder_decoder:
        return b.total - b.encoder
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
    growing at the window.

    For an encoder-decoder, ``tokens`` is input + output: each decoder layer caches K/V of
    its self-attention per generated token and of its cross-attention per input token (the
    encoder output projected once), both of the same width, so the sum is the decoder's
    layers x (input + output) tokens (split in ``sizing.memory.encoder_decoder_kv_bytes``);
    the encoder caches nothing."""
    per = kv_elements_per_token_layer(a, tp) * bytes_per_element
    n_slide = a.n_sliding
    full = a.kv_layers - n_slide
    window_tokens = min(tokens, a.sliding_window) if a.sliding_window else tokens
    return per * (full * tokens + n_slide * window_tokens)


def cross_attention_kv_bytes(a: Architecture, bytes_per_element: float, tp: int = 1) -> float:
    """Bytes of one request's cross-attention KV cache on one GPU: each cross-attention layer
    caches K and V of the encoder's ``cross_attention_tokens`` once (Llama 3.2 Vision: one
    image, 4 tiles x 1601 vision tokens; vLLM sizes an image's cache slots so,
    ``get_max_mllama_image_tokens`` in vllm/model_executor/models/mllama.py), whatever the
    text's length. Same width per token and layer as the self-attention KV (GQA heads split
    over TP)."""
    return (a.cross_attention_layers * a.cross_attention_tokens
            * kv_elements_per_token_layer(a, tp) * bytes_per_element)


def fixed_seq_bytes(a: Architecture, bytes_per_element: float, tp: int = 1) -> float:
    """What one running sequence keeps on one GPU that does not grow with its tokens: a
    hybrid model's linear-attention state (:func:`linear_state_bytes`) and the
    cross-attention KV of its image (:func:`cross_attention_kv_bytes`). Read whole at every
    decode step, like the KV cache."""
    return (linear_state_bytes(a, bytes_per_element, tp)
            + cross_attention_kv_bytes(a, bytes_per_element, tp))


def seq_cache_bytes(a: Architecture, tokens: int, bytes_per_element: float,
                    tp: int = 1) -> float:
    """What one running sequence keeps on one GPU besides the weights: its KV cache at
    ``tokens`` (:func:`kv_bytes`) plus its fixed part (:func:`fixed_seq_bytes`: a hybrid
    model's recurrent state, a vision model's cross-attention KV, at the cache's element
    size)."""
    kv = kv_bytes(a, tokens, bytes_per_element, tp)
    if not a.linear_attention_layers and not a.cross_attention_layers:
        # no fixed part: fixed_seq_bytes is 0.0 (0 layers x ...), and kv + 0.0 is kv, bit for
        # bit (kv is never -0.0); sizing asks this a score of times a request
        return kv
    return kv + fixed_seq_bytes(a, bytes_per_element, tp)


def kv_bytes_per_token(a: Architecture, bytes_per_element: float) -> float:
    """Bytes per token summed over every layer that caches K/V of the text (a short sequence,
    inside any window; linear-attention layers keep a fixed state and cross-attention layers
    the encoder's tokens instead: :func:`fixed_seq_bytes`)."""
    return kv_elements_per_token_layer(a) * bytes_per_element * a.kv_layers


def check_architecture_for_tp(a: Architecture, tp: int) -> None:
    if a.num_attention_heads % tp and tp > 1:
        raise InvalidInput(
            f"tensor parallel over {tp} GPUs needs the {a.num_attention_heads} attention heads "
            f"to divide evenly", "$.gpu_count")
