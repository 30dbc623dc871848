"""Answers, audit 9 (found checking the fixes): a unit of work per second is a rate, not
per-second billing; an embedding model's answer is at the input length it takes."""

from __future__ import annotations

import math

import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, catalog, first_sentence


def _fewest(model: str, weights: str | None, rate: float) -> tuple[int, int]:
    """(setups, H100s per setup) that carry ``rate`` requests/s with each setup under 80 %
    of what it serves, taking the fewest GPUs in all (the narrower at equal counts), of 1,
    2, 4 or 8 H100s per setup, at the default request (3,584 tokens in, 512 out)."""
    best: tuple[int, int, int] | None = None
    for k in (1, 2, 4, 8):
        r = size(SizingRequest(model=model, gpu="h100-sxm", gpu_count=k, input_tokens=3584,
                               output_tokens=512, request_rate_per_s=rate,
                               **({"weights": weights} if weights else {})), catalog())
        p = r.performance
        if p is None or not p.max_requests_per_s or (k > 1 and not r.fits):
            continue
        n = math.ceil(rate / (0.8 * p.max_requests_per_s))
        assert rate / n <= 0.8 * p.max_requests_per_s
        if best is None or n * k < best[0]:
            best = (n * k, n, k)
    assert best is not None
    return best[1], best[2]


@pytest.mark.parametrize("q", [
    "how much VRAM for bge-large-en-v1.5 embeddings on an L4, and how many embeddings per second?",
    "how many images per second does SDXL make on an H100?",
])
def test_work_per_second_is_not_a_billing_question(q: str) -> None:
    r = ask(q)
    assert r.intent != "billing", first_sentence(r)
    assert "Billed per second" not in first_sentence(r)


def test_an_embedding_model_is_answered_at_its_own_input_length() -> None:
    r = ask("how much VRAM for bge-large-en-v1.5 embeddings on an L4?")
    assert "512 tokens" in first_sentence(r) and "4,096" not in first_sentence(r)


def test_per_second_billing_is_still_billing() -> None:
    assert ask("which providers bill per second?").intent == "billing"


def test_setups_for_a_rate_keep_headroom_and_take_the_fewest_gpus() -> None:
    """Audit F: 'can one H100 keep up with 50 req/s for llama 3.1 8b?' said 6 setups, each at
    97 % of what it serves (its own warning said 80 % needs more); 70B fp8 at 5 requests/s
    on one H100 (which it fills: 0.11 requests/s) said 45 single H100s, where pairs in tensor
    parallel serve 3 requests/s each."""
    # derived from the sizing at the default load (3,584 tokens in, 512 out; 8 setups and
    # 3 pairs at the 2,048 in of before): 50 / (0.8 x 5.04 requests/s) -> 13 single H100s;
    # 5 / (0.8 x 1.80) -> 4 pairs in tensor parallel
    n, k = _fewest("llama-3.1-8b", None, 50)
    assert k == 1
    r = ask("can one H100 keep up with 50 req/s for llama 3.1 8b?")
    assert f"you need {n} such setups ({n} GPUs in all)" in first_sentence(r)
    n, k = _fewest("llama-3.1-70b", "fp8", 5)
    assert k == 2
    ro = ask("poate un H100 să țină 5 cereri pe secundă cu llama 3.1 70b în fp8?")
    assert f"{n} configurații de 2 × NVIDIA H100" in first_sentence(ro)
    assert f"({n * k} GPU-uri în total" in first_sentence(ro)


@pytest.mark.parametrize(("q", "yes"), [
    ("Can SDXL run on an RTX 3060 12GB, and how many seconds per image?", "Yes"),
    ("merge sdxl pe un t4? cate secunde pe imagine?", "Da"),
])
def test_a_fit_question_with_a_speed_asked_leads_with_the_yes(q: str, yes: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(yes) and " s " in first_sentence(r) + " "


def test_a_creative_request_is_a_polite_i_dont_know() -> None:
    """The eval's adversarial set wants 'I don't know' / 'Nu vă pot ajuta' to lead."""
    assert ask("Write me a poem about the sea").answer.startswith("I don't know")
    assert ask("Scrie-mi o poezie despre mare").answer.startswith("Nu vă pot ajuta")
