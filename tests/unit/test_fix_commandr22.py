"""/v1/ask on Cohere's Command R+ (audit round 22, commandr): the name index drops a "+" (its
keys keep letters and digits only) and the reader dropped a "plus" after a name, so "Command
R+" and "Command R plus" were answered as Command R, the 35B model (72.3 GiB, 65.2 tokens/s
on 2 H100), not the 104B one asked. The catalog had no Command R+: the answer then said it did
not know it, with Command R as the name it may have meant, in English and Romanian. Since
round 23 (newmodels) the catalog has Command R+ (104B), so these questions are answered for it
(tests/unit/test_fix_newmodels23.py); "Command R" itself is still Command R, a "+" no catalog
spelling has still names an unknown model, and a "plus" that joins two things ("Llama 3 8B
plus Whisper") is no suffix."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract, unknown_model
from tests.unit.ask_fixtures import ask, catalog, head


@pytest.mark.parametrize("q", [
    "How much VRAM does Command R+ need?",
    "Command R plus on 2 H100, tokens/s?",
    "Câtă memorie îi trebuie lui Command R+?",
    "command-r+ on an H100: VRAM?",
])
def test_command_r_plus_is_answered_as_itself_not_as_command_r(q: str) -> None:
    # round 23 (newmodels) added Command R+ (104B) to the catalog: these were "I don't know the
    # model “Command R+”: did you mean Cohere Command R (35B, v01)?" while it had none
    r = ask(q)
    text = head(r)
    assert text.startswith("Cohere Command R+ (104B) "), r.answer
    assert "Command R (35B" not in text, r.answer
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer


def test_command_r_is_still_command_r() -> None:
    r = ask("How much VRAM does Command R need?")
    assert head(r).startswith("Cohere Command R (35B, v01) at bf16"), r.answer
    assert extract("Command R on 2 H100, tokens/s?", catalog().registry).model == "command-r-35b"


@pytest.mark.parametrize("q", ["Command R+ on an H100", "Command R plus, VRAM?",
                               "Cât VRAM pentru Command R plus?"])
def test_a_plus_suffix_names_the_plus_model(q: str) -> None:
    # was: no catalog model (extract None, unknown_model suggesting command-r-35b); round 23
    # (newmodels) added Command R+ (104B), which the suffix now names
    reg = catalog().registry
    assert extract(q, reg).model == "command-r-plus-104b"
    assert unknown_model(q, reg) is None


@pytest.mark.parametrize("q", ["Phi-4+ on an H100, VRAM?", "Cât VRAM pentru Phi-4+?"])
def test_a_plus_no_catalog_spelling_has_names_no_catalog_model(q: str) -> None:
    # the round-22 rule, shown on a model with no "+" spelling now that Command R+ has one
    reg = catalog().registry
    assert extract(q, reg).model is None
    found = unknown_model(q, reg)
    assert found is not None and found[1][0] == "phi-4", found


@pytest.mark.parametrize("name", ["Command R+", "command-r+", "Command-R+ 104B"])
def test_the_name_index_does_not_drop_a_plus(name: str) -> None:
    # was: None (no catalog spelling had the "+"); round 23 (newmodels) added Command R+, whose
    # spellings keep it, so the "+" names the 104B model, never the 35B one without it
    reg = catalog().registry
    assert reg.model_names.lookup(name) == "command-r-plus-104b"
    assert reg.model_names.lookup("Command R") == "command-r-35b"
    assert reg.model_names.lookup("Phi-4+") is None and reg.model_names.lookup("Phi-4") == "phi-4"


@pytest.mark.parametrize(("q", "model"), [
    ("Llama 3 8B plus Whisper on one L4?", "llama-3-8b"),
    ("Mistral 7B plus a reranker on an A10G, VRAM?", "mistral-7b"),
    ("Command R 35B plus Whisper on an H100, VRAM?", "command-r-35b"),
])
def test_a_plus_that_joins_two_things_is_no_suffix(q: str, model: str) -> None:
    reg = catalog().registry
    got = extract(q, reg).model
    assert got is not None and got.startswith(model), got
    assert unknown_model(q, reg) is None
