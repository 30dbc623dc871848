"""/v1/ask: counts of one and generative-audio jobs (audit reg3, /tmp/audit/prompt_fix_reg3c.md).

1. "a 1024x1024 image", "a 5 second video", "un videoclip de 5 secunde" in a cost question are
   one item, priced as "1 image" / "1 video" are (a job, with the per-item time), not per
   1,000 images or by the hour; "50 10-second 480p videos" and "1 10-second videos" are clips.
2. "10 hours of music" / "of speech" / "10 ore de muzică" with a generative audio model is a
   job, as "10 hours of audio" is (time and cost, billed as the other jobs).
3. "1000 requests to llama-3.1-8b on an L4" is a job: the requests' output tokens at the GPU's
   full-load rate (the defaults said when no length is stated), billed as the token jobs.
4. "1 hours of audio" reads "1 hour of audio" ("1 oră de audio").

Prices and speeds are not pinned: each answer is compared with the answer it must equal."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.answer.numbers.context import ASK_OUTPUT_TOKENS, ASK_PROMPT_TOKENS
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head

# -- 1. a/an/one/o/un ... image/video is one ---------------------------------------------------


@pytest.mark.parametrize(("question", "digit"), [
    ("How much does it cost to generate a 1024x1024 image with flux.1-dev on an H100?",
     "How much does it cost to generate 1 1024x1024 image with flux.1-dev on an H100?"),
    ("Cât costă să generez o imagine 1024x1024 cu flux.1-dev pe un H100?",
     "Cât costă să generez 1 imagine 1024x1024 cu flux.1-dev pe un H100?"),
    ("How much does one SDXL image cost on an L4?",
     "How much does 1 SDXL image cost on an L4?"),
])
def test_one_image_is_priced_as_one_image(question: str, digit: str) -> None:
    r, d = ask(question), ask(digit)
    # (the digit's answer, the reference): one image's GPU time at the hourly price, the hour
    # billed for it said after it (test_fix_ask_numbers; it was the billed job of one)
    assert asked(d)[0] == "per_image_usd", d.answer
    assert asked(r) == asked(d), (head(r), head(d))
    lead = first_sentence(r)
    assert "1,000" not in lead and "1.000" not in lead, lead
    assert "s of GPU time" in lead or "s de GPU" in lead, lead


@pytest.mark.parametrize(("question", "digit"), [
    ("How much does it cost to generate a 5 second 1280x720 video with wan-2.1-14b?",
     "How much does it cost to generate 1 1280x720 video of 5 seconds with wan-2.1-14b?"),
    ("How much does it cost to generate one 5 second video with wan-2.1-14b?",
     "How much does it cost to generate 1 video of 5 seconds with wan-2.1-14b?"),
    ("Cât costă să generez un videoclip de 5 secunde 1920x1080 cu wan-2.1-14b?",
     "Cât costă să generez 1 videoclip de 5 secunde 1920x1080 cu wan-2.1-14b?"),
])
def test_one_video_is_priced_as_one_video(question: str, digit: str) -> None:
    r, d = ask(question), ask(digit)
    assert asked(d)[2] == "USD" and "job" in asked(d)[0], d.answer
    assert asked(r) == asked(d), (head(r), head(d))
    lead = first_sentence(r)
    assert "s per clip" in lead or "s pe clip" in lead, lead


def test_one_video_on_a_gpu_named_keeps_its_clip_cost() -> None:
    """On a GPU named, "a 5 second video" is a job of one clip as "1 video" is, billed, the
    clip's own cost said beside it (it led with per_clip_usd, the clip's seconds pro-rated
    with no billing and no storage: audit slack2, test_fix_s2a)."""
    r = ask("How much does it cost to generate a 5 second video with wan-2.1-14b on an H100?")
    d = ask("How much does it cost to generate 1 video of 5 seconds with wan-2.1-14b on an H100?")
    assert asked(r)[0] == "job_usd", r.answer
    assert asked(r) == asked(d), (head(r), head(d))


@pytest.mark.parametrize("question", [
    "how long does a 1024x1024 FLUX.1-dev image take on an H100?",
    "what does a video model like wan-2.1-14b cost on an H100?",
    "How much does it cost per image with SDXL on an L4?",
])
def test_one_item_only_for_an_item_priced(question: str) -> None:
    """A time asked keeps the seconds per image; "a video model" is no video; "per image" is
    the unit price."""
    r = ask(question)
    assert asked(r)[0] not in ("job_usd", "per_job_usd"), r.answer


@pytest.mark.parametrize(("question", "clips"), [
    ("How much does it cost to generate 50 10-second 480p videos with wan-2.1-14b?", 50),
    ("How much does it cost to generate 1 10-second videos with wan-2.1-14b?", 1),
    ("How much does it cost to generate 20 5 second clips with wan-2.1-14b?", 20),
])
def test_a_length_between_count_and_noun_is_still_clips(question: str, clips: int) -> None:
    assert stated(question, catalog().registry).clips == clips
    r = ask(question)
    quantity, _, unit = asked(r)
    assert unit == "USD" and "job" in quantity, r.answer


# -- 2. music and speech jobs ------------------------------------------------------------------


@pytest.mark.parametrize(("question", "same"), [
    ("How much does it cost to generate 10 hours of music with musicgen-large on one A10G in "
     "total?",
     "How much does it cost to generate 10 hours of audio with musicgen-large on one A10G in "
     "total?"),
    ("How much does it cost to generate 10 hours of speech with bark on an L4?",
     "How much does it cost to generate 10 hours of audio with bark on an L4?"),
    ("Cât durează să generez 10 ore de muzică cu musicgen-large pe un L4?",
     "Cât durează să generez 10 ore de audio cu musicgen-large pe un L4?"),
])
def test_hours_of_music_or_speech_are_a_job(question: str, same: str) -> None:
    r, s = ask(question), ask(same)
    assert asked(s)[0] in ("job_usd", "job_hours"), s.answer  # the reference is a job
    assert asked(r) == asked(s), (head(r), head(s))
    assert "transcri" not in first_sentence(r).lower(), first_sentence(r)


def test_hours_of_music_without_a_gpu_are_a_job() -> None:
    r = ask("How much to generate 10 hours of music with musicgen-large?")
    req = msgspec.convert({"model": "musicgen-large", "workload": "batch", "job_audio_hours": 10,
                           "interruptible": False, "top_n": 3}, RecommendationRequest)
    rec = recommend(req, catalog(), TODAY, explain=False)
    assert rec.options and rec.options[0].cost.per_job_usd
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), r.answer
    usd = rec.options[0].cost.per_job_usd
    assert abs(value - usd) <= 0.01 * usd, (value, usd, head(r))


# -- 3. a count of requests is a job -----------------------------------------------------------


def test_requests_on_a_gpu_are_a_token_job() -> None:
    """1,000 requests at the defaults (3,584 in, 512 out: the one default /v1/ask load; 2,048
    in before) are 512,000 output tokens at the same full-load rate as that token job."""
    r = ask("How much do 1000 requests to llama-3.1-8b on an L4 cost?")
    t = ask("How much does it cost to generate 512000 output tokens with llama-3.1-8b on an L4?")
    assert asked(t)[0] == "per_job_usd", t.answer
    assert asked(r) == asked(t), (head(r), head(t))
    lead = first_sentence(r)
    assert "1,000 requests" in lead and f"{ASK_PROMPT_TOKENS:,}" in lead, lead
    assert f"{ASK_OUTPUT_TOKENS:,} output tokens each" in lead, lead


def test_requests_with_their_lengths_on_a_gpu() -> None:
    r = ask("How much do 1000 requests of 2000 tokens in and 500 out to llama-3.1-8b on an "
            "H100 cost?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD") and value > 0, r.answer
    lead = first_sentence(r)
    assert "1,000 requests" in lead and "2,000" in lead and "500" in lead, lead


def test_requests_without_a_gpu_are_a_job() -> None:
    r = ask("How much do 1000 requests to llama-3.1-8b cost?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD") and value > 0, r.answer
    assert "1,000 requests" in head(r), head(r)


def test_a_request_rate_is_still_a_load() -> None:
    r = ask("How much do 1000 requests per day to llama-3.1-8b on an L4 cost?")
    assert asked(r)[0] != "per_job_usd", r.answer


# -- 4. one hour of audio ----------------------------------------------------------------------


@pytest.mark.parametrize(("question", "said", "wrong"), [
    ("How much does it cost to transcribe 1 hour of audio with whisper large-v3 on an L4?",
     "1 hour of audio", "1 hours"),
    ("Cât costă să transcriu 1 oră de audio cu whisper large-v3 pe un L4?",
     "1 oră de audio", "1 de ore"),
    ("How much does it cost to generate 1 1024x1024 image with flux.1-dev on an H100?",
     "One 1024×1024 image ", "images"),
])
def test_one_is_singular(question: str, said: str, wrong: str) -> None:
    lead = first_sentence(ask(question))
    assert said in lead and wrong not in lead, lead
