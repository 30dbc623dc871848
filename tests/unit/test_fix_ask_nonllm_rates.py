"""/v1/ask on a rate of work for a model that generates no tokens (images, speech, embeddings):
"50,000 SDXL images per day", "100 de imagini SDXL pe minut", "500 hours of audio per day",
"5000 documents per second with bge-large", "Whisper at 10 requests per second".

A rate is a load carried, never a one-off job: it is converted to the recommendations'
``target_requests_per_s`` (one image, one input of the embedding model's own length, one 30 s
window of Whisper a request; a day is 24 h unless hours a day are stated) and the answer gives
their GPU count and monthly cost. The expected figures come from the recommend entry point,
not from prices written here."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, asked, catalog, head, knowledge

DAY_S = 86_400.0


def _expected(**kw: Any) -> Recommendation:
    """The recommendations the answer must read: a serving load at the rate, as ``/v1/ask``
    asks them (its usual ``weights`` auto and ``top_n`` 3)."""
    req = {"weights": "auto", "top_n": 3, "workload": "serving", **kw}
    return recommend(msgspec.convert(req, RecommendationRequest), catalog(), TODAY,
                     explain=False)


def _money(lang: str, v: float) -> str:
    return knowledge().messages.formatter(lang).money(v, 2 if abs(v) < 1000 else 0)


def _check(q: str, lang: str, **kw: Any) -> None:
    from tests.unit.ask_fixtures import ask
    r = ask(q)
    assert r.lang == lang
    assert r.intent != "billing", r.answer
    rec = _expected(**kw)
    assert rec.options, rec.reason
    o = rec.options[0]
    n = o.offer.gpu_count * o.nodes
    assert asked(r) == ("gpu_count", n, "GPUs"), r.answer
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    lead = r.numbers.recommendations[0]
    assert lead.offer_id == o.offer.id and lead.nodes == o.nodes
    assert o.cost.per_month_usd is not None
    assert lead.per_month_usd == pytest.approx(o.cost.per_month_usd)
    text = head(r)
    assert _money(lang, o.cost.per_month_usd) in text, text
    # never a job's total nor a context the user did not give
    assert "Input_tokens" not in r.answer and "cost about" not in text, r.answer


@pytest.mark.parametrize(("q", "lang"), [
    ("I need to generate 50,000 SDXL images per day. How many GPUs and what monthly cost?",
     "en"),
    ("Am nevoie să generez 50.000 de imagini SDXL pe zi. Câte GPU-uri și cât costă pe lună?",
     "ro"),
])
def test_images_per_day_are_a_serving_rate(q: str, lang: str) -> None:
    _check(q, lang, model="sdxl", target_requests_per_s=50_000 / DAY_S)


@pytest.mark.parametrize(("q", "lang"), [
    ("I need to generate 50,000 SDXL images per day, 10 hours a day. How many GPUs?", "en"),
    ("Trebuie să generez 50.000 de imagini SDXL pe zi, 10 ore pe zi. Câte GPU-uri?", "ro"),
])
def test_a_day_of_stated_hours_spreads_the_rate_over_them(q: str, lang: str) -> None:
    _check(q, lang, model="sdxl", target_requests_per_s=50_000 / (10 * 3600),
           hours_per_day=10)


@pytest.mark.parametrize(("q", "lang"), [
    ("I need to generate 3,000 SDXL images per hour. Which GPU and how many?", "en"),
    ("Trebuie să generez 3.000 de imagini SDXL pe oră. Ce GPU și câte?", "ro"),
])
def test_images_per_hour_are_a_serving_rate(q: str, lang: str) -> None:
    _check(q, lang, model="sdxl", target_requests_per_s=3000 / 3600)


@pytest.mark.parametrize(("q", "lang"), [
    ("How many GPUs do I need to serve SDXL at 2 images per second?", "en"),
    ("How many GPUs do I need to serve SDXL at 2 requests per second?", "en"),
    ("Câte GPU-uri îmi trebuie ca să servesc SDXL la 2 imagini pe secundă?", "ro"),
    ("Câte GPU-uri îmi trebuie ca să servesc SDXL la 2 cereri pe secundă?", "ro"),
])
def test_images_or_requests_per_second(q: str, lang: str) -> None:
    _check(q, lang, model="sdxl", target_requests_per_s=2)


@pytest.mark.parametrize(("q", "lang"), [
    ("Câte GPU-uri îmi trebuie pentru 100 de imagini SDXL pe minut?", "ro"),
    ("How many GPUs do I need for 100 SDXL images per minute?", "en"),
])
def test_images_per_minute_are_no_billing_question(q: str, lang: str) -> None:
    _check(q, lang, model="sdxl", target_requests_per_s=100 / 60)


@pytest.mark.parametrize(("q", "lang"), [
    ("How many L4 GPUs to embed 5000 documents per second with bge-large-en-v1.5?", "en"),
    ("Câte GPU-uri L4 îmi trebuie ca să fac embedding la 5000 de documente pe secundă cu "
     "bge-large-en-v1.5?", "ro"),
])
def test_documents_per_second_on_the_gpu_named(q: str, lang: str) -> None:
    _check(q, lang, model="bge-large-en-v1.5", target_requests_per_s=5000, gpus=["l4"])


@pytest.mark.parametrize(("q", "lang"), [
    ("How many GPUs do I need to serve bge-large-en-v1.5 at 5000 requests per second?", "en"),
    ("Câte GPU-uri îmi trebuie ca să servesc bge-large-en-v1.5 la 5000 de cereri pe secundă?",
     "ro"),
])
def test_an_embedding_rate_has_no_output_tokens(q: str, lang: str) -> None:
    # the recommendations' embedding default: inputs of the model's own limit (512), no output
    _check(q, lang, model="bge-large-en-v1.5", target_requests_per_s=5000)
    from tests.unit.ask_fixtures import ask
    text = head(ask(q))
    assert "2,048" not in text and "2.048" not in text and " out " not in text, text
    assert "512" in text, text


@pytest.mark.parametrize(("q", "lang"), [
    ("How many embeddings per second can bge-large-en-v1.5 do on an A10G?", "en"),
    ("Câte embedding-uri pe secundă poate face bge-large-en-v1.5 pe un A10G?", "ro"),
])
def test_embeddings_per_second_asked_are_the_sizing_speed(q: str, lang: str) -> None:
    from tests.unit.ask_fixtures import ask
    r = ask(q)
    sized = size(msgspec.convert({"model": "bge-large-en-v1.5", "gpu": "a10g",
                                  "input_tokens": 512, "output_tokens": 0}, SizingRequest),
                 catalog())
    assert sized.performance is not None and sized.performance.embeddings_per_s
    eps = sized.performance.embeddings_per_s
    quantity, value, _ = asked(r)
    assert quantity == "embeddings_per_s" and value == pytest.approx(eps), r.answer
    f = knowledge().messages.formatter(lang)
    assert f.number(eps, 1 if eps < 100 else 0) in head(r), r.answer


@pytest.mark.parametrize(("q", "lang"), [
    ("How many H100s for Whisper large-v3 at 10 requests per second?", "en"),
    ("Câte H100 îmi trebuie pentru Whisper large-v3 la 10 cereri pe secundă?", "ro"),
])
def test_whisper_requests_per_second_on_the_gpu_named(q: str, lang: str) -> None:
    _check(q, lang, model="whisper-large-v3", target_requests_per_s=10, gpus=["h100-sxm"])


@pytest.mark.parametrize(("q", "lang"), [
    ("I need to transcribe 500 hours of audio per day with Whisper large-v3. How many GPUs?",
     "en"),
    ("Trebuie să transcriu 500 de ore de audio pe zi cu Whisper large-v3. Câte GPU-uri?", "ro"),
])
def test_audio_hours_per_day_are_a_serving_rate(q: str, lang: str) -> None:
    # 500 h a day is 20.8 s of audio each second, in Whisper's 30 s windows
    _check(q, lang, model="whisper-large-v3",
           target_requests_per_s=500 * 3600 / DAY_S / WHISPER_WINDOW_S)


def test_a_job_of_images_is_still_a_job() -> None:
    """No rate: 3,000 images stay a one-off job priced in total."""
    from tests.unit.ask_fixtures import ask
    r = ask("How much does it cost to generate 3,000 SDXL images?")
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity != "gpu_count", r.answer
