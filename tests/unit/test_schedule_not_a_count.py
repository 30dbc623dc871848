""""24/7" is a schedule: "what would a 24/7 H100 cost per month?" was read as 7 GPUs and
priced a 7 x H100 machine at $30,105/month (the tokenizer split "24/7" into 24 and 7, and the
7 stood right before the GPU name)."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract
from tests.unit.rec_fixtures import registry


@pytest.mark.parametrize(("question", "count"), [
    ("what would a 24/7 H100 cost per month?", None),
    ("cât costă un H100 24/7 pe lună?", 1),  # "un H100" is one; 24/7 is no count
    ("price of a 24/7 A100 80GB for a month", None),
    ("2 H100 running 24/7, how much per month?", 2),
    ("what do 8x H100 cost 24/7 per month?", 8),
    ("how much are 4 x L40S per month?", 4),
])
def test_a_schedule_is_not_a_gpu_count(question: str, count: int | None) -> None:
    assert extract(question, registry()).gpu_count == count
