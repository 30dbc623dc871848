"""Consistency of the serving figures a buyer reads side by side (found by a blind buyer audit):
time per output token continuous in the prompt length, one user decoding at the lone decode
step, Little's law in every closed loop, the maximum throughput never below the throughput at
the stated load, a context over the model's limit warned about, and GPU data that describes the
device software sees."""

from __future__ import annotations

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import find_kv_type, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.serving import _at_rate
from service.domain.sizing.sizing import SizingResult, size, sized_from_entry
from service.domain.sizing.speed import under_load
from service.paths import default_data_dir


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _size(catalog: Catalog, **body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog)


def test_time_per_output_token_is_continuous_in_the_prompt_length(catalog: Catalog) -> None:
    """One user of Llama 3.1 8B on an H100: the TPOT grew from 9 ms at 28k prompt tokens to
    360 ms at 29k (a step with less than half a decode in it was timed as a prefill chunk)."""
    last = None
    for tokens in range(16_000, 66_000, 2_000):
        perf = _size(catalog, model="llama-3.1-8b", weights="bf16", gpu="h100-sxm",
                     input_tokens=tokens, output_tokens=500).performance
        assert perf is not None and perf.time_per_output_token_ms is not None
        tpot = perf.time_per_output_token_ms
        assert 4.0 < tpot < 20.0, (tokens, tpot)
        if last is not None:
            assert tpot / last < 1.1, (tokens, last, tpot)
        last = tpot


@pytest.mark.parametrize("model,gpu", [("llama-3.1-8b", "h100-sxm"), ("qwen3-32b", "h200-sxm"),
                                       ("gpt-oss-120b", "h100-sxm")])
def test_one_user_decodes_at_the_lone_decode_step(catalog: Catalog, model: str, gpu: str
                                                  ) -> None:
    """A user's own prompt is done before its decode starts: alone, its TPOT is one decode
    step at its context, whatever the prompt length."""
    reg = catalog.registry
    m = sized_from_entry(reg.model(model))
    p = get_precision("mxfp4" if "gpt-oss" in model else "fp8")
    kv = find_kv_type("fp16")
    assert kv is not None
    for isl in (1_000, 8_000, 30_000):
        got = under_load(m, p, kv, reg.engines["vllm"], reg.gpus[gpu], 1, isl, 400, 1, None,
                         catalog.perf)
        assert got is not None
        at, cost = got
        lone = cost.step_s(1, isl + 400 / 2)
        assert at.tpot_s == pytest.approx(lone, rel=0.01), (isl, at.tpot_s, lone)


@pytest.mark.parametrize("users,isl,osl", [(1, 2_000, 200), (16, 4_000, 500), (128, 2_048, 128),
                                           (512, 128, 128), (1_000, 1_000, 1_000)])
def test_every_closed_loop_obeys_littles_law(catalog: Catalog, users: int, isl: int,
                                             osl: int) -> None:
    """users = requests/s x (TTFT + (output - 1) x TPOT): with 512 users of 128-token prompts
    the engine's steps are all prefill before 256 sequences are in, and the TTFT left out the
    wait of the users it could not take in (1.9 s where Little's law gives 2.7 s)."""
    reg = catalog.registry
    m = sized_from_entry(reg.model("llama-3.1-8b"))
    kv = find_kv_type("fp16")
    assert kv is not None
    got = under_load(m, get_precision("fp8"), kv, reg.engines["vllm"], reg.gpus["h100-sxm"], 1,
                     isl, osl, users, None, catalog.perf)
    assert got is not None
    at = got[0]
    in_loop = at.requests_per_s * (at.ttft_s + (osl - 1) * at.tpot_s)
    assert in_loop == pytest.approx(users, rel=0.01), (in_loop, at)


@pytest.mark.parametrize("body", [
    {"model": "llama-3.1-8b", "weights": "bf16", "gpu": "h100-sxm", "engine": "tensorrt-llm",
     "input_tokens": 2048, "output_tokens": 128, "batch_size": 128},
    {"model": "llama-3.1-8b", "weights": "bf16", "gpu": "a100-sxm-80gb", "input_tokens": 2000,
     "output_tokens": 200, "batch_size": 8},
    {"model": "qwen3-32b", "weights": "fp8", "gpu": "h100-sxm", "input_tokens": 1000,
     "output_tokens": 1000, "batch_size": 64},
])
def test_the_maximum_throughput_is_never_below_the_throughput_at_the_load(
        catalog: Catalog, body: dict[str, object]) -> None:
    perf = _size(catalog, **body).performance
    assert perf is not None
    assert perf.output_tokens_per_s is not None and perf.max_throughput_tokens_per_s
    assert perf.max_throughput_tokens_per_s >= perf.output_tokens_per_s * 0.999
    assert perf.max_requests_per_s is not None and perf.requests_per_s is not None
    assert perf.max_requests_per_s >= perf.requests_per_s * 0.999


def test_a_context_over_the_models_limit_is_a_warning(catalog: Catalog) -> None:
    over = _size(catalog, model="llama-3.1-8b", gpu="h200-sxm", input_tokens=200_000,
                 output_tokens=1_000)
    assert any("131,072" in w and "201,000" in w for w in over.warnings), over.warnings
    within = _size(catalog, model="llama-3.1-8b", gpu="h200-sxm", input_tokens=100_000,
                   output_tokens=1_000)
    assert not any("supports" in w for w in within.warnings), within.warnings


def test_every_nvidia_gpu_with_tensor_cores_has_a_tensor_rate(catalog: Catalog) -> None:
    """Volta (7.0) and later have tensor cores: a 16-bit figure must be given, or prefill is
    timed at the FP32 rate (the A10G's prefill was half what the card does)."""
    for g in catalog.registry.gpus.values():
        cc = getattr(g, "compute_capability", None)
        if g.vendor != "NVIDIA" or not cc or float(cc) < 7.0:
            continue
        rate = g.fp16_tflops or g.bf16_tflops
        assert rate is not None, g.id
        if g.fp32_tflops is not None:
            assert rate > 1.5 * g.fp32_tflops, (g.id, rate, g.fp32_tflops)


def test_the_mi250x_is_the_device_software_sees(catalog: Catalog) -> None:
    """An MI250X module is two 64 GB GCDs, each its own device: 70B at bf16 (131 GiB of weights)
    fitted on \"one MI250X\" of 128 GiB."""
    g = catalog.registry.gpus["mi250x"]
    assert g.total_gib == pytest.approx(64.0)
    r = _size(catalog, model="llama-3.1-70b", weights="bf16", gpu="mi250x", gpu_count=1,
              input_tokens=1000, output_tokens=200)
    assert r.fits is False
    row = next(f for f in r.fits_on if f.gpu == "mi250x")
    assert row.gpu_count >= 4  # 131 GiB of weights over 64 GiB devices


@pytest.mark.parametrize("body,measured,lo,hi", [
    # catalog/calibration.csv h147: torchtune QLoRA, Llama-3.1-8B, RTX 4090, batch 2 x 2048
    ({"model": "llama-3.1-8b", "gpu": "rtx-4090", "gpu_count": 1,
      "finetune": {"method": "qlora", "micro_batch_size": 2, "sequence_length": 2048}},
     2413.0, 0.6, 1.2),
    # h149: torchtune LoRA, Llama-3.1-70B bf16, 8 x A100 80GB, batch 2 x 2048
    ({"model": "llama-3.1-70b", "gpu": "a100-sxm-80gb", "gpu_count": 8, "weights": "bf16",
      "finetune": {"method": "lora", "micro_batch_size": 2, "sequence_length": 2048}},
     3497.0, 0.8, 1.2),
])
def test_adapter_training_speed_is_near_the_published_runs(
        catalog: Catalog, body: dict[str, object], measured: float, lo: float, hi: float
        ) -> None:
    """The tokens/s a LoRA or QLoRA run gets, against the two published torchtune runs (a
    0.24 share of the peak made the RTX 4090 QLoRA run 2.9x slower than measured)."""
    perf = _size(catalog, task="finetune", **body).performance
    assert perf is not None and perf.training_tokens_per_s
    assert lo <= perf.training_tokens_per_s / measured <= hi, perf.training_tokens_per_s


@pytest.mark.parametrize("body", [
    {"model": "llama-3.1-405b", "weights": "fp8", "gpu": "h100-pcie", "gpu_count": 8,
     "batch_size": 8, "input_tokens": 4000, "output_tokens": 500},
    {"model": "llama-3.1-70b", "weights": "bf16", "gpu": "l4", "gpu_count": 8, "batch_size": 4,
     "input_tokens": 2000, "output_tokens": 500, "price_per_gpu_hour_usd": 0.8},
    {"model": "llama-3.1-70b", "weights": "bf16", "gpu": "a100-pcie-80gb", "gpu_count": 4,
     "parallelism": {"tensor": 2, "pipeline": 2}, "batch_size": 8, "input_tokens": 2000,
     "output_tokens": 500},
])
def test_a_layout_with_pipeline_stages_has_its_throughput(catalog: Catalog,
                                                          body: dict[str, object]) -> None:
    """TP x PP layouts answered 0 tokens/s and a concurrency of 0 (the stages' memory was not
    counted: the tensor group alone cannot hold the model)."""
    r = _size(catalog, **body)
    assert r.fits and r.layout is not None and r.layout.pipeline > 1
    perf = r.performance
    assert perf is not None and perf.max_throughput_tokens_per_s
    assert perf.max_concurrency and perf.time_per_output_token_ms
    assert perf.max_throughput_tokens_per_s >= (perf.decode_throughput_tokens_per_s or 0) * 0.5
    if "price_per_gpu_hour_usd" in body:
        assert r.cost is not None and r.cost.per_million_output_tokens_usd


def test_the_maximum_does_not_depend_on_the_load_asked_about(catalog: Catalog) -> None:
    body = {"model": "llama-3.1-70b", "weights": "bf16", "gpu": "h100-sxm", "gpu_count": 4,
            "parallelism": {"tensor": 4}, "input_tokens": 2000, "output_tokens": 500}
    light = _size(catalog, **body, request_rate_per_s=2).performance
    heavy = _size(catalog, **body, request_rate_per_s=50).performance
    closed = _size(catalog, **body, batch_size=16).performance
    assert light and heavy and closed
    assert light.max_requests_per_s == pytest.approx(heavy.max_requests_per_s, rel=1e-6)
    assert closed.max_requests_per_s == pytest.approx(heavy.max_requests_per_s, rel=1e-6)
    assert light.requests_per_s == pytest.approx(2.0)


def test_an_overloaded_open_loop_is_a_warning(catalog: Catalog) -> None:
    r = _size(catalog, model="llama-3.1-70b", weights="bf16", gpu="h100-sxm", gpu_count=4,
              input_tokens=2000, output_tokens=500, request_rate_per_s=50)
    assert r.performance and r.performance.time_to_first_token_ms is None
    assert any("grows without bound" in w and "setups carry it" in w for w in r.warnings)


def test_tensor_parallel_past_a_pcie_cards_bridge_is_timed_over_pcie(catalog: Catalog
                                                                     ) -> None:
    """A100 PCIe cards are bridged in pairs: TP8 was timed over NVLink, with no warning."""
    body = {"model": "llama-3.1-70b", "weights": "bf16", "gpu_count": 8, "batch_size": 8,
            "parallelism": {"tensor": 8}, "input_tokens": 2000, "output_tokens": 500}
    pcie = _size(catalog, gpu="a100-pcie-80gb", **body)
    sxm = _size(catalog, gpu="a100-sxm-80gb", **body)
    assert pcie.performance and sxm.performance
    assert "PCIe" in (pcie.performance.efficiency_source or "")
    assert any("timed at PCIe speed" in w for w in pcie.warnings)
    assert not any("timed at PCIe speed" in w for w in sxm.warnings)
    assert (pcie.performance.time_per_output_token_ms or 0) > (
        sxm.performance.time_per_output_token_ms or 0)


@pytest.mark.parametrize("model", ["gpt-oss-120b", "qwen3-30b-a3b", "llama-3.1-8b",
                                   "qwen3-235b-a22b"])
def test_the_decode_speed_fits_on_and_the_speed_per_user_agree(catalog: Catalog,
                                                               model: str) -> None:
    """One model of a decode step for a tensor engine: the headline decode speed, the asked
    GPU's row in fits_on and one user's speed under load (MoE models differed by 20-26 %)."""
    gpu, n = ("h100-sxm", 4) if model == "qwen3-235b-a22b" else ("h100-sxm", 1)
    r = _size(catalog, model=model, gpu=gpu, gpu_count=n, input_tokens=1000,
              output_tokens=200, parallelism={"tensor": n},
              **({"weights": "fp8"} if n > 1 else {}))
    perf = r.performance
    assert perf and perf.decode_tokens_per_s and perf.output_tokens_per_s_per_user
    assert perf.output_tokens_per_s_per_user == pytest.approx(perf.decode_tokens_per_s,
                                                              rel=0.05)
    row = next((f for f in r.fits_on if f.gpu == gpu and f.gpu_count == n), None)
    if row is not None:
        assert row.decode_tokens_per_s == pytest.approx(perf.decode_tokens_per_s, rel=1e-6)


def test_a_video_model_is_timed_per_clip(catalog: Catalog) -> None:
    video = _size(catalog, model="wan-2.1-1.3b", gpu="h100-sxm").performance
    image = _size(catalog, model="sdxl", gpu="h100-sxm").performance
    assert video and video.seconds_per_video == video.seconds_per_image
    assert image and image.seconds_per_video is None


@pytest.mark.parametrize("model,gpu,isl,osl", [("qwen2.5-7b", "mi300x", 20_000, 500),
                                               ("llama-3.1-8b", "mi300x", 8_000, 500)])
def test_more_users_never_get_a_faster_first_token(catalog: Catalog, model: str, gpu: str,
                                                   isl: int, osl: int) -> None:
    """Qwen2.5 7B on an MI300X with 20k-token prompts: 64 users were told 4,489 ms to the
    first token, 66 users 4,361 ms and 72 users 4,383 ms. The mean step was iterated six
    times at most and the closed loop's rate stopped 0.2 % short, near saturation where the
    queue term is steep: the answer was where the solver stopped, not the model's."""
    last_ttft = last_tpot = 0.0
    for users in range(48, 81, 2):
        perf = _size(catalog, model=model, gpu=gpu, input_tokens=isl, output_tokens=osl,
                     batch_size=users).performance
        assert perf is not None and perf.time_to_first_token_ms is not None
        assert perf.time_per_output_token_ms is not None
        assert perf.time_to_first_token_ms >= last_ttft * 0.9999, (users, last_ttft, perf)
        assert perf.time_per_output_token_ms >= last_tpot * 0.9999, (users, last_tpot, perf)
        last_ttft, last_tpot = perf.time_to_first_token_ms, perf.time_per_output_token_ms


@pytest.mark.parametrize("x,users", [(0.5, 16), (3.0, 64), (3.0, 145)])
def test_the_mean_step_does_not_depend_on_the_first_guess(catalog: Catalog, x: float,
                                                          users: int) -> None:
    """The mean step at a rate is a fixed point: solved from a guess ten times too small or
    too large, the same TTFT and TPOT (six plain iterations from the guess stopped up to 1 %
    apart at heavy load: 3 requests/s for 145 users)."""
    reg = catalog.registry
    m = sized_from_entry(reg.model("qwen2.5-7b"))
    kv = find_kv_type("fp16")
    assert kv is not None
    got = under_load(m, get_precision("bf16"), kv, reg.engines["vllm"], reg.gpus["mi300x"], 1,
                     8_000, 500, 1, None, catalog.perf)
    assert got is not None
    cost = msgspec.structs.replace(got[1], attention=None)
    tau = cost.step_s(users, 8_250)
    answers = [_at_rate(cost, x, 8_000, 500, users, 8192, tau0=tau * f) for f in (0.1, 1, 10)]
    assert all(a is not None for a in answers)
    for a in answers[1:]:
        assert a == pytest.approx(answers[0], rel=1e-4), answers  # type: ignore[comparison-overlap]


@pytest.mark.parametrize("gpu", ["l4", "rtx-4090", "a10", "l40s", "h100-sxm"])
def test_fits_on_times_the_layout_sizing_deploys(catalog: Catalog, gpu: str) -> None:
    """A 70B bf16 on 8 PCIe cards is deployed as 4-way tensor parallel over 2 pipeline
    stages; fits_on timed it as 8-way tensor parallel (8 x L4: 13.3 tokens/s listed where
    sizing the same setup gave 7.0, above the layout's own bandwidth bound of 8.5)."""
    body = {"model": "llama-3.1-70b", "weights": "bf16", "input_tokens": 1000,
            "output_tokens": 200}
    rows = {(f.gpu, f.gpu_count): f for f in _size(catalog, **body).fits_on}
    row = next(f for (g, _), f in rows.items() if g == gpu)
    one = _size(catalog, gpu=gpu, gpu_count=row.gpu_count, **body)
    assert one.performance is not None and one.performance.decode_tokens_per_s
    assert row.decode_tokens_per_s == pytest.approx(one.performance.decode_tokens_per_s,
                                                    rel=1e-6), (one.layout, row)
