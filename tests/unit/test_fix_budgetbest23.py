"""A budget and no model ("the best LLM setup for 30 users within $2,000/month", "what can I
run for $500/month?") says how it read "best", the decode floor its setups are held to, which
setup a thin margin is of, and gives the lead's month as the number asked (audit budgetbest).

1. "I have a $2000/month budget, what's the best LLM setup for 30 users?" led with "The
   largest catalog language model that runs within $2,000/month ... is DeepSeek-V2 (236B) ...
   about 14.9 tokens/s per user": "best" was read as the largest with no word of it, the 30
   users and the speed floor the recommendations hold them to were not in the lead. Now
   "Reading “best” as the largest model: the largest catalog language model that serves 30
   concurrent users at 10 tokens/s or more each within $2,000/month ...", and a sentence says
   10 tokens/s per user is the recommendations' default decode floor (``DEFAULT_DECODE_
   TOKENS_PER_S``) when no speed is stated.
2. "That first-token time (1,543 ms) meets the default 2,000 ms target by a thin margin" came
   after DBRX's and Qwen2's setups: it now names the lead's ("The first-token time of
   DeepSeek-V2 ... on 2 × NVIDIA RTX PRO 6000 ... at vast (1,543 ms) ...").
3. numbers.asked was model_params (116,829,156,672 for "what can I run for $500/month?"),
   meaningless alone: it is now the lead setup's per_month_usd.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.recommend.context import DEFAULT_DECODE_TOKENS_PER_S
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_BEST_EN = "I have a $2000/month budget, what's the best LLM setup for 30 users?"
_BEST_RO = ("Am un buget de 2000 USD pe lună, care e cel mai bun LLM pentru 30 de "
            "utilizatori?")
_RUN_EN = "what can I run for $500/month?"
_RUN_RO = "Ce pot rula cu 500 de dolari pe lună?"


def _text(q: str) -> str:
    return head(ask(q)).replace("\xa0", " ")  # (money is written with a no-break space)


def test_the_floor_is_the_recommendations_default() -> None:
    assert DEFAULT_DECODE_TOKENS_PER_S == 10.0  # the figure the answers below say


def test_best_is_read_as_the_largest_serving_the_users_at_the_floor() -> None:
    r = ask(_BEST_EN)
    first = first_sentence(r)
    assert first.startswith(
        "Reading “best” as the largest model: the largest catalog language model that serves "
        "30 concurrent users at 10 tokens/s or more each within $2,000/month "), first
    text = head(r)
    assert ("10 tokens/s per user is the default decode floor /v1/recommendations holds "
            "interactive serving to when no speed is stated") in text
    # every setup said gives each user at least the floor ("about 14.9 tokens/s per user")
    speeds = [float(x) for x in re.findall(r"about ([\d.]+) tokens/s per user", text)]
    assert speeds and all(x >= DEFAULT_DECODE_TOKENS_PER_S for x in speeds)


def test_best_in_romanian() -> None:
    text = _text(_BEST_RO)
    assert text.startswith(
        "Luând „cel mai bun” drept cel mai mare model: cel mai mare model de limbaj din "
        "catalog care servește 30 de utilizatori simultani, fiecare la cel puțin 10 tokeni/s, "
        "cu 2.000 USD/lună "), text
    assert ("10 tokeni/s pe utilizator este pragul implicit de viteză la decodare pe care "
            "/v1/recommendations îl cere servirii interactive") in text


@pytest.mark.parametrize(("q", "was", "now"), [
    (_BEST_EN, "That first-token time (", "The first-token time of DeepSeek-V2 (236B, 21B "
     "active) on 2 × NVIDIA RTX PRO 6000 Blackwell Workstation Edition 96GB at vast ("),
    (_BEST_RO, "Timpul până la primul token (", "Timpul până la primul token pentru "
     "DeepSeek-V2 (236B, 21B active) pe 2 × NVIDIA RTX PRO 6000 Blackwell Workstation "
     "Edition 96GB la vast ("),
])
def test_thin_margin_names_its_setup(q: str, was: str, now: str) -> None:
    text = _text(q)
    assert was not in text, text
    assert now in text, text
    # the setup named is the lead's, said in the first sentence (not the last tier said)
    assert "DeepSeek-V2 (236B, 21B active)" in first_sentence(ask(q))
    assert "2 × NVIDIA RTX PRO 6000 Blackwell Workstation Edition 96GB" in first_sentence(ask(q))


@pytest.mark.parametrize("q", [_RUN_EN, _RUN_RO, _BEST_EN, _BEST_RO])
def test_asked_is_the_lead_month(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")  # was ("model_params", "params")
    assert r.numbers is not None and r.numbers.recommendations
    lead = r.numbers.recommendations[0]
    assert lead.per_month_usd == pytest.approx(value)
    assert value <= (500 if "500" in q else 2000)


def test_one_user_says_the_floor_too() -> None:
    text = _text(_RUN_EN)
    assert text.startswith("The largest catalog language model that runs at 10 tokens/s or "
                           "more within $500.00/month "), text
    assert "Reading “best”" not in text  # "best" was not asked
    ro = _text(_RUN_RO)
    assert ro.startswith("Cel mai mare model de limbaj din catalog care rulează la cel puțin "
                         "10 tokeni/s cu 500,00 USD/lună "), ro


@pytest.mark.parametrize(("q", "best"), [
    (_BEST_EN, True), (_BEST_RO, True), ("which GPU is cea mai bună for me?", True),
    ("cele mai bune modele", True), (_RUN_EN, False), (_RUN_RO, False),
    ("what's the biggest llm I can serve for $500 a month?", False),
    ("a bestseller", False),
])
def test_best_asked(q: str, best: bool) -> None:
    assert stated(q, catalog().registry).best_asked is best
