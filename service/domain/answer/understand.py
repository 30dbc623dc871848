"""Pull the entities a GPU-rental question states out of free text, in English or Romanian.

Pure rules, no model: the registry's aliases name models and GPUs (exact n-gram look-ups first,
then a strict fuzzy match for typos such as "lama 3 8b"); regular expressions read precisions,
sizes, context lengths, GPU counts, budgets and workloads. An entity is set only when the text
states it: a question that compares alternatives ("H100 vs A100", "lora vs qlora") leaves the
entity unset rather than guessing one.
"""

from __future__ import annotations

import decimal
import functools
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, TypeVar, cast

import msgspec
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Levenshtein

from service.domain.catalog.kinds import UNCATALOGUED as _UNCATALOGUED
from service.domain.catalog.kinds import kind_of_name, models_like
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.names import norm
from service.domain.catalog.precisions import find_kv_type, find_precision, get_precision
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.types import MONTH_DAYS
from service.domain.tokens import LENGTH_K_TOKENS, LENGTH_M_TOKENS, amount_tokens, length_tokens


class Extracted(msgspec.Struct, kw_only=True, frozen=True, omit_defaults=False):
    model: Annotated[str | None, msgspec.Meta(
        description="the model's registry id; null where no known model is named")] = None
    """Registry model id."""
    params_b: Annotated[float | None, msgspec.Meta(
        description="parameter count in billions where only a size is stated ('a 70B "
                    "model'); a range ('7-13B') gives its upper bound; null otherwise")] = None
    """Parameter count in billions when only a size is stated ("a 70B model"); a range
    ("7-13B") gives its upper bound."""
    params_range_b: Annotated[tuple[float, float] | None, msgspec.Meta(
        description="a range of sizes stated ('7-13B'), its [lower, upper] bounds in "
                    "billions of parameters; null otherwise")] = None
    weights: Annotated[str | None, msgspec.Meta(
        description="precision id, only where a format or a bit count is stated; null "
                    "otherwise")] = None
    """Precision id, only when a format or a bit count is stated."""
    quantized: Annotated[bool | None, msgspec.Meta(
        description="true where the text says quantized (with or without a format); null "
                    "otherwise")] = None
    """True when the text says "quantized" (with or without a format)."""
    context_tokens: Annotated[int | None, msgspec.Meta(
        description="a context length stated, in tokens; null where none is")] = None
    gpu: Annotated[str | None, msgspec.Meta(
        description="the GPU's registry id; null where none is named")] = None
    """Registry GPU id."""
    gpu_count: Annotated[int | None, msgspec.Meta(
        description="a GPU count stated; null where none is")] = None
    workload: Annotated[str | None, msgspec.Meta(
        description="serving, batch, finetune or pretrain, where the question says; null "
                    "otherwise")] = None
    """serving | batch | finetune | pretrain"""
    method: Annotated[str | None, msgspec.Meta(
        description="the fine-tuning method stated: lora, qlora or full; null otherwise")] = None
    """lora | qlora | full"""
    budget_usd_per_hour: Annotated[float | None, msgspec.Meta(
        description="an hourly budget stated, in USD per hour; null where none is")] = None
    budget_usd_per_month: Annotated[float | None, msgspec.Meta(
        description="a monthly budget stated, in USD per month; null where none is")] = None
    concurrent_requests: Annotated[int | None, msgspec.Meta(
        description="users or requests at the same time stated; null where none is")] = None
    batch_size: Annotated[int | None, msgspec.Meta(
        description="a batch size stated (sequences processed together); null where none "
                    "is")] = None
    engine: Annotated[str | None, msgspec.Meta(
        description="the inference engine id (catalog/engines.toml; /v1/sizing's engine) "
                    "where one engine is named ('with TensorRT-LLM'; llama.cpp for an app "
                    "built on it such as Ollama): the answer sizes with it; null "
                    "otherwise")] = None
    """Inference engine id (catalog/engines.toml), when one engine is named ("with
    TensorRT-LLM"): the answer sizes with it, as ``/v1/sizing`` does with ``engine``.
    llama.cpp where an app built on it is named ("with Ollama": :func:`gguf_app`)."""


_INT64 = (-(2**63), 2**63 - 1)
"""The integers a typed client decodes (int64: Go, Java, Rust; the spec says ``integer``)."""


_Echoed = TypeVar("_Echoed", bound=msgspec.Struct)


def echoed(read: _Echoed) -> _Echoed:
    """``read`` (the ``extracted`` or ``details`` of an answer) as the response echoes it: an
    integer field outside int64 null (audit api2 #5: "9"*400 users echoed a 400-digit
    integer, which a client generated from openapi.json fails to decode and JavaScript reads
    as Infinity). The answer's text says such a number and why it gives no figures for it
    (``users_not_positive`` and the like); the echo only drops it."""
    big = {f: None for f in read.__struct_fields__
           if isinstance(v := getattr(read, f), int) and not isinstance(v, bool)
           and not _INT64[0] <= v <= _INT64[1]}
    return msgspec.structs.replace(read, **big) if big else read


# ---------------------------------------------------------------------------------------------
# Language


_RO_CHARS = re.compile(r"[ăâîșțşţ]", re.IGNORECASE)
_WORD = re.compile(r"(?<![\w])[a-zăâîșțşţ]++(?:-[a-zăâîșțşţ]++)*+(?![\w])")
# a Romanian article or case ending on a foreign word: "H100-ul", "GPU-urile", "vLLM-ului"
_RO_SUFFIX = re.compile(r"\w-(?:ul|ului|uri|urile|urilor|ii|le)\b")
# Words that are never read as the start of a model name (extraction, below): common English
# and Romanian words. Telling the language apart uses the words of each language's message
# file instead (``knowledge/messages/<lang>.toml`` [language] words, passed in).
_COMMON = frozenset("""
    pentru pt si și este e sunt cat cât cata câtă cate câte câți cati merita merită am nevoie
    pe de un o ce cu sau la din care cum unde când cand ca să sa mai foarte imi îmi trebuie
    ajunge merge pot poate ma mă se nu da dacă daca doar încă inca deși desi între intre
    al ale ai lui unei unui cel cei cea acest aceasta această aceeasi aceeași fara fără despre
    mult multe mulți multi putin puțin bine mare mic mica mică lungă lunga lungi greu
    placa placă placi plăci memorie memoria modelul modele modelele costul costa costă calitate
    cuantizare cuantizat cuantizarea antrenare antrenament antrenez preantrenare inferenta face
    inferență servire servirea generare lentă lenta aleg folosesc folosi ore oră ora luna lună
    dolari buget greutatile greutățile tokeni utilizatori cereri simultan simultane noduri
    rulare instanță instanta furnizori viteza viteză ocupa ocupă economisesc pierd înseamnă
    inseamna diferenta diferența diferență ajută ajuta conteaza contează timp real
    the a an is are was be to of for and or how what which why when where do does did can could
    should would will my our we i you it this that with on at per much many need vs than
    it's what's isn't don't doesn't cheapest best run running serve serving get fit fits card
    cards really worth much more slow fast big small into from by about if only still so there
""".split())


# "are" after a name or a singular noun, with no English subject before it: Romanian "has"
# ("L40S are NVLink?"); English puts "are" first or after a plural or a pronoun.
_RO_HAS = re.compile(
    r"(?<![\w.-])(?!(?:what|which|who|how|where|why|they|we|you|these|those|there|here|both|all"
    r"|them|many|some|any|prices|costs|gpus|cards|models)\b)[\w.-]++\s++are\b")


_DOMAIN = re.compile(r"(?<![\w.-])[a-z\d][\w-]*+(?:\.[a-z\d][\w-]*+)*?\.[a-z]{2,}+(?!\w|\.\w)")
"""A domain-like token ("vast.ai", "latitude.sh", "lambda.ai"): a name, whose parts ("ai",
Romanian "you have") are no words of a language; "3.1" or "e.g." is none."""


@functools.lru_cache(maxsize=8)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    said = sorted({n.strip().lower() for n in names if n.strip()}, key=len, reverse=True)
    if not said:
        return None
    return re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in said) + r")(?![\w])")


def detect_language(text: str, words: Mapping[str, frozenset[str]],
                    names: Iterable[str] = ()) -> str:
    """"ro" or "en", by the scored word lists of the two languages (``words[lang]``, from the
    message files); diacritics weigh heavily. Defaults to "en". ``names`` (the catalog's
    provider ids and names) and domain-like tokens are names, not words: "vast.ai" and
    "Nebius AI Cloud" hold "ai", a Romanian word, and "/gpu offers h100 vast.ai" was answered
    in Romanian."""
    ro_words, en_words = words.get("ro", frozenset()), words.get("en", frozenset())
    lowered = _DOMAIN.sub(" ", text.lower())
    pattern = _names_pattern(tuple(names))
    if pattern is not None:
        lowered = pattern.sub(" ", lowered)
    ro = 2.0 * len(_RO_CHARS.findall(lowered)) + len(_RO_SUFFIX.findall(lowered))
    en = 0.0
    for w in _WORD.findall(lowered):
        if w in ro_words and w in en_words:
            continue  # "are", "a": a word of both languages says nothing
        if w in ro_words:
            ro += 1.0
        if w in en_words:
            en += 1.0
    if ro == en and _RO_HAS.search(lowered):
        ro += 1.0  # nothing else to go by: "H100 PCIe are NVLink?" is "has" in Romanian
    return "ro" if ro > en else "en"


# ---------------------------------------------------------------------------------------------
# Text preparation


_GROUPED = re.compile(r"(?<![\w.,])([1-9]\d{0,2})((?:,\d{3})++|(?:\.\d{3})++)(?![\d]|[.,]\d{3})")
"""A number with its thousands grouped: "32,000" (English), "32.768" or "1.000.000" (Romanian).
A first group of 0 ("0.125") or a decimal part of other than three digits ("1.5", "2,5") is a
decimal, not a grouping."""
_SCALE_SHORT = re.compile(r"(?<![\w.,])(\d++(?:[.,]\d++)?)\s*+(mil|mln|mld|mlrd)\b\.?")
"""A scale abbreviated after a number, with its dot or not, as Romanian writes it ("50 mil.
tokeni", "20 mld. de tokeni", "5 mln"): written out ("50 milioane tokeni"), the word every
reader of counts knows; the dot was left between the scale and its noun, and the count
dropped ("cu 50 mil. tokeni" answered an hour's price)."""
_SCALE_WORD_OF = {"mil": "milioane", "mln": "milioane", "mld": "miliarde", "mlrd": "miliarde"}
_DECIMAL_THOUSANDS = re.compile(
    r"(?<![\w.,])(\d{1,3})[.,](\d{1,2})\s*+(?:de\s++)?(mii|thousand)\b")
"""A count of thousands with a decimal part: "2,5 mii", "1.5 thousand" -> "2500", "1500", a
count every reader reads as digits (the "5" after the comma was read alone: "2,5 mii de
tokeni" as 5 x 1,024 = 5,120 tokens, "2,5 mii de utilizatori" as 5,000 users)."""


def _decimal_thousands(m: re.Match[str]) -> str:
    return str(int(m.group(1)) * 1000 + int(m.group(2).ljust(3, "0")))


_FT_SHORT = re.compile(r"(?<![\w.\-/])(ft|sft|fft)(?![\w\-/'\u2019])")
"""Fine-tuning's shorthands, as a word of their own: "ft" and "sft" (supervised fine-tuning),
"fft" (full fine-tuning), in either language ("FT complet"), written out ("full ft llama 3
8b" -> "full fine-tuning llama 3 8b"), so that every reader of a training run reads them as
it reads "fine-tuning" (audit ask_reading: "can i full ft mistral 7b on an a100" was sized
as inference and answered Yes, 15.6 GiB, for 114 GiB). Inside a name ("MiniCPM-2B-sft") it
stays: a hyphen or a word character beside it is no shorthand; nor is a participle with an
apostrophe ("my sft'd mistral": a model tuned before, :data:`TUNED_MODEL`; audit
ask_reading2: "serve my sft'd mistral 7b to 100 users" was sized as LoRA training)."""
_FT_WORDS = {"ft": "fine-tuning", "sft": "supervised fine-tuning", "fft": "full fine-tuning"}
_TOKENS_PLURAL = re.compile(r"\btoken-?uri(?:le|lor)?\b")
"""Romanian's other plural of "token", "tokenuri" ("token-uri", "tokenurile"): written as
"tokeni", the plural every reader of a count of tokens knows ("pe 100 de milioane de
tokenuri" was no data set: the training rate per 100M tokens answered, where "tokeni" gave
the run's hours and cost; audit rojob)."""
_AT_ONCE_TYPO = re.compile(
    r"\b(?:conc{1,2}ur{1,2}[ae]n(?P<cy>cy|t)|(?P<sim>simultan)(?:ous|ious|eus|ius|eos)"
    r"|(?!paralel\b)par{1,2}al{1,2}el{1,2}|paralel(?=\s++(?:users|requests|reqs|sessions"
    r"|clients|customers|streams|connections|chats|conversations)\b))(?P<ly>ly)?\b")
"""English words for "at once" misspelled as buyers write them: "concurent", "concurrant",
"concurant" (concurrent; "concurency"), "simultanous", "simultanious" (simultaneous), "paralell",
"parralel" (parallel), each with its "-ly": written right, so that every reader of a load
reads them as it reads "concurrent" (audit buyer: "llama 3.1 8b with 200 concurent users" was
sized for one user, an RTX A4000, where "200 concurrent users" is 5 x 4 x RTX 3060). "paralel"
is Romanian ("în paralel" stays) unless an English noun follows it ("64 paralel users");
Romanian "concurent" reads the same as "concurrent" to every reader of a load."""
_CCU = re.compile(r"(?<=\d)\s*+ccus?\b")
"""CCU, "concurrent users" (a game or live service's peak load): "200 CCU" -> "200 concurrent
users" (it was one user)."""


def _at_once_spelled(m: re.Match[str]) -> str:
    """The word :data:`_AT_ONCE_TYPO` matched, spelled right."""
    word = ("simultaneous" if m.group("sim") else "concurrency" if m.group("cy") == "cy"
            else "concurrent" if m.group("cy") else "parallel")
    return word + (m.group("ly") or "")


_HALF_UNIT = r"(hours?|days?|weeks?|months?|ora|ore|zi|zile|saptamana|saptamani|luna|luni)"
_HALVES = (
    # "one and a half million", "2 and a half thousand": 1.5 of the scale (audit rates2: fell
    # back to the hourly price; :func:`_number_at` reads "a million and a half")
    (re.compile(r"(?<![\w.,])(\d++|one)\s++and\s++a\s++half\s++(million|billion|trillion"
                r"|thousand)\b"),
     lambda m: (str(int(float(_half_more(m.group(1))) * 1000)) if m.group(2) == "thousand"
                else f"{_half_more(m.group(1))} {m.group(2)}")),
    # "2 and a half hours", "one and a half days" (:func:`_spell_out` leaves "and a half"
    # after a number)
    (re.compile(r"(?<![\w.,])(\d++|an?|one)\s++and\s++a\s++half\s++" + _HALF_UNIT + r"\b"),
     lambda m: f"{_half_more(m.group(1))} {m.group(2)}"),
    # "an hour and a half", "2 hours and a half", "o oră și jumătate", "2 ore și jumătate"
    (re.compile(r"(?<![\w.,])(an?|one|o|un|una|\d++(?:[.,]\d++)?)\s++" + _HALF_UNIT
                + r"\s++(?:and\s++a\s++half|si\s++jumatate)\b"),
     lambda m: f"{_half_more(m.group(1))} {m.group(2)}"),
    # "half a day", "half an hour", "a half-day", "o jumătate de zi", "jumătate de oră"
    (re.compile(r"\b(?:(?:an?|one|o)\s++)?(?:half(?:\s++an?)?|jumatate\s++de)[\s-]++"
                + _HALF_UNIT + r"\b"), lambda m: f"0.5 {m.group(1)}"),
)
"""A length said with a half in words, in English or Romanian, written in digits ("half a day"
-> "0.5 day", "o oră și jumătate" -> "1.5 ora"), so that the readers of a job's length read
it as "1,5 ore" is read (was an hour's price, or a whole day's: "a day" read as the period).
Months too: "a month and a half", "o lună și jumătate" -> "1.5 month", "1.5 luna", a length
of 1.5 months (intent._DURATION_MONTHS; audit reg6: priced as one month)."""


_ONE_PER = re.compile(
    r"(?<![\w.,])(?:one|a single|o|o singura|un|un singur|una)\s++(?=(?:request|cerere|query"
    r"|interogare|prompt|image|imagine|picture|photo|poza|fotografie|video|videoclip|clip"
    r"|document|embedding|input|intrare)\s*+(?:/\s*+|(?:per|pe|a|an|each|every|on a)\s++)"
    r"(?:s|sec|second|secunda|min|minute|minut|h|hr|hour|ora|day|zi|month|luna)\b)")
"""One of a request, an image, a video or an input before its period, in words: "one request
per second", "o cerere pe secundă", "un request pe secundă", "o imagine pe secundă", "a single
image a minute": written "1", so that it is read as the rate of one, as "1 cerere pe secundă"
is (audit regress12 #11: sized as one concurrent request, or one image priced). Neither "a" nor
"an" ("a request a day" stays words: "a" is also the period's article). Never "in a" nor
"într-o": "one image in a second" is a time for each image asked, not a rate of one (audit
regress13 #2: 9 × RTX 4090 sized for it; intent._ITEM_IN_A reads it as a limit)."""


def _half_more(count: str) -> str:
    """``count`` (a number in digits or an article: one) and a half, in digits."""
    whole = 1.0 if not count[0].isdigit() else float(count.replace(",", "."))
    return f"{whole + 0.5:g}"


def _halves(folded: str) -> str:
    for pattern, digits in _HALVES:
        folded = pattern.sub(digits, folded)
    return folded


_DE_SIZE = re.compile(r"\b([a-z0-9]++(?:-(?:ul|ului|uri|urile|urilor|ii|le)\b)?+)\s++de\s++"
                      r"(?=\d++\s*+(?:gb|gib|g)\b)")
"""Romanian puts "de" between a card and its memory: "A100 de 80 GB" names the A100 80GB (a
card's name ends in a number or a suffix: "4060 ti de 16 GB"); "o placă de 24 GB" keeps it.
The card may carry its article ("A100-uri de 40 GB", "H100-ul de 80 GB": :data:`_RO_ARTICLE`)."""
_CARD_SUFFIX = frozenset({"ti", "sxm", "sxm4", "sxm5", "pcie", "nvl", "super", "xt", "xtx",
                          "ada"})


def _de_size(m: re.Match[str]) -> str:
    word = m.group(1)
    if any(c.isdigit() for c in word) or word in _CARD_SUFFIX:
        return word + " "
    return m.group(0)


@dataclass(frozen=True)
class _NumberWords:
    """One language's words for a number, as folded text writes them (lower case, no
    diacritics): the data :func:`_spell_out` reads a count written in words with ("a hundred
    users", "o sută de utilizatori", "unui milion de imagini"). A table per language, as the
    other language patterns of this module are: the folded text every reader works on is made
    here, before any message file is at hand."""

    units: Mapping[str, int]
    """Words that are a number wherever they stand ("two", "douăzeci")."""
    weak: Mapping[str, int]
    """Words that are also something else ("one" a pronoun, English "opt", Romanian "nouă"
    also "new"): a number only before a scale word or a counted noun, or inside a number."""
    articles: frozenset[str]
    """Articles, one only right before a scale word ("a hundred", "o sută", "unui milion";
    "a model", "un model" stay words)."""
    scales: Mapping[str, int]
    """Words that multiply the number before them ("hundred", "mii", "milioane")."""
    joiners: frozenset[str]
    """Words inside a number, before a unit: "one hundred and fifty", "douăzeci și cinci"."""
    before_scale: frozenset[str]
    """A word between a number and its scale: Romanian "douăzeci de mii", "o sută de mii"."""
    counted: frozenset[str]
    """Plural nouns a weak word counts ("opt utilizatori", "nouă ore")."""
    ordinals: frozenset[str]
    """Two words that are an ordinal, not a number, unless a scale word follows: "a doua zi"
    (the second day), "a noua oară"; "a două milioane" is a count."""
    halves: frozenset[str] = frozenset()
    """A half of the scale word after it, with an article or "de" between or not: "half a
    million" (500,000), "jumătate de milion"; "two and a half million" is left to
    :data:`_HALVES`, "un milion și jumătate" read by :func:`_number_at` (1.5 million)."""
    pairs: frozenset[str] = frozenset()
    """Three words that mean two of what follows: "a couple of A100s", "o pereche de A100"."""
    parts: Mapping[str, int] = field(default_factory=dict)
    """Fractions of the scale word after them, as the divisor: "a quarter of a million"
    (250,000), "un sfert de milion", "three quarters of a million", "trei sferturi de
    milion" (750,000; audit ask_ro #8: the words stayed, no count was read). A half is
    :attr:`halves`."""
    of: frozenset[str] = frozenset()
    """A word between a fraction and its scale besides an article: "a quarter of a million"."""


_NUMBER_WORDS: Mapping[str, _NumberWords] = {
    "en": _NumberWords(
        units={"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
               "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
               "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
               "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90},
        weak={"one": 1},
        articles=frozenset({"a", "an"}),
        scales={"dozen": 12, "hundred": 100, "thousand": 1000, "million": 1_000_000,
                "billion": 1_000_000_000, "trillion": 1_000_000_000_000},
        joiners=frozenset({"and"}),
        before_scale=frozenset(),
        counted=frozenset({"users", "requests", "clients", "customers", "sessions", "people",
                           "gpus", "cards", "nodes", "servers", "replicas", "images",
                           "pictures", "hours", "days", "weeks", "months", "minutes",
                           "seconds", "epochs", "examples", "samples", "tokens", "videos",
                           "clips", "documents"}),
        ordinals=frozenset(),
        halves=frozenset({"half"}),
        pairs=frozenset({"a couple of", "a pair of"}),
        parts={"quarter": 4, "quarters": 4},
        of=frozenset({"of"}),
    ),
    "ro": _NumberWords(
        units={"unu": 1, "doi": 2, "doua": 2, "trei": 3, "patru": 4, "cinci": 5, "sase": 6,
               "sapte": 7, "zece": 10, "unsprezece": 11, "doisprezece": 12,
               "douasprezece": 12, "treisprezece": 13, "paisprezece": 14,
               "cincisprezece": 15, "saisprezece": 16, "saptesprezece": 17,
               "optsprezece": 18, "nouasprezece": 19, "douazeci": 20, "treizeci": 30,
               "patruzeci": 40, "cincizeci": 50, "saizeci": 60, "saptezeci": 70,
               "optzeci": 80, "nouazeci": 90},
        weak={"una": 1, "opt": 8, "noua": 9},
        articles=frozenset({"un", "o", "unui", "unei"}),
        scales={"duzina": 12, "duzini": 12, "suta": 100, "sute": 100, "mie": 1000,
                "mii": 1000, "milion": 1_000_000, "milioane": 1_000_000,
                "miliard": 1_000_000_000, "miliarde": 1_000_000_000},
        joiners=frozenset({"si"}),
        before_scale=frozenset({"de"}),
        counted=frozenset({"utilizatori", "cereri", "clienti", "sesiuni", "persoane", "oameni",
                           "gpu-uri", "placi", "noduri", "servere", "replici", "imagini",
                           "poze", "ore", "zile", "saptamani", "luni", "minute", "secunde",
                           "epoci", "exemple", "tokeni", "videoclipuri", "clipuri",
                           "documente"}),
        ordinals=frozenset({"a doua", "a noua"}),
        halves=frozenset({"jumatate"}),
        pairs=frozenset({"o pereche de"}),
        parts={"sfert": 4, "sferturi": 4},
    ),
}
_NUMBER_WORD = re.compile(r"(?<![\w'])[a-z]++(?:-uri)?+(?![\w'])")
"""A word of letters alone ("a" in "a100" is none); a Romanian "-uri" plural stays with it."""
_WORD_GAP = re.compile(r"\s++|\s*+-\s*+")
"""What may stand between two words of one number: spaces, or a hyphen ("twenty-five")."""
_KEPT_SCALE = 1_000_000
"""From a million up a scale word stays, after its count: "a million tokens" is "1 million
tokens", the form the readers of prices per million tokens and of counts ("1M images") know."""


def _number_at(words: list[re.Match[str]], i: int, text: str,
               table: _NumberWords) -> tuple[int, str] | None:
    """The number the words from ``words[i]`` on write in ``table``'s language, as (index of
    its last word, its digits), or None where ``words[i]`` starts none."""
    def gap_ok(j: int) -> bool:
        return bool(_WORD_GAP.fullmatch(text, words[j - 1].end(), words[j].start()))

    def word(j: int) -> str | None:
        return words[j].group(0) if j < len(words) and (j == i or gap_ok(j)) else None

    first, after = word(i), word(i + 1)
    if first is None:
        return None
    if f"{first} {after} {word(i + 2)}" in table.pairs:
        return i + 2, "2"  # "a couple of A100s", "o pereche de A100"
    if first in table.halves or first in table.parts:
        return _half_at(words, i, table, word)
    if after in table.parts and (first in table.units or first in table.weak
                                 or first in table.articles):
        # "three quarters of a million", "trei sferturi de milion", "un sfert de milion"
        times = table.units.get(first) or table.weak.get(first) or 1
        if (parts := _half_at(words, i + 1, table, word, times)) is not None:
            return parts
    if first in table.articles or first in table.weak:
        if after not in table.scales and (first in table.articles or after not in table.counted):
            return None
    elif first not in table.units:
        return None
    if i > 0 and gap_ok(i) and f"{words[i - 1].group(0)} {first}" in table.ordinals and (
            after not in table.scales):
        return None  # "a doua zi": the second day
    total = current = 0
    big = 0  # the last scale of a thousand or more, so that scales fall: "two million three
    last = i  # thousand", never "thousand million"
    kept = ""
    j = i
    while (w := word(j)) is not None:
        value = table.units.get(w) or table.weak.get(w) or (1 if w in table.articles else None)
        if value is not None:
            if j > i and w in table.articles:
                break
            tens = current % 100
            after_hundreds = tens == 0 and value < 100  # "two hundred fifty"
            after_tens = tens >= 20 and tens % 10 == 0 and value < 10  # "twenty five"
            if current and not (after_hundreds or after_tens):
                break  # "two three": two numbers, not one
            current += value
        elif w in table.scales:
            scale = table.scales[w]
            if scale < 1000:
                if current >= scale or (scale == 100 and current >= 10):
                    break  # "twenty hundred" is no number we read
                current = max(current, 1) * scale
            else:
                if big and scale >= big:
                    break
                total += max(current, 1) * scale
                big, current = scale, 0
        elif w in table.joiners or w in table.before_scale:
            nxt = word(j + 1)
            half = j + (2 if nxt in table.articles else 1)  # "and a half", "și jumătate"
            if (w in table.joiners and big and current == 0 and last == j - 1
                    and word(half) in table.halves):
                # "un milion și jumătate", "a thousand and a half": 1.5 of the scale said
                total += big // 2
                last = half
                break
            if w in table.joiners and (nxt is None or nxt in table.scales):
                break
            if w in table.before_scale and (nxt is None or table.scales.get(nxt, 0) < 1000):
                break
            j += 1
            continue
        else:
            break
        last = j
        kept = w if w in table.scales and table.scales[w] >= _KEPT_SCALE else ""
        j += 1
    if kept and current == 0 and (2 * total) % table.scales[kept] == 0:
        whole, rest = divmod(total, table.scales[kept])
        return last, f"{whole}{'.5' if rest else ''} {kept}"  # "1.5 milion"
    return last, str(total + current)


def _half_at(words: list[re.Match[str]], i: int, table: _NumberWords,
             word: Callable[[int], str | None], times: int = 1) -> tuple[int, str] | None:
    """Half (or ``times`` quarters, :attr:`_NumberWords.parts`) the scale word after
    ``words[i]`` ("half a million", "jumătate de milion", "a quarter of a million"), as
    :func:`_number_at` returns a number, the scale kept from a million up ("0.5 million",
    "0.25 milion"); None after "and a" ("two and a half million": the words stay,
    :data:`_HALVES` reads 2.5 of the scale)."""
    if i >= 2 and words[i - 1].group(0) in table.articles and (
            words[i - 2].group(0) in table.joiners):
        return None
    divisor = 2 if words[i].group(0) in table.halves else table.parts[words[i].group(0)]
    j = i + 1
    if word(j) in table.of:
        j += 1
    if word(j) in table.articles or word(j) in table.before_scale:
        j += 1
    scale_word = word(j)
    scale = table.scales.get(scale_word or "", 0)
    if not scale or times >= divisor:
        return None
    if scale >= _KEPT_SCALE:
        return j, f"{times / divisor:g} {scale_word}"
    if (scale * times) % divisor:
        return None
    return j, str(scale * times // divisor)


def _spell_out(folded: str) -> str:
    """``folded`` with every count it writes in words written in digits, in English or
    Romanian ("a hundred users" -> "100 users", "o sută de mii de cereri" -> "100000 de
    cereri", "unui milion de imagini" -> "1 milion de imagini"; :data:`_NUMBER_WORDS`), so
    that every reader of counts reads them as it reads digits. A count in digits stays as
    written ("20 de mii", "1M"): a context's "M" is 1,048,576 there, its "mii" 1,000."""
    words = list(_NUMBER_WORD.finditer(folded))
    if not words:
        return folded
    out: list[str] = []
    pos = i = 0
    while i < len(words):
        found = None
        for table in _NUMBER_WORDS.values():
            found = _number_at(words, i, folded, table)
            if found is not None:
                break
        if found is None:
            i += 1
            continue
        last, digits = found
        out.append(folded[pos : words[i].start()])
        out.append(digits)
        pos = words[last].end()
        i = last + 1
    out.append(folded[pos:])
    return "".join(out)


_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff]")
"""Characters that print nothing (soft hyphen, zero-width space, joiners, word joiner, BOM):
pasted text carries them inside words and numbers ("3<ZWSP>2k" split into "3" and "2k",
read as a context of 2,048 tokens; audit api)."""
_TYPO_SPACE = "\u00a0\u2007\u2009\u202f"
"""No-break, figure, thin and narrow no-break spaces: how typography (CLDR's thousands
separator in French, a space between a number and its unit) writes a space in a number."""
_TYPO_GROUPED = re.compile(rf"(?<![\w.,])(\d{{1,3}})((?:[{_TYPO_SPACE}]\d{{3}})++)(?![\w.,])")
"""Thousands grouped by such a space: "32<NNBSP>000", "1<NBSP>000<NBSP>000" (was dropped)."""
_TYPO_UNIT = re.compile(rf"(?<=\d)[{_TYPO_SPACE}](?=[kmb]\b)")
"""Such a space between a number and its scale: "32<NBSP>k" is "32k", "70<NBSP>B" "70b"."""
_ODD_SPACE = re.compile("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_SPACE_GROUPED = re.compile(
    r"(?<![\w.,])(\d{1,3})((?: \d{3})++)(?![\w.,]|\s*+(?:[kmbt]|gb|tb)\b)")
"""Thousands grouped by a plain space, as SI/ISO style and Romanian write them: "2 500 users",
"16 384 tokens", "1 500 $" (audit api2 #1: the last group was read, "500 users", or the
number dropped). Only whole groups of three digits after a first of one to three, the rule of
:data:`_TYPO_GROUPED`; never before a scale or a unit ("2 500W", "3 405 b", "2 500 GB"), nor
after a model family (:data:`_FAMILY_BEFORE`), whose version and size stay apart."""
_FAMILY_BEFORE = re.compile(
    r"(?:llama|qwen|gemma|phi|mistral|mixtral|deepseek|glm|kimi|falcon|olmo|yi|v|r|gpt|oss)"
    r"[\s-]*+$")
"""A model family just before a number: "llama 3 405" is Llama 3's 405B, not 3,405."""


def _space_grouped(text: str) -> str:
    def join(m: re.Match[str]) -> str:
        if _FAMILY_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            return m.group(0)
        return m.group(1) + m.group(2).replace(" ", "")

    return _SPACE_GROUPED.sub(join, text) if " " in text else text


def _plain_spaces(text: str) -> str:
    """``text`` (lower case) with what prints nothing removed, a number grouped or joined to
    its scale by a typographic space written plainly ("32000", "32k"), thousands grouped by a
    plain space joined (:data:`_SPACE_GROUPED`), and every other Unicode space an ASCII one, so
    that the readers of numbers see them as typed."""
    text = _INVISIBLE.sub("", text)
    text = _space_grouped(text)
    if not any(c in text for c in _TYPO_SPACE) and _ODD_SPACE.search(text) is None:
        return text
    text = _TYPO_GROUPED.sub(lambda m: m.group(1) + re.sub(r"\D", "", m.group(2)), text)
    return _ODD_SPACE.sub(" ", _TYPO_UNIT.sub("", text))


_SCIENTIFIC = re.compile(r"(?<![\w.])(\d(?:\.\d{1,3})?)e\+?(\d{1,2})(?![\w.])")
"""A count in scientific notation, "2e10 tokens", "1.5e12": written out in digits, so that
every reader of counts reads it (audit regress4 #1: "2e10 tokens" read no tokens); only from
1e3 to 1e15, as typed counts are."""


def _scientific(m: re.Match[str]) -> str:
    exp = int(m.group(2))
    return str(round(float(m.group(1)) * 10**exp)) if 3 <= exp <= 15 else m.group(0)


@functools.lru_cache(maxsize=1024)
def _fold(text: str) -> str:
    """Lower-case without diacritics ("producție" -> "productie"), thousands groupings
    removed ("8.192" and "8,192" -> "8192"), a scale abbreviated written out ("50 mil." ->
    "50 milioane", :data:`_SCALE_SHORT`), fine-tuning's shorthands written out ("sft" ->
    "fine-tuning", :data:`_FT_SHORT`), "tokenuri" as "tokeni" (:data:`_TOKENS_PLURAL`),
    thousands with a decimal part in digits ("2,5 mii" -> "2500", :data:`_DECIMAL_THOUSANDS`),
    counts in words in digits ("a hundred" -> "100",
    :func:`_spell_out`), lengths with a half in digits ("half a day" -> "0.5 day",
    :data:`_HALVES`) and "de" dropped between a card and its memory size ("a100 de 80 gb"
    -> "a100 80 gb"). Invisible and typographic spaces first (:func:`_plain_spaces`)."""
    decomposed = unicodedata.normalize("NFD", _plain_spaces(text.lower()))
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    folded = _SCIENTIFIC.sub(_scientific, folded)
    folded = _GROUPED.sub(lambda m: m.group(1) + m.group(2)[1:].replace(m.group(2)[0], ""),
                          folded)
    folded = _SCALE_SHORT.sub(lambda m: f"{m.group(1)} {_SCALE_WORD_OF[m.group(2)]}", folded)
    folded = _FT_SHORT.sub(lambda m: _FT_WORDS[m.group(1)], folded)
    folded = _TOKENS_PLURAL.sub("tokeni", folded)
    folded = _DECIMAL_THOUSANDS.sub(_decimal_thousands, folded)
    folded = _CCU.sub(" concurrent users", _AT_ONCE_TYPO.sub(_at_once_spelled, folded))
    folded = _ONE_PER.sub("1 ", _spell_out(folded))  # "o cerere pe secundă": a rate of 1
    return _DE_SIZE.sub(_de_size, _halves(folded))


_TOKEN = re.compile(r"[a-z0-9][a-z0-9._:+\-]*+(?:/\d++)*+")
"""A word; numbers joined by slashes stay one token ("24/7" is a schedule, not 7 GPUs)."""
_COUNT_X = re.compile(r"(?<![a-z0-9.])(\d++)\s*+[x×]\s*+(?=[a-z]|\d{4}\b)")


@dataclass(frozen=True)
class _Tok:
    text: str
    start: int
    end: int
    listed: bool = False
    """A list separator (:data:`_LIST_SEP`) follows the word before the next: "rtx 4090, a10g",
    "rtx 4090/a10g" part the 4090 from the A10G, whose count it never is."""
    plus: bool = False
    """A "+" was written right after the word and dropped from it ("command r+"): a model's
    name with it names another model (Command R+ is not Command R), :func:`_plus_suffix`."""


_LIST_SEP = frozenset(",;/|")


_RO_ARTICLE = re.compile(r"-(?:ul|ului|uri|urile|urilor|ii|le)$")
_COUNT_JOINED = re.compile(r"(\d++x)-?+(?=[a-z]|\d{4}$)")
"""A count glued to the card it counts, one word: "8xa100", "2xh100", "8x-h100", "2x4090":
the count and the name, two words, as :data:`_COUNT_X` spaces them. The readers that fold
without it (``intent.details``, ``intent.stated``) read no GPU in "8xh100 vs 8xa100", so a
comparison lost a side (audit buyer17 #7: answered for the H100 alone)."""
_HOURS_JOINED = re.compile(r"(?<=\d)-(?:hours?|hrs?)$")
"""GPU-hours joined to the card ("50 A100-hours", "H100-hrs"): the card is named, the hours
are read as an amount (intent._GPU_HOURS_AMOUNT); the card was lost, and the cost with it."""


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    for m in _TOKEN.finditer(text):
        bare = m.group(0).rstrip("._:+-")
        plus = "+" in m.group(0)[len(bare):]  # "r+": the "+" kept as a mark, not in the word
        word = _RO_ARTICLE.sub("", bare)  # "H100-ul" names the H100
        word = _HOURS_JOINED.sub("", word)
        pieces = [(word, m.start())]
        if (cm := _COUNT_JOINED.match(word)) is not None:  # "8xa100": "8x", "a100"
            pieces = [(cm.group(1), m.start()), (word[cm.end():], m.start() + cm.end())]
        for word, start in pieces:
            if not word:
                continue
            prev = out[-1] if out else None
            if (word == "k" and prev is not None and prev.text.isdigit()
                    and text[prev.end : start].isspace()):
                # "32 k context": thousands after a space, as "32k" (was not read: 4,096)
                out[-1] = _Tok(prev.text + "k", prev.start, start + 1)
                continue
            if prev is not None and not _LIST_SEP.isdisjoint(text[prev.end : start]):
                out[-1] = _Tok(prev.text, prev.start, prev.end, listed=True, plus=prev.plus)
            out.append(_Tok(word, start, start + len(word)))
        if plus and out and out[-1].start >= m.start():
            out[-1] = _Tok(out[-1].text, out[-1].start, out[-1].end, out[-1].listed, plus=True)
    return out


# ---------------------------------------------------------------------------------------------
# Per-registry tables


@dataclass
class _Tables:
    model_keys: list[str] = field(default_factory=list)
    model_key_id: dict[str, str] = field(default_factory=dict)
    model_key_digits: dict[str, list[str]] = field(default_factory=dict)
    prefixes: set[str] = field(default_factory=set)
    """Every prefix of every normalised model and GPU spelling: an n-gram whose key is not one
    can only match through a suffix the name index strips ("... instruct"), so the scan stops
    growing it there."""


def _tables(registry: Registry) -> _Tables:
    """The look-up tables for ``registry``'s names, made once and kept with it."""
    return registry.derived.table("extract_tables", lambda: _make_tables(registry))


def _make_tables(registry: Registry) -> _Tables:
    t = _Tables()
    for m in registry.models.values():
        for name in (m.id, m.name, *m.aliases):
            if "/" in name or "+" in name:  # "Command R+": not a typo of "Command R"'s key
                continue
            key = norm(name)
            if len(key) >= 5 and key not in t.model_key_id:
                t.model_key_id[key] = m.id
                t.model_key_digits[key] = _FUZZY_NUMBERS.findall(key)
    t.model_keys = list(t.model_key_id)
    spellings = [n for m in registry.models.values() for n in (m.id, m.name, m.hf_repo, *m.aliases)]
    spellings += [n for g in registry.gpus.values() for n in (g.id, g.name, *g.aliases)]
    for name in spellings:
        for part in (name, name.rsplit("/", 1)[-1]):
            key = norm(part)
            t.prefixes.update(key[:k] for k in range(1, len(key) + 1))
    return t


# ---------------------------------------------------------------------------------------------
# Names: models and GPUs


@dataclass(frozen=True)
class _Mention:
    kind: str  # "model" | "gpu"
    id: str
    first: int  # token indices, inclusive
    last: int


_MAX_NGRAM = 5
_BARE_CARD = re.compile(r"^\d{4}(?:ti)?$")


def _ngram_ok(toks: list[_Tok], i: int, n: int) -> bool:
    if n > 1 and len(toks[i].text) == 1 and toks[i].text.isalpha():
        return False  # "a 100 users" is not an A100
    key = norm(" ".join(t.text for t in toks[i : i + n]))
    return len(key) >= 2 and (not key.isdigit() or bool(_BARE_CARD.match(key)))


def _lengths(toks: list[_Tok], i: int, prefixes: set[str]) -> list[int]:
    """The n-gram lengths at ``i`` worth looking up, longest first: those whose key prefixes
    a known spelling, and one token more (a suffix the index strips)."""
    word = toks[i].text
    bare = bool(_BARE_CARD.match(word) or (word.endswith("s") and _BARE_CARD.match(word[:-1])))
    key = ""
    out: list[int] = []
    for n in range(1, min(_MAX_NGRAM, len(toks) - i) + 1):
        key += norm(toks[i + n - 1].text)
        out.append(n)
        if not (key in prefixes or key[:-1] in prefixes or (bare and "rtx" + key in prefixes)):
            break
    return out[::-1]


def _find_names(toks: list[_Tok], registry: Registry, tables: _Tables) -> list[_Mention]:
    """The models and GPUs the tokens name, in order (longest spelling first at each token).
    Kept per snapshot by the tokens' texts: one question is read by several readers
    (:func:`extract`, :func:`details`, the intent's), each tokenising it the same way."""
    # (with whether each word runs into the next, which a memory size before a name needs:
    # :func:`_sized_name`)
    key = (tuple(t.text for t in toks), tuple(_joined(a, b) for a, b in itertools.pairwise(toks)),
           tuple(t.plus for t in toks))
    cache = registry.derived.lru("understand.names_found", 512)
    hit = cache.get(key)
    if hit is None:
        hit = tuple(_names_in(toks, registry, tables))
        cache.put(key, hit)
    return list(cast(tuple[_Mention, ...], hit))


def _names_in(toks: list[_Tok], registry: Registry, tables: _Tables) -> list[_Mention]:
    found: list[_Mention] = []
    i = 0
    while i < len(toks):
        hit = _sized_name(toks, i, registry, tables) or _name_at(toks, i, registry, tables)
        if hit is None:
            i += 1
        else:
            if hit.kind == "model":
                hit = _longer_model(toks, hit, registry)
                spelled = _plus_spelled(toks, hit, registry)
                end = None if spelled else _plus_suffix(toks, hit, registry, tables)
                if end is None and not spelled:
                    end = _modality_suffix(toks, hit, registry)
                if end is not None:  # "Command R+" not in the catalog: unknown, not Command R
                    i = end + 1
                    continue
                hit = spelled or hit  # "Command R+": Command R+ (104B), not Command R
            found.append(hit)
            i = hit.last + 1
    return found


_SIZE_PLUS = re.compile(r"\d++(?:\.\d++)?+[bm]")
"""A size, a "+" after which names no other model: "Llama 3 70B+" is Llama 3 70B (audit round
23, unknownllm), where "Command R+" is not Command R."""


_PLUS_WORD_AFTER = frozenset("a an the one some its my our un o niste".split())
"""Words after a "plus" that join two things ("Mistral 7B plus a reranker"): never a model's
"Plus" suffix."""


def _ends_in_number(word: str) -> bool:
    """The last word of a name that is a version or a size ("3", "3.1", "70b"): a "plus"
    after it joins ("Llama 3 8B plus Whisper"); a "+" written on it still names another
    model."""
    return (word[:-1] if word[-1:] in ("b", "m", "k") else word)[-1:].isdigit()


def _plus_suffix(toks: list[_Tok], hit: _Mention, registry: Registry,
                 tables: _Tables) -> int | None:
    """The index of the last word of a "+" or "Plus" suffix on the model name ``hit`` ("Command
    R+", "Command R plus": Cohere's 104B Command R+, https://huggingface.co/CohereForAI/
    c4ai-command-r-plus, not the 35B Command R the name index reads without it), or None
    where the name has none. A "+" is one written right after a
    word of the name; "plus" is the word right after it, unless it joins two things: after a
    version or a size, before a number, an article or another name. A catalog spelling with
    the suffix matched as a longer name ("Command R plus") or as :func:`_plus_spelled` ("Command
    R+"), so the suffix is never on a name the catalog has; a "+" right after a size ("70B+")
    is no suffix."""
    if any(t.plus and not _SIZE_PLUS.fullmatch(t.text) for t in toks[hit.first : hit.last + 1]):
        return hit.last
    j = hit.last + 1
    if (j >= len(toks) or toks[j].text != "plus" or not _joined(toks[hit.last], toks[j])
            or _ends_in_number(toks[hit.last].text)):
        return None
    k = j + 1
    if k < len(toks) and _joined(toks[j], toks[k]) and (
            toks[k].text[0].isdigit() or toks[k].text in _PLUS_WORD_AFTER
            or _name_at(toks, k, registry, tables) is not None):
        return None
    return j


def _plus_spelled(toks: list[_Tok], hit: _Mention, registry: Registry) -> _Mention | None:
    """The catalog model whose own spelling has the "+" written on the words of the model name
    ``hit`` ("Command R+", "command-r+ 104b": Cohere's Command R+, 104B, where the words without
    the "+" name the 35B Command R), or None where no "+" is written on them or no catalog
    spelling has it (:func:`_plus_suffix` then reads it as another, unknown model). The word
    after the name is tried first ("Command R+ 104B" as one spelling)."""
    if not any(t.plus for t in toks[hit.first : hit.last + 1]):
        return None
    for last in (hit.last + 1, hit.last):
        if last >= len(toks) or (last > hit.last and not _joined(toks[hit.last], toks[last])):
            continue
        phrase = " ".join(t.text + ("+" if t.plus else "") for t in toks[hit.first : last + 1])
        mid = registry.model_names.lookup(phrase)
        if mid is not None:
            return _Mention("model", mid, hit.first, last)
    return None


def _plus_names(toks: list[_Tok], registry: Registry,
                tables: _Tables) -> list[tuple[_Mention, int]]:
    """The catalog models' names written with a "+" or "Plus" suffix, each with the index of
    the suffix's last word (the names :func:`_names_in` leaves out)."""
    out: list[tuple[_Mention, int]] = []
    i = 0
    while i < len(toks):
        hit = _name_at(toks, i, registry, tables)
        if hit is None or hit.kind != "model":
            i = i + 1 if hit is None else hit.last + 1
            continue
        hit = _longer_model(toks, hit, registry)
        spelled = _plus_spelled(toks, hit, registry)
        end = None if spelled else _plus_suffix(toks, hit, registry, tables)
        if end is None and not spelled:
            end = _modality_suffix(toks, hit, registry)
        if end is not None:
            out.append((hit, end))
        i = (spelled or hit).last + 1 if end is None else end + 1
    return out


_MODALITY_WORDS = frozenset({"vision", "vl", "visual", "omni", "multimodal"})
"""Words right after a model's name that name another model, one that sees images ("Phi 3.5
Vision", "Qwen2.5 7B VL", "Qwen2.5 Omni"), where the name read is a text-only model: said
unknown, never answered as the text model (audit 30a #5: "Phi 3.5 Vision" was sized as the
3.8B Phi-3.5-mini with no word; Phi-3.5-vision-instruct is a 4.2B model with a CLIP image
encoder, https://huggingface.co/microsoft/Phi-3.5-vision-instruct)."""


def _sees_images(model: ModelEntry) -> bool:
    """Whether the catalog model reads images (a vision tower or cross-attention layers)."""
    return bool(models_like([model], "vlm"))


def _modality_suffix(toks: list[_Tok], hit: _Mention, registry: Registry) -> int | None:
    """The index of a :data:`_MODALITY_WORDS` word written right after the text-only model
    name ``hit`` ("Phi 3.5 Vision"), or None: a catalog spelling with the word matched as a
    longer name ("Llama 3.2 11B Vision"), so it is never on a model that reads images."""
    j = hit.last + 1
    if j >= len(toks) or not _joined(toks[hit.last], toks[j]):
        return None
    model = registry.models.get(hit.id)
    if model is None:
        return None
    if toks[j].text in _MODALITY_WORDS:
        return None if _sees_images(model) else j
    return j if _tells_apart(toks[j].text, model, registry) else None


_NOT_VARIANT = frozenset(
    "instruct chat it base hf pt sft dpo model text audio video image speech diffusion "
    "diffusers code python embed embedding thinking attention hybrid dense gated native decoder "
    "encoder intermediate active experts open en plus".split())
"""Words of the catalog's names that say what a model does or how it was tuned, never which
model of a family it is: after a name they are the question's words ("Wan 2.1 video", "Qwen3
8B thinking mode", "Llama 3.1 8B instruct"); "plus" is :func:`_plus_suffix`'s to read ("Llama
3 8B plus Whisper" joins two models, "Command R plus" names one)."""
_VERSION_TAG = re.compile(r"v\d++(?:\.\d++)?+")
"""A version written as a word ("v2", "v0.3")."""


def _variant_words(registry: Registry) -> frozenset[str]:
    """The words the catalog's model names tell models of one family apart by ("turbo",
    "mini", "large", "vision", "reasoning", "schnell", "v2"): every word of every spelling,
    less sizes, versions written as numbers, precisions and :data:`_NOT_VARIANT`."""
    def make() -> frozenset[str]:
        out: set[str] = set()
        for m in registry.models.values():
            for name in (m.id, m.name, *m.aliases):
                for w in re.findall(r"[a-z][a-z0-9]*+", name.lower().rsplit("/", 1)[-1]):
                    if len(w) >= 2 and w not in _NOT_VARIANT and find_precision(w) is None:
                        out.add(w)
        return frozenset(out)
    return registry.derived.table("understand.variant_words", make)


def _tells_apart(word: str, model: ModelEntry, registry: Registry) -> bool:
    """Whether ``word``, written right after the name of ``model``, names another model of its
    family: a word the catalog tells models apart by (:func:`_variant_words`: "Stable Diffusion
    3.5 Large Turbo", a 4-step distilled model, is not SD 3.5 Large at 28 steps) or a version
    ("Whisper large-v2" is not large-v3), that none of ``model``'s own spellings has."""
    own = {w for name in (model.id, model.name, *model.aliases)
           for w in re.findall(r"[a-z0-9]++", name.lower().rsplit("/", 1)[-1])}
    parts = [w for w in re.split(r"[-_]", word) if w]
    return bool(parts) and any(
        w not in own and (w in _variant_words(registry) or _VERSION_TAG.fullmatch(w))
        for w in parts) and all(find_precision(w) is None for w in parts)


def _vision_near(registry: Registry, model: ModelEntry) -> list[str]:
    """The catalog models that read images, the text model's family first, then nearest in
    size: what a "Vision" name the catalog lacks is offered instead."""
    head = model.id.split("-", 1)[0]
    like = _like_kind(registry, "vlm")
    like.sort(key=lambda x: (not x.id.startswith(head),
                             abs(x.total_params - model.total_params), x.id))
    return [x.id for x in like]


def plus_named(text: str, registry: Registry) -> tuple[str, list[str]] | None:
    """A catalog model's name with a "+" or "Plus" suffix (:func:`_plus_suffix`) or a word
    that makes it another model that sees images (:func:`_modality_suffix`), as written, with
    the catalog model it was read as and its family's (the catalog's vision models, for the
    latter), or None where none is written."""
    folded = _COUNT_X.sub(r"\1x ", _fold(text))
    toks = _tokens(folded)
    for hit, end in _plus_names(toks, registry, _tables(registry))[:1]:
        stop = toks[end].end + (1 if toks[end].plus else 0)
        start = toks[hit.first].start
        written = text[start:stop] if len(text) == len(folded) else folded[start:stop]
        if toks[end].text in _MODALITY_WORDS and not toks[end].plus:
            return written.strip(), _vision_near(registry, registry.models[hit.id])[:3]
        head = hit.id.split("-", 1)[0] + "-"
        near = [hit.id, *sorted(x.id for x in registry.models.values()
                                if x.id.startswith(head) and x.id != hit.id)]
        return written.strip(), near[:3]
    return None


def _name_at(toks: list[_Tok], i: int, registry: Registry, tables: _Tables) -> _Mention | None:
    """The model or GPU whose name starts at token ``i`` (its longest spelling), or None."""
    for n in _lengths(toks, i, tables.prefixes):
        if not _ngram_ok(toks, i, n):
            continue
        phrase = " ".join(t.text for t in toks[i : i + n])
        mid = registry.model_names.lookup(phrase)
        if mid is None and n == 1 and phrase == "flux" and "flux.1-dev" in registry.models:
            mid = "flux.1-dev"  # a bare "flux": the FLUX.1 people mean, [dev]
        if mid is not None:
            return _Mention("model", mid, i, i + n - 1)
        gid = registry.gpu_names.lookup(phrase)
        if gid is None and phrase.endswith("s") and len(phrase) > 2:
            gid = registry.gpu_names.lookup(phrase[:-1])  # "H100s"
        if gid is None and _BARE_CARD.match(toks[i].text):
            gid = registry.gpu_names.lookup("rtx " + phrase)  # "4090", "3090 ti"
        if gid is None and n == 1 and phrase.endswith("s") and _BARE_CARD.match(phrase[:-1]):
            gid = registry.gpu_names.lookup("rtx " + phrase[:-1])  # "4090s"
        if gid is not None:
            return _Mention("gpu", gid, i, i + n - 1)
    return None


def _joined(a: _Tok, b: _Tok) -> bool:
    """Whether word ``a`` runs into word ``b``: one space or dash between, no list separator."""
    return b.start - a.end <= 1 and not a.listed


_SIZE_WORD = re.compile(r"(\d{1,3})-?+(?:gb|gib|g)")
"""A memory size in one word: "40gb", "80g", "80-gb"."""


def _size_words(toks: list[_Tok], i: int) -> tuple[str, int] | None:
    """The memory size (GB, as written) at token ``i`` and the words it takes ("40gb",
    "80-gb": 1; "40 gb": 2), or None."""
    sm = _SIZE_WORD.fullmatch(toks[i].text)
    if sm is not None:
        return sm.group(1), 1
    if (toks[i].text.isdigit() and len(toks[i].text) <= 3 and i + 1 < len(toks)
            and toks[i + 1].text in ("gb", "gib") and _joined(toks[i], toks[i + 1])):
        return toks[i].text, 2
    return None


def _sized_name(toks: list[_Tok], i: int, registry: Registry,
                tables: _Tables) -> _Mention | None:
    """A GPU named with its memory size written first ("40GB A100", "40 GB A100s", "80-GB
    A100", "16GB V100 SXM2"), read as the same size written after the name is ("A100 40GB"):
    the mention spans the size and the name. None where no size is at ``i``, no GPU's name
    follows it right after (a word or a list separator between: "40 GB of data", "80 GB on
    A100", "40 GB, A100"), or that GPU comes in no such size ("40GB H100": the H100 is read as
    its name alone, as "H100 40GB" is)."""
    sized = _size_words(toks, i)
    if sized is None:
        return None
    size, k = sized
    j = i + k
    if j >= len(toks) or not _joined(toks[j - 1], toks[j]):
        return None
    plain = _name_at(toks, j, registry, tables)
    if plain is None or plain.kind != "gpu":
        return None
    # the name's own words all kept ("80GB H100 NVL" is no H100 80GB with "NVL" left over);
    # a form factor after it may be part of the sized name ("40GB A100 SXM4": "A100 SXM4 40GB")
    for n in _lengths(toks, j, tables.prefixes):
        if n <= plain.last - j:
            break
        if not _ngram_ok(toks, j, n):
            continue
        phrase = " ".join(t.text for t in toks[j : j + n])
        bases = [phrase]
        if phrase.endswith("s") and len(phrase) > 2:
            bases.append(phrase[:-1])  # "A100s"
        if _BARE_CARD.match(toks[j].text) or _BARE_CARD.match(phrase[:-1]):
            bases += ["rtx " + b for b in bases]  # "24GB 4090"
        for b in bases:
            gid = registry.gpu_names.lookup(f"{b} {size}gb")
            if gid is not None:
                return _Mention("gpu", gid, i, j + n - 1)
    return None


def _longer_model(toks: list[_Tok], hit: _Mention, registry: Registry) -> _Mention:
    """A variant the next words name: "deepseek r1 distill 32b" is DeepSeek-R1-Distill-Qwen-32B,
    not DeepSeek-R1 (each following word a part of a longer id of the same model, in order;
    the shortest such id)."""
    prefix = hit.id + "-"
    variants = [(m.id, m.id[len(prefix):].split("-")) for m in registry.models.values()
                if m.id.startswith(prefix)]
    best = hit
    j = hit.last + 1
    while variants and j < len(toks) and j <= hit.last + 3:
        word = toks[j].text
        kept = []
        for mid, parts in variants:
            if word in parts:
                kept.append((mid, parts[parts.index(word) + 1 :]))
        if not kept:
            break
        variants = kept
        done = min((mid for mid, _ in kept), key=len)
        best = _Mention("model", done, hit.first, j)
        j += 1
    return best


_FUZZY_NUMBERS = re.compile(r"\d++[bm]?+")
"""The numbers of a normalised name, each with the size unit written on it ("gemma2b" -> "2b",
"gemma2" -> "2"): a bare number after a family's name is its version ("Gemma 2", "Gemma 3"),
a size has its unit, and a typo adds or drops neither (audit round 23, gemma2: "gemma 2 vram"
was read as Gemma 2B, the first Gemma's 2B, one letter from "gemma2b")."""


def _fuzzy_model(toks: list[_Tok], taken: set[int], tables: _Tables,
                 told: list[_Mention] | None = None) -> _Mention | None:
    """A model name with a typo ("lama 3 8b", "deepsek v3"): ratio >= 90 against a spelling
    with the same numbers, each with the same size unit on it (a typo never changes the size
    or the version, nor makes a version a size: :data:`_FUZZY_NUMBERS`)."""
    spans: list[tuple[int, int]] = []
    keys: list[str] = []
    for i in range(len(toks)):
        first = toks[i].text
        if len(first) < 3 or not first[0].isalpha() or first in _COMMON:
            continue
        key = ""
        for n in range(1, min(4, len(toks) - i) + 1):
            if i + n - 1 in taken:
                break
            key += norm(toks[i + n - 1].text)
            if len(key) >= 5:
                spans.append((i, n))
                keys.append(key)
    if not keys:
        return None
    scores = process.cdist(keys, tables.model_keys, scorer=fuzz.ratio, score_cutoff=90)
    best: tuple[float, int, _Mention] | None = None
    for row, ((i, n), key) in enumerate(zip(spans, keys, strict=True)):
        digits = _FUZZY_NUMBERS.findall(key)
        for col in scores[row].nonzero()[0]:
            choice = tables.model_keys[col]
            score = float(scores[row][col])
            if tables.model_key_digits[choice] != digits or key == choice + "s":
                continue  # "whispers" is a word, not the model
            if _distinguishing_edit(toks[i : i + n + 1], key, choice):
                if told is not None:  # the name written, its last word the one told apart
                    last = i + n if (i + n < len(toks) and len(toks[i + n].text) == 1
                                     and choice.startswith(key)) else i + n - 1
                    told.append(_Mention("model", tables.model_key_id[choice], i, last))
                continue  # "Command A" is no typo of "Command R", "GLM-4.5V" none of GLM-4.5
            if best is None or (score, n) > best[:2]:
                best = (score, n, _Mention("model", tables.model_key_id[choice], i, i + n - 1))
    return best[2] if best else None


def _distinguishing_edit(toks: list[_Tok], key: str, choice: str) -> bool:
    """Whether the edits from the written ``key`` to the catalog spelling ``choice`` change a
    word that tells models apart rather than mend a typo: a word of one letter ("Command A"
    for "Command R": Cohere's 111B Command A, https://huggingface.co/CohereLabs/
    c4ai-command-a-03-2025, not the 35B Command R) or letters added or dropped right after a
    version or a size ("GLM-4.5V" for "GLM-4.5": a 106B vision model built on GLM-4.5-Air,
    https://huggingface.co/zai-org/GLM-4.5V, not the 355B GLM-4.5). A typo keeps every word a
    model's name has ("lama 3 8b", "deepsek v3")."""
    # (``toks``: the words of ``key`` and the word after them, if any: "Command A" is read
    # as "command", one letter short of "commandr", with "a" written where "r" is)
    after = toks[-1] if len(toks) > 1 and len("".join(norm(t.text) for t in toks[:-1])) == len(
        key) else None
    owner: list[int] = []
    for k, t in enumerate(toks if after is None else toks[:-1]):
        owner += [k] * len(norm(t.text))
    if after is not None and len(after.text) == 1 and after.text.isalpha() and _joined(
            toks[-2], after) and choice.startswith(key) and choice[len(key):].isalpha():
        return True
    for o in Levenshtein.opcodes(key, choice):
        op, i1, i2 = o.tag, o.src_start, o.src_end
        if op == "equal":
            continue
        touched = range(i1, max(i2, i1 + 1))
        if any(p < len(owner) and len(w := norm(toks[owner[p]].text)) == 1 and w.isalpha()
               for p in touched):
            return True
        if i1 > 0 and key[i1 - 1].isdigit() and (op == "insert" or key[i1:i2].isalpha()):
            return True
    return False


_CONNECTORS = frozenset(
    [*"vs vs. versus or sau ori and si two doua three trei".split(), "2", "3", "2x", "3x"]
)


_MODEL_CONNECTORS = frozenset({"fata de", "compared to", "compared with", "against",
                               "comparat cu", "in comparatie cu"})
"""Connectors of two words or more between two models compared ("gpt-oss-120b față de Llama
3.3 70B", "X compared to Y"): read between models only (a GPU's "față de" is the details'
reading, :func:`~service.domain.answer.intent.details`)."""


def _precision_word(toks: list[_Tok], i: int) -> str | None:
    """The precision token ``i`` names ("fp8", "awq", "int4"), as the weights' reader takes
    one word (a bare number or a word that names no weights is none), else None."""
    if not 0 <= i < len(toks):
        return None
    word = toks[i].text
    if word in _NOT_WEIGHTS or word.isdigit() or word in _CONNECTORS:
        return None
    p = find_precision(word)
    return p.id if p is not None else None


def _models_joined(toks: list[_Tok], a: _Mention, b: _Mention) -> bool:
    """Whether the words between two models join them as alternatives: the connectors a GPU
    pair takes, or one of :data:`_MODEL_CONNECTORS`, a precision written right after the
    first allowed before them ("Llama 3.3 70B fp8 vs gpt-oss-120b": fp8 is Llama's,
    :func:`models_weights`)."""
    between = [t.text for t in toks[a.last + 1 : b.first]]
    if between and _precision_word(toks, a.last + 1) is not None:
        between = between[1:]
        if not between:
            return False  # "X fp8 Y": no word that compares them
    return all(w in _CONNECTORS for w in between) or " ".join(between) in _MODEL_CONNECTORS


def _pick(toks: list[_Tok], mentions: list[_Mention]) -> tuple[str | None, set[int]]:
    """The model or GPU the question is about (the first named), and the mentions that are
    alternatives in a comparison ("H100 vs A100", "a100/h100", "H200 sau două H100"): those
    name none. Two models are alternatives by :func:`_models_joined` too ("gpt-oss-120b față
    de Llama 3.3 70B fp8": it read gpt-oss alone, at Llama's fp8; audit buyer24b #6)."""
    grouped: set[int] = set()
    for a, b in itertools.pairwise(mentions):
        between = [t.text for t in toks[a.last + 1 : b.first]]
        joined = (_models_joined(toks, a, b) if a.kind == b.kind == "model"
                  else all(w in _CONNECTORS for w in between))
        if a.id != b.id and joined:
            grouped.update((a.first, b.first))
    for m in mentions:
        if m.first not in grouped:
            return m.id, grouped
    return None, grouped



def models_compared(toks: list[_Tok], names: list[_Mention]) -> tuple[str, ...]:
    """The models named as alternatives to one another ("Qwen3-30B-A3B vs Mixtral 8x7B",
    "llama 3.1 8b or qwen2.5 7b", "Qwen3-30B-A3B sau Mixtral 8x7B"), in the order written,
    where two or more distinct ones are (:func:`_pick` reads no model from them: the question
    is about each); empty otherwise."""
    models = [m for m in names if m.kind == "model"]
    _, grouped = _pick(toks, models)
    ids: list[str] = []
    for m in models:
        if m.first in grouped and m.id not in ids:
            ids.append(m.id)
    return tuple(ids) if len(ids) > 1 else ()


def models_weights(toks: list[_Tok], names: list[_Mention]) -> tuple[str | None, ...]:
    """The precision written right beside each model of :func:`models_compared` ("gpt-oss-120b
    vs Llama 3.3 70B fp8": None and fp8; "fp8 Llama 3.3 70B" too), in its order: a precision
    belongs to the model it is written next to, the other keeps its own default (gpt-oss's
    native mxfp4). It was applied to every model, so gpt-oss was sized at an fp8 it has no
    release of, on 2 GPUs (audit buyer24b #6). Empty where no model has one beside it (a
    precision said apart, "... vs ... at fp8", is every model's, as the extraction reads it)."""
    ids = models_compared(toks, names)
    if not ids:
        return ()
    own: dict[str, str | None] = dict.fromkeys(ids)
    models = [m for m in names if m.kind == "model"]
    taken = {t for m in models for t in range(m.first, m.last + 1)}
    for m in models:
        if m.id not in own or own[m.id] is not None:
            continue
        # within the name as the registry matched it ("llama 3.3 70b fp8", a checkpoint's
        # suffix), else right after it
        inside = next((p for p in (_precision_word(toks, k)
                                   for k in range(m.last, m.first, -1)) if p), None)
        after = inside or (_precision_word(toks, m.last + 1) if m.last + 1 not in taken
                           else None)
        # before the name ("fp8 Llama 3.3 70B"), unless it is right after another model
        before = (_precision_word(toks, m.first - 1)
                  if m.first - 1 not in taken and all(x.last + 1 != m.first - 1 for x in models)
                  else None)
        own[m.id] = after or before
    said = tuple(own[i] for i in ids)
    return said if any(said) else ()

# ---------------------------------------------------------------------------------------------
# GPU counts


_NUM_WORDS = {
    "one": 1, "single": 1, "singur": 1, "singura": 1, "unul": 1, "una": 1,
    "two": 2, "doi": 2, "doua": 2, "three": 3, "trei": 3, "four": 4, "patru": 4,
    "six": 6, "sase": 6, "eight": 8, "opt": 8, "sixteen": 16,
}
_GPU_NOUNS = re.compile(
    r"^(?:gpus?|gpu-uri(?:le)?|gpu-ul|cards?|plac[ai]|placa|accelerators?|acceleratoare"
    # a TPU's chips ("16 chips of TPU v5e", "16 cipuri TPU v5e"; buyer audit 25b #6)
    r"|chips?|cip|cipul|cipuri(?:le)?)$"
)
_NODE_NOUNS = frozenset({"nodes", "node", "noduri", "nod", "servers", "servere", "machines"})
_MEMORY = re.compile(r"^\d+(?:gb|g|gib)$")
_ARTICLES = frozenset().union(*(t.articles for t in _NUMBER_WORDS.values()))
"""An article before a GPU's name is one of it: Romanian "un H100" is both "an H100" and "one
H100", and either asks about one card, as "one" and "a single" do. :func:`_spell_out` leaves
an article alone unless a scale word follows ("o sută"), so the count is read here, before a
GPU's name only: "a GPU", "un GPU" is any GPU, no count."""
_ARTICLE_JOINED = re.compile(r"^(?:in|din|prin)tr-(?:un|o)$")
"""Romanian "într-un H100", "dintr-o A100": a preposition and the article in one word."""


def _article_before(toks: list[_Tok], j: int) -> int | None:
    """The token index of an article right before the GPU name at ``j``, a GPU noun allowed
    between ("o placă H100"), or None."""
    k = j - 1
    if k >= 1 and _GPU_NOUNS.match(toks[k].text):
        k -= 1
    if k >= 0 and (toks[k].text in _ARTICLES or _ARTICLE_JOINED.match(toks[k].text)):
        return k
    return None


def _count_of(word: str) -> int | None:
    """A count of GPUs or nodes as one word ("8", "8x", "two"). A count out of what the
    service sizes (``fields.GpuCount``: 1 to 4,096) is read all the same: the answer says it
    is beyond (was dropped: "5000 H100s" was answered for one H100, "0 H100s" for one)."""
    m = re.fullmatch(r"(\d++)x?", word)
    if m:
        return int(m.group(1))
    return _NUM_WORDS.get(word)


def _count_before(toks: list[_Tok], j: int) -> tuple[int, int] | None:
    """The count right before token ``j`` (a GPU name or noun), allowing a memory size between
    ("a single 24GB card", "4x 24GB"). Returns (count, token index of the count)."""
    k = j - 1
    if k >= 1 and toks[k].text == "de" and _count_of(toks[k - 1].text) is not None:
        k -= 1  # "64 de H100": Romanian puts "de" after a number of 20 or more
    if k >= 0 and toks[k].text in ("de", "of") and k - 1 >= 0 and _MEMORY.match(toks[k - 1].text):
        k -= 1
    if k >= 0 and _MEMORY.match(toks[k].text):
        k -= 1
    elif k >= 1 and toks[k].text in ("gb", "gib") and toks[k - 1].text.isdigit():
        k -= 2
    if k < 0:
        return None
    n = _count_of(toks[k].text)
    if n is None and toks[k].text in ("x", "×") and k >= 1:
        k -= 1
        n = _count_of(toks[k].text)
    if n is None or _card_number(toks, k) or any(t.listed for t in toks[k:j]):
        return None
    return n, k


_CARD_FAMILY = frozenset({"rtx", "gtx", "rx", "radeon", "geforce", "quadro"})
"""Words a card's model number follows: "RTX 4090", "GTX 1080", "RX 7900"."""
_CARD_VENDOR = frozenset({"nvidia", "amd"})


def _card_number(toks: list[_Tok], k: int) -> bool:
    """Whether the number at ``k`` is a card's model number, never a count of the card after
    it: one after a family word ("rtx 4090 a10g"), or a bare card number ("4090", "3090ti")
    after the vendor's name or a GPU noun ("nvidia 4090 a10g", "gpu 4090 vs a10g"). The RTX
    4090 ending a list was read as 4,090 A10Gs, priced at $4,115/h (audit slack2 #2)."""
    if k < 1:
        return False
    before = toks[k - 1].text
    return before in _CARD_FAMILY or (
        _BARE_CARD.match(toks[k].text.removesuffix("x")) is not None
        and (before in _CARD_VENDOR or _GPU_NOUNS.match(before) is not None))


def _nodes_factor(toks: list[_Tok], k: int) -> int:
    """"2 noduri de câte 8 GPU-uri", "2 nodes of 8 GPUs", "2 nodes x 8 H100": the node count."""
    for m in range(k - 1, max(k - 4, 0) - 1, -1):
        if toks[m].text in _NODE_NOUNS and m >= 1:
            n = _count_of(toks[m - 1].text)
            if n is not None and all(
                t.text in ("de", "cate", "of", "with", "x", "each", "cu", "a", "×")
                for t in toks[m + 1 : k]
            ):
                return n
    return 1


_NODES_PLURAL = frozenset({"nodes", "noduri", "servers", "servere", "machines", "masini"})
_DASH_COUNT = re.compile(r"(\d{1,4})-(?:gpus?|cards?|gpu-uri)")
"""A count joined to its noun: "a 16-GPU H100 cluster", "a 32-GPU A100 cluster" (it was no
count, and the cluster was priced as one 8-GPU machine: audit regress2 #2)."""


def _nodes_after(toks: list[_Tok], k: int, g: _Mention) -> int:
    """"two 8x H100 nodes", "3 8-GPU H100 servers": the node count written before the GPUs
    per node, the plural node noun after the GPU's name (a memory size or GPU noun between),
    else 1 (audit regress2 #2: one 8-GPU machine was priced for two)."""
    j = g.last + 1
    while j < len(toks) and (_MEMORY.match(toks[j].text) or _GPU_NOUNS.match(toks[j].text)):
        j += 1
    if k < 1 or j >= len(toks) or toks[j].text not in _NODES_PLURAL:
        return 1
    n = _count_of(toks[k - 1].text)
    return n if n is not None and n > 1 and not toks[k - 1].text.endswith("x") else 1


def nodes_of(text: str, registry: Registry) -> tuple[int, int] | None:
    """(nodes, GPUs per node) where ``text`` counts nodes of a GPU ("2 nodes of 8xH100", "5
    noduri de 8 x H100"), read as :func:`extract` reads the count: the GPU count is their
    product (:func:`_nodes_factor`), which priced 16 single-GPU machines for two 8-GPU ones
    (audit slack2); the answer prices whole machines of the per-node count. None with no
    node count, or one of a single GPU."""
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    toks = _tokens(folded)
    gpus = [m for m in _find_names(toks, registry, _tables(registry)) if m.kind == "gpu"]
    for g in gpus:
        c = _count_before(toks, g.first)
        if c is None and g.first >= 1 and _GPU_NOUNS.match(toks[g.first - 1].text):
            c = _count_before(toks, g.first - 1)  # "2 noduri de câte 8 GPU-uri H100"
        if c is None or c[0] <= 1:
            continue
        nodes = _nodes_factor(toks, c[1])
        if nodes == 1:
            nodes = _nodes_after(toks, c[1], g)
        if nodes > 1:
            return nodes, c[0]
    return None


_NODE_WORDS = frozenset({"node", "server", "machine", "nod", "nodul", "serverul", "masina",
                         "masinii", "cluster", "clusterul"})
"""A GPU's machine in one word (folded); the plurals count nodes (:data:`_NODE_NOUNS`)."""
_NODE_LINK = frozenset({"of", "with", "de", "cu", "cate"})
"""Between a node word and its GPU: "a node of H100s", "un server cu H100-uri", "nod de H100"."""
_NODE_KIND = frozenset({"bare", "metal", "baremetal", "dedicated", "dedicat"})
"""Between a node word and its link, what kind of machine it is: "un nod bare metal OCI cu
A100" (with the provider's name, ``skip``, :func:`node_machine`)."""
_ONE_GPU = re.compile(r"^(?:single|one|1)-?gpu$")
"""A count of one said as the machine's size: "a single-GPU H100 machine"."""


def _node_before(toks: list[_Tok], g: _Mention) -> bool:
    """A node word right after GPU mention ``g`` ("an H100 node", "an 8x H100 GPU server",
    "H100 80GB machine"), never "machine learning"."""
    k = g.last + 1
    while k < len(toks) and (_MEMORY.match(toks[k].text) or _GPU_NOUNS.match(toks[k].text)):
        k += 1
    return (k < len(toks) and toks[k].text in _NODE_WORDS
            and (k + 1 >= len(toks) or toks[k + 1].text != "learning"))


def node_machine(toks: list[_Tok], gpus: list[_Mention],
                 skip: frozenset[str] = frozenset()) -> bool:
    """Whether a GPU's whole machine is the thing named: a node word attached to a GPU named
    ("an H100 node", "a node of H100s", "nod de H100", "un server cu H100-uri"), with no count
    of one stated ("one", "a single", "single-GPU", "un singur", and an article after "with"
    or "cu": "o mașină cu un H100" is one card). A node word that is another thing's ("our
    inference server", "a state machine", "serverul nostru are două A100") is none: each
    priced the largest machine, 8 x H100 at $10,080/month for one card (audit reg3). Between
    the node word and its link, words of the machine's kind (:data:`_NODE_KIND`) and a
    provider's name (``skip``: folded one-word names) may stand: "un nod bare metal OCI cu
    A100" (audit buyer29a #8: it was one GPU's share of the machine)."""
    for g in gpus:
        c = _count_before(toks, g.first)
        if c is None and g.first >= 1 and _GPU_NOUNS.match(toks[g.first - 1].text):
            # "un cluster de 16 GPU-uri H100" (it was 16 one-GPU machines: audit regress2 #2)
            c = _count_before(toks, g.first - 1)
        if c is None and g.first >= 1 and _DASH_COUNT.fullmatch(toks[g.first - 1].text):
            c = (int(toks[g.first - 1].text.split("-")[0]), g.first - 1)  # "a 16-GPU H100"
        if c is not None and c[0] == 1:
            continue  # "one H100 server", "a single H100 machine", "cu un singur H100"
        if g.first >= 1 and _ONE_GPU.match(toks[g.first - 1].text):
            continue
        if _node_before(toks, g):
            return True  # "an H100 node": the article is the node's
        k = g.first - 1
        if c is not None:
            k = c[1] - 1  # "a node of 8 H100s", "un nod de 8 H100"
        elif k >= 0 and (toks[k].text in _ARTICLES or _ARTICLE_JOINED.match(toks[k].text)):
            continue  # "a machine with an H100", "o mașină cu un H100": one card
        while k >= 0 and toks[k].text in _NODE_LINK:
            k -= 1
        if k >= 0 and toks[k].text not in _NODE_WORDS and k + 1 < g.first:
            # (after a link only: "nod bare metal OCI cu A100", never "OCI A100")
            while k >= 0 and (toks[k].text in _NODE_KIND or toks[k].text in skip):
                k -= 1
        if k >= 0 and toks[k].text in _NODE_WORDS:
            return True
    return False


_OF_THEM = frozenset({("of", "them"), ("of", "those"), ("of", "these"), ("dintre", "ele"),
                      ("din", "ele"), ("dintre", "acestea"), ("din", "acestea")})
_ON_THEM = frozenset({"on", "across", "using", "with", "pe", "cu", "folosind"})
"""A count of "them" after one of these words ("what about on two of them?", "și pe două
dintre ele?") is a count of GPUs where the text names none: a follow-up whose GPU (and model)
the caller's ``context`` carries from the question before. Read only after "on", "pe" and
the like, so that "100 users, or two of them" is no count of GPUs."""


def _count_said(toks: list[_Tok], g: _Mention) -> tuple[int, int] | None:
    """The count written with GPU mention ``g`` (an article is none): before it ("2 x H100",
    "two H100s", "2 plăci 4090", "a 16-GPU H100 cluster") or after it ("H100 x2"), with the
    token index of the count; None where none is."""
    c = _count_before(toks, g.first)
    if c is None and g.first >= 1 and _GPU_NOUNS.match(toks[g.first - 1].text):
        c = _count_before(toks, g.first - 1)  # "2 placi 4090"
    if c is None and g.last + 1 < len(toks):
        after = toks[g.last + 1].text
        m = re.fullmatch(r"[x×](\d{1,4})", after)
        if m:
            c = (int(m.group(1)), g.last + 1)
        elif after in ("x", "×") and g.last + 2 < len(toks) and toks[g.last + 2].text.isdigit():
            c = (int(toks[g.last + 2].text), g.last + 2)
    if c is None and g.first >= 1 and (dm := _DASH_COUNT.fullmatch(toks[g.first - 1].text)):
        c = (int(dm.group(1)), g.first - 1)  # "a 16-GPU H100 cluster"
    return c


_MEMORY_LINK = frozenset({"de", "with", "cu", "of", "sxm", "sxm2", "sxm4", "sxm5", "pcie", "nvl",
                          "nvlink"})
"""Words between a GPU's name and the memory written after it: "A100 de 80GB", "A100 with
80 GB", "A100 SXM 80GB"."""


def _memory_said(toks: list[_Tok], g: _Mention) -> bool:
    """Whether GPU mention ``g`` has a memory size written in it or right beside it ("A100
    80GB", "80GB A100", "A100 de 80 GB", "A100 SXM 80GB")."""
    if any(_size_words(toks, k) is not None for k in range(g.first, g.last + 1)):
        return True
    if g.first >= 1 and (_SIZE_WORD.fullmatch(toks[g.first - 1].text) or (
            g.first >= 2 and _size_words(toks, g.first - 2) == (toks[g.first - 2].text, 2))):
        return True
    k = g.last + 1
    while k < len(toks) and k <= g.last + 2 and toks[k].text in _MEMORY_LINK:
        k += 1
    return k < len(toks) and _size_words(toks, k) is not None


_HAVE = frozenset({"have", "has", "had", "own", "owns", "got", "avem", "detinem", "detin"})
"""Words of having a card ("we have an L4", "the 8x A100 cluster we have", "avem un L4")."""
_NOW = frozenset({"today", "currently", "already", "now", "acum", "azi", "astazi", "momentan",
                  "deja"})
"""Words of the present ("an A10 today", "we currently use", "folosim acum un A10")."""
_USE = frozenset({"use", "using", "run", "running", "folosim", "folosesc", "rulam", "utilizam"})
_ALREADY = frozenset({"already", "deja"})
"""A card said to be there already ("Serverul nostru are deja două A100", "we already run
2x A100")."""


def _held(toks: list[_Tok], g: _Mention, taken: set[int]) -> bool:
    """Whether GPU mention ``g`` is written as a card the asker has or runs today, with no other
    name between: a word of having (:data:`_HAVE`) in the three words before it or the four
    after it ("We have an L4 today", "the 8x A100 cluster we have"), "already" in the three
    before it ("Serverul nostru are deja două A100"), or a word of use in the
    three before it with a word of the present (:data:`_NOW`) beside it ("we currently use an
    A10", "folosim acum un A10", "we run an A10 today"; "Can I rent an H100 today?" is none).
    One of those never takes the question's setup from a GPU named before it, and gives way
    to one named after it (:func:`_asked_gpu`)."""
    before = {toks[k].text for k in range(max(0, g.first - 3), g.first) if k not in taken}
    after = {toks[k].text for k in range(g.last + 1, min(len(toks), g.last + 5))
             if k not in taken}
    return bool(before & _HAVE or after & _HAVE or before & _ALREADY
                or ((before | after) & _NOW and before & _USE))


_WEIGHED = frozenset({"vs", "versus", "or", "sau", "ori", "than", "decat", "better", "worse",
                      "faster", "slower", "cheaper", "compare", "compared", "comparing",
                      "comparat", "comparatie", "fata", "instead", "loc", "switch",
                      "switching", "upgrade", "upgrading", "migrate", "migrating", "move",
                      "moving", "replace", "replacing", "worth", "either", "fie", "trecem",
                      "trece", "treaca", "trecerea", "mutam", "muta", "migram", "schimbam",
                      "schimba", "inlocuim", "inlocui", "merita"})
_WEIGHED_AFTER = {"about": frozenset({"what", "how"}),
                  "mai": frozenset({"bun", "buna", "bune", "buni", "bine", "rapid", "rapida",
                                    "rapide", "repede", "ieftin", "ieftina", "ieftine", "scump",
                                    "scumpa", "lent", "lenta", "performant", "puternic"})}
"""Words between two GPUs named that weigh one against the other ("an H100 better than 2x
A100 80GB", "on it or do I need an A100 80GB", "pe un H100 sau pe 2 A100 de 80GB", "switching
from an A10G to 2x L40S", "Folosim acum RTX 4090, ar trebui să trecem la L40S"), and words
that do with a word before ("What about 2x H100?") or after them ("e mai bun un L40S"): a
comparison, whose first card stays the one read (the comparison's readers take each)."""


def _weighs(toks: list[_Tok], i: int) -> bool:
    """Whether token ``i`` weighs two GPUs named around it (:data:`_WEIGHED`)."""
    word = toks[i].text
    if word in _WEIGHED:
        return True
    if word == "about":
        return i >= 1 and toks[i - 1].text in _WEIGHED_AFTER["about"]
    return (word == "mai" and i + 1 < len(toks)
            and toks[i + 1].text in _WEIGHED_AFTER["mai"])
_CLAUSE_END = re.compile(r"[.?!;:,](?![\w.,])|\n")
"""A clause's end: a stop, a comma and the like before a space or the text's end (never the
dot of "3.1" or the comma of "1,000"), or a line's end."""


def _apart(toks: list[_Tok], first: _Mention, g: _Mention, text: str, held: bool) -> bool:
    """Whether GPU mention ``first`` is said apart from the later ``g``, not weighed against
    it: no word of :data:`_WEIGHED` between them, and a clause ends between them ("Does FP8
    work on an A100? I'd run ...", "We have an L4 today; would ...", "we use an A10, would
    ...") with words of its own after it, not a list ("an L4, 2x L40S"). Where ``first`` is
    the asker's present card (``held``, :func:`_held`), words of its own between them are
    enough ("We have an L4 today and would like to run ... on 4x L40S"; "I have an RTX 4090
    and 2x 3090" lists them)."""
    between = toks[first.last + 1 : g.first]
    if not text or any(_weighs(toks, i) for i in range(first.last + 1, g.first)):
        return False
    cut = _CLAUSE_END.search(text, toks[first.last].end, toks[g.first].start)
    if cut is None and not held:
        return False
    start = cut.end() if cut is not None else 0
    words = [t for t in between if t.start >= start and _count_of(t.text) is None
             and t.text not in _CONNECTORS and t.text not in _ARTICLES
             and t.text not in ("and", "si", "plus", "x", "×")
             and _GPU_NOUNS.match(t.text) is None and _MEMORY.match(t.text) is None]
    return bool(words)


def _asked_gpu(toks: list[_Tok], gpus: list[_Mention], grouped: set[int],
               taken: set[int], text: str = "") -> tuple[_Mention | None, set[int]]:
    """The GPU mention the question sizes, and the first tokens of the GPU mentions said on
    its side (none of them a count, a memory or a card of the setup sized).

    The first named (none of the alternatives of a comparison, :func:`_pick`), unless a later
    one said apart from it (:func:`_apart`: another clause, no word that weighs one against
    the other) and not one the asker holds today (:func:`_held`) is written with more of its
    setup (a count, a memory size: "2x A100 80GB", "4 plăci L40S"), or the first is the
    asker's present card ("We have 8x A100 80GB today; would it fit on an H100?"). A side
    mention named first ("Does FP8 work on an A100? I'd run Llama 3.1 70B on 2x A100 80GB",
    "We have an L4 today; would it run on 4x L40S?") took the card, its count and its memory,
    and the setup asked about was never sized (audit 25b #1: "No ... on 1 × A100 40GB" where
    2 × A100 80GB holds it). The side mentions: those before the one sized, and those after
    it that the asker holds, said apart ("..., like the 8x A100 cluster we have")."""
    free = [g for g in gpus if g.first not in grouped]
    if not free:
        return None, set()

    def said(g: _Mention) -> int:
        c = _count_said(toks, g)
        return int(c is not None and c[1] not in taken) + int(_memory_said(toks, g))

    first = free[0]
    held = _held(toks, first, taken)
    later = [g for g in free[1:]
             if not _held(toks, g, taken) and _apart(toks, first, g, text, held)]
    pool = later if later and held else [first, *later]
    best = pool[0]
    for g in pool[1:]:
        if said(g) > said(best):
            best = g
    side = {g.first for g in free if g.first < best.first}
    side.update(g.first for g in free if g.first > best.first and _held(toks, g, taken)
                and _apart(toks, best, g, text, False))
    return best, side


def _side_gpus(toks: list[_Tok], names: list[_Mention],
               text: str) -> tuple[_Mention | None, set[int]]:
    """The GPU mention the question sizes and the first tokens of the GPU mentions said on
    its side (:func:`_asked_gpu`; ``text`` the folded text ``toks`` are of): "an A100" in
    "Does FP8 work on an A100? I'd run Llama 3.1 70B on 2x A100 80GB"."""
    gpus = [m for m in names if m.kind == "gpu"]
    _, grouped = _pick(toks, gpus)
    taken = {j for m in names for j in range(m.first, m.last + 1)}
    return _asked_gpu(toks, gpus, grouped, taken, text)


def without_side_gpus(toks: list[_Tok], names: list[_Mention], text: str) -> list[_Mention]:
    """``names`` without the GPUs named on the side of the setup the question sizes
    (:func:`_side_gpus`): the readers of "the GPU named" (:func:`intent.details`,
    :func:`intent.stated`) read the card :func:`extract` sizes, its count and its memory, and
    no comparison of two cards where one is only the asker's present card or a side
    question's."""
    _, side = _side_gpus(toks, names, text)
    return [m for m in names if not (m.kind == "gpu" and m.first in side)] if side else names


def _gpu_count(toks: list[_Tok], gpus: list[_Mention], grouped: set[int],
               taken: set[int], text: str = "") -> int | None:
    """The GPUs ``text`` (folded, ``toks`` its tokens) counts, 0 or negative as stated ("0
    H100s", "-2 H100s": the answer says no such count is sized)."""
    candidates: list[tuple[int, int]] = []  # (position, count)
    for g in gpus:
        if g.first in grouped:
            continue
        c = _count_said(toks, g)
        if (c is None and (k := _article_before(toks, g.first)) is not None
                and not _node_before(toks, g)):  # "an H100 node": the node's article
            c = (1, k)  # "pe un H100", "on an H100"
        if c is not None and c[1] not in taken:
            nodes = _nodes_factor(toks, c[1])
            # "-2 H100s": the sign kept, so the answer says no such count is sized (was 2)
            sign = -1 if minus_before(text, toks[c[1]].start) else 1
            candidates.append((c[1], sign * c[0] * (
                nodes if nodes > 1 else _nodes_after(toks, c[1], g))))
    for j, t in enumerate(toks):
        if j in taken:
            continue
        if _GPU_NOUNS.match(t.text):
            c = _count_before(toks, j)
            if c is not None and c[1] not in taken:
                sign = -1 if minus_before(text, toks[c[1]].start) else 1
                candidates.append((c[1], sign * c[0] * _nodes_factor(toks, c[1])))
        elif re.fullmatch(r"\d{1,3}x", t.text) and j + 1 < len(toks) and _MEMORY.match(
                toks[j + 1].text):
            candidates.append((j, int(t.text[:-1])))  # "4x 24GB"
    if not gpus:
        for j in range(1, len(toks) - 2):
            n = _count_of(toks[j].text)
            if (n is not None and j not in taken and toks[j - 1].text in _ON_THEM
                    and (toks[j + 1].text, toks[j + 2].text) in _OF_THEM):
                candidates.append((j, n))  # "on two of them", "pe două dintre ele"
    if not candidates:
        return None
    return min(candidates)[1]


# ---------------------------------------------------------------------------------------------
# Precision


_NOT_WEIGHTS = frozenset({"half", "qlora", "f16", "f32"})
_BITS = re.compile(r"^(\d{1,2})-?(?:bit|bits|biti)$")
_NOT_WEIGHTS_CONTEXT = ("kv", "cache", "embedding", "activa", "adam", "optimizer", "optimiser",
                        "optimizator")
"""Words beside a precision that make it another thing's: the KV cache's, the activations'
("activations", "activări"; not an MoE's active parameters: "a 70B MoE with 12B active in
fp8" is fp8 weights, audit buyer25b #3), the optimizer's ("8-bit Adam", "Adam pe 8 biți" is
bitsandbytes' optimizer, never int8 weights: ``training_setup``; audit train #2 answered it
as int8 inference)."""


_GGUF_CUES = frozenset({"gguf", "llama.cpp", "llamacpp", "llama-cpp", "llama-server", "ollama"})
"""Words that make a bit count beside them a GGUF type ("8-bit GGUF", "4-bit on llama.cpp",
"ollama at 4 bits"): llama.cpp, and Ollama built on it, load GGUF files alone
(``GGUF_AT_BITS``; kernels.toml's llamacpp-gguf-only)."""
_GGUF_CUE_NOT = frozenset({"not", "no", "non", "nu", "fara", "than", "decat", "vs", "versus",
                           "or", "sau", "ori", "instead", "against"})
"""Words that make a GGUF cue another set-up's, not the bit count's: before the cue ("8-bit,
not GGUF", "8-bit rather than GGUF") or between the two ("GGUF vs AWQ 4-bit": the 4 bits are
AWQ's, as ``intent._GGUF_NOT_RUN`` weighs a GGUF mention)."""
_GGUF_CUE_GAP = 4
"""The most words between a bit count and its GGUF cue ("GGUF quantized to 8 bits", "4-bit
with llama.cpp", "ollama run llama3:8b at 4-bit")."""


def _gguf_bits(toks: list[_Tok], first: int, last: int, gguf_engine: bool) -> bool:
    """Whether the bit count at ``toks[first:last + 1]`` is a GGUF file's: llama.cpp (or
    Ollama) is the one engine the question names (``gguf_engine``: it runs GGUF types alone,
    kernels.toml's llamacpp-gguf-only; Ollama "is an application based on llama.cpp",
    https://huggingface.co/docs/hub/ollama), or a GGUF cue
    (:data:`_GGUF_CUES`) stands within :data:`_GGUF_CUE_GAP` words of it, neither negated nor
    weighed against it (:data:`_GGUF_CUE_NOT`)."""
    if gguf_engine:
        return True
    for j, t in enumerate(toks):
        if t.text not in _GGUF_CUES or first <= j <= last:
            continue
        between = toks[last + 1 : j] if j > last else toks[j + 1 : first]
        if len(between) > _GGUF_CUE_GAP or any(b.text in _GGUF_CUE_NOT for b in between):
            continue
        if j < first and any(b.text in _GGUF_CUE_NOT for b in toks[max(0, j - 2) : j]):
            continue  # "not GGUF, 8-bit" ("8-bit, not GGUF": the word between)
        return True
    return False


_SWITCH_AFTER = frozenset({("instead", "of"), ("rather", "than"), ("not",), ("and", "not"),
                           ("but", "not"), ("in", "loc", "de"), ("in", "locul"), ("nu",),
                           ("si", "nu"), ("dar", "nu"), ("iar", "nu")})
"""The words between a precision taken and the one it replaces ("fp8 instead of bf16", "fp8
rather than bf16", "fp8, not bf16", "fp8 în loc de bf16", "fp8, nu bf16"): the first is the
one to size, the second the one left (audit buyer17b #2: both named, neither was read, the
model's own bf16 was sized)."""
_SWITCH_BEFORE = frozenset({("instead", "of"), ("rather", "than"), ("in", "loc", "de"),
                            ("in", "locul")})
"""The words right before a precision left ("instead of bf16, fp8", "în loc de bf16 ...")."""
_SWITCH_FROM = frozenset({("from",), ("de", "la"), ("din",)})
_SWITCH_TO = frozenset({("to",), ("into",), ("la",), ("in",), ("pe",)})
"""A switch said from one precision to another: "from bf16 to fp8", "de la bf16 la fp8", "din
bf16 în fp8" (the second taken), "to fp8 from bf16", "la fp8 de la bf16" (the first)."""
_SWITCH_VERBS = frozenset({"switch", "switching", "switched", "move", "moving", "go", "going",
                           "migrate", "migrating", "convert", "converting", "change",
                           "changing", "drop", "dropping", "trec", "trecem", "trece", "trecand",
                           "schimb", "schimbam", "schimba", "mut", "mutam", "convertesc",
                           "convertim", "quantize", "quantise", "quantizing", "quantising"})
_SWITCH_ONTO = frozenset({"to", "into", "la", "pe"})
"""The word between a switch's verb and the precision it takes ("switch to fp8", "trec pe
fp8"): every other precision named is the one left."""
_SWITCH_FILLER = frozenset({"the", "a", "an", "using", "use", "running", "at", "in", "pe", "la",
                            "cu", "folosind"})
"""Words that may follow a switch's words before the precision ("instead of using bf16",
"rather than at bf16", "switch to using fp8", "în loc de la bf16")."""


def _switch_words(words: tuple[str, ...], cues: frozenset[tuple[str, ...]]) -> bool:
    """Whether ``words`` are one of ``cues``, filler words (:data:`_SWITCH_FILLER`) after it
    allowed."""
    return any(words[: len(c)] == c and all(w in _SWITCH_FILLER for w in words[len(c):])
               for c in cues)


def _switched_from(toks: list[_Tok], spans: list[tuple[str, int, int]]) -> set[int]:
    """The indices in ``spans`` (precision id, first and last token) of the precisions a
    switch leaves, where the question says which of two it takes: "fp8 instead of bf16",
    "fp8 rather than bf16", "fp8, not bf16", "from bf16 to fp8", "switch to fp8", RO "fp8 în
    loc de bf16", "de la bf16 la fp8", "trec pe fp8". The one taken is sized; a pair weighed
    ("fp8 vs bf16", "compare fp8 and bf16") has no such words and is left as it is."""
    left: set[int] = set()

    def before(i: int, n: int) -> tuple[str, ...]:
        first = spans[i][1]
        return tuple(t.text for t in toks[max(0, first - n) : first])

    def cue_before(i: int, cues: frozenset[tuple[str, ...]]) -> bool:
        return any(before(i, len(c)) == c for c in cues)

    def verb_before(i: int, n: int) -> bool:  # "convert bf16", "switch to fp8" (n = 2)
        w = before(i, n)
        return len(w) == n and w[0] in _SWITCH_VERBS and (n == 1 or w[1] in _SWITCH_ONTO)

    for i, (pid, _, last) in enumerate(spans):
        if cue_before(i, _SWITCH_BEFORE):
            left.add(i)  # "instead of bf16, ..."
        if i + 1 >= len(spans) or spans[i + 1][0] == pid:
            continue
        between = tuple(t.text for t in toks[last + 1 : spans[i + 1][1]])
        if _switch_words(between, _SWITCH_AFTER) or (
                cue_before(i, _SWITCH_TO) and _switch_words(between, _SWITCH_FROM)):
            left.add(i + 1)  # "fp8 instead of bf16", "(switch) to fp8 from bf16"
        elif ((cue_before(i, _SWITCH_FROM) or verb_before(i, 1))
              and _switch_words(between, _SWITCH_TO)):
            left.add(i)  # "from bf16 to fp8", "de la bf16 la fp8", "convert bf16 to fp8"
    taken = [i for i in range(len(spans)) if verb_before(i, 2)]
    if len({spans[i][0] for i in taken}) == 1:
        # "switch to fp8", "trec pe fp8": every other precision named is left
        left.update(i for i, (pid, _, _) in enumerate(spans) if pid != spans[taken[0]][0])
    return left


def _weights(toks: list[_Tok], gguf_engine: bool = False) -> str | None:
    """The weights' precision stated (None where none, or several that differ); a bit count
    of a GGUF file (:func:`_gguf_bits`) is its GGUF type, ``GGUF_AT_BITS`` ("8-bit GGUF" is
    q8_0: it was int8, which llama.cpp cannot run). Of two in a switch, the one taken
    (:func:`_switched_from`: "fp8 instead of bf16" is fp8)."""
    return _weights_read(toks, gguf_engine)[0]


def weights_left(text: str, registry: Registry) -> str | None:
    """The precision a switch leaves where the one it takes is read too ("fp8 instead of
    bf16", "de la bf16 la fp8": bf16; :func:`_switched_from`), else None: the answer at the
    one taken can say the one left's figure beside it."""
    return weights_switched(text, registry)[1]


def weights_switched(text: str, registry: Registry) -> tuple[str | None, str | None]:
    """(the precision read as the weights, the one a switch leaves: :func:`weights_left`):
    both set where a switch is read ("switching from bf16 to fp8": fp8 and bf16)."""
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    toks = _tokens(folded)
    engine = _engine(toks, folded, registry)
    gguf = engine == "llama.cpp" or (
        engine is None and gguf_app(toks, folded, registry) is not None)
    return _weights_read(toks, gguf)


def _weights_read(toks: list[_Tok], gguf_engine: bool) -> tuple[str | None, str | None]:
    """(:func:`_weights`, the one precision a switch leaves where that is read, else None)."""
    mentions: list[tuple[str, bool]] = []  # (precision id, stated as a bit count)
    spans: list[tuple[str, int, int]] = []  # (precision id, first and last token)
    i = 0
    while i < len(toks):
        hit: tuple[str, bool, int] | None = None
        for n in (2, 1):
            if i + n > len(toks):
                continue
            words = [t.text for t in toks[i : i + n]]
            phrase = " ".join(words)
            if n == 2 and words[1] in ("bit", "bits", "biti") and words[0].isdigit():
                bits = find_precision(f"{words[0]}-bit" + (
                    " gguf" if _gguf_bits(toks, i, i + 1, gguf_engine) else ""))
                if bits is not None:
                    hit = (bits.id, True, n)
                    break
            if n == 1:
                m = _BITS.match(phrase)
                if m:
                    bits = find_precision(f"{m.group(1)}-bit" + (
                        " gguf" if _gguf_bits(toks, i, i, gguf_engine) else ""))
                    if bits is not None:
                        hit = (bits.id, True, n)
                        break
                if phrase in _NOT_WEIGHTS or phrase.isdigit():
                    continue
            p = find_precision(phrase)
            if p is None and n == 1 and "-" in phrase and "adam" not in phrase:
                # a checkpoint name that ends in its format: "Qwen2.5-72B-Instruct-AWQ" (an
                # optimizer's name is none: "adamw-8bit")
                parts = phrase.split("-")
                for tail in ("-".join(parts[-2:]), parts[-1]):
                    if tail not in _NOT_WEIGHTS and not tail.isdigit():
                        p = find_precision(tail)
                        if p is not None:
                            break
            if p is not None and (n == 1 or norm(phrase) != norm(words[0])):
                hit = (p.id, False, n)
                break
        if hit is None:
            i += 1
            continue
        near = [t.text for t in toks[max(0, i - 3) : i]] + [t.text for t in toks[i + hit[2] :][:1]]
        if not any(w.startswith(_NOT_WEIGHTS_CONTEXT) for w in near):
            mentions.append((hit[0], hit[1]))
            spans.append((hit[0], i, i + hit[2] - 1))
        i += hit[2]
    left = _switched_from(toks, spans)
    left_ids = {spans[k][0] for k in left}
    mentions = [m for k, m in enumerate(mentions) if k not in left]
    ids = {pid for pid, _ in mentions}
    if len(ids) == 1:
        taken = ids.pop()
        return taken, (left_ids.pop() if len(left_ids) == 1 and taken not in left_ids
                       else None)
    stated_bits = {pid for pid, is_bits in mentions if is_bits}
    formats = {pid for pid, is_bits in mentions if not is_bits}
    if len(stated_bits) == 1:
        pid = next(iter(stated_bits))
        nominal = round(get_precision(pid).bits_linear)
        if all(round(get_precision(o).bits_linear) == nominal for o in ids):
            # "4-bit nf4": the format says more than the bit count; "GPTQ sau AWQ pe 4 biti":
            # the formats differ, the bit count they share is what is stated
            return (formats.pop() if len(formats) == 1 else pid), None
    return None, None


def kv_precision(text: str) -> str | None:
    """The precision ``text`` states for the KV cache ("fp8 kv cache", "kv cache in fp8",
    "at fp8 kv", "cache KV în fp8"): a precision with "kv" or "cache" beside it, the words
    :func:`_weights` leaves out of the weights (the same window), so one mention is never
    both. A KV cache type sizing knows (``find_kv_type``: fp16, fp8, q8_0, q4_0 and their
    spellings); None when none is stated, or more than one."""
    toks = _tokens(_fold(text))
    found: set[str] = set()
    for i, t in enumerate(toks):
        p = None if t.text.isdigit() else find_kv_type(t.text)
        if p is None:
            continue
        near = [x.text for x in toks[max(0, i - 3) : i]] + [x.text for x in toks[i + 1 :][:1]]
        if any(w.startswith(("kv", "cache")) for w in near):
            found.add(p.id)
    return found.pop() if len(found) == 1 else None


_IO_NUM = r"(?<![\w.,/])(\d{1,7})\s*+(k)?"
_IO_IN = r"(?:in|input|inputs|prompt|intrare|intrarea)"
# a request's output, by the nouns it goes by beside its count (audit buyer24b #1: "800 prompt
# tokens and 200 completion" and "500 tokeni prompt și 150 răspuns" assumed 512): singular
# only, one request's length ("200 completions", "200 de răspunsuri" count them)
OUTPUT_NOUNS = (r"completion|response|reply|answer|generation|raspuns|raspunsul|raspunsului"
                r"|generare|generarea|generarii")
_IO_OUT = rf"(?:out|output|outputs|iesire|iesirea|{OUTPUT_NOUNS})"
# ("500 de tokeni la intrare": the Romanian "de" before the tokens too; audit slack2 read its
# "și 200 la ieșire" as no output at all and assumed 512)
# ("1000-in/100-out": a hyphen between the count and its side, audit buyer31a #2)
_IO_TOK = r"(?:\s*+(?:de\s++)?(?:tokens?|tokeni)\b)?\s*+(?:(?:de|la)\s++)?(?:-\s*+)?"
_IO_PAIR = re.compile(
    # "1k in 1k out", "1k input / 2k output", "1k input tokens and 2k output tokens",
    # "1k la intrare și 2k la ieșire"
    # "2k in/300 out": the slash is the pair's own, so the output's number may follow one
    rf"{_IO_NUM}{_IO_TOK}{_IO_IN}\b(?:\s*+(?:tokens?|tokeni)\b)?\s*+[,;/+&]?\s*+"
    rf"(?:(?:and|si|plus|with|cu)\s++)?(?<![\w.,])(\d{{1,7}})\s*+(k)?{_IO_TOK}{_IO_OUT}\b"
    # "1k/2k in/out", "2048/256 input/output"
    rf"|{_IO_NUM}\s*+/\s*+(\d{{1,7}})\s*+(k)?{_IO_TOK}{_IO_IN}\s*+/\s*+{_IO_OUT}\b"
    # "in/out 1k/1k", "input/output of 1k/2k"
    rf"|\b{_IO_IN}\s*+/\s*+{_IO_OUT}\b\s*+(?:(?:of|de|=|:)\s*+)?{_IO_NUM}\s*+/\s*+"
    r"(\d{1,7})\s*+(k)?(?![\w.,])"
)
_IO_OUT_END = (r"(?=\s*+(?:$|[,;.?!)]|(?:and|si|plus|each|fiecare|per|pe|on|with|cu"
               r"|for|pentru)\b))(?!\s*+(?:/|per\s++(?:sec|second|minute|hour)|pe\s++secunda))")
"""What may follow an output's bare count: the sentence's end or its next part ("200
completion, llama 3.1 8b", "150 răspuns și ..."), never a rate ("300 tokens/s")."""
_IO_OUT_K = re.compile(  # ("cost per 1k output tokens" is a price's unit, no request's output)
    rf"(?<![\w.,/])(?<!\bper )(?<!\bpe )(\d{{1,2}})\s*+k\s*+(?:de\s++)?{_IO_OUT}\b"
    r"(?!\s*+(?:tokens?|toks?|tokeni)?\s*+(?:/|(?:per|pe|a|an)\s)\s*+"
    r"(?:s|sec|second|secunda|min|minute|minut)\b)")
"""An output said in thousands alone: "2k output", "1k out" (a plain count needs the word
tokens: the answer's ``Stated.output_tokens``); never a rate, "2k output tokens/s" (a speed or
a load; audit aggrate24 read a request of 2,048 output tokens)."""
_IO_OUT_N = re.compile(
    r"(?<![\w.,/$])(\d{1,6})\s*+(?:out|la\s++iesire)\b(?!\s*+of\b)"
    # "200 completion", "150 răspuns", the count before the noun and nothing after but the
    # sentence's end or its next part (audit buyer24b #1)
    rf"|(?<![\w.,/$])(\d{{1,6}})\s*+(?:{OUTPUT_NOUNS})\b{_IO_OUT_END}")
"""A plain count said as the output alone, in the words a request's length takes: "200 out",
"200 la ieșire" (audit slack2: "... și 200 la ieșire" assumed 512), "200 completion", "150
răspuns"; never "10 out of 20", and "output" or "de ieșire" bare still need the word tokens
(``Stated.output_tokens``): "500 de ieșire" can be egress."""
_IO_OUT_NAMED = re.compile(
    # "completion 256", "output length 300 tokens", "answer length: 300", "răspuns 300",
    # "ieșire de 300 de tokeni", "lungimea răspunsului 300" (audit buyer24b #1)
    r"(?:\b(?:output|completion|response|reply|answer|generation|iesire|iesirea|raspuns"
    r"|raspunsul)(?:\s++(?:length|len|lungime))?|\blungimea\s++(?:raspunsului|iesirii))"
    r"\s*+(?:(?:of|de|=|:)\s*+)?(?:(?:about|around|cca|aproximativ)\s++|~\s*+)?"
    rf"(?<![\w.,])(\d{{1,6}})\s*+(k)?(?:\s*+(?:de\s++)?(?:tokens?|tokeni|toks?)\b)?{_IO_OUT_END}")
"""The output named before its count: "completion 256", "output length 300 tokens", "răspuns
300"; only where the count ends its part of the sentence ("output 300 GB", "answer 3
questions" are no length)."""


def input_output_tokens(text: str) -> tuple[int | None, int | None]:
    """(input, output) tokens of one request as a pair states them: "1k in 1k out", "1k input
    / 2k output", "1k/2k in/out", "in/out 1k/1k", "1k intrare 1k ieșire" ("k" is 1,024, as a
    context's "8k" is); an output in thousands alone ("2k output") or a count said as out
    alone ("200 out", "200 la ieșire") gives only the output. None where not stated."""
    folded = _fold(text)
    m = _IO_PAIR.search(folded)
    if m is not None:
        g = m.groups()
        for a in (0, 4, 8):
            if g[a] is not None:
                inp = length_tokens(int(g[a]), "k" if g[a + 1] else "")
                out = length_tokens(int(g[a + 2]), "k" if g[a + 3] else "")
                # (an output of 0 is a prefill-only request, which sizing takes)
                if 1 <= inp <= 16 * 1_048_576 and 0 <= out <= 65536:
                    return inp, out
                return None, None
    mo = _IO_OUT_K.search(folded)
    if mo is not None and 1 <= int(mo.group(1)) <= 64:
        return None, length_tokens(int(mo.group(1)), "k")
    mn = _IO_OUT_N.search(folded)
    if mn is not None and 1 <= int(mn.group(1) or mn.group(2)) <= 65536:
        return None, int(mn.group(1) or mn.group(2))
    nm = _IO_OUT_NAMED.search(folded)
    if nm is not None and 1 <= (n := int(nm.group(1)) * (1024 if nm.group(2) else 1)) <= 65536:
        return None, n
    return None, None


_PREFILL_OF = r"prefill(?:-?ul(?:ui)?)?\s++(?:of|for|de|a|al)\s++(?:(?:a|about|around|cca)\s++)?"
"""A prefill of a prompt's tokens: "prefill of 200k tokens", "prefill-ul a 200k tokeni"."""
_PREFILL_OF_END = re.compile(_PREFILL_OF + r"$")
# ("promptului": "procesarea promptului de 100k tokeni", its genitive; audit rottft22)
_PROMPT_W = r"(?:prompts?|prompturi|promptul|promptului|prompturile|inputs?|intrare|intrarea)"
_PROMPT = re.compile(
    # "4000 input tokens", "a 4000-token prompt", "8k prompts", "4000 de tokeni de intrare"
    # ("8k tokens per prompt", "8k-long prompts": audit buyer31a #4)
    rf"(?<![\w.,/])(\d{{1,7}})\s*+(k)?(?:\s*+-?\s*+(?:de\s++)?(?:tokens?\s++(?:per|pe)|tokeni\s++pe"
    rf"|tokens?|tokeni|long)\b)?\s*+"
    rf"(?:(?:de|la|of)\s++)?{_PROMPT_W}\b(?![- ]?(?:job|batch|run|workload)s?\b)"
    # ("a 10,000 prompt job" counts prompts: regress2 #8)
    # "prompts of 4000 tokens", "input length 4000", "prompt de 2048 de tokeni"
    rf"|\b{_PROMPT_W}\s*+(?:(?:length|lungime|lungimea)\s*+)?(?:(?:of|de|=|:)\s*+)?"
    r"(?<![\w.,])(\d{1,7})(?![\d.,]\d)(?:\s*(k)\b|\s++(?:de\s++)?(mii|thousand)\b)?(?!\w)"
    # a prefill of them: "prefill of 200k tokens", "prefill-ul a 200k tokeni" (audit buyer28a
    # #3: read as 200,000 output tokens); "prefill 500M tokens" with no "of" may be a job's
    rf"|\b{_PREFILL_OF}(\d{{1,7}})(?![\d.,]\d)(?:\s*(k)\b)?(?!\w)"
)
# ("200.000 de prompturi de 1.000 de tokeni": the Romanian "de" before the noun too; audit
# ro2 #1 read the count as the prompt's length, then 1,000 as the whole request: 488 in)
_PROMPTS_COUNTED = re.compile(r"^(\d{1,7})\s*+(k)?\s*+(?:de\s++)?(?:prompts|prompturi)$")


# llama-bench's prompt test: "pp512" is a prompt of 512 tokens processed (its README,
# github.com/ggml-org/llama.cpp tools/llama-bench/README.md: "Prompt processing (pp):
# processing a prompt in batches (-p)"); three digits up ("pp2", "pp16" may be pipeline stages)
_PP_TEST = re.compile(r"\bpp(\d{3,6}+)\b")


# a retrieval-augmented prompt stated as its retrieved pieces (audit buyer30a #1: "10
# retrieved chunks of 512 tokens" was timed as one 512-token prompt, 213 ms where the 5,120
# tokens the engine prefills take 1,729 ms): the retriever's top-k pieces are all put into
# the one prompt (LangChain's "stuff" documents chain, LlamaIndex's similarity_top_k nodes
# into one context), so the prompt is their count times their length. "k" of a piece's
# length is 1,024, as a prompt's is (service/domain/tokens.py: a length).
_CHUNK_NOUN = (r"(?:chunks?|passages?|snippets?|segments?|fragmente(?:le)?|fragmentul|pasaje"
               r"|bucati)")
_CHUNK_TOKENS = r"(\d{1,6})\s*+(k)?\s*+-?\s*+(?:de\s++)?(?:tokens?|tokeni|tok)\b"
_RAG_CHUNKS = re.compile(
    # "10 retrieved chunks of 512 tokens", "20 chunks of 400 tokens each", "top 5 passages of
    # 1k tokens", "10 fragmente recuperate de 512 tokeni", "8 pasaje de câte 1000 de tokeni"
    r"(?<![\w.,])(\d{1,3})(?!\d)\s*+(?:(?:retrieved|relevant|context|rag|top|document)\s++)?"
    + _CHUNK_NOUN + r"\s++(?:(?:retrieved|recuperate|regasite|extrase|relevante)\s++)?"
    r"(?:of|de|with|cu|a|at)\s++(?:(?:about|around|~|cca|cate|circa|up to)\s*+)?"
    + _CHUNK_TOKENS
    # "10 x 512-token chunks", "10 512-token chunks", "10 x 512 tokens chunks"
    + r"|(?<![\w.,])(\d{1,3})(?!\d)\s*+(?:[x*\u00d7]\s*+)?(\d{1,6})\s*+(k)?\s*+-?\s*+"
    r"(?:tokens?|tokeni|tok)\s++(?:(?:retrieved|context|rag)\s++)?" + _CHUNK_NOUN + r"\b")
# the rest of that prompt said beside the pieces, or a VLM's text beside its images: "a 200
# token question", "a 300-token system prompt", "o întrebare de 200 de tokeni", "a question
# of 200 tokens"
_QUESTION_W = (r"(?:(?:user\s++)?(?:questions?|query|queries|instructions?)|system\s++prompt"
               r"|(?:o\s++)?intrebare(?:a)?|prompt(?:ul)?\s++de\s++sistem|instructiun\w*+)")
_QUESTION_TOKENS = re.compile(
    rf"(?<![\w.,])(\d{{1,6}})\s*+(k)?\s*+-?\s*+(?:de\s++)?(?:tokens?|tokeni)\s++"
    rf"(?:de\s++)?{_QUESTION_W}\b"
    rf"|\b{_QUESTION_W}\s++(?:of|de)\s++(?:(?:about|around|~|cca|circa)\s*+)?"
    rf"(\d{{1,6}})\s*+(k)?\s*+(?:de\s++)?(?:tokens?|tokeni)\b")
_EMBED_JOB = re.compile(r"\bembed\w*+|\bvectori[sz]\w*+|\bindex(?:ing|are)\b")
"""An embedding job's pieces are its inputs, each embedded alone, never one prompt."""


@dataclass(frozen=True)
class RetrievedPrompt:
    """A prompt stated in its parts (:func:`retrieved_prompt`), in tokens."""

    total_tokens: int
    chunks: int | None = None
    chunk_tokens: int | None = None
    other_tokens: int = 0


def retrieved_prompt(text: str) -> RetrievedPrompt | None:
    """The prompt of one request stated as retrieved pieces ("10 retrieved chunks of 512
    tokens", "20 fragmente de 400 de tokeni") plus the question or system prompt said beside
    them ("and a 200 token question"): the pieces times their length plus the rest; or that
    question alone where no pieces are said (a vision model's text beside its images). None
    where neither is stated, or the pieces are an embedding job's inputs."""
    folded = _fold(text)
    if _EMBED_JOB.search(folded):
        return None
    other = 0
    for q in _QUESTION_TOKENS.finditer(folded):
        n, k = (q.group(1), q.group(2)) if q.group(1) else (q.group(3), q.group(4))
        other += length_tokens(int(n), "k" if k else "")
    m = _RAG_CHUNKS.search(folded)
    if m is None:
        return RetrievedPrompt(other, other_tokens=other) if 1 <= other <= 16 * 1_048_576 else None
    g = m.groups()
    count, each = (g[0], (g[1], g[2])) if g[0] else (g[3], (g[4], g[5]))
    chunks, tokens = int(count), length_tokens(int(each[0]), "k" if each[1] else "")
    total = chunks * tokens + other
    if not (1 <= chunks <= 1000 and 1 <= total <= 16 * 1_048_576):
        return None
    return RetrievedPrompt(total, chunks, tokens, other)


def prompt_tokens(text: str) -> int | None:
    """The input of one request when the text states it as an input or a prompt ("1k in 1k
    out", "4000 input tokens", "a 4000-token prompt", "prompts of 4k"), not as a context:
    such a request is that input plus its output, where a context ("8k context", the API's
    ``context_tokens``) is prompt and output together; or as retrieved pieces and a question
    (:func:`retrieved_prompt`). None where not so stated."""
    inp = input_output_tokens(text)[0]
    if inp is not None:
        return inp
    rag = retrieved_prompt(text)
    if rag is not None:
        return rag.total_tokens
    folded = _fold(text)
    pp = _PP_TEST.search(folded)
    if pp is not None:
        return int(pp.group(1))
    pos = 0
    while (m := _PROMPT.search(folded, pos)) is not None:
        g = m.groups()
        if g[0] is not None:
            # "10k prompts", "500 prompts" with nothing between: a count of prompts where
            # _prompts_counted says so, never their length; the length may follow ("10k
            # prompts of 512 tokens"; audit ask_reading2)
            cm = _PROMPTS_COUNTED.match(m.group(0))
            if cm is not None:
                toks = _tokens(folded)
                j = next((i for i, t in enumerate(toks) if t.start == m.start()), None)
                if j is not None and (not cm.group(2) or _prompts_counted(
                        toks, j, int(cm.group(1)))):
                    pos = m.start() + m.group(0).rindex("prompt")
                    continue
            return int(g[0]) * (1024 if g[1] else 1)
        if g[5] is not None:  # "prefill of 200k tokens"
            return int(g[5]) * (1024 if g[6] else 1)
        # "prompturi de 4 mii de tokeni": 4,000, as "4.000" is (audit ask_reading2: 4)
        return int(g[2]) * (1024 if g[3] else 1000 if g[4] else 1)
    return None


_EX_SCALE = {"k": 1e3, "thousand": 1e3, "mii": 1e3, "m": 1e6, "million": 1e6,
             "millions": 1e6, "milioane": 1e6, "milion": 1e6}
_EX_NOUN = r"(?:examples?|samples?|exemple|exemplu|esantioane|esantion)"
_EX_TOKENS = r"(\d{1,7})\s*+(k)?\s*+(?:de\s++)?(?:tokens?|tokeni|tok)\b"
_EX_MEAN = (
    # one example's mean length, said before it: "with avg 800 tokens", "avg. 800", "an average
    # length of 800 tokens", "a mean length of 800", "cu în medie 800 de tokeni", "o medie de
    # 800", "lungimea medie de 800" (audit buyer17 #3: not read, 2,048 tokens each assumed,
    # 2.56 times the tokens, hours and cost; "averaging 800 tokens" was read)
    r"(?:(?:an?|the|o|cu)\s++)?+(?:(?:avg|average|mean)\b\.?+(?:\s*+(?:length|len|size|token"
    r"\s++count)\b)?+|in\s++medie|(?:lungime(?:a)?\s++)?medi[ea]\b|lungime(?:a)?\s++medie)"
    r"(?:\s*+(?:of|de|is|este|=|:)(?=[\s\d]))?+\s*+")
_EXAMPLES = re.compile(
    # "10k examples", "10000 samples", "2.5k training examples", "20 de mii de exemple",
    # "10000 de esantioane", "50k 1000-token examples"; then the length of one: "of 1000
    # tokens", "of about 512 tokens each", "de 512 tokeni", "with 300 tokens", "at 512 tokens";
    # Romanian says each one's share with "a (câte)": "10.000 de exemple a 1000 de tokeni"
    # (audit ro2: read as 2,048 assumed, 61,440,000 tokens for 30,000,000)
    r"(?<![\w.,])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?"
    r"(k|thousand|mii|m|millions?|milioane|milion)?\s*+(?:de\s++)?"
    r"(?:(\d{1,7})\s*+(k)?[\s-]*+(?:tokens?|tokeni)[\s-]++)?"
    r"(?:(?:training|train|instruction|chat|sft|fine-?tuning|labell?ed)\s++)?"
    rf"{_EX_NOUN}\b(?:\s++de\s++antrenare\b)?"
    rf"(?:(?:\s*+(?:of|de|with|cu|averaging|at|a)\s++(?:{_EX_MEAN})?+|\s*+[,(]?+\s*+{_EX_MEAN}"
    # a product: "5k examples x 512 tokens x 3 epochs", "10k samples * 1024 tok" (audit
    # buyer20 #5: 2,048 tokens assumed, 4 times the tokens, hours and cost)
    r"|\s*+[x*\u00d7]\s*+)"
    r"(?:(?:about|around|approximately|roughly|~|cca"
    rf"|circa|aproximativ|cate)\s*+)?{_EX_TOKENS})?")
_EX_LEN = re.compile(
    # "300 tokens per sample", "512 tokeni pe exemplu", "1000 tokens each", "2k tokens/example",
    # "800 tokens on average", "800 de tokeni în medie"
    rf"(?<![\w.,]){_EX_TOKENS}\s*+(?:(?:/|per|pe|for each|in each|pentru fiecare)\s*+"
    rf"(?:(?:un|one|training)\s++)?{_EX_NOUN}\b|(?:each|fiecare|apiece|on (?:an\s++)?average"
    r"|on avg|in medie)\b)")


def _stated_count(m: re.Match[str]) -> int | None:
    """The count of examples or pairs a match states (groups 1 and 2: the number and its
    "k"/"M" scale, "10k", "10.000", "1,5M"), None outside 1 to 10^10 or not whole."""
    count = float(m.group(1).replace(",", ".")) * _EX_SCALE.get(m.group(2) or "", 1.0)
    if not 1 <= count <= 1e10 or not count.is_integer():
        return None
    return int(count)


def training_examples(text: str) -> tuple[int, int | None] | None:
    """(examples, tokens of one example) of a training data set the text states as a count
    of examples or samples ("10k examples of 1000 tokens", "10.000 de eșantioane de 512
    tokeni", "1M samples, 300 tokens per sample"), the tokens None where not stated; None
    where no count of examples is. A count's "k" is a thousand (10k examples are 10,000), and
    so is a length's: "x 2k tokens" counts the tokens of one example, 2,000, as token counts in
    prose are decimal (audit buyer21: "1k tokens" was 1,024, 153.6M tokens for 150M); the
    sequence length the memory is sized at keeps a sequence's binary "2k", 2,048, as a context
    window's "8k" is 8,192 (``intent._sequence_tokens``). Only the training answers read it:
    the tokens it makes are examples x length x epochs."""
    folded = _fold(text)
    m = _EXAMPLES.search(folded)
    if m is None:
        return None
    count = _stated_count(m)
    if count is None:
        return None
    g = m.groups()
    raw = (g[2], g[3]) if g[2] is not None else (g[4], g[5])
    if raw[0] is None and (lm := _EX_LEN.search(folded)) is not None:
        raw = (lm.group(1), lm.group(2))
    length = int(raw[0]) * (1000 if raw[1] else 1) if raw[0] is not None else None
    if length is not None and not 1 <= length <= 16 * 1_048_576:
        length = None
    return count, length


_PAIRS = re.compile(
    # "20k pairs", "20,000 preference pairs", "20k de perechi", "5000 dpo pairs of 1024 tokens"
    # (never "2 pairs of H100s" / "perechi de GPU-uri": GPUs, not data)
    r"(?<![\w.,])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?"
    r"(k|thousand|mii|m|millions?|milioane|milion)?\s*+(?:de\s++)?"
    r"(?:(?:preference|dpo|comparison|ranked|training)\s++)?(?:pairs|perechi)\b"
    r"(?!\s*+(?:of|de)\s++(?:gpu|card|node|machine|plac|nod|masin|h\d|a\d|l\d|b\d|rtx|mi\d))"
    r"(?:\s*+(?:of|de|with|cu|at|a)\s++(?:(?:about|around|approximately|roughly|~|cca"
    rf"|circa|aproximativ|cate)\s*+)?{_EX_TOKENS})?")


def training_pairs(text: str) -> tuple[int, int | None] | None:
    """(pairs, tokens of one sequence) of a preference data set the text states as a count of
    pairs ("20k pairs", "20.000 de perechi", "5000 preference pairs of 1024 tokens"), the
    tokens None where not stated; None where no count of pairs is. Each pair is two
    sequences (the chosen and the rejected answer, as DPO trains on them: TRL's
    DPOTrainer takes a ``chosen`` and a ``rejected`` completion per prompt), read as
    examples are (:func:`training_examples`), each of them a sequence."""
    folded = _fold(text)
    m = _PAIRS.search(folded)
    if m is None:
        return None
    count = _stated_count(m)
    if count is None:
        return None
    # a "k" of a pair's tokens is a thousand, as an example's is (training_examples)
    length = int(m.group(3)) * (1000 if m.group(4) else 1) if m.group(3) else None
    if length is not None and not 1 <= length <= 16 * 1_048_576:
        length = None
    return count, length


@dataclass(frozen=True, slots=True)
class TrainingSetup:
    """How a training step is run, as a question states it (``training_setup``): the
    fields of a sizing request's ``finetune`` that the text sets, None where it says
    nothing (the sizing's default then holds)."""

    lora_rank: int | None = None
    """LoRA's rank r ("LoRA rank 64", "r=64", "rang 64"): ``finetune.lora_rank``."""
    optimizer: str | None = None
    """The optimizer, a sizing ``Optimizer`` id ("8-bit Adam", "Adam pe 8 biți": adamw-8bit;
    "bf16 AdamW": adamw-bf16; "SGD": sgd): ``finetune.optimizer``."""
    checkpointing: bool | None = None
    """Gradient checkpointing said on or off ("without gradient checkpointing", "fără
    gradient checkpointing", "with activation checkpointing"):
    ``finetune.gradient_checkpointing``."""
    zero_stage: int | None = None
    """A DeepSpeed ZeRO stage ("ZeRO-3", "ZeRO stage 2"; FSDP is ZeRO-3's full sharding, DDP
    ZeRO-0): ``finetune.zero_stage``."""
    zero_weighed: tuple[int, ...] = ()
    """The ZeRO stages weighed against each other ("ZeRO-2 or ZeRO-3", "ZeRO-2 sau ZeRO-3"),
    in the order said: each sized (audit buyer29b #11 sized the first alone); () where fewer
    than two are named."""
    objective: str | None = None
    """The training objective named (:data:`OBJECTIVE`): "DPO", "antrenare DPO", "GRPO",
    "RLHF" (PPO), "SFT" / "instruction tune" (sft): ``finetune.objective``."""
    target_modules: tuple[str, ...] | None = None
    """The projections LoRA adapts, where stated ("on q and v only", "q,k,v,o", "q_proj and
    v_proj", "attention only", "doar pe q și v"): sizing ``TargetModule`` ids in the model's
    order, for ``finetune.target_modules`` and the checkpoint's adapter count; None keeps
    the default, all seven (audit s3train #2: q and v counted as all seven, 42M parameters
    for 6.8M)."""
    cpu_offload: bool | None = None
    """The optimizer state and the gradients offloaded to CPU memory, DeepSpeed ZeRO-Offload
    ("CPU offload", "offload to CPU", "ZeRO-Offload", "ZeRO-3 offload", "offload pe CPU",
    "descărcare pe CPU"): ``finetune.cpu_offload``; False where it is said off ("without CPU
    offload", "fără offload pe CPU"). An offload to NVMe (ZeRO-Infinity) is not this one
    (buyer audit 24a #1: "with deepspeed cpu offload" was dropped, 127.1 GiB and "No" on one
    RTX 4090 where the sizing with it gives 18.2 GiB)."""


_OBJECTIVES = (
    ("dpo", r"dpo|direct preference optimi[sz]ation"),
    ("kto", r"kto"),
    ("orpo", r"orpo"),
    ("simpo", r"simpo"),
    ("grpo", r"grpo"),
    ("ppo", r"ppo|rlhf|reinforcement learning from human feedback"),
    ("sft", r"supervised fine[- ]?tun\w*+|supervised finetun\w*+|instruction[- ]?tun\w*+"),
)
OBJECTIVE = re.compile(r"(?<![\w.\-/])(?:" + "|".join(rx for _, rx in _OBJECTIVES)
                       + r")(?![\w\-/])")
"""A fine-tuning objective named as a word of its own, in folded text: preference tuning
(DPO, KTO, ORPO, SimPO), RL (GRPO, PPO / RLHF), supervised fine-tuning ("sft", written out by
:func:`_fold`) and instruction tuning. Each is fine-tuning, never inference (audit ask_en #1:
"dpo llama 3.1 8b full params how much vram" was sized as serving, 17.0 GiB for about 144).
Inside a name ("tulu-2-dpo-70b", "Nous-Hermes-2-Mixtral-8x7B-DPO") it is no objective."""
_OBJECTIVE_OF = [(oid, re.compile(r"(?<![\w.\-/])(?:" + rx + r")(?![\w\-/])"))
                 for oid, rx in _OBJECTIVES]
_OBJ_ANY = r"(?:" + "|".join(rx for _, rx in _OBJECTIVES) + r")"
_OBJ_LIST = (r"(?<![\w.\-/])" + _OBJ_ANY + r"(?:\s*+(?:\+|/|,|&|and|si|then|apoi)\s*+" + _OBJ_ANY
             + r")*+(?![\w/])")
_OBJECTIVE_DESCRIBES = re.compile(
    # the model's history: "trained with RLHF", "was tuned using DPO", "aligned via DPO",
    # "antrenat cu DPO", "aliniat prin RLHF"
    r"\b(?:trained|tuned|fine[- ]?tuned|finetuned|aligned|post-trained|antrenat\w*+"
    r"|aliniat\w*+|ajustat\w*+)\s++(?:with|using|via|by|through|cu|prin|folosind)\s++"
    r"(?:an?\s++)?" + _OBJ_LIST
    # a model's kind: "DPO-aligned", "the DPO checkpoint", "a DPO-tuned model", "(SFT+DPO)"
    + r"|" + _OBJ_LIST + r"[\s-]*+(?:aligned|checkpoints?|tuned|trained|variant|version|weights"
    r"|aliniat\w*+)(?![\w-])"
    r"|\(\s*+" + _OBJ_LIST + r"\s*+\)"
    # done before: "we did SFT already", "after DPO", "am făcut deja SFT"
    r"|\b(?:did|done|after|finished|completed|dupa|am facut(?:\s++deja)?)\s++" + _OBJ_LIST)
"""An objective word that describes a model, not the work asked: its history ("trained with
RLHF", "antrenat cu DPO"), its kind ("the DPO checkpoint", "DPO-aligned", "(SFT+DPO)") or a
step done before ("we did SFT already"). Audit regress5 #1: each was sized as DPO/PPO
fine-tuning, 144-632 GiB, where serving the model was asked."""
_OBJECTIVE_TRAINS = re.compile(
    r"\b(?:fine[- ]?tun\w*+|finetun\w*+|ajustare fina|train|training|trains|pre-?train\w*+"
    r"|antrenare\w*+|antrenament\w*+|antrenez\w*+|antreneaz\w*+|antrenam|antrenati"
    r"|sa antrenam|lora|qlora)\b"
    # "run DPO on", "do GRPO", "DPO of Llama", "a DPO run", "DPO step"
    r"|\b(?:run|running|do|doing|apply|applying|rulez|rulam|aplic|aplicam)\s++(?:an?\s++)?"
    + _OBJ_LIST
    + r"|" + _OBJ_LIST + r"\s++(?:of|for|on top of|runs?|jobs?|steps?|loss|epochs?|pass(?:es)?"
    r"|pe|pentru|al|a lui)\b")
"""A training verb or intent beside an objective: "fine-tune with DPO", "DPO training", "run
DPO on", "DPO of Llama", "antrenare DPO": the objective is the training asked."""
_OBJECTIVE_USE = re.compile(
    r"\b(?:serv(?:e|es|ed|ing|erless)|servire\w*+|servesc|servim|servi|deservire\w*+"
    r"|inference|inferent\w*+|endpoint\w*+|deploy\w*+|host\w*+|tps|ttft|latency|latenta"
    r"|users|utilizatori|useri|throughput|decode|speed|fast|faster|fastest|quick\w*+"
    r"|viteza|rapid\w*+|chat\w*+)\b"
    r"|\b(?:tokens?|tokeni|toks?)\s*+(?:/|per|pe|a)\s*+(?:s|sec|second|secunda)\b")
"""Serving, inference or a speed asked, which an objective word with no training verb
describes the model of ("How fast is Tulu 2 DPO 70B", "serve the DPO model to 30 users")."""


def model_objectives_masked(folded: str) -> str:
    """``folded`` with each objective word that describes a model blanked (:data:`OBJECTIVE`
    read only where it is the training asked): a model's history or kind
    (:data:`_OBJECTIVE_DESCRIBES`), and, with no training verb (:data:`_OBJECTIVE_TRAINS`)
    but a serving, inference or speed word, every objective word ("Speed of Tulu 2 DPO 70B",
    "we did SFT; now serve it"). "dpo llama 3.1 8b full params how much vram", "DPO training"
    and "run DPO on" stay fine-tuning (audit regress5 #1)."""
    if not OBJECTIVE.search(folded):
        return folded
    out = _OBJECTIVE_DESCRIBES.sub(lambda m: " " * len(m.group()), folded)
    if (OBJECTIVE.search(out) and not _OBJECTIVE_TRAINS.search(out)
            and _OBJECTIVE_USE.search(out)):
        out = OBJECTIVE.sub(lambda m: " " * len(m.group()), out)
    return out


_RANK = re.compile(
    # "LoRA rank 64", "rank of 64", "rank=64", "r=64", "rang 64", "rangul de 64", "rank-64"
    r"\b(?:rank|rang(?:ul)?)[\s=:-]*+(?:(?:of|de|is|este|=)\s*+)?(\d{1,4})\b(?![.,]\d)"
    r"|\br\s*+=\s*+(\d{1,4})\b(?![.,]\d)")
_BIT8 = r"8[\s_-]*+(?:bits?|biti)\b"
_ADAM = r"(?:paged[\s_-]*+)?adamw?\b"
# the optimizers sizing models (sizing's ``Optimizer``): bitsandbytes' 8-bit Adam keeps the two
# moments at 8 bits ("8-bit Adam", "adamw_8bit", "paged AdamW 8-bit", "Adam pe 8 biți"); Adam's
# state in bf16 ("bf16 AdamW", "AdamW în bf16"); SGD
_OPTIMIZERS = (
    ("adamw-8bit", re.compile(
        rf"\b{_BIT8}\s*+{_ADAM}|\b(?:paged[\s_-]*+)?adamw?[\s_-]*+(?:(?:in|on|pe|la|de|cu)"
        rf"\s++)?{_BIT8}|\bbnb[\s_-]*+adam")),
    ("adamw-bf16", re.compile(rf"\bbf16\s++{_ADAM}|\b{_ADAM}[\s_-]*+(?:(?:in|pe|la)\s++)?bf16\b")),
    ("sgd", re.compile(r"\bsgd\b")),
)
_GC = r"(?:gradient|activation|activari(?:lor)?)[\s_-]*+checkpoint\w*+"
_GC_ANY = (r"(?:" + _GC + r"|checkpoint\w*+\s++(?:de\s++|al\s++|pentru\s++)?(?:gradient\w*+"
           r"|activari\w*+))")
_CHECKPOINTING_OFF = re.compile(
    r"\b(?:without|no|w/o|fara|disable|disabled|disabling|dezactiv\w*+|turn(?:ed|ing)? off)"
    r"\s++(?:the\s++|any\s++)?" + _GC_ANY
    + r"|\b" + _GC_ANY
    + r"\s++(?:is\s++|e\s++|este\s++)?(?:off|disabled|dezactivat\w*+|oprit\w*+)\b")
_CHECKPOINTING_ON = re.compile(
    r"\b(?:with|using|cu|folosind|and|si|plus|enable|enabled|activ\w*+|turn(?:ed|ing)? on)"
    r"\s++(?:the\s++)?" + _GC_ANY
    + r"|\b" + _GC_ANY + r"\s++(?:is\s++|e\s++|este\s++)?(?:on|enabled|activat\w*+|pornit\w*+)\b")
# "ZeRO-3", "ZeRO stage 2", "zero3", "stage 3 ZeRO" ("de la zero" is from scratch: no stage)
_ZERO = re.compile(r"(?<!\bla )\bzero[\s_-]*+(?:stage[\s_-]*+)?([0-3])\b(?![.,]\d)"
                   r"|\bstage[\s_-]*+([0-3])\s++(?:of\s++)?zero\b")
_FSDP = re.compile(r"\bfsdp\b")
_DDP = re.compile(r"\bddp\b")
# CPU offload as DeepSpeed's ZeRO-Offload (offload_optimizer to the CPU) is said, in folded
# text: "cpu offload", "cpu_offload", "offload to (the) CPU / host RAM", "offloading the
# optimizer states to the CPU", "ZeRO-Offload", "ZeRO-3 offload", "zero 3 with offload",
# "deepspeed offload", "offload_optimizer", "optimizer offload"; Romanian "offload pe CPU",
# "offload în RAM", "descărcare pe CPU", "descărcarea optimizatorului pe CPU"
_OFFLOAD_TO = (r"(?:to|on|onto|into|in|pe|la|catre|spre)\s++(?:the\s++)?(?:cpu|host|ram"
               r"|(?:system|cpu|host)\s++(?:ram|memory)|memoria\s++(?:ram|cpu|sistemului|gazdei))"
               r"\b")
_OFFLOAD = re.compile(
    r"\bcpu[\s_-]*+offload\w*+"
    r"|\b(?:offload\w*+|descarc\w*+)\s++(?:[\w-]++\s++){0,4}?" + _OFFLOAD_TO
    # ("de la zero" is from scratch, as in _ZERO)
    + r"|(?<!\bla )\bzero[\s_-]*+(?:(?:stage[\s_-]*+)?[0-3][\s_-]*+)?(?:(?:with|cu|and|si|\+)\s*+)?"
    r"offload\w*+"
    r"|\bdeepspeed[\s_-]*+(?:(?:with|cu)\s++)?offload\w*+"
    r"|\boffload_optimizer\b|\boptimi[sz]er[\s_-]*+offload\w*+")
_NVME = re.compile(r"\bnvme\b|\bzero[\s_-]*+infinity\b")
_OFFLOAD_OFF = re.compile(
    r"\b(?:without|no|w/o|not|fara|nu|disable[sd]?|disabling|dezactiv\w*+|turn(?:ed|ing)? off)"
    r"\s++(?:(?:the|any|a|use|using|un|cu|sa|folos\w*+|de)\s++){0,2}$")


def _cpu_offload(folded: str) -> bool | None:
    """Whether ``folded`` states CPU offload (:attr:`TrainingSetup.cpu_offload`): True where
    an offload to the CPU is said (:data:`_OFFLOAD`), False where it is said off ("without
    CPU offload", "fără offload pe CPU"), None where none is (or it is to NVMe: "ZeRO-3
    offload to NVMe" is ZeRO-Infinity, which the sizing does not model)."""
    for m in _OFFLOAD.finditer(folded):
        if _NVME.search(folded, m.start(), min(len(folded), m.end() + 24)):
            continue
        return not _OFFLOAD_OFF.search(folded[max(0, m.start() - 30):m.start()])
    return None


_MODULE_ORDER = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
# a projection: q, k, v or o alone or with "_proj"; the MLP's only with it ("up and down" is no
# projection)
_PROJ = r"(?:[qkvo](?:[_-]?proj)?|(?:gate|up|down)[_-]?proj)"
_PROJ_LIST = re.compile(
    r"(?<![\w.\-/])(" + _PROJ + r"(?:\s*+(?:,|/|\+|&|and|si)\s*+" + _PROJ + r")++)(?![\w\-/])"
    r"(?!\s*+cache)")  # "k and v cache" is the KV cache
# one projection with its "_proj" or with "only" after "on" / "pe": "on q_proj", "on v only"
_PROJ_ONE = re.compile(
    r"(?<![\w.\-/])(?:on|pe|target(?:ing)?|targets)\s++((?:[qkvo]|gate|up|down)[_-]?proj"
    r"|[qkvo](?=\s++(?:only|doar|projection|proiecti)))(?![\w\-/])")
_ATTENTION_ONLY = re.compile(
    r"\battention(?:\s++(?:layers?|projections?|modules?|matrices|weights))?\s++only\b"
    r"|\bonly\s++(?:the\s++)?attention\b|\b(?:doar|numai)\s++(?:pe\s++)?(?:straturile\s++de\s++)?"
    r"atenti[ae]\b|\b(?:toate\s++)?proiectiile\s++de\s++atentie\b"
    r"|\ball\s++(?:the\s++)?attention\s++(?:projections|layers|modules|matrices)\b")
_MLP_ONLY = re.compile(r"\bmlp(?:\s++(?:layers?|projections?|modules?))?\s++only\b"
                       r"|\bonly\s++(?:the\s++)?mlp\b|\b(?:doar|numai)\s++(?:pe\s++)?mlp\b")


def _target_modules(folded: str) -> tuple[str, ...] | None:
    """The LoRA projections ``folded`` states (:attr:`TrainingSetup.target_modules`), or
    None: a list of two or more ("q and v", "q,k,v,o", "q_proj/v_proj", "pe q si v"), one
    with "_proj" after "on" ("on q_proj only"), "attention only" (q, k, v, o: the
    attention projections, as PEFT names them for Llama) or "MLP only" (gate, up, down)."""
    if _ATTENTION_ONLY.search(folded):
        return _MODULE_ORDER[:4]
    if _MLP_ONLY.search(folded):
        return _MODULE_ORDER[4:]
    m = _PROJ_LIST.search(folded) or _PROJ_ONE.search(folded)
    if m is None:
        return None
    found = {re.sub(r"[_-]?proj$", "", x) + "_proj"
             for x in re.findall(r"[qkvo](?:[_-]?proj)?|(?:gate|up|down)[_-]?proj", m.group(1))}
    return tuple(t for t in _MODULE_ORDER if t in found) or None


def training_setup(text: str) -> TrainingSetup:
    """The training step's settings ``text`` states (:class:`TrainingSetup`), each None where
    it states none. Only the training answers read them, into the sizing's ``finetune``, so
    that a rank, an optimizer, checkpointing or a ZeRO stage asked about is the one sized
    (audit train #2-#4: "8-bit Adam" was int8 weights, "rank 64" and "without gradient
    checkpointing" were dropped, the rank-16 and checkpointed figures said)."""
    folded = _fold(text)
    rm = _RANK.search(folded)
    rank = int(rm.group(1) or rm.group(2)) if rm else None
    optimizer = next((oid for oid, rx in _OPTIMIZERS if rx.search(folded)), None)
    checkpointing = (False if _CHECKPOINTING_OFF.search(folded)
                     else True if _CHECKPOINTING_ON.search(folded) else None)
    zm = _ZERO.search(folded)
    zero = (int(zm.group(1) or zm.group(2)) if zm else 3 if _FSDP.search(folded)
            else 0 if _DDP.search(folded) else None)
    described = model_objectives_masked(folded)  # "the DPO checkpoint": no objective asked
    objective = next((oid for oid, rx in _OBJECTIVE_OF if rx.search(described)), None)
    stages: list[int] = []
    for m in _ZERO.finditer(folded):
        if (st := int(m.group(1) or m.group(2))) not in stages:
            stages.append(st)
    return TrainingSetup(lora_rank=rank if rank and rank >= 1 else None, optimizer=optimizer,
                         checkpointing=checkpointing, zero_stage=zero, objective=objective,
                         zero_weighed=tuple(stages) if len(stages) > 1 else (),
                         target_modules=_target_modules(folded),
                         cpu_offload=_cpu_offload(folded))


_QUANTIZED = re.compile(r"\b(?:quantized|quantised|cuantizat[aei]?|cuantizate)\b")


# ---------------------------------------------------------------------------------------------
# A model's layout stated beside a bare size


@dataclass(frozen=True)
class ModelShape:
    """The layout a question states for a model it gives only the size of ("our in-house 30B
    MoE with 3B active", "a custom 20B dense model, 48 layers, 8 KV heads, head dim 128",
    "un model de 13B cu 40 de straturi"): the stand-in that sizes the bare size takes it
    (numbers/context.stand_in_architecture), as /v1/sizing sizes an inline ``architecture``.
    None (False) where a field is not stated."""

    moe: bool = False
    """A mixture of experts is stated ("MoE", "mixture of experts", an active count, a count
    of experts), and no "dense"."""
    active_b: float | None = None
    """The parameters each token reads, in billions ("3B active", "cu 3B parametri activi",
    "30B-A3B")."""
    layers: int | None = None
    """Transformer layers ("48 layers", "48 de straturi", "num_layers=48")."""
    hidden_size: int | None = None
    """The model's width ("hidden size 6144", "d_model 6144")."""
    attention_heads: int | None = None
    """Query heads ("48 attention heads", "32 heads")."""
    kv_heads: int | None = None
    """Key/value heads ("8 KV heads", "8 capete KV"; MQA: 1); 0 where "MHA" is stated (as many
    as the query heads)."""
    head_dim: int | None = None
    """Channels per head ("head dim 128", "dimensiunea capului 128")."""
    experts: int | None = None
    """Routed experts per MoE layer ("128 experts")."""
    experts_per_token: int | None = None
    """Routed experts each token goes through ("8 active experts", "top-8", "8 of 128
    experts")."""

    @property
    def attention(self) -> bool:
        """Any of the layers, widths or heads is stated (not only MoE or its active count)."""
        return any(x is not None for x in (self.layers, self.hidden_size, self.attention_heads,
                                           self.kv_heads, self.head_dim, self.experts,
                                           self.experts_per_token))


_SHAPE_MOE = re.compile(r"\bmoe\b|\bmixture[- ]of[- ]experts?\b|\bamestec de experti\b")
_SHAPE_DENSE = re.compile(r"\bdense\b|\bdens[ae]?\b")
# "3B active", "3B active params", "3 billion activated parameters", "cu 3B parametri activi",
# "3 miliarde de parametri activi"; "30B-A3B", "30b a3b"
_SHAPE_ACTIVE = re.compile(
    r"(?<![\w.])(\d{1,4}(?:[.,]\d{1,3})?)\s*+(?:b|bn|billion|miliarde)\b\s*+(?:de\s++)?"
    r"(?:(?:params?|parameters?|parametri)\s++)?(?:active|activ[ei]?|activated)\b"
    r"|\bactive (?:params?|parameters?|parametri)\s*+(?:of\s++|[=:]\s*+)?(\d{1,4}(?:[.,]\d{1,3})?)"
    r"\s*+(?:b|bn|billion|miliarde)\b"
    r"|(?<=\db)[- ]?a(\d{1,3}(?:\.\d{1,2})?)b\b")
# a layer count that is no offload ("offload 20 layers to the CPU", "-ngl 40", "gpu layers")
# nor layers frozen or tuned: read only where none of these is in the question
_SHAPE_NOT_LAYOUT = re.compile(r"\boffload\w*+|\bngl\b|\bn_gpu|\bgpu[_ -]layers\b|\bfreez\w*+"
                               r"|\bfrozen\b|\bunfreez\w*+")
_SHAPE_LAYERS = re.compile(
    r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:transformer\s++|decoder\s++|hidden\s++)?"
    r"(?:layers|straturi)\b"
    r"|\b(?:num_hidden_layers|num_layers|n_layers|layers)\s*+[=:]\s*+(\d{1,3})\b")
_SHAPE_KV_HEADS = re.compile(
    r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:kv|key[- ]value)[- ]?(?:heads?|groups?)\b"
    r"|(?<![\w.])(\d{1,3})\s*+(?:de\s++)?capete\s++(?:de\s++)?kv\b"
    r"|(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:query|gqa)\s++groups?\b"
    r"|\b(?:num_key_value_heads|num_kv_heads|n_kv_heads|kv[_ ]heads)\s*+[=:]\s*+(\d{1,3})\b")
_SHAPE_MQA = re.compile(r"\bmqa\b|\bmulti-?query attention\b")
_SHAPE_MHA = re.compile(r"\bmha\b|\b(?:no|without|fara) gqa\b")
_SHAPE_HEAD_DIM = re.compile(
    r"\bhead[_ ]?dim(?:ension)?s?\s*+(?:of\s++|[=:]\s*+)?(\d{2,3})\b"
    r"|(?<![\w.])(\d{2,3})[- ]dim(?:ensional)?\s++heads\b"
    r"|\bdim(?:ensiunea|ensiune)?\s++(?:capului|per cap|cap)\s*+(?:de\s++|[=:]\s*+)?(\d{2,3})\b")
_SHAPE_HIDDEN = re.compile(
    r"\b(?:hidden[_ ]?(?:size|dim(?:ension)?)?|d_model|model dim(?:ension)?)\s*+"
    r"(?:of\s++|[=:]\s*+)?(\d{3,5})\b"
    r"|\bdimensiune(?:a)?\s++ascunsa\s*+(?:de\s++|[=:]\s*+)?(\d{3,5})\b")
_SHAPE_HEADS = re.compile(
    r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:attention\s++|query\s++|q\s++)?heads\b"
    r"|(?<![\w.])(\d{1,3})\s*+(?:de\s++)?capete\b(?!\s*+(?:de\s++)?kv\b)"
    r"|\b(?:num_attention_heads|num_heads|n_heads)\s*+[=:]\s*+(\d{1,3})\b")
_SHAPE_EXPERTS_OF = re.compile(
    r"(?<![\w.])(\d{1,3})\s++(?:of|din)\s++(\d{1,4})\s++(?:de\s++)?(?:routed\s++)?"
    r"(?:experts|experti)\b")
_SHAPE_EXPERTS = re.compile(
    r"(?<![\w.])(\d{1,4})\s*+(?:de\s++)?(?:routed\s++)?(?:experts|experti)\b"
    r"(?!\s*+(?:activ|active|per token|pe token))")
_SHAPE_EXPERTS_ACTIVE = re.compile(
    r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:active|activated|routed active)\s++experts?\b"
    r"|(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:experts?|experti)\s++(?:activi|active|per token"
    r"|pe token)\b"
    r"|\btop-?(\d{1,3})\b"
    r"|\b(?:experts|experti)\s*+[,;(]\s*+(\d{1,3})\s++(?:active|activi)\b")


def _first_int(rx: re.Pattern[str], text: str) -> int | None:
    m = rx.search(text)
    if m is None:
        return None
    value = int(next(g for g in m.groups() if g))
    return value if value >= 1 else None


def model_shape(text: str) -> ModelShape:
    """The layout ``text`` states for a model (:class:`ModelShape`)."""
    folded = _fold(text)
    am = _SHAPE_ACTIVE.search(folded)
    active = float(next(g for g in am.groups() if g).replace(",", ".")) if am else None
    of = _SHAPE_EXPERTS_OF.search(folded)
    experts = int(of.group(2)) if of else _first_int(_SHAPE_EXPERTS, folded)
    per_token = int(of.group(1)) if of else _first_int(_SHAPE_EXPERTS_ACTIVE, folded)
    if per_token is not None and experts is not None and per_token > experts:
        per_token = None
    kv = _first_int(_SHAPE_KV_HEADS, folded)
    if kv is None and _SHAPE_MQA.search(folded):
        kv = 1
    elif kv is None and _SHAPE_MHA.search(folded):
        kv = 0
    dense = bool(_SHAPE_DENSE.search(folded))
    # a count of experts alone is none ("a team of 5 experts"): with the experts per token
    moe = not dense and bool(_SHAPE_MOE.search(folded) or active is not None
                             or (experts and per_token))
    return ModelShape(
        moe=moe, active_b=active if moe and active else None,
        layers=None if _SHAPE_NOT_LAYOUT.search(folded) else _first_int(_SHAPE_LAYERS, folded),
        hidden_size=_first_int(_SHAPE_HIDDEN, folded),
        attention_heads=_first_int(_SHAPE_HEADS, folded), kv_heads=kv,
        head_dim=_first_int(_SHAPE_HEAD_DIM, folded),
        experts=experts if moe else None, experts_per_token=per_token if moe else None)


# ---------------------------------------------------------------------------------------------
# Sizes, context, budgets, batch


_PARAMS = re.compile(  # "2,5 miliarde": a Romanian decimal comma
    r"(?<![\w.,])(?:(\d++(?:[.,]\d++)?)\s*+b?\s*+(?:-|–|—|to|la|pana la)\s*+)?"
    r"(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(?:b|bn|billion|miliarde|miliard)\b"
    r"(?!\s*+(?:active|activ|tokens?|tokeni|de tokeni))"
)
_PARAMS_M = re.compile(
    # "a 125M model", "125M parameters", "a 350m-parameter model", "125 million params",
    # "un model de 125M", "125 de milioane de parametri": millions only before a word of a
    # model's size ("10M tokens", "1M context", "$1M" are no model)
    r"(?<![\w.,$])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(?:m|million|milioane)\b[\s-]*+"
    r"(?:de\s++)?(?=(?:param|parametri|model|llm|transformer|gpt)\w*+\b)"
    # "a model of 125M", "un model de 125M (parametri)"
    r"|\bmodel(?:ul)?\s++(?:of|de)\s++(\d++(?:[.,]\d++)?)\s*+(?:m|million|milioane)\b"
    r"(?!\s*+(?:de\s++)?(?:tokens?|tokeni|context|exemple|examples?))"
)
_CTX_WORDS = re.compile(
    r"^(?:context|contextul|ctx|tokens?|tokeni|seq|sequences?|secvent[aei]|secventele|secventelor"
    r"|window|fereastra"
    r"|max_model_len|prompt|prompts|prompturi|promptul|prompturile|input|inputs|intrare|intrarea"
    r"|prefill)$"
)
_CTX_K = re.compile(r"^(\d{1,4})k(?:-(?:tokens?|context|ctx))?$")
_CTX_M = re.compile(r"^(\d{1,2})(mi?)(?:-(?:tokens?|context|ctx))?$")
"""A context in millions: "1M" is 1,000,000 tokens, as a model card's "1M context" is
(MiniMax-Text-01's limit is 1,000,000: "1M tokens" was read as 1,048,576 and refused, audit
buyer28a #8); "1Mi" is 1,048,576 (2^20), as "1024k" is."""
_CTX_N = re.compile(r"^(\d{3,})$")
"""A plain number that may be a context: any size (past the model's limit the answer says No;
"20000000 tokens of context" was dropped and answered at 4,096 tokens)."""
_CTX_BEFORE = frozenset({"context", "contextul", "ctx", "max_model_len", "length", "len", "seq",
                         "sequence", "secventa", "secvente", "secventei", "secventele",
                         "lungimea"})
"""Words right before a plain number that make it a length: "sequence length 8192", "seq len
4096", "secvențe de 4096", "lungimea secvenței 4096"."""
_SEQ_AFTER = frozenset({"sequence", "seq", "context", "ctx"})
"""A number then one of these then "length" / "len": "4096 sequence length", "4096 seq len"."""
_CTX_DASH = re.compile(r"^(\d{3,7})-tokens?$")
"""A prompt's length said as an adjective: "a 4000-token prompt"."""
_CTX_SCALE = {"k": LENGTH_K_TOKENS, "mii": 1000, "thousand": 1000, "milion": 1_000_000,
              "milioane": 1_000_000, "million": 1_000_000, "millions": 1_000_000,
              "m": LENGTH_M_TOKENS, "billion": 10 ** 9, "billions": 10 ** 9,
              "miliard": 10 ** 9, "miliarde": 10 ** 9}
"""A context said in words: "1 milion de tokeni", "2 milioane", "a 2 billion token context";
millions and thousands in words are what they say, as "1M" is (:data:`_CTX_M`): "32 de mii de
tokeni" is 32,000, as "32.000" is (audit ask_reading: 32,768), "1 milion" 1,000,000 (audit
buyer28a #8: 1,048,576, past MiniMax-Text-01's 1,000,000)."""
_CTX_NAMED = frozenset({"context", "contextul", "contextului", "ctx", "window", "fereastra"})
_THOUSAND_TOKENS = re.compile(r"\s*+(?:de\s++)?(?:tokens?|tokeni)\b")
_IN_WORDS = frozenset({"input", "prompt", "intrare"})


# (the tokens said as generated ones too: "2k output tokens/s", "2.000 de tokeni de ieșire pe
# secundă" are a speed or a load, never a context; audit aggrate24)
_RATE_TOKENS = (r"(?:de\s++)?(?:(?:output|generated|decoded?)\s++)?(?:tokens?|tok|tokeni)"
                r"(?:\s++(?:de\s++iesire|generati))?")
_RATE = re.compile(rf"\s*+(?:{_RATE_TOKENS})?\s*+(?:/\s*+s\b|/\s*+sec|per\s++sec|pe\s++sec)")
_TOKEN_DATA = frozenset({"training", "train", "data", "dataset", "corpus", "antrenare",
                         "antrenament", "date", "setul"})
"""Words after "<n>k tokens" that make it an amount of data: "100k tokens of training data"."""
_EX_WORDS = frozenset({"examples", "example", "samples", "sample", "exemple", "exemplu",
                       "esantioane", "esantion"})
"""The nouns of :data:`_EX_NOUN`: a "<n>k" before one ("10k examples", "10k training examples",
"10k de exemple") counts examples, never a context, though "tokens" stand near it ("of 1000
tokens": audit docs2, a 10,240-token context read)."""
_JOB_COUNTED = frozenset({"requests", "reqs", "queries", "cereri", "requesturi", "interogari",
                          "documents", "docs", "documente", "images", "imagini", "texts",
                          "texte", "passages", "pasaje", "chunks"})
_PROMPTS = frozenset({"prompts", "prompturi"})
"""Nouns a "<n>k" before counts ("500k prompts" of a batch job, audit ask_reading: read as a
512,000-token context): requests, queries, documents and images always, prompts where
:func:`_prompts_counted` says so."""
_JOB_NOUN = frozenset({"batch", "batches", "job", "jobs", "run", "runs", "workload",
                       "dataset", "datasets", "corpus", "corpora", "data", "set", "sets",
                       "collection", "collections", "corpusul", "setul"})
"""Nouns a "<n>k-token" / "<n>M-token" compound sizes as a job's amount, not a context: "the
daily 50M-token batch", "a 500k-token job" (audit buyer21 #2: a 52,428,800-token context, past
the model's limit), "a 50M-token dataset", "a 500M-token corpus", "a 2B-token data set"
(twicedaily: fine-tuning on a 50M-token dataset was a 52,428,800-token context, a No)."""
_JOB_NOUN_LEAD = frozenset({"training", "text", "pretraining", "fine-tuning", "finetuning",
                            "de"})
"""A word that may stand between the compound and its :data:`_JOB_NOUN`: "a 50M-token
training set", "a 2B-token text corpus", Romanian "50M-tokeni de date"."""


def _sizes_job(following: list[str]) -> bool:
    """Whether the words after a "<n>k-token" / "<n>M-token" compound name a job's amount
    (:data:`_JOB_NOUN`), not a context ("a 32k-token context", "8k-token prompts")."""
    if following[:1] and following[0] in _JOB_NOUN:
        return True
    return (len(following) > 1 and following[0] in _JOB_NOUN_LEAD
            and following[1] in _JOB_NOUN | {"date"})
_POW2_K = frozenset({1, 2, 4, 8, 16, 32, 64, 128})
_JOB_VERBS = frozenset({"process", "processing", "run", "running", "send", "sending", "handle",
                        "handling", "through", "thru", "proceseaza", "procesez", "procesa",
                        "rulez", "rula", "ruleaza", "trimit", "trimite", "batch"})
_LENGTH_OF = frozenset({"of", "de", "with", "cu", "at", "la", "a"})


def _length_follows(rest: list[str]) -> bool:
    """Whether the words after "of/with/at <n>" (``rest``) leave that number a prompt's
    length: "tokens" after it ("10k prompts of 512 tokens"), "each", or nothing at all; never
    a load ("8k prompts at 32 users": 32 users, the prompts 8k long; audit buyer31a #4 sized
    them at the 3,584-token default) nor a count of GPUs ("with 4 H100")."""
    if rest[:1] == ["de"]:
        rest = rest[1:]
    return not rest or rest[0] in _TOKEN_WORDS or rest[0] in _EACH or rest[0] == "tok"


def prompts_counted_at(folded: str, start: int) -> bool:
    """Whether the "<n>k prompts" at ``start`` of ``folded`` counts prompts (a job's), as
    :func:`prompt_tokens` decides it (:func:`_prompts_counted`), so that a job's count and a
    prompt's length never read the same "8k prompts" (audit buyer31a #4: "with 8k prompts at
    32 users" is each prompt's length)."""
    toks = _tokens(folded)
    j = next((i for i, t in enumerate(toks) if t.start == start), None)
    if j is None:
        return True
    m = re.match(r"(\d++)k$", toks[j].text)
    return m is None or _prompts_counted(toks, j, int(m.group(1)))


_FIRST_TOKEN_WORDS = frozenset({"ttft", "first", "primul", "latency", "latenta", "request",
                                "cerere", "tpot"})


def _job_time_asked(toks: list[_Tok]) -> bool:
    """Whether a job's time is asked ("how long for 4k prompts with 2 users", "cât durează"):
    "how long" or "cât durează/timp" with no first token, latency or single request named,
    whose "<n>k prompts" then counts the job's prompts, as it was read before."""
    words = [t.text for t in toks]
    pairs = set(itertools.pairwise(words))
    asked = bool(pairs & {("how", "long"), ("cat", "dureaza"), ("cat", "timp")})
    return asked and not any(w in _FIRST_TOKEN_WORDS for w in words)


def _prompts_counted(toks: list[_Tok], j: int, n: int) -> bool:
    """Whether "<n>k prompts" at ``toks[j]`` counts prompts (a batch job's) rather than
    giving each one's length: past the longest "128k" prompt; a length stated after them
    ("10k prompts of 512 tokens"); a verb of work before ("process 10k prompts", "run 20k
    prompts"); or a thousands count no prompt length is written as (10k, 20k, 30k: lengths
    are powers of two, "4k prompts", "16k prompts"). "how many 8k prompts" asks about prompts
    of 8k. Audit ask_reading2: "how long to process 10k prompts of 512 tokens" was 10,000
    prompts of 10,240 tokens each, 60.9 h for 3.4."""
    before = [x.text for x in toks[max(0, j - 2) : j]]
    if before == ["how", "many"]:
        return False
    if n > 128:
        return True
    k = j + 3 if j + 1 < len(toks) and toks[j + 1].text == "de" else j + 2  # "10k de prompturi"
    after = [x.text for x in toks[k : k + 4]]
    if len(after) >= 2 and after[0] in _LENGTH_OF and re.fullmatch(r"\d++k?", after[1]) and (
            _length_follows(after[2:]) or _job_time_asked(toks)):
        return True
    if before and before[-1] in _JOB_VERBS:
        return True
    return n >= 10 and n not in _POW2_K


_TOKENS_A_PERIOD = re.compile(
    rf"\s*+{_RATE_TOKENS}\s*+(?:(?:a|an|per|pe|/|each|every|on a|in a|intr-o)"
    r"\s*+(?:day|zi|hour|hr|h|ora|week|saptamana|month|luna|minute|minut|min|s|sec|second|secunda)\b"
    r"|(?:daily|zilnic|hourly|weekly|saptamanal|monthly|lunar)\b)")
"""Tokens at a rate after an amount: "500k tokens a day", "100k tokens per hour", "500000 de
tokeni pe zi": a rate to carry (intent._TOKEN_RATE, a job's runs), never a context (audit
ask_reading2: "500k tokens a day" was a 512,000-token context, beyond the model's limit; audit
regress9 #10: "3.000 de tokeni pe minut" was a 3,000-token context)."""
_MADE_BY = frozenset({"generate", "generating", "produce", "producing", "output", "genera",
                      "generez", "genereaza", "generarea"})
"""Verbs before "<n>k tokens" that make them a job's output ("generate 500k tokens")."""
_PRICE_WORDS = frozenset({"cost", "costs", "costa", "price", "prices", "pret", "pretul",
                          "priced", "pay", "plateste", "platesc"})


_JOB_ASKED = re.compile(
    r"\b(?:cost|costs|costa|price|priced|pret|pretul|pay|bill|billed|plateste|platesc"
    r"|how long|how much time|cat timp|dureaza|durata)\b")
"""A cost or a time asked of the whole question: "How much do 200,000 tokens cost", "cât
costă 200.000 de tokeni", "how long does 500k tokens take"."""
_LENGTH_AFTER = frozenset({"context", "contextul", "ctx", "window", "fereastra", "prompt",
                           "input", "intrare", "per", "pe", "each", "fiecare", "of", "in"})


def _job_amount(toks: list[_Tok], j: int, text: str, n: float) -> bool:
    """Whether ``n`` tokens at ``toks[j]`` are an amount to price or time, not a length: from
    100,000 up (as "500 de mii de tokeni" is) in a question that asks a cost or a time, with
    no context, prompt or input named around it and nothing after "tokens" making each one's
    length ("per request", "of context"). "How much do 200,000 tokens cost with Llama 3.1 8B
    on an H100?" was sized as a 200,000-token context, past the model's limit (audit regress3
    #7); it is a job of that many tokens, as 1.5M tokens is."""
    if n < 100_000 or not _JOB_ASKED.search(text):
        return False
    window = [x.text for x in toks[max(0, j - 4) : j + 5]]
    if any(w in _CTX_NAMED or w in _CTX_BEFORE or w in _IN_WORDS or w in (
            "prompts", "prompturi", "promptul", "inputs", "intrarea") for w in window):
        return False
    if _PREFILL_OF_END.search(text, max(0, toks[j].start - 40), toks[j].start):
        return False  # "prefill of 200k tokens": one prompt's (audit buyer28a #3)
    k = j + 1
    if k < len(toks) and toks[k].text == "de":
        k += 1
    if k >= len(toks) or toks[k].text not in ("tokens", "token", "tokeni"):
        return False
    return k + 1 >= len(toks) or toks[k + 1].text not in _LENGTH_AFTER


def _priced_unit(toks: list[_Tok], j: int) -> bool:
    """Whether the amount at ``toks[j]`` is the unit a price is asked per: "cost per 1k
    tokens", "price of 1k tokens", "cât costă 1.000 de tokeni" (audit ask_reading2: read as a
    1,024-token context and answered with the hourly price)."""
    before = [x.text for x in toks[max(0, j - 2) : j]]
    if before and before[-1] in ("per", "pe"):
        return True
    return bool(before) and (before[-1] in _PRICE_WORDS or (
        len(before) == 2 and before[0] in _PRICE_WORDS and before[1] in ("of", "for", "de")))
_BARE_NEXT = frozenset({"on", "with", "and", "at", "in", "using", "via", "context", "ctx",
                        "pe", "cu", "si", "la", "folosind"})
"""Words that may follow a bare "32k" that is a context ("llama 3 70b int4 32k on an H100");
any other word makes it a count of something ("32k requests", "10k examples", "1M SDXL images")."""
_BARE_NOT_AFTER = frozenset({"per", "pe", "budget", "buget", "bugetul", "batch", "lot", "rank",
                             "top", "generate", "transcribe", "embed", "process", "genera",
                             "genereaza", "transcrie", "proceseaza"})
"""Words before a bare "32k" that make it something else: "cost per 1M", "generate 10k"."""


def _bare_length(toks: list[_Tok], j: int, text: str, money: list[tuple[int, int]]) -> bool:
    """Whether the bare "32k" / "128K" / "1M" at ``toks[j]`` is a context: the form the Slack
    help teaches (``/gpu size llama 3 70b int4 32k``), read when no other quantity claims the
    number: not an amount of money ("$32k", "budget 32k a month"), not a count of things
    ("32k requests", "10k examples": another word follows), not after "per" or a verb of work
    ("cost per 1M", "generate 10k")."""
    t = toks[j]
    if any(a <= t.start < b for a, b in money):
        return False
    if j > 0 and toks[j - 1].text in _BARE_NOT_AFTER:
        return False
    rest = text[t.end:].lstrip(" ")
    if not rest or rest[0] in ",;?!.)":
        return True
    if j + 1 >= len(toks):
        return False
    after = toks[j + 1].text
    return after in _BARE_NEXT or (not after.isdigit() and find_precision(after) is not None)


_LOAD_NOUNS = frozenset({"users", "useri", "utilizatori", "clients", "clienti", "customers",
                         "people", "ppl", "persons", "persoane", "oameni", "seats", "sessions",
                         "sesiuni", "requests", "reqs", "cereri", "sequences", "secvente"})
"""The load counted right before a length that is each one's: "32 users at 4k each"."""
_EACH = frozenset({"each", "apiece", "fiecare"})
_ONE_OF_LOAD = frozenset({"user", "utilizator", "client", "person", "persoana", "request",
                          "cerere", "session", "sesiune", "sequence", "secventa"})


_ITEM_NOUNS = _JOB_COUNTED | _LOAD_NOUNS | frozenset({
    "query", "request", "doc", "document", "text", "chunk", "passage", "input", "inputs",
    "sentence", "sentences", "prompt", "prompts", "embeddings", "interogare", "cerere",
    "intrare", "intrari", "propozitie", "propozitii", "fragment", "fragmente"})
"""What a request to an embedding or language model is counted in, whose length a small
token count beside it states: "queries/sec of 64 tokens", "100-token chunks"."""
_ONE_ITEM = frozenset({"query", "request", "doc", "document", "text", "chunk", "passage",
                       "input", "sentence", "prompt", "interogare", "cerere", "intrare",
                       "propozitie", "fragment", "user", "utilizator"})
_LENGTH_LINKS = frozenset({"of", "de", "with", "cu", "at", "la", "about", "around", "~",
                           "cate", "circa", "aprox", "approx"})
"""Words between a length and what binds it to one item: "each of 64", "fiecare de 50",
"de câte 64", "with about 100"."""
_MADE_WORDS = _MADE_BY | frozenset({"generates", "generated", "produces", "writes", "returns",
                                    "outputs", "answers", "replies", "genereaza", "produce"})
_OUT_AFTER = frozenset({"out", "output", "generated", "answer", "answers", "response",
                        "responses", "reply", "iesire", "generati", "raspuns", "raspunsuri"})
_TOKEN_WORDS = frozenset({"tokens", "token", "tokeni"})
_SMALL_DASH = re.compile(r"^(\d{1,3})-tokens?$")


def _item_length(toks: list[_Tok], j: int, money: list[tuple[int, int]]) -> bool:
    """Whether a token count under 256 at ``toks[j]`` ("64 tokens", "50 de tokeni") is the
    length of each request or input: bound to one by "each" ("each 100 tokens", "64 tokens
    each", "fiecare de 50 de tokeni", "de câte 64 de tokeni"), by "per" and one item ("64
    tokens per query") or by the items counted just before it ("500 queries/sec of 64 tokens",
    "documents with 80 tokens"); never an output ("generating 100 tokens each", "100 tokens of
    output") nor money. A context is otherwise read from 256 tokens up (:func:`_context_at`):
    an embedding model's short inputs were dropped and sized at the 512-token chunk default,
    2.5 to 5 times the GPUs (audit buyer24a #4)."""
    if any(a <= toks[j].start < b for a, b in money):
        return False
    k = j + 1
    if k < len(toks) and toks[k].text == "de":
        k += 1
    if k >= len(toks) or toks[k].text not in _TOKEN_WORDS:
        return False
    after = [x.text for x in toks[k + 1 : k + 4]]
    if after[:1] and after[0] in ("of", "de") and after[1:2] and after[1] in _OUT_AFTER:
        return False  # "100 tokens of output", "100 de tokeni de ieșire"
    if after[:1] and after[0] in _OUT_AFTER:
        return False  # "100 tokens out", "100 tokens generated"
    i = j - 1
    while i >= 0 and toks[i].text in _LENGTH_LINKS:
        i -= 1
    lead = toks[i].text if i >= 0 else ""
    if lead in _MADE_WORDS:
        return False  # "generate 100 tokens each": an output
    if lead in _EACH or (after[:1] and after[0] in _EACH):
        return True
    if after[:1] and after[0] in ("per", "pe", "/", "a", "an", "o") and after[1:2] and (
            after[1] in _ONE_ITEM):
        return True  # "64 tokens per query", "50 de tokeni pe interogare"
    before = [x.text for x in toks[max(0, i - 3) : i + 1]]
    return i < j - 1 and any(w in _ITEM_NOUNS for w in before)


def _each_of_load(toks: list[_Tok], j: int, money: list[tuple[int, int]]) -> bool:
    """Whether the length at ``toks[j]`` is each user's: users (or requests, sessions) counted
    just before it and "each" after it ("32 users at 4k each", "8 users at 16k per user", "8
    utilizatori a câte 16k fiecare"), as "at 8k context each" is; never an amount of money
    ("100 users at $2k each"). Audit reg5: "32 users at 4k each" read no context and sized the
    KV cache at the model's whole 32,768 tokens."""
    before = [x.text for x in toks[max(0, j - 4) : j]]
    if any(a <= toks[j].start < b for a, b in money) or not any(
            w in _LOAD_NOUNS for w in before):
        return False
    after = [x.text for x in toks[j + 1 : j + 3]]
    return bool(after) and (after[0] in _EACH or (
        after[0] in ("per", "pe") and len(after) == 2 and after[1] in _ONE_OF_LOAD))


_DECIMAL_TOK = re.compile(r"^\d++(?:\.\d++)?$")


def _said_number(toks: list[_Tok], j: int, text: str) -> float | None:
    """The number ``toks[j]`` writes, with its decimal part: "1.5" is one token, a Romanian
    "1,5" two ("1", "5"), read at the second (audit ask_reading: "1,5 milioane de tokeni de
    context" was read as 5 milioane)."""
    word = toks[j].text
    if not _DECIMAL_TOK.match(word):
        return None
    if (word.isdigit() and j > 0 and toks[j - 1].text.isdigit()
            and toks[j - 1].end == toks[j].start - 1 and text[toks[j - 1].end] == ","):
        return float(f"{toks[j - 1].text}.{word}")
    return float(word)


def _count_asked_before(toks: list[_Tok], j: int) -> bool:
    """Whether a count is asked just before token ``j``: "how many (concurrent) <j>", "câte
    <j>" (folded "cate"), so that the number at ``j`` is no count of its own."""
    prev = [x.text for x in toks[max(0, j - 3) : j]]
    return ("how" in prev and "many" in prev) or "cate" in prev or "cati" in prev


_AT_ONCE_WORDS = frozenset({"concurrent", "parallel", "simultaneous", "simultane",
                            "concurente", "paralele"})


def _count_stated_before(toks: list[_Tok], j: int) -> bool:
    """Whether a count of requests at once is stated just before token ``j`` ("16 concurrent
    8k requests", "16 parallel 32k requests"), so that the number at ``j`` is each request's
    length, not a second count (it was 16 requests of the default 4,096 tokens)."""
    prev = [x.text for x in toks[max(0, j - 2) : j]]
    return len(prev) == 2 and prev[-1] in _AT_ONCE_WORDS and prev[0].isdigit()


# a price's slash right before a count: "$/1M", "$ / 1M tokens", "€/1M", "$0.50/1M",
# "USD/1M", "cost/1M", "preț/1M", "lei/1k" (audit buyer24b #3: "tok/s and $/1M?" was a
# 1,048,576-token context, beyond Llama 3.1 70B's, and "No" for a setup that runs); "per 1M"
# is _BARE_NOT_AFTER's, "1M context" and "context de 1M" stay contexts
_PRICE_SLASH = re.compile(
    r"(?:[$€£]|\b(?:usd|eur|euro|euros|lei|ron|dollars?|dolari|cents?|costs?|costa|price"
    r"|prices|pret|pretul|preturi)\b)\s*+(?:\d++(?:[.,]\d++)?\s*+(?:[$€£]|usd|eur|lei)?\s*+)?"
    r"/\s*+$")


def _price_unit_after_slash(text: str, start: int) -> bool:
    """Whether the count at ``start`` of ``text`` is the unit a price is quoted per, written
    with a slash (:data:`_PRICE_SLASH`): "$/1M", "cost/1M tokens"."""
    return _PRICE_SLASH.search(text, max(0, start - 24), start) is not None


def _context_at(toks: list[_Tok], taken: set[int], text: str) -> tuple[int, int] | None:
    """The context ``text`` states and the index of its token in ``toks``, or None."""
    money = [m.span() for m in _MONEY_ANY.finditer(text)]
    bare: tuple[int, int] | None = None  # a bare "32k": the context only when nothing else
    # states one, with its token
    for j, t in enumerate(toks):
        if j in taken or _RATE.match(text, t.end):  # "10k tokens/s" is a speed
            continue
        if _price_unit_after_slash(text, t.start):
            continue  # "$/1M", "cost/1k tokens": a price's unit, never a context
        window = [x.text for x in toks[max(0, j - 4) : j + 5]]
        mk = _CTX_K.match(t.text)
        if mk:
            near_cache = any(w.startswith("cache") for w in window) and "kv" in window
            following = [x.text for x in toks[j + 1 : j + 5]]
            if "-" in t.text and _sizes_job(following):
                continue  # "a 500k-token batch", "a 500k-token dataset": the job's tokens
            if following[:1] in (["tokens"], ["tokeni"]) and any(
                    w in _TOKEN_DATA for w in following):
                continue  # "100k tokens of training data" is the data, not a context
            if any(w in _EX_WORDS for w in following[:2]):
                continue  # "10k examples of 1000 tokens": a count of examples
            if ("-" not in t.text and following[:1] and following[0] in _JOB_COUNTED
                    and (_count_asked_before(toks, j) or _count_stated_before(toks, j))):
                # "how many concurrent 128k requests fit": the count is asked, so "128k" is
                # each request's length (audit regress4 #2: 44 requests of 4,096 tokens)
                return length_tokens(int(mk.group(1)), "k"), j
            noun = following[1:2] if following[:1] == ["de"] else following[:1]  # "10k de ..."
            if "-" not in t.text and noun and (noun[0] in _JOB_COUNTED or (
                    noun[0] in _PROMPTS and _prompts_counted(toks, j, int(mk.group(1))))):
                continue  # "1k requests", "500k prompts": a job's count, not a length
            if "-" not in t.text and (_TOKENS_A_PERIOD.match(text, t.end) or (
                    int(mk.group(1)) == 1 and _priced_unit(toks, j))):
                continue  # "500k tokens a day": a rate; "cost per 1k tokens": a price's unit
            if (j > 0 and toks[j - 1].text in _MADE_BY and following[:1] in (["tokens"],
                                                                             ["tokeni"])
                    and not any(_CTX_WORDS.match(w) for w in following[1:3]
                                if w not in ("tokens", "tokeni"))):
                continue  # "generate 500k tokens": a job's output, not a context
            if "-" not in t.text and not near_cache and _job_amount(
                    toks, j, text, amount_tokens(int(mk.group(1)), "k")):
                continue  # "how much do 500k tokens cost": an amount of tokens, a job
            if "-" in t.text or near_cache or any(_CTX_WORDS.match(w) for w in window) or (
                    _each_of_load(toks, j, money)):
                return length_tokens(int(mk.group(1)), "k"), j
            if bare is None and 1 <= int(mk.group(1)) <= 2048 and _bare_length(toks, j, text,
                                                                               money):
                bare = length_tokens(int(mk.group(1)), "k"), j
            continue
        mm = _CTX_M.match(t.text)
        if mm:
            # "1M context"; "50M tokens" is a training corpus, not a context; "a 50M-token
            # batch" a job's tokens
            if "-" in t.text and _sizes_job([x.text for x in toks[j + 1 : j + 3]]):
                continue  # "a 50M-token dataset", "a 500M-token corpus": the job's tokens
            if "-" in t.text or any(w in ("context", "contextul", "ctx") for w in window):
                return length_tokens(int(mm.group(1)), mm.group(2)), j
            if (bare is None and 1 <= int(mm.group(1)) <= 16
                    and (j == 0 or toks[j - 1].text not in ("for", "pentru"))
                    and _bare_length(toks, j, text, money)):
                bare = length_tokens(int(mm.group(1)), mm.group(2)), j
            continue
        md = _CTX_DASH.match(t.text)
        if md and 256 <= int(md.group(1)) <= 2_097_152:
            return int(md.group(1)), j  # "a 4000-token prompt"
        said = _said_number(toks, j, text)
        if said is not None and 0 < said <= 2048:
            k = j + 1
            if k < len(toks) and toks[k].text == "de":
                k += 1
            scale = _CTX_SCALE.get(toks[k].text) if k < len(toks) else None
            if scale is not None and toks[k].text not in ("k", "m") and any(
                    w in _CTX_NAMED for w in window):
                return round(said * scale), j  # "context de 1 milion de tokeni", any size
            if (scale == 1000 and _THOUSAND_TOKENS.match(text, toks[k].end)
                    and not _TOKENS_A_PERIOD.match(text, toks[k].end)):
                # "cereri de 8 mii de tokeni", "32 de mii de tokeni de context": a length, as
                # "8.000 de tokeni" is (audit ask_reading2: dropped, 2,560 assumed); from
                # 100,000 up only a context named ("500 de mii de tokeni" to generate is a job)
                tail = [x.text for x in toks[k + 1 : k + 5]]
                if (said * scale < 100_000 or any(w in _CTX_NAMED for w in tail)) and not any(
                        w in _TOKEN_DATA for w in tail):
                    return round(said * scale), j
        if t.text.isdigit() and 1 <= int(t.text) < 256 and _item_length(toks, j, money):
            return int(t.text), j  # "queries/sec of 64 tokens", "fiecare de 50 de tokeni"
        ms = _SMALL_DASH.match(t.text)
        if (ms and 1 <= int(ms.group(1)) < 256 and j + 1 < len(toks)
                and toks[j + 1].text in _ITEM_NOUNS):
            return int(ms.group(1)), j  # "64-token queries", "100-token chunks"
        mn = _CTX_N.match(t.text)
        if mn and int(mn.group(1)) >= 1_000_000 and not any(
                w in _CTX_NAMED or w in _CTX_BEFORE for w in window):
            continue  # "1.000.000 de tokeni" to price is an amount of tokens, not a prompt
        if mn and (_TOKENS_A_PERIOD.match(text, t.end) or (
                int(mn.group(1)) == 1000 and _priced_unit(toks, j))):
            continue  # "500000 de tokeni pe zi": a rate; "costă 1000 de tokeni": a unit
        if mn and not _each_of_load(toks, j, money) and _job_amount(
                toks, j, text, int(mn.group(1))):
            continue  # "how much do 200,000 tokens cost": an amount of tokens, a job
        if mn and int(mn.group(1)) >= 256:  # from a million up only a context named (above)
            after = toks[j + 1].text if j + 1 < len(toks) else ""
            if after == "de" and j + 2 < len(toks):  # "32768 de tokeni"
                after = toks[j + 2].text
            then = toks[j + 2].text if j + 2 < len(toks) else ""
            before = [x.text for x in toks[max(0, j - 3) : j]]
            if after in ("tokens", "token", "tokeni") or any(w in _CTX_BEFORE for w in before):
                return int(mn.group(1)), j
            if after in _SEQ_AFTER and then in ("length", "len"):
                return int(mn.group(1)), j  # "4096 sequence length"
            if after in ("context", "contextul", "contextului", "ctx"):
                return int(mn.group(1)), j  # "at 32768 context", "la 32768 (de) context"
            if after in _IN_WORDS and then in ("tokens", "token", "tokeni", "de", "and", "si"):
                return int(mn.group(1)), j  # "4000 input tokens", "1000 input and 200 output"
            if _each_of_load(toks, j, money):
                return int(mn.group(1)), j  # "32 users at 4096 each"
    return bare


_ZERO_CONTEXT = re.compile(
    r"(?<![\w.,-])0++k?\s*+(?:tokens?\s++of\s++|(?:de\s++)?tokeni\s++de\s++)?(?:context\w*+|ctx)\b")


def _context(toks: list[_Tok], taken: set[int], text: str) -> int | None:
    """The context ``text`` states, negative where a minus sign stands before it ("a -32k
    context": the answer says no context below one token is sized; the sign was dropped and
    the answer was for 32,768 tokens)."""
    read = _context_at(toks, taken, text)
    if read is None:
        # "0 tokens of context", "a 0k context": none, said so (was 4,096 tokens assumed)
        return 0 if _ZERO_CONTEXT.search(text) else None
    n, j = read
    return -n if minus_before(text, toks[j].start) else n


_NUMBER = r"\d{1,3}(?:,\d{3})++(?!\d)|\d++(?:[.,]\d++)?"
_MONEY = (
    rf"(?:\$\s*+(?P<a>{_NUMBER})\s*+(?P<ka>k)?"
    rf"|(?<![\d.,])(?P<b>{_NUMBER})\s*+(?P<kb>k)?\s*+(?:de\s++)?"
    rf"(?:\$|usd|dolari|dolar|dollars?|bucks)(?![a-z])"
    rf"|(?:budget|buget)(?:ul)?\s*+(?:of|de|:|is|este|e)?\s*+(?:~|about|around|sub|under)?\s*+"
    rf"(?P<c>{_NUMBER})\s*+(?P<kc>k)?)"
)
_PER = r"\s*+(?:/|per|pe|a|an|on|in|each)?\s*+(?:gpu[- ]?)?"
_MONEY_ANY = re.compile(_MONEY)
"""Any amount of money, so that a bare "$32k" or "budget 32k" is never read as a context."""
_HOUR = re.compile(_MONEY + _PER + r"(?:h|hr|hrs|hour|ora|ore)\b")
# a bare amount a month after a cue that it is money the asker has or spends: "with 2k/mo",
# "for 2000 per month", "I have 2k a month", "cu 2000 pe lună" (audit buyer19 #2: no "$", so
# no budget was read and the answer was the price-table guidance alone). The catalog prices
# in USD, so the amount is taken for dollars, and the answer says "$2,000/month". A separator
# is required ("for 1 month" is a length, never $1 a month), and a load after it is none
# ("with 50k/mo requests").
_BARE_MONTHLY = (
    r"(?:(?<=\bwith )|(?<=\bfor )|(?<=\bhave )|(?<=\bgot )|(?<=\bspend )|(?<=\bafford )"
    r"|(?<=\bunder )|(?<=\bwithin )|(?<=\bcu )|(?<=\bam )|(?<=\bavem )|(?<=\bsub ))"
    rf"(?P<d>{_NUMBER})\s*+(?P<kd>k)?+\s*+(?:/|per|pe|a|an)\s*+(?:month|mo|mth|luna)\b"
    r"(?!\s*+(?:of\s++|de\s++)?(?:requests?|reqs?|queries|calls?|users?|tokens?|images?|jobs?"
    r"|videos?|cereri|interogari|apeluri|utilizatori|tokeni|imagini)\b)")
_MONTH = re.compile(rf"{_MONEY}{_PER}(?:month|mo|mth|luna|lunar)\b|{_BARE_MONTHLY}")
_MONTHLY = re.compile(_MONEY + r"\s*+(?:monthly|lunar)\b")
_HOURLY = re.compile(_MONEY + r"\s*+(?:hourly)\b")
_DAY = re.compile(_MONEY + _PER + r"(?:day|zi|zi(?:ua)?)\b")
_DAILY = re.compile(_MONEY + r"\s*+(?:daily|zilnic)\b")


def daily_budget(text: str) -> float | None:
    """A budget per day in USD ("$50/day", "50 de dolari pe zi"), or None."""
    folded = _fold(text)
    day = _DAY.search(folded) or _DAILY.search(folded)
    return _amount(day) if day else None


# a limit on a whole job's cost: "budget $150 total", "under $150", "$150 in total", "buget de
# 150 USD în total", "sub 150 de dolari" (an amount per hour, day or month is none)
_LIMIT_BEFORE = re.compile(r"\b(?:budget|buget(?:ul)?|under|below|within|max(?:imum)?|at most"
                           r"|up to|less than|sub|maxim|cel mult|pana la|mai putin de"
                           # what an amount buys: "how many images for $10", "cu 10 USD"
                           r"|for|with|cu|pentru"
                           # the amount the asker has or will spend: "I have $2000 to
                           # fine-tune", "we've got $500", "I can spend $2000", "am 2000 de
                           # dolari pentru", "avem 500 USD", "pot cheltui 2000 USD" (audit
                           # buyer17 #5: unread, so the tokens it buys were never given)
                           r"|(?:i|we)\s++(?:only\s++|just\s++)?+(?:have|got|can spend"
                           r"|can afford)|(?:i|we)['\u2019]?ve got"
                           # ("I am $200 over": English "am" is no "have")
                           r"|(?<!\bi\s)am|avem|dispun de|dispunem de|(?:pot|putem) cheltui)"
                           r"(?:\s++(?:of|de|is|este|e|:|about|around|roughly|~|only|just|doar"
                           r"|cam|aproximativ))?\s*+$")
_TOTAL_AFTER = re.compile(r"\s*+(?:\(?\s*+(?:in\s++)?total\b|for the (?:whole )?job\b"
                          r"|pentru (?:tot )?jobul?\b)")


_NOT_BUDGET_AFTER = re.compile(
    r"\s*+(?:of\s++)?(?:upfront|up[- ]front|down\b|commit\w*+|setup|set[- ]up|egress"
    r"|deposit|minimum|ingress|avans|angajament\w*+|taxa|taxe|instalare|configurare)")
"""What an amount with no period pays that is no budget: "$0 upfront commitment", "$0 down",
"$0 setup fee", "$0 egress", "0 $ avans" (audit regress6 8: read as a budget of $0 and
refused)."""
_BUDGET_AFTER = re.compile(
    r"\s*+(?:total\s++)?(?:budget|buget)\b(?!\s*+(?:/|per|pe|a|an|each)?\s*+(?:h|hr|hrs|hour"
    r"|hours|month|mo|day|week|ora|ore|luna|zi)\b)")
"""An amount named a budget after it, with no period: "with a $0 budget", "a $500 budget"
(audit regress6 8: "train ... with a $0 budget" was answered $47.16, the budget unread)."""


def job_budget(text: str) -> float | None:
    """A budget for a whole job in USD ("budget $150 total", "under $150", "buget de 150 USD
    în total", "a $500 budget"): an amount of money said as a limit or a total and tied to no
    period (those are :func:`daily_budget` and the hourly and monthly budgets), never an
    upfront payment, a commitment, a fee or egress ("$0 upfront"), or None."""
    folded = _fold(text)
    periods = [m.span() for r in (_HOUR, _HOURLY, _MONTH, _MONTHLY, _DAY, _DAILY)
               for m in r.finditer(folded)]
    for m in _MONEY_ANY.finditer(folded):
        if any(a < m.end() and m.start() < b for a, b in periods):
            continue
        if not m.group("c") and _NOT_BUDGET_AFTER.match(folded, m.end()):
            continue
        if (m.group("c") or _LIMIT_BEFORE.search(folded[max(0, m.start() - 20):m.start()])
                or _TOTAL_AFTER.match(folded, m.end()) or _BUDGET_AFTER.match(folded, m.end())):
            return _amount(m)
    return None


# The asker's own price of a GPU-hour (audit ownprice): an hourly amount said as what they
# pay or what their card costs them, never a limit. A cue, at most two filler words, the
# amount (a bare number after a cue: "if an A100 costs 1.5 per hr"), an hour.
_OWN_SUBJECT = (r"(?:gpu|card|node|machine|server|instance|box|nod|masina|instanta|placa"
                r"|[a-z]{1,4}\d{2,4}[a-z]{0,4}|\d{3,4}|\d{2,3}\s?gb)(?:-(?:ul|urile|ului)|s)?+"
                r"(?:\s++(?:nostru|noastra|meu|mea|nostri|noastre))?+")
_OWN_CUE = (
    r"(?:\b(?:i|we|they|company|team)\s++(?:currently\s++|already\s++|now\s++|actually\s++"
    r"|usually\s++|normally\s++)?+(?:pay|paid)"
    r"|\b(?:i'?m|i\s++am|we'?re|we\s++are)\s++(?:currently\s++|already\s++)?+paying"
    r"|(?<!\bsa\s)\b(?:platesc|platim)"
    r"|\b(?:ne|ma)\s++costa|\bcosts?\s++(?:us|me|them)"
    r"|\b(?:our|my)\s++(?:price|rate|cost)\s++(?:is|=)"
    r"|\bpretul\s++(?:nostru|meu)\s++(?:e|este)"
    # (a card asked about is none: "which GPU costs $2/h?")
    rf"|(?<!which\s)(?<!what\s)(?<!care\s)(?<!ce\s)\b{_OWN_SUBJECT}\s++(?:costs?|costa)"
    r"|\b(?P<at>at|la))"
)
# the amount and its period ("$2/hr", "1,5 $/oră", "$1,500/month", "1500 $ pe lună"): an
# hour, or a month (audit ownprice2: "I pay $1500/month for an A100" was a monthly budget)
_OWN_AMOUNT = (
    rf"(?:\$\s*+(?P<a>{_NUMBER})(?P<ka>k)?+|(?<![\d.,])(?P<b>{_NUMBER})(?P<kb>k)?+\s*+(?:(?:de\s++)?"
    r"(?:\$|usd|dolari|dolar|dollars?|bucks)(?![a-z]))?+)"
    r"\s*+(?:(?:/|per|pe|a|an|each)\s*+)?+(?P<gpu>gpu[- ]?)?+"
    r"(?:h|hr|hrs|hour|ora|(?P<month>month|mo|mth|luna|monthly|lunar))\b")
_OWN_PRICE = re.compile(
    _OWN_CUE + r"(?:\s++(?:only|just|about|around|roughly|~|doar|cam|aproximativ))?+\s*+"
    + _OWN_AMOUNT)
"""An hourly price said as the asker's own: "I pay $2/hr", "we're paying $2.5 an hour",
"our H100 costs us $3/h", "if an A100 costs 1.5 per hr", "plătesc 2 $/oră", "ne costă 3
$/h", "H100-ul nostru costă 3 $/h", "at $2/h per GPU" ("at" only with a GPU unit: "at
$2/GPU-hour", or "per GPU" after it). A limit ("under $2/h", "budget of $2/h", "max $2/hr",
"I can pay at most $2/h", "sub 2 $/oră") has no such cue: the hourly budget. A monthly one
("I pay $1,500/month for an A100 80GB", "our A100 costs us $1,500 a month", "plătesc 1500
$/lună pentru un A100") only where it is said of a GPU or a machine
(:data:`_OWN_MONTH_TIED`): "we pay $1,500/month to OpenAI" is no GPU's price."""
OWN_MONTH_HOURS = 24.0 * MONTH_DAYS
"""The hours of a month an own monthly price is spread over: 24 h x ``MONTH_DAYS`` (720), the
month every monthly figure of the recommendations and of /v1/ask is priced over (its 24/7
``per_month_usd`` is 720 h of the hourly price), so "$1,500/month" is $2.08/h and its month
priced back is $1,500."""
_GPUISH = (r"(?:gpus?|cards?|nodes?|machines?|servers?|instances?|box(?:es)?|nod|nodul|masina"
           r"|instanta|serverul|placa|[a-z]{1,4}\d{2,4}[a-z]{0,4}\b|[lt]4\b|\d{4}(?:\s?ti)?\b)")
"""A word for a GPU or a machine of them, or a card's model number ("a100", "h100", "l4",
"4090", "mi300x"), that an own monthly price must be said of."""
_OWN_MONTH_TIED = re.compile(
    r"(?<!\s)\s*+(?:(?:per|pe|/|a|each|for each|pentru fiecare)\s*+(?:gpu|card|placa)\b"
    r"|(?:for|on|per|pe|pentru)\s++(?:(?:the|our|my|an?|one|1|un|o|each|every|fiecare|that"
    r"|this)\s++)?+(?:\d++\s*+x\s*+)?+(?:[a-z]++\s++)?" + _GPUISH + ")")
"""What ties a monthly amount to a GPU after it: "per GPU", "for an A100 80GB", "for the 8x
H100 node", "pentru un A100" (the clause before it is the other way: "our A100 costs us")."""
_GPUISH_IN = re.compile(r"\b" + _GPUISH)
_OWN_PER_GPU = re.compile(r"\s*+(?:(?:per|pe|/|a|each|for each|pentru fiecare)\s*+"
                          r"(?:gpu|card|placa)\b|each\b|fiecare\b)")
_OWN_MACHINE = re.compile(
    r"\b(?:node|machine|server|box|instance|cluster|nod|nodul|masina|instanta|serverul)\b")
_OWN_AFTER_MACHINE = re.compile(
    # (matched right after an amount's unit; never from inside a run of spaces: linear on a
    # search too)
    r"(?<!\s)(?:\s*+(?:(?:the|our|my)\s++)?(?:node|machine|server|box|instance|cluster|nod"
    r"|nodul|masina|instanta|serverul)\b"
    r"|\s*+(?:for|per|pe|pentru)\s++(?:the\s++|our\s++|my\s++|an?\s++|one\s++|1\s++|un\s++"
    r"|o\s++|each\s++|whole\s++|intregul\s++|intreg\s++)*+(?:\d++\s*+x\s*+)?+(?:[\w-]++\s++)?"
    r"(?:node|machine|server|box|instance|cluster|nod|nodul|masina|instanta|serverul)\b)")


def own_price(text: str, registry: Registry | None = None) -> tuple[float, bool] | None:
    """The asker's own hourly price of the GPUs (:data:`_OWN_PRICE`), as (USD per hour,
    whether it is a whole machine's: "for the 8x node", "our 8x H100 node costs us $20/h";
    "per GPU", "for an H100": one GPU's), or None. ``registry``: one GPU named makes a bare
    "at $0.40/hr" its price (:func:`_own_price_match`)."""
    m = _own_price_match(_fold(text), _one_gpu_named(text, registry))
    if m is None:
        return None
    folded = m.string
    per_gpu = bool(m.group("gpu")) or bool(_OWN_PER_GPU.match(folded, m.end()))
    # the clause before the price too: "our 8x H100 node costs us $20/h"
    clause = re.split(r"[,.;:?!]", folded[max(0, m.start() - 40):m.start()])[-1]
    machine = not per_gpu and bool(
        _OWN_AFTER_MACHINE.match(folded, m.end()) or _OWN_MACHINE.search(clause)
        or _OWN_MACHINE.search(m.group(0)))
    own = OwnPrice(_own_amount(m), bool(m.group("month")), machine)
    return own.per_hour, machine


@dataclass(frozen=True)
class OwnPrice:
    """A price of GPUs the question states as the asker's own (:func:`own_price_read`,
    :func:`gpu_prices`): the amount as said, its period and whether it is a whole machine's."""

    usd: float
    """The amount as said ($2 of "$2/hr", $1,500 of "$1,500/month")."""
    month: bool = False
    """Said per month (else per hour): spread over :data:`OWN_MONTH_HOURS`."""
    machine: bool = False
    """A whole machine's ("for the 8x node"), else one GPU's."""

    @property
    def per_hour(self) -> float:
        """The price of an hour: a monthly amount over :data:`OWN_MONTH_HOURS`."""
        return self.usd / OWN_MONTH_HOURS if self.month else self.usd


def own_price_read(text: str, registry: Registry | None = None) -> OwnPrice | None:
    """:func:`own_price` with the amount as said and its period ("$1,500/month": 1,500 a
    month, $2.08/h)."""
    m = _own_price_match(_fold(text), _one_gpu_named(text, registry))
    if m is None:
        return None
    hourly = own_price(text, registry)
    assert hourly is not None
    return OwnPrice(_own_amount(m), bool(m.group("month")), hourly[1])


def _own_amount(m: re.Match[str]) -> float:
    """The amount of an :data:`_OWN_AMOUNT` match ("1,500" groups thousands, "2,5" is a
    decimal comma, "1.5k" thousands)."""
    raw = m.group("a") or m.group("b")
    thousands = re.fullmatch(r"\d{1,3}(?:,\d{3})+", raw)
    v = float(raw.replace(",", "") if thousands else raw.replace(",", "."))
    return v * 1000 if (m.group("ka") or m.group("kb")) else v


_OWN_CAP_AFTER = re.compile(
    # (right after an amount's unit, never from inside a run of spaces: linear on a search)
    r"(?<!\s)(?:\s*+(?:per|pe|/|a|each|for each)\s*+(?:gpu|card|placa)\b)?+\s*+,?+\s*+"
    r"(?:or\s++(?:less|under|below|lower|cheaper)|sau\s++(?:mai\s++)?(?:putin|ieftin)"
    r"|max(?:imum)?\b|at\s++most|tops\b|cel\s++mult|maxim\b)")
"""A limit said after an amount ("at $3/h per GPU or less", "2 $/oră maxim"): a budget."""


_AT_LIMIT_BEFORE = re.compile(
    r"\b(?:budget|buget\w*+|max(?:imum)?|maxim|limit\w*+|cap|spend|cheltui\w*+|under|below|sub"
    r"|most|cel\s++mult|keep|stay|tinem|tin|ramana|cheapest|find|ieftin\w*+|gasesc|gasim)\b"
    r"[^$]{0,24}+$")
"""A limit or a search said just before "at $X/h" ("keep it at $2/h", "a budget at $2/h",
"cheapest H100 at $2/h", "find an H100 at $2/h"): a budget, no price of the asker's."""


def _one_gpu_named(text: str, registry: Registry | None) -> bool:
    """Whether the question names exactly one GPU (a family: one name): "at $0.40/hr" in
    it is that card's price, as the asker states it. False without a registry."""
    if registry is None:
        return False
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    if _AN_AMOUNT.search(folded) is None:
        return False  # no price at all: the names are not looked up
    toks = _tokens(folded)
    return len({m.id for m in _find_names(toks, registry, _tables(registry))
                if m.kind == "gpu"}) == 1


def _own_price_match(folded: str, one_gpu: bool = False) -> re.Match[str] | None:
    for m in _OWN_PRICE.finditer(folded):
        if m.group("at") and not m.group("gpu") and not _OWN_PER_GPU.match(folded, m.end()) \
                and not (one_gpu and not m.group("month") and not _AT_LIMIT_BEFORE.search(
                    folded, max(0, m.start() - 30), m.start())):
            # "at $2/h" alone is no own price ("a GPU at $2/h" of no card named: a limit or
            # a wish); with one GPU named it is that card's price ("SDXL on an RTX 4090 ...
            # cost per 1000 images at $0.40/hr": buyer audit 18a #3, read as a budget and
            # priced at the catalog's $0.29/h), unless a limit is said before it ("keep it
            # at $2/h", "a budget at $2/h") or after it (below)
            continue
        if _OWN_CAP_AFTER.match(folded, m.end()):
            continue  # "at $3/h per GPU or less": a limit
        if not (m.group("a") or m.group("b")):
            continue
        if m.group("month") and not _month_tied(folded, m):
            continue  # "we pay $1,500/month to OpenAI": no GPU's price
        return m
    return None


def _month_tied(folded: str, m: re.Match[str]) -> bool:
    """Whether a monthly amount is said of a GPU or a machine: after it ("for an A100",
    :data:`_OWN_MONTH_TIED`) or in its clause before it ("our A100 costs us")."""
    if _OWN_MONTH_TIED.match(folded, m.end()):
        return True
    clause = re.split(r"[,.;:?!]", folded[max(0, m.start() - 40):m.start()])[-1]
    return bool(_GPUISH_IN.search(clause + " " + folded[m.start():m.start("a") if m.group("a")
                                                          else m.start("b")]))


_GPU_PRICED = re.compile(
    # (right after the name, never inside a run of spaces: linear on a search; then a
    # Romanian article, a memory size or a form factor not in the name)
    r"(?<!\s)(?:-(?:ul|urile|ului|uri|ii|le))?+(?:\s++\d{2,3}\s?gb\b)?+(?:\s++(?:sxm\d?|pcie|nvl)\b)?+"
    r"\s*+(?:\(\s*+)?(?:(?:at|@|for|costs?|costa|la|cu)\s++|[:=@]\s*+)"
    r"(?:(?:only|just|about|around|roughly|~|doar|cam|aproximativ)\s++)?+" + _OWN_AMOUNT)
"""A price written right after a GPU's name in a comparison: "H100 at $2/h vs A100 at
$1.2/h", "H100 @ $2/hr", "A100 (at $1.20/h)", "H100 la 2 $/oră sau A100 la 1,2 $/oră"."""


_AN_AMOUNT = re.compile(_OWN_AMOUNT)
"""Any amount an hour or a month (:data:`_OWN_AMOUNT`): what :func:`gpu_prices` needs at all."""


def gpu_prices(text: str, registry: Registry
               ) -> tuple[tuple[tuple[str, ...], OwnPrice, int, int], ...]:
    """The prices written right after GPUs' names (:data:`_GPU_PRICED`) where the question
    names two or more GPUs (a comparison: "H100 at $2/h vs A100 at $1.2/h: which is cheaper
    per million tokens?"), each the asker's price of that card: (the cards the name stands
    for, the price, the amount's start and end in the folded text). A limit after the amount
    ("at $2/h or less") is none (a budget). One GPU named at a price ("an H100 at $2/h") is
    read as before (a budget, or :func:`own_price`'s "at $2/h per GPU") (audit ownprice2: a
    comparison's prices were a budget of the first, the catalog's prices compared)."""
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    if _AN_AMOUNT.search(folded) is None:
        return ()  # no price at all: the names are not looked up (every question reads this)
    toks = _tokens(folded)
    gpus = [m for m in _find_names(toks, registry, _tables(registry)) if m.kind == "gpu"]
    if len({m.id for m in gpus}) < 2:
        return ()
    out: list[tuple[tuple[str, ...], OwnPrice, int, int]] = []
    for g in gpus:
        pm = _GPU_PRICED.match(folded, toks[g.last].end)
        if pm is None or not (pm.group("a") or pm.group("b")) or _OWN_CAP_AFTER.match(
                folded, pm.end()):
            continue
        per_gpu = bool(pm.group("gpu")) or bool(_OWN_PER_GPU.match(folded, pm.end()))
        machine = not per_gpu and bool(_OWN_AFTER_MACHINE.match(folded, pm.end()))
        written = folded[toks[g.first].start:toks[g.last].end]
        family = registry.gpu_family(written)
        ids = tuple(family) if g.id in family else (g.id,)
        start = pm.start("a") if pm.group("a") else pm.start("b")
        out.append((ids, OwnPrice(_own_amount(pm), bool(pm.group("month")), machine), start,
                    pm.end()))
    return tuple(out)


def _amount(m: re.Match[str]) -> float:
    bare: str = m.groupdict().get("d") or ""  # :data:`_BARE_MONTHLY`'s
    raw: str = m.group("a") or m.group("b") or m.group("c") or bare
    # "1,000" groups thousands; "2,5" (Romanian) is a decimal comma
    thousands = re.fullmatch(r"\d{1,3}(?:,\d{3})+", raw)
    raw = raw.replace(",", "") if thousands else raw.replace(",", ".")
    value = float(raw)
    if m.group("ka") or m.group("kb") or m.group("kc") or m.groupdict().get("kd"):
        value *= 1000
    before = m.string[:m.start()]
    if before.endswith(("-", "\u2212")) and not before[-2:-1].isalnum() and (
            before[-2:-1] not in ".,)"):
        # "-5 dollars", "-$5/h": said negative, read negative (the answer says a budget must
        # be above zero); a range's dash ("3-5 dollars") follows a number, a separator ("H100
        # - 5 dollars") a space
        value = -value
    return value


_RATE_NOUN = (r"\d[\d.,]*+\s*+(?:k|thousand|mii)?\s*+(?:de\s++)?"
              r"(?:requests|reqs|cereri|requesturi|queries|interogari)\s*+")
_RATE_PERIOD = (r"(?:(?:/\s*+|(?:per|pe|a|an|each|every|in a|on a|intr-o)\s++)"
                r"(?:s|sec|second|secunda|min|minute|minut|h|hr|hour|ora|day|zi|month|luna)\b"
                r"|(?:daily|zilnic|hourly|monthly|lunar)\b)")
_PER_USER = r"(?:per|pe|each|for each|de|of each)\s++(?:user|utilizator|client)\w*+\s*+"
_MONTH_PERIOD = (r"(?:(?:/\s*+|(?:per|pe|a|an|each|every|in a|on a|intr-o)\s++)(?:month|luna)\b"
                 r"|(?:monthly|lunar)\b)")
"""The period of a monthly cost: "per month", "pe lună", "a month", "monthly"."""
_COUNT_SCALES = {"k": 1000, "thousand": 1000, "mii": 1000, "m": 1_000_000,
                 "million": 1_000_000, "millions": 1_000_000, "milion": 1_000_000,
                 "milioane": 1_000_000}
_SCALE_WORD = r"(?:k|thousand|mii|m|millions?|milioane|milion)\b"
USER_COUNT = (rf"(?<![\w.])(\d++(?:\.\d{{1,3}}(?=\s*+{_SCALE_WORD})|e\+?\d{{1,3}}(?!\w))?)"
              rf"\s*+(?:de\s++)?"
              rf"(?:({_SCALE_WORD})\s*+(?:de\s++)?)?")
"""A count of users, its scale word after it or not (groups 1 and 2): "1 million", "1.5
million", "2 milioane de", "20 de mii de", "10k". :func:`_spell_out` keeps a scale word from a
million up ("a million users" is "1 million users"), and a count in digits keeps its own.
Any count is read, however long, and in scientific notation ("1e308 users"): past what is
sized the answer says so (it was dropped, and 10^30 users answered for one)."""


def user_count(number: str, scale: str | None) -> int:
    """The count :data:`USER_COUNT` matched: ``number`` times its ``scale`` word, if any,
    exactly (a float made 10^30 users 1000000000000000019884624838656)."""
    factor = _COUNT_SCALES.get(scale or "", 1)
    if number.isdigit():
        return int(number) * factor
    with decimal.localcontext() as exact:  # "1.5 million", "1e308": every digit
        exact.prec = len(number) + 8
        return round(decimal.Decimal(number) * factor)


_BULLET_LINE = re.compile(r"(?m)^[ \t]*+[-\u2212*\u2022][ \t]*+\d")
"""A line that starts with a list item's hyphen (or star, or bullet) before a number."""


def minus_before(text: str, start: int) -> bool:
    """Whether a minus sign stands right before the number at ``start`` in ``text``, with the
    text's start, a space or an opening bracket or quote before the sign ("-2 H100s", "(-50
    users)"). A hyphen after a word or a number is a range or a compound, never a minus:
    "2-4 H100s", "8-bit", "H100-80GB", "gpt-4o-mini", "llama-3-8b"; nor is one after a
    number and a space ("on 1 -2 L4s": a range), nor a list item's hyphen at the start of a
    line ("70B:\n-2 H100s\n-4 H100s": two bullets; audit regress6 14), the text's first line
    too where another line is such an item."""
    if start < 1 or text[start - 1] not in "-\u2212":
        return False
    if start == 1:
        return len(_BULLET_LINE.findall(text)) < 2  # "-2 H100s\n-4 H100s": a list
    before = text[start - 2]
    if before in "([{\"'\u201c\u201e\u00ab":
        return True
    if not before.isspace():
        return False
    line = text.rfind("\n", 0, start - 1)
    if not text[line + 1:start - 1].strip():
        # the hyphen opens its line: a bullet, unless the question is on that one line
        return line < 0 and len(_BULLET_LINE.findall(text)) < 2
    # "1 -2 L4s": a number, a space, then the hyphen is a range, not a minus
    return not text[:start - 1].rstrip()[-1:].isdigit()


def _signed(text: str, start: int, n: int) -> int:
    """``n`` negative when a minus sign stands right before it at ``start`` in ``text``
    (:func:`minus_before`: "-50 users"; "10-50 users" is a range up to 50): the answer says
    such a count is not sized (the sign was dropped: 50 users)."""
    return -n if minus_before(text, start) else n


# people counted by their work, a team's (audit buyer24b #2: "for 20 devs", "pentru 15
# programatori", "20 de dezvoltatori" were dropped and one request sized, where "a team of 20
# developers" and "20 employees" are read): a team of them right after their count
# (_USER_BASE), a load where said at once ("20 concurrent devs", "20 devs at the same time")
_TEAM_NOUNS = (r"employees|staff|colleagues|coworkers|co-workers|devs|developers|engineers"
               r"|programmers|coders|analysts|researchers|scientists|agents|students"
               r"|angajati|colegi|programatori|dezvoltatori|ingineri|analisti|cercetatori"
               r"|agenti|studenti")
_USER_NOUNS = (r"users|useri|utilizatori|clients|clienti|customers|people|ppl|persons"
               rf"|persoane|oameni|seats|{_TEAM_NOUNS}")
"""Whom a load is counted in: users, clients and people said plainly ("50 people", "50 ppl",
"50 de oameni", "50 de persoane"; audit reg5: "50 people at 8k context" was one user, 17.5 GiB
on an RTX 4000 Ada, where "50 users" is 66.5 GiB on one H100)."""
_USERS = re.compile(  # any count: past what is sized (fields.Concurrency) the answer says so
    USER_COUNT +
    # up to two words of a load before the noun: "200 concurrent active users", "200
    # concurrently active users", "200 online users", "200 peak users", "200 paying users"
    # (audit buyer: one user was sized); never one of a period or of all ever signed up
    # ("200 daily users", "200 registered users": no load at once)
    r"(?:(?:concurrent(?:ly)?+|simultaneous(?:ly)?+|parallel|active|online|peak|expected"
    r"|paying|internal|external|end|beta)\s++){0,2}+"
    # and one word of what they use after such a word: "200 concurrent chat users"
    r"(?:(?:(?<=concurrent )|(?<=simultaneous )|(?<=parallel )|(?<=active )|(?<=online ))"
    rf"[a-z]{{2,15}}+\s++(?=(?:{_USER_NOUNS})\b))?+"
    # users "per month" are the load of a monthly cost asked, not a rate: "to serve Llama for
    # 50 users per month" (was 1 user: an RTX A4000 at $108.71/month, where "how much per
    # month ... for 50 users" gives 2 x RTX 3090), "pentru 50 de utilizatori pe lună"
    rf"(?:(?:{_USER_NOUNS})\b(?=\s*+{_MONTH_PERIOD})|"
    rf"(?:(?:{_USER_NOUNS}|sessions|sesiuni|conexiuni)\b"
    # requests are in flight only said so, before or after them ("1000 concurrent requests",
    # "1000 de cereri simultane"): a count with no period and no "at once" ("1000 requests")
    # is no rate and no concurrency (README), it was 1,000 concurrent users and 12 × A100
    r"|(?:(?<=concurrent )|(?<=simultaneous )|(?<=parallel )|(?<=active ))"
    r"(?:requests|reqs|cereri|requesturi)\b"
    r"|(?:requests|reqs|cereri|requesturi)\b(?=\s*+(?:concurent\w*+|concurrent\w*+"
    r"|simultan\w*+|at once|at the same time|in parallel|in paralel|deodata|in flight)\b))"
    # a count per period is a rate, not requests in flight: "1000 requests per day" (was
    # 1,000 concurrent users and 32 x L4), "50 de cereri pe minut", "2000 requests daily",
    # "50 requests per user per day"
    rf"(?!\s*+(?:{_PER_USER})?{_RATE_PERIOD}))"
)
# users who each make requests at a rate: a population, whose rate is users x requests each,
# never requests in flight: "200 users each making 50 requests a day" (was 200 concurrent
# users at 50 a day), "200 de utilizatori care fac fiecare câte 50 de cereri pe zi", "200
# users, 50 requests per user per day"
_POPULATION = re.compile(
    r"(?<![\w.])(\d{1,7})\s*+(?:de\s++)?(?:active\s++)?"
    r"(?:users|useri|utilizatori|clients|clienti|customers|people|persoane|oameni"
    rf"|{_TEAM_NOUNS})\b"
    rf"(?=[^.;?!\d]{{0,40}}?\b(?:each|apiece|fiecare|cate)\b[^.;?!\d]{{0,40}}?"
    rf"{_RATE_NOUN}(?:{_PER_USER})?{_RATE_PERIOD}"
    rf"|[^.;?!\d]{{0,20}}?{_RATE_NOUN}{_PER_USER}{_RATE_PERIOD})")


# sessions of use a day, not users: "4 sessions of 15 minutes a day", "în 4 sesiuni de 15 minute
# pe zi", "in 8 sessions of 15 minutes", "30 minutes a day, 4 sessions" (a daily time stated);
# never sessions said at once ("4 concurrent sessions", "4 sesiuni simultane"). Audit buyer27a
# #2: "4 sessions of 15 minutes a day, 10 users" was sized for 4 users at 24 h/day
_DAY_TIME_UNIT = r"(?:minutes?|mins?|minute|minut|hours?|hrs?|h|ore|ora)\b"
_A_DAY = (r"(?:(?:\s*+/\s*+|\s++(?:a|per|pe|each|every|on a|in a|intr-o)\s++)(?:day|zi)\b"
          r"|\s++(?:daily|zilnic)\b)")
_DAY_SESSIONS = re.compile(
    r"(?<![\w.])(?P<n>\d{1,3})\s*+(?:de\s++)?(?:sessions|sesiuni)\b"
    rf"(?P<day1>{_A_DAY})?"
    r"(?:\s*+,?\s*+(?:of|de|lasting|each of|of about|de cate|a cate|cu durata de|de circa)\s++"
    r"(?P<len>\d{1,4}(?:[.,]\d++)?)\s*+(?:de\s++)?(?P<unit>" + _DAY_TIME_UNIT + r")"
    r"(?:\s++(?:each|fiecare))?)?"
    rf"(?P<day2>{_A_DAY})?")
_SESSIONS_IN = re.compile(r"\b(?:in|into|over|across|split into|impartit\w* in)\s++$")
_SESSIONS_AT_ONCE = re.compile(
    r"\s*+(?:at once|at the same time|concurren\w*+|simultan\w*+|in parall?el|deodata"
    r"|in acelasi timp|open|deschise|active|activi)\b")
_SESSIONS_LOAD_BEFORE = re.compile(
    r"\b(?:concurrent(?:ly)?|simultaneous(?:ly)?|parallel|active|open|live|chat|user)\s++$")
_DAY_TIME = re.compile(
    r"(?<![\w.])\d{1,4}(?:[.,]\d++)?\s*+(?:de\s++)?" + _DAY_TIME_UNIT + _A_DAY)


@dataclass(frozen=True, slots=True)
class DaySessions:
    """Sessions of use a day read from a question (:func:`day_sessions`)."""

    count: int
    session_hours: float | None
    """One session's length where stated ("of 15 minutes": 0.25), else None."""
    start: int
    """Where the count starts in the folded text (the users' reader skips it)."""


def day_sessions(folded: str) -> DaySessions | None:
    """The sessions of use a day ``folded`` (folded text) states (:data:`_DAY_SESSIONS`): a
    count of sessions said a day, with a length ("of 15 minutes"), after "in" ("in 8
    sessions") or beside a daily time ("30 minutes a day, 4 sessions"); never sessions at
    once, which are a load (the users' reader keeps them)."""
    for m in _DAY_SESSIONS.finditer(folded):
        n = int(m.group("n"))
        before = folded[max(0, m.start() - 20):m.start()]
        if not 1 <= n <= 288 or _SESSIONS_LOAD_BEFORE.search(before) or (
                _SESSIONS_AT_ONCE.match(folded, m.end())):
            continue
        hours = None
        if m.group("len"):
            value = float(m.group("len").replace(",", "."))
            hours = value if m.group("unit")[0] in "ho" else value / 60
            if not 0 < hours * n <= 24:
                continue
        # a bare count beside a daily time ("30 minutes a day, 4 sessions"), a few words
        # apart, never across the question ("20 sessions ... 8 hours a day" may be a load)
        near = any(t.end() <= m.start() <= t.end() + 12 or m.end() <= t.start() <= m.end() + 12
                   for t in _DAY_TIME.finditer(folded))
        if (hours is not None or m.group("day1") or m.group("day2")
                or _SESSIONS_IN.search(before) or (n <= 24 and near)):
            return DaySessions(n, hours, m.start())
    return None


def population(folded: str) -> re.Match[str] | None:
    """The users of ``folded`` (folded text) who each make requests at a stated rate
    (:data:`_POPULATION`), its count in group 1, or None."""
    return _POPULATION.search(folded)


# a count of people said to be at once right after it: "a team of 50 people using it at the
# same time" is a load at once (read by _USERS), no user base
_NOT_AT_ONCE = (r"(?![^.;?!\n]{0,40}?\b(?:at (?:the same time|once)|concurren\w*+|simultan\w*+"
                r"|in parall?el|deodata|in acelasi timp)\b)")
_BASE_NOUNS = (r"users|useri|utilizatori|customers|clients|clienti|members|membri|people"
               r"|accounts|visitors|vizitatori|subscribers")
# people counted over all time, a month or a day, or a team, right after the count: "200
# registered users", "200 signed-up users", "200 subscribers", "200 de utilizatori
# înregistrați", "200 de conturi"; "5000 monthly active users", "5k MAU", "5000 active users
# per month", "5000 de utilizatori activi pe lună"; "20000 users a day", "2 million daily
# users", "10k DAU", "20000 de utilizatori pe zi"; "a 50-person team", "200 employees", "200
# de angajați". Users "per month" with no "active" stay the load of a monthly cost (_USERS).
_USER_BASE = re.compile(
    USER_COUNT +
    r"(?:(?P<registered>(?:registered|signed[\s-]?+up|subscribed|total)\s++"
    rf"(?:[a-z]{{2,15}}+\s++(?=(?:{_BASE_NOUNS})\b))?+(?:{_BASE_NOUNS})\b"
    r"|(?:subscribers|signups|sign[\s-]ups|user accounts)\b"
    r"|(?:users|customers|clients|members|accounts)\s++(?:registered|signed[\s-]?+up)\b"
    r"|(?:utilizatori|useri|clienti|membri)\s++(?:inregistrati|cu cont(?:uri)?+)\b"
    r"|(?:conturi|abonati)\b)"
    r"|(?P<monthly>monthly\s++(?:active\s++)?(?:users|customers|clients|visitors|people"
    r"|actives)\b|maus?\b"
    r"|active\s++(?:users|customers|clients|visitors)\s++(?:a|per|each|every|in a)\s++month\b"
    r"|(?:utilizatori|useri|clienti|vizitatori)\s++(?:activi\s++(?:lunar|pe luna"
    r"|in fiecare luna|intr-o luna)|lunari)\b)"
    r"|(?P<daily>(?:daily|zilnic)\s++(?:active\s++)?(?:users|useri|utilizatori|visitors"
    r"|vizitatori|clients|clienti|customers|people|oameni|persoane)\b|daus?\b"
    r"|(?:active\s++)?(?:users|useri|utilizatori|visitors|vizitatori|clients|clienti|customers"
    r"|people|oameni|persoane)\s++(?:activi\s++)?(?:(?:a|an|per|pe|each|every|on a|intr-o)"
    r"\s++(?:day|zi)\b|daily\b|zilnic\w*+))"
    r"|(?P<team>-?+(?:person|people|member|man)\s++team\b"
    rf"|(?:{_TEAM_NOUNS})\b))"
    + _NOT_AT_ONCE)
# a team (or a company) of a count: "a team of 50 people", "a team of 50", "a company of 200
# employees", "o echipă de 50 de oameni"; never a count of GPUs or machines ("a team of 4
# H100s") nor a size ("7b")
_TEAM_OF = re.compile(
    r"\b(?:team|company|department|org|organi[sz]ation|firm|startup|echipa|firma|compania"
    r"|companie|departament(?:ul)?+|organizatie|organizatia)\s++(?:of|de)\s++"
    r"(?:(?:about|around|roughly|some|~|aproximativ|circa|cam|vreo)\s*+)?+"
    r"(?<![\w.])(\d{1,7}+)(?!\w|\.\d)\s*+(?:de\s++)?"
    rf"(?:(?:people|persons|users|members|oameni|persoane|membri|utilizatori|{_TEAM_NOUNS})\b"
    r"|(?![a-z]*+\d|x\b|gpus?\b|cards?\b|plac\w*+|nodes?\b|noduri\b|machines?\b|masini\b"
    r"|servers?\b|servere\b|instances?\b|instante\b))" + _NOT_AT_ONCE)
USER_BASE_KINDS = ("registered", "monthly", "daily", "team")
"""How a user base is counted: everyone with an account, active in a month, in a day, or a
team's (or a company's) people."""


def user_base(folded: str) -> tuple[int, str, int] | None:
    """People who may use a service counted over all time, a month or a day, or a team
    (:data:`_USER_BASE`, :data:`_TEAM_OF`) in ``folded`` (folded text): their count, how they
    are counted (one of :data:`USER_BASE_KINDS`) and where the count starts; None where none
    is said, or where they are said to be at once. Such a count is no load at once (buyer
    audit: "200 registered users" was dropped and one request sized, "200 de utilizatori
    înregistrați" read as 200 concurrent users); the answer says so and sizes the worst case
    of all of them at once (numbers/write.py)."""
    found: list[tuple[int, int, str]] = []
    m = _USER_BASE.search(folded)
    if m is not None:
        kind = next(k for k in USER_BASE_KINDS if m.group(k) is not None)
        found.append((m.start(1), user_count(m.group(1), m.group(2)), kind))
    t = _TEAM_OF.search(folded)
    if t is not None:
        found.append((t.start(1), int(t.group(1)), "team"))
    if not found:
        return None
    start, n, kind = min(found)
    return (n, kind, start) if n > 0 else None


# the share of a user count active at once, said after it in the same sentence: "300 users,
# 10% active at once", "300 users but only 10% are active at the same time", "500 employees
# ..., about 5% concurrently", "300 users, 30 active at once", "avem 300 de utilizatori, 10%
# activi simultan", "dintre care 30 activi simultan" (buyer audit 26a #1: all 300 were sized
# at once, about 10 times the GPUs)
_AT_ONCE_SAID = (r"at once|at the same time|at any (?:one )?time|concurrently|simultaneously"
                  r"|in parallel|at peak|at the peak|simultan\w*+|concurent\w*+|deodata"
                  r"|in acelasi timp|in paralel|la varf")
_ACTIVE_SHARE = re.compile(
    USER_COUNT + rf"(?:(?:registered|total|internal)\s++)?(?:{_USER_NOUNS})\b"
    # the rest of the sentence up to the share (a model's name in it: "3.1" is no sentence end)
    r"(?P<gap>(?:[^.;?!%\n]|\.(?=\S)){0,80}?)"
    r"(?<![\w.,])(?:(?:about|around|roughly|approximately|approx\.?|only|maybe|some|up to"
    r"|aproximativ|circa|cca\.?|cam|doar|numai|pana la|~)\s*+)?+"
    r"(?P<share>\d++(?:[.,]\d++)?)(?!\w|[.,]\d)\s*+(?P<pct>%|percent\b|per cent\b|la suta\b)?\s*+"
    r"(?:(?:of (?:them|those|these|the users|users)|dintre (?:ei|ele)|din (?:ei|ele))\s++)?"
    r"(?:(?:are|is|being|will be|would be|sunt|fiind|vor fi|ar fi|e|este)\s++)?"
    r"(?:(?:active|activi|online|concurrent(?:ly)?+|simultaneous(?:ly)?+|concurent\w*+"
    r"|simultan\w*+)\b(?:\s++(?:users|utilizatori|useri|at a time))?"
    rf"(?:\s++(?:{_AT_ONCE_SAID})\b)?|(?:{_AT_ONCE_SAID})\b)")


_PERIOD_AFTER = re.compile(rf"\s*+{_RATE_PERIOD}")


def active_share(folded: str) -> tuple[int, int, float | None, int] | None:
    """A user count and the share of it active at once said after it (:data:`_ACTIVE_SHARE`)
    in ``folded`` (folded text): the users, the users at once (a percentage rounded up: 10%
    of 300 is 30, 5% of 500 is 25), the percentage (None where a count at once is said) and
    where the user count starts; None where none is said, or where the share is not fewer
    than the users. The users at once are the load to size for, not every user."""
    for m in _ACTIVE_SHARE.finditer(folded):
        if _PERIOD_AFTER.match(folded, m.end()):
            continue  # "30 active per day" is a count over a day, no load at once
        total = user_count(m.group(1), m.group(2))
        raw = m.group("share").replace(",", ".")
        pct = float(raw) if m.group("pct") else None
        if pct is None:
            if not raw.isdigit():
                continue
            at_once = int(raw)
        elif 0 < pct < 100:
            at_once = math.ceil(total * pct / 100 - 1e-9)
        else:
            continue
        if 0 < at_once < total:
            return total, at_once, pct, m.start(1)
    return None


# (not a length after it: "concurrent 8,000-token requests" are requests of 8,000 tokens, not
# 8,000 users; audit ask_intents3)
_CONCURRENCY = re.compile(r"\bconcurren\w*+\s*+(?:of|de|=|:)?\s*+(\d++)\b"
                          r"(?![\s-]*+(?:k\b[\s-]*+)?(?:de\s++)?(?:tokens?|tokeni|tok)\b)")
_ONE_USER = re.compile(
    r"\b(?:with|for|by|to|at)\s++(?:(?:just|only)\s++)?(?:1|one|a single|one single|single)"
    r"\s++(?:concurrent\s++|active\s++)?(?:user|client|customer|person)\b(?!['\u2019]s)"
    r"|\b(?:cu|pentru|la|de)\s++(?:(?:doar|numai)\s++)?(?:1|un singur|unui singur|un)\s++"
    r"(?:utilizator|client)\b(?!i\b)")
"""One user said in the singular ("with 1 user", "for a single user", "cu 1 utilizator",
"pentru un singur utilizator"): a load of one request at a time, as "1 concurrent request"
(audit regress4 #9: a throughput "with 1 user" was the full load's 2,579 tokens/s at 117
requests); :data:`_USERS` counts only plural nouns."""
_BARE_CONCURRENT = re.compile(
    r"(?<![\w.])(\d++)\s*+(?:concurrent|concurrency|simultaneous|in parallel|parallel)\b"
    r"(?=\s*+(?:$|[,.;:?!()]|\d|(?:tok|toks|tokens?|ctx|context|with|w/|at|on|for|and|in"
    r"|ttft|latency|tps|per|each|how|what|is|do|does|can|will|max|of)\b))")
"""A count of requests at once with no noun after it ("at 32 concurrent", "64 concurrent 2k
ctx", "64 concurrency", "16 in parallel"): requests in flight, as "32 concurrent users" (it was
dropped, and the speed, TTFT, KV and memory given for one request; audit ask_en #2). A noun
after it is read by :data:`_USERS` or, for streams, by the intent's readers."""
_SERVING_ASKED = re.compile(
    r"\b(?:tok(?:en)?s?\s*+/\s*+s|tokens? per second|tps|ttft|latency|per user|each user"
    r"|serv\w*+|inference|throughput)\b")
"""A serving figure asked beside a batch size: the batch is then requests at once."""
_BATCH = re.compile(
    # (a micro-batch in one word too: "microbatch 4", "micro_batch_size=4", "mbs 4", "micro-lot
    # 4"; "microbatch" has no word boundary before "batch" and was not read: sized at a
    # micro-batch of 1, audit buyer17 #6)
    r"\b(?:micro[_-]?+)?+batch(?:[\s_]*+size|[\s_]*+sizes|-ul|-ului)?\s*+(?:of|de|=|:|is)?\s*+"
    r"[-\u2212]?(\d++)\b"
    r"|\b(?:m|micro[_-]?+)?+bs\s*+=?\s*+[-\u2212]?(\d++)\b"
    r"|\b(?:micro-?+)?+lot(?:ul)?\s++(?:de\s++)?(\d++)\b"  # Romanian: "un lot de 16", "lotul de 16"
    # "batch global de 128", "batch-ul efectiv de 64": the Romanian word order, the size after
    # the adjective (it was not read: the split over the GPUs never said, audit train2 #2)
    r"|\bbatch(?:-ul)?\s++(?:global|efectiv|total)\s*+(?:de|of|=|:)?\s*+(\d++)\b"
)
"""A batch size, any size and its sign read (past what is sized, or under one, the answer
says so: "batch size 1000000000" was not read at all, and one request sized)."""
IMAGES_AT_ONCE = re.compile(
    r"(?<![\w.])(\d{1,3})\s++(?:de\s++)?(?:images?|imagini|pictures?|clips?|clipuri|videos?)\b"
    r"(?:\s++[a-z]++){0,4}?\s++(?:at once|at a time|simultaneously|in parallel|concurrently"
    r"|together|deodata|simultan|in acelasi timp|in paralel|odata)\b")
"""A diffusion batch said as images made together ("4 images at once", "4 imagini deodată"),
read as the batch with a memory asked (buyer audit 26c #4: a cost of a 4-image job, no
VRAM): :data:`MEMORY_WORD`."""
MEMORY_WORD = re.compile(r"\bvram\b|\bmemor\w*+|\bgib\b")


# ---------------------------------------------------------------------------------------------
# Workload and method


_SERVING = re.compile(
    r"\b(?:serv(?:e|es|ed|ing|erless)|servire\w*|servesc|servim|servi|deservire\w*|inference"
    r"|inferent\w*|endpoint\w*|production|productie|chatbot\w*|real[- ]time|timp real"
    r"|deploy\w*|for (?:a |my |our )?(?:small )?team|pentru (?:o )?echipa)\b"
)
_BATCH_WORK = re.compile(
    r"\b(?:batch (?:jobs?|inference|processing|mode|workloads?)|offline|bulk|in masa"
    r"|(?:inference|inferenta) (?:batch|offline|in masa)"
    r"|hours of (?:audio|video)|ore de (?:audio|video))\b"
)
_BATCH_INFERENCE = re.compile(
    r"\b(?:(?:batch|offline|bulk) (?:inference|inferenta)"
    r"|(?:inference|inferenta) (?:batch|offline))\b"
)
_JOBS = re.compile(r"\b(?:jobs?|joburi\w*|jobul\w*)\b")
_FINETUNE = re.compile(r"\b(?:fine[- ]?tun\w*|finetun\w*|ajustare fina)\b")
_PRETRAIN = re.compile(
    r"\b(?:pre-?train\w*|pre-?antren\w*|from scratch|de la zero"
    r"|multi[- ]?no(?:de|d)\w* (?:training|antrenament\w*|antrenare\w*)"
    r"|(?:training|antrenament\w*|antrenare\w*) multi[- ]?no(?:de|d)\w*)\b"
)
# a training framework's sharding or offload named ("DeepSpeed ZeRO-3 offload", "ZeRO-2",
# "FSDP", "ZeRO-Offload"): a training run, whatever else is said (audit buyer29b #5: "host RAM
# for DeepSpeed ZeRO-3 offload of Llama 3.1 70B" was sized as serving with a KV cache). Sources:
# https://www.deepspeed.ai/tutorials/zero-offload/ (ZeRO-Offload trains, offloading the
# optimizer state and its step to the CPU), https://docs.pytorch.org/docs/stable/fsdp.html.
# DeepSpeed's inference stacks (DeepSpeed-MII, DeepSpeed-Inference, FastGen) are not training.
TRAINER_SHARDING = re.compile(
    r"\bdeepspeed\b(?![\s_-]*+(?:mii|inference|inferenta|fastgen))"
    r"|(?<!\bla )\bzero[\s_-]*+(?:stage[\s_-]*+)?[0-3]\b(?![.,]\d)"
    r"|(?<!\bla )\bzero[\s_-]*+offload\w*+|\bfsdp\b|\boffload_optimizer\b")
_LORA = re.compile(r"\blora\b")
_QLORA = re.compile(r"\bqlora\b")
_FULL = re.compile(
    r"\bfull(?![- ]?precision)\b|\bfully\b|\bcomplet[ae]?\b|\bfull-parameter\b"
    r"|\ball (?:the )?(?:parameters|weights|params)\b|\btoate (?:greutatile|ponderile|parametrii)\b"
)
_TRAIN_CUE = re.compile(r"\b(?:train\w*|antren\w*)\b")
TUNED_MODEL = re.compile(
    r"\b(?:fine[- ]?tuned|finetuned|fine[- ]?tunat\w*+|finetunat\w*+|(?:s|f)?ft(?:'|\u2019)d"
    r"|sft-ed|ajustat\w*+ fin)(?![\w-])")
"""Fine-tuning as a participle, a model tuned before: "my fine-tuned llama", "a llama that
was fine-tuned earlier", "my finetuned mistral", "my sft'd mistral", "Llama 3 8B fine-tuned",
"modelul meu fine-tunat"."""
_TUNED_USE = re.compile(
    r"\b(?:serv(?:e|es|ed|ing|erless)|servire\w*+|servesc|servim|servi|deservire\w*+"
    r"|inference|inferent\w*+|endpoint\w*+|deploy\w*+|host\w*+|tps|ttft|latency|latenta"
    r"|users|utilizatori|useri|throughput|decode|generat\w*+)\b"
    r"|\b(?:tokens?|tokeni|toks?)\s*+(?:/|per|pe|a)\s*+(?:s|sec|second|secunda)\b")
"""What is done with a tuned model that is not tuning it: serving, inference, a speed."""


def serves_tuned(folded: str) -> bool:
    """Whether ``folded`` (folded text) speaks of serving a model fine-tuned before ("serve
    my fine-tuned llama 3 8b to 10 users", "tokens/s from my finetuned mistral 7b", "să
    servesc modelul meu fine-tunat"): fine-tuning said only as a participle
    (:data:`TUNED_MODEL`), with a word for serving, inference or speed, and no other word for
    fine-tuning ("fine-tune", "fine-tuning", LoRA, training). That is inference (audit
    ask_reading2: it was sized as LoRA training, 17.9 GiB, where serving 10 users needs 21.5)."""
    if not TUNED_MODEL.search(folded):
        return False
    rest = TUNED_MODEL.sub(" ", folded)
    return (not _FINETUNE.search(rest) and not _TRAIN_CUE.search(rest)
            and not _QLORA.search(rest) and bool(_TUNED_USE.search(rest)))


def _workload_and_method(text: str) -> tuple[str | None, str | None]:
    if serves_tuned(text):
        text = TUNED_MODEL.sub(" ", text)  # the model's past, not the work asked
    text = model_objectives_masked(text)  # "trained with RLHF", "Tulu 2 DPO 70B": the model's
    # a preference, RL or supervised objective named is fine-tuning, full unless LoRA or
    # QLoRA is said (the method read below)
    objective_cue = bool(OBJECTIVE.search(text))
    finetune_cue = bool(_FINETUNE.search(text)) or objective_cue
    methods: Counter[str] = Counter()
    methods["lora"] = len(_LORA.findall(text))
    methods["qlora"] = len(_QLORA.findall(text))
    if finetune_cue or _TRAIN_CUE.search(text):
        # "fully fine-tune", "fine-tune all weights", "antrenare completă": every weight
        methods["full"] = len(_FULL.findall(text))
    ranked = [mc for mc in methods.most_common() if mc[1] > 0]
    method: str | None = None
    if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        method = ranked[0][0]
    elif not ranked and objective_cue:
        method = "full"
    sharded = not finetune_cue and not _TRAIN_CUE.search(text) and bool(
        TRAINER_SHARDING.search(text))
    if sharded and not ranked:
        # ZeRO or FSDP named alone: a full fine-tune, the run they shard the optimizer state
        # of (said as read: answer.numbers.training, train_sharding_full)
        method = "full"

    cues = set()
    if _SERVING.search(_BATCH_INFERENCE.sub(" ", text)):  # "batch inference" is not serving
        cues.add("serving")
    if finetune_cue or sharded:
        cues.add("finetune")
    if _PRETRAIN.search(text):
        cues.add("pretrain")
    if _BATCH_WORK.search(text):
        if not cues & {"finetune", "pretrain"}:  # a training run is a batch job anyway
            cues.add("batch")
    elif not cues and _JOBS.search(text) and method not in ("lora", "qlora"):
        # "short jobs": the weakest cue, only when nothing else is said; "a QLoRA job", "a
        # LoRA job" train adapters (below; numbers.terms._method_trains), never a batch job
        # priced by the hour (audit spotdays)
        cues.add("batch")
    workload: str | None = None
    if len(cues) == 1:
        workload = cues.pop()
    elif not cues and method == "qlora":
        workload = "finetune"  # QLoRA is a fine-tuning method; LoRA adapters are also served
    return workload, method


# ---------------------------------------------------------------------------------------------
# The entry point


_SIZE = re.compile(r"^(\d{2,3})(?:gb|g|gib)$")
_FAMILY_WIDE = frozenset({"rtx", "rx", "radeon", "tesla", "instinct"})


def _family(gpu_id: str) -> str:
    parts = gpu_id.split("-")
    return "-".join(parts[:2]) if parts[0] in _FAMILY_WIDE else parts[0]


def _memory_variant(toks: list[_Tok], m: _Mention, registry: Registry) -> str:
    """The card of mention ``m``'s family with the memory the question states next to its name
    ("a100 80g sxm", "A100 SXM de 80 GB" -> the A100 SXM4 80GB), preferring the form factor
    named there too (sxm, pcie, nvl); ``m``'s own card when nothing else is stated. Read
    beside that mention, not the first of its card ("Merge FP8 pe A100? ... pe 2 plăci A100
    de 80GB": the 80GB is the second A100's)."""
    gpu = m.id
    near = [t.text for t in toks[m.first : m.last + 4]]
    size = None
    # a size written right before the name: "40GB A100s", "40 GB A100" (audit ro2 #9: read
    # as the 80GB card while "A100 de 40GB" was the 40GB one)
    before = [t.text for t in toks[max(0, m.first - 2) : m.first]]
    if before and (sm := _SIZE.match(before[-1])) is not None:
        size = int(sm.group(1))
    elif len(before) == 2 and before[0].isdigit() and before[1] in ("gb", "gib"):
        size = int(before[0])
    for i, w in enumerate(near if size is None else ()):
        sm = _SIZE.match(w)
        if sm is None and w.isdigit() and i + 1 < len(near) and near[i + 1] in ("gb", "g", "gib"):
            sm = re.match(r"(\d+)", w)
        if sm is not None:
            size = int(sm.group(1))
            break
    here = registry.gpus[gpu]
    if size is None or abs(here.total_gib - size) <= max(2.0, 0.06 * size):
        return gpu
    fam = _family(gpu)
    best: tuple[int, str] | None = None
    for g in registry.gpus.values():
        if _family(g.id) != fam or abs(g.total_gib - size) > max(2.0, 0.06 * size):
            continue
        score = sum(1 for part in g.id.split("-") if part in near)
        if best is None or score > best[0]:
            best = (score, g.id)
    return best[1] if best else gpu


def _engine_keys(registry: Registry) -> tuple[dict[str, str], int]:
    """Every engine's id, name and aliases from the catalog (engines.toml), normalised ("TRT-LLM",
    "tensorrt llm" -> "tensorrtllm"), to its id, and the most words a spelling can be written
    in ("Hugging Face transformers": 3); made once per registry."""
    def make() -> tuple[dict[str, str], int]:
        # an engine not modelled (TGI) reads as the one that times it (engines.toml
        # stands_in_for), said by the answer (:func:`engine_stand_in`)
        spellings = [(said, e.id) for e in registry.engines
                     for said in (e.id, e.name, *e.aliases)] + [
            (said, e.id) for e in registry.engines for st in e.stands_in_for
            for said in (st.name, *st.aliases)]
        keys = {norm(said): eid for said, eid in spellings if norm(said)}
        words = max((len(re.findall(r"[a-z0-9]+", said.lower())) for said, _ in spellings),
                    default=0)
        return keys, words
    return registry.derived.table("extract_engine_keys", make)


_GGUF_APPS = {"ollama": "Ollama", "lmstudio": "LM Studio"}
"""Apps that run GGUF files on llama.cpp, by their name's words joined: "Ollama is an
application based on llama.cpp" (https://huggingface.co/docs/hub/ollama), "LM Studio is built
on llama.cpp" (https://huggingface.co/docs/hub/lmstudio). Neither is an engine of the catalog:
named, the engine is llama.cpp (:func:`gguf_app`)."""


def gguf_app(toks: list[_Tok], text: str, registry: Registry) -> str | None:
    """The app of :data:`_GGUF_APPS` the question runs the model with ("with Ollama", "in LM
    Studio", "cu ollama"): named once, not negated or weighed (:data:`_GGUF_CUE_NOT` in the two
    words before it: "vLLM vs Ollama", "not Ollama"), and no engine but llama.cpp named ("Ollama
    or vLLM?" weighs two). None otherwise."""
    found: set[str] = set()
    for j, t in enumerate(toks):
        said = norm(t.text)
        if (said not in _GGUF_APPS and j + 1 < len(toks)
                and not text[t.end : toks[j + 1].start].strip(" -")):
            said += norm(toks[j + 1].text)  # "LM Studio": two words
        if said in _GGUF_APPS and not any(
                b.text in _GGUF_CUE_NOT for b in toks[max(0, j - 2) : j]):
            found.add(_GGUF_APPS[said])
    if len(found) != 1 or _engine(toks, text, registry) not in (None, "llama.cpp"):
        return None
    return found.pop()


def _engine_spellings(toks: list[_Tok], text: str, registry: Registry) -> list[str]:
    """The engine spellings ``text`` names (normalised keys of :func:`_engine_keys`), in the
    order they are written, by an id or name written as one word or as adjacent words."""
    keys, words = _engine_keys(registry)
    found: list[str] = []
    for i in range(len(toks)):
        joined = ""
        for j in range(i, min(i + words, len(toks))):
            if j > i and text[toks[j - 1].end : toks[j].start].strip(" -"):
                break  # words apart ("llama, cpp") are not one name
            joined += norm(toks[j].text)
            if joined in keys:
                found.append(joined)
    return found


def engines_named(toks: list[_Tok], text: str, registry: Registry) -> tuple[str, ...]:
    """Every engine id ``text`` names, first named first, each once ("SGLang vs vLLM":
    both, which the comparison answer times side by side)."""
    keys, _ = _engine_keys(registry)
    return tuple(dict.fromkeys(keys[k] for k in _engine_spellings(toks, text, registry)))


def engine_stand_in(toks: list[_Tok], text: str, registry: Registry) -> str | None:
    """The name of an engine not modelled that ``text`` names (engines.toml
    ``stands_in_for``: "TGI"), timed as the engine it is listed under; None otherwise."""
    for said in _engine_spellings(toks, text, registry):
        if said not in registry.engines:
            got = registry.engines.stand_in(said)
            if got is not None:
                return got[1].name
    return None


def _engine(toks: list[_Tok], text: str, registry: Registry) -> str | None:
    """The one engine ``text`` names, by its id or name written as one word or as adjacent
    words; None when none is named or several are ("vLLM vs SGLang" compares them)."""
    found = engines_named(toks, text, registry)
    return found[0] if len(found) == 1 else None


_CARD_DASH_MEMORY = re.compile(r"(?<![\w.-])([a-z]{1,3}\d{2,4}[a-z]{0,3})-(\d{2,3})(?![\w.-])")
"""A card with its memory after a dash and no unit: "a100-40", "h100-80", "v100-32"."""


def _card_dash_memory(folded: str, registry: Registry) -> str:
    """``folded`` with a card's memory after a dash written as a memory ("a100-40" ->
    "a100 40gb"), as "A100-40GB" names the A100 40GB: "a100-40" named no GPU at all (no yes
    or no, no A100). Only where the part before the dash is a GPU the registry knows."""
    def spaced(m: re.Match[str]) -> str:
        card = m.group(1)
        known = registry.gpu_names.lookup(card) is not None or registry.gpu_family(card)
        return f"{card} {m.group(2)}gb" if known else m.group(0)
    return _CARD_DASH_MEMORY.sub(spaced, folded)


def extract(text: str, registry: Registry) -> Extracted:
    """Every entity ``text`` states, resolved against ``registry``."""
    tables = _tables(registry)
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    toks = _tokens(folded)  # "a100/h100" splits into two names with nothing between
    names = _find_names(toks, registry, tables)
    models = [m for m in names if m.kind == "model"]
    gpus = [m for m in names if m.kind == "gpu"]
    taken: set[int] = set()
    for m in names:
        taken.update(range(m.first, m.last + 1))
    for m, end in _plus_names(toks, registry, tables):  # "Command R+": no typo of Command R
        taken.update(range(m.first, end + 1))
    if not models:
        fuzzy = _fuzzy_model(toks, taken, tables)
        if fuzzy is not None:
            models = [fuzzy]
            taken.update(range(fuzzy.first, fuzzy.last + 1))
    model, _ = _pick(toks, models)
    _, grouped = _pick(toks, gpus)
    # the setup asked about, never a GPU said on its side ("Does FP8 work on an A100? ... on
    # 2x A100 80GB", _asked_gpu): its card, its memory, and its count (the side one's article
    # was read as the count in English, 1 GPU, where Romanian read 2)
    asked, side = _side_gpus(toks, names, folded)
    gpu = _memory_variant(toks, asked, registry) if asked is not None else None
    counted = [g for g in gpus if g.first not in side]
    # (nor the count a side mention's noun carries: "Avem 8 plăci A100 de 80GB acum; ar
    # încăpea ... pe un H100?" is one H100, not 8)
    count_taken = set(taken)
    for g in gpus:
        if g.first in side:
            c = _count_said(toks, g) or ((k, k) if (k := _article_before(toks, g.first))
                                         is not None else None)
            at = c[1] if c is not None else g.first
            count_taken.update(range(min(at, g.first), max(at, g.last) + 1))

    # text with the names blanked, so a "70b" in "llama 3 70b" is not also a size
    chars = list(folded)
    for m in names + models:
        for j in range(m.first, m.last + 1):
            t = toks[j]
            chars[t.start : t.end] = " " * (t.end - t.start)
    bare = "".join(chars)

    params: float | None = None
    params_range: tuple[float, float] | None = None
    if model is None:
        pm = _PARAMS.search(bare)
        if pm:
            params = float(pm.group(2).replace(",", "."))
            if pm.group(1):
                params_range = (float(pm.group(1).replace(",", ".")), params)
        elif (mm := _PARAMS_M.search(bare)) is not None:
            # "a 125M model": 0.125B, sized as a bare size in billions is
            params = float((mm.group(1) or mm.group(2)).replace(",", ".")) / 1000

    engine = _engine(toks, folded, registry)
    if engine is None and gguf_app(toks, folded, registry) is not None:
        # "with Ollama", "in LM Studio": apps built on llama.cpp, no engine of the catalog;
        # the model runs on llama.cpp (it was sized and timed on vLLM; audit ollama)
        engine = "llama.cpp"
    # llama.cpp named, or an app built on it: its bit counts are GGUF types ("4-bit on
    # ollama" is q4_k_m)
    weights = _weights(toks, engine == "llama.cpp")
    quantized: bool | None = None
    if _QUANTIZED.search(folded) or (
        weights is not None and get_precision(weights).bits_linear < 16):
        quantized = True

    workload, method = _workload_and_method(folded)

    # the asker's own prices ("I pay $2/hr for an H100", "$1,500/month for an A100", "H100 at
    # $2/h vs A100 at $1.2/h"): the GPUs' prices, no cap on them (Stated.own_price_usd_per_hour
    # and gpu_prices; audits ownprice, ownprice2: they filtered the offers and the catalog's
    # prices priced the answer)
    own = _own_price_match(folded, _one_gpu_named(text, registry))
    owned = [*([own.span()] if own is not None else []),
             *((a, b) for _, _, a, b in gpu_prices(text, registry))]

    def budget(*found: re.Pattern[str]) -> re.Match[str] | None:
        return next((x for r in found for x in r.finditer(folded)
                     if not any(x.start() < b and a < x.end() for a, b in owned)), None)

    hour = budget(_HOUR, _HOURLY)
    month = budget(_MONTH, _MONTHLY)
    pop = population(bare)
    # people counted over time or in a team ("200 registered users", "200 de utilizatori
    # înregistrați", "a team of 50 people") are no load at once: never concurrent users here
    # (/v1/ask sizes all of them at once as the worst case and says so, numbers/write.py)
    base = user_base(bare)
    # (sessions of use a day are no users: "4 sessions of 15 minutes a day, 10 users")
    ds = day_sessions(bare)
    um = next((u for u in _USERS.finditer(bare)
               if (pop is None or u.start() != pop.start())
               and (base is None or u.start() != base[2])
               and (ds is None or u.start() != ds.start)), None)
    cm = _CONCURRENCY.search(bare) if um is None else None
    if um is None and cm is None:
        cm = _BARE_CONCURRENT.search(bare)
    users = (_signed(bare, um.start(1), user_count(um.group(1), um.group(2)))
             if um is not None else int(cm.group(1)) if cm is not None
             else 1 if _ONE_USER.search(bare) else None)
    share = active_share(bare)
    if share is not None and (users is None or users == share[0]
                              or (base is not None and base[2] == share[3])):
        # "300 users, 10% active at once": the users at once are the load (the answer says
        # how they were counted: Stated.active_share)
        users = share[1]
    batch = _BATCH.search(bare)
    batch_size = None
    if batch is not None:
        at = next(i for i in range(1, len(batch.groups()) + 1) if batch.group(i))
        batch_size = _signed(bare, batch.start(at), int(batch.group(at)))
    elif MEMORY_WORD.search(folded) and (ia := IMAGES_AT_ONCE.search(folded)):
        batch_size = int(ia.group(1)) or None
    if (users is None and batch_size is not None and batch_size >= 1
            and workload not in ("finetune", "pretrain") and not _TRAIN_CUE.search(folded)
            and _SERVING_ASKED.search(folded)):
        # a serving batch is the requests decoded together ("llama 3.1 8b on h100 batch size
        # 64 tok/s per user": 64 requests at once, README's batch_size; it was one request,
        # with 64 tokens/s taken for a target; audit ask_en #2)
        users = batch_size

    return Extracted(
        model=model,
        params_b=params,
        params_range_b=params_range,
        weights=weights,
        quantized=quantized,
        context_tokens=(input_output_tokens(text)[0]
                        or (rag.total_tokens if (rag := retrieved_prompt(text)) else None)
                        or _context(toks, taken, folded)),
        gpu=gpu,
        gpu_count=_gpu_count(toks, counted, grouped, count_taken, folded),
        workload=workload,
        method=method,
        budget_usd_per_hour=_amount(hour) if hour else None,
        budget_usd_per_month=_amount(month) if month else None,
        concurrent_requests=users,
        batch_size=batch_size,
        engine=engine,
    )


# ---------------------------------------------------------------------------------------------
# A GPU named but not known


_GPU_LIKE = re.compile(r"^[a-z]{1,3}\d{2,4}[a-z]{0,3}$")
_GPU_FAMILY = frozenset({"rtx", "gtx", "rx", "radeon", "quadro"})
_NOT_GPU_PREFIX = ("sm", "x", "gpt", "cuda", "gen", "ddr", "hbm", "pcie", "ax", "us", "eu")
# a latency percentile ("p95 TTFT", "p99 latency"), never a GPU (the Tesla P40 and P100 are
# known names; "p95" answered "I don't know the GPU “p95”"; audit tpotrate21 #3)
_PERCENTILE_WORD = re.compile(r"p(?:50|75|90|95|99|999)")


def unknown_gpu(text: str, registry: Registry) -> tuple[str, list[str]] | None:
    """A GPU-like name the registry does not know ("H10O", "RTX 4900"), as written, with the
    registry's nearest GPU ids (its name index's suggestions), or None. Read only when no
    GPU of the text resolves: the answer then says so rather than answering for another
    GPU."""
    tables = _tables(registry)
    folded = _card_dash_memory(_COUNT_X.sub(r"\1x ", _fold(text)), registry)
    toks = _tokens(folded)
    names = _find_names(toks, registry, tables)
    if any(m.kind == "gpu" for m in names):
        return None
    taken: set[int] = set()
    for m in names:
        taken.update(range(m.first, m.last + 1))
    for j, t in enumerate(toks):
        if j in taken:
            continue
        word = t.text
        phrase: str | None = None
        if word in _GPU_FAMILY and j + 1 < len(toks) and j + 1 not in taken and re.fullmatch(
                r"[a-z]?\d{3,4}[a-z]{0,3}", toks[j + 1].text):
            phrase = f"{word} {toks[j + 1].text}"
            if j + 2 < len(toks) and toks[j + 2].text in ("ti", "super", "xt", "xtx"):
                phrase += " " + toks[j + 2].text
        elif (_GPU_LIKE.match(word) and sum(c.isdigit() for c in word) >= 2
              and not re.search(r"\d[bkm]$", word) and not word.startswith(_NOT_GPU_PREFIX)
              and not _PERCENTILE_WORD.fullmatch(word)
              and find_precision(word) is None):
            phrase = word
        if phrase is None:
            continue
        if registry.gpu_names.lookup(phrase) is not None:
            continue
        start = t.start
        end = toks[j + len(phrase.split()) - 1].end
        written = text[start:end] if len(text) == len(folded) else phrase.upper()
        unlisted = registry.unlisted_gpu(phrase)
        if unlisted is not None:
            # a real card the catalog lacks ("MI250", "MI300A"): the cards it names instead
            return written, [g for g in unlisted.nearest if g in registry.gpus]
        # the name index's suggestions, nearest first by edit distance with transpositions
        # ("4900" is one swap from "4090", two changes from "4060"), of the maker the name
        # says where it says one ("MI300A": AMD's, never the NVIDIA B300)
        near = registry.gpu_names.suggest(phrase, limit=10)
        key = norm(phrase)
        near.sort(key=lambda gid: min(OSA.distance(key, norm(x)) for x in (
            gid, "-".join(gid.split("-")[:1]), "-".join(gid.split("-")[:2]))))
        return written, near[:3]
    return None


# ---------------------------------------------------------------------------------------------
# A model named but not known


_MODEL_LIKE = re.compile(r"([a-z]{2,}+)(?:-[a-z0-9.]++)*?-(\d++(?:\.\d++)?)b(?:-[a-z0-9.]++)*+")
"""A model's name with its size in it, as one word: "llama-9.9-999b", "mistral-gigantic-900b"
(the family first, the size in billions after a dash)."""


def _like_kind(registry: Registry, kind: str) -> list[ModelEntry]:
    """The catalog's models that do what an uncatalogued one of ``kind`` does
    (:func:`~service.domain.catalog.kinds.models_like`)."""
    return models_like(registry.models.values(), kind)


def uncatalogued_model(text: str, registry: Registry) -> tuple[str, list[str]] | None:
    """A well-known model the catalog has no entry for (:data:`_UNCATALOGUED`: "Qwen2-VL 7B",
    "Kokoro TTS", "nomic-embed-text-v1.5"), as written, with up to three catalog models that
    do the same, nearest in size to one the name states; None where none is named."""
    found = _uncatalogued(text, registry)
    if found is None:
        # a name the catalog lacks that says it is no language model ("Qwen3-Embedding-8B":
        # an embedder, https://huggingface.co/Qwen/Qwen3-Embedding-8B): said unknown, as
        # /v1/sizing says it, never sized as a chat model of its size (audit 31d #12)
        folded = _COUNT_X.sub(r"\1x ", _fold(text))
        named = _unknown_named(text, folded, registry)
        kind = kind_of_name(named[0]) if named is not None else None
        if named is not None and kind not in (None, "llm"):
            size = re.search(r"(?<![\d.])(\d++(?:\.\d++)?)b\b", named[0].lower())
            want = float(size.group(1)) * 1e9 if size else 0.0
            like = sorted(_like_kind(registry, kind or ""),
                          key=lambda x: (abs(x.total_params - want), x.id))
            return named[0], [x.id for x in like[:3]] or named[1]
    return found[:2] if found is not None else None


def _size_stated(folded: str) -> bool:
    """Whether the (folded) question gives a model's size ("314B", "a 125M model")."""
    return _PARAMS.search(folded) is not None or _PARAMS_M.search(folded) is not None


def _uncatalogued(text: str, registry: Registry) -> tuple[str, list[str], str] | None:
    """:func:`uncatalogued_model` with the kind of model found (:data:`_UNCATALOGUED`). A
    language model of the list is one only where the question gives no size; its catalog
    names are those of its family's name, if any ("Grok 1": none)."""
    folded = _fold(text)
    for rx, kind in _UNCATALOGUED:
        hit = rx.search(folded)
        if hit is None or registry.model_names.lookup(hit.group(0)) is not None:
            continue
        written = (text[hit.start():hit.end()] if len(text) == len(folded)
                   else hit.group(0)).strip()
        if kind == "llm":
            if _size_stated(folded):
                continue
            head = re.match(r"[a-z]++", hit.group(0))
            return written, _family_models(registry, head.group(0) if head else "", None), kind
        size = re.search(r"(?<!\d)(\d++(?:\.\d++)?)b\b", hit.group(0))
        like = _like_kind(registry, kind)
        want = float(size.group(1)) * 1e9 if size else 0.0
        # the catalog's models whose id starts with the name written ("Qwen2.5-VL": its 7B and
        # 72B) first, each size: the nearest-string neighbours were offered instead (audit 30a
        # #14: Gemma 3 4B, LLaVA, Qwen2-VL for "Qwen2.5-VL")
        key = re.sub(r"[^a-z0-9.]", "", (hit.group(0)[:size.start()] if size
                                          else hit.group(0)))
        like.sort(key=lambda x: (not (key and re.sub(r"[^a-z0-9.]", "", x.id).startswith(key)),
                                 abs(x.total_params - want), x.id))
        return written, [x.id for x in like[:3]], kind
    return _media_version(text, folded, registry)


_MEDIA_VERSION = re.compile(r"\b([a-z]{2,}+)[- ]?+v?+(\d++(?:\.\d++)?+)(?![\d.])[\w.-]*+")
"""A family's name and a version, then the rest of the name ("wan 2.2", "wan2.2-ti2v-5b")."""


def _media_version(text: str, folded: str,
                   registry: Registry) -> tuple[str, list[str], str] | None:
    """A catalog family of image, video or audio models named with a version the catalog has
    no model of ("Wan 2.2 14B", "Wan2.2-TI2V-5B": Wan 2.2's video models, a two-expert 27B and
    a 5B, https://huggingface.co/Wan-AI/Wan2.2-T2V-A14B), as written, with the family's models
    and the kind they are ("video"): never sized as a language model of the size written (it
    was: a 14B LLM on a V100 at 4 bits, audit 31d #1)."""
    families = registry.derived.table("understand.media_families", lambda: {
        fm.group(0): m.modality for m in registry.models.values()
        if m.kind != "llm" and m.modality in ("image", "video", "audio")
        and (fm := re.match(r"[a-z]{2,}+", m.id)) is not None
        and _ID_VERSION.match(m.id, fm.end()) is not None})  # a family versioned so
    for hit in _MEDIA_VERSION.finditer(folded):
        family, version = hit.group(1), hit.group(2)
        if family not in families or registry.model_names.lookup(hit.group(0)) is not None:
            continue
        if any(m.id.startswith(family) and (idv := _ID_VERSION.match(m.id, len(family)))
               is not None and idv.group(1) == version for m in registry.models.values()):
            continue  # a version the catalog has ("Wan 2.1")
        kind = families[family]
        like = sorted((m for m in registry.models.values() if m.id.startswith(family + "-")
                       or m.id.startswith(family + version[:1])),
                      key=lambda m: (-m.total_params, m.id))
        written = (text[hit.start():hit.end()] if len(text) == len(folded)
                   else hit.group(0)).strip()
        return written, [m.id for m in like[:3]], "asr" if kind == "audio" else kind
    return None


_ID_VERSION = re.compile(r"-?+v?+(\d++(?:\.\d++)?+)(?![\d.]|[bm]\b|[bm]-)")
"""The version right after a family's name in a catalog id ("llama-3.1-8b" -> 3.1, "qwen3-8b"
-> 3, "phi-4" -> 4); none where a size follows the name ("llama-65b")."""


def _family_models(registry: Registry, family: str, version: float | None) -> list[str]:
    """Up to three of the catalog's generative language models whose id starts with the
    ``family`` name ("gemma" for "Gemma 5"), nearest in version to ``version`` (else the
    latest first), or none where the catalog has no model of that name ("grok")."""
    if len(family) < 2:
        return []
    found: list[tuple[float, str]] = []
    for m in registry.models.values():
        if m.kind != "llm" or m.task != "generate" or not m.id.startswith(family):
            continue
        vm = _ID_VERSION.match(m.id, len(family))
        if vm is None and m.id[len(family):len(family) + 1] not in ("-", ""):
            continue  # "phind" is no Phi
        v = float(vm.group(1)) if vm is not None else 0.0
        found.append((abs(v - version) if version is not None else -v, m.id))
    return [i for _, i in sorted(found)[:3]]


_VERSION_WORD = re.compile(r"v?+(\d(?:\.\d++)?+)")
"""A version written apart after a family's name ("Llama 5", "Qwen 4", "Phi 5.5")."""


def _family_version(toks: list[_Tok], text: str, folded: str,
                    registry: Registry) -> tuple[str, list[str]] | None:
    """A catalog family's name with a version the catalog has no model of, and no size
    ("Llama 5", "Gemma 5", "Qwen 4"): as written, with the family's models nearest in version;
    a version the catalog has ("Llama 3": 8B or 70B) is none."""
    families = registry.derived.table("understand.llm_families", lambda: frozenset(
        fm.group(0) for m in registry.models.values()
        if m.kind == "llm" and m.task == "generate"
        and (fm := re.match(r"[a-z]{2,}+", m.id)) is not None))
    for i, (t, v) in enumerate(itertools.pairwise(toks)):
        vm = _VERSION_WORD.fullmatch(v.text)
        if (t.text not in families or t.text == "command" or vm is None or t.plus or v.plus
                or not _joined(t, v) or t.text in _METHOD_NAMES):
            continue
        after = toks[i + 2] if i + 2 < len(toks) else None
        if after is not None and _joined(v, after) and (
                registry.gpu_names.lookup(after.text) is not None
                or re.fullmatch(r"x|gpus?+|cards?+|nodes?+|h|hours?+|ore", after.text)):
            continue  # "Llama on 4 H100s" reads no version
        version = vm.group(1)
        if any(m.id.startswith(t.text) and (idv := _ID_VERSION.match(m.id, len(t.text)))
               is not None and idv.group(1).startswith(version)
               and idv.group(1)[len(version):len(version) + 1] in ("", ".")
               for m in registry.models.values()):
            continue  # a version the catalog has
        written = text[t.start:v.end] if len(text) == len(folded) else folded[t.start:v.end]
        return written, _family_models(registry, t.text, float(version))
    return None


def unknown_model(text: str, registry: Registry) -> tuple[str, list[str]] | None:
    """A model-like name with a size that the registry does not know ("llama-9.9-999b"), as
    written, with the registry's models of that family nearest in size (else the name index's
    suggestions), or None. Such a name was read as a size alone, and a size no catalog model
    is near got only a guidance passage: the answer now says the model is unknown."""
    found = unknown_model_read(text, registry)
    return found[:2] if found is not None else None


def unknown_model_read(text: str, registry: Registry) -> tuple[str, list[str], bool] | None:
    """:func:`unknown_model`, with whether the model is a language model whose size the
    question does not give ("Grok 1", "Llama 5", "Command R+"): its answer asks for the size,
    which is sized (audit round 23, unknownllm: such questions got a guidance passage
    alone)."""
    folded = _COUNT_X.sub(r"\1x ", _fold(text))
    sizeless = not _size_stated(folded)
    listed = _uncatalogued(text, registry)
    if listed is not None:
        return listed[0], listed[1], listed[2] == "llm"
    plus = plus_named(text, registry)
    if plus is not None:
        # a "Vision" name is no language model whose size alone would size it
        seen = re.split(r"[\s-]+", plus[0].lower())[-1] in _MODALITY_WORDS
        read = registry.models.get(plus[1][0]) if plus[1] else None
        text_model = read is not None and read.kind == "llm" and read.task == "generate"
        return plus[0], plus[1], sizeless and not seen and text_model
    found = _unknown_named(text, folded, registry)
    if found is None:
        return None
    ids = found[1]
    models = registry.models
    other = uncatalogued_model(text, registry)
    if other is not None and other[0] == found[0]:
        return found[0], other[1], False  # an embedder's name: the catalog's embedders
    # a family of generative language models ("GPT-4" beside GPT-J, "Llama-5"), not of
    # embedding models ("bge-m3")
    llm = all(models[i].kind == "llm" and models[i].task == "generate" for i in ids)
    return found[0], ids, sizeless and llm


def _unknown_named(text: str, folded: str,
                   registry: Registry) -> tuple[str, list[str]] | None:
    """:func:`unknown_model` past the well-known models the catalog lacks and the "+" names."""
    tables = _tables(registry)
    toks = _tokens(folded)
    names = _find_names(toks, registry, tables)
    if any(m.kind == "model" for m in names):
        return None
    told: list[_Mention] = []
    taken = {k for m in names for k in range(m.first, m.last + 1)}
    if _fuzzy_model(toks, taken, tables, told) is None and told:
        # a catalog name with a word that tells another model apart ("Command A", "GLM-4.5V"):
        # that model, unknown, with the catalog's of its family (never answered as Command R)
        hit = told[0]
        start, end = toks[hit.first].start, toks[hit.last].end
        written = text[start:end] if len(text) == len(folded) else folded[start:end]
        head = hit.id.split("-", 1)[0] + "-"
        ids = [hit.id, *sorted(x.id for x in registry.models.values()
                               if x.id.startswith(head) and x.id != hit.id)]
        return written, ids[:3]
    for t in toks:
        m = _MODEL_LIKE.fullmatch(t.text)
        if m is None or registry.model_names.lookup(t.text) is not None:
            continue
        family, size_b = m.group(1), float(m.group(2))
        near = [x for x in registry.models.values() if x.id.startswith(family)] or [
            registry.models[i] for i in registry.model_names.suggest(t.text, limit=10)]
        near.sort(key=lambda x: (abs(x.total_params / 1e9 - size_b), x.id))
        written = text[t.start:t.end] if len(text) == len(folded) else t.text
        return written, [x.id for x in near[:3]]
    # a catalog family's name and version, other words, then a size ("Llama 3.1 Nemotron
    # Ultra 253B": NVIDIA's NAS-pruned 253B, https://huggingface.co/nvidia/
    # Llama-3_1-Nemotron-Ultra-253B-v1, with blocks of no attention and varied FFN widths): a
    # model the catalog lacks, said so before any stand-in's figures (audit 31d #12)
    heads_words = registry.derived.table("understand.name_heads", lambda: frozenset(
        w.group(0) for m in registry.models.values() for n in (m.id, m.name, *m.aliases)
        if (w := re.match(r"[a-z]{3,}+", n.lower().rsplit("/", 1)[-1])) is not None))
    for i, t in enumerate(toks):
        if t.text not in heads_words:
            continue
        j = i + 1
        while j < len(toks) and j - i <= 5 and _joined(toks[j - 1], toks[j]) and not (
                _BILLIONS_WORD.fullmatch(toks[j].text)):
            j += 1
        if (j >= len(toks) or j - i > 5 or not _joined(toks[j - 1], toks[j])
                or not _BILLIONS_WORD.fullmatch(toks[j].text)):
            continue
        words = [x.text for x in toks[i + 1 : j]]
        if not any(w.isalpha() for w in words) or any(
                w in _STRIP_WORDS or (w.isalpha() and len(w) < 3) for w in words) or any(
                registry.gpu_names.lookup(w) is not None or find_precision(w) is not None
                for w in words):
            continue
        phrase = " ".join(x.text for x in toks[i : j + 1])
        if registry.model_names.lookup(phrase) is not None:
            continue
        size_b = float(toks[j].text[:-1])
        own = re.sub(r"[^a-z0-9]", "", t.text + words[0])  # "llama3.1": its version first
        kin = sorted((x for x in registry.models.values() if x.id.startswith(t.text)),
                     key=lambda x: (not re.sub(r"[^a-z0-9]", "", x.id).startswith(own),
                                    abs(x.total_params / 1e9 - size_b), x.id))
        start, end = t.start, toks[j].end
        written = text[start:end] if len(text) == len(folded) else folded[start:end]
        return written, [x.id for x in kin[:3]]
    # a name written apart from its size ("FooBarLM 13B"): read as the size alone, it was
    # answered as Meta Llama 2 13B with only "(Assuming a 13B model such as ...)" after the
    # figures (audit buyer19 #10); a name of no catalog family lists no nearest names
    for t, size in itertools.pairwise(toks):
        sm = _BILLIONS_WORD.fullmatch(size.text)
        if (sm is None or len(text) != len(folded) or not _name_like(text[t.start:t.end])
                or t.text in _METHOD_NAMES
                or registry.model_names.lookup(t.text) is not None
                or registry.gpu_names.lookup(t.text) is not None):
            continue
        family = [x for x in registry.models.values() if x.id.startswith(t.text + "-")]
        family.sort(key=lambda x: (abs(x.total_params / 1e9 - float(sm.group(1))), x.id))
        return text[t.start:size.end], [x.id for x in family[:3]]
    # a sizeless name of a family the catalog has ("bge-m3" beside bge-large-en-v1.5): not
    # answered as if no model were named (it priced the GPU alone), said unknown
    heads = _id_heads(registry)
    for t in toks:
        head, _, rest = t.text.partition("-")
        vm = _VERSION_WORD.fullmatch(rest)
        if vm is not None and len(_family_members(registry, head, vm.group(1))) > 1:
            continue  # "gemma-2", "llama-3": a family the catalog has (:func:`family_sizes`)
        if (head in heads and rest and rest[0].isalnum() and "cpp" not in t.text
                and registry.model_names.lookup(t.text) is None
                and registry.gpu_names.lookup(t.text) is None):
            near = sorted((x for x in registry.models.values() if x.id.startswith(head + "-")),
                          key=lambda x: x.id)
            written = text[t.start:t.end] if len(text) == len(folded) else t.text
            return written, [x.id for x in near[:3]]
    # a family's name with a version the catalog has no model of ("Llama 5", "Qwen 4"): a
    # guidance passage alone (audit round 23, unknownllm)
    return None if _size_stated(folded) else _family_version(toks, text, folded, registry)


# ---------------------------------------------------------------------------------------------
# A family named with a version the catalog has, and no size


_FAMILY_WORD = re.compile(r"([a-z]{2,}+)-?+(v?+\d(?:\.\d++)?+)")
"""A family's name and its version written as one word ("qwen3", "falcon3", "llama-3")."""


def family_sizes(text: str, registry: Registry) -> tuple[str, list[str]] | None:
    """A catalog family named with a version the catalog has and no size ("Llama 3", "Qwen 3",
    "Falcon 3", "cât VRAM pentru llama 3?"): as written, with the catalog's generative language
    models of that family and version (each size once, smallest first), or None where a model
    or a size is named, or the catalog has fewer than two such models. Such a question got a
    guidance passage alone (audit round 23, familysize): the answer sizes each one."""
    folded = _COUNT_X.sub(r"\1x ", _fold(text))
    if _size_stated(folded):
        return None
    tables = _tables(registry)
    toks = _tokens(folded)
    if any(m.kind == "model" for m in _find_names(toks, registry, tables)):
        return None
    families = registry.derived.table("understand.llm_families", lambda: frozenset(
        fm.group(0) for m in registry.models.values()
        if m.kind == "llm" and m.task == "generate"
        and (fm := re.match(r"[a-z]{2,}+", m.id)) is not None))
    for i, t in enumerate(toks):
        one = _FAMILY_WORD.fullmatch(t.text)
        if one is not None and one.group(1) in families and not t.plus:
            family, version, end = one.group(1), one.group(2).lstrip("v"), t.end
            last = i
        elif i + 1 < len(toks) and (vm := _VERSION_WORD.fullmatch(toks[i + 1].text)) and (
                t.text in families and t.text not in _METHOD_NAMES and t.text != "command"
                and not t.plus and not toks[i + 1].plus and _joined(t, toks[i + 1])):
            family, version, end = t.text, vm.group(1), toks[i + 1].end
            last = i + 1
        else:
            continue
        after = toks[last + 1] if last + 1 < len(toks) else None
        if after is not None and _joined(toks[last], after) and (
                registry.gpu_names.lookup(after.text) is not None
                or re.fullmatch(r"x|gpus?+|cards?+|nodes?+|h|hours?+|ore|\d[\d.]*+", after.text)):
            continue  # "Llama on 4 H100s" reads no version; "llama 3 405" is a size
        ids = _family_members(registry, family, version)
        if len(ids) < 2:
            continue
        written = text[t.start:end] if len(text) == len(folded) else folded[t.start:end]
        return written, ids
    return None


def _family_members(registry: Registry, family: str, version: str) -> list[str]:
    """The catalog's generative language models named ``family`` + ``version`` + a size
    ("llama-3-8b", "qwen3-30b-a3b"; not "llama-3.1-8b" for Llama 3, nor "qwen3-coder-480b"),
    one per parameter count (the shortest id: "qwen3-4b", not "qwen3-4b-2507"), smallest
    first."""
    by_params: dict[int, str] = {}
    named: dict[int, str] = {}
    for m in registry.models.values():
        if m.kind != "llm" or m.task != "generate" or not m.id.startswith(family):
            continue
        vm = _ID_VERSION.match(m.id, len(family))
        if vm is None or vm.group(1) != version:
            continue
        # a size after the version ("llama-3-8b"), else a name ("llama-4-scout", "-maverick":
        # Llama 4 comes as Scout and Maverick, no size in their names; audit 31d #8)
        kept = by_params if re.match(r"-\d", m.id[vm.end():]) else named
        if kept is named and not re.fullmatch(r"-[a-z]++", m.id[vm.end():]):
            continue  # "qwen3-coder-480b-a35b" is no Qwen3 of a size
        held = kept.get(m.total_params)
        if held is None or (len(m.id), m.id) < (len(held), held):
            kept[m.total_params] = m.id
    if not by_params:
        by_params = named
    return [by_params[p] for p in sorted(by_params)]


def version_read(text: str, registry: Registry, model_id: str) -> str | None:
    """The name as written where the question names ``model_id`` by an alias of another
    version that the catalog keeps under it ("DeepSeek V2.5" is DeepSeek-V2's entry: its
    aliases list V2.5, which shares V2's 236B architecture, huggingface.co/deepseek-ai/
    DeepSeek-V2.5/blob/main/config.json); None where the version written is the model's own,
    or none is written. It was answered as DeepSeek-V2 with no word that V2.5 has no entry
    of its own (audit round 23, familysize)."""
    model = registry.models.get(model_id)
    head = re.match(r"[a-z]{2,}+", model_id)
    if model is None or head is None:
        return None
    family = head.group(0)
    own = _ID_VERSION.match(model_id, len(family))
    if own is None:
        return None
    folded = _fold(text)
    toks = _tokens(folded)
    for i, t in enumerate(toks):
        one = _FAMILY_WORD.fullmatch(t.text)
        if one is not None and one.group(1) == family:
            version, end = one.group(2).lstrip("v"), t.end
        elif (t.text == family and i + 1 < len(toks) and _joined(t, toks[i + 1])
              and (vm := _VERSION_WORD.fullmatch(toks[i + 1].text)) is not None):
            version, end = vm.group(1), toks[i + 1].end
        else:
            continue
        if version == own.group(1):
            return None
        written = text[t.start:end] if len(text) == len(folded) else folded[t.start:end]
        key = re.sub(r"[^a-z0-9]", "", written.lower())
        if any(re.sub(r"[^a-z0-9]", "", a.lower().rpartition("/")[2]).startswith(key)
               for a in model.aliases):
            return written
        return None
    return None


_STRIP_WORDS = frozenset(
    "instruct chat base model models of the my our for pentru with and or sau not nor from "
    "like than then into onto over under about din dintre modelul modelului".split())
"""Words between a family's name and a size that name no other model ("Llama 3 instruct
70B", "a model of 70B")."""


_METHOD_NAMES = frozenset({"lora", "qlora", "dora", "qdora", "relora", "galore", "loftq"})
"""Fine-tuning methods written in camel case ("QLoRA 70B", "LoRA 13B", "DoRA 8B"): the method
and the size of the model tuned, never a model's name written apart from its size (audit
buyer21 #6: "QLoRA 70B" was said not in the catalog, with the stand-in's KV cache per token)."""
_BILLIONS_WORD = re.compile(r"(\d++(?:\.\d++)?)b")
"""A size in billions, one word ("13b"), as it follows a model's name written apart."""
_CAMEL = re.compile(r"[a-z][A-Z]")
"""A made-up model name as written is in camel case ("FooBarLM", "MyGpt") or ends in "LM"
("Foolm"): never a word of a sentence ("for", "VRAM", "How")."""


def _name_like(written: str) -> bool:
    if not (written.isascii() and written.isalnum() and written[0].isalpha()):
        return False
    return (_CAMEL.search(written) is not None
            or (len(written) >= 4 and written.endswith("LM") and written[-3].islower()))


def _id_heads(registry: Registry) -> frozenset[str]:
    """The first word of the catalog's model ids that name a family of several words
    ("bge" of bge-large-en-v1.5, "e5" of e5-mistral-7b-instruct), kept per snapshot."""
    return registry.derived.table("understand.id_heads", lambda: frozenset(
        m.id.split("-", 1)[0] for m in registry.models.values()
        if "-" in m.id and len(m.id.split("-", 1)[0]) >= 2))


# ---------------------------------------------------------------------------------------------
# A rate of an embedding, speech or video model asked in its own unit

_PERIOD_S = {"second": 1.0, "sec": 1.0, "secunda": 1.0, "minute": 60.0, "min": 60.0,
             "minut": 60.0, "hour": 3600.0, "hr": 3600.0, "ora": 3600.0, "day": 86_400.0,
             "zi": 86_400.0, "month": 2_592_000.0, "luna": 2_592_000.0}
_PERIOD = (r"(?:per|pe|an?|each|every|/)\s*+"
           r"(second|sec|secunda|minute|min|minut|hour|hr|ora|day|zi|month|luna)\b")
_HOW_MANY = r"\b(?:how many|cate|cati)\b"
# a time asked of a length of audio: "how long", "latency", "time to transcribe", "cât
# durează"; and of one to make ("how many seconds to generate", "time to generate", "câte
# secunde": audit buyer16 #1, #5 answered a rate, or millions of songs)
_AUDIO_TIME_Q = (r"\b(?:how long|how much time|latency|latenta"
                 r"|time to (?:transcribe|process|generate|make|synthesi[sz]e|create|produce)"
                 r"|how many (?:seconds|minutes)|cate (?:secunde|minute)"
                 r"|cat (?:dureaza|timp)|in cat timp)\b")
# the length of audio or of one piece: "30 seconds of music", "a 30-second clip", "a 2 minute
# song", "one 90-second track", "30 de secunde de muzică" (Romanian's "de" after a number from
# 20, audit buyer: the rate was answered, no time), "un clip de 30 de secunde", "o melodie de 2
# minute" (groups 1-2, or 3-4). ``{s}`` is "s?", or "" where only one piece is read (the
# time asked after it: "30-second clips ... how long to transcribe 10,000" is no one clip)
_AUDIO_LENGTH = (
    r"(?:\b(\d++(?:\.\d++)?)\s*+-?\s*+(?:de\s++)?(seconds?|secs?|s|secunde|minutes?|mins?"
    r"|minute)"
    r"(?:\s++long)?\s++(?:(?:of\s++|de\s++)?(?:music|audio|speech|sound|muzica|vorbire"
    r"|sunet)|(?:audio\s++|music\s++)?(?:clip{s}|recording{s}|file{s}|segment{s}|snippet{s}"
    r"|song{s}|track{s}|tune{s}|piece{s}|jingle{s}))\b"
    r"|\b(?:clip\w*+|inregistrar\w*+|fisier\w*+|melodi\w*+|pies\w*+|cantec\w*+)\s++"
    r"(?:audio\s++)?de\s++(\d++(?:\.\d++)?)"
    r"\s*+(?:de\s++)?(secunde|secunda|minute|minut)\b)")
_RATE_READS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # (and its inverse, "how many x real time", "how many times faster than real time", "de
    # câte ori mai repede decât timpul real": the same answer, its "× real time" said)
    ("rtf", re.compile(r"\breal[- ]?time[- ]factor\b|\brtf\b|\bfactor\w*+ de timp real\b"
                       r"|\bx\s*+real[- ]?time\b|\btimes\s++(?:faster\s++than\s++)?real[- ]?time\b"
                       r"|\bori\s++mai\s++(?:repede|rapid)\s++decat\s++(?:in\s++)?timp(?:ul)?"
                       r"\s++real\b")),
    ("docs", re.compile(_HOW_MANY + r".{0,30}?\b(?:documents?|docs|documente|texts?|texte"
                        r"|chunks?|passages?|pasaje|sentences?|propozitii)\b.{0,60}?\b"
                        + _PERIOD)),
    # "cost per million embeddings", "pe milion de embedding-uri", "per 1M vectors": one
    # million inputs embedded (audit 30a #4: an hourly price alone)
    ("usd_per_million_embeddings", re.compile(
        r"\b(?:per|pe|/|for|pentru)\s*+(?:(?:1|one|a|un)\s*+)?(?:m|million|milion|1000000)"
        r"\s*+(?:de\s++)?(?:embeddings?|embedding-uri|vectors?|vectori|documents?|documente"
        r"|chunks?|pasaje|passages?)\b")),
    ("usd_per_million_tokens", re.compile(
        r"\b(?:per|pe|/)\s*+(?:1\s*+)?(?:m|million|milion|1000000)\s*+(?:de\s++)?"
        r"(?:tokens?|tokeni)\b"
        # the price of one million asked, no job verb: "cât costă 1 milion de tokeni
        # embeddați", "how much is 1 million tokens embedded" (buyer audit 26c #3: a
        # 13-second job billed an hour in Romanian, the unit price in English)
        r"|\b(?:cat costa|how much (?:is|are|does|do|would)|what (?:is|does) the cost of"
        r"|what do(?:es)?|cost of|pretul (?:a|pentru))\s++(?:(?:1|one|a|un)\s*+)"
        r"(?:m|million|milion)\s*+(?:de\s++)?(?:tokens?|tokeni)\b"
        r"(?!\s*+(?:/|(?:per|pe|a|an|each|every|on a|in a|intr-o)\s))")),
    ("audio_hours", re.compile(_HOW_MANY + r".{0,20}?\b(?:hours?|ore)\s++(?:of|de)\s++"
                               r"(?:audio|speech|recordings?|inregistrari|vorbire)\b.{0,60}?\b"
                               + _PERIOD)),
    ("videos", re.compile(_HOW_MANY + r".{0,20}?\b(?:videos?|clips?|videoclipuri|clipuri)\b"
                          r".{0,60}?\b" + _PERIOD)),
    # (a clip, a recording or a file of that length too, and its latency: "how long to
    # transcribe a 30-second clip", "latency for a 30 s clip", "cât durează un clip de 30 de
    # secunde"; audit regress5 #9 answered the rate, no time)
    ("audio_length", re.compile(_AUDIO_TIME_Q + r".{0,80}?"
                                + _AUDIO_LENGTH.replace("{s}", "s?"))),
    # (the time asked after the piece: "make a 3 minute song with MusicGen on an L40S: how
    # long does it take?", audit buyer16 #1)
    ("audio_length", re.compile(_AUDIO_LENGTH.replace("{s}", "") + r".{0,80}?"
                                + _AUDIO_TIME_Q)),
    # "how many real-time audio streams can an L4 transcribe", "câte fluxuri audio în timp
    # real": the streams a transcription setup carries (audit media #5: only its speed)
    # (and its users or listeners: "how many users can an L4 serve with Bark", "câți
    # utilizatori": each one a real-time stream, audit media2 #4; a language model's users are
    # its own answer's, never read from this)
    ("streams", re.compile(_HOW_MANY + r"\s++(?:[a-z-]++\s++){0,3}?(?:streams?|stream-uri"
                           r"|fluxuri|users|utilizatori|listeners|ascultatori)\b")),
    # "the cost per image", "cât costă pe imagine", "pentru fiecare imagine": one image's
    # cost, the per 1,000 after it
    # (audit media #14: "$1.20 per 1,000" led); "5 seconds per image" is a time, not this
    ("per_image", re.compile(r"(?<!\bseconds )(?<!\bsecond )(?<!\bsecs )(?<!\bsec )(?<!\bs )"
                             r"(?<!\bsecunde )(?<!\bsecunda )"
                             r"\b(?:per|pe|/|for each|pentru fiecare)\s*+(?:an?\s++|o\s++)?"
                             # "per 1024x1024 image" (audit regress5 #10: a time, no $)
                             r"(?:\d{3,4}\s*+[x\u00d7*]\s*+\d{3,4}\s++)?"
                             r"(?:image|picture|imagine)\b")),
    # "how many images per dollar", "images per $", "câte imagini pe dolar": the images a
    # US dollar buys, the inverse of the cost per 1,000 images, at the same dated price
    # (audit buyer30b #3: one image's time alone, no dollar figure)
    ("per_dollar", re.compile(r"\b(?:images?|pictures?|imagini|poze)\s++(?:per|pe|for each"
                              r"|for every|for a|for one|for 1|la|/)\s*+(?:us\s*+|american\s++)?"
                              r"(?:dollar|dolar|usd|\$)(?!\w)")),
    ("one_audio_hour", re.compile(
        r"\b(?:one|an|1|o)\s++(?:hour|ora)\s++(?:of|de)\s++(?:audio|speech|recording"
        r"|inregistrare)\b")),
)


def media_rate_asked(text: str) -> tuple[str, float] | None:
    """A rate an embedding, speech or video model is asked for in its own unit, with the
    seconds it is counted over: documents per hour ("docs", 3600), dollars per million tokens
    embedded, hours of audio per day, videos per day, the seconds of audio a "how long" asks
    for ("audio_length", 30), the real-time factor, one hour of audio ("one_audio_hour"),
    the real-time streams a speech setup carries ("streams"), one image's cost
    ("per_image"); None where none is asked. The answer leads with that number (it led with a
    price or a speed in another unit: audit media finding 7)."""
    folded = _fold(text)
    for kind, rx in _RATE_READS:
        m = rx.search(folded)
        if m is None:
            continue
        if kind == "audio_length":
            value, said = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            unit = 60.0 if said.startswith("min") else 1.0
            return kind, float(value) * unit
        if kind in ("docs", "audio_hours", "videos"):
            return kind, _PERIOD_S[m.group(m.lastindex or 0)]
        return kind, 1.0
    return None


def instances_named(text: str, catalog: Catalog) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the catalog's instance types and offer ids ``text`` names; the words shaped like a
    provider's instance types that no offer has), each lowercased, in the order written.
    Read from the offers' own names (:attr:`Catalog.instance_index`), never a list kept
    here: "p5.48xlarge", "a3-highgpu-8g", "gpu_1x_h100_sxm5" are priced as those offers
    (buyer audit 27a #5: a passage, no number), "p9.99xlarge" is said unknown. A word that
    is a GPU's or a model's name is neither."""
    found, unknown = catalog.instance_index.read(text)
    reg = catalog.registry
    return found, tuple(u for u in unknown
                        if reg.find_gpu(u) is None and reg.find_model(u) is None)
