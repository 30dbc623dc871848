"""Audit pertoken (r22): a price per 1M tokens on the GPU named led with the setup the hour
names (the fewest GPUs that hold the model) and then called another setup cheaper, up to 3x
less: "cheapest cost per 1M tokens for Qwen3-235B-A22B on H200?" answered "About $1.77 per 1M
... on 2 x H200 ... Per token, 4 x H200 at int8 ... is cheaper: $0.58" (2 x H200 hold 42
requests at once, 812 tokens/s; 4 x H200 make 3,802 tokens/s), and Llama 3.1 70B on H100s
"$0.82" then "$0.76 is cheaper".

A price per token leads with the setup of the GPU asked that costs least per token (of the
count stated, where one is), numbers.asked its figure, and says the hour's setup after it
("On the fewest GPUs that hold it at fp8, 2 x H200: $1.77"), EN and RO alike."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.answer.compose import AskResponse
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head, machine_price

QWEN = ("cheapest cost per 1M tokens for Qwen3-235B-A22B on H200?",
        "cel mai ieftin cost per 1M de tokeni pentru Qwen3-235B-A22B pe H200?")
LLAMA = ("cost per 1M tokens for llama 3.1 70b on H100s",
         "cost per 1M de tokeni pentru llama 3.1 70b pe H100")


def _usd(r: AskResponse) -> list[float]:
    """Every price per 1M output tokens the answer's numbers paragraph gives."""
    text = head(r)
    if r.lang == "en":
        got = re.findall(r"\$([0-9][0-9,]*\.?[0-9]*)\s+per\s+1M\s+output\s+tokens", text)
        return [float(x.replace(",", "")) for x in got]
    got = re.findall(r"([0-9][0-9.]*,?[0-9]*)\s+USD\s+pe\s+1M\s+de\s+tokeni\s+de\s+ieșire", text)
    return [float(x.replace(".", "").replace(",", ".")) for x in got]


def _saturated_million(model: str, gpu: str, gpu_id: str, count: int, weights: str) -> float:
    """$ per 1M output tokens at the recommendations' saturated load (10 % of the memory kept
    free, buyer audit 27c #3): /v1/sizing's max throughput with min_memory_headroom_pct 10."""
    perf = size(msgspec.convert({"model": model, "gpu": gpu, "gpu_count": count,
                                 "weights": weights, "min_memory_headroom_pct": 10},
                                SizingRequest), catalog()).performance
    assert perf is not None and perf.max_throughput_tokens_per_s
    return machine_price(gpu_id, count) / (perf.max_throughput_tokens_per_s * 3600) * 1e6


def _no_cheaper_after(r: AskResponse) -> None:
    text = head(r)
    assert "is cheaper" not in text and "e mai ieftin" not in text, text
    # the lead is the least of the prices per 1M output tokens the answer gives
    prices = _usd(r)
    assert len(prices) >= 2 and prices[0] == min(prices), text


@pytest.mark.parametrize("question", QWEN)
def test_cheapest_per_token_leads_on_four_h200(question: str) -> None:
    r = ask(question)
    lead = first_sentence(r)
    assert "4 × NVIDIA H200" in lead and "int8" in lead, lead
    assert "2 × NVIDIA H200" not in lead, lead
    q, value, unit = asked(r)
    assert q == "per_million_output_tokens_usd" and unit == "USD"
    # was $1.77 (2 x H200 at fp8); $0.58 at Prime Intellect's $2.00 per H200, a copy of
    # Verda's machine below Verda's own price, doubted since (buyer audit 25a #4): $0.76 at
    # vast's $2.5875
    assert 0.7 < value < 0.8, value
    assert _usd(r)[0] == round(value, 2), head(r)
    _no_cheaper_after(r)
    # the fewest GPUs that hold it, the hour's setup, said after the lead with its price
    after = head(r)[len(lead):]
    fewest = ("On the fewest GPUs that hold it at fp8" if r.lang == "en"
              else "Pe cele mai puține GPU-uri care îl țin la fp8")
    assert fewest in after and "2 × NVIDIA H200" in after, after
    # was $1.77 (42 requests at once, 812 tokens/s) with the engine's memory filled; 5 requests
    # (284 tokens/s) with 10 % of it kept free: $5.07
    fewest_usd = _saturated_million("Qwen3-235B-A22B", "H200", "h200-sxm", 2, "fp8")
    assert round(fewest_usd, 2) in _usd(r)[1:], head(r)


@pytest.mark.parametrize("question", LLAMA)
def test_llama_70b_on_h100s_leads_with_the_cheaper_two(question: str) -> None:
    r = ask(question)
    lead = first_sentence(r)
    assert "2 × NVIDIA H100" in lead and "int8" in lead, lead
    # was $0.82 (1 x H100 awq-int4); $0.757 with the engine's memory filled, $0.835 at the
    # recommendations' saturated load (10 % of the memory kept free)
    assert asked(r)[1] == pytest.approx(
        _saturated_million("llama 3.1 70b", "H100 SXM", "h100-sxm", 2, "int8"), rel=1e-3)
    _no_cheaper_after(r)
    assert "1 × NVIDIA H100" in head(r)[len(lead):], head(r)


def test_en_and_ro_give_the_same_lead() -> None:
    for en, ro in (QWEN, LLAMA):
        assert asked(ask(en)) == asked(ask(ro))


def test_a_count_stated_keeps_its_lead() -> None:
    # a count stated ("on 2 H100") is not widened: the lead stays on that count
    lead = first_sentence(ask("cost per 1M tokens for llama 3.1 70b on 2 H100"))
    assert "2 × NVIDIA H100" in lead, lead


def test_users_stated_keep_the_setup_that_holds_them() -> None:
    # the users' load prices the tokens: not a full-load pick
    r = ask("cost per 1M tokens for llama 3.1 70b on H100 for 20 users")
    assert "4 × NVIDIA H100" in first_sentence(r), first_sentence(r)
    assert "20" in first_sentence(r)
