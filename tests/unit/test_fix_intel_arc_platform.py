"""Intel Xe GPUs (the Arc Pro B60, architecture "Xe2 (Battlemage)") run the engines whose own
docs list Intel GPUs: llama.cpp through its SYCL backend, vLLM through its XPU backend,
transformers/diffusers through PyTorch's XPU build. FP8 still has no kernel there (no FP8 on
the B60's XMX engines; vLLM's quantization table marks FP8 W8A8 unsupported on Intel GPU), and
the answers for NVIDIA and AMD GPUs do not move."""

from __future__ import annotations

from functools import cache

import msgspec

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.kernels import Kernels, Support
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

B60 = "arc-pro-b60"
MODEL = "llama-3.1-8b"


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def kernels() -> Kernels:
    return catalog().registry.kernels


def supported(engine: str, pid: str, gid: str) -> Support:
    return kernels().supported(engine, get_precision(pid), catalog().registry.gpus[gid])


def test_llama_cpp_runs_gguf_quants_on_the_b60_through_sycl() -> None:
    for pid in ("q4_k_m", "q8_0", "q6_k", "q4_0", "fp16"):
        s = supported("llama.cpp", pid, B60)
        assert s.ok, (pid, s.reason)
        assert s.rule == "llamacpp-ggml-types"
        assert "docs/backend/SYCL.md" in " ".join(s.sources)


def test_the_issue_request_sizes_with_speed_and_no_impossible_combination_warning() -> None:
    req = msgspec.convert({"model": MODEL, "gpu": B60, "engine": "llama.cpp",
                           "weights": "q4_k_m"}, SizingRequest)
    r = size(req, catalog())
    assert r.runs is True
    assert not any("impossible combination" in w for w in r.warnings), r.warnings
    assert r.performance is not None


def test_vllm_runs_16_bit_weights_on_the_b60() -> None:
    for pid in ("bf16", "fp16"):
        s = supported("vllm", pid, B60)
        assert s.ok, (pid, s.reason)


def test_transformers_and_diffusers_run_16_bit_weights_on_the_b60() -> None:
    for engine in ("transformers", "diffusers"):
        for pid in ("bf16", "fp16"):
            assert supported(engine, pid, B60).ok, (engine, pid)


def test_fp8_on_the_b60_is_still_refused_with_a_sourced_reason() -> None:
    for engine in ("vllm", "transformers", "diffusers", "llama.cpp"):
        s = supported(engine, "fp8", B60)
        assert s.status == "refused", (engine, s.reason)
        assert s.rule and all("https://" in u for u in s.sources)
        # the refusal is for the precision, not for the platform
        assert not s.rule.startswith("platform:"), (engine, s.rule)
        assert "cannot run fp8 on Intel Arc Pro B60" in s.reason


def test_engines_without_an_intel_path_still_refuse_the_b60() -> None:
    for engine in ("sglang", "tensorrt-llm"):
        s = supported(engine, "fp16", B60)
        assert s.status == "refused" and s.rule == f"platform:{engine}"


def test_nvidia_and_amd_answers_are_unchanged() -> None:
    s = supported("llama.cpp", "q4_k_m", "p100-pcie")
    assert (s.status, s.rule) == ("ok", "llamacpp-ggml-types")
    assert supported("llama.cpp", "q4_k_m", "mi300x").status == "ok"
    assert supported("vllm", "bf16", "h100-sxm").status == "ok"
    assert supported("transformers", "bf16", "mi300x").status == "ok"
    assert supported("vllm", "bf16", "t4").status == "refused"
    assert supported("vllm", "fp8", "a100-sxm-80gb").status == "runs_as"
    assert supported("vllm", "fp8", "mi300x").status == "ok"
    s = supported("vllm", "fp16", "p100-pcie")
    assert s.status == "refused" and s.rule == "platform:vllm"
