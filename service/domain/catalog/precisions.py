"""Weight precisions, quantization formats and KV-cache types, with their true storage cost.

Bits per weight include the scales and zero points that a format stores beside the weights
(llama.cpp ``GGML_QUANT_SIZES``; QLoRA paper arXiv 2305.14314 for NF4; OCP MX spec for MXFP4).
Which tensors a format leaves at 16 bits matters as much as the nominal bits: quantized
checkpoints keep embeddings, the LM head and norms in 16-bit, and GGUF ``_K_M`` files give some
attention-V and FFN-down tensors more bits. That is modelled per tensor class here.
"""

from __future__ import annotations

import re
from typing import Literal

from service.domain.base import Out

ComputeType = Literal["fp32", "tf32", "bf16", "fp16", "fp8", "int8", "fp4"]
Scope = Literal["all", "linear", "experts"]


class Precision(Out, frozen=True, kw_only=True):
    id: str
    name: str
    bits_linear: float
    """Bits per weight, scales included, of the quantized linear layers."""
    bits_embedding: float
    """Bits per weight of the token embedding."""
    bits_lm_head: float
    """Bits per weight of the output projection (LM head)."""
    bits_more: float | None = None
    """GGUF _K_M / _K_S: bits of the attention-V and FFN-down tensors in the layers given more
    bits (llama.cpp ``use_more_bits``: the first and last eighth and every third layer between,
    about half of them)."""
    more_fraction: float = 0.0
    scope: Scope = "linear"
    """Which weights the format quantizes: every tensor, every linear layer, or only the MoE
    experts (gpt-oss ships MXFP4 experts with bf16 attention)."""
    compute: ComputeType = "bf16"
    """Tensor-core type the matmuls run in: weight-only formats dequantize to 16-bit."""
    native_compute_arch: tuple[str, ...] = ()
    """GPU architectures with native tensor cores for ``compute`` (empty: any)."""
    gguf: bool = False
    quality: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def bytes_per_param_nominal(self) -> float:
        return self.bits_linear / 8


_Q6K = 6.5625
_Q5K = 5.5
_Q4K = 4.5
_Q3K = 3.4375
_Q2K = 2.625
_FP8_ARCH = ("Hopper", "Ada Lovelace", "Blackwell", "CDNA3", "Gaudi")

PRECISIONS: tuple[Precision, ...] = (
    Precision(
        id="fp32", name="FP32", bits_linear=32, bits_embedding=32, bits_lm_head=32, scope="all",
        compute="fp32",
        quality="reference; twice the memory of bf16 for no quality gain at inference",
        aliases=("float32", "f32", "full precision", "32-bit", "32bit"),
    ),
    Precision(
        id="bf16", name="BF16", bits_linear=16, bits_embedding=16, bits_lm_head=16, scope="all",
        compute="bf16", quality="the released weights' own precision for most models: no loss",
        aliases=("bfloat16", "gguf bf16", "16-bit", "16bit", "half"),
    ),
    Precision(
        id="fp16", name="FP16", bits_linear=16, bits_embedding=16, bits_lm_head=16, scope="all",
        compute="fp16", quality="no practical loss versus bf16 for inference",
        aliases=("float16", "f16", "gguf f16", "gguf fp16"),
    ),
    Precision(
        id="fp8", name="FP8 (E4M3, per-channel/block scales)", bits_linear=8.0,
        bits_embedding=16, bits_lm_head=16, compute="fp8", native_compute_arch=_FP8_ARCH,
        quality="near-lossless (typically <1% on benchmarks); native tensor cores from Ada/Hopper",
        aliases=("float8", "e4m3", "fp8 w8a8", "8-bit float", "fp8-dynamic"),
    ),
    Precision(
        id="int8", name="INT8 W8A8 (SmoothQuant-style)", bits_linear=8.0, bits_embedding=16,
        bits_lm_head=16, compute="int8",
        quality="near-lossless with calibrated smoothing; weight and activation int8",
        aliases=("int8 w8a8", "w8a8", "8-bit", "8bit", "int-8", "quantized.w8a8"),
    ),
    Precision(
        id="int4", name="INT4 weight-only (group 128)", bits_linear=4.156, bits_embedding=16,
        bits_lm_head=16, compute="fp16",
        quality="small loss (about 1-3% on benchmarks), larger on small models and long reasoning",
        aliases=("4-bit", "4bit", "int-4", "w4a16", "4 bit", "q4"),
    ),
    Precision(
        id="gptq-int4", name="GPTQ INT4 (group 128)", bits_linear=4.156, bits_embedding=16,
        bits_lm_head=16, compute="fp16", quality="small loss; calibrated on sample data",
        aliases=("gptq", "gptq 4bit", "gptq-4bit", "gptq int4"),
    ),
    Precision(
        id="awq-int4", name="AWQ INT4 (group 128)", bits_linear=4.156, bits_embedding=16,
        bits_lm_head=16, compute="fp16",
        quality="small loss; activation-aware, usually a little better than GPTQ",
        aliases=("awq", "awq 4bit", "awq-4bit", "awq int4"),
    ),
    Precision(
        id="nf4", name="bitsandbytes NF4 with double quantization", bits_linear=4.127,
        bits_embedding=16, bits_lm_head=16, compute="bf16",
        quality="small loss; the QLoRA base format; slower kernels than GPTQ/AWQ for serving",
        aliases=("bnb-nf4", "bnb nf4", "bitsandbytes nf4", "bitsandbytes 4-bit", "bnb-4bit",
                 "bnb 4bit", "nf4-dq", "qlora"),
    ),
    Precision(
        id="nf4-no-dq", name="bitsandbytes NF4 without double quantization", bits_linear=4.5,
        bits_embedding=16, bits_lm_head=16, compute="bf16",
        quality="as NF4; the absmax scales stay fp32 (0.37 more bits per weight)",
        aliases=("nf4 no double quant", "nf4-nodq"),
    ),
    Precision(
        id="bnb-int8", name="bitsandbytes LLM.int8()", bits_linear=8.0625, bits_embedding=16,
        bits_lm_head=16, compute="fp16",
        quality="near-lossless; slow outlier decomposition at inference",
        aliases=("bitsandbytes 8-bit", "llm.int8", "bnb 8bit", "bnb-8bit", "int8 bnb"),
    ),
    # MXFP4 is an FP4 tensor-core type, as NVFP4 is (Blackwell's block-scaled MMA; CDNA4's
    # MX formats, gpus.toml mi355x): a GPU without it runs the weights weight-only. Every
    # engine's rule says what its MoE kernel computes in (catalog/kernels.toml): BF16
    # activations in vLLM, SGLang, transformers and TensorRT-LLM on Hopper (the speed model
    # timed it at bf16 before, and still does), MXFP8 in TensorRT-LLM on Blackwell
    Precision(
        id="mxfp4", name="MXFP4 (OCP microscaling, 32-value blocks)", bits_linear=4.25,
        bits_embedding=16, bits_lm_head=16, scope="experts", compute="fp4",
        native_compute_arch=("Blackwell", "CDNA4"),
        quality="the format gpt-oss is trained and released in (MoE experts only): no loss there",
        aliases=("mx fp4", "mx-fp4"),
    ),
    # Kimi K2 Thinking's release (huggingface.co/moonshotai/Kimi-K2-Thinking, config.json
    # quantization_config): compressed-tensors pack-quantized, INT4 symmetric, group 32, bf16
    # scales, routed experts only (attention, shared expert, dense MLP and LM head ignored):
    # 4 + 16/32 = 4.5 bits. The sizing's experts scope also counts the shared expert at
    # 4.5 bits (Kimi K2: 2.6 B parameters, 3.8 GB, 0.6 % under the checkpoint).
    Precision(
        id="int4-experts", name="INT4 weight-only MoE experts (group 32, compressed-tensors)",
        bits_linear=4.5, bits_embedding=16, bits_lm_head=16, scope="experts", compute="bf16",
        quality="small loss",
        aliases=("int4 experts", "int4-moe", "int4 moe", "w4a16 experts", "int4 qat"),
    ),
    Precision(
        id="nvfp4", name="NVFP4 (16-value blocks, FP8 scales)", bits_linear=4.5,
        bits_embedding=16, bits_lm_head=16, compute="fp4", native_compute_arch=("Blackwell",),
        quality="small loss (about 1-2%); native on Blackwell tensor cores",
        aliases=("fp4", "nv fp4", "nv-fp4"),
    ),
    Precision(
        id="q8_0", name="GGUF Q8_0", bits_linear=8.5, bits_embedding=8.5, bits_lm_head=8.5,
        scope="all", compute="fp16", gguf=True, quality="practically lossless",
        aliases=("gguf q8_0", "q8", "q8-0"),
    ),
    Precision(
        id="q6_k", name="GGUF Q6_K", bits_linear=_Q6K, bits_embedding=_Q6K, bits_lm_head=_Q6K,
        scope="all", compute="fp16", gguf=True, quality="near-lossless",
        aliases=("gguf q6_k", "q6", "q6k"),
    ),
    Precision(
        id="q5_k_m", name="GGUF Q5_K_M", bits_linear=_Q5K, bits_embedding=_Q5K, bits_lm_head=_Q6K,
        bits_more=_Q6K, more_fraction=0.5, scope="all", compute="fp16", gguf=True,
        quality="very small loss", aliases=("gguf q5_k_m", "q5", "q5_k", "q5km"),
    ),
    Precision(
        id="q4_k_m", name="GGUF Q4_K_M", bits_linear=_Q4K, bits_embedding=_Q4K, bits_lm_head=_Q6K,
        bits_more=_Q6K, more_fraction=0.5, scope="all", compute="fp16", gguf=True,
        quality="small loss; the usual llama.cpp default", aliases=("gguf q4_k_m", "q4_k", "q4km"),
    ),
    Precision(
        id="q4_0", name="GGUF Q4_0", bits_linear=_Q4K, bits_embedding=_Q4K, bits_lm_head=_Q6K,
        scope="all", compute="fp16", gguf=True,
        quality="small-to-moderate loss; older format, Q4_K_M is better at the same size",
        aliases=("gguf q4_0", "q4-0"),
    ),
    Precision(
        id="iq4_xs", name="GGUF IQ4_XS", bits_linear=4.25, bits_embedding=4.25, bits_lm_head=_Q6K,
        scope="all", compute="fp16", gguf=True, quality="small loss; needs an importance matrix",
        aliases=("gguf iq4_xs", "iq4"),
    ),
    Precision(
        id="q3_k_m", name="GGUF Q3_K_M", bits_linear=_Q3K, bits_embedding=_Q3K, bits_lm_head=_Q6K,
        bits_more=_Q4K, more_fraction=1.0, scope="all", compute="fp16", gguf=True,
        quality="noticeable loss, more on models under 30B", aliases=("gguf q3_k_m", "q3", "q3km"),
    ),
    Precision(
        id="q2_k", name="GGUF Q2_K", bits_linear=_Q2K, bits_embedding=_Q2K, bits_lm_head=_Q6K,
        bits_more=_Q3K, more_fraction=1.0, scope="all", compute="fp16", gguf=True,
        quality="large loss; only to squeeze a very large model onto small cards",
        aliases=("gguf q2_k", "q2", "2-bit", "2bit"),
    ),
)

_BY_ID = {p.id: p for p in PRECISIONS}



def dense_linear_bits(p: Precision, has_experts: bool) -> float:
    """Bits of the linear weights outside any routed experts: an experts-only format (MXFP4 as
    gpt-oss ships it) leaves them 16-bit in an MoE, and on a dense model quantizes every linear
    layer, as the weights' memory counts them (``sizing.memory.weight_bits``)."""
    return 16.0 if p.scope == "experts" and has_experts else p.bits_linear

def element_bits(p: Precision) -> int:
    """The width of one stored weight value, without the scales a format stores beside it
    (``bits_linear`` rounded down): 4 for AWQ/GPTQ INT4 (4.156), MXFP4 (4.25), INT4 experts
    and NVFP4 (4.5) and GGUF Q4_K_M (4.5); 8 for FP8, INT8 and Q8_0 (8.5); 16 for bf16."""
    return int(p.bits_linear)


def lower_than_own(p: Precision, own: Precision) -> bool:
    """Whether ``p`` is a lower-memory alternative to a model whose own weights are ``own``:
    it stores fewer bits per weight value (:func:`element_bits`). Re-quantising weights already
    at or below ``p``'s width adds error for no memory (gpt-oss ships its MoE weights in MXFP4,
    huggingface.co/openai/gpt-oss-120b: "post-trained with MXFP4 quantization of the MoE
    weights ... All evals were performed with the same MXFP4 quantization"; to AWQ INT4 it is
    4.25 -> 4.156 bits, and DeepSeek-V3's FP8 to INT8 is 8 -> 8), and upcasting them gives
    back no quality they lost."""
    return element_bits(p) < element_bits(own)


def normalize(name: str) -> str:
    """Lower-case, drop punctuation and spaces: 'GGUF Q4_K_M' and 'q4km' meet at one key."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


_INDEX: dict[str, str] = {}
for _p in PRECISIONS:
    for _name in (_p.id, _p.name, *_p.aliases):
        _INDEX.setdefault(normalize(_name), _p.id)


def precision_ids() -> list[str]:
    return [p.id for p in PRECISIONS]


GGUF_AT_BITS: dict[int, str] = {8: "q8_0", 6: "q6_k", 5: "q5_k_m", 4: "q4_k_m", 3: "q3_k_m",
                                 2: "q2_k"}
"""The GGUF type a bit count names when the weights are a GGUF file ("8-bit GGUF", "GGUF at
4 bits", "4-bit on llama.cpp / Ollama"): llama.cpp's one 8-bit and one 6-bit type (Q8_0,
Q6_K) and, at 5, 4 and 3 bits, the K-quant's medium mix, Q4_K_M being the one Ollama takes by
default (llama.cpp's quantize types: https://github.com/ggml-org/llama.cpp/blob/master/tools/
quantize/README.md; "Ollama is an application based on llama.cpp ... By default, the Q4_K_M
quantization scheme is used": https://huggingface.co/docs/hub/ollama). Never int8 or int4:
llama.cpp loads no Hugging Face quantized checkpoint (kernels.toml, llamacpp-gguf-only)."""

GGUF_APP_WEIGHTS: dict[str, str] = {"Ollama": "q4_k_m", "LM Studio": "q4_k_m"}
"""The GGUF type an app built on llama.cpp is sized at where the question states no precision
("llama 3 8b with Ollama"). Ollama: its default, "By default, the Q4_K_M quantization scheme
is used" (https://huggingface.co/docs/hub/ollama). LM Studio, "built on llama.cpp"
(https://huggingface.co/docs/hub/lmstudio), has no one default: it offers a model's GGUF types
and advises "a 4-bit option or higher" (https://lmstudio.ai/docs/app/basics/download-model),
so Ollama's Q4_K_M is taken, and said to be taken."""

_GGUF_BITS_KEY = re.compile(r"gguf(\d)bits?|(\d)bits?gguf")


def find_precision(name: str) -> Precision | None:
    """Resolve a precision as people write it ('GGUF Q4_K_M', '4-bit', 'F16'); a bit count
    with GGUF ('GGUF 8-bit', '8-bit GGUF') is the GGUF type of :data:`GGUF_AT_BITS`; a type
    before the word ('F16 GGUF', 'Q8_0 gguf') the same as after it ('GGUF F16')."""
    key = normalize(name)
    gm = _GGUF_BITS_KEY.fullmatch(key)
    if gm is not None:
        gguf = GGUF_AT_BITS.get(int(gm.group(1) or gm.group(2)))
        return _BY_ID[gguf] if gguf else None
    if key.startswith("gguf") and key not in _INDEX:
        key = key[4:]
    elif key.endswith("gguf") and key not in _INDEX:
        key = key[:-4]  # "f16 gguf" was no precision at all: bf16 on vLLM (audit ollama)
    pid = _INDEX.get(key)
    return _BY_ID[pid] if pid else None


def get_precision(pid: str) -> Precision:
    return _BY_ID[pid]


class KVType(Out, frozen=True, kw_only=True):
    id: str
    bytes_per_element: float
    note: str = ""


KV_TYPES: tuple[KVType, ...] = (
    KVType(id="fp16", bytes_per_element=2.0, note="16-bit KV cache (fp16 or bf16): the default"),
    KVType(id="fp8", bytes_per_element=1.0, note="FP8 KV cache (vLLM/TensorRT-LLM kv_cache_dtype)"),
    KVType(id="q8_0", bytes_per_element=8.5 / 8, note="llama.cpp q8_0 KV cache"),
    KVType(id="q4_0", bytes_per_element=4.5 / 8,
           note="llama.cpp q4_0 KV cache; needs extra dequantization scratch"),
)
_KV_ALIASES = {"bf16": "fp16", "f16": "fp16", "float16": "fp16", "bfloat16": "fp16", "auto": "fp16",
               "fp8e4m3": "fp8", "fp8e5m2": "fp8", "int8": "fp8", "q80": "q8_0", "q40": "q4_0"}
_KV_BY_ID = {k.id: k for k in KV_TYPES}


def find_kv_type(name: str) -> KVType | None:
    key = normalize(name)
    for k in KV_TYPES:
        if normalize(k.id) == key:
            return k
    alias = _KV_ALIASES.get(key)
    return _KV_BY_ID[alias] if alias else None
