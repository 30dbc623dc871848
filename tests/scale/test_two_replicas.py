"""Two replicas sharing one Redis, behind nginx, on loopback: the behaviour of one process
holds across them, Redis going away degrades without errors, and a replica dying under load
costs no request nginx can retry. Tests run in file order; the last one kills a replica."""

from __future__ import annotations

import itertools
import json
import re
import signal
import threading
import time
from pathlib import Path

import httpx
import redis

from service.adapters.shared import CATALOG_VERSION_KEY
from tests.http.test_slack import event_body, mention
from tests.http.test_slack import signed as slack_signed
from tests.scale.conftest import ADMIN_KEY, RATE_LIMIT, SLACK_SECRET, Cluster

_ips = itertools.count(1)


def client_ip() -> str:
    """A fresh client address (uvicorn trusts X-Forwarded-For from loopback), so that one
    test's traffic does not spend another's rate-limit budget."""
    n = next(_ips)
    return f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


def as_client(ip: str) -> dict[str, str]:
    return {"X-Forwarded-For": ip}


def metric(url: str, name: str, **labels: str) -> float:
    """The value of one Prometheus series (0 when it does not exist yet)."""
    for line in httpx.get(f"{url}/metrics").text.splitlines():
        if line.startswith(f"{name}{{") and all(f'{k}="{v}"' in line
                                                 for k, v in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def signed(body: bytes, extra: dict[str, str] | None = None) -> dict[str, str]:
    return {"Content-Type": "application/json",
            **slack_signed(body, secret=SLACK_SECRET, extra=extra)}


def wait_until(check: object, timeout_s: float, step_s: float = 0.05) -> float:
    """Seconds until ``check()`` is true; fails after ``timeout_s``."""
    assert callable(check)
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout_s:
            raise AssertionError(f"not true within {timeout_s} s")
        time.sleep(step_s)
    return time.monotonic() - start


def away_from_window_edge() -> None:
    """Rate-limit windows are whole minutes: don't start a count 5 s before one resets."""
    if time.time() % 60 > 50:
        time.sleep(61 - time.time() % 60)


SIZING = {"model": "llama-3.1-8b", "gpu": "l4"}


def test_both_replicas_ready_with_redis_and_one_catalog_version(cluster: Cluster) -> None:
    ready = [httpx.get(f"{s.url}/readyz").json() for s in (cluster.a, cluster.b)]
    assert [r["redis"] for r in ready] == ["ok", "ok"]
    assert ready[0]["catalog_version"] == ready[1]["catalog_version"]
    shared = redis.Redis(port=cluster.redis.port).get(CATALOG_VERSION_KEY)
    assert shared is not None and shared.decode() == ready[0]["catalog_version"]


def test_rate_limit_counts_requests_on_both_replicas(cluster: Cluster) -> None:
    away_from_window_edge()
    ip = client_ip()
    statuses = []
    for i in range(RATE_LIMIT):
        target = (cluster.a, cluster.b)[i % 2]
        r = httpx.get(f"{target.url}/v1/gpus/h100-sxm", headers=as_client(ip))
        statuses.append(r.status_code)
        assert int(r.headers["ratelimit-remaining"]) == RATE_LIMIT - i - 1
    assert statuses == [200] * RATE_LIMIT  # each replica saw only half of them
    for target in (cluster.a, cluster.b):
        r = httpx.get(f"{target.url}/v1/gpus/h100-sxm", headers=as_client(ip))
        assert r.status_code == 429, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
        assert 0 < int(r.headers["retry-after"]) <= 60
    # another client is not affected, through the load balancer too
    assert httpx.get(f"{cluster.nginx.url}/v1/gpus/h100-sxm",
                     headers=as_client(client_ip())).status_code == 200


def test_slack_retry_landing_on_the_other_replica_is_answered_once(cluster: Cluster) -> None:
    posts = "/api/chat.postMessage"
    before = len(cluster.slack.answered(posts))
    body = event_body(mention("how much VRAM for llama 3 8b?", ts="1700000100.000100"),
                      event_id="EvScaleOnce1")
    first = httpx.post(f"{cluster.a.url}/slack/events", content=body, headers=signed(body))
    assert first.status_code == 200
    retry = httpx.post(f"{cluster.b.url}/slack/events", content=body, headers=signed(
        body, {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}))
    assert retry.status_code == 200
    wait_until(lambda: len(cluster.slack.answered(posts)) >= before + 1, 30)
    time.sleep(2.0)  # time for a second (wrong) answer to arrive
    assert len(cluster.slack.answered(posts)) == before + 1
    # replica B does answer events it has not seen
    other = event_body(mention("spot or on-demand?", ts="1700000100.000200"),
                       event_id="EvScaleOther1")
    assert httpx.post(f"{cluster.b.url}/slack/events", content=other,
                      headers=signed(other)).status_code == 200
    wait_until(lambda: len(cluster.slack.answered(posts)) >= before + 2, 30)


def test_answer_cache_is_shared_between_replicas(cluster: Cluster) -> None:
    body = {"model": "qwen2.5-7b", "gpu": "a10g", "input_tokens": 3001}
    r1 = httpx.post(f"{cluster.a.url}/v1/sizing", json=body, headers=as_client(client_ip()))
    shared_before = metric(cluster.b.url, "gpu_advisor_answer_cache_total", kind="sizing",
                           result="shared")
    r2 = httpx.post(f"{cluster.b.url}/v1/sizing", json=body, headers=as_client(client_ip()))
    assert r1.status_code == r2.status_code == 200
    assert r1.json() == r2.json()
    assert metric(cluster.b.url, "gpu_advisor_answer_cache_total", kind="sizing",
                  result="shared") == shared_before + 1
    keys = redis.Redis(port=cluster.redis.port).keys("gpu-advisor:cache:sizing:*")
    assert keys and all(0 < redis.Redis(port=cluster.redis.port).ttl(k) <= 300 for k in keys)


def _bump_first_price(catalog: Path) -> None:
    path = sorted((catalog / "offers").glob("*.csv"))[0]
    text = path.read_text()
    match = re.search(r",(\d+\.\d+),", text.splitlines()[1])
    assert match, text.splitlines()[1]
    old = match.group(1)
    line = text.splitlines()[1]
    path.write_text(text.replace(line, line.replace(f",{old},",
                                                     f",{float(old) + 0.01:.4f},", 1), 1))


def test_reload_on_one_replica_reaches_the_other_within_2_s(cluster: Cluster) -> None:
    before = httpx.get(f"{cluster.b.url}/v1/catalog").json()["version"]
    _bump_first_price(cluster.catalog)
    r = httpx.post(f"{cluster.a.url}/v1/admin/catalog/reload",
                   headers={"X-Admin-Key": ADMIN_KEY}, timeout=30)
    assert r.status_code == 200, r.text
    new = r.json()["version"]
    assert new != before and r.json()["shared"] is True
    took = wait_until(lambda: httpx.get(f"{cluster.b.url}/v1/catalog").json()["version"]
                      == new, 2.0)
    assert took < 2.0
    versions = {httpx.get(f"{cluster.nginx.url}/v1/catalog").json()["version"]
                for _ in range(6)}
    assert versions == {new}
    events = [json.loads(line) for line in cluster.b.log_lines() if line.startswith("{")]
    assert any(e.get("event") == "catalog_reloaded" and e.get("version") == new
               and e.get("followed") is True for e in events)


def test_redis_down_degrades_without_errors_and_recovers(cluster: Cluster) -> None:
    cluster.redis.stop()
    try:
        bodies = [("/v1/sizing", {"model": "llama-3.1-8b", "gpu": "h100-sxm",
                                  "input_tokens": 777}),
                  ("/v1/recommendations", {"model": "mistral-7b", "top_n": 2}),
                  ("/v1/ask", {"question": "is spot ok for fine-tuning with checkpoints?"})]
        for _ in range(2):
            for path, body in bodies:
                r = httpx.post(f"{cluster.nginx.url}{path}", json=body,
                               headers=as_client(client_ip()), timeout=30)
                assert r.status_code == 200, (path, r.text)
        for s in (cluster.a, cluster.b):
            wait_until(lambda s=s: httpx.get(f"{s.url}/readyz").json()["redis"] == "degraded",
                       5)
            ready = httpx.get(f"{s.url}/readyz")
            assert ready.status_code == 200
            assert "unreachable" in ready.json()["redis_detail"]
            assert any('"redis_unavailable"' in line for line in s.log_lines())
    finally:
        cluster.redis.start()
    for s in (cluster.a, cluster.b):
        wait_until(lambda s=s: httpx.get(f"{s.url}/readyz").json()["redis"] == "ok", 5)
        assert any('"redis_recovered"' in line for line in s.log_lines())
    # shared behaviour is back: a retried event on the other replica is answered once
    posts = "/api/chat.postMessage"
    before = len(cluster.slack.answered(posts))
    body = event_body(mention("H100 or A100 for llama 70b?", ts="1700000200.000100"),
                      event_id="EvScaleAfterRedis")
    assert httpx.post(f"{cluster.b.url}/slack/events", content=body,
                      headers=signed(body)).status_code == 200
    assert httpx.post(f"{cluster.a.url}/slack/events", content=body,
                      headers=signed(body, {"X-Slack-Retry-Num": "1"})).status_code == 200
    wait_until(lambda: len(cluster.slack.answered(posts)) >= before + 1, 30)
    time.sleep(2.0)
    assert len(cluster.slack.answered(posts)) == before + 1
    # and the catalog version is shared again (re-announced into the empty Redis)
    wait_until(lambda: redis.Redis(port=cluster.redis.port).get(CATALOG_VERSION_KEY)
               is not None, 3)


def test_killing_a_replica_under_load_loses_no_request(cluster: Cluster) -> None:
    stop = threading.Event()
    results: list[int | str] = []
    lock = threading.Lock()

    def load(n: int) -> None:
        with httpx.Client(base_url=cluster.nginx.url, timeout=30) as c:
            for i in itertools.count():
                if stop.is_set():
                    return
                body = {"model": "llama-3.1-8b", "gpu": "l40s", "input_tokens": 1000 + i,
                        "batch_size": 1 + n}
                try:
                    r = c.post("/v1/sizing", json=body, headers=as_client(client_ip()))
                    out: int | str = r.status_code
                except httpx.HTTPError as exc:
                    out = type(exc).__name__
                with lock:
                    results.append(out)

    threads = [threading.Thread(target=load, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    with lock:
        before_kill = len(results)
    cluster.b.proc.send_signal(signal.SIGKILL)
    cluster.b.proc.wait(timeout=10)
    time.sleep(2.5)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert before_kill > 20 and len(results) > before_kill + 20
    failures = [r for r in results if r != 200]
    # nginx retries a request the dead replica had not started answering; one whose answer
    # was already streaming when the process died cannot be retried (nginx has sent part of
    # it): at most one such per client connection, seen as the connection closing mid-answer
    # (sizing answers on the loop in well under a millisecond, so the kill can land there)
    cut = [r for r in failures if r == "RemoteProtocolError"]
    others = [r for r in failures if r != "RemoteProtocolError"]
    assert others == [] and len(cut) <= len(threads), (
        f"{len(failures)} of {len(results)} failed: {failures[:10]}")
    # the survivor carried the traffic after the kill
    assert httpx.get(f"{cluster.a.url}/readyz").status_code == 200
