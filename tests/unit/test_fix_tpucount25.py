"""Buyer audit 25b #6: "How many TPU v5e chips for Llama 3.1 70B in bf16?" was answered as a
single chip's fit ("No, ... does not fit on 1 × Google Cloud TPU v5e ...", "per GPU"), never
the count asked, while /v1/sizing holds it on 16 × TPU v5e (TP8 × PP2) and the same question
for an L4 gave "needs 8 × NVIDIA L4". A TPU or "chips" ("câte cipuri") was no count word of
the intent's count question, and the count answer, once reached, skipped a TPU in one node
(the sizing's fits_on lists no TPU) for the node search: 16 × TPU v6e where 8 hold it. The
answer now leads with the count, in chips ("cipuri"), the 8-bit count after it."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import classify
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _fewest(model: str, gpu: str, weights: str) -> int:
    """The fewest ``gpu`` /v1/sizing says hold ``model`` at ``weights`` (4,096 tokens)."""
    for n in (1, 2, 4, 8, 16, 32):
        r = size(msgspec.convert({"model": model, "gpu": gpu, "gpu_count": n,
                                  "weights": weights, "input_tokens": 4096,
                                  "output_tokens": 0}, SizingRequest), catalog())
        if r.fits:
            return n
    raise AssertionError("no count holds it")


@pytest.mark.parametrize("q", [
    "How many TPU v5e chips for Llama 3.1 70B in bf16?",
    "How many TPU v5e for Llama 3.1 70B?",
    "How many chips of TPU v6e for Llama 3.1 70B?",
    "how many tpus for llama 3.1 70b on a TPU v6e?",
    "Number of TPU v5e chips for Llama 3.1 70B",
    "TPU v5e chips needed for Llama 3.1 70B?",
    "Câte cipuri TPU v5e pentru Llama 3.1 70B în bf16?",
    "Câți TPU v5e pentru Llama 3.1 70B?",
    "Numărul de cipuri TPU v5e pentru Llama 3.1 70B?",
])
def test_a_tpu_count_is_a_count_question(q: str) -> None:
    assert classify(q, "llm", 1, True, None)[0] == "gpu_count"


def test_users_per_chip_stay_users() -> None:
    # (the count words now read "tpu" and "chip": users per one of them are no count; "users
    # per H100" was read as a count of H100s, answered "needs 1 × H100")
    for q in ("How many users per TPU v5e for Llama 3.1 8B?",
              "How many requests per chip for Llama 3.1 8B on TPU v6e?",
              "How many users per H100 for Llama 3.1 8B?"):
        assert classify(q, "llm", 1, True, None)[0] != "gpu_count", q


def test_en_tpu_v5e_leads_with_16_chips_then_8_at_int8() -> None:
    r = ask("How many TPU v5e chips for Llama 3.1 70B in bf16?")
    lead = first_sentence(r)
    assert lead.startswith("Meta Llama 3.1 70B at bf16 needs 16 chips: 2 nodes of 8 × "
                           "Google Cloud TPU v5e (per chip), about 10.1 GiB per chip"), lead
    assert "GPU" not in head(r)
    assert "At int8 it takes 8 chips, 8 × Google Cloud TPU v5e (per chip) (about 10.4 GiB per " \
           "chip)." in head(r)
    assert "does not fit" not in head(r)
    assert asked(r) == ("gpu_count", 16, "chips")


def test_en_tpu_v5e_without_precision_and_without_chips_word() -> None:
    r = ask("How many TPU v5e for Llama 3.1 70B?")
    assert first_sentence(r).startswith("Meta Llama 3.1 70B at bf16 needs 16 chips")
    assert asked(r) == ("gpu_count", 16, "chips")


def test_en_tpu_v6e_in_one_node_is_8_not_16() -> None:
    # /v1/sizing: 8 × TPU v6e hold it at bf16, 4 at int8; 16 × TPU v5e at bf16, 8 at int8
    assert [_fewest("llama-3.1-70b", g, p) for g in ("tpu-v6e", "tpu-v5e")
            for p in ("bf16", "int8")] == [8, 4, 16, 8]
    r = ask("How many chips of TPU v6e for Llama 3.1 70B?")
    assert first_sentence(r) == (
        "Meta Llama 3.1 70B at bf16 needs 8 chips: 8 × Google Cloud TPU v6e Trillium (per chip), "
        "about 18.3 GiB per chip with 4,096 tokens of context.")
    assert "At int8 it takes 4 chips, 4 × Google Cloud TPU v6e Trillium (per chip)" in head(r)
    assert asked(r) == ("gpu_count", 8, "chips")


def test_en_small_model_two_chips_one_at_int8() -> None:
    r = ask("How many TPU v5e chips for Llama 3.1 8B?")
    assert first_sentence(r).startswith("Meta Llama 3.1 8B at bf16 needs 2 chips: 2 × Google "
                                        "Cloud TPU v5e (per chip), about 9.4 GiB per chip")
    assert "At int8 one chip holds it, 1 × Google Cloud TPU v5e (per chip)" in head(r)
    assert asked(r) == ("gpu_count", 2, "chips")


def test_ro_cipuri_tpu_v5e() -> None:
    r = ask("Câte cipuri TPU v5e pentru Llama 3.1 70B în bf16?")
    assert first_sentence(r).startswith(
        "Meta Llama 3.1 70B la bf16 are nevoie de 16 cipuri: 2 noduri de câte 8 × Google Cloud "
        "TPU v5e (per cip), aproximativ 10,1 GiB pe cip"), first_sentence(r)
    assert "La int8 are nevoie de 8 cipuri, 8 × Google Cloud TPU v5e (per cip)" in head(r)
    assert "GPU" not in head(r)
    assert asked(r) == ("gpu_count", 16, "chips")


def test_ro_tpu_v6e_opt_cipuri() -> None:
    r = ask("Câte TPU v6e îmi trebuie pentru Llama 3.1 70B?")
    assert first_sentence(r).startswith(
        "Meta Llama 3.1 70B la bf16 are nevoie de 8 cipuri: 8 × Google Cloud TPU v6e Trillium "
        "(per cip), aproximativ 18,3 GiB pe cip")
    assert "La int8 are nevoie de 4 cipuri" in head(r)


def test_a_price_asked_for_an_unpriced_tpu_says_so() -> None:
    r = ask("How many TPU v5e chips for Llama 3.1 70B, and the monthly cost?")
    assert first_sentence(r).startswith("Meta Llama 3.1 70B at bf16 needs 16 chips")
    assert "The catalog has no price for Google Cloud TPU v5e (per chip)" in head(r)


def test_chips_stated_are_a_count_in_a_fit_question() -> None:
    r = ask("Does Llama 3.1 70B fit on 16 chips of TPU v5e?")
    assert first_sentence(r).startswith("Yes, Meta Llama 3.1 70B at bf16 fits on 16 × Google "
                                        "Cloud TPU v5e (per chip): it needs about 10.1 GiB per "
                                        "chip")
    r = ask("Încape Llama 3.1 70B pe 8 cipuri TPU v5e?")
    assert first_sentence(r).startswith("Nu, Meta Llama 3.1 70B la bf16 nu încape pe 8 × Google "
                                        "Cloud TPU v5e (per cip): are nevoie de aproximativ 18,3 "
                                        "GiB pe cip")


def test_a_tpu_fit_answer_says_chip() -> None:
    r = ask("Does Llama 3.1 70B fit on a TPU v5e?")
    assert "per GPU" not in head(r).split(" It fits on ")[0]
    assert "At int8 it takes 8 chips" in head(r)


def test_a_gpu_count_keeps_gpu_words_and_gains_the_8_bit_count() -> None:
    r = ask("How many L4 for Llama 3.1 70B in bf16?")
    assert first_sentence(r) == ("Meta Llama 3.1 70B at bf16 needs 8 × NVIDIA L4 24GB: about "
                                 "18.3 GiB per GPU with 4,096 tokens of context.")
    assert "At fp8 it takes 4 × NVIDIA L4 24GB (about 19.2 GiB per GPU)." in head(r)
    assert asked(r) == ("gpu_count", 8, "GPUs")
