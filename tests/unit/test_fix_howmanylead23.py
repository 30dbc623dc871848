"""Audit howmanylead23: a bare "how many?" after a model on a named GPU ("Llama 3.1 70B on
H100s, how many?", "Llama 3.1 70B pe H100, câte?") was read as a fit: the answer led with
"No, ... does not fit on 1 × NVIDIA H100 SXM5 80GB" and gave the count asked only later. Now
it is the GPU count, as "how many H100s do I need for llama 3.1 70b" is: the count leads and
the numbers' ``asked`` is that count. A yes/no fit keeps its No."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence

H100 = "NVIDIA H100 SXM5 80GB"


@pytest.mark.parametrize(("q", "lead", "n"), [
    ("Llama 3.1 70B on H100s, how many?",
     f"Meta Llama 3.1 70B at bf16 needs 2 × {H100}: about ", 2),
    ("Qwen2.5 72B on H100s, how many?", f"Qwen2.5 72B at bf16 needs 2 × {H100}: about ", 2),
    ("Llama 3.1 70B pe H100, câte?",
     f"Meta Llama 3.1 70B la bf16 are nevoie de 2 × {H100}: aproximativ ", 2),
    ("Llama 3.1 70B pe H100, câți?",
     f"Meta Llama 3.1 70B la bf16 are nevoie de 2 × {H100}: aproximativ ", 2),
    ("Qwen2.5 72B on A100 40GB at 32k context, how many?",
     "Qwen2.5 72B at bf16 needs 8 × NVIDIA A100 SXM4 40GB: about ", 8),
    ("mixtral 8x7b at 4 bit on 4090s, how many?",
     "Mixtral 8x7B at int4 needs 2 × NVIDIA GeForce RTX 4090 24GB: about ", 2),
])
def test_bare_how_many_leads_with_the_count(q: str, lead: str, n: int) -> None:
    r = ask(q)
    assert r.intent == "gpu_count", r.answer
    s = first_sentence(r)
    assert s.startswith(lead), s  # was "No, ... does not fit on 1 × ..."
    assert not s.startswith(("No,", "Nu,"))
    quantity, value, unit = asked(r)
    assert (quantity, value, unit) == ("gpu_count", n, "GPUs")


@pytest.mark.parametrize("q", [
    "Llama 3.1 70B on H100s, how many?",
    "Llama 3.1 70B pe H100, câte?",
])
def test_bare_how_many_is_answered_as_the_explicit_count(q: str) -> None:
    # the same answer as the count asked in full words
    full = ("how many H100s do I need for llama 3.1 70b" if q.startswith("Llama 3.1 70B on")
            else "Câte H100 îmi trebuie pentru Llama 3.1 70B?")
    assert first_sentence(ask(q)) == first_sentence(ask(full))


def test_bare_how_many_with_users_counts_for_the_users() -> None:
    r = ask("Llama 3.1 70B on H100s for 20 users, how many?")
    assert r.intent == "gpu_count"
    assert first_sentence(r).startswith(
        f"For 20 concurrent users, Meta Llama 3.1 70B at bf16 needs 4 × {H100}")


@pytest.mark.parametrize("q", [
    "does Llama 3.1 70B fit on one H100?",
    "Llama 3.1 70B on H100, does it fit?",
])
def test_yes_no_fit_keeps_its_no(q: str) -> None:
    r = ask(q)
    assert r.intent == "fits"
    assert first_sentence(r).startswith("No, Meta Llama 3.1 70B at bf16 does not fit on 1 × ")


def test_bare_how_much_stays_a_price() -> None:
    assert ask("Llama 3.1 70B on H100s, how much?").intent == "cost"
