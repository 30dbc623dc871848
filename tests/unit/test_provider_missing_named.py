"""A price question naming a provider that has no offer for the GPU says so first (audit:
"how much is a B300 per hour on runpod?" answered "$5.16/h per GPU at shadeform" without
a word that RunPod lists no B300)."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, catalog
from tests.unit.rec_fixtures import TODAY


@pytest.mark.parametrize(("q", "words"), [
    ("how much is a B300 per hour on runpod?", "no priced offer"),
    ("cât costă pe oră un B300 la runpod?", "nicio ofertă cu preț"),
])
def test_a_provider_without_the_gpu_is_said_first(q: str, words: str) -> None:
    assert not [v for v in catalog().views(TODAY) if v.gpu == "b300" and v.provider == "runpod"
                and v.price_per_gpu_usd_h is not None]
    r = ask(q)
    first = r.answer.split("\n")[0]
    assert words in first and "RunPod" in first, r.answer[:300]


def test_a_provider_with_the_gpu_is_quoted_as_before() -> None:
    r = ask("how much is an H100 per hour on runpod?")
    assert "no priced offer" not in r.answer and "runpod" in r.answer.lower()
