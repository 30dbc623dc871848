"""The answer's numbers JSON says what its text leads with (audit numbersjson22).

1. "2 TB storage plus 1 TB egress at AWS, what will it cost?" leads with $241.00: a month of
   storage plus the egress once, said so. numbers.asked named it
   storage_and_egress_usd_per_month, though the egress is one move, not a month's; now
   storage_month_plus_egress_usd. A month of both asked ("... 1 TB egress a month") keeps
   storage_and_egress_usd_per_month.
2. "LoRA 8B on 50M tokens on an A100 80GB at AWS, what will it cost?" leads with the run
   data-parallel on the 8 GPUs of the machine AWS bills whole (21 minutes, $9.44), but
   numbers.sizing was the one GPU's fit (replicas null). Now it is the lead's run: 8 replicas,
   as "on 8 × A100 80GB at AWS" records it; a count stated on a larger machine rented whole
   ("on 4 A100 80GB at AWS", the run on all 8 leads) likewise (was replicas 4). Where the one
   GPU's run leads (the machine's run dearer), numbers.sizing stays the one GPU's.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import pytest

from service.domain.answer.numbers import training
from tests.unit.ask_fixtures import ask, asked, first_sentence

_LORA = "LoRA 8B on 50M tokens on an A100 80GB at AWS, what will it cost?"
_LORA_RO = "Cât costă LoRA 8B pe 50M de tokeni pe un A100 80GB la AWS?"
_LORA_EIGHT = "LoRA 8B on 50M tokens on 8 A100 80GB at AWS, what will it cost?"


def test_storage_month_plus_egress_once_is_not_named_per_month() -> None:
    r = ask("2 TB storage plus 1 TB egress at AWS, what will it cost?")
    assert "$241.00 in all" in first_sentence(r), first_sentence(r)
    # was ("storage_and_egress_usd_per_month", 241.0, "USD")
    assert asked(r) == ("storage_month_plus_egress_usd", pytest.approx(241.0), "USD")


def test_romanian_storage_month_plus_egress_once_is_not_named_per_month() -> None:
    r = ask("Cât costă 2 TB stocare plus 1 TB egress la AWS?")
    assert "241,00 USD" in first_sentence(r).replace("\u00a0", " "), first_sentence(r)
    assert asked(r) == ("storage_month_plus_egress_usd", pytest.approx(241.0), "USD")


def test_a_month_of_both_keeps_its_per_month_name() -> None:
    r = ask("What does 2 TB storage plus 1 TB egress a month cost at AWS?")
    assert asked(r)[0] == "storage_and_egress_usd_per_month"


def _sizing_replicas(question: str) -> int | None:
    r = ask(question)
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    return r.numbers.sizing.replicas


@pytest.mark.parametrize("question", [_LORA, _LORA_RO])
def test_the_whole_machines_run_leading_is_the_sizing_recorded(question: str) -> None:
    r = ask(question)
    first = first_sentence(r).replace("\u00a0", " ")
    assert "8 × NVIDIA A100 SXM4 80GB" in first, first
    eight = ask(_LORA_EIGHT)
    assert r.numbers is not None and eight.numbers is not None
    # was replicas None: the one A100's fit beside "21 minutes, $9.44" on all 8
    assert r.numbers.sizing == eight.numbers.sizing
    assert r.numbers.sizing is not None and r.numbers.sizing.replicas == 8
    assert asked(r) == asked(eight)


def test_a_count_stated_on_a_machine_rented_whole_records_the_machines_run() -> None:
    # the run on all 8 of AWS's machine leads "on 4 A100 80GB": was replicas 4
    assert _sizing_replicas("LoRA 8B on 50M tokens on 4 A100 80GB at AWS, what will it "
                            "cost?") == 8


def test_the_one_gpu_leading_keeps_its_own_sizing(monkeypatch: pytest.MonkeyPatch) -> None:
    # the machine's run billed dearer: the one GPU asked leads, and is the sizing recorded
    real = training._run_bill

    def dearer(w, o, price, count, hours, weights, key="train_cost"):  # type: ignore[no-untyped-def]
        usd, text = real(w, o, price, count, hours, weights, key)
        return (usd * 100 if count > 1 else usd), text

    monkeypatch.setattr(training, "_run_bill", dearer)
    r = ask(_LORA)
    assert "2.8 hours" in first_sentence(r), first_sentence(r)
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.replicas is None
