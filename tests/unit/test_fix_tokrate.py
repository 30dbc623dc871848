"""A token rate is a load (task tokrate, audit regress8 #3): "1 million tokens per second",
"1M tok/s", "60 million tokens per minute", "1 milion de tokeni pe secundă" with a GPU count
asked are counted as the output rate they are, at the request shape the answer says (3,584
in, 512 out per request), with :func:`gpus_for_rate` for the model's own precision. It
answered 1 x H100 from memory alone. A speed per user stays a speed target."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, first_sentence


def _million_h100(r: object) -> None:
    assert asked(r)[:2] == ("gpu_count", 399), r.answer  # type: ignore[attr-defined]


def test_million_tokens_per_second_en() -> None:
    r = ask("Generate 1 million tokens per second with Llama 3.1 8B: how many H100s?")
    _million_h100(r)
    assert first_sentence(r).startswith(
        "For 1,000,000 output tokens per second in total (3,584 tokens in and 512 out per "
        "request), Meta Llama 3.1 8B at int8 needs 399 × NVIDIA H100 SXM5 80GB (133 instances "
        "of 3 × NVIDIA H100 SXM5 80GB)"), r.answer
    assert "At bf16 (the model's own) it takes 485 × NVIDIA H100 SXM5 80GB" in r.answer
    assert "17.0 GiB per GPU" not in r.answer


def test_million_tokens_short_forms_en() -> None:
    _million_h100(ask("How many H100s for 1M tok/s with Llama 3.1 8B?"))
    _million_h100(ask("How many H100 for 60 million tokens per minute with Llama 3.1 8B?"))


def test_million_tokens_per_second_ro() -> None:
    r = ask("Câte H100 pentru 1 milion de tokeni pe secundă cu Llama 3.1 8B?")
    _million_h100(r)
    assert first_sentence(r).startswith(
        "Pentru 1.000.000 de tokeni de ieșire pe secundă în total (3.584 de tokeni de intrare "
        "și 512 de ieșire pe cerere), Meta Llama 3.1 8B la int8 are nevoie de 399 × NVIDIA "
        "H100 SXM5 80GB"), r.answer
    _million_h100(ask("Câte H100 pentru 60 de milioane de tokeni pe minut cu Llama 3.1 8B?"))


def test_beyond_4096_gpus_caveat() -> None:
    r = ask("How many H100 for 100 million tokens per second with Llama 3.1 8B?")
    assert asked(r)[:2] == ("gpu_count", 48467), r.answer
    assert "more than the 4,096 a setup is sized on" in r.answer


def test_per_user_speed_is_still_a_speed() -> None:
    r = ask("How many H100 for 30 tokens/s per user with Llama 3.1 8B?")
    assert asked(r)[:2] == ("gpu_count", 1), r.answer
    assert first_sentence(r).startswith("At 30 tokens/s per user, Meta Llama 3.1 8B at bf16 "
                                        "needs 1 × NVIDIA H100 SXM5 80GB"), r.answer


def test_billing_per_minute_still_billing() -> None:
    r = ask("Is Lambda billed per minute?")
    assert r.answer.startswith("Lambda bills per minute."), r.answer
