"""Audit countlead22: one "how many", one count. At a request rate on a GPU named, the count
answer led with the GPUs that carry the rate ("needs about 5 × L40S: 5 replicas of 1"), then
priced the whole machines rented for them ("$2.28/h for 3 instances of 2 × L40S ... (6 GPUs
in all)") and gave 5 in the numbers: the count said and asked was not the one priced. Now the
lead and the numbers' ``asked`` are the GPUs rented, with the GPUs that carry the rate in
brackets where whole machines make more ("6 × L40S (5 carry the rate; machines of 2 make it
6)"); the cheaper setup at another precision still follows."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, first_sentence, head

L40S_EN = "Llama 3.1 8B at 50 requests/s, 500 tokens in, 200 out: how many L40S?"
L40S_RO = "Llama 3.1 8B la 50 de cereri/s, 500 de tokeni la intrare, 200 la ieșire: câte L40S?"
H100_AWS = "Llama 3.1 70B at 20 requests/s, 1000 tokens in, 300 out: how many H100 at AWS?"
H100_AWS_RO = ("Llama 3.1 70B la 20 de cereri/s, 1000 de tokeni la intrare, 300 la ieșire: "
               "câte H100 la AWS?")
H100_EXACT = "Llama 3.1 8B at 50 requests/s, 500 tokens in, 200 out: how many H100?"

# "(6 GPUs in all," / "(6 GPU-uri în total," of the machines priced
_PRICED = re.compile(r"\((\d+) (?:de )?(?:GPUs in all|GPU-uri în total),")
# the lead's count: "needs about 6 × ..." / "are nevoie de aproximativ 6 × ..."
_LEAD = re.compile(r"(?:needs about|are nevoie de aproximativ) (\d+) ×")


def _counts(r: AskResponse) -> tuple[int, int, int]:
    """(the lead's count, the GPUs the hourly price is for, the numbers' count asked)."""
    lead = _LEAD.search(first_sentence(r))
    priced = _PRICED.search(head(r))
    assert lead is not None and priced is not None, r.answer
    quantity, value, _ = asked(r)
    assert quantity == "gpu_count"
    return int(lead.group(1)), int(priced.group(1)), int(value)


@pytest.mark.parametrize(("q", "n"), [
    # now at the recommendations' fp8 (test_fix_ratemonth23): 4 (2 instances of 2 × L40S)
    (L40S_EN, 4),      # was 5 led and asked, 6 priced (3 instances of 2 × L40S at lium)
    (L40S_RO, 4),
    # now at fp8 (test_fix_ratemonth23): 8 (1 instance of 8 × H100 at aws)
    (H100_AWS, 8),     # was 12 led and asked, 16 priced (2 instances of 8 × H100 at aws)
    (H100_AWS_RO, 8),
    (H100_EXACT, 2),   # 2 replicas of 1 on 2 machines of 1: the same count, as before
])
def test_lead_count_is_the_priced_count(q: str, n: int) -> None:
    assert _counts(ask(q)) == (n, n, n)


@pytest.mark.parametrize(("q", "said"), [
    # at the recommendations' fp8 now (test_fix_ratemonth23): the machines hold the count
    (L40S_EN, "at fp8 needs about 4 × NVIDIA L40S 48GB: 4 replicas of 1 × NVIDIA L40S 48GB"),
    (L40S_RO, "la fp8 are nevoie de aproximativ 4 × NVIDIA L40S 48GB: 4 replici de 1 × NVIDIA "
              "L40S 48GB"),
    (H100_AWS, "at fp8 needs about 8 × NVIDIA H100 SXM5 80GB: 4 replicas of 2 × NVIDIA H100 "
               "SXM5 80GB"),
])
def test_lead_says_what_carries_the_rate(q: str, said: str) -> None:
    r = ask(q)
    assert said in first_sentence(r)
    # the priced machines follow, and the cheaper setup at fp8 may still follow the count
    assert "GPUs in all" in head(r) or "GPU-uri în total" in head(r)


def test_no_brackets_where_the_machines_hold_exactly_the_count() -> None:
    s = first_sentence(ask(H100_EXACT))
    assert "needs about 2 × NVIDIA H100 SXM5 80GB: 2 replicas of 1" in s
    assert "carry the rate" not in s


def test_fp8_alternative_still_follows() -> None:
    h = head(ask(L40S_EN))
    # fp8 leads now (test_fix_ratemonth23); the model's own bf16 follows, unquantised
    assert "Unquantised, at the model's own bf16: 6 × NVIDIA L40S 48GB" in h
