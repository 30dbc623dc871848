"""Ollama and LM Studio, and a 16-bit GGUF named type first (audit ollama):

1. "how fast is llama 3 8b with ollama on an rtx 4080?" was "Meta Llama 3 8B at fp8 ... about
   60.0 tokens/s" on vLLM. Ollama is "an application based on llama.cpp" whose default is
   Q4_K_M (https://huggingface.co/docs/hub/ollama); LM Studio "is built on llama.cpp"
   (https://huggingface.co/docs/hub/lmstudio). Named, the engine is llama.cpp, the weights
   Q4_K_M where no precision is stated, both said with the source: now "at q4_k_m ... about
   92.4 tokens/s" (calibration.csv h004 measures 108.15 for tg512 with no prompt; the answer
   is for 3,584 prompt tokens).
2. "llama 3 8b f16 gguf on rtx 3090" was bf16 on vLLM (38.8 tokens/s): "F16 GGUF" read no
   precision where "GGUF F16" read a 16-bit GGUF on llama.cpp (47.8; h025 measures 47.4)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from service.domain.catalog.precisions import find_precision
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

# -- 1. Ollama and LM Studio run llama.cpp --------------------------------------------------------


@pytest.mark.parametrize(("text", "app"), [
    ("how fast is llama 3 8b with ollama on an rtx 4080?", "Ollama"),
    ("cât de rapid e llama 3 8b cu ollama pe un rtx 4080?", "Ollama"),
    ("llama 3 8b in LM Studio on a 4090", "LM Studio"),
    ("llama 3 8b in lmstudio on a 4090", "LM Studio"),
    ("llama 3 8b with llama.cpp through Ollama on a 4090", "Ollama"),
])
def test_app_named_runs_llama_cpp(text: str, app: str) -> None:
    reg = catalog().registry
    assert extract(text, reg).engine == "llama.cpp"  # was None (vLLM)
    assert stated(text, reg).gguf_app == app


@pytest.mark.parametrize(("text", "engine"), [
    ("llama 3 8b: vllm vs ollama on a 4090", "vllm"),
    ("llama 3 8b with ollama or vllm on a 4090", "vllm"),
    ("llama 3 8b on a 4090, not ollama", None),
])
def test_app_weighed_or_negated_is_not_run(text: str, engine: str | None) -> None:
    reg = catalog().registry
    assert extract(text, reg).engine == engine
    assert stated(text, reg).gguf_app is None


def test_ollama_speed_is_q4_k_m_on_llama_cpp() -> None:
    r = ask("how fast is llama 3 8b with ollama on an rtx 4080?")
    # was "Meta Llama 3 8B at fp8 on 1 × NVIDIA GeForce RTX 4080 16GB generates about 60.0
    # tokens/s" (vLLM); h004 measures 108.15 tokens/s at tg512 with no prompt
    assert first_sentence(r) == (
        "Meta Llama 3 8B at q4_k_m on 1 × NVIDIA GeForce RTX 4080 16GB generates about 92.4 "
        "tokens/s for one request (3,584 input and 512 output tokens).")
    assert ("Ollama runs llama.cpp; its default download is Q4_K_M, the type sized here as "
            "the question states no precision (huggingface.co/docs/hub/ollama).") in head(r)
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s" and value == pytest.approx(92.4, abs=0.1)


def test_ollama_on_a_4090() -> None:
    r = ask("how fast is llama 3 8b in ollama on a 4090?")
    # was bf16 on vLLM, 50.8 tokens/s; h006 measures 130.58 at tg512 with no prompt
    assert first_sentence(r).startswith(
        "Meta Llama 3 8B at q4_k_m on 1 × NVIDIA GeForce RTX 4090 24GB generates about 116 "
        "tokens/s"), head(r)


def test_ollama_speed_in_romanian() -> None:
    r = ask("cât de rapid e llama 3 8b cu ollama pe un rtx 4080?")
    assert first_sentence(r).startswith(
        "Meta Llama 3 8B la q4_k_m pe 1 × NVIDIA GeForce RTX 4080 16GB generează aproximativ "
        "92,4 tokeni/s"), head(r)  # was "la fp8 ... 60,0 tokeni/s"
    assert "Ollama rulează pe llama.cpp; descărcarea sa implicită este Q4_K_M" in head(r)
    assert "huggingface.co/docs/hub/ollama" in head(r)


def test_ollama_fit_is_at_q4_k_m() -> None:
    r = ask("llama 3 8b with ollama on an rtx 4080: does it fit?")
    # was "No, Meta Llama 3 8B at bf16 does not fit ... 14.4 GiB are usable" (vLLM's)
    assert first_sentence(r).startswith(
        "Yes, Meta Llama 3 8B at q4_k_m fits on 1 × NVIDIA GeForce RTX 4080 16GB"), head(r)
    assert "of the 15.6 GiB usable" in first_sentence(r)  # llama.cpp's


def test_ollama_cost_is_sized_at_q4_k_m() -> None:
    r = ask("cost per month of llama 3 8b with ollama on an rtx 4090")
    assert "Sized at q4_k_m weights" in head(r), head(r)  # was bf16
    assert "Ollama runs llama.cpp" in head(r)


def test_ollama_with_a_precision_keeps_it() -> None:
    r = ask("how fast is llama 3 8b at 8-bit with ollama on an rtx 4090?")
    assert "at q8_0" in first_sentence(r), head(r)
    text = head(r)
    assert "Ollama runs llama.cpp, so the model is sized on llama.cpp" in text
    assert "default download" not in text  # no type taken: the one stated


def test_lm_studio_says_the_type_taken() -> None:
    r = ask("how fast is llama 3 8b with LM Studio on an rtx 4080?")
    assert first_sentence(r).startswith("Meta Llama 3 8B at q4_k_m"), head(r)  # was fp8
    text = head(r)
    assert "LM Studio runs llama.cpp (huggingface.co/docs/hub/lmstudio)" in text
    assert "lmstudio.ai/docs/app/basics/download-model" in text


def test_lm_studio_in_romanian() -> None:
    r = ask("cât de rapid e llama 3 8b în LM Studio pe un rtx 4080?")
    assert first_sentence(r).startswith("Meta Llama 3 8B la q4_k_m"), head(r)
    assert "LM Studio rulează pe llama.cpp" in head(r)


def test_vllm_vs_ollama_keeps_vllm() -> None:
    r = ask("how fast is llama 3 8b on vllm vs ollama on an rtx 4090?")
    assert "Ollama runs llama.cpp" not in r.answer  # weighed, not run


# -- 2. a 16-bit GGUF named type first ---------------------------------------------------------


@pytest.mark.parametrize(("said", "pid"), [
    ("F16 GGUF", "fp16"), ("f16 gguf", "fp16"), ("fp16 gguf", "fp16"), ("bf16 gguf", "bf16"),
    ("Q8_0 GGUF", "q8_0"), ("GGUF F16", "fp16"),
])
def test_find_precision_reads_the_type_before_gguf(said: str, pid: str) -> None:
    p = find_precision(said)
    assert p is not None and p.id == pid  # "f16 gguf" was none


@pytest.mark.parametrize("text", [
    "llama 3 8b f16 gguf on rtx 3090", "llama 3 8b F16 GGUF on rtx 3090",
    "llama 3 8b fp16 gguf on rtx 3090", "llama 3 8b gguf f16 on rtx 3090",
    "llama 3 8b Gguf Fp16 on rtx 3090",
])
def test_16_bit_gguf_either_order_is_fp16_gguf(text: str) -> None:
    reg = catalog().registry
    assert extract(text, reg).weights == "fp16"  # "f16 gguf" was none: bf16
    assert stated(text, reg).gguf_file


def test_f16_gguf_speed_is_llama_cpp() -> None:
    r = ask("how fast is llama 3 8b f16 gguf on rtx 3090?")
    # was "Meta Llama 3 8B at bf16 ... about 38.8 tokens/s" (vLLM); h025 measures 47.4
    assert first_sentence(r).startswith(
        "Meta Llama 3 8B at fp16 on 1 × NVIDIA GeForce RTX 3090 24GB generates about 47.8 "
        "tokens/s"), head(r)
    assert "Timed on llama.cpp" in head(r)


def test_f16_gguf_speed_in_romanian() -> None:
    r = ask("cât de rapid e llama 3 8b f16 gguf pe un rtx 3090?")
    assert first_sentence(r).startswith(
        "Meta Llama 3 8B la fp16 pe 1 × NVIDIA GeForce RTX 3090 24GB generează aproximativ "
        "47,8 tokeni/s"), head(r)  # was "la bf16 ... 38,8"


def test_sizing_f16_gguf_is_a_gguf_file_on_llama_cpp() -> None:
    req = msgspec.convert({"model": "llama-3-8b", "weights": "F16 GGUF", "gpu": "rtx-3090"},
                          SizingRequest)
    r = size(req, catalog())
    assert r.engine == "llama.cpp" and r.weights == "fp16"  # "F16 GGUF" was no precision
