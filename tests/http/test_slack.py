"""The Slack bot end to end: signed requests into the app, answers out to a fake Slack on
loopback (a real HTTP server), checked by what it received."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import structlog
from litestar.testing import AsyncTestClient
from slack_sdk.signature import SignatureVerifier

import service.adapters.slack.render as slack_render
import service.api.slack as slack_api
from service.app import create_app
from service.settings import Settings
from tests.http.conftest import wait_ready
from tests.http.slack_fake import FakeSlack, Recorded, start_fake_slack

pytestmark = pytest.mark.anyio

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
PUBLIC = "https://gpu.example.com"
POST_MESSAGE = "/api/chat.postMessage"
UPDATE = "/api/chat.update"
Client = AsyncTestClient  # type: ignore[type-arg]


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    f = start_fake_slack()
    yield f
    f.close()


@pytest.fixture
async def slack(index_dir: Path, fake: FakeSlack) -> AsyncIterator[Client]:
    settings = Settings(index_dir=index_dir, slack_signing_secret=SECRET,
                        slack_bot_token="xoxb-test", slack_api_url=fake.url + "/api/",
                        public_url=PUBLIC)
    async with AsyncTestClient(app=create_app(settings, configure_logs=False)) as c:
        yield c


def signed(body: bytes, *, secret: str = SECRET, ts: int | None = None,
           extra: dict[str, str] | None = None) -> dict[str, str]:
    stamp = str(int(time.time()) if ts is None else ts)
    signature = SignatureVerifier(secret).generate_signature(timestamp=stamp, body=body)
    assert signature is not None
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": signature, **(extra or {})}


def event_body(event: dict[str, Any], event_id: str) -> bytes:
    return json.dumps({"token": "legacy", "team_id": "T1", "api_app_id": "A1",
                       "type": "event_callback", "event_id": event_id,
                       "event_time": int(time.time()), "event": event}).encode()


def mention(text: str, ts: str = "1700000000.000100", **more: Any) -> dict[str, Any]:
    return {"type": "app_mention", "user": "U123", "text": f"<@UBOT> {text}", "ts": ts,
            "channel": "C42", "event_ts": ts, **more}


def command_body(text: str, response_url: str, trigger_id: str | None = None) -> bytes:
    """A slash command's form; every invocation has its own ``trigger_id`` (as in Slack)."""
    return urlencode({"token": "legacy", "team_id": "T1", "channel_id": "C42",
                      "user_id": "U123", "command": "/gpu", "text": text,
                      "response_url": response_url,
                      "trigger_id": trigger_id or f"1.2.{uuid.uuid4().hex}"}).encode()


async def post_event(c: Client, body: bytes, **kw: Any) -> Any:
    return await c.post("/slack/events", content=body,
                        headers={"Content-Type": "application/json", **signed(body, **kw)})


async def post_command(c: Client, body: bytes, **kw: Any) -> Any:
    return await c.post("/slack/commands", content=body,
                        headers={"Content-Type": "application/x-www-form-urlencoded",
                                 **signed(body, **kw)})


async def wait_for(fake: FakeSlack, path: str, count: int = 1,
                   timeout_s: float = 30.0) -> list[Recorded]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        got = fake.answered(path)
        if len(got) >= count:
            return got
        await asyncio.sleep(0.02)
    raise AssertionError(f"fake Slack got {len(fake.answered(path))} posts to {path}, "
                         f"expected {count}")


def blocks_text(blocks: list[dict[str, Any]]) -> str:
    return json.dumps(blocks, ensure_ascii=False)


def is_placeholder(body: dict[str, Any]) -> bool:
    return "Working on it" in body["text"] or "Lucrez la asta" in body["text"]


async def in_thread(fake: FakeSlack, post: Recorded) -> dict[str, Any]:
    """What a post in a thread finally says: itself, or, for a "Working on it…" placeholder,
    the chat.update that replaced it."""
    if not is_placeholder(post.body):
        return post.body
    ts = post.reply["ts"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done = [u for u in fake.answered(UPDATE) if u.body.get("ts") == ts]
        if done:
            return done[-1].body
        await asyncio.sleep(0.02)
    raise AssertionError(f"the placeholder {ts} was never updated")


# ---------------------------------------------------------------------------------------------
# Mounting and verification


async def test_routes_are_404_without_the_secret_and_one_warning(index_dir: Path) -> None:
    with structlog.testing.capture_logs() as logs:
        app = create_app(Settings(index_dir=index_dir), configure_logs=False)
        async with AsyncTestClient(app=app) as c:
            body = b'{"type": "url_verification", "challenge": "x"}'
            for path in ("/slack/events", "/slack/commands"):
                r = await c.post(path, content=body, headers=signed(body))
                assert r.status_code == 404
    warnings = [e for e in logs if e["log_level"] == "warning" and "slack" in e["event"]]
    assert [e["event"] for e in warnings] == ["slack_disabled"]


async def test_url_verification_echoes_the_challenge(slack: Client) -> None:
    body = json.dumps({"token": "legacy", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHk"
                       "vFXO7tYXAYM8P", "type": "url_verification"}).encode()
    r = await post_event(slack, body)
    assert r.status_code == 200
    assert r.json() == {"challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}


async def test_bad_signatures_are_401_and_nothing_happens(slack: Client,
                                                          fake: FakeSlack) -> None:
    await wait_ready(slack)
    body = event_body(mention("how much VRAM for llama 3 8b?"), "EvBAD1")
    tampered = body.replace(b"llama 3 8b", b"llama 3 70b")
    stale = int(time.time()) - 6 * 60
    future = int(time.time()) + 6 * 60
    cases: list[tuple[bytes, dict[str, str]]] = [
        (tampered, signed(body)),                      # body changed after signing
        (body, signed(body, secret="not-the-secret")),  # wrong secret
        (body, signed(body, ts=stale)),                 # correctly signed, 6 min old
        (body, signed(body, ts=future)),                # 6 min in the future
        (body, {}),                                     # no signature at all
        (body, {**signed(body), "X-Slack-Request-Timestamp": "yesterday"}),
    ]
    for content, headers in cases:
        for path in ("/slack/events", "/slack/commands"):
            r = await slack.post(path, content=content, headers=headers)
            assert r.status_code == 401, (path, headers)
            assert r.headers["content-type"].startswith("application/problem+json")
            problem = r.json()
            assert problem["status"] == 401 and problem["request_id"]
    # a correctly signed request still works, and the rejected ones left no trace
    ok = await post_event(slack, body)
    assert ok.status_code == 200
    await wait_for(fake, POST_MESSAGE)
    await asyncio.sleep(0.3)
    assert len(fake.all(POST_MESSAGE)) == 1


# ---------------------------------------------------------------------------------------------
# Events


async def test_romanian_mention_answered_once_in_the_thread(slack: Client,
                                                            fake: FakeSlack) -> None:
    await wait_ready(slack)
    question = "cât VRAM îmi trebuie pentru llama 3 70b la 4 biți?"
    body = event_body(mention(question, ts="1700000000.000100"), "Ev0RO1")
    start = time.perf_counter()
    first = await post_event(slack, body)
    assert first.status_code == 200
    assert time.perf_counter() - start < 1.0
    # Slack retries the same event (it thinks we missed it): acknowledged, not answered again
    retry = await post_event(slack, body, extra={"X-Slack-Retry-Num": "1",
                                                 "X-Slack-Retry-Reason": "http_timeout"})
    assert retry.status_code == 200
    posts = await wait_for(fake, POST_MESSAGE)
    late_retry = await post_event(slack, body, extra={"X-Slack-Retry-Num": "2"})
    assert late_retry.status_code == 200
    await asyncio.sleep(0.5)
    assert len(fake.all(POST_MESSAGE)) == 1

    sent = posts[0]
    assert sent.headers["Authorization"] == "Bearer xoxb-test"
    assert sent.body["channel"] == "C42"
    assert sent.body["thread_ts"] == "1700000000.000100"
    final = await in_thread(fake, sent)
    text, blocks = final["text"], final["blocks"]
    assert "are nevoie de aproximativ" in text and "greutăți" in text
    rendered = blocks_text(blocks)
    # a memory question: the number first, the memory table, no offers it did not ask for
    assert "Greutăți" in rendered and "Încape pe" in rendered and "tok/s" in rendered
    assert "Deschide în aplicația web" in rendered
    assert "GiB" in text.split(". ")[0]
    button = next(b for b in blocks if b["type"] == "actions")["elements"][0]
    assert button["url"].startswith(PUBLIC + "/?q=c%C3%A2t+VRAM")
    sources = [b for b in blocks if b["type"] == "context"
               and "Surse" in b["elements"][0]["text"]]
    assert sources and len(sources[0]["elements"]) >= 2


async def test_direct_messages_answered_bot_messages_ignored(slack: Client,
                                                             fake: FakeSlack) -> None:
    await wait_ready(slack)
    base = {"type": "message", "user": "U123", "channel": "D77", "channel_type": "im",
            "text": "how much VRAM does llama 3.1 8b need at fp8?", "ts": "1700000001.000200"}
    ignored = [
        {**base, "bot_id": "B1", "ts": "1700000001.000300"},               # our own answer
        {**base, "subtype": "message_changed", "ts": "1700000001.000400"},  # an edit
        {**base, "channel_type": "channel", "channel": "C9", "ts": "1700000001.000500"},
        {"type": "reaction_added", "user": "U123", "reaction": "tada"},
    ]
    for i, event in enumerate(ignored):
        assert (await post_event(slack, event_body(event, f"EvIGN{i}"))).status_code == 200
    assert (await post_event(slack, event_body(base, "EvDM1"))).status_code == 200
    posts = await wait_for(fake, POST_MESSAGE)
    await asyncio.sleep(0.5)
    assert len(fake.all(POST_MESSAGE)) == 1
    assert posts[0].body["channel"] == "D77"
    assert posts[0].body["thread_ts"] == "1700000001.000200"
    assert "Llama 3.1 8B" in (await in_thread(fake, posts[0]))["text"]


async def test_a_failed_post_is_retried_with_backoff(slack: Client, fake: FakeSlack) -> None:
    await wait_ready(slack)
    fake.fail_next[POST_MESSAGE] = 2
    body = event_body(mention("help"), "EvRETRY1")
    assert (await post_event(slack, body)).status_code == 200
    await wait_for(fake, POST_MESSAGE, timeout_s=10)
    attempts = fake.all(POST_MESSAGE)
    assert [a.status for a in attempts] == [500, 500, 200]
    assert "/gpu size" in attempts[-1].body["text"]


# ---------------------------------------------------------------------------------------------
# Slash commands


async def command_answer(c: Client, fake: FakeSlack, text: str,
                         hook: str = "/response/T1/abc") -> dict[str, Any]:
    """The full answer to ``/gpu text``: inline when it was ready at once, else what the
    fake response_url received."""
    r = await post_command(c, command_body(text, fake.url + hook))
    assert r.status_code == 200
    body: dict[str, Any] = r.json()
    assert body["response_type"] == "ephemeral"
    if is_placeholder(body):
        return (await wait_for(fake, hook))[-1].body
    return body


async def test_slash_command_acknowledges_fast_and_answers_at_response_url(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    real = slack_api.run_command

    def slow(*args: Any) -> Any:  # the real answer, after a second of extra work
        time.sleep(1.0)
        return real(*args)

    monkeypatch.setattr(slack_api, "run_command", slow)

    def unloaded() -> Any:  # the ack is written with the app's loaded messages
        raise AssertionError("the shipped messages read again (a cold load on the loop)")

    monkeypatch.setattr(slack_render, "shipped_messages", unloaded)
    hook = "/response/T1/slow"
    body = command_body("which GPU should I rent to serve llama 3.1 70b with 16384 tokens "
                        "of context for 8 users under $3000/month?", fake.url + hook)
    start = time.perf_counter()
    r = await post_command(slack, body)
    elapsed = time.perf_counter() - start
    assert r.status_code == 200
    assert elapsed < 0.3, f"slash command took {elapsed:.3f} s"
    ack = r.json()
    assert ack["response_type"] == "ephemeral" and "Working on it" in ack["text"]
    assert fake.all(hook) == []
    sent = (await wait_for(fake, hook))[0].body
    assert sent["response_type"] == "ephemeral"
    assert sent["replace_original"] is True  # the "Working on it…" becomes the answer
    # which GPU to rent: the cheapest match first, with its price and date
    assert sent["text"].startswith("The cheapest match") and "$" in sent["text"]
    rendered = blocks_text(sent["blocks"])
    assert "Top offers" in rendered and "price date: " in rendered
    assert PUBLIC + "/?q=which+GPU" in rendered


async def test_slash_size_recommend_help_and_unknown_model(slack: Client,
                                                           fake: FakeSlack) -> None:
    await wait_ready(slack)
    sized = await command_answer(slack, fake, "size llama 3 70b int4 8k")
    table = blocks_text(sized["blocks"])
    assert "Meta Llama 3 70B" in sized["text"] and "int4" in sized["text"]
    assert "KV cache" in table and "8,192 tokens" in table and "tok/s" in table
    assert f"{PUBLIC}/?model=llama-3-70b&weights=int4&context=8192" in table

    rec = await command_answer(slack, fake, "recommend llama 3.1 8b $2/h", "/response/T1/r")
    rendered = blocks_text(rec["blocks"])
    assert "Top offers" in rendered and "price date: " in rendered and "$2.00/h" in rendered
    prices = [float(p.split("/h")[0]) for p in rendered.split("*$")[1:]]
    assert prices and all(p <= 2.0 for p in prices)
    assert f"{PUBLIC}/?model=llama-3.1-8b" in rendered

    monthly = await command_answer(slack, fake, "recommend llama 3.1 8b 1500/month",
                                   "/response/T1/m")
    assert "$1,500/month" in blocks_text(monthly["blocks"])

    unknown = await command_answer(slack, fake, "size lama 70", "/response/T1/u")
    assert "don't know the model" in unknown["text"]
    assert "`llama-3-70b`" in unknown["text"]

    helped = await command_answer(slack, fake, "help", "/response/T1/h")
    assert "/gpu size" in helped["text"] and "/gpu recommend" in helped["text"]
    ro = await command_answer(slack, fake, "ajutor", "/response/T1/ro")
    assert "întrebare" in ro["text"]


async def test_slash_question_in_romanian(slack: Client, fake: FakeSlack) -> None:
    await wait_ready(slack)
    msg = await command_answer(slack, fake, "cât costă să rulez llama 3.1 8b cu buget de "
                               "500 dolari pe lună?", "/response/T1/q")
    rendered = blocks_text(msg["blocks"])
    assert "Cele mai bune oferte" in rendered and "data prețului: " in rendered
    assert "Deschide în aplicația web" in rendered


# ---------------------------------------------------------------------------------------------
# Replays, retries and malformed requests


def slow_commands(monkeypatch: pytest.MonkeyPatch, delay_s: float = 0.4) -> list[Any]:
    """Make every answer take ``delay_s`` (so it goes to the response_url, where the fake
    counts it) and record each computation."""
    real = slack_api.run_command
    calls: list[Any] = []

    def slow(cmd: Any, data: Any) -> Any:
        calls.append(cmd)
        time.sleep(delay_s)
        return real(cmd, data)

    monkeypatch.setattr(slack_api, "run_command", slow)
    return calls


async def test_a_replayed_slash_command_is_answered_once(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    calls = slow_commands(monkeypatch)
    hook = "/response/T1/replay"
    body = command_body("size llama 3 8b fp8", fake.url + hook)
    headers = {"Content-Type": "application/x-www-form-urlencoded", **signed(body)}
    answers = [await slack.post("/slack/commands", content=body, headers=headers)
               for _ in range(3)]  # the same signed request, three times within the window
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert "Working on it" in answers[0].json()["text"]
    assert [a.content for a in answers[1:]] == [b"", b""]
    await wait_for(fake, hook)
    await asyncio.sleep(0.6)
    assert len(fake.all(hook)) == 1 and len(calls) == 1
    # re-signed later (a new timestamp) it is still the same command: same trigger_id
    again = await post_command(slack, body, ts=int(time.time()) - 60)
    assert again.status_code == 200 and again.content == b""
    await asyncio.sleep(0.6)
    assert len(fake.all(hook)) == 1 and len(calls) == 1


async def test_slash_commands_without_trigger_id_dedupe_on_the_signature(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    calls = slow_commands(monkeypatch)
    hook = "/response/T1/nosig"
    body = urlencode({"team_id": "T1", "user_id": "U123", "command": "/gpu",
                      "text": "help", "response_url": fake.url + hook}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", **signed(body)}
    answers = [await slack.post("/slack/commands", content=body, headers=headers)
               for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert [a.content for a in answers[1:]] == [b"", b""]
    await wait_for(fake, hook)
    # a different signature (another timestamp) is another request from Slack
    other = await post_command(slack, body, ts=int(time.time()) - 30)
    assert other.status_code == 200 and other.content != b""
    await wait_for(fake, hook, count=2)
    await asyncio.sleep(0.6)
    assert len(fake.all(hook)) == 2 and len(calls) == 2


async def test_commands_and_events_do_not_share_dedupe_keys(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    slow_commands(monkeypatch)
    hook = "/response/T1/both"
    # the command's trigger_id is "1.2.3"; an event with that id is still answered
    assert (await post_event(slack, event_body(mention("help"), "1.2.3"))).status_code == 200
    r = await post_command(slack, command_body("help", fake.url + hook, trigger_id="1.2.3"))
    assert r.status_code == 200 and "Working on it" in r.json()["text"]
    await wait_for(fake, POST_MESSAGE)
    await wait_for(fake, hook)
    # an event without an id is keyed on its body's hash; an event whose id is that very
    # hash is another event
    no_id = json.dumps({"type": "event_callback",
                        "event": mention("help", ts="1700000003.000100")}).encode()
    assert (await post_event(slack, no_id)).status_code == 200
    await wait_for(fake, POST_MESSAGE, count=2)
    same = event_body(mention("help", ts="1700000003.000200"),
                      hashlib.sha256(no_id).hexdigest())
    assert (await post_event(slack, same)).status_code == 200
    await wait_for(fake, POST_MESSAGE, count=3)
    await asyncio.sleep(0.6)
    assert len(fake.all(POST_MESSAGE)) == 3 and len(fake.all(hook)) == 1


async def test_an_event_without_event_id_is_answered_once(slack: Client,
                                                          fake: FakeSlack) -> None:
    await wait_ready(slack)
    body = json.dumps({"team_id": "T1", "type": "event_callback",
                       "event": mention("help", ts="1700000002.000100")}).encode()
    assert (await post_event(slack, body)).status_code == 200
    # Slack retries: the same body, re-signed with a later timestamp
    retry = await post_event(slack, body, ts=int(time.time()) + 1,
                             extra={"X-Slack-Retry-Num": "1"})
    assert retry.status_code == 200
    await wait_for(fake, POST_MESSAGE)
    await asyncio.sleep(0.6)
    assert len(fake.all(POST_MESSAGE)) == 1
    # another message without an id is another event
    other = json.dumps({"team_id": "T1", "type": "event_callback",
                        "event": mention("help", ts="1700000002.000200")}).encode()
    assert (await post_event(slack, other)).status_code == 200
    await wait_for(fake, POST_MESSAGE, count=2)
    await asyncio.sleep(0.3)
    assert len(fake.all(POST_MESSAGE)) == 2


async def test_malformed_signature_headers_are_401_never_500(slack: Client,
                                                            fake: FakeSlack) -> None:
    body = event_body(mention("help"), "EvHDR1")
    good = signed(body)
    now = good["X-Slack-Request-Timestamp"]
    timestamps: list[str | bytes] = [
        "1" * 400,                          # OverflowError in the 5-minute check
        "9" * 20, "0", "-" + now, now + ".0", f"{float(now):e}", "+" + now, " ", "0x10",
        "١٧٠٠٠٠٠٠٠٠".encode(),             # Arabic-Indic digits: str.isdigit() says yes
        now.encode() + b"\xff", "²".encode(), now + "\x00",
    ]
    signatures: list[str | bytes] = [
        "", "v0=", "v1=" + good["X-Slack-Signature"][3:], good["X-Slack-Signature"].upper(),
        good["X-Slack-Signature"] + "0", ("v0=" + "é" * 64).encode(), "v0=" + "x" * 10_000,
        # non-ASCII (read as Latin-1): hmac.compare_digest raises on such strings
        good["X-Slack-Signature"][:-1].encode() + "é".encode("latin-1"),
        "é".encode("latin-1") * 67,
    ]
    cases = [{**good, "X-Slack-Request-Timestamp": t} for t in timestamps]
    cases += [{**good, "X-Slack-Signature": s} for s in signatures]
    for headers in cases:
        for path in ("/slack/events", "/slack/commands"):
            r = await slack.post(path, content=body, headers=headers)
            assert r.status_code == 401, (path, headers)
            assert r.headers["content-type"].startswith("application/problem+json")
    await asyncio.sleep(0.3)
    assert fake.requests == []


async def test_malformed_signed_event_bodies_are_400_never_500(slack: Client,
                                                             fake: FakeSlack) -> None:
    await wait_ready(slack)
    deep = b"[" * 1000 + b"]" * 1000
    bodies = [
        deep,
        b'{"type": "event_callback", "event_id": "EvDEEP", "event": {"text": '
        + b'{"a": ' * 1000 + b"1" + b"}" * 1000 + b"}}",
        b"not json", b"", b"[1, 2]", b'"event_callback"', b"null",
        b'{"type": 5}', b'{"event": {}}', b'{"type": ["event_callback"]}',
        b'{"type": "url_verification", "challenge": {"a": 1}}',
        b'{"type": "url_verification"}',
        b'{"type": "event_callback", "event_id": "EvX1", "event": "text"}',
        b'{"type": "event_callback", "event_id": 17, "event": {"type": "app_mention"}}',
        b'{"type": "event_callback", "event_id": ["EvX2"], "event": {}}',
        b'{"type": "event_callback", "event_id": "EvX3"}',
        b'{"type": "event_callback", "event_id": "EvX4", "event": {"type": "app_mention", '
        b'"text": "\\udcff"}}',  # a lone surrogate escape
    ]
    for body in bodies:
        r = await post_event(slack, body)
        assert r.status_code == 400, body[:80]
        assert r.headers["content-type"].startswith("application/problem+json")
        assert r.json()["status"] == 400
    # odd but well-formed: acknowledged, nothing answered
    odd = [
        {"type": "app_rate_limited", "team_id": "T1", "minute_rate_limited": 1},
        {"type": "event_callback", "event_id": "EvODD1",
         "event": {**mention("help"), "channel": ["C1"]}},
        {"type": "event_callback", "event_id": "EvODD2", "event": {**mention("help"),
                                                                    "text": 42}},
        {"type": "event_callback", "event_id": "EvODD3", "event": {"type": None}},
    ]
    for payload in odd:
        assert (await post_event(slack, json.dumps(payload).encode())).status_code == 200
    # an odd thread_ts is not sent to Slack
    weird_ts = {"type": "event_callback", "event_id": "EvODD4",
                "event": {**mention("help"), "ts": {"x": 1}, "thread_ts": 5}}
    assert (await post_event(slack, json.dumps(weird_ts).encode())).status_code == 200
    posts = await wait_for(fake, POST_MESSAGE)
    await asyncio.sleep(0.3)
    assert len(fake.all(POST_MESSAGE)) == 1
    assert "thread_ts" not in posts[0].body or posts[0].body["thread_ts"] is None


async def test_absurd_slash_command_forms_are_answered_politely(slack: Client,
                                                                fake: FakeSlack) -> None:
    await wait_ready(slack)
    hook = "/response/T1/absurd"
    # a huge model name: the answer echoes at most 200 characters of it
    huge = await command_answer(slack, fake, "size " + "q" * 60_000, hook)
    assert "don't know the model" in huge["text"]
    assert "q" * 200 in huge["text"] and "q" * 201 not in huge["text"]
    assert len(json.dumps(huge)) < 4000
    rec = await command_answer(slack, fake, "recommend " + "z" * 60_000, hook + "r")
    assert "z" * 201 not in json.dumps(rec)
    asked = await command_answer(slack, fake, "what is " + "fp8 " * 15_000, hook + "q")
    assert asked["response_type"] == "ephemeral"
    # no fields at all: the help
    r = await post_command(slack, b"")
    assert r.status_code == 200 and "/gpu size" in r.json()["text"]
    # repeated keys: the first one counts
    twice = urlencode([("text", "help"), ("text", "size " + "w" * 500),
                       ("response_url", fake.url + hook + "2")]).encode()
    r = await post_command(slack, twice)
    assert r.status_code == 200 and "/gpu size" in r.json()["text"]
    # percent-encoded bytes that are not UTF-8
    r = await post_command(slack, b"text=size+%FF%FEllama&response_url=" +
                           (fake.url + hook + "3").encode())
    assert r.status_code == 200 and r.json()["response_type"] == "ephemeral"
    # thousands of fields: refused
    many = b"&".join(b"f%d=1" % i for i in range(5000))
    r = await post_command(slack, many)
    assert r.status_code == 400
    assert r.headers["content-type"].startswith("application/problem+json")
    # raw bytes that are not UTF-8 cannot be verified: 401, not 500
    raw = b"text=\xff\xfe&response_url=x"
    stamp = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), b"v0:" + stamp.encode() + b":" + raw,
                           hashlib.sha256).hexdigest()
    r = await slack.post("/slack/commands", content=raw, headers={
        "X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": sig})
    assert r.status_code == 401


# ---------------------------------------------------------------------------------------------
# "Working on it…" replaced by the answer; Slack's control characters escaped


async def test_a_slow_mention_gets_a_placeholder_that_becomes_the_answer(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    slow_commands(monkeypatch, delay_s=0.6)
    monkeypatch.setattr(slack_api, "PLACEHOLDER_AFTER_S", 0.1)
    body = event_body(mention("how much VRAM does llama 3.1 8b need at fp8?",
                              ts="1700000005.000100"), "EvSLOW1")
    assert (await post_event(slack, body)).status_code == 200
    placeholder = (await wait_for(fake, POST_MESSAGE))[0]
    assert is_placeholder(placeholder.body)
    assert placeholder.body["thread_ts"] == "1700000005.000100"
    updated = (await wait_for(fake, UPDATE))[0].body
    assert updated["channel"] == "C42" and updated["ts"] == placeholder.reply["ts"]
    assert not is_placeholder(updated)
    assert "Llama 3.1 8B" in updated["text"] and "GiB" in updated["text"]
    assert updated["blocks"] and "Working on it" not in blocks_text(updated["blocks"])
    await asyncio.sleep(0.3)
    assert len(fake.all(POST_MESSAGE)) == 1 and len(fake.all(UPDATE)) == 1


async def test_a_placeholder_that_cannot_be_updated_is_followed_by_the_answer(
        slack: Client, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch) -> None:
    await wait_ready(slack)
    slow_commands(monkeypatch, delay_s=0.4)
    monkeypatch.setattr(slack_api, "PLACEHOLDER_AFTER_S", 0.05)
    fake.refuse_next[UPDATE] = "message_not_found"  # someone deleted it meanwhile
    assert (await post_event(slack, event_body(mention("help"), "EvSLOW2"))).status_code == 200
    posts = await wait_for(fake, POST_MESSAGE, count=2)
    assert is_placeholder(posts[0].body) and not is_placeholder(posts[1].body)
    assert "/gpu size" in posts[1].body["text"]
    assert posts[1].body["thread_ts"] == posts[0].body["thread_ts"]
    assert len(fake.all(UPDATE)) == 1  # refused, not retried


def assert_escaped(msg: dict[str, Any]) -> None:
    """No raw < or > in any mrkdwn text (fallback, sections, context elements), and every &
    begins &amp; &lt; or &gt;."""
    texts = [msg["text"]] + [b["text"]["text"] for b in msg["blocks"] if b["type"] == "section"]
    texts += [e["text"] for b in msg["blocks"] if b["type"] == "context"
              for e in b["elements"] if e["type"] == "mrkdwn"]
    for text in texts:
        assert "<" not in text and ">" not in text, text
        assert not re.search(r"&(?!amp;|lt;|gt;)", text), text


async def test_help_and_answers_escape_slack_control_characters(slack: Client,
                                                                fake: FakeSlack) -> None:
    await wait_ready(slack)
    helped = await command_answer(slack, fake, "help", "/response/T1/esc-h")
    assert_escaped(helped)
    assert "`/gpu &lt;question&gt;`" in helped["text"]
    assert "/gpu size &lt;model&gt; [precision] [context]" in helped["text"]
    ro = await command_answer(slack, fake, "ajutor", "/response/T1/esc-ro")
    assert_escaped(ro)
    assert "`/gpu &lt;întrebare&gt;`" in ro["text"]

    # what Slack sends for "size <b>lama</b> & co": escaped on the way in, and on the way out
    unknown = await command_answer(slack, fake, "size &lt;b&gt;lama&lt;/b&gt; &amp; co",
                                   "/response/T1/esc-u")
    assert_escaped(unknown)
    assert "*&lt;b&gt;lama&lt;/b&gt; &amp; co*" in unknown["text"]

    # an answer in a thread, the question with & < >
    body = event_body(mention("how much VRAM for llama 3.1 8b &lt;fp8&gt; &amp; 8k context?",
                              ts="1700000006.000100"), "EvESC1")
    assert (await post_event(slack, body)).status_code == 200
    answer = await in_thread(fake, (await wait_for(fake, POST_MESSAGE))[0])
    assert_escaped(answer)
    assert "Llama 3.1 8B" in answer["text"]
