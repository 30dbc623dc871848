"""/v1/ask reads counts the way people write them (audit roqa, /tmp/audit/prompt_fix_words.md):

1. A count in words was dropped: "for a hundred users" / "pentru o sută de utilizatori" sized
   for one user (1 x H100) where "100 users" sizes for 100 (4 x H100); so were "ten users",
   "zece utilizatori", "a thousand requests a day", "o mie de cereri pe zi". Number words are
   now read as digits (the folded text every reader works on), an article ("a", "un", "o")
   only where a scale word follows it ("a hundred", "o mie", "un milion"): "a model", "un
   model", "o placă nouă", "a doua placă" stay words.
2. A count in the genitive ("generarea unui milion de imagini", "transcrierea unui milion de
   ore audio") was not read: the answer gave a price per 1,000 images (per audio hour) where
   "să generez un milion de imagini" gives the job's total.
3. "for 50 users per month" / "pentru 50 de utilizatori pe lună" lost the users (a count per
   period was taken for a rate): "per month" there is the period of the cost asked, the users
   are the load, as in "Cât costă pe lună ... pentru 50 de utilizatori?".

The answers are compared with the same question written in digits, never with pinned prices."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.answer.intent import stated
from service.domain.answer.understand import _fold, extract
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, asked


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


# -- 1. numbers in words ----------------------------------------------------------------------

@pytest.mark.parametrize(("question", "users"), [
    ("How many cards do I need for a hundred users with Llama 3.1 70B in fp8 on H100?", 100),
    ("Câte plăci îmi trebuie pentru o sută de utilizatori cu Llama 3.1 70B în fp8 pe H100?",
     100),
    ("Cate placi imi trebuie pentru o suta de utilizatori cu Llama 3.1 70B in fp8 pe H100?", 100),
    ("How much to serve Llama 3.1 8B for ten users on an L4?", 10),
    ("Cât costă Llama 3.1 8B pentru zece utilizatori pe L4?", 10),
    ("Serve Llama 3.1 8B for two hundred and fifty users", 250),
    ("Serve Llama 3.1 8B for twenty-five users", 25),
    ("Servire Llama 3.1 8B pentru douăzeci și cinci de utilizatori", 25),
    ("Servire Llama 3.1 8B pentru două sute de utilizatori", 200),
    ("Serve Llama 3.1 8B for a dozen users", 12),
    ("Servire Llama 3.1 8B pentru opt utilizatori", 8),
])
def test_users_in_words(question: str, users: int) -> None:
    assert extract(question, registry()).concurrent_requests == users


def test_users_in_words_size_as_digits() -> None:
    """The answer to the words is the answer to the digits (4 x H100 for 100 users)."""
    for words, digits in [
        ("How many cards do I need for a hundred users with Llama 3.1 70B in fp8 on H100?",
         "How many cards do I need for 100 users with Llama 3.1 70B in fp8 on H100?"),
        ("Câte plăci îmi trebuie pentru o sută de utilizatori cu Llama 3.1 70B în fp8 pe H100?",
         "Câte plăci îmi trebuie pentru 100 de utilizatori cu Llama 3.1 70B în fp8 pe H100?"),
    ]:
        w, d = ask(words), ask(digits)
        assert asked(w) == asked(d), (w.answer, d.answer)
        assert asked(w)[1] > 1, w.answer


@pytest.mark.parametrize(("question", "count"), [
    ("Can I run Llama 3.1 70B on two H100s?", 2),
    ("Pot rula Llama 3.1 70B pe două H100?", 2),
    ("Can I run Llama 3.1 70B on one H100?", 1),
    ("Can I run Llama 3.1 405B on eight H100s?", 8),
    ("Pot rula Llama 3.1 405B pe opt H100?", 8),
])
def test_gpu_counts_in_words_kept(question: str, count: int) -> None:
    assert extract(question, registry()).gpu_count == count


@pytest.mark.parametrize(("words", "digits"), [
    ("What GPU to serve Llama 3.1 8B for a thousand requests a day?",
     "What GPU to serve Llama 3.1 8B for 1000 requests a day?"),
    ("Ce GPU pentru Llama 3.1 8B la o mie de cereri pe zi?",
     "Ce GPU pentru Llama 3.1 8B la 1000 de cereri pe zi?"),
    ("Ce GPU pentru Llama 3.1 8B la douăzeci de mii de cereri pe zi?",
     "Ce GPU pentru Llama 3.1 8B la 20000 de cereri pe zi?"),
])
def test_request_rate_in_words(words: str, digits: str) -> None:
    rate = stated(digits, registry()).request_rate_per_s
    assert rate is not None
    assert stated(words, registry()).request_rate_per_s == rate


@pytest.mark.parametrize("question", [
    "How much to generate a million images with SDXL on an L40S?",
    "Cât costă să generez un milion de imagini cu SDXL pe un L40S?",
    "Cât costă generarea a un milion de imagini cu SDXL pe un L40S?",
])
def test_million_images_in_words(question: str) -> None:
    assert stated(question, registry()).items == 1_000_000


@pytest.mark.parametrize(("text", "folded"), [
    ("a hundred users", "100 users"),
    ("o sută de utilizatori", "100 de utilizatori"),
    ("one hundred and fifty users", "150 users"),
    ("o sută de mii de cereri", "100000 de cereri"),
    ("două milioane de imagini", "2 milioane de imagini"),
    ("a million tokens", "1 million tokens"),
    ("un miliard de tokeni", "1 miliard de tokeni"),
    # articles are words where no scale word follows them
    ("a model on an H100", "a model on an h100"),
    ("un model pe o placă nouă", "un model pe o placa noua"),
    ("a doua placă", "a doua placa"),
    ("I'd opt for an L4", "i'd opt for an l4"),
    ("which one is cheaper", "which one is cheaper"),
    ("per million tokens", "per million tokens"),
    ("la mia de imagini", "la mia de imagini"),
    ("20 de mii de tokeni", "20 de mii de tokeni"),
])
def test_fold_reads_number_words(text: str, folded: str) -> None:
    assert _fold(text) == folded


@pytest.mark.parametrize("question", [
    "Can a model like Llama 3.1 8B run on an L4?",
    "Pot rula un model ca Llama 3.1 8B pe o placă L4?",
    "Which one is cheaper for Llama 3.1 8B, an L4 or an A10?",
])
def test_articles_are_not_counts(question: str) -> None:
    ex = extract(question, registry())
    assert ex.concurrent_requests is None and ex.params_b is None


# -- 2. a count in the genitive ---------------------------------------------------------------

@pytest.mark.parametrize(("genitive", "plain"), [
    ("Cât costă generarea unui milion de imagini cu SDXL pe un L40S?",
     "Cât costă să generez un milion de imagini cu SDXL pe un L40S?"),
    ("Cât costă transcrierea unui milion de ore audio cu Whisper large v3 pe L4?",
     "Cât costă transcrierea a 1 milion de ore audio cu Whisper large v3 pe L4?"),
])
def test_genitive_count_is_the_job(genitive: str, plain: str) -> None:
    assert stated(genitive, registry()).items == 1_000_000
    g, p = ask(genitive), ask(plain)
    assert asked(g)[0] == "job_usd", g.answer
    assert asked(g) == asked(p), (g.answer, p.answer)


def test_genitive_thousand() -> None:
    q = "Cât costă generarea unei mii de imagini cu SDXL pe un L40S?"
    assert stated(q, registry()).items == 1000


# -- 3. users per month -----------------------------------------------------------------------

@pytest.mark.parametrize(("question", "same_as"), [
    ("How much does it cost to serve Llama 3.1 8B for 50 users per month?",
     "How much per month does it cost to serve Llama 3.1 8B for 50 users?"),
    ("Cât costă să servesc Llama 3.1 8B pentru 50 de utilizatori pe lună?",
     "Cât costă pe lună să servesc Llama 3.1 8B pentru 50 de utilizatori?"),
])
def test_users_per_month_are_the_load(question: str, same_as: str) -> None:
    assert extract(question, registry()).concurrent_requests == 50
    r, s = ask(question), ask(same_as)
    assert asked(r)[0] == "per_month_usd", r.answer
    assert asked(r) == asked(s), (r.answer, s.answer)


@pytest.mark.parametrize("question", [
    "Serve Llama 3.1 8B for 1000 requests per month",
    "Servire Llama 3.1 8B pentru 1000 de cereri pe lună",
    "Serve Llama 3.1 8B for 50 users per day",
])
def test_requests_per_month_stay_a_rate(question: str) -> None:
    assert extract(question, registry()).concurrent_requests is None
