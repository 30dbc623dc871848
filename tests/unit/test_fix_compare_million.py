"""A comparison of GPUs per million tokens names, for each GPU, the setup the single-GPU
answer gives for it: the cheaper of its lead (the hour's setup) and the setup it says is
cheaper per token. It compared 4 x H100 at bf16 ($1.42) while "what does 70B cost per million
tokens on an H100" said $0.83 at 1 x H100 awq-int4 and $0.76 at 2 x H100 int8."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head

_CHEAPER = re.compile(r"is cheaper: \$([\d,.]+) per 1M output tokens")


def _single_best(model: str, gpu: str) -> float:
    r = ask(f"What does {model} cost per million tokens on an {gpu}?")
    quantity, lead, unit = asked(r)
    assert (quantity, unit) == ("per_million_output_tokens_usd", "USD"), r.answer
    cheaper = _CHEAPER.search(head(r))
    return min(lead, float(cheaper.group(1).replace(",", ""))) if cheaper else lead


@pytest.mark.parametrize(("model", "gpus"), [
    ("Llama 3.1 70B", ("H100", "A100")),
    ("Llama 3.1 8B", ("L4", "L40S")),
])
def test_each_row_is_the_single_answers_cheapest(model: str, gpus: tuple[str, str]) -> None:
    r = ask(f"Compare the cost per million tokens of {model} on {gpus[0]} vs {gpus[1]}")
    text = head(r)
    singles = [_single_best(model, g) for g in gpus]
    for g, best in zip(gpus, singles, strict=True):
        assert f"about ${best:,.2f} (" in text, (g, best, text)
    quantity, value, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd"
    assert f"{value:.2f}" == f"{min(singles):.2f}", text


def test_rows_at_other_precisions_say_theirs_and_the_models_own() -> None:
    text = head(ask("Compare the cost per million tokens of Llama 3.1 70B on H100 vs A100"))
    assert "Meta Llama 3.1 70B at bf16 at full load" not in text, text
    assert "the model's own are bf16" in text and " at int8 about $" in text, text


def test_a_precision_stated_compares_at_it() -> None:
    text = head(ask("Compare the cost per million tokens of Llama 3.1 70B at fp8 on H100 vs "
                    "H200"))
    assert text.startswith("Per 1M output tokens, Meta Llama 3.1 70B at fp8 at full load"), text
    assert " at int8" not in text and " at awq-int4" not in text, text
