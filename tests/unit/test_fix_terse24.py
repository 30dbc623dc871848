"""/v1/ask: the asked quantity leads, in the unit asked (buyer audit 24a #8 and #10), English
and Romanian.

#8: a terse "..., 100M tokens: hours?" or "..., 5B tokens, days?" was read as a fit question
("Yes, ... fits ... 27.8 GiB", numbers.asked per_gpu_gib) with the run's hours in the fourth
sentence; days were never given. Now the bare unit asked after the job is a time asked: the
run's length leads, in days where days are asked ("about 1.2 days (28.3 hours)"), and
numbers.asked is that figure (training_days in days, else training_hours in h).

#10: a job's total asked was answered with a unit rate or with memory only:
- "1000 sound effects of 5 seconds each with stable audio open": sound effects were no pieces
  of audio counted, so the cheapest GPU's $/h led; now the job's total leads (whole windows);
- "1 million SDXL images ... download them (1.5MB each) - total cost including egress": the
  size of each item was not read, so the egress price per GB led; now 1.5 MB x 1,000,000 =
  1,500 GB of egress is the job's, its total leads with the egress in it;
- "how much does it cost to train an SDXL LoRA on 30 images?": 13.6 GiB led and nothing said
  that a diffusion model's training time is not modelled; now that the run's cost (or time)
  is not given, and why, leads, with no figure asked.
"""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _num(text: str) -> float:
    """A figure as an answer writes it, English or Romanian."""
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})*,\d+|\d+,\d+", text):
        return float(text.replace(".", "").replace(",", "."))
    return float(text.replace(",", ""))


def _lead_usd(lead: str) -> float:
    """The first sum of money a lead says, "$4,846" or "4.846 USD"."""
    m = re.search(r"\$([\d,]+(?:\.\d+)?)", lead)
    if m is not None:
        return float(m.group(1).replace(",", ""))
    m = re.search(r"(\d{1,3}(?:\.\d{3})*(?:,\d+)?)\s*USD", lead)
    assert m is not None, lead
    return float(m.group(1).replace(".", "").replace(",", "."))


# -- #8: a terse unit asked ------------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "lora finetune llama 3.1 8b on 2x L40S, 100M tokens: hours?",
    "qlora mistral 7b on 1x rtx 4090, 500M tokens - hours?",
    "lora llama 3.1 8b pe 2 L40S, 100M tokeni: ore?",
])
def test_terse_hours_lead_with_the_hours(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert not lead.startswith(("Yes", "Da")), head(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("training_hours", "h"), head(r)
    m = re.search(r"(?:about|aproximativ) ([\d.,]+) (?:hours|ore|de ore)", lead)
    assert m is not None, lead
    assert _num(m.group(1)) == pytest.approx(value, abs=0.051), lead


@pytest.mark.parametrize(("q", "word"), [
    ("full ft llama 3.2 3b on 8xa100 80gb, 5B tokens, days?", "days"),
    ("full ft llama 3.2 3b pe 8xa100 80gb, 5B tokeni, zile?", "zile"),
    ("lora llama 3.1 70b on 2x h100, 500M tokens: days?", "days"),
])
def test_terse_days_lead_with_the_days(q: str, word: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert not lead.startswith(("Yes", "Da")), head(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("training_days", "days"), head(r)
    m = re.search(rf"(?:about|aproximativ) ([\d.,]+) {word} \(", lead)
    assert m is not None, lead
    assert _num(m.group(1)) == pytest.approx(value, abs=0.051), lead


def test_terse_days_audit_figure() -> None:
    # the audit's run: 28.3 hours on 8 x A100 80GB, about 1.2 days
    r = ask("full ft llama 3.2 3b on 8xa100 80gb, 5B tokens, days?")
    assert "about 1.2 days (28.3 hours)" in first_sentence(r), head(r)


def test_a_usage_or_gpu_hours_is_no_terse_time() -> None:
    from service.domain.answer.intent import _DAYS_Q, _TIME_Q
    for q in ("serve llama 3.1 8b 8 hours a day?", "for 5 days?", "gpu hours?"):
        assert not _TIME_Q.search(q) and not _DAYS_Q.search(q), q
    for q in ("..., 5b tokens, days?", "...: zile?", "... - hours?", "... (in days)?"):
        assert _TIME_Q.search(q), q
    for q in ("..., 5b tokens, days?", "...: zile?"):
        assert _DAYS_Q.search(q), q


# -- #10: a job's total asked ----------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "cost to generate 1000 sound effects of 5 seconds each with stable audio open",
    "cat costa 1000 de efecte sonore de 5 secunde cu stable audio open?",
    "cost to generate 1000 5-second songs with stable audio open",
])
def test_sound_effects_job_total_leads(q: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert not lead.startswith(("The cheapest", "Cea mai ieftină")), head(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    # 1,000 clips, each a whole 47.55 s window: 13.2 hours of audio, the job's total leading
    assert re.match(r"13[.,]2 (?:hours|ore) (?:of|de) audio", lead), lead
    assert _lead_usd(lead) == pytest.approx(value, abs=0.006), lead


def test_sound_effects_on_a_gpu_named() -> None:
    r = ask("how much for 200 sfx with stable audio open on an L4")
    quantity, _, unit = asked(r)
    assert (quantity, unit) == ("job_usd", "USD"), head(r)
    assert first_sentence(r).startswith("2.6 hours of audio"), head(r)


@pytest.mark.parametrize(("q", "gb"), [
    ("generate 1 million SDXL images on aws and download them (1.5MB each) - total cost "
     "including egress", "1,500 GB"),
    ("generez 1 milion de imagini SDXL pe aws si le descarc (1,5 MB fiecare) - cost total cu "
     "egress?", "1.500 GB"),
    ("generate 100k flux schnell images on gcp, each image is 2 MB, download them all: total "
     "cost?", "200 GB"),
])
def test_item_size_egress_is_the_jobs(q: str, gb: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), head(r)
    assert not first_sentence(r).startswith(("Internet egress", "Traficul")), head(r)
    assert gb in head(r), head(r)
    # the job's total, egress in it, is the lead's figure
    assert _lead_usd(first_sentence(r)) == pytest.approx(value, rel=0.01), head(r)


@pytest.mark.parametrize(("text", "gb"), [
    ("download them (1.5mb each)", 1500.0),
    ("each image is 2 mb, download them", 2000.0),
    ("1000 de imagini de 1,5 mb fiecare, le descarc", 1500.0),
    ("egress at 500 kb per image", 500.0),
    ("images of 1.5 mb each", None),  # nothing sent out: no egress
])
def test_item_egress_gb(text: str, gb: float | None) -> None:
    from service.domain.answer.intent import item_egress_gb
    got = item_egress_gb(text, 1_000_000)
    assert got == (pytest.approx(gb) if gb is not None else None)


@pytest.mark.parametrize(("q", "start"), [
    ("how much does it cost to train an SDXL LoRA on 30 images?",
     "The cost of LoRA fine-tuning of Stable Diffusion XL 1.0 (base) is not given"),
    ("cat costa sa antrenez un LoRA SDXL pe 30 de imagini?",
     "Costul fine-tuning-ului LoRA pentru Stable Diffusion XL 1.0 (base) nu este dat"),
    ("how much does it cost to fine-tune flux.1 dev with lora on 20 images on an H100?",
     "The cost of LoRA fine-tuning of FLUX.1 [dev] is not given"),
    ("how long to train a flux dev lora on an A100 80GB?",
     "How long LoRA fine-tuning of FLUX.1 [dev] takes is not given"),
    ("cat dureaza un fine-tuning lora pentru flux dev pe un A100 80GB?",
     "Durata fine-tuning-ului LoRA pentru FLUX.1 [dev] nu este dată"),
])
def test_diffusion_training_total_said_unknown(q: str, start: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(start), head(r)
    assert r.numbers is not None and r.numbers.asked is None, head(r)
    assert "GiB" in head(r), head(r)  # the memory is still said, after


def test_diffusion_training_for_a_length_stated_is_priced() -> None:
    r = ask("cost of an sdxl lora on an A100 for 3 hours?")
    quantity, _, _ = asked(r)
    assert quantity == "job_usd", head(r)
    assert first_sentence(r).startswith("For 3 hours"), head(r)
