"""What the Slack bot shows (audit slack2 #4, #5, #6, #8, #9, #11, #12, #13, #14): offer
lines say where the offer is; the web link carries the images per request; an answer's table
names the answer's setup, not a "Fits on 1 x" that contradicts it; the default targets are
said only where they decided; no API field /gpu cannot set is named in its advice; no
doubled instance type in the headline and one rounding per figure; formal Romanian; a
training run priced at spot says so."""

from __future__ import annotations

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import Message, gpu_words
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text, link_params, table_rows

URL = "https://gpu.example.com"


def _run(text: str) -> Message:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)
    return run_command(parse_command(text), data)


def test_offer_lines_say_where_the_offer_is() -> None:
    text = all_text(_run("offers h100 in europe"))
    # was "1. 8 × NVIDIA H100 SXM5 80GB — lium, $1.75/h per GPU" (a machine in Russia)
    assert "— lium in RU (Russian Federation), *$1.75/h per GPU*" in text
    aws = [line for line in all_text(_run("offers h100 at aws")).splitlines()
           if line[:2] in ("1.", "2.", "3.", "4.", "5.")]
    assert len(aws) == 5 and len(set(aws)) == 5  # five identical lines before
    assert "aws in us-east-1/use1-az3 (United States)" in "\n".join(aws)


def test_recommend_lines_say_where_the_offer_is() -> None:
    text = all_text(_run("recommend llama 3.1 405b fp8 in europe"))
    assert "8 x NVIDIA H100 SXM5 80GB — lium in RU (Russian Federation), *$14.00/h*" in text


def test_the_web_link_carries_images_per_request() -> None:
    size = link_params(_run("size llama 3.2 11b vision 20 images per request"))
    rec = link_params(_run("recommend llama 3.2 11b vision 8 users 20 images per request"))
    assert size is not None and size["images_per_request"] == "20"
    assert rec is not None and rec["images_per_request"] == "20"


def test_an_answer_table_names_the_answer_setup_not_one_gpu() -> None:
    rows = table_rows(_run("what's the cost per million tokens for llama 3.1 70b fp8 on h100?"))
    assert rows["GPUs"] == "2 × NVIDIA H100 SXM5 80GB"  # the answer's "on 2 × H100"
    assert "Fits on" not in rows  # was "1 × NVIDIA H100 PCIe 80GB (needs 71.4 GiB per GPU)"


def test_targets_are_not_said_when_the_budget_decided() -> None:
    text = all_text(_run("recommend llama 3.1 8b 0.05$/h"))
    assert "the budget: the cheapest option that fits costs $0.14/h" in text
    assert "Targets that decide the answer" not in text


def test_advice_names_no_api_field_the_bot_cannot_set() -> None:
    en = all_text(_run("recommend llama 3.1 8b 10 users 128k kv q4_0"))
    assert "max_time_to_first_token_ms" not in en
    assert "a slower first-token target (the web page's “First token within (ms)” field" in en
    assert "KV cache fp8 (write `kv fp8`): an FP8 KV cache" in en
    assert "kv_cache fp8:" not in en
    ro = all_text(_run("recomandă mixtral 8x7b q4_k_m 8k"))
    assert "max_time_to_first_token_ms" not in ro
    assert "o țintă mai lentă pentru primul token" in ro


def test_no_doubled_instance_type_and_one_rounding_per_figure() -> None:
    msg = _run("recommend llama 3.1 8b 10 users 128k kv q4_0")
    assert "(RTX 4090 24GB (per GPU-hour))" not in msg["text"]
    assert msg["text"].startswith("10 instances of 1 x NVIDIA GeForce RTX 4090 24GB at openrelay")
    lora = all_text(_run("recommend llama 3.1 8b lora 100M tokens"))
    assert "$0.95 for the job;" in lora
    assert "$0.95 for the job spot" in lora  # the list said "$1 for the job"
    assert "$1 for the job" not in lora


def test_a_training_run_priced_at_spot_says_so() -> None:
    rows = table_rows(_run("recommend llama 3.1 8b lora 100M tokens"))
    assert rows["Spot"].startswith("spot prices (interruptible: the default for a training run")


def test_romanian_names_no_english_gpu_note_and_is_formal() -> None:
    assert gpu_words("AMD Instinct MI250X (per GCD, 64 GB; a 128 GB module is 2 GCDs)",
                     "ro") == "AMD Instinct MI250X"
    assert gpu_words("HGX H100 (8-GPU node)", "ro") == "HGX H100"
    assert gpu_words("HGX H100 (8-GPU node)", "en") == "HGX H100 (8-GPU node)"
    slack = knowledge().messages.section("ro", "slack")
    assert "întreabă în cuvinte" not in slack["size_training"]
    assert "întrebați în cuvinte" in slack["size_training_refused"]
