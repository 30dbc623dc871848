"""Slack answers keep what the asker stated (audit s6slack): a ``/gpu <question>`` table says
the request rate its numbers are for; a link the page cannot price as the message did (a
request rate, a speed target, several GPUs sized) is left out; one request, image or user is
said in the singular ("1 cerere", never "câte 1 cereri")."""

from __future__ import annotations

import re

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import Message
from tests.unit.ask_fixtures import TODAY, ask, catalog, head, knowledge
from tests.unit.slack_blocks import all_text, link_params, table_rows

URL = "https://gpu.example.com"


def _run(text: str) -> Message:
    return run_command(parse_command(text), BotData(
        catalog=catalog(), today=TODAY, knowledge=knowledge(), public_url=URL,
        messages=knowledge().messages))


# 1. the load the table is for


@pytest.mark.parametrize(("text", "label", "value"), [
    ("how many H100 for llama 3.1 70b fp8 at 10 requests per second?", "Request rate",
     "10 requests/s"),
    ("what does llama 3.1 70b at 1 request per second cost?", "Request rate", "1 request/s"),
    ("întreabă cât costă llama 3.1 70b la 10 cereri pe secundă?", "Rată de cereri",
     "10 cereri/s"),
])
def test_question_table_says_the_request_rate(text: str, label: str, value: str) -> None:
    assert table_rows(_run(text))[label] == value


def test_question_table_keeps_its_users_row() -> None:
    rows = table_rows(_run("how many H100 for llama 3.1 70b fp8 with 50 users?"))
    assert rows["Users"] == "50"
    assert "Request rate" not in rows


# 2. no link to another answer


def test_recommend_link_left_out_for_a_request_rate() -> None:
    assert link_params(_run("recommend llama 3.1 8b")) is not None
    assert link_params(_run("recommend llama 3.1 8b 5 requests per second")) is None
    assert link_params(_run("recommend llama 3.1 8b 5000 tok/s")) is None


def test_size_link_left_out_for_several_gpus() -> None:
    one = link_params(_run("size llama 3.1 70b fp8 on h100 8 users"))
    assert one is not None and one["gpus"] == "h100-sxm" and one["concurrency"] == "8"
    # 85.4 GiB on 4 GPUs (each with its overhead), 80.1 GiB on the page's one
    msg = _run("size llama 3.1 70b fp8 on 4xh100 8 users")
    assert table_rows(msg)["Total"] == "85.4 GiB"
    assert link_params(msg) is None


# 3. one in the singular


def test_recommend_reads_one_request_per_second_in_the_singular() -> None:
    msg = _run("recomandă llama 3.1 8b 1 cerere pe secundă")
    assert table_rows(msg)["Rată de cereri"] == "1 cerere/s (țintă)"
    assert "înțeles" not in all_text(msg)


def test_ask_spread_rate_of_one_request_each() -> None:
    # re-pinned: start transient + round 14: input changed. With no GPU named the pick is now
    # 7 setups of 2 x RTX 3060 at 0.571 requests/s each (no singular to say); on an RTX 4090
    # the 4 requests/s are spread over 4 setups of 2 GPUs, 1 request/s each
    text = head(ask("Cât durează o cerere pe Llama 3.1 8B la 4 cereri pe secundă pe un RTX "
                    "4090?"))
    text = text.replace("\xa0", " ")
    assert "câte 1 cerere pe secundă fiecare" in text, text
    assert not re.search(r"(?<![\d.,])1 cereri", text), text


def test_ask_one_image_per_request_in_the_singular() -> None:
    text = head(ask("How much VRAM for Llama 3.2 11B Vision with 1 image per request?"))
    assert "Sized with 1 image per request" in text.replace("\xa0", " "), text
    assert "1 images" not in text
