"""Buyer audit 29, a100: one rule for a GPU family named bare, decided in the catalog.

"A100" was the A100 40GB for one card's fit or speed (its alias) but the A100 80GB for "which
setup" (cost._bare_holds took the variant holding the model on the fewest GPUs): "Which A100
setup for Llama 3.1 70B with 64 users?" led with 12 x A100 80GB at $13.38/h where 8 x A100 40GB
meet the same default targets at $5.77/h; "Cheapest 8x A100 with NVLink" priced the 40GB alone.
Now catalog/gpus.toml ``[[family]]`` (A100, V100, GH200) says the card one card's fit or speed
reads (the least memory, said with the other's figure) and the variants a price or a setup
weighs, leading with the one that meets the request cheapest and naming the others' prices.
"""

from __future__ import annotations

import re
from pathlib import Path

from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, catalog, head, knowledge


def _ask(q: str, lang: str | None = None) -> AskResponse:
    req = AskRequest(question=q) if lang is None else AskRequest(question=q, lang=lang)
    return answer(req, knowledge(), catalog(), TODAY)


def _usd(text: str) -> float:
    return float(re.sub(r"[^0-9.]", "", text.replace(",", "")))


def test_the_family_is_data_read_by_the_registry() -> None:
    reg = catalog().registry
    a100 = reg.memory_family("A100")
    assert a100 is not None and (a100.gpu, a100.other) == ("a100-sxm-40gb", "a100-sxm-80gb")
    assert set(a100.variants) == {"a100-sxm-40gb", "a100-sxm-80gb", "a100-pcie-40gb",
                                  "a100-pcie-80gb"}
    assert reg.memory_family("NVIDIA A100") is a100 and reg.memory_family("a100s") is a100
    assert reg.memory_family("A100 80GB") is None and reg.memory_family("H100") is None
    v100 = reg.family_of_card("v100-sxm2-32gb")
    assert v100 is not None and v100.gpu == "v100-sxm2-16gb"
    # one card's reading is the family's, the card its alias names (unchanged)
    assert reg.one_gpu("A100").id == a100.gpu == reg.gpu("A100").id


def test_a_family_whose_name_is_not_its_cards_alias_is_refused(tmp_path: Path) -> None:
    from service.adapters.catalog_files import Problem, load_gpu_families, load_gpus

    src = (Path(__file__).resolve().parents[2] / "catalog" / "gpus.toml").read_text(
        encoding="utf-8")
    (tmp_path / "gpus.toml").write_text(
        src.replace('gpu = "a100-sxm-40gb"\nother = "a100-sxm-80gb"',
                    'gpu = "a100-sxm-80gb"\nother = "a100-sxm-40gb"'), encoding="utf-8")
    problems: list[Problem] = []
    families = load_gpu_families(tmp_path, load_gpus(tmp_path, problems), problems)
    assert families and any("'A100' is no alias of 'a100-sxm-80gb'" in p.message
                            for p in problems), problems


def test_which_a100_setup_leads_with_the_variant_that_meets_it_cheapest() -> None:
    text = head(_ask("Which A100 setup for Llama 3.1 70B with 64 users?"))
    assert "needs 8 × NVIDIA A100 SXM4 40GB" in text, text
    m = re.search(r"meets the request cheapest: 8 × NVIDIA A100 SXM4 40GB at bf16, "
                  r"(\$[\d.,]+)/h .*the others: 12 × NVIDIA A100 SXM4 80GB at bf16, "
                  r"(\$[\d.,]+)/h", text)
    assert m is not None, text
    assert _usd(m.group(1)) < _usd(m.group(2))
    assert "12 × NVIDIA A100 SXM4 80GB (3 instances" not in text  # no longer the lead


def test_which_a100_setup_in_romanian() -> None:
    text = head(_ask("Ce configurație A100 pentru Llama 3.1 70B cu 64 de utilizatori?", "ro"))
    assert "are nevoie de 8 × NVIDIA A100 SXM4 40GB" in text, text
    assert "satisface cererea cel mai ieftin: 8 × NVIDIA A100 SXM4 40GB la bf16" in text, text
    assert "celelalte: 12 × NVIDIA A100 SXM4 80GB la bf16" in text, text


def test_cheapest_linked_a100_machine_weighs_both_memory_variants() -> None:
    en = head(_ask("Cheapest 8x A100 with NVLink"))
    assert en.startswith("The cheapest 8 × NVIDIA A100 SXM4 40GB machine with NVLink"), en
    assert re.search(r"the others: 8 × NVIDIA A100 SXM4 80GB at \$[\d.,]+/h", en), en
    ro = head(_ask("Cel mai ieftin 8x A100 cu NVLink", "ro"))
    assert re.search(r"celelalte: 8 × NVIDIA A100 SXM4 80GB la [\d.,]+\s?USD/oră", ro), ro


def test_one_cards_speed_and_fit_read_the_40gb_and_say_the_80gbs_figure() -> None:
    en = head(_ask("How fast is Llama 3.1 8B on an A100?"))
    assert "on 1 × NVIDIA A100 SXM4 40GB generates about 61.7 tokens/s" in en, en
    assert re.search(r"“A100” is read as the NVIDIA A100 SXM4 40GB; on the NVIDIA A100 SXM4 "
                     r"80GB, with more memory bandwidth \(2,039 GB/s against 1,555 GB/s\), the "
                     r"same setup generates about [\d.]+ tokens/s", en), en
    ro = head(_ask("Cât de repede rulează Llama 3.1 8B pe un A100?", "ro"))
    assert "pe NVIDIA A100 SXM4 80GB, cu o lățime de bandă a memoriei mai mare" in ro, ro
    # a fit on the bare name stays the 40GB card read, with the 80GB's count (one card)
    text = head(_ask("Does Llama 3.1 70B fit on an A100?"))
    assert "does not fit on 1 × NVIDIA A100 SXM4 40GB" in text
    assert ("“A100” is read as the NVIDIA A100 SXM4 40GB (the model needs 4 of it); on the "
            "NVIDIA A100 SXM4 80GB it fits on 2") in text
    assert "meets the request cheapest" not in text


def test_sizing_says_which_card_a_bare_a100_is_and_why() -> None:
    r = size(SizingRequest(model="llama-3.1-70b", gpu="a100"), catalog())
    assert r.gpu is not None and r.gpu.id == "a100-sxm-40gb"
    note = next(a for a in r.assumptions if a.name == "gpu_variant")
    assert note.value == "a100-sxm-40gb"
    assert "the variant with the least memory" in note.reason, note.reason
    assert "NVIDIA A100 SXM4 80GB" in note.reason and "leads with the cheaper" in note.reason
