"""A VRAM question about a cross-attention vision model with images per user is the memory
asked, at the model's own precision, with each user's image cache sized (audit visionvram22).

1. "Llama 3.2 11B Vision: VRAM needed for 8 users with one image each?" was "For 8 concurrent
   users, Meta Llama 3.2 11B Vision at int8 needs 1 x NVIDIA GeForce RTX 3090 24GB (the
   cheapest setup in the catalog: openrelay, $0.18/h)", asked = gpu_count: "VRAM needed for 8
   users" was read as a GPU count (only "VRAM for 8 users" was the memory). Now "... at bf16
   needs about 27.0 GiB in total", asked = total_gib, the sizing core's figure for 8 requests
   of one image each (its default: the image's cross-attention KV, 0.20 GiB a request, is in
   the 5.6 GiB KV cache of the 8 users).
2. An image count said in words or with "each"/"fiecare" ("one image each", "an image each",
   "cu o imagine fiecare", "cu câte o imagine", "2 imagini fiecare") is sizing's
   ``images_per_request``: it was not read, so the answer never said the images were sized
   and "two images each" was sized with one (27.0 GiB, not 28.6).

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_VISION = "llama-3.2-11b-vision"
_EN = "Llama 3.2 11B Vision: VRAM needed for 8 users with one image each?"
_RO = "Llama 3.2 11B Vision: câtă VRAM trebuie pentru 8 utilizatori cu o imagine fiecare?"


def _sized_gib(images: int) -> float:
    """The sizing core's total for 8 requests in flight at the model's bf16."""
    req = msgspec.convert({"model": _VISION, "batch_size": 8, "images_per_request": images},
                          SizingRequest)
    return size(req, catalog()).memory.total_gib


@pytest.mark.parametrize(("question", "images"), [
    (_EN, 1), (_RO, 1),
    ("Llama 3.2 11B Vision, 8 users with an image each: how much VRAM?", 1),
    ("Llama 3.2 11B Vision: VRAM needed for 8 users with two images each?", 2),
    ("Llama 3.2 11B Vision: câtă VRAM pentru 8 utilizatori cu câte o imagine?", 1),
    ("Llama 3.2 11B Vision: câtă VRAM pentru 8 utilizatori cu 2 imagini fiecare?", 2),
    ("Llama 3.2 11B Vision: câtă VRAM pentru 8 utilizatori cu 3 imagini per cerere?", 3),
    ("Llama 3.2 11B Vision: câtă VRAM pentru 8 utilizatori, 1 imagine per cerere?", 1),
    ("How much VRAM for Llama 3.2 11B Vision with 4 images per request?", 4),
])
def test_images_each_are_read(question: str, images: int) -> None:
    assert stated(question, catalog().registry).images_per_request == images


@pytest.mark.parametrize("question", [
    "Llama 3.2 11B Vision: VRAM needed for 8 users?",
    "Llama 3.2 11B Vision: how much VRAM for 8 users, an answer each?",
    "How much does it cost to generate one image each second with SDXL?",
])
def test_no_images_per_request_where_none_are_said(question: str) -> None:
    assert stated(question, catalog().registry).images_per_request is None


@pytest.mark.parametrize("question", [
    _EN, _RO, "Llama 3.2 11B Vision: VRAM needed for 8 users?",
    "Llama 3.2 11B Vision: VRAM required for 8 users?",
    "Llama 3.2 11B Vision: VRAM necesar pentru 8 utilizatori cu o imagine fiecare?",
])
def test_vram_needed_for_users_is_the_memory(question: str) -> None:
    r = ask(question)
    assert r.intent == "memory", r.answer
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("total_gib", "GiB"), r.answer
    assert value == pytest.approx(_sized_gib(1), abs=0.01)  # 26.99 GiB: one image per request
    first = first_sentence(r)
    assert "bf16" in first and "$" not in first and "USD" not in first, first
    assert ("27.0 GiB" in first) or ("27,0 GiB" in first), first


@pytest.mark.parametrize(("question", "said"), [
    (_EN, "Sized with 1 image per request"), (_RO, "Calculat cu 1 imagine per cerere"),
])
def test_the_image_sized_is_said(question: str, said: str) -> None:
    assert said in head(ask(question))


@pytest.mark.parametrize("question", [
    "Llama 3.2 11B Vision: VRAM needed for 8 users with two images each?",
    "Llama 3.2 11B Vision: câtă VRAM pentru 8 utilizatori cu 2 imagini fiecare?",
])
def test_two_images_each_add_a_second_images_cache(question: str) -> None:
    r = ask(question)
    assert r.intent == "memory", r.answer
    quantity, value, _ = asked(r)
    assert quantity == "total_gib"
    # 27.0 GiB + 8 users x 0.195 GiB of one more image's cross-attention KV: 28.6 GiB
    assert value == pytest.approx(_sized_gib(2), abs=0.01)
    assert value == pytest.approx(28.56, abs=0.01)
