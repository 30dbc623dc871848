"""The memory of two (or three) precisions weighed with no GPU named ("Llama 3.1 8B: VRAM at
fp16 vs int4 with 8k context?", "How much VRAM does FLUX.1 dev need at fp8 vs bf16?", RO "…
la fp16 față de int4 …", "VRAM at fp16, fp8 and int4") gives each one's total in the first
sentence, the first said leading, the others with how much less or more they take. Before
(audit buyer20 #6): the model's own bf16 alone ("Meta Llama 3.1 8B at bf16 with 8,192 tokens
of context needs about 17.5 GiB"), fp16 relabelled bf16, int4 never said; FLUX's bf16 alone
with a speed nobody asked ("… 36.2 GiB; one 1024×1024 image takes about 17.6 s …")."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence


@pytest.mark.parametrize("question", [
    "Llama 3.1 8B: VRAM at fp16 vs int4 with 8k context?",
    "llama 3.1 8b fp16 vs int4: how much VRAM each at 8k context?",
])
def test_fp16_vs_int4_gives_both_totals(question: str) -> None:
    r = ask(question)
    assert r.intent == "memory", r.answer
    assert first_sentence(r) == (
        "At fp16, Meta Llama 3.1 8B with 8,192 tokens of context needs about 17.5 GiB in total "
        "(15.0 GiB of weights); at int4 about 7.9 GiB, 9.6 GiB less (5.3 GiB of weights).")
    assert r.numbers.sizing is not None and r.numbers.sizing.weights == "fp16"
    assert r.numbers.sizing.total_gib == pytest.approx(17.5, abs=0.1)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("int4_total_gib", "GiB") and value == pytest.approx(7.9, abs=0.1)


def test_fp16_vs_int4_in_romanian() -> None:
    r = ask("Llama 3.1 8B: VRAM la fp16 față de int4 cu context de 8k?")
    assert r.intent == "memory", r.answer
    assert first_sentence(r) == (
        "La fp16, Meta Llama 3.1 8B cu un context de 8.192 de tokeni are nevoie de aproximativ "
        "17,5 GiB în total (15,0 GiB pentru greutăți); la int4, de aproximativ 7,9 GiB, cu 9,6 "
        "GiB mai puțin (5,3 GiB pentru greutăți).")
    assert asked(r)[0] == "int4_total_gib"


def test_flux_fp8_vs_bf16_gives_both_and_no_speed() -> None:
    r = ask("How much VRAM does FLUX.1 dev need at fp8 vs bf16?")
    assert r.intent == "memory", r.answer
    first = first_sentence(r)
    assert first == ("At fp8, FLUX.1 [dev] needs about 20.6 GiB in total (15.8 GiB of weights); "
                     "at bf16 about 36.2 GiB, 15.6 GiB more (31.4 GiB of weights).")
    assert " s on " not in r.answer.split("\n\n")[0]  # no image time nobody asked for
    quantity, value, _ = asked(r)
    assert quantity == "bf16_total_gib" and value == pytest.approx(36.2, abs=0.1)


def test_flux_fp8_vs_bf16_in_romanian() -> None:
    r = ask("Câtă memorie are nevoie FLUX.1 dev la fp8 față de bf16?")
    assert first_sentence(r).startswith(
        "La fp8, FLUX.1 [dev] are nevoie de aproximativ 20,6 GiB în total")
    assert "la bf16, de aproximativ 36,2 GiB, cu 15,6 GiB mai mult" in first_sentence(r)


@pytest.mark.parametrize(("question", "lead"), [
    ("Llama 3.1 8B VRAM at fp16, fp8 and int4?",
     "At fp16, Meta Llama 3.1 8B with 4,096 tokens of context needs about 17.0 GiB in total "
     "(15.0 GiB of weights); at fp8 about 10.5 GiB, 6.5 GiB less (8.5 GiB of weights); at int4 "
     "about 7.4 GiB, 9.6 GiB less (5.3 GiB of weights)."),
    ("Llama 3.1 8B la fp16, fp8 sau int4: câtă memorie?",
     "La fp16, Meta Llama 3.1 8B cu un context de 4.096 de tokeni are nevoie de aproximativ "
     "17,0 GiB în total (15,0 GiB pentru greutăți); la fp8, de aproximativ 10,5 GiB, cu 6,5 GiB "
     "mai puțin (8,5 GiB pentru greutăți); la int4, de aproximativ 7,4 GiB, cu 9,6 GiB mai "
     "puțin (5,3 GiB pentru greutăți)."),
])
def test_three_precisions_listed(question: str, lead: str) -> None:
    r = ask(question)
    assert r.intent == "memory", r.answer
    assert first_sentence(r) == lead


def test_fp16_is_never_relabelled_bf16() -> None:
    r = ask("Llama 3.1 8B VRAM at fp16 vs bf16?")
    assert first_sentence(r).startswith("At fp16, Meta Llama 3.1 8B")
    assert "at bf16 the same, about 17.0 GiB (bf16 and fp16 both take 16 bits per weight)" in (
        first_sentence(r))


@pytest.mark.parametrize(("text", "listed"), [
    ("llama 3.1 8b vram at fp16, fp8 and int4?", ("fp16", "fp8", "int4")),
    ("llama 3.1 8b la fp16, fp8 sau int4", ("fp16", "fp8", "int4")),
    ("llama 3.1 8b at fp16 vs int4", ()),
])
def test_three_precisions_are_read(text: str, listed: tuple[str, ...]) -> None:
    assert stated(text, catalog().registry).precisions_listed == listed


def test_a_pair_on_a_gpu_stays_the_speed_comparison() -> None:
    # a GPU named: both sized there with their speeds (speed's precision_vs), as before
    r = ask("fp8 or int4 for llama 3.1 70b on an H100: how much VRAM?")
    assert r.intent == "speed", r.answer
