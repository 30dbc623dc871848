"""/v1/ask on a model family the catalog has, named with its version and no size (audit round
23, familysize): "how much VRAM for llama 3?", "Qwen 3 VRAM?", "Falcon 3 on an L4?", "Llama 2 on
2 A100s?", "cât VRAM pentru llama 3?" got a guidance passage alone. The answer now names the
sizes the family comes in, each sized as the question naming it alone sizes it (its memory, or
whether it fits the GPU named), and asks which one to size further; no single number is the
one asked. And "DeepSeek V2.5", which the catalog keeps under DeepSeek-V2 (the same 236B
architecture, huggingface.co/deepseek-ai/DeepSeek-V2.5/blob/main/config.json), says its
figures are DeepSeek-V2's (it was answered as V2 with no word)."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import family_sizes, version_read
from tests.unit.ask_fixtures import ask, catalog, head


def _total(q: str) -> str:
    """The single model's memory, as its own answer gives it (one decimal, English)."""
    r = ask(q)
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    return f"{r.numbers.sizing.total_gib:,.1f}"


def test_a_family_with_a_version_lists_its_sizes_each_sized_as_alone() -> None:
    r = ask("how much VRAM for llama 3?")
    small = _total("how much VRAM for llama 3 8b?")
    large = _total("how much VRAM for llama 3 70b?")
    assert head(r).startswith(
        f"Meta Llama 3 comes in 8B and 70B: at bf16 with 4,096 tokens of context, 8B needs "
        f"about {small} GiB and 70B about {large} GiB (say which one to size it further)."
    ), r.answer
    assert r.intent == "memory"
    assert r.numbers is None or r.numbers.asked is None  # several figures, none the one asked


def test_romanian_lists_the_sizes_too() -> None:
    r = ask("cât VRAM pentru llama 3?")
    assert head(r).startswith(
        "Meta Llama 3 există în variantele 8B și 70B: la bf16 cu un context de 4.096 de tokeni, "
        "8B are nevoie de aproximativ 17,0 GiB și 70B de aproximativ "), r.answer
    assert "(spuneți-mi pe care s-o dimensionez mai departe)" in head(r)


def test_a_family_of_many_sizes_shows_a_spread_and_names_the_rest() -> None:
    r = ask("Qwen 3 VRAM?")
    assert head(r).startswith(
        "Qwen3 comes in 0.6B, 4B, 30B-A3B and 235B-A22B, and 4 more (1.7B, 8B, 14B, 32B): at bf16 "
        "with 4,096 tokens of context, 0.6B needs about "), r.answer


@pytest.mark.parametrize(("q", "lead", "rows"), [
    ("Falcon 3 on an L4?", "Falcon3 comes in 1B, 3B, 7B and 10B: at bf16 with 4,096 tokens of "
     "context on 1 × NVIDIA L4 24GB, ",
     {"falcon3-1b": True, "falcon3-3b": True, "falcon3-7b": True, "falcon3-10b": False}),
    ("Llama 2 on 2 A100s?", "Meta Llama 2 comes in 7B, 13B and 70B: at bf16 with 4,096 tokens "
     "of context on 2 × NVIDIA A100 SXM4 40GB, ",
     {"llama-2-7b": True, "llama-2-13b": True, "llama-2-70b": False}),
])
def test_a_family_on_a_gpu_says_which_sizes_fit(q: str, lead: str,
                                                rows: dict[str, bool]) -> None:
    r = ask(q)
    assert head(r).startswith(lead), r.answer
    assert r.intent == "fits"
    assert r.numbers is not None and r.numbers.asked is None, r.answer
    assert [c.model for c in r.numbers.compared] == list(rows), r.answer
    for mid, fits in rows.items():
        size = catalog().registry.models[mid].name.split()[-1]
        assert (f"{size} fits (about" if fits else f"{size} does not fit (about") in head(r)


def test_the_falcon_10b_row_matches_its_own_fit() -> None:
    alone = ask("Falcon3 10B on an L4?")
    assert alone.numbers is not None and alone.numbers.asked is not None
    assert alone.numbers.asked.yes is False
    need = f"{alone.numbers.asked.value:,.1f}"
    assert f"10B does not fit (about {need} GiB per GPU)" in head(ask("Falcon 3 on an L4?"))


@pytest.mark.parametrize("q", [
    "how much VRAM for llama 3 8b?", "Llama 5 VRAM?", "Llama on 4 H100s", "llama 3 405 vram",
])
def test_a_size_or_a_version_the_catalog_lacks_reads_no_family(q: str) -> None:
    assert family_sizes(q, catalog().registry) is None


def test_deepseek_v25_says_the_figures_are_v2s() -> None:
    r = ask("how much VRAM for DeepSeek V2.5?")
    assert "“DeepSeek V2.5” has no entry of its own in the catalog: the figures are those of " \
           "DeepSeek-V2 (236B, 21B active), whose architecture (parameter count and layers) it " \
           "shares." in head(r), r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.model == "deepseek-v2"
    ro = ask("cât VRAM pentru DeepSeek V2.5?")
    assert "„DeepSeek V2.5” nu are o intrare proprie în catalog: cifrele sunt ale modelului " \
           "DeepSeek-V2" in head(ro), ro.answer
    # its own name says nothing more
    assert version_read("how much VRAM for DeepSeek V2?", catalog().registry,
                        "deepseek-v2") is None
    assert "no entry of its own" not in head(ask("how much VRAM for DeepSeek V2?"))
