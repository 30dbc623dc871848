"""Near misses and cheaper offers left out, judged at the load asked (audit regress12 #1, #8
and #9, /tmp/audit/prompt_fix_r13left.md).

A memory rejection's need is one request at the full context (capability.serve_layouts'
fit check). Round 11 listed an offer that holds that one request only without the 10 %
headroom as a near miss whatever the load: for 50 users of Llama 3.1 70B (320 KiB of KV per
token: 50 x 4,096 tokens = 62.5 GiB of KV, plus 37 GiB of AWQ weights, about 100 GiB) it said
"2 x RTX 3090 ... fits with 0.9% of each GPU's memory free", and /v1/recommendations listed
1 x RTX A6000 ("needs 42.0 GiB ... gives 43.2 GiB per GPU") as a near miss at 200 users of
8k. The left-out list also set one machine's price against the lead's total: a stale
1 x A100 80GB at $0.55/h beside a $1.05/h lead of 5 nodes for 200 users of 8B, where 200
users need two A100s ($1.10/h). And the users a budget buys said each user waits 4,399 ms
for the first token, then that the first-token time "meets the default target by a thin
margin" (a warning about one request)."""

from __future__ import annotations

import re

import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, head

A6000 = "hyperstack-nvidia-rtx-a6000-spot-vm-per-gpu-hour"
RTX6000ADA = "shadeform-massedcompute-rtx6000ada"


def _rejected(users: int) -> dict[str, str]:
    rec = recommend(RecommendationRequest(
        model="llama-3.1-70b-instruct", concurrent_requests=users, context_tokens=8192,
        output_tokens=512), catalog(), TODAY, explain=True)
    return {r.offer_id: r.reason for r in rec.rejected}


def test_one_request_keeps_the_headroom_near_miss() -> None:
    # one request of 8k: 42.0 GiB of 43.2 GiB, over the 38.9 GiB the headroom leaves
    left = _rejected(1)
    assert A6000 in left, list(left)
    assert left[A6000].startswith("needs 42.0 GiB for awq-int4 weights")


@pytest.mark.parametrize("users", [50, 200])
def test_no_headroom_near_miss_at_a_load_that_does_not_fit(users: int) -> None:
    # 50 x 8,192 tokens x 320 KiB = 125 GiB of KV alone: no 48 GB card holds it
    left = _rejected(users)
    assert A6000 not in left, left.get(A6000)
    assert RTX6000ADA not in left, left.get(RTX6000ADA)


@pytest.mark.parametrize("question", [
    "Which GPU for Llama 3.1 70B with 50 users, no output limit?",
    "Cheapest GPU for Llama 3.1 70B for 100 users at 8k context?",
])
def test_ask_lists_no_headroom_miss_for_a_load_it_cannot_hold(question: str) -> None:
    text = head(ask(question))
    assert text.startswith("The cheapest match is "), text
    assert "RTX 3090 24GB at vast ($0.33/h" not in text, text
    assert "RTX A6000 48GB at hyperstack ($0.40/h" not in text, text
    assert "of each GPU's memory free, under the 10% headroom kept" not in text, text


def test_romanian_lists_no_headroom_miss_for_50_users() -> None:
    text = head(ask("Cel mai ieftin GPU pentru Llama 3.1 70B la 50 de utilizatori?"))
    assert text.startswith("Cea mai ieftină potrivire este "), text
    assert "RTX 3090 24GB la vast (0,33" not in text, text
    assert "sub rezerva de 10% păstrată" not in text, text


def test_a_stale_machine_is_priced_for_the_load_against_the_lead() -> None:
    # 200 users of 8B int8: a lead of $1.05/h over 5 nodes; one A100 80GB at $0.55/h holds
    # about 110 of them, so the load needs two ($1.10/h): not a cheaper offer
    text = head(ask("Cheapest way to serve Llama 3.1 8B for 200 users?"))
    assert text.startswith("The cheapest match is 5 instances of 4 × NVIDIA GeForce RTX 3060"), text
    assert "for $1.05/h" in text, text
    assert "A100 SXM4 80GB at dataoorts ($0.55/h" not in text, text
    # 100 users: the stale T4 16GB ($0.34/h) cannot hold them (8.5 GiB of int8 weights plus
    # 100 x 0.5 GiB of KV); the setup the load needs costs more than the $0.64/h lead
    text = head(ask("What is the cost per month per user for Llama 3.1 8B at 100 users?"))
    assert "T4 16GB at dataoorts ($0.34/h" not in text, text


def test_single_user_left_out_list_unchanged() -> None:
    text = head(ask("Cheapest way to serve DeepSeek-R1?"))
    assert ("4 × AMD Instinct MI300X 192GB at runpod ($9.16/h, on-demand): fits with 8.2% of "
            "each GPU's memory free, under the 10% headroom kept") in text, text


def test_users_for_budget_says_the_wait_against_the_target_not_a_thin_margin() -> None:
    # $1,000/month: 25 users on 2 x L40S at awq-int4, each waiting about 5,329 ms. (Until
    # trainnet this was $500/month: 5 users on 4 x V100 at 3,247 ms, was 4,399; those V100s now
    # take 2,020 ms for one request, past the target, so $500 buys 1 user on 4 x RTX 3090.)
    text = head(ask("How many users can I serve with Llama 3.1 70B on a $1,000/month budget?"))
    m = re.search(r"waits about ([\d,]+) ms for the first token", text)
    assert m is not None and int(m[1].replace(",", "")) > 2000, text
    assert "by a thin margin" not in text, text
    assert ("That wait is over the default first-token target of 2,000 ms for interactive "
            "serving") in text, text
    ro = head(ask("Câți utilizatori pot servi cu Llama 3.1 70B pe un buget de 1.000 de dolari "
                  "pe lună?"))
    assert "marjă mică" not in ro, ro
    assert "peste ținta implicită de 2.000 ms" in ro, ro
    assert f"așteaptă aproximativ {m[1].replace(',', '.')} ms primul token" in ro, ro
    # a wait under the target is not said to be over it
    text = head(ask("How many users can I serve with Llama 3.1 70B on a $500/month budget?"))
    m = re.search(r"waits about ([\d,]+) ms for the first token", text)
    assert m is not None and int(m[1].replace(",", "")) <= 2000, text
    assert "over the default first-token target" not in text, text
    assert "by a thin margin" not in text, text
