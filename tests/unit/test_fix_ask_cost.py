"""Cost answers of /v1/ask, fixed: a month of serving a model with storage and egress stated
and no GPU named is the recommendations' whole month (GPU time, storage, egress), not the
storage and egress alone; a training setup's monthly figure is for all its GPUs, not one;
a spot month asked for a card with no trusted spot price leads with the trusted on-demand
month, never with a suspect price. Each in English and in Romanian, with the same numbers."""

from __future__ import annotations

import math
import re

import pytest

from service.domain.recommend.context import FAST_NETWORKS
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import (
    TODAY,
    ask,
    asked,
    catalog,
    first_sentence,
    head,
    machine_price,
)


def _figure(text: str, en: str, ro: str) -> float:
    """The money figure before ``en`` ("$1,346/month") or ``ro`` ("1.346 USD/lună")."""
    m = re.search(rf"\$([\d,]+(?:\.\d+)?){re.escape(en)}", text)
    if m is not None:
        return float(m.group(1).replace(",", ""))
    m = re.search(rf"([\d.]+(?:,\d+)?)\s*USD{re.escape(ro)}", text)
    assert m is not None, text
    return float(m.group(1).replace(".", "").replace(",", "."))


def _month_in(text: str) -> float:
    return _figure(text, "/month", "/lună")


def _per_gpu_hour_in(text: str) -> float:
    return _figure(text, "/h per GPU", "/oră pe GPU")


# -- 1. a month of serving, storage and egress stated, no GPU named ----------------------------


@pytest.mark.parametrize(("q", "storage_gb", "egress_gb", "model"), [
    ("monthly cost of serving llama 3.1 70b 12h/day incl. 500GB storage and 2TB egress",
     500.0, 2000.0, "llama-3.1-70b"),
    ("cât costă pe lună să servesc llama 3.1 70b 12 ore pe zi cu 500 GB stocare și 2 TB egress",
     500.0, 2000.0, "llama-3.1-70b"),
    ("monthly cost of serving llama 3.1 8b 12h/day with 200 GB of storage",
     200.0, None, "llama-3.1-8b"),
    ("cât costă pe lună să servesc llama 3.1 8b 12 ore pe zi cu 200 GB stocare",
     200.0, None, "llama-3.1-8b"),
])
def test_serving_month_with_storage_is_the_whole_month(q: str, storage_gb: float,
                                                       egress_gb: float | None,
                                                       model: str) -> None:
    r = ask(q)
    rec = recommend(RecommendationRequest(model=model, hours_per_day=12, storage_gb=storage_gb,
                                          egress_gb_per_month=egress_gb or 0,
                                          context_tokens=4096),
                    catalog(), TODAY, explain=False)
    lead = rec.options[0].cost
    assert r.intent == "cost"
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")
    assert value == pytest.approx(lead.per_month_usd)
    # the split after the total: GPU time, storage, egress
    assert lead.compute_per_month_usd and lead.compute_per_month_usd > 0
    assert lead.storage_per_month_usd and lead.storage_per_month_usd > 0
    en = r.lang == "en"
    gpu = (f"${lead.compute_per_month_usd:,.2f}" if en
           else f"{lead.compute_per_month_usd:,.2f}".replace(",", " ").replace(".", ",")
           .replace(" ", "."))
    assert gpu in head(r)


def test_a_storage_question_with_a_model_stays_storage() -> None:
    """Keeping a model's weights on a disk is storage; no GPU time is asked."""
    r = ask("how much to store llama 3.1 70b weights, 200 GB, for a month?")
    assert r.intent == "storage_egress"


# -- 2. a training setup's month: all its GPUs --------------------------------------------------


@pytest.mark.parametrize(("q", "count"), [
    ("how many A100 80GB for full finetune of llama 3.1 70b?", 16),
    ("câte A100 80GB pentru full finetune la llama 3.1 70b?", 16),
])
def test_training_setup_month_is_for_all_gpus(q: str, count: int) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", count)
    # machines of 8 joined by a fast network (the training rule): the cheapest per GPU
    per = min(v.on_demand_usd_h / v.gpu_count for v in catalog().views(TODAY)
              if v.gpu == "a100-sxm-80gb" and v.gpu_count == 8 and not v.stale
              and not v.suspect and v.on_demand_usd_h is not None
              and v.network in FAST_NETWORKS)
    text = head(r)
    assert _per_gpu_hour_in(text) == pytest.approx(per, abs=0.005)
    assert _month_in(text) == pytest.approx(per * count * 720, rel=0.002)


@pytest.mark.parametrize("q", ["how many gpus to full finetune llama 3.1 8b on a100 80gb",
                               "câte gpu-uri pentru full finetune llama 3.1 8b pe a100 80gb"])
def test_training_machine_month_is_the_machine(q: str) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", 2)
    machine = machine_price("a100-sxm-80gb", 2)
    assert _month_in(head(r)) == pytest.approx(machine * 720, rel=0.002)


# -- 3. a spot month with no trusted spot price --------------------------------------------------


def _trusted_on_demand_per_gpu(gpu: str) -> float:
    """The cheapest trusted on-demand price of one ``gpu`` rented alone (the 1 × GPU a month
    of one card is priced on)."""
    return min(v.on_demand_usd_h for v in catalog().views(TODAY)
               if v.gpu == gpu and v.gpu_count == 1 and not v.stale and not v.suspect
               and v.on_demand_usd_h is not None)


def _suspect_spot_providers(gpu: str) -> set[str]:
    views = [v for v in catalog().views(TODAY) if v.gpu == gpu and v.spot_usd_h is not None]
    assert views and all(v.stale or v.suspect for v in views)  # no trusted spot price
    return {v.provider for v in views}


# the RTX 4090's spot price at Daytona is trusted since a high price is judged against its
# seller's own (it was doubted as far above other providers' median): the L40's one spot
# price is still doubted, and keeps this case
@pytest.mark.parametrize("q", ["monthly cost of an L40 on spot 8 hours a day",
                               "cât costă pe lună un L40 spot 8 ore pe zi"])
def test_spot_month_without_a_trusted_spot_price(q: str) -> None:
    r = ask(q)
    suspect = _suspect_spot_providers("l40")
    quantity, value, unit = asked(r)
    assert "month" in quantity and unit == "USD"
    assert value == pytest.approx(_trusted_on_demand_per_gpu("l40") * 8 * 30)
    lead = first_sentence(r)
    assert not any(p in lead for p in suspect), lead
    assert "spot" in lead  # it says there is no trusted spot price


@pytest.mark.parametrize("q", ["monthly cost for mistral 7b on an L40 8 hours a day on spot",
                               "cât costă pe lună mistral 7b pe un L40 8 ore pe zi pe spot"])
def test_spot_month_for_a_model_without_a_trusted_spot_price(q: str) -> None:
    r = ask(q)
    suspect = _suspect_spot_providers("l40")
    quantity, value, unit = asked(r)
    assert "month" in quantity and unit == "USD"
    gpu_month = _trusted_on_demand_per_gpu("l40") * 8 * 30
    # the GPU time at the trusted on-demand price, plus a disk for the weights
    assert gpu_month <= value < gpu_month + 20
    assert not any(p in head(r).split(".")[0] for p in suspect)


@pytest.mark.parametrize(("q", "dearer"), [
    # spot is set against its own provider's on-demand price (buyer audit 27a #9, like for
    # like); the cheaper on-demand price is another provider's, said first
    ("monthly cost of an RTX 4090 on spot 8 hours a day",
     "On-demand at another provider costs less than spot here"),
    ("cât costă pe lună un RTX 4090 spot 8 ore pe zi",
     "La cerere la alt furnizor costă mai puțin decât spot aici"),
])
def test_spot_month_with_a_trusted_spot_price_above_on_demand(q: str, dearer: str) -> None:
    spot = min(v.spot_usd_h for v in catalog().views(TODAY)
               if v.gpu == "rtx-4090" and v.gpu_count == 1 and v.spot_usd_h is not None
               and not v.stale and not v.suspect)
    assert spot > _trusted_on_demand_per_gpu("rtx-4090")  # Daytona's, above openrelay's
    r = ask(q)
    assert first_sentence(r).startswith(dearer), head(r)


def test_spot_month_and_its_romanian_twin_agree() -> None:
    en = ask("monthly cost for mistral 7b on a 4090 8 hours a day on spot")
    ro = ask("cât costă pe lună mistral 7b pe un 4090 8 ore pe zi pe spot")
    assert asked(en) == asked(ro)


# -- 4. a million tokens for the users stated: the GPUs that hold them ---------------------------


def test_million_with_users_is_priced_on_the_gpus_that_hold_them() -> None:
    """32 users of Llama 3.1 70B at bf16 do not fit on 2 × H100 (the fewest that hold the
    weights): the million is priced on the count that holds them, at that load."""
    from service.domain.answer.numbers.context import gpu_count_for_users
    r = ask("cost per million tokens for llama 3.1 70b on h100 with 32 users?")
    got = gpu_count_for_users(catalog(), "llama-3.1-70b", None, "h100-sxm", 32, 2048)
    assert got is not None and got[0] > 2
    quantity, _, unit = asked(r)
    assert (quantity, unit) == ("per_million_output_tokens_usd", "USD")
    text = head(r)
    assert f"{got[0]} × NVIDIA H100" in text, text
    assert "32 concurrent users" in text, text
    # the hourly price said is that of the machine of that many GPUs
    assert f"${machine_price('h100-sxm', got[0]):,.2f}/h" in text, text


def test_million_with_users_that_fit_is_unchanged() -> None:
    r = ask("what is the cost per million tokens for llama 3.1 70b fp8 on 2 h100 with 20 "
            "concurrent users?")
    assert "2 × NVIDIA H100" in first_sentence(r)
    assert "20 concurrent users" in first_sentence(r)


# -- 5. the total throughput asked leads -------------------------------------------------------


@pytest.mark.parametrize("q", [
    "what total throughput do I get with 50 users for llama 3.1 8b on an h100?",
    "câți tokeni pe secundă în total obțin cu 50 de utilizatori pentru llama 3.1 8b pe un h100?",
])
def test_total_throughput_asked_leads_with_the_total(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("output_tokens_per_s", "tokens/s")
    assert r.numbers is not None and r.numbers.sizing is not None
    assert value > 1000  # thousands of tokens/s in total, not ~63 per user
    total = f"{value:,.0f}" if r.lang == "en" else f"{value:,.0f}".replace(",", ".")
    lead = first_sentence(r)
    assert total in lead, lead
    # the total comes before the per-user figure
    per_user = "per user" if r.lang == "en" else "pe utilizator"
    assert lead.index(total) < lead.index(per_user), lead


def test_per_user_speed_asked_stays_per_user() -> None:
    r = ask("tokens per second per user for llama 3.1 8b on an A100 80GB with 32 users?")
    assert asked(r)[0] == "output_tokens_per_s_per_user"


# -- 6. a price for N GPUs from machines that can be rented to make N ---------------------------


_SHARE = ("per GPU of a", "pe GPU dintr-o mașină")


@pytest.mark.parametrize("q", [
    "cost per million tokens for llama 3.1 8b on an L40S?",
    "cât costă pe zi să rulez llama 3.1 8b pe un L40S?",
    "how much is llama 3.1 8b on an L40S per hour?",
])
def test_one_l40s_is_priced_as_one_card_rented(q: str) -> None:
    """lium rents L40S only as 2- and 4-GPU machines: a share of one is no price for one card;
    one card alone is the cheapest single-GPU machine."""
    r = ask(q)
    text = head(r)
    assert not any(s in text for s in _SHARE), text
    one = machine_price("l40s", 1)
    money = f"${one:,.2f}/h" if r.lang == "en" else f"{one:,.2f}\u00a0USD/oră".replace(".", ",")
    assert money in text, text


def _cover_price(gpu: str, n: int) -> float:
    """The cheapest trusted on-demand price of whole machines of ``gpu`` that make at least
    ``n`` GPUs (independent replicas of one GPU each)."""
    return min(math.ceil(n / v.gpu_count) * v.on_demand_usd_h
               for v in catalog().views(TODAY)
               if v.gpu == gpu and not v.stale and not v.suspect
               and v.on_demand_usd_h is not None)


def test_replicas_are_priced_as_whole_machines() -> None:
    r = ask("how many L40S do I need to serve 10 requests per second of llama 3.1 8b?")
    n = int(asked(r)[1])
    text = head(r)
    assert not any(s in text for s in _SHARE), text
    assert f"${_cover_price('l40s', n):,.2f}/h" in text, text


# -- 7. a cost per day --------------------------------------------------------------------------


@pytest.mark.parametrize("q", ["how much per day to run llama 3.1 8b on one l40s?",
                               "cât costă pe zi să rulez llama 3.1 8b pe un L40S?"])
def test_cost_per_day_leads_with_the_day(q: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's side of a day asked (the classifier's "day" sub, stubbed here: reading
    "per day" is intent.py's): the daily cost leads, the hour times 24."""
    from service.domain.answer import compose
    monkeypatch.setattr(compose, "classify", lambda *a, **k: ("cost", "day"))
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_day_usd", "USD/day")
    assert value == pytest.approx(machine_price("l40s", 1) * 24)


# == ask_cost (2): precision said first, a steady token rate, the load of a price per token ==


def _precision_said(text: str) -> tuple[str, int] | None:
    """("awq-int4", 4) from "... with awq-int4 weights (4-bit; ..." or "... cu greutăți
    gptq-int4 (pe 4 biți; ..."; None where the first sentence says no such precision."""
    m = (re.search(r"with (\S+) weights \((\d+)-bit", text)
         or re.search(r"cu greutăți (\S+) \(pe (\d+) biți", text))
    return (m.group(1), int(m.group(2))) if m else None


@pytest.mark.parametrize("q", [
    "What does it cost per hour to serve Llama 3.1 70B on H100s?",
    "What does it cost per month to serve Llama 3.1 70B on H100s?",
    "Cât costă pe oră să servesc Llama 3.1 70B pe H100?",
])
def test_a_quantized_lead_says_its_precision_in_the_first_sentence(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    lead = r.numbers.recommendations[0].weights
    assert lead not in ("bf16", "fp16"), r.answer  # 70B on one H100 only quantized
    said = _precision_said(first_sentence(r))
    assert said is not None and said[0] == lead, first_sentence(r)
    assert said[1] in (4, 8), first_sentence(r)


def test_romanian_cheapest_match_says_gptq_first() -> None:
    r = ask("Ce GPU pentru Llama 3.1 70B?")
    s = first_sentence(r)
    # 4 x RTX 3090 at int8 since trainnet: 4 x V100 SXM2 at gptq-int4 (their quad's NVLink
    # rings, 100 GB/s each way, not 150) takes 2,020 ms to a first token, past the 2 s target
    assert "cu greutăți int8 (pe 8 biți; ale modelului sunt bf16)" in s, s


def test_a_default_precision_lead_says_nothing_more() -> None:
    r = ask("What does it cost per hour to serve Llama 3.1 8B on an L40S?")
    assert _precision_said(first_sentence(r)) is None, first_sentence(r)


def _steady_month(ctx: int = 4096, out: int = 512, tps: float = 2e6 / 3600) -> float:
    req = RecommendationRequest(model="llama-3.1-8b", weights="auto", workload="serving",
                                target_requests_per_s=tps / out, context_tokens=ctx,
                                output_tokens=out, top_n=3)
    rec = recommend(req, catalog(), TODAY, explain=False)
    month = rec.options[0].cost.per_month_usd
    assert month is not None
    return month


@pytest.mark.parametrize("q", [
    "We need 2M tokens per hour of Llama 3.1 8B, what does it cost per month?",
    "Avem nevoie de 2 milioane de tokeni pe oră de Llama 3.1 8B, cât costă pe lună?",
])
def test_an_hourly_token_rate_is_an_always_on_endpoint(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")
    assert value == pytest.approx(_steady_month(), rel=1e-6)
    s = first_sentence(r)
    assert "556" in s and "720" not in s, s
    assert ("always-on" in s) or ("pornit permanent" in s), s
    assert "720 times" not in head(r) and "720 de ori" not in head(r), head(r)


def test_a_nightly_batch_stays_a_job() -> None:
    r = ask("We run a batch of 2M tokens every night with Llama 3.1 8B, what does it cost "
            "per month?")
    assert "30 times a month" in first_sentence(r), first_sentence(r)


@pytest.mark.parametrize("q", [
    "What does it cost per million tokens to serve Llama 3.1 70B on an H200?",
    "What does it cost per million tokens to serve Llama 3.1 70B on H100s?",
    "Cât costă un milion de tokeni cu Llama 3.1 70B pe un H200?",
])
def test_a_price_per_token_says_the_load_it_is_computed_at(q: str) -> None:
    r = ask(q)
    text = head(r)
    s = first_sentence(r)
    assert "load: 1 concurrent" not in text and "încărcare: 1 (cereri" not in text, text
    m = (re.search(r"([\d,]+) concurrent requests of ([\d,]+) tokens", s)
         or re.search(r"([\d.]+) de cereri simultane de câte ([\d.]+) de tokeni", s))
    assert m is not None, s
    assert int(re.sub(r"[.,]", "", m.group(1))) > 1, s
