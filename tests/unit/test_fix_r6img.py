"""/v1/ask's GPU counts from a number of users count the images per request (task r6img,
regress6 #2): "How many L4s for Llama 3.2 11B Vision with 20 images per request at 8 users?"
said 2 x L4 holding 24 requests each, sized as one image per request, while /v1/sizing of
the same load (20 images, 8 requests) says 2 x L4 do not fit (3 of the 8 requests) and 4 do.
Every count, fit and price derived from the users is now sized with the images, so the count
is /v1/sizing's fewest fitting count, in English and Romanian; without images it is as before."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.numbers.context import (
    ASK_OUTPUT_TOKENS,
    ASK_PROMPT_TOKENS,
    gpu_count_for_users,
)
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, head

MODEL = "llama-3.2-11b-vision"


def _size(count: int, images: int | None) -> SizingResult:
    req: dict[str, object] = {"model": MODEL, "gpu": "l4", "gpu_count": count, "batch_size": 8,
                              "input_tokens": ASK_PROMPT_TOKENS,
                              "output_tokens": ASK_OUTPUT_TOKENS}
    if images:
        req["images_per_request"] = images
    return size(msgspec.convert(req, SizingRequest), catalog())


def _fewest(images: int | None) -> int:
    """/v1/sizing's fewest L4s that hold 8 requests at once (counts 1, 2, 4: the widths a
    tensor-parallel replica takes)."""
    return next(n for n in (1, 2, 4, 8) if _size(n, images).fits)


def test_sizing_reference_figures() -> None:
    # the audit's figures: 2 x L4 hold 3 of the 8 requests with 20 images (29.3 GiB per
    # GPU against 20.2), 4 x L4 hold them (15.3 GiB per GPU); one image: 2 x L4 hold them
    two = _size(2, 20)
    assert not two.fits and two.max_batch_size == 3
    assert _fewest(20) == 4
    assert _fewest(None) == 2


def test_helper_counts_the_images() -> None:
    got = gpu_count_for_users(catalog(), MODEL, None, "l4", 8, ASK_PROMPT_TOKENS, images=20)
    assert got is not None
    assert got[0] == _fewest(20) == 4
    # each replica (4 GPUs, tensor parallel) holds what sizing says 4 x L4 hold at once
    four = _size(4, 20)
    assert got[3] == four.max_batch_size == 12
    # no images (or one, the catalog's entry): unchanged
    assert gpu_count_for_users(catalog(), MODEL, None, "l4", 8, ASK_PROMPT_TOKENS) == \
        gpu_count_for_users(catalog(), MODEL, None, "l4", 8, ASK_PROMPT_TOKENS, images=1)
    plain = gpu_count_for_users(catalog(), MODEL, None, "l4", 8, ASK_PROMPT_TOKENS)
    assert plain is not None and plain[0] == _fewest(None) == 2 and plain[3] == 24


@pytest.mark.parametrize(("question", "expect"), [
    ("How many L4s for Llama 3.2 11B Vision with 20 images per request at 8 users?",
     "needs 4 × NVIDIA L4 24GB: 1 replica (4 GPUs per replica), each can hold up to 12 "
     "requests of 4,096 tokens at once."),
    ("Câte L4 pentru Llama 3.2 11B Vision cu 20 de imagini per cerere la 8 utilizatori?",
     "are nevoie de 4 × NVIDIA L4 24GB: 1 replică (4 GPU-uri pe replică), fiecare poate ține "
     "până la 12 cereri de 4.096 de tokeni deodată."),
])
def test_count_from_users_with_images(question: str, expect: str) -> None:
    text = head(ask(question))
    assert expect in text
    assert f"{_fewest(20)} × NVIDIA L4 24GB" in text
    assert "2 × NVIDIA L4" not in text


@pytest.mark.parametrize(("question", "expect"), [
    ("How many L4s for Llama 3.2 11B Vision at 8 users?",
     "needs 2 × NVIDIA L4 24GB: 1 replica (2 GPUs per replica), each can hold up to 24 "
     "requests of 4,096 tokens at once."),
    ("Câte L4 pentru Llama 3.2 11B Vision la 8 utilizatori?",
     "are nevoie de 2 × NVIDIA L4 24GB: 1 replică (2 GPU-uri pe replică), fiecare poate ține "
     "până la 24 de cereri de 4.096 de tokeni deodată."),
])
def test_count_from_users_without_images_unchanged(question: str, expect: str) -> None:
    assert expect in head(ask(question))


@pytest.mark.parametrize("question", [
    "Llama 3.2 11B Vision, 20 images per request, 8 users: does an L4 fit? cheapest GPU?",
    "Llama 3.2 11B Vision, 20 images per request, 8 users on L4: what does it cost per hour?",
    "Llama 3.2 11B Vision, 20 de imagini per cerere, 8 utilizatori pe L4: cât costă pe oră?",
])
def test_price_from_users_with_images_is_for_the_fitting_count(question: str) -> None:
    text = head(ask(question))
    assert f"{_fewest(20)} × NVIDIA L4 24GB" in text
    assert "2 × NVIDIA L4" not in text


def test_speed_answer_count_with_images() -> None:
    text = head(ask("Llama 3.2 11B Vision, 20 images per request, 8 users on L4: how fast, "
                    "tokens per second?"))
    # 2 x L4 (the fewest that hold the weights) hold 3 of the 8, as sizing says; all 8 at
    # once need sizing's fewest fitting count
    assert "holds only 3 of the 8" in text
    assert "All 8 at once need 4 × NVIDIA L4 24GB (1 replica, 4 GPUs per replica)" in text
