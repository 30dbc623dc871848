"""/v1/ask against the README (docs1): a job's cost is billed in the provider's granularity,
with storage counted as the recommendations count it, on every path (a deadline's plan
multiplied raw hours by the hourly price: "about $0.90" for a job the cost answer bills at
$14.01); a count of requests with no period and no "at once" is neither a rate nor users in
flight; "how long to embed ..." leads with the job's time; a monthly cost for users of a bare
size ("a 50B model") leads with the month's cost, not GiB; "2 GPUs per replica", plural."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

# -- 1. every job cost billed as the cost answer bills it --------------------------------------

_WEEK = ("Can I fine-tune llama 3.1 8b on 10k examples of 1000 tokens for 3 epochs in a week "
         "on 8 H100?")
_COST = "How much does it cost to fine-tune llama 3.1 8b on 30 million tokens on 8 H100?"


def test_a_deadline_met_costs_what_the_cost_answer_bills_for_the_same_job() -> None:
    yes, cost = ask(_WEEK), ask(_COST)
    assert asked(yes)[0] == "training_hours" and yes.numbers is not None
    assert yes.numbers.asked is not None and yes.numbers.asked.yes is True
    quantity, usd, _ = asked(cost)
    assert quantity == "per_training_run_usd"
    lead = first_sentence(yes)
    # 3.9 minutes at lium billed for a whole hour, plus the checkpoints' storage
    assert "billed for 1 hour" in lead, lead
    assert f"about ${usd:,.2f} in all" in lead, (lead, usd)


@pytest.mark.parametrize("question", [
    # the GPUs stated miss the deadline: the count that meets it is priced
    "Can I fine-tune llama 3.1 8b on 2 billion tokens in a day on 1 H100?",
    # the count asked for a deadline
    "How many H100 to fine-tune llama 3.1 8b on 200 million tokens within 1 day?",
    # on spot, with a deadline
    "How much does it cost to pre-train llama 3.1 8b on 100 billion tokens on spot with a "
    "deadline of 30 days?",
])
def test_a_deadline_plan_is_billed_with_its_storage(question: str) -> None:
    lead = first_sentence(ask(question))
    assert "storage for" in lead and "in all" in lead, lead


def test_a_deadline_plan_on_spot_asks_the_total_it_says() -> None:
    r = ask("How much does it cost to pre-train llama 3.1 8b on 100 billion tokens on spot "
            "with a deadline of 30 days?")
    quantity, usd, _ = asked(r)
    assert quantity == "per_training_run_usd"
    total = re.search(r"about \$([\d,.]+) in all", first_sentence(r))
    assert total is not None, first_sentence(r)
    assert float(total.group(1).replace(",", "")) == pytest.approx(usd, abs=1)


# -- 2. a count of requests with no period -----------------------------------------------------

@pytest.mark.parametrize("question", [
    "llama 3.1 8b with 1000 requests on A100, how much?",
    "llama 3.1 8b cu 1000 de cereri pe A100, cât costă?",
    "llama 3.1 8b with 1000 requests per day on A100, how much?",
    "llama 3.1 8b cu 1000 de cereri pe zi pe A100, cât costă?",
])
def test_requests_with_no_period_are_no_users_in_flight(question: str) -> None:
    r = ask(question)
    assert r.extracted.concurrent_requests is None, r.answer
    assert "1,000 concurrent" not in r.answer and "1.000 de utilizatori" not in r.answer


@pytest.mark.parametrize("question", [
    "llama 3.1 8b with 1000 concurrent requests on A100, how much?",
    "llama 3.1 8b with 1000 simultaneous requests on A100, how much?",
    "llama 3.1 8b with 1000 requests at once on A100, how much?",
    "llama 3.1 8b with 1000 requests in parallel on A100, how much?",
    "llama 3.1 8b with 1000 users on A100, how much?",
    "llama 3.1 8b cu 1000 de cereri simultane pe A100, cât costă?",
    "llama 3.1 8b cu 1000 de cereri în paralel pe A100, cât costă?",
    "llama 3.1 8b cu 1000 de cereri concurente pe A100, cât costă?",
    "llama 3.1 8b cu 1000 de utilizatori pe A100, cât costă?",
])
def test_requests_at_once_and_users_stay_in_flight(question: str) -> None:
    assert ask(question).extracted.concurrent_requests == 1000


# -- 3. how long an embedding job takes --------------------------------------------------------

@pytest.mark.parametrize(("question", "priced"), [
    ("how long to embed 10 million documents with bge-large on an L4?",
     "How much to embed 10 million documents with bge-large on an L4?"),
    ("how long to embed 5 billion tokens with bge-large on an L4?",
     "How much to embed 5 billion tokens with bge-large on an L4?"),
    ("how long to embed 5 billion tokens with bge-large?",
     "How much to embed 5 billion tokens with bge-large?"),
    ("Cât durează să calculez embedding-uri pentru 10 milioane de documente cu bge-large pe un "
     "L4?", "How much to embed 10 million documents with bge-large on an L4?"),
])
def test_how_long_to_embed_leads_with_the_job_time(question: str, priced: str) -> None:
    r = ask(question)
    quantity, hours, unit = asked(r)
    assert (quantity, unit) == ("job_hours", "h"), r.answer
    lead = first_sentence(r)
    assert "GiB" not in lead, lead
    cost = asked(ask(priced))[1]
    money = f"${cost:,.2f}" if r.lang == "en" else f"{cost:,.2f}".replace(
        ",", " ").replace(".", ",").replace(" ", ".") + "\xa0USD"  # Babel's no-break space
    assert money in lead, (lead, money)  # the job's cost after its time
    assert hours > 1


# -- 4. a monthly cost for users of a bare size ------------------------------------------------

@pytest.mark.parametrize("question", [
    "cost per month for 100 users of a 50B model on H100s",
    "cost per month for 100 users of a 50B model",
])
def test_a_monthly_cost_for_users_of_a_bare_size_leads_with_the_month(question: str) -> None:
    r = ask(question)
    quantity, usd, _ = asked(r)
    assert quantity == "per_month_usd", r.answer
    lead = first_sentence(r)
    assert "GiB" not in lead and f"${usd:,.0f}/month" in lead, lead
    if "H100" in question:
        assert "H100" in lead, lead


# -- 5. GPUs per replica, plural ---------------------------------------------------------------

@pytest.mark.parametrize(("question", "said", "wrong"), [
    ("llama 3.1 8b with 1000 users on A100, how many GPUs?", "2 GPUs per replica",
     "2 GPU per replica"),
    ("llama 3.1 8b cu 1000 de utilizatori pe A100, de câte GPU-uri am nevoie?",
     "2 GPU-uri pe replică", "2 GPU pe replică"),
])
def test_gpus_per_replica_are_counted_in_the_plural(question: str, said: str,
                                                    wrong: str) -> None:
    text = head(ask(question))
    assert said in text, text
    assert wrong not in text, text
