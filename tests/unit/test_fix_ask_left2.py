"""/v1/ask, fixed (audit ask_left2): a context length said with its tokens ("with 128k tokens of
context", "cu un context de 128k tokeni") is the request's size, not an amount to generate: the
hourly and monthly price of the setup that holds it, with how many such requests fit; a
request's input and output tokens with a time asked is that request timed (TTFT + (out - 1) x
TPOT), not the largest context; a per-user speed target missed on the GPUs stated names the
smaller precision that meets it on them; a comparison records its sizing at the precision it
compared at. Each in English and in Romanian."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import details
from tests.unit.ask_fixtures import ask, asked, catalog, head


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


# -- 1. a context length is the request's size, not a job -------------------------------------


@pytest.mark.parametrize("q", [
    "How much does it cost to run Llama 3.1 8B with 128k tokens of context on an H100?",
    "How much does it cost to run Llama 3.1 8B with a context of 128k tokens on an H100?",
    "Cât costă să rulez Llama 3.1 8B cu un context de 128k tokeni pe un H100?",
    "Cât costă să rulez Llama 3.1 8B cu 128k tokeni de context pe un H100?",
])
def test_context_tokens_are_no_job(q: str) -> None:
    c = catalog()
    assert details(q, c.registry, list(c.providers_by_id)).tokens is None
    r = ask(q)
    assert r.intent == "cost"
    assert asked(r)[0] == "per_hour_usd"
    text = _plain(head(r))
    assert "128,000" not in text and "128.000" not in text
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.context_tokens == 131072
    # how many such requests the setup holds: 8B at bf16 on one H100, 16 GiB of KV each
    if r.lang == "en":
        m = re.search(r"holds about (\d+) requests of 131,072 tokens of context at once", text)
    else:
        m = re.search(r"Ține aproximativ (\d+) (?:de )?cereri de 131\.072 de tokeni de context "
                      r"simultan", text)
    assert m is not None, text
    assert 2 <= int(m.group(1)) <= 4


def test_context_bare_k_also_says_requests() -> None:
    text = _plain(head(ask("How much does it cost to run Llama 3.1 8B with 128k context on an "
                           "H100?")))
    assert "$1.29/h" in text
    assert "requests of 131,072 tokens of context at once" in text


def test_a_job_of_tokens_stays_a_job() -> None:
    r = ask("How much does it cost to generate 500k tokens with Llama 3.1 8B on an H100?")
    assert asked(r)[0] == "per_job_usd"


# -- 2. one request's input and output timed -------------------------------------------------


@pytest.mark.parametrize("q", [
    "How long does a request with 2000 input tokens and 300 output tokens take with Llama 3.1 "
    "8B on an H100?",
    "Cât durează o cerere cu 2000 de tokeni de intrare și 300 de tokeni de ieșire cu Llama 3.1 "
    "8B pe un H100?",
])
def test_request_in_out_timed(q: str) -> None:
    r = ask(q)
    ref = ask("How long to generate 300 tokens with a 2,000-token prompt with Llama 3.1 8B on "
              "an H100?")
    assert (r.intent, ref.intent) == ("speed", "speed")
    assert asked(r)[0] == "request_latency_s"
    assert asked(r)[1] == pytest.approx(asked(ref)[1])
    assert 1.5 < asked(r)[1] < 3.0
    text = _plain(head(r))
    assert ("299 more tokens" in text) if r.lang == "en" else ("încă 299 de tokeni" in text)


# -- 3. a per-user target on the GPUs stated: the precision that meets it there ----------------


@pytest.mark.parametrize("q", [
    "Can 2 H100 give each user 40 tok/s with Llama 3.1 70B?",
    "Pot 2 H100 să dea fiecărui utilizator 40 tok/s cu Llama 3.1 70B?",
])
def test_target_missed_names_precision_on_count(q: str) -> None:
    r = ask(q)
    assert r.intent == "speed"
    assert r.numbers is not None and r.numbers.asked is not None
    # a yes/no with no precision stated: Yes at fp8 on the same 2 H100, bf16's miss after it
    # (audit feasible22: it led "No" at bf16, fp8 meeting it said after)
    assert r.numbers.asked.yes is True
    text = _plain(head(r))
    if r.lang == "en":
        assert "at bf16 on 2 × NVIDIA H100 SXM5 80GB generates about 33.8 tokens/s" in text
        m = re.search(r"^Yes, at fp8(?: \([^)]*\))? the same 2 × NVIDIA H100 SXM5 80GB meets "
                      r"your target of [^:]*: about ([\d.]+) tokens/s per user", text)
    else:
        assert "la bf16 pe 2 × NVIDIA H100 SXM5 80GB generează aproximativ 33,8 tokeni/s" in text
        m = re.search(r"^Da, la fp8(?: \([^)]*\))?, aceleași 2 × NVIDIA H100 SXM5 80GB ating "
                      r"ținta \([^)]*\): aproximativ ([\d,]+) (?:de )?tokeni/s per utilizator",
                      text)
    assert m is not None, text
    assert float(m.group(1).replace(",", ".")) == pytest.approx(51.5, abs=0.5)


def test_target_met_by_no_precision_says_none() -> None:
    text = _plain(head(ask("Can 2 H100 give each user 60 tok/s with Llama 3.1 70B?")))
    assert "fewest that meet it are 8 × NVIDIA H100 SXM5 80GB" in text
    assert "At fp8 the same" not in text  # fp8's 51.5 tokens/s miss 60 too


# -- 4. the comparison records the sizing at the precision it compared -----------------------


@pytest.mark.parametrize("q", [
    "Should I use 2 H100 or one H200 for Llama 3.1 70B?",
    "Să folosesc 2 H100 sau un H200 pentru Llama 3.1 70B?",
])
def test_compare_records_compared_precision(q: str) -> None:
    r = ask(q)
    assert r.intent == "compare"
    assert "fp8" in head(r)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "fp8"
    assert r.numbers.sizing.weights_gib < 70  # 70B at 8 bits, not bf16's 131 GiB



def _slack_rows(text: str) -> dict[str, str]:
    """The rows of the Slack answer's table for ``text`` (its label, then its value)."""
    from service.adapters.slack.commands import BotData, parse_command, run_command
    from tests.unit.ask_fixtures import TODAY, knowledge
    from tests.unit.slack_blocks import table_rows

    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return table_rows(run_command(parse_command(text), data))


def test_slack_compare_table_at_compared_precision() -> None:
    rows = _slack_rows("Should I use 2 H100 or one H200 for Llama 3.1 70B?")
    assert rows["Precision"] == "fp8"  # was bf16 beside a text comparing at fp8
    assert rows["Weights"] == "67.7 GiB"
