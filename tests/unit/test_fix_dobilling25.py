"""DigitalOcean's GPU Droplets were billed with a one-hour minimum per start, from the 2025
version of its pricing page (validated 2025-04-22). The version validated 2026-05-28 no longer
says it: CPU Droplets are billed per second (60 s minimum) and no rule is stated for GPU
Droplets. The catalog now says the billing is unknown (buyer audit 25a #3), and answers say
so instead of asserting a superseded minimum; an intermittent job is still counted per hour,
an upper bound, and said to be."""

from __future__ import annotations

import datetime as dt
from functools import cache

import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import KnowledgeBase, load_knowledge
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.catalog.snapshot import Catalog
from service.settings import Settings

TODAY = dt.date(2026, 12, 7)


@cache
def catalog() -> Catalog:
    s = Settings.from_env()
    return load_catalog(s.catalog_dir, s.stale_after_days)


@cache
def kb() -> KnowledgeBase:
    s = Settings.from_env()
    return load_knowledge(s.knowledge_dir, s.index_dir, s.embedding_model)


def ask(q: str) -> AskResponse:
    return answer(AskRequest(question=q), kb(), catalog(), TODAY)


def test_the_superseded_minimum_is_gone_and_the_note_says_why() -> None:
    p = catalog().providers_by_id["digitalocean"]
    assert p.billing_granularity is None
    assert not p.minimum_charges and p.minimum_charge_s is None
    assert "validated 2026-05-28" in p.note and "CPU Droplets are billed per second" in p.note
    assert "no longer says 'Droplets are billed hourly" in p.note


@pytest.mark.parametrize("q", [
    "I run a job of 10 minutes, 12 times a day, on an MI300X at DigitalOcean. What does it "
    "cost per month?",
    "Rulez un job de 10 minute de 12 ori pe zi pe un MI300X la DigitalOcean. Cât costă pe lună?",
])
def test_an_intermittent_job_is_not_billed_a_sourced_hour_minimum(q: str) -> None:
    text = ask(q).answer.split("\n\n")[0]
    assert "3,600" not in text and "3.600" not in text, text
    assert "minimum charge" not in text and "taxă minimă" not in text, text
    # billed per hour as an upper bound, and said to be
    assert ("states no billing granularity" in text
            or "nu precizează granularitatea" in text or "granularitat" in text), text
