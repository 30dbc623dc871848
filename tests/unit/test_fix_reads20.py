"""Audit buyer20 #3, #5 and a lesser one: "deadline 8 hours" was not read as a deadline (a
job answered "fits on one GPU"); "5k examples x 512 tokens x 3 epochs" assumed 2,048 tokens per
example (30,720,000 tokens for 7,680,000) and led with the time where VRAM was asked first;
"by Friday (3 days)" counted the days to Friday, not the 3 days stated."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import _deadline, _memory_first
from service.domain.answer.understand import _fold, training_examples
from tests.unit.ask_fixtures import ask, first_sentence, head

# -- #3: "deadline N hours" ------------------------------------------------------------------


@pytest.mark.parametrize(("question", "hours"), [
    ("Transcribe 2,000 hours of audio with whisper large-v3, deadline 8 hours", 8.0),
    ("Generate 200,000 SDXL images, deadline 10 hours: how many GPUs and cost?", 10.0),
    ("Transcribe 2,000 hours of audio, deadline 36h, how many GPUs?", 36.0),
    ("Transcribe 2,000 hours of audio, deadline: 2 days, how many GPUs?", 48.0),
    ("Transcribe 2,000 hours of audio with a 12 hour deadline, how many GPUs?", 12.0),
    ("Transcriu 2.000 de ore de audio, termen 8 ore: câte GPU-uri?", 8.0),
    ("Transcriu 2.000 de ore de audio, termen limită de 8 ore: câte GPU-uri?", 8.0),
    # a stated time beside a weekday wins over the days counted to it
    ("Transcribe 2,000 hours of audio by Friday (3 days): how many GPUs?", 72.0),
    ("Transcriu 2.000 de ore de audio până vineri (3 zile): câte GPU-uri?", 72.0),
    ("Transcribe 2,000 hours of audio by Friday (36 hours): how many GPUs?", 36.0),
])
def test_deadline_is_read(question: str, hours: float) -> None:
    assert _deadline(_fold(question)) == hours


@pytest.mark.parametrize("question", [
    "Transcribe 2,000 hours of audio by Friday: how many GPUs?",  # the weekday's own days
    "What is a deadline?",
])
def test_no_deadline_hours_where_none_is_stated(question: str) -> None:
    assert _deadline(_fold(question)) is None


def test_deadline_hours_job_is_planned() -> None:
    s = first_sentence(ask("Transcribe 2,000 hours of audio with whisper large-v3, deadline 8 "
                           "hours, how many GPUs and cost?"))
    assert s.startswith("Transcribing 2,000 hours of audio with OpenAI Whisper large-v3 within "
                        "8 hours needs 8 × NVIDIA GeForce RTX 3060 12GB"), s
    assert "fits on one GPU" not in s, s


def test_deadline_hours_images_job_is_planned() -> None:
    s = first_sentence(ask("Generate 200,000 SDXL images, deadline 10 hours: how many GPUs and "
                           "cost?"))
    assert s.startswith("Making 200,000 images with Stable Diffusion XL 1.0 (base) within 10 "
                        "hours needs "), s


def test_deadline_hours_in_romanian_is_planned() -> None:
    s = first_sentence(ask("Transcriu 2.000 de ore de audio cu whisper large-v3, termen 8 ore: "
                           "câte GPU-uri și cât costă?"))
    assert s.startswith("Transcrierea a 2.000 de ore de audio cu OpenAI Whisper large-v3 în 8 "
                        "ore are nevoie de 8 × NVIDIA GeForce RTX 3060 12GB"), s


def test_weekday_with_days_stated_uses_the_days() -> None:
    h = head(ask("Transcribe 2,000 hours of audio with whisper large-v3 by Friday (3 days): "
                 "how many GPUs and cost?"))
    assert "within 3 days" in h, h
    assert "Deadline by Friday" not in h, h


# -- #5: examples x tokens x epochs ----------------------------------------------------------


@pytest.mark.parametrize(("question", "read"), [
    ("how long for 5k examples x 512 tokens x 3 epochs?", (5000, 512)),
    ("how long for 10k samples * 1024 tok * 2 epochs?", (10000, 1024)),
    ("cât durează pentru 5k exemple x 512 tokeni x 3 epoci?", (5000, 512)),
    ("how long for 5,000 examples × 512 tokens?", (5000, 512)),
])
def test_examples_times_tokens_reads_the_length(question: str, read: tuple[int, int]) -> None:
    assert training_examples(question) == read


def test_examples_times_tokens_sizes_the_stated_tokens_memory_first() -> None:
    h = head(ask("QLoRA fine tune Llama 3.1 8B on a single RTX 4090: how much VRAM and how "
                 "long for 5k examples x 512 tokens x 3 epochs?"))
    # VRAM asked first: the memory leads, the run's time right after it
    # no "Yes,": no yes or no was asked (fix/askedmem; it pinned "Yes, QLoRA ...")
    assert h.startswith("QLoRA fine-tuning of Meta Llama 3.1 8B fits on 1 × NVIDIA "
                        "GeForce RTX 4090 24GB: about 9.1 GiB per GPU"), h
    assert "For 7,680,000 (5,000 examples × 512 tokens × 3 epochs) training tokens: about " \
           "54 minutes" in h, h
    assert "2,048 tokens" not in h, h


def test_examples_times_tokens_in_romanian() -> None:
    h = head(ask("QLoRA fine-tuning Llama 3.1 8B pe un RTX 4090: câtă VRAM și cât durează "
                 "pentru 5k exemple x 512 tokeni x 3 epoci?"))
    # no "Da,": no yes or no was asked (fix/askedmem; it pinned "Da, fine-tuning QLoRA ...")
    assert h.startswith("Fine-tuning QLoRA pentru Meta Llama 3.1 8B încape pe 1 × NVIDIA "
                        "GeForce RTX 4090 24GB: aproximativ 9,1 GiB pe GPU"), h
    assert "7.680.000 (5.000 de exemple × 512 tokeni × 3 epoci)" in h, h


def test_time_asked_first_still_leads_with_time() -> None:
    s = first_sentence(ask("QLoRA fine tune Llama 3.1 8B on a single RTX 4090: how long and "
                           "how much VRAM for 5k examples x 512 tokens x 3 epochs?"))
    assert s.startswith("For 7,680,000 (5,000 examples × 512 tokens × 3 epochs) training "
                        "tokens: about 54 minutes"), s


@pytest.mark.parametrize(("question", "first"), [
    ("how much vram and how long for 5k examples?", True),
    ("câtă vram și cât durează?", True),
    ("how long and how much vram?", False),
    ("how much vram?", False),
])
def test_memory_first(question: str, first: bool) -> None:
    assert _memory_first(_fold(question)) is first
