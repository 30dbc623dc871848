"""Buyer audit 27c, latency targets and counts stated in comparisons, English and Romanian:

- #2 "Llama 3 70B on H100 with 32 users: what if I need TTFT under 500 ms?" led with
  llama.cpp's q8_0 on 2 x H100 (15,079 ms) where vLLM's fp8 holds all 32 there (914 ms), said
  "no count of H100 up to 8 in one machine meets it" where 8 x H100 as one tensor-parallel-8
  replica gives 493 ms (/v1/recommendations' own option), and "32 of the 32 requests fit ...
  and the others wait";
- #5 "H100 SXM vs H100 PCIe for Llama 3 70B on 4 GPUs" compared 2 of each, and "tokens per
  second and TTFT" gave no TTFT.

Every figure is checked against ``size()`` (/v1/sizing's core) and ``recommend()``
(/v1/recommendations') for the same setup."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head


def _size(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _ttft(**body: Any) -> float:
    p = _size(**body).performance
    assert p is not None and p.time_to_first_token_ms
    return p.time_to_first_token_ms


def _rec(**body: Any) -> list[Option]:
    return recommend(msgspec.convert({**body, "top_n": 50}, RecommendationRequest), catalog(),
                     TODAY).options


def _ms(v: float, ro: bool) -> str:
    s = f"{v:,.0f}"
    return s.replace(",", ".") if ro else s


# ------------------------------------------------------------------------------------------
# #2 the setup that meets a latency target


_H100 = {"model": "llama 3 70b", "gpus": ["h100-sxm"], "concurrent_requests": 32,
         "max_time_to_first_token_ms": 500}


@pytest.mark.parametrize(("q", "ro"), [
    ("Llama 3 70B on H100 with 32 users: what if I need TTFT under 500 ms?", False),
    ("Dar dacă am nevoie de TTFT sub 500 ms pentru Llama 3 70B pe H100 cu 32 de utilizatori?",
     True),
    ("Dar daca am nevoie de TTFT sub 500 ms pentru Llama 3 70B pe H100 cu 32 de utilizatori?",
     True),
])
def test_ttft_target_on_h100_picks_vllm_and_the_machine_that_meets_it(q: str, ro: bool) -> None:
    r = ask(q)
    text = head(r)
    # the serving engine's precision on the fewest that hold it, never llama.cpp's q8_0
    assert "q8_0" not in r.answer and "llama.cpp" not in r.answer, text
    fewest = _ttft(model="llama 3 70b", gpu="h100-sxm", gpu_count=2, batch_size=32,
                   weights="fp8")
    assert asked(r)[:2] == ("time_to_first_token_ms", pytest.approx(fewest)), text
    assert _ms(fewest, ro) + " ms" in text
    # one machine of 8 does meet it: no "no count up to 8 in one machine"
    assert "up to 8" not in text and "până la 8" not in text, text
    one = next(o for o in _rec(**_H100) if o.nodes == 1)
    p = one.performance
    assert p.time_to_first_token_ms is not None and p.time_to_first_token_ms <= 500
    assert one.offer.gpu_count == 8 and one.fit.tensor_parallel_gpus == 8
    # the same figure /v1/sizing gives that setup at that layout
    tp8 = _ttft(model="llama 3 70b", gpu="h100-sxm", gpu_count=8, batch_size=32,
                weights=one.weights, parallelism={"tensor": 8, "pipeline": 1, "data": 1})
    assert tp8 == pytest.approx(p.time_to_first_token_ms)
    assert _ms(tp8, ro) + " ms" in text
    assert "8 × NVIDIA H100 SXM5 80GB" in text
    assert ("tensor parallel 8" if not ro else "paralelism tensorial 8") in text
    # the cheapest over several machines, said after it, is /v1/recommendations' first
    lead = _rec(**_H100)[0]
    assert lead.nodes > 1 and lead.performance.time_to_first_token_ms is not None
    assert _ms(lead.performance.time_to_first_token_ms, ro) + " ms" in text
    # no "32 of the 32 ... the others wait"
    assert "of the 32 requests fit" not in r.answer and "din cele 32" not in r.answer


def test_ttft_target_on_a100_one_machine_at_int8() -> None:
    r = ask("TTFT under 1 s for Llama 3 70B on A100 80GB with 16 users")
    text = head(r)
    assert "q8_0" not in r.answer and "up to 8" not in text, text
    one = next(o for o in _rec(model="llama 3 70b", gpus=["a100-80gb"],
                                concurrent_requests=16, max_time_to_first_token_ms=1000)
               if o.nodes == 1)
    tp = one.fit.tensor_parallel_gpus
    assert tp is not None
    ms = _ttft(model="llama 3 70b", gpu=one.offer.gpu, gpu_count=one.offer.gpu_count,
               batch_size=16, weights=one.weights,
               parallelism={"tensor": tp, "pipeline": 1, "data": one.fit.replicas_per_node})
    assert ms <= 1000
    assert f"{one.offer.gpu_count} × NVIDIA A100" in text
    assert f"meets it at {one.weights}" in text and f"{ms:,.0f} ms" in text, text


def test_ttft_target_none_in_one_machine_is_the_recommendations_word() -> None:
    r = ask("TTFT under 300 ms for Llama 3 8B on L4 with 8 users")
    text = head(r)
    assert "q8_0" not in r.answer, text
    options = _rec(model="llama 3 8b", gpus=["l4"], concurrent_requests=8,
                   max_time_to_first_token_ms=300)
    # no setup of L4 in one machine meets it, as the recommendations find: said so, with
    # their cheapest over several machines
    assert options and all(o.nodes > 1 for o in options)
    assert "no count of NVIDIA L4 24GB up to 8 in one machine" in text, text
    ms = options[0].performance.time_to_first_token_ms
    assert ms is not None and f"{ms:,.0f} ms" in text


# ------------------------------------------------------------------------------------------
# #5 a count stated once for every side of a comparison


@pytest.mark.parametrize("q", [
    "H100 SXM vs H100 PCIe for Llama 3 70B on 4 GPUs: decode speed difference?",
    "H100 PCIe vs H100 SXM for Llama 3 70B bf16 on 4 GPUs each: tokens per second and TTFT",
    "H100 SXM vs H100 PCIe pentru Llama 3 70B pe 4 GPU-uri: tokeni pe secundă și TTFT",
])
def test_count_stated_once_is_every_sides(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert "4 × NVIDIA H100 SXM5 80GB" in text and "4 × NVIDIA H100 PCIe 80GB" in text, text
    assert "2 × NVIDIA H100" not in text
    sxm = _size(model="llama 3 70b", gpu="h100-sxm", gpu_count=4, weights="bf16").performance
    assert sxm is not None and sxm.decode_tokens_per_s
    assert asked(r)[:2] == ("decode_tokens_per_s", pytest.approx(sxm.decode_tokens_per_s))


@pytest.mark.parametrize(("q", "ro"), [
    ("H100 PCIe vs H100 SXM for Llama 3 70B bf16 on 4 GPUs each: tokens per second and TTFT",
     False),
    ("H100 SXM vs H100 PCIe pentru Llama 3 70B pe 4 GPU-uri: tokeni pe secundă și TTFT", True),
])
def test_compared_ttft_for_both_sides_with_the_ratio(q: str, ro: bool) -> None:
    text = head(ask(q))
    sxm = _ttft(model="llama 3 70b", gpu="h100-sxm", gpu_count=4, weights="bf16")
    pcie = _ttft(model="llama 3 70b", gpu="h100-pcie", gpu_count=4, weights="bf16")
    assert _ms(sxm, ro) + " ms" in text and _ms(pcie, ro) + " ms" in text, text
    x = f"{pcie / sxm:.1f}"
    assert (x.replace(".", ",") + " ori mai scurt" if ro else x + "× shorter") in text, text


def test_ttft_asked_alone_is_the_number_asked() -> None:
    r = ask("4 x H100 PCIe vs 4 x H100 SXM for Llama 3 70B: TTFT?")
    sxm = _ttft(model="llama 3 70b", gpu="h100-sxm", gpu_count=4, weights="bf16")
    assert asked(r)[:2] == ("time_to_first_token_ms", pytest.approx(sxm))
