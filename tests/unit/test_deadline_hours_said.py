"""A training deadline under a day, or not a whole number of days, is said in hours as asked:
"within 6 hours" was echoed as "within 0.2 days" (buyer audit, session 15); whole days stay
days."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, first_sentence


def test_hours_stay_hours() -> None:
    lead = first_sentence(ask("fine-tune llama 3.1 8b full on 1B tokens within 6 hours: how "
                              "many H100s?"))
    assert "within 6 hours" in lead and "0.2 days" not in lead


def test_hours_in_romanian() -> None:
    lead = first_sentence(ask("fine-tune complet llama 3.1 8b pe 1B de tokeni în 36 de ore: "
                              "câte H100?"))
    assert "în cel mult 36 de ore" in lead and "1,5 zile" not in lead


def test_whole_days_stay_days() -> None:
    lead = first_sentence(ask("pretrain llama 3.2 1b on 100B tokens within 2 days, how many "
                              "H100s?"))
    assert "within 2 days" in lead
