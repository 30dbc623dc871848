"""/v1/ask, fixed (audit ask_en, items 2, 4, 6, 7, 9, 11-14): Slack-style English that lost the
number asked. "N concurrent" with no noun is N requests at once, and a serving batch size is
too, never a tokens/s target; a GPU's model number is never an image count; tokens per day,
the cost of a chat or of 1,000 chats, a per-token price and "vram for ... w/ N users" answer
what they ask; "imgs"/"pics" are images; a GPU count asked leads with the count; S3 is AWS; a
128k prompt gets its TTFT with the output capped to the model's limit; a GGUF precision that
fits says the share of the card its engine uses; fp8 on an A100 is warned as weight-only."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


# -- 2. "N concurrent" and a batch size are requests at once -----------------------------------


def test_bare_concurrent_is_users_for_ttft() -> None:
    r = ask("what ttft will users see w/ llama 3.1 70b fp8 on 2 h100 at 32 concurrent")
    assert r.extracted.concurrent_requests == 32
    name, value, unit = asked(r)
    assert (name, unit) == ("time_to_first_token_ms", "ms")
    assert value > 900  # ~1,166 ms at 32 at once; one request alone was 331 ms
    assert "At 32 concurrent requests" in _plain(head(r))


@pytest.mark.parametrize("q", [
    "llama 3.1 8b on h100 at 64 concurrent tok/s per user",
    "llama 3.1 8b on h100 at 64 concurrency tok/s per user",
    "llama 3.1 8b on h100 batch size 64 tok/s per user",
])
def test_concurrent_or_batch_speed_per_user(q: str) -> None:
    r = ask(q)
    assert r.intent == "speed"
    name, value, _ = asked(r)
    assert name == "output_tokens_per_s_per_user"
    assert 30 < value < 45  # 37.1 tokens/s each at 64 at once (136 for one request)
    assert "target of 64 tokens/s" not in _plain(head(r))


def test_bare_concurrent_memory_and_kv() -> None:
    r = ask("memory needed qwen2.5 32b fp8 64 concurrent 2k ctx")
    assert r.intent == "memory"
    name, value, _ = asked(r)
    assert name == "total_gib" and 64 < value < 70  # 32 GiB weights + 32 GiB KV
    r = ask("kv cache for qwen2.5 32b at 16 concurrent 8k ctx")
    assert asked(r)[:2] == ("kv_cache_gib", 32.0)  # 16 x 8,192 x 256 KiB


def test_bare_concurrent_max_context() -> None:
    r = ask("max ctx llama 3.1 8b on h100 at 16 concurrent")
    name, value, _ = asked(r)
    assert name == "max_context_tokens"
    assert 25_000 < value < 32_000  # about 28k each, not 131,072 for one


# -- 4. a GPU's number is no image count -------------------------------------------------------


def test_gpu_number_is_no_image_count() -> None:
    r = ask("sdxl on a 4090 cost per image")
    name, value, unit = asked(r)
    assert (name, unit) == ("per_image_usd", "USD")
    assert value < 0.01
    assert "4,090" not in _plain(head(r))
    r = ask("flux dev on a 4090 secs per image")
    assert asked(r)[0] == "seconds_per_image"
    assert "4,090" not in _plain(head(r))


# -- 6. tokens per day, per chat, per token, vram with users -----------------------------------


def test_tokens_per_day() -> None:
    r = ask("tokens/day llama 3.1 8b on 1 l4")
    assert asked(r)[0] == "max_output_tokens_per_day"
    r = ask("how many tok per day can 8x h100 do with llama 3.1 70b fp8")
    name, value, _ = asked(r)
    assert name == "max_output_tokens_per_day" and value > 1e8


def test_cost_per_chat() -> None:
    r = ask("cost per chat for llama 3.1 8b on h100 (2k in 300 out)")
    name, value, unit = asked(r)
    assert (name, unit) == ("cost_per_request_usd", "USD") and value < 0.001
    text = _plain(head(r))
    assert "A chat is counted here as one request of 2,048 tokens in and 300 out" in text
    r = ask("cost per 1000 chats w/ llama 3.1 8b on an l4")
    assert asked(r)[0] == "cost_per_thousand_requests_usd"
    r = ask("cât costă o conversație cu llama 3.1 8b pe un h100")
    assert asked(r)[0] == "cost_per_request_usd"
    assert "O conversație este socotită aici ca o cerere de 3.584 de tokeni" in _plain(head(r))


def test_per_token_price() -> None:
    r = ask("whats the per-token price for qwen2.5 7b on a 3090")
    assert asked(r)[0] == "per_million_output_tokens_usd"


def test_vram_with_users_is_memory_at_model_precision() -> None:
    r = ask("vram for llama 3.1 8b with 32 users at 8k ctx")
    assert r.intent == "memory"
    name, value, _ = asked(r)
    assert name == "total_gib" and 47 < value < 50  # 15 GiB + 32 x 8,192 x 128 KiB
    assert "at bf16" in _plain(head(r))


# -- 7. imgs and pics are images ---------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "how long to generate 1000 imgs with sdxl on an a100",
    "make 1000 pics with sdxl on an a100 how long",
])
def test_imgs_are_images(q: str) -> None:
    r = ask(q)
    name, value, unit = asked(r)
    assert (name, unit) == ("job_hours", "h")
    assert 1.5 < value < 1.9
    assert "1,000 1024×1024 images" in _plain(head(r))


def test_imgs_per_day() -> None:
    r = ask("how many imgs/day can one l4 make with sdxl")
    name, value, _ = asked(r)
    assert name == "images_per_day" and 4000 < value < 5000


# -- 9. a count asked leads with the count -----------------------------------------------------


def test_count_asked_leads() -> None:
    r = ask("number of h100 for deepseek v3 fp8 serving")
    assert asked(r)[:2] == ("gpu_count", 16)
    r = ask("gpus needed for mixtral 8x22b fp8 h100")
    assert asked(r)[:2] == ("gpu_count", 2)
    assert _plain(head(r)).startswith("Mixtral 8x22B at fp8 needs 2 ×")


# -- 11. S3 is AWS -----------------------------------------------------------------------------


def test_s3_is_aws() -> None:
    r = ask("s3 egress 10tb")
    assert asked(r)[:2] == ("egress_usd", 891.0)
    assert "Amazon Web Services" in _plain(head(r))


# -- 12. a 128k prompt's TTFT ------------------------------------------------------------------


def test_128k_prompt_ttft() -> None:
    r = ask("128k prompt ttft llama 3.1 70b on 8x h100")
    name, value, unit = asked(r)
    assert (name, unit) == ("time_to_first_token_ms", "ms") and value > 1000
    text = _plain(head(r))
    assert "timed as 131,071 tokens in and 1 out" in text
    r = ask("128k prompt llama 3.1 70b on 8x h100 tok/s")
    assert asked(r)[0] == "decode_tokens_per_s" and asked(r)[1] > 0
    assert "130,560 input and 512 output tokens" in _plain(head(r))


# -- 13. a GGUF fit is said against its engine's share ----------------------------------------


def test_gguf_fit_says_its_capacity() -> None:
    text = _plain(head(ask("will gemma 2 9b fit in 12gb vram")))
    assert "only 10.8 GiB are usable" in text
    assert "q8_0 (about 11.3 GiB per GPU of the 11.6 GiB llama.cpp can use)" in text


# -- 14. fp8 on an A100 is weight-only ---------------------------------------------------------


@pytest.mark.parametrize("q", [
    "can i run 405b on 8x a100 80gb at fp8",
    "pot rula 405b pe 8x a100 80gb la fp8?",
])
def test_fp8_on_a100_warned(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_gpu_gib"
    assert "FP8-Marlin" in r.answer and "vllm-fp8-marlin" in r.answer
