"""A job size implies a batch job; a batch workload with no job size is priced saturated; a
total budget applies to a job only (audit buyer18a #1, #8, #9, /tmp/audit/out/buyer18a.md).

1. {"model": "whisper large v3", "job_audio_hours": 1000} (no workload) was priced as an
   interactive endpoint at batch 1: "~38 s of audio per second", $5.55 on 4 x RTX 3060,
   where the same body with "workload": "batch" batches 24 streams a V100 (72.7 s/s, $0.76).
   {"model": "llama 3.1 8b", "job_output_tokens": 1e9} said "at 1 concurrent request (1 per
   replica)" beside job hours taken at saturation, and with "max_usd_total": 50 refused ($74
   > $50) what batch prices at $38; "max_job_hours" on it was a 400 ("give a workload and a
   job size") though a job size was given. Now a job size with no workload is a batch job
   (a ``workload`` assumption says so), and with workload serving stated a 400 at the job
   size.
2. {"model": "llama 3.1 8b", "workload": "batch"} (no job size) was a 24/7 endpoint "at 1
   concurrent request". The web page's batch and /v1/ask's per-unit batch costs send no job
   size, so it is kept, priced at the saturated load (README "A batch job").
3. {"model": "llama 3.1 8b", "max_usd_total": 100} said "$102 in all, over your $100", the
   month's cost: a total on serving (or without a job size) is a 400, as max_job_hours is.

Small fake catalogs on the real registry (tests/unit/rec_fixtures.py) for the domain, the
app on the shipped data for the HTTP bodies."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.domain.errors import InvalidInput
from service.domain.recommend.types import Recommendation
from service.settings import Settings
from tests.unit.rec_fixtures import fake, offer

WHISPER_OFFERS = [offer("v100", "v100-sxm2-16gb", 1, 0.30, interconnect="none"),
                  offer("3060x4", "rtx-3060", 4, 0.21, interconnect="none")]
LLM_OFFERS = [offer("v100", "v100-sxm2-16gb", 1, 0.30, interconnect="none"),
              offer("h100", "h100-sxm", 1, 2.0, interconnect="none")]
WHISPER_JOB = {"model": "whisper-large-v3", "job_audio_hours": 1000}
LLM_JOB = {"model": "llama-3.1-8b", "job_output_tokens": 1e9, "context_tokens": 2048,
           "output_tokens": 512}


def _top(rec: Recommendation) -> tuple[object, ...]:
    return tuple((o.offer.id, o.weights, o.pricing_model, o.nodes, o.cost.per_job_usd,
                  o.performance.job_hours, o.performance.users_per_replica, o.why)
                 for o in rec.options)


# --- 1. a job size alone is a batch job ------------------------------------------------------

@pytest.mark.parametrize(("body", "offers"), [(WHISPER_JOB, WHISPER_OFFERS),
                                              (LLM_JOB, LLM_OFFERS)], ids=["whisper", "llm"])
def test_a_job_size_without_a_workload_is_priced_as_the_batch_job(
        body: dict[str, Any], offers: list[Any]) -> None:
    implied = fake(offers, **body)
    batch = fake(offers, **body, workload="batch")
    assert implied.workload == "batch"
    assert implied.options and _top(implied) == _top(batch)
    said = [a for a in implied.assumptions if a.name == "workload"]
    assert [a.value for a in said] == ["batch"]
    assert said[0].reason.startswith("a job size was given")
    assert not any(a.name == "workload" for a in batch.assumptions)  # stated: not assumed


def test_whisper_job_runs_at_its_batch_not_one_stream() -> None:
    o = fake(WHISPER_OFFERS, **WHISPER_JOB).options[0]
    # before: batch 1 ("~38 s of audio per second" on 4 x RTX 3060)
    assert (o.performance.max_concurrency or 0) > o.offer.gpu_count
    assert "s of audio per second" in o.why


def test_llm_job_without_a_workload_is_saturated_and_says_so() -> None:
    o = fake(LLM_OFFERS, **LLM_JOB).options[0]
    perf = o.performance
    assert perf.users_per_replica is not None and perf.users_per_replica > 1
    total = perf.output_tokens_per_s_total
    assert total is not None and perf.job_hours == pytest.approx(1e9 / total / 3600, rel=1e-6)
    assert "concurrent request" not in o.why  # was "at 1 concurrent request (1 per replica)"
    assert "saturated" in o.why


def test_a_total_budget_on_an_implied_job_is_the_batch_jobs() -> None:
    cost = fake(LLM_OFFERS, **LLM_JOB, workload="batch").options[0].cost.per_job_usd
    assert cost is not None
    rec = fake(LLM_OFFERS, **LLM_JOB, max_usd_total=cost * 1.01)
    assert rec.options and rec.options[0].cost.per_job_usd == pytest.approx(cost)


def test_a_deadline_on_an_implied_job_is_taken() -> None:
    hours = fake(WHISPER_OFFERS, **WHISPER_JOB).options[0].performance.job_hours
    assert hours is not None
    rec = fake(WHISPER_OFFERS, **WHISPER_JOB, max_job_hours=hours * 2)  # was a 400
    assert rec.options
    assert all((o.performance.job_hours or 0.0) <= hours * 2 for o in rec.options)


@pytest.mark.parametrize(("body", "field"), [
    ({**LLM_JOB, "workload": "serving"}, "$.job_output_tokens"),
    ({**WHISPER_JOB, "workload": "serving"}, "$.job_audio_hours"),
    ({**LLM_JOB, "workload": "finetune", "training_tokens": 1e8}, "$.job_output_tokens"),
])
def test_a_job_size_with_a_workload_that_has_none_is_refused(body: dict[str, Any],
                                                             field: str) -> None:
    offers = WHISPER_OFFERS if body["model"].startswith("whisper") else LLM_OFFERS
    with pytest.raises(InvalidInput) as err:
        fake(offers, **body)
    assert err.value.path == field
    assert "sizes a batch job" in err.value.message


# --- 2. a batch workload with no job size: saturated ----------------------------------------

def test_a_batch_workload_without_a_job_size_is_priced_saturated() -> None:
    rec = fake(LLM_OFFERS, model="llama-3.1-8b", workload="batch")
    assert rec.options
    for o in rec.options:
        perf = o.performance
        assert perf.job_hours is None and o.cost.per_job_usd is None
        assert o.cost.per_month_usd is not None
        # was 1 ("at 1 concurrent request (1 per replica)")
        assert perf.users_per_replica is not None and perf.users_per_replica > 1, o.why
        assert perf.output_tokens_per_s_at_load == pytest.approx(
            perf.output_tokens_per_s_total, rel=1e-6)
        assert "concurrent request" not in o.why
        assert "no job size given" in o.why
        assert o.cost.per_million_output_tokens_usd is not None


def test_serving_is_unchanged_at_its_stated_load() -> None:
    o = fake(LLM_OFFERS, model="llama-3.1-8b").options[0]
    assert o.performance.users_per_replica == 1
    assert "at 1 concurrent request" in o.why


# --- 3. a total budget applies to a job --------------------------------------------------------

@pytest.mark.parametrize(("body", "words"), [
    ({"model": "llama-3.1-8b", "max_usd_total": 100}, "serving runs for as long"),
    ({"model": "llama-3.1-8b", "workload": "serving", "max_usd_total": 100},
     "give max_usd_per_month"),
    ({"model": "llama-3.1-8b", "workload": "batch", "max_usd_total": 100}, "job's size"),
])
def test_a_total_budget_without_a_job_is_refused(body: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidInput) as err:
        fake(LLM_OFFERS, **body)
    assert err.value.path == "$.max_usd_total"
    assert words in err.value.message


# --- the same over HTTP ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def test_http_a_job_size_alone_is_a_batch_job(client: TestClient[Any]) -> None:
    body = {"model": "whisper large v3", "job_audio_hours": 1000, "top_n": 3}
    implied = client.post("/v1/recommendations", json=body)
    batch = client.post("/v1/recommendations", json={**body, "workload": "batch"})
    assert implied.status_code == 200 and batch.status_code == 200
    got, want = implied.json(), batch.json()
    assert got["workload"] == "batch"
    assert {"name": "workload", "value": "batch"}.items() <= next(
        a for a in got["assumptions"] if a["name"] == "workload").items()
    assert [o["cost"]["per_job_usd"] for o in got["options"]] == [
        o["cost"]["per_job_usd"] for o in want["options"]]
    deadline = client.post("/v1/recommendations", json={**body, "max_job_hours": 5})
    assert deadline.status_code == 200  # was a 400: "give a workload and a job size"


@pytest.mark.parametrize(("body", "path"), [
    ({"model": "llama 3.1 8b", "workload": "serving", "job_output_tokens": 1e9},
     "$.job_output_tokens"),
    ({"model": "llama 3.1 8b", "max_usd_total": 100}, "$.max_usd_total"),
])
def test_http_contradictions_are_a_400_at_the_field(client: TestClient[Any],
                                                    body: dict[str, Any], path: str) -> None:
    r = client.post("/v1/recommendations", json=body)
    assert r.status_code == 400, r.text
    assert [e["path"] for e in r.json()["errors"]] == [path]
