"""Item nouns as a batch job only where they are the job (audit regress7 #3, #4, #9, #12).

Documents, reviews and emails were read as the requests of a batch job whenever counted: a
RAG chatbot "over 10,000 documents" for 50 users was a $0.38 job, "5,000 support emails a
day: cost per month?" one day's $0.19. Now they are a job only as the object of a
processing verb (or with tokens in and out each); per day or hour they are a request rate.
Recordings per day are hours of audio per day; a length in words ("one-hour", "de jumătate
de oră") is a length; a translation's output per document is its length."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize("q", [
    "RAG chatbot over 10,000 documents with Llama 3.1 8B for 50 concurrent users: which GPU "
    "and cost per hour?",
    "Chatbot RAG peste 10.000 de documente cu Llama 3.1 8B pentru 50 de utilizatori simultan: "
    "ce GPU și cât costă pe oră?",
])
def test_rag_corpus_is_no_job(q: str) -> None:
    r = ask(q)
    assert asked(r) == ("per_hour_usd", 0.33, "USD/h"), head(r)
    assert "documents is one request" not in r.answer
    assert "documente este o cerere" not in r.answer


def test_stored_reviews_serving_month() -> None:
    r = ask("We store 1 million customer reviews; serve Llama 3.1 8B to 100 concurrent users, "
            "cost per month?")
    assert asked(r) == ("per_month_usd", 462.66, "USD"), head(r)


def test_count_answer_gains_no_request_sentence() -> None:
    r = ask("Our knowledge base has 50,000 documents; Llama 3.1 70B chatbot for 200 users: "
            "how many H100s?")
    assert asked(r) == ("gpu_count", 8, "GPUs")
    assert "is one request" not in r.answer


@pytest.mark.parametrize(("q", "rps"), [
    ("Llama 3.1 8B answers 5,000 support emails a day: cost per month?", "0.0579"),
    ("10,000 reviews per day with Llama 3.1 8B: cost per month?", "0.116"),
    ("Llama 3.1 8B răspunde la 5.000 de e-mailuri pe zi: cât costă pe lună?", "0,0579"),
])
def test_items_per_day_are_a_rate_priced_per_month(q: str, rps: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd", head(r)
    assert value == pytest.approx(108.71), head(r)
    assert rps in head(r)


def test_emails_per_hour_are_a_load_not_a_job() -> None:
    r = ask("Llama 3.1 8B for a support desk that gets 500 emails per hour: which GPU?")
    assert asked(r)[0] == "per_hour_usd", head(r)
    assert "0.139 requests per second" in head(r)


@pytest.mark.parametrize(("q", "monthly"), [
    ("Whisper large-v3: 2,000 10-minute calls per day on an L4, cost per month?",
     "about $80.00/month for 30 runs a month"),
    ("Whisper large-v3: 2.000 de apeluri de 10 minute pe zi pe un L4, cât costă pe lună?",
     "80,00\u00a0USD/lună"),
])
def test_calls_per_day_are_hours_of_audio_a_day(q: str, monthly: str) -> None:
    text = head(ask(q))
    assert "333" in text and monthly in text, text


def test_translated_documents_write_their_length() -> None:
    r = ask("Translate 10,000 documents of 2,000 tokens with Llama 3.1 70B: cost?")
    text = head(r)
    assert "(2,000 input and 2,000 output tokens each)" in text, text
    assert "20,000,000 output tokens" in text
    assert asked(r)[0] == "per_job_usd"
    assert asked(r)[1] == pytest.approx(5.55, abs=0.01)


def test_summarise_documents_stays_a_job() -> None:
    r = ask("Rezum 1 milion de documente de 2.000 de tokeni cu Llama 3.1 8B: cât costă?")
    assert asked(r)[0] == "per_job_usd"
    assert "Fiecare dintre cele 1.000.000 de documente este o cerere." in r.answer


@pytest.mark.parametrize(("q", "hours"), [
    ("Transcribe 300 one-hour lectures with Whisper large-v3 on an A10G: cost?", "300 hours"),
    ("Transcribe 300 half-hour lectures with Whisper large-v3 on an A10G: cost?", "150 hours"),
    ("Transcriu 300 de înregistrări de jumătate de oră cu Whisper large-v3 pe un A10G: cât "
     "costă?", "150 de ore"),
])
def test_length_in_words(q: str, hours: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "job_usd", head(r)
    assert head(r).startswith(hours), head(r)


def test_one_hour_lectures_total() -> None:
    r = ask("Transcribe 300 one-hour lectures with Whisper large-v3 on an A10G: cost?")
    assert asked(r)[1] == pytest.approx(5.11, abs=0.01)


@pytest.mark.parametrize(("q", "needed"), [
    ("Transcribe 500 podcast episodes with Whisper large-v3: cost?",
     "A total needs the length of the 500 recordings"),
    ("Transcriu 500 de episoade de podcast cu Whisper large-v3: cât costă?",
     "Pentru un total e nevoie de durata celor 500 de înregistrări"),
])
def test_episodes_without_length_ask_for_it(q: str, needed: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_audio_hour_usd", head(r)
    assert needed in head(r)
