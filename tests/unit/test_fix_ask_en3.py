"""/v1/ask, fixed (audit ask_en #8, #10, #15; media #7, #12 leftovers): a comparison keeps both
sides and the metric asked (the 4090 at the fp8 that fits it for FLUX dev, price-performance as
$ per 1M tokens, "A100 40GB vs 80GB", "H100 PCIe vs SXM tok/s"); "a 48 GB card" is answered
for 48 GB of memory; the SDXL refiner is counted; images per request reach a vision model's
sizing; Stable Audio's card runs the precision stated; an embedding model's context is its
own limit."""

from __future__ import annotations

import msgspec
import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


# -- 1. comparisons ----------------------------------------------------------------------------


def test_flux_compare_keeps_the_4090_at_fp8() -> None:
    r = ask("h100 vs 4090 for flux dev imgs/hr")
    text = _plain(head(r))
    assert "does not hold it" not in text
    assert "RTX 4090 24GB at fp8" in text
    assert "34.5 s per image" in text  # as "flux dev on a 4090" sizes it alone
    assert "6.5 s per image" in text


@pytest.mark.parametrize("q", ["price perf h100 vs a100 for llama 8b",
                               "h100 vs a100 for llama 8b perf per dollar"])
def test_price_perf_is_cost_per_million_tokens(q: str) -> None:
    r = ask(q)
    name, value, unit = asked(r)
    assert (name, unit) == ("per_million_output_tokens_usd", "USD")
    assert 0.05 < value < 0.2  # H100 at int8: about $0.11 per 1M tokens
    text = _plain(head(r))
    assert text.startswith("Per 1M output tokens")
    assert "H100 SXM5 80GB at int8 about $0.11" in text
    # $0.93/h over 1,654 tokens/s with 10 % of the memory kept free, as the recommendations
    # count a served model (buyer27c #3; it was $0.15 at 1,683 tokens/s without the 10 %)
    assert "A100 SXM4 80GB at int8 about $0.16" in text


def test_a100_40_vs_80_compares_both() -> None:
    r = ask("A100 40GB vs 80GB for 70B")
    assert r.intent == "compare"
    text = _plain(head(r))
    assert "4 × NVIDIA A100 SXM4 40GB about" in text
    assert "2 × NVIDIA A100 SXM4 80GB about" in text
    r = ask("a100 40gb vs 80gb for llama 2 13b serving")
    text = _plain(head(r))
    assert "1 × NVIDIA A100 SXM4 40GB about 35.3 tokens/s" in text
    assert "1 × NVIDIA A100 SXM4 80GB about 45.4 tokens/s" in text


def test_pcie_vs_sxm_speed_is_a_comparison() -> None:
    r = ask("h100 pcie vs h100 sxm for llama 70b fp8 tok/s")
    assert r.intent == "compare"
    assert asked(r)[:1] == ("decode_tokens_per_s",)
    text = _plain(head(r))
    assert "H100 PCIe 80GB about 18.3 tokens/s" in text
    assert "H100 SXM5 80GB about 29.7 tokens/s" in text
    r = ask("H100 PCIe vs SXM tok/s")
    assert r.intent == "compare"
    text = _plain(head(r))
    assert "2,000 GB/s" in text and "3,350 GB/s" in text
    assert "no tokens/s to compare" in text
    r = ask("H100 PCIe sau SXM, care e mai rapid pentru llama 3.1 8b?")
    assert r.intent == "compare"
    assert "136 de tokeni/s" in _plain(head(r))
    # a link asked stays the link's answer
    assert ask("what is the nvlink bandwidth of h100 pcie vs sxm").intent == "interconnect"


# -- 2. a card of a memory stated --------------------------------------------------------------


@pytest.mark.parametrize("q", ["will a 70b q4 model fit in 48gb vram",
                               "will 70b int4 fit on a 48gb card"])
def test_48gb_card_is_48gb_of_memory(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_gpu_gib"
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True
    text = _plain(head(r))
    # 40.7 of 43.2 GiB leaves 5.8 % free, under the recommendations' 10 %: a qualified yes
    # (audit tightfit22; it was "Yes, Meta Llama ...")
    assert text.startswith("Yes, barely: Meta Llama 3.1 70B at int4 fits on a 48 GB card")
    assert "of the 43.2 GiB usable" in text
    # the 48 GB cards that show less of it are said, with their 40.5 GiB
    assert "NVIDIA L40S 48GB" in text and "44.99 GiB" in text and "40.5 GiB usable" in text


def test_48gb_card_ro() -> None:
    text = _plain(head(ask("încape un model 70b int4 pe o placă de 48 GB?")))
    assert text.startswith("Da,")
    assert "din doar 40,5 GiB utilizabili" in text


# -- 3. SDXL + refiner -------------------------------------------------------------------------


def test_sdxl_refiner_is_counted() -> None:
    text = _plain(head(ask("do i have enough vram on a 3090 for sdxl + refiner")))
    assert "refiner" in text
    assert "adds about 4.2 GiB at fp16, about 14.9 GiB in all" in text
    assert "refiner's steps are not counted" in text
    text = _plain(head(ask("how much vram for sdxl with refiner")))
    assert "more than the 11.6 GiB usable" in text  # an RTX 3060 holds the base alone
    text = _plain(head(ask("cât VRAM pentru sdxl cu refiner pe un RTX 3090?")))
    assert "pașii refiner-ului nu sunt socotiți" in text


# -- 4. images per request ---------------------------------------------------------------------


@pytest.mark.parametrize(("q", "said"), [
    ("How much VRAM for Llama 3.2 11B Vision with 4 images per request?",
     "Sized with 4 images per request"),
    ("Câtă memorie VRAM pentru Llama 3.2 11B Vision cu 4 imagini per cerere?",
     "Calculat cu 4 imagini per cerere"),
])
def test_images_per_request_reach_the_sizing(q: str, said: str) -> None:
    r = ask(q)
    name, value, _ = asked(r)
    assert name == "total_gib"
    assert 22.5 < value < 22.9  # 22.1 GiB with one image, + 3 x 0.195 GiB
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.kv_cache_gib is not None and 1.2 < r.numbers.sizing.kv_cache_gib < 1.4
    assert said in _plain(head(r))


def test_one_image_unchanged() -> None:
    r = ask("How much VRAM for Llama 3.2 11B Vision?")
    assert 22.0 < asked(r)[1] < 22.2
    assert "images per request" not in head(r)


# -- 5. Stable Audio's card runs the precision stated ------------------------------------------


@pytest.mark.parametrize("q", ["How much VRAM does Stable Audio Open need?",
                               "Câtă memorie VRAM are nevoie Stable Audio Open?"])
def test_stable_audio_card_runs_its_precision(q: str) -> None:
    r = ask(q)
    assert "RTX 2060" not in r.answer
    assert "bf16 (the model's own) cannot run" not in r.answer
    assert "bf16 (ale modelului) nu pot rula" not in r.answer
    assert " bf16 " in _plain(head(r))


# -- 6. an embedding model's context is its own limit ------------------------------------------


@pytest.mark.parametrize("q", ["bge-large on t4 vs l4",
                               "Cost per hour to run bge-large on an A10G"])
def test_embedding_context_is_its_limit(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.context_tokens == 512
    assert '"context_tokens":4096' not in msgspec.json.encode(r.numbers).decode()
