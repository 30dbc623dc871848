"""What-if questions: a setup and one change to it ("Llama 3 8B on one L4 with 16 users: what
if I double to 32 users?", "ce se întâmplă dacă folosesc 2 H100?", "what if I use 4 H100
instead of 2 for ...?"). The question is read as two setups, the one stated and the one
changed, each written as a plain question of its own so that each is answered exactly as a
fresh question of that setup is (and so as /v1/sizing and /v1/recommendations size it); the
answer is the changed setup's, with the original's beside it and the change in the number
asked (compose.answer). Every phrase is data, per language (``whatif_*`` keys of
``knowledge/messages/<lang>.toml``); the same reading serves every language.

Axes read: concurrent users (a number, "double", "instead of", "from ... to"), the GPU count
(and the GPU), the weights' precision, the KV cache's precision, the context length,
diffusion steps and image resolution. A change on none of them (a TTFT target, a budget) is
not a what-if here: the question is answered as before."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from service.domain.catalog.precisions import find_kv_type, find_precision
from service.domain.tokens import length_tokens


@functools.lru_cache(maxsize=256)
def _rx(*parts: str) -> re.Pattern[str]:
    """A pattern of this module, compiled once: its shapes are this module's, its words the
    ``whatif_*`` phrases of the messages files, each ``re.escape``'d (:func:`_alts`);
    linear on hostile questions (tests/unit/test_fix_whatif27.py)."""
    return re.compile("".join(parts))


def _search(pattern: str, text: str) -> re.Match[str] | None:
    return _rx(pattern).search(text)


def _findall(pattern: str, text: str) -> list[str]:
    return _rx(pattern).findall(text)


@dataclass(frozen=True)
class WhatIf:
    """A setup as stated (``original``) and as changed (``changed``), each a plain question
    in the question's language; ``axis`` the thing changed; ``was`` and ``now`` the
    original's and the changed setup's value of it, as the language writes it
    ("with 16 users"; empty where the question does not say it)."""

    original: str
    changed: str
    axis: str
    was: str
    now: str
    users: int | None = None
    """The concurrent users the setup states (``kv_cache`` axis: how many of them each
    setup holds at once); None where it states none or the axis is another."""
    original_free: str = ""
    changed_free: str = ""
    """``kv_cache`` axis: the two setups without the users stated, so that each is asked how
    many requests it holds at once (the count the KV cache's precision moves)."""


def _light_fold(text: str) -> str:
    """Lower case without diacritics, character for character (so spans map back)."""
    out = []
    for c in text:
        d = "".join(x for x in unicodedata.normalize("NFD", c.lower())
                    if not unicodedata.combining(x))
        out.append(d if len(d) == 1 else c.lower()[:1] or c)
    return "".join(out)


def _alts(t: Mapping[str, str], key: str) -> str:
    """The alternatives of a ``whatif_*`` phrase list as a regex group (longest first)."""
    words = sorted((w.strip() for w in t[key].split("|") if w.strip()), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + ")"


def _tokens(text: str) -> int | None:
    """A context length as written ("32k", "32,768", "4K tokens") in tokens; "1M" is
    1,000,000, "1Mi" 1,048,576 (the one rule of :mod:`service.domain.tokens`)."""
    m = re.fullmatch(r"(\d[\d,]*+(?:\.\d++)?+)\s*+(k|mi|m)?", text.strip().lower())
    if m is None:
        return None
    n = float(m.group(1).replace(",", ""))
    return length_tokens(n, m.group(2) or "")


def _precision_at(text: str, folded: str) -> tuple[int, int, str] | None:
    """The first precision ``text`` names: its span and its id (a two-word spelling, "AWQ
    int4", before one word)."""
    words = list(re.finditer(r"[\w.+-]+", folded))
    for i, w in enumerate(words):
        for j in (i + 1, i):
            if j >= len(words):
                continue
            span = folded[w.start():words[j].end()]
            if re.fullmatch(r"[\d.,]++[a-z]?+", span):
                continue  # a count or a size ("70b"), never a precision
            p = find_precision(text[w.start():words[j].end()])
            if p is not None and not re.fullmatch(r"\d++(?:\.\d++)?+b", span):
                return w.start(), words[j].end(), p.id
    return None


def _replace(setup: str, span: tuple[int, int] | None, value: str, phrase: str) -> str:
    """``setup`` with ``span`` replaced by ``value``, or ``phrase`` added where it has none."""
    if span is not None:
        return setup[:span[0]] + value + setup[span[1]:]
    return f"{setup.rstrip(' ,;:')} {phrase}"


def read(question: str, t: Mapping[str, str],
         gpu_of: Callable[[str], tuple[str | None, int | None]]) -> WhatIf | None:
    """The two setups of a what-if question, or None where ``question`` is not one (no
    marker from ``t``, no setup stated, or a change on no axis read here). ``t``: an [answer]
    section; ``gpu_of``: the GPU (its name) and count a text states, from the extractor."""
    folded = _light_fold(question)
    if len(folded) != len(question):
        return None
    marker = _search(r"(?:^|(?<=[\s:,;.?!(—-]))" + _alts(t, "whatif_markers") + r"\b",
                       folded)
    if marker is None:
        return None
    before = question[:marker.start()].strip().rstrip(" :;,.-—?!").strip()
    after = question[marker.end():].strip().rstrip(" ?!.").strip()
    if not before:
        # "what if I use 4 H100 instead of 2 for Llama 3 70B with 32 users?": the change,
        # then the setup after the last "for"
        joins = list(_rx(r"\s", _alts(t, "whatif_for"), r"\s").finditer(_light_fold(after)))
        if not joins:
            return None
        j = joins[-1]
        before, after = after[j.end():].strip(), after[:j.start()].strip()
    # "I serve Llama 3 70B fp8 on one H100 with 4k context. What if ...": the setup, whole
    setup = before
    change = after
    lc = _light_fold(change)
    ls = _light_fold(setup)
    if not setup or not change:
        return None
    instead = _alts(t, "whatif_instead")
    frm, to = _alts(t, "whatif_from"), _alts(t, "whatif_to")
    old_in = _search(instead + r"\s+(?P<v>[^\s,;]+(?:\s+[^\s,;]+)?)", lc)
    old_text = change[old_in.start("v"):old_in.end("v")] if old_in else None
    change_new = change[:old_in.start()] if old_in is not None else change
    lcn = _light_fold(change_new)
    from_to = _search(frm + r"\s+(?P<a>[\w.,]+)\s+" + to + r"\s+(?P<b>[\w.,]+)", lc)

    # the KV cache's precision: each setup's requests held at once, the count it moves (the
    # speed answer does not read it, and a question naming the KV cache with a load was
    # answered by its size per token; audit unpriced C)
    if _search(_alts(t, "whatif_kv"), lc):
        return _kv_axis(t, setup, ls, change_new, old_text)

    # diffusion steps
    de = r"(?:" + _alts(t, "whatif_joiners") + r"\s+)?"
    steps = de + _alts(t, "whatif_steps")
    m = _search(r"(?P<n>\d+)\s+" + steps + r"\b", lcn)
    if m is not None:
        old = re.match(r"\d+", old_text) if old_text else None
        span_m = _search(r"(?P<n>\d+)\s+" + steps + r"\b", ls)
        was_n = old.group(0) if old else (span_m.group("n") if span_m else None)
        new = m.group("n")
        now = t["whatif_set_steps"].format(n=new)
        if span_m is not None:
            orig, changed = setup, _replace(setup, span_m.span("n"), new, now)
        else:
            orig = setup if was_n is None else _replace(
                setup, None, "", t["whatif_set_steps"].format(n=was_n))
            changed = _replace(setup, None, "", now)
        return WhatIf(original=orig, changed=changed, axis="steps",
                      was=t["whatif_set_steps"].format(n=was_n) if was_n else "", now=now)

    # image resolution
    res = r"(?P<w>\d{3,5})\s*[x×]\s*(?P<h>\d{3,5})"
    m = _search(res, lcn)
    if m is not None:
        new = f"{m.group('w')}x{m.group('h')}"
        span_m = _search(res, ls)
        old_m = _search(res, old_text.lower()) if old_text else None
        was = (f"{old_m.group('w')}x{old_m.group('h')}" if old_m else
               f"{span_m.group('w')}x{span_m.group('h')}" if span_m else "")
        now = t["whatif_set_resolution"].format(res=new)
        if span_m is not None:
            orig, changed = setup, _replace(setup, span_m.span(), new, now)
        else:
            orig = setup if not was else _replace(
                setup, None, "", t["whatif_set_resolution"].format(res=was))
            changed = _replace(setup, None, "", now)
        return WhatIf(original=orig, changed=changed, axis="resolution",
                      was=t["whatif_set_resolution"].format(res=was) if was else "", now=now)

    # the context length
    ctx_word = _alts(t, "whatif_context")
    if _search(ctx_word, lc):
        vals = [v for v in _findall(r"\b\d[\d,]*(?:\.\d+)?\s*k?\b", lc) if _tokens(v)]
        if from_to and _tokens(from_to.group("b")):
            was_v, new_v = from_to.group("a"), from_to.group("b")
        elif vals:
            new_v = vals[0]
            was_v = vals[1] if old_in is not None and len(vals) > 1 else None
        else:
            return None
        new_v, was_v = new_v.strip(), (was_v.strip() if was_v else None)
        ctx_in_setup = _search(r"(?P<n>\b\d[\d,]*(?:\.\d+)?\s*k?)\s+(?:tokens?\s+|tokeni\s+)?"
                                 r"(?:of\s+|de\s+)?" + ctx_word + r"|" + ctx_word
                                 + r"\s+(?:of\s+|de\s+)?(?P<m>\d[\d,]*(?:\.\d+)?\s*k?)\b", ls)
        span: tuple[int, int] | None = None
        if ctx_in_setup is not None:
            g = "n" if ctx_in_setup.group("n") else "m"
            orig, span = setup, ctx_in_setup.span(g)
            was_v = was_v or ctx_in_setup.group(g)
        elif was_v:
            orig = _replace(setup, None, "", t["whatif_set_context"].format(n=was_v))
        else:
            orig = setup
        changed = _replace(orig if span else setup, span, new_v,
                           t["whatif_set_context"].format(n=new_v))
        return WhatIf(original=orig, changed=changed, axis="context",
                      was=t["whatif_set_context"].format(n=was_v) if was_v else "",
                      now=t["whatif_set_context"].format(n=new_v))

    # concurrent users
    users = _alts(t, "whatif_users")
    users_at = r"(?P<n>\b\d[\d,]*)\s+" + de + users + r"\b"
    in_setup = _search(users_at, ls)
    doubled = _search(_alts(t, "whatif_double"), lc)
    m = _search(users_at, lcn) or (
        _search(to + r"\s+(?P<n>\d[\d,]*)\b", lcn) if doubled else None) or (
        _search(r"(?P<n>\b\d[\d,]*)\b", lcn) if doubled else None)
    if m is not None or doubled:
        was_n = (re.match(r"\d[\d,]*", old_text).group(0)  # type: ignore[union-attr]
                 if old_text and re.match(r"\d", old_text) else
                 in_setup.group("n") if in_setup else None)
        if m is not None:
            new = m.group("n")
        elif was_n is not None:
            new = str(2 * int(was_n.replace(",", "")))
        else:
            return None
        if in_setup is None and was_n is None:
            return None
        orig = setup if in_setup else _replace(setup, None, "", t["whatif_set_users"].format(
            n=was_n))
        again = _search(users_at, _light_fold(orig))
        changed = _replace(orig, again.span("n") if again else None, new,
                           t["whatif_set_users"].format(n=new))
        return WhatIf(original=orig, changed=changed, axis="users",
                      was=t["whatif_set_users"].format(n=was_n),
                      now=t["whatif_set_users"].format(n=new))

    # the GPU count (and the GPU)
    gpu, count = gpu_of(change_new)
    if count is not None or gpu is not None:
        if count is None:
            return None
        on = _alts(t, "whatif_on")
        counted = _search(r"\b" + on + r"\s+(?P<n>\d+|" + _alts(t, "whatif_count_words")
                            + r")\b\s*(?:x|×)?\s*(?=[a-z]*\s?[a-z]*\d)", ls)
        setup_gpu, setup_count = gpu_of(setup)
        name = gpu or setup_gpu
        if name is None:
            return None
        old = re.match(r"\d+", old_text) if old_text else None
        was_n = int(old.group(0)) if old else (setup_count or (1 if counted else None))
        if was_n is None:
            return None
        if counted is not None:
            orig = setup
            span = counted.span("n")
        else:
            orig = _replace(setup, None, "", t["whatif_set_gpus"].format(n=was_n, gpu=name))
            span = None
        changed = (orig[:span[0]] + str(count) + orig[span[1]:] if span else
                   _replace(setup, None, "", t["whatif_set_gpus"].format(n=count, gpu=name)))
        return WhatIf(original=orig, changed=changed, axis="gpus",
                      was=t["whatif_set_gpus"].format(n=was_n, gpu=name),
                      now=t["whatif_set_gpus"].format(n=count, gpu=name))

    # the weights' precision
    p = _precision_at(change_new, lcn)
    if p is not None:
        in_s = _precision_at(setup, ls)
        old_p = find_precision(old_text) if old_text else None
        if old_p is None and old_text:
            first = old_text.split()[0]
            old_p = find_precision(first)
        if in_s is not None:
            orig = setup
            span = (in_s[0], in_s[1])
            was = old_p.id if old_p else in_s[2]
        elif old_p is not None:
            orig = _replace(setup, None, "", t["whatif_set_weights"].format(weights=old_p.id))
            found = _precision_at(orig, _light_fold(orig))
            span = (found[0], found[1]) if found else None
            was = old_p.id
        else:
            orig, span, was = setup, None, ""
        if was == p[2]:
            return None
        return WhatIf(original=orig, changed=_replace(orig, span, p[2], t[
            "whatif_set_weights"].format(weights=p[2])), axis="weights",
            was=t["whatif_set_weights"].format(weights=was) if was else "",
            now=t["whatif_set_weights"].format(weights=p[2]))
    return None


def _kv_type_at(text: str | None) -> str | None:
    """The first KV cache type ``text`` names (``find_kv_type``: fp16, fp8, q8_0, q4_0 and
    their spellings), or None."""
    for m in re.finditer(r"[\w.+-]+", text or ""):
        k = find_kv_type(m.group(0).strip(".,"))
        if k is not None:
            return k.id
    return None


def _kv_axis(t: Mapping[str, str], setup: str, ls: str, change: str,
             old_text: str | None) -> WhatIf | None:
    """The KV cache's precision changed ("what if the KV cache is fp8?", "și dacă cache-ul KV
    e în fp8?"): the setup as stated and with the KV cache at the new type (the phrase
    ``whatif_set_kv``), the users it states kept apart (:attr:`WhatIf.users`). None where
    the change names no KV cache type, or the setup already states one (read as before)."""
    kv = _kv_type_at(change)
    if kv is None or _search(_alts(t, "whatif_kv"), ls):
        return None
    was_kv = _kv_type_at(old_text)
    if was_kv == kv:
        return None
    orig = setup if was_kv is None else _replace(
        setup, None, "", t["whatif_set_kv"].format(kv=was_kv))
    changed = _replace(setup, None, "", t["whatif_set_kv"].format(kv=kv))
    # the users stated ("with 16 users", "cu 16 utilizatori"): counted apart
    de = r"(?:" + _alts(t, "whatif_joiners") + r"\s+)?"
    load = _search(r"(?:[\s,;]+" + _alts(t, "whatif_on") + r")?\s+(?P<n>\b\d[\d,]*)\s+" + de
                   + _alts(t, "whatif_users") + r"\b", ls)
    users = int(load.group("n").replace(",", "")) if load is not None else None

    def free(text: str) -> str:
        if load is None:
            return text
        return re.sub(r"\s+", " ", text[:load.start()] + text[load.end():]).strip()

    return WhatIf(original=orig, changed=changed, axis="kv_cache",
                  was=t["whatif_set_kv"].format(kv=was_kv) if was_kv else "",
                  now=t["whatif_set_kv"].format(kv=kv), users=users or None,
                  original_free=free(orig), changed_free=free(changed))


__all__ = ["WhatIf", "read"]
