"""/v1/ask answers the period and the quantity asked (audit reg2, four lead defects): a stated
duration with storage is that duration's cost, not a month's; "how much does X need in VRAM"
asks the memory; "how much per year", "un an întreg", "non-stop un an" ask the year; and a
fine-tune run every week, asked per month, is a month of runs."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _usd(text: str) -> float:
    """The first amount of money of ``text`` ("$70.65", "70,65 USD"), as a number."""
    m = re.search(r"\$([\d,]+(?:\.\d+)?)|(\d[\d.]*(?:,\d+)?)\s?USD", text)
    assert m is not None, text
    if m.group(1):
        return float(m.group(1).replace(",", ""))
    return float(m.group(2).replace(".", "").replace(",", "."))


# 1. a duration stated with storage: the duration's GPU time plus its storage, not a month
@pytest.mark.parametrize(("question", "bare", "said"), [
    ("How much for 5 hours on 8 H100s with 500 GB of storage?",
     "How much for 5 hours on 8 H100s?", "5 hours"),
    ("How much for 10 hours on 8 A100s with 1 TB of storage?",
     "How much for 10 hours on 8 A100s?", "10 hours"),
    ("Cât costă 10 ore pe 8 A100 cu 1 TB de stocare?",
     "Cât costă 10 ore pe 8 A100?", "10 ore"),
])
def test_a_stated_duration_with_storage_is_priced_for_that_duration(
        question: str, bare: str, said: str) -> None:
    r, b = ask(question), ask(bare)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), first_sentence(r)
    gpu_only = asked(b)[1]
    # the GPU hours of the duration plus a few hours' storage (a month of 1 TB is under
    # $200 at any provider the catalog rates: a duration of hours is a small part of it)
    assert gpu_only < value < gpu_only + 5, (value, gpu_only, first_sentence(r))
    lead = first_sentence(r)
    assert said in lead and "/month" not in lead and "/lună" not in lead, lead
    assert abs(_usd(lead) - value) < 0.01 * value + 0.01, lead


# 2. "how much does X need in VRAM": the memory, in GiB
@pytest.mark.parametrize("question", [
    "How much does llama 3.1 8b need in VRAM with one user?",
    "How much does a 13B model need in VRAM at 4-bit?",
    "How much memory does llama 3.1 8b need?",
    "Câtă memorie îi trebuie lui llama 3.1 8b cu un utilizator?",
])
def test_how_much_does_a_model_need_in_vram_asks_the_memory(question: str) -> None:
    r = ask(question)
    quantity, _, unit = asked(r)
    assert (quantity, unit) == ("total_gib", "GiB"), first_sentence(r)
    assert "GiB" in first_sentence(r)


# 3. a year asked: the year leads, at the usage stated
@pytest.mark.parametrize("question", [
    "How much per year for an H100?",
    "How much per year for one L4?",
    "How much per year for one H100 running 8 hours a day?",
    "Cât costă să rulez llama 3.1 8b pe un L4 un an întreg?",
    "Cât costă să rulez llama 3.1 8b pe un L4 un an?",
    "Cât costă să rulez llama 3.1 70b non-stop un an pe H100?",
    "Cât costă să rulez llama 3.1 8b pe un L4 timp de un an?",
])
def test_a_year_asked_leads_with_the_year(question: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_year_usd", "USD/year"), first_sentence(r)
    assert abs(_usd(first_sentence(r)) - value) < 0.01 * value, first_sentence(r)


def test_a_year_at_8_hours_a_day_is_365_days_of_that_usage() -> None:
    # a year of 365 days, no longer 12 months of 30 (audit cost #14: 360 days, 1.4 % short)
    year = asked(ask("How much per year for one H100 running 8 hours a day?"))[1]
    hour = asked(ask("How much per hour for one H100?"))[1]
    assert year == pytest.approx(hour * 8 * 365)
    around = asked(ask("How much per year for an H100?"))[1]
    assert around == pytest.approx(hour * 24 * 365)


@pytest.mark.parametrize("question", [
    "Cât costă să stochez un an de date pe un H100?",
    "Cât costă un H100 pe oră?",
])
def test_un_an_de_date_is_no_year_of_use(question: str) -> None:
    r = ask(question)
    assert r.numbers is None or r.numbers.asked is None or \
        r.numbers.asked.quantity != "per_year_usd", head(r)


# 4. a fine-tune run every week, asked per month: a month of runs
@pytest.mark.parametrize("question", [
    "How much per month to fine-tune llama 3.1 8b with LoRA on 5000 examples every week on "
    "an A100?",
    "Cât costă pe lună să fac fine-tuning la llama 3.1 8b cu LoRA pe 5000 de exemple o dată pe "
    "săptămână pe un A100?",
])
def test_a_weekly_finetune_asked_per_month_is_a_month_of_runs(question: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD"), first_sentence(r)
    one = re.sub(r"(?i)\s*(?:every week|o dată pe săptămână)", "", question)
    one = re.sub(r"(?i)\bper month |pe lună ", "", one)
    run = asked(ask(one))
    assert run[0] == "per_training_run_usd", run
    assert value == pytest.approx(run[1] * 30 / 7)
    lead = first_sentence(r)
    assert "4.29" in lead or "4,29" in lead, lead
    assert abs(_usd(lead) - value) < 0.01 * value + 0.01, lead
