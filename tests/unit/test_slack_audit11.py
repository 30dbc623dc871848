"""Audit 11, the Slack bot: a Romanian command verb answers in Romanian; a Romanian message
is Romanian throughout (its own words, the language's number formats, the best option worded
from its fields); a training answer lists its fits without decode speeds; a message states
one total. Every message here is checked against Slack's limits."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import (
    MAX_BLOCKS,
    MAX_CONTEXT_ELEMENTS,
    MAX_SECTION_CHARS,
    MAX_TEXT_CHARS,
    Message,
)
from service.domain.messages import Messages
from tests.unit.ask_fixtures import TODAY, catalog, knowledge

URL = "https://gpu.example.com"


RESERVED_FRESH = dt.date(2026, 11, 20)
"""A day the shipped reserved rates (hyperstack's rate card of 2026-08-26) are within the
90-day limit: stale, they are left out of the ranking and its reserved lines."""


def _data(today: dt.date = TODAY) -> BotData:
    return BotData(catalog=catalog(), today=today, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)


def _run(text: str, today: dt.date = TODAY) -> Message:
    data = _data(today)
    msg = run_command(parse_command(text), data)
    _assert_limits(msg)
    return msg


def _assert_limits(msg: Message) -> None:
    assert len(msg["text"]) <= MAX_TEXT_CHARS
    assert 0 < len(msg["blocks"]) <= MAX_BLOCKS
    for b in msg["blocks"]:
        if b["type"] == "section":
            assert len(b["text"]["text"]) <= MAX_SECTION_CHARS
        if b["type"] == "context":
            assert len(b["elements"]) <= MAX_CONTEXT_ELEMENTS


def _sections(msg: Message) -> list[str]:
    """The sections' texts, a no-break space (Romanian money: "109\u00a0USD") read as a
    space."""
    return [b["text"]["text"].replace("\u00a0", " ") for b in msg["blocks"]
            if b["type"] == "section"]


def _everything(msg: Message) -> str:
    return json.dumps(msg, ensure_ascii=False)


def _table_rows(msg: Message, label: str) -> list[str]:
    """The values of a table row (and the rows it continues onto) in the message."""
    table = next(s for s in _sections(msg) if s.startswith("```"))
    out: list[str] = []
    for line in table.strip("`\n").splitlines():
        if line.startswith(label + " "):
            out.append(line[len(label):].strip())
        elif out and line.startswith(" "):
            out.append(line.strip())
        elif out:
            break
    return out


# --- 1. the command verb says the language ----------------------------------------------


@pytest.mark.parametrize(("text", "kind", "lang"), [
    ("recomandă llama 3.1 70b", "recommend", "ro"),
    ("recomanda llama 3.1 8b", "recommend", "ro"),
    ("dimensiune llama 3 70b int4 32k", "size", "ro"),
    ("întreabă how much VRAM for llama 3 70b?", "ask", "ro"),
    ("intreaba what is fp8?", "ask", "ro"),
    ("ajutor", "help", "ro"),
    ("recommend llama 3.1 70b", "recommend", "en"),
    ("size llama 3 70b int4 32k", "size", "en"),
    ("help", "help", "en"),
    # an English verb leaves the language to the rest ("lună" is Romanian)
    ("recommend llama 3.1 8b buget 800/lună", "recommend", "ro"),
])
def test_the_command_verb_says_the_language(text: str, kind: str, lang: str) -> None:
    cmd = parse_command(text)
    assert (cmd.kind, cmd.lang) == (kind, lang), cmd


def test_the_verbs_are_the_messages_data() -> None:
    """A verb added to a language's messages is a verb of that language: no list in code."""
    from service.adapters.slack.commands import command_verbs

    m = knowledge().messages
    ro = dict(m.texts["ro"])
    ro["slack"] = {**ro["slack"], "verbs_recommend": "recomandați"}
    changed = dataclasses.replace(m, texts={**m.texts, "ro": ro})
    assert isinstance(changed, Messages)
    assert command_verbs(changed)["recomandați"] == ("recommend", "ro")
    assert "recomandă" not in command_verbs(changed)
    cmd = parse_command("recomandați llama 3.1 8b", messages=changed)
    assert (cmd.kind, cmd.lang, cmd.args) == ("recommend", "ro", "llama 3.1 8b")


def test_a_romanian_recommend_verb_answers_in_romanian() -> None:
    ro = _everything(_run("recomandă llama 3.1 70b"))
    for english in ("Top offers", "Workload", "Open in the web app", "Memory (GiB)"):
        assert english not in ro
    for romanian in ("Cele mai bune oferte", "Tip de sarcină", "Deschide în aplicația web"):
        assert romanian in ro
    en = _everything(_run("recommend llama 3.1 70b"))
    assert "Top offers" in en and "Workload" in en and "Open in the web app" in en


def test_a_romanian_ask_verb_answers_an_english_question_in_romanian() -> None:
    msg = _run("întreabă how much VRAM do I need for llama 3 70b at 4-bit?")
    assert "are nevoie de aproximativ" in _sections(msg)[0]
    assert "Precizie" in _sections(msg)[1]


# --- 2. a Romanian message is Romanian throughout ------------------------------------------


def test_a_romanian_recommendation_is_romanian_throughout() -> None:
    msg = _run("recomanda llama 3.1 8b buget 800/lună", RESERVED_FRESH)
    first, _, offers = _sections(msg)[:3]
    # the best option from its fields, in Romanian: never the core's English "why"
    # "la cerere", as [pricing] says it (the web page too: test_fix_slack3.py)
    assert " la hyperstack (la cerere), greutăți fp8: 109 USD/lună; folosește 10,5 din 14,4 " \
           "GiB pe GPU, ~36 tok/s per utilizator cu prefill-uri." in first
    for english in (" at ", "weights", "Ranked", "per user", "tokens/s"):
        assert english not in first
    assert _table_rows(msg, "Tip de sarcină") == ["servire"]
    assert _table_rows(msg, "Buget") == ["800 USD/lună"]
    assert _table_rows(msg, "Memorie (GiB)") == ["10,5 / 14,4 pe GPU"]
    assert "*0,15 USD/oră* · ~109 USD/lună la cerere" in offers
    assert "~80 USD/lună rezervat" in offers
    # no English number or money format anywhere in the Romanian sections
    text = "\n".join(_sections(msg))
    assert "$" not in text
    assert not re.search(r"(?<![\d,])[1-9]\d{0,2},\d{3}(?!\d)|\d\.\d+ GiB|\d\.\d+ /", text), text


def test_an_english_recommendation_keeps_the_cores_why_and_english_formats() -> None:
    msg = _run("recommend llama 3.1 8b $2/h", RESERVED_FRESH)
    first = _sections(msg)[0]
    assert first.startswith("1 x NVIDIA RTX A4000 16GB at hyperstack (on-demand")
    assert "Ranked first over a cheaper reserved price" in first
    assert _table_rows(msg, "Workload") == ["serving"]
    assert _table_rows(msg, "Budget") == ["$2.00/h"]
    assert _table_rows(msg, "Memory (GiB)") == ["10.5 / 14.4 per GPU"]
    assert "*$0.15/h* · ~$109/month on-demand" in _sections(msg)[2]


def test_romanian_sizing_and_answer_tables_use_romanian_numbers() -> None:
    sized = _run("dimensiune llama 3 70b int4 32k")
    assert "32.768 de tokeni: *49,5 GiB*" in _sections(sized)[0]
    assert _table_rows(sized, "Context") == ["32.768 de tokeni"]
    assert _table_rows(sized, "Greutăți") == ["37,0 GiB"]
    asked = _run("Cât VRAM îmi trebuie pentru llama 3 70b la 4 biți?")
    assert _table_rows(asked, "Context") == ["4.096 de tokeni"]
    assert _table_rows(asked, "Greutăți") == ["37,0 GiB"]
    en = _run("How much VRAM do I need for llama 3 70b at 4-bit?")
    assert _table_rows(en, "Context") == ["4,096 tokens"]
    assert _table_rows(en, "Weights") == ["37.0 GiB"]


# --- 3. a training answer shows no decode speeds --------------------------------------------


@pytest.mark.parametrize(("question", "label"), [
    ("cât costă să antrenez llama 3.1 8b cu lora pe un a100?", "Încape pe"),
    ("how much does it cost to train llama 3.1 8b with lora on an a100?", "Fits on"),
])
def test_a_fine_tuning_answer_lists_its_fits_without_decode_speeds(question: str,
                                                                    label: str) -> None:
    msg = _run(question)
    fits = _table_rows(msg, label)
    assert fits, msg
    assert not any("tok/s" in row for row in fits), fits
    # the rows are the training sizing's own (as the answer's numbers give them), each
    # with its own need where it differs from the table's total (the checkpointed run's
    # 17.9 GiB beside the answer's 27.8: test_fix_slackgaps)
    need = ("necesită 17,9 GiB pe GPU" if label == "Încape pe"
            else "needs 17.9 GiB per GPU")
    assert fits == [f"1 × NVIDIA RTX 4000 Ada Generation 20GB ({need})",
                    f"1 × NVIDIA RTX A4500 20GB ({need})",
                    f"1 × AMD Radeon RX 7900 XT 20GB ({need})"]


def test_an_inference_answer_still_shows_decode_speeds() -> None:
    msg = _run("How much VRAM do I need for llama 3 70b at 4-bit?")
    assert all("tok/s)" in row for row in _table_rows(msg, "Fits on"))


# --- 4. one total per message ---------------------------------------------------------------


@pytest.mark.parametrize(("question", "total", "expected"), [
    ("Cât VRAM îmi trebuie pentru llama 3 70b la 4 biți?", "Total", "40,7 GiB"),
    ("How much VRAM do I need for llama 3 70b at 4-bit?", "Total", "40.7 GiB"),
])
def test_the_table_total_is_the_texts_total(question: str, total: str, expected: str) -> None:
    msg = _run(question)
    text = _sections(msg)[0]
    said = re.search(r"(\d+[.,]\d) GiB (?:în total|in total)", text)
    assert said is not None, text
    assert said.group(1) + " GiB" == expected
    assert _table_rows(msg, total) == [expected]


def test_limits_hold_for_every_kind_of_romanian_message() -> None:
    for text in ("ajutor", "recomandă llama 3.1 405b", "dimensiune qwen 2.5 72b 128k",
                 "recomandă deepseek v3 buget 100/lună",
                 "întreabă " + "cât VRAM pentru llama 3 70b? " * 60):
        _run(text)
