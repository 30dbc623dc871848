"""Real parts for the scale-out tests: a redis-server, two `gpu-advisor serve` replicas sharing
it, and nginx balancing between them, all on loopback ports. `make test` installs redis-server
and nginx from Debian when they are missing; without them these tests fail (not skip)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench import infra
from bench.infra import Nginx, RedisServer, free_port, start_nginx
from service.paths import default_data_dir
from tests.e2e.conftest import Server, start_server, stop_server
from tests.http.slack_fake import FakeSlack, start_fake_slack

ADMIN_KEY = "scale-test-admin-key-0123456789"
SLACK_SECRET = "scale-test-signing-secret"
RATE_LIMIT = 30


def need(binary: str) -> str:
    try:
        return infra.need(binary)
    except infra.MissingTool as exc:
        pytest.fail(str(exc))


@dataclass
class Cluster:
    redis: RedisServer
    a: Server
    b: Server
    nginx: Nginx
    slack: FakeSlack
    catalog: Path


def start_replicas(n: int, workdir: Path, env: dict[str, str]) -> list[Server]:
    """Start ``n`` replicas at once (each loads the embedding model: in parallel it is
    quicker than one after the other)."""
    out: list[Server | BaseException | None] = [None] * n

    def one(i: int) -> None:
        try:
            out[i] = start_server(workdir / f"replica-{i}.log", env)
        except BaseException as exc:
            out[i] = exc

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    servers = [s for s in out if isinstance(s, Server)]
    errors = [e for e in out if not isinstance(e, Server)]
    if errors:
        for s in servers:
            stop_server(s)
        raise RuntimeError(f"replica failed to start: {errors[0]}")
    return servers


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    need("redis-server")
    need("nginx")
    workdir = tmp_path_factory.mktemp("scale")
    catalog = workdir / "catalog"
    shutil.copytree(default_data_dir("catalog"), catalog)
    redis_server = RedisServer(free_port(), workdir)
    redis_server.start()
    slack = start_fake_slack()
    env = {"GPU_ADVISOR_REDIS_URL": redis_server.url,
           "GPU_ADVISOR_CATALOG_DIR": str(catalog),
           "GPU_ADVISOR_ADMIN_KEY": ADMIN_KEY,
           "GPU_ADVISOR_RATE_LIMIT_PER_MINUTE": str(RATE_LIMIT),
           "GPU_ADVISOR_SLACK_SIGNING_SECRET": SLACK_SECRET,
           "GPU_ADVISOR_SLACK_BOT_TOKEN": "xoxb-scale-test",
           "GPU_ADVISOR_SLACK_API_URL": f"{slack.url}/api/"}
    a, b = start_replicas(2, workdir, env)
    nginx = start_nginx(workdir, [a.url, b.url])
    yield Cluster(redis_server, a, b, nginx, slack, catalog)
    nginx.stop()
    for s in (a, b):
        stop_server(s)
    slack.close()
    redis_server.stop()
