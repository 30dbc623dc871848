"""How /v1/ask reads a question (audit ask_reading): fine-tuning shorthands, a GPU's number
before "tok/s", lengths of requests counted, thousands in Romanian words, "$/M tokens", a
batch job's time and a token rate priced by the month."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import classify, stated
from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

# -- 1. "ft", "sft", "full ft", "fft": fine-tuning -------------------------------------------


@pytest.mark.parametrize(("q", "method"), [
    ("can i full ft mistral 7b on a single a100 80gb", "full"),
    ("how many a100 80gb for full ft of llama 3 8b", "full"),
    ("sft mistral 7b full params how many h100s", "full"),
    ("fft llama 3 8b on 2 h100", "full"),
    ("ft llama 3 8b on a single a100 80gb - enough vram?", None),
    ("FT complet pentru Llama 3 8B pe un A100 80GB: câtă memorie?", "full"),
])
def test_finetune_shorthands_are_finetuning(q: str, method: str | None) -> None:
    ex = extract(q, catalog().registry)
    assert ex.workload == "finetune"
    assert ex.method == method
    assert ask(q).intent == "finetune"


def test_full_ft_on_one_a100_is_no_at_the_full_finetune_memory() -> None:
    r = ask("can i full ft mistral 7b on a single a100 80gb")
    assert first_sentence(r).startswith("No, full fine-tuning of Mistral 7B")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_gpu_gib", "GiB")
    assert value == pytest.approx(114.4, abs=0.1)  # was "Yes ... about 15.6 GiB" (inference)


def test_full_ft_count_is_the_sharded_count() -> None:
    r = ask("how many a100 80gb for full ft of llama 3 8b")
    assert head(r).startswith("Full fine-tuning of Meta Llama 3 8B needs 2 × NVIDIA A100")


def test_sft_inside_a_model_name_is_no_shorthand() -> None:
    ex = extract("minicpm-2b-sft-bf16 on a t4, how much memory?", catalog().registry)
    assert ex.model == "minicpm-2b"
    assert ex.workload is None


# -- 2. a GPU's number before "tok/s" is never a target ---------------------------------------


@pytest.mark.parametrize("q", [
    "gpt-oss 20b on a 4090 tok/s",
    "qwen2.5 7b 4090 tokens/sec",
    "mistral 7b on 3090 tok/s",
    "llama 3 8b q4_k_m on a 3090 tok/s?",
])
def test_gpu_number_is_no_speed_target(q: str) -> None:
    assert stated(q, catalog().registry).min_tokens_per_s is None
    r = ask(q)
    assert r.intent == "speed"
    assert "target" not in head(r) and not head(r).startswith("No")


def test_a_stated_target_beside_a_gpu_is_kept() -> None:
    q = "llama 3 8b on a 4090 at 50 tok/s per user?"
    assert stated(q, catalog().registry).min_tokens_per_s == 50
    assert "target of 50 tokens/s per user" in head(ask(q))


# -- 3. "câte cereri de N de tokeni": requests of that length, counted -------------------------


@pytest.mark.parametrize(("q", "n", "ctx"), [
    ("Câte cereri de 8.000 de tokeni încap simultan pentru Llama 3.1 8B pe un L40S?", 24, 8000),
    ("Câte secvențe de 16.000 de tokeni încap simultan pentru Mistral 7B pe un A10G?", 2,
     16000),
    ("how many 8k-token requests fit at once for llama 3.1 8b on an L40S?", 23, 8192),
    ("how many requests of 8,000 tokens fit at once for llama 3.1 8b on an L40S?", 24, 8000),
])
def test_requests_of_a_length_are_counted(q: str, n: int, ctx: int) -> None:
    ex = extract(q, catalog().registry)
    assert ex.concurrent_requests is None
    assert ex.context_tokens == ctx
    r = ask(q)
    assert r.intent == "max_concurrency"
    assert asked(r)[:2] == ("max_batch_size", n)
    assert "utilizatori" not in head(r) and "users" not in head(r)


def test_prompts_of_a_length_on_two_h100_are_counted_not_users() -> None:
    q = "Câte prompturi de 4.000 de tokeni pot procesa în paralel cu Llama 3.1 70B pe 2 H100?"
    r = ask(q)
    assert r.intent == "max_concurrency"
    assert "128 ×" not in head(r) and "4.000 de utilizatori" not in head(r)
    assert asked(r)[0] == "max_batch_size"


# -- 4. "N mii" is N x 1,000; a decimal before a scale is read whole ---------------------------


@pytest.mark.parametrize(("q", "ctx"), [
    ("Câtă memorie pentru Llama 3.1 8B cu context de 1,5 mii de tokeni?", 1500),
    ("Câtă memorie pentru Llama 3.1 8B cu context de 2.5 mii de tokeni?", 2500),
    ("Câtă memorie pentru Llama 3.1 8B cu context de 32 de mii de tokeni?", 32000),
    ("Câtă memorie pentru Llama 3.1 8B cu context de 32.000 de tokeni?", 32000),
    ("memory for llama 3.1 8b at 2.5 thousand tokens of context", 2500),
    # a context's "k" stays a power of 1,024; "1,5 milioane" is 1.5 million, not 5 (a million
    # is 1,000,000 since audit buyer28a #8)
    ("Câtă memorie pentru Llama 3.1 8B cu context de 32k?", 32768),
    ("Câtă memorie pentru Llama 3.1 8B cu context de 1,5 milioane de tokeni?", 1_500_000),
])
def test_thousands_in_words(q: str, ctx: int) -> None:
    assert extract(q, catalog().registry).context_tokens == ctx


def test_decimal_thousands_context_and_users() -> None:
    q = "Câtă memorie pentru Llama 3.1 8B la 2,5 mii de tokeni context și 100 de utilizatori?"
    r = ask(q)
    assert "context de 2.500 de tokeni" in head(r)
    assert "47,0 GiB în total" in head(r)  # was 5.120 tokens, 79,0 GiB
    users = "Câte H100 pentru Llama 3.1 8B la 2,5 mii de utilizatori?"
    assert extract(users, catalog().registry).concurrent_requests == 2500  # was 5,000


# -- 5. "$/M tokens": the cost per million tokens ----------------------------------------------


@pytest.mark.parametrize("q", [
    "$/M tokens for mistral 7b on a 4090",
    "$/M tokens for llama 3.1 8b on h100",
    "usd/M tokens for llama 3.1 8b on h100",
    "cost per mil tokens for llama 3.1 8b on h100",
])
def test_dollars_per_m_tokens_is_the_per_million_cost(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_million_output_tokens_usd"
    assert "per 1M output tokens" in first_sentence(r)


def test_dollars_per_1m_tok_keeps_the_load() -> None:
    r = ask("$/1M tok llama 3.1 8b on h100 at 10 users")
    same = ask("cost per 1M tokens for llama 3.1 8b on h100 at 10 users")
    assert asked(r) == asked(same)
    assert "10 concurrent users" in head(r)


# -- 6. how long a batch job takes --------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "how long to run 500k prompts (2k in, 200 out) thru llama 3.1 8b on one h100",
    "batch inference 1M prompts of 1k tokens w/ llama 3.1 8b on h100 - how long?",
    "how long to process 1M requests with llama 3.1 8b on an h100",
])
def test_batch_how_long_is_the_job_time(q: str) -> None:
    r = ask(q)
    assert (r.intent, asked(r)[0], asked(r)[2]) == ("cost", "job_hours", "h")
    assert first_sentence(r).startswith("It takes about ")


def test_batch_job_time_matches_the_job_of_its_requests() -> None:
    r = ask("how long to run 500k prompts (2k in, 200 out) thru llama 3.1 8b on one h100")
    hours = asked(r)[1]
    assert 5 < hours < 20  # the audit's rough figure: about 13 h; the model's own: 9.5 h
    assert "500,000 requests" in head(r)
    assert "(2,048 input and 200 output tokens each)" in head(r)


def test_500k_prompts_is_no_context() -> None:
    ex = extract("how long to run 500k prompts through llama 3.1 8b", catalog().registry)
    assert ex.context_tokens is None  # was 512,000 tokens of context


# -- 7. a token rate with a month asked: a month of that work ----------------------------------


@pytest.mark.parametrize(("q", "per_job_q"), [
    ("Cât costă pe lună Llama 3.1 8B cu 1.000.000 de tokeni pe zi?",
     "Cât costă Llama 3.1 8B cu 1.000.000 de tokeni?"),
    ("how much per month for llama 3.1 8b processing 1M tokens a day?",
     "how much for llama 3.1 8b processing 1,000,000 tokens?"),
    ("cost of 1M tokens a day with llama 3.1 8b, per month",
     "how much for llama 3.1 8b processing 1,000,000 tokens?"),
])
def test_daily_tokens_per_month_is_thirty_days_of_jobs(q: str, per_job_q: str) -> None:
    """A daily rate with no batch or latency said leads with the cheaper of its two
    readings, as a weekly or monthly volume does (audit regress3 #8; ask_cost (2) led
    with the always-on endpoint): for 1M a day the 30 separately billed daily jobs, the
    always-on endpoint after them."""
    assert stated(q, catalog().registry).job_runs == (1.0, "day")
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd"  # was the one day's job, 0,07 USD
    job = asked(ask(per_job_q))
    assert job[0] == "per_job_usd"
    assert value == pytest.approx(30 * job[1], rel=0.02)  # the jobs' month leads
    assert ("always-on" not in first_sentence(r)
            and "pornit permanent" not in first_sentence(r))
    assert ("An always-on endpoint would cost about" in head(r)
            or "Un endpoint pornit permanent ar costa" in head(r)), head(r)


def test_hourly_tokens_are_runs_each_hour() -> None:
    """An hourly rate is an always-on endpoint (ask_cost (2)); 720 jobs a month only as the
    batched reading after it."""
    q = "Cât costă să servesc 1,5 milioane de tokeni pe oră cu Llama 3.1 70B?"
    assert stated(q, catalog().registry).job_runs == (24.0, "day")
    assert "pornit permanent" in first_sentence(ask(q))
    assert "720 de joburi facturate separat" in head(ask(q))


def test_one_million_tokens_a_day_is_no_price_per_million() -> None:
    f = "how much per month for llama 3.1 8b processing 1m tokens a day?"
    assert classify(f, "llm", 0, True, None) == ("cost", "month")
