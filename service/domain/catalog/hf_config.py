"""Turn a pasted Hugging Face ``config.json`` into an :class:`Architecture`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from service.domain.catalog.models import Architecture
from service.domain.errors import InvalidInput, MissingFields

SUPPORTED = ("llama", "mistral", "mixtral", "qwen2", "qwen3", "qwen3_moe", "gemma2", "gemma3",
             "gemma3_text", "phi3", "deepseek_v3", "gpt_oss", "qwen3_next", "qwen3_5_text",
             "qwen3_5_moe_text", "t5", "mt5", "bart", "mllama")

# Qwen3-Next / Qwen3.5: Gated DeltaNet linear attention in 3 of every 4 layers.
_HYBRID_QWEN = ("qwen3_next", "qwen3_5_text", "qwen3_5_moe_text")
_MOE_QWEN = ("qwen3_moe", "qwen3_next", "qwen3_5_moe_text")

# Encoder-decoder configs name their sizes differently: T5 (and mT5) and BART keys, in the
# order d_model, encoder layers, decoder layers, heads, FFN width.
_T5_REQUIRED = ("d_model", "num_layers", "num_heads", "d_ff", "vocab_size")
_BART_REQUIRED = ("d_model", "encoder_layers", "decoder_layers", "decoder_attention_heads",
                  "decoder_ffn_dim", "vocab_size")

_REQUIRED = ("num_hidden_layers", "hidden_size", "num_attention_heads", "intermediate_size",
             "vocab_size")


def _count(cfg: dict[str, Any], key: str, at: str = "$.hf_config") -> int:
    """A whole number from the config: an int, or a float with no fraction (some exporters
    write ``32.0``). Anything else (text, lists, booleans, NaN, huge values) is the client's
    mistake, reported at its path (``at``: the object holding ``key``), never a crash."""
    value = cfg[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(f"{key} must be a whole number, not {type(value).__name__}",
                           f"{at}.{key}")
    if isinstance(value, float) and not (value.is_integer() and abs(value) < 2**53):
        raise InvalidInput(f"{key} must be a whole number, got {value!r}", f"{at}.{key}")
    return int(value)


def _counts(cfg: dict[str, Any], at: str = "$.hf_config") -> dict[str, Any]:
    """The config with every integer-valued setting checked (see ``_count``); other keys as
    they are. Range checks happen when the architecture is validated."""
    out = dict(cfg)
    for key, value in cfg.items():
        if key in _INTEGER_KEYS and value is not None:
            out[key] = _count(cfg, key, at)
    return out


_INTEGER_KEYS = frozenset({
    "num_hidden_layers", "hidden_size", "num_attention_heads", "num_key_value_heads",
    "head_dim", "intermediate_size", "vocab_size", "max_position_embeddings", "sliding_window",
    "max_window_layers", "sliding_window_pattern", "num_local_experts", "num_experts",
    "num_experts_per_tok", "moe_intermediate_size", "n_routed_experts", "n_shared_experts",
    "first_k_dense_replace", "q_lora_rank", "kv_lora_rank", "qk_rope_head_dim",
    "qk_nope_head_dim", "v_head_dim", "d_model", "d_kv", "d_ff", "num_layers",
    "num_decoder_layers", "num_heads", "relative_attention_num_buckets", "encoder_layers",
    "decoder_layers", "encoder_attention_heads", "decoder_attention_heads", "encoder_ffn_dim",
    "decoder_ffn_dim", "linear_num_key_heads", "linear_key_head_dim", "linear_num_value_heads",
    "linear_value_head_dim", "linear_conv_kernel_dim", "full_attention_interval",
    "shared_expert_intermediate_size"})


def _encoder_decoder_from_hf(cfg: dict[str, Any], model_type: str) -> Architecture:
    """T5 / mT5 (``feed_forward_proj`` relu: plain MLP; gated-gelu: gated) and BART (biases,
    plain GELU MLP, learned positions) as an encoder-decoder architecture."""
    required = _BART_REQUIRED if model_type == "bart" else _T5_REQUIRED
    missing = [f"hf_config.{k}" for k in required if cfg.get(k) is None]
    if missing:
        raise MissingFields(missing, "hf_config")
    cfg = _counts(cfg)
    fields: dict[str, Any]
    if model_type == "bart":
        fields = {
            "num_layers": cfg["decoder_layers"], "encoder_layers": cfg["encoder_layers"],
            "hidden_size": cfg["d_model"], "num_attention_heads": cfg["decoder_attention_heads"],
            "intermediate_size": cfg["decoder_ffn_dim"], "vocab_size": cfg["vocab_size"],
            "tie_word_embeddings": bool(cfg.get("tie_word_embeddings", True)),
            "max_context": cfg.get("max_position_embeddings"), "attention_bias": True,
            "mlp_type": "plain"}
    else:
        proj = str(cfg.get("feed_forward_proj", "relu"))
        fields = {
            "num_layers": cfg.get("num_decoder_layers") or cfg["num_layers"],
            "encoder_layers": cfg["num_layers"], "hidden_size": cfg["d_model"],
            "num_attention_heads": cfg["num_heads"], "head_dim": cfg.get("d_kv"),
            "intermediate_size": cfg["d_ff"], "vocab_size": cfg["vocab_size"],
            "tie_word_embeddings": bool(cfg.get("tie_word_embeddings", True)),
            "mlp_type": "gated" if proj.startswith("gated") else "plain",
            "relative_attention_buckets": cfg.get("relative_attention_num_buckets", 32)}
    clean = {k: v for k, v in fields.items() if v is not None}
    keys = dict(_BART_KEYS if model_type == "bart" else _T5_KEYS)
    if model_type != "bart" and cfg.get("num_decoder_layers"):
        keys["num_layers"] = "num_decoder_layers"
    try:
        return msgspec.convert(clean, Architecture)
    except msgspec.ValidationError as exc:
        raise _config_error(exc, keys) from exc


@dataclass(frozen=True)
class ConfigWeights:
    """What a pasted config.json's ``quantization_config`` says of the weights: the precision
    id they are stored in (None: a method or setting the service does not size, kept at
    bf16) and the words that say so."""

    precision: str | None
    reason: str


def _quant_method_weights(q: dict[str, Any], method: str) -> str | None:
    """The precision id of a ``quantization_config`` as transformers writes it, or None."""
    if method in ("fp8", "fbgemm_fp8"):
        # DeepSeek-V3 and Qwen3 FP8: e4m3 in 128x128 blocks; Meta's Llama 3.1 FP8
        # (fbgemm_fp8): row-wise scales. Both one byte a weight plus negligible scales
        return "fp8"
    if method == "mxfp4":
        return "mxfp4"  # gpt-oss: the MoE experts in MXFP4, attention in bf16
    if method in ("awq", "gptq"):
        bits = q.get("bits", q.get("w_bit"))
        return f"{method}-int4" if bits == 4 and not isinstance(bits, bool) else None
    if method == "bitsandbytes":
        if q.get("load_in_8bit") is True:
            return "bnb-int8"
        if q.get("load_in_4bit") is True and q.get("bnb_4bit_quant_type") == "nf4":
            # transformers' BitsAndBytesConfig: double quantization off unless asked
            return "nf4" if q.get("bnb_4bit_use_double_quant") is True else "nf4-no-dq"
        return None
    if method == "compressed-tensors":
        # llm-compressor's schemes: the weights' bits and type in every config group
        groups = q.get("config_groups")
        if not isinstance(groups, dict) or not groups:
            return None
        found = set()
        for g in groups.values():
            w = g.get("weights") if isinstance(g, dict) else None
            a = g.get("input_activations") if isinstance(g, dict) else None
            if not isinstance(w, dict):
                return None
            bits, kind = w.get("num_bits"), w.get("type")
            acts = (a.get("num_bits"), a.get("type")) if isinstance(a, dict) else None
            if (bits, kind) == (8, "float"):
                found.add("fp8")  # FP8 W8A8 / FP8-dynamic
            elif (bits, kind) == (4, "int") and acts is None:
                found.add("int4")  # W4A16, group-wise int4 weight-only
            elif (bits, kind) == (8, "int") and acts == (8, "int"):
                found.add("int8")  # W8A8 int8
            elif (bits, kind) == (4, "float") and w.get("group_size") == 16:
                found.add("nvfp4")  # NVFP4: 16-value blocks
            else:
                return None
        return found.pop() if len(found) == 1 else None
    return None


def weights_from_hf(cfg: dict[str, Any]) -> ConfigWeights | None:
    """The precision a pasted config.json's weights are stored in, read from its
    ``quantization_config`` (transformers writes it into config.json of every checkpoint
    saved quantized: DeepSeek-V3's FP8 blocks, AWQ, GPTQ, bitsandbytes, llm-compressor);
    None without one (16-bit weights). A method or setting not sized here gives
    ``precision`` None and a reason naming it, never an error: the sizes still size."""
    q = cfg.get("quantization_config")
    inner = cfg.get("text_config")
    if q is None and isinstance(inner, dict):
        q = inner.get("quantization_config")
    if q is None:
        return None
    if not isinstance(q, dict):
        return ConfigWeights(None, "quantization_config is not an object: ignored, the "
                                   "weights are sized at bf16")
    method = q.get("quant_method")
    if not isinstance(method, str) or not method:
        return ConfigWeights(None, "quantization_config names no quant_method: the weights "
                                   "are sized at bf16")
    method = method.strip().lower()[:40]
    pid = _quant_method_weights(q, method)
    if pid is None:
        return ConfigWeights(None, f"quantization_config quant_method {method!r} (with these "
                                   "settings) is not one the service sizes: the weights are "
                                   "sized at bf16, more than such a checkpoint holds; give "
                                   "weights to size it in its format")
    return ConfigWeights(pid, f"config.json's quantization_config, quant_method {method!r}, "
                              f"stores the weights as {pid}")


def architecture_from_hf(cfg: dict[str, Any]) -> tuple[Architecture, str]:
    """Return the architecture and the family (``model_type``). A config without
    ``model_type`` or the sizes sizing needs raises MissingFields (422); a wrong value raises
    InvalidInput (400) with its path."""
    model_type = cfg.get("model_type")
    vision: dict[str, Any] | None = None
    at = "$.hf_config"  # the object the sizes are read from, for an error's path
    if model_type == "mllama":
        # Llama 3.2 Vision: the decoder is text_config (its own model_type is
        # mllama_text_model), the image encoder vision_config (:func:`_mllama_vision`)
        inner_cfg, vision_cfg = cfg.get("text_config"), cfg.get("vision_config")
        if not isinstance(inner_cfg, dict) or not isinstance(vision_cfg, dict):
            raise MissingFields([f"hf_config.{k}" for k in ("text_config", "vision_config")
                                 if not isinstance(cfg.get(k), dict)], "hf_config")
        cfg, vision = dict(inner_cfg), vision_cfg
        at = "$.hf_config.text_config"
    elif isinstance(cfg.get("text_config"), dict):
        inner = dict(cfg["text_config"])
        inner.setdefault("model_type", model_type)
        cfg = inner
        model_type = cfg.get("model_type", model_type)
        at = "$.hf_config.text_config"
    if model_type is None:
        raise MissingFields(["hf_config.model_type", *(f"hf_config.{k}" for k in _REQUIRED
                                                        if cfg.get(k) is None)], "hf_config")
    if not isinstance(model_type, str) or model_type not in SUPPORTED:
        raise InvalidInput(
            f"model_type {str(model_type)[:60]!r} is not supported; supported: "
            f"{', '.join(SUPPORTED)}",
            "$.hf_config.model_type")
    if model_type in ("t5", "mt5", "bart"):
        return _encoder_decoder_from_hf(cfg, model_type), model_type
    if (model_type in _HYBRID_QWEN and cfg.get("intermediate_size") is None
            and cfg.get("moe_intermediate_size") is not None):
        # every layer is MoE (mlp_only_layers empty): no dense MLP width is given or needed
        cfg = {**cfg, "intermediate_size": cfg["moe_intermediate_size"]}
    missing = [f"hf_config.{k}" for k in _REQUIRED if cfg.get(k) is None]
    if model_type in ("mixtral", "qwen3_moe", "gpt_oss", "deepseek_v3", "qwen3_next",
                      "qwen3_5_moe_text"):
        experts_key = "n_routed_experts" if model_type == "deepseek_v3" else (
            "num_local_experts" if model_type in ("mixtral", "gpt_oss") else "num_experts")
        for k in (experts_key, "num_experts_per_tok"):
            if cfg.get(k) is None:
                missing.append(f"hf_config.{k}")
    if model_type == "deepseek_v3":
        for k in ("kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim",
                  "moe_intermediate_size"):
            if cfg.get(k) is None:
                missing.append(f"hf_config.{k}")
    if missing:
        raise MissingFields(missing, "hf_config")
    cfg = _counts(cfg, at)
    _check_kv_heads(cfg, at)
    cross: dict[str, int] = {}
    if vision is not None:
        cross = _mllama_vision(cfg, vision)

    layers = int(cfg["num_hidden_layers"])
    fields: dict[str, Any] = {
        "num_layers": layers,
        "hidden_size": cfg["hidden_size"],
        "num_attention_heads": cfg["num_attention_heads"],
        # absent (or null): multi-head attention, as transformers' LlamaConfig reads it; a
        # 0 is refused by _check_kv_heads, never read as absent (it sized 4x the GQA cache)
        "num_kv_heads": (cfg["num_attention_heads"] if cfg.get("num_key_value_heads") is None
                         else cfg["num_key_value_heads"]),
        "head_dim": cfg.get("head_dim"),
        "intermediate_size": cfg["intermediate_size"],
        "vocab_size": cfg["vocab_size"],
        "tie_word_embeddings": bool(cfg.get("tie_word_embeddings", False)),
        "max_context": cfg.get("max_position_embeddings"),
        "attention_bias": bool(cfg.get("attention_bias", model_type == "qwen2")),
    }
    window = cfg.get("sliding_window")
    types = cfg.get("layer_types")
    if not isinstance(types, list):
        types = None
    if model_type == "mixtral":
        fields |= {"num_experts": cfg["num_local_experts"],
                   "num_experts_per_token": cfg["num_experts_per_tok"]}
    elif model_type in _MOE_QWEN:
        fields |= {"num_experts": cfg["num_experts"],
                   "num_experts_per_token": cfg["num_experts_per_tok"],
                   "moe_intermediate_size": cfg.get("moe_intermediate_size")}
        if cfg.get("shared_expert_intermediate_size"):
            # one shared expert, sized like a routed one (Qwen3-Next and Qwen3.5 ship them
            # equal; the schema has one expert width)
            fields["num_shared_experts"] = 1
    elif model_type == "gpt_oss":
        fields |= {"num_experts": cfg["num_local_experts"],
                   "num_experts_per_token": cfg["num_experts_per_tok"],
                   "expert_bias": True, "attention_bias": True}
        if window:
            fields["sliding_window"] = window
            fields["sliding_window_layers"] = (
                sum(1 for t in types if t == "sliding_attention") if types is not None
                else layers // 2)
            window = None
    elif model_type == "deepseek_v3":
        fields |= {"num_experts": cfg["n_routed_experts"],
                   "num_experts_per_token": cfg["num_experts_per_tok"],
                   "num_shared_experts": cfg.get("n_shared_experts") or 0,
                   "moe_intermediate_size": cfg["moe_intermediate_size"],
                   "first_dense_layers": cfg.get("first_k_dense_replace") or 0,
                   "q_lora_rank": cfg.get("q_lora_rank"),
                   "kv_lora_rank": cfg["kv_lora_rank"],
                   "qk_rope_head_dim": cfg["qk_rope_head_dim"],
                   "qk_nope_head_dim": cfg["qk_nope_head_dim"],
                   "v_head_dim": cfg["v_head_dim"]}
    if model_type in _HYBRID_QWEN:
        interval = cfg.get("full_attention_interval") or 4
        n_linear = (sum(1 for t in types if t == "linear_attention") if types is not None
                    else layers - layers // int(interval))
        fields |= {"attention_output_gate": bool(cfg.get("attn_output_gate", True)),
                   "linear_attention": "gated_deltanet" if n_linear else None,
                   "linear_attention_layers": n_linear,
                   "linear_num_key_heads": cfg.get("linear_num_key_heads"),
                   "linear_key_head_dim": cfg.get("linear_key_head_dim"),
                   "linear_num_value_heads": cfg.get("linear_num_value_heads"),
                   "linear_value_head_dim": cfg.get("linear_value_head_dim"),
                   "linear_conv_kernel_dim": cfg.get("linear_conv_kernel_dim") or 0}
    if model_type in ("gemma2", "gemma3", "gemma3_text"):
        fields["tie_word_embeddings"] = bool(cfg.get("tie_word_embeddings", True))
        if window:
            pattern = cfg.get("sliding_window_pattern")
            if types is not None:
                n_slide = sum(1 for t in types if t == "sliding_attention")
            elif isinstance(pattern, int) and pattern > 0:
                n_slide = layers - layers // pattern
            else:
                n_slide = layers // 2
            fields["sliding_window"] = window
            fields["sliding_window_layers"] = n_slide
    elif model_type in ("mistral", "qwen2", "qwen3", "phi3") and window and (
        cfg.get("use_sliding_window", model_type in ("mistral", "phi3"))
    ) and not (isinstance(fields["max_context"], int) and window >= fields["max_context"]):
        # a window no shorter than the context limit never drops a token: full attention
        # (Phi-3-mini-128k-instruct's config: sliding_window 262144 over 131072 positions;
        # Phi-3-medium-128k: 131072 over 131072)
        fields["sliding_window"] = window
        max_window = cfg.get("max_window_layers")
        fields["sliding_window_layers"] = (
            layers - max_window if model_type.startswith("qwen") and max_window else layers)
    fields |= cross
    clean = {k: v for k, v in fields.items() if v is not None}
    try:
        return msgspec.convert(clean, Architecture), str(model_type)
    except msgspec.ValidationError as exc:
        raise _config_error(exc, _CONFIG_KEYS, at) from exc


_MLLAMA_VISION_KEYS = ("hidden_size", "intermediate_size", "num_hidden_layers",
                       "num_global_layers", "num_channels", "patch_size", "image_size",
                       "max_num_tiles", "vision_output_dim")


def _mllama_vision(text: dict[str, Any], vision: dict[str, Any]) -> dict[str, int]:
    """A Llama 3.2 Vision (``mllama``) config's cross-attention layers and vision tower, as
    the catalog's llama-3.2-11b-vision entry counts them: ``text_config.cross_attention_layers``
    lists the decoder layers (counted in ``num_hidden_layers``) that attend to the image; each
    caches K/V of ``max_num_tiles x ((image_size / patch_size)^2 + 1)`` image tokens (vLLM's
    ``get_max_mllama_image_tokens``, vllm/model_executor/models/mllama.py: 6,404 for 4 tiles
    of 560 px in 14 px patches). ``vision_params``: the vision encoder and the projector of
    transformers' ``MllamaVisionModel`` / ``multi_modal_projector``
    (transformers/models/mllama/modeling_mllama.py): a bias-free patch conv, the class
    embedding, gated position embeddings (one row per patch plus a tile table of
    ``max_aspect_ratio_id + 1`` rows, ``max_aspect_ratio_id = len(supported_aspect_ratios)``
    in configuration_mllama.py), two gated aspect-ratio embeddings, pre and post layer norms,
    ``num_hidden_layers`` encoder layers and ``num_global_layers`` gated ones (q/k/v/o without
    bias, a biased GELU MLP, two layer norms; the gated ones add two scalar gates), and the
    biased ``vision_output_dim`` -> text hidden projection: 863,567,379 + 31,461,376 for the
    11B, its checkpoint's count (catalog/models/llama-3.2-11b-vision.toml)."""
    layers = text.get("cross_attention_layers")
    if not isinstance(layers, list) or not layers or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in layers):
        raise InvalidInput("text_config.cross_attention_layers must list the decoder layers "
                           "that attend to the image", "$.hf_config.text_config."
                           "cross_attention_layers")
    missing = [f"hf_config.vision_config.{k}" for k in _MLLAMA_VISION_KEYS
               if vision.get(k) is None]
    ratios = vision.get("supported_aspect_ratios")
    if not isinstance(ratios, list) or not ratios:
        missing.append("hf_config.vision_config.supported_aspect_ratios")
    if missing:
        raise MissingFields(missing, "hf_config")
    v = {k: _count(vision, k, "$.hf_config.vision_config") for k in _MLLAMA_VISION_KEYS}
    assert isinstance(ratios, list)
    if min(v.values()) < 1 or v["image_size"] % v["patch_size"]:
        raise InvalidInput("vision_config sizes must be positive, image_size a multiple of "
                           "patch_size", "$.hf_config.vision_config")
    h, ffn, tiles = v["hidden_size"], v["intermediate_size"], v["max_num_tiles"]
    patches = (v["image_size"] // v["patch_size"]) ** 2 + 1  # plus the class token
    ratio_rows = len(ratios) + 1
    layer = 4 * h * h + (2 * h * ffn + ffn + h) + 2 * 2 * h
    encoder = (v["num_channels"] * v["patch_size"] ** 2 * h  # patch conv, no bias
               + h  # class embedding
               + patches * h + 1 + ratio_rows * tiles * patches * h  # gated positions, tiles
               + 2 * (ratio_rows * tiles * h + 1)  # pre / post tile embeddings, gated
               + 2 * 2 * h  # pre and post layer norms
               + v["num_hidden_layers"] * layer + v["num_global_layers"] * (layer + 2))
    projector = v["vision_output_dim"] * int(text["hidden_size"]) + int(text["hidden_size"])
    return {"cross_attention_layers": len(layers), "cross_attention_tokens": tiles * patches,
            "vision_params": encoder + projector}


_CONFIG_KEYS = {"num_layers": "num_hidden_layers", "hidden_size": "hidden_size",
                "num_attention_heads": "num_attention_heads",
                "num_kv_heads": "num_key_value_heads", "head_dim": "head_dim",
                "intermediate_size": "intermediate_size", "vocab_size": "vocab_size",
                "max_context": "max_position_embeddings"}
"""The decoder architecture's fields read from one config.json key each, by that key: a
size out of range is reported where the client wrote it (``$.hf_config.num_hidden_layers``),
not at the architecture's own name for it."""

_T5_KEYS = {"num_layers": "num_layers", "encoder_layers": "num_layers",
            "hidden_size": "d_model", "num_attention_heads": "num_heads", "head_dim": "d_kv",
            "intermediate_size": "d_ff", "vocab_size": "vocab_size",
            "relative_attention_buckets": "relative_attention_num_buckets"}
"""As :data:`_CONFIG_KEYS`, for a T5 / mT5 config (``num_layers`` is the decoder's too
unless ``num_decoder_layers`` is given)."""

_BART_KEYS = {"num_layers": "decoder_layers", "encoder_layers": "encoder_layers",
              "hidden_size": "d_model", "num_attention_heads": "decoder_attention_heads",
              "intermediate_size": "decoder_ffn_dim", "vocab_size": "vocab_size",
              "max_context": "max_position_embeddings"}
"""As :data:`_CONFIG_KEYS`, for a BART config."""


def _config_error(exc: msgspec.ValidationError, keys: dict[str, str],
                  at: str = "$.hf_config") -> InvalidInput:
    """msgspec's error on the architecture built from a config (``Expected `int` <= 1000 -
    at `$.num_layers```) said of the config.json key the client sent, in the path and in the
    words ("num_hidden_layers: Expected `int` <= 1000", at
    ``$.hf_config.num_hidden_layers``): the architecture's own field names are ours, never
    the client's. A field no key maps to (a cross-field check, a count made of several
    keys) is reported at ``at`` with msgspec's words."""
    message = str(exc)
    said, sep, field = message.rpartition(" - at `$.")
    key = keys.get(field.rstrip("`")) if sep else None
    if key is None:
        return InvalidInput(message, at)
    return InvalidInput(f"{key}: {said}", f"{at}.{key}")


def _check_kv_heads(cfg: dict[str, Any], at: str = "$.hf_config") -> None:
    """``num_key_value_heads`` given must be at least 1 and divide ``num_attention_heads``
    (each KV head serves a whole group of query heads: grouped-query attention), as the
    other sizes are checked, at its own path."""
    kv, heads = cfg.get("num_key_value_heads"), cfg["num_attention_heads"]
    if kv is not None and (kv < 1 or heads % kv):
        raise InvalidInput(f"num_key_value_heads must be at least 1 and divide "
                           f"num_attention_heads ({heads}), got {kv}",
                           f"{at}.num_key_value_heads")
