"""A word before a rate's unit ends at a word edge: "images as a batch job" is no "a" + "s"
(per second). It was read as 100,000 images per second and answered with 2,143,988 GPUs
(a "535997 instances of ..." count with no thousands separator beside it)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import _MEDIA_RATE, _MEDIA_UNIT, _PERIOD, _WORK_RATE
from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize("question, lang_cost", [
    ("Generate 100,000 SDXL images as a batch job. Cost?", "$44.19"),
    ("Generez 100.000 de imagini SDXL ca job batch. Cât costă?", "44,19\u00a0USD"),
])
def test_images_as_a_batch_job_are_a_job_not_a_rate(question: str, lang_cost: str) -> None:
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    assert value == pytest.approx(44.19, abs=0.01)
    assert lang_cost in head(r)
    assert "per second" not in head(r) and "pe secundă" not in head(r)


@pytest.mark.parametrize("text", ["images as a batch", "clips as shown", "imagini as s"])
def test_as_is_no_per_second(text: str) -> None:
    assert _MEDIA_RATE.search(text) is None
    assert _MEDIA_UNIT.search(text) is None
    assert _WORK_RATE.search(text) is None
    assert re.search(r"images" + _PERIOD, text) is None


@pytest.mark.parametrize("text", ["images a second", "images/s", "images per sec",
                                  "imagini pe secunda", "images an hour"])
def test_real_rates_still_read(text: str) -> None:
    assert _MEDIA_RATE.search(text) is not None
    assert re.search(r"images?|imagini" + _PERIOD, text) is not None


def test_a_large_instance_count_is_grouped() -> None:
    r = ask("SDXL at 100,000 images per second, which GPU?")
    assert re.search(r"\d{4,} instances", head(r)) is None
    assert re.search(r"\d{1,3}(?:,\d{3})+ instances of", head(r))


@pytest.mark.parametrize("question, said", [
    # task r14int8: at 2 requests/s the cheapest was one 4 x RTX 5070 at int8, which vLLM does
    # not run on Blackwell; at 1 request/s one 4 x RTX 3060 is the cheapest machine
    ("Llama 3.1 8B at 1 request per second: how many L4s?",
     "The cheapest setup in the catalog for this load is 4 × NVIDIA GeForce RTX 3060 12GB at "),
    ("Llama 3.1 8B la 1 cerere pe secundă: câte L4?",
     "Cea mai ieftină configurație din catalog pentru această încărcare este 4 × NVIDIA GeForce "
     "RTX 3060 12GB la "),
])
def test_a_one_machine_cheapest_setup_is_said_once(question: str, said: str) -> None:
    # "4 × RTX 5070 12GB (4 × RTX 5070 12GB)": the machine repeated the setup it is
    text = ask(question).answer
    assert said in text
    assert "12GB (4 × NVIDIA GeForce RTX 3060 12GB)" not in text
