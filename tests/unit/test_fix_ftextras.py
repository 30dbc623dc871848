"""A sized training run with both a stated storage volume and a stated egress is the run's
cost (audit ftextras).

"LoRA fine-tune Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 2 TB storage and 1 TB
egress" was read as storage_egress and answered as a month: "About $20,003/month in all for
8 x NVIDIA A100 SXM4 80GB (the whole machine, 7 GPUs idle) running 24 h/day". The same run
with only its egress, or only its storage, was already the run's cost (fix/jobextras,
fix/jobstorage). Now it is the fine-tune's cost, its storage priced for the run's hours and
its egress once at the provider's tiers, in one sum (compute + storage + egress = total).

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import classify
from tests.unit.ask_fixtures import ask

_EN = ("LoRA fine-tune Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 2 TB storage and "
       "1 TB egress")
_RO = ("Fine-tunare LoRA Llama 3.1 8B pe 50M de tokeni pe un A100 80GB la AWS cu 2 TB de "
       "stocare și 1 TB de egress")


@pytest.mark.parametrize("question", [
    _EN, _RO,
    "LoRA fine-tune Llama 3.1 8B on 50M tokens with 2 TB storage and 1 TB egress",
    "Cost of a LoRA fine-tune of Llama 3.1 8B on 50M tokens, with 2 TB storage and 1 TB egress?",
    "Fine-tunare LoRA Llama 3.1 8B pe 50M de tokeni cu 2 TB de stocare și 1 TB de egress",
])
def test_a_sized_run_with_storage_and_egress_is_the_runs_cost(question: str) -> None:
    # was ("storage_egress", "egress"): a month at 24 h/day
    gpus = 1 if "A100" in question else 0
    assert classify(question, "llm", gpus, True, None) == ("finetune", "cost")


def _usd(pattern: str, text: str, ro: bool = False) -> float:
    m = re.search(pattern, text)
    assert m is not None, text
    s = m.group(1)
    return float(s.replace(".", "").replace(",", ".") if ro else s.replace(",", ""))


def test_the_run_on_a_named_gpu_sums_compute_storage_and_egress() -> None:
    r = ask(_EN)
    assert r.intent == "finetune"
    assert "/month" not in r.answer and "idle" not in r.answer, r.answer
    compute = _usd(r"about \$([\d,.]+) at \$27\.45/h", r.answer)
    storage = _usd(r"plus \$([\d,.]+) storage for 2,000 GB", r.answer)
    # AWS: 1,000 GB out once at its tiers (first 100 GB free, then $0.09/GB) = $81.00
    egress = _usd(r"and \$([\d,.]+) egress for sending the 1,000 GB out once", r.answer)
    total = _usd(r"about \$([\d,.]+) in all", r.answer)
    assert egress == pytest.approx(81.0)
    assert storage > 0
    assert compute + storage + egress == pytest.approx(total, abs=0.02)
    assert total < 1000  # the run, not a month of the 8-GPU machine ($20,003)


def test_romanian_run_on_a_named_gpu_is_the_runs_cost() -> None:
    r = ask(_RO)
    assert r.intent == "finetune"
    assert "/lună" not in r.answer and "inactive" not in r.answer, r.answer
    egress = _usd(r"și ([\d.,]+)\s*USD trafic de ieșire", r.answer, ro=True)
    total = _usd(r"aproximativ ([\d.,]+)\s*USD în total", r.answer, ro=True)
    assert egress == pytest.approx(81.0)
    assert total < 1000


def test_the_run_without_a_gpu_named_is_the_jobs_cost_with_its_storage() -> None:
    r = ask("LoRA fine-tune Llama 3.1 8B on 50M tokens with 2 TB storage and 1 TB egress")
    assert r.intent == "finetune"
    assert "/month" not in r.answer and "24 h/day" not in r.answer, r.answer
    assert "2,000 GB" in r.answer and "1,000 GB" in r.answer, r.answer
