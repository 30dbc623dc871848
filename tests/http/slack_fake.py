"""A fake Slack on loopback for the bot's tests: a real HTTP server (in a thread) that answers
``POST /api/chat.postMessage`` and ``POST /api/chat.update`` like the Web API and
``POST /response/<id>`` like a slash command's response_url, and records every request."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    status: int
    reply: dict[str, Any] = field(default_factory=dict)
    """What the fake answered (JSON), e.g. the ``ts`` of a posted message."""


@dataclass
class FakeSlack:
    server: ThreadingHTTPServer
    thread: threading.Thread
    requests: list[Recorded] = field(default_factory=list)
    fail_next: dict[str, int] = field(default_factory=dict)
    """path -> how many more requests to that path answer 500."""
    refuse_next: dict[str, str] = field(default_factory=dict)
    """path -> a Web API error (``message_not_found``) the next request to it gets, with
    ``ok: false`` (a final answer: not retried)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def answered(self, path: str) -> list[Recorded]:
        """Successful requests to ``path``."""
        with self.lock:
            return [r for r in self.requests if r.path == path and r.status == 200]

    def all(self, path: str) -> list[Recorded]:
        with self.lock:
            return [r for r in self.requests if r.path == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def start_fake_slack() -> FakeSlack:
    fake: FakeSlack

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_raw": raw.decode("utf-8", "replace")}
            path = self.path.split("?", 1)[0]
            with fake.lock:
                failing = fake.fail_next.get(path, 0)
                if failing:
                    fake.fail_next[path] = failing - 1
                refused = fake.refuse_next.pop(path, None) if not failing else None
                status = 500 if failing else 400 if refused else 200
                reply: dict[str, Any] = {}
                if refused:  # Slack answers 200 with ok: false
                    reply = {"ok": False, "error": refused}
                elif path == "/api/chat.postMessage":
                    reply = {"ok": True, "channel": body.get("channel"),
                             "ts": f"{time.time():.6f}"}
                elif path == "/api/chat.update":
                    reply = {"ok": True, "channel": body.get("channel"), "ts": body.get("ts")}
                fake.requests.append(Recorded(path, dict(self.headers.items()), body, status,
                                              reply))
            if failing:
                self._send(500, b'{"ok": false, "error": "internal_error"}')
            elif reply:
                self._send(200, json.dumps(reply).encode())
            elif path.startswith("/response/"):
                self._send(200, b"ok", "text/plain")
            else:
                self._send(404, b'{"ok": false, "error": "unknown_method"}')

        def _send(self, status: int, payload: bytes,
                  content_type: str = "application/json; charset=utf-8") -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              name="fake-slack", daemon=True)
    fake = FakeSlack(server=server, thread=thread)
    thread.start()
    return fake
