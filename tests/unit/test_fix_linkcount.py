"""The stated GPU count in "NVLink vs PCIe, by how much" and Romanian bit counts in
precision lists (buyer21 audit #4 and #9, task linkcount).

#4: "How much faster is Llama 3.1 70B on 8x H100 NVLink vs PCIe?" compared 2 x SXM5 with
2 x PCIe (the fewest that hold 70B), 1.6x; the link's effect grows with the tensor-parallel
width, so the count stated (8) is compared on both sides now, and the lead says the part of
the gap that is memory bandwidth (the catalog's H100 SXM5 3,350 GB/s against PCIe 2,000).
#9: "Cât VRAM pentru Llama 3.1 8B la fp16 față de 4 biți?" gave bf16 alone: "4 biți" was no
side of the pair or list; now fp16 and int4 (and int8 for "8 biți") as in English."""

from __future__ import annotations

import pytest

from service.domain.answer import intent
from tests.unit.ask_fixtures import ask, catalog, first_sentence


@pytest.mark.parametrize(("question", "setup"), [
    ("How much faster is Llama 3.1 70B on 8x H100 NVLink vs PCIe?", "8 × NVIDIA H100"),
    ("Cu cât e mai rapid Llama 3.1 70B pe 8x H100 NVLink față de PCIe?", "8 × NVIDIA H100"),
    ("NVLink vs PCIe for Llama 3.1 70B on 4x A100 80GB: by how much faster?", "4 × NVIDIA A100"),
    ("Mixtral 8x7B on 4x A100 80GB NVLink vs PCIe: by how much faster?", "4 × NVIDIA A100"),
    ("NVLink vs PCIe for Llama 3.1 70B on 8x A100 80GB, how much faster at 16 users?",
     "8 × NVIDIA A100"),
])
def test_nvlink_vs_pcie_keeps_the_stated_count(question: str, setup: str) -> None:
    r = ask(question)
    assert r.intent == "compare", r.intent
    first = first_sentence(r)
    sxm = setup + (" SXM5 80GB" if "H100" in setup else " SXM4 80GB")
    pcie = setup + " PCIe 80GB"
    assert first.startswith(sxm) and pcie in first, first
    assert "2 × " not in first, first


@pytest.mark.parametrize(("question", "said"), [
    ("How much faster is Llama 3.1 70B on 8x H100 NVLink vs PCIe?",
     "Part of that gap is memory bandwidth, not the link: the NVIDIA H100 SXM5 80GB reads its"
     " memory at 3,350 GB/s, the NVIDIA H100 PCIe 80GB at 2,000 GB/s."),
    ("Cu cât e mai rapid Llama 3.1 70B pe 8x H100 NVLink față de PCIe?",
     "lățimea de bandă a memoriei, nu din legătură: NVIDIA H100 SXM5 80GB își citește memoria"
     " la 3.350 GB/s, NVIDIA H100 PCIe 80GB la 2.000 GB/s."),
])
def test_nvlink_vs_pcie_says_the_bandwidth_part(question: str, said: str) -> None:
    r = ask(question)
    assert said in r.answer.split("\n\n")[0], r.answer


def test_the_count_is_each_variants() -> None:
    reg = catalog().registry
    st = intent.stated("How much faster is Llama 3.1 70B on 8x H100 NVLink vs PCIe?", reg)
    assert dict(st.gpu_counts) == {"h100-sxm": 8, "h100-pcie": 8}, st.gpu_counts
    st = intent.stated("How fast is Llama 3.1 70B on H100 NVLink vs PCIe?", reg)
    assert st.gpu_counts == (), st.gpu_counts  # no count said: the fewest that hold it


@pytest.mark.parametrize(("question", "listed"), [
    ("Cât VRAM pentru Mistral 7B la fp16, int8 și 4 biți?", ("fp16", "int8", "int4")),
    ("Cât VRAM pentru Mistral 7B la fp16, 8 biți și pe 4 biți?", ("fp16", "int8", "int4")),
    ("How much VRAM for Mistral 7B at fp16, 8 bits and 4 bits?", ("fp16", "int8", "int4")),
])
def test_bit_counts_are_listed(question: str, listed: tuple[str, ...]) -> None:
    assert intent._precisions_listed(intent._fold(question)) == listed


@pytest.mark.parametrize("question", [
    "Cât VRAM pentru Llama 3.1 8B la fp16 față de 4 biți?",
    "Cât VRAM pentru Llama 3.1 8B la fp16 sau pe 4 biți?",
])
def test_bit_counts_are_weighed(question: str) -> None:
    assert intent._precisions_weighed(intent._fold(question)) == ("fp16", "int4")


def test_romanian_bits_answer_each_precision() -> None:
    r = ask("Cât VRAM pentru Llama 3.1 8B la fp16 față de 4 biți?")
    first = first_sentence(r)
    assert first.startswith("La fp16,") and "17,0 GiB" in first, first
    assert "la int4, de aproximativ 7,4 GiB" in first, first
    r = ask("Cât VRAM pentru Mistral 7B la fp16, int8 și 4 biți?")
    first = first_sentence(r)
    assert "15,6 GiB" in first and "la int8, de aproximativ 9,1 GiB" in first, first
    assert "la int4, de aproximativ 5,9 GiB" in first, first
