"""Cost from a price: per hour, per million output tokens, per thousand images, per audio hour,
per run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import msgspec

from service.domain.base import Out
from service.domain.locale import plain
from service.domain.sizing.speed import Performance

Note = Callable[[str, str, str], None]


class Cost(Out, frozen=True, kw_only=True):
    per_hour_usd: Annotated[float | None, msgspec.Meta(
        description="the setup's price per hour in USD: price_per_gpu_hour_usd x "
                    "gpu_count")] = None
    per_million_output_tokens_usd: Annotated[float | None, msgspec.Meta(
        description="LLMs: the price of a million output tokens at saturation, the hourly "
                    "price over max_throughput_tokens_per_s (the memory filled with "
                    "requests): the least a token costs on this setup; see "
                    "per_million_output_tokens_at_load_usd for the stated load")] = None
    per_million_output_tokens_at_load_usd: Annotated[float | None, msgspec.Meta(
        description="LLMs: the price of a million output tokens at the stated load "
                    "(batch_size concurrent requests, or request_rate_per_s), the hourly price "
                    "over the answer's output_tokens_per_s (at most saturation, so never below "
                    "per_million_output_tokens_usd): what each million tokens actually "
                    "produced costs an endpoint used that much, as /v1/recommendations' "
                    "per_million_output_tokens_at_load_usd")] = None
    per_thousand_images_usd: Annotated[float | None, msgspec.Meta(
        description="image models: the price of 1,000 images at full speed, in USD (video "
                    "models: per_video_usd); null otherwise")] = None
    """Image models: the price of 1,000 images at full speed (video models: ``per_video_usd``)."""
    per_video_usd: Annotated[float | None, msgspec.Meta(
        description="video models: the price of one clip (its frames at the resolution "
                    "and steps) at full speed, in USD: per_hour_usd / 3600 x seconds per "
                    "clip over the GPUs running clips side by side; null otherwise")] = None
    """Video models: the price of one clip (its frames at the resolution and steps) at full
    speed: $/h / 3600 x seconds per clip over the GPUs running clips side by side."""
    per_training_run_usd: Annotated[float | None, msgspec.Meta(
        description="training: per_hour_usd x training_hours, in USD; null without "
                    "training_tokens or for inference")] = None
    per_million_tokens_embedded_usd: Annotated[float | None, msgspec.Meta(
        description="embedding models: the price of embedding a million input tokens at "
                    "full speed, in USD; null otherwise")] = None
    """Embedding models: the price of embedding a million input tokens at full speed."""
    per_audio_hour_usd: Annotated[float | None, msgspec.Meta(
        description="audio models: the price of one hour of audio (transcribed or "
                    "generated) at full speed, in USD: per_hour_usd / audio seconds per "
                    "second; null otherwise")] = None
    """Audio models: the price of one hour of audio (transcribed or generated) at full speed:
    $/h / audio seconds per second."""
    price_per_gpu_hour_usd: Annotated[float | None, msgspec.Meta(
        description="the request's price_per_gpu_hour_usd, in USD per GPU-hour")] = None


def per_million_tokens(usd_per_hour: float, tokens_per_s: float) -> float | None:
    if tokens_per_s <= 0:
        return None
    return usd_per_hour / (3600.0 * tokens_per_s) * 1e6


def estimate_cost(perf: Performance | None, price_per_gpu_hour: float | None, gpus: int,
                  note: Note) -> Cost | None:
    if price_per_gpu_hour is None or perf is None:
        return None
    hourly = price_per_gpu_hour * gpus
    note("price", f"${plain(price_per_gpu_hour)}/GPU-hour x {gpus}", "price given in the request")
    per_m = per_m_load = None
    if perf.max_throughput_tokens_per_s:
        per_m = per_million_tokens(hourly, perf.max_throughput_tokens_per_s)
    if perf.output_tokens_per_s:
        # the load the request states (its closed loop or its rate), at most saturation, as
        # the recommendations price an option at its load (recommend/options.py)
        load = min(perf.output_tokens_per_s,
                   perf.max_throughput_tokens_per_s or perf.output_tokens_per_s)
        per_m_load = per_million_tokens(hourly, load)
    if per_m is not None or per_m_load is not None:
        said = {"at saturation": (per_m, "per_million_output_tokens_usd over "
                                  "max_throughput_tokens_per_s"),
                "at the stated load": (per_m_load, "per_million_output_tokens_at_load_usd over "
                                       f"output_tokens_per_s ({perf.load or 'the load asked'})")}
        given = {k: why for k, (v, why) in said.items() if v is not None}
        note("cost_per_million_tokens", " and ".join(given),
             "$/h / (3600 x output tokens/s) x 1e6: " + "; ".join(given.values())
             + "; a half-idle endpoint costs more per token than a saturated one")
    per_k_img = per_video = None
    if perf.images_per_s and perf.seconds_per_video is not None:
        # a video model's images_per_s counts clips: priced per clip, not per 1,000 "images"
        per_video = hourly / 3600.0 / perf.images_per_s
        note("cost_per_video", "at full speed", "$/h / 3600 / clips per second")
    elif perf.images_per_s:
        per_k_img = hourly / 3600.0 / perf.images_per_s * 1000
    run = None
    if perf.training_hours is not None:
        run = hourly * perf.training_hours
    per_m_embed = None
    if perf.embedded_tokens_per_s:
        per_m_embed = per_million_tokens(hourly, perf.embedded_tokens_per_s)
        note("cost_per_million_tokens_embedded", "at full speed",
             "$/h / (3600 x tokens embedded/s) x 1e6")
    per_audio_h = None
    if perf.audio_seconds_per_s:
        # one hour of audio takes 1 / audio_seconds_per_s hours of the setup
        per_audio_h = hourly / perf.audio_seconds_per_s
        note("cost_per_audio_hour", "at full speed", "$/h / audio seconds per second: one "
             "hour of audio takes 1 / (audio seconds per second) hours of the setup")
    return Cost(per_hour_usd=hourly, per_million_output_tokens_usd=per_m,
                per_million_output_tokens_at_load_usd=per_m_load,
                per_thousand_images_usd=per_k_img, per_video_usd=per_video,
                per_training_run_usd=run,
                per_million_tokens_embedded_usd=per_m_embed, per_audio_hour_usd=per_audio_h,
                price_per_gpu_hour_usd=price_per_gpu_hour)
