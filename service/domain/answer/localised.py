"""A recommendation's texts in another language, as /v1/ask and Slack word them."""

from __future__ import annotations

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.locale import romanian_de
from service.domain.messages import Messages
from service.domain.recommend.types import Recommendation


def localise_recommendation(rec: Recommendation, messages: Messages,
                            lang: str) -> Recommendation:
    """``rec`` with its options' warnings, its rejected offers' reasons, its ``reason`` and
    what would change it (each alternative's ``change`` and ``effect``) in ``lang``
    (:func:`localise`: a text no pattern knows stays English); the rest as the core wrote it.
    English is the core's own language: ``rec`` itself."""
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
        options=[msgspec.structs.replace(o, warnings=[say(w) for w in o.warnings])
                 for o in rec.options],
        rejected=[msgspec.structs.replace(r, reason=say(r.reason)) for r in rec.rejected],
        reason=say(rec.reason) if rec.reason is not None else None,
        alternatives=[msgspec.structs.replace(a, change=alt(a.change), effect=alt(a.effect))
                      for a in rec.alternatives])
