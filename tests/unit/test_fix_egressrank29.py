"""The ranking's handicaps (the weights' quality, a plan over several machines) weigh the GPU
time, not storage or egress: a bill every option shares must not change which GPU wins
(audit buyer29a #14: with 60 TB of egress a month, $5,010 for every AWS option, int8's x1.04
on the whole bill ranked an L4 at bf16, $5,591/month, above a T4 at int8, $5,390)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.kb_fixtures import TODAY, catalog


def _rec(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)


@pytest.mark.parametrize("egress", [0, 5_000, 60_000, 200_000])
def test_egress_shared_by_all_keeps_the_order(egress: int) -> None:
    base = _rec(model="llama 3.1 8b", providers=["aws"])
    more = _rec(model="llama 3.1 8b", providers=["aws"], egress_gb_per_month=egress)
    assert [o.offer.id for o in base.options] == [o.offer.id for o in more.options]
    # and it is counted: the same egress on every option
    fees = {o.cost.egress_per_month_usd for o in more.options}
    assert len(fees) == 1


def test_the_cheaper_int8_t4_leads_under_heavy_egress() -> None:
    r = _rec(model="llama 3.1 8b", providers=["aws"], egress_gb_per_month=60_000)
    lead = r.options[0]
    assert (lead.offer.gpu, lead.weights) == ("t4", "int8")
    assert all((lead.cost.per_month_usd or 0) <= (o.cost.per_month_usd or 0)
               for o in r.options[1:])
