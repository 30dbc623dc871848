"""/v1/ask reads "a million users", "a couple of A100s" and prices the A100 that holds the model
(audit reg2, /tmp/audit/prompt_fix_words2.md):

1. "for a million concurrent users" / "pentru un milion de utilizatori simultani" sized for one
   user (RO read "un" as the count, EN dropped it): the number words keep their scale from a
   million up ("1 million", for the readers of prices per million tokens) and the users
   readers took no scale. Now "a million", "half a million", "jumătate de milion", "2
   millions", "1.5 million" users are read as 1,000,000 / 500,000 / ..., and the answer is the
   one the digits get: past the users sized.
2. "a couple of A100s" / "o pereche de A100" (2) was not read, and a bare "A100" in a cost was
   the 40GB card, priced as 8 of it or as 2 of it that do not hold Qwen2.5 72B ("the model
   needs 8 of it" beside a price for 2). A bare family in a cost or count answer now reads
   the card that holds the model on the fewest GPUs, as the comparison does.

The answers are compared with the same question written in digits or with the card named,
never with pinned prices."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.answer.intent import details
from service.domain.answer.understand import _fold, extract
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, asked, catalog, head


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


# -- 1. a million users ------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "users"), [
    ("Cât costă să servesc llama 3.1 8b pentru un milion de utilizatori simultani?", 1_000_000),
    ("Câte GPU-uri îmi trebuie pentru llama 3.1 8b pentru un milion de utilizatori "
     "simultani?", 1_000_000),
    ("How much does it cost to serve llama 3.1 8b to a million concurrent users?", 1_000_000),
    ("How much does it cost to serve llama 3.1 8b to half a million concurrent users?",
     500_000),
    ("Cât costă să servesc llama 3.1 8b pentru jumătate de milion de utilizatori?", 500_000),
    ("Serve llama 3.1 8b for 2 millions users", 2_000_000),
    ("Serve llama 3.1 8b for 1.5 million users", 1_500_000),
    ("Servire llama 3.1 8b pentru două milioane de utilizatori", 2_000_000),
    ("Serve llama 3.1 8b for one million users", 1_000_000),
])
def test_million_users_read(question: str, users: int) -> None:
    assert extract(question, registry()).concurrent_requests == users


def test_million_users_details() -> None:
    """The users read with "at once" / "simultani" carry the scale too (Details.users)."""
    d = details("Cât costă llama 3.1 8b pentru 1 milion de utilizatori simultan?", registry(),
                [p.id for p in catalog().providers])
    assert d.users in (None, 1_000_000)


@pytest.mark.parametrize(("words", "digits"), [
    ("Cât costă să servesc llama 3.1 8b pentru un milion de utilizatori simultani?",
     "Cât costă să servesc llama 3.1 8b pentru 1.000.000 de utilizatori simultani?"),
    ("Câte GPU-uri îmi trebuie pentru llama 3.1 8b pentru un milion de utilizatori simultani?",
     "Câte GPU-uri îmi trebuie pentru llama 3.1 8b pentru 1.000.000 de utilizatori simultani?"),
    ("How much does it cost to serve llama 3.1 8b to a million concurrent users?",
     "How much does it cost to serve llama 3.1 8b to 1,000,000 concurrent users?"),
])
def test_million_users_answer_as_digits(words: str, digits: str) -> None:
    """Past the users sized, as the digits say: never a price for one user."""
    a, b = ask(words), ask(digits)
    assert head(a) == head(b)
    assert a.extracted.concurrent_requests == 1_000_000


def test_half_million_beyond_sized() -> None:
    r = ask("How much does it cost to serve llama 3.1 8b to half a million concurrent users?")
    assert "500,000" in head(r)
    assert "RTX A4000" not in head(r)


@pytest.mark.parametrize("text", [
    "$0.50 per million tokens", "how much per 1 million output tokens", "pe milion de tokeni",
])
def test_price_per_million_kept(text: str) -> None:
    """The readers of prices per million tokens still see the scale word."""
    assert "million" in _fold(text) or "milion" in _fold(text)


# -- 2. a couple of A100s, and the A100 a cost is quoted on -----------------------------------

@pytest.mark.parametrize("question", [
    "I need a couple of A100s for qwen2.5 72b, how much will it cost per month?",
    "I need a pair of A100s for qwen2.5 72b, how much will it cost per month?",
    "Cât costă pe lună să rulez qwen2.5 72b pe o pereche de A100?",
    "Cât costă pe lună să rulez qwen2.5 72b pe două A100?",
])
def test_couple_is_two(question: str) -> None:
    assert extract(question, registry()).gpu_count == 2


def test_bare_a100s_cost_weighs_every_variant() -> None:
    """"on A100s" with no count: every A100 is weighed (buyer audit 29, a100), the one that
    meets the request cheapest priced, never above the 80GB card's month, the others named."""
    a, b = ask("How much will qwen2.5 72b cost per month on A100s?"), ask(
        "How much will qwen2.5 72b cost per month on A100 80GB SXM?")
    assert asked(a)[1] <= asked(b)[1]
    assert "“A100” names more than one card" in head(a) and "NVIDIA A100 SXM4 80GB" in head(a)
    assert "needs 8" not in head(a)


@pytest.mark.parametrize(("bare", "named"), [
    ("I need 2 A100s for qwen2.5 72b, how much will it cost per month?",
     "I need 2 A100 80GB SXM for qwen2.5 72b, how much will it cost per month?"),
    ("I need a couple of A100s for qwen2.5 72b, how much will it cost per month?",
     "I need 2 A100 80GB SXM for qwen2.5 72b, how much will it cost per month?"),
    ("Cât costă pe lună să rulez qwen2.5 72b pe o pereche de A100?",
     "Cât costă pe lună să rulez qwen2.5 72b pe 2 A100 SXM de 80 GB?"),
])
def test_bare_a100_cost_is_the_card_that_holds_it(bare: str, named: str) -> None:
    """A bare "A100" is priced on the 80GB card (2 hold Qwen2.5 72B), the same month as the
    card named; never 8 × or 2 × A100 40GB."""
    a, b = ask(bare), ask(named)
    assert "40GB" not in head(a).split(".")[0], head(a)
    assert asked(a) == asked(b)
    assert "needs 8" not in head(a) and "nevoie de 8" not in head(a), head(a)
