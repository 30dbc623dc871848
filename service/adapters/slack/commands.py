"""What the Slack bot says: parse ``/gpu ...`` (or a mention's text), call the core
(``answer``, ``size``, ``recommend``) and render the Block Kit message. Pure: the data and the
retriever are passed in; posting to Slack is the adapter's job."""

from __future__ import annotations

import dataclasses
import datetime as dt
import difflib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

import msgspec

from service.adapters.messages_files import shipped_messages
from service.adapters.slack.render import (
    Message,
    escape,
    gpu_words,
    message,
    notice,
    offer_where,
    price_note,
    rate_words,
    render_answer,
    render_help,
    render_invalid,
    render_recommendation,
    render_sizing,
    render_starting,
    render_unknown_model,
    render_unknown_precision,
    render_usage,
    resolution_of,
    say,
    section,
    setup_rows,
    targets_decided,
)
from service.domain.answer.compose import AskRequest, AskResponse, Knowledge, SizingNumbers, answer
from service.domain.answer.core_warnings import localise
from service.domain.answer.intent import (
    details,
    excluded_providers,
    finetune_options,
    provider_words,
    stated,
)
from service.domain.answer.understand import Extracted, detect_language, extract, user_base
from service.domain.answer.understand import _fold as _fold_question
from service.domain.catalog.names import norm
from service.domain.catalog.offer_query import (
    OfferFilter,
    OfferView,
    price_basis,
    query_counted,
)
from service.domain.catalog.precisions import find_kv_type, find_precision
from service.domain.catalog.regions import parse_region_filter
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import price_date_words
from service.domain.errors import DomainError, InvalidInput, NotFound
from service.domain.fields import (
    BATCH_MAX,
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    EMBED_INPUT_TOKENS,
    TOKENS_MAX,
    Concurrency,
    ContextTokens,
)
from service.domain.locale import romanian_de
from service.domain.messages import Messages
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from service.domain.sizing.requests import (
    FinetuneOptions,
    SizingRequest,
)
from service.domain.sizing.sizing import FitRow, SizingResult, size
from service.domain.tokens import length_tokens

Kind = Literal["ask", "size", "recommend", "offers", "help", "mistyped"]
MAX_QUESTION = 2000
DEFAULT_CONTEXT = DEFAULT_CONTEXT_TOKENS  # the one default request (fields.py)


@dataclass(frozen=True)
class Command:
    kind: Kind
    args: str
    lang: str
    lang_said: bool = False
    """Whether the command's verb said the language ("recomandă": Romanian)."""
    verb: str | None = None
    """A ``mistyped`` command's nearest verb ("reccomend" → "recommend")."""


@dataclass(frozen=True)
class BotData:
    """Everything an answer needs: the catalog snapshot, the day, the guidance, which is
    None while the knowledge base is loading (questions then get "still starting"; size and
    recommend still work), and the messages (loaded apart from the guidance, so even "still
    starting" is worded from them; the shipped ones unless given)."""

    catalog: Catalog
    today: dt.date
    knowledge: Knowledge | None = None
    public_url: str | None = None
    messages: Messages = field(default_factory=shipped_messages)

    @property
    def registry(self) -> Registry:
        return self.catalog.registry


# ---------------------------------------------------------------------------------------------
# Parsing

_MENTION = re.compile(r"<[@#!][^<>]*+>")
_LINK = re.compile(r"<((?:https?|mailto):[^|<>]++)(?:\|([^<>]*+))?>")


def clean_slack_text(text: str) -> str:
    """Slack's wire format to plain text: mentions dropped, links to their label, the three
    escaped characters restored."""
    text = _MENTION.sub(" ", text)
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return re.sub(r"\s+", " ", text).strip()


_VERBS: tuple[tuple[Kind, str], ...] = (
    ("help", "verbs_help"), ("size", "verbs_size"), ("recommend", "verbs_recommend"),
    ("offers", "verbs_offers"), ("ask", "verbs_ask"))
"""Each kind of command and the ``[slack]`` key listing its verbs in every language."""


def command_verbs(messages: Messages) -> dict[str, tuple[Kind, str | None]]:
    """Every command verb (``verbs_*`` of ``[slack]``) → its kind and the language it says:
    a verb of one language other than the default one (the language the others' help
    quotes its examples in) says that language; a default-language verb, or one several
    languages share, says none (the rest of the text then tells)."""
    langs: dict[str, set[str]] = {}
    kinds: dict[str, Kind] = {}
    for lang in messages.languages:
        lab = messages.section(lang, "slack")
        for kind, key in _VERBS:
            for verb in lab[key].lower().split():
                kinds.setdefault(verb, kind)
                langs.setdefault(verb, set()).add(lang)
    out: dict[str, tuple[Kind, str | None]] = {}
    for verb, kind in kinds.items():
        said = langs[verb]
        one = next(iter(said)) if len(said) == 1 else None
        out[verb] = (kind, one if one != messages.default else None)
    return out


def parse_command(text: str, words: Mapping[str, frozenset[str]] | None = None,
                  messages: Messages | None = None) -> Command:
    """``help`` | ``size <args>`` | ``recommend <args>`` | ``ask <question>`` (the verbs of
    every language, ``verbs_*`` in ``[slack]`` of the messages) | anything else is a
    question. The language: the verb's, when it says one ("recomandă", "ajutor"), else the
    text's. ``words``: the language-detection words (``Messages.words``); ``messages``: the
    messages (the shipped ones if None)."""
    messages = shipped_messages() if messages is None else messages
    words = messages.words if words is None else words
    text = text.strip()
    first, _, rest = text.partition(" ")
    verb = command_verbs(messages).get(first.lower())
    rest = rest.strip()
    kind: Kind = "ask"
    said: str | None = None
    if verb is None:  # no verb: the whole text is the question
        typo = _mistyped_verb(first, rest, messages)
        if typo is not None:
            lang = typo[1] or detect_language(rest, words)
            # the whole text kept: a question after all when it names no model or GPU
            return Command("mistyped", text, lang, typo[1] is not None, verb=typo[0])
        rest = text
    else:
        kind, said = verb
    if not rest and kind == "ask":
        kind = "help"  # nothing asked ("/gpu", "/gpu întreabă")
    if kind == "help":
        return Command("help", "", said or messages.default, said is not None)
    return Command(kind, rest, said or detect_language(rest, words), said is not None)


_VERB_TYPO_RATIO = 0.75
"""How close a first word must be to a verb to be taken for it mistyped (difflib's ratio:
"sise"/"size" 0.75, "reccomend"/"recommend" 0.89, "recomand"/"recomandă" 0.94)."""


def _mistyped_verb(first: str, rest: str, messages: Messages) -> tuple[str, str | None] | None:
    """The verb a first word mistypes ("reccomend", "recomand", "sise") and the language the
    verb says, or None: a word close to a size/recommend/offers verb, not that verb with an
    ending ("recommended", "sizes": English words of a question), before a model or a GPU
    and no question mark (:func:`run_command` checks that the rest names a model or a GPU,
    else answers the text as a question). Such a command was answered as a question, with
    an unrelated passage; it now gets "did you mean"."""
    word = _fold(first.strip(_EDGE))
    if len(word) < 4 or not rest or "?" in rest:
        return None
    verbs: dict[str, tuple[str, str | None]] = {}
    for v, (kind, lang) in command_verbs(messages).items():
        if kind in ("size", "recommend", "offers") and len(v) >= 4:  # not "rec"
            verbs.setdefault(_fold(v), (v, lang))  # "recomandă" before "recomanda"
    if any(word.startswith(v) for v in verbs):
        return None
    best = max(verbs, key=lambda v: difflib.SequenceMatcher(None, word, v).ratio())
    if difflib.SequenceMatcher(None, word, best).ratio() < _VERB_TYPO_RATIO:
        return None
    return verbs[best]


def _names_model_or_gpu(text: str, registry: Registry) -> bool:
    """Whether ``text`` names a model or a GPU (what a command's arguments name)."""
    ex = extract(text, registry)
    return ex.model is not None or ex.gpu is not None


_CTX = re.compile(r"^(-)?(\d{1,3}(?:,\d{3})++|\d+(?:\.\d+)?)([km])?$", re.I)
_CONTEXT_READ_MAX = 1_000_000_000
"""The largest context read as one ("20m"): past :data:`TOKENS_MAX` it is read so that it is
refused in words (``context_too_long``), not called unread and sized at the default."""


def _context_value(word: str) -> int | None:
    """A context as a user writes it ("32k", "8192", "32,000", "ctx=16k"), or None. A minus
    before it ("-32k", "ctx=-32k") is kept: such a context is refused in words (:func:`_refused`),
    never sized with a negative KV cache nor read as 32k (audit regress6 #1)."""
    m = _CTX.match(word.strip().lower().removeprefix("ctx=").removeprefix("context="))
    if not m:
        return None
    value = float(m.group(2).replace(",", ""))
    unit = (m.group(3) or "").lower()
    tokens = length_tokens(value, unit)  # one rule for every route (service.domain.tokens)
    if not unit and "." in m.group(2):
        return None
    if not 256 <= tokens <= _CONTEXT_READ_MAX:
        return None
    return -tokens if m.group(1) else tokens


def parse_size_args(args: str) -> tuple[str, str | None, int | None]:
    """``"<model> [precision] [context]"`` → (model text, precision id, context tokens):
    a trailing context ("32k", "8192") and precision ("int4", "fp8", "gguf q4_k_m", "4 bit")
    in either order."""
    words = args.split()
    weights: str | None = None
    ctx: int | None = None
    while len(words) > 1:
        tail = words[-1]
        if ctx is None and (c := _context_value(tail)) is not None:
            ctx = c
            words.pop()
            continue
        if weights is None:
            two = " ".join(words[-2:]) if len(words) > 2 else None
            if two and (p := find_precision(two)) is not None:
                weights = p.id
                del words[-2:]
                continue
            if (p := find_precision(tail)) is not None:
                weights = p.id
                words.pop()
                continue
        break
    return " ".join(words), weights, ctx


_PRECISION_LIKE = re.compile(r"(?:u?int|fp|bf|nf|mxfp|nvfp|q|iq|w\d+a)\d+(?:_\w+)?", re.I)
"""A word shaped like a precision ("int5", "fp6", "q7_k"): one the catalog does not know is
said, not sized silently at the model's native precision."""


Span = tuple[int, int]
"""Where in a command's text a reader took its words (start, end: character offsets)."""

_KV_NAME = r"(?:kv(?:[-_ ]?cache)?|cache(?:-ul)?\s++kv)"
_KV_AFTER = re.compile(
    rf"(?<![\w.-]){_KV_NAME}\s*+(?:[=:]\s*+|(?:in|în|at|la|as|ca)\s++)?(?P<p>[\w.]++)",
    re.I)
_KV_BEFORE = re.compile(rf"(?<![\w.-])(?P<p>[\w.]++)\s++{_KV_NAME}(?![\w-])", re.I)
"""The KV cache's precision next to "kv" ("kv fp8", "kv cache in fp8", "kv=q8_0", "cache KV
în fp8"; else before it: "fp8 kv cache"); after it first, so "fp8 kv fp8" is fp8 weights
with an fp8 cache, as the words read in order."""
_RESOLUTION_WORDS = re.compile(r"(?<![\w.])(\d{2,5})\s*+[x×]\s*+(\d{2,5})(?:\s*+px)?(?![\w.])",
                               re.I)
"""An image's width × height ("2048x2048", "1024 × 768 px"), width first as diffusers'
pipelines take it (README: "Diffusion models are sized by width × height and steps")."""
_IMAGES_WORDS = re.compile(
    r"(?<![\w.,-])(?P<n>\d{1,3})\s*+(?:de\s++)?(?:images?|imgs?|imagini|poze)"
    r"(?:\s++(?:per|pe|each|for\s++each|in\s++each|in\s++every|[iî]n\s++fiecare"
    r"|la\s++fiecare)\s++(?:requests?|prompts?|queries|query|cerere|cererea|prompt))?(?!\w)",
    re.I)
"""Images in each request to a vision-language model ("20 images per request", "4 images",
"20 imagini per cerere", "4 de imagini pe cerere"): sizing's ``images_per_request``, as
/v1/ask reads it (``intent._IMAGES_PER_REQUEST``); read for a language model only (an image
model's "4 images" is no such setting). They were "not understood" and one image sized
(audit regress6 #15)."""
_STEPS_WORDS = re.compile(r"(?<![\w.,])(\d{1,4})\s*+(?:de\s++)?(?:steps?|pa[sș]i)(?!\w)", re.I)
"""Denoising steps ("30 steps", "30 de pași")."""


def _kv_cache(text: str) -> tuple[str, Span, bool] | None:
    """The KV cache precision ``text`` states next to "kv" and where, and whether sizing
    keeps a cache so (``find_kv_type``): a precision after "kv" that no engine keeps its
    cache in ("kv fp4", "kv int4", "kv nvfp4") is returned as written, unknown, to be
    refused in words; it was read as the weights' precision. None when none."""
    for rx in (_KV_AFTER, _KV_BEFORE):
        for m in rx.finditer(text):
            word = m.group("p")
            if word.isdigit():
                continue
            if (k := find_kv_type(word)) is not None:
                return k.id, m.span(), True
            if rx is _KV_AFTER and (find_precision(word) is not None
                                    or _PRECISION_LIKE.fullmatch(word)):
                return word, m.span(), False
    return None


def _blank(text: str, spans: list[Span]) -> str:
    """``text`` with the ``spans`` already read blanked (the offsets of the rest kept), so the
    other readers do not read them again ("kv fp8" is no weights' fp8)."""
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


@dataclass(frozen=True)
class SizeArgs:
    """What a ``/gpu size`` or ``/gpu recommend`` text states besides the model."""

    text: str
    """The model's words (the text before a trailing precision and context)."""
    weights: str | None = None
    context_tokens: int | None = None
    users: int | None = None
    unknown_precision: str | None = None
    kv_cache: str | None = None
    """The KV cache's precision ("kv fp8"); None: the engine's own (sizing's default)."""
    width_px: int | None = None
    height_px: int | None = None
    steps: int | None = None
    """A diffusion pipeline's size and denoising steps ("2048x2048 30 steps")."""
    kv_span: Span | None = None
    unknown_kv: str | None = None
    """A KV cache precision no engine keeps ("kv fp4"), as written: refused, never the
    weights'."""
    media_spans: tuple[Span, ...] = ()
    """Where the KV cache's words and the size and steps' words are: read words, unless the
    model takes no such setting (a language model has no width)."""
    images: int | None = None
    images_span: Span | None = None
    """The images in each request ("20 images per request") and where they are said."""


def read_size_args(args: str, registry: Registry) -> SizeArgs:
    """Precision, context and concurrent users wherever the text states them: a trailing
    "int4 32k" as :func:`parse_size_args` reads it, else as ``/v1/ask`` reads a question
    (:func:`extract`: "int4 with 32k context", "fp8 cu 32k", "for 8 users"); a
    precision-shaped word the catalog does not know ("int5") is returned, to be said. A KV
    cache precision ("kv fp8") and a diffusion size and steps ("2048x2048 30 steps") are read
    first and blanked, so that no other reader takes their numbers (a 2048 is no context)."""
    kv = _kv_cache(args)
    res = _RESOLUTION_WORDS.search(args)
    st = _STEPS_WORDS.search(args)
    media = tuple(m.span() for m in (res, st) if m is not None)
    args = _blank(args, [*media, *((kv[1],) if kv else ())])
    im = _IMAGES_WORDS.search(args)
    args = _blank(args, [im.span()] if im is not None else [])
    text, weights, ctx = parse_size_args(args)
    ex = extract(args, registry)
    weights = weights or ex.weights
    # a "16k" anywhere ("fp8 16k for 4 users"); a bare number only at the end, positionally;
    # a context of 0 ("0k context") kept, to be refused (it was sized at the default)
    # a context written with a minus after "ctx=" ("ctx=-32k") is the word's, not 32k
    # the count of users ("2k users", "1.5k utilizatori") is no context: read so, it sized
    # 2,000 users at 2,048 tokens (audit slack2 #1; /v1/ask reads the default 4,096)
    said = args.split()
    counted = {i for i in range(len(said) - 1) if _USERS_AFTER.match(said[i + 1])}
    ctx = ctx or next(
        (c for w in said if re.search(r"^(?:ctx|context)=-", w, re.I)
         and (c := _context_value(w)) is not None), None) or ex.context_tokens or next(
        (c for i, w in enumerate(said) if i not in counted
         and re.search(r"[km]$|^(?:ctx|context)=", w, re.I)
         and (c := _context_value(w)) is not None), None)
    if ctx is None and ex.context_tokens == 0:
        ctx = 0
    unknown = None
    if weights is None:
        unknown = next((w for w in re.findall(r"[\w.-]+", args)
                        if _PRECISION_LIKE.fullmatch(w) and find_precision(w) is None), None)
    # the model text keeps any extra words ("with 32k context"): _resolve_model then reads
    # the model the text names, as a question's is read
    users = ex.concurrent_requests
    base = user_base(_fold_question(args)) if users is None else None
    if base is not None and base[0] <= BATCH_MAX:
        # a user base ("a team of 50 people", "200 registered users"): all of them at once,
        # the worst case, as /v1/ask sizes it (numbers/write.user_base_load)
        users = base[0]
    return SizeArgs(text, weights, ctx, users, unknown,
                    kv_cache=kv[0] if kv and kv[2] else None,
                    width_px=int(res.group(1)) if res else None,
                    height_px=int(res.group(2)) if res else None,
                    steps=int(st.group(1)) if st and int(st.group(1)) else None,
                    kv_span=kv[1] if kv else None,
                    unknown_kv=kv[0] if kv and not kv[2] else None, media_spans=media,
                    images=int(im.group("n")) if im is not None else None,
                    images_span=im.span() if im is not None else None)


_USERS_AFTER = re.compile(
    r"(?:concurrent\b|simultan|users?\b|utilizator|useri|clien[tț]|sessions?\b|sesiun)", re.I)
"""A word after a count that makes it the users' ("2k users", "2k utilizatori")."""
_EDGE = ".,;:!?()[]\"'"
_MODEL_WORDS_MAX = 8
"""The most words a model's name takes ("meta llama 3.1 8b instruct" is 5)."""
_FUZZY_WORDS_MAX = 40
"""Past this many words, a model found only by the question reader is not looked for word by
word (a window's reading costs an :func:`extract` each)."""


def _model_span(words: list[str], model: str, registry: Registry) -> range | None:
    """Which of ``words`` name ``model``: the longest run the registry reads as it ("meta
    llama 3.1 8b instruct"), else the shortest one the question reader does; None if none."""
    clean = [w.strip(_EDGE) for w in words]
    n_max = min(_MODEL_WORDS_MAX, len(words))
    for n in range(n_max, 0, -1):
        for i in range(len(words) - n + 1):
            try:
                if registry.model(" ".join(clean[i:i + n])).id == model:
                    return range(i, i + n)
            except NotFound:
                continue
    if len(words) > _FUZZY_WORDS_MAX:
        return None
    for n in range(1, n_max + 1):
        for i in range(len(words) - n + 1):
            if extract(" ".join(clean[i:i + n]), registry).model == model:
                return range(i, i + n)
    return None


def _count_value(word: str) -> int | None:
    """A count as a user writes it ("8", "1,000", "1k"), or None."""
    m = re.fullmatch(r"(\d{1,3}(?:,\d{3})++|\d++)(k)?", word)
    return None if m is None else int(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)


def unread_words(args: str, model: str, a: SizeArgs, registry: Registry,
                 known: frozenset[str], read: Sequence[Span] = ()) -> list[str]:
    """The words of a ``/gpu size`` text that nothing read ("abc" in "llama-3.1-8b int4 abc"),
    as written, to be said rather than dropped silently: not the model's name, a precision
    (one word or two: "gguf q4_k_m", "8 bit"), a context, the users' count, one of the
    ``known`` connecting words (``size_words`` of ``[slack]``, every language's), or a word
    in one of the ``read`` spans (another reader's: "kv fp8", "2048x2048", a budget). Nothing
    when the model's words cannot be told apart (no word is then called unread wrongly)."""
    found = list(re.finditer(r"\S++", args))
    words = [m.group() for m in found]
    span = _model_span(words, model, registry)
    if span is None:
        return []
    used = [i in span or any(m.start() < b and a0 < m.end() for a0, b in read)
            for i, m in enumerate(found)]
    for i, word in enumerate(words):
        w = word.lower().strip(_EDGE)
        if used[i]:
            continue
        if (not w or w in known or _context_value(w) is not None
                or find_precision(w) is not None
                or (a.users is not None and _count_value(w) == a.users)):
            used[i] = True
        elif (i + 1 < len(words) and not used[i + 1]
              and find_precision(f"{w} {words[i + 1].lower().strip(_EDGE)}") is not None):
            used[i] = used[i + 1] = True
        elif (i + 1 < len(words) and w.isdigit() and a.weights is not None
              and _fold(words[i + 1].strip(_EDGE)) in _BIT_WORDS
              and (p := find_precision(f"{w} bit")) is not None and p.id == a.weights):
            # "4 bits", "4 biți": the precision read from them ("4" was said as unread)
            used[i] = used[i + 1] = True
    return [w for w, u in zip(words, used, strict=True) if not u]


_BIT_WORDS = frozenset({"bit", "bits", "biti"})
"""A bit count's noun, folded ("biți" → "biti")."""


def _size_words(messages: Messages) -> frozenset[str]:
    """Every language's connecting words of ``/gpu size`` (``size_words`` of ``[slack]``):
    a Romanian "cu" in an English-verbed command is still read."""
    return frozenset(w for lang in messages.languages
                     for w in messages.section(lang, "slack").get("size_words", "").split())


_UNIT = r"(?P<unit>hours?|hrs?|h|or[aăe]|months?|mo|mth|lun[aă]|lunar)\b"
_BARE_BUDGET = re.compile(
    r"\$?\s*+(?<![\d.,])(?P<n>\d{1,3}(?:,\d{3})++(?!\d)|\d++(?:\.\d++)?)\s*+(?P<k>k)?\s*+"
    r"(?:(?:de\s++)?(?:\$|usd|dollars?|dolari))?\s*+(?:/|per\b|pe\b|an?\b)\s*+" + _UNIT, re.I)
_BUDGET_START = re.compile(
    r"\$|\b(?:budget|buget(?:ul)?|under|sub|max(?:im(?:um)?)?)\b"
    r"|(?<![\w.,])\d[\d.,]*+\s*+k?\s*+(?:de\s++)?(?:usd|dollars?|dolari)\b",
    re.I)
"""Where a budget starts ("$", "budget", "maxim", "500 de dolari": the words of "maxim 500 de
dolari pe lună" are the budget's, said as unread while it was applied: audit slack2 #13c)."""


_NO_UNIT_BUDGET = re.compile(
    r"(?:\$\s*+|\b(?:budget|buget(?:ul)?|under|sub|max(?:im(?:um)?)?)\s++\$?\s*+)"
    r"(?P<n>\d{1,3}(?:,\d{3})++(?!\d)|\d++(?:\.\d++)?)\s*+(?P<k>k\b)?(?!\s*+/)", re.I)
"""A budget with no unit ("$1500", "budget 1500")."""


def parse_recommend_args(args: str, registry: Registry
                         ) -> tuple[str, float | None, float | None]:
    """``"<model> [budget]"`` → (model text, USD per hour, USD per month). The budget is read
    as questions read it ("$2/h", "1500 USD a month", "buget 800/lună"); a bare
    "1500/month" counts too here."""
    cut = len(args)
    for rx in (_BARE_BUDGET, _BUDGET_START):
        m = rx.search(args)
        if m:
            cut = min(cut, m.start())
    ex = extract(args, registry)
    hour, month = ex.budget_usd_per_hour, ex.budget_usd_per_month
    if hour is None and month is None and (m := _BARE_BUDGET.search(args)):
        value = float(m.group("n").replace(",", "")) * (1000 if m.group("k") else 1)
        if m.group("unit").lower().startswith(("h", "o")):
            hour = value
        else:
            month = value
    return args[:cut].strip(" ,;:-"), hour, month


# ---------------------------------------------------------------------------------------------
# Answers


def _resolve_model(text: str, registry: Registry) -> str:
    """A registry model id for ``text``; NotFound (with suggestions) when none."""
    try:
        return registry.model(text).id
    except NotFound:
        found = extract(text, registry).model
        if found is not None:
            return found
        raise


def _resized(data: BotData, sizing: SizingNumbers, ex: Extracted
             ) -> tuple[SizingResult, bool] | None:
    """The answer's own sizing run again (best effort), for the 'fits on' rows: the run and
    whether it is the same sizing (an inference one with the answer's model, precision,
    memory to the answer's 2 decimals and fits: its decode tokens/s and unrounded memory are
    then the answer's; a training answer's never is, so a fine-tuning answer never shows
    decode speeds). A run with the answer's model, precision and 'fits on' list but another
    total is returned too (not the same): the list was computed at a setting other than the
    total's (a fine-tune's least memory, checkpointed, beside its run on the asked GPUs; one
    GPU beside the total on 4 × V100), and its rows' own need per GPU is what the table can
    show beside them. None when no run gives the answer's list."""
    training = _training(ex)
    try:
        if training:
            task = "pretrain" if ex.workload == "pretrain" else "finetune"
            method = ex.method or ("full" if task == "pretrain" else "lora")
            opts: dict[str, object] = {"method": method,
                                       "sequence_length": sizing.context_tokens}
            if ex.batch_size is not None:
                opts["micro_batch_size"] = ex.batch_size
            req = msgspec.convert({"model": sizing.model, "weights": sizing.weights,
                                   "task": task, "finetune": opts}, SizingRequest)
        else:
            req = SizingRequest(model=sizing.model, weights=sizing.weights,
                                input_tokens=sizing.context_tokens, output_tokens=0,
                                batch_size=ex.concurrent_requests or 1)
        r = size(req, data.catalog)
    except (DomainError, ValueError, msgspec.ValidationError):
        return None
    mem = r.memory
    kv = None if mem.kv_cache_gib is None else round(mem.kv_cache_gib, 2)
    fits = [f"{f.gpu_count} × {f.gpu_name}" for f in _first_fits(r)]
    if r.model.id != sizing.model or r.weights != sizing.weights or fits != sizing.fits_on:
        return None
    same = (r.task == "inference" and not training
            and round(mem.total_gib, 2) == sizing.total_gib
            and round(mem.weights_gib, 2) == sizing.weights_gib and kv == sizing.kv_cache_gib)
    return r, same


def _training(ex: Extracted) -> bool:
    """Whether an answer sizes a training run (a fine-tuning or pre-training workload, or a
    method named): its total holds gradients and optimizer state."""
    return ex.workload in ("finetune", "pretrain") or ex.method is not None


def _answer_workload(data: BotData, question: str, sizing: SizingNumbers | None,
                     sized: SizingResult | None) -> tuple[str, str | None, int | None]:
    """What an answer's table says was sized besides the model and precision, as (kind,
    resolution, steps): the model's kind (only a language model's table has a context), a
    diffusion sizing's resolution (the run again's, ``sized``, only when it is the answer's
    own) and its steps as the answer prices them (the question's "50 steps", else the
    model's own; unknown otherwise)."""
    m = data.registry.models.get(sizing.model) if sizing is not None else None
    if m is None or m.kind != "diffusion":
        return (m.kind if m is not None else "llm"), None, None
    steps = stated(question, data.registry).diffusion_steps or m.default_steps
    return m.kind, resolution_of(sized) if sized is not None else None, steps


def _first_fits(r: SizingResult) -> list[FitRow]:
    """The 'fits on' rows an answer shows: the fewest GPUs, then the smallest."""
    return sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:3]


def run_ask(question: str, data: BotData, said: str | None = None) -> Message:
    """``said``: the language the command's verb said ("întreabă": Romanian), which the
    answer is in; else the question's."""
    if data.knowledge is None:
        return render_starting(said or detect_language(question, data.messages.words),
                               data.messages)
    question = question[:MAX_QUESTION]
    req = msgspec.convert({"question": question, "lang": said or "auto"}, AskRequest)
    resp = answer(req, data.knowledge, data.catalog, data.today)
    sizing = resp.numbers.sizing if resp.numbers else None
    training = _training(resp.extracted)
    # the request rate the question states ("at 10 requests per second"), which the table
    # says it is for (it said no load at all: audit s6slack)
    rate = None if training else stated(question, data.registry).request_rate_per_s
    rows = _setup_table(data, resp, sizing, rate) if sizing is not None else None
    if rows is not None:
        kind, resolution, steps = _answer_workload(data, question, sizing, None)
        return render_answer(resp, question, public_url=data.public_url,
                             messages=data.messages, kind=kind, training=training, rows=rows)
    rerun = _resized(data, sizing, resp.extracted) if sizing is not None else None
    if rerun is None:
        kind, resolution, steps = _answer_workload(data, question, sizing, None)
        return render_answer(resp, question, public_url=data.public_url,
                             messages=data.messages, kind=kind, resolution=resolution,
                             steps=steps, training=training,
                             per_gpu=training and sizing is not None
                             and sizing.total_gib < sizing.weights_gib, rate=rate)
    sized, same = rerun
    kind, resolution, steps = _answer_workload(data, question, sizing,
                                               sized if same else None)
    # a training total that is not the one-GPU run's is one data-parallel GPU's share
    single = sizing is not None and round(sized.memory.total_gib, 2) == sizing.total_gib
    return render_answer(resp, question, public_url=data.public_url,
                         fits=_first_fits(sized), memory=sized.memory if same else None,
                         fits_own_need=not same, messages=data.messages, kind=kind,
                         resolution=resolution, steps=steps, training=training,
                         per_gpu=training and not single, rate=rate)


def _answer_users(resp: AskResponse) -> int:
    """The concurrent requests an answer is about: the question's ("at 50 users"), else those
    it sized for a user base ("200 registered users": all 200 at once, ``Numbers.users``),
    else a "how many users" answer's number; 1 when none."""
    a = resp.numbers.asked if resp.numbers is not None else None
    held = int(a.value) if a is not None and a.quantity == "max_batch_size" else 1
    base = resp.numbers.users if resp.numbers is not None else None
    return (resp.extracted.concurrent_requests
            or (base.concurrent_requests if base is not None else None) or max(held, 1))


def _setup_table(data: BotData, resp: AskResponse, sizing: SizingNumbers,
                 rate: float | None = None) -> list[tuple[str, str]] | None:
    """The table of an answer about a load or a setup, sized at them (``setup_rows``): the
    answer's sizing numbers are recorded for one request (or one replica, one GPU's share)
    beside "4 × H100 for 50 users", so they are sized again with the answer's model,
    precision and context, at its users and on the GPUs it names (the question's count, or
    the count it answers). A training run's table is its memory per GPU on those GPUs when
    that sizing gives the answer's total per GPU. None: the answer's own numbers serve (one
    request, no setup), or the sizing fails (the table then labels what it shows)."""
    ex, reg = resp.extracted, data.registry
    model = reg.models.get(sizing.model)
    if model is None or model.kind != "llm" or sizing.context_tokens <= 0:
        return None
    a = resp.numbers.asked if resp.numbers is not None else None
    count = (int(a.value) if a is not None and a.quantity == "gpu_count" and a.value >= 1
             else ex.gpu_count)
    gpu = reg.gpus.get(ex.gpu) if ex.gpu else None
    training, users = _training(ex), _answer_users(resp)
    if training and gpu is not None:
        count = count or 1
    setup = (gpu.id, count) if gpu is not None and count else None
    if not training and setup is None and users <= 1:
        return None
    try:
        if training:
            if setup is None:
                return None
            task = "pretrain" if ex.workload == "pretrain" else "finetune"
            opts: dict[str, object] = {"method": ex.method or (
                "full" if task == "pretrain" else "lora"),
                "sequence_length": sizing.context_tokens}
            if ex.batch_size is not None:
                opts["micro_batch_size"] = ex.batch_size
            req = msgspec.convert({"model": sizing.model, "weights": sizing.weights,
                                   "task": task, "finetune": opts, "gpu": setup[0],
                                   "gpu_count": setup[1]}, SizingRequest)
        else:
            req = SizingRequest(model=sizing.model, weights=sizing.weights,
                                input_tokens=sizing.context_tokens, output_tokens=0,
                                batch_size=users, engine=ex.engine,
                                gpu=setup[0] if setup else None,
                                gpu_count=setup[1] if setup else 1)
        r = size(req, data.catalog)
        if training and round(r.memory.per_gpu_gib, 2) != round(sizing.total_gib, 2):
            # a GPU count answered keeps the recommendations' headroom free (their default
            # min_memory_headroom_pct, SERVICE_HEADROOM_PCT; answer/numbers/training.py
            # _count_size): sized so
            r = size(msgspec.structs.replace(req, min_memory_headroom_pct=SERVICE_HEADROOM_PCT),
                     data.catalog)
    except (DomainError, ValueError, msgspec.ValidationError):
        return None
    if r.model.id != sizing.model or r.weights != sizing.weights:
        return None
    fits: list[FitRow] = []
    if training:
        # the answer's total per GPU, or this is not its setup
        if round(r.memory.per_gpu_gib, 2) != round(sizing.total_gib, 2):
            return None
        rerun = _resized(data, sizing, ex)
        fits = _first_fits(rerun[0]) if rerun is not None else []
    label = (data.messages.section(resp.lang, "slack")["setup"].format(
        n=data.messages.formatter(resp.lang).number(setup[1]), gpu=reg.gpus[setup[0]].name)
        if setup is not None else None)
    return setup_rows(r, resp.lang, context_tokens=sizing.context_tokens, users=users,
                      setup=label, training=training, messages=data.messages, fits=fits,
                      rate=rate)


def _web_output_tokens(context_tokens: int) -> int:
    """The output tokens of a context as the web page splits it (app.js: OUTPUT_TOKENS = 512,
    at most the context less one), so the page the link opens prices the same request."""
    return min(512, max(0, context_tokens - 1))


def run_size(args: str, lang: str, data: BotData) -> Message:
    # a training run's tokens ("for 100M tokens": 100 x 10^6) are no context (they were read
    # as 104,857,600 tokens of context and refused: audit train2 #10)
    trained = _training_spans(args) if _says_training(args, data) else []
    # a GPU and its count ("on h100", "on 8xh100"): sized on them, as /v1/sizing's gpu and
    # gpu_count (they were "not understood" and the answer "fits on B200": audit slack2 #10)
    counts = _gpu_count_spans(args, data)
    gpu_spans = _gpu_spans(_blank(args, [*trained, *counts]), data)
    a = read_size_args(_blank(args, [*trained, *counts, *gpu_spans]), data.registry)
    if not a.text:
        return render_usage("size_usage", lang, data.messages)
    model = _resolve_model(a.text, data.registry)
    if a.unknown_kv is not None:
        return _unknown_kv(a.unknown_kv, lang, data)
    if a.unknown_precision is not None:
        return render_unknown_precision(a.unknown_precision, lang, data.messages)
    m = data.registry.models[model]
    diffusion = m.kind == "diffusion"
    # the KV cache's words are read only for a model that keeps one, a size and steps only
    # for a diffusion pipeline: elsewhere they are said as unread, never silently unused
    read = (a.media_spans if diffusion else
            (a.kv_span,) if a.kv_span is not None and m.kind == "llm" else ())
    # images per request only for a language model (a vision one sizes them; another's
    # sizing warns that they are ignored)
    images = a.images if m.kind == "llm" else None
    if images is not None and a.images_span is not None:
        read = (*read, a.images_span)
    read = (*read, *trained, *counts, *gpu_spans)
    unread = unread_words(args, model, a, data.registry, _size_words(data.messages), read)
    users = a.users or 1
    gpu = extract(" ".join(args[x:y] for x, y in gpu_spans), data.registry).gpu \
        if gpu_spans and m.kind == "llm" else None
    n_gpus = (int(re.sub(r"\D", "", args[counts[0][0]:counts[0][1]])) if counts
              else extract(args, data.registry).gpu_count or 1) if gpu else 1
    if m.kind != "llm":
        if (refused := _refused(a, None, model, lang, data)) is not None:
            return refused
        # a diffusion or audio pipeline is sized by width, height and steps: token fields
        # sent here came back as "input_tokens, output_tokens ignored" warnings
        width, height, steps = (a.width_px, a.height_px, a.steps) if diffusion else (
            None, None, None)
        result = size(_checked(SizingRequest(model=model, weights=a.weights, batch_size=users,
                                             width=width, height=height, steps=steps)),
                      data.catalog)
        # the page takes the width, height and steps from the link (app.js LINK_PARAMS), so
        # it sizes the image this message does
        link_media = {"model": model, "weights": a.weights, "concurrency": users,
                      "width": width, "height": height, "steps": steps, "lang": lang}
        return render_sizing(result, lang, context_tokens=None, users=a.users,
                             steps=(a.steps if diffusion else None) or m.default_steps,
                             public_url=data.public_url, messages=data.messages,
                             unread=unread, link_params=link_media)
    limit = m.architecture.max_context if m.architecture is not None else None
    embed = m.task == "embed"
    context_tokens = (a.context_tokens if a.context_tokens is not None
                      else _default_context(m.task, limit))
    if (refused := _refused(a, context_tokens, model, lang, data)) is not None:
        return refused
    if (training := _size_training(args, model, lang, data)) is not None:
        return training
    # an embedding model generates nothing: no output tokens sent (0 came back as "output_tokens
    # ignored"), one input of its own max length unless one is asked
    result = size(_checked(SizingRequest(
        model=model, weights=a.weights, input_tokens=context_tokens,
        output_tokens=DEFAULT_OUTPUT_TOKENS if embed else 0, batch_size=users,
        kv_cache=a.kv_cache, images_per_request=images, gpu=gpu,
        gpu_count=n_gpus)), data.catalog)
    notes: list[str] = []
    if gpu is not None and result.fits_in_memory is not None:
        f = data.messages.formatter(lang)
        key = "size_on_gpu_fits" if result.fits_in_memory else "size_on_gpu_no_fit"
        notes.append(say(data.messages.section(lang, "slack")[key], n=f.number(n_gpus),
                         gpu=data.registry.gpus[gpu].name,
                         need=f.number(result.memory.per_gpu_gib, 1),
                         usable=f.number(result.capacity_per_gpu_gib or 0, 1)))
        own = [r for r in result.fits_on if r.gpu == gpu and r.gpu_count == n_gpus]
        if result.fits_in_memory and n_gpus > 1 and not own:
            # the asked layout, not the fewest GPUs that hold it: "73.4 GiB — fits on 1 x H100
            # (~30 tok/s)" beside 2 x H100's total, one GPU's speed for two (audit buyer27b #1)
            own = [_asked_layout_row(result, gpu, n_gpus, context_tokens, users, a, images,
                                     data)]
        if result.fits_in_memory and own:  # the asked GPU answers it, not "fits on" another one
            result = msgspec.structs.replace(result, fits_on=own)
    # the page runs /v1/recommendations with these, which refuses a context past the
    # model's own limit: no link then, rather than one to an error; a KV cache precision
    # asked goes with it (the page takes it from the link: app.js LINK_PARAMS)
    link: dict[str, str | int | float | None] | None = None if (
        limit is not None and context_tokens > limit) else {
        "model": model, "weights": result.weights,
        "context": None if embed else context_tokens,
        "concurrency": users, "kv_cache": a.kv_cache, "lang": lang}
    if link is not None and gpu is not None:
        link["gpus"] = gpu
    if n_gpus > 1:
        # sized on several GPUs ("on 4xh100": 85.4 GiB with each GPU's overhead, 80.1 on
        # one), which the page cannot ask (its /v1/sizing takes no gpu_count: app.js
        # applyLinkState): no link, rather than one to the one-GPU sizing (audit s6slack)
        link = None
    return _with_notes(render_sizing(
        result, lang, context_tokens=context_tokens, users=a.users,
        public_url=data.public_url, messages=data.messages, link_params=link, unread=unread,
        kv_asked=a.kv_cache is not None, images=images), notes)


def _asked_layout_row(result: SizingResult, gpu: str, n_gpus: int, context_tokens: int,
                      users: int, a: SizeArgs, images: int | None, data: BotData) -> FitRow:
    """The "fits on" row of the GPUs asked ("on 2xh100"): their memory per GPU and the decode
    speed of one request on the layout the sizing picked for them. The sizing above sends no
    output tokens (none is decoded, so it times none): its context is sized again as
    /v1/ask sizes one, ``DEFAULT_OUTPUT_TOKENS`` of it generated, for that speed; none is
    said where the layout then differs."""
    speed = None
    if context_tokens > DEFAULT_OUTPUT_TOKENS:
        timed = size(_checked(SizingRequest(
            model=result.model.id, weights=result.weights,
            input_tokens=context_tokens - DEFAULT_OUTPUT_TOKENS,
            output_tokens=DEFAULT_OUTPUT_TOKENS, batch_size=users, kv_cache=a.kv_cache,
            images_per_request=images, gpu=gpu, gpu_count=n_gpus)), data.catalog)
        if timed.layout == result.layout and timed.performance is not None:
            speed = timed.performance.decode_tokens_per_s
    g = data.registry.gpus[gpu]
    lay = result.layout
    return FitRow(gpu=gpu, gpu_name=g.name, gpu_count=n_gpus,
                  per_gpu_gib=result.memory.per_gpu_gib, gpu_memory_gib=g.total_gib,
                  decode_tokens_per_s=speed,
                  tensor_parallel=lay.tensor if lay is not None else None,
                  pipeline_parallel=lay.pipeline if lay is not None else None)


def _gpu_spans(text: str, data: BotData) -> list[Span]:
    """Where ``text`` names a GPU ("h100", "rtx 4090": one or two words the registry reads as
    a GPU), for ``/gpu size``."""
    found = list(re.finditer(r"\S++", text))
    clean = [m.group().strip(_EDGE).lower() for m in found]
    for i, m in enumerate(found):
        if i + 1 < len(found) and data.registry.find_gpu(f"{clean[i]} {clean[i + 1]}"):
            return [(m.start(), found[i + 1].end())]
        if clean[i] and data.registry.find_gpu(clean[i]) is not None:
            return [m.span()]
    return []


def _size_training(args: str, model: str, lang: str, data: BotData) -> Message | None:
    """``size`` of a training run ("llama 3.1 70b qlora", "... full fine-tune"): its memory
    as /v1/sizing gives it with ``task`` finetune or pretrain (QLoRA of Llama 3.1 70B: 45.8
    GiB, adapters, gradients, optimizer state and activations counted), said to be training,
    with a pointer to the question that prices it; never the model served at the method's
    precision (it said "@ nf4: 40.5 GiB", inference, for "qlora": audit consist #6). None
    for serving."""
    job = _training_job(args, model, data, None)
    if job is None:
        return None
    t = data.messages.section(lang, "slack")
    try:
        r = size(msgspec.convert({"model": model, "task": job.workload,
                                  "finetune": job.finetune}, SizingRequest), data.catalog)
    except (DomainError, ValueError, msgspec.ValidationError):
        return notice(say(t["size_training_refused"], model=data.registry.models[model].name))
    f = data.messages.formatter(lang)
    method = str(job.finetune.get("method"))
    return notice(say(t["size_training"], task=job.workload,
                      method={"lora": "LoRA", "qlora": "QLoRA"}.get(method)
                      or t["size_training_full"], model=r.model.name, weights=r.weights,
                      need=f.number(r.memory.total_gib, 1), w=f.number(r.memory.weights_gib, 1)))


def _default_context(task: str, limit: int | None) -> int:
    """The context sized when none is asked: an embedding model's one retrieval chunk
    (:data:`~service.domain.fields.EMBED_INPUT_TOKENS`, 512), at most its own max input
    (4,096 was sized and warned "more than ... takes"; bge-m3 was sized at 4,096), as the
    API's recommendations read it, else :data:`DEFAULT_CONTEXT`."""
    if task == "embed":
        return min(limit or EMBED_INPUT_TOKENS, EMBED_INPUT_TOKENS)
    return DEFAULT_CONTEXT


def _unknown_kv(word: str, lang: str, data: BotData) -> Message:
    """A KV cache precision no engine keeps its cache in ("kv fp4"), refused in words with
    the ones each engine keeps (``kv_cache_types`` of ``catalog/engines.toml``), as "int5"
    is refused: never sized, never taken for the weights' precision."""
    kept = "; ".join(f"{e.name}: {' / '.join(e.kv_cache_types)}"
                     for e in data.registry.engines
                     if e.kv_cache_types and e.id in _KV_ENGINES)
    return notice(say(data.messages.section(lang, "slack")["unknown_kv"], word=word,
                      kept=kept))


_KV_ENGINES = ("vllm", "llama.cpp")
"""The engines /gpu picks (vLLM, llama.cpp for GGUF weights), whose KV cache types the
refusal of an unknown one lists."""


def _refused(a: SizeArgs, context_tokens: int | None, model: str, lang: str,
             data: BotData) -> Message | None:
    """The reply to a count or a context no sizing takes, in the user's words, or None: 0
    users (sized as 1 it showed "Users 0" beside one user's numbers) and a context past the
    service's limit (:data:`TOKENS_MAX`, the API's bound; its error named the API's fields,
    "input_tokens + output_tokens"), with the model's own limit where it has one."""
    lab, f = data.messages.section(lang, "slack"), data.messages.formatter(lang)
    said = data.messages.section(lang, "answer")
    text: str | None = None
    if a.users == 0:
        text = lab["zero_users"]
    elif a.users is not None and not _within(a.users, Concurrency):
        # "-10 users": /v1/ask's words (write._out_of_range); sized, its KV cache was
        # negative, and /gpu recommend divided by zero (audit regress6 #1, #15)
        text = said["users_not_positive" if a.users < 1 else "users_over_cap"].format(
            n=f.number(a.users), cap=f.number(BATCH_MAX))
    elif (context_tokens is not None and context_tokens <= TOKENS_MAX
          and not _within(context_tokens, ContextTokens)):
        # "-32k", "ctx=-32k": the context_tokens bound, in /v1/ask's words
        text = said["context_not_positive"].format(ctx=f.number(context_tokens),
                                                   cap=f.number(TOKENS_MAX))
    elif context_tokens is not None and context_tokens > TOKENS_MAX:
        m = data.registry.models[model]
        limit = m.context_limit
        own = lab["context_model_limit"].format(model=m.name, limit=f.number(limit)) \
            if limit is not None else ""
        text = lab["context_too_long"].format(tokens=f.number(context_tokens),
                                              max=f.number(TOKENS_MAX), model_limit=own)
    if text is None:
        return None
    return notice(escape(romanian_de(text) if lang == "ro" else text))


def _within(value: int, field: object) -> bool:
    """Whether ``value`` is within a shared field type's bounds (``service.domain.fields``):
    the bounds the API's own fields refuse past with a 400."""
    try:
        msgspec.convert(value, field)
    except msgspec.ValidationError:
        return False
    return True


_S = TypeVar("_S", bound=msgspec.Struct)


def _checked(req: _S) -> _S:
    """``req`` validated as the API validates a body (its bounds and cross-field checks; a
    Struct built directly skips them): a value out of range is a ValidationError, said as
    the core's, never sized (audit regress6 #1)."""
    return msgspec.convert(msgspec.to_builtins(req), type(req))


_FOREIGN_MONEY = re.compile(
    r"(?:€\s*+\d[\d.,]*+\s*+k?|(?<![\w.,])\d[\d.,]*+\s*+k?\s*+(?:€|eur(?:o|os)?\b|lei\b|ron\b))"
    r"(?:\s*+(?:/|per\b|pe\b|an?\b)\s*+" + _UNIT + ")?", re.I)
"""An amount in euro or lei ("€2/h", "2 eur/h", "1500 lei"): the catalog's prices are in USD
and it holds no exchange rate, so it is no budget (its "2/h" was read as $2.00/h)."""


@dataclass(frozen=True)
class _Filters:
    """The GPUs and the place a ``/gpu recommend`` text names, as the API's ``gpus`` and
    ``regions`` filters, and where their words are (read words)."""

    gpus: list[str] | None
    regions: list[str] | None
    spans: tuple[Span, ...]
    place: str | None = None
    """The place as the text names it ("Romania", "Europa"), for the table; None: none."""
    place_value: str | None = None
    """The place as the region filter reads it ("ro", "europe", the "us-east" area, the
    "us-south" stem)."""
    gpu_words: str | None = None
    """The GPU as the text names it ("h100", "rtx 4090")."""


def _fold(word: str) -> str:
    """``word`` lower-cased without its diacritics ("România" → "romania"), as the place
    readers compare words: the span of "în România" was missed for its "â"."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower())
                   if not unicodedata.combining(c))


def _filters(text: str, data: BotData) -> _Filters:
    """A GPU named ("on h100": the family's cards, as the API's ``gpus`` reads a family; "A100
    80GB": its memory variants; else the one card) and a place ("in europe", "în Germania",
    "us-east"), read as /v1/ask reads them; ignored before, so "fp8 on h100" answered an RTX
    PRO 6000."""
    reg = data.registry
    ex, st = extract(text, reg), stated(text, reg)
    gpus = list(st.gpu_family or st.gpu_variants) or ([ex.gpu] if ex.gpu else [])
    place = details(text, reg, []).region
    regions = data.catalog.regions.filter_values(place) if place else []
    spans: list[Span] = []
    gpu_spans: list[Span] = []
    found = list(re.finditer(r"\S++", text))
    clean = [m.group().strip(_EDGE).lower() for m in found]
    # compared folded ("România" is the "Romania" read), with a continent's parts ("north
    # america" for "north-america") and a place name's words ("united", "states": they were
    # "not understood", audit regress4 #3)
    words = ({_fold(w) for w in (place or "", st.region_word or "",
                                 *(place or "").split("-"), *(st.region_word or "").split())
              if len(w) > 1}
             if regions else set())
    for i, m in enumerate(found):
        pair = " ".join(clean[i:i + 2]) if i + 1 < len(found) else ""
        if gpus and pair and reg.find_gpu(pair) is not None:
            spans.append((m.start(), found[i + 1].end()))
            gpu_spans.append(spans[-1])
        elif gpus and clean[i] and reg.find_gpu(clean[i]) is not None:
            spans.append(m.span())
            gpu_spans.append(m.span())
        elif _fold(clean[i]) in words or (
                clean[i] in ("region", "regiune", "regiunea") and i + 1 < len(found)
                and _fold(clean[i + 1]) in words) or (
                re.fullmatch(r"(?<!\w)\w+-(?:based|hosted|located|only)", clean[i])
                and _fold(clean[i].split("-")[0]) in words):
            # "region eu", "eu-based": the words that name the place read too (audit
            # regress5 #3)
            spans.append(m.span())
    return _Filters(gpus or None, regions or None, tuple(spans),
                    place=(st.region_word or place) if regions else None,
                    place_value=place if regions else None,
                    gpu_words=" ".join(text[a:b].strip(_EDGE) for a, b in gpu_spans) or None)


def _city_after_gpu(text: str, flt: _Filters, data: BotData) -> _Filters:
    """``flt`` with the place a city names where the filters read none: in ``/gpu offers``
    the words after the GPU are filters, so a city of regions.toml ``cities``
    (``Registry.cities``: "london", "los angeles") reads as its country without a locating
    word, as "in london" does (it was "not understood": audit regress6 #15)."""
    if not flt.gpus or flt.regions:
        return flt
    found = [m for m in re.finditer(r"\S++", text)
             if not any(m.start() < b and a < m.end() for a, b in flt.spans)]
    reg = data.registry
    for n in (2, 1):  # "los angeles" before a one-word city
        for i in range(len(found) - n + 1):
            words = " ".join(_fold(m.group().strip(_EDGE)) for m in found[i:i + n])
            place = reg.places.get(words) if words in reg.cities else None
            regions = data.catalog.regions.filter_values(place.lower()) if place else []
            if place and regions:
                return dataclasses.replace(
                    flt, regions=regions, spans=(*flt.spans, (found[i].start(),
                                                              found[i + n - 1].end())),
                    place=" ".join(w.capitalize() for w in words.split()),
                    place_value=place.lower())
    return flt


def _budget_spans(text: str) -> list[Span]:
    """Where the text states a USD budget (the words :func:`parse_recommend_args` reads)."""
    return [m.span() for rx in (_BARE_BUDGET, _NO_UNIT_BUDGET, _BUDGET_START)
            for m in rx.finditer(text)]


def _money_notes(text: str, lang: str, data: BotData) -> list[str]:
    """The notes /v1/ask writes for an amount in lei or euro (``lei_note``, ``eur_note`` of
    ``[answer]``, its own wording and amount as it reads them: ``stated``): not converted,
    and no budget applied from it."""
    st = stated(text, data.registry)
    t, f = data.messages.section(lang, "answer"), data.messages.formatter(lang)
    notes: list[str] = []
    if st.eur is not None:
        eur = f.number(st.eur, 0 if float(st.eur).is_integer() else 2)
        notes.append(t["eur_note"].format(
            amount=t["eur_amount"].format(eur=eur) if st.eur else ""))
    if st.lei is not None:
        notes.append(t["lei_note"].format(
            amount=t["lei_amount"].format(lei=f.number(st.lei)) if st.lei else ""))
    return [romanian_de(n) if lang == "ro" else n for n in notes]


def _with_notes(msg: Message, notes: Sequence[str]) -> Message:
    """``msg`` with ``notes`` (escaped mrkdwn) said under its headline, before its table, as
    ``/gpu size`` says its unread words."""
    if not notes:
        return msg
    blocks = list(msg["blocks"])
    at = next((i for i, b in enumerate(blocks) if b["type"] == "section"
               and b["text"]["text"].startswith("```")), len(blocks))
    blocks[at:at] = [section(n) for n in notes]
    return message(" ".join([msg["text"], *notes]), blocks)


def run_recommend(args: str, lang: str, data: BotData) -> Message:
    money = [m.span() for m in _FOREIGN_MONEY.finditer(args)]
    notes = [escape(n) for n in _money_notes(args, lang, data)] if money else []
    # an amount in euro or lei is never read as dollars: blanked before the budget is read
    usd = _blank(args, money)
    model_part, hour, month = parse_recommend_args(usd, data.registry)
    bare = False
    if hour is None and month is None and (m := _NO_UNIT_BUDGET.search(usd)):
        # "$1500": no unit; read per month (the web page's budget is monthly), and said
        month = float(m.group("n").replace(",", "")) * (1000 if m.group("k") else 1)
        bare = True
    budget_spans = _budget_spans(usd)
    if not model_part:
        return render_usage("recommend_usage", lang, data.messages)
    if _zero_budget(hour, month, args, data):
        # a budget of 0 ("$0/h", "0 lei") meets no offer: said, never a link with budget=0.0
        # (the page's /v1/recommendations refuses it: "Expected float > 0.0")
        raise _Said(escape(data.messages.section(lang, "slack")["zero_budget"]))
    # a GPU count ("8xh100", "8 x h100") is read, not applied: the offers are ranked whatever
    # their GPU count; its "8x" blanked, so the GPU reads as "on h100" does (the family)
    counts = _gpu_count_spans(_blank(usd, budget_spans), data)
    # the GPU and the place first, so that no other reader takes their words (the "4090" of
    # "on rtx 4090" was read as a context); then everything but the budget and them (a
    # precision after the budget too: "$2/h fp8")
    flt = _filters(_blank(usd, [*budget_spans, *counts]), data)
    # a provider named ("at runpod", "excluding vast"): the API's providers and
    # exclude_providers; a training run's tokens and epochs ("dpo 100M tokens": its "100M" was
    # read as a context of 104,857,600 tokens): read before the sizes (audit regress5 #11)
    pv = _providers(_blank(usd, [*budget_spans, *counts, *flt.spans]), data)
    rest = _blank(usd, [*budget_spans, *counts, *flt.spans, *pv.spans])
    # (only where the text says training: "1M tokens" alone stays a context, refused in words)
    trained = _training_spans(rest) if _says_training(rest, data) else []
    taken = [*flt.spans, *pv.spans, *trained]
    spot = _spot_spans(_blank(usd, [*budget_spans, *counts, *taken]), data.messages)
    # "on-demand", "on demand", "la cerere": on-demand prices only, as /gpu offers reads them
    # (they were "not understood": audit regress4 #10)
    od = [] if spot else [m.span() for m in _ON_DEMAND.finditer(
        _blank(usd, [*budget_spans, *counts, *taken]))]
    on_demand = bool(od)
    # "5000 tok/s": a speed target, read before the sizes (its 5000 was taken silently)
    # "5 requests per second": the API's target_requests_per_s (it was "not understood" and one
    # user sized: audit slack2 #10)
    rate_m = _RATE_TARGET.search(_blank(usd, [*budget_spans, *counts, *taken, *spot, *od]))
    rate_spans = [rate_m.span()] if rate_m is not None else []
    tps_m = _TPS_TARGET.search(_blank(usd, [*budget_spans, *counts, *taken, *spot, *od,
                                            *rate_spans]))
    tps_spans = [*([tps_m.span()] if tps_m is not None else []), *rate_spans]
    # a training run's deadline ("in 2 days", "în 2 zile"): the API's max_job_hours (it was
    # "not understood" and the plan never checked it: audit train2 #10)
    due_m = _DEADLINE.search(_blank(usd, [*budget_spans, *counts, *taken, *spot, *od,
                                          *tps_spans])) if trained else None
    if due_m is not None:
        tps_spans.append(due_m.span())
    if hour is None and month is None and (
            num := _bare_number(_blank(usd, [*budget_spans, *counts, *taken, *spot, *od,
                                             *tps_spans]))) is not None:
        # a bare "1500" after the model is the monthly budget the help's "1500/month" shows,
        # said so: it was a 1,500-token context, silently (audit slack2 #3)
        month, bare = num[0], True
        budget_spans.append(num[1])
        f0 = data.messages.formatter(lang)
        notes.append(say(data.messages.section(lang, "slack")["bare_number_budget"],
                         n=usd[num[1][0]:num[1][1]].strip(), money=f0.money(month, 0)))
    a = read_size_args(_blank(usd, [*budget_spans, *counts, *taken, *spot, *od, *tps_spans]),
                       data.registry)
    if not a.text:
        return render_usage("recommend_usage", lang, data.messages)
    model = _resolve_model(a.text, data.registry)
    if a.unknown_kv is not None:
        return _unknown_kv(a.unknown_kv, lang, data)
    if a.unknown_precision is not None:
        return render_unknown_precision(a.unknown_precision, lang, data.messages)
    entry = data.registry.models[model]
    limit = entry.architecture.max_context if entry.architecture is not None else None
    context_tokens = (a.context_tokens if a.context_tokens is not None
                      else _default_context(entry.task, limit))
    if (refused := _refused(a, context_tokens, model, lang, data)) is not None:
        return refused
    job = _training_job(rest, model, data, a.context_tokens)
    known = _size_words(data.messages) | (
        _train_words(data.messages, "train_words")
        | _train_words(data.messages, "train_read_words") if job is not None else frozenset())
    diffusion = entry.kind == "diffusion"
    own = (a.media_spans if diffusion else
           (a.kv_span,) if a.kv_span is not None and entry.kind == "llm" else ())
    images = a.images if entry.kind == "llm" else None
    if images is not None and a.images_span is not None:
        own = (*own, a.images_span)
    deadline = _deadline_hours(due_m) if job is not None and job.training_tokens else None
    if due_m is not None and deadline is None:  # no job size to time: said as unread
        tps_spans.remove(due_m.span())
    unread = unread_words(args, model, a, data.registry, known,
                          [*money, *budget_spans, *counts, *taken, *spot, *od, *own,
                           *tps_spans])
    if (place_word := _unknown_place_word(args, unread)) is not None:
        # "in germnay", "în ungaria": refused with the places near it, as /v1/offers' 404
        # does; it was dropped and the whole world ranked (audit slack2 #7)
        raise _Said(_unknown_place(place_word, lang, data))
    if unread:
        notes.append(say(data.messages.section(lang, "slack")["unread"],
                         words=", ".join(f"`{w.replace('`', '')}`" for w in unread)))
    if counts and flt.gpus:
        said = ", ".join(f"`{usd[x:y].replace(' ', '')}`" for x, y in counts)
        notes.append(say(data.messages.section(lang, "slack")["gpu_count_not_applied"],
                         counts=said))
    users = a.users or 1
    rate = float(rate_m.group("n").replace(",", ".")) / (
        60.0 if rate_m.group("min") or rate_m.group("rpm") else 1.0) \
        if rate_m is not None else None
    tps, per_user = _tps_target(tps_m) if entry.kind == "llm" else (None, False)
    # a rate said of no one ("50 tok/s") is each user's where users are given or it is a floor
    # ("at 50 tok/s"), as /v1/ask reads it (intent._aggregate_tps); else the setup's total
    bare_each = (tps is not None and not per_user and tps_m is not None
                 and not tps_m.group("total")
                 and (a.users is not None or bool(_TPS_FLOOR.search(
                     usd[max(0, tps_m.start() - 12):tps_m.start()]))))
    per_user = per_user or bare_each
    req = RecommendationRequest(model=model, weights=a.weights or "auto",
                                kv_cache=a.kv_cache if entry.kind == "llm" else None,
                                width=a.width_px if diffusion else None,
                                height=a.height_px if diffusion else None,
                                steps=a.steps if diffusion else None,
                                context_tokens=context_tokens,
                                output_tokens=_web_output_tokens(context_tokens),
                                concurrent_requests=users, gpus=flt.gpus, regions=flt.regions,
                                images_per_request=images,
                                workload=job.workload if job is not None else "serving",
                                finetune=msgspec.convert(job.finetune, FinetuneOptions)
                                if job is not None else None,
                                training_tokens=job.training_tokens if job is not None
                                else None,
                                providers=list(pv.only) or None,
                                exclude_providers=list(pv.excluded) or None,
                                interruptible=(False if on_demand else True if spot
                                               else None),
                                target_output_tokens_per_s=tps if not per_user else None,
                                min_decode_tokens_per_s=tps if per_user else None,
                                target_requests_per_s=rate,
                                max_job_hours=deadline,
                                max_usd_per_hour=hour, max_usd_per_month=month, top_n=3)
    _check_context(req, model, lang, data)
    req = _checked(req)
    rec = recommend(req, data.catalog, data.today)
    lab = data.messages.section(lang, "slack")
    f = data.messages.formatter(lang)
    kv = req.kv_cache if entry.kind == "llm" and a.kv_cache is not None else None
    notes += _place_notes(rec, flt, lang, data)
    budget = " + ".join(x for x in (
        f.money(hour, 2) + lab["per_hour"] if hour is not None else "",
        f.money(month, 0) + lab["per_month"] if month is not None else "") if x) or None
    if budget and bare:
        budget += f" ({lab['budget_no_unit']})"
    # what the reader can check was read: the GPUs and the place filtered on, the KV cache,
    # spot allowed (each only when the text asked for it)
    applied: list[tuple[str, str]] = []
    if flt.gpus:
        applied.append((lab["gpu_filter"], _gpu_names(flt.gpus, data)))
    if flt.place:
        place = _place_said(flt, lang, data)
        applied.append((lab["place"], place if _fold(place) == _fold(
            flt.place_value or "") else f"{place} ({flt.place_value})"))
    if pv.only:
        applied.append((lab["provider_filter"], _provider_names(pv.only, data)))
    if pv.excluded:
        applied.append((lab["providers_excluded"], _provider_names(pv.excluded, data)))
    if job is not None:
        applied += _training_rows(job, lang, data)
        if job.training_tokens is None:
            notes.append(escape(lab["train_no_tokens"]))
    if kv is not None:
        applied.append((lab["kv"], kv))
    if images is not None:
        applied.append((lab["images_per_request"], f.number(images)))
    if spot or on_demand:
        applied.append((lab["spot"], lab["spot_on_demand" if on_demand else "spot_allowed"]))
    if tps is not None:
        # which target the tokens/s were read as: all users together, or each user's (and
        # why, where no "per user" was written)
        said_tps = lab["tps_per_user_read" if bare_each else "tps_per_user" if per_user
                       else "tps_total"].format(tps=f.number(tps, 0 if tps.is_integer() else 1))
        applied.append((lab["tps_target"], romanian_de(said_tps) if lang == "ro" else said_tps))
    if rate is not None:
        # "1 request/s", "1 cerere/s" ("1 cereri/s" before: audit s6slack)
        applied.append((lab["request_rate"],
                        rate_words(rate, lang, data.messages, "request_rate_value")))
    if deadline is not None:
        said_due = lab["deadline_value"].format(n=f.number(deadline, 0 if deadline.is_integer()
                                                           else 1))
        applied.append((lab["deadline"], romanian_de(said_due) if lang == "ro" else said_due))
    return _with_notes(render_recommendation(
        rec, lang, model_name=data.registry.models[model].name, budget=budget,
        unstated=frozenset(p.id for p in data.catalog.providers
                           if not data.catalog.regions.table.availability_stated(p.id)),
        # a request rate or a speed target sets the replicas, and the page takes neither
        # (app.js FORM_PARAMS, LINK_PARAMS: no target_requests_per_s,
        # target_output_tokens_per_s or min_decode_tokens_per_s): no link, rather than one
        # to an answer for one user (audit s6slack)
        public_url=data.public_url if _page_prices(job, pv) and rate is None
        and tps is None else None,
        messages=data.messages, applied=applied,
        hidden=_instance_types(data),
        # every parameter sent, as the web page's own (it takes a monthly budget), so the
        # page it opens prices the same request (its context default is 8,192, ours 4,096)
        # a diffusion, audio or embedding model's link carries no context: the page sent its
        # 4,096 to /v1/recommendations for SDXL
        link_params={"model": model, "weights": a.weights,
                     "context": context_tokens if entry.kind == "llm"
                     and entry.task != "embed" else None,
                     "concurrency": users,
                     "budget": month if month is not None else (
                         round(hour * 24 * 30, 2) if hour is not None else None),
                     "gpus": ",".join(flt.gpus) if flt.gpus else None,
                     # a place as typed: an area ("us-east"), which the API takes, or a
                     # region id's stem ("us-south"), which the page expands (app.js
                     # expandRegions), not its ids
                     "regions": (flt.place_value if flt.place_value
                                 else ",".join(flt.regions) if flt.regions else None),
                     "kv_cache": kv, "width": req.width, "height": req.height,
                     "steps": req.steps, "spot": 1 if spot else None,
                     "lang": lang, **_training_link(job)}),
        notes)


_GPU_COUNT = re.compile(r"(?<![\w.])(?P<n>\d{1,3})\s*+[x×]\s*+(?=[a-z])"
                        # "on 2 h100", "pe 8 h100" (the count was said as left out, then
                        # used: audit regress10 #15)
                        r"|\b(?:on|pe|with|cu|across)\s++(?P<on>\d{1,3})\s++(?=[a-z])", re.I)
"""A GPU count before a GPU's name ("8xh100", "8 x h100", "4× a100", "on 2 h100")."""

_TPS_TARGET = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:,\d{3})++(?!\d)|\d++(?:\.\d++)?)\s*+(?P<k>k)?\s*+"
    r"(?:de\s++)?(?:tok(?:en[si]?)?\s*+/\s*+s(?:ec)?|tps|tokens?\s++per\s++second"
    r"|tokeni\s++pe\s++secund[aă])(?![\w/])"
    r"(?P<each>\s*+(?:/\s*+user|per\s++user|each|per\s++utilizator|pe\s++utilizator"
    r"|de\s++utilizator)(?!\w))?"
    r"(?P<total>\s*+(?:in\s++total|în\s++total|total|aggregate|in\s++all)(?!\w))?", re.I)
"""A speed target in a ``/gpu recommend`` text: "5000 tok/s" (all users together: the API's
``target_output_tokens_per_s``; "in total" said or not), "50 tok/s per user", "50 de
tokeni/s per utilizator" (each user's decode speed: ``min_decode_tokens_per_s``); a bare
rate with users given, or after "at", is each user's too (:func:`run_recommend`)."""
_TPS_FLOOR = re.compile(r"(?:\b(?:at|la|least|minimum|min|minim|peste|over|above|cu|with)"
                        r"|>=?|≥)\s*+$", re.I)
"""A rate said as a floor before it ("at 50 tok/s", "at least"): each user's, as /v1/ask's
``intent._TPS_FLOOR`` reads it."""


_RATE_TARGET = re.compile(
    r"(?<![\w.,])(?P<n>\d++(?:[.,]\d++)?)\s*+(?:(?:de\s++)?(?:requests?|reqs?|queries|cereri|cerere)"
    r"\s*+(?:/\s*+s(?:ec)?|per\s++s(?:ec(?:ond)?)?|pe\s++secund[aă]|(?:per|pe)\s++sec"
    # a minute's ("300 requests per minute", "300 req/min", "300 de cereri pe minut"): over
    # 60 s (it was left out and 1 request sized: audit regress10 #16)
    r"|(?P<min>/\s*+min(?:ute)?|(?:per|pe|a)\s++min(?:ute|ut)?))"
    r"|rps|req/s|(?P<rpm>rpm|req/min))(?![\w/])", re.I)
"""A request rate ("5 requests per second", "5 req/s", "5 rps", "5 cereri pe secundă", "300
requests per minute", "300 rpm"): /v1/recommendations' ``target_requests_per_s``."""
_DEADLINE = re.compile(
    r"(?<![\w-])(?:in|within|under|[iî]n|sub)\s++(?P<n>\d++(?:[.,]\d++)?)\s*+(?:de\s++)?"
    r"(?P<unit>days?|zile|zi|hours?|hrs?|h|ore|or[aă])(?!\w)", re.I)
"""A training run's deadline ("in 2 days", "within 36 hours", "în 2 zile"): the API's
``max_job_hours``, read only for a training job with its tokens (the API's job size)."""
_BARE_NUMBER = re.compile(
    r"(?<![\w.,$/=-])(?P<n>\d{1,3}(?:,\d{3})++|\d{3,6})(?![\w.,/%×=-])(?P<after>\s*+\S*+)")
_NOT_BUDGET_AFTER = re.compile(
    r"\s*+(?:tok|context|ctx|user|utiliz|concurrent|simultan|request|cerer|image|imagin|img"
    r"|step|pa[sș]|epoc|gpu|day|zi|hour|or[aăe]|sec|min|x\b|×)", re.I)


def _bare_number(text: str) -> tuple[float, Span] | None:
    """A bare number of 3 to 6 digits with no unit ("1500") and no noun after it: the monthly
    budget the help's ``... 1500/month`` shows (:func:`run_recommend` says so), or None."""
    for m in _BARE_NUMBER.finditer(text):
        if _NOT_BUDGET_AFTER.match(m.group("after")):
            continue
        before = text[:m.start()].split()
        if before and _fold(before[-1]).strip(_EDGE) in ("ctx", "context", "contextul", "for",
                                                         "pentru"):
            continue
        return float(m.group("n").replace(",", "")), m.span("n")
    return None


def _deadline_hours(m: re.Match[str] | None) -> float | None:
    """The hours of a :data:`_DEADLINE` match ("2 days": 48), or None."""
    if m is None:
        return None
    n = float(m.group("n").replace(",", "."))
    unit = _fold(m.group("unit"))
    hours = n * 24 if unit.startswith(("day", "zi")) else n
    return hours or None


_PLACE_CUE = re.compile(r"(?<!\S)(?:in|în|from|din|located\s++in|aflate\s++[iî]n)\s++(?P<w>\S++)",
                        re.I)


def _unknown_place_word(text: str, unread: Sequence[str]) -> str | None:
    """The word after "in" / "în" that nothing read and that is no number ("in germnay",
    "în ungaria"): a place asked for that the catalog does not know, or None."""
    left = {w.strip(_EDGE).lower() for w in unread}
    for m in _PLACE_CUE.finditer(text):
        word = m.group("w").strip(_EDGE)
        if word.lower() in left and word.isalpha():
            return word
    return None


def _unknown_place(word: str, lang: str, data: BotData) -> str:
    """A place the catalog does not know, refused in words with the known places nearest to
    it (its aliases, country names, continents and groups; as /v1/offers answers an unknown
    ``region`` with a 404 and suggestions), as escaped mrkdwn."""
    table = data.catalog.regions.table
    known = {_fold(x) for x in (*table.aliases, *table.countries.values(), *table.continents,
                                *table.groups)}
    near = difflib.get_close_matches(_fold(word), sorted(known), n=3, cutoff=0.7)
    lab = data.messages.section(lang, "slack")
    hint = (lab["unknown_place_suggest"].format(names=", ".join(f"`{x}`" for x in near))
            if near else lab["unknown_place_none"])
    return escape(lab["unknown_place"].format(word=word.replace("`", ""), suggest=hint))


def _tps_target(m: re.Match[str] | None) -> tuple[float | None, bool]:
    """(the tokens/s of a :data:`_TPS_TARGET` match, whether per user); (None, False) when
    none."""
    if m is None:
        return None, False
    value = float(m.group("n").replace(",", "")) * (1000 if m.group("k") else 1)
    return (value or None), m.group("each") is not None


def _gpu_count_spans(text: str, data: BotData) -> list[Span]:
    """Where ``text`` gives a count of GPUs before a GPU's name ("8x" of "8xh100", "8 x
    a100 80gb"): one or two words after it name a GPU ("mixtral 8x7b" is no count)."""
    out: list[Span] = []
    for m in _GPU_COUNT.finditer(text):
        after = text[m.end():].split()
        names = [" ".join(after[:2]).strip(_EDGE).lower(), after[0].strip(_EDGE).lower()]
        if any(n and data.registry.find_gpu(n) is not None for n in names):
            out.append((m.start("n" if m.group("n") else "on"), m.end()))
    return out


def _zero_budget(hour: float | None, month: float | None, text: str, data: BotData) -> bool:
    """Whether the text's budget is 0 ("$0/h", "0/month", "0 lei", "0 eur"), which no offer
    meets, as 0 users size nothing."""
    st = stated(text, data.registry)
    return hour == 0 or month == 0 or st.lei == 0 or st.eur == 0


def _place_said(flt: _Filters, lang: str, data: BotData) -> str:
    """The place a recommendation or an offers list echoes, as a reader of ``lang`` writes
    it: the reader's own name for it, from ``place_names`` of ``[slack]`` ("Romania" →
    "România", "Franta" → "Franța"; the readers match the word without its diacritics), a
    group of countries by its name ("EU", "UE": "the European Union", "Uniunea Europeană":
    ``region_group_<id>`` of ``[answer]``, as /v1/ask says it), else as the text names it."""
    place = flt.place or ""
    group = data.catalog.regions.table.group(flt.place_value) if flt.place_value else None
    if group is not None:
        said = data.messages.section(lang, "answer").get(f"region_group_{group.id}")
        return said or (group.name if group.area else f"the {group.name}")
    names = dict(pair.split("=", 1) for pair in data.messages.section(
        lang, "slack").get("place_names", "").split() if "=" in pair)
    return names.get(_fold(place), place)


def _spot_spans(text: str, messages: Messages) -> list[Span]:
    """Where a ``/gpu recommend`` text allows spot prices ("spot", "interruptible": every
    language's ``spot_words`` of ``[slack]``): the answers advise "allow spot", which the
    bot then reads as the API's ``interruptible``."""
    words = {_fold(w) for lang in messages.languages
             for w in messages.section(lang, "slack")["spot_words"].split()}
    return [m.span() for m in re.finditer(r"\S++", text)
            if _fold(m.group().strip(_EDGE)) in words]


def _gpu_names(gpus: Sequence[str], data: BotData) -> str:
    """The GPUs a filter names, by their names ("NVIDIA H100 SXM5 80GB, ...")."""
    reg = data.registry
    return ", ".join(reg.gpus[g].name if g in reg.gpus else g for g in gpus)


def _instance_types(data: BotData) -> frozenset[str]:
    """Offer ids and instance types, which the core's alternatives name in parentheses and a
    Slack reader has no use for."""
    return frozenset(x for o in data.catalog.offers for x in (o.id, o.instance_type))


_TARGET_TTFT = re.compile(r"time to first token <= (?P<ms>\d[\d,]*+) ms")
_TARGET_DECODE = re.compile(r">= (?P<tps>\d[\d,.]*+) tokens/s per user")
_LEFT_OUT = re.compile(r"(?<!\d)(?P<n>\d++) (?P<provider>\S++) offers left out")


def left_out(lab: Mapping[str, str], key: str, n: int, number: Callable[[float], str],
             **values: str) -> str:
    """How many offers a place left out, in ``key``'s words: ``key``_one for one offer ("1
    ofertă", "1 offer ... was": "1 oferte" was said), else ``key`` with the count."""
    if n == 1 and f"{key}_one" in lab:
        return lab[f"{key}_one"].format(**values)
    return lab[key].format(n=number(n), **values)


def _place_notes(rec: Recommendation, flt: _Filters, lang: str, data: BotData) -> list[str]:
    """What a recommendation's place left out (the API's ``excluded_no_region``: offers with
    no known place; its ``region_availability`` assumptions: a provider's offers whose
    availability in the place is not stated) and, when no offer is left, the default
    latency targets that decided it (its ``serving_defaults`` assumption: a cheaper offer
    rejected by the 2 s first-token target was never said), as escaped mrkdwn."""
    lab, f = data.messages.section(lang, "slack"), data.messages.formatter(lang)
    names = {p.id: p.name for p in data.catalog.providers}
    out: list[str] = []
    if flt.regions and rec.excluded_no_region:
        out.append(left_out(lab, "no_region_left", rec.excluded_no_region, f.number))
    for x in rec.assumptions:
        if x.name == "region_availability" and (m := _LEFT_OUT.match(x.value)):
            name = names.get(m.group("provider"), m.group("provider"))
            out.append(left_out(lab, "availability_left", int(m.group("n")), f.number,
                                provider=name))
        if (x.name == "serving_defaults" and not rec.options
                and targets_decided(rec)):
            # the targets decided only when no price did (a price-trust reason: they
            # did not)
            said = []
            if (t := _TARGET_TTFT.search(x.value)) is not None:
                said.append(lab["target_ttft"].format(
                    ms=f.number(int(t.group("ms").replace(",", "")))))
            if (d := _TARGET_DECODE.search(x.value)) is not None:
                said.append(lab["target_decode"].format(
                    tps=f.number(float(d.group("tps").replace(",", "")), 0)))
            if said:
                out.append(lab["targets"].format(targets=", ".join(said)))
    return [escape(romanian_de(n) if lang == "ro" else n) for n in out]


def _check_context(req: RecommendationRequest, model: str, lang: str, data: BotData
                   ) -> None:
    """Nothing; raises :class:`_Said` for a context past the model's own limit, worded for
    Slack (the core's 400 names the API's fields: "context_tokens ... max_context")."""
    m = data.registry.models[model]
    limit = m.context_limit  # a card's extension (Qwen3: YaRN to 131,072) is served
    if (m.kind != "llm" or m.task == "embed" or limit is None
            or req.context_tokens <= limit or req.workload not in ("serving", "batch")):
        return
    lab, f = data.messages.section(lang, "slack"), data.messages.formatter(lang)
    example = f"{limit // 1024}k" if limit % 1024 == 0 else str(limit)
    text = lab["context_over_model"].format(model=m.name, limit=f.number(limit),
                                            tokens=f.number(req.context_tokens),
                                            example=example)
    raise _Said(escape(romanian_de(text) if lang == "ro" else text))


class _Said(Exception):
    """A request the bot refuses with its own words (escaped mrkdwn), not the core's."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def run_command(cmd: Command, data: BotData) -> Message:
    """The message for a parsed command. A user's mistake (unknown model, impossible request)
    is a friendly message; only bugs raise."""
    usage = {"size": "size_usage", "recommend": "recommend_usage",
             "offers": "offers_usage"}.get(cmd.kind)
    if usage is not None and not cmd.lang_said:
        # the text's language again, the catalog's provider names being no words of one
        # ("/gpu offers h100 Nebius AI Cloud": "ai" is Romanian); a question's is the answer's
        cmd = Command(cmd.kind, cmd.args, detect_language(
            cmd.args, data.messages.words,
            [n for p in data.catalog.providers for n in (p.id, p.name)]), False, cmd.verb)
    try:
        if cmd.kind == "help":
            return render_help(cmd.lang, data.messages)
        if cmd.kind == "size":
            return run_size(cmd.args, cmd.lang, data)
        if cmd.kind == "recommend":
            return run_recommend(cmd.args, cmd.lang, data)
        if cmd.kind == "offers":
            return run_offers(cmd.args, cmd.lang, data)
        if cmd.kind == "mistyped" and cmd.verb is not None:
            rest = cmd.args.partition(" ")[2].strip()
            if _names_model_or_gpu(rest, data.registry):
                return notice(say(data.messages.section(cmd.lang, "slack")["mistyped_verb"],
                                  command=f"/gpu {cmd.verb} {rest}".replace("`", "")))
            return run_ask(cmd.args, data)
        return run_ask(cmd.args, data, cmd.lang if cmd.lang_said else None)
    except _Said as exc:
        return notice(exc.text)
    except NotFound as exc:
        return render_unknown_model(exc.name, exc.suggestions, cmd.lang, usage, data.messages)
    except InvalidInput as exc:
        said = _said_error(exc, cmd, data)
        if said is not None:
            return notice(said)
        return render_invalid(exc.message, cmd.lang, data.messages)
    except (DomainError, ValueError, msgspec.ValidationError) as exc:
        return render_invalid(str(exc), cmd.lang, data.messages)


_KV_SAID = " keeps its KV cache as "
_KV_OTHER = re.compile(r"\(a ([\w.-]++) cache type: set engine ")
"""The core's 400 at ``$.kv_cache`` (``Engines.kv_refusal``: "<engine> keeps its KV cache as
<kept>, not <kv> (a <other> cache type: set engine <other>)"), taken apart with ``str``
methods: its "set engine llama.cpp" cannot be typed in Slack, whose engine follows the
weights (GGUF: llama.cpp)."""


def _said_error(exc: InvalidInput, cmd: Command, data: BotData) -> str | None:
    """A known error of the core in the user's language and in what /gpu takes (escaped
    mrkdwn), or None: the core's own text then."""
    lab = data.messages.section(cmd.lang, "slack")
    engine, said, rest = exc.message.partition(_KV_SAID)
    kept, sep, tail = rest.partition(", not ")
    if exc.path != "$.kv_cache" or not said or not sep:
        return None
    kv = tail.split(" ", 1)[0]
    text = lab["kv_engine"].format(engine=engine, kv=kv, kept=" / ".join(kept.split(" or ")))
    if (other := _KV_OTHER.search(tail)) is not None:
        model = extract(cmd.args, data.registry).model or "<model>"
        text += " " + lab["kv_engine_gguf"].format(other=other.group(1), model=model, kv=kv)
    return escape(text)


OFFERS_SHOWN = 5


def run_offers(args: str, lang: str, data: BotData) -> Message:
    """``/gpu offers [N x] <gpu> [in <place>] [spot]``: the cheapest current, unflagged offers
    of a GPU (its family: "h100" is every H100), by price per GPU, as ``GET /v1/offers?gpu=
    ...&region=...&stale=false&suspect=false&sort=price_per_gpu`` lists them (``spot``: at
    the spot price, ``spot_only``; "8x": machines of 8 GPUs): each with its machine,
    provider, price kind and date. With a place, the offers /gpu recommend leaves out are
    left out and counted: those with no known place (the API's ``excluded_no_region``) and
    a provider's whose availability there is not stated (Lambda prices every type in every
    region: regions.toml ``availability = "not-stated"``). Words nothing read are said."""
    lab, f = data.messages.section(lang, "slack"), data.messages.formatter(lang)
    count_m = _OFFER_COUNT.search(args)
    count = int(count_m.group("n")) if count_m is not None and int(count_m.group("n")) else None
    rest = _blank(args, [count_m.span("n")] if count_m is not None else [])
    if count_m is not None:  # the "x" of "8x" / "8xh100" too
        rest = rest[:count_m.end("n")] + " " + rest[count_m.end("n") + 1:]
    spot = _spot_spans(rest, data.messages)
    rest = _blank(rest, spot)
    # "on-demand", "la cerere": on-demand prices only (its "la" and "cerere" were connecting
    # words, read silently while a spot offer ranked first: audit regress3 #14)
    on_demand = [] if spot else [m.span() for m in _ON_DEMAND.finditer(rest)]
    rest = _blank(rest, on_demand)
    flt = _city_after_gpu(rest, _filters(rest, data), data)
    # a provider named ("hyperstack", "at Lambda"): its offers only, those with a doubted
    # price too, flagged (it was "not understood" and the world's offers listed)
    pv = _providers(_blank(rest, list(flt.spans)), data)
    if not flt.gpus:
        parts = [say(lab["offers_usage"])]
        if args.strip():
            model = extract(args, data.registry).model
            if model is not None:
                # a model, not a GPU: the offers that run it are /gpu recommend's
                parts = [say(lab["offers_model"], model=data.registry.models[model].name,
                             text=args.strip())]
            else:
                # a GPU the catalog does not know: the nearest names
                try:
                    data.registry.gpu_names.resolve(args.strip())
                except NotFound as exc:
                    if exc.suggestions:
                        parts.insert(0, say(lab["did_you_mean"], names=", ".join(
                            f"`{x}`" for x in exc.suggestions)))
        return notice(" ".join(parts))
    regions = (parse_region_filter(flt.regions, data.catalog.regions, "region")
               if flt.regions else None)
    named = [v for v in data.catalog.views(data.today)
             if (not pv.only or v.provider in pv.only) and v.provider not in pv.excluded]
    flt_offers = OfferFilter(gpus=frozenset(flt.gpus), stale=False,
                             suspect=False if not pv.only else None, spot_only=bool(spot),
                             min_gpus=count, max_gpus=count)
    _, views, no_region = query_counted(named, flt_offers, "price_per_gpu", 0,
                                        len(data.catalog.offers), regions)
    # a named provider's offers with a stale price: counted, not dropped unsaid
    stale = query_counted(named, msgspec.structs.replace(flt_offers, stale=True),
                          "price_per_gpu", 0, len(data.catalog.offers), regions)[1] \
        if pv.only else []
    if on_demand:
        views = [v for v in views if v.on_demand_usd_h is not None]
    notes: list[str] = []
    if regions is not None:
        table = data.catalog.regions.table
        names = {p.id: p.name for p in data.catalog.providers}
        left: dict[str, int] = {}
        for v in views:
            if not table.availability_stated(v.provider):
                left[v.provider] = left.get(v.provider, 0) + 1
        views = [v for v in views if v.provider not in left]
        if no_region:
            notes.append(left_out(lab, "no_region_left", no_region, f.number))
        notes += [left_out(lab, "availability_left", n, f.number, provider=names.get(p, p))
                  for p, n in sorted(left.items())]
    if on_demand:
        stale = [v for v in stale if v.on_demand_usd_h is not None]
    if regions is not None:
        stale = [v for v in stale
                 if data.catalog.regions.table.availability_stated(v.provider)]
    for p in pv.only:
        if n := sum(v.provider == p for v in stale):
            notes.append(left_out(lab, "stale_left", n, f.number,
                                  provider=_provider_names([p], data)))
    unread = [m.group() for m in re.finditer(r"\S++", rest)
              if not any(m.start() < b and a < m.end() for a, b in (*flt.spans, *pv.spans))
              and _fold(m.group().strip(_EDGE)) not in _offers_words(data.messages)]
    if (place_word := _unknown_place_word(args, unread)) is not None:
        return notice(_unknown_place(place_word, lang, data))  # audit slack2 #7
    if unread:
        notes.append(lab["unread"].format(words=", ".join(
            f"`{w.replace('`', '')}`" for w in unread)))
    notes = [escape(romanian_de(n) if lang == "ro" else n) for n in notes]
    page = views[:OFFERS_SHOWN]
    gpu = _gpu_family_name(flt.gpus, rest, data)
    if count is not None:
        gpu = f"{count} × {gpu}"
    place = lab["offers_place"].format(place=_place_said(flt, lang, data)) if flt.place \
        else ""
    if pv.only:
        place += lab["offers_provider"].format(providers=_provider_names(pv.only, data))
    if pv.excluded:
        place += lab["offers_excluded"].format(providers=_provider_names(pv.excluded, data))
    if spot:
        place += lab["offers_spot"]
    elif on_demand:
        place += lab["offers_on_demand"]
    if not page:
        text = escape(lab["offers_none_provider" if pv.only else "offers_none"].format(
            gpu=gpu, place=place))
        return message(" ".join([text, *notes]), [section(t) for t in (text, *notes)])
    head = lab["offers_head"].format(gpu=gpu, place=place, n=f.number(len(page)),
                                     total=f.number(len(views)))
    head = romanian_de(head) if lang == "ro" else head
    lines = []
    for i, v in enumerate(page, 1):
        per_gpu = f.money(v.price_per_gpu_usd_h, 2) if v.price_per_gpu_usd_h is not None \
            else "—"
        price = v.spot_usd_h if spot else price_basis(v)[0]
        machine = lab["offer_machine"].format(price=f.money(price, 2)) if price is not None \
            else ""
        kind = lab.get(f"kind_{v.price_kind}", v.price_kind or "")
        date = price_date_words(v.as_of, v.as_of_kind, lab)
        where = offer_where(data.catalog.regions.of(v.id, v.regions), lang, data.messages,
                            stated=data.catalog.regions.table.availability_stated(v.provider))
        name = gpu_words(v.gpu_name, lang, data.messages)
        lines.append(escape(f"{i}. {v.gpu_count} × {name} — {v.provider}"
                            + (f" {where}" if where else "") + ", ")
                     + f"*{escape(per_gpu + lab['offer_per_gpu'])}*"
                     + escape(f" · {machine} · {kind} · ")
                     + price_note(date, v.source, lang, data.messages)
                     + (f" · *{escape(lab['offer_suspect'])}*" if v.suspect else ""))
    # why a listed price is doubted, once for the offers it is about
    doubts = _suspect_notes(page, lang, data)
    said = [f"*{escape(lab['warnings'])}*\n" + "\n".join(doubts)] if doubts else []
    text = escape(head)
    return message(" ".join([text, *notes, *lines, *doubts]),
                   [section(text + "\n" + "\n".join(lines)), *(section(x) for x in said),
                    *(section(n) for n in notes)])


_OFFER_COUNT = re.compile(r"(?<![\w.])(?P<n>\d{1,3})\s*+[x×](?=\s|[a-z]|$)", re.I)
"""The GPUs per machine an offers command asks for ("8x h100", "8xh100", "8 × a100")."""

_ON_DEMAND = re.compile(r"(?<![\w-])(?:on[\s-]?demand|ondemand|la\s++cerere)(?![\w-])", re.I)
"""On-demand prices asked for in ``/gpu offers`` ("on-demand", "on demand", "la cerere"):
the offers with an on-demand price only, as ``spot`` asks for spot prices only."""


def _offers_words(messages: Messages) -> frozenset[str]:
    """The connecting words of ``/gpu offers`` (every language's ``size_words`` and
    ``offers_words``), folded: said neither as unread nor read."""
    return frozenset(_fold(w) for lang in messages.languages
                     for key in ("size_words", "offers_words")
                     for w in messages.section(lang, "slack").get(key, "").split())


def _gpu_family_name(gpus: Sequence[str], args: str, data: BotData) -> str:
    """The GPU an offers command names, as a reader calls it: one card's name, else the
    words the text names the family with ("H100")."""
    if len(gpus) == 1 and gpus[0] in data.registry.gpus:
        return data.registry.gpus[gpus[0]].name
    words = _filters(args, data).gpu_words
    return words.upper() if words else ", ".join(
        data.registry.gpus[g].name for g in gpus if g in data.registry.gpus)


# ---------------------------------------------------------------------------------------------
# A provider named, a training job (audit regress5 #11)


@dataclass(frozen=True)
class _Providers:
    """The providers a ``/gpu offers`` or ``/gpu recommend`` text names: the API's
    ``providers`` (its offers only) and ``exclude_providers`` ("excluding runpod"), and where
    their words are (read words)."""

    only: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    spans: tuple[Span, ...] = ()


_PROVIDER_WORDS_MAX = 4
"""The most words a provider's name takes ("Amazon Web Services (EC2)")."""


def _provider_index(data: BotData) -> dict[str, str]:
    """Every spelling of a provider, as :func:`norm` compares them → its id: the catalog's
    provider ids and names (without a remark in parentheses: "Hyperstack (NexGen Cloud)" is
    "Hyperstack"), and the providers its offers name; case and punctuation ignored, as the
    API's ``providers`` filter reads them."""
    out: dict[str, str] = {}
    for p in data.catalog.providers:
        for name in (p.id, p.name, re.sub(r"\([^)]*+\)", " ", p.name), *p.aliases):
            if norm(name):
                out.setdefault(norm(name), p.id)
    for o in data.catalog.offers:
        out.setdefault(norm(o.provider), o.provider)
    return out


def _providers(text: str, data: BotData) -> _Providers:
    """The providers ``text`` names by their id or name, any case ("hyperstack", "at
    Lambda", "on RunPod", "Nebius AI Cloud"; the "at"/"on"/"la"/"pe" before it are
    connecting words), the longest name first; one named after "excluding", "except", "not
    on", "fără" (``excluded_providers``, as /v1/ask reads them) is left out instead. They
    were "not understood" and the whole world's offers listed."""
    index = _provider_index(data)
    found = list(re.finditer(r"\S++", text))
    clean = [m.group().strip(_EDGE) for m in found]
    excluded = set(excluded_providers(_fold(text),
                                      provider_words(data.catalog.registry))[1])
    only: list[str] = []
    out: list[str] = []
    spans: list[Span] = []
    i = 0
    while i < len(found):
        for n in range(min(_PROVIDER_WORDS_MAX, len(found) - i), 0, -1):
            words = clean[i:i + n]
            pid = index.get(norm(" ".join(words))) if all(words) else None
            if pid is None and n == 1 and (dm := _DOMAIN.fullmatch(words[0].lower())):
                pid = index.get(norm(dm.group(1)))  # "lambda.ai": Lambda
            if pid is not None:
                said = {_fold(" ".join(words)), *(_fold(w) for w in words), pid}
                into = out if said & excluded else only
                if pid not in into:
                    into.append(pid)
                start = found[i].start()
                if into is out and (cue := _EXCLUDING.search(_fold(text[:start]))):
                    start = cue.start()  # "excluding", "not on": read with the name
                spans.append((start, found[i + n - 1].end()))
                i += n
                break
        else:
            i += 1
    return _Providers(tuple(only), tuple(out), tuple(spans))


_DOMAIN = re.compile(r"(?:www\.)?([a-z0-9-]++)\.[a-z]{2,6}")
"""A provider's web domain ("lambda.ai", "www.runpod.io"): its first label names the
provider when it is a provider's id or name (they were "not understood": audit regress6
#15); a name that is itself a domain ("Vast.ai", "Latitude.sh") is read as the name."""

_EXCLUDING = re.compile(
    r"(?<!\S)(?:excluding|exclude|except(?:\s++for)?|not\s++(?:on|at|from|using|via|with)"
    r"|without(?:\s++using)?|other\s++than|apart\s++from|fara|in\s++afara\s++de"
    r"|cu\s++exceptia|nu\s++(?:pe|la|de\s++la|prin))\s++(?:(?:the|lui)\s++)?$")
"""The words before a provider left out ("excluding", "not on", "fără", "nu pe"; folded), as
``excluded_providers`` reads them: read with its name, not said as unread."""


def _provider_names(ids: Sequence[str], data: BotData) -> str:
    """Providers by their names ("Hyperstack (NexGen Cloud), RunPod")."""
    names = {p.id: p.name for p in data.catalog.providers}
    return ", ".join(names.get(p, p) for p in ids)


_TRAIN_AMOUNT = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:[.,]\d{3})++(?![\d.,])|\d++(?:[.,]\d++)?)\s*+"
    r"(?:de\s++(?=mi|tri))?(?P<scale>[kmbt]|thousand|million|billion|trillion|mii|mil|milion"
    r"|milioane|miliard|miliarde|trilion|trilioane)?\s*+(?:de\s++)?"
    r"(?:tokens?|tokeni|token-uri|toks?)(?![\w-])",
    re.I)
"""A count of tokens ("100M tokens", "1T tokens", "100 de milioane de tokeni", "50 million
tokens"): a training run's tokens where it is 100,000 or more (``details`` reads them so:
"32k tokens" is a context), never a context (its "100M" was read as 104,857,600 tokens of
context and refused)."""
_TRAIN_SCALE = {"k": 1e3, "thousand": 1e3, "mii": 1e3, "m": 1e6, "mil": 1e6,
                "million": 1e6, "milion": 1e6, "milioane": 1e6, "b": 1e9, "billion": 1e9,
                "miliard": 1e9, "miliarde": 1e9, "t": 1e12, "trillion": 1e12,
                "trilion": 1e12, "trilioane": 1e12}
_TRAIN_TOKENS_MIN = 100_000
_EPOCHS = re.compile(r"(?<![\w.,])\d{1,3}\s*+(?:de\s++)?(?:epochs?|epoci|epoc[aă])(?!\w)", re.I)
"""A count of epochs ("3 epochs", "3 epoci"): the training tokens are multiplied by it."""


def _amount(raw: str) -> float:
    """A number as written ("100", "1,000,000", "1.000.000", "1.5")."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})++", raw):
        return float(re.sub(r"[.,]", "", raw))
    return float(raw.replace(",", "."))


def _says_training(text: str, data: BotData) -> bool:
    """Whether ``text`` says a training job at all: a fine-tuning or pre-training workload
    or a method as /v1/ask reads them, or a word of ``train_words`` (:func:`_training_job`
    then tells, with the model's name set apart)."""
    ex = extract(text, data.registry)
    cue = _train_words(data.messages, "train_words")
    return (ex.workload in ("finetune", "pretrain") or ex.method is not None
            or any(_fold(w.strip(_EDGE)) in cue for w in text.split()))


def _training_spans(text: str) -> list[Span]:
    """Where ``text`` states a training run's token count and its epochs."""
    out = [m.span() for m in _EPOCHS.finditer(text)]
    for m in _TRAIN_AMOUNT.finditer(text):
        scale = _TRAIN_SCALE.get((m.group("scale") or "").lower(), 1.0)
        if _amount(m.group("n")) * scale >= _TRAIN_TOKENS_MIN:
            out.append(m.span())
    return out


def _train_words(messages: Messages, key: str) -> frozenset[str]:
    """Every language's ``key`` words of ``[slack]`` (``train_words``: they say a training
    job; ``train_read_words``: read with one), as written and folded ("completă",
    "completa")."""
    return frozenset(x for lang in messages.languages
                     for w in messages.section(lang, "slack").get(key, "").split()
                     for x in (w.lower(), _fold(w)))


@dataclass(frozen=True)
class _Training:
    """A ``/gpu recommend`` text's training job, as the API's fields."""

    workload: Literal["finetune", "pretrain"]
    finetune: dict[str, object]
    training_tokens: int | None
    tokens: int | None
    epochs: int | None


def _training_job(text: str, model: str, data: BotData, context_tokens: int | None
                  ) -> _Training | None:
    """The training job ``text`` asks for, or None (serving): a fine-tuning or
    pre-training workload, a method or an objective as /v1/ask reads them ("fine-tune",
    "lora", "dpo", "pretrain", "antrenare dpo"), or a word of ``train_words`` outside the
    model's name ("train", "antrenare"). The method: the one named, else LoRA for a
    fine-tune ("full" for an objective named, as /v1/ask reads it) and full for
    pre-training; the objective, the LoRA rank, the optimizer and the sequence length as
    /v1/ask reads them (``finetune_options``), a context stated ("8k") as the sequence
    length; the training tokens as ``details`` reads them, times the epochs."""
    reg = data.registry
    ex, st = extract(text, reg), stated(text, reg)
    words = list(re.finditer(r"\S++", text))
    span = _model_span([w.group() for w in words], model, reg)
    cue = _train_words(data.messages, "train_words")
    said = any(_fold(w.group().strip(_EDGE)) in cue for i, w in enumerate(words)
               if span is None or i not in span)
    if ex.workload not in ("finetune", "pretrain") and ex.method is None and not said:
        return None
    workload: Literal["finetune", "pretrain"] = (
        "pretrain" if ex.workload == "pretrain" else "finetune")
    method = ex.method or ("full" if workload == "pretrain" else "lora")
    opts = finetune_options(method, ex, st)
    if "sequence_length" not in opts and context_tokens is not None:
        opts["sequence_length"] = context_tokens
    tokens = details(text, reg, []).tokens
    epochs = st.epochs if st.epochs and st.epochs > 1 else None
    total = tokens * (epochs or 1) if tokens else None
    return _Training(workload, opts, total, tokens, epochs)


def _training_rows(job: _Training, lang: str, data: BotData) -> list[tuple[str, str]]:
    """The table rows of a training job: its method, objective, tokens and sequence length
    (each only when the text set it, the method always)."""
    lab, f = data.messages.section(lang, "slack"), data.messages.formatter(lang)
    method = str(job.finetune.get("method"))
    rows = [(lab["method"], lab.get(f"method_{method}", method))]
    if "objective" in job.finetune:
        rows.append((lab["objective"], str(job.finetune["objective"]).upper()))
    if job.training_tokens is not None:
        said = (lab["training_tokens_epochs"].format(
            total=f.number(job.training_tokens), tokens=f.number(job.tokens or 0),
            n=f.number(job.epochs)) if job.epochs else f.number(job.training_tokens))
        rows.append((lab["training_tokens"], romanian_de(said) if lang == "ro" else said))
    seq = job.finetune.get("sequence_length")
    if isinstance(seq, int):
        n_tokens = lab["n_tokens"].format(n=f.number(seq))
        rows.append((lab["sequence_length"],
                     romanian_de(n_tokens) if lang == "ro" else n_tokens))
    return rows


def _page_prices(job: _Training | None, pv: _Providers) -> bool:
    """Whether the web page prices the request a ``/gpu recommend`` link would open: it
    takes no provider filter, and trains with LoRA (fine-tuning) or full weights
    (pre-training) at a sequence length, with no objective, token count or other setting
    (app.js ``finetuneOptions``); else no link, rather than one to another answer."""
    if pv.only or pv.excluded:
        return False
    if job is None:
        return True
    page = "full" if job.workload == "pretrain" else "lora"
    return (job.training_tokens is None and job.finetune.get("method") == page
            and set(job.finetune) <= {"method", "sequence_length"})


def _training_link(job: _Training | None) -> dict[str, str | int | None]:
    """A training job's link parameters: the page's workload, and its context as the
    sequence length it trains at (the sizing's default where none is stated)."""
    if job is None:
        return {}
    seq = job.finetune.get("sequence_length")
    default = next(f.default for f in msgspec.structs.fields(FinetuneOptions)
                   if f.name == "sequence_length")
    return {"workload": job.workload,
            "context": seq if isinstance(seq, int) else int(default)}


def _suspect_notes(page: Sequence[OfferView], lang: str, data: BotData) -> list[str]:
    """The reasons the listed offers' prices are doubted, each once with the numbers of the
    offers it is about ("_#1, #2:_ suspect price: ..."), as escaped mrkdwn lines, in
    ``lang`` as /v1/recommendations words them (``localise``)."""
    m = data.messages
    texts, kinds, f = m.section(lang, "answer"), m.section(lang, "pricing"), m.formatter(lang)
    said: dict[str, list[int]] = {}
    for i, v in enumerate(page, 1):
        if v.suspect and v.suspect_reasons:
            text = localise("suspect price: " + "; ".join(v.suspect_reasons), texts, f, kinds)
            said.setdefault(text, []).append(i)
    return [f"• _{', '.join(f'#{i}' for i in ns)}:_ {escape(text)}"
            for text, ns in said.items()]
