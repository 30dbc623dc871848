"""Reading "no spot" right (audit regress7 #1, #2, #11, #14): "I don't mind interruptions",
"won't mind preemption", "we don't need restarts from zero" welcome spot (it leads, as before
the last round); "we can't use spot", "spot is not available/an option", "nu putem folosi
spot", "nu trebuie să fie întrerupt", "nu sunt instanțe spot disponibile" rule it out
(on-demand only, no spot total); and a spot job line carries its provider's warnings."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked
from tests.unit.ask_fixtures import head as _head


def head(r: object) -> str:
    return _head(r).replace("\u00a0", " ")  # type: ignore[arg-type]


_NOT_ON_SPOT = ("Not on spot: the job cannot be interrupted", "Nu pe spot: jobul nu poate fi")


@pytest.mark.parametrize(("q", "usd"), [
    # 4 x V100 at primeintellect, $0.20/h spot (on-demand: $44.19 on 4 x RTX 5070 at vast)
    ("I don't mind interruptions: cheapest way to generate 100,000 SDXL images?", 19.97),
    ("We won't mind preemption: 100,000 SDXL images, cheapest?", 19.97),
    ("Preemption is fine, we don't need restarts from zero: cost of 100,000 SDXL images?",
     19.97),
    ("We don't need restarts from zero because we checkpoint: cost of 100,000 SDXL images?",
     19.97),
    ("We're fine with interruptions: cost of 100,000 SDXL images?", 19.97),
    ("Nu mă deranjează întreruperile: 100.000 de imagini SDXL, cât costă?", 19.97),
])
def test_interruptions_welcome_lead_with_spot_images(q: str, usd: float) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(usd, abs=0.01)
    text = head(r)
    assert "(spot)" in text
    assert not any(x in text for x in _NOT_ON_SPOT)
    assert "On-demand, the same job costs about $44.19" in text or (
        "La cerere, același job costă aproximativ 44,19 USD" in text)


def test_not_restarted_from_scratch_is_no_ban_on_spot() -> None:
    # a job that resumes: spot stays an option (it said "Not on spot: the job cannot be
    # interrupted"); no interruption said, so on-demand leads with the spot job after it
    r = ask("The job will not be restarted from scratch: cost of 100,000 SDXL images?")
    text = head(r)
    assert not any(x in text for x in _NOT_ON_SPOT)
    assert "On spot, only if the job can be interrupted and restarted: about $19.97" in text


def test_dont_mind_interruptions_token_job_leads_with_spot() -> None:
    r = ask("I don't mind interruptions: cheapest way to generate 200M tokens with "
            "Llama 3.1 8B?")
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    # not the on-demand job's $14.90 (re-pinned: start transient + round 14; r14int8: was
    # $14.47 at int8, then $14.92)
    assert value < 14.90 - 1
    text = head(r)
    assert ", spot)" in text
    assert not any(x in text for x in _NOT_ON_SPOT)
    # re-pinned: start transient + round 14; fix/pcienvl: $15.11 on 4 x RTX 3060 ($14.90 timed
    # vast's "pcie" 4 x RTX 3090 over an NVLink bridge it lacks)
    assert "On-demand, the same job costs about $15.11" in text


@pytest.mark.parametrize(("q", "usd", "od"), [
    ("We can't use spot instances: translate 200M tokens with Llama 3.1 8B, cost?", 3.51,
     "on-demand)"),
    ("We cannot use spot: translate 200M tokens with Llama 3.1 8B, cost?", 3.51, "on-demand)"),
    ("Spot is not available to us: generate 100,000 SDXL images, cost?", 44.19, "(on-demand)"),
    ("Spot isn't an option for us. Cost to transcribe 1,000 hours of audio with Whisper "
     "large-v3?", 1.44, "(on-demand)"),
    ("Nu putem folosi spot: 100.000 de imagini SDXL, cât costă?", 44.19, "(la cerere)"),
    ("Jobul nu trebuie să fie întrerupt: 100.000 de imagini SDXL, cât costă?", 44.19,
     "(la cerere)"),
    ("Jobul nu trebuie să fie întrerupt: traduc 200M de tokeni cu Llama 3.1 8B, cât costă?",
     3.51, "la cerere)"),
    ("The job must not be interrupted: 100,000 SDXL images, cost?", 44.19, "(on-demand)"),
    ("We can't tolerate interruptions: 100,000 SDXL images, cost?", 44.19, "(on-demand)"),
])
def test_spot_ruled_out_is_on_demand_only(q: str, usd: float, od: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(usd, abs=0.01)
    text = head(r)
    assert od in text
    assert "(spot)" not in text and ", spot)" not in text
    assert "On spot, only if" not in text and "Pe spot, doar dacă" not in text
    assert "0,20 USD/oră (spot)" not in text and "$0.20/h (spot)" not in text
    assert r.numbers is not None
    assert {o.pricing_model for o in r.numbers.recommendations} <= {"on_demand"}


@pytest.mark.parametrize("q", [
    "No spot instances available in my region, what else? Llama 3.1 70B for 20 users",
    "Nu sunt instanțe spot disponibile în regiunea mea, ce altceva? Llama 3.1 70B pentru 20 "
    "de utilizatori",
    "Nu avem instanțe spot în regiunea noastră: Llama 3.1 70B pentru 20 de utilizatori, ce "
    "altceva?",
])
def test_no_spot_in_region_is_on_demand_en_ro(q: str) -> None:
    r = ask(q)
    assert r.intent != "spot"
    # re-pinned: start transient + round 14: 1 x H100 at awq-int4, $1.29/h on-demand (was
    # 2 x A100 80GB at vast, $1.87/h)
    assert asked(r)[:2] == ("gpu_count", 1)
    text = head(r)
    assert "spot" not in text.lower()


@pytest.mark.parametrize(("q", "spot", "warns"), [
    ("Transcribe 100,000 phone calls of 10 minutes each with Whisper large-v3: cost?",
     "On spot, only if the job can be interrupted and restarted: about $11.86 on 4 × NVIDIA "
     "Tesla V100 SXM2 16GB at primeintellect",
     ("Primeintellect: billing granularity unknown; billed per hour here",
      "Storage price unknown for primeintellect")),
    ("Transcriu 100.000 de apeluri de 10 minute fiecare cu Whisper large-v3: cât costă?",
     "11,86 USD pe 4 × NVIDIA Tesla V100 SXM2 16GB la primeintellect",
     ("Primeintellect: granularitatea facturării este necunoscută",
      "Prețul stocării la primeintellect este necunoscut")),
])
def test_spot_job_line_carries_the_spot_providers_warnings(
        q: str, spot: str, warns: tuple[str, ...]) -> None:
    r = ask(q)
    text = r.answer.replace("\u00a0", " ")
    assert spot in text
    for x in warns:
        assert x in text, x
