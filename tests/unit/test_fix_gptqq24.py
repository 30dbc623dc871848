"""fix/gptqq (audit 24): the ranking's quality handicap (recommend.context.QUALITY_HANDICAP)
had no entry for gptq-int4, the stand-in for awq-int4 on a V100, which fell to an unstated
default x1.1 and ranked GPTQ 4-bit above AWQ 4-bit (x1.12) for no reason, where the AWQ
paper measures GPTQ a little worse at 4 bits, group 128; twelve precision ids had none. Each
failed before the change:

1. every precision id of catalog.precisions has its own handicap, looked up strictly;
2. gptq-int4 x1.15 and int4 x1.19 follow the AWQ paper (arXiv 2306.00978, Table 4), the GGUF
   types llama.cpp's quantize table, and no 4-bit format ranks above AWQ without a source;
3. Qwen2.5 14B at 4 h/day ranked 1 x V100 at gptq-int4 ($18.66/month) first, above 1 x RTX
   A4000 at awq-int4 ($18.71): AWQ now leads and says why, in English and Romanian, in
   /v1/recommendations and /v1/ask (Mixtral 8x7B at 2 h/day the same, on 4 GPUs each)."""

from __future__ import annotations

from statistics import median

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.precisions import precision_ids
from service.domain.recommend.context import QUALITY_HANDICAP, quality_handicap
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence

# -- 1. every precision has one --------------------------------------------------------------


def test_every_precision_id_has_its_own_handicap() -> None:
    # a precision added to the catalog without one fails here (it was ranked at x1.1 unsaid)
    assert set(QUALITY_HANDICAP) == set(precision_ids())


def test_gptq_is_no_longer_the_unstated_default() -> None:
    assert quality_handicap("gptq-int4", None) == 1.15  # was 1.1
    assert quality_handicap("gptq-int4", None) >= quality_handicap("awq-int4", None)
    # against a model's own format: DeepSeek-V3's FP8
    assert quality_handicap("gptq-int4", "fp8") == round(1.15 / 1.02, 3)


# -- 2. the figures and their sources --------------------------------------------------------

# AWQ paper (Lin et al., arXiv 2306.00978) Table 4, WikiText-2 perplexity, INT4 group 128:
# Llama-2 7B, 13B, 70B, then LLaMA 7B, 13B, 30B, 65B
_FP16 = (5.47, 4.88, 3.32, 5.68, 5.09, 4.10, 3.53)
_AWQ = (5.60, 4.97, 3.41, 5.78, 5.19, 4.21, 3.62)
_GPTQ_R = (5.63, 4.99, 3.43, 5.83, 5.20, 4.22, 3.66)  # GPTQ with reordering (act-order)
_RTN = (5.73, 4.98, 3.46, 5.96, 5.25, 4.23, 3.67)  # round-to-nearest


def _scaled_from_awq(rows: tuple[float, ...]) -> float:
    ratio = median((q - f) / (a - f) for q, a, f in zip(rows, _AWQ, _FP16, strict=True))
    return round(1 + (QUALITY_HANDICAP["awq-int4"] - 1) * ratio, 2)


def test_4bit_group_128_follow_the_awq_paper() -> None:
    assert QUALITY_HANDICAP["gptq-int4"] == _scaled_from_awq(_GPTQ_R) == 1.15
    # an INT4 checkpoint of unstated method: as round-to-nearest, never above GPTQ
    assert QUALITY_HANDICAP["int4"] == _scaled_from_awq(_RTN) == 1.19
    assert (QUALITY_HANDICAP["awq-int4"] < QUALITY_HANDICAP["gptq-int4"]
            < QUALITY_HANDICAP["int4"])


# llama.cpp tools/quantize/quantize.cpp QUANT_OPTIONS: perplexity increase at Llama-3-8B
_LLAMACPP_PPL = {"q8_0": 0.0026, "q6_k": 0.0217, "q5_k_m": 0.0569, "q4_k_m": 0.1754,
                 "q4_0": 0.4685, "q3_k_m": 0.6569, "q2_k": 3.5199}


def test_gguf_types_follow_llamacpps_table() -> None:
    lo, hi = _LLAMACPP_PPL["q8_0"], _LLAMACPP_PPL["q4_k_m"]
    slope = (QUALITY_HANDICAP["q4_k_m"] - QUALITY_HANDICAP["q8_0"]) / (hi - lo)
    for pid, ppl in _LLAMACPP_PPL.items():
        assert QUALITY_HANDICAP[pid] == round(QUALITY_HANDICAP["q8_0"] + slope * (ppl - lo), 2), pid
    ordered = sorted(_LLAMACPP_PPL, key=_LLAMACPP_PPL.__getitem__)
    assert [QUALITY_HANDICAP[p] for p in ordered] == sorted(QUALITY_HANDICAP[p] for p in ordered)
    # IQ4_XS has no figure there; its author finds Q4_K slightly better (llama.cpp#6310)
    assert QUALITY_HANDICAP["iq4_xs"] >= QUALITY_HANDICAP["q4_k_m"]


def test_no_other_format_ranks_above_its_sourced_neighbour() -> None:
    h = QUALITY_HANDICAP
    assert h["nvfp4"] >= h["awq-int4"]  # "FP4 is not an automatic upgrade over INT4"
    assert h["nf4-no-dq"] == h["nf4"]  # the same NF4 weights, scales unquantised
    assert h["fp8"] <= h["bnb-int8"] < h["int8"]  # LLM.int8(): no degradation reported
    assert h["fp32"] == h["fp16"] == h["bf16"] == 1.0


# -- 3. a ranking whose order changes --------------------------------------------------------


def _rec(body: dict[str, object]) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY,
                     explain=False)


def _month(rec: Recommendation, i: int) -> float:
    v = rec.options[i].cost.per_month_usd
    assert v is not None
    return v


def _a4000(rec: Recommendation) -> int:
    """The first RTX A4000 at awq-int4. Mixtral's first option is 2 x RTX A5000 (awq-int4,
    cheaper than both) since fix/gptoss: its 4-bit experts on Ampere at the refitted share
    (0.45 of the BF16 rate, whole compute) give 1,719 ms to the first token at 4 users, under
    the default 2,000 ms target (2,147 ms before)."""
    return next(i for i, o in enumerate(rec.options)
                if (o.offer.gpu, o.weights) == ("rtx-a4000", "awq-int4"))


CLOSE = [  # a V100 at gptq-int4 a little cheaper than an RTX A4000 at awq-int4
    {"model": "qwen2.5-14b", "hours_per_day": 4},
    {"model": "mixtral-8x7b", "concurrent_requests": 4, "hours_per_day": 2},
]


@pytest.mark.parametrize("body", CLOSE)
def test_awq_ranks_above_a_slightly_cheaper_gptq(body: dict[str, object]) -> None:
    rec = _rec(body)
    i = _a4000(rec)
    first, second = rec.options[i], rec.options[i + 1]
    assert (first.offer.gpu, first.weights) == ("rtx-a4000", "awq-int4"), rec.options[:2]
    assert (second.offer.gpu, second.weights) == ("v100-sxm2-16gb", "gptq-int4")
    assert _month(rec, i + 1) < _month(rec, i)  # the V100 costs less: the handicap decides
    assert ("awq-int4 weights instead of gptq-int4 (quality handicap x1.12 against x1.15)."
            in first.why), first.why
    tried = next(a for a in rec.assumptions if a.name == "precisions_tried")
    assert "awq-int4 x1.12, gptq-int4 x1.15" in tried.reason, tried.reason


@pytest.mark.parametrize("body", CLOSE)
def test_the_reason_is_said_in_romanian(body: dict[str, object]) -> None:
    rec = localise_recommendation(_rec({**body, "lang": "ro"}), shipped_messages(), "ro")
    why = rec.options[_a4000(rec)].why
    assert ("greutăți awq-int4 în loc de gptq-int4 (penalizare de calitate ×1,12 față de "
            "×1,15)") in why, why


@pytest.mark.parametrize(("q", "words"), [
    ("How much does it cost to run Qwen2.5 14B 4 hours a day?",
     ("The top-ranked match (ranked on price and the quality of its weights: awq-int4 against "
      "gptq-int4; a cheaper option is listed below)", "NVIDIA RTX A4000")),
    ("Cât costă să rulez Qwen2.5 14B 4 ore pe zi?",
     ("Potrivirea cea mai bine clasată (clasată după preț și calitatea greutăților: awq-int4 "
      "față de gptq-int4; o opțiune mai ieftină e listată mai jos)", "NVIDIA RTX A4000")),
])
def test_ask_leads_with_awq_and_says_why(q: str, words: tuple[str, ...]) -> None:
    first = first_sentence(ask(q))
    for w in words:
        assert w in first, first
