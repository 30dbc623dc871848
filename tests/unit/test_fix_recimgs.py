"""/v1/recommendations takes ``images_per_request`` as /v1/sizing does: a cross-attention
vision model (Llama 3.2 11B Vision) caches each image's cross-attention KV in every request, so
a recommendation for 4 images per request sizes the same GiB per GPU as /v1/sizing with 4
images, not one; a model without that cache is warned, as sizing warns; /v1/ask passes the
images a question states to its recommendations."""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, head

TODAY = dt.date(2026, 12, 3)
VISION = "llama-3.2-11b-vision"
IGNORED = ("images_per_request ignored: Meta Llama 3.1 8B has no cross-attention image cache; an "
           "image's tokens are part of its context_tokens")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _recommend(catalog: Catalog, **body: object) -> Recommendation:
    base: dict[str, object] = {"weights": "bf16", "gpus": ["h100-sxm"], "top_n": 3}
    return recommend(msgspec.convert({**base, **body}, RecommendationRequest), catalog, TODAY)


def _sized_gib(catalog: Catalog, **body: object) -> float:
    # the recommendation's default request: 4,096 tokens of context, 512 of them output
    base: dict[str, object] = {"weights": "bf16", "gpu": "h100-sxm", "input_tokens": 3584,
                               "output_tokens": 512}
    return size(msgspec.convert({**base, **body}, SizingRequest), catalog).memory.total_gib


def test_four_images_size_as_sizing_does(catalog: Catalog) -> None:
    four = _recommend(catalog, model=VISION, images_per_request=4)
    one = _recommend(catalog, model=VISION, images_per_request=1)
    assert four.options and one.options
    fit4, fit1 = four.options[0].fit, one.options[0].fit
    assert fit4.parallelism == fit1.parallelism == "single GPU per replica"
    sized4 = _sized_gib(catalog, model=VISION, images_per_request=4)
    sized1 = _sized_gib(catalog, model=VISION, images_per_request=1)
    assert sized4 == pytest.approx(22.71, abs=0.01)  # 22.13 + 3 x 0.195 GiB
    assert fit4.per_gpu_used_gib == pytest.approx(sized4, abs=0.01)  # was 22.13, one image
    assert fit1.per_gpu_used_gib == pytest.approx(sized1, abs=0.01)
    assert fit4.per_gpu_used_gib - fit1.per_gpu_used_gib == pytest.approx(3 * 0.195, abs=0.005)


def test_images_are_echoed_in_the_assumptions(catalog: Catalog) -> None:
    four = _recommend(catalog, model=VISION, images_per_request=4)
    note = next(a for a in four.assumptions if a.name == "images_per_request")
    assert note.value == "4"
    assert "6,404 tokens" in note.reason and "8 cross-attention layers" in note.reason
    assert "0.20 GiB an image" in note.reason
    plain = _recommend(catalog, model=VISION)
    assert all(a.name != "images_per_request" for a in plain.assumptions)


def test_many_users_with_images_need_more_gpus(catalog: Catalog) -> None:
    # 300 users x 4 images: 3 x 0.195 GiB more KV each, ~176 GiB in all
    body: dict[str, object] = {"model": VISION, "concurrent_requests": 300}
    four = _recommend(catalog, images_per_request=4, **body)
    one = _recommend(catalog, **body)
    assert four.options and one.options
    gpus4 = four.options[0].offer.gpu_count * four.options[0].nodes
    gpus1 = one.options[0].offer.gpu_count * one.options[0].nodes
    assert gpus4 > gpus1


@pytest.mark.parametrize("bad", [0, 101])
def test_images_per_request_has_sizings_bounds(bad: int) -> None:
    for t in (RecommendationRequest, SizingRequest):
        assert msgspec.convert({"model": VISION, "images_per_request": 100},
                               t).images_per_request == 100
        with pytest.raises(msgspec.ValidationError, match="images_per_request"):
            msgspec.convert({"model": VISION, "images_per_request": bad}, t)


def test_a_model_without_cross_attention_warns_as_sizing_does(catalog: Catalog) -> None:
    r = _recommend(catalog, model="llama-3.1-8b", images_per_request=2)
    plain = _recommend(catalog, model="llama-3.1-8b")
    assert r.options
    assert all(IGNORED in o.warnings for o in r.options), r.options[0].warnings
    assert r.options[0].fit.per_gpu_used_gib == plain.options[0].fit.per_gpu_used_gib
    sized = size(msgspec.convert({"model": "llama-3.1-8b", "images_per_request": 2},
                                 SizingRequest), catalog)
    assert any(w.startswith("images_per_request ignored: Meta Llama 3.1 8B has no cross-attention "
                            "image cache") for w in sized.warnings)
    ro = localise_recommendation(r, shipped_messages(), "ro")
    assert ("images_per_request ignorat: Meta Llama 3.1 8B nu are cache de imagini pentru atenția "
            "încrucișată; tokenii unei imagini fac parte din context_tokens"
            in ro.options[0].warnings)


def test_ask_passes_the_images_to_its_recommendation() -> None:
    four = ask("Which GPU should I rent for Llama 3.2 11B Vision with 4 images per request "
               "and 300 concurrent users?")
    one = ask("Which GPU should I rent for Llama 3.2 11B Vision and 300 concurrent users?")
    assert four.numbers is not None and one.numbers is not None
    assert four.numbers.recommendations and one.numbers.recommendations
    text = head(four).replace("\xa0", " ")
    assert "Sized with 4 images per request" in text, text
    top4, top1 = four.numbers.recommendations[0], one.numbers.recommendations[0]
    assert (top4.gpu_count * top4.nodes, top4.offer_id) != (top1.gpu_count * top1.nodes,
                                                             top1.offer_id)
    ro = ask("Ce GPU să închiriez pentru Llama 3.2 11B Vision cu 4 imagini per cerere și 300 de "
             "utilizatori simultan?")
    assert "Calculat cu 4 imagini per cerere" in head(ro).replace("\xa0", " ")
