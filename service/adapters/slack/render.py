"""Slack messages (Block Kit) for the bot's answers: pure functions from our answers to the
JSON Slack expects, in the question's language, inside Slack's limits.

A message is ``{"text": fallback, "blocks": [...]}``: the fallback shows in notifications
and where blocks cannot. Limits kept here: at most 50 blocks, 3000 characters of section
text, 10 context elements, 4000 characters of fallback text; longer text is cut with "…".

Escaping: every text we send as mrkdwn (sections, context elements and the fallback, which
Slack also formats) has Slack's control characters ``&``, ``<`` and ``>`` escaped exactly
once, our own templates included (the help's ``<question>`` would otherwise be read as a
link); ``*bold*``, ``_italic_`` and backticks are ours and stay. The functions that build a
block or a message take text already escaped; ``say`` escapes a template and its values.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from service.adapters.messages_files import shipped_messages
from service.domain.answer.compose import AskResponse, OfferNumbers
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.answer.numbers.context import source_short
from service.domain.catalog.precisions import precision_ids
from service.domain.catalog.regions import Region
from service.domain.catalog.trust import price_date_words
from service.domain.locale import Formatter, romanian_de
from service.domain.messages import Messages, catalog_words
from service.domain.recommend.context import usd_digits
from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.sizing import FitRow, Memory, SizingResult

Message = dict[str, Any]
Block = dict[str, Any]

MAX_BLOCKS = 50
MAX_SECTION_CHARS = 3000
MAX_CONTEXT_ELEMENTS = 10
MAX_CONTEXT_ELEMENT_CHARS = 2000
MAX_TEXT_CHARS = 4000
MAX_BUTTON_TEXT = 75
MAX_URL_CHARS = 3000
ELLIPSIS = "…"
CORE_LANG = "en"
"""The language the core writes its explanations in (an option's ``why``): a message in
another language words the option from its fields instead."""


def labels(lang: str, messages: Messages | None = None) -> Mapping[str, str]:
    """The Slack texts (``[slack]`` of ``knowledge/messages/<lang>.toml``) in ``lang``; the
    shipped messages when none are passed (a message before anything is loaded)."""
    return (messages or shipped_messages()).section(lang, "slack")


def pricing_words(lang: str, messages: Messages | None = None) -> Mapping[str, str]:
    return (messages or shipped_messages()).section(lang, "pricing")


def formatter(lang: str, messages: Messages | None = None) -> Formatter:
    """How numbers and money are written in ``lang``: the answers' own formatter (what
    ``/v1/ask`` writes its text with), so a message's table and its text agree."""
    return (messages or shipped_messages()).formatter(lang)


# ---------------------------------------------------------------------------------------------
# Text and limits


_CUT_ENTITY = re.compile(r"&[a-z]{0,3}$")


def truncate(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in an ellipsis when cut (never
    inside an escape such as ``&amp;``)."""
    if len(text) <= limit:
        return text
    return _CUT_ENTITY.sub("", text[: max(0, limit - 1)]).rstrip() + ELLIPSIS


def escape(text: str) -> str:
    """Slack's three control characters in mrkdwn and plain text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def say(template: str, **values: object) -> str:
    """One of our texts (``knowledge/messages``) as mrkdwn: the template and every value
    escaped (a value's own backticks or asterisks are left alone)."""
    return escape(template).format(**{k: escape(str(v)) for k, v in values.items()})


def section(text: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn",
                                        "text": truncate(text, MAX_SECTION_CHARS)}}


_BREAK = re.compile(r"(?<=[.!?;])[ \t]++|\n++")
"""Where a long text may be split: after a sentence's end ("… each. The"), a clause's ("; ")
or at a line break; never inside a number ("1,234.5"), whose punctuation has no space after
it, nor after a colon, which leads what follows it (a section ended "Marjă mică:", its
warning in the next: audit buyer31c #7)."""


def sections(text: str) -> list[Block]:
    """``text`` as as many sections as it needs, each within Slack's 3,000 characters, split
    at sentence ends and line breaks (Slack allows 50 blocks; a cut section lost the warnings
    at the end of a long comparison); a single sentence longer than a section is cut."""
    out: list[str] = []
    current, sep, start = "", "", 0
    for m in [*_BREAK.finditer(text), None]:
        piece = text[start:m.start()] if m is not None else text[start:]
        if current and len(current) + len(sep) + len(piece) <= MAX_SECTION_CHARS:
            current += sep + piece
        else:
            if current:
                out.append(current)
            current = piece
        if m is not None:
            sep, start = m.group(), m.end()
    out.append(current)
    return [section(t.rstrip()) for t in out if t.strip()] or [section(text)]


def context(texts: Sequence[str]) -> Block:
    return {"type": "context", "elements": [
        {"type": "mrkdwn", "text": truncate(t, MAX_CONTEXT_ELEMENT_CHARS)}
        for t in texts[:MAX_CONTEXT_ELEMENTS]]}


def button(text: str, url: str) -> Block:
    return {"type": "actions", "elements": [{
        "type": "button", "action_id": "open_web",
        "text": {"type": "plain_text", "text": truncate(text, MAX_BUTTON_TEXT), "emoji": True},
        "url": url}]}


def message(text: str, blocks: Sequence[Block]) -> Message:
    """The final message: fallback text and blocks inside Slack's limits."""
    kept = list(blocks)
    if len(kept) > MAX_BLOCKS:
        kept = [*kept[: MAX_BLOCKS - 1], context([ELLIPSIS])]
    return {"text": truncate(text, MAX_TEXT_CHARS), "blocks": kept}


def notice(text: str) -> Message:
    """A one-section message (help, usage, errors); ``text`` is escaped mrkdwn."""
    return message(text, [section(text)])


def table(rows: Sequence[tuple[str, str]]) -> str:
    """Label/value rows as a monospace mrkdwn block."""
    if not rows:
        return ""
    width = max(len(label) for label, _ in rows)
    lines = [f"{label.ljust(width)}  {value}" for label, value in rows]
    return "```\n" + escape("\n".join(lines)) + "\n```"


def web_link(public_url: str | None, params: Mapping[str, str | int | float | None]
             ) -> str | None:
    """``{public_url}/?<params>`` or None without a public URL; stays under Slack's URL limit
    (a long question is shortened)."""
    if not public_url:
        return None
    clean = {k: str(v) for k, v in params.items() if v is not None and str(v) != ""}
    base = public_url.rstrip("/") + "/?"
    url = base + urlencode(clean)
    while len(url) > MAX_URL_CHARS and "q" in clean and clean["q"]:
        clean["q"] = clean["q"][: len(clean["q"]) * 3 // 4]
        url = base + urlencode(clean)
    return url if len(url) <= MAX_URL_CHARS else None


# ---------------------------------------------------------------------------------------------
# Pieces


def _ro(text: str, lang: str) -> str:
    """``text`` with Romanian's "de" after a number only where the number takes it: our
    templates write "{n} de <noun>" ("32.768 de tokeni"), and :func:`romanian_de` drops the
    "de" after 1-19 ("10 utilizatori"), as for every other Romanian text."""
    return romanian_de(text) if lang == "ro" else text


def _gib(v: float | None, f: Formatter) -> str:
    """GiB as the answers write them (one decimal, the language's format)."""
    return "—" if v is None else f.number(v, 1)


def _fits_lines(fits: Sequence[FitRow], lang: str, limit: int = 3,
                messages: Messages | None = None, *, own_need_beside: str | None = None
                ) -> list[str]:
    """The 'fits on' rows, with decode tokens/s where known. ``own_need_beside``: the total
    the table shows (as shown) when the list was computed at another setting (a fine-tune's
    least memory beside its run on the asked GPUs): a row whose need per GPU reads otherwise
    says it, so the total is never read as what those GPUs hold, and no speed is shown."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    out: list[str] = []
    for row in fits[:limit]:
        if own_need_beside is not None:
            need = _gib(row.per_gpu_gib, f)
            out.append(f"{row.gpu_count} × {gpu_words(row.gpu_name, lang, messages)}" + (
                f" ({lab['fits_need'].format(gib=need)})" if need != own_need_beside else ""))
            continue
        tps = (f" (~{f.number(row.decode_tokens_per_s, 0)} {lab['tps']})"
               if row.decode_tokens_per_s else "")
        out.append(f"{row.gpu_count} x {gpu_words(row.gpu_name, lang, messages)}{tps}")
    return out


def _fit_rows(label: str, lines: Sequence[str], lang: str,
              messages: Messages | None = None,
              past_limit: bool = False) -> list[tuple[str, str]]:
    """``past_limit``: the context is past the model's own limit, so it fits nowhere for
    that reason, not for want of a node big enough ("no single node" read as the latter)."""
    if not lines:
        return [(label, labels(lang, messages)["nofit_context" if past_limit else "nofit"])]
    return [(label if i == 0 else "", line) for i, line in enumerate(lines)]


def _offer_line(n: int, setup: str, provider: str, per_hour: float,
                per_month: float | None, per_job: float | None, pricing: str, weights: str,
                as_of: str, lang: str, speed: str = "",
                messages: Messages | None = None, layout: str = "", where: str = "",
                source: str = "") -> str:
    """One offer: ``setup`` its machines (:func:`_machines`), ``layout`` how they run the
    model (:func:`_layout`) where known, ``where`` its place (:func:`offer_where`). A dollar
    figure is rounded as the headline rounds it (the core's ``usd_digits``: "$0.95 for the
    job" in the headline was "$1 for the job" in the list, audit slack2 #12). ``weights`` ""
    (an offer listed with no model: a GPU's providers) is not shown. ``source``: where the
    price comes from, said beside its date (:func:`price_note`; the lines showed the date
    alone, audit buyer31c #2)."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    money = f"*{escape(f.money(per_hour, 2))}{escape(lab['per_hour'])}*"
    if per_job is not None:
        money += f" · {escape(f.money(per_job, usd_digits(per_job)))} {escape(lab['job'])}"
    elif per_month is not None:
        money += (f" · ~{escape(f.money(per_month, usd_digits(per_month)))}"
                  f"{escape(lab['per_month'])}")
    kind = _kind(pricing, lang, messages)
    return escape(f"{n}. {setup} — {provider}" + (f" {where}" if where else "") + ", ") + (
        f"{money} {escape(kind)}" + (f" · {escape(weights)}" if weights else "")
        + (f" · {escape(layout)}" if layout else "") + f"{escape(speed)} · "
        + price_note(as_of, source, lang, messages))


def price_note(date: str, source: str, lang: str, messages: Messages | None = None) -> str:
    """A price's date and its source, in italics, escaped: "_price date: …; source:
    SkyPilot catalog v9 catalogs/v9/vast/vms.csv_" (the source shortened as the answers
    name it, :func:`source_short`; the full one is GET /v1/offers/{id}'s)."""
    lab = labels(lang, messages)
    said = f"{lab['as_of']} {date}"
    if source:
        said += f"; {lab['source']} {source_short(source)}"
    return f"_{escape(said)}_"


def offer_where(places: Sequence[Region], lang: str, messages: Messages | None = None,
                *, stated: bool = True) -> str:
    """Where an offer is, as ``GET /v1/offers`` gives it (its ``places``): the first region's
    id with its country ("in RU (Russian Federation)", "in us-east-1 (United States)"; a
    Romanian country name from the answers' ``region_place_<code>``), "+N more" for the
    others; "" where the offer lists no region. An offer line said no place: "in Europe"
    led with a machine in Russia, and five AWS lines differing only by region read the same
    (audit slack2 #4). A region with no country and no continent (Hyperbolic's only one,
    "default") is no place: the page's "region unknown" (``placeUnknown``), never "in
    default" (audit buyer27b #4). ``stated`` False: the provider's region list is a price list
    (regions.toml ``availability = "not-stated"``, Lambda): the regions priced counted, with
    where its machines are is not stated, as a region filter's note says it ("lambda in
    asia-northeast-1 +16 more" beside "Lambda does not say in which regions its machines are
    available": audit buyer31c #3)."""
    if not places:
        return ""
    m = messages or shipped_messages()
    if not stated:
        text = labels(lang, m)["offer_where_unstated"].format(
            n=m.formatter(lang).number(len(places)))
        return romanian_de(text) if lang == "ro" else text
    known = [p for p in places if p.country or p.continent]
    if not known:
        return labels(lang, m)["offer_where_unknown"].format(
            place=m.section(lang, "web")["placeUnknown"])
    first = known[0]
    country = first.country_name if lang == CORE_LANG else None
    if first.country and lang != CORE_LANG:
        country = m.section(lang, "answer").get(f"region_place_{first.country.lower()}",
                                                first.country)
    text = first.id if not country or country == first.id else f"{first.id} ({country})"
    if len(places) > 1:
        text = labels(lang, m)["offer_where_more"].format(
            place=text, n=m.formatter(lang).number(len(places) - 1))
    return labels(lang, m)["offer_where"].format(place=text)


_GPU_NOTE = re.compile(r" \((?:per GCD|\d++-GPU node)[^()]*+\)")
"""An English note in a GPU's catalog name ("AMD Instinct MI250X (per GCD, 64 GB; a 128 GB
module is 2 GCDs)", "HGX H100 (8-GPU node)"), left out of another language's text, which
names the GPU without it (audit slack2 #13)."""


def gpu_words(name: str, lang: str, messages: Messages | None = None) -> str:
    """A GPU's catalog name in ``lang``: as it is in English; in another language as its
    ``[catalog]`` table says it ("(partea de GPU)", as /v1/ask's text: the Romanian table
    read "(GPU side)", audit buyer31c #6), without its English note."""
    if lang == CORE_LANG:
        return name
    m = messages or shipped_messages()
    said = catalog_words(m.section(lang, "answer")).get(name, name)
    return _GPU_NOTE.sub("", said)


def _machines(nodes: int, n: int, gpu: str, lang: str, messages: Messages | None = None
              ) -> str:
    """The machines an offer rents: "2 x MI300X" for one machine, "2 instances of 1 × MI300X"
    for several (one 2-GPU machine and two 1-GPU machines both read "2 x MI300X")."""
    gpu = gpu_words(gpu, lang, messages)
    if nodes > 1:
        f = formatter(lang, messages)
        return _ro(labels(lang, messages)["setup_nodes"].format(
            nodes=f.number(nodes), n=f.number(n), gpu=gpu), lang)
    return f"{n} x {gpu}"


_TENSOR = re.compile(r"tensor parallel \d++(?:, \d++ replicas per node)?")
"""The core's ``parallelism`` of a plain tensor split (``options.py``), which
:func:`_layout` words as one; others (pipeline, layer split, data parallel) by their GPUs."""


def _layout(o: Option, lang: str, messages: Messages | None = None) -> str:
    """How one node runs the model (the fit's GPUs per replica and replicas per node) in
    ``lang``: "tensor parallel 2", "1 GPU per replica, 2 replicas per node"."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    k = o.fit.gpus_per_replica
    text = (lab["layout_single"] if k <= 1
            else lab["layout_tp"].format(n=f.number(k)) if _TENSOR.fullmatch(o.fit.parallelism)
            else lab["layout_gpus"].format(n=f.number(k)))
    if o.fit.replicas_per_node > 1:
        text += lab["layout_replicas"].format(n=f.number(o.fit.replicas_per_node))
    return _ro(text, lang)


def _kind(pricing: str, lang: str, messages: Messages | None = None) -> str:
    """A price kind (on_demand, spot, reserved) in ``lang``."""
    return labels(lang, messages).get(f"kind_{pricing}", pricing)


def _offers_block(lines: Sequence[str], lang: str, messages: Messages | None = None) -> Block:
    return section(f"*{escape(labels(lang, messages)['offers'])}*\n" + "\n".join(lines))


def _warning_lines(warnings: Sequence[str], lang: str, messages: Messages | None = None,
                   *, localised: bool = False) -> list[str]:
    """The core's warnings as the answers word them (``localise``); ``localised``: they are
    already (:func:`localise_recommendation`), as they are."""
    m = messages or shipped_messages()
    texts, kinds, f = m.section(lang, "answer"), m.section(lang, "pricing"), m.formatter(lang)
    return list(warnings) if localised else [localise(x, texts, f, kinds) for x in warnings]


def _warnings_blocks(lines: Sequence[str], lang: str, messages: Messages | None = None,
                     tags: Sequence[str] = ()) -> list[Block]:
    """The warnings (escaped here), one line each, ``tags[i]`` (mrkdwn) before line ``i``;
    over as many sections as they need."""
    return sections(f"*{escape(labels(lang, messages)['warnings'])}*\n" + "\n".join(
        f"• {tags[i] + ' ' if i < len(tags) else ''}{escape(x)}"
        for i, x in enumerate(lines)))


def _finish(text: str, blocks: list[Block], link: str | None, lang: str,
            sources: Sequence[str] = (), messages: Messages | None = None) -> Message:
    """The message with its sources and web link; ``text`` (the fallback) is escaped."""
    if sources:
        blocks.append(context([f"*{escape(labels(lang, messages)['sources'])}*",
                               *(escape(s) for s in sources[: MAX_CONTEXT_ELEMENTS - 1])]))
    if link:
        blocks.append(button(labels(lang, messages)["open"], link))
    return message(text, blocks)


# ---------------------------------------------------------------------------------------------
# Messages


def render_answer(resp: AskResponse, question: str, *, public_url: str | None = None,
                  fits: Sequence[FitRow] | None = None, memory: Memory | None = None,
                  fits_own_need: bool = False, messages: Messages | None = None,
                  kind: str = "llm", resolution: str | None = None, steps: int | None = None,
                  training: bool = False, rows: Sequence[tuple[str, str]] | None = None,
                  per_gpu: bool = False, rate: float | None = None) -> Message:
    """An answer to a question: the text, the numbers, the top 3 offers, the passages it
    came from, and a link to the web page with the same question. ``fits`` (from the
    answer's own inference sizing, run again) adds decode tokens/s to the "fits on" rows;
    ``memory`` (the same sizing's) gives the GiB unrounded, so the table rounds them once,
    as the text does (the answer's numbers carry them rounded to 2 decimals already).
    ``fits_own_need``: ``fits`` are the answer's 'fits on' rows computed at another setting
    than its total (a LoRA run's 27.8 GiB per GPU on 2 H100 beside the 20 GB cards that
    hold it checkpointed; a 4 × V100 total beside one 48 GB card): each row then says its
    own need per GPU, one table never pairing a total with GPUs that do not hold it.
    ``kind``: the model's (``llm``, ``diffusion``, ``audio``); only a language model's table
    has a context row (an image, video or audio pipeline's read "Context 0 tokens"), a
    diffusion one's its ``resolution`` (the sizing's, "1024x1024", when known) and ``steps``.
    ``training``: the answer sizes a training run, whose total holds gradients and optimizer
    state besides the weights (the "other" row says so). ``rows``: the table sized at the
    answer's own load and setup (:func:`setup_rows`), shown instead of the answer's sizing
    numbers (recorded for one request, or one replica, beside an answer about 50 users on
    4 GPUs). ``per_gpu``: the answer's total is one GPU's of several (a training run's
    data-parallel share), said so beside the whole model's weights. ``rate``: the requests
    per second the question states, a row of its own (the table said no load: audit
    s6slack)."""
    lang = resp.lang
    lab, f = labels(lang, messages), formatter(lang, messages)
    # the API fields /gpu cannot set, in the bot's words, as /gpu recommend says them (the
    # answer told Slack users to "set max_time_to_first_token_ms": audit buyer31c #5)
    spoken = bot_words(resp.answer, lang, messages)
    blocks: list[Block] = sections(escape(spoken))
    numbers = resp.numbers
    if rows is not None:
        blocks.append(section(table(rows)))
    elif numbers is not None and numbers.sizing is not None:
        s = numbers.sizing
        weights_gib, kv_gib, total_gib = (
            (memory.weights_gib, memory.kv_cache_gib, memory.total_gib) if memory is not None
            else (s.weights_gib, s.kv_cache_gib, s.total_gib))
        said = _workload_words(kind, resolution, s.context_tokens if kind == "llm" else None,
                               _users_held(resp), steps, lang, messages, rate)
        own: list[tuple[str, str]] = [
            (lab["model"], s.model_name), (lab["precision"], s.weights),
            *((label, value) for label, value, _ in said),
            (lab["weights_whole" if per_gpu else "weights"],
             f"{_gib(weights_gib, f)} GiB")]
        if kv_gib is not None:
            own.append((lab["kv"], f"{_gib(kv_gib, f)} GiB"))
        # a training total of one data-parallel GPU of several (ZeRO-3 shards the weights
        # under it): said per GPU, and no "other" = that total less the whole weights
        other = None if per_gpu else _other_gib(weights_gib, kv_gib, total_gib, f)
        if other is not None:
            own.append((lab["other_training" if training else "other"], other))
        own.append((lab["per_gpu_label"].format(label=lab["total"]) if per_gpu
                     else lab["total"], f"{_gib(total_gib, f)} GiB"))
        setup = _answer_setup(resp, fits or ())
        if setup is not None:
            # the answer chose more GPUs than the rows below hold it on ("on 2 × H100"
            # beside "Fits on 1 × H100 PCIe"): its setup instead (audit slack2 #6)
            own.append((lab["gpus"], setup))
        else:
            fit_lines = _fits_lines(
                fits, lang, messages=messages,
                own_need_beside=_gib(total_gib, f) if fits_own_need else None,
            ) if fits else list(s.fits_on[:3])
            # an answer sized past the model's context limit leads with it (the lead names
            # vLLM's max_model_len, in either language) and lists no GPU for that reason
            own += _fit_rows(lab["fits"], fit_lines, lang, messages,
                             past_limit="max_model_len" in resp.answer)
        blocks.append(section(table(own)))
    if numbers is not None and numbers.recommendations:
        blocks.append(_offers_block([_ask_offer(i, o, lang, messages) for i, o in
                                     enumerate(numbers.recommendations[:3], 1)], lang,
                                    messages))
    if resp.follow_up and resp.follow_up.strip() not in resp.answer:
        # a refusal is both the answer and the question to ask again: said once (audit
        # regress6 #15)
        blocks.append(context([escape(resp.follow_up)]))
    link = web_link(public_url, {"q": question.strip(), "lang": resp.lang})
    return _finish(escape(spoken), blocks, link, lang, [p.title for p in resp.passages],
                   messages)


def setup_rows(r: SizingResult, lang: str, *, context_tokens: int, users: int,
               setup: str | None, training: bool, messages: Messages | None = None,
               fits: Sequence[FitRow] = (), rate: float | None = None
               ) -> list[tuple[str, str]]:
    """An answer's table from one sizing ``r`` at the answer's load (``users``) and, where
    the answer names one, its ``setup`` ("4 × NVIDIA H100 SXM5 80GB"), so every row is the
    answer's: serving, the whole setup's memory, its total and the total per GPU; training,
    each part per GPU (a ZeRO-3 run shards the weights, its total per GPU was shown beside
    the whole model's weights, "Weights 131.8 GiB, Total 77.7 GiB"). ``fits``: the GPUs
    that hold the run, each with its own need per GPU where it differs from the table's
    (a training run's least memory); a serving table with no setup lists ``r``'s own."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    mem, per = r.memory, r.memory.per_gpu

    def gib(v: float | None) -> str:
        return f"{_gib(v, f)} GiB"

    def per_gpu(label: str) -> str:
        return lab["per_gpu_label"].format(label=label)

    rows: list[tuple[str, str]] = [(lab["model"], r.model.name), (lab["precision"], r.weights)]
    rows += [(label, value) for label, value, _ in _workload_words(
        "llm", None, context_tokens, users if users > 1 else None, None, lang, messages,
        rate)]
    if setup is not None:
        rows.append((lab["gpus"], setup))
    if training and setup is not None:
        rows.append((per_gpu(lab["weights"]), gib(per.weights_gib)))
        if per.gradients_gib is not None:
            rows.append((per_gpu(lab["gradients"]), gib(per.gradients_gib)))
        if per.optimizer_gib is not None:
            rows.append((per_gpu(lab["optimizer"]), gib(per.optimizer_gib)))
        rest = (round(per.total_gib, 1) - round(per.weights_gib, 1)
                - round(per.gradients_gib or 0.0, 1) - round(per.optimizer_gib or 0.0, 1))
        rows.append((per_gpu(lab["other"]), f"{_gib(max(rest, 0.0), f)} GiB"))
        rows.append((per_gpu(lab["total"]), gib(per.total_gib)))
    else:
        rows.append((lab["weights"], gib(mem.weights_gib)))
        if mem.kv_cache_gib is not None:
            rows.append((lab["kv"], gib(mem.kv_cache_gib)))
        other = _other_gib(mem.weights_gib, mem.kv_cache_gib, mem.total_gib, f)
        if other is not None:
            rows.append((lab["other"], other))
        rows.append((lab["total"], gib(mem.total_gib)))
        if setup is not None:
            rows.append((per_gpu(lab["total"]), gib(mem.per_gpu_gib)))
    if setup is not None and r.fits_in_memory is False and r.capacity_per_gpu_gib is not None:
        # a setup the sizing does not fit is marked, never shown as if it held the model (a
        # comparison's bf16 on 1 x H200 at 135.1 GiB per GPU beside a text that says bf16
        # does not fit it: audit regress3 #9)
        rows.append((lab["fits_setup"], lab["fits_setup_no"].format(
            need=_gib(per.total_gib, f), cap=_gib(r.capacity_per_gpu_gib, f))))
    shown = _gib(per.total_gib if training else mem.total_gib, f)
    if training and fits:
        rows += _fit_rows(lab["fits"], _fits_lines(fits, lang, messages=messages,
                                                   own_need_beside=shown), lang, messages)
    elif not training and setup is None:
        rows += _fit_rows(lab["fits"], _fits_lines(_first(r.fits_on), lang,
                                                   messages=messages), lang, messages)
    return rows


def _first(fits: Sequence[FitRow]) -> list[FitRow]:
    """The 'fits on' rows an answer shows: the fewest GPUs, then the smallest."""
    return sorted(fits, key=lambda x: (x.gpu_count, x.gpu_memory_gib))[:3]


_ANSWER_SETUP = re.compile(r"(?<![\w.,])(?P<n>\d{1,3}) × (?P<gpu>(?:NVIDIA|AMD|Intel|Google) "
                           r"[^,;()]*?)(?= at | la | with | cu |[,;(]|\.(?!\d)|$)")
"""The first setup an answer names ("on 2 × NVIDIA H100 SXM5 80GB at hyperbolic")."""


def _answer_setup(resp: AskResponse, fits: Sequence[FitRow]) -> str | None:
    """The answer's setup (its first offer, else the first "N × GPU" its text names) where
    it runs on more of a GPU than a 'fits on' row of ``fits`` shows that GPU on (a cost
    answer's "2 × H100 SXM5" beside "Fits on 1 × H100 SXM5 (needs 71.4 GiB per GPU)"), which
    the table then names instead of GPUs that contradict it; else None."""
    if not fits:
        return None
    offers = resp.numbers.recommendations if resp.numbers is not None else []
    if offers:
        top = offers[0]
        n, gpu = top.gpu_count * max(top.nodes, 1), top.gpu
    elif (m := _ANSWER_SETUP.search(resp.answer)) is not None:
        n, gpu = int(m.group("n")), m.group("gpu")
    else:
        return None
    # the same GPU on fewer of them: the rows then read as "1 would do" (other GPUs, each
    # with its own need, are the cheaper setup's alternatives and stay)
    return (f"{n} × {gpu}" if any(r.gpu_count < n and r.gpu_name == gpu for r in fits)
            else None)


def _users_held(resp: AskResponse) -> int | None:
    """The concurrent requests an answer's sizing holds, for its table's users row: a "how
    many users" answer's number, at which its sizing is recorded (the KV cache of all 91
    read as one request's beside "holds about 91 concurrent requests"); else None."""
    a = resp.numbers.asked if resp.numbers is not None else None
    if a is None or a.quantity != "max_batch_size" or a.value <= 1:
        return None
    return int(a.value)


def _ask_offer(n: int, o: OfferNumbers, lang: str, messages: Messages | None = None) -> str:
    return _offer_line(n, _machines(o.nodes, o.gpu_count, o.gpu, lang, messages),
                       o.provider, o.per_hour_usd,
                       o.per_month_usd, None, o.pricing_model, o.weights,
                       price_date_words(o.as_of, o.as_of_kind, labels(lang, messages)), lang,
                       messages=messages, source=o.source)


def _other_gib(weights_gib: float | None, kv_gib: float | None, total_gib: float | None,
               f: Formatter) -> str | None:
    """The memory of a total besides its weights and KV cache (activations and overhead; a
    training run's gradients and optimizer state too), as shown: the shown total less the
    shown parts, so the rows a reader adds up give the total (each part rounded on its own
    could be 0.1 GiB off). None when there is no rest to show (a total that is not more than
    its parts: a ZeRO-3 replica's share beside the whole weights)."""
    if weights_gib is None or total_gib is None:
        return None
    other = round(total_gib, 1) - round(weights_gib, 1) - round(kv_gib or 0.0, 1)
    return f"{_gib(other, f)} GiB" if round(other, 1) > 0 else None


_RESOLUTION = re.compile(r"^(\d+)x(\d+)$")


def resolution_of(result: SizingResult) -> str | None:
    """A diffusion sizing's width × height as it states it ("1024x1024"), else None."""
    return next((a.value for a in result.assumptions if a.name == "resolution"), None)


def _workload_words(kind: str, resolution: str | None, context_tokens: int | None,
                    users: int | None, steps: int | None, lang: str,
                    messages: Messages | None, rate: float | None = None
                    ) -> list[tuple[str, str, str]]:
    """What was sized besides the model and precision, as (label, value, the headline's
    words) rows: the context of a
    language model; the width × height (the sizing's own ``resolution``) and steps of a
    diffusion pipeline, which takes no tokens; the users when asked, and the request ``rate``
    the numbers are for (a question's "at 10 requests per second"). A count before its
    noun is a template ("{n} de tokeni" in Romanian, through :func:`_ro`)."""
    lab, f = labels(lang, messages), formatter(lang, messages)

    def count(key: str, n: int) -> str:
        # one in the singular where the language has its own words ("1 user", "1 utilizator":
        # it read "1 utilizatori", audit s6slack)
        one = lab.get(f"{key}_one") if n == 1 else None
        return _ro(one if one is not None else lab[key].format(n=f.number(n)), lang)

    rows: list[tuple[str, str, str]] = []
    if context_tokens is not None:
        ctx = count("n_tokens", context_tokens)
        rows.append((lab["context"], ctx, ctx))
    elif kind == "diffusion":
        res = _RESOLUTION.match(resolution or "")
        if res:
            area = f"{f.number(int(res.group(1)))} × {f.number(int(res.group(2)))}"
            rows.append((lab["resolution"], area, area))
        if steps:
            rows.append((lab["steps"], f.number(steps), count("n_steps", steps)))
    if users is not None:
        rows.append((lab["users"], f.number(users), count("n_users", users)))
    if rate is not None:
        said = rate_words(rate, lang, messages)
        rows.append((lab["request_rate"], said, said))
    return rows


def rate_words(rate: float, lang: str, messages: Messages | None = None,
               key: str = "rate_load") -> str:
    """A request rate as a table says it ("10 requests/s", "1 cerere/s"; ``key``
    ``request_rate_value`` for a recommendation's target): one decimal where it has one from
    one a second up, three significant digits below (1,000 requests a day is "0.0116
    requests/s", 10 an hour "0.00278": both read "0.0", audit regress12 #10; as the answers'
    ``per_s`` says them), one request in the singular."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    if 0 < rate < 1:
        said = f"{rate:.{min(9, 2 - math.floor(math.log10(rate)))}f}".rstrip("0")
        text = f.number(rate, len(said.partition(".")[2]))  # 0.5, not 0.500
    else:
        text = f.number(rate, 0 if float(rate).is_integer() else 1)
    one = lab.get(f"{key}_one") if text == f.number(1) else None
    return _ro(one if one is not None else lab[key].format(n=text), lang)


def render_sizing(result: SizingResult, lang: str, *, context_tokens: int | None,
                  public_url: str | None = None, messages: Messages | None = None,
                  users: int | None = None, steps: int | None = None,
                  link_params: Mapping[str, str | int | float | None] | None = None,
                  unread: Sequence[str] = (), kv_asked: bool = False,
                  images: int | None = None) -> Message:
    """``/gpu size``: the memory breakdown and the GPUs it fits on, with decode tokens/s.
    ``context_tokens``: None for a pipeline sized without tokens (diffusion: its width ×
    height and ``steps`` instead); ``users``: the concurrent requests when asked;
    ``link_params``: the web page's parameters (None: no link, the page cannot run them);
    ``unread``: the text's words nothing read, said under the headline (dropped silently,
    "abc" left the reader believing it was used); ``kv_asked``: the text named the KV cache's
    precision, which its row then says ("2.5 GiB (fp8)"; "kv int8" is read as fp8);
    ``images``: the images per request asked ("20 images per request"), a row of their own."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    mem = result.memory
    fit_lines = _fits_lines(result.fits_on, lang, messages=messages)
    said = _workload_words(result.model.kind, resolution_of(result), context_tokens, users,
                           steps, lang, messages)
    if result.task == "inference":
        headline = (f"*{result.model.name}* @ {result.weights}"
                    + "".join(f", {words}" for _, _, words in said) + ": "
                    f"*{_gib(mem.total_gib, f)} GiB*")
    else:
        headline = f"*{result.model.name}* ({result.task}) @ {result.weights}: " \
                   f"*{_gib(mem.total_gib, f)} GiB*"
    if fit_lines:
        headline += f" — {lab['fits'].lower()} {fit_lines[0]}"
    rows: list[tuple[str, str]] = [
        (lab["model"], result.model.name), (lab["precision"], result.weights),
        *((label, value) for label, value, _ in said),
        *(((lab["images_per_request"], f.number(images)),) if images is not None else ()),
        (lab["weights"], f"{_gib(mem.weights_gib, f)} GiB")]
    if mem.kv_cache_gib is not None:
        rows.append((lab["kv"], f"{_gib(mem.kv_cache_gib, f)} GiB" + (
            f" ({result.kv_cache})" if kv_asked and result.kv_cache else "")))
    rows.append((lab["activations"], f"{_gib(mem.activations_gib, f)} GiB"))
    if mem.gradients_gib is not None:
        rows.append((lab["gradients"], f"{_gib(mem.gradients_gib, f)} GiB"))
    if mem.optimizer_gib is not None:
        rows.append((lab["optimizer"], f"{_gib(mem.optimizer_gib, f)} GiB"))
    rows.append((lab["overhead"], f"{_gib(mem.overhead_gib, f)} GiB"))
    rows.append((lab["total"], f"{_gib(mem.total_gib, f)} GiB"))
    # the core's warning of a context past the model's limit names vLLM's max_model_len
    past_limit = result.runs is False or any("max_model_len" in w for w in result.warnings)
    rows += _fit_rows(lab["fits"], fit_lines, lang, messages, past_limit=past_limit)
    text = escape(headline.replace("*", ""))
    blocks = [section(escape(headline))]
    if unread:
        note = say(lab["unread"], words=", ".join(f"`{w.replace('`', '')}`" for w in unread))
        blocks.append(section(note))
        text += " " + note
    blocks.append(section(table(rows)))
    if result.warnings:
        # what /v1/sizing and /v1/ask say beside the numbers ("accepts at most 8,192 tokens")
        # is never dropped here: in the reader's language, the answer's own wording
        blocks += _warnings_blocks(_warning_lines(result.warnings, lang, messages), lang,
                                   messages)
    link = web_link(public_url, _with_images(link_params, images)) \
        if link_params is not None else None
    return _finish(text, blocks, link, lang, result.sources[:3], messages)


def _with_images(params: Mapping[str, str | int | float | None], images: int | None
                 ) -> dict[str, str | int | float | None]:
    """The web link's parameters with the images per request the message sized (the page
    sized one image beside "20 images per request": audit slack2 #5; app.js LINK_PARAMS
    reads ``images_per_request``)."""
    out = dict(params)
    if images is not None and out.get("images_per_request") is None:
        out["images_per_request"] = images
    return out


def render_recommendation(rec: Recommendation, lang: str, *, model_name: str,
                          budget: str | None = None, public_url: str | None = None,
                          link_params: Mapping[str, str | int | float | None] | None = None,
                          messages: Messages | None = None,
                          applied: Sequence[tuple[str, str]] = (),
                          hidden: frozenset[str] = frozenset(),
                          unstated: frozenset[str] = frozenset()) -> Message:
    """``/gpu recommend``: the best option's reasoning, the top 3 offers, what would change
    the answer; the core's texts (warnings, the reason nothing fits, the alternatives) in
    ``lang`` as /v1/recommendations words them (:func:`localise_recommendation`).
    ``applied``: table rows for what the text asked besides the budget (the GPUs, the place,
    the KV cache, spot), so a reader sees they were read; ``hidden``: offer ids and instance
    types, dropped where the alternatives name them in parentheses ("(2x-H100-149-1443)");
    ``unstated``: providers whose region list is a price list (:func:`offer_where`)."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    core = rec
    # the core's own language comes back as ``rec`` itself (its warnings read through
    # ``localise`` below, as for /gpu size)
    rec = localise_recommendation(core, messages or shipped_messages(), lang)
    rows: list[tuple[str, str]] = [(lab["model"], model_name),
                                   (lab["workload"], lab.get(f"wl_{rec.workload}",
                                                             rec.workload))]
    if budget:
        rows.append((lab["budget"], budget))
    rows += applied
    if (rec.workload in ("finetune", "pretrain") and rec.options
            and rec.options[0].pricing_model == "spot"
            and not any(label == lab["spot"] for label, _ in applied)):
        # the API prices a training run at spot by default (interruptible): said, as /v1/ask
        # says it, so the reader knows spot was assumed (audit slack2 #14)
        rows.append((lab["spot"], lab["spot_assumed"]))
    lines: list[str] = []
    for o in rec.options[:3]:
        perf = o.performance
        speed = (f" · ~{f.number(perf.decode_tokens_per_s_per_user, 0)} {lab['per_user']}"
                 if perf.decode_tokens_per_s_per_user else "")
        machines = _machines(o.nodes, o.offer.gpu_count, o.offer.gpu_name, lang, messages)
        lines.append(_offer_line(o.rank, machines, o.offer.provider, o.cost.per_hour_usd,
                                 o.cost.per_month_usd,
                                 o.cost.per_job_usd, o.pricing_model, o.weights,
                                 price_date_words(o.offer.as_of, o.offer.as_of_kind,
                                                  labels(lang, messages)),
                                 lang, speed, messages=messages,
                                 layout=_layout(o, lang, messages),
                                 where=offer_where(o.offer.places, lang, messages,
                                                   stated=o.offer.provider not in unstated),
                                 source=o.offer.source))
    if rec.options:
        top = rec.options[0]
        # the core's "why" names the instance type in parentheses, as the alternatives do
        # ("(4x-RTX_3060-32-65536)"): dropped alike
        text = (_without(top.why, hidden) if lang == CORE_LANG
                else _summary(top, lang, messages))
        capacity = top.fit.per_gpu_used_gib + top.fit.per_gpu_free_gib
        rows.append((lab["memory"], f"{_gib(top.fit.per_gpu_used_gib, f)} / "
                     f"{_gib(capacity, f)} {lab['per_gpu']}"))
    elif (m := TRUST_REASON.match(core.reason or "")) is not None:
        # the core's advice names the API's include_stale / include_suspect, which /gpu
        # cannot set: said in words, with where to set them
        text = f"{lab['no_options']}: " + _ro(lab["trust_reason"].format(
            offers=f.number(int(m.group("n"))), stale=f.number(int(m.group("stale"))),
            suspect=f.number(int(m.group("suspect")))), lang)
    else:
        text = f"{lab['no_options']}: {rec.reason or ''}".rstrip(": ")
    if not text.endswith((".", "!", "?")):
        # a sentence: the notes said after it ran on ("măriți bugetul Au fost...")
        text += "."
    text = escape(bot_words(text, lang, messages))
    blocks: list[Block] = [*sections(text), section(table(rows))]
    if lines:
        blocks.append(_offers_block(lines, lang, messages))
    # every listed offer's own warnings, tagged with its number (a warning the offers share
    # once, with all their numbers): the third offer's "PCIe only" was left out
    said: dict[str, list[int]] = {}
    listed = rec.options[:3]
    for o in listed:
        for w in _warning_lines(o.warnings, lang, messages, localised=rec is not core):
            said.setdefault(bot_words(w, lang, messages), []).append(o.rank)
    if said:
        tags = ([f"_{', '.join(f'#{r}' for r in ranks)}:_" for ranks in said.values()]
                if len(listed) > 1 else [])
        blocks += _warnings_blocks(list(said), lang, messages, tags)
    if rec.alternatives:
        blocks.append(context([f"*{escape(lab['alternatives'])}*",
                               *(escape(bot_words(_without(f"{a.change}: {a.effect}", hidden),
                                                  lang, messages, change=a.change))
                                 for a in rec.alternatives[: MAX_CONTEXT_ELEMENTS - 1])]))
    images = next((int(x.value) for x in rec.assumptions
                   if x.name == "images_per_request" and x.value.isdigit()), None)
    link = web_link(public_url, _with_images(link_params or {"model": rec.model}, images))
    return _finish(text, blocks, link, lang, messages=messages)


TRUST_REASON = re.compile(r"price trust: the (?P<n>\d++) offers that fit have stale "
                          r"\((?P<stale>\d++)\) or suspect \((?P<suspect>\d++)\) prices")
"""The core's reason when only untrusted prices fit (``alternatives.py``)."""

_PARENS = re.compile(r" \(((?:[^()]|\([^()]*+\))++)\)")
"""A parenthesised text, one level of parentheses inside it allowed (an instance type
"RTX 4090 24GB (per GPU-hour)" was left doubled in the headline: audit slack2 #11)."""

_API_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("set max_time_to_first_token_ms to change it", "ttft_set_words"),
           ("no max_time_to_first_token_ms given", "ttft_none_words")),
    "ro": (("setați max_time_to_first_token_ms pentru a o schimba", "ttft_set_words"),),
}
"""The core's advice that names an API field /gpu cannot set, by language, and the bot's
words for it (``[slack]``)."""

_KV_CHANGE = re.compile(r"^(?:kv_cache|cache KV) (?P<kv>\S++)")


def bot_words(text: str, lang: str, messages: Messages | None = None, *,
              change: str | None = None) -> str:
    """``text`` (a recommendation's reason, warning or alternative, in ``lang``) without the
    API fields /gpu cannot set ("set max_time_to_first_token_ms to change it", an
    alternative headed "kv_cache fp8"): said in the bot's words and its command syntax
    (audit slack2 #9). ``change``: an alternative's change, which heads ``text``."""
    lab = labels(lang, messages)
    for field, key in _API_FIELDS.get(lang, ()):
        text = text.replace(field, lab[key])
    if change is not None and (m := _KV_CHANGE.match(change)) is not None:
        text = lab["kv_alt_words"].format(kv=m.group("kv")) + text[m.end():]
    return text


def _without(text: str, hidden: frozenset[str]) -> str:
    """``text`` without the parenthesised words of ``hidden`` (offer ids, instance types)."""
    if not hidden:
        return text
    return _PARENS.sub(lambda m: "" if m.group(1) in hidden else m.group(0), text)


def _summary(o: Option, lang: str, messages: Messages | None = None) -> str:
    """The best option in ``lang``, from its fields (the core's ``why`` is English): the
    machines, provider, price kind and price, precision, memory per GPU and speed, then
    the price date, the layout and the time to first token at the load, as the ``why``."""
    lab, f = labels(lang, messages), formatter(lang, messages)
    n, gpu = f.number(o.offer.gpu_count), gpu_words(o.offer.gpu_name, lang, messages)
    setup = (lab["setup_nodes"].format(nodes=f.number(o.nodes), n=n, gpu=gpu) if o.nodes > 1
             else lab["setup"].format(n=n, gpu=gpu))
    c, perf = o.cost, o.performance
    price = (f.money(c.per_month_usd, usd_digits(c.per_month_usd)) + lab["per_month"]
             if c.per_month_usd is not None
             else f"{f.money(c.per_job_usd, usd_digits(c.per_job_usd))} {lab['job']}"
             if c.per_job_usd is not None
             else f.money(c.per_hour_usd, 2) + lab["per_hour"])
    speed = (lab["speed_decode"].format(tps=f.number(perf.decode_tokens_per_s_per_user, 0))
             if perf.decode_tokens_per_s_per_user else
             lab["speed_training"].format(tps=f.number(perf.training_tokens_per_s, 0))
             if perf.training_tokens_per_s else
             lab["speed_images"].format(ips=f.number(perf.images_per_s, 2))
             if perf.images_per_s else "")
    used = o.fit.per_gpu_used_gib
    per, ms = perf.users_per_replica, perf.time_to_first_token_ms
    ttft = "" if not per or ms is None else lab["ttft_one" if per == 1 else "ttft_many"]
    ttft = ttft.format(n=f.number(per or 0), ms=f.number(ms or 0.0, 0))
    text = lab["summary"].format(
        setup=setup, provider=o.offer.provider, kind=_kind(o.pricing_model, lang, messages),
        weights=o.weights, price=price, used=_gib(used, f),
        cap=_gib(used + o.fit.per_gpu_free_gib, f), speed=speed)
    # the rest of the English "why": its price date, layout and time to first token (a
    # Romanian headline dropped them)
    text += lab["summary_more"].format(
        date=price_date_words(o.offer.as_of, o.offer.as_of_kind, lab),
        layout=_layout(o, lang, messages), ttft=ttft)
    return romanian_de(text) if lang == "ro" else text


def render_unknown_model(name: str, suggestions: Sequence[str], lang: str,
                         usage: str | None = None, messages: Messages | None = None
                         ) -> Message:
    lab = labels(lang, messages)
    parts = [say(lab["unknown_model"], name=name)]
    if suggestions:
        parts.append(say(lab["did_you_mean"], names=", ".join(f"`{s}`" for s in suggestions)))
    if usage:
        parts.append(say(lab[usage]))
    return notice(" ".join(parts))


def render_unknown_precision(word: str, lang: str, messages: Messages | None = None
                             ) -> Message:
    """A precision-shaped word the catalog does not know ("int5"): said, with the known
    ones, rather than sized at the model's own precision."""
    return notice(say(labels(lang, messages)["unknown_precision"], word=word,
                      known=", ".join(precision_ids())))


def render_help(lang: str, messages: Messages | None = None) -> Message:
    return notice(say(labels(lang, messages)["help"]))


def render_usage(which: str, lang: str, messages: Messages | None = None) -> Message:
    return notice(say(labels(lang, messages)[which]))


def render_invalid(detail: str, lang: str, messages: Messages | None = None) -> Message:
    return notice(say(labels(lang, messages)["invalid"], detail=detail))


def render_starting(lang: str, messages: Messages | None = None) -> Message:
    return notice(say(labels(lang, messages)["starting"]))


def render_ack(lang: str, messages: Messages | None = None) -> Message:
    """The placeholder ("Working on it…") that the answer replaces."""
    return notice(say(labels(lang, messages)["ack"]))


def render_rate_limited(wait_s: int, lang: str, messages: Messages | None = None
                        ) -> Message:
    """Said instead of the answer when the workspace is over its requests per minute
    (service/api/rate_limit.py), with the seconds until its window resets."""
    return notice(say(labels(lang, messages)["rate_limited"],
                      s=formatter(lang, messages).number(wait_s)))


def render_failed(request_id: str, lang: str, messages: Messages | None = None
                  ) -> Message:
    return notice(say(labels(lang, messages)["failed"], rid=request_id))


_NOT_TARGETS = re.compile(
    r"^(?:no offer in the catalog matches the filters|the catalog has no offer for )")
"""The core's reasons for no option that the filters decided (``alternatives.py``: any
filter, or the GPUs named that no offer rents), never the latency targets."""

_BUDGET = re.compile(r"^the budget: ")


def targets_decided(rec: Recommendation) -> bool:
    """Whether the default latency targets decided a recommendation with no option: not
    when its reason is the price trust or the filters, and under a budget only when an
    alternative relaxes a target ("relax TTFT to ...": a cheaper option the targets rejected)
    ("Targets that decide the answer" followed "the cheapest option that fits costs $0.14/h,
    over your $0.05/h" with no target in play: audit slack2 #8)."""
    reason = rec.reason or ""
    if TRUST_REASON.match(reason) or _NOT_TARGETS.match(reason):
        return False
    return not _BUDGET.match(reason) or any(
        a.change.startswith("relax ") for a in rec.alternatives)
