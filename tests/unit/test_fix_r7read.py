"""Audit regress7 #5, #6, #8 and #10: readings that over-reached.

#5: a translation split (512 in, 512 out) only where translating is the job, never "already
translated text" nor "no translation". #6: "a quote by tomorrow" is no deadline of the job.
#8: "N input tokens" are what the requests read, their output assumed and said. #10: "how
many GiB does <a model of several words> need" asks the memory, not a GPU count."""

from __future__ import annotations

import math

import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _job_usd(q: str) -> float:
    quantity, value, unit = asked(ask(q))
    assert (quantity, unit) == ("per_job_usd", "USD")
    return value


PLAIN_8B = "Generate 100M tokens with Llama 3.1 8B: cost?"


@pytest.mark.parametrize("q", [
    "Process 100M tokens of already translated text with Llama 3.1 8B for classification: "
    "cost?",
    "Generate 100M tokens with Llama 3.1 8B (no translation, just chat answers): cost?",
    "Procesez 100M de tokeni de text deja tradus cu Llama 3.1 8B pentru clasificare: cât "
    "costă?",
    "Generez 100M de tokeni cu Llama 3.1 8B (fără traducere, doar răspunsuri de chat): cât "
    "costă?",
])
def test_translation_word_alone_is_no_translation_job(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert "translation" not in text and "traducerii" not in text, text
    assert "3,584 input and 512 output" in text or "3.584 de tokeni de intrare și 512" in text
    # the plain job's price ($7.24), not the translation split's ($1.53)
    assert _job_usd(q) == pytest.approx(_job_usd(PLAIN_8B))
    assert _job_usd(q) > 7.0


@pytest.mark.parametrize("q", ["Translate 200M tokens with Llama 3.1 8B, cost?",
                               "Batch translation of 200M tokens with Llama 3.1 8B: cost?",
                               "Vreau să traduc 200M de tokeni cu Llama 3.1 8B, cât costă?"])
def test_translating_as_the_job_keeps_the_split(q: str) -> None:
    text = head(ask(q))
    assert ("512 input and 512 output" in text
            or "512 tokeni de intrare și 512 de ieșire" in text), text


TOMORROW = [
    ("I need a quote by tomorrow: what does it cost to generate 10B tokens with Llama 3.1 70B?",
     "What does it cost to generate 10B tokens with Llama 3.1 70B?"),
    ("Am nevoie de o ofertă până mâine: cât costă să generez 10B de tokeni cu Llama 3.1 70B?",
     "Cât costă să generez 10B de tokeni cu Llama 3.1 70B?"),
]


@pytest.mark.parametrize(("q", "plain"), TOMORROW)
def test_a_quote_by_tomorrow_is_no_deadline(q: str, plain: str) -> None:
    text = head(ask(q))
    assert "instances of" not in text and "instanțe" not in text, text
    assert "8 × NVIDIA B200" in text, text
    assert "Deadline" not in text and "Termen" not in text, text
    assert _job_usd(q) == pytest.approx(_job_usd(plain))


@pytest.mark.parametrize("q", [
    "Generate 10B tokens with Llama 3.1 70B by tomorrow: cost?",
    "Vreau să generez 10B de tokeni cu Llama 3.1 70B până mâine: cât costă?"])
def test_the_job_by_tomorrow_is_still_a_deadline(q: str) -> None:
    text = head(ask(q))
    assert "2026-12-04" in text, text
    assert "within the deadline of 24 hours" in text or "în termenul de 24 de ore" in text


@pytest.mark.parametrize(("q", "said"), [
    ("Classify 100M input tokens with Llama 3.1 8B, cost?",
     "The 100,000,000 tokens are read as the input of 27,902 requests of 3,584 input and 512 "
     "output tokens each, 14,285,824 output tokens in all (assumed: the question states no "
     "output; 512 is the API's default output of one request"),
    ("Clasific 100M de tokeni de intrare cu Llama 3.1 8B, cât costă?",
     "Cei 100.000.000 de tokeni sunt citiți ca intrarea a 27.902 cereri de câte 3.584 de "
     "tokeni de intrare și 512 de ieșire fiecare, 14.285.824 de tokeni de ieșire în total "
     "(presupus: întrebarea nu spune ieșirea; 512 este ieșirea implicită"),
])
def test_input_tokens_are_the_requests_input(q: str, said: str) -> None:
    text = head(ask(q))
    assert said in text, text
    assert "states no split" not in text and "nu spune împărțirea" not in text, text
    requests = math.ceil(100_000_000 / 3584)
    assert requests == 27_902
    # the job of 14.3M output tokens (at 3,584 in each) costs about 1/7 of 100M output tokens
    usd = _job_usd(q)
    plain = _job_usd(PLAIN_8B)
    assert usd == pytest.approx(plain * requests * 512 / 100_000_000, rel=0.05), (usd, plain)
    assert usd < 1.2


@pytest.mark.parametrize("q", ["How many GiB does Qwen2.5 32B need for 16 users?",
                               "How many GB does Llama 3.1 70B need for 8 users?",
                               "De câți GiB are nevoie Qwen2.5 32B pentru 16 utilizatori?"])
def test_how_many_gib_does_a_model_need_is_the_memory(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert quantity in ("total_gib", "total_gb"), head(r)
    if "Qwen" in q:
        assert (unit, round(value, 1)) == ("GiB", 79.3), head(r)
        assert "79.3 GiB in total" in head(r) or "79,3 GiB în total" in head(r)
    else:
        assert unit == "GB" and round(value, 1) == 154.5, head(r)
    assert r.intent == "memory"
