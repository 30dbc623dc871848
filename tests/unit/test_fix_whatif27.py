"""What-if questions size the changed setup, with the original's figures and the change
beside them, in English and Romanian alike (buyer audit 27c #1 and #6): "what if I double to
32 users?" answered the 16-user setup; the Romanian LoRA what-if answered 2 × H100 and the
English one 1 × H100. Each setup's figures are those of a fresh question of that setup."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit import kb_fixtures
from tests.unit.kb_fixtures import catalog, kb


@cache
def ask(q: str) -> AskResponse:
    return kb_fixtures.ask(q)


def head(q: str) -> str:
    return ask(q).answer.split("\n\n")[0]


def lead(q: str) -> str:
    """A fresh question's first paragraph: what the what-if must quote for each setup."""
    return head(q)


@pytest.mark.parametrize(("q", "new", "old", "before"), [
    ("Llama 3 8B on one L4 with 16 users: what if I double to 32 users?",
     "Llama 3 8B on one L4 with 32 users at fp8: tokens per second and time to first token?",
     "Llama 3 8B on one L4 with 16 users at fp8: tokens per second and time to first token?",
     "Before the change (with 16 users):"),
    ("Llama 3 8B pe un L4 cu 16 utilizatori: ce se întâmplă dacă dublez la 32 de utilizatori?",
     "Llama 3 8B pe un L4 cu 32 de utilizatori la fp8: câți tokeni pe secundă și în cât timp "
     "vine primul token?",
     "Llama 3 8B pe un L4 cu 16 utilizatori la fp8: câți tokeni pe secundă și în cât timp "
     "vine primul token?",
     "Înainte de schimbare (cu 16 utilizatori):"),
])
def test_doubling_the_users_sizes_the_doubled_load_first(q: str, new: str, old: str,
                                                         before: str) -> None:
    text = head(q)
    assert text.startswith(lead(new)), text
    assert f"{before} {lead(old)}" in text, text
    # the doubled load does not fit one L4 at once: 20 of the 32 held, the rest wait
    assert "20" in text.split(before)[0] and "32" in text.split(before)[0], text
    assert "31,412" in text or "31.412" in text, text


@pytest.mark.parametrize("q", [
    "Llama 3.1 8B on one H100: what changes if the context goes from 4k to 32k tokens?",
    "Llama 3.1 8B pe un H100: ce se schimbă dacă contextul trece de la 4k la 32k tokeni?",
])
def test_a_longer_context_gives_both_first_token_times(q: str) -> None:
    text = head(q)
    new = text.split("(")[0]
    assert "32,768" in new or "32.768" in new, text
    assert ("135 → 1,568 ms" in text) or ("135 → 1.568 ms" in text), text


@pytest.mark.parametrize(("q", "old_tps", "new_tps"), [
    ("Llama 3 70B on 2 H100 bf16: what if I use fp8 instead?", "33.8 tokens/s", "51.5 tokens/s"),
    ("Llama 3 70B pe 2 H100 bf16: ce-ar fi dacă folosesc fp8 în loc?", "33,8 tokeni/s",
     "51,5 tokeni/s"),
    ("Llama 3 8B bf16 on one RTX 4090: what if I use AWQ int4?", "50.8 tokens/s",
     "147 tokens/s"),
    ("What if I use AWQ int4 instead of fp8 for Llama 3 70B on one H100?", "29.7 tokens/s",
     "60.9 tokens/s"),
])
def test_a_precision_change_gives_the_new_speed_then_the_old(q: str, old_tps: str,
                                                             new_tps: str) -> None:
    text = head(q)
    cut = "Before the change" if "Before" in text else "Înainte de schimbare"
    new, old = text.split(cut)
    assert new_tps in new and old_tps in old, text


def test_more_gpus_gives_the_two_gpu_baseline_too() -> None:
    text = head("What if I use 4 H100 instead of 2 for Llama 3 70B with 32 users?")
    new, old = text.split("Before the change")
    assert "4 × NVIDIA H100" in new and "2 × NVIDIA H100" in old, text
    assert "914 → 572 ms" in text, text


def test_diffusion_steps_give_the_baseline() -> None:
    text = head("SDXL on an L4: what if I use 20 steps instead of 50?")
    assert "7.7 s" in text.split("Before")[0] and "19.1 s" in text.split("Before")[1], text
    assert "19.1 → 7.7 s" in text, text


@pytest.mark.parametrize("q", [
    "LoRA fine-tuning Llama 3 8B on 100M tokens on one H100: what if I use 2 H100?",
    "Fine-tuning LoRA Llama 3 8B pe 100M de tokeni pe un H100: ce se întâmplă dacă folosesc "
    "2 H100?",
    "Fine-tuning LoRA Llama 3 8B pe 100M de tokeni pe un H100: ce se intampla daca folosesc "
    "2 H100?",
])
def test_english_and_romanian_answer_the_same_changed_setup(q: str) -> None:
    text = head(q)
    cut = "Before the change" if "Before" in text else "Înainte de schimbare"
    new, old = text.split(cut)
    # the changed setup (2 × H100: about 52 minutes) first, the original (1 × H100) beside
    assert "52 " in new and "32,029" in new.replace(".", ","), text
    assert "1 NVIDIA H100" in old and ("1.7 h" in old or "1,7 ore" in old), text


def test_a_question_that_is_no_what_if_is_answered_as_before() -> None:
    q = "Llama 3 8B on one L4 with 16 users"
    assert "Before the change" not in ask(q).answer


def test_romanian_diffusion_steps_give_the_baseline() -> None:
    text = head("SDXL pe un L4: ce se schimbă dacă folosesc 20 de pași în loc de 50?")
    new, old = text.split("Înainte de schimbare (cu 50 de pași):")
    assert "7,7 s" in new and "19,1 s" in old, text
    assert "19,1 → 7,7 s" in text, text


def _hostile() -> list[str]:
    """Questions at the 2,000-character limit that make the what-if patterns work hardest:
    a marker, then long runs of what their quantifiers eat."""
    out = []
    for lead in ("what if ", "ce se intampla daca ",
                 "llama 3 8b on one l4 with 16 users: what if "):
        for run in ("1,", "1 ", " ", "1k ", "1x", "a ", "on 1 ", "from 1 to ", "instead of 1 ",
                    "users ", "1 users ", "de la 1 la ", "context 1 ", "1 steps ", "for "):
            out.append((lead + run * 2000)[:2000])
            out.append((run * 1000)[:1000] + lead + (run * 1000)[:990] + "?")
    return out


def test_the_what_if_reading_is_fast_on_hostile_questions() -> None:
    import time

    from service.domain.answer import whatif
    msgs = kb().messages
    reg = catalog().registry

    def no_gpu(text: str) -> tuple[str | None, int | None]:
        return None, None

    def a_gpu(text: str) -> tuple[str | None, int | None]:
        return "NVIDIA H100 SXM5 80GB", 2

    for lang, gpu_of in itertools.product(("en", "ro"), (no_gpu, a_gpu)):
        t = msgs.section(lang, "answer")
        for q in _hostile():
            start = time.thread_time()
            whatif.read(q, t, gpu_of)
            spent = time.thread_time() - start
            assert spent < 0.05, (lang, q[:60], spent)
    assert reg is not None
