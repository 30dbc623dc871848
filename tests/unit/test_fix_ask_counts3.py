"""GPU counts, comparisons and memory of /v1/ask, fixed (task ask_counts3, audit regress3
findings 2, 3, 4, 6 and 7), each in English and Romanian:

1. a count asked for a per-user speed with no users stated carries the target as
   ``min_decode_tokens_per_s`` (the recommendations'): 60 tokens/s per user on H100s is 1 x
   H100 at awq-int4 (60.8), where it answered 2 x H100 at bf16 (33.8); with no GPU named,
   50 tokens/s per user is 8 x V100 16GB at gptq-int4 (86.6; 4 x V100 made 53.6 but, timed
   over their quad's NVLink rings since trainnet, miss the 2 s first-token target at 2,020 ms),
   not "fits on one GPU"; a
   target no setup reaches says the fastest;
2. a comparison keeps the count written next to a bare "A100" read as the 80GB card: 2 x
   A100 at fp8 make 33.2 tokens/s and are the faster setup;
3. int4 on a V100 or T4 is counted at gptq-int4 (vLLM's int4 goes through Marlin, compute
   capability 8.0): 1 V100 for Llama 3.1 8B and 1 T4 for Qwen2.5 14B, where no node held
   them; a P100, which vLLM does not run on, is counted with llama.cpp at fp16;
4. "100 requests of 8k tokens" in a memory question are held at once: about 116.5 GiB;
5. "How much do 200,000 tokens cost" is a job of that many tokens, not a 200,000-token
   context; past the model's context the memory answer no longer says "vllm cannot run bf16
   on that GPU" of an H100."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

# 1. a per-user speed in a count -------------------------------------------------------------


def test_count_per_user_speed_on_h100_en() -> None:
    r = ask("How many H100 do I need so each user gets 60 tok/s with Llama 3.1 70B?")
    assert asked(r)[:2] == ("gpu_count", 1), r.answer
    assert first_sentence(r) == (
        "At 60 tokens/s per user, Meta Llama 3.1 70B at awq-int4 needs 1 × NVIDIA H100 SXM5 "
        "80GB: about 60.8 tokens/s per user and 707 ms to the first token on the cheapest "
        "setup that meets it (hyperbolic, $1.29/h)."), r.answer
    # the model's own precision beside it: 8 of them at bf16
    assert "At bf16 (the model's own) it takes 8 × NVIDIA H100 SXM5 80GB: about 81.7 " \
        "tokens/s per user" in head(r), r.answer
    assert "68.6 GiB" not in r.answer


def test_count_per_user_speed_on_h100_ro() -> None:
    r = ask("Câte H100 îmi trebuie ca fiecare utilizator să primească 60 tok/s cu Llama 3.1 70B?")
    assert asked(r)[:2] == ("gpu_count", 1), r.answer
    assert first_sentence(r).startswith(
        "La 60 de tokeni/s per utilizator, Meta Llama 3.1 70B la awq-int4 are nevoie de 1 × "
        "NVIDIA H100 SXM5 80GB: aproximativ 60,8 tokeni/s per utilizator"), r.answer


def test_count_per_user_speed_no_gpu_en_ro() -> None:
    en = ask("How many GPUs for 50 tokens per second per user with Llama 3.1 70B?")
    # re-pinned (trainnet): 8 x V100 at 86.6 tokens/s; 4 x V100 (53.6) take 2,020 ms to a
    # first token over their quad's NVLink rings (100 GB/s each way), past the 2 s default
    assert asked(en)[:2] == ("gpu_count", 8), en.answer
    lead = ("At 50 tokens/s per user, Meta Llama 3.1 70B at gptq-int4 needs 8 × NVIDIA Tesla "
            "V100 SXM2 16GB: about ")
    assert first_sentence(en).startswith(lead), en.answer
    speed = first_sentence(en)[len(lead):].split(" tokens/s per user")[0]
    assert float(speed) >= 50.0, en.answer  # (86.6)
    assert "fits on one GPU" not in en.answer
    ro = ask("Câte GPU-uri pentru 50 de tokeni pe secundă per utilizator cu Llama 3.1 70B?")
    assert asked(ro)[:2] == ("gpu_count", 8), ro.answer
    assert f"{speed.replace('.', ',')} tokeni/s per utilizator" in first_sentence(ro), ro.answer


def test_count_per_user_speed_none_reaches_says_fastest() -> None:
    r = ask("How many H100 do I need so each user gets 500 tok/s with Llama 3.1 70B?")
    q, n, _ = asked(r)
    assert q == "decode_tokens_per_s" and 100 < n < 500 and r.numbers is not None
    assert f"makes about {n:,.0f} tokens/s for one request" in first_sentence(r), r.answer
    assert r.numbers.asked is not None and r.numbers.asked.yes is False
    assert first_sentence(r).startswith(
        "No setup of NVIDIA H100 SXM5 80GB in the catalog reaches 500 tokens/s per user for "
        "Meta Llama 3.1 70B: the fastest, 8 × NVIDIA H100 SXM5 80GB at "), r.answer
    ro = ask("Câte H100 îmi trebuie ca fiecare utilizator să primească 500 tok/s cu Llama 3.1 70B?")
    assert first_sentence(ro).startswith(
        "Nu: nicio configurație de NVIDIA H100 SXM5 80GB din catalog nu atinge 500 de tokeni/s per "
        "utilizator"), ro.answer


# 2. a comparison keeps the count written next to a bare "A100" ------------------------------


def test_compare_keeps_count_of_bare_a100_en_ro() -> None:
    en = ask("2 A100 vs 1 H100 for Llama 3.1 70B in fp8?")
    assert head(en).startswith(
        "For Meta Llama 3.1 70B at fp8: 2 × NVIDIA A100 SXM4 80GB about 33.2 tokens/s"), en.answer
    assert "Fastest: 2 × NVIDIA A100 SXM4 80GB" in head(en), en.answer
    assert round(asked(en)[1], 1) == 33.2
    ro = ask("2 A100 sau 1 H100 pentru Llama 3.1 70B în fp8?")
    assert "2 × NVIDIA A100 SXM4 80GB aproximativ 33,2 tokeni/s" in head(ro), ro.answer
    assert "Cel mai rapid: 2 × NVIDIA A100 SXM4 80GB" in head(ro), ro.answer


# 3. int4 on pre-Ampere cards, and a P100 ---------------------------------------------------


def test_v100_int4_count_is_gptq_en_ro() -> None:
    en = ask("How many V100 for Llama 3.1 8B in int4?")
    assert asked(en)[:2] == ("gpu_count", 1), en.answer
    assert head(en).startswith("Meta Llama 3.1 8B at gptq-int4 needs 1 × NVIDIA Tesla V100 "
                               "SXM2 16GB: about 7.4 GiB per GPU with 4,096 tokens of "
                               "context."), en.answer
    assert "“int4” is counted as gptq-int4: vLLM has no int4 kernel" in head(en), en.answer
    assert "No single node" not in en.answer
    ro = ask("Câte V100 pentru Llama 3.1 8B în int4?")
    assert asked(ro)[:2] == ("gpu_count", 1), ro.answer
    assert "„int4” e socotit ca gptq-int4" in head(ro) and "niciun nod" not in ro.answer


def test_t4_int4_count_is_one() -> None:
    r = ask("How many T4 for Qwen2.5 14B in int4?")
    assert asked(r)[:2] == ("gpu_count", 1), r.answer
    assert first_sentence(r).startswith(
        "Qwen2.5 14B at gptq-int4 needs 1 × NVIDIA T4 16GB: about 11.6 GiB per GPU"), r.answer


def test_p100_count_with_llama_cpp_at_fp16_en_ro() -> None:
    en = ask("How many P100 for Llama 3.1 8B?")
    assert asked(en)[:2] == ("gpu_count", 2), en.answer
    assert first_sentence(en).startswith(
        "Meta Llama 3.1 8B at fp16 needs 2 × NVIDIA Tesla P100 PCIe 16GB"), en.answer
    assert "so the count is for llama.cpp, which does, at fp16" in head(en), en.answer
    assert "at bf16" not in head(en)
    ro = ask("Câte P100 pentru Llama 3.1 8B?")
    assert asked(ro)[:2] == ("gpu_count", 2), ro.answer
    assert "numărul este pentru llama.cpp" in head(ro), ro.answer


# 4. requests held at once in a memory question ---------------------------------------------


def test_memory_of_many_requests_en_ro() -> None:
    en = ask("How much VRAM for 100 requests of 8k tokens with Llama 3.1 8B?")
    q, v, _ = asked(en)
    assert q == "total_gib" and round(v, 1) == 116.5, en.answer
    assert first_sentence(en).startswith(
        "For 100 requests held at once with 8,192 tokens of context each, Meta Llama 3.1 8B at "
        "bf16 needs about 116.5 GiB in total (15.0 GiB weights, 100.0 GiB KV cache"), en.answer
    ro = ask("Câtă VRAM pentru 100 de cereri de 8k tokeni cu Llama 3.1 8B?")
    assert round(asked(ro)[1], 1) == 116.5, ro.answer
    assert "Pentru 100 de cereri ținute simultan" in head(ro), ro.answer


# 5. an amount of tokens priced is a job -----------------------------------------------------


def test_tokens_priced_are_a_job_en_ro() -> None:
    for q in ("How much do 200,000 tokens cost with Llama 3.1 8B on an H100?",
              "How much do 500k tokens cost with Llama 3.1 8B on an H100?",
              "Cât costă 200.000 de tokeni cu Llama 3.1 8B pe un H100?"):
        r = ask(q)
        assert asked(r)[0] == "per_job_usd", (q, r.answer)
        assert "context" not in first_sentence(r) and "cannot run bf16" not in r.answer, q
        assert "max_model_len" not in r.answer, q
    r = ask("How much do 200,000 tokens cost with Llama 3.1 8B on an H100?")
    assert first_sentence(r).startswith(
        "Generating 200,000 output tokens with Meta Llama 3.1 8B at bf16 on 1 × NVIDIA H100 "
        # re-pinned: serving start transient in the solve; at the served load, 10 % of the
        # memory free (test_fix_tokjob28: was 2,578 tokens/s)
        "SXM5 80GB costs about $1.29: about 1.3 minutes at full load of about 2,494 tokens/s"
    ), r.answer


def test_context_named_stays_a_context_and_says_the_limit() -> None:
    r = ask("How much VRAM for Llama 3.1 8B with 200,000 tokens of context on an H100?")
    assert asked(r)[0] == "total_gib"
    assert "with 200,000 tokens of context needs about 40.9 GiB" in head(r), r.answer
    # the limit is why no engine serves it, never the H100's bf16
    assert "cannot run bf16" not in r.answer
    assert ("but no engine takes a request past the model's limit of 131,072 tokens of "
            "context") in head(r), r.answer
