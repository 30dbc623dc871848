"""Audit regress6 #1 and #15, Slack ``/gpu``: a negative context or user count is refused in
/v1/ask's words (it was sized with a negative KV cache: "KV cache -4.0 GiB ... fits on RTX
4060 Ti"), never a crash (``recommend ... -10 users``: ZeroDivisionError); a refusal asked
with ``/gpu ask`` is said once; "N images per request" is read and sized; a city after the
GPU in ``/gpu offers`` is its place; a provider's domain ("lambda.ai") is the provider. And
the wording of /v1/ask: "1 setups", "For 1 requests per second", "0 training tokens"
citing the training-tokens bound."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.compose import AskRequest, answer
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text


def _data() -> BotData:
    return BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)


def _slack(text: str) -> str:
    return all_text(run_command(parse_command(text), _data())).replace("\xa0", " ")


def _ask(question: str) -> str:
    req = msgspec.convert({"question": question, "lang": "auto"}, AskRequest)
    return answer(req, knowledge(), catalog(), TODAY).answer


@pytest.mark.parametrize(("text", "ctx"), [
    ("size llama-3.1-8b h100 ctx -32k", "-32,768"),
    ("size llama-3.1-8b with -32k context", "-32,768"),
    ("size llama-3.1-70b fp8 -128k", "-131,072"),
    ("size llama-3.1-8b ctx=-32k", "-32,768"),
    ("recommend llama-3.1-8b -32k context 10 users", "-32,768"),
    ("recommend llama-3.1-8b 10 users -32k", "-32,768"),
])
def test_negative_context_is_refused_in_the_answers_words(text: str, ctx: str) -> None:
    out = _slack(text)
    # the bound is fields.TOKENS_MAX, raised from 10,000,000 to Llama 4 Scout's 10,485,760
    # (its config; "10M context" was refused past the old bound: audit buyer16 #8)
    assert out.startswith(f"A context of {ctx} tokens cannot be sized: ask with 1 to "
                          "10,485,760 tokens (the context_tokens bound of /v1/sizing)")
    assert "KV cache" not in out and "output_tokens" not in out and "GiB" not in out


@pytest.mark.parametrize("text", [
    "size llama-3.1-8b for -4 users", "recommend llama-3.1-8b -10 users",
    "recommend llama-3.1-8b for -10 users"])
def test_negative_users_are_refused_never_sized_nor_a_crash(text: str) -> None:
    out = _slack(text)
    n = text.split()[-2]
    assert out.startswith(f"{n} concurrent users is not a load this service sizes: a plan "
                          "serves at least 1 request at a time")
    assert "GiB" not in out


def test_negative_users_refused_in_romanian() -> None:
    out = _slack("dimensiune llama-3.1-8b pentru -4 utilizatori")
    assert out.startswith("-4 utilizatori simultani nu este o încărcare pe care o calculează "
                          "acest serviciu")
    assert "GiB" not in out


def test_a_refusal_asked_with_gpu_ask_is_said_once() -> None:
    out = _slack("ask Llama 3.1 8B at -32k context on an H100, does it fit?")
    assert out.count("A context of -32,768 tokens cannot be sized") == 1


def test_images_per_request_are_read_and_sized() -> None:
    out = _slack("size llama-3.2-11b-vision 8 users 20 images per request")
    assert "Not understood" not in out
    core = size(SizingRequest(model="llama-3.2-11b-vision", input_tokens=4096,
                              output_tokens=0, batch_size=8, images_per_request=20),
                catalog())
    one = size(SizingRequest(model="llama-3.2-11b-vision", input_tokens=4096,
                             output_tokens=0, batch_size=8), catalog())
    kv = core.memory.kv_cache_gib
    assert kv is not None and one.memory.kv_cache_gib is not None
    assert kv > 5 * one.memory.kv_cache_gib  # 20 images' cross-attention KV, not one's
    # 8 requests of 4,096 tokens and 20 images each: 35.3 GiB of KV (the audit's arithmetic:
    # 0.5 GiB of text + 20 x 0.195 GiB of images per request), 56.7 GiB in all
    assert round(kv, 1) == 35.3
    assert re.search(r"KV cache +35\.3 GiB", out) and re.search(r"Total +56\.7 GiB", out)
    assert re.search(r"Images per request +20\n", out)


@pytest.mark.parametrize("text", [
    "recommend llama-3.2-11b-vision 8 users 20 images per request",
    "recomandă llama-3.2-11b-vision 8 utilizatori 20 imagini per cerere"])
def test_recommend_reads_images_per_request(text: str) -> None:
    out = _slack(text)
    assert "Not understood" not in out and "Nu am înțeles" not in out
    assert "20, images" not in out
    # 8 users of 20 images each need far more than one RTX 3090 at int8 (18.1 GiB)
    assert "uses 18.1 of 21.6 GiB" not in out and "folosește 18,1 din 21,6" not in out
    assert ("Images per request" in out) or ("Imagini pe cerere" in out)


@pytest.mark.parametrize(("text", "place"), [
    ("offers h100 london", "London"), ("offers a100 frankfurt", "Frankfurt"),
    ("offers h100 los angeles", "Los Angeles")])
def test_offers_city_after_the_gpu_is_the_place(text: str, place: str) -> None:
    out = _slack(text)
    assert "Not understood" not in out
    assert f"in {place}" in out


def test_offers_provider_domain_is_the_provider() -> None:
    out = _slack("offers a100 lambda.ai")
    assert "Not understood" not in out
    assert "at Lambda" in out and " — vast," not in out


def test_ask_one_request_per_second_is_singular() -> None:
    out = _ask("Llama 3.1 8B at 1 request per second: how many A10Gs?")
    assert "1 requests per second" not in out
    assert "For 1 request per second" in out


def test_ask_one_setup_is_singular() -> None:
    out = _ask("Llama 3.1 8B serving at 0.5 requests/s on an L4: what's the TTFT?")
    assert "1 setups" not in out and "1 such setups" not in out
    assert "1 setup of 2 × NVIDIA L4 24GB" in out


def test_zero_training_tokens_cite_the_training_tokens_bound() -> None:
    out = _ask("Fine-tune Llama 3.1 8B on 0 training tokens?")
    assert "the training_tokens bound of /v1/recommendations" in out
    assert "job_output_tokens" not in out
