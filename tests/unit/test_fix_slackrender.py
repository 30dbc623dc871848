"""The tables and lines Slack renders from /v1/ask answers and recommendations say what the
answer says (Slack audit 3):

1. the max-context answer's ``numbers.sizing`` (and so the table) is the sizing at the
   context it states, not at the default prompt: KV 3.7 GiB at 30,533 tokens, and only
   GPUs that hold that total;
2. "how much VRAM … with an fp8 KV cache" is a memory question: the total, with the KV
   cache at the stated precision, not the KV cache alone;
3. the "how many users" table is the answer's setup at its load (its users row, their KV
   cache), never one request's fits-on rows beside "91 concurrent requests";
4. a Romanian recommendation headline keeps the English ``why``'s facts (price date,
   layout, time to first token), and offer lines tell one 2-GPU machine from two 1-GPU
   machines;
5. a warning names an offer by provider and GPUs, never by its catalog id."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog
from tests.unit.test_fix_slack import _all, _run


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _table(text: str) -> str:
    """The monospace table of a message's text."""
    return text.split("```")[1]


# 1. max context -----------------------------------------------------------------------------


@pytest.mark.parametrize("question", [
    "what is the max context for llama 3.1 8b on an L4?",
    "care e contextul maxim pentru llama 3.1 8b pe un L4?",
])
def test_max_context_sizing_is_at_the_context_it_states(question: str) -> None:
    r = ask(question)
    assert r.numbers is not None and r.numbers.sizing is not None and r.numbers.asked
    s, n = r.numbers.sizing, int(r.numbers.asked.value)
    assert s.context_tokens == n > 20_000
    at = _size(model="llama-3.1-8b", weights=s.weights, input_tokens=n, output_tokens=0)
    assert at.memory.kv_cache_gib is not None
    assert s.kv_cache_gib == pytest.approx(at.memory.kv_cache_gib, abs=0.01)  # ~3.7
    assert s.total_gib == pytest.approx(at.memory.total_gib, abs=0.01)
    assert s.kv_cache_gib is not None and s.kv_cache_gib > 3.5
    # the cards that hold it: the L4 it was asked on, not a 20 GB card
    assert any("L4" in f for f in s.fits_on), s.fits_on
    assert not any("20GB" in f for f in s.fits_on), s.fits_on


def test_max_context_slack_table_shows_the_stated_context_kv() -> None:
    text = _all(_run("întreabă care e contextul maxim pentru llama 3.1 8b pe un L4?"))
    table = _table(text)
    assert "3,7 GiB" in table, table
    assert "RTX 4000 Ada" not in table, table


# 2. "how much VRAM … with fp8 KV cache" -----------------------------------------------------


@pytest.mark.parametrize("question", [
    "how much vram for llama 3.1 8b with fp8 kv cache at 32k?",
    "how much vram for llama 3.1 8b at 32k context with an fp8 KV cache?",
    "cât VRAM pentru llama 3.1 8b cu cache KV fp8 la 32k?",
])
def test_how_much_vram_with_a_kv_precision_is_the_total(question: str) -> None:
    r = ask(question)
    assert r.intent == "memory", (r.intent, r.answer)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "total_gib"
    want = _size(model="llama-3.1-8b", input_tokens=32768, output_tokens=0, kv_cache="fp8")
    assert r.numbers.asked.value == pytest.approx(want.memory.total_gib, abs=0.01)
    assert r.numbers.sizing is not None
    assert r.numbers.sizing.kv_cache_gib == pytest.approx(2.0, abs=0.01)


@pytest.mark.parametrize("question", [
    "how much memory does the kv cache of llama 3.1 8b take at 32k?",
    "how big is the fp8 kv cache for llama 3.1 8b at 32k?",
])
def test_the_kv_cache_asked_stays_a_kv_question(question: str) -> None:
    assert ask(question).intent == "kv_cache"


# 3. how many users --------------------------------------------------------------------------


def test_how_many_users_table_is_the_answer_setup_at_its_load() -> None:
    r = ask("how many users can llama 3.1 70b fp8 serve on 2 H100?")
    assert r.numbers is not None and r.numbers.sizing is not None and r.numbers.asked
    users = int(r.numbers.asked.value)
    s = r.numbers.sizing
    assert users > 50
    assert s.kv_cache_gib is not None and s.kv_cache_gib > 50, s
    # the cards that hold all of them (one B200 may), never one H100 beside the answer's 2
    assert not any(f.startswith("1 ×") and "H100" in f for f in s.fits_on), s.fits_on
    table = _table(_all(_run("ask how many users can llama 3.1 70b fp8 serve on 2 H100?")))
    assert "Users" in table and f"{users}" in table, table
    assert "1 × NVIDIA H100" not in table, table


# 4. Romanian recommendation lines -------------------------------------------------------------


def test_romanian_recommendation_headline_keeps_the_why_facts() -> None:
    text = _all(_run("recomandă llama 3.1 70b fp8 buget 3000 pe lună"))
    head = text.split("```")[0]
    assert "2026-09-30" in head, head  # the price date
    assert "GPU pe replică" in head, head  # the layout
    assert "primul token" in head and " ms" in head, head  # time to first token


def test_offer_lines_tell_machines_and_layout_apart() -> None:
    text = _all(_run("recomandă llama 3.1 70b pentru 100 de utilizatori"))
    lines = [x for x in text.splitlines() if x[:3] in ("1. ", "2. ", "3. ")]
    assert len(lines) == 3, text
    setups = [x.split(" — ")[0][3:] for x in lines]
    assert len({x.split(",")[0] for x in lines}) == 3, lines
    assert setups[0] != setups[1], lines


# 5. offer ids ---------------------------------------------------------------------------------


@pytest.mark.parametrize("question", [
    "cât costă un H100 pe lună?",
    "how much does an H100 cost per month?",
])
def test_warnings_name_no_offer_id(question: str) -> None:
    r = ask(question)
    ids = [o.id for o in catalog().offers if o.id in r.answer]
    assert not ids, (ids, r.answer)
    assert "hyperbolic" in r.answer  # the provider stays named
