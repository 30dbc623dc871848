"""The sizing numbers an answer records for one replica of a data-parallel setup are all one
replica's: the total and the weights were divided by the replicas but the KV cache was every
replica's users, so "ce GPU să închiriez pentru llama 3.2 3b cu 50 utilizatori?" recorded
total_gib 10.26 below its own kv_cache_gib 22.75."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask


@pytest.mark.parametrize("question", [
    "ce GPU să închiriez pentru llama 3.2 3b cu 50 utilizatori?",
    "which gpu should I rent for llama 3.1 8b with 100 users?",
])
def test_recorded_memory_parts_fit_in_the_recorded_total(question: str) -> None:
    s = ask(question).numbers.sizing
    assert s is not None and s.kv_cache_gib is not None
    assert s.weights_gib + s.kv_cache_gib <= s.total_gib
