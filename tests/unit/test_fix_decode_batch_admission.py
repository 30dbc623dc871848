"""POST /v1/sizing's decode figures are for the batch that actually runs.

When the requested batch does not all fit in the KV cache (or passes the engine's
max_num_seqs), the engine runs as many as it admits and queues the rest. The decode fields
used to describe the whole batch decoding together, which cannot happen:
llama-3.1-8b on one H100 SXM at 131,072 + 1,000 tokens and batch 16 answered
decode_throughput_tokens_per_s 154.1 (16 sequences) beside max_concurrency 3 and a warning
"3 of the 16 requests fit in the KV cache at once" (16 x 132,072 tokens x 128 KiB = 258 GiB of
KV against ~55 GiB free). The decode figures are now for min(batch_size, what runs at once),
with a ``decode_batch`` assumption saying so; a batch that runs whole is unchanged. (The tests
ask 130,000 + 1,000 tokens: the audited 132,072 is past the model's 131,072-token limit, which
now answers no speed at all.)

The shipped catalog, as the service uses it."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def sized(**body: Any) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


LONG = {"model": "llama-3.1-8b", "gpu": "h100-sxm", "input_tokens": 130000,
        "output_tokens": 1000, "batch_size": 16}


def _decode_batch(r: SizingResult) -> list[str]:
    return [f"{a.value}: {a.reason}" for a in r.assumptions if a.name == "decode_batch"]


def test_the_audited_case_decodes_the_admitted_three() -> None:
    r = sized(**LONG)
    p = r.performance
    assert p is not None and p.max_concurrency == 3
    assert p.decode_tokens_per_s is not None and p.decode_throughput_tokens_per_s is not None
    # three sequences decode together, not sixteen
    assert p.decode_throughput_tokens_per_s == pytest.approx(3 * p.decode_tokens_per_s,
                                                             rel=1e-12)
    # the same step as a request of three (every one of which fits: same layout)
    three = sized(**{**LONG, "batch_size": 3}).performance
    assert three is not None
    assert p.decode_tokens_per_s == three.decode_tokens_per_s
    assert p.decode_throughput_tokens_per_s == three.decode_throughput_tokens_per_s
    assert p.bound == three.bound
    # decoding alone is never slower per user than the mean TPOT at this load, which adds
    # the other requests' prefill chunks
    assert p.time_per_output_token_ms is not None
    assert 1000 / p.decode_tokens_per_s <= p.time_per_output_token_ms
    notes = _decode_batch(r)
    assert len(notes) == 1 and "3 of 16" in notes[0] and "KV cache" in notes[0]


def test_a_batch_that_runs_whole_is_unchanged() -> None:
    r = sized(**{**LONG, "input_tokens": 1000})
    p = r.performance
    assert p is not None and p.max_concurrency is not None and p.max_concurrency >= 16
    assert p.decode_tokens_per_s is not None and p.decode_throughput_tokens_per_s is not None
    assert p.decode_throughput_tokens_per_s == pytest.approx(16 * p.decode_tokens_per_s,
                                                             rel=1e-12)
    assert _decode_batch(r) == []


QUEUED = [
    pytest.param({**LONG, "request_rate_per_s": 0.01}, 3, id="open-loop"),
    pytest.param({"model": "llama-3.1-8b", "gpu": "rtx-4090", "engine": "llama.cpp",
                  "input_tokens": 32000, "output_tokens": 500, "batch_size": 16}, None,
                 id="llama.cpp"),
    pytest.param({"model": "llama-3.1-8b", "gpu": "h100-sxm", "input_tokens": 100,
                  "output_tokens": 100, "batch_size": 512}, 256, id="max_num_seqs"),
    pytest.param({**LONG, "gpu_count": 2, "parallelism": {"data": 2}}, None,
                 id="data-parallel"),
    pytest.param({"model": "mixtral-8x7b", "gpu": "h100-sxm", "gpu_count": 2,
                  "input_tokens": 32000, "output_tokens": 500, "batch_size": 64,
                  "parallelism": {"tensor": 1, "pipeline": 1, "data": 2, "expert": 2}}, None,
                 id="dp-ep"),
]


@pytest.mark.parametrize(("body", "running"), QUEUED)
def test_queued_requests_do_not_decode(body: dict[str, Any], running: int | None) -> None:
    r = sized(**body)
    p = r.performance
    assert p is not None and p.max_concurrency is not None
    assert 0 < p.max_concurrency < body["batch_size"]
    if running is not None:
        assert p.max_concurrency == running
    assert p.decode_tokens_per_s is not None and p.decode_throughput_tokens_per_s is not None
    # every replica decodes what it admits: the setup's decode throughput is what runs at
    # once times one sequence's speed
    assert p.decode_throughput_tokens_per_s == pytest.approx(
        p.max_concurrency * p.decode_tokens_per_s, rel=1e-9)
    assert _decode_batch(r)
