"""A Romanian memory question whose purpose says "extract data from" ("să extragă date din
documente") was read as data moved out of a cloud (egress) and answered with an egress
passage and no number; it is a model's memory. Moving data out stays egress."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked


@pytest.mark.parametrize("question", [
    "Câtă memorie VRAM trebuie pentru qwen2.5-7b ca să extragă date din documente la 8k "
    "context?",
    "Câtă memorie VRAM trebuie pentru qwen2.5-7b ca să extragă nodurile din graful de "
    "cunoștințe la 8k context?",
    "How much VRAM does qwen2.5-7b need to extract data from PDFs at 8k context?",
])
def test_a_memory_question_about_extracting_data_is_memory(question: str) -> None:
    r = ask(question)
    q, value, unit = asked(r)
    assert (q, unit) == ("total_gib", "GiB"), r.answer
    assert value == pytest.approx(16.4, abs=0.1)


def test_data_moved_out_of_a_cloud_is_still_egress() -> None:
    r = ask("Cât costă să scot 2 TB din AWS?")
    q, value, _ = asked(r)
    assert q == "egress_usd" and value > 0, r.answer
