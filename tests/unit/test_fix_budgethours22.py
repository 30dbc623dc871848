"""A fine-tuning budget's hours asked (audit budgethours): "I have a $2000 budget, how long can
I fine-tune Llama 3.1 70B with QLoRA?", "how many hours of QLoRA fine-tuning can I buy with
$2000?", "cât timp pot face fine-tuning ... cu 2000 $" gave the cheapest setup by the hour
and "the run costs that times its hours, which the question does not give", while "how many
tokens can I fine-tune for $2000" computed those hours (517 h on 3 x H100). The hours now
lead (budget / the setup's price per hour), the training tokens they run beside them; the
tokens question is unchanged, and a serving budget's hours stay budget / hourly price."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def _ro(s: str) -> float:
    return float(s.replace(".", "").replace(",", "."))


_EN_LEAD = re.compile(r"^About ([\d,.]+) hours \([\d.]+ days\) of QLoRA fine-tuning of Meta "
                      r"Llama 3\.1 70B on-demand on (\d+ × [^(]+?) at (\w+) "
                      r"\(\$([\d.,]+)/h for the setup\) "
                      r"with \$2,000, enough for about ([\d,]+) training tokens at ([\d,]+) "
                      r"tokens/s")


def _tokens_on_demand() -> tuple[str, str]:
    """The on-demand tokens and setup the "how many tokens" question gives for $2,000."""
    text = head(ask("how many tokens can I QLoRA fine-tune llama 3.1 70b on for $2000?"))
    m = re.search(r"On demand \$2,000 trains about ([\d,]+) tokens: about [\d,.]+ hours "
                  r"\([\d.]+ days\) on (\d+ × [^(]+?) at \w+ \(", text)
    assert m is not None, text
    return m.group(1), m.group(2)


@pytest.mark.parametrize("question", [
    "I have a $2000 budget, how long can I fine-tune llama 3.1 70b with qlora?",
    "With $2000, how many hours of QLoRA fine-tuning of llama 3.1 70b can I buy?",
    "how many hours can I fine-tune llama 3.1 70b with qlora for $2000?",
])
def test_finetune_budget_hours_lead(question: str) -> None:
    r = ask(question)
    text = first_sentence(r)
    assert "does not give" not in head(r)  # was: "... which the question does not give"
    m = _EN_LEAD.search(text)
    assert m is not None, text
    hours, price = _num(m.group(1)), _num(m.group(4))
    assert abs(hours - 2000 / price) <= 1  # hours = budget / price per hour
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h")
    assert abs(value - 2000 / price) < 0.01 * value
    # the tokens those hours train: hours x 3,600 x tokens/s, as the tokens question says
    tokens = _num(m.group(5))
    assert abs(tokens - hours * 3600 * _num(m.group(6))) / tokens < 0.01
    od_tokens, od_setup = _tokens_on_demand()
    assert m.group(5) == od_tokens and m.group(2) == od_setup


@pytest.mark.parametrize("question", [
    "Am un buget de 2000 $, cât timp pot face fine-tuning QLoRA la llama 3.1 70b?",
    "Cu 2000 $, câte ore de fine-tuning QLoRA la llama 3.1 70b pot cumpăra?",
])
def test_finetune_budget_hours_lead_ro(question: str) -> None:
    r = ask(question)
    text = first_sentence(r).replace("\xa0", " ")
    assert "nu le dă" not in head(r)  # was: "... pe care întrebarea nu le dă"
    m = re.search(r"^Aproximativ ([\d.,]+) (?:de )?ore \([\d,]+ (?:de )?zile\) de fine-tuning "
                  r"QLoRA pentru Meta Llama 3\.1 70B la cerere pe \d+ × [^(]+? la \w+ "
                  r"\(([\d,]+) USD/oră pentru tot setup-ul\) cu 2\.000 USD, "
                  r"suficient pentru aproximativ "
                  r"[\d.]+ de tokeni de antrenare", text)
    assert m is not None, text
    assert abs(_ro(m.group(1)) - 2000 / _ro(m.group(2))) <= 1
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h")
    assert abs(value - 2000 / _ro(m.group(2))) < 0.01 * value


def test_finetune_budget_tokens_still_lead_with_tokens() -> None:
    # the tokens asked: the tokens lead as before (the hours beside them)
    r = ask("how many tokens can I QLoRA fine-tune llama 3.1 70b on for $2000?")
    assert first_sentence(r).startswith("A budget of $2,000 trains about ")
    assert asked(r)[0] == "training_tokens"


def test_serving_budget_hours() -> None:
    # serving: the hours are the budget / the setup's hourly price (unchanged)
    r = ask("$500, how many hours can I run llama 3.1 8b on an H100?")
    m = re.search(r"runs for about ([\d,.]+) hours at \$([\d.]+)/h \(on-demand\)",
                  first_sentence(r))
    assert m is not None, head(r)
    assert abs(_num(m.group(1)) - 500 / _num(m.group(2))) <= 1
    assert asked(r)[2] == "h"
