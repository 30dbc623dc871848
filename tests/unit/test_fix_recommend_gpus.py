"""POST /v1/recommendations' ``gpus`` filter, and /v1/ask carrying the GPU a question names
into its recommendation: "cheapest A100 at aws for llama 3.1 70b per month" answered with an
H100, and "cheapest T4 at gcp for llama 3.1 70b" with an L4 and A100s, because the
recommendations took no GPU filter and the writer fell back to their other GPUs.

On the shipped catalog: the filter matches names as GET /v1/offers' ``gpu`` does (a family
or a memory variant stands for every GPU of it), an unknown name is a 400 at ``$.gpus`` with
the nearest GPU ids, and where nothing fits among the GPUs named the answer says so (a reason,
the named GPUs' rejections) and never ranks another GPU."""

from __future__ import annotations

import pytest

from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, head

A100S = {"a100-pcie-40gb", "a100-pcie-80gb", "a100-sxm-40gb", "a100-sxm-80gb"}


def _rec(**kw: object) -> object:
    return recommend(RecommendationRequest(**kw), catalog(), TODAY)  # type: ignore[arg-type]


# -- the field --------------------------------------------------------------------------------


@pytest.mark.parametrize(("names", "allowed"), [
    (["A100"], A100S),                                   # a family: every A100
    (["a100 80gb"], {"a100-pcie-80gb", "a100-sxm-80gb"}),  # a memory variant: both 80 GB
    (["h100-sxm"], {"h100-sxm"}),                       # an id: that GPU alone
    (["NVIDIA L40S 48GB", "rtx 4090"], {"l40s", "rtx-4090"}),  # names, several
])
def test_only_the_gpus_named_are_ranked(names: list[str], allowed: set[str]) -> None:
    rec = recommend(RecommendationRequest(model="llama-3.1-8b", gpus=names, top_n=10),
                    catalog(), TODAY)
    assert rec.options, rec.reason
    assert {o.offer.gpu for o in rec.options} <= allowed
    assert {r.gpu for r in rec.rejected} <= allowed
    # the alternatives rerun the request with its filters: never another GPU either
    for a in rec.alternatives:
        if a.offer_id is not None:
            assert catalog().offers_by_id[a.offer_id].gpu in allowed, a


def test_without_the_filter_other_gpus_rank_first() -> None:
    """The filter changes the answer (the test above could not pass by accident)."""
    rec = recommend(RecommendationRequest(model="llama-3.1-8b", top_n=10), catalog(), TODAY)
    assert {o.offer.gpu for o in rec.options} - A100S


def test_the_filter_combines_with_providers() -> None:
    rec = recommend(RecommendationRequest(model="llama-3.1-70b", gpus=["A100"],
                                          providers=["aws"]), catalog(), TODAY)
    assert rec.options, rec.reason
    assert all(o.offer.gpu in A100S and o.offer.provider == "aws" for o in rec.options)


@pytest.mark.parametrize("bad", ["A1000x", "H10O", "not a gpu"])
def test_an_unknown_gpu_is_a_400_at_the_field_with_suggestions(bad: str) -> None:
    with pytest.raises(InvalidInput) as e:
        recommend(RecommendationRequest(model="llama-3.1-8b", gpus=["A100", bad]),
                  catalog(), TODAY)
    assert e.value.path == "$.gpus"
    assert "unknown GPU" in e.value.message and "GET /v1/gpus" in e.value.message


def test_suggestions_are_the_nearest_gpu_ids() -> None:
    with pytest.raises(InvalidInput) as e:
        recommend(RecommendationRequest(model="llama-3.1-8b", gpus=["H10O"]), catalog(), TODAY)
    assert "did you mean: h100-sxm" in e.value.message


def test_an_unknown_gpu_is_refused_before_other_filters_leave_nothing() -> None:
    """A misspelt name never reads as "nothing matched": the 400 comes whether or not any
    offer would have been filtered by it."""
    with pytest.raises(InvalidInput) as e:
        recommend(RecommendationRequest(model="llama-3.1-8b", gpus=["zz9000"],
                                        providers=["aws"], max_usd_per_hour=0.01),
                  catalog(), TODAY)
    assert e.value.path == "$.gpus"


def test_nothing_fits_among_the_gpus_named_is_said_never_another_gpu() -> None:
    """Llama 3.1 70B at bf16 (~131 GiB of weights) on one A100 40GB: no option, a memory
    reason, and the named GPU's offers listed with why (an L40S or H100 would be ranked
    without the filter)."""
    rec = recommend(RecommendationRequest(model="llama-3.1-70b", weights="bf16",
                                          gpus=["a100-sxm-40gb"], max_gpus_per_node=1),
                    catalog(), TODAY)
    assert rec.options == []
    assert rec.reason is not None and rec.reason.startswith("memory:"), rec.reason
    assert rec.rejected, "the named GPU's rejections say why it does not fit"
    assert {r.gpu for r in rec.rejected} == {"a100-sxm-40gb"}
    assert all(r.reason.startswith("needs ") for r in rec.rejected), rec.rejected
    unfiltered = recommend(RecommendationRequest(model="llama-3.1-70b", weights="bf16",
                                                 max_gpus_per_node=1), catalog(), TODAY)
    assert unfiltered.options  # another GPU would do: the filter is what left nothing


def test_a_gpu_with_no_offer_under_the_filters_says_the_filters_left_nothing() -> None:
    # the catalog has no TPU at aws: no offer passes the filters at all
    assert not any(o.gpu.startswith("tpu") and o.provider == "aws" for o in catalog().offers)
    rec = recommend(RecommendationRequest(model="llama-3.1-8b", gpus=["tpu-v6e"],
                                          providers=["aws"]), catalog(), TODAY)
    assert rec.options == []
    assert rec.reason is not None and "GPUs named" in rec.reason, rec.reason


# -- /v1/ask ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("q", "gpu_words", "others"), [
    ("cheapest A100 at aws for llama 3.1 70b per month", "A100", ("H100", "L40S", "H200")),
    ("cheapest T4 at gcp for llama 3.1 70b", "T4", ("L4 ", "A100", "H100")),
    ("cât costă pe lună un A100 la aws pentru llama 3.1 70b", "A100", ("H100", "L40S", "H200")),
])
def test_ask_keeps_the_gpu_named(q: str, gpu_words: str, others: tuple[str, ...]) -> None:
    r = ask(q)
    text = head(r)
    assert r.intent == "cost", text
    # every offer the answer quotes is the GPU asked for; where none is, it says so
    assert r.numbers is not None
    assert all(gpu_words in o.gpu for o in r.numbers.recommendations), (
        text, r.numbers.recommendations)
    assert not any(x in text for x in others), text
