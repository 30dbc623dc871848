"""How /v1/ask reads and words seven questions (task ask_readings3): a TPOT past what fits, a
token rate no single stream reaches, "at batch size 32" with the memory per GPU asked, "32 k
context", GPU-hours around one, the real-time streams a Whisper setup carries, and a Bark plan
slower than real time."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

# -- 1. a TPOT asked past what fits: the TPOT of the requests that run, and how many ----------

TPOT_EN = "llama 3.1 70b fp8 on 2x h100 with sglang, 64 concurrent users: TPOT?"
TPOT_RO = "llama 3.1 70b fp8 pe 2x h100 cu sglang, 64 de utilizatori simultani: TPOT?"


def test_tpot_over_capacity_leads_with_the_tpot_of_those_that_run() -> None:
    r = ask(TPOT_EN)
    lead = first_sentence(r)
    assert "44.5 ms per output token" in lead  # was "No: ... holds only 54 ..." with no TPOT
    assert "54 run at once" in lead and "other 10 wait" in lead
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("time_per_output_token_ms", "ms")
    assert value == pytest.approx(44.5, abs=0.05)
    assert "holds only 54 of the 64" in head(r)  # the memory's reason stays, after it


def test_tpot_over_capacity_ro() -> None:
    r = ask(TPOT_RO)
    lead = first_sentence(r)
    assert "44,5 ms pe token de ieșire" in lead
    assert "54 de cereri rulează deodată" in lead and "celelalte 10" in lead
    assert asked(r)[0] == "time_per_output_token_ms"
    assert asked(r)[1] == pytest.approx(asked(ask(TPOT_EN))[1])


# -- 2. a rate no single stream reaches, no users named: the throughput in total --------------


def test_rate_past_any_single_stream_is_read_as_a_total() -> None:
    r = ask("Which GPU should I rent to serve Llama 3.1 8B at 2000 tokens per second?")
    text = head(r)
    assert "per user" not in first_sentence(r)  # was "No setup ... reaches 2,000 tokens/s per user"
    assert "No setup" not in text
    assert "read as 2,000 output tokens/s in total" in text
    assert "about 406 tokens/s" in text  # the fastest single request in the catalog (1 x B300)
    assert "2,000 output tokens/s in total" in text  # the load priced
    assert asked(r)[0] == "per_hour_usd"


def test_rate_past_any_single_stream_is_read_as_a_total_ro() -> None:
    r = ask("Ce GPU să închiriez pentru Llama 3.1 8B la 2000 de tokeni pe secundă?")
    text = head(r)
    assert "per utilizator pentru" not in text  # was "Nu: nicio configurație ... per utilizator"
    assert "citit ca 2.000 de tokeni de ieșire/s în total" in text
    assert asked(r)[0] == "per_hour_usd"


def test_a_rate_one_stream_reaches_stays_each_users() -> None:
    r = ask("Which GPU should I rent to serve Llama 3.1 8B at 100 tokens per second?")
    assert "100 tokens/s per user" in first_sentence(r)
    assert asked(r)[0] == "decode_tokens_per_s"


def test_a_rate_said_per_user_stays_each_users() -> None:
    r = ask("Which GPU should I rent to serve Llama 3.1 8B at 2000 tokens per second per user?")
    assert "2,000 tokens/s per user" in first_sentence(r)
    assert "in total" not in head(r)


# -- 3. "at batch size 32" with the memory per GPU asked --------------------------------------


@pytest.mark.parametrize("q", [
    "Memory per GPU for Llama 3.1 70B on 2 H100s at batch size 32",
    "Memory per GPU for Llama 3.1 70B on 2 H100s with a batch of 32",
    "Memory per GPU for Llama 3.1 70B on 2 H100s, batch size of 32",
])
def test_memory_per_gpu_at_a_batch_size(q: str) -> None:
    r = ask(q)
    assert "88.0 GiB per GPU" in first_sentence(r)  # was how many requests fit (5)
    assert asked(r)[0] == "per_gpu_gib"
    assert asked(r)[1] == pytest.approx(88.0, abs=0.05)


def test_what_batch_size_fits_still_asks_the_batch() -> None:
    assert ask("What batch size fits Llama 3.1 70B on 2 H100s?").intent == "max_concurrency"


# -- 4. "32 k context": a space before the k ---------------------------------------------------


@pytest.mark.parametrize("q", ["llama 3.1 8b on an h100 with 32 k context: memory?",
                               "llama 3.1 8b pe un h100 cu context de 32 k: memorie?"])
def test_32_space_k_context(q: str) -> None:
    assert extract(q, catalog().registry).context_tokens == 32_768  # was 4,096 (default)


def test_32_space_k_context_answer() -> None:
    r = ask("llama 3.1 8b on an h100 with 32 k context: memory?")
    assert "32,768 tokens of context" in first_sentence(r)


# -- 5. GPU-hours: one decimal under 10, "1 GPU-hour" -----------------------------------------


def test_gpu_hours_one_decimal_under_ten() -> None:
    r = ask("How many GPU-hours to LoRA fine-tune Llama 3.1 8B on 80M tokens on an H100?")
    assert first_sentence(r).startswith("About 1.4 GPU-hours of")  # was "About 1 GPU-hours"
    ro = ask("Câte ore-GPU pentru fine-tuning LoRA la Llama 3.1 8B pe 80M tokeni pe un H100?")
    assert first_sentence(ro).startswith("Aproximativ 1,4 ore-GPU de")
    r3 = ask("How many GPU-hours to LoRA fine-tune Llama 3.1 8B on 200M tokens on an H100?")
    assert first_sentence(r3).startswith("About 3.5 GPU-hours of")  # was "About 3", 3.5 hours


def test_one_gpu_hour_is_singular() -> None:
    r = ask("How many GPU-hours to LoRA fine-tune Llama 3.1 8B on 58M tokens on an H100?")
    assert first_sentence(r).startswith("About 1 GPU-hour of")
    ro = ask("Câte ore-GPU pentru fine-tuning LoRA la Llama 3.1 8B pe 58M tokeni pe un H100?")
    assert first_sentence(ro).startswith("Aproximativ 1 oră-GPU de")


# -- 6. the real-time streams a Whisper setup carries -------------------------------------------


def test_whisper_streams_carried() -> None:
    r = ask("Whisper large-v3, real-time, 100 concurrent streams, which GPU?")
    text = head(r)
    # 2 x RTX 3090: 144.2 s of audio per second at 55 streams per GPU
    assert "about 144 real-time streams" in text
    assert "a batch of 55 per GPU" in text and "100 asked" in text
    ro = head(ask("Whisper large-v3, timp real, 100 de fluxuri simultane, ce GPU?"))
    assert "aproximativ 144 de fluxuri în timp real" in ro


# -- 7. a Bark plan slower than real time, said in the first sentence ---------------------------


def test_bark_slower_than_real_time_in_the_first_sentence() -> None:
    r = ask("which GPU for Bark serving 100 users?")
    lead = first_sentence(r)
    assert "0.16× real time" in lead and "slower than real time" in lead
    ro = first_sentence(ask("Care GPU pentru servirea Bark la 100 de utilizatori?"))
    assert "× timp real" in ro and "mai lent decât timpul real" in ro


def test_whisper_in_real_time_is_not_flagged_slow() -> None:
    r = ask("Whisper large-v3, real-time, 100 concurrent streams, which GPU?")
    assert "slower than real time" not in head(r)
