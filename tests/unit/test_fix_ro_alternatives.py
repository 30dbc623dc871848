"""What would change a recommendation's answer (its ``alternatives``: ``change`` and ``effect``)
in the reader's language: a Romanian answer said them in English while its warnings and its
reason were Romanian (POST /v1/recommendations {"model": "llama-3.1-70b", "concurrent_requests":
20, "lang": "ro"}: "relax TTFT to 4,000 ms" / "a first token within 4 s instead of 2 s: 8 x
... at verda, $799/month (vs $1,360)"), and so did Slack's ``/gpu recomandă``.

Every kind of text service/domain/recommend/alternatives.py writes is run from real
recommendations (the shipped catalog), plus the kinds today's catalog does not produce, written
as that module writes them; each must come out Romanian, numbers in the Romanian format."""

from __future__ import annotations

import datetime as dt
import functools
import json
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.adapters.slack.render import render_recommendation
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import (
    Alternative,
    Recommendation,
    RecommendationRequest,
)
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)
NBSP = "\u00a0"

# English words an alternative says that no Romanian text of it may keep
ENGLISH = (" at ", "instead of", "weights", "month", "relax ", "allow ", " in all", "for the ",
           "finish in", "cost less", " fit ", "instances of", "tokens", "nodes", "$", " vs ")

# requests that, on the shipped catalog, produce every kind of alternative it can
REQUESTS: list[dict[str, Any]] = [
    # relax TTFT (the default target), and a stated one
    {"model": "llama-3.1-70b", "workload": "serving", "concurrent_requests": 20},
    {"model": "llama-3.1-70b", "concurrent_requests": 20, "max_time_to_first_token_ms": 500},
    # relax decode speed, on several instances
    {"model": "llama-3.1-8b", "concurrent_requests": 50, "min_decode_tokens_per_s": 60},
    # fp8 / int4 reruns that fit fewer GPUs
    {"model": "llama-3.1-70b", "weights": "bf16", "workload": "batch"},
    # fp16 where bf16 cannot run, kv_cache fp8, a shorter context, relax TTFT and decode
    {"model": "llama-3.1-8b", "weights": "bf16", "context_tokens": 32768,
     "concurrent_requests": 64},
    # fp8 that costs less on other GPUs
    {"model": "qwen2.5-14b", "weights": "bf16", "concurrent_requests": 40},
    # nothing fits the budget: fp8 / int4 fit where bf16 does not (no "vs")
    {"model": "llama-3.1-70b", "weights": "bf16", "concurrent_requests": 20,
     "max_usd_per_month": 2000},
    # a KV type only llama.cpp keeps: an FP8 cache on vLLM
    {"model": "llama-3.1-8b", "weights": "bf16", "kv_cache": "q8_0", "concurrent_requests": 30},
    # batch and fine-tuning that may not be interrupted: allow spot
    {"model": "llama-3.1-70b", "workload": "batch", "interruptible": False},
    {"model": "llama-3.1-70b", "workload": "finetune", "interruptible": False,
     "finetune": {"method": "full"}},
    # nothing fits one node: allow multi-node
    {"model": "llama-3.1-405b", "workload": "finetune", "finetune": {"method": "full"}},
    # a long pre-training run: more GPUs, multi-node with InfiniBand
    # (4e11: past 30 days on one node without checkpointing; 3e11 was, checkpointed)
    {"model": "llama-3.1-8b", "workload": "pretrain", "training_tokens": 4e11},
    # ... and where no InfiniBand offer qualifies
    {"model": "llama-3.1-8b", "workload": "pretrain", "training_tokens": 2e11,
     "max_gpus_per_node": 1},
]

# the texts today's catalog does not produce, as alternatives.py writes them, with a part of
# their Romanian
WRITTEN = [
    ("fp16 weights fit on NVIDIA Tesla V100 SXM2 16GB where bf16 does not (16 bits, no "
     "quantization): 2 x NVIDIA Tesla V100 SXM2 16GB at verda, $1,234/month (vs $2,345)",
     "greutățile fp16 încap pe NVIDIA Tesla V100 SXM2 16GB, unde bf16 nu încape (16 biți, fără "
     f"cuantizare): 2 × NVIDIA Tesla V100 SXM2 16GB la verda, 1.234{NBSP}USD/lună (față de "
     f"2.345{NBSP}USD)"),
    ("int8 weights meet the default serving targets on NVIDIA T4 16GB where fp8 misses them: "
     "4 x NVIDIA T4 16GB at aws, $987/month",
     "greutățile int8 ating țintele implicite de servire pe NVIDIA T4 16GB, unde fp8 le ratează"),
    ("int8 weights meet the targets on NVIDIA T4 16GB where fp8 misses them: 4 x NVIDIA T4 "
     "16GB at aws, $987/month", "ating țintele pe NVIDIA T4 16GB"),
    ("fp16 weights carry the load on 1 node of NVIDIA B200 180GB (HGX) where bf16 needs 2 for "
     "the default TTFT target (16 bits, no quantization): 8 x NVIDIA B200 180GB (HGX) at aws, "
     "$20,000/month (vs $40,000)",
     "duc încărcarea pe un nod cu NVIDIA B200 180GB (HGX), unde bf16 are nevoie de 2 pentru "
     "ținta TTFT implicită (16 biți"),
    ("int8 weights carry the load on 3 nodes of NVIDIA L4 24GB where fp8 needs 25 for the rate "
     "target: 3 instances of 8 x NVIDIA L4 24GB (g6.48xlarge) at aws, $12,346/month",
     "pe 3 noduri cu NVIDIA L4 24GB, unde fp8 are nevoie de 25 pentru ținta ratei de cereri: "
     f"3 instanțe de 8 × NVIDIA L4 24GB (g6.48xlarge) la aws, 12.346{NBSP}USD/lună"),
    ("fp16 weights cost less on NVIDIA Tesla V100 SXM2 16GB (bf16 there: $1,500/month) (16 "
     "bits, no quantization): 8 x NVIDIA Tesla V100 SXM2 16GB at verda, $799/month "
     "(vs $1,360)", f"(bf16 acolo: 1.500{NBSP}USD/lună) (16 biți, fără cuantizare)"),
    ("int8 weights cost less on NVIDIA A10 24GB (fp8 there: $2,000 in all): 1 x NVIDIA A10 "
     "24GB at lambda, $1,200 in all (vs $2,000)",
     f"(fp8 acolo: 2.000{NBSP}USD în total): 1 × NVIDIA A10 24GB la lambda, 1.200{NBSP}USD "
     "în total"),
    ("int8 weights cost less, on NVIDIA A10 24GB: 1 x NVIDIA A10 24GB at lambda, $0.75/month",
     f"greutățile int8 costă mai puțin, pe NVIDIA A10 24GB: 1 × NVIDIA A10 24GB la lambda, "
     f"0,75{NBSP}USD/lună"),
    ("FP8 weights (near-lossless) cost less on the same GPUs: 2 x NVIDIA H100 SXM5 80GB at "
     "hyperstack, $3,000/month (reserved, contract of agreed duration; Hyperstack's published "
     "'from' rate for H100 SXM) (vs $3,500)", "costă mai puțin pe aceleași GPU-uri"),
    ("4-bit weights (small quality loss) fit smaller GPUs: 2 x NVIDIA L4 24GB at gcp, "
     "$900/month (reserved, a committed term the catalog does not state)",
     "(rezervat, un termen de angajament pe care catalogul nu îl precizează)"),
    ("4-bit weights (small quality loss) fit fewer, smaller GPUs: 1 x NVIDIA L4 24GB at gcp, "
     "$450/month", "încap pe mai puține GPU-uri, mai mici"),
    ("q8_0 KV cache (about half the KV memory, small quality cost): 1 x NVIDIA GeForce RTX "
     "4090 24GB at vast, $250/month (vs $300)",
     "cache KV q8_0 (aproximativ jumătate din memoria KV"),
    ("relax decode speed to 12.5 tokens/s per user", "12,5 tokeni/s per utilizator"),
    ("12.5 instead of 25 tokens/s per user: 1 x NVIDIA L4 24GB at gcp, $450/month",
     "12,5 în loc de 25 de tokeni/s per utilizator"),
    ("more GPUs: 2 instances of 8 x NVIDIA H100 SXM5 80GB (p5.48xlarge)",
     "mai multe GPU-uri: 2 instanțe de 8 × NVIDIA H100 SXM5 80GB (p5.48xlarge)"),
    ("2 instances of 8 x NVIDIA H100 SXM5 80GB (p5.48xlarge) at aws (reserved, 1-year term) "
     "finish in 12.3 days instead of 45: $123,456 for the job (vs $100,000)",
     f"termină în 12,3 zile în loc de 45: 123.456{NBSP}USD pentru job (față de "
     f"100.000{NBSP}USD)"),
    ("3 nodes of p5.48xlarge at aws (efa) finish in 25.5 days instead of 1,234; spot "
     "capacity, $1,234,567 for the run",
     f"3 noduri p5.48xlarge la aws (efa) termină în 25,5 zile în loc de 1.234; capacitate "
     f"spot, 1.234.567{NBSP}USD pentru rulare"),
]


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


@functools.cache
def recommendations() -> tuple[Recommendation, ...]:
    return tuple(recommend(msgspec.convert(r, RecommendationRequest), catalog(), TODAY)
                 for r in REQUESTS)


def say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


def english_left(text: str) -> list[str]:
    return [w for w in ENGLISH if w in text]


def test_the_requests_produce_every_kind_of_alternative() -> None:
    """The spread is wide enough: each kind of change alternatives.py writes appears."""
    changes = " | ".join(a.change for r in recommendations() for a in r.alternatives)
    for kind in ("weights fp16", "weights fp8", "weights int4 (AWQ)", "kv_cache fp8",
                 "context ", "relax TTFT to ", "relax decode speed to ",
                 "allow spot (interruptible)", "allow multi-node", "more GPUs: ",
                 "multi-node with InfiniBand", "multi-node: "):
        assert kind in changes, kind


def test_every_alternative_of_real_recommendations_is_romanian() -> None:
    m = shipped_messages()
    left: list[tuple[str, str]] = []
    for rec in recommendations():
        assert rec.alternatives, rec.model
        ro = localise_recommendation(rec, m, "ro")
        assert len(ro.alternatives) == len(rec.alternatives)
        for en, said in zip(rec.alternatives, ro.alternatives, strict=True):
            for core, text in ((en.change, said.change), (en.effect, said.effect)):
                if text == core or english_left(text):
                    left.append((core, text))
            # the rest of the alternative is the core's
            assert (said.per_month_usd, said.per_job_usd, said.offer_id) == (
                en.per_month_usd, en.per_job_usd, en.offer_id)
    assert not left, "\n".join(f"{a}\n  -> {b}" for a, b in left)


def test_the_reported_alternative_in_romanian() -> None:
    """The report's own request: its numbers in the Romanian format."""
    rec = recommendations()[0]
    a = localise_recommendation(rec, shipped_messages(), "ro").alternatives[0]
    assert a.change == "relaxați TTFT la 4.000 ms"
    assert a.effect.startswith("primul token în 4 s în loc de 2 s: 8 × NVIDIA Tesla V100 SXM2 "
                               "16GB la verda, "), a.effect
    # re-pinned: serving start transient (d85c4ba+1): the lead's month (was 1.360, now 936)
    lead = f"{round(rec.options[0].cost.per_month_usd or 0):,}".replace(",", ".")
    assert lead == "936"
    # re-pinned: serving start transient (d85c4ba+1)
    assert a.effect.endswith(f"{NBSP}USD/lună (față de {lead}{NBSP}USD)"), a.effect


@pytest.mark.parametrize(("core", "ro"), WRITTEN)
def test_alternatives_the_catalog_does_not_produce_today(core: str, ro: str) -> None:
    alt = Alternative(change="allow spot (interruptible)", effect=core)
    if ": " not in core or core.startswith("more GPUs: "):
        alt = Alternative(change=core, effect="spot prices with checkpointing")
    rec = msgspec.structs.replace(recommendations()[0], alternatives=[alt])
    said = localise_recommendation(rec, shipped_messages(), "ro").alternatives[0]
    got = said.effect if alt.effect == core else said.change
    assert ro in got, got
    assert not english_left(got), got


def test_english_alternatives_come_back_word_for_word() -> None:
    """The English messages write the core's own texts (digits grouped as the messages group
    them), and an English answer is the core's."""
    m = shipped_messages()
    texts = [t for r in recommendations() for a in r.alternatives for t in (a.change, a.effect)]
    texts += [core for core, _ in WRITTEN]
    for t in texts:
        assert say(t, "en").replace(",", "") == t.replace(",", ""), t
    rec = recommendations()[0]
    assert localise_recommendation(rec, m, "en") is rec


def test_slack_says_the_alternatives_in_romanian() -> None:
    rec = recommendations()[0]
    text = json.dumps(render_recommendation(rec, "ro", model_name="Llama 3.1 70B"),
                      ensure_ascii=False)
    assert "relaxați TTFT la 4.000 ms: primul token în 4 s în loc de 2 s" in text, text
    assert "instead of" not in text and "relax TTFT" not in text
    en = json.dumps(render_recommendation(rec, "en", model_name="Llama 3.1 70B"))
    assert "relax TTFT to 4,000 ms: a first token within 4 s instead of 2 s" in en
