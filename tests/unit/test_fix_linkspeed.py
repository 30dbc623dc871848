"""A speed asked on a setup said with its link (buyer20 audit #4, task linkspeed).

"NVLink" or "PCIe" in a speed question gave the link specs alone ("Mixtral 8x22B at fp8 on
4x H100 NVLink: tokens/s with 10 users and TTFT?" -> "The NVIDIA H100 SXM5 80GB links its GPUs
with NVLink 4 ... at 900 GB/s."). Now the speed is answered on the GPU named, on its own
interconnect; "NVLink vs PCIe" on a card named compares its SXM and PCIe variants and, where
"by how much" is asked, leads with the ratio; "no NVLink" on a card whose catalog link is
NVLink is said not to be modelled. A question about the link itself still gets the link."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, first_sentence, head


@pytest.mark.parametrize("question", [
    "Mixtral 8x22B at fp8 on 4x H100 NVLink: tokens/s with 10 users and TTFT?",
    "Mixtral 8x22B la fp8 pe 4x H100 cu NVLink: tokeni/s la 10 utilizatori și TTFT?",
])
def test_nvlink_in_a_speed_question_gives_the_speed(question: str) -> None:
    r = ask(question)
    assert r.intent == "speed", r.intent
    first = first_sentence(r)
    assert "205 ms" in first and "4 × NVIDIA H100 SXM5 80GB" in first, first
    text = head(r)
    assert "48.5" in text or "48,5" in text, text
    assert "links its GPUs" not in first and "își leagă" not in first, first


@pytest.mark.parametrize("question", [
    "Llama 3.1 70B fp8 on 8x A100 PCIe (no NVLink) vs 8x A100 SXM: tokens/s at 32 users?",
    "Llama 3.1 70B fp8 on 8x A100 PCIe vs 8x A100 SXM: tokens/s at 32 users?",
])
def test_pcie_vs_sxm_at_a_load_compares_the_two_speeds(question: str) -> None:
    r = ask(question)
    assert r.intent == "compare", r.intent
    text = head(r)
    assert "8 × NVIDIA A100 PCIe 80GB about 21.2 tokens/s per user" in text, text
    assert "8 × NVIDIA A100 SXM4 80GB about 26.7 tokens/s per user" in text, text
    assert "Interconnect:" not in text and "SXM4 40GB:" not in text, text


def test_no_nvlink_is_said_not_modelled() -> None:
    r = ask("Llama 3.1 70B fp8 on 8x A100 PCIe (no NVLink) vs 8x A100 SXM: tokens/s at 32 users?")
    assert "“No NVLink” is not modelled: the NVIDIA A100 PCIe 80GB is timed on its own link" \
        in head(r), head(r)
    ro = ask("Llama 3.1 70B pe 8 A100 PCIe fără NVLink: câți tokeni/s la 32 de utilizatori?")
    assert ro.intent == "speed", ro.intent
    assert "14,2 tokeni/s pe utilizator" in first_sentence(ro), first_sentence(ro)
    # bf16 at 32 users runs as tensor parallel 4 (x 2 replicas): a 4-GPU group of bridged
    # cards is timed over PCIe already, which is what "without NVLink" means (audit 25b #10)
    assert ("„Fără NVLink” este chiar ce se estimează aici: puntea NVLink a plăcii NVIDIA "
            "A100 PCIe 80GB leagă doar perechi de plăci") in head(ro), head(ro)
    # not said where no one said the box lacks NVLink
    plain = ask("Llama 3.1 70B fp8 on 8x A100 PCIe vs 8x A100 SXM: tokens/s at 32 users?")
    assert "not modelled" not in head(plain)


@pytest.mark.parametrize(("question", "lead"), [
    ("Mixtral 8x7B on 2x A100 80GB NVLink vs PCIe, by how much faster?",
     "2 × NVIDIA A100 SXM4 80GB is about 1.04× as fast as 2 × NVIDIA A100 PCIe 80GB: about "
     "83.4 against 80.5 tokens/s for one request."),
    ("Mixtral 8x7B on 2x A100 80GB PCIe vs 2x A100 80GB SXM: which is faster and by how much?",
     "2 × NVIDIA A100 SXM4 80GB is about 1.04× as fast as 2 × NVIDIA A100 PCIe 80GB: about "
     "83.4 against 80.5 tokens/s for one request."),
    ("Mixtral 8x7B pe 2 A100 80GB cu NVLink față de PCIe: cu cât e mai rapid?",
     "2 × NVIDIA A100 SXM4 80GB este de aproximativ 1,04 ori mai rapid decât 2 × NVIDIA A100 "
     "PCIe 80GB: aproximativ 83,4 față de 80,5 tokeni/s pentru o singură cerere."),
])
def test_nvlink_vs_pcie_by_how_much_gives_the_ratio(question: str, lead: str) -> None:
    r = ask(question)
    assert r.intent == "compare", r.intent
    assert first_sentence(r) == lead, first_sentence(r)


def test_sxm_nvlink_vs_pcie_40gb_by_how_much() -> None:
    r = ask("Mixtral 8x7B on 2x A100 40GB PCIe vs 2x A100 SXM NVLink: which is faster and by "
            "how much?")
    first = first_sentence(r)
    assert first.startswith("2 × NVIDIA A100 SXM4 80GB is about 1.19× as fast as 2 × NVIDIA "
                            "A100 PCIe 40GB"), first


@pytest.mark.parametrize("question", [
    "What is the NVLink bandwidth of the H100?",
    "Do I need NVLink or PCIe for Llama 3.1 70B on 2 H100?",
])
def test_the_link_asked_still_gets_the_link(question: str) -> None:
    r = ask(question)
    assert r.intent == "interconnect", r.intent
    assert "NVLink 4" in first_sentence(r), first_sentence(r)
