"""Unpriced sides of a comparison, "which setup" questions and the KV cache as a what-if
(fix/unpriced).

A. "TPU v5e vs L4 per dollar for Llama 3 8B" gave each side's tokens/s and called the L4 the
   lowest price per hour: the catalog has no TPU v5e offer, so its price was dropped silently
   and then ranked against. Now the priced side's cost per 1M output tokens is given (at the
   per-token answers' served load), the unpriced side is said to have no offer (its price
   unknown, not $0), and no side is "cheapest" of them all where one is unpriced; the same
   for any GPU with no offer (H200 NVL, RTX 4080, ...) and for diffusion comparisons.
B. "Which H100 setup serves Llama 3 70B to 32 users with TTFT under 500 ms?" opened with
   "No:": a "which setup" question asks no yes or no; the setup that meets the target leads.
   "Can 2 H100 serve ...?" keeps its No.
C. "Llama 3 8B on one L4 with 16 users; what if the KV cache is fp8?" answered the KV bytes per
   token; the KV cache's precision is now a what-if axis: the requests each setup holds at
   once (as /v1/sizing sizes them with that kv_cache), the original beside it, the change and
   the users stated."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.answer.understand import _fold
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, head


def sized(body: dict[str, Any]) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _offered(gid: str) -> bool:
    return any(o.gpu == gid for o in catalog().offers)


# A. a side with no offer


def test_the_gpus_these_tests_rest_on_have_no_offer() -> None:
    for gid in ("tpu-v5e", "h200-nvl", "rtx-4080", "mi325x"):
        assert not _offered(gid), gid
    for gid in ("l4", "h100-sxm", "rtx-4090", "t4"):
        assert _offered(gid), gid


@pytest.mark.parametrize("q", ["TPU v5e vs L4 per dollar for Llama 3 8B serving",
                               "TPU v5e vs L4 cost per 1M tokens for Llama 3 8B"])
def test_per_dollar_gives_the_priced_sides_cost_and_says_the_other_is_unknown(q: str) -> None:
    r = ask(q)
    text = head(r)
    # the L4's cost per 1M output tokens, the number asked
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_million_output_tokens_usd"
    m = re.search(r"NVIDIA L4 24GB(?: at [\w-]+)? about \$(\d+\.\d\d) \(", text)
    assert m is not None, text
    assert f"{r.numbers.asked.value:.2f}" == m.group(1)
    assert "No offer for 1 × Google Cloud TPU v5e (per chip)" in text
    assert "its price is unknown, not $0" in text
    assert "Lowest cost per 1M tokens: unknown" in text
    assert "lowest price per hour for the whole setup: 1 × NVIDIA L4" not in text


def test_per_dollar_in_romanian() -> None:
    text = head(ask("TPU v5e vs L4 per dolar pentru Llama 3 8B"))
    assert "Nicio ofertă pentru 1 × Google Cloud TPU v5e (per cip)" in text
    assert "nu 0 USD" in text
    assert "Cel mai mic cost pe 1M de tokeni: necunoscut" in text
    assert re.search(r"NVIDIA L4 24GB la \w+ aproximativ \d+,\d\d\s+USD", text), text


def test_three_sides_one_unpriced_names_the_cheapest_among_those_priced() -> None:
    text = head(ask("TPU v5e vs L4 vs T4 per dollar for Llama 3 8B"))
    assert "among those priced" in text
    assert "No offer for 1 × Google Cloud TPU v5e (per chip)" in text


@pytest.mark.parametrize("q", ["H200 NVL vs H100 for Llama 3 70B",
                               "MI325X vs H200 for Llama 3 70B, which is cheaper?"])
def test_hourly_comparison_never_ranks_an_unpriced_side(q: str) -> None:
    text = head(ask(q))
    assert "no offer in the catalog (its price is unknown, not $0)" in text
    assert "lowest price per hour for the whole setup: unknown" in text


def test_under_a_load_the_unpriced_side_is_said_left_out() -> None:
    text = ask("H200 NVL vs H100 vs A100 for Llama 3 70B with 16 users, which is cheaper?"
               ).answer
    assert "no offer in the catalog (its price is unknown, not $0)" in text
    assert "No offer for 2 × NVIDIA H200 NVL 141GB in the catalog" in text
    assert "left out of the price comparison" in text


def test_diffusion_comparison_with_an_unpriced_side() -> None:
    text = head(ask("RTX 4080 vs RTX 4090 for SDXL, which is cheaper per image?"))
    assert "NVIDIA GeForce RTX 4080 16GB about" in text
    assert "no offer in the catalog" in text
    assert "lowest cost per 1,000 images: unknown" in text
    three = head(ask("RTX 4080 vs RTX 4090 vs L4 for SDXL"))
    assert "lowest cost per 1,000 images: 1 × NVIDIA GeForce RTX 4090 24GB among those " \
           "priced" in three


def test_priced_sides_are_unchanged() -> None:
    text = head(ask("H100 vs A100 per dollar for Llama 3 8B serving"))
    assert "No offer" not in text and "unknown" not in text
    assert "Lowest cost per 1M tokens: 1 × NVIDIA H100 SXM5 80GB" in text


# B. "which setup" asks no yes or no


@pytest.mark.parametrize("q", [
    "Which H100 setup serves Llama 3 70B to 32 users with TTFT under 500 ms?",
    "What is the cheapest H100 setup for Llama 3 70B with 32 users and TTFT under 500 ms?",
    "Ce configurație H100 servește Llama 3 70B la 32 de utilizatori cu TTFT sub 500 ms?",
    "Care e cea mai ieftină configurație H100 pentru Llama 3 70B la 32 de utilizatori cu TTFT "
    "sub 500 ms?",
])
def test_which_setup_leads_with_the_setup_that_meets_the_target(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert not re.match(r"(?:No|Nu)\b", text), text
    assert re.match(r"(?:Over as many machines|Pe câte mașini)", text), text
    assert "8 × NVIDIA H100 SXM5 80GB" in text.split(".")[0]
    # the setup sized and its miss follow
    assert re.search(r"914 ms", text)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None


@pytest.mark.parametrize(("q", "no"), [
    ("Can 2 H100 serve Llama 3 70B to 32 users with TTFT under 500 ms?", "No:"),
    ("Can an H100 serve Llama 3 70B to 32 users with TTFT under 500 ms?", "No:"),
    ("Poate un H100 să servească Llama 3 70B la 32 de utilizatori cu TTFT sub 500 ms?", "Nu:"),
])
def test_a_yes_no_question_keeps_its_no(q: str, no: str) -> None:
    r = ask(q)
    assert head(r).startswith(no)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


@pytest.mark.parametrize(("q", "which"), [
    ("Which H100 setup serves Llama 3 70B to 32 users?", True),
    ("What H100 configuration serves Llama 3 70B?", True),
    ("Cheapest H100 setup for Llama 3 70B, 32 users, TTFT under 500 ms?", True),
    ("Ce configurație H100 servește Llama 3 70B?", True),
    ("Can an H100 setup serve Llama 3 70B to 32 users?", False),
    ("What is the TTFT of Llama 3 70B on 2 H100?", False),
    ("Which GPU for Llama 3 70B?", False),
])
def test_which_setup_is_read(q: str, which: bool) -> None:
    from service.domain.answer.intent import _asks_which_setup

    assert _asks_which_setup(_fold(q)) is which


# C. the KV cache's precision as a what-if


def test_kv_cache_what_if_gives_the_requests_held_as_sizing_does() -> None:
    r = ask("Llama 3 8B on one L4 with 16 users; what if the KV cache is fp8?")
    text = head(r)
    body = {"model": "llama 3 8b", "gpu": "l4", "weights": "fp8", "input_tokens": 3584,
            "output_tokens": 512}
    new = sized({**body, "kv_cache": "fp8"}).max_batch_size
    old = sized(body).max_batch_size
    assert new is not None and old is not None and new > old
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "max_batch_size"
    assert r.numbers.asked.value == new
    assert text.startswith(f"On 1 × NVIDIA L4 24GB, Meta Llama 3 8B at fp8 holds about {new} ")
    assert "KV cache is counted in fp8" in text
    assert f"Before the change (Llama 3 8B on one L4 with 16 users): On 1 × NVIDIA L4 24GB, " \
           f"Meta Llama 3 8B at fp8 holds about {old} " in text
    assert f"The change in requests held at once: {old} → {new} (+" in text
    assert "Either way all 16 users fit at once." in text
    assert "per token at fp8; 16 sequences" not in text  # the KV size answer of before


def test_kv_cache_what_if_with_more_users_than_held() -> None:
    text = head(ask("Llama 3 8B on one L4 with 32 users; what if the KV cache is fp8?"))
    body = {"model": "llama 3 8b", "gpu": "l4", "weights": "bf16", "input_tokens": 3584,
            "output_tokens": 512}
    new = sized({**body, "kv_cache": "fp8"}).max_batch_size
    old = sized(body).max_batch_size
    assert f"With the change {new} of the 32 users fit at once (before, {old})." in text


def test_kv_cache_what_if_in_romanian() -> None:
    text = head(ask("Llama 3 8B pe un L4 cu 16 utilizatori; ce se întâmplă dacă KV cache-ul "
                    "este fp8?"))
    assert text.startswith("Pe 1 × NVIDIA L4 24GB, Meta Llama 3 8B la fp8 ține în memorie "
                           "aproximativ 40 de cereri simultane")
    assert "Înainte de schimbare (Llama 3 8B pe un L4 cu 16 utilizatori)" in text
    assert "Schimbarea la cererile ținute deodată: 20 → 40 (+" in text
    assert "În ambele cazuri încap deodată toți cei 16 utilizatori." in text
