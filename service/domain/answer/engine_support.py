"""Whether an engine runs on a GPU, or loads a weight format, asked with no model ("Can I use
SGLang on a V100?", "TensorRT-LLM on a T4?", "Does SGLang support GGUF?"): answered from the
capability matrix /v1/sizing refuses impossible combinations with (catalog/kernels.toml:
``[[platform]]`` and the engine's ``[[rule]]`` for the format), each with its source (buyer
audit 31d #10: generic passages, no yes or no)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from service.domain.catalog.precisions import find_precision
from service.domain.catalog.registry import Registry

# a support question: "can I use / run", "does ... support / run / work", "is ... supported",
# "merge", "rulează", "suportă", "pot folosi"
_SUPPORT = re.compile(
    r"\b(?:can|could|does|do|will|is|are|run\w*+|use|support\w*+|work\w*+|load\w*+|serve\w*+"
    r"|compatible|merge|ruleaza|rula|suporta|functioneaza|pot|poate|folosi|compatibil\w*+)\b")
# a speed or memory figure asked: the sizing answers those, not this
_FIGURE = re.compile(r"\b(?:faster|slower|how (?:much|many|fast|long)|tokens?/s|vram|cost"
                     r"|price|cat|mai rapid\w*+)\b")
_GGUF = re.compile(r"\bgguf\b")


def engine_support(folded: str, engines: Sequence[str], gpus: Sequence[str],
                   weights: str | None, registry: Registry, t: Mapping[str, str]
                   ) -> str | None:
    """The answer's lead for one engine named with a GPU or a weight format and no model:
    whether the engine runs there, by the rule that decides it, with the rule's source; None
    where the question is not such a question or the matrix has no rule for it."""
    if len(engines) != 1 or not _SUPPORT.search(folded) or _FIGURE.search(folded):
        return None
    eid = engines[0]
    if eid not in registry.engines:
        return None
    engine = registry.engines[eid].name
    kernels = registry.kernels
    fmt = find_precision(weights) if weights else None
    if fmt is None and _GGUF.search(folded):
        fmt = find_precision("q4_k_m")  # GGUF named with no type: its usual 4-bit one
    gpu = registry.gpus.get(gpus[0]) if len(gpus) == 1 else None
    if gpu is not None:
        if fmt is not None:
            s = kernels.supported(eid, fmt, gpu)
            key = "engine_runs_format_gpu" if s.ok else "engine_no_format_gpu"
            why = engine + s.reason[len(eid):] if s.reason.startswith(eid) else s.reason
            return t[key].format(engine=engine, fmt=fmt.id, gpu=gpu.name, why=why,
                                 source="; ".join(s.sources) or "catalog/kernels.toml")
        plat = kernels.platforms.get(eid)
        if plat is None:
            return None
        covered = plat.covers(gpu)
        if covered is None:
            return None
        key = "engine_runs_gpu" if covered else "engine_no_gpu"
        return t[key].format(engine=engine, engine_id=eid, gpu=gpu.name, cc=_hardware(gpu),
                             where=plat.words(), note=plat.note, source=plat.source)
    if fmt is None:
        return None
    said = fmt.id if weights else "GGUF"
    rules = kernels.rules_for(eid, fmt.id)
    if not rules:
        return None
    gone = kernels.refused_everywhere(eid, fmt)
    if gone is not None:
        return t["engine_no_format"].format(engine=engine, fmt=said, why=gone.runs,
                                            source=gone.source)
    r = next(x for x in rules if not x.covers_none)
    return t["engine_runs_format"].format(engine=engine, fmt=said, where=r.words(),
                                          why=r.runs, source=r.source)


def _hardware(gpu: object) -> str:
    cc = getattr(gpu, "compute_capability", None)
    return str(cc) if cc else "unknown"


# which engine asked ("which engine should I use", "what inference framework", "ce motor să
# folosesc"): the sizing's engine named with the others that run the model there
_WHICH_ENGINE = re.compile(
    r"\b(?:which|what|best|recommend\w*+|ce|care|recomand\w*+)\b[^?.!;]{0,30}?"
    r"\b(?:engines?|frameworks?|runtimes?|inference servers?|serving (?:stack|software)|motor\w*+)"
    r"\b")


def engine_named_for(folded: str, engines_named: Sequence[str], model_id: str,
                     weights: str | None, gpu_id: str | None, registry: Registry,
                     t: Mapping[str, str]) -> str | None:
    """The engine the answer's figures are sized with, for a question asking which engine
    to use and naming none ("Which engine should I use to serve Mixtral 8x7B at 100
    users?"): the catalog's default for the model's kind and format (engines.toml
    ``default_for_kinds``, GGUF on the engine that claims it, as the recommendations pick
    it), with the other engines that serve the model and run its precision on the GPU
    (catalog/kernels.toml) (buyer audit 31a #14: no engine named). None otherwise."""
    if engines_named or not weights or not _WHICH_ENGINE.search(folded):
        return None
    p = find_precision(weights)
    m = registry.models.get(model_id)
    if p is None or m is None:
        return None
    engines = registry.engines
    own = engines.for_format("gguf") if p.gguf else None
    own = own or engines.default(m.kind, p.gguf)
    gpu = registry.gpus.get(gpu_id) if gpu_id else None
    others = [e.name for e in engines if e.id != own.id and e.serves(m.kind, m.family)
              and (gpu is None or registry.kernels.supported(e.id, p, gpu).ok)
              and registry.kernels.refused_everywhere(e.id, p) is None]
    key = "engine_picked_others" if others else "engine_picked"
    return t[key].format(engine=own.name, model=m.name, weights=p.id,
                         gpu=gpu.name if gpu is not None else "", others=", ".join(others))
