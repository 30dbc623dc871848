"""Audit 31a #7 and #12 (left by fix/serveload), EN and RO: requests of a context counted in
Romanian were answered with the largest context; "does an FP8 KV cache let it serve more
users" answered the KV bytes per token. Each test fails on the tree before the fix, except
the guard named so."""

from __future__ import annotations

import pytest

from tests.unit.kb_fixtures import ask, head


@pytest.mark.parametrize("q", [
    "How many concurrent 32k-context requests fit for Qwen3 32B FP8 on one H200?",
    "Câte cereri simultane cu context de 32k încap pentru Qwen3 32B FP8 pe un H200?",
    "Câte cereri simultane cu context de 32k tokeni încap pentru Qwen3 32B FP8 pe un H200?",
])
def test_requests_of_a_context_are_counted(q: str) -> None:
    # the English one is a guard (it passed on the base too)
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "max_batch_size" and r.numbers.asked.value == 11
    assert "131" not in head(r).split(".")[0]


@pytest.mark.parametrize(("q", "base", "gain"), [
    ("Does FP8 KV cache let Llama 3.1 70B FP8 serve more users on 2 H100?", "56", "113"),
    ("Cache-ul KV FP8 permite ca Llama 3.1 70B FP8 să servească mai mulți utilizatori pe "
     "2 H100?", "56", "113"),
])
def test_fp8_kv_cache_more_users_gives_both_counts(q: str, base: str, gain: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "max_batch_size"
    assert r.numbers.asked.value == int(gain)
    h = head(r)
    assert f"about {base}" in h or f"aproximativ {base}" in h
    assert "2.0 times" in h or "de 2,0 ori" in h
