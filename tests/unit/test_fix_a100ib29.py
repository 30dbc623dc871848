"""A bare family name with a network between machines asked ("cheapest 8x A100 node with
InfiniBand"): every memory variant is weighed on the machines that state that network, as
the price itself is; merging the family rule (fix/a100) with the InfiniBand route
(fix/nodeprice) first weighed the variants on their NVLink machines, so the note named an
NVLink machine at $5.77/h beneath an InfiniBand lead at $27.20/h."""

from __future__ import annotations

import pytest

from tests.unit.kb_fixtures import ask, head


@pytest.mark.parametrize(("q", "lead", "other"), [
    ("Cheapest 8x A100 node with InfiniBand for multi-node training, per month?",
     "$21.60/h (coreweave", "$27.20/h (azure"),
    ("Cel mai ieftin nod 8x A100 cu InfiniBand, pe lună?",
     "21,60 USD/oră (coreweave", "27,20 USD/oră (azure"),
])
def test_family_weighed_on_the_network_asked(q: str, lead: str, other: str) -> None:
    text = head(ask(q))
    assert "InfiniBand" in text and lead in text and other in text, text
    assert "5.77" not in text and "5,77" not in text, text
