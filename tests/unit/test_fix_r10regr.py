"""Two regressions of round 10 in /v1/ask, fixed (audit regress11, /tmp/audit/out/regress11.md
items 5 and 6):

1. "checkpoint" meaning a model's released weights ("What size GPU do I need to run the Llama
   3.1 8B checkpoint?", "How big is the Llama 3.1 70B checkpoint?") was read as a training
   run's checkpoint storage and answered with a guidance passage, no number: a GPU question
   gets its GPUs and prices again, a size question the weights' size on disk (142 GB for 70B
   at bf16, 17 GB for 8B). Only a training or fine-tuning run's checkpoints go to the
   checkpoint storage rule.
2. The audio fine-tune refusal fired on inference with a model fine-tuned or pre-trained
   before ("our fine-tuned Whisper large-v3: transcribe 1,000 hours"): the participle is the
   model's past, not a fine-tune asked; the transcription is answered again."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head

_PASSAGE = ("Storage for weights, datasets and checkpoints",
            "Stocarea greutăților, a seturilor de date")


# -- 1. a model's checkpoint is its weights --------------------------------------------------

@pytest.mark.parametrize("q, gpu, price", [
    ("What size GPU do I need to run the Llama 3.1 8B checkpoint?", "RTX A4000", "$0.15/h"),
    ("Which instance size for the Mistral 7B checkpoint with 20 users?", "RTX 3090",
     "$0.18/h"),
])
def test_gpu_for_a_released_checkpoint_is_a_recommendation(q: str, gpu: str, price: str) -> None:
    r = ask(q)
    text = head(r)
    assert not any(p in r.answer for p in _PASSAGE), r.answer
    assert gpu in text and price in text, text


@pytest.mark.parametrize("q, gb", [
    ("How big is the Llama 3.1 70B checkpoint?", 142),
    ("Cât de mare e checkpoint-ul Llama 3.1 70B?", 142),
    ("How many GB is the Llama 3.1 8B checkpoint?", 17),
    ("How much space does the Llama 3.1 8B checkpoint need?", 17),
])
def test_size_of_a_released_checkpoint_is_its_weights_on_disk(q: str, gb: int) -> None:
    r = ask(q)
    assert asked(r) == ("weights_disk_gb", gb, "GB"), r.answer
    text = head(r)
    assert f"about {gb} GB on disk" in text or f"aproximativ {gb} GB pe disc" in text, text
    assert "checkpoint de reluare" not in text and "resumable" not in text


def test_training_checkpoints_still_go_to_the_storage_rule() -> None:
    for q in ("How much disk do I need for checkpoints when fully fine-tuning Llama 3.1 70B?",
              "How big is a full fine-tune checkpoint of Llama 3.1 70B?",
              "Cât spațiu îmi trebuie pentru checkpoint-uri la fine-tuning complet Llama 3.1 "
              "70B?"):
        assert asked(ask(q)) == ("storage_gb", 2117.0, "GB"), q
    assert asked(ask("How big is a LoRA checkpoint for Llama 3.1 70B at rank 64?")) == (
        "storage_gb", 165.0, "GB")


# -- 2. a fine-tuned or pre-trained Whisper is inference ---------------------------------------

_REFUSED = ("is not sized", "nu este dimensionată")


@pytest.mark.parametrize("q, number", [
    ("We have a fine-tuned Whisper large-v3 model: transcribe 1,000 hours of audio, cost?",
     "$1.44"),
    ("Avem un Whisper large-v3 fine-tuned: cât costă transcrierea a 1.000 de ore de audio?",
     "1,44\u00a0USD"),
    ("Our Whisper large-v3 was fine-tuned on medical speech; how many hours of audio per hour "
     "on an L4?", "50.9"),
    ("Our fine-tuned Whisper large-v3: how much per audio hour on an L4?", "$0.0075"),
    ("Whisper large-v3 pre-trained checkpoint: how much VRAM to run it?", "3.5 GiB"),
    ("How much VRAM does our fine-tuned Whisper large-v3 need?", "3.5 GiB"),
    ("Câtă memorie VRAM îi trebuie lui Whisper large-v3 fine-tunat de noi?", "3,5 GiB"),
])
def test_tuned_whisper_is_answered_as_inference(q: str, number: str) -> None:
    text = head(ask(q))
    assert not any(s in text for s in _REFUSED), text
    assert number in text, text


def test_pretrained_whisper_transcription_cost() -> None:
    r = ask("Transcribe 1,000 hours with the pretrained Whisper large-v3 on an L4: cost?")
    text = head(r)
    assert "not sized" not in text and "$7.62" in text, text


def test_whisper_finetune_asked_is_still_refused() -> None:
    for q in ("Fine-tune Whisper large-v3 on 500 h of audio",
              "Fine-tune Whisper large-v3 on 500 hours of audio: how long on one A100?"):
        text = head(ask(q))
        assert "is not sized" in text and "inference only" in text, text
        assert "$" not in text
