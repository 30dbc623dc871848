"""POST /v1/sizing's queued-requests warning counts what ``max_batch_size`` counts.

Qwen3 30B-A3B fp8 on one L40S at 32 requests of 4,096 tokens answered max_batch_size 27 and
the warning "... need 42.1 GiB per GPU where NVIDIA L40S 48GB gives 40.5 GiB: 29 of the 32
requests fit in the KV cache at once": two counts of the requests held at once in one
answer. The 40.5 GiB less 29.0 of weights, 0.9 of activations and 0.15 of overhead leave
10.4 GiB of KV cache, 27 sequences of 4,096 tokens at 0.375 GiB; the 29 was the speed
model's admission at the requests' actual context (the prompt and, on average, half the
output: 3,840 tokens). The warning now says the full-context count, from the same function
as max_batch_size (``sizing.held_at_full_context``), and the timed admission beside it
where it is larger ("27 of the 32 ... (29 at their actual context, as timed)").

Past the model's own context limit (Llama 3.1 8B at 200,000 input tokens) ``runs`` is false
while ``fits`` and ``max_batch_size`` stay the memory's: README's definition (0 only where
the engine cannot run the weights there, a kernel rule), now said so in README and the
OpenAPI descriptions too.

The shipped catalog, as the service uses it."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.answer.core_warnings import localise
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, knowledge

ROOT = Path(__file__).resolve().parents[2]


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def sized(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


QWEN_L40S = {"model": "qwen3 30b a3b", "weights": "fp8", "gpu": "L40S", "gpu_count": 1,
             "batch_size": 32}


@pytest.mark.parametrize("body", [
    QWEN_L40S,
    {"model": "llama 3.1 70b", "gpu": "H100", "gpu_count": 2, "batch_size": 64},
    {"model": "llama 3.1 8b", "gpu": "L4", "gpu_count": 1, "batch_size": 40},
    {"model": "llama 3.1 8b", "gpu": "L40S", "batch_size": 64, "lora_adapters": 8,
     "lora_adapter_rank": 64},
], ids=["qwen3-30b-a3b-l40s", "llama-70b-2xh100", "llama-8b-l4", "llama-8b-lora-l40s"])
def test_the_queue_warning_says_max_batch_size(body: dict[str, object]) -> None:
    r = sized(**body)
    asked = body["batch_size"]
    assert r.runs and r.fits is False and r.performance is not None
    said = [w for w in r.warnings if "fit in the KV cache at once" in w]
    assert len(said) == 1, r.warnings
    m = re.search(rf": (\d+) of the {asked} requests fit in the KV cache at once", said[0])
    assert m and int(m.group(1)) == r.max_batch_size, (said[0], r.max_batch_size)
    running = r.performance.max_concurrency
    assert running is not None
    # the timed admission (actual context) is said beside it only where it differs
    beside = f"({running} at their actual context, as timed)"
    assert (beside in said[0]) == (running > (r.max_batch_size or 0)), said[0]


def test_qwen3_on_an_l40s_says_27_and_the_29_timed_beside_it() -> None:
    r = sized(**QWEN_L40S)
    assert r.max_batch_size == 27 and r.max_batch_size_in_memory == 27
    assert r.performance is not None and r.performance.max_concurrency == 29
    per = r.memory.per_gpu
    cap = r.capacity_per_gpu_gib
    assert cap is not None and r.kv_cache_bytes_per_token is not None
    room = cap - per.weights_gib - per.activations_gib - per.overhead_gib
    assert int(room * 2**30 // (4096 * r.kv_cache_bytes_per_token)) == 27
    assert any("40.5 GiB: 27 of the 32 requests fit in the KV cache at once (29 at their "
               "actual context, as timed); the others wait in the queue" in w
               for w in r.warnings), r.warnings


WARNING = ("all 32 concurrent requests at their full context need 42.1 GiB per GPU where "
           "NVIDIA L40S 48GB gives 40.5 GiB: 27 of the 32 requests fit in the KV cache at once "
           "(29 at their actual context, as timed); the others wait in the queue "
           "(time_to_first_token_ms includes the wait)")


@pytest.mark.parametrize("text", [
    WARNING,
    WARNING + "; 2 such GPUs or an fp8 KV cache (kv_cache fp8) or contexts of at most 3,552 "
    "tokens hold all 32",
])
def test_the_new_warning_is_localised(text: str) -> None:
    msgs = knowledge().messages
    ro = localise(text, msgs.section("ro", "answer"), msgs.formatter("ro"),
                  msgs.section("ro", "pricing"))
    assert ("27 din cele 32 de cereri încap deodată în cache-ul KV (29 de cereri la contextul "
            "lor real, așa cum sunt cronometrate)") in ro, ro
    assert "requests" not in ro and "timed" not in ro, ro
    en = localise(text, msgs.section("en", "answer"), msgs.formatter("en"),
                  msgs.section("en", "pricing"))
    assert en == text


def test_ask_holds_what_sizing_holds() -> None:
    # /v1/ask's "each holding up to N requests" is the sizing's max_batch_size there
    r = ask("qwen3 30b a3b fp8 on one L40S with 32 concurrent users: do they all fit?")
    held = re.search(r"each holding up to (\d+) requests of 4,096 tokens", r.answer)
    assert held and int(held.group(1)) == sized(**QWEN_L40S).max_batch_size, r.answer
    r = ask("llama 3.1 8b on L4 with 40 users: do they all fit?")
    held = re.search(r"on 2 × NVIDIA L4 24GB \(1 replica, 2 GPUs per replica, each holding up "
                     r"to (\d+) requests", r.answer)
    two = sized(model="llama 3.1 8b", gpu="L4", gpu_count=2, batch_size=40)
    assert held and int(held.group(1)) == two.max_batch_size, r.answer
    # one L4 holds 7 of the 40: they do not all fit there, as the answer says
    assert sized(model="llama 3.1 8b", gpu="L4", batch_size=40).max_batch_size == 7


def test_past_the_context_limit_max_batch_size_is_the_memorys_as_documented() -> None:
    r = sized(model="llama 3.1 8b", gpu="H100", input_tokens=200_000)
    assert r.runs is False and r.fits is True and r.performance is None
    assert r.max_batch_size == r.max_batch_size_in_memory == 2
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert ("`max_batch_size` (0 where the engine cannot run the weights there; past the "
            "model's context limit the memory's count, as `fits` is the memory's there)"
            in readme)
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    desc = spec["components"]["schemas"]["SizingResult"]["properties"]["max_batch_size"]
    assert "past the model's own context limit (runs false) the memory's count" in (
        desc["description"])


def test_a_comparison_row_holds_what_its_warning_says() -> None:
    # "its memory holds about N" is the count the queue warning gives first (H200: 44 of the
    # 64 at their full context, 47 at their actual context; the row said 47)
    r = ask("What is the speed difference between H100 and H200 for Llama 3.1 70B in FP8 "
            "with 64 users?")
    rows = re.findall(r"(NVIDIA H\d00[^(]*?) does not hold 64 requests at once \(its memory "
                      r"holds about (\d+)\)", r.answer)
    fits = dict(re.findall(r"where (NVIDIA H\d00 [^ ]+ \d+GB) gives [\d.]+ GiB: (\d+) of the 64 "
                           r"requests fit in the KV cache", r.answer))
    assert len(rows) == 2 and len(fits) == 2, r.answer
    for setup, most in rows:
        gpu = setup.split("× ", 1)[-1].strip()
        assert fits[gpu] == most, (setup, most, fits)
    assert "its memory holds about 44" in r.answer, r.answer
