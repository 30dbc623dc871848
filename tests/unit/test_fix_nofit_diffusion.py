"""A diffusion pipeline that no GPU of the list holds is not told to use "several nodes":
sizing runs one whole copy per GPU, so more GPUs never help; a language model still is."""

from __future__ import annotations

import datetime as dt

from service.adapters.messages_files import shipped_messages
from service.domain.answer.intent import Details
from service.domain.answer.numbers import context as numbers_context
from service.domain.answer.understand import Extracted
from tests.unit.ask_fixtures import catalog


def _nofit(model_id: str, lang: str = "en") -> str:
    w = numbers_context._W(Extracted(model=model_id), Details(), None, lang, catalog(),
                           dt.date(2026, 12, 4), shipped_messages(), model_id)
    return w.nofit()


def test_a_diffusion_model_is_not_sent_to_several_nodes() -> None:
    said = _nofit("hunyuanvideo")
    assert "several nodes" not in said and "one whole copy per GPU" in said
    assert "mai multe noduri sau de" not in _nofit("hunyuanvideo", "ro")


def test_a_language_model_still_may_split_over_nodes() -> None:
    assert "several nodes" in _nofit("llama-3.1-405b")
