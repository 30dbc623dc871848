"""Audit ask_ro #5, #8, #9, #12, #13: a daily image batch, "un sfert de milion", prices asked
in RON or GBP, storage over months, Romanian wording and warnings of providers not named."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.understand import _fold
from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize(("text", "folded"), [
    ("un sfert de milion de tokeni", "0.25 milion de tokeni"),
    ("trei sferturi de milion de tokeni", "0.75 milion de tokeni"),
    ("a quarter of a million tokens", "0.25 million tokens"),
    ("three quarters of a million tokens", "0.75 million tokens"),
    ("half a million tokens", "0.5 million tokens"),
    ("a quarter of a thousand images", "250 images"),
    ("trei sferturi din buget", "3 sferturi din buget"),
    ("next quarter", "next quarter"),
])
def test_fractions_of_a_scale_are_read_as_numbers(text: str, folded: str) -> None:
    assert _fold(text) == folded


@pytest.mark.parametrize("q", [
    "Cât costă un sfert de milion de tokeni cu Llama 3.1 8B pe un L4?",
    "How much does a quarter of a million tokens cost with Llama 3.1 8B on an L4?",
])
def test_a_quarter_of_a_million_tokens_is_priced_as_250000(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_job_usd"
    digits = asked(ask("How much does 250,000 tokens cost with Llama 3.1 8B on an L4?"))
    assert asked(r)[1] == pytest.approx(digits[1])
    assert "250.000" in head(r) or "250,000" in head(r)


@pytest.mark.parametrize(("q", "said"), [
    ("Cât costă 1.000.000 de tokeni cu Llama 3.1 8B pe un A10G, în RON?", "o sumă în lei"),
    ("How much is an H100 per hour in GBP?", "an amount in GBP"),
    ("What is the cheapest H100 for £500 a month?", "an amount in GBP"),
    ("Cât costă un H100 pe oră în CHF?", "o sumă în CHF"),
])
def test_a_currency_not_converted_is_said(q: str, said: str) -> None:
    r = ask(q)
    assert said in r.answer, r.answer


def test_a_pound_amount_is_said_back() -> None:
    assert "(your 500 GBP)" in ask("What is the cheapest H100 for £500 a month?").answer


def test_a_name_ron_is_no_currency() -> None:
    r = ask("Ron here: how much is an H100 per hour?")
    assert "exchange rate" not in r.answer


@pytest.mark.parametrize(("q", "said"), [
    ("Cât costă să stochez 2 TB timp de 3 luni pe RunPod?",
     "timp de 3 luni costă aproximativ 360,00"),
    ("How much to store 2 TB for 3 months on RunPod?", "for 3 months costs about $360.00"),
])
def test_storage_over_months_is_months_of_its_monthly_price(q: str, said: str) -> None:
    r = ask(q)
    assert said in head(r), head(r)
    assert asked(r) == ("storage_usd", pytest.approx(360.0), "USD")


def test_full_training_is_said_in_romanian() -> None:
    r = ask("Pot face fine-tuning complet pentru Mistral 7B pe un RTX 4090?")
    assert "antrenarea completă" in r.answer and "antrenarea full" not in r.answer


@pytest.mark.parametrize(("q", "verb", "wrong"), [
    ("Cât costă să servesc 20 de milioane de tokeni pe oră cu Llama 3.1 8B?", "îl duc (",
     "îl duce ("),
    ("How much does it cost to serve 20 million tokens an hour with Llama 3.1 8B?",
     "carry (", "carries ("),
])
def test_several_instances_carry_a_steady_rate(q: str, verb: str, wrong: str) -> None:
    first = head(ask(q))
    assert "instan" in first and verb in first and wrong not in first, first


def test_romanian_long_training_warning_says_per_hour_in_romanian() -> None:
    r = ask("Cât costă antrenarea unui model de 70B pe 2.000 de miliarde de tokeni pe 1.024 "
            "de H100?")
    assert re.search(r"USD/oră pe GPU", r.answer) and "USD/h" not in r.answer, r.answer


def test_storage_warnings_name_only_providers_of_the_answer() -> None:
    r = ask("Cât costă 2,5 milioane de tokeni cu Llama 3.1 70B pe H100?")
    assert "la hyperbolic" in head(r)
    warned = r.answer.split("Avertismente:")[1]
    assert "Prețul stocării la hyperbolic" in warned
    assert "la vast" not in warned and "la lium" not in warned, warned


@pytest.mark.parametrize(("q", "said"), [
    ("Vreau să generez 1.000 de imagini SDXL pe zi. Cât mă costă pe lună?",
     "Grupată în batch, dacă munca poate aștepta: un job facturat separat pe zi"),
    ("I want to generate 1,000 SDXL images a day, what does it cost per month?",
     "Batched instead, if the work can wait: one separately billed job a day"),
])
def test_daily_images_get_a_daily_batch_option(q: str, said: str) -> None:
    first = head(ask(q))
    assert said in first, first
    m = re.search(r"(?:about \$|aproximativ )(\d+)[.,](\d\d)(?:\xa0USD)?/(?:month|lună) "
                  r"(?:for 30 runs|pentru 30 de rulări)", first)
    assert m is not None, first
    assert int(m.group(1)) < 30  # a daily batch, not the always-on 102.10 USD of a V100
