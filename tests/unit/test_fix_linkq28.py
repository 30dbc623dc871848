"""Buyer audit 28b #7, #8 and #12: /v1/ask questions about GPU links and variants answer the
number asked, EN and RO. "Is PCIe enough / is NVLink needed" for a setup: the speed with and
without NVLink (sizing's ``no-nvlink``), a yes or no that agrees with it and the memory per
GPU; a card with no NVLink says so, with its PCIe figures. "The cheapest 8x H100 node with
NVLink": the machines whose offers state nvlink or nvswitch, priced (on-demand and spot
apart, provider, instance, date, source). "H100 PCIe or SXM for inference": the memory
bandwidth and each one's speed and price, not the link specs alone."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.sizing.efficiency import NO_NVLINK
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import ask, catalog, head


def sized(body: dict[str, Any], **kw: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog(), **kw)


def _perf(body: dict[str, Any], **kw: Any) -> tuple[float, float]:
    p = sized(body, **kw).performance
    assert p is not None and p.decode_tokens_per_s and p.time_to_first_token_ms
    return p.decode_tokens_per_s, p.time_to_first_token_ms


# 7. PCIe enough / NVLink needed for a stated setup


@pytest.mark.parametrize(("q", "yes", "words"), [
    ("Is PCIe enough for running llama 3.1 70b on 2 GPUs?", "Yes, to hold it",
     ["68.6 GiB per GPU", "without its NVLink bridge", "slower"]),
    ("Este PCIe suficient pentru llama 3.1 70b pe 2 GPU-uri?", "Da, ca să încapă",
     ["68,6 GiB pe GPU", "fără puntea NVLink", "mai lent"]),
    ("Is NVLink needed to run Llama 3.1 70B on 2 GPUs?", "No, not to hold it",
     ["68.6 GiB per GPU", "without its NVLink bridge"]),
])
def test_two_gpus_unnamed_with_and_without_nvlink(q: str, yes: str, words: list[str]) -> None:
    """Two unnamed GPUs: the A100 SXM with NVLink against the A100 PCIe with no bridge, as
    /v1/sizing times them; it was the model's memory on one B200, or a passage alone."""
    r = ask(q)
    h = head(r)
    assert h.startswith(yes), h
    for word in words:
        assert word in h, (word, h)
    body = {"model": "llama 3.1 70b", "gpu_count": 2, "input_tokens": 3584,
            "output_tokens": 512}
    nv, _ = _perf({**body, "gpu": "a100-sxm-80gb"})
    pcie, _ = _perf({**body, "gpu": "a100-pcie-80gb"}, interconnect=NO_NVLINK)
    assert pcie < nv
    sep = "," if r.lang == "ro" else "."
    assert f"{pcie:.1f}".replace(".", sep) in h and f"{nv:.1f}".replace(".", sep) in h
    assert "B200" not in h


@pytest.mark.parametrize(("q", "yes"), [
    ("Is PCIe enough for running llama 3.1 70b on 2 H100?", "Yes to hold it, but slower"),
])
def test_pcie_enough_on_a_named_nvlink_card(q: str, yes: str) -> None:
    """PCIe's side of the link question: its yes (it holds it) and the slower figures over
    PCIe alone, with the memory per GPU; it was the fit alone."""
    h = head(ask(q))
    assert h.startswith(yes), h
    body = {"model": "llama 3.1 70b", "gpu": "h100-sxm", "gpu_count": 2,
            "input_tokens": 3584, "output_tokens": 512}
    nv, _ = _perf(body)
    pcie, _ = _perf(body, interconnect=NO_NVLINK)
    assert f"about {pcie:.1f} tokens/s over PCIe Gen5 x16 alone, against {nv:.1f}" in h
    assert "68.6 GiB per GPU of the 71.7 GiB usable" in h


@pytest.mark.parametrize(("q", "yes", "words"), [
    ("Is NVLink needed to run llama 3.1 70b in fp8 on 2 L40S?", "No: the NVIDIA L40S 48GB has "
     "no NVLink", ["36.7 GiB per GPU of the 40.5 GiB usable", "tokens/s", "first token"]),
    ("E nevoie de NVLink pentru llama 3.1 70b în fp8 pe 2 L40S?", "Nu: NVIDIA L40S 48GB nu "
     "are NVLink", ["36,7 GiB pe GPU din cei 40,5 GiB utilizabili", "tokeni/s", "primul token"]),
    ("Is PCIe enough for llama 3.1 70b in fp8 on 2 L40S?", "Yes: the NVIDIA L40S 48GB has no "
     "NVLink anyway", ["36.7 GiB per GPU"]),
])
def test_card_without_nvlink_says_so_with_its_pcie_figures(q: str, yes: str,
                                                           words: list[str]) -> None:
    """The L40S has no NVLink: a yes or no, the fit per GPU and its PCIe speed as sized; it
    was the card's link line alone."""
    r = ask(q)
    h = head(r)
    assert h.startswith(yes), h
    for word in words:
        assert word in h, (word, h)
    tps, ttft = _perf({"model": "llama 3.1 70b", "gpu": "l40s", "gpu_count": 2,
                       "weights": "fp8", "input_tokens": 3584, "output_tokens": 512})
    sep = "," if r.lang == "ro" else "."
    assert f"{tps:.1f}".replace(".", sep) in h
    assert f"{ttft:,.0f}".replace(",", "." if r.lang == "ro" else ",") in h


def test_card_without_nvlink_that_does_not_hold_it() -> None:
    h = head(ask("Is NVLink needed to run Llama 3.1 70B bf16 on 2 L40S?"))
    assert "does not fit on 2 × NVIDIA L40S 48GB" in h and "40.5 GiB usable" in h


# 8. the cheapest node with NVLink


def _linked_offers() -> list[Any]:
    return [o for o in catalog().offers
            if o.gpu == "h100-sxm" and o.gpu_count == 8
            and o.interconnect in ("nvlink", "nvswitch")]


@pytest.mark.parametrize(("q", "od", "spot"), [
    ("What is the cheapest 8x H100 node with NVLink?", "on-demand $14.00/h at lium",
     "spot $6.84/h at primeintellect"),
    ("Care este cel mai ieftin nod cu 8 H100 cu NVLink?", "la cerere 14,00 USD/oră la lium",
     "spot 6,84 USD/oră la primeintellect"),
])
def test_cheapest_linked_node_is_priced(q: str, od: str, spot: str) -> None:
    """The price leads (on-demand and spot apart, with instance, date and source), from the
    offers whose interconnect is nvlink or nvswitch; it was the link spec, no price."""
    assert _linked_offers()
    r = ask(q)
    h = head(r)
    assert od in h and spot in h, h
    assert "H100-SXM_8x" in h and ("source: " in h or "sursa: " in h)
    assert "nvswitch" in h
    assert not h.startswith("The NVIDIA H100 SXM5 80GB links its GPUs")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_hour_usd"
    assert r.numbers.asked.value == pytest.approx(14.0)


# 12. H100 PCIe or SXM for inference


@pytest.mark.parametrize(("q", "words"), [
    ("Should I choose H100 PCIe or H100 SXM for inference?",
     ["memory bandwidth decides", "3,350 GB/s", "2,000 GB/s", "136 tokens/s", "89.3",
      "125 ms against 154 ms", "(no model named: an example)", "$1.29/h", "$1.99/h"]),
    ("Ar trebui să aleg H100 PCIe sau H100 SXM pentru inferență?",
     ["lățimea de bandă a memoriei", "3.350 GB/s", "2.000 GB/s", "136 de tokeni/s", "89,3",
      "125 ms față de 154 ms", "niciun model numit", "1,29 USD/oră", "1,99 USD/oră"]),
    ("H100 PCIe vs H100 SXM for Llama 3.1 8B?",
     ["memory bandwidth decides", "3,350 GB/s", "136 tokens/s", "89.3", "$1.29/h"]),
])
def test_variants_for_inference_compare_bandwidth_speed_and_price(q: str,
                                                                  words: list[str]) -> None:
    """The speeds are /v1/sizing's for Llama 3.1 8B on one card each; it was the two link
    specs alone."""
    h = head(ask(q))
    for word in words:
        assert word in h, (word, h)
    sxm = _perf({"model": "llama 3.1 8b", "gpu": "h100-sxm", "input_tokens": 3584,
                 "output_tokens": 512})
    pcie = _perf({"model": "llama 3.1 8b", "gpu": "h100-pcie", "input_tokens": 3584,
                  "output_tokens": 512})
    assert round(sxm[0]) == 136 and round(pcie[0], 1) == 89.3
    assert round(sxm[1]) == 125 and round(pcie[1]) == 154
    assert not h.startswith("Interconnect:") and not h.startswith("Interconectare:")
