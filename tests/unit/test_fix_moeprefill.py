"""Weight-only-quantized MoE expert GEMMs (MXFP4 / INT4 experts on Hopper and Ampere: vLLM's
Triton ``matmul_ogs`` and Marlin MoE kernels dequantize the 4-bit weights to BF16 in the
kernel) run below the dense BF16 GEMM's efficiency: a long prompt's prefill of gpt-oss on an
A100 or H100 is slower than the dense curve says (GPUStack's performance lab, vLLM v0.11.0
baseline: 18,021.34 total tokens/s at 2000 in / 100 out on one A100 80GB, where the
dense-efficiency model gave 37.6k). Blackwell's native MXFP4 MoE kernels keep the curve."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import StepCost, step_cost
from service.domain.sizing.sizing import size, sized_from_entry
from service.domain.sizing.speed import achievable_tflops, kernel_compute
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _cost(catalog: Catalog, precision: str, gpu: str, model: str = "gpt-oss-20b") -> StepCost:
    reg = catalog.registry
    m = sized_from_entry(reg.model(model))
    p = get_precision(precision)
    kv = find_kv_type("fp16")
    assert kv is not None
    g = reg.gpus[gpu]
    e = reg.engines["vllm"]
    # as the sizing times it: the precision as vLLM's kernel runs it there (MXFP4 is an FP4
    # tensor-core format whose vLLM MoE takes BF16 activations: catalog/kernels.toml)
    p = reg.kernels.runs_as(e.id, p, g)
    return step_cost(m, p, kv, e, g, 1, catalog.perf, kernel_compute(g, p, e),
                     achievable_tflops(g, p, e, quantized_kernels=False) * 1e12)


@pytest.mark.parametrize("gpu", ["h100-sxm", "a100-sxm-80gb"])
def test_w4a16_experts_compute_slower_than_dense_bf16(catalog: Catalog, gpu: str) -> None:
    """A prefill chunk's expert GEMMs in MXFP4 take longer than the same parameters would at
    the dense BF16 curve's compute rate (the weight read alone is smaller at 4.25 bits)."""
    c = _cost(catalog, "mxfp4", gpu)
    assert c.expert_compute > 1.0
    dense_rate = msgspec.structs.replace(c, expert_compute=1.0).linear_s(8192)
    assert c.linear_s(8192) > 1.2 * dense_rate


def test_blackwell_mxfp4_and_bf16_experts_keep_the_curve(catalog: Catalog) -> None:
    """Native MXFP4 MoE kernels on Blackwell, and unquantized experts anywhere, keep it."""
    assert _cost(catalog, "mxfp4", "b200").expert_compute == 1.0
    assert _cost(catalog, "bf16", "h100-sxm").expert_compute == 1.0


@pytest.mark.parametrize(("gpu", "isl", "osl", "published", "within"), [
    # docs.gpustack.ai/latest/performance-lab/gpt-oss-20b/a100, baseline, random 2K input
    ("a100-sxm-80gb", 2000, 100, 18021.34, 1.5),
    # docs.gpustack.ai/latest/performance-lab/gpt-oss-20b/h100, baseline, random 32K input
    ("h100-sxm", 32000, 100, 29730.30, 1.4),
])
def test_gpt_oss_20b_prefill_bound_throughput_near_gpustack(
        catalog: Catalog, gpu: str, isl: int, osl: int, published: float, within: float) -> None:
    """The audit's requests: the saturated total (input + output) tokens/s within ``within``
    of GPUStack's Total Token throughput (they were 2.09x and 1.78x above it)."""
    r = size(SizingRequest(model="gpt-oss-20b", gpu=gpu, engine="vllm", batch_size=256,
                           input_tokens=isl, output_tokens=osl), catalog)
    perf = r.performance
    assert perf is not None and perf.max_requests_per_s is not None
    total = perf.max_requests_per_s * (isl + osl)
    assert published / within < total < within * published


@pytest.mark.parametrize("gpu", ["rtx-5090", "rtx-pro-6000-ws"])
def test_sm120_blackwell_runs_mxfp4_experts_as_w4a16(catalog: Catalog, gpu: str) -> None:
    """Consumer and workstation Blackwell (sm_120) has no native FP4 MoE path in vLLM: MXFP4
    experts fall back to Marlin W4A16 (vllm issues #31085, #40153, #47749), as on Ampere; only
    sm_100 (B200) keeps the curve. It had been exempt with every Blackwell, and the RTX 5070
    then outranked Ada and Ampere cards for gpt-oss."""
    assert catalog.registry.gpus[gpu].compute_capability.startswith("12.")
    assert _cost(catalog, "mxfp4", gpu).expert_compute > 1.0
