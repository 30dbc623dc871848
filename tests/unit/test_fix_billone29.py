"""A billing step that one provider alone uses is said as such, not "(1 providers)" /
"(1 furnizori)" (noted by the roretr fix: "which providers charge per hour?")."""

from __future__ import annotations

import pytest

from tests.unit.kb_fixtures import ask, head


@pytest.mark.parametrize(("q", "said"), [
    ("Which providers charge per hour?",
     "Billed per hour: OVHcloud (the only one in the catalog that does);"),
    ("Care furnizori taxează pe oră?",
     "Facturare pe oră: OVHcloud (singurul din catalog care face așa);"),
])
def test_one_provider_is_the_only_one(q: str, said: str) -> None:
    text = head(ask(q))
    assert text.startswith(said), text
    assert "(1 providers)" not in text and "(1 furnizori)" not in text


def test_several_keep_their_count() -> None:
    assert "Billed per minute: Hyperstack, Lambda (2 providers);" in head(
        ask("Which providers bill per minute?"))
