"""An embedding endpoint with no input length stated is sized for one retrieval chunk of 512
tokens, at most the model's own limit, never a chat prompt's 4,096 (audit embedctx22).

"bge-m3 embeddings at 500 requests/s, which GPU and monthly cost?" and /v1/recommendations
{"model": "bge-m3", "target_requests_per_s": 500} were 24 x L40S, $6,569/month: bge-m3 takes
8,192 tokens, so the language model's default 4,096 was kept (bge-large, 512 tokens, was
capped). Now 500 inputs of 512 tokens per second, a handful of V100s (with context_tokens 256:
4 x V100, $396/month, as before), said in the ``embedding_input_tokens`` assumption; /v1/ask,
/v1/recommendations, the Slack bot and the web page read the same default
(``service.domain.fields.EMBED_INPUT_TOKENS``).

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from service.adapters.slack.commands import _default_context
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, first_sentence


def _rec(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)


def _gpus(r: Recommendation) -> int:
    o = r.options[0]
    return o.nodes * o.offer.gpu_count


def _note(r: Recommendation) -> str | None:
    got = [a for a in r.assumptions if a.name == "embedding_input_tokens"]
    return f"{got[0].value}: {got[0].reason}" if got else None


def test_default_is_one_512_token_chunk() -> None:
    from service.domain import fields
    assert getattr(fields, "EMBED_INPUT_TOKENS", None) == 512


def test_bge_m3_rate_is_sized_at_512_token_inputs() -> None:
    r = _rec(model="bge-m3", target_requests_per_s=500)
    # was 24 x L40S at $6,569/month (inputs of 4,096 tokens)
    assert _gpus(r) <= 8, (_gpus(r), r.options[0].offer.gpu)
    assert r.options[0].cost.per_month_usd is not None
    assert r.options[0].cost.per_month_usd < 1000
    note = _note(r)
    assert note is not None and note.startswith("512: "), note
    assert "retrieval chunk" in note and "context_tokens" in note, note
    assert "8,192" in note and "Sentence-Transformers" in note, note


def test_stated_context_is_kept_and_not_noted() -> None:
    r = _rec(model="bge-m3", target_requests_per_s=500, context_tokens=256)
    # 2 x V100 since bge-m3's vocabulary table is not timed as FLOPs (4 before; audit 28a #6)
    assert _gpus(r) == 2 and r.options[0].offer.gpu.startswith("v100")
    assert _note(r) is None
    big = _rec(model="bge-m3", target_requests_per_s=500, context_tokens=1024)
    assert _gpus(big) > _gpus(_rec(model="bge-m3", target_requests_per_s=500))


def test_bge_large_keeps_its_512_limit() -> None:
    r = _rec(model="bge-large-en-v1.5", target_requests_per_s=500)
    note = _note(r)
    assert note is not None and note.startswith("512: "), note
    assert _gpus(r) == _gpus(_rec(model="bge-large-en-v1.5", target_requests_per_s=500,
                                  context_tokens=512))


@pytest.mark.parametrize("question,needle", [
    ("bge-m3 embeddings at 500 requests/s, which GPU and monthly cost?",
     "For 500 inputs of 512 tokens per second"),
    ("embeddings bge-m3 la 200 de cereri/s, ce GPU și cât costă pe lună?",
     "Pentru 200 de intrări de câte 512 tokeni pe secundă"),
])
def test_ask_agrees_with_the_recommendations(question: str, needle: str) -> None:
    first = first_sentence(ask(question)).replace("\u00a0", " ")
    # was "For 500 inputs of 4,096 tokens per second, ... needs 24 × NVIDIA L40S 48GB"
    assert first.startswith(needle), first
    rate = 500 if question.startswith("bge") else 200
    n = _gpus(_rec(model="bge-m3", target_requests_per_s=rate))
    m = re.search(r"(\d+) × NVIDIA", first)
    assert m is not None and int(m.group(1)) == n, (first, n)


def test_ask_memory_answer_uses_the_chunk() -> None:
    first = first_sentence(ask("how much memory does bge-m3 need?"))
    assert "512 tokens of context" in first, first  # was 4,096


def test_slack_and_web_default_agree() -> None:
    assert _default_context("embed", 8192) == 512  # was 4,096
    assert _default_context("embed", 512) == 512
    assert _default_context("embed", None) == 512
    assert _default_context("generate", 8192) == 4096
    js = Path(__file__).resolve().parents[2] / "service" / "web" / "app.js"
    assert re.search(r"^  var EMBED_CONTEXT = 512;$", js.read_text(encoding="utf-8"), re.M)
