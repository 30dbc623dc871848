"""/v1/ask and the model field on "Gemma 2" with no size (audit round 23, gemma2): "gemma 2
vram", "how much VRAM for gemma 2?", "gemma 2 on an L4?", "cât VRAM pentru gemma 2?" were
answered as Google Gemma 2B (gemma-2b, the first Gemma's 2B): the typo reader took "gemma2" for
"gemma2b", one letter away. A bare number after a family's name is its version (Gemma 2, Gemma
3); a size has its unit ("2b", "2 b"). The answer now lists Gemma 2's sizes (2B, 9B, 27B), as
for Llama 3 (fix/familysize); "gemma 2b", "gemma 2 2b", "gemma-2-9b", "gemma 7b" name one model
as before. The API's model field "gemma 2" is unknown with Gemma 2's sizes as the suggestions,
as "llama 3" is with Llama 3's (it suggested Gemma 2B first, and "llama 3" Llama 30B)."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract, family_sizes
from service.domain.errors import NotFound
from tests.unit.ask_fixtures import ask, catalog, head

_GEMMA2 = ["gemma-2-2b", "gemma-2-9b", "gemma-2-27b"]


@pytest.mark.parametrize("q", ["gemma 2 vram", "how much VRAM for gemma 2?", "gemma-2 vram",
                               "gemma2 vram"])
def test_gemma_2_without_a_size_lists_the_family(q: str) -> None:
    r = ask(q)
    assert head(r).startswith(
        "Google Gemma 2 comes in 2B, 9B and 27B: at bf16 with 4,096 tokens of context, 2B needs "
        "about 6.5 GiB, 9B about "), r.answer
    assert "Gemma 2B" not in r.answer
    assert r.numbers is None or r.numbers.asked is None


def test_gemma_2_on_a_gpu_says_which_sizes_fit() -> None:
    r = ask("gemma 2 on an L4?")
    assert head(r).startswith(
        "Google Gemma 2 comes in 2B, 9B and 27B: at bf16 with 4,096 tokens of context on 1 × "
        "NVIDIA L4 24GB, 2B fits (about 6.5 GiB per GPU), 9B fits "), r.answer
    assert "27B does not fit" in head(r)


def test_romanian_gemma_2_lists_the_family() -> None:
    r = ask("cât VRAM pentru gemma 2?")
    assert head(r).startswith(
        "Google Gemma 2 există în variantele 2B, 9B și 27B: la bf16 cu un context de 4.096 de "
        "tokeni, 2B are nevoie de aproximativ 6,5 GiB"), r.answer


@pytest.mark.parametrize(("q", "model"), [
    ("gemma 2b vram", "gemma-2b"),
    ("gemma 2 2b vram", "gemma-2-2b"),
    ("gemma-2-9b vram", "gemma-2-9b"),
    ("gemma 2 9b on an L4?", "gemma-2-9b"),
    ("gemma 7b vram", "gemma-7b"),
    ("llama 3 8b vram", "llama-3-8b"),
    ("lama 3 8b vram", "llama-3-8b"),  # a typo is still read, with its size
    ("phi 3 mini vram", "phi-3-mini"),
    ("mistral 7b vram", "mistral-7b-v0.3"),
])
def test_a_size_with_its_unit_still_names_one_model(q: str, model: str) -> None:
    assert extract(q, catalog().registry).model == model
    assert family_sizes(q, catalog().registry) is None


@pytest.mark.parametrize(("q", "ids"), [
    ("gemma 2 vram", _GEMMA2),
    ("gemma-2 vram", _GEMMA2),
    ("gemma2 vram", _GEMMA2),
    ("llama-3 vram", ["llama-3-8b", "llama-3-70b"]),
    ("qwen 2 vram", ["qwen2-0.5b", "qwen2-1.5b", "qwen2-7b", "qwen2-57b-a14b"]),
])
def test_a_bare_version_reads_no_model(q: str, ids: list[str]) -> None:
    reg = catalog().registry
    assert extract(q, reg).model is None
    found = family_sizes(q, reg)
    assert found is not None and found[1] == ids


@pytest.mark.parametrize(("name", "ids"), [
    ("gemma 2", _GEMMA2),
    ("gemma-2", _GEMMA2),
    ("Gemma2", _GEMMA2),
    ("llama 3", ["llama-3-8b", "llama-3-70b"]),
    ("gemma 3", ["gemma-3-1b", "gemma-3-4b", "gemma-3-12b", "gemma-3-27b"]),
])
def test_the_model_field_on_a_family_suggests_its_sizes(name: str, ids: list[str]) -> None:
    with pytest.raises(NotFound) as err:
        catalog().registry.model(name)
    assert err.value.suggestions == ids


@pytest.mark.parametrize(("name", "model"), [
    ("gemma 2b", "gemma-2b"), ("gemma-2-9b", "gemma-2-9b"), ("phi 3", "phi-3-mini"),
    ("phi-4", "phi-4"),
])
def test_the_model_field_on_a_model_is_unchanged(name: str, model: str) -> None:
    assert catalog().registry.model(name).id == model


def test_a_misspelt_name_still_gets_fuzzy_suggestions() -> None:
    with pytest.raises(NotFound) as err:
        catalog().registry.model("lama 3 8")
    assert err.value.suggestions


def test_a_dashed_version_of_another_family_lists_it_too() -> None:
    # "llama-3" was said an unknown model ("did you mean ...?"), as "gemma-2" was
    r = ask("llama-3 vram")
    assert head(r).startswith("Meta Llama 3 comes in 8B and 70B: "), r.answer
