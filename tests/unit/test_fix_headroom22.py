"""A training count stated that leaves less than the recommendations' 10 % headroom names the
fewest of that GPU that keep it, from the counts a count is tried on, not whole nodes past
the count (audit headroom22).

"Can I fine tune Llama 3.1 70B with LoRA on 2x A100 80GB?" said "... it may run out of memory;
10 x NVIDIA A100 SXM4 80GB keep 10% free (41.3 GiB per GPU)": the search stepped 2 + 8, 2 + 16,
... Now the counts :func:`training._counts_tried` tries (the machine sizes on offer within a
node, 2, 4, 8, then whole nodes doubling), fewest first: 4 x A100 80GB (42.4 GiB per GPU, the
count "how many A100 80GB ..." gives: no machine of 3 x A100 80GB is on offer), 3 x H100
(54.2 GiB, 3 x H100 are on offer) for the same run on 2 x H100, 32 x H100 for a ZeRO-3 full
fine-tune of Qwen2.5 72B on 16 (was 24, a count the "how many" answer does not give).

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, head

_MORE_EN = re.compile(r"may run out of memory; (\d+) × ([^;]+?) keep 10% free "
                      r"\(([\d.]+) GiB per GPU\)")
_MORE_RO = re.compile(r"poate rămâne fără memorie; (\d+) × ([^;]+?) lasă liberă 10% "
                      r"\(([\d,]+) GiB pe GPU\)")
_USABLE_EN = re.compile(r"GiB per GPU of the ([\d.]+) GiB usable\) leaves only")
_NEEDS = re.compile(r"needs (\d+) × ")


def _more(text: str, ro: bool = False) -> tuple[int, str, float, float]:
    """(count, GPU, GiB per GPU) of the headroom advice, and the usable GiB per GPU."""
    m = (_MORE_RO if ro else _MORE_EN).search(text.replace("\u00a0", " "))
    assert m is not None, text
    usable = 0.0
    if not ro:
        u = _USABLE_EN.search(text)
        assert u is not None, text
        usable = float(u.group(1))
    return int(m.group(1)), m.group(2), float(m.group(3).replace(",", ".")), usable


def _needs(question: str) -> int:
    text = head(ask(question))
    m = _NEEDS.search(text)
    assert m is not None, text
    return int(m.group(1))


@pytest.mark.parametrize(("question", "gpu", "count", "how_many"), [
    ("Can I fine tune Llama 3.1 70B with LoRA on 2x A100 80GB?", "NVIDIA A100 SXM4 80GB", 4,
     "How many A100 80GB do I need to fine tune Llama 3.1 70B with LoRA?"),
    ("Can I fine tune Llama 3.1 70B with LoRA on 2x H100?", "NVIDIA H100 SXM5 80GB", 3,
     "How many H100 do I need to fine tune Llama 3.1 70B with LoRA?"),
    ("Can I fully fine tune Qwen2.5 72B with ZeRO-3 on 16 H100?", "NVIDIA H100 SXM5 80GB", 32,
     "How many H100 do I need to fully fine tune Qwen2.5 72B with ZeRO-3?"),
])
def test_the_headroom_advice_names_the_fewest_count_that_keeps_it(
        question: str, gpu: str, count: int, how_many: str) -> None:
    text = head(ask(question))
    n, said_gpu, per_gpu, usable = _more(text)
    # was 10 x A100 80GB, 10 x H100 and 24 x H100: whole nodes stepped past the count
    assert (n, said_gpu) == (count, gpu), text
    # a count that keeps the headroom, as its sizing says (10 % of the usable memory free)
    assert per_gpu <= usable * 0.9, text
    # the same count the "how many" answer gives (the fewest of the counts tried)
    assert _needs(how_many) == count


def test_the_headroom_advice_in_romanian() -> None:
    text = head(ask("Pot face fine-tuning la Llama 3.1 70B cu LoRA pe 2x A100 80GB?"))
    n, gpu, per_gpu, _ = _more(text, ro=True)
    assert (n, gpu, per_gpu) == (4, "NVIDIA A100 SXM4 80GB", 42.4), text
