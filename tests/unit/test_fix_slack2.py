"""Slack round 2 (audit out/slack.md): an answer's table is sized at the answer's own load and
setup (a Users row, a GPUs row, parts per GPU; never a total per GPU beside the whole
model's weights as if it were the whole); a KV cache precision no engine keeps is refused,
never taken for the weights'; ``/gpu offers`` leaves out what ``/gpu recommend`` leaves out
in a place and says how many, reads ``spot`` and ``8x``, points a model to ``/gpu
recommend`` and says unread words; a no-offer answer on untrusted prices names nothing /gpu
cannot set and no target that did not decide it."""

from __future__ import annotations

import re

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import Message
from service.domain.catalog.offer_query import OfferFilter, query_counted
from service.domain.catalog.regions import parse_region_filter
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text, table_rows

URL = "https://gpu.example.com"


def _run(text: str) -> Message:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)
    return run_command(parse_command(text), data)


def _rows(msg: Message) -> dict[str, str]:
    return table_rows(msg)


# 1. the table is the answer's setup at its load


def test_gpu_count_answer_for_50_users_is_sized_at_50_users_on_its_gpus() -> None:
    rows = _rows(_run("How many H100s for Llama 3.1 70B at 50 users?"))
    assert rows["Users"] == "50"
    assert rows["GPUs"] == "4 × NVIDIA H100 SXM5 80GB"
    # 50 × 4,096 tokens × 320 KiB = 62.5 GiB (was 1.2 GiB: one request)
    assert rows["KV cache"] == "62.5 GiB"
    assert rows["Total"] == "201.6 GiB"
    assert rows["Total per GPU"] == "50.4 GiB"
    assert "Fits on" not in rows  # was "1 × B200", which does not hold 50 users


def test_romanian_cost_answer_for_20_users_is_sized_at_20_users() -> None:
    rows = _rows(_run("cât costă pe lună să servesc llama 3.1 8b pentru 20 de utilizatori?"))
    assert rows["Utilizatori"] == "20"
    assert rows["Cache KV"] == "10,0 GiB"  # 20 × 4.096 × 128 KiB (was 5,0)
    assert rows["Total"] == "20,0 GiB"  # the fits rows' need (was 16,8)
    assert "necesită" not in rows["Încape pe"]


# (counts keep the recommendations' 10 % headroom free, fix train_ask: 70B LoRA needs 3 ×
# H100 — every count the recommendations rank is tried, fix consist; it said 4 —, not 2 at
# 77.7 of 79.2 GiB; 8B full on 2 × A100 80GB takes the step that leaves 10 %)
@pytest.mark.parametrize(("question", "lang", "weights", "total", "count"), [
    ("câte GPU-uri H100 îmi trebuie pentru a antrena llama 3.1 70b cu lora?", "ro",
     "43,9 GiB", "54,2 GiB", 3),
    ("how many A100 80GB do I need for full fine-tuning of llama 3.1 8b?", "en",
     "7.5 GiB", "65.1 GiB", 2),
])
def test_training_table_is_per_gpu_on_the_answers_gpus(question: str, lang: str,
                                                       weights: str, total: str,
                                                       count: int) -> None:
    rows = _rows(_run(question))
    per = "pe GPU" if lang == "ro" else "per GPU"
    w = "Greutăți" if lang == "ro" else "Weights"
    assert rows[f"{w} {per}"] == weights  # ZeRO-3's shard (was the whole 131,8 / 15.0)
    assert rows[f"Total {per}"] == total
    assert "Total" not in rows and w not in rows
    # no "Other 60.0 GiB" (a per-GPU total less the whole model's weights)
    assert not any(k.startswith(("Other (activations, gradients", "Altele (activări, grad"))
                   for k in rows)
    gpus = rows["GPU-uri" if lang == "ro" else "GPUs"]
    assert gpus.startswith(f"{count} × ")


# 2. an unknown KV cache precision is refused, never the weights'


@pytest.mark.parametrize(("text", "word", "said"), [
    ("size llama 3.1 8b kv fp4", "fp4", "Unknown KV cache precision"),
    ("size llama 3.1 8b kv int4", "int4", "Unknown KV cache precision"),
    ("recommend llama 3.1 8b kv nvfp4", "nvfp4", "Unknown KV cache precision"),
    ("dimensiune llama 3.1 8b kv fp4", "fp4", "Precizie necunoscută pentru cache-ul KV"),
])
def test_unknown_kv_precision_is_refused(text: str, word: str, said: str) -> None:
    msg = _run(text)
    body = all_text(msg)
    assert said in body and f"*{word}*" in body, body
    assert "fp16 / fp8" in body and "q4_0" in body
    assert "GiB" not in body and "```" not in body  # nothing sized at nvfp4 weights


# 3-4. /gpu offers


def test_offers_in_a_place_leave_out_lambda_and_say_how_many() -> None:
    text = all_text(_run("offers h100 in europe"))
    assert "— lambda," not in text.lower()
    # the trusted H100 offers /v1/offers leaves out for no known place (22: 20 before a high
    # price was judged against its seller's own prices, buyer audit 27a #3)
    c = catalog()
    flt = OfferFilter(gpus=frozenset({"h100-sxm", "h100-pcie", "h100-nvl"}), stale=False,
                      suspect=False)
    no_region = query_counted(c.views(TODAY), flt, "price_per_gpu", 0, len(c.offers),
                              parse_region_filter(["europe"], c.regions, "region"))[2]
    assert f"{no_region} offers with no known place were left out." in text, text
    # (5 since Lambda's 8 x H100 is no longer doubted: buyer audit 25a #4)
    assert "5 Lambda offers left out" in text
    ro = all_text(_run("oferte a100 80gb în germania"))
    assert "lambda," not in ro.lower()
    assert "Au fost lăsate deoparte 7 oferte fără un loc cunoscut." in ro


def test_offers_read_spot_and_the_gpu_count() -> None:
    spot = all_text(_run("offers h100 spot"))
    lines = [x for x in spot.splitlines() if re.match(r"\d\. ", x)]
    assert lines and all(" · spot · " in x for x in lines), lines
    assert "at spot prices" in spot
    for text in ("offers 8x h100", "offers 8xh100"):
        body = all_text(_run(text))
        lines = [x for x in body.splitlines() if re.match(r"\d\. ", x)]
        assert lines and all(x[3:].startswith("8 × ") for x in lines), lines
        assert "8 × H100" in body and "Not understood" not in body


def test_offers_for_a_model_point_to_recommend_and_unread_words_are_said() -> None:
    text = all_text(_run("offers llama 3.1 8b"))
    assert "/gpu recommend llama 3.1 8b" in text and "Did you mean" not in text
    assert "Not understood, so left out: `foo`." in all_text(_run("offers h100 foo"))


# 5. offers in a place AWS serves: priced, AWS's list prices trusted (they were all doubted
# as far above other providers' median, and the answer said so in words, buyer audit 27a #3)


@pytest.mark.parametrize("text", ["recommend llama 3.1 8b in eu-west-1",
                                  "recomandă llama 3.1 8b în eu-west-1"])
def test_an_aws_region_gets_the_recommendations_options(text: str) -> None:
    api = recommend(RecommendationRequest(model="llama-3.1-8b", regions=["eu-west-1"],
                                          output_tokens=512, top_n=3), catalog(), TODAY)
    assert api.options, api.reason
    best = api.options[0]
    body = all_text(_run(text))
    assert f"{best.offer.gpu_count} x {best.offer.gpu_name}" in body, body
    assert "include_stale" not in body and "include_suspect" not in body
