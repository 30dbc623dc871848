"""Training comparisons agree with the same run asked alone (audit buyer17 #8, #10, #11).

1. "A100 vs H100 for full fine-tuning llama 3.1 8b on 1B tokens" counted 4 × A100 40GB,
   priced them on primeintellect's 8-GPU machine and billed all 8 for the 4's 36.9 hours
   ($213.16, four GPUs idle). The run is now timed on every GPU of the machine rented whole
   (13.9 h, about $82), as the same run asked alone and /v1/recommendations time it, and said.
2. "H100 vs A100 for full fine-tuning llama 3.1 70b" printed "( base)" and no figures: one
   node holds neither side. The sides are now the multi-node plans (16 × H100 ...), with the
   precision.
3. The same 2 × H100 run was 11,924 tokens/s, $60.11 counted and 15,898 tokens/s, $45.08 at a
   count stated (the card filled to 95 %), and the 8 × H100 run $305.77 (raw hours) in a
   comparison and $308.00 billed alone. Every wording now sizes a count with the
   recommendations' headroom and bills it as the recommendations do.
"""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, head

_8B_EN = "A100 vs H100 for full fine-tuning llama 3.1 8b on 1B tokens: time and cost"
_8B_RO = ("A100 vs H100 pentru fine-tuning complet la llama 3.1 8b pe 1 miliard de tokeni: "
          "timp și cost")


@pytest.mark.parametrize(("question", "old", "whole", "hours"), [
    (_8B_EN, "$213.16", "rented whole", r"about ([\d.]+) hours"),
    (_8B_RO, "213,16 USD", "închiriată întreagă", r"aproximativ ([\d,]+) ore"),
])
def test_compare_trains_on_the_whole_machine_rented(question: str, old: str, whole: str,
                                                   hours: str) -> None:
    h = head(ask(question)).replace("\xa0", " ")  # Romanian: "63,35\xa0USD"
    assert old not in h, h  # 36.9 h of 4 GPUs billed as 8
    assert "4 × NVIDIA A100 SXM4 40GB" in h and whole in h, h  # said, not silent
    row = h[h.index("8 × NVIDIA A100 SXM4 40GB"):]
    m = re.search(hours, row)
    assert m is not None, h
    assert float(m.group(1).replace(",", ".")) < 20, h  # 13.9 h on all 8 (was 36.9 on 4)


@pytest.mark.parametrize(("question", "base", "blank"), [
    ("H100 vs A100 for full fine-tuning llama 3.1 70b on 1B tokens", "(bf16 base)",
     "( base)"),
    ("H100 vs A100 pentru fine-tuning complet la llama 3.1 70b pe 1 miliard de tokeni",
     "(bază bf16)", "(bază )"),
])
def test_compare_past_one_node_gives_the_plans(question: str, base: str, blank: str) -> None:
    h = head(ask(question)).replace("\xa0", " ")  # Romanian: "63,35\xa0USD"
    assert base in h and blank not in h, h
    assert "16 × NVIDIA H100 SXM5 80GB" in h, h
    # the same plan as the run asked alone on 16 × H100
    alone = head(ask("how long to full fine-tune llama 3.1 70b on 1B tokens on 16 H100s"))
    cost = re.search(r"about \$([\d,]+) at \$", alone)
    assert cost is not None, alone
    figure = cost.group(1)
    assert (f"${figure}" if "bf16 base" in base else f"{figure.replace(',', '.')} USD") in h, h


@pytest.mark.parametrize(("question", "tps", "total"), [
    (_8B_EN, "11,924", "$63.35"),
    ("2x H100 vs 4x A100 for full fine-tuning llama 3.1 8b on 1B tokens", "11,924", "$63.35"),
    ("full fine-tune llama 3.1 8b on 1B tokens on 2x H100: time and cost", "11,924",
     "$63.35"),
    (_8B_RO, "11.924", "63,35 USD"),
    ("Fac fine-tuning complet la llama 3.1 8b pe 1 miliard de tokeni pe 2 H100: cât durează "
     "și cât costă?", "11.924", "63,35 USD"),
])
def test_the_same_two_h100_run_by_every_wording(question: str, tps: str, total: str) -> None:
    h = head(ask(question)).replace("\xa0", " ")  # Romanian: "63,35\xa0USD"
    # one rule, the recommendations': 10 % of each GPU kept free (was 15,898 at a count stated)
    assert tps in h and total in h, h
    assert "15,898" not in h and "15.898" not in h, h


def test_eight_h100_billed_alike_compared_or_alone() -> None:
    compared = head(ask("8x H100 vs 8x A100 80GB for full finetune of llama 3.1 8b on 5B "
                        "tokens"))
    alone = head(ask("full fine-tune llama 3.1 8b on 5B tokens on 8x H100: time and cost"))
    assert "$305.77" not in compared, compared  # raw hours, where alone bills 22 h
    for figure in ("$308.00", "$309.34"):
        assert figure in alone and figure in compared, (figure, alone, compared)


def test_a_run_that_does_not_fit_gets_no_free_memory_share() -> None:
    # a run over the GPUs' memory is said not to fit; the headroom note ("leaves only 0% of
    # each GPU's memory free ... it may run out of memory") beside it was nonsense
    from tests.unit.ask_fixtures import ask
    r = ask("fine-tune phi-4 with qlora on two 3090s, how much memory at 64k sequence length?")
    assert r.answer.startswith("No, QLoRA fine-tuning of Microsoft Phi-4 (14B) does not fit"), \
        r.answer
    assert "memory free" not in r.answer.split("\n\n")[0], r.answer
