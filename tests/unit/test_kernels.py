"""The capability matrix (catalog/kernels.toml): every rule has a source, the known facts hold,
and no impossible (GPU, engine, precision) combination passes silently: sizing warns and
gives no speed, ``fits_on`` leaves the GPU out, the recommender never proposes it."""

from __future__ import annotations

import datetime as dt
import tomllib
from functools import cache
from pathlib import Path

import msgspec
import pytest

from service.adapters.catalog_files import CatalogError, load_registry
from service.adapters.catalog_loader import CATALOG_FILES, load_catalog
from service.domain.catalog.gpus import GPU
from service.domain.catalog.kernels import Kernels, platform_of
from service.domain.catalog.offers import Offer, Provider
from service.domain.catalog.precisions import PRECISIONS, Precision, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.domain.sizing.speed import peak_tflops
from service.paths import default_data_dir

CATALOG = default_data_dir("catalog")
BY_ID = {p.id: p for p in PRECISIONS}
GGUF = [p for p in PRECISIONS if p.gguf]
TODAY = dt.date(2026, 12, 1)
AS_OF = dt.date(2026, 11, 1)
SMALL_LLM = "llama-3.2-1b"


@cache
def catalog() -> Catalog:
    return load_catalog(CATALOG)


def kernels() -> Kernels:
    return catalog().registry.kernels


def gpu(gid: str) -> GPU:
    return catalog().registry.gpus[gid]


def engines() -> list[str]:
    return catalog().registry.engines.ids


def gpus() -> list[GPU]:
    return list(catalog().registry.gpus.values())


def status(engine: str, pid: str, gid: str) -> str:
    return kernels().supported(engine, get_precision(pid), gpu(gid)).status


# --- the rules as data ------------------------------------------------------------------------

def test_every_rule_and_platform_names_a_source_url() -> None:
    raw = tomllib.loads((CATALOG / "kernels.toml").read_text(encoding="utf-8"))
    assert raw["rule"] and raw["platform"]
    for entry in [*raw["rule"], *raw["platform"]]:
        assert "https://" in entry["source"], entry
    k = kernels()
    assert len(k.rules) == len(raw["rule"]) and len(k.platforms) == len(raw["platform"])
    assert all("https://" in r.source for r in k.rules)


def test_every_engine_has_a_platform_and_every_nearest_list_is_known() -> None:
    k = kernels()
    assert set(k.platforms) == set(engines())
    for pid, chain in k.nearest.items():
        assert pid in BY_ID and all(x in BY_ID for x in chain)
    assert k.training_engine in engines()


def test_kernels_toml_is_part_of_the_catalog_version() -> None:
    assert "kernels.toml" in CATALOG_FILES


def test_every_nvidia_and_amd_gpu_records_its_compute_capability() -> None:
    missing = [g.id for g in gpus() if platform_of(g) != "other" and not g.compute_capability]
    assert missing == []


def test_a_rule_naming_an_unknown_precision_is_reported(tmp_path: Path) -> None:
    import shutil
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    path = root / "kernels.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'precisions = ["awq-int4"]\ncuda_min = "7.5"\nrocm = ["*"]',
        'precisions = ["awq-int5"]\ncuda_min = "7.5"\nrocm = ["*"]'), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_registry(root)
    assert any(p.file == "kernels.toml" and "awq-int5" in p.message
               for p in err.value.problems)


# --- the known facts ----------------------------------------------------------------------------

@pytest.mark.parametrize("gid", ["v100-sxm2-16gb", "v100-pcie-32gb", "t4"])
def test_bf16_is_refused_before_ampere_and_fp16_is_the_nearest(gid: str) -> None:
    for engine in engines():
        s = kernels().supported(engine, get_precision("bf16"), gpu(gid))
        if engine == "llama.cpp":  # GGUF BF16 tensors run through its fp16 kernels
            assert s.ok
            continue
        assert s.status == "refused", (engine, gid)
        near = kernels().nearest_supported(engine, get_precision("bf16"), gpu(gid), BY_ID)
        if kernels().platforms[engine].covers(gpu(gid)):
            assert near is not None and near.id == "fp16", (engine, gid)


def test_bf16_runs_from_ampere_and_on_cdna() -> None:
    for gid in ("a100-sxm-80gb", "a10", "l40s", "h100-sxm", "b200", "mi300x", "mi250x"):
        assert status("vllm", "bf16", gid) == "ok", gid


def test_awq_on_v100_is_refused_for_its_compute_capability() -> None:
    for engine in ("vllm", "transformers"):
        s = kernels().supported(engine, get_precision("awq-int4"), gpu("v100-sxm2-32gb"))
        assert s.status == "refused" and "7.0" in s.reason and "7.5" in s.reason
        assert any(u.startswith("https://") for u in s.sources)
    assert status("vllm", "awq-int4", "t4") == "ok"
    assert status("vllm", "int8", "v100-sxm2-32gb") == "refused"
    assert status("vllm", "int8", "t4") == "ok"


def test_fp8_on_mi250x_is_refused_and_runs_natively_on_cdna3_ada_hopper() -> None:
    for engine in ("vllm", "sglang", "transformers"):
        assert status(engine, "fp8", "mi250x") == "refused", engine
    for gid in ("mi300x", "mi325x", "h100-sxm", "l40s", "rtx-4090", "b200"):
        s = kernels().supported("vllm", get_precision("fp8"), gpu(gid))
        assert s.status == "ok" and s.compute == "fp8", gid
    near = kernels().nearest_supported("vllm", get_precision("fp8"), gpu("mi250x"), BY_ID)
    assert near is not None and near.id == "bf16"


def test_fp8_on_a100_runs_weight_only_with_fp16_compute_and_the_speed_uses_it() -> None:
    a100 = gpu("a100-sxm-80gb")
    fp8 = get_precision("fp8")
    s = kernels().supported("vllm", fp8, a100)
    assert s.status == "runs_as" and s.compute == "fp16" and "Marlin" in s.reason
    runs = kernels().runs_as("vllm", fp8, a100)
    engine = catalog().registry.engines["vllm"]
    assert runs.compute == "fp16"
    assert peak_tflops(a100, runs, engine) == pytest.approx(a100.tflops("fp16"))
    # TensorRT-LLM has no FP8 path on Ampere
    assert status("tensorrt-llm", "fp8", "a100-sxm-80gb") == "refused"


def test_nvfp4_needs_blackwell_tensor_cores() -> None:
    for engine in ("tensorrt-llm", "sglang", "transformers"):
        assert status(engine, "nvfp4", "h100-sxm") == "refused", engine
        assert status(engine, "nvfp4", "b200") == "ok", engine
    near = kernels().nearest_supported("tensorrt-llm", get_precision("nvfp4"),
                                       gpu("h100-sxm"), BY_ID)
    assert near is not None and near.id == "fp8"
    # vLLM serves NVFP4 checkpoints on Hopper/Ampere through FP4-Marlin, weight-only
    s = kernels().supported("vllm", get_precision("nvfp4"), gpu("h100-sxm"))
    assert s.status == "runs_as" and s.compute == "fp16"
    assert kernels().supported("vllm", get_precision("nvfp4"), gpu("b200")).compute == "fp4"
    assert status("vllm", "nvfp4", "v100-sxm2-32gb") == "refused"


def test_gguf_runs_with_llama_cpp_on_every_nvidia_and_amd_gpu() -> None:
    """And on Intel Xe GPUs (the SYCL backend); never on Gaudi or TPU."""
    for g in gpus():
        for p in GGUF:
            s = kernels().supported("llama.cpp", p, g)
            assert s.ok == (platform_of(g) != "other" or g.architecture.startswith("Xe")), (
                g.id, p.id)


def test_engine_platforms() -> None:
    assert status("sglang", "fp16", "t4") == "refused"  # sgl-kernel is built for sm80+
    assert status("tensorrt-llm", "fp16", "mi300x") == "refused"  # no ROCm
    assert status("tensorrt-llm", "fp16", "v100-sxm2-32gb") == "refused"
    assert status("vllm", "fp16", "v100-sxm2-32gb") == "ok"
    assert status("vllm", "fp16", "p100-pcie") == "refused"  # vLLM needs 7.0
    assert status("llama.cpp", "q4_k_m", "p100-pcie") == "ok"
    assert status("vllm", "bf16", "tpu-v5e") == "ok"
    assert status("transformers", "bf16", "tpu-v5e") == "refused"
    assert status("llama.cpp", "awq-int4", "h100-sxm") == "refused"  # GGUF files only


# --- every combination of the registry -------------------------------------------------------

def _combinations() -> list[tuple[str, Precision, GPU]]:
    return [(e, p, g) for e in engines() for p in PRECISIONS for g in gpus()]


def test_every_refused_combination_has_a_reason_and_a_source() -> None:
    refused = 0
    for e, p, g in _combinations():
        s = kernels().supported(e, p, g)
        if not s.ok:
            refused += 1
            assert s.reason and s.rule and s.sources, (e, p.id, g.id)
            assert all("https://" in u for u in s.sources)
        else:
            assert s.compute
    assert refused > 100


def _size(**kw: object):  # type: ignore[no-untyped-def]
    try:
        return size(msgspec.convert(kw, SizingRequest), catalog())
    except InvalidInput:
        return None


def test_sizing_warns_on_every_impossible_combination_and_only_then() -> None:
    """Every GPU x engine x precision of the registry, sized for a small LLM."""
    seen_refused = 0
    for e in engines():
        for p in PRECISIONS:
            for gid in (g.id for g in gpus()):
                r = _size(model=SMALL_LLM, gpu=gid, weights=p.id, engine=e)
                if r is None:
                    continue
                ok = kernels().supported(e, p, gpu(gid)).ok
                assert r.runs is ok, (e, p.id, gid)
                if ok:
                    # a runnable setup warns only where it does not fit (what would), and
                    # of an experts-only format on this dense model
                    fit = [w for w in r.warnings if "experts-only format" not in w]
                    assert all(w.startswith("does not fit") for w in fit), (
                        e, p.id, gid, r.warnings)
                    assert not fit or r.fits is False
                    assert (len(fit) < len(r.warnings)) == (p.scope == "experts")
                else:
                    seen_refused += 1
                    assert r.warnings and "impossible combination" in r.warnings[0]
                    assert "https://" in r.warnings[0]
                    assert r.performance is None and r.cost is None
    assert seen_refused > 50


def test_runs_is_null_without_a_gpu_and_false_beside_a_memory_fit() -> None:
    """An impossible combination that the memory holds says ``runs: false``, ``fits: false``
    and ``fits_in_memory: true`` (``fits`` was memory only: audit buyer20 #8)."""
    r = _size(model=SMALL_LLM, gpu="v100-sxm2-32gb", weights="fp8", engine="vllm")
    # fits is false now beside runs false (buyer20 #8); the memory's answer is fits_in_memory
    assert r is not None and r.fits is False and r.fits_in_memory is True and r.runs is False
    assert r.max_batch_size == 0
    assert r.performance is None and r.cost is None
    r = _size(model=SMALL_LLM, weights="fp8", engine="vllm")
    assert r is not None and r.runs is None


def test_fits_on_lists_only_gpus_that_run_the_combination() -> None:
    for e in engines():
        for p in PRECISIONS:
            r = _size(model=SMALL_LLM, weights=p.id, engine=e)
            if r is None:
                continue
            for row in r.fits_on:
                assert kernels().supported(e, p, gpu(row.gpu)).ok, (e, p.id, row.gpu)


def test_sizing_answers_the_cases_of_the_issue() -> None:
    r = _size(model=SMALL_LLM, gpu="t4", weights="bf16")
    assert r is not None and r.performance is None
    assert "bf16" in r.warnings[0] and "nearest precision vllm runs" in r.warnings[0]
    assert r.warnings[0].rstrip().endswith("fp16")
    # not asked: the model's own bf16 gives way to fp16, with speed
    r = _size(model=SMALL_LLM, gpu="t4")
    assert r is not None and r.weights == "fp16" and r.performance is not None
    assert any(a.name == "weights_precision_replaced" for a in r.assumptions)
    r = _size(model=SMALL_LLM, gpu="a100-sxm-80gb", weights="fp8")
    assert r is not None and not r.warnings and r.performance is not None
    assert any(a.name == "kernel" and "Marlin" in a.reason for a in r.assumptions)
    r = _size(model=SMALL_LLM, gpu="v100-sxm2-32gb", task="finetune")
    assert r is not None and r.weights == "fp16"
    r = _size(model=SMALL_LLM, gpu="h100-sxm", weights="nvfp4", engine="tensorrt-llm")
    assert r is not None and r.performance is None and "fp8" in r.warnings[0]


# --- the recommender never proposes an impossible combination --------------------------------

def _provider() -> Provider:
    return Provider(id="alpha", name="Alpha", billing_granularity="second",
                    minimum_charge_s=None, egress_usd_per_gb=0.0,
                    storage_usd_per_gb_month=0.1, as_of=AS_OF, source="test")


def _offers(chunk: list[GPU]) -> list[Offer]:
    return [Offer(id=f"o-{g.id}", provider="alpha", instance_type=g.id, regions=["r1"],
                  gpu=g.id, gpu_count=1, interconnect="none",  # type: ignore[arg-type]
                  on_demand_usd_h=1.0 + i / 100, as_of=AS_OF, source="test")
            for i, g in enumerate(chunk)]


def _one_offer_per_gpu() -> list[Catalog]:
    all_gpus = gpus()
    reg = catalog().registry
    return [Catalog(registry=reg, offers=tuple(_offers(all_gpus[i:i + 50])),
                    providers=(_provider(),))
            for i in range(0, len(all_gpus), 50)]


def _engine_of(engine: str, p: Precision, workload: str) -> str:
    k = kernels()
    if workload == "finetune":
        assert k.training_engine
        return k.training_engine
    return "llama.cpp" if p.gguf else engine


def _check_recommendations(engine: str | None, weights: str, workload: str = "serving"
                           ) -> tuple[set[str], set[str]]:
    """(GPUs proposed, GPUs the rules let run), checking every option on the way."""
    proposed: set[str] = set()
    runnable: set[str] = set()
    eng = engine or catalog().registry.engines.default("llm", False).id
    for cat in _one_offer_per_gpu():
        req = msgspec.convert({"model": SMALL_LLM, "weights": weights, "workload": workload,
                               "top_n": 50, **({"engine": engine} if engine else {})},
                              RecommendationRequest)
        rec = recommend(req, cat, TODAY, explain=False)
        for o in rec.options:
            p = get_precision(o.weights)
            s = kernels().supported(_engine_of(eng, p, workload), p, gpu(o.offer.gpu))
            assert s.ok, (engine, weights, o.offer.gpu, o.weights, s.reason)
            proposed.add(o.offer.gpu)
    if weights != "auto":
        p = get_precision(weights)
        runnable = {g.id for g in gpus()
                    if kernels().supported(_engine_of(eng, p, workload), p, g).ok}
    return proposed, runnable


@pytest.mark.parametrize("engine", ["vllm", "sglang", "tensorrt-llm", "llama.cpp",
                                    "transformers"])
def test_recommender_never_proposes_a_refused_combination(engine: str) -> None:
    for p in PRECISIONS:
        if p.scope == "experts":
            continue  # refused on a dense model (kind_format moe-expert-formats, fix/modelspec)
        proposed, runnable = _check_recommendations(engine, p.id)
        assert proposed <= runnable, (engine, p.id, proposed - runnable)
    proposed, _ = _check_recommendations(engine, "auto")
    assert proposed, engine


def test_auto_weights_try_only_what_runs() -> None:
    proposed, _ = _check_recommendations(None, "auto")
    assert {"v100-sxm2-32gb", "t4"} <= proposed  # through fp16 rather than bf16
    proposed, _ = _check_recommendations(None, "auto", workload="finetune")
    assert "v100-sxm2-32gb" in proposed


def test_an_explicit_precision_a_gpu_cannot_run_goes_to_rejected_with_the_rule() -> None:
    cat = Catalog(registry=catalog().registry, offers=tuple(_offers(
        [gpu("h100-sxm"), gpu("b200")])), providers=(_provider(),))
    req = msgspec.convert({"model": SMALL_LLM, "weights": "nvfp4", "engine": "tensorrt-llm",
                           "workload": "serving"}, RecommendationRequest)
    rec = recommend(req, cat, TODAY)
    assert [o.offer.gpu for o in rec.options] == ["b200"]
    (rej,) = [r for r in rec.rejected if r.gpu == "h100-sxm"]
    assert "cannot run nvfp4" in rej.reason and "https://" in rej.reason
    assert "nearest that runs there: fp8" in rej.reason


def test_explicit_bf16_leaves_v100_out_and_auto_serves_it_in_fp16() -> None:
    cat = Catalog(registry=catalog().registry, offers=tuple(_offers(
        [gpu("v100-sxm2-32gb"), gpu("a100-sxm-80gb")])), providers=(_provider(),))
    req = msgspec.convert({"model": SMALL_LLM, "weights": "bf16", "workload": "serving"},
                          RecommendationRequest)
    assert [o.offer.gpu for o in recommend(req, cat, TODAY).options] == ["a100-sxm-80gb"]
    req = msgspec.convert({"model": SMALL_LLM, "weights": "auto", "workload": "serving"},
                          RecommendationRequest)
    by_gpu = {o.offer.gpu: o.weights for o in recommend(req, cat, TODAY).options}
    assert by_gpu["v100-sxm2-32gb"] in ("fp16", "gptq-int4")
    assert by_gpu["v100-sxm2-32gb"] != "bf16"


@pytest.mark.parametrize("weights", ["auto", "bf16", "fp16", "fp8"])
def test_diffusion_recommendations_run_on_what_they_propose(weights: str) -> None:
    diffusers = catalog().registry.engines.default("diffusion", False).id
    for cat in _one_offer_per_gpu():
        req = msgspec.convert({"model": "sd-1.5", "weights": weights, "workload": "serving",
                               "top_n": 50}, RecommendationRequest)
        for o in recommend(req, cat, TODAY, explain=False).options:
            s = kernels().supported(diffusers, get_precision(o.weights), gpu(o.offer.gpu))
            assert s.ok, (weights, o.offer.gpu, s.reason)
            if weights == "auto" and o.offer.gpu in ("v100-sxm2-32gb", "t4"):
                assert o.weights == "fp16"


def test_diffusion_sizing_warns_and_defaults_to_what_runs() -> None:
    r = _size(model="sd-1.5", gpu="t4", weights="bf16")
    assert r is not None and r.warnings and r.performance is None
    r = _size(model="sd-1.5", gpu="t4")
    assert r is not None and r.weights == "fp16" and r.performance is not None
    r = _size(model="sd-1.5", gpu="a100-sxm-80gb", weights="fp8")
    assert r is not None and not r.warnings and r.performance is not None
    assert all(kernels().supported("diffusers", get_precision("bf16"), gpu(row.gpu)).ok
               for row in (_size(model="sd-1.5", weights="bf16") or r).fits_on)


@pytest.mark.parametrize("mid", ["deepseek-v3", "deepseek-r1", "kimi-k2", "minimax-m2"])
def test_models_released_in_fp8_are_sized_at_fp8_by_default(mid: str) -> None:
    """Their weights ship in FP8 (each model's notes): DeepSeek-V3 on one 8 x H200 node was
    sized at bf16 (157.7 GiB per GPU, does not fit) where the standard deployment is FP8."""
    r = _size(model=mid, gpu="h200-sxm", gpu_count=8)
    assert r is not None and r.weights == "fp8"
    if mid.startswith("deepseek"):
        assert r.fits and r.runs
    # where FP8 does not run, the nearest precision that runs replaces it, said so
    old = _size(model=mid, gpu="v100-sxm2-32gb", gpu_count=8)
    assert old is not None and old.weights != "fp8"


def test_capacity_per_gpu_is_what_fits_compares_with() -> None:
    """/v1/ask quoted the card's usable memory (79.2 GiB on an H100) beside a fit decided
    against vLLM's 90 % share (71.7 GiB); the answer now carries the share itself."""
    r = _size(model=SMALL_LLM, gpu="h100-sxm")
    assert r is not None and r.gpu is not None and r.capacity_per_gpu_gib is not None
    assert r.capacity_per_gpu_gib == pytest.approx(r.gpu.memory_gib * 0.90, rel=1e-6)
    assert r.capacity_per_gpu_gib < r.gpu.usable_gib
    bare = _size(model=SMALL_LLM)
    assert bare is not None and bare.capacity_per_gpu_gib is None
