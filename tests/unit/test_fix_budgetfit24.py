"""A budget stated beside a speed target is answered, and a speed stated beside a budget and
no model is the floor (audit budgetfit).

1. "budget $3000/month, llama 3.1 70b at 30 tokens/s per user for 10 users: what can I get?"
   said "For 30 tokens/s per user, the cheapest setup in the catalog is 1 × H100 ... at
   awq-int4 ... ($1.29/h)" and nothing of the budget. Now the lead is followed by its month
   and the budget ("That is about $936.25/month (24 h/day, 30 days/month), within your budget
   of $3,000/month: about $2,064/month of it left.") and by the setup of better weights the
   budget also buys at the target (1 × MI300X at fp8, $1,654/month). An hourly or a daily
   budget is said in its own unit; the number asked stays the lead's tokens/s.
2. The same target over the budget ($500/month) said "No setup in the catalog reaches 30
   tokens/s per user": one does, over the budget. Now "No: the cheapest setup that carries it
   is 1 × H100 ... $936.25/month ..., over your budget of $500.00/month."
3. "best setup for $2000/month for 10 users at 30 tokens/s each" (no model) gave a guidance
   passage alone; "best" with a budget and no speed is the largest model at the default 10
   tokens/s. Now the stated 30 tokens/s per user is the floor every setup said is held to.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_EN = "budget $3000/month, llama 3.1 70b at 30 tokens/s per user for 10 users: what can I get?"
_RO = ("buget de 3000 USD/lună, llama 3.1 70b la 30 tokeni/s per utilizator pentru 10 "
       "utilizatori: ce pot obține?")
_BEST_EN = "best setup for $2000/month for 10 users at 30 tokens/s each"
_BEST_RO = ("cea mai bună configurație pentru 2000 USD/lună pentru 10 utilizatori la 30 de "
            "tokeni/s fiecare")


def _text(q: str) -> str:
    return head(ask(q)).replace("\xa0", " ")  # (money is written with a no-break space)


def _money(s: str) -> float:
    return float(s.replace(",", ""))


def test_month_and_budget_follow_the_target_lead() -> None:
    r = ask(_EN)
    text = head(r).replace("\xa0", " ")
    assert first_sentence(r).startswith(
        "For 30 tokens/s per user, the cheapest setup in the catalog is 1 × NVIDIA H100 SXM5 "
        "80GB with Meta Llama 3.1 70B at awq-int4"), r.answer
    assert r.numbers is not None and r.numbers.recommendations
    lead = r.numbers.recommendations[0]
    assert lead.per_month_usd is not None
    m = re.search(r"That is about \$([\d,.]+)/month \(24 h/day, 30 days/month\), within your "
                  r"budget of \$3,000/month: about \$([\d,.]+)/month of it left\.", text)
    assert m, text
    assert _money(m[1]) == pytest.approx(lead.per_month_usd, abs=0.01)
    assert _money(m[2]) == pytest.approx(3000 - lead.per_month_usd, abs=1)
    # the number asked stays the lead's speed
    q, v, unit = asked(r)
    assert (q, unit) == ("decode_tokens_per_s", "tokens/s") and v > 30


def test_better_weights_within_the_budget_are_said() -> None:
    r = ask(_EN)
    text = head(r).replace("\xa0", " ")
    m = re.search(r"Within the budget, a setup at (\w+) weights, of better quality than "
                  r"awq-int4, also meets 30 tokens/s per user: (.+?) at (\w+), \$[\d.]+/h "
                  r"\(on-demand\), about \$([\d,.]+)/month, with about ([\d.]+) tokens/s per "
                  r"user", text)
    assert m, text
    assert m[1] in ("bf16", "fp8", "int8")
    assert _money(m[4]) <= 3000 and float(m[5]) >= 30
    # its setup is among the numbers, beside the lead's
    assert r.numbers is not None
    assert any(o.weights == m[1] and o.provider == m[3] for o in r.numbers.recommendations)


def test_romanian_says_the_budget() -> None:
    text = _text(_RO)
    assert re.search(r"Aceasta înseamnă aproximativ [\d.,]+ USD/lună \(24 h/zi, 30 de "
                     r"zile/lună\), în limita bugetului dumneavoastră de 3\.000 USD/lună: rămân "
                     r"disponibili aproximativ 2\.064 USD/lună\.", text), text
    assert re.search(r"În limita bugetului, și o configurație cu greutăți \w+, de calitate mai "
                     r"bună decât awq-int4, atinge 30 de tokeni/s per utilizator: ", text), text


def test_hourly_budget_other_model() -> None:
    r = ask("qwen 2.5 32b at 30 tokens/s per user for 10 users, budget $2/h: which GPU?")
    text = head(r).replace("\xa0", " ")
    assert r.numbers is not None and r.numbers.recommendations
    hour = r.numbers.recommendations[0].per_hour_usd
    m = re.search(r"That is about \$([\d.]+)/h, within your budget of \$2\.00/h: about "
                  r"\$([\d.]+)/h of it left\.", text)
    assert m, text
    assert float(m[1]) == pytest.approx(hour, abs=0.005)
    assert float(m[2]) == pytest.approx(2 - hour, abs=0.005)
    assert "of better quality than" in text
    assert asked(r)[0] == "decode_tokens_per_s"


def test_latency_target_with_a_monthly_budget() -> None:
    text = _text("mistral 7b for 5 users with TTFT under 500 ms, budget $1000/month")
    assert text.startswith("For a time to first token under 500 ms, the cheapest setup"), text
    assert "within your budget of $1,000/month: about $" in text
    assert "also meets a time to first token under 500 ms:" in text


def test_month_asked_leads_and_the_budget_follows() -> None:
    r = ask("budget $3000/month, llama 3.1 70b at 30 tokens/s per user for 10 users: "
            "how much per month?")
    text = head(r).replace("\xa0", " ")
    assert text.startswith("About $936.25/month (24 h/day, 30 days/month)."), text
    assert "That is within your budget of $3,000/month: about $2,064/month of it left." in text
    assert asked(r)[0] == "per_month_usd"


def test_no_budget_no_budget_sentence() -> None:
    text = _text("llama 3.1 70b at 30 tokens/s per user for 10 users: what can I get?")
    assert "within your budget" not in text and "Within the budget" not in text


@pytest.mark.parametrize("q, no", [
    ("budget $500/month, llama 3.1 70b at 30 tokens/s per user for 10 users: what can I get?",
     "over your budget of $500.00/month."),
    ("buget de 500 USD/lună, llama 3.1 70b la 30 tokeni/s per utilizator pentru 10 "
     "utilizatori: ce pot obține?", "peste bugetul dumneavoastră de 500,00 USD/lună."),
])
def test_target_over_budget_names_the_setup_that_meets_it(q: str, no: str) -> None:
    r = ask(q)
    first = first_sentence(r).replace("\xa0", " ")
    assert "No setup in the catalog reaches" not in r.answer
    assert "Nicio configurație din catalog nu atinge" not in r.answer
    assert "1 × NVIDIA H100 SXM5 80GB" in first and first.endswith(no), r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_month_usd" and r.numbers.asked.yes is False
    assert r.numbers.asked.value > 500


def _speeds(text: str) -> list[float]:
    return [float(x.replace(",", ".")) for x in re.findall(
        r"aproximativ ([\d,]+) (?:de )?tokeni/s pe utilizator|about ([\d.]+) tokens/s per user",
        text) for x in x if x]


def test_best_with_a_speed_holds_to_the_speed() -> None:
    r = ask(_BEST_EN)
    text = head(r).replace("\xa0", " ")
    assert first_sentence(r).startswith(
        "Reading “best” as the largest model: the largest catalog language model that serves "
        "10 concurrent users at 30 tokens/s or more each within $2,000/month"), r.answer
    assert "30 tokens/s per user is the speed you asked for" in text
    assert "default decode floor" not in text
    speeds = _speeds(text)
    assert speeds and min(speeds) >= 30, text
    assert r.numbers is not None and r.numbers.recommendations
    assert asked(r) == ("per_month_usd", r.numbers.recommendations[0].per_month_usd, "USD")


def test_best_with_a_speed_romanian() -> None:
    text = _text(_BEST_RO)
    assert "servește 10 utilizatori simultani, fiecare la cel puțin 30 de tokeni/s" in text, text
    assert "30 de tokeni/s pe utilizator este viteza cerută" in text
    speeds = _speeds(text)
    assert speeds and min(speeds) >= 30, text


def test_best_without_a_speed_keeps_the_default_floor() -> None:
    text = _text("what's the best LLM setup for $2000/month for 30 users?")
    assert "serves 30 concurrent users at 10 tokens/s or more each" in text
    assert "the default decode floor" in text
