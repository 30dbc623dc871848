"""Real infrastructure on loopback for the scale-out tests and `make bench`: a throwaway
redis-server and an nginx load balancer in front of several `gpu-advisor serve` replicas.
Both come from Debian (`make services`)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx


class MissingTool(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def need(binary: str) -> str:
    path = shutil.which(binary) or shutil.which(binary, path="/usr/sbin:/usr/bin")
    if path is None:
        raise MissingTool(f"{binary} is not installed: run `make services` (apt-get install "
                          "redis-server nginx), which `make test` and `make bench` do")
    return path


@dataclass
class RedisServer:
    port: int
    workdir: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        with (self.workdir / "redis.log").open("ab") as out:
            self.proc = subprocess.Popen(
                [need("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
                stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.ping():
                return self
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start: "
                           + (self.workdir / "redis.log").read_text())

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_timeout=0.5).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


NGINX_CONF = """
worker_processes {workers};
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream advisor {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://advisor;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_connect_timeout 2s;
            proxy_read_timeout 60s;
            # the API's POSTs compute answers and change nothing: safe to retry on the
            # other replica when one dies mid-request
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 2;
        }}
    }}
}}
"""


@dataclass
class Nginx:
    url: str
    port: int
    proc: subprocess.Popen[bytes]
    workdir: Path

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def start_nginx(workdir: Path, upstreams: list[str], workers: int = 1) -> Nginx:
    """nginx on a free loopback port balancing round-robin over ``upstreams``
    (``http://127.0.0.1:PORT``), retrying a failed request once on another."""
    port = free_port()
    servers = "\n".join(f"        server {u.removeprefix('http://')} max_fails=1 "
                        "fail_timeout=10s;" for u in upstreams)
    conf = workdir / "nginx.conf"
    conf.write_text(NGINX_CONF.format(dir=workdir, port=port, servers=servers,
                                      workers=workers))
    with (workdir / "nginx.out").open("ab") as out:
        proc = subprocess.Popen([need("nginx"), "-p", str(workdir), "-c", str(conf)],
                                stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("nginx exited: " + (workdir / "nginx.out").read_text()
                               + (workdir / "error.log").read_text())
        try:
            httpx.get(f"{url}/healthz", timeout=1)
            return Nginx(url, port, proc, workdir)
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("nginx did not start")
