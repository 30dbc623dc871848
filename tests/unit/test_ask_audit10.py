"""Answers, audit 10: the numbers a media question states (batch, steps, an image's size) are
the ones sized; a transcription priced on a GPU named runs at the recommendations' batch; a
pre-training deadline on a GPU named leads with the GPUs that meet it; training over several
machines is priced on machines with a fast network; a job's size stated leads with its
total."""

from __future__ import annotations

import math
import re

import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head


def _sized(**kw: object) -> float:
    r = size(SizingRequest(**kw), catalog())  # type: ignore[arg-type]
    assert r.performance is not None
    p = r.performance
    return p.audio_seconds_per_s or p.seconds_per_image or 0.0


# -- 1. the batch, the steps and the size stated ----------------------------------------------


@pytest.mark.parametrize("q", ["How fast is whisper-large-v3 on a T4 with batch 16?",
                               "Cât de repede merge whisper-large-v3 pe un T4 cu un lot de 16?"])
def test_a_batch_stated_is_the_batch_sized(q: str) -> None:
    r = ask(q)
    want = _sized(model="whisper-large-v3", gpu="t4", batch_size=16)
    _, value, unit = asked(r)
    assert unit == "s/s" and value == pytest.approx(want, rel=0.01)
    assert value > 30  # batch 1 is about 9.6
    assert re.search(r"batch of 16|lot \(batch\) de 16", head(r))  # the batch is said


def test_steps_stated_are_the_steps_sized() -> None:
    r = ask("seconds per image for SDXL on a 4090 with 30 steps")
    want = _sized(model="sdxl", gpu="rtx-4090", steps=30)
    _, value, _ = asked(r)
    assert value == pytest.approx(want, rel=0.01) and value < 5
    assert "30 denoising steps" in head(r)
    ro = ask("câte secunde pe imagine face SDXL pe un 4090 la 30 de pași?")
    assert asked(ro)[1] == pytest.approx(want, rel=0.01)


@pytest.mark.parametrize("q", ["SDXL la 512x512 pe un T4", "SDXL at 512×512 on a T4",
                               "seconds per image for SDXL at 512 x 512 on a T4"])
def test_an_image_size_stated_is_the_size_sized(q: str) -> None:
    r = ask(q)
    want = _sized(model="sdxl", gpu="t4", width=512, height=512)
    assert asked(r)[1] == pytest.approx(want, rel=0.01)
    assert "512×512" in first_sentence(r) and "1024×1024" not in first_sentence(r)


def test_a_job_of_images_at_a_size_is_priced_at_that_size() -> None:
    r = ask("500,000 images with SDXL at 512x512 on an L4")
    quantity, value, _ = asked(r)
    sec = _sized(model="sdxl", gpu="l4", width=512, height=512)
    assert quantity == "job_usd"
    assert "500,000 512×512 images" in first_sentence(r)
    assert f"{sec:.1f} s per image" in first_sentence(r)
    # priced as the recommendations price the same job on L4 machines rented whole
    on_l4 = recommend(RecommendationRequest(model="sdxl", workload="batch", job_images=500_000,
                                            width=512, height=512, interruptible=False,
                                            gpus=["l4"]), catalog(), TODAY, explain=False)
    assert value == pytest.approx(on_l4.options[0].cost.per_job_usd, rel=0.01)
    rec = recommend(RecommendationRequest(model="sdxl", workload="batch", job_images=500_000,
                                          width=512, height=512, interruptible=False),
                    catalog(), TODAY, explain=False)
    nogpu = ask("How much for 500,000 images with SDXL at 512x512?")
    assert asked(nogpu)[1] == pytest.approx(rec.options[0].cost.per_job_usd, rel=0.01)


# -- 2. a transcription on a GPU named: the recommendations' batch ----------------------------


@pytest.mark.parametrize("q", ["Cost per audio hour for whisper-large-v3 on an L4",
                               "Cât costă o oră de audio cu whisper-large-v3 pe un L4?"])
def test_audio_cost_on_a_named_gpu_is_at_the_recommendations_batch(q: str) -> None:
    rec = recommend(RecommendationRequest(model="whisper-large-v3", workload="batch", top_n=50,
                                          interruptible=False), catalog(), TODAY, explain=False)
    o = next(o for o in rec.options if o.offer.gpu == "l4" and o.offer.gpu_count == 1)
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_audio_hour_usd"
    assert value == pytest.approx(o.cost.per_audio_hour_usd, rel=0.02)  # not $0.040
    assert "24" in head(r)  # the batch is said


def test_a_batch_stated_prices_the_audio_hour_at_that_batch() -> None:
    r = ask("cost per audio hour for whisper-large-v3 on an L4 with batch 4")
    ratio = _sized(model="whisper-large-v3", gpu="l4", batch_size=4)
    assert "batch of 4" in head(r)
    assert f"{ratio:.1f} hours of audio per hour" in first_sentence(r)


# -- 3. a pre-training deadline on a GPU named ------------------------------------------------


@pytest.mark.parametrize("q, tokens, days", [
    ("how many H100s to pretrain a 7B model on 2T tokens in 30 days?", 2e12, 30),
    ("câte H100 ca să pre-antrenez un model 7B pe 2T tokeni în 30 de zile?", 2e12, 30),
    ("pre-antrenare 13B pe 1T tokeni pe H100 în 60 de zile", 1e12, 60),
])
def test_a_deadline_leads_with_the_gpus_that_meet_it(q: str, tokens: float, days: int) -> None:
    r = ask(q)
    quantity, n, unit = asked(r)
    assert quantity == "gpu_count" and unit == "GPUs"
    # the answer's own per-GPU rate, said in it: the fewest whole nodes of 8 that finish
    m = re.search(r"(?:at|la) ([\d.,]+) (?:de )?tok\w+/s (?:per|pe) GPU",
                                first_sentence(r))
    assert m is not None, first_sentence(r)
    per_gpu = float(m.group(1).replace(",", "").replace(".", ""))
    need = math.ceil(tokens / (days * 86400 * per_gpu))
    assert n == (math.ceil(need / 8) * 8 if need > 8 else need)
    assert n < 256 and n not in (2, 4)


# -- 4. training over many GPUs: machines with a fast network ---------------------------------


def test_training_over_64_gpus_is_priced_on_networked_nodes() -> None:
    r = ask("cât costă să pre-antrenez un model 7B pe 1.000 de miliarde de tokeni pe 64 de H100")
    text = head(r)
    assert "64 mașini cu 1 ×" not in text
    assert "8 mașini cu 8 × NVIDIA H100" in text and "InfiniBand" in text


# -- 5. a job's size stated: its total leads --------------------------------------------------


@pytest.mark.parametrize("q, n", [("100 videos with CogVideoX 5B on an H100", 100),
                                  ("100 de clipuri cu CogVideoX 5B pe un H100", 100)])
def test_clips_stated_lead_with_the_total(q: str, n: int) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    sec = _sized(model="cogvideox-5b", gpu="h100-sxm")
    assert quantity == "job_usd"
    assert first_sentence(r).startswith(f"{n} ")
    # the clip's own cost asked per clip: "one clip" on a GPU named is now a job of one
    # clip, billed as "1 video" is (audit slack2, test_fix_s2a)
    one = ask("cost per clip with CogVideoX 5B on an H100")
    assert asked(one)[0] == "per_clip_usd"
    # the job, not the clip's $0.03: n clips' GPU time, billed in whole hours, with storage
    assert n * asked(one)[1] <= value < 1.5 * n * asked(one)[1]
    assert re.search(rf"{sec:.1f} s (?:per|pe) clip".replace(".", "[.,]", 1), first_sentence(r))


def test_a_thousand_hours_written_with_a_dot_is_a_thousand_and_said_so() -> None:
    r = ask("transcribe 1.000 hours with whisper on H100")
    assert asked(r)[0] == "job_usd"
    assert first_sentence(r).startswith("1,000 hours of audio")
    assert "Read “1.000” as 1,000" in head(r)
