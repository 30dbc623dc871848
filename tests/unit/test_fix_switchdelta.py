"""A switch of precision asked by how much ("switching from bf16 to fp8 for llama 3.1 8b on
H100, how much faster?", "… how much slower?", "… how much faster and cheaper?", RO "dacă
trec de la bf16 la fp8 …, cu cât e mai rapid?") is weighed as a pair of precisions is, the one
taken first, the ratio leading with no yes or no; cheaper: each priced by the hour and per 1M
output tokens. The memory a switch saves ("how much memory do I save going from bf16 to fp8",
"câtă memorie economisesc dacă trec de la bf16 la fp8") gives both totals, the difference and
the GPUs each takes. Before (audit buyer18b #2, #3): a fit's "Yes, … at fp8 fits … 10.5 GiB",
the cheapest match's $2.58/h, and the new total alone ("71.4 GiB in total")."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_H100 = "NVIDIA H100 SXM5 80GB"


@pytest.mark.parametrize(("text", "pair"), [
    ("switching from bf16 to fp8 for llama 3.1 8b on H100, how much faster?", ("fp8", "bf16")),
    ("switching from int4 to int8 for llama 3.1 8b on RTX4090, how much slower?",
     ("int8", "int4")),
    ("switching from 4 bit to 8 bit for llama 3.1 8b on RTX4090, how much slower?",
     ("int8", "int4")),
    ("switch from bf16 to fp8 for 70B on H100 - how much faster and cheaper?", ("fp8", "bf16")),
    ("fp8 instead of bf16 for llama 3.1 8b on an L4: how much cheaper?", ("fp8", "bf16")),
    ("Dacă trec de la bf16 la fp8 pentru Llama 3.1 8B pe un H100, cu cât e mai rapid?",
     ("fp8", "bf16")),
    # a switch with no difference asked stays the answer at the one taken (test_fix_insteadof)
    ("llama 3.1 70b on 4 h100s, switching from bf16 to fp8: tokens/s per user?", None),
    ("we run llama 3.1 70b in bf16; if we switch to fp8, how fast?", None),
])
def test_a_switch_asked_by_how_much_is_a_pair_weighed(text: str,
                                                       pair: tuple[str, str] | None) -> None:
    st = stated(text, catalog().registry)
    assert st.precisions_weighed == pair
    assert st.precisions_switched == (pair is not None)


def test_how_much_faster_gives_the_ratio_first() -> None:
    r = ask("switching from bf16 to fp8 for llama 3.1 8b on H100, how much faster?")
    assert r.intent == "speed", r.answer  # was fits: "Yes, … at fp8 fits … 10.5 GiB"
    assert first_sentence(r) == (
        f"On 1 × {_H100}, Meta Llama 3.1 8B at fp8 generates about 1.4× as fast as at bf16 "
        "(193 against 136 tokens/s for one request).")
    assert asked(r)[0] == "decode_tokens_per_s"


@pytest.mark.parametrize("question", [
    "switching from int4 to int8 for llama 3.1 8b on RTX4090, how much slower?",
    "switching from 4 bit to 8 bit for llama 3.1 8b on RTX4090, how much slower?",
])
def test_how_much_slower_says_the_one_taken_is_slower(question: str) -> None:
    r = ask(question)
    assert r.intent == "speed", r.answer
    assert ("Meta Llama 3.1 8B at int8 is about 45% slower than at int4 (80.3 against 147 "
            "tokens/s for one request)") in first_sentence(r)


def test_faster_and_cheaper_sizes_each_on_the_gpus_it_needs_and_prices_both() -> None:
    r = ask("What if I switch from bf16 to fp8 for Llama 3.1 70B on H100 - how much faster "
            "and cheaper?")
    assert r.intent == "speed", r.answer  # was cost: "The cheapest match is … $2.58/h"
    first = first_sentence(r)
    # bf16 takes 2 × H100 (135 GiB), fp8 fits on 1: each on its own setup
    assert f"at fp8 on 1 × {_H100}" in first and f"at bf16 on 2 × {_H100}" in first, first
    assert "tokens/s for one request" in first
    assert f"Per 1M output tokens for one request, fp8 on 1 × {_H100} costs about $" in head(r)
    assert "/h at hyperbolic (on-demand)" in head(r)


def test_cheaper_alone_leads_with_the_prices() -> None:
    r = ask("switching from bf16 to fp8 for llama 3.1 8b on an L4, how much cheaper?")
    assert r.intent == "speed", r.answer
    first = first_sentence(r)
    assert first.startswith("Per 1M output tokens for one request, fp8 costs about $"), first
    assert "% less: both run on 1 × NVIDIA L4 24GB at $" in first


def test_romanian_switch_by_how_much() -> None:
    r = ask("Dacă trec de la bf16 la fp8 pentru Llama 3.1 8B pe un H100, cu cât e mai rapid?")
    assert r.intent == "speed", r.answer
    assert first_sentence(r) == (
        f"Pe 1 × {_H100}, Meta Llama 3.1 8B la fp8 generează de aproximativ 1,4 ori mai "
        "repede decât la bf16 (193 față de 136 de tokeni/s pentru o cerere).")


def test_romanian_how_much_faster_pair_has_no_da() -> None:
    # "cât de mult mai rapid" is no yes or no question (it opened "Da: …")
    r = ask("Cât de mult mai rapid e fp8 față de bf16 pentru Llama 3.1 8B pe un H100?")
    assert first_sentence(r).startswith(f"Pe 1 × {_H100}, Meta Llama 3.1 8B la fp8 generează")


def test_memory_saved_going_from_bf16_to_fp8() -> None:
    r = ask("how much memory do I save going from bf16 to fp8 for llama 3.1 70b?")
    assert r.intent == "memory"
    # was "… at fp8 … needs about 71.4 GiB in total (67.7 GiB weights, …)"
    assert first_sentence(r) == (
        "Going from bf16 to fp8, Meta Llama 3.1 70B with 4,096 tokens of context needs about "
        "71.4 GiB in total instead of 135.1 GiB: about 63.8 GiB less (67.7 GiB of weights "
        "instead of 131.4).")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("memory_saved_gib", "GiB") and value == pytest.approx(63.8,
                                                                                      abs=0.1)
    assert ("On NVIDIA H100 PCIe 80GB that is 1 × NVIDIA H100 PCIe 80GB instead of 2 × "
            "NVIDIA H100 PCIe 80GB.") in head(r)


@pytest.mark.parametrize(("question", "saved", "gpus"), [
    ("fp8 instead of bf16 for Llama 3.1 8B on L4 - memory saving?",
     "10.5 GiB in total instead of 17.0 GiB: about 6.5 GiB less",
     "On NVIDIA L4 24GB both take 1 × NVIDIA L4 24GB: the count of GPUs does not change."),
    ("how much VRAM do I save by running Qwen2.5 72B in int4 instead of bf16?",
     "42.4 GiB in total instead of 139.2 GiB: about 96.8 GiB less",
     "1 × NVIDIA RTX 6000 Ada Generation 48GB instead of 4 ×"),
])
def test_memory_saved_other_wordings(question: str, saved: str, gpus: str) -> None:
    r = ask(question)
    assert saved in first_sentence(r), r.answer
    assert gpus in head(r)


@pytest.mark.parametrize(("question", "saved"), [
    ("Câtă memorie economisesc dacă trec Llama 3.1 8B de la bf16 la fp8?",
     "Trecând de la bf16 la fp8, Meta Llama 3.1 8B cu un context de 4.096 de tokeni are nevoie "
     "de aproximativ 10,5 GiB în total în loc de 17,0 GiB: cu aproximativ 6,5 GiB mai puțin"),
    ("Dacă trec de la bf16 la int4 pentru Llama 3.1 70B, câtă memorie economisesc?",
     "40,7 GiB în total în loc de 135,1 GiB: cu aproximativ 94,4 GiB mai puțin"),
])
def test_romanian_memory_saved(question: str, saved: str) -> None:
    r = ask(question)
    assert r.intent == "memory"
    assert saved in first_sentence(r), r.answer  # was the new total alone
    assert "în loc de 2 ×" in head(r) or "în loc de 4 ×" in head(r)


def test_memory_without_a_switch_is_the_total() -> None:
    r = ask("how much memory do I save with fp8 for llama 3.1 70b?")
    assert first_sentence(r).startswith("Meta Llama 3.1 70B at fp8 with 4,096 tokens of "
                                        "context needs about 71.4 GiB in total")
