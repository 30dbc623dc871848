"""/v1/ask reads a training sequence length written as an example's length ("16k-token
examples", "documents of 32,000 tokens", RO "la 8k tokeni pe un RTX 4090") and a global batch
("global batch size 128 ... on 8 H100") as /v1/sizing sizes them (audit train2 #1, #2)."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, catalog


def _sized(body: dict[str, Any]) -> float:
    r = size(msgspec.convert(body, SizingRequest), catalog())
    return round(r.memory.per_gpu_gib, 1)


def _gib(answer: str) -> float:
    m = re.search(r"(?:about|aproximativ|nevoie de aproximativ) ([\d.,]+) GiB", answer)
    assert m, answer[:400]
    return float(m.group(1).replace(".", "").replace(",", ".")) if "," in m.group(1) \
        else float(m.group(1))


@pytest.mark.parametrize(("question", "gpu", "seq", "rank", "gib"), [
    ("Fine-tune Llama 3.1 8B with LoRA on 16k-token examples on one H100: memory?",
     "h100-sxm", 16384, None, 28.4),
    ("Fine-tune Llama 3.1 8B with LoRA on documents of 32,000 tokens on an A100 80GB: does it "
     "fit?", "a100-sxm-80gb", 32000, None, 39.9),
    ("Fine-tune Llama 3.1 8B with LoRA on 32,000-token documents on an A100 80GB: does it fit?",
     "a100-sxm-80gb", 32000, None, 39.9),
    ("Fine-tuning LoRA cu rang 64 la Llama 3.1 8B la 8k tokeni pe un RTX 4090: încape?",
     "rtx-4090", 8192, 64, 24.3),
])
def test_example_length_is_the_sequence_length(question: str, gpu: str, seq: int,
                                               rank: int | None, gib: float) -> None:
    ft: dict[str, Any] = {"method": "lora", "sequence_length": seq}
    if rank:
        ft["lora_rank"] = rank
    want = _sized({"model": "llama-3.1-8b", "task": "finetune", "gpu": gpu, "gpu_count": 1,
                   "finetune": ft})
    assert want == gib
    got = ask(question).answer
    assert _gib(got) == want  # was 27.8 GiB (EN) / 19.8 GiB (RO): 2,048 tokens
    if gpu == "rtx-4090":
        assert got.startswith("Nu,")  # 24.3 GiB > 23.5 usable (was "Da")


def test_global_batch_split_over_the_gpus() -> None:
    want = size(msgspec.convert(
        {"model": "llama-3.1-8b", "task": "finetune", "gpu": "h100-sxm", "gpu_count": 8,
         "training_tokens": 2e9, "finetune": {"method": "lora", "sequence_length": 4096}},
        SizingRequest), catalog())
    assert round(want.memory.per_gpu_gib, 1) == 39.2
    hours = want.performance.training_hours if want.performance else None
    assert hours is not None and round(hours, 1) == 4.5
    got = ask("Fine-tune Llama 3.1 8B with LoRA, global batch size 128, sequence length 4096, "
              "on 8 H100: how long for 2B tokens?").answer
    assert "387.7" not in got and "does not fit" not in got
    assert "about 4.5 hours" in got and "39.2 GiB per GPU" in got
    assert ("a global batch of 128 sequences over 8 GPUs, 16 per GPU a step: a micro-batch of 1 "
            "× 16 gradient-accumulation steps") in got
    got = ask("Fine-tune Llama 3.1 8B with LoRA with a global batch of 512 sequences of 4096 "
              "tokens on 8 H100: how long for 2B tokens?").answer
    assert "1,542.4" not in got and "39.2 GiB per GPU" in got
    assert "64 per GPU a step: a micro-batch of 1 × 64 gradient-accumulation steps" in got


def test_global_batch_ro() -> None:
    got = ask("Fine-tuning LoRA la Llama 3.1 8B cu batch global de 128, secvențe de 4096, pe 8 "
              "H100: cât durează pentru 2B de tokeni?").answer
    assert "39,2 GiB" in got, got[:600]
    assert "nu încape" not in got


def test_rate_at_tokens_is_not_a_length() -> None:
    got = ask("Fine-tune Llama 3.1 8B with LoRA on one H100: memory?").answer
    assert _gib(got) == 27.8
