"""A recommendation's texts in another language, as /v1/ask and Slack word them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import msgspec

from service.domain.answer.core_warnings import (
    localise,
    price_kind_words,
    reserved_term_words,
)
from service.domain.catalog.trust import price_date_words
from service.domain.locale import Formatter, romanian_de
from service.domain.messages import Messages, catalog_words
from service.domain.recommend.capability import zero_words
from service.domain.recommend.context import unit_usd, usd_digits
from service.domain.recommend.types import Option, Recommendation


def localise_recommendation(rec: Recommendation, messages: Messages,
                            lang: str) -> Recommendation:
    """``rec`` with its options' warnings, ``why`` (:func:`localise_why`) and
    ``pricing_reason`` (:func:`_pricing_reason`; it stayed English, buyer audit), its rejected
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
                                         why=localise_why(o, messages, lang),
                                         pricing_reason=_pricing_reason(o.pricing_reason,
                                                                        texts, f))
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
_RATE_LOAD = re.compile(rf"; at {_NUM} requests?/s its replicas are ~(\d+)% busy \(a rate is "
                        rf"sized with each replica at most (\d+)% busy")
_RATE_COST = re.compile(rf"; at that rate \$([\d.,]+) [a-z ]+? \(the hourly price over the "
                        rf"work {_NUM} requests?/s brings?; \$([\d.,]+) with")
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
                      rf"(nodes|instances) \([\d,]+ x {_NUM} GB\): no shared filesystem is "
                      r"priced\.")
_STORAGE_SHARDED = re.compile(
    rf"Storage counts one copy of the weights and checkpoints \({_NUM} GB\) for the run over "
    r"its ([\d,]+) nodes: a sharded checkpoint saves each rank's shard once "
    r"\(torch\.distributed\.checkpoint\); a local staging copy per node is not priced\.")
_RESOLD = re.compile(r"The same machine at the same price is also resold by (\S+) \(([^)]+)\): "
                     r"listed here, not as another option\.")
_SOLD = re.compile(r"The same (\S+) machine at the same price is also sold by (\S+) "
                   r"\(([^)]+)\): one option, not several\.")
_DEARER = re.compile(r"It costs ([\d.]+)x option #1 \(\$([\d,.]+)(/month| for the job)\)"
                     r"(?:: ([\d,]+) replicas, their count set by the (.+?)"
                     # what else set the replicas (options._dearer_note): the memory, each
                     # replica holding so many requests, or the machines rented
                     r"|: (?P<mem>[\d,]++) replicas because each one's memory holds "
                     r"(?P<held>[\d,]++) requests? at the full (?P<ctx>[\d,]++)-token context"
                     r"|: (?P<groups>[\d,]++) replicas, one on each GPU group of the "
                     r"machine\(s\) rented, where the load needs (?P<need>[\d,]++))?\.")
_ZONES = re.compile(r"The same (.+?) \((on-demand|spot|[^)]+)\) is offered by (\S+) in ([\d,]+) "
                    r"other locations? priced here \((.+?)\) at \$([\d,.]+)/h(?: to "
                    r"\$([\d,.]+)/h)?(?:, \$([\d,.]+)(?: to \$([\d,.]+))?(/month| for the "
                    r"job))?: only the cheapest is ranked\.")
# the notes of options._rank_notes, _scaled_words and pricing.reserved_use: a reserved price
# and what it is used for, an option ranked first over one, an id naming a region the filter
# leaves out, a deadline's node or instance count, a run over more nodes, the 30- and 365-day
# ranking rules (audit rowhy: English in Romanian answers)
_N = r"\d++(?:,\d{3})*+(?:\.\d++)?+"  # never a trailing comma ("$1,157, reserved")
_RESTARTS = r" \(expected, with restarts\)"
_FIXED = {"Used for steady use assumed (24 h/day; hours_per_day not stated).":
              "why_reserved_assumed",
          "It ranks by price only because no option without a commitment meets the request; "
          "state hours_per_day to confirm a steady use.": "why_reserved_only",
          "With the usage unstated it ranks after the best option with no commitment; state "
          "hours_per_day to rank it by price.": "why_reserved_after",
          "Ranked first over a cheaper reserved price: a reservation commits for a term, and "
          "hours_per_day is not stated (24 h/day assumed).": "why_promoted"}
_RESERVED = re.compile(r"Reserved price: it needs a commitment \((?P<term>[^()]++)\) and bills "
                       r"every hour of the term(?P<from_rate>; a 'from' rate is the lowest the "
                       r"provider lists: the contract's price may be higher)?+\.")
_USED_LONG = re.compile(rf"Used for a long job \(~(?P<hours>{_N}) h, over (?P<limit>{_N}) h\)\.")
_USED_STATED = re.compile(rf"Used for steady use \((?P<hours>{_N}) h/day stated\)\.")
_HIDDEN = re.compile(r"The offer id names (?P<region>[^\s,;]++), where the catalog lists this "
                     r"machine at the same price too; your regions filter leaves (?P=region) "
                     r"out: the regions shown are the ones this option is for\.")
_PACE = {"slower per node, the gradient sync between nodes costing more than it gains":
             "why_pace_slower",
         "faster per node: the layout sized for more nodes outruns the gradient sync it adds":
             "why_pace_faster",
         "about the same per node": "why_pace_same"}
# the network a run over several nodes is timed at (options._node_network_words)
_NET_STATED = re.compile(
    rf"The collectives between the nodes are timed at the offer's (?P<gbps>{_N}) Gb/s "
    rf"(?P<network>[^()\s]++) per node \((?P<per>{_N}) Gb/s per GPU(?:, against the "
    rf"(?P<fast>{_N}) Gb/s per GPU of the fastest fabrics)?+\)\.")
_NET_ASSUMED = re.compile(
    rf"The collectives between the nodes are timed at an assumed (?P<fast>{_N}) Gb/s per "
    rf"GPU: (?P<instance>.+?) states (?P<network>[^()\s]++) network but not its speed "
    r"\(a best case\)\.")
_DEADLINE_NODES = re.compile(
    rf"The deadline \((?P<limit>{_N}) h, max_job_hours\) set the node count: the run over "
    rf"(?P<nodes>{_N}) nodes? \((?P<network>[^()\s]++) network\) takes ~(?P<hours>{_N}) h"
    rf"(?: \(~(?P<spot>{_N}) h expected with spot's restarts\))?+ at ~(?P<tps>{_N}) tokens/s "
    rf"\(~(?P<per>{_N}) per node against ~(?P<alone>{_N}) on (?P<before>{_N}) nodes?: "
    rf"(?P<pace>{'|'.join(re.escape(p) for p in _PACE)})\), where {_N} nodes? would take "
    rf"~(?P<before_hours>{_N}) h; (?:(?P<pct>{_N})% (?P<more>more|fewer) node-hours, so about "
    rf"that much (?:more|less) compute cost|about the same node-hours)\.")
_DEADLINE_INSTANCES = re.compile(
    rf"The deadline \((?P<limit>{_N}) h, max_job_hours\) set the instance count: the job's "
    rf"independent requests split over (?P<nodes>{_N}) instances? \((?P<replicas>{_N}) "
    rf"replicas?\) running in parallel, each finishing its share in ~(?P<hours>{_N}) h"
    rf"(?: \(~(?P<spot>{_N}) h expected with spot's restarts\))?+, where (?P<before>{_N}) "
    rf"instances? would take ~(?P<alone>{_N}) h; about the same GPU-hours, so about the same "
    rf"compute cost\.")
_MACHINE = (rf"(?P<count>{_N}) x (?P<gpu>(?:(?! at ).)++) at (?P<provider>[\w.-]++), "
            rf"\$(?P<cost>{_N})")
_OVER_NODES = (rf"Over (?P<nodes>{_N}) nodes \((?P<network>[^()\s]++) network\) it finishes in "
               rf"~(?P<days>{_N}) days(?P<how>{_RESTARTS})?+ instead of ~(?P<before_days>{_N})")
_OVER_LESS = re.compile(
    rf"{_OVER_NODES}(?P<before_how>{_RESTARTS})?+ on (?P<before>{_N}) nodes? \({_MACHINE}\), "
    rf"and costs \$(?P<less>{_N}) less\.")
_OVER_MORE = re.compile(rf"{_OVER_NODES}, for \$(?P<more>{_N}) more\.")
_RANKED_BEFORE = re.compile(
    rf"Ranked before a cheaper option that takes ~(?P<days>{_N}) days(?P<how>{_RESTARTS})?+ "
    rf"\({_MACHINE}(?:, (?P<kind>reserved, [^()]++))?+\): a job over (?P<limit>{_N}) days "
    rf"ranks after the options that finish within (?P=limit) days\.")
_RANKED_AFTER = re.compile(rf"Ranked after the options that finish within (?P<limit>{_N}) days: "
                           rf"this one takes ~(?P<days>{_N}) days\.")
# options._ranked_above_note: the cheaper options listed after it, and what ranked it first
_ABOVE_ITEM = rf"#(?P<n>\d++) \(\$(?P<cost>{_N})(?P<unit>/month| for the job)\)"
_RANKED_ABOVE = re.compile(rf"Ranked above cheaper options? (?P<items>#\d++ \(\${_N}(?:/month| "
                           rf"for the job)\)(?:(?:, | and )#\d++ \(\${_N}(?:/month| for the "
                           rf"job)\))*+)(?:, against \$(?P<mine>{_N})(?P<mine_unit>/month| for "
                           rf"the job) for this one)?+: (?P<reasons>[^:]++)")
# (from the start of a name only: a run searched from each of its characters was quadratic)
_ABOVE_WEIGHTS = re.compile(rf"(?<![\w.-])(?P<w>[\w.-]++) weights instead of "
                            rf"(?P<w2>[\w.-]++) \(quality handicap x(?P<h>{_N}) against "
                            rf"x(?P<h2>{_N})\)")
_ABOVE_MACHINES = re.compile(rf"1 machine instead of (?P<n>{_N}) \(x(?P<x>{_N}) for a plan "
                             r"over several\)")
_ABOVE_DAYS = re.compile(rf"a job within (?P<limit>{_N}) days instead of ~(?P<days>{_N})")
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
        # ("1 request/s": the core's singular, context.per_s)
        text += t["why_rate_load_one" if load.group(1) == "1" else "why_rate_load"].format(
            rate=_said(f, load.group(1)), pct=f.percent(int(load.group(2)) / 100),
            max=f.percent(int(load.group(3)) / 100))
    cost = _RATE_COST.search(o.why)
    if cost is not None:
        text += t["why_rate_cost_one" if cost.group(2) == "1" else "why_rate_cost"].format(
            money=_said_money(f, cost.group(1)), unit=t[unit], rate=_said(f, cost.group(2)),
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
    elif (fit.gradient_checkpointing is not None and fit.micro_batch_size is not None
          and perf.job_hours is None and c.per_job_usd is None):
        # a diffusion fine-tune: its step, with no speed (options._why)
        speed = t["why_training_step_untimed"].format(
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
        return t["why_storage" if m.group(2) == "nodes" else "why_storage_instances"].format(
            n=_said(f, m.group(1)), gb=_said(f, m.group(3)))
    if (m := _STORAGE_SHARDED.fullmatch(note)) is not None:
        return t["why_storage_sharded"].format(gb=_said(f, m.group(1)), n=_said(f, m.group(2)))
    if (m := _RESOLD.fullmatch(note)) is not None:
        return t["why_resold"].format(provider=m.group(1), offer=m.group(2))
    if (m := _SOLD.fullmatch(note)) is not None:
        return t["why_sold"].format(owner=m.group(1), provider=m.group(2), offer=m.group(3))
    if (m := _DEARER.fullmatch(note)) is not None:
        money = _said_money(f, m.group(2))
        money = (t["why_month"] if m.group(3) == "/month" else t["why_job"]).format(money=money)
        target = _TARGETS.get(m.group(5) or "")
        replicas = ("" if m.group(4) is None or target is None
                    else t["why_dearer_replicas"].format(n=_said(f, m.group(4)),
                                                         target=t[target]))
        if m["mem"] is not None:
            replicas = t["why_dearer_memory"].format(
                n=_said(f, m["mem"]), held=_count(f, t, m["held"], "why_requests"),
                ctx=_said(f, m["ctx"]))
        elif m["groups"] is not None:
            replicas = t["why_dearer_groups"].format(n=_said(f, m["groups"]),
                                                     need=_said(f, m["need"]))
        return t["why_dearer"].format(x=_said(f, m.group(1)), money=money, replicas=replicas)
    if (m := _ZONES.fullmatch(note)) is not None:
        return _zones(m, t, f, kinds)
    said = _ranking_note(note, t, f, kinds)
    if said is not None:
        return said
    said = localise(note, t, f, kinds)
    if said == note and note[:1].isupper() and note.endswith("."):
        # a warning of the core said again as a sentence of the why (the relaxed default
        # time-to-first-token target: "No offer meets ... to change it."): read as the warning
        inner = note[:1].lower() + note[1:-1]
        again = localise(inner, t, f, kinds)
        if again != inner:
            return again[:1].upper() + again[1:] + "."
    return said


def _count(f: Formatter, t: Mapping[str, str], raw: str, key: str) -> str:
    """A count the English wrote ("1 node", "12 nodes"): ``key`` + "_one" for exactly 1,
    else ``key`` with the number in ``f``'s format."""
    return t[key + "_one"] if raw == "1" else t[key].format(n=_said(f, raw))


def _machine(m: re.Match[str], t: Mapping[str, str], f: Formatter) -> str:
    """"8 x NVIDIA B200 180GB (HGX) at verda, $15,630" (options._rank_notes): the GPU's name
    in the language's words where the [catalog] table has it."""
    gpu = m.group("gpu")
    return t["why_machine"].format(n=_said(f, m.group("count")),
                                   gpu=catalog_words(t).get(gpu, gpu),
                                   provider=m.group("provider"),
                                   cost=_said_money(f, m.group("cost")))


# An option's ``pricing_reason`` (recommend/pricing.explain_pricing: the pricing model, a spot
# run's expected overhead, a reservation's term, the use that allows it and what it bills),
# read back from its fixed shapes; the term is the catalog's (reserved_term_words)
_PRICED_SPOT = re.compile(r"spot: interruptible work; expected (?P<pct>\d++(?:\.\d++)?+)% "
                          r"extra time for restarts and lost work")
_RESERVED_HEAD = "reserved ("
_RESERVED_USES = ("): a long job (", "): steady use ")
_BILLED_AT = "; billed for "
_USE_LONG = re.compile(rf"a long job \(~(?P<hours>{_N}) h, over (?P<limit>{_N}) h\)")
_USE_ASSUMED = "steady use assumed (24 h/day; hours_per_day not stated)"
_USE_STATED = re.compile(rf"steady use \((?P<hours>{_N}) h/day stated\)")
_BILLED_JOB = re.compile(
    rf"billed for the job's ~(?P<hours>{_N}) h and at least one month \((?P<month>{_N}) h\): a "
    r"reservation bills every hour of its term \(the term's length is not in the catalog; one "
    r"month is the shortest any provider publishes\)")
_BILLED_MONTH = re.compile(
    rf"billed for the whole month \((?P<month>{_N}) h\), every hour of the term, whatever the "
    rf"hours used \(~(?P<used>{_N}) h/month here\)")


def _pricing_reason(text: str, t: Mapping[str, str], f: Formatter) -> str:
    """An option's ``pricing_reason`` in the language of ``t`` (an [answer] section) and
    ``f``; as the core wrote it where its shape is not known (a sentence in English beats a
    wrong one)."""
    if text == "on-demand: no commitment":
        return t["pricing_reason_on_demand"]
    if (m := _PRICED_SPOT.fullmatch(text)) is not None:
        digits = len(m["pct"].partition(".")[2])
        return t["pricing_reason_spot"].format(pct=f.percent(float(m["pct"]) / 100, digits))
    if not text.startswith(_RESERVED_HEAD):
        return text
    at = max(text.find(u) for u in _RESERVED_USES)
    bill = text.find(_BILLED_AT, at)
    if at < 0 or bill < 0:
        return text
    use, billed = text[at + 3 : bill], text[bill + 2 :]
    if use == _USE_ASSUMED:
        use_said = t["pricing_use_assumed"]
    elif (m := _USE_LONG.fullmatch(use)) is not None:
        use_said = t["pricing_use_long_job"].format(hours=_said(f, m["hours"]),
                                                    limit=_said(f, m["limit"]))
    elif (m := _USE_STATED.fullmatch(use)) is not None:
        use_said = t["pricing_use_stated"].format(hours=_said(f, m["hours"]))
    else:
        return text
    if (m := _BILLED_JOB.fullmatch(billed)) is not None:
        billed_said = t["pricing_billed_job"].format(hours=_said(f, m["hours"]),
                                                     month=_said(f, m["month"]))
    elif (m := _BILLED_MONTH.fullmatch(billed)) is not None:
        billed_said = t["pricing_billed_month"].format(month=_said(f, m["month"]),
                                                       used=_said(f, m["used"]))
    else:
        return text
    said = t["pricing_reason_reserved"].format(
        term=reserved_term_words(text[len(_RESERVED_HEAD) : at], t), use=use_said,
        billing=billed_said)
    return romanian_de(said) if f.lang == "ro" else said


def _network(raw: str, t: Mapping[str, str]) -> str:
    return t["why_network_unstated"] if raw == "unstated" else raw


def _ranking_note(note: str, t: Mapping[str, str], f: Formatter,
                  kinds: Mapping[str, str]) -> str | None:
    """A note of options._rank_notes, _scaled_words or pricing.reserved_use (a reserved
    price, its use and its rank; an option ranked first over one; an offer id naming a region
    the filter leaves out; the deadline that set the nodes or instances; a run over more
    nodes; a run ranked before or after by its days), None for any other."""
    if note in _FIXED:
        return t[_FIXED[note]]
    if (m := _RESERVED.fullmatch(note)) is not None:
        return t["why_reserved"].format(
            term=reserved_term_words(m["term"], t),
            from_rate=t["why_reserved_from"] if m["from_rate"] else "")
    if (m := _USED_LONG.fullmatch(note)) is not None:
        return t["why_reserved_long_job"].format(hours=_said(f, m["hours"]),
                                                 limit=_said(f, m["limit"]))
    if (m := _USED_STATED.fullmatch(note)) is not None:
        return t["why_reserved_stated"].format(hours=_said(f, m["hours"]))
    if (m := _HIDDEN.fullmatch(note)) is not None:
        return t["why_hidden"].format(region=m["region"])
    if (m := _NET_STATED.fullmatch(note)) is not None:
        return t["why_net_stated"].format(
            gbps=_said(f, m["gbps"]), network=m["network"], per=_said(f, m["per"]),
            slower="" if m["fast"] is None
            else t["why_net_slower"].format(fast=_said(f, m["fast"])))
    if (m := _NET_ASSUMED.fullmatch(note)) is not None:
        return t["why_net_assumed"].format(fast=_said(f, m["fast"]), instance=m["instance"],
                                           network=m["network"])
    if (m := _DEADLINE_NODES.fullmatch(note)) is not None:
        hours = ("" if m["pct"] is None
                 else t["why_node_hours_more" if m["more"] == "more" else "why_node_hours_fewer"
                        ].format(pct=f.percent(float(m["pct"].replace(",", "")) / 100)))
        return t["why_deadline_nodes"].format(
            limit=_said(f, m["limit"]), nodes=_count(f, t, m["nodes"], "why_nodes"),
            network=_network(m["network"], t), hours=_said(f, m["hours"]),
            spot="" if m["spot"] is None
            else t["why_spot_hours"].format(hours=_said(f, m["spot"])),
            tps=_said(f, m["tps"]), per=_said(f, m["per"]), alone=_said(f, m["alone"]),
            before=_count(f, t, m["before"], "why_nodes"), pace=t[_PACE[m["pace"]]],
            before_hours=_said(f, m["before_hours"]),
            node_hours=hours or t["why_node_hours_same"])
    if (m := _DEADLINE_INSTANCES.fullmatch(note)) is not None:
        return t["why_deadline_instances"].format(
            limit=_said(f, m["limit"]), nodes=_count(f, t, m["nodes"], "why_instances"),
            replicas=_count(f, t, m["replicas"], "why_replicas"), hours=_said(f, m["hours"]),
            spot="" if m["spot"] is None
            else t["why_spot_hours"].format(hours=_said(f, m["spot"])),
            before=_count(f, t, m["before"], "why_instances"), alone=_said(f, m["alone"]))
    if (m := _OVER_LESS.fullmatch(note) or _OVER_MORE.fullmatch(note)) is not None:
        head = {"nodes": _count(f, t, m["nodes"], "why_nodes"),
                "network": _network(m["network"], t), "days": _said(f, m["days"]),
                "how": t["why_restarts"] if m["how"] else "",
                "before_days": _said(f, m["before_days"])}
        if m.re is _OVER_MORE:
            return t["why_over_nodes_more"].format(**head, more=_said_money(f, m["more"]))
        return t["why_over_nodes_less"].format(
            **head, before_how=t["why_restarts"] if m["before_how"] else "",
            before=_count(f, t, m["before"], "why_nodes"), machine=_machine(m, t, f),
            less=_said_money(f, m["less"]))
    if (m := _RANKED_BEFORE.fullmatch(note)) is not None:
        return t["why_ranked_before"].format(
            days=_said(f, m["days"]), how=t["why_restarts"] if m["how"] else "",
            machine=_machine(m, t, f),
            kind="" if m["kind"] is None else ", " + price_kind_words(m["kind"], t, kinds),
            limit=_said(f, m["limit"]))
    if note.endswith(".") and (m := _RANKED_ABOVE.fullmatch(note[:-1])) is not None:
        return _ranked_above(m, t, f)
    if (m := _RANKED_AFTER.fullmatch(note)) is not None:
        return t["why_ranked_after"].format(limit=_said(f, m["limit"]),
                                            days=_said(f, m["days"]))
    return None


def _ranked_above(m: re.Match[str], t: Mapping[str, str], f: Formatter) -> str | None:
    """options._ranked_above_note in the language of ``t`` (None where a reason's shape is
    not known: the English is kept)."""
    items = [t["why_ranked_above_item"].format(
        n=i["n"], money=t["why_month" if i["unit"] == "/month" else "why_job"].format(
            money=_said_money(f, i["cost"])))
        for i in re.finditer(_ABOVE_ITEM, m["items"])]
    reasons: list[str] = []
    for part in m["reasons"].split(" and "):
        if (r := _ABOVE_WEIGHTS.fullmatch(part)) is not None:
            reasons.append(t["why_above_weights"].format(
                w=r["w"], w2=r["w2"], h=_said(f, r["h"]), h2=_said(f, r["h2"])))
        elif (r := _ABOVE_MACHINES.fullmatch(part)) is not None:
            reasons.append(t["why_above_machines"].format(n=_said(f, r["n"]),
                                                          x=_said(f, r["x"])))
        elif (r := _ABOVE_DAYS.fullmatch(part)) is not None:
            reasons.append(t["why_above_days"].format(limit=_said(f, r["limit"]),
                                                      days=_said(f, r["days"])))
        else:
            return None
    if not items:
        return None
    and_ = t["why_ranked_above_and"]
    listed = items[0] if len(items) == 1 else ", ".join(items[:-1]) + and_ + items[-1]
    if m["mine"] is not None:  # its own cost beside costs that read as it in whole dollars
        listed += t["why_ranked_above_mine"].format(money=t[
            "why_month" if m["mine_unit"] == "/month" else "why_job"].format(
            money=_said_money(f, m["mine"])))
    return t["why_ranked_above_one" if len(items) == 1 else "why_ranked_above_many"].format(
        items=listed, reasons=and_.join(reasons))


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
        instance=m.group(1), kind=price_kind_words(m.group(2), t, kinds),
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
    # the GPU's name in the language's words ("(partea de GPU)", "(per cip)")
    gpu = catalog_words(t).get(gpu, gpu)
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
