"""Buyer audit 24a #1: /v1/ask dropped CPU offload. "full fine-tune llama 3.1 8b on a single
4090 with deepspeed cpu offload, fits?" answered "No ... 127.1 GiB per GPU ... fits on 1 × H200"
and "zero-3 and cpu offload" on 4 × RTX 4090 "No ... 30.2 GiB ... Sized as stated: ZeRO-3",
while /v1/sizing with ``finetune.cpu_offload`` gives 18.2 GiB and 16.3 GiB, both fitting. The
offload said ("cpu offload", "offload to CPU", "ZeRO-Offload", "zero-3 offload", "offload pe
CPU", "descărcare pe CPU") is now read into ``finetune.cpu_offload``, said as sized, and its
cost said: the sizing's training tokens/s with it, and the host RAM it needs, not sized."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.answer.intent import finetune_options, stated
from service.domain.answer.understand import extract, training_setup
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _sized(body: dict[str, Any]) -> float:
    """/v1/sizing's memory per GPU for ``body``."""
    return size(msgspec.convert(body, SizingRequest), catalog()).memory.per_gpu_gib


@pytest.mark.parametrize("text", [
    "full fine-tune llama 3.1 8b on a single 4090 with deepspeed cpu offload, fits?",
    "full finetune mistral 7b on 4x rtx 4090 with zero-3 and cpu offload - does it fit?",
    "full fine-tuning mistral 7b pe 4 x RTX 4090 cu zero-3 si offload pe CPU - incape?",
    "fine-tuning complet qwen2.5 7b pe un RTX 3090 cu descărcare pe CPU - încape?",
    "full fine-tune qwen2.5 7b on an RTX 3090 with ZeRO-Offload",
    "zero-3 offload on 2 A100 for llama 13b full",
    "offload the optimizer states to the CPU",
    "fsdp with cpu offloading",
    "descărcarea optimizatorului pe CPU",
])
def test_cpu_offload_is_read(text: str) -> None:
    assert training_setup(text).cpu_offload is True


@pytest.mark.parametrize("text", [
    "full fine-tune llama 3.1 8b on a single 4090 without cpu offload, fits?",
    "fără offload pe CPU",
])
def test_cpu_offload_said_off(text: str) -> None:
    assert training_setup(text).cpu_offload is False


@pytest.mark.parametrize("text", [
    "full fine-tune llama 3.1 8b on a single 4090, fits?",
    "zero-3 offload to nvme",  # ZeRO-Infinity: not the CPU offload the sizing models
    "antrenare de la zero pentru llama 3.1 8b",
])
def test_no_cpu_offload(text: str) -> None:
    assert not training_setup(text).cpu_offload


def test_cpu_offload_goes_into_the_finetune_options() -> None:
    q = "full fine-tune llama 3.1 8b on a single 4090 with deepspeed cpu offload, fits?"
    reg = catalog().registry
    assert finetune_options("full", extract(q, reg), stated(q, reg))["cpu_offload"] is True
    plain = "full fine-tune llama 3.1 8b on a single 4090, fits?"
    assert "cpu_offload" not in finetune_options("full", extract(plain, reg), stated(plain, reg))


def test_llama_8b_on_one_4090_with_offload_fits_as_sizing_says() -> None:
    """Was "No, ... 127.1 GiB per GPU ... It fits on 1 × NVIDIA H200 SXM 141GB"."""
    r = ask("full fine-tune llama 3.1 8b on a single 4090 with deepspeed cpu offload, fits?")
    want = _sized({"model": "llama 3.1 8b", "task": "finetune", "gpu": "RTX 4090",
                   "finetune": {"method": "full", "cpu_offload": True}})
    assert want < 23.5
    first = first_sentence(r)
    assert first.startswith("Yes,"), first
    assert f"{want:.1f} GiB" in first
    quantity, value, _ = asked(r)
    assert quantity == "per_gpu_gib" and value == pytest.approx(want)
    text = head(r)
    assert "127.1" not in text and "H200" not in text
    assert "Sized as stated: CPU offload (DeepSpeed ZeRO-Offload" in text
    # its cost: the sizing's speed with it, and the host RAM it needs (fix/offloadram: now
    # sized, DeepSpeed's estimate, and the machine's system RAM said against it)
    assert "The CPU offload costs speed" in text and "training tokens/s" in text
    assert "system RAM" in text


@pytest.mark.parametrize(("question", "yes", "stated_words"), [
    ("full finetune mistral 7b on 4x rtx 4090 with zero-3 and cpu offload - does it fit?",
     "Yes,", "Sized as stated: ZeRO-3, CPU offload (DeepSpeed ZeRO-Offload"),
    ("full fine-tuning mistral 7b pe 4 x RTX 4090 cu zero-3 si offload pe CPU - incape?",
     "Da,", "Dimensionat cum e cerut: ZeRO-3, offload pe CPU (DeepSpeed ZeRO-Offload"),
])
def test_mistral_on_four_4090_with_zero3_and_offload(question: str, yes: str,
                                                     stated_words: str) -> None:
    """Was "No ... 30.2 GiB per GPU ... Sized as stated: ZeRO-3" (English and Romanian)."""
    r = ask(question)
    want = _sized({"model": "mistral 7b", "task": "finetune", "gpu": "RTX 4090",
                   "gpu_count": 4, "min_memory_headroom_pct": 10.0,
                   "finetune": {"method": "full", "zero_stage": 3, "cpu_offload": True}})
    first = first_sentence(r)
    assert first.startswith(yes), first
    quantity, value, _ = asked(r)
    assert quantity == "per_gpu_gib" and value == pytest.approx(want) and value < 23.5
    text = head(r)
    assert "30.2" not in text and "30,2" not in text
    assert stated_words in text
    cost = ("The CPU offload costs speed" if yes == "Yes," else
            "Offload-ul pe CPU costă viteză")
    assert cost in text


def test_romanian_descarcare_on_a_3090_with_its_speed() -> None:
    """Another model and GPU, in Romanian with diacritics: Qwen2.5 7B on one RTX 3090."""
    r = ask("fine-tuning complet qwen2.5 7b pe un RTX 3090 cu descărcare pe CPU - încape?")
    res = size(msgspec.convert({"model": "qwen2.5 7b", "task": "finetune", "gpu": "RTX 3090",
                                "finetune": {"method": "full", "cpu_offload": True}},
                               SizingRequest), catalog())
    assert res.fits_in_memory and res.performance is not None
    tps = res.performance.training_tokens_per_s
    assert tps is not None
    text = head(r)
    assert first_sentence(r).startswith("Da,"), text
    assert f"{res.memory.per_gpu_gib:.1f}".replace(".", ",") + " GiB" in first_sentence(r)
    assert "Offload-ul pe CPU costă viteză" in text
    assert f"{round(tps)} de tokeni de antrenare/s" in text
    assert "memoria RAM a mașinii" in text
    assert "Dimensionat cum e cerut: offload pe CPU" in text


def test_speed_asked_says_the_offload_rate_once() -> None:
    """A speed asked leads with the rate; the offload's cost points at it, not repeated."""
    r = ask("full fine-tune qwen2.5 7b on an RTX 3090 with ZeRO-Offload, how fast?")
    text = head(r)
    quantity, value, _ = asked(r)
    assert quantity == "training_tokens_per_s"
    assert "the rate above counts the GPU's compute at 50%" in text
    assert text.count(f"{value:,.0f} tokens/s") == 1
    assert "training tokens/s on" not in text


def test_without_offload_stays_no() -> None:
    r = ask("full fine-tune llama 3.1 8b on a single 4090 without cpu offload, fits?")
    assert first_sentence(r).startswith("No,")
    assert "offload" not in head(r).lower()
