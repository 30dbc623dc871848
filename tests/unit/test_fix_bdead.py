"""/v1/ask batch jobs honour the deadline stated, and "how long" is the wall clock (audit
batch B1 and B7): a token job's deadline ("within 10 hours", "by Friday", "în 10 ore", "până
vineri") is passed to the recommendations as the API's ``max_job_hours``; "by tomorrow" /
"până mâine" is a deadline of one day (24 hours), counted as a weekday deadline is; "how long
and what cost" on several GPUs leads with the wall-clock hours, the GPU-hours after them, and
the sizing numbers are one replica's (one per GPU), not their sum."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _wall_hours(text: str, lang: str = "en") -> float:
    """The hours the deadline sentence says the job finishes in."""
    pat = (r"The job finishes in about ([\d.]+) hours \(wall-clock\)" if lang == "en"
           else r"Jobul se încheie în aproximativ ([\d,]+) (?:de )?ore \(timp scurs\)")
    m = re.search(pat, text)
    assert m is not None, text
    return float(m.group(1).replace(",", "."))


@pytest.mark.parametrize(("question", "limit"), [
    ("Translate 200M tokens with Qwen 2.5 7B within 10 hours. Cost?", 10.0),
    ("Batch translate 200M tokens with Qwen 2.5 7B within 2 hours. Cost?", 2.0),
])
def test_token_job_within_hours_en(question: str, limit: float) -> None:
    r = ask(question)
    text = head(r)
    assert asked(r)[0] == "per_job_usd"
    assert f"within the deadline of {limit:.0f} hours" in text, text
    assert _wall_hours(text) <= limit
    # the hourly pick that takes 198 hours is no match for a 10-hour job
    assert "this job would cost" not in text, text


def test_token_job_within_hours_ro() -> None:
    r = ask("Traduc 200M de tokeni cu Qwen 2.5 7B în 10 ore. Cât costă?")
    text = head(r)
    assert "în termenul de 10 ore" in text, text
    assert _wall_hours(text, "ro") <= 10.0
    assert "acest job ar costa" not in text, text


def test_token_job_by_friday_en_ro() -> None:
    # the tests answer on Thursday 2026-12-03: Friday is one day, 24 hours
    en = head(ask("Batch job: generate 20 billion tokens with Llama 3.1 8B by Friday. Cost?"))
    assert "Deadline by Friday, 2026-12-04: 1 day." in en
    assert "within the deadline of 24 hours" in en, en
    assert _wall_hours(en) <= 24.0
    ro = head(ask("Generez 20 de miliarde de tokeni cu Llama 3.1 8B până vineri. Cât costă?"))
    assert "Termen până vineri, 2026-12-04: o zi." in ro
    assert "în termenul de 24 de ore" in ro, ro
    assert _wall_hours(ro, "ro") <= 24.0


def _image_hours(text: str) -> float:
    m = re.search(r"(?:about|aproximativ) ([\d.,]+) (?:de )?(?:hours|ore)", text)
    assert m is not None, text
    return float(m.group(1).replace(",", "."))


def test_images_by_tomorrow_en() -> None:
    r = ask("Generate 50,000 images with SDXL by tomorrow")
    text = head(r)
    assert ("Deadline by tomorrow, 2026-12-04: read as 1 day (24 hours) from today, as a "
            "weekday deadline counts its days.") in text, text
    # was 59.6 hours on 4 × RTX 5070; "within 24 hours" gave 19.9 hours
    assert _image_hours(first_sentence(r)) <= 24.0
    assert first_sentence(ask("Generate 50,000 images with SDXL within 24 hours")) \
        == first_sentence(r)


def test_images_by_tomorrow_ro() -> None:
    r = ask("Generez 50.000 de imagini cu SDXL până mâine. Cât costă?")
    text = head(r)
    assert "Termen până mâine, 2026-12-04: citit ca o zi (24 de ore) de azi" in text, text
    assert _image_hours(first_sentence(r)) <= 24.0


def test_tomorrow_morning_is_no_whole_day() -> None:
    # a time of day says no whole day: no deadline read (was none before either)
    text = head(ask("Generate 50,000 images with SDXL by tomorrow morning"))
    assert "Deadline by tomorrow" not in text


def test_how_long_and_cost_on_8_gpus_en() -> None:
    r = ask("Generate 100,000 images with SDXL on 8 H100: how long and what cost?")
    first = first_sentence(r)
    # the wall clock leads (it led with "cost about $182.02: about 97.3 hours of GPU time")
    assert "take about 12.2 hours at 3.5 s per image: about $182.02" in first, first
    assert "of GPU time" not in first
    q, v, unit = asked(r)
    assert (q, unit) == ("job_hours", "h") and v == pytest.approx(12.16, abs=0.01)
    text = head(r)
    assert "About 97.3 GPU-hours: 8 × NVIDIA H100 SXM5 80GB for about 12.2 hours." in text
    assert "Each of the 8 GPUs runs its own copy of the pipeline" in text
    # one replica's memory (one GPU's), not the 8 copies summed (85.52 / 51.69 GiB)
    s = r.numbers.sizing if r.numbers else None
    assert s is not None
    assert s.total_gib == pytest.approx(10.69, abs=0.01)
    assert s.weights_gib == pytest.approx(6.46, abs=0.01)


def test_how_long_and_cost_on_8_gpus_ro() -> None:
    r = ask("Cât durează și cât costă să generez 100.000 de imagini cu SDXL pe 8 H100?")
    first = first_sentence(r)
    assert "durează aproximativ 12,2 ore la 3,5 s pe imagine: aproximativ 182,02\u00a0USD" \
        in first, first
    assert "Aproximativ 97,3 ore-GPU" in head(r)
    assert asked(r)[0] == "job_hours"
    s = r.numbers.sizing if r.numbers else None
    assert s is not None and s.total_gib == pytest.approx(10.69, abs=0.01)
