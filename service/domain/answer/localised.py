"""A recommendation's texts in another language, as /v1/ask and Slack word them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.catalog.trust import price_date_words
from service.domain.locale import Formatter, romanian_de
from service.domain.messages import Messages
from service.domain.recommend.capability import zero_words
from service.domain.recommend.context import unit_usd, usd_digits
from service.domain.recommend.types import Option, Recommendation


def localise_recommendation(rec: Recommendation, messages: Messages,
                            lang: str) -> Recommendation:
    """``rec`` with its options' warnings and ``why`` (:func:`localise_why`), its rejected
    offers' reasons, its ``reason`` and what would change it (each alternative's ``change``
    and ``effect``) in ``lang`` (:func:`localise`: a text no pattern knows stays English);
    the rest as the core wrote it. English is the core's own language: ``rec`` itself."""
    if lang == messages.default or lang not in messages.texts:
        return rec
    texts, kinds = messages.section(lang, "answer"), messages.section(lang, "pricing")
    f = messages.formatter(lang)

    def say(text: str) -> str:
        return localise(text, texts, f, kinds)

    def alt(text: str) -> str:
        # "3 instanțe", "20 de noduri": the core_alt_* templates write "{n} de"
        said = say(text)
        return romanian_de(said) if lang == "ro" else said

    return msgspec.structs.replace(
        rec,
        options=[msgspec.structs.replace(o, warnings=[say(w) for w in o.warnings],
                                         why=localise_why(o, messages, lang))
                 for o in rec.options],
        rejected=[msgspec.structs.replace(r, reason=say(r.reason)) for r in rec.rejected],
        reason=say(rec.reason) if rec.reason is not None else None,
        alternatives=[msgspec.structs.replace(a, change=alt(a.change), effect=alt(a.effect))
                      for a in rec.alternatives])


# ---------------------------------------------------------------------------------------------
# An option's ``why`` in another language (audit ro2 #13: the core's is one English sentence
# with many variants, options.py ``_why``; it is written again here from the option's fields,
# as Slack's summary is, never by translating the English back). What the option does not
# carry (the request's resolution, steps, frames, load, the notes on storage, resale and
# targets) is read from the English sentence's fixed shapes; a note no shape knows goes
# through :func:`localise`.

_NUM = r"(\d[\d,]*(?:\.\d+)?)"
_HEAD_END = re.compile(r"\.(?= [A-Z]|$)")
_NOTES = re.compile(r"(?<=[.)]) (?=[A-Z])")
_IMAGES = re.compile(r" images/s at (\d+)x(\d+), (\d+) steps")
_ALLOWED = re.compile(rf"within the {_NUM} s allowed")
# from the start of a run of digits only (a long run searched from each digit was quadratic)
_VIDEO = re.compile(r"(?<!\d)(\d++) frames at (\d++)x(\d++), (\d++) steps")
_EMBED = re.compile(r"embeddings/s of ([\d,]+) tokens")
_RATE_LOAD = re.compile(rf"; at {_NUM} requests/s its replicas are ~(\d+)% busy \(a rate is "
                        rf"sized with each replica at most (\d+)% busy")
_RATE_COST = re.compile(rf"; at that rate \$([\d.,]+) [a-z ]+? \(the hourly price over the "
                        rf"work {_NUM} requests/s bring; \$([\d.,]+) with")
_TTFT_USERS = re.compile(r"; at ([\d,]+) concurrent requests? \(")
_TTFT_RATE = re.compile(rf"; at {_NUM} requests?/s \(~")
_DECIDED_TTFT = re.compile(rf"The (relaxed )?default time-to-first-token target \({_NUM} ms; "
                           r"no max_time_to_first_token_ms given\) set the replica count\.")
_DECIDED_DECODE = re.compile(rf"The default decode target \({_NUM} tokens/s per user; no "
                             r"min_decode_tokens_per_s given\) set the replica count\.")
_DECIDED = {"The time-to-first-token target set the replica count.": "why_decided_ttft",
            "The decode-speed target set the replica count.": "why_decided_decode",
            "The request-rate target, sized with queueing, set the replica count.":
                "why_decided_rate"}
_STORAGE = re.compile(rf"Storage counts a copy of the model files on each of the ([\d,]+) "
                      rf"nodes \([\d,]+ x {_NUM} GB\): no shared filesystem is priced\.")
_RESOLD = re.compile(r"The same machine at the same price is also resold by (\S+) \(([^)]+)\): "
                     r"listed here, not as another option\.")
_SOLD = re.compile(r"The same (\S+) machine at the same price is also sold by (\S+) "
                   r"\(([^)]+)\): one option, not several\.")
_DEARER = re.compile(r"It costs ([\d.]+)x option #1 \(\$([\d,.]+)(/month| for the job)\)"
                     r"(?:: ([\d,]+) replicas, their count set by the (.+?))?\.")
_ZONES = re.compile(r"The same (.+?) \((on-demand|spot|[^)]+)\) is offered by (\S+) in ([\d,]+) "
                    r"other locations? priced here \((.+?)\) at \$([\d,.]+)/h(?: to "
                    r"\$([\d,.]+)/h)?(?:, \$([\d,.]+)(?: to \$([\d,.]+))?(/month| for the "
                    r"job))?: only the cheapest is ranked\.")
_TARGETS = {"default time-to-first-token target": "why_target_default_ttft",
            "default decode target": "why_target_default_decode",
            "time-to-first-token target": "why_target_ttft",
            "decode-speed target": "why_target_decode",
            "request-rate target": "why_target_rate"}


def _said(f: Formatter, text: str) -> str:
    """A number as the English wrote it ("1,919", "0.11", "$0.0018"), in ``f``'s format
    with the same digits."""
    plain_text = text.lstrip("$").replace(",", "")
    digits = len(plain_text.partition(".")[2])
    return f.number(float(plain_text), digits)


def _said_money(f: Formatter, text: str) -> str:
    plain_text = text.lstrip("$").replace(",", "")
    return f.money(float(plain_text), len(plain_text.partition(".")[2]))


def _layout(o: Option, t: Mapping[str, str], f: Formatter) -> str:
    """How the option runs the model, from its fit (training: the layout and its ZeRO
    stage; serving: GPUs per replica and replicas per node)."""
    fit = o.fit
    if fit.zero_stage is not None and fit.data_parallel_ranks is not None:
        tp, pp = fit.tensor_parallel_gpus or 1, fit.pipeline_stages or 1
        if tp * pp > 1:
            zero = f"ZeRO-{fit.zero_stage}" if fit.zero_stage else t["why_zero_none"]
            return t["why_layout_train_3d"].format(tp=f.number(tp), pp=f.number(pp),
                                                   dp=f.number(fit.data_parallel_ranks),
                                                   zero=zero)
        if fit.data_parallel_ranks > 1:
            return t["why_layout_train"].format(zero=zero_words(fit.zero_stage))
        return t["why_layout_single"]
    tp, pp = fit.tensor_parallel_gpus or 1, fit.pipeline_stages or 1
    layer = fit.parallelism.startswith("layer split")  # every GPU a stage (llama.cpp)
    if pp > 1 and not layer:  # a tensor group per stage: the stages over nodes or in the node
        key = ("why_layout_pp_nodes" if fit.gpus_per_replica > o.offer.gpu_count
               else "why_layout_pp_node")
        text = t[key].format(tp=f.number(tp), pp=f.number(pp))
    elif fit.gpus_per_replica <= 1:
        text = t["why_layout_single"]
    elif layer:
        text = t["why_layout_layer"]
    else:
        text = t["why_layout_tp"].format(n=f.number(fit.gpus_per_replica))
    if fit.replicas_per_node > 1 and fit.gradient_checkpointing is None:
        text += t["why_layout_replicas"].format(n=f.number(fit.replicas_per_node))
    return text


def _money(f: Formatter, v: float) -> str:
    return f.money(v, usd_digits(v))


def _unit_money(f: Formatter, v: float) -> str:
    return _said_money(f, unit_usd(v))


def _rate_words(o: Option, t: Mapping[str, str], f: Formatter, unit: str) -> str:
    """The load a rate target puts on an image, video, embedding or Whisper option, and its
    unit cost at that rate (options.py ``rate_load_words``, ``_at_rate_cost``)."""
    text = ""
    load = _RATE_LOAD.search(o.why)
    if load is not None:
        text += t["why_rate_load"].format(rate=_said(f, load.group(1)),
                                          pct=f.percent(int(load.group(2)) / 100),
                                          max=f.percent(int(load.group(3)) / 100))
    cost = _RATE_COST.search(o.why)
    if cost is not None:
        text += t["why_rate_cost"].format(money=_said_money(f, cost.group(1)), unit=t[unit],
                                          rate=_said(f, cost.group(2)),
                                          full=_said_money(f, cost.group(3)))
    return text


def _speed(o: Option, t: Mapping[str, str], f: Formatter) -> str:
    """The option's speed as the core's ``why`` says it, from its performance and cost."""
    perf, c, fit = o.performance, o.cost, o.fit
    gpus = fit.replicas_per_node * o.nodes
    speed = ""
    if perf.decode_tokens_per_s_per_user:
        speed = t["why_decode"].format(tps=f.number(perf.decode_tokens_per_s_per_user, 0))
    elif perf.training_tokens_per_s:
        speed = t["why_training"].format(tps=f.number(perf.training_tokens_per_s, 0))
        if fit.gradient_checkpointing is not None and fit.micro_batch_size is not None:
            speed += t["why_training_step"].format(
                state=t["why_on" if fit.gradient_checkpointing else "why_off"],
                mb=f.number(fit.micro_batch_size))
    elif perf.seconds_per_video:
        sec, shape = perf.seconds_per_video, _VIDEO.search(o.why)
        frames, w, h, steps = shape.groups() if shape is not None else ("?", "?", "?", "?")
        speed = t["why_video"].format(
            s=f.number(sec, 0),
            minutes=t["why_video_minutes"].format(m=f.number(sec / 60, 1)) if sec >= 120
            else "", frames=frames, w=w, h=h, steps=steps,
            each=t["why_video_each_many"].format(n=f.number(gpus)) if gpus > 1
            else t["why_video_each_one"])
        if c.per_video_usd is not None:
            speed += t["why_video_cost"].format(money=_unit_money(f, c.per_video_usd))
        speed += _rate_words(o, t, f, "why_unit_video")
    elif perf.images_per_s:
        shape = _IMAGES.search(o.why)
        w, h, steps = shape.groups() if shape is not None else ("?", "?", "?")
        speed = t["why_images"].format(ips=f.number(perf.images_per_s, 2), w=w, h=h,
                                       steps=steps)
        if " per image on each GPU" in o.why and gpus:
            allowed = _ALLOWED.search(o.why)
            speed += t["why_image_seconds"].format(
                s=f.number(gpus / perf.images_per_s, 1),
                allowed="" if allowed is None
                else t["why_image_allowed"].format(s=_said(f, allowed.group(1))))
        speed += _rate_words(o, t, f, "why_unit_images")
    elif perf.embedded_tokens_per_s:
        shape = _EMBED.search(o.why)
        speed = t["why_embed"].format(eps=f.number(perf.embeddings_per_s or 0, 0),
                                      tokens=_said(f, shape.group(1)) if shape else "?",
                                      tps=f.number(perf.embedded_tokens_per_s, 0))
        if c.per_million_tokens_embedded_usd is not None:
            speed += t["why_embed_cost"].format(
                money=_said_money(f, unit_usd(c.per_million_tokens_embedded_usd, 4)))
        speed += _rate_words(o, t, f, "why_unit_tokens")
    elif perf.audio_seconds_per_s:
        rate = perf.audio_seconds_per_s
        speed = t["why_audio"].format(rate=f.number(rate, 0) if rate >= 10
                                      else _said(f, f"{rate:.2g}"))
        if c.per_audio_hour_usd is not None:
            speed += t["why_audio_cost"].format(money=_unit_money(f, c.per_audio_hour_usd))
        speed += _rate_words(o, t, f, "why_unit_audio")
        if " clip at once per GPU" in o.why or " clips at once per GPU" in o.why:
            clips = (perf.max_concurrency or 0) // max(1, gpus)
            clip_rate = rate / (perf.max_concurrency or 1)
            speed += t["why_audio_clip" if clips == 1 else "why_audio_clips"].format(
                n=f.number(clips), rate=_said(f, f"{clip_rate:.2g}"),
                slow=t["why_audio_slow"] if clip_rate < 1 else "")
    if (" output tokens/s in total with " in o.why and perf.job_hours is not None
            and perf.output_tokens_per_s_total and perf.users_per_replica):
        per = fit.replicas_per_node * o.nodes
        speed = t["why_batch"].format(
            tps=f.number(perf.output_tokens_per_s_total, 0),
            each=t["why_batch_many"].format(n=f.number(per)) if per > 1
            else t["why_batch_one"], n=f.number(perf.users_per_replica),
            each_tps=t["why_batch_tps"].format(
                tps=f.number(perf.decode_tokens_per_s_per_user, 0))
            if perf.decode_tokens_per_s_per_user else "",
            ttft=t["why_batch_ttft"].format(ms=f.number(perf.time_to_first_token_ms, 0))
            if perf.time_to_first_token_ms is not None else "",
            hours=f.number(perf.job_hours, 1))
    elif perf.users_per_replica and perf.time_to_first_token_ms is not None:
        ms = f.number(perf.time_to_first_token_ms, 0)
        by_rate, users = _TTFT_RATE.search(o.why), _TTFT_USERS.search(o.why)
        if by_rate is not None:
            # ("at 1 request/s": audit regress13 #12, Slack's recommendation)
            one = by_rate.group(1) == "1"
            speed += t["why_ttft_rate_one" if one else "why_ttft_rate"].format(
                rate=_said(f, by_rate.group(1)), per=f.number(perf.users_per_replica), ms=ms)
        elif users is not None and users.group(1) == "1":
            speed += t["why_ttft_user"].format(ms=ms)
        elif users is not None:
            speed += t["why_ttft_users"].format(n=_said(f, users.group(1)),
                                                per=f.number(perf.users_per_replica), ms=ms)
    return speed


def _note(note: str, t: Mapping[str, str], f: Formatter, kinds: Mapping[str, str]) -> str:
    """One sentence the core adds after the option's own (the target that set its replica
    count, its storage, a resale, its price against option #1) in the language of ``t``."""
    if note in _DECIDED:
        return t[_DECIDED[note]]
    if (m := _DECIDED_TTFT.fullmatch(note)) is not None:
        return t["why_decided_relaxed_ttft" if m.group(1) else "why_decided_default_ttft"
                 ].format(ms=_said(f, m.group(2)))
    if (m := _DECIDED_DECODE.fullmatch(note)) is not None:
        return t["why_decided_default_decode"].format(tps=_said(f, m.group(1)))
    if (m := _STORAGE.fullmatch(note)) is not None:
        return t["why_storage"].format(n=_said(f, m.group(1)), gb=_said(f, m.group(2)))
    if (m := _RESOLD.fullmatch(note)) is not None:
        return t["why_resold"].format(provider=m.group(1), offer=m.group(2))
    if (m := _SOLD.fullmatch(note)) is not None:
        return t["why_sold"].format(owner=m.group(1), provider=m.group(2), offer=m.group(3))
    if (m := _DEARER.fullmatch(note)) is not None:
        money = _said_money(f, m.group(2))
        money = (t["why_month"] if m.group(3) == "/month" else t["why_job"]).format(money=money)
        target = _TARGETS.get(m.group(5) or "")
        return t["why_dearer"].format(
            x=_said(f, m.group(1)), money=money,
            replicas="" if m.group(4) is None or target is None
            else t["why_dearer_replicas"].format(n=_said(f, m.group(4)), target=t[target]))
    if (m := _ZONES.fullmatch(note)) is not None:
        return _zones(m, t, f, kinds)
    return localise(note, t, f, kinds)


def _zones(m: re.Match[str], t: Mapping[str, str], f: Formatter,
           kinds: Mapping[str, str]) -> str:
    """The same instance type at the same kind of price in other places (options.py
    ``_other_zones_note``)."""
    def span(lo: str, hi: str | None, say: Callable[[str], str]) -> str:
        return say(lo) if hi is None else t["why_span"].format(lo=say(lo), hi=say(hi))

    n = int(m.group(4).replace(",", ""))
    places, _, more = m.group(5).partition(" and ")
    if more:
        places += t["why_zones_more"].format(n=_said(f, more.removesuffix(" more")))
    cost = ""
    if m.group(8) is not None:
        unit = t["why_month"] if m.group(10) == "/month" else t["why_job"]
        cost = ", " + span(m.group(8), m.group(9),
                           lambda v: unit.format(money=_said_money(f, v)))
    return t["why_zones"].format(
        instance=m.group(1), kind=kinds.get(m.group(2).replace("-", "_"), m.group(2)),
        provider=m.group(3), places=places, cost=cost,
        where=t["why_zones_one"] if n == 1 else t["why_zones_many"].format(n=f.number(n)),
        hour=span(m.group(6), m.group(7),
                  lambda v: t["why_hour"].format(money=_said_money(f, v))))


def localise_why(o: Option, messages: Messages, lang: str) -> str:
    """``o``'s ``why`` in ``lang``: the core's own in English, else written again from the
    option's fields with the ``why_*`` messages (the same facts and numbers: machines,
    provider, price kind and date, weights, price, memory per GPU and layout, speed, time to
    first token at the load), then the notes after it (:func:`_note`)."""
    if lang == messages.default or lang not in messages.texts:
        return o.why
    t, kinds = messages.section(lang, "answer"), messages.section(lang, "pricing")
    f = messages.formatter(lang)
    n, gpu = f.number(o.offer.gpu_count), o.offer.gpu_name
    setup = (t["why_setup_nodes"].format(nodes=f.number(o.nodes), n=n, gpu=gpu,
                                         instance=o.offer.instance_type)
             if o.nodes > 1 else t["why_setup"].format(n=n, gpu=gpu))
    c = o.cost
    money = (t["why_month"].format(money=_money(f, c.per_month_usd))
             if c.per_month_usd is not None
             else t["why_job"].format(money=_money(f, c.per_job_usd))
             if c.per_job_usd is not None
             else t["why_hour"].format(money=f.money(c.per_hour_usd, 2)))
    date = (t["why_date_published"].format(date=o.offer.as_of)
            if o.offer.as_of_kind == "published"
            else t["why_date"].format(date=price_date_words(o.offer.as_of,
                                                            o.offer.as_of_kind, t)))
    used = o.fit.per_gpu_used_gib
    text = t["why_head"].format(
        setup=setup, provider=o.offer.provider, kind=kinds.get(o.pricing_model,
                                                               o.pricing_model),
        date=date, weights=o.weights, money=money, used=f.number(used, 1),
        cap=f.number(used + o.fit.per_gpu_free_gib, 1), layout=_layout(o, t, f),
        speed=_speed(o, t, f))
    end = _HEAD_END.search(o.why)
    notes = o.why[end.end():].strip() if end is not None else ""
    for note in _NOTES.split(notes) if notes else []:
        text += " " + _note(note, t, f, kinds)
    return romanian_de(text) if lang == "ro" else text
