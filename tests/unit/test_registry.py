"""The shipped catalog, name resolution and the strict catalog loader."""

from __future__ import annotations

import csv
import functools
import re
import shutil
from pathlib import Path

import pytest

from service.adapters.catalog_files import CatalogError, Problem, load_registry
from service.domain.catalog.models import counted_params
from service.domain.catalog.registry import Registry
from service.domain.errors import NotFound
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
REPO = Path(__file__).resolve().parents[2]


@functools.cache
def registry() -> Registry:
    return load_registry(CATALOG).registry


# ---------------------------------------------------------------------------------------------
# The shipped catalog


def test_shipped_catalog_loads_without_problems() -> None:
    loaded = load_registry(CATALOG)  # raises CatalogError listing every problem otherwise
    reg = loaded.registry
    assert reg.conflicts == []
    # the registry breadth issue's floors: at least 150 models and 80 GPUs
    assert len(reg.models) == len(list((CATALOG / "models").glob("*.toml"))) >= 150
    assert len(reg.gpus) >= 80
    assert re.fullmatch(r"[0-9a-f]{16}", loaded.version)


def test_catalog_version_is_a_content_hash(tmp_path: Path) -> None:
    copy = tmp_path / "catalog"
    shutil.copytree(CATALOG, copy)
    same = load_registry(copy).version
    assert same == load_registry(CATALOG).version
    path = copy / "models" / "llama-3-8b.toml"
    path.write_text(path.read_text() + "\n# an edit\n")
    assert load_registry(copy).version != same


LLMS = sorted(m.id for m in registry().models.values() if m.kind == "llm")


def test_every_llm_has_an_architecture() -> None:
    assert len(LLMS) >= 40
    kinds = {m.kind for m in registry().models.values()}
    assert kinds == {"llm", "diffusion", "audio"}


@pytest.mark.parametrize("model_id", LLMS)
def test_architecture_param_count_within_one_percent(model_id: str) -> None:
    m = registry().models[model_id]
    assert m.architecture is not None
    # counted_params: the breakdown + vision tower + an encoder embedder's learned positions
    # (bge-m3's 8,192 x 1,024 are 1.5 % of it; the catalog loader checks the same sum)
    counted = counted_params(m)
    assert counted == pytest.approx(m.total_params, rel=0.01)
    assert m.active <= m.total_params


# ---------------------------------------------------------------------------------------------
# Name resolution


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Meta-Llama-3-8B", "llama-3-8b"),
        ("llama 3 8b", "llama-3-8b"),
        ("LLAMA_3_8B", "llama-3-8b"),
        ("meta-llama/Meta-Llama-3-8B", "llama-3-8b"),
        ("Llama-3.1-8B-Instruct", "llama-3.1-8b"),
        ("meta-llama/Llama-3.1-8B-Instruct", "llama-3.1-8b"),
        ("Qwen/Qwen2.5-7B-Instruct", "qwen2.5-7b"),
        ("qwen2.5 7b", "qwen2.5-7b"),
        ("  flux.1-dev  ", "flux.1-dev"),
        ("openai/whisper-large-v3", "whisper-large-v3"),
    ],
)
def test_model_aliases_resolve(name: str, expected: str) -> None:
    assert registry().model(name).id == expected
    assert registry().find_model(name) is not None


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("RTX 4090", "rtx-4090"),
        ("rtx-4090", "rtx-4090"),
        ("H100 SXM", "h100-sxm"),
        ("h100sxm", "h100-sxm"),
        ("A100 80GB PCIe", "a100-pcie-80gb"),
        ("a100-pcie-80gb", "a100-pcie-80gb"),
    ],
)
def test_gpu_aliases_resolve(name: str, expected: str) -> None:
    assert registry().gpu(name).id == expected


def _calibration_csv() -> Path:
    repo_copy = REPO / "catalog" / "calibration.csv"
    if repo_copy.exists():
        return repo_copy
    return Path(__file__).resolve().parents[3] / "shared" / "reference" / "calibration.csv"


# Rows that measure no GPU (file sizes) or do not say which one: not GPU names.
_NOT_A_GPU = re.compile(r"^(n/?a|unspecified\b.*|)$", re.IGNORECASE)


def _calibration_gpu_names() -> list[str]:
    path = _calibration_csv()
    if not path.exists():
        return ["<calibration.csv missing>"]
    with path.open(newline="", encoding="utf-8") as f:
        names = {row["gpu"].strip() for row in csv.DictReader(f)}
    return sorted(n for n in names if not _NOT_A_GPU.match(n))


@pytest.mark.parametrize("name", _calibration_gpu_names())
def test_every_calibration_gpu_name_resolves(name: str) -> None:
    assert _calibration_csv().exists(), "calibration.csv not found in catalog/ or shared/"
    found = registry().find_gpu(name)
    assert found is not None, f"{name!r} does not resolve; suggestions: " + ", ".join(
        registry().gpu_names.suggest(name))
    # the memory size in the name, when stated, is the card's
    size = re.search(r"(\d+)\s*GB", name)
    if size:
        assert abs(found.memory_gb - int(size.group(1))) <= 2, (name, found.id)


def test_calibration_gpu_names_are_many() -> None:
    assert len(_calibration_gpu_names()) >= 20


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("A100 SXM 80GB", "a100-sxm-80gb"),
        ("H100 PCIe 80GB", "h100-pcie"),
        ("RTX 3080 10GB", "rtx-3080"),
        ("A100 (memory size not stated)", "a100-sxm-40gb"),
    ],
)
def test_calibration_spellings_map_to_the_right_card(name: str, expected: str) -> None:
    assert registry().gpu(name).id == expected


def test_unknown_model_raises_not_found_with_suggestions() -> None:
    with pytest.raises(NotFound) as info:
        registry().model("lama 3 8b")
    err = info.value
    assert err.kind == "model"
    assert err.name == "lama 3 8b"
    assert 1 <= len(err.suggestions) <= 3
    assert "llama-3-8b" in err.suggestions
    assert all(s in registry().models for s in err.suggestions)
    assert "llama-3-8b" in str(err)


@pytest.mark.parametrize(
    ("kind", "name", "expected"),
    [
        ("model", "lama 3 8b", "llama-3-8b"),
        ("model", "Meta-Lama-3-8B", "llama-3-8b"),
        ("model", "mixtrall 8x7b", "mixtral-8x7b"),
        ("model", "qwen 2.5 7b instrct", "qwen2.5-7b"),
        ("model", "deepsek v3", "deepseek-v3"),
        ("model", "whisper larg v3", "whisper-large-v3"),
        ("gpu", "H10 SXM", "h100-sxm"),
        ("gpu", "RTX 4090 Tii", "rtx-4090"),
        ("gpu", "A100 80G PCI", "a100-pcie-80gb"),
        # ("mi300" itself reads as the MI300X now: catalog/gpus.toml's reading mi300)
        ("gpu", "mi30x", "mi300x"),
    ],
)
def test_near_miss_suggests_the_right_id(kind: str, name: str, expected: str) -> None:
    index = registry().model_names if kind == "model" else registry().gpu_names
    assert index.lookup(name) is None  # a real miss, not an alias
    with pytest.raises(NotFound) as info:
        index.resolve(name)
    assert len(info.value.suggestions) <= 3
    assert expected in info.value.suggestions
    assert info.value.suggestions[0] == expected


def test_nonsense_gets_no_or_few_suggestions() -> None:
    with pytest.raises(NotFound) as info:
        registry().gpu("xyzzy-quantum-9000")
    assert len(info.value.suggestions) <= 3
    assert registry().find_gpu("xyzzy-quantum-9000") is None


# ---------------------------------------------------------------------------------------------
# The loader reports a broken copy with file and line


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip().startswith(needle):
            return i
    raise AssertionError(f"{needle!r} not in {path}")


def _problems(root: Path) -> list[Problem]:
    with pytest.raises(CatalogError) as info:
        load_registry(root)
    problems = info.value.problems
    assert problems
    for p in problems:
        assert str(p) == f"{p.file}:{p.line}: {p.message}"
        assert str(p) in str(info.value)
    return problems


def _model_file(root: Path, model_id: str, header_lines: int = 3) -> Path:
    """The model's file with comment lines first, so that line 1 is never right by accident."""
    path = root / "models" / f"{model_id}.toml"
    path.write_text("# edited copy\n" * header_lines + path.read_text(encoding="utf-8"))
    return path


def test_unknown_field_reported_with_file_and_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "llama-3-8b")
    _edit(path, 'license = "llama3"', 'license = "llama3"\ncolour = "blue"')
    (p,) = _problems(root)
    assert p.file == "models/llama-3-8b.toml"
    assert p.line == _line(path, "colour")
    assert "colour" in p.message


def test_unknown_architecture_field_reported_with_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "qwen2.5-7b")
    _edit(path, "[architecture]\n", "[architecture]\nnum_layerz = 28\n")
    (p,) = _problems(root)
    assert p.file == "models/qwen2.5-7b.toml"
    assert p.line == _line(path, "num_layerz")
    assert "num_layerz" in p.message


def test_wrong_type_reported_with_file_and_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "llama-3-8b")
    _edit(path, "num_layers = 32", 'num_layers = "thirty-two"')
    (p,) = _problems(root)
    assert p.file == "models/llama-3-8b.toml"
    assert p.line == _line(path, "num_layers")
    assert "num_layers" in p.message
    assert "int" in p.message


def test_invalid_enum_value_reported_with_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "mistral-7b-v0.3")
    _edit(path, 'kind = "llm"', 'kind = "spaceship"')
    (p,) = _problems(root)
    assert p.file == "models/mistral-7b-v0.3.toml"
    assert p.line == _line(path, "kind =")
    assert "spaceship" in p.message


def test_negative_count_reported_with_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "mistral-7b-v0.3")
    _edit(path, "vocab_size = ", "vocab_size = -")
    (p,) = _problems(root)
    assert p.line == _line(path, "vocab_size")
    assert "vocab_size" in p.message


def test_duplicate_model_id_reported(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    src = root / "models" / "llama-3-8b.toml"
    dup = root / "models" / "zz-llama-copy.toml"
    dup.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    problems = _problems(root)
    dups = [p for p in problems if "duplicate model id" in p.message]
    assert len(dups) == 1
    assert dups[0].file == "models/zz-llama-copy.toml"
    assert "llama-3-8b" in dups[0].message
    assert "models/llama-3-8b.toml" in dups[0].message
    # the copy's name does not match its id either
    assert any(p.file == "models/zz-llama-copy.toml" and "file name" in p.message
               for p in problems)


def test_id_must_match_file_name(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "phi-4")
    _edit(path, 'id = "phi-4"', 'id = "phi-4-renamed"')
    (p,) = _problems(root)
    assert p.file == "models/phi-4.toml"
    assert p.line == _line(path, "id =") == 4
    assert "phi-4-renamed" in p.message
    assert "phi-4" in p.message


def test_params_off_by_more_than_one_percent_reported(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "llama-3-8b")
    _edit(path, "total_params = 8030261248", "total_params = 8200000000")  # +2.1%
    (p,) = _problems(root)
    assert p.file == "models/llama-3-8b.toml"
    assert p.line == _line(path, "total_params")
    assert "1%" in p.message


def test_params_within_one_percent_accepted(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "models" / "llama-3-8b.toml"
    _edit(path, "total_params = 8030261248", "total_params = 8080000000")  # +0.6%
    assert load_registry(root).registry.models["llama-3-8b"].total_params == 8_080_000_000


def test_invalid_toml_reported_with_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = _model_file(root, "gemma-2-9b")
    _edit(path, "num_layers = 42", "num_layers = = 42")
    (p,) = _problems(root)
    assert p.file == "models/gemma-2-9b.toml"
    assert p.line == _line(path, "num_layers")
    assert "TOML" in p.message


def test_every_problem_reported_at_once(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root / "models" / "llama-3-8b.toml", "num_layers = 32", 'num_layers = "x"')
    _edit(root / "models" / "phi-4.toml", 'id = "phi-4"', 'id = "phi-5"')
    files = {p.file for p in _problems(root)}
    assert files == {"models/llama-3-8b.toml", "models/phi-4.toml"}


def test_gpu_wrong_type_reported_at_that_gpus_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "gpus.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('id = "h100-pcie"')
    i = text.index("memory_gb = ", start)
    end = text.index("\n", i)
    path.write_text(text[:i] + 'memory_gb = "eighty"' + text[end:], encoding="utf-8")
    (p,) = _problems(root)
    assert p.file == "gpus.toml"
    assert p.line == text.count("\n", 0, i) + 1
    assert p.line > _line(path, "memory_gb")  # not the first GPU's line
    assert "h100-pcie" in p.message


def test_gpu_duplicate_id_reported(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "gpus.toml"
    _edit(path, 'id = "h100-pcie"', 'id = "h100-sxm"')
    problems = _problems(root)
    dup = [p for p in problems if "duplicate gpu id" in p.message]
    assert len(dup) == 1
    assert dup[0].file == "gpus.toml"
    assert "h100-sxm" in dup[0].message


def test_gpu_unknown_field_reported_at_its_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "gpus.toml"
    _edit(path, 'id = "l40s"', 'id = "l40s"\nmemroy_gb = 48')
    (p,) = _problems(root)
    assert p.file == "gpus.toml"
    assert p.line == _line(path, "memroy_gb")
    assert "memroy_gb" in p.message and "l40s" in p.message


def test_alias_claimed_by_two_entries_reported(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root / "models" / "llama-3.1-8b.toml", "aliases = [", 'aliases = ["Llama 3 8B", ')
    problems = _problems(root)
    assert any(p.file == "aliases" and "Llama 3 8B" in p.message for p in problems)


@pytest.mark.parametrize(("name", "gid"), [
    ("A100 40GB SXM", "a100-sxm-40gb"), ("V100 32GB SXM2", "v100-sxm2-32gb"),
    ("H100 80GB SXM", "h100-sxm"), ("80GB A100 SXM", "a100-sxm-80gb"),
])
def test_a_gpu_name_in_another_word_order_resolves(name: str, gid: str) -> None:
    """'A100 40GB SXM' and 'V100 32GB SXM2' were 404s beside the aliases 'A100 SXM 40GB' and
    'V100 SXM2 32GB'."""
    assert registry().gpu_names.resolve(name) == gid


def test_words_shared_by_two_entries_in_any_order_resolve_to_neither() -> None:
    from service.domain.catalog.names import NameIndex

    idx = NameIndex("gpu")
    idx.add("a", ["X 1 Y"])
    idx.add("b", ["Y X 1"])
    assert idx.lookup("X 1 Y") == "a" and idx.lookup("Y X 1") == "b"  # exact spellings
    assert idx.lookup("1 Y X") is None  # any order: ambiguous


def test_family_lookups_are_kept_per_snapshot_and_handed_out_as_copies() -> None:
    """gpu_family and the names a question mentions are kept in the snapshot's derived
    tables: a caller changing what it was given cannot change the next caller's answer, and
    another snapshot (a reload) computes its own."""
    from service.domain.answer.understand import _find_names, _tables, _tokens

    reg = registry()
    first = reg.gpu_family("A100")
    assert len(first) > 1 and "a100-sxm-80gb" in first
    first.clear()
    assert reg.gpu_family("A100") == sorted(reg.gpu_family("A100")) != []
    toks = _tokens("llama 3 8b on an a100 80gb")
    names = _find_names(toks, reg, _tables(reg))
    assert [m.kind for m in names] == ["model", "gpu"]
    names.clear()
    assert len(_find_names(toks, reg, _tables(reg))) == 2
    other = load_registry(CATALOG).registry
    assert other.gpu_family("A100") == reg.gpu_family("A100")
    assert "registry.gpu_family" in reg.derived.names()
    assert "understand.names_found" in reg.derived.names()
