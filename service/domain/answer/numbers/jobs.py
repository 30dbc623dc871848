"""A job's time and bill: how long a fixed amount of work takes on a setup, billed in the
provider's granularity with its storage, split over GPUs or machines, and against a deadline."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from service.domain.answer.numbers.context import _W, _ctx, _instances, _rps
from service.domain.catalog.offer_query import OfferView
from service.domain.catalog.precisions import get_precision
from service.domain.catalog.trust import price_date_words
from service.domain.recommend.context import (
    DAY_HOURS,
    GRANULARITY_S,
    billed_for,
    billed_hours,
    billing_terms_of,
    unknown_price_defaults,
)
from service.domain.recommend.pricing import (
    MAX_JOB_INSTANCES,
    job_egress_usd,
    job_storage_usd,
    model_storage_gb,
)
from service.domain.recommend.types import MONTH_DAYS, OfferRef, Option, Recommendation
from service.domain.sizing.audio_speed import WHISPER_WINDOW_S
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    sized_from_entry,
)


def _work_rate(w: _W, gid: str | None) -> bool:
    """A rate of work stated for a model that generates no tokens ("50,000 SDXL images per
    day", "5000 documents per second with bge-large", "500 hours of audio per day", "Whisper
    at 10 requests per second"): a load carried, never a one-off job. The recommendations'
    cheapest setup at that rate (``target_requests_per_s``: one image or clip, one input of
    the embedding model's own length, one 30 s window of Whisper a request), of the GPU named
    when one is, leads with its GPUs in all and its month at the stated usage. False (the
    caller answers as before) where no rate is stated, the rate is of work the model does not
    do, or the recommendations size none (a speech model other than Whisper takes no rate)."""
    m = w.model
    if m is None or w.generates_tokens():
        return False
    own = ("inputs" if m.task == "embed" else "audio_s" if m.kind == "audio" else "videos"
           if m.modality == "video" else "images" if m.kind == "diffusion" else None)
    wr = w.st.work_rate
    said: tuple[float, str] | None = None  # the count and the period as written
    if wr is not None and wr[0] == own:
        what, per_s, said = own, wr[1], wr[2:]
    elif w.st.request_rate_per_s and own is not None:
        # a request of Whisper is one window of audio, as the recommendations count it
        what = own
        per_s = w.st.request_rate_per_s * (WHISPER_WINDOW_S if own == "audio_s" else 1.0)
    elif w.st.live_streams and own == "audio_s" and w.transcribes() and w.sub == "count":
        # a count asked for live streams at once ("200 concurrent streams, how many GPUs?",
        # "100 calls at once ... how many L4s?"): each brings one second of audio a second, so
        # 100 are 100 seconds of audio per second, sized as that rate is, each replica under
        # HEADROOM_LOAD (audit buyer16 #2: no count, one GPU's speed; "which GPU?" keeps the
        # recommendations' streams at once, audio_serving_load)
        what, per_s = own, float(w.st.live_streams)
    else:
        return False
    rate = per_s / WHISPER_WINDOW_S if what == "audio_s" else per_s
    kw: dict[str, Any] = {"workload": "serving", "target_requests_per_s": rate}
    if m.task == "embed" and w.ex.context_tokens:
        kw["context_tokens"] = w.ex.context_tokens  # else the model's own limit (512)
    if m.kind == "diffusion":
        kw.update(w.media_kw())
        kw.pop("batch_size", None)
    rec = w.recommend(**kw, gpus=[gid]) if gid is not None else None
    on_gpu = rec is not None and bool(rec.options)
    if not on_gpu:
        rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    if o.cost.per_month_usd is None:
        return False
    w.offer_numbers(rec)
    n = o.offer.gpu_count * o.nodes
    inp = _ctx(w)
    # one in the singular ("1 image per second", "1 imagine pe secundă": "1 images" was
    # said; audit regress12 #11)
    per_s_said = _rps(w, per_s)
    rate_text = w.say(gpu_hours_key(w, f"work_rate_{what}", per_s_said), n=per_s_said,
                      inp=w.n(inp))
    first: str | None = None  # the rate as written, the rate per second after it
    if said is not None and said[1] != "second":  # "50,000 images a day"
        count = _rps(w, said[0])
        first = w.say("work_rate_said", n=count,
                      what=w.t[gpu_hours_key(w, f"work_what_{what}", count)],
                      period=w.t[f"work_period_{said[1]}"])
    elif what == "audio_s" and said is None and not w.st.request_rate_per_s:
        # live streams: their count as said, their seconds of audio per second after it
        streams = w.n(per_s)
        first = w.say(gpu_hours_key(w, "work_rate_streams", streams), n=streams)
    elif what == "audio_s" and said is None:  # "10 requests per second": Whisper windows
        first = w.say("work_rate_requests", n=_rps(w, per_s / WHISPER_WINDOW_S))
    if first is not None:
        # a rate too small to say per second ("10 videos a day") is said as written alone; a
        # day's or a month's spread evenly over the usage the month's price assumes, said so
        # (audit slips27 #3: "1M Flux images a month" was 0.386 a second over 720 h unsaid)
        spread = said is not None and said[1] in ("day", "month")
        usage = (w.usage() if spread and said is not None and said[1] == "month"
                 else w.say("budget_usage_day", h=w.day_hours(w.st.hours_per_day or 24.0)))
        rate_text = (w.say("work_rate_both_spread" if spread else "work_rate_both",
                           said=first, rate=rate_text, usage=usage)
                     if per_s >= 0.001 else first)
    # called the cheapest only when none ranked after it costs less an hour, listed or not
    # (_W.lead_rank; audit cheapall)
    ranked = w.lead_rank(o, rec.options[1:], said="")
    w.out.first = w.say(
        ("work_rate_gpu" if on_gpu else "work_rate") + ("_ranked" if ranked else ""),
        **(ranked or {}), rate=rate_text, model=m.name, weights=o.weights, n=w.n(n),
        gpu=o.offer.gpu_name,
        setup=f" ({w.option_setup(o)})" if o.nodes > 1 else "", provider=o.offer.provider,
        hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model],
        month=w.usd(o.cost.per_month_usd), usage=w.usage())
    w.ask("gpu_count", n, "GPUs")
    if m.modality == "video":  # "100 480p videos an hour": the size read is said
        w.media_notes({k: v for k, v in kw.items() if k in ("width", "height")})
    p = o.performance
    cap = (p.audio_seconds_per_s if what == "audio_s" else p.embeddings_per_s
           if what == "inputs" else p.images_per_s)
    if cap:
        # the share of that it runs at, beside the rule the count keeps (audit slips27 #3);
        # a capacity under 0.01 images or clips a second said per hour, or per day under one
        # an hour ("0.000 videos per second" was said of 0.000283; audit buyer30b #6)
        cap_text = w.say(f"work_rate_{what}", n=_rps(w, cap), inp=w.n(inp))
        if what in ("images", "videos") and cap < 0.01:
            period, scale = ("hour", 3600.0) if cap * 3600 >= 1 else ("day", 86_400.0)
            count_cap = _rps(w, cap * scale)
            cap_text = w.say("work_rate_said", n=count_cap,
                             what=w.t[gpu_hours_key(w, f"work_what_{what}", count_cap)],
                             period=w.t[f"work_period_{period}"])
        w.out.more.append(w.say("work_rate_capacity" if n > 1 else "work_rate_capacity_one",
                                load=w.f.percent(HEADROOM_LOAD, 0),
                                busy=w.f.percent(per_s / cap, 0 if per_s >= 0.1 * cap
                                                 else 1 if per_s >= 0.01 * cap else 2),
                                cap=cap_text))
    if what == "audio_s" and said is None:
        w.out.more.append(w.say(
            "work_rate_window" if w.st.request_rate_per_s else "work_rate_streams_note",
            s=w.n(WHISPER_WINDOW_S), model=m.name))
    if said is not None and said[1] == "day" and what in ("images", "videos", "audio_s"):
        # (a day's clips too: "10 HunyuanVideo clips a day" was priced only as a server kept
        # running, $677 a month, where a daily run of their ~9.8 GPU-hours bills far less;
        # audit buyer30b #6)
        _daily_batch(w, what, said[0], kw, gid if on_gpu else None)
    elif said is not None and said[1] == "month" and what == "videos":
        # "1,000 Wan 2.1 videos a month": the month's clips as one separately billed job
        _daily_batch(w, what, said[0], kw, gid if on_gpu else None, month=True)
    if on_gpu:
        cheapest = w.recommend(**kw)
        c = cheapest.options[0] if cheapest is not None and cheapest.options else None
        if c is not None and c.offer.gpu != o.offer.gpu:
            # listed nowhere: a cheaper option ranked after it is named with its rank
            ranked_c = w.lead_rank(c, [], said="")
            w.out.more.append(w.say(
                ("gpu_count_rate_cheapest" if c.nodes > 1 else "gpu_count_rate_cheapest_one")
                + ("_ranked" if ranked_c else ""), **(ranked_c or {}),
                n=w.n(c.offer.gpu_count * c.nodes),
                # the machines in brackets after the GPUs in all, as the lead's ("8 × RTX
                # 3060 12GB2 instances of ..." ran them together)
                gpu=c.offer.gpu_name, setup=f" ({w.option_setup(c)})" if c.nodes > 1
                else w.option_setup(c), weights=c.weights,
                provider=c.offer.provider, hour=w.usd(c.cost.per_hour_usd),
                kind=w.kinds[c.pricing_model]))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _daily_batch(w: _W, what: str, per_day: float, kw: Mapping[str, Any],
                 gid: str | None, month: bool = False) -> None:
    """A day's images or hours of audio run as one batch job a day, billed on its own as
    the provider bills (its granularity, at least its minimum), beside the server kept
    running: the reading a daily token volume gets (cost._steady_endpoint's
    ``cost_steady_batch``; audit ask_ro #5: 1,000 SDXL images a day were priced only as an
    always-on V100, 102.10 USD a month, when one ~3.9 h run a day bills about 17 USD)."""
    # a day's run done within the day (spread over instances where one is too slow); a
    # month's (``month``: ``per_day`` is then the month's count) within the month's hours
    days = w.st.days_per_month or MONTH_DAYS
    day_h = w.st.hours_per_day or 24.0
    job: dict[str, Any] = {"workload": "batch", "interruptible": False,
                           "max_job_hours": day_h * days if month else day_h}
    if what in ("images", "videos"):
        job.update({k: v for k, v in kw.items() if k not in ("workload",
                                                             "target_requests_per_s")})
        job["job_images"] = per_day
    else:
        job["job_audio_hours"] = per_day
    rec = w.recommend(**job, gpus=[gid]) if gid is not None else w.recommend(**job)
    o = rec.options[0] if rec is not None and rec.options else None
    if o is None or not o.cost.per_job_usd or not o.performance.job_hours:
        return
    if month:
        w.out.more.append(w.say(
            "work_rate_batch_month", hours=w.duration(o.performance.job_hours),
            setup=w.option_setup(o), provider=o.offer.provider,
            hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model],
            month=w.usd(o.cost.per_job_usd)))
        return
    w.out.more.append(w.say(
        "work_rate_batch", runs=w.n(days),
        hours=w.duration(o.performance.job_hours), setup=w.option_setup(o),
        provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd),
        kind=w.kinds[o.pricing_model], job=w.usd(o.cost.per_job_usd),
        month=w.usd(o.cost.per_job_usd * days)))


def _video_fps(w: _W) -> int | None:
    """The video model's own frame rate (:meth:`_W.video_fps`)."""
    return w.video_fps()


def _length_clips(w: _W) -> int:
    """The clips one video of the length asked takes ("a 10-second video": 2 clips of Wan's
    81 frames at 16 fps); 1 when no length is asked or the frame rate is unknown. 81 frames
    at 16 fps is the 5-second clip, not the start of a second one (5 % slack)."""
    m = w.model
    assert m is not None
    fps = _video_fps(w)
    if not w.st.clip_seconds or fps is None or not m.num_frames:
        return 1
    if w.video_frames() is not None:
        return 1  # one clip of the length asked, sized at its frames (media_kw's num_frames)
    return max(1, math.ceil(w.st.clip_seconds * fps / m.num_frames - 0.05))


def _video_replicas(w: _W, count: int, sec: float) -> None:
    """Says, on more than one GPU, that each GPU runs the whole pipeline and makes its own
    clip (the sizing's replicas): ``count`` clips in ``sec`` seconds, never one clip faster.
    Splitting one clip across GPUs (sequence parallelism, as xDiT/xfuser does) is not
    modelled."""
    if count > 1:
        w.out.more.insert(0, w.say("video_replicas", n=w.n(count), sec=w.clip_time(sec)))


def _job_lead(w: _W, key: str, gpu_hours: float, wall_hours: float, usd: float,
              usd_quantity: str, fields: Mapping[str, object], wall: bool = False,
              gpus: int = 0) -> None:
    """A media job's total as the first sentence, in duration words ("59 minutes", "1 hour";
    "1 hours" read wrong). A question that asks how long ("how long to transcribe 10,000
    hours of audio") gets ``<key>_time``: the job's wall-clock hours lead (its GPU-hours over
    the GPUs that share it), with days when two or more, and the cost after them; else the
    cost leads, with the GPU time after it, and the number asked matches; ``wall``: a
    template whose hours are the wall clock of the whole setup (the recommendations' job
    hours), said with days, not GPU-days (174 hours on 4 GPUs are 29 GPU-days, not 7.3). A
    count of one takes the template's ``_one`` form ("1 hour of audio", "1 oră"; "1 hours"
    read wrong) where there is one. GPU-hours asked ("how many GPU-hours to generate 20,000
    SDXL images on an L4?"): the job's GPU-hours lead, on ``fields``' setup for its wall
    hours, the cost sentence after them (it led with the cost and asked it); ``gpus``: the
    GPUs a ``wall`` template's hours run on (its GPU-hours are those hours times them)."""
    one = "_one" if fields.get("n") == w.n(1) and f"{key}_one" in w.t else ""
    if w.sub == "gpu_hours":
        gh = wall_hours * gpus if wall and gpus else gpu_hours
        if wall:
            days = w.say("job_days", days=w.n(wall_hours / 24, 1 if wall_hours < 240 else 0)) \
                if wall_hours >= 48 else ""
            cost = w.say(key + one, hours=w.duration(wall_hours), days=days, **fields)
        else:
            cost = w.say(key + one, hours=w.duration(gpu_hours), days=w.days(gpu_hours),
                         **fields)
        # the cost sentence kept right after the GPU-hours, before the notes that follow it
        words = gpu_hours_words(w, gh, 1 if gh < 100 else 0)
        w.out.first = w.say(gpu_hours_key(w, "job_gpu_hours", words), gh=words,
                            setup=fields["setup"], hours=w.duration(wall_hours)) + " " + cost
        w.ask("gpu_hours", gh, "GPU-h")
        return
    if w.sub == "time" or w.st.time_asked:
        # "how long ... and what cost": the wall clock leads as "how long" alone leads (it
        # led with the cost and 97.3 h of GPU time for 12.2 h on 8 × H100, audit batch B7)
        days = w.say("job_days", days=w.n(wall_hours / 24, 1 if wall_hours < 240 else 0)) \
            if wall_hours >= 48 else ""
        w.out.first = w.say(f"{key}_time{one}", hours=w.duration(wall_hours), days=days,
                            **fields)
        gh = wall_hours * gpus if wall and gpus else gpu_hours
        if gh > wall_hours * 1.01 and "one_card" not in fields:
            # (one card alone said: its hours are these GPU-hours, not said twice)
            # on several GPUs: the GPU-hours after the wall clock, on the same setup
            words = gpu_hours_words(w, gh, 1 if gh < 100 else 0)
            w.out.more.append(w.say(gpu_hours_key(w, "job_gpu_hours", words), gh=words,
                                    setup=fields["setup"], hours=w.duration(wall_hours)))
        w.ask("job_hours", wall_hours, "h")
        return
    if wall:
        days = w.say("job_days", days=w.n(wall_hours / 24, 1 if wall_hours < 240 else 0)) \
            if wall_hours >= 48 else ""
        w.out.first = w.say(key + one, hours=w.duration(wall_hours), days=days, **fields)
    else:
        w.out.first = w.say(key + one, hours=w.duration(gpu_hours), days=w.days(gpu_hours),
                            **fields)
    w.ask(usd_quantity, usd, "USD")


def _clip_words(w: _W) -> str:
    """The length asked as the answers write it: "10" (seconds), "2.5"."""
    sec = w.st.clip_seconds or 0.0
    return w.n(sec, 0 if sec.is_integer() else 1)


def _video_length_note(w: _W) -> None:
    """How many clips the length asked takes, with the frame rate it is read at."""
    m = w.model
    assert m is not None
    frames = m.num_frames or 1
    fps = _video_fps(w)
    if w.video_frames() is not None:
        return  # sized at the length's frames, said by media_notes (frames_note)
    if fps is not None and m.num_frames:
        clips = _length_clips(w)
        w.out.more.append(w.say("video_clip_fps" if clips == 1 else "video_clip_fps_many",
                                frames=w.n(frames), fps=w.n(fps),
                                len=w.n(m.num_frames / fps, 1), clip=_clip_words(w),
                                clips=w.n(clips)))
    else:
        w.out.more.append(w.say("video_clip_note", frames=w.n(frames), clip=_clip_words(w)))


def _job_deadline(w: _W, gid: str | None) -> bool:
    """A can-I question with a job's size and a deadline on the GPU named ("can I embed 500
    million documents with bge-large by Friday on one L4?", "... transcribe 100,000 hours of
    audio ... by Friday", "in 3 hours"): a Yes or a No by the job's wall hours on the GPUs
    named, at their own sizing's rate, with those hours; on a No, the fewest of that GPU that
    finish within the deadline (the job's GPU-hours over its hours, rounded up: documents,
    files and images are independent, each GPU takes its share, as :func:`_embed_on_gpu` and
    :func:`_media_cost` count them) and what they cost as their provider bills them, as a
    fine-tuning deadline answers (:func:`_train_deadline`, :func:`_deadline_missed`). Was a
    Yes on memory alone, or a cost with no verdict (a job of 949 hours "fits" by Friday).
    A count asked ("how many L40S to make 10,000 SDXL images in 24 hours?", the media
    intent's ``count``): that fewest count leads, with no yes or no, and what the job costs
    on it (it priced one machine of the cheapest offer, 2 × L40S, where one finishes)."""
    m = w.model
    deadline = w.st.deadline_hours
    count_asked = w.sub == "count" and not w.st.yes_no
    if m is None or gid is None or not deadline or not (w.st.yes_no or count_asked):
        return False
    count = w.ex.gpu_count or 1
    wall: float | None = None
    wall_of: Callable[[int], float] | None = None  # the job's wall hours on so many GPUs
    if m.kind == "llm" and m.task == "embed" and w.det.tokens:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=min(w.max_ctx() or 512, 512))
        tps = (r.performance.embedded_tokens_per_s
               if r and r.fits_in_memory and r.performance else None)
        if tps:
            wall = w.det.tokens / tps / 3600  # the rate is the ``count`` GPUs'
            job = w.say("job_deadline_embed", n=w.n(w.det.tokens), model=m.name)
            rate = w.say("job_deadline_tps", tps=w.n(tps))
    elif m.kind in ("audio", "diffusion") and (
            w.st.clips if m.modality == "video" else w.st.items):
        r = w.size(gpu=gid, gpu_count=count, **w.media_kw(gid, count, job=True))
        p = r.performance if r is not None and r.fits_in_memory else None
        items = w.st.items or 0.0
        if p is not None and m.kind == "audio" and p.audio_seconds_per_s:
            wall = items / p.audio_seconds_per_s  # the ratio is the ``count`` GPUs'
            job = w.say("job_deadline_audio" if w.transcribes() else "job_deadline_audio_gen",
                        n=w.n(items), model=m.name)
            rate = w.say("job_deadline_ratio", ratio=w.rate(p.audio_seconds_per_s))
        elif p is not None and m.kind == "diffusion" and p.seconds_per_image:
            # one replica per GPU, ``seconds_per_image`` one replica's; a video's clips are
            # whole: the busiest GPU makes its share rounded up (100 clips on 7 H100: 15)
            sec = p.seconds_per_image
            if m.modality == "video":
                clips = (w.st.clips or 1) * _length_clips(w)

                def whole(gpus: int) -> float:
                    return math.ceil(clips / gpus) * sec / 3600

                wall_of = whole
                wall = whole(count)
                job = w.say("job_deadline_clips", n=w.n(clips), model=m.name)
                rate = w.say("job_deadline_sec_clip", sec=w.n(sec, 1 if sec < 100 else 0))
            else:
                wall = items * sec / 3600 / count
                job = w.say("job_deadline_images", n=w.n(items), model=m.name)
                rate = w.say("job_deadline_sec", sec=w.n(sec, 1))
    if wall is None or r is None:
        return False
    gpu_hours = wall * count
    if wall_of is None:
        def shared(gpus: int) -> float:
            return gpu_hours / gpus

        wall_of = shared
    met = wall <= deadline
    n = count if met else max(count + 1, math.ceil(gpu_hours / deadline))
    if count_asked:
        n = max(1, math.ceil(gpu_hours / deadline))  # the fewest, from one, that finish
    if not met or count_asked:
        # whole clips: one more GPU while the busiest one's share misses the deadline (none
        # where a single clip takes longer than it)
        while wall_of(n) > deadline and wall_of(n + 1) < wall_of(n):
            n += 1
    cost = ""
    billed: _Job | None = None
    if met and not count_asked:
        b = w.basis(gid, n)
        if b is not None:
            v, per, kind = b
            billed = _billed_job(w, v, per, n, wall_of(n), r.weights, egress=True)
            cost = w.say("job_deadline_cost", cost=w.usd(billed.total), price=w.usd(per * n),
                         kind=w.kinds[kind], provider=w.where(v, n))
    else:
        plan = _deadline_plan(w, gid, n, wall_of, r.weights)
        if plan is not None:
            billed, machines, kind, hour = plan
            v = billed.v
            gpus = machines * v.gpu_count
            where = (w.where(v, v.gpu_count) if machines == 1 else
                     w.say("job_plan_machines", provider=v.provider, nodes=w.n(machines),
                           setup=w.setup(v.gpu_count, gid)))
            cost = w.say("job_deadline_cost" if gpus == n else "job_deadline_cost_all",
                         cost=w.usd(billed.total), price=w.usd(hour), kind=w.kinds[kind],
                         provider=where, n=w.n(gpus), wall=w.duration(billed.wall_h))
    days = w.say("job_days", days=w.n(wall / 24, 1 if wall < 240 else 0)) if wall >= 48 else ""
    said = _deadline_said(w, deadline)
    common = {"job": job, "deadline": said, "rate": rate, "cost": cost,
              "time": w.duration(wall), "days": days, "setup": w.setup(n, gid)}
    if count_asked:
        # one GPU has no share to take: its hours are the job's GPU time
        w.out.first = w.say("job_deadline_count" if n > 1 else "job_deadline_count_one",
                            run_time=w.duration(wall_of(n)),
                            gpu_time=w.duration(gpu_hours), **common)
        w.ask("gpu_count", n, "GPUs")
    elif met:
        w.out.first = w.say("job_deadline_met", **common)
        w.ask("job_hours", wall, "h", yes=met)
    else:
        text = w.say("job_deadline_missed", asked=w.setup(count, gid),
                     run_time=w.duration(wall_of(n)), **common)
        w.out.first = text[:1].upper() + text[1:]
        w.ask("job_hours", wall, "h", yes=met)
    w.record(r, 0)
    if billed is not None:
        v = billed.v
        w.out.more.append(_job_split(w, billed))
        w.out.more.append(w.say("price_date", date=w.view_date(v)))
        w.price_warnings(v)
    w.documents_note()
    w.sized_warnings(r)
    return True


def _deadline_said(w: _W, deadline: float) -> str:
    """A deadline as the answers say it: "in 30 days" in days, "in 3 hours" and one day in
    hours."""
    return (w.say("job_deadline_days", n=w.n(deadline / 24))
            if deadline >= 48 and float(deadline / 24).is_integer() else w.duration(deadline))


def _recommend_by_deadline(w: _W, kw: dict[str, Any]) -> Recommendation | None:
    """The job's recommendation within the deadline ``kw`` carries (``max_job_hours``); where
    no setup finishes it in time, even spread over the most instances planned, that is said
    and the cheapest setup without the deadline is priced (token, image, audio jobs alike). A
    job on a schedule with no deadline stated is bound by the hours to its next run
    (cost._run_slot_hours) the same way, said as that limit."""
    rec = w.recommend(**kw)
    if rec is not None and not rec.options and "max_job_hours" in kw:
        if w.st.deadline_hours is not None:
            w.out.more.append(w.say("deadline_none",
                                    deadline=_deadline_said(w, w.st.deadline_hours),
                                    most=w.n(MAX_JOB_INSTANCES)))
        else:
            w.out.more.append(w.say("slot_none", slot=_deadline_said(w, kw["max_job_hours"]),
                                    most=w.n(MAX_JOB_INSTANCES)))
        del kw["max_job_hours"]
        rec = w.recommend(**kw)
    return rec


def _media_job_kw(w: _W) -> tuple[dict[str, Any], str] | None:
    """The recommendations' job fields of an image, video, speech or embedding job stated by
    its size (as :func:`~service.domain.answer.numbers.media._job_total` passes them), and the
    job in words (``job_deadline_*``); None where no such job is stated."""
    m = w.model
    if m is None:
        return None
    kw: dict[str, Any]
    if m.kind == "diffusion" and m.modality == "video" and w.st.clips:
        clips = w.st.clips * _length_clips(w)
        kw = {"job_images": clips}
        job = w.say("job_deadline_clips", n=w.n(clips), model=m.name)
    elif m.kind == "diffusion" and w.st.items:
        kw = {"job_images": w.st.items}
        job = w.say("job_deadline_images", n=w.n(w.st.items), model=m.name)
    elif m.kind == "audio" and w.st.items:
        kw = {"job_audio_hours": w.st.items}
        job = w.say("job_deadline_audio" if w.transcribes() else "job_deadline_audio_gen",
                    n=w.n(w.st.items, 0 if float(w.st.items).is_integer() else 1),
                    model=m.name)
    elif m.kind == "llm" and m.task == "embed":
        w.use_documents()
        if not w.det.tokens:
            return None
        kw = {"job_embed_tokens": w.det.tokens,
              "context_tokens": min(w.max_ctx() or 512, 512)}
        job = w.say("job_deadline_embed", n=w.n(w.det.tokens), model=m.name)
    else:
        return None
    if m.kind == "diffusion":  # the steps and the size stated (the recommendations take no batch)
        kw.update({k: v for k, v in w.media_kw().items() if k != "batch_size"})
    return kw, job


def _deadline_count(w: _W, gid: str | None, job_kw: dict[str, Any] | None = None,
                    job: str | None = None, own_weights: str | None = None,
                    gpus: list[str] | None = None) -> bool:
    """A count asked for a job with a deadline ("1 million prompts with Llama 3.1 8B within 3
    days, how many GPUs?", "100,000 SDXL images by tomorrow (24 h)", "10,000 hours of audio
    in 2 days"): the recommendations' lead option for the job with the deadline as
    ``max_job_hours`` (a batch job spread over the fewest instances that meet it, pricing's
    ``scale_out``; on the GPU named when one is), its GPUs in all (instances × GPUs each)
    first, then its wall hours and its cost, on-demand unless the work was said to be
    interruptible (spot after it where cheaper, as :func:`_job_total` says it). It was the
    memory fit ("fits on one GPU", where one L4 takes 1,838 h), one H100 for a job of 55 h in
    24, or one machine of 4 × RTX 5070 at 119 h for a day's deadline. ``job_kw``: the job's
    fields (an LLM's tokens, the caller's), else an image, speech or embedding job's
    (:func:`_media_job_kw`); ``job``: its words; ``own_weights``: the model's own precision,
    whose count is said after the lead's where the lead is at another and none was asked;
    ``gpus``: the cards a name covers (a family named bare), in place of ``gid``. No setup
    finishing in time, even spread over the most instances the recommendations plan, is said
    so, with no count (a count that misses the deadline was the memory fit: 1 × H100 for a
    billion prompts in an hour). False (the caller answers as before) where no job or deadline
    is stated, or nothing is priced at all."""
    m = w.model
    deadline = w.st.deadline_hours
    if m is None or not deadline:
        return False
    if job_kw is None:
        got = _media_job_kw(w)
        if got is None:
            return False
        job_kw, job = got
    assert job is not None
    kw: dict[str, Any] = {"workload": "batch", **job_kw, "max_job_hours": deadline}
    if not w.st.spot_said:  # a job with a count is batch work: "batch" said is no spot
        # a batch job the recommendations would put on spot, not said to be interruptible:
        # on-demand leads (as every price answer), spot comes after it
        kw["interruptible"] = False
    if gpus or gid is not None:
        kw["gpus"] = gpus or [gid]
    rec = w.recommend(**kw, top_n=10)
    if rec is None:
        return False
    if not rec.options:
        # none in time: said so where the job is priced without the deadline (the deadline,
        # not the model or a filter, left every option out)
        late = w.recommend(**{k: v for k, v in kw.items() if k != "max_job_hours"}, top_n=1)
        if late is None or not late.options:
            return False
        where = (w.say("deadline_count_none_gpu", gpu=w.gpu_name(gid))
                 if gid is not None and not gpus else w.t["deadline_count_none_any"])
        w.out.first = w.say("deadline_count_none", where=where, job=job,
                            deadline=_deadline_said(w, deadline), most=w.n(MAX_JOB_INSTANCES))
        w.ask("gpu_count", 0, "GPUs")  # a count asked, no yes or no
        return True
    o = rec.options[0]
    hours, cost = o.performance.job_hours, o.cost.per_job_usd
    if hours is None or cost is None or hours > deadline:
        return False
    # the options rank by the job's cost: a cheaper plan on more GPUs leads; the fewest GPUs
    # among those listed that also finish in time are said after it
    fewest = min((x for x in rec.options if x.cost.per_job_usd is not None
                  and (x.performance.job_hours or 0.0) <= deadline),
                 key=lambda x: (x.offer.gpu_count * x.nodes, x.cost.per_job_usd or 0.0))
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))

    def plan(x: Option) -> dict[str, str]:
        h = x.performance.job_hours or 0.0
        return {"n": w.n(x.offer.gpu_count * x.nodes), "gpu": x.offer.gpu_name,
                "machines": w.say("deadline_count_machines", nodes=w.n(x.nodes),
                                  setup=w.setup(x.offer.gpu_count, x.offer.gpu))
                if x.nodes > 1 else "",
                "hours": w.duration(h),
                "days": w.say("job_days", days=w.n(h / 24, 1 if h < 240 else 0))
                if h >= 48 else "",
                "cost": w.usd(x.cost.per_job_usd or 0.0)}

    text = w.say("deadline_count", job=job, deadline=_deadline_said(w, deadline),
                 weights=o.weights, price=w.usd(o.cost.per_hour_usd),
                 kind=w.kinds[o.pricing_model], provider=o.offer.provider, **plan(o))
    w.out.first = text[:1].upper() + text[1:]
    w.ask("gpu_count", o.offer.gpu_count * o.nodes, "GPUs")
    if fewest.offer.gpu_count * fewest.nodes < o.offer.gpu_count * o.nodes:
        w.out.more.append(w.say("deadline_count_fewest", weights=fewest.weights,
                                provider=fewest.offer.provider, **plan(fewest)))
    if own_weights is not None and not w.weights and o.weights != own_weights:
        own = w.recommend(**{**kw, "weights": own_weights, "top_n": 1})
        x = own.options[0] if own is not None and own.options else None
        if (x is not None and x.cost.per_job_usd is not None
                and (x.performance.job_hours or 0.0) <= deadline):
            w.out.more.append(w.say("deadline_count_own", weights=x.weights, **plan(x)))
    spot_job_line(w, kw, cost)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.documents_note()
    w.option_warnings(o)
    return True


def gpu_hours_words(w: _W, gh: float, digits: int | None = None) -> str:
    """GPU-hours as an answer says them: ``digits`` decimals from one GPU-hour (unset: one
    under ten, none from ten, as the run's own hours are said, so that 1.4 GPU-hours of a
    1.4-hour run is never "About 1 GPU-hours"), and under one two significant figures, so
    that a LoRA run of a few minutes is never "About 0 GPU-hours" (0.47 GPU-hours was; as
    ``_W.usd`` keeps a sub-cent cost's figures); what rounds to one is "1" (one GPU-hour,
    said with :func:`gpu_hours_key`'s singular, not "1.0")."""
    if 0 < gh < 1:
        d = 1 - math.floor(math.log10(gh))
        return w.n(gh, d) if round(gh, d) < 1 else w.n(1)
    if digits is None:
        digits = 1 if gh < 10 else 0
    return w.n(1) if round(gh, digits) == 1 else w.n(gh, digits)


def gpu_hours_key(w: _W, key: str, words: str) -> str:
    """``key``'s singular form (``<key>_one``: "1 GPU-hour", "1 oră-GPU") where the
    GPU-hours said (:func:`gpu_hours_words`) are one, else ``key``."""
    return f"{key}_one" if words == w.n(1) and f"{key}_one" in w.t else key


def _billed_run(w: _W, o: OfferView, price: float, count: int, hours: float,
                weights: str, key: str = "train_cost",
                stated: bool = False) -> tuple[float, str, str]:
    """A run's cost as its provider bills it, and its words: the hours rounded up to the
    provider's billing granularity, at least its minimum charge, by the hour where unknown
    (the recommendations' ``billed_hours``, so ask and /v1/recommendations bill a job alike:
    5.2 h at lium, billed by the hour, is 6 h), plus the storage of the model's weights and
    checkpoints for the run's hours, on each machine, as the recommendations count a job's
    (:func:`_job_storage`). Every training run's cost in ask comes from here (a deadline's
    plan multiplied raw hours by the price: "about $0.90" for 3.9 minutes at lium, billed
    $14.01 when the same run's cost is asked). ``key``: the compute's words
    (``train_cost_spot`` on spot). The run's own egress stated ("with 2 TB egress") is in
    its total, its sentence (:func:`job_egress_words`) third, "" where none. ``stated``: the
    storage is a volume the question states ("with 2 TB storage"), said as that volume, not
    as the weights and checkpoints (audit ftextras)."""
    job = _billed_job(w, o, price, count, hours, weights, training=True, egress=True)
    usd = job.total
    # a price that is the whole machine's, billed for fewer GPUs than it has (a fine-tune
    # on one A100 at AWS, which rents them eight at a time), is said per machine: "$27.45/h
    # per GPU" was the 8 x A100 machine's hourly price
    whole = o.gpu_count > count and any(
        p is not None and math.isclose(price * count, p, rel_tol=1e-6)
        for p in (o.on_demand_usd_h, o.spot_usd_h, o.reserved_usd_h))
    text = w.say(f"{key}_machine" if whole else key, cost=w.usd(job.compute),
                 price=w.usd(price * count if whole else price), provider=w.where(o, count))
    if job.billed_h > hours + 1e-9:
        text += w.say("train_cost_billed" if job.known else "train_cost_billed_unknown",
                      billed=w.duration(job.billed_h), provider=o.provider)
    full = w.ex.method == "full" or w.ex.workload == "pretrain"  # as _job_storage counts it
    # the run's own egress where it costs something, in the sentence its total adds up from
    # (buyer audit 21 #11: "$4.41 ..., plus $0.0047 storage: about $85.42 in all", the $81 of
    # egress only in a second breakdown after it); then its price's date and source only
    paid = bool(job.egress_gb and job.egress > 0)
    # an unknown price's stand-in said in place (standin2)
    notes = w.stand_in_notes(job.v.provider, job.storage, job.egress if paid else 0.0)
    egress = w.say("train_cost_egress", egress=w.usd(job.egress), note=notes["egress_note"],
                   gb=w.n(job.egress_gb or 0)) if paid else ""
    text += w.say("train_cost_storage_stated" if stated
                  else "train_cost_storage_full" if full and not w.st.storage_gb
                  else "train_cost_storage", storage=w.unit_usd(job.storage), gb=w.n(job.gb),
                  egress=egress, total=w.usd(usd), storage_note=notes["storage_note"])
    if paid:
        prov = w.catalog.providers_by_id.get(job.v.provider)
        return usd, text, (w.terms_source(prov, egress=True)
                           if prov is not None and prov.egress_known else "")
    return usd, text, job_egress_words(w, job, once=False)


def spot_job_line(w: _W, kw: dict[str, Any], cost: float, lead_kind: str | None = None
                  ) -> None:
    """A job priced on-demand (the question does not say it may be interrupted): the cheapest
    spot option for the same job (``kw``: its recommendation request) where it costs less than
    ``cost``, said after it (``cost_spot_job``: only if the job can be interrupted and
    restarted). One sentence for the deadline counts and the media jobs. Spot ruled out
    ("the job cannot be interrupted", ``Stated.no_spot``): no spot figure, said to be
    unsuitable (it led with spot, audit batch B2). Spot allowed and leading (``lead_kind``):
    the same job on-demand after it, so the saving is seen (audit ask_ro #6)."""
    if w.st.no_spot:
        w.out.more.append(w.t["cost_no_spot_job"])
        return
    if kw.get("interruptible") is not False:
        if lead_kind == "spot":
            od = w.recommend(**{**kw, "interruptible": False, "top_n": 1})
            o = od.options[0] if od is not None and od.options else None
            if o is not None and o.cost.per_job_usd:
                w.out.more.append(w.say("cost_od_job", cost=w.usd(o.cost.per_job_usd),
                                        setup=w.option_setup(o), provider=o.offer.provider,
                                        price=w.usd(o.cost.per_hour_usd)))
        return
    alt = w.recommend(**{**kw, "interruptible": True, "top_n": 1})
    s = alt.options[0] if alt is not None and alt.options else None
    if (s is not None and s.pricing_model == "spot" and s.cost.per_job_usd
            and s.cost.per_job_usd < cost):
        w.out.more.append(w.say("cost_spot_job", cost=w.usd(s.cost.per_job_usd),
                                setup=w.option_setup(w.spot_job_said(s)),
                                provider=s.offer.provider,
                                price=w.usd(s.cost.per_hour_usd)))
        if (deep := spot_deep_line(w, s)) is not None:
            w.out.more.append(deep)  # an extreme spot price (:func:`spot_deep`)
        _provider_warnings(w, s)


def _provider_warnings(w: _W, o: Option) -> None:
    """The warnings of a priced option said beside the lead (the spot job after an on-demand
    one): its provider's terms that enter its total (billing granularity unknown, billed by
    the hour; storage or egress price unknown; a minimum charge), and its price's age or
    doubt (:meth:`price_warnings`), as every other priced line carries them. The spot line
    "about $11.86 on 4 x V100 at primeintellect" said none of primeintellect's (audit
    regress7 #14). Not :meth:`option_warnings`: that one takes the first option given as the
    lead."""
    for x in o.warnings:
        if o.offer.provider in x:
            w.core_warn(x)
    v = w.view_of(o.offer.id)
    if v is not None:
        w.price_warnings(v)


def _job_storage(w: _W, provider: str, weights: str, hours: float, training: bool,
                 nodes: int = 1, warn: bool = True) -> tuple[float, float]:
    """(USD, GB) of the storage a job of ``hours`` (wall time) pays at ``provider``, as the
    recommendations count it (pricing's ``model_storage_gb`` and ``job_storage_usd``): the
    volume stated, else the model's weights at ``weights`` (plus a training run's two kept
    checkpoints, ``model_storage_gb``), a copy on each of ``nodes`` machines, for the job's
    hours (at least one) of the month's price. An unknown price counts at the highest sourced
    rate and is warned (``warn``), never $0."""
    assert w.model is not None
    full = training and (w.ex.method == "full" or w.ex.workload == "pretrain")
    gb = w.st.storage_gb or model_storage_gb(sized_from_entry(w.model), get_precision(weights),
                                             training, full=full)
    p = w.catalog.providers_by_id.get(provider)
    month = p.storage_usd(gb) if p is not None else None
    if month is None:
        rate = unknown_price_defaults(w.catalog.providers)[0]
        month = gb * rate
        if warn:
            w.warn(w.say("core_storage_unknown", provider=provider, rate=w.f.money(rate, 3)),
                   provider)
    return job_storage_usd(month * nodes, hours), gb


@dataclass(frozen=True, slots=True)
class _Job:
    """A divisible job (independent images, clips, audio files, documents) priced on one
    machine of the GPU asked, every GPU of it making its own share: :func:`_divisible_job`."""

    v: OfferView
    wall_h: float
    """The job's wall time: its GPU-hours over the machine's GPUs."""
    billed_h: float
    known: bool
    """Whether the provider states its billing granularity (else billed by the hour)."""
    compute: float
    storage: float
    gb: float
    egress: float = 0.0
    """The job's own egress (the GB a job question says it sends out, priced once at the
    provider's tiers: :func:`_job_egress`); 0 where none is stated or none is priced."""
    egress_gb: float | None = None
    """The GB that egress is for; None where no egress is priced (a rental of stated hours)."""

    @property
    def total(self) -> float:
        return self.compute + self.storage + self.egress


def _divisible_job(w: _W, gid: str, gpu_hours: float, weights: str, single: bool = False,
                   warn: bool = True) -> _Job | None:
    """``gpu_hours`` of a divisible job on the machine of ``gid`` that costs least in all,
    on-demand (the price a named GPU's answer leads with): each machine's price for the
    hours it is billed (the GPU-hours over its GPUs, rounded up to its provider's billing
    granularity, as :func:`_billed_run`), plus the storage of the model's weights for those
    hours, as /v1/recommendations prices a job's options (images, audio hours) and ranks
    them (lium's 4 × L40S at $1.52/h runs 1,799 GPU-hours in 450 h: $684 against $1,080 for
    one card alone). A tie goes to the fewer GPUs (one card alone where it is as cheap: a
    small job billed a whole first hour). ``single``: single-GPU machines only (one card
    alone). ``warn``: the chosen provider's unknown storage price is warned. None where no
    trusted offer has an on-demand price (the caller's own basis then)."""
    views = w.offers_for(gid)
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    best: _Job | None = None
    for v in fresh:
        if v.on_demand_usd_h is None or (single and v.gpu_count > 1):
            continue
        # one machine, every GPU taking its share, billed as every job is
        job = _billed_job(w, v, v.on_demand_usd_h / v.gpu_count, v.gpu_count,
                          gpu_hours / v.gpu_count, weights, warn=False, egress=True)
        if best is None or (round(job.total, 2), v.gpu_count) < (round(best.total, 2),
                                                                 best.v.gpu_count):
            best = job
    if best is not None and warn:  # the chosen machine's storage price, warned if unknown
        _job_storage(w, best.v.provider, weights, best.wall_h, False)
        if best.egress_gb:  # and its egress price, warned if unknown
            _job_egress(w, best.v.provider)
    return best


def _deadline_plan(w: _W, gid: str, need: int, wall_of: Callable[[int], float],
                   weights: str) -> tuple[_Job, int, str, float] | None:
    """The cheapest way to rent at least ``need`` × ``gid`` for a divisible job (independent
    images, clips, audio files, documents) that must finish within a deadline, every GPU
    rented taking its share: for each offer, the fewest of its machines that hold ``need``
    GPUs, all of them running (``wall_of``: the job's wall hours on so many GPUs), billed as
    its provider bills, with the weights' storage on each machine (:func:`_billed_job`). So
    four single-A100 machines ($0.72/h, 9.0 hours billed 10: $28.80), or verda's 8-GPU
    machine with all 8 running (4.5 hours billed 5: $28.85), never that machine with 4 of
    its GPUs idle ($57.70, what :meth:`_W.basis` priced: a machine that holds the count, as
    a model split over GPUs needs; a divisible job needs no such thing). Separate machines
    need no network between them: each makes its own share. On-demand prices first, else
    reserved, else spot (as :meth:`_W.basis`); a tie goes to the fewer GPUs. (the job, its
    machines, the pricing key, its $/h in all), or None where no offer has a price."""
    views = w.offers_for(gid)
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    for key, attr in (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h"),
                      ("spot", "spot_usd_h")):
        best: tuple[_Job, int, float] | None = None
        for v in fresh:
            price = getattr(v, attr)
            if price is None:
                continue
            machines = _instances(v, need)
            gpus = machines * v.gpu_count
            job = _billed_job(w, v, price / v.gpu_count, gpus, wall_of(gpus), weights,
                              warn=False, egress=True)
            if best is None or (round(job.total, 2), gpus) < (
                    round(best[0].total, 2), best[1] * best[0].v.gpu_count):
                best = (job, machines, price * machines)
        if best is not None:
            job, machines, hour = best
            # the chosen provider's storage price, warned if unknown
            _job_storage(w, job.v.provider, weights, job.wall_h, False, machines)
            if job.egress_gb:  # and its egress price, warned if unknown
                _job_egress(w, job.v.provider)
            return job, machines, key, hour
    return None


def _job_egress(w: _W, provider: str, warn: bool = True) -> float:
    """The egress a job question states (``Stated.egress_gb``: "download the 300 GB",
    "incl 5 TB egress") sent out once from ``provider``, as the recommendations price a job's
    ``job_egress_gb`` (pricing's :func:`job_egress_usd`: its tiers as one month's egress); an
    unknown rate at the highest sourced, warned (``warn``), never $0 (audit jobstorage: a job
    priced on a GPU or provider named left the stated egress out)."""
    gb = w.st.egress_gb or 0.0
    p = w.catalog.providers_by_id.get(provider)
    rate = unknown_price_defaults(w.catalog.providers)[1]
    if warn and gb and (p is None or not p.egress_known):
        w.warn(w.say("core_egress_unknown", provider=provider, rate=w.f.money(rate, 3)),
               provider)
    return job_egress_usd(p, gb, rate)


def job_egress_words(w: _W, job: _Job, once: bool = True) -> str:
    """The sentence of a job's own egress (:attr:`_Job.egress`), once (``once``; a training
    run's words carry their own: its callers keep some and drop others), with its provider's
    egress source, as :meth:`_W.job_egress_line` says a recommended job's: its share and
    the job without it, or that it adds nothing (free, or within the free allowance); ""
    where none is priced."""
    gb = job.egress_gb
    if not gb or (once and w.job_egress_said):
        return ""
    w.job_egress_said = w.job_egress_said or once
    return w.job_egress_text(job.v.provider, gb, job.egress, job.total)


def _billed_job(w: _W, v: OfferView, per: float, count: int, wall_h: float,
                weights: str, training: bool = False, warn: bool = True,
                egress: bool = False) -> _Job:
    """A job of ``wall_h`` hours on ``count`` GPUs of offer ``v`` at ``per`` $/GPU-hour as
    its provider bills it: the hours rounded up to the billing granularity (by the hour
    where unknown, the recommendations' ``billed_hours``), plus the weights' storage on each
    machine for those hours (:func:`_job_storage`), as :func:`_billed_run` bills a training
    run. Every job whose hours are known goes through here, a training run's too
    (``training``: its checkpoints stored beside the weights) (a token job multiplied raw
    hours by the price: $0.81 for 38 minutes at hyperbolic, which bills by the hour)."""
    billed, known = billed_hours(wall_h, w.catalog.providers_by_id.get(v.provider))
    # a training run stores its sharded checkpoint once for the job, however many machines
    # it spans (pricing._quote_offer's rule: each rank saves its own shard,
    # torch.distributed.checkpoint); other jobs keep the weights on each machine
    storage, gb = _job_storage(w, v.provider, weights, wall_h, training,
                               1 if training else _instances(v, count), warn=warn)
    # a sized job's own egress (``egress``: the callers that price a job of a stated size,
    # never a rental of stated hours), as the recommendations' per_job_usd counts it
    out_gb = w.st.egress_gb if egress and w.st.egress_gb else None
    return _Job(v=v, wall_h=wall_h, billed_h=billed, known=known,
                compute=per * count * billed, storage=storage, gb=gb,
                egress=_job_egress(w, v.provider, warn) if out_gb else 0.0, egress_gb=out_gb)


def offer_billed_hours(w: _W, v: OfferView, hours: float) -> tuple[float, bool, bool]:
    """(hours billed, granularity known, the minimum charge decided it) for one start of
    ``hours`` on offer ``v``, as /v1/recommendations bills it (pricing.provider_terms: the
    provider's granularity and minimum charge, the instance family's minimum where the
    provider has rules, OCI bare metal's hour; ``billed_for`` rounds)."""
    p = w.catalog.providers_by_id.get(v.provider)
    gran, minimum, known = billing_terms_of(p)
    if p is not None and p.minimum_charges:
        minimum = float(p.minimum_charge_for(v.instance_type) or 0)
    billed = billed_for(hours, gran, minimum)
    return billed, known, minimum / 3600 >= billed - 1e-9 and billed > hours + 1e-9


def billing_terms_words(w: _W, v: OfferView | OfferRef) -> str:
    """How ``v``'s provider bills a run, in words ("bills per second, with a minimum charge of
    60 seconds", "states no billing granularity (billed per hour here)"), its instance
    family's minimum where the provider has rules (as :func:`offer_billed_hours`)."""
    p = w.catalog.providers_by_id.get(v.provider)
    gran, minimum, known = billing_terms_of(p)
    if p is not None and p.minimum_charges:
        minimum = float(p.minimum_charge_for(v.instance_type) or 0)
    least = w.say("billing_min", s=w.n(minimum)) if minimum else ""
    unit = next((u for u, s in GRANULARITY_S.items() if s == gran), "hour")
    return (w.say("billed_runs_terms", unit=w.t[f"unit_{unit}"], minimum=least) if known
            else w.say("billed_runs_unknown", minimum=least))


def day_billed_hours(w: _W, v: OfferView) -> float:
    """The hours offer ``v`` bills a day at the use stated (:attr:`Stated.hours_per_day`, 24
    unless stated, in :attr:`Stated.sessions_per_day` runs, one unless stated): each run
    billed on its own (:func:`offer_billed_hours`) times the runs, as /v1/recommendations
    bills a session (pricing.provider_terms' ``session_billed_h`` x ``sessions_per_day``)."""
    h = w.st.hours_per_day or 24.0
    runs = w.st.sessions_per_day or 1 if w.st.hours_per_day else 1
    billed = offer_billed_hours(w, v, h / runs)[0]
    # (at most the machine left running all day: the recommendations' day_billed_for)
    return min(billed * runs, DAY_HOURS)


SPOT_DEEP_DISCOUNT = 0.85
"""A spot price more than 85 % below an on-demand reference is an extreme one: usable, but
said to be spot with no capacity guarantee, its discount named and the same plan's on-demand
cost beside it (:func:`spot_deep`). The providers' own ceilings are higher: AWS "Spot;
up to 90% off On-Demand", Google Cloud "up to 91% off, docs also say 60-91%"
(shared/reference/provider_policies/providers.csv, spot_available, from
docs.aws.amazon.com/whitepapers/latest/how-aws-pricing-works/amazon-ec2.html and
docs.cloud.google.com/compute/docs/instances/create-use-spot; trust.SPOT_MAX_DISCOUNT doubts
a spot price at that ceiling). The bound is set from the catalog's own data: of the
295 offers in catalog/offers/*.csv (snapshot of 2026-09-30) that list both a spot and an
on-demand price, the spot discount off the same offer's on-demand price has a median of 65 %,
a 75th percentile of 75 % and a 90th percentile of 84.7 %: beyond 85 % is the deepest tenth
(AWS p6-b200.48xlarge us-east-1 atl2-az1 at $13.57/h against $113.93/h, 88 %; the same type
in its other zones 74-81 %).

Two references, the same bound: the offer's own on-demand price, and the median on-demand
price of its GPU (:func:`_on_demand_median`), so an offer whose own on-demand price is itself
far below the market cannot hide a spot price far below it. Against that median the 122
trusted spot prices of the catalog (as the answers read it on 2026-12-05; GPUs with at least
three on-demand providers) are a median 43.5 % below, a 90th percentile 73.8 % and at most
84.2 % (Verda's B200 at $0.95 per GPU-hour against $5.98): beyond 85 % lies past the whole
trusted distribution, as far out as against the offer's own price. Verda's and Prime
Intellect's V100 spot ($0.07, $0.05 per GPU-hour) are 50-64 % below their own on-demand and
64-74 % below the V100's median ($0.19 over six trusted providers; the "97-98 %" once quoted
was against AWS's p3 price, which trust flags suspect): within the bound, not flagged.
A bound against the GPU's median SPOT price was weighed and not taken: only 8 GPUs have three
trusted spot providers (the V100 has two: Verda and Prime Intellect, so no median), and the
deepest of their 75 offers is 44 % below it (Verda's B200 again; the 90th percentile 32 %):
85 % below it flags nothing, and a percentile bound would flag the ordinary discount sellers
(Prime Intellect's A100 and H200, 32-34 %), which are not extreme prices."""


def _on_demand_median(w: _W, gid: str) -> float | None:
    """The median on-demand price per GPU-hour of ``gid`` over the catalog's fresh, trusted
    offers, each provider once at its lowest (as trust's outlier rule counts peers); None
    with fewer than three providers."""
    lowest: dict[str, float] = {}
    for v in w.catalog.views(w.today):
        if v.gpu != gid or v.on_demand_usd_h is None or v.stale or v.suspect:
            continue
        per = v.on_demand_usd_h / v.gpu_count
        lowest[v.provider] = min(per, lowest.get(v.provider, per))
    return statistics.median(lowest.values()) if len(lowest) >= 3 else None


def spot_deep(w: _W, v: OfferView, gpus: int, spot_h: float, hours: float | None = None,
              extra_usd: float = 0.0) -> str | None:
    """THE rule for an extreme spot price (:data:`SPOT_DEEP_DISCOUNT`), for every answer that
    quotes a spot price as its lead or a cost: where offer ``v``'s spot price per GPU-hour is
    more than that below the same offer's on-demand price, or below the median on-demand
    price of its GPU (:func:`_on_demand_median`; the offer's own reference is named where
    both are passed), the sentence that says it is a spot price with no capacity guarantee
    and names the discount. ``gpus``: the GPUs of the setup said, ``spot_h`` its spot price
    an hour as said. ``hours`` (a job or run, without restarts): the same plan on demand is
    priced too, the same machines at their own on-demand price (the median where the offer
    lists none) for those hours billed as the provider bills them
    (:func:`offer_billed_hours`), plus ``extra_usd`` (the storage and egress the spot job
    counts); None (an hourly, daily or monthly price, whose answer gives the on-demand price
    beside it): the sentence without it. None where ``v`` lists no spot price or the discount
    is within the bound."""
    if not v.spot_usd_h:
        return None
    spot = v.spot_usd_h / v.gpu_count
    own = v.on_demand_usd_h / v.gpu_count if v.on_demand_usd_h else None
    median: float | None = None
    if own is not None and 1 - spot / own > SPOT_DEEP_DISCOUNT:
        discount = 1 - spot / own
        ref = w.say("spot_deep_ref_offer", od=w.usd(own * gpus))
    # the GPU's median (a scan of the catalog's offers) only where the offer's own price did
    # not already flag it
    elif (median := _on_demand_median(w, v.gpu)) is not None \
            and 1 - spot / median > SPOT_DEEP_DISCOUNT:
        discount = 1 - spot / median
        ref = w.say("spot_deep_ref_median", gpu=w.gpu_name(v.gpu), od=w.usd(median))
    else:
        return None
    same = ""
    if hours:
        # the same machines for the run's hours without restarts, billed as the provider
        # bills them, plus the storage and egress the spot job counts
        billed = offer_billed_hours(w, v, hours)[0]
        od = ((own if own is not None else median or 0.0) * gpus * billed) + extra_usd
        same = w.say("spot_deep_same", od=w.usd(od))
    return w.say("spot_deep", spot=w.usd(spot_h), pct=w.f.percent(discount), ref=ref,
                 same=same)


def spot_deep_line(w: _W, o: Option) -> str | None:
    """:func:`spot_deep` for a recommendations option ``o`` priced on spot: its offer, its
    GPUs over all its machines, its price an hour, and, for a job (``job_hours``), the same
    plan on demand with the storage and egress the option counts (its storage over the
    restarts' extra time too: a bound above, by cents). None where ``o`` is not on spot. It
    said "$9.71 on 8 × B200 at aws ($13.57/h, spot)", 88 % off that machine's $113.93/h,
    with no word of either (audit spot #21)."""
    v = w.view_of(o.offer.id)
    if o.pricing_model != "spot" or v is None:
        return None
    hours = o.performance.job_hours or None
    extra = (o.cost.storage_per_job_usd or 0.0) + (o.cost.egress_per_job_usd or 0.0)
    return spot_deep(w, v, v.gpu_count * o.nodes, o.cost.per_hour_usd, hours,
                     extra if hours else 0.0)


@dataclass(frozen=True, slots=True)
class BilledRun:
    """A run of stated length on whole machines, as its provider bills it."""

    v: OfferView
    machines: int
    hour: float
    """$/h of the machines rented (all of them)."""
    billed_h: float
    known: bool
    minimum: bool
    cost: float


def cheapest_billed_run(w: _W, gid: str, count: int, hours: float, exact: bool = False,
                        separate: bool = False) -> BilledRun | None:
    """The cheapest way to rent ``count`` × ``gid`` for one run of ``hours`` on-demand, each
    offer billed as its provider bills (:func:`offer_billed_hours`) on whole machines: one
    machine that holds ``count`` (``exact``: exactly ``count`` GPUs), else machines that make
    it up, as :meth:`_W.basis` chooses machines; so a per-second provider can lead a
    10-minute run over one billed a whole hour, and OCI's bare-metal 8 × A100 costs its
    $24.40/h hour for 5 minutes, never $0.25 "per GPU" (audit cost #1). A tie goes to the
    fewer GPUs. ``separate`` (GPUs priced with no model, which need not share a machine):
    smaller machines that make up ``count`` compete with one machine that holds it, a tie
    going to the fewer machines (2 of AWS's 1-GPU p5.4xlarge for 10 hours of 2 H100s,
    $137.60, not its 8-GPU p5.48xlarge, $550.40; audit nodeprice). None where no trusted
    offer has an on-demand price."""
    views = [v for v in w.offers_for(gid) if v.on_demand_usd_h is not None]
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    made_up = [v for v in fresh if v.gpu_count < count and count % v.gpu_count == 0]
    one = [v for v in fresh if v.gpu_count >= count]
    pools = (([v for v in fresh if v.gpu_count == count],) if exact else
             (one + made_up, fresh) if separate else (one, made_up, fresh))
    for pool in pools:
        best: BilledRun | None = None
        for v in pool:
            machines = _instances(v, count)
            hour = (v.on_demand_usd_h or 0.0) * machines
            billed, known, minimum = offer_billed_hours(w, v, hours)
            run = BilledRun(v=v, machines=machines, hour=hour, billed_h=billed, known=known,
                            minimum=minimum, cost=hour * billed)
            if best is None or (round(run.cost, 2), machines * v.gpu_count,
                                machines if separate else 0) < (
                    round(best.cost, 2), best.machines * best.v.gpu_count,
                    best.machines if separate else 0):
                best = run
        if best is not None:
            return best
    return None


def billed_run_note(w: _W, run: BilledRun, hours: float) -> str:
    """How ``run`` is billed where it is more than its ``hours`` ("digitalocean bills it as
    1 hour, its minimum charge per start"); "" where billed as used."""
    if run.billed_h <= hours + 1e-9:
        return ""
    why = ("job_why_minimum" if run.minimum else "job_why_granularity" if run.known
           else "job_why_unknown")
    p = w.catalog.providers_by_id.get(run.v.provider)
    return w.say("job_billed_note", provider=p.name if p is not None else run.v.provider,
                 billed=w.duration(run.billed_h), why=w.t[why])


def billing_minimum_h(w: _W, v: OfferView) -> float:
    """The fewest hours ``v``'s provider bills a job for: one step of its billing granularity
    or its minimum charge, whichever is more (an hour where the granularity is unknown, as
    :func:`_billed_job` bills), from the provider's terms in the catalog
    (``catalog/providers``' ``billing_granularity`` and ``minimum_charge_s``)."""
    gran, minimum, _ = billing_terms_of(w.catalog.providers_by_id.get(v.provider))
    return max(gran, minimum) / 3600


def _job_split(w: _W, job: _Job) -> str:
    """The sentence a job's total adds up from: compute (with the hours billed where the
    granularity shows in the hours' words), storage (the model's weights, or the volume the
    question states) and the job's own egress where it costs something, one breakdown that
    sums to the total (buyer audit 21 #11: "$89.73 compute + $0.090 storage" against a
    $125.82 lead, the $36.00 of egress in a second breakdown after it). Egress that adds
    nothing (free, or within the free allowance) is said in its own sentence, as before."""
    billed = ""
    if w.duration(job.billed_h) != w.duration(job.wall_h):  # what the hours' words show
        billed = w.say("job_billed" if job.known else "job_billed_unknown",
                       billed=w.duration(job.billed_h), provider=job.v.provider)
    stored = w.say("job_stored_stated" if w.st.storage_gb
                   else "job_stored_weights", gb=w.n(job.gb))
    egress = ""
    split = bool(job.egress_gb and job.egress > 0 and not w.job_egress_said)
    # an unknown price's stand-in said in place (standin2)
    notes = w.stand_in_notes(job.v.provider, job.storage, job.egress if split else 0.0)
    if split:
        w.job_egress_said = True  # said here, in the breakdown: not again after it
        egress = w.say("job_split_egress", egress=w.usd(job.egress), gb=w.n(job.egress_gb or 0),
                       note=notes["egress_note"])
    text = w.say("job_cost_split", compute=w.usd(job.compute), billed=billed,
                 storage=w.unit_usd(job.storage), stored=stored, egress=egress,
                 storage_note=notes["storage_note"])
    if egress:
        prov = w.catalog.providers_by_id.get(job.v.provider)
        if prov is not None and prov.egress_known:  # the egress price's date and source
            text += " " + w.terms_source(prov, egress=True)
        return text
    words = job_egress_words(w, job)
    return text + (" " + words if words else "")


# how much cheaper than one card alone a larger machine must be to lead a job asked of a GPU
# with no count (:func:`_machine_job`'s ``near_one``): a cent's saving led with a machine of 2
# beside one card's near-equal total (Flux dev, 1,000 images on "H100": $2.59 on 2 × H100,
# then $2.60 alone; imgcost audit 22)
_MACHINE_SAVING = 0.05


def _machine_job(w: _W, gid: str, gpu_hours: float, weights: str, common: dict[str, Any],
                 b: tuple[OfferView, float, str], count: int, wall_led: bool = False,
                 asked_only: bool = False, near_one: bool = False
                 ) -> tuple[float, OfferView, int]:
    """A divisible job of ``gpu_hours`` (one replica per GPU) as its provider bills it, with
    the storage of the model's weights for its wall time, as /v1/recommendations prices a
    job: with no count asked on the machine :func:`_divisible_job` chooses (``common``'s
    setup, provider and price made that machine's, its wall time said on several GPUs, one
    card alone after a larger machine), else on the ``count`` GPUs asked at :meth:`_W.basis`'
    ``b``. The compute and storage the total adds up from are said. (total USD, offer, GPUs
    the job is spread over). A larger machine chosen says why: no count was asked and it is
    the cheapest offer of that GPU for the job (buyer audit 19 #5: "on L4" answered on
    2 × L4 unexplained); ``wall_led``: the lead states the machine's wall time, not said
    again. One card alone said puts its hours in ``common["one_card"]`` (:func:`_job_lead`
    then says no GPU-hours: they are those hours). ``asked_only``: on the GPUs asked (one
    where no count is said) at ``b``, no other machine chosen (the whole job said after a unit
    cost asked, on the unit's own setup); ``near_one``: one card alone leads, no larger
    machine said, unless that machine saves more than ``_MACHINE_SAVING`` of its total (the
    GPU as asked: one, where no count is said)."""
    job = None if w.ex.gpu_count or asked_only else _divisible_job(
        w, gid, gpu_hours, weights, warn=not near_one)
    if job is not None and near_one:
        alone = _divisible_job(w, gid, gpu_hours, weights, single=True, warn=False) \
            if job.v.gpu_count > 1 else None
        if alone is not None and job.total >= alone.total * (1 - _MACHINE_SAVING):
            job = alone
        # the chosen machine's storage and egress prices, warned if unknown
        _job_storage(w, job.v.provider, weights, job.wall_h, False)
        if job.egress_gb:
            _job_egress(w, job.v.provider)
    if job is None:
        v, per, _ = b
        job = _billed_job(w, v, per, count, gpu_hours / count, weights, egress=True)
        gpus = count
    else:
        v = job.v
        gpus = v.gpu_count
        common.update(setup=w.setup(v.gpu_count, gid), provider=v.provider,
                      price=w.usd(v.on_demand_usd_h or 0.0), kind=w.kinds["on_demand"])
        if v.gpu_count > 1:
            w.out.more.append(w.say("job_parallel_led" if wall_led else "job_parallel",
                                    n=w.n(v.gpu_count), gpu=w.gpu_name(gid),
                                    wall=w.duration(job.wall_h)))
    w.out.more.append(_job_split(w, job))
    one = _divisible_job(w, gid, gpu_hours, weights, single=True, warn=False) \
        if gpus > 1 and not w.ex.gpu_count and not w.st.monthly_volume else None
    if one is not None:
        common["one_card"] = w.duration(one.wall_h)
        w.out.more.append(w.say("job_single", cost=w.usd(one.total), provider=one.v.provider,
                                price=w.usd(one.v.on_demand_usd_h or 0.0),
                                wall=w.duration(one.wall_h)))
    return job.total, v, gpus
