"""A GPU name with a memory size or form factor matches the same cards in any word order, as
the README promises for ``GET /v1/offers?gpu=`` ("``H100 80GB``: the SXM and the PCIe; ``A100
SXM`` ... in any word order"), and every route that reads GPU names agrees.

"80GB H100" matched the H100 SXM alone (its alias "H100 80GB" in another order) where "H100
80GB" matched the SXM and the PCIe; "PCIe A100" one PCIe card where "A100 PCIe" matched both;
"SXM A100" was a 404 where "A100 SXM" matched both SXM cards: the variant words were only read
after the product's words. The expected sets are the documented order's, read from the shipped
catalog, never typed in; each is checked to be a family first so that the test cannot pass on
two empty answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.domain.catalog.registry import Registry
from service.domain.recommend.context import gpu_ids
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog

README = Path(__file__).resolve().parents[2] / "README.md"

REORDERED = [
    ("80GB H100", "H100 80GB"),
    ("80 GB H100", "H100 80GB"),
    ("80GB A100", "A100 80GB"),
    ("PCIe A100", "A100 PCIe"),
    ("SXM A100", "A100 SXM"),
    ("40GB SXM A100", "A100 SXM 40GB"),
    ("NVIDIA 80GB H100", "NVIDIA H100 80GB"),
]


def _registry() -> Registry:
    return catalog().registry


@pytest.mark.parametrize(("reordered", "documented"), REORDERED)
def test_the_variant_words_before_the_product_match_the_same_cards(
        reordered: str, documented: str) -> None:
    reg = _registry()
    want = reg.gpu_names.variants(documented)
    assert want, f"{documented!r} names no variant: the test's premise is gone"
    assert reg.gpu_names.variants(reordered) == want
    assert reg.gpu_family(reordered) == reg.gpu_family(documented)


@pytest.mark.parametrize(("reordered", "documented"), REORDERED)
def test_every_route_reads_the_reordered_name_as_the_documented_one(
        reordered: str, documented: str) -> None:
    reg = _registry()
    # the offers' ``gpu`` filter and the recommendations' ``gpus``: every card matched
    assert gpu_ids(reg, [reordered], "$.gpus") == gpu_ids(reg, [documented], "$.gpus")
    # /v1/gpus/{name} and sizing: the one card an alias names, or none (a 404 listing them)
    one = reg.find_gpu(documented)
    got = reg.find_gpu(reordered)
    assert (got.id if got else None) == (one.id if one else None)


def test_a_recommendation_for_80gb_h100_ranks_the_pcie_as_for_h100_80gb() -> None:
    def cards(name: str) -> set[str]:
        rec = recommend(RecommendationRequest(model="llama-3.1-8b", gpus=[name], top_n=50),
                        catalog(), TODAY)
        return {o.offer.gpu for o in rec.options}

    documented = cards("H100 80GB")
    assert "h100-pcie" in documented, "no H100 PCIe offer ranked: the test's premise is gone"
    assert cards("80GB H100") == documented


@pytest.mark.parametrize("name", ["80GB A100 Ti", "SXM Ti A100", "PCIe"])
def test_a_word_that_is_no_variant_word_still_matches_no_family(name: str) -> None:
    assert _registry().gpu_family(name) == []


def test_the_readme_names_a_family_that_really_is_a_404_on_v1_gpus() -> None:
    """GET /v1/gpus/{name} answers the card an alias names and 404s (listing the variants)
    only a family name no alias names: the README's example must be such a name."""
    text = README.read_text(encoding="utf-8")
    m = re.search(r"a family name no alias names \(`([^`]+)`\) is a 404", text)
    assert m, "the README sentence is gone"
    reg = _registry()
    assert len(reg.gpu_family(m[1])) > 1 and reg.find_gpu(m[1]) is None, m[1]


@pytest.mark.parametrize(("name", "took", "others"), [
    ("A100 PCIe", "a100-pcie-80gb", ["NVIDIA A100 PCIe 40GB"]),
    ("A100 80GB", "a100-sxm-80gb", ["NVIDIA A100 PCIe 80GB"]),
])
def test_sizing_says_which_card_a_family_name_took_and_the_others(
        name: str, took: str, others: list[str]) -> None:
    import msgspec

    from service.domain.sizing.requests import SizingRequest
    from service.domain.sizing.sizing import size

    r = size(msgspec.convert({"model": "llama-3.1-8b", "gpu": name}, SizingRequest),
             catalog())
    assert r.gpu is not None and r.gpu.id == took
    said = [a for a in r.assumptions if a.name == "gpu_variant"]
    assert len(said) == 1 and said[0].value == took, r.assumptions
    for other in others:
        assert other in said[0].reason, said[0].reason
    # one card named: nothing to say
    one = size(msgspec.convert({"model": "llama-3.1-8b", "gpu": took}, SizingRequest), catalog())
    assert not [a for a in one.assumptions if a.name == "gpu_variant"]


@pytest.mark.parametrize("name", ["A100 SXM", "SXM A100", "A100 SXM4", "SXM4 A100"])
def test_sizing_takes_the_smallest_card_of_a_family_no_alias_names(name: str) -> None:
    """/v1/recommendations read "A100 SXM" as both SXM cards, /v1/sizing was a 404: it now
    sizes the one with the least memory and says so."""
    import msgspec

    from service.domain.sizing.requests import SizingRequest
    from service.domain.sizing.sizing import size

    r = size(msgspec.convert({"model": "llama-3.1-8b", "gpu": name}, SizingRequest),
             catalog())
    assert r.gpu is not None and r.gpu.id == "a100-sxm-40gb"
    said = next(a for a in r.assumptions if a.name == "gpu_variant")
    assert "least memory" in said.reason and "NVIDIA A100 SXM4 80GB" in said.reason
