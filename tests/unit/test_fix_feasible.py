"""Setups a kernel rule refuses are not "fits" (audit buyer20 #8 and #9, /tmp/r20/feasible.md).

1. /v1/sizing said ``fits: true`` and ``max_batch_size: 25`` for Llama 3.1 70B at fp8 on 8 x
   V100 beside its own warning "impossible combination: vllm cannot run fp8 on NVIDIA Tesla
   V100" (so too fp8 on a T4, SDXL bf16 on a T4): a client reading ``fits`` deployed what
   cannot run. ``fits`` is now false and ``max_batch_size`` 0 where the engine cannot run the
   weights on the GPU (``runs`` false, as the recommendations send such offers to
   ``rejected``); ``fits_in_memory`` keeps what the memory alone says, and the memory figures
   stay. /v1/ask answered "holds about 6 concurrent requests" of fp8 on a T4 and "Yes: ...
   about 0.0 s" of SDXL bf16 on a T4: both are a No with the rule now.
2. The GPUs listed for a bf16 Whisper ("which GPUs can run it?") were an RTX 2060, a GTX 1080,
   an RTX 2060 Super: cards with no bf16, which the sizing lists at fp16 (fits_on_precision).
   Each such row now says its precision (``FitRow.weights``), and the answers that list the
   GPUs "at bf16" list the rows at bf16.
"""

from __future__ import annotations

import functools

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, head

NO_BF16 = {"gtx-1080", "rtx-2060", "rtx-2060-super", "t4", "v100-sxm2-16gb", "p100-pcie"}


@functools.cache
def sized(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


@pytest.mark.parametrize("body", [
    {"model": "llama-3.1-70b", "weights": "fp8", "gpu": "v100-sxm2-16gb", "gpu_count": 8},
    {"model": "llama-3.1-8b", "weights": "fp8", "gpu": "t4"},
])
def test_refused_llm_does_not_fit(body: dict[str, object]) -> None:
    r = sized(**body)
    assert r.runs is False
    assert any(x.startswith("impossible combination") for x in r.warnings)
    assert r.fits is False and r.max_batch_size == 0
    # the memory's own answer and figures are kept
    assert r.fits_in_memory is True
    assert r.capacity_per_gpu_gib is not None
    assert 0 < r.memory.per_gpu_gib <= r.capacity_per_gpu_gib
    assert r.performance is None and r.cost is None


def test_refused_pipeline_does_not_fit() -> None:
    r = sized(model="sdxl", gpu="t4", weights="bf16")
    assert r.runs is False and r.fits is False and r.fits_in_memory is True
    assert r.memory.per_gpu_gib > 0


def test_runnable_setups_unchanged() -> None:
    r = sized(model="llama-3.1-8b", weights="int8", gpu="t4")  # the nearest a T4 runs
    assert r.runs is True and r.fits is True and r.fits_in_memory is True
    assert r.max_batch_size and r.max_batch_size > 0
    s = sized(model="sdxl", gpu="t4")  # no weights asked: fp16, which a T4 runs
    assert s.weights == "fp16" and s.fits is True and s.fits_in_memory is True
    big = sized(model="llama-3.1-70b", weights="bf16", gpu="l4")  # memory, no kernel rule
    assert big.fits is False and big.fits_in_memory is False and big.runs is True


def test_fits_on_rows_say_their_precision() -> None:
    r = sized(model="whisper-large-v3")
    assert r.weights == "bf16"
    rows = {f.gpu: f for f in r.fits_on}
    for gid in NO_BF16 & set(rows):
        assert rows[gid].weights == "fp16", gid
    assert {f.gpu for f in r.fits_on if f.weights is None}.isdisjoint(NO_BF16)
    asked_bf16 = sized(model="whisper-large-v3", weights="bf16")
    assert {f.gpu for f in asked_bf16.fits_on}.isdisjoint(NO_BF16)
    assert all(f.weights is None for f in asked_bf16.fits_on)


def test_ask_lists_gpus_at_the_precision_said() -> None:
    r = ask("How much VRAM does Whisper large-v3 need, and which GPUs can run it?")
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "bf16"
    listed = " ".join(r.numbers.sizing.fits_on)
    assert listed
    for name in ("GTX 1080", "RTX 2060", "T4", "V100"):
        assert name not in listed, (listed, r.answer)


def test_ask_concurrency_refused() -> None:
    r = ask("How many concurrent users can Llama 3.1 8B fp8 serve on a T4?")
    h = head(r)
    assert h.startswith("No:") and "cannot run fp8" in h, h
    assert "holds about" not in h
    assert asked(r)[:2] == ("max_batch_size", 0)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


@pytest.mark.parametrize(("question", "lead"), [
    ("Does SDXL bf16 run on a T4?", "No:"),
    ("Rulează SDXL în bf16 pe un T4?", "Nu:"),
])
def test_ask_media_refused(question: str, lead: str) -> None:
    r = ask(question)
    h = head(r)
    assert h.startswith(lead), h
    assert "0.0 s" not in h and "0,0 s" not in h
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
