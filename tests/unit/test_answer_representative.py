"""A size alone ("a 7B model", "un model de 70B") stands for a mainstream model of that size."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.answer.stand_in import REPRESENTATIVE, current_layout
from service.domain.answer.stand_in import representative as _representative
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir


@functools.cache
def registry() -> Registry:
    return load_catalog(default_data_dir("catalog")).registry


def test_every_representative_is_in_the_registry() -> None:
    assert all(mid in registry().models for mid in REPRESENTATIVE)


def test_every_representative_is_a_current_layout() -> None:
    # grouped-query attention, full attention, 32k+ context (audit buyer25b #4: Llama 2 13B)
    assert all(current_layout(registry().models[mid]) for mid in REPRESENTATIVE)


@pytest.mark.parametrize(("b", "model"), [
    (7, "mistral-7b-v0.3"), (8, "llama-3.1-8b"), (13, "mistral-nemo-12b"), (14, "qwen2.5-14b"),
    (32, "qwen2.5-32b"), (34, "qwen2.5-32b"), (70, "llama-3.1-70b"), (72, "qwen2.5-72b"),
    (405, "llama-3.1-405b"), (1, "llama-3.2-1b"), (1.5, "qwen2.5-1.5b"), (3, "llama-3.2-3b"),
])
def test_size_to_model(b: float, model: str) -> None:
    assert _representative(registry(), b) == model


def test_a_size_far_from_all_of_them_takes_the_closest_dense_model() -> None:
    got = _representative(registry(), 180)
    assert got is not None and got not in REPRESENTATIVE
    assert _representative(registry(), 10_000) is None
