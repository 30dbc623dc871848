"""Buyer audit: registered, monthly and daily users (and a team) read as a load.

- "we have 200 registered users, which GPU to serve llama 3.1 8b?" led with 1 x RTX A4000 at
  "concurrent requests: 1": the 200 were dropped, unsaid; so were "5000 monthly active users".
- "10k users per day" was said to be no load but sized for one request only.
- "avem 200 de utilizatori înregistrați" was read as 200 concurrent users, unsaid.
- "a team of 50 people uses it" was sized for 50 at once, unsaid.

Such a count is no load at once. The answer now says so first, sizes the worst case of all of
them at once (an upper bound, the same setup as "N concurrent users"), says that no
published ratio turns the count into a peak (none was found, so no typical load is given)
and asks for the peak; ``numbers.users`` carries the count and how it was read.
"""

from __future__ import annotations

import pytest

from service.domain.answer.understand import _fold, extract, user_base
from service.domain.fields import BATCH_MAX
from tests.unit.ask_fixtures import ask, catalog, head

_CASES = [
    # question, users, counted, said first (its count), said of the worst case
    ("we have 200 registered users, which GPU to serve llama 3.1 8b?", 200, "registered",
     "200 registered users", "all 200 at once"),
    ("our app has 5000 monthly active users, which GPU to serve llama 3.1 8b?", 5000,
     "monthly", "5,000 monthly active users", "all 5,000 at once"),
    ("10k users per day, which GPU for llama 3.1 8b?", 10_000, "daily", "10,000 users a day",
     "all 10,000 at once"),
    ("a team of 50 people uses it, which GPU to serve llama 3.1 8b?", 50, "team",
     "A team of 50", "all 50 at once"),
    ("avem 200 de utilizatori înregistrați, ce GPU pentru llama 3.1 8b?", 200, "registered",
     "200 de utilizatori înregistrați", "toți cei 200 de utilizatori deodată"),
    ("câte GPU-uri pentru llama 3.1 8b cu 5000 de utilizatori activi pe lună?", 5000,
     "monthly", "5.000 de utilizatori activi pe lună", "toți cei 5.000 de utilizatori deodată"),
    ("o echipă de 30 de oameni folosește llama 3.1 8b, ce GPU?", 30, "team",
     "O echipă de 30 de persoane", "toți cei 30 de utilizatori deodată"),
]


@pytest.mark.parametrize(("q", "n", "counted", "lead", "worst"), _CASES)
def test_a_user_base_is_said_and_sized_as_all_at_once(q: str, n: int, counted: str,
                                                      lead: str, worst: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(lead), text
    assert worst in text, text
    # no typical load is made up: no published ratio turns the count into a peak
    assert ("no published ratio" in text) or ("niciun raport publicat" in text), text
    assert r.numbers is not None and r.numbers.users is not None, r.answer
    u = r.numbers.users
    assert (u.users, u.counted, u.concurrent_requests) == (n, counted, n)
    assert u.assumption.startswith(lead), u.assumption
    # the answer after the lead is sized for all of them at once, not for one request
    if r.intent == "cost":
        said = "concurrent requests" if r.lang == "en" else "cereri simultane"
        count = f"{n:,}".replace(",", "." if r.lang == "ro" else ",")
        assert f"{said}: {count}," in text, text
    # the question's own reading is unchanged: no concurrency was stated
    assert r.extracted.concurrent_requests is None


@pytest.mark.parametrize(("based", "stated"), [
    ("we have 200 registered users, which GPU to serve llama 3.1 8b?",
     "we have 200 concurrent users, which GPU to serve llama 3.1 8b?"),
    ("avem 200 de utilizatori înregistrați, ce GPU pentru llama 3.1 8b?",
     "avem 200 de utilizatori simultani, ce GPU pentru llama 3.1 8b?"),
    ("how many H100s to serve llama 3.1 70b to 5000 monthly active users?",
     "how many H100s to serve llama 3.1 70b to 5000 concurrent users?"),
])
def test_the_worst_case_is_the_setup_of_that_many_users_at_once(based: str,
                                                                stated: str) -> None:
    a, b = ask(based), ask(stated)
    assert a.numbers is not None and b.numbers is not None
    assert a.numbers.asked == b.numbers.asked
    assert [(o.offer_id, o.nodes, o.per_hour_usd) for o in a.numbers.recommendations] == [
        (o.offer_id, o.nodes, o.per_hour_usd) for o in b.numbers.recommendations]
    assert b.numbers.users is None  # users at once are a load: nothing to say about them


def test_past_what_is_sized_one_request_is_sized_and_said() -> None:
    r = ask("2 million daily users, which GPU for llama 3.1 8b?")
    text = head(r)
    assert text.startswith("2,000,000 users a day"), text
    assert f"at most {BATCH_MAX:,} requests at the same time" in text, text
    assert "one request at a time" in text
    assert r.numbers is not None and r.numbers.users is not None
    assert r.numbers.users.concurrent_requests == 1


@pytest.mark.parametrize("q", [
    # a load at once stated beside the user base: that load is sized, nothing said
    "5000 monthly active users, about 100 concurrent at peak, which GPU for llama 3.1 8b?",
    # a rate per user: the rate is the load
    "200 employees each making 20 requests a day to llama 3.1 8b, which GPU?",
])
def test_a_stated_load_or_rate_is_sized_instead(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.users is None, r.answer
    assert "not a load at once" not in head(r)


@pytest.mark.parametrize(("q", "read"), [
    ("we have 200 registered users", (200, "registered")),
    ("200 signed-up users", (200, "registered")),
    ("200 subscribers", (200, "registered")),
    ("avem 200 de utilizatori înregistrați", (200, "registered")),
    ("our app has 5,000 monthly active users", (5000, "monthly")),
    ("5k MAU", (5000, "monthly")),
    ("5000 active users per month", (5000, "monthly")),
    ("5000 de utilizatori activi pe lună", (5000, "monthly")),
    ("10k users per day", (10_000, "daily")),
    ("2 million daily users", (2_000_000, "daily")),
    ("20.000 de utilizatori pe zi", (20_000, "daily")),
    ("a team of 50 people uses it", (50, "team")),
    ("a 50-person team", (50, "team")),
    ("200 employees", (200, "team")),
    ("o echipă de 50 de oameni", (50, "team")),
    # no user base: users at once, users per month (the load of a monthly cost), GPUs
    ("200 users", None),
    ("200 concurrent users", None),
    ("serve it for 50 users per month", None),
    ("a team of 4 H100s", None),
    ("a team of 50 people using it at the same time", None),
])
def test_user_base_reader(q: str, read: tuple[int, str] | None) -> None:
    base = user_base(_fold(q))
    assert (base[:2] if base is not None else None) == read


def test_a_user_base_is_never_read_as_users_at_once() -> None:
    reg = catalog().registry
    # was 200 (Romanian) and 50 (a team), while "200 registered users" was None
    assert extract("avem 200 de utilizatori înregistrați, ce GPU pentru llama 3.1 8b?",
                   reg).concurrent_requests is None
    assert extract("a team of 50 people uses llama 3.1 8b", reg).concurrent_requests is None
    assert extract("a team of 50 people using it at the same time",
                   reg).concurrent_requests == 50
