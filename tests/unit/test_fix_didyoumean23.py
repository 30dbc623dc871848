"""An unknown model's "did you mean" in /v1/sizing and /v1/recommendations (and an /v1/ask
context's unknown model) offers the catalog's models of the kind the name says it is, as
/v1/ask's unknown-model answer does (``catalog.kinds``, shared by both): with no kind said,
the nearest spellings as before.

Before: {"model": "xtts v2"} (Coqui XTTS-v2, text to speech) -> 400 "unknown model 'xtts
v2'; did you mean: deepseek-v2, sd-2.1, deepseek-v2-lite" (spelt alike, of other kinds),
where /v1/ask suggested Suno Bark. After: "did you mean: bark, musicgen-large,
musicgen-medium" (Bark, then the catalog's other audio generators).

And intfloat/e5-large-v2 (a BERT-large embedder, 335M, 512 tokens) is in the catalog from its
config.json: "e5-large-v2" and "e5-large" were unknown ("did you mean: t5-large,
bge-large-en-v1.5, gte-large"); both are now sized as it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.domain.answer.compose import AskContext, AskRequest, answer
from service.domain.catalog.kinds import kind_of_name
from service.domain.errors import NotFound
from service.settings import Settings
from tests.unit.ask_fixtures import TODAY, ask, catalog, head, knowledge


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def suggested(name: str) -> list[str]:
    with pytest.raises(NotFound) as e:
        catalog().registry.model(name)
    return e.value.suggestions


@pytest.mark.parametrize("route", ["/v1/sizing", "/v1/recommendations"])
def test_http_an_unknown_tts_model_is_offered_the_catalogs_audio_models(
        client: TestClient[Any], route: str) -> None:
    body: dict[str, Any] = {"model": "xtts v2"}
    if route == "/v1/sizing":
        body["gpu"] = "l4"
    got = client.post(route, json=body)
    assert got.status_code == 400, got.text
    problem = got.json()
    models = catalog().registry.models
    # was ["deepseek-v2", "sd-2.1", "deepseek-v2-lite"]
    assert problem["suggestions"][0] == "bark", problem
    assert all(models[i].kind == "audio" for i in problem["suggestions"]), problem
    assert "did you mean: bark" in problem["detail"]


def test_the_api_and_the_ask_answer_suggest_the_same_model_for_xtts() -> None:
    r = ask("How much GPU memory does xtts v2 need?")
    assert head(r).startswith("I don't know the model “xtts v2”: did you mean Suno Bark"), r.answer
    assert suggested("xtts v2")[0] == "bark"


@pytest.mark.parametrize(("name", "kind", "first"), [
    ("xtts v2", "tts", "bark"),
    ("coqui/XTTS-v2", "tts", "bark"),
    ("Kokoro TTS", "tts", "bark"),
    ("whisper turbo v4", "asr", "whisper-large-v3-turbo"),
    ("parakeet", "asr", None),
    ("stable video diffusion", "video", None),
    ("Playground v2.5", "image", None),
    ("flux 2 pro", "image", None),
    ("multilingual-e5-large", "embed", None),
    ("text-embedding-3-large", "embed", None),
])
def test_suggestions_are_of_the_kind_the_name_says(name: str, kind: str,
                                                   first: str | None) -> None:
    assert kind_of_name(name) == kind
    models = catalog().registry.models
    got = suggested(name)
    assert len(got) == 3, got
    if first is not None:
        assert got[0] == first, got
    for i in got:
        m = models[i]
        if kind == "tts":
            assert m.kind == "audio" and m.family != "whisper", got  # audio made, not heard
        elif kind == "asr":
            assert m.kind == "audio" and m.family == "whisper", got
        elif kind in ("image", "video"):
            assert m.kind == "diffusion" and m.modality == kind, got
        else:
            assert m.task == "embed", got


@pytest.mark.parametrize(("name", "first"), [
    ("lama 3 8b", "llama-3-8b"),
    ("llama-9.9-999b", None),
    ("deepseek v9", None),
])
def test_a_name_that_says_no_kind_keeps_the_nearest_spellings(name: str,
                                                              first: str | None) -> None:
    registry = catalog().registry
    assert kind_of_name(name) is None
    assert suggested(name) == registry.model_names.suggest(name)
    if first is not None:
        assert suggested(name)[0] == first


def test_an_unknown_context_model_in_ask_is_offered_models_of_its_kind() -> None:
    with pytest.raises(NotFound) as e:
        answer(AskRequest(question="How much memory does it need?",
                          context=AskContext(model="xtts v2")), knowledge(), catalog(), TODAY)
    assert e.value.suggestions[0] == "bark", e.value.suggestions  # was deepseek-v2 first


def test_e5_large_v2_is_catalogued_from_its_config() -> None:
    registry = catalog().registry
    m = registry.model("intfloat/e5-large-v2")
    assert m.id == "e5-large-v2" and m.task == "embed"
    assert m.total_params == 335_141_888  # BERT-large, as bge-large-en-v1.5 and gte-large
    a = m.architecture
    assert a is not None
    assert (a.num_layers, a.hidden_size, a.num_attention_heads, a.intermediate_size,
            a.vocab_size, a.max_context) == (24, 1024, 16, 4096, 30522, 512)
    assert m.source.startswith("https://huggingface.co/intfloat/e5-large-v2/")
    assert registry.model("e5-large").id == "e5-large-v2"  # v1: the same config.json
    # a name of the family the catalog still lacks is offered it first
    assert suggested("e5-base-v2")[0] == "e5-large-v2"


def test_ask_sizes_e5_large_v2() -> None:
    r = ask("Can I run e5-large-v2 on a T4?")
    assert "e5-large-v2" in head(r) and "fits on 1 × NVIDIA T4" in head(r), r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.model == "e5-large-v2"
