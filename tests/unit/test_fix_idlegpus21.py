"""A fine-tune on one GPU at a provider that rents it only as a whole machine says the GPUs it
leaves idle and prices the same run on all the machine's GPUs (audit idlegpus21).

"LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS, what will it cost?" said
"about 2.8 hours at 5,050 tokens/s, about $75.49 at $27.45/h for the machine (aws, the whole
machine of 8 × NVIDIA A100 SXM4 80GB)": one GPU trained while 8 were billed, and nothing said
so. Now the same run data-parallel on all 8, sized as "on 8 × A100 80GB at AWS" is sized
(about 21 minutes, about $9.44), leads as it costs no more, and the one-GPU run follows with
its 7 idle GPUs. A one-GPU offer (an H100 at lambda) is unchanged.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.numbers import training
from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_EN = "LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS, what will it cost?"
_EIGHT = ("LoRA fine-tune of Llama 3.1 8B on 50M tokens on 8 × A100 80GB at AWS, what will it "
          "cost?")
_RO = "Cât costă un fine-tune LoRA pentru Llama 3.1 8B pe 50M de tokeni pe un A100 80GB la AWS?"


def _usd(pattern: str, text: str, ro: bool = False) -> float:
    m = re.search(pattern, text.replace("\u00a0", " "))
    assert m is not None, (pattern, text)
    s = m.group(1)
    return float(s.replace(".", "").replace(",", ".") if ro else s.replace(",", ""))


def test_the_run_on_the_whole_machine_leads_and_the_idle_gpus_are_said() -> None:
    r = ask(_EN)
    first = first_sentence(r).replace("\u00a0", " ")
    # was "about 2.8 hours at 5,050 tokens/s, about $75.49 at $27.45/h for the machine"
    assert "(aws, one machine of 8 × NVIDIA A100 SXM4 80GB)" in first, first
    assert "2.8 hours" not in first, first
    text = head(r).replace("\u00a0", " ")
    assert "with 7 of its 8 GPUs billed idle" in text, text
    assert "trains data-parallel on all 8" in text, text
    # the one GPU asked is still priced, after it, at the machine's price
    one = _usd(r"the same run takes about 2\.8 hours .*?: about \$([\d,.]+) in all", text)
    quantity, value, _ = asked(r)
    assert quantity == "per_training_run_usd"
    assert value < one / 4  # about $9.44 against about $75.50


def test_the_whole_machine_is_timed_as_the_same_count_stated() -> None:
    # sized as "on 8 × A100 80GB at AWS" is (data-parallel, the recommendations' headroom),
    # not a linear scaling of the one GPU's rate
    r, eight = ask(_EN), ask(_EIGHT)
    assert asked(r)[1] == pytest.approx(asked(eight)[1], rel=1e-9)
    tps = re.search(r"at ([\d,]+) tokens/s", first_sentence(r))
    tps8 = re.search(r"at ([\d,]+) tokens/s", first_sentence(eight))
    assert tps is not None and tps8 is not None
    assert tps.group(1) == tps8.group(1)


def test_a_time_asked_leads_with_the_faster_run_on_the_machine_paid_for() -> None:
    r = ask("How long to LoRA fine-tune Llama 3.1 8B on 50M tokens on an A100 80GB at AWS?")
    quantity, hours, _ = asked(r)
    assert quantity == "training_hours"
    assert hours < 1.0  # was 2.8 hours on the one GPU, the other 7 idle
    assert "7 of its 8 GPUs billed idle" in r.answer, r.answer


def test_romanian_says_the_idle_gpus_too() -> None:
    r = ask(_RO)
    text = head(r).replace("\u00a0", " ")
    assert "(aws, o mașină cu 8 × NVIDIA A100 SXM4 80GB)" in first_sentence(r), text
    assert "cu 7 din cele 8 GPU-uri ale mașinii plătite fără să lucreze" in text, text
    assert "antrenează în paralel pe date pe toate cele 8 GPU-uri" in text, text
    one = _usd(r"aceeași rulare durează aproximativ 2,8 ore .*?: aproximativ ([\d.,]+) USD "
               r"în total", text, ro=True)
    assert asked(r)[1] < one / 4


def test_a_one_gpu_offer_is_unchanged() -> None:
    r = ask("LoRA fine-tune of Llama 3.1 8B on 50M tokens on an H100 at lambda, what will it "
            "cost?")
    first = first_sentence(r)
    assert "/h per GPU (lambda)" in first, first
    assert "idle" not in r.answer and "data-parallel" not in r.answer, r.answer


def test_the_one_gpu_leads_where_the_whole_machine_would_cost_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # no catalog machine bills its whole run above the one GPU's: the machine's run billed
    # 100 times over, the run asked leads, the idle GPUs and the machine's run after it
    real = training._run_bill

    def dearer(w, o, price, count, hours, weights, key="train_cost"):  # type: ignore[no-untyped-def]
        usd, text = real(w, o, price, count, hours, weights, key)
        return (usd * 100 if count > 1 else usd), text

    monkeypatch.setattr(training, "_run_bill", dearer)
    r = ask(_EN)
    first = first_sentence(r).replace("\u00a0", " ")
    assert "about 2.8 hours at 5,050 tokens/s" in first, first
    text = head(r).replace("\u00a0", " ")
    assert ("aws rents the NVIDIA A100 SXM4 80GB only as a whole machine of 8: on one, as "
            "asked, 7 of its 8 GPUs are billed idle.") in text, text
    assert "On all 8 (8 × NVIDIA A100 SXM4 80GB, data-parallel" in text, text
