"""Fix: reserved prices are billed for the whole term and dated by their own source.

Audit (2026-12-04): a reserved price was billed only for the hours used (24 h x 3 days: 72 h),
so it ranked first for a few days a month though "a reservation bills every hour of the
term"; and Hyperstack's reserved rate card (cost_terms.toml, harvest 2026-08-26) carried the
date of the on-demand row beside it (2026-09-30, assumed), so a 100-day-old price was neither
stale nor dated as such."""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from service.domain.catalog.offer_query import view
from service.domain.catalog.offers import Offer
from service.domain.catalog.trust import reserved_stale
from service.domain.recommend.pricing import RESERVED_MONTH_HOURS
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.rec_fixtures import AS_OF, fake, offer, shipped

AUDIT_DAY = dt.date(2026, 12, 4)
FRESH = "reserved: example.com/rate-card (harvest, 2026-11-20)"


def _dated(o: Offer, reserved_source: str, day: dt.date = dt.date(2026, 11, 20)) -> Offer:
    """``o`` with a reserved price sourced and dated as scripts/build_catalog.py writes it
    (the rule's source appended, its date in the reserved_as_of column)."""
    return msgspec.structs.replace(o, source=f"{o.source}; {reserved_source}",
                                   reserved_as_of=day, reserved_as_of_kind="retrieved")


def _a4000() -> list[Offer]:
    return [_dated(offer("a4000", "rtx-a4000", 2, 0.30, interconnect="pcie", reserved=0.22,
                         term="contract of agreed duration"), FRESH)]


# --- 1. billed hours ---------------------------------------------------------------------------

@pytest.mark.parametrize(("hours", "days"), [(24, 3), (20, 5), (24, 22)])
def test_a_reserved_price_bills_the_whole_month_whatever_the_hours_used(hours: int,
                                                                        days: int) -> None:
    r = fake(_a4000(), model="llama-3.1-8b", workload="serving", concurrent_requests=4,
             hours_per_day=hours, days_per_month=days, top_n=5)
    reserved = [o for o in r.options if o.pricing_model == "reserved"]
    assert reserved, [(o.pricing_model, o.cost.billed_hours_per_month) for o in r.options]
    for o in reserved:
        assert o.cost.billed_hours_per_month == RESERVED_MONTH_HOURS
        assert o.cost.per_month_usd is not None
        assert o.cost.per_month_usd >= o.cost.per_hour_usd * RESERVED_MONTH_HOURS
        assert "whole month" in o.pricing_reason, o.pricing_reason
    # a few days a month: the reservation costs more than paying by the hour, and ranks after
    top = r.options[0]
    assert top.pricing_model == "on_demand", [(o.pricing_model, o.cost.per_month_usd)
                                              for o in r.options]
    assert top.cost.billed_hours_per_month is not None
    assert top.cost.billed_hours_per_month <= hours * days + 1


def test_the_audit_finetune_request_does_not_rank_a_reservation_for_three_days() -> None:
    r = fake(_a4000(), model="llama-3.1-8b", workload="finetune", finetune={"method": "lora"},
             hours_per_day=24, days_per_month=3, storage_gb=200, top_n=5)
    assert r.options, r.reason
    assert r.options[0].pricing_model != "reserved"
    for o in r.options:
        if o.pricing_model == "reserved":
            assert o.cost.billed_hours_per_month == RESERVED_MONTH_HOURS


def test_a_reservation_for_a_whole_month_is_cheaper_and_ranks_first() -> None:
    r = fake(_a4000(), model="llama-3.1-8b", workload="serving", concurrent_requests=4,
             hours_per_day=24, top_n=5)
    top = r.options[0]
    assert top.pricing_model == "reserved"
    assert top.cost.billed_hours_per_month == RESERVED_MONTH_HOURS


def test_a_finite_job_at_a_reserved_price_pays_at_least_the_term_minimum() -> None:
    """A long training run on a reserved price: billed at least one month (the shortest term
    any provider in the catalog publishes), never less."""
    r = fake(_a4000(), model="llama-3.1-8b", workload="finetune",
             finetune={"method": "lora"}, training_tokens=20_000_000_000, top_n=5)
    reserved = [o for o in r.options if o.pricing_model == "reserved"]
    assert reserved, [(o.pricing_model, o.performance.job_hours) for o in r.options]
    for o in reserved:
        assert o.cost.per_job_usd is not None and o.performance.job_hours is not None
        billed = max(o.performance.job_hours, RESERVED_MONTH_HOURS)
        assert o.cost.per_job_usd >= o.cost.per_hour_usd * billed - 0.01


# --- 2. a reserved price's own date --------------------------------------------------------------

def test_shipped_hyperstack_reserved_prices_carry_the_rate_card_date() -> None:
    cat = shipped()
    o = cat.offers_by_id["hyperstack-n3-rtx-a4000x1"]
    assert o.reserved_usd_h is not None
    assert o.as_of != dt.date(2026, 8, 26)  # the on-demand row's own date
    assert o.reserved_as_of == dt.date(2026, 8, 26)
    assert reserved_stale(o, AUDIT_DAY, cat.stale_after_days)
    v = view(o, cat.registry.gpus[o.gpu], AUDIT_DAY, cat.stale_after_days)
    assert v.reserved_as_of == dt.date(2026, 8, 26)
    assert v.reserved_stale is True
    assert v.stale is False  # the on-demand price (the headline) is within the limit


def test_a_reserved_price_without_its_own_source_has_the_offer_date() -> None:
    o = offer("x", "rtx-a4000", 1, 0.3, reserved=0.2, term="1y")
    assert o.reserved_as_of is None and o.reserved_day == AS_OF
    assert offer("y", "rtx-a4000", 1, 0.3).reserved_day is None


def _steady_hyperstack(**extra: object) -> RecommendationRequest:
    return msgspec.convert({"model": "llama-3.1-8b", "workload": "serving",
                            "concurrent_requests": 4, "hours_per_day": 24,
                            "providers": ["hyperstack"], "top_n": 5, **extra},
                           RecommendationRequest)


def test_a_stale_reserved_price_is_left_out_and_listed_in_rejected() -> None:
    r = recommend(_steady_hyperstack(), shipped(), AUDIT_DAY)
    assert r.options, r.reason
    assert all(o.pricing_model != "reserved" for o in r.options), [
        (o.offer.id, o.pricing_model) for o in r.options]
    stale = [x for x in r.rejected if x.reason.startswith("stale: reserved price")]
    assert stale, [x.reason for x in r.rejected]
    assert "2026-08-26" in stale[0].reason and "include_stale" in stale[0].reason


def test_include_stale_brings_a_stale_reserved_price_back_with_its_date() -> None:
    r = recommend(_steady_hyperstack(include_stale=True), shipped(), AUDIT_DAY)
    reserved = [o for o in r.options if o.pricing_model == "reserved"]
    assert reserved, [(o.offer.id, o.pricing_model) for o in r.options]
    for o in reserved:
        assert o.offer.as_of == "2026-08-26"
        assert o.offer.stale is True
        assert "2026-08-26" in o.offer.price_date
        assert any("days old" in w and "2026-08-26" in w for w in o.warnings), o.warnings


def test_a_fresh_reserved_price_ranks_and_shows_its_own_date() -> None:
    """A reserved price dated by its rate card, the on-demand row by another source: the
    reserved option shows the rate card's date."""
    r = fake(_a4000(), model="llama-3.1-8b", workload="serving", concurrent_requests=4,
             hours_per_day=24, top_n=5)
    top = r.options[0]
    assert top.pricing_model == "reserved"
    assert top.offer.as_of == "2026-11-20"
    assert not top.offer.stale
    od = next(o for o in r.options if o.pricing_model == "on_demand")
    assert od.offer.as_of == AS_OF.isoformat()


def test_the_reserved_date_is_a_catalog_column_read_as_written(tmp_path: object) -> None:
    """The shipped CSVs carry the reserved date in its own column (not read back from the
    source text): a reserved price whose source names another date keeps the column's; a
    date without a reserved price, or without its kind, is refused."""
    import pathlib

    from service.adapters.offers_files import load_offer_file
    from service.domain.catalog.offers import OFFER_COLUMNS

    cat = shipped()
    path = pathlib.Path(str(tmp_path)) / "hyperstack.csv"
    row = {c: "" for c in OFFER_COLUMNS} | {
        "id": "hyperstack-t", "provider": "hyperstack", "instance_type": "t", "gpu": "t4",
        "gpu_count": "1", "interconnect": "none", "on_demand_usd_h": "1.0",
        "reserved_usd_h": "0.5", "reserved_term": "1y", "reserved_as_of": "2026-10-01",
        "reserved_as_of_kind": "published", "as_of": "2026-09-30", "as_of_kind": "assumed",
        "source": "s; reserved: card (harvest, 2026-08-26)"}
    no_price = row | {"id": "hyperstack-u", "reserved_usd_h": "", "reserved_term": ""}
    no_kind = row | {"id": "hyperstack-v", "reserved_as_of_kind": ""}
    path.write_text(",".join(OFFER_COLUMNS) + "\n" + "\n".join(
        ",".join(f'"{r[c]}"' for c in OFFER_COLUMNS) for r in (row, no_price, no_kind)) + "\n")
    problems: list = []
    got = load_offer_file(path, "offers/hyperstack.csv", cat.registry, None, problems)
    assert [o.id for _, o in got] == ["hyperstack-t"]
    o = got[0][1]
    assert o.reserved_day == dt.date(2026, 10, 1) and o.reserved_day_kind == "published"
    text = " | ".join(str(p) for p in problems)
    assert "offers/hyperstack.csv:3:" in text and "reserved_as_of without a reserved price" in text
    assert "offers/hyperstack.csv:4:" in text and "go together" in text
