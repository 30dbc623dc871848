"""Buyer audit 25b #7 and #8: when the setup asked does not fit, /v1/ask tries what keeps the
quality before stepping down to 3- and 2-bit quants, and leads with the memory asked.

- #7: a precision that does not fit on the default engine (or that it cannot run on that GPU)
  is tried, or its twin of the same bits (int4/AWQ -> GGUF q4_k_m), on the engines that run
  it, said with the engine. "34B on a single 4090 at 4-bit?" offered q3_k_m and q2_k where
  llama.cpp fits q4_k_m (20.9 of 23.5 GiB); "gpt-oss-20b MXFP4 on a T4" offered them where
  llama.cpp runs the model's own MXFP4 there (13.6 of 14.6 GiB); "gpt-oss-20b on a 16GB card"
  quoted "the same 40.4 GiB" (vLLM's fp16 fallback) for the T4 and V100.
- #8: the KV cache in 8 bits is offered first where the engine keeps it (vLLM
  --kv-cache-dtype fp8): Llama 3.1 70B fp8 on 2 x L40S at 32k, 38.6 of 40.5 GiB (was: q6_k,
  awq-int4 or 4 x L40S); Llama 3.1 8B at 128k for 4 users on an H100, "VRAM?" is the memory
  (80.5 GiB at bf16, 48.5 with an fp8 KV cache on one H100), and "does it fit" leads with
  bf16 and the fp8 cache, not awq-int4 weights.
"""

from __future__ import annotations

import msgspec
import pytest

from service.domain.catalog.engines import check_engines
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


@pytest.mark.parametrize("q", [
    "Will a 34B model fit on a single 4090 at 4-bit?",
    "Does a 34B model fit on one RTX 4090 at int4?",
])
def test_4bit_no_offers_q4_k_m_on_llama_cpp_not_3_and_2_bits(q: str) -> None:
    r = ask(q)
    h = head(r)
    assert "with vLLM, the default engine" in first_sentence(r), h
    # the same 4 bits on llama.cpp, with its own share of the card
    assert ("llama.cpp at q4_k_m, its 4-bit format (about 20.9 GiB per GPU of the 23.5 GiB "
            "it can use") in h, h
    assert "q3_k_m" not in h and "q2_k" not in h, h  # (were offered instead)
    assert "--kv-cache-dtype fp8" in h, h  # the 8-bit KV cache keeps int4 on vLLM


def test_4bit_no_offers_q4_k_m_romanian() -> None:
    h = head(ask("Încape un model de 34B pe un singur 4090 la 4 biți?"))
    assert "cu vLLM, motorul implicit" in h, h
    assert "llama.cpp la q4_k_m, formatul său de 4 biți (aproximativ 20,9 GiB pe GPU" in h, h
    assert "q3_k_m" not in h and "q2_k" not in h, h


def test_engine_named_keeps_the_engine() -> None:
    """An engine named is the one answered: no other engine offered, its KV cache still."""
    h = head(ask("Will a 34B model fit on a single 4090 at 4-bit with vLLM?"))
    assert "llama.cpp at q4_k_m" not in h and "TensorRT-LLM" not in h, h
    assert "Keeping the KV cache in fp8 instead of 16 bits (vLLM: --kv-cache-dtype fp8)" in h, h
    assert "With the KV cache left at 16 bits, it fits at q3_k_m" in h, h


@pytest.mark.parametrize(("q", "words"), [
    ("Can I run gpt-oss-20b MXFP4 on a T4?",
     "with llama.cpp at mxfp4 (about 13.6 GiB per GPU of the 14.6 GiB it can use"),
    ("Pot rula gpt-oss-20b MXFP4 pe un T4?",
     "cu llama.cpp la mxfp4 (aproximativ 13,6 GiB pe GPU din cei 14,6 GiB"),
])
def test_mxfp4_on_a_t4_runs_on_llama_cpp(q: str, words: str) -> None:
    h = head(ask(q))
    assert words in h, h
    assert "q3_k_m" not in h and "q2_k" not in h, h
    # said before what vLLM runs instead (fp16, 40.4 GiB)
    assert h.index("llama.cpp") < h.index("40,4" if "Pot" in q else "40.4")


def test_16gb_card_never_says_the_fp16_fallback_as_the_same_need() -> None:
    r = ask("Can I run gpt-oss-20b on a 16GB card?")
    h = head(r)
    assert "40.4" not in h and "the same" not in h, h
    assert ("On the NVIDIA T4 16GB, NVIDIA Tesla V100 SXM2 16GB, vLLM does not run mxfp4; "
            "llama.cpp runs it at mxfp4 and it fits there: about 13.6 GiB per GPU") in h, h
    assert asked(r)[0] == "per_gpu_gib" and r.numbers is not None
    assert r.numbers.asked is not None and r.numbers.asked.yes is True
    ro = head(ask("Pot rula gpt-oss-20b pe o placă de 16GB?"))
    assert "40,4" not in ro and "llama.cpp îl rulează la mxfp4 și încape acolo" in ro, ro


@pytest.mark.parametrize(("q", "words"), [
    ("Does Llama 3.1 70B in FP8 fit on 2 L40S cards with 32k context?",
     "Keeping the KV cache in fp8 instead of 16 bits (vLLM: --kv-cache-dtype fp8), it fits on "
     "2 × NVIDIA L40S 48GB with the fp8 weights unchanged: about 38.6 GiB per GPU of the 40.5 "
     "GiB usable"),
    ("Încape Llama 3.1 70B în FP8 pe 2 plăci L40S cu context de 32k?",
     "Cu cache-ul KV în fp8 în loc de 16 biți (vLLM: --kv-cache-dtype fp8), încape pe 2 × "
     "NVIDIA L40S 48GB cu greutățile fp8 neschimbate: aproximativ 38,6 GiB pe GPU din cei "
     "40,5 GiB utilizabili"),
])
def test_fp8_kv_cache_offered_before_quantizing_weights(q: str, words: str) -> None:
    r = ask(q)
    h = head(r)
    assert words in h, h
    assert asked(r)[1] == pytest.approx(41.09, abs=0.01)  # the fp8 need asked, still a No
    # the KV cache before any lower weights, and no lower weights where the same fp8 fits
    # on another engine
    assert "q6_k" not in h and "awq-int4" not in h, h


@pytest.mark.parametrize(("q", "words"), [
    ("Llama 3.1 8B at 128k context with 4 users on an H100, VRAM?",
     "with the bf16 weights unchanged: about 48.5 GiB per GPU of the 71.7 GiB usable"),
    ("Llama 3.1 8B la context de 128k cu 4 utilizatori pe un H100, VRAM?",
     "cu greutățile bf16 neschimbate: aproximativ 48,5 GiB pe GPU din cei 71,7 GiB"),
    ("Llama 3.1 8B at 128k context with 4 users: VRAM needed?", None),
])
def test_vram_asked_last_is_the_memory_at_bf16(q: str, words: str | None) -> None:
    r = ask(q)
    assert r.intent == "memory", head(r)
    quantity, value, _ = asked(r)
    assert quantity == "total_gib" and value == pytest.approx(80.51, abs=0.01)
    assert "awq-int4" not in head(r)
    if words:
        assert words in head(r), head(r)


def test_users_fit_leads_with_the_fp8_kv_cache_not_awq() -> None:
    r = ask("Does Llama 3.1 8B fit on an H100 at 128k context with 4 users?")
    first = first_sentence(r)
    assert first.startswith("Yes, at bf16 with the KV cache in fp8 (vLLM: --kv-cache-dtype "
                            "fp8), 1 × NVIDIA H100 SXM5 80GB can serve 4 concurrent users"), first
    assert "about 48.5 GiB per GPU" in first and "awq-int4" not in head(r)
    assert "at bf16 with its 16-bit KV cache it takes 2 × NVIDIA H100 SXM5 80GB" in first
    ro = first_sentence(ask("Încape Llama 3.1 8B pe un H100 la context de 128k cu 4 "
                            "utilizatori?"))
    assert ro.startswith("Da, la bf16 cu cache-ul KV în fp8 (vLLM: --kv-cache-dtype fp8)"), ro


def test_no_kv_offer_where_the_cache_is_stated_or_no_help() -> None:
    # a KV cache stated is the one answered
    h = head(ask("Does Llama 3.1 70B in FP8 fit on 2 L40S with 32k context and an fp16 KV "
                 "cache?"))
    assert "--kv-cache-dtype" not in h, h
    # 70B at bf16 for 5 users on one H100: an 8-bit cache does not hold the bf16 weights
    h = head(ask("Llama 3.1 70B on one H100 for 5 users, is that possible?"))
    assert "--kv-cache-dtype" not in h and "awq-int4" in h, h


def test_kv_cache_options_are_among_the_kv_types() -> None:
    engines = list(catalog().registry.engines)
    assert check_engines(engines) == []
    vllm = next(e for e in engines if e.id == "vllm")
    assert vllm.kv_cache_options == {"fp8": "--kv-cache-dtype fp8"}
    stray = msgspec.structs.replace(vllm, kv_cache_options={"q8_0": "--x"})
    assert any("kv_cache_options for ['q8_0']" in p
               for p in check_engines([stray, *engines[1:]]))
