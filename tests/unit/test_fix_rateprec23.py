"""Audit r23 rateprec: answers beside the count at a request rate (test_fix_ratemonth23)
that sized another setup than it.

- Speed at a rate, no precision stated: "Llama 3.1 8B on L4 at 2 requests per second:
  TTFT?" counted 8 x L4 at bf16 (709 ms) where "how many L4 ..." says 6 x L4 at fp8. Now the
  same precision (prices.rate_weights), said, the model's own after as the unquantised
  option; a precision stated keeps leading.
- A token rate's count: the month asked followed the model's own count ("At bf16 ... 20 x
  H100. That setup costs ...", read as the bf16 one's); now right after the lead's hour. Past
  what the recommendations rank (2M tokens/s on H200s) the month was not said at all.
- "monthly cost and how many h100s ...": the month asked first is numbers.asked.
"""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_L4 = "NVIDIA L4 24GB"


@pytest.mark.parametrize(("question", "ro"), [
    ("Llama 3.1 8B on L4 at 2 requests per second: TTFT?", False),
    ("Llama 3.1 8B pe L4 la 2 cereri pe secundă: TTFT?", True),
])
def test_ttft_at_a_rate_counts_the_setups_the_count_answer_counts(question: str,
                                                                 ro: bool) -> None:
    count = ask("how many L4 for llama 3.1 8b at 2 requests per second?")
    assert asked(count)[:2] == ("gpu_count", 6)
    assert f"at fp8 needs about 6 × {_L4}" in first_sentence(count)
    r = ask(question)
    first = first_sentence(r)
    assert asked(r)[0] == "time_to_first_token_ms"
    # was "... at bf16 gives the first token after about 709 ms ... on 4 setups of 2 × L4
    # (8 GPUs in all ...)"
    if ro:
        assert "la fp8 dă primul token" in first and "3 configurații de 2 × " in first
        assert "Necuantizat, la precizia proprie a modelului, bf16: 8 × " in head(r)
    else:
        assert "at fp8 gives the first token" in first
        assert f"on 3 setups of 2 × {_L4} (6 GPUs in all" in first
        assert f"Unquantised, at the model's own bf16: 8 × {_L4}" in head(r)
    assert asked(r)[1] == pytest.approx(509, abs=1)


def test_ttft_at_a_rate_with_a_precision_stated_keeps_it() -> None:
    r = ask("Llama 3.1 8B at bf16 on L4 at 2 requests per second: TTFT?")
    assert "at bf16 gives the first token" in first_sentence(r)
    assert f"on 4 setups of 2 × {_L4} (8 GPUs in all" in first_sentence(r)
    assert "Unquantised" not in head(r)


def test_a_yes_no_at_a_rate_keeps_its_own_rule() -> None:
    r = ask("can one L4 keep up with llama 3.1 8b at 2 requests per second?")
    assert asked(r)[0] == "max_requests_per_s"
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    assert "Unquantised" not in head(r)


def test_token_count_month_follows_the_lead_not_the_models_own() -> None:
    r = ask("how many H100 for 5000 tokens/s of llama 3.1 70b, and monthly cost?")
    assert asked(r)[:2] == ("gpu_count", 14)
    text = head(r)
    assert "at awq-int4 needs 14 × " in first_sentence(r)
    # was after "At bf16 (the model's own) it takes 20 × ...", as if that setup's
    assert text.index("That setup costs about $13,055/month") < text.index(
        "At bf16 (the model's own)")


# (5,824 H200 at vast's $2.5875: it was Prime Intellect's $1.995, a copy of Verda's machine
# below Verda's own price, doubted since: buyer audit 25a #4)
@pytest.mark.parametrize(("question", "month"), [
    ("how many H200 for 2 million tokens/s of llama 3.1 70b, and monthly cost?",
     "They cost about $10,850,112/month at 24 h/day, 30 days/month."),
    ("câte H200 pentru 2 milioane de tokeni/s de llama 3.1 70b și cât costă pe lună?",
     "Costă aproximativ 10.850.112 USD/lună la 24 h/zi, 30 de zile/lună."),
])
def test_token_count_past_the_recommendations_says_the_month(question: str,
                                                            month: str) -> None:
    r = ask(question)
    assert asked(r)[:2] == ("gpu_count", 5824)
    text = head(r).replace("\u00a0", " ")
    assert month in text  # was the hour alone
    # the month after the hour it is counted on
    assert text.index(month) > text.index("15.070" if "Costă" in month else "$15,070/h")


def test_load_sized_cost_says_its_month_once() -> None:
    r = ask("how much per month for 2 million tokens/s of llama 3.1 70b on H200s?")
    assert asked(r)[0] == "per_month_usd"
    assert head(r).count("10,850,112") == 1


@pytest.mark.parametrize("question", [
    "monthly cost and how many h100s for llama 3.1 70b at 2 req/s?",
    "cât costă pe lună și câte H100 pentru llama 3.1 70b la 2 cereri pe secundă?",
    "monthly cost and how many H100 for 5000 tokens/s of llama 3.1 70b?",
])
def test_month_asked_before_the_count_is_the_number_asked(question: str) -> None:
    q, v, unit = asked(ask(question))
    assert (q, unit) == ("per_month_usd", "USD")  # was gpu_count
    assert v > 0


def test_count_asked_before_the_month_stays_the_count() -> None:
    r = ask("how many h100s for llama 3.1 70b at 2 req/s and monthly cost?")
    assert asked(r)[:2] == ("gpu_count", 4)
