"""/v1/ask load (askload): the load a question states is read, not dropped. A context given
per user after the users ("32 users at 4k each") is each user's context; people, ppl,
persons, customers and seats (Romanian oameni, persoane) are users as "users" are; an input
and output pair with a slash between ("2k in/300 out") is both lengths; and a Romanian
example length after "a" / "a câte" ("10.000 de exemple a 1000 de tokeni") is each example's
length, not the 2,048 assumed."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract, input_output_tokens, training_examples
from tests.unit.ask_fixtures import ask, catalog, head

# -- 1. "N users at Xk each": Xk is each user's context -----------------------------------------

# KV cache per token at fp16 (the answer's own first clause): Llama 3.1 70B 320 KiB (80 layers x
# 8 KV heads x 128 x 2 x 2 bytes), Mixtral 8x7B and Llama 3.1 8B 128 KiB (32 layers x 8 x 128
# x 2 x 2): users x tokens x that, in GiB
@pytest.mark.parametrize(("question", "ctx", "total"), [
    ("how big is the kv cache for Llama 3.1 70B with 32 concurrent users at 4k each?",
     4096, "40.0 GiB"),
    ("kv cache for mixtral 8x7b with 20 users at 4k each", 4096, "10.0 GiB"),
    ("how big is the KV cache for llama 3.1 8b with 8 users at 16k each?", 16384, "16.0 GiB"),
    ("how big is the KV cache for llama 3.1 8b with 8 users at 16k per user?", 16384,
     "16.0 GiB"),
])
def test_a_context_each_after_the_users_is_each_users_context(
        question: str, ctx: int, total: str) -> None:
    r = ask(question)
    assert r.extracted.context_tokens == ctx, r.extracted
    assert f"of {ctx:,} tokens take about {total}" in head(r), head(r)


@pytest.mark.parametrize("question", [
    "cât de mare e cache-ul KV pentru llama 3.1 8b cu 8 utilizatori a câte 16k fiecare?",
    "cât de mare e cache-ul KV pentru llama 3.1 8b cu 8 utilizatori a câte 16k?",
    "cât de mare e cache-ul KV pentru llama 3.1 8b cu 8 utilizatori la 16k fiecare?",
])
def test_the_romanian_context_each_is_read_too(question: str) -> None:
    ex = extract(question, catalog().registry)
    assert (ex.concurrent_requests, ex.context_tokens) == (8, 16384), ex


@pytest.mark.parametrize("question", [
    "how much to run llama 3.1 8b on 4 gpus at 2k each?",  # a price, no users
    "llama 3.1 8b, 2k each",
    "llama 3.1 8b for 100 users at $2k each",  # money, not a length
])
def test_a_thousands_each_with_no_users_before_it_is_no_context(question: str) -> None:
    assert extract(question, catalog().registry).context_tokens is None


# -- 2. people are users ------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "vram for llama 3.1 8b with 50 people at 8k context",
    "how much vram do i need for llama3.1 8b serving 50 ppl at 8k ctx each",
    "vram for llama 3.1 8b with 50 persons at 8k context",
    "vram for llama 3.1 8b with 50 customers at 8k context",
    "vram for llama 3.1 8b with 50 seats at 8k context",
    "De cât VRAM am nevoie pentru llama 3.1 8b cu 50 de oameni la 8k context?",
    "De cât VRAM am nevoie pentru llama 3.1 8b cu 50 de persoane la 8k context?",
])
def test_people_are_concurrent_users(question: str) -> None:
    r = ask(question)
    assert r.extracted.concurrent_requests == 50, r.extracted
    assert r.extracted.context_tokens == 8192, r.extracted


@pytest.mark.parametrize(("said", "people"), [
    ("vram for llama 3.1 8b with 50 {} at 8k context", "people"),
    ("how much vram do i need for llama3.1 8b serving 50 {} at 8k ctx each", "ppl"),
    ("De cât VRAM am nevoie pentru llama 3.1 8b cu 50 de {} la 8k context?", "oameni"),
])
def test_people_get_the_answer_users_get(said: str, people: str) -> None:
    users = "utilizatori" if people == "oameni" else "users"
    r = ask(said.format(people))
    assert head(r) == head(ask(said.format(users)))
    assert r.numbers == ask(said.format(users)).numbers


def test_fifty_ppl_at_8k_need_an_80_gb_card() -> None:
    # 15.0 GiB of bf16 weights + 50 x 8,192 tokens x 128 KiB = 50.0 GiB of KV cache + overhead
    r = ask("how much vram do i need for llama3.1 8b serving 50 ppl at 8k ctx each")
    assert "66.5 GiB" in head(r), head(r)
    assert "1 × NVIDIA H100" in head(r), head(r)


def test_people_who_each_make_requests_at_a_rate_are_no_concurrency() -> None:
    ex = extract("llama 3.1 8b for 200 people each making 50 requests a day",
                 catalog().registry)
    assert ex.concurrent_requests is None, ex


# -- 3. the output stated next to the input -----------------------------------------------------

@pytest.mark.parametrize(("text", "pair"), [
    ("2k in/300 out", (2048, 300)),
    ("2k in / 300 out", (2048, 300)),
    ("2k input, 300 output", (2048, 300)),
    ("7k tokens in and 1k tokens out", (7168, 1024)),
    ("7k input and 1k output tokens", (7168, 1024)),
    ("1k/2k in/out", (1024, 2048)),
])
def test_an_input_and_output_pair_is_read(text: str, pair: tuple[int, int]) -> None:
    assert input_output_tokens(text) == pair


@pytest.mark.parametrize(("question", "prompt", "out"), [
    ("Serve gpt-oss-120b to 32 concurrent users, 7k tokens in and 1k tokens out. Monthly cost?",
     7168, 1024),
    ("Serve gpt-oss-120b to 32 concurrent users, 7k input and 1k output tokens. Monthly cost?",
     7168, 1024),
    ("Serve gpt-oss-120b to 32 concurrent users, 2k in/300 out. Monthly cost?", 2048, 300),
    ("Serve gpt-oss-120b to 32 concurrent users, 2k input, 300 output. Monthly cost?",
     2048, 300),
])
def test_the_question_states_the_output_it_asks_for(question: str, prompt: int, out: int) -> None:
    st = stated(question, catalog().registry)
    assert (st.prompt_tokens, st.output_tokens) == (prompt, out)
    assert ask(question).extracted.context_tokens == prompt


# -- 4. Romanian "N de exemple a (câte) M de tokeni" --------------------------------------------

@pytest.mark.parametrize(("question", "examples", "total"), [
    ("Cât durează un LoRA pe Llama 3.1 8B cu 10.000 de exemple a 1000 de tokeni, 3 epoci, "
     "pe un A100?", (10_000, 1000), "30.000.000"),
    ("Cat dureaza LoRA pe Llama 3.1 8B cu 20.000 de exemple a 500 de tokeni pe un H100?",
     (20_000, 500), "10.000.000"),
    ("Cât durează un LoRA pe Llama 3.1 8B cu 10.000 de exemple a câte 1000 de tokeni, 3 epoci, "
     "pe un A100?", (10_000, 1000), "30.000.000"),
    ("Cât durează un LoRA pe Llama 3.1 8B cu 10.000 de exemple de câte 1.000 de tokeni, "
     "3 epoci, pe un A100?", (10_000, 1000), "30.000.000"),
])
def test_a_romanian_example_length_after_a_is_each_examples_length(
        question: str, examples: tuple[int, int], total: str) -> None:
    assert training_examples(question) == examples
    r = ask(question)
    assert r.lang == "ro"
    assert f"Pentru {total} " in head(r), head(r)
    assert "presupunem 2.048" not in head(r), head(r)


def test_the_english_twin_gives_the_same_tokens() -> None:
    r = ask("How long does a LoRA on Llama 3.1 8B take with 10,000 examples of 1000 tokens, "
            "3 epochs, on an A100?")
    assert "30,000,000" in head(r), head(r)
