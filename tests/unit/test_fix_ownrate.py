"""The asker's own price with a load stated as a rate (leftover of fix/setuprate): "I pay
$2/hr for an H100: cost per million tokens for Llama 3.1 70B at 10 requests per second" priced
one H100 at its own full load (about 436 tokens/s, $1.27 per 1M) where the rate needs 5,120
tokens/s; now the setup the catalog-priced answers lead with for that rate (16 x H100 at fp8,
8 replicas of 2), its GPUs at the asker's price, the price per token over the rate's output."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence


def _setup_gpus(question: str) -> tuple[int, str, float]:
    r = ask(question)
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    o = r.numbers.recommendations[0]
    return o.gpu_count * o.nodes, o.weights, o.per_hour_usd


def test_per_million_at_own_price_is_the_rate_setup() -> None:
    r = ask("I pay $2/hr for an H100: cost per million tokens for llama 3.1 70b at 10 requests "
            "per second")
    quantity, value, _ = asked(r)
    gpus, weights, _ = _setup_gpus("cost per million tokens for llama 3.1 70b at 10 requests "
                                   "per second on H100s")
    assert quantity == "per_million_output_tokens_usd", r.answer
    # the rate's output: 10 requests/s x 512 tokens; the setup's GPUs at $2.00/h each
    assert value == pytest.approx(2.0 * gpus / (10 * 512 * 3600) * 1e6, rel=1e-3), r.answer
    assert f"on {gpus} × NVIDIA H100 SXM5 80GB" in first_sentence(r), r.answer
    assert f"at {weights}" in first_sentence(r) and "at your price of $2.00/h" in r.answer
    assert "436 tokens/s" not in r.answer, r.answer


def test_month_at_own_price_is_the_rate_setup() -> None:
    r = ask("I pay $2/hr for an H100: what does it cost per month to serve llama 3.1 70b at 10 "
            "requests per second?")
    gpus, _, _ = _setup_gpus("cost per million tokens for llama 3.1 70b at 10 requests per "
                             "second on H100s")
    assert asked(r)[:2] == ("per_month_usd", pytest.approx(2.0 * gpus * 720)), r.answer


def test_per_million_at_own_price_ro() -> None:
    r = ask("Plătesc 2 $/oră pentru un H100: cât costă un milion de tokeni cu llama 3.1 70b la "
            "10 cereri pe secundă?")
    assert asked(r)[0] == "per_million_output_tokens_usd", r.answer
    lead = r.answer.split(" Pentru comparație")[0]
    assert "la prețul dumneavoastră de 2,00\u00a0USD/oră" in lead, r.answer
    assert "pe 16 × NVIDIA H100" in lead, r.answer


def test_no_rate_keeps_the_full_load_price() -> None:
    r = ask("I pay $2/hr for an H100: cost per million tokens for llama 3.1 70b")
    assert "on 1 × NVIDIA H100 SXM5 80GB at your price of $2.00/h" in first_sentence(r), r.answer
