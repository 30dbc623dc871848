"""Buyer audit 27c #4 and #7: comparisons answer both sides (one GPU per replica against a
tensor-parallel split, NVLink against PCIe on the same cards, how much faster fp8 is than bf16),
with numbers equal to /v1/sizing for each side; a generic "int4" on a T4 is sized at the 4-bit
format vLLM runs there (gptq-int4), never "does not hold it" or "cannot run int4"."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.kb_fixtures import ask, catalog, head


def sized(body: dict[str, Any], **kw: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog(), **kw)


# 4. one GPU per replica against the model split over 2 by tensor parallelism


def test_split_figures_are_sizings() -> None:
    tp = sized({"model": "llama 3 8b", "gpu": "H100 SXM", "gpu_count": 2,
                "parallelism": {"tensor": 2, "pipeline": 1, "data": 1}}).performance
    one = sized({"model": "llama 3 8b", "gpu": "H100 SXM"}).performance
    assert tp is not None and one is not None
    assert round(tp.time_to_first_token_ms or 0) == 92
    assert round(tp.decode_tokens_per_s or 0) == 201
    assert round(one.time_to_first_token_ms or 0) == 125
    assert round(one.decode_tokens_per_s or 0) == 136


@pytest.mark.parametrize(("q", "words"), [
    ("For latency, is it better to use one H100 per replica of Llama 3 8B or split it over 2 "
     "GPUs?", ["For latency, the split is faster", "tensor parallelism 2", "92 ms",
               "201 tokens/s", "125 ms and 136 tokens/s", "1.48× the speed"]),
    ("Llama 3 8B TP1 on one H100 vs TP2 on two H100: TTFT and tokens per second",
     ["92 ms", "201 tokens/s", "125 ms and 136 tokens/s"]),
    ("Pentru latență, e mai bine un H100 per replică pentru Llama 3 8B sau modelul împărțit pe "
     "2 GPU-uri?", ["Pentru latență, împărțirea e mai rapidă", "92 ms", "201 tokeni/s",
                    "125 ms și 136 de tokeni/s", "de 1,48 ori viteza"]),
    ("Should I split Llama 3 8B across 2 H100 with tensor parallelism or run 2 replicas for 64 "
     "users?", ["At 64 requests at once", "62.6 tokens/s", "3,865 tokens/s in total",
                "58.7 tokens/s per user", "3,630 tokens/s in total", "32 requests each"]),
])
def test_replica_against_split_both_sides(q: str, words: list[str]) -> None:
    text = head(ask(q))
    for word in words:
        assert word in text, text


# 4. NVLink against PCIe: the same cards timed both ways


def test_no_nvlink_times_the_same_cards_over_pcie() -> None:
    body = {"model": "llama 3 70b", "gpu": "H100 SXM", "gpu_count": 2, "weights": "fp8"}
    nv, pcie = sized(body).performance, sized(body, interconnect="no-nvlink").performance
    assert nv is not None and pcie is not None
    assert round(nv.decode_tokens_per_s or 0, 1) == 51.5
    assert round(pcie.decode_tokens_per_s or 0, 1) == 44.8
    assert (pcie.time_to_first_token_ms or 0) > (nv.time_to_first_token_ms or 0)


@pytest.mark.parametrize(("q", "words"), [
    ("Does NVLink matter for Llama 3 70B fp8 on 2 H100?",
     ["Yes, for speed", "2 × NVIDIA H100 SXM5 80GB", "51.5 tokens/s", "against 44.8",
      "PCIe Gen5 x16", "1.15× as fast with NVLink", "331 ms against 509 ms"]),
    ("NVLink vs PCIe for Llama 3 70B on 4 H100",
     ["4 × NVIDIA H100 SXM5 80GB", "56.8 tokens/s", "against 50.7", "273 ms against 544 ms"]),
    ("Contează NVLink față de PCIe pentru Llama 3 70B pe 4 H100?",
     ["Da, pentru viteză", "56,8 tokeni/s", "față de 50,7 tokeni/s", "273 ms față de 544 ms",
      "(18 legături, NVSwitch)"]),
])
def test_nvlink_answered_with_both_timings(q: str, words: list[str]) -> None:
    text = head(ask(q))
    for word in words:
        assert word in text, text


def test_link_spec_alone_without_a_model_stays() -> None:
    assert head(ask("What interconnect does the H100 have?")).startswith(
        "The NVIDIA H100 SXM5 80GB links its GPUs with NVLink 4")


# 4. how much faster (and cheaper) fp8 is than bf16: both speeds and the ratio


@pytest.mark.parametrize(("q", "words"), [
    ("Serving Llama 3.1 70B on 2 H100: how much faster and cheaper is fp8 than bf16?",
     ["about 1.5× as fast as at bf16", "51.5 against 33.8 tokens/s", "fp8 costs about",
      "about 34% less"]),
    ("Servind Llama 3.1 70B pe 2 H100: cu cât e mai rapid și mai ieftin fp8 decât bf16?",
     ["de aproximativ 1,5 ori mai repede decât la bf16", "51,5 față de 33,8 tokeni/s",
      "cu aproximativ 34% mai puțin"]),
])
def test_faster_and_cheaper_gives_speeds(q: str, words: list[str]) -> None:
    text = head(ask(q))
    for word in words:
        assert word in text, text


# 7. a generic "int4" on a T4 runs as gptq-int4


@pytest.mark.parametrize(("q", "words", "never"), [
    ("A10G vs L4 vs T4 for Llama 3 8B int4 serving, tokens per second per dollar",
     [r"\$\d+\.\d\d on 1 × NVIDIA T4 16GB at gptq-int4",
      "“int4” on the NVIDIA T4 16GB is sized as gptq-int4", r"\d+ tokens/s in total"],
     "does not hold it"),
    ("A10G vs L4 vs T4 pentru Llama 3 8B int4, tokeni pe secundă per dolar",
     [r"\d+,\d\d USD pe 1 × NVIDIA T4 16GB la gptq-int4", "„int4” pe NVIDIA T4 16GB e calculat ca "
      "gptq-int4"], "nu îl cuprinde"),
    ("Llama 3 8B int4 on a T4: does it fit?",
     ["Yes, Meta Llama 3 8B at gptq-int4 fits on 1 × NVIDIA T4 16GB", "7.4 GiB",
      "needs compute capability 8.0"], "cannot run int4"),
    ("Llama 3 8B int4 pe un T4: încape?",
     ["Da, Meta Llama 3 8B la gptq-int4 încape pe 1 × NVIDIA T4 16GB", "7,4 GiB"],
     "nu poate rula int4"),
])
def test_generic_int4_on_t4_runs(q: str, words: list[str], never: str) -> None:
    # the T4's price per 1M is the per-token answer's (at the recommendations' load since
    # buyer audit 27c #3), so it is matched by shape here, pinned by the sizing test below
    text = head(ask(q))
    for word in words:
        # the words with a backslash are patterns, the others plain text
        assert re.search(word if "\\" in word else re.escape(word), text), (word, text)
    assert never not in text, text


def test_int4_figures_equal_sizing_at_gptq() -> None:
    r = sized({"model": "llama 3 8b", "gpu": "T4", "weights": "gptq-int4",
               "input_tokens": 4096, "output_tokens": 0})
    assert r.runs is not False and r.fits
    text = head(ask("How fast is Llama 3 8B int4 on a T4?"))
    ref = sized({"model": "llama 3 8b", "gpu": "T4", "weights": "gptq-int4"}).performance
    assert ref is not None
    assert f"about {ref.decode_tokens_per_s:.1f} tokens/s" in text, text


def test_int4_on_an_l4_stays_int4() -> None:
    text = head(ask("Llama 3 8B int4 on an L4: does it fit?"))
    assert text.startswith("Yes, Meta Llama 3 8B at int4 fits on 1 × NVIDIA L4 24GB"), text
    assert "sized as" not in text


def test_pcie_cards_keep_their_measured_curves() -> None:
    """A card whose datasheet link reads "(no NVLink)" (L40S) is not taken for one timed
    without its NVLink: 2 × L40S keep their 78.6 tokens/s."""
    r = sized({"model": "llama 3.1 8b", "gpu": "L40S", "gpu_count": 2}).performance
    assert r is not None and round(r.decode_tokens_per_s or 0, 1) == 78.6
    assert "78.6 tokens/s" in head(ask("Which is faster for Llama 3.1 8B, one H100 or two L40S?"))
