"""The load warning sizing gives a request rate on an image, video, speech, embedding or audio
generation model (service/domain/sizing/sizing.py ``rate_load``) is written again in Romanian
from ``core_rate_*`` messages, as the language-model near-capacity warning is
(``core_near_capacity``), with the numbers in Romanian format; English comes back word for
word. The texts are the core's own, made by ``rate_load`` itself, so a change of its wording
fails here."""

from __future__ import annotations

import re

import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.locale import romanian_de
from service.domain.sizing.sizing import rate_load


def _core(rate: float, served: float, n: int, what: str, replica_gpus: int = 1) -> str:
    warnings: list[str] = []
    rate_load(rate, served, n, 1, what, f"one {what[:-1]}", warnings,
              lambda *_: None, replica_gpus=replica_gpus)
    assert len(warnings) == 1, warnings
    return warnings[0]


def _say(text: str, lang: str) -> str:
    from service.domain.answer.core_warnings import localise

    m = shipped_messages()
    out = localise(text, m.section(lang, "answer"), m.formatter(lang), m.section(lang, "pricing"))
    # as the answers and Slack write it: "1 GPU", "40 de GPU-uri" (service/domain/locale.py)
    return romanian_de(out) if lang == "ro" else out


# (core text, parts the Romanian text must hold, English comes back word for word)
CASES = [
    # Whisper at 10 requests/s on one L4 (one 30 s window a request): over capacity
    (_core(10, 0.3166, 1, "windows"),
     ["10 cereri/s", "de 31,6 ori", "(0,317 ferestre/s pe 1 GPU)", "40 de GPU-uri",
      "sub 80%", "(0,317 ferestre/s pe GPU)"], True),
    # an audio generator near capacity (one clip a request)
    (_core(0.9, 0.95, 1, "clips"),
     ["0,9 cereri/s", "95%", "(0,95 clipuri/s pe 1 GPU)", "aproape de capacitate",
      "2 GPU-uri (câte o replică"], True),
    # images over capacity on two GPUs
    (_core(3, 1.25, 2, "images"),
     ["de 2,4 ori", "(1,25 imagini/s pe 2 GPU-uri)", "6 GPU-uri"], True),
    # an embedding model at 5000 inputs/s, replicas of 2 GPUs: the core writes 5.4e+03
    (_core(5000, 5400, 4, "embeddings", replica_gpus=2),
     ["5.000 de cereri/s", "93%", "(5.400 embedding-uri/s pe 4 GPU-uri)",
      "câte 2 pe replică", "(2.700 embedding-uri/s pe replică de 2 GPU-uri)"], False),
    (_core(1.9, 2.0, 2, "videos", replica_gpus=2),
     ["95%", "videoclipuri/s", "câte 2 pe replică"], True),
]

_ENGLISH = re.compile(r"\b(?:requests?|request_rate_per_s|keep it under|GPUs|queue|what this|"
                      r"replicas?|each|per|near|load|images|videos|windows|clips|embeddings|"
                      r"of|on|is)\b")


@pytest.mark.parametrize(("text", "parts", "_"), CASES)
def test_rate_warning_in_romanian(text: str, parts: list[str], _: bool) -> None:
    out = _say(text, "ro")
    assert out != text
    assert not _ENGLISH.findall(out), out
    assert not re.search(r"\d\.\d\d?(?!\d)|e\+", out), out  # no English decimals, no 5.4e+03
    for part in parts:
        assert part in out, out


@pytest.mark.parametrize(("text", "_", "word_for_word"), CASES)
def test_rate_warning_in_english(text: str, _: list[str], word_for_word: bool) -> None:
    out = _say(text, "en")
    if word_for_word:
        assert out == text
    else:  # the core's 5.4e+03 is written as a number
        assert "5,400 embeddings/s" in out and "2,700 embeddings/s per replica" in out, out
