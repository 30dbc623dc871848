"""Leftovers of the last fix round (audit misc8).

1. "How long does one request take" is the request's whole time (TTFT + output x TPOT),
   at the users' load where users are said, one request alone otherwise (it was the TTFT and
   tokens/s, or the memory).
2. A token-rate cost past the 4,096 GPUs one setup is sized on carries the count answer's
   "estimate beyond one deployment" caveat.
3. A price conflict names the row's spot price it doubts too (a spot listing showed $1.25
   flagged with a reason about the on-demand $2.95 alone).
4. Slack's help and usage lines show the syntax the commands parse.
5. /v1/recommendations refuses awq on an audio model at $.weights, as /v1/sizing does."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, knowledge
from tests.unit.slack_blocks import all_text


def _slack(text: str) -> str:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return all_text(run_command(parse_command(text), data))


# 1. one request's time


def test_one_request_time_at_the_users_load() -> None:
    r = ask("With a budget of $2,000, how long does one request take on Llama 3.1 70B for "
            "20 users?")
    q, v, unit = asked(r)
    # was decode tokens/s per user (17.1) with the TTFT beside it: 1.919 s + 511 x 58.5 ms
    assert (r.intent, q, unit) == ("speed", "request_latency_s", "s")
    # re-pinned: serving start transient (d85c4ba+1): was 2 x A100 80GB at int8, 32 s
    assert 25.5 < v < 27.5
    assert ("For 20 concurrent users, on the recommended setup in the catalog, 1 × NVIDIA H100 "
            "SXM5 80GB with Meta Llama 3.1 70B at awq-int4") in r.answer
    # re-pinned: serving start transient in the solve
    assert ("one request takes about 26 seconds: 1,935 ms to the first token, then 511 more "
            # re-pinned: serving start transient in the solve
            "tokens at 46.8 ms each (21.4 tokens/s per user at that load") in r.answer


def test_one_request_time_at_the_users_load_in_romanian() -> None:
    r = ask("Cât durează o cerere pe Llama 3.1 70B pentru 20 de utilizatori?")
    q, v, _ = asked(r)
    assert q == "request_latency_s" and 25.5 < v < 27.5
    # re-pinned: serving start transient in the solve
    assert "o cerere durează aproximativ 26 de secunde: 1.935 ms până la primul token" in r.answer


def test_one_request_time_alone() -> None:
    r = ask("How long does one request take on Llama 3.1 70B?")
    q, v, unit = asked(r)
    # was the memory: "needs about 135.1 GiB in total"
    assert (r.intent, q, unit) == ("speed", "request_latency_s", "s")
    assert "GiB in total" not in r.answer
    # re-pinned (trainnet): the hourly pick is 4 x RTX 3090 at int8 (about 18 s: 1,268 ms, then
    # 511 tokens at 32.8 ms); it was 4 x V100 (11 s), now past the 2 s first-token target
    assert (f"takes about {round(v)} seconds to generate 512 tokens for one request "
            "(3,584-token prompt)") in r.answer, r.answer
    m = re.search(r"([\d,]+) ms to the first token, then 511 more tokens at ([\d.]+) ms each",
                  r.answer)
    assert m is not None, r.answer
    assert v == pytest.approx((float(m[1].replace(",", "")) + 511 * float(m[2])) / 1000,
                              rel=0.01)
    assert 10.0 < v < 30.0


# 2. the fleet caveat on a token-rate cost


def test_token_rate_cost_past_one_deployment_says_the_estimate() -> None:
    r = ask("2 million tokens/s of Llama 3.1 70B on H200s: cost per hour?")
    q, v, _ = asked(r)
    # re-pinned: serving start transient in the solve; 5,824 H200 at vast's $2.5875 (it was
    # Prime Intellect's $1.995, a copy of Verda's machine below Verda's own price, doubted
    # since: buyer audit 25a #4)
    assert q == "per_hour_usd" and round(v) == 15070
    # re-pinned: serving start transient in the solve
    assert ("That is an estimate beyond one deployment this service sizes: 5,824 GPUs are more "
            "than the 4,096 a setup is sized on") in r.answer


# 3. the suspect reason names the spot price it doubts


def test_spot_listing_reason_names_the_spot_price() -> None:
    out = _slack("offers h100 at nebius spot").replace("_", "")
    assert "*$1.25/h per GPU*" in out
    assert ("suspect price: on-demand $2.95/GPU-hour conflicts with the provider's own dated "
            "price $4.50 (as of 2026-10-07), and the undated price's age is unknown, as is that "
            "of its spot price $1.25/GPU-hour, from the same row") in out


def test_spot_named_in_romanian_too() -> None:
    r = ask("Cel mai ieftin H100 spot la nebius?")
    assert "ca și cea a prețului său spot de 1,25\xa0USD/GPU-oră, din același rând" in r.answer


# 4. help and usage agree with the parser


@pytest.mark.parametrize(("lang", "key", "parts"), [
    ("en", "size_usage", ["[for N users]", "[kv fp8]", "[on <N>x<gpu>]"]),
    ("en", "recommend_usage", ["[for N users]", "[on <gpu>]", "[in <place>]", "[at <provider>]",
                               "[spot]", "[N tokens] [in N days]"]),
    ("en", "offers_usage", ["[in <place>] [at <provider>] [spot]"]),
    ("en", "help", ["[on <N>x<gpu>]", "[at <provider>] [spot]", "[N tokens] [in N days]"]),
    ("ro", "size_usage", ["[pentru N utilizatori]", "[pe <N>x<gpu>]"]),
    ("ro", "recommend_usage", ["[la <furnizor>] [spot]", "[N tokeni] [în N zile]"]),
    ("ro", "offers_usage", ["[în <loc>] [la <furnizor>] [spot]"]),
    ("ro", "help", ["[pe <N>x<gpu>]", "[la <furnizor>] [spot]", "[N tokeni] [în N zile]"]),
])
def test_help_and_usage_show_what_is_parsed(lang: str, key: str, parts: list[str]) -> None:
    text = knowledge().messages.section(lang, "slack")[key]
    for p in parts:
        assert p in text, (key, p)


@pytest.mark.parametrize("text", ["size llama 3 70b int4 32k for 8 users kv fp8 on 2xh100",
                                  "recommend llama 3.1 8b dpo 100M tokens in 2 days",
                                  "offers h100 in europe at lambda spot"])
def test_the_documented_forms_are_understood(text: str) -> None:
    out = _slack(text)
    assert "Not understood" not in out and "Usage:" not in out


# 5. the kind_format rule in recommendations


def test_recommendations_refuse_awq_on_an_audio_model() -> None:
    req = msgspec.convert({"model": "whisper-large-v3", "weights": "awq-int4"},
                          RecommendationRequest)
    with pytest.raises(InvalidInput) as e:
        recommend(req, catalog(), TODAY)
    assert e.value.path == "$.weights"
    assert "an audio model, is sized in weights" in e.value.message
    assert "not awq-int4" in e.value.message


def test_one_request_time_at_the_users_load_on_a_gpu_named() -> None:
    r = ask("How long does one request take on Llama 3.1 8B on an H100 for 16 users?")
    q, v, _ = asked(r)
    # was 83.2 tokens/s per user: 341 ms + 511 x 12.0 ms at 16 requests at once
    assert q == "request_latency_s" and 6.0 < v < 6.6
    assert ("At 16 concurrent requests on 1 × NVIDIA H100 SXM5 80GB, one request to Meta Llama "
            # re-pinned: serving start transient in the solve
            "3.1 8B at bf16 takes about 6 seconds: 228 ms to the first token") in r.answer
