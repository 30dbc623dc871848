"""Slack's numbers, as a reader checks them: Romanian counts say "de" where Romanian puts it
("32.768 de tokeni, 20 de utilizatori", through ``locale.romanian_de`` like every other
Romanian text); an answer about a model that takes no tokens (an image, video or audio
pipeline) shows no "Context 0 tokens" row, but the resolution and steps where known; and an
answer's memory rows add up to the total they stand above."""

from __future__ import annotations

import re

import pytest

from service.adapters.slack.commands import parse_command, run_command
from service.adapters.slack.render import Message
from tests.unit.test_fix_slackgaps import _data, _table

_NUMBER = {"en": r"\d{1,3}(?:,\d{3})*(?:\.\d+)?", "ro": r"\d{1,3}(?:\.\d{3})*(?:,\d+)?"}


def _run(text: str) -> Message:
    return run_command(parse_command(text), _data())


def _rows(msg: Message) -> dict[str, str]:
    """The table's labelled rows, label → value (the "fits on" continuation rows left out)."""
    lines = _table(msg).strip("`\n").splitlines()
    return {m.group(1): m.group(2) for x in lines
            if (m := re.match(r"^(\S.*?)\s{2,}(.*)$", x))}


def _gib(value: str, lang: str) -> float:
    m = re.fullmatch(rf"({_NUMBER[lang]}) GiB", value)
    assert m is not None, value
    raw = m.group(1)
    raw = raw.replace(",", "") if lang == "en" else raw.replace(".", "").replace(",", ".")
    return float(raw)


# 1. Romanian counts say "de" (the /gpu dimensiune headline and table, an answer's table)


def test_romanian_size_headline_says_de_after_counts_that_take_it() -> None:
    msg = _run("dimensiune llama 3.1 70b fp8 cu context de 32k pentru 20 de utilizatori")
    assert "32.768 de tokeni, 20 de utilizatori:" in msg["text"], msg["text"]
    assert _rows(msg)["Context"] == "32.768 de tokeni", _table(msg)
    msg = _run("dimensiune mixtral 8x7b int4")
    assert "4.096 de tokeni:" in msg["text"], msg["text"]


def test_romanian_counts_without_de_stay_without_it() -> None:
    """1-19 take no "de" ("10 utilizatori"): the post-pass drops the template's."""
    msg = _run("dimensiune llama 3.1 8b fp8 pentru 10 utilizatori")
    assert ", 10 utilizatori:" in msg["text"], msg["text"]
    assert "10 de utilizatori" not in msg["text"], msg["text"]


def test_romanian_diffusion_size_says_de_after_its_steps() -> None:
    msg = _run("dimensiune sdxl fp16")
    assert "50 de pași" in msg["text"], msg["text"]


def test_english_size_headline_is_unchanged() -> None:
    msg = _run("size llama 3.1 70b fp8 with 32k context for 8 users")
    assert "@ fp8, 32,768 tokens, 8 users:" in msg["text"], msg["text"]
    assert _rows(msg)["Context"] == "32,768 tokens", _table(msg)


def test_romanian_answer_table_says_de_after_its_tokens() -> None:
    msg = _run("cât VRAM îmi trebuie pentru llama 3 70b la 4 biți cu context de 32k?")
    assert _rows(msg)["Context"] == "32.768 de tokeni", _table(msg)


# 2. no context row for a model that takes no tokens; its resolution and steps instead


@pytest.mark.parametrize(("question", "resolution", "steps"), [
    ("how much vram for sdxl?", "1,024 × 1,024", "50"),
    ("how much to generate one image with flux.1 dev on an L4?", "1,024 × 1,024", "28"),
])
def test_diffusion_answer_table_has_resolution_and_steps_not_context(
        question: str, resolution: str, steps: str) -> None:
    rows = _rows(_run(question))
    assert "Context" not in rows, rows
    assert rows.get("Resolution") == resolution, rows
    assert rows.get("Steps") == steps, rows


def test_romanian_video_answer_table_has_no_context_row() -> None:
    rows = _rows(_run("cât costă să generez un video cu wan 2.1 pe H100?"))
    assert "Context" not in rows, rows
    assert rows.get("Rezoluție") == "1.280 × 720", rows
    assert rows.get("Pași") == "50", rows


def test_audio_answer_table_has_no_context_row() -> None:
    rows = _rows(_run("how much vram does musicgen large need?"))
    assert "Context" not in rows, rows
    assert "0 tokens" not in rows.values(), rows


# 3. the memory rows add up to the total shown


@pytest.mark.parametrize(("question", "lang", "other"), [
    ("how much VRAM for llama 3 70b at 4-bit with 32k context?", "en",
     "Other (activations, overhead)"),
    ("how much vram for sdxl?", "en", "Other (activations, overhead)"),
    ("how much VRAM to fine-tune llama 3.1 8b with LoRA?", "en",
     "Other (activations, gradients, optimizer)"),
    ("how much memory for full fine-tuning of llama 3.1 8b?", "en",
     "Other (activations, gradients, optimizer)"),
    ("cât VRAM îmi trebuie pentru llama 3 70b la 4 biți cu context de 32k?", "ro",
     "Altele (activări, execuție)"),
])
def test_answer_memory_rows_add_up_to_the_total(question: str, lang: str, other: str) -> None:
    msg = _run(question)
    rows = _rows(msg)
    labels = {"en": ("Weights", "KV cache", "Total"),
              "ro": ("Greutăți", "Cache KV", "Total")}[lang]
    weights, kv, total = labels
    assert other in rows, _table(msg)
    parts = [_gib(rows[k], lang) for k in (weights, kv, other) if k in rows]
    assert round(sum(parts), 1) == _gib(rows[total], lang), _table(msg)
