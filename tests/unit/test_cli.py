"""The command line, called as a user would (exit codes, output, files written or not)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from service.cli import main
from service.paths import default_data_dir

SOURCES = Path(__file__).resolve().parents[3] / "shared" / "reference" / "catalog_sources"


@pytest.fixture
def catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "catalog"
    shutil.copytree(default_data_dir("catalog"), root)
    monkeypatch.setenv("GPU_ADVISOR_CATALOG_DIR", str(root))
    return root


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_catalog_check_ok_and_broken(catalog: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "check"]) == 0
    assert "catalog OK" in capsys.readouterr().out
    offers = catalog / "offers" / "runpod.csv"
    lines = offers.read_text().splitlines()
    lines.append(lines[1])  # a duplicate id on line len(lines)
    offers.write_text("\n".join(lines) + "\n")
    assert main(["catalog", "check"]) == 1
    out = capsys.readouterr().out
    assert f"runpod.csv:{len(lines)}:" in out and "duplicate" in out


@pytest.mark.parametrize(("content", "message"), [
    ("", "empty"),
    ("\x00\x01binary\x00", ""),
    ("name,colour\nx,red\n", "missing required column"),
])
def test_import_rejects_bad_files_and_writes_nothing(
        catalog: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
        message: str) -> None:
    before = _snapshot(catalog)
    bad = tmp_path / "lambda" / "vms.csv"
    bad.parent.mkdir()
    bad.write_text(content)
    assert main(["catalog", "import", "--format", "skypilot", str(bad)]) == 2
    assert message in capsys.readouterr().err
    assert _snapshot(catalog) == before


@pytest.mark.skipif(not SOURCES.is_dir(), reason="shared/reference not beside this checkout")
def test_reimport_of_shipped_source_is_a_no_op(catalog: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    before = _snapshot(catalog)
    src = SOURCES / "skypilot-catalog" / "v8" / "lambda" / "vms.csv"
    assert main(["catalog", "import", "--format", "skypilot", str(src)]) == 0
    out = capsys.readouterr().out
    assert "lambda: 0 added, 0 changed, 0 removed, 0 price changes" in out
    assert _snapshot(catalog) == before


def test_import_real_run_writes_changes(catalog: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "cudo" / "vms.csv"  # cudo: still from the v8 snapshot alone
    src.parent.mkdir()
    src.write_text(
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,"
        "GpuInfo\ngpu_1x_h100_test,H100,1,26,200,2.49,,us-east-1,"
        "\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 1.0, "
        "'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\"\n")
    assert main(["catalog", "import", "--format", "skypilot", str(src), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "added" in out and "dry run" in out
    assert "gpu_1x_h100_test" not in (catalog / "offers" / "cudo.csv").read_text()
    assert main(["catalog", "import", "--format", "skypilot", str(src)]) == 0
    written = (catalog / "offers" / "cudo.csv").read_text()
    assert written.count("\n") == 2 and "gpu_1x_h100_test" in written
    assert main(["catalog", "check"]) == 0


def test_size_and_recommend_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "llama 3 8b", "--gpu", "RTX 4090", "--weights", "q4_k_m"]) == 0
    out = capsys.readouterr().out
    assert "kv cache per token: 128.0 KiB" in out and "fits=True" in out
    assert main(["size", "llama 3 8c"]) == 2
    assert "did you mean" in capsys.readouterr().err
    assert main(["recommend", "llama 3.1 8b", "--top", "2"]) == 0
    assert "1. " in capsys.readouterr().out


def test_serve_with_several_workers_refuses_without_redis(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("GPU_ADVISOR_REDIS_URL", raising=False)
    assert main(["serve", "--workers", "2", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "GPU_ADVISOR_REDIS_URL" in err and "--workers 2" in err
    monkeypatch.setenv("GPU_ADVISOR_REDIS_URL", "http://not-redis")
    assert main(["serve", "--workers", "2"]) == 2
    assert "REDIS_URL must be a redis://" in capsys.readouterr().err


def test_size_training_takes_the_api_defaults_unless_told(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI passed micro-batch 1 and checkpointing on whatever the API's defaults: a
    Llama 2 7B pre-training on 8 x A100 80GB that fits without checkpointing was timed
    checkpointed (8·N·D) at the command line only."""
    import json

    base = ["size", "llama-2-7b", "--task", "pretrain", "--gpu", "a100-sxm-80gb",
            "--gpu-count", "8", "--seq-len", "4096", "--training-tokens", "2e12", "--json"]
    assert main(base) == 0
    default = json.loads(capsys.readouterr().out)
    assert main([*base, "--checkpointing", "--micro-batch", "1"]) == 0
    forced = json.loads(capsys.readouterr().out)
    assert default["performance"]["training_hours"] < forced["performance"]["training_hours"]
