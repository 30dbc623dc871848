"""A monthly budget said without the word "budget", and one said without a "$" (audit buyer19
#2; /tmp/r17/budgetmonth.md).

1. "I have $500 a month, what LLM can I run?" was "I don't know: I have no guidance on that"
   (the guidance matched its words weakly and no model or GPU was named) where "My budget is
   $500 a month" got the budget answer (gpt-oss-120b on 4 x RTX 3090, about $473/month): a
   budget by the month or the hour with what it runs asked is in scope
   (``intent.serving_budget_said``), as ``training_budget_said`` is for a training job's.
2. "with 2k/mo what's the biggest model i can serve" read no budget (no "$"): a bare amount
   a month after a cue ("with", "for", "have", "cu", "am") is dollars, the catalog's
   currency; "for 1 month" stays a length, "50k/mo requests" a load, "$2/hr for an H100" a
   price, "I have 2 H100s" no money."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.answer.intent import serving_budget_said
from service.domain.answer.understand import extract, job_budget
from tests.unit.ask_fixtures import TODAY, _Found, ask, catalog, head, knowledge


class _Weak:
    """Matches nothing well: the guidance's confidence is low (0.06), as the embedding
    model's was for "I have $500 a month, what LLM can I run?"."""

    def search(self, question: str, lang: str, k: int = 20) -> _Found:
        return _Found(dense_top=0.2, bm25_top=0.0)


def _ask_weak(question: str) -> AskResponse:
    return answer(AskRequest(question=question), replace(knowledge(), retriever=_Weak()),
                  catalog(), TODAY)


_EN = "I have $500 a month, what LLM can I run?"
_RO = "Am 500 de dolari pe lună, ce LLM pot rula?"


# -- 1. in scope however weakly the guidance matches ------------------------------------------

@pytest.mark.parametrize("q", [_EN, _RO, "I have 500 dollars a month, what model can I host?",
                               "I have $2 an hour, what LLM can I run?"])
def test_a_serving_budget_is_answered_not_unknown(q: str) -> None:
    r = _ask_weak(q)
    text = head(r)
    assert not text.startswith(("I don't know", "Nu știu")), text
    assert r.intent == "cost", text
    assert r.numbers is not None and r.numbers.recommendations, text


def test_have_500_a_month_is_the_budget_answer() -> None:
    text = head(_ask_weak(_EN))
    # the default decode floor said in the lead (audit budgetbest)
    assert text.startswith("The largest catalog language model that runs at 10 tokens/s or "
                           "more within $500.00/month"), text
    assert "gpt-oss-120b" in text and "4 × NVIDIA GeForce RTX 3090 24GB" in text
    assert "about $473.09/month" in text
    # the same as with the word "budget"
    assert text == head(ask("My budget is $500 a month, what LLM can I run?"))
    ro = head(_ask_weak(_RO))
    # the default decode floor said in the lead (audit budgetbest)
    assert ro.startswith("Cel mai mare model de limbaj din catalog care rulează la cel puțin "
                         "10 tokeni/s cu 500,00\u00a0USD/lună"), ro


def test_no_serving_question_stays_unknown() -> None:
    for q in ("I have $500 a month for rent, which apartment should I pick?",
              "I have 500 dollars a month, what's the weather like?"):
        assert head(_ask_weak(q)).startswith("I don't know"), q


def test_serving_budget_said() -> None:
    reg = catalog().registry
    assert serving_budget_said(_EN, extract(_EN, reg))
    assert serving_budget_said(_RO, extract(_RO, reg))
    q = "with 2k/mo what's the biggest model i can serve for 50 users"
    assert serving_budget_said(q, extract(q, reg))
    for q in ("what LLM can I run?", "I have 2 H100s, what LLM can I run?",
              "I have $500 a month for rent"):
        assert not serving_budget_said(q, extract(q, reg)), q


# -- 2. a monthly amount with no "$" ----------------------------------------------------------

@pytest.mark.parametrize(("q", "usd"), [
    ("with 2k/mo what's the biggest model i can serve for 50 users", 2000.0),
    ("I have 2k a month, what LLM can I run?", 2000.0),
    ("for 2000 per month what can I run", 2000.0),
    ("cu 2000 pe lună ce model pot rula?", 2000.0),
    ("am 1500 pe luna, ce model pot rula?", 1500.0),
    # with a currency it read before, and still does
    ("with $2k/mo what's the biggest model i can serve for 50 users", 2000.0),
    ("I have 2000 dollars a month, what LLM can I run?", 2000.0),
    ("I have 2k USD/month, what can I run?", 2000.0),
])
def test_a_bare_monthly_amount_is_a_budget(q: str, usd: float) -> None:
    ex = extract(q, catalog().registry)
    assert ex.budget_usd_per_month == usd
    assert job_budget(q) is None  # a month's, never a whole job's


@pytest.mark.parametrize("q", [
    "rent an H100 for 1 month",
    "for 6 months on an H100 how much",
    "with 50k/mo requests on llama 8b how many GPUs",
    "for 10k/month tokens, which GPU?",
    "I have 2 H100s, what LLM can I run?",
    "$2/hr for an H100, what can I run?",
    "llama 3.1 8b serving 2k/mo",
])
def test_no_monthly_budget(q: str) -> None:
    assert extract(q, catalog().registry).budget_usd_per_month is None


def test_2k_a_month_without_dollar_is_answered() -> None:
    r = ask("with 2k/mo what's the biggest model i can serve for 50 users")
    text = head(r)
    # was the price-table guidance alone, no number
    # the 50 users and the default decode floor said in the lead (audit budgetbest)
    assert text.startswith("The largest catalog language model that serves 50 concurrent "
                           "users at 10 tokens/s or more each within $2,000/month"), text
    assert text == head(ask("with $2k/mo what's the biggest model i can serve for 50 users"))
