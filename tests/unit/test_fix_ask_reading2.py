"""How /v1/ask reads a question (audit ask_reading2): "10k prompts" counted, a token amount
at a rate, "N de mii de tokeni", a fine-tuned model served, a TTFT with a "100k token prompt",
a GPU count before "tok/s", "requests of 8k tokens" at once, and the cost of 1k tokens."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, head, machine_price

# -- 1. "10k prompts": a count of prompts, not a length of 10,240 -----------------------------


def test_10k_prompts_of_512_tokens_is_the_ro_twins_job() -> None:
    q = "how long to process 10k prompts of 512 tokens with llama 3.1 8b on an l4"
    st = stated(q, catalog().registry)
    assert (st.requests, st.prompt_tokens) == (10_000, 512)  # was a 10,240-token prompt
    assert extract(q, catalog().registry).context_tokens != 10_240
    quantity, value, _ = asked(ask(q))
    ro = asked(ask("Cât durează să rulez 10 mii de prompturi de 512 tokeni cu Llama 3.1 8B "
                   "pe un L4?"))
    assert quantity == "job_hours"
    # re-pinned (test_fix_tokjob28): at the served load, 10 % of the memory free (181
    # tokens/s); 3.4 h at full memory (422 tokens/s), 60.9 h before that
    assert value == pytest.approx(7.86, abs=0.05)
    assert value == pytest.approx(ro[1])


def test_20k_prompts_take_the_default_request_length() -> None:
    r = ask("how long to run 20k prompts with llama 3.1 8b on an l4")
    assert "20,480 input" not in head(r)
    quantity, value, _ = asked(r)
    assert quantity == "job_hours"
    # re-pinned: serving start transient in the solve: 3,584 in + 512 out; was 241 h, then 36.8,
    # then 36.1, then 36.3; 69.6 at the served load, 10 % of the memory free (41 tokens/s, was
    # 78: test_fix_tokjob28)
    assert value == pytest.approx(69.6, abs=0.1)


@pytest.mark.parametrize("q", [
    "how much to run 10k prompts through llama 3.1 8b on an h100",
    "how much will 30k prompts cost on llama 3.1 8b on an l4",
])
def test_cost_of_prompts_is_a_job_cost_not_the_largest_context(q: str) -> None:
    r = ask(q)
    assert r.intent == "cost"
    quantity, _, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")  # was max_context_tokens


def test_ro_thousands_of_prompts_with_how_long_is_a_job() -> None:
    q = "Cât durează 20 de mii de prompturi cu Llama 3.1 8B pe un L4?"
    assert stated(q, catalog().registry).requests == 20_000
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "job_hours"  # was "Da, ... încape"
    # re-pinned: serving start transient in the solve: 3,584 in + 512 out (20.4 h at 2,048 in); was
    # 36.8, then 36.1, then 36.3; 69.6 at the served load (test_fix_tokjob28)
    assert value == pytest.approx(69.6, abs=0.1)


def test_power_of_two_prompts_stay_a_length() -> None:
    st = stated("TTFT for llama 3.1 8b on an h100 with 4k prompts", catalog().registry)
    assert st.prompt_tokens == 4096


# -- 2. a token amount at a rate is a rate, never a context ------------------------------------


def _batched(text: str) -> float:
    """The month of the rate as separately billed jobs, leading where cheaper than the
    always-on endpoint (audit regress3 #8: a daily rate reads as a weekly or monthly one;
    ask_cost (2) had the endpoint first)."""
    m = (re.search(r"^About \$([\d,]+\.\d+) a month for the job run", text)
         or re.search(r"^Aproximativ ([\d.]+,\d+)\s*USD pe lună pentru jobul", text)
         # an hourly rate: always the endpoint first, its 720 jobs a month after
         or re.search(r"it would cost about \$([\d,]+\.\d+)/month", text))
    assert m is not None, text
    raw = m.group(1)
    return float(raw.replace(",", "") if "$" in m.group(0)
                 else raw.replace(".", "").replace(",", "."))


@pytest.mark.parametrize(("q", "month"), [
    # re-pinned: start transient + round 14 (30 jobs on 4 x RTX 3060 at int8, RTX 5070 runs
    # no int8 on Blackwell; was $1.16 on 4 x RTX 5070)
    ("cost per month for 500k tokens a day with llama 3.1 8b", 1.20),
    # re-pinned: start transient + round 14
    ("Cât costă pe lună 500.000 de tokeni pe zi cu Llama 3.1 8B?", 1.20),
    # on a GPU named the jobs' month is the GPU path's job on it, billed by the hour, that
    # leads (ask_cost (2) led with the always-on month, then the recommendations' job)
    ("what does 200k tokens a day cost per month with llama 3.1 8b on an l4", None),
    # re-pinned: start transient + round 14 (was $7.02 on RTX 5070 at int8)
    ("what does 100k tokens per hour cost per month on llama 3.1 8b", 8.72),
])
def test_tokens_a_day_are_a_rate(q: str, month: float | None) -> None:
    assert extract(q, catalog().registry).context_tokens is None  # was 512,000 / 500,000
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")
    batched = _batched(head(r))
    if "per hour" in q:
        assert value > batched  # the always-on month leads; the jobs' month follows
    else:
        assert value == pytest.approx(batched, abs=0.005)  # the jobs' month leads
        assert ("An always-on endpoint would cost about" in head(r)
                or "Un endpoint pornit permanent ar costa" in head(r))
    if month is not None:
        assert batched == pytest.approx(month, abs=0.01)


def test_500k_a_day_is_about_half_of_1m_a_day() -> None:
    half = _batched(head(ask("cost per month for 500k tokens a day with llama 3.1 8b")))
    whole = _batched(head(ask("cost per month for 1M tokens a day with llama 3.1 8b")))
    assert half == pytest.approx(whole / 2, rel=0.05)


# -- 3. Romanian "N (de) mii de tokeni" after cereri/prompturi and before "de context" ---------


def test_ro_requests_of_8_thousand_tokens_counted() -> None:
    r = ask("Câte cereri de 8 mii de tokeni încap simultan pentru Llama 3.1 8B pe un L40S?")
    assert asked(r)[:2] == ("max_batch_size", 24)  # as "8.000 de tokeni"; was 76 of 2,560
    assert "8.000 de tokeni" in head(r)


def test_ro_prompts_of_4_thousand_tokens() -> None:
    q = "Câte prompturi de 4 mii de tokeni încap deodată pe un H100 cu Llama 3.1 8B?"
    assert stated(q, catalog().registry).prompt_tokens == 4000  # was 4
    assert asked(ask(q))[:2] == ("max_batch_size", 100)  # was 176 of 2,560


@pytest.mark.parametrize(("n", "ctx", "gib"), [(32, 32_000, 20.4), (128, 128_000, 32.1)])
def test_ro_thousands_of_tokens_of_context(n: int, ctx: int, gib: float) -> None:
    q = f"Câtă memorie îi trebuie lui Llama 3.1 8B cu {n} de mii de tokeni de context?"
    assert extract(q, catalog().registry).context_tokens == ctx  # was None: 4,096
    quantity, value, _ = asked(ask(q))
    assert quantity == "total_gib"
    assert value == pytest.approx(gib, abs=0.05)  # was 17.0


def test_ro_thousands_of_tokens_to_generate_stay_a_job() -> None:
    q = "Cât costă generarea a 500 de mii de tokeni cu Llama 3.1 8B pe un L4?"
    assert extract(q, catalog().registry).context_tokens is None


# -- 4. serving a fine-tuned model is inference ------------------------------------------------


@pytest.mark.parametrize("q", [
    "serve my fine-tuned llama 3 8b to 10 users, how much vram",
    "how much vram to serve a llama 3 8b that was fine-tuned earlier, for 10 users",
    "Câtă memorie îmi trebuie să servesc Llama 3 8B fine-tuned pentru 10 utilizatori?",
    "Câtă memorie îmi trebuie să servesc modelul meu fine-tunat Llama 3 8B pentru 10 "
    "utilizatori?",
])
def test_serving_a_fine_tuned_model_is_its_serving_memory(q: str) -> None:
    assert extract(q, catalog().registry).workload == "serving"
    r = ask(q)
    assert r.intent == "memory"
    quantity, value, _ = asked(r)
    assert quantity == "total_gib"
    assert value == pytest.approx(21.5, abs=0.05)  # was LoRA training, 17.9 GiB


def test_tokens_per_s_of_a_finetuned_model_is_decode_speed() -> None:
    r = ask("how many tokens/s do I get from my finetuned mistral 7b on an l4")
    assert r.intent == "speed"
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"  # was training_tokens_per_s 1,458
    assert value == pytest.approx(16.9, abs=0.1)  # 3,584 in (17.2 at 2,048 in)


def test_sftd_model_served_is_a_serving_count() -> None:
    q = "how many h100 to serve my sft'd mistral 7b to 100 users"
    assert extract(q, catalog().registry).workload == "serving"
    r = ask(q)
    assert r.intent == "gpu_count"  # was finetune (LoRA training)
    assert head(r).startswith("For 100 concurrent users, Mistral 7B")


def test_fine_tuning_still_reads_as_fine_tuning() -> None:
    assert ask("how much vram to fine-tune llama 3 8b with lora").intent == "finetune"
    assert extract("fine-tune llama 3 8b then serve it to 10 users",
                   catalog().registry).workload is None  # both said: neither assumed


# -- 5. TTFT with an unhyphenated "100k token prompt" ------------------------------------------


def test_ttft_with_100k_token_prompt_is_a_ttft() -> None:
    r = ask("time to first token for llama 3.1 8b on an h100 with a 100k token prompt")
    assert r.intent == "speed"  # was a job generating 100,000 tokens, 38 minutes
    quantity, value, _ = asked(r)
    assert quantity == "time_to_first_token_ms"
    assert value == pytest.approx(asked(ask("ttft llama 3.1 8b h100 100k-token prompt"))[1])
    assert value == pytest.approx(10_211, abs=5)


# -- 6. a GPU count before "tok/s" is no target; a total rate priced is a load -----------------


@pytest.mark.parametrize("q", [
    "llama 3.1 8b on 8 h100 tok/s",
    "llama 3.1 8b on 2 l4 tok/s",
    "llama 3.1 70b on 4 h100s tokens per second?",
    "how fast is llama 3.1 70b fp8 on 2 h100 tok/s",
    "Llama 3.1 8B pe 2 L4 tokeni/s",
    "Llama 3.1 8B pe 2 H100 tok/s",
])
def test_gpu_count_before_tok_s_is_no_target(q: str) -> None:
    assert stated(q, catalog().registry).min_tokens_per_s is None
    r = ask(q)
    assert r.intent == "speed"
    assert "target" not in head(r) and "ținta" not in head(r)
    assert not head(r).startswith(("Yes", "Da"))


def test_per_user_target_beside_a_gpu_count_is_kept() -> None:
    q = "llama 3.1 8b on 2 h100 at 50 tok/s per user?"
    assert stated(q, catalog().registry).min_tokens_per_s == 50


def test_a_total_token_rate_priced_is_no_per_user_target() -> None:
    q = "what does 2000 tokens per second cost per month with llama 3.1 8b on an h100"
    st = stated(q, catalog().registry)
    assert st.min_tokens_per_s is None
    assert st.throughput_tokens_per_s == 2000
    r = ask(q)
    assert "target" not in head(r)  # was "misses your target of 2,000 tokens/s per user"
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_month_usd", "USD")
    # 1 x H100 ($1.29/h) + the weights' disk, as the recommendations price it carrying the
    # 2,000 tokens/s in total (audit ask_intent: the load reaches them; was bf16 at one
    # request, $932)
    assert value == pytest.approx(_h100_month_at(2000), abs=0.01)
    assert "2,000 output tokens/s in total" in head(r)


def _h100_month_at(tps: float) -> float:
    import msgspec

    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest
    from tests.unit.ask_fixtures import TODAY
    req = {"model": "llama-3.1-8b", "weights": "auto", "top_n": 3, "workload": "serving",
           "gpus": ["h100-sxm"], "concurrent_requests": 1, "output_tokens": 512,
           "context_tokens": 4096, "target_output_tokens_per_s": tps}
    rec = recommend(msgspec.convert(req, RecommendationRequest), catalog(), TODAY,
                    explain=False)
    month = rec.options[0].cost.per_month_usd
    assert month is not None
    return month


# -- 7. "how many requests of 8k tokens fit at once": a count of such requests ----------------


@pytest.mark.parametrize(("q", "n", "ctx"), [
    ("how many requests of 8k tokens fit at once for llama 3.1 8b on an l40s", 23, 8192),
    ("how many requests of 4k tokens fit at once on an h100 with llama 3.1 8b", 110, 4096),
])
def test_requests_of_k_tokens_at_once_counted(q: str, n: int, ctx: int) -> None:
    r = ask(q)
    assert r.intent == "max_concurrency"  # was gpu_count: "Yes ... 8 concurrent users"
    assert asked(r)[:2] == ("max_batch_size", n)
    assert f"{ctx:,} tokens each" in head(r)


def test_prompts_of_4k_tokens_on_70b_fp8_counted() -> None:
    r = ask("how many prompts of 4k tokens fit at once on an h100 with llama 3.1 70b fp8")
    assert r.intent == "max_concurrency"
    assert asked(r)[0] == "max_batch_size"


# -- 8. the cost of 1k tokens: the per-1M price, with its per-1,000 share ----------------------


@pytest.mark.parametrize(("q", "gpu", "thousand"), [
    ("what's the cost per 1k tokens for llama 3.1 8b on an h100", "h100-sxm",
     "About ${} per 1,000 output tokens"),  # leads now (audit buyer20), was "That is about"
    ("price of 1k tokens for llama 3.1 8b on an l4", "l4",
     "About ${} per 1,000 output tokens"),
    ("Cât costă 1.000 de tokeni cu Llama 3.1 8B pe un L4?", "l4",
     "Aproximativ {}\u00a0USD pe 1.000 de tokeni de ieșire"),
])
def test_cost_per_1k_tokens(q: str, gpu: str, thousand: str) -> None:
    assert extract(q, catalog().registry).context_tokens is None  # was 1,024 / 1,000
    r = ask(q)
    quantity, value, unit = asked(r)
    # the per 1k asked leads and is the number asked (audit buyer20; was the per 1M)
    assert (quantity, unit) == ("per_thousand_output_tokens_usd", "USD")  # was per_hour_usd
    # the GPU's cheapest on-demand hour over what it generates in an hour at full load, at
    # the default 3,584 tokens in and 512 out, at /v1/recommendations' saturated load (10 % of
    # the memory kept free, buyer audit 27c #3): $0.144 on an H100 (2,494 tokens/s), $2.58 on
    # an L4 (41 tokens/s); $0.139 and $1.364 with all the memory used (2,579 and 77 tokens/s),
    # $0.081 and $0.756 at the 2,048 in of before
    full = size(SizingRequest(model="llama-3.1-8b", gpu=gpu, input_tokens=3584,
                              output_tokens=512, min_memory_headroom_pct=10),
                catalog()).performance
    assert full is not None and full.max_throughput_tokens_per_s
    million = machine_price(gpu) / (full.max_throughput_tokens_per_s * 3600) * 1e6
    assert value == pytest.approx(million / 1000, rel=1e-6)  # per 1k (audit buyer20)
    share = f"{million / 1000:.2g}"
    assert thousand.format(share.replace(".", ",") if "USD" in thousand else share) in head(r)


def test_cost_per_1k_output_tokens_is_no_request_output() -> None:
    q = "cost per 1k output tokens for llama 3.1 70b fp8 on h100"
    assert stated(q, catalog().registry).output_tokens is None  # was 1,024
    assert asked(ask(q))[:1] == ("per_thousand_output_tokens_usd",)  # per 1k leads (buyer20)


def test_cost_per_1m_says_no_thousand() -> None:
    r = ask("what's the cost per 1M tokens for llama 3.1 8b on an h100")
    assert "per 1,000 output tokens" not in head(r)


# -- the same readings, said otherwise ---------------------------------------------------------


def test_how_many_8k_prompts_at_once_counts_prompts_of_8k() -> None:
    r = ask("how many 8k prompts fit at once on an h100 with llama 3.1 8b")
    assert r.intent == "max_concurrency"  # was 8,000 users, 128 x H100
    assert asked(r)[:2] == ("max_batch_size", 51)


def test_generate_500k_tokens_is_a_job_not_a_context() -> None:
    q = "how long to generate 500k tokens with llama 3.1 8b on an h100"
    assert extract(q, catalog().registry).context_tokens is None  # was 512,000
    quantity, value, _ = asked(ask(q))
    assert quantity == "job_hours"
    # at full load with 3,584 in + 512 out and 10 % of the memory free, about 2,494 tokens/s
    # (3.2 min at 2,579 with the memory filled before test_fix_tokjob28; 1.9 min at 2,048 in)
    assert value * 60 == pytest.approx(3.34, abs=0.05)


def test_ro_thousands_of_tokens_per_second_priced_is_a_load() -> None:
    q = "Cât costă 2 mii de tokeni pe secundă pe lună cu Llama 3.1 8B pe un H100?"
    assert extract(q, catalog().registry).context_tokens is None  # was 2,000
    assert stated(q, catalog().registry).throughput_tokens_per_s == 2000
    quantity, value, _ = asked(ask(q))
    assert quantity == "per_month_usd"  # was the speed of one request
    assert value == pytest.approx(_h100_month_at(2000), abs=0.01)  # (was 932.0: see above)
