"""Recommendations with few output tokens judge the decode speed right (audit fix decode).

POST /v1/recommendations {"model": "llama-3.1-8b", "output_tokens": 1} (or 0, which the
schema allows) ranked first an H200 at $2.00/h, "~17 tokens/s per user", and refused a
$0.15/h RTX A4000 for "2 tokens/s per user < 10", where output_tokens 16 ranked that A4000
first: fewer output tokens (less work) cost 13x more. With one output token the serving
model has no decode step to time, and its "time per output token" was the mean step under
way, the prompt's own prefill chunk (an H200 "TPOT 59.8 ms" where /v1/sizing gives a
4.1 ms decode step); and the users' total was checked as output tokens over the whole
request (first-token wait included), about 1 / TTFT per user with one token. /v1/sizing
answers the A4000 ~37 decode tokens/s at output_tokens 1 and none at 0.

Now the decode target is checked against the decode speed at the load (1 / the time per
output token, sizing's decode_tokens_per_s where there is no second token), never against
output over request time; with 0 output tokens nothing is decoded, so the decode target
does not apply (an assumption says so) while the time to first token still does; and a
batch job of ``job_output_tokens`` with ``output_tokens`` 0 is a 400 naming both.

Small fake catalogs on the real registry (tests/unit/rec_fixtures.py)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.errors import InvalidInput
from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.rec_fixtures import fake, offer, shipped

OFFERS = [
    offer("a4000x1", "rtx-a4000", 1, 0.15, interconnect="pcie"),
    offer("4090x1", "rtx-4090", 1, 0.29, interconnect="pcie"),
    offer("4090x2", "rtx-4090", 2, 0.58, interconnect="pcie"),
    offer("h200x1", "h200-sxm", 1, 2.0),
    offer("h100x1", "h100-sxm", 1, 2.5),
    offer("h100x8", "h100-sxm", 8, 20.0),
]

BODY: dict[str, Any] = {"model": "llama-3.1-8b", "top_n": 20}


def _rec(**body: Any) -> Recommendation:
    r = fake(OFFERS, **{**BODY, **body})
    assert r.options, r.reason
    return r


def _month(r: Recommendation) -> float:
    month = r.options[0].cost.per_month_usd
    assert month is not None
    return month


def _by_gpu(r: Recommendation, gpu: str) -> Option:
    got = [o for o in r.options if o.offer.gpu == gpu]
    assert got, [(o.offer.id, o.why) for o in r.options] + [x.reason for x in r.rejected]
    return got[0]


def _size(o: Option, out: int, context: int = 4096) -> SizingResult:
    """/v1/sizing for one replica of the option, at its users per replica and prompt."""
    req = {"model": BODY["model"], "gpu": o.offer.gpu, "weights": o.weights,
           "gpu_count": o.fit.gpus_per_replica, "input_tokens": max(1, context - out),
           "output_tokens": out, "batch_size": o.performance.users_per_replica or 1}
    return size(msgspec.convert(req, SizingRequest), shipped())


@pytest.mark.parametrize("out", [0, 1, 2, 4, 8])
def test_fewer_output_tokens_never_cost_more(out: int) -> None:
    sixteen = _rec(output_tokens=16)
    few = _rec(output_tokens=out)
    assert few.options[0].offer.id == sixteen.options[0].offer.id == "a4000x1", (
        few.options[0].why, [x.reason for x in few.rejected])
    assert _month(few) <= _month(sixteen) * (1 + 1e-9)


def test_at_32_users_one_output_token_is_sized_by_its_first_token_not_by_decode() -> None:
    """32 users at one output token took 3 x H100 ($30.96/h) where 16 tokens took one RTX
    4090: now no offer is refused, and no replica added, for the decode speed. In a closed
    loop of 32 users, one output token sends a prompt far more often than 16 do, so the
    time-to-first-token target may still need more replicas (that is prefill, not decode):
    the plan is the one of 0 output tokens, where no decode target applies."""
    one = _rec(output_tokens=1, concurrent_requests=32)
    none = _rec(output_tokens=0, concurrent_requests=32)
    assert _month(one) == pytest.approx(_month(none), rel=1e-6), (
        one.options[0].why, none.options[0].why)
    for o in one.options:
        assert "decode" not in o.why, o.why
    for x in one.rejected:
        assert "decode" not in x.reason, x.reason


@pytest.mark.parametrize("out", [0, 1, 2])
def test_the_a4000_is_not_refused_for_its_decode_speed(out: int) -> None:
    r = fake(OFFERS, **BODY, output_tokens=out)
    for x in r.rejected:
        assert not (x.gpu == "rtx-a4000" and "decode" in x.reason), x.reason
    assert any(o.offer.gpu == "rtx-a4000" for o in r.options)


@pytest.mark.parametrize("gpu", ["rtx-a4000", "h200-sxm"])
def test_one_output_token_reports_sizings_decode_speed_and_no_tpot(gpu: str) -> None:
    o = _by_gpu(_rec(output_tokens=1), gpu)
    s = _size(o, 1)
    assert s.performance is not None and s.performance.decode_tokens_per_s is not None
    assert o.performance.decode_tokens_per_s_per_user == pytest.approx(
        s.performance.decode_tokens_per_s, rel=1e-3), o.why
    # one output token is the first token: no time per output token, as sizing says
    assert s.performance.time_per_output_token_ms is None
    assert o.performance.time_per_output_token_ms is None
    assert "tokens/s per user" in o.why


@pytest.mark.parametrize("gpu", ["rtx-a4000", "h200-sxm"])
def test_many_output_tokens_report_sizings_decode_speed_at_the_load(gpu: str) -> None:
    o = _by_gpu(_rec(output_tokens=16), gpu)
    s = _size(o, 16)
    assert s.performance is not None and s.performance.output_tokens_per_s_per_user
    assert o.performance.decode_tokens_per_s_per_user == pytest.approx(
        s.performance.output_tokens_per_s_per_user, rel=1e-3)


def test_zero_output_tokens_apply_no_decode_target_but_the_ttft_one() -> None:
    r = _rec(output_tokens=0, min_decode_tokens_per_s=1000)
    o = _by_gpu(r, "rtx-a4000")
    assert o.performance.decode_tokens_per_s_per_user is None
    assert o.performance.time_per_output_token_ms is None
    assert o.performance.time_to_first_token_ms
    said = {a.name: a for a in r.assumptions}
    assert "decode_target" in said, list(said)
    assert "not applied" in said["decode_target"].value
    assert "no tokens are generated" in said["decode_target"].reason
    # the time to first token still applies
    tight = fake(OFFERS, **BODY, output_tokens=0, max_time_to_first_token_ms=1)
    assert not tight.options
    assert any("time to first token" in x.reason for x in tight.rejected)


def test_a_batch_job_of_output_tokens_with_none_generated_is_a_400() -> None:
    with pytest.raises(InvalidInput) as e:
        fake(OFFERS, model="llama-3.1-8b", workload="batch", output_tokens=0,
             job_output_tokens=1e6)
    assert e.value.path == "$.output_tokens"
    assert "output_tokens" in e.value.message and "job_output_tokens" in e.value.message
