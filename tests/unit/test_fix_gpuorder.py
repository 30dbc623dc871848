"""A GPU's memory size written before its name names that variant, as it does written after.

"Compare 40GB A100 vs 80GB A100 for llama 3 8b" was answered as a fit on one A100 40GB
(intent fits: both mentions were the bare "A100", so one card was named) where "Compare A100
40GB vs A100 80GB" compares the two cards; "16GB V100 and 32GB V100: which ...?" the same.
The understanding step now reads a size right before a GPU's name ("40GB A100", "40 GB A100",
"80-GB A100", "40GB A100s") as part of the name, resolved as the size after it is. Romanian
"A100-uri de 40 GB" (the card with its article) named the bare A100 and the answer said
"„A100” e citit ca ..."; the "de" before the size is now dropped there too, as after "A100".

A size that is not attached to the name ("40 GB of data", "80 GB on A100", "80 GB, A100")
is no variant. The expected answers are the ones the size-after questions get, never typed in.
"""

from __future__ import annotations

import pytest

from service.domain.answer.intent import details
from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, catalog, first_sentence, head

A40, A80 = "a100-sxm-40gb", "a100-sxm-80gb"
V16, V32 = "v100-sxm2-16gb", "v100-sxm2-32gb"


def _gpus(q: str) -> list[str] | None:
    cat = catalog()
    return details(q, cat.registry, [p.id for p in cat.providers]).gpus


@pytest.mark.parametrize(("q", "gpus"), [
    ("Compare 40GB A100 vs 80GB A100 for llama 3 8b", [A40, A80]),
    ("Compare 40 GB A100 vs 80 GB A100 for llama 3 8b", [A40, A80]),
    ("Compare 40GB A100s vs 80GB A100s for llama 3 8b", [A40, A80]),
    ("Compare 40 GB A100 vs 80-GB A100 for llama 3 8b", [A40, A80]),
    ("Compare 80GB A100 vs 40GB A100 for llama 3 8b", [A80, A40]),
    ("16GB V100 and 32GB V100: which for llama 3 8b?", [V16, V32]),
    ("40GB A100 SXM4 vs 40GB A100 PCIe for llama 3 8b", [A40, "a100-pcie-40gb"]),
    ("24GB 4090 or 48GB A6000 for llama 3 8b?", ["rtx-4090", "rtx-a6000"]),
    ("compară 40GB A100 cu 80GB A100 pentru llama 3 8b", [A40, A80]),
    ("A100-uri de 40 GB vs A100 de 80 GB pentru llama 3 8b?", [A40, A80]),
    ("compară A100 de 40GB cu A100 de 80GB pentru llama 3 8b", [A40, A80]),
])
def test_size_before_the_name_names_the_variant(q: str, gpus: list[str]) -> None:
    assert _gpus(q) == gpus  # the size-first ones were None (one card: the bare A100 / V100)


@pytest.mark.parametrize(("q", "same_as"), [
    ("Compare 40GB A100 vs 80GB A100 for llama 3 8b",
     "Compare A100 40GB vs A100 80GB for llama 3 8b"),
    ("Compare 40 GB A100 vs 80-GB A100 for llama 3 8b",
     "Compare A100 40GB vs A100 80GB for llama 3 8b"),
    ("Compare 40GB A100s vs 80GB A100s for llama 3 8b",
     "Compare A100 40GB vs A100 80GB for llama 3 8b"),
    ("16GB V100 and 32GB V100: which for llama 3 8b?",
     "V100 16GB and V100 32GB: which for llama 3 8b?"),
])
def test_size_first_comparison_answers_as_size_after(q: str, same_as: str) -> None:
    r, want = ask(q), ask(same_as)
    assert want.intent == "compare", want.answer  # the premise: the size-after one compares
    assert r.intent == "compare", r.answer  # was fits: "Yes, ... fits on 1 × NVIDIA A100 ..."
    assert first_sentence(r) == first_sentence(want), r.answer


@pytest.mark.parametrize(("q", "same_as"), [
    ("A100-uri de 40 GB vs A100 de 80 GB pentru llama 3 8b?",
     "A100 de 40 GB vs A100 de 80 GB pentru llama 3 8b?"),
    ("compară 40GB A100 cu 80GB A100 pentru llama 3 8b",
     "compară A100 de 40GB cu A100 de 80GB pentru llama 3 8b"),
])
def test_romanian_size_with_the_card_answers_as_size_after(q: str, same_as: str) -> None:
    r, want = ask(q), ask(same_as)
    assert want.intent == "compare", want.answer
    assert r.intent == "compare", r.answer
    assert head(r) == head(want), r.answer
    assert "e citit ca" not in head(r), r.answer  # "A100-uri de 40 GB" named the bare A100


def test_size_first_reads_the_variant_for_every_intent() -> None:
    reg = catalog().registry
    assert extract("Does llama 3 70b fit on 2x 80GB A100?", reg).gpu == A80
    assert extract("Does llama 3 70b fit on 2x 80GB A100?", reg).gpu_count == 2
    assert extract("llama 3 8b pe un 32GB V100", reg).gpu == V32
    assert extract("llama 3 8b pe un V100-ul de 32 GB", reg).gpu == V32
    r = ask("Does Llama 3.1 70B in bf16 fit on 2 × 80 GB A100s?")
    assert r.intent == "fits" and "2 × NVIDIA A100 SXM4 80GB" in head(r), r.answer


@pytest.mark.parametrize(("q", "gpus"), [
    ("I have 40 GB of data, does llama 3 8b fit on an A100 or an H100?", [A40, "h100-sxm"]),
    ("a model needing 80 GB on A100 or H100: which for llama 3 8b?", [A40, "h100-sxm"]),
    ("it needs 80 GB, A100 or H100?", [A40, "h100-sxm"]),
])
def test_size_not_attached_to_the_name_is_no_variant(q: str, gpus: list[str]) -> None:
    assert _gpus(q) == gpus


def test_size_no_variant_has_keeps_the_name_alone() -> None:
    # no 80GB H100 NVL: the NVL named in full, the size no part of another card's name
    assert _gpus("80GB H100 NVL vs H100 SXM for llama 3 8b") == ["h100-nvl", "h100-sxm"]
    reg = catalog().registry
    assert extract("I have 80 GB of data, does llama 3 8b fit on an A100?", reg).gpu == A40
