"""Trust on the shipped catalog, as a buyer meets it: with the defaults no recommendation,
question answer or Slack message ranks a stale or suspect offer, and a price whose date is
assumed is never shown as a plain date; /v1/offers filters on the flags, /v1/catalog counts
them."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.adapters.catalog_loader import load_catalog
from service.adapters.slack.render import render_recommendation
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.paths import default_data_dir
from tests.http.conftest import wait_ready

pytestmark = pytest.mark.anyio

WORKLOADS: list[dict[str, Any]] = [
    {"model": m, "workload": w, **extra}
    for m in ("llama-3.1-8b", "llama-3.1-70b", "qwen2.5-32b", "mixtral-8x7b")
    for w, extra in (("serving", {}), ("serving", {"concurrent_requests": 32,
                                                  "context_tokens": 16384}),
                     ("batch", {"job_output_tokens": 1e8}),
                     ("finetune", {"finetune": {"method": "qlora"}, "training_tokens": 1e8}),
                     ("serving", {"max_usd_per_hour": 3}), ("serving", {"regions": ["europe"]}))
]


def _check_option(o: dict[str, Any], today: dt.date, limit: int) -> None:
    ref = o["offer"]
    assert not ref["stale"] and not ref["suspect_reasons"], ref["id"]
    assert (today - dt.date.fromisoformat(ref["as_of"])).days <= limit, ref["id"]
    if ref["as_of_kind"] == "assumed":
        assert ref["price_date"] == f"date unknown; no later than {ref['as_of']}"
        assert "date unknown; no later than" in o["why"]
        assert f"as of {ref['as_of']}" not in o["why"]


async def test_default_recommendations_rank_only_fresh_trusted_prices(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    assert len(WORKLOADS) == 24
    today = dt.date.today()
    left_out = 0
    for body in WORKLOADS:
        r = await client.post("/v1/recommendations", json=body)
        assert r.status_code == 200, (body, r.text)
        rec = r.json()
        assert rec["options"], body
        for o in rec["options"]:
            _check_option(o, today, 90)
        left_out += sum(1 for x in rec["rejected"]
                        if x["reason"].startswith(("stale:", "suspect price:")))
    assert left_out > 0  # the catalog has stale and suspect prices: they were rejected


async def test_opting_in_ranks_them_and_says_why(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    body = {"model": "llama-3.1-70b", "weights": "fp8", "workload": "serving",
            "include_stale": True, "include_suspect": True, "top_n": 20}
    rec = (await client.post("/v1/recommendations", json=body)).json()
    flagged = [o for o in rec["options"] if o["offer"]["stale"] or o["offer"]["suspect_reasons"]]
    assert flagged
    for o in flagged:
        assert any(w.startswith(("price is", "suspect price:")) for w in o["warnings"])


async def test_a_named_dear_provider_keeps_its_list_prices(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """Hyperscaler list prices sit far above the market's median: asked for by name, they
    are ranked (with the reason as a warning), not refused; 20 TB of egress a month there
    costs more than $1,000."""
    body = {"model": "llama-3.1-70b", "workload": "serving", "providers": ["aws"],
            "egress_gb_per_month": 20_000}
    rec = (await client.post("/v1/recommendations", json=body)).json()
    assert rec["options"]
    assert all(o["offer"]["provider"] == "aws" for o in rec["options"])
    assert all(o["cost"]["egress_per_month_usd"] > 1000 for o in rec["options"])


async def test_answers_to_questions_say_an_assumed_date(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    await wait_ready(client)
    for q in ("what GPU should I rent to serve llama 3.1 8b?",
              "cheapest way to serve Llama 3.1 70B at fp8 with 8k context?",
              "ce GPU să închiriez pentru llama 3.1 8b?"):
        r = await client.post("/v1/ask", json={"question": q})
        assert r.status_code == 200, r.text
        body = r.json()
        recs = body["numbers"]["recommendations"]
        assert recs, q
        for n in recs:
            assert n["offer_id"]
            if n["as_of_kind"] == "assumed":
                assert n["as_of"] in n["price_date"] and n["price_date"] != n["as_of"]
        top = recs[0]
        if top["as_of_kind"] == "assumed":
            assert top["price_date"] in body["answer"], body["answer"]


def test_slack_recommendations_say_an_assumed_date() -> None:
    catalog = load_catalog(default_data_dir("catalog"), 90)
    rec = recommend(RecommendationRequest(model="llama-3.1-8b"), catalog, dt.date.today())
    assert rec.options and rec.options[0].offer.as_of_kind == "assumed"
    for lang, words in (("en", "date unknown; no later than"), ("ro", "cel târziu")):
        text = json.dumps(render_recommendation(rec, lang, model_name="Llama 3.1 8B"),
                          ensure_ascii=False)
        assert words in text, lang


async def test_offers_filter_on_the_flags_and_the_catalog_counts_them(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    info = (await client.get("/v1/catalog")).json()
    assert info["suspect_offers"] > 0 and info["stale_offers"] > 0
    assert sum(info["offers_by_date_kind"].values()) == info["offers"]
    suspect = (await client.get("/v1/offers", params={"suspect": "true", "limit": 500})).json()
    assert suspect["total"] == info["suspect_offers"]
    assert all(o["suspect"] and o["suspect_reasons"] for o in suspect["offers"])
    fresh = (await client.get("/v1/offers", params={"stale": "false", "suspect": "false",
                                                    "limit": 500})).json()
    assert fresh["total"] == info["trusted_offers"]
    assert not any(o["stale"] or o["suspect"] for o in fresh["offers"])
    cheapest = (await client.get("/v1/offers", params={"gpu": "h100-sxm", "limit": 1})).json()
    assert cheapest["offers"][0]["price_date"]
