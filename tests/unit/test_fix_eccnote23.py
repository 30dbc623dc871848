"""Fit and per-token answers that contradicted themselves or contrasted nothing (audit eccnote23).

(a) "Qwen2.5 72B int4 on one L40S, does it fit?" said "No ... only 40.5 GiB are usable ...
It fits on 1 × NVIDIA RTX 6000 Ada Generation 48GB, 1 × NVIDIA RTX A6000 48GB, 1 × NVIDIA L20
48GB": a 48 GB card does not fit, but a 48 GB card fits. The L40S is counted at the 46068 MiB
(44.99 GiB) nvidia-smi reports with ECC on, its data-centre default; the RTX 6000 Ada and RTX
A6000 at 49140 MiB, read with ECC off, the workstation default (catalog/gpus.toml memory_note,
with its sources; ``GPU.ecc_default``). Now the No says so once, and the fits list says why
the workstation cards of the same size fit; the L20, whose total is only its marketed 48 GB
(its ECC state not recorded), is left out with a note.
(b) "cost per million tokens for llama 3.1 70b on h200?" led with int8 on 1 × H200 ($0.95)
and added "On the fewest GPUs that hold it at fp8 ..., 1 × NVIDIA H200 SXM 141GB: $0.97": the
same GPU and count. Now "At fp8 ... on the same setup, 1 × ...: $0.97".
(c) An "each" comparison within 5 % read "(about 1.0× awq-int4)"; now "(about the same as
awq-int4)" / "(cam cât awq-int4)"."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, catalog, first_sentence, head

L40S_EN = "Qwen2.5 72B int4 on one L40S, does it fit?"
L40S_RO = "Qwen2.5 72B int4 pe un L40S, încape?"


def test_catalog_records_the_ecc_state_with_its_source() -> None:
    gpus = catalog().registry.gpus
    assert gpus["l40s"].ecc_default == "on" and gpus["a40"].ecc_default == "on"
    assert gpus["rtx-6000-ada"].ecc_default == "off" and gpus["rtx-a6000"].ecc_default == "off"
    assert gpus["l20"].ecc_default is None  # only its marketed 48 GB is known
    assert gpus["h100-sxm"].ecc_default is None  # HBM: nothing recorded, nothing said
    for g in gpus.values():
        if g.ecc_default is not None:
            # the default is sourced where it is recorded
            assert "https://support.chaos.com/" in g.memory_note, g.id
            assert g.total_gib < g.memory_gb if g.ecc_default == "on" else True, g.id


@pytest.mark.parametrize(("q", "ecc"), [(L40S_EN, "45.0 GiB of its 48 GB with ECC on"),
                                        (L40S_RO, "45,0 GiB din cei 48 GB cu ECC activat")])
def test_no_on_the_l40s_says_ecc_once(q: str, ecc: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert lead.startswith(("No,", "Nu,")), lead
    assert ecc in lead, lead
    assert head(r).count(ecc) == 1, r.answer


@pytest.mark.parametrize(("q", "fits", "off", "left"), [
    (L40S_EN, "It fits on ", "ECC is off by default on the NVIDIA RTX 6000 Ada Generation 48GB "
     "and NVIDIA RTX A6000 48GB", "Not listed: the NVIDIA L20 48GB"),
    (L40S_RO, "Încape pe ", "ECC este dezactivat implicit pe NVIDIA RTX 6000 Ada Generation 48GB "
     "și NVIDIA RTX A6000 48GB", "Nu apare în listă: NVIDIA L20 48GB"),
])
def test_same_size_cards_that_fit_say_why(q: str, fits: str, off: str, left: str) -> None:
    text = head(ask(q))
    listed = re.search(re.escape(fits) + r"(1 × .*?)\.(?= |$)", text)
    assert listed is not None, text
    cards = listed.group(1)
    # every 48 GB card listed is one whose ECC is off by default, said after the list
    assert "RTX 6000 Ada" in cards and "RTX A6000" in cards
    assert "L20" not in cards, cards
    assert off in text and "48.0 GiB" in text.replace("48,0", "48.0"), text
    assert left in text, text


def test_ecc_not_said_where_it_cannot_decide() -> None:
    # 135 GiB on a 24 GB A10: ECC changes nothing, so nothing about it is said
    text = head(ask("Llama 3.1 70B fp16 on one A10, does it fit?"))
    assert text.startswith("No,") and "ECC" not in text, text


# (the H200 was the example while its cheapest was Prime Intellect's $2.00 on one GPU, a copy
# of Verda's machine below Verda's own price, doubted since: buyer audit 25a #4; the H200 lead
# is now 2 x H200 at Verda, and 1 x H200 at vast another setup, rightly "the fewest GPUs";
# Llama 3.1 70B on MI300X the same since buyer audit 27c #3: at the recommendations' saturated
# load, 10 % of the memory kept free, one fp8 copy over 2 x MI300X makes 1,586 tokens/s for
# $4.58/h, $0.80, below 1 x MI300X's 765 for $2.29/h, $0.83: 1 x is "the fewest GPUs" now)
@pytest.mark.parametrize(("q", "same", "fewest"), [
    ("cost per million tokens for qwen2.5 32b on mi300x?",
     "on the same setup, 1 × AMD Instinct MI300X 192GB: $", "fewest GPUs"),
    ("cât costă un milion de tokeni pentru qwen2.5 32b pe mi300x?",
     "pe aceeași configurație, 1 × AMD Instinct MI300X 192GB: ", "cele mai puține GPU-uri"),
])
def test_per_token_alternative_on_the_same_setup(q: str, same: str, fewest: str) -> None:
    r = ask(q)
    text = head(r)
    assert first_sentence(r).startswith(("About $", "Aproximativ ")), text
    assert "1 × AMD Instinct MI300X 192GB" in first_sentence(r)
    assert fewest not in text, text
    assert same in text, text


@pytest.mark.parametrize(("q", "same"), [
    ("awq-int4 vs int8 for Llama 3.1 70B on H200 with 16 users: monthly cost each?",
     "(about the same as awq-int4)"),
    ("awq-int4 sau int8 pentru Llama 3.1 70B pe H200 cu 16 utilizatori: cât costă pe lună "
     "fiecare?", "(cam cât awq-int4)"),
])
def test_each_within_five_percent_is_about_the_same(q: str, same: str) -> None:
    lead = first_sentence(ask(q))
    assert same in lead, lead
    assert "1.0×" not in lead and "1,0 de ori" not in lead and "1,0 ori" not in lead, lead
