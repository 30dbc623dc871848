"""Batch jobs counted in items (audit batch B3, B4, B5, B8's reading).

- Audio given as a count of recordings times their length ("100,000 phone calls of 10 minutes
  each") is hours of audio (16,667), priced as "16,667 hours of audio" is; it was read as 10
  minutes of one GPU ($0.14).
- An LLM job counted in documents, texts, articles, emails or reviews is a job of that many
  requests, each with the tokens in and out the question states; it was a one-user serving
  price per hour.
- "200-token summaries" (and "rezumate de 200 de tokeni") are each request's output; 512 was
  assumed "where the question states none".
- A job of tokens with no split stated says the split it assumed; a translation assumes as
  many tokens out as in (512 + 512), not the 3,584-token prompt of a chat request."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, head


def _job(q: str) -> tuple[float, str]:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None, head(r)
    assert r.numbers.asked.quantity == "per_job_usd", head(r)
    return r.numbers.asked.value, head(r)


# -- B3: recordings x length are hours of audio ----------------------------------------------

@pytest.mark.parametrize(("question", "hours_q", "said"), [
    ("Transcribe 100,000 phone calls of 10 minutes each with Whisper large-v3: cost?",
     "Transcribe 16,667 hours of audio with Whisper large-v3: cost?",
     "100,000 recordings of 10 min each are 16,667 hours of audio"),
    ("Transcribe 5,000 podcast episodes of 1 hour each with Whisper large-v3: total cost?",
     "Transcribe 5,000 hours of audio with Whisper large-v3: total cost?",
     "5,000 recordings of 60 min each are 5,000 hours of audio"),
    ("Transcribe 20,000 audio files averaging 30 minutes with Whisper large-v3: cost?",
     "Transcribe 10,000 hours of audio with Whisper large-v3: cost?",
     "20,000 recordings of 30 min each are 10,000 hours of audio"),
    ("Transcribe 2,000 10-minute calls with Whisper large-v3: cost?",
     "Transcribe 333 hours of audio with Whisper large-v3: cost?",
     "2,000 recordings of 10 min each are 333 hours of audio"),
])
def test_recordings_times_length_are_hours_of_audio(question: str, hours_q: str,
                                                    said: str) -> None:
    value, text = _job(question)
    ref, _ = _job(hours_q)
    assert value == pytest.approx(ref, rel=0.01), text
    assert value > 0.3, text  # was $0.14: one hour of one V100
    assert said in text


def test_recordings_romanian() -> None:
    value, text = _job("Transcriu 5.000 de episoade de podcast de câte o oră cu Whisper "
                       "large-v3: cât costă în total?")
    ref, _ = _job("Transcriu 5.000 de ore de audio cu Whisper large-v3: cât costă în total?")
    assert value == pytest.approx(ref, rel=0.01), text
    assert "5.000 de înregistrări de câte 60 min fiecare înseamnă 5.000 de ore de audio" in text


def test_recording_length_is_no_gpu_time() -> None:
    # the 10 minutes are each call's, never a length of GPU use
    text = head(ask("Transcribe 100,000 phone calls of 10 minutes each with Whisper "
                    "large-v3: cost?"))
    assert "10 minutes of 1 ×" not in text
    assert "16,667 hours of audio" in text


# -- B4: documents and texts are requests -----------------------------------------------------

def test_documents_are_requests_of_a_batch_job() -> None:
    docs, text = _job("Batch job: summarise 1 million documents, 2,000 tokens in and 200 tokens "
                      "out each, with Llama 3.1 8B. Total cost and time?")
    prompts, _ = _job("Batch job: 1M prompts, 2,000 tokens in and 200 tokens out each, with "
                      "Llama 3.1 8B. Total cost and time?")
    assert docs == pytest.approx(prompts, rel=1e-6), text
    assert "$6.67" in text  # on one B200 on spot, as the prompts' job
    assert "1,000,000 requests (2,000 input and 200 output tokens each)" in text
    assert "each of the 1,000,000 documents is one request" in text.lower()


def test_documents_length_read_as_prompt() -> None:
    value, text = _job("Summarise 1M documents of 2k tokens each with Llama 3.1 8B: cost and "
                       "time?")
    assert "1,000,000 requests (2,048 input and 512 output tokens each" in text
    assert value > 1.0


def test_short_texts_classified() -> None:
    value, text = _job("Classify 10 million short texts (200 tokens each, 5 output tokens) with "
                       "Llama 3.1 8B as a batch job: cost?")
    assert "10,000,000 requests (200 input and 5 output tokens each)" in text
    assert "50,000,000 output tokens" in text
    assert value > 0.5


@pytest.mark.parametrize("noun", ["articles", "emails", "reviews"])
def test_other_item_nouns(noun: str) -> None:
    value, text = _job(f"Summarise 100,000 {noun} of 800 tokens each into 100-token "
                       f"summaries with Llama 3.1 8B: total cost?")
    assert "100,000 requests (800 input and 100 output tokens each)" in text
    assert value > 0


def test_documents_romanian() -> None:
    value, text = _job("Rezum 1 milion de documente de 2.000 de tokeni fiecare cu Llama 3.1 8B, "
                       "rezumate de 200 de tokeni. Cât costă jobul și cât durează?")
    assert "1.000.000 de cereri (2.000 de tokeni de intrare și 200 de ieșire fiecare)" in text
    assert "fiecare dintre cele 1.000.000 de documente este o cerere" in text.lower()
    assert "6,67" in text, text  # on one B200 on spot, as "1M prompts" is
    assert value > 1.0


def test_embedding_documents_unchanged() -> None:
    # an embedding model's documents stay its inputs, not generation requests
    _, text = _job("Embed 50M documents with bge-large, which GPU and total cost?")
    assert "50,000,000 documents × 512 tokens" in text
    assert "requests" not in text.split(".")[0]


# -- B5: the output per item -------------------------------------------------------------------

def test_token_summaries_are_the_output() -> None:
    value, text = _job("Offline batch inference: 1M prompts of 2k tokens with 200-token "
                       "summaries on Llama 3.1 70B. How much will it cost?")
    assert "2,048 input and 200 output tokens each)" in text
    assert "assumed" not in text.split(":")[0]
    ref, _ = _job("Offline batch inference: 1M prompts of 2k tokens, 200 output tokens each, on "
                  "Llama 3.1 70B. How much will it cost?")
    assert value == pytest.approx(ref, rel=1e-6), text  # was priced at 512 out assumed


def test_summaries_of_tokens_romanian_output() -> None:
    _, text = _job("Rezum 1 milion de documente de 2.000 de tokeni fiecare cu Llama 3.1 8B, "
                   "rezumate de 200 de tokeni. Cât costă jobul și cât durează?")
    assert "200 de ieșire fiecare)" in text


# -- B8: the split of a token job said; a translation 1:1 ---------------------------------------

def test_translation_split_said_and_one_to_one() -> None:
    value, text = _job("Batch translate 200M tokens with Qwen 2.5 7B by Friday, what GPU?")
    assert ("The 200,000,000 tokens are read as the translation's output, in requests of 512 "
            "input and 512 output tokens each") in text
    # the prompt of 3,584 tokens was 7 times the prefill: the 1:1 split is cheaper
    chat, chat_text = _job("Batch generate 200M tokens with Qwen 2.5 7B by Friday, what GPU?")
    assert "requests of 3,584 input and 512 output tokens each" in chat_text
    assert value < chat, text


def test_translation_split_romanian() -> None:
    _, text = _job("Traducere batch de 200M de tokeni cu Qwen 2.5 7B până vineri: ce GPU?")
    assert ("Cei 200.000.000 de tokeni sunt citiți ca ieșirea traducerii, în cereri de câte 512 "
            "tokeni de intrare și 512 de ieșire fiecare") in text


def test_token_job_split_said() -> None:
    _, text = _job("Generate 100M tokens with Llama 3.1 8B as a batch job: total cost?")
    assert ("The 100,000,000 tokens are read as output tokens, in requests of 3,584 input and "
            "512 output tokens each") in text


def test_stated_split_not_repeated() -> None:
    _, text = _job("Generate 100M tokens with Llama 3.1 8B, 1k in 1k out, as a batch job: "
                   "total cost?")
    assert "are read as output tokens" not in text
