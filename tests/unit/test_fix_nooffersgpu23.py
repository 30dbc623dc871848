"""A GPU the registry knows but no offer of the catalog rents (MI325X, H200 NVL, RTX 4080...):
the answer says that this is what emptied the list, what sizing says on that GPU, and the
nearest GPU the catalog has offers for, priced, as an alternative; never a price for the GPU
without offers.

Before: /v1/recommendations {"model": "llama 3.1 405b", "concurrent_requests": 8, "gpus":
["MI325X"]} gave "no offer in the catalog matches the filters (providers, GPUs named,
regions, GPUs per node); relax them" with no alternative, where no filter but the GPU was set;
/v1/ask "Cost per 1M tokens for Llama 3.1 70B on MI325X?" (and in Romanian) led with that
reason and gave no number.
After: "the catalog has no offer for AMD Instinct MI325X 256GB (no provider in the catalog
lists it); without a price, sizing still says: Meta Llama 3.1 405B at bf16 fits on 4 x AMD
Instinct MI325X 256GB, ~337 output tokens/s at full load (/v1/sizing); use the nearest GPU with
offers (the nearest GPU the catalog has offers for, at fp8 weights: 4 x AMD Instinct MI300X
192GB at runpod, $6,629/month)"; /v1/ask leads with the MI325X's output tokens/s at full load
and then the price per 1M tokens on the MI300X, said as the nearest GPU with offers."""

from __future__ import annotations

from typing import Any

import msgspec

from service.adapters.messages_files import shipped_messages
from service.adapters.slack.render import targets_decided
from service.domain.answer.core_warnings import localise
from service.domain.recommend.alternatives import NEAREST_GPU_CHANGE
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

MESSAGES = shipped_messages()
NBSP = "\u00a0"
OLD = "no offer in the catalog matches the filters"
REQ_405B = {"model": "llama 3.1 405b", "concurrent_requests": 8, "gpus": ["MI325X"]}


def rec(**fields: Any) -> Recommendation:
    return recommend(msgspec.convert(fields, RecommendationRequest), catalog(), TODAY)


def said_in(lang: str, text: str) -> str:
    return localise(text, MESSAGES.section(lang, "answer"), MESSAGES.formatter(lang),
                    MESSAGES.section(lang, "pricing")).replace(NBSP, " ")


def test_the_catalog_rents_no_mi325x_and_its_nearest_with_offers_is_the_mi300x() -> None:
    c = catalog()
    assert "mi325x" in c.registry.gpus and "mi325x" not in c.offered_gpus
    assert "mi300x" in c.offered_gpus
    # the same vendor and architecture (CDNA3) first, then memory and bandwidth
    assert c.nearest_offered(["mi325x"])[0] == "mi300x"
    assert c.nearest_offered(["h200-nvl"])[0] == "h200-sxm"
    assert all(g in c.offered_gpus for g in c.nearest_offered(["rtx-4080"]))


def test_recommendations_say_the_gpu_named_has_no_offer_with_sizing_and_the_nearest() -> None:
    r = rec(**REQ_405B)
    assert not r.options
    assert r.reason is not None
    assert OLD not in r.reason  # was the generic filters' reason, "relax them"
    assert r.reason.startswith("the catalog has no offer for AMD Instinct MI325X 256GB (no "
                               "provider in the catalog lists it)")
    # what /v1/sizing's core says on the GPU named, at the request's 8 concurrent requests
    s = size(SizingRequest(model="llama 3.1 405b", weights="bf16", gpu="mi325x", gpu_count=4,
                           batch_size=8, input_tokens=3584, output_tokens=512), catalog())
    assert s.fits and s.performance is not None
    tps = s.performance.max_throughput_tokens_per_s
    assert tps is not None
    assert (f"Meta Llama 3.1 405B at bf16 fits on 4 x AMD Instinct MI325X 256GB, ~{tps:,.0f} "
            "output tokens/s at full load (/v1/sizing)") in r.reason
    # the nearest GPU with offers, priced as an alternative (was no alternative at all)
    assert [a.change for a in r.alternatives] == [NEAREST_GPU_CHANGE]
    alt = r.alternatives[0]
    assert alt.offer_id is not None
    assert catalog().offers_by_id[alt.offer_id].gpu == "mi300x"
    assert alt.per_month_usd is not None and alt.per_month_usd > 0
    assert "AMD Instinct MI300X 192GB at runpod" in alt.effect
    assert f"{NEAREST_GPU_CHANGE} ({alt.effect})" in r.reason
    # no price is said of the GPU without offers: the only dollar figure is the MI300X's
    assert "$" not in r.reason.split("use the nearest GPU")[0]


def test_several_gpus_named_none_offered_are_all_said() -> None:
    r = rec(model="llama 3.1 70b", gpus=["MI325X", "H200 NVL"])
    assert r.reason is not None
    assert r.reason.startswith("the catalog has no offer for AMD Instinct MI325X 256GB or "
                               "NVIDIA H200 NVL 141GB (no provider in the catalog lists them)")
    assert r.alternatives and r.alternatives[0].change == NEAREST_GPU_CHANGE


def test_another_filter_that_empties_the_list_keeps_the_filters_reason() -> None:
    # the H100 has offers, none at exoscale: the filters together decided, as before
    r = rec(model="llama 3.1 8b", gpus=["H100 SXM"], providers=["exoscale"])
    assert r.reason is not None and r.reason.startswith(OLD)
    assert not any(a.change == NEAREST_GPU_CHANGE for a in r.alternatives)


def test_the_reason_in_romanian_and_unchanged_in_english() -> None:
    r = rec(**REQ_405B)
    assert r.reason is not None
    assert said_in("en", r.reason) == r.reason
    ro = said_in("ro", r.reason)
    assert ro.startswith("catalogul nu are nicio ofertă pentru AMD Instinct MI325X 256GB "
                         "(niciun furnizor din catalog nu îl listează); fără preț, "
                         "dimensionarea spune totuși: Meta Llama 3.1 405B la bf16 încape pe "
                         "4 × AMD Instinct MI325X 256GB, ~")
    assert "de tokeni de ieșire/s la încărcare maximă" in ro
    assert ("; folosiți cel mai apropiat GPU cu oferte (cel mai apropiat GPU pentru care "
            "catalogul are oferte, cu greutăți fp8: 4 × AMD Instinct MI300X 192GB la runpod, "
            in ro)
    assert "USD/lună)" in ro
    for english in ("no offer", "nearest", "sizing still", "output tokens"):
        assert english not in ro


def test_slack_reads_it_as_a_filter_reason_not_the_targets() -> None:
    assert not targets_decided(rec(**REQ_405B))


def _price_per_token_answer(q: str, lang: str) -> None:
    r = ask(q)
    lead = head(r)
    first = first_sentence(r)
    assert "AMD Instinct MI325X 256GB" in first
    if lang == "en":
        assert first.startswith("The catalog has no offer for AMD Instinct MI325X 256GB (no "
                                "provider in the catalog lists it), so it has no price per "
                                "token there; sized on it, Meta Llama 3.1 70B at bf16 runs on "
                                "1 × AMD Instinct MI325X 256GB at about ")
        nearest = "On the nearest GPU the catalog has offers for, AMD Instinct MI300X 192GB: "
        assert "No offer in the catalog meets" not in lead and OLD not in lead
    else:
        assert first.startswith("Catalogul nu are nicio ofertă pentru AMD Instinct MI325X "
                                "256GB (niciun furnizor din catalog nu îl listează), deci nu "
                                "are un preț pe token acolo; dimensionat pe el, Meta Llama 3.1 "
                                "70B la bf16 rulează pe 1 × AMD Instinct MI325X 256GB cu "
                                "aproximativ ")
        nearest = ("Pe cel mai apropiat GPU pentru care catalogul are oferte, AMD Instinct "
                   "MI300X 192GB: ")
        assert "Nicio ofertă din catalog" not in lead
    # the number of the lead: the MI325X's output tokens/s at full load, from sizing
    s = size(SizingRequest(model="llama 3.1 70b", weights="bf16", gpu="mi325x", gpu_count=1,
                           input_tokens=3584, output_tokens=512), catalog(), load_stated=False)
    assert s.performance is not None
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("output_tokens_per_s", "tokens/s")
    assert value == s.performance.max_throughput_tokens_per_s
    # then the price per 1M output tokens on the nearest GPU with offers, said as such; no
    # price comes before it (none is said of the MI325X)
    assert nearest in lead
    before, _, after = lead.partition(nearest)
    assert "$" not in before and "USD" not in before
    assert ("$" in after) if lang == "en" else ("USD" in after)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "bf16"


def test_ask_price_per_million_tokens_on_a_gpu_with_no_offer() -> None:
    _price_per_token_answer("Cost per 1M tokens for Llama 3.1 70B on MI325X?", "en")


def test_ask_price_per_million_tokens_on_a_gpu_with_no_offer_in_romanian() -> None:
    _price_per_token_answer("Cât costă 1M de tokeni cu Llama 3.1 70B pe MI325X?", "ro")


def test_ask_a_month_on_a_gpu_with_no_offer_names_it_and_the_nearest() -> None:
    r = ask("How much does it cost to run Llama 3.1 70B on MI325X per month?")
    lead = head(r)
    assert OLD not in lead
    assert "the catalog has no offer for AMD Instinct MI325X 256GB" in lead
    assert "use the nearest GPU with offers" in lead and "AMD Instinct MI300X 192GB" in lead
