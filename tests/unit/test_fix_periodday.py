"""Cost periods and storage for a stated length (audit buyer21 #7, #8), each failing before
its change:

1. "per hour, per day and per month" with a model named ("to run Llama 3.1 70B on 2x H100",
   "Mistral 7B on an L4", RO "pe oră, pe zi și pe lună") gave the month and the hour, no
   day: the day's total (24 h at the hour's price) is now said, as the GPU's price alone
   said it; and for a GPU alone ("one H100") the hour, asked first, now leads;
2. storage for a stated length with egress ("1TB of checkpoints for a 2 week fine-tune on
   aws plus 500GB egress") was priced a month ($80.00 + $36.00 = $116.00 a month): the
   storage's share of the 336 hours now leads ($36.82), the egress after, the total for the
   length ($72.82); egress that costs nothing (CoreWeave) is said free with its source, never
   "$0.00"."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.recommend.pricing import job_storage_usd
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_DAY_EN = re.compile(r"About \$([\d,.]+) a day \(24 h at \$([\d,.]+)/h\)")
_DAY_RO = re.compile(r"Aproximativ ([\d.,]+)\sUSD pe zi \(24 h la ([\d.,]+)\sUSD/oră\)")


def _ro(x: str) -> float:
    return float(x.replace(".", "").replace(",", "."))


def _en(x: str) -> float:
    return float(x.replace(",", ""))


# -- 1. the day with a model named ---------------------------------------------------------


@pytest.mark.parametrize("q", [
    "cost per hour, per day and per month to run Llama 3.1 70B on 2x H100",
    "cost per hour, per day and per month to run Mistral 7B on an L4",
])
def test_the_day_is_said_with_a_model(q: str) -> None:
    r = ask(q)
    day = _DAY_EN.search(r.answer)
    assert day is not None, head(r)
    assert _en(day.group(1)) == pytest.approx(24 * _en(day.group(2)), abs=0.01)
    assert f"${day.group(2)}/h" in first_sentence(r)  # the lead's hour, its day
    assert "/month" in first_sentence(r)  # the month still said


@pytest.mark.parametrize("q", [
    "Cât costă pe oră, pe zi și pe lună să rulez Mistral 7B pe un L4?",
    "Cât costă pe oră, pe zi și pe lună să rulez Llama 3.1 70B pe 2x H100?",
])
def test_the_day_is_said_with_a_model_ro(q: str) -> None:
    r = ask(q)
    day = _DAY_RO.search(r.answer)
    assert day is not None, head(r)
    assert _ro(day.group(1)) == pytest.approx(24 * _ro(day.group(2)), abs=0.01)
    assert f"{day.group(2)}\xa0USD/oră" in first_sentence(r)


def test_the_70b_day_is_about_62() -> None:
    r = ask("cost per hour, per day and per month to run Llama 3.1 70B on 2x H100")
    day = _DAY_EN.search(r.answer)
    assert day is not None and _en(day.group(1)) == pytest.approx(61.92, abs=0.5), head(r)


def test_no_day_where_none_is_asked() -> None:
    r = ask("cost per month to run Mistral 7B on an L4")
    assert " a day (" not in r.answer, head(r)


@pytest.mark.parametrize(("q", "lead"), [
    ("cost per hour, per day and per month for one H100", "/h per GPU at"),
    ("Cât costă pe oră, pe zi și pe lună un H100?", "\xa0USD/oră pe GPU la"),
])
def test_the_hour_asked_first_leads(q: str, lead: str) -> None:
    r = ask(q)
    first = first_sentence(r)
    assert re.search(r"costs? from \$?[\d.,]+|costă de la [\d.,]+", first), first
    assert lead in first.split("(")[0], first  # the hour before the parenthesis
    assert asked(r)[0] == "per_gpu_hour_usd"
    assert _DAY_EN.search(r.answer) or _DAY_RO.search(r.answer), head(r)


def test_the_month_asked_first_still_leads() -> None:
    reg = catalog().registry
    assert stated("cost per hour, per day and per month for one H100", reg).hour_first
    assert not stated("cost per month and per day for one H100", reg).hour_first
    assert not stated("cost per hour for one H100", reg).hour_first
    r = ask("cost per month and per day for one H100")
    assert "/month at" in first_sentence(r).split(":")[0], first_sentence(r)


# -- 2. storage for a stated length with egress ----------------------------------------------


def _aws() -> tuple[float, float]:
    p = catalog().providers_by_id["aws"]
    s, e = p.storage_usd(1000.0), p.egress_usd(500.0)
    assert s is not None and e is not None
    return job_storage_usd(s, 336.0), e


@pytest.mark.parametrize("q", [
    "store 1TB of checkpoints for a 2 week fine-tune on aws plus 500GB egress: cost?",
    "Stochez 1 TB de checkpointuri pentru un fine-tuning de 2 săptămâni pe aws plus 500 GB "
    "egress: cost?",
])
def test_storage_for_a_length_with_egress(q: str) -> None:
    r = ask(q)
    storage, egress = _aws()
    assert storage == pytest.approx(36.82, abs=0.01) and egress == pytest.approx(36.0)
    assert asked(r) == ("storage_and_egress_usd", pytest.approx(storage + egress, abs=0.01),
                        "USD"), head(r)
    first = first_sentence(r)
    assert "336" in first and ("36.82" in first or "36,82" in first), first  # storage leads
    assert "116" not in r.answer.split("\n")[0], head(r)
    assert "72.82" in r.answer or "72,82" in r.answer, head(r)


def test_free_egress_is_said_free_with_its_source() -> None:
    r = ask("store 1TB of checkpoints for a 2 week fine-tune on coreweave plus 500GB egress: "
            "cost?")
    text = r.answer.split("\n")[0]
    assert "$0.00" not in text, text
    assert "charges no internet egress" in text and "coreweave.com/pricing" in text, text
    assert first_sentence(r).startswith("Storing 1,000 GB at CoreWeave for 336 hours"), text
    r = ask("store 1TB of checkpoints on coreweave plus 500GB egress: cost per month?")
    text = r.answer.split("\n")[0]
    # the month's total leads now, the free egress after it (fix/jobonly, audit jobextra21 #3)
    assert "$0.00" not in text and "costs nothing" in text, text
    assert "$65.19 a month in all" in first_sentence(r), text
    assert "coreweave.com/pricing" in text, text
    assert asked(r)[:2] == ("storage_and_egress_usd_per_month", pytest.approx(65.19, abs=0.01))


def test_free_egress_ro() -> None:
    r = ask("Stochez 1 TB pe coreweave plus 500 GB egress: cost pe lună?")
    text = r.answer.split("\n")[0]
    # the month's total leads now, the free egress after it (fix/jobonly, audit jobextra21 #3)
    assert "0,00 USD" not in text and "nu costă nimic" in text, text
