"""Defects a seventh blind buyer audit of POST /v1/ask found (auditor B), each pinned in English
and Romanian where the wording matters: the region asked filters the offers quoted, a stated
length or usage is totalled, a reserved price is given beside the on-demand one, simple spec
and price look-ups answer with the figure, a GPU no offer lists gets no price, a provider the
catalog lacks is said so, spot never leads for work not said to be interruptible, a spot
notice is answered from the provider terms, and a reserved question quotes the reserved
passage.

The retrieval is a fake (see ``ask_fixtures``): the numbers come from the shipped catalog
through ``size()`` and ``recommend()``."""

from __future__ import annotations

import pytest

from service.domain.catalog.offer_query import in_regions
from service.domain.catalog.regions import parse_region_filter
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head


def _region_cheapest(gpu: str, values: list[str]) -> float:
    """The lowest trusted on-demand price per GPU of ``gpu`` placed in the region, as
    /v1/offers?region= filters (an offer whose place is unknown never matches)."""
    f = parse_region_filter(values, catalog().regions)
    placed = [v for v in catalog().views(TODAY)
              if v.gpu == gpu and v.on_demand_usd_h is not None and not v.stale
              and not v.suspect and in_regions(v, f) is not None]
    # one card: a single-GPU machine where one is rented there (task cost2: a share of a
    # larger machine is no price one card is rented at), else the share
    singles = [v.on_demand_usd_h for v in placed if v.gpu_count == 1]
    return min(singles or [v.on_demand_usd_h / v.gpu_count for v in placed])


def _cheapest(gpu: str, attr: str = "on_demand_usd_h") -> float:
    return min(getattr(v, attr) / v.gpu_count for v in catalog().views(TODAY)
               if v.gpu == gpu and getattr(v, attr) is not None and not v.stale
               and not v.suspect)


# -- H2. the region asked filters the offers, and the answer says it ---------------------------


@pytest.mark.parametrize(("q", "gpu", "values", "word"), [
    ("what is the cheapest H100 in Europe?", "h100-sxm", ["europe"], "Europe"),
    ("cel mai ieftin H100 in Europa", "h100-sxm", ["europe"], "Europa"),
    # fix/useast: "us-east" is the area (every provider's regions in the eastern US states,
    # and the ids that start with us-east), no longer the AWS/Lambda ids that start with it
    ("cheapest A100 80GB in us-east", "a100-sxm-80gb", ["us-east"],
     "the eastern United States"),
])
def test_the_region_asked_filters_the_offers(q: str, gpu: str, values: list[str],
                                             word: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_gpu_hour_usd"
    assert value == pytest.approx(_region_cheapest(gpu, values))
    assert value > _cheapest(gpu)  # the cheapest anywhere is outside the region
    assert word in head(r)


# -- H7. a stated length or usage is totalled -------------------------------------------------


@pytest.mark.parametrize("q", ["cat costa 8 ore pe un A100 80GB?",
                               "how much do 8 hours on an A100 80GB cost?"])
def test_a_stated_length_is_totalled(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(8 * _cheapest("a100-sxm-80gb"))


def test_hours_a_day_on_spot_is_a_month() -> None:
    r = ask("I want to run Llama 3.1 8B for 3 hours a day on spot, how much per month?")
    quantity, value, _ = asked(r)
    assert quantity == "spot_per_month_usd"
    assert "3 h/day, 30 days/month" in first_sentence(r)
    spot_h = float(first_sentence(r).split("GPU time at $")[1].split("/h")[0])
    assert value >= spot_h * 3 * 30  # plus the weights' disk
    assert value < spot_h * 3 * 30 + 10


@pytest.mark.parametrize("q", [
    "cât costă să transcriu 1000 de ore audio cu Whisper large v3?",
    "how much does it cost to transcribe 1000 hours of audio with Whisper large v3?",
])
def test_audio_hours_are_a_job_total(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    # not said to be interruptible: on-demand leads (test_ask_audit8)
    rec = recommend(RecommendationRequest(model="whisper-large-v3", workload="batch",
                                          job_audio_hours=1000, interruptible=False),
                    catalog(), TODAY, explain=False)
    assert value == pytest.approx(rec.options[0].cost.per_job_usd)
    assert ("1.000" if r.lang == "ro" else "1,000") in first_sentence(r)


# -- H8. a reserved price asked ---------------------------------------------------------------


@pytest.mark.parametrize("q", ["how much is an H100 reserved for 1 year per hour?",
                               "cât costă pe oră un H100 rezervat?"])
def test_a_reserved_price_is_given_beside_on_demand(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    reserved = min(v.reserved_usd_h / v.gpu_count for v in catalog().views(TODAY)
                   if v.gpu == "h100-sxm" and v.reserved_usd_h is not None)
    assert quantity == "reserved_per_gpu_hour_usd"
    assert value == pytest.approx(reserved)
    od = _cheapest("h100-sxm")
    assert reserved > od
    text = head(r)
    # compared with the on-demand price at the same provider (audit cost 9: it was compared
    # with another provider's), the cheapest on-demand elsewhere in a sentence of its own
    assert ("on-demand there" if r.lang == "en" else "la cerere acolo") in text, text
    assert ("on-demand there is cheaper still" if r.lang == "en"
            else "prețul la cerere de acolo este și mai ieftin") in text, text


def test_on_demand_vs_reserved_month() -> None:
    r = ask("how much do 8 H100s cost per month on-demand vs reserved?")
    # whole machines (task storage_misc): hyperstack reserves H100s one to a machine
    assert ("Reserved at hyperstack, 8 machines of 1 × NVIDIA H100 SXM5 80GB, joined over the "
            "network") in head(r), head(r)
    assert "$2.72/h per GPU" in head(r), head(r)
    assert "against $3.20/h on-demand there" in head(r), head(r)
    assert "on-demand there is cheaper still" in head(r), head(r)


def test_no_reserved_price_is_said() -> None:
    r = ask("how much is an RTX 4090 reserved per hour?")
    assert "no reserved price for NVIDIA GeForce RTX 4090" in head(r)


# -- H10. simple spec and price look-ups ------------------------------------------------------


@pytest.mark.parametrize("q", ["cat vram are un rtx 4090?", "how much VRAM does an RTX 4090 have?"])
def test_a_cards_memory(q: str) -> None:
    r = ask(q)
    assert asked(r) == ("gpu_memory_gb", catalog().registry.gpus["rtx-4090"].memory_gb, "GB")
    assert "24 GB" in first_sentence(r)


@pytest.mark.parametrize("q", ["how much memory bandwidth does an H100 SXM have?",
                               "ce lățime de bandă are memoria unui H100 SXM?"])
def test_a_cards_bandwidth(q: str) -> None:
    r = ask(q)
    bw = catalog().registry.gpus["h100-sxm"].bandwidth_gb_s
    assert asked(r) == ("memory_bandwidth_gb_s", bw, "GB/s")
    assert ("3.35 TB/s" if r.lang == "en" else "3,35 TB/s") in first_sentence(r)


@pytest.mark.parametrize("q", ["how much is an RTX 4090 spot per hour?",
                               "cat costa pe ora un rtx 4090 spot?"])
def test_a_spot_price(q: str) -> None:
    """The RTX 4090's only spot prices are Daytona's ($1.275/h), doubted as 6.5 x the
    market's median until buyer audit 27a #3 (a price far above other providers' is no
    doubt by itself) and trusted since: the answer prices that spot price against the
    cheapest trusted on-demand one, which costs less, so spot saves nothing."""
    r = ask(q)
    views = [v for v in catalog().views(TODAY) if v.gpu == "rtx-4090"]
    spot = min(v.spot_usd_h / v.gpu_count for v in views
               if v.spot_usd_h is not None and not v.suspect and not v.stale)
    trusted = min(v.on_demand_usd_h / v.gpu_count for v in views
                  if v.on_demand_usd_h is not None and not v.suspect and not v.stale)
    assert (spot, trusted) == (1.275, pytest.approx(0.29))
    # like for like (buyer audit 27a #9): against the same offer's on-demand price, and the
    # cheaper on-demand price elsewhere said beside it as a different offer
    own = next(v.on_demand_usd_h for v in views if v.spot_usd_h == spot)
    assert own == pytest.approx(2.20, abs=0.005)
    said = head(r).replace("\u00a0", " ")
    assert (("spot costs about $1.28/h against $2.20/h on-demand" in said
            and "On-demand costs $0.29/h at" in said)
            or ("spot costă aproximativ 1,28 USD/oră față de 2,20 USD/oră la cerere" in said
            and "0,29 USD/oră" in said)), said


@pytest.mark.parametrize("q", [
    "ce e mai ieftin la milionul de tokeni pentru llama 8b: L4 sau A10G?",
    "which is cheaper per million tokens for llama 8b: L4 or A10G?",
])
def test_cost_per_million_compared(q: str) -> None:
    r = ask(q)
    quantity, _, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd"
    assert r.intent == "compare"


@pytest.mark.parametrize("q", [
    "what batch size can I run for Llama 3.1 8B on an A10G with 4k context?",
    "ce batch size pot rula pentru Llama 3.1 8B pe un A10G cu context de 4k?",
])
def test_a_batch_size(q: str) -> None:
    r = ask(q)
    # "4k context" is prompt and output together (as /v1/recommendations' context_tokens)
    res = size(SizingRequest(model="llama-3.1-8b", gpu="a10g", input_tokens=4096 - 512,
                             output_tokens=512), catalog())
    assert asked(r) == ("max_batch_size", res.max_batch_size, "requests")


# -- M7. no price, no forecast ----------------------------------------------------------------


@pytest.mark.parametrize(("q", "name"), [
    ("how much does a TPU v5e cost per hour?", "TPU v5e"),
    ("ce pret are un Gaudi 3 pe ora?", "Gaudi 3"),
])
def test_a_gpu_without_offers_has_no_price(q: str, name: str) -> None:
    r = ask(q)
    assert name in first_sentence(r)
    assert "no price" in first_sentence(r) or "niciun preț" in first_sentence(r)
    assert "$" not in head(r) and "USD" not in head(r)


def test_prices_are_not_forecast() -> None:
    r = ask("what will H100 prices be next year?")
    assert "don't forecast" in first_sentence(r)
    assert asked(r)[1] == pytest.approx(_cheapest("h100-sxm"))
    assert "Price date" in head(r)


# -- M8. a provider the catalog lacks ---------------------------------------------------------


@pytest.mark.parametrize("q", ["how much does an H100 cost per hour at Hetzner?",
                               "cât costă pe oră un H100 la Hetzner?"])
def test_an_unknown_provider_is_said(q: str) -> None:
    r = ask(q)
    assert "Hetzner" in first_sentence(r)
    assert "not in the catalog" in first_sentence(r) or "nu este în catalog" in first_sentence(r)


# -- M9. spot leads only for interruptible work -----------------------------------------------


@pytest.mark.parametrize("q", ["cheapest GPU for SDXL",
                               "ce placa e cea mai ieftina pentru stable diffusion xl?",
                               "ce GPU pentru Whisper large?"])
def test_spot_does_not_lead(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations
    assert r.numbers.recommendations[0].pricing_model != "spot"
    assert "(spot)" not in first_sentence(r)
    assert "Spot:" in head(r)


# -- M10. spot notice -------------------------------------------------------------------------


def test_spot_notice_from_the_provider_terms() -> None:
    r = ask("what happens when an AWS spot instance is interrupted, how much notice?")
    notice = catalog().providers_by_id["aws"].spot_notice_s
    assert asked(r) == ("spot_notice_s", notice, "s")
    assert "120 s" in first_sentence(r)
    assert r.passages and r.passages[0].id == "spot-interruption-notice"


def test_spot_notice_unknown_is_said() -> None:
    r = ask("cât timp de avertizare am la spot pe GCP?")
    assert catalog().providers_by_id["gcp"].spot_notice_s is None
    assert "nu are perioada de preaviz spot pentru Google Cloud" in first_sentence(r)
    assert r.passages and r.passages[0].id == "spot-interruption-notice"


# -- M12. the reserved passage ----------------------------------------------------------------


@pytest.mark.parametrize("q", ["merita sa iau rezervat pe 1 an pentru H100?",
                               "is it worth reserving an H100 for 1 year?"])
def test_the_reserved_passage_answers(q: str) -> None:
    r = ask(q)
    assert r.passages and r.passages[0].id == "reserved-committed-capacity"
