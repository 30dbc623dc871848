"""A stated length with a model and GPUs named ("10 hours on 4 H100s for llama 3.1 70b") is
priced for that length, as it is with no model named; it was the hourly price and a month."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


@pytest.mark.parametrize("q", ["How much for 10 hours on 4 H100s for llama 3.1 70b?",
                               "Cât costă 10 ore pe 4 H100 pentru llama 3.1 70b?"])
def test_a_stated_length_with_a_model_is_its_total(q: str) -> None:
    r = ask(q)
    hourly = asked(ask("How much per hour for 4 H100s for llama 3.1 70b?"))
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), first_sentence(r)
    assert hourly[0] == "per_hour_usd"
    # the hours' price plus the model's weights stored for them (a job's bill counts its
    # storage: followups5), cents here
    assert 10 * hourly[1] < value < 10 * hourly[1] + 1.0
    assert first_sentence(r).startswith("10 "), first_sentence(r)


def test_the_same_length_with_no_model_agrees() -> None:
    with_model = asked(ask("How much for 10 hours on 4 H100s for llama 3.1 70b?"))[1]
    r = ask("How much for 10 hours on 4 H100s?")
    alone = asked(r)[1]
    # with no model the 4 GPUs need not share a machine: separate machines lead where they
    # cost less (audit nodeprice), then the one machine a model split over them needs, the
    # same GPU time as the model's answer, which adds its weights' storage (cents)
    assert alone <= with_model
    m = re.search(r"one machine of 4 × [^,]+, about \$([\d,.]+) for 10 hours", head(r))
    assert m is not None, head(r)
    one = float(m.group(1).replace(",", ""))
    assert one < with_model < one + 1.0
