"""The continuous-batching serving model (service/domain/sizing/serving.py), the measured
efficiency curves (efficiency.py) and the floors of ``gpu-advisor calibrate`` on the serving
measurements (catalog/serving_measurements.csv), on the rows the constants were fitted on
and on the held-out ones."""

from __future__ import annotations

import math

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.perf_files import read_serving_measurements
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.errors import InvalidInput
from service.domain.sizing.efficiency import (
    EMPTY,
    attention_curve,
    attention_share,
    comm_model,
    gemm_efficiency,
    gemm_model,
)
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import StepCost, kv_admission, serve, step_cost
from service.domain.sizing.sizing import size, sized_from_entry
from service.domain.sizing.speed import achievable_tflops, kernel_compute, prefill_s, under_load
from service.evaluation.calibration import LoadReport, run_load_calibration
from service.paths import default_data_dir

# The floors: median absolute % error, on the seen rows and on the held-out rows.
FLOORS = {"ttft_under_load": 30.0, "tpot_under_load": 20.0, "saturated_throughput": 30.0,
          "throughput_under_load": 30.0}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


@pytest.fixture(scope="module")
def report(catalog: Catalog) -> LoadReport:
    rows = read_serving_measurements(default_data_dir("catalog") / "serving_measurements.csv")
    return run_load_calibration(rows, catalog.registry, catalog.perf)


def _cost(catalog: Catalog, engine: str = "vllm", model: str = "qwen3-32b",
          gpu: str = "h100-sxm", tp: int = 2) -> StepCost:
    reg = catalog.registry
    m = sized_from_entry(reg.model(model))
    p = get_precision("fp8")
    kv = find_kv_type("fp16")
    assert kv is not None
    g = reg.gpus[gpu]
    e = reg.engines[engine]
    return step_cost(m, p, kv, e, g, tp, catalog.perf, kernel_compute(g, p, e),
                     achievable_tflops(g, p, e, quantized_kernels=False) * 1e12)


@pytest.mark.parametrize("engine", ["vllm", "tensorrt-llm", "sglang"])
def test_latency_grows_and_throughput_rises_with_load(catalog: Catalog, engine: str) -> None:
    cost = _cost(catalog, engine)
    prev = None
    for users in (1, 2, 4, 8, 16, 32, 64, 128):
        load = serve(cost, 2048, 256, users, 8192, 512)
        if prev is not None:
            assert load.ttft_s >= prev.ttft_s * 0.999
            assert load.tpot_s >= prev.tpot_s * 0.999
            assert load.requests_per_s >= prev.requests_per_s * 0.999
        prev = load


def test_ttft_grows_with_queueing_in_an_open_loop(catalog: Catalog) -> None:
    cost = _cost(catalog)
    cap = serve(cost, 4096, 256, 256, 8192, 256).requests_per_s
    ttfts = [serve(cost, 4096, 256, None, 8192, 256, request_rate_per_s=cap * f).ttft_s
             for f in (0.05, 0.3, 0.6, 0.9)]
    assert ttfts == sorted(ttfts)
    assert ttfts[-1] > 1.5 * ttfts[0]
    over = serve(cost, 4096, 256, None, 8192, 256, request_rate_per_s=cap * 3)
    assert over.saturated and math.isinf(over.ttft_s)


def test_kv_admission_caps_concurrency(catalog: Catalog) -> None:
    # 1 GiB of KV at 128 KiB per token in 16-token blocks: 8,192 tokens; 2,048-token prompts
    # with 256 out hold 136 blocks each on average: 3 sequences
    def per_token(t: int) -> float:
        return t * 2.0**17

    assert kv_admission(2**30, per_token, 16, 2048, 256, 256) == 3
    assert kv_admission(2**30, per_token, 16, 2048, 256, 2) == 2  # max_num_seqs
    assert kv_admission(2**20, per_token, 16, 2048, 256, 256) == 0  # not even one sequence
    cost = _cost(catalog)
    few = serve(cost, 2048, 256, 64, 8192, 3)
    assert few.running == 3
    many = serve(cost, 2048, 256, 64, 8192, 64)
    assert few.ttft_s > 5 * many.ttft_s  # the others wait for a running sequence to end


def test_saturated_throughput_is_the_kv_limited_load(catalog: Catalog) -> None:
    reg = catalog.registry
    m = sized_from_entry(reg.model("llama-3.1-8b"))
    p = get_precision("bf16")
    kv = find_kv_type("fp16")
    assert kv is not None
    engine, gpu = reg.engines["vllm"], reg.gpus["h100-sxm"]
    got = under_load(m, p, kv, engine, gpu, 1, 1024, 256, 8, None, catalog.perf)
    full = under_load(m, p, kv, engine, gpu, 1, 1024, 256, 100_000, None, catalog.perf)
    assert got is not None and full is not None
    at, sat = got[0], full[0]
    assert sat.running > 8
    assert sat.requests_per_s > at.requests_per_s


def test_gemm_curves_are_measured_or_labelled_derived(catalog: Catalog) -> None:
    reg = catalog.registry
    eff, src = gemm_efficiency(catalog.perf, reg.gpus["h100-sxm"], "fp8", 4096)
    assert src == "measured:h100_sxm gemm fp8"
    assert 0.4 < eff < 0.9
    # held at the edges: per-token time constant past the last point
    g = gemm_model(catalog.perf, reg.gpus["h100-sxm"], "bf16")
    assert g.latency_s(65536) == pytest.approx(4 * g.latency_s(16384), rel=1e-9)
    assert g.latency_s(0.5) == g.latency_s(1)
    # interpolated in log m between measured points
    assert g.latency_s(64) <= g.latency_s(96) <= g.latency_s(128)
    derived = gemm_model(catalog.perf, reg.gpus["rtx-4090"], "bf16")
    assert derived.source.startswith("derived from datasheet")
    bare = gemm_model(EMPTY, reg.gpus["h100-sxm"], "bf16")
    assert bare.source.startswith("derived from datasheet")
    comm = comm_model(catalog.perf, reg.gpus["h100-sxm"], "all_reduce", 4)
    assert comm.source.startswith("measured:h100_sxm")
    assert comm.seconds(2**20) < comm.seconds(2**26)
    assert comm_model(EMPTY, reg.gpus["h100-sxm"], "all_reduce", 4).source.startswith(
        "derived from datasheet")


def test_sizing_reports_latency_under_load(catalog: Catalog) -> None:
    req = msgspec.convert({
        "model": "Qwen/Qwen3-32B", "weights": "fp8", "engine": "tensorrt-llm",
        "gpu": "h100-sxm", "gpu_count": 4, "input_tokens": 4096, "output_tokens": 128,
        "batch_size": 16}, SizingRequest)
    perf = size(req, catalog).performance
    assert perf is not None
    # measured (aiconfigurator, TRT-LLM 1.0): TTFT 546 ms, TPOT 18.5 ms. This row is in the
    # TensorRT-LLM 1.0.0rc3 H100 block whose TTFT grows with the output length (the model
    # under-estimates the block by a median 36 %, README): 1.75x here, 1.6x before the start
    # transient (which tightened the TTFT floor above from 35 to 30 % instead)
    assert perf.time_to_first_token_ms is not None
    assert 546 / 1.75 < perf.time_to_first_token_ms < 546 * 1.6
    assert perf.time_per_output_token_ms is not None
    assert 18.5 / 1.3 < perf.time_per_output_token_ms < 18.5 * 1.3
    assert perf.output_tokens_per_s_per_user == pytest.approx(
        1000 / perf.time_per_output_token_ms)
    assert perf.efficiency_source and perf.efficiency_source.startswith("measured:h100_sxm")
    assert perf.max_throughput_tokens_per_s and perf.output_tokens_per_s
    assert perf.max_throughput_tokens_per_s >= perf.output_tokens_per_s
    opened = size(msgspec.structs.replace(req, request_rate_per_s=1.0), catalog).performance
    assert opened is not None and opened.requests_per_s == pytest.approx(1.0)
    assert opened.load == "open loop, 1 requests/s"


@pytest.mark.parametrize("subset", ["seen", "held-out"])
@pytest.mark.parametrize("kind", sorted(FLOORS))
def test_floors_hold_on_seen_and_held_out_rows(report: LoadReport, kind: str,
                                               subset: str) -> None:
    s = report.get(kind, subset)
    assert s is not None and s.n >= 100
    assert s.median_abs_pct <= FLOORS[kind], f"{kind} {subset}: {s.median_abs_pct:.1f}%"
    # and better than a plain roofline
    assert s.median_abs_pct < s.baseline_median_abs_pct


def test_held_out_rows_are_other_gpus_models_and_engines(report: LoadReport) -> None:
    held = [r for r in report.rows if r.held_out]
    assert {r.gpu_id for r in held} >= {"b200"}
    assert {r.engine for r in held} >= {"sglang"}
    assert {r.model_id for r in held} >= {"gpt-oss-120b", "deepseek-r1"}
    seen = [r for r in report.rows if not r.held_out]
    assert {r.gpu_id for r in seen} <= {"h100-sxm", "h200-sxm"}
    assert {r.engine for r in seen} <= {"vllm", "tensorrt-llm"}


def test_attention_speed_grows_with_sequence_length(catalog: Catalog) -> None:
    """catalog/perf/attention.csv: FlashAttention-3 on Hopper, FlashAttention-2 elsewhere;
    interpolated in log length between the measured points, held at the edges."""
    reg = catalog.registry
    hopper = attention_curve(catalog.perf, reg.gpus["h100-sxm"])
    ampere = attention_curve(catalog.perf, reg.gpus["a100-sxm-80gb"])
    assert hopper is not None and ampere is not None
    assert hopper.kernel == "flash-attention-3" and ampere.kernel == "flash-attention-2"
    # the measured points: FA3 causal head dim 128 on H100, 292 TFLOPS at 512 of 616 at 16k
    assert hopper.share(512) == pytest.approx(292 / 616)
    assert hopper.share(16384) == 1.0 and hopper.share(1_000_000) == 1.0
    assert hopper.share(1) == pytest.approx(292 / 616)  # held below the first point
    mid = hopper.share(math.sqrt(512 * 1024))  # halfway in log length
    assert mid == pytest.approx((292 + 423) / 2 / 616)
    shares = [ampere.share(n) for n in (256, 512, 2048, 8192, 16384, 65536)]
    assert shares == sorted(shares)
    assert attention_share(EMPTY, reg.gpus["h100-sxm"], 512) == 1.0


def test_short_prompts_prefill_slower_per_token_on_flash_attention_engines(
        catalog: Catalog) -> None:
    """The attention share scales prefill attention of FlashAttention engines only: a 512-token
    prompt's attention runs at 47 % of the long-sequence speed on H100 (FA3), so the prefill
    with the table is slower than without; llama.cpp (no FlashAttention in its measured rows)
    is the same with or without."""
    reg = catalog.registry
    m = sized_from_entry(reg.model("llama-3.1-8b"))
    p = get_precision("bf16")
    g = reg.gpus["h100-sxm"]
    vllm, cpp = reg.engines["vllm"], reg.engines["llama.cpp"]
    assert vllm.speed.flash_attention and not cpp.speed.flash_attention
    with_table = prefill_s(m, p, vllm, g, 1, 512, 8, catalog.perf)
    without = prefill_s(m, p, vllm, g, 1, 512, 8)
    assert with_table > without * 1.01
    assert prefill_s(m, p, cpp, g, 1, 512, 8, catalog.perf) == prefill_s(m, p, cpp, g, 1, 512, 8)
    # at 16k tokens the kernel is at its plateau: the table changes nothing
    assert prefill_s(m, p, vllm, g, 1, 16384, 1, catalog.perf) == pytest.approx(
        prefill_s(m, p, vllm, g, 1, 16384, 1))


def test_sliding_window_layers_hold_the_window_in_admission_and_step(catalog: Catalog) -> None:
    """Gemma 3 (5 of 6 layers on a 1,024-token window): a 32k prompt on one H100 admits the
    sequences the memory plan sizes and decodes at a speed, not 0 requests/s (its admission
    counted every layer at the full context and admitted none)."""
    r = size(SizingRequest(model="gemma-3-27b", gpu="h100-sxm", input_tokens=32000,
                           output_tokens=500), catalog)
    p = r.performance
    assert r.fits and r.max_batch_size and p is not None
    assert p.max_concurrency and p.max_concurrency >= 1
    assert p.max_requests_per_s and p.max_requests_per_s > 0
    assert p.max_throughput_tokens_per_s and p.max_throughput_tokens_per_s > p.decode_tokens_per_s
    # the concurrency the KV pool admits is the memory plan's (within paged-block rounding)
    assert abs(p.max_concurrency - r.max_batch_size) <= max(1, r.max_batch_size // 10)
    # the decode step reads the window, not 32k tokens, on 5 of 6 layers
    g = catalog.registry.gpus["h100-sxm"]
    m = sized_from_entry(catalog.registry.model("gemma-3-27b"))
    p16 = get_precision("bf16")
    kv = find_kv_type("fp16")
    c = step_cost(m, p16, kv, catalog.registry.engines["vllm"], g, 1, catalog.perf,
                  "bf16", 989e12)
    full = msgspec.structs.replace(c, window=0.0)
    assert c.step_s(8, 32000) < full.step_s(8, 32000)
    assert c.step_s(8, 512) == full.step_s(8, 512)  # inside the window: the same



def test_a_prompt_just_past_a_chunk_is_not_timed_as_two_full_chunks(catalog: Catalog) -> None:
    """Llama 3.1 70B fp8 on 2 x H100, one user: 8,193 prompt tokens are one full 8k chunk
    and a 1-token one (TTFT was 618 -> 1,230 ms at the boundary, and 16,000 tokens took
    only 10 % longer than 8,193); the headline prefill speed is the same step model's."""
    def at(isl: int) -> tuple[float, float]:
        r = size(SizingRequest(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm",
                               gpu_count=2, input_tokens=isl, output_tokens=500), catalog)
        p = r.performance
        assert p is not None and p.time_to_first_token_ms and p.prefill_tokens_per_s
        return p.time_to_first_token_ms, p.prefill_tokens_per_s

    t8000, pre8000 = at(8000)
    t8193, _ = at(8193)
    t16000, _ = at(16000)
    assert t8193 < 1.1 * t8000
    assert 1.7 < t16000 / t8000 < 2.5  # about linear in the prompt, a little attention on top
    # TTFT = the prompt's prefill + a per-request overhead + half a step: within 15 %
    assert 8000 / pre8000 * 1000 == pytest.approx(t8000, rel=0.15)


def test_a_host_routed_pcie_curve_is_not_the_gpus_and_same_chip_cards_agree(
        catalog: Catalog) -> None:
    """aiconfigurator's L40S server measures 4- and 8-GPU all-reduces 4x slower than the PCIe
    datasheet model (its pairs are fast): 70B fp8 on 4 x L40S took 7.1 s to a first token of
    an 8k prompt against 2.3 s on 4 x RTX 6000 Ada, the same AD102 chip and link."""
    from service.domain.sizing.efficiency import comm_model

    g = catalog.registry.gpus["l40s"]
    four = comm_model(catalog.perf, g, "all_reduce", 4)
    assert four.curve is None and "not used" in four.source
    pair = comm_model(catalog.perf, g, "all_reduce", 2)
    assert pair.curve is not None and pair.source.startswith("measured:")
    sxm = comm_model(catalog.perf, catalog.registry.gpus["h100-sxm"], "all_reduce", 8)
    assert sxm.curve is not None  # NVLink systems keep their measured curves

    def ttft(gid: str) -> float:
        r = size(SizingRequest(model="llama-3.1-70b", weights="fp8", gpu=gid, gpu_count=4,
                               input_tokens=8000, output_tokens=500), catalog)
        assert r.performance is not None and r.performance.time_to_first_token_ms
        return r.performance.time_to_first_token_ms

    assert ttft("l40s") == pytest.approx(ttft("rtx-6000-ada"), rel=0.1)


def test_mla_prefill_attention_counts_decompressed_heads(catalog: Catalog) -> None:
    """DeepSeek-V3 prefill attention: 2 x 128 heads x (192 + 128) per layer per pair, not
    4 x query width (128 x 192), which over-counted it by 20 %."""
    from service.domain.sizing.serving import attention_flops_per_pair

    a = sized_from_entry(catalog.registry.model("deepseek-v3")).arch
    assert a is not None
    assert attention_flops_per_pair(a) == 2.0 * 61 * 128 * (192 + 128)
    dense = sized_from_entry(catalog.registry.model("llama-3.1-8b")).arch
    assert dense is not None
    assert attention_flops_per_pair(dense) == 4.0 * dense.num_layers * dense.q_width


def test_moe_and_mla_layers_pay_for_their_extra_kernels(catalog: Catalog) -> None:
    """A decode step replayed from a CUDA graph pays each kernel's fixed time: DeepSeek-R1's
    layers (MLA's latent norms, query up-projection and absorbed BMMs; the MoE block's router,
    top-k, permute and finalize; the shared expert) cost more than a dense GQA layer's, where
    both used to pay the same per-layer launch."""
    from service.domain.sizing.serving import KERNEL_S, kernels_per_layer

    ds = _cost(catalog, engine="tensorrt-llm", model="deepseek-r1", gpu="h200-sxm", tp=8)
    dense = _cost(catalog, engine="tensorrt-llm", model="llama-3.1-70b", gpu="h200-sxm", tp=8)
    a = sized_from_entry(catalog.registry.model("deepseek-r1")).arch
    d = sized_from_entry(catalog.registry.model("llama-3.1-70b")).arch
    assert a is not None and d is not None
    assert kernels_per_layer(d) == 9.0
    # 3 dense layers of 10 + 4, 58 MoE layers of 10 + 8 + 3 (shared expert)
    assert kernels_per_layer(a) == pytest.approx(10 + (3 * 4 + 58 * 11) / 61)
    assert ds.layer_graph_s - dense.layer_graph_s == pytest.approx(
        KERNEL_S * (kernels_per_layer(a) - 9.0))
    assert ds.layer_graph_s > 2 * dense.layer_graph_s


def test_deepseek_r1_lone_decode_is_not_faster_than_measured(catalog: Catalog) -> None:
    """DeepSeek-R1 FP8 on 8 x H200 (TensorRT-LLM): the fastest low-load TPOT measured is 7.1 ms
    (expert-parallel, 4 users; 8.6-13.8 ms at 1k/1k), while the step used to come out at 4.2 ms
    (235 tokens/s for one user): its ~21 kernels per layer were timed as a dense layer's."""
    c = _cost(catalog, engine="tensorrt-llm", model="deepseek-r1", gpu="h200-sxm", tp=8)
    assert c.step_s(1, 1536) > 0.8 * 7.1e-3


def test_held_out_moe_tpot_is_not_biased_fast(report: LoadReport) -> None:
    """The held-out MoE rows (DeepSeek-R1 on H200, gpt-oss-120b on H100/H200/B200) were
    predicted 14-19 % too fast (median); with the per-kernel time, fitted on the dense seen
    rows only, DeepSeek-R1's median error is within a few percent and its |error| drops."""
    import statistics

    def errs(model: str) -> list[float]:
        return [p.error_pct for p in report.rows
                if p.kind == "tpot_under_load" and p.held_out and model in p.model_id]

    ds, oss = errs("deepseek"), errs("gpt-oss")
    assert ds and oss
    assert abs(statistics.median(ds)) < 5.0
    assert statistics.median(abs(e) for e in ds) < 13.0
    assert abs(statistics.median(oss)) < 10.0


def test_seen_tpot_improves_with_the_per_kernel_time(report: LoadReport) -> None:
    """KERNEL_S was fitted on the seen rows' TPOT (15.4 % median |error| without it)."""
    s = {(x.kind, x.subset): x.median_abs_pct for x in report.stats}
    assert s["tpot_under_load", "seen"] < 12.0
    assert s["throughput_under_load", "seen"] < 13.0
    assert s["ttft_under_load", "seen"] < 29.6


def test_no_output_tokens_gives_no_decode_or_output_figures(catalog: Catalog) -> None:
    """output_tokens 0 reported 42 output tokens/s per user and $16.49 per 1M output tokens
    (requests/s read as tokens/s): nothing is generated, so those are null."""
    r = size(SizingRequest(model="llama-3.1-8b", weights="bf16", gpu="h100-sxm",
                           input_tokens=1000, output_tokens=0, price_per_gpu_hour_usd=2.5),
             catalog)
    p = r.performance
    assert p is not None and r.cost is not None
    assert p.decode_tokens_per_s is None and p.time_per_output_token_ms is None
    assert p.output_tokens_per_s_per_user is None and p.max_throughput_tokens_per_s is None
    assert r.cost.per_million_output_tokens_usd is None
    assert p.prefill_tokens_per_s and p.prefill_tokens_per_s > 10_000
    assert p.max_requests_per_s and p.max_requests_per_s > 10


def test_an_experts_only_format_on_a_dense_model_is_refused(catalog: Catalog) -> None:
    """MXFP4 on Llama 3.1 70B: once timed as its memory counted it (every linear layer at 4.25
    bits); now refused, as no engine runs an MXFP4 linear layer outside a fused MoE (vLLM's
    Mxfp4Config: "Mxfp4 linear layer is not implemented"; fix/modelspec, audit 31d #4)."""
    with pytest.raises(InvalidInput):
        size(SizingRequest(model="llama-3.1-70b", weights="mxfp4", gpu="h100-sxm",
                           input_tokens=1000, output_tokens=200), catalog)
