"""Images, video, audio and music: generation and transcription jobs, their units and costs,
and the answer for a media model."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace as dc_replace
from typing import Any

import msgspec

from service.domain.answer.numbers.context import (
    _W,
    _embed_input,
    _embed_sized,
    _first_lower,
    _impossible,
    _rps,
    budget_lasts_asked,
)
from service.domain.answer.numbers.jobs import (
    _billed_job,
    _clip_words,
    _deadline_count,
    _job_deadline,
    _job_lead,
    _length_clips,
    _machine_job,
    _recommend_by_deadline,
    _video_length_note,
    _video_replicas,
    _work_rate,
    spot_deep_line,
    spot_job_line,
)
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.trust import price_date_words
from service.domain.recommend.context import AUTO_IMAGE, billed_hours
from service.domain.recommend.types import (
    MONTH_DAYS,
    Option,
    Recommendation,
)
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S, clip_windows
from service.domain.sizing.sizing import (
    FitRow,
    SizingResult,
    request_audio_s,
    sized_from_entry,
)
from service.domain.sizing.speed import Performance

OFFLOAD_SAYS = 0.8
"""A memory answer sized with every component resident also gives the figure with diffusers'
model CPU offload where that is at most this share of it (a saving worth saying: a fifth)."""


def _answered_as_media(w: _W) -> bool:
    """An image, video or audio model is answered in its own units, never tokens of context:
    done here (True), or the model is an LLM (False)."""
    if w.model is not None and w.model.kind != "llm":
        _media(w)
        return True
    return False


def _recordings_hours(w: _W) -> str | None:
    """Recordings counted with the length of each ("100,000 phone calls of 10 minutes each",
    "5.000 de episoade de podcast de câte o oră") for an audio model: their hours of audio
    (count x length), so the job is timed and priced as "16,667 hours of audio" is; the length
    was read as the GPU's time (10 minutes of one V100, $0.14; audit batch B3). The sentence
    that says the hours read, or None where nothing changed (hours of audio stated, no audio
    model)."""
    rec = w.st.recordings
    if w.model is None or w.model.kind != "audio" or w.st.items:
        return None
    if rec is None and w.st.audio_minutes and not w.st.work_rate:
        # one amount of audio ("10 minutes of music", "a 2-hour meeting", "o oră de muzică"):
        # the job's hours of audio, said in the lead (:func:`_audio_n`); it was 10 minutes of a
        # GPU's rental, or a rate with no time (audit media2 #1, #3, #6)
        minutes = w.st.audio_minutes
        said = _window_amount(w, minutes * 60)
        if said is not None:
            # a fixed-window generator: its whole windows are the audio made and priced, the
            # lead's minutes those (buyer audit 24a #2: a 30 s clip on a T4 was 19 s of GPU
            # time, a full 47.55 s window's 30 s)
            minutes = said[1] / 60
        w.st = dc_replace(w.st, items=minutes / 60, audio_hours=True, audio_minutes=minutes)
        if said is None or (w.st.media_rate and w.st.media_rate[0] == "audio_length"):
            return None  # "how long for a 10 s clip": the time's own answer says the windows
        return said[0]
    if rec is None:
        n = w.st.recordings_unsized
        if n is None or w.st.audio_hours or w.st.work_rate or w.st.media_rate:
            return None
        # "transcribe 500 podcast episodes": no length, so no total; the price of an hour of
        # audio, the length asked for (audit regress7 #12: an hourly GPU price was the answer)
        if w.sub in (None, "hour"):
            w.sub = "unit"
        return w.say("recordings_length_needed", count=w.n(n))
    # whole hours from 10 up, as said ("16,667 hours", not 16,666.7), a tenth below
    hours = float(round(rec[0] * rec[1], 0 if rec[0] * rec[1] >= 10 else 1))
    w.st = dc_replace(w.st, items=hours, audio_hours=True)
    minutes = rec[1] * 60
    return w.say("recordings_hours", count=w.n(rec[0]),
                 minutes=w.n(minutes, 0 if float(minutes).is_integer() else 1),
                 hours=w.n(hours, 0 if hours.is_integer() else 1))


def _clip_windows(w: _W, seconds: float | None) -> tuple[int, float] | None:
    """The whole windows one clip of ``seconds`` costs the model asked, where it is a
    fixed-window generator (:func:`audio_speed.clip_windows`: Stable Audio Open denoises its
    whole window for every clip and crops it), and the window in seconds; None for any other
    model (MusicGen, Bark, Whisper: pro rata)."""
    m = w.model
    if m is None or m.kind != "audio":
        return None
    return clip_windows(sized_from_entry(m), seconds)


def _window_amount(w: _W, seconds: float) -> tuple[str, float] | None:
    """One amount of audio asked of a fixed-window generator ("a 30 s clip", "10 minutes of
    sound"): the sentence that says it costs whole windows (one clip up to the window, else
    that many separate clips) and the seconds of audio those windows are; None for another
    model."""
    win = _clip_windows(w, seconds)
    if win is None:
        return None
    n_win, window = win
    billed = n_win * window
    m = w.model
    assert m is not None
    return w.say("audio_window_one" if n_win == 1 else "audio_windows_split", model=m.name,
                 len=w.n(seconds, 0 if float(seconds).is_integer() else 1),
                 window=_window_s(w, window), n=w.n(n_win),
                 billed=_window_s(w, billed) if billed < 100 else w.n(billed)), billed


def _window_s(w: _W, seconds: float) -> str:
    """A window's seconds to two decimals (Stable Audio Open's 47.55 s, as diffusers states
    its ``audio_end_in_s`` default and maximum): one decimal would round it up, past the
    longest clip the pipeline takes."""
    return w.n(seconds, 2)


def _audio_n(w: _W, key: str, n: float) -> tuple[str, str]:
    """The lead's template and its ``n`` for ``n`` hours of audio: in minutes where the
    question stated them so and they are no whole hours ("10 minutes of audio", "90 minutes";
    "0.2 hours" read wrong: ``<key>_min``), else in hours as before."""
    said = w.st.audio_minutes
    if said and n == said / 60 and not float(said / 60).is_integer():
        return f"{key}_min", w.n(said, 0 if float(said).is_integer() else 1)
    return key, w.n(n, 0 if float(n).is_integer() else 1)


def _music_pieces(w: _W) -> str | None:
    """Songs, tracks or clips of an audio generator ("1000 songs with MusicGen large", "100
    clips of 30 s", "200 de melodii"): the count times the clip length stated, else the
    model's default clip (the catalog's ``[default_clip]``), as hours of audio, so the job is
    timed and priced as "10 hours of music" is; was a $/h with no job, or no answer (audit
    slack2). The sentence that says the hours read, or None where nothing changed (hours of
    audio stated, a transcription model, no length known)."""
    m = w.model
    count = w.st.songs or w.st.clips
    if m is None or m.kind != "audio" or w.transcribes() or w.st.items or not count:
        return None
    clip = m.default_clip
    seconds = w.st.clip_seconds or (clip.seconds if clip is not None else None)
    win = _clip_windows(w, seconds)
    if win is not None:
        # a fixed-window generator (Stable Audio Open): each clip costs its whole windows,
        # whatever its length (buyer audit 24a #2: 100 clips of 10 s were 0.3 hours of
        # audio, never the 1.3 hours of full windows denoised)
        n_win, window = win
        hours = count * n_win * window / 3600
        w.st = dc_replace(w.st, items=hours, audio_hours=True)
        key = ("music_pieces_windows" if n_win > 1 else "music_pieces_window" if seconds
               else "music_pieces_window_default")
        return w.say(key, model=m.name, count=w.n(count), clips=w.n(count * n_win),
                     sec=w.n(seconds or 0, 0 if float(seconds or 0).is_integer() else 1),
                     window=_window_s(w, window),
                     hours=w.n(hours, 0 if hours.is_integer() else 1))
    if not seconds:
        return None
    hours = count * seconds / 3600
    w.st = dc_replace(w.st, items=hours, audio_hours=True)
    return w.say("music_pieces" if w.st.clip_seconds else "music_pieces_default",
                 count=w.n(count), sec=w.n(seconds, 0 if seconds.is_integer() else 1),
                 hours=w.n(hours, 0 if hours.is_integer() else 1))


def _job_total(w: _W) -> bool:
    """A job stated by its size with no GPU named: images for an image model, hours of audio
    for a speech model, tokens for an embedding model. The total for the job on the
    recommendations' cheapest option (the count over its rate times its price), with the
    setup and the rate used."""
    m = w.model
    assert m is not None
    n: float | None = None
    kw: dict[str, Any] = {"workload": "batch"}
    if m.kind == "diffusion" and m.modality == "image" and w.st.items:
        n = kw["job_images"] = w.st.items
    elif m.kind == "diffusion" and m.modality == "video" and w.st.clips:
        # the recommendations count a video model's clips in job_images; a length asked
        # ("100 10-second videos") is that many clips each
        n = kw["job_images"] = w.st.clips * _length_clips(w)
    elif m.kind == "audio" and w.st.items:
        n = kw["job_audio_hours"] = w.st.items
    elif m.kind == "llm" and m.task == "embed" and w.det.tokens:
        n = kw["job_embed_tokens"] = w.det.tokens
        kw["context_tokens"] = _embed_input(w)  # the length stated, else one chunk
    if n is None:
        return False
    mk = w.media_kw()
    if m.kind == "diffusion":  # the recommendations take the steps and the size, not a batch
        kw.update({k: v for k, v in mk.items() if k != "batch_size"})
    if w.st.deadline_hours:
        # "... in 2 days": the job spread over the instances that finish in time (the
        # recommendations' scale-out), never one machine at 68 hours for a 48-hour deadline
        kw["max_job_hours"] = w.st.deadline_hours
    if not w.st.spot_said:
        # a batch job the recommendations would put on spot, not said to be interruptible
        # (a job with a count is batch work: the word "batch" is no spot said): on-demand
        # leads (as every price answer), spot comes after it
        kw["interruptible"] = False
    rec = _recommend_by_deadline(w, kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    cost, hours = o.cost.per_job_usd, o.performance.job_hours
    if not cost or not hours:
        return False
    spot_job_line(w, kw, cost, o.pricing_model)
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    # a month's volume: the month's job, its cost said a month ("$44.19 a month")
    said_cost = (f"{w.usd(cost)} {w.t['work_period_month']}" if w.st.monthly_volume
                 and w.sub not in ("time", "gpu_hours") else w.usd(cost))
    common = {"n": w.n(n), "model": m.name, "weights": o.weights, "cost": said_cost,
              "setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "price": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model]}
    # the option's job_hours are wall-clock hours on all its GPUs: days, never GPU-days
    gpus = o.offer.gpu_count * o.nodes  # GPU-hours asked: those hours times them
    if "job_images" in kw and m.modality == "video":
        sec = o.performance.seconds_per_video or 0.0
        _job_lead(w, "video_job_setup", hours, hours, cost, "per_job_usd",
                  {"w": kw.get("width") or m.native_width or 1024,
                   "h": kw.get("height") or m.native_height or 1024,
                   "frames": w.n(w.clip_frames()), "sec": w.n(sec, 1 if sec < 100 else 0),
                   # the steps priced: asked, else the model's, else 30 (as the sizing's)
                   "steps": w.n(kw.get("steps") or m.default_steps or 30), **common},
                  wall=True, gpus=gpus)
        w.media_notes({k: v for k, v in kw.items() if k in ("width", "height", "num_frames")})
        if w.st.clip_seconds:
            _video_length_note(w)
    elif "job_images" in kw:
        ips = o.performance.images_per_s or n / (hours * 3600)
        _job_lead(w, "image_job_setup", hours, hours, cost, "per_job_usd",
                  {"w": kw.get("width") or m.native_width or 1024,
                   "h": kw.get("height") or m.native_height or 1024, "ips": w.n(ips, 2),
                   **common}, wall=True, gpus=gpus)
        w.media_notes({k: v for k, v in kw.items() if k == "steps"})
    elif "job_audio_hours" in kw:
        key, said = _audio_n(w, "audio_job_setup", n)
        _job_lead(w, key, hours, hours, cost, "per_job_usd",
                  {"ratio": w.rate(n / hours), **common, "n": said}, wall=True, gpus=gpus)
    elif w.sub == "time":  # "how long to embed ...": the job's time leads, its cost after
        _job_lead(w, "embed_job", hours, hours, cost, "per_job_usd",
                  {"tps": w.n(n / (hours * 3600)), **common}, wall=True, gpus=gpus)
        w.documents_note()
    else:
        w.out.first = w.say("embed_job", tps=w.n(n / (hours * 3600)),
                            hours=w.duration(hours), **common)
        w.ask("per_job_usd", cost, "USD")
        # the hours billed where the provider's step shows in them (1.8 hours billed as 2 at
        # an hourly provider: the $0.28 of 1 million embeddings on a V100 read as 1.8 h x
        # $0.14; audit media #4), as the job on a GPU named says them (jobs._job_split)
        billed, known = billed_hours(hours, w.catalog.providers_by_id.get(o.offer.provider))
        if w.duration(billed) != w.duration(hours):
            w.out.more.insert(0, w.say("embed_job_billed" if known else
                                       "embed_job_billed_unknown", billed=w.duration(billed),
                                       provider=o.offer.provider))
        _embed_unit_note(w, o.cost.per_hour_usd / 3600 / (n / (hours * 3600)) * 1e6, cost)
        w.documents_note()
    if w.st.monthly_volume and ("job_images" in kw or "job_audio_hours" in kw):
        _month_volume_notes(w, kw, n, hours, gpus)
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _month_volume_notes(w: _W, kw: Mapping[str, Any], n: float, hours: float,
                        gpus: int) -> None:
    """A month's images, clips or hours of audio priced with no GPU named ("100,000 SDXL
    images a month", "10.000 de ore de audio pe lună"): the job above is that month's, run
    as one batch every month (said, as on a GPU named: :func:`_month_note`), and beside it
    the GPUs that keep up with the volume as it arrives, spread evenly over the month's
    usage: the recommendations' cheapest setup for that rate (serving, one image, clip or 30 s
    Whisper window a request, as :func:`~jobs._work_rate` sizes a rate), its month kept
    running and how busy it runs (audit session 31: a one-off job was all that was said)."""
    key = "monthly_job_one" if gpus == 1 else "monthly_job"
    more = [w.say(key, hours=w.duration(hours * gpus), n=w.n(gpus), wall=w.duration(hours),
                  month=w.n(24 * MONTH_DAYS))]
    m = w.model
    assert m is not None
    month_s = (w.st.hours_per_day or 24.0) * 3600.0 * (w.st.days_per_month or MONTH_DAYS)
    audio = "job_audio_hours" in kw
    if audio and not w.transcribes():
        w.out.more[0:0] = more  # a generated clip's rate takes no request rate
        return
    per_s = n * (3600.0 if audio else 1.0) / month_s  # images, clips or audio seconds a second
    rate = per_s / WHISPER_WINDOW_S if audio else per_s
    keep: dict[str, Any] = {"workload": "serving", "target_requests_per_s": rate}
    keep.update({k: v for k, v in kw.items()
                 if k in ("width", "height", "steps", "num_frames", "cpu_offload")})
    rec = w.recommend(**keep)
    o = rec.options[0] if rec is not None and rec.options else None
    if o is not None and o.cost.per_month_usd is not None:
        p = o.performance
        cap = p.audio_seconds_per_s if audio else p.images_per_s
        what = "audio_s" if audio else "videos" if m.modality == "video" else "images"
        more.append(w.say(
            "monthly_keep_up", rate=w.say(f"work_rate_{what}", n=_rps(w, per_s), inp=""),
            usage=w.usage(), n=w.n(o.offer.gpu_count * o.nodes), gpu=o.offer.gpu_name,
            provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd),
            kind=w.kinds[o.pricing_model], month=w.usd(o.cost.per_month_usd),
            busy=w.f.percent(per_s / cap, 0) if cap else "?"))
    w.out.more[0:0] = more


def _best_per_unit(w: _W, kw: dict[str, Any], unit: Callable[[Option], float | None]
                   ) -> tuple[Recommendation, list[Option]] | None:
    """The recommendations' options for ``kw`` ranked by ``unit`` (a cost per 1,000 images),
    the lowest first, on-demand unless the work was said to be interruptible (spot after it
    then). The ranking lists its cheapest setups by the hour, not per image: where it listed
    all it may (``kw["top_n"]``), the GPUs it left out are ranked again, so a dearer card that
    makes images more cheaply is not missed (audit buyer16 #4: 4 x RTX 5070 at $0.44 per 1,000
    SDXL images was 25th by the hour, past the 10 read, and "the catalog's lowest" was $0.53).
    None where nothing is ranked."""
    rec = w.recommend(**kw)
    if rec is None:
        return None
    found = list(rec.options)
    if len(rec.options) >= kw.get("top_n", 3) and "gpus" not in kw:
        seen = {o.offer.gpu for o in rec.options}
        rest = sorted(g for g in w.reg.gpus if g not in seen)
        for i in range(0, len(rest), 50):  # (the request's list takes 50)
            more = w.recommend(**{**kw, "gpus": rest[i:i + 50]})
            if more is not None:
                found += more.options
    lead_kinds = ("spot", "on_demand") if w.st.interruptible else ("on_demand",)
    priced = [o for o in found if unit(o) and o.performance.images_per_s
              and o.cost.per_hour_usd]
    options = sorted([o for o in priced if o.pricing_model in lead_kinds] or priced,
                     key=lambda o: (unit(o) or 0.0, o.cost.per_hour_usd, o.offer.id))
    return rec, options


def _budget_period(w: _W) -> tuple[float, str, float] | None:
    """A monthly, daily or hourly budget stated: (the amount, its period's word key, the GPU
    hours of that period at the stated use: a month's 720 at 24 h/day and 30 days, a day's
    hours a day, an hour); None where none is."""
    if w.ex.budget_usd_per_month:
        return w.ex.budget_usd_per_month, "month", w.month_hours()
    if w.st.budget_usd_per_day:
        return w.st.budget_usd_per_day, "day", w.st.hours_per_day or 24.0
    if w.ex.budget_usd_per_hour:
        return w.ex.budget_usd_per_hour, "hour", 1.0
    return None


def _budget_close(w: _W, rec: Recommendation, listed: list[Option], kw: dict[str, Any],
                  o: Option) -> bool:
    """What every budget-in-images answer ends with: the options listed in the numbers, the
    steps note, the lead's price date and its warnings."""
    w.offer_numbers(msgspec.structs.replace(rec, options=listed))
    w.media_notes({k: v for k, v in kw.items() if k == "steps"})
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _budget_images(w: _W) -> bool:
    """A budget for an image model's images with no GPU named ("how many SDXL images for
    $10?", "câte imagini SDXL cu 10 dolari?"): the count on the catalog's lowest cost per
    image (the recommendations' options, :func:`_best_per_unit`), computed as the GPU named
    computes it (:func:`_media_cost`: the hours the amount buys at the hourly price, times the
    images an hour); it gave the cheapest hourly price alone. A budget in euro (no exchange
    rate in the catalog: the answer says it is not converted) gives the images per US dollar
    instead, labelled so (it gave a time per image). A monthly, daily or hourly budget with
    its images (or what it runs) asked: :func:`_budget_period_images`. False where no option
    is priced (the answer it gave before)."""
    m = w.model
    if (m is None or m.kind != "diffusion" or m.modality != "image" or w.st.items
            or w.st.work_rate):
        return False
    budget = w.st.budget_usd_total if w.st.budget_usd_total and w.st.budget_usd_total > 0 else None
    period = _budget_period(w) if (w.st.images_first or w.st.output_asked) else None
    if budget is None and period is None and not w.st.eur:
        return False
    kw: dict[str, Any] = {"workload": "batch", "top_n": 50}
    kw.update({k: v for k, v in w.media_kw().items() if k != "batch_size"})
    if not w.st.interruptible:
        kw["interruptible"] = False
    ranked = _best_per_unit(w, kw, lambda o: o.cost.per_thousand_images_usd)
    if ranked is None or not ranked[1]:
        return False
    rec, options = ranked
    if budget is None and period is not None:
        return _budget_period_images(w, m, kw, rec, options, period)
    o = options[0]
    per_k = o.cost.per_thousand_images_usd or 0.0
    ips = o.performance.images_per_s or 0.0
    hour = o.cost.per_hour_usd or 0.0
    gpus = o.offer.gpu_count * o.nodes
    sec = gpus / ips  # each GPU makes its own images (the sizing's replicas)
    said = {"model": m.name, "weights": o.weights, "setup": w.setup(gpus, o.offer.gpu),
            "provider": o.offer.provider, "price": w.usd(hour), "kind": w.kinds[o.pricing_model],
            "w": kw.get("width") or m.native_width or 1024,
            "h": kw.get("height") or m.native_height or 1024, "sec": w.n(sec, 1)}
    if budget is not None:
        hours = budget / hour
        w.out.first = w.say("image_budget", budget=w.usd(budget), n=w.n(hours * 3600 * ips),
                            hours=w.duration(hours), per_hour=w.n(3600 * ips), **said)
        # "how long would $20 last": its hours (audit regress8 #5); the images where their
        # count is asked first (audit regress9 #8)
        if w.st.time_asked and not w.st.images_first:
            w.ask("budget_hours", hours, "h")
        else:
            w.ask("images", hours * 3600 * ips, "images")
        w.out.more.append(w.say("image_budget_cheapest", per_k=w.usd(per_k)))
        w.out.more.append(w.say("image_budget_billing"))
    else:
        per_usd = 1000 / per_k
        w.out.first = w.say("image_per_usd", n=w.n(per_usd), per_k=w.usd(per_k), **said)
        w.ask("images_per_usd", per_usd, "images/USD")
    return _budget_close(w, rec, options[:3], kw, o)


def _budget_period_images(w: _W, m: ModelEntry, kw: dict[str, Any], rec: Recommendation,
                          options: list[Option], period: tuple[float, str, float]) -> bool:
    """The images a monthly, daily or hourly budget buys ("I have $1000/month, how many SDXL
    images per month can I generate?", "ce pot rula cu 500 de dolari pe lună pentru imagini cu
    SDXL?"): among the recommendations' options under the budget (their images/s and price),
    the setup whose whole machines the budget pays for make the most images, as many of them
    as it pays for a whole period (a month's price with its weights' storage, as the
    recommendations give it; a day's and an hour's are that over the month's days or hours),
    their images in the period's GPU hours at the stated use (720 a month around the clock,
    the recommendations' convention); then the setup with the lowest cost per image where that
    is another one, and the cheapest single machine's images. It led with the cheapest
    machine's month and no count (audit buyer16 #4)."""
    budget, key, hours = period
    days = w.st.days_per_month or MONTH_DAYS
    # the images asked per another period than the budget's ("how many SDXL images a day with
    # $1,000 a month"): the same machines over that period's hours at the stated use
    asked = w.st.images_period or key
    asked_hours = hours if asked == key else w.month_hours() if asked == "month" else (
        (w.st.hours_per_day or 24.0) if asked == "day" else 1.0)

    def cost(o: Option) -> float:
        month = o.cost.per_month_usd or o.cost.per_hour_usd * w.month_hours()
        # (an hour's: the month's over its hours, so the weights' storage is in it too)
        return month if key == "month" else month / days if key == "day" \
            else month / w.month_hours()

    def machines(o: Option) -> int:
        return math.floor(budget / cost(o) + 1e-9)

    def made(o: Option) -> float:
        return machines(o) * (o.performance.images_per_s or 0.0) * 3600 * asked_hours

    within = [o for o in options if cost(o) > 0 and machines(o) >= 1]
    if not within:
        return False
    # the most images: whole machines of one setup, so the lowest cost per image is not
    # always the most the budget makes ($500: 4 x V100 at $102.10 make more than one 4 x RTX
    # 5070 at $267.15, the lower cost per image); ties to the lower cost per image
    o = max(within, key=lambda x: (round(made(x)), -(x.cost.per_thousand_images_usd or 0.0)))
    each, n = cost(o), machines(o)
    ips = o.performance.images_per_s or 0.0
    images = made(o)
    gpus = o.offer.gpu_count * o.nodes
    setup = w.setup(gpus, o.offer.gpu)
    word = w.t[f"unit_{key}"]
    per_period = w.t[f"unit_{asked}"]
    per = w.usd(budget) + "/" + ("h" if key == "hour" and w.lang == "en" else word)
    size_ = {"w": kw.get("width") or m.native_width or 1024,
             "h": kw.get("height") or m.native_height or 1024}
    w.out.first = w.say(
        "image_budget_period", budget=per, n=w.n(images), period=word, model=m.name,
        weights=o.weights, machines=setup if n == 1 else w.say("instances", n=w.n(n),
                                                                setup=setup),
        provider=o.offer.provider, price=w.usd(o.cost.per_hour_usd),
        kind=w.kinds[o.pricing_model], cost=w.usd(each), total=w.usd(each * n),
        per_k=w.usd(o.cost.per_thousand_images_usd or 0.0),
        ips=w.n(ips, max(1, 1 - math.floor(math.log10(ips)))),  # two significant figures
        sec=w.n(gpus / ips, 1), usage=w.usage(), per_period=per_period,
        **size_)
    w.ask("images", images, "images")
    if n > 1:
        w.out.more.append(w.say("image_budget_period_count", n=w.n(n),
                                provider=o.offer.provider))
    shown = [o]
    best = within[0]  # the lowest cost per image (ranked so)
    if (best.offer.id, best.weights) != (o.offer.id, o.weights):
        w.out.more.append(w.say(
            "image_budget_period_best", per_k=w.usd(best.cost.per_thousand_images_usd or 0.0),
            setup=w.setup(best.offer.gpu_count * best.nodes, best.offer.gpu),
            provider=best.offer.provider, weights=best.weights, cost=w.usd(cost(best)),
            period=word, machines=w.n(machines(best)), n=w.n(made(best)),
            per_period=per_period))
        shown.append(best)
    one = min(within, key=lambda x: (cost(x), x.cost.per_thousand_images_usd or 0.0, x.offer.id))
    if all((one.offer.id, one.weights) != (x.offer.id, x.weights) for x in shown):
        one_ips = one.performance.images_per_s or 0.0
        w.out.more.append(w.say(
            "image_budget_period_one", setup=w.setup(one.offer.gpu_count * one.nodes,
                                                     one.offer.gpu),
            provider=one.offer.provider, weights=one.weights,
            price=w.usd(one.cost.per_hour_usd), cost=w.usd(cost(one)), period=word,
            n=w.n(one_ips * 3600 * asked_hours), per_period=per_period,
            per_k=w.usd(one.cost.per_thousand_images_usd or 0.0)))
        shown.append(one)
    shown += [x for x in within[1:3] if x not in shown]
    return _budget_close(w, rec, shown[:3], kw, o)


def _image_unit_lead(w: _W, per_k: float, said: dict[str, Any]) -> None:
    """"The cost per image" asked (``Stated.media_rate`` "per_image"): one image's cost leads,
    its cost per 1,000 images in the same sentence (audit media #14: SDXL on an A100 led with
    "$1.20 per 1,000" where $0.0012 was asked). Same basis: the hourly price over the images
    an hour."""
    if w.st.media_rate is not None and w.st.media_rate[0] == "per_dollar" and per_k > 0:
        # "how many images per dollar": the images a US dollar buys at this hourly price
        # (1,000 over the cost per 1,000), the cost per 1,000 beside it (audit buyer30b #3)
        w.out.first = w.say("image_per_dollar", per_usd=w.n(1000 / per_k),
                            per_k=w.usd(per_k), **said)
        w.ask("images_per_usd", 1000 / per_k, "images/USD")
        return
    if w.st.media_rate is None or w.st.media_rate[0] != "per_image":
        return
    one = per_k / 1000  # a twentieth of a cent keeps two significant figures ($0.00053)
    w.out.first = w.say("image_per_unit", cost=w.unit_usd(one) if one >= 1e-3 else w.usd(one),
                        per_k=w.usd(per_k), **said)
    w.ask("per_image_usd", per_k / 1000, "USD")


def _audio_minute_lead(w: _W, per_hour: float, ratio: float, common: dict[str, Any]) -> None:
    """A price per minute of audio asked (``Stated.audio_minute_cost``: "cât costă pe minut
    transcrierea", "per minute of audio"): the cost per hour of audio over 60 leads, the hour's
    figure beside it, said so (audit ro2 #7: $0.0075 per hour of audio answered a minute's
    price; the minute's is $0.00012). Two significant figures: a minute is a cent's hundredth."""
    if w.st.audio_unit is not None and per_hour > 0:
        _audio_unit_lead(w, per_hour, ratio, common)
        return
    if not w.st.audio_minute_cost or per_hour <= 0:
        return
    minute = per_hour / 60
    digits = max(2, 1 - math.floor(math.log10(minute)))
    w.out.first = w.say("audio_minute_cost", cost=w.f.money(minute, digits),
                        hour=w.unit_usd(per_hour), ratio=w.rate(ratio), **common)
    w.ask("per_audio_minute_usd", minute, "USD")


_AUDIO_PER_USD: dict[str, tuple[str, float, str, str, str]] = {
    # audio_unit: (message, units of audio in an hour, its field, quantity asked, unit)
    "dollar": ("audio_per_dollar", 60.0, "minutes", "audio_minutes_per_usd", "min/USD"),
    "dollar_hours": ("audio_hours_per_dollar", 1.0, "hours", "audio_hours_per_usd", "h/USD"),
}
"""The audio a dollar buys, by the unit asked (audit 30a #13: an hours question got
minutes)."""


def _audio_unit_lead(w: _W, per_hour: float, ratio: float, common: dict[str, Any]) -> None:
    """One clip's cost, or the minutes of audio a dollar buys (``Stated.audio_unit``; buyer
    audit 26c #6, #8: the cost per hour of audio answered either), from the same cost per
    hour of audio, which is said beside it. A clip is the model's request
    (:func:`request_audio_s`: its default clip, or the window a latent model denoises)."""
    assert w.model is not None
    per_dollar = _AUDIO_PER_USD.get(w.st.audio_unit or "")
    if per_dollar is not None:
        # the minutes or the hours of audio a dollar buys, in the unit asked
        key, per, field, quantity, unit = per_dollar
        amount = per / per_hour
        w.out.first = w.say(key, **{field: w.n(amount, 0 if amount >= 100 else 1)},
                            hour=w.unit_usd(per_hour), ratio=w.rate(ratio), **common)
        w.ask(quantity, amount, unit)
        return
    clip = request_audio_s(sized_from_entry(w.model))
    if clip is None:
        return
    seconds = clip[0]
    usd = per_hour / 3600 * seconds
    digits = max(2, 1 - math.floor(math.log10(usd))) if usd > 0 else 2
    w.out.first = w.say("audio_clip_cost", cost=w.f.money(usd, digits),
                        sec=w.n(seconds, 1 if seconds < 100 else 0),
                        hour=w.unit_usd(per_hour), ratio=w.rate(ratio), **common)
    w.ask("per_clip_usd", usd, "USD")


def _media_unit(w: _W) -> bool:
    """A speech or image model's unit cost with no GPU named ("cost per hour of audio with
    Whisper", "cost per 1,000 images with SDXL"): the recommendations' cost per audio hour or
    per 1,000 images (the option's speed over its hourly price), on-demand first unless the
    work was said to be interruptible, spot after it, with the GPU and its speed."""
    m = w.model
    assert m is not None
    audio = m.kind == "audio"
    if not audio and not (m.kind == "diffusion" and m.modality == "image"):
        return False

    def unit(o: Option) -> float | None:
        return o.cost.per_audio_hour_usd if audio else o.cost.per_thousand_images_usd

    # the whole ranking (it is by the hour): the cheapest per image can rank far down it
    # (audit 25a #9: 4 × RTX 5070 at $0.44 per 1,000 was past the first 10, 4 × RTX 3060
    # at $0.53 led)
    kw: dict[str, Any] = {"workload": "batch", "top_n": 50}
    if not audio:  # the steps and the size stated (the recommendations take no batch)
        kw.update({k: v for k, v in w.media_kw().items() if k != "batch_size"})
    if not w.st.interruptible:
        kw["interruptible"] = False
    rec = w.recommend(**kw)
    if rec is None:
        return False
    priced = [o for o in rec.options if unit(o)]
    lead_kinds = ("spot", "on_demand") if w.st.interruptible else ("on_demand",)
    options = [o for o in priced if o.pricing_model in lead_kinds] or priced
    if not options:
        return False
    options.sort(key=lambda o: unit(o) or 0.0)
    o = options[0]
    cost = unit(o) or 0.0
    w.offer_numbers(msgspec.structs.replace(rec, options=options[:3]))
    common = {"model": m.name, "weights": o.weights,
              "setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "price": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model]}
    p = o.performance
    if audio:
        ratio = p.audio_seconds_per_s
        if not ratio:
            return False
        w.out.first = w.say("audio_unit_cost", cost=w.unit_usd(cost), ratio=w.rate(ratio),
                            **common)
        w.ask("per_audio_hour_usd", cost, "USD")
        _audio_minute_lead(w, cost, ratio, common)
    else:
        ips = p.images_per_s
        if not ips:
            return False
        w.out.first = w.say("image_unit_cost", cost=w.usd(cost), sec=w.n(1 / ips, 1),
                            w=kw.get("width") or m.native_width or 1024,
                            h=kw.get("height") or m.native_height or 1024, **common)
        w.media_notes({k: v for k, v in kw.items() if k == "steps"})
        w.ask("per_thousand_images_usd", cost, "USD")
        _image_unit_lead(w, cost, {"sec": w.n(1 / ips, 1), **common,
                                   "w": kw.get("width") or m.native_width or 1024,
                                   "h": kw.get("height") or m.native_height or 1024})
    if (deep := spot_deep_line(w, o)) is not None:
        w.out.more.append(deep)  # a spot lead at an extreme spot price (jobs.spot_deep)
    if not w.st.interruptible and not w.st.no_spot:  # spot ruled out: no spot figure
        alt = w.recommend(**{**kw, "interruptible": True})
        spots = sorted((x for x in (alt.options if alt is not None else [])
                        if x.pricing_model == "spot" and unit(x)), key=lambda x: unit(x) or 0.0)
        if spots and (unit(spots[0]) or 0.0) < cost:
            s = spots[0]
            s_cost = unit(s) or 0.0
            # a minute of audio asked: the spot line per minute too (audit regress13 #11:
            # $0.0007 per hour of audio beside the per-minute lead)
            minute = audio and w.st.audio_minute_cost
            w.out.more.append(w.say(
                "cost_spot_audio_minute" if minute else
                "cost_spot_audio" if audio else "cost_spot_images",
                cost=w.f.money(s_cost / 60, max(2, 1 - math.floor(math.log10(s_cost / 60))))
                if minute else w.unit_usd(s_cost) if audio else w.usd(s_cost),
                setup=w.setup(s.offer.gpu_count * s.nodes, s.offer.gpu),
                provider=s.offer.provider, price=w.usd(s.cost.per_hour_usd)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _video_cost(w: _W, gid: str) -> bool:
    """A video model's clips on the GPU named: one clip's seconds there times one GPU's
    price (on several GPUs each makes its own clip); the clips of the length asked ("a
    10-second video", "1 minute of video") or stated ("100 videos") in all when more than
    one."""
    m = w.model
    assert m is not None
    count = w.ex.gpu_count or 1
    mk = w.media_kw(gid, count)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    default = r
    # as _media_cost: the first smaller precision that fits and runs, named in the answer
    r = _smaller_fit(w, gid, count, r, mk) or r
    b = w.basis(gid, count)
    if r is None or r.gpu is None or not r.fits_in_memory or r.performance is None or b is None:
        return False
    if default is not None and default is not r:
        w.out.more.append(w.say("media_precision_fit", default=default.weights,
                                need=w.gib(default.memory.per_gpu_gib),
                                setup=w.setup(count, gid), weights=r.weights,
                                fit=w.gib(r.memory.per_gpu_gib)))
    sec = r.performance.seconds_per_image
    if not sec:
        return False
    v, per, kind = b
    # the sizing runs the pipeline whole on each GPU (one replica per GPU): a clip is one
    # GPU's seconds at one GPU's price, however many GPUs the machine has
    hour = per
    w.media_notes(mk)
    _video_replicas(w, count, sec)
    frames = w.clip_frames()
    size_ = {"w": mk.get("width") or m.native_width or 1024,
             "h": mk.get("height") or m.native_height or 1024}
    w.out.first = w.say("video_cost", **size_,
                        frames=w.n(frames), model=m.name, weights=r.weights,
                        setup=w.setup(count, gid), cost=w.unit_usd(hour * sec / 3600),
                        sec=w.clip_time(sec), price=w.usd(hour), kind=w.kinds[kind],
                        provider=w.where(v, count))
    w.ask("per_clip_usd", hour * sec / 3600, "USD")
    per_video = _length_clips(w)
    if w.st.clips or per_video > 1:
        # clips stated, or a length over one clip: the total leads, the clip's cost after it
        n = (w.st.clips or 1) * per_video
        hours = n * sec / 3600
        # the clip's GPU time at the hourly price is no price the provider bills (it bills
        # its step, with storage: the job's cost): said labelled as that time alone, never
        # as what a clip costs ($0.68 beside the billed $1.30 for the same clip)
        unit_line = w.say("video_cost_raw", cost=w.unit_usd(hour * sec / 3600),
                          sec=w.clip_time(sec), price=w.usd(hour))
        common = {**size_, "frames": w.n(frames), "model": m.name, "weights": r.weights,
                  "setup": w.setup(count, gid), "sec": w.n(sec, 1 if sec < 100 else 0),
                  "price": w.usd(hour), "kind": w.kinds[kind], "provider": w.where(v, count)}
        # independent clips: every GPU of the cheapest machine makes its share (no count
        # asked), else one replica per GPU, the clips split over the GPUs asked; billed as
        # the provider bills, with storage (a video of 12 clips cost less than the 12 clips)
        usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, count)
        common["cost"] = w.usd(usd)
        if w.st.clips:
            _job_lead(w, "video_job", hours, hours / gpus, usd,
                      "job_usd", {"n": w.n(n), **common})
        else:
            w.out.first = w.say("video_length", n=w.n(n), clip=_clip_words(w),
                                hours=w.duration(hours), **common)
            w.ask("job_usd", usd, "USD")
        w.out.more.insert(0, unit_line)
    if w.st.clip_seconds:
        _video_length_note(w)
    w.record(r, 0)  # one replica's memory, the replicas counted (record)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    for x in r.warnings:
        w.core_warn(x)
    return True


def _one_item(w: _W, gid: str | None) -> None:
    """A cost asked of one image or video said with a word for one ("a 1024x1024 image", "one
    5 second video", "o imagine", "un videoclip"; ``Stated.one_item``): a count of 1, priced
    as "1 image" / "1 video" is (the job, with the per-item time), not per 1,000 images or by
    the hour. A unit price asked ("per image") or a rate of work keeps its own answer. A
    video on a GPU named is a job of one clip too, billed as "1 video" is, the clip's own cost
    said beside it (:func:`_video_cost`; it was the clip's seconds pro-rated, no billing and
    no storage), unless its length takes more clips (:func:`_length_clips`: "a 10-second
    video" is priced as its 2 clips already)."""
    m = w.model
    if (m is not None and m.kind == "audio" and gid is None and w.st.media_rate is not None
            and w.st.media_rate[0] == "one_audio_hour" and not w.st.items
            and w.sub != "unit"):
        # "the cost to transcribe one hour of audio": a job of one hour, billed as one (it
        # gave the price of an hour of the GPU; the cost per audio hour only in its why)
        w.st = dc_replace(w.st, items=1.0, audio_hours=True)
        return
    if (m is None or m.kind != "diffusion" or not w.st.one_item or w.sub == "unit"
            or w.st.work_rate or w.st.items or w.st.clips):
        return
    if m.modality == "video" and (gid is None or _length_clips(w) == 1):
        w.st = dc_replace(w.st, clips=1)
    elif m.modality == "image":
        w.st = dc_replace(w.st, items=1)


# the precisions an image, video or speech model is tried at when its default does not fit
# the GPU named, largest first: the ones ``weights: "auto"`` tries for a pipeline in the
# recommendations (AUTO_IMAGE: diffusers' FP8 layerwise storage, INT8, NF4), one list
_MEDIA_SMALLER = AUTO_IMAGE


def _smaller_fit(w: _W, gid: str, count: int, r: SizingResult | None, mk: Mapping[str, Any],
                 timed: bool = False) -> SizingResult | None:
    """No precision stated and the pipeline at its own (``r``) not held by ``count`` x
    ``gid`` (FLUX.1 [dev] at bf16, 36.2 GiB, on a 24 GB card; CogVideoX-5B at bf16, 29.5 GiB):
    the sizing at the first of :data:`_MEDIA_SMALLER` below its own precision
    (:func:`_first_lower`, as the LLM answers fall back) that fits there and that the GPU's
    kernels run with the engine (catalog/kernels.toml, as the recommendations keep only what a
    GPU runs: diffusers' FP8 layerwise storage on any CUDA or ROCm GPU, its matmuls in 16 bits;
    a precision refused there is "impossible combination", runs false); with a time
    (``timed``) where one is needed. None where a precision was stated, the own one fits, or
    none of the smaller ones does. The time, fit, cost, rate and comparison answers of a
    media model all fall back through it, so they name one precision for one card."""
    if r is None or r.gpu is None or r.fits_in_memory or w.weights:
        return None

    def meets(pid: str) -> SizingResult | None:
        again = w.size(gpu=gid, gpu_count=count, weights=pid, **mk)
        if (again is None or not again.fits_in_memory or again.runs is False
                or _impossible(again) or (timed and again.performance is None)):
            return None
        return again

    first = _first_lower(_MEDIA_SMALLER, r.weights, meets)
    return None if first is None else first[1]


def _wall_leads(w: _W) -> bool:
    """Whether :func:`_job_lead` states the job's wall time in its first sentence (its time
    or its GPU-hours asked): a larger machine's note then says it not again."""
    return w.sub in ("time", "gpu_hours") or w.st.time_asked


def _month_gpus(w: _W, gid: str, gpu_hours: float, count: int,
                b: tuple[OfferView, float, str] | None, common: dict[str, Any]
                ) -> tuple[int, tuple[OfferView, float, str]]:
    """The GPUs a month's volume (``Stated.monthly_volume``) takes to finish within the month
    (24 h x ``MONTH_DAYS``, as the recommendations count a month), at least the ``count``
    asked, with their price basis; ``common``'s setup and price made theirs where more are
    needed (buyer audit 26c #1: 1,816 GPU-hours a month on one H100)."""
    assert b is not None
    month_h = 24.0 * MONTH_DAYS
    need = max(count, math.ceil(gpu_hours / month_h - 1e-9)) if w.st.monthly_volume else count
    if need <= count:
        return count, b
    nb = w.basis(gid, need) or b
    common.update(setup=w.setup(need, gid), price=w.usd(nb[1] * need),
                  provider=w.where(nb[0], need), kind=w.kinds[nb[2]])
    return need, nb


def _month_note(w: _W, gpu_hours: float, gpus: int, more: bool) -> None:
    """A month's volume priced as that month's job: its GPU-hours and the wall time on the
    GPUs it runs on, within the month's hours (more GPUs than asked said so)."""
    if not w.st.monthly_volume:
        return
    key = "monthly_job_more" if more else "monthly_job_one" if gpus == 1 else "monthly_job"
    w.out.more.insert(0, w.say(key,
                               hours=w.duration(gpu_hours), n=w.n(gpus),
                               wall=w.duration(gpu_hours / max(gpus, 1)),
                               month=w.n(24 * MONTH_DAYS)))


def _media_cost(w: _W, gid: str) -> bool:
    """An image or speech job on the GPU named: the total for the images or hours of audio
    stated (speed × price), else the cost per 1,000 images or per hour of audio."""
    m = w.model
    assert m is not None
    if m.modality == "video":
        return _video_cost(w, gid)
    count = w.ex.gpu_count or 1
    mk = w.media_kw(gid, count, job=True)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    default = r
    # no precision asked and the default does not fit (FLUX at bf16 on 24 GB): the first
    # smaller one that fits and runs, named in the answer
    r = _smaller_fit(w, gid, count, r, mk) or r
    b = w.basis(gid, count)
    own = w.own_gpu_price(gid, count)
    if r is None or r.gpu is None or not r.fits_in_memory or r.performance is None or (
            b is None and own is None):
        return False
    if own is not None and _media_own(w, gid, count, r, mk, own):
        _image_rate_first(w, r, mk, gid, count)
        w.media_notes(mk)
        if default is not None and default is not r:
            w.out.more.insert(0, w.say("media_precision_fit", default=default.weights,
                                       need=w.gib(default.memory.per_gpu_gib),
                                       setup=w.setup(count, gid), weights=r.weights,
                                       fit=w.gib(r.memory.per_gpu_gib)))
        w.record(r, 0)
        w.own_catalog_note(gid, count)
        for x in r.warnings:
            w.core_warn(x)
        return True
    if b is None:
        return False
    v, per, kind = b
    hour = per * count
    p = r.performance
    common = {"model": m.name, "weights": r.weights, "setup": w.setup(count, gid),
              "provider": w.where(v, count), "price": w.usd(hour), "kind": w.kinds[kind]}
    n = w.st.items
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s
        if not ratio:
            return False
        if n:
            hours = n / ratio * count  # GPU-hours: the ratio is the ``count`` GPUs'
            asked = dict(common)  # the GPUs asked, before the job's machine replaces them
            # a job of independent files: every GPU of the cheapest machine takes its share
            need, b = _month_gpus(w, gid, hours, count, b, common)
            usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, need,
                                        wall_led=_wall_leads(w), asked_only=need > count)
            _month_note(w, hours, gpus, need > count)
            key, amount = _audio_n(w, "audio_job", n)
            # the rate of the machine the hours are on, one GPU's beside it on several: 2 ×
            # L4 took 9.8 hours "at 50.9 hours of audio per hour", one L4's (buyer audit 19
            # #5; the machine does 101.8)
            each = w.say("audio_rate_each", ratio=w.rate(ratio / count)) if gpus > 1 else ""
            _job_lead(w, key, hours, hours / gpus, usd,
                      "job_usd", {"n": amount, "cost": w.usd(usd),
                                  "ratio": w.rate(ratio * gpus / count), "each": each,
                                  **common})
            if w.sub == "unit":
                # "300 hours ...: what is the cost per audio hour?": the unit asked leads, the
                # job's total after it (audit buyer20 #11: the $2.29 total led, $0.0075 unsaid)
                _unit_first(w, w.say("audio_unit_cost", cost=w.unit_usd(hour / ratio),
                                     ratio=w.rate(ratio), **asked))
                w.ask("per_audio_hour_usd", hour / ratio, "USD")
                _audio_minute_lead(w, hour / ratio, ratio, asked)
        elif budget_lasts_asked(w) and hour > 0:
            # "how long would $300 last running Whisper on an L4?": the hours the amount buys
            # and the audio they transcribe (300 / 0.38 = 789 h; audit regress9 #6: the cost
            # per hour of audio answered)
            budget = w.st.budget_usd_total or 0.0
            hours = budget / hour
            w.out.first = w.say("audio_budget", budget=w.usd(budget), hours=w.duration(hours),
                                audio=w.n(hours * ratio), ratio=w.rate(ratio), **common)
            w.ask("budget_hours", hours, "h")
            w.out.more.append(w.say("budget_lasts_billing"))
        else:
            w.out.first = w.say("audio_unit_cost", cost=w.unit_usd(hour / ratio),
                                ratio=w.rate(ratio), **common)
            w.ask("per_audio_hour_usd", hour / ratio, "USD")
            _audio_minute_lead(w, hour / ratio, ratio, common)
            _audio_rate_first(w, r, ratio, common)
    else:
        sec = p.seconds_per_image
        if not sec:
            return False
        size_ = {"w": mk.get("width") or m.native_width or 1024,
                 "h": mk.get("height") or m.native_height or 1024}
        if n == 1 and w.sub not in ("time", "gpu_hours"):
            # "what does one image cost" ("1 image", "o imagine"): its GPU time at the hourly
            # price leads ($0.0020 for 19 s on an L4); one hour billed for it (it led with
            # $0.38, the whole hour) is what renting the GPU for that image alone costs, said
            # after it
            unit = hour * sec / 3600
            said = dict(common)
            usd, v, _ = _machine_job(w, gid, sec / 3600, r.weights, common, b, count)
            w.out.first = w.say("image_one_unit", cost=w.unit_usd(unit), sec=w.n(sec, 1),
                                billed=w.usd(usd), billed_provider=v.provider,
                                **size_, **said)
            w.ask("per_image_usd", unit, "USD")
        elif n:
            hours = n * sec / 3600
            asked = dict(common)  # the GPUs asked, before the job's machine replaces them
            # independent images: every GPU of the cheapest machine makes its share; on the
            # GPUs asked, one replica each (``sec`` is one replica's): GPU-hours x per GPU
            # a unit cost asked ("cost per 1,000 images"): the whole job after it on the
            # same GPUs, labelled as the job billed (it was a machine of 2 × H100 chosen,
            # then one card alone: three near-equal figures, imgcost audit 22); else one card
            # alone where no count is said, unless a larger machine saves enough
            unit_q = w.sub == "unit" and not w.st.time_asked
            need, b = _month_gpus(w, gid, hours, count, b, common)
            usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, need,
                                        wall_led=_wall_leads(w),
                                        asked_only=unit_q or need > count, near_one=True)
            _month_note(w, hours, gpus, need > count)
            _job_lead(w, "image_unit_job" if unit_q else "image_job", hours, hours / gpus, usd,
                      "job_usd", {"n": w.n(n), "cost": w.usd(usd), "sec": w.n(sec, 1),
                                  **size_, **common})
            if count > 1:  # one replica per GPU: the count said, as the unit cost says it
                w.out.more.append(w.say("image_replicas_note", n=w.n(count), sec=w.n(sec, 1)))
            if w.sub == "unit":
                # "100k SDXL images ..., cost per image?": the unit asked leads (per image or
                # per 1,000), the job's total after it (audit buyer20 #11)
                per_k = hour / (3600 * _images_per_s(p)) * 1000
                _unit_first(w, w.say("image_unit_cost", cost=w.usd(per_k), sec=w.n(sec, 1),
                                     **size_, **asked))
                w.ask("per_thousand_images_usd", per_k, "USD")
                _image_unit_lead(w, per_k, {**size_, **asked, "sec": w.n(sec, 1)})
        elif w.st.budget_usd_total and w.st.budget_usd_total > 0:
            # "how many images for $10 on a 4090": the hours the amount buys at the GPU's
            # price, times its images per hour (it gave the cost per 1,000 images)
            budget = w.st.budget_usd_total
            hours = budget / hour
            w.out.first = w.say("image_budget", budget=w.usd(budget), n=w.n(hours * 3600 / sec),
                                hours=w.duration(hours), sec=w.n(sec, 1),
                                per_hour=w.n(3600 / sec), **size_, **common)
            # "how long would $20 last": its hours (audit regress8 #5); the images where
            # their count is asked first (audit regress9 #8)
            if w.st.time_asked and not w.st.images_first:
                w.ask("budget_hours", hours, "h")
            else:
                w.ask("images", hours * 3600 / sec, "images")
            w.out.more.append(w.say("image_budget_billing"))
        else:
            # the whole setup's images (each GPU its own): 8 × L4 at one L4's rate was $16.13
            # per 1,000 where they make 8 times as many, about $2.02
            ips = _images_per_s(p)
            per_k = hour / (3600 * ips) * 1000
            w.out.first = w.say("image_unit_cost", cost=w.usd(per_k),
                                sec=w.n(sec, 1), **size_, **common)
            w.ask("per_thousand_images_usd", per_k, "USD")
            _image_unit_lead(w, per_k, {**size_, **common, "sec": w.n(sec, 1)})
            if w.sub == "hour" and not (w.st.price_asked or w.st.cost_asked):
                # "how many images can I make per hour on 8 L4": the count leads, the cost
                # per 1,000 after it (it was the cost alone)
                w.out.more.insert(0, w.out.first)
                w.out.first = w.say("image_rate_hour", need=w.gib(r.memory.per_gpu_gib),
                                    per_hour=w.n(3600 * ips), sec=w.n(sec, 1), **size_,
                                    **{k: common[k] for k in ("model", "weights", "setup")})
                w.ask("images_per_hour", 3600 * ips, "images/h")
            if count > 1:
                w.out.more.insert(1 if w.out.more else 0, w.say(
                    "image_replicas_note", n=w.n(count), sec=w.n(sec, 1)))
        _image_rate_first(w, r, mk, gid, count)
    w.media_notes(mk)
    if default is not None and default is not r:
        w.out.more.insert(0, w.say("media_precision_fit", default=default.weights,
                                   need=w.gib(default.memory.per_gpu_gib),
                                   setup=common["setup"], weights=r.weights,
                                   fit=w.gib(r.memory.per_gpu_gib)))
    w.record(r, 0)  # one replica's memory, the replicas counted (record)
    _spot_unit_on(w, gid, count)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v)
    for x in r.warnings:
        w.core_warn(x)
    return True


_UNIT_QUANTITIES = ("per_thousand_images_usd", "per_audio_hour_usd")
"""The unit costs of an image or speech model (:func:`_media_cost`) that a spot figure is
given beside (:func:`_spot_unit_on`)."""


def _spot_unit_on(w: _W, gid: str, count: int) -> None:
    """Spot named with a unit cost on the GPU named ("cost per 1000 images sdxl on T4 spot vs
    on-demand", "... on a spot L4"): the same unit cost on spot on that GPU, as
    /v1/recommendations prices it (their ``gpus`` filter, ``interruptible``: the expected
    restarts counted), the count stated where it has one, said after the on-demand figure
    with its caveat (``cost_spot_images``, ``cost_spot_audio``), as a unit cost with no GPU
    named gives it (:func:`_media_unit`). It was the on-demand figure alone ($8.30), spot
    dropped ($3.23 on spot; buyer audit 24a #11). No spot price listed, or none trusted: said
    so, never dropped silently. Spot ruled out (``Stated.no_spot``): nothing added."""
    a = w.out.asked
    if (not w.st.spot_said or w.st.no_spot or w.model is None or a is None
            or a.quantity not in _UNIT_QUANTITIES):
        return
    audio = a.quantity == "per_audio_hour_usd"
    listed = [v for v in w.offers_for(gid) if v.spot_usd_h is not None]
    if not listed:
        w.out.more.append(w.say("spot_none_job", gpu=w.gpu_name(gid)))
        return

    def unit(o: Option) -> float | None:
        return o.cost.per_audio_hour_usd if audio else o.cost.per_thousand_images_usd

    kw: dict[str, Any] = {"workload": "batch", "gpus": [gid], "interruptible": True,
                          "top_n": 20}
    if not audio:  # the steps and the size stated, as the on-demand figure is sized
        kw.update({k: x for k, x in w.media_kw().items() if k != "batch_size"})
    rec = w.recommend(**kw)
    spots = [o for o in (rec.options if rec is not None else [])
             if o.offer.gpu == gid and o.pricing_model == "spot" and unit(o)]
    spots = [o for o in spots if o.offer.gpu_count * o.nodes == count] or spots
    if not spots:
        # listed, none trusted (stale or flagged): said, with why in the warnings
        w.price_warnings(min(listed, key=lambda x: (x.spot_usd_h or 0.0) / x.gpu_count))
        w.out.more.append(w.say("spot_unit_untrusted", gpu=w.gpu_name(gid)))
        return
    s = min(spots, key=lambda o: unit(o) or 0.0)
    cost = unit(s) or 0.0
    w.out.more.append(w.say("cost_spot_audio" if audio else "cost_spot_images",
                            cost=w.unit_usd(cost) if audio else w.usd(cost),
                            setup=w.option_setup(s), provider=s.offer.provider,
                            price=w.usd(s.cost.per_hour_usd)))
    w.option_warnings(s)


def _unit_first(w: _W, unit: str) -> None:
    """A unit cost asked of a job whose size is stated ("cost per audio hour", "per image"):
    ``unit`` leads, the job's own first sentence right after it."""
    if w.out.first is not None:
        w.out.more.insert(0, w.out.first)
    w.out.first = unit


def _audio_rate_first(w: _W, r: SizingResult, ratio: float, common: Mapping[str, str]) -> None:
    """Hours of audio per hour asked before the cost ("Whisper large-v3: how many hours of
    audio per hour on an L4, and cost per audio hour?", ``Stated.media_rate`` with
    ``Stated.media_rate_first``): the transcription rate leads, as the speed answer says it
    (``audio_rate``, the same sizing as the cost), the cost sentence right after it; the rate
    is the number asked (it led with the cost, the rate asked first only inside it)."""
    m = w.model
    if (m is None or m.kind != "audio" or not w.transcribes() or not w.st.media_rate_first
            or w.st.media_rate != ("audio_hours", 3600.0) or w.out.first is None):
        return
    w.out.more.insert(0, w.out.first)
    w.out.first = w.say("audio_rate", model=common["model"], weights=common["weights"],
                        setup=common["setup"], need=w.gib(r.memory.per_gpu_gib),
                        ratio=w.rate(ratio))
    w.ask("audio_hours_per_hour", ratio, "h/h")


def _image_rate_first(w: _W, r: SizingResult, mk: Mapping[str, Any], gid: str,
                      count: int) -> None:
    """Images per second, minute, hour or day asked beside a cost ("how many images per
    second does SDXL do on an RTX4090 and cost per 1000 images at $0.40/hr?", "How many SDXL
    images per hour on an RTX 4090 and cost per 1000 images?", ``Stated.image_rate_asked``):
    the rate of the GPUs asked (one where no count is said) leads, in the unit asked, as the
    speed answer says it, the cost sentence right after it, as a job's time asked beside its
    cost leads (``_job_lead``); the rate is the number asked. It was the cost alone, the rate
    only implied by "6.5 s per image" (buyer audit 18a #3 per second, buyer audit 19 #4 per
    hour: about 554 images per hour on an RTX 4090 never said)."""
    m, p = w.model, r.performance
    period = w.st.image_rate_asked
    if (not period or m is None or m.kind != "diffusion"
            or m.modality != "image" or p is None or not p.seconds_per_image
            or w.out.first is None or (w.out.asked is not None
                                       and w.out.asked.quantity.startswith("images_per"))):
        return  # (a rate that leads already: "how many images per hour")
    ips = _images_per_s(p)
    if not ips:
        return
    w.out.more.insert(0, w.out.first)
    common = {"model": m.name, "weights": r.weights, "need": w.gib(r.memory.per_gpu_gib),
              "w": mk.get("width") or m.native_width or 1024,
              "h": mk.get("height") or m.native_height or 1024,
              "sec": w.n(p.seconds_per_image, 1), "setup": w.setup(count, gid),
              "per_hour": w.n(3600 * ips)}
    if period == "hour":
        w.out.first = w.say("image_rate_hour", **common)
        w.ask("images_per_hour", 3600 * ips, "images/h")
    elif period == "minute":
        w.out.first = w.say("image_rate_minute", per_min=w.rate(60 * ips), **common)
        w.ask("images_per_minute", 60 * ips, "images/min")
    elif period == "day":
        w.out.first = w.say("image_rate_day", per_day=w.rate(86_400 * ips), **common)
        w.ask("images_per_day", 86_400 * ips, "images/day")
    else:
        w.out.first = w.say("image_rate_second", ips=w.n(ips, 2), **common)
        w.ask("images_per_s", ips, "images/s")


def _media_own(w: _W, gid: str, count: int, r: SizingResult, mk: Mapping[str, Any],
               own: float) -> bool:
    """:func:`_media_cost` at the asker's own price of the GPU named (:meth:`_W.own_gpu_price`:
    "I pay $0.80/h for an L4, what does it cost to transcribe 1000 hours of audio with
    Whisper large-v3?", "I pay $1.5/hr for an A100: cost per 1000 SDXL images?"): the hours
    of audio or images stated (their GPU-hours at that price: no provider's billing step or
    storage, which the catalog's price adds), else the cost per hour of audio or per 1,000
    images, said so; the same sizing and speed as the catalog's answer. The catalog's price
    priced them, the own price said unused (audit ownprice2). False where the answer is no
    such cost (an amount's hours, which the catalog's answer gives)."""
    m = w.model
    p = r.performance
    assert m is not None and p is not None
    hour = own * count
    n = w.st.items
    common = {"model": m.name, "weights": r.weights, "setup": w.setup(count, gid)}
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s
        if not ratio or (not n and budget_lasts_asked(w)):
            return False
        said = w.own_said(gid, count)
        if n:
            hours = n / ratio * count  # GPU-hours: the ratio is the ``count`` GPUs'
            key, amount = _audio_n(w, "own_audio_job", n)
            _job_lead(w, key, hours, hours / count, hours * own, "job_usd",
                      {"n": amount, "cost": w.usd(hours * own), "ratio": w.rate(ratio),
                       "own": said, **common})
            return True
        unit = hour / ratio
        w.out.first = w.say("own_audio_unit_cost", cost=w.unit_usd(unit), ratio=w.rate(ratio),
                            own=said, **common)
        w.ask("per_audio_hour_usd", unit, "USD")
        if w.st.audio_minute_cost:  # as _audio_minute_lead: a minute's price asked
            minute = unit / 60
            digits = max(2, 1 - math.floor(math.log10(minute)))
            w.out.first = w.say("own_audio_minute_cost", cost=w.f.money(minute, digits),
                                hour=w.unit_usd(unit), ratio=w.rate(ratio), own=said,
                                **common)
            w.ask("per_audio_minute_usd", minute, "USD")
        return True
    sec = p.seconds_per_image
    if not sec or (not n and w.st.budget_usd_total and w.st.budget_usd_total > 0):
        return False
    said = w.own_said(gid, count)
    size_ = {"w": mk.get("width") or m.native_width or 1024,
             "h": mk.get("height") or m.native_height or 1024}
    if n == 1 and w.sub not in ("time", "gpu_hours"):
        unit = hour * sec / 3600  # as the catalog's answer: the setup's hour
        w.out.first = w.say("own_image_one_unit", cost=w.unit_usd(unit), sec=w.n(sec, 1),
                            own=said, **size_, **common)
        w.ask("per_image_usd", unit, "USD")
    elif n:
        hours = n * sec / 3600  # GPU-hours: one replica per GPU, ``sec`` one replica's
        _job_lead(w, "own_image_job", hours, hours / count, hours * own, "job_usd",
                  {"n": w.n(n), "cost": w.usd(hours * own), "sec": w.n(sec, 1), "own": said,
                   **size_, **common})
    else:
        ips = _images_per_s(p)
        per_k = hour / (3600 * ips) * 1000
        w.out.first = w.say("own_image_unit_cost", cost=w.usd(per_k), sec=w.n(sec, 1),
                            own=said, **size_, **common)
        w.ask("per_thousand_images_usd", per_k, "USD")
        if w.st.media_rate is not None and w.st.media_rate[0] == "per_image":
            one = per_k / 1000  # as _image_unit_lead
            w.out.first = w.say("own_image_per_unit", cost=w.unit_usd(one) if one >= 1e-3
                                else w.usd(one), per_k=w.usd(per_k), sec=w.n(sec, 1),
                                own=said, **size_, **common)
            w.ask("per_image_usd", one, "USD")
        if w.sub == "hour" and not (w.st.price_asked or w.st.cost_asked):
            w.out.more.insert(0, w.out.first)  # as _media_cost: the count leads
            w.out.first = w.say("image_rate_hour", need=w.gib(r.memory.per_gpu_gib),
                                per_hour=w.n(3600 * ips), sec=w.n(sec, 1), **size_,
                                **common)
            w.ask("images_per_hour", 3600 * ips, "images/h")
    if count > 1 and n != 1:
        w.out.more.append(w.say("image_replicas_note", n=w.n(count), sec=w.n(sec, 1)))
    return True


def audio_serving_load(w: _W, o: Option) -> None:
    """What a speech model's serving option carries, beside its price (the recommendations'
    ``_audio_capability``: one replica per GPU at a batch of streams or clips, its speed in
    seconds of audio per second, ``audio_seconds_per_s`` all GPUs together). Transcription
    (Whisper): the real-time streams it carries, each stream one second of audio a second,
    so the streams are its seconds of audio per second at that batch, said after the price
    with the users asked (it named a setup and never what it carried). A generator (Bark,
    MusicGen) whose clips each get under one second of audio a second: said in the first
    sentence, that every listener waits longer than the audio lasts (Bark for 100 users: 152
    clips at once at 0.16x real time each, where the price alone read as a working plan)."""
    m, perf = w.model, o.performance
    rate, conc = perf.audio_seconds_per_s, perf.max_concurrency
    if m is None or m.kind != "audio" or not rate or not conc:
        return
    gpus = max(1, o.fit.replicas_per_node * o.nodes)
    if w.transcribes():
        users = w.ex.concurrent_requests or 0
        said = {"streams": w.n(math.floor(rate + 1e-9)), "rate": w.rate(rate),
                "batch": w.n(conc // gpus), "users": w.n(users)}
        w.out.more.insert(0, w.say("audio_streams_carried_asked" if users > 1
                                   else "audio_streams_carried", **said))
        return
    each = rate / conc  # one clip's seconds of audio per second, at the option's batch
    first = (w.out.first or "").rstrip()
    if each >= 1 or not first.endswith("."):
        return
    x = w.n(each, max(2, 1 - math.floor(math.log10(each))))  # two significant figures
    w.out.first = first[:-1] + w.say("audio_slow_clause", x=x, conc=w.n(conc),
                                     rate=w.rate(rate))


def _images_per_s(p: Performance) -> float:
    """The setup's images per second: the sizing's ``images_per_s`` (each GPU a replica of
    the pipeline), else one image at a time at ``seconds_per_image``."""
    if p.images_per_s:
        return p.images_per_s
    return 1 / p.seconds_per_image if p.seconds_per_image else 0.0


# two speeds of a media comparison closer than this share of the slower are "about as fast":
# a 0.4 % lead is within any estimate's error, so none of them is called the fastest
_EVEN_SPEED = 0.05


def _compare_media(w: _W, gids: list[str]) -> None:
    """An image, video or speech model on two or more GPUs: the speed in its own units and the
    cost per 1,000 images, per clip or per hour of audio on each side, and which wins each."""
    m = w.model
    assert m is not None
    video = m.modality == "video"
    # the unit each side's cost is given in: a clip is one GPU's seconds at one GPU's price
    # (each GPU makes its own clip, as _video_cost prices it)
    unit_key = ("unit_audio_hour" if m.kind == "audio" else "unit_clip" if video
                else "unit_1000_images")
    rows: list[str] = []
    fast: tuple[float, str] | None = None
    cheap: tuple[float, str] | None = None
    cheap_billed: tuple[float, str] | None = None  # images: a job of exactly 1,000 as billed
    owned = False  # a row at the asker's own price (its GPU time, never a billed job)
    speeds: list[tuple[float, str]] = []  # each timed row's speed, its setup
    # the setups of a GPU with no offer in the catalog (and no price of the asker's): said so
    # in their rows, and never beaten on price (audit unpriced: "RTX 4080 vs RTX 4090 for
    # SDXL" named the 4090 the cheapest per 1,000 images, the 4080 unpriced and unsaid)
    unpriced: list[str] = []
    priced = 0
    for gid in gids:
        base = w.size()
        count = 1
        if base is not None:
            count = next((f.gpu_count for f in base.fits_on if f.gpu == gid), 1)
        # speech: each GPU at the batch a transcription job runs at there (the stated
        # one, else the recommendations'), as the cost per hour of audio asked alone is
        mk = w.media_kw(gid, count, job=True) if m.kind == "audio" else {}
        r = w.size(gpu=gid, gpu_count=count, **mk)
        setup = w.setup(count, gid)
        if (r is not None and r.gpu is not None and not r.fits_in_memory and not w.weights
                and m.kind == "diffusion"):
            # the side that holds the model only at a smaller precision is compared at the
            # first that fits, as the answer for that GPU alone sizes it ("h100 vs 4090 for
            # flux dev": the 4090 at fp8, 34.5 s an image; it said it does not hold it at
            # all, audit ask_en #8), and its row says so; a video model too ("4090 vs l40s
            # for cogvideox-5b": the 4090 at fp8, 19.9 GiB, as its time answer sizes it)
            again = _smaller_fit(w, gid, count, r, mk, timed=True)
            if again is not None:
                r = again
                setup = w.say("compare_setup_precision", setup=setup, weights=again.weights)
        if r is not None and r.gpu is not None and r.fits_in_memory and r.runs is False:
            # it fits one chip, but the engine does not run the weights there (diffusers
            # and fp16 on a TPU): said so, never "does not hold it on one node" (it read so
            # for SDXL on a TPU v5e chip, 10.7 of 15.6 GiB)
            rows.append(w.say("compare_cannot_run", gpu=w.gpu_name(gid), engine=r.engine,
                              weights=r.weights))
            continue
        if r is None or not r.fits_in_memory or r.performance is None:
            rows.append(w.say("compare_nofit", gpu=w.gpu_name(gid)))
            continue
        p = r.performance
        b = w.basis(gid)
        # the asker's price of this card ("H100 at $2/h vs A100 at $1.2/h"), else the
        # catalog's (audit ownprice2)
        mine = w.own_gpu_price(gid, count)
        per = mine if mine is not None else b[1] if b else None
        if m.kind == "audio":
            rate = p.audio_seconds_per_s or 0.0
            speed = rate
            text = w.say("compare_audio_row", setup=setup, ratio=w.rate(rate),
                         batch=w.n(mk.get("batch_size") or 1))
            unit_cost = per * count / rate if per and rate else None
        elif video:
            sec = p.seconds_per_image or 0.0
            speed = 3600 / sec if sec else 0.0  # clips per hour of one GPU
            text = w.say("compare_video_row", setup=setup, sec=w.clip_time(sec),
                         w=m.native_width or 1024, h=m.native_height or 1024)
            unit_cost = per * sec / 3600 if per and sec else None
        else:
            sec = p.seconds_per_image or 0.0
            speed = 3600 / sec if sec else 0.0
            text = w.say("compare_image_row", setup=setup, per_hour=w.n(speed),
                         sec=w.n(sec, 1))
            unit_cost = per * count * sec * 1000 / 3600 if per and sec else None
        if mine is not None and unit_cost is not None:
            # the asker's own price: the GPU time at it (audit ownprice2), no billing step
            text += w.say("compare_media_price_own", own=w.own_said(gid, count),
                          cost=w.unit_usd(unit_cost), unit=w.t[unit_key])
            owned = True
        elif b is not None and unit_cost is not None and m.kind != "audio" and not video:
            # the GPU time of 1,000 images, said so, and where it differs the job of exactly
            # 1,000 on the row's setup as billed, as the job's own answer for that setup
            # prices it (:func:`_machine_job` on the GPUs asked: the offer's billing
            # granularity and the weights' storage); "$2.02 per 1,000" here beside "$2.29"
            # for "1000 SDXL images on an L4" (audit buyer16 #11)
            text += w.say("compare_image_price", price=w.usd(b[1]), kind=w.kinds[b[2]],
                          cost=w.unit_usd(unit_cost))
            job = _billed_job(w, b[0], b[1], count, sec * 1000 / 3600, r.weights)
            if w.unit_usd(job.total) != w.unit_usd(unit_cost):
                billed = w.duration(job.billed_h) != w.duration(job.wall_h)
                text += w.say("compare_image_billed" if billed else "compare_image_billed_storage",
                              total=w.unit_usd(job.total), hours=w.duration(job.wall_h),
                              billed=w.duration(job.billed_h), provider=job.v.provider)
            if cheap_billed is None or round(job.total, 2) < round(cheap_billed[0], 2):
                cheap_billed = (job.total, setup)
        elif b is not None and unit_cost is not None:
            text += w.say("compare_media_price", price=w.usd(b[1]), kind=w.kinds[b[2]],
                          cost=w.unit_usd(unit_cost), unit=w.t[unit_key])
        if mine is None and w.own_of(gid) is None and b is None and not w.offers_for(gid):
            text += w.unpriced_say("compare_no_offer")
            unpriced.append(setup)
        if unit_cost is not None and (mine is not None or b is not None):
            priced += 1
            if cheap is None or unit_cost < cheap[0]:
                cheap = (unit_cost, setup)
            if mine is None and b is not None:
                w.price_warnings(b[0])
        rows.append(text)
        if speed:
            speeds.append((speed, setup))
        if speed and (fast is None or speed > fast[0]):
            fast = (speed, setup)
    if not rows or fast is None:
        return
    own = w.size()  # the header's precision: the model's own (a row at another says so)
    w.out.first = w.say("compare", model=m.name,
                        weights=own.weights if own is not None else r.weights if r else "",
                        rows="; ".join(rows))
    w.out.computed = True
    if m.kind == "audio":
        w.ask("audio_seconds_per_s", fast[0], "s/s")
    elif video:
        w.ask("seconds_per_clip", 3600 / fast[0], "s")
    else:
        w.ask("images_per_hour", fast[0], "images/h")
    if cheap is not None:
        # the runner-up within _EVEN_SPEED of the fastest: about as fast, not "the fastest"
        # (audit buyer19 #8: "Fastest: L40S" for 556 against 554 images per hour)
        near = max((x for x in speeds if x[1] != fast[1]), default=None)
        even = near is not None and fast[0] < near[0] * (1 + _EVEN_SPEED)
        said = cheap[1] if not unpriced else w.unpriced_say(
            "compare_cheapest_partial" if priced > 1 else "compare_cheapest_unknown",
            cheap=cheap[1], unpriced=", ".join(unpriced))
        w.out.more.append(w.say(
            "compare_media_best_even" if even else "compare_media_best", fast=fast[1],
            other=near[1] if near is not None else "", pct=w.n(_EVEN_SPEED * 100),
            cheap=said, unit=w.t[unit_key]))
        if (cheap_billed is not None and cheap_billed[1] != cheap[1] and not owned
                and not unpriced):
            # billed hours and storage can turn the order of a job of exactly 1,000 around
            w.out.more.append(w.say("compare_image_billed_best", setup=cheap_billed[1],
                                    total=w.unit_usd(cheap_billed[0])))


def _media_job(w: _W, gid: str | None) -> bool:
    """A job's size stated with an image, video or speech model ("100 videos with CogVideoX",
    "500,000 images with SDXL on an L4", "transcribe 1,000 hours with Whisper"): its total
    leads, as a cost question's does (on the GPU named, else the recommendations' cheapest
    option; a video model with no GPU named and no such option: the first GPU that holds
    it)."""
    m = w.model
    assert m is not None
    if m.modality == "video":
        if not w.st.clips:
            return False
        if gid is None and _job_total(w):  # the recommendations' cheapest, as for images
            return True
        if gid is None:
            base = w.size()
            rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)
                          ) if base is not None else []
            if not rows:
                return False
            gid = rows[0].gpu
        return _video_cost(w, gid)
    if not w.st.items or m.kind not in ("audio", "diffusion"):
        return False
    if gid is not None:
        return _media_cost(w, gid)
    return _job_total(w)


def _embed_unit_note(w: _W, per_million_usd: float, job_usd: float) -> None:
    """The $ per million tokens at saturation beside a job's cost, where the job's billing
    step makes its own cost per million far higher (buyer audit 26c #3: 1 million tokens, a
    13-second job billed an hour, $0.38, with the $0.0014 rate nowhere said)."""
    tokens = w.det.tokens or 0
    if tokens <= 0 or job_usd <= 1.5 * per_million_usd * tokens / 1e6:
        return
    w.out.more.insert(0, w.say("embed_job_unit", rate=w.unit_usd(per_million_usd)
                               if per_million_usd >= 0.0001 else w.usd(per_million_usd)))


def _audio_batched(w: _W, gid: str, count: int) -> str | None:
    """The speech model's throughput at the batch a transcription job runs at on this GPU
    (the cost per hour of audio's basis), said beside a one-stream speed; None where that
    batch is 1 or the sizing has no figure."""
    job = w.media_kw(gid, count, job=True)
    batch = job.get("batch_size")
    if not batch or batch <= 1:
        return None
    r = w.size(gpu=gid, gpu_count=count, **job)
    ratio = r.performance.audio_seconds_per_s if r is not None and r.performance else None
    if not ratio:
        return None
    return w.say("audio_batched" if w.transcribes() else "audio_batched_gen",
                 batch=w.n(batch), ratio=w.rate(ratio))


def _rate_gpu(w: _W, gid: str | None) -> tuple[str, int] | None:
    """The GPU a rate is given for: the one named (its count stated, else one), else the
    smallest setup that holds the model (as :func:`_media` picks)."""
    if gid is not None:
        return gid, w.ex.gpu_count or 1
    base = w.size(**w.media_kw())
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)
                  ) if base is not None else []
    return (rows[0].gpu, rows[0].gpu_count) if rows else None


def _rate_asked(w: _W, gid: str | None) -> bool:
    """A rate asked in the model's own unit (``Stated.media_rate``): documents embedded per
    hour, dollars per million tokens embedded, hours of audio per day, videos per day, the
    seconds to make N seconds of audio, the real-time factor: that number leads (the answer
    gave a price of an hour, or a speed in another unit: audit media finding 7)."""
    m = w.model
    rate = w.st.media_rate
    if m is None or rate is None or w.sub in ("memory", "fits"):
        return False
    kind, period = rate
    embeds = m.kind == "llm" and m.task == "embed"
    if kind in ("docs", "usd_per_million_tokens", "usd_per_million_embeddings") and not embeds:
        return False
    if kind in ("audio_hours", "audio_length", "rtf") and m.kind != "audio":
        return False
    if kind == "streams" and m.kind != "audio":
        return False
    if kind == "per_image":  # a unit cost: :func:`_image_unit_lead` words it
        return False
    if kind == "videos" and not (m.kind == "diffusion" and m.modality == "video"):
        return False
    if kind == "one_audio_hour" or (kind == "audio_hours" and period == 3600):
        # a job of one hour: :func:`_one_item` reads it; hours of audio per hour: the
        # speed's own answer (``audio_rate``) gives them
        return False
    picked = _rate_gpu(w, gid)
    if picked is None:
        return False
    gid, count = picked
    setup = w.setup(count, gid)
    per_word = w.t.get(f"rate_period_{int(period)}", "")
    if embeds:
        # the length stated, else one chunk; at most the model's own (sizing splits longer)
        tokens = min(_embed_input(w), w.max_ctx() or _embed_input(w))
        r = _embed_sized(w, gid, count, tokens)  # busy all the period: at the batch
        p = r.performance if r is not None and r.fits_in_memory else None
        if r is None or p is None or not p.embeddings_per_s or not p.embedded_tokens_per_s:
            return False
        w.record(r, tokens)
        if kind == "docs":
            n = p.embeddings_per_s * period
            w.out.first = w.say("rate_docs", model=m.name, weights=r.weights, setup=setup,
                                n=w.n(n), period=per_word, eps=w.rate(p.embeddings_per_s),
                                tokens=w.n(tokens))
            w.ask("documents_per_period", n, f"documents/{int(period)}s")
        else:
            b = w.basis(gid, count)
            if b is None:
                return False
            v, per, pk = b
            if kind == "usd_per_million_embeddings":
                usd = per * count / 3600 / p.embeddings_per_s * 1e6
                w.out.first = w.say("rate_embed_million_inputs", model=m.name,
                                    weights=r.weights, setup=setup, cost=w.usd(usd),
                                    eps=w.rate(p.embeddings_per_s), tokens=w.n(tokens),
                                    hours=w.n(1e6 / p.embeddings_per_s / 3600, 1),
                                    price=w.usd(per * count), kind=w.kinds[pk],
                                    provider=w.where(v, count))
                w.ask("per_million_embeddings_usd", usd, "USD")
            else:
                usd = per * count / 3600 / p.embedded_tokens_per_s * 1e6
                w.out.first = w.say("rate_embed_million", model=m.name, weights=r.weights,
                                    setup=setup, cost=w.unit_usd(usd) if usd >= 0.0001
                                    else w.usd(usd), tps=w.n(p.embedded_tokens_per_s),
                                    tokens=w.n(tokens), price=w.usd(per * count),
                                    kind=w.kinds[pk], provider=w.where(v, count))
                w.ask("per_million_embedded_tokens_usd", usd, "USD")
            w.out.more.append(w.say("price_date", date=w.view_date(v)))
            w.price_warnings(v)
        for x in r.warnings:
            w.core_warn(x)
        return True
    job = kind in ("audio_hours", "streams")
    mk = w.media_kw(gid, count, job=job)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    if m.kind == "diffusion":
        r = _smaller_fit(w, gid, count, r, mk) or r
    p = r.performance if r is not None and r.fits_in_memory else None
    if r is None or p is None:
        return False
    w.record(r, 0)
    if kind == "videos":
        sec = p.seconds_per_image
        if not sec:
            return False
        n = period / sec * count  # each GPU its own clip, one at a time
        w.out.first = w.say("rate_videos", model=m.name, weights=r.weights, setup=setup,
                            n=w.n(n, 0 if n >= 10 else 1), period=per_word,
                            w=mk.get("width") or m.native_width or 1024,
                            h=mk.get("height") or m.native_height or 1024,
                            sec=w.n(sec, 1 if sec < 100 else 0))
        w.ask("videos_per_period", n, f"videos/{int(period)}s")
        w.media_notes(mk)
        if w.st.clip_seconds:
            _video_length_note(w)
    else:
        ratio = p.audio_seconds_per_s
        if not ratio:
            return False
        if kind == "audio_hours":
            n = ratio * period / 3600
            w.out.first = w.say("rate_audio_hours", model=m.name, weights=r.weights,
                                setup=setup, n=w.n(n), period=per_word, ratio=w.rate(ratio),
                                batch=w.n(mk.get("batch_size") or 1))
            w.ask("audio_hours_per_period", n, f"h/{int(period)}s")
        elif kind == "streams":
            # "how many real-time streams can an L4 transcribe": each stream brings one second
            # of audio a second, so the streams are the seconds of audio a second at the batch
            # a transcription job runs at, whole ones (floor, as the recommendations'
            # audio_serving_load counts them); the real-time factor of one stream after it
            streams = math.floor(ratio + 1e-9)
            batch = mk.get("batch_size") or 1
            one = w.size(gpu=gid, gpu_count=count, **w.media_kw(gid, count))
            single = (one.performance.audio_seconds_per_s
                      if one is not None and one.fits_in_memory and one.performance else None)
            if not w.transcribes():
                # a generator (Bark, MusicGen): its users at real time are its output, batched
                # as the job runs, over one second of audio a second each (6.1 s/s: 6 on an
                # L4), and what one listener waits for a clip (audit media2 #4: the rate only)
                _generator_users(w, m, streams, ratio, batch, single,
                                 {"model": m.name, "weights": r.weights, "setup": setup})
            else:
                w.out.first = w.say("rate_streams", model=m.name, weights=r.weights,
                                    setup=setup, streams=w.n(streams), ratio=w.rate(ratio),
                                    batch=w.n(batch))
                w.ask("real_time_streams", streams, "streams")
            if single and w.transcribes():
                w.out.more.append(w.say("rate_streams_rtf", x=w.rate(single),
                                        rtf=w.n(1 / single, 3 if single > 10 else 2)))
        elif kind == "audio_length":
            win = _clip_windows(w, period)
            if win is not None:
                # a fixed-window generator (Stable Audio Open) denoises its whole window for
                # every clip and crops it: whole windows, never the seconds asked pro rata
                # (buyer audit 24a #2: a 10 s effect on an A10G was 2.7 s, a full window's
                # 12.7 s); longer than the window: that many separate clips
                n_win, window = win
                total = n_win * window / ratio
                w.out.first = w.say("rate_audio_window" if n_win == 1 else "rate_audio_windows",
                                    model=m.name, weights=r.weights, setup=setup,
                                    total=w.n(total, 1 if total < 100 else 0),
                                    len=w.n(period, 0 if float(period).is_integer() else 1),
                                    window=_window_s(w, window), n=w.n(n_win),
                                    ratio=w.rate(ratio))
            else:
                total = period / ratio
                w.out.first = w.say("rate_audio_length", model=m.name, weights=r.weights,
                                    setup=setup, total=w.n(total, 1 if total < 100 else 0),
                                    len=w.n(period, 0 if float(period).is_integer() else 1),
                                    ratio=w.rate(ratio))
            w.ask("seconds_for_audio", total, "s")
            clip = m.default_clip
            if clip is not None and period > clip.seconds:
                # "a 2 minute song" with MusicGen: past its default clip a generator goes on
                # piece by piece (the catalog's [default_clip].why, sourced: MusicGen extends
                # window by window, audiocraft's extend_stride re-reading part of the last as
                # context; Bark generates longer audio in pieces): said, not timed
                w.out.more.append(w.say("audio_length_pieces", model=m.name,
                                        clip=w.n(clip.seconds, 0 if clip.seconds.is_integer()
                                                 else 1),
                                        len=w.n(period, 0 if float(period).is_integer() else 1)))
        else:
            w.out.first = w.say("rate_rtf", model=m.name, weights=r.weights, setup=setup,
                                rtf=w.n(1 / ratio, 3 if ratio > 10 else 2),
                                x=w.rate(ratio))
            w.ask("real_time_factor", 1 / ratio, "")
            batched = _audio_batched(w, gid, count)
            if batched is not None:
                w.out.more.insert(0, batched)
    for x in r.warnings:
        w.core_warn(x)
    return True


def _generator_users(w: _W, m: ModelEntry, streams: int, ratio: float, batch: int,
                     single: float | None, said: Mapping[str, str]) -> None:
    """The users an audio generator serves at real time on a GPU: its seconds of audio per
    second at the batch a generation job runs at, over the one second a second each listener
    takes (whole ones, as Whisper's streams), then what no single user gets where the model
    is slower than real time: each clip's speed in that batch, one clip's alone, and what its
    default clip takes to make at that speed."""
    key = "rate_streams_gen" if streams >= 1 else "rate_streams_gen_none"
    w.out.first = w.say(key, streams=w.n(streams), ratio=w.rate(ratio), batch=w.n(batch),
                        **said)
    w.ask("real_time_streams", streams, "streams")
    each = ratio / batch
    if each >= 1:
        return
    fig = max(2, 1 - math.floor(math.log10(each)))  # two significant figures
    clip = m.default_clip.seconds if m.default_clip is not None else None
    if single and clip:
        w.out.more.append(w.say("rate_streams_gen_wait", each=w.n(each, fig),
                                x=w.rate(single), clip=w.n(clip, 0 if clip.is_integer() else 1),
                                wait=w.n(clip / single, 0)))
    else:
        w.out.more.append(w.say("rate_streams_gen_slow", each=w.n(each, fig)))


_SDXL_REFINER_UNET_PARAMS = 2.26e9
"""The SDXL refiner's UNet (stabilityai/stable-diffusion-xl-refiner-1.0): its fp32
``unet/diffusion_pytorch_model.safetensors`` is 9.04 GB on the Hugging Face Hub, so about
9.04e9 / 4 bytes = 2.26B parameters. Its other components (the OpenCLIP bigG text encoder
and the VAE) are the base's, shared in diffusers' base + refiner example
(``text_encoder_2=base.text_encoder_2, vae=base.vae``,
huggingface.co/docs/diffusers/using-diffusers/sdxl), so the UNet is all it adds."""


def _refiner_note(w: _W, r: SizingResult, setup: str) -> None:
    """"SDXL + refiner": the refiner's UNet counted beside the base's on the GPU (both loaded,
    as diffusers' base + refiner example keeps them), at the base's precision, and whether
    both fit; the time said is the base's, the refiner's steps not counted (the sizing has
    no refiner). Said right after the first sentence (audit ask_en #15: the refiner was
    neither sized nor mentioned)."""
    m = w.model
    if not w.st.refiner or m is None or m.family != "sdxl" or r.gpu is None:
        return
    add = _SDXL_REFINER_UNET_PARAMS * get_precision(r.weights).bits_linear / 8 / 2**30
    total = r.memory.per_gpu_gib + add
    cap = w.cap(r)
    w.out.more.insert(0, w.say(
        "sdxl_refiner_fits" if total <= cap else "sdxl_refiner_nofit",
        add=w.gib(add), weights=r.weights, total=w.gib(total), cap=w.gib(cap), setup=setup,
        params=w.f.number(_SDXL_REFINER_UNET_PARAMS / 1e9, 1)))


def _runs_own_precision(w: _W, rows: list[FitRow], weights: str,
                        mk: Mapping[str, Any]) -> tuple[str, int]:
    """The card a media answer picks when none is named: the first of ``rows`` (the fewest,
    smallest cards that hold the model) that runs ``weights``, the precision the answer
    states, without falling back to another (Stable Audio Open's bf16 on an RTX 2060, a
    Turing card with no bf16: sized at fp16 there, so the answer stated one precision and
    warned it cannot run; audit media #12); the first row where none of them does."""
    for f in rows[:12]:
        r = w.size(gpu=f.gpu, gpu_count=f.gpu_count, **mk)
        if r is not None and r.weights == weights and r.runs is not False:
            return f.gpu, f.gpu_count
    return rows[0].gpu, rows[0].gpu_count


def _fastest_media(w: _W) -> bool:
    """The fastest GPU asked for an image, video or speech model with no GPU named ("which
    GPU gives the lowest latency for SDXL?", "which GPU generates an SDXL image fastest?"):
    of the cards that hold it on their own (the sizing's ``fits_on`` at one GPU: each GPU
    runs its own pipeline, so more GPUs make more images, never one faster) at the precision
    the sizing picks, those with a trusted offer, the one with the fewest seconds per image
    or clip, or the most seconds of audio per second for one stream, with its time and the
    cheapest trusted offer of it (audit regress6 #4: the cheapest V100, 13.9 s, or an RTX
    3060, 34.3 s, was answered where an H100 takes about 3.5 s). False where none is timed:
    the answer the question's intent gives."""
    m = w.model
    if m is None or m.kind == "llm" or w.card()[0] is not None:
        return False
    mk = w.media_kw()
    base = w.size(**mk)
    if base is None:
        return False
    ones = [f for f in base.fits_on if f.gpu_count == 1]
    trusted = [f for f in ones if any(not v.stale and not v.suspect
                                      for v in w.offers_for(f.gpu))]
    timed: list[tuple[float, str, SizingResult]] = []
    for f in trusted:
        r = w.size(gpu=f.gpu, gpu_count=1, **mk)
        p = r.performance if r is not None and r.fits_in_memory and r.runs is not False else None
        if r is None or p is None or r.weights != base.weights:
            continue
        if m.kind == "audio" and p.audio_seconds_per_s:
            timed.append((-p.audio_seconds_per_s, f.gpu, r))
        elif m.kind != "audio" and p.seconds_per_image:
            timed.append((p.seconds_per_image, f.gpu, r))
    if not timed:
        return False
    key, gid, r = min(timed, key=lambda t: (t[0], t[1]))
    w.record(r, 0)
    w.media_notes(mk)
    setup = w.setup(1, gid)
    size_ = {"w": mk.get("width") or m.native_width or 1024,
             "h": mk.get("height") or m.native_height or 1024}
    if m.kind == "audio":
        w.out.first = w.say("media_fastest_audio", model=m.name, weights=r.weights,
                            setup=setup, ratio=w.rate(-key))
        w.ask("audio_seconds_per_s", -key, "s/s")
    elif m.modality == "video":
        w.out.first = w.say("media_fastest_video", model=m.name, weights=r.weights,
                            setup=setup, sec=w.n(key, 1), **size_)
        w.ask("seconds_per_clip", key, "s")
    else:
        w.out.first = w.say("media_fastest_image", model=m.name, weights=r.weights,
                            setup=setup, sec=w.n(key, 1), **size_,
                            per_hour=w.n(3600 * _images_per_s(r.performance)
                                         if r.performance is not None else 3600 / key))
        w.ask("seconds_per_image", key, "s")
    b = w.basis(gid, 1)
    if b is not None:
        v, per, kind = b
        w.out.first += " " + w.say(
            "latency_price_untrusted" if v.stale or v.suspect else "latency_price",
            setup=setup, hour=w.usd(per), provider=w.where(v, 1), kind=w.kinds[kind],
            date=w.view_date(v))
        w.price_warnings(v)
        _fastest_near(w, timed, key, per)
    for x in r.warnings:
        w.core_warn(x)
    return True


_NEAR_FASTEST = 1.10
"""A card within 10 % of the fastest one's time is about as fast: below the diffusion and
speech timing's own spread between cards of one generation (SDXL: 3.49 s on a GB200, 3.50 s
on an H100), as the LLM answer's single GPU within 10 % (speed._ONE_GPU_NEAR)."""


def _fastest_near(w: _W, timed: list[tuple[float, str, SizingResult]], best: float,
                  paid: float) -> None:
    """After the fastest card and its price, the cheapest trusted card within
    :data:`_NEAR_FASTEST` of its time where it costs less (SDXL: a GB200, rented only as a
    4-GPU machine at $42/h, leads by 0.01 s over a $1/h H100), with its time and price."""
    m = w.model
    audio = m is not None and m.kind == "audio"
    near: list[tuple[float, float, str, tuple[Any, float, str]]] = []
    for key, gid, _ in timed:
        slow = best / key if audio else key / best  # keys: seconds, or -audio seconds/s
        b = w.basis(gid, 1)
        if slow <= _NEAR_FASTEST and b is not None and not b[0].stale and not b[0].suspect:
            near.append((b[1], key, gid, b))
    if not near:
        return
    price, key, gid, (v, per, kind) = min(near, key=lambda t: (t[0], t[1]))
    if price >= paid:
        return
    speed = (w.say("media_speed_audio", ratio=w.rate(-key)) if audio
             else w.say("media_speed_clip" if m is not None and m.modality == "video"
                        else "media_speed_image", sec=w.n(key, 1)))
    slow = best / key if audio else key / best
    w.out.first = (w.out.first or "") + " " + w.say(
        "media_fastest_near", setup=w.setup(1, gid), speed=speed,
        pct=w.n(max(1.0, math.ceil(100 * (slow - 1)))), hour=w.usd(per),
        provider=w.where(v, 1), kind=w.kinds[kind], date=w.view_date(v))


def _media_variant(w: _W) -> None:
    """A GPU family named bare ("A100") for a time or a price of an image, video or audio
    model that its alias's card (the A100 40GB) does not hold and its larger variant (the
    A100 80GB) does: that variant answers, said so (buyer audit 26c #5: "how long ... on an
    A100" was a memory "No", no time), as the cost reads an LLM's (``cost._bare_variant``)."""
    bare, m = w.st.bare_gpu, w.model
    if (bare is None or m is None or m.kind not in ("diffusion", "audio")
            or w.sub in ("fits", "memory") or w.ex.gpu != bare[1] or (w.ex.gpu_count or 1) > 1):
        return
    word, read, other = bare
    if w.reg.gpus[other].memory_gb <= w.reg.gpus[read].memory_gb:
        return
    here = w.size(gpu=read, **w.media_kw(read, 1))
    there = w.size(gpu=other, **w.media_kw(other, 1))
    if (here is None or here.fits_in_memory or there is None or not there.fits_in_memory
            or there.runs is False):
        return
    w.ex = msgspec.structs.replace(w.ex, gpu=other)
    w.st = dc_replace(w.st, bare_gpu=None)
    w.out.more.insert(0, w.say("gpu_variant_larger", word=word, gpu=w.gpu_name(other),
                               other=w.gpu_name(read), need=w.gib(here.memory.per_gpu_gib)))


def _users_wait(w: _W, gid: str, users: int, mk: Mapping[str, Any]) -> bool:
    """Each user's wait with ``users`` concurrent users on the GPUs asked ("how long does each
    user wait for an SDXL image with 10 users on one H100?"): each GPU makes one image at a
    time (the recommendations' one replica a concurrent request, capability.
    replicas_for_target), so when all ask at once the k-th waits ceil(k / GPUs) images' time
    (audit buyer30b #1: one image's 3.5 s answered where the last of 10 waits 35 s)."""
    m = w.model
    assert m is not None
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=1, **mk)
    if r is None or r.gpu is None:
        return False
    r = _smaller_fit(w, gid, 1, r, mk) or r
    p = r.performance
    sec = p.seconds_per_image if p is not None else None
    if not r.fits_in_memory or r.runs is False or not sec:
        return False
    rounds = [math.ceil(k / count) for k in range(1, users + 1)]
    mean = sec * sum(rounds) / users
    last = sec * rounds[-1]
    w.record(r, 0)
    w.out.first = w.say("media_users_wait", users=w.n(users), setup=w.setup(count, gid),
                        model=m.name, weights=r.weights, sec=w.n(sec, 1), last=w.n(last, 1),
                        mean=w.n(mean, 1), w=mk.get("width") or m.native_width or 1024,
                        h=mk.get("height") or m.native_height or 1024)
    w.ask("mean_wait_s", mean, "s")
    w.media_notes(mk)
    for x in r.warnings:
        w.core_warn(x)
    return True


def _storage_only(w: _W, r: SizingResult, gid: str, count: int, mk: Mapping[str, Any],
                  one: str) -> None:
    """A precision asked that the sizing runs as weight storage alone ("Can I run FLUX.1-dev
    in fp8 on an A100?"; sizing's ``kernel`` assumption, rule diffusers-fp8-layerwise:
    diffusers' layerwise casting stores FP8 and casts each layer to 16 bits to compute, on
    any GPU): the answer says so, and whether the model's own precision fits there and how
    its time compares (audit buyer30b #7: a bare Yes at fp8, 18.9 s on an A100 40GB, where
    bf16 fits and takes 17.6 s)."""
    if not any(a.name == "kernel" and "diffusers-fp8-layerwise" in a.reason
               for a in r.assumptions):
        return
    p = r.performance
    sec = p.seconds_per_image if p is not None else None
    notes = [w.say("media_storage_only", weights=r.weights)]
    own = w.size(gpu=gid, gpu_count=count, weights=None, **mk)
    if own is not None and own.weights != r.weights and own.gpu is not None:
        q = own.performance
        own_sec = q.seconds_per_image if q is not None else None
        common = {"own": own.weights, "need": w.gib(own.memory.per_gpu_gib), "setup": one,
                  "weights": r.weights}
        if not own.fits_in_memory:
            notes.append(w.say("media_own_nofit", **common))
        elif own.runs is not False and own_sec and sec:
            notes.append(w.say("media_own_faster" if own_sec < sec else "media_own_fits",
                               sec=w.n(own_sec, 1), fp8_sec=w.n(sec, 1), **common))
    w.out.more[0:0] = notes


def _batch_fit(w: _W, gid: str) -> bool:
    """The largest batch asked of an image model on the GPU named ("what batch size of SDXL
    fits on an A10G?", "ce batch size încape"): the sizing's memory at each batch (one
    pipeline per GPU, a batch of its images at once) up to the first that does not fit, the
    largest that fits said with its spare memory, the one below it and the one above it (it
    answered "Yes" with one image's 10.7 GiB; audit buyer30b #4; the reference d018 measured
    SDXL at batch 4, 1024x1024, at a 21.72 GiB peak)."""
    m = w.model
    assert m is not None
    mk = w.media_kw()
    if (m.kind != "diffusion" or m.modality != "image" or not w.st.batch_fit_asked
            or "batch_size" in mk or w.sub in ("hour", "second", "minute", "day", "steps")):
        return False
    sized: list[SizingResult] = []
    at = dict(mk)  # the precision one image falls to where its own does not fit (FLUX at fp8)
    for b in range(1, _BATCH_MOST + 1):
        r = w.size(gpu=gid, gpu_count=1, batch_size=b, **at)
        if r is None or r.gpu is None or r.runs is False:
            return False
        if b == 1 and (fell := _smaller_fit(w, gid, 1, r, mk)) is not None:
            r, at = fell, {**mk, "weights": fell.weights}
        sized.append(r)
        if not r.fits_in_memory:
            break
    fit = [r for r in sized if r.fits_in_memory]
    if not fit:
        return False
    top = fit[-1]
    cap = w.cap(top)
    batch = len(fit)
    p = top.performance
    common = {"model": m.name, "weights": top.weights, "setup": w.setup(1, gid),
              "w": mk.get("width") or m.native_width or 1024,
              "h": mk.get("height") or m.native_height or 1024, "batch": w.n(batch),
              "need": w.gib(top.memory.per_gpu_gib), "cap": w.gib(cap),
              "left": w.gib(max(0.0, cap - top.memory.per_gpu_gib))}
    w.record(top, 0)
    w.out.first = w.say("media_batch_fit" if batch > 1 else "media_batch_fit_one", **common)
    w.ask("max_batch_size", batch, "images")
    if batch > 1:
        below = fit[-2]
        w.out.more.append(w.say("media_batch_below", below=w.n(batch - 1),
                                need=w.gib(below.memory.per_gpu_gib),
                                left=w.gib(max(0.0, cap - below.memory.per_gpu_gib))))
    if len(sized) > batch:
        w.out.more.append(w.say("media_batch_above", above=w.n(batch + 1),
                                need=w.gib(sized[-1].memory.per_gpu_gib)))
    if batch > 1 and p is not None and p.seconds_per_batch and p.seconds_per_image:
        w.out.more.append(w.say("media_batch_time", batch=w.n(batch),
                                batch_sec=w.n(p.seconds_per_batch, 1),
                                sec=w.n(p.seconds_per_image, 1)))
    w.media_notes(mk)
    for x in top.warnings:
        w.core_warn(x)
    return True


_BATCH_MOST = 64
"""The largest batch :func:`_batch_fit` tries: a GPU that holds more is said to hold this
many, with no batch above it named."""


def _media_users(w: _W, gid: str | None) -> bool:
    """An image model served to several concurrent users ("how many GPUs to serve an SDXL
    API with 50 concurrent users and 5 s latency?", "how many H100s for FLUX with 100
    users?", "how long does each user wait with 10 users on one H100?"): the load carried
    through the recommendations' rule, one GPU a concurrent request with each image within
    the time asked (max_seconds_per_image), as /v1/recommendations sizes it; with a GPU
    named and a wait asked, each user's wait in its queue (:func:`_users_wait`). It was one
    image's time on one card, the users and the latency dropped (audit buyer30b #1)."""
    m = w.model
    assert m is not None
    users = w.ex.concurrent_requests
    if (m.kind != "diffusion" or m.modality != "image" or not users or users < 2
            or w.sub in ("memory", "fits", "steps", "gpu_hours") or w.st.deadline_hours
            or w.st.budget_usd_total):
        return False
    mk = {k: v for k, v in w.media_kw().items() if k != "batch_size"}
    if gid is not None and (w.st.wait_asked or w.sub == "time"):
        return _users_wait(w, gid, users, mk)
    kw: dict[str, Any] = {"workload": "serving", "concurrent_requests": users, **mk}
    if gid is not None:
        kw["gpus"] = [gid]
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    p = o.performance
    gpus = o.fit.replicas_per_node * o.nodes
    sec = gpus / p.images_per_s if p.images_per_s else None
    if not sec:
        return False
    w.offer_numbers(rec)
    cheapest = all(x.cost.per_hour_usd >= o.cost.per_hour_usd for x in rec.options)
    n = o.offer.gpu_count * o.nodes
    w.out.first = w.say(
        "media_users_count", users=w.n(users), model=m.name, weights=o.weights, n=w.n(n),
        setup=w.option_setup(o), provider=o.offer.provider, price=w.usd(o.cost.per_hour_usd),
        kind=w.kinds[o.pricing_model], month=w.usd(o.cost.per_month_usd or 0.0),
        rank=w.t["media_users_cheapest" if cheapest else "media_users_top"],
        w=mk.get("width") or m.native_width or 1024,
        h=mk.get("height") or m.native_height or 1024)
    w.ask("gpu_count", n, "GPUs")
    if not w.st.max_seconds_per_image:  # (a limit asked: image_time_lead says the time)
        w.out.more.append(w.say("media_users_queue", sec=w.n(sec, 1)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _media(w: _W) -> None:
    m = w.model
    if m is None:
        return
    _media_variant(w)
    gid, named = w.card()
    if _media_users(w, gid):
        return
    if gid is not None and _batch_fit(w, gid):
        return
    if w.sub != "memory" and _work_rate(w, gid):
        return
    if _rate_asked(w, gid):
        return
    if _job_deadline(w, gid):  # "can I transcribe 100,000 hours ... by Friday on one L4?"
        return
    if w.sub == "count" and gid is None and _deadline_count(w, None):
        return  # "how many GPUs for 100,000 SDXL images in 24 hours?": the plan that meets it
    if w.sub != "fits" and _media_job(w, gid):
        return
    if gid is None and w.sub is None and _budget_images(w):
        return  # "câte imagini FLUX cu 50 de euro?": per US dollar, the euro not converted
    mk = w.media_kw()  # a speed asked: the batch only when stated
    # sized at the batch stated, as the answer is: its fits_on (the card picked when none is
    # named, the cards listed) hold that batch, not one image ("VRAM for SDXL at batch 8")
    base = w.size(**mk)
    if base is None:
        return
    w.record(base, 0)
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
    if gid is None:
        if not rows:
            w.out.first = w.nofit()
            return
        gid, count = _runs_own_precision(w, rows, base.weights, mk)
    else:
        count = w.ex.gpu_count or 1
    if m.kind == "audio" and w.sub in ("hour", "second") and "batch_size" not in mk:
        # a throughput asked ("hours of audio per hour", "seconds of audio per second") with
        # no batch: the batch a transcription job runs at on this GPU, as the cost per hour of
        # audio counts it (one basis; at batch 1 a T4 read 9.6 hours an hour here and 47 in
        # the cost answer, and an A100 slower than a T4)
        mk = w.media_kw(gid, count, job=True)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    if r is None or r.gpu is None:
        return
    default = r
    if m.kind == "diffusion" and w.sub in ("hour", "second", "minute", "day", "time", "fits",
                                           "steps", None):
        # a rate asked ("FLUX schnell images per hour on a 4090") and no precision: the first
        # smaller one that fits and runs there, named, as the cost of its images is
        # (_media_cost) (it said No at bf16 and gave no rate); so too with nothing more asked
        # ("Flux dev on a 4090: how many seconds per image?" opened with a No nobody asked:
        # regress2 #13), for a video model's clip ("how long does cogvideox-5b take per video
        # on an rtx 4090?" said No at bf16, 29.5 GiB, where fp8 holds it, 19.9 GiB, and its
        # cost answer times it so) and for a fit asked ("merge flux dev pe un rtx 3090?": a
        # Yes at fp8, as the recommendations run it, not a No at bf16; audit buyer24a #7)
        r = _smaller_fit(w, gid, count, r, mk) or r
    # the GPU's own sizing, the one the answer states: its precision (Whisper's bf16 on a
    # V100, compute capability 7.0, runs at fp16; FLUX at fp8 where bf16 does not fit) and
    # its memory; the sizing with no GPU (recorded above) said bf16 (audit medlabel)
    w.record(r, 0)
    w.media_notes(mk, r.weights)
    if (w.sub == "memory" and m.kind == "diffusion" and r.fits_in_memory
            and not mk.get("cpu_offload")):
        # the memory asked, every component resident: the offloaded figure beside it where it
        # is much less (Wan 2.1 1.3B's 18.2 GiB holds its 5.7B umT5 encoder; its guidance
        # speaks of ~8 GB with offload: audit buyer30b #5)
        off = w.size(gpu=gid, gpu_count=count, cpu_offload=True,
                     **{**mk, "weights": r.weights})
        if off is not None and off.memory.per_gpu_gib <= OFFLOAD_SAYS * r.memory.per_gpu_gib:
            w.out.more.append(w.say("media_offload_less", off=w.gib(off.memory.per_gpu_gib),
                                    weights=off.weights))
    if m.kind == "audio" and "batch_size" not in mk:
        # "how fast does it transcribe?": one stream leads, the batched throughput beside it
        w.out.more.insert(0, w.t["media_batch_one"])
        batched = _audio_batched(w, gid, count)
        if batched is not None:
            w.out.more.insert(1, batched)
    setup = named or w.setup(count, gid)
    # the GPU each pipeline replica sits on (one per GPU): what a precision's memory per GPU is
    # held against ("more than 2 × RTX 4090 holds" read as if 48 GB were short of 36.2 GiB)
    one = setup if count == 1 else w.setup(1, gid)
    need = w.gib(r.memory.per_gpu_gib)
    if r.fits_in_memory:
        _refiner_note(w, r, setup)
    if not r.fits_in_memory:
        # the sizing names diffusers' CPU offload where a pipeline does not fit whole (its
        # warning, core_fits_offload): not a flat "No", as offload is how small cards run
        # such pipelines; it gives no figure for it, so none is said
        offload = any("enable_model_cpu_offload" in x for x in r.warnings)
        if mk.get("cpu_offload"):
            # offload asked and sized (the sizing's cpu_offload): not held even so
            w.out.first = w.say("media_nofit_offloaded", model=m.name, weights=r.weights,
                                need=need, setup=setup, fits=w.fits_text(base))
        elif m.kind == "diffusion" and count > 1:
            # each GPU runs the whole pipeline (the sizing's replicas): "more than 2 × RTX
            # 3090 holds" read as if 48 GB were short of 33 GiB (regress2 #13); diffusers'
            # device_map="balanced" places whole components on several GPUs (experimental:
            # huggingface.co/docs/diffusers/main/training/distributed_inference), not sized
            w.out.first = w.say("media_nofit_each_offload" if offload else "media_nofit_each",
                                model=m.name, weights=r.weights, need=need, n=w.n(count),
                                gpu=w.gpu_name(gid), fits=w.fits_text(base))
        else:
            w.out.first = w.say("media_nofit_offload" if offload else "media_nofit",
                                model=m.name, weights=r.weights, need=need, setup=setup,
                                fits=w.fits_text(base))
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        lower = (_smaller_fit(w, gid, count, r, mk) if m.kind == "diffusion" else None)
        if lower is not None:
            # the memory asked ("how much vram does cogvideox-5b need on an rtx 4090?": the
            # No at bf16, 29.5 GiB, stays the number asked): the first smaller precision that
            # fits and runs on one of these GPUs (each holds a replica) said after it, as the
            # time, fit and cost answers fall back to it (19.9 GiB at fp8) and as the LLM
            # memory answers list what fits after their No
            w.out.more.insert(0, w.say("media_fits_lower", weights=lower.weights,
                                       fit=w.gib(lower.memory.per_gpu_gib), setup=one))
        off = (w.size(gpu=gid, gpu_count=count, cpu_offload=True, **{**mk, "weights": r.weights})
               if offload and m.kind == "diffusion" and not mk.get("cpu_offload") else None)
        if off is not None and off.gpu is not None:
            # the offloaded memory at the same precision, sized (it said "how much less is
            # not sized here"; audit buyer30b #2)
            w.out.more.insert(0, w.say(
                "media_offload_fits" if off.fits_in_memory else "media_offload_short",
                off=w.gib(off.memory.per_gpu_gib), weights=off.weights, setup=one))
        return
    if r.runs is False and any(x.startswith("impossible combination") for x in r.warnings):
        # held in memory, refused by a kernel rule (bf16 asked on a T4): a No with the rule
        # below, never "Yes: ... about 0.0 s, 0 images per hour" (audit buyer20 #8)
        w.out.first = w.say("media_cannot_run", model=m.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            engine=r.engine)
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        for x in r.warnings:
            w.core_warn(x)
        return
    p = r.performance
    verdict = False  # a real-time Yes or No said (the fit's "Yes" is then not asked)
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s if p else None
        if w.sub == "hour" and ratio:
            # seconds of audio per second is hours of audio per hour
            w.out.first = w.say("audio_rate", model=m.name, weights=r.weights, need=need,
                                setup=setup, ratio=w.rate(ratio))
            w.ask("audio_hours_per_hour", ratio, "h/h")
        elif w.sub == "second" and ratio:
            # "how many seconds of audio per second": the same throughput in the unit asked
            # (it was the billing-granularity list, "per second" read as billing)
            w.out.first = w.say("audio_rate_second" if w.transcribes()
                                else "audio_rate_second_gen", model=m.name, weights=r.weights,
                                need=need, setup=setup, ratio=w.rate(ratio))
            w.ask("audio_seconds_per_s", ratio, "s/s")
        else:
            w.out.first = w.say("audio", model=m.name, weights=r.weights, need=need,
                                setup=setup, ratio=w.rate(ratio or 0))
            w.ask("audio_seconds_per_s", ratio or 0, "s/s")
        if w.st.real_time_asked and ratio and "batch_size" not in mk and w.sub != "memory":
            # "Bark on an L4, is it real time?": one stream's seconds of audio a second against
            # the one real time takes leads, Yes or No (it gave 0.4 s/s alone, or a fit's
            # "Yes" for it: audit fitspeed22); the figures after it
            real = ratio >= 1
            w.out.more.insert(0, w.out.first)
            w.out.first = w.say("audio_real_time_yes" if real else "audio_real_time_no",
                                model=m.name, weights=r.weights, setup=setup,
                                ratio=w.rate(ratio))
            w.ask("audio_seconds_per_s", ratio, "s/s", yes=real)
            verdict = True
        if (m.family == "whisper" and r.engine == "transformers"
                and r.weights in ("int8", "bnb-int8")):
            # the 8-bit figure is bitsandbytes LLM.int8() in transformers (audio_speed.py
            # BNB_SLOWDOWN), not faster-whisper's int8 (audit media2 #7)
            w.out.more.append(w.say("audio_int8_engine", weights=r.weights))
    elif m.modality == "video":
        sec = p.seconds_per_image if p else None
        size_ = {"w": mk.get("width") or m.native_width or 1024,
                 "h": mk.get("height") or m.native_height or 1024}
        if count > 1:
            # each GPU runs the whole pipeline (the sizing's replicas): the time is one
            # GPU's per clip, with as many clips at once; one clip is not made faster
            w.out.first = w.say("video_replicas_lead", model=m.name, weights=r.weights,
                                need=need, **size_, sec=w.clip_time(sec or 0),
                                gpu=w.gpu_name(gid), n=w.n(count), setup=setup)
        else:
            w.out.first = w.say("video", model=m.name, weights=r.weights, need=need,
                                **size_, sec=w.clip_time(sec or 0), setup=setup)
        w.ask("seconds_per_clip", sec or 0, "s")
        if default is not r:
            # the precision fallen to said beside the clip's time, as an image's is
            w.out.more.insert(0, w.say("media_precision_fit", default=default.weights,
                                       need=w.gib(default.memory.per_gpu_gib), setup=one,
                                       weights=r.weights, fit=w.gib(r.memory.per_gpu_gib)))
        per_video = _length_clips(w)
        if per_video > 1 and sec and w.sub not in ("memory", "fits"):
            # "how long does a 10-second video take?": the video's clips in all lead
            w.out.more.insert(0, w.out.first)
            w.out.first = w.say("video_length_time", clip=_clip_words(w), n=w.n(per_video),
                                **size_, total=w.n(per_video * sec, 0), sec=w.n(sec, 1),
                                model=m.name, gpu=w.gpu_name(gid))
            w.ask("seconds_per_video", per_video * sec, "s")
        elif sec and w.st.clip_seconds and "num_frames" in mk:
            # a length sized as one clip of its frames: that clip's time is the video's
            w.ask("seconds_per_video", sec, "s")
        if w.st.clip_seconds:
            _video_length_note(w)
    else:
        sec = p.seconds_per_image if p else None
        # images per second of the whole setup: every GPU runs its own pipeline (the
        # sizing's images_per_s counts them), one image at a time on each; 4 × L4 made
        # one L4's 188 images an hour (audit regress)
        ips = _images_per_s(p) if p is not None else 0.0
        width = mk.get("width") or m.native_width or 1024
        height = mk.get("height") or m.native_height or 1024
        common = {"model": m.name, "weights": r.weights, "need": need, "w": width,
                  "h": height, "sec": w.n(sec or 0, 1), "setup": setup,
                  "per_hour": w.n(3600 * ips)}
        if w.sub == "hour" and sec:
            w.out.first = w.say("image_rate_hour", **common)
            w.ask("images_per_hour", 3600 * ips, "images/h")
        elif w.sub == "second" and sec:
            w.out.first = w.say("image_rate_second", ips=w.n(ips, 2), **common)
            w.ask("images_per_s", ips, "images/s")
        elif w.sub == "minute" and sec:
            # "câte imagini pe minut": the rate in the unit asked leads (it led with the memory
            # and asked the seconds per image)
            w.out.first = w.say("image_rate_minute", per_min=w.rate(60 * ips), **common)
            w.ask("images_per_minute", 60 * ips, "images/min")
        elif (w.sub == "steps" and sec and p is not None and p.diffusion is not None
              and (den := next((x for x in p.diffusion.stages if x.stage == "denoiser"),
                               None)) is not None and den.seconds_per_run > 0):
            # "iterations per second", "it/s": the denoiser's steps a second (one step of the
            # image's batch, guidance included, as diffusers' progress bar counts them) lead,
            # the image's time with its text encoder and VAE after them (audit buyer28a #10:
            # the seconds per image alone)
            its = 1 / den.seconds_per_run
            w.out.first = w.say("image_steps_rate", its=w.rate(its), steps=w.n(den.runs),
                                step_ms=w.n(den.seconds_per_run * 1000, 1), **common)
            w.ask("denoising_steps_per_s", its, "it/s")
        elif w.sub == "day" and sec:
            # a day of images: 24 hours at this rate, the GPU busy around the clock (the
            # answer says so; a shorter day is a load stated, _work_rate's)
            w.out.first = w.say("image_rate_day", per_day=w.rate(86_400 * ips), **common)
            w.ask("images_per_day", 86_400 * ips, "images/day")
        elif (p is not None and p.seconds_per_batch and sec
                and int(mk.get("batch_size") or 1) > 1 and w.media_batch_how == "stated"):
            # "SDXL batch of 4 on a 4090: how long does a batch take?": the batch's wall
            # clock (the sizing's seconds_per_batch, what a request for the batch waits)
            # leads, the time per image beside it (audit regress10 #13: 6.5 s per image
            # answered, 26.0 s asked)
            # (the memory asked at a batch, "how much VRAM for SDXL at batch size 8?", leads
            # with it, the batch's time after it; audit media2 #9 led with the time)
            w.out.first = w.say("image_batch_memory" if w.sub == "memory" else
                                "image_batch_time", batch=w.n(int(mk["batch_size"])),
                                batch_sec=w.n(p.seconds_per_batch, 1), **common)
            if w.sub != "memory":  # the memory asked is recorded below
                w.ask("seconds_per_batch", p.seconds_per_batch, "s")
        elif w.st.max_seconds_per_image and sec and w.sub not in ("memory", "fits"):
            # "can SDXL make one image in a second on a 4090?": a time per image asked, the
            # verdict on it leads ("No: about 6.5 s for each image"; audit regress13 #2 sized
            # 9 GPUs for a rate of one image a second)
            limit = w.st.max_seconds_per_image
            met = sec <= limit
            w.out.first = w.say("yes_lead" if met else "no_lead", text=w.say(
                "image_time_target_met" if met else "image_time_target",
                limit=w.n(limit, 0 if float(limit).is_integer() else 1), **common))
            w.ask("seconds_per_image", sec, "s", yes=met)
            if not met:
                w.out.more.insert(0, w.t["image_time_target_more"])
        else:
            w.out.first = w.say("image", **common)
            w.ask("seconds_per_image", sec or 0, "s")
        if count > 1 and sec:
            w.out.more.insert(0, w.say("image_replicas_note", n=w.n(count), sec=w.n(sec, 1)))
        if default is not r:
            w.out.more.insert(0, w.say("media_precision_fit", default=default.weights,
                                       need=w.gib(default.memory.per_gpu_gib), setup=one,
                                       weights=r.weights, fit=w.gib(r.memory.per_gpu_gib)))
    if m.kind == "diffusion" and w.weights is not None and w.out.first:
        _storage_only(w, r, gid, count, mk, one)
    if w.sub == "memory" and w.out.first:
        # "how much VRAM for SDXL at batch 8?": the memory (the first sentence says it) is
        # the number asked
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB")
    if (w.sub == "fits" and w.out.first and w.out.asked is not None and not verdict
            and not (w.st.apple and w.ex.gpu is None)):
        # "does HunyuanVideo fit on an H100?": the yes leads (a Mac asked about gets none: the
        # figures are a catalog GPU's, said after the Mac sentence)
        w.out.first = w.say("yes_lead", text=w.out.first)
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=True)
    for x in r.warnings:
        w.core_warn(x)
