"""Audit regress2 (ask_misc4, findings 8, 10, 11, 13, 15): a job of prompts priced as a job and
"cheaper" only when it is; an unknown provider said so; unknown TTS/OCR models said unknown;
an image model's seconds at the precision that fits and an image never split over GPUs; a
fine-tune's GPU asked priced; audio "pe zi" read as a daily rate."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize("q", [
    "Cost of a 10,000-prompt job with Llama 3.1 70B on H100?",
    "Cost of a 10,000 prompt job with Llama 3.1 70B on H100?",
])
def test_a_prompt_job_is_priced_as_a_job(q: str) -> None:
    r = ask(q)
    text = head(r)
    # was "The cheapest match is 1 × H100 ... at mithril for $1.00/h (spot)"
    assert text.startswith("10,000 requests to Meta Llama 3.1 70B"), text
    assert "(spot)" not in text
    # re-pinned (test_fix_tokjob28: the job at the served load, 10 % of the memory free,
    # 396 tokens/s; was $5.19 at 436 tokens/s with the memory filled)
    assert "cost about $5.20" in text
    assert "assumed where the question states no length" in text  # no 10,000-token prompt
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd" or "job" in quantity
    assert value == pytest.approx(5.20, abs=0.01)


@pytest.mark.parametrize("q", [
    "How much to run 10,000 prompts with Llama 3.1 70B on H100?",
    "Cost of a 10,000-prompt job with Llama 3.1 70B on H100?",
])
def test_cheaper_is_said_only_when_it_reads_cheaper(q: str) -> None:
    text = head(ask(q))
    # "2 × H100 at fp8 ... is cheaper: $5.19" beside a lead of $5.19 (re-pinned,
    # test_fix_tokjob28: the lead read from the answer, $5.20 at the served load, where the
    # same $5.19 is cheaper now)
    lead = re.search(r"cost about \$([\d.,]+)", text)
    assert lead is not None, text
    for m in re.finditer(r"is cheaper: \$([\d.,]+)", text):
        assert float(m.group(1).replace(",", "")) < float(lead.group(1).replace(",", "")), text


@pytest.mark.parametrize(("q", "name"), [
    ("How much does Together AI charge for an H100?", "“Together AI” is not in the catalog"),
    ("H100 price at Scaleway per hour?", "“Scaleway” is not in the catalog"),
    ("cat costa un H100 la Scaleway pe ora", "„Scaleway” nu este în catalog"),
    ("Cât costă un H100 la Together AI pe oră?", "„Together AI” nu este în catalog"),
])
def test_an_unknown_provider_is_said_unknown(q: str, name: str) -> None:
    text = head(ask(q))
    assert text.startswith(("The provider", "Furnizorul")), text
    assert name in text


def test_a_known_provider_with_a_period_is_no_unknown_one() -> None:
    text = head(ask("How much is an H100 at RunPod per hour?"))
    assert "not in the catalog" not in text
    assert "at runpod" in text


@pytest.mark.parametrize(("q", "lead"), [
    ("What GPU for Parler TTS?", "I don't know the model “Parler TTS”"),
    ("Ce GPU pentru Parler TTS?", "Nu cunosc modelul „Parler TTS”"),
    ("Which GPU for Florence-2 OCR?", "I don't know the model “Florence-2”"),
])
def test_unknown_tts_and_ocr_models_are_said_unknown(q: str, lead: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(lead), text
    assert "Assuming Suno Bark" not in text and "Presupunând" not in text


@pytest.mark.parametrize("q", [
    "Flux dev on an RTX 4090: how many seconds per image?",
    "Câte secunde pe imagine face Flux dev pe un RTX 4090?",
])
def test_flux_dev_seconds_on_a_4090_at_the_precision_that_fits(q: str) -> None:
    text = head(ask(q))
    assert not text.startswith(("No", "Nu")), text
    # the same as the Romanian question without diacritics gave: fp8, 20.6 GiB, 34.5 s
    assert "fp8" in text.split(";")[0]
    assert re.search(r"34[.,]5 s", text), text


@pytest.mark.parametrize(("q", "words"), [
    # fix/difffp8: with no precision stated the fit now falls back to fp8 (20.5 GiB, held by
    # each 3090; audit buyer24a #7), so the No at bf16 is asked with bf16 stated, and the
    # fallback's note sets the bf16 memory against one GPU too
    ("Can SD 3.5 Large run on 2 RTX 3090s at bf16?",
     ("33.2 GiB that way on one GPU", "more than one NVIDIA GeForce RTX 3090 24GB holds",
      "each GPU runs the whole pipeline")),
    ("Poate rula SD 3.5 Large pe 2 RTX 3090 în bf16?",
     ("33,2 GiB pe un GPU", "mai mult decât cuprinde un NVIDIA GeForce RTX 3090 24GB",
      "fiecare GPU rulează tot pipeline-ul")),
    ("Can SD 3.5 Large run on 2 RTX 3090s?",
     ("Yes: Stable Diffusion 3.5 Large at fp8", "33.2 GiB per GPU, more than 1 × NVIDIA "
      "GeForce RTX 3090 24GB holds", "Each of the 2 GPUs runs its own copy of the pipeline")),
    ("Poate rula SD 3.5 Large pe 2 RTX 3090?",
     ("Da: Stable Diffusion 3.5 Large la fp8", "33,2 GiB pe GPU, mai mult decât are 1 × NVIDIA "
      "GeForce RTX 3090 24GB", "Fiecare dintre cele 2 GPU-uri rulează propria copie")),
])
def test_an_image_model_is_not_split_over_two_gpus(q: str, words: tuple[str, ...]) -> None:
    text = head(ask(q))
    assert "more than 2 ×" not in text and "decât cuprinde 2 ×" not in text, text
    for x in words:
        assert x in text, text


@pytest.mark.parametrize(("q", "price"), [
    ("Cheapest GPU to fine-tune Llama 3.1 8B with LoRA?", "$0.18/h"),
    ("Recommend a GPU for QLoRA on Llama 3.1 70B", "$0.64/h"),
    ("Which GPU for full fine-tuning of Mistral 7B?", "$1.28/h"),
    ("Ce GPU pentru fine-tuning LoRA pe Llama 3.1 8B?", "0,18\xa0USD/oră"),
])
def test_a_gpu_for_a_fine_tune_is_priced(q: str, price: str) -> None:
    r = ask(q)
    text = head(r)
    assert price in text.split(". ")[0] or price in text.split("; ")[0], text
    quantity, value, unit = asked(r)
    assert quantity == "per_hour_usd" and unit == "USD/h"
    assert f"{value:.2f}" in price.replace(",", ".")
    # the memory fit stays beside it
    assert re.search(r"17[.,]9 GiB|45[.,]8 GiB|114[.,]4 GiB", text), text


def test_a_memory_asked_for_a_fine_tune_is_no_price() -> None:
    r = ask("How much memory to fine-tune Llama 3.1 8B with LoRA?")
    assert "/h" not in head(r)
    assert asked(r)[0] == "total_gib"


def test_audio_hours_pe_zi_is_a_daily_rate_as_in_english() -> None:
    en = ask("What GPU for Whisper large-v3 to transcribe 500 hours of audio per day?")
    ro = ask("ce gpu pentru whisper large v3 ca sa transcriu 500 de ore audio pe zi")
    # RO was a one-off job: "0,72 USD ... 3,4 ore"
    assert head(ro).startswith("Pentru 500 de ore de audio pe zi"), head(ro)
    assert asked(ro)[0] == asked(en)[0]
    assert asked(ro)[1] == pytest.approx(asked(en)[1])
    assert "101,55\xa0USD" in head(ro)
