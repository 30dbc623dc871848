"""A recommendation's ``why`` in Romanian (audit ro2 #13: `numbers.recommendations[].why` and
/v1/recommendations with lang "ro" kept the core's English sentence): written again from the
option's fields with the same facts and numbers; English stays the core's own."""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask

TODAY = dt.date(2026, 12, 1)
NBSP = "\u00a0"

# serving, a rate with storage per node, a batch job, fine-tuning, images (served, a job,
# at a rate), speech, a music generator, video and embeddings
REQUESTS: list[dict[str, Any]] = [
    {"model": "llama-3.1-8b", "concurrent_requests": 50},
    {"model": "llama-3.1-8b", "target_requests_per_s": 5},
    {"model": "llama-3.1-70b", "workload": "batch", "job_output_tokens": 100_000_000,
     "interruptible": True},
    {"model": "llama-3.1-8b", "workload": "finetune", "training_tokens": 10_000_000},
    {"model": "sdxl", "workload": "serving", "concurrent_requests": 2},
    {"model": "sdxl", "workload": "batch", "job_images": 10_000},
    {"model": "sdxl", "workload": "serving", "target_requests_per_s": 1},
    {"model": "whisper-large-v3", "workload": "serving", "target_requests_per_s": 2},
    {"model": "musicgen-medium", "workload": "serving"},
    {"model": "wan-2.1-1.3b", "workload": "serving"},
    {"model": "bge-large-en-v1.5", "workload": "serving", "target_requests_per_s": 50},
]

# English the core's why says that no Romanian why may keep
ENGLISH = (" at ", " weights", "per user", "first token comes", "/month", "for the job",
           "Storage counts", "$", "uses ", "resold", "replica count", "images/s at",
           "of audio per second", "embeddings/s of", "training tokens", "price date",
           "tensor parallel", "single GPU", "in flight", "requests/s", "per video")


@functools.cache
def _catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


@functools.cache
def _rec(i: int) -> Recommendation:
    return recommend(msgspec.convert(REQUESTS[i], RecommendationRequest), _catalog(), TODAY)


def test_the_reported_why_in_romanian() -> None:
    rec = _rec(0)
    ro = localise_recommendation(rec, shipped_messages(), "ro").options[0].why
    # re-pinned: start transient + round 14 (the first token was ~960 ms)
    # fix/pcienvl: vast's 2 x RTX 3090 machine is stated "pcie": its tensor-parallel
    # all-reduces cross PCIe Gen4, not an NVLink bridge (~25 tokens/s and ~847 ms over one)
    assert ro.replace(NBSP, " ") == (
        "2 × NVIDIA GeForce RTX 3090 24GB la vast (la cerere, data prețului: dată necunoscută; "
        "cel târziu 2026-09-30), greutăți int8: 239 USD/lună; folosește 18,4 din 21,6 GiB pe "
        "GPU (paralelism tensorial 2), ~22 de tokeni/s per utilizator; la 50 de cereri "
        "simultane (50 pe replică) primul token vine în ~1.020 ms.")
    # the same first token as the English why
    assert "the first token comes in ~1,020 ms." in rec.options[0].why, rec.options[0].why


@pytest.mark.parametrize("i", range(len(REQUESTS)))
def test_every_option_why_is_romanian_with_its_numbers(i: int) -> None:
    rec, m = _rec(i), shipped_messages()
    assert rec.options, REQUESTS[i]
    ro = localise_recommendation(rec, m, "ro")
    f = m.formatter("ro")
    for en, said in zip(rec.options, ro.options, strict=True):
        text = said.why
        left = [w for w in ENGLISH if w in text]
        assert not left, (left, text)
        used = en.fit.per_gpu_used_gib
        assert f"folosește {f.number(used, 1)} din " \
               f"{f.number(used + en.fit.per_gpu_free_gib, 1)} GiB pe GPU" in text, text
        assert f" la {en.offer.provider} (" in text, text
        assert f"greutăți {en.weights}: " in text, text


def test_the_notes_after_the_option_are_romanian() -> None:
    """The target that set the replicas and the storage per node (5 requests/s of 8B)."""
    rec = _rec(1)
    ro = localise_recommendation(rec, shipped_messages(), "ro").options[0]
    assert "The request-rate target" in rec.options[0].why
    assert ("Ținta de rată a cererilor, dimensionată cu cozi de așteptare, a stabilit "
            "numărul de replici.") in ro.why, ro.why
    # serving replicas are instances, as the why names them, not nodes (audit buyer17b)
    assert "Stocarea numără o copie a fișierelor modelului pe fiecare dintre cele 3 instanțe " \
           "(3 × 10 GB)" in ro.why, ro.why
    # fix/pcienvl: the 2 x RTX 3090 machines are stated "pcie" (~19 in flight and ~283 ms
    # over an NVLink bridge)
    assert "la 5 cereri/s (~25 în curs pe replică) primul token vine în ~353 ms" in ro.why


def test_training_and_image_details_in_romanian() -> None:
    train = localise_recommendation(_rec(3), shipped_messages(), "ro").options[0].why
    assert "(paralelism de date (ZeRO-3/FSDP)), ~2.714 tokeni de antrenare/s (gradient " \
           "checkpointing activat, micro-batch 1)." in train, train
    image = localise_recommendation(_rec(4), shipped_messages(), "ro").options[0].why
    assert "(un singur GPU pe replică, 4 replici pe nod), ~0,11 imagini/s la 1024x1024, " \
           "50 de pași (~36,5 s pe imagine pe fiecare GPU)." in image, image


def test_english_why_is_the_cores_own() -> None:
    rec = _rec(0)
    assert localise_recommendation(rec, shipped_messages(), "en") is rec
    assert rec.options[0].why.startswith("2 x NVIDIA GeForce RTX 3090 24GB at vast (on-demand")


def test_ask_in_romanian_gives_each_recommendation_why_in_romanian() -> None:
    r = ask("Ce GPU să închiriez pentru Llama 3.1 8B cu 50 de utilizatori?")
    assert r.numbers is not None and r.numbers.recommendations
    first = r.numbers.recommendations[0].why.replace(NBSP, " ")
    assert first.startswith("2 × NVIDIA GeForce RTX 3090 24GB la vast (la cerere, "), first
    assert "greutăți int8: 239 USD/lună" in first, first
    for o in r.numbers.recommendations:
        assert not [w for w in ENGLISH if w in o.why], o.why
    en = ask("What GPU should I rent for Llama 3.1 8B with 50 users?")
    assert en.numbers is not None
    assert en.numbers.recommendations[0].why.startswith(
        "2 x NVIDIA GeForce RTX 3090 24GB at vast (on-demand, price date unknown")
