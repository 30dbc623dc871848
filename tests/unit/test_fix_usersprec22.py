"""Audit usersprec (r22): the precision of the speed answer at a stated user count changed
non-monotonically with it. Llama 3.1 70B on 8 x H100 (4,096 tokens a request) was answered
at bf16 for 300 users, fp8 for 350 ("At bf16 it does not fit ... 72.9 GiB per GPU of the
71.7 GiB usable"), awq-int4 for 400 and bf16 again for 500, where "342 run at once" stood
beside "at full load ... with 256 requests at once" (vLLM's max_num_seqs 256).

Users past what the setup runs at once wait (continuous batching admits up to the KV pool and
max_num_seqs): the model fits at bf16 for any of these counts, so the answer stays at bf16
with at most the admitted number running and the rest waiting, and a quantized precision is
offered beside it with its own figures, not put in its place."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, head

USERS = (300, 350, 400, 500)


def _tps(n: int) -> AskResponse:
    return ask(f"How many tokens/s per user does Llama 3.1 70B on 8x H100 give for {n} users?")


def _ttft(n: int) -> AskResponse:
    return ask(f"What TTFT does Llama 3.1 70B on 8x H100 give for {n} users?")


def _int(s: str) -> int:
    return int(s.replace(",", "").replace(".", ""))


@pytest.mark.parametrize("n", USERS)
def test_speed_at_users_stays_at_the_models_own_precision(n: int) -> None:
    text = head(_tps(n))
    assert "Meta Llama 3.1 70B at bf16" in text, text
    assert "the largest precision that fits" not in text, text
    # the quantized precision is offered beside it, not substituted
    assert "Alternatively, at fp8 (quantized weights) instead of bf16" in text, text


@pytest.mark.parametrize("n", USERS)
def test_users_run_at_once_never_past_the_engine_cap_stated(n: int) -> None:
    text = head(_tps(n))
    held = re.search(r"holds only ([\d,]+) of the ([\d,]+) concurrent requests", text)
    cap = re.search(r"at full load: [\d,.]+ tokens/s in total, with ([\d,]+) requests at once",
                    text)
    assert held is not None and cap is not None, text
    assert _int(held.group(2)) == n
    assert _int(held.group(1)) <= _int(cap.group(1)) == 256, text
    assert f"the other {n - _int(held.group(1))} wait" in text, text
    assert f"at {held.group(1)} requests at once:" in text, text


def test_ttft_grows_with_the_users_at_one_precision() -> None:
    got = []
    for n in USERS:
        r = _ttft(n)
        assert "Meta Llama 3.1 70B at bf16" in head(r), head(r)
        quantity, value, unit = asked(r)
        assert (quantity, unit) == ("time_to_first_token_ms", "ms")
        got.append(value)
    assert got == sorted(got) and len(set(got)) == len(got), got


def test_romanian_stays_at_bf16_with_the_quantized_alternative() -> None:
    text = head(ask("Câți tokeni/s pe utilizator dă Llama 3.1 70B pe 8x H100 pentru 400 de "
                    "utilizatori?"))
    assert "ține deodată doar 256 din cele 400 de cereri simultane pentru Meta Llama 3.1 70B "\
        "la bf16" in text, text
    assert "Ca alternativă, la fp8 (ponderi cuantizate) în loc de bf16" in text, text
    assert "cea mai mare precizie care încape" not in text, text


def test_a_precision_stated_is_not_second_guessed() -> None:
    text = head(ask("How many tokens/s per user does Llama 3.1 70B at bf16 on 8x H100 give "
                    "for 350 users?"))
    assert "at bf16" in text and "Alternatively" not in text, text


def test_users_that_all_run_at_once_are_answered_as_before() -> None:
    text = head(_tps(100))
    assert text.startswith("At 100 concurrent requests, Meta Llama 3.1 70B at bf16"), text
    assert "wait." not in text and "Alternatively" not in text, text
