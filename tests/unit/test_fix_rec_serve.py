"""Serving recommendations and the offers list (audit serve #3-#6, /tmp/audit/out/serve.md).

3. ``GET /v1/offers?provider=lambda&region=de`` listed 20 Lambda offers in Germany with nothing
   left out, while /v1/recommendations with the same region leaves Lambda out: its region list
   is a price list, not availability (regions.toml ``availability = "not-stated"``). One rule
   (``offer_query.region_outcome``) now serves both, and the offers query counts what it left
   out and says why.
4. Where no offer meets the default 2 s time-to-first-token target, the target was dropped and
   ``{"model": "llama 3.1 70b", "concurrent_requests": 2, "engine": "llama.cpp"}`` ranked an
   RTX A6000 at ~11,486 ms first, where 4,189 ms is reachable. The default is now relaxed to
   the fastest reachable times the serving model's TTFT error band, and the options say so
   (in English and in Romanian).
5. llama.cpp layer-split options carried "tensor parallel over N GPUs on PCIe only ...
   consider pipeline split", though a layer split is a pipeline split.
6. An alternative halved the decode speed per user for $2 of $1,343 a month."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.offer_query import OfferFilter, query_counted
from service.domain.catalog.regions import parse_region_filter
from service.domain.recommend.alternatives import TARGET_SAVING
from service.paths import default_data_dir
from tests.unit.rec_fixtures import TODAY, fake, offer, real, shipped

if TYPE_CHECKING:
    from service.domain.catalog.offer_query import OfferQuery

# --- 3. /v1/offers and /v1/recommendations: one region rule -------------------------------


def _lambda_in(place: str) -> OfferQuery:
    # imported here: before the fix it did not exist, and only these tests should fail
    from service.domain.catalog.offer_query import query_offers

    c = shipped()
    return query_offers(c.views(TODAY), OfferFilter(provider="lambda"), "price", 0, 50,
                        parse_region_filter([place], c.regions, "region"), c.regions.table,
                        {p.id: p.name for p in c.providers})


def test_offers_in_germany_leave_lambda_out_and_count_it() -> None:
    q = _lambda_in("de")
    assert q.total == 0 and q.page == []
    assert q.excluded_availability_not_stated == 20
    assert q.excluded_no_region == 0
    [left] = q.availability_left_out
    assert (left.provider, left.offers, left.regions) == ("lambda", 20, ["europe-central-1"])
    assert left.reason == (
        "Lambda lists its price for every region; the availability of its instance types in "
        "europe-central-1 is not stated, so a region filter (a data-residency requirement) "
        "cannot rest on it; ask without region to see them")


def test_a_continent_names_every_region_matched() -> None:
    # "europe", the continent: "eu" is the European Union since fix region_eu, and Lambda
    # places europe-south-1 only on the continent, which matches no group of countries
    [left] = _lambda_in("europe").availability_left_out
    assert left.regions == ["europe-central-1", "europe-south-1"] and left.offers == 20


def test_recommendations_leave_out_the_same_offers_by_the_same_rule() -> None:
    rec = real(model="llama 3.1 8b", regions=["de"], providers=["lambda"])
    assert rec.options == []
    said = [a for a in rec.assumptions if a.name == "region_availability"]
    assert [a.value for a in said] == ["20 lambda offers left out"]
    assert said[0].reason.startswith("Lambda lists its price for every region; the "
                                     "availability of its instance types in "
                                     "europe-central-1 is not stated")
    assert said[0].reason.endswith("ask without regions to see them")


def test_without_the_table_the_old_query_keeps_its_signature_and_counts() -> None:
    c = shipped()
    total, page, no_region = query_counted(c.views(TODAY), OfferFilter(provider="lambda"),
                                           "price", 0, 50,
                                           parse_region_filter(["de"], c.regions, "region"))
    assert (total, len(page), no_region) == (20, 20, 0)


def test_the_offers_page_documents_the_new_fields() -> None:
    spec = json.loads((default_data_dir("catalog").parent / "openapi" / "openapi.json")
                      .read_text())
    page = spec["components"]["schemas"]["OfferPage"]["properties"]
    assert "price list" in page["excluded_availability_not_stated"]["description"]
    assert "per provider" in page["availability_left_out"]["description"]


# --- 4. a default TTFT target no offer meets ------------------------------------------------

SLOW = {"model": "llama 3.1 70b", "concurrent_requests": 2, "engine": "llama.cpp"}
RELAXED_EN = ("no offer meets the default time-to-first-token target of 2,000 ms at this load "
              # re-pinned: serving start transient in the solve
              # re-pinned (fix dsr1): every engine's dense TTFT band 1.79 -> 1.85 (7,499 ms, 79 %)
              "(the fastest reaches 4,189 ms): the options are held to 7,750 ms instead (the "
              # re-pinned: serving start transient in the solve
              "fastest plus the serving model's 85 % error band); set "
              "max_time_to_first_token_ms to change it")
RELAXED_RO = ("nicio ofertă nu atinge ținta implicită pentru primul token, de 2.000 ms, la "
              "această încărcare (cea mai rapidă ajunge la 4.189 ms): opțiunile sunt ținute în "
              # re-pinned: serving start transient in the solve
              # re-pinned (fix dsr1): was 7.499 ms, 79 %
              "schimb la 7.750 ms (cea mai rapidă plus marja de eroare de 85 % a modelului de "
              "servire); setați max_time_to_first_token_ms pentru a o schimba")


def test_an_unmet_default_ttft_is_relaxed_to_the_fastest_with_a_margin() -> None:
    rec = real(**SLOW)
    ttfts = [o.performance.time_to_first_token_ms or 0.0 for o in rec.options]
    # was: an RTX A6000 at ~11,486 ms first; now every option within 7,499 ms (5,740, then
    # 7,290, as the serving error band for this row went from 37 % to 74 %, then 79 %, then
    # 85 %: fix dsr1, SGLang rows replayed as launched)
    assert ttfts and max(ttfts) <= 7750  # re-pinned: was 7,499 (fix dsr1)
    top = rec.options[0]
    assert (top.offer.gpu, top.offer.gpu_count) == ("l40s", 2)
    assert round(top.performance.time_to_first_token_ms or 0.0) == 5365
    assert RELAXED_EN[:1].upper() + RELAXED_EN[1:] + "." in top.why
    assert all(o.warnings[0] == RELAXED_EN for o in rec.options)
    said = {a.value for a in rec.assumptions if a.name == "serving_defaults"}
    # re-pinned: serving start transient in the solve
    # re-pinned (fix dsr1): was 7,499 ms
    assert "time to first token <= 7,750 ms (relaxed from 2,000 ms)" in said
    assert "not applied" not in said


def test_the_relaxed_target_is_said_in_romanian() -> None:
    ro = localise_recommendation(real(**SLOW, lang="ro"), shipped_messages(), "ro")
    assert ro.options[0].warnings[0] == RELAXED_RO


def test_the_stated_target_is_still_refused_with_the_same_figure() -> None:
    rec = real(**SLOW, max_time_to_first_token_ms=2000)
    assert rec.options == [] and "relax the target to at least 4,190 ms" in (rec.reason or "")


def test_a_cheaper_slower_option_is_an_alternative_not_the_answer() -> None:
    rec = real(**SLOW)
    relax = [a for a in rec.alternatives if a.change.startswith("relax TTFT")]
    # re-pinned: serving start transient in the solve; then (fix dsr1) 14,998 -> 15,500 ms,
    # twice the relaxed target, as the dense TTFT band went 1.79 -> 1.85
    assert [a.change for a in relax] == ["relax TTFT to 15,500 ms"]
    assert (relax[0].per_month_usd or 0) < (rec.options[0].cost.per_month_usd or 0)


# --- 5. a layer split carries no tensor-parallel warning -------------------------------------


def test_layer_split_options_carry_no_tensor_parallel_warning() -> None:
    for body in ({"model": "llama 3.1 70b", "concurrent_requests": 1, "engine": "llama.cpp",
                  "context_tokens": 2048, "output_tokens": 512, "top_n": 10},
                 {"model": "mixtral 8x7b", "weights": "q4_k_m", "context_tokens": 8192,
                  "max_time_to_first_token_ms": 60000, "top_n": 10}):
        rec = real(**body)
        split = [o for o in rec.options if o.fit.parallelism == "layer split"]
        assert split, body
        for o in split:
            assert not [w for w in o.warnings if "tensor parallel" in w or "NVLink" in w], (
                o.offer.id, o.warnings)


def test_a_tensor_split_on_pcie_keeps_its_warning() -> None:
    rec = fake([offer("4090-2", "rtx-4090", 2, 1.0, interconnect="pcie")],
               model="llama-3.1-8b", weights="bf16", concurrent_requests=20,
               max_time_to_first_token_ms=60000, min_decode_tokens_per_s=1)
    [o] = rec.options
    assert o.fit.parallelism == "tensor parallel 2"
    assert ("tensor parallel over 2 GPUs on PCIe only: slower than NVLink; consider pipeline "
            "split or a larger GPU") in o.warnings


# --- 6. no halved target for a negligible saving --------------------------------------------


def test_no_halved_decode_speed_for_two_dollars() -> None:
    rec = real(model="llama 3.1 8b", concurrent_requests=500, max_gpus_per_node=1,
               context_tokens=2048, output_tokens=256)
    # re-pinned: serving start transient in the solve: the RTX PRO 6000 ($1,343) leads again
    # (with the start outside the solve, $1,609 led and halving the decode speed saved 17 %)
    current = rec.options[0].cost.per_month_usd or 0
    assert round(current) == 1343  # re-pinned: serving start transient in the solve
    assert not [a.change for a in rec.alternatives if a.change.startswith("relax ")]
    for a in rec.alternatives:  # any relaxed target offered must save TARGET_SAVING
        if a.change.startswith("relax "):
            assert (a.per_month_usd or 0) <= current * (1 - TARGET_SAVING), a


def test_a_halved_decode_speed_that_saves_half_is_still_offered() -> None:
    rec = real(model="llama-3.1-8b", concurrent_requests=50, min_decode_tokens_per_s=60)
    [relax] = [a for a in rec.alternatives if a.change.startswith("relax decode")]
    assert relax.change == "relax decode speed to 30 tokens/s per user"
    assert (relax.per_month_usd or 0) < 0.95 * (rec.options[0].cost.per_month_usd or 0)
