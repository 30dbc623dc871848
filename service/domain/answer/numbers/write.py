"""The numbers an answer leads with, per intent (``WRITERS``): each computed by the core (``size``
and ``recommend``, the same values ``/v1/sizing`` and ``/v1/recommendations`` return, or the
catalog's offers and provider terms), written in the question's language with its number
formats. The first sentence answers what was asked (with yes or no where asked); the
supporting sentences and the warnings the core produced follow."""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
from collections.abc import Callable
from dataclasses import replace as dc_replace
from typing import Any, get_args

import msgspec

from service.domain.answer.intent import Details, Stated
from service.domain.answer.numbers.compare import _compare
from service.domain.answer.numbers.context import (
    _SIZED_GPUS_MAX,
    _W,
    ASK_OUTPUT_TOKENS,
    ComparedNumbers,
    UserBaseNumbers,
    Written,
    _ctx,
    _decap,
    _leads_yes_no,
    _out,
    _prompt,
    source_short,
)
from service.domain.answer.numbers.cost import _cost
from service.domain.answer.numbers.counts import (
    _gpu_count,
    _interconnect,
    _rate_own_said,
    load_sized,
    targets_fleet,
    users_for_budget,
)
from service.domain.answer.numbers.layouts import split_vs, tp_vs
from service.domain.answer.numbers.media import _media, _music_pieces, _recordings_hours
from service.domain.answer.numbers.memory import (
    _fallback,
    _fits,
    _kv,
    _max_concurrency,
    _max_context,
    _memory,
    _precision,
)
from service.domain.answer.numbers.prices import (
    _node_gpus,
    budget_hours_unnamed,
    compare_providers,
    reserved_providers,
)
from service.domain.answer.numbers.regions import _regions, gpu_providers
from service.domain.answer.numbers.speed import _speed, lowest_latency_lead
from service.domain.answer.numbers.terms import _billing, _spot, _storage, spot_extras
from service.domain.answer.numbers.training import (
    _DEFAULT_CHECKPOINT_MINUTES,
    _finetune,
    _train,
)
from service.domain.answer.understand import Extracted
from service.domain.catalog.kinds import closed_name
from service.domain.catalog.models import ModelEntry, kv_bytes_per_token
from service.domain.catalog.precisions import PRECISIONS, get_precision
from service.domain.catalog.snapshot import Catalog
from service.domain.fields import (
    BATCH_MAX,
    TOKENS_MAX,
    ContextTokens,
    GpuCount,
    HourlyBudget,
    JobOutputTokens,
    MaxUsdTotal,
    MonthlyBudget,
    RequestRate,
    TrainingTokens,
)
from service.domain.messages import Messages, catalog_words
from service.domain.recommend.alternatives import no_region_said
from service.domain.recommend.context import RESTART_MINUTES, SPOT_INTERRUPTIONS_PER_HOUR
from service.domain.recommend.pricing import model_storage_gb
from service.domain.sizing.efficiency import PCIE_X16_GB_S, bridged
from service.domain.sizing.hardware import flash_attention_support
from service.domain.sizing.layout import NODE_GPUS, all_to_all_link
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from service.domain.sizing.sizing import SizingResult, default_weights, sized_from_entry


def _lei_note(w: _W) -> None:
    """Prices asked or a budget stated in lei or euro: the catalog's prices are in USD and it
    holds no exchange rate, so the answer says so instead of converting (and applies no
    budget stated in them), never silently."""
    if w.st.lei is not None:
        amount = w.say("lei_amount", lei=w.n(w.st.lei)) if w.st.lei else ""
        note = w.say("lei_note", amount=amount)
        if note not in w.out.more:
            w.out.more.insert(0, note)
    if w.st.eur is not None:
        eur = w.n(w.st.eur, 0 if float(w.st.eur).is_integer() else 2)
        amount = w.say("eur_amount", eur=eur) if w.st.eur else ""
        note = w.say("eur_note", amount=amount)
        if note not in w.out.more:
            w.out.more.insert(0, note)
    if w.st.other_currency is not None:
        code, value = w.st.other_currency
        amount = w.say("currency_amount", amount=w.n(
            value, 0 if float(value).is_integer() else 2), currency=code) if value else ""
        note = w.say("currency_note", currency=code, amount=amount)
        if note not in w.out.more:
            w.out.more.insert(0, note)


WRITERS: dict[str, Callable[[_W], None]] = {
    "fits": _fits, "memory": _memory, "max_context": _max_context,
    "max_concurrency": _max_concurrency, "speed": _speed, "gpu_count": _gpu_count,
    "compare": _compare, "cost": _cost, "finetune": _finetune,
    "training": lambda w: _train(w, "pretrain" if w.ex.workload == "pretrain" else "finetune"
                                 if w.ex.method else "pretrain"),
    "spot": _spot, "billing": _billing, "storage_egress": lambda w: _storage_at(w),
    "interconnect": _interconnect, "kv_cache": _kv, "media": _media, "precision": _precision,
    "regions": _regions,
    "guidance": _fallback,
}



def _storage_at(w: _W) -> None:
    """Storage or egress priced (:func:`_storage`), with what the question names carried:
    a model's month with its egress stated ("Llama 3.1 8B on vast with 50 TB of egress") is
    the model's whole month, GPU time, storage and egress, as the cost answer prices it (was
    the egress range alone, and no GPU); a provider named whose price the catalog does not
    have is said to be unknown first, never $0, and the other providers' range after it is
    not the asked number (Vast.ai's 10 TB was "from $0.00 at CoreWeave to $1,035 at Google
    Cloud", Google's figure as the answer; audit cost 7, api 4)."""
    if w.model is not None and w.st.egress_gb and w.sub == "egress":
        w.sub = "month"
        _cost(w)
        if w.out.first is not None:
            return
        w.sub = "egress"
    _storage(w)
    if w.out.data_prices:
        return  # providers compared: each named priced, an unknown one said so (terms.py)
    pid, a = w.det.provider, w.out.asked
    if pid is None or w.out.first is None or a is None or pid not in w.catalog.providers_by_id:
        return
    p = w.catalog.providers_by_id[pid]
    egress = w.sub == "egress"
    gb = (w.st.egress_gb if egress else w.st.storage_gb) or w.det.data_gb
    if gb is None or a.quantity not in ("egress_usd", "storage_usd_per_month", "storage_usd",
                                        "storage_and_egress_usd_per_month",
                                        "storage_month_plus_egress_usd"):
        return
    if (p.egress_usd(gb) if egress else p.storage_usd(gb)) is not None:
        return  # the provider's own price answered
    # the catalog's note ends its own sentence: the template's full stop follows it once
    # ("Conflicting, so unknown.." read the audit api #9)
    note = p.egress_note.rstrip(". ") if egress and w.lang == "en" and p.egress_note else ""
    w.out.more.insert(0, w.say("others_range", text=_decap(w, w.out.first)))
    w.out.first = w.say("provider_egress_unknown" if egress else "provider_storage_unknown",
                        provider=p.name, gb=w.n(gb),
                        note=w.say("provider_unknown_note", note=note) if note else "")
    w.out.asked = None  # the range's figures are other providers', not the one asked
    w.out.computed = True


def _storage_added(w: _W) -> str | None:
    """Data stated beside a model ("plus 500 GB of datasets", "and 1 TB of checkpoints",
    ``Stated.storage_added``) is added to the disk the recommendations count for its weights
    when none is stated (pricing's ``model_storage_gb``: the weights at the precision asked,
    else the one it is released in, with a training run's checkpoints), never put in its
    place (8B's 17 GB of weights was priced as 500 GB): the storage every writer prices is
    their sum, said in a sentence of its own. "500 GB of storage" stays the whole volume;
    with no model there are no weights to add."""
    extra = w.st.storage_gb
    if not w.st.storage_added or extra is None or w.model is None:
        return None
    sized = sized_from_entry(w.model)
    p = (get_precision(w.weights) if w.weights
         else default_weights(None, None, sized).precision)
    training = w.ex.workload in ("finetune", "pretrain")
    full = w.ex.workload == "pretrain" or w.ex.method == "full"
    base = model_storage_gb(sized, p, training, full=full and training)
    w.st = dc_replace(w.st, storage_gb=base + extra)
    return w.say("storage_added", total=w.n(base + extra), weights=w.n(base), p=p.id,
                 extra=w.n(extra))


def _egress_times_read(w: _W) -> str | None:
    """An egress amount sent out a stated number of times ("download the 16GB weights 10
    times": ``Stated.egress_times``): priced as their sum (``Stated.egress_gb``, 160 GB), said
    in a sentence of its own. It was priced once and said to add nothing (buyer audit 24a
    #11: 160 GB is 60 GB past AWS's free 100 GB, about $5.40)."""
    times, gb = w.st.egress_times, w.st.egress_gb
    if not times or not gb:
        return None
    return w.say("egress_times_read", total=w.n(gb), each=w.n(gb / times), times=w.n(times))


def _restarts_asked(w: _W) -> None:
    """The expected spot restarts asked ("cost and expected restarts?", ``Stated.
    restarts_asked``), said right after the answer's first sentence: for the spot job the
    answer lists (``_W.spot_jobs``, the first listed on spot), the interruptions its cost
    counts, ``SPOT_INTERRUPTIONS_PER_HOUR`` for each machine it runs on over its hours
    (recommend.context.spot_overhead_fraction's rule), each a restart and half a checkpoint
    interval of work lost (a spot line after an on-demand lead: its job); spot priced with no
    job (a month): the rate assumed per machine; priced on demand alone: said so, no restart
    counted. It was only "5.8% more
    time for the expected restarts", the count asked never given (buyer audit 24a #11: about
    0.3 over 6.5 hours at 0.05 an hour)."""
    if not w.st.restarts_asked or w.out.first is None:
        return
    listed = [x for x in w.out.offers if x.pricing_model == "spot"]
    o = next((j for x in listed for j in w.spot_jobs
              if j.offer.id == x.offer_id and j.nodes == x.nodes),
             w.spot_lines[0] if w.spot_lines else None)
    if o is None and (listed or (w.st.spot_said and not w.st.no_spot)):
        # spot priced with no job's hours (a month on spot): the rate assumed, per machine,
        # once (a run with no checkpoints says it already)
        rate = w.say("spot_no_ckpt_rate", rate=w.f.number(SPOT_INTERRUPTIONS_PER_HOUR, 2),
                     machines=w.n(max(1, listed[0].nodes) if listed else 1),
                     restart=w.n(RESTART_MINUTES))
        if not any(x.startswith(rate[:40]) for x in w.out.more):
            w.out.more.insert(0, rate)
        return
    if o is None:
        if any("$" in x or "USD" in x for x in (w.out.first, *w.out.more)):
            w.out.more.insert(0, w.t["spot_restarts_none"])  # priced on demand
        return
    hours = o.performance.job_hours or 0.0
    machines = max(1, o.nodes)
    n = SPOT_INTERRUPTIONS_PER_HOUR * machines * hours
    every = w.st.checkpoint_minutes or _DEFAULT_CHECKPOINT_MINUTES  # as the option counts it
    w.out.more.insert(0, w.say(
        "spot_restarts_expected", n=w.n(n, 2 if n < 0.1 else 1 if n < 10 else 0),
        hours=w.duration(hours), rate=w.f.number(SPOT_INTERRUPTIONS_PER_HOUR, 2),
        machines=w.n(machines), restart=w.n(RESTART_MINUTES), m=w.n(every),
        pct=w.f.percent((o.cost.expected_spot_overhead_pct or 0.0) / 100, 1)))


def _weekday_deadline(w: _W) -> str | None:
    """A weekday deadline ("by Friday", "până vineri") as days from the answer's date
    (``w.today``, the date the service answers on) to the end of the next such day (that day a
    week on, when today is it), set as the deadline's hours so it is planned as "in 6 days"
    is; the sentence that says the date and the days, or None where no weekday is the
    deadline (a time stated wins: "in 3 days"), or where there is no job to plan (tokens,
    images, clips, hours of audio, documents, examples, a training run): "by Friday I need a
    cost estimate: how much is ..." asks a price, which no date changes."""
    day = w.st.deadline_weekday
    tomorrow = day is None and w.st.deadline_tomorrow
    if tomorrow:  # "by tomorrow": tomorrow's weekday, one day on (24 hours), said so
        day = (w.today.weekday() + 1) % 7
    job = (w.det.tokens or w.st.items or w.st.clips or w.st.documents or w.st.examples
           or w.st.trains or w.ex.workload in ("finetune", "pretrain"))
    if day is None or w.st.deadline_hours is not None or not job:
        return None
    days = (day - w.today.weekday() - 1) % 7 + 1
    w.st = dc_replace(w.st, deadline_hours=days * 24.0)
    if tomorrow:
        return w.say("deadline_tomorrow", date=(w.today + dt.timedelta(days=days)).isoformat())
    return w.say("deadline_weekday_one" if days == 1 else "deadline_weekday",
                 day=w.t[f"weekday_{day}"], date=(w.today + dt.timedelta(days=days)).isoformat(),
                 days=w.n(days))

def _documents_requests(w: _W) -> str | None:
    """Documents, texts, articles, emails or reviews for a generating LLM ("summarise 1
    million documents, 2,000 tokens in and 200 out each", "classify 10 million short texts
    (200 tokens each)", "rezum 1 milion de documente de 2.000 de tokeni"): a batch job of one
    request each, as "1M prompts" is, each document's length stated its prompt (the output as
    stated, else 512); it was a one-user serving price per hour (audit batch B4). An
    embedding model's documents stay its inputs (:meth:`_W.use_documents`). The sentence that
    says so, or None where nothing changed."""
    m, docs = w.model, w.st.documents
    if m is None or m.kind != "llm" or m.task == "embed":
        return None
    wr = w.st.work_rate
    rate = w.st.items_rate_per_s or (wr[1] if wr is not None and wr[0] == "inputs" else None)
    if (rate and not w.st.request_rate_per_s and not w.det.tokens and not w.st.requests
            and w.ex.workload not in ("finetune", "pretrain")):
        # "5,000 support emails a day", "10,000 documents per day": a steady request rate
        # (the month sized and priced, as "5,000 requests a day" is), never one day's job
        # (audit regress7 #4: $0.19 for "cost per month?")
        w.st = dc_replace(w.st, request_rate_per_s=rate, documents=None, work_rate=None)
        return None
    if docs is None or not w.st.documents_job:
        # documents a chatbot answers from, RAG's corpus, "we store 1M reviews", "each
        # prompt includes 5 documents": the corpus, never requests (audit regress7 #3: a
        # serving price became a $0.38 job)
        w.st = dc_replace(w.st, documents=None)
        return None
    if (w.st.requests or w.det.tokens or w.st.request_rate_per_s or w.st.work_rate
            or w.ex.workload in ("finetune", "pretrain")):
        return None
    count, length = docs
    if length and not w.st.prompt_tokens and w.ex.context_tokens in (None, length):
        # each document is the prompt, as "prompts of 2k tokens" are (cost._request_prompt)
        w.st = dc_replace(w.st, prompt_tokens=length)
        w.ex = msgspec.structs.replace(w.ex, context_tokens=length)
    w.st = dc_replace(w.st, requests=count)
    said = w.say("items_requests", count=w.n(count))
    if w.st.translation and length and w.st.output_tokens is None:
        # a translation writes about as many tokens as it reads (cost._token_split's rule:
        # 1:1 between Latin-script languages within about 20 %), so each document's output
        # is its length, not 512 (audit regress7 #9)
        w.st = dc_replace(w.st, output_tokens=length)
        said = said + " " + w.say("items_translation_output", tokens=w.n(length))
    return said


_SPLIT_INTENTS = frozenset({"speed", "gpu_count", "fits", "compare", "guidance"})
"""The intents a replica-against-split question is read as ("for latency, ...": speed; "should
I split ... or run 2 replicas for 64 users": gpu_count), answered by both layouts timed."""


def compose_numbers(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                    catalog: Catalog, today: dt.date, messages: Messages,
                    model_id: str | None, st: Stated | None = None) -> Written:
    """The first sentence, the supporting numbers and the warnings for ``intent``."""
    family = _family_sizes(ex, det, lang, catalog, today, messages, model_id, st)
    if family is not None:
        return family  # "how much VRAM for llama 3?": each of its sizes sized
    by_provider = _providers_setups(intent, sub, ex, det, lang, catalog, today, messages,
                                    model_id, st)
    if by_provider is not None:
        return by_provider  # "compare runpod and lambda for serving 8B": each one priced
    each = _each_count(intent, sub, ex, det, lang, catalog, today, messages, model_id, st)
    if each is not None:
        return each  # "QLoRA ... on 50M tokens: 1 A100 80GB vs 4 A100 80GB, hours and cost?"
    month_unit = _month_and_unit(intent, sub, ex, det, lang, catalog, today, messages,
                                 model_id, st)
    if month_unit is not None:
        return month_unit  # "SDXL on an RTX 4090: seconds per image and monthly cost?"
    each = _each_priced(intent, sub, ex, det, lang, catalog, today, messages, model_id, st)
    if each is not None:
        return each  # "fp8 vs bf16 ... monthly cost each?", "L4 vs A10G: monthly cost?"
    each = _each_speed(intent, sub, ex, det, lang, catalog, today, messages, model_id, st)
    if each is not None:
        return each  # "fp8 vs bf16 ...: tokens/s and cost per 1M tokens?", "...: TTFT?"
    each = _each_users(intent, sub, ex, det, lang, catalog, today, messages, st)
    if each is not None:
        return each  # "qwen3-30b-a3b vs qwen3-32b on one H100: which serves more users?"
    both = _models_together(intent, ex, det, lang, catalog, today, messages, st)
    if both is not None:
        return both  # "Llama 3.1 8B and bge-m3 on the same L4 for RAG?": their sum
    if (intent == "speed" and sub not in _SPEED_PRICED and st is not None and st.million_asked
            and model_id is not None and catalog.registry.models[model_id].kind == "llm"):
        # "tokens/s in total on 8x H100 ..., and $/1M tok?": the speed leads, then the price
        # per 1M asked beside it (audit buyer24b #11: the $/1M was dropped)
        out = compose_numbers(intent, sub, ex, det, lang, catalog, today, messages, model_id,
                              dc_replace(st, million_asked=False))
        _million_also(out, ex, det, lang, catalog, today, messages, model_id, st)
        return out
    base_load = user_base_load(ex, st, intent, catalog, model_id)
    if base_load is not None and st is not None and st.user_base is not None and (
            base_load == st.user_base[0]):
        # "200 registered users": all of them at once, the worst case (said first)
        ex = msgspec.structs.replace(ex, concurrent_requests=base_load)
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)
    w.user_base_sized = base_load
    w.load_sized = lambda gid: load_sized(w, gid)  # the cost answer's, counted as a count
    w.targets_fleet = lambda gid, users: targets_fleet(w, gid, users)  # speed's, counted
    w.users_for_budget = lambda: users_for_budget(w)  # the memory answer's, counted
    w.rate_own_said = lambda gid, own, picked: _rate_own_said(w, gid, own, picked)  # speed's
    w.use_documents()  # "embed 10 million documents": their tokens, as tokens stated are read
    recordings_read = _recordings_hours(w)  # "100,000 calls of 10 minutes": hours of audio
    documents_read = _documents_requests(w)  # "summarise 1M documents": 1M requests
    by_weekday = _weekday_deadline(w)
    added = _storage_added(w)  # "plus 500 GB of datasets": beside the weights, not instead
    times = _egress_times_read(w)  # "download the 16GB weights 10 times": 160 GB priced
    node_read = _node_gpus(w)  # "on an H100 node": its machine's GPUs, said after the answer
    pieces_read = _music_pieces(w)  # "1000 songs with MusicGen": their hours of audio
    images_read = _images_read(w, intent)  # "qwen2-vl 7b, 4 images of 1024x1024": their tokens
    budget_above = _budget_above_cap(w)  # "$20,000/h": rules nothing out, answered without
    if _out_of_range(w) or _beyond_sized(w, intent):
        return w.out
    if _audio_training(w):
        return w.out
    capped = _capped_at_limit(w, intent)  # "200k token prompts" on a 131,072-token model
    if intent == "guidance" and _serve_over_limit(w):
        pass  # "serve llama 3.1 8b with 1M context?": No, and the models that take it
    elif intent in ("cost", "compare", "guidance") and compare_providers(w):
        pass  # "runpod vs lambda for h100": each provider named, its price side by side
    elif intent == "cost" and sub == "reserved" and reserved_providers(w):
        pass  # "does AWS offer reserved pricing?": its own terms, the catalog's reserved cards
    elif intent == "cost" and sub == "providers" and gpu_providers(w):
        pass  # "which providers have H200?": every provider of it, cheapest first
    elif intent in ("cost", "gpu_count", "guidance") and budget_hours_unnamed(w):
        pass  # "how many GPU hours does $2,000 buy?": the hours of H100, A100 80GB, L40S
    elif intent in _SPLIT_INTENTS and split_vs(w):
        pass  # "one H100 per replica or split over 2?": both layouts timed (layouts.py)
    elif intent in _SPLIT_INTENTS | {"memory"} and tp_vs(w):
        pass  # "is TP4 faster than TP2 ... on H100?": both degrees timed (layouts.py)
    elif not lowest_latency_lead(w, intent):  # "fastest GPU for SDXL, price per hour?"
        WRITERS.get(intent, _fallback)(w)
    spot_extras(w, intent)  # spot's downtime or a checkpoint cadence asked (terms.py)
    if capped is not None:
        _at_limit_lead(w, *capped)
    if budget_above is not None and w.out.first is not None:
        w.out.more.insert(0, budget_above)
    if node_read is not None and w.out.first is not None:
        w.out.more.append(node_read)
    if pieces_read is not None and w.out.first is not None:
        w.out.more.insert(0, pieces_read)
    if recordings_read is not None and w.out.first is not None:
        w.out.more.insert(0, recordings_read)
    if images_read is not None and w.out.first is not None:
        w.out.more.insert(0, images_read)
    rag = w.st.retrieved if w.st is not None else None
    if (rag is not None and rag.chunks and rag.chunk_tokens and w.out.first is not None
            and w.model is not None and w.model.kind == "llm" and w.model.task != "embed"):
        # "10 retrieved chunks of 512 tokens": one prompt of all of them, said how counted
        # (audit buyer30a #1: sized as one 512-token chunk)
        w.out.more.insert(0, w.say(
            "rag_prompt_read_plus" if rag.other_tokens else "rag_prompt_read",
            chunks=w.n(rag.chunks), each=w.n(rag.chunk_tokens),
            pieces=w.n(rag.chunks * rag.chunk_tokens), other=w.n(rag.other_tokens),
            total=w.n(rag.total_tokens)))
    if documents_read is not None and w.out.first is not None:
        w.out.more.insert(0, documents_read)
    if by_weekday is not None and w.out.first is not None:
        w.out.more.insert(0, by_weekday)  # the date and days the plan was made for
    if added is not None and w.out.first is not None:
        w.out.more.insert(0, added)  # the sum the storage was priced for
    if times is not None and w.out.first is not None:
        w.out.more.insert(0, times)  # the egress priced: the amount times the count said
    if w.out.first is None and intent not in ("guidance", "billing", "storage_egress",
                                              "interconnect", "spot", "precision"):
        _fallback(w)
    _context_limit_lead(w)
    _fleet_note(w)
    int4_as = w.int4_as_said(intent == "gpu_count") if w.out.first is not None else None
    if int4_as is not None:
        w.out.more.insert(0, int4_as)  # "int4" on a T4 sized as gptq-int4, and why
    w.drop_unnamed()
    a = w.out.asked
    if (w.out.first is not None and w.st.per_thousand_tokens and a is not None
            and a.quantity.startswith("per_million_output_tokens") and a.value > 0):
        # "cost per 1k tokens": the price per 1M's thousandth leads, as asked, to two
        # significant digits ($0.000081), the per-1M answer with its setup after it (audit
        # ask_reading2; audit buyer20: the per 1M led, the per 1k asked came second)
        k = a.value / 1000
        w.out.more.insert(0, w.out.first)
        w.out.first = w.say("cost_thousand_tokens_lead", thousand=w.f.money(
            k, max(2, 1 - math.floor(math.log10(k)))), million=w.usd(a.value))
        w.ask("per_thousand_output_tokens_usd", k, "USD")
    if (w.out.first is not None and w.model is not None and not w.generates_tokens()
            and (w.st.max_ttft_ms or w.st.min_tokens_per_s)):
        # a token target on a model that generates none: said once, after the answer
        kind = ("embed" if w.model.kind == "llm" else "audio" if w.model.kind == "audio"
                else "video" if w.model.modality == "video" else "image")
        w.out.more.insert(0, w.say("token_target_na", model=w.model.name,
                                   why=w.t[f"token_target_na_{kind}"]))
    if w.out.first is not None or intent == "cost":
        _lei_note(w)  # an amount in lei or euro is never dropped silently
    _own_price_unused(w)
    if w.out.first is not None and w.st.bare_gpu is not None:
        _variant_note(w, intent)
    elif w.out.first is not None and w.st.gpu_read is not None:
        _reading_note(w)  # "MI300": read as the MI300X, said so
    ur = w.st.users_range
    if w.out.first is not None and ur is not None and w.ex.concurrent_requests == ur[1]:
        # "1-2 users": sized for the top of the range, said so (audit regress8, low)
        w.out.more.insert(0, w.say("users_range_read", low=w.n(ur[0]), high=w.n(ur[1])))
    if w.out.first is not None and w.st.dot_grouped and lang == "en":
        # "1.000 hours" in English: the dots read as thousands separators, said so
        w.out.more.insert(0, w.say("dot_grouped", raw=w.st.dot_grouped, value=w.n(
            float(w.st.dot_grouped.replace(".", "")))))
    _restarts_asked(w)
    _gguf_app_note(w)
    _stand_in_engine_note(w)
    _no_nvlink_note(w)
    _flash_note(w, intent)
    _vague_length_note(w)
    _percentile_note(w)
    _latency_note(w)
    _price_context(w, intent)
    if w.out.first is not None and w.st.apple and w.ex.gpu is None and w.model is not None:
        # "can I run it on a mac?": the catalog sizes no Apple GPU, said first; the model's
        # memory follows, with no yes or no (there is no GPU of the question to give one for)
        w.out.more.insert(0, w.out.first)
        # a media answer gives a speed too, on the catalog GPU it picked: said to be one
        w.out.first = w.t["apple_none_media" if intent == "media" else "apple_none"]
        if w.out.asked is not None:
            w.out.asked = msgspec.structs.replace(w.out.asked, yes=None)
    _lead_with(w, _image_tokens_lead(w))
    _one_gpu_yes(w, intent)
    _yes_no_lead(w)
    _lead_with(w, _user_base_lead(w))
    _lead_with(w, _active_share_lead(w))
    _lead_with(w, _format_refused(w))
    _lead_with(w, _model_unknown(w))
    _lead_with(w, _stand_in_unknown(w))
    return w.out


_PROVIDER_SETUP_SUBS = frozenset({"hour", "month", "day", "week", "year", "job", "million"})
"""The subs of a comparison of providers' prices for a workload that the cost answer prices
as they are; any other is priced by the hour, as a cost question with no period is."""


def _providers_setups(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                      catalog: Catalog, today: dt.date, messages: Messages,
                      model_id: str | None, st: Stated | None) -> Written | None:
    """A model's workload priced at two or more providers named ("compare runpod and lambda
    for serving llama 3.1 8b to 20 users: monthly cost on each", "runpod vs lambda", "runpod
    sau lambda", "pe runpod față de lambda"): each provider priced as a question naming it
    alone is (its own best setup, precision and figure, with every note of that answer),
    cheapest first, then which is cheaper and by how much; the cheaper one's figure is the
    number asked and each one's lead setup is in the recommendations. It priced the first
    provider named only (RunPod's $245.22/month on an RTX 4090; Lambda's $787.97 on an RTX
    A6000 never said). None where fewer than two providers are named, no model is, data
    moves between them, or models or GPUs are what is compared (their own writers)."""
    provs = [p for p in (st.providers_named if st is not None else ())
             if p in catalog.providers_by_id]
    job = intent in ("finetune", "training") and sub in (None, "cost")
    if (st is None or len(provs) < 2 or model_id is None or st.data_moved or st.models
            or len(det.gpus or []) > 1 or (intent not in ("cost", "compare") and not job)):
        return None
    if intent == "compare" and sub not in _PROVIDER_SETUP_SUBS:
        sub = None
    # a fine-tuning or a training run: each provider's job cost, as its own answer prices it
    # ("AWS or GCP for fine-tuning llama 3.1 8b with LoRA on 100M tokens?" priced AWS only)
    side = intent if job else "cost"
    alone = [(catalog.providers_by_id[p].name, compose_numbers(
        side, sub, ex, msgspec.structs.replace(det, provider=p, sub=sub), lang, catalog,
        today, messages, model_id, dc_replace(st, providers_named=(p,)))) for p in provs]
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)

    priced = [x for x in alone if _is_money(x[1])]
    quantity = priced[0][1].asked.quantity if priced and priced[0][1].asked else ""
    ranked = sorted((x for x in priced if x[1].asked and x[1].asked.quantity == quantity),
                    key=lambda x: x[1].asked.value if x[1].asked else 0.0)
    rest = [x for x in alone if x not in ranked]
    if not ranked:
        return None  # nothing priced anywhere: the first provider's answer, with its reason
    rows = [w.say("provider_setup_row", provider=name, text=_decap(w, o.first))
            if o.first else w.say("provider_setup_nothing", provider=name)
            for name, o in ranked + rest]
    text = " ".join([w.say("provider_setups"), *rows])

    def said(v: float) -> str:
        return _money_said(w, quantity, v)

    if len(ranked) >= 2:
        values = [o.asked.value for _, o in ranked if o.asked]
        low = said(values[0])
        tied = [name for (name, _), v in zip(ranked, values, strict=True) if said(v) == low]
        if len(tied) == len(ranked):
            text += " " + w.say("data_compare_same")
        elif len(tied) > 1:
            text += " " + w.say("data_compare_tied", providers=", ".join(tied))
        else:
            text += " " + w.say("provider_setups_cheaper", provider=ranked[0][0],
                                diff=said(values[1] - values[0]), next=ranked[1][0],
                                pct=w.n(100 * (values[1] - values[0]) / values[1]))
    lead = ranked[0][1]
    out = Written(first=text, sizing=lead.sizing, asked=lead.asked, computed=True,
                  by_provider=True, follow_up=lead.follow_up, users=next(
                      (o.users for _, o in alone if o.users is not None), None))
    for name, o in ranked + rest:
        if o.more:
            out.more.append(w.say("provider_setup_more", provider=name, text=" ".join(o.more)))
        out.offers.extend(o.offers[:1])
        _gather_notes(out, o)
    return out


def ranked_offers(out: Written, ex: Extracted, det: Details, lang: str, catalog: Catalog,
                  today: dt.date, messages: Messages, model_id: str | None,
                  st: Stated | None) -> None:
    """Which cloud asked ("which cloud for llama 3.1 70b inference?", "ce cloud să aleg
    ..."), or providers weighed (each priced alone, :func:`_providers_setups`): the offers the
    answer ranked, in its order, each with its provider, its instance (the provider's own
    name), its price per hour, the price's date and its source, after the answer's figure
    (buyer audit 27a #1, #4: the first provider only, or a memory and no cloud). Only offers
    the catalog rents are listed, so no card that nobody sells."""
    if out.first is None or not out.offers:
        return
    w = _W(ex, det, None, lang, catalog, today, messages, model_id, st)
    key = "provider_offers" if out.by_provider else "cloud_offers"
    rows: list[str] = []
    for o in out.offers:
        offer = catalog.offers_by_id.get(o.offer_id)
        if offer is None:
            continue
        rows.append(w.say("cloud_offer_row", rank=len(rows) + 1, provider=o.provider,
                          instance=offer.instance_type,
                          setup=(w.setup(o.gpu_count, offer.gpu) if o.nodes == 1 else
                                 w.say("instances", n=w.n(o.nodes),
                                       setup=w.setup(o.gpu_count, offer.gpu))),
                          price=w.usd(o.per_hour_usd), kind=w.kinds[o.pricing_model],
                          date=o.price_date, source=source_short(offer.source)))
    if rows:
        out.more.append(w.say(key, rows="; ".join(rows)))


def _is_money(o: Written) -> bool:
    """Whether a side's answer (:func:`_providers_setups`, :func:`_each_priced`) led with a
    price in USD that is more than $0."""
    return (o.first is not None and o.asked is not None and o.asked.value > 0
            and o.asked.unit.startswith("USD") and o.asked.quantity.endswith("_usd"))


def _money_said(w: _W, quantity: str, v: float) -> str:
    """``v`` as the sides' answers asked it: a month's or an hour's price, per 1M output
    tokens, else dollars."""
    key = {"per_month_usd": "provider_setups_month", "per_hour_usd": "provider_setups_hour",
           "per_million_output_tokens_usd": "each_million"}
    return w.say(key[quantity], money=w.usd(v)) if quantity in key else w.usd(v)


def _gather_notes(out: Written, o: Written) -> None:
    """A side's warnings and stated prices added to the combined answer ``out``, once each."""
    out.warnings.extend(x for x in o.warnings if x not in out.warnings)
    out.stated_prices.extend(x for x in o.stated_prices if x not in out.stated_prices)


_EACH_SAME = 1.05
"""In an "each" comparison (:func:`_each_priced`), a side that costs at most this multiple of
the cheapest is said as about the same as it ("about the same as awq-int4"), not as "about
1.0× awq-int4"."""


def _each_count(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                catalog: Catalog, today: dt.date, messages: Messages, model_id: str | None,
                st: Stated | None) -> Written | None:
    """A fine-tuning job weighed on two or more counts of one GPU ("QLoRA Llama 3 70B on 50M
    tokens: 1 A100 80GB vs 4 A100 80GB, hours and cost?"): each count answered alone as the
    fine-tuning answer answers it (its hours, its cost, its fit: /v1/sizing's and the
    recommendations' figures for that count), in the order asked; the first count's figure
    is the number asked. It was the first count alone (buyer audit 28 #C). None where not so
    asked, or no count is answered."""
    if (st is None or model_id is None or intent != "finetune" or len(st.counts_weighed) < 2
            or sub not in (None, "cost", "time") or ex.gpu is None
            or catalog.registry.models[model_id].kind != "llm"):
        return None
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)
    alone = dc_replace(st, counts_weighed=())
    sides = [(w.setup(n, ex.gpu), compose_numbers(
        intent, sub, msgspec.structs.replace(ex, gpu_count=n), det, lang, catalog, today,
        messages, model_id, alone)) for n in st.counts_weighed]
    answered = [(name, o) for name, o in sides if o.first is not None]
    if len(answered) < 2:
        return None
    first = answered[0][1]
    out = Written(first=" ".join(w.say("each_gpu", label=name, text=_decap(w, o.first or ""))
                                 for name, o in answered),
                  sizing=first.sizing, asked=first.asked, computed=True,
                  follow_up=first.follow_up)
    for name, o in answered:
        if o.more:
            out.more.append(w.say("each_gpu_more", label=name, text=" ".join(o.more)))
        out.offers.extend([o.priced_offer] if o.priced_offer is not None else o.offers[:1])
        _gather_notes(out, o)
    return out


def _month_and_unit(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                    catalog: Catalog, today: dt.date, messages: Messages,
                    model_id: str | None, st: Stated | None) -> Written | None:
    """An image, video or audio model on a GPU named, its time per item and a month asked
    ("How many seconds per image is SDXL on an RTX 4090 and what does 24/7 cost per month?",
    "Flux dev on one H100: seconds per image and monthly cost?"): the month of that setup
    leads, as the cost answer prices a month asked alone (/v1/recommendations'
    per_month_usd), the unit answer (its time per item, its cost per 1,000) after it. It was
    the cost per 1,000 images alone, no month (buyer audit 28 #A). None where not so asked."""
    if (st is None or model_id is None or intent != "cost" or sub != "unit"
            or not (st.month_priced or st.month_asked) or ex.gpu is None or det.tokens
            or st.items or st.clips or st.songs
            or catalog.registry.models[model_id].kind == "llm"):
        return None
    month = compose_numbers("cost", "month", ex, msgspec.structs.replace(det, sub="month"),
                            lang, catalog, today, messages, model_id, st)
    if month.first is None or month.asked is None or month.asked.quantity != "per_month_usd":
        return None
    unit = compose_numbers("cost", "unit", ex, det, lang, catalog, today, messages, model_id,
                           dc_replace(st, month_priced=False, month_asked=False))
    if unit.first is not None:
        # after the month's own sentence that splits it (GPU time and storage), if any
        month.more.insert(min(1, len(month.more)), unit.first)
    return month


def _each_priced(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                 catalog: Catalog, today: dt.date, messages: Messages, model_id: str | None,
                 st: Stated | None) -> Written | None:
    """Two precisions, or two or more GPUs, whose cost is asked each ("fp8 vs bf16 for Llama
    3.1 70B on H200 with 16 users: monthly cost each?", "fp8 sau bf16 ...: cât costă pe lună
    fiecare?"; "L4 vs A10G for llama 3.1 8b: monthly cost of each?" with no load stated):
    each priced as the cost answer prices it alone (that precision, or that GPU, at the same
    load, the same usage and the same period: its setup, month, storage and notes), in the
    order asked, the dearer said as a multiple of the cheapest; the cheapest figure is the
    number asked, each one's lead offer is in the recommendations. The precision pair was
    priced at the cheaper precision alone, no bf16 figure said; the GPUs with no load were
    priced by the hour, no month (numbers/compare.py months a load of more than one user,
    which it scales like for like). A GPU count said of each GPU ("2 A100 80GB or 1 H200")
    prices that many; an image model's GPUs compared by the month ("which is cheaper per
    month for Flux dev, L40S or RTX 4090?") are each that setup's month too (buyer audit 28
    #A: hourly prices, or the cost per 1,000 images, and no month). None where neither is
    asked, or nothing is priced."""
    if st is None or model_id is None:
        return None
    kind = catalog.registry.models[model_id].kind
    gpus = det.gpus or ([ex.gpu] if ex.gpu else [])
    # an image model's month of work on two GPUs or more named ("SDXL on L4 and RTX 4090 for
    # 5,000 images a month"): each GPU's month of that job, whichever intent read it (it
    # priced the cheapest catalog setup, neither GPU named)
    volume = (kind == "diffusion" and len(gpus) >= 2 and st.monthly_volume
              and bool(st.items) and intent in ("compare", "cost", "media", "gpu_count"))
    if kind != "llm" and not (kind == "diffusion" and (intent == "compare" or volume)):
        return None
    if st.models or len(st.providers_named) > 1 or st.data_moved:
        return None
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)
    sides: list[tuple[str, Written]] = []  # (the label of each side, its cost answer alone)
    precs = _precisions_said(st)
    if (intent == "cost" and len(precs) >= 2 and len(gpus) <= 1
            and not st.precisions_switched):
        alone = _one_precision(st)
        for pid in precs:
            sides.append((pid, compose_numbers(
                "cost", sub, msgspec.structs.replace(ex, weights=pid), det, lang, catalog,
                today, messages, model_id, alone)))
        label, row = "each_precision", "each_row"
    elif (((intent == "compare" and st.month_priced) or volume
           # "cost per month on an A100, and what about on an L40S?": each GPU named priced
           # as "compare ... A100 vs L40S" prices it (audit buyer30c #5: the A100 alone)
           or (intent == "cost" and sub == "month" and len(det.gpus or ()) >= 2
               and st.month_priced))
          and len(gpus) >= 2
            and (not st.gpu_counts or {g for g, _ in st.gpu_counts} == set(gpus))
            and (ex.concurrent_requests or 1) <= 1 and not det.users
            and st.request_rate_per_s is None and st.user_base is None
            and not (kind != "llm" and ((st.items and not st.monthly_volume)
                                        or det.duration_hours or st.work_rate))):
        counts = dict(st.gpu_counts)
        for gid in gpus:
            one = msgspec.structs.replace(det, gpus=[gid], sub="month")
            n = counts.get(gid)
            sides.append((w.setup(n, gid) if n else w.gpu_name(gid), compose_numbers(
                "cost", "month", msgspec.structs.replace(ex, gpu=gid, gpu_count=n), one,
                lang, catalog, today, messages, model_id, dc_replace(st, gpu_counts=()))))
        label, row = "each_gpu", "each_row_gpu"
    else:
        return None

    priced = [(name, o) for name, o in sides if _is_money(o)]
    if not priced:
        return None  # nothing priced: the answer as before, with its reason
    quantity = priced[0][1].asked.quantity if priced[0][1].asked else ""
    priced = [(name, o) for name, o in priced if o.asked and o.asked.quantity == quantity]
    cheap = min(priced, key=lambda x: x[1].asked.value if x[1].asked else 0.0)
    low = cheap[1].asked.value if cheap[1].asked else 0.0

    # a month's volume of images ("10,000 images a month") priced as that month's job on
    # each side: each job's total is a month's cost, said so (it answered per 1,000 images)
    month_job = quantity == "job_usd" and st.monthly_volume and kind == "diffusion"

    def said(v: float) -> str:
        return _money_said(w, "per_month_usd" if month_job else quantity, v)

    rows = []
    for name, o in sides:
        if (name, o) not in priced or o.asked is None:
            rows.append(w.say("each_row_none", label=name))  # never $0
            continue
        setup = o.priced_setup or ""
        if o.priced_setup is None and o.offers:
            v = o.offers[0]
            card = next((g for g, c in w.reg.gpus.items() if c.name == v.gpu), None)
            setup = (w.setup(v.gpu_count, card) if card
                     else w.say("setup", n=v.gpu_count, gpu=v.gpu))
            if v.nodes > 1:
                setup = w.say("instances", n=w.n(v.nodes), setup=setup)
        x = o.asked.value / low if low else 1.0
        dearer = said(o.asked.value) != said(low) and len(priced) > 1
        # within 5 % of the cheapest: "about the same as awq-int4", never "about 1.0×"; a
        # side whose answer names no offer or setup (a price per 1M, a GPU's hourly price)
        # with no setup in its row: its own sentence, after the rows, names it
        rows.append(w.say(row + ("" if setup else "_bare")
                          + ("" if not dearer else "_same" if x <= _EACH_SAME else "_dearer"),
                          label=name, setup=setup, money=said(o.asked.value), x=w.n(x, 1),
                          cheap=cheap[0]))
    lead = (w.say("each_lead_month_job", n=w.n(st.items or 0), rows="; ".join(rows))
            if month_job else
            w.say("each_lead_month" if quantity == "per_month_usd" else "each_lead",
                  rows="; ".join(rows), usage=w.usage()))
    asked = cheap[1].asked
    if month_job and asked is not None:
        asked = msgspec.structs.replace(asked, quantity="per_month_usd")  # the month's job
    out = Written(first=lead, sizing=cheap[1].sizing, asked=asked, computed=True,
                  follow_up=cheap[1].follow_up,
                  users=next((o.users for _, o in sides if o.users is not None), None))
    if label == "each_precision" and len(precs) == 2 and st.speed_compared is not None:
        # "how much faster is fp8 than bf16, and what does it cost per month?": the speed
        # comparison asked first leads (both speeds and their ratio, as "how much faster"
        # alone answers it), each precision's price after it (buyer audit 28 #B: the prices
        # alone, no speed)
        speed = compose_numbers("speed", "precision_vs", ex,
                                msgspec.structs.replace(det, sub="precision_vs"), lang,
                                catalog, today, messages, model_id,
                                dc_replace(st, cheaper_compared=False, money_asked=False,
                                           price_asked=False, cost_asked=False,
                                           month_priced=False, month_asked=False))
        if speed.first is not None:
            out.more.insert(0, lead)
            out.first = speed.first
    for name, o in sides:
        if o.first is not None:
            out.more.append(w.say(label, label=name, text=_decap(w, o.first)))
    for name, o in sides:
        if o.more:
            out.more.append(w.say(label + "_more", label=name, text=" ".join(o.more)))
        out.offers.extend([o.priced_offer] if o.priced_offer is not None else o.offers[:1])
        _gather_notes(out, o)
    return out


def _precisions_said(st: Stated) -> tuple[str, ...]:
    """The precisions a question weighs, in the order said: three listed ("bf16 vs fp8 vs
    awq int4"), else the pair weighed, else none."""
    return st.precisions_listed or st.precisions_weighed or ()


def _one_precision(st: Stated) -> Stated:
    """``st`` as a question that names one precision, the one its side is asked at."""
    return dc_replace(st, precisions_weighed=None, precisions_listed=(), weights_left=None,
                      precisions_unknown=(), gguf_weighed_alone=False)


def _each_speed(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                catalog: Catalog, today: dt.date, messages: Messages, model_id: str | None,
                st: Stated | None) -> Written | None:
    """Two or three precisions weighed with a speed asked that the precision comparison
    (speed's ``_precision_vs``: which to take, which is faster, a pair, no money) does not
    answer: a first token's time or a time per token ("fp8 vs bf16 for Llama 3.1 70B on
    H200: TTFT?"), three precisions ("bf16 vs fp8 vs awq int4 on L40S, tokens/s"), or a price
    asked beside the speed ("compare fp8 vs bf16 …: tokens/s and cost per 1M tokens"). Each
    precision answered alone as the speed answer answers it (its setup, the figure asked
    and its notes), in the order asked; where money is asked, each priced alone too as the
    cost answer prices it (:func:`_each_priced`: per 1M output tokens where that is asked,
    else a month where one is named, else an hour). It gave the model's own precision
    alone, or a precision nobody asked for, and no price (audit buyer24b #4). The first
    precision's figure is the number asked. None where not so asked."""
    if st is None or model_id is None or catalog.registry.models[model_id].kind != "llm":
        return None
    precs = _precisions_said(st)
    gpus = det.gpus or ([ex.gpu] if ex.gpu else [])
    if (intent != "speed" or len(precs) < 2 or st.precisions_switched or st.models
            or len(gpus) > 1 or len(st.providers_named) > 1 or sub == "precision"
            or (sub == "precision_vs" and len(precs) == 2)):
        return None
    alone = _one_precision(st)
    own_sub = None if sub == "precision_vs" else sub  # three named: the plain speed answer
    sides = [(pid, compose_numbers(
        "speed", own_sub, msgspec.structs.replace(ex, weights=pid),
        msgspec.structs.replace(det, sub=own_sub), lang, catalog, today, messages, model_id,
        alone)) for pid in precs]
    answered = [(pid, o) for pid, o in sides if o.first is not None]
    if not answered:
        return None
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)
    lead = " ".join(w.say("each_precision", label=pid, text=_decap(w, o.first or ""))
                    for pid, o in answered)
    money: Written | None = None
    if st.money_asked:
        msub = ("million" if st.million_asked else "month"
                if st.month_priced or st.month_asked else "hour")
        money = _each_priced("cost", msub, ex, msgspec.structs.replace(det, sub=msub), lang,
                             catalog, today, messages, model_id, st)
    first = answered[0][1]
    out = Written(first=lead, sizing=first.sizing, asked=first.asked, computed=True,
                  follow_up=first.follow_up,
                  users=next((o.users for _, o in sides if o.users is not None), None))
    if money is not None and money.first is not None:
        out.more.append(money.first)
    for pid, o in answered:
        if o.more:
            out.more.append(w.say("each_precision_more", label=pid, text=" ".join(o.more)))
        _gather_notes(out, o)
    if money is not None:
        out.more.extend(money.more)
        out.offers.extend(money.offers)
        _gather_notes(out, money)
    return out


_SPEED_PRICED = frozenset({"request_cost", "precision", "precision_vs"})
"""The speed answer's subs that price their own setup, or weigh precisions
(:func:`_each_speed`): no price per 1M is added to them (:func:`_million_also`)."""


def _million_also(out: Written, ex: Extracted, det: Details, lang: str, catalog: Catalog,
                  today: dt.date, messages: Messages, model_id: str, st: Stated) -> None:
    """The price per 1M output tokens asked beside a speed ("how many tokens per second can 8x
    H100 push with llama 3.1 70b fp8 at max load, and $/1M tok?"): the cost answer's own
    lead for the same model, GPUs and load, said right after the speed that leads (the
    first asked), with its warnings and offer. It was dropped: the throughput alone, where
    the price asked alone gives $1.01 per 1M at lium's $14.00/h (audit buyer24b #11).
    Nothing where the speed was not answered or nothing prices the setup (never $0)."""
    if out.first is None:
        return
    cost = compose_numbers("cost", "million", ex, msgspec.structs.replace(det, sub="million"),
                           lang, catalog, today, messages, model_id, st)
    if (not _is_money(cost) or cost.asked is None
            or not cost.asked.quantity.startswith("per_million")):
        return
    out.more.insert(0, cost.first or "")
    priced = [cost.priced_offer] if cost.priced_offer is not None else cost.offers[:1]
    out.offers.extend(o for o in priced if o not in out.offers)
    _gather_notes(out, cost)


_TOGETHER_INTENTS = frozenset({"fits", "memory", "guidance", "compare", "gpu_count"})
"""The intents a question of two models run together on one GPU is answered by their sum."""


def _models_together(intent: str, ex: Extracted, det: Details, lang: str, catalog: Catalog,
                     today: dt.date, messages: Messages, st: Stated | None) -> Written | None:
    """Two models run together on one GPU ("Can I run Llama 3.1 8B and bge-m3 on the same L4
    for RAG?", "fit together on one 24 GB GPU", :attr:`Stated.models_together`): each sized
    as the question naming it alone sizes it (its own context: a chat prompt, one retrieval
    chunk for an embedder), both on the one GPU, their totals summed (two servers, each with
    its own runtime memory) against the card's usable memory; where they do not fit, the
    language model at a lower precision that makes them fit, if one does. It got unrelated
    guidance passages and "Which model?" (audit 30a #10). None where not so asked, or where
    more than one GPU is named."""
    if (st is None or not st.models_together or len(st.models) != 2 or det.gpus
            or intent not in _TOGETHER_INTENTS or (ex.gpu_count or 1) != 1):
        return None
    reg = catalog.registry
    gid = ex.gpu
    cards: list[Any] = []
    if gid is None and det.memory_gib:
        # "one 24 GB GPU": judged on the catalog's cards of that size with the least usable
        # memory (the answer names them), the most any of them leaves said beside it
        cards = sorted((g for g in reg.gpus.values() if abs(g.memory_gb - det.memory_gib) < 0.5),
                       key=lambda g: (g.usable_gib, g.id))
        gid = cards[0].id if cards else None
    alone = dc_replace(st, models=(), models_weights=(), models_together=False)
    one = msgspec.structs.replace(det, sub=None)
    if gid is None:
        if det.memory_gib or ex.gpu_count not in (None, 1) or intent == "compare":
            return None
        return _models_summed(ex, one, lang, catalog, today, messages, st, alone)

    def sized(mid: str, weights: str | None = None, on: str | None = None
              ) -> tuple[_W, SizingResult] | None:
        card = on or gid
        w = _W(msgspec.structs.replace(ex, model=mid, gpu=card, gpu_count=1), one, None, lang,
               catalog, today, messages, mid, alone)
        kw: dict[str, Any] = {"weights": weights} if weights else {}
        r = w.size(gpu=card, gpu_count=1, input_tokens=_ctx(w), output_tokens=0, **kw)
        if r is None or r.gpu is None or r.runs is False:
            return None
        return w, r

    pair = [sized(m) for m in st.models]
    if any(p is None for p in pair):
        return None
    (wa, ra), (wb, rb) = (p for p in pair if p is not None)
    w = wa
    # against the share of the card the larger one's engine is sized with (the usable
    # memory the service's fits say: 20.2 GiB of an L4 for vLLM)
    cap = w.cap(ra if ra.memory.total_gib >= rb.memory.total_gib else rb)
    total = ra.memory.total_gib + rb.memory.total_gib
    fits = total <= cap
    named = det.memory_gib and ex.gpu is None
    least = [g.name for g in cards if g.usable_gib == cards[0].usable_gib] if named else []
    setup = (w.say("together_card_least" if len(least) > 1 else "together_card",
                   gb=w.n(det.memory_gib or 0), gpu=reg.gpus[gid].name,
                   gpus=", ".join(least[:3]))
             if named else w.setup(1, gid))
    # the most a card of that size leaves the larger model's engine (the RTX 3090's 21.6 GiB
    # beside the L4's 20.2): said, so a "24 GB GPU" is judged on the card the buyer has
    widest = _together_widest(cards, sized, wa if ra.memory.total_gib >= rb.memory.total_gib
                              else wb, cap) if named else None

    def part(x: _W, r: SizingResult) -> str:
        assert x.model is not None
        return w.say("together_part" if x.model.kind == "llm" else "together_part_plain",
                     model=x.model.name, gib=w.gib(r.memory.total_gib), weights=r.weights,
                     ctx=w.n(_ctx(x)))

    w.out.first = w.say("together_fits" if fits else "together_no", setup=setup,
                        total=w.gib(total), cap=w.gib(cap), left=w.gib(max(0.0, cap - total)),
                        a=part(wa, ra), b=part(wb, rb))
    w.ask("total_gib", total, "GiB", yes=fits)
    if widest is not None:
        cap_hi, hi = widest
        key = ("together_range_fits" if fits else "together_range_only" if total <= cap_hi
               else "together_range_none")
        w.out.more.append(w.say(key, gb=w.n(det.memory_gib or 0), cap_hi=w.gib(cap_hi),
                                gpu_hi=hi, left_hi=w.gib(max(0.0, cap_hi - total))))
    if fits or (widest is not None and total <= widest[0]):
        w.out.more.append(w.t["together_how"])
    else:
        # the language model (the larger) at a precision that makes the two fit, if one does
        (big, _), (_, rsmall) = sorted(((wa, ra), (wb, rb)),
                                              key=lambda x: -x[1].memory.total_gib)
        assert big.model_id is not None
        for p in ("fp8", "int4"):
            low = sized(big.model_id, p)
            if low is None or low[1].weights != p:
                continue
            both = low[1].memory.total_gib + rsmall.memory.total_gib
            if both <= cap:
                assert big.model is not None
                w.out.more.append(w.say("together_at", model=big.model.name, weights=p,
                                        total=w.gib(both), cap=w.gib(cap)))
                break
    w.out.computed = True
    return w.out


def _together_widest(cards: list[Any], sized: Callable[..., tuple[_W, SizingResult] | None],
                     big: _W, cap: float) -> tuple[float, str] | None:
    """The most memory the larger model's engine is given on one of ``cards`` (a memory size
    stated, "a 24 GB GPU"), and that card's name, where it is more than ``cap`` (the card
    the answer judged on, the least of them) by a tenth of a GiB or more; else None."""
    assert big.model_id is not None
    best: tuple[float, str] | None = None
    for g in cards[1:]:
        got = sized(big.model_id, on=g.id)
        if got is None:
            continue
        c = got[0].cap(got[1])
        if best is None or c > best[0] + 1e-9:
            best = (c, g.name)
    return best if best is not None and best[0] >= cap + 0.1 else None


def _models_summed(ex: Extracted, det: Details, lang: str, catalog: Catalog, today: dt.date,
                   messages: Messages, st: Stated, alone: Stated) -> Written | None:
    """Two models' memory together with no GPU named ("how much VRAM for llama 3.1 8b and
    mistral 7b together?", "ambele"): each sized as the question naming it alone sizes it
    (/v1/sizing with no GPU: its own context, its weights), the two totals summed, the sum the
    number asked. It asked "Which model?" of a question that named both (audit buyer31c #4).
    None where either cannot be sized."""
    parts: list[tuple[_W, SizingResult]] = []
    for mid in st.models:
        w = _W(msgspec.structs.replace(ex, model=mid, gpu=None, gpu_count=None), det, None,
               lang, catalog, today, messages, mid, alone)
        r = w.size(input_tokens=_ctx(w), output_tokens=0)
        if r is None or r.runs is False:
            return None
        parts.append((w, r))
    (wa, ra), (wb, rb) = parts
    w = wa
    total = ra.memory.total_gib + rb.memory.total_gib

    def part(x: _W, r: SizingResult) -> str:
        assert x.model is not None
        return w.say("together_part" if x.model.kind == "llm" else "together_part_plain",
                     model=x.model.name, gib=w.gib(r.memory.total_gib), weights=r.weights,
                     ctx=w.n(_ctx(x)))

    w.out.first = w.say("together_sum", total=w.gib(total), a=part(wa, ra), b=part(wb, rb))
    w.ask("total_gib", total, "GiB")
    w.out.more.append(w.t["together_sum_how"])
    w.out.computed = True
    return w.out


def _each_users(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                catalog: Catalog, today: dt.date, messages: Messages,
                st: Stated | None) -> Written | None:
    """Language models compared on one GPU by the users each serves ("qwen3-30b-a3b vs
    qwen3-32b on one H100: which serves more users at 20 tok/s each?", "care servește mai
    mulți utilizatori"; sub "users"): each model answered as "how many users at 20 tok/s
    each can it serve on one H100" answers it alone (the max_concurrency answer: its
    precision, the speed stated, its notes), the one that serves more leading with its
    count, the others' after it; that count is the number asked. It gave one request's
    speeds and no count (audit buyer24b #11). None where not so asked, or where no model
    serves a user there (the comparison of speeds answers then)."""
    if (intent != "compare" or sub != "users" or st is None or len(st.models) < 2
            or any(catalog.registry.models[m].kind != "llm" for m in st.models)
            or ex.gpu is None or det.gpus):
        return None
    beside = st.models_weights or (None,) * len(st.models)
    alone = dc_replace(st, models=(), models_weights=())
    sides: list[tuple[str, Written]] = []
    for mid, pid in zip(st.models, beside, strict=True):
        # (a precision written beside one model is that model's alone, as compare_models
        # reads it)
        one = (ex if not st.models_weights else msgspec.structs.replace(
            ex, weights=pid, quantized=ex.quantized if pid else None))
        sides.append((mid, compose_numbers(
            "max_concurrency", None, one, msgspec.structs.replace(det, sub=None), lang,
            catalog, today, messages, mid, alone)))
    counted = [(mid, o) for mid, o in sides if o.first is not None and o.asked is not None
               and o.asked.quantity == "max_batch_size"]
    if len(counted) < len(sides):
        return None
    w = _W(ex, det, sub, lang, catalog, today, messages, counted[0][0], st)
    if not any(o.asked and o.asked.value > 0 for _, o in counted):
        # none serves one user there (at the speed stated): each one's own answer says so,
        # with the speed one request alone gets, in the order named (no "No:" before each:
        # which one serves more is no yes or no)
        first = counted[0][1]
        out = Written(first=" ".join(_without_yes_no(w, o.first or "") for _, o in counted),
                      sizing=first.sizing, computed=True, follow_up=first.follow_up,
                      asked=msgspec.structs.replace(first.asked, yes=None) if first.asked
                      else None)
        for mid, o in counted:
            if o.more:
                out.more.append(w.say("each_model_more", label=w.reg.models[mid].name,
                                      text=_decap(w, " ".join(o.more))))
            out.offers.extend(o.offers[:1])
            _gather_notes(out, o)
        return out
    ranked = sorted(counted, key=lambda x: -(x[1].asked.value if x[1].asked else 0.0))
    (best, top), rest = ranked[0], ranked[1:]
    n = top.asked.value if top.asked else 0.0

    def name(mid: str) -> str:
        return w.reg.models[mid].name

    others = "; ".join(
        w.say("compare_models_other_users" if o.asked and o.asked.value > 0
              else "compare_models_other_users_none", model=name(mid),
              n=w.n(o.asked.value if o.asked else 0)) for mid, o in rest)
    target = st.min_tokens_per_s
    key = "compare_models_more_users" + ("_speed" if target else "")
    if all(o.asked and o.asked.value == n for _, o in rest):
        key += "_tie"
    lead = w.say(key, model=name(best), setup=w.setup(ex.gpu_count or 1, ex.gpu), n=w.n(n),
                 others=others, speed=w.say("speed_target_tps", tps=w.hours(target or 0.0)))
    out = Written(first=lead, sizing=top.sizing, asked=top.asked, computed=True,
                  follow_up=top.follow_up,
                  users=next((o.users for _, o in sides if o.users is not None), None))
    for _, o in sides:
        out.more.append(o.first or "")
    for mid, o in sides:
        if o.more:
            out.more.append(w.say("each_model_more", label=name(mid),
                                  text=_decap(w, " ".join(o.more))))
        out.offers.extend(o.offers[:1])
        _gather_notes(out, o)
    return out


def _without_yes_no(w: _W, text: str) -> str:
    """``text`` without the "Yes:" / "No:" ("Da:" / "Nu:") that :func:`_yes_no_lead` put
    before it, its first letter in capitals again."""
    if not _leads_yes_no(w, text):
        return text
    rest = text.split(":", 1)[1].lstrip() if ":" in text else text
    return rest[:1].upper() + rest[1:]


def _no_nvlink_note(w: _W) -> None:
    """A setup said to have no NVLink on a card whose catalog link is NVLink ("8x A100 PCIe
    (no NVLink)"), said after the answer with what its speeds were timed over, as the
    sizing's collectives model times them (efficiency._link_model): a tensor-parallel group
    of 2 bridged PCIe cards, or of an NVLink board, over that link, which PCIe alone would
    make slower (audit buyer20 #4: 600 GB/s credited silently); a group of more than 2
    bridged cards already over PCIe, the bridge joining pairs only, so "no NVLink" is what
    is timed (audit 25b #10: 4 x H100 PCIe was said to be timed at 600 GB/s and to run
    slower without it); one GPU per copy of the model crosses no link at all."""
    if w.out.first is None or not w.st.no_nvlink:
        return
    for gid in dict.fromkeys(g for g in (w.ex.gpu, *(w.det.gpus or [])) if g):
        card = w.reg.gpus.get(gid)
        if card is None or card.link != "nvlink" or card.link_gb_s is None:
            continue
        r = w.recorded
        if r is None or r.gpu is None or r.gpu.id != gid:
            r = w.sized_last.get(gid)  # a comparison's setup: its last sizing that fits
        lay = r.layout if r is not None else None
        tp = lay.tensor if lay is not None else (w.ex.gpu_count or 1)
        pp = lay.pipeline if lay is not None else 1
        if tp <= 1 and pp <= 1:
            w.out.more.insert(0, w.say("no_nvlink_one_gpu", gpu=card.name))
        elif tp > 2 and bridged(card) and not all_to_all_link(card):
            gen = card.pcie_gen or 4
            w.out.more.insert(0, w.say("no_nvlink_pcie_timed", gpu=card.name, n=w.n(tp),
                                       gen=gen, each=w.n(PCIE_X16_GB_S.get(gen, 32.0))))
        else:
            w.out.more.insert(0, w.say("no_nvlink_not_modelled", gpu=card.name,
                                       link=card.link_name, bw=w.n(card.link_gb_s)))
        return


def _flash_note(w: _W, intent: str) -> None:
    """FlashAttention named beside another question ("Llama 3.1 8B with FlashAttention 2 on
    a T4: how fast?", a fine-tune on a V100 with flash attention) on a GPU it does not run
    on (:func:`hardware.flash_attention_support`: older than Ampere): said after the answer,
    with what runs attention there; the memory answers size no attention score matrix
    either way (PyTorch SDPA's memory-efficient kernel keeps none). The FlashAttention
    question itself is its own answer (memory._flash_attention); it was never mentioned
    (audit 25b #12)."""
    if (w.out.first is None or w.st.flash_attention is None
            or (intent == "precision" and w.sub == "flash_attention")):
        return
    for gid in dict.fromkeys(g for g in (w.ex.gpu, *(w.det.gpus or [])) if g):
        card = w.reg.gpus.get(gid)
        if card is None:
            continue
        got = flash_attention_support(card)
        if got in ("fa1", "none"):
            w.out.more.insert(0, w.say("fa_note_" + got, gpu=card.name,
                                       cc=card.compute_capability, arch=card.architecture))
            return


def _latency_note(w: _W) -> None:
    """A bare latency read as the limit on the time to first token (``Stated.latency_as_ttft``:
    "p99 latency under 300 ms"): said right after the answer, once, with the TPOT it leaves
    unbounded; it was no target at all (audit targetsor22 #2)."""
    if (w.st.latency_as_ttft and w.out.first is not None and w.st.max_ttft_ms
            and w.generates_tokens()):
        w.out.more.insert(0, w.t["latency_as_ttft"])


def _percentile_note(w: _W) -> None:
    """A latency percentile stated ("p95 TTFT under 300 ms", "p99 latency"): the serving
    model gives mean TTFT and TPOT at the load (as the recommendations' ``latency_statistic``
    assumption says), so a warning says once that the figures are means and the percentile
    is not modelled; it was checked as the mean silently (audit tpotrate21 #3)."""
    p = w.st.latency_percentile
    if w.out.first is not None and p is not None:
        w.warn(w.t["latency_worst_mean"] if p == "worst"
               else w.say("latency_percentile_mean", p=p))


def _vague_length_note(w: _W) -> None:
    """A request length said in words and no number ("short chat prompts", "long documents":
    ``Stated.vague_length``): never read as a length (no figure is invented for "short"); the
    answer, sized at the default request, says so right after its first sentence, with the
    tokens it used, and asks for a number. It read "5 requests per second of 4,096 tokens
    (3,584 in, 512 out)" beside "short chat prompts" with no word (audit buyer17b #9)."""
    s = w.out.sizing
    if (w.st.vague_length is None or w.out.first is None or s is None
            or not w.generates_tokens() or w.st.prompt_tokens is not None
            or w.ex.context_tokens is not None):
        return
    out = w.st.output_tokens if w.st.output_tokens is not None else ASK_OUTPUT_TOKENS
    if s.context_tokens <= out:
        return
    w.out.more.insert(0, w.say("vague_length", words=w.st.vague_length,
                               inp=w.n(s.context_tokens - out), out=w.n(out)))


def _gguf_app_note(w: _W) -> None:
    """An app built on llama.cpp named ("with Ollama", "in LM Studio": ``Stated.gguf_app``),
    the model sized on llama.cpp: said right after the answer, with the app's source, and the
    GGUF type taken where no precision was stated (``_W.app_weights``: Ollama's default
    Q4_K_M). The answer was fp8 on vLLM, unsaid (audit ollama)."""
    app = w.st.gguf_app
    if app is None or w.out.first is None or w.out.sizing is None or w.engine() != "llama.cpp":
        return
    key = "gguf_app_" + app.lower().replace(" ", "_")
    w.out.more.insert(0, w.t[key + "_default" if w.app_weights is not None else key])


def _stand_in_engine_note(w: _W) -> None:
    """An engine not modelled named ("with TGI": ``Stated.engine_stand_in``), the model sized
    on the engine the catalog lists it under: said right after the answer, with why that
    one is its nearest (buyer audit 26a #13: vLLM's figures, unsaid)."""
    said = w.st.engine_stand_in
    engine = w.engine()
    if said is None or engine is None or w.out.first is None or w.out.sizing is None:
        return
    got = w.reg.engines.stand_in(said)
    if got is None or got[0].id != engine:
        return
    w.out.more.insert(0, w.say("engine_stand_in", said=said, engine=w.engine_name(engine)))


def _own_price_unused(w: _W) -> None:
    """The asker's own price stated ("I pay $2/hr for an H100") where no figure of the answer
    is priced at it (no GPU named it is the price of, or an answer the own price does not
    reach) while the answer quotes prices: said, never dropped silently (audit ownprice: the
    catalog's price was used with no word of the price stated)."""
    own = w.st.own_price_usd_per_hour
    if not ((own and own > 0) or w.st.gpu_prices) or w.own_used or w.out.first is None:
        return
    if not any(("$" in x or "USD" in x) for x in (w.out.first, *w.out.more)):
        return  # no price quoted: nothing to say it is not used for
    key = ("own_prices_unused" if len(w.st.gpu_prices) > 1 else "own_price_no_gpu"
           if w.ex.gpu is None else "own_price_unused")
    w.out.more.insert(0, w.say(key, price=w.own_stated()))


def _format_refused(w: _W) -> str | None:
    """A weight format asked that the model's kind has none of ("Whisper large-v3 in AWQ":
    ``[[kind_format]]``, a 400 from /v1/sizing), said first in the asker's language with the
    rule's source; the answer after it is at the precision sized (the model's own). None
    where no format was refused or nothing was sized (audit s1fmt #2: a passage alone)."""
    if (w.format_refused is None or w.model is None or w.out.first is None
            or w.out.sizing is None):
        return None
    asked, rule = w.format_refused
    # a diffusion model: diffusers' own backends, not "language models only" (audit media2 #12)
    # an experts-only format on a model with no routed experts (audit 31d #4: Llama 3.1 8B
    # "in MXFP4" was "Yes, 7.5 GiB" where vLLM runs no MXFP4 linear layer)
    key = ("format_refused_experts" if rule.dense_only
           else "format_refused_kind_diffusion" if w.model.kind == "diffusion"
           else "format_refused_kind")
    # the experts rule's first URL is the one its text quotes (vLLM's MXFP4 method)
    source = rule.source.split(" ")[0] if rule.dense_only else rule.source
    return w.say(key, model=w.model.name, p=asked, source=source,
                 weights=w.out.sizing.weights)


def _audio_training(w: _W) -> bool:
    """Fine-tuning or pre-training an audio model ("fine-tune Whisper large-v3 on 500 hours of
    audio", "fă fine-tuning la Whisper"): not sized, as /v1/sizing refuses it (sizing's
    ``_size_media``: audio models are sized for inference only, their training memory not
    modelled), said in the asker's language with what is sized (inference); it answered the
    time and cost of transcribing the hours, as if that were the training run (audit train2
    #3). No number is asked."""
    m = w.model
    if m is None or m.kind != "audio" or w.ex.workload not in ("finetune", "pretrain"):
        return False
    if w.st.tuned_before:
        # "our fine-tuned Whisper: transcribe 1,000 hours", "the pretrained Whisper on an
        # L4": a model tuned before, used for inference; no training asked (audit regress11
        # #6: the participle set the workload and the transcription was refused)
        return False
    w.out.first = w.say("audio_train_unsized", model=m.name)
    w.out.asked = None
    w.out.computed = True
    return True


def _fleet_note(w: _W) -> None:
    """A GPU count worked out past what one setup is sized on (``fields.GpuCount``, 4,096:
    "100,000 requests per second: how many H100s?" is 24,815): an estimate of replicas each
    sized alone, said right after it, as a count stated past it is refused (audit regress6
    13: the count was given as any other)."""
    a = w.out.asked
    if w.out.first is None or a is None or a.quantity != "gpu_count" or a.value <= (
            _SIZED_GPUS_MAX):
        return
    w.out.more.insert(0, w.say("gpu_count_fleet", n=w.n(a.value), cap=w.n(_SIZED_GPUS_MAX)))


_USER_BASE_INTENTS = frozenset({"fits", "memory", "speed", "gpu_count", "compare", "cost",
                                "kv_cache", "spot", "regions"})
"""The intents whose answer is sized for a load of requests at once: a user base stated
(``Stated.user_base``) is sized as all of its users at once there."""


def user_base_load(ex: Extracted, st: Stated | None, intent: str, catalog: Catalog,
                   model_id: str | None) -> int | None:
    """The requests at once to size a language model's answer for when the question states a
    user base ("200 registered users", "5000 monthly active users", "20,000 users a day", "a
    team of 50") and no load at once, batch or rate: all of them at once, the worst case and
    an upper bound, as no published ratio turns such a count into a peak load (none was
    found: a peak depends on how many requests each user makes, how long each takes and when
    they come); 1 where all at once is past what is sized (``fields.Concurrency``). None
    where no user base is stated or the answer sizes no load (a training job, a batch job, a
    capacity asked). The count was dropped and one request sized (buyer audit: "200
    registered users" gave 1 × RTX A4000 at "concurrent requests: 1"), or read as users at
    once, unsaid ("200 de utilizatori înregistrați")."""
    base = st.user_base if st is not None else None
    if (base is None or st is None or model_id is None
            or catalog.registry.models[model_id].kind != "llm"
            or intent not in _USER_BASE_INTENTS or ex.concurrent_requests is not None
            or ex.batch_size is not None or ex.workload in ("batch", "finetune", "pretrain")
            or st.request_rate_per_s or st.work_rate):
        return None
    return base[0] if base[0] <= BATCH_MAX else 1


def _active_share_lead(w: _W) -> str | None:
    """The users at once read from a share of the users stated ("300 users, 10% active at
    once": 30), said first as what the answer is sized for and how it was read (buyer audit
    26a #1: the 300 were sized at once, unsaid). None where none was stated or the answer
    sized another load."""
    share = w.st.active_share
    if (share is None or w.out.first is None or w.ex.concurrent_requests != share[1]
            or w.model is None or w.model.kind != "llm"):
        return None
    total, at_once, pct = share
    how = (w.say("active_share_pct", pct=w.n(pct, 0 if pct == int(pct) else 1),
                 users=w.n(total), at_once=w.n(at_once)) if pct is not None
           else w.say("active_share_count", users=w.n(total), at_once=w.n(at_once)))
    return w.say("active_share_lead", how=how, requests=w.requests(at_once))


def _user_base_lead(w: _W) -> str | None:
    """A user base sized for (:func:`user_base_load`), said first: the count is no load at
    once, what the answer is sized for (all of them at once, or one request where that is
    past what is sized) and that the peak of concurrent users is what to tell; the numbers
    carry the count and how it was read (``Numbers.users``). None where none was sized for."""
    base, sized = w.st.user_base, w.user_base_sized
    if base is None or sized is None or w.out.first is None:
        return None
    n, kind = base
    users, cap = w.n(n), w.n(BATCH_MAX)
    head = w.say(f"user_base_{kind}", users=users)
    how = "all" if sized == n else "over_cap"
    assumed = w.say(f"user_base_assumed_{how}", head=head, users=users, cap=cap)
    w.out.users = UserBaseNumbers(users=n, counted=kind, concurrent_requests=sized,
                                  assumption=assumed[:1].upper() + assumed[1:])
    return w.say("user_base_lead", head=head, sized=w.say(f"user_base_{how}", users=users,
                                                            cap=cap))


_MLLAMA_TILES = (4, 560, 14)
"""Llama 3.2 Vision's image tiling (``mllama``): ``max_num_tiles`` 4 tiles of ``image_size``
560 px cut in ``patch_size`` 14 px patches, each tile (560 / 14)^2 = 1,600 patches plus a
class token, 1,601 tokens (its config.json's vision_config, the catalog entry's source
https://huggingface.co/meta-llama/Llama-3.2-11B-Vision/blob/main/config.json; vLLM's
``get_max_mllama_image_tokens``, vllm/model_executor/models/mllama.py: 6,404 for 4 tiles). Said
only where it gives the catalog's ``cross_attention_tokens``."""


def _image_tokens_lead(w: _W) -> str | None:
    """The tokens one image takes asked (``Stated.image_tokens_asked``: "how many tokens is
    one image for Llama 3.2 11B Vision?", "how many image tokens ... and how much VRAM"): said
    first, the memory after it (audit buyer16 #10: the memory alone, the tokens never said). A
    cross-attention model (Llama 3.2 Vision) caches its vision encoder's tokens per image, the
    catalog's ``cross_attention_tokens``: how they are counted, which layers read them, that
    they are no part of the text context, and the source; a multimodal model whose image
    tokens go into the context with a count the catalog records (``ModelEntry.image_tokens``:
    Qwen2-VL, Qwen2.5-VL, Gemma 3): the tokens of one image of the size stated, else how they
    follow from its size (audit buyer24a #5); one whose count it does not record (LLaVA-NeXT,
    Llama 4): said so (never a guess); a text model: it takes no image. None where not
    asked."""
    m = w.model
    if not w.st.image_tokens_asked or m is None or m.kind != "llm":
        return None
    a = m.architecture
    if m.modality != "multimodal":
        return w.say("image_tokens_text_model", model=m.name)
    if (a is None or not a.cross_attention_layers) and m.image_tokens is not None:
        # tokens in the context (Qwen2-VL, Gemma 3): one image of the size stated, counted
        # into the memory below (_images_read); with no size, how they follow from it
        it = m.image_tokens
        each = it.count(w.st.image_width_px, w.st.image_height_px)
        if each is None:
            lo, hi = it.token_range
            return w.say("image_tokens_by_size", model=m.name, px=w.n(it.pixel_side or 0),
                         min=w.n(lo), max=w.n(hi), source=it.source)
        w.ask("image_tokens_per_image", each, "tokens")
        return _image_each(w, m)
    if a is None or not a.cross_attention_layers or not a.cross_attention_tokens:
        return w.say("image_tokens_unknown", model=m.name)
    tokens = a.cross_attention_tokens
    tiles, px, patch = _MLLAMA_TILES
    per_tile = (px // patch) ** 2 + 1
    how = (w.say("image_tokens_mllama_how", tiles=w.n(tiles), px=w.n(px), patch=w.n(patch),
                 patches=w.n((px // patch) ** 2), per_tile=w.n(per_tile))
           if m.family == "mllama" and tiles * per_tile == tokens else "")
    images = w.st.images_per_request or 1
    w.ask("image_tokens_per_image", tokens, "tokens")
    return w.say("image_tokens_cross", model=m.name, tokens=w.n(tokens), how=how,
                 layers=w.n(a.cross_attention_layers), all=w.n(a.num_layers),
                 source=m.source) + " " + w.say(
        "image_tokens_counted" if images == 1 else "image_tokens_counted_n",
        n=w.n(images), total=w.n(tokens * images))


_IMAGES_UNSIZED = frozenset({"max_context", "finetune", "training"})
"""The intents whose requests are not a served context the images go into: the longest
context that fits (itself the question), and training."""


def _image_each(w: _W, m: ModelEntry) -> str | None:
    """How many tokens one image of the size stated makes for a model whose image tokens go
    into the context (``ModelEntry.image_tokens``), with how and the source; None where the
    count depends on a size the question does not give."""
    it = m.image_tokens
    if it is None:
        return None
    width, height = w.st.image_width_px, w.st.image_height_px
    each = it.count(width, height)
    if each is None:
        return None
    if it.pixel_side is not None and width and height:
        size = it.resized(width, height)
        assert size is not None  # counted, so resized
        return w.say("vision_context_each", model=m.name, each=w.n(each), width=w.n(width),
                     height=w.n(height), rw=w.n(size[0]), rh=w.n(size[1]),
                     px=w.n(it.pixel_side), source=it.source)
    return w.say("vision_context_each_fixed" if it.resize_side else "vision_context_each_any",
                 model=m.name, each=w.n(each), side=w.n(it.resize_side or 0), source=it.source)


def _images_read(w: _W, intent: str) -> str | None:
    """Images per request stated for a language model ("qwen2-vl 7b, 4 images per request
    (1024x1024 each)", "4 imagini per cerere"; one image where the tokens of one are asked):
    a vision-language model whose image tokens go into the context (Qwen2-VL, Qwen2.5-VL,
    Gemma 3: ``ModelEntry.image_tokens``) holds them in each request's context and KV cache
    like text, so they are added to the context sized (stated or the default) and to a prompt
    stated, for every writer (memory, fit, speed, count, cost), and said with how many each
    makes. A count that depends on the image's size where none is stated, a model whose count
    the catalog does not record, or a text-only model: the images are not counted, said so
    (they were dropped unsaid: 20 users of Qwen2-VL 7B with 4 images of 1024x1024 each were
    sized at 4,096 tokens, 21.6 GiB, "fits on an RTX 4090", where their 9,572 tokens need
    27.4 GiB, past the card; audit buyer24a #5). A cross-attention model (Llama 3.2 Vision)
    is sized by sizing's ``images_per_request`` (``_W.size``). None where nothing is said."""
    m = w.model
    n = w.st.images_per_request or (1 if w.st.image_tokens_asked else None)
    if (not n and m is not None and m.image_tokens is not None
            and (w.st.image_rate_asked is not None or w.vlm_job())
            and m.image_tokens.count(w.st.image_width_px, w.st.image_height_px) is not None):
        # images described one a request (a captioning job, images per hour asked) whose
        # tokens are known (a fixed count, or the size stated): counted as one image stated
        # is, its encoder timed with them (_W.images_timed; review vlmjobs)
        n = 1
    if (not n or m is None or m.kind != "llm" or m.task == "embed" or w.scaled is not None
            or intent in _IMAGES_UNSIZED or w.ex.workload in ("finetune", "pretrain")):
        return None
    a = m.architecture
    if a is not None and a.cross_attention_layers:
        return None
    images = w.say("images_per_request_one" if n == 1 else "images_per_request_n", n=w.n(n))
    asked = w.st.image_tokens_asked  # the lead says the tokens of one (_image_tokens_lead)
    if m.modality != "multimodal":
        return None if asked else w.say("vision_images_text_model", model=m.name,
                                        images=images)
    it = m.image_tokens
    if it is None:
        return None if asked else w.say("vision_images_unknown", model=m.name, images=images)
    each = it.count(w.st.image_width_px, w.st.image_height_px)
    if each is None:
        if asked:
            return None
        lo, hi = it.token_range
        return w.say("vision_images_need_size", model=m.name, images=images,
                     px=w.n(it.pixel_side or 0), min=w.n(lo), max=w.n(hi))
    # the request's text, prompt and output, as every writer reads it (a prompt stated is
    # the input itself, a context stated or the default 4,096 is prompt and output)
    out = _out(w)
    text = _prompt(w, out) + out
    if w.st.prompt_tokens and w.ex.context_tokens == w.st.prompt_tokens:
        # the prompt stated as one: the images come with it, the output after them (said of
        # the prompt, as the writers read it)
        typed = w.st.prompt_tokens
        prompt = min(typed + each * n, TOKENS_MAX)
        w.ex = msgspec.structs.replace(w.ex, context_tokens=prompt)
        w.st = dc_replace(w.st, prompt_tokens=prompt)
        counted = w.say("vision_context_counted_prompt", images=images, all=w.n(each * n),
                        text=w.n(typed), prompt=w.n(prompt))
        head = None if asked else _image_each(w, m)
        return counted if head is None else head + " " + counted
    w.ex = msgspec.structs.replace(w.ex, context_tokens=min(_ctx(w) + each * n, TOKENS_MAX))
    if w.st.prompt_tokens:
        w.st = dc_replace(w.st, prompt_tokens=min(w.st.prompt_tokens + each * n, TOKENS_MAX))
    ctx = _prompt(w, out) + out
    counted = w.say("vision_context_counted", images=images, all=w.n(each * n),
                    text=w.n(text), ctx=w.n(ctx))
    head = None if asked else _image_each(w, m)
    return counted if head is None else head + " " + counted


def _lead_with(w: _W, text: str | None) -> None:
    """``text`` first, the answer's first sentence after it."""
    if text is None:
        return
    if w.out.first is not None:
        w.out.more.insert(0, w.out.first)
    w.out.first = text


def _beyond_sized(w: _W, intent: str) -> bool:
    """A GPU count, a user count or a context past what the core sizes (the bounds of the
    API's fields, ``fields.GpuCount``, ``fields.Concurrency``, ``fields.Tokens``, which
    /v1/sizing and /v1/recommendations refuse with a 400): said so, with the bound and where
    it comes from, and no figures. Such a value was dropped, or failed the sizing, and the
    answer was for one GPU, one user or 4,096 tokens: another question than the one asked. A
    context past the model's own limit is a No whatever its size."""
    ex = w.ex
    if ex.gpu_count is not None and ex.gpu_count > _SIZED_GPUS_MAX:
        w.out.first = w.say("gpu_count_over_cap", n=w.n(ex.gpu_count),
                            cap=w.n(_SIZED_GPUS_MAX))
        w.out.follow_up = w.out.first  # a question to ask again
        return True
    unread = w.st.users_unread
    if unread is not None and ex.concurrent_requests is None:
        # "NaN users", "infinite users": no count read, and the answer was for one user with
        # nothing said (audit api); infinity is past the bound, NaN no number at all
        w.out.first = (w.say("users_over_cap", n=w.t["users_infinite"], cap=w.n(BATCH_MAX))
                       if unread[0] == "infinite" else
                       w.say("users_not_a_number", said=unread[1], cap=w.n(BATCH_MAX)))
        w.out.follow_up = w.out.first
        return True
    if ex.concurrent_requests is not None and ex.concurrent_requests > BATCH_MAX:
        w.out.first = w.say("users_over_cap", n=w.n(ex.concurrent_requests), cap=w.n(BATCH_MAX))
        w.out.follow_up = w.out.first  # a question to ask again
        return True
    # under one user, and a batch out of fields.BatchSize (audit api: "0 users", "-50 users",
    # "batch size 1000000000" were answered for one request)
    said = ("users_not_positive" if ex.concurrent_requests is not None
            and ex.concurrent_requests < 1 else "batch_over_cap" if ex.batch_size is not None
            and ex.batch_size > BATCH_MAX else "batch_not_positive"
            if ex.batch_size is not None and ex.batch_size < 1 else None)
    if said is not None:
        n = ex.concurrent_requests if said.startswith("users") else ex.batch_size
        w.out.first = w.say(said, n=w.n(n or 0), cap=w.n(BATCH_MAX))
        w.out.follow_up = w.out.first
        return True
    rate, rate_cap = w.st.request_rate_per_s, _bounds(RequestRate)[1]
    if rate is not None and rate > rate_cap and (intent != "cost" or w.ex.gpu is not None):
        # past fields.RequestRate (/v1/sizing's 400): it was dropped and the answer was one
        # request's speed, a GPU count or a price for one request, the rate unsaid (audit
        # regress6 13); a price with no GPU named is the recommendations', which take
        # requests_per_s to fields.RequestsPerSecond and say no setup meets it
        w.out.first = w.say("rate_over_cap", rate=w.per_s(rate), cap=w.per_s(rate_cap))
        w.out.follow_up = w.out.first
        return True
    ctx = ex.context_tokens
    if ctx is None or ctx <= TOKENS_MAX or w.model is None or w.model.kind != "llm":
        return False
    limit = w.max_ctx()
    if limit and ctx > limit and w.generates_tokens():
        w.out.first = w.say("context_over_limit_only", model=w.model.name, limit=w.n(limit),
                            ctx=w.n(ctx))
        w.ask("max_context_tokens", limit, "tokens", yes=False if intent == "fits" else None)
    else:
        w.out.first = w.say("context_over_cap", ctx=w.n(ctx), cap=w.n(TOKENS_MAX))
        w.out.follow_up = w.out.first
    return True


def _bounds(field: object) -> tuple[float, float]:
    """The lowest and highest value a shared ``Annotated`` field type (``service.domain.fields``)
    accepts, read from its ``msgspec.Meta``: the bounds the API's own fields refuse past with a
    400, so that /v1/ask and the other endpoints agree. A ``gt`` bound gives its value (no
    value at or below it is taken)."""
    lo, hi = -math.inf, math.inf
    for meta in get_args(field)[1:]:
        if isinstance(meta, msgspec.Meta):
            lo = next((float(b) for b in (meta.ge, meta.gt) if b is not None), lo)
            hi = next((float(b) for b in (meta.le, meta.lt) if b is not None), hi)
    return lo, hi


def _out_of_range(w: _W) -> bool:
    """A value the question states that no field of the API takes (the bounds of
    ``fields.GpuCount``, ``fields.ContextTokens``, ``fields.JobOutputTokens`` and the budgets
    of /v1/ask's ``context``, ``fields.HourlyBudget`` and ``fields.MonthlyBudget``): said
    first, as the question writes it, with the range that is taken, and no figures (audit
    oor: "0 H100s" was answered for one H100, "-2 H100s" for two, "a -32k context" at 32,768
    tokens, "0 tokens" with an hour's price, 10^30 tokens with a memory answer; a budget at
    or below zero was dropped and the cheapest offer given as the answer). A count past the
    top of a bound is :func:`_beyond_sized`'s."""
    ex, ro = w.ex, w.lang == "ro"
    said: str | None = None
    if ex.gpu_count is not None and ex.gpu_count < _bounds(GpuCount)[0]:
        said = w.say("gpu_count_not_positive", n=w.n(ex.gpu_count), cap=w.n(_SIZED_GPUS_MAX))
    elif ex.context_tokens is not None and ex.context_tokens < _bounds(ContextTokens)[0]:
        said = w.say("context_not_positive", ctx=w.n(ex.context_tokens),
                     cap=w.n(_bounds(ContextTokens)[1]))
    elif w.det.tokens is not None and not (
            _bounds(JobOutputTokens)[0] < w.det.tokens <= _bounds(JobOutputTokens)[1]):
        # digits as written past what the formatter writes out ("1 × 10^30" for 10^30)
        n = w.n(w.det.tokens)
        # a training run's tokens cite the training_tokens bound, a job's output the
        # job_output_tokens one ("0 training tokens" cited the latter: audit regress6 #15)
        train = w.ex.workload in ("finetune", "pretrain") or w.ex.method is not None
        field = TrainingTokens if train else JobOutputTokens
        said = w.say("training_tokens_out_of_range" if train else "tokens_out_of_range",
                     n=str(w.det.tokens) if "^" in n else n, cap=w.n(_bounds(field)[1]))
    else:
        said = _budget_out_of_range(w, ro)
    if said is None:
        return False
    w.out.first = said
    w.out.follow_up = said  # a question to ask again
    return True


def _budget_out_of_range(w: _W, ro: bool) -> str | None:
    """A budget at or below zero said back (none is within $0, and a negative one was made
    positive: "-5 dollars per hour" was "within your budget of $5.00/h"). The recommendations
    refuse it (``max_usd_per_hour`` > 0); the answer without a budget is another question's,
    so none is given. A daily budget is read as a month of 30 days, a total as the whole
    job's: above zero, as ``fields.MaxUsdTotal``. One past the bound of /v1/ask's budget
    field is :func:`_budget_above_cap`'s: it rules nothing out, and is answered without."""
    said = [(w.ex.budget_usd_per_hour, "/" + ("oră" if ro else "h")),
            (w.ex.budget_usd_per_month, "/" + ("lună" if ro else "month")),
            (w.st.budget_usd_per_day, "/" + ("zi" if ro else "day")),
            (w.st.budget_usd_total, "")]
    for value, per in said:
        if value is None:
            continue
        if value <= 0:
            return w.say("budget_zero" if value == 0 else "budget_negative",
                         budget=w.usd(value) + per)
    return None


_FAMILY_SHOWN = 4
"""The most sizes of a family named without a size that the answer sizes (a spread of them,
smallest and largest included; the others are named after them)."""


def _spread(ids: list[str], most: int) -> list[str]:
    """Up to ``most`` of ``ids`` (smallest first), evenly spread, the first and last kept."""
    if len(ids) <= most:
        return list(ids)
    picks = sorted({round(i * (len(ids) - 1) / (most - 1)) for i in range(most)})
    return [ids[i] for i in picks]


def _family_sizes(ex: Extracted, det: Details, lang: str, catalog: Catalog, today: dt.date,
                  messages: Messages, model_id: str | None,
                  st: Stated | None) -> Written | None:
    """A family named with a version the catalog has and no size ("how much VRAM for llama
    3?", "Qwen 3 VRAM?", "Falcon 3 on an L4?", "cât VRAM pentru llama 3?",
    :attr:`Stated.family_sizes`): the sizes it comes in, each sized as the question naming it
    alone sizes it (its memory, or whether it fits the GPU named: ``compose_numbers`` with
    that model), in one lead, and which one to size further asked. It got a guidance passage
    alone (audit round 23, familysize). No number is the one asked (several are): each fit is
    a compared row where a GPU is named. None where no family is read, or a size is not
    sized."""
    if st is None or st.family_sizes is None or model_id is not None:
        return None
    written, ids = st.family_sizes
    reg = catalog.registry
    gpus = det.gpus or ([ex.gpu] if ex.gpu else [])
    if len(gpus) > 1:
        return None
    gid = gpus[0] if gpus else None
    intent = "fits" if gid is not None else "memory"
    alone = dc_replace(st, family_sizes=None)
    one = msgspec.structs.replace(det, sub=None)
    w = _W(ex, det, None, lang, catalog, today, messages, None, alone)
    names = [reg.models[i].name.split() for i in ids]
    k = 0
    while all(len(n) > k + 1 and n[k] == names[0][k] for n in names):
        k += 1
    family = " ".join(names[0][:k]) or written
    label = {i: " ".join(n[k:]) for i, n in zip(ids, names, strict=True)}
    shown = _spread(list(ids), _FAMILY_SHOWN)
    sized: list[tuple[str, Written]] = []
    for mid in shown:
        o = compose_numbers(intent, None, msgspec.structs.replace(ex, model=mid), one, lang,
                            catalog, today, messages, mid, alone)
        if o.sizing is None or o.asked is None or (gid is not None and o.asked.yes is None):
            return None
        sized.append((mid, o))
    weights = {o.sizing.weights for _, o in sized if o.sizing}
    ctx = {o.sizing.context_tokens for _, o in sized if o.sizing}
    mixed = len(weights) > 1
    rows: list[str] = []
    compared: list[ComparedNumbers] = []
    for n, (mid, o) in enumerate(sized):
        assert o.sizing is not None and o.asked is not None
        size = label[mid]
        if mixed:
            size = w.say("family_size_at", size=size, weights=o.sizing.weights)
        if gid is None:
            rows.append(w.say("family_row_needs" if n == 0 else "family_row_about",
                              size=size, total=w.gib(o.sizing.total_gib)))
            continue
        rows.append(w.say("family_row_fits" if o.asked.yes else "family_row_fits_no",
                          size=size, need=w.gib(o.asked.value)))
        compared.append(ComparedNumbers(model=mid, weights=o.sizing.weights, gpu=gid,
                                        gpu_count=ex.gpu_count or 1))
    and_ = w.t["target_and"]
    listed = [label[i] for i in shown]
    sizes = ", ".join(listed[:-1]) + and_ + listed[-1]
    rest = [label[i] for i in ids if i not in shown]
    if rest:
        sizes = w.say("family_sizes_more", sizes=sizes, n=w.n(len(rest)),
                      rest=", ".join(rest))
    key = "family_sizes_fits" if gid is not None else "family_sizes_memory"
    lead = w.say(key + ("_mixed" if mixed else ""), family=family, sizes=sizes,
                 weights=next(iter(weights)), ctx=w.n(max(ctx)),
                 setup=w.setup(ex.gpu_count or 1, gid) if gid is not None else "",
                 rows=", ".join(rows[:-1]) + and_ + rows[-1])
    w.out.first = lead
    if gid is not None and alone.bare_gpu is not None:
        _variant_note(w, intent)  # "A100" read as the 40GB card: said, as for one model
    elif gid is not None and alone.gpu_read is not None:
        _reading_note(w)
    return Written(first=lead, more=w.out.more, computed=bool(compared), compared=compared)


def _budget_above_cap(w: _W) -> str | None:
    """A budget past the bound of /v1/ask's own budget field ("$20,000/h": ``HourlyBudget``
    takes at most $10,000/h): it constrains nothing, so it is dropped and the question
    answered as without one, the sentence that says so returned (it was refused with no
    figures; audit regress6 8: a larger budget rules out no option). None where no budget is
    past its bound."""
    ro = w.lang == "ro"
    said = [("budget_usd_per_hour", w.ex.budget_usd_per_hour, "/" + ("oră" if ro else "h"),
             HourlyBudget),
            ("budget_usd_per_month", w.ex.budget_usd_per_month,
             "/" + ("lună" if ro else "month"), MonthlyBudget),
            ("budget_usd_total", w.st.budget_usd_total, "", MaxUsdTotal)]
    for name, value, per, field in said:
        cap = _bounds(field)[1]
        if value is None or value <= cap:
            continue
        if name == "budget_usd_total":
            w.st = dc_replace(w.st, budget_usd_total=None)
        else:
            w.ex = msgspec.structs.replace(w.ex, **{name: None})
        return w.say("budget_over_cap", budget=w.usd(value) + per, cap=w.usd(cap) + per)
    return None


def _model_unknown(w: _W) -> str | None:
    """A model named with its size that the catalog does not know ("llama-9.9-999b"), or a
    size no catalog model is near ("a 2000B model"; a size within 25 % of one is sized as
    it, with the assumption said): said so, with the nearest models, never an answer with
    only a guidance passage and no reason."""
    if w.model is not None or w.ex.model is not None:
        return None
    models = w.reg.models
    if w.st.unknown_model is not None:
        name, ids = w.st.unknown_model
        names = [models[i].name for i in ids if i in models]
        # a language model whose size is not given ("Grok 1"): its size is asked, which a
        # question sizes ("a 70B model"), never a figure made up for it
        key = "model_unknown_size" if w.st.unknown_size_asked else "model_unknown"
        if closed_name(name):
            # a closed-weight generator (Sora, Midjourney): hosted only, no GPU rents it
            key = "model_closed"
        # a family the catalog has in several sizes, named without one ("Qwen2.5-VL"): its
        # sizes, not "I don't know the model" (audit 30a #14)
        stem = re.sub(r"[^a-z0-9.]", "", name.lower())
        family = [models[i].name for i in ids
                  if i in models and stem and re.sub(r"[^a-z0-9.]", "", i).startswith(stem)]
        if len(family) >= 2:
            return w.say("model_family_pick", name=name, n=w.n(len(family)),
                         names=", ".join(family))
        return (w.say(key, name=name, names=", ".join(names)) if names
                else w.say(key + "_none", name=name))
    b = w.ex.params_b
    if not b:
        return None
    # nearest by ratio (log distance): 1e28B minus any catalog size is 1e28 in floats, which
    # tied every model and listed them by id (Cohere Aya 23 8B first); by ratio the largest
    # come first for a huge size and the smallest for a tiny one
    near = sorted((m for m in models.values() if m.kind == "llm" and m.total_params > 0),
                  key=lambda m: (abs(math.log(m.total_params / 1e9 / b)), m.id))[:3]
    # under 1B to three significant digits (0.001B was "0.0B"), as a rate per second is said
    return w.say("size_unknown", b=w.per_s(b), names=", ".join(m.name for m in near))


def _stand_in_unknown(w: _W) -> str | None:
    """A model named with its size that the catalog does not know ("llama-5-200b"), answered
    with a size's stand-in (compose's ``_representative``: TII Falcon 180B's architecture
    scaled to 200B): said first that the name is not in the catalog, with the nearest names,
    and that the KV cache (so the memory under load) is the stand-in's, not the real
    model's. It read "A 200B model (TII Falcon 180B's architecture scaled ...) needs 377.5
    GiB" with no word that Llama 5 is unknown, and Falcon 180B's KV of 160 KiB per token is
    half a 70B Llama's 320 (catalog/models: 8 KV heads of 64 against 128): a Llama-like
    model's load would be undersized (audit buyer17b #12)."""
    if (w.out.first is None or w.model is None or w.ex.model is not None
            or w.st.unknown_model is None or w.model_id is None):
        return None
    name, ids = w.st.unknown_model
    models = w.reg.models
    stand_in = models[w.model_id]
    arch = w.scaled or w.model.architecture
    if arch is None:
        return None
    # per token at 16 bits (the models' own cache), in KiB, as the kv_cache answer says it
    kib = kv_bytes_per_token(arch, 2) / 1024
    named = [models[i] for i in ids if i in models]
    common = {"name": name, "names": ", ".join(m.name for m in named),
              "stand_in": stand_in.name, "b": w.n(w.ex.params_b or 0, 0 if float(
                  w.ex.params_b or 0).is_integer() else 1), "kv": w.n(kib, 0)}
    key = "stand_in_unknown" if w.scaled is not None else "stand_in_unknown_same"
    if not named:
        key += "_none"
    text = w.say(key, **common)
    # the nearest catalog names' own KV per token, where one keeps more than the stand-in
    more = [(kv_bytes_per_token(m.architecture, 2) / 1024, m.name) for m in named
            if m.architecture is not None]
    near = max(more, default=None)
    if near is not None and near[0] > kib * 1.05:
        text += " " + w.say("stand_in_kv_more", near=near[1], kv_near=w.n(near[0], 0))
    return text


def _one_gpu_yes(w: _W, intent: str) -> None:
    """"Can I run Llama 3.1 70B on one GPU, and what would it cost per month?": the price is
    of setups of one GPU only (context.recommend passes max_gpus_per_node=1 where one GPU and
    no card is said), so the yes asked is that its lead is one GPU, said first (audit buyer30c
    #4: a 4 x RTX 3090 setup was priced, with no yes or no). Nothing where no setup of one GPU
    is priced: the answer says why."""
    a = w.out.asked
    if (intent != "cost" or not w.st.yes_no or w.ex.gpu is not None or w.det.gpus
            or w.ex.gpu_count != 1 or a is None or a.yes is not None or not w.out.offers
            or w.out.first is None):
        return
    lead = w.out.priced_offer or w.out.offers[0]
    if lead.gpu_count == 1 and lead.nodes == 1:
        w.out.asked = msgspec.structs.replace(a, yes=True)


def _yes_no_lead(w: _W) -> None:
    """An answer that carries a yes or no (``asked.yes``) opens with it: "Yes:" or "No:"
    before a first sentence that does not start with one ("is 100 tokens/s possible ...": a
    target met or missed is said after the speed; "at 10 requests/s ... cannot keep up"; a
    limit said first). The writers set no yes or no where the question asks none (a time, a
    price, a count, "which GPU?")."""
    a, first = w.out.asked, w.out.first
    if a is None or a.yes is None or first is None or _leads_yes_no(w, first):
        return
    w.out.first = w.say("yes_lead" if a.yes else "no_lead", text=_decap(w, first))


def _capped_at_limit(w: _W, intent: str) -> tuple[int, int, int, Extracted, Stated] | None:
    """A cost or a speed asked for requests past the model's own context limit ("200k token
    prompts through Llama 3.1 8B, 10k requests per day": 204,800 in and 512 out against
    131,072): no engine serves them (/v1/recommendations refuses the context, /v1/sizing says
    runs: false), so the cost fell to a memory answer, "No engine serves this ... It fits on
    1 × RTX 6000 Ada", with no price. The requests are capped at the limit (the prompt the
    limit leaves after the output) for the writer, which answers what was asked there
    (:func:`_at_limit_lead` says the No first). A speed whose prompt fits the limit is the
    speed writer's own (it caps the output: "128k prompt"), and so is one on a GPU named (its
    No, "there is no speed to give"); one with no GPU fell to the memory answer. Returns the
    context, prompt and output asked with the fields before the cap; None where nothing was
    capped."""
    m = w.model
    if (intent not in ("cost", "speed") or m is None or m.kind != "llm" or m.task == "embed"
            or not w.generates_tokens() or not w.ex.context_tokens):
        return None
    limit, out = w.max_ctx(), _out(w)
    inp = _prompt(w, out)
    if (not limit or out >= limit or inp + out <= limit
            or (intent == "speed" and (inp <= limit or w.ex.gpu is not None))):
        # (a speed on a GPU named past the limit is the speed writer's No: no speed to give)
        return None
    ex, st = w.ex, w.st
    # the prompt stated as one, so every writer reads the limit less the output as it
    w.ex = msgspec.structs.replace(ex, context_tokens=limit - out)
    w.st = dc_replace(st, prompt_tokens=limit - out)
    return inp + out, inp, out, ex, st


def _at_limit_lead(w: _W, ctx: int, inp: int, out: int, ex: Extracted, st: Stated) -> None:
    """After a writer answered at the model's limit (:func:`_capped_at_limit`): the No leads
    (the requests asked run on no GPU), the answer at the limit follows it, said to be there,
    then the catalog's models that take the context asked. Where nothing was answered at the
    limit the fields asked are put back (the memory answer at that context, led by the limit,
    :func:`_context_limit_lead`)."""
    limit = w.max_ctx()
    if w.out.first is None or w.model is None or not limit:
        w.ex, w.st = ex, st
        return
    w.out.more.insert(0, w.say("context_at_limit", limit=w.n(limit), inp=w.n(limit - out),
                               out=w.n(out), text=_decap(w, w.out.first)))
    w.out.first = w.say("context_over_limit_split", model=w.model.name, limit=w.n(limit),
                        ctx=w.n(ctx), inp=w.n(inp), out=w.n(out))
    longer = _longer_context_models(w, ctx)
    if longer is not None:
        w.out.more.append(longer)  # after the answer at the limit


def _serve_over_limit(w: _W) -> bool:
    """A model asked to serve a context past its own limit with no figure asked ("serve llama
    3.1 8b with 1M context?"): No, no engine serves it on any GPU, and the catalog's models
    that take that context; it was the memory at 1,048,576 tokens with "It fits on 1 × B200"
    under a lead that said no engine serves it. False where the context is within the limit."""
    m, ctx, limit = w.model, w.ex.context_tokens, w.max_ctx()
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.generates_tokens()
            or not ctx or not limit or ctx <= limit):
        return False
    w.out.first = w.say("context_over_limit_only", model=m.name, limit=w.n(limit), ctx=w.n(ctx))
    w.ask("max_context_tokens", limit, "tokens", yes=False)
    longer = _longer_context_models(w, ctx)
    if longer is not None:
        w.out.more.append(longer)
    return True


def _longer_context_models(w: _W, ctx: int) -> str | None:
    """The catalog's language models that take ``ctx`` tokens of context (their
    ``context_limit``: the config's max_context, or a model card's extension), the three
    nearest in size to the model asked (by the ratio of their parameters: Llama 3 70B at 32k
    was pointed to three 0.5B models, the smallest that take it); None where none does."""
    own = w.model.total_params if w.model is not None else 0.0

    def near(m: ModelEntry) -> tuple[float, float, str]:
        gap = abs(math.log(m.total_params / own)) if own and m.total_params else 0.0
        return gap, m.total_params, m.name

    takes = sorted((m for m in w.reg.models.values()
                    if m.kind == "llm" and m.task != "embed" and m.id != w.model_id
                    and (m.context_limit or 0) >= ctx), key=near)[:3]
    if not takes:
        return None
    return w.say("context_longer_models", ctx=w.n(ctx), models=", ".join(
        w.say("context_longer_model", model=m.name, limit=w.n(m.context_limit or 0))
        for m in takes))


def _context_limit_lead(w: _W) -> None:
    """An answer sized at a context past the model's own limit (a memory, concurrency or cost
    answer; the fit and speed answers say No themselves) leads with the limit: no engine
    serves such a request (/v1/sizing: runs false; /v1/recommendations: a 400), so its
    figures are for a context nobody can run, said first rather than under Warnings."""
    s, limit = w.out.sizing, w.max_ctx()
    if (w.out.first is None or s is None or not w.generates_tokens() or not limit
            or s.context_tokens <= limit or "max_model_len" in w.out.first):
        return
    w.out.more.insert(0, w.out.first)
    assert w.model is not None
    w.out.first = w.say("context_over_limit_lead", model=w.model.name,
                        limit=w.n(limit), ctx=w.n(s.context_tokens))
    longer = _longer_context_models(w, s.context_tokens)
    if longer is not None:
        w.out.more.append(longer)  # after the figures at that context


def _region_unlisted(w: _W, region: str) -> list[str]:
    """What the recommendations' region filter left out because no known region is listed for
    the offers (recommend's alternatives.region_not_listed), where the question names its
    providers: how many, whose, and the best of them, "region not listed", for the buyer to
    check with the provider."""
    alt = w.region_unlisted
    said = no_region_said(alt) if alt is not None else None
    if alt is None or said is None or not w.st.providers_named:
        # said where the question names its providers (the runpod offers of "on runpod in the
        # EU"): with none named, the offers of every provider listing none (21 of them in
        # the 2026-12 catalog) are noise beside an answer priced in the place asked; the
        # recommendations' alternatives still list them
        return []
    n, providers, nodes = said
    out = [w.say("region_unlisted_left_one" if n == 1 else "region_unlisted_left",
                 n=w.n(n), providers=", ".join(providers),  # ids, as the lead's "at runpod"
                 region=region)]
    offer = w.catalog.offers_by_id.get(alt.offer_id) if alt.offer_id else None
    if offer is None or offer.gpu not in w.reg.gpus:
        return out
    setup = w.setup(offer.gpu_count, offer.gpu)
    if nodes > 1:
        setup = w.say("instances", n=w.n(nodes), setup=setup)
    price = (w.say("core_alt_month", cost=w.usd(alt.per_month_usd))
             if alt.per_month_usd is not None
             else w.say("core_alt_total", cost=w.usd(alt.per_job_usd))
             if alt.per_job_usd is not None else None)
    if price is not None:
        out.append(w.say("region_unlisted_best", setup=setup, provider=offer.provider,
                         price=price))
    return out


def _price_context(w: _W, intent: str) -> None:
    """What a price answer must say about its own basis: the region asked (or that no offer
    is there), a provider named that the catalog does not have, and that prices are never
    forecast."""
    if w.det.region and w.region_used:
        region = w.region_name()
        asked_gpu = w.priced_gpu or w.ex.gpu  # (a name covering several cards: the one led)
        named = asked_gpu if asked_gpu in w.region_missed else None
        # a provider whose region list is a price list, not availability: its offers left
        # out (offer_query.region_outcome, as /v1/offers and the recommendations say it)
        names = {p.id: p.name for p in w.catalog.providers}
        unstated = [w.say("region_availability_left", provider=names.get(p, p), region=region)
                    for p in sorted(w.availability_left)]
        # the offers left out for listing no known region, and the best of them
        unstated += _region_unlisted(w, region)
        if named is not None or (w.out.first is None and w.region_missed):
            gid = named or sorted(w.region_missed)[0]
            if w.out.first is not None and named is not None:
                w.out.more.insert(0, w.out.first)
            w.out.first = w.say("region_none", gpu=w.gpu_name(gid), region=region)
            w.out.more[0:0] = unstated
        elif w.out.first is not None:
            counted = (w.offers_for(asked_gpu) if intent == "cost" and w.model is None
                       and asked_gpu is not None else [])
            # a GPU's price in a place ("H100 in Finland price"): its offers there counted,
            # as the regions answer counts them (audit regionfilter)
            note = (w.say("region_note_count", region=region, gpu=w.gpu_name(asked_gpu),
                          offers=w.say("region_gpus_offers_one") if len(counted) == 1
                          else w.say("region_gpus_offers", n=w.n(len(counted))))
                    if counted and asked_gpu is not None
                    else w.say("region_note", region=region))
            w.out.more[0:0] = [note, *unstated]
    if w.det.regions_excluded and w.out.first is not None:
        # "in Europe but not in the EU": the places left out said back, or that the ranked
        # options could not leave them out (audit 30c #11: ignored, never said)
        gone = w.places_said([w.region_said_of(r) for r in w.det.regions_excluded])
        if w.left_out_unapplied:
            w.out.more.insert(0, w.say("region_left_out_unapplied", region=gone))
        elif w.left_out_used:
            w.out.more.insert(0, w.say("region_left_out", region=gone))
    if w.excluded_used and w.out.first is not None:  # "excluding Hyperstack": said back
        w.out.more.insert(0, w.say("excluded_note", providers=", ".join(w.excluded())))
    prices = intent in ("cost", "spot", "billing", "storage_egress", "compare")
    led = w.priced_gpu or w.ex.gpu
    if prices and w.det.provider and led in w.provider_missed:
        # "a B300 on runpod": RunPod lists none, the price quoted is another provider's
        name = w.provider_name()
        if w.out.first is not None:
            w.out.more.insert(0, w.out.first)
        w.out.first = w.say("provider_none", gpu=w.gpu_name(led), provider=name)
    word = w.st.provider_word
    if prices and word and not w.det.provider:
        known = {p.id: p.id for p in w.catalog.providers}
        known.update({p.name.lower(): p.id for p in w.catalog.providers})
        known.update({a.lower(): p.id for p in w.catalog.providers for a in p.aliases})
        near = sorted({known[x] for x in difflib.get_close_matches(word, list(known), 3,
                                                                    0.75)})
        if word not in known and (near or w.st.provider_evidence):
            text = w.say("provider_unknown", name=" ".join(  # "Together AI"
                x.upper() if x == "ai" else x.capitalize() for x in word.split()),
                         near=w.say("provider_near", names=", ".join(near)) if near else "")
            if w.out.first is not None:
                w.out.more.insert(0, w.out.first)
            w.out.first = text
    if w.st.forecast and intent == "cost" and w.out.first is not None:
        w.out.more.insert(0, w.out.first)
        w.out.first = w.t["no_forecast"]


def _variant_note(w: _W, intent: str) -> None:
    """A GPU family named bare ("A100"): which card it was read as, and, when the other
    memory variant holds the model on a different count, that count."""
    assert w.st.bare_gpu is not None
    word, gid, other = w.st.bare_gpu
    if gid not in (w.ex.gpu, *(w.det.gpus or [])) and not (
            intent == "compare" and other in (w.det.gpus or [])):
        return  # (a comparison reads an LLM's bare family as its large card: _compare)
    first = w.out.offers[0] if w.out.offers and not w.offers_after else None
    if first is not None and first.gpu != w.gpu_name(gid) and w.st.gpu_read is not None:
        # a name of two cards priced where the question asks ("cheapest RTX 6000 at lambda")
        # is every card of it, and the answer names the one priced (the Quadro): no "read as"
        return
    kw = {"word": word, "gpu": w.gpu_name(gid), "other": w.gpu_name(other)}
    if w.st.bare_priced is not None:
        # every memory variant weighed (cost._bare_holds): the one led is the cheapest that
        # meets the request, the others named with their cheapest setup
        rows = [w.say("gpu_family_cheapest_row" if weights else "gpu_family_cheapest_price",
                      setup=w.setup(n, g), weights=weights, hour=w.usd(hour),
                      provider=provider, kind=w.kinds[kind])
                if n and hour is not None else
                w.say("gpu_family_cheapest_none", gpu=w.gpu_name(g))
                for g, n, hour, provider, kind, weights in w.st.bare_priced]
        # the card led priced in the answer already: its row goes unsaid
        said = (first is not None and first.gpu == w.gpu_name(gid)) or (
            w.out.asked is not None and w.out.asked.value == w.st.bare_priced[0][2])
        w.out.more.insert(0, w.say("gpu_family_cheapest", word=word, gpu=w.gpu_name(gid),
                                   lead="" if said else w.say("gpu_family_cheapest_lead",
                                                              row=rows[0]),
                                   others="; ".join(rows[1:])))
        _family_counts(w, gid, other)
        return
    if (w.model is not None and w.model.kind == "llm"
            and intent not in ("finetune", "training")):
        ctx = _ctx(w)
        # the precision the answer priced (else sized) and, where it priced the card read, the
        # count it priced: the counts said are at that precision, named when it is not the
        # one the model is sized at by default (a price at awq-int4 never beside a count at
        # bf16)
        lead = w.out.offers[0] if w.out.offers and not w.offers_after else None
        weights = lead.weights if lead is not None else (
            w.out.sizing.weights if w.out.sizing is not None else None)
        own = w.size(gpu=gid, input_tokens=ctx, output_tokens=0)
        named = weights is not None and own is not None and weights != own.weights
        card = w.reg.gpus[gid]
        if (weights is not None and own is not None and own.engine in w.reg.engines
                and not w.reg.kernels.supported(own.engine, get_precision(weights), card).ok):
            # weights the card's engine has no kernel for (bf16 on a V100): the counts are
            # said at the nearest precision it runs there (fp16), named, never at bf16
            near = w.reg.kernels.nearest_supported(own.engine, get_precision(weights), card,
                                                   {x.id: x for x in PRECISIONS})
            if near is not None:
                weights, named = near.id, True

        def fewest(g: str) -> int | None:
            for k in (1, 2, 4, 8):
                r = w.size(gpu=g, gpu_count=k, input_tokens=ctx, output_tokens=0,
                           weights=weights)
                if r is not None and r.fits_in_memory and r.runs is not False:
                    return k
            return None

        n0 = (lead.gpu_count * lead.nodes if lead is not None and lead.gpu == w.gpu_name(gid)
              else fewest(gid))
        n = fewest(other)
        if n is not None and n != n0:
            # no count of the card read holding it: said so, never "needs ? of it"
            key = ("gpu_variant_fits_none" if not n0 else "gpu_variant_fits_at" if named
                   else "gpu_variant_fits")
            w.out.more.insert(0, w.say(key + ("_at" if not n0 and named else ""),
                                       n0=w.n(n0) if n0 else "", n=w.n(n), weights=weights,
                                       **kw))
            return
    reading = reading_text(w, word)
    if reading is None and intent == "speed" and _variant_speed(w, word, gid, other):
        return
    w.out.more.insert(0, reading if reading is not None else w.say("gpu_variant", **kw))


def _family_counts(w: _W, gid: str, other: str) -> None:
    """After a count ("how many A100s do I need for Llama 3.1 70B?") of the card a bare family
    name led with (its weighed setups in :attr:`Stated.bare_priced`): the count of the
    family's other variant at the same precision, and why the cheapest setup of the card led
    has more GPUs than the count said, where it has (the recommendations keep
    ``SERVICE_HEADROOM_PCT`` of each GPU's memory free, which the fewest GPUs do not). It
    said "needs 2 x A100 80GB" beside "meets the request cheapest: 4 x A100 80GB" with no
    word of either, nor of how many 40GB cards hold it (audit leftask #2)."""
    asked = w.out.asked
    led = next((row for row in w.st.bare_priced or () if row[0] == gid), None)
    if (asked is None or asked.quantity != "gpu_count" or w.model is None or led is None
            or not led[5]):
        return
    n0 = int(asked.value)
    ctx = _ctx(w)
    # the count said, at the precision its setups were weighed at
    r = w.size(gpu=gid, gpu_count=n0, input_tokens=ctx, output_tokens=0, weights=led[5])
    if r is None or r.gpu is None:
        return
    k = 1
    there = None
    while k <= NODE_GPUS:
        there = w.size(gpu=other, gpu_count=k, input_tokens=ctx, output_tokens=0,
                       weights=r.weights)
        if there is not None and there.gpu is not None and there.fits and there.runs is not False:
            break
        k *= 2
    said: list[str] = []
    if there is not None and k <= NODE_GPUS and k != n0:
        said.append(w.say("gpu_family_count_other", n=w.n(k), gpu=w.gpu_name(other),
                          weights=r.weights, per=w.gib(there.memory.per_gpu_gib),
                          setup=w.setup(k, other)))
    if led[1] > n0:
        cap = w.cap(r)
        if r.memory.per_gpu_gib > cap * (1 - SERVICE_HEADROOM_PCT / 100):
            said.append(w.say("gpu_family_count_headroom", n=w.n(led[1]), n0=w.n(n0),
                              gpu=w.gpu_name(gid), need=w.gib(r.memory.per_gpu_gib),
                              cap=w.gib(cap), pct=w.f.percent(SERVICE_HEADROOM_PCT / 100)))
    if said:
        w.out.more.insert(1, " ".join(said))


def _variant_speed(w: _W, word: str, gid: str, other: str) -> bool:
    """A speed read on the card a bare family names ("how fast is 8B on an A100": the A100
    40GB, catalog/gpus.toml ``[[family]]``), where the other variant is faster: the card read
    and the one figure that changes, the other's speed for one request on the same setup
    (the A100 80GB's 2,039 GB/s against 1,555); False where the speed is the same there (the
    V100s) or either is not sized."""
    s = w.sized_last.get(gid)  # the card read's last setup sized
    if s is None or s.performance is None or w.model is None or w.model.kind != "llm":
        return False
    out = _out(w)
    kw = {"gpu_count": s.gpu_count, "weights": s.weights, "input_tokens": _prompt(w, out),
          "output_tokens": out}
    mine, there = w.size(gpu=gid, **kw), w.size(gpu=other, **kw)
    a = mine.performance.decode_tokens_per_s if mine is not None and mine.performance else None
    b = (there.performance.decode_tokens_per_s
         if there is not None and there.fits and there.performance else None)
    if a is None or b is None or w.rate(a) not in (w.out.first or "") or w.rate(a) == w.rate(b):
        return False  # (another load than the one the answer timed, or the same speed)
    w.out.more.insert(0, w.say("gpu_variant_speed", word=word, gpu=w.gpu_name(gid),
                               other=w.gpu_name(other), tps=w.rate(b),
                               bw=w.n(w.reg.gpus[other].bandwidth_gb_s or 0),
                               bw0=w.n(w.reg.gpus[gid].bandwidth_gb_s or 0)))
    return True


def reading_text(w: _W, word: str) -> str | None:
    """What a name of more than one product read as one card says (:attr:`Stated.gpu_read`,
    catalog/gpus.toml ``[[reading]]``), where ``word`` is that name: the card read, its share
    of the catalog's offers for the cards of the name, the others (the catalog's, then the
    products it lacks), and the cards it is not ("“RTX 6000” is read as the NVIDIA RTX 6000
    Ada Generation 48GB, the card in 15 of the catalog's 17 offers ...; the name also stands
    for the NVIDIA Quadro RTX 6000 24GB ..."); None where ``word`` is no reading's."""
    read = w.st.gpu_read
    r = w.reg.gpu_readings.get(read[1]) if read is not None and read[0] == word else None
    if r is None:
        return None
    cards = [r.gpu, *(g for g in r.also if g in w.reg.gpus)]
    counts = {g: sum(1 for o in w.catalog.offers if o.gpu == g) for g in cards}
    total = sum(counts.values())
    offers = (w.say("gpu_reading_offers", n=w.n(counts[r.gpu]), total=w.n(total))
              if len(cards) > 1 and total else "")
    names = [w.gpu_name(g) for g in cards[1:]] + [
        w.say("gpu_reading_unlisted_apu" if u.kind == "apu" else "gpu_reading_unlisted",
              name=u.name)
        for u in (w.reg.unlisted_gpus[x] for x in r.also_unlisted if x in w.reg.unlisted_gpus)]
    also = w.say("gpu_reading_also", names=", ".join(names)) if names else ""
    distinct = [w.gpu_name(g) for g in r.distinct if g in w.reg.gpus]
    return w.say("gpu_reading", word=word, gpu=w.gpu_name(r.gpu), offers=offers, also=also,
                 distinct=w.say("gpu_reading_distinct", names=", ".join(distinct))
                 if distinct else "")


def _reading_note(w: _W) -> None:
    """A name of more than one product read as one card ("MI300": the MI300X), said after
    the answer that uses the card (a name of two catalog cards is :func:`_variant_note`'s)."""
    read = w.st.gpu_read
    assert read is not None
    r = w.reg.gpu_readings.get(read[1])
    if r is None or r.gpu not in (w.ex.gpu, *(w.det.gpus or [])) or any(
            g in w.reg.gpus for g in r.also):
        # (a name of two catalog cards is :func:`_variant_note`'s: an answer that reads it as
        # each card, where :attr:`Stated.bare_gpu` is cleared, says none was read for it)
        return
    first = w.out.offers[0] if w.out.offers and not w.offers_after else None
    if first is not None and first.gpu != w.gpu_name(r.gpu):
        return
    text = reading_text(w, read[0])
    if text is not None:
        w.out.more.insert(0, text)


def unknown_gpu_written(name: str, suggestions: list[str], lang: str, catalog: Catalog,
                        messages: Messages) -> Written:
    """A GPU named that the registry does not know ("H10O"): said so, with the nearest names,
    and no numbers for another GPU."""
    t = messages.section(lang, "answer")
    gpus = catalog.registry.gpus
    words = catalog_words(t)
    names = [words.get(gpus[g].name, gpus[g].name) for g in suggestions if g in gpus]
    unlisted = catalog.registry.unlisted_gpu(name)
    if unlisted is not None and names:
        # a real card the catalog lacks ("MI250"): said so, with the same maker's nearest
        sib = gpus.get(unlisted.sibling) if unlisted.sibling else None
        sibling = words.get(sib.name, sib.name) if sib is not None else ""
        same = (t["gpu_unlisted_same"].format(architecture=unlisted.architecture,
                                              target=unlisted.compute_capability)
                if sib is not None and unlisted.architecture
                and unlisted.compute_capability
                and (sib.architecture, sib.compute_capability)
                == (unlisted.architecture, unlisted.compute_capability) else "")
        key = ("gpu_unlisted_plain" if sib is None
               else "gpu_unlisted_apu" if unlisted.kind == "apu" else "gpu_unlisted")
        text = t[key].format(name=unlisted.name, sibling=sibling, same=same,
                             architecture=unlisted.architecture, names=", ".join(names))
        return Written(first=text, follow_up=text)
    text = (t["gpu_unknown"].format(name=name, names=", ".join(names)) if names
            else t["gpu_unknown_none"].format(name=name))
    return Written(first=text, follow_up=text)
