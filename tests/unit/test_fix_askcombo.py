"""A question with a target, a budget or two asks got a partial answer in /v1/ask (audits
reg5, journey, ro2):

1. a TTFT target written without a limit word ("2 second ttft", "ttft of 2 s") was not read,
   and "cheapest option?" got one request's speed on the smallest setup; the target is read
   now, and "cheapest option" / "cheapest way" asks the price of the recommendation that
   meets it ("cheapest GPU" still asks which card, and keeps the latency: test_fix_excl);
2. "how many H200 ... and what does it cost per month?" gave the count alone; the count is
   followed by the month of the cheapest offer for that many of the GPU, as
   /v1/recommendations prices it (its precision said when it is not the count's);
3. a $/h cap and a number of users were read and then ignored ("best GPU ... to 8 users, and
   how many tokens per second?" was one request on an A100 over the cap); the answer is the
   recommendation within the cap at that load, its price and per-user tokens/s;
4. "the cheapest match" led the cost answer while a cheaper option at another precision was
   listed below it (the recommendations rank price weighed by the weights' quality); the
   lead says it is the top-ranked match then, and an alternative at another precision says
   its precision."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head


def _rec(**kw: object) -> Recommendation:
    req = msgspec.convert({"top_n": 10, **kw}, RecommendationRequest)
    return recommend(req, catalog(), TODAY, explain=False)


# -- 1. a TTFT target without a limit word; "cheapest option" asks the price ------------------


@pytest.mark.parametrize("q", [
    "qwen2.5-72b for 10 users, 2 second ttft, cheapest option?",
    "serve qwen2.5-72b to 10 users with 2 seconds TTFT",
    "serve qwen2.5-72b to 10 users with a 2s ttft",
    "serve qwen2.5-72b to 10 users with a ttft of 2 s",
    "serve qwen2.5-72b to 10 users, TTFT ≤ 2 s",
    "serve qwen2.5-72b to 10 users with a 2000 ms time to first token",
    "servesc qwen2.5-72b la 10 utilizatori cu un ttft de 2 secunde",
])
def test_a_ttft_target_without_a_limit_word_is_read(q: str) -> None:
    assert stated(q, catalog().registry).max_ttft_ms == 2000


@pytest.mark.parametrize("q", [
    "what is the ttft of 2 gpus for qwen2.5-72b?",  # no unit: no target
    "serve qwen2.5-72b with a ttft of 2",
])
def test_a_ttft_without_a_time_is_no_target(q: str) -> None:
    assert stated(q, catalog().registry).max_ttft_ms is None


@pytest.mark.parametrize("q", [
    "qwen2.5-72b for 10 users, 2 second ttft, cheapest option?",
    "what's the cheapest way to serve qwen2.5-72b to 10 users with 2 second ttft?",
    "what's the cheapest way to serve qwen2.5-72b to 10 users with ttft under 2 s?",
])
def test_the_cheapest_option_for_a_ttft_target_is_its_price(q: str) -> None:
    r = ask(q)
    recs = r.numbers.recommendations if r.numbers else []
    assert recs, r.answer
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_hour_usd", "USD/h"), r.answer
    assert value == pytest.approx(recs[0].per_hour_usd)
    first = first_sentence(r)
    assert "2,000 ms" in first and f"${value:,.2f}/h" in first, first
    want = _rec(model="qwen2.5-72b", concurrent_requests=10, context_tokens=4096,
                output_tokens=512, workload="serving", max_time_to_first_token_ms=2000)
    assert recs[0].offer_id == want.options[0].offer.id


def test_the_cheapest_way_in_romanian_is_its_price() -> None:
    r = ask("Care e cel mai ieftin mod să servesc qwen2.5-72b la 10 utilizatori cu un ttft de "
            "2 secunde?")
    assert asked(r)[0] == "per_hour_usd", r.answer


# -- 2. a count and its month -----------------------------------------------------------------


@pytest.mark.parametrize(("q", "model", "gpu", "users", "n", "ctx", "weights"), [
    ("How many H200 do we need to serve DeepSeek R1 to 16 users at 8k context, and what does "
     "it cost per month?", "deepseek-r1", "h200-sxm", 16, 8, 8192, "auto"),
    # the 2 that hold 64 users miss the default first-token target (2.2 s): the 4 at bf16
    # that meet it lead, with their month (audit buyer17 #12; was 2, priced at fp8)
    ("We're pinned to AMD MI300X. How many MI300X do we need to serve Llama 3.1 70B to 64 "
     "concurrent users at 4k context, and what's the monthly cost?", "llama-3.1-70b", "mi300x",
     64, 4, 4096, "bf16"),
])
def test_a_count_asked_with_its_month_gives_both(q: str, model: str, gpu: str, users: int,
                                                  n: int, ctx: int, weights: str) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", n), r.answer
    rec = _rec(model=model, gpus=[gpu], concurrent_requests=users, context_tokens=ctx + 512,
               output_tokens=512, workload="serving", weights=weights)
    o = next(x for x in rec.options if x.offer.gpu_count * x.nodes == n)
    month = o.cost.per_month_usd
    assert month is not None
    text = head(r)
    assert f"${month:,.0f}/month" in text, text
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    assert r.numbers.recommendations[0].offer_id == o.offer.id
    assert o.weights in text, text  # the precision the month is for


def test_the_month_says_when_its_precision_is_not_the_counts() -> None:
    r = ask("How many MI300X do we need to serve Llama 3.1 70B to 64 concurrent users at 4k "
            "context, and what's the monthly cost?")
    text = head(r)
    # the count that meets the default targets leads at bf16 with its own month; the fp8
    # setup the recommendations rank first on the MI300X is said after it (audit buyer17
    # #12; was "at bf16 needs 2" with the month of 2 at fp8)
    assert "at bf16 needs 4" in text, text
    assert "At fp8, as the recommendations size it: 2 × AMD Instinct MI300X" in text, text


def test_a_count_not_asked_with_a_price_stays_a_count() -> None:
    r = ask("How many MI300X do we need to serve Llama 3.1 70B to 64 concurrent users at 4k "
            "context?")
    assert asked(r)[:2] == ("gpu_count", 4)  # the 4 that meet the default targets (buyer17 #12)
    assert "/month" not in head(r), head(r)


def test_a_count_and_its_month_in_romanian() -> None:
    r = ask("Câte MI300X ne trebuie ca să servim Llama 3.1 70B la 64 de utilizatori simultani "
            "cu 4k context și cât costă pe lună?")
    # the 4 that meet the default targets, the 2 that hold them said second (buyer17 #12)
    assert asked(r)[:2] == ("gpu_count", 4), r.answer
    assert "/lună" in head(r), head(r)


# -- 3. a $/h cap and users ---------------------------------------------------------------------


def test_the_best_gpu_within_an_hourly_cap_for_users() -> None:
    r = ask("Our budget is $1 per hour max. What's the best GPU to serve Qwen2.5 14B to 8 users, "
            "and how many tokens per second will we get?")
    rec = _rec(model="qwen2.5-14b", concurrent_requests=8, max_usd_per_hour=1.0,
               context_tokens=4096, output_tokens=512, workload="serving")
    o = rec.options[0]
    recs = r.numbers.recommendations if r.numbers else []
    assert recs and recs[0].offer_id == o.offer.id, r.answer
    assert recs[0].per_hour_usd <= 1.0
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value == pytest.approx(o.performance.decode_tokens_per_s_per_user or 0)
    first = first_sentence(r)
    assert "$1.00/h" in first and f"${o.cost.per_hour_usd:,.2f}/h" in first, first
    assert "8 concurrent" in head(r), head(r)


def test_the_best_gpu_within_a_monthly_budget_in_romanian() -> None:
    r = ask("Avem un buget de 300 USD pe lună. Ce GPU e cel mai bun pentru Qwen2.5 14B la 8 "
            "utilizatori și câți tokeni pe secundă obținem?")
    recs = r.numbers.recommendations if r.numbers else []
    assert recs and (recs[0].per_month_usd or 0) <= 300, r.answer
    assert asked(r)[0] == "decode_tokens_per_s"


# -- 4. the lead called cheapest is the cheapest shown, or said to be the top-ranked ---------


@pytest.mark.parametrize(("q", "cheapest"), [
    ("Ce GPU iau pentru Llama 3.1 8B cu un buget de 500 USD pe lună?", "Cea mai ieftină"),
    ("Which GPU should I get for Llama 3.1 8B with a budget of 500 USD per month?",
     "The cheapest"),
])
def test_the_lead_called_cheapest_is_the_cheapest(q: str, cheapest: str) -> None:
    r = ask(q)
    recs = r.numbers.recommendations if r.numbers else []
    assert len(recs) > 1, r.answer
    lead = recs[0]
    first = first_sentence(r)
    cheaper = [x for x in recs[1:] if (x.per_month_usd or 0) < (lead.per_month_usd or 0)]
    if cheaper:
        assert not first.startswith(cheapest), first
    for x in recs[1:]:
        if x.weights != lead.weights:
            assert x.weights in head(r), head(r)
