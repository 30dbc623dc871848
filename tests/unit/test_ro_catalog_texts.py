"""Romanian answers quote the catalog in Romanian: every kernel rule's ``runs``, every platform's
note and every precision's quality has an entry in the ``[catalog]`` table of
``knowledge/messages/ro.toml`` (a new rule without one fails here), the kernel check's own
words (compute capability, the GPUs a rule covers, "rule ...; source: ...") and the
multi-node and near-capacity warnings are written from ``core_*`` messages, and English comes
back word for word. Sources keep their URLs; their English notes are said in English only
(core_warnings._sources)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from service.adapters.messages_files import load_messages, shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.precisions import PRECISIONS
from service.domain.messages import catalog_words, quoted
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, catalog

SHIPPED = default_data_dir("knowledge")


def _texts(lang: str) -> Mapping[str, str]:
    return shipped_messages().section(lang, "answer")


def _table(lang: str) -> Mapping[str, str]:
    return catalog_words(_texts(lang))


def say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


def _catalog_texts() -> set[str]:
    kernels = catalog().registry.kernels
    out = {r.runs for r in kernels.rules} | {p.note for p in kernels.platforms.values() if p.note}
    out |= {g.name for g in catalog().registry.gpus.values()}  # GPU names with a note
    out |= {o.caution for o in catalog().offers if o.caution}  # a price source's caution
    # a reserved price's commitment, clause by clause (a reserved option's why: audit rowhy)
    out |= {c for o in catalog().offers if o.reserved_term for c in o.reserved_term.split("; ")}
    return out | {c for p in PRECISIONS for c in p.quality.split("; ") if p.quality}


def test_every_kernel_rule_runs_text_has_a_romanian_entry() -> None:
    ro = _table("ro")
    missing = [r.id for r in catalog().registry.kernels.rules if r.runs not in ro]
    assert not missing, f"add to [catalog] of knowledge/messages/ro.toml: {missing}"


def test_every_platform_note_has_a_romanian_entry() -> None:
    ro = _table("ro")
    missing = [p.engine for p in catalog().registry.kernels.platforms.values()
               if p.note and p.note not in ro]
    assert not missing, f"add to [catalog] of knowledge/messages/ro.toml: {missing}"


@pytest.mark.parametrize("p", PRECISIONS, ids=lambda p: p.id)
def test_every_precision_quality_has_a_romanian_entry(p: object) -> None:
    """Clause by clause: sizing quotes a quality whole or its first clause only."""
    ro = _texts("ro")
    quality = p.quality  # type: ignore[attr-defined]
    assert all(c in _table("ro") for c in quality.split("; ")), quality
    assert quoted(quality, ro) != quality
    assert quoted(quality.split(";")[0], ro) != quality.split(";")[0]


def test_no_entry_for_a_text_the_catalog_no_longer_has() -> None:
    """An edited ``runs`` or quality leaves its old entry behind: it must go (or be edited)."""
    stale = sorted(k for k in _table("ro") if k not in _catalog_texts())
    assert not stale


def test_english_has_no_catalog_entries_and_quotes_the_catalog_as_it_is() -> None:
    en = _texts("en")
    assert not _table("en")
    assert en["precision_kernel"].format(runs="INT8 W8A8 (w8a8_int8)", rule="r") == (
        "Kernel: INT8 W8A8 (w8a8_int8) (rule r).")


T4_BF16 = (
    "weights bf16 (the precision it would otherwise be sized at) cannot run here: vllm cannot "
    "run bf16 on NVIDIA T4 16GB "
    "(compute capability 7.5): BF16 matmuls (BF16 tensor cores from Ampere 8.0; V100 7.0 and T4 "
    "7.5 have none): NVIDIA compute capability >= 8.0, any AMD GPU (ROCm), Gaudi or TPU (rule "
    "bf16-tensor-cores; source: https://example.org/a (BF16 requires compute capability 8.0 or "
    "higher)); sized at fp16, the nearest precision vllm runs on NVIDIA T4 16GB")
GGUF_TRT = (
    "impossible combination: tensorrt-llm cannot run q4_k_m on NVIDIA H100 SXM5 80GB (compute "
    "capability 9.0): no TensorRT-LLM kernel: its quantization recipes are FP4, FP8, W4A16/W4A8 "
    "AWQ and GPTQ, INT8 SmoothQuant (no bitsandbytes, no GGUF): no GPU (rule "
    "trtllm-no-bitsandbytes-or-gguf; source: https://example.org/b); no precision of its "
    "[nearest] list runs with tensorrt-llm there; engines that run q4_k_m on NVIDIA H100 SXM5 "
    "80GB: llama.cpp")
SGLANG_T4 = (
    "impossible combination: sglang does not run on NVIDIA T4 16GB (compute capability 7.5): it "
    "runs on NVIDIA compute capability >= 8.0, AMD gfx942/gfx950 (sgl-kernel is built for sm80 "
    "and newer (sm75 deprecated); AMD Instinct MI300X/MI325X/MI350X) (rule platform:sglang; "
    "source: https://example.org/c); the nearest precision sglang runs on NVIDIA T4 16GB is "
    "fp16")
MULTINODE = ("32 GPUs span at least 4 nodes of 8: training across nodes needs a fast node "
             "network (InfiniBand, EFA or RoCE) or the gradient sync dominates the step; these "
             "cards have no NVLink, so even inside a node every all-reduce crosses PCIe")
NEAR = ("8 requests/s is 85% of what this setup serves (9.41 requests/s): near capacity the "
        "queue, and with it the time to first token, grows steeply with small changes of load; "
        "2 such setups keep it under 80%")


@pytest.mark.parametrize("text", [T4_BF16, GGUF_TRT, SGLANG_T4, MULTINODE, NEAR])
def test_english_comes_back_word_for_word(text: str) -> None:
    assert say(text, "en") == text


@pytest.mark.parametrize(("text", "parts"), [
    (T4_BF16, ["capabilitate de calcul 7.5", "nuclee tensoriale BF16 începând cu Ampere 8.0",
               "NVIDIA cu capabilitate de calcul >= 8.0, orice GPU AMD (ROCm), Gaudi sau TPU",
               "(regula bf16-tensor-cores; sursa: https://example.org/a); calculat"]),
    (GGUF_TRT, ["niciun nucleu TensorRT-LLM: rețetele sale", "(fără bitsandbytes, fără GGUF): "
                "niciun GPU (regula trtllm-no-bitsandbytes-or-gguf; sursa: "]),
    (SGLANG_T4, ["sglang nu rulează pe NVIDIA T4 16GB (capabilitate de calcul 7.5): rulează pe "
                 "NVIDIA cu capabilitate de calcul >= 8.0, AMD gfx942/gfx950 (sgl-kernel este "
                 "compilat pentru sm80", "(regula platform:sglang; sursa: "]),
    (MULTINODE, ["32 de GPU-uri ocupă cel puțin 4 noduri a câte 8 GPU-uri",
                 "; aceste plăci nu au NVLink"]),
    (NEAR, ["8 cereri/s înseamnă 85% din cât servește acest setup (9,41 cereri/s)",
            "2 asemenea setup-uri o țin sub 80%"]),
])
def test_romanian_writes_the_catalog_words_and_the_warning(text: str, parts: list[str]) -> None:
    """("4 de noduri": the answer drops the "de" after 1-19, service/domain/locale.py)."""
    out = say(text, "ro")
    for part in parts:
        assert part in out, out
    assert not _english(out), out


# Words that Romanian never writes, each a sign of an English sentence left in an answer.
_ENGLISH = re.compile(r"\b(?:the|and|with|per GPU|needs?|GPUs|cannot|runs|rule|source|"
                      r"compute capability|matmuls|weights|from|have none|any|typically|lossless|"
                      r"benchmarks|kernels|tensor cores|activations)\b")
_SOURCE = re.compile(r"https?://\S++(?: \([^()]*+\))?+")


def _english(text: str) -> list[str]:
    """English words of ``text``, its sources (URLs and their notes) left out."""
    return _ENGLISH.findall(_SOURCE.sub("", text))


@pytest.mark.parametrize("question", [
    "Merge Llama 3.1 8B pe T4?",
    "Câte H100 îmi trebuie pentru full fine-tuning la Llama 3.1 70B?",
    "Merge fp8 pe A100?",
    "Merge mxfp4 pe A100?",
    "Llama 3.1 8B cu context de 200000 de tokeni pe L40S?",
    "Full fine-tuning la Llama 3.1 70B pe 32 de L40S?",
])
def test_romanian_answers_have_no_english_sentence(question: str) -> None:
    r = ask(question)
    assert r.lang == "ro"
    body = r.answer.split("\n\n")
    # the answer and its warnings; the guidance passage quoted between them is its own text
    text = body[0] + "\n" + "\n".join(b for b in body if b.startswith("Avertismente:"))
    assert not _english(text), text


def test_an_empty_catalog_entry_is_reported_at_its_line(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED / "messages", tmp_path / "messages")
    ro = tmp_path / "messages" / "ro.toml"
    old = '"bitsandbytes LLM.int8()" = "bitsandbytes LLM.int8()"'
    text = ro.read_text(encoding="utf-8")
    assert text.count(old) == 1
    ro.write_text(text.replace(old, '"bitsandbytes LLM.int8()" = " "'), encoding="utf-8")
    line = next(n for n, x in enumerate(ro.read_text(encoding="utf-8").splitlines(), start=1)
                if x.startswith('"bitsandbytes LLM.int8()" ='))
    messages, problems = load_messages(tmp_path)
    assert messages is None
    assert [(p.file, p.line) for p in problems] == [("messages/ro.toml", line)]
    assert "[catalog] bitsandbytes LLM.int8() must be a non-empty text" in problems[0].message
