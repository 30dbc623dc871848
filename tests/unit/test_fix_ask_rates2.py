"""Token amounts priced on a GPU in /v1/ask read one way in both languages (audit rates2):

1. "a million tokens" is the unit, a price per 1M output tokens at full load, in English as in
   Romanian ("a million generated tokens" was a job in English, $2.02 billed for an hour, and
   $1.02 per 1M in Romanian); an amount of tokens is the job, billed as its provider bills it.
   A job shorter than its billing minimum says the per-token cost at full load too, and the
   price per 1M says what the same million costs as a job on its own, so that 1M ($0.14 per
   1M) and 1.5M ($1.29 billed for one hour) read together;
2. "un milion și jumătate", "one and a half million", "a million and a half", "o mie și
   jumătate" are 1.5 times the scale (they fell back to the hourly price);
3. a monthly token amount run once a month says "once a month" ("1 times a month", "de 1
   ori"), and gives the always-on endpoint that a daily rate leads with as its alternative,
   saying why the month leads with the batch job.

Expected figures are taken from the answers to the other reading of the same tokens, never
copied from an answer."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.understand import _fold
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _en(v: float) -> str:
    return f"${v:,.2f}"


def _ro(v: float) -> str:
    return f"{v:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".") + "\xa0USD"


# -- 1. a million tokens is a price per 1M in both languages; a short job says both ------------


@pytest.mark.parametrize(("en", "ro"), [
    ("How much does a million generated tokens cost with Qwen2.5 72B on H200?",
     "Cât costă un milion de tokeni generați cu Qwen2.5 72B pe H200?"),
    ("How much does a million generated tokens cost with Llama 3.1 8B on an H100?",
     "Cât costă un milion de tokeni generați cu Llama 3.1 8B pe un H100?"),
])
def test_a_million_generated_tokens_is_the_same_price_per_1m_in_both_languages(
        en: str, ro: str) -> None:
    a, b = asked(ask(en)), asked(ask(ro))
    assert a[0] == b[0] == "per_million_output_tokens_usd", (a, b)
    assert a[1] == pytest.approx(b[1], rel=1e-9)


def test_qwen_72b_on_h200_million_says_the_one_off_job_billed() -> None:
    """30 minutes of an H200 billed for the hour: the per-1M price leads ($1.02), the job of
    that million alone follows at what the job reading bills ($2.02)."""
    job = asked(ask("How much do 1,000,000 generated tokens cost with Qwen2.5 72B on H200?"))
    assert job[0] == "per_job_usd"
    r = ask("How much does a million generated tokens cost with Qwen2.5 72B on H200?")
    # the cheapest H200 was Prime Intellect's $2.00, billed by the hour: a copy of Verda's
    # machine below Verda's own $2.59, doubted since (buyer audit 25a #4). The job reading now
    # prices 1 x H200 at fp8 at vast ($2.35/h, billed per second: $1.40 with the weights'
    # $0.019 of storage, at the served load since test_fix_tokjob28: was $1.21 with the memory
    # filled); the per-1M answer's lead, 2 x H200 at Verda ($5.18/h; $1.19 per 1M at the
    # recommendations' saturated load, 10 % of the memory free, since buyer audit 27c #3: was
    # $1.16), bills its one-off job for the hour ($5.20)
    one = size(SizingRequest(model="qwen2.5-72b", gpu="h200", weights="fp8",
                             min_memory_headroom_pct=10), catalog()).performance
    assert one is not None and one.max_throughput_tokens_per_s
    assert job[1] == pytest.approx(2.35 * 1e6 / (one.max_throughput_tokens_per_s * 3600)
                                   + 0.019, abs=0.005)
    assert job[1] == pytest.approx(1.40, abs=0.005)
    p = size(SizingRequest(model="qwen2.5-72b", gpu="h200", gpu_count=2, weights="fp8",
                           min_memory_headroom_pct=10), catalog()).performance
    assert p is not None and p.max_throughput_tokens_per_s
    assert asked(r)[1] == pytest.approx(5.18 / (p.max_throughput_tokens_per_s * 3600) * 1e6,
                                        abs=0.005)
    assert asked(r)[1] == pytest.approx(1.19, abs=0.005)
    assert "billed for at least 1 hour" in head(r), head(r)
    assert "about $5.20 in all" in head(r), head(r)
    ro = ask("Cât costă un milion de tokeni generați cu Qwen2.5 72B pe H200?")
    assert "se facturează cel puțin o oră" in head(ro), head(ro)
    assert f"aproximativ {_ro(5.20)} în total" in head(ro), head(ro)


@pytest.mark.parametrize(("million_q", "job_q", "lang"), [
    ("How much does a million generated tokens cost with Llama 3.1 8B on an H100?",
     "How much do 1.5 million generated tokens cost with Llama 3.1 8B on an H100?", "en"),
    ("Cât costă un milion de tokeni generați cu Llama 3.1 8B pe un H100?",
     "Cât costă 1,5 milioane de tokeni generați cu Llama 3.1 8B pe un H100?", "ro"),
])
def test_one_and_a_half_million_tokens_read_with_one_million(million_q: str, job_q: str,
                                                             lang: str) -> None:
    """1.5M tokens are a job of 10 minutes billed for one hour ($1.29); it says the tokens'
    own cost at full load, the 1M answer's price per 1M ($0.14, $0.21 for 1.5M), and the 1M
    answer says its own million billed as a job alone costs what the 1.5M job does. Both at
    the served load (10 % of the memory free, test_fix_tokjob28: the job was at full memory,
    $0.1437 per 1M, a strict xfail here)."""
    million = asked(ask(million_q))
    r = ask(job_q)
    job = asked(r)
    assert million[0] == "per_million_output_tokens_usd"
    assert job[0] == "per_job_usd"
    assert job[1] > 5 * million[1] * 1.5  # the billed hour, not the tokens' own GPU time
    text = head(r)
    if lang == "en":
        assert f"{_en(million[1])} per 1M output tokens ({_en(million[1] * 1.5)} for these " \
               "1,500,000)" in text, text
        assert "billing minimum of 1 hour" in text, text
    else:
        assert f"{_ro(million[1])} pe 1M de tokeni de ieșire ({_ro(million[1] * 1.5)} pentru " \
               "acești 1.500.000 de tokeni)" in text, text
        assert "minimul facturat de o oră" in text, text
    m = ask(million_q)
    said = _en(job[1]) + " in all" if lang == "en" else _ro(job[1]) + " în total"
    assert said in head(m), head(m)


def test_a_long_job_says_no_billing_minimum() -> None:
    r = ask("How much do 100 million generated tokens cost with Llama 3.1 8B on an H100?")
    assert asked(r)[0] == "per_job_usd"
    assert "billing minimum" not in head(r), head(r)


# -- 2. "X and a half" of a scale word -----------------------------------------------------------


@pytest.mark.parametrize(("text", "folded"), [
    ("un milion și jumătate de tokeni", "1.5 milion de tokeni"),
    ("două milioane și jumătate de tokeni", "2.5 milioane de tokeni"),
    ("un miliard și jumătate de tokeni", "1.5 miliard de tokeni"),
    ("o mie și jumătate de cereri", "1500 de cereri"),
    ("one and a half million tokens", "1.5 million tokens"),
    ("a million and a half tokens", "1.5 million tokens"),
    ("two and a half million tokens", "2.5 million tokens"),
    ("2 and a half billion tokens", "2.5 billion tokens"),
    ("one and a half thousand users", "1500 users"),
    ("a thousand and a half requests", "1500 requests"),
    # lengths keep their own reading
    ("o oră și jumătate", "1.5 ora"),
    ("two and a half hours", "2.5 hours"),
])
def test_and_a_half_of_a_scale_word(text: str, folded: str) -> None:
    assert _fold(text) == folded


@pytest.mark.parametrize(("q", "digits_q"), [
    ("Cât costă un milion și jumătate de tokeni generați cu Llama 3.1 8B pe un H100?",
     "Cât costă 1,5 milioane de tokeni generați cu Llama 3.1 8B pe un H100?"),
    ("How much do one and a half million generated tokens cost with Llama 3.1 8B on an H100?",
     "How much do 1.5 million generated tokens cost with Llama 3.1 8B on an H100?"),
])
def test_a_million_and_a_half_tokens_is_the_job_of_1_5_million(q: str, digits_q: str) -> None:
    r = ask(q)
    assert r.details.tokens == 1_500_000, r.answer
    assert asked(r) == asked(ask(digits_q))


# -- 3. a month of tokens: once a month, with the endpoint as the alternative ------------------


@pytest.mark.parametrize(("q", "once", "wrong", "endpoint"), [
    ("Cât costă 2,5 milioane de tokeni pe lună cu Llama 3.1 70B?", "o dată pe lună",
     "de 1 ori", "endpoint pornit permanent"),
    ("How much do 2.5 million tokens a month cost with Llama 3.1 70B?", "once a month",
     "1 times", "always-on endpoint"),
])
def test_a_month_of_tokens_is_one_job_said_once_with_the_endpoint_after(
        q: str, once: str, wrong: str, endpoint: str) -> None:
    r = ask(q)
    s = first_sentence(r)
    assert once in s and wrong not in s, s
    quantity, month, _ = asked(r)
    assert quantity == "per_month_usd"
    text = head(r)
    assert endpoint in text, text
    # the endpoint's month is said, and is dearer than the one batch job a month
    m = (re.search(r"endpoint[^.]*?\$([\d,]+\.\d\d)/month", text)
         or re.search(r"endpoint[^.]*?([\d.]+,\d\d)\s*USD/lună", text))
    assert m is not None, text
    endpoint_month = float(m.group(1).replace(",", "") if "$" in m.group(0)
                           else m.group(1).replace(".", "").replace(",", "."))
    assert endpoint_month > 10 * month


def test_twice_a_month_keeps_the_count() -> None:
    r = ask("How much do 2.5 million tokens twice a month cost with Llama 3.1 70B?")
    s = first_sentence(r)
    assert "once a month" not in s, s
