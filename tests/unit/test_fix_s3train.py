"""Training questions answered wrong in /v1/ask, fixed (audit s3train):

1. "How many epochs over 50M tokens can I do for $100 ...?" answered one epoch's cost ($0.61)
   and "within your budget": the epochs the budget buys lead, the most whose whole run fits
   the budget on its cheapest setup (spot, on demand beside; regress12 #4 replaced
   floor(budget / one epoch's cost)), an epoch said to be one pass over the tokens stated.
2. "LoRA rank 16 on q and v only ...: how big is the checkpoint?" counted all seven
   projections (42M parameters): the projections stated are counted, each r x (d_in +
   d_out) with the model's own widths (8B at rank 16 on q and v: 32 x 16 x ((4096 + 4096) +
   (4096 + 1024)) = 6,815,744), and a training answer sizes LoRA on them
   (``finetune.target_modules``, which /v1/sizing already takes).
3. "... a global batch of 4M tokens at 2048 sequence length on 8 H100s: how long for 10B
   tokens?" answered "For 4,000,000 training tokens": a global batch in tokens is the batch
   of one step (tokens / sequence length sequences), never the run's tokens (10B)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import details, finetune_options, stated
from service.domain.answer.understand import extract, training_setup
from service.domain.sizing.memory import lora_params
from tests.unit.ask_fixtures import ask, asked, catalog, head

# -- 1. the epochs a budget buys --------------------------------------------------------------

_EPOCH_QS = [
    ("How many epochs over 50M tokens can I do for $100 fine-tuning Llama 3.1 8B with LoRA?",
     "en"),
    ("Câte epoci pot face cu 100 de dolari pe 50M de tokeni, LoRA pe Llama 3.1 8B?", "ro"),
    ("How many epochs over 20M tokens can I do for $100 fine-tuning Mistral 7B with QLoRA?",
     "en"),
]


def _run_usd(text: str) -> float:
    """The whole run's cost as the answer says it ("the 267 epochs, ... cost about $98.66 on",
    "costă aproximativ 98,66 USD pe"; regress12 #4: it was one epoch's cost, the epochs the
    budget over it)."""
    m = re.search(r"cost about \$([\d.,]+) on|costă aproximativ ([\d.,]+) USD pe", text)
    assert m is not None, text
    return float(m.group(1).replace(",", "") if m.group(1)
                 else m.group(2).replace(".", "").replace(",", "."))


@pytest.mark.parametrize("q, lang", _EPOCH_QS)
def test_epochs_the_budget_buys_lead(q: str, lang: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    text = head(r).replace("\xa0", " ")  # the money's no-break space
    run = _run_usd(text)
    assert (quantity, unit) == ("epochs", "epochs"), r.answer
    # the whole run of that many epochs fits the budget (test_fix_r13train checks one more
    # does not)
    assert run <= 100 and value > 1, (value, run)
    assert value == int(value)
    epochs = f"{int(value):,}" if lang == "en" else f"{int(value):,}".replace(",", ".")
    first = text.split(". ")[0]
    assert epochs in first, text
    if lang == "en":
        assert first.startswith(f"$100.00 buys about {epochs} full epochs"), text
        assert "one pass over the" in text and "within your total budget" not in text, text
        assert "On demand" in text and "epochs" in text.split("On demand")[1], text
    else:
        assert first.startswith(f"Cu 100,00 USD faceți aproximativ {epochs} de epoci"), text
        assert "o trecere completă prin" in text, text
        assert "se încadrează în buget" not in text, text


def test_epochs_of_the_llama_8b_lora_question() -> None:
    r = ask(_EPOCH_QS[0][0])
    assert "50,000,000 tokens" in head(r)
    # 267 epochs run as one job: $98.66 on 4 x B200 spot, the cheapest setup for the whole
    # run (it was $100 / $0.61, one epoch billed 3 h on 4 x V100 spot: 163; regress12 #4)
    assert asked(r)[1] == 267, r.answer


def test_a_cost_question_with_a_budget_stays_a_cost() -> None:
    r = ask("How much does LoRA fine-tuning Llama 3.1 8B on 50M tokens cost? Budget $100.")
    assert asked(r)[0] == "per_job_usd", r.answer
    assert "within your total budget of $100.00" in head(r)


# -- 2. LoRA on the projections stated -------------------------------------------------------

@pytest.mark.parametrize("q, targets", [
    ("LoRA rank 16 on q and v only for Llama 3.1 8B: how big is the checkpoint?",
     ("q_proj", "v_proj")),
    ("LoRA rank 16 on q,k,v,o for Llama 3.1 8B", ("q_proj", "k_proj", "v_proj", "o_proj")),
    ("LoRA on q_proj and v_proj", ("q_proj", "v_proj")),
    ("LoRA rank 16 attention only for Llama 3.1 8B", ("q_proj", "k_proj", "v_proj", "o_proj")),
    ("Cât de mare e checkpoint-ul LoRA rang 16 doar pe q și v pentru Llama 3.1 8B?",
     ("q_proj", "v_proj")),
    ("LoRA pe toate proiecțiile de atenție pentru Llama 3.1 8B",
     ("q_proj", "k_proj", "v_proj", "o_proj")),
    ("LoRA rank 16 for Llama 3.1 8B: how big is the checkpoint?", None),
    ("scale up and down the LoRA fine-tune of Llama 3.1 8B", None),
    ("Q and A bot fine-tuned with LoRA on Llama 3.1 8B", None),
])
def test_target_modules_read(q: str, targets: tuple[str, ...] | None) -> None:
    assert training_setup(q).target_modules == targets


def test_q_v_params_are_the_models_own_widths() -> None:
    arch = catalog().registry.models["llama-3.1-8b"].architecture
    assert arch is not None
    assert lora_params(arch, 16, ["q_proj", "v_proj"]) == 32 * 16 * ((4096 + 4096)
                                                                     + (4096 + 1024))


@pytest.mark.parametrize("q, params, gb", [
    ("LoRA rank 16 on q and v only for Llama 3.1 8B: how big is the checkpoint?", "6.8", 17),
    ("LoRA rank 16 on q,k,v,o for Llama 3.1 8B: how big is the checkpoint?", "14", 17),
    ("LoRA rank 16 attention only for Llama 3.1 8B: how big is the checkpoint?", "14", 17),
    ("Cât de mare e checkpoint-ul LoRA rang 16 doar pe q și v pentru Llama 3.1 8B?", "6,8",
     17),
    ("LoRA rank 16 for Llama 3.1 8B: how big is the checkpoint?", "42", 18),
])
def test_lora_checkpoint_counts_the_projections_stated(q: str, params: str, gb: int) -> None:
    r = ask(q)
    assert asked(r) == ("storage_gb", gb, "GB"), r.answer
    text = head(r)
    assert re.search(rf"\({params} (?:de )?(?:million|milioane)", text), text
    if params != "42":  # 13.6M on q, k, v, o: "14 million"
        assert "seven" not in text and "șapte" not in text, text
        assert "q_proj" in text and "v_proj" in text, text
        assert "0.0 GB" not in text and "0,0 GB" not in text, text


def test_training_answer_sizes_lora_on_the_projections_stated() -> None:
    c = catalog()
    q = "LoRA rank 16 on q and v only for Llama 3.1 8B on one A100: how much memory?"
    opts = finetune_options("lora", extract(q, c.registry), stated(q, c.registry))
    assert opts["target_modules"] == ["q_proj", "v_proj"]
    assert "target_modules" not in finetune_options(
        "full", extract(q, c.registry), stated(q, c.registry))
    r = ask(q)
    assert "q_proj" in r.answer, r.answer


# -- 3. a global batch in tokens is no run's tokens ------------------------------------------

_BATCH_QS = [
    "Pretraining a 1B model with a global batch of 4M tokens at 2048 sequence length on 8 "
    "H100s: how long for 10B tokens?",
    "Pre-antrenare model 1B cu batch global de 4M de tokeni la lungime de secvență 2048 pe 8 "
    "H100: cât durează 10B de tokeni?",
]


@pytest.mark.parametrize("q", _BATCH_QS)
def test_global_batch_tokens_are_not_the_runs_tokens(q: str) -> None:
    c = catalog()
    assert details(q, c.registry, list(c.providers_by_id)).tokens == 10_000_000_000
    assert stated(q, c.registry).global_batch_tokens == 4_000_000


@pytest.mark.parametrize("q, lang", [(_BATCH_QS[0], "en"), (_BATCH_QS[1], "ro")])
def test_global_batch_run_is_timed_on_the_runs_tokens(q: str, lang: str) -> None:
    r = ask(q)
    text = head(r)
    assert "4,000,000 training tokens" not in text and "4.000.000 de tokeni de antrenare" \
        not in text, text
    if lang == "en":
        assert text.startswith("For 10,000,000,000 training tokens"), text
        assert "global batch of 4,000,000 tokens (1,953 sequences of 2,048 tokens)" in r.answer
    else:
        assert text.startswith("Pentru 10.000.000.000 de tokeni de antrenare"), text
        assert ("batch global de 4.000.000 de tokeni (1.953 de secvențe de 2.048 de tokeni)"
                in r.answer), r.answer
    quantity, hours, unit = asked(r)
    assert (quantity, unit) == ("training_hours", "h") and hours > 1, r.answer
