"""Spot and deadline training questions in /v1/ask are planned to meet the deadline (audit
spotplan, /tmp/audit/prompt_fix_spotplan.md):

1. "how many GPUs to pre-train a 7B model on 1T tokens in 30 days on spot instances?" was
   "for 720 hours on 4 × RTX A6000, spot costs about $433.65": the deadline read as one
   rental's length and a setup that takes years (6 x 7e9 x 1e12 FLOPs). With no GPU named
   the GPU is chosen as the on-demand deadline answer chooses it (the recommendations'
   options, each GPU counted by its own sizing: ``_deadline_count``), then put on spot with
   its restarts; the count leads and is the number asked.
2. "fine-tune llama 3.1 70b with qlora on 200M tokens within 2 days on spot, which gpu?" was
   "for 48 hours on 1 × RTX A6000, spot costs about $5.88": 200M tokens at the A6000's QLoRA
   rate (~167 tokens/s) take ~333 hours. A fine-tune with tokens and a deadline is planned
   as a pre-training deadline is (spot or not), its cost the run's hours x price.
3. The spot answer's hours are never the deadline copied: where no plan meets it, no
   length is said.

Throughputs and prices are not pinned: each test compares the answer with the sizing it
rests on."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.answer.intent import classify
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, head

_TOKENS_7B = 1e12
_FT_TOKENS = 2e8


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _number(text: str, ro: bool = False) -> float:
    return float(text.replace(".", "").replace(",", ".") if ro else text.replace(",", ""))


def _plan(text: str, ro: bool = False) -> tuple[int, str, float, float]:
    """(GPUs, GPU name, tokens/s per GPU, days said) of a deadline plan's first sentence."""
    # "is" / "se face pe": a fine-tune's cheapest count that meets the deadline, where it is
    # not the fewest, is said as the cheapest (audit ftdeadline23: it led with the fewest)
    m = re.search(r"(?:takes|cere|is|se face pe) ([\d.,]+) × (.+?): (?:at|la) ([\d.,]+) "
                  r"(?:de )?tokeni?s?/s "
                  r"(?:per|pe) GPU.*?(?:about|aproximativ) ([\d.,]+) (?:de )?(days|zile|hours|ore)",
                  text)
    assert m is not None, text
    per_day = 1 if m.group(5) in ("days", "zile") else 24
    return (int(_number(m.group(1), ro)), m.group(2), _number(m.group(3), ro),
            _number(m.group(4), ro) / per_day)


# -- 1. spot pre-training with a deadline and no GPU named --------------------------------------

_Q1 = "how many GPUs to pre-train a 7B model on 1T tokens in 30 days on spot instances?"
_Q1_RO = "câte GPU-uri ca să preantrenez un model de 7B pe 1T tokeni în 30 de zile pe spot?"


def test_spot_reads_a_count_asked() -> None:
    assert classify(_Q1, "llm", 0, True, None) == ("spot", "count")
    assert classify(_Q1_RO, "llm", 0, True, None) == ("spot", "count")


@pytest.mark.parametrize(("q", "ro"), [(_Q1, False), (_Q1_RO, True)])
def test_spot_pretraining_deadline_with_no_gpu_is_a_count_that_meets_it(q: str,
                                                                       ro: bool) -> None:
    r = ask(q)
    text = head(r)
    assert "720" not in text, text  # the deadline is not a rental's length
    assert ("pe spot cere" if ro else "on spot takes") in text, text
    n, _, tps, days = _plan(text, ro)
    # the count meets the deadline with its restarts, and its rate covers the tokens
    assert days <= 30, text
    assert n * tps * days * 86_400 >= 0.99 * _TOKENS_7B, text
    assert n > 8  # one machine does not pre-train a 7B on 1T tokens in 30 days
    assert asked(r)[:1] + asked(r)[2:] == ("gpu_count", "GPUs")
    assert asked(r)[1] == n
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None  # a count asked: no yes or no


def test_spot_and_romanian_plan_the_same_count() -> None:
    assert asked(ask(_Q1))[1] == asked(ask(_Q1_RO))[1]


# -- 2. a fine-tune with tokens and a deadline ----------------------------------------------------

_Q2 = "fine-tune llama 3.1 70b with qlora on 200M tokens within 2 days on spot, which gpu?"
_Q2_OD = "fine-tune llama 3.1 70b with qlora on 200M tokens within 2 days, which gpu?"


def test_on_demand_finetune_deadline_is_a_job_that_finishes_within_it() -> None:
    # the recommendations' cheapest job finishes in time: it is the answer, its hours said
    r = ask(_Q2_OD)
    text = head(r)
    assert "fine-tuning" in text and "costs about" in text, text
    m = re.search(r"about ([\d.,]+) (hours|minutes) at ([\d.,]+) tokens/s", text)
    assert m is not None, text
    hours = _number(m.group(1)) / (60 if m.group(2) == "minutes" else 1)
    # the hours are said to one decimal (3.85 h as "3.8"): within that rounding
    assert hours <= 48 and (hours + 0.05) * 3600 * _number(m.group(3)) >= 0.99 * _FT_TOKENS, text


def test_on_demand_finetune_deadline_on_a_gpu_that_misses_it_is_planned() -> None:
    # one RTX A6000 trains 70B QLoRA at ~167 tokens/s: 200M tokens take ~14 days
    r = ask("fine-tune llama 3.1 70b with qlora on 200M tokens within 2 days on rtx a6000 "
            "gpus, how many do I need?")
    text = head(r)
    n, gpu, tps, days = _plan(text)
    assert "A6000" in gpu and days <= 2 and n > 1, text
    assert n * tps * days * 86_400 >= 0.99 * _FT_TOKENS, text
    assert asked(r)[:2] == ("gpu_count", n)


@pytest.mark.parametrize("q", [_Q2])
def test_finetune_deadline_is_planned_to_finish_within_it(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert "48 hours" not in text, text
    first = text.split(": ")[0]
    assert "fine-tune" in first and "2 days" in first, text
    n, gpu, tps, days = _plan(text)
    assert days <= 2, text
    assert n * tps * days * 86_400 >= 0.99 * _FT_TOKENS, text
    # the rate said is the sizing's at that count
    gid = next(g.id for g in catalog().registry.gpus.values() if g.name == gpu)
    sized = _size(model="llama-3.1-70b", task="finetune", gpu=gid, gpu_count=n,
                  training_tokens=_FT_TOKENS, finetune={"method": "qlora"})
    assert sized.performance is not None and sized.performance.training_tokens_per_s
    assert f"{sized.performance.training_tokens_per_s / n:,.0f}" == f"{tps:,.0f}", text


def test_spot_finetune_cost_is_the_runs_hours_not_the_deadlines() -> None:
    r = ask(_Q2)
    text = head(r)
    assert "on spot" in text.split(": ")[0], text
    n, _, _, days = _plan(text)
    m = re.search(r"about \$([\d.,]+) on spot at \$([\d.,]+)/h per GPU", text)
    assert m is not None, text
    cost, price = _number(m.group(1)), _number(m.group(2))
    q, value, unit = asked(r)
    assert (q, unit) == ("per_training_run_usd", "USD")
    # the number asked is the bill in all: the spot hours billed plus the storage
    # (test_fix_docs1: deadline plans are billed as the cost answer bills them)
    total = re.search(r"about \$([\d.,]+) in all", text)
    assert total is not None, text
    assert value == pytest.approx(_number(total.group(1)), rel=0.01)
    assert cost < value < cost * 1.1
    # the expected days (with restarts) x GPUs x price, not the 2 days of the deadline; the
    # hours billed where the provider rounds them up (the cheapest plan, 8 x H100 for 4.5 h
    # billed 5, now leads: audit ftdeadline23, it was 4 x H100 for 8.9 h billed 9)
    billed = re.search(r"billed for ([\d.,]+) hours", text)
    hours = _number(billed.group(1)) if billed is not None else days * 24
    assert hours >= days * 24 - 0.05
    assert cost == pytest.approx(price * n * hours, rel=0.05)
    # not the 2 days of the deadline: the run on all 4 H100 of the machine rented whole,
    # about 9 hours (audit regress10 #9: it was fewer GPUs of that machine, over a day)
    assert days < 1.5


def test_a_named_gpu_count_for_a_spot_finetune_deadline() -> None:
    r = ask("how many A6000 GPUs to fine-tune llama 3.1 70b with qlora on 200M tokens within 2 "
            "days on spot?")
    text = head(r)
    n, gpu, _, days = _plan(text)
    assert "A6000" in gpu and days <= 2 and n > 1, text
    assert asked(r)[0] == "gpu_count" and asked(r)[1] == n


# -- 3. no plan: the deadline is never said as the job's hours -----------------------------------

def test_no_plan_never_says_the_deadline_as_the_runs_hours() -> None:
    # 6 x 70e9 x 15e12 FLOPs in a day: more than the sizing's 4,096 GPUs of any card
    r = ask("pre-train llama 3.1 70b on 15T tokens in 1 day on spot?")
    text = head(r)
    assert "24 hours" not in text, text
    # the hour compared instead (the run's length is unknown), said as an hour
    q, value, _ = asked(r)
    assert q == "spot_per_hour_usd" and f"${value:,.2f}/h" in text, text
