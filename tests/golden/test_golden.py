"""Every recorded request gives the answer it gave when recorded, byte for byte (see
harness.py; re-record on purpose with ``python -m tests.golden.record``)."""

from __future__ import annotations

import pytest

from tests.golden.harness import compute, load_recorded

RECORDED = load_recorded()


def test_the_set_covers_every_kind() -> None:
    kinds = {case["kind"] for case in RECORDED.values()}
    assert kinds == {"sizing", "recommend", "ask", "offers", "slack"}
    assert len(RECORDED) >= 60


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_answer_is_unchanged(name: str) -> None:
    case = RECORDED[name]
    got = compute(case["kind"], case["request"]).decode()
    assert got == case["answer"], f"{name}: the answer changed"
