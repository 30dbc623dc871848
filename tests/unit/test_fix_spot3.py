"""Spot questions (audit spot3, /tmp/audit/prompt_fix_spot3.md):

1. A spot pre-training question with its tokens and a deadline is the spot deadline plan (a
   count that meets it with its restarts, and its cost), whatever else is asked: "with a
   deadline of 30 days ... how many GPUs and how much?" was "for 720 hours on 1 × H100, spot
   costs about $735.00" (the deadline unread, then copied as the run's hours); "Vreau să
   pre-antrenez ... în 30 de zile pe H100 spot. Câte plăci și cât costă?" was one H100's hour
   ("pre-antrenez", like "train a 7B", names no workload the extraction reads, while the
   on-demand training answer plans it as a pre-training run).
2. A negated spot ("not on spot", "not spot", "no spot", "fără spot") is on-demand: the
   question's other intent answers at on-demand prices, no spot price leads, and "spot" is
   no provider left out.

Prices and throughputs are not pinned: each answer is compared with its own figures or with
the same question without the clause."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import classify, stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

_TOKENS_7B = 1e12


def _number(text: str, ro: bool = False) -> float:
    return float(text.replace(".", "").replace(",", ".") if ro else text.replace(",", ""))


def _plan(text: str, ro: bool = False) -> tuple[int, float, float]:
    """(GPUs, tokens/s per GPU, days said) of a spot deadline plan's first sentence."""
    m = re.search(r"(?:takes|cere) ([\d.,]+) × .+?: (?:at|la) ([\d.,]+) (?:de )?tokeni?s?/s "
                  r"(?:per|pe) GPU.*?(?:about|aproximativ) ([\d.,]+) (?:de )?(days|zile)", text)
    assert m is not None, text
    return int(_number(m.group(1), ro)), _number(m.group(2), ro), _number(m.group(3), ro)


# -- 1. a spot deadline plan whatever else is asked ----------------------------------------------

_PLANNED = [
    ("Pre-train a 7B model on 1 trillion tokens with a deadline of 30 days on spot H100s, how "
     "many GPUs and how much?", False),
    ("Pre-train a 7B model on 1 trillion tokens on spot H100s with a 30-day deadline. How many "
     "GPUs and what will it cost?", False),
    ("train a 7B model on 1 trillion tokens in 30 days on spot H100s, how many GPUs?", False),
    ("Vreau să pre-antrenez un model de 7B pe 1.000 de miliarde de tokeni în 30 de zile pe H100 "
     "spot. Câte plăci și cât costă?", True),
    ("Vreau să pre-antrenez un model de 7B pe 1.000 de miliarde de tokeni pe H100 spot, cu un "
     "termen limită de 30 de zile. Câte plăci?", True),
]


def test_a_deadline_written_as_a_deadline_is_read() -> None:
    reg = catalog().registry
    assert stated("train it with a deadline of 30 days", reg).deadline_hours == 720
    assert stated("train it with a 2-week deadline", reg).deadline_hours == 336
    assert stated("antrenare cu un termen limită de 30 de zile", reg).deadline_hours == 720
    assert stated("antrenare cu termenul de 3 zile", reg).deadline_hours == 72
    assert stated("deadline of 30 days", reg).deadline_hours == 720
    # a schedule or a rental's length is no deadline
    assert stated("rent 8 H100 for 30 days", reg).deadline_hours is None


@pytest.mark.parametrize(("q", "ro"), _PLANNED)
def test_spot_training_with_tokens_and_a_deadline_is_the_spot_deadline_plan(q: str,
                                                                           ro: bool) -> None:
    r = ask(q)
    text = head(r)
    assert "720" not in text, text  # the deadline is never the run's hours
    assert ("pe spot cere" if ro else "on spot takes") in text, text
    n, tps, days = _plan(text, ro)
    assert "H100" in text.split(":")[0], text
    assert days <= 30, text
    assert n * tps * days * 86_400 >= 0.99 * _TOKENS_7B, text
    assert n > 8, text  # one machine does not pre-train a 7B on 1T tokens in 30 days
    # the cost is said beside the count
    assert re.search(r"(?:about \$[\d,.]+ on spot|aproximativ [\d.,]+\s*USD pe spot)", text), text


def test_the_count_is_the_same_whatever_else_is_asked() -> None:
    counts = {_plan(head(ask(q)), ro)[0] for q, ro in _PLANNED}
    assert len(counts) == 1, counts


# -- 2. a negated spot is on-demand --------------------------------------------------------------

# (question, the same without the clause, providers left out)
_NOT_SPOT = [
    ("What's the cheapest way to serve llama 3.1 8b for twenty-five concurrent users, not on "
     "spot?", "What's the cheapest way to serve llama 3.1 8b for twenty-five concurrent users?",
     ()),
    ("How much does an H200 cost per hour on-demand, not spot?",
     "How much does an H200 cost per hour on-demand?", ()),
    ("How much is an A100 per hour, not on spot, excluding verda?",
     "How much is an A100 per hour, on-demand, excluding verda?", ("verda",)),
    ("Cheapest on-demand price for an H100, not spot?", "Cheapest on-demand price for an H100?",
     ()),
    ("How much does an H200 cost per hour, no spot?", "How much does an H200 cost per hour "
     "on-demand?", ()),
    ("Cât costă un H200 pe oră, fără spot?", "Cât costă un H200 pe oră la cerere?", ()),
    ("Cât costă un H100 pe oră, nu pe spot?", "Cât costă un H100 pe oră la cerere?", ()),
]


@pytest.mark.parametrize(("q", "plain", "left_out"), _NOT_SPOT)
def test_a_negated_spot_is_no_spot_question(q: str, plain: str,
                                            left_out: tuple[str, ...]) -> None:
    st = stated(q, catalog().registry)
    assert not st.interruptible
    assert st.on_demand
    assert "spot" not in st.exclude_providers
    assert set(left_out) <= set(st.exclude_providers)
    assert classify(q, "llm" if "llama" in q else None, 0 if "llama" in q else 1,
                    "llama" in q, None)[0] != "spot"


@pytest.mark.parametrize(("q", "plain", "left_out"), _NOT_SPOT)
def test_a_negated_spot_answers_at_on_demand_prices(q: str, plain: str,
                                                    left_out: tuple[str, ...]) -> None:
    r, same = ask(q), ask(plain)
    assert asked(r)[0] != "spot_usd", head(r)
    assert asked(r) == asked(same), (head(r), head(same))
    assert "spot costs" not in head(r) and "spot costă" not in head(r), head(r)


def test_spot_asked_is_still_spot() -> None:
    reg = catalog().registry
    for q in ("How much does an H200 cost per hour on spot?", "Cât costă un H200 spot pe oră?",
              "Is spot or on-demand cheaper for an H100?", "H100 spot price, not on-demand?"):
        assert stated(q, reg).interruptible, q
        assert classify(q, None, 1, False, None)[0] == "spot", q
