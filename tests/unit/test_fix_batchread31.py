"""Buyer audit 31a #2, #4, #9: token lengths read from the question, English as Romanian.

#2: a batch job's output per request stated as "generating Y tokens each" (or "1000-in/100-out")
was replaced by the prompt's length in English (30.1 h and $224.78 where Romanian gave 15.7 h
and $117.61). #4: "with 8k prompts at 32 users" read "8k prompts" as a count of prompts and
sized the 3,584-token default prompt (323 ms where Romanian's 8,192 gave 808 ms). #9: "how much
does a 2,000-token output take" was priced, not timed (Romanian: 50 s)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from tests.unit.kb_fixtures import ask, catalog, head

# -- #2: a batch job's output per request --------------------------------------------------------


@pytest.mark.parametrize(("q", "inp", "out"), [
    ("How long to process 10 million prompts of 500 tokens generating 200 tokens each with "
     "Llama 3.1 8B on 4 H100?", 500, 200),
    ("How long to process 10 million prompts of 500 tokens producing 200 tokens each with "
     "Llama 3.1 8B on 4 H100?", 500, 200),
    ("How long to process 10 million prompts of 500 tokens, generating 200 tokens each, with "
     "Llama 3.1 8B on 4 H100?", 500, 200),
    ("How long to process 10 million prompts of 500 tokens with 200 output tokens each with "
     "Llama 3.1 8B on 4 H100?", 500, 200),
    ("Process 1 million prompts of 1000 tokens generating 100 tokens each with Llama 3.1 8B on "
     "one H100: how many hours?", 1000, 100),
    ("Process 1 million prompts, 1000-in/100-out, with Llama 3.1 8B on one H100: how many "
     "hours?", 1000, 100),
    ("Cât durează procesarea a 10 milioane de prompturi de 500 de tokeni, generând 200 de "
     "tokeni fiecare cu Llama 3.1 8B pe 4 H100?", 500, 200),
    ("Procesez 1 milion de prompturi, 1000-in/100-out, cu Llama 3.1 8B pe un H100: câte ore?",
     1000, 100),
])
def test_a_jobs_output_per_request_is_read(q: str, inp: int, out: int) -> None:
    st = stated(q, catalog().registry)
    assert (st.prompt_tokens, st.output_tokens) == (inp, out)


@pytest.mark.parametrize(("q", "said"), [
    ("How long to process 10 million prompts of 500 tokens generating 200 tokens each with "
     "Llama 3.1 8B on 4 H100?",
     ("about 15.7 hours", "500 input and 200 output tokens each", "$117.61")),
    ("Cât durează procesarea a 10 milioane de prompturi de 500 de tokeni, generând 200 de "
     "tokeni fiecare cu Llama 3.1 8B pe 4 H100?",
     ("aproximativ 15,7 ore", "200 de ieșire", "117,61 USD")),
    ("Process 1 million prompts of 1000 tokens generating 100 tokens each with Llama 3.1 8B on "
     "one H100: how many hours?",
     ("about 8.5 hours", "1,000 input and 100 output tokens each", "$11.65")),
])
def test_a_jobs_hours_and_cost_are_for_its_output(q: str, said: tuple[str, ...]) -> None:
    text = head(ask(q))
    assert all(s in text for s in said), text


# -- #4: "<n>k prompts" beside a load is each prompt's length -----------------------------------


@pytest.mark.parametrize(("q", "users"), [
    ("TTFT for Llama 3.1 8B on H100 with 8k prompts at 32 users?", 32),
    ("What is the worst-case time to first token for Qwen3 32B on H100 with 8k prompts at 16 "
     "users?", 16),
    ("TTFT for Llama 3.1 8B on H100 with 16k prompts at 8 users?", 8),
    ("TTFT for Llama 3.1 8B on H100 with 8K tokens per prompt at 32 users?", 32),
    ("TTFT pentru Llama 3.1 8B pe H100 cu prompturi de 8k la 32 de utilizatori?", 32),
])
def test_k_prompts_at_a_load_are_a_length(q: str, users: int) -> None:
    reg = catalog().registry
    st, ex = stated(q, reg), extract(q, reg)
    n = 16384 if "16k" in q else 8192
    assert st.prompt_tokens == n
    assert ex.concurrent_requests == users


@pytest.mark.parametrize(("q", "said"), [
    ("TTFT for Llama 3.1 8B on H100 with 8k prompts at 32 users?",
     ("about 808 ms", "8,192-token prompt")),
    ("TTFT pentru Llama 3.1 8B pe H100 cu prompturi de 8k la 32 de utilizatori?",
     ("aproximativ 808 ms", "8.192 de tokeni")),
])
def test_k_prompts_ttft_en_equals_ro(q: str, said: tuple[str, ...]) -> None:
    text = head(ask(q))
    assert all(s in text for s in said), text


@pytest.mark.parametrize("q", [
    "How long to process 10k prompts of 512 tokens with Llama 3.1 8B on one H100?",
    "How long to process 8k prompts of 512 tokens with Llama 3.1 8B on one H100?",
])
def test_a_count_of_prompts_stays_a_count(q: str) -> None:
    assert stated(q, catalog().registry).prompt_tokens == 512


# -- #9: "how much does a N-token output take" is a time -----------------------------------------


@pytest.mark.parametrize(("q", "said"), [
    ("How much does a 2,000-token output take on Llama 3.1 70B FP8 with 2 H100 at 16 users?",
     ("about 50 seconds", "377 ms to the first token")),
    ("How much does a 2,000-token answer take on Llama 3.1 70B FP8 with 2 H100 at 16 users?",
     ("about 50 seconds",)),
    ("Cât durează un răspuns de 2.000 de tokeni pe Llama 3.1 70B FP8 cu 2 H100 la 16 "
     "utilizatori?", ("aproximativ 50 de secunde", "377 ms până la primul token")),
])
def test_how_much_does_an_output_take_is_a_time(q: str, said: tuple[str, ...]) -> None:
    text = head(ask(q))
    assert all(s in text for s in said), text


def test_how_much_does_an_output_cost_stays_a_price() -> None:
    text = head(ask("How much does a 2,000-token output cost on Llama 3.1 70B FP8 with 2 H100?"))
    assert "$" in text and "seconds" not in text.split(".")[0]


@pytest.mark.parametrize(("q", "said"), [
    ("Can I run 8k prompts with 4 H100 and Llama 3.1 70B?",
     "“8k prompts” was not read as a length: the requests are sized at the default of 3,584"),
    ("Cât durează 4k prompturi cu 2 utilizatori pe Llama 3.1 8B pe H100?",
     "„4k prompturi” nu a fost citit ca o lungime"),
])
def test_k_prompts_read_as_a_count_say_the_default_length(q: str, said: str) -> None:
    assert said in head(ask(q))
