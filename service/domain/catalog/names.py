"""Name resolution: aliases people write, case- and punctuation-insensitive, with fuzzy
suggestions (rapidfuzz) when nothing matches."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from rapidfuzz import fuzz, process, utils

from service.domain.errors import NotFound
from service.domain.fields import NAME_MAX

BARE_CARD = re.compile(r"\d{4}(?:ti)?+")
"""A card's model number written alone ("4090", "3090 Ti" as "3090ti" once folded by
:func:`norm`): the GeForce or RTX card of that number, as /v1/ask reads "a 4090"
(:attr:`NameIndex.number_prefix`)."""


def norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


_PLUS_AFTER = re.compile(r"(?<![0-9][bm])(?<=[a-z0-9])\+(?![a-z0-9])", re.IGNORECASE)
"""A "+" written right after a word of a model's name ("Command R+", "command-r+ 104b"): a
suffix that names another model, which :func:`norm` would drop; never after a size ("Llama 3
70B+" is Llama 3 70B)."""


def stray_characters(name: str) -> str:
    """The characters of ``name`` that no catalog name has and :func:`norm` drops without a
    word: anything outside printable ASCII (an emoji, "sdxl🔥"; a zero-width space; a
    typographic dash), each once, in order; "" for a plain name."""
    if name.isascii() and name.isprintable():
        # every character between " " and "~" (the printable ASCII; a control character is
        # not printable): the plain name of nearly every request, without the walk below
        return ""
    return "".join(dict.fromkeys(c for c in name if not " " <= c <= "~"))


def plus_key(name: str) -> str:
    """:func:`norm` with the "+" kept ("Command R+" -> "commandr+")."""
    return re.sub(r"[^a-z0-9+]", "", name.lower())


def bag(name: str) -> str:
    """The name's words in any order ("A100 40GB SXM" = "A100 SXM 40GB")."""
    return " ".join(sorted(re.findall(r"[a-z0-9]+", name.lower())))


_ID_WORDS = re.compile(r"[a-z]++|\d++(?:\.\d++)?+[a-z]*+")
"""A name's words, letters apart from the numbers they run into ("qwen3-4b" -> "qwen", "3",
"4b"; "llama-3.1-8b" -> "llama", "3.1", "8b")."""
_BARE_VERSION = re.compile(r"\d++(?:\.\d++)?+")
"""A number with no unit after a family's name: its version ("Gemma 2"), never a size."""
_SIZE_WORD = re.compile(r"(\d++(?:\.\d++)?+)([bm])")
"""A model's size in a name's words ("9b", "0.5b", "135m")."""

_STRIP_SUFFIXES = ("instruct", "chat", "it", "base", "hf", "fp8", "bnb4bit", "gguf")

_BRAND_WORDS = frozenset({"nvidia", "amd", "intel", "geforce", "tesla", "instinct"})
"""Leading words that name the maker or the line, not the GPU ("NVIDIA A100" = "A100")."""
_VARIANT_WORD = re.compile(
    r"(?<!\d)\d++gb?+|sxm\d?+|pcie|nvl|nvlink|hgx|hbm3e?+|ada|generation")
"""Words that tell variants of one GPU apart (memory size, form factor, edition): "A100 SXM4
80GB" is an A100, "RTX 6000 Ada" an RTX 6000; "Ti" and "Super" name other products."""


def _words(name: str) -> list[str]:
    words = re.findall(r"[a-z0-9]++", name.lower())
    while words and words[0] in _BRAND_WORDS:
        words.pop(0)
    return words


_SIZE_G = re.compile(r"(\d++)g")
"""A memory size written with "G" alone ("80G"): gigabytes, as "80GB"."""


def plain_gpu_name(name: str) -> str:
    """``name`` without the maker's or the line's words in front and with a memory size
    written "80G" as "80gb" ("NVIDIA A100 80G" -> "a100 80gb"), lower case, words joined by
    spaces; "" when nothing is left."""
    return " ".join(_SIZE_G.sub(r"\1gb", w) if _SIZE_G.fullmatch(w) else w
                    for w in _words(name))


def _split_variant(words: list[str]) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """``words`` as (the product's words, the variant words before and after them, "80 GB"
    joined to "80gb"): people write "80GB H100" as often as "H100 80GB", and both name the
    same cards. None when a word that is not a variant word follows a variant word after the
    product's words ("A100 80GB Ti"): the product's words are one run, never split."""
    tags: set[str] = set()
    i = _variant_run(words, 0, tags)  # variant words in front ("80GB H100", "SXM A100")
    while i < len(words) and words[i] in _BRAND_WORDS:  # "80GB NVIDIA H100"
        i += 1
    start = i
    while i < len(words) and not _VARIANT_WORD.fullmatch(words[i]) and not (
            words[i].isdigit() and words[i + 1:i + 2] == ["gb"]):
        i += 1
    base = tuple(words[start:i])
    if _variant_run(words, i, tags) < len(words):
        return None
    return base, frozenset(tags)


def _variant_run(words: list[str], i: int, tags: set[str]) -> int:
    """Adds the run of variant words from ``words[i]`` on to ``tags`` ("80 GB" as "80gb");
    the index of the first word after the run."""
    while i < len(words):
        if words[i].isdigit() and words[i + 1:i + 2] == ["gb"]:
            tags.add(words[i] + "gb")
            i += 2
        elif _VARIANT_WORD.fullmatch(words[i]):
            tags.add(words[i])
            i += 1
        else:
            break
    return i


def _only_variant_words(rest: list[str]) -> bool:
    i = 0
    while i < len(rest):
        if rest[i].isdigit() and rest[i + 1:i + 2] == ["gb"]:  # "80 GB"
            i += 2
        elif _VARIANT_WORD.fullmatch(rest[i]):
            i += 1
        else:
            return False
    return True


def _mark(word: str) -> str | None:
    """What a product word says of its maker: a word of letters itself ("rtx", "radeon",
    "quadro"), else the letters a model number starts with ("mi" of "mi300x", "h" of "h100");
    None for a number ("4090")."""
    m = re.match(r"[a-z]++", word)
    return m.group(0) if m else None


class NameIndex:
    """Maps every alias of every entry to its id. An alias claimed by two ids is an error of
    the data, reported at load time.

    For GPUs it also holds the readings of names that stand for more than one product
    (:meth:`add_reading`: "RTX 6000" is read as the RTX 6000 Ada, the card clouds rent; a
    provider's label is read without them, :meth:`lookup` ``readings=False``), the real
    products the catalog lacks (:meth:`add_unlisted`: the MI250, said as such with the
    nearest cards), and each entry's maker (``group``), so that an unknown name is offered
    cards of the maker it names first ("MI300A": AMD's, not the NVIDIA B300)."""

    def __init__(self, kind: str, number_prefix: str = "") -> None:
        self.kind = kind
        self.number_prefix = number_prefix
        """Prepended to a model number written alone (:data:`BARE_CARD`: "4090" is looked up
        as "rtx4090"); empty: none is read."""
        self._readings: dict[str, tuple[str, str]] = {}
        """A reading's spelling, folded (:func:`norm`) -> (the id it is read as, the
        reading's id)."""
        self._unlisted: dict[str, str] = {}
        """An unlisted product's spelling, folded -> its id (:meth:`add_unlisted`)."""
        self._unlisted_info: dict[str, tuple[list[str], str]] = {}
        """An unlisted product's id -> (the ids offered instead, what to say of it)."""
        self._groups: dict[str, str] = {}
        """An entry's id -> its group (a GPU's maker)."""
        self._marks: dict[str, set[str]] = {}
        """What a spelling's first product word says (:func:`_mark`) -> the groups of the
        entries spelt so ("mi": AMD; "b": NVIDIA and Intel)."""
        self._brands: dict[str, set[str]] = {}
        """A brand word written in a spelling ("instinct", "geforce") -> the groups of the
        entries spelt with it."""
        self._index: dict[str, str] = {}
        self._display: dict[str, str] = {}
        self._names: dict[str, str] = {}
        """Every spelling as written (id, name, aliases) -> id: suggestions score these."""
        self._bags: dict[str, str | None] = {}
        """Every spelling's words in any order -> id (None: two ids share them)."""
        self.conflicts: list[str] = []

    def add(self, entry_id: str, names: Iterable[str], group: str | None = None) -> None:
        self._display[entry_id] = entry_id
        if group is not None:
            self._groups[entry_id] = group
        for name in (entry_id, *names):
            key = norm(name)
            if not key:
                continue
            if group is not None:
                self._mark_group(name, group)
            self._names.setdefault(name, entry_id)
            plus = self.kind == "model" and _PLUS_AFTER.search(name) is not None
            if plus:
                # "Command R+" (Cohere's 104B) is keyed with its "+": without it, it is the
                # 35B "Command R"; nor is it found by its words in another order
                key = plus_key(name)
            words = "" if plus else bag(name)
            if words and self._bags.get(words, entry_id) != entry_id:
                self._bags[words] = None  # ambiguous in any order: exact spellings only
            elif words:
                self._bags[words] = entry_id
            other = self._index.get(key)
            if other is not None and other != entry_id:
                self.conflicts.append(f"alias {name!r} names both {other!r} and {entry_id!r}")
                continue
            self._index[key] = entry_id

    def _mark_group(self, name: str, group: str) -> None:
        words = re.findall(r"[a-z0-9]++", name.lower())
        for w in words:
            if w in _BRAND_WORDS:
                self._brands.setdefault(w, set()).add(group)
        product = _words(name)
        mark = _mark(product[0]) if product else None
        if mark is not None:
            self._marks.setdefault(mark, set()).add(group)

    def add_reading(self, entry_id: str, reading_id: str, names: Iterable[str]) -> None:
        """``names`` read as ``entry_id`` by :meth:`lookup` before any alias (a spelling an
        alias of another entry has too, "RTX6000" of the Quadro, is read so), ``reading_id``
        the reading's (:meth:`reading`); suggested and matched as ``entry_id``'s variants as
        its aliases are. A spelling of two readings is an error of the data."""
        for name in names:
            key = norm(name)
            if not key:
                continue
            other = self._readings.get(key)
            if other is not None and other[1] != reading_id:
                self.conflicts.append(
                    f"reading {name!r} is both {other[1]!r} and {reading_id!r}")
                continue
            self._readings[key] = (entry_id, reading_id)
            self._names.setdefault(name, entry_id)

    def add_unlisted(self, unlisted_id: str, names: Iterable[str], instead: list[str],
                     note: str) -> None:
        """A real product the index has no entry for, by ``names``: :meth:`lookup` finds none,
        :meth:`resolve` raises NotFound with ``instead`` as its suggestions and ``note``
        saying what it is. A spelling an entry has is an error of the data."""
        self._unlisted_info[unlisted_id] = (list(instead), note)
        for name in (unlisted_id, *names):
            key = norm(name)
            if not key:
                continue
            if key in self._index or key in self._readings:
                self.conflicts.append(f"unlisted {name!r} ({unlisted_id!r}) names an entry")
                continue
            self._unlisted[key] = unlisted_id

    def unlisted(self, name: str) -> str | None:
        """The id of the unlisted product ``name`` names (:meth:`add_unlisted`), or None."""
        if len(name) > NAME_MAX:
            return None
        # with the maker's name in front or not ("AMD MI250", "Instinct MI250")
        return self._unlisted.get(norm(name)) or self._unlisted.get(norm("".join(_words(name))))

    def reading(self, name: str) -> str | None:
        """The id of the reading ``name`` is (:meth:`add_reading`), or None: "RTX 6000" and
        "NVIDIA RTX 6000" are the reading "rtx-6000"; "RTX 6000 Ada" is a card's alias."""
        if len(name) > NAME_MAX:
            return None
        found = self._readings.get(norm(name.strip()))
        return found[1] if found is not None else None

    def group_of(self, name: str) -> str | None:
        """The group (a GPU's maker) ``name`` says, or None: a brand word of one maker in it
        ("AMD", "Instinct", "GeForce"), else what its first product word says
        (:func:`_mark`) where the entries spelt so are all of one maker ("MI300A": "mi", the
        MI300X, MI325X, MI250X... all AMD; "B60": "b", NVIDIA's B200 and Intel's B60)."""
        for w in re.findall(r"[a-z0-9]++", name.lower()[:NAME_MAX]):
            groups = self._brands.get(w)
            if groups is not None and len(groups) == 1:
                return next(iter(groups))
        product = _words(name[:NAME_MAX])
        mark = _mark(product[0]) if product else None
        groups = self._marks.get(mark) if mark is not None else None
        return next(iter(groups)) if groups is not None and len(groups) == 1 else None

    def lookup(self, name: str, readings: bool = True) -> str | None:
        """The id ``name`` names, or None. ``readings`` False: by the entries' own spellings
        only, never a reading (:meth:`add_reading`): a provider's label ("RTX6000" at Lambda
        and Seeweb is the Quadro RTX 6000), where a buyer's "RTX 6000" is read as the card
        clouds rent."""
        if readings and self._readings:
            read = self._readings.get(norm(name.strip()))
            if read is not None:
                return read[0]
        found = self._lookup_spelt(name)
        if found is None and self.kind == "gpu" and len(name) <= NAME_MAX:
            # the maker's word in front ("NVIDIA H100", "nvidia 4090") and a memory size
            # written "80G" ("A100 80G"): the card the plain spelling names, as /v1/ask reads
            # them in a question (buyer audit 28b #2, #10)
            plain = plain_gpu_name(name)
            if plain and plain != name.strip().lower():
                found = self.lookup(plain, readings)
                said = set(re.findall(r"[a-z0-9]++", name.lower()[:NAME_MAX])) & _BRAND_WORDS
                if found is not None and any(
                        self._groups.get(found) not in self._brands.get(w, ()) for w in said):
                    return None  # another maker's word ("AMD 4090"): no card of the catalog
                return found
        if found is None and self.number_prefix and BARE_CARD.fullmatch(norm(name)):
            # a model number alone ("4090"): the card of the line that numbers so, read as
            # /v1/ask reads "a 4090"; a reading first ("6000": the RTX 6000's)
            return self.lookup(self.number_prefix + norm(name), readings)
        return found

    def _lookup_spelt(self, name: str) -> str | None:
        if self.kind == "model" and _PLUS_AFTER.search(name) is not None:
            # "Command R+" is Cohere's 104B Command R+, not the 35B "Command R" that the name
            # without its "+" is: a spelling with the "+" names its own model, and a "+" no
            # spelling has names a model the catalog lacks
            return self._index.get(plus_key(name.strip()))
        found = self._lookup(name)
        if found is None:
            # the same words in another order ("A100 40GB SXM" for the alias "A100 SXM 40GB")
            found = self._bags.get(bag(name))
        if found is None and "(" in name:
            # a remark in parentheses ("A100 (memory size not stated)") is not part of the name;
            # aliases that contain one ("A100 (40 GB)") already matched above
            bare = re.sub(r"\([^)]*\)?", " ", name).strip()
            if bare:
                found = self._lookup(bare)
        return found

    def _lookup(self, name: str) -> str | None:
        name = name.strip()
        if "/" in name and norm(name) not in self._index:
            name = name.rsplit("/", 1)[1]
        key = norm(name)
        if key in self._index:
            return self._index[key]
        # Instruct/chat variants share the base architecture.
        for _ in range(3):
            for suffix in _STRIP_SUFFIXES:
                if key.endswith(suffix) and key[: -len(suffix)] in self._index:
                    return self._index[key[: -len(suffix)]]
            stripped = next((key[: -len(s)] for s in _STRIP_SUFFIXES if key.endswith(s)), None)
            if not stripped:
                break
            key = stripped
        return None

    def resolve(self, name: str,
                suggest: Callable[[str], list[str]] | None = None) -> str:
        """The id ``name`` stands for, or NotFound with suggestions (:meth:`suggest`, or
        ``suggest``'s: the models of the kind a name says, :meth:`Registry.suggest_models`); a
        name longer than any real one (``NAME_MAX``) is unknown at once, without fuzzy
        matching its whole length."""
        if len(name) > NAME_MAX:
            raise NotFound(self.kind, name[:NAME_MAX], [])
        found = self.lookup(name)
        if found is None:
            unlisted = self.unlisted(name)
            if unlisted is not None:
                instead, note = self._unlisted_info[unlisted]
                raise NotFound(self.kind, name, instead, note=note)
            members = self.family_members(name) if self.kind == "model" else []
            raise NotFound(self.kind, name,
                           members if len(members) > 1 else (suggest or self.suggest)(name))
        return found

    def family_members(self, name: str) -> list[str]:
        """The ids of a family written with its version and no size ("Gemma 2", "gemma-2",
        "llama3"): those whose words are the name's words and then a size ("gemma-2-9b"; not
        "gemma-2b", whose "2b" is a size, nor "llama-3.1-8b"), smallest first; none where the
        name does not end in a bare version. Such a name is ambiguous: the fuzzy suggestions
        put a model of another generation first ("gemma 2": Gemma 2B, audit round 23,
        gemma2)."""
        words = _ID_WORDS.findall(name.lower())
        if len(words) < 2 or not words[0].isalpha() or not _BARE_VERSION.fullmatch(words[-1]):
            return []
        n = len(words)
        found: list[tuple[float, str]] = []
        for entry_id in self._display:
            got = _ID_WORDS.findall(entry_id.lower())
            size = _SIZE_WORD.fullmatch(got[n]) if len(got) > n and got[:n] == words else None
            if size is not None:
                scale = 1e-3 if size.group(2) == "m" else 1.0
                found.append((float(size.group(1)) * scale, entry_id))
        return [entry_id for _, entry_id in sorted(found)]

    def suggest(self, name: str, limit: int = 3,
                among: Collection[str] | None = None) -> list[str]:
        """Up to ``limit`` ids, best first, scored against every spelling of each entry (id,
        display name, aliases): "lama 3 8b" is nearer the alias "Llama 3 8B" than the id.
        With ``among``, only those ids, each ranked however far its spellings are ("xtts v2"
        is spelt nothing like "bark", Bark is still the nearest text-to-speech model).
        Without it, a name that says its group (:meth:`group_of`: "MI300A" is AMD's) is
        offered only that group's entries: those near enough, else the group's nearest
        ("MI300A" was offered the MI300X, the NVIDIA B300 and the GB300)."""
        group = self.group_of(name) if among is None and self._groups else None
        if group is not None:
            mine = {i for i, g in self._groups.items() if g == group}
            near = [i for i in self._suggest(name, None, None) if i in mine]
            return near[:limit] if near else self._suggest(name, limit, mine)
        return self._suggest(name, limit, among)

    def _suggest(self, name: str, limit: int | None,
                 among: Collection[str] | None) -> list[str]:
        choices = list(self._names) if among is None else [
            s for s, i in self._names.items() if i in among]
        results = process.extract(
            name, choices, scorer=fuzz.WRatio, processor=utils.default_process,
            limit=None, score_cutoff=50 if among is None else 0,
        )
        best: dict[str, tuple[float, float]] = {}
        key = norm(name)
        for choice, score, _ in results:
            entry_id = self._names[choice]
            # WRatio alone favours a spelling that merely contains the query ("lama 70" inside
            # "CodeLlama 70B" scores 90): add the plain ratio of the whole spellings, so the
            # nearest whole name wins ("Llama 3 70B"); WRatio breaks the remaining ties
            rank = (score + fuzz.ratio(key, norm(choice)), score)
            if rank > best.get(entry_id, (-1.0, -1.0)):
                best[entry_id] = rank
        ordered = sorted(best, key=lambda i: (-best[i][0], -best[i][1], i))
        return ordered[:limit] if limit is not None else ordered

    def variants(self, name: str) -> list[str]:
        """The ids with a spelling that is ``name`` followed only by words telling variants
        apart (memory, form factor, edition), sorted: ``A100`` -> the four A100s, ``RTX
        6000`` -> the Quadro and the Ada; the maker's name in front is ignored."""
        if len(name) > NAME_MAX:
            return []
        if self.kind == "gpu":
            name = plain_gpu_name(name)  # "A100 80G" as "A100 80GB", as lookup reads it
        head = norm("".join(_words(name)))
        if not head:
            return []
        found: set[str] = set()
        for spelling, entry_id in self._names.items():
            words = _words(spelling)
            joined = ""
            for i, w in enumerate(words):
                joined += w
                if joined == head:
                    if _only_variant_words(words[i + 1:]):
                        found.add(entry_id)
                    break
                if not head.startswith(joined):
                    break
        # the variant words in another order: "H100 80GB" names the H100 PCIe, spelt "H100
        # PCIe 80GB", as well as the SXM ("H100 SXM5 80GB"), as "A100 80GB" names both A100s;
        # and in front of the product's ("80GB H100", "SXM A100"), matching the same cards
        asked = _split_variant(_words(name))
        if asked is not None and asked[0] and asked[1]:
            for spelling, entry_id in self._names.items():
                got = _split_variant(_words(spelling))
                if got is not None and got[0] == asked[0] and asked[1] <= got[1]:
                    found.add(entry_id)
        return sorted(found)

    def __contains__(self, entry_id: str) -> bool:
        return entry_id in self._display
