"""A saving asked of spot against on-demand leads with the saving (audit spotsave23).

"How much do I save with spot instead of on-demand for Llama 3.1 8B serving 10 users?",
"What's the saving if I use spot instead of on-demand ... per month?" and "Cât economisesc cu
spot în loc de on-demand ...?" answered "The cheapest spot setup ... about $37.87/month ...
the cheapest on-demand setup ... about $101.92/month", ``asked`` the spot month (the RO the
spot hour), the saving asked never said. "Spot vs on-demand for fine-tuning Llama 3.1 8B full
on 2B tokens: how much do I save?" gave $30.79 on 4 × B200 (spot) and $94.31 on 3 × H100 on
demand: no saving, and two different setups. Now the saving leads, like for like (the same
GPUs and count on both terms), the cheapest on-demand setup beside it where it is another
one, and it is the number asked (spot_saving_usd_per_month / _per_hour / _per_job /
_per_training_run). A serving answer keeps the endpoint's risk on spot.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head
from tests.unit.rec_fixtures import real

Q_EN = "How much do I save with spot instead of on-demand for Llama 3.1 8B serving 10 users?"
Q_MONTH = ("What's the saving if I use spot instead of on-demand for Llama 3.1 8B serving 10 "
           "users per month?")
Q_RO = "Cât economisesc cu spot în loc de on-demand pentru Llama 3.1 8B cu 10 utilizatori?"
Q_FT = "Spot vs on-demand for fine-tuning Llama 3.1 8B full on 2B tokens: how much do I save?"

_USD = r"\$([\d,]+\.\d\d)"


def _usd(text: str) -> float:
    return float(text.replace(",", ""))


def _ro_usd(text: str) -> float:
    return float(text.replace(".", "").replace(",", "."))


def _serving(interruptible: bool) -> tuple[float, str, int]:
    """The recommendations' cheapest setup for Llama 3.1 8B with 10 concurrent requests (the
    spot answer's request): its month, GPU and count."""
    o = real(model="llama-3.1-8b", weights="auto", workload="serving", concurrent_requests=10,
             output_tokens=512, context_tokens=4096, interruptible=interruptible,
             top_n=1).options[0]
    assert o.pricing_model == ("spot" if interruptible else "on_demand")
    assert o.cost.per_month_usd is not None
    return o.cost.per_month_usd, o.offer.gpu_name, o.offer.gpu_count * o.nodes


@pytest.mark.parametrize("q", [Q_EN, Q_MONTH])
def test_serving_saving_leads_en(q: str) -> None:
    spot, gpu, n = _serving(True)
    od, od_gpu, od_n = _serving(False)
    assert (gpu, n) == (od_gpu, od_n)  # the same setup on both terms: like for like
    r = ask(q)
    first = first_sentence(r)
    m = re.match(rf"You save about {_USD}/month \((\d+)%\) with spot: {_USD}/month on spot "
                 rf"against {_USD}/month on-demand, both on {n} × {re.escape(gpu)}", first)
    assert m is not None, first
    assert _usd(m.group(3)) == pytest.approx(spot, abs=0.01)
    assert _usd(m.group(4)) == pytest.approx(od, abs=0.01)
    assert _usd(m.group(1)) == pytest.approx(od - spot, abs=0.01)
    assert int(m.group(2)) == round(100 * (od - spot) / od)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_saving_usd_per_month", "USD")
    assert value == pytest.approx(od - spot, abs=0.01)
    # the endpoint's risk on spot is still said
    assert "safer choice for a production endpoint" in head(r)
    assert "Warnings: Spot on an endpoint: an interruption takes it down." in r.answer


def test_serving_saving_leads_ro() -> None:
    spot, _, _ = _serving(True)
    od, _, _ = _serving(False)
    r = ask(Q_RO)
    first = first_sentence(r).replace("\u00a0", " ").replace("\u202f", " ")
    m = re.match(r"Economisiți aproximativ ([\d.]+,\d\d) USD/lună \(\d+%\) cu spot: "
                 r"([\d.]+,\d\d) USD/lună pe spot față de ([\d.]+,\d\d) USD/lună la cerere, "
                 r"ambele pe ", first)
    assert m is not None, first
    assert _ro_usd(m.group(2)) == pytest.approx(spot, abs=0.01)
    assert _ro_usd(m.group(3)) == pytest.approx(od, abs=0.01)
    # the same quantity as the English answer (it was the spot hour)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_saving_usd_per_month", "USD")
    assert value == pytest.approx(od - spot, abs=0.01)


def test_saving_hour_asked() -> None:
    r = ask("How much do I save per hour with spot instead of on-demand for Llama 3.1 8B "
            "serving 10 users?")
    assert first_sentence(r).startswith("You save about $"), first_sentence(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_saving_usd_per_hour", "USD/h")
    assert value > 0


def test_no_saving_asked_unchanged() -> None:
    """Spot against on-demand with no saving asked: the spot setup's month leads, as before."""
    r = ask("Spot vs on-demand for Llama 3.1 8B serving 10 users per month?")
    assert first_sentence(r).startswith("The cheapest spot setup"), first_sentence(r)
    assert asked(r)[0] == "spot_per_month_usd"


def test_finetune_saving_like_for_like_and_cheapest() -> None:
    r = ask(Q_FT)
    text = head(r)
    first = first_sentence(r)
    m = re.match(rf"You save about {_USD} \((\d+)%\) with spot on the job: {_USD} on spot "
                 rf"against {_USD} on-demand, both on (\d+ × [^.]+?)\.$", first)
    assert m is not None, first
    saved, spot, od, setup = _usd(m.group(1)), _usd(m.group(3)), _usd(m.group(4)), m.group(5)
    assert saved == pytest.approx(od - spot, abs=0.01)
    # the spot job the training answer prices, on the setup said like for like
    assert f"costs about ${m.group(3)} on {setup} at " in text, text
    # the cheapest on-demand job, another setup, said beside it with its own saving
    c = re.search(rf"Against the cheapest on-demand setup, (\d+ × [^,]+?) at (\w+) \({_USD}\), "
                  rf"spot saves about {_USD} \(\d+%\)\.", text)
    assert c is not None, text
    assert c.group(1) != setup
    assert _usd(c.group(4)) == pytest.approx(_usd(c.group(3)) - spot, abs=0.01)
    assert f"On demand it is about ${c.group(3)} on {c.group(1)} at {c.group(2)}" in text
    assert od > _usd(c.group(3))  # the same GPUs on demand cost more than the cheapest
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_saving_usd_per_job", "USD")
    assert value == pytest.approx(od - spot, abs=0.01)


def test_pretrain_saving_leads() -> None:
    r = ask("How much do I save with spot instead of on-demand for pre-training a 1B model on "
            "20B tokens?")
    first = first_sentence(r)
    m = re.match(rf"Spot saves about {_USD} \(\d+%\) on the run: {_USD} against {_USD} "
                 r"on-demand, in all\.", first)
    assert m is not None, first
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("spot_saving_usd_per_training_run", "USD")
    # (the saving is given in cents, the difference of the unrounded totals: a cent off the
    # difference of the two rounded totals said)
    assert value == pytest.approx(_usd(m.group(3)) - _usd(m.group(2)), abs=0.015)
    assert value == _usd(m.group(1))


@pytest.mark.parametrize("q", [
    "Ce economie am cu spot față de on-demand pentru Llama 3.1 8B?",
    "Ce economii fac cu spot?",
    Q_RO, Q_EN, Q_MONTH,
])
def test_saving_read(q: str) -> None:
    assert stated(q, catalog().registry).saving_asked


def test_economic_not_saving() -> None:
    assert not stated("Is spot economical for Llama 3.1 8B?", catalog().registry).saving_asked
