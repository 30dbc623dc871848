"""Audio generators (MusicGen, Bark) in POST /v1/recommendations batch the concurrent requests
on as few GPUs as memory holds, as /v1/sizing and Whisper's path batch them.

They were given one GPU per concurrent request: a replica took more than one clip only where
every clip still ran in real time, which MusicGen-large and Bark never do on an RTX 3090 (not
even alone), so 16 MusicGen clips took 16 RTX 3090s ($1,846/month) where one GPU runs them as
a batch of 16 in 19.3 GiB, and 8 Bark clips took 8 where one runs them in 4.0 GiB. The memory
shown was also that of a 1024x1024 image's activations at one clip (16.3 GiB for MusicGen),
not the audio model's at the batch it runs."""

from __future__ import annotations

import pytest

from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.rec_fixtures import real, shipped


def _rec(model: str, streams: int, gpus: tuple[str, ...] = ("rtx-3090",)) -> Recommendation:
    return real(model=model, workload="serving", concurrent_requests=streams,
                gpus=list(gpus), top_n=2)


def _gpus(o: Option) -> int:
    return o.offer.gpu_count * o.nodes


def _sized(model: str, batch: int, gpu: str = "rtx-3090") -> tuple[float, float]:
    """(GiB per GPU, audio seconds per second) /v1/sizing gives one GPU at ``batch``."""
    r = size(SizingRequest(model=model, gpu=gpu, batch_size=batch), shipped())
    assert r.fits and r.performance is not None
    assert r.performance.audio_seconds_per_s is not None
    return r.memory.per_gpu_gib, r.performance.audio_seconds_per_s


@pytest.mark.parametrize(("model", "streams"), [("musicgen-large", 16), ("musicgen-large", 4),
                                                 ("bark", 8)])
def test_generator_batches_streams_on_one_gpu(model: str, streams: int) -> None:
    rec = _rec(model, streams)
    assert rec.options, rec.reason
    o = rec.options[0]
    assert _gpus(o) == 1, o.why
    gib, audio = _sized(model, streams)
    # the memory shown and the speed are sizing's at the batch the GPU runs
    assert o.fit.per_gpu_used_gib == pytest.approx(gib, abs=0.01)
    assert o.performance.audio_seconds_per_s == pytest.approx(audio, rel=1e-6)
    assert o.performance.max_concurrency == streams
    # no real-time target is stated: each clip's own speed at that batch is
    each = audio / streams
    assert f"{streams} clips at once per GPU" in o.why, o.why
    assert f"~{each:.2g} s of audio per second each" in o.why, o.why
    assert "slower than real time" in o.why, o.why


def test_generator_batch_stops_where_memory_does() -> None:
    # MusicGen-large at 32 clips needs ~31.9 GiB (sizing: no fit on 24 GB); 64 requests are
    # spread over GPUs each running the largest batch that fits
    rec = _rec("musicgen-large", 64)
    o = rec.options[0]
    per_gpu = (o.performance.max_concurrency or 0) // _gpus(o)
    assert 16 <= per_gpu < 32, o.why
    gib, _ = _sized("musicgen-large", per_gpu)
    assert o.fit.per_gpu_used_gib == pytest.approx(gib, abs=0.01)
    assert _gpus(o) == -(-64 // per_gpu)


def test_one_clip_not_priced_as_an_image() -> None:
    # one clip of MusicGen-large: 7.5 GiB (sizing), not the 16.3 GiB of a 1024x1024 image
    o = _rec("musicgen-large", 1).options[0]
    gib, _ = _sized("musicgen-large", 1)
    assert o.fit.per_gpu_used_gib == pytest.approx(gib, abs=0.01)


def test_sixteen_gb_gpu_not_refused_for_an_image() -> None:
    # the image's 16.3 GiB refused MusicGen-large on a T4 (14.6 GiB usable), where sizing
    # runs one clip in 7.5 GiB and eight in 13.0
    for streams in (1, 8):
        rec = _rec("musicgen-large", streams, ("t4",))
        assert rec.options, rec.reason
        o = rec.options[0]
        assert _gpus(o) == 1
        gib, _ = _sized("musicgen-large", streams, "t4")
        assert o.fit.per_gpu_used_gib == pytest.approx(gib, abs=0.01)


def test_whisper_unchanged_but_memory_at_its_batch() -> None:
    # Whisper's streams arrive in real time: a GPU takes as many as it keeps up with (16 on
    # an RTX 3090, as before); its memory is sizing's at that batch
    rec = _rec("whisper-large-v3", 16)
    o = rec.options[0]
    assert _gpus(o) == 1
    assert o.performance.max_concurrency == 16
    gib, audio = _sized("whisper-large-v3", 16)
    assert o.performance.audio_seconds_per_s == pytest.approx(audio, rel=1e-6)
    assert o.fit.per_gpu_used_gib == pytest.approx(gib, abs=0.01)
    assert o.cost.per_month_usd == pytest.approx(130.35, abs=0.01)
    assert o.why.endswith("~60 s of audio per second ($0.003 per audio hour)."), o.why


def test_a_slow_clip_rate_is_not_rounded_to_zero() -> None:
    """One MusicGen-large clip on a T4 makes ~0.45 s of audio per second: the option's words
    said "~0 s of audio per second" (a whole-number format)."""
    o = _rec("musicgen-large", 1, ("t4",)).options[0]
    assert o.performance.audio_seconds_per_s is not None
    assert o.performance.audio_seconds_per_s < 1
    assert "~0 s of audio" not in o.why
    assert f"~{o.performance.audio_seconds_per_s:.2g} s of audio per second" in o.why
