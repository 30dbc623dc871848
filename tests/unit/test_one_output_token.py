"""One output token is the first token: its time to first token does not depend on the output
length at one user, and there is no time per output token to give (blind sizing audit, 11)."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _perf(**kw: object):  # type: ignore[no-untyped-def]
    req = SizingRequest(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=2048, **kw)
    perf = size(req, catalog()).performance
    assert perf is not None
    return perf


def test_one_user_ttft_does_not_jump_with_one_output_token() -> None:
    one, two = _perf(output_tokens=1), _perf(output_tokens=2)
    assert one.time_to_first_token_ms is not None and two.time_to_first_token_ms is not None
    # was 106 ms against 88 ms: half of the user's own prompt step counted as a wait
    assert one.time_to_first_token_ms <= two.time_to_first_token_ms * 1.02


def test_no_time_per_output_token_without_a_second_token() -> None:
    one = _perf(output_tokens=1)
    assert one.time_per_output_token_ms is None
    assert one.output_tokens_per_s_per_user is None
    assert one.output_tokens_per_s == pytest.approx(one.requests_per_s)
    two = _perf(output_tokens=2)
    assert two.time_per_output_token_ms is not None and two.time_per_output_token_ms > 0


def test_many_users_still_wait_for_the_others_prompts() -> None:
    one = _perf(output_tokens=1, batch_size=32)
    lone = _perf(output_tokens=1)
    assert one.time_to_first_token_ms is not None and lone.time_to_first_token_ms is not None
    assert one.time_to_first_token_ms > 5 * lone.time_to_first_token_ms
