"""Real questions, real index and catalog: the core's warnings in Romanian answers, short
Romanian questions answered in Romanian, "a 7B model" as a stated assumption, the passage that
answers each intent, and the later held-out batches at the issue's floors
(qa_intents_heldout2.jsonl, written before the rules it measured were changed, and
qa_intents_heldout3.jsonl, written after them and run once untuned)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import KnowledgeBase
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.evaluation.qa_intents import (
    evaluate_intents,
    first_sentence,
    format_intents,
    load_cases,
)
from service.paths import default_data_dir

DATA = Path(__file__).resolve().parents[1] / "data"
TODAY = dt.date(2026, 12, 1)
# English words of the core's warnings that a Romanian answer must not carry
ENGLISH = re.compile(r"billing granularity|price unknown|counted at|headroom under|tensor "
                     r"parallel over|not stated|days old|price date unknown|suspect price|"
                     r"impossible combination|cannot run here|the nearest precision")


@pytest.fixture(scope="module")
def loaded() -> Any:
    return load_catalog(default_data_dir("catalog"))


def ask(kb: KnowledgeBase, loaded: Any, question: str) -> AskResponse:
    return answer(AskRequest(question=question), kb, loaded, TODAY)


def warnings_of(r: AskResponse) -> str:
    return next((p for p in r.answer.split("\n\n") if p.startswith(("Warnings", "Avertismente"))),
                "")


@pytest.mark.parametrize("question", [
    "Vrem să servim Llama 3.1 8B pentru 300 de utilizatori simultan. De ce avem nevoie?",
    "Cât costă pe oră să servesc Llama 3.1 8B?",
    "cat costa mixtral 8x22b pe ora cu 300 de utilizatori simultan?",
    "incape llama 3.1 8b in bf16 pe un v100?",
    "whisper large v3 turbo merge pe un t4?",
])
def test_core_warnings_arrive_in_romanian(kb: KnowledgeBase, loaded: Any, question: str) -> None:
    r = ask(kb, loaded, question)
    text = warnings_of(r)
    assert r.lang == "ro" and text.startswith("Avertismente:"), r.answer
    assert not ENGLISH.search(text), text
    assert not re.search(r"\$\d", text)  # money as 0,186 USD


def test_the_same_warnings_stay_english_in_english(kb: KnowledgeBase, loaded: Any) -> None:
    r = ask(kb, loaded, "How much per hour to serve Llama 3.1 8B?")
    assert "billing granularity unknown" in warnings_of(r) or "price" in warnings_of(r)


@pytest.mark.parametrize("question", ["cat costa un h100 pe luna?", "incape llama 70b pe 2 4090?",
                                      "h100 pcie are nvlink?", "L40S are NVLink?",
                                      "ctx maxim pt qwen 2.5 14b pe l40s", "pret h100 pe ora",
                                      "4090 sau 5090 pt llama 3.1 8b?"])
def test_short_romanian_questions_are_answered_in_romanian(kb: KnowledgeBase, loaded: Any,
                                                          question: str) -> None:
    assert ask(kb, loaded, question).lang == "ro"


def test_a_monthly_gpu_price_leads_with_the_month(kb: KnowledgeBase, loaded: Any) -> None:
    first = first_sentence(ask(kb, loaded, "cat costa un h100 pe luna?").answer)
    # the month leads (before the hourly price it comes from), for the GPU asked
    assert "NVIDIA H100" in first and "USD/lună" in first.split(":")[0], first


@pytest.mark.parametrize(("question", "model", "note"), [
    ("how much vram does a 7b model need in fp16", "mistral-7b-v0.3",
     "(Assuming a 7B model such as Mistral 7B v0.3, a current layout: grouped-query attention "
     "with 8 KV heads, 128 KiB of KV cache per token at 16 bits.)"),
    ("un model de 7B cata memorie vrea in fp16?", "mistral-7b-v0.3",
     "(Presupunând un model de 7B, de exemplu Mistral 7B v0.3, o arhitectură actuală: atenție "
     "cu interogări grupate (GQA) cu 8 capete KV, 128 KiB de cache KV pe token la 16 biți.)"),
    ("does a 70B model fit on 2 H100?", "llama-3.1-70b", "such as Meta Llama 3.1 70B"),
    ("how much memory for a 1.5B model?", "qwen2.5-1.5b", "(Assuming a 1.5B model such as"),
])
def test_a_size_alone_is_a_mainstream_model_stated_as_an_assumption(
        kb: KnowledgeBase, loaded: Any, question: str, model: str, note: str) -> None:
    r = ask(kb, loaded, question)
    assert r.numbers and r.numbers.sizing and r.numbers.sizing.model == model
    assert note in r.answer.split("\n\n")[0]


@pytest.mark.parametrize(("question", "passage"), [
    ("Which providers bill per second?", "billing-granularity"),
    ("does runpod bill by the second?", "billing-granularity"),
    ("runpod factureaza la secunda?", "billing-granularity"),
    ("How much does 5 TB of egress cost on AWS?", "egress-costs"),
    ("stocare 500gb pe runpod cat costa pe luna?", "storage-weights-checkpoints"),
    ("KV cache per token of Llama 3.1 70B?", "kv-cache-context-length"),
    ("cat cache kv per token are mistral 7b", "kv-cache-context-length"),
    ("TTFT of Mistral 7B on an L4?", "ttft-vs-decode-speed"),
    ("cati tokeni pe secunda face mistral 7b pe un 4090?", "memory-bandwidth-token-speed"),
    ("Cost per 1M tokens for Llama 3.1 8B?", "cost-per-million-tokens"),
    ("Does the L40S support NVLink?", "interconnect-nvlink"),
    ("cat dureaza lora pe qwen 2.5 7b pe 50 de milioane de tokeni pe un h100",
     "finetune-job-cost"),
    ("Spot or on-demand for a 3-day training job of a 7B model?", "spot-vs-on-demand"),
    ("Can I run Whisper large v3 on an L4?", "audio-whisper-asr"),
])
def test_the_passage_that_answers_the_intent_leads(kb: KnowledgeBase, loaded: Any,
                                                  question: str, passage: str) -> None:
    r = ask(kb, loaded, question)
    assert r.passages[0].id == passage, [p.id for p in r.passages]
    assert r.passages[0].title in r.answer


@pytest.mark.parametrize("name", ["qa_intents_heldout2.jsonl", "qa_intents_heldout3.jsonl",
                                  "qa_intents_blind.jsonl", "qa_intents_blind2.jsonl"])
def test_floors_on_the_later_held_out_batches(kb: KnowledgeBase, loaded: Any, name: str) -> None:
    cases = load_cases((DATA / name).read_text(encoding="utf-8"))
    others = {c.q for f in ("qa_intents.jsonl", "qa_intents_heldout.jsonl")
              for c in load_cases((DATA / f).read_text(encoding="utf-8"))}
    if "blind" in name:
        # written without seeing the other files: the issue's own examples can recur there,
        # and a question already in the tuning set does not measure generalisation
        cases = [c for c in cases if c.q not in others]
    assert len(cases) >= 40 and not {c.q for c in cases} & others
    report = evaluate_intents(cases, lambda q: (lambda r: (r.answer, r.lang))(
        ask(kb, loaded, q)), loaded, TODAY)
    print()
    print(format_intents(report, name))
    assert report.number_first_rate("en") >= 0.90
    assert report.number_first_rate("ro") >= 0.85
    adversarial = [r for r in report.rows if r.intent == "adversarial"]
    assert all(r.passed == r.questions for r in adversarial)


@pytest.mark.parametrize(("question", "lang"), [
    ("how fast is bge-large-en-v1.5 on an L4?", "en"),
    ("cât de repede merge bge large pe un L4?", "ro"),
])
def test_an_embedding_model_is_answered_in_embeddings_per_second(
        kb: KnowledgeBase, loaded: Any, question: str, lang: str) -> None:
    r = ask(kb, loaded, question)
    first = r.answer.split("\n")[0]
    assert r.lang == lang
    assert ("inputs of" in first and "per second" in first) if lang == "en" else \
        "embedding-uri pe secundă" in first
    assert "does not fit" not in first and "nu încape" not in first
    assert "to the first token" not in first
