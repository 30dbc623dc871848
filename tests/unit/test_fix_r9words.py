"""Audit regress10 #3, #4, #15, #16 and ask_en2 #2, #9: a denial negates the translating itself
("I don't know how much translating ... costs" is a translation); a "spot is fine for dev"
phrase does not lift the no-interruption rule of the job asked; "20k tokens per minute" with no
user named is a total, "cheapest" asked or not; "tokens per dollar" and "tokens per month" are
answered in their own units and "tokns per sec" is a speed; Slack reads "on 2 h100" and
"300 requests per minute"."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _translation
from tests.unit.ask_fixtures import ask, asked
from tests.unit.ask_fixtures import head as _head
from tests.unit.test_fix_r6slack import _slack


def head(r: object) -> str:
    return _head(r).replace("\u00a0", " ")  # type: ignore[arg-type]


# 200M tokens of Llama 3.1 8B read as a translation (512 in / 512 out): $3.51; as plain
# output (3,584 in / 512 out): $14.90 (re-pinned: start transient + round 14; were $3.07 and
# $14.45 on RTX 5070 at int8, which vLLM runs only at fp8 on Blackwell)
@pytest.mark.parametrize("q", [
    "I don't know how much translating 200M tokens with Llama 3.1 8B costs, can you tell me?",
    "We have no idea what translation of 200M tokens with Llama 3.1 8B costs. Cost?",
    "Nu știu cât costă traducerea a 200M de tokeni cu Llama 3.1 8B. Cât costă?",
])
def test_a_denial_of_something_else_keeps_the_translation(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(3.51, abs=0.01)  # re-pinned: start transient + round 14


@pytest.mark.parametrize(("text", "is_translation"), [
    ("i don't know how much translating 200m tokens costs", True),
    ("we have no idea what translation of 200m tokens costs", True),
    ("nu stiu cat costa traducerea a 200m de tokeni", True),
    ("not sure what translating 200m tokens costs", True),
    # round 7's denials stay denials
    ("we're not doing translation, just summarisation", False),
    ("no machine translation here", False),
    ("this isn't about translation", False),
    ("nu facem traduceri", False),
    ("fara nicio traducere", False),
    ("we don't need to translate anything", False),
    ("is it not cheaper to translate 200m tokens", True),
])
def test_translation_denial_bears_on_the_translating(text: str, is_translation: bool) -> None:
    assert _translation(text) is is_translation


def test_spot_fine_for_dev_does_not_lift_the_jobs_ban() -> None:
    r = ask("Spot instances are OK for dev; this batch job can't be interrupted. Generate 200M "
            "tokens with Llama 3.1 8B: cost?")
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    # re-pinned: start transient + round 14; fix/pcienvl: $14.90 timed vast's "pcie" 4 x RTX
    # 3090 over an NVLink bridge it lacks; 4 x RTX 3060 at $15.11 is now the cheapest
    assert value == pytest.approx(15.11, abs=0.01)
    text = head(r)
    assert "on-demand)" in text
    assert "(spot)" not in text and ", spot)" not in text


def test_spot_fine_for_experiments_but_production_job_not_interruptible() -> None:
    r = ask("Spot is fine for our experiments, but this production job cannot be interrupted: "
            "generate 200M tokens with Llama 3.1 8B, cost?")
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    # re-pinned: start transient + round 14; fix/pcienvl: $14.90 timed vast's "pcie" 4 x RTX
    # 3090 over an NVLink bridge it lacks; 4 x RTX 3060 at $15.11 is now the cheapest
    assert value == pytest.approx(15.11, abs=0.01)


def test_spot_fine_in_the_same_clause_still_welcomes_spot() -> None:
    r = ask("Spot is fine, we don't have interruption problems since we checkpoint every 10 "
            "minutes: generate 200M tokens with Llama 3.1 8B, cost?")
    assert asked(r)[1] == pytest.approx(7.58, abs=0.01)
    assert "spot)" in head(r)


# 20,000 tokens a minute, no user named: 333.3 tokens/s in total, carried by 1 x RTX 3090 at
# $0.18/h (as "which gpu" answers it), never 333 tokens/s for one user on an H200 at $2.00/h
@pytest.mark.parametrize("q", [
    "need 20000 tokens per minute output for mistral 7b, cheapest setup?",
    "we need 20k tok/min for llama 3.1 8b, what's the cheapest gpu",
    "need 20k tokens/min output w/ mistral 7b, which gpu",
])
def test_a_rate_with_no_user_is_a_total(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_hour_usd"
    assert value == pytest.approx(0.18, abs=0.005)
    text = head(r)
    assert "333.3 output tokens/s in total" in text
    assert "per user" not in text.split(".")[0]


@pytest.mark.parametrize(("q", "tokens_per_usd"), [
    # re-pinned buyer27c #3: 2,494 output tokens/s at full load with 10 % of the memory kept
    # free x 3,600 s / $1.29/h (was 2,579 tokens/s, 7.197M)
    ("how many tokens per dollar llama 3.1 8b on h100", 6.961e6),
])
def test_tokens_per_dollar(q: str, tokens_per_usd: float) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert quantity == "max_output_tokens_per_usd"
    assert unit == "tokens/USD"
    assert value == pytest.approx(tokens_per_usd, rel=0.01)
    assert "tokens per dollar" in head(r)


def test_tokens_per_dollar_ro() -> None:
    r = ask("Câți tokeni pe dolar generează Llama 3.1 8B pe un H100?")
    quantity, value, _ = asked(r)
    assert quantity == "max_output_tokens_per_usd"
    assert value == pytest.approx(6.961e6, rel=0.01)  # re-pinned buyer27c #3 (was 7.197M)
    assert "de tokeni de ieșire pe dolar" in head(r)


def test_tokens_per_month() -> None:
    r = ask("how many tokens per month can one h100 generate with llama 3.1 8b")
    quantity, value, unit = asked(r)
    assert quantity == "max_output_tokens_per_month"
    assert unit == "tokens/month"
    # re-pinned buyer27c #3: 2,494 output tokens/s with 10 % of the memory kept free x
    # 2,592,000 s (30 days): 215.5M a day x 30 (was 2,579 tokens/s, 6.685e9)
    assert value == pytest.approx(6.465e9, rel=0.005)
    assert "output tokens per month" in head(r)


def test_tokns_per_sec_is_a_speed() -> None:
    r = ask("lama 3.1 8b on a h100 how many tokns per sec")
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value == pytest.approx(135.55, abs=0.1)


@pytest.mark.parametrize("n", ["2", "8"])
def test_slack_gpu_count_after_on_is_not_left_out(n: str) -> None:
    out = _slack(f"size llama-3.1-70b 100 users on {n} h100")
    assert f"Sized on {n} × NVIDIA H100" in out
    assert "Not understood" not in out


def test_slack_requests_per_minute_is_a_rate() -> None:
    out = _slack("recommend llama-3.1-8b 300 requests per minute")
    assert "5 requests/s" in out
    assert "left out" not in out
