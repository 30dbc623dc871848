"""Round 11's epochs and batch-in-tokens readings, mended (audit regress12 #4, #5, #7, #11):

1. "How many epochs over 50M tokens can I do for $100?" divided the budget by one epoch's
   cost billed in whole hours (163 epochs, 417 h on 4 x V100 spot): the epochs are the most n
   whose n-epoch run, one job on the recommendations' cheapest setup for it (billed once, with
   spot's restarts), fits the budget; the setup is said.
2. A plain "batch of 50M tokens" is the dataset, not an optimizer step's batch: the asked cost
   or time is answered. A batch in tokens needs "global batch", "batch size of N tokens",
   "tokens per batch / step" or "batch global".
3. "number of epochs 3" states the epochs (the cost of 3 epochs, $1.64), and "how many epochs
   should I" is guidance: neither asks the epochs a budget buys.
4. "1 full epochs", "1 epochs run": the singular for one."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import details, stated
from tests.unit.ask_fixtures import ask, asked, catalog, head

_Q100 = "How many epochs over 50M tokens can I do for $100 fine-tuning Llama 3.1 8B with LoRA?"
_Q100_RO = "Câte epoci pot face cu 100 de dolari pe 50M de tokeni, LoRA pe Llama 3.1 8B?"


def _job_usd(epochs: int) -> float:
    """The cost the cost answer gives for ``epochs`` passes over the 50M tokens (one job)."""
    r = ask(f"Fine-tune Llama 3.1 8B with LoRA on 50M tokens for {epochs} epochs: "
            "what does it cost?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), r.answer
    return value


# -- 1. the epochs a budget buys: the whole run, on its cheapest setup ------------------------

@pytest.mark.parametrize("q, lang", [(_Q100, "en"), (_Q100_RO, "ro")])
def test_epochs_are_the_most_whose_whole_run_fits(q: str, lang: str) -> None:
    r = ask(q)
    quantity, n, unit = asked(r)
    assert (quantity, unit) == ("epochs", "epochs"), r.answer
    n = int(n)
    # 163 was $100 / $0.61 (one epoch billed 3 h); 191 fit on the same 4 x V100 when billed
    # once; the cheapest setup for the whole run buys more (the audit: about 270)
    assert n > 191, r.answer
    assert _job_usd(n) <= 100.0 < _job_usd(n + 1), n
    text = head(r).replace("\xa0", " ")
    assert "417 hours" not in text and "417 de ore" not in text, text
    run_usd = re.search(r"cost about \$([\d.,]+) on|costă aproximativ ([\d.,]+) USD pe", text)
    assert run_usd is not None, text
    usd = float(run_usd.group(1).replace(",", "") if run_usd.group(1)
                else run_usd.group(2).replace(".", "").replace(",", "."))
    assert abs(usd - _job_usd(n)) < 0.01 and usd <= 100.0, (usd, text)
    if lang == "en":
        assert text.startswith(f"$100.00 buys about {n:,} full epochs"), text
        assert "cheapest setup for the whole run" in text, text
        assert f"{n * 50_000_000:,} tokens" in text, text
    else:
        assert text.startswith(f"Cu 100,00 USD faceți aproximativ {n} de epoci"), text
        assert "cea mai ieftină configurație pentru toată rularea" in text, text


def test_on_demand_epochs_beside_are_the_whole_run_too() -> None:
    text = head(ask(_Q100)).replace("\xa0", " ")
    m = re.search(r"On demand \$100\.00 buys about ([\d,]+) full epochs", text)
    assert m is not None, text
    n = int(m.group(1).replace(",", ""))
    assert n > 81, text  # 81 was $100 / one epoch's $1.23 billed in whole hours


# -- 4. one epoch, in the singular --------------------------------------------------------------

def test_one_epoch_is_singular() -> None:
    # one epoch, $0.61 on 4 x V100 spot, fits $0.80; two, $0.95 at best on 1 x B200, do not
    r = ask("How many epochs over 50M tokens can I do for $0.80 fine-tuning Llama 3.1 8B with "
            "LoRA?")
    assert asked(r)[:2] == ("epochs", 1), r.answer
    text = head(r).replace("\xa0", " ")
    assert text.startswith("$0.80 buys about 1 full epoch of"), text
    assert "1 full epochs" not in text and "1 epochs" not in text, text
    assert _job_usd(2) > 0.80, text


def test_one_epoch_is_singular_in_romanian() -> None:
    r = ask("Câte epoci pot face cu un buget de 0,80 USD pe 50M de tokeni, LoRA pe Llama 3.1 8B?")
    assert asked(r)[:2] == ("epochs", 1), r.answer
    text = head(r).replace("\xa0", " ")
    assert text.startswith("Cu 0,80 USD faceți aproximativ o epocă completă"), text
    assert "1 de epoci" not in text, text


# -- 2. a plain batch of tokens is the dataset ------------------------------------------------

_DATASET_BATCH = [
    ("Fine-tune Llama 3.1 8B with LoRA on a batch of 50M tokens of support chats: cost?",
     50_000_000),
    ("Fine-tune Llama 3.1 8B with LoRA on our latest batch of 20M tokens: how long on an H100?",
     20_000_000),
    ("LoRA fine-tune Llama 3.1 8B on 50M tokens batch size 16 on 1 H100: how long?", 50_000_000),
    ("Fine-tuning LoRA la Llama 3.1 8B pe un batch de 20M de tokeni: cât costă?", 20_000_000),
]


@pytest.mark.parametrize("q, tokens", _DATASET_BATCH)
def test_a_plain_batch_of_tokens_is_the_dataset(q: str, tokens: int) -> None:
    c = catalog()
    assert details(q, c.registry, list(c.providers_by_id)).tokens == tokens
    assert stated(q, c.registry).global_batch_tokens is None


@pytest.mark.parametrize("q, quantity", [
    (_DATASET_BATCH[0][0], "per_job_usd"), (_DATASET_BATCH[1][0], "training_hours"),
    (_DATASET_BATCH[2][0], "training_hours"), (_DATASET_BATCH[3][0], "per_job_usd")])
def test_a_plain_batch_of_tokens_is_priced_or_timed(q: str, quantity: str) -> None:
    r = ask(q)
    assert asked(r)[0] == quantity, r.answer
    assert "global batch of" not in r.answer and "batch global de" not in r.answer, r.answer


@pytest.mark.parametrize("q, batch", [
    ("Pretrain Llama 3.1 8B on 10B tokens with a global batch of 4M tokens on 64 H100s: "
     "how long?", 4_000_000),
    ("Pretrain Llama 3.1 8B on 10B tokens with a batch size of 4M tokens on 64 H100s: "
     "how long?", 4_000_000),
    ("Pretrain Llama 3.1 8B on 10B tokens, 4M tokens per step, on 64 H100s: how long?",
     4_000_000),
    ("Pre-antrenare Llama 3.1 8B pe 10B de tokeni cu batch global de 4M de tokeni pe 64 H100: "
     "cât durează?", 4_000_000),
])
def test_a_global_batch_in_tokens_is_still_a_batch(q: str, batch: int) -> None:
    c = catalog()
    assert stated(q, c.registry).global_batch_tokens == batch
    assert details(q, c.registry, list(c.providers_by_id)).tokens == 10_000_000_000


# -- 3. a stated epoch count, or guidance asked, is no "epochs the budget buys" ----------------

@pytest.mark.parametrize("q", [
    "Fine-tune Llama 3.1 8B with LoRA on 50M tokens, number of epochs 3, budget $100: "
    "what does it cost?",
    "Fine-tuning LoRA la Llama 3.1 8B pe 50M de tokeni, numărul de epoci 3, buget 100 de "
    "dolari: cât costă?",
])
def test_number_of_epochs_stated_is_the_job(q: str) -> None:
    c = catalog()
    st = stated(q, c.registry)
    assert st.epochs == 3 and not st.epochs_asked
    r = ask(q)
    assert asked(r)[0] == "per_job_usd", r.answer
    assert asked(r)[1] == pytest.approx(_job_usd(3)), r.answer
    assert round(asked(r)[1], 2) == 1.64, r.answer  # 150M tokens on 4 x V100 spot


def test_how_many_epochs_should_i_is_guidance() -> None:
    q = "How many epochs should I fine-tune Llama 3.1 8B with LoRA on 50M tokens? Budget $100."
    assert not stated(q, catalog().registry).epochs_asked
    r = ask(q)
    assert asked(r)[0] != "epochs", r.answer
    assert "buys about" not in head(r), r.answer


@pytest.mark.parametrize("q", [
    _Q100, _Q100_RO,
    "With a $100 budget, what number of epochs over 50M tokens can I afford for LoRA on "
    "Llama 3.1 8B?",
    "How many full epochs does $100 buy, LoRA on Llama 3.1 8B over 50M tokens?",
])
def test_epochs_a_budget_buys_still_asked(q: str) -> None:
    assert stated(q, catalog().registry).epochs_asked
