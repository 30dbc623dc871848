"""The "try a smaller precision until one meets the need" search is one helper,
``context._first_lower``, that speed's ``_target_precision``, ``_rate_precision`` and
``_users_lower``, counts' ``_users_lower`` and context's ``_fitting_precision`` walk their
lists with (fix/precsearch: five copies of one loop before, answers unchanged)."""

from __future__ import annotations

import inspect

from service.domain.answer.numbers import context, counts, speed


def test_first_lower_takes_the_first_below_own_that_meets_in_order() -> None:
    tried: list[str] = []

    def meets(pid: str) -> str | None:
        tried.append(pid)
        return f"sized {pid}" if pid in ("int8", "awq-int4") else None

    got = context._first_lower(context._FALLBACK_PRECISIONS, "bf16", meets)
    assert got == ("int8", "sized int8")
    assert tried == ["fp8", "int8"]  # in the list's order, stopping at the first met


def test_first_lower_skips_own_and_larger_and_below_min_bits() -> None:
    tried: list[str] = []

    def meets(pid: str) -> str | None:
        tried.append(pid)
        return None

    assert context._first_lower(context._SMALLER, "int8", meets, min_bits=4.0) is None
    # not int8 itself nor fp8 (8 bits both), nor the 3- and 2-bit GGUF formats
    assert tried == ["q6_k", "q5_k_m", "awq-int4", "q4_k_m"]


def test_first_lower_keeps_mxfp4_from_awq_int4() -> None:
    """gpt-oss's MXFP4 is not re-quantised to awq-int4 (4 bits both: lower_than_own)."""
    assert context._first_lower(context._FALLBACK_PRECISIONS, "mxfp4", lambda p: p) is None


def test_the_five_searches_use_the_helper() -> None:
    for f in (speed._target_precision, speed._rate_precision, speed._users_lower,
              counts._users_lower, context._fitting_precision):
        src = inspect.getsource(f)
        assert "_first_lower(" in src, f.__name__
        # no loop of its own (_target_precision's generator that finds the precision answered
        # is not a search below it)
        assert not any(line.lstrip().startswith("for pid in") for line in src.splitlines()), \
            f.__name__


def test_pick_precisions_are_the_fallback_list() -> None:
    assert speed._PICK_PRECISIONS is context._FALLBACK_PRECISIONS
