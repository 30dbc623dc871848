"""/v1/ask reads the inference engine a question names and sizes with it, as /v1/sizing does.

The engine was dropped: "Can I run Llama 3.1 70B in fp8 with TensorRT-LLM on an A100 80GB?"
was a "Yes" although ``size()`` with that engine says it cannot run there (rule trtllm-fp8),
and "Can I run Llama 3.1 8B with vLLM on a P100?" blamed bf16 although vLLM does not run on
compute capability 6.0 at all. The engines' names come from the catalog (engines.toml) and
every expected verdict from ``size()`` and the capability matrix (kernels.toml), never typed
in."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.understand import extract
from service.domain.catalog.precisions import PRECISIONS, get_precision
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, first_sentence, head

# (question, lang, model, gpu, engine, weights asked)
_CASES = [
    ("Can I run Llama 3.1 70B in fp8 with TensorRT-LLM on an A100 80GB?", "en",
     "llama-3.1-70b", "a100-sxm-80gb", "tensorrt-llm", "fp8"),
    # (SGLang runs fp8 on an A100 weight-only through FP8 Marlin: rule sglang-fp8-marlin)
    ("Can I serve Llama 3.1 8B in NVFP4 with SGLang on an A100 80GB?", "en",
     "llama-3.1-8b", "a100-sxm-80gb", "sglang", "nvfp4"),
    ("Can I run Llama 3.1 8B in NVFP4 with TensorRT-LLM on an H100?", "en",
     "llama-3.1-8b", "h100-sxm", "tensorrt-llm", "nvfp4"),
    ("Can I run Llama 3.1 8B with TensorRT-LLM on an MI300X?", "en",
     "llama-3.1-8b", "mi300x", "tensorrt-llm", None),
    ("Pot rula Llama 3.1 8B cu TensorRT-LLM pe MI300X?", "ro",
     "llama-3.1-8b", "mi300x", "tensorrt-llm", None),
    ("Can I run Llama 3.1 8B with llama.cpp on a TPU v6e?", "en",
     "llama-3.1-8b", "tpu-v6e", "llama.cpp", None),
    ("Can I serve Llama 3.1 8B with SGLang on a T4?", "en",
     "llama-3.1-8b", "t4", "sglang", None),
    ("Can I run Llama 3.1 8B with vLLM on a P100?", "en",
     "llama-3.1-8b", "p100-pcie", "vllm", None),
    ("Pot rula Llama 3.1 8B cu vLLM pe un P100?", "ro",
     "llama-3.1-8b", "p100-pcie", "vllm", None),
]


def _sized(model: str, gpu: str, engine: str, weights: str | None) -> SizingResult:
    req: dict[str, object] = {"model": model, "gpu": gpu, "engine": engine,
                              "input_tokens": 4096, "output_tokens": 0}
    if weights:
        req["weights"] = weights
    return size(msgspec.convert(req, SizingRequest), catalog())


# -- the engine named is read, from the catalog's names ---------------------------------------


@pytest.mark.parametrize("q", [c[0] for c in _CASES])
def test_the_engine_named_is_extracted(q: str) -> None:
    engine = next(c[4] for c in _CASES if c[0] == q)
    assert extract(q, catalog().registry).engine == engine
    assert ask(q).extracted.engine == engine


def test_every_catalog_engine_is_read_by_its_id_and_its_name() -> None:
    reg = catalog().registry
    assert len(reg.engines) >= 4
    for e in reg.engines:
        for said in (e.id, e.name):
            q = f"Can I run Llama 3.1 8B with {said} on an H100?"
            assert extract(q, reg).engine == e.id, q


@pytest.mark.parametrize("q", [
    "Can I run Llama 3.1 8B on an H100?",
    "vLLM vs SGLang for Llama 3.1 8B on an H100?",  # two engines compared: none picked
])
def test_no_single_engine_named(q: str) -> None:
    assert extract(q, catalog().registry).engine is None


# -- a combination sizing refuses is a "No" that names why and what runs -----------------------


@pytest.mark.parametrize(("q", "lang", "model", "gpu", "engine", "weights"), _CASES)
def test_a_combination_sizing_refuses_is_a_no(q: str, lang: str, model: str, gpu: str,
                                              engine: str, weights: str | None) -> None:
    sized = _sized(model, gpu, engine, weights)
    assert sized.runs is False, "sizing runs it now: the test's premise is gone"
    reg = catalog().registry
    g, e = reg.gpus[gpu], reg.engines[engine]
    support = reg.kernels.supported(engine, get_precision(sized.weights), g)
    r = ask(q)
    assert r.lang == lang
    first = first_sentence(r)
    assert first.startswith("No" if lang == "en" else "Nu"), r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    text = head(r)
    if support.rule.startswith("platform:"):
        # the engine, not the precision: it does not run on that GPU at all
        said = f"{e.name} does not run on" if lang == "en" else f"{e.name} nu rulează pe"
        assert said in first and g.name in first, first
        assert "cannot run" not in text and "nu poate rula" not in text, text
        # the other engine sizing's warning names first (among those serving LLMs) is named
        named = next(x.split(f"engines that run {sized.weights} on {g.name}: ", 1)[1]
                     for x in sized.warnings if "engines that run" in x)
        others = [o for o in named.split(", ") if "llm" in reg.engines[o].kinds]
        assert others
        alt = reg.engines[others[0]].name
        said = f"With {alt}, which runs there" if lang == "en" else f"Cu {alt}, care rulează"
        assert said in text, text
    else:
        assert f"cannot run {sized.weights}" in first, first
        near = reg.kernels.nearest_supported(engine, get_precision(sized.weights), g,
                                             {p.id: p for p in PRECISIONS})
        assert near is not None
        assert f"At {near.id}, the nearest precision" in text, text


def test_vllm_on_a_p100_names_llama_cpp_and_not_bf16() -> None:
    r = ask("Can I run Llama 3.1 8B with vLLM on a P100?")
    text = head(r)
    assert text.startswith("No: vLLM does not run on the NVIDIA Tesla P100"), text
    assert "compute capability 6.0" in text and ">= 7.0" in text, text
    assert "vllm cannot run bf16" not in text, text
    # GGUF precisions are said as llama.cpp's, after it is named
    assert "llama.cpp" in text and text.index("llama.cpp") < text.index("q8_0"), text


def test_sglang_on_a_t4_does_not_lead_with_the_memory() -> None:
    first = first_sentence(ask("Can I serve Llama 3.1 8B with SGLang on a T4?"))
    assert first.startswith("No: SGLang does not run on the NVIDIA T4"), first
    assert "does not fit" not in first, first


# -- the counts said for another variant are at a precision that runs there -------------------


def test_bf16_on_a_v100_counts_the_variant_at_fp16() -> None:
    r = ask("Can I run Llama 3.1 8B in bf16 on a V100?")
    text = head(r)
    assert "(the model needs 2 of it)" not in text, text
    assert "at fp16 the model needs" in text, text
    # the 32GB card holds it at fp16, the precision a V100 runs (sizing says so)
    other = _sized("llama-3.1-8b", "v100-sxm2-32gb", "vllm", "fp16")
    assert other.runs is not False and other.fits
    assert "fits on 1 at fp16" in text, text


# -- what runs stays a yes --------------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "Can I run Llama 3.1 8B with vLLM on an H100?",
    "Can I run Llama 3.1 70B in fp8 with TensorRT-LLM on an H100?",
    "Pot rula Llama 3.1 8B cu SGLang pe un H100?",
])
def test_a_combination_that_runs_is_still_a_yes(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True, r.answer
