"""Defects an eighth blind buyer audit of POST /v1/ask found, each pinned in English and
Romanian where the wording matters: a speed target stated with the GPU named is judged at the
stated load, a million input tokens is priced per prompt token, an audio job not said to be
interruptible leads with on-demand, a bare "A100" note counts the GPUs at the precision
priced, and the spot and on-demand price answers record the same sizing (one replica, at the
stated load and context).

The retrieval is a fake (see ``ask_fixtures``): the numbers come from the shipped catalog
through ``size()`` and ``recommend()``."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.answer.numbers.context import gpu_count_for_users
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import (
    TODAY,
    ask,
    asked,
    catalog,
    first_sentence,
    head,
    machine_price,
)


def _size(**kw: Any) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# -- 1. a speed target with the GPU named is judged at the stated load --------------------------


# the load stated (2,048 tokens in, 512 out): at the default 4,096 tokens a request the 20
# users get 29.4 tokens/s each there, a "no" (the TTFT test below has one)
@pytest.mark.parametrize(("q", "word"), [
    ("Will Llama 3.1 70B in fp8 on 2 H100 give 30 tokens/s per user with 20 concurrent users "
     "with 2k-token prompts?", "meets your target of 30 tokens/s per user"),
    ("Llama 3.1 70B fp8 pe 2 H100 dă 30 tokeni/s per utilizator cu 20 de utilizatori și "
     "prompturi de 2k tokeni?", "atinge ținta: 30 de tokeni/s per utilizator"),
])
def test_a_speed_target_on_the_gpu_named_is_met_or_not(q: str, word: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    core = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
                 batch_size=20, input_tokens=2048, output_tokens=512)
    assert core.performance is not None
    per_user = core.performance.output_tokens_per_s_per_user
    assert per_user is not None and per_user >= 30
    assert quantity == "output_tokens_per_s_per_user"
    assert value == pytest.approx(per_user)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True
    # the yes of the yes/no question first, then the figure at that load
    assert first_sentence(r).startswith(("Yes: at 20", "Da: la 20"))
    assert word in head(r), head(r)


@pytest.mark.parametrize(("q", "word"), [
    ("Will Llama 3.1 70B in fp8 on 2 H100 give time to first token under 500 ms with 20 "
     "concurrent users?", "misses your target of a time to first token under 500 ms"),
    ("Llama 3.1 70B fp8 pe 2 H100 are timpul până la primul token sub 500 ms cu 20 de "
     "utilizatori?", "nu atinge ținta: un timp până la primul token sub 500 ms"),
])
def test_a_ttft_target_missed_names_the_fewest_gpus_that_meet_it(q: str, word: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "time_to_first_token_ms"
    assert value > 500
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    text = head(r)
    assert word in text, text
    # (the recommendations' one-machine setup that meets it, buyer audit 27c #2)
    m = re.search(r"(?:meet it are|o ating sunt|in one machine,|într-o singură mașină,) "
                  r"(\d+) × NVIDIA H100", text)
    assert m is not None, text
    n = int(m.group(1))
    assert n > 2
    core = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=n,
                 batch_size=20, input_tokens=3584, output_tokens=512)
    assert core.performance is not None and core.performance.time_to_first_token_ms is not None
    assert core.performance.time_to_first_token_ms <= 500
    if n // 2 > 2:  # the fewest: half as many do not meet it
        fewer = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=n // 2,
                      batch_size=20, input_tokens=3584, output_tokens=512)
        assert fewer.performance is not None
        assert (fewer.performance.time_to_first_token_ms or 0) > 500


# -- 2. a million input tokens is priced per prompt token ----------------------------------------


@pytest.mark.parametrize("q", [
    "How much does 1M input tokens cost for Llama 3.1 8B on an H100?",
    "What is the cost per million input tokens for Llama 3.1 8B on an H100?",
    "Cât costă 1M de tokeni de intrare pentru Llama 3.1 8B pe un H100?",
])
def test_a_million_input_tokens_is_priced_from_the_prefill_rate(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_million_input_tokens_usd"
    core = _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1, input_tokens=3584,
                 output_tokens=512)
    assert core.performance is not None and core.performance.prefill_tokens_per_s
    expected = machine_price("h100-sxm") / (core.performance.prefill_tokens_per_s * 3600) * 1e6
    assert value == pytest.approx(expected, rel=1e-6)
    first = first_sentence(r)
    assert ("input (prompt) tokens" in first or "tokeni de intrare" in first), first
    assert "output" not in first and "ieșire" not in first, first
    # the output-token price comes after it, said as such, and is higher
    out_m = machine_price("h100-sxm") / (
        (core.performance.max_throughput_tokens_per_s or 1) * 3600) * 1e6
    assert out_m > value
    assert ("per 1M output tokens" in head(r) or "tokeni de ieșire" in head(r)), head(r)


def test_a_million_input_tokens_without_a_gpu_is_per_input_token() -> None:
    r = ask("What is the cost per million input tokens for Llama 3.1 8B?")
    assert asked(r)[0] == "per_million_input_tokens_usd"
    assert "input (prompt) tokens" in first_sentence(r)
    assert "output tokens" not in first_sentence(r)


def test_a_million_output_tokens_is_still_per_output_token() -> None:
    r = ask("What is the cost per million output tokens for Llama 3.1 8B on an H100?")
    assert asked(r)[0] == "per_million_output_tokens_usd"


# -- 3. an audio job not said to be interruptible leads with on-demand ---------------------------


@pytest.mark.parametrize("q", [
    "Cât costă să transcriu 1000 de ore de audio cu Whisper large-v3?",
    "How much does it cost to transcribe 1000 hours of audio with Whisper large-v3?",
])
def test_an_audio_job_leads_on_demand_and_mentions_spot_after(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd"
    rec = recommend(RecommendationRequest(model="whisper-large-v3", workload="batch",
                                          job_audio_hours=1000, interruptible=False),
                    catalog(), TODAY, explain=False)
    o = rec.options[0]
    assert o.pricing_model == "on_demand"
    assert value == pytest.approx(o.cost.per_job_usd)
    first = first_sentence(r)
    assert ("(on-demand)" if r.lang == "en" else "(la cerere)") in first, first
    assert "spot" not in first, first
    assert r.numbers is not None
    assert r.numbers.recommendations[0].pricing_model == "on_demand"
    assert "spot" in head(r).lower()  # spot may come after


# -- 4. a bare "A100": the count said is the count priced, at the precision priced ---------------


@pytest.mark.parametrize(("q", "needs"), [
    ("Cât costă Qwen2.5 72B pe A100 în Europa?", r"la ([\w-]+) modelul are nevoie de (\d+)"),
    ("How much does Qwen2.5 72B cost on A100 in Europe?", r"at ([\w-]+) the model needs (\d+)"),
])
def test_a_bare_gpu_note_counts_at_the_precision_priced(q: str, needs: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations
    lead = r.numbers.recommendations[0]
    m = re.search(needs, head(r))
    assert m is not None, head(r)
    assert m.group(1) == lead.weights
    assert int(m.group(2)) == lead.gpu_count * lead.nodes
    assert f"{lead.gpu_count} × {lead.gpu}" in first_sentence(r)


# -- 5. spot and on-demand record the same sizing: one replica at the stated load ----------------


def test_spot_with_a_gpu_named_prices_a_setup_that_holds_the_load() -> None:
    r = ask("cheapest spot H100 to serve Llama 3.1 70B for 50 users?")
    got = gpu_count_for_users(catalog(), "llama-3.1-70b", None, "h100-sxm", 50, 4096)
    assert got is not None
    assert f"on {got[0]} × NVIDIA H100" in first_sentence(r), first_sentence(r)
    s = r.numbers.sizing if r.numbers is not None else None
    assert s is not None and s.context_tokens == 4096
    assert s.total_gib <= got[2] * 80  # one replica's memory, on its GPUs


def test_spot_and_on_demand_sizing_mean_the_same() -> None:
    spot = ask("How much does it cost to serve Llama 3.1 70B for 50 users on spot?")
    od = ask("How much does it cost to serve Llama 3.1 70B for 50 users?")
    assert spot.numbers is not None and od.numbers is not None
    a, b = spot.numbers.sizing, od.numbers.sizing
    assert a is not None and b is not None
    assert a.context_tokens == b.context_tokens == 4096
    # both at the stated load: the KV cache of 50 requests of 4,096 + 512 tokens (each path
    # records one replica, and here each replica carries all 50)
    assert a.kv_cache_gib == pytest.approx(b.kv_cache_gib)
    assert a.kv_cache_gib is not None and a.kv_cache_gib > 50


def test_on_demand_sizing_is_one_replica_of_the_lead_option() -> None:
    r = ask("cheapest H100 to serve Llama 3.1 70B for 50 users?")
    assert r.numbers is not None and r.numbers.sizing is not None
    lead = r.numbers.recommendations[0]
    # re-pinned: serving start transient (d85c4ba+1)
    assert lead.nodes == 1 and lead.gpu_count == 2  # was 2 nodes of 25 users
    # no context stated: the recommendations' 4,096 tokens, 512 of them output
    one = _size(model="llama-3.1-70b", weights=lead.weights, gpu="h100-sxm", gpu_count=2,
                # re-pinned: serving start transient (d85c4ba+1)
                input_tokens=4096 - 512, output_tokens=512, batch_size=50 // lead.nodes)
    assert r.numbers.sizing.total_gib == pytest.approx(one.memory.total_gib, abs=0.01)
    assert r.numbers.sizing.total_gib <= 2 * 80
