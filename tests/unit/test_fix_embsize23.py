"""/v1/sizing sizes an embedding model with no input_tokens stated at one retrieval chunk
(``fields.EMBED_INPUT_TOKENS``, 512, at most the model's own limit), as /v1/recommendations
(``capability.embed_context``) and /v1/ask already do, said in the ``embedding_input_tokens``
assumption with its sources; a stated input_tokens is kept (capped at the limit and warned).

Before: {"model": "bge-m3", "gpu": "l4"} was sized at the chat prompt of 3,584 tokens
("embedding_speed: batch 1 x 3584 tokens"): about 11.0 embeddings/s (39,559 tokens/s), where
/v1/ask said 89.2 inputs of 512 tokens per second (45,670 tokens/s) on the same L4.
After: 512-token inputs, 89.2 embeddings/s, the ask's figure."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.cli import main
from service.domain.fields import DEFAULT_INPUT_TOKENS, EMBED_INPUT_TOKENS
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.settings import Settings
from tests.unit.ask_fixtures import ask, catalog


def run(*, input_stated: bool | None = None, **fields: Any) -> SizingResult:
    return size(msgspec.convert(fields, SizingRequest), catalog(), load_stated=False,
                input_stated=input_stated)


def note(r: SizingResult, name: str) -> Any:
    return next((a for a in r.assumptions if a.name == name), None)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def test_no_input_stated_sizes_one_retrieval_chunk() -> None:
    r = run(model="bge-m3", gpu="l4", input_stated=False)
    a = note(r, "embedding_input_tokens")
    assert a is not None and a.value == "512"  # was no assumption, 3,584-token inputs
    assert "input_tokens not given" in a.reason and "Sentence-Transformers" in a.reason
    assert "8,192" in a.reason  # bge-m3's own limit, said
    # the sources of fields.EMBED_INPUT_TOKENS
    assert "https://sbert.net/examples/applications/computing-embeddings/README.html" in r.sources
    assert ("https://learn.microsoft.com/en-us/azure/search/vector-search-how-to-chunk-documents"
            in r.sources)
    assert note(r, "embedding_speed").value == "batch 1 x 512 tokens"  # was 3584
    assert r.performance is not None and r.performance.embeddings_per_s is not None
    assert r.performance.embeddings_per_s == pytest.approx(160.9, rel=0.02)  # 11.0, then 89.2
    assert not r.warnings


def test_a_limit_under_the_chunk_caps_it() -> None:
    # bge-large takes 512, the chunk: sized at 512 with the chunk's assumption, no warning
    r = run(model="bge-large-en-v1.5", gpu="l4", input_stated=False)
    assert note(r, "embedding_input_tokens").value == "512"
    assert note(r, "input_tokens") is None  # was "not given: the default of 3,584 ..."
    assert not r.warnings


def test_a_stated_input_is_kept_and_capped_as_before() -> None:
    r = run(model="bge-m3", gpu="l4", input_tokens=2000, input_stated=True)
    assert note(r, "embedding_input_tokens") is None
    assert note(r, "embedding_speed").value == "batch 1 x 2000 tokens"
    # the chat default stated outright is kept too (the body names it)
    r = run(model="bge-m3", gpu="l4", input_tokens=DEFAULT_INPUT_TOKENS, input_stated=True)
    assert note(r, "embedding_speed").value == f"batch 1 x {DEFAULT_INPUT_TOKENS} tokens"
    # past the limit: capped and warned, as before
    r = run(model="bge-large-en-v1.5", gpu="l4", input_tokens=2000, input_stated=True)
    assert note(r, "input_tokens").value == "512"
    assert note(r, "input_tokens").reason.startswith("asked: 2,000 tokens")
    assert any("2,000-token inputs are more than" in w for w in r.warnings)


def test_a_caller_that_does_not_tell_reads_the_default_as_not_given() -> None:
    r = run(model="bge-m3", gpu="l4")
    assert note(r, "embedding_input_tokens").value == str(EMBED_INPUT_TOKENS)
    r = run(model="bge-m3", gpu="l4", input_tokens=1024)
    assert note(r, "embedding_speed").value == "batch 1 x 1024 tokens"


def test_a_language_model_keeps_the_chat_default() -> None:
    r = run(model="llama 3.1 8b", gpu="l4", input_stated=False)
    assert note(r, "embedding_input_tokens") is None
    assert note(r, "request_tokens").value == f"{DEFAULT_INPUT_TOKENS} in, 512 out"


def test_http_sizing_tells_a_stated_input_from_none(client: TestClient[Any]) -> None:
    got = client.post("/v1/sizing", json={"model": "bge-m3", "gpu": "l4"})
    assert got.status_code == 200, got.text
    body = got.json()
    speed = {a["name"]: a["value"] for a in body["assumptions"]}
    assert speed["embedding_input_tokens"] == "512"
    assert speed["embedding_speed"] == "batch 1 x 512 tokens"  # was batch 1 x 3584 tokens
    # the same figure /v1/ask gives for the same setup
    ans = ask("how many embeddings per second can bge-m3 do on an L4?")
    assert "161 inputs of 512 tokens per second" in ans.answer
    assert body["performance"]["embeddings_per_s"] == pytest.approx(160.92, abs=0.05)
    got = client.post("/v1/sizing", json={"model": "bge-m3", "gpu": "l4",
                                          "input_tokens": DEFAULT_INPUT_TOKENS})
    assert got.status_code == 200, got.text
    speed = {a["name"]: a["value"] for a in got.json()["assumptions"]}
    assert "embedding_input_tokens" not in speed
    assert speed["embedding_speed"] == f"batch 1 x {DEFAULT_INPUT_TOKENS} tokens"


def test_ask_vram_answers_agree_with_sizing(client: TestClient[Any]) -> None:
    body = client.post("/v1/sizing", json={"model": "bge-m3", "gpu": "l4"}).json()
    for q in ("how much VRAM for bge-m3?", "cât VRAM pentru bge-m3?"):
        r = ask(q)
        assert r.numbers is not None and r.numbers.sizing is not None
        assert r.numbers.sizing.context_tokens == EMBED_INPUT_TOKENS
        assert r.numbers.sizing.total_gib == pytest.approx(body["memory"]["total_gib"], abs=0.01)


def test_cli_size_without_input_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "bge-m3", "--gpu", "l4", "--json"]) == 0
    out = msgspec.json.decode(capsys.readouterr().out)
    names = {a["name"]: a["value"] for a in out["assumptions"]}
    assert names["embedding_input_tokens"] == "512"  # was sized at 3,584
    assert main(["size", "bge-m3", "--gpu", "l4", "--json", "--input-tokens", "3584"]) == 0
    out = msgspec.json.decode(capsys.readouterr().out)
    names = {a["name"]: a["value"] for a in out["assumptions"]}
    assert names["embedding_speed"] == "batch 1 x 3584 tokens"
