"""/v1/ask, fixed (audit feasusers22): a yes/no for a count of users on the GPUs named ("Llama
3.1 70B on one H100 for 5 users, is that possible?"), with no precision stated, answered "No
... at bf16: that takes 2 x H100" although the service serves 70B on one H100 at awq-int4.
It is now Yes at the largest fallback precision of at least 4 bits that those GPUs run and
that holds every user at once, with its figures, then what the model's own precision takes
and the larger precision that does not hold them, then the precision's quality (as a target
met at a smaller precision is answered, speed._yes_at_lower). A precision stated keeps its
No, the smaller one said after. Each in English and in Romanian."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


@pytest.mark.parametrize(("q", "lead", "own", "fp8", "quality"), [
    ("Llama 3.1 70B on one H100 for 5 users, is that possible?", "Yes, at awq-int4",
     "at bf16 it takes 2 × NVIDIA H100", "at fp8 it holds only 1 of the 5 requests",
     "The quality of awq-int4: small loss"),
    ("Este posibil Llama 3.1 70B pe un H100 pentru 5 utilizatori?", "Da, la awq-int4",
     "la bf16 sunt necesare 2 × NVIDIA H100", "la fp8 ține doar 1 din cele 5 cereri",
     "Calitatea la awq-int4: pierdere mică"),
])
def test_70b_on_one_h100_for_5_users_is_yes_at_awq_int4(q: str, lead: str, own: str, fp8: str,
                                                         quality: str) -> None:
    r = ask(q)
    first = _plain(first_sentence(r))
    assert first.startswith(lead), first
    assert own in first and fp8 in first
    # awq-int4's figures on the one H100: 45.7 GiB per GPU, 44.1 tokens/s per user
    assert "45.7 GiB" in first or "45,7 GiB" in first
    assert "44.1" in first or "44,1" in first
    assert quality in _plain(head(r))
    assert asked(r) == ("gpu_count", 1, "GPUs")
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes is True
    assert r.numbers.sizing is not None and r.numbers.sizing.weights == "awq-int4"


@pytest.mark.parametrize(("q", "lead", "fp8"), [
    ("Can one L40S serve Qwen2.5 32B to 10 users?", "Yes, at awq-int4",
     "at fp8 it holds only 6 of the 10"),
    ("Poate un L40S să servească Qwen2.5 32B la 10 utilizatori?", "Da, la awq-int4",
     "la fp8 ține doar 6 din cele 10"),
])
def test_32b_on_one_l40s_for_10_users_is_yes_at_awq_int4(q: str, lead: str, fp8: str) -> None:
    r = ask(q)
    first = _plain(first_sentence(r))
    assert first.startswith(lead), first
    assert fp8 in first
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes is True


@pytest.mark.parametrize(("q", "lead", "own"), [
    ("Is Llama 3.1 8B on a T4 for 4 users possible?", "Yes, at int8", "at fp16 it takes 2 ×"),
    ("Este posibil Llama 3.1 8B pe un T4 pentru 4 utilizatori?", "Da, la int8",
     "la fp16 sunt necesare 2 ×"),
])
def test_8b_on_one_t4_is_yes_at_int8_never_fp8(q: str, lead: str, own: str) -> None:
    # a T4 (compute capability 7.5) runs no fp8: it is never offered there
    r = ask(q)
    first = _plain(first_sentence(r))
    assert first.startswith(lead), first
    assert own in first and "fp8" not in first
    assert asked(r) == ("gpu_count", 1, "GPUs")


@pytest.mark.parametrize(("q", "no", "after"), [
    ("Llama 3.1 70B on one H100 at fp8 for 5 users, is that possible?", "No,",
     "the same 1 × NVIDIA H100 SXM5 80GB holds all 5 at once"),
    ("Este posibil Llama 3.1 70B pe un H100 la fp8 pentru 5 utilizatori?", "Nu,",
     "aceleași 1 × NVIDIA H100 SXM5 80GB îi țin pe toți cei 5 deodată"),
])
def test_a_precision_stated_keeps_its_no_with_the_smaller_after(q: str, no: str, after: str
                                                                ) -> None:
    r = ask(q)
    first = _plain(first_sentence(r))
    assert first.startswith(no) and "fp8" in first, first
    assert "awq-int4" not in first
    text = _plain(head(r))
    assert after in text and "awq-int4" in text.split(after)[0].rsplit(".", 1)[-1]
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes is False


def test_no_fallback_precision_holds_them_the_no_stands() -> None:
    # awq-int4 on one H100 holds 25 requests of 4,096 tokens: 100 users stay a No at bf16
    r = ask("Can one H100 serve Llama 3.1 70B to 100 users?")
    first = _plain(first_sentence(r))
    assert first.startswith("No,") and "at bf16" in first, first
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes is False
