"""One request's time, request and token rates, the cost of a request, and precisions weighed
in /v1/ask (audit regress3 #1, #10, #11, #12), in English and Romanian:

1. "generate 2k tokens" times 2,048 tokens ("k" is 1,024, as "2k output" is), not the 512
   assumed; a prompt stated beside them ("with a 30k-token prompt") is the one timed;
2. "how many seconds to generate 300 tokens", "a 2,000-token answer", "write 4000 tokens",
   "În câte secunde generează … 300 de tokeni" are one request's time, not a fit with the
   count read as its context;
3. the maximum QPS, requests per day, a throughput "in requests per minute", tokens per hour
   or per day, and the cost per request get their figure (they got a fit, the requests held
   at once, tokens/s or the hourly price);
4. "what quantization do I need for 70B on one L40S" answers the precision that fits (GGUF
   q4_k_m on llama.cpp) and keeps "At fp8 it takes 2 × L40S"; "fp8 or int4" and "is int4
   faster than fp8" give both precisions' memory and speed, and which to take.

Expected figures come from /v1/sizing (``size``) and the catalog's prices, never from an
answer."""

from __future__ import annotations

import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head, machine_price


def _perf(model: str, gpu: str, inp: int, out: int, weights: str | None = None,
          count: int = 1, headroom_pct: float = 0.0) -> tuple[float, float, float, float]:
    """(TTFT ms, time per output token ms, max requests/s, max output tokens/s) of one
    request of ``inp`` in and ``out`` out, as /v1/sizing gives them (``headroom_pct`` of
    the memory kept free: 10 is /v1/recommendations' saturated load, where /v1/ask prices
    and counts tokens since buyer audit 27c #3)."""
    r = size(SizingRequest(model=model, gpu=gpu, gpu_count=count, input_tokens=inp,
                           output_tokens=out, weights=weights,
                           min_memory_headroom_pct=headroom_pct), catalog())
    p = r.performance
    assert p is not None and p.time_to_first_token_ms and p.time_per_output_token_ms
    assert p.max_requests_per_s and p.max_throughput_tokens_per_s
    return (p.time_to_first_token_ms, p.time_per_output_token_ms, p.max_requests_per_s,
            p.max_throughput_tokens_per_s)


def _latency_s(model: str, gpu: str, inp: int, out: int) -> float:
    ttft, tpot, _, _ = _perf(model, gpu, inp, out)
    return (ttft + (out - 1) * tpot) / 1000


# -- 1. "2k", "1k" and a stated prompt ---------------------------------------------------------


@pytest.mark.parametrize(("q", "said"), [
    ("How long does it take to generate 2k tokens with Llama 3.1 8B on an H100?", "2,048 tokens"),
    ("Cât durează să generez 2k tokeni cu Llama 3.1 8B pe un H100?", "2.048 de tokeni"),
])
def test_2k_tokens_are_2048_not_the_512_assumed(q: str, said: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("request_latency_s", "s")
    # the rest of the answers' 4,096-token context is the prompt: 2,048 in, 2,048 out
    assert value == pytest.approx(_latency_s("llama-3.1-8b", "h100-sxm", 2048, 2048), rel=1e-6)
    assert 14.5 < value < 15.5  # it was about 3.9 s for 512 tokens
    assert said in first_sentence(r)
    assert "512" not in first_sentence(r)


def test_1k_tokens_are_1024() -> None:
    r = ask("Time to generate 1k tokens with Qwen2.5 7B on an RTX 4090?")
    assert asked(r)[1] == pytest.approx(_latency_s("qwen2.5-7b", "rtx-4090", 3072, 1024),
                                        rel=1e-6)
    assert "1,024 tokens" in first_sentence(r)


def test_a_stated_prompt_is_the_one_timed() -> None:
    r = ask("How long to generate 1,000 tokens with Llama 3.1 8B on an H100 with a 30k-token "
            "prompt?")
    value = asked(r)[1]
    assert value == pytest.approx(_latency_s("llama-3.1-8b", "h100-sxm", 30720, 1000), rel=1e-6)
    ttft = _perf("llama-3.1-8b", "h100-sxm", 30720, 1000)[0]
    assert ttft > 1000  # a 30k prompt's prefill: over a second to the first token
    assert "30,720-token prompt" in first_sentence(r)
    assert "3,096" not in head(r)


# -- 2. the other phrasings of one request's time ---------------------------------------------


@pytest.mark.parametrize(("q", "model", "gpu", "count", "inp", "out", "said"), [
    ("How many seconds to generate 300 tokens with Llama 3.1 8B on an H100?",
     "llama-3.1-8b", "h100-sxm", 1, 3796, 300, "300 tokens"),
    ("How long for a 2,000-token answer from Llama 3.1 70B on 4 H100?",
     "llama-3.1-70b", "h100-sxm", 4, 2096, 2000, "2,000 tokens"),
    ("How long does it take Llama 3.1 8B to write 4000 tokens on an L4?",
     "llama-3.1-8b", "l4", 1, 512, 4000, "4,000 tokens"),
    ("În câte secunde generează Llama 3.1 8B 300 de tokeni pe un H100?",
     "llama-3.1-8b", "h100-sxm", 1, 3796, 300, "300 de tokeni"),
])
def test_time_to_generate_phrasings_time_one_request(q: str, model: str, gpu: str, count: int,
                                                    inp: int, out: int, said: str) -> None:
    r = ask(q)
    assert r.intent == "speed", r.answer
    quantity, value, _ = asked(r)
    assert quantity == "request_latency_s"
    ttft, tpot, _, _ = _perf(model, gpu, inp, out, count=count)
    assert value == pytest.approx((ttft + (out - 1) * tpot) / 1000, rel=1e-6)
    assert said in first_sentence(r)
    assert "context" not in first_sentence(r)


# -- 3. rates, tokens per period, the cost of a request ---------------------------------------


def test_maximum_qps_is_the_requests_per_second() -> None:
    r = ask("What is the maximum QPS for Llama 3.1 8B on an H100?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("max_requests_per_s", "requests/s")
    assert value == pytest.approx(_perf("llama-3.1-8b", "h100-sxm", 3584, 512)[2], rel=1e-9)


@pytest.mark.parametrize(("q", "model", "gpu", "said"), [
    ("How many requests per day can an H100 serve with Llama 3.1 8B?", "llama-3.1-8b",
     "h100-sxm", "requests per day"),
    ("Câte cereri pe zi poate servi un H100 cu Llama 3.1 8B?", "llama-3.1-8b", "h100-sxm",
     "cereri pe zi"),
    ("How many requests per day can one A100 serve with Mistral 7B?", "mistral-7b-v0.3",
     "a100-sxm-40gb", "requests per day"),
])
def test_requests_per_day(q: str, model: str, gpu: str, said: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("max_requests_per_day", "requests/day")
    assert value == pytest.approx(_perf(model, gpu, 3584, 512)[2] * 86_400, rel=1e-9)
    assert said in first_sentence(r)


def test_requests_per_day_8b_h100_is_about_435k() -> None:
    assert asked(ask("How many requests per day can an H100 serve with Llama 3.1 8B?"))[1] \
        == pytest.approx(435_000, rel=0.01)


def test_throughput_in_requests_per_minute_same_in_both_languages() -> None:
    en = ask("What is the throughput of Llama 3.1 70B on 2 H100 in requests per minute?")
    ro = ask("Care este debitul Llama 3.1 70B pe 2 H100 în cereri pe minut?")
    want = _perf("llama-3.1-70b", "h100-sxm", 3584, 512, count=2)[2] * 60
    for r in (en, ro):
        quantity, value, unit = asked(r)
        assert (quantity, unit) == ("max_requests_per_min", "requests/min"), r.answer
        assert value == pytest.approx(want, rel=1e-9)
    # re-pinned: serving start transient (d85c4ba+1): the figure from the sizing (20.1, was 19.6)
    assert f"{want:.1f} requests per minute" in first_sentence(en)
    # re-pinned: serving start transient (d85c4ba+1)
    assert f"{want:.1f} cereri pe minut".replace(".", ",") in first_sentence(ro)


@pytest.mark.parametrize(("q", "quantity", "seconds", "said"), [
    ("How many tokens can I generate per hour with Llama 3.1 8B on an H100?",
     # re-pinned: serving start transient in the solve; buyer27c #3: 10 % of the memory
     # kept free, as /v1/recommendations' saturated load (was 9,280,000)
     "max_output_tokens_per_hour", 3600, "8,980,000 output tokens per hour"),
    ("How many tokens per day can an H100 produce with Llama 3.1 8B?",
     "max_output_tokens_per_day", 86_400, "output tokens per day"),
    ("Câți tokeni pe oră poate genera Llama 3.1 8B pe un H100?",
     # re-pinned: serving start transient in the solve; buyer27c #3 (was 9.280.000)
     "max_output_tokens_per_hour", 3600, "8.980.000 de tokeni de ieșire pe oră"),
])
def test_tokens_per_period_is_full_load_throughput_times_the_period(
        q: str, quantity: str, seconds: int, said: str) -> None:
    r = ask(q)
    got = asked(r)
    assert got[0] == quantity, r.answer
    # at /v1/recommendations' saturated load: 10 % of the memory kept free (buyer27c #3)
    assert got[1] == pytest.approx(
        _perf("llama-3.1-8b", "h100-sxm", 3584, 512, headroom_pct=10)[3] * seconds, rel=1e-9)
    assert said in first_sentence(r)
    assert "/h at" not in first_sentence(r)


@pytest.mark.parametrize(("q", "said", "size_said"), [
    ("What is the cost per request for Llama 3.1 8B on an H100?", "$0.000071",
     "3,584 tokens in, 512 out"),
    ("Care este costul per cerere pentru Llama 3.1 8B pe un H100?", "0,000071",
     "3.584 de tokeni de intrare, 512 de ieșire"),
])
def test_cost_per_request_is_the_hourly_price_over_requests_an_hour(
        q: str, said: str, size_said: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("cost_per_request_usd", "USD")
    rps = _perf("llama-3.1-8b", "h100-sxm", 3584, 512)[2]
    assert value == pytest.approx(machine_price("h100-sxm") / (rps * 3600), rel=1e-9)
    assert said in first_sentence(r)
    assert size_said in first_sentence(r)


# -- 4. precisions ----------------------------------------------------------------------------


@pytest.mark.parametrize(("q", "lead", "takes"), [
    ("What quantization do I need to run Llama 3.1 70B on a single L40S?",
     "fits only as GGUF on llama.cpp, at q4_k_m", "At fp8 it takes 2 × NVIDIA L40S 48GB"),
    ("Ce cuantizare îmi trebuie pentru Llama 3.1 70B pe un singur L40S?",
     "încape doar ca GGUF pe llama.cpp, la q4_k_m", "La fp8 are nevoie de 2 × NVIDIA L40S 48GB"),
])
def test_quantization_for_70b_on_one_l40s(q: str, lead: str, takes: str) -> None:
    r = ask(q)
    assert asked(r)[:1] + asked(r)[2:] == ("precision_bits", "bits")
    assert asked(r)[1] == 4
    assert lead in first_sentence(r)
    assert takes in head(r)
    # q4_k_m does fit on llama.cpp's share of the card, and awq-int4 does not on vLLM's
    q4 = size(SizingRequest(model="llama-3.1-70b", gpu="l40s", weights="q4_k_m",
                            input_tokens=3584, output_tokens=512), catalog())
    awq = size(SizingRequest(model="llama-3.1-70b", gpu="l40s", weights="awq-int4",
                             input_tokens=3584, output_tokens=512), catalog())
    assert q4.fits and not awq.fits
    assert f"{q4.memory.per_gpu_gib:.1f} GiB" in first_sentence(r).replace(",", ".")


def _tps(weights: str) -> float:
    r = size(SizingRequest(model="llama-3.1-70b", gpu="h100-sxm", weights=weights,
                           input_tokens=3584, output_tokens=512), catalog())
    assert r.performance is not None and r.performance.decode_tokens_per_s
    return r.performance.decode_tokens_per_s


@pytest.mark.parametrize(("q", "pick"), [
    ("Should I use fp8 or int4 for Llama 3.1 70B on an H100?", "Take int4"),
    ("Ar trebui să folosesc fp8 sau int4 pentru Llama 3.1 70B pe un H100?", "Alegeți int4"),
])
def test_fp8_or_int4_gives_both_and_a_pick(q: str, pick: str) -> None:
    r = ask(q)
    text = head(r).replace(",", ".")
    assert asked(r)[0] == "precision_bits" and asked(r)[1] == 4
    for weights in ("fp8", "int4"):
        assert f"{_tps(weights):.1f}" in text  # 29.7 and 60.9 tokens/s
    assert "71.4 GiB" in text and "40.7 GiB" in text
    assert pick in head(r)
    assert "does not fit" not in first_sentence(r) and "nu încape" not in first_sentence(r)


def test_is_int4_faster_than_fp8_is_yes() -> None:
    r = ask("Is int4 faster than fp8 for Llama 3.1 70B on an H100?")
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value == pytest.approx(_tps("int4"), rel=1e-9)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is True
    assert first_sentence(r).startswith("Yes")


def test_8b_fits_either_way_and_fp8_is_taken_for_quality() -> None:
    r = ask("Should I use fp8 or int4 for Llama 3.1 8B on an H100?")
    assert asked(r)[:2] == ("precision_bits", 8)
    assert "Take fp8" in head(r)


# -- the ordinary questions still route as before ---------------------------------------------


@pytest.mark.parametrize(("q", "intent", "quantity"), [
    ("How fast is Llama 3.1 8B on an H100?", "speed", "decode_tokens_per_s"),
    ("What does an H100 cost?", "cost", "per_gpu_hour_usd"),
    ("How long does training take for a LoRA of Llama 3.1 8B on 1B tokens on an H100?",
     "finetune", "training_hours"),
    ("How long to generate 500k tokens with Llama 3.1 8B on an H100?", "cost", "job_hours"),
    ("How many requests per second can Llama 3.1 8B serve on an H100?", "speed",
     "max_requests_per_s"),
    ("How much does it cost to generate 1M tokens with Llama 3.1 8B on an H100?", "cost",
     "per_million_output_tokens_usd"),
])
def test_ordinary_questions_still_route(q: str, intent: str, quantity: str) -> None:
    r = ask(q)
    assert r.intent == intent, r.answer
    assert asked(r)[0] == quantity
