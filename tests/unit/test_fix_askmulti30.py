"""Buyer audit 30c, several numbers asked in one question (#3, #4, #5, #6, #7, #9): every
quantity a question asks is answered, the intent's own first, each other one after it as the
question asking it alone answers it (numbers/also.py); "on one GPU" prices setups of one GPU
and says yes or no; "on an A100, and on an L40S" prices both; a request's context model or GPU
that the question overrides is said."""

from __future__ import annotations

import pytest

from service.domain.answer.compose import AskContext, AskRequest, answer
from tests.unit.kb_fixtures import TODAY, ask, catalog, head, kb


@pytest.mark.parametrize(("q", "memory", "month"), [
    ("How much VRAM and what will it cost per month for Llama 3.1 70B at 20 users?",
     "158.9 GiB", "$936.25/month"),
    ("Câtă memorie VRAM și cât costă pe lună Llama 3.1 70B la 20 de utilizatori?",
     "158,9 GiB", "936,25 USD/lună"),
    ("How much VRAM does Llama 3.1 8B need and what does the cheapest GPU for it cost per "
     "month?", "17.0 GiB", "/month"),
    ("De câtă memorie VRAM are nevoie Llama 3.1 8B și cât costă pe lună cel mai ieftin GPU "
     "pentru el?", "17,0 GiB", "USD/lună"),
])
def test_memory_and_month_both_answered(q: str, memory: str, month: str) -> None:
    text = head(ask(q))
    assert memory in text and month in text
    assert text.index(memory) < text.index(month)  # the asked one (the memory) first


@pytest.mark.parametrize(("q", "hour"), [
    ("What GPU should I rent for Qwen2.5 32B, how much memory does it need, and what does it "
     "cost per hour?", "/h"),
    ("Ce GPU să închiriez pentru Qwen2.5 32B, câtă memorie îi trebuie și cât costă pe oră?",
     "USD/oră"),
    ("How much VRAM does Mixtral 8x7B need in fp16, and how many A100 80GB would that be, and "
     "the price per hour?", "$1.87/h"),
    ("De câtă memorie VRAM are nevoie Mixtral 8x7B în fp16, câte A100 80GB ar fi și prețul pe "
     "oră?", "1,87 USD/oră"),
])
def test_memory_and_hour_both_answered(q: str, hour: str) -> None:
    text = head(ask(q))
    assert "GiB" in text and hour in text


@pytest.mark.parametrize(("q", "said"), [
    ("For Llama 3.1 8B on an RTX 4090: what is the max batch size and the monthly cost?",
     ("10 concurrent requests", "$211.97/month")),
    ("Pentru Llama 3.1 8B pe un RTX 4090: batch maxim, tokeni/s și costul lunar?",
     ("10 cereri simultane", "211,97 USD/lună")),
    ("Llama 3.1 8B at 100 users on H100: how many GPUs, per-user tokens/s, and total "
     "tokens/s?", ("1 × NVIDIA H100", "2,513 tokens/s in total")),
    ("Llama 3.1 8B la 100 de utilizatori pe H100: câte GPU-uri, tokeni/s per utilizator și "
     "tokeni/s în total?", ("1 × NVIDIA H100", "2.513 tokeni/s în total")),
    ("What is the KV cache size per token for Llama 3.1 70B and the max context on 2 H100?",
     ("320 KiB", "largest context", "24,382 tokens")),
    ("Care este dimensiunea cache-ului KV per token pentru Llama 3.1 70B și contextul maxim "
     "pe 2 H100?", ("320 KiB", "Cel mai mare context", "24.382 de tokeni")),
    ("How many A100 80GB for Llama 3.1 70B bf16 and what throughput and cost per million "
     "tokens?", ("2 × NVIDIA A100 SXM4 80GB", "85.6 output tokens/s in total",
                 "per 1M output tokens")),
    ("How much memory, which GPU and how long to generate 10 million tokens with Llama 3.1 "
     "8B?", ("3.6 hours", "17.0 GiB")),
])
def test_each_asked_number_is_said(q: str, said: tuple[str, ...]) -> None:
    text = head(ask(q))
    for s in said:
        assert s in text, s


@pytest.mark.parametrize(("q", "yes"), [
    ("Can I run Llama 3.1 70B on one GPU, and what would it cost per month?", "Yes: "),
    ("Pot rula Llama 3.1 70B pe un singur GPU și cât ar costa pe lună?", "Da: "),
])
def test_one_gpu_said_and_priced(q: str, yes: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(yes)
    assert r.numbers is not None and r.numbers.asked is not None and r.numbers.asked.yes
    lead = r.numbers.recommendations[0]
    assert (lead.gpu_count, lead.nodes) == (1, 1)
    assert "1 × NVIDIA RTX PRO 6000" in text and "4 × " not in text.split(". ")[0]


@pytest.mark.parametrize(("q", "a100", "l40s"), [
    ("What does Llama 3.1 8B cost per month on an A100, and what about on an L40S?",
     "$521.57/month", "$435.17/month"),
    ("What does Llama 3.1 8B cost per month on an A100 and on an L40S?",
     "$521.57/month", "$435.17/month"),
    ("Cât costă pe lună Llama 3.1 8B pe un A100 și pe un L40S?",
     "521,57 USD/lună", "435,17 USD/lună"),
])
def test_both_gpus_priced(q: str, a100: str, l40s: str) -> None:
    text = head(ask(q))
    assert a100 in text and l40s in text and "L40S" in text


@pytest.mark.parametrize(("q", "lang", "ctx", "said"), [
    ("what gpu for llama 3.1 70B?", "en", AskContext(model="llama 3.1 8b"),
     "context.model, Meta Llama 3.1 8B, was not used"),
    ("ce GPU pentru llama 3.1 70B?", "ro", AskContext(model="llama 3.1 8b"),
     "context.model din cerere, Meta Llama 3.1 8B, nu a fost folosit"),
    ("cost of llama 3.1 8b on an H100 per month", "en", AskContext(gpu="A100"),
     "context.gpu, NVIDIA A100 SXM4 40GB, was not used"),
    ("cât costă llama 3.1 8b pe un H100 pe lună", "ro", AskContext(gpu="A100"),
     "context.gpu din cerere, NVIDIA A100 SXM4 40GB, nu a fost folosit"),
])
def test_context_overridden_is_said(q: str, lang: str, ctx: AskContext, said: str) -> None:
    r = answer(AskRequest(question=q, context=ctx), kb(), catalog(), TODAY)
    assert r.lang == lang and said in head(r)


def test_context_agreeing_or_filling_in_says_nothing() -> None:
    for q in ("cost of llama 3.1 8b on an H100 per month", "what does it cost per month?"):
        r = answer(AskRequest(question=q, context=AskContext(model="Llama 3.1 8B", gpu="H100")),
                   kb(), catalog(), TODAY)
        assert "was not used" not in r.answer
