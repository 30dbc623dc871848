"""/v1/ask readings from regression audit regress4 (items 1, 2, 4, 5, 9, 11, 12): a training
deadline in a cost or count question is met, "N k requests" is each request's length, a
request's total latency is its whole time, a missed per-user target names int4 before more
GPUs, "with 1 user" is one request at a time, a target on a GPU no serving precision fits is
checked at GGUF, and the wording of days and places."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import _deadline, _fold
from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _num(text: str) -> float:
    return float(text.replace(",", "").replace("\xa0", ""))


# -- 1. a training deadline in a cost or count question ---------------------------------------


@pytest.mark.parametrize("q", [
    "How much does it cost to pretrain Llama 3.1 8B on 1T tokens within 30 days?",
    "How much does it cost to pretrain Llama 3.1 8B on 1T tokens within 30 days in Europe?",
    "Cât costă să preantrenez Llama 3.1 8B pe 1T tokeni în 30 de zile?",
])
def test_pretrain_cost_with_deadline_meets_it(q: str) -> None:
    r = ask(q)
    quantity, usd, _ = asked(r)
    assert quantity == "per_job_usd"
    text = head(r)
    if r.lang == "en":
        m = re.search(r"within 30 days takes (\d+) nodes .*?about ([\d.]+) days .*?for about "
                      r"\$([\d,]+)", text)
    else:
        m = re.search(r"în cel mult 30 de zile cere (\d+) (?:de )?noduri .*?aproximativ "
                      r"([\d,]+) (?:de )?zile .*?pentru aproximativ ([\d.]+)\xa0USD", text)
    assert m is not None, text
    assert int(m.group(1)) > 1
    days = float(m.group(2).replace(",", "."))
    assert days <= 30  # it was 1,921 hours (80 days) on one machine
    assert "80 days" not in text and "80 de zile" not in text
    assert usd == pytest.approx(_num(m.group(3).replace(".", "") if r.lang == "ro"
                                     else m.group(3)), abs=1)


def test_deadline_in_hours_written_short() -> None:
    assert _deadline(_fold("on 20 billion tokens in 24h?")) == 24.0
    assert _deadline(_fold("within 36 hrs")) == 36.0
    assert _deadline(_fold("in 2 h100s")) is None


@pytest.mark.parametrize("q", [
    "How many H100s do I need to full fine-tune Llama 3.1 8B on 20 billion tokens in 24h?",
    "How many H100 to full fine-tune Llama 3.1 8B on 2e10 tokens within 24 hours?",
    "How many H100 to full fine-tune Llama 3.1 8B on 2e10 tokens in one day?",
])
def test_finetune_count_with_deadline_meets_it(q: str) -> None:
    ref = ask("How many H100 to full fine-tune Llama 3.1 8B on 20B tokens within 24 hours?")
    r = ask(q)
    assert asked(r)[:2] == asked(ref)[:2]
    assert asked(r)[1] > 2  # it was 2 × H100 for 466 hours, or the price of 24 hours
    text = head(r)
    # on spot where it is cheaper, as /v1/recommendations price a fine-tune (train2 #9)
    assert re.search(r"20,000,000,000 tokens within 1 day (on spot )?takes", text), text
    assert "466 hours" not in text and "1 days" not in text


def test_one_day_deadline_is_singular_ro() -> None:
    text = head(ask("Câte H100 îmi trebuie ca să fac full fine-tuning la Llama 3.1 8B pe 20B "
                    "tokeni în 24 de ore?"))
    assert re.search(r"în cel mult o zi (pe spot )?cere", text), text
    assert "1 zile" not in text


# -- 2. "N k requests" in a concurrency question ----------------------------------------------


@pytest.mark.parametrize(("q", "ref"), [
    ("How many concurrent 128k requests fit on an H200 with Llama 3.1 70B in fp8?",
     "How many concurrent 128k-token requests fit on an H200 with Llama 3.1 70B in fp8?"),
    ("How many 32k requests can run at once on an A100 80GB with Llama 3.1 8B?",
     "How many concurrent requests of 32k tokens fit on an A100 80GB with Llama 3.1 8B?"),
    ("How many 32k-context requests can one A100 80GB hold with Llama 3.1 8B?",
     "How many concurrent requests of 32k tokens fit on an A100 80GB with Llama 3.1 8B?"),
    ("How many 128k-token requests can an H100 hold with Llama 3.1 8B?",
     "Câte cereri de 128k tokeni încap pe un H100 cu Llama 3.1 8B?"),
    ("How many 64k requests fit on an H100 with Llama 3.1 8B?",
     "How many concurrent requests of 64k tokens fit on an H100 with Llama 3.1 8B?"),
])
def test_k_requests_are_their_length(q: str, ref: str) -> None:
    r, want = ask(q), ask(ref)
    assert asked(r)[0] == "max_batch_size", r.answer
    assert asked(r)[:2] == asked(want)[:2]
    assert "4,096 tokens each" not in head(r)


def test_k_requests_counts() -> None:
    assert asked(ask("How many concurrent 128k requests fit on an H200 with Llama 3.1 70B in "
                     "fp8?"))[1] == 1  # was 44 requests of 4,096 tokens
    assert asked(ask("How many 32k requests can run at once on an A100 80GB with Llama 3.1 "
                     "8B?"))[1] == 13  # was 110
    assert asked(ask("How many 64k requests fit on an H100 with Llama 3.1 8B?"))[1] == 6


# -- 4. a request's total latency ------------------------------------------------------------


@pytest.mark.parametrize(("q", "ref"), [
    ("What's the total latency for a request with 2000 prompt tokens and 300 completion tokens "
     "with Llama 3.1 8B on an RTX 4090?",
     "How long does a request with 2,000 input tokens and 300 output tokens take with Llama "
     "3.1 8B on an RTX 4090?"),
    ("What is the end-to-end latency for 2000 input and 300 output tokens with Llama 3.1 8B on "
     "an RTX 4090?",
     "How long does a request with 2,000 input tokens and 300 output tokens take with Llama "
     "3.1 8B on an RTX 4090?"),
    ("Latency for 1k input tokens and 200 output tokens on Llama 3.1 70B with 2 H100?",
     "How long does a request with 1024 input tokens and 200 output tokens take with Llama "
     "3.1 70B on 2 H100?"),
    ("Response time for 500 input and 500 output tokens, Llama 3.1 8B, L4?",
     "How long does a request with 500 input tokens and 500 output tokens take with Llama "
     "3.1 8B on an L4?"),
    ("Cât durează o cerere de 1000 de tokeni la intrare și 200 la ieșire cu Llama 3.1 70B pe "
     "2 H100?",
     "Cât durează o cerere cu 1000 de tokeni de intrare și 200 de tokeni de ieșire cu Llama "
     "3.1 70B pe 2 H100?"),
    ("Care este latența pentru 1000 de tokeni de intrare și 200 de ieșire cu Llama 3.1 70B pe "
     "2 H100?",
     "Cât durează o cerere cu 1000 de tokeni de intrare și 200 de tokeni de ieșire cu Llama "
     "3.1 70B pe 2 H100?"),
])
def test_total_latency_is_the_whole_request(q: str, ref: str) -> None:
    r, want = ask(q), ask(ref)
    assert asked(want)[0] == "request_latency_s"
    assert asked(r)[0] == "request_latency_s", r.answer
    assert asked(r)[1] == pytest.approx(asked(want)[1], rel=1e-6)


def test_total_latency_figures() -> None:
    # 372 ms + 299 x 19.5 ms: about 6.2 s (it was the 372 ms to the first token)
    r = ask("What's the total latency for a request with 2000 prompt tokens and 300 completion "
            "tokens with Llama 3.1 8B on an RTX 4090?")
    assert asked(r)[1] == pytest.approx(6.19, abs=0.05)
    r = ask("How long does a request with 8k input and 1k output take with Mistral 7B on an "
            "L40S?")
    assert asked(r)[0] == "request_latency_s"  # it was the largest context, 32,768 tokens
    assert "1,024 tokens for one request (8,192-token prompt)" in head(r)
    # the time to the first token, asked so, stays that
    r = ask("What is the time to first token for 2000 input and 300 output tokens with Llama "
            "3.1 8B on an RTX 4090?")
    assert asked(r)[0] == "time_to_first_token_ms"


# -- 5. a missed per-user target names int4 before more GPUs ----------------------------------


@pytest.mark.parametrize(("q", "gpu", "tps"), [
    ("Can one H100 give each user 50 tok/s with Llama 3.1 70B?", "H100 SXM5 80GB", 60.9),
    ("Can one A100 80GB give each user 30 tok/s with Llama 3.1 70B?", "A100 SXM4 80GB", 34.0),
    ("Poate un H100 să dea fiecărui utilizator 50 de tokeni/s cu Llama 3.1 70B?",
     "H100 SXM5 80GB", 60.9),
])
def test_target_missed_at_fp8_names_int4(q: str, gpu: str, tps: float) -> None:
    r = ask(q)
    assert asked(r)[0] == "decode_tokens_per_s" and r.numbers is not None
    # a yes/no with no precision stated: Yes at awq-int4 on the same GPU, fp8's miss after it
    # (audit feasible22: it led "No" at fp8, awq-int4 meeting it said after)
    assert r.numbers.asked is not None and r.numbers.asked.yes is True
    text = head(r)
    if r.lang == "en":
        m = re.search(r"^Yes, at awq-int4 (?:\([^)]*\) )?the same 1 × NVIDIA " + gpu
                      + r" meets your target of [^:]*: about ([\d.]+) tokens/s per user", text)
        more = text.find("the fewest that meet it are")
    else:
        m = re.search(r"^Da, la awq-int4 (?:\([^)]*\))?, aceleași 1 × NVIDIA " + gpu
                      + r" ating ținta \([^)]*\): aproximativ ([\d,]+) (?:de )?tokeni/s", text)
        more = text.find("cele mai puține care o ating sunt")
    assert m is not None, text
    assert float(m.group(1).replace(",", ".")) == pytest.approx(tps, abs=0.1)
    assert more > m.start()  # int4 on the same GPU first, then more GPUs
    assert "4 × NVIDIA" not in text  # at fp8, 2 GPUs meet it


# -- 9. one user in a throughput question -----------------------------------------------------


@pytest.mark.parametrize(("q", "tps"), [
    ("Throughput of Llama 3.1 8B on an H100 with 1 user?", 136),
    ("Throughput of Llama 3.1 8B on an H100 for a single user?", 136),
    ("Throughput of Mistral 7B on an L4 with 1 user?", 16.9),
    ("Care este debitul Llama 3.1 8B pe un H100 cu un singur utilizator?", 136),
])
def test_throughput_with_one_user(q: str, tps: float) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s", r.answer  # was 2,579 tokens/s at 117 requests
    assert value == pytest.approx(tps, rel=0.01)
    said = "for a single user" if r.lang == "en" else "pentru un singur utilizator"
    assert said in head(r)


# -- 11. a target where no serving precision fits --------------------------------------------


def test_target_on_l40s_checks_gguf() -> None:
    r = ask("Can one L40S give each user 30 tok/s with Llama 3.1 70B?")
    ref = ask("How fast is Llama 3.1 70B at q4_k_m on one L40S?")
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s"
    assert value > 0 and value == pytest.approx(asked(ref)[1])  # it was 0 tokens/s
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False  # 16.1 < 30: still no, with the figure
    text = head(r)
    assert text.startswith("No: Meta Llama 3.1 70B at q4_k_m on 1 × NVIDIA L40S 48GB")
    assert "misses your target of 30 tokens/s per user" in text


# -- 12. wording --------------------------------------------------------------------------


def test_romanian_country_name_has_diacritics() -> None:
    text = head(ask("Cât costă un A100 pe oră în Franța?"))
    assert "în Franța" in text and "Franta" not in text


def test_european_is_said_europe() -> None:
    text = head(ask("Which GPU for a European startup serving Llama 3.1 8B?"))
    assert "located in European" not in text
    assert "located in Europe" in text


@pytest.mark.parametrize(("q", "ctx"), [
    ("How much VRAM for Llama 3.1 70B at fp8 with 16 concurrent 8k requests?", 8192),
    ("memory for llama 3.1 8b with 32 parallel 32k requests", 32768),
])
def test_a_length_after_a_count_at_once_is_each_requests_length(q: str, ctx: int) -> None:
    """"16 concurrent 8k requests": 16 requests of 8k tokens each (was 16 of the default
    4,096: 20.0 GiB of KV cache for 70B fp8 where 16 x 8k hold 40.0)."""
    r = ask(q)
    assert r.extracted.context_tokens == ctx, r.extracted
    head = first_sentence(r)
    assert f"{ctx:,} tokens of context each" in head, head
