"""/v1/ask answers the quantity asked, not a neighbour of it: "which is cheaper per token"
compares the cost per 1M tokens (not the price per hour); a per-token latency ("latency per
token", "ms per output token", "latența pe token") leads with the time per output token (not
the time to the first token, nor a yes to a GPU count); images per minute or per day and hours
of audio per hour lead with that rate; "how many GB of VRAM does SDXL need" asks the memory."""

from __future__ import annotations

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, first_sentence

# -- 1. cheaper per token: the cost per 1M tokens compared ---------------------------------------


@pytest.mark.parametrize(("question", "per_million"), [
    ("which is cheaper per token for llama3-8b, L4 or H100?",
     "cost per million tokens for llama3-8b on an L4 vs an H100"),
    ("H100 vs A100 for llama 3.1 70b inference, which is cheaper per token?",
     "H100 vs A100 for llama 3.1 70b inference, cost per million tokens?"),
    ("which is more cost-efficient per token for llama3-8b, L4 or H100?",
     "cost per million tokens for llama3-8b on an L4 vs an H100"),
    ("care e mai ieftin pe token pentru llama3-8b, L4 sau H100?",
     "cât costă 1 milion de tokeni pentru llama3-8b, L4 sau H100?"),
])
def test_cheaper_per_token_compares_the_cost_per_million_tokens(
        question: str, per_million: str) -> None:
    r, ref = ask(question), ask(per_million)
    assert r.intent == "compare"
    assert asked(r)[0] == "per_million_output_tokens_usd" and asked(r)[2] == "USD", r.answer
    # the same comparison as the one asked per million tokens: the same cheapest setup
    assert asked(r) == asked(ref)
    # the winner per token is the H100 (its price per hour is the higher one)
    verdict = r.answer.split("\n\n")[0]
    label = "Lowest cost per 1M tokens: " if r.lang == "en" else "cel mai mic cost"
    assert label.lower() in verdict.lower(), verdict
    assert "H100" in verdict[verdict.lower().index(label.lower()):], verdict


def test_the_cost_per_token_of_one_setup_is_its_cost_per_million_tokens() -> None:
    r = ask("cost per token for llama3-8b on an H100?")
    ref = ask("cost per million tokens for llama3-8b on an H100?")
    assert asked(r)[0] == "per_million_output_tokens_usd", first_sentence(r)
    assert asked(r) == asked(ref)


# -- 2. a per-token latency: the time per output token ------------------------------------------


@pytest.mark.parametrize(("question", "tpot"), [
    ("what's the per-token latency for llama 3.1 70b on 2x H100?",
     "what's the tpot for llama 3.1 70b on 2x H100?"),
    ("what latency per token for llama-3.1-8b on a 4090 with 4 users",
     "what tpot for llama-3.1-8b on a 4090 with 4 users"),
    ("ms per output token for qwen2.5-7b on an A10G at 8 users?",
     "tpot for qwen2.5-7b on an A10G at 8 users?"),
    ("ms/token for qwen2.5-7b on an A10G?", "tpot for qwen2.5-7b on an A10G?"),
    ("what's the inter-token latency of llama 3.1 8b on an L4?",
     "what's the tpot of llama 3.1 8b on an L4?"),
    ("care e latența pe token pentru llama 3.1 8b pe un L4?",
     "care e tpot pentru llama 3.1 8b pe un L4?"),
    ("câte ms pe token are llama 3.1 8b pe un L4 cu 4 utilizatori?",
     "care e tpot pentru llama 3.1 8b pe un L4 cu 4 utilizatori?"),
])
def test_a_per_token_latency_leads_with_the_time_per_output_token(
        question: str, tpot: str) -> None:
    r, ref = ask(question), ask(tpot)
    assert r.intent == "speed", first_sentence(r)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("time_per_output_token_ms", "ms"), first_sentence(r)
    assert asked(ref) == asked(r)
    said = f"{value:.1f}" if r.lang == "en" else f"{value:.1f}".replace(".", ",")
    assert said in first_sentence(r), first_sentence(r)
    assert "first token" not in first_sentence(r) and "primul token" not in first_sentence(r)


def test_a_latency_alone_is_still_the_time_to_the_first_token() -> None:
    r = ask("what's the latency for llama 3.1 70b on 2x H100?")
    assert asked(r)[0] == "time_to_first_token_ms"


# -- 3. a media rate in the unit asked -----------------------------------------------------------


def _seconds_per_image(model: str, gpu: str) -> float:
    r = ask(f"how many seconds per image for {model} on an {gpu}?")
    quantity, value, _ = asked(r)
    assert quantity == "seconds_per_image", first_sentence(r)
    return value


def _said(r: AskResponse, value: float) -> str:
    """``value`` as the rate is written: one decimal under 100, none from 100."""
    text = f"{value:,.1f}" if value < 100 else f"{value:,.0f}"
    if r.lang == "ro":
        text = text.replace(",", " ").replace(".", ",").replace(" ", ".")
    return text


@pytest.mark.parametrize(("question", "model", "gpu", "quantity", "unit", "per_s"), [
    ("Câte imagini pe minut face SDXL pe un L40S?", "SDXL", "L40S",
     "images_per_minute", "images/min", 60.0),
    ("how many images per minute can SDXL do on an L40S?", "SDXL", "L40S",
     "images_per_minute", "images/min", 60.0),
    ("Câte imagini pe minut face Flux schnell pe un H100?", "Flux schnell", "H100",
     "images_per_minute", "images/min", 60.0),
    ("Câte imagini pe zi face Flux dev pe un H100?", "Flux dev", "H100",
     "images_per_day", "images/day", 86_400.0),
    ("how many images per day can flux dev make on an H100?", "Flux dev", "H100",
     "images_per_day", "images/day", 86_400.0),
])
def test_an_image_rate_leads_in_the_unit_asked(question: str, model: str, gpu: str,
                                               quantity: str, unit: str, per_s: float) -> None:
    r = ask(question)
    assert r.intent == "media"
    sec = _seconds_per_image(model, gpu)
    assert asked(r)[0] == quantity and asked(r)[2] == unit, first_sentence(r)
    assert asked(r)[1] == pytest.approx(per_s / sec)
    lead = first_sentence(r)
    assert _said(r, per_s / sec) in lead, lead
    assert not lead.split(";")[0].rstrip().endswith("GiB"), lead  # the memory no longer leads


@pytest.mark.parametrize("question", [
    "Câte ore audio pe oră transcrie Whisper large-v3 pe un T4?",
    "how many hours audio per hour does whisper large-v3 transcribe on a T4?",
])
def test_hours_of_audio_per_hour_lead_without_of(question: str) -> None:
    r = ask(question)
    ref = ask("how many hours of audio per hour can whisper large-v3 transcribe on a T4?")
    assert asked(r)[0] == "audio_hours_per_hour", first_sentence(r)
    assert asked(r) == asked(ref)
    assert "USD" not in first_sentence(r) and "$" not in first_sentence(r), first_sentence(r)


# -- 4. a diffusion model's memory asked in GB ---------------------------------------------------


@pytest.mark.parametrize(("question", "ref"), [
    ("how many GB of VRAM does SDXL need?", "how much VRAM does SDXL need?"),
    ("how many GB of VRAM does flux dev need?", "how much VRAM does flux dev need?"),
    ("câți GB de VRAM îi trebuie lui SDXL?", "how much VRAM does SDXL need?"),
    ("flux dev vram requirements at 1024x1024?", "how much VRAM does flux dev need?"),
])
def test_a_diffusion_memory_in_gb_asks_the_memory(question: str, ref: str) -> None:
    r, m = ask(question), ask(ref)
    quantity, value, unit = asked(r)
    assert unit == "GiB" and quantity.endswith("_gib"), first_sentence(r)
    assert (quantity, value) == asked(m)[:2]
