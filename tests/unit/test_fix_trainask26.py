"""Buyer audit 26b #4, #5, #8, #9, #10: a training run's hours asked with the network named
are answered (and timed over a stated Ethernet), Stable Diffusion 1.4 is itself, a rate per
GPU is each GPU's, a setup's hourly price says it is the setup's, and no answer or
assumption carries an unformatted "{...}" template; English and Romanian."""
from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.knowledge_base import load_knowledge
from service.domain.answer.compose import AskRequest, answer
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.settings import Settings


@lru_cache(maxsize=1)
def _env():  # type: ignore[no-untyped-def]
    s = Settings.from_env()
    cat = load_catalog(s.catalog_dir, s.stale_after_days)
    kb = load_knowledge(s.knowledge_dir, s.index_dir, s.embedding_model)
    return kb, cat


def _ask(q: str) -> str:
    kb, cat = _env()
    return answer(AskRequest(question=q, lang="auto"), kb, cat, dt.date(2026, 10, 1)).answer


def _size(body: dict[str, object]):  # type: ignore[no-untyped-def]
    return size(msgspec.convert(body, SizingRequest), _env()[1])


# -- #4: the network named ------------------------------------------------------------------

@pytest.mark.parametrize("q", [
    "Full fine-tune Llama 3.1 70B on 16x H100 with InfiniBand for 1B tokens: hours?",
    "Full fine-tune Llama 3.1 70B on 2 nodes of 8x H100 over InfiniBand: how long for 1B tokens?",
    "Fine-tuning complet Llama 3.1 70B pe 2 noduri de 8 x H100 cu InfiniBand: cât durează "
    "pentru 1B de tokeni?"])
def test_infiniband_named_keeps_the_hours(q: str) -> None:
    a = _ask(q)
    first = a.split("\n")[0]
    # re-pinned: fix/trainperf counts the network between nodes once (was 35.9 hours)
    assert "32.3 hours" in first or "32,3 ore" in first
    assert first.index("32") < 120  # the asked number leads
    assert "400 Gb/s" in first  # the link the figure assumes is said


@pytest.mark.parametrize("q", [
    "Full fine-tune Llama 3.1 70B on 2 nodes of 8x H100 over plain 100 Gb ethernet instead of "
    "InfiniBand: how many hours for 1B tokens?",
    "Fine-tuning complet Llama 3.1 70B pe 16 x H100 legate prin Ethernet de 100 Gb: câte ore "
    "pentru 1B de tokeni?"])
def test_stated_ethernet_slows_the_run(q: str) -> None:
    first = _ask(q).split("\n")[0]
    # over 100 Gb/s per node: TP8 x PP2 sends one micro-batch's 33.5 MB of hidden states
    # each way between the nodes (1/8 per GPU, sequence parallel), 5.4 ms a ~0.26 s slot.
    # Re-pinned: fix/trainperf counts the network between nodes once (was 36.6 against
    # 35.9 hours); the Ethernet run is still the slower one, said first
    assert "33.0 hours" in first or "33,0 ore" in first
    assert "32.3 hours" in first or "32,3 ore" in first  # the InfiniBand run beside it
    assert first.index("33.0" if "33.0" in first else "33,0") < first.index(
        "32.3" if "32.3" in first else "32,3")
    assert "12.5 Gb/s" in first or "12,5 Gb/s" in first


def test_ethernet_without_speed_is_flagged() -> None:
    a = _ask("Full fine-tune Llama 3.1 70B on 16 H100 without InfiniBand, just ethernet: "
             "will it be slow?")
    assert "NVLink 4" not in a.split("\n")[0]
    assert "stated without its speed" in a


def test_sizing_times_the_stated_network() -> None:
    body = {"model": "llama 3.1 70b", "task": "finetune", "gpu": "H100", "gpu_count": 16,
            "finetune": {"method": "full"}, "training_tokens": 10**9,
            "min_memory_headroom_pct": 10}
    fast = _size(body)
    slow = _size({**body, "node_network_gbit_s": 100})
    assert fast.performance is not None and slow.performance is not None
    # TP8 x PP2: the pipeline's sends between the two nodes, ~2 % of the step (pipenet28)
    ratio = slow.performance.training_tokens_per_s / fast.performance.training_tokens_per_s
    assert 0.97 < ratio < 0.99
    net = {a.name: a for a in slow.assumptions}["inter_node_network"]
    assert net.value.startswith("1.56 GB/s") and "as stated" in net.reason


# -- #5: Stable Diffusion 1.4 ---------------------------------------------------------------

@pytest.mark.parametrize("q", ["How much memory for a LoRA on Stable Diffusion 1.4?",
                               "Câtă memorie pentru DreamBooth LoRA pe Stable Diffusion v1.4 "
                               "la 512?"])
def test_sd14_is_not_sdxl(q: str) -> None:
    first = _ask(q).split("\n")[0]
    assert "XL" not in first and "13.6" not in first and "13,6" not in first
    assert "Stable Diffusion 1.4" in first
    assert "4.0 GiB" in first or "4,0 GiB" in first  # as SD 1.5: the same architecture


def test_sd14_sizing_reproduces_peft_lora_row() -> None:
    r = _size({"model": "stable diffusion v1.4", "task": "finetune", "weights": "fp32",
               "finetune": {"method": "lora", "gradient_checkpointing": False},
               "height": 512, "width": 512})
    # PEFT README, SD v1-4 DreamBooth LoRA at 512, batch 1: 15.5 GB (calibration h157)
    assert r.memory.total_gib * 1.073741824 == pytest.approx(15.5, rel=0.05)


# -- #8: per GPU ----------------------------------------------------------------------------

@pytest.mark.parametrize("q", [
    "How many tokens per second per GPU for full fine-tuning Llama 3.1 8B on H100?",
    "Câți tokeni pe secundă pe GPU la fine-tuning complet Llama 3.1 8B pe H100?",
    "Câți GiB pe GPU pentru full fine-tuning Llama 3.1 8B pe H100 și câți tokeni pe secundă "
    "pe GPU?"])
def test_rate_per_gpu(q: str) -> None:
    first = _ask(q).split("\n")[0]
    assert "5,962 tokens/s per GPU" in first or "5.962 de tokeni/s pe GPU" in first
    if "GiB" not in q:
        assert not first.startswith(("No", "Nu"))


# -- #9: the setup's price said as such -----------------------------------------------------

@pytest.mark.parametrize("q", ["How much does it cost to pretrain a 1B model on 100B tokens?",
                               "Cât costă preantrenarea unui model de 1B pe 100B de tokeni?"])
def test_setup_price_labelled(q: str) -> None:
    first = _ask(q).split("\n")[0]
    assert re.search(r"\$1\.52/h for the setup|1,52\sUSD/oră pentru tot setup-ul", first), first


# -- #10: no template left unformatted ------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?::[^}]*)?\}")

_BODIES = [
    {"model": "qwen3 30b a3b", "task": "finetune", "gpu": "H100",
     "finetune": {"method": "lora"}, "training_tokens": 100_000_000},
    {"model": "qwen3 30b a3b", "task": "finetune", "gpu": "H100", "gpu_count": 8,
     "finetune": {"method": "full"}, "training_tokens": 100_000_000},
    {"model": "mixtral 8x7b", "task": "finetune", "gpu": "H100", "gpu_count": 16,
     "finetune": {"method": "full"}, "training_tokens": 100_000_000},
    {"model": "llama 3.1 70b", "task": "finetune", "gpu": "H100", "gpu_count": 16,
     "finetune": {"method": "full"}, "training_tokens": 10**9, "node_network_gbit_s": 100},
    {"model": "llama 3.1 8b", "task": "pretrain", "gpu": "H100", "gpu_count": 64,
     "training_tokens": 10**10},
    {"model": "llama 3.1 8b", "task": "finetune", "gpu": "RTX 4090",
     "finetune": {"method": "qlora"}, "training_tokens": 10**8},
    {"model": "llama 3.1 70b", "gpu": "H100", "gpu_count": 2, "batch_size": 16},
    {"model": "qwen3 30b a3b", "gpu": "H100", "batch_size": 8},
    {"model": "sdxl", "gpu": "L40S"},
]


@pytest.mark.parametrize("body", _BODIES, ids=lambda b: f"{b['model']}-{b.get('task', 'inf')}")
def test_no_placeholder_in_sizing(body: dict[str, object]) -> None:
    r = _size(body)
    texts = [*(f"{a.value} {a.reason}" for a in r.assumptions), *map(str, r.warnings)]
    for t in texts:
        assert not _PLACEHOLDER.search(t), t


@pytest.mark.parametrize("q", [
    "LoRA fine-tune Qwen3 30B A3B on an H100 for 100M tokens: hours?",
    "Fine-tuning LoRA Qwen3 30B A3B pe un H100 pentru 100M de tokeni: câte ore?",
    "Full fine-tune Llama 3.1 70B on 2 nodes of 8x H100 over plain 100 Gb ethernet: hours for "
    "1B tokens?",
    "How many tokens per second per GPU for full fine-tuning Llama 3.1 8B on H100?",
    "How much does it cost to pretrain a 1B model on 100B tokens?",
    "Llama 3.1 70B on 2x H100 for 20 users: tokens/s?",
    "Câtă memorie pentru DreamBooth LoRA pe Stable Diffusion v1.4 la 512?"])
def test_no_placeholder_in_answers(q: str) -> None:
    a = _ask(q)
    assert not _PLACEHOLDER.search(a), a
