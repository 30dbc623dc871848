"""GPU-hours a budget per period buys (audit budgethours): "how many H100 hours do I get on
RunPod for $3,000 a month?" was a guidance passage ("Check the fit per card...") or a GPU
count, and "how many H100 hours ... for $3,000?" (a card between "how many" and "hours")
one too. The hours now lead: the amount over the hourly price of the cheapest trusted
matching offer (at the provider named), each period's hours for an amount per period, and
what those hours keep running around the clock (how many, what they cost, what is left; below
one, the hours a day of one). English and Romanian alike; other budget questions keep their
answers."""

from __future__ import annotations

import math
import re

import pytest

from service.domain.answer import intent
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head


def _cheapest(gpu_prefix: str, provider: str | None = None, count: int = 1) -> float:
    """The cheapest trusted on-demand price of one machine of ``count`` GPUs whose id starts
    with ``gpu_prefix`` (at ``provider`` where given)."""
    return min(v.on_demand_usd_h for v in catalog().views(TODAY)
               if v.gpu.startswith(gpu_prefix) and v.gpu_count == count
               and (provider is None or v.provider == provider)
               and not v.stale and not v.suspect and v.on_demand_usd_h is not None)


@pytest.mark.parametrize("q", [
    "how many H100 hours do I get on RunPod for $3,000 a month?",
    "How many H100 hours can I get on RunPod with $3,000 per month?",
    "how many GPU-hours of H100 do I get on RunPod for $3k monthly?",
    "how many hours of H100 on RunPod for $3,000/month?",
])
def test_a_months_budget_gives_its_hours_and_what_they_keep_running(q: str) -> None:
    price = _cheapest("h100", "runpod")  # $1.99/h, H100 PCIe 80GB
    hours = 3000 / price
    r = ask(q)
    assert asked(r) == ("budget_hours_per_month", pytest.approx(hours), "h/month")
    text = head(r)
    assert text.startswith("With $3,000 a month, 1 × NVIDIA H100"), text
    assert f"about {hours:,.0f} hours a month at ${price:.2f}/h (on-demand) at runpod" in text
    n = math.floor(hours / 720)
    assert f"about {hours / 720:.1f} of them running 24 h/day, 30 days/month, 720 hours a month " \
           "each" in text, text
    assert f"keeping {n} running costs ${n * 720 * price:,.0f} a month" in text, text
    assert f"${3000 - n * 720 * price:,.2f} left over" in text, text
    assert "Price date: 2026-11-09" in text  # the price's date, with its source's day


def test_the_romanian_months_budget_gives_the_same_hours() -> None:
    price = _cheapest("h100", "runpod")
    hours = 3000 / price
    r = ask("câte ore de H100 primesc pe RunPod cu 3.000 de dolari pe lună?")
    assert r.lang == "ro"
    assert asked(r) == ("budget_hours_per_month", pytest.approx(hours), "h/month")
    text = head(r).replace("\xa0", " ")
    ro = f"{hours:,.0f}".replace(",", ".")
    assert text.startswith("Cu 3.000 USD pe lună, 1 × NVIDIA H100"), text
    assert f"aproximativ {ro} ore pe lună la 1,99 USD/oră (la cerere) la runpod" in text, text
    assert "Ajunge pentru aproximativ 2,1 ca aceasta rulând 24 h/zi, 30 de zile/lună" in text
    assert ("costul pentru 2 este 2.866 USD pe lună; rămân 134,40 USD"
            in text), text


def test_a_total_with_a_card_before_hours_gives_the_hours() -> None:
    # "how many H100 hours" (a card between "how many" and "hours") was a count's passage
    price = _cheapest("h100", "runpod")
    r = ask("how many H100 hours do I get on RunPod for $3,000?")
    assert asked(r) == ("budget_hours", pytest.approx(3000 / price), "h")
    assert head(r).startswith("With $3,000, 1 × NVIDIA H100 PCIe 80GB runs for about 1,508 "
                              "hours at $1.99/h (on-demand) at runpod."), head(r)


def test_below_one_around_the_clock_the_hours_a_day_are_said() -> None:
    price = _cheapest("h100-sxm")
    hours = 500 / price
    for q in ("how many hours of H100 SXM can I get with $500 a month?",
              "cât timp pot închiria un H100 SXM cu 500 USD pe lună?"):
        r = ask(q)
        assert asked(r) == ("budget_hours_per_month", pytest.approx(hours), "h/month"), q
        text = head(r).replace("\xa0", " ")
        daily = f"{hours / 30:.1f}"
        assert (f"That is less than one running 24 h/day, 30 days/month (720 hours a month, "
                f"${720 * price:,.2f} a month); it covers about {daily} hours a day of one"
                in text or f"acoperă aproximativ {daily.replace('.', ',')} ore pe zi" in text), text


def test_a_weeks_budget_counts_weeks_of_168_hours() -> None:
    price = _cheapest("h100", "lambda")
    hours = 2000 / price
    r = ask("how many H100 GPU hours does $2,000 a week buy on Lambda?")
    assert asked(r) == ("budget_hours_per_week", pytest.approx(hours), "h/week")
    text = head(r)
    assert "With $2,000 a week," in text and f"{hours:,.0f} hours a week" in text, text
    assert f"about {hours / 168:.1f} of them running 24 h/day, 7 days a week, 168 hours a week " \
           "each" in text, text


def test_a_count_of_gpus_without_a_verb_gives_the_setups_hours() -> None:
    r = ask("how many hours of 8x H100 for $10k")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h")
    m = re.search(r"With \$10,000, 8 × NVIDIA H100 SXM5 80GB runs for about ([\d,]+) hours "
                  r"at \$([\d.]+)/h", head(r))
    assert m is not None, head(r)
    assert value == pytest.approx(10000 / float(m.group(2)))


def test_spot_asked_where_the_provider_lists_none_is_said() -> None:
    r = ask("how many H100 spot hours on RunPod for $3,000 per month?")
    text = head(r)
    assert text.startswith("The catalog has no spot price for NVIDIA H100 PCIe 80GB at RunPod "
                           "(unknown, not zero), so these are on-demand hours."), text
    assert asked(r)[0] == "budget_hours_per_month"


def test_spot_listed_leads_with_the_spot_hours_per_month() -> None:
    r = ask("how many hours of H100 spot do I get for $3,000 a month?")
    text = head(r)
    assert text.startswith("With $3,000 a month on spot,"), text
    assert "hours a month at" in text and "of them running 24 h/day" in text, text


@pytest.mark.parametrize(("q", "want"), [
    ("how many h100 hours do i get for $3,000 a month?", (3000.0, "month")),
    ("cate ore de h100 primesc cu 3.000 de dolari pe luna?", (3000.0, "month")),
    ("how many h100 hours can i get with a monthly budget of $3,000?", (3000.0, "month")),
    ("cat timp pot inchiria un a100 cu un buget lunar de 500 usd?", (500.0, "month")),
    ("how many gpu hours does $2,000 a week buy?", (2000.0, "week")),
    ("how many h200 hours for $100 a day?", (100.0, "day")),
    ("how many hours of a100 do i get for $50?", None),  # a total, no period
    ("how many hours does it take to train llama for $500 a month?", None),  # a job's time
    ("how many hours can i fine-tune llama 3.1 8b for $500 a month?", None),  # training's own
])
def test_the_period_of_the_amount_is_read(q: str, want: tuple[float, str] | None) -> None:
    assert intent._lasting_per(q) == want


@pytest.mark.parametrize("q", [
    "what can I run for $3,000 a month?",
    "cheapest GPU for llama 70b under $2,000/month",
    "how many H100s can I afford with $5,000 a month?",
])
def test_other_budget_questions_keep_their_answers(q: str) -> None:
    # (these pass on the base tree too: a guard that the hours do not take them over)
    r = ask(q)
    assert r.numbers is None or r.numbers.asked is None or not r.numbers.asked.quantity.startswith(
        "budget_hours"), head(r)
    assert "of them running" not in head(r)
