"""A family name priced at a provider ("an H100 on aws") says which of its other cards that
provider does not list before quoting them elsewhere; "The name asked also covers the H100
NVL: from $1.98/h at vast" read as an aws price."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, head


def test_other_cards_not_at_the_provider_are_said_so() -> None:
    text = head(ask("How much is an H100 per hour on aws?"))
    assert "costs from $6.88/h per GPU at aws" in text
    assert ("also covers the NVIDIA H100 NVL 94GB, which Amazon Web Services (EC2) does not "
            "list; elsewhere from") in text


def test_in_romanian() -> None:
    text = head(ask("Cât costă un H100 pe oră la aws?"))
    assert "pe care Amazon Web Services (EC2) nu îl listează; în altă parte de la" in text


def test_no_provider_named_is_unchanged() -> None:
    text = head(ask("How much is an H100 per hour?"))
    assert "does not list" not in text
