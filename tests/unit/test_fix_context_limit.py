"""A request longer than the model's own context limit (input + output tokens past the
registry's ``max_context``, from the model's config) does not run: engines refuse it (vLLM
raises on a max_model_len above the length derived from the config unless
VLLM_ALLOW_LONG_MAX_MODEL_LEN=1). /v1/sizing says ``runs: false`` with the reason in its
warnings and gives no speed or cost (``fits`` stays about memory); /v1/ask answers "No" first
with the model's limit, in English and Romanian, and gives no speed as if it ran. An
embedding model's input is clamped to its limit instead (unchanged)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _limit(model: str) -> int:
    a = catalog().registry.models[model].architecture
    assert a is not None and a.max_context
    return a.max_context


# -- /v1/sizing -----------------------------------------------------------------------------------


def test_sizing_past_the_limit_does_not_run() -> None:
    limit = _limit("llama-3.1-8b")
    assert limit == 131_072  # the model's config.json max_position_embeddings
    r = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=200_000, output_tokens=1000)
    assert r.fits is True  # memory alone: 201,000 tokens of KV cache fit an H100
    assert r.runs is False
    assert r.performance is None and r.cost is None
    assert any("more than the model supports (131,072)" in x for x in r.warnings)
    # the speeds per GPU of fits_on would be for a request no engine takes
    assert r.fits_on and all(f.decode_tokens_per_s is None for f in r.fits_on)


def test_sizing_past_the_limit_prices_nothing() -> None:
    r = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=200_000, output_tokens=1000,
              price_per_gpu_hour_usd=2.0)
    assert r.runs is False and r.cost is None and r.performance is None


def test_sizing_at_the_limit_runs() -> None:
    limit = _limit("llama-3.1-8b")
    r = _size(model="llama-3.1-8b", gpu="h100-sxm", input_tokens=limit - 1000,
              output_tokens=1000)
    assert r.runs is True and r.performance is not None
    assert not any("more than the model supports" in x for x in r.warnings)
    assert any(f.decode_tokens_per_s for f in r.fits_on)


def test_sizing_past_the_limit_without_a_gpu() -> None:
    r = _size(model="gemma-2-27b", input_tokens=32_768, output_tokens=0)
    assert r.runs is None  # no GPU asked: nothing to run on
    assert any("more than the model supports (8,192)" in x for x in r.warnings)
    assert r.fits_on and all(f.decode_tokens_per_s is None for f in r.fits_on)


def test_embedding_input_is_clamped_not_refused() -> None:
    limit = _limit("bge-large-en-v1.5")
    r = _size(model="bge-large-en-v1.5", gpu="l4", input_tokens=limit * 4)
    assert r.runs is True and r.performance is not None


# -- /v1/ask --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("q", "limit"), [
    ("Can I run Gemma 2 27B with 32k context on an A100 80GB?", "8,192"),
    ("Can I run Llama 3.1 8B with 200k context on one H100?", "131,072"),
    ("Can I run Mistral 7B v0.1 with 64k context on an L4?", "32,768"),
])
def test_ask_fit_past_the_limit_is_no(q: str, limit: str) -> None:
    r = ask(q)
    first = first_sentence(r)
    assert first.startswith("No"), r.answer
    assert limit in first and "fits on" not in first
    assert "tokens/s" not in head(r)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


def test_ask_fit_past_the_limit_is_no_ro() -> None:
    r = ask("Pot rula Gemma 2 27B cu 32k context pe un A100 80GB?")
    first = first_sentence(r)
    assert first.startswith("Nu"), r.answer
    assert "8.192" in first and "încape pe" not in first
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


@pytest.mark.parametrize("q", [
    "How fast is Llama 3.1 8B with 200k context on one H100?",
    "Cât de repede rulează Llama 3.1 8B cu 200k context pe un H100?",
])
def test_ask_speed_past_the_limit_gives_no_speed(q: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(("No", "Nu")), r.answer
    assert "131,072" in head(r) or "131.072" in head(r)
    assert "tokens/s" not in head(r) and "tokeni/s" not in head(r)
    assert asked(r)[:2] == ("decode_tokens_per_s", 0)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


def test_ask_within_the_limit_is_still_yes() -> None:
    r = ask("Can I run Llama 3.1 8B with 8k context on one H100?")
    assert first_sentence(r).startswith("Yes"), r.answer
    r = ask("How fast is Llama 3.1 8B with 8k context on one H100?")
    assert "tokens/s" in head(r), r.answer
