"""A switch of precision ("fp8 instead of bf16", "rather than", "switching from bf16 to fp8",
"fp8, not bf16", RO "în loc de", "de la bf16 la fp8") is answered at the precision taken,
the one left's figure in one sentence after it; of GPUs ("switching from an H100 to an
H200", "de la H100 la H200") the two are weighed, as "an H200 instead of an H100" is. Before
(audit buyer17b #2), both precisions named read as none: the model's own bf16, the one left,
was sized ("30.1 tokens/s per user" where fp8 gives 39.3); "moving from bf16 to fp8" was an
egress passage; "switching from an H100 to an H200" was answered for the H100 alone."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from service.domain.catalog.registry import Registry
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_SETUP = "llama 3.1 70b on 4 h100s for 32 users"


def _registry() -> Registry:
    return catalog().registry


@pytest.mark.parametrize(("text", "taken", "left"), [
    ("run llama 3.1 70b in fp8 instead of bf16", "fp8", "bf16"),
    ("llama 3.1 70b with fp8 rather than bf16", "fp8", "bf16"),
    ("llama 3.1 70b, switching from bf16 to fp8", "fp8", "bf16"),
    ("llama 3.1 70b, moving from bf16 to fp8", "fp8", "bf16"),
    ("llama 3.1 70b: use fp8, not bf16", "fp8", "bf16"),
    ("llama 3.1 70b: switch to fp8 from bf16", "fp8", "bf16"),
    ("we run llama 3.1 70b in bf16; if we switch to fp8, how fast?", "fp8", "bf16"),
    ("instead of bf16, run llama 3.1 70b in fp8", "fp8", "bf16"),
    ("llama 3.1 70b in 4-bit instead of 8-bit", "int4", "int8"),
    ("folosesc fp8 în loc de bf16 pentru llama 3.1 70b", "fp8", "bf16"),
    ("trec de la bf16 la fp8 pentru llama 3.1 70b", "fp8", "bf16"),
    ("trec pe fp8 de la bf16 pentru llama 3.1 70b", "fp8", "bf16"),
    # a pair weighed is no switch: neither is read as the weights (the comparison answers)
    ("llama 3.1 70b: fp8 vs bf16", None, None),
    ("compare fp8 and bf16 for llama 3.1 70b", None, None),
    ("llama 3.1 70b: compare bf16 to fp8", None, None),
    ("is int4 faster than fp8 for llama 3.1 70b", None, None),
    ("llama 3.1 70b in fp8", "fp8", None),
])
def test_the_precision_taken_is_read_and_the_one_left_kept(text: str, taken: str | None,
                                                           left: str | None) -> None:
    assert extract(text, _registry()).weights == taken
    assert stated(text, _registry()).weights_left == left


@pytest.mark.parametrize("question", [
    "what if I run llama 3.1 70b in fp8 instead of bf16 on 4 h100s, how fast is it for 32 "
    "users?",
    f"{_SETUP}: how fast with fp8 rather than bf16?",
    f"{_SETUP}, switching from bf16 to fp8: tokens/s per user?",
    f"{_SETUP}, moving from bf16 to fp8: tokens/s per user?",
    f"{_SETUP}, use fp8, not bf16: tokens/s per user?",
])
def test_english_switch_is_answered_at_the_precision_taken(question: str) -> None:
    r = ask(question)
    at_fp8 = ask("llama 3.1 70b in fp8 on 4 h100s, how fast for 32 users?")
    at_bf16 = ask("llama 3.1 70b in bf16 on 4 h100s, how fast for 32 users?")
    assert r.intent == "speed"  # "moving from bf16" was storage_egress
    # 39.3 tokens/s per user, 1,206 in total (was bf16's 30.1 and 922)
    assert first_sentence(r) == first_sentence(at_fp8)
    assert "at fp8 on 4 × NVIDIA H100 SXM5 80GB" in first_sentence(r)
    quantity, value, _ = asked(at_bf16)
    assert quantity == "output_tokens_per_s_per_user" and "at bf16" in first_sentence(at_bf16)
    per_user = f"{value:.1f}"
    assert (f"For comparison, at bf16 the same setup gives about {per_user} tokens/s per "
            "user") in head(r), head(r)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "fp8"


@pytest.mark.parametrize("question", [
    "Dacă folosesc fp8 în loc de bf16 pentru llama 3.1 70b pe 4 H100, cât de rapid e pentru "
    "32 de utilizatori?",
    "Dacă trec de la bf16 la fp8 pentru llama 3.1 70b pe 4 H100, câți tokeni/s per utilizator "
    "la 32 de utilizatori?",
])
def test_romanian_switch_is_answered_at_the_precision_taken(question: str) -> None:
    r = ask(question)
    assert "Meta Llama 3.1 70B la fp8 pe 4 × NVIDIA H100 SXM5 80GB" in first_sentence(r)
    assert "39,3 tokeni/s pe utilizator" in first_sentence(r)  # was bf16's 30,1
    assert "Prin comparație, la bf16 aceeași configurație dă aproximativ 30,1 tokeni/s" in head(r)


def test_one_request_says_the_precision_left_too() -> None:
    r = ask("llama 3.1 70b on 4 h100s in fp8 instead of bf16: how many tokens/s?")
    alone = ask("llama 3.1 70b on 4 h100s in bf16: how many tokens/s?")
    assert "at fp8" in first_sentence(r)
    assert alone.numbers is not None and alone.numbers.asked is not None
    tps = f"{alone.numbers.asked.value:.1f}"
    assert f"at bf16 the same setup gives about {tps} tokens/s for one request" in head(r)


def test_a_pair_weighed_stays_a_comparison() -> None:
    r = ask(f"{_SETUP}: fp8 vs bf16, which is faster?")
    assert "is faster at fp8" in first_sentence(r)
    assert "For comparison" not in head(r)


@pytest.mark.parametrize("question", [
    "llama 3.1 70b fp8 for 32 users: switching from an h100 to an h200, how fast?",
    "llama 3.1 70b fp8 for 32 users, moving from 4 h100s to 2 h200s: tokens/s per user?",
    "Dacă trec de la H100 la H200 pentru llama 3.1 70b fp8, cât de rapid e pentru 32 de "
    "utilizatori?",
])
def test_a_gpu_switch_weighs_both_cards(question: str) -> None:
    # it was the H100's speed alone, the card left ("moving from": an egress passage)
    r = ask(question)
    assert r.intent == "compare", r.answer
    assert "H200 SXM 141GB" in head(r) and "H100 SXM5 80GB" in head(r)


def test_data_moved_from_a_cloud_is_still_egress() -> None:
    assert ask("how much to move 200 GB of weights from AWS to GCP?").intent == "storage_egress"
