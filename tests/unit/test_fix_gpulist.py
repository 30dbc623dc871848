"""A GPU list's model numbers are no counts (audit slack2 #2).

"compare rtx 4090, a10g for llama 3.1 8b" was answered for "4090 × NVIDIA A10G" ($4,115/h,
927,618 tokens/s) and "rtx 3090, a100 or l4" for "3090 × NVIDIA A100" (3,405,148 tokens/s at
$2,874/h): the number that ends one card's name ("RTX 4090", "RTX 3090") was read as the next
card's count. A number after "rtx"/"gtx"/"rx", one that is itself a GPU's name, or one a comma
(or a slash) parts from the next card is never that card's count; "2 4090s", "8x h100", "two
a100s" and "4 l4" still are."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import _count_before, _tokens, extract
from tests.unit.ask_fixtures import ask, catalog, head


def _name(gpu: str) -> str:
    return catalog().registry.gpus[gpu].name


@pytest.mark.parametrize("q", [
    "compare rtx 4090, a10g for llama 3.1 8b cost per million tokens",
    "compară rtx 4090, a10g pentru llama 3.1 8b cost per milion de tokeni",
    "rtx 3090, a100 or l4 for llama 3.1 8b: which is cheapest per million tokens?",
    "rtx 3090, a100 sau l4 pentru llama 3.1 8b: care e cel mai ieftin per milion de tokeni?",
    "compare 4090, a10g for llama 3.1 8b",
    "compare rtx 4090 vs a10g for llama 3.1 8b",
    "compare rtx 4090/a10g for llama 3.1 8b",
])
def test_a_card_number_in_a_list_is_no_count(q: str) -> None:
    st = stated(q, catalog().registry)
    assert st.gpu_counts == (), st.gpu_counts
    e = extract(q, catalog().registry)
    assert e.gpu_count is None


@pytest.mark.parametrize("q", [
    "compare rtx 4090, a10g for llama 3.1 8b cost per million tokens",
    "compară rtx 4090, a10g pentru llama 3.1 8b cost per milion de tokeni",
])
def test_rtx_4090_and_a10g_are_compared_as_cards(q: str) -> None:
    text = head(ask(q))
    a10g = _name("a10g")
    assert f"4090 × {a10g}" not in text, text
    assert "4,115" not in text and "4.115" not in text, text
    assert "927,618" not in text and "927.618" not in text, text
    # the A10G at a count of its own (1 or 2 cards), each of them an A10G machine's price
    assert re.search(rf"(?<![\d,.])[12] × {re.escape(a10g)}", text), text


@pytest.mark.parametrize(("q", "fastest"), [
    ("rtx 3090, a100 or l4 for llama 3.1 8b: which is cheapest per million tokens?", "fastest"),
    ("rtx 3090, a100 sau l4 pentru llama 3.1 8b: care e cel mai ieftin per milion de tokeni?",
     "cel mai rapid"),
])
def test_rtx_3090_a100_l4_are_compared_as_cards(q: str, fastest: str) -> None:
    text = head(ask(q))
    a100 = _name("a100-sxm-80gb")
    assert f"3090 × {a100}" not in text, text
    assert "3,405,148" not in text and "3.405.148" not in text, text
    assert "2,874" not in text and "2.874" not in text, text
    assert re.search(rf"(?<![\d,.])[1248] × {re.escape(a100)}", text), text
    assert f"{fastest}: 3090" not in text, text


@pytest.mark.parametrize(("q", "gpu", "count"), [
    ("can i run llama 3.1 70b on 2 4090s?", "rtx-4090", 2),
    ("llama 3.1 70b on 8x h100", "h100-sxm", 8),
    ("can llama 3.1 70b run on two h100s?", "h100-sxm", 2),
    ("llama 3.1 8b on 4 l4", "l4", 4),
    ("pot rula llama 3.1 70b pe două h100?", "h100-sxm", 2),
    ("llama 3.1 70b pe 4 l4", "l4", 4),
])
def test_counts_before_a_card_still_read(q: str, gpu: str, count: int) -> None:
    e = extract(q, catalog().registry)
    assert (e.gpu, e.gpu_count) == (gpu, count)


@pytest.mark.parametrize(("q", "counts"), [
    ("2 4090s or one h200 for llama 3.1 70b?", (("rtx-4090", 2), ("h200-sxm", 1))),
    ("8x h100 or 4 l4 for llama 3.1 8b?", (("h100-sxm", 8), ("l4", 4))),
    ("2 x h100 sau un h200 pentru llama 3.1 70b?", (("h100-sxm", 2), ("h200-sxm", 1))),
])
def test_counts_in_a_comparison_still_read(q: str, counts: tuple[tuple[str, int], ...]) -> None:
    assert stated(q, catalog().registry).gpu_counts == counts


@pytest.mark.parametrize(("text", "count"), [
    ("rtx 4090, a10g", None),   # a comma parts the number from the card
    ("rtx 4090 a10g", None),    # after "rtx": the RTX 4090's number
    ("gtx 1080 a10g", None),
    ("nvidia 4090 a10g", None),  # a card's number after the vendor's name
    ("2 4090s", 2),
    ("8x h100", 8),
    ("4 l4", 4),
])
def test_count_before_reads_no_card_number(text: str, count: int | None) -> None:
    toks = _tokens(text)
    c = _count_before(toks, len(toks) - 1)
    assert (c[0] if c else None) == count


def test_eleven_card_list_reads_no_card_number_as_a_count() -> None:
    q = ("compare h100, h200, b200, mi300x, a100, l40s, rtx 4090, a10g, l4, v100, t4 for "
         "llama 3.1 70b fp8 serving 50 users with 8k context: which is cheapest per million "
         "tokens?")
    text = head(ask(q))
    assert stated(q, catalog().registry).gpu_counts == ()
    assert "4090 ×" not in text and "$4,115/h" not in text, text
    assert "fastest: 4090" not in text, text


@pytest.mark.parametrize("q", ["can llama 3.1 70b run on two a100s?",
                               "pot rula llama 3.1 70b pe două a100?"])
def test_two_a100s_still_two(q: str) -> None:
    e = extract(q, catalog().registry)
    assert e.gpu is not None and e.gpu.startswith("a100")
    assert e.gpu_count == 2
