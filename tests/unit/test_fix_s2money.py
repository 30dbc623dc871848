"""/v1/ask money readings (audit s2money, /tmp/audit/prompt_fix_s2money.md):

1. "...: cost per month?", "what is the cost per month for ...", "monthly bill for ..." with
   users at a per-user token rate lead with the month, as "Cât costă pe lună ..." does (the
   English led with the setup's $/h and no month);
2. "how many users can I serve ... on a $10k/month budget?" / "câți utilizatori pot servi ...
   pe un buget de 2.000 de dolari pe lună?" answer a count of concurrent users with the
   budget per hour (over 720 h) and the setup it buys (was the model's memory in GiB);
3. "1 cerere pe secundă" is a request rate (1 req/s), as "1 request per second" is, not
   per-second billing; "facturare pe secundă" stays billing."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence


@pytest.mark.parametrize("question", [
    "50 users each sending 3,000 tokens per minute to Llama 3.1 70B fp8: cost per month?",
    "What is the cost per month for 50 users at 3k tokens/min each with Llama 3.1 70B fp8?",
    "Monthly bill for 50 users at 3,000 tokens per minute each on Llama 3.1 70B fp8?",
])
def test_month_of_a_per_user_rate_leads_in_english(question: str) -> None:
    ro = ask("Cât costă pe lună 50 de utilizatori a câte 3.000 de tokeni pe minut cu "
             "Llama 3.1 70B fp8?")
    r = ask(question)
    assert asked(ro)[0] == "per_month_usd", ro.answer
    assert asked(r)[0] == "per_month_usd", r.answer
    assert asked(r)[1] == pytest.approx(asked(ro)[1]), (r.answer, ro.answer)
    assert r.answer.startswith(f"About ${asked(r)[1]:,.0f}/month (24 h/day, 30 days/month)."), \
        r.answer


def test_a_monthly_cap_is_no_cost_asked() -> None:
    reg = catalog().registry
    assert not stated("Serve Llama 3.1 8B with a monthly cost under $500 at 30 tok/s", reg
                      ).cost_asked
    assert stated("what's the monthly cost of llama 3.1 8b at 30 tok/s per user?", reg
                  ).cost_asked


@pytest.mark.parametrize(("question", "budget", "lead"), [
    ("How many users can I serve with Llama 3.1 70B fp8 on a $10k/month budget?", 10000.0,
     "$10,000/month is $13.89/h over 720 h a month"),
    ("Câți utilizatori pot servi cu Llama 3.1 8B pe un buget de 2.000 de dolari pe lună?",
     2000.0, "2.000 USD/lună înseamnă 2,78 USD/oră pe 720 de ore pe lună"),
])
def test_users_a_monthly_budget_serves(question: str, budget: float, lead: str) -> None:
    r = ask(question)
    quantity, users, unit = asked(r)
    assert (quantity, unit) == ("concurrent_users", "users"), r.answer
    assert users > 1, r.answer
    assert lead in first_sentence(r).replace("\xa0", " "), r.answer
    # the setup it buys is listed, priced within the budget
    o = r.numbers.recommendations[0]
    assert o.per_month_usd is not None and o.per_month_usd <= budget
    copies = int(budget // o.per_month_usd)
    assert users % copies == 0, (users, copies, r.answer)


def test_users_at_a_speed_on_a_budget_meet_the_speed() -> None:
    r = ask("How many users at 30 tokens/s each can I serve with Llama 3.1 8B on $2,000 a "
            "month?")
    quantity, users, _ = asked(r)
    assert quantity == "concurrent_users", r.answer
    assert users > 1
    assert r.answer.startswith(f"About {users:,.0f} concurrent users at 30 tokens/s each"), \
        r.answer


def test_one_request_per_second_in_romanian_is_a_rate() -> None:
    reg = catalog().registry
    assert stated("Câte GPU-uri pentru Llama 3.1 8B la 1 cerere pe secundă?", reg
                  ).request_rate_per_s == pytest.approx(1.0)
    ro = ask("Câte GPU-uri pentru Llama 3.1 8B la 1 cerere pe secundă?")
    en = ask("How many GPUs for Llama 3.1 8B at 1 request per second?")
    assert ro.intent == "gpu_count", ro.answer
    assert not ro.answer.startswith("Facturare"), ro.answer
    assert asked(ro) == asked(en), (ro.answer, en.answer)
    billing = ask("Care furnizori au facturare pe secundă?")
    assert billing.intent == "billing", billing.answer
