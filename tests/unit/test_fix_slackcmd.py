"""Slack audit 3, ``/gpu size`` and ``/gpu recommend``: a euro or lei budget is never read as
dollars (and is said), a GPU or region named is used as the API's ``gpus``/``regions``
filters, words no reader used are said, a KV-cache precision and a diffusion size and steps
are read, and an impossible context or 0 users is refused in the user's words."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import Message
from service.domain.fields import TOKENS_MAX
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, catalog, knowledge

URL = "https://gpu.example.com"


def _data(today: dt.date = TODAY) -> BotData:
    return BotData(catalog=catalog(), today=today, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)


def _run(text: str) -> Message:
    return run_command(parse_command(text), _data())


def _all_text(msg: Message) -> str:
    parts = [str(msg["text"])]
    for b in msg["blocks"]:
        if b["type"] == "section":
            parts.append(b["text"]["text"])
        elif b["type"] == "context":
            parts += [e["text"] for e in b["elements"]]
    return "\n".join(parts)


def _table(msg: Message) -> str:
    return str(next(b["text"]["text"] for b in msg["blocks"]
                    if b["type"] == "section" and b["text"]["text"].startswith("```")))


def _link(msg: Message) -> str:
    return str(next(b["elements"][0]["url"] for b in msg["blocks"] if b["type"] == "actions"))


def _offer_lines(msg: Message) -> list[str]:
    return re.findall(r"^\d\. .*$", _all_text(msg), re.M)


# 1. a euro or lei amount is no dollar budget, and is said


def test_euro_budget_is_not_applied_and_is_said() -> None:
    msg = _run("recommend llama 3.1 70b €2/h")
    assert "Budget" not in _table(msg)
    assert "budget=" not in _link(msg)
    text = _all_text(msg)
    assert "no exchange rate" in text and "2 EUR" in text, text


def test_lei_amount_is_said_in_romanian() -> None:
    msg = _run("recomandă llama 3.1 70b 1500 lei")
    text = _all_text(msg)
    assert "Buget" not in _table(msg)
    assert "curs de schimb" in text and "1.500 de lei" in text, text


def test_dollar_budget_still_applied() -> None:
    msg = _run("recommend llama 3.1 70b $2/h")
    assert "$2.00/h" in _table(msg)
    assert "exchange rate" not in _all_text(msg)


# 2. a GPU and a region named are filters; other words are said


def test_gpu_named_filters_the_offers() -> None:
    msg = _run("recommend llama 3.1 70b fp8 on h100")
    lines = _offer_lines(msg)
    assert lines and all("H100" in x for x in lines), lines
    assert "Not understood" not in _all_text(msg)


def test_region_named_filters_the_offers() -> None:
    msg = _run("recommend llama 3.1 70b in europe")
    want = recommend(RecommendationRequest(model="llama-3.1-70b", context_tokens=4096,
                                           output_tokens=512, regions=["europe"], top_n=3),
                     catalog(), TODAY)
    lines = _offer_lines(msg)
    assert len(lines) == len(want.options) == 3, lines
    for line, o in zip(lines, want.options, strict=True):
        assert f"{o.offer.gpu_name} — {o.offer.provider}" in line, (line, o.offer)
    assert "Not understood" not in _all_text(msg)


def test_recommend_says_unread_words() -> None:
    text = _all_text(_run("recommend llama 3.1 70b fp8 zorblax"))
    assert "Not understood, so left out: `zorblax`" in text, text


def test_recommend_understood_words_are_not_flagged() -> None:
    for q in ("recommend llama 3.1 70b fp8 32k for 8 users $2/h",
              "recommend llama 3.1 70b budget $1500/month"):
        assert "Not understood" not in _all_text(_run(q)), q


# 3. KV cache precision, diffusion size and steps


def test_kv_cache_precision_is_read() -> None:
    msg = _run("size llama 3.1 8b fp8 kv fp8 32k")
    want = size(SizingRequest(model="llama-3.1-8b", weights="fp8", kv_cache="fp8",
                              input_tokens=32768, output_tokens=0), catalog())
    assert want.memory.kv_cache_gib is not None
    table = _table(msg)
    assert re.search(rf"KV cache\s+{want.memory.kv_cache_gib:.1f} GiB", table), table
    assert re.search(r"Precision\s+fp8", table), table
    assert "Not understood" not in _all_text(msg)


def test_kv_precision_before_kv_is_the_caches() -> None:
    """"fp8 kv cache": the fp8 is the cache's, the weights stay the model's own (as /v1/ask
    reads it)."""
    msg = _run("size llama 3.1 8b fp8 kv cache 32k")
    want = size(SizingRequest(model="llama-3.1-8b", kv_cache="fp8", input_tokens=32768,
                              output_tokens=0), catalog())
    table = _table(msg)
    assert re.search(rf"Total\s+{want.memory.total_gib:.1f} GiB", table), table
    assert "Not understood" not in _all_text(msg)


@pytest.mark.parametrize(("text", "width", "height", "steps"), [
    ("size flux.1 dev 2048x2048", 2048, 2048, None),
    ("size flux.1 dev 1024x1024 30 steps", 1024, 1024, 30),
])
def test_diffusion_size_and_steps_are_read(text: str, width: int, height: int,
                                           steps: int | None) -> None:
    msg = _run(text)
    want = size(SizingRequest(model="flux.1-dev", width=width, height=height, steps=steps),
                catalog())
    table = _table(msg)
    assert re.search(rf"Total\s+{want.memory.total_gib:.1f} GiB", table), table
    assert re.search(rf"Resolution\s+{width:,} × {height:,}", table), table
    if steps is not None:
        assert re.search(rf"Steps\s+{steps}\n", table), table
    assert "Not understood" not in _all_text(msg)


# 4. input checked in the user's words


# ("10m" is 10,000,000 on every route since fix/smalls, within the service's 10,485,760: "20m")
@pytest.mark.parametrize("text", ["size llama 3.1 8b 20m", "dimensiune llama 3.1 8b 20m"])
def test_context_past_the_service_limit_is_said_plainly(text: str) -> None:
    msg = _run(text)
    said = _all_text(msg)
    assert "input_tokens" not in said and "output_tokens" not in said, said
    sep = "." if parse_command(text).lang == "ro" else ","
    assert f"{TOKENS_MAX:,}".replace(",", sep) in said, said
    assert f"{131072:,}".replace(",", sep) in said, said  # the model's own limit


@pytest.mark.parametrize("text", ["size llama 3.1 8b 0 users",
                                  "dimensiune llama 3.1 8b 0 utilizatori",
                                  "recommend llama 3.1 8b 0 users"])
def test_zero_users_is_refused(text: str) -> None:
    msg = _run(text)
    assert not any(b["type"] == "section" and b["text"]["text"].startswith("```")
                   for b in msg["blocks"]), msg
    assert re.search(r"\b0\b", _all_text(msg))


def test_gpu_model_number_is_no_context() -> None:
    """"on rtx 4090": the GPU's words are the filter's, its 4090 no context of 4,090 tokens."""
    msg = _run("recommend llama 3.1 8b on rtx 4090")
    lines = _offer_lines(msg)
    assert lines and all("RTX 4090" in x for x in lines), lines
    assert "context=4096" in _link(msg), _link(msg)
