"""Engines carry their other spellings as catalog data (engines.toml ``aliases``): a question
naming "TRT-LLM" reads as TensorRT-LLM, and a request's misspelt engine suggests by them."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.answer.understand import extract
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.paths import default_data_dir


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


@pytest.mark.parametrize(("question", "engine"), [
    ("Can I run Llama 3.1 70B in fp8 with TRT-LLM on an A100 80GB?", "tensorrt-llm"),
    ("Llama 3.1 8B on llama-server with an L4?", "llama.cpp"),
    ("Llama 3.1 8B with HF transformers on an L4?", "transformers"),
    ("Llama 3.1 8B with TensorRT-LLM on an L4?", "tensorrt-llm"),
])
def test_an_alias_names_its_engine(question: str, engine: str) -> None:
    assert extract(question, catalog().registry).engine == engine


def test_every_alias_is_unique_and_not_another_engines_name() -> None:
    seen: dict[str, str] = {}
    for e in catalog().registry.engines:
        for said in (e.id, e.name, *e.aliases):
            key = said.lower()
            assert seen.get(key, e.id) == e.id, (said, seen[key], e.id)
            seen[key] = e.id


def test_a_misspelt_engine_field_suggests_by_alias() -> None:
    # an alias itself is read as its engine (buyer audit 28b #4); a misspelling of one
    # still suggests by it
    assert catalog().registry.engines.get("trt-llm").id == "tensorrt-llm"
    with pytest.raises(InvalidInput) as err:
        catalog().registry.engines.get("trt-lm")
    assert "tensorrt-llm" in str(err.value)
