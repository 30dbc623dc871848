"""/v1/ask read the asker's OWN price of a GPU-hour as a budget cap and priced the answer at the
catalog's price, silently (buyer audit ownprice):

- "I pay $2/hr for an H100, what's my cost per 1M tokens on llama 3.1 8b?" said $0.14 (the
  catalog's $1.29/h); at $2/h it is 2 / (2,578 tokens/s x 3,600) x 1e6 = $0.22;
- "our H100 costs us $3/h, how much to LoRA fine-tune llama 3.1 8b on 500M tokens?" said $9.04
  ($1.00/h spot); at $3/h it is 8.7 h x $3 = $26;
- "if an A100 costs 1.5 per hr, how much is a LoRA on llama 3.1 8b over 200M tokens?" said
  $8.64 ($0.72/h); at $1.50/h it is 11 h x $1.50 = $16.50;
- the same in Romanian ("plătesc 2 $/oră pentru un H100", "H100-ul nostru costă 3 $/h").

An hourly amount said as what the asker pays or what their GPU costs them is now the GPU's
price (``Stated.own_price_usd_per_hour``; a machine's when said of a node), said in the answer
("at your price of $2.00/h per GPU") with the catalog's cheapest price beside it; a budget
("under $2/h", "max $2/hr", "sub 2 $/oră") stays a cap.
"""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract, own_price
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head, machine_price

_OWN = [
    ("I pay $2/hr for an H100, what's my cost per 1M tokens on llama 3.1 8b?", 2.0, False),
    ("our H100 costs us $3/h, how much to LoRA fine-tune llama 3.1 8b on 500M tokens?", 3.0,
     False),
    ("if an A100 costs 1.5 per hr, how much is a LoRA on llama 3.1 8b over 200M tokens?", 1.5,
     False),
    ("cost per 1M tokens of llama 3.1 8b on H100 at $2/h per GPU?", 2.0, False),
    ("we pay $20/h for the 8x H100 node, cost per 1M tokens of llama 3.1 70b?", 20.0, True),
    ("our 8x H100 node costs us $20/h, what's the monthly cost of llama 3.1 70b?", 20.0, True),
    ("plătesc 2 $/oră pentru un H100, cât mă costă 1M de tokeni cu llama 3.1 8b?", 2.0, False),
    ("H100-ul nostru costă 3 $/h, cât costă un LoRA pe llama 3.1 8b pe 500M de tokeni?", 3.0,
     False),
    ("dacă un A100 costă 1,5 pe oră, cât costă un LoRA pe llama 3.1 8b?", 1.5, False),
    ("ne costă 20 $/oră nodul de 8x H100, cât costă 1M de tokeni cu llama 3.1 70b?", 20.0, True),
]

_BUDGET = [
    "what's the cost per 1M tokens of llama 3.1 8b on an H100 under $2/h?",
    "budget of $2/h, which GPU for llama 3.1 8b?",
    "max $2/hr, llama 3.1 8b cost per 1M tokens",
    "I can pay at most $2/h, which GPU for llama 3.1 8b?",
    "sub 2 $/oră, cât costă 1M de tokeni cu llama 3.1 8b pe H100?",
    "vreau să plătesc maxim 2 $/oră pentru llama 3.1 8b",
    "which GPU costs $2/h?",
    "H100s at $2/h per GPU or less for llama 3.1 8b?",
    "I pay $2/h max for an H100, cost per 1M tokens of llama 3.1 8b?",
]


@pytest.mark.parametrize(("question", "price", "machine"), _OWN)
def test_own_price_read_not_a_budget(question: str, price: float, machine: bool) -> None:
    reg = catalog().registry
    assert own_price(question) == (price, machine)
    st = stated(question, reg)
    assert (st.own_price_usd_per_hour, st.own_price_per_machine) == (price, machine)
    assert extract(question, reg).budget_usd_per_hour is None


@pytest.mark.parametrize("question", _BUDGET)
def test_budget_stays_a_cap(question: str) -> None:
    reg = catalog().registry
    assert own_price(question) is None
    assert stated(question, reg).own_price_usd_per_hour is None
    assert extract(question, reg).budget_usd_per_hour == 2.0


def _million_catalog() -> float:
    r = ask("what's the cost per 1M tokens on llama 3.1 8b on an H100?")
    quantity, value, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd", r.answer
    return value


@pytest.mark.parametrize(("question", "said"), [
    ("I pay $2/hr for an H100, what's my cost per 1M tokens on llama 3.1 8b?",
     "at your price of $2.00/h per GPU"),
    ("plătesc 2 $/oră pentru un H100, cât mă costă 1M de tokeni cu llama 3.1 8b?",
     "la prețul dumneavoastră de 2,00 USD/oră pe GPU"),
])
def test_million_tokens_at_own_price(question: str, said: str) -> None:
    r = ask(question)
    quantity, value, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd", r.answer
    # the same setup and full load as the catalog's answer, at $2/h instead of its price
    # (was $0.14 at $1.29/h; 2 / (2,578 x 3,600) x 1e6 = $0.215)
    assert value == pytest.approx(_million_catalog() * 2.0 / machine_price("h100-sxm"),
                                  rel=1e-6)
    assert value == pytest.approx(0.215, abs=0.01)
    text = first_sentence(r).replace("\xa0", " ")
    assert said in text, r.answer
    assert "hyperbolic" not in text, r.answer  # the catalog's price only after it, as such
    assert r.extracted.budget_usd_per_hour is None


@pytest.mark.parametrize(("question", "said"), [
    ("our H100 costs us $3/h, how much to LoRA fine-tune llama 3.1 8b on 500M tokens?",
     "at your price of $3.00/h per GPU"),
    ("H100-ul nostru costă 3 $/h, cât costă un LoRA pe llama 3.1 8b pe 500M de tokeni?",
     "la prețul dumneavoastră de 3,00 USD/oră pe GPU"),
])
def test_finetune_at_own_price(question: str, said: str) -> None:
    r = ask(question)
    quantity, value, _ = asked(r)
    assert quantity == "per_training_run_usd", r.answer
    assert value == pytest.approx(26.0, rel=0.05), r.answer  # 8.7 h x $3 (was $9.04 spot)
    assert said in head(r).replace("\xa0", " "), r.answer
    # the GPU time at the price stated: twice the price, twice the cost
    double = ask(question.replace("3 $/h", "6 $/h").replace("$3/h", "$6/h"))
    assert asked(double)[1] == pytest.approx(2 * value, rel=1e-9), double.answer


def test_bare_number_price_of_a_card() -> None:
    r = ask("if an A100 costs 1.5 per hr, how much is a LoRA on llama 3.1 8b over 200M tokens?")
    quantity, value, _ = asked(r)
    assert quantity == "per_training_run_usd", r.answer
    assert value == pytest.approx(16.5, rel=0.05), r.answer  # 11 h x $1.50 (was $8.64)
    assert "at your price of $1.50/h per GPU" in head(r), r.answer


def test_machine_price_is_the_machines() -> None:
    r = ask("our 8x H100 node costs us $20/h, what's the monthly cost of llama 3.1 70b?")
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd", r.answer
    assert value == pytest.approx(20.0 * 720), r.answer  # the machine's $20/h, 24 h x 30 days
    assert "at your price of $20.00/h for the machine of 8 GPUs" in head(r), r.answer


def test_own_price_with_no_gpu_is_said_unused() -> None:
    r = ask("I pay $2/h per GPU, what's the cost per 1M tokens of llama 3.1 8b?")
    assert r.extracted.budget_usd_per_hour is None
    assert "Your price of $2.00/h is not used" in head(r), r.answer


def test_budget_answer_has_no_own_price() -> None:
    r = ask("what's the cost per 1M tokens of llama 3.1 8b on an H100 under $2/h?")
    quantity, value, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd", r.answer
    assert value == pytest.approx(_million_catalog(), rel=1e-9)
    assert "your price" not in r.answer.lower(), r.answer
