"""Denials and spot readings in questions (audit regress9 #2, #3, #4 and two LOW items): a
denied translation is no translation, "spot is fine" wins over a no-interruption phrase,
"we can't have the job interrupted" / "don't want to risk interruptions" / "nu vrem să fie
întrerupt" rule spot out, "not by tomorrow" is no deadline, and a serving answer with spot
ruled out carries no spot line."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _by_tomorrow, _translation
from service.domain.answer.understand import _fold
from tests.unit.ask_fixtures import ask, asked
from tests.unit.ask_fixtures import head as _head


def head(r: object) -> str:
    return _head(r).replace("\u00a0", " ")  # type: ignore[arg-type]


# 200M tokens of Llama 3.1 8B: $15.11 as output tokens (3,584 in / 512 out), on-demand
# (re-pinned: start transient + round 14; was $14.92; fix/pcienvl: $14.90 on vast's 4 x RTX
# 3090 timed its tensor-parallel pairs over an NVLink bridge the "pcie" machine lacks, $16.66
# over PCIe: 4 x RTX 3060 at vast is now the cheapest);
# $3.51 read as a translation (512 / 512); $7.58 on 4 x B200 on spot (task r14int8: fp8 on
# Blackwell, where vLLM runs no int8; they were $14.47 and $3.07 on RTX 5070 at int8)
@pytest.mark.parametrize("q", [
    "We're not doing translation, just summarisation: 200M tokens with Llama 3.1 8B, cost?",
    "No machine translation here: generate 200M tokens with Llama 3.1 8B, cost?",
    "This isn't about translation: generate 200M tokens with Llama 3.1 8B, cost?",
    "Nu facem traduceri: cât costă să generăm 200M de tokeni cu Llama 3.1 8B?",
    "Fără nicio traducere: cât costă să generăm 200M de tokeni cu Llama 3.1 8B?",
])
def test_a_denied_translation_is_priced_as_plain_output(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    # re-pinned: start transient + round 14; fix/pcienvl (above)
    assert value == pytest.approx(15.11, abs=0.01)
    text = head(r)
    assert "3,584 input and 512 output" in text or "3.584 de tokeni de intrare și 512" in text
    assert "translation" not in text and "traducerii" not in text


@pytest.mark.parametrize("q", [
    "Is it not cheaper to translate 200M tokens with Llama 3.1 8B than with 70B?",
    "Translate 200M tokens with Llama 3.1 8B: cost?",
])
def test_a_translation_still_translates(q: str) -> None:
    r = ask(q)
    assert asked(r)[1] == pytest.approx(3.51, abs=0.01)
    assert "read as the translation's output" in head(r)


@pytest.mark.parametrize(("text", "is_translation"), [
    ("we're not doing translation, just summarisation", False),
    ("no machine translation here", False),
    ("this isn't about translation", False),
    ("nu facem traduceri", False),
    ("fara nicio traducere", False),
    ("we never translate anything", False),
    ("is it not cheaper to translate 200m tokens", True),
    ("wouldn't it be cheaper to translate 200m tokens", True),
    ("why not translate 200m tokens with llama 3.1 8b", True),
    ("de ce nu traducem 200m de tokeni", True),
    ("not sure, translate 200m tokens", True),
])
def test_translation_denial_window(text: str, is_translation: bool) -> None:
    assert _translation(text) is is_translation


@pytest.mark.parametrize(("q", "usd", "kind"), [
    ("Spot is fine, we don't have interruption problems since we checkpoint every 10 minutes: "
     "generate 200M tokens with Llama 3.1 8B, cost?", 7.58, "spot)"),
    ("We won't have interruptions on spot if we checkpoint, right? Generate 200M tokens with "
     "Llama 3.1 8B, cost?", 7.58, "spot)"),
    ("We don't have interruptions in our on-prem cluster, but in the cloud spot is fine: "
     "generate 200M tokens with Llama 3.1 8B, cost?", 7.58, "spot)"),
    ("We don't have restarts problems, spot OK: generate 100,000 SDXL images, cost?", 19.97,
     "(spot)"),
    ("Nu vrem întreruperi lungi, dar spot e ok cu checkpoint: 100.000 de imagini SDXL?", 19.97,
     "(spot)"),
])
def test_spot_said_fine_leads_with_spot(q: str, usd: float, kind: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(usd, abs=0.01)
    text = head(r)
    assert kind in text
    assert "Not on spot" not in text and "Nu pe spot" not in text


@pytest.mark.parametrize(("q", "usd", "od"), [
    # re-pinned: start transient + round 14 (was $14.92)
    # fix/pcienvl: 15.11 (was 14.90, vast's "pcie" 4 x RTX 3090 timed over an NVLink bridge)
    ("We can't have the job interrupted: generate 200M tokens with Llama 3.1 8B, cost?", 15.11,
     "on-demand)"),
    ("We don't want to risk interruptions: generate 100,000 SDXL images, cost?", 44.19,
     "(on-demand)"),
    ("Nu vrem să fie întrerupt: cât costă 100.000 de imagini SDXL?", 44.19, "(la cerere)"),
    # guards: already on-demand before this fix
    ("We don't want interruptions: cost to generate 100,000 SDXL images?", 44.19,
     "(on-demand)"),
    ("We can't have interruptions: generate 200M tokens with Llama 3.1 8B, what does it cost?",
     15.11, "on-demand)"),  # re-pinned: start transient + round 14; fix/pcienvl (above)
    ("Nu vrem întreruperi: cât costă 100.000 de imagini SDXL?", 44.19, "(la cerere)"),
])
def test_no_interruption_wordings_lead_on_demand(q: str, usd: float, od: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    assert value == pytest.approx(usd, abs=0.01)
    text = head(r)
    assert od in text
    assert "(spot)" not in text and ", spot)" not in text


def test_not_by_tomorrow_is_no_deadline() -> None:
    r = ask("No rush, not by tomorrow: generate 1B tokens with Llama 3.1 8B, cost?")
    text = head(r)
    assert "Deadline by tomorrow" not in text
    assert "9 instances" not in text
    # re-pinned: start transient + round 14: 8 x RTX 3090 at lium now edges out 4 x RTX 3090
    # at vast ($74.60; r14int8: was $72.36 on RTX 5070 int8); fix/pcienvl: $74.39 timed the
    # "pcie" RTX 3090 machines' tensor-parallel pairs over an NVLink bridge they lack
    assert asked(r)[1] == pytest.approx(75.54, abs=0.01)
    assert text.startswith("The job costs about $75.54 on 4 × NVIDIA GeForce RTX 3060")


@pytest.mark.parametrize(("text", "by"), [
    ("no rush, not by tomorrow: generate 1b tokens", False),
    ("we don't need it by tomorrow", False),
    ("nu pana maine, nu ne grabim", False),
    ("generate 1b tokens by tomorrow", True),
    ("trebuie gata pana maine", True),
    ("i need a quote by tomorrow", False),
])
def test_by_tomorrow_denied(text: str, by: bool) -> None:
    assert _by_tomorrow(_fold(text)) is by


def test_spot_ruled_out_serving_answer_has_no_spot_line() -> None:
    r = ask("We can't use spot for this because it is production: serve Llama 3.1 70B to 50 "
            "users, cost per month?")
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd"
    assert value == pytest.approx(1653.91, abs=1)
    assert "Spot: from" not in r.answer
    assert "(on-demand)" in head(r)

