"""A per-user speed target with a request rate in a GPU-count question, fixed (task ratetarget2,
audit buyer18b #1 and #10), in English and Romanian:

1. no GPU named: "Qwen2.5 32B, 6 requests per second, each user wants 40 tokens/s: how many
   GPUs?" dropped the speed target: 32 x RTX 3090 at int8 ($5.12/h), which get about 21
   tokens/s per user; now the recommendations' setup for the target AND the rate, as the
   /v1/recommendations body with both gives it: 40 x V100 (5 instances of 8) at gptq-int4,
   43.0 tokens/s per user, $5.50/h, with its speed and first token said;
2. a GPU named: "Llama 3.1 8B on RTX4090 at 10 req/s, each user needs 40 tok/s" gave 10 x
   RTX 4090 at int8 (42.3 tokens/s), then 18 x RTX 4090 at bf16 priced at $6.30/h, "that
   misses your target"; now one count leads, and the rate-alone count is said unpriced as
   what misses the target."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

QWEN_EN = ("Qwen2.5 32B, 6 requests per second, each user wants 40 tokens/s: how many GPUs and "
           "which?")
QWEN_RO = ("Câte GPU-uri îmi trebuie pentru Qwen2.5 32B la 6 cereri/s, cu 40 tokeni/s per "
           "utilizator?")
R4090_EN = "Llama 3.1 8B on RTX4090 at 10 req/s, each user needs 40 tok/s - how many 4090s?"
R4090_RO = ("Câte RTX 4090 îmi trebuie pentru Llama 3.1 8B la 10 cereri/s, cu 40 de tokeni/s "
            "per utilizator?")


# 1. no GPU named ---------------------------------------------------------------------------


def test_count_at_rate_carries_per_user_speed_en_ro() -> None:
    en = ask(QWEN_EN)
    s = first_sentence(en)
    # was "... needs 32 × NVIDIA GeForce RTX 3090 24GB ..., lium, $5.12/h", no speed said
    assert s.startswith("For 40 tokens/s per user at 6 requests/s (3,584 tokens in and 512 out "
                        "each), Qwen2.5 32B at gptq-int4 needs 40 × NVIDIA Tesla V100 SXM2 "
                        "16GB (5 instances of 8 × NVIDIA Tesla V100 SXM2 16GB)"), en.answer
    assert "about 43.0 tokens/s per user and 906 ms to the first token" in s, en.answer
    assert "(verda, $5.50/h, on-demand)" in s, en.answer
    assert "RTX 3090" not in head(en), en.answer
    assert asked(en)[:2] == ("gpu_count", 40)
    assert en.numbers is not None and en.numbers.recommendations
    lead = en.numbers.recommendations[0]
    assert (lead.nodes, lead.gpu_count, lead.per_hour_usd) == (5, 8, 5.5)
    # the body's next option that meets 40 tokens/s per user: 5 x H100 at awq-int4, $6.45/h
    nxt = en.numbers.recommendations[1]
    assert (nxt.nodes, nxt.gpu_count, nxt.weights, nxt.per_hour_usd) == (5, 1, "awq-int4", 6.45)
    short = ask("Qwen2.5 32B at 6 req/s, 40 tok/s per user: how many GPUs?")
    assert first_sentence(short) == s, short.answer
    ro = ask(QWEN_RO)
    s = first_sentence(ro)
    assert s.startswith("Pentru 40 de tokeni/s per utilizator la 6 cereri pe secundă (3.584 de "
                        "tokeni de intrare și 512 de ieșire fiecare), Qwen2.5 32B la gptq-int4 "
                        "are nevoie de 40 × NVIDIA Tesla V100 SXM2 16GB"), ro.answer
    assert "43,0 tokeni/s per utilizator și 906 ms până la primul token" in s, ro.answer
    assert asked(ro) == asked(en)


def test_count_at_rate_lower_speed_and_ttft_say_their_figures() -> None:
    twenty = ask("Qwen2.5 32B at 6 req/s, 20 tok/s per user: how many GPUs?")
    # the same 32 x RTX 3090 as before, which does meet 20: now with its speed said
    assert first_sentence(twenty).startswith(
        "For 20 tokens/s per user at 6 requests/s (3,584 tokens in and 512 out each), Qwen2.5 "
        "32B at int8 needs 32 × NVIDIA GeForce RTX 3090 24GB"), twenty.answer
    assert "about 21.5 tokens/s per user and 899 ms" in first_sentence(twenty), twenty.answer
    ttft = ask("Qwen2.5 32B at 6 req/s, TTFT under 1 s: how many GPUs?")
    assert first_sentence(ttft).startswith(
        "For a time to first token under 1,000 ms at 6 requests/s (3,584 tokens in and 512 out "
        "each),"), ttft.answer
    assert "ms to the first token" in first_sentence(ttft), ttft.answer


def test_count_at_rate_speed_no_setup_reaches() -> None:
    r = ask("Qwen2.5 32B at 6 req/s, 500 tok/s per user: how many GPUs?")
    assert first_sentence(r).startswith(
        "No setup in the catalog reaches 500 tokens/s per user for Qwen2.5 32B"), r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


# 2. a GPU named ----------------------------------------------------------------------------


def test_gpu_named_rate_and_speed_one_count_en_ro() -> None:
    en = ask(R4090_EN)
    h = head(en)
    assert first_sentence(en).startswith(
        "For 40 tokens/s per user at 10 requests/s, Meta Llama 3.1 8B at int8 needs 10 × NVIDIA "
        "GeForce RTX 4090 24GB"), en.answer
    assert asked(en)[:2] == ("gpu_count", 10)
    # the bf16 count that misses the target is framed and never priced (it was "For 10
    # requests per second ..., at bf16 needs about 18 × ... On-demand that is about $6.30/h")
    assert "For 10 requests per second" not in h, en.answer
    assert "$6.30/h" not in h and "lium" not in h, en.answer
    assert ("The rate alone, at bf16, would take 18 × NVIDIA GeForce RTX 4090 24GB (9 replicas "
            "of 2 × NVIDIA GeForce RTX 4090 24GB): about 603 ms to the first token and 30.3 "
            "tokens/s per user at that load. That misses your target of 40 tokens/s per "
            "user.") in h, en.answer
    # the cheapest elsewhere meets the target too (it was 36 x RTX 3060, sized for the rate)
    assert "36 × NVIDIA GeForce RTX 3060" not in h, en.answer
    ro = ask(R4090_RO)
    h = head(ro)
    assert first_sentence(ro).startswith(
        "Pentru 40 de tokeni/s per utilizator la 10 cereri pe secundă, Meta Llama 3.1 8B la "
        "int8 are nevoie de 10 × NVIDIA GeForce RTX 4090 24GB"), ro.answer
    assert "Doar pentru rată, la bf16, ar fi nevoie de 18 × NVIDIA GeForce RTX 4090" in h
    assert "Asta nu atinge ținta: 40 de tokeni/s per utilizator." in h, ro.answer
    assert "6,30 USD" not in h, ro.answer
    assert asked(ro) == asked(en)
