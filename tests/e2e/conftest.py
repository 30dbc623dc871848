from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from bench.infra import free_port


@dataclass
class Server:
    url: str
    proc: subprocess.Popen[str]
    log_path: Path

    def log_lines(self) -> list[str]:
        return self.log_path.read_text().splitlines()


def start_server(log_path: Path, extra_env: dict[str, str] | None = None) -> Server:
    port = free_port()
    env = {**os.environ, "GPU_ADVISOR_LOG_JSON": "true", "PYTHONUNBUFFERED": "1",
           **(extra_env or {})}
    with log_path.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service", "serve", "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT, env=env, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text()}")
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return Server(url, proc, log_path)
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"server not ready: {log_path.read_text()}")


def stop_server(s: Server) -> None:
    s.proc.terminate()
    try:
        s.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        s.proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start_server(tmp_path_factory.mktemp("server") / "stdout.log")
    yield s
    stop_server(s)
