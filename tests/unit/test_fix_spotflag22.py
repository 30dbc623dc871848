"""Every answer that quotes a spot price as its lead or a cost goes through the one rule for
an extreme spot price (``jobs.spot_deep``: more than ``SPOT_DEEP_DISCOUNT``, 85 %, below the
same offer's on-demand price or below the median on-demand price of its GPU), EN + RO.
The hourly and monthly spot answers ("How much is a B200 spot at AWS per hour?": $1.70/h
against $14.24/h, 88 % less) and the multi-node pre-training plan on spot (3 x 8 B200 at aws,
$1.70 per GPU-hour) said nothing of it; an offer whose own on-demand price is itself low was
measured against that price only (spotflag #22)."""

from __future__ import annotations

import pytest

from service.domain.answer.numbers import jobs
from tests.unit.ask_fixtures import ask, first_sentence, head

_DEEP_EN = "no guarantee that it is there when the job starts"
_DEEP_RO = "capacitatea spot nu are nicio garanție"


def test_hourly_spot_price_flagged() -> None:
    r = ask("How much is a B200 spot at AWS per hour?")
    assert "spot costs about $1.70/h against $14.24/h on-demand (88% less)" in first_sentence(r)
    text = head(r)
    assert ("That is a spot price ($1.70/h), 88% below the same machines' on-demand price "
            "($14.24/h): spot capacity comes with " + _DEEP_EN) in text
    # an hourly price: the on-demand price is the lead's own, no "same plan" total
    assert "the same plan costs" not in text
    assert text.count(_DEEP_EN) == 1


def test_monthly_spot_price_flagged() -> None:
    text = head(ask("How much is 8 x B200 on spot at AWS for a month?"))
    assert "against $82,032/month on-demand at $113.93/h (88% less)" in text
    assert ("That is a spot price ($13.57/h), 88% below the same machines' on-demand price "
            "($113.93/h)") in text
    assert text.count(_DEEP_EN) == 1


def test_hourly_spot_price_flagged_ro() -> None:
    text = head(ask("Cât costă un B200 spot la AWS pe oră?"))
    assert ("Este un preț spot (1,70\u00a0USD/oră), cu 88% sub prețul la cerere al acelorași "
            "mașini (14,24\u00a0USD/oră): " + _DEEP_RO) in text
    assert "același plan costă" not in text


def test_cheapest_spot_price_flagged() -> None:
    # gcp's TPU v6e spot, $0.34 against $2.70 on demand per chip (87 % below)
    text = head(ask("What's the cheapest TPU v6e spot price?"))
    assert "87% below the same machines' on-demand price ($2.70/h)" in text


def test_pretrain_spot_plan_flagged() -> None:
    text = head(ask("Pre-train a 7B model on 1T tokens, cheapest on spot?"))
    # re-pinned: fix/trainperf counts the network between nodes once (was $28,675, and
    # $226,570 for the same plan on demand)
    assert "about $25,091 on spot at $1.70/h per GPU (aws, 3 machines" in text
    # the plan's 24 GPUs: $40.72/h on spot against the same 3 machines' $341.80/h on demand
    assert ("That is a spot price ($40.72/h), 88% below the same machines' on-demand price "
            "($341.80/h): spot capacity comes with " + _DEEP_EN) in text
    # the same plan on demand: its compute hours at $341.80/h plus storage, above the
    # on-demand run's own cheapest plan ($195,003 on 6 nodes of H100 at coreweave)
    # ($226,6xx before one copy of a sharded checkpoint was stored for the run: fix pretrain)
    assert "; on demand, the same plan costs about $198,249" in text
    assert text.count(_DEEP_EN) == 1  # said once, not again by the spot-vs-on-demand step
    assert text.index(_DEEP_EN) < text.index("On demand, with no restarts")


def test_pretrain_spot_plan_flagged_ro() -> None:
    text = head(ask("Preantrenează un model de 7B pe 1T de tokeni, cel mai ieftin pe spot?"))
    assert ("Este un preț spot (40,72\u00a0USD/oră), cu 88% sub prețul la cerere al acelorași "
            "mașini (341,80\u00a0USD/oră)") in text
    assert "la cerere, același plan costă aproximativ 198.249" in text  # re-pinned (226.570)
    assert text.count(_DEEP_RO) == 1


def test_ordinary_spot_prices_not_flagged() -> None:
    # Prime Intellect's V100 at $0.05 (64 % below its own $0.14, 74 % below the V100's
    # median $0.19) and mithril's H100 at $1.00 (62 % below the median): within the bound
    for q in ("What's the cheapest V100 spot price?", "cheapest H100 spot per hour?",
              "How much is an A100 80GB on spot for a month?",
              "Care este cel mai ieftin preț spot pentru V100?"):
        text = head(ask(q))
        assert _DEEP_EN not in text and _DEEP_RO not in text, q


def test_median_reference_where_own_on_demand_is_low(monkeypatch: pytest.MonkeyPatch) -> None:
    # Verda's 4 x B200 spot, $0.95 per GPU-hour: 75 % below Verda's own $3.79, 84 % below the
    # B200's median on-demand $5.98. Within 85 %: no word; with the bound at 80 % the median
    # is the reference that exceeds it (the offer's own was the only one measured)
    q = "Fine-tune Llama 3 8B on 1B tokens on spot, cheapest?"
    assert "at verda ($3.79/h for the setup, spot)" in first_sentence(ask(q))
    assert _DEEP_EN not in head(ask(q))
    monkeypatch.setattr(jobs, "SPOT_DEEP_DISCOUNT", 0.8)
    text = head(ask(q))
    assert ("That is a spot price ($3.79/h), 84% below the median on-demand price of NVIDIA "
            "B200 180GB (HGX) ($5.98/h per GPU)") in text
    # the same plan on demand is the same machines' own price ($15.16/h for 4), not the median
    assert "the same plan costs about $" in text
