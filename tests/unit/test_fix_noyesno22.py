"""Audit noyesno (r22): a speed asked at more users than the setup runs at once, with no yes
or no asked ("tokens per second of llama 3.1 8b on a100 40gb at 50 concurrent users"), led
with "No: 1 x NVIDIA A100 SXM4 40GB holds only 38 of the 50 ..." and its numbers asked
max_batch_size 38 with yes false: the question asked tokens/s, not whether it holds them.

Now the number asked is each user's tokens/s of the requests that run (the total where the
total is asked), with no yes or no, so no "No:" leads; a yes or no question ("is the speed
... ok for 50 users?", "does it fit and how fast ...?") keeps its No and max_batch_size.
The full-load clause's 41 requests at once beside "holds only 38" is the same count at
another context: the KV cache at a request's average context (its prompt and half its
output, sizing.serving.kv_admission) against its full context; it says which."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_EN = "tokens per second of llama 3.1 8b on a100 40gb at 50 concurrent users"
_RO = "câți tokeni pe secundă dă llama 3.1 8b pe a100 40gb la 50 de utilizatori simultani"


@pytest.mark.parametrize(("q", "per_user"), [
    (_EN, "about 21.1 tokens/s per user"),
    (_RO, "aproximativ 21,1 tokeni/s pe utilizator"),
    ("How many tokens/s per user does Llama 3.1 70B on 8x H100 give for 500 users?",
     "about 11.1 tokens/s per user"),
])
def test_speed_at_users_that_wait_asks_no_yes_or_no(q: str, per_user: str) -> None:
    r = ask(q)
    first = first_sentence(r)
    assert not first.startswith(("No", "Nu")), first
    assert per_user in first, first
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("output_tokens_per_s_per_user", "tokens/s")
    assert round(value, 1) == float(per_user.split()[1].replace(",", "."))
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None


def test_total_asked_at_users_that_wait_is_the_total() -> None:
    r = ask("total throughput of llama 3.1 8b on a100 40gb with 50 concurrent users")
    assert not first_sentence(r).startswith("No"), first_sentence(r)
    quantity, value, unit = asked(r)
    assert (quantity, round(value), unit) == ("output_tokens_per_s", 771, "tokens/s")
    assert "771 tokens/s in total" in first_sentence(r)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None


@pytest.mark.parametrize("q", [
    "is the speed of llama 3.1 8b on an a100 40gb ok for 50 concurrent users?",
    "llama 3.1 8b on a100 40gb: does it fit and how fast for 50 users?",
    "llama 3.1 8b pe a100 40gb: încape și cât de rapid e pentru 50 de utilizatori?",
])
def test_yes_or_no_asked_keeps_its_no(q: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(("No: 1 × NVIDIA A100 SXM4 40GB holds only 38",
                                         "Nu: 1 × NVIDIA A100 SXM4 40GB ține deodată doar 38")), \
        first_sentence(r)
    assert asked(r) == ("max_batch_size", 38, "requests")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


@pytest.mark.parametrize(("q", "label"), [
    (_EN, r"with 41 requests at once: the KV cache holds 41 requests at the 3,840 tokens a "
          r"request holds on average \(its prompt and half its output\), 38 requests at the "
          r"full 4,096 tokens each\."),
    (_RO, r"cu 41 de cereri simultane: KV cache-ul ține 41 de cereri la cei 3\.840 de tokeni "
          r"pe care îi are în medie o cerere \(promptul și jumătate din ieșire\), 38 de cereri "
          r"la toți cei 4\.096 de tokeni\."),
])
def test_full_load_count_says_its_context_beside_the_count_held(q: str, label: str) -> None:
    text = head(ask(q))
    assert re.search(label, text), text
