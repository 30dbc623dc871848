"""/v1/ask on Cohere's Command R+ (audit round 22, commandr): the name index drops a "+" (its
keys keep letters and digits only) and the reader dropped a "plus" after a name, so "Command
R+" and "Command R plus" were answered as Command R, the 35B model (72.3 GiB, 65.2 tokens/s
on 2 H100), not the 104B one asked. The catalog has no Command R+: the answer now says it does
not know it, with Command R as the name it may have meant, in English and Romanian; "Command
R" itself is still Command R, and a "plus" that joins two things ("Llama 3 8B plus Whisper")
is no suffix."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import extract, unknown_model
from tests.unit.ask_fixtures import ask, catalog, head


@pytest.mark.parametrize(("q", "written"), [
    ("How much VRAM does Command R+ need?", "Command R+"),
    ("Command R plus on 2 H100, tokens/s?", "Command R plus"),
    ("Câtă memorie îi trebuie lui Command R+?", "Command R+"),
    ("command-r+ on an H100: VRAM?", "command-r+"),
])
def test_command_r_plus_is_said_unknown_not_answered_as_command_r(q: str, written: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(("I don't know the model “" + written + "”: did you mean ",
                            "Nu cunosc modelul „" + written + "”: v-ați referit la ")), r.answer
    assert "Cohere Command R (35B, v01)" in text.split("?")[0]  # the name it may have meant
    assert r.numbers is None or r.numbers.sizing is None, r.answer


def test_command_r_is_still_command_r() -> None:
    r = ask("How much VRAM does Command R need?")
    assert head(r).startswith("Cohere Command R (35B, v01) at bf16"), r.answer
    assert extract("Command R on 2 H100, tokens/s?", catalog().registry).model == "command-r-35b"


@pytest.mark.parametrize("q", ["Command R+ on an H100", "Command R plus, VRAM?",
                               "Cât VRAM pentru Command R plus?"])
def test_a_plus_suffix_names_no_catalog_model(q: str) -> None:
    reg = catalog().registry
    assert extract(q, reg).model is None
    found = unknown_model(q, reg)
    assert found is not None and found[1][0] == "command-r-35b", found


@pytest.mark.parametrize("name", ["Command R+", "command-r+", "Command-R+ 104B"])
def test_the_name_index_does_not_drop_a_plus(name: str) -> None:
    reg = catalog().registry
    assert reg.model_names.lookup(name) is None
    assert reg.model_names.lookup(name.replace("+", "")) is not None or "104B" in name


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
