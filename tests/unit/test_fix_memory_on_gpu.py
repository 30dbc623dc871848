"""A memory question with a GPU named answers for that GPU: the total, then whether it fits
on the GPU asked about (per GPU against its usable memory) and, when not, how many of it hold
the model; it listed three other 20 GB cards and left the L4 or the 4090 unanswered."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, head


def test_memory_on_an_l4_says_it_fits_there() -> None:
    r = ask("How much memory does Llama 3.1 8B need on an L4?")
    text = head(r)
    assert "17.0 GiB in total" in text
    assert "On 1 × NVIDIA L4 24GB it fits" in text
    assert "RTX 4000 Ada" not in text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "total_gib"


def test_memory_on_a_4090_says_it_does_not_fit_and_how_many_do() -> None:
    text = head(ask("how much vram for qwen 2.5 32b on a 4090"))
    assert "It does not fit on 1 × NVIDIA GeForce RTX 4090 24GB" in text
    assert "takes 4 × NVIDIA GeForce RTX 4090 24GB" in text
    assert "H100" not in text


def test_memory_on_a_t4_names_the_precision_the_t4_runs() -> None:
    text = head(ask("how much vram does llama 3.1 8b need on a T4 for 10 users"))
    assert "5.0 GiB KV cache for the 10 users" in text
    assert "does not fit on 1 × NVIDIA T4 16GB at fp16" in text


def test_memory_on_a_gpu_in_romanian() -> None:
    text = head(ask("Câtă memorie îi trebuie lui Llama 3.1 8B pe un L4?"))
    assert "Pe 1 × NVIDIA L4 24GB încape: aproximativ 17,0 GiB pe GPU" in text


def test_memory_without_a_gpu_still_lists_the_cards_that_hold_it() -> None:
    text = head(ask("How much memory does Llama 3.1 8B need?"))
    assert "It fits on 1 ×" in text
