"""The question's language from the two message files' word lists, short Slack questions
included ("cat costa un h100 pe luna?", "h100 pcie are nvlink?")."""

from __future__ import annotations

import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.understand import detect_language


@pytest.mark.parametrize("q", [
    "cat costa un h100 pe luna?", "incape llama 70b pe 2 4090?", "h100 pcie are nvlink?",
    "L40S are NVLink?", "ctx maxim pt qwen 2.5 14b pe l40s", "4090 sau 5090 pt llama 3.1 8b?",
    "ttft pt llama 3.1 70b fp8 pe h100?", "cati useri simultan duce llama 3.1 8b pe un h100?",
    "pret h100 pe ora", "stocare 500gb pe runpod cat costa pe luna?",
    "runpod factureaza la secunda?",
])
def test_short_romanian(q: str) -> None:
    assert detect_language(q, shipped_messages().words) == "ro"


@pytest.mark.parametrize("q", [
    "what are the best gpus for llama?", "gpus are expensive?", "H100s are fast?",
    "Which cards are good for llama?", "h100 price?", "h100 or a100?", "runpod billing",
    "qlora llama 70b on 2 4090s", "tokens/sec for mistral 7b on a 4090?", "l40s price per hr?",
])
def test_short_english(q: str) -> None:
    assert detect_language(q, shipped_messages().words) == "en"
