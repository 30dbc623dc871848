"""/v1/ask cost of 1,000 images (audit 22, fix imgcost):

1. "Flux dev cost per 1000 images on H100" led with $2.34 per 1,000 on one H100 (the GPU time
   at the hourly price), then priced the 1,000 images as a job on a machine of 2 × H100 ($2.59,
   one hour billed + storage: the cheapest machine for the job, no count asked), then one card
   alone ($2.60, two hours billed + storage): three near-equal figures on two setups. Now the
   unit cost leads and the whole job follows on the same GPU, labelled as the job rented alone;
2. a job of images on a GPU named with no count ("Cât costă 1000 de imagini cu Flux dev pe
   H100?", "How much do 1000 images ... cost on H100?") led with the machine of 2 ($2.59) a
   cent under one card; one card leads now unless a larger machine saves more than 5 %;
3. "costul per 1000 de imagini" is the unit cost, as "cost per 1000 images" (it was the job).
"""

from __future__ import annotations

import re

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_H100 = "NVIDIA H100 SXM5 80GB"


def _figures(text: str) -> list[str]:
    """The dollar figures of at least $0.10 an answer's numbers paragraph states."""
    return [x for x in re.findall(r"\$(\d[\d,]*\.\d+)", text) if float(x.replace(",", "")) >= 0.1]


def test_unit_cost_leads_on_one_h100_job_on_same_gpu() -> None:
    r = ask("Flux dev cost per 1000 images on H100")
    text = head(r)
    q, per_k, _ = asked(r)
    assert q == "per_thousand_images_usd"
    assert first_sentence(r).startswith(f"About ${per_k:.2f} per 1,000 "), r.answer
    assert f"on 1 × {_H100}" in first_sentence(r), r.answer
    # the job said after it on the same single H100, labelled as the job rented alone
    assert f"The whole job of 1,000 images on 1 × {_H100}, rented for it alone: about $" \
        in text, r.answer
    assert f"2 × {_H100}" not in text and "One card alone" not in text, r.answer
    assert "No GPU count was asked" not in text, r.answer


def test_unit_cost_one_h100_and_4090_two_figures() -> None:
    for question, gpu in (("Flux dev cost per 1000 images on one H100", _H100),
                          ("SDXL cost per 1000 images on a 4090", "NVIDIA GeForce RTX 4090 24GB")):
        r = ask(question)
        text = head(r)
        assert asked(r)[0] == "per_thousand_images_usd", r.answer
        assert f"The whole job of 1,000 images on 1 × {gpu}, rented for it alone" in text, \
            r.answer
        # the unit cost, the job total and its compute (the breakdown): no other setup's total
        lead, job = _figures(first_sentence(r))[0], text.split("rented for it alone: about $")[1]
        assert float(job.split(" ")[0]) > float(lead), r.answer


def test_romanian_per_thousand_reads_as_unit_cost() -> None:
    en = ask("Flux dev cost per 1000 images on H100")
    ro = ask("Care este costul per 1000 de imagini cu Flux dev pe H100?")
    assert asked(ro)[0] == "per_thousand_images_usd", ro.answer
    assert round(asked(ro)[1], 4) == round(asked(en)[1], 4)
    assert first_sentence(ro).startswith(f"Aproximativ {asked(en)[1]:.2f}".replace(".", ",")), \
        ro.answer
    assert f"Întregul job de 1.000 de imagini pe 1 × {_H100}" in head(ro), ro.answer


def test_job_of_images_no_count_on_one_card_both_languages() -> None:
    ro = ask("Cât costă 1000 de imagini cu Flux dev pe H100?")
    en = ask("How much do 1000 images with Flux dev cost on H100?")
    for r in (ro, en):
        assert asked(r)[0] == "job_usd", r.answer
        assert f"1 × {_H100}" in first_sentence(r), r.answer
        assert f"2 × {_H100}" not in head(r), r.answer
    assert round(asked(ro)[1], 4) == round(asked(en)[1], 4)
    assert "O singură placă" not in head(ro) and "One card alone" not in head(en)
