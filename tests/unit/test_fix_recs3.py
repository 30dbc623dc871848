"""/v1/recommendations explanations and alternatives that misread their own numbers (audit
recs3, /tmp/audit/recs3):

1. the long-job note called a passed-over option "cheaper" when it cost more in dollars (its
   rank cost is lower only by the multi-node handicap) and printed "$-1,284 more";
2. a long run's warning said no reserved price is published for an offer whose catalog row
   has one (stale, left out: the same answer's rejections say so);
3. an image, speech or embedding option under a rate target quoted its unit cost only at full
   load (a replica kept busy), where the stated rate keeps it ~78% busy;
4. the multi-node alternative compared its days with restarts to the option's days without;
5. the "more GPUs" alternative took the fastest machine (a dearer one, 0.2 days faster than an
   option listed) instead of the cheapest that at least halves the time.

On the shipped catalog at the fixtures' date."""

from __future__ import annotations

import re

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog

_USD = r"\$(-?[\d,]+(?:\.\d+)?)"


def _rec(**kw: object) -> Recommendation:
    return recommend(RecommendationRequest(**kw), catalog(), TODAY)  # type: ignore[arg-type]


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def _stated_days(o: Option) -> float:
    """An option's days as its text states them: on spot with its expected restarts."""
    h = o.performance.job_hours or 0.0
    return h * (1 + (o.cost.expected_spot_overhead_pct or 0.0) / 100) / 24


def test_a_passed_over_option_is_called_cheaper_only_when_it_costs_less() -> None:
    rec = _rec(model="llama-3.1-70b", workload="pretrain", training_tokens=200_000_000_000,
               interruptible=True, allow_multi_node=True, top_n=3)
    assert rec.options
    for o in rec.options:
        assert "$-" not in o.why, o.why
        m = re.search(r"Ranked before a cheaper option [^$]*" + _USD, o.why)
        if m is not None:
            assert _num(m.group(1)) < (o.cost.per_job_usd or 0.0), o.why
    top = rec.options[0]
    # the multi-node plan ranked first is said to save days; since audit training_fixes the
    # collectives between nodes are timed, so over nodes a GPU trains a little slower and
    # the plan may cost a little more than the single node passed over: said either way
    assert top.nodes > 1
    m = re.search(r"instead of ~[\d,]+ [^.]*?, and costs " + _USD + " less", top.why)
    more = re.search(r"instead of ~[\d,]+[^.]*?, for " + _USD + " more", top.why)
    if m is None and more is None:
        # re-pinned: since fix/trainperf counts the network between nodes once, the 8 nodes
        # of B200 ($54,335) cost less than one node ($62,519) by rank cost too: no option is
        # passed over, so no trade is said, and none is called cheaper
        assert "Ranked before a cheaper option" not in top.why, top.why
        assert all((top.cost.per_job_usd or 0.0) <= (o.cost.per_job_usd or 0.0)
                   for o in rec.options)
    else:
        assert m is not None or (more is not None
                                 and "Ranked before a cheaper option" in top.why), top.why


def test_a_long_run_warning_names_a_stale_reserved_price() -> None:
    rec = _rec(model="llama-3.2-3b", workload="pretrain", training_tokens=300_000_000_000,
               providers=["hyperstack"], top_n=4)
    a4000 = next(o for o in rec.options if o.offer.id == "hyperstack-n3-rtx-a4000x8")
    long_run = [w for w in a4000.warnings if w.startswith("long run")]
    assert long_run, a4000.warnings
    w = long_run[0]
    assert "none published" not in w, w
    # catalog/offers/hyperstack.csv: reserved $0.88/h, as of 2026-08-26
    assert "$0.88/h" in w and "2026-08-26" in w and "include_stale" in w, w


def test_a_long_run_warning_without_a_reserved_price_still_says_none() -> None:
    # an offer the catalog lists with no reserved price keeps the words
    rec = _rec(model="llama-3.2-3b", workload="pretrain", training_tokens=300_000_000_000,
               providers=["hyperstack"], top_n=4)
    offers = {o.id: o for o in catalog().offers}
    for o in rec.options:
        for w in o.warnings:
            if "none published in the catalog" in w:
                assert offers[o.offer.id].reserved_usd_h is None, (o.offer.id, w)


def _at_rate(why: str, unit: str) -> float:
    m = re.search(r"at that rate " + _USD + " " + unit, why)
    assert m is not None, why
    return _num(m.group(1))


def test_an_image_option_under_a_rate_quotes_its_unit_cost_at_that_rate() -> None:
    rec = _rec(model="sdxl", workload="serving", target_requests_per_s=2, top_n=3)
    assert rec.options
    for o in rec.options:
        # one image a request: the hourly price over 2 x 3,600 images an hour
        want = o.cost.per_hour_usd / (3.6 * 2)
        assert abs(_at_rate(o.why, "per thousand images") - want) <= 0.01 * want, o.why
        assert (o.cost.per_thousand_images_usd or 0.0) < want


def test_a_speech_option_under_a_rate_quotes_its_unit_cost_at_that_rate() -> None:
    rec = _rec(model="whisper-large-v3-turbo", workload="serving", target_requests_per_s=20,
               top_n=3)
    assert rec.options
    for o in rec.options:
        assert o.pricing_model != "spot"
        # one 30 s window a request: 600 s of audio a second, 1/600 h per audio hour
        want = o.cost.per_hour_usd / (20 * 30)
        assert "busy" in o.why, o.why
        assert abs(_at_rate(o.why, "per audio hour") - want) <= 0.01 * want, o.why


def test_an_embedding_option_under_a_rate_quotes_its_unit_cost_at_that_rate() -> None:
    rec = _rec(model="bge-large-en-v1.5", workload="serving", target_requests_per_s=500,
               top_n=3)
    assert rec.options
    for o in rec.options:
        # one input of the embedding's length a request: the hourly price over the tokens
        # 500 of them a second embed in an hour
        perf = o.performance
        tokens = (perf.embedded_tokens_per_s or 0.0) / (perf.embeddings_per_s or 1.0)
        want = o.cost.per_hour_usd * 1e6 / (500 * tokens * 3600)
        assert (o.cost.per_million_tokens_embedded_usd or 0.0) < want
        assert abs(_at_rate(o.why, "per million tokens") - want) <= 0.01 * want, o.why


def test_the_multi_node_alternative_compares_days_on_the_same_basis() -> None:
    rec = _rec(model="llama-3.1-8b", workload="pretrain", training_tokens=1_000_000_000_000,
               interruptible=True, checkpoint_interval_minutes=60, allow_multi_node=True,
               top_n=3)
    top = rec.options[0]
    assert top.pricing_model == "spot"
    alts = [a for a in rec.alternatives if a.change.startswith(("multi-node", "more GPUs"))]
    assert alts, [a.change for a in rec.alternatives]
    for a in alts:
        m = re.search(r"instead of ~?([\d,]+)", a.effect)
        assert m is not None, a.effect
        assert _num(m.group(1)) == round(_stated_days(top)), (a.effect, _stated_days(top))


def test_more_gpus_is_the_cheapest_option_that_at_least_halves_the_time() -> None:
    rec = _rec(model="sdxl", workload="batch", job_images=20_000_000, providers=["hyperstack"],
               interruptible=False, top_n=4)
    top = rec.options[0]
    alt = next(a for a in rec.alternatives if a.change.startswith("more GPUs"))
    hours = top.performance.job_hours or 0.0
    halving = [o for o in rec.options if (o.performance.job_hours or 0.0) <= hours / 2
               and o.weights == top.weights]
    assert halving  # 8 x H100 PCIe: ~101.5 days of ~351
    assert (alt.per_job_usd or 0.0) <= min(o.cost.per_job_usd or 0.0 for o in halving), (
        alt.effect)
