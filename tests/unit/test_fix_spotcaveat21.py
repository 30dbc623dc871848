"""An extreme spot price (more than ``jobs.SPOT_DEEP_DISCOUNT``, 85 %, below the same
offer's on-demand price, else below the median on-demand price of its GPU) stays the answer's
price but is said to be a spot price with no capacity guarantee, its discount named, and the
same plan's on-demand cost beside it (EN + RO). "Cheapest way to LoRA fine-tune Llama 3.1
405B on 10M tokens?" led with $9.71 on 8 x B200 at aws ($13.57/h for the setup, spot), 88 % off that
machine's $113.93/h on-demand, with no word of either (audit spot #21)."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.answer.numbers import context, jobs
from service.domain.catalog.offer_query import OfferView
from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_Q = "Cheapest way to LoRA fine-tune Llama 3.1 405B on 10M tokens?"
_LEAD = ("LoRA fine-tuning of Meta Llama 3.1 405B on 10,000,000 tokens costs about $9.71 on "
         "8 × NVIDIA B200 180GB (HGX) at aws ($13.57/h for the setup, spot)")
_AWS = "aws-p6-b200-48xlarge"


def _same_plan_usd(text: str) -> float:
    m = re.search(r"on demand, the same plan costs about \$([\d,.]+)\.", text)
    assert m is not None, text
    return float(m.group(1).replace(",", ""))


def test_extreme_spot_price_said_with_discount_and_same_plan_on_demand() -> None:
    r = ask(_Q)
    text = head(r)
    # the offer is kept: the spot price still leads, as the recommendations rank it
    assert first_sentence(r).startswith(_LEAD)
    assert asked(r)[:2] == ("per_job_usd", pytest.approx(9.71, abs=0.01))
    assert r.numbers is not None and r.numbers.recommendations[0].offer_id == _AWS
    # $13.57 against $113.93 on-demand for the same p6-b200.48xlarge: 88 % off
    assert ("That is a spot price ($13.57/h), 88% below the same machines' on-demand price "
            "($113.93/h): spot capacity comes with no guarantee that it is there when the job "
            "starts or that it stays") in text
    # the same plan on demand: $113.93/h x the 0.694 h run (10M tokens at 4,002 tokens/s,
    # billed per second, no restarts) + its storage
    assert _same_plan_usd(text) == pytest.approx(113.9328 * 1e7 / 4002 / 3600, abs=0.2)
    # the cheapest on-demand plan is still given after it
    assert "On demand it is about $30.53 on 8 × NVIDIA B200 180GB (HGX) at verda" in text
    assert text.index("the same plan costs") < text.index("On demand it is about $30.53")


def test_extreme_spot_price_said_ro() -> None:
    r = ask("Cel mai ieftin mod de a face fine-tuning LoRA pentru Llama 3.1 405B pe 10M de "
            "tokeni?")
    text = head(r)
    assert "costă aproximativ 9,71\u00a0USD pe 8 × NVIDIA B200 180GB (HGX) la aws" in text
    assert ("Este un preț spot (13,57\u00a0USD/oră), cu 88% sub prețul la cerere al acelorași "
            "mașini (113,93\u00a0USD/oră): capacitatea spot nu are nicio garanție") in text
    assert "la cerere, același plan costă aproximativ 79," in text


def test_extreme_spot_price_in_spot_vs_on_demand_step() -> None:
    # the one spot-vs-on-demand step (terms._spot_and_on_demand) says it too
    text = head(ask("LoRA fine-tune Llama 3.1 405B on 10M tokens on 8x B200: spot vs "
                    "on-demand?"))
    assert "at aws ($13.57/h for the setup, spot)" in text
    assert "88% below the same machines' on-demand price ($113.93/h)" in text
    assert "Spot saves about $20.82 (68%) on the run: $9.71 against $30.53 on-demand" in text


def test_ordinary_spot_discount_not_flagged() -> None:
    # primeintellect's 8 x H100 spot, 51 % below its on-demand price: no caveat
    text = head(ask("Full fine-tune of Qwen2.5 7B on 1B tokens on 8x H100: how long and how "
                    "much, spot vs on-demand?"))
    assert "($6.84/h for the setup, spot)" in text
    assert "no guarantee that it is there" not in text
    assert "the same plan costs" not in text


def _spot_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The aws offer as if it listed no on-demand price (a spot-only row)."""
    writer = context._W  # the answer's writing context, whose view of an offer is stripped
    view_of = writer.view_of

    def stripped(self: object, offer_id: str) -> OfferView | None:
        v = view_of(self, offer_id)
        if v is not None and v.id == _AWS:
            return msgspec.structs.replace(v, on_demand_usd_h=None)
        return v

    monkeypatch.setattr(writer, "view_of", stripped)


def test_spot_only_offer_measured_against_gpu_median(monkeypatch: pytest.MonkeyPatch) -> None:
    # no on-demand price on the offer: the median on-demand price of a B200 per GPU-hour
    # ($5.98, nine providers each at their lowest) is the reference; $1.70 per GPU-hour is
    # 72 % below it, within the 85 % bound: no caveat
    _spot_only(monkeypatch)
    assert "the same plan costs" not in head(ask(_Q))
    # with a bound below 72 %, the median is named and the same plan priced at it
    # the bound now lives in jobs (spot_deep, the one rule for every path: spotflag #22)
    monkeypatch.setattr(jobs, "SPOT_DEEP_DISCOUNT", 0.7)
    text = head(ask(_Q))
    assert ("That is a spot price ($13.57/h), 72% below the median on-demand price of "
            "NVIDIA B200 180GB (HGX) ($5.98/h per GPU)") in text
    assert _same_plan_usd(text) == pytest.approx(5.98 * 8 * 1e7 / 4002 / 3600, abs=0.2)
