"""Buyer audit 11 (b), the recommendation items: a video model's speed and price in videos
(not "0.00 images/s"), /v1/sizing's fp16-overflow warning (the SDXL VAE on a GPU without
bf16) carried onto the options that run the model so, and the saturated serving figures on
one basis (the plan's: the concurrency the memory holds with the headroom, the measured
serving model), said in the answer."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.rec_fixtures import fake, offer, shipped


def _size(**body: object) -> object:
    return size(msgspec.convert(body, SizingRequest), shipped())


# --- 1. video models in seconds per video and a price per video ---------------------------------

VIDEO_OFFERS = [offer("a-h100", "h100-sxm", 1, 2.50), offer("a-h100x4", "h100-sxm", 4, 10.0)]


@pytest.mark.parametrize(("model", "frames"), [("wan 2.1 14b", 81), ("hunyuanvideo", 129)])
def test_a_video_model_is_described_in_seconds_per_video_and_priced_per_video(
        model: str, frames: int) -> None:
    """The audit's request: the why said "~0.00 images/s at 1280x720, 50 steps" and the
    cost $218.8 per thousand images for 81-frame videos."""
    r = fake(VIDEO_OFFERS, model=model, workload="batch", job_images=100, width=1280,
             height=720)
    assert r.options
    for o in r.options:
        perf, cost = o.performance, o.cost
        assert "images/s" not in o.why, o.why
        assert perf.seconds_per_video is not None and perf.seconds_per_video > 10
        assert perf.images_per_s
        # one replica (GPU) makes a clip in seconds_per_video; the node's replicas in parallel
        assert perf.seconds_per_video == pytest.approx(
            o.fit.replicas_per_node * o.nodes / perf.images_per_s)
        assert cost.per_thousand_images_usd is None
        assert cost.per_video_usd is not None
        # the hourly price over the videos an hour (spot's expected overhead included)
        spot = 1 + (cost.expected_spot_overhead_pct or 0) / 100
        assert cost.per_video_usd == pytest.approx(
            cost.per_hour_usd * spot / (3600 * perf.images_per_s), rel=1e-3)
        assert f"{perf.seconds_per_video:,.0f} s per video" in o.why
        assert "1280x720, 50 steps" in o.why and " frames at " in o.why
        assert f"{frames} frames at 1280x720" in o.why
        assert f"${cost.per_video_usd:,.3f} per video" in o.why


def test_an_image_model_keeps_images_per_second_and_its_price_per_thousand() -> None:
    r = fake(VIDEO_OFFERS, model="sdxl", workload="batch", job_images=1000)
    o = r.options[0]
    assert o.performance.seconds_per_video is None and o.cost.per_video_usd is None
    assert o.cost.per_thousand_images_usd is not None
    assert " images/s at " in o.why


# --- 2. the SDXL fp16 VAE warning of /v1/sizing on the options -----------------------------------

V100_OFFERS = [offer("a-v100", "v100-sxm2-16gb", 1, 0.10),
               offer("a-v100x8", "v100-sxm2-16gb", 8, 0.80)]


def _vae_warning() -> str:
    sized = _size(model="sdxl", gpu="v100", weights="fp16")
    found = [w for w in sized.warnings if "VAE overflows in fp16" in w]  # type: ignore[attr-defined]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("body", [
    {"workload": "batch", "job_images": 100000},
    {"workload": "serving", "target_requests_per_s": 0.05},
    {"workload": "serving", "target_requests_per_s": 2},
])
def test_every_sdxl_fp16_option_on_a_v100_carries_the_sizing_vae_warning(
        body: dict[str, object]) -> None:
    want = _vae_warning()
    r = fake(V100_OFFERS, model="sdxl", **body)
    assert r.options
    for o in r.options:
        assert o.weights == "fp16"
        assert o.warnings.count(want) == 1, o.warnings


def test_no_vae_warning_where_the_gpu_runs_bf16_as_sizing() -> None:
    sized = _size(model="sdxl", gpu="h100 sxm", weights="fp16")
    assert not [w for w in sized.warnings if "VAE" in w]  # type: ignore[attr-defined]
    r = fake(VIDEO_OFFERS, model="sdxl", weights="fp16", workload="batch", job_images=1000)
    assert r.options
    assert not [w for o in r.options for w in o.warnings if "VAE" in w]


# --- 3. one saturated basis, said ---------------------------------------------------------------

LLAMA = {"model": "llama-3.1-70b", "weights": "bf16", "concurrent_requests": 8,
         "context_tokens": 32768}
H100X4 = [offer("a-h100x4", "h100-sxm", 4, 7.47)]


def _one(r: Recommendation) -> Option:
    assert r.options, r.reason
    return r.options[0]


def _sized_at(concurrency: int) -> tuple[float, float | None, int | None]:
    """/v1/sizing's (output tokens/s at ``concurrency``, max throughput, max concurrency) for
    the audit's setup (the same prompt and output as the recommendation's context)."""
    s = _size(model="llama-3.1-70b", gpu="h100 sxm", gpu_count=4, weights="bf16",
              batch_size=concurrency, input_tokens=32768 - 512, output_tokens=512)
    perf = s.performance  # type: ignore[attr-defined]
    return perf.output_tokens_per_s, perf.max_throughput_tokens_per_s, perf.max_concurrency


def test_the_saturated_figures_are_at_max_concurrency_on_the_plans_serving_model() -> None:
    """The audit: sizing's max throughput and the option's saturated figure disagreed and
    neither said at what concurrency. The option's is at its max_concurrency (what the
    memory holds with the headroom), the same serving model as /v1/sizing at that many."""
    o = _one(fake(H100X4, **LLAMA))
    conc = o.performance.max_concurrency
    assert conc is not None and o.fit.replicas_per_node == 1
    at_conc, sized_max, sized_conc = _sized_at(conc)
    assert sized_conc is not None and sized_conc > conc  # the headroom holds fewer
    assert o.performance.output_tokens_per_s_total == pytest.approx(at_conc, rel=1e-6)
    assert o.performance.requests_per_s == pytest.approx(at_conc / 512, rel=1e-6)
    per_m = o.cost.per_million_output_tokens_usd
    assert per_m == pytest.approx(7.47 / (3600 * at_conc) * 1e6, rel=1e-6)
    assert sized_max is not None and sized_max > at_conc


def test_without_headroom_the_saturated_figure_is_sizings_max_throughput() -> None:
    o = _one(fake(H100X4, **LLAMA, min_memory_headroom_pct=0))
    _, sized_max, sized_conc = _sized_at(8)
    assert o.performance.max_concurrency == sized_conc
    assert o.performance.output_tokens_per_s_total == pytest.approx(sized_max, rel=1e-6)


def test_the_answer_says_at_what_concurrency_the_saturated_figures_are() -> None:
    r = fake(H100X4, **LLAMA)
    said = [a for a in r.assumptions if a.name == "saturation"]
    assert len(said) == 1
    text = said[0].value + " | " + said[0].reason
    assert "max_concurrency" in text and "10% memory headroom" in text
    assert "max_throughput_tokens_per_s" in text
    desc = msgspec.json.schema(Option)["$defs"]
    assert "max_concurrency" in desc["OptionPerformance"]["properties"][
        "output_tokens_per_s_total"]["description"]
    assert "max_concurrency" in desc["OptionCost"]["properties"][
        "per_million_output_tokens_usd"]["description"]
    # no LLM serving figure, no such note
    v = fake(VIDEO_OFFERS, model="sdxl", workload="batch", job_images=1000)
    assert not [a for a in v.assumptions if a.name == "saturation"]
