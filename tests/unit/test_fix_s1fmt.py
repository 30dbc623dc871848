"""/v1/ask read the format, the engine and the job shape the question states (audit s1fmt):

1. "Llama 3.1 8B in GGUF F16 on a 3090, tokens/s?" was timed at fp16 on vLLM (38.8 tokens/s):
   a GGUF file runs on llama.cpp, as /v1/sizing sizes "GGUF F16" (about 48 tokens/s; 47.4
   measured, shared/reference/calibration.csv), and the answer says llama.cpp.
2. "Whisper large-v3 in AWQ on an L4" answered a passage alone: AWQ is refused on audio models
   (catalog/kernels.toml [[kind_format]]), which the answer now says first, with the rule's
   source, in the asker's language, then the speed at the precision Whisper runs in.
3. "prefill/embed 10M tokens ... (no output)" was priced as 10M output tokens ($0.72): a job
   with no output is prefill, its tokens over the setup's prefill rate."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, head

# -- 1. GGUF F16 on llama.cpp ----------------------------------------------------------------

_GGUF_QS = [
    ("Can I run Llama 3.1 8B in GGUF F16 on a 3090? how many tokens/s?", "en"),
    ("Pot rula Llama 3.1 8B în GGUF F16 pe un 3090? câți tokeni/s?", "ro"),
]


def _llama_cpp_tps(weights: str) -> float:
    r = size(SizingRequest(model="llama-3.1-8b", weights=weights, gpu="rtx-3090",
                           input_tokens=3584, output_tokens=512), catalog())
    assert r.engine == "llama.cpp"
    assert r.performance is not None and r.performance.decode_tokens_per_s is not None
    return r.performance.decode_tokens_per_s


@pytest.mark.parametrize("q, lang", _GGUF_QS)
def test_gguf_f16_is_timed_on_llama_cpp(q: str, lang: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("decode_tokens_per_s", "tokens/s")
    # /v1/sizing's "GGUF F16" figure (llama.cpp), not vLLM's 38.8 tokens/s
    assert value == pytest.approx(_llama_cpp_tps("GGUF F16"), rel=1e-6)
    assert 45 < value < 52
    text = head(r)
    assert "llama.cpp" in text
    if lang == "ro":
        assert "motorul implicit pentru fișierele GGUF" in text
    else:
        assert "default engine for GGUF files" in text


def test_gguf_quant_says_llama_cpp() -> None:
    r = ask("Llama 3.1 8B GGUF Q4_K_M on a 3090: how many tokens/s?")
    assert asked(r)[1] == pytest.approx(_llama_cpp_tps("q4_k_m"), rel=1e-6)
    assert "Timed on llama.cpp" in head(r)


def test_gguf_word_is_read() -> None:
    assert stated("Llama 3.1 8B in GGUF F16 on a 3090", catalog().registry).gguf_file
    assert not stated("Llama 3.1 8B in fp16 on a 3090", catalog().registry).gguf_file


# -- 2. AWQ on a speech model --------------------------------------------------------------


@pytest.mark.parametrize("q, lang", [
    ("Whisper large-v3 in AWQ: how fast on an L4?", "en"),
    ("Whisper large-v3 AWQ pe un L4: cât de rapid?", "ro"),
])
def test_awq_on_whisper_is_said_then_sized(q: str, lang: str) -> None:
    r = ask(q)
    text = head(r)
    lead = ("OpenAI Whisper large-v3 nu rulează în awq-int4" if lang == "ro"
            else "OpenAI Whisper large-v3 is not run in awq-int4")
    assert text.startswith(lead), text
    assert "github.com/casper-hansen/AutoAWQ" in text  # the [[kind_format]] rule's source
    assert ("Cifrele sunt pentru bf16" if lang == "ro" else "The figures are for bf16") in text
    if lang == "ro":
        assert "not run" not in text and "figures" not in text
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "bf16"
    quantity, value, _ = asked(r)
    assert "audio" in quantity and value > 1


# -- 3. a job with no output is prefill --------------------------------------------------------


@pytest.mark.parametrize("text", [
    "embed 10M tokens with Llama 3.1 8B (no output)",
    "prefill only: 10M tokens with Llama 3.1 8B",
    "we just score 10M tokens with Llama 3.1 8B",
    "10M de tokeni cu Llama 3.1 8B (fără ieșire)",
])
def test_no_output_reads_zero_output_tokens(text: str) -> None:
    assert stated(text, catalog().registry).output_tokens == 0


def test_output_count_still_read() -> None:
    assert stated("10M tokens with Llama 3.1 8B, 200 output tokens each",
                  catalog().registry).output_tokens == 200


_PREFILL_QS = [
    ("We need to prefill/embed 10M tokens of documents with Llama 3.1 8B (no output). "
     "What does it cost?", "en"),
    ("Trebuie să procesăm 10M de tokeni de documente cu Llama 3.1 8B (fără ieșire). Cât costă?",
     "ro"),
]


def _number(s: str, lang: str) -> float:
    return float(s.replace(".", "").replace(",", ".") if lang == "ro" else s.replace(",", ""))


@pytest.mark.parametrize("q, lang", _PREFILL_QS)
def test_no_output_job_is_priced_as_prefill(q: str, lang: str) -> None:
    r = ask(q)
    assert r.intent == "cost"
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    text = head(r)
    if lang == "ro":
        assert "10.000.000 de tokeni de intrare fără ieșire" in text
        assert "doar prefill" in text
        assert "citiți ca tokeni de ieșire" not in text
        m = re.search(r"viteză de prefill de circa ([\d.,]+) de tokeni/s", text)
    else:
        assert "10,000,000 prompt tokens with no output" in text
        assert "prefill only" in text
        assert "read as output tokens" not in text
        m = re.search(r"prefill rate of about ([\d.,]+) tokens/s", text)
    assert m is not None, text
    pre = _number(m.group(1), lang)
    # the prefill of 10M prompt tokens on one small card takes under an hour at thousands of
    # tokens/s: well under the $0.72 priced for 10M output tokens
    assert pre > 1000
    hours = 1e7 / pre / 3600
    assert hours < 2
    assert 0 < value < 0.72
    assert r.numbers is not None and r.numbers.sizing is not None
