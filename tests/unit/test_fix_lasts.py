"""How long a budget lasts on any priced setup (a model on N GPUs, a recommended option, an
image model), "0 new tokens" timed as the prefill, and a range of users sized for its top
(audit regress8 #5, #6 and a low item)."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize(("q", "budget", "said"), [
    ("How long would $1,000 last serving Llama 3.1 70B on 2 H100s?", 1000.0,
     "With $1,000, 2 × NVIDIA H100 SXM5 80GB for Meta Llama 3.1 70B at bf16 runs for about "
     "388 hours at $2.58/h (on-demand) at hyperbolic"),
    ("Cât timp îmi ajung 500 de dolari cu Llama 3.1 70B pe 2 H100?", 500.0,
     "Cu 500,00\u00a0USD, 2 × NVIDIA H100 SXM5 80GB pentru Meta Llama 3.1 70B la bf16 rulează "
     "aproximativ 194 de ore la 2,58\u00a0USD/oră (la cerere) la hyperbolic"),
    ("Llama 3.1 8B on an L4 with $50: how long does it last?", 50.0,
     "With $50.00, 1 × NVIDIA L4 24GB for Meta Llama 3.1 8B at bf16 runs for about 132 hours "
     "at $0.38/h (on-demand) at seeweb"),
    ("How long can I run Llama 3.1 8B on an L4 with $50?", 50.0,
     "With $50.00, 1 × NVIDIA L4 24GB for Meta Llama 3.1 8B at bf16 runs for about 132 hours"),
])
def test_a_budget_on_a_model_setup_gives_the_hours(q: str, budget: float, said: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h"), head(r)
    hour = 2.58 if "70B" in q else 0.38
    assert value == pytest.approx(budget / hour, rel=0.01), head(r)
    assert head(r).startswith(said), head(r)


@pytest.mark.parametrize("q", [
    "How long do 20 dollars last for SDXL on an RTX 4090?",
    "How long will 20 dollars last me for SDXL images on an RTX 4090, and how many images "
    "is that?",
])
def test_a_budget_on_an_image_model_gives_hours_and_images(q: str) -> None:
    r = ask(q)
    assert r.intent == "cost", head(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h"), head(r)
    assert round(value, 1) == 69.0, head(r)
    text = head(r)
    assert "runs for about 69.0 hours at $0.29/h" in text, text
    assert "makes about 38,178 1024×1024 images" in text, text


@pytest.mark.parametrize("q", [
    "Llama 3.1 8B with 0 new tokens and 4,000 prompt tokens on an H100: time?",
    "Llama 3.1 8B on an H100 with 0 generated tokens and 4,000 prompt tokens: time?",
    "Llama 3.1 8B on an H100 with 0 output tokens and 4,000 prompt tokens: time?",
])
def test_no_new_tokens_is_timed_as_the_prefill(q: str) -> None:
    r = ask(q)
    assert r.intent == "speed", head(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("request_latency_s", "s"), head(r)
    assert value == pytest.approx(0.130, abs=0.002), head(r)
    assert "for one request of a 4,000-token prompt and no output tokens" in head(r)


@pytest.mark.parametrize(("q", "said"), [
    ("How many H100 for Llama 3.1 8B with 1-2 users?", "Sized for 2 users, the top of 1-2."),
    ("How many H100 for Llama 3.1 8B with 1 -2 users?", "Sized for 2 users, the top of 1-2."),
    ("Câte H100 pentru Llama 3.1 8B cu 1-2 utilizatori?",
     "Dimensionat pentru 2 utilizatori, capătul de sus al intervalului 1-2."),
])
def test_a_range_of_users_is_sized_for_its_top_and_said(q: str, said: str) -> None:
    r = ask(q)
    assert r.extracted.concurrent_requests == 2
    assert said in head(r), head(r)


def test_a_single_count_of_users_says_no_range() -> None:
    r = ask("How many H100 for Llama 3.1 8B with 2 users?")
    assert "the top of" not in r.answer
