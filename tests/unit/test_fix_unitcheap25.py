"""Audit 25a #6 and #9: a unit-cost question leads with the setup cheapest in that unit
(the recommendations' own per_million_output_tokens_usd / per_thousand_images_usd), not
the first of their ranking by the hour or month; the same in English and Romanian."""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import load_knowledge
from service.domain.answer.compose import AskRequest, answer
from service.settings import Settings


@lru_cache(maxsize=1)
def _env():  # type: ignore[no-untyped-def]
    s = Settings.from_env()
    cat = load_catalog(s.catalog_dir, s.stale_after_days)
    kb = load_knowledge(s.knowledge_dir, s.index_dir, s.embedding_model)
    return kb, cat


def _ask(q: str) -> str:
    kb, cat = _env()
    return answer(AskRequest(question=q, lang="auto"), kb, cat, dt.date(2026, 10, 1)).answer


@pytest.mark.parametrize("q", ["cost per 1M tokens for llama 3.1 70b on Lambda?",
                               "Cât costă 1 milion de tokeni cu llama 3.1 70b la Lambda?"])
def test_per_token_leads_cheapest_per_token(q: str) -> None:
    first = _ask(q).split("\n")[0]
    assert "13.51" not in first and "13,51" not in first
    assert "RTX A6000" not in first.split(". ")[0]
    # 2 x B200 at bf16 makes them for $2.40 per 1M at lambda (1 x H100 SXM awq-int4: $3.01)
    assert "2.40" in first or "2,40" in first
    assert "B200" in first.split(". ")[0]


@pytest.mark.parametrize("q", ["cheapest GPU per image for SDXL?",
                               "cost per image for SDXL on the cheapest GPU?",
                               "care e cel mai ieftin GPU per imagine pentru SDXL?",
                               "cât costă pe imagine cu SDXL?",
                               "how much for each image with SDXL?",
                               "cât costă pentru fiecare imagine cu SDXL?"])
def test_per_image_leads_cheapest_per_image(q: str) -> None:
    first = _ask(q).split("\n")[0].split(". ")[0]
    assert "0.00044" in first or "0,00044" in first
    assert "RTX 5070" in first
    assert "RTX 3060" not in first
