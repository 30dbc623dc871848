"""Media and volume questions read by their unit (buyer audit 26c): a cost per minute of
video is that minute's cost, not billing steps (#2); "cât costă 1 milion de tokeni embeddați"
is the unit price in both languages, and a job billed by the hour gives the rate at
saturation too (#3); "VRAM for 4 images at once" is a batch's memory (#4)."""

from __future__ import annotations

import pytest

from tests.unit.kb_fixtures import ask


def norm(text: str) -> str:
    """Spaces as typed (the Romanian amounts are written with no-break spaces)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def first(q: str) -> str:
    return norm(ask(q).answer.split("\n\n")[0])


@pytest.mark.parametrize("q", [
    "Cost per minute of video with Wan 2.1 14B on H100?",
    "What is the cost per minute of generated video with Wan 2.1 14B on H100?",
    "Cat costa pe minut de video generat cu Wan 2.1 14B pe H100?",
])
def test_cost_per_minute_of_video_is_that_minutes_cost(q: str) -> None:
    r = ask(q)
    text = norm(r.answer.split("\n\n")[0])
    assert r.intent == "cost", text
    assert "Billed per second" not in text and "Facturare pe secundă" not in text, text
    assert "$9.10" in text or "9,10 USD" in text, text


def test_billed_per_minute_of_video_stays_billing() -> None:
    assert ask("Is Wan 2.1 14B billed per minute of video on H100?").intent == "billing"


@pytest.mark.parametrize("q", [
    "Cat costa 1 milion de tokeni embeddati cu bge-large-en-v1.5 pe un L4?",
    "How much is 1 million tokens embedded with bge-large-en-v1.5 on an L4?",
    "Cost per 1 million tokens embedded with bge-large-en-v1.5 on an L4?",
])
def test_one_million_tokens_embedded_is_the_unit_price(q: str) -> None:
    text = first(q)
    assert "$0.0013 per million" in text or "0,0013 USD pe milion" in text, text
    assert "0,38 USD:" not in text and "$0.38:" not in text, text


@pytest.mark.parametrize("q", [
    "How much does it cost to embed 1 million tokens with bge-large-en-v1.5 on an L4?",
    "Cat costa sa embeddez 1 milion de tokeni cu bge-large-en-v1.5 pe un L4?",
])
def test_an_embedding_job_billed_an_hour_also_gives_the_rate(q: str) -> None:
    text = first(q)
    assert "$0.38" in text or "0,38 USD" in text, text  # the job, as billed
    assert "$0.0013 per million" in text or "0,0013 USD pe milion" in text, text


@pytest.mark.parametrize("q", [
    "How much VRAM does Flux dev need to generate 4 images at once at 1024x1024?",
    "Cat VRAM trebuie pentru Flux dev ca sa generez 4 imagini deodata la 1024x1024?",
])
def test_vram_for_images_at_once_is_a_batchs_memory(q: str) -> None:
    text = first(q)
    assert text.startswith("FLUX.1 [dev] at bf16 needs about 49.6 GiB") or text.startswith(
        "FLUX.1 [dev] la bf16 are nevoie de aproximativ 49,6 GiB"), text
    assert "nf4" not in text, text


@pytest.mark.parametrize("q", [
    "Stable Audio Open cost per clip on an L4?",
    "How much does one Stable Audio Open clip cost on an L4?",
    "Cat costa un clip Stable Audio Open pe un L4?",
])
def test_stable_audio_cost_per_clip_leads_with_one_clips_cost(q: str) -> None:
    r = ask(q)
    text = norm(r.answer.split("\n\n")[0])
    assert text.startswith("About $0.0011 per clip of 47.6 s") or text.startswith(
        "Aproximativ 0,0011 USD pe clip de 47,6 s"), text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "per_clip_usd"


@pytest.mark.parametrize("q", [
    "How many minutes of audio can Whisper large-v3 turbo transcribe per dollar on an L4?",
    "Cate minute de audio transcrie Whisper large-v3 turbo pentru un dolar pe un L4?",
])
def test_minutes_of_audio_per_dollar_are_given(q: str) -> None:
    r = ask(q)
    text = norm(r.answer.split("\n\n")[0])
    assert "14,387 minutes of audio per dollar" in text or (
        "14.387 de minute de audio pentru un dolar" in text), text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "audio_minutes_per_usd"


@pytest.mark.parametrize("q", [
    "Monthly cost to transcribe 10,000 hours of audio per month with Whisper?",
    "How much does it cost per month to transcribe 10000 hours of audio with Whisper?",
    "Cat costa pe luna sa transcriu 10.000 de ore de audio cu Whisper?",
])
def test_a_months_audio_is_one_price_whatever_the_wording(q: str) -> None:
    text = first(q)
    assert "$14.38" in text or "14,38 USD" in text, text
    assert "cheapest setup in the catalog" not in text, text
    # the month's job leads; the always-on server that keeps up is said after it, as that
    # (session 31: the GPUs that keep up with a month's volume), never as the month's price
    lead = text.split(". ")[0]
    assert "101.55" not in lead and "101,55" not in lead, text


@pytest.mark.parametrize("q", [
    "Monthly cost to generate 1 million Flux dev images per month on H100?",
    "How much does 1 million Flux dev images per month cost on H100?",
    "Cat costa pe luna 1 milion de imagini Flux dev pe H100?",
])
def test_a_months_images_on_a_gpu_named_fit_the_month(q: str) -> None:
    text = norm(ask(q).answer)
    # the month's 1,816 GPU-hours on 3 H100s (720 h each at most), not one H100 for 76 days
    assert "3 × NVIDIA H100 SXM5 80GB" in text, text
    assert "$2,350" in text or "2.350 USD" in text, text
    assert "3,728" not in text and "3.728" not in text, text
    assert "720" in text, text


@pytest.mark.parametrize("q", [
    "How long does Wan 2.1 14B take to render a 720p video on an A100?",
    "Cat dureaza un video Wan 2.1 14B la 720p pe un A100?",
])
def test_a_bare_a100_reads_the_variant_that_holds_the_model(q: str) -> None:
    r = ask(q)
    text = norm(r.answer.split("\n\n")[0])
    assert not text.startswith(("No", "Nu")), text
    assert "57.3 minutes" in text or "57,3 minute" in text, text
    assert "A100 SXM4 80GB" in text and "A100 SXM4 40GB" in text, text


def test_a_bare_a100_fit_question_is_still_the_40gb_card() -> None:
    assert first("Does Wan 2.1 14B fit on an A100?").startswith("No")


@pytest.mark.parametrize("q", [
    "How many images per second can Llava 1.6 Mistral 7B caption on an A100 80GB?",
    "Cate imagini pe secunda poate procesa Llava 1.6 Mistral 7B pe un A100 80GB?",
])
def test_vlm_images_per_second_gives_a_rate(q: str) -> None:
    r = ask(q)
    text = norm(r.answer.split("\n\n")[0])
    assert r.intent == "speed", text
    assert text.startswith(("About 2.30 images per second", "Aproximativ 2,30 imagini pe secundă")
                           ), text
    assert "not modelled" in text or "nu sunt modelați" in text, text
