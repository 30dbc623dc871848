"""/v1/ask out-of-range readings (audit regress6 items 5, 6, 8, 13, 14), fixed:

5. a zero output per request ("0 new tokens", "0 generated tokens", "0 tokeni de ieșire") is a
   request /v1/sizing takes (``output_tokens`` 0), never "0 tokens of work";
6. such a request is timed as its prefill alone, /v1/sizing's time to the first token at
   ``output_tokens`` 0 (it was timed for 512 output tokens, or answered "fits");
8. a budget above the bound of /v1/ask's budget field rules nothing out and is answered as
   without one; "$0 upfront commitment" is no budget; "a $0 budget" for training is refused as
   the inference one is;
13. a request rate past ``fields.RequestRate`` is said, not dropped, and a GPU count worked out
    past the 4,096 a setup is sized on says it is an estimate beyond one deployment;
14. a list item's hyphen and "1 -2" are no minus signs.

Expected figures come from ``size()`` and the API's field bounds, never from an answer."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import minus_before
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, head


def _prefill_s(gpu: str, inp: int) -> float:
    """/v1/sizing's time to the first token of Llama 3.1 8B with ``inp`` prompt tokens and no
    output on one ``gpu``, in seconds."""
    r = size(SizingRequest(model="llama-3.1-8b", gpu=gpu, input_tokens=inp,  # type: ignore[arg-type]
                           output_tokens=0), catalog())
    assert r.performance is not None and r.performance.time_to_first_token_ms
    assert r.performance.decode_tokens_per_s is None  # nothing generated
    return r.performance.time_to_first_token_ms / 1000


# -- 5 and 6: a request of no output tokens ---------------------------------------------------


@pytest.mark.parametrize("question", [
    "Llama 3.1 8B with 1000 prompt tokens and 0 new tokens on an H100: time per request?",
    "Llama 3.1 8B with 1000 prompt tokens and 0 generated tokens on an H100: time per request?",
    "Llama 3.1 8B with 1000 input tokens and 0 output tokens on an H100: time per request?",
])
def test_zero_output_is_timed_as_its_prefill(question: str) -> None:
    r = ask(question)
    assert "not an amount of work" not in r.answer
    q, s, unit = asked(r)
    assert (q, unit) == ("request_latency_s", "s")
    assert s == pytest.approx(_prefill_s("h100-sxm", 1000))  # 64 ms, was 3.8 s for 512 tokens
    assert s < 0.1
    assert "512" not in head(r)
    assert "1,000-token prompt and no output tokens" in head(r)
    assert "the prefill alone" in head(r)


def test_zero_output_ro() -> None:
    r = ask("Llama 3.1 8B cu 1000 de tokeni de intrare și 0 tokeni de ieșire pe un H100: "
            "cât durează o cerere?")
    assert "nu este o cantitate de lucru" not in r.answer
    q, s, _ = asked(r)
    assert q == "request_latency_s"
    assert s == pytest.approx(_prefill_s("h100-sxm", 1000))
    assert "prompt de 1.000 de tokeni și fără tokeni de ieșire" in head(r)
    assert "doar prefill-ul" in head(r)


def test_prefill_only_on_an_l4_gives_its_time() -> None:
    r = ask("Llama 3.1 8B, prefill only (0 output tokens), 8000 input tokens on an L4: time?")
    q, s, _ = asked(r)
    assert q == "request_latency_s"  # it was a fit's yes, no time
    assert s == pytest.approx(_prefill_s("l4", 8000))  # about 2.2 s
    assert "2,183 ms" in head(r)
    assert "8,000-token prompt" in head(r)


def test_zero_tokens_of_work_still_refused() -> None:
    r = ask("Cost to generate 0 tokens with Llama 3.1 8B on an H100?")
    assert head(r).startswith("0 tokens is not an amount of work")


# -- 8: budgets -------------------------------------------------------------------------------


def test_budget_above_the_cap_is_answered_without_it() -> None:
    r = ask("Which GPU for Llama 3.1 70B under a $20,000/hour budget for 100 users?")
    q, usd, unit = asked(r)  # it was refused, no figures
    assert (q, unit) == ("per_hour_usd", "USD/h")
    without = asked(ask("Which GPU for Llama 3.1 70B for 100 users?"))[1]
    assert usd == pytest.approx(without)
    assert ("A budget of $20,000/h is above the $10,000/h that this service checks a budget"
            " against") in head(r)
    assert "it rules out no option" in head(r)
    assert "within your budget" not in head(r)


def test_budget_above_the_cap_ro() -> None:
    r = ask("Ce GPU pentru Llama 3.1 70B cu un buget de 20.000 de dolari pe oră pentru 100 de "
            "utilizatori?")
    assert asked(r)[0] == "per_hour_usd"
    assert ("Un buget de 20.000\u00a0USD/oră depășește cei 10.000\u00a0USD/oră"
            in head(r))
    assert "nu exclude nicio opțiune" in head(r)


def test_zero_upfront_is_no_budget() -> None:
    r = ask("Cheapest H100 with $0 upfront commitment?")
    assert "No offer is within a budget" not in r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert asked(r)[1] > 0


def test_zero_training_budget_is_refused() -> None:
    r = ask("Train Llama 3.1 8B on 1B tokens with a $0 budget")
    assert head(r).startswith("No offer is within a budget of $0.00")  # was $47.16
    assert "$47" not in head(r)


# -- 13: rates and counts past the bounds -----------------------------------------------------


@pytest.mark.parametrize(("question", "said"), [
    ("Llama 3.1 8B on one H100 at 1953125000 requests per second: how many setups?",
     "1,953,125,000 requests per second is beyond what this service sizes: a load is sized at"
     " most 1,000,000 requests per second (the request_rate_per_s bound of /v1/sizing)"),
    ("Llama 3.1 8B on one H100 at 2,000,000 requests per second: how many setups?",
     "2,000,000 requests per second is beyond what this service sizes"),
    ("Llama 3.1 8B on one H100 at 1,500,000 requests/s: how many setups?",
     "1,500,000 requests per second is beyond what this service sizes"),
    ("Llama 3.1 8B pe un H100 la 1.500.000 de cereri pe secundă: câte configurații?",
     "1.500.000 de cereri pe secundă depășesc ce dimensionează acest serviciu: o încărcare se"
     " calculează la cel mult 1.000.000 de cereri pe secundă"),
])
def test_rate_past_the_bound_is_said(question: str, said: str) -> None:
    r = ask(question)
    assert head(r).startswith(said), head(r)
    assert r.numbers is None or r.numbers.asked is None  # no one-request speed instead


def test_a_rate_at_the_bound_is_still_sized() -> None:
    r = ask("Llama 3.1 8B at 100 requests per second: how many H100s?")
    assert asked(r)[0] == "gpu_count"
    assert "beyond one deployment" not in r.answer


def test_a_count_past_the_cap_is_an_estimate() -> None:
    r = ask("Llama 3.1 8B at 100,000 requests per second: how many H100s?")
    q, n, _ = asked(r)
    assert q == "gpu_count" and n > 4096
    assert ("That is an estimate beyond one deployment this service sizes: "
            f"{int(n):,} GPUs are more than the 4,096 a setup is sized on") in head(r)


# -- 14: hyphens that are no minus ------------------------------------------------------------


def test_minus_before_bullets_and_ranges() -> None:
    listed = "llama 3.1 70b:\n-2 h100s\n-4 h100s\nwhich is faster?"
    assert not minus_before(listed, listed.index("-2") + 1)
    assert not minus_before(listed, listed.index("-4") + 1)
    assert not minus_before("-2 h100s\n-4 h100s", 1)  # a list from the first line
    assert not minus_before("on 1 -2 l4s", 6)
    assert minus_before("-2 h100s", 1)  # the question's own minus stays one
    assert minus_before("on -2 h100s", 4)
    assert minus_before("with 10 users, -2 h100s", 16)


@pytest.mark.parametrize("question", [
    "Llama 3.1 70B:\n-2 H100s\n-4 H100s\nwhich is faster?",
    "What does Llama 3.1 8B cost per hour on 1 -2 L4s?",
])
def test_bullets_and_ranges_are_answered(question: str) -> None:
    r = ask(question)
    assert "cannot run a model" not in r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert "2 × NVIDIA" in head(r)
