"""Amounts and periods in /v1/ask questions (askamount), fixed, in English and in Romanian:

1. a Romanian scale abbreviated with its dot ("50 mil. tokeni", "20 mld. de tokeni", "20 mil.
   de exemple") or written "mln" is the same count as without the dot (was dropped: the
   price of an hour answered a training run);
2. hours of audio written short ("100h of audio", "100 hrs of audio") are the job's hours, as
   "100 hours of audio" are (was a rate only);
3. a half said in words ("half a day", "o jumătate de zi", "an hour and a half", "o oră și
   jumătate", "half an hour", "a day and a half") is that length: 12 h, 1.5 h, ... (was an hour,
   or a whole day: twice the price);
4. spot with a period ("a spot H100 for a week", "pe săptămână", "per day") is that period's
   total on spot against on-demand (was the hourly price asked as a bare USD total); the hourly
   spot price, where no period is asked, is asked per hour;
5. "22 workdays a month" is 22 days a month (was 30 × 5/7 ≈ 21.4, read as weekdays).

Expected figures are recomputed from the catalog, never copied from an answer."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import details, stated
from service.domain.recommend.context import billed_for, billing_terms_of
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, gpus_price, head, machine_price


def _details_tokens(q: str) -> int | None:
    return details(q, catalog().registry, [p.id for p in catalog().providers]).tokens


def _duration(q: str) -> float | None:
    return details(q, catalog().registry, [p.id for p in catalog().providers]).duration_hours


# -- 1. scales abbreviated with a dot ---------------------------------------------------------

@pytest.mark.parametrize(("q", "tokens"), [
    ("Cât mă costă fine-tuning LoRA pe Llama 3.1 8B cu 50 mil. tokeni pe un L40S?", 50_000_000),
    ("fine-tuning LoRA pe Llama 3.1 8B cu 5 mil. de tokeni pe un L40S", 5_000_000),
    ("Cât costă preantrenarea unui model de 1B pe 20 mld. de tokeni pe 8 H100?", 20_000_000_000),
    ("preantrenarea unui model de 1B pe 20 mld. tokeni", 20_000_000_000),
    ("fine-tuning pe llama 3.1 8b cu 50 mln tokeni", 50_000_000),
    ("fine-tuning pe llama 3.1 8b cu 50 mln. de tokeni", 50_000_000),
    ("preantrenare pe 2 mlrd. de tokeni", 2_000_000_000),
    ("fine-tuning pe llama 3.1 8b cu 500 de mii de tokeni", 500_000),
    ("fine-tune llama 3.1 8b on 500k tokens", 500_000),
    ("fine-tune llama 3.1 8b on 50M tokens", 50_000_000),
    ("pretrain a 1B model on 20B tokens", 20_000_000_000),
    ("pretrain a 1B model on 20bn tokens", 20_000_000_000),
    ("pretrain a 1B model on 1,5 mld. tokens", 1_500_000_000),
])
def test_a_scale_with_its_dot_is_the_same_count(q: str, tokens: int) -> None:
    assert _details_tokens(q) == tokens


@pytest.mark.parametrize(("dotted", "plain"), [
    ("Cât mă costă fine-tuning LoRA pe Llama 3.1 8B cu 50 mil. tokeni pe un L40S?",
     "Cât mă costă fine-tuning LoRA pe Llama 3.1 8B cu 50 mil tokeni pe un L40S?"),
    ("Cât costă preantrenarea unui model de 1B pe 20 mld. de tokeni pe 8 H100?",
     "Cât costă preantrenarea unui model de 1B pe 20 mld de tokeni pe 8 H100?"),
])
def test_a_run_stated_with_a_dotted_scale_is_priced_as_the_run(dotted: str, plain: str) -> None:
    want = asked(ask(plain))
    assert want[0] == "per_training_run_usd" and want[2] == "USD"
    assert asked(ask(dotted)) == want


@pytest.mark.parametrize(("q", "examples"), [
    ("fine-tuning lora pe llama 3.1 8b cu 20 mil. de exemple", 20_000_000),
    ("fine-tuning lora pe llama 3.1 8b cu 2 mil. exemple", 2_000_000),
    ("fine-tuning lora pe llama 3.1 8b cu 20 de mii de exemple", 20_000),
])
def test_examples_with_a_dotted_scale(q: str, examples: int) -> None:
    got = stated(q, catalog().registry).examples
    assert got is not None and got[0] == examples


def test_a_sentence_ending_in_mil_is_no_count_of_the_next() -> None:
    # the dot after a scale is dropped only after a number: "mil." alone is no count
    assert _details_tokens("fine-tuning pe llama 3.1 8b. Mil. de tokeni?") is None


# -- 2. hours of audio written short -------------------------------------------------------------

@pytest.mark.parametrize(("short", "long"), [
    ("how long to transcribe 100h of audio with whisper-large-v3 on a T4?",
     "how long to transcribe 100 hours of audio with whisper-large-v3 on a T4?"),
    ("how long to transcribe 100 hrs of audio with whisper-large-v3 on a T4?",
     "how long to transcribe 100 hours of audio with whisper-large-v3 on a T4?"),
    ("how long to transcribe 50h of audio with whisper-large-v3 on an A10G?",
     "how long to transcribe 50 hours of audio with whisper-large-v3 on an A10G?"),
    ("how long to transcribe 200h of podcasts with whisper-large-v3 on an L4?",
     "how long to transcribe 200 hours of audio with whisper-large-v3 on an L4?"),
    ("cât durează să transcriu 100h de audio cu whisper-large-v3 pe un T4?",
     "cât durează să transcriu 100 de ore de audio cu whisper-large-v3 pe un T4?"),
])
def test_hours_of_audio_written_short_are_the_job(short: str, long: str) -> None:
    want = asked(ask(long))
    assert want[0] == "job_hours", want
    assert asked(ask(short)) == want
    assert stated(short, catalog().registry).items == stated(long, catalog().registry).items


# -- 3. halves said in words -------------------------------------------------------------------

@pytest.mark.parametrize(("q", "hours"), [
    ("How much for half a day on 8 H100?", 12.0),
    ("Cât mă costă o jumătate de zi pe 8 H100?", 12.0),
    ("cât costă jumătate de zi pe 8 H100?", 12.0),
    ("How much is an H100 for an hour and a half?", 1.5),
    ("Cât costă un H100 pentru o oră și jumătate?", 1.5),
    ("how much is an H100 for half an hour?", 0.5),
    ("cât costă un H100 pentru o jumătate de oră?", 0.5),
    ("how much is an H100 for a day and a half?", 36.0),
    ("cât costă un H100 pentru o zi și jumătate?", 36.0),
    ("how much is an H100 for two and a half hours?", 2.5),
    ("how much is an H100 for 2 hours and a half?", 2.5),
    ("cât costă un H100 pentru două ore și jumătate?", 2.5),
    ("how much is an H100 for a half-day?", 12.0),
])
def test_a_half_in_words_is_that_length(q: str, hours: float) -> None:
    assert _duration(q) == pytest.approx(hours)


@pytest.mark.parametrize(("q", "hours", "count"), [
    ("How much for half a day on 8 H100?", 12.0, 8),
    ("Cât mă costă o jumătate de zi pe 8 H100?", 12.0, 8),
    ("Cât costă un H100 pentru o oră și jumătate?", 1.5, 1),
    ("How much is an H100 for an hour and a half?", 1.5, 1),
    ("how much is an H100 for half an hour?", 0.5, 1),
])
def test_a_half_in_words_is_priced_for_that_length(q: str, hours: float, count: int) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), r.answer
    # one run billed as each provider bills it (granularity, minimum), the cheapest leading
    # (task cost2: was pro rata, 1.5 h at hyperbolic's $1.29 = $1.935 where it bills 2 h)
    assert value == pytest.approx(_billed_cheapest(count, hours), abs=0.005)
    assert value >= hours * gpus_price("h100-sxm", count) - 0.005


def _billed_cheapest(count: int, hours: float) -> float:
    """The cheapest run of ``count`` H100 for ``hours``, billed as each provider bills: one
    machine of the count, or smaller machines that make it up (GPUs asked with no model need
    not share a machine; audit nodeprice)."""
    cat = catalog()
    out = []
    for v in cat.views(TODAY):
        if (v.gpu != "h100-sxm" or v.gpu_count > count or count % v.gpu_count or v.stale
                or v.suspect or v.on_demand_usd_h is None):
            continue
        p = cat.providers_by_id.get(v.provider)
        gran, minimum, _ = billing_terms_of(p)
        if p is not None and p.minimum_charges:
            minimum = float(p.minimum_charge_for(v.instance_type) or 0)
        machines = count // v.gpu_count
        out.append(v.on_demand_usd_h * machines * billed_for(hours, gran, minimum))
    return min(out)


@pytest.mark.parametrize("q", [
    "run llama 3.1 8b from 9 and a half to 5",
    "la 9 și jumătate pornesc llama 3.1 8b",
    "half of the GPUs are idle on 8 H100",
])
def test_a_half_that_is_no_length(q: str) -> None:
    assert _duration(q) is None


# -- 4. spot with a period ---------------------------------------------------------------------

def _spot_od(gid: str) -> tuple[float, float]:
    """The trusted spot and on-demand prices of one ``gid`` from single-GPU offers, as the
    spot answer compares them: like for like, one provider's two prices, the cheapest spot
    of those (audit buyer27a #9; it set the cheapest of each, two providers', side by
    side)."""
    views = [v for v in catalog().views(TODAY)
             if v.gpu == gid and v.gpu_count == 1 and not v.stale and not v.suspect]
    s, o = min(((x, y) for x in views if x.spot_usd_h is not None for y in views
                if y.on_demand_usd_h is not None and y.provider == x.provider),
               key=lambda p: (p[0].spot_usd_h or 0.0, p[0].id != p[1].id,
                              p[1].on_demand_usd_h or 0.0))
    return s.spot_usd_h or 0.0, o.on_demand_usd_h or 0.0


@pytest.mark.parametrize(("q", "gid", "hours", "period", "said"), [
    ("how much would a spot H100 cost for a week?", "h100-sxm", 168, "week", "a week"),
    ("how much is a spot L40S for a week?", "l40s", 168, "week", "a week"),
    ("spot price of an A100 80GB for one week?", "a100-sxm-80gb", 168, "week", "a week"),
    ("Cât costă pe săptămână un H100 spot?", "h100-sxm", 168, "week", "o săptămână"),
    ("Cât costă un H100 spot timp de o săptămână?", "h100-sxm", 168, "week", "o săptămână"),
    ("how much would a spot H100 cost per day?", "h100-sxm", 24, "day", "a day"),
    ("how much would a spot H100 cost for a day?", "h100-sxm", 24, "day", "a day"),
    ("cât costă pe zi un H100 spot?", "h100-sxm", 24, "day", "o zi"),
])
def test_spot_with_a_period_is_the_periods_total(q: str, gid: str, hours: int, period: str,
                                                 said: str) -> None:
    r = ask(q)
    spot_h, od_h = _spot_od(gid)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == (f"spot_per_{period}_usd", "USD"), r.answer
    assert value == pytest.approx(spot_h * hours, abs=0.005)
    lead = head(r)
    assert said in lead, lead
    od = f"{od_h * hours:,.2f}"
    assert (od if r.lang == "en" else od.replace(",", " ").replace(".", ",").replace(" ", "."))\
        in lead, lead


@pytest.mark.parametrize("q", ["how much would a spot H100 cost for a year?",
                               "Cât costă un H100 spot pe an?"])
def test_spot_for_a_year_is_365_days(q: str) -> None:
    """A year is 365 days, 8,760 h, as the on-demand year (task leftovers; was 12 of the
    answers' 30-day months, 8,640 h)."""
    r = ask(q)
    spot_h, _ = _spot_od("h100-sxm")
    assert asked(r)[0] == "spot_per_year_usd", r.answer
    assert asked(r)[1] == pytest.approx(spot_h * 24 * 365, abs=0.005)


def test_spot_with_a_period_and_hours_a_day() -> None:
    r = ask("how much would a spot H100 cost for a week at 8 hours a day?")
    spot_h, _ = _spot_od("h100-sxm")
    quantity, value, _unit = asked(r)
    assert quantity == "spot_per_week_usd", r.answer
    assert value == pytest.approx(spot_h * 8 * 7, abs=0.005)


@pytest.mark.parametrize("q", ["how much is a spot H100?", "Cât costă un H100 spot?"])
def test_the_hourly_spot_price_is_asked_per_hour(q: str) -> None:
    r = ask(q)
    spot_h, _ = _spot_od("h100-sxm")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_per_hour_usd", "USD/h"), r.answer
    assert value == pytest.approx(spot_h)


# -- 5. workdays a month stated ----------------------------------------------------------------

@pytest.mark.parametrize(("q", "days"), [
    ("price for running 4 L40S for 8 hours a day, 22 workdays a month?", 22),
    ("price for running 4 L40S for 8 hours a day, 22 working days a month?", 22),
    ("price for running 4 L40S for 8 hours a day, 20 business days per month?", 20),
    ("cât costă 4 L40S 8 ore pe zi, 22 de zile lucrătoare pe lună?", 22),
])
def test_workdays_a_month_stated_are_the_days(q: str, days: int) -> None:
    st = stated(q, catalog().registry)
    assert st.days_per_month == days
    r = ask(q)
    quantity, value, _unit = asked(r)
    assert quantity == "per_month_usd", r.answer
    assert value == pytest.approx(8 * days * machine_price("l40s", 4), abs=0.005)
