"""Every quantity a question asks, answered: the intent's own figure leads, then each other
figure the question asks beside it that the lead does not already give, in the order asked,
each written as the question asking it alone writes it (its first sentence, its offers and its
warnings).

Audit buyer30c #3, #6, #7: "How much VRAM and what will it cost per month for Llama 3.1 70B at
20 users?" gave the memory alone (the month, $936.25, is what /v1/recommendations gives for
that load); "How many A100 80GB ... and what throughput and cost per million tokens?" the
count and its month, no tokens/s and no $/1M; "max batch size ... and monthly cost" no month;
"... how many GPUs, per-user tokens/s and total tokens/s" no total; "KV cache per token and
the max context on 2 H100" no context; the Mixtral question's price per hour in Romanian only.
The quantities are read from the question (:func:`asked_kinds`); a figure is said to be in
the lead where its unit is (:data:`_SAID`), so nothing is said twice.
"""

from __future__ import annotations

import datetime as dt
import re

import msgspec

from service.domain.answer.intent import Details, Stated
from service.domain.answer.numbers.context import Written
from service.domain.answer.numbers.write import _gather_notes, compose_numbers
from service.domain.answer.understand import Extracted
from service.domain.catalog.snapshot import Catalog
from service.domain.messages import Messages

# What each quantity is asked by, on the folded question (lower case, no diacritics); its
# position orders the figures added.
_ASKED: dict[str, re.Pattern[str]] = {
    # "how much VRAM", "what memory", "câtă memorie", "de câtă memorie VRAM", "VRAM, GPU count
    # and monthly cost?", "memory needed"; never "fits in memory", "memory bandwidth"
    "memory": re.compile(
        r"\b(?:how\s++much|what(?:'s|s)?|cata|cat|de\s++cata|ce)\s++(?:\w++\s++){0,2}?"
        r"(?:vram|gpu\s++memory|memory|memorie|memoria)\b(?!\s++bandwidth|\s++latime)"
        r"|(?:^|[:,;]|\band\b|\bsi\b)\s*+(?:the\s++)?(?:vram|memory|memoria|memorie)"
        r"(?:\s++(?:needed|required|usage|use|need))?\s*+(?=[,;?]|\band\b|\bsi\b|$)"
        r"|\b(?:vram|memory|memorie)\s++(?:does\s++\w++(?:\s++\w++)?\s++)?"
        r"(?:needed|required|need|usage|requirements?)\b"),
    "month": re.compile(r"\b(?:per|a|each|every|pe|/)\s*+(?:month|mo|luna)\b|\bmonthly\b"
                        r"|\blunar\w*+"),
    # "the price per hour", "cost per hour", "hourly", "prețul pe oră"; never "an hour of
    # audio", "tokens per hour"
    "hour": re.compile(r"\b(?:price|cost|costs|pret\w*+|cost\w*+|tarif\w*+)"
                       r"\s++(?:\w++\s++){0,2}?(?:per|an|a|pe|/)\s*+(?:hour|hr|h|ora)\b"
                       r"(?!\s++(?:of|de)\s++(?:audio|video|speech|transcri))"
                       r"|\bhourly\s++(?:price|cost|rate)|\bpret\w*+\s++orar"),
    "million": re.compile(r"\b(?:per|pe|la|/)\s*+(?:1\s*+)?(?:m|million|milion)\b"
                          r"|\bper\s++million\b|/\s*+1m\b"),
    # a rate in total: "what throughput", "total tokens/s", "tokens/s in total", "debitul"
    "throughput": re.compile(r"\bthroughput\b|\btotal\s++(?:output\s++)?tokens?\s*+(?:/\s*+s"
                             r"|per\s++second)|\btokens?\s*+(?:/\s*+s|per\s++second)\s++"
                             r"(?:in\s++)?total|\bdebit\w*+|\btokeni\s*+/\s*+s\s++in\s++total"),
    # a GPU count: "how many GPUs", "how many L4s", "number of GPUs", "GPU count", "câte
    # GPU-uri", "câte H100", "numărul de GPU-uri"; never "how many users", "how many tokens"
    "count": re.compile(r"\bhow\s++many\s++(?:\w++\s++){0,2}?(?:gpus?|cards?|accelerators?"
                        r"|[a-z]{1,3}\d{1,4}[a-z]*+)\b(?![\s-]*+(?:hours?|hrs?|h|ore|ora)\b)"
                        r"|\bnumber\s++of\s++(?:gpus?|cards?)\b(?![\s-]*+hours?\b)"
                        r"|\bgpu\s++count\b"
                        r"|\bcate\s++(?:gpu\w*+|placi|[a-z]{1,3}\d{1,4}\w*+)\b(?![\s-]*+or[ea]\b)"
                        r"|\bnumar\w*+\s++de\s++(?:gpu\w*+|placi)"),
    "max_context": re.compile(r"\b(?:max(?:imum)?|largest|longest|biggest)\s++context\b"
                              r"|\bcontext(?:ul)?\s++maxim\w*+|\bcel\s++mai\s++(?:mare|lung)\s++"
                              r"context"),
}

# Where the lead (and what is added before) already gives the quantity: its unit, as the
# templates of both languages write it (knowledge/messages/{en,ro}.toml).
_SAID: dict[str, re.Pattern[str]] = {
    "memory": re.compile(r"\bGiB\b"),
    "month": re.compile(r"/month\b|USD/lun"),
    "hour": re.compile(r"/h\b|USD/or"),
    "million": re.compile(r"\bper 1M\b|\bpe 1M\b"),
    "throughput": re.compile(r"tokens/s in total|whole setup generates"
                             r"|tokeni/s în total|întregul sistem generează"),
    "max_context": re.compile(r"\blargest context\b|\bCel mai mare context\b"),
    # a count needed, as the count and fit templates state one ("needs 2 × ...", "the fewest
    # ... it fits on", "are nevoie de 2 × ...", "cele mai puține")
    "count": re.compile(r"\bneeds?\s++\d[\d,]*+\s++×|\btakes\s++\d[\d,]*+\s++×|\bfewest\b"
                        r"|\bare nevoie de\s++\d[\d.]*+\s++×|\bcere\s++\d[\d.]*+\s++×"
                        r"|\bcele mai puține\b"),
}

# The intent and sub that answer each quantity asked alone.
_ANSWERED_BY: dict[str, tuple[str, str | None]] = {
    "memory": ("memory", None),
    "month": ("cost", "month"),
    "hour": ("cost", "hour"),
    "million": ("cost", "million"),
    "throughput": ("speed", "throughput"),
    "max_context": ("max_context", None),
    "count": ("gpu_count", None),
}


def asked_kinds(folded: str, st: Stated) -> list[str]:
    """The quantities the question asks (of :data:`_ASKED`), in the order written. A price is
    a quantity asked only where a price is (``Stated.cost_asked``, ``price_asked``): never a
    budget ("with a budget of $500 per month") or a load ("1B tokens a month")."""
    money = st.cost_asked or st.price_asked
    found: list[tuple[int, str]] = []
    for kind, pattern in _ASKED.items():
        m = pattern.search(folded)
        if m is None:
            continue
        if kind == "month" and not money:
            continue
        if kind == "hour" and not money:
            continue
        if kind == "million" and not st.million_asked:
            continue
        found.append((m.start(), kind))
    return [k for _, k in sorted(found)]


def _text(out: Written) -> str:
    return " ".join(x for x in (out.first, *out.more) if x).replace("\xa0", " ")


def add_asked(out: Written, folded: str, intent: str, sub: str | None, ex: Extracted,
              det: Details, lang: str, catalog: Catalog, today: dt.date, messages: Messages,
              model_id: str | None, st: Stated) -> None:
    """Each quantity the question asks (:func:`asked_kinds`) that ``out``, the answer of its
    ``intent``, does not give, added after its lead in the order asked: the first sentence of
    the answer that quantity asked alone gets, for the same model, GPUs, load and place, with
    its offers and warnings. Only an LLM's, only where the lead computed a figure; a figure
    the catalog cannot give is left out, never invented."""
    if (out.first is None or model_id is None or out.by_provider
            or catalog.registry.models[model_id].kind != "llm"
            or intent in ("guidance", "compare")):
        return
    added: list[str] = []
    for kind in asked_kinds(folded, st):
        if (intent, sub) == _ANSWERED_BY[kind] or (
                kind == "count" and intent == "gpu_count") or (
                kind in ("month", "hour") and intent == "cost" and sub in (
                    "month", "hour", "day", "week", "year", "job", "million")):
            continue
        if _SAID[kind].search(_text(out) + " " + " ".join(added)):
            continue
        want, want_sub = _ANSWERED_BY[kind]
        # a count asked is not the GPU the lead is on ("the max context on an L4 and how many
        # L4s for 20 users": the count the load needs, not a yes for the one L4)
        one = msgspec.structs.replace(ex, gpu_count=None) if kind == "count" else ex
        also = compose_numbers(want, want_sub, one, msgspec.structs.replace(det, sub=want_sub),
                               lang, catalog, today, messages, model_id, st)
        if also.first is None or not _SAID[kind].search(_text(also)):
            continue  # nothing computed for it: said by no figure rather than a wrong one
        added.append(also.first)
        priced = [also.priced_offer] if also.priced_offer is not None else also.offers[:1]
        out.offers.extend(o for o in priced if o not in out.offers)
        _gather_notes(out, also)
    at = min(1, len(out.more))  # after the lead and the sentence that completes it
    out.more[at:at] = added

