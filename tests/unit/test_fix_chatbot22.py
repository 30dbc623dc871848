"""A chatbot's tokens a day are served as users ask, never one daily batch (audit chatbot22).

"we run a chatbot that serves 5M tokens/day with llama 3.1 8b, which gpu and monthly cost?"
led with "About $11.33 a month for the job run 30 times a month ... on 4 x RTX 3060", the
always-on endpoint ($108.71/month) second "so the job leads". A chatbot's (an API's, an
assistant's, users') tokens come when users ask: they cannot wait for a daily batch. Where
the question says so (EN and RO), the always-on endpoint sized for the average rate leads,
with a peak caveat, and the batch follows "if the tokens can wait"; a question that says
batch / job / offline / process / summarise keeps the job lead. The answers are compared
with each other, never with pinned prices."""

from __future__ import annotations

import functools
import re

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.answer.intent import stated
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, asked, first_sentence, head


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


SERVED = [
    "we run a chatbot that serves 5M tokens/day with llama 3.1 8b, which gpu and monthly cost?",
    "i want to serve 5M tokens/day with llama 3.1 8b, which gpu and monthly cost?",
    "our API generates 5M tokens/day with llama 3.1 8b, monthly cost?",
    "Vreau să servesc 5M tokeni/zi cu llama 3.1 8b, ce gpu și cost lunar?",
    "Avem un chatbot care servește 5M tokeni/zi cu llama 3.1 8b, ce gpu și cost lunar?",
    "Utilizatorii noștri cer 5M tokeni/zi de la llama 3.1 8b, cât costă lunar?",
]
JOBS = [
    "we need to process 5M tokens/day as a batch job with llama 3.1 8b, which gpu and "
    "monthly cost?",
    "summarise 5M tokens/day with llama 3.1 8b, which gpu and monthly cost?",
    "5M tokens/day with llama 3.1 8b, which gpu and monthly cost?",
    "Procesăm offline 5M tokeni/zi cu llama 3.1 8b, cât costă lunar?",
]


def _usd(s: str) -> list[float]:
    return [float(x.replace(",", "")) for x in re.findall(r"\$([\d,]+\.\d\d)", s)]


@pytest.mark.parametrize("question", SERVED)
def test_served_tokens_read(question: str) -> None:
    assert stated(question, registry()).served_live


@pytest.mark.parametrize("question", JOBS)
def test_job_tokens_not_served(question: str) -> None:
    assert not stated(question, registry()).served_live


@pytest.mark.parametrize("question", SERVED)
def test_served_tokens_lead_with_the_endpoint(question: str) -> None:
    r = ask(question)
    lead = first_sentence(r)
    assert "endpoint" in lead, lead
    assert "job" not in lead, lead
    assert asked(r)[0] == "per_month_usd"
    text = head(r)
    # the batch follows as the reading for tokens that can wait, the peak caveat with it
    assert ("if the tokens can wait" in text or "dacă tokenii pot aștepta" in text), text
    assert ("peak" in text or "vârf" in text), text


def test_endpoint_dearer_than_the_batch_still_leads() -> None:
    """The same figures as the job-led answer, the endpoint's first: $108.71 vs $11.33."""
    served = ask(SERVED[0])
    plain = ask(JOBS[2])
    jobs_month = asked(plain)[1]
    endpoint_month = asked(served)[1]
    assert endpoint_month > jobs_month
    # the plain question's endpoint alternative is the one that now leads
    assert round(endpoint_month, 2) in _usd(head(plain))
    # and its jobs' month follows in the served answer
    assert round(jobs_month, 2) in _usd(head(served))


def test_ro_same_figures_as_en() -> None:
    en, ro = ask(SERVED[0]), ask(SERVED[4])
    assert asked(en) == asked(ro)


@pytest.mark.parametrize("question", JOBS[:2] + JOBS[3:])
def test_job_keeps_the_job_lead(question: str) -> None:
    lead = first_sentence(ask(question))
    assert "job" in lead, lead


def test_month_of_served_tokens_leads_with_the_endpoint() -> None:
    """A month's tokens of an API are the endpoint's too; a bare month's stay the jobs'."""
    served = ask("our API serves 150M tokens a month with llama 3.1 8b, monthly cost?")
    assert "endpoint" in first_sentence(served), first_sentence(served)
    assert "one job a month" in head(served)
    plain = ask("150M tokens a month with llama 3.1 8b, monthly cost?")
    assert "job" in first_sentence(plain), first_sentence(plain)


def test_day_of_served_tokens_is_the_endpoints_day() -> None:
    """A day asked of tokens served: the endpoint's day leads (24 h of its hourly price), the
    batch after it; it was one daily job's cost (test_fix_daily pins the job's day now with
    "generating")."""
    r = ask("What's the daily cost of serving 10M tokens of Llama 3.1 70B?")
    assert "a day (24 h at" in first_sentence(r), head(r)
    assert "always-on endpoint" in head(r)
    assert "if the tokens can wait" in head(r)
    assert asked(r)[0] == "per_day_usd"
