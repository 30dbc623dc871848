"""Audit buyer18a #4, #5, #11, #12 in the core (HTTP: tests/http/test_fix_apierrors.py).

- An allow-list (``providers``, ``gpus``, ``regions``) holds at least one name; an exclude
  list may be empty.
- ``NotFound`` carries the body path of the value it names, so the adapter answers a 400 there.
- ``width``, ``height``, ``steps`` on a model that makes no images, and ``training_tokens`` on
  inference, are refused by sizing as by the recommendations (one check, one message).
- An offer filter takes several providers and providers to leave out.
"""

from __future__ import annotations

import datetime as dt

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.offer_query import OfferFilter, matches
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput, NotFound
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 5)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


@pytest.mark.parametrize("field", ["providers", "gpus", "regions"])
def test_an_allow_list_is_never_empty(field: str) -> None:
    with pytest.raises(msgspec.ValidationError, match=rf"length >= 1 - at `\$.{field}`"):
        msgspec.convert({"model": "llama-3.1-8b", field: []}, RecommendationRequest)
    msgspec.convert({"model": "llama-3.1-8b", "exclude_providers": []}, RecommendationRequest)


def test_not_found_at_a_path_keeps_the_name_and_suggestions() -> None:
    plain = NotFound("gpu", "H1000", ["h100-sxm"])
    at = plain.at("$.gpus[1]")
    assert plain.path is None and at.path == "$.gpus[1]"
    assert (at.kind, at.name, at.suggestions, str(at)) == (
        plain.kind, plain.name, plain.suggestions, str(plain))


@pytest.mark.parametrize(("field", "value"), [("steps", 30), ("width", 512), ("height", 512)])
def test_image_fields_on_an_llm_are_refused_alike(catalog: Catalog, field: str,
                                                  value: int) -> None:
    with pytest.raises(InvalidInput) as sized:
        size(msgspec.convert({"model": "llama-3.1-8b", "gpu": "h100-sxm", field: value},
                             SizingRequest), catalog)
    with pytest.raises(InvalidInput) as ranked:
        recommend(msgspec.convert({"model": "llama-3.1-8b", field: value},
                                  RecommendationRequest), catalog, TODAY)
    assert sized.value.path == ranked.value.path == f"$.{field}"
    assert sized.value.message == ranked.value.message
    assert "applies to diffusion models" in sized.value.message
    assert "training" not in sized.value.message  # was "or to training", which steps are not


def test_training_tokens_on_inference_are_refused_by_sizing(catalog: Catalog) -> None:
    with pytest.raises(InvalidInput) as refused:
        size(msgspec.convert({"model": "llama-3.1-8b", "gpu": "h100-sxm",
                              "training_tokens": 1e6}, SizingRequest), catalog)
    assert refused.value.path == "$.training_tokens"


def test_an_offer_filter_takes_several_providers_and_exclusions(catalog: Catalog) -> None:
    views = catalog.views(TODAY)
    two = OfferFilter(providers=frozenset({"runpod", "aws"}))
    rest = OfferFilter(exclude_providers=frozenset({"runpod", "aws"}))
    picked = [v for v in views if matches(v, two)]
    left = [v for v in views if matches(v, rest)]
    assert {v.provider for v in picked} == {"runpod", "aws"}
    assert len(picked) + len(left) == len(views)
    assert not {"runpod", "aws"} & {v.provider for v in left}
