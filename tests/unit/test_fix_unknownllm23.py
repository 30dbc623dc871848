"""/v1/ask on a language model the catalog does not know, whose size the question does not
give (audit round 23, unknownllm): "how much VRAM for Grok 1?", "Jamba 1.5 Mini VRAM at 8k
context?", "cât VRAM îmi trebuie pentru Grok 1?" got a guidance passage alone, no lead and no
reason. The answer now says it does not know the model and asks for its size (which it sizes),
with the catalog's models of the same name where it has some ("Llama 5": Llama 4 ...), in
English and Romanian, and no figure (numbers null). A size given is still sized. And a "+"
right after a size ("Llama 3 70B+") is ignored: the 70B model, not an unknown one, where a "+"
after a name that is no size ("Command R+") still names another model."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract, unknown_model, unknown_model_read
from tests.unit.ask_fixtures import ask, catalog, head


@pytest.mark.parametrize(("q", "written"), [
    ("how much VRAM for Grok 1?", "Grok 1"),
    ("Jamba 1.5 Mini VRAM at 8k context?", "Jamba 1.5 Mini"),
    ("Grok-1 on 8 H100, tokens/s?", "Grok-1"),
])
def test_an_unknown_sizeless_llm_is_said_unknown_and_its_size_asked(q: str, written: str) -> None:
    r = ask(q)
    assert head(r).startswith(
        "I don't know the model “" + written + "”: say its size (e.g. 'a 70B model') and I "
        "size it."), r.answer
    assert r.numbers is None or r.numbers.asked is None, r.answer  # no figure made up


def test_romanian_asks_the_size_too() -> None:
    r = ask("cât VRAM îmi trebuie pentru Grok 1?")
    assert head(r).startswith(
        "Nu cunosc modelul „Grok 1”: spuneți-mi mărimea lui (de exemplu „un model de 70B”) și "
        "îl dimensionez."), r.answer
    assert r.numbers is None or r.numbers.asked is None, r.answer


@pytest.mark.parametrize(("q", "written", "family"), [
    ("how much VRAM for Llama 5?", "Llama 5", "Meta Llama 4"),
    ("how much VRAM for Gemma 5?", "Gemma 5", "Google Gemma 3"),
    ("Cât VRAM pentru Phi 5?", "Phi 5", "Microsoft Phi-4"),
])
def test_a_version_the_catalog_lacks_names_its_family(q: str, written: str, family: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(("I don't know the model “" + written + "”: did you mean ",
                            "Nu cunosc modelul „" + written + "”: v-ați referit la ")), r.answer
    assert family in text.split("?")[0], text  # the nearest versions of the family
    assert "70B" in text.split("?")[1], text  # and its size asked
    assert r.numbers is None or r.numbers.asked is None, r.answer


# (fix/newmodels added Command R+ to the catalog: Phi-4+, a "+" no catalog name has, stands
# in for it as the unknown "+" model)
@pytest.mark.parametrize("q", ["how much VRAM for Grok 1?", "Qwen 4 on an H100?",
                               "Phi-4+ VRAM?"])
def test_the_reader_says_the_size_is_not_given(q: str) -> None:
    found = unknown_model_read(q, catalog().registry)
    assert found is not None and found[2], found


@pytest.mark.parametrize("q", [
    "how much VRAM for a 314B model at fp8?",  # a size given: the size's answer, not unknown
    "how much VRAM for Grok 1 314B?",
    "Vicuna 13B on an L4?",
    "how much VRAM for Llama 3?",  # a version the catalog has (8B, 70B)
    "Run Llama on 4 H100s, tokens/s?",
])
def test_a_size_given_or_a_known_version_asks_no_size(q: str) -> None:
    found = unknown_model_read(q, catalog().registry)
    assert found is None or not found[2], found
    assert "say its size" not in head(ask(q))


def test_a_size_given_is_still_sized() -> None:
    r = ask("Vicuna 13B on an L4?")
    # a current layout scaled to 13B, never Llama 2 13B (audit buyer25b #4)
    assert "(A size alone is sized on a current layout: grouped-query attention with 8 KV " \
        "heads" in head(r), r.answer
    assert r.numbers is not None and r.numbers.sizing is not None


@pytest.mark.parametrize(("q", "lead"), [
    ("Llama 3 70B+ on H100?", "No, Meta Llama 3 70B at bf16 does not fit on 1 × NVIDIA H100"),
    ("Llama 3 70B + on H100?", "No, Meta Llama 3 70B at bf16 does not fit on 1 × NVIDIA H100"),
    ("Llama 3.1 70B+ VRAM at fp8?", "Meta Llama 3.1 70B at fp8"),
])
def test_a_plus_after_a_size_is_ignored(q: str, lead: str) -> None:
    r = ask(q)
    assert head(r).startswith(lead), r.answer
    reg = catalog().registry
    assert extract(q, reg).model is not None
    assert unknown_model(q, reg) is None


def test_the_name_index_reads_a_plus_after_a_size_as_the_size() -> None:
    reg = catalog().registry
    assert reg.model_names.lookup("Llama 3 70B+") == reg.model_names.lookup("Llama 3 70B")
    # a "+" after a name still counts: Command R+ is its own model (fix/newmodels), not Command R
    assert reg.model_names.lookup("Command R+") == "command-r-plus-104b"
