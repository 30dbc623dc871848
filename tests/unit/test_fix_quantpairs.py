"""Quantization formats weighed by their own names, and llama.cpp's fp8 (audit quantpairs):

1. "nf4 vs awq for llama 3.1 8b on an RTX 4090" and "q4_k_m vs iq4_xs ..." were no pair
   (``_PRECISION_NAME`` knew neither NF4 nor the IQ types): a fit at bf16. Now both are sized
   and weighed, as "fp8 vs bf16" is. A format the catalog has no precision for ("exl2",
   "q4_k_s") is said to be unknown first; it was answered as the other side alone.
2. "run llama 3.1 8b in fp8 with ollama on an RTX 4090: tokens/s?" said "the GPU has no
   kernel for it" (an RTX 4090 has FP8 tensor cores: llama.cpp's GGUF has no FP8 type) and
   fell back to bf16 at 50.8 tokens/s; now the engine's rule is said and the fallback is Q8_0,
   the 8-bit type llama.cpp runs (about 82 tokens/s), as "8-bit GGUF" is (fix/gguf8)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.catalog.precisions import PRECISIONS, get_precision
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_BY_ID = {p.id: p for p in PRECISIONS}

# -- 1. formats weighed by their own names -------------------------------------------------------


@pytest.mark.parametrize(("text", "pair"), [
    ("nf4 vs awq for llama 3.1 8b on an RTX 4090", ("nf4", "awq-int4")),
    ("q4_k_m vs iq4_xs for llama 3.1 8b on an RTX 4090", ("q4_k_m", "iq4_xs")),
    ("gptq or awq for mistral 7b on an A10G?", ("gptq-int4", "awq-int4")),
    ("nf4 sau awq pentru llama 3.1 8b pe un RTX 4090?", ("nf4", "awq-int4")),
    ("Q4_K_M sau IQ4_XS pentru llama 3.1 8b pe un RTX 4090?", ("q4_k_m", "iq4_xs")),
    ("bnb-nf4 vs gptq for llama 3.1 8b on an RTX 4090", ("nf4", "gptq-int4")),
    ("GGUF IQ4_XS vs AWQ for llama 3.1 8b on an RTX 4090", ("iq4_xs", "awq-int4")),
])
def test_format_pairs_are_read(text: str, pair: tuple[str, str]) -> None:
    st = stated(text, catalog().registry)
    assert st.precisions_weighed == pair  # nf4 and iq4_xs: None (a fit at bf16)
    assert st.precisions_unknown == ()


def test_nf4_vs_awq_weighs_both() -> None:
    r = ask("nf4 vs awq for llama 3.1 8b on an RTX 4090")
    # was "Yes, Meta Llama 3.1 8B at bf16 fits on 1 × NVIDIA GeForce RTX 4090 24GB: ..."
    assert first_sentence(r) == (
        "On 1 × NVIDIA GeForce RTX 4090 24GB, for Meta Llama 3.1 8B: nf4 (about 7.4 GiB per "
        "GPU, room for 29 concurrent requests of 4,096 tokens, about 148 tokens/s); awq-int4 "
        "(about 7.4 GiB per GPU, room for 29 concurrent requests of 4,096 tokens, about 147 "
        "tokens/s).")
    assert "at bf16" not in head(r)
    assert asked(r)[:2] == ("precision_bits", 4)


def test_q4_k_m_vs_iq4_xs_weighs_both() -> None:
    r = ask("q4_k_m vs iq4_xs for llama 3.1 8b on an RTX 4090")
    assert first_sentence(r) == (
        "On 1 × NVIDIA GeForce RTX 4090 24GB, for Meta Llama 3.1 8B: q4_k_m (about 5.6 GiB per "
        "GPU, room for 36 concurrent requests of 4,096 tokens, about 116 tokens/s); iq4_xs "
        "(about 5.2 GiB per GPU, room for 37 concurrent requests of 4,096 tokens, about 123 "
        "tokens/s).")
    assert "Take iq4_xs: both fit" in head(r) and "both are 4-bit, so speed decides" in head(r)


def test_nf4_vs_awq_in_romanian() -> None:
    r = ask("nf4 sau awq pentru llama 3.1 8b pe un RTX 4090?")
    assert first_sentence(r).startswith(
        "Pe 1 × NVIDIA GeForce RTX 4090 24GB, pentru Meta Llama 3.1 8B: nf4 (aproximativ 7,4 "
        "GiB pe GPU"), head(r)
    assert "awq-int4 (aproximativ 7,4 GiB pe GPU" in first_sentence(r)
    assert "la bf16" not in head(r)


def test_q4_k_m_vs_iq4_xs_in_romanian() -> None:
    r = ask("q4_k_m sau iq4_xs pentru llama 3.1 8b pe un RTX 4090?")
    assert first_sentence(r).startswith(
        "Pe 1 × NVIDIA GeForce RTX 4090 24GB, pentru Meta Llama 3.1 8B: q4_k_m (aproximativ "
        "5,6 GiB pe GPU"), head(r)
    assert "iq4_xs (aproximativ 5,2 GiB pe GPU" in first_sentence(r)
    assert "Alegeți iq4_xs" in head(r)


@pytest.mark.parametrize(("text", "unknown"), [
    ("exl2 vs awq for llama 3.1 8b on an RTX 4090", ("exl2",)),
    ("q4_k_s vs q4_k_m for llama 3.1 8b on an RTX 4090", ("q4_k_s",)),
    ("exl2 sau hqq pentru llama 3.1 8b pe un RTX 4090?", ("exl2", "hqq")),
])
def test_unknown_formats_are_read(text: str, unknown: tuple[str, ...]) -> None:
    st = stated(text, catalog().registry)
    assert st.precisions_unknown == unknown and st.precisions_weighed is None


def test_unknown_format_is_said_not_answered_as_the_other() -> None:
    r = ask("exl2 vs awq for llama 3.1 8b on an RTX 4090")
    # was "Meta Llama 3.1 8B at awq-int4 on 1 × ... generates about 147 tokens/s" (AWQ alone)
    assert first_sentence(r) == (
        "I don't know the format “exl2”: the catalog sizes no such precision, so I cannot "
        "weigh it against awq-int4; the figures below are awq-int4's alone.")
    assert "The formats it sizes: fp32, bf16" in head(r)
    assert "at awq-int4 on 1 × NVIDIA GeForce RTX 4090 24GB generates about 147" in head(r)


def test_unknown_gguf_type_is_said() -> None:
    r = ask("q4_k_s vs q4_k_m for llama 3.1 8b on an RTX 4090")
    assert first_sentence(r).startswith("I don't know the format “q4_k_s”"), head(r)


def test_unknown_format_in_romanian() -> None:
    r = ask("exl2 sau awq pentru llama 3.1 8b pe un RTX 4090?")
    assert first_sentence(r) == (
        "Nu cunosc formatul „exl2”: catalogul nu calculează o asemenea precizie, deci nu îl "
        "pot compara cu awq-int4; cifrele de mai jos sunt doar pentru awq-int4.")


# -- 2. llama.cpp has no fp8: its rule, and Q8_0 ------------------------------------------------


@pytest.mark.parametrize(("asked_id", "near"), [
    ("fp8", "q8_0"), ("int8", "q8_0"), ("bnb-int8", "q8_0"),
    ("awq-int4", "q4_k_m"), ("gptq-int4", "q4_k_m"), ("int4", "q4_k_m"), ("nf4", "q4_k_m"),
])
def test_llama_cpp_nearest_is_the_gguf_type_of_the_same_bits(asked_id: str, near: str) -> None:
    reg = catalog().registry
    gpu = reg.gpus["rtx-4090"]
    got = reg.kernels.nearest_supported("llama.cpp", get_precision(asked_id), gpu, _BY_ID)
    assert got is not None and got.id == near  # was bf16 (twice the memory of an 8-bit)
    assert reg.kernels.refused_everywhere("llama.cpp", get_precision(asked_id)) is not None


def test_other_engines_keep_their_nearest() -> None:
    reg = catalog().registry
    k = reg.kernels
    # vLLM's fp8 on a V100 is a GPU's lack (compute capability 7.0), not the engine's
    assert k.refused_everywhere("vllm", get_precision("fp8")) is None
    got = k.nearest_supported("vllm", get_precision("fp8"), reg.gpus["v100-sxm2-16gb"], _BY_ID)
    assert got is not None and got.id == "fp16"


def test_fp8_with_ollama_says_the_engine_lacks_it_and_runs_q8_0() -> None:
    r = ask("run llama 3.1 8b in fp8 with ollama on an RTX 4090: tokens/s?")
    text = head(r)
    # was "No: llama.cpp cannot run fp8 on 1 × ... (the GPU has no kernel for it ...). At
    # bf16, the nearest precision that runs there, ... about 50.8 tokens/s"
    assert first_sentence(r) == (
        "No: llama.cpp cannot run fp8 on any GPU, so not on 1 × NVIDIA GeForce RTX 4090 24GB "
        "either (no llama.cpp kernel: it loads GGUF files of GGML types (F32/F16/BF16, Q8_0, "
        "K-quants, IQ, MXFP4; no FP8 type), not Hugging Face quantized checkpoints; the rule "
        "is below).")
    assert "the GPU has no kernel" not in r.answer
    assert "At q8_0, the nearest precision llama.cpp runs, Meta Llama 3.1 8B generates" in text
    assert "tools/quantize/README.md" in r.answer  # the source of "no FP8 type"
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s" and value == pytest.approx(82.0, abs=1)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "q8_0"


def test_fp8_with_ollama_in_romanian() -> None:
    r = ask("rulez llama 3.1 8b în fp8 cu ollama pe un RTX 4090: câți tokeni/s?")
    assert first_sentence(r).startswith(
        "Nu: llama.cpp nu poate rula fp8 pe niciun GPU, deci nici pe 1 × NVIDIA GeForce RTX "
        "4090 24GB (niciun nucleu llama.cpp"), head(r)
    assert "niciun tip FP8" in first_sentence(r)
    assert "GPU-ul nu are kernel" not in r.answer
    assert "La q8_0, cea mai apropiată precizie pe care o rulează llama.cpp" in head(r)


def test_fp8_fit_with_ollama_names_the_engine_not_the_gpu() -> None:
    r = ask("does llama 3.1 8b in fp8 fit on an RTX 4090 with ollama?")
    assert "but llama.cpp cannot run fp8 on any GPU: no llama.cpp kernel" in first_sentence(r)
    assert "on that GPU (the rule" not in first_sentence(r)
    assert "At q8_0, the nearest precision llama.cpp runs on that GPU, it fits" in head(r)


def test_fp8_fit_with_ollama_in_romanian() -> None:
    r = ask("încape llama 3.1 8b în fp8 pe un RTX 4090 cu ollama?")
    assert "dar llama.cpp nu poate rula fp8 pe niciun GPU" in first_sentence(r), head(r)


def test_a_gpu_lacking_the_kernel_keeps_its_wording() -> None:
    r = ask("does llama 3.1 8b in fp8 fit on a V100?")
    assert "but vllm cannot run fp8 on that GPU (the rule" in first_sentence(r), head(r)
