"""What a question asks and the entities beyond ``extract`` (service.domain.answer.intent), in
English and Romanian, with and without diacritics."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.answer.intent import Details, classify, details
from service.domain.answer.understand import extract
from service.domain.catalog.snapshot import Catalog
from service.paths import default_data_dir


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def intent_of(q: str) -> tuple[str, str | None]:
    reg = catalog().registry
    ex = extract(q, reg)
    det = details(q, reg, [p.id for p in catalog().providers])
    gpus = det.gpus or ([ex.gpu] if ex.gpu else [])
    kind = reg.models[ex.model].kind if ex.model else None
    users = ex.concurrent_requests or det.users
    return classify(q, kind, len(gpus), ex.model is not None or ex.params_b is not None, users)


@pytest.mark.parametrize(("q", "intent", "sub"), [
    ("largest context for Llama 3.1 8B in bf16 on a 24 GB card?", "max_context", None),
    ("cel mai mare context pentru llama 3.1 8b pe o placa de 24 GB", "max_context", None),
    ("Tokens/s of Llama 3 70B 4-bit on one H100?", "speed", "tps"),
    ("TTFT of Mistral 7B on an L4?", "speed", "ttft"),
    ("Câți tokeni pe secundă face Llama 3.1 8B pe un RTX 4090?", "speed", "tps"),
    ("cati tokeni pe secunda face llama 3.1 8b pe un rtx 4090", "speed", "tps"),
    ("How many H200 for DeepSeek-R1 at FP8?", "gpu_count", None),
    ("Câte H200 îmi trebuie pentru DeepSeek-R1 în FP8?", "gpu_count", None),
    ("H100 vs A100 vs L40S vs RTX 4090 for Qwen 2.5 14B", "compare", None),
    ("Does Mixtral 8x7B 4-bit fit on a 4090?", "fits", None),
    ("Încape Mixtral 8x7B pe 4 biți pe un 4090?", "fits", None),
    ("incape mixtral 8x7b pe 4 biti pe un 4090", "fits", None),
    ("KV cache per token of Llama 3.1 70B", "kv_cache", None),
    ("cache kv pe token pentru llama 3.1 70b", "kv_cache", None),
    ("How fast is SDXL on an RTX 4090?", "media", None),
    ("Spot or on-demand for a 3-day training job of a 7B model?", "spot", None),
    ("Which providers bill per second?", "billing", None),
    ("care furnizori au facturare pe secunda?", "billing", None),
    ("How much does 5 TB of egress cost on AWS?", "storage_egress", "egress"),
    ("Cât costă stocarea a 2 TB pe RunPod?", "storage_egress", "storage"),
    ("Does the H100 have NVLink?", "interconnect", None),
    ("Pot face LoRA pe Qwen 2.5 14B pe un L40S?", "finetune", None),
    ("Cât costă LoRA pe Qwen 2.5 14B pe un L40S?", "finetune", "cost"),
    ("Ce GPU pentru llama 3.1 8b sub 500 de dolari pe lună?", "cost", "month"),
    ("ce gpu pentru llama 3.1 8b sub 1 dolar pe ora?", "cost", "hour"),
    ("Cost per 1M tokens for Llama 3.1 8B?", "cost", "million"),
    ("How many concurrent users can Llama 3.1 8B serve on one H100?", "max_concurrency", None),
    ("Llama 3.1 8B, 300 will use it at the same time. How many H100?", "gpu_count", None),
    ("How much VRAM do I need for Llama 3 70B at 4-bit?", "memory", None),
    ("What is quantization and does it hurt quality?", "guidance", None),
    # Slack wording: short, no diacritics, units and abbreviations
    ("tokens/sec for mistral 7b on a 4090?", "speed", "tps"),
    ("tok/sec of llama 3.1 8b on an l4", "speed", "tps"),
    ("whats the going rate for an h200 an hour?", "cost", "hour"),
    ("l40s price per hr?", "cost", "hour"),
    ("cheapest way to run qwen 2.5 14b under $1/hr?", "cost", "hour"),
    ("ctx maxim pt qwen 2.5 14b pe l40s", "max_context", None),
    ("cati useri simultan duce llama 3.1 8b pe un h100?", "max_concurrency", None),
    ("dimensiunea cache-ului kv pe token pt qwen2.5 72b?", "kv_cache", None),
    ("cat platesc sa scot 2 TB din gcp?", "storage_egress", "egress"),
    ("how much to pull 3 TB out of azure?", "storage_egress", "egress"),
    ("does runpod bill by the second?", "billing", None),
    ("runpod factureaza la secunda?", "billing", None),
])
def test_intent(q: str, intent: str, sub: str | None) -> None:
    assert intent_of(q) == (intent, sub)


@pytest.mark.parametrize(("q", "expected"), [
    ("largest context on a 24 GB card", {"memory_gib": 24.0}),
    ("pe o placă de 24 GB", {"memory_gib": 24.0}),
    ("300 will use it at the same time", {"users": 300}),
    ("300 de utilizatori simultan", {"users": 300}),
    ("100 de milioane de tokeni", {"tokens": 100_000_000}),
    ("pretrain on 1B tokens", {"tokens": 1_000_000_000}),
    ("a 3-day training job", {"duration_hours": 72.0}),
    ("timp de 2 zile", {"duration_hours": 48.0}),
    ("5 TB of egress on AWS", {"data_gb": 5000.0, "provider": "aws"}),
    ("stocare 500 GB la lambda in Europa", {"data_gb": 500.0, "provider": "lambda",
                                            "region": "europe"}),
    ("H100 vs A100 vs L40S", {"gpus": ["h100-sxm", "a100-sxm-40gb", "l40s"]}),
    ("llama 3 8b with 32k tokens of context", {}),  # a context, not a token count
    ("spot or on demand for a weekend fine-tune run?", {"duration_hours": 48.0}),
    ("un job batch peste noapte", {"duration_hours": 12.0}),
    ("pot rula qwen3 30b a3b pe 24gb?", {"memory_gib": 24.0}),
    ("cat platesc sa scot 2 TB din gcp?", {"data_gb": 2000.0, "provider": "gcp"}),
])
def test_details(q: str, expected: dict[str, object]) -> None:
    got = details(q, catalog().registry, [p.id for p in catalog().providers])
    stated = {k: v for k, v in Details.__struct_fields__ and
              ((f, getattr(got, f)) for f in Details.__struct_fields__)
              if v is not None and v is not False}  # (regions_each: False unless stated)
    assert stated == expected
