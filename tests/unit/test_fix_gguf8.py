"""A bit count said of a GGUF file, and GGUF weighed against AWQ (audit gguf8):

1. "Is 8-bit GGUF of llama 3 8b ok on an RTX 4090?" read "8-bit" as int8 while GGUF chose
   llama.cpp: "No: ... llama.cpp cannot run int8 on that GPU", with an "Impossible
   combination" warning. An 8-bit GGUF is Q8_0 (4-bit: Q4_K_M, 5-bit: Q5_K_M, 6-bit: Q6_K;
   ``GGUF_AT_BITS``): now "Yes, Meta Llama 3 8B at q8_0 fits ... about 9.0 GiB per GPU of the
   23.5 GiB usable" (llama.cpp's). "5-bit GGUF" was bf16 on vLLM (no 5-bit read at all).
2. "GGUF vs AWQ for llama 3.1 8b on an RTX 4090: which is faster?" answered a fit at awq-int4.
   Now both set-ups are weighed: q4_k_m on llama.cpp (116 tokens/s for one request, 5.6 GiB)
   against awq-int4 on vLLM (147 tokens/s, 7.4 GiB), the faster named first with by how
   much; "which is faster?" leads with the faster one, not with "No: A is not faster"."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from service.domain.catalog.precisions import GGUF_AT_BITS, find_precision, get_precision
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

# -- 1. a bit count of a GGUF file is its GGUF type ----------------------------------------------


def test_gguf_at_bits_names_catalog_gguf_types() -> None:
    for bits, pid in GGUF_AT_BITS.items():
        p = get_precision(pid)
        assert p.gguf and int(p.bits_linear) == bits, (bits, pid)


@pytest.mark.parametrize(("said", "pid"), [
    ("GGUF 8-bit", "q8_0"), ("8-bit GGUF", "q8_0"), ("gguf 4bit", "q4_k_m"),
    ("GGUF 5-bit", "q5_k_m"), ("6 bit gguf", "q6_k"),
    ("GGUF 16-bit", "bf16"), ("8-bit", "int8"), ("4-bit", "int4"),  # (unchanged)
])
def test_find_precision_reads_gguf_bit_counts(said: str, pid: str) -> None:
    p = find_precision(said)
    assert p is not None and p.id == pid  # "GGUF 8-bit" was int8, which llama.cpp cannot run


@pytest.mark.parametrize(("text", "pid"), [
    ("Is 8-bit GGUF of llama 3 8b ok on an RTX 4090?", "q8_0"),
    ("Is 4-bit GGUF of llama 3 8b ok on an RTX 4090?", "q4_k_m"),
    ("Is 5-bit GGUF of llama 3 8b ok on an RTX 4090?", "q5_k_m"),
    ("Is 6-bit GGUF of llama 3 8b ok on an RTX 4090?", "q6_k"),
    ("Llama 3 8B as a GGUF at 8 bits on an RTX 4090?", "q8_0"),
    ("Llama 3 8B at 4-bit on an RTX 4090 with llama.cpp: speed?", "q4_k_m"),
    ("ollama run llama 3 8b at 4-bit on an RTX 4090: speed?", "q4_k_m"),
    ("Merge Llama 3 8B GGUF pe 8 biți pe un RTX 4090?", "q8_0"),
    ("Llama 3 8B pe 4 biți cu llama.cpp pe un RTX 4090: ce viteză?", "q4_k_m"),
    ("fp16 vs 8-bit GGUF for Llama 3 8B on an RTX 4090?", None),  # (two: none taken)
    ("Llama 3 8B on an RTX 4090, or 8-bit GGUF?", "q8_0"),
])
def test_bits_beside_gguf_are_the_gguf_type(text: str, pid: str | None) -> None:
    assert extract(text, catalog().registry).weights == pid  # was int8 / int4 / none


@pytest.mark.parametrize(("text", "pid"), [
    ("Llama 3 8B at 8-bit on an RTX 4090?", "int8"),
    ("Llama 3 8B at 8-bit, not GGUF, on an RTX 4090?", "int8"),
    ("Llama 3 8B at 4 bits instead of GGUF on an RTX 4090?", "int4"),
    ("Llama 3 8B at 8-bit with vLLM on an RTX 4090?", "int8"),
    ("GGUF vs AWQ 4-bit for Llama 3 8B on an RTX 4090?", "awq-int4"),
    ("Llama 3 8B in GGUF Q4_K_M with an 8-bit kv cache", "q4_k_m"),
])
def test_bits_of_another_set_up_stay_theirs(text: str, pid: str) -> None:
    assert extract(text, catalog().registry).weights == pid


@pytest.mark.parametrize("q", [
    "Is 8-bit GGUF of llama 3 8b ok on an RTX 4090?",
    "Is 4-bit GGUF of llama 3 8b ok on an RTX 4090?",
])
def test_bit_gguf_fits_without_impossible_combination(q: str) -> None:
    r = ask(q)
    assert "cannot run" not in r.answer and "Impossible combination" not in r.answer, r.answer
    assert first_sentence(r).startswith("Yes, Meta Llama 3 8B at q"), head(r)


def test_8_bit_gguf_fits_at_q8_0_on_llama_cpp() -> None:
    r = ask("Is 8-bit GGUF of llama 3 8b ok on an RTX 4090?")
    # was "No: Meta Llama 3 8B at int8 would fit ... but llama.cpp cannot run int8"
    assert first_sentence(r) == (
        "Yes, Meta Llama 3 8B at q8_0 fits on 1 × NVIDIA GeForce RTX 4090 24GB: it needs "
        "about 9.0 GiB per GPU of the 23.5 GiB usable, with 4,096 tokens of context.")
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "q8_0"


def test_8_bit_gguf_fits_at_q8_0_in_romanian() -> None:
    r = ask("Merge Llama 3 8B GGUF pe 8 biți pe un RTX 4090?")
    assert "nu poate rula" not in r.answer, r.answer
    assert first_sentence(r).startswith(
        "Da, Meta Llama 3 8B la q8_0 încape pe 1 × NVIDIA GeForce RTX 4090 24GB"), head(r)


def test_gguf_bits_speed_is_llama_cpp_at_the_gguf_type() -> None:
    r = ask("How fast is llama 3 8b at 4-bit on ollama on an RTX 4090?")
    assert "at q4_k_m" in first_sentence(r), head(r)
    assert "cannot run" not in r.answer


# -- 2. GGUF weighed against AWQ ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "pair"), [
    ("GGUF vs AWQ for llama 3.1 8b on an RTX 4090: which is faster?", ("q4_k_m", "awq-int4")),
    ("GGUF sau AWQ pentru llama 3.1 8b pe RTX 4090: care e mai rapid?",
     ("q4_k_m", "awq-int4")),
    ("AWQ or GGUF for llama 3.1 8b on an RTX 4090?", ("awq-int4", "q4_k_m")),
    ("8-bit GGUF vs fp8 for llama 3.1 8b on an H100?", ("q8_0", "fp8")),
    ("GGUF vs int8 for llama 3.1 8b on an H100?", ("q8_0", "int8")),
    ("Q4_K_M GGUF vs AWQ for llama 3.1 8b on an RTX 4090?", ("q4_k_m", "awq-int4")),
])
def test_gguf_weighed_reads_the_gguf_type(text: str, pair: tuple[str, str]) -> None:
    assert stated(text, catalog().registry).precisions_weighed == pair  # was None


@pytest.mark.parametrize(("text", "how"), [
    ("GGUF vs AWQ for llama 3.1 8b on an RTX 4090: which is faster?", "which"),
    ("GGUF sau AWQ pentru llama 3.1 8b pe RTX 4090: care e mai rapid?", "which"),
    ("fp8 vs int4 for llama 3.1 8b on an H100: which one is quicker?", "which"),
    ("Is GGUF faster than AWQ for llama 3.1 8b on an RTX 4090?", "faster"),
    ("Is int4 slower than fp8 for llama 3.1 8b on an H100?", "slower"),
])
def test_which_is_faster_is_read(text: str, how: str) -> None:
    assert stated(text, catalog().registry).speed_compared == how


def test_gguf_vs_awq_which_is_faster_compares_both_set_ups() -> None:
    r = ask("GGUF vs AWQ for llama 3.1 8b on an RTX 4090: which is faster?")
    text = head(r)
    # was "Yes, Meta Llama 3.1 8B at awq-int4 fits on 1 × ..." (a fit, one side)
    assert first_sentence(r) == (
        "On 1 × NVIDIA GeForce RTX 4090 24GB, Meta Llama 3.1 8B is faster at awq-int4 on "
        "vLLM: about 1.3× as fast as at q4_k_m on llama.cpp (147 against 116 tokens/s for "
        "one request).")
    assert "q4_k_m on llama.cpp (about 5.6 GiB per GPU" in text, text
    assert "awq-int4 on vLLM (about 7.4 GiB per GPU" in text, text
    assert "it is taken here as q4_k_m" in text  # the GGUF type assumed, said
    assert "At full load, q4_k_m on llama.cpp generates about 543 tokens/s in total" in text
    assert "cannot run" not in r.answer
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s" and value == pytest.approx(147, abs=1)


def test_gguf_vs_awq_which_is_faster_in_romanian() -> None:
    r = ask("GGUF sau AWQ pentru llama 3.1 8b pe RTX 4090: care e mai rapid?")
    text = head(r)
    assert first_sentence(r) == (
        "Pe 1 × NVIDIA GeForce RTX 4090 24GB, Meta Llama 3.1 8B este mai rapid la awq-int4 pe "
        "vLLM: generează de aproximativ 1,3 ori mai repede decât la q4_k_m pe llama.cpp (147 "
        "față de 116 tokeni/s pentru o cerere).")
    assert "q4_k_m pe llama.cpp (aproximativ 5,6 GiB pe GPU" in text, text
    assert "awq-int4 pe vLLM (aproximativ 7,4 GiB pe GPU" in text, text
    assert "nu poate rula" not in r.answer


def test_is_gguf_faster_than_awq_is_a_no_with_both_engines() -> None:
    r = ask("Is GGUF faster than AWQ for llama 3.1 8b on an RTX 4090?")
    assert first_sentence(r).startswith(
        "No: on 1 × NVIDIA GeForce RTX 4090 24GB, Meta Llama 3.1 8B at q4_k_m on llama.cpp is "
        "not faster than at awq-int4 on vLLM (116 against 147"), head(r)


def test_precision_pair_which_is_faster_names_the_faster() -> None:
    r = ask("fp8 vs int4 for llama 3.1 8b on an H100: which is faster?")
    # was "No: on 1 × ..., Meta Llama 3.1 8B at fp8 is not faster than at int4 (193 against
    # 303 tokens/s for one request)": a yes or no to a question that asked which
    assert first_sentence(r) == (
        "On 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B is faster at int4: about 1.6× as "
        "fast as at fp8 (303 against 193 tokens/s for one request).")
    # one engine: no engine named beside each precision
    assert " on vLLM" not in head(r)
