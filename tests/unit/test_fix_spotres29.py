"""Buyer audit 29a: reservations and spot interruptions, EN and RO.

4. "Should I reserve an L40 for a year if I use it 24 hours a day?" / "Merită să rezerv un
   L40 pe un an ...?" priced the on-demand year only: "reserve" (the verb), "rezerv" and "for
   a year" now read as a reservation and its term (intent._RESERVED, _RESERVED_TERM): the
   reserved answer with its saving and break-even utilisation.
13. "Is there a reserved price for H100 on AWS?" said "no reserved price for NVIDIA H100 SXM5"
    and then listed one at hyperstack: now "none at Amazon Web Services (EC2)", with AWS's own
    documented terms (catalog/providers.toml ``reserved_terms``, source and date); "Does AWS
    offer reserved pricing?" and "Which providers offer reserved GPU pricing?" get the terms
    instead of a generic passage. "Is a reservation worth it for an A100 80GB used 6 hours a
    day?" said "$244.80 for 6 h/day" and a $172.80/month saving: a reservation bills every
    hour, so at 6 h/day it costs $979.20 against $288.00 on-demand: $691.20/month more.
15. "How much downtime should I expect on spot for an endpoint?": the expected interruptions,
    downtime and availability per replica from the recommendations' own assumptions
    (SPOT_INTERRUPTIONS_PER_HOUR 0.05 per instance, RESTART_MINUTES 10): 36 a month, 6 h,
    99.2 %.
10. "How often should I checkpoint a spot fine-tuning job?": the run time added at 15, 30, 60
    and 120 minutes (spot_overhead_fraction: 1.5 %, 2.1 %, 3.3 %, 5.8 %; 8 machines 8 times
    that), the checkpoint write time said not counted (no sourced storage bandwidth).
"""

from __future__ import annotations

from typing import Any

from service.domain.answer.compose import AskRequest, answer
from tests.unit.ask_fixtures import TODAY, catalog, knowledge


def _ask(question: str) -> Any:
    return answer(AskRequest(question=question), knowledge(), catalog(), TODAY)


# -- 4: "should I reserve ... for a year" weighs the reservation ---------------------------------

def test_reserve_verb_for_a_year_weighs_the_reservation() -> None:
    en = _ask("Should I reserve an L40 for a year if I use it 24 hours a day?").answer
    assert "eserved at hyperstack: $0.70/h per GPU" in en
    assert "reserving saves $0.30/h per GPU (30%)" in en
    assert "about $2,628 over the 1-year term" in en
    assert "busy at least 70% of the hours" in en
    ro = _ask("Merită să rezerv un L40 pe un an dacă îl folosesc 24 de ore pe zi?").answer
    assert "Rezervat la hyperstack: 0,70\u00a0USD/oră pe GPU" in ro
    assert "aproximativ 2.628\u00a0USD pe perioada de 1 an" in ro
    assert "cel puțin 70% din ore" in ro


def test_memory_reserved_is_no_reservation() -> None:
    r = _ask("How much memory should I reserve for the KV cache of Llama 3.1 8B?").answer
    assert "hyperstack" not in r and "KV cache" in r


# -- 13: a part of the day weighed as billed; none at the provider named; its terms ----------------

def test_reservation_at_six_hours_a_day_costs_more() -> None:
    en = _ask("Is a reservation worth it for an A100 80GB used 6 hours a day?").answer
    assert "$244.80" not in en and "$172.80/month" not in en
    assert ("at 6 h/day, 30 days/month used, on-demand there costs about $288.00/month for "
            "1 × NVIDIA A100 SXM4 80GB against $979.20/month reserved") in en
    assert "reserving costs about $691.20/month more" in en
    ro = _ask("Merită o rezervare pentru un A100 80GB folosit 6 ore pe zi?").answer
    assert "244,80" not in ro
    assert "rezervarea costă cu aproximativ 691,20\u00a0USD/lună mai mult" in ro


def test_reserve_for_a_year_part_of_the_day_totals_at_use() -> None:
    ro = _ask("Merită să rezerv un H100 pe un an dacă îl folosesc 8 ore pe zi?").answer
    # on-demand over the year for the hours used: 3.20 x 8 x 365, not 24/7 (28,032)
    assert "iar la cerere acolo aproximativ 9.344\u00a0USD pentru orele folosite" in ro
    assert "rezervarea costă cu aproximativ 1.190\u00a0USD/lună mai mult" in ro
    en = _ask("Should I reserve an H100 for a year if I use it 20 hours a day?").answer
    assert "reserving costs about $38.40/month more" in en
    assert "$1,632" not in en


def test_no_reserved_price_at_the_provider_named_with_its_terms() -> None:
    en = _ask("Is there a reserved price for H100 on AWS in the catalog?").answer
    assert en.startswith("The catalog has no reserved price for NVIDIA H100 SXM5 80GB at "
                         "Amazon Web Services (EC2)")
    assert "1-year or 3-year, up to 72% off" in en
    assert "provider_policies/providers.csv row 'AWS (EC2 GPU)', as of 2026-09-30" in en
    ro = _ask("Există preț rezervat pentru H100 la AWS?").answer
    assert ro.startswith("Catalogul nu are niciun preț rezervat pentru NVIDIA H100 SXM5 80GB "
                         "la Amazon Web Services (EC2)")
    assert "up to 72% off" in ro


def test_provider_reservation_terms_asked() -> None:
    en = _ask("Does AWS offer reserved pricing for GPU instances?")
    assert "Savings Plans / Reserved Instances, 1-year or 3-year, up to 72% off" in en.answer
    assert "The catalog holds no reserved price at Amazon Web Services (EC2)" in en.answer
    ro = _ask("AWS oferă prețuri rezervate pentru instanțe GPU?").answer
    assert "up to 72% off" in ro and "Catalogul nu are niciun preț rezervat la Amazon" in ro
    listed = _ask("Which providers offer reserved GPU pricing?").answer
    assert listed.startswith("9 providers state reservation or commitment terms")
    assert "up to 60% discounts" in listed and "3 or 6 months prepaid" in listed
    ro_listed = _ask("Ce furnizori oferă prețuri rezervate pentru GPU-uri?").answer
    assert ro_listed.startswith("9 furnizori declară condiții de rezervare")


# -- 15: spot downtime per replica ------------------------------------------------------------

def test_spot_endpoint_downtime() -> None:
    en = _ask("Is spot safe for a production endpoint? How much downtime should I expect?").answer
    assert ("about 36 interruptions and 6 h down in a 720-hour month (about 99.2% available)"
            in en)
    assert "0.05 interruptions per hour per instance" in en and "10-minute restart" in en
    ro = _ask("Ce întreruperi să aștept pe spot pentru un endpoint de producție? "
              "Cât timp de nefuncționare?").answer
    assert "aproximativ 36 de întreruperi și 6 h de nefuncționare" in ro
    assert "99,2%" in ro


# -- 10: checkpoint cadence on spot -----------------------------------------------------------

def test_checkpoint_cadence_on_spot() -> None:
    en = _ask("How often should I checkpoint a spot fine-tuning job of Llama 3.1 70B?").answer
    assert ("every 15 min: 1.5%; every 30 min: 2.1%; every 60 min: 3.3%; every 120 min: 5.8% "
            "more run time") in en
    assert "the time to write one is not counted here" in en
    ro = _ask("Cât de des ar trebui să salvez checkpoint-uri la un fine-tuning pe spot pentru "
              "Llama 3.1 70B?").answer
    assert "la fiecare 15 min: 1,5%" in ro and "la fiecare 120 min: 5,8%" in ro
    nodes = _ask("How often should I checkpoint when pretraining Llama 3.1 70B on 8 nodes of "
                 "8 H100 on spot?").answer
    assert "every 15 min: 11.7%" in nodes and "every 120 min: 46.7%" in nodes
