"""Sizing consistency between /v1/sizing and /v1/ask (audit regress10 #5, #6, #7, #8, #10,
#11, #13).

The queued-requests warning named "5 such GPUs" for Llama 3.1 70B at 64 requests of 8k on
H100s: a 5-stage pipeline at 3.1 tokens/s per user against 11.4 on the 4 asked, and no
machine shape sold. It now names only a count laid out as pure tensor-parallel replicas of a
rentable width (1, 2, 4, 8 or whole nodes) at least as wide as the asked replica, or replicas of
the asked replica, so 8 here, and still 3 replicas for Llama 3.1 8B at 32k."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.sizing.sizing import SizingRequest, size
from tests.unit.ask_fixtures import ask, catalog, head


def _queue(body: dict[str, object]) -> str:
    r = size(msgspec.convert(body, SizingRequest), catalog())
    found = [w for w in r.warnings if "wait in the queue" in w]
    assert found, r.warnings
    return found[0]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_queue_70b_names_no_pipeline_count(count: int) -> None:
    w = _queue({"model": "llama 3.1 70b", "gpu": "h100", "gpu_count": count,
                "batch_size": 64, "input_tokens": 8192})
    assert "8 such GPUs" in w, w
    assert "5 such GPUs" not in w


@pytest.mark.parametrize("count", [1, 2])
def test_queue_8b_keeps_three_replicas(count: int) -> None:
    w = _queue({"model": "llama 3.1 8b", "gpu": "h100", "gpu_count": count,
                "batch_size": 32, "input_tokens": 32768})
    assert "3 such GPUs" in w, w


@pytest.mark.parametrize("q, word", [
    ("SDXL batch of 4 on an RTX 4090: how long does a batch take?", "26.0 s"),
    ("SDXL cu un batch de 4 pe un RTX 4090: cât durează un lot?", "26,0 s"),
])
def test_sdxl_batch_time_leads(q: str, word: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "seconds_per_batch"
    assert r.numbers.asked.value == pytest.approx(26.0, abs=0.2)
    assert re.search(r"(A batch|Un lot \(batch\)) de 4|A batch of 4", head(r)), head(r)
    assert word in head(r).split("(")[0] + head(r), head(r)
