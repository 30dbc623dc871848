"""How /gpu size and recommend read a command (audit slack2 #1, #3, #7, #10, #13c; train2 #10):
"2k users" is no context, a bare "1500" is the monthly budget and said so, an unknown place is
refused with suggestions, "on 8xh100" sizes on 8 H100s, "5 requests per second" and "in 2 days"
are carried, "100M tokens" is a training run's, "maxim 500 de dolari pe lună" is read whole."""

from __future__ import annotations

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import Message
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text, link_params, table_rows

URL = "https://gpu.example.com"


def _run(text: str) -> Message:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)
    return run_command(parse_command(text), data)


@pytest.mark.parametrize(("text", "context", "total"), [
    ("size llama 3.1 8b for 2k users", "4,096 tokens", "1,016.5 GiB"),
    ("dimensiune llama 3.1 8b pentru 2k utilizatori", "4.096 de tokeni", "1.016,5 GiB"),
])
def test_thousands_of_users_are_no_context(text: str, context: str, total: str) -> None:
    rows = table_rows(_run(text))
    # was 2,048 tokens and 516.5 GiB: the "2k" read as the context too
    assert rows["Context"] == context
    assert rows["Total"] == total


def test_recommend_for_1_5k_users_keeps_the_default_context() -> None:
    link = link_params(_run("recommend llama 3.1 8b for 1.5k users"))
    assert link is not None
    assert (link["context"], link["concurrency"]) == ("4096", "1500")  # was 1536


def test_bare_number_in_recommend_is_the_monthly_budget_and_said() -> None:
    msg = _run("recommend llama 3.1 8b 1500")
    text = all_text(msg)
    assert "`1500` has no unit: read as a budget of $1,500/month" in text
    assert table_rows(msg)["Budget"] == "$1,500/month (no unit given: read as per month)"
    link = link_params(msg)
    assert link is not None and link["context"] == "4096" and link["budget"] == "1500.0"


@pytest.mark.parametrize(("text", "said"), [
    ("recommend llama 3.1 8b in germnay",
     "`germnay` is no place this service knows, so no place filter could be applied and "
     "nothing was ranked. Did you mean `germany`?"),
    ("offers h100 in germnay", "`germnay` is no place this service knows"),
    ("recomandă llama 3.1 8b în germaniaa",
     "`germaniaa` nu este un loc pe care acest serviciu îl cunoaște"),
])
def test_unknown_place_is_refused_with_suggestions(text: str, said: str) -> None:
    out = all_text(_run(text))
    assert said in out
    assert "Top offers" not in out and "Cheapest offers" not in out


@pytest.mark.parametrize(("text", "place"), [
    ("recommend llama 3.1 8b in deutschland", ("Place", "Deutschland (de)")),
    ("recomandă llama 3.1 8b în ungaria", ("Loc", "Ungaria (hu)")),
])
def test_place_aliases_filter(text: str, place: tuple[str, str]) -> None:
    msg = _run(text)
    assert table_rows(msg)[place[0]] == place[1]
    assert "ungaria`" not in all_text(msg) and "deutschland`" not in all_text(msg)


def test_size_on_8xh100_sizes_on_eight_h100() -> None:
    msg = _run("size llama 3.1 405b fp8 on 8xh100")
    text = all_text(msg)
    assert "Not understood" not in text  # was "`8xh100`", and "fits on 2 x B300"
    assert "Sized on 8 × NVIDIA H100 SXM5 80GB: fits, 59.4 GiB per GPU of 71.7 GiB usable." \
        in text
    assert table_rows(msg)["Fits on"] == "8 x NVIDIA H100 SXM5 80GB (~29 decode tok/s)"


def test_size_on_h100_that_does_not_fit_says_so() -> None:
    text = all_text(_run("size llama 3.1 70b fp8 on h100 32k for 16 users kv fp8"))
    assert ("Sized on 1 × NVIDIA H100 SXM5 80GB: does not fit, needs 150.1 GiB per GPU, "
            "71.7 GiB usable") in text
    assert "Not understood" not in text


def test_recommend_reads_a_request_rate() -> None:
    msg = _run("recommend llama 3.1 8b 5 requests per second")
    assert "Not understood" not in all_text(msg)
    assert table_rows(msg)["Request rate"] == "5 requests/s (target)"
    assert "at 5 requests/s" in all_text(msg)


def test_size_training_tokens_are_no_context() -> None:
    text = all_text(_run("size llama 3.1 8b lora fine-tune on 1 h100 for 100M tokens"))
    assert "104,857,600" not in text
    assert "LoRA training of Meta Llama 3.1 8B (bf16 weights) needs about *17.9 GiB*" in text


@pytest.mark.parametrize(("text", "row"), [
    ("recommend llama 3.1 8b full fine-tune 2B tokens in 2 days",
     ("Deadline", "48 hours for the job")),
    ("recomandă llama 3.1 8b antrenare completă 2B tokeni în 2 zile",
     ("Termen", "48 de ore pentru antrenare")),
])
def test_training_deadline_is_read(text: str, row: tuple[str, str]) -> None:
    msg = _run(text)
    assert table_rows(msg)[row[0]] == row[1]
    assert "`days`" not in all_text(msg) and "`zile`" not in all_text(msg)


def test_romanian_budget_words_are_read() -> None:
    msg = _run("recomandă llama 3.1 8b maxim 500 de dolari pe lună")
    assert "Nu am înțeles" not in all_text(msg)  # was `maxim`, `dolari`, `lună`
    assert table_rows(msg)["Buget"] == "500 USD/lună"
