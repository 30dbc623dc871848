"""Training questions answered wrong in /v1/ask, fixed (audit train2, /tmp/audit/out/train2.md
items 3, 5, 8 and the Romanian global batch of item 2):

1. "Fine-tune Whisper large-v3 on 500 hours of audio" was answered with the time and cost of
   transcribing the hours; audio fine-tuning is not sized (/v1/sizing refuses it), said in
   the asker's language with what is sized (inference).
2. "How many GPUs to full fine-tune DeepSeek-V3?" with no GPU named gave the GiB alone: it is
   counted on the H100, as "How many H100s" is (256), the card said.
3. Romanian "batch global de 128" was not read (the split over the GPUs was never said).
4. Checkpoint-size questions were answered with the run's GPU memory: they are the storage
   rule's bytes (a resumable full checkpoint 14 bytes per parameter; a LoRA checkpoint the
   adapters at the rank stated)."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, head

# -- 1. audio fine-tuning is not sized ---------------------------------------------------------

def test_whisper_finetune_is_not_answered_as_transcription_en() -> None:
    r = ask("Fine-tune Whisper large-v3 on 500 hours of audio: how long on one A100 and what "
            "does it cost?")
    text = head(r)
    assert "is not sized" in text and "inference only" in text, text
    assert "hours of audio per hour" in text  # what is sized instead
    assert "$" not in text and "5.6 hours" not in text, text
    assert r.numbers is None or r.numbers.asked is None


def test_whisper_finetune_is_not_answered_as_transcription_ro() -> None:
    for q in ("Fă fine-tuning la Whisper large-v3 pe 500 de ore de audio",
              "Cât durează fine-tuning-ul lui Whisper large-v3 pe 200 de ore de audio pe un A100?"):
        r = ask(q)
        text = head(r)
        assert "nu este dimensionată" in text and "doar pentru inferență" in text, text
        assert "USD" not in text and "2,2 ore" not in text, text


def test_whisper_transcription_still_answered() -> None:
    r = ask("How long does it take to transcribe 500 hours of audio with Whisper large-v3 on "
            "an A100?")
    assert "hours of audio per hour" in head(r) and "not sized" not in head(r)


# -- 2. a GPU count with no GPU named, past one node --------------------------------------------

def test_deepseek_v3_full_finetune_count_without_a_gpu_named() -> None:
    named = ask("How many H100s to full fine-tune DeepSeek-V3?")
    for q, card in (("How many GPUs do I need to full fine-tune DeepSeek-V3?", "counted on the "),
                    ("Câte GPU-uri îmi trebuie pentru fine-tuning complet la DeepSeek-V3?",
                     "numărată pe ")):
        r = ask(q)
        assert asked(r) == ("gpu_count", 256.0, "GPUs") == asked(named), r.answer
        assert card + "NVIDIA H100 SXM5 80GB" in head(r), head(r)
        assert "256 × NVIDIA H100 SXM5 80GB" in head(r)


# -- 3. Romanian global batch ------------------------------------------------------------------

def test_romanian_global_batch_is_read() -> None:
    r = ask("Fine-tuning LoRA la Llama 3.1 8B, batch global de 128, lungimea secvenței 4096, pe "
            "8 H100: cât durează pentru 2B tokeni?")
    assert "un batch global de 128 de secvențe pe 8 GPU-uri, 16 pe GPU la un pas" in r.answer


# -- 4. checkpoint sizes -----------------------------------------------------------------------

def test_full_checkpoint_disk_is_the_storage_rule() -> None:
    for q in ("How much disk do I need for checkpoints when fully fine-tuning Llama 3.1 70B?",
              "Cât spațiu îmi trebuie pentru checkpoint-uri la fine-tuning complet Llama 3.1 70B?"):
        r = ask(q)
        assert asked(r) == ("storage_gb", 2117.0, "GB"), r.answer
        assert "988 GB" in head(r) and "GiB" not in head(r), head(r)


def test_lora_checkpoint_size_at_the_rank_stated() -> None:
    r = ask("How big is a LoRA checkpoint for Llama 3.1 70B at rank 64?")
    text = head(r)
    # 828M adapter parameters at rank 64 x 14 bytes = 11.6 GB; 2 kept + 142 GB of weights
    assert "about 12 GB (828 million adapter parameters at rank 64" in text, text
    assert "about 1.7 GB" in text  # the 16-bit adapters alone
    assert asked(r) == ("storage_gb", 165.0, "GB")
    assert "154.9 GiB" not in text
    ro = ask("Cât de mare e un checkpoint LoRA pentru Llama 3.1 70B la rangul 64?")
    assert "828 de milioane de parametri de adaptor la rangul 64" in head(ro), head(ro)
    assert "aproximativ 1,7 GB" in head(ro)


def test_checkpoint_interval_is_not_a_size_question() -> None:
    r = ask("Full fine-tune Llama 3.1 8B on 8 H100 with checkpoints every 30 minutes: how long "
            "for 1B tokens?")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity != "storage_gb"
