"""/v1/ask cost answers name ONE setup (count and precision) of a model on the GPU named in
every unit (hour, month, $/M, the job of a token count): the recommendations' pick by the
hour weighted for quality (``prices.gpu_setups``); a setup cheaper in the unit asked is said
in one sentence after it. Before, $/M and the job chose their own count and precision (the
job of 10M tokens of Llama 3.1 70B "on an H200" at int8, at fp8 by the hour; "on an L40S"
on 4 × L40S at int8, on 2 × L40S at awq-int4 by the hour)."""

from __future__ import annotations

import re

import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_GPUS = {"H100": "H100 SXM5 80GB", "H200": "H200 SXM 141GB", "L40S": "L40S 48GB",
         "RTX 4090": "GeForce RTX 4090 24GB", "A100 80GB": "A100 SXM4 80GB"}

_SETUP = re.compile(r"(\d+) × NVIDIA ([\w .]+?\d+GB)")


def _tokens_per_s(model: str, gpu: str, count: int, weights: str | None) -> float:
    """/v1/sizing's max output tokens/s at /v1/recommendations' saturated load (10 % of the
    memory kept free), where /v1/ask prices tokens since buyer audit 27c #3."""
    p = size(SizingRequest(model=model, gpu=gpu, gpu_count=count, weights=weights,
                           min_memory_headroom_pct=10), catalog()).performance
    assert p is not None and p.max_throughput_tokens_per_s
    return p.max_throughput_tokens_per_s


def _setup(text: str) -> tuple[str, str]:
    """("2 × L40S 48GB", weights) of a first sentence."""
    m = _SETUP.search(text)
    assert m is not None, text
    w = re.search(r"\b(bf16|fp8|int8|awq-int4)\b", text)
    assert w is not None, text
    return f"{m.group(1)} × {m.group(2)}", w.group(1)


@pytest.mark.parametrize("gpu", list(_GPUS))
def test_70b_names_the_same_setup_by_the_hour_month_million_and_job(gpu: str) -> None:
    g = f"on an {gpu}"
    qs = [f"How much does Llama 3.1 70B cost per hour {g}?",
          f"How much does Llama 3.1 70B cost per month {g}?",
          f"What does 1 million output tokens of Llama 3.1 70B cost {g}?",
          f"How much does it cost to generate 10M tokens with Llama 3.1 70B {g}?"]
    setups = {q: _setup(first_sentence(ask(q))) for q in qs}
    assert len(set(setups.values())) == 1, setups
    assert _GPUS[gpu] in next(iter(setups.values()))[0]


def test_million_on_an_h100_leads_with_the_hours_setup_and_says_the_cheaper_one() -> None:
    r = ask("What does 1 million output tokens of Llama 3.1 70B cost on an H100?")
    q, v, _ = asked(r)
    assert q == "per_million_output_tokens_usd"
    # 1 × H100 at awq-int4 ($1.29/h, as by the hour) at the recommendations' saturated load
    # (396 tokens/s with 10 % of the memory free; 436 at full memory before buyer audit 27c #3)
    tps = _tokens_per_s("llama-3.1-70b", "h100-sxm", 1, "awq-int4")
    assert v == pytest.approx(1.29 / (tps * 3600) * 1e6, rel=0.01)
    assert _setup(first_sentence(r)) == ("1 × H100 SXM5 80GB", "awq-int4")
    # re-pinned (buyer audit 27c #3, 10 % of the memory free): was $0.76, 947 tokens/s
    assert ("Per token, 2 × NVIDIA H100 SXM5 80GB at int8 (8-bit weights; the model's own "
            "are bf16) is cheaper: $0.84 per 1M output tokens (858 tokens/s in total at full "
            "load, $2.58/h at hyperbolic") in head(r)


def test_job_on_an_h100_leads_with_the_hours_setup_and_says_the_cheaper_one() -> None:
    r = ask("How much does it cost to generate 10M tokens with Llama 3.1 70B on an H100?")
    q, v, _ = asked(r)
    assert q == "per_job_usd"
    # re-pinned (test_fix_tokjob28): at the served load, 10 % of the memory free (396
    # tokens/s, 8 hours billed); was $9.10 at full memory, and $10.39, the batch
    # recommendations', before that
    assert v == pytest.approx(10.39, abs=0.01)
    assert _setup(first_sentence(r)) == ("1 × H100 SXM5 80GB", "awq-int4")
    # re-pinned (test_fix_tokjob28): 2 x H100 at fp8 at the served load; was int8, $7.79 in
    # 2.9 hours at full memory (fp8, $7.80 in 3.0 h in the first re-pin)
    assert "For this job, 2 × NVIDIA H100 SXM5 80GB at fp8" in head(r)
    assert "is cheaper: $10.38 in about 3.3 hours" in head(r)


def test_romanian_says_the_cheaper_setup_too() -> None:
    r = ask("Cât costă un milion de tokeni generați cu Llama 3.1 70B pe un H100?")
    assert _setup(first_sentence(r)) == ("1 × H100 SXM5 80GB", "awq-int4")
    assert ("Pe token, configurația 2 × NVIDIA H100 SXM5 80GB la int8 (greutăți pe 8 biți; "
            # re-pinned (buyer audit 27c #3, 10 % of the memory free): was 0,76, 947
            "ale modelului sunt bf16) e mai ieftină: 0,84\u00a0USD pe 1M de tokeni de ieșire "
            "(858 de tokeni/s în total") in head(r)
    j = ask("Cât costă să generez 10 milioane de tokeni cu Llama 3.1 70B pe un L40S?")
    assert _setup(first_sentence(j)) == ("2 × L40S 48GB", "awq-int4")
    # re-pinned (test_fix_tokjob28): at the served load, 10 % of the memory free, 4 × L40S at
    # int8 (338 tokens/s, 9 hours billed at $1.52/h: $13.68) is no longer cheaper than the
    # lead's 13,09 USD; at full memory it was, by a cent (12,31 against 12,32 USD)
    assert "Pentru acest job" not in head(j), head(j)


def test_8b_per_token_names_the_hours_setup_and_the_cheaper_precision() -> None:
    r = ask("What does 1 million output tokens of Llama 3.1 8B cost on an L40S?")
    assert _setup(first_sentence(r)) == ("1 × L40S 48GB", "bf16")
    # $0.60/h at vast at the recommendations' saturated load (533 tokens/s with 10 % of the
    # memory free: $0.31; $0.29 at full memory before buyer audit 27c #3)
    tps = _tokens_per_s("llama-3.1-8b", "l40s", 1, None)
    assert asked(r)[1] == pytest.approx(0.60 / (tps * 3600) * 1e6, abs=0.005)
    assert asked(r)[1] == pytest.approx(0.31, abs=0.005)
    # ($0.15 before the L40S's borrowed int8 GEMM curve scaled with its bandwidth below its
    # ridge: test_fix_fitslayout)
    assert ("Per token, 2 × NVIDIA L40S 48GB at int8 (8-bit weights; the model's own are "
            "bf16) is cheaper: $0.16 per 1M output tokens") in head(r)


def test_the_stated_precision_wins_and_no_other_is_offered() -> None:
    """fp8 stated "on an H100": one H100 at fp8 by the hour and for the job (29 tokens/s,
    $126.93); the cheaper setup said is at fp8 too (2 × H100, $10.38; $7.80 in the first
    re-pin), never int8."""  # re-pinned: serving start transient in the solve; its hours at
    # the served load, 10 % of the memory free (test_fix_tokjob28): 3.3, were 3.0
    hour = ask("How much does Llama 3.1 70B at fp8 cost per hour on an H100?")
    r = ask("How much does it cost to generate 10M tokens with Llama 3.1 70B at fp8 on an H100?")
    assert _setup(first_sentence(hour)) == _setup(first_sentence(r)) == (
        "1 × H100 SXM5 80GB", "fp8")
    assert asked(r)[1] == pytest.approx(126.93, abs=0.01)
    # re-pinned: serving start transient in the solve
    assert ("For this job, 2 × NVIDIA H100 SXM5 80GB at fp8 is cheaper: $10.38 in about "
            "3.3 hours") in head(r)
    assert "int8" not in head(r) and "awq" not in head(r)


def test_l40s_month_is_the_hours_offer_times_the_hours() -> None:
    """Llama 3.1 8B on an L40S: $0.60/h at vast by the hour, and the month that very offer
    for 720 hours (it was lium's $0.38/h, half of a 2-GPU machine lium rents only whole)."""
    hour = ask("How much does Llama 3.1 8B cost per hour on an L40S?")
    month = ask("How much does Llama 3.1 8B cost per month on an L40S?")
    assert asked(hour)[1] == pytest.approx(0.60)
    assert "at vast" in first_sentence(hour) and "at vast" in first_sentence(month)
    assert "$432.00 of GPU time ($0.60/h, on-demand)" in first_sentence(month)
