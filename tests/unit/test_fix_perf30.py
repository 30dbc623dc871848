"""Sizing keeps three more answers with the data they come from (issue #16 points 3 and 8): the
named model as sizing reads it and a GPU name's memory family on the registry, the serving
model's error note on the perf tables. A reload makes new ones, so an answer never mixes old
and new data; the answers are those computed afresh."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.names import stray_characters
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import resolve_model, size, sized_from_entry
from service.domain.sizing.speed import _error_note_of, _serving_error_note
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
REQ = SizingRequest(model="llama-3.1-8b", gpu="A100")
"""A named model on a bare family name, timed by the serving model (its error note)."""


@cache
def shipped() -> Catalog:
    return load_catalog(CATALOG)


def _said(catalog: Catalog, name: str) -> str:
    result = size(REQ, catalog)
    return next(a.value + " | " + a.reason for a in result.assumptions if a.name == name)


def _edited(tmp: Path) -> Catalog:
    """The shipped catalog with Llama 3.1 8B renamed, the A100 family's reason reworded and
    every serving error band widened by 0.5."""
    root = tmp / "catalog"
    shutil.copytree(CATALOG, root)
    model = root / "models" / "llama-3.1-8b.toml"
    model.write_text(model.read_text().replace('name = "Meta Llama 3.1 8B"',
                                               'name = "Meta Llama 3.1 8B (reloaded)"', 1))
    gpus = root / "gpus.toml"
    gpus.write_text(gpus.read_text().replace(
        'reason = "the variant with the least memory and bandwidth',
        'reason = "RELOADED: the variant with the least memory and bandwidth', 1))
    bands = root / "perf" / "serving_error.toml"
    bands.write_text(re.sub(r"measured_over_model = ([0-9.]+)",
                            lambda m: f"measured_over_model = {float(m[1]) + 0.5:g}",
                            bands.read_text()))
    return load_catalog(root)


def test_a_reload_answers_from_its_own_data_and_the_old_snapshot_from_its(
        tmp_path: Path) -> None:
    old = shipped()
    before = msgspec.json.encode(size(REQ, old))  # fills the old snapshot's tables
    new = _edited(tmp_path)
    assert size(REQ, new).model.name == "Meta Llama 3.1 8B (reloaded)"
    assert "RELOADED: the variant" in _said(new, "gpu_variant")
    assert "RELOADED" not in _said(old, "gpu_variant")
    old_error, new_error = _said(old, "serving_model_error"), _said(new, "serving_model_error")
    assert old_error.startswith("TPOT x1.11, TTFT x1.29")
    assert new_error.startswith("TPOT x1.61, TTFT x1.79")
    # the old snapshot, asked again after the new one filled its own tables, is unchanged
    assert msgspec.json.encode(size(REQ, old)) == before
    assert size(REQ, old).model.name == "Meta Llama 3.1 8B"


def test_the_named_model_is_read_once_per_registry_and_as_the_entry_gives_it() -> None:
    registry = shipped().registry
    req = SizingRequest(model="Llama 3.1 8B")
    first = resolve_model(req, registry)
    assert resolve_model(req, registry) is first  # kept with the registry
    assert first == sized_from_entry(registry.model("llama-3.1-8b"))
    assert "sizing.sized_models" in registry.derived.names()


def test_a_gpu_names_family_is_kept_per_spelling_with_the_same_answer() -> None:
    registry = shipped().registry
    for name in ("A100", "a100s", "NVIDIA A100", "A100 80GB", "h100-sxm", "V100"):
        kept = registry.memory_family(name)
        assert kept is registry.memory_family(name)
        assert kept == registry._memory_family(name)
    assert registry.memory_family("A100") is not None
    assert registry.memory_family("A100 80GB") is None
    assert "registry.memory_family" in registry.derived.names()


def test_the_serving_error_note_is_made_once_per_perf_tables() -> None:
    catalog = shipped()
    perf = catalog.perf
    assert perf is not None
    model = resolve_model(REQ, catalog.registry)
    vllm = catalog.registry.engines["vllm"]
    said = _serving_error_note(perf, vllm, model)
    assert said is not None and said == _error_note_of(perf, vllm, False, False)
    assert perf.error_notes[("vllm", False, False)] is said


def test_stray_characters_of_plain_and_other_names() -> None:
    assert stray_characters("llama-3.1-8b") == ""
    assert stray_characters("a b~!") == ""
    assert stray_characters("sdxl\U0001f525") == "\U0001f525"
    assert stray_characters("h100\u200b\u200b x") == "\u200b"
    assert stray_characters("tab\there\x7f") == "\t\x7f"  # control characters are stray
    assert stray_characters("") == ""
