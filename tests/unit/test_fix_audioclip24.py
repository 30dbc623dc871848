"""/v1/ask: a fixed-window audio generator's clip costs whole windows (buyer audit 24a #2),
English and Romanian.

diffusers' StableAudioPipeline always denoises the DiT's whole ``sample_size`` window (1,024
latent frames at 44,100 / 2,048 frames a second: 47.55 s) and crops the decoded waveform to
the clip asked; it refuses a longer clip in one call. The clip's time and cost were the
seconds asked pro rata (``period / ratio``): a 10 s effect on an A10G was 2.7 s, not a full
window's ~12.7 s; 100 clips of 10 s were 0.3 hours of audio, not 1.3. Now a clip up to the
window costs one window, a longer one ``ceil(seconds / window)`` separate clips.
Autoregressive generators (MusicGen, Bark) stay pro rata."""

from __future__ import annotations

import functools
import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.audio_speed import clip_windows
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size, sized_from_entry
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

WINDOW_S = 1024 * 2048 / 44100  # sample_size x the Oobleck VAE's hop over its rate: 47.55 s


def _model(mid: str) -> Any:
    return sized_from_entry(catalog().registry.model(mid))


@functools.cache
def _ratio(gpu: str) -> float:
    """Seconds of full-window audio a second, one clip at a time, as /v1/sizing gives them."""
    r = size(msgspec.convert({"model": "stable-audio-open-1.0", "gpu": gpu}, SizingRequest),
             catalog())
    assert r.performance is not None and r.performance.audio_seconds_per_s
    return r.performance.audio_seconds_per_s


# -- the windows of one clip ------------------------------------------------------------------


@pytest.mark.parametrize(("seconds", "windows"), [
    (None, 1), (1.0, 1), (10.0, 1), (47.0, 1), (47.55, 1), (48.0, 2), (120.0, 3),
    (600.0, 13),
])
def test_stable_audio_clip_is_whole_windows(seconds: float | None, windows: int) -> None:
    got = clip_windows(_model("stable-audio-open-1.0"), seconds)
    assert got is not None
    assert got[0] == windows and got[1] == pytest.approx(WINDOW_S)


@pytest.mark.parametrize("mid", ["musicgen-large", "musicgen-small", "bark", "whisper-large-v3"])
def test_autoregressive_audio_is_pro_rata(mid: str) -> None:
    assert clip_windows(_model(mid), 10.0) is None


# -- one clip's time ----------------------------------------------------------------------------


def test_a10g_ten_second_effect_is_a_full_window() -> None:
    r = ask("stable audio open on an A10G: how long for a 10 second sound effect?")
    q, v, unit = asked(r)
    assert q == "seconds_for_audio" and unit == "s", head(r)
    assert v == pytest.approx(WINDOW_S / _ratio("a10g"), rel=1e-6), head(r)
    assert 11.5 < v < 14, head(r)  # ~12.7 s, was 2.7 s
    first = first_sentence(r)
    assert "about 12.7 s for a 10 s clip" in first and "47.55 s window" in first, first


def test_romanian_l4_ten_second_clip_is_a_full_window() -> None:
    r = ask("cat dureaza un clip de 10 secunde cu stable audio open pe L4?")
    q, v, _ = asked(r)
    assert q == "seconds_for_audio", head(r)
    assert v == pytest.approx(WINDOW_S / _ratio("l4"), rel=1e-6), head(r)  # ~10.2 s, was 2.1
    first = first_sentence(r)
    assert "pentru un clip de 10 s" in first and "fereastra sa de 47,55 s" in first, first
    assert head(r).count("47,55 s") == 2, head(r)  # said once, not again by the job's note


def test_h100_short_clip_takes_as_long_as_a_long_one() -> None:
    short = ask("how long does stable audio open take for a 5 second clip on an H100?")
    full = ask("how long does stable audio open take for a 40 second clip on an H100?")
    assert asked(short)[0] == "seconds_for_audio", head(short)
    assert asked(short)[1] == pytest.approx(asked(full)[1], rel=1e-6)
    assert asked(short)[1] == pytest.approx(WINDOW_S / _ratio("h100-sxm"), rel=1e-6)


def test_longer_than_the_window_is_that_many_clips() -> None:
    one = ask("stable audio open on an L4: how long for a 10 second clip?")
    long = ask("stable audio open on an L4: how long for a 2 minute track?")
    assert asked(long)[1] == pytest.approx(3 * asked(one)[1], rel=1e-6), head(long)
    assert "3 separate clips of a full window" in first_sentence(long), head(long)
    ro = ask("cat dureaza o piesa de 2 minute cu stable audio open pe L4?")
    assert asked(ro)[1] == pytest.approx(asked(long)[1], rel=1e-6), head(ro)
    assert "3 clipuri separate" in first_sentence(ro), head(ro)


def test_musicgen_clip_stays_pro_rata() -> None:
    ten = ask("musicgen large on an L4: how long for a 10 second clip?")
    thirty = ask("musicgen large on an L4: how long for a 30 second clip?")
    assert asked(ten)[1] == pytest.approx(asked(thirty)[1] / 3, rel=1e-6)
    assert "window" not in head(ten), head(ten)


# -- jobs of clips --------------------------------------------------------------------------------


def test_clip_job_prices_whole_windows() -> None:
    ten = ask("how long to generate 100 clips of 10 seconds with stable audio open on an L4?")
    forty = ask("how long to generate 100 clips of 40 seconds with stable audio open on an L4?")
    assert asked(ten)[0] == "job_hours", head(ten)
    assert asked(ten)[1] == pytest.approx(asked(forty)[1], rel=1e-6), head(ten)
    hours = 100 * WINDOW_S / 3600  # 1.3 hours of audio denoised, was 0.3
    assert head(ten).startswith(f"{hours:.1f} hours of audio"), head(ten)
    assert "100 clips of 10 s each cost 100 full windows" in head(ten), head(ten)


def test_romanian_clip_job_prices_whole_windows() -> None:
    r = ask("cat costa 50 de clipuri de 5 secunde cu stable audio open pe A10G?")
    assert "50 de clipuri de câte 5 s costă cât 50 de ferestre întregi" in head(r), head(r)
    hours = 50 * WINDOW_S / 3600
    assert head(r).startswith(f"{hours:.1f}".replace(".", ",") + " ore de audio"), head(r)


def test_one_clip_job_on_t4_is_a_full_window() -> None:
    r = ask("stable audio open on a T4: secs for a 30s clip")
    assert "a 30 s clip costs a full window: 47.55 s of audio" in head(r), head(r)
    m = re.search(r"about (\d+) seconds of GPU time", head(r))
    assert m is not None, head(r)
    assert 25 <= int(m.group(1)) <= 35, head(r)  # ~30 s (a full window), was 19 s


def test_musicgen_clip_job_stays_pro_rata() -> None:
    r = ask("how long to generate 100 clips of 10 seconds with musicgen small on an L4?")
    assert "window" not in head(r), head(r)
    assert head(r).startswith("0.3 hours of audio"), head(r)  # 100 x 10 s, pro rata
