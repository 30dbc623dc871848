"""The memory a served model keeps free (10 %, as the recommendations count one) has one
definition, ``sizing.memory.SERVICE_HEADROOM_PCT``: /v1/recommendations' default
``min_memory_headroom_pct`` and every /v1/ask answer read it. Was: five copies
(``SERVICE_HEADROOM_PCT``, prices' ``ROOM_PCT``, context's ``_SERVE_HEADROOM``, training's
``_PLAN_HEADROOM_PCT`` and the literal default ``10`` of RecommendationRequest), equal only
by care. Read from the source with ``ast``, as test_layering does.

The answers that state it write "10 %" as the other messages that state it do ("with 10 % of
the memory kept free"): "Yes, barely ... under the 10 % the recommendations keep free", was
"10%" (and an unlocalised "10%" in Romanian for "fp8 or int8?"). Romanian no longer quotes
the catalog's table name "[nearest]" ("nicio precizie din lista sa [nearest]")."""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.memory import SERVICE_HEADROOM_PCT
from tests.unit.ask_fixtures import ask, first_sentence, head

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
ONE = SERVICE / "domain" / "sizing" / "memory.py"
FORMER = ("ROOM_PCT", "_SERVE_HEADROOM", "_PLAN_HEADROOM_PCT")


def _trees() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in SERVICE.rglob("*.py")
            if "_data" not in p.parts}


def _assigned(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def test_the_headroom_is_defined_once() -> None:
    trees = _trees()
    defined = sorted(str(p.relative_to(ROOT)) for p, t in trees.items()
                     if "SERVICE_HEADROOM_PCT" in _assigned(t))
    assert defined == [str(ONE.relative_to(ROOT))], defined
    copies = sorted(f"{p.relative_to(ROOT)}: {n}" for p, t in trees.items()
                    for n in _assigned(t) & set(FORMER))
    assert not copies, copies
    # no copy read back from the request's default either
    reads = sorted(str(p.relative_to(ROOT)) for p in trees
                   if 'f.name == "min_memory_headroom_pct"' in p.read_text(encoding="utf-8"))
    assert not reads, reads


def test_the_recommendations_default_is_the_constant() -> None:
    tree = ast.parse((SERVICE / "domain" / "recommend" / "types.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body
               if isinstance(n, ast.ClassDef) and n.name == "RecommendationRequest")
    field = next(n for n in cls.body if isinstance(n, ast.AnnAssign)
                 and isinstance(n.target, ast.Name)
                 and n.target.id == "min_memory_headroom_pct")
    assert isinstance(field.value, ast.Name) and field.value.id == "SERVICE_HEADROOM_PCT", \
        ast.dump(field.value) if field.value else None
    default = next(f.default for f in msgspec.structs.fields(RecommendationRequest)
                   if f.name == "min_memory_headroom_pct")
    assert default is SERVICE_HEADROOM_PCT


def test_tight_fit_writes_the_headroom_as_the_other_messages_do() -> None:
    en = first_sentence(ask("Does Llama 3.1 70B fp8 fit on 1x H100 and how many tokens/s?"))
    assert "only 0.3 GiB per GPU stay free, under the 10 % the recommendations keep free" \
        in en, en
    ro = first_sentence(ask("Încape Llama 3.1 70B fp8 pe 1x H100 și câți tokeni/s dă?"))
    assert "rămân libere doar 0,3 GiB pe GPU, sub rezerva de 10 % pe care o păstrează " \
        "recomandările" in ro, ro
    for lang in ("en", "ro"):
        texts = shipped_messages().section(lang, "answer")
        for key in ("fits_yes_tight", "fits_yes_tight_chips", "fits_tight_more",
                    "precision_vs_tight", "precision_vs_room"):
            assert "{pct} %" in texts[key], (lang, key, texts[key])


def test_precision_pick_writes_the_headroom_in_both_languages() -> None:
    en = head(ask("should I use fp8 or int8 for llama 3.1 70b on an h100?"))
    assert "Neither leaves the 10 % of the memory free that the recommendations keep" in en, en
    ro = head(ask("ar trebui să folosesc fp8 sau int8 pentru llama 3.1 70b pe un h100?"))
    assert "Niciuna nu lasă liberă 10 % din memorie" in ro, ro


GGUF_TRT = (
    "impossible combination: tensorrt-llm cannot run q4_k_m on NVIDIA H100 SXM5 80GB (compute "
    "capability 9.0): no TensorRT-LLM kernel: its quantization recipes are FP4, FP8, W4A16/W4A8 "
    "AWQ and GPTQ, INT8 SmoothQuant (no bitsandbytes, no GGUF): no GPU (rule "
    "trtllm-no-bitsandbytes-or-gguf; source: https://example.org/b); no precision of its "
    "[nearest] list runs with tensorrt-llm there; engines that run q4_k_m on NVIDIA H100 SXM5 "
    "80GB: llama.cpp")


def test_romanian_names_the_nearest_list_in_words() -> None:
    m = shipped_messages()
    ro = localise(GGUF_TRT, m.section("ro", "answer"), m.formatter("ro"),
                  m.section("ro", "pricing"))
    assert "[nearest]" not in ro, ro
    assert "nicio precizie din lista sa de înlocuiri din catalog nu rulează cu tensorrt-llm " \
        "acolo" in ro, ro
    assert "[" not in m.section("ro", "answer")["core_alt_none"]
