"""Two precisions of the same bit width weighed (audit samebits):

1. "fp8 vs int8 on h100 for llama 3.1 8b, which is faster?": both need 10.5 GiB of the
   71.7 GiB per GPU, yet the verdict said "Take fp8: int8 leaves only 61.2 GiB of the
   71.7 GiB per GPU free, under the 10% ... The quality of int8: ...; for it, use more GPUs"
   (the room verdict, reached whenever the taken one did not have more bits). Now: "Either
   serves: fp8 and int8 both fit with at least 10% of the memory free ..., both are 8-bit and
   they run about as fast (193 against 191 tokens/s for one request)." Same for AWQ against
   GPTQ on an L40S (131 against 131), and in Romanian.
2. The quality verdict compared exact bits with their scales: Q4_K_M (4.5) over AWQ (4.156),
   Q8_0 (8.5) over FP8 (8.0), "its quality is practically lossless". Both are the same
   nominal width: no quality difference is claimed, the faster one is taken.
3. "is fp8 faster than int8 ...?" (193 against 191) was "Yes: ... about 1.0× as fast": now
   "Yes, but only barely: ... about as fast".
4. Neither leaving the headroom (fp8 and int8 of Llama 3.1 70B on one H100, 71.4 GiB each
   of 71.7) said "int8 leaves only 0.3 GiB free ... while fp8 has room": now both said."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_FP8_INT8 = "fp8 vs int8 on h100 for llama 3.1 8b, which is faster?"
_FP8_INT8_RO = "fp8 sau int8 pe H100 pentru llama 3.1 8b, care e mai rapid?"


def test_fp8_vs_int8_has_no_false_room_verdict() -> None:
    r = ask(_FP8_INT8)
    text = head(r)
    # the lead stays as fix/gguf8 made it
    assert first_sentence(r) == (
        "On 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B is about as fast at fp8 as at int8 "
        "(193 against 191 tokens/s for one request).")
    # was "Take fp8: int8 leaves only 61.2 GiB of the 71.7 GiB per GPU free, under the 10%"
    assert "leaves only" not in text, text
    assert "use more GPUs" not in text and "The quality of" not in text, text
    assert ("Either serves: fp8 and int8 both fit with at least 10 % of the memory free, as the "
            "recommendations require to serve a model, both are 8-bit and they run about as "
            "fast (193 against 191 tokens/s for one request).") in text, text
    assert not r.answer.startswith(("Yes", "No"))


def test_fp8_vs_int8_in_romanian() -> None:
    r = ask(_FP8_INT8_RO)
    text = head(r)
    assert first_sentence(r).startswith(
        "Pe 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B este aproximativ la fel de rapid la "
        "fp8 ca la int8 (193 față de 191 de tokeni/s"), text
    # was "Alegeți fp8: int8 lasă libere doar 61,2 GiB din cei 71,7 GiB pe GPU, sub cei 10%"
    assert "lasă libere doar" not in text and "Calitatea la" not in text, text
    assert ("Oricare merge: fp8 și int8 încap amândouă lăsând liberă cel puțin 10 % din "
            "memorie") in text, text
    assert "amândouă sunt pe 8 biți" in text, text
    assert not r.answer.startswith(("Da", "Nu"))


def test_awq_vs_gptq_is_a_tie_without_a_room_or_quality_verdict() -> None:
    r = ask("awq vs gptq on an L40S for llama 3.1 8b, which is faster?")
    text = head(r)
    assert not r.answer.startswith(("Yes", "No")), text
    assert "leaves only" not in text and "The quality of" not in text, text
    assert "Either serves: awq-int4 and gptq-int4 both fit" in text, text
    assert "both are 4-bit" in text


def test_awq_vs_gptq_in_romanian() -> None:
    r = ask("awq sau gptq pe un L40S pentru llama 3.1 8b, care e mai rapid?")
    text = head(r)
    assert "lasă libere doar" not in text and "Calitatea la" not in text, text
    assert "Oricare merge: awq-int4 și gptq-int4 încap amândouă" in text, text
    assert "amândouă sunt pe 4 biți" in text, text


def test_gguf_vs_awq_takes_the_faster_not_the_extra_scale_bits() -> None:
    r = ask("GGUF vs AWQ for llama 3.1 8b on an RTX 4090: which is faster?")
    text = head(r)
    # was "Take q4_k_m on llama.cpp: it fits ..., and its quality is small loss; awq-int4 on
    # vLLM generates about 1.3× as fast ... if speed matters more than a small loss of
    # quality": 4.5 against 4.156 bits, both 4-bit formats
    assert "Take q4_k_m" not in text and "its quality is" not in text, text
    assert ("Take awq-int4 on vLLM: both fit with at least 10 % of the memory free, as the "
            "recommendations require to serve a model, and both are 4-bit, so speed decides: "
            "awq-int4 on vLLM generates about 1.3× as fast as q4_k_m on llama.cpp (147 "
            "against 116 tokens/s for one request).") in text, text


def test_gguf_vs_awq_in_romanian() -> None:
    r = ask("GGUF sau AWQ pentru llama 3.1 8b pe RTX 4090: care e mai rapid?")
    text = head(r)
    assert "Alegeți q4_k_m" not in text and "calitatea sa" not in text, text
    assert "Alegeți awq-int4 pe vLLM: ambele încap" in text, text
    assert "ambele sunt pe 4 biți, deci decide viteza" in text, text


def test_q8_0_vs_fp8_claims_no_quality_difference() -> None:
    r = ask("q8_0 vs fp8 for llama 3.1 8b on an L40S, which is faster?")
    text = head(r)
    # was "Take q8_0 on llama.cpp: ... its quality is practically lossless" (8.5 over 8.0 bits)
    assert "its quality is" not in text and "Take q8_0" not in text, text
    assert "Either serves: q8_0 on llama.cpp and fp8 on vLLM both fit" in text, text
    assert "both are 8-bit" in text


def test_is_fp8_faster_than_int8_is_only_barely() -> None:
    r = ask("is fp8 faster than int8 on h100 for llama 3.1 8b?")
    # was "Yes: on 1 × ..., Meta Llama 3.1 8B at fp8 generates about 1.0× as fast as at int8"
    assert first_sentence(r) == (
        "Yes, but only barely: on 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B at fp8 is about "
        "as fast as at int8 (193 against 191 tokens/s for one request).")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True
    assert "leaves only" not in head(r)


def test_is_fp8_faster_than_int8_in_romanian() -> None:
    r = ask("este fp8 mai rapid decât int8 pe h100 pentru llama 3.1 8b?")
    assert first_sentence(r).startswith(
        "Da, dar doar la limită: pe 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B la fp8 este "
        "aproximativ la fel de rapid ca la int8 (193 față de 191 de tokeni/s"), head(r)
    assert "lasă libere doar" not in head(r)


def test_is_int8_faster_than_fp8_stays_no() -> None:
    r = ask("is int8 faster than fp8 on h100 for llama 3.1 8b?")
    assert first_sentence(r).startswith(
        "No: on 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B at int8 is not faster than at fp8")


def test_neither_leaving_the_headroom_says_both() -> None:
    r = ask("should I use fp8 or int8 for llama 3.1 70b on an h100?")
    text = head(r)
    # was "Take fp8: int8 leaves only 0.3 GiB of the 71.7 GiB per GPU free, ..., while fp8
    # has room for one request" (fp8 leaves the same 0.3 GiB)
    assert "leaves only" not in text, text
    assert ("Neither leaves the 10 % of the memory free that the recommendations keep to serve "
            "a model: fp8 leaves 0.3 GiB of the 71.7 GiB per GPU free and int8 0.3 GiB of "
            "71.7.") in text, text
    assert "At fp8 with that memory free: 2 × NVIDIA H100 SXM5 80GB" in text, text
    assert asked(r)[:2] == ("precision_bits", 8)


def test_neither_leaving_the_headroom_in_romanian() -> None:
    r = ask("ar trebui să folosesc fp8 sau int8 pentru llama 3.1 70b pe un h100?")
    text = head(r)
    assert "lasă libere doar" not in text, text
    assert "Niciuna nu lasă liberă 10 % din memorie" in text, text
    assert "fp8 lasă libere 0,3 GiB din cei 71,7 GiB pe GPU, iar int8 0,3 GiB din 71,7" in text


def test_a_real_room_difference_keeps_its_verdict() -> None:
    # fp8 of 70B leaves 0.3 GiB of an H100's 71.7, int4 keeps the headroom: the room verdict
    r = ask("Should I use fp8 or int4 for Llama 3.1 70B on an H100?")
    text = head(r)
    assert "Take int4: fp8 leaves only 0.3 GiB of the 71.7 GiB per GPU free" in text, text
    assert "The quality of fp8:" in text  # a wider bit width: its quality, for more GPUs
