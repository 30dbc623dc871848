"""Buyer audit 26a, engines: TensorRT-LLM's FP8 builds keep an FP8 KV cache (its data says so,
and the sizing now follows it when no kv_cache is asked: #7); Text Generation Inference,
not modelled, is timed as vLLM and said to be (#13); "SGLang vs vLLM" times both engines
(#8); a GGUF precision the answer fell back to is never said to be the question's (#11); an
H100 vs H200 comparison under a load compares the same number of GPUs first (#12)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import ask, catalog


def sized(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


# --- #7: TensorRT-LLM FP8 builds keep an FP8 KV cache --------------------------------------


@pytest.mark.parametrize(("body", "measured", "before"), [
    # calibration.csv h062 (trtllm-bench): 1,804 tok/s; sized 1,060 with a 16-bit cache
    ({"model": "llama 3.1 8b", "gpu": "H200", "input_tokens": 20000, "output_tokens": 2000},
     1804, 1060),
    # h059: 28,312 measured; 19,517 sized with a 16-bit cache
    ({"model": "llama 3.1 8b", "gpu": "H100 SXM", "input_tokens": 128, "output_tokens": 128},
     28312, 19517),
])
def test_tensorrt_llm_fp8_is_sized_with_its_fp8_kv_cache(
        body: dict[str, object], measured: float, before: float) -> None:
    r = sized(weights="fp8", engine="tensorrt-llm", **body)
    assert r.kv_cache == "fp8"
    said = {a.name: a for a in r.assumptions}
    assert said["kv_cache_default"].value == "fp8"
    assert "TensorRT-LLM" in said["kv_cache_default"].reason
    assert r.performance is not None and r.performance.max_throughput_tokens_per_s
    got = r.performance.max_throughput_tokens_per_s
    assert abs(got - measured) < abs(before - measured), got


def test_the_kv_cache_asked_and_other_engines_keep_theirs() -> None:
    asked = sized(model="llama 3.1 8b", gpu="H200", weights="fp8", engine="tensorrt-llm",
                  kv_cache="fp16")
    assert asked.kv_cache == "fp16"
    assert "kv_cache_default" not in {a.name for a in asked.assumptions}
    for body in ({"engine": "vllm", "weights": "fp8"}, {"engine": "tensorrt-llm",
                                                         "weights": "bf16"}):
        r = sized(model="llama 3.1 8b", gpu="H100 SXM", **body)
        assert r.kv_cache == "fp16", body


@pytest.mark.parametrize("q", [
    "llama 3.1 8b on H200 fp8 with tensorrt-llm, 20000 input 2000 output, max throughput?",
    "llama 3.1 8b pe H200 fp8 cu tensorrt-llm, 20000 intrare 2000 iesire, throughput maxim?",
])
def test_the_ask_gives_the_fp8_kv_throughput(q: str) -> None:
    text = ask(q).answer.split("\n\n")[0]
    assert "1,060" not in text and "1.060" not in text, text
    assert "1,774" in text or "1.774" in text, text


# --- #13: TGI, not modelled ----------------------------------------------------------------


def test_sizing_times_tgi_as_vllm_and_says_so() -> None:
    r = sized(model="llama 3.1 8b", gpu="A100 40GB", engine="tgi", batch_size=16)
    assert r.engine == "vllm"
    said = {a.name: a for a in r.assumptions}
    assert said["engine_stand_in"].value == "Text Generation Inference"
    assert "not modelled" in said["engine_stand_in"].reason
    vllm = sized(model="llama 3.1 8b", gpu="A100 40GB", engine="vllm", batch_size=16)
    assert r.performance == vllm.performance


@pytest.mark.parametrize(("q", "said"), [
    ("llama 3.1 8b with tgi on A100 40GB at 16 users: TPOT?",
     "Text Generation Inference is not modelled here: the figures are vLLM's"),
    ("llama 3.1 8b cu tgi pe A100 40GB la 16 utilizatori: TPOT?",
     "Text Generation Inference nu este modelat aici: cifrele sunt pentru vLLM"),
])
def test_the_ask_says_which_engine_timed_tgi(q: str, said: str) -> None:
    assert said in ask(q).answer.split("\n\n")[0]


# --- #8: engine A vs engine B --------------------------------------------------------------


@pytest.mark.parametrize(("q", "first"), [
    ("llama 3.1 8b with sglang vs vllm on H100 at 64 users: which is faster?", "first token"),
    ("llama 3.1 8b: sglang sau vllm pe H100 la 64 de utilizatori, care e mai rapid?",
     "primul token"),
])
def test_an_engine_comparison_times_both(q: str, first: str) -> None:
    text = ask(q).answer.split("\n\n")[0]
    for engine in ("sglang", "vllm"):
        r = sized(model="llama 3.1 8b", gpu="H100 SXM", engine=engine, batch_size=64,
                  input_tokens=3584, output_tokens=512)
        assert r.performance is not None and r.performance.time_to_first_token_ms
        ttft = f"{r.performance.time_to_first_token_ms:,.0f}"
        assert ttft in text or ttft.replace(",", ".") in text, (engine, ttft, text)
    assert "SGLang" in text and "vLLM" in text and first in text, text


# --- #11: a GGUF fallback is the answer's, not the question's ------------------------------


@pytest.mark.parametrize(("q", "wrong", "vllm"), [
    ("llama 3.1 8b on RTX 5090 for 50 users, is it fast enough for 20 tok/s each?",
     "the question names a GGUF file", "On vLLM at fp8, 37 of the 50 requests"),
    ("llama 3.1 8b pe RTX 5090 pentru 50 de utilizatori, e destul de rapid pentru 20 tok/s "
     "fiecare?", "întrebarea numește un fișier GGUF", "Cu vLLM la fp8, 37 din cele 50"),
])
def test_a_gguf_fallback_is_not_attributed_to_the_question(q: str, wrong: str,
                                                            vllm: str) -> None:
    text = ask(q).answer.split("\n\n")[0]
    assert wrong not in text, text
    assert vllm in text, text


# --- #12: like for like --------------------------------------------------------------------


@pytest.mark.parametrize(("q", "same"), [
    ("What's the decode speed difference between H100 and H200 for llama 3.1 70b fp8 at 64 "
     "concurrent users?", "On the same number of GPUs, 4 of each"),
    ("Care e diferența de viteză de decodare între H100 și H200 pentru llama 3.1 70b fp8 la "
     "64 de utilizatori simultani?", "La același număr de GPU-uri, 4 din fiecare"),
])
def test_a_gpu_comparison_under_load_leads_with_the_same_count(q: str, same: str) -> None:
    text = ask(q).answer.split("\n\n")[0]
    assert text.startswith(same), text
    lead = text.split(". ")[0]
    assert lead.index("H200") < lead.index("H100"), lead  # the H200 is the faster per user
