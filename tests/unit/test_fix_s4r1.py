"""DeepSeek-R1's cheapest answers (audit s4r1, /tmp/audit/prompt_fix_s4r1.md).

"Cheapest way to serve DeepSeek-R1?" led with 8 x H200 at primeintellect ($15.97/h), the
recommendations' #1, while "DeepSeek-R1 on MI300X: how many and cost?" answered 4 x MI300X at
runpod for $9.16/h, cheaper, with no word on why the cheapest answer passed it over. Both are
right on their own terms: DeepSeek-R1's fp8 weights are 626.8 GiB, 156.7 GiB per GPU over 4,
158.7 GiB with one request's KV cache and overhead, of the 172.8 GiB vLLM keeps of a 192 GB
MI300X: it fits with 8.2 % free, under the 10 % memory headroom the recommendations keep
(SGLang's DeepSeek V3/R1 guide lists 8 x MI300X for fp8, docs.sglang.io/docs/basic_usage/
deepseek_v3.md). The answers now agree on the lead and say why the cheaper machine is left out:
the recommendations list it among ``rejected`` (a near miss, not a card too small), and both
/v1/ask answers say its free share against the headroom."""

from __future__ import annotations

import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head


def _top() -> tuple[str, int, str, float]:
    rec = recommend(RecommendationRequest(model="deepseek-r1"), catalog(), TODAY)
    o = rec.options[0]
    return o.offer.gpu_name, o.offer.gpu_count, o.offer.provider, o.cost.per_hour_usd


def test_recommendations_rank_8_h200_and_list_4_mi300x_as_a_near_miss() -> None:
    rec = recommend(RecommendationRequest(model="deepseek-r1"), catalog(), TODAY)
    o = rec.options[0]
    # 4 x B300 at Verda ($19.80/h) before 8 x H200 at vast ($20.71/h): the 8 x H200 at
    # $15.97 was Prime Intellect's copy of Verda's machine below Verda's own $20.72, doubted
    # since (buyer audit 25a #4)
    assert (o.offer.gpu, o.offer.gpu_count, o.offer.provider) == ("b300", 4, "verda")
    assert o.cost.per_hour_usd == pytest.approx(19.80)
    left = {r.offer_id: r for r in rec.rejected}
    assert "runpod-4x-mi300x-secure" in left, [r.offer_id for r in rec.rejected]
    r = left["runpod-4x-mi300x-secure"]
    assert r.price_usd_h == pytest.approx(9.16)
    assert "158.7 GiB per GPU split over 4" in r.reason
    assert "155.5 GiB with the 10% headroom" in r.reason


@pytest.mark.parametrize("question", [
    "Cheapest way to serve DeepSeek-R1?",
    "cheapest GPU for DeepSeek-R1",
    "what's the cheapest setup to run DeepSeek R1 671B",
])
def test_cheapest_leads_with_the_recommendations_top_and_says_why_not_mi300x(
        question: str) -> None:
    name, n, provider, hour = _top()
    r = ask(question)
    assert asked(r) == ("per_hour_usd", pytest.approx(hour), "USD/h")
    text = head(r)
    assert text.startswith(f"The cheapest match is {n} × {name} at {provider} for "
                           f"${hour:.2f}/h"), text
    left = text.split("Cheaper offers left out: ", 1)[-1]
    assert left != text, text
    assert ("4 × AMD Instinct MI300X 192GB at runpod ($9.16/h, on-demand): fits with 8.2% of "
            "each GPU's memory free, under the 10% headroom kept") in left, text
    assert "8 × NVIDIA H200 SXM 141GB at mithril ($8.00/h, spot): its price is suspect" in left


def test_cheapest_in_romanian_agrees_and_says_why() -> None:
    name, n, provider, hour = _top()
    r = ask("Care este cel mai ieftin mod de a servi DeepSeek-R1?")
    assert asked(r)[1] == pytest.approx(hour)
    text = head(r)
    assert text.startswith(f"Cea mai ieftină potrivire este {n} × {name} la {provider}"), text
    left = text.split("Oferte mai ieftine lăsate deoparte: ", 1)[-1]
    assert left != text, text
    assert ("4 × AMD Instinct MI300X 192GB la runpod (9,16\u00a0USD/oră, la cerere): încape cu "
            "8,2% din memoria fiecărui GPU liberă, sub rezerva de 10% păstrată") in left, text


def test_mi300x_count_says_the_headroom_and_the_recommended_lead() -> None:
    name, n, provider, hour = _top()
    r = ask("DeepSeek-R1 on MI300X: how many and cost?")
    text = head(r)
    assert text.startswith("4 × AMD Instinct MI300X 192GB for DeepSeek-R1 at fp8 costs about "
                           "$9.16/h at runpod"), text
    assert ("4 × AMD Instinct MI300X 192GB leave 8.2% of each GPU's memory free, under the "
            "10% headroom the recommendations keep: the cheapest they rank is "
            f"{n} × {name} at {provider}, ${hour:.2f}/h.") in text, text
    ro = head(ask("DeepSeek-R1 pe MI300X: câte și cât costă?"))
    assert ("4 × AMD Instinct MI300X 192GB lasă liberă 8,2% din memoria fiecărui GPU, sub "
            "rezerva de 10% păstrată de recomandări: cea mai ieftină variantă recomandată este "
            f"{n} × {name} la {provider}, 19,80\u00a0USD/oră.") in ro, ro
