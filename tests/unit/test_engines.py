"""Engines are data (catalog/engines.toml): every entry loads, a broken file is reported with
its line, and a new entry is usable in sizing and recommendations without code changes."""

from __future__ import annotations

import datetime as dt
import functools
import shutil
import tomllib
from pathlib import Path

import pytest

from service.adapters.catalog_files import CatalogError, load_engines
from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.engines import Engine
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import default_engine, size, sized_from_entry
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
SHIPPED = ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "diffusers")


@functools.cache
def shipped() -> Catalog:
    return load_catalog(CATALOG)


def test_every_engine_in_engines_toml_loads() -> None:
    raw = tomllib.loads((CATALOG / "engines.toml").read_text(encoding="utf-8"))["engine"]
    engines = shipped().registry.engines
    assert [e["id"] for e in raw] == engines.ids
    assert set(SHIPPED) <= set(engines.ids)
    for e in engines:
        assert isinstance(e, Engine)
        assert e.source and e.memory_note
        assert 0 < e.memory_fraction <= 1
        assert e.speed.max_num_seqs >= 1
    vllm, llama = engines["vllm"], engines["llama.cpp"]
    # V1 profiles max_num_batched_tokens whatever the context (the serving model's budget)
    assert (vllm.profile(100), vllm.profile(8192), vllm.profile(10**6)) == (8192, 8192, 8192)
    assert vllm.profile(10**6) == vllm.speed.max_num_batched_tokens
    assert llama.profile(100_000) == 512 and llama.split == "layer"
    assert engines["transformers"].profile(777) == 777
    assert vllm.kv_block_tokens == 16


def test_default_engines_come_from_the_table() -> None:
    reg = shipped().registry

    def default(model_id: str, precision: str) -> str:
        m = sized_from_entry(reg.model(model_id))
        return default_engine(m, get_precision(precision), reg).id

    assert default("llama-3-8b", "bf16") == "vllm"
    assert default("llama-3-8b", "q4_k_m") == "llama.cpp"
    assert default("sd-1.5", "fp16") == "diffusers"
    audio = next(m.id for m in reg.models.values() if m.kind == "audio")
    assert default(audio, "fp16") == "transformers"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    return root


def test_a_broken_engines_toml_is_reported_with_file_and_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "engines.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("t_kernel_us"))
    lines[at] = 't_kernel_us = "fast"'
    bad = lines.index("[[engine]]", at)  # the next engine: an unknown field
    lines.insert(bad + 2, "turbo = true")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog(root)
    found = {(p.file, p.line) for p in err.value.problems}
    assert ("engines.toml", at + 1) in found
    assert ("engines.toml", bad + 3) in found
    assert all(p.file == "engines.toml" for p in err.value.problems)


def test_invalid_toml_and_table_rules_are_problems(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "engines.toml"
    path.write_text("[[engine]]\nid = \n", encoding="utf-8")
    problems: list = []
    assert load_engines(root, problems) == []
    assert problems and problems[0].file == "engines.toml" and problems[0].line == 2
    # a table without a default engine for diffusion models
    text = (CATALOG / "engines.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('default_for_kinds = ["diffusion"]', ""), encoding="utf-8")
    problems = []
    load_engines(root, problems)
    assert any("diffusion" in p.message for p in problems)


NEW_ENGINE = """
[[engine]]
id = "my-engine"
name = "My Engine"
source = "a test"
memory_fraction = 0.8
memory_note = "my engine claims 0.8 of total memory"
non_torch_gib_tp1 = 0.2
non_torch_gib_tp = 0.5
activations = "profile"
activation_fixed_gib = 0.25
profile_tokens = {min = 1024, max = 8192}
batch_free_activations = true
kinds = ["llm"]

[engine.speed]
eta_mem = 0.7
t_kernel_us = 4.0
small_kernels_per_layer = 6
eta_compute = 0.4
eta_attention = 0.3
step_overhead_ms = 2.0
max_num_seqs = 32
"""


def test_a_new_engine_entry_is_usable_without_code_changes(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    with (root / "engines.toml").open("a", encoding="utf-8") as f:
        f.write(NEW_ENGINE)
    catalog = load_catalog(root)
    assert catalog.registry.engines["my-engine"].memory_fraction == 0.8
    req = SizingRequest(model="llama-3-8b", engine="my-engine", gpu="h100-sxm")
    r = size(req, catalog)
    assert r.engine == "my-engine"
    assert r.fits and r.performance is not None
    assert r.performance.max_concurrency is not None and r.performance.max_concurrency <= 32
    notes = {a.name: a for a in r.assumptions}
    assert notes["engine"].reason == "my engine claims 0.8 of total memory"
    # 3584 + 512, within [1024, 8192]: the one default request since defaultlen (was 2048 + 512)
    assert notes["activation_profile_tokens"].value == "4096"
    vllm = size(SizingRequest(model="llama-3-8b", engine="vllm", gpu="h100-sxm"), catalog)
    assert r.memory.per_gpu.overhead_gib != vllm.memory.per_gpu.overhead_gib
    rec = recommend(RecommendationRequest(model="llama-3-8b", engine="my-engine"), catalog,
                    dt.date(2025, 6, 1))
    assert rec.options


def test_an_unknown_engine_is_invalid_input_with_suggestions() -> None:
    with pytest.raises(InvalidInput) as err:
        size(SizingRequest(model="llama-3-8b", engine="vlm"), shipped())
    assert err.value.path == "$.engine"
    assert "did you mean: vllm" in err.value.message
    with pytest.raises(InvalidInput) as err:
        recommend(RecommendationRequest(model="llama-3-8b", engine="sglng"), shipped(),
                  dt.date(2025, 6, 1))
    assert err.value.path == "$.engine" and "sglang" in err.value.message


def test_a_kv_cache_type_the_engine_does_not_keep_is_a_400_naming_the_field() -> None:
    """kv_cache q4_0 with vLLM was sized without a word: vLLM keeps auto (16-bit) or fp8."""
    import msgspec

    from service.domain.errors import InvalidInput
    from service.domain.sizing.requests import SizingRequest
    from service.domain.sizing.sizing import size

    def run(**kw: object) -> object:
        return size(msgspec.convert({"model": "llama-3.1-8b", "gpu": "h100-sxm", **kw},
                                    SizingRequest), shipped())

    with pytest.raises(InvalidInput) as e:
        run(kv_cache="q4_0", engine="vllm")
    assert e.value.path == "$.kv_cache" and "llama.cpp" in str(e.value)
    run(kv_cache="fp8", engine="vllm")
    run(kv_cache="q4_0", engine="llama.cpp", weights="q4_k_m")
    assert all(set(e.kv_cache_types) <= {"fp16", "fp8", "q8_0", "q4_0"} for e in
               shipped().registry.engines)
